//! How well the heuristic predicts the final margin of random continuations.
//!
//! Samples positions from random games, plays each `K` times to the end at random, and prints
//! one CSV line per position: the mean final margin for seat 0 (the target), the margin now,
//! the heuristic now (seat 0's view), then candidate features (seat 0 minus seat 1) for fitting.
//! `cargo run --release -p sylvan-spirits --example spirits_fit -- POSITIONS K SEED [SET]`

use sylvan_engine::{random_playout_from, random_until, Game, GameRng, Seat};
use sylvan_spirits::components::Scoring;
use sylvan_spirits::{Options, Spirits, State};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let positions: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let k: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(32);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let set = args.get(4).cloned().unwrap_or_else(|| "First Steps".into());
    let game = Spirits::new(
        2,
        Options {
            set,
            ..Options::default()
        },
    )
    .expect("valid options");
    let mut rng = GameRng::seeded(seed);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    println!("target,margin,heuristic,{}", FEATURES.join(","));
    for _ in 0..positions {
        // A whole game's length first, then a point in it chosen uniformly.
        let mut probe = game.initial_state();
        let len = random_playout_from(&game, &mut probe, &mut rng, &mut actions, &mut outcomes);
        let stop = rng.below(len.max(1));
        let mut s = game.initial_state();
        let mut made = 0;
        random_until(&game, &mut s, &mut rng, &mut actions, &mut outcomes, |_| {
            made += 1;
            made > stop
        });
        if s.over {
            continue;
        }
        let mut sum = 0.0;
        for _ in 0..k {
            let mut t = s.clone();
            random_playout_from(&game, &mut t, &mut rng, &mut actions, &mut outcomes);
            sum += sylvan_engine::score_margin(&game.score(&t), Seat(0));
        }
        let margin = sylvan_engine::score_margin(&game.score(&s), Seat(0));
        let h = game.heuristic(&s, Seat(0));
        let f0 = features(&game, &s, Seat(0));
        let f1 = features(&game, &s, Seat(1));
        let diff: Vec<String> = f0
            .iter()
            .zip(&f1)
            .map(|(a, b)| format!("{:.4}", a - b))
            .collect();
        println!("{:.4},{margin},{h:.4},{}", sum / k as f64, diff.join(","));
    }
}

const NF: usize = 22;
const FEATURES: [&str; NF] = [
    "points",
    "partial",
    "track_next",
    "free",
    "open_boards",
    "blocked_free",
    "hand",
    "spirit_boards",
    "open_points",
    "to_move",
    "face_down",
    "remaining_x_free",
    "miss1",
    "miss2",
    "dead",
    "bonus_partial",
    "rem_open",
    "rem_track",
    "rem_partial",
    "rem",
    "open_sets_pts",
    "rem_open_sets_pts",
];

/// Candidate features of `seat`'s position (the fitted ones are in `Spirits::outlook`).
fn features(game: &Spirits, s: &State, seat: Seat) -> [f64; NF] {
    let w = seat.index();
    let mut f = [0.0; NF];
    let in_box = game.components().stones[sylvan_spirits::Colour::Spirit.index()];
    let remaining = 5.0 - f64::from(s.spirits_out(in_box)).min(5.0);
    for (b, &animal) in s.animals.iter().enumerate() {
        let board = &s.boards[w][b];
        let layout = game.components().layout(animal);
        let pts = f64::from(game.board_points(s, seat, b));
        f[0] += pts;
        let n = layout.spaces as usize;
        let filled = board.spaces[..n].iter().flatten().count();
        let free = if board.spirit { 0 } else { n - filled };
        let blocked = s.coyote == Some((seat, b as u8));
        f[3] += free as f64;
        if free > 0 {
            f[4] += 1.0;
            f[8] += pts;
        }
        if blocked {
            f[5] += free as f64;
        }
        if board.spirit {
            f[7] += 1.0;
        }
        match &layout.scoring {
            Scoring::Sets {
                points, all_bonus, ..
            } => {
                let mut done_all = true;
                let mut any = false;
                for (i, &p) in points.iter().enumerate() {
                    let st = layout.sets[i];
                    let sp = &board.spaces[st.start as usize..(st.start + st.size) as usize];
                    let k = sp.iter().flatten().count();
                    let d = if board.spirit { 2.0 } else { 1.0 };
                    if k < sp.len() {
                        done_all = false;
                        if !board.spirit {
                            f[20] += f64::from(p);
                        }
                    }
                    if k > 0 {
                        any = true;
                    }
                    if k > 0 && k < sp.len() {
                        f[1] += d * f64::from(p) * k as f64 / sp.len() as f64;
                        let missing = sp.len() - k;
                        if missing == 1 {
                            f[12] += d * f64::from(p);
                        } else {
                            f[13] += d * f64::from(p);
                        }
                        if st.rule == sylvan_spirits::ColourRule::Same {
                            if let Some(c) = sp.iter().flatten().next() {
                                let avail = s.bag.get(*c) + s.bowl.get(*c);
                                if (avail as usize) < missing {
                                    f[14] += d * f64::from(p);
                                }
                            }
                        }
                    }
                }
                if any && !done_all {
                    f[15] += f64::from(*all_bonus);
                }
            }
            Scoring::Track(track) if free > 0 => {
                let prev = if filled == 0 { 0 } else { track[filled - 1] };
                f[2] += f64::from(track[filled] - prev);
            }
            _ => {}
        }
    }
    f[6] = f64::from(s.hands[w].total());
    f[9] = if s.current == seat { 1.0 } else { 0.0 };
    f[10] = f64::from(s.face_down[w].count_ones());
    f[11] = remaining * f[3];
    f[16] = remaining * f[4];
    f[17] = remaining * f[2];
    f[18] = remaining * f[1];
    f[19] = remaining;
    f[21] = remaining * f[20];
    f
}
