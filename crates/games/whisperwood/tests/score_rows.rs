//! The end-of-game breakdown (L617–629) adds up: its rows sum to each seat's total, the VP stars
//! row includes the setup's 10, and corruption is a penalty row with a minus sign.

use sylvan_engine::{Game, GameRng, Seat};
use sylvan_whisperwood::{Options, Phase, Spell, Whisperwood, CATEGORIES, FLOOR_ROW};

/// L621 "VP Stars: These are the points you earned during the game" (10 from the setup, R38);
/// L628 "Corruption: Subtract 2 VP for each corruption on your player board". A breakdown
/// reading "VP stars 12" beside a total of 8 is right when corruption subtracts more than the
/// other rows add: the rows say so and sum to the total, over random games of 2–4 players in
/// both setups.
#[test]
fn breakdown_rows_sum_to_the_total_for_every_seat() {
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let (mut seats, mut stars_above_total) = (0u32, 0u32);
    for subsequent_game in [false, true] {
        for players in 2..=4usize {
            let options = Options {
                subsequent_game,
                ..Options::default()
            };
            let g = Whisperwood::new(players, options).expect("valid");
            for seed in 0..4u64 {
                let mut s = g.initial_state();
                let mut rng = GameRng::seeded(seed * 11 + players as u64);
                sylvan_engine::random_playout_from(
                    &g,
                    &mut s,
                    &mut rng,
                    &mut actions,
                    &mut outcomes,
                );
                let score = g.score(&s);
                assert!(score.over);
                for p in 0..players {
                    seats += 1;
                    let rows = &score.breakdown[p];
                    let sum: i32 = rows.iter().map(|(_, v)| v).sum();
                    assert_eq!(sum, score.totals[p], "{} rows {rows:?}", Seat(p as u8));
                    for (name, v) in rows {
                        if name.contains("corruption") {
                            assert!(*v <= 0, "a penalty: {name} {v}");
                            assert!(name.contains("−2 VP each"), "{name}");
                        } else {
                            assert!(*v >= 0, "{name} {v}");
                        }
                    }
                    let stars = rows[0].1;
                    assert!(rows[0].0.starts_with("VP stars"));
                    if stars > score.totals[p] {
                        stars_above_total += 1;
                        let negative: i32 = rows.iter().map(|(_, v)| v).filter(|v| **v < 0).sum();
                        assert!(
                            negative < 0,
                            "only a penalty row takes points away: {rows:?}"
                        );
                    }
                }
            }
        }
    }
    assert_eq!(seats, 2 * 4 * (2 + 3 + 4));
    eprintln!("{stars_above_total} of {seats} seats ended with more VP stars than points");
}

/// R38: "The final total is floored at 0": a seat whose rows sum below 0 gets a row that
/// raises it to 0, so the rows still add up.
#[test]
fn a_negative_sum_gets_the_floor_row() {
    assert_eq!(CATEGORIES.len(), 10);
    let g = Whisperwood::new(2, Options::default()).expect("valid");
    // The first Prepare: no restorations placed yet, so little but the stars can score.
    let mut s = sylvan_engine::suite::random_state_where(&g, 5, |s| s.phase == Phase::Prepare);
    // Strip seat 0 of its stars and corrupt every spell: the categories sum below 0.
    s.players[0].vp = 0;
    s.players[0].corrupted = (1u16 << Spell::NUM) - 1;
    let sum: i32 = g.breakdown(&s, 0).iter().sum();
    assert!(sum < 0, "{:?}", g.breakdown(&s, 0));
    let score = g.score(&s);
    assert_eq!(score.totals[0], 0);
    let last = score.breakdown[0].last().expect("rows");
    assert_eq!((last.0.as_ref(), last.1), (FLOOR_ROW, -sum));
    assert!(score.breakdown[1].iter().all(|(n, _)| n != FLOOR_ROW));
    let rows: i32 = score.breakdown[0].iter().map(|(_, v)| v).sum();
    assert_eq!(rows, score.totals[0]);
}
