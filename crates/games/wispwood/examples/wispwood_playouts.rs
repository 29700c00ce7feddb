//! A fixed workload for measuring playout speed: N random playouts of the 2-player game with
//! default options from one fixed seed, as `sylvan_engine::random_playout` plays them.
//!
//! `cargo run --release -p sylvan-wispwood --example wispwood_playouts -- N` (N defaults to
//! 500). It prints the playouts, the decisions and a checksum of the final scores, so that two
//! builds (under `valgrind --tool=callgrind`, say) can be compared on the same games; on
//! stderr, the rate and the size of a state.

use sylvan_engine::Game;
use sylvan_wispwood::{Options, Wispwood};

fn main() {
    let game = Wispwood::new(2, Options::default()).expect("two players");
    // `totals`, not `score`: the score's worded breakdown would cost more than the playout.
    sylvan_engine::playouts_example(&game, 500, 17, |s| game.totals(s));
}
