//! The heuristic the bots judge cut-off positions by: exactly the score margin once the game is
//! over, finite and within the game's range along random games, and worth more with a flag held.

use sylvan_engine::{random_until, score_margin, Game, GameRng, Seat};
use sylvan_woodwalkers::{Options, Side, Space, State, Step, Woodwalkers};

fn rules(players: usize, side: Side) -> Woodwalkers {
    Woodwalkers::new(
        players,
        Options {
            side,
            ..Options::default()
        },
    )
    .expect("valid options")
}

/// Plays a random game from the start, calling `visit` at every position, the last included.
fn random_game(g: &Woodwalkers, seed: u64, mut visit: impl FnMut(&State)) {
    let mut s = g.initial_state();
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut rng = GameRng::seeded(seed);
    random_until(g, &mut s, &mut rng, &mut actions, &mut outcomes, |p| {
        visit(p);
        false
    });
    visit(&s);
}

#[test]
fn at_the_end_the_heuristic_is_exactly_the_score_margin_flags_included() {
    for players in 2..=4 {
        for side in [Side::Day, Side::Night] {
            let g = rules(players, side);
            for seed in 0..20 {
                let mut last = None;
                random_game(&g, seed, |s| last = Some(s.clone()));
                let s = last.expect("a game has positions");
                assert_eq!(s.step, Step::Over);
                let score = g.score(&s);
                for seat in 0..players {
                    let seat = Seat(seat as u8);
                    assert_eq!(g.heuristic(&s, seat), score_margin(&score, seat));
                }
            }
        }
    }
}

#[test]
fn along_random_games_the_heuristic_is_finite_within_range_and_zero_sum_for_two() {
    // Every point a seat can end with: all flags (96 by the shipped mix) plus generous duels.
    let bound = 400.0;
    for players in 2..=4 {
        for side in [Side::Day, Side::Night] {
            let g = rules(players, side);
            for seed in 100..110 {
                random_game(&g, seed, |s| {
                    let h: Vec<f64> = (0..players)
                        .map(|c| g.heuristic(s, Seat(c as u8)))
                        .collect();
                    for &v in &h {
                        assert!(v.is_finite() && v.abs() < bound, "heuristic {v}");
                    }
                    if players == 2 {
                        assert!((h[0] + h[1]).abs() < 1e-9, "{h:?} not zero-sum");
                    }
                });
            }
        }
    }
}

#[test]
fn a_flag_held_counts_for_part_of_its_value_before_the_end() {
    let g = rules(2, Side::Day);
    let mut s = None;
    // The first position in a random game where seat 0 stands on a flag and it is not over.
    for seed in 0..200 {
        random_game(&g, seed, |p| {
            if s.is_none() && p.step != Step::Over && g.flags(p, 0).0 > 0 && g.flags(p, 1).0 == 0 {
                s = Some(p.clone());
            }
        });
        if s.is_some() {
            break;
        }
    }
    let s = s.expect("some random game puts seat 0 on a flag");
    // The same position with the flags turned back into open spaces.
    let mut bare = s.clone();
    for f in bare.forest.iter_mut() {
        if matches!(f, Space::Flag(_)) {
            *f = Space::Open;
        }
    }
    let held = g.heuristic(&s, Seat(0)) - g.heuristic(&bare, Seat(0));
    let value = f64::from(g.flags(&s, 0).0);
    assert!(
        held > 0.0 && held < value,
        "a held flag worth {value} adds {held}"
    );
}
