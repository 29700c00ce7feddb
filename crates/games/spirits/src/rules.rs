//! The rules: who decides, what is legal, and what each decision does.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sylvan_engine::{Actor, GameRng, OptionsError, Seat};

use crate::action::{Action, Spot};
use crate::components::{
    parse_five, parse_six, Animal, Card, Colour, ColourRule, Components, Tile,
};
use crate::state::{
    tile_bit, Board, Dest, Only, Source, State, Step, Stones, ALL_TILES, TAKE_ONE_BITS,
};
use crate::Illegal;

/// Which animals or cards a table plays with, when not the recommended set's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Pick {
    /// `"random"`: chance chooses at setup.
    Random(String),
    /// The names, chosen by the table.
    Named(Vec<String>),
}

/// A table's options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// A recommended set by name ("First Steps", "Coyote's Mischief", "Condor's Challenge",
    /// "Big and Small", "River and Sea"), or "random" for random animals and cards.
    pub set: String,
    /// Overrides the set's animals: five names, or "random".
    pub animals: Option<Pick>,
    /// Overrides the set's Spirit Power cards: six names, or "random" (six dealt from the
    /// shuffled 36).
    pub cards: Option<Pick>,
    /// Score a completed Jackrabbit 3 as printed, not 4 as the errata says.
    pub jackrabbit_printed_3: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            set: "First Steps".into(),
            animals: None,
            cards: None,
            jackrabbit_printed_3: false,
        }
    }
}

/// Spirits of the Wild: Awakening: the rules of one table (options and component data).
#[derive(Clone, Debug)]
pub struct Spirits {
    pub(crate) options: Options,
    pub(crate) components: Arc<Components>,
    /// The five animals, or `None` when chance picks them at setup.
    pub(crate) animals: Option<[Animal; 5]>,
    /// The cards the two piles are dealt from (6 for a set or a choice, 36 for random).
    pub(crate) deck: [u8; Card::NUM],
}

/// The two players.
const SEATS: [Seat; 2] = [Seat(0), Seat(1)];

