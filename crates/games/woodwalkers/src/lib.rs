//! # Woodwalkers: The Game
//!
//! Two to four players move their seven animals across the forest board, turn over forest
//! tiles (flags, Sherri's Medicine, dice, points) and duel each other in the round's battle mode
//! category; at night (the Midnight Duel) the animals are face down and the challenged player
//! may guess the attacker. This crate is the whole room: the rules ([`Woodwalkers`]
//! implementing [`sylvan_engine::Game`]), the component data (`data/components.toml`, every
//! value tagged with its provenance), the [`View`], its text and SVG drawing, and the tests.
//!
//! ```
//! use sylvan_engine::{Actor, Game, GameRng};
//! use sylvan_woodwalkers::{Options, Woodwalkers};
//!
//! let game = Woodwalkers::new(4, Options::default()).expect("2 to 4 players");
//! let mut state = game.initial_state();
//! let mut rng = GameRng::seeded(1);
//! let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
//! sylvan_engine::random_playout_from(&game, &mut state, &mut rng, &mut actions, &mut outcomes);
//! assert_eq!(game.actor(&state), Actor::Nobody);
//! // 20 battle mode tiles: 18 rounds begin with three face up, the 19th with two is the last.
//! assert_eq!(state.round, 19);
//! assert!(game.score(&state).over);
//! ```
//!
//! Decisions are small: a turn is roll or skip, chance's die, the animal, then its destination
//! from the spaces it can reach; a duel adds the guess (at night), medicine and reroll windows
//! when the duellists hold those tiles, chance's two dice, the loser's starting space and the
//! winning challenger's choice. Every die and every forest tile turned over is a chance point,
//! so the state holds no hidden future. At night the identities of face-down animals are hidden
//! per view; [`Game::determinize`] shuffles the ones a seat has not seen.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod action;
pub mod components;
mod encode;
mod help;
mod rules;
mod score;
mod state;
mod svg;
mod targets;
mod view;

use std::sync::Arc;

use sylvan_engine::{
    Actor, Game, GameInfo, GameRng, OptionsError, ParseActionError, Score, Seat, Viewer,
};

pub use action::Action;
pub use components::{
    Animal, Category, Cell, Colour, Components, ComponentsError, ForestTile, Side,
};
pub use rules::{Arrangement, Options, Woodwalkers};
pub use state::{Duel, Space, State, Step};
pub use view::{Label, View};

/// Search iterations of `easy`, `medium` and `hard` (`Game::level_iterations`), from the skill
/// ladder at two players (README, Bots; release build of `431c14c`): `greedy` scored 23 of 40
/// against 4,000 iterations and 17 of 40 against 20,000, so only 20,000 stands above it;
/// 20,000 scored 30 of 40 against 1,000, 1,000 35 of 40 against 100 (but only 50 of 80 against
/// 200, so `easy` is 100).
pub const SEARCH_LEVELS: [u32; 3] = [100, 1_000, 20_000];

pub(crate) const GAME_NAME: &str = "woodwalkers";

