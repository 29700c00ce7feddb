//! Decisions, worded as the rulebook words them. Animals on the board are named by the space
//! they stand on, never by what they are, so an action's text leaks nothing at night.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::components::{Animal, Category, Cell, ForestTile};

/// One decision of a player or of chance.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Put this animal on your next open starting space (setup; face down at night).
    Place(Animal),
    /// Chance: this animal goes on the next starting space (random arrangement).
    Dealt(Animal),
    /// Chance: a battle mode tile of this category is turned face up.
    DrawMode(Category),
    /// The marker holder chooses the face-up battle mode tile of this category.
    ChooseMode(Category),
    /// Roll your die to move.
    Roll,
    /// Skip rolling: no move this turn.
    Skip,
    /// Chance: the die shows this number.
    Die(u8),
    /// Use a die tile to roll again.
    Reroll,
    /// Keep the roll (when a die tile could reroll it).
    Keep,
    /// Use Sherri's Medicine to remove a wound from this animal's card.
    Medicine(Animal),
    /// Move the animal standing on this space.
    Select(Cell),
    /// Move it to this space (a duel if another player's animal is there).
    MoveTo(Cell),
    /// None of your animals can move: the turn ends.
    Pass,
    /// Chance: the face-down forest tile turned over is this one.
    Reveal(ForestTile),
    /// Midnight Duel: the challenged player guesses the attacking animal.
    Guess(Animal),
    /// Midnight Duel: the challenged player does not guess.
    NoGuess,
    /// Roll for the duel.
    DuelRoll,
    /// The duel's loser goes back to this open starting space of its own.
    Retreat(Cell),
    /// The winning challenger takes the space it won.
    TakeSpace,
    /// The winning challenger stays where it was.
    StayBack,
    /// Before the final scoring: keep the rest of your medicine unused.
    NoMedicine,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Place(a) => write!(f, "Put the {a} on your next starting space"),
            Action::Dealt(a) => write!(f, "The {a} goes on the next starting space"),
            Action::DrawMode(c) => {
                let article = match c {
                    Category::Endurance | Category::Intelligence => "An",
                    _ => "A",
                };
                write!(f, "{article} {c} battle mode tile is turned face up")
            }
            Action::ChooseMode(c) => write!(f, "Choose the {c} battle mode tile"),
            Action::Roll => f.write_str("Roll the die"),
            Action::Skip => f.write_str("Skip rolling"),
            Action::Die(n) => write!(f, "The die shows {n}"),
            Action::Reroll => f.write_str("Reroll with a die tile"),
            Action::Keep => f.write_str("Keep the roll"),
            Action::Medicine(a) => write!(f, "Use Sherri's Medicine on your {a}"),
            Action::Select(c) => write!(f, "Move the animal on {c}"),
            Action::MoveTo(c) => write!(f, "Move it to {c}"),
            Action::Pass => f.write_str("No animal can move"),
            Action::Reveal(t) => write!(f, "The forest tile is {t}"),
            Action::Guess(a) => write!(f, "Guess that the attacker is the {a}"),
            Action::NoGuess => f.write_str("Do not guess"),
            Action::DuelRoll => f.write_str("Roll for the duel"),
            Action::Retreat(c) => write!(f, "Go back to the starting space {c}"),
            Action::TakeSpace => f.write_str("Take the space"),
            Action::StayBack => f.write_str("Stay where you were"),
            Action::NoMedicine => f.write_str("Use no more medicine"),
        }
    }
}
