//! # Sylvan's games behind one dynamic surface
//!
//! Each game is a static type implementing [`sylvan_engine::Game`]. Tools that pick a game by
//! name at run time (the `sylvan` command, the engine protocol, later the server and the Python
//! bindings) go through this crate instead: a [`Catalog`] of [`GameKind`]s, each able to start a
//! [`DynGame`] (a game in progress with JSON options, actions, views and events), to load a
//! replay [`Record`], and to run fast monomorphised playouts and benchmarks.
//!
//! ```
//! use sylvan_catalog::{Audience, Catalog};
//! use sylvan_engine::testing::Nim;
//!
//! let mut catalog = Catalog::empty();
//! catalog.register::<Nim>();
//! let options = serde_json::json!({"max_take": 2});
//! let mut game = catalog.new_game("nim", 2, 7, &options, true, None).expect("valid options");
//! // With auto_chance the pile was set by the seeded generator: a seat is to move.
//! assert!(!game.status().over());
//! let first = game.legal()[0].action.clone();
//! let events = game.apply_json(&first, Audience::All).expect("listed actions are legal");
//! assert_eq!(events[0], "Player 1: Take 1");
//! // Every decision, chance included, is in the record; it loads back to the same game.
//! let record = game.record();
//! let again = catalog.load(&record, true, None).expect("records replay");
//! assert_eq!(again.status(), game.status());
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod fuzz;
mod guide;
mod kind;
mod options;
#[cfg(test)]
mod peek;
pub mod protocol;
pub mod spiel;
mod table;
mod trace;

use serde_json::Value;
pub use sylvan_engine::{GameInfo, Record, Score, Seat, Viewer};

pub use guide::Guide;
pub use kind::{BenchReport, GameKind, Kind, PlayoutOutcome, Playouts, SearchBench};
pub use options::merge_options;
pub use table::{Audience, DynGame, LegalAction, ScoreJson, Status};
pub use trace::{Trace, TraceStep, Traces};

/// Why a game could not be started, loaded or looked at.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    /// No registered game has this name.
    #[error("unknown game '{name}' (the games are: {known})")]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The registered names, comma-separated.
        known: String,
    },
    /// The player count, an option or the component file is not allowed; says which and why.
    #[error("{0}")]
    BadOptions(String),
    /// A record does not replay; says which decision and which rule.
    #[error("{0}")]
    BadRecord(String),
    /// A seat number outside the table.
    #[error("there is no seat {seat}: seats are 0 to {last}")]
    NoSuchSeat {
        /// The seat asked for.
        seat: usize,
        /// The last seat.
        last: usize,
    },
    /// A bot could not be made or could not decide; says why.
    #[error("{0}")]
    Bot(#[from] sylvan_bots::BotError),
    /// A game's value did not turn into JSON (a bug in the game's serde derive).
    #[error("could not write JSON: {0}")]
    Json(String),
}

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// Not a well-formed action of this game.
    #[error("{0}")]
    Malformed(String),
    /// Well-formed but not legal now; the message names the rule.
    #[error("{0}")]
    Illegal(String),
}

/// The registered games.
pub struct Catalog {
    kinds: Vec<Box<dyn GameKind>>,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.kinds.iter().map(|k| k.info().name))
            .finish()
    }
}

impl Clone for Catalog {
    fn clone(&self) -> Self {
        Catalog {
            kinds: self.kinds.iter().map(|k| k.clone_box()).collect(),
        }
    }
}

impl Default for Catalog {
    fn default() -> Self {
        Catalog::standard()
    }
}

impl Catalog {
    /// Every implemented game: what the `sylvan` binary and the engine protocol offer.
    pub fn standard() -> Catalog {
        let mut catalog = Catalog::empty();
        catalog.register::<sylvan_spirits::Spirits>();
        catalog.register::<sylvan_whispering_woods::WhisperingWoods>();
        catalog.register::<sylvan_whisperwood::Whisperwood>();
        catalog.register::<sylvan_wispwood::Wispwood>();
        catalog.register::<sylvan_woodwalkers::Woodwalkers>();
        catalog
    }

    /// A catalog with no games, to register some into (tests use it for small games).
    pub fn empty() -> Catalog {
        Catalog { kinds: Vec::new() }
    }