/// Why an action is not legal now, naming the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Chance decides now.
    #[error("chance decides now, not a player")]
    ChanceDecides,
    /// Not an outcome of this chance point, or a player decides.
    #[error("{0}")]
    NotThisChance(&'static str),
    /// Another kind of decision is due.
    #[error("that is not the decision now: {0}")]
    NotNow(String),
    /// Farther than the die allows.
    #[error("the die always shows the maximum number of spaces you can move: {0} (moving vertically or horizontally, never diagonally)")]
    TooFar(u8),
    /// Another animal is in the way.
    #[error("if an animal tile is already on a space, you need to go around it and cannot jump it: {0} cannot be reached")]
    Blocked(Cell),
    /// Another player's starting space.
    #[error("you cannot move your tile to the starting spaces of another player ({0})")]
    OtherStart(Cell),
    /// Back onto the starting spaces.
    #[error("once your animal tile is outside of your starting spaces, you cannot move it back to the starting spaces ({0})")]
    BackToStart(Cell),
    /// Onto your own animal.
    #[error("only one animal tile can occupy a space: your own animal is on {0}")]
    Occupied(Cell),
    /// Off the board.
    #[error("{0} is not a space of the board")]
    OffBoard(Cell),
    /// No animal of yours there.
    #[error("you have no animal on {0}")]
    NotYourAnimal(Cell),
    /// Nowhere to go.
    #[error("the animal on {0} cannot move: every way is blocked")]
    CannotMove(Cell),
    /// Passing while a move is possible.
    #[error("you rolled, so you move; to not move, skip rolling instead")]
    MustMove,
    /// Reroll without a die tile.
    #[error("a reroll needs a die tile, and you have none")]
    NoDieTile,
    /// Medicine without a medicine tile.
    #[error("you have no Sherri's Medicine")]
    NoMedicine,
    /// Medicine on an unwounded animal.
    #[error("Sherri's Medicine removes one wound tile, and your {0} has none")]
    NoWound(Animal),
    /// The animal left the game.
    #[error("the {0} is out of the game (three wounds)")]
    AnimalOut(Animal),
    /// A guess outside a duel.
    #[error(
        "the challenged player may guess the attacking animal only in a duel, before the rolls"
    )]
    GuessOutsideDuel,
    /// A guess by day.
    #[error("guessing the attacker is a rule of the Midnight Duel (the nighttime side)")]
    DayNoGuess,
    /// A battle mode tile not face up.
    #[error("no face-up battle mode tile shows {0}")]
    NotFaceUp(Category),
    /// An animal already placed.
    #[error("your {0} is already on a starting space")]
    AlreadyPlaced(Animal),
    /// Not an open starting space of the loser.
    #[error("the loser must go back to one of its own open starting spaces; {0} is not one")]
    NotOpenStart(Cell),
}

impl Woodwalkers {
    /// Builds the rules with the shipped component data.
    pub fn standard(players: usize, options: Options) -> Result<Woodwalkers, OptionsError> {
        Woodwalkers::with(players, options, Components::shipped())
    }

    fn who(&self, seat: Seat) -> String {
        format!("{seat} ({})", Colour::ALL[seat.index() % Colour::NUM])
    }

    /// A seat as the log tells it to `viewer`: "Player 2 (Blue, you)" marks the viewer's own.
    fn who_to(&self, viewer: Option<Seat>, seat: Seat) -> String {
        if viewer == Some(seat) {
            format!("{seat} ({}, you)", Colour::ALL[seat.index() % Colour::NUM])
        } else {
            self.who(seat)
        }
    }

    /// Reads a move in a player's own words; `None` when the text is not a move.
    fn parse_move(&self, s: &State, text: &str) -> Option<Result<Action, ParseActionError>> {
        let Actor::Seat(me) = self.actor(s) else {
            return None;
        };
        let lower = text.trim().to_lowercase();
        let words: Vec<&str> = lower
            .split_whitespace()
            .filter(|w| !matches!(*w, "move" | "your" | "the" | "my"))
            .collect();
        // "G8"; "Bear to G8"; "Bear on G1"; "Bear G8".
        let (animal, cell) = match words.as_slice() {
            [cell] => (None, Cell::parse(cell)?),
            [animal, "to" | "on" | "from", cell] | [animal, cell] => {
                (Some(Animal::from_name(animal)?), Cell::parse(cell)?)
            }
            _ => return None,
        };
        let c = me.index();
        let refuse = |why: Illegal| {
            Err(ParseActionError(format!(
                "'{}' is not allowed: {why}",
                text.trim()
            )))
        };
        let action = match (s.step, animal) {
            (Step::Destination, Some(a)) if s.animal_at(c, s.selected) != Some(a) => {
                return Some(Err(ParseActionError(format!(
                    "'{}': you are moving your {} on {} now; say where it goes",
                    text.trim(),
                    s.animal_at(c, s.selected)
                        .map_or("animal".to_string(), |x| x.to_string()),
                    s.selected
                ))))
            }
            (Step::Destination, _) => Action::MoveTo(cell),
            (Step::AfterRoll, Some(a)) if s.pos[c][a.index()] != cell => {
                // "Bear to G8" names the destination: the animal is chosen first.
                let from = s.pos[c][a.index()];
                let select = Action::Select(from);
                return Some(match self.check(s, select) {
                    Ok(()) => Err(ParseActionError(format!(
                        "'{}': first choose the animal to move ('Move your {a} on {from}'), then where it goes",
                        text.trim()
                    ))),
                    Err(why) => refuse(why),
                });
            }
            (Step::AfterRoll, _) => Action::Select(cell),
            _ => return None,
        };
        Some(match self.check(s, action) {
            Ok(()) => Ok(action),
            Err(why) => refuse(why),
        })
    }

