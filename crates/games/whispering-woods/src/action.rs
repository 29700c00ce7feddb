//! One decision: a player's choice or a chance outcome, with rulebook-worded text.

use std::fmt;

use serde::{Deserialize, Serialize};
use sylvan_engine::Seat;

use crate::state::{Hex, TileId, START};

/// A decision of a player or an outcome of chance.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Chance: this player takes the Bear and starts.
    Bear(Seat),
    /// Chance: this Forest tile comes out of the bag.
    Draw(TileId),
    /// Solo setup: this Animal goes on the Starting tile.
    StartAnimal(u8),
    /// Step 1: flip a completed task to its Forest side and refresh the whole display.
    Refresh,
    /// Step 1: keep the display as it is.
    KeepDisplay,
    /// Step 2: take this tile to place it Forest side up (option A, one of two tiles).
    TakeForest(TileId),
    /// Step 2: take this tile to place it Task side up with an animal (option B).
    TakeTask(TileId),
    /// Step 2: place the taken tile here, beside a tile of the forest.
    Place(Hex),
    /// Solo: put this unused Animal on the new task.
    Animal(u8),
    /// Step 3: the animal on the task at `task` walks its path to `end`.
    Complete {
        /// The task tile (leaves the forest).
        task: Hex,
        /// Where the path ends (flips to its Task side; the animal stays there).
        end: Hex,
    },
    /// Step 3: complete no more tasks; the turn ends.
    EndTurn,
}

/// The solo Animal colours' names, by animal number.
pub const ANIMAL_NAMES: [&str; 4] = ["Yellow", "Red", "Blue", "Green"];

fn tile_name(t: TileId) -> String {
    if t == START {
        "the Starting tile".into()
    } else {
        format!("Forest tile {t}")
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Bear(s) => write!(f, "{s} takes the Bear and starts"),
            Action::Draw(t) => write!(f, "Draw {} from the bag", tile_name(t)),
            Action::StartAnimal(a) => write!(
                f,
                "Place the {} Animal on the Starting tile",
                ANIMAL_NAMES[a as usize % 4]
            ),
            Action::Refresh => f.write_str("Flip a completed task and refresh the display"),
            Action::KeepDisplay => f.write_str("Keep the display"),
            Action::TakeForest(t) => write!(f, "Take {} Forest side up", tile_name(t)),
            Action::TakeTask(t) => write!(f, "Take {} Task side up with an Animal", tile_name(t)),
            Action::Place(h) => write!(f, "Place it at {h}"),
            Action::Animal(a) => write!(
                f,
                "Put the {} Animal on the task",
                ANIMAL_NAMES[a as usize % 4]
            ),
            Action::Complete { task, end } => {
                write!(f, "Complete the task at {task}, path ending at {end}")
            }
            Action::EndTurn => f.write_str("End the turn"),
        }
    }
}
