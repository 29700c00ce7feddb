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

/// A plain reference for task completion, written from the rulebook with hexes and vectors:
/// every (task, end) pair whose path follows the task's colours in either direction (or the
/// Starting tile's rule) over unused adjacent Forest sides, where removing the task tile keeps
/// the forest in one piece.
fn reference_completions(
    game: &WhisperingWoods,
    s: &State,
) -> std::collections::BTreeSet<(Hex, Hex)> {
    use sylvan_whispering_woods::{Element, START};
    let forest = &s.players[s.current.index()].forest;
    let colour = |h: Hex| -> Option<Element> {
        let c = forest.get(h)?;
        (!c.task_side()).then(|| game.components().tiles[c.tile as usize].forest)
    };
    let neighbours = |h: Hex| (0..6).filter_map(move |d| h.neighbour(d));
    fn paths(
        at: Hex,
        path: &mut Vec<Hex>,
        ok: &dyn Fn(&[Hex]) -> Option<bool>,
        nb: &dyn Fn(Hex) -> Vec<Hex>,
        out: &mut Vec<Hex>,
    ) {
        for n in nb(at) {
            if path.contains(&n) {
                continue;
            }
            path.push(n);
            match ok(path) {
                Some(true) => out.push(n),
                Some(false) => paths(n, path, ok, nb, out),
                None => {}
            }
            path.pop();
        }
    }
    let nb = |h: Hex| -> Vec<Hex> { neighbours(h).filter(|&n| colour(n).is_some()).collect() };
    let strict = game.options().strict_start_task;
    let mut out = std::collections::BTreeSet::new();
    for c in forest.cells().iter().filter(|c| c.task_side()) {
        // Connected without the task tile?
        let rest: Vec<Hex> = forest
            .cells()
            .iter()
            .map(|x| x.hex)
            .filter(|&h| h != c.hex)
            .collect();
        let mut seen = vec![rest[0]];
        let mut i = 0;
        while i < seen.len() {
            for n in neighbours(seen[i]) {
                if rest.contains(&n) && !seen.contains(&n) {
                    seen.push(n);
                }
            }
            i += 1;
        }
        if seen.len() != rest.len() {
            continue;
        }
        let mut ends = Vec::new();
        if c.tile == START {
            let ok = |p: &[Hex]| -> Option<bool> {
                let cs: Vec<Element> = p[1..]
                    .iter()
                    .map(|&h| colour(h).expect("forest side"))
                    .collect();
                let k = cs.len();
                if (2..=5).contains(&k) {
                    let m = cs[k - 1];
                    if cs[1..k - 1].contains(&m) || (strict && m == cs[0]) {
                        return None;
                    }
                    return Some(false);
                }
                if k == 6 {
                    return if cs[5] == cs[0] { Some(true) } else { None };
                }
                Some(false)
            };
            paths(c.hex, &mut vec![c.hex], &ok, &nb, &mut ends);
        } else {
            let task = game.components().tiles[c.tile as usize].task.to_vec();
            for seq in [task.clone(), task.iter().rev().copied().collect::<Vec<_>>()] {
                let ok = |p: &[Hex]| -> Option<bool> {
                    let k = p.len() - 1;
                    if colour(p[k]) != Some(seq[k - 1]) {
                        None
                    } else {
                        Some(k == seq.len())
                    }
                };
                paths(c.hex, &mut vec![c.hex], &ok, &nb, &mut ends);
            }
        }
        for e in ends {
            out.insert((c.hex, e));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn listed_completions_match_a_plain_reference(
        players in 1usize..=4,
        seed in any::<u64>(),
        steps in 20usize..600,
        strict in any::<bool>(),
    ) {
        let game = WhisperingWoods::new(
            players,
            Options { strict_start_task: strict, ..Options::default() },
        )
        .expect("valid");
        let mut s = game.initial_state();
        let mut rng = GameRng::seeded(seed);
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        let mut compared = 0;
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
                    if s.step == sylvan_whispering_woods::Step::Tasks {
                        let listed: std::collections::BTreeSet<(Hex, Hex)> = actions
                            .iter()
                            .filter_map(|a| match *a {
                                Action::Complete { task, end } => Some((task, end)),
                                _ => None,
                            })
                            .collect();
                        prop_assert_eq!(&listed, &reference_completions(&game, &s));
                        compared += 1;
                    }
                    let a = actions
                        .iter()
                        .copied()
                        .find(|a| matches!(a, Action::Complete { .. }) && rng.below(2) == 0)
                        .unwrap_or(actions[rng.below(actions.len() as u64) as usize]);
                    game.apply_unchecked(&mut s, a);
                }
            }
        }
        prop_assert!(compared > 0 || steps < 40);
    }
}
