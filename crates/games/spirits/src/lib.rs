//! # Spirits of the Wild: Awakening
//!
//! Two players take stones from a shared bowl with six action tiles and place them on five
//! animal boards, while Coyote blocks a board and Spirit Power cards bend the rules. This crate
//! is the whole room: the rules ([`Spirits`] implementing [`sylvan_engine::Game`]), the
//! component data (`data/components.toml`, every value tagged with its provenance), the
//! [`View`], its text and SVG drawing, and the tests.
//!
//! ```
//! use sylvan_engine::{Actor, Game, GameRng};
//! use sylvan_spirits::{Options, Spirits};
//!
//! let game = Spirits::new(2, Options::default()).expect("First Steps for two players");
//! let mut state = game.initial_state();
//! let mut rng = GameRng::seeded(1);
//! let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
//! sylvan_engine::random_playout_from(&game, &mut state, &mut rng, &mut actions, &mut outcomes);
//! assert_eq!(game.actor(&state), Actor::Nobody);
//! // The game ends when 5 or more Spirit Stones are out of the bag.
//! assert!(game.score(&state).over);
//! ```
//!
//! Decisions are small: a turn is several decision points (a tile, then a stone, then where
//! to place it), and decisions that belong to the opponent mid-turn (Orca's colour, Fox's stone,
//! Squirrel's pick) are decision points whose actor is the opponent. Every bag draw and every
//! card turned up is a chance point, so the state holds no hidden future.

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

use sylvan_engine::{Actor, Game, GameInfo, GameRng, OptionsError, Score, Seat, Viewer};

pub use action::{set_name, Action, Spot};
pub use components::{Animal, Card, Colour, ColourRule, Components, ComponentsError, Tile};
pub use rules::{Options, Pick, Spirits};
pub use state::{Board, Dest, Only, Source, State, Step, Stones};
pub use view::View;

