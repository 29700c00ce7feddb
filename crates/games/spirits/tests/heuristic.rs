//! The heuristic the search judges cut-off positions by: one seat's gain is the other's loss,
//! it is the score margin once the game is over, and it predicts the final margin of random
//! play better than the margin now does.

use sylvan_engine::{random_playout_from, random_until, score_margin, Game, GameRng, Seat};
use sylvan_spirits::{Options, Spirits, State};

/// Plays `decisions` random decisions (chance included) from the start.
fn position(game: &Spirits, rng: &mut GameRng, decisions: u64) -> State {
    let mut s = game.initial_state();
    let mut made = 0;
    random_until(game, &mut s, rng, &mut Vec::new(), &mut Vec::new(), |_| {
        made += 1;
        made > decisions
    });
    s
}

#[test]
fn the_heuristic_is_zero_sum_and_the_margin_at_the_end() {
    for set in [
        "First Steps",
        "Coyote's Mischief",
        "Big and Small",
        "random",
    ] {
        let game = Spirits::new(
            2,
            Options {
                set: set.into(),
                ..Options::default()
            },
        )
        .expect("valid options");
        let mut rng = GameRng::seeded(3);
        for decisions in [0, 20, 60, 100, 10_000] {
            let s = position(&game, &mut rng, decisions);
            let (h0, h1) = (game.heuristic(&s, Seat(0)), game.heuristic(&s, Seat(1)));
            assert!((h0 + h1).abs() < 1e-9, "{set}: {h0} and {h1} do not cancel");
            if s.over {
                assert_eq!(h0, score_margin(&game.score(&s), Seat(0)), "{set}");
            }
        }
    }
}

#[test]
fn the_heuristic_predicts_random_play_better_than_the_margin() {
    let game = Spirits::new(2, Options::default()).expect("valid options");
    let mut rng = GameRng::seeded(17);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    // Squared errors against the mean final margin of 16 random continuations.
    let (mut by_heuristic, mut by_margin) = (0.0, 0.0);
    let mut positions = 0;
    for i in 0..240u64 {
        let s = position(&game, &mut rng, 20 + i % 80);
        if s.over {
            continue;
        }
        let mut sum = 0.0;
        for _ in 0..16 {
            let mut t = s.clone();
            random_playout_from(&game, &mut t, &mut rng, &mut actions, &mut outcomes);
            sum += score_margin(&game.score(&t), Seat(0));
        }
        let target = sum / 16.0;
        by_heuristic += (game.heuristic(&s, Seat(0)) - target).powi(2);
        by_margin += (score_margin(&game.score(&s), Seat(0)) - target).powi(2);
        positions += 1;
    }
    assert!(positions > 200, "only {positions} positions");
    assert!(
        by_heuristic < 0.85 * by_margin,
        "heuristic error {by_heuristic:.0}, margin error {by_margin:.0}"
    );
}
