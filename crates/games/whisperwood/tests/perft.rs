//! Perft: the number of legal decision sequences to a fixed depth from fixed positions, kept in
//! `data/perft.toml` so that a rules change that alters them is visible in review.

use serde::Deserialize;
use sylvan_engine::{check_perft_table, Actor, Game, GameRng, PerftPosition};
use sylvan_whisperwood::{Options, Phase, State, Whisperwood};

#[derive(Deserialize)]
struct Table {
    position: Vec<PerftPosition>,
}

/// The first Prepare decision, setup resolved at random by `seed`.
fn first_prepare(game: &Whisperwood, seed: u64) -> State {
    let mut s = game.initial_state();
    let mut rng = GameRng::seeded(seed);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    while s.phase != Phase::Prepare {
        let a = match game.actor(&s) {
            Actor::Chance => {
                game.chance_outcomes(&s, &mut outcomes);
                rng.pick_weighted(&outcomes)
            }
            _ => {
                game.legal_actions(&s, &mut actions);
                actions[rng.below(actions.len() as u64) as usize]
            }
        };
        game.apply_unchecked(&mut s, a);
    }
    s
}

#[test]
fn perft_matches_the_table() {
    let table: Table =
        toml::from_str(include_str!("../data/perft.toml")).expect("perft.toml parses");
    assert!(table.position.len() >= 3);
    check_perft_table(
        &table.position,
        |n| Whisperwood::new(n, Options::default()).expect("valid"),
        first_prepare,
    )
    .unwrap_or_else(|e| panic!("{e}"));
}
