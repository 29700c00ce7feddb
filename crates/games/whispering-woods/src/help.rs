//! What a person at the table reads besides the position: the actions a player may name, so
//! that a refused one is told which rule keeps it out.

use crate::components::TILES;
use crate::state::{Hex, START};
use crate::{Action, State};

/// How far beyond the forest a named hex may lie (a tile placed two away is "not adjacent").
const MARGIN: i8 = 2;

/// Every seat action of the shapes a turn takes, legal or not: every tile, and every hex of
/// the forest of the seat to move and around it.
pub(crate) fn named_actions(s: &State, out: &mut Vec<Action>) {
    out.clear();
    for t in (0..TILES as u8).chain([START]) {
        out.push(Action::TakeForest(t));
        out.push(Action::TakeTask(t));
    }
    for a in 0..4 {
        out.push(Action::Animal(a));
    }
    out.extend([Action::Refresh, Action::KeepDisplay, Action::EndTurn]);
    let Some(player) = s.players.get(s.current.index()) else {
        return;
    };
    let cells = player.forest.cells();
    let (mut q0, mut q1, mut r0, mut r1) = (0i8, 0i8, 0i8, 0i8);
    for c in cells {
        q0 = q0.min(c.hex.q);
        q1 = q1.max(c.hex.q);
        r0 = r0.min(c.hex.r);
        r1 = r1.max(c.hex.r);
    }
    let hexes: Vec<Hex> = (q0.saturating_sub(MARGIN)..=q1.saturating_add(MARGIN))
        .flat_map(|q| {
            (r0.saturating_sub(MARGIN)..=r1.saturating_add(MARGIN)).map(move |r| Hex { q, r })
        })
        .collect();
    out.extend(hexes.iter().map(|&h| Action::Place(h)));
    for c in cells {
        out.extend(
            hexes
                .iter()
                .map(|&end| Action::Complete { task: c.hex, end }),
        );
    }
}
