//! Dense action ids and observation tensors, for the learning libraries (OpenSpiel,
//! PettingZoo). Ids never depend on the component data; new kinds of action are only ever
//! numbered after the existing ones.
//!
//! A forest has no fixed grid, so the actions that name its places are numbered by the
//! mover's forest, which every seat sees: a cell is its index among the forest's tiles in the
//! order they lie in the state (at most 97).
//!
//! Seat actions, in id order: `Refresh` 0, `KeepDisplay` 1, `TakeForest(tile)` 2–98,
//! `TakeTask(tile)` 99–195 (tiles 0–96), `StartAnimal(a)` 196–199, `Animal(a)` 200–203,
//! `EndTurn` 204, `Place(hex)` 205–786 as 205 + cell × 6 + direction (the hex is that cell's
//! neighbour in that direction; an id names the first such cell and direction),
//! `Complete { task, end }` 787–10195 as 787 + task cell × 97 + end cell. 10,196 in all.
//!
//! Chance outcomes, in id order: `Bear(seat)` 0–3, `Draw(tile)` 4–100 (tiles 0–96).
//!
//! The observation is a flat vector of [`OBSERVATION_LEN`] numbers, from the seat's view:
//! - 4 player blocks (seat order; zeros for absent seats) of [`PLAYER_LEN`]: present, points /
//!   100, completed tasks / 20, flips / 10, bonus cards ×2, ×3, ×4, ×5 held (4), unused
//!   animals (4 flags), then 97 cell slots (forest order) of 20: present, q / 10, r / 10, its
//!   Forest-side element (6, one-hot; none for the Starting tile), the animal on it (4,
//!   one-hot), its task's elements counted per element / 3 (6), its task's VP / 10.
//! - the table: the seat (4, one-hot), the current player (4), the Bear (4), the turn / 50,
//!   end triggered, over, tiles in the bag per element / 20 (6), bonus cards left per kind /
//!   4 (4), tiles in the display (97 flags by tile number), tiles in the old display (97).

use std::sync::OnceLock;

use sylvan_engine::encode::{Features, IdTable};
use sylvan_engine::Seat;

use crate::action::Action;
use crate::components::{Element, BONUS_KINDS};
use crate::state::{Hex, State, MAX_CELLS};
use crate::view::View;

const TILES: usize = 97;
const ANIMALS: usize = 4;
const PLACE: usize = 205;
const COMPLETE: usize = PLACE + MAX_CELLS * 6;
const SEAT_ACTIONS: usize = COMPLETE + MAX_CELLS * MAX_CELLS;
const CELL_LEN: usize = 20;
/// Numbers in one player's block.
pub const PLAYER_LEN: usize = 4 + BONUS_KINDS + ANIMALS + MAX_CELLS * CELL_LEN;
/// Numbers in one observation.
pub const OBSERVATION_LEN: usize = 4 * PLAYER_LEN + 12 + 3 + Element::NUM + BONUS_KINDS + 2 * TILES;

/// The actions that need no forest, in id order.
fn fixed_actions() -> &'static IdTable<Action> {
    static TABLE: OnceLock<IdTable<Action>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let tiles = 0..TILES as u8;
        let animals = 0..ANIMALS as u8;
        let mut all = vec![Action::Refresh, Action::KeepDisplay];
        all.extend(tiles.clone().map(Action::TakeForest));
        all.extend(tiles.map(Action::TakeTask));
        all.extend(animals.clone().map(Action::StartAnimal));
        all.extend(animals.map(Action::Animal));
        all.push(Action::EndTurn);
        IdTable::new(all)
    })
}

/// Every seat action can have an id below this.
pub fn num_seat_actions() -> usize {
    SEAT_ACTIONS
}

fn cell_of(state: &State, hex: Hex) -> Option<usize> {
    state.me().forest.cells().iter().position(|c| c.hex == hex)
}