    /// `seat`'s possessive for `viewer`: "your" for the viewer, else "Player 2 (Blue)'s".
    fn whose(&self, viewer: Option<Seat>, seat: Seat) -> String {
        if viewer == Some(seat) {
            "your".into()
        } else {
            format!("{}'s", self.who(seat))
        }
    }

    /// An animal as `viewer` may name it: "the Wolf" or "an animal".
    fn animal_name(
        &self,
        s: &State,
        viewer: Option<Seat>,
        colour: usize,
        animal: Option<Animal>,
    ) -> String {
        match animal {
            Some(a) if self.knows(s, viewer, colour, a) => format!("the {a}"),
            _ => "an animal".into(),
        }
    }
}

impl Woodwalkers {
    /// The duel this decision decided, with both rolls and the loser, if it decided one: the
    /// duel may already be over in `after` (the loser went back on its own), so it is rebuilt
    /// from `before` and the last roll.
    fn duel_decided(
        &self,
        before: &State,
        action: Action,
        after: &State,
    ) -> Option<(Duel, [i32; 2])> {
        let mut d = before.duel.filter(|d| d.loser.is_none())?;
        if after.duel.is_some_and(|x| x.loser.is_none()) {
            return None;
        }
        if let (Step::DuelDie(w), Action::Die(n)) = (before.step, action) {
            d.rolls[(w & 1) as usize] = n;
        }
        // Totals count the wounds before the duel's new one, after a medicine that decided it.
        let mut totals = [
            self.duel_total(before, &d, 0),
            self.duel_total(before, &d, 1),
        ];
        if let (Step::DuelReroll(w), Action::Medicine(a)) = (before.step, action) {
            if d.animals.is_some_and(|x| x[(w & 1) as usize] == a) {
                totals[(w & 1) as usize] += 1;
            }
        }
        // A tie goes against the challenger.
        d.loser = Some(if totals[0] > totals[1] { 1 } else { 0 });
        Some((d, totals))
    }
}

impl Game for Woodwalkers {
    type Options = Options;
    type State = State;
    type Action = Action;
    type View = View;
    type Illegal = Illegal;

    const INFO: GameInfo = GameInfo {
        name: GAME_NAME,
        title: "Woodwalkers: The Game",
        min_players: 2,
        max_players: 4,
        has_chance: true,
        hidden_information: true,
        solo_levels: None,
    };

    fn new(players: usize, options: Options) -> Result<Self, OptionsError> {
        Woodwalkers::standard(players, options)
    }

    fn with_components(
        players: usize,
        options: Options,
        components: &str,
    ) -> Result<Self, OptionsError> {
        let c =
            Components::from_toml(components).map_err(|e| OptionsError::Invalid(e.to_string()))?;
        Woodwalkers::with(players, options, Arc::new(c))
    }

    fn players(&self) -> usize {
        self.players
    }

    fn options(&self) -> &Options {
        Woodwalkers::options(self)
    }

    fn initial_state(&self) -> State {
        self.setup()
    }

