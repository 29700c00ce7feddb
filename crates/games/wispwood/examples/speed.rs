//! Measures random 2-player playouts per second on one thread:
//! `cargo run --release -p sylvan-wispwood --example speed`.

use std::time::Instant;

use sylvan_engine::{random_playout, Game, GameRng};
use sylvan_wispwood::{Options, Wispwood};

fn main() {
    let game = Wispwood::new(2, Options::default()).expect("two players");
    let mut rng = GameRng::seeded(1);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..200 {
        random_playout(&game, &mut rng, &mut actions, &mut outcomes);
    }
    let start = Instant::now();
    let (mut games, mut decisions) = (0u64, 0u64);
    while start.elapsed().as_secs_f64() < 3.0 {
        decisions += random_playout(&game, &mut rng, &mut actions, &mut outcomes).1;
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{games} playouts in {secs:.2} s: {:.0} playouts/s, {:.0} decisions per playout",
        games as f64 / secs,
        decisions as f64 / games as f64
    );
}