    /// Adds a game. A game registered twice is listed once, under its first registration.
    pub fn register<G: sylvan_engine::Game + 'static>(&mut self) -> &mut Self {
        if self.get(G::INFO.name).is_err() {
            self.kinds.push(Box::new(Kind::<G>::new()));
        }
        self
    }

    /// The registered games in order.
    pub fn games(&self) -> impl Iterator<Item = &dyn GameKind> + '_ {
        self.kinds.iter().map(|k| k.as_ref())
    }

    /// The names of the registered games.
    pub fn names(&self) -> Vec<&'static str> {
        self.games().map(|k| k.info().name).collect()
    }

    /// The game called `name`.
    pub fn get(&self, name: &str) -> Result<&dyn GameKind, CatalogError> {
        self.games()
            .find(|k| k.info().name == name)
            .ok_or_else(|| CatalogError::UnknownGame {
                name: name.to_string(),
                known: if self.kinds.is_empty() {
                    "none".to_string()
                } else {
                    self.names().join(", ")
                },
            })
    }

    /// Starts `name` for `players` players with `options` (a JSON object merged over the game's
    /// defaults; `null` for the defaults). With `auto_chance`, chance points are resolved with
    /// `GameRng::seeded(seed)` as they come, so a seat (or nobody) is always to move.
    /// `components` is the text of a corrected component file, for games that have one.
    pub fn new_game(
        &self,
        name: &str,
        players: usize,
        seed: u64,
        options: &Value,
        auto_chance: bool,
        components: Option<&str>,
    ) -> Result<Box<dyn DynGame>, CatalogError> {
        self.get(name)?
            .new_game(players, seed, options, auto_chance, components)
    }

    /// Rebuilds a game from a record through the checked apply. A record of an unknown game,
    /// with bad options, or with a malformed or illegal decision is a [`CatalogError::BadRecord`]
    /// naming the decision (1-based) and the rule.
    ///
    /// The chance generator is `GameRng::seeded(record.seed)` (0 without a seed). With
    /// `auto_chance` it is advanced at every recorded chance point as if it had drawn it, so a
    /// game recorded with auto_chance goes on exactly as it would have; chance points after the
    /// last recorded decision are then resolved, so the loaded game may hold more decisions than
    /// the record. Without `auto_chance` the game stops exactly where the record ends.
    pub fn load(
        &self,
        record: &Record,
        auto_chance: bool,
        components: Option<&str>,
    ) -> Result<Box<dyn DynGame>, CatalogError> {
        let kind = self
            .get(&record.game)
            .map_err(|e| CatalogError::BadRecord(e.to_string()))?;
        kind.load(record, auto_chance, components)
    }
}

/// The games of [`Catalog::standard`], for callers that want a list.
pub fn games() -> Vec<(GameInfo, Value)> {
    Catalog::standard()
        .games()
        .map(|k| (k.info(), k.default_options()))
        .collect()
}

/// [`Catalog::new_game`] on the standard catalog.
pub fn new_game(
    name: &str,
    players: usize,
    seed: u64,
    options: &Value,
    auto_chance: bool,
    components: Option<&str>,
) -> Result<Box<dyn DynGame>, CatalogError> {
    Catalog::standard().new_game(name, players, seed, options, auto_chance, components)
}

#[cfg(test)]
pub(crate) fn test_catalog() -> Catalog {
    let mut catalog = Catalog::empty();
    catalog.register::<sylvan_engine::testing::Nim>();
    catalog
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_catalog_has_the_games_and_not_the_test_game() {
        let catalog = Catalog::standard();
        assert_eq!(
            catalog.names(),
            vec![
                "spirits-of-the-wild",
                "whispering-woods",
                "whisperwood",
                "wispwood",
                "woodwalkers"
            ]
        );
        assert!(catalog.get("nim").is_err());
        let (info, options) = &games()[0];
        assert_eq!(info.title, "Spirits of the Wild: Awakening");
        assert_eq!(options["set"], "First Steps");
    }

    #[test]
    fn spirits_plays_to_the_end_through_json_and_replays() {
        let mut game = new_game("spirits-of-the-wild", 2, 9, &Value::Null, true, None)
            .expect("defaults are valid");
        let mut events = 0;
        while !game.status().over() {
            let legal = game.legal();
            assert!(legal.iter().all(|l| l.weight.is_none()), "auto chance");
            let pick = legal[game.status().decisions as usize % legal.len()]
                .action
                .clone();
            events += game.apply_json(&pick, Audience::All).expect("listed").len();
        }
        assert!(events > 0);
        let record = game.record();
        let loaded = Catalog::standard()
            .load(&record, false, None)
            .expect("replays");
        assert_eq!(loaded.score(), game.score());
        assert_eq!(loaded.history(Audience::All).len(), record.actions.len());
    }

    #[test]
    fn spirits_playout_records_replay_to_the_same_game() {
        let rules = Catalog::standard()
            .get("spirits-of-the-wild")
            .expect("registered")
            .playouts(2, &Value::Null, None)
            .expect("defaults");
        for seed in 0..5 {
            let outcome = rules.play(seed);
            let record = rules.record(seed);
            assert_eq!(record.actions.len() as u64, outcome.decisions);
            let game = Catalog::standard()
                .load(&record, false, None)
                .expect("replays");
            assert_eq!(game.score(), outcome.score);
        }
    }
}
