//! The mutable state: the bag, the display, each player's forest and completed tasks, the
//! Bonus cards, the solo Scoring board and the step that says who decides what next.
//!
//! Everything is fixed-size (no heap), so cloning is a copy and play never allocates.

use std::fmt;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use sylvan_engine::Seat;

use crate::components::{Element, ANIMALS, BONUS_KINDS, MAX_BOARD};

/// A hex in a forest, in axial coordinates; the Starting tile is at (0, 0). Ordered by `q`,
/// then `r`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hex {
    /// Column.
    pub q: i8,
    /// Row.
    pub r: i8,
}

impl Hex {
    /// The hex at (q, r).
    pub const fn new(q: i8, r: i8) -> Hex {
        Hex { q, r }
    }

    /// The six neighbours' offsets: hexagonal tiles have 6 neighbours (rulings table).
    pub const DIRS: [(i8, i8); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

    /// The neighbour in direction `d` (0 to 5); `None` at the edge of the coordinate range,
    /// which a forest of at most 97 tiles around (0, 0) never reaches.
    pub fn neighbour(self, d: usize) -> Option<Hex> {
        let (dq, dr) = Hex::DIRS[d % 6];
        Some(Hex {
            q: self.q.checked_add(dq)?,
            r: self.r.checked_add(dr)?,
        })
    }

    /// Whether two hexes share a side.
    pub fn touches(self, other: Hex) -> bool {
        (0..6).any(|d| self.neighbour(d) == Some(other))
    }
}

// The sorted frontier compares hexes at every tile placed: one comparison of a number each,
// where comparing `q` and then `r` branched.
impl Ord for Hex {
    fn cmp(&self, other: &Hex) -> std::cmp::Ordering {
        self.order_key().cmp(&other.order_key())
    }
}

impl PartialOrd for Hex {
    fn partial_cmp(&self, other: &Hex) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
    fn lt(&self, other: &Hex) -> bool {
        self.order_key() < other.order_key()
    }
}

impl Hex {
    /// A number in the (q, r) order: each coordinate offset to unsigned, `q` the high byte.
    const fn order_key(self) -> u16 {
        u16::from_be_bytes([self.q as u8, self.r as u8]) ^ 0x8080
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.q, self.r)
    }
}

/// A tile number (0 to 95), or [`START`] for the Starting tile.
pub type TileId = u8;
/// The Starting tile's number.
pub const START: TileId = 96;
/// No animal on a cell.
pub const NO_ANIMAL: u8 = u8::MAX;

/// A set of tiles (0 to 95, and the Starting tile as 96).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Tiles(pub [u64; 2]);

impl Tiles {
    /// Whether `t` is in the set.
    pub const fn has(&self, t: TileId) -> bool {
        t < 128 && self.0[(t / 64) as usize] >> (t % 64) & 1 == 1
    }
    /// Adds `t`.
    pub fn insert(&mut self, t: TileId) {
        if t < 128 {
            self.0[(t / 64) as usize] |= 1 << (t % 64);
        }
    }
    /// Removes `t`; whether it was there.
    pub fn remove(&mut self, t: TileId) -> bool {
        let was = self.has(t);
        if t < 128 {
            self.0[(t / 64) as usize] &= !(1 << (t % 64));
        }
        was
    }
    /// How many tiles.
    pub const fn len(&self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones()
    }
    /// Whether the set is empty.
    pub const fn is_empty(&self) -> bool {
        self.0[0] == 0 && self.0[1] == 0
    }
    /// The `n`-th tile in increasing order (from 0), if there are more than `n`.
    pub fn nth(&self, n: u32) -> Option<TileId> {
        let low = self.0[0].count_ones();
        let (word, n, base) = if n < low {
            (self.0[0], n, 0)
        } else {
            (self.0[1], n - low, 64)
        };
        if n >= word.count_ones() {
            return None;
        }
        // Halve the word until the bit is within a byte, then step to it.
        let (mut word, mut n, mut at) = (word, n, 0u32);
        for width in [32u32, 16, 8] {
            let below = (word & ((1u64 << width) - 1)).count_ones();
            if n >= below {
                n -= below;
                word >>= width;
                at += width;
            }
        }
        for _ in 0..n {
            word &= word - 1;
        }
        Some((base + at + word.trailing_zeros()) as TileId)
    }
    /// The tiles in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = TileId> + '_ {
        (0..2usize).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some((w as u32 * 64 + b) as TileId)
            })
        })
    }
    /// The union.
    pub const fn union(self, o: Tiles) -> Tiles {
        Tiles([self.0[0] | o.0[0], self.0[1] | o.0[1]])
    }
    /// The intersection.
    pub const fn and(self, o: Tiles) -> Tiles {
        Tiles([self.0[0] & o.0[0], self.0[1] & o.0[1]])
    }
}

