//! Perft: the number of legal decision sequences to a fixed depth from fixed positions, kept in
//! `data/perft.toml` so that a rules change that alters them is visible in review.

use serde::Deserialize;
use sylvan_engine::{advance_randomly, perft, Game, GameRng};
use sylvan_woodwalkers::{Arrangement, Options, Side, State, Woodwalkers};

#[derive(Deserialize)]
struct Table {
    position: Vec<Position>,
}

#[derive(Deserialize)]
struct Position {
    players: usize,
    side: Side,
    seed: u64,
    /// Random decisions played after setup before counting.
    after: u32,
    depth: u32,
    nodes: u64,
}

/// The position after setup (random arrangement) and `after` random decisions, with `seed`.
fn position(game: &Woodwalkers, seed: u64, after: u32) -> State {
    let mut s = game.initial_state();
    advance_randomly(game, &mut s, &mut GameRng::seeded(seed), after);
    s
}

#[test]
fn perft_matches_the_table() {
    let table: Table =
        toml::from_str(include_str!("../data/perft.toml")).expect("perft.toml parses");
    assert!(table.position.len() >= 6);
    let mut report = String::new();
    let mut ok = true;
    for p in &table.position {
        let game = Woodwalkers::new(
            p.players,
            Options {
                side: p.side,
                arrangement: Arrangement::Random,
                ..Options::default()
            },
        )
        .expect("valid options");
        let s = position(&game, p.seed, p.after);
        let nodes = perft(&game, &s, p.depth);
        report.push_str(&format!(
            "[[position]]\nplayers = {}\nside = \"{}\"\nseed = {}\nafter = {}\ndepth = {}\nnodes = {nodes}\n\n",
            p.players,
            if p.side == Side::Day { "day" } else { "night" },
            p.seed,
            p.after,
            p.depth
        ));
        ok &= nodes == p.nodes;
    }
    assert!(
        ok,
        "perft counts changed; if the rules change is intended, the table is:\n{report}"
    );
}
