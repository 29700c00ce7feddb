//! Random playouts of Whisperwood, one thread: the speed search and simulation rely on.

use criterion::{criterion_group, criterion_main, Criterion};
use sylvan_engine::{random_playout, Game, GameRng};
use sylvan_whisperwood::{Options, Whisperwood};

fn playouts(c: &mut Criterion) {
    for players in [2, 4] {
        let game = Whisperwood::new(players, Options::default()).expect("valid options");
        let mut rng = GameRng::seeded(1);
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        c.bench_function(&format!("random playout ({players} players)"), |b| {
            b.iter(|| random_playout(&game, &mut rng, &mut actions, &mut outcomes).1)
        });
    }
}

criterion_group!(benches, playouts);
criterion_main!(benches);
