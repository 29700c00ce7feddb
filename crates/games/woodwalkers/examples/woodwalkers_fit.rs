//! How well a position's features foretell the final margin of random play, and the least-
//! squares weights that make `Woodwalkers::heuristic`.
//!
//! Games are played by a short margin search (`mcts:ITERATIONS:margin`, or random play with
//! 0); at about one seat decision in six a copy is cut off 40 random decisions later, as the
//! search's rollouts are, and that cut-off is played to the end `K` times at random. The
//! target is seat 0's mean final margin. The features are each seat's own minus its rival's.
//! The last quarter of the games is held out: the example prints the share of the target's
//! variance explained there by the score margin alone, by the game's heuristic and by the fit
//! of all candidate features (or of the subset named), the fitted weights, and then, by stage
//! of the game, how closely the target follows the score margin and the score if the game
//! ended now (over all positions).
//!
//! `cargo run --release -p sylvan-woodwalkers --example woodwalkers_fit -- GAMES K ITERATIONS SIDE SEED [FEATURES] [TARGET]`
//! (SIDE `day` or `night`; FEATURES a comma-separated list of feature numbers to fit, or
//! `all`; TARGET `game` fits the searched game's own final margin at its own positions
//! instead of random continuations from cut-offs).

use sylvan_bots::{decide, BotSpec, Observation};
use sylvan_engine::fit::{correlation, explained, least_squares, predict};
use sylvan_engine::{random_playout_from, random_until, score_margin, Actor, Game, GameRng, Seat};
use sylvan_woodwalkers::components::expand;
use sylvan_woodwalkers::{Animal, Category, ForestTile, Options, Side, Space, State, Woodwalkers};

/// Names of the candidate features of one seat.
const NAMES: [&str; NF] = [
    "points",
    "flags held",
    "flags held n",
    "medicine",
    "die tiles",
    "wounds",
    "animals out",
    "free flags in reach",
    "held flags in reach",
    "face-down in reach",
    "best flag in reach",
    "to move",
    "guard of flags",
    "animals out of start",
    "left x flags held",
    "left x free flags reach",
    "left x held flags reach",
    "left x face-down reach",
    "left x medicine",
    "left x die tiles",
    "left x wounds",
    "left x out of start",
    "left x guard",
    "left",
];
const NF: usize = 24;

/// The share of the game still to play: battle mode tiles not yet chosen, of 20.
fn left(g: &Woodwalkers, s: &State) -> f64 {
    let total: u8 = g.components().modes.iter().sum();
    let not_chosen: u8 = s.stack.iter().sum::<u8>() + s.modes_up.iter().sum::<u8>();
    f64::from(not_chosen) / f64::from(total.max(1))
}

