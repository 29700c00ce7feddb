//! Perft: the number of legal decision sequences to a fixed depth from fixed positions, kept in
//! `data/perft.toml` so that a rules change that alters them is visible in review.

use serde::Deserialize;
use sylvan_engine::{advance_randomly, perft, Game, GameRng};
use sylvan_whispering_woods::{Action, Options, WhisperingWoods};

#[derive(Deserialize)]
struct Table {
    position: Vec<Position>,
}

#[derive(Deserialize)]
struct Position {
    players: usize,
    seed: u64,
    /// Random decisions played before counting.
    after: u32,
    depth: u32,
    nodes: u64,
}

/// The position after setup and `after` random decisions, resolved with `seed`.
fn position(game: &WhisperingWoods, seed: u64, after: u32) -> sylvan_whispering_woods::State {
    let mut s = game.initial_state();
    if game.players() == 1 {
        game.apply(&mut s, Action::StartAnimal(0))
            .expect("an animal");
    }
    advance_randomly(game, &mut s, &mut GameRng::seeded(seed), after);
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
        let game = WhisperingWoods::new(
            p.players,
            Options {
                bear: (p.players > 1).then_some(0),
                ..Options::default()
            },
        )
        .expect("valid");
        let s = position(&game, p.seed, p.after);
        let nodes = perft(&game, &s, p.depth);
        report.push_str(&format!(
            "[[position]]\nplayers = {}\nseed = {}\nafter = {}\ndepth = {}\nnodes = {nodes}\n\n",
            p.players, p.seed, p.after, p.depth
        ));
        ok &= nodes == p.nodes;
    }
    assert!(
        ok,
        "perft counts changed; if the rules change is intended, the table is:\n{report}"
    );
}
