//! Replay records: options, seats, seed and every decision in order, chance included.

use serde::{Deserialize, Serialize};

use crate::{Actor, Game};

/// This engine's version, written into every record.
pub const ENGINE_VERSION: &str = concat!("sylvan ", env!("CARGO_PKG_VERSION"));

/// A replay: enough to rebuild a game exactly through the checked `apply`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The engine that wrote it, e.g. `sylvan 0.1.0`.
    pub engine: String,
    /// The game's machine name.
    pub game: String,
    /// Number of players.
    pub players: usize,
    /// The game's options as JSON.
    pub options: serde_json::Value,
    /// Who sat in each seat (a name, `random`, a bot's name).
    #[serde(default)]
    pub seats: Vec<String>,
    /// The seed chance was sampled with, if a generator was used.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Every decision in order, each as the game's JSON action.
    pub actions: Vec<serde_json::Value>,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The record is for another game.
    #[error("the record is for '{found}', not '{expected}'")]
    WrongGame {
        /// This game's name.
        expected: String,
        /// The record's.
        found: String,
    },
    /// The options or player count are not allowed.
    #[error("bad options: {0}")]
    Options(String),
    /// A decision is malformed or illegal; `decision` is 1-based.
    #[error("decision {decision}: {message}")]
    Decision {
        /// Which decision, counting from 1.
        decision: usize,
        /// What is wrong with it, naming the rule.
        message: String,
    },
}

impl Record {
    /// A record of a game in progress.
    pub fn new<G: Game>(game: &G, seats: Vec<String>, seed: Option<u64>) -> Self {
        Record {
            engine: ENGINE_VERSION.to_string(),
            game: G::INFO.name.to_string(),
            players: game.players(),
            options: serde_json::to_value(game.options())
                .expect("options serialise to JSON by construction"),
            seats,
            seed,
            actions: Vec::new(),
        }
    }

    /// Appends a decision.
    pub fn push<G: Game>(&mut self, action: G::Action) {
        self.actions
            .push(serde_json::to_value(action).expect("actions serialise to JSON by construction"));
    }

    /// Decision `index` (0-based) read as an action of `G`, to be applied at `state`: an error
    /// names the decision (1-based) if the game is already over or the entry is not an action.
    pub fn decision<G: Game>(
        &self,
        game: &G,
        state: &G::State,
        index: usize,
    ) -> Result<G::Action, ReplayError> {
        let decision = index + 1;
        if game.actor(state) == Actor::Nobody {
            return Err(ReplayError::Decision {
                decision,
                message: "the game is already over".into(),
            });
        }
        let value = self
            .actions
            .get(index)
            .ok_or_else(|| ReplayError::Decision {
                decision,
                message: "the record has no such decision".into(),
            })?;
        serde_json::from_value(value.clone()).map_err(|e| ReplayError::Decision {
            decision,
            message: format!("not an action of {}: {e}", G::INFO.title),
        })
    }

    /// Rebuilds the rules and replays every decision through the checked `apply`.
    pub fn replay<G: Game>(&self) -> Result<(G, G::State), ReplayError> {
        self.replay_with(|players, options| G::new(players, options))
    }

    /// Like [`replay`](Record::replay), with a custom way to build the rules (for example with
    /// corrected component data).
    pub fn replay_with<G: Game>(
        &self,
        build: impl FnOnce(usize, G::Options) -> Result<G, crate::OptionsError>,
    ) -> Result<(G, G::State), ReplayError> {
        if self.game != G::INFO.name {
            return Err(ReplayError::WrongGame {
                expected: G::INFO.name.to_string(),
                found: self.game.clone(),
            });
        }
        let options: G::Options = serde_json::from_value(self.options.clone())
            .map_err(|e| ReplayError::Options(e.to_string()))?;
        let game = build(self.players, options).map_err(|e| ReplayError::Options(e.to_string()))?;
        let state = self.replay_on(&game)?;
        Ok((game, state))
    }

    /// Replays every decision on rules already built (the same options and component data the
    /// game was played with), through the checked `apply`.
    pub fn replay_on<G: Game>(&self, game: &G) -> Result<G::State, ReplayError> {
        let mut state = game.initial_state();
        for i in 0..self.actions.len() {
            let action = self.decision::<G>(game, &state, i)?;
            game.apply(&mut state, action)
                .map_err(|e| ReplayError::Decision {
                    decision: i + 1,
                    message: format!("{action}: {e}"),
                })?;
        }
        Ok(state)
    }
}
