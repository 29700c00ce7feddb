//! How well a position's features foretell the final margin: games are played by a short
//! margin search (`mcts:200:margin`), positions are cut off 40 random decisions later as the
//! search's rollouts are, and each cut-off is played to the end `K` times at random. Prints the
//! correlation and error of the score margin and of the game's heuristic against the mean final
//! margin, and a least-squares fit of the features.
//!
//! `cargo run --release -p sylvan-whispering-woods --example woods_fit -- GAMES K EAGER ITERATIONS`
//! (EAGER 1: the continuations never end a turn while a task can be completed; ITERATIONS of
//! the margin search before the cut-off, 0 for random play).

use sylvan_bots::{decide, BotSpec, Observation};
use sylvan_engine::fit::{correlation, least_squares, rmse};
use sylvan_engine::{score_margin, Actor, Game, GameRng, Seat};
use sylvan_whispering_woods::{Action, State, WhisperingWoods, START};

/// Names of the per-player features (own minus rival's).
const NAMES: [&str; 8] = [
    "banked",
    "pending bonus",
    "walkable vp",
    "waiting vp",
    "animals out",
    "tasks done",
    "forest tiles",
    "start open",
];

/// One player's features at a cut-off.
fn features(g: &WhisperingWoods, s: &State, p: usize) -> [f64; 8] {
    let player = &s.players[p];
    let forest = &player.forest;
    let (mut walk, mut wait, mut animals, mut start) = (0.0, 0.0, 0.0, 0.0);
    for (i, c) in forest.cells().iter().enumerate() {
        if !c.task_side() {
            continue;
        }
        animals += 1.0;
        let vp = f64::from(g.vp(c.tile));
        if c.tile == START {
            start = 1.0;
        }
        if g.path_ends(forest, i) != 0 {
            walk += vp;
        } else {
            wait += vp;
        }
    }
    let pending = f64::from(g.pending_bonus(s, p));
    let tiles = forest.cells().iter().filter(|c| !c.task_side()).count() as f64;
    [
        f64::from(g.totals(s)[p].0),
        pending,
        walk,
        wait,
        animals,
        f64::from(player.tasks()),
        tiles,
        start,
    ]
}

/// One decision at random; `eager` never ends a turn while a task can be completed.
fn random_step(
    g: &WhisperingWoods,
    s: &mut State,
    rng: &mut GameRng,
    buf: &mut Vec<Action>,
    out: &mut Vec<(Action, u32)>,
    eager: bool,
) -> bool {
    let a = match g.actor(s) {
        Actor::Nobody => return false,
        Actor::Chance => {
            g.chance_outcomes(s, out);
            rng.pick_weighted(out)
        }
        Actor::Seat(_) => {
            g.legal_actions(s, buf);
            if eager && buf.len() > 1 && buf.last() == Some(&Action::EndTurn) {
                buf.pop();
            }
            buf[rng.below(buf.len() as u64) as usize]
        }
    };
    g.apply_unchecked(s, a);
    true
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(40);
    let k = args.get(1).copied().unwrap_or(16);
    // 1: continuations that never end a turn while a task can be completed.
    let eager = args.get(2).copied().unwrap_or(0) == 1;
    let g = WhisperingWoods::new(2, Default::default()).expect("two players");
    // The players before the cut-off: a margin search of this many iterations (0: random).
    let iterations = args.get(3).copied().unwrap_or(200);
    let spec: BotSpec = if iterations == 0 {
        "random".parse().expect("a bot")
    } else {
        format!("mcts:{iterations}:margin").parse().expect("a bot")
    };
    let (mut buf, mut out) = (Vec::new(), Vec::new());
    let mut rng = GameRng::seeded(7);
    let (mut xs, mut ys, mut margins, mut heur) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for game in 0..games {
        let mut s = g.initial_state();
        let mut n = 0u64;
        loop {
            match g.actor(&s) {
                Actor::Nobody => break,
                Actor::Chance => {
                    g.chance_outcomes(&s, &mut out);
                    let a = rng.pick_weighted(&out);
                    g.apply_unchecked(&mut s, a);
                }
                Actor::Seat(seat) => {
                    n += 1;
                    if rng.below(6) == 0 {
                        let mut c = s.clone();
                        let mut made = 0;
                        while made < 40
                            && random_step(&g, &mut c, &mut rng, &mut buf, &mut out, false)
                        {
                            made += 1;
                        }
                        if g.actor(&c) != Actor::Nobody {
                            let mut total = 0.0;
                            for _ in 0..k {
                                let mut e = c.clone();
                                while random_step(&g, &mut e, &mut rng, &mut buf, &mut out, eager) {
                                }
                                total += score_margin(&g.score(&e), Seat(0));
                            }
                            let (f0, f1) = (features(&g, &c, 0), features(&g, &c, 1));
                            let mut row: Vec<f64> =
                                f0.iter().zip(&f1).map(|(a, b)| a - b).collect();
                            // To move, from seat 0's side.
                            row.push(if c.current == Seat(0) { 1.0 } else { -1.0 });
                            xs.push(row);
                            ys.push(total / k as f64);
                            margins.push(score_margin(&g.score(&c), Seat(0)));
                            heur.push(g.heuristic(&c, Seat(0)));
                        }
                    }
                    let seen = Observation::new(&g, &s, seat, n);
                    let choice = decide(&g, &seen, &spec, game * 1000 + n).expect("a decision");
                    g.apply_unchecked(&mut s, choice.action);
                }
            }
        }
        eprintln!("game {game}: {} samples", ys.len());
    }
    println!(
        "samples {}; mean |final margin| {:.2}",
        ys.len(),
        ys.iter().map(|y: &f64| y.abs()).sum::<f64>() / ys.len() as f64
    );
    println!(
        "score margin: r {:.3}, rmse {:.2}",
        correlation(&margins, &ys),
        rmse(&margins, &ys)
    );
    println!(
        "heuristic:    r {:.3}, rmse {:.2}",
        correlation(&heur, &ys),
        rmse(&heur, &ys)
    );
    let w = least_squares(&xs, &ys);
    let pred: Vec<f64> = xs
        .iter()
        .map(|r| r.iter().zip(&w).map(|(a, b)| a * b).sum())
        .collect();
    println!(
        "fit:          r {:.3}, rmse {:.2}",
        correlation(&pred, &ys),
        rmse(&pred, &ys)
    );
    for (i, w) in w.iter().enumerate() {
        println!(
            "  {:<14} {w:+.3}",
            NAMES.get(i).copied().unwrap_or("to move")
        );
    }
}
