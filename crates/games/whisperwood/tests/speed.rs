//! Random 4-player playouts per second, measured on demand (`cargo test -p sylvan-whisperwood
//! --test speed -- --ignored --nocapture`); prints the figure and asserts nothing about time.

use std::time::Instant;

use sylvan_engine::{random_playout, Game, GameRng};
use sylvan_whisperwood::{Options, Whisperwood};

#[test]
#[ignore = "a measurement, run on demand"]
fn four_player_random_playouts_per_second() {
    for subsequent_game in [false, true] {
        let options = Options {
            subsequent_game,
            ..Options::default()
        };
        let game = Whisperwood::new(4, options).expect("valid");
        let mut rng = GameRng::seeded(1);
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        let start = Instant::now();
        let (mut games, mut decisions) = (0u64, 0u64);
        while start.elapsed().as_secs_f64() < 5.0 {
            decisions += random_playout(&game, &mut rng, &mut actions, &mut outcomes).1;
            games += 1;
        }
        let secs = start.elapsed().as_secs_f64();
        assert!(games > 0);
        println!(
            "subsequent_game {subsequent_game}: {games} playouts in {secs:.1} s: {:.0} playouts/s, {:.0} decisions/s",
            games as f64 / secs,
            decisions as f64 / secs
        );
    }
}
