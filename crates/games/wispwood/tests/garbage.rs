//! Actions from outside naming things that do not exist leave the game as it was.

use sylvan_engine::{sample_chance, Actor, Game, GameRng};
use sylvan_wispwood::{Action, Options, Wispwood};

#[test]
fn taking_a_wisp_from_a_space_off_the_pond_changes_nothing_and_panics_nowhere() {
    let game = Wispwood::new(2, Options::default()).expect("valid");
    let mut s = game.initial_state();
    let mut rng = GameRng::seeded(3);
    while game.actor(&s) == Actor::Chance {
        let a = sample_chance(&game, &s, &mut rng);
        game.apply(&mut s, a).expect("a listed outcome");
    }
    for a in [
        Action::TakeWisp(255),
        Action::CatTakeWisp(8),
        Action::TakeWisp(200),
    ] {
        let before = s.clone();
        assert!(game.apply(&mut s, a).is_err(), "{a:?}");
        game.apply_unchecked(&mut s, a);
        assert_eq!(s, before, "{a:?}");
        let mut legal = Vec::new();
        game.legal_actions(&s, &mut legal);
        assert!(!legal.is_empty());
    }
}

/// "If you ever run out, flip the discarded wisps over, mix up the tiles, and make new stacks":
/// everyone saw those wisps, so the tiles dealt from the new stacks are among them, never one of
/// the face-down trees in the forests.
#[test]
fn after_the_discards_are_reshuffled_deals_come_from_them() {
    use sylvan_wispwood::{Phase, Wisp};
    let game = Wispwood::new(4, Options::default()).expect("valid");
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut checked = 0;
    for seed in 0..40 {
        let mut s = game.initial_state();
        let mut rng = GameRng::seeded(seed);
        loop {
            let a = match game.actor(&s) {
                Actor::Nobody => break,
                Actor::Chance => {
                    game.chance_outcomes(&s, &mut outcomes);
                    if matches!(s.phase, Phase::Deal { .. }) && s.known.iter().any(|&n| n > 0) {
                        // Only the reshuffled faces, weighted by how many of each are left.
                        for (a, w) in &outcomes {
                            let Action::Reveal(wisp) = a else {
                                panic!("a deal reveals a wisp: {a:?}")
                            };
                            assert_eq!(*w, s.known[wisp.index()] as u32);
                        }
                        let total: u32 = outcomes.iter().map(|(_, w)| w).sum();
                        assert_eq!(total, s.known.iter().map(|&n| n as u32).sum::<u32>());
                        assert!(Wisp::ALL.len() >= outcomes.len());
                        checked += 1;
                    }
                    rng.pick_weighted(&outcomes)
                }
                Actor::Seat(_) => {
                    game.legal_actions(&s, &mut actions);
                    actions[rng.below(actions.len() as u64) as usize]
                }
            };
            game.apply(&mut s, a).expect("listed");
            game.check_invariants(&s).expect("invariants");
        }
    }
    assert!(checked > 0, "no reshuffle reached in 40 four-player games");
}
