//! Properties over random positions: `check` agrees with the legal list for arbitrary actions,
//! a refused action changes nothing, `apply_unchecked` never panics on garbage, and every
//! reachable state keeps its invariants.

use proptest::prelude::*;
use sylvan_engine::{Actor, Game, GameRng, Seat};
use sylvan_whispering_woods::{Action, Hex, Options, State, WhisperingWoods};

fn arb_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0u8..4).prop_map(|s| Action::Bear(Seat(s))),
        (0u8..100).prop_map(Action::Draw),
        (0u8..6).prop_map(Action::StartAnimal),
        Just(Action::Refresh),
        Just(Action::KeepDisplay),
        (0u8..100).prop_map(Action::TakeForest),
        (0u8..100).prop_map(Action::TakeTask),
        (-4i8..5, -4i8..5).prop_map(|(q, r)| Action::Place(Hex::new(q, r))),
        (0u8..6).prop_map(Action::Animal),
        (-3i8..4, -3i8..4, -3i8..4, -3i8..4).prop_map(|(a, b, c, d)| Action::Complete {
            task: Hex::new(a, b),
            end: Hex::new(c, d)
        }),
        Just(Action::EndTurn),
        (any::<i8>(), any::<i8>()).prop_map(|(q, r)| Action::Place(Hex::new(q, r))),
    ]
}

/// A random position after `steps` random decisions (preferring task completions half the
/// time so that rich forests come up).
fn position(players: usize, seed: u64, steps: usize) -> (WhisperingWoods, State) {
    let game = WhisperingWoods::new(
        players,
        Options {
            level: (seed % 6) as u8 + 1,
            ..Options::default()
        },
    )
    .expect("valid");
    let mut s = game.initial_state();
    let mut rng = GameRng::seeded(seed);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..steps {
        match game.actor(&s) {
            Actor::Nobody => break,
            Actor::Chance => {
                game.chance_outcomes(&s, &mut outcomes);
                let a = rng.pick_weighted(&outcomes);
                game.apply_unchecked(&mut s, a);
            }
            Actor::Seat(_) => {
                game.legal_actions(&s, &mut actions);
                let complete = actions
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Complete { .. }));
                let a = match complete {
                    Some(c) if rng.below(2) == 0 => c,
                    _ => actions[rng.below(actions.len() as u64) as usize],
                };
                game.apply_unchecked(&mut s, a);
            }
        }
    }
    (game, s)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn check_agrees_with_the_legal_list(
        players in 1usize..=4,
        seed in any::<u64>(),
        steps in 0usize..400,
        actions in proptest::collection::vec(arb_action(), 1..24),
    ) {
        let (game, s) = position(players, seed, steps);
        game.check_invariants(&s).map_err(TestCaseError::fail)?;
        let mut legal = Vec::new();
        game.legal_actions(&s, &mut legal);
        let mut outcomes = Vec::new();
        game.chance_outcomes(&s, &mut outcomes);
        legal.extend(outcomes.iter().map(|&(a, _)| a));
        for a in actions.into_iter().chain(legal.iter().copied()) {
            let listed = legal.contains(&a);
            let mut copy = s.clone();
            match game.apply(&mut copy, a) {
                Ok(()) => {
                    prop_assert!(listed, "unlisted {a} accepted");
                    game.check_invariants(&copy).map_err(TestCaseError::fail)?;
                }
                Err(e) => {
                    prop_assert!(!listed, "listed {a} refused: {e}");
                    prop_assert_eq!(&copy, &s, "refusing {} changed the state", a);
                    prop_assert!(!e.to_string().is_empty());
                }
            }
        }
    }

    #[test]
    fn apply_unchecked_never_panics_on_garbage(
        players in 1usize..=4,
        seed in any::<u64>(),
        steps in 0usize..300,
        actions in proptest::collection::vec(arb_action(), 1..40),
    ) {
        let (game, mut s) = position(players, seed, steps);
        for a in actions {
            game.apply_unchecked(&mut s, a);
            let _ = game.score(&s);
            let _ = game.actor(&s);
        }
    }
}
