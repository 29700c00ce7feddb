//! Dense action ids and observation tensors, for the learning libraries (OpenSpiel,
//! PettingZoo). Ids never depend on the component data, so they stay stable when it changes;
//! new kinds of action are only ever numbered after the existing ones.
//!
//! Seat actions, in id order: `Place(animal)` 0–6, `ChooseMode(category)` 7–10, `Roll`,
//! `Skip`, `Reroll`, `Keep` 11–14, `Medicine(animal)` 15–21, `Select(cell)` 22–142,
//! `MoveTo(cell)` 143–263, `Pass` 264, `Guess(animal)` 265–271, `NoGuess`, `DuelRoll` 272–273,
//! `Retreat(cell)` 274–394, `TakeSpace`, `StayBack`, `NoMedicine` 395–397 (398 in all).
//! Cells are `row * 11 + column`.
//!
//! Chance outcomes, in id order: `Dealt(animal)` 0–6, `DrawMode(category)` 7–10, `Die(n)` for
//! n = 0–255 (11–266), `Reveal(tile)`: a flag worth v = 0–255 (267–522), then Sherri's
//! Medicine, a die, a points tile (523–525); 526 in all.
//!
//! The observation is a flat vector of [`OBSERVATION_LEN`] numbers, from the seat's view:
//! - 121 cells × 15 planes (cell-major): planes 0–3 an animal tile of colour Red, Blue, Yellow,
//!   Green stands there; 4–10 its animal (Puma, Wolf, Bison, Deer, Bear, Otter, Squirrel) when
//!   the seat knows it; 11 a face-down animal the seat does not know; 12 its wounds / 3 when
//!   known; 13 a face-down forest tile lies there; 14 a face-up flag's value / 15.
//! - per colour (4 × 12, zeros for absent seats): score / 100, medicine / 4, die tiles / 4,
//!   animals in hand / 7, then for each of the 7 animal cards: wounds / 3 (out counts as 1).
//!   That is 4 + 7 = 11 values, and 1 if the seat is present: 12.
//! - the game (44): the seat (4, one-hot), whose turn (4), who decides (4), the marker
//!   holder (4), day or night (2), the round / 21, last round, over, the die / 6, the round's
//!   battle mode (4), face-up battle modes (4), battle modes left per category / 8 (4), a
//!   duel in progress, the seat is challenger, the seat is defender, the selected cell's row
//!   and column / 10, the duel's rolls / 6 (2), forest tiles left / 20.

use std::sync::OnceLock;

use sylvan_engine::encode::{Features, IdTable};
use sylvan_engine::Seat;

use crate::action::Action;
use crate::components::{Animal, Category, Cell, ForestTile, Side, CELLS};
use crate::state::Space;
use crate::view::View;

const CELL_PLANES: usize = 15;
const PER_COLOUR: usize = 12;
const GLOBALS: usize = 4 * 4 + 2 + 3 + 1 + 4 + 4 + 4 + 3 + 2 + 2 + 1;
/// Numbers in one observation.
pub const OBSERVATION_LEN: usize = CELLS * CELL_PLANES + 4 * PER_COLOUR + GLOBALS;

fn cells() -> impl Iterator<Item = Cell> {
    (0..CELLS as u8).map(Cell)
}

/// Every seat action, in id order.
pub fn seat_actions() -> &'static IdTable<Action> {
    static TABLE: OnceLock<IdTable<Action>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut all = Vec::new();
        all.extend(Animal::ALL.iter().map(|&a| Action::Place(a)));
        all.extend(Category::ALL.iter().map(|&c| Action::ChooseMode(c)));
        all.extend([Action::Roll, Action::Skip, Action::Reroll, Action::Keep]);
        all.extend(Animal::ALL.iter().map(|&a| Action::Medicine(a)));
        all.extend(cells().map(Action::Select));
        all.extend(cells().map(Action::MoveTo));
        all.push(Action::Pass);
        all.extend(Animal::ALL.iter().map(|&a| Action::Guess(a)));
        all.extend([Action::NoGuess, Action::DuelRoll]);
        all.extend(cells().map(Action::Retreat));
        all.extend([Action::TakeSpace, Action::StayBack, Action::NoMedicine]);
        IdTable::new(all)
    })
}