/// One tile in a forest.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cell {
    /// Where it lies.
    pub hex: Hex,
    /// Which tile.
    pub tile: TileId,
    /// The animal on it (0 to 3) or [`NO_ANIMAL`]. A tile is Task side up exactly when an
    /// animal stands on it: animals arrive with a Task-side tile or flip the tile their path
    /// ends on, and never leave the forest.
    pub animal: u8,
}

impl Cell {
    /// Whether the tile shows its Task side.
    pub const fn task_side(&self) -> bool {
        self.animal != NO_ANIMAL
    }
}

/// The most tiles a forest can hold: every Forest tile and the Starting tile.
pub const MAX_CELLS: usize = 97;
// Slots of the hex index: at most 97 tiles in 128 slots, a quarter full in a typical
// forest; smaller than 256 so that a state, which search copies, is smaller.
const INDEX: usize = 128;

/// The most empty hexes beside a forest: each tile added opens at most 3 new ones and fills
/// one, so 6 + 2 x 96.
pub const MAX_FRONTIER: usize = 6 + 2 * (MAX_CELLS - 1);

/// One task's path search as last done, kept by the forest so that a Tasks step searches
/// again only the tasks a new tile came near. The rules fill it; the forest empties it when a
/// tile leaves or changes side, as tiles then change place in the list.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PathMemo {
    /// Which rules searched (their task data and options), 0 for no search.
    pub(crate) rules: u32,
    /// The task tile's position in [`Forest::cells`].
    pub(crate) task: u8,
    /// How many tiles the forest held: tiles from this position on came later.
    pub(crate) len: u8,
    /// Where the task's paths end, as a bit set over positions.
    pub(crate) ends: u128,
    /// For each element, the tiles a new Forest-side tile of that element beside them could
    /// lengthen a walk from: a later tile beside none of them changes no walk.
    pub(crate) watch: [u128; Element::NUM],
}

/// The Forest-side tiles of each element, as bit sets over positions, kept by the rules for
/// path search as tiles come, so that a Tasks step need not sort the whole forest again; the
/// forest empties them when a tile leaves or changes side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ElementSets {
    /// Which rules sorted the tiles (their element data), 0 for none.
    pub(crate) rules: u32,
    /// How many tiles, from the first, are sorted.
    pub(crate) len: u8,
    /// The Forest-side tiles of each element.
    pub(crate) of: [u128; Element::NUM],
}

/// A player's forest: the tiles, a hash index from hex to tile, each tile's neighbours as a
/// bit set over positions in the tile list, and the sorted list of empty hexes beside it (where
/// a tile may go). Index, neighbours and frontier are pure functions of the tiles, kept up to
/// date as tiles come and go, and not serialised.
#[derive(Clone, Serialize, Deserialize)]
#[serde(from = "ArrayVec<Cell, MAX_CELLS>", into = "ArrayVec<Cell, MAX_CELLS>")]
pub struct Forest {
    cells: ArrayVec<Cell, MAX_CELLS>,
    index: [u8; INDEX],
    // Bit sets rather than six links per tile: path search reads a tile's neighbours as one
    // mask, which it otherwise rebuilt on every visit.
    nbrs: [u128; MAX_CELLS],
    frontier: ArrayVec<Hex, MAX_FRONTIER>,
    // The animals on Task sides, as a bit set: every Take decision asks for them.
    animals: u8,
    // The tiles showing their Task side, as a bit set over positions: the Tasks decision
    // visits them without a scan of the forest.
    task_tiles: u128,
    // Each animal's task search (at most one Task side per animal in play).
    memo: [PathMemo; ANIMALS],
    elements: ElementSets,
}