    fn actor(&self, s: &State) -> Actor {
        Woodwalkers::actor(self, s)
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        self.legal(s, out);
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, u32)>) {
        self.outcomes(s, out);
    }

    fn check(&self, s: &State, a: Action) -> Result<(), Illegal> {
        if self.is_listed(s, a) {
            Ok(())
        } else {
            Err(self.explain(s, a))
        }
    }

    fn apply_unchecked(&self, s: &mut State, a: Action) {
        self.play(s, a);
    }

    fn view(&self, s: &State, viewer: Viewer) -> View {
        View::of(self, s, viewer)
    }

    fn determinize(&self, s: &mut State, seat: Seat, rng: &mut GameRng) {
        Woodwalkers::determinize(self, s, seat, rng);
    }

    fn score(&self, s: &State) -> Score {
        Woodwalkers::score(self, s)
    }

    /// [`SEARCH_LEVELS`]: with the default `hard` (4,000 iterations) `greedy` played as well
    /// as the strongest level; the search keeps gaining up to 20,000 (README, Bots).
    fn level_iterations(&self) -> [u32; 3] {
        SEARCH_LEVELS
    }

    /// [`Woodwalkers::outlook`] (points and 0.3 of the flags held) against the best rival's;
    /// exactly the score margin once the game is over. It makes `greedy` stronger; for the
    /// search it is neutral (`mcts:2000` won 51.5% of 200 games against `mcts:2000:margin`).
    fn heuristic(&self, s: &State, seat: Seat) -> f64 {
        if s.step == Step::Over {
            return sylvan_engine::score_margin(&Woodwalkers::score(self, s), seat);
        }
        let own = self.outlook(s, seat.index());
        let rival = (0..self.players)
            .filter(|&c| c != seat.index())
            .map(|c| self.outlook(s, c))
            .fold(f64::NEG_INFINITY, f64::max);
        own - rival
    }

    fn events(
        &self,
        before: &State,
        action: Action,
        after: &State,
        viewer: Viewer,
        out: &mut Vec<String>,
    ) {
        let v = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        let actor = Woodwalkers::actor(self, before);
        match (actor, action) {
            (_, Action::Place(a) | Action::Dealt(a)) => {
                let c = before.current.index();
                let name = self.animal_name(after, v, c, Some(a));
                let cell = after.pos[c][a.index()];
                let how = if self.options.side == Side::Night {
                    " face down"
                } else {
                    ""
                };
                out.push(format!(
                    "{} puts {name}{how} on the starting space {cell}",
                    self.who_to(v, before.current)
                ));
            }
            (Actor::Seat(s), Action::Select(cell)) => {
                let c = s.index();
                let name = self.animal_name(before, v, c, before.animal_at(c, cell));
                let spaces = if before.roll == 1 { "space" } else { "spaces" };
                out.push(format!(
                    "{} moves {name} from {cell}, up to {} {spaces}",
                    self.who_to(v, s),
                    before.roll
                ));
            }
            (Actor::Seat(s), Action::MoveTo(cell)) => {
                let c = s.index();
                let name = self.animal_name(before, v, c, before.animal_at(c, before.selected));
                out.push(format!(
                    "{}: {name} moves from {} to {cell}",
                    self.who_to(v, s),
                    before.selected
                ));
                if let Some(d) = after.duel.filter(|_| before.duel.is_none()) {
                    out.push(format!(
                        "{} challenges {} to a duel on {cell} in {}",
                        self.who_to(v, d.challenger),
                        self.who_to(v, d.defender),
                        before.mode.map(|m| m.name()).unwrap_or("-")
                    ));
                }
            }
            (Actor::Seat(s), Action::Medicine(a)) => out.push(format!(
                "{} uses Sherri's Medicine: a wound comes off {} {a}'s card",
                self.who_to(v, s),
                if v == Some(s) { "your" } else { "their" }
            )),
            (Actor::Seat(s), _) => {
                let who = self.who_to(v, s);
                let what = match action {
                    Action::ChooseMode(c) => format!("chooses the {c} battle mode tile"),
                    Action::Roll => "rolls the die to move".into(),
                    Action::Skip => "skips rolling: no move this turn".into(),
                    Action::Reroll => "uses a die tile to roll again".into(),
                    Action::Keep => "keeps the roll".into(),
                    Action::Pass => "cannot move any animal: the turn ends".into(),
                    Action::Guess(a) => format!("guesses that the attacker is the {a}"),
                    Action::NoGuess => "does not guess the attacker".into(),
                    Action::DuelRoll => "rolls for the duel".into(),
                    Action::Retreat(cell) => {
                        format!("sends the duel's loser back to the starting space {cell}")
                    }
                    Action::TakeSpace => "takes the space won in the duel".into(),
                    Action::StayBack => "stays where the duel was fought from".into(),
                    Action::NoMedicine => "keeps the rest of the medicine unused".into(),
                    _ => action.to_string(),
                };
                out.push(format!("{who} {what}"));
            }
            (_, _) => {
                let what = match (before.step, action) {
                    (Step::Reveal(cell), Action::Reveal(t)) => {
                        format!("The forest tile on {cell} is {t}")
                    }
                    (Step::MoveDie, Action::Die(n)) => {
                        format!("{} rolls {n}", self.who_to(v, before.current))
                    }
                    (Step::DuelDie(w), Action::Die(n)) => match before.duel {
                        Some(d) => format!(
                            "{} rolls {n} in the duel",
                            self.who_to(v, if w == 0 { d.challenger } else { d.defender })
                        ),
                        None => action.to_string(),
                    },
                    _ => action.to_string(),
                };
                out.push(what);
            }
        }
        // The duel's turning over and its outcome.
        if let (Some(d), Step::Guess) = (before.duel, before.step) {
            if let (Some(g), Some([a, _])) = (
                after.duel.and_then(|x| x.guess),
                after.duel.and_then(|x| x.animals),
            ) {
                let right = g == a;
                out.push(format!(
                    "The attacker is the {a}: the guess is {}, +1 to {}",
                    if right { "right" } else { "wrong" },
                    self.who_to(v, if right { d.defender } else { d.challenger })
                ));
            }
        }
        if let Some((d, totals)) = self.duel_decided(before, action, after) {
            if let (Some([a, b]), Some(l)) = (d.animals, d.loser) {
                let (w, lseat) = if l == 0 {
                    (d.defender, d.challenger)
                } else {
                    (d.challenger, d.defender)
                };
                let la = if l == 0 { a } else { b };
                out.push(format!(
                    "Duel: {} {a} {} against {} {b} {}: {} {} points; {} {la} takes a wound",
                    self.whose(v, d.challenger),
                    totals[0],
                    self.whose(v, d.defender),
                    totals[1],
                    if v == Some(w) {
                        "you win".to_string()
                    } else {
                        format!("{} wins", self.who_to(v, w))
                    },
                    self.components.duel_win,
                    capitalized(&self.whose(v, lseat)),
                ));
                if after.is_removed(lseat.index(), la) {
                    out.push(format!(
                        "{} {la} has three wounds and leaves the game",
                        capitalized(&self.whose(v, lseat))
                    ));
                }
            }
        }
        if after.round > before.round && after.step == Step::ChooseMode {
            out.push(format!(
                "Round {}{}: {} holds the battle mode marker",
                after.round,
                if after.last_round {
                    " (the final roll)"
                } else {
                    ""
                },
                self.who_to(v, after.holder)
            ));
        }
        if after.step == Step::Over && before.step != Step::Over {
            let score = Woodwalkers::score(self, after);
            let totals: Vec<String> = score
                .totals
                .iter()
                .enumerate()
                .map(|(i, &t)| {
                    let points = if t == 1 { "point" } else { "points" };
                    format!("{} {t} {points}", Seat(i as u8))
                })
                .collect();
            out.push(format!("The game ends: {}", totals.join(", ")));
        }
    }

    fn text(&self, view: &View) -> String {
        view.text()
    }

    fn svg(&self, view: &View) -> Option<String> {
        Some(svg::draw(view))
    }

    /// The battle modes this seat chose as the marker holder (each once, however often).
    fn component_labels(&self, s: &State, seat: Seat) -> Vec<String> {
        let chosen = s.modes_chosen.get(seat.index()).copied().unwrap_or(0);
        components::Category::ALL
            .iter()
            .filter(|c| chosen & (1 << c.index()) != 0)
            .map(|c| format!("battle mode chosen: {}", c.name()))
            .collect()
    }

    sylvan_engine::encode_glue!(encode);

    fn max_decisions(&self) -> u64 {
        // Setup, then at most 21 rounds of at most 4 turns; a turn's decisions are bounded by
        // the die and medicine tiles in the game (each used once) and a duel's dozen steps.
        let c = &self.components;
        let tiles = c.forest.len() as u64;
        28 + 20 + 21 * 5 * (8 + 2 * tiles + 16) + 4 * tiles
    }

    fn check_invariants(&self, s: &State) -> Result<(), String> {
        let c = &self.components;
        let mix = c.mix(self.options.side);
        let face_down = c
            .forest
            .iter()
            .enumerate()
            .filter(|(i, _)| s.forest[*i] == Space::FaceDown)
            .count() as u32;
        let left: u32 = s.mix.iter().map(|&n| n as u32).sum();
        if face_down != left {
            return Err(format!(
                "{face_down} face-down forest tiles on the board, {left} left in the mix"
            ));
        }
        for (k, &n) in s.mix.iter().enumerate() {
            if n > mix.counts[k] {
                return Err(format!(
                    "more {:?} left than the box holds",
                    mix.kinds.get(k)
                ));
            }
        }
        for cat in components::Category::ALL {
            let i = cat.index();
            if s.modes_up[i] + s.stack[i] + s.discarded[i] != c.modes[i] {
                return Err(format!("{cat} battle mode tiles are not conserved"));
            }
            let choosers = s
                .modes_chosen
                .iter()
                .filter(|&&m| m & (1 << i) != 0)
                .count();
            if choosers > s.discarded[i] as usize {
                return Err(format!(
                    "{choosers} seats chose {cat} but {} of its tiles were chosen",
                    s.discarded[i]
                ));
            }
        }
        let mut seen = 0u128;
        for colour in 0..self.players {
            for a in Animal::ALL {
                let cell = s.pos[colour][a.index()];
                let removed = s.is_removed(colour, a);
                let wounds = s.wounds[colour][a.index()];
                if removed != (wounds >= c.wounds_to_remove) {
                    return Err(format!(
                        "{colour}'s {a}: {wounds} wounds, removed {removed}"
                    ));
                }
                if removed && cell.on_grid() {
                    return Err(format!("{a} of colour {colour} is out but on {cell}"));
                }
                if !cell.on_grid() {
                    if !removed && s.step != Step::Arrange {
                        return Err(format!("{a} of colour {colour} is nowhere"));
                    }
                    continue;
                }
                if seen & cell.bit() != 0 {
                    return Err(format!("two animals on {cell}"));
                }
                seen |= cell.bit();
                if cell.bit() & (c.interior | c.start_mask[colour]) == 0 {
                    return Err(format!(
                        "{a} of colour {colour} stands on {cell}, not its space"
                    ));
                }
            }
            if !s.duel_points[colour].is_multiple_of(c.duel_win.max(1)) {
                return Err("duel points are not a multiple of a duel's win".into());
            }
        }
        for (i, &cell) in c.forest.iter().enumerate() {
            // The animal that just ended there stands on it until chance turns it over.
            if s.forest[i] == Space::FaceDown
                && seen & cell.bit() != 0
                && s.step != Step::Reveal(cell)
            {
                return Err(format!("an animal stands on the face-down tile on {cell}"));
            }
        }
        Ok(())
    }

    fn action_text(&self, view: &View, action: Action) -> String {
        view.action_text(action)
    }

    fn action_targets(&self, s: &State, a: Action) -> Vec<String> {
        self.click_targets(s, a)
    }

    /// Besides the listed words: a space alone ("G8") while choosing where to go, and "move
    /// (your) Bear to G8" or "… on G1" at either step; a move the rules keep out is answered
    /// with the rule.
    fn parse_action(&self, s: &State, text: &str) -> Result<Action, ParseActionError> {
        sylvan_engine::parse_listed_action(self, s, text)
            .or_else(|e| self.parse_move(s, text).unwrap_or(Err(e)))
    }

    fn named_actions(&self, _s: &State, out: &mut Vec<Action>) {
        help::named_actions(out);
    }

    fn decision_help(&self, view: &View) -> String {
        Woodwalkers::decision_help(self, view)
    }

    fn rules_text(&self, view: &View) -> String {
        Woodwalkers::rules_text(self, view)
    }

    fn summary() -> &'static str {
        "Two to four players. Each round the battle mode marker's holder chooses a battle mode \
         tile (endurance, speed, intelligence or strength); then each player rolls their die \
         and moves one of their seven animal tiles, turning over forest tiles (flags, Sherri's \
         Medicine, dice, points) and challenging another player's animal to a duel in the \
         round's category. When fewer than three battle mode tiles are left to turn over, a \
         final roll ends the game and flags score. The player with the most points at the end \
         wins. The Midnight Duel plays on the nighttime side with the animals face down."
    }

    fn option_help() -> Vec<(&'static str, &'static str)> {
        vec![
            ("side", "\"day\" (the basic game) or \"night\" (Midnight Duel: animals face down)"),
            ("arrangement", "\"chosen\" or \"random\" arrangement of the animals at setup"),
            ("marker", "the seat (0-based) of the youngest player, who holds the battle mode marker first"),
            ("forget_revealed", "Midnight Duel: animals turned over in a duel are not shown afterwards"),
            ("forget_own", "Midnight Duel: your own face-down animals are hidden from you too (full memory challenge)"),
        ]
    }
}

/// `text` with its first letter in capitals (a sentence that starts with "your").
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
