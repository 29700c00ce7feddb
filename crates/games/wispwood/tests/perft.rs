//! Perft: the number of legal decision sequences to a fixed depth from fixed positions, kept in
//! `data/perft.toml` so that a rules change that alters them is visible in review.

use serde::Deserialize;
use sylvan_engine::{advance_randomly, perft, Game, GameRng};
use sylvan_wispwood::{Options, Wispwood};

#[derive(Deserialize)]
struct Table {
    position: Vec<Position>,
}

#[derive(Deserialize)]
struct Position {
    players: usize,
    seed: u64,
    depth: u32,
    nodes: u64,
}

/// The position after setup's chance points (goal cards, start player, the first deal),
/// resolved with `seed`.
fn after_setup(game: &Wispwood, seed: u64) -> sylvan_wispwood::State {
    let mut s = game.initial_state();
    advance_randomly(game, &mut s, &mut GameRng::seeded(seed), 0);
    s
}

#[test]
fn perft_matches_the_table() {
    let table: Table =
        toml::from_str(include_str!("../data/perft.toml")).expect("perft.toml parses");
    assert!(table.position.len() >= 4);
    let mut report = String::new();
    let mut ok = true;
    for p in &table.position {
        let game = Wispwood::new(p.players, Options::default()).expect("valid");
        let s = after_setup(&game, p.seed);
        let nodes = perft(&game, &s, p.depth);
        report.push_str(&format!(
            "[[position]]\nplayers = {}\nseed = {}\ndepth = {}\nnodes = {nodes}\n\n",
            p.players, p.seed, p.depth
        ));
        ok &= nodes == p.nodes;
    }
    assert!(
        ok,
        "perft counts changed; if the rules change is intended, the table is:\n{report}"
    );
}
