//! A fixed workload for measuring playout speed: N random playouts of the 2-player game with
//! default options from one fixed seed, as `sylvan_engine::random_playout` plays them.
//!
//! `cargo run --release -p sylvan-wispwood --example wispwood_playouts -- N` (N defaults to
//! 500). It prints the playouts, the decisions and a checksum of the final scores, so that two
//! builds (under `valgrind --tool=callgrind`, say) can be compared on the same games; on
//! stderr, the rate and the size of a state.

use sylvan_engine::{random_playout, Game, GameRng};
use sylvan_wispwood::{Options, State, Wispwood};

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(500);
    let game = Wispwood::new(2, Options::default()).expect("two players");
    let mut rng = GameRng::seeded(17);
    let (mut actions, mut outcomes) = (Vec::with_capacity(256), Vec::with_capacity(128));
    let (mut decisions, mut checksum) = (0u64, 0u64);
    let started = std::time::Instant::now();
    for _ in 0..n {
        let (state, d) = random_playout(&game, &mut rng, &mut actions, &mut outcomes);
        decisions += d;
        // FNV-1a over each seat's total: any change in the games played changes it. `totals`,
        // not `score`: the score's worded breakdown would cost more than the playout.
        for t in game.totals(&state) {
            checksum = (checksum ^ t as u32 as u64).wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!("playouts {n}, decisions {decisions}, checksum {checksum:016x}");
    // Search bots clone states: their size is part of the cost of a faster playout.
    eprintln!(
        "{:.0} playouts/s; a state is {} bytes",
        n as f64 / secs,
        std::mem::size_of::<State>()
    );
}
