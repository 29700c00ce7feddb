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

/// A seat's decision as `viewer` reads it: "You take Forest tile 10 Forest side up", "Player 2
/// completes the task at (0, 0), path ending at (-2, 0), for 3 points".
pub(crate) fn told(
    action: Action,
    seat: sylvan_engine::Seat,
    viewer: sylvan_engine::Viewer,
    points: Option<i32>,
) -> String {
    let you = viewer == sylvan_engine::Viewer::Seat(seat);
    let animal = |a: u8| ANIMAL_NAMES[a as usize % 4];
    // (what "you" do, what another player does)
    let (mine, theirs) = match action {
        Action::StartAnimal(a) => (
            format!("place the {} Animal on your Starting tile", animal(a)),
            format!("places the {} Animal on their Starting tile", animal(a)),
        ),
        Action::Refresh => (
            "flip a completed task and refresh the display".to_string(),
            "flips a completed task and refreshes the display".to_string(),
        ),
        Action::KeepDisplay => ("keep the display".into(), "keeps the display".into()),
        Action::TakeForest(t) => (
            format!("take {} Forest side up", tile_name(t)),
            format!("takes {} Forest side up", tile_name(t)),
        ),
        Action::TakeTask(t) => (
            format!("take {} Task side up with an Animal", tile_name(t)),
            format!("takes {} Task side up with an Animal", tile_name(t)),
        ),
        Action::Place(h) => (
            format!("place the tile at {h}"),
            format!("places the tile at {h}"),
        ),
        Action::Animal(a) => (
            format!("put the {} Animal on the task", animal(a)),
            format!("puts the {} Animal on the task", animal(a)),
        ),
        Action::Complete { task, end } => {
            let scored = match points {
                Some(1) => ", for 1 point".to_string(),
                Some(p) => format!(", for {p} points"),
                None => String::new(),
            };
            (
                format!("complete the task at {task}, path ending at {end}{scored}"),
                format!("completes the task at {task}, path ending at {end}{scored}"),
            )
        }
        Action::EndTurn => ("end the turn".into(), "ends the turn".into()),
        other => return format!("{seat}: {other}"),
    };
    if you {
        format!("You {mine}")
    } else {
        format!("{seat} {theirs}")
    }
}
