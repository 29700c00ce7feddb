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
    /// The component data the game was played with, when not the game's own (`--components
    /// FILE`), so the record rebuilds the game with no extra file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub components: Option<EmbeddedComponents>,
}

/// Component data carried by a record: the file's text and its content hash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmbeddedComponents {
    /// [`content_hash`] of `data`; a record whose data does not match it is refused.
    pub hash: String,
    /// The component file's text, exactly as the game was built from it.
    pub data: String,
}

/// The content hash of a component file's text: 64-bit FNV-1a over its bytes, as
/// `fnv1a64:` and 16 hex digits. It catches data edited without its hash; it is no signature
/// (whoever edits both passes it, and the data is then validated like any component file).
pub fn content_hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in text.as_bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}")
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
    /// The embedded component data does not match its hash.
    #[error(
        "the record's component data was changed: its hash is {found}, the data's is {actual}"
    )]
    Tampered {
        /// The hash the record states.
        found: String,
        /// The hash of the data it carries.
        actual: String,
    },
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
            components: None,
        }
    }

    /// Carries `text`, the component file the game was built from, with its hash.
    pub fn embed_components(&mut self, text: &str) {
        self.components = Some(EmbeddedComponents {
            hash: content_hash(text),
            data: text.to_string(),
        });
    }

    /// The embedded component file's text, if any, once its hash is checked.
    pub fn components_text(&self) -> Result<Option<&str>, ReplayError> {
        let Some(embedded) = &self.components else {
            return Ok(None);
        };
        let actual = content_hash(&embedded.data);
        if actual != embedded.hash {
            return Err(ReplayError::Tampered {
                found: embedded.hash.clone(),
                actual,
            });
        }
        Ok(Some(&embedded.data))
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

    /// Rebuilds the rules (with the embedded component data, if any) and replays every
    /// decision through the checked `apply`.
    pub fn replay<G: Game>(&self) -> Result<(G, G::State), ReplayError> {
        let components = self.components_text()?;
        self.replay_with(|players, options| match components {
            Some(text) => G::with_components(players, options, text),
            None => G::new(players, options),
        })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Nim;

    #[test]
    fn embedded_components_are_checked_against_their_hash() {
        let game = Nim::new(2, Default::default()).expect("valid");
        let mut record = Record::new(&game, Vec::new(), None);
        assert_eq!(record.components_text(), Ok(None));
        record.embed_components("pile = 5\n");
        assert_eq!(record.components_text(), Ok(Some("pile = 5\n")));
        let json = serde_json::to_value(&record).expect("serialises");
        assert_eq!(json["components"]["data"], "pile = 5\n");
        let back: Record = serde_json::from_value(json).expect("reads back");
        assert_eq!(back, record);
        let mut tampered = record.clone();
        if let Some(c) = tampered.components.as_mut() {
            c.data = "pile = 6\n".into();
        }
        let e = tampered
            .components_text()
            .expect_err("tampered data is refused");
        assert!(e.to_string().contains("component data was changed"), "{e}");
        assert_eq!(tampered.replay::<Nim>().err(), Some(e));
    }

    #[test]
    fn a_record_without_components_has_no_such_field() {
        let game = Nim::new(2, Default::default()).expect("valid");
        let record = Record::new(&game, Vec::new(), None);
        let json = serde_json::to_value(&record).expect("serialises");
        assert!(json.get("components").is_none());
        assert_ne!(content_hash("a"), content_hash("b"));
        assert_eq!(content_hash(""), "fnv1a64:cbf29ce484222325");
    }
}
