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

/// The viewer's animals on the board it can name, "C1 Wolf, D4 Bear", or "" when none.
fn own_animals(view: &View) -> String {
    let Some(me) = view.viewer else {
        return String::new();
    };
    let mine: Vec<String> = view
        .tiles
        .iter()
        .filter(|t| t.colour.index() == me.index())
        .map(|t| match t.animal {
            Some(a) => format!("{} {a}", t.cell),
            None => format!("{} (face down)", t.cell),
        })
        .collect();
    mine.join(", ")
}

/// The animal on `cell` as the viewer knows it: "your Wolf", "Player 2's face-down animal".
fn animal_on(view: &View, cell: Cell) -> String {
    let Some(t) = view.tiles.iter().find(|t| t.cell == cell) else {
        return format!("the animal on {cell}");
    };
    let owner = if view.viewer.map(|v| v.index()) == Some(t.colour.index()) {
        "your".to_string()
    } else {
        format!("Player {}'s", t.colour.index() + 1)
    };
    match t.animal {
        Some(a) => format!("{owner} {a} on {cell}"),
        None => format!("{owner} face-down animal on {cell}"),
    }
}

impl Woodwalkers {
    /// The rules of the decision the view shows, in the rulebook's words, with the animals named
    /// as far as the viewer knows them.
    pub(crate) fn decision_help(&self, view: &View) -> String {
        let now = view.deciding.as_str();
        let mut t = String::new();
        if now.starts_with("put an animal") {
            t.push_str(
                "Setup: place your animal tiles on your seven starting spaces, one at a time: \
                 choose the animal for the next open starting space.",
            );
            if view.side == crate::Side::Night {
                t.push_str(
                    " Midnight Duel: secretly look at your animal tiles and place them face \
                     down; you should remember where you place which animal tile.",
                );
            }
        } else if now.starts_with("choose the round's battle mode") {
            let up: Vec<&str> = view.modes_up.iter().map(|m| m.name()).collect();
            let _ = write!(
                t,
                "You hold the battle mode marker: choose one of the face up battle mode tiles \
                 ({}). The symbol on the tile shows the category of duels in this round: \
                 Endurance, Speed, Intelligence or Strength. A new tile is then drawn from the \
                 stack; the next player to the left starts rolling.",
                up.join(", ")
            );
        } else if now.starts_with("roll the die") {
            t.push_str(
                "Roll your die and move one of your animal tiles up to that many spaces, or \
                 skip rolling (no move this turn).",
            );
        } else if now.starts_with("choose the animal") {
            let _ = write!(
                t,
                "You rolled {}: the die always shows the maximum number of spaces you can move \
                 your animal tile, vertically or horizontally, never diagonally; you may stop \
                 sooner. Choose the animal to move.",
                view.roll
            );
            let mine = own_animals(view);
            if !mine.is_empty() {
                let _ = write!(t, " Your animals: {mine}.");
            }
        } else if now.starts_with("choose where") {
            if let Some(cell) = view.selected {
                let _ = write!(
                    t,
                    "Moving {} (rolled {}). ",
                    animal_on(view, cell),
                    view.roll
                );
            }
            t.push_str(
                "You cannot jump an animal tile or move onto another player's starting spaces, \
                 nor back onto your own once outside. A face-down forest tile where you stop is \
                 turned over; a space with another player's animal means a duel.",
            );
            if !view.destinations.is_empty() {
                let all: Vec<String> = view.destinations.iter().map(|c| c.to_string()).collect();
                let _ = write!(
                    t,
                    " It can reach (+ on the map, ! a duel): {}.",
                    all.join(", ")
                );
            }
        } else if now.contains("guesses the attacking animal") {
            t.push_str(
                "Midnight Duel: the player being challenged can take one guess, which animal \
                 attacked. If the player is correct, add one point to that player's roll. \
                 However, if the player was wrong, the challenger can add one point to their \
                 roll.",
            );
        } else if now.starts_with("roll for the duel") || now.starts_with("both dice") {
            if let Some(d) = &view.duel {
                let _ = write!(
                    t,
                    "Duel on {}: {} against {}. ",
                    d.target,
                    animal_on(view, d.origin),
                    animal_on(view, d.target)
                );
            }
            match &view.mode {
                Some((mode, _)) => {
                    let _ = write!(t, "This round's battle mode is {mode}. ");
                }
                None => t.push_str("No battle mode is in force. "),
            }
            t.push_str(
                "Each duellist adds their roll to the animal's value, minus one point per wound \
                 tile; the higher total wins, and if the totals are tied, the challenger loses. \
                 Sherri's Medicine removes one wound tile; a die tile lets you reroll your die \
                 once.",
            );
        } else if now.starts_with("the loser goes back") {
            t.push_str(
                "The player who lost the duel must move their animal tile back to any of their \
                 own open starting spaces and place one wound tile on that animal's card (three \
                 wound tiles take the animal out of the game).",
            );
        } else if now.starts_with("the winning challenger") {
            t.push_str(
                "The winner of the duel may move their figure to the now open space or stay on \
                 the space, and moves their score marker two spaces ahead. A flag on the space \
                 is captured, at least until a duel clears it.",
            );
        } else if now.starts_with("use medicine before") {
            t.push_str(
                "Before the final scoring you may use Sherri's Medicine to remove a wound tile: \
                 the player with fewer wound tiles wins a tie of points and flags.",
            );
        }
        t
    }
}