impl PartialEq for Forest {
    fn eq(&self, other: &Forest) -> bool {
        self.cells == other.cells
    }
}
impl Eq for Forest {}

impl fmt::Debug for Forest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.cells.iter()).finish()
    }
}

impl Default for Forest {
    fn default() -> Self {
        Forest {
            cells: ArrayVec::new(),
            index: [0; INDEX],
            nbrs: [0; MAX_CELLS],
            frontier: ArrayVec::new(),
            animals: 0,
            task_tiles: 0,
            memo: [PathMemo::default(); ANIMALS],
            elements: ElementSets::default(),
        }
    }
}

impl From<ArrayVec<Cell, MAX_CELLS>> for Forest {
    fn from(cells: ArrayVec<Cell, MAX_CELLS>) -> Forest {
        let mut f = Forest {
            cells,
            ..Forest::default()
        };
        f.reindex();
        f.relink();
        f.rebuild_frontier();
        (f.animals, f.task_tiles) = f.count_animals();
        f
    }
}

impl From<Forest> for ArrayVec<Cell, MAX_CELLS> {
    fn from(f: Forest) -> Self {
        f.cells
    }
}

/// The directions of [`Hex::DIRS`] in the (q, r) order of the neighbours they lead to.
const SORTED_DIRS: [usize; 6] = [3, 4, 2, 5, 1, 0];

const fn slot_of(h: Hex) -> usize {
    let k = (h.q as u8 as u32) | ((h.r as u8 as u32) << 8);
    (k.wrapping_mul(0x9E37_79B1) >> 25) as usize
}

impl Forest {
    fn reindex(&mut self) {
        self.index = [0; INDEX];
        for i in 0..self.cells.len() {
            let mut s = slot_of(self.cells[i].hex);
            while self.index[s] != 0 {
                s = (s + 1) % INDEX;
            }
            self.index[s] = i as u8 + 1;
        }
    }

    /// Recomputes every tile's neighbours from the index.
    fn relink(&mut self) {
        self.nbrs = [0; MAX_CELLS];
        for i in 0..self.cells.len() {
            let h = self.cells[i].hex;
            for d in 0..6 {
                if let Some(j) = h.neighbour(d).and_then(|n| self.at(n)) {
                    self.nbrs[i] |= 1 << j;
                }
            }
        }
    }

    /// Whether an empty hex touches a tile of the forest.
    fn touches_forest(&self, h: Hex) -> bool {
        (0..6).any(|d| h.neighbour(d).and_then(|n| self.at(n)).is_some())
    }

    /// Whether the index, neighbours, frontier and animals are those the tiles give when
    /// computed afresh.
    pub fn bookkeeping_is_fresh(&self) -> bool {
        let fresh = Forest::from(self.cells.clone());
        fresh.frontier == self.frontier
            && fresh.nbrs == self.nbrs
            && fresh.animals == self.animals
            && fresh.task_tiles == self.task_tiles
            && self
                .cells
                .iter()
                .enumerate()
                .all(|(i, c)| self.at(c.hex) == Some(i))
    }

    fn rebuild_frontier(&mut self) {
        let mut frontier = ArrayVec::new();
        self.each_empty_neighbour(|h| {
            let _ = frontier.try_push(h);
        });
        frontier.sort_unstable();
        self.frontier = frontier;
    }

    /// Every empty hex beside the forest, each once.
    fn each_empty_neighbour(&self, mut f: impl FnMut(Hex)) {
        let mut seen = [0u32; 512];
        for c in &self.cells {
            for d in 0..6 {
                let Some(n) = c.hex.neighbour(d) else {
                    continue;
                };
                if self.at(n).is_some() {
                    continue;
                }
                // Packed coordinates plus one, so that no hex has the empty key 0.
                let key = ((n.q as u8 as u32) | ((n.r as u8 as u32) << 8)) + 1;
                let mut s = slot_of(n) * 4;
                let fresh = loop {
                    if seen[s] == 0 {
                        seen[s] = key;
                        break true;
                    }
                    if seen[s] == key {
                        break false;
                    }
                    s = (s + 1) % 512;
                };
                if fresh {
                    f(n);
                }
            }
        }
    }