/// Why an action is not legal now, naming the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Chance decides now.
    #[error("chance decides now, not a player")]
    ChanceDecides,
    /// A player decides now, not chance, or this outcome cannot happen.
    #[error("{0}")]
    NotThisChance(&'static str),
    /// Another kind of decision is due.
    #[error("that is not the decision now: {0}")]
    NotNow(String),
    /// The tile is face down.
    #[error("{0} is face down")]
    TileFaceDown(Tile),
    /// The tile's condition does not hold.
    #[error("{0}")]
    TileCondition(&'static str),
    /// Passing while a tile can be used.
    #[error("you may pass only when you have no legal move")]
    MayNotPass,
    /// The stone is not where it would be taken from.
    #[error("there is no {0} {1}")]
    NoSuchStone(Colour, &'static str),
    /// The stone is not of the kind allowed now.
    #[error("Elk: {0}")]
    ElkStone(&'static str),
    /// A Spirit Stone closes its board.
    #[error("{0} is closed by its Spirit Stone")]
    BoardClosed(Animal),
    /// Coyote blocks the board.
    #[error("Coyote is on your {0}: you cannot place stones there until it moves")]
    CoyoteBlocks(Animal),
    /// Porcupine's stones cannot go back.
    #[error("Porcupine: the stones cannot go back onto your {0}")]
    PorcupineSameBoard(Animal),
    /// Packrat takes stones only in its Nest.
    #[error("except for the Spirit Stone space, you cannot place stones on Packrat")]
    NestOnly,
    /// The board has no such set.
    #[error("{0} has no linked set {1}")]
    NoSuchSet(Animal, u8),
    /// Leftmost open space first.
    #[error("{0}: stones must always be placed on the leftmost open space")]
    Leftmost(Animal),
    /// The set is full.
    #[error("{0}: that set has no open space")]
    SetFull(Animal),
    /// The colour rule of the set.
    #[error("{animal}: {}", rule_text(*.1), animal = .0)]
    ColourRule(Animal, ColourRule),
    /// The animal is not one of the five.
    #[error("{0} is not one of this game's animals")]
    NotInGame(Animal),
    /// Coyote moves only to an opponent's board, and elsewhere than it is.
    #[error("{0}")]
    Coyote(&'static str),
    /// The card is not on top of that pile.
    #[error("{0} is not the face-up card of that pile")]
    NotFaceUp(Card),
    /// No such stone on that board.
    #[error("there is no such stone on that board")]
    NoStoneThere,
    /// A card's own restriction.
    #[error("{0}")]
    CardRule(&'static str),
}

fn rule_text(rule: ColourRule) -> &'static str {
    match rule {
        ColourRule::Any => "no colour restriction",
        ColourRule::Same => "linked stones must all be the same colour",
        ColourRule::Different => "all stones must be different colours",
        ColourRule::TwoColours => "only up to two different colours may be placed",
    }
}

impl Spirits {
    /// Builds the rules with the shipped component data.
    pub fn standard(options: Options) -> Result<Spirits, OptionsError> {
        Spirits::with(options, Components::shipped())
    }

    /// Why `a` is not legal at `s` (assumes it is not in the legal list).
    fn explain(&self, s: &State, a: Action) -> Illegal {
        let Some(&step) = s.steps.last() else {
            return Illegal::GameOver;
        };
        let what = describe(step);
        match (step, a) {
            (Step::ChooseTile, Action::Tile(t)) => {
                let down = s.face_down[s.current.index()];
                let up = match t {
                    Tile::TakeOne => down & 0b11 != 0b11,
                    _ => down & state::tile_bit(t) == 0,
                };
                if !up {
                    return Illegal::TileFaceDown(t);
                }
                Illegal::TileCondition(match t {
                    Tile::TakeOne => "Take One Stone: you cannot choose this action if there are no stones in the bowl",
                    Tile::TakeTwo => "Take Two Stones: you cannot choose this action if there are fewer than two stones in the bowl",
                    _ => "Recover Tiles & Use Spirit Power: you need at least 3 other action tiles face down",
                })
            }
            (Step::ChooseTile, Action::Pass(t)) => {
                let mut any = false;
                self.each_legal(s, &mut |x| any |= matches!(x, Action::Tile(_)));
                if any {
                    Illegal::MayNotPass
                } else {
                    Illegal::TileFaceDown(t)
                }
            }
            (Step::ChooseTile, Action::PassWithoutTile) => Illegal::MayNotPass,
            (Step::Take { from, only, .. }, Action::Take(c)) => {
                let (src, name) = match from {
                    Source::Bowl => (&s.bowl, "in the bowl"),
                    Source::Bag => (&s.bag, "in the bag"),
                    Source::Pool => (&s.pool, "among the drawn stones"),
                };
                if src.get(c) == 0 {
                    Illegal::NoSuchStone(c, name)
                } else if only == Only::Any {
                    Illegal::NotNow(what)
                } else if only == Only::Regular {
                    Illegal::ElkStone("this option takes non-Spirit Stones")
                } else {
                    Illegal::ElkStone("this option takes a Spirit Stone")
                }
            }
            (Step::SkunkTake(_), Action::Take(c)) => Illegal::NoSuchStone(c, "in the bowl"),
            (Step::Place { who }, Action::Place { stone, animal, set }) => {
                if s.hands[who.index()].get(stone) == 0 {
                    return Illegal::NoSuchStone(stone, "to place");
                }
                let Some(b) = s.board_of(animal) else {
                    return Illegal::NotInGame(animal);
                };
                match self.check_place(s, who, stone, b, set) {
                    Err(e) => e,
                    Ok(_) => Illegal::NotNow(what),
                }
            }
            (Step::MayMoveCoyote(_), Action::MoveCoyote(animal)) => {
                if s.board_of(animal).is_none() {
                    Illegal::NotInGame(animal)
                } else {
                    Illegal::Coyote("Coyote is already on that board")
                }
            }
            (Step::ChooseCard(_), Action::UseCard { card, .. }) => Illegal::NotFaceUp(card),
            (
                Step::BadgerReturn(_) | Step::RemoveOwn { .. } | Step::RaccoonTake(_),
                Action::Remove { owner, stone, .. },
            ) => match step {
                Step::RaccoonTake(_) if stone.is_spirit() => {
                    Illegal::CardRule("Raccoon takes a non-Spirit Stone")
                }
                Step::RemoveOwn { who, .. } if owner != who => {
                    Illegal::CardRule("the stone must come from one of your own boards")
                }
                Step::BadgerReturn(_) => {
                    Illegal::CardRule("Badger returns a stone from the board Coyote is on")
                }
                _ => Illegal::NoStoneThere,
            },
            (
                Step::ReturnOne(_) | Step::FoxGive(_) | Step::OrcaTake(_) | Step::OrcaReturn(_),
                Action::Return(c) | Action::Give(c) | Action::TakeAll(c) | Action::ReturnAll(c),
            ) if s.bowl.get(c) == 0 => Illegal::NoSuchStone(c, "in the bowl"),
            (Step::Elk(_), Action::ElkSpiritStone) => Illegal::CardRule(
                "Elk: you can only choose the second option if there is a Spirit Stone in the bowl",
            ),
            (Step::Porcupine(_), Action::Empty(animal)) => {
                if s.board_of(animal).is_none() {
                    Illegal::NotInGame(animal)
                } else {
                    Illegal::CardRule("Porcupine: that board has no stones")
                }
            }
            (Step::SquirrelMore(_), Action::DrawAnother) => {
                Illegal::CardRule("Squirrel: the bag is empty")
            }
            (_, Action::Draw(_) | Action::Reveal(_) | Action::Animal(_)) => {
                if self.actor(s) == Actor::Chance {
                    Illegal::NotThisChance("that outcome cannot happen now")
                } else {
                    Illegal::NotThisChance("a player decides now, not chance")
                }
            }
            _ if self.actor(s) == Actor::Chance => Illegal::ChanceDecides,
            _ => Illegal::NotNow(what),
        }
    }
}

/// What the player on top of the stack is deciding, in a player's words.
pub(crate) fn describe(step: Step) -> String {
    describe_for(step, None)
}

/// What the player on top of the stack is deciding, worded for `viewer`: the seat deciding
/// reads "you take a stone from the bowl", the others "Player 1 takes a stone from the bowl".
pub(crate) fn describe_for(step: Step, viewer: Option<Seat>) -> String {
    let you = |w: Seat| viewer == Some(w);
    let act = |w: Seat, third: &str, second: &str| {
        if you(w) {
            format!("you {second}")
        } else {
            format!("{w} {third}")
        }
    };
    match step {
        Step::ChooseTile => "choose an action tile".into(),
        Step::Take { who, from, .. } => format!(
            "{} a stone from {}",
            act(who, "takes", "take"),
            match from {
                Source::Bowl => "the bowl",
                Source::Bag => "the bag (Otter)",
                Source::Pool => "the drawn stones",
            }
        ),
        Step::Place { who } => format!("{} a stone", act(who, "places", "place")),
        Step::SkunkTake(w) => format!("{} a stone from the bowl (Skunk)", act(w, "takes", "take")),
        Step::MayMoveCoyote(w) => format!("{} Coyote", act(w, "may move", "may move")),
        Step::ChooseCard(w) => format!("{} a Spirit Power card", act(w, "chooses", "choose")),
        Step::BadgerReturn(w) => format!(
            "{} a stone from Coyote's board (Badger)",
            act(w, "returns", "return")
        ),
        Step::RemoveOwn { who, to_bag } => format!(
            "{} a stone from {} boards ({})",
            act(who, "removes", "remove"),
            if you(who) { "your" } else { "their" },
            if to_bag { "Seal" } else { "Deer" }
        ),
        Step::RaccoonTake(w) => format!(
            "{} a stone from any board (Raccoon)",
            act(w, "takes", "take")
        ),
        Step::ReturnOne(w) => format!(
            "{} a stone from the bowl to the bag (Bison)",
            act(w, "returns", "return")
        ),
        Step::FoxGive(w) => format!(
            "{} the stone the opponent must take (Fox)",
            act(w, "chooses", "choose")
        ),
        Step::OrcaTake(w) => format!("{} a colour to take (Orca)", act(w, "chooses", "choose")),
        Step::OrcaReturn(w) => format!(
            "{} a colour to return to the bag (Orca)",
            act(w, "chooses", "choose")
        ),
        Step::Elk(w) => format!("{} an Elk option", act(w, "chooses", "choose")),
        Step::Porcupine(w) => format!(
            "{} a board to empty (Porcupine)",
            act(w, "chooses", "choose")
        ),
        Step::SpiderName(w) => format!("{} a colour (Spider)", act(w, "names", "name")),
        Step::SquirrelMore(w) => format!(
            "{} (Squirrel)",
            act(
                w,
                "draws another stone or stops",
                "draw another stone or stop"
            )
        ),
        // Chance steps resolve at once in play, but pictures and spectators can show them.
        Step::ChooseAnimal => "an animal board is chosen at random".into(),
        Step::RevealTop(_) => "a Spirit Power card turns up on a pile".into(),
        Step::SetupBowl(_) => "stones are drawn from the bag into the bowl".into(),
        Step::Draw { .. } => "stones are drawn from the bag".into(),
        _ => "nothing".into(),
    }
}

impl Game for Spirits {
    type Options = Options;
    type State = State;
    type Action = Action;
    type View = View;
    type Illegal = Illegal;

    const INFO: GameInfo = GameInfo {
        name: "spirits-of-the-wild",
        title: "Spirits of the Wild: Awakening",
        min_players: 2,
        max_players: 2,
        has_chance: true,
        hidden_information: false,
        solo_levels: None,
    };

    fn new(players: usize, options: Options) -> Result<Self, OptionsError> {
        check_players(players)?;
        Spirits::standard(options)
    }

    fn with_components(
        players: usize,
        options: Options,
        components: &str,
    ) -> Result<Self, OptionsError> {
        check_players(players)?;
        let c =
            Components::from_toml(components).map_err(|e| OptionsError::Invalid(e.to_string()))?;
        Spirits::with(options, Arc::new(c))
    }

    fn players(&self) -> usize {
        2
    }

    fn options(&self) -> &Options {
        Spirits::options(self)
    }

    fn initial_state(&self) -> State {
        self.setup()
    }

    fn actor(&self, s: &State) -> Actor {
        Spirits::actor(self, s)
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        // Only a seat's step has legal actions (chance and automatic steps list none), so the
        // actor need not be asked again.
        self.legal(s, out);
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, u32)>) {
        self.outcomes(s, out);
    }

    fn draw_chance(
        &self,
        s: &State,
        rng: &mut GameRng,
        out: &mut Vec<(Action, u32)>,
    ) -> Option<Action> {
        self.draw(s, rng, out)
    }

    fn check(&self, s: &State, a: Action) -> Result<(), Illegal> {
        match Spirits::actor(self, s) {
            Actor::Nobody => Err(Illegal::GameOver),
            Actor::Chance => {
                let mut found = false;
                let mut outcomes = Vec::new();
                self.outcomes(s, &mut outcomes);
                for (o, _) in &outcomes {
                    found |= *o == a;
                }
                if found {
                    Ok(())
                } else {
                    Err(self.explain(s, a))
                }
            }
            Actor::Seat(_) => {
                let mut found = false;
                self.each_legal(s, &mut |x| found |= x == a);
                if found {
                    Ok(())
                } else {
                    Err(self.explain(s, a))
                }
            }
        }
    }

    fn apply_unchecked(&self, s: &mut State, a: Action) {
        self.play(s, a);
    }

    fn view(&self, s: &State, viewer: Viewer) -> View {
        View::of(self, s, viewer)
    }

    fn score(&self, s: &State) -> Score {
        Spirits::score(self, s)
    }

    /// The expected final margin of random play from here (see [`Spirits::outlook`]).
    fn heuristic(&self, s: &State, seat: Seat) -> f64 {
        if s.over {
            return sylvan_engine::score_margin(&Spirits::score(self, s), seat);
        }
        self.outlook(s, seat) - self.outlook(s, State::opponent(seat))
    }

    fn events(
        &self,
        before: &State,
        action: Action,
        after: &State,
        viewer: Viewer,
        out: &mut Vec<String>,
    ) {
        // Nothing in Spirits is secret; the log differs by viewer only in its words ("you").
        let me = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        let you = |seat: Seat| {
            if me == Some(seat) {
                "You".to_string()
            } else {
                seat.to_string()
            }
        };
        match Spirits::actor(self, before) {
            Actor::Seat(s) => out.push(action.told(s, me)),
            _ => out.push(action.to_string()),
        }
        let who = before.current;
        if let Action::UseCard {
            card: Card::Eagle, ..
        } = action
        {
            out.push(format!(
                "Eagle: {} will take an extra turn at the end of this turn",
                you(who).replace("You", "you")
            ));
        }
        let jackrabbit = matches!(
            action,
            Action::Place {
                animal: Animal::Jackrabbit,
                ..
            }
        );
        if jackrabbit && after.extra_turns.len() > before.extra_turns.len() {
            let seat = after.extra_turns.last().copied().unwrap_or(who);
            out.push(format!(
                "Jackrabbit is complete: {} will take an extra turn at the end of this turn",
                you(seat).replace("You", "you")
            ));
        }
        for p in 0..2 {
            let (b, a) = (before.piles[p], after.piles[p]);
            if b[0].is_some() && a[2] == b[0] && a[0] != b[0] {
                let side = if p == 0 { "left" } else { "right" };
                out.push(format!(
                    "{} goes to the bottom of the {side} pile",
                    b[0].map(|c| c.name()).unwrap_or("")
                ));
            }
        }
        for seat in [Seat(0), Seat(1)] {
            for c in after.returned[seat.index()].colours() {
                let n = after.returned[seat.index()].get(c);
                let stones = if n == 1 { "stone" } else { "stones" };
                let it = if n == 1 { "it goes" } else { "they go" };
                out.push(format!(
                    "{} cannot place {n} {c} {stones}: {it} back to the bowl",
                    you(seat)
                ));
            }
        }
        if after.over && !before.over {
            let score = Spirits::score(self, after);
            let points = |n: i32| {
                if n == 1 {
                    "1 point".to_string()
                } else {
                    format!("{n} points")
                }
            };
            out.push(format!(
                "The game ends: Player 1 {}, Player 2 {}",
                points(score.totals[0]),
                points(score.totals[1])
            ));
        } else if after.turns > before.turns && !after.over {
            let turn = if me == Some(after.current) {
                "Your turn".to_string()
            } else {
                format!("{}'s turn", after.current)
            };
            // A normal turn passes to the opponent's normal turn; an extra one leaves it be.
            if after.normal != before.normal {
                out.push(turn);
            } else {
                out.push(format!("{turn}: an extra turn"));
            }
        }
    }

    fn text(&self, view: &View) -> String {
        view.text()
    }

    fn svg(&self, view: &View) -> Option<String> {
        Some(svg::draw(view))
    }

    /// The Spirit Power cards this seat used (each once, however often), and the animals it
    /// won: those both players share, on which it scored the most (ties share), with more
    /// than 0 points.
    fn component_labels(&self, s: &State, seat: Seat) -> Vec<String> {
        let used = s.cards_used.get(seat.index()).copied().unwrap_or(0);
        let cards = Card::ALL
            .iter()
            .filter(|c| used & (1 << c.index()) != 0)
            .map(|c| format!("Spirit Power used: {c}"));
        let score = Spirits::score(self, s);
        let on = |p: usize, animal: Animal| -> i32 {
            score.breakdown.get(p).map_or(0, |rows| {
                rows.iter()
                    .filter(|(name, _)| name == animal.name())
                    .map(|(_, points)| *points)
                    .sum()
            })
        };
        let won = s
            .animals
            .iter()
            .filter(|&&a| {
                let mine = on(seat.index(), a);
                mine > 0 && (0..2).all(|p| on(p, a) <= mine)
            })
            .map(|a| format!("animal won: {a}"));
        cards.chain(won).collect()
    }

    sylvan_engine::encode_glue!(encode);

    fn max_decisions(&self) -> u64 {
        20_000
    }

    fn check_invariants(&self, s: &State) -> Result<(), String> {
        let all = s.all_stones();
        if all.0 != self.components.stones {
            return Err(format!(
                "stones are not conserved: {:?} in play, {:?} in the box",
                all.0, self.components.stones
            ));
        }
        let cards: u32 = s.unseen.iter().map(|&n| n as u32).sum::<u32>()
            + s.piles.iter().flatten().flatten().count() as u32;
        let dealt: u32 = self.deck.iter().map(|&n| n as u32).sum();
        if cards != dealt {
            return Err(format!("{cards} cards accounted for, {dealt} dealt"));
        }
        for (b, &animal) in s.animals.iter().enumerate() {
            for seat in [Seat(0), Seat(1)] {
                let p = self.board_points(s, seat, b);
                if p < 0 || self.max_points(animal).is_some_and(|m| p > m) {
                    return Err(format!("{seat}'s {animal} scores {p}, outside its bounds"));
                }
                let board = &s.boards[seat.index()][b];
                if animal != Animal::Packrat && board.nest.total() > 0 {
                    return Err(format!("{seat}'s {animal} has a Nest"));
                }
            }
        }
        if matches!(s.steps.last(), Some(Step::ChooseTile))
            && (s.hands.iter().any(|h| h.total() > 0) || s.pool.total() > 0)
        {
            return Err("a turn starts with stones still in a hand or drawn".into());
        }
        for (w, hand) in s.hands.iter().enumerate() {
            for c in Colour::ALL {
                // Porcupine's and Skunk's stones are distinct stones of the hand.
                let kept: u32 = s.porcupine[w].iter().map(|b| b.get(c) as u32).sum::<u32>()
                    + s.skunk[w].get(c) as u32;
                if kept > hand.get(c) as u32 {
                    return Err(format!(
                        "Player {}'s hand has {} {c}, but Porcupine and Skunk account for {kept}",
                        w + 1,
                        hand.get(c)
                    ));
                }
            }
        }
        Ok(())
    }

    fn action_targets(&self, s: &State, a: Action) -> Vec<String> {
        self.targets(s, a)
    }

    fn named_actions(&self, s: &State, out: &mut Vec<Action>) {
        help::named_actions(s, out);
    }

    fn decision_help(&self, view: &View) -> String {
        Spirits::decision_help(self, view)
    }

    fn rules_text(&self, view: &View) -> String {
        Spirits::rules_text(self, view)
    }

    fn summary() -> &'static str {
        "Two players. Use action tiles to collect and place colorful stones onto your animal \
         boards for points, while avoiding Coyote: each board has its own placement rule and \
         scoring, Spirit Stones double a board but close it, and Spirit Power cards bend the \
         rules. If there are 5 or more Spirit Stones out of the bag at the end of any \
         player's turn, the game ends immediately. The player with the most points wins."
    }

    fn option_help() -> Vec<(&'static str, &'static str)> {
        vec![
            ("set", "a recommended set by name (\"First Steps\", \"Coyote's Mischief\", \"Condor's Challenge\", \"Big and Small\", \"River and Sea\") or \"random\""),
            ("animals", "overrides the set's animal boards: five names, or \"random\""),
            ("cards", "overrides the set's Spirit Power cards: six names, or \"random\" (six of the 36)"),
            ("jackrabbit_printed_3", "true: a completed Jackrabbit scores 3 as printed, not 4 as the errata says"),
        ]
    }
}

fn check_players(players: usize) -> Result<(), OptionsError> {
    if players == 2 {
        Ok(())
    } else {
        Err(OptionsError::PlayerCount {
            game: Spirits::INFO.name,
            min: 2,
            max: 2,
            got: players,
        })
    }
}
