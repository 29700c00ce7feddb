//! Random playouts of Wispwood, one thread: the speed search and simulation rely on.

use criterion::{criterion_group, criterion_main, Criterion};
use sylvan_engine::{random_playout, Game, GameRng};
use sylvan_wispwood::{Options, Wispwood};

fn playouts(c: &mut Criterion) {
    for players in [2, 4] {
        let game = Wispwood::new(players, Options::default()).expect("valid options");
        let mut rng = GameRng::seeded(1);
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        c.bench_function(&format!("random playout ({players} players)"), |b| {
            b.iter(|| random_playout(&game, &mut rng, &mut actions, &mut outcomes).1)
        });
    }
    let game = Wispwood::new(2, Options::default()).expect("valid options");
    let state = game.initial_state();
    c.bench_function("clone state", |b| {
        b.iter(|| std::hint::black_box(&state).clone())
    });
}

criterion_group!(benches, playouts);
criterion_main!(benches);