    /// The tiles, in the order they came into the forest (the index order of [`Forest::at`]).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// How many tiles the forest holds.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the forest is empty.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The position in [`Forest::cells`] of the tile at `h`.
    pub fn at(&self, h: Hex) -> Option<usize> {
        let mut s = slot_of(h);
        loop {
            let i = self.index[s];
            if i == 0 {
                return None;
            }
            if self.cells[(i - 1) as usize].hex == h {
                return Some((i - 1) as usize);
            }
            s = (s + 1) % INDEX;
        }
    }

    /// The tile at `h`.
    pub fn get(&self, h: Hex) -> Option<Cell> {
        self.at(h).map(|i| self.cells[i])
    }

    /// Puts a tile at `h`; false (and nothing changes) if `h` is taken or the forest is full.
    pub fn insert(&mut self, h: Hex, tile: TileId, animal: u8) -> bool {
        if self.at(h).is_some() || self.cells.is_full() {
            return false;
        }
        if let Ok(at) = self.frontier.binary_search(&h) {
            self.frontier.remove(at);
        }
        self.add(h, tile, animal);
        true
    }

    /// Puts a tile at `h` beside the forest (the placement rule); false (and nothing
    /// changes) if `h` is not an empty hex beside it.
    pub fn place(&mut self, h: Hex, tile: TileId, animal: u8) -> bool {
        // One search of the frontier both checks the rule and finds the hex to take out.
        let Ok(at) = self.frontier.binary_search(&h) else {
            return false;
        };
        if self.cells.is_full() {
            return false;
        }
        self.frontier.remove(at);
        self.add(h, tile, animal);
        true
    }

    /// Adds a tile at the empty hex `h`, already out of the frontier, with room for it.
    fn add(&mut self, h: Hex, tile: TileId, animal: u8) {
        let i = self.cells.len();
        let cell = Cell {
            hex: h,
            tile,
            animal,
        };
        if cell.task_side() {
            self.animals |= 1 << (animal & 7);
            self.task_tiles |= 1 << i;
        }
        self.cells.push(cell);
        let mut s = slot_of(h);
        while self.index[s] != 0 {
            s = (s + 1) % INDEX;
        }
        self.index[s] = self.cells.len() as u8;
        let mut mine = 0u128;
        // The empty neighbours come in (q, r) order, so each is looked for in the sorted
        // frontier only after the last one: one binary search, then short steps.
        let mut from = 0;
        for d in SORTED_DIRS {
            let Some(n) = h.neighbour(d) else { continue };
            match self.at(n) {
                Some(j) => {
                    mine |= 1 << j;
                    self.nbrs[j] |= 1 << i;
                }
                None => {
                    let rest = &self.frontier[from..];
                    let at = from
                        + if from == 0 {
                            rest.partition_point(|&x| x < n)
                        } else {
                            rest.iter().take_while(|&&x| x < n).count()
                        };
                    from = at + 1;
                    if self.frontier.get(at) != Some(&n) && self.frontier.try_insert(at, n).is_err()
                    {
                        self.rebuild_frontier();
                        from = 0;
                    }
                }
            }
        }
        self.nbrs[i] = mine;
    }

    /// Takes the tile at `h` out of the forest.
    pub fn remove(&mut self, h: Hex) -> Option<Cell> {
        let i = self.at(h)?;
        let c = self.cells.remove(i);
        self.memo = [PathMemo::default(); ANIMALS];
        self.elements = ElementSets::default();
        self.reindex();
        (self.animals, self.task_tiles) = self.count_animals();
        // Later tiles move down one place: their rows, and their bits in every row.
        let n = self.cells.len();
        self.nbrs.copy_within(i + 1..=n, i);
        self.nbrs[n] = 0;
        let below = (1u128 << i) - 1;
        for m in &mut self.nbrs[..n] {
            *m = (*m & below) | ((*m >> (i + 1)) << i);
        }
        // h opens if a tile still touches it; its empty neighbours close if none does.
        if self.touches_forest(h) {
            if let Err(at) = self.frontier.binary_search(&h) {
                let _ = self.frontier.try_insert(at, h);
            }
        }
        for d in 0..6 {
            let Some(x) = h.neighbour(d) else { continue };
            if self.at(x).is_none() && !self.touches_forest(x) {
                if let Ok(at) = self.frontier.binary_search(&x) {
                    self.frontier.remove(at);
                }
            }
        }
        Some(c)
    }