/// The id of a seat action at `state`.
pub fn seat_action_id(state: &State, action: Action) -> Option<usize> {
    match action {
        Action::Place(hex) => {
            let cells = state.me().forest.cells();
            cells.iter().enumerate().find_map(|(i, c)| {
                (0..6)
                    .find(|&d| c.hex.neighbour(d) == Some(hex))
                    .map(|d| PLACE + i * 6 + d)
            })
        }
        Action::Complete { task, end } => {
            Some(COMPLETE + cell_of(state, task)? * MAX_CELLS + cell_of(state, end)?)
        }
        other => fixed_actions().id(other),
    }
}

/// The seat action numbered `id` at `state`.
pub fn seat_action(state: &State, id: usize) -> Option<Action> {
    let cells = state.me().forest.cells();
    if id >= COMPLETE {
        let (task, end) = ((id - COMPLETE) / MAX_CELLS, (id - COMPLETE) % MAX_CELLS);
        Some(Action::Complete {
            task: cells.get(task)?.hex,
            end: cells.get(end)?.hex,
        })
    } else if id >= PLACE {
        let (cell, d) = ((id - PLACE) / 6, (id - PLACE) % 6);
        cells.get(cell)?.hex.neighbour(d).map(Action::Place)
    } else {
        fixed_actions().action(id)
    }
}

/// Every chance outcome, in id order.
pub fn chance_outcomes() -> &'static IdTable<Action> {
    static TABLE: OnceLock<IdTable<Action>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut all: Vec<Action> = (0..4).map(|s| Action::Bear(Seat(s))).collect();
        all.extend((0..TILES as u8).map(Action::Draw));
        IdTable::new(all)
    })
}

/// Writes `seat`'s observation (see the module's documentation).
pub fn observation(_game: &crate::WhisperingWoods, view: &View, seat: Seat, out: &mut Vec<f32>) {
    let mut f = Features::new(out);
    for p in 0..4 {
        let start = f.len();
        let Some(player) = view.players.get(p) else {
            f.pad_to(start + PLAYER_LEN);
            continue;
        };
        f.flag(true)
            .scaled(f64::from(player.points), 100.0)
            .scaled(player.completed.len() as f64, 20.0)
            .scaled(f64::from(player.flips), 10.0);
        for &b in &player.bonus {
            f.scaled(f64::from(b), 1.0);
        }
        for a in 0..ANIMALS as u8 {
            f.flag(player.unused_animals.contains(&a));
        }
        for c in player.forest.iter().take(MAX_CELLS) {
            f.flag(true)
                .scaled(f64::from(c.hex.q), 10.0)
                .scaled(f64::from(c.hex.r), 10.0);
            f.one_hot(Element::NUM, c.tile.forest.map(Element::index))
                .one_hot(ANIMALS, c.animal.map(usize::from));
            let mut counts = [0u8; Element::NUM];
            for e in &c.tile.task {
                counts[e.index()] += 1;
            }
            for n in counts {
                f.scaled(f64::from(n), 3.0);
            }
            f.scaled(f64::from(c.tile.vp), 10.0);
        }
        f.pad_to(start + PLAYER_LEN);
    }
    f.one_hot(4, Some(seat.index()))
        .one_hot(4, Some(view.current.index()))
        .one_hot(4, Some(view.bear.index()))
        .scaled(f64::from(view.turn), 50.0)
        .flag(view.end_triggered)
        .flag(view.over);
    for &n in &view.bag {
        f.scaled(f64::from(n), 20.0);
    }
    for &(left, _) in &view.bonus_left {
        f.scaled(f64::from(left), 4.0);
    }
    for display in [&view.display, &view.old_display] {
        let start = f.len();
        f.pad_to(start + TILES);
        for t in display.iter() {
            if usize::from(t.id) < TILES {
                f.set(start + usize::from(t.id), 1.0);
            }
        }
    }
    debug_assert_eq!(f.len(), OBSERVATION_LEN);
}
