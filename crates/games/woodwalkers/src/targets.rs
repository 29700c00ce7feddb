//! The ids of the drawn elements a click on the board can pick (`data-target` in the SVG), shared
//! by the drawing and [`Game::action_targets`](sylvan_engine::Game::action_targets) so the two
//! cannot drift apart.

use sylvan_engine::{Actor, Seat};

use crate::components::{Animal, Category, Cell};
use crate::state::State;
use crate::{Action, Woodwalkers};

/// A space of the board ("cell-C1"): an animal to move, a destination, a starting space.
pub(crate) fn cell(c: Cell) -> String {
    format!("cell-{c}")
}

/// A face-up battle mode tile of this category.
pub(crate) fn mode(c: Category) -> String {
    format!("mode-{}", c.name().to_ascii_lowercase())
}

/// A player's animal card (its wounds cell in the card table).
pub(crate) fn card(s: Seat, a: Animal) -> String {
    format!("p{}-card-{}", s.0 + 1, a.name().to_ascii_lowercase())
}

/// An animal's row name in the card table (the Midnight Duel guess names an animal).
pub(crate) fn animal(a: Animal) -> String {
    format!("animal-{}", a.name().to_ascii_lowercase())
}

/// The die.
pub(crate) const DIE: &str = "die";

impl Woodwalkers {
    /// The drawn elements `a` acts on at `s`.
    pub(crate) fn click_targets(&self, s: &State, a: Action) -> Vec<String> {
        let Actor::Seat(me) = self.actor(s) else {
            return Vec::new();
        };
        match a {
            Action::Place(x) | Action::Medicine(x) => vec![card(me, x)],
            Action::Guess(x) => vec![animal(x)],
            Action::ChooseMode(c) => vec![mode(c)],
            Action::Roll | Action::Reroll | Action::DuelRoll => vec![DIE.into()],
            Action::Select(c) | Action::MoveTo(c) | Action::Retreat(c) => vec![cell(c)],
            Action::TakeSpace => s.duel.map(|d| cell(d.target)).into_iter().collect(),
            Action::StayBack => s.duel.map(|d| cell(d.origin)).into_iter().collect(),
            _ => Vec::new(),
        }
    }
}