    /// The tiles beside the tile at position `i` in [`Forest::cells`], as a bit set over
    /// positions (0 for a position out of range).
    pub fn neighbours(&self, i: usize) -> u128 {
        self.nbrs.get(i).copied().unwrap_or(0)
    }

    /// Every tile's neighbours (see [`Forest::neighbours`]), zero past the last tile.
    pub(crate) fn all_neighbours(&self) -> &[u128; MAX_CELLS] {
        &self.nbrs
    }

    /// Puts `animal` on the tile at `i` (flipping it to its Task side), or takes it off.
    pub fn set_animal(&mut self, i: usize, animal: u8) {
        if let Some(c) = self.cells.get_mut(i) {
            c.animal = animal;
        }
        self.memo = [PathMemo::default(); ANIMALS];
        self.elements = ElementSets::default();
        (self.animals, self.task_tiles) = self.count_animals();
    }

    /// Whether `h` is empty and beside a tile of the forest (the placement rule).
    pub fn can_place(&self, h: Hex) -> bool {
        self.frontier.binary_search(&h).is_ok()
    }

    /// Every empty hex beside the forest, each once, in (q, r) order.
    pub fn frontier(&self) -> &[Hex] {
        &self.frontier
    }

    /// Whether the forest stays in one piece without the tile at position `skip` (with `skip`
    /// out of range: whether the whole forest is in one piece).
    pub fn connected_without(&self, skip: usize) -> bool {
        let n = self.cells.len();
        let mut alive = if n >= 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        if skip < n {
            alive &= !(1u128 << skip);
        }
        if alive.count_ones() <= 1 {
            return true;
        }
        // Grows the part reached from the lowest tile, a ring of new tiles at a time.
        let mut reached = alive & alive.wrapping_neg();
        let mut ring = reached;
        while ring != 0 {
            let mut next = 0u128;
            let mut bits = ring;
            while bits != 0 {
                next |= self.nbrs[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            ring = next & alive & !reached;
            reached |= ring;
        }
        reached == alive
    }

    /// The animals in the forest, as a bit set over animal numbers.
    pub fn animals(&self) -> u8 {
        self.animals
    }

    /// The animals on Task sides and the positions of the tiles showing their Task side (bit
    /// sets).
    fn count_animals(&self) -> (u8, u128) {
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.task_side())
            .fold((0, 0), |(m, t), (i, c)| {
                (m | (1u8 << (c.animal & 7)), t | 1 << i)
            })
    }

    /// How many tiles show their Task side.
    pub fn task_sides(&self) -> usize {
        self.task_tiles.count_ones() as usize
    }

    /// The tiles showing their Task side, as a bit set over positions in [`Forest::cells`].
    pub fn task_tiles(&self) -> u128 {
        self.task_tiles
    }

    /// The last path search of the task with `animal` on it.
    pub(crate) fn memo(&self, animal: u8) -> &PathMemo {
        &self.memo[usize::from(animal) % ANIMALS]
    }

    /// The element sets as the rules last brought them up to date.
    #[cfg(test)]
    pub(crate) fn element_sets(&self) -> &ElementSets {
        &self.elements
    }

    /// The tiles, their neighbours (see [`Forest::neighbours`]), the path memos by animal and
    /// the element sets, the last two to write while the tiles are searched.
    pub(crate) fn memo_parts(&mut self) -> MemoParts<'_> {
        (&self.cells, &self.nbrs, &mut self.memo, &mut self.elements)
    }
}

/// A forest's tiles, their neighbours, its path memos and its element sets.
pub(crate) type MemoParts<'f> = (
    &'f [Cell],
    &'f [u128; MAX_CELLS],
    &'f mut [PathMemo; ANIMALS],
    &'f mut ElementSets,
);

/// One player's things.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The forest.
    pub forest: Forest,
    /// Completed tasks, by the animal that completed them (solo keeps them per animal; in the
    /// multiplayer game all four animals are the same colour).
    pub done: [Tiles; ANIMALS],
    /// Completed tasks flipped to their Forest side to refresh the display.
    pub flips: u8,
    /// Bonus cards held: x2, x3, x4, x5.
    pub bonus: [u8; BONUS_KINDS],
}

