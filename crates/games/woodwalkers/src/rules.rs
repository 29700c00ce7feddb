//! The rules: who decides, what is legal, and what each decision does.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sylvan_engine::{Actor, GameRng, OptionsError, Seat};

use crate::action::Action;
use crate::components::{
    cells_of, expand, Animal, Category, Cell, Components, ForestTile, Side, ANIMALS, MAX_FOREST,
    MAX_KINDS,
};
use crate::state::{Duel, Space, State, Step, MAX_PLAYERS};
use crate::Illegal;

/// How the animals are put on their starting spaces at setup.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Arrangement {
    /// Each player chooses (secretly, at night), one starting space after the other.
    #[default]
    Chosen,
    /// Chance arranges every player's animals.
    Random,
}

/// A table's options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// `"day"` (the basic game) or `"night"` (Midnight Duel).
    pub side: Side,
    /// `"chosen"` or `"random"` arrangement of the animals at setup.
    pub arrangement: Arrangement,
    /// The seat (0-based) of the youngest player, who holds the battle mode marker first.
    pub marker: u8,
    /// Midnight Duel for players who want the memory challenge: animals turned over in a duel
    /// are not shown afterwards (only the owner's own animals and a duel in progress are).
    pub forget_revealed: bool,
    /// Midnight Duel, the full memory challenge ("You should remember, where you place which
    /// animal tile"): a player's own face-down animals are hidden from that player too.
    pub forget_own: bool,
}

/// Woodwalkers: The Game: the rules of one table (player count, options, component data).
#[derive(Clone, Debug)]
pub struct Woodwalkers {
    pub(crate) players: usize,
    pub(crate) options: Options,
    pub(crate) components: Arc<Components>,
    /// Cells no animal may enter: other colours' starting spaces, those of absent colours.
    pub(crate) all_starts: u128,
}

/// The seat that plays `colour` (seat k plays colour k).
pub(crate) fn seat(colour: usize) -> Seat {
    Seat(colour as u8)
}

