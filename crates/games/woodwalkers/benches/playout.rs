//! Random playouts of Woodwalkers, one thread: the speed search and simulation rely on.

use criterion::{criterion_group, criterion_main, Criterion};
use sylvan_engine::{random_playout, Game, GameRng};
use sylvan_woodwalkers::{Options, Side, Woodwalkers};

fn playouts(c: &mut Criterion) {
    for (players, side) in [(4, Side::Day), (2, Side::Day), (4, Side::Night)] {
        let options = Options {
            side,
            ..Options::default()
        };
        let game = Woodwalkers::new(players, options).expect("valid options");
        let mut rng = GameRng::seeded(1);
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        c.bench_function(
            &format!("random playout ({players} players, {side:?})"),
            |b| b.iter(|| random_playout(&game, &mut rng, &mut actions, &mut outcomes).1),
        );
    }
    let game = Woodwalkers::new(4, Options::default()).expect("valid options");
    let state = game.initial_state();
    c.bench_function("clone state", |b| {
        b.iter(|| std::hint::black_box(&state).clone())
    });
}

criterion_group!(benches, playouts);
criterion_main!(benches);