/// Every chance outcome, in id order.
pub fn chance_outcomes() -> &'static IdTable<Action> {
    static TABLE: OnceLock<IdTable<Action>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut all = Vec::new();
        all.extend(Animal::ALL.iter().map(|&a| Action::Dealt(a)));
        all.extend(Category::ALL.iter().map(|&c| Action::DrawMode(c)));
        all.extend((0..=u8::MAX).map(Action::Die));
        all.extend((0..=u8::MAX).map(|v| Action::Reveal(ForestTile::Flag(v))));
        all.extend([ForestTile::Medicine, ForestTile::Die, ForestTile::Points].map(Action::Reveal));
        IdTable::new(all)
    })
}

fn seat_hot(f: &mut Features<'_>, seat: Option<Seat>) {
    f.one_hot(4, seat.map(Seat::index));
}

/// Writes `seat`'s observation (see the module's documentation).
pub fn observation(_game: &crate::Woodwalkers, view: &View, seat: Seat, out: &mut Vec<f32>) {
    let mut f = Features::new(out);
    f.pad_to(CELLS * CELL_PLANES);
    let at = |cell: Cell, plane: usize| {
        if cell.on_grid() {
            cell.0 as usize * CELL_PLANES + plane
        } else {
            usize::MAX
        }
    };
    for t in &view.tiles {
        f.set(at(t.cell, t.colour.index()), 1.0);
        match t.animal {
            Some(a) => f.set(at(t.cell, 4 + a.index()), 1.0),
            None => f.set(at(t.cell, 11), 1.0),
        };
        f.set(at(t.cell, 12), f32::from(t.wounds.unwrap_or(0)) / 3.0);
    }
    for s in &view.forest {
        match s.space {
            Space::FaceDown => f.set(at(s.cell, 13), 1.0),
            Space::Flag(v) => f.set(at(s.cell, 14), f32::from(v) / 15.0),
            Space::Open => &mut f,
        };
    }
    // Per colour: the players in seat order play the colours in order.
    for i in 0..4 {
        let start = f.len();
        if let Some(p) = view.players.get(i) {
            f.scaled(f64::from(p.score), 100.0)
                .scaled(f64::from(p.medicine), 4.0)
                .scaled(f64::from(p.die_tiles), 4.0)
                .scaled(f64::from(p.in_hand), 7.0);
            for c in p.cards.iter().take(7) {
                f.scaled(if c.out { 3.0 } else { f64::from(c.wounds) }, 3.0);
            }
            f.pad_to(start + PER_COLOUR - 1).flag(true);
        } else {
            f.pad_to(start + PER_COLOUR);
        }
    }
    seat_hot(&mut f, Some(seat));
    seat_hot(&mut f, Some(view.turn));
    seat_hot(&mut f, view.to_move);
    seat_hot(&mut f, Some(view.holder));
    f.one_hot(2, Some(usize::from(view.side == Side::Night)))
        .scaled(f64::from(view.round), 21.0)
        .flag(view.last_round)
        .flag(view.over)
        .scaled(f64::from(view.roll), 6.0)
        .one_hot(4, view.mode.as_ref().map(|(c, _)| c.index()));
    for c in Category::ALL {
        f.flag(view.modes_up.contains(&c));
    }
    for c in Category::ALL {
        let n = view
            .stack
            .iter()
            .find(|(k, _)| *k == c)
            .map_or(0, |(_, n)| *n);
        f.scaled(f64::from(n), 8.0);
    }
    let duel = view.duel.as_ref();
    let selected = view.selected.filter(|c| c.on_grid());
    let tiles_left: u32 = view.mix.iter().map(|(_, n)| u32::from(*n)).sum();
    let rolls = duel.map_or([0, 0], |d| d.rolls);
    f.flag(duel.is_some())
        .flag(duel.is_some_and(|d| d.challenger == seat))
        .flag(duel.is_some_and(|d| d.defender == seat))
        .scaled(selected.map_or(0.0, |c| f64::from(c.row())), 10.0)
        .scaled(selected.map_or(0.0, |c| f64::from(c.col())), 10.0)
        .scaled(f64::from(rolls[0]), 6.0)
        .scaled(f64::from(rolls[1]), 6.0)
        .scaled(f64::from(tiles_left), 20.0);
    debug_assert_eq!(f.len(), OBSERVATION_LEN);
}
