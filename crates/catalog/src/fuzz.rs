//! Fuzz targets for everything that takes outside input: a protocol session, a record to load,
//! a game's action JSON at a sampled position, and a game's component file.
//!
//! Each target takes arbitrary bytes and panics only on a bug: a panic inside the engine, a
//! response that is not one JSON object, a refused action that changed the game. The
//! coverage-guided binaries in `fuzz/` (cargo-afl) call these functions; the saved corpus and
//! every crashing input found are replayed through them by a normal `cargo test`
//! (`tests/fuzz_corpus.rs`), so CI needs no fuzzer.

use serde_json::Value;
use sylvan_engine::{Actor, GameRng, Record, Viewer};

use crate::protocol::Engine;
use crate::table::Audience;
use crate::Catalog;

/// A fuzz target: arbitrary bytes in, a panic only on a bug.
pub type Target = fn(&[u8]);

/// The targets, by the name of their corpus directory.
pub const TARGETS: [(&str, Target); 4] = [
    ("protocol", protocol),
    ("record", record),
    ("action", action),
    ("components", components),
];

/// Longest game walk a target takes, so that one input stays fast.
const MAX_STEPS: usize = 400;

/// A protocol session: each line of the input is a request to one engine serving the standard
/// catalog. Every answered line must be one JSON object with a boolean `ok`. Requests for the
/// `bot` command are skipped: a search's budget is time, not input handling.
pub fn protocol(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut engine = Engine::new(Catalog::standard());
    for line in text.lines().take(64) {
        if line.contains("bot") {
            continue;
        }
        if let Some(response) = engine.respond(line) {
            check_response(&response, line);
        }
        if engine.quit_requested() {
            break;
        }
    }
}

fn check_response(response: &str, line: &str) {
    let value: Value = serde_json::from_str(response)
        .unwrap_or_else(|e| panic!("response to {line:?} is not JSON ({e}): {response}"));
    assert!(
        value.get("ok").is_some_and(Value::is_boolean),
        "response to {line:?} has no boolean 'ok': {response}"
    );
}

/// A record to load (the bytes are the record's JSON). A record that loads must write itself
/// back (components included) and load again to the same game.
pub fn record(data: &[u8]) {
    let Ok(record) = serde_json::from_slice::<Record>(data) else {
        return;
    };
    let catalog = Catalog::standard();
    for auto_chance in [false, true] {
        let Ok(game) = catalog.load(&record, auto_chance, None) else {
            continue;
        };
        let mut written = game.record();
        written.components = record.components.clone();
        let again = catalog
            .load(&written, false, None)
            .unwrap_or_else(|e| panic!("a loaded game's own record does not load: {e}"));
        assert_eq!(again.status(), game.status(), "the reloaded game differs");
        assert_eq!(again.score(), game.score(), "the reloaded score differs");
        for viewer in viewers(game.players()) {
            game.view(viewer)
                .expect("every seat at the table has a view");
        }
    }
}

/// A game's action JSON at a sampled position. The first byte picks the game and its player
/// count, the next eight the seed, the next how many random decisions to play from the start;
/// the rest is the action. A refused action must leave the game exactly as it was.
pub fn action(data: &[u8]) {
    let Some((game, rest)) = sampled_game(data) else {
        return;
    };
    let Ok(action) = serde_json::from_slice::<Value>(rest) else {
        return;
    };
    let mut game = game;
    let before = (
        game.status(),
        game.record(),
        game.view(Viewer::Spectator).ok(),
    );
    match game.apply_json(&action, Audience::All) {
        Ok(events) => {
            assert!(
                game.status().decisions > before.0.decisions,
                "an applied action {action} counted no decision"
            );
            drop(events);
        }
        Err(_) => {
            let after = (
                game.status(),
                game.record(),
                game.view(Viewer::Spectator).ok(),
            );
            assert!(
                after == before,
                "a refused action {action} changed the game"
            );
        }
    }
}

/// The game, player count and position the first ten bytes of `data` choose, and the rest.
fn sampled_game(data: &[u8]) -> Option<(Box<dyn crate::DynGame>, &[u8])> {
    let (&pick, rest) = data.split_first()?;
    let seed = rest.get(..8)?;
    let (&steps, rest) = rest.get(8..)?.split_first()?;
    let catalog = Catalog::standard();
    let kinds: Vec<_> = catalog.games().collect();
    let kind = kinds[pick as usize % kinds.len()];
    let info = kind.info();
    let span = info.max_players - info.min_players + 1;
    let players = info.min_players + (pick as usize / kinds.len()) % span;
    let seed = u64::from_le_bytes(seed.try_into().ok()?);
    let mut game = kind
        .new_game(players, seed, &Value::Null, true, None)
        .expect("every game starts with its defaults");
    random_walk(game.as_mut(), seed, steps as usize);
    Some((game, rest))
}

/// A game's component file: the first byte picks the game, the rest is the file's text. Data
/// that validates must play: a random game from it runs without a panic and keeps the
/// game's invariants.
pub fn components(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let catalog = Catalog::standard();
    let kinds: Vec<_> = catalog.games().collect();
    let kind = kinds[pick as usize % kinds.len()];
    let info = kind.info();
    let players = info.default_players();
    let Ok(mut game) = kind.new_game(players, pick as u64, &Value::Null, true, Some(text)) else {
        return;
    };
    random_walk(game.as_mut(), pick as u64, MAX_STEPS);
    for viewer in viewers(game.players()) {
        game.view(viewer)
            .expect("every seat at the table has a view");
    }
    let mut record = game.record();
    record.embed_components(text);
    let again = catalog
        .load(&record, false, None)
        .unwrap_or_else(|e| panic!("a game on this data does not reload from its record: {e}"));
    assert_eq!(
        again.status().to_move == Actor::Nobody,
        game.status().over()
    );
}

/// Plays up to `steps` random listed decisions; each must be accepted.
fn random_walk(game: &mut dyn crate::DynGame, seed: u64, steps: usize) {
    let mut rng = GameRng::seeded(seed);
    for _ in 0..steps {
        let legal = game.legal();
        if legal.is_empty() {
            break;
        }
        let pick = rng.below(legal.len() as u64) as usize;
        game.apply_json(&legal[pick].action, Audience::All)
            .expect("a listed action is legal");
    }
}

fn viewers(players: usize) -> impl Iterator<Item = Viewer> {
    (0..players.min(8) as u8)
        .map(|s| Viewer::Seat(sylvan_engine::Seat(s)))
        .chain([Viewer::Spectator])
}
