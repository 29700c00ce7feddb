//! Hex geometry of the table [A]: flat-topped hexes in axial coordinates, a hexagon of radius 4
//! (61 cells) around the Druid's Defiance, edges 0–5 clockwise from the top.

use crate::state::{CELLS, NONE};

const RADIUS: i8 = 4;

/// Axial steps per edge, clockwise from the top: N, NE, SE, S, SW, NW.
pub const DIRS: [(i8, i8); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

/// Axial coordinates (q, r) of a cell.
pub fn cell_coords(cell: u8) -> (i8, i8) {
    let mut i = 0u8;
    for q in -RADIUS..=RADIUS {
        for r in (-RADIUS).max(-q - RADIUS)..=RADIUS.min(-q + RADIUS) {
            if i == cell {
                return (q, r);
            }
            i += 1;
        }
    }
    (0, 0)
}

/// The cell at (q, r), if on the table.
pub fn cell_at(q: i8, r: i8) -> Option<u8> {
    let mut i = 0u8;
    for qq in -RADIUS..=RADIUS {
        for rr in (-RADIUS).max(-qq - RADIUS)..=RADIUS.min(-qq + RADIUS) {
            if (qq, rr) == (q, r) {
                return Some(i);
            }
            i += 1;
        }
    }
    None
}

/// Precomputed neighbours: `nb[cell][edge]` or [`NONE`] off the table.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// Neighbour per cell and edge.
    pub nb: [[u8; 6]; CELLS],
    /// The centre cell (the Druid's Defiance).
    pub centre: u8,
}

impl Geometry {
    /// Builds the table.
    pub fn new() -> Geometry {
        let mut nb = [[NONE; 6]; CELLS];
        for (c, row) in nb.iter_mut().enumerate() {
            let (q, r) = cell_coords(c as u8);
            for (e, (dq, dr)) in DIRS.iter().enumerate() {
                row[e] = cell_at(q + dq, r + dr).unwrap_or(NONE);
            }
        }
        Geometry {
            nb,
            centre: cell_at(0, 0).unwrap_or(0),
        }
    }
}

impl Default for Geometry {
    fn default() -> Self {
        Geometry::new()
    }
}

/// Whether the tile edge `edge` of a tile turned `rot` faces direction `dir`.
pub const fn tile_edge(dir: usize, rot: u8) -> usize {
    (dir + 6 - rot as usize % 6) % 6
}
