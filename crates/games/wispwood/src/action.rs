//! The decisions of Wispwood, worded as the rulebook words them.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board;
use crate::components::Wisp;

/// One decision. Squares are board squares (`row * 11 + column`), written like `f6`
/// (column letter a–k, row number 1–11).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Chance: this goal card (index into the components' cards) is dealt for its category.
    Goal(u8),
    /// Chance: this seat (0-based) is the start player.
    StartPlayer(u8),
    /// Chance: the tile dealt to the pond shows this wisp.
    Reveal(Wisp),
    /// Chance (solo): this wisp type goes on the next level of Catty's scoring guide.
    CattyGuide(Wisp),
    /// Solo: Catty's cat replaces the wisp on this pond space.
    CattyStart(u8),
    /// Chance (solo): Catty's firefly token turned over shows this number.
    Firefly(u8),
    /// All wisps on the pond are one type: discard them and deal new ones (8, or 7 around
    /// Catty's cat in the solo game).
    DealNew,
    /// Hide the cat to discard the pond's wisps and deal new ones (8, or 7 around Catty's
    /// cat in the solo game).
    CatDeal,
    /// Choose the wisp on this pond space (basic turn).
    TakeWisp(u8),
    /// Hide the cat to take the wisp on this pond space with any shape of the pond.
    CatTakeWisp(u8),
    /// Choose this shape (ring index) for the chosen wisp.
    Shape(u8),
    /// Turn (rotate or mirror) the shape to this orientation.
    Orient(u8),
    /// Put the shape down with its top-left corner on this square.
    Place(u8),
    /// The wisp goes on this square of the shape; the rest are trees.
    WispOn(u8),
    /// Take a tree turn.
    TreeTurn,
    /// Place a tree on this square (tree turn).
    Tree(u8),
    /// End the tree turn and make the cat ready.
    EndTreeTurn,
    /// Move the cat to the tree on this square (between rounds).
    MoveCat(u8),
    /// Leave the cat where it is (between rounds).
    CatStays,
}

/// A square as text, e.g. `f6`.
pub fn square_name(sq: u8) -> String {
    let (r, c) = board::row_col(sq);
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Goal(i) => write!(f, "goal card {i} is dealt"),
            Action::StartPlayer(s) => write!(f, "Player {} starts", s as u32 + 1),
            Action::Reveal(w) => write!(f, "{} is dealt to the pond", w.with_article()),
            Action::CattyGuide(w) => write!(f, "the {w} goes on Catty's scoring guide"),
            Action::CattyStart(s) => {
                write!(f, "Catty's cat replaces the wisp on space {}", s as u32 + 1)
            }
            Action::Firefly(v) => write!(f, "Catty's firefly shows {v}"),
            Action::DealNew => f.write_str("discard the wisps, all of one type, and deal new ones"),
            Action::CatDeal => f.write_str("hide your cat to deal new wisps"),
            Action::TakeWisp(s) => write!(f, "choose the wisp on space {}", s as u32 + 1),
            Action::CatTakeWisp(s) => write!(
                f,
                "hide your cat to take the wisp on space {} with any shape",
                s as u32 + 1
            ),
            Action::Shape(s) => write!(f, "choose shape {}", s as u32 + 1),
            Action::Orient(o) => write!(f, "turn the shape to orientation {}", o as u32 + 1),
            Action::Place(sq) => write!(f, "place the shape at {}", square_name(sq)),
            Action::WispOn(sq) => write!(f, "the wisp goes on {}", square_name(sq)),
            Action::TreeTurn => f.write_str("take a tree turn"),
            Action::Tree(sq) => write!(f, "place a tree on {}", square_name(sq)),
            Action::EndTreeTurn => f.write_str("make your cat ready"),
            Action::MoveCat(sq) => write!(f, "move your cat to {}", square_name(sq)),
            Action::CatStays => f.write_str("leave your cat where it is"),
        }
    }
}
