//! The rules: options, setup, the turn's steps, legal decisions, task paths and playing a
//! decision.

use std::sync::Arc;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use sylvan_engine::{Actor, GameRng, OptionsError, Seat};

use crate::action::Action;
use crate::components::{Components, Element, ANIMALS, LEVELS, MAX_TASK, START_TASK};
use crate::state::{
    Cell, ElementSets, Forest, Hex, PathMemo, Player, State, Step, TileId, Tiles, MAX_CELLS,
    NO_ANIMAL, START,
};

/// The options a table chooses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Who takes the Bear and starts (0-based seat); `None` draws it at random (a chance
    /// point). Ignored in solo.
    pub bear: Option<u8>,
    /// The Starting tile's four middle tiles must also differ from the end colour (the
    /// stricter reading; the ruling is the permissive one).
    pub strict_start_task: bool,
    /// Solo: the Mission level, 1 to 6.
    pub level: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            bear: None,
            strict_start_task: false,
            level: 1,
        }
    }
}

/// Whispering Woods: the rules for one table (player count, options, component data).
#[derive(Clone, Debug)]
pub struct WhisperingWoods {
    pub(crate) players: usize,
    pub(crate) options: Options,
    pub(crate) components: Arc<Components>,
    /// The Forest-side element of each tile, by tile number (a copy for fast path search).
    pub(crate) colour: [Element; 97],
    /// Each tile's task as element indices, by tile number: path search read them from the
    /// component data and turned them round on every call.
    paths: [TaskPath; 97],
    /// Each tile number's Forest-side element index, [`NONE`] for a number without a Forest
    /// side: indexed by a tile number, so read without a bounds check when path search
    /// builds its masks.
    element: [u8; 256],
    /// A fingerprint of the task data and options, never 0: a forest's path memo made by
    /// other rules (a state moved between tables) is searched again.
    memo_key: u32,
}

/// A task's colours as element indices, both ways round.
#[derive(Clone, Copy, Debug, Default)]
struct TaskPath {
    /// The colours in printed order.
    fwd: [u8; MAX_TASK],
    /// The colours reversed.
    rev: [u8; MAX_TASK],
    /// How many colours (0 for no task).
    len: u8,
    /// Whether the reversed order differs, so that it is walked too.
    both: bool,
    /// Whether no colour comes back after another, so that no walk can use a tile twice and
    /// the tiles reached a step at a time are exactly the walks' tiles.
    plain: bool,
}

impl WhisperingWoods {
    /// The Bonus card (its kind) the player to move takes at the end of this turn for the
    /// tasks completed in it: the card for that number of tasks, or the next lower one left.
    pub(crate) fn bonus_earned(s: &State) -> Option<usize> {
        let done: u32 = s.this_turn.iter().map(|&n| u32::from(n)).sum();
        if done < 2 {
            return None;
        }
        let want = (done.min(5) - 2) as usize;
        (0..=want).rev().find(|&k| s.bonus_left[k] > 0)
    }