impl Player {
    /// Every completed task.
    pub fn completed(&self) -> Tiles {
        self.done.iter().fold(Tiles::default(), |a, &b| a.union(b))
    }
    /// How many tasks are completed.
    pub fn tasks(&self) -> u32 {
        self.completed().len()
    }
    /// Completed Forest tiles still showing their Task side (the Starting tile has no Forest
    /// side, so it can never be flipped).
    pub fn flippable(&self) -> u32 {
        let mut c = self.completed();
        c.remove(START);
        c.len().saturating_sub(self.flips as u32)
    }
}

/// What is pending. The step decides the actor.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// Chance chooses who takes the Bear (the first player).
    ChooseBear,
    /// Solo setup: the player chooses which Animal goes on the Starting tile.
    StartAnimal,
    /// Chance draws tiles into the display until it holds 6 (setup, or step 1).
    Refill,
    /// The current player may refresh the whole display (step 1).
    MayRefresh,
    /// Chance draws `left` more new tiles for a refresh; the old tiles wait in `held`.
    RefreshDraw {
        /// New tiles still to draw.
        left: u8,
    },
    /// The current player takes a tile from the display (step 2); `second` for option A's
    /// second tile.
    Take {
        /// Whether this is option A's second tile.
        second: bool,
    },
    /// Solo option B: the player chooses which unused Animal goes on `tile`.
    ChooseAnimal {
        /// The tile taken for its task.
        tile: TileId,
    },
    /// The current player places the taken tile.
    Place {
        /// The tile.
        tile: TileId,
        /// The animal going on it Task side up (option B), or [`NO_ANIMAL`] for Forest side up.
        animal: u8,
        /// Whether it is option A's second tile.
        second: bool,
    },
    /// The current player completes tasks or ends the turn (step 3).
    Tasks,
    /// Solo step 4: chance draws a tile onto the Scoring board.
    SoloDraw,
    /// The game is over.
    Over,
}

/// The whole mutable state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The players, in seat order (clockwise).
    pub players: ArrayVec<Player, 4>,
    /// The tiles in the bag.
    pub bag: Tiles,
    /// The tiles in the display.
    pub display: Tiles,
    /// The old display during a refresh, going back into the bag once 6 new tiles are drawn.
    pub held: Tiles,
    /// Bonus cards still on the table: x2, x3, x4, x5.
    pub bonus_left: [u8; BONUS_KINDS],
    /// The player with the Bear (the first player).
    pub bear: Seat,
    /// Whose turn it is.
    pub current: Seat,
    /// What is pending.
    pub step: Step,
    /// Turns begun so far (the very first turn does not refill the display).
    pub turns: u16,
    /// Whether the display has been refreshed this turn.
    pub refreshed: bool,
    /// Tasks completed this turn, per animal.
    pub this_turn: [u8; ANIMALS],
    /// Whether the end of the game has been triggered.
    pub end_triggered: bool,
    /// Solo: the tiles on the Scoring board's spaces, in order.
    pub scoring_board: ArrayVec<TileId, MAX_BOARD>,
    /// Solo: tiles removed from the display for good.
    pub removed: Tiles,
    /// Solo: the most tasks one animal completed in one turn.
    pub best_turn: u8,
}

