//! The rules: options, setup, legal decisions, and how each decision changes the state.

use std::sync::Arc;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use sylvan_engine::{Actor, OptionsError, Seat};

use crate::action::Action;
use crate::board::{self, beside, bit, bounds, squares, Mask};
use crate::components::{Category, Components, Wisp, POND};
use crate::score::{card_points, witch_squares};
use crate::state::{Catty, Forest, Phase, RoundScore, State};

/// The options a table chooses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The 5 goal cards by name, one per category; empty: dealt at random.
    pub goals: Vec<String>,
    /// The start player (0-based seat); none: chosen at random. Catty always starts in solo.
    pub start: Option<u8>,
    /// Solo: Catty's scoring guide, by its paws (1 easiest to 4 hardest).
    pub catty_guide: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            goals: Vec::new(),
            start: None,
            catty_guide: 1,
        }
    }
}

/// A shape turned one way: its squares as a mask at square 0, and its height and width.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Oriented {
    /// The squares, with the top-left corner of the shape's box at square 0.
    pub mask: Mask,
    /// Rows spanned.
    pub height: u8,
    /// Columns spanned.
    pub width: u8,
}

/// Why a shape cannot go down at a square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlaceError {
    /// Part of it would leave the grid of the round.
    OutOfGrid,
    /// Part of it would cover a tile.
    Occupied,
    /// No tile of it would be beside the forest.
    NotBeside,
}

/// Wispwood's rules for a number of players.
#[derive(Clone, Debug)]
pub struct Wispwood {
    players: usize,
    options: Options,
    pub(crate) components: Arc<Components>,
    goals: Option<[u8; 5]>,
    /// Every distinct orientation of each pond shape.
    pub(crate) orients: Vec<ArrayVec<Oriented, 8>>,
    /// The same orientations as the anchor search reads them.
    footprints: Vec<ArrayVec<Footprint, 8>>,
}

/// A tree: one square.
const SINGLE: Oriented = Oriented {
    mask: 1,
    height: 1,
    width: 1,
};

/// A shape turned one way, as the anchor search reads it: the shape's squares as offsets from
/// its top-left corner, padded to 4 by repeating one (a repeated square changes no union), the
/// corners where its box stays on the board, and its longer side.
#[derive(Copy, Clone, Debug)]
struct Footprint {
    offsets: [u8; 4],
    /// The same squares as entries of a [`Shifted`] table (row * 4 + column).
    cells: [u8; 4],
    on_board: Mask,
    extent: u8,
}

impl Footprint {
    fn of(o: &Oriented) -> Footprint {
        let mut offsets = [o.mask.trailing_zeros() as u8; 4];
        for (slot, sq) in offsets.iter_mut().zip(squares(o.mask)) {
            *slot = sq;
        }
        // Shapes have at most 4 squares within 4 rows and columns (the components check it).
        let cells = offsets.map(|k| {
            let (r, c) = board::row_col(k);
            (r * 4 + c) as u8 & 15
        });
        let (h, w) = (o.height as usize, o.width as usize);
        Footprint {
            offsets,
            cells,
            on_board: board::rect(0, board::SIDE - h, 0, board::SIDE - w),
            extent: o.height.max(o.width),
        }
    }
}

/// A tree's footprint: one square.
const SINGLE_FOOTPRINT: Footprint = Footprint {
    offsets: [0; 4],
    cells: [0; 4],
    on_board: board::FULL,
    extent: 1,
};

/// What a placement is checked against: the forest's squares and the round's grid.
struct Ground {
    occupied: Mask,
    near: Mask,
    /// Squares no new tile may take: the filled ones and those outside every grid of the round
    /// that holds the forest.
    blocked: Mask,
    bounds: (i32, i32, i32, i32),
    grid: i32,
    /// Where a new witch may go (the whole board unless asked for).
    witch_ok: Mask,
}

/// A ground's masks moved back by every offset a shape's square can have from the shape's
/// top-left corner (rows and columns 0 to 3, entry `row * 4 + column`): a turned shape's
/// anchors are then unions of entries, which pays when many shapes are tried on one ground.
struct Shifted {
    blocked: [Mask; 16],
    near: [Mask; 16],
    /// Filled only when a witch is being placed.
    witch_ok: [Mask; 16],
    grid: u8,
}

impl Shifted {
    fn of(g: &Ground, witch: bool) -> Shifted {
        let mut t = Shifted {
            blocked: [0; 16],
            near: [0; 16],
            witch_ok: [0; 16],
            grid: g.grid as u8,
        };
        for i in 0..16 {
            let k = (i / 4) * board::SIDE + i % 4;
            t.blocked[i] = g.blocked >> k;
            t.near[i] = g.near >> k;
            if witch {
                t.witch_ok[i] = g.witch_ok >> k;
            }
        }
        t
    }