impl Woodwalkers {
    /// Builds the rules for `players` players from options and validated component data.
    pub fn with(
        players: usize,
        options: Options,
        components: Arc<Components>,
    ) -> Result<Woodwalkers, OptionsError> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(OptionsError::PlayerCount {
                game: crate::GAME_NAME,
                min: 2,
                max: MAX_PLAYERS,
                got: players,
            });
        }
        if options.marker as usize >= players {
            return Err(OptionsError::Invalid(format!(
                "marker: seat {} does not exist; the seats are 0 to {}",
                options.marker,
                players - 1
            )));
        }
        if (options.forget_revealed || options.forget_own) && options.side == Side::Day {
            let name = if options.forget_revealed {
                "forget_revealed"
            } else {
                "forget_own"
            };
            return Err(OptionsError::Invalid(format!(
                "{name} is the Midnight Duel's memory challenge; it needs side \"night\""
            )));
        }
        let all_starts = components.start_mask.iter().fold(0, |m, s| m | s);
        Ok(Woodwalkers {
            players,
            options,
            components,
            all_starts,
        })
    }

    /// The component data in use.
    pub fn components(&self) -> &Components {
        &self.components
    }

    /// The options in use.
    pub fn options(&self) -> &Options {
        &self.options
    }

    fn night(&self) -> bool {
        self.options.side == Side::Night
    }

    fn next(&self, s: Seat) -> Seat {
        Seat(((s.index() + 1) % self.players) as u8)
    }

    // ----- setup ---------------------------------------------------------------------------

    /// The state before setup's decisions: animals in hand, forest tiles face down, battle
    /// mode tiles in their stack.
    pub fn setup(&self) -> State {
        let mix = self.components.mix(self.options.side);
        let mut forest = [Space::Open; MAX_FOREST];
        for f in forest.iter_mut().take(self.components.forest.len()) {
            *f = Space::FaceDown;
        }
        State {
            pos: [[Cell::NONE; ANIMALS]; MAX_PLAYERS],
            removed: [0; MAX_PLAYERS],
            wounds: [[0; ANIMALS]; MAX_PLAYERS],
            revealed: [0; MAX_PLAYERS],
            forest,
            mix: mix.counts,
            medicine: [0; MAX_PLAYERS],
            die_tiles: [0; MAX_PLAYERS],
            duel_points: [0; MAX_PLAYERS],
            tile_points: [0; MAX_PLAYERS],
            modes_up: [0; 4],
            stack: self.components.modes,
            discarded: [0; 4],
            modes_chosen: [0; MAX_PLAYERS],
            mode: None,
            holder: Seat(self.options.marker),
            current: Seat(0),
            round: 0,
            last_round: false,
            roll: 0,
            selected: Cell::NONE,
            duel: None,
            step: Step::Arrange,
        }
    }

    // ----- who decides ---------------------------------------------------------------------

    /// Who decides at `s`.
    pub fn actor(&self, s: &State) -> Actor {
        let duellist = |w: u8| match s.duel {
            Some(d) if w == 0 => Actor::Seat(d.challenger),
            Some(d) => Actor::Seat(d.defender),
            None => Actor::Nobody,
        };
        match s.step {
            Step::Over => Actor::Nobody,
            Step::Arrange => match self.options.arrangement {
                Arrangement::Chosen => Actor::Seat(s.current),
                Arrangement::Random => Actor::Chance,
            },
            Step::DrawMode { .. } | Step::MoveDie | Step::Reveal(_) | Step::DuelDie(_) => {
                Actor::Chance
            }
            Step::ChooseMode => Actor::Seat(s.holder),
            Step::TurnStart | Step::AfterRoll | Step::Destination | Step::LastMedicine => {
                Actor::Seat(s.current)
            }
            Step::Guess => duellist(1),
            Step::DuelPrep(w) | Step::DuelReroll(w) => duellist(w),
            Step::Retreat => match s.duel.and_then(|d| d.loser) {
                Some(l) => duellist(l),
                None => Actor::Nobody,
            },
            Step::WinnerMove => duellist(0),
        }
    }

    // ----- movement ------------------------------------------------------------------------

    fn occupied(&self, s: &State) -> u128 {
        (0..self.players).fold(0, |m, c| m | s.occupied_by(c))
    }

    /// Where the animal of `colour` on `origin` may end a move of up to `roll` spaces:
    /// open spaces and face-down or face-up forest tiles reached without passing an animal,
    /// and other players' animals next to such a space (a duel). Starting spaces are entered
    /// only from the colour's own starting spaces.
    pub fn targets(&self, s: &State, colour: usize, origin: Cell, roll: u8) -> u128 {
        let occupied = self.occupied(s);
        self.targets_among(occupied, s.occupied_by(colour), colour, origin, roll)
    }

    /// [`Self::targets`] with the occupied cells (all, and `colour`'s own) computed once.
    fn targets_among(
        &self,
        occupied: u128,
        own: u128,
        colour: usize,
        origin: Cell,
        roll: u8,
    ) -> u128 {
        let c = &self.components;
        let Some(&own_start) = c.start_mask.get(colour) else {
            return 0;
        };
        let interior_free = c.interior & !occupied;
        let start_free = own_start & !occupied;
        let rivals = c.interior & occupied & !own;
        let on_start = origin.bit() & own_start != 0;
        let (mut in_start, mut inside) = if on_start {
            (origin.bit(), 0)
        } else {
            (0, origin.bit() & c.interior)
        };
        if in_start | inside == 0 {
            return 0;
        }
        let mut attack = 0;
        for _ in 0..roll {
            let around = expand(in_start | inside);
            attack |= around & rivals;
            let more_start = in_start | (expand(in_start) & start_free);
            let more_inside = inside | (around & interior_free);
            if more_start == in_start && more_inside == inside {
                break;
            }
            in_start = more_start;
            inside = more_inside;
        }
        ((in_start | inside) & !origin.bit()) | attack
    }

    /// The cells of `colour`'s animals on the board that can move at least one space.
    fn movable(&self, s: &State, colour: usize, f: &mut impl FnMut(Cell)) {
        let occupied = self.occupied(s);
        let own = s.occupied_by(colour);
        for &cell in &s.pos[colour] {
            if cell.on_grid() && self.targets_among(occupied, own, colour, cell, 1) != 0 {
                f(cell);
            }
        }
    }

    /// Whether `seat` holds medicine and has a wounded animal to use it on.
    fn may_heal(&self, s: &State, seat: Seat) -> bool {
        let c = seat.index();
        s.medicine[c] > 0
            && Animal::ALL
                .iter()
                .any(|&a| s.wounds[c][a.index()] > 0 && !s.is_removed(c, a))
    }

    fn heal_actions(&self, s: &State, seat: Seat, f: &mut impl FnMut(Action)) {
        let c = seat.index();
        if s.medicine[c] == 0 {
            return;
        }
        for a in Animal::ALL {
            if s.wounds[c][a.index()] > 0 && !s.is_removed(c, a) {
                f(Action::Medicine(a));
            }
        }
    }

    /// The open starting spaces the duel's loser may go back to.
    fn retreats(&self, s: &State) -> u128 {
        let Some(d) = s.duel else { return 0 };
        let Some(l) = d.loser else { return 0 };
        let (colour, cell) = if l == 0 {
            (d.challenger.index(), d.origin)
        } else {
            (d.defender.index(), d.target)
        };
        let Some(&own) = self.components.start_mask.get(colour) else {
            return 0;
        };
        own & (!self.occupied(s) | cell.bit())
    }

    // ----- legal decisions -------------------------------------------------------------------

    /// Calls `f` with every legal seat decision (nothing at chance points or when over).
    pub fn each_legal(&self, s: &State, f: &mut impl FnMut(Action)) {
        let Actor::Seat(who) = self.actor(s) else {
            return;
        };
        let me = who.index();
        match s.step {
            Step::Arrange => {
                for a in Animal::ALL {
                    if !s.pos[me][a.index()].on_grid() {
                        f(Action::Place(a));
                    }
                }
            }
            Step::ChooseMode => {
                for c in Category::ALL {
                    if s.modes_up[c.index()] > 0 {
                        f(Action::ChooseMode(c));
                    }
                }
            }
            Step::TurnStart => {
                f(Action::Roll);
                f(Action::Skip);
                self.heal_actions(s, who, f);
            }
            Step::AfterRoll => {
                let mut any = false;
                self.movable(s, me, &mut |c| {
                    any = true;
                    f(Action::Select(c))
                });
                if !any {
                    f(Action::Pass);
                }
                if s.die_tiles[me] > 0 {
                    f(Action::Reroll);
                }
            }
            Step::Destination => {
                for c in cells_of(self.targets(s, me, s.selected, s.roll)) {
                    f(Action::MoveTo(c));
                }
            }
            Step::Guess => {
                if let Some(d) = s.duel {
                    let c = d.challenger.index();
                    for a in Animal::ALL {
                        if !s.is_removed(c, a) {
                            f(Action::Guess(a));
                        }
                    }
                    f(Action::NoGuess);
                }
            }
            Step::DuelPrep(_) => {
                f(Action::DuelRoll);
                self.heal_actions(s, who, f);
            }
            Step::DuelReroll(_) => {
                if s.die_tiles[who.index()] > 0 {
                    f(Action::Reroll);
                }
                self.heal_actions(s, who, f);
                f(Action::Keep);
            }
            Step::LastMedicine => {
                self.heal_actions(s, who, f);
                f(Action::NoMedicine);
            }
            Step::Retreat => {
                for c in cells_of(self.retreats(s)) {
                    f(Action::Retreat(c));
                }
            }
            // "The winner of your duel may move their figure to the now open space or stay":
            // the winning challenger chooses.
            Step::WinnerMove => {
                f(Action::TakeSpace);
                f(Action::StayBack);
            }
            _ => {}
        }
    }

    /// Writes the legal seat decisions into `out` (cleared first).
    pub fn legal(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        self.each_legal(s, &mut |a| out.push(a));
    }

    /// Writes a chance point's outcomes with their weights into `out` (cleared first).
    pub fn outcomes(&self, s: &State, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if self.actor(s) != Actor::Chance {
            return;
        }
        match s.step {
            Step::Arrange => {
                let me = s.current.index();
                for a in Animal::ALL {
                    if !s.pos[me][a.index()].on_grid() {
                        out.push((Action::Dealt(a), 1));
                    }
                }
            }
            Step::DrawMode { .. } => {
                for c in Category::ALL {
                    if s.stack[c.index()] > 0 {
                        out.push((Action::DrawMode(c), s.stack[c.index()] as u32));
                    }
                }
            }
            Step::MoveDie | Step::DuelDie(_) => {
                for n in 1..=self.components.die_faces {
                    out.push((Action::Die(n), 1));
                }
            }
            Step::Reveal(_) => {
                let mix = self.components.mix(self.options.side);
                for (k, &tile) in mix.kinds.iter().enumerate() {
                    if s.mix[k] > 0 {
                        out.push((Action::Reveal(tile), s.mix[k] as u32));
                    }
                }
            }
            _ => {}
        }
    }

    /// Whether `a` is among the outcomes or legal decisions now.
    pub(crate) fn is_listed(&self, s: &State, a: Action) -> bool {
        match self.actor(s) {
            Actor::Nobody => false,
            Actor::Seat(_) => {
                let mut found = false;
                self.each_legal(s, &mut |x| found |= x == a);
                found
            }
            Actor::Chance => {
                let mut out = Vec::new();
                self.outcomes(s, &mut out);
                out.iter().any(|&(x, _)| x == a)
            }
        }
    }

    // ----- playing a decision ----------------------------------------------------------------

    /// Applies `a` (assumed legal; anything else leaves the state unspecified but never
    /// panics).
    pub fn play(&self, s: &mut State, a: Action) {
        match (s.step, a) {
            (Step::Arrange, Action::Place(animal) | Action::Dealt(animal)) => {
                let me = s.current.index() % MAX_PLAYERS;
                let placed = s.pos[me].iter().filter(|c| c.on_grid()).count();
                if s.pos[me][animal.index()].on_grid() || placed >= ANIMALS {
                    return;
                }
                s.pos[me][animal.index()] = self.components.start[me][placed];
                if placed + 1 == ANIMALS {
                    if me + 1 >= self.players {
                        s.step = Step::DrawMode { setup: true };
                    } else {
                        s.current = Seat(me as u8 + 1);
                    }
                }
            }
            (Step::DrawMode { setup }, Action::DrawMode(c)) => {
                if s.stack[c.index()] == 0 {
                    return;
                }
                s.stack[c.index()] -= 1;
                s.modes_up[c.index()] += 1;
                let up: u8 = s.modes_up.iter().sum();
                let left: u8 = s.stack.iter().sum();
                if !setup {
                    self.begin_turns(s);
                } else if up >= self.components.face_up || left == 0 {
                    self.start_round(s);
                }
            }
            (Step::ChooseMode, Action::ChooseMode(c)) => {
                if s.modes_up[c.index()] == 0 {
                    return;
                }
                s.modes_up[c.index()] -= 1;
                s.discarded[c.index()] += 1;
                s.modes_chosen[s.holder.index()] |= 1 << c.index();
                s.mode = Some(c);
                if s.stack.iter().any(|&n| n > 0) {
                    s.step = Step::DrawMode { setup: false };
                } else {
                    self.begin_turns(s);
                }
            }
            (Step::TurnStart, Action::Roll) => s.step = Step::MoveDie,
            (Step::TurnStart, Action::Skip) => self.end_turn(s),
            (
                Step::TurnStart | Step::DuelPrep(_) | Step::DuelReroll(_) | Step::LastMedicine,
                Action::Medicine(animal),
            ) => {
                if let Actor::Seat(who) = self.actor(s) {
                    let c = who.index();
                    let w = &mut s.wounds[c][animal.index()];
                    if s.medicine[c] > 0 && *w > 0 {
                        *w -= 1;
                        s.medicine[c] -= 1;
                    }
                    match s.step {
                        Step::DuelReroll(_) => {
                            // A wound less changes the standing: everyone may answer again.
                            if let Some(d) = s.duel.as_mut() {
                                d.passed = [false; 2];
                            }
                            self.duel_window(s);
                        }
                        Step::LastMedicine if !self.may_heal(s, who) => self.next_last_medicine(s),
                        _ => {}
                    }
                }
            }
            (Step::LastMedicine, Action::NoMedicine) => self.next_last_medicine(s),
            (Step::MoveDie, Action::Die(n)) => {
                s.roll = n;
                s.step = Step::AfterRoll;
            }
            (Step::AfterRoll, Action::Reroll) => {
                let c = s.current.index();
                s.die_tiles[c] = s.die_tiles[c].saturating_sub(1);
                s.step = Step::MoveDie;
            }
            (Step::AfterRoll, Action::Select(cell)) => {
                s.selected = cell;
                s.step = Step::Destination;
            }
            (Step::AfterRoll, Action::Pass) => self.end_turn(s),
            (Step::Destination, Action::MoveTo(to)) => self.move_to(s, to),
            (Step::Reveal(cell), Action::Reveal(tile)) => self.reveal(s, cell, tile),
            (Step::Guess, Action::Guess(_) | Action::NoGuess) => {
                let Some(d) = s.duel.as_mut() else { return };
                if let Action::Guess(g) = a {
                    let attacker = s
                        .pos
                        .get(d.challenger.index())
                        .and_then(|row| row.iter().position(|&c| c == d.origin));
                    d.guess = Some(g);
                    if attacker == Some(g.index()) {
                        d.bonus[1] = 1;
                    } else {
                        d.bonus[0] = 1;
                    }
                }
                self.turn_over(s);
                self.duel_prep(s, 0);
            }
            (Step::DuelPrep(w), Action::DuelRoll) => s.step = Step::DuelDie(w),
            (Step::DuelDie(w), Action::Die(n)) => {
                let Some(d) = s.duel.as_mut() else { return };
                // The defender has not rolled yet: this is the challenger's first roll.
                let first = w == 0 && d.rolls[1] == 0;
                d.rolls[(w & 1) as usize] = n;
                d.passed = [false; 2];
                if first {
                    self.duel_prep(s, 1);
                } else {
                    self.duel_window(s);
                }
            }
            (Step::DuelReroll(w), Action::Reroll) => {
                if let Actor::Seat(who) = self.actor(s) {
                    s.die_tiles[who.index()] = s.die_tiles[who.index()].saturating_sub(1);
                }
                s.step = Step::DuelDie(w);
            }
            (Step::DuelReroll(w), Action::Keep) => {
                if let Some(d) = s.duel.as_mut() {
                    d.passed[(w & 1) as usize] = true;
                }
                self.duel_window(s);
            }
            (Step::Retreat, Action::Retreat(cell)) => {
                self.send_back(s, cell);
                self.after_retreat(s);
            }
            (Step::WinnerMove, Action::TakeSpace) => {
                if let Some(d) = s.duel {
                    if let Some(a) = s.animal_at(d.challenger.index(), d.origin) {
                        s.pos[d.challenger.index()][a.index()] = d.target;
                    }
                }
                self.end_turn(s);
            }
            (Step::WinnerMove, Action::StayBack) => self.end_turn(s),
            _ => {}
        }
    }

    fn start_round(&self, s: &mut State) {
        let up: u8 = s.modes_up.iter().sum();
        if up == 0 {
            self.last_medicine(s, self.next(s.holder));
            return;
        }
        s.round = s.round.saturating_add(1);
        // components.md 5.3: the round that starts with fewer face-up tiles than the setup's
        // three is the final roll.
        s.last_round = up < self.components.face_up;
        s.current = s.holder;
        s.step = Step::ChooseMode;
    }

    fn begin_turns(&self, s: &mut State) {
        s.current = self.next(s.holder);
        s.step = Step::TurnStart;
    }

    fn end_turn(&self, s: &mut State) {
        s.roll = 0;
        s.selected = Cell::NONE;
        s.duel = None;
        if s.current == s.holder {
            if s.last_round {
                self.last_medicine(s, self.next(s.holder));
            } else {
                s.holder = self.next(s.holder);
                self.start_round(s);
            }
        } else {
            s.current = self.next(s.current);
            s.step = Step::TurnStart;
        }
    }

    fn move_to(&self, s: &mut State, to: Cell) {
        let me = s.current.index() % MAX_PLAYERS;
        let from = s.selected;
        if let Some((owner, _)) = s.occupant(self.players, to) {
            if owner == me {
                return;
            }
            s.duel = Some(Duel {
                challenger: s.current,
                defender: seat(owner),
                origin: from,
                target: to,
                animals: None,
                rolls: [0; 2],
                bonus: [0; 2],
                guess: None,
                loser: None,
                passed: [false; 2],
            });
            if self.night() {
                s.step = Step::Guess;
            } else {
                self.turn_over(s);
                self.duel_prep(s, 0);
            }
            return;
        }
        let Some(animal) = s.animal_at(me, from) else {
            return;
        };
        s.pos[me][animal.index()] = to;
        match self.forest_space(to) {
            Some(i) if s.forest[i] == Space::FaceDown => s.step = Step::Reveal(to),
            _ => self.end_turn(s),
        }
    }

    /// The index of `cell` among the light spaces.
    pub fn forest_space(&self, cell: Cell) -> Option<usize> {
        let i = *self.components.forest_index.get(cell.0 as usize)?;
        (i != u8::MAX).then_some(i as usize)
    }

    fn reveal(&self, s: &mut State, cell: Cell, tile: ForestTile) {
        let mix = self.components.mix(self.options.side);
        if let Some(k) = mix.kind_of(tile) {
            if k < MAX_KINDS {
                s.mix[k] = s.mix[k].saturating_sub(1);
            }
        }
        let me = s.current.index() % MAX_PLAYERS;
        let space = match tile {
            ForestTile::Flag(v) => Space::Flag(v),
            ForestTile::Medicine => {
                s.medicine[me] = s.medicine[me].saturating_add(1);
                Space::Open
            }
            ForestTile::Die => {
                s.die_tiles[me] = s.die_tiles[me].saturating_add(1);
                Space::Open
            }
            ForestTile::Points => {
                s.tile_points[me] = s.tile_points[me].saturating_add(self.components.points_tile);
                Space::Open
            }
        };
        if let Some(i) = self.forest_space(cell) {
            s.forest[i] = space;
        }
        self.end_turn(s);
    }

    /// Turns both duelling animals over: everyone sees them.
    fn turn_over(&self, s: &mut State) {
        let Some(d) = s.duel.as_mut() else { return };
        let (c, t) = (d.challenger.index(), d.defender.index());
        let attacker = s
            .pos
            .get(c)
            .and_then(|r| r.iter().position(|&x| x == d.origin));
        let defender = s
            .pos
            .get(t)
            .and_then(|r| r.iter().position(|&x| x == d.target));
        if let (Some(a), Some(b)) = (attacker, defender) {
            d.animals = Animal::from_index(a)
                .zip(Animal::from_index(b))
                .map(|(a, b)| [a, b]);
            s.revealed[c] |= 1 << a;
            s.revealed[t] |= 1 << b;
        }
    }

    fn duel_prep(&self, s: &mut State, w: u8) {
        let Some(d) = s.duel else { return };
        let who = if w == 0 { d.challenger } else { d.defender };
        s.step = if self.may_heal(s, who) {
            Step::DuelPrep(w)
        } else {
            Step::DuelDie(w)
        };
    }

    /// Both dice are known: the duellist currently losing (a tie goes against the
    /// challenger), then the other, may reroll its own die with a die tile or use medicine;
    /// after any change both may answer again. The duel is decided once neither will.
    fn duel_window(&self, s: &mut State) {
        let Some(d) = s.duel else { return };
        let losing = usize::from(self.duel_total(s, &d, 0) > self.duel_total(s, &d, 1));
        for w in [losing, 1 - losing] {
            let who = if w == 0 { d.challenger } else { d.defender };
            let tiles = s.die_tiles.get(who.index()).copied().unwrap_or(0);
            if !d.passed[w] && (tiles > 0 || self.may_heal(s, who)) {
                s.step = Step::DuelReroll(w as u8);
                return;
            }
        }
        self.resolve(s);
    }

    /// The last chance for medicine before the final scoring, in turn order from `seat` to
    /// the marker holder (who plays last): each holder of medicine with a wounded animal.
    fn last_medicine(&self, s: &mut State, mut seat: Seat) {
        for _ in 0..self.players {
            if self.may_heal(s, seat) {
                s.current = seat;
                s.step = Step::LastMedicine;
                return;
            }
            if seat == s.holder {
                break;
            }
            seat = self.next(seat);
        }
        s.step = Step::Over;
    }

    fn next_last_medicine(&self, s: &mut State) {
        if s.current == s.holder {
            s.step = Step::Over;
        } else {
            self.last_medicine(s, self.next(s.current));
        }
    }

    /// A duellist's total: the card's value in the round's category, minus one per wound,
    /// plus the die and any guess bonus.
    pub fn duel_total(&self, s: &State, d: &Duel, w: usize) -> i32 {
        let Some(animals) = d.animals else { return 0 };
        let colour = if w == 0 { d.challenger } else { d.defender }.index();
        let animal = animals[w & 1];
        let category = s.mode.unwrap_or(Category::Strength);
        self.components.value(animal, category) as i32
            - s.wounds.get(colour).map_or(0, |r| r[animal.index()]) as i32
            + d.rolls[w & 1] as i32
            + d.bonus[w & 1] as i32
    }

    fn resolve(&self, s: &mut State) {
        let Some(mut d) = s.duel else { return };
        let Some(animals) = d.animals else {
            self.end_turn(s);
            return;
        };
        // A tie goes against the challenger.
        let challenger_wins = self.duel_total(s, &d, 0) > self.duel_total(s, &d, 1);
        let (winner, loser) = if challenger_wins { (0, 1) } else { (1, 0) };
        d.loser = Some(loser);
        s.duel = Some(d);
        let win_seat = if winner == 0 {
            d.challenger
        } else {
            d.defender
        };
        let lose_seat = if loser == 0 { d.challenger } else { d.defender };
        let wc = win_seat.index() % MAX_PLAYERS;
        s.duel_points[wc] = s.duel_points[wc].saturating_add(self.components.duel_win);
        let lc = lose_seat.index() % MAX_PLAYERS;
        let la = animals[loser as usize];
        let wounds = &mut s.wounds[lc][la.index()];
        *wounds = wounds.saturating_add(1);
        if *wounds >= self.components.wounds_to_remove {
            // Too severely wounded: the tile and the card leave the game.
            s.removed[lc] |= 1 << la.index();
            s.pos[lc][la.index()] = Cell::NONE;
            self.after_retreat(s);
            return;
        }
        let open = self.retreats(s);
        if open.count_ones() == 1 {
            self.send_back(s, Cell(open.trailing_zeros() as u8));
            self.after_retreat(s);
        } else {
            s.step = Step::Retreat;
        }
    }

    fn send_back(&self, s: &mut State, to: Cell) {
        let Some(d) = s.duel else { return };
        let Some(animals) = d.animals else { return };
        let Some(l) = d.loser else { return };
        let colour = if l == 0 { d.challenger } else { d.defender }.index() % MAX_PLAYERS;
        s.pos[colour][animals[(l & 1) as usize].index()] = to;
    }

    fn after_retreat(&self, s: &mut State) {
        match s.duel.and_then(|d| d.loser) {
            Some(1) => s.step = Step::WinnerMove,
            _ => self.end_turn(s),
        }
    }

    // ----- hidden information ----------------------------------------------------------------

    /// Whether `viewer` knows which animal of `colour` is `animal` (where it stands): its
    /// owner does, everyone does by day, and at night everyone saw the animals turned over
    /// in duels (unless the table plays the memory challenge) and in the duel in progress.
    pub fn knows(&self, s: &State, viewer: Option<Seat>, colour: usize, animal: Animal) -> bool {
        if !self.night() {
            return true;
        }
        // The owner knows its own animals, unless the table plays the full memory challenge.
        if viewer.map(|v| v.index()) == Some(colour) && !self.options.forget_own {
            return true;
        }
        if let Some(d) = s.duel {
            if let Some([a, b]) = d.animals {
                if (d.challenger.index() == colour && a == animal)
                    || (d.defender.index() == colour && b == animal)
                {
                    return true;
                }
            }
        }
        !self.options.forget_revealed
            && s.revealed.get(colour).copied().unwrap_or(0) & (1 << animal.index()) != 0
    }

    /// Reassigns every identity `seat` has not seen: at night, the face-down animals of the
    /// other colours (on the board or still in hand at setup) trade places at random among
    /// themselves; wounds stay on their cards.
    pub fn determinize(&self, s: &mut State, seat: Seat, rng: &mut GameRng) {
        if !self.night() {
            return;
        }
        for colour in 0..self.players {
            // Under the full memory challenge a seat's own animals are unknown to it too.
            if colour == seat.index() && !self.options.forget_own {
                continue;
            }
            let mut unknown = [Animal::Puma; ANIMALS];
            let mut n = 0;
            for a in Animal::ALL {
                if !s.is_removed(colour, a) && !self.knows(s, Some(seat), colour, a) {
                    unknown[n] = a;
                    n += 1;
                }
            }
            let mut cells = [Cell::NONE; ANIMALS];
            for i in 0..n {
                cells[i] = s.pos[colour][unknown[i].index()];
            }
            // Shuffle a canonical order, so the sample never depends on the true identities.
            cells[..n].sort_unstable();
            for i in (1..n).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                cells.swap(i, j);
            }
            for i in 0..n {
                s.pos[colour][unknown[i].index()] = cells[i];
            }
        }
    }

    // ----- why not ---------------------------------------------------------------------------

    /// Why `a` is not legal at `s` (assumes it is not listed).
    pub(crate) fn explain(&self, s: &State, a: Action) -> Illegal {
        let actor = self.actor(s);
        let me = match actor {
            Actor::Nobody => return Illegal::GameOver,
            Actor::Chance => {
                return if matches!(
                    a,
                    Action::Die(_) | Action::Reveal(_) | Action::DrawMode(_) | Action::Dealt(_)
                ) {
                    Illegal::NotThisChance("that outcome cannot happen now")
                } else {
                    Illegal::ChanceDecides
                };
            }
            Actor::Seat(me) => me,
        };
        let c = me.index();
        match (s.step, a) {
            (_, Action::Die(_) | Action::Reveal(_) | Action::DrawMode(_) | Action::Dealt(_)) => {
                Illegal::NotThisChance("a player decides now, not chance")
            }
            (Step::Destination, Action::MoveTo(to)) => self.why_not_move(s, c, to),
            (_, Action::Reroll) if s.die_tiles[c] == 0 => Illegal::NoDieTile,
            (_, Action::Reroll) => Illegal::NotNow(format!(
                "a die tile rerolls your movement roll right after it, or your duel die once both \
                 dice are known; now: {}",
                describe(s.step)
            )),
            (_, Action::Medicine(_)) if s.medicine[c] == 0 => Illegal::NoMedicine,
            (_, Action::Medicine(animal)) if s.is_removed(c, animal) => Illegal::AnimalOut(animal),
            (_, Action::Medicine(animal)) if s.wounds[c][animal.index()] == 0 => {
                Illegal::NoWound(animal)
            }
            (Step::Guess, Action::Guess(animal)) => Illegal::AnimalOut(animal),
            (_, Action::Guess(_) | Action::NoGuess) => {
                if !self.night() {
                    Illegal::DayNoGuess
                } else {
                    Illegal::GuessOutsideDuel
                }
            }
            (Step::AfterRoll, Action::Select(cell)) => {
                if s.animal_at(c, cell).is_none() {
                    Illegal::NotYourAnimal(cell)
                } else {
                    Illegal::CannotMove(cell)
                }
            }
            (Step::AfterRoll, Action::Pass) => Illegal::MustMove,
            (Step::ChooseMode, Action::ChooseMode(cat)) => Illegal::NotFaceUp(cat),
            (Step::Arrange, Action::Place(animal)) => Illegal::AlreadyPlaced(animal),
            (Step::Retreat, Action::Retreat(cell)) => Illegal::NotOpenStart(cell),
            _ => Illegal::NotNow(describe(s.step)),
        }
    }

    fn why_not_move(&self, s: &State, colour: usize, to: Cell) -> Illegal {
        let c = &self.components;
        let own_start = c.start_mask[colour];
        let from = s.selected;
        if to.bit() & (c.interior | self.all_starts) == 0 {
            return Illegal::OffBoard(to);
        }
        if to.bit() & self.all_starts & !own_start != 0 {
            return Illegal::OtherStart(to);
        }
        if to.bit() & own_start != 0 && from.bit() & own_start == 0 {
            return Illegal::BackToStart(to);
        }
        if to == from || to.bit() & s.occupied_by(colour) != 0 {
            return Illegal::Occupied(to);
        }
        // The distance as if no animal stood in the way.
        let mut reach = from.bit();
        let open = c.interior
            | if from.bit() & own_start != 0 {
                own_start
            } else {
                0
            };
        let mut steps = 0u32;
        while reach & to.bit() == 0 && steps < 200 {
            let next = reach | (expand(reach) & open);
            if next == reach {
                break;
            }
            reach = next;
            steps += 1;
        }
        if reach & to.bit() == 0 || steps > s.roll as u32 {
            Illegal::TooFar(s.roll)
        } else {
            Illegal::Blocked(to)
        }
    }
}

