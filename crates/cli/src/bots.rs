//! Bots that sit at a `play` table.
//!
//! A [`Bot`] sees only its [`Turn`] (its seat and the legal actions) and asks the game for a
//! suggestion through [`DynGame::suggest`], which decides from that seat's observation: the
//! bot has no way to reach the true state.

use sylvan_bots::{BotError, BotSpec};
use sylvan_catalog::{CatalogError, DynGame, LegalAction, Seat};
use sylvan_engine::derive_seed;

/// What a bot may know when it decides.
pub struct Turn<'a> {
    seat: Seat,
    legal: &'a [LegalAction],
    game: &'a dyn DynGame,
}

impl<'a> Turn<'a> {
    /// The turn of `seat` in `game`, choosing among `legal`.
    pub fn new(seat: Seat, legal: &'a [LegalAction], game: &'a dyn DynGame) -> Self {
        Turn { seat, legal, game }
    }

    /// The seat deciding.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The legal actions, in the game's order.
    pub fn legal(&self) -> &[LegalAction] {
        self.legal
    }
}

/// A player that is not a person.
pub trait Bot {
    /// The name it is listed under (and recorded as in the seats).
    fn name(&self) -> &str;
    /// Picks one of `turn.legal()` by index. The list is never empty.
    fn choose(&mut self, turn: &Turn<'_>) -> Result<usize, CatalogError>;
}

/// A bot of `sylvan-bots`, deciding through the game's seat-only suggestion.
pub struct SearchBot {
    spec: BotSpec,
    seed: u64,
    decisions: u64,
}

impl Bot for SearchBot {
    fn name(&self) -> &str {
        &self.spec.label
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<usize, CatalogError> {
        self.decisions += 1;
        let suggestion = turn
            .game
            .suggest(&self.spec, derive_seed(self.seed, self.decisions))?;
        Ok(turn
            .legal()
            .iter()
            .position(|a| a.action == suggestion.action)
            .unwrap_or(0))
    }
}

/// The bot asked for by `name` (`random`, `greedy`, `mcts`, `ismcts`, optionally with a
/// difficulty or budget such as `ismcts:hard` or `mcts:500ms`), seeded with `seed`.
pub fn make_bot(name: &str, seed: u64, threads: usize) -> Result<Box<dyn Bot>, String> {
    let spec: BotSpec = name.parse().map_err(|e: BotError| match e {
        BotError::UnknownBot(n) => format!(
            "unknown seat '{n}': a seat is 'human' or a bot (random, greedy, mcts, ismcts), optionally with a difficulty: ismcts:easy, ismcts:medium, ismcts:hard"
        ),
        other => other.to_string(),
    })?;
    let spec = spec
        .for_people()
        .and_then(|s| s.with_threads(threads))
        .map_err(|e| e.to_string())?;
    Ok(Box::new(SearchBot {
        spec,
        seed,
        decisions: 0,
    }))
}