    /// Whether the turned shape has an anchor ([`Wispwood::anchor_mask`]), with its wisp on
    /// a square of the witch card if `witch`.
    #[inline]
    fn fits(&self, fp: &Footprint, witch: bool) -> bool {
        if fp.extent > self.grid {
            return false;
        }
        let (mut hit, mut touch, mut reach) = (0u128, 0u128, board::FULL);
        if witch {
            reach = 0;
        }
        for &i in &fp.cells {
            let i = i as usize & 15;
            hit |= self.blocked[i];
            touch |= self.near[i];
            if witch {
                reach |= self.witch_ok[i];
            }
        }
        fp.on_board & touch & !hit & reach != 0
    }
}

impl Wispwood {
    /// Builds the rules from validated components.
    pub fn with(
        players: usize,
        options: Options,
        components: Arc<Components>,
    ) -> Result<Wispwood, OptionsError> {
        if !(1..=4).contains(&players) {
            return Err(OptionsError::PlayerCount {
                game: "wispwood",
                min: 1,
                max: 4,
                got: players,
            });
        }
        if !(1..=4).contains(&options.catty_guide) {
            return Err(OptionsError::Invalid(format!(
                "catty_guide: Catty's scoring guides have 1 to 4 paws, not {}",
                options.catty_guide
            )));
        }
        if let Some(s) = options.start {
            if s as usize >= players {
                return Err(OptionsError::Invalid(format!(
                    "start: seat {s} does not exist with {players} players (seats count from 0)"
                )));
            }
        }
        let goals = if options.goals.is_empty() {
            None
        } else {
            if options.goals.len() != 5 {
                return Err(OptionsError::Invalid(format!(
                    "goals: name 5 goal cards, one per category, not {}",
                    options.goals.len()
                )));
            }
            let mut chosen = [u8::MAX; 5];
            for name in &options.goals {
                let Some(i) = components.card_named(name) else {
                    return Err(OptionsError::Invalid(format!(
                        "goals: there is no goal card named '{name}'"
                    )));
                };
                let cat = components.cards[i].category().index();
                if chosen[cat] != u8::MAX {
                    return Err(OptionsError::Invalid(format!(
                        "goals: two {} cards; choose one per category",
                        Category::ALL[cat]
                    )));
                }
                chosen[cat] = i as u8;
            }
            Some(chosen)
        };
        let orients: Vec<ArrayVec<Oriented, 8>> = components
            .shapes
            .iter()
            .map(|s| orientations(&s.cells))
            .collect();
        let footprints = orients
            .iter()
            .map(|os| os.iter().map(Footprint::of).collect())
            .collect();
        Ok(Wispwood {
            players,
            options,
            components,
            goals,
            orients,
            footprints,
        })
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The component data in use.
    pub fn components(&self) -> &Components {
        &self.components
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The grid side of a round (0-based).
    pub fn grid(&self, round: u8) -> u8 {
        self.components.grid[(round as usize).min(2)]
    }

    /// The last player of a round: the one to the right of the start player.
    pub fn last_player(&self, s: &State) -> Seat {
        Seat(((s.start.index() + self.players - 1) % self.players) as u8)
    }

    /// Whether this is the solo game against Catty.
    pub fn solo(&self) -> bool {
        self.players == 1
    }

    /// Catty's points per wisp of each type (jack, heart, witch, orb) by its guide.
    pub fn catty_values(&self, c: &Catty) -> [i32; 4] {
        let guide = self.components.guides[(self.options.catty_guide as usize).clamp(1, 4) - 1];
        let mut v = [0; 4];
        for (level, w) in c.ranks.iter().enumerate() {
            if let Some(w) = w {
                v[w.index()] = guide[level];
            }
        }
        v
    }

    /// Catty's points for its wisps now.
    pub fn catty_points(&self, c: &Catty) -> i32 {
        let v = self.catty_values(c);
        (0..4).map(|i| v[i] * c.wisps[i] as i32).sum()
    }

    /// The state before setup's chance points.
    pub fn setup(&self) -> State {
        let mut s = State {
            round: 0,
            phase: Phase::Goal(0),
            current: Seat(0),
            start: Seat(0),
            goals: self.goals.unwrap_or([u8::MAX; 5]),
            forests: (0..self.players).map(|_| Forest::new()).collect(),
            pond: [None; POND],
            unseen: self.components.tiles,
            stacks: self.components.total_tiles() as u16,
            discard: [0; 4],
            known: [0; 4],
            ender: None,
            scores: (0..self.players).map(|_| [[0; 6]; 3]).collect(),
            turns: 0,
            catty: None,
        };
        if self.solo() {
            // One wisp of each type is set aside for the scoring guide.
            for w in 0..4 {
                s.unseen[w] -= 1;
            }
            s.stacks -= 4;
            s.catty = Some(Catty {
                space: u8::MAX,
                ranks: [None; 4],
                wisps: [0; 4],
                unturned: u8::MAX,
                flips_left: self.components.fireflies_per_round[0],
                firefly: 0,
                scores: [0; 3],
            });
        }
        if self.goals.is_some() {
            self.after_goals(&mut s);
        }
        s
    }

    fn after_goals(&self, s: &mut State) {
        if self.solo() {
            s.phase = Phase::CattyGuide(0);
            return;
        }
        match self.options.start {
            Some(p) => {
                s.start = Seat(p);
                s.current = Seat(p);
                self.begin_turn(s);
            }
            None => s.phase = Phase::StartPlayer,
        }
    }

    /// Who decides now.
    pub fn actor(&self, s: &State) -> Actor {
        match s.phase {
            Phase::Goal(_)
            | Phase::StartPlayer
            | Phase::Deal { .. }
            | Phase::CattyGuide(_)
            | Phase::Firefly => Actor::Chance,
            Phase::Over => Actor::Nobody,
            _ => Actor::Seat(s.current),
        }
    }

    /// The ground of forest `f`; `witch`: whether the witch card's squares are needed.
    fn ground(&self, s: &State, f: &Forest, witch: bool) -> Ground {
        let occupied = f.occupied();
        let (r0, r1, c0, c1) = bounds(occupied).unwrap_or((5, 5, 5, 5));
        let grid = self.grid(s.round) as usize;
        // A tile keeps the forest inside some grid exactly when it lies within `grid - 1` rows
        // and columns of the forest's far edges (and none does once the forest is too big).
        let too_big = r1 - r0 >= grid || c1 - c0 >= grid;
        let window = if too_big {
            0
        } else {
            board::rect(
                (r1 + 1).saturating_sub(grid),
                (r0 + grid).saturating_sub(1),
                (c1 + 1).saturating_sub(grid),
                (c0 + grid).saturating_sub(1),
            )
        };
        let witch_ok = if witch {
            let card = &self.components.cards[(s.goals[Category::Witches.index()] as usize)
                .min(self.components.cards.len() - 1)];
            witch_squares(card.kind, f)
        } else {
            board::FULL
        };
        Ground {
            occupied,
            near: beside(occupied),
            blocked: occupied | !window,
            bounds: (r0 as i32, r1 as i32, c0 as i32, c1 as i32),
            grid: grid as i32,
            witch_ok,
        }
    }

    /// The squares where the shape may go, each with the shape's squares there, lowest first;
    /// `f` returns true to stop.
    fn anchors(g: &Ground, o: &Oriented, fp: &Footprint, mut f: impl FnMut(u8, Mask) -> bool) {
        let mut cands = Self::anchor_mask(g, fp);
        while cands != 0 {
            let sq = cands.trailing_zeros() as u8;
            cands &= cands - 1;
            debug_assert!(Self::place_check(g, o, sq).is_ok(), "anchor {sq}");
            if f(sq, o.mask << sq) {
                return;
            }
        }
    }

    /// Every square where `place_check` accepts the shape, found for all squares at once:
    /// the shape's box on the board, no square blocked (filled or off the round's grid), one
    /// beside the forest.
    #[inline]
    fn anchor_mask(g: &Ground, fp: &Footprint) -> Mask {
        // The bounds alone say that a forest and a shape each within the grid fit it together.
        if fp.extent as i32 > g.grid {
            return 0;
        }
        let (mut hit, mut touch) = (0u128, 0u128);
        for &k in &fp.offsets {
            hit |= g.blocked >> k;
            touch |= g.near >> k;
        }
        fp.on_board & touch & !hit
    }

    fn place_check(g: &Ground, o: &Oriented, sq: u8) -> Result<Mask, PlaceError> {
        let (r, c) = board::row_col(sq);
        let (h, w) = (o.height as usize, o.width as usize);
        if sq as usize >= board::SQUARES || r + h > board::SIDE || c + w > board::SIDE {
            return Err(PlaceError::OutOfGrid);
        }
        let mask = o.mask << sq;
        if mask & g.occupied != 0 {
            return Err(PlaceError::Occupied);
        }
        if mask & g.near == 0 {
            return Err(PlaceError::NotBeside);
        }
        let (r0, r1, c0, c1) = g.bounds;
        let (r, c) = (r as i32, c as i32);
        let height = r1.max(r + h as i32 - 1) - r0.min(r) + 1;
        let width = c1.max(c + w as i32 - 1) - c0.min(c) + 1;
        if height > g.grid || width > g.grid {
            return Err(PlaceError::OutOfGrid);
        }
        Ok(mask)
    }

    /// Whether a shape turned some way fits with the wisp somewhere allowed.
    fn shape_fits(&self, t: &Shifted, shape: usize, witch: bool) -> bool {
        self.footprints
            .get(shape)
            .is_some_and(|fs| fs.iter().any(|fp| t.fits(fp, witch)))
    }

    fn footprint(&self, shape: u8, orient: u8) -> Option<&Footprint> {
        self.footprints
            .get(shape as usize)
            .and_then(|fs| fs.get(orient as usize))
    }

    fn beside_shapes(space: u8) -> [u8; 2] {
        [space % POND as u8, (space % POND as u8 + 1) % POND as u8]
    }

    /// Calls `f` with each legal action of the seat to move.
    pub fn each_legal(&self, s: &State, f: &mut impl FnMut(Action)) {
        let Actor::Seat(seat) = self.actor(s) else {
            return;
        };
        let forest = s.forest(seat);
        match s.phase {
            Phase::TurnStart => {
                let mut first = None;
                let one_type = s.pond_wisps().all(|(_, w)| *first.get_or_insert(w) == w);
                if first.is_some() && one_type {
                    f(Action::DealNew);
                }
                if forest.cat_ready {
                    f(Action::CatDeal);
                }
                let any_witch = s.pond.contains(&Some(Wisp::Witch));
                let t = Shifted::of(&self.ground(s, forest, any_witch), any_witch);
                // fits[shape][witch]: computed once per shape and kind of wisp.
                let mut fits = [[None::<bool>; 2]; POND];
                let mut fit = |shape: usize, witch: bool| {
                    *fits[shape][witch as usize]
                        .get_or_insert_with(|| self.shape_fits(&t, shape, witch))
                };
                for (space, w) in s.pond_wisps() {
                    let witch = w == Wisp::Witch;
                    if Self::beside_shapes(space)
                        .iter()
                        .any(|&k| fit(k as usize, witch))
                    {
                        f(Action::TakeWisp(space));
                    }
                }
                if forest.cat_ready {
                    for (space, w) in s.pond_wisps() {
                        let witch = w == Wisp::Witch;
                        if (0..POND).any(|k| fit(k, witch)) {
                            f(Action::CatTakeWisp(space));
                        }
                    }
                }
                f(Action::TreeTurn);
            }
            Phase::Shape { space, any } => {
                let witch = s.pond[space as usize % POND] == Some(Wisp::Witch);
                let t = Shifted::of(&self.ground(s, forest, witch), witch);
                for k in 0..POND as u8 {
                    let offered = any || Self::beside_shapes(space).contains(&k);
                    if offered && self.shape_fits(&t, k as usize, witch) {
                        f(Action::Shape(k));
                    }
                }
            }
            Phase::Orient { space, shape } => {
                let witch = s.pond[space as usize % POND] == Some(Wisp::Witch);
                let t = Shifted::of(&self.ground(s, forest, witch), witch);
                if let Some(fs) = self.footprints.get(shape as usize) {
                    for (i, fp) in fs.iter().enumerate() {
                        if t.fits(fp, witch) {
                            f(Action::Orient(i as u8));
                        }
                    }
                }
            }
            Phase::Anchor {
                space,
                shape,
                orient,
            } => {
                let witch = s.pond[space as usize % POND] == Some(Wisp::Witch);
                let g = self.ground(s, forest, witch);
                if let (Some(o), Some(fp)) =
                    (self.oriented(shape, orient), self.footprint(shape, orient))
                {
                    Self::anchors(&g, &o, fp, |sq, m| {
                        if !witch || m & g.witch_ok != 0 {
                            f(Action::Place(sq));
                        }
                        false
                    });
                }
            }
            Phase::WispSquare {
                space,
                shape,
                orient,
                anchor,
            } => {
                let witch = s.pond[space as usize % POND] == Some(Wisp::Witch);
                let g = self.ground(s, forest, witch);
                if let Some(o) = self.oriented(shape, orient) {
                    if let Ok(m) = Self::place_check(&g, &o, anchor) {
                        let allowed = if witch { m & g.witch_ok } else { m };
                        for sq in squares(allowed) {
                            f(Action::WispOn(sq));
                        }
                    }
                }
            }
            Phase::Trees { placed } => {
                let g = self.ground(s, forest, false);
                // A tree is a one-square shape: every square found at once, lowest first.
                Self::anchors(&g, &SINGLE, &SINGLE_FOOTPRINT, |sq, _| {
                    f(Action::Tree(sq));
                    false
                });
                if placed > 0 {
                    f(Action::EndTreeTurn);
                }
            }
            Phase::CattyStart => {
                for (space, _) in s.pond_wisps() {
                    f(Action::CattyStart(space));
                }
            }
            Phase::MoveCat => {
                f(Action::CatStays);
                for sq in squares(forest.trees) {
                    f(Action::MoveCat(sq));
                }
            }
            _ => {}
        }
    }

    fn tree_check(&self, g: &Ground, sq: u8) -> Result<(), PlaceError> {
        Self::place_check(g, &SINGLE, sq).map(|_| ())
    }

    pub(crate) fn oriented(&self, shape: u8, orient: u8) -> Option<Oriented> {
        self.orients
            .get(shape as usize)
            .and_then(|os| os.get(orient as usize))
            .copied()
    }

    /// Writes the chance outcomes with their weights.
    pub fn outcomes(&self, s: &State, out: &mut Vec<(Action, u32)>) {
        out.clear();
        match s.phase {
            Phase::Goal(c) => {
                if let Some(&cat) = Category::ALL.get(c as usize) {
                    for i in self.components.cards_of(cat) {
                        out.push((Action::Goal(i as u8), 1));
                    }
                }
            }
            Phase::StartPlayer => {
                for p in 0..self.players as u8 {
                    out.push((Action::StartPlayer(p), 1));
                }
            }
            Phase::CattyGuide(_) => {
                if let Some(c) = &s.catty {
                    for w in Wisp::ALL {
                        if !c.ranks.contains(&Some(w)) {
                            out.push((Action::CattyGuide(w), 1));
                        }
                    }
                }
            }
            Phase::Firefly => {
                if let Some(c) = &s.catty {
                    let mut seen = 0u8;
                    for (i, &v) in self.components.fireflies.iter().enumerate() {
                        if c.unturned & (1 << i) != 0 && seen & (1 << v) == 0 {
                            seen |= 1 << v;
                            out.push((Action::Firefly(v), self.unturned_of(c, v)));
                        }
                    }
                }
            }
            Phase::Deal { .. } => {
                let pool = Self::deal_pool(s);
                for w in Wisp::ALL {
                    let n = pool[w.index()];
                    if n > 0 {
                        out.push((Action::Reveal(w), n as u32));
                    }
                }
            }
            _ => {}
        }
    }

    /// Whether the chance outcome `a` can happen now.
    pub fn outcome_possible(&self, s: &State, a: Action) -> bool {
        match (s.phase, a) {
            (Phase::Goal(c), Action::Goal(i)) => self
                .components
                .cards
                .get(i as usize)
                .is_some_and(|card| card.category().index() == c as usize),
            (Phase::StartPlayer, Action::StartPlayer(p)) => (p as usize) < self.players,
            (Phase::Deal { .. }, Action::Reveal(w)) => Self::deal_pool(s)[w.index()] > 0,
            (Phase::CattyGuide(_), Action::CattyGuide(w)) => s
                .catty
                .as_ref()
                .is_some_and(|c| !c.ranks.contains(&Some(w))),
            (Phase::Firefly, Action::Firefly(v)) => {
                s.catty.as_ref().is_some_and(|c| self.unturned_of(c, v) > 0)
            }
            _ => false,
        }
    }

    /// Applies a decision assumed legal; garbage never panics.
    pub fn play(&self, s: &mut State, a: Action) {
        let seat = s.current.index().min(s.forests.len().saturating_sub(1));
        match (s.phase, a) {
            (Phase::Goal(c), Action::Goal(i)) => {
                if let Some(slot) = s.goals.get_mut(c as usize) {
                    *slot = i.min(self.components.cards.len().saturating_sub(1) as u8);
                }
                if c as usize + 1 < Category::NUM {
                    s.phase = Phase::Goal(c + 1);
                } else {
                    self.after_goals(s);
                }
            }
            (Phase::StartPlayer, Action::StartPlayer(p)) => {
                let p = Seat(p.min(self.players as u8 - 1));
                s.start = p;
                s.current = p;
                self.begin_turn(s);
            }
            (Phase::Deal { left, catty }, Action::Reveal(w)) => {
                let cat = s.catty.map(|c| c.space as usize);
                let free =
                    |s: &State| (0..POND).position(|i| s.pond[i].is_none() && Some(i) != cat);
                if let Some(space) = free(s) {
                    s.pond[space] = Some(w);
                    let reshuffled = s.known.iter().any(|&n| n > 0);
                    let pool = if reshuffled {
                        &mut s.known
                    } else {
                        &mut s.unseen
                    };
                    pool[w.index()] = pool[w.index()].saturating_sub(1);
                    s.stacks = s.stacks.saturating_sub(1);
                }
                let left = left.saturating_sub(1);
                s.phase = Phase::Deal { left, catty };
                self.ensure_stacks(s, 1);
                if left == 0 || s.stacks == 0 || free(s).is_none() {
                    self.after_deal(s, catty);
                }
            }
            (Phase::CattyGuide(level), Action::CattyGuide(w)) => {
                if let Some(c) = s.catty.as_mut() {
                    if let Some(slot) = c.ranks.get_mut(level as usize) {
                        *slot = Some(w);
                    }
                }
                if level >= 3 {
                    s.start = Seat(0);
                    s.current = Seat(0);
                    self.start_deal(s, false);
                } else {
                    s.phase = Phase::CattyGuide(level + 1);
                }
            }
            (Phase::CattyStart, Action::CattyStart(space)) => {
                if let Some(w) = s.pond.get_mut(space as usize).and_then(|x| x.take()) {
                    s.discard[w.index()] += 1;
                    if let Some(c) = s.catty.as_mut() {
                        c.space = space;
                    }
                }
                s.phase = Phase::Firefly;
            }
            (Phase::Firefly, Action::Firefly(v)) => {
                if let Some(c) = s.catty.as_mut() {
                    if let Some(i) = (0..8)
                        .find(|&i| c.unturned & (1 << i) != 0 && self.components.fireflies[i] == v)
                    {
                        c.unturned &= !(1 << i);
                    }
                    c.flips_left = c.flips_left.saturating_sub(1);
                    c.firefly = v;
                }
                if (s.pond_wisps().count() as u8) < v {
                    self.start_deal(s, true);
                } else {
                    self.catty_takes(s);
                }
            }
            (Phase::TurnStart, Action::DealNew) => self.start_deal(s, false),
            (Phase::TurnStart, Action::CatDeal) => {
                s.forests[seat].cat_ready = false;
                self.start_deal(s, false);
            }
            // A space off the pond or without a wisp is not a choice (unchecked garbage).
            (Phase::TurnStart, Action::TakeWisp(space) | Action::CatTakeWisp(space))
                if s.pond.get(space as usize).is_none_or(|w| w.is_none()) => {}
            (Phase::TurnStart, Action::TakeWisp(space)) => {
                s.phase = Phase::Shape { space, any: false }
            }
            (Phase::TurnStart, Action::CatTakeWisp(space)) => {
                s.forests[seat].cat_ready = false;
                s.phase = Phase::Shape { space, any: true }
            }
            (Phase::TurnStart, Action::TreeTurn) => s.phase = Phase::Trees { placed: 0 },
            (Phase::Shape { space, .. }, Action::Shape(shape)) => {
                s.phase = Phase::Orient { space, shape }
            }
            (Phase::Orient { space, shape }, Action::Orient(orient)) => {
                s.phase = Phase::Anchor {
                    space,
                    shape,
                    orient,
                }
            }
            (
                Phase::Anchor {
                    space,
                    shape,
                    orient,
                },
                Action::Place(anchor),
            ) => {
                s.phase = Phase::WispSquare {
                    space,
                    shape,
                    orient,
                    anchor,
                }
            }
            (
                Phase::WispSquare {
                    space,
                    shape,
                    orient,
                    anchor,
                },
                Action::WispOn(sq),
            ) => {
                let Some(o) = self.oriented(shape, orient) else {
                    return;
                };
                let Some(w) = s.pond.get_mut(space as usize).and_then(|x| x.take()) else {
                    return;
                };
                let mask = if (anchor as usize) < board::SQUARES {
                    (o.mask << anchor) & board::FULL & !s.forests[seat].occupied()
                } else {
                    0
                };
                let wisp = bit(sq) & mask;
                let trees = mask & !wisp;
                let n = trees.count_ones() as u16;
                self.ensure_stacks(s, n);
                s.stacks = s.stacks.saturating_sub(n);
                let f = &mut s.forests[seat];
                f.wisps[w.index()] |= wisp;
                f.trees |= trees;
                self.end_turn(s);
            }
            (Phase::Trees { placed }, Action::Tree(sq)) => {
                if s.forests[seat].occupied() & bit(sq) == 0 {
                    self.ensure_stacks(s, 1);
                    s.stacks = s.stacks.saturating_sub(1);
                    s.forests[seat].trees |= bit(sq);
                }
                let g = self.grid(s.round) as u32;
                if placed + 1 >= 3 || s.forests[seat].filled() >= g * g {
                    s.forests[seat].cat_ready = true;
                    self.end_turn(s);
                } else {
                    s.phase = Phase::Trees { placed: placed + 1 };
                }
            }
            (Phase::Trees { .. }, Action::EndTreeTurn) => {
                s.forests[seat].cat_ready = true;
                self.end_turn(s);
            }
            (Phase::MoveCat, Action::MoveCat(sq)) => {
                let f = &mut s.forests[seat];
                if f.trees & bit(sq) != 0 {
                    if f.cat_tile {
                        f.trees |= bit(f.cat);
                    }
                    f.trees &= !bit(sq);
                    f.cat = sq;
                    f.cat_tile = true;
                }
                self.next_cat_move(s);
            }
            (Phase::MoveCat, Action::CatStays) => self.next_cat_move(s),
            _ => {}
        }
    }

    /// Refills the stacks from the discard pile if fewer than `need` tiles are left.
    fn ensure_stacks(&self, s: &mut State, need: u16) {
        if s.stacks < need {
            for w in 0..4 {
                // The stack that ran out went face down into forests: its tiles join the unseen.
                s.unseen[w] += s.known[w];
                // The reshuffled discards: faces everyone saw, dealt from until the next round.
                s.known[w] = s.discard[w];
                s.stacks += s.discard[w];
                s.discard[w] = 0;
            }
        }
    }

    /// What the next tile dealt may be, with weights: the reshuffled discards' faces not yet
    /// turned up, or else every tile nobody has seen.
    fn deal_pool(s: &State) -> [u16; 4] {
        if s.known.iter().any(|&n| n > 0) {
            s.known
        } else {
            s.unseen
        }
    }

    /// Discards the pond's wisps and deals new ones to every space but Catty's cat's (8, or
    /// 7 once Catty's cat is on the pond); `catty`: Catty takes a wisp afterwards.
    fn start_deal(&self, s: &mut State, catty: bool) {
        for x in s.pond.iter_mut() {
            if let Some(w) = x.take() {
                s.discard[w.index()] += 1;
            }
        }
        self.ensure_stacks(s, 1);
        let cat_on_pond = s.catty.is_some_and(|c| (c.space as usize) < POND);
        let left = POND as u8 - cat_on_pond as u8;
        if s.stacks > 0 {
            s.phase = Phase::Deal { left, catty };
        } else {
            self.after_deal(s, catty);
        }
    }

    fn after_deal(&self, s: &mut State, catty: bool) {
        if catty {
            self.catty_takes(s);
        } else if s.catty.is_some_and(|c| c.space == u8::MAX) {
            s.phase = Phase::CattyStart;
        } else {
            s.phase = Phase::TurnStart;
        }
    }

    /// Catty's cat looks clockwise at as many wisps as the firefly says, takes the one its
    /// guide values most (the nearest on ties) and moves to its space; then the player's turn.
    fn catty_takes(&self, s: &mut State) {
        if let Some(mut c) = s.catty {
            let values = self.catty_values(&c);
            let mut best: Option<(usize, i32)> = None;
            let mut seen = 0;
            for k in 1..=POND {
                if seen >= c.firefly {
                    break;
                }
                let space = (c.space as usize + k) % POND;
                if let Some(w) = s.pond[space] {
                    seen += 1;
                    if best.is_none_or(|(_, v)| values[w.index()] > v) {
                        best = Some((space, values[w.index()]));
                    }
                }
            }
            if let Some((space, _)) = best {
                if let Some(w) = s.pond[space].take() {
                    c.wisps[w.index()] += 1;
                    c.space = space as u8;
                }
            }
            s.catty = Some(c);
        }
        self.begin_turn(s);
    }

    fn begin_turn(&self, s: &mut State) {
        s.phase = Phase::TurnStart;
        if s.pond.iter().all(|x| x.is_none()) {
            self.start_deal(s, false);
        }
    }

    fn unturned_of(&self, c: &Catty, v: u8) -> u32 {
        (0..8)
            .filter(|&i| c.unturned & (1 << i) != 0 && self.components.fireflies[i] == v)
            .count() as u32
    }

    fn end_turn(&self, s: &mut State) {
        s.turns += 1;
        let g = self.grid(s.round) as u32;
        if s.ender.is_none() && s.forest(s.current).filled() >= g * g {
            s.ender = Some(s.current);
        }
        if let Some(c) = s.catty {
            // Solo: the round ends when the grid is full or after the turn that follows the
            // round's last firefly; otherwise Catty turns its next firefly.
            if s.ender.is_some() || c.flips_left == 0 {
                self.end_round(s);
            } else {
                s.phase = Phase::Firefly;
            }
        } else if s.ender.is_some() && s.current == self.last_player(s) {
            self.end_round(s);
        } else {
            s.current = Seat(((s.current.index() + 1) % self.players) as u8);
            self.begin_turn(s);
        }
    }

    /// One round's points of a forest: the five goal cards and the grid bonus.
    pub fn round_score(&self, s: &State, f: &Forest) -> RoundScore {
        let mut out = [0; 6];
        for (i, &c) in s.goals.iter().enumerate() {
            if let Some(card) = self.components.cards.get(c as usize) {
                out[i] = card_points(card, f);
            }
        }
        let g = self.grid(s.round) as u32;
        if f.filled() >= g * g {
            out[5] = self.components.bonus[(s.round as usize).min(2)];
        }
        out
    }

    fn end_round(&self, s: &mut State) {
        for p in 0..self.players {
            let r = self.round_score(s, &s.forests[p]);
            s.scores[p][(s.round as usize).min(2)] = r;
        }
        if let Some(mut c) = s.catty {
            c.scores[(s.round as usize).min(2)] = self.catty_points(&c);
            s.catty = Some(c);
        }
        if s.round >= 2 {
            s.phase = Phase::Over;
        } else {
            s.phase = Phase::MoveCat;
            s.current = s.start;
        }
    }

    fn next_cat_move(&self, s: &mut State) {
        if s.current == self.last_player(s) {
            self.new_round(s);
        } else {
            s.current = Seat(((s.current.index() + 1) % self.players) as u8);
        }
    }

    fn new_round(&self, s: &mut State) {
        // The trees go back into the stacks and everything face down is mixed again.
        for w in 0..4 {
            s.unseen[w] += s.known[w];
            s.known[w] = 0;
        }
        for f in s.forests.iter_mut() {
            s.stacks += f.trees.count_ones() as u16;
            f.trees = 0;
            // Back to the middle of the board, so any grid of the next round fits on it.
            let keep = f.all_wisps() | bit(f.cat);
            if let Some((r0, _, c0, _)) = bounds(keep) {
                let (dr, dc) = (5 - r0 as i32, 5 - c0 as i32);
                for w in f.wisps.iter_mut() {
                    *w = board::shifted(*w, dr, dc);
                }
                let (r, c) = board::row_col(f.cat);
                f.cat = board::square((r as i32 + dr) as usize, (c as i32 + dc) as usize);
            }
        }
        s.round += 1;
        s.ender = None;
        s.current = s.start;
        if let Some(c) = s.catty.as_mut() {
            c.unturned = u8::MAX;
            c.flips_left = self.components.fireflies_per_round[(s.round as usize).min(2)];
            c.firefly = 0;
            s.phase = Phase::Firefly;
        } else {
            self.begin_turn(s);
        }
    }

    /// Why a placement of the current decision would fail at `sq`, if it would.
    pub(crate) fn placement_error(
        &self,
        s: &State,
        shape: u8,
        orient: u8,
        sq: u8,
    ) -> Option<PlaceError> {
        let f = s.forest(s.current);
        let g = self.ground(s, f, false);
        let o = self.oriented(shape, orient)?;
        Self::place_check(&g, &o, sq).err()
    }

    /// Why a tree would not go on `sq`, if it would not.
    pub(crate) fn tree_error(&self, s: &State, sq: u8) -> Option<PlaceError> {
        let f = s.forest(s.current);
        self.tree_check(&self.ground(s, f, false), sq).err()
    }

    /// The squares where a new witch may go now for the current player.
    pub fn witch_allowed(&self, s: &State) -> Mask {
        let f = s.forest(s.current);
        self.ground(s, f, true).witch_ok
    }

    /// Catty's total so far (solo).
    pub fn catty_total(&self, s: &State) -> Option<i32> {
        s.catty.map(|c| c.scores.iter().sum())
    }

    /// The total points of each seat so far.
    pub fn totals(&self, s: &State) -> Vec<i32> {
        s.scores
            .iter()
            .map(|rounds| rounds.iter().flatten().sum())
            .collect()
    }
}

/// Every distinct orientation (rotations and mirror images) of a shape.
fn orientations(cells: &[(u8, u8)]) -> ArrayVec<Oriented, 8> {
    let mut out: ArrayVec<Oriented, 8> = ArrayVec::new();
    for t in 0..8 {
        let moved: ArrayVec<(i32, i32), 4> = cells
            .iter()
            .map(|&(r, c)| {
                let (r, c) = (r as i32, c as i32);
                let (r, c) = if t >= 4 { (r, -c) } else { (r, c) };
                match t % 4 {
                    0 => (r, c),
                    1 => (c, -r),
                    2 => (-r, -c),
                    _ => (-c, r),
                }
            })
            .collect();
        let r0 = moved.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = moved.iter().map(|p| p.1).min().unwrap_or(0);
        let mut mask = 0u128;
        let (mut h, mut w) = (0, 0);
        for &(r, c) in &moved {
            let (r, c) = ((r - r0) as usize, (c - c0) as usize);
            mask |= bit(board::square(r, c));
            h = h.max(r as u8 + 1);
            w = w.max(c as u8 + 1);
        }
        if !out.iter().any(|o| o.mask == mask) {
            out.push(Oriented {
                mask,
                height: h,
                width: w,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use sylvan_engine::{Game, GameRng};

    /// The anchor search (all squares at once, by shifted masks) finds exactly the squares
    /// that the square-by-square `place_check` accepts, for every turned shape, with and
    /// without the witch card's squares, all along random games of 1 to 4 players.
    #[test]
    fn anchor_masks_agree_with_place_check() {
        let mut checked = 0;
        for players in 1..=4 {
            let game = Wispwood::new(players, Options::default()).expect("valid");
            let mut rng = GameRng::seeded(players as u64);
            let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
            for _ in 0..20 {
                let mut s = game.initial_state();
                let mut step = 0u32;
                sylvan_engine::random_until(
                    &game,
                    &mut s,
                    &mut rng,
                    &mut actions,
                    &mut outcomes,
                    |s| {
                        step += 1;
                        if !step.is_multiple_of(7) || !matches!(game.actor(s), Actor::Seat(_)) {
                            return false;
                        }
                        let g = game.ground(s, s.forest(s.current), true);
                        for (os, fs) in game.orients.iter().zip(&game.footprints) {
                            for (o, fp) in os.iter().zip(fs) {
                                let (mut plain, mut witch) = (0u128, 0u128);
                                for sq in 0..board::SQUARES as u8 {
                                    if let Ok(m) = Wispwood::place_check(&g, o, sq) {
                                        plain |= bit(sq);
                                        if m & g.witch_ok != 0 {
                                            witch |= bit(sq);
                                        }
                                    }
                                }
                                assert_eq!(Wispwood::anchor_mask(&g, fp), plain, "{o:?}");
                                // The Place step's witch filter, over the anchors' squares.
                                let mut w = 0u128;
                                Wispwood::anchors(&g, o, fp, |sq, m| {
                                    if m & g.witch_ok != 0 {
                                        w |= bit(sq);
                                    }
                                    false
                                });
                                assert_eq!(w, witch, "{o:?}");
                                let t = Shifted::of(&g, true);
                                assert_eq!(t.fits(fp, false), plain != 0, "{o:?}");
                                assert_eq!(t.fits(fp, true), witch != 0, "{o:?}");
                                checked += 1;
                            }
                        }
                        false
                    },
                );
            }
        }
        assert!(checked > 10_000, "{checked} shapes checked");
    }
}
