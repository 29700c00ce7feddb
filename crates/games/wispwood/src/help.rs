//! What a person at the table reads besides the position: the actions a player may name, so
//! that a refused one is told which rule keeps it out.

use crate::board::{self, SQUARES};
use crate::{square_name, Action, Phase, State, Wispwood};

/// The most wisp spaces, shapes and orientations a decision offers.
const CHOICES: u8 = 8;

/// Every seat action of the game on every square, legal or not.
pub(crate) fn named_actions(out: &mut Vec<Action>) {
    out.clear();
    for i in 0..CHOICES {
        out.extend([
            Action::TakeWisp(i),
            Action::CatTakeWisp(i),
            Action::Shape(i),
            Action::Orient(i),
        ]);
    }
    for sq in 0..SQUARES as u8 {
        out.extend([
            Action::Place(sq),
            Action::WispOn(sq),
            Action::Tree(sq),
            Action::MoveCat(sq),
        ]);
    }
    out.extend([
        Action::DealNew,
        Action::CatDeal,
        Action::TreeTurn,
        Action::EndTreeTurn,
        Action::CatStays,
    ]);
}

/// The drawn element of a pond wisp space (0-based index), as its number is shown.
pub(crate) fn space_target(space: u8) -> String {
    format!("pond space {}", space as u32 + 1)
}

/// The drawn element of a pond shape (ring index).
pub(crate) fn shape_target(shape: u8) -> String {
    format!("shape {}", shape as u32 + 1)
}

/// The drawn element of one orientation of the chosen shape.
pub(crate) fn orientation_target(o: u8) -> String {
    format!("orientation {}", o as u32 + 1)
}

impl Wispwood {
    /// The drawn elements an action acts on: the pond space, the shape, the orientation, or the
    /// square of the mover's forest (for placing a shape: its first square in reading order).
    pub(crate) fn targets(&self, s: &State, a: Action) -> Vec<String> {
        match a {
            Action::TakeWisp(sp) | Action::CatTakeWisp(sp) | Action::CattyStart(sp) => {
                vec![space_target(sp)]
            }
            Action::Shape(k) => vec![shape_target(k)],
            Action::Orient(o) => vec![orientation_target(o)],
            Action::Place(anchor) => match s.phase {
                Phase::Anchor { shape, orient, .. } => self
                    .oriented(shape, orient)
                    .map(|o| o.mask.checked_shl(anchor.into()).unwrap_or(0) & board::FULL)
                    .filter(|&m| m != 0)
                    .map(|m| vec![square_name(m.trailing_zeros() as u8)])
                    .unwrap_or_default(),
                _ => Vec::new(),
            },
            Action::WispOn(sq) | Action::Tree(sq) | Action::MoveCat(sq) => {
                vec![square_name(sq)]
            }
            _ => Vec::new(),
        }
    }
}
