//! Issue 11, point 7: for two players a decision's text screen fits 100 columns and leaves
//! room for the decision within 40 rows, in both setups.

use sylvan_engine::{random_until, Actor, Game, GameRng, Viewer};
use sylvan_whisperwood::{Options, Whisperwood};

/// The columns of a screen.
const WIDTH: usize = 100;
/// The rows of a screen.
const ROWS: usize = 40;
/// The rows the position may take: the rest hold "Player 1 to decide:", the listed actions
/// (grouped by `play` when many) and the prompt.
const POSITION_ROWS: usize = 29;
// At least 9 rows stay for the decision: its heading, the actions and the prompt.
const _: () = assert!(POSITION_ROWS + 11 <= ROWS);

fn screens(options: Options, seeds: std::ops::Range<u64>, every: u64) -> Vec<(String, usize)> {
    let g = Whisperwood::new(2, options).expect("valid");
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut out = Vec::new();
    for seed in seeds {
        let mut rng = GameRng::seeded(seed);
        let mut s = g.initial_state();
        let mut n = 0u64;
        let mut legal = Vec::new();
        random_until(&g, &mut s, &mut rng, &mut actions, &mut outcomes, |s| {
            if let Actor::Seat(seat) = g.actor(s) {
                g.legal_actions(s, &mut legal);
                n += 1;
                if legal.len() > 1 && n.is_multiple_of(every) {
                    let text = g.text(&g.view(s, Viewer::Seat(seat)));
                    out.push((text, legal.len()));
                }
            }
            false
        });
    }
    out
}

fn check(options: Options) {
    let all = screens(options, 0..12, 1);
    assert!(all.len() > 1_000, "{}", all.len());
    let (mut tallest, mut widest, mut over) = (0, 0, 0);
    let mut example = String::new();
    for (text, _) in &all {
        let rows = text.lines().count();
        let cols = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
        widest = widest.max(cols);
        assert!(cols <= WIDTH, "a line of {cols} columns:\n{text}");
        if rows > POSITION_ROWS {
            over += 1;
        }
        if rows > tallest {
            tallest = rows;
            example = text.clone();
        }
    }
    eprintln!(
        "{} screens, tallest {tallest} rows, widest {widest} columns, {over} over {POSITION_ROWS}",
        all.len()
    );
    assert_eq!(over, 0, "the tallest:\n{example}");
}

#[test]
fn first_game_screens_fit_100_columns_and_leave_room_for_the_decision() {
    check(Options::default());
}

#[test]
fn subsequent_game_screens_fit_100_columns_and_leave_room_for_the_decision() {
    check(Options {
        subsequent_game: true,
        ..Options::default()
    });
}

/// A few screens to read in full: `cargo test -p sylvan-whisperwood --test screen -- --nocapture`.
#[test]
fn print_some_screens() {
    for (options, seed) in [
        (Options::default(), 3),
        (
            Options {
                subsequent_game: true,
                ..Options::default()
            },
            4,
        ),
    ] {
        let all = screens(options, seed..seed + 1, 1);
        for i in [all.len() / 20, all.len() / 3, all.len() * 3 / 4] {
            let (text, n) = &all[i];
            println!("---- {} rows, {n} actions\n{text}", text.lines().count());
        }
    }
}

/// Issue 11, point 6: the heading is worded for its viewer.
#[test]
fn the_heading_says_your_turn_to_the_seat_deciding_and_names_it_to_the_others() {
    let g = Whisperwood::new(2, Options::default()).expect("valid");
    let mut checked = 0;
    sylvan_engine::walk_games(
        std::slice::from_ref(&g),
        3,
        11,
        |d| {
            let first = |v: Viewer| {
                let text = d.game.text(&d.game.view(d.state, v));
                text.lines().next().unwrap_or_default().to_string()
            };
            let mine = first(Viewer::Seat(d.seat));
            assert!(mine.contains(", your turn to decide: "), "{mine}");
            let other = sylvan_engine::Seat(1 - d.seat.0);
            let theirs = first(Viewer::Seat(other));
            assert!(
                theirs.contains(&format!(", {} to decide: ", d.seat)),
                "{theirs}"
            );
            let spectator = first(Viewer::Spectator);
            assert!(!spectator.contains("your turn"), "{spectator}");
            checked += 1;
            None
        },
        |_| {},
    );
    assert!(checked > 100, "{checked}");
}