    /// Builds the rules with given component data.
    pub fn with(
        players: usize,
        options: Options,
        components: Arc<Components>,
    ) -> Result<WhisperingWoods, OptionsError> {
        if !(1..=4).contains(&players) {
            return Err(OptionsError::PlayerCount {
                game: "whispering-woods",
                min: 1,
                max: 4,
                got: players,
            });
        }
        if !(1..=LEVELS as u8).contains(&options.level) {
            return Err(OptionsError::Invalid(format!(
                "level: the Mission levels are 1 to 6, not {}",
                options.level
            )));
        }
        if let Some(b) = options.bear {
            if b as usize >= players {
                return Err(OptionsError::Invalid(format!(
                    "bear: seat {b} does not exist with {players} player(s) (seats are 0-based)"
                )));
            }
        }
        let mut colour = [Element::Fruits; 97];
        let mut paths = [TaskPath::default(); 97];
        let mut element = [NONE; 256];
        for (i, t) in components.tiles.iter().enumerate().take(97) {
            colour[i] = t.forest;
            element[i] = t.forest.index() as u8;
            let n = t.task.len();
            let p = &mut paths[i];
            for (k, e) in t.task.iter().enumerate() {
                p.fwd[k] = e.index() as u8;
                p.rev[n - 1 - k] = e.index() as u8;
            }
            p.len = n as u8;
            p.both = p.fwd != p.rev;
            p.plain = (0..n).all(|k| (k + 2..n).all(|j| p.fwd[j] != p.fwd[k]));
        }
        // FNV-1a over what path search reads.
        let mut memo_key = 0x811c_9dc5_u32;
        let tasks = paths.iter().flat_map(|p| p.fwd.iter().chain([&p.len]));
        for &b in element
            .iter()
            .chain(tasks)
            .chain([&u8::from(options.strict_start_task)])
        {
            memo_key = (memo_key ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
        Ok(WhisperingWoods {
            players,
            options,
            components,
            colour,
            paths,
            element,
            memo_key: memo_key.max(1),
        })
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The component data.
    pub fn components(&self) -> &Components {
        &self.components
    }

    /// Whether this is the solo game.
    pub fn solo(&self) -> bool {
        self.players == 1
    }

    /// The VP printed on a tile's Task side (the Starting tile's for [`START`]).
    pub fn vp(&self, t: TileId) -> u8 {
        if t == START {
            self.components.start_vp
        } else {
            self.components.tiles.get(t as usize).map_or(0, |d| d.vp)
        }
    }

    /// VP lost per completed task flipped to refresh (1; 2 and 3 in solo levels 5 and 6).
    pub fn refresh_penalty(&self) -> i32 {
        if self.solo() {
            self.components.mission(self.options.level).refresh_penalty
        } else {
            1
        }
    }

    /// The state after setup's fixed parts; chance then picks the Bear and draws the display.
    pub fn setup(&self) -> State {
        let mut bag = Tiles::default();
        for t in 0..self.components.tiles.len() {
            bag.insert(t as TileId);
        }
        let bear = Seat(self.options.bear.unwrap_or(0));
        let step = if self.solo() {
            Step::StartAnimal
        } else if self.options.bear.is_none() {
            Step::ChooseBear
        } else {
            Step::Refill
        };
        let mut s = State {
            players: ArrayVec::new(),
            bag,
            display: Tiles::default(),
            held: Tiles::default(),
            bonus_left: self.components.bonus.map(|(n, _)| n),
            bear,
            current: bear,
            step,
            turns: 0,
            refreshed: false,
            this_turn: [0; ANIMALS],
            end_triggered: false,
            scoring_board: ArrayVec::new(),
            removed: Tiles::default(),
            best_turn: 0,
        };
        // The players are set up in place: a forest is kilobytes, and every copy of it counts
        // in a playout.
        for _ in 0..self.players {
            s.players.push(Player::default());
            // In the multiplayer game the first animal is animal 0; in solo the player
            // chooses its colour first.
            if !self.solo() {
                if let Some(p) = s.players.last_mut() {
                    p.forest.insert(Hex::new(0, 0), START, 0);
                }
            }
        }
        s
    }

    /// Who decides now.
    pub fn actor(&self, s: &State) -> Actor {
        match s.step {
            Step::ChooseBear | Step::Refill | Step::RefreshDraw { .. } | Step::SoloDraw => {
                Actor::Chance
            }
            Step::Over => Actor::Nobody,
            _ => Actor::Seat(s.current),
        }
    }

    /// The seat to the right of the Bear, who plays the last turn.
    pub fn last_seat(&self, s: &State) -> Seat {
        Seat(((s.bear.index() + self.players - 1) % self.players) as u8)
    }

    /// Writes the chance outcomes with their weights.
    pub fn outcomes(&self, s: &State, out: &mut Vec<(Action, u32)>) {
        out.clear();
        match s.step {
            Step::ChooseBear => {
                for p in 0..self.players {
                    out.push((Action::Bear(Seat(p as u8)), 1));
                }
            }
            Step::Refill | Step::RefreshDraw { .. } | Step::SoloDraw => {
                // Up to 96 tiles per draw, a chance point every third decision: the list is
                // copied in one piece and its tiles filled in place, cheaper than a push each.
                const BLANK: [(Action, u32); 128] = [(Action::Draw(0), 1); 128];
                out.extend_from_slice(&BLANK[..(s.bag.len() as usize).min(128)]);
                let mut slots = out.iter_mut();
                for (w, &word) in s.bag.0.iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        let t = (w as u32 * 64 + bits.trailing_zeros()) as TileId;
                        bits &= bits - 1;
                        if let Some(slot) = slots.next() {
                            slot.0 = Action::Draw(t);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// The outcome [`outcomes`](Self::outcomes) and `rng.pick_weighted` would draw, from the
    /// same random number, without listing up to 96 tiles: every outcome weighs 1, so the
    /// draw is the `rng.below(count)`-th in the list's order.
    pub fn draw(&self, s: &State, rng: &mut GameRng) -> Option<Action> {
        match s.step {
            Step::ChooseBear if self.players > 0 => {
                Some(Action::Bear(Seat(rng.below(self.players as u64) as u8)))
            }
            Step::Refill | Step::RefreshDraw { .. } | Step::SoloDraw if !s.bag.is_empty() => {
                let n = rng.below(u64::from(s.bag.len())) as u32;
                s.bag.nth(n).map(Action::Draw)
            }
            _ => None,
        }
    }

    /// Calls `f` with every legal decision of the seat to move.
    pub fn each_legal(&self, s: &State, f: &mut impl FnMut(Action)) {
        let Some(me) = s.players.get(s.current.index()) else {
            return;
        };
        match s.step {
            Step::StartAnimal => {
                for a in 0..ANIMALS as u8 {
                    f(Action::StartAnimal(a));
                }
            }
            Step::MayRefresh => {
                f(Action::Refresh);
                f(Action::KeepDisplay);
            }
            Step::Take { second } => {
                let free = unused_animals(&me.forest) != 0;
                for t in s.display.iter() {
                    f(Action::TakeForest(t));
                    if !second && free {
                        f(Action::TakeTask(t));
                    }
                }
            }
            Step::ChooseAnimal { .. } => {
                let free = unused_animals(&me.forest);
                for a in 0..ANIMALS as u8 {
                    if free & (1 << a) != 0 {
                        f(Action::Animal(a));
                    }
                }
            }
            Step::Place { .. } => {
                for &h in me.forest.frontier() {
                    f(Action::Place(h));
                }
            }
            Step::Tasks => {
                let forest = &me.forest;
                // Built only for a task whose memo is not current (none, after `play`).
                let mut adj = None;
                for i in bits(forest.task_tiles()) {
                    let Some(c) = forest.cells().get(i) else {
                        continue;
                    };
                    let memo = forest.memo(c.animal);
                    let ends = if self.memo_is_current(forest, memo, i) {
                        memo.ends
                    } else {
                        let adj = adj.get_or_insert_with(|| self.adjacency(forest));
                        self.path_ends_in(forest, adj, i)
                    };
                    if ends == 0 || !forest.connected_without(i) {
                        continue;
                    }
                    for j in bits(ends) {
                        f(Action::Complete {
                            task: c.hex,
                            end: forest.cells()[j].hex,
                        });
                    }
                }
                f(Action::EndTurn);
            }
            _ => {}
        }
    }

    /// Writes the legal decisions into `out`.
    pub fn legal(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if let (Step::Place { .. }, Some(me)) = (s.step, s.players.get(s.current.index())) {
            // The commonest long list: copied straight from the frontier, same order.
            out.extend(me.forest.frontier().iter().map(|&h| Action::Place(h)));
            return;
        }
        if let (Step::Take { second }, Some(me)) = (s.step, s.players.get(s.current.index())) {
            // The commonest list after Place: the display's bits read directly, same order.
            let task_too = !second && unused_animals(&me.forest) != 0;
            for (w, &word) in s.display.0.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let t = (w as u32 * 64 + bits.trailing_zeros()) as TileId;
                    bits &= bits - 1;
                    out.push(Action::TakeForest(t));
                    if task_too {
                        out.push(Action::TakeTask(t));
                    }
                }
            }
            return;
        }
        self.each_legal(s, &mut |a| out.push(a));
    }

    /// The forest as bit sets for path search: the Forest-side tiles of each element (Task
    /// sides, which animals never walk over, are in none).
    pub(crate) fn adjacency<'f>(&'f self, forest: &'f Forest) -> Adjacency<'f> {
        let mut sets = ElementSets::default();
        self.sort_elements(forest.cells(), &mut sets);
        self.adjacency_of(forest.cells(), forest.all_neighbours(), &sets)
    }

    /// [`adjacency`](Self::adjacency) from a forest's tiles, their neighbours and their
    /// element sets.
    fn adjacency_of<'f>(
        &'f self,
        cells: &'f [Cell],
        nbrs: &'f [u128; MAX_CELLS],
        sets: &ElementSets,
    ) -> Adjacency<'f> {
        Adjacency {
            nbrs,
            cells,
            element: &self.element,
            walkable: sets.of.iter().fold(0, |w, &m| w | m),
            of: sets.of,
        }
    }

    /// Brings `sets` up to date with `cells`: sorts only the tiles that came since, unless
    /// the sets are other rules'.
    fn sort_elements(&self, cells: &[Cell], sets: &mut ElementSets) {
        if sets.rules != self.memo_key || usize::from(sets.len) > cells.len() {
            *sets = ElementSets {
                rules: self.memo_key,
                ..ElementSets::default()
            };
        }
        for (j, c) in cells.iter().enumerate().skip(usize::from(sets.len)) {
            if c.task_side() {
                continue;
            }
            if let Some(m) = sets.of.get_mut(self.element[c.tile as usize] as usize) {
                *m |= 1 << j;
            }
        }
        sets.len = cells.len() as u8;
    }

    /// The tiles (as a bit set over positions in [`Forest::cells`]) where a path of the task at
    /// position `ti` can end: the animal walks the task's colours in either direction, from
    /// tile to adjacent tile, over Forest sides only, each tile at most once.
    pub fn path_ends(&self, forest: &Forest, ti: usize) -> u128 {
        self.path_ends_in(forest, &self.adjacency(forest), ti)
    }

    pub(crate) fn path_ends_in(&self, forest: &Forest, adj: &Adjacency, ti: usize) -> u128 {
        let mut ends = 0;
        let mut watch = [0; Element::NUM];
        self.search(forest.cells(), adj, ti, adj.walkable, &mut ends, &mut watch);
        ends
    }

    /// Adds to `ends` where the task at position `ti` has paths, at least those through a
    /// tile of `fresh`, and marks in `watch` (by element) the tiles a new Forest-side tile of
    /// that element could lengthen a walk from: the task tile and the tiles walks reach before
    /// their last step. Paths not through `fresh` must already be in `ends` and `watch`.
    fn search(
        &self,
        cells: &[Cell],
        adj: &Adjacency,
        ti: usize,
        fresh: u128,
        ends: &mut u128,
        watch: &mut [u128; Element::NUM],
    ) {
        let Some(c) = cells.get(ti).filter(|c| c.task_side()) else {
            return;
        };
        let used = 1u128 << ti;
        if c.tile == START {
            walk_start(
                adj,
                self.options.strict_start_task,
                ti,
                used,
                fresh,
                ends,
                watch,
            );
        } else if let Some(p) = self.paths.get(c.tile as usize) {
            let n = (p.len as usize).min(MAX_TASK);
            for seq in [&p.fwd[..n], &p.rev[..n]]
                .into_iter()
                .take(1 + usize::from(p.both))
            {
                // The tiles a step at a time, as if a tile could be walked twice: a superset
                // of each step's walks, exact for a plain task, and most tasks stop at none.
                let mut reached = used;
                for &e in seq {
                    let Some((mark, &of)) = watch.get_mut(e as usize).zip(adj.of.get(e as usize))
                    else {
                        return;
                    };
                    *mark |= reached;
                    reached = adj.around(reached) & of;
                    if reached == 0 {
                        break;
                    }
                }
                if p.plain {
                    *ends |= reached;
                } else if reached & !*ends != 0 {
                    walk(adj, seq, ti, used, ends);
                }
            }
        }
    }

    /// Whether `memo` holds the search of the task at position `ti` of `forest` as it is now.
    fn memo_is_current(&self, forest: &Forest, memo: &PathMemo, ti: usize) -> bool {
        memo.rules == self.memo_key
            && usize::from(memo.task) == ti
            && usize::from(memo.len) == forest.len()
    }

    /// Brings the forest's path memos up to date for a Tasks step. A new tile only adds paths,
    /// through itself, so a task is searched again only if a tile came beside a tile its
    /// walks could go on from, with the element to do so; the Starting tile's task, the
    /// costly one, then searches only the walks through the new tiles.
    fn refresh_memos(&self, forest: &mut Forest) {
        let tasks = forest.task_tiles();
        let (cells, nbrs, memos, sets) = forest.memo_parts();
        let len = cells.len();
        self.sort_elements(cells, sets);
        let sets = &*sets;
        let mut adj = None;
        for i in bits(tasks) {
            let Some(c) = cells.get(i) else {
                continue;
            };
            let Some(memo) = memos.get_mut(usize::from(c.animal) % ANIMALS) else {
                continue;
            };
            let same = memo.rules == self.memo_key
                && usize::from(memo.task) == i
                && usize::from(memo.len) <= len;
            let adj = if !same {
                *memo = PathMemo {
                    rules: self.memo_key,
                    task: i as u8,
                    ..PathMemo::default()
                };
                adj.get_or_insert_with(|| self.adjacency_of(cells, nbrs, sets))
            } else if self.came_near(cells, nbrs, memo) {
                adj.get_or_insert_with(|| self.adjacency_of(cells, nbrs, sets))
            } else {
                memo.len = len as u8;
                continue;
            };
            // The tiles that came since the search (all of them for a new memo).
            let fresh = adj.walkable & !((1u128 << memo.len) - 1);
            self.search(cells, adj, i, fresh, &mut memo.ends, &mut memo.watch);
            memo.len = len as u8;
        }
    }

    /// Whether a Forest-side tile that came after `memo`'s search lies beside a tile it
    /// watches for that tile's element.
    fn came_near(&self, cells: &[Cell], nbrs: &[u128; MAX_CELLS], memo: &PathMemo) -> bool {
        let from = usize::from(memo.len).min(cells.len());
        cells[from..].iter().zip(&nbrs[from..]).any(|(c, &n)| {
            !c.task_side()
                && memo
                    .watch
                    .get(self.element[c.tile as usize] as usize)
                    .is_some_and(|&w| n & w != 0)
        })
    }

    /// Plays a decision assumed legal (listed by [`WhisperingWoods::legal`] or checked). A
    /// decision of another step, or a tile or hex that is not there, leaves the state as it
    /// is; a task's path is not searched again, so an illegal Complete leaves the state
    /// unspecified, as [`sylvan_engine::Game::apply_unchecked`] allows.
    pub fn play(&self, s: &mut State, a: Action) {
        self.play_step(s, a);
        // The Tasks step's list reads the memos: searched here, where they can be kept.
        if s.step == Step::Tasks {
            if let Some(p) = s.players.get_mut(s.current.index()) {
                self.refresh_memos(&mut p.forest);
            }
        }
    }

    /// [`play`](Self::play) but for the path memos.
    fn play_step(&self, s: &mut State, a: Action) {
        let cur = s.current.index();
        if cur >= s.players.len() {
            return;
        }
        match (s.step, a) {
            (Step::ChooseBear, Action::Bear(seat)) if seat.index() < self.players => {
                s.bear = seat;
                s.current = seat;
                s.step = Step::Refill;
                self.after_draw(s);
            }
            (Step::StartAnimal, Action::StartAnimal(x)) if (x as usize) < ANIMALS => {
                s.players[0].forest.insert(Hex::new(0, 0), START, x);
                s.step = Step::Refill;
            }
            (Step::Refill, Action::Draw(t)) if s.bag.has(t) => {
                s.bag.remove(t);
                s.display.insert(t);
                self.after_draw(s);
            }
            (Step::MayRefresh, Action::Refresh) => {
                if s.players[cur].flippable() == 0 || s.bag.is_empty() {
                    return;
                }
                s.players[cur].flips += 1;
                s.refreshed = true;
                s.held = s.display;
                s.display = Tiles::default();
                let size = self.components.display as u32;
                if s.bag.len() < size {
                    // The display can't be fully refreshed: the game end is triggered.
                    s.end_triggered = true;
                }
                s.step = Step::RefreshDraw {
                    left: s.bag.len().min(size) as u8,
                };
            }
            (Step::MayRefresh, Action::KeepDisplay) => self.to_take(s),
            (Step::RefreshDraw { left }, Action::Draw(t)) if s.bag.has(t) && left > 0 => {
                s.bag.remove(t);
                s.display.insert(t);
                if left == 1 {
                    s.bag = s.bag.union(s.held);
                    s.held = Tiles::default();
                    self.to_take(s);
                } else {
                    s.step = Step::RefreshDraw { left: left - 1 };
                }
            }
            (Step::Take { second }, Action::TakeForest(t)) if s.display.has(t) => {
                s.display.remove(t);
                s.step = Step::Place {
                    tile: t,
                    animal: NO_ANIMAL,
                    second,
                };
            }
            (Step::Take { second: false }, Action::TakeTask(t)) if s.display.has(t) => {
                let free = unused_animals(&s.players[cur].forest);
                if free == 0 {
                    return;
                }
                s.display.remove(t);
                s.step = if self.solo() && free.count_ones() > 1 {
                    Step::ChooseAnimal { tile: t }
                } else {
                    Step::Place {
                        tile: t,
                        animal: free.trailing_zeros() as u8,
                        second: false,
                    }
                };
            }
            (Step::ChooseAnimal { tile }, Action::Animal(x)) => {
                if x as usize >= ANIMALS || unused_animals(&s.players[cur].forest) & (1 << x) == 0 {
                    return;
                }
                s.step = Step::Place {
                    tile,
                    animal: x,
                    second: false,
                };
            }
            (
                Step::Place {
                    tile,
                    animal,
                    second,
                },
                Action::Place(h),
            ) => {
                let forest = &mut s.players[cur].forest;
                if !forest.place(h, tile, animal) {
                    return;
                }
                s.step = if animal == NO_ANIMAL && !second && !s.display.is_empty() {
                    Step::Take { second: true }
                } else {
                    Step::Tasks
                };
            }
            (Step::Tasks, Action::Complete { task, end }) => {
                let forest = &s.players[cur].forest;
                let (Some(i), Some(j)) = (forest.at(task), forest.at(end)) else {
                    return;
                };
                // The path and the forest's connection were searched when the decision was
                // listed or checked; searching again here cost a tenth of a playout. A malformed
                // one is still refused without a panic.
                let cells = forest.cells();
                if i == j || !cells[i].task_side() || cells[j].task_side() {
                    return;
                }
                let p = &mut s.players[cur];
                let c = p.forest.cells()[i];
                let x = (c.animal as usize) % ANIMALS;
                p.forest.set_animal(j, c.animal);
                p.forest.remove(task);
                p.done[x].insert(c.tile);
                s.this_turn[x] = s.this_turn[x].saturating_add(1);
            }
            (Step::Tasks, Action::EndTurn) => self.end_turn(s),
            (Step::SoloDraw, Action::Draw(t)) if s.bag.has(t) => {
                s.bag.remove(t);
                s.scoring_board.push(t);
                let colour = self.colour[t as usize];
                for d in s.display.iter().collect::<ArrayVec<TileId, 8>>() {
                    if self.colour[d as usize] == colour {
                        s.display.remove(d);
                        s.removed.insert(d);
                    }
                }
                let spaces = self.components.base_turns as usize + self.objectives_met(s);
                let open = spaces.min(self.components.board_spaces as usize);
                if s.scoring_board.len() >= open || s.end_triggered {
                    s.step = Step::Over;
                } else {
                    self.start_turn(s);
                }
            }
            _ => {}
        }
    }

    /// After a tile is drawn into the display (setup or step 1).
    fn after_draw(&self, s: &mut State) {
        if s.display.len() < self.components.display as u32 {
            if !s.bag.is_empty() {
                s.step = Step::Refill;
                return;
            }
            // The display can't be fully refilled: the game end is triggered.
            s.end_triggered = true;
        }
        if s.turns == 0 {
            // The first turn: the display was just laid out, there is nothing to refill.
            s.turns = 1;
        }
        self.may_refresh(s);
    }

    fn may_refresh(&self, s: &mut State) {
        if !s.refreshed && s.me().flippable() > 0 && !s.bag.is_empty() {
            s.step = Step::MayRefresh;
        } else {
            self.to_take(s);
        }
    }

    fn to_take(&self, s: &mut State) {
        // With an empty display (only after the bag ran out), step 2 has nothing to take.
        s.step = if s.display.is_empty() {
            Step::Tasks
        } else {
            Step::Take { second: false }
        };
    }

    fn start_turn(&self, s: &mut State) {
        s.turns = s.turns.saturating_add(1);
        s.refreshed = false;
        s.this_turn = [0; ANIMALS];
        s.step = Step::Refill;
        if s.display.len() >= self.components.display as u32 || s.bag.is_empty() {
            self.after_draw(s);
        }
    }

    fn end_turn(&self, s: &mut State) {
        let cur = s.current.index();
        if self.solo() {
            let best = s.this_turn.iter().copied().max().unwrap_or(0);
            s.best_turn = s.best_turn.max(best);
            s.step = if s.bag.is_empty() {
                Step::Over
            } else {
                Step::SoloDraw
            };
            return;
        }
        if let Some(k) = Self::bonus_earned(s) {
            s.bonus_left[k] -= 1;
            s.players[cur].bonus[k] += 1;
        }
        if s.players[cur].tasks() >= self.components.end_tasks(self.players) as u32 {
            s.end_triggered = true;
        }
        if s.end_triggered && s.current == self.last_seat(s) {
            s.step = Step::Over;
            return;
        }
        s.current = Seat(((cur + 1) % self.players) as u8);
        self.start_turn(s);
    }
}

/// The animals not yet in the forest, as a bit set.
pub fn unused_animals(forest: &Forest) -> u8 {
    !forest.animals() & ((1 << ANIMALS) - 1)
}

/// No neighbour, or no Forest-side colour.
const NONE: u8 = u8::MAX;

/// A forest as bit sets over positions in [`Forest::cells`], built once per decision for path
/// search, so that each step of a walk is a few masks.
pub(crate) struct Adjacency<'f> {
    /// Each tile's neighbours, kept by the forest.
    nbrs: &'f [u128; MAX_CELLS],
    /// The tiles.
    cells: &'f [Cell],
    /// Each tile number's Forest-side element index (see [`WhisperingWoods`]).
    element: &'f [u8; 256],
    /// The Forest-side tiles.
    walkable: u128,
    /// The Forest-side tiles of each element.
    of: [u128; Element::NUM],
}

impl Adjacency<'_> {
    /// The Forest-side element of the tile at `at`, [`NONE`] for no tile; asked only of
    /// Forest-side tiles (a walk's), so a Task side's is not told apart.
    fn colour(&self, at: usize) -> u8 {
        self.cells
            .get(at)
            .map_or(NONE, |c| self.element[c.tile as usize])
    }

    /// The Forest-side neighbours of the tile at `at`.
    fn nbr(&self, at: usize) -> u128 {
        self.nbrs[at] & self.walkable
    }

    /// The Forest-side tiles beside any tile of `set`.
    fn around(&self, set: u128) -> u128 {
        bits(set).fold(0, |m, j| m | self.nbr(j))
    }
}

/// The tiles in a bit set, lowest first.
fn bits(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let j = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(j)
    })
}