impl Spirits {
    /// Builds the rules from options and validated component data.
    pub fn with(options: Options, components: Arc<Components>) -> Result<Spirits, OptionsError> {
        let bad = |m: String| OptionsError::Invalid(m);
        let random = |p: &Option<Pick>, what: &str| -> Result<bool, OptionsError> {
            match p {
                Some(Pick::Random(s)) if s.eq_ignore_ascii_case("random") => Ok(true),
                Some(Pick::Random(s)) => Err(bad(format!(
                    "{what}: '{s}' is neither a list of names nor \"random\""
                ))),
                _ => Ok(false),
            }
        };
        let set_random = options.set.eq_ignore_ascii_case("random");
        let set = if set_random {
            None
        } else {
            Some(components.set(&options.set).ok_or_else(|| {
                bad(format!(
                    "unknown set '{}' (expected one of {}, or \"random\")",
                    options.set,
                    components
                        .sets
                        .iter()
                        .map(|s| s.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?)
        };
        let animals = match &options.animals {
            Some(Pick::Named(list)) => Some(parse_five(list, "animals").map_err(bad)?),
            p if random(p, "animals")? => None,
            _ => set.map(|s| s.animals),
        };
        let mut deck = [0u8; Card::NUM];
        let chosen = match &options.cards {
            Some(Pick::Named(list)) => {
                Some(parse_six(list, "cards", &components.cards).map_err(bad)?)
            }
            p if random(p, "cards")? => None,
            _ => set.map(|s| s.cards),
        };
        match chosen {
            Some(cards) => cards.iter().for_each(|c| deck[c.index()] += 1),
            None => deck = components.cards,
        }
        Ok(Spirits {
            options,
            components,
            animals,
            deck,
        })
    }

    /// The component data in use.
    pub fn components(&self) -> &Components {
        &self.components
    }

    fn spirit_stones(&self) -> u8 {
        self.components.stones[Colour::Spirit.index()]
    }

    /// The state before setup's chance points.
    pub fn setup(&self) -> State {
        let mut s = State {
            animals: Default::default(),
            boards: [[Board::default(); 5]; 2],
            bag: Stones(self.components.stones),
            bowl: Stones::default(),
            pool: Stones::default(),
            hands: [Stones::default(); 2],
            porcupine: Default::default(),
            skunk: Default::default(),
            spider_pool: Stones::default(),
            // The starting player's Take Two Stones starts face down.
            face_down: [tile_bit(Tile::TakeTwo), 0],
            coyote: None,
            piles: [[None; 3]; 2],
            unseen: self.deck,
            current: Seat(0),
            normal: Seat(0),
            extra_turns: Default::default(),
            steps: Default::default(),
            returned: Default::default(),
            cards_used: [0; 2],
            turns: 0,
            over: false,
        };
        let mut steps = arrayvec::ArrayVec::<Step, 8>::new();
        match self.animals {
            Some(a) => s.animals.extend(a),
            None => steps.push(Step::ChooseAnimal),
        }
        steps.extend([
            Step::RevealTop(0),
            Step::RevealTop(1),
            Step::SetupBowl(4),
            Step::ChooseTile,
            Step::EndTurn,
        ]);
        s.push_steps(&steps);
        self.advance(&mut s);
        s
    }

    // ----- who decides -------------------------------------------------------------------

    /// Who decides at `s`.
    pub fn actor(&self, s: &State) -> Actor {
        match s.steps.last() {
            _ if s.over => Actor::Nobody,
            None => Actor::Nobody,
            Some(step) => match *step {
                Step::ChooseAnimal
                | Step::RevealTop(_)
                | Step::SetupBowl(_)
                | Step::Draw { .. } => Actor::Chance,
                Step::ChooseTile => Actor::Seat(s.current),
                Step::Take { who, .. } | Step::Place { who } => Actor::Seat(who),
                Step::MayMoveCoyote(w)
                | Step::ChooseCard(w)
                | Step::BadgerReturn(w)
                | Step::RemoveOwn { who: w, .. }
                | Step::RaccoonTake(w)
                | Step::ReturnOne(w)
                | Step::FoxGive(w)
                | Step::OrcaTake(w)
                | Step::OrcaReturn(w)
                | Step::Elk(w)
                | Step::Porcupine(w)
                | Step::SpiderName(w)
                | Step::SquirrelMore(w)
                | Step::SkunkTake(w) => Actor::Seat(w),
                // Automatic steps never rest on top (advance runs them).
                _ => Actor::Nobody,
            },
        }
    }

    // ----- chance ------------------------------------------------------------------------

    /// Chance outcomes with weights.
    pub fn outcomes(&self, s: &State, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if s.over {
            return;
        }
        match s.steps.last() {
            Some(Step::ChooseAnimal) => out.extend(
                Animal::ALL
                    .iter()
                    .filter(|a| !s.animals.contains(a))
                    .map(|&a| (Action::Animal(a), 1)),
            ),
            Some(Step::RevealTop(_)) => out.extend(
                Card::ALL
                    .iter()
                    .filter(|c| s.unseen[c.index()] > 0)
                    .map(|&c| (Action::Reveal(c), s.unseen[c.index()] as u32)),
            ),
            Some(Step::SetupBowl(_)) => draws(&s.bag, &Colour::ALL[..Colour::NUM - 1], out),
            // The most frequent decision of all: a plain loop, no iterator adaptors.
            Some(Step::Draw { .. }) => draws(&s.bag, &Colour::ALL, out),
            _ => {}
        }
    }

    /// The outcome [`outcomes`](Self::outcomes) and `rng.pick_weighted` would draw, from the
    /// same random numbers; a draw from the bag (the most frequent decision) skips the list.
    pub fn draw(
        &self,
        s: &State,
        rng: &mut GameRng,
        out: &mut Vec<(Action, u32)>,
    ) -> Option<Action> {
        match s.steps.last() {
            Some(Step::Draw { .. }) if !s.over => draw_from(&s.bag, &Colour::ALL, rng),
            _ => sylvan_engine::draw_listed(self, s, rng, out),
        }
    }

    // ----- legal actions -----------------------------------------------------------------

    /// Legal actions of the seat to move.
    pub fn legal(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        self.each_legal(s, &mut |a| out.push(a));
    }

    /// Calls `f` with each legal action of the seat to move.
    pub(crate) fn each_legal(&self, s: &State, f: &mut impl FnMut(Action)) {
        if s.over {
            return;
        }
        let Some(&step) = s.steps.last() else { return };
        match step {
            Step::ChooseTile => self.legal_tiles(s, f),
            Step::Take { from, only, .. } => {
                for c in self.source(s, from).colours() {
                    if allowed(c, only) {
                        f(Action::Take(c));
                    }
                }
            }
            Step::Place { who } => {
                for c in s.hands[who.index()].colours() {
                    self.placements(s, who, c, f);
                }
            }
            Step::SkunkTake(_) => s.bowl.colours().for_each(|c| f(Action::Take(c))),
            Step::MayMoveCoyote(who) => {
                f(Action::KeepCoyote);
                let opp = State::opponent(who);
                for (b, &a) in s.animals.iter().enumerate() {
                    if s.coyote != Some((opp, b as u8)) {
                        f(Action::MoveCoyote(a));
                    }
                }
            }
            Step::ChooseCard(_) => {
                for pile in 0..2u8 {
                    if let Some(card) = s.piles[pile as usize][0] {
                        f(Action::UseCard { pile, card });
                    }
                }
            }
            Step::BadgerReturn(_) => {
                if let Some((owner, b)) = s.coyote {
                    self.removals(s, owner, b as usize, true, f);
                }
            }
            Step::RemoveOwn { who, .. } => {
                for b in 0..s.animals.len() {
                    self.removals(s, who, b, true, f);
                }
            }
            Step::RaccoonTake(_) => {
                for owner in SEATS {
                    for b in 0..s.animals.len() {
                        self.removals(s, owner, b, false, f);
                    }
                }
            }
            Step::ReturnOne(_) => s.bowl.colours().for_each(|c| f(Action::Return(c))),
            Step::FoxGive(_) => s.bowl.colours().for_each(|c| f(Action::Give(c))),
            Step::OrcaTake(_) => s.bowl.colours().for_each(|c| f(Action::TakeAll(c))),
            Step::OrcaReturn(_) => s.bowl.colours().for_each(|c| f(Action::ReturnAll(c))),
            Step::Elk(_) => {
                f(Action::ElkTwoStones);
                if s.bowl.get(Colour::Spirit) > 0 {
                    f(Action::ElkSpiritStone);
                }
            }
            Step::Porcupine(who) => {
                for (b, &a) in s.animals.iter().enumerate() {
                    if s.boards[who.index()][b].stone_count() > 0 {
                        f(Action::Empty(a));
                    }
                }
            }
            Step::SpiderName(_) => Colour::ALL.iter().for_each(|&c| f(Action::Name(c))),
            Step::SquirrelMore(_) => {
                if s.bag.total() > 0 {
                    f(Action::DrawAnother);
                }
                f(Action::StopDrawing);
            }
            _ => {}
        }
    }

    /// Whether `seat` may choose `tile`, with `bowl` stones in the bowl.
    fn tile_legal(s: &State, seat: Seat, tile: Tile, bowl: u32) -> bool {
        let down = s.face_down[seat.index()];
        let up = |bits: u8| down & bits != bits;
        match tile {
            Tile::TakeOne => up(TAKE_ONE_BITS) && bowl >= 1,
            Tile::TakeTwo => up(tile_bit(tile)) && bowl >= 2,
            Tile::AddTwo | Tile::AddThree => up(tile_bit(tile)),
            Tile::Recover => up(tile_bit(tile)) && (down & !tile_bit(tile)).count_ones() >= 3,
        }
    }

    fn face_up(s: &State, seat: Seat, tile: Tile) -> bool {
        let down = s.face_down[seat.index()];
        match tile {
            Tile::TakeOne => down & TAKE_ONE_BITS != TAKE_ONE_BITS,
            _ => down & tile_bit(tile) == 0,
        }
    }

    fn legal_tiles(&self, s: &State, f: &mut impl FnMut(Action)) {
        let me = s.current;
        let bowl = s.bowl.total();
        let mut any = false;
        for t in Tile::ALL {
            if Self::tile_legal(s, me, t, bowl) {
                any = true;
                f(Action::Tile(t));
            }
        }
        if any {
            return;
        }
        for t in Tile::ALL {
            if Self::face_up(s, me, t) {
                any = true;
                f(Action::Pass(t));
            }
        }
        if !any {
            f(Action::PassWithoutTile);
        }
    }

    fn source<'a>(&self, s: &'a State, from: Source) -> &'a Stones {
        match from {
            Source::Bowl => &s.bowl,
            Source::Bag => &s.bag,
            Source::Pool => &s.pool,
        }
    }

    /// Calls `f` with every legal placement of a `c` stone by `who`.
    fn placements(&self, s: &State, who: Seat, c: Colour, f: &mut impl FnMut(Action)) {
        self.placements_until(s, who, c, &mut |a| {
            f(a);
            false
        });
    }

    /// Calls `f` with the legal placements of a `c` stone by `who`, in the order of
    /// [`Spirits::placements`], until `f` returns true; whether it did. The same verdicts as
    /// [`Spirits::check_place`], with each board's checks made once rather than per set.
    fn placements_until(
        &self,
        s: &State,
        who: Seat,
        c: Colour,
        f: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        let w = who.index();
        let in_hand = s.hands[w].get(c);
        for (b, &animal) in s.animals.iter().enumerate() {
            let board = &s.boards[w][b];
            if board.spirit {
                continue;
            }
            if s.coyote == Some((who, b as u8)) {
                if s.skunk[w].get(c) == 0 {
                    continue;
                }
            } else if in_hand <= s.porcupine[w][b].get(c) {
                continue;
            }
            if c.is_spirit() {
                if f(Action::Place {
                    stone: c,
                    animal,
                    set: 0,
                }) {
                    return true;
                }
                continue;
            }
            let layout = self.components.layout(animal);
            if layout.spaces == 0 {
                continue;
            }
            // Leftmost boards: only the set holding the first open space can take the stone.
            let first = if layout.leftmost {
                match board.spaces[..layout.spaces as usize]
                    .iter()
                    .position(|x| x.is_none())
                {
                    Some(i) => Some(i),
                    None => continue,
                }
            } else {
                None
            };
            for (set, sl) in layout.sets.iter().enumerate() {
                let start = sl.start as usize;
                let range = start..start + sl.size as usize;
                let open = match first {
                    Some(i) => range.contains(&i),
                    None => board.spaces[range.clone()].iter().any(|x| x.is_none()),
                };
                if open
                    && colour_rule_allows(sl.rule, &board.spaces[range], c)
                    && f(Action::Place {
                        stone: c,
                        animal,
                        set: set as u8,
                    })
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `who` may place a `c` stone on board `b`, set `set`; on success the space
    /// (normal spaces) it goes to.
    pub(crate) fn check_place(
        &self,
        s: &State,
        who: Seat,
        c: Colour,
        b: usize,
        set: u8,
    ) -> Result<usize, Illegal> {
        let board = &s.boards[who.index()][b];
        let animal = s.animals[b];
        let layout = self.components.layout(animal);
        if board.spirit {
            return Err(Illegal::BoardClosed(animal));
        }
        let w = who.index();
        if s.coyote == Some((who, b as u8)) {
            // Only a stone Skunk took may go on the board Coyote blocks (and it never came off
            // a board, so no Porcupine ban applies to it).
            if s.skunk[w].get(c) == 0 {
                return Err(Illegal::CoyoteBlocks(animal));
            }
        } else if s.hands[w].get(c) <= s.porcupine[w][b].get(c) {
            // Every such stone in the hand came off this board by Porcupine.
            return Err(Illegal::PorcupineSameBoard(animal));
        }
        if c.is_spirit() {
            return Ok(usize::MAX);
        }
        if layout.spaces == 0 {
            return Err(Illegal::NestOnly);
        }
        let Some(set_layout) = layout.sets.get(set as usize) else {
            return Err(Illegal::NoSuchSet(animal, set));
        };
        let start = set_layout.start as usize;
        let range = start..start + set_layout.size as usize;
        let space = if layout.leftmost {
            let first = board.spaces[..layout.spaces as usize]
                .iter()
                .position(|x| x.is_none());
            match first {
                Some(i) if range.contains(&i) => i,
                Some(_) => return Err(Illegal::Leftmost(animal)),
                None => return Err(Illegal::SetFull(animal)),
            }
        } else {
            match board.spaces[range.clone()].iter().position(|x| x.is_none()) {
                Some(i) => start + i,
                None => return Err(Illegal::SetFull(animal)),
            }
        };
        if !colour_rule_allows(set_layout.rule, &board.spaces[range], c) {
            return Err(Illegal::ColourRule(animal, set_layout.rule));
        }
        Ok(space)
    }

    /// Calls `f` with each stone that may be taken off `owner`'s board `b`. Stones of one
    /// colour in a set whose spaces are interchangeable are offered once.
    fn removals(
        &self,
        s: &State,
        owner: Seat,
        b: usize,
        spirits_too: bool,
        f: &mut impl FnMut(Action),
    ) {
        let Some(&animal) = s.animals.get(b) else {
            return;
        };
        let board = &s.boards[owner.index()][b];
        let layout = self.components.layout(animal);
        for set in &layout.sets {
            let start = set.start as usize;
            for i in start..start + set.size as usize {
                let Some(c) = board.spaces[i] else { continue };
                let first_of_colour = board.spaces[start..i].iter().all(|x| *x != Some(c));
                if layout.leftmost || first_of_colour {
                    f(Action::Remove {
                        owner,
                        animal,
                        spot: Spot::Space(i as u8),
                        stone: c,
                    });
                }
            }
        }
        if spirits_too && board.spirit {
            f(Action::Remove {
                owner,
                animal,
                spot: Spot::SpiritSpace,
                stone: Colour::Spirit,
            });
        }
        for c in board.nest.colours() {
            if spirits_too || !c.is_spirit() {
                f(Action::Remove {
                    owner,
                    animal,
                    spot: Spot::Nest,
                    stone: c,
                });
            }
        }
    }

    // ----- applying ----------------------------------------------------------------------

    /// Applies a legal action and runs the automatic steps that follow.
    pub fn play(&self, s: &mut State, a: Action) {
        let Some(&step) = s.steps.last() else { return };
        s.returned = Default::default();
        match (step, a) {
            (Step::ChooseAnimal, Action::Animal(x)) => {
                let _ = s.animals.try_push(x);
                if s.animals.is_full() {
                    s.steps.pop();
                }
            }
            (Step::RevealTop(p), Action::Reveal(card)) => {
                s.steps.pop();
                s.piles[p as usize][0] = Some(card);
                let n = &mut s.unseen[card.index()];
                *n = n.saturating_sub(1);
            }
            (Step::SetupBowl(n), Action::Draw(c)) | (Step::Draw { n, .. }, Action::Draw(c)) => {
                s.steps.pop();
                if s.bag.take(c) {
                    match step {
                        Step::Draw {
                            to: Dest::Hand(w), ..
                        } => s.hands[w.index()].add(c, 1),
                        Step::Draw {
                            to: Dest::Nest(w), ..
                        } => {
                            if let Some(b) = s.board_of(Animal::Packrat) {
                                s.boards[w.index()][b].nest.add(c, 1);
                            }
                        }
                        Step::Draw { to: Dest::Pool, .. } => s.pool.add(c, 1),
                        Step::Draw {
                            to: Dest::SpiderPool,
                            ..
                        } => s.spider_pool.add(c, 1),
                        _ => s.bowl.add(c, 1),
                    }
                }
                if n > 1 {
                    let rest = match step {
                        Step::Draw { to, .. } => Step::Draw { n: n - 1, to },
                        _ => Step::SetupBowl(n - 1),
                    };
                    s.push_steps(&[rest]);
                }
            }
            (Step::ChooseTile, Action::Tile(t)) => {
                s.steps.pop();
                self.do_tile(s, t);
            }
            (Step::ChooseTile, Action::Pass(t)) => {
                s.steps.pop();
                flip(s, s.current, t);
            }
            (Step::ChooseTile, Action::PassWithoutTile) => {
                s.steps.pop();
            }
            (Step::SkunkTake(who), Action::Take(c)) => {
                s.steps.pop();
                if s.bowl.take(c) {
                    s.hands[who.index()].add(c, 1);
                    s.skunk[who.index()].add(c, 1);
                }
                s.push_steps(&[place(who)]);
            }
            (Step::Take { who, n, from, only }, Action::Take(c)) => {
                s.steps.pop();
                let taken = match from {
                    Source::Bowl => s.bowl.take(c),
                    Source::Bag => s.bag.take(c),
                    Source::Pool => s.pool.take(c),
                };
                if taken {
                    s.hands[who.index()].add(c, 1);
                }
                if n > 1 {
                    s.push_steps(&[Step::Take {
                        who,
                        n: n - 1,
                        from,
                        only,
                    }]);
                }
            }
            (Step::Place { who }, Action::Place { stone, animal, set }) => {
                self.place(s, who, stone, animal, set);
            }
            (Step::MayMoveCoyote(who), Action::KeepCoyote) => {
                s.steps.pop();
                let _ = who;
            }
            (Step::MayMoveCoyote(who), Action::MoveCoyote(animal)) => {
                s.steps.pop();
                self.move_coyote(s, who, animal);
            }
            (Step::ChooseCard(who), Action::UseCard { pile, card }) => {
                if pile > 1 || s.piles[pile as usize][0] != Some(card) {
                    return;
                }
                s.steps.pop();
                s.cards_used[who.index()] |= 1 << card.index();
                self.use_card(s, who, pile, card);
            }
            (Step::BadgerReturn(_), Action::Remove { .. })
            | (Step::RemoveOwn { to_bag: false, .. }, Action::Remove { .. }) => {
                s.steps.pop();
                if let Some(c) = take_off(s, a) {
                    s.bowl.add(c, 1);
                }
            }
            (Step::RemoveOwn { to_bag: true, .. }, Action::Remove { .. }) => {
                s.steps.pop();
                if let Some(c) = take_off(s, a) {
                    s.bag.add(c, 1);
                }
            }
            (Step::RaccoonTake(who), Action::Remove { .. }) => {
                s.steps.pop();
                if let Some(c) = take_off(s, a) {
                    s.hands[who.index()].add(c, 1);
                }
            }
            (Step::ReturnOne(_), Action::Return(c)) => {
                s.steps.pop();
                if s.bowl.take(c) {
                    s.bag.add(c, 1);
                }
            }
            (Step::FoxGive(who), Action::Give(c)) => {
                s.steps.pop();
                let opp = State::opponent(who);
                if s.bowl.take(c) {
                    s.hands[opp.index()].add(c, 1);
                }
                s.push_steps(&[place(opp)]);
            }
            (Step::OrcaTake(who), Action::TakeAll(c)) => {
                s.steps.pop();
                let n = s.bowl.get(c);
                s.bowl.0[c.index()] = 0;
                s.hands[who.index()].add(c, n);
                s.push_steps(&[place(who), Step::OrcaReturn(State::opponent(who))]);
            }
            (Step::OrcaReturn(_), Action::ReturnAll(c)) => {
                s.steps.pop();
                let n = s.bowl.get(c);
                s.bowl.0[c.index()] = 0;
                s.bag.add(c, n);
            }
            (Step::Elk(who), Action::ElkTwoStones) => {
                s.steps.pop();
                s.push_steps(&[take(who, 2, Only::Regular), place(who)]);
            }
            (Step::Elk(who), Action::ElkSpiritStone) => {
                s.steps.pop();
                s.push_steps(&[take(who, 1, Only::Spirit), place(who), Step::ExtraTurn(who)]);
            }
            (Step::Porcupine(who), Action::Empty(animal)) => {
                s.steps.pop();
                if let Some(b) = s.board_of(animal) {
                    let board = &mut s.boards[who.index()][b];
                    let mut taken = Stones::default();
                    board.count_into(&mut taken);
                    *board = Board::default();
                    // Added to the ban this board may already have; other boards keep theirs.
                    for c in Colour::ALL {
                        s.porcupine[who.index()][b].add(c, taken.get(c));
                    }
                    taken.pour_into(&mut s.hands[who.index()]);
                }
                s.push_steps(&[place(who)]);
            }
            (Step::SpiderName(who), Action::Name(c)) => {
                s.steps.pop();
                s.push_steps(&[
                    Step::Draw {
                        n: 8,
                        to: Dest::SpiderPool,
                    },
                    Step::SpiderResolve(who, c),
                    place(who),
                ]);
            }
            (Step::SquirrelMore(who), Action::DrawAnother) => {
                s.steps.pop();
                s.push_steps(&[
                    Step::Draw {
                        n: 1,
                        to: Dest::Pool,
                    },
                    Step::SquirrelMore(who),
                ]);
            }
            (Step::SquirrelMore(who), Action::StopDrawing) => {
                s.steps.pop();
                let opp = State::opponent(who);
                s.push_steps(&[pool_take(who), place(who), pool_take(opp), place(opp)]);
            }
            _ => return,
        }
        self.advance(s);
    }

    fn do_tile(&self, s: &mut State, t: Tile) {
        let me = s.current;
        flip(s, me, t);
        match t {
            Tile::TakeOne => {
                if s.face_down[me.index()] & TAKE_ONE_BITS == TAKE_ONE_BITS {
                    // Flipping the second Take One Stone completes the Coyote picture.
                    s.push_steps(&[take(me, 1, Only::Any), place(me), Step::MayMoveCoyote(me)]);
                } else {
                    s.push_steps(&[take(me, 1, Only::Any), place(me)]);
                }
            }
            Tile::TakeTwo => s.push_steps(&[take(me, 2, Only::Any), place(me)]),
            Tile::AddTwo => s.push_steps(&[draw_to_bowl(2), take(me, 1, Only::Any), place(me)]),
            Tile::AddThree => s.push_steps(&[draw_to_bowl(3), Step::MayMoveCoyote(me)]),
            Tile::Recover => {
                // All six come face up, this one included: were it flipped down after use, a
                // player could never recover again and would be stuck once the rest were used.
                s.face_down[me.index()] = 0;
                s.push_steps(&[Step::ChooseCard(me)]);
            }
        }
    }

    fn use_card(&self, s: &mut State, me: Seat, pile: u8, card: Card) {
        let opp = State::opponent(me);
        let mut steps = arrayvec::ArrayVec::<Step, 8>::new();
        let take1 = take(me, 1, Only::Any);
        match card {
            Card::Badger => steps.extend([Step::MayMoveCoyote(me), Step::BadgerReturn(me)]),
            Card::Bear => steps.push(Step::BearCycle(me)),
            Card::Bison => steps.extend([draw_to_bowl(3), take1, place(me), Step::ReturnOne(me)]),
            Card::Cougar => steps.extend([draw_to_bowl(2), take(me, 2, Only::Any), place(me)]),
            Card::Deer => steps.extend([
                Step::RemoveOwn {
                    who: me,
                    to_bag: false,
                },
                take(me, 2, Only::Any),
                place(me),
            ]),
            Card::Eagle => steps.extend([take1, place(me), Step::ExtraTurn(me)]),
            Card::Elk => steps.push(Step::Elk(me)),
            Card::Fox => steps.extend([draw_to_bowl(4), take1, place(me), Step::FoxGive(me)]),
            Card::Orca => steps.extend([draw_to_bowl(5), Step::OrcaTake(me)]),
            Card::Porcupine => steps.push(Step::Porcupine(me)),
            Card::Raccoon => steps.extend([Step::RaccoonTake(me), place(me), draw_to_bowl(3)]),
            Card::Ram => steps.extend([
                Step::Draw {
                    n: 2,
                    to: Dest::Hand(me),
                },
                place(me),
            ]),
            Card::Seal => steps.extend([
                Step::RemoveOwn {
                    who: me,
                    to_bag: true,
                },
                Step::Draw {
                    n: 3,
                    to: Dest::Hand(me),
                },
                place(me),
            ]),
            Card::Skunk => steps.push(Step::SkunkTake(me)),
            Card::Spider => steps.push(Step::SpiderName(me)),
            Card::Squirrel => {
                // A Squirrel used through the Moth inside another Squirrel: the outer card's
                // drawn stones are set aside until this one has returned its own.
                let outer = std::mem::take(&mut s.pool);
                steps.extend([
                    Step::Draw {
                        n: 1,
                        to: Dest::Pool,
                    },
                    Step::SquirrelMore(me),
                    Step::ReturnPool(outer),
                ])
            }
            Card::Vulture => steps.extend([
                Step::VultureReturn,
                Step::Draw {
                    n: 1,
                    to: Dest::Hand(me),
                },
                place(me),
            ]),
            Card::Wolf => steps.extend([draw_to_bowl(4), take1, place(me)]),
        }
        let _ = opp;
        let _ = steps.try_push(Step::CardToBottom(pile));
        s.push_steps(&steps);
    }

    fn place(&self, s: &mut State, who: Seat, c: Colour, animal: Animal, set: u8) {
        let Some(b) = s.board_of(animal) else { return };
        let Ok(space) = self.check_place(s, who, c, b, set) else {
            return;
        };
        let w = who.index();
        if !s.hands[w].take(c) {
            return;
        }
        let blocked = s.coyote == Some((who, b as u8));
        if blocked {
            // Only a Skunk stone may go here (check_place): its permission is used.
            s.skunk[w].take(c);
        } else {
            // Of the stones allowed here, the one placed is the least useful elsewhere: one
            // that Porcupine keeps off another board (the most kept off first), else a plain
            // one, else a Skunk stone.
            let bans = &mut s.porcupine[w];
            // Porcupine's bans are rare: without one on this colour, only Skunk's stones count.
            if bans.iter().all(|x| x.get(c) == 0) {
                if s.skunk[w].get(c) > s.hands[w].get(c) {
                    s.skunk[w].take(c);
                }
            } else {
                let from = (0..bans.len())
                    .filter(|&y| y != b && bans[y].get(c) > 0)
                    .max_by_key(|&y| bans[y].get(c));
                match from {
                    Some(y) => {
                        bans[y].take(c);
                    }
                    None => {
                        let banned: u32 = bans.iter().map(|x| x.get(c) as u32).sum();
                        if banned + s.skunk[w].get(c) as u32 > s.hands[w].get(c) as u32 {
                            s.skunk[w].take(c);
                        }
                    }
                }
            }
        }
        if s.hands[w].total() == 0 {
            if let Some(Step::Place { .. }) = s.steps.last() {
                // The hand is empty: this placing is done before any trigger adds new work.
                s.steps.pop();
            }
        }
        if blocked {
            // "If you do, you may move Coyote."
            s.push_steps(&[Step::MayMoveCoyote(who)]);
        }
        let board = &mut s.boards[who.index()][b];
        if c.is_spirit() {
            board.spirit = true;
            return;
        }
        board.spaces[space] = Some(c);
        let layout = self.components.layout(animal);
        let complete = |board: &Board, i: usize| {
            let st = layout.sets[i];
            board.spaces[st.start as usize..(st.start + st.size) as usize]
                .iter()
                .all(|x| x.is_some())
        };
        // Only four animals care whether a set or the board is complete: the others skip the
        // scans.
        let (set_done, all_done) = match animal {
            Animal::Bullfrog | Animal::Otter | Animal::Jackrabbit | Animal::Moth => {
                let set_index = layout
                    .sets
                    .iter()
                    .position(|st| {
                        (st.start as usize..(st.start + st.size) as usize).contains(&space)
                    })
                    .unwrap_or(0);
                let board = &s.boards[who.index()][b];
                let set_done = complete(board, set_index);
                let all_done = set_done && (0..layout.sets.len()).all(|i| complete(board, i));
                (set_done, all_done)
            }
            _ => (false, false),
        };
        if layout.coyote_spaces & (1 << space) != 0 {
            s.push_steps(&[Step::MayMoveCoyote(who)]);
        }
        match animal {
            Animal::Bullfrog if set_done => {
                s.push_steps(&[draw_to_bowl(3), take(who, 2, Only::Any), place(who)])
            }
            Animal::Otter if all_done => s.push_steps(&[
                Step::Take {
                    who,
                    n: 1,
                    from: Source::Bag,
                    only: Only::Any,
                },
                place(who),
            ]),
            Animal::Jackrabbit if all_done => {
                let _ = s.extra_turns.try_push(who);
                s.push_steps(&[Step::MayMoveCoyote(who)]);
            }
            Animal::Moth if all_done => self.moth(s, who),
            _ => {}
        }
    }

    /// Moth completed: use a face-up Spirit Power; a card being resolved goes to the bottom
    /// of its pile first.
    fn moth(&self, s: &mut State, who: Seat) {
        // A Moth emptied and refilled by cards inside cards could nest without end; past this
        // depth the power is forgone (a loop no table would play; see RULINGS.md).
        if s.steps.len() + 16 > crate::state::MAX_STEPS {
            return;
        }
        let active = s
            .steps
            .iter()
            .rposition(|st| matches!(st, Step::CardToBottom(_)));
        s.push_steps(&[Step::ChooseCard(who)]);
        if let Some(i) = active {
            if let Step::CardToBottom(p) = s.steps.remove(i) {
                card_to_bottom(s, p);
            }
        }
    }

    fn move_coyote(&self, s: &mut State, who: Seat, animal: Animal) {
        let Some(b) = s.board_of(animal) else { return };
        s.coyote = Some((State::opponent(who), b as u8));
        // Packrat: a random stone into the mover's Nest, unless its Spirit space is filled.
        if let Some(p) = s.board_of(Animal::Packrat) {
            if !s.boards[who.index()][p].spirit {
                s.push_steps(&[Step::Draw {
                    n: 1,
                    to: Dest::Nest(who),
                }]);
            }
        }
    }

    /// Runs automatic steps and skips decisions nobody can make, until a seat or chance must
    /// decide or the game is over.
    pub(crate) fn advance(&self, s: &mut State) {
        while let Some(&step) = s.steps.last() {
            match step {
                Step::ChooseAnimal => return,
                Step::RevealTop(p) => {
                    if s.piles[p as usize][0].is_some() || s.unseen.iter().all(|&n| n == 0) {
                        s.steps.pop();
                    } else {
                        return;
                    }
                }
                Step::SetupBowl(n) => {
                    if n == 0 || s.bag.regular() == 0 {
                        s.steps.pop();
                    } else {
                        return;
                    }
                }
                Step::Draw { n, .. } => {
                    if n == 0 || s.bag.total() == 0 {
                        s.steps.pop();
                    } else {
                        return;
                    }
                }
                Step::ChooseTile => return,
                Step::Take { from, only, .. } => {
                    let src = self.source(s, from);
                    if src.colours().any(|c| allowed(c, only)) {
                        return;
                    }
                    s.steps.pop();
                }
                Step::Place { who } => {
                    let hand = s.hands[who.index()];
                    for c in hand.colours() {
                        if self.placements_until(s, who, c, &mut |_| true) {
                            return;
                        }
                    }
                    // None of the stones can be placed (placing one first could have opened a
                    // space for another, so only now): they go to the bowl.
                    for c in hand.colours() {
                        let n = hand.get(c);
                        s.bowl.add(c, n);
                        s.returned[who.index()].add(c, n);
                    }
                    s.hands[who.index()] = Stones::default();
                    s.porcupine[who.index()] = Default::default();
                    s.skunk[who.index()] = Stones::default();
                    s.steps.pop();
                }
                Step::MayMoveCoyote(_) | Step::ChooseCard(_) | Step::Elk(_) => {
                    if matches!(step, Step::ChooseCard(_)) && s.piles.iter().all(|p| p[0].is_none())
                    {
                        s.steps.pop();
                    } else {
                        return;
                    }
                }
                Step::SpiderName(_) | Step::SquirrelMore(_) => return,
                Step::SkunkTake(_) => {
                    // Nothing in the bowl: nothing to take, nothing to place.
                    if s.bowl.total() > 0 {
                        return;
                    }
                    s.steps.pop();
                }
                Step::BadgerReturn(_)
                | Step::RemoveOwn { .. }
                | Step::RaccoonTake(_)
                | Step::ReturnOne(_)
                | Step::FoxGive(_)
                | Step::OrcaTake(_)
                | Step::OrcaReturn(_)
                | Step::Porcupine(_) => {
                    // Complete as much of the card as you can: skip what cannot be done.
                    let mut any = false;
                    self.legal_any(s, &mut any);
                    if any {
                        return;
                    }
                    s.steps.pop();
                }
                Step::CardToBottom(p) => {
                    s.steps.pop();
                    card_to_bottom(s, p);
                }
                Step::SpiderResolve(who, c) => {
                    s.steps.pop();
                    let n = s.spider_pool.get(c);
                    s.spider_pool.0[c.index()] = 0;
                    s.hands[who.index()].add(c, n);
                    let mut pool = s.spider_pool;
                    pool.pour_into(&mut s.bag);
                    s.spider_pool = pool;
                }
                Step::ReturnPool(outer) => {
                    s.steps.pop();
                    let mut pool = s.pool;
                    pool.pour_into(&mut s.bag);
                    s.pool = outer;
                }
                Step::BearCycle(who) => {
                    s.steps.pop();
                    let n = s.bowl.total() as u8;
                    let mut bowl = s.bowl;
                    bowl.pour_into(&mut s.bag);
                    s.bowl = bowl;
                    s.push_steps(&[draw_to_bowl(n), take(who, 1, Only::Any), place(who)]);
                }
                Step::VultureReturn => {
                    s.steps.pop();
                    let mut bowl = s.bowl;
                    bowl.pour_into(&mut s.bag);
                    s.bowl = bowl;
                }
                Step::ExtraTurn(who) => {
                    s.steps.pop();
                    let _ = s.extra_turns.try_push(who);
                }
                Step::EndTurn => {
                    s.steps.pop();
                    s.turns = s.turns.saturating_add(1);
                    if !s.extra_turns.is_empty() {
                        let next = s.extra_turns.remove(0);
                        start_turn(s, next);
                    } else if s.spirits_out(self.spirit_stones()) >= 5
                        || s.face_down.iter().all(|&d| d == ALL_TILES)
                    {
                        s.over = true;
                        return;
                    } else {
                        s.normal = State::opponent(s.normal);
                        start_turn(s, s.normal);
                    }
                }
            }
        }
    }

    fn legal_any(&self, s: &State, any: &mut bool) {
        self.each_legal(s, &mut |_| *any = true);
    }

    /// Whether the game has ended.
    pub fn is_over(&self, s: &State) -> bool {
        s.over
    }

    /// The jackrabbit option.
    pub(crate) fn printed_jackrabbit(&self) -> bool {
        self.options.jackrabbit_printed_3
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }
}

/// Whether a set holding `stones` may take a `c` stone under its colour rule.
fn colour_rule_allows(rule: ColourRule, stones: &[Option<Colour>], c: Colour) -> bool {
    let stones = stones.iter().flatten();
    match rule {
        ColourRule::Any => true,
        ColourRule::Same => stones.clone().all(|&x| x == c),
        ColourRule::Different => stones.clone().all(|&x| x != c),
        ColourRule::TwoColours => {
            let mut seen = [false; Colour::NUM];
            seen[c.index()] = true;
            stones.clone().for_each(|x| seen[x.index()] = true);
            seen.iter().filter(|&&x| x).count() <= 2
        }
    }
}

// `Colour::ALL` ends with the Spirit Stone, so the regular colours are the ones before it.
const _: () = assert!(Colour::Spirit.index() == Colour::NUM - 1);

/// The stone [`draws`] and `rng.pick_weighted` would draw, from the same random number,
/// without the list: the `rng.below(stones)`-th stone, counted colour by colour.
fn draw_from(bag: &Stones, colours: &[Colour], rng: &mut GameRng) -> Option<Action> {
    let total: u64 = colours.iter().map(|&c| u64::from(bag.get(c))).sum();
    if total == 0 {
        return None;
    }
    let mut r = rng.below(total);
    for &c in colours {
        let n = u64::from(bag.get(c));
        if r < n {
            return Some(Action::Draw(c));
        }
        r -= n;
    }
    None
}

/// A draw of each of `colours` in the bag, weighted by how many are there, in colour order.
fn draws(bag: &Stones, colours: &[Colour], out: &mut Vec<(Action, u32)>) {
    for &c in colours {
        let n = bag.get(c);
        if n > 0 {
            out.push((Action::Draw(c), u32::from(n)));
        }
    }
}

fn allowed(c: Colour, only: Only) -> bool {
    match only {
        Only::Any => true,
        Only::Regular => !c.is_spirit(),
        Only::Spirit => c.is_spirit(),
    }
}

fn take(who: Seat, n: u8, only: Only) -> Step {
    Step::Take {
        who,
        n,
        from: Source::Bowl,
        only,
    }
}

fn pool_take(who: Seat) -> Step {
    Step::Take {
        who,
        n: 1,
        from: Source::Pool,
        only: Only::Any,
    }
}

fn place(who: Seat) -> Step {
    Step::Place { who }
}

fn draw_to_bowl(n: u8) -> Step {
    Step::Draw { n, to: Dest::Bowl }
}

fn start_turn(s: &mut State, seat: Seat) {
    s.current = seat;
    s.push_steps(&[Step::ChooseTile, Step::EndTurn]);
}

fn flip(s: &mut State, seat: Seat, t: Tile) {
    let down = &mut s.face_down[seat.index()];
    match t {
        Tile::TakeOne => {
            if *down & 1 == 0 {
                *down |= 1;
            } else {
                *down |= 2;
            }
        }
        _ => *down |= tile_bit(t),
    }
}

fn card_to_bottom(s: &mut State, p: u8) {
    let Some(pile) = s.piles.get_mut(p as usize) else {
        return;
    };
    pile.rotate_left(1);
    if pile[0].is_none() {
        s.push_steps(&[Step::RevealTop(p)]);
    }
}

/// Takes the stone an [`Action::Remove`] names off its board; returns its colour.
fn take_off(s: &mut State, a: Action) -> Option<Colour> {
    let Action::Remove {
        owner,
        animal,
        spot,
        ..
    } = a
    else {
        return None;
    };
    let b = s.board_of(animal)?;
    let board = s.boards.get_mut(owner.index())?.get_mut(b)?;
    match spot {
        Spot::Space(i) => {
            let i = i as usize;
            let c = board.spaces.get_mut(i)?.take()?;
            Some(c)
        }
        Spot::SpiritSpace => {
            if board.spirit {
                board.spirit = false;
                Some(Colour::Spirit)
            } else {
                None
            }
        }
        Spot::Nest => {
            let Action::Remove { stone, .. } = a else {
                return None;
            };
            board.nest.take(stone).then_some(stone)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sylvan_engine::{Game, GameRng};

    /// The placements found board by board are exactly the (board, set) pairs that
    /// `check_place` accepts, in the same order, for both seats and every colour, at every
    /// decision of random games.
    #[test]
    fn placements_agree_with_check_place() {
        let game = Spirits::standard(Options::default()).expect("standard game");
        let mut rng = GameRng::seeded(17);
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        let mut compared = 0;
        for _ in 0..60 {
            let mut s = game.initial_state();
            while let Some(action) = match game.actor(&s) {
                Actor::Nobody => None,
                Actor::Chance => {
                    game.chance_outcomes(&s, &mut outcomes);
                    Some(rng.pick_weighted(&outcomes))
                }
                Actor::Seat(_) => {
                    game.legal_actions(&s, &mut actions);
                    Some(actions[rng.below(actions.len() as u64) as usize])
                }
            } {
                for who in SEATS {
                    for c in Colour::ALL {
                        let mut fast = Vec::new();
                        game.placements(&s, who, c, &mut |a| fast.push(a));
                        let mut slow = Vec::new();
                        for (b, &animal) in s.animals.iter().enumerate() {
                            let sets = if c.is_spirit() {
                                1
                            } else {
                                game.components.layout(animal).sets.len() as u8
                            };
                            for set in 0..sets {
                                if game.check_place(&s, who, c, b, set).is_ok() {
                                    slow.push(Action::Place {
                                        stone: c,
                                        animal,
                                        set,
                                    });
                                }
                            }
                        }
                        assert_eq!(fast, slow, "{who:?} placing {c:?}");
                        let first = slow.first().copied();
                        let mut stopped = None;
                        let found = game.placements_until(&s, who, c, &mut |a| {
                            stopped = Some(a);
                            true
                        });
                        assert_eq!((found, stopped), (first.is_some(), first));
                        compared += 1;
                    }
                }
                game.apply_unchecked(&mut s, action);
            }
        }
        assert!(compared > 10_000, "only {compared} comparisons");
    }
}
