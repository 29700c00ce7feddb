//! A fixed workload of random playouts for profiling (issue 17): N games (the first argument,
//! 2,000 by default) of First Steps for two players from one fixed seed, through
//! `sylvan_engine::random_playout`. It prints the playouts, the decisions and a checksum of the
//! final scores, so that instruction counts of two builds compare the same games:
//!
//! ```text
//! cargo build --release -p sylvan-spirits --example spirits_playouts
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/P.cg target/release/examples/spirits_playouts 2000
//! ```

use sylvan_engine::{random_playout, Game, GameRng, Seat};
use sylvan_spirits::{Options, Spirits};

fn main() {
    let n: u64 = match std::env::args().nth(1) {
        Some(arg) => arg.parse().expect("the number of playouts"),
        None => 2000,
    };
    let game = Spirits::new(2, Options::default()).expect("First Steps for two players");
    let mut rng = GameRng::seeded(1);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let (mut decisions, mut checksum) = (0u64, 0u64);
    for _ in 0..n {
        let (state, d) = random_playout(&game, &mut rng, &mut actions, &mut outcomes);
        decisions += d;
        // Each seat's total (as `score` adds it, without its allocations), order-sensitive.
        for seat in [Seat(0), Seat(1)] {
            let total: i32 = (0..state.animals.len())
                .map(|b| game.board_points(&state, seat, b))
                .sum();
            checksum = checksum.wrapping_mul(1_000_003).wrapping_add(total as u64);
        }
    }
    println!("playouts {n} decisions {decisions} checksum {checksum:016x}");
}
