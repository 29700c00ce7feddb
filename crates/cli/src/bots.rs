//! Bots that can sit at a `play` table.
//!
//! The seam for more bots: a [`Bot`] sees only its [`Turn`] (its seat, the legal actions and
//! its own view), never the true state, and answers with an index into the legal actions.
//! Search bots (greedy, MCTS, ISMCTS) need the static game type; when `crates/bots` exists they
//! will be reached through the catalog (one monomorphised constructor per game) and wrapped in
//! this trait, and [`make_bot`] will list them.

use serde_json::Value;
use sylvan_catalog::{CatalogError, DynGame, LegalAction, Seat, Viewer};
use sylvan_engine::GameRng;

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

    /// What this seat may see, as the game's view JSON.
    pub fn view(&self) -> Result<Value, CatalogError> {
        self.game.view(Viewer::Seat(self.seat))
    }
}

/// A player that is not a person.
pub trait Bot {
    /// The name it is listed under (and recorded as in the seats).
    fn name(&self) -> &str;
    /// Picks one of `turn.legal()` by index. The list is never empty.
    fn choose(&mut self, turn: &Turn<'_>) -> usize;
}

/// Uniformly random among the legal actions, with its own generator.
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::seeded(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, turn: &Turn<'_>) -> usize {
        self.rng.below(turn.legal().len().max(1) as u64) as usize
    }
}

/// The names [`make_bot`] knows.
pub const BOTS: &[&str] = &["random"];

/// The bot called `name`, seeded with `seed`.
pub fn make_bot(name: &str, seed: u64) -> Result<Box<dyn Bot>, String> {
    match name {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        other => Err(format!(
            "unknown seat '{other}': a seat is 'human' or one of the bots: {}",
            BOTS.join(", ")
        )),
    }
}
