//! Perft: the number of legal decision sequences to a fixed depth from fixed positions, kept in
//! `data/perft.toml` so that a rules change that alters them is visible in review.

use serde::Deserialize;
use sylvan_engine::{advance_randomly, perft, Game, GameRng};
use sylvan_spirits::{Options, Spirits};

#[derive(Deserialize)]
struct Table {
    position: Vec<Position>,
}

#[derive(Deserialize)]
struct Position {
    set: String,
    seed: u64,
    depth: u32,
    nodes: u64,
}

/// The position after setup's chance points, resolved with `seed`.
fn after_setup(game: &Spirits, seed: u64) -> sylvan_spirits::State {
    let mut s = game.initial_state();
    advance_randomly(game, &mut s, &mut GameRng::seeded(seed), 0);
    s
}

#[test]
fn perft_matches_the_table() {
    let table: Table =
        toml::from_str(include_str!("../data/perft.toml")).expect("perft.toml parses");
    assert!(table.position.len() >= 5);
    let mut report = String::new();
    let mut ok = true;
    for p in &table.position {
        let game = Spirits::new(
            2,
            Options {
                set: p.set.clone(),
                ..Options::default()
            },
        )
        .expect("a recommended set");
        let s = after_setup(&game, p.seed);
        let nodes = perft(&game, &s, p.depth);
        report.push_str(&format!(
            "[[position]]\nset = {:?}\nseed = {}\ndepth = {}\nnodes = {nodes}\n\n",
            p.set, p.seed, p.depth
        ));
        ok &= nodes == p.nodes;
    }
    assert!(
        ok,
        "perft counts changed; if the rules change is intended, the table is:\n{report}"
    );
}
