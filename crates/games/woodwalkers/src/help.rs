//! What a person at the table reads besides the position: the actions a player may name, so
//! that a refused one is told which rule keeps it out.

use std::fmt::Write;

use crate::components::{Animal, Category, Cell, STRIDE};
use crate::{Action, View, Woodwalkers};

/// Every seat action of the game on every cell, legal or not.
pub(crate) fn named_actions(out: &mut Vec<Action>) {
    out.clear();
    for a in Animal::ALL {
        out.extend([Action::Place(a), Action::Medicine(a), Action::Guess(a)]);
    }
    for c in Category::ALL {
        out.push(Action::ChooseMode(c));
    }
    for i in 0..STRIDE * STRIDE {
        let cell = Cell(i);
        out.extend([
            Action::Select(cell),
            Action::MoveTo(cell),
            Action::Retreat(cell),
        ]);
    }
    out.extend([
        Action::Roll,
        Action::Skip,
        Action::Reroll,
        Action::Keep,
        Action::Pass,
        Action::NoGuess,
        Action::DuelRoll,
        Action::TakeSpace,
        Action::StayBack,
        Action::NoMedicine,
    ]);
}

impl Woodwalkers {
    /// The animal cards' four values and wounds, and the battle mode in force.
    pub(crate) fn rules_text(&self, view: &View) -> String {
        let c = self.components();
        let mut t = String::from(
            "Animal cards (the same values in every colour; a duel compares the battle mode's value, higher wins):\n",
        );
        let _ = writeln!(
            t,
            "  {:<10}{:>10}{:>7}{:>14}{:>10}",
            "Animal", "Endurance", "Speed", "Intelligence", "Strength"
        );
        for a in Animal::ALL {
            let v = |k| c.value(a, k);
            let _ = writeln!(
                t,
                "  {:<10}{:>10}{:>7}{:>14}{:>10}",
                a.name(),
                v(Category::Endurance),
                v(Category::Speed),
                v(Category::Intelligence),
                v(Category::Strength)
            );
        }
        match &view.mode {
            Some((mode, _)) => {
                let _ = writeln!(t, "Battle mode in force this round: {mode}.");
            }
            None => t.push_str("No battle mode is chosen yet this round.\n"),
        }
        t.push_str("Wounds (an animal with 3 leaves the game):\n");
        for p in &view.players {
            let wounded: Vec<String> = p
                .cards
                .iter()
                .filter(|card| card.wounds > 0 || card.out)
                .map(|card| {
                    if card.out {
                        format!("{} (out)", card.animal)
                    } else {
                        format!("{} {}", card.animal, card.wounds)
                    }
                })
                .collect();
            let list = if wounded.is_empty() {
                "none".to_string()
            } else {
                wounded.join(", ")
            };
            let _ = writeln!(
                t,
                "  {}: {list}; animals on flags: {}, worth {}",
                p.seat, p.flags.0, p.flags.1
            );
        }
        t
    }
}
