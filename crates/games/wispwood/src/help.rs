//! What a person at the table reads besides the position: the actions a player may name, so
//! that a refused one is told which rule keeps it out.

use crate::board::SQUARES;
use crate::Action;

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