/// What is being decided at a step, in a player's words.
pub(crate) fn describe(step: Step) -> String {
    match step {
        Step::Arrange => "put an animal on the next starting space".into(),
        Step::DrawMode { .. } => "a battle mode tile is turned face up (chance)".into(),
        Step::ChooseMode => "choose the round's battle mode tile".into(),
        Step::TurnStart => "roll the die or skip rolling".into(),
        Step::MoveDie | Step::DuelDie(_) => "the die is rolled (chance)".into(),
        Step::AfterRoll => "choose the animal to move".into(),
        Step::Destination => "choose where the animal goes".into(),
        Step::Reveal(c) => format!("the forest tile on {c} is turned over (chance)"),
        Step::Guess => "the challenged player guesses the attacking animal".into(),
        Step::DuelPrep(_) => "roll for the duel (medicine may be used first)".into(),
        Step::DuelReroll(_) => {
            "both dice are known: reroll your die with a die tile, use medicine, or let the duel \
             be decided"
                .into()
        }
        Step::Retreat => "the loser goes back to one of its open starting spaces".into(),
        Step::WinnerMove => "the winning challenger takes the space or stays".into(),
        Step::LastMedicine => "use medicine before the final scoring, or not".into(),
        Step::Over => "the game is over".into(),
    }
}
