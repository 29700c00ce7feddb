//! Dense action ids and observation tensors, for the learning libraries (OpenSpiel,
//! PettingZoo). Ids never depend on the component data; new kinds of action are only ever
//! numbered after the existing ones. Colours are Blue, Teal, Orange, White, Purple, Yellow,
//! Spirit; animals and cards in the rulebook's (alphabetical) order.
//!
//! Seat actions, in id order: `Tile(t)` 0–4, `Pass(t)` 5–9, `PassWithoutTile` 10,
//! `Take(colour)` 11–17, `Place { stone, animal, set }` 18–437 (stone-major, then animal, then
//! set 0–3), `MoveCoyote(animal)` 438–452, `KeepCoyote` 453, `UseCard { pile, card }` 454–489,
//! `Remove { owner, animal, spot, stone }` 490–3009 (owner-major, then animal, then spot:
//! spaces 0–9, the Spirit Stone space, the Nest; then stone), `Return(c)` 3010–3016,
//! `Give(c)` 3017–3023, `TakeAll(c)` 3024–3030, `ReturnAll(c)` 3031–3037, `Name(c)`
//! 3038–3044, `ElkTwoStones` 3045, `ElkSpiritStone` 3046, `Empty(animal)` 3047–3061,
//! `DrawAnother` 3062, `StopDrawing` 3063: 3,064 in all.
//!
//! Chance outcomes, in id order: `Draw(colour)` 0–6, `Reveal(card)` 7–24, `Animal(animal)`
//! 25–39: 40 in all.
//!
//! The observation is a flat vector of [`OBSERVATION_LEN`] numbers, from the seat's view:
//! - 2 sides (seat order), each: 8 board slots (in the side's order; zeros when fewer) of
//!   [`BOARD_LEN`]: present, the animal (15, one-hot), points / 20, Spirit Stone placed,
//!   stones in the Nest per colour / 5 (7), and the stones on the board: 4 sets × 10 spaces ×
//!   7 colours (one-hot; all zero for an empty space); then per tile kind (5) how many are
//!   face up and how many face down, / 2 (10), stones in hand per colour / 5 (7), stones
//!   under Skunk per colour / 5 (7), the score / 50.
//! - the table: the seat (2, one-hot), whose turn (2), who decides (2), stones in the bowl,
//!   in the bag and drawn, per colour / 10 (21), Coyote's owner (2) and animal (15), each
//!   pile's top card (2 × 18, one-hot) and cards below / 9 (2), Spirit Stones out / 5,
//!   turns / 50, extra turns pending / 2, over.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use sylvan_engine::encode::{Features, IdTable};
use sylvan_engine::Seat;

use crate::action::{Action, Spot};
use crate::components::{Animal, Card, Colour, Tile, MAX_SETS, MAX_SPACES};
use crate::view::View;

const COLOURS: usize = 7;
const ANIMALS: usize = 15;
const CARDS: usize = 18;
const TILES: usize = 5;
const SLOTS: usize = 8;
/// Numbers in one board slot.
pub const BOARD_LEN: usize = 1 + ANIMALS + 1 + 1 + COLOURS + MAX_SETS * MAX_SPACES * COLOURS;
const SIDE_LEN: usize = SLOTS * BOARD_LEN + 2 * TILES + 2 * COLOURS + 1;
/// Numbers in one observation.
pub const OBSERVATION_LEN: usize = 2 * SIDE_LEN + 6 + 3 * COLOURS + 2 + ANIMALS + 2 * CARDS + 2 + 4;

/// Every seat action, in id order.
pub fn seat_actions() -> &'static IdTable<Action> {
    static TABLE: OnceLock<IdTable<Action>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let colours = Colour::ALL;
        let animals = Animal::ALL;
        let mut all: Vec<Action> = Tile::ALL.iter().map(|&t| Action::Tile(t)).collect();
        all.extend(Tile::ALL.iter().map(|&t| Action::Pass(t)));
        all.push(Action::PassWithoutTile);
        all.extend(colours.iter().map(|&c| Action::Take(c)));
        for &stone in &colours {
            for &animal in &animals {
                for set in 0..MAX_SETS as u8 {
                    all.push(Action::Place { stone, animal, set });
                }
            }
        }
        all.extend(animals.iter().map(|&a| Action::MoveCoyote(a)));
        all.push(Action::KeepCoyote);
        for pile in 0..2 {
            all.extend(Card::ALL.iter().map(|&card| Action::UseCard { pile, card }));
        }
        let spots = (0..MAX_SPACES as u8)
            .map(Spot::Space)
            .chain([Spot::SpiritSpace, Spot::Nest]);
        for owner in [Seat(0), Seat(1)] {
            for &animal in &animals {
                for spot in spots.clone() {
                    for &stone in &colours {
                        all.push(Action::Remove {
                            owner,
                            animal,
                            spot,
                            stone,
                        });
                    }
                }
            }
        }
        for make in [
            Action::Return,
            Action::Give,
            Action::TakeAll,
            Action::ReturnAll,
            Action::Name,
        ] {
            all.extend(colours.iter().map(|&c| make(c)));
        }
        all.extend([Action::ElkTwoStones, Action::ElkSpiritStone]);
        all.extend(animals.iter().map(|&a| Action::Empty(a)));
        all.extend([Action::DrawAnother, Action::StopDrawing]);
        IdTable::new(all)
    })
}

