//! Making a game through the catalog, as the server does for every table it creates or opens:
//! its cost beside a game's playing time.

use criterion::{criterion_group, criterion_main, Criterion};
use serde_json::Value;
use sylvan_catalog::Catalog;

fn new_game(c: &mut Criterion) {
    let catalog = Catalog::standard();
    for name in catalog.names() {
        let players = catalog.get(name).expect("listed").info().default_players();
        let mut seed = 0;
        c.bench_function(&format!("new game ({name}, {players} players)"), |b| {
            b.iter(|| {
                seed += 1;
                catalog
                    .new_game(name, players, seed, &Value::Null, true, None)
                    .expect("the defaults are valid")
            })
        });
    }
}

criterion_group!(benches, new_game);
criterion_main!(benches);