impl State {
    /// The player whose turn it is.
    pub fn me(&self) -> &Player {
        &self.players[self.current.index() % self.players.len().max(1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chance draw picks a tile by its place in the bag's order, so `nth` must agree
    /// with `iter` at every place, across both words and at the ends.
    #[test]
    fn nth_is_the_tile_at_that_place_in_order() {
        let mut rng = sylvan_engine::GameRng::seeded(7);
        let mut sets = vec![
            Tiles([0, 0]),
            Tiles([u64::MAX, u64::MAX]),
            Tiles([1, 1 << 63]),
        ];
        for _ in 0..200 {
            sets.push(Tiles([
                rng.next_u64() & rng.next_u64(),
                rng.next_u64() & rng.next_u64(),
            ]));
        }
        for set in sets {
            let order: Vec<TileId> = set.iter().collect();
            for n in 0..=order.len() as u32 {
                assert_eq!(set.nth(n), order.get(n as usize).copied(), "{set:?} at {n}");
            }
        }
    }

    /// Hexes compare by `q`, then `r` (the frontier's and the Place list's order), through
    /// their packed key, at the ends of the coordinate range too.
    #[test]
    fn hexes_compare_by_q_then_r() {
        let values = [i8::MIN, -97, -2, -1, 0, 1, 2, 97, i8::MAX];
        for &q1 in &values {
            for &r1 in &values {
                for &q2 in &values {
                    for &r2 in &values {
                        let (a, b) = (Hex::new(q1, r1), Hex::new(q2, r2));
                        assert_eq!(a.cmp(&b), (q1, r1).cmp(&(q2, r2)), "{a} against {b}");
                        assert_eq!(a < b, (q1, r1) < (q2, r2), "{a} against {b}");
                    }
                }
            }
        }
    }

    /// `add` merges a tile's empty neighbours into the sorted frontier in one pass, which
    /// needs them in (q, r) order.
    #[test]
    fn sorted_dirs_lead_to_the_six_neighbours_in_order() {
        let h = Hex::new(3, -2);
        let ns: Vec<Hex> = SORTED_DIRS.iter().filter_map(|&d| h.neighbour(d)).collect();
        let mut sorted = ns.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(ns.len(), 6);
        assert_eq!(ns, sorted);
    }

    #[test]
    fn the_frontier_is_kept_up_to_date_and_lists_each_hex_once() {
        let mut f = Forest::default();
        for (i, &(q, r)) in [(0, 0), (-1, 0), (-1, -1), (0, -1), (1, 1), (2, 0)]
            .iter()
            .enumerate()
        {
            assert!(f.insert(Hex::new(q, r), i as u8, NO_ANIMAL));
            let fresh = Forest::from(f.cells.clone());
            assert_eq!(f.frontier(), fresh.frontier());
            let mut sorted = f.frontier().to_vec();
            sorted.dedup();
            assert_eq!(sorted.len(), f.frontier().len(), "no hex twice");
        }
        // (-1, -1)'s neighbour (-2, -1) and the hex (-1, 1) are beside the forest.
        assert!(f.can_place(Hex::new(-2, -1)));
        assert!(!f.can_place(Hex::new(0, 0)));
        assert!(!f.can_place(Hex::new(5, 5)));
        f.remove(Hex::new(-1, 0));
        assert!(f.can_place(Hex::new(-1, 0)));
        assert_eq!(f.frontier(), Forest::from(f.cells.clone()).frontier());
        assert!(f.bookkeeping_is_fresh());
    }

    /// Neighbours and frontier kept up as tiles come and go match those computed afresh, and
    /// a removed tile's hex opens while hexes only it touched close.
    #[test]
    fn neighbours_and_frontier_follow_inserts_and_removals() {
        let mut f = Forest::default();
        let mut x = 0x2545_F491_4F6C_DD1D_u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..400 {
            if f.len() > 3 && (next() % 3 == 0 || f.len() >= 60) {
                let i = (next() % f.len() as u64) as usize;
                let h = f.cells()[i].hex;
                let lonely: Vec<Hex> = (0..6)
                    .filter_map(|d| h.neighbour(d))
                    .filter(|&n| {
                        f.at(n).is_none()
                            && (0..6)
                                .filter_map(|d| n.neighbour(d))
                                .all(|m| m == h || f.at(m).is_none())
                    })
                    .collect();
                assert!(f.remove(h).is_some());
                for n in lonely {
                    assert!(!f.can_place(n), "round {round}: {n} touched only {h}");
                }
            } else if f.is_empty() {
                assert!(f.insert(Hex::new(0, 0), START, 0));
            } else {
                let at = (next() % f.frontier().len() as u64) as usize;
                let h = f.frontier()[at];
                assert!(f.insert(h, (round % 96) as u8, NO_ANIMAL));
                assert!(!f.can_place(h));
            }
            assert!(f.bookkeeping_is_fresh(), "round {round}");
            for (i, c) in f.cells().iter().enumerate() {
                let there = (0..6)
                    .filter_map(|d| c.hex.neighbour(d).and_then(|n| f.at(n)))
                    .fold(0u128, |m, j| m | 1 << j);
                assert_eq!(f.neighbours(i), there, "round {round}");
            }
            assert_eq!(
                f.neighbours(f.len()),
                0,
                "round {round}: none past the last tile"
            );
        }
    }
}