/// Walks the colours `seq` (element indices) on from the tile at `at`, over tiles not in
/// `used`; records where the walk can end.
fn walk(adj: &Adjacency, seq: &[u8], at: usize, used: u128, ends: &mut u128) {
    let Some((&want, rest)) = seq.split_first() else {
        return;
    };
    let Some(&of) = adj.of.get(want as usize) else {
        return;
    };
    let next = adj.nbr(at) & of & !used;
    match rest {
        [] => *ends |= next,
        [last] => {
            let Some(&of_last) = adj.of.get(*last as usize) else {
                return;
            };
            // The last step in one sweep: no tile neighbours itself, so an end is never the
            // tile it was reached through.
            *ends |= adj.around(next) & of_last & !used;
        }
        _ => {
            let last = rest[rest.len() - 1];
            // Every tile this walk could end on is already an end: nothing left to find.
            if adj.of.get(last as usize).map_or(0, |&m| m & !used & !*ends) == 0 {
                return;
            }
            for j in bits(next) {
                walk(adj, rest, j, used | 1 << j, ends);
            }
        }
    }
}

// The Starting tile's task is 6 tiles: a first, 4 middle and a last.
const _: () = assert!(START_TASK == 6, "walk_start nests one loop per middle tile");

/// The Starting tile's task from the tile at `at`: first and last tile the same colour, the
/// four between them of four different colours (and, when `strict`, not the end colour).
/// Walks only through a tile of `fresh` are searched: a walk that has not met one goes on
/// only to tiles close enough to one to meet it in the steps left. Nested loops, one per
/// middle tile, rather than recursion: the walk is this game's most visited search. Marks in
/// `watch` the tiles searched walks go on from: for any element, but the last middle tiles
/// only for the first tile's element, the one an end must have.
fn walk_start(
    adj: &Adjacency,
    strict: bool,
    at: usize,
    used: u128,
    fresh: u128,
    ends: &mut u128,
    watch: &mut [u128; Element::NUM],
) {
    // near[k]: the tiles at most k steps from a fresh tile (all tiles when all are fresh).
    let mut near = [u128::MAX; START_TASK];
    if fresh != adj.walkable {
        near[0] = fresh;
        let mut ring = fresh;
        for k in 1..START_TASK {
            ring = adj.around(ring) & !near[k - 1];
            near[k] = near[k - 1] | ring;
        }
    }
    // Where a walk may go next: anywhere once it has met a fresh tile.
    let onward = |met: bool, left: usize| if met { u128::MAX } else { near[left] };
    // Tiles of a colour already walked in the middle (or the end colour, when strict) are
    // out of the middle.
    let barred_by =
        |barred: u128, j: usize| barred | adj.of.get(adj.colour(j) as usize).copied().unwrap_or(0);
    let firsts = adj.nbr(at) & !used & near[5];
    let mut reach = 1 << at | firsts;
    for first in bits(firsts) {
        let Some(&same) = adj.of.get(adj.colour(first) as usize) else {
            continue;
        };
        let met0 = fresh >> first & 1 == 1;
        let used0 = used | 1 << first;
        let barred0 = if strict { same } else { 0 };
        let mut lasts = 0;
        let step1 = adj.nbr(first) & !used0 & !barred0 & onward(met0, 4);
        reach |= step1;
        for m1 in bits(step1) {
            let met1 = met0 || fresh >> m1 & 1 == 1;
            let (used1, barred1) = (used0 | 1 << m1, barred_by(barred0, m1));
            let step2 = adj.nbr(m1) & !used1 & !barred1 & onward(met1, 3);
            reach |= step2;
            for m2 in bits(step2) {
                let met2 = met1 || fresh >> m2 & 1 == 1;
                let (used2, barred2) = (used1 | 1 << m2, barred_by(barred1, m2));
                let step3 = adj.nbr(m2) & !used2 & !barred2 & onward(met2, 2);
                reach |= step3;
                for m3 in bits(step3) {
                    let met3 = met2 || fresh >> m3 & 1 == 1;
                    let (used3, barred3) = (used2 | 1 << m3, barred_by(barred2, m3));
                    // The last middle tile and the end in one sweep (no tile neighbours
                    // itself).
                    let last = adj.nbr(m3) & !used3 & !barred3 & onward(met3, 1);
                    lasts |= last;
                    *ends |= adj.around(last) & same & !used3;
                }
            }
        }
        if let Some(w) = watch.get_mut(adj.colour(first) as usize) {
            *w |= lasts;
        }
    }
    for w in watch.iter_mut() {
        *w |= reach;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The path memos kept from one Tasks step to the next hold exactly what a search from
    /// scratch finds, and watch at least the tiles it watches, and the element sets kept with
    /// them are those of the whole forest, at every Tasks step of random
    /// games (1 to 4 players, both readings of the Starting tile's task, tasks completed
    /// often so that memos are emptied and rebuilt too).
    #[test]
    fn path_memos_match_a_search_from_scratch_along_random_games() {
        let mut checked = 0;
        let mut with_ends = 0;
        for players in 1..=4 {
            for strict in [false, true] {
                let options = Options {
                    strict_start_task: strict,
                    ..Options::default()
                };
                let game =
                    WhisperingWoods::with(players, options, Arc::new(Components::standard()))
                        .expect("valid");
                let mut rng = GameRng::seeded(players as u64 * 2 + u64::from(strict));
                let mut out = Vec::new();
                for _ in 0..16 {
                    let mut s = game.setup();
                    while let Some(a) = match game.actor(&s) {
                        Actor::Nobody => None,
                        Actor::Chance => game.draw(&s, &mut rng),
                        Actor::Seat(_) => {
                            game.legal(&s, &mut out);
                            let complete = out.iter().copied().find(|a| {
                                matches!(a, Action::Complete { .. }) && rng.below(2) == 0
                            });
                            complete.or(out.get(rng.below(out.len() as u64) as usize).copied())
                        }
                    } {
                        game.play(&mut s, a);
                        if s.step != Step::Tasks {
                            continue;
                        }
                        let forest = &s.me().forest;
                        let mut sorted = ElementSets::default();
                        game.sort_elements(forest.cells(), &mut sorted);
                        assert_eq!(forest.element_sets(), &sorted, "{forest:?}");
                        let adj = game.adjacency(forest);
                        for (i, c) in forest.cells().iter().enumerate() {
                            if !c.task_side() {
                                continue;
                            }
                            let memo = forest.memo(c.animal);
                            assert!(game.memo_is_current(forest, memo, i));
                            let (mut ends, mut watch) = (0, [0; Element::NUM]);
                            game.search(
                                forest.cells(),
                                &adj,
                                i,
                                adj.walkable,
                                &mut ends,
                                &mut watch,
                            );
                            assert_eq!(memo.ends, ends, "task {i} in {forest:?}");
                            for (m, w) in memo.watch.iter().zip(watch) {
                                assert_eq!(w & !m, 0, "task {i} in {forest:?}");
                            }
                            checked += 1;
                            with_ends += usize::from(ends != 0);
                        }
                    }
                }
            }
        }
        assert!(checked > 5_000, "{checked} memos checked");
        assert!(
            with_ends > 300,
            "{with_ends} memos with paths ({checked} checked)"
        );
    }
}
