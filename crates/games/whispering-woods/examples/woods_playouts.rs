//! A fixed workload for measuring playout speed: N random playouts of the 2-player game with
//! default options from one fixed seed, as `sylvan_engine::random_playout` plays them.
//!
//! `cargo run --release -p sylvan-whispering-woods --example woods_playouts -- N` (N defaults
//! to 2000). It prints the playouts, the decisions and a checksum of the final scores, so that
//! two builds (under `valgrind --tool=callgrind`, say) can be compared on the same games; on
//! stderr, the rate and the size of a state.

use sylvan_engine::Game;
use sylvan_whispering_woods::{Options, WhisperingWoods};

fn main() {
    let game = WhisperingWoods::new(2, Options::default()).expect("two players");
    sylvan_engine::playouts_example(&game, 2000, 17, |s| game.score(s).totals);
}