/// Every chance outcome, in id order.
pub fn chance_outcomes() -> &'static IdTable<Action> {
    static TABLE: OnceLock<IdTable<Action>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut all: Vec<Action> = Colour::ALL.iter().map(|&c| Action::Draw(c)).collect();
        all.extend(Card::ALL.iter().map(|&c| Action::Reveal(c)));
        all.extend(Animal::ALL.iter().map(|&a| Action::Animal(a)));
        IdTable::new(all)
    })
}

fn stones(f: &mut Features<'_>, counts: &BTreeMap<Colour, u8>, scale: f64) {
    for c in Colour::ALL {
        f.scaled(f64::from(counts.get(&c).copied().unwrap_or(0)), scale);
    }
}

/// Writes `seat`'s observation (see the module's documentation).
pub fn observation(_game: &crate::Spirits, view: &View, seat: Seat, out: &mut Vec<f32>) {
    let mut f = Features::new(out);
    for p in 0..2 {
        let side_start = f.len();
        let Some(side) = view.players.get(p) else {
            f.pad_to(side_start + SIDE_LEN);
            continue;
        };
        for slot in 0..SLOTS {
            let start = f.len();
            let Some(board) = side.boards.get(slot) else {
                f.pad_to(start + BOARD_LEN);
                continue;
            };
            f.flag(true)
                .one_hot(ANIMALS, Some(board.animal.index()))
                .scaled(f64::from(board.points), 20.0)
                .flag(board.spirit_stone);
            stones(&mut f, &board.nest, 5.0);
            let grid = f.len();
            f.pad_to(grid + MAX_SETS * MAX_SPACES * COLOURS);
            for (s, set) in board.sets.iter().enumerate().take(MAX_SETS) {
                for (i, stone) in set.iter().enumerate().take(MAX_SPACES) {
                    if let Some(c) = stone {
                        f.set(grid + (s * MAX_SPACES + i) * COLOURS + c.index(), 1.0);
                    }
                }
            }
        }
        for t in Tile::ALL {
            let up = side.tiles.iter().filter(|&&(k, u)| k == t && u).count();
            let down = side.tiles.iter().filter(|&&(k, u)| k == t && !u).count();
            f.scaled(up as f64, 2.0).scaled(down as f64, 2.0);
        }
        stones(&mut f, &side.hand, 5.0);
        stones(&mut f, &side.skunk, 5.0);
        f.scaled(f64::from(side.score), 50.0);
    }
    f.one_hot(2, Some(seat.index()))
        .one_hot(2, Some(view.turn.index()))
        .one_hot(2, view.to_move.map(Seat::index));
    stones(&mut f, &view.bowl, 10.0);
    stones(&mut f, &view.bag, 10.0);
    stones(&mut f, &view.drawn, 10.0);
    f.one_hot(2, view.coyote.map(|(s, _)| s.index()))
        .one_hot(ANIMALS, view.coyote.map(|(_, a)| a.index()));
    for p in 0..2 {
        let pile = view.piles.get(p);
        f.one_hot(CARDS, pile.and_then(|p| p.top).map(Card::index));
    }
    for p in 0..2 {
        let below = view.piles.get(p).map_or(0, |p| p.below.len());
        f.scaled(below as f64, 9.0);
    }
    f.scaled(f64::from(view.spirit_stones_out), 5.0)
        .scaled(f64::from(view.turns), 50.0)
        .scaled(view.extra_turns.len() as f64, 2.0)
        .flag(view.over);
    debug_assert_eq!(f.len(), OBSERVATION_LEN);
}