/// The candidate features of `colour`'s position.
fn features(g: &Woodwalkers, s: &State, colour: usize) -> [f64; NF] {
    let c = g.components();
    let players = g.players();
    let mut occupied = 0u128;
    for k in 0..players {
        occupied |= s.occupied_by(k);
    }
    let own = s.occupied_by(colour);
    let rivals = c.interior & occupied & !own;
    // Face-up flags and face-down tiles as masks, and each flag's value by cell.
    let mut flag_value = [0u8; 128];
    let (mut flags, mut face_down) = (0u128, 0u128);
    for (i, &cell) in c.forest.iter().enumerate() {
        match s.forest[i] {
            Space::Flag(v) => {
                flags |= cell.bit();
                flag_value[cell.0 as usize] = v;
            }
            Space::FaceDown => face_down |= cell.bit(),
            Space::Open => {}
        }
    }
    // The mean flag value a face-down tile hides.
    let mix = c.mix(g.options().side);
    let (mut tiles, mut flag_sum) = (0.0, 0.0);
    for (k, &tile) in mix.kinds.iter().enumerate() {
        let n = f64::from(s.mix[k]);
        tiles += n;
        if let ForestTile::Flag(v) = tile {
            flag_sum += n * f64::from(v);
        }
    }
    let hidden_flag = if tiles > 0.0 { flag_sum / tiles } else { 0.0 };
    let mut f = [0.0; NF];
    f[0] = f64::from(s.board_points(colour));
    for a in Animal::ALL {
        let cell = s.pos[colour][a.index()];
        if !cell.on_grid() || s.is_removed(colour, a) {
            continue;
        }
        if cell.bit() & c.interior != 0 {
            f[13] += 1.0;
        }
        if cell.bit() & flags != 0 {
            let v = f64::from(flag_value[cell.0 as usize]);
            f[1] += v;
            f[2] += 1.0;
            let mean = Category::ALL
                .iter()
                .map(|&k| f64::from(c.value(a, k)))
                .sum::<f64>()
                / 4.0;
            f[12] += v * (mean - f64::from(s.wounds[colour][a.index()]) - 4.0);
        }
    }
    f[3] = f64::from(s.medicine[colour]);
    f[4] = f64::from(s.die_tiles[colour]);
    f[5] = f64::from(s.total_wounds(colour));
    f[6] = f64::from(s.removed[colour].count_ones());
    // Reach of one move from all own animals at once, layer by layer, each layer weighted by
    // the chance that the die shows at least that many.
    let own_start = c.start_mask[colour];
    let interior_free = c.interior & !occupied;
    let start_free = own_start & !occupied;
    let mut in_start = own & own_start;
    let mut inside = own & c.interior;
    let mut seen = in_start | inside;
    let faces = f64::from(c.die_faces);
    let mut best: f64 = 0.0;
    for k in 1..=c.die_faces {
        let p = (faces - f64::from(k) + 1.0) / faces;
        let around = expand(in_start | inside);
        let fresh = around & (interior_free | rivals) & !seen;
        seen |= fresh;
        let mut m = fresh & flags;
        while m != 0 {
            let cell = m.trailing_zeros() as usize;
            m &= m - 1;
            let v = f64::from(flag_value[cell]);
            if rivals & (1u128 << cell) != 0 {
                f[8] += p * v;
                best = best.max(0.5 * p * v);
            } else {
                f[7] += p * v;
                best = best.max(p * v);
            }
        }
        f[9] += p * f64::from((fresh & face_down).count_ones()) * hidden_flag;
        in_start |= expand(in_start) & start_free;
        inside |= around & interior_free;
    }
    f[10] = best;
    f[11] = if s.current.index() == colour {
        1.0
    } else {
        0.0
    };
    let l = left(g, s);
    f[14] = l * f[1];
    f[15] = l * f[7];
    f[16] = l * f[8];
    f[17] = l * f[9];
    f[18] = l * f[3];
    f[19] = l * f[4];
    f[20] = l * f[5];
    f[21] = l * f[13];
    f[22] = l * f[12];
    f[23] = l;
    f
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let games = num(0, 200);
    let k = num(1, 16);
    let iterations = num(2, 200);
    let side = match args.get(3).map(String::as_str) {
        Some("night") => Side::Night,
        _ => Side::Day,
    };
    let seed = num(4, 7);
    let chosen: Vec<usize> = match args.get(5).filter(|a| a.as_str() != "all") {
        Some(list) => list.split(',').filter_map(|x| x.parse().ok()).collect(),
        None => (0..NF).collect(),
    };
    // `game`: the target is the final margin of the searched game itself, at its own positions.
    let game_target = args.get(6).map(String::as_str) == Some("game");
    let g = Woodwalkers::new(
        2,
        Options {
            side,
            ..Options::default()
        },
    )
    .expect("two players");
    let spec: BotSpec = if iterations == 0 {
        "random".parse().expect("a bot")
    } else {
        format!("mcts:{iterations}:margin").parse().expect("a bot")
    };
    let (mut buf, mut out) = (Vec::new(), Vec::new());
    let mut rng = GameRng::seeded(seed);
    let held_out_from = games - games / 4;
    // (features, target, margin, heuristic, held out)
    let mut rows: Vec<(Vec<f64>, f64, f64, f64, bool)> = Vec::new();
    // Per row: the share of the game played and seat 0's flags held minus seat 1's.
    let mut stages: Vec<(f64, f64)> = Vec::new();
    for game in 0..games {
        let mut s = g.initial_state();
        let mut n = 0u64;
        let first_row = rows.len();
        loop {
            match g.actor(&s) {
                Actor::Nobody => {
                    if game_target {
                        let last = score_margin(&g.score(&s), Seat(0));
                        for r in &mut rows[first_row..] {
                            r.1 = last;
                        }
                    }
                    break;
                }
                Actor::Chance => {
                    g.chance_outcomes(&s, &mut out);
                    let a = rng.pick_weighted(&out);
                    g.apply_unchecked(&mut s, a);
                }
                Actor::Seat(seat) => {
                    n += 1;
                    if game_target && rng.below(6) == 0 {
                        let (f0, f1) = (features(&g, &s, 0), features(&g, &s, 1));
                        let row = chosen.iter().map(|&i| f0[i] - f1[i]).collect();
                        stages.push((1.0 - left(&g, &s), f0[1] - f1[1]));
                        rows.push((
                            row,
                            0.0,
                            score_margin(&g.score(&s), Seat(0)),
                            g.heuristic(&s, Seat(0)),
                            game >= held_out_from,
                        ));
                    } else if !game_target && rng.below(6) == 0 {
                        let mut c = s.clone();
                        // 40 random decisions, as the search's rollouts are cut off.
                        let mut made = 0;
                        random_until(&g, &mut c, &mut rng, &mut buf, &mut out, |_| {
                            made += 1;
                            made > 40
                        });
                        if g.actor(&c) != Actor::Nobody {
                            let mut total = 0.0;
                            for _ in 0..k {
                                let mut e = c.clone();
                                random_playout_from(&g, &mut e, &mut rng, &mut buf, &mut out);
                                total += score_margin(&g.score(&e), Seat(0));
                            }
                            let (f0, f1) = (features(&g, &c, 0), features(&g, &c, 1));
                            let row = chosen.iter().map(|&i| f0[i] - f1[i]).collect();
                            stages.push((1.0 - left(&g, &c), f0[1] - f1[1]));
                            rows.push((
                                row,
                                total / k as f64,
                                score_margin(&g.score(&c), Seat(0)),
                                g.heuristic(&c, Seat(0)),
                                game >= held_out_from,
                            ));
                        }
                    }
                    let seen = Observation::new(&g, &s, seat, seed ^ (game * 1000 + n));
                    let choice =
                        decide(&g, &seen, &spec, seed ^ (game * 1000 + n)).expect("a decision");
                    g.apply_unchecked(&mut s, choice.action);
                }
            }
        }
    }
    // How much the position says about the end at each stage: the correlation of the target
    // with the score margin, and with the margin plus the flags held (what the score would be
    // if the game ended now), over all positions of that stage.
    let mut by_stage = String::from(
        "by stage (share of the battle mode tiles chosen): positions, correlation of the target with the margin, with margin + flags held\n",
    );
    for (from, to) in [(0.0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.01)] {
        let at: Vec<usize> = (0..rows.len())
            .filter(|&i| (from..to).contains(&stages[i].0))
            .collect();
        let target: Vec<f64> = at.iter().map(|&i| rows[i].1).collect();
        let margin: Vec<f64> = at.iter().map(|&i| rows[i].2).collect();
        let if_ended: Vec<f64> = at.iter().map(|&i| rows[i].2 + stages[i].1).collect();
        by_stage += &format!(
            "  {from:.2}-{:.2}  {:>6}  {:+.3}  {:+.3}\n",
            to.min(1.0),
            at.len(),
            correlation(&margin, &target),
            correlation(&if_ended, &target)
        );
    }
    let (train, test): (Vec<_>, Vec<_>) = rows.into_iter().partition(|r| !r.4);
    let xs: Vec<Vec<f64>> = train.iter().map(|r| r.0.clone()).collect();
    let ys: Vec<f64> = train.iter().map(|r| r.1).collect();
    let w = least_squares(&xs, &ys);
    let tx: Vec<Vec<f64>> = test.iter().map(|r| r.0.clone()).collect();
    let ty: Vec<f64> = test.iter().map(|r| r.1).collect();
    let margin: Vec<f64> = test.iter().map(|r| r.2).collect();
    let heuristic: Vec<f64> = test.iter().map(|r| r.3).collect();
    println!(
        "{side:?}, {games} games by {iterations}-iteration margin search (0: random), K = {k}, seed {seed}: {} positions fitted, {} held out; \
         mean |final margin| {:.2}",
        ys.len(),
        ty.len(),
        ty.iter().map(|y| y.abs()).sum::<f64>() / ty.len().max(1) as f64
    );
    println!("variance explained on held-out positions:");
    println!("  score margin  {:.3}", explained(&margin, &ty));
    println!("  heuristic     {:.3}", explained(&heuristic, &ty));
    println!("  fit           {:.3}", explained(&predict(&tx, &w), &ty));
    println!(
        "  (on the fitted positions: {:.3})",
        explained(&predict(&xs, &w), &ys)
    );
    for (&i, w) in chosen.iter().zip(&w) {
        println!("  {i:>2} {:<24} {w:+.4}", NAMES[i]);
    }
    print!("{by_stage}");
}
