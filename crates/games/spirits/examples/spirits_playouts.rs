//! A fixed workload of random playouts for profiling (issue 17): N games (the first argument,
//! 2,000 by default) of First Steps for two players from one fixed seed, through
//! `sylvan_engine::random_playout`. It prints the playouts, the decisions and a checksum of the
//! final scores, so that instruction counts of two builds compare the same games:
//!
//! ```text
//! cargo build --release -p sylvan-spirits --example spirits_playouts
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/P.cg target/release/examples/spirits_playouts 2000
//! ```

use sylvan_engine::{Game, Seat};
use sylvan_spirits::{Options, Spirits};

fn main() {
    let game = Spirits::new(2, Options::default()).expect("First Steps for two players");
    // Each seat's total as `score` adds it, without its allocations.
    sylvan_engine::playouts_example(&game, 2000, 1, |s| {
        [Seat(0), Seat(1)].map(|seat| {
            (0..s.animals.len())
                .map(|b| game.board_points(s, seat, b))
                .sum::<i32>()
        })
    });
}
