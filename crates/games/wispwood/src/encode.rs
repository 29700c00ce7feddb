//! Dense action ids and observation tensors, for the learning libraries (OpenSpiel,
//! PettingZoo). Ids never depend on the component data; new kinds of action are only ever
//! numbered after the existing ones. Squares are `row * 11 + column` (121), pond spaces 0–7.
//!
//! Seat actions, in id order: `DealNew` 0, `CatDeal` 1, `TakeWisp(space)` 2–9,
//! `CatTakeWisp(space)` 10–17, `Shape(k)` 18–81 (shapes 0–63), `Orient(o)` 82–89,
//! `Place(square)` 90–210, `WispOn(square)` 211–331, `TreeTurn` 332, `Tree(square)` 333–453,
//! `EndTreeTurn` 454, `MoveCat(square)` 455–575, `CatStays` 576, `CattyStart(space)`
//! 577–584: 585 in all.
//!
//! Chance outcomes, in id order: `Goal(card)` 0–255, `StartPlayer(seat)` 256–259,
//! `Reveal(wisp)` 260–263, `CattyGuide(wisp)` 264–267, `Firefly(n)` 268–523 (n = 0–255):
//! 524 in all. Wisps are jack, heart, witch, orb.
//!
//! The observation is a flat vector of [`OBSERVATION_LEN`] numbers, from the seat's view:
//! - 4 forests (seat order; zeros for absent seats), each 121 squares × 6 planes
//!   (square-major): a tree, the cat, a jack, a heart, a witch, an orb; then present, cat
//!   ready, squares filled / 121, total / 200, and the three rounds' scores / 100 (8 values).
//! - the table: the seat (4, one-hot), who decides (4), the start player (4), the round / 3,
//!   the grid's size / 11, over; the pond's 8 spaces × 5 (a jack, heart, witch, orb, or
//!   empty); each of the 5 goal cards as its card number (32, one-hot); tiles in the stacks /
//!   100; discarded wisps per kind / 20 (4); Catty (solo): present, her cat's pond space (8,
//!   one-hot), the guide's paws / 4, her wisps per kind / 10 (4), the firefly / 10, fireflies
//!   left / 10, her total / 100.

use std::sync::OnceLock;

use sylvan_engine::encode::{Features, IdTable};
use sylvan_engine::Seat;

use crate::action::Action;
use crate::board::{self, SQUARES};
use crate::components::{Wisp, POND};
use crate::rules::Wispwood;
use crate::view::View;

const SHAPES: u8 = 64;
const PLANES: usize = 6;
const FOREST_LEN: usize = SQUARES * PLANES + 8;
const CARDS: usize = 32;
/// Numbers in one observation.
pub const OBSERVATION_LEN: usize =
    4 * FOREST_LEN + 12 + 3 + POND * 5 + 5 * CARDS + 1 + 4 + (1 + POND + 1 + 4 + 3);

fn squares() -> std::ops::Range<u8> {
    0..SQUARES as u8
}

/// Every seat action, in id order.
pub fn seat_actions() -> &'static IdTable<Action> {
    static TABLE: OnceLock<IdTable<Action>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let pond = 0..POND as u8;
        let mut all = vec![Action::DealNew, Action::CatDeal];
        all.extend(pond.clone().map(Action::TakeWisp));
        all.extend(pond.clone().map(Action::CatTakeWisp));
        all.extend((0..SHAPES).map(Action::Shape));
        all.extend((0..8).map(Action::Orient));
        all.extend(squares().map(Action::Place));
        all.extend(squares().map(Action::WispOn));
        all.push(Action::TreeTurn);
        all.extend(squares().map(Action::Tree));
        all.push(Action::EndTreeTurn);
        all.extend(squares().map(Action::MoveCat));
        all.push(Action::CatStays);
        all.extend(pond.map(Action::CattyStart));
        IdTable::new(all)
    })
}

/// Every chance outcome, in id order.
pub fn chance_outcomes() -> &'static IdTable<Action> {
    static TABLE: OnceLock<IdTable<Action>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut all: Vec<Action> = (0..=u8::MAX).map(Action::Goal).collect();
        all.extend((0..4).map(Action::StartPlayer));
        all.extend(Wisp::ALL.iter().map(|&w| Action::Reveal(w)));
        all.extend(Wisp::ALL.iter().map(|&w| Action::CattyGuide(w)));
        all.extend((0..=u8::MAX).map(Action::Firefly));
        IdTable::new(all)
    })
}

/// Writes `seat`'s observation (see the module's documentation).
pub fn observation(game: &Wispwood, view: &View, seat: Seat, out: &mut Vec<f32>) {
    let mut f = Features::new(out);
    for p in 0..4 {
        let start = f.len();
        f.pad_to(start + FOREST_LEN);
        let Some(forest) = view.forests.get(p) else {
            continue;
        };
        for (r, row) in forest.rows.iter().enumerate() {
            for (c, symbol) in row.chars().enumerate() {
                let plane = match symbol {
                    'T' => 0,
                    'C' => 1,
                    'J' => 2,
                    'H' => 3,
                    'W' => 4,
                    'O' => 5,
                    _ => continue,
                };
                let (r, c) = (usize::from(forest.top) + r, usize::from(forest.left) + c);
                if r < board::SIDE && c < board::SIDE {
                    f.set(start + board::square(r, c) as usize * PLANES + plane, 1.0);
                }
            }
        }
        let values = [
            1.0,
            if forest.cat_ready { 1.0 } else { 0.0 },
            forest.filled as f32 / SQUARES as f32,
            forest.total as f32 / 200.0,
        ];
        let rounds = forest
            .scores
            .iter()
            .map(|s| s.iter().sum::<i32>() as f32 / 100.0);
        for (k, x) in values.into_iter().chain(rounds).enumerate() {
            f.set(start + SQUARES * PLANES + k, x);
        }
    }
    f.one_hot(4, Some(seat.index()))
        .one_hot(4, view.to_move.map(Seat::index))
        .one_hot(4, Some(view.start.index()))
        .scaled(f64::from(view.round), 3.0)
        .scaled(f64::from(view.grid), 11.0)
        .flag(view.over);
    for space in 0..POND {
        let wisp = view.pond.get(space).copied().flatten();
        f.one_hot(5, Some(wisp.map_or(4, |w| w.index())));
    }
    let cards = &game.components().cards;
    for g in 0..5 {
        let card = view
            .goals
            .get(g)
            .and_then(|goal| cards.iter().position(|c| c.name == goal.name));
        f.one_hot(CARDS, card);
    }
    f.scaled(f64::from(view.stacks), 100.0);
    for &n in &view.discard {
        f.scaled(f64::from(n), 20.0);
    }
    let catty = view.catty.as_ref();
    f.flag(catty.is_some())
        .one_hot(POND, catty.and_then(|c| c.space).map(usize::from))
        .scaled(catty.map_or(0.0, |c| f64::from(c.paws)), 4.0);
    for k in 0..4 {
        f.scaled(catty.map_or(0.0, |c| f64::from(c.wisps[k])), 10.0);
    }
    f.scaled(catty.map_or(0.0, |c| f64::from(c.firefly)), 10.0)
        .scaled(catty.map_or(0.0, |c| f64::from(c.fireflies_left)), 10.0)
        .scaled(catty.map_or(0.0, |c| f64::from(c.total)), 100.0);
    debug_assert_eq!(f.len(), OBSERVATION_LEN);
}
