//! # Wispwood
//!
//! Each player grows a forest of tiles: wisps (jacks, hearts, witches, orbs) taken from the
//! pond together with the shape beside them, the rest of the shape trees. Five goal cards, one
//! per category, score every forest at the end of each of three rounds, on a 4×4, 5×5 and 6×6
//! grid. This crate is the whole room: the rules ([`Wispwood`] implementing
//! [`sylvan_engine::Game`]), the component data (`data/components.toml`, every value tagged
//! with its provenance), the [`View`], its text and SVG drawing, and the tests.
//!
//! ```
//! use sylvan_engine::{Actor, Game, GameRng};
//! use sylvan_wispwood::{Options, Wispwood};
//!
//! let game = Wispwood::new(2, Options::default()).expect("two players");
//! let mut state = game.initial_state();
//! let mut rng = GameRng::seeded(1);
//! let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
//! sylvan_engine::random_playout_from(&game, &mut state, &mut rng, &mut actions, &mut outcomes);
//! assert_eq!(game.actor(&state), Actor::Nobody);
//! // Three rounds were scored.
//! assert_eq!(state.round, 2);
//! ```
//!
//! Decisions are small: a basic turn is a wisp, then a shape, then an orientation, then the
//! square of the shape's corner, then the square of the wisp; only choices that can still be
//! completed legally are offered. Every tile dealt to the pond is a chance point that reveals
//! its wisp, so the state holds no hidden future. With one player the game is the solo game
//! against Catty, whose moves are automatic and whose firefly tokens are chance points.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod action;
pub mod board;
pub mod components;
mod encode;
mod help;
mod rules;
mod score;
mod state;
mod svg;
mod view;

use std::sync::Arc;

use sylvan_engine::{
    rank_by, Actor, Game, GameInfo, OptionsError, OtherScore, Score, Seat, Viewer,
};

pub use action::{square_name, Action};
pub use components::{Category, Components, ComponentsError, GoalCard, Kind, Shape, Wisp};
pub use rules::{Options, Oriented, PlaceError, Wispwood};
pub use score::{card_points, witch_squares};
pub use state::{Forest, Phase, RoundScore, State};
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
    /// Not a chance outcome now.
    #[error("{0}")]
    NotThisChance(&'static str),
    /// Another kind of decision is due.
    #[error("that is not the decision now: {0}")]
    NotNow(&'static str),
    /// The pond space holds no wisp.
    #[error("there is no wisp on pond space {}", u16::from(*.0) + 1)]
    NoWisp(u8),
    /// The free deal needs all wisps of one type.
    #[error("you may deal new wisps for free only if all available wisps are the same type")]
    NotOneType,
    /// A cat action while the cat is hidden.
    #[error("your cat is hidden: you cannot take a cat action until a tree turn makes it ready")]
    CatHidden,
    /// The shape is not beside the chosen wisp.
    #[error("your chosen wisp is between 2 shapes: choose one of these (or hide your cat to use any shape)")]
    ShapeNotBeside,
    /// No such shape or orientation.
    #[error("there is no such {0}")]
    NoSuch(&'static str),
    /// The shape cannot be added to the forest at all (this way).
    #[error("that shape cannot be added to your forest: at least 1 tile must be beside your forest and all must stay inside the grid")]
    NoRoom,
    /// A witch against the witch card.
    #[error("witch card: {0}; you are not allowed to take a witch tile that cannot be placed according to its rule")]
    Witch(&'static str),
    /// The forest would not fit the round's grid.
    #[error("the tiles must stay inside a {0}×{0} grid this round")]
    OutOfGrid(u8),
    /// A square is already filled.
    #[error("that square of your forest is already filled")]
    Occupied,
    /// Not beside the forest.
    #[error("at least 1 tile must be placed beside a tile already in your forest")]
    NotBeside,
    /// The wisp must go on a square of the placed shape.
    #[error("the wisp must go on a square of the shape")]
    NotInShape,
    /// A tree turn takes at least one tree.
    #[error("when taking a tree turn, you must always take at least 1 tree tile")]
    AtLeastOneTree,
    /// The cat moves only onto a tree tile.
    #[error("you may move your cat only to a different tree tile")]
    NotATree,
}

impl Wispwood {
    /// Builds the rules with the shipped component data.
    pub fn standard(players: usize, options: Options) -> Result<Wispwood, OptionsError> {
        Wispwood::with(players, options, Components::shipped())
    }

    fn place_illegal(&self, e: PlaceError, s: &State) -> Illegal {
        match e {
            PlaceError::OutOfGrid => Illegal::OutOfGrid(self.grid(s.round)),
            PlaceError::Occupied => Illegal::Occupied,
            PlaceError::NotBeside => Illegal::NotBeside,
        }
    }

    fn witch_rule(&self, s: &State) -> &'static str {
        self.components()
            .cards
            .get(s.goals[Category::Witches.index()] as usize)
            .map(|c| c.kind.witch_rule())
            .unwrap_or("")
    }

    /// Why `a` is not legal at `s` (assumes it is not in the legal list).
    fn explain(&self, s: &State, a: Action) -> Illegal {
        let chance = self.actor(s) == Actor::Chance;
        if matches!(
            a,
            Action::Goal(_)
                | Action::StartPlayer(_)
                | Action::Reveal(_)
                | Action::CattyGuide(_)
                | Action::Firefly(_)
        ) {
            return Illegal::NotThisChance(if chance {
                "that outcome cannot happen now"
            } else {
                "a player decides now, not chance"
            });
        }
        if chance {
            return Illegal::ChanceDecides;
        }
        let f = s.forest(s.current);
        let witch_at = |space: u8| s.pond.get(space as usize) == Some(&Some(Wisp::Witch));
        let no_room = |space: u8| {
            if witch_at(space) {
                Illegal::Witch(self.witch_rule(s))
            } else {
                Illegal::NoRoom
            }
        };
        match (s.phase, a) {
            (Phase::TurnStart, Action::DealNew) => Illegal::NotOneType,
            (Phase::TurnStart, Action::CatDeal | Action::CatTakeWisp(_)) if !f.cat_ready => {
                Illegal::CatHidden
            }
            (Phase::TurnStart, Action::TakeWisp(sp) | Action::CatTakeWisp(sp)) => {
                if s.pond.get(sp as usize).copied().flatten().is_none() {
                    Illegal::NoWisp(sp)
                } else {
                    no_room(sp)
                }
            }
            (Phase::Shape { space, any }, Action::Shape(k)) => {
                if k as usize >= components::POND {
                    Illegal::NoSuch("shape")
                } else if !any
                    && k != space
                    && k != (space % components::POND as u8 + 1) % components::POND as u8
                {
                    Illegal::ShapeNotBeside
                } else {
                    no_room(space)
                }
            }
            (Phase::Orient { space, shape }, Action::Orient(o)) => {
                if self.oriented(shape, o).is_none() {
                    Illegal::NoSuch("orientation")
                } else {
                    no_room(space)
                }
            }
            (
                Phase::Anchor {
                    space,
                    shape,
                    orient,
                },
                Action::Place(sq),
            ) => match self.placement_error(s, shape, orient, sq) {
                Some(e) => self.place_illegal(e, s),
                None => no_room(space),
            },
            (Phase::WispSquare { space, .. }, Action::WispOn(_)) => {
                if witch_at(space) {
                    let mut inside = false;
                    if let Phase::WispSquare {
                        shape,
                        orient,
                        anchor,
                        ..
                    } = s.phase
                    {
                        if let (Some(o), Action::WispOn(sq)) = (self.oriented(shape, orient), a) {
                            inside = (anchor as usize) < board::SQUARES
                                && (o.mask << anchor) & board::bit(sq) != 0;
                        }
                    }
                    if inside {
                        return Illegal::Witch(self.witch_rule(s));
                    }
                }
                Illegal::NotInShape
            }
            (Phase::Trees { .. }, Action::Tree(sq)) => match self.tree_error(s, sq) {
                Some(e) => self.place_illegal(e, s),
                None => Illegal::NotNow("place a tree"),
            },
            (Phase::Trees { .. }, Action::EndTreeTurn) => Illegal::AtLeastOneTree,
            (Phase::MoveCat, Action::MoveCat(_)) => Illegal::NotATree,
            (Phase::CattyStart, Action::CattyStart(sp)) => Illegal::NoWisp(sp),
            (phase, _) => Illegal::NotNow(describe(phase)),
        }
    }
}

/// What the player to move is deciding, in a player's words.
pub fn describe(phase: Phase) -> &'static str {
    match phase {
        Phase::Goal(_)
        | Phase::StartPlayer
        | Phase::Deal { .. }
        | Phase::CattyGuide(_)
        | Phase::Firefly => "chance",
        Phase::CattyStart => "choose the pond space where Catty's cat starts",
        Phase::TurnStart => "choose a wisp, a cat action or a tree turn",
        Phase::Shape { .. } => "choose one of the shapes",
        Phase::Orient { .. } => "turn the shape",
        Phase::Anchor { .. } => "place the shape",
        Phase::WispSquare { .. } => "choose where the wisp goes in the shape",
        Phase::Trees { .. } => "place a tree or make your cat ready",
        Phase::MoveCat => "move your cat or leave it",
        Phase::Over => "nothing: the game is over",
    }
}

/// The names of the score categories of one round.
const CATEGORY_NAMES: [&str; 6] = ["trees", "jacks", "hearts", "witches", "orbs", "grid bonus"];

impl Game for Wispwood {
    type Options = Options;
    type State = State;
    type Action = Action;
    type View = View;
    type Illegal = Illegal;

    const INFO: GameInfo = GameInfo {
        name: "wispwood",
        title: "Wispwood",
        min_players: 1,
        max_players: 4,
        has_chance: true,
        hidden_information: false,
        solo_levels: Some(sylvan_engine::SoloLevels {
            option: "catty_guide",
            label: "Catty guide",
            first: 1,
            last: 4,
        }),
    };

    fn new(players: usize, options: Options) -> Result<Self, OptionsError> {
        Wispwood::standard(players, options)
    }

    fn with_components(
        players: usize,
        options: Options,
        components: &str,
    ) -> Result<Self, OptionsError> {
        let c =
            Components::from_toml(components).map_err(|e| OptionsError::Invalid(e.to_string()))?;
        Wispwood::with(players, options, Arc::new(c))
    }

    fn players(&self) -> usize {
        Wispwood::players(self)
    }

    fn options(&self) -> &Options {
        Wispwood::options(self)
    }

    fn initial_state(&self) -> State {
        self.setup()
    }

    fn actor(&self, s: &State) -> Actor {
        Wispwood::actor(self, s)
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        self.each_legal(s, &mut |a| out.push(a));
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, u32)>) {
        self.outcomes(s, out);
    }

    fn check(&self, s: &State, a: Action) -> Result<(), Illegal> {
        match Wispwood::actor(self, s) {
            Actor::Nobody => Err(Illegal::GameOver),
            Actor::Chance => {
                if self.outcome_possible(s, a) {
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
        let totals = self.totals(s);
        let breakdown = s
            .scores
            .iter()
            .map(|rounds| {
                let mut out = Vec::new();
                for (r, round) in rounds.iter().enumerate() {
                    for (i, &p) in round.iter().enumerate() {
                        let name = match s
                            .goals
                            .get(i)
                            .and_then(|&c| self.components().cards.get(c as usize))
                        {
                            Some(card) if i < 5 => {
                                format!("round {}: {} ({})", r + 1, card.name, CATEGORY_NAMES[i])
                            }
                            _ => format!("round {}: {}", r + 1, CATEGORY_NAMES[i]),
                        };
                        out.push((name.into(), p));
                    }
                }
                out
            })
            .collect();
        // No tie-break is printed in the partial rules: tied players share the victory [A].
        let (ranking, mut winners) = rank_by(self.players(), |seat: Seat| totals[seat.index()]);
        let over = s.phase == Phase::Over;
        if let Some(catty) = self.catty_total(s) {
            // Solo: you win if you meet or exceed Catty's score [R].
            winners.retain(|w| totals[w.index()] >= catty);
        }
        Score {
            over,
            totals,
            breakdown,
            ranking,
            winners: if over { winners } else { Vec::new() },
            // Solo: Catty's row beside yours, its points per round.
            others: s
                .catty
                .map(|c| {
                    vec![OtherScore {
                        name: "Catty".into(),
                        total: c.scores.iter().sum(),
                        breakdown: (0..c.scores.len())
                            .map(|r| {
                                (
                                    format!("round {}: Catty's wisps", r + 1).into(),
                                    c.scores[r],
                                )
                            })
                            .collect(),
                    }]
                })
                .unwrap_or_default(),
        }
    }

    /// The score so far plus the round in progress scored as if it ended now (the grid as it
    /// stands against the five goal cards, the grid bonus if full), against the best rival or,
    /// solo, Catty's points so far and now.
    fn heuristic(&self, s: &State, seat: Seat) -> f64 {
        // Between rounds and at the end the round's points are already in `scores`.
        let pending = !matches!(s.phase, Phase::MoveCat | Phase::Over);
        let estimate = |p: usize| -> i32 {
            let so_far: i32 = s.scores[p].iter().flatten().sum();
            let now: i32 = if pending {
                self.round_score(s, &s.forests[p]).iter().sum()
            } else {
                0
            };
            so_far + now
        };
        let own = estimate(seat.index());
        let rival = match s.catty {
            Some(c) => {
                c.scores.iter().sum::<i32>() + if pending { self.catty_points(&c) } else { 0 }
            }
            None => (0..self.players())
                .filter(|&p| p != seat.index())
                .map(estimate)
                .max()
                .unwrap_or(0),
        };
        f64::from(own - rival)
    }

    fn events(
        &self,
        before: &State,
        action: Action,
        after: &State,
        viewer: Viewer,
        out: &mut Vec<String>,
    ) {
        // Nothing in Wispwood is secret between the players; only the wording is the viewer's.
        match (Wispwood::actor(self, before), action) {
            (_, Action::Goal(i)) => {
                if let Some(card) = self.components().cards.get(i as usize) {
                    out.push(format!("Goal card for {}: {}", card.category(), card.name));
                }
            }
            (Actor::Seat(s), _) => out.push(seat_event(before, s, action, viewer)),
            _ => out.push(action.to_string()),
        }
        // How many a deal brings: 8, or 7 around Catty's cat (the count is never in an action's
        // words, which cannot know it).
        if let (Phase::Deal { left, .. }, false) =
            (after.phase, matches!(before.phase, Phase::Deal { .. }))
        {
            out.push(format!("{left} new wisps are dealt to the pond"));
        }
        if let (Some(b), Some(a)) = (before.catty, after.catty) {
            if let Some(w) = Wisp::ALL
                .iter()
                .find(|w| a.wisps[w.index()] > b.wisps[w.index()])
            {
                out.push(format!(
                    "Catty's cat sees {} wisp{} and takes the {w} on space {}",
                    a.firefly,
                    if a.firefly == 1 { "" } else { "s" },
                    a.space as u32 + 1
                ));
            }
        }
        if after.round > before.round || (after.phase == Phase::Over && before.phase != Phase::Over)
        {
            let totals = self.totals(after);
            let r = (before.round as usize).min(2);
            let mut line = format!("Round {} scored:", before.round + 1);
            for (p, rounds) in after.scores.iter().enumerate() {
                let got: i32 = rounds[r].iter().sum();
                line += &format!(
                    "{} Player {} {got} (total {})",
                    if p == 0 { "" } else { ";" },
                    p + 1,
                    totals[p]
                );
            }
            if let Some(c) = after.catty {
                line += &format!(
                    "; Catty {} (total {})",
                    c.scores[r],
                    c.scores.iter().sum::<i32>()
                );
            }
            out.push(line);
        }
    }

    fn text(&self, view: &View) -> String {
        view.text()
    }

    fn svg(&self, view: &View) -> Option<String> {
        Some(svg::draw(view))
    }

    sylvan_engine::encode_glue!(encode);

    fn max_decisions(&self) -> u64 {
        200_000
    }

    fn check_invariants(&self, s: &State) -> Result<(), String> {
        let c = self.components();
        let trees: u32 = s
            .forests
            .iter()
            .map(|f| f.trees.count_ones() + f.cat_tile as u32)
            .sum();
        let unseen: u32 = s.unseen.iter().chain(&s.known).map(|&n| n as u32).sum();
        if unseen != s.stacks as u32 + trees {
            return Err(format!(
                "{unseen} tiles unseen, but {} in the stacks and {trees} trees",
                s.stacks
            ));
        }
        for w in Wisp::ALL {
            let i = w.index();
            let n = s.unseen[i] as u32
                + s.known[i] as u32
                + s.discard[i] as u32
                + s.pond.iter().filter(|&&x| x == Some(w)).count() as u32
                + s.forests.iter().map(|f| f.count(w)).sum::<u32>()
                + s.catty.map_or(0, |c| c.wisps[i] as u32 + 1);
            if n != c.tiles[i] as u32 {
                return Err(format!(
                    "{n} {w} tiles accounted for, {} in the box",
                    c.tiles[i]
                ));
            }
        }
        let g = self.grid(s.round) as usize;
        for (p, f) in s.forests.iter().enumerate() {
            let occ = f.occupied();
            let words: Vec<u128> = f.wisps.iter().copied().chain([f.trees]).collect();
            for (i, a) in words.iter().enumerate() {
                if a & board::bit(f.cat) != 0 || words[i + 1..].iter().any(|b| a & b != 0) {
                    return Err(format!("Player {}: two things on one square", p + 1));
                }
            }
            if let Some((r0, r1, c0, c1)) = board::bounds(occ) {
                if r1 - r0 >= g || c1 - c0 >= g {
                    return Err(format!("Player {}'s forest leaves the {g}×{g} grid", p + 1));
                }
            }
        }
        if let Some(c) = s.catty {
            if (c.space as usize) < components::POND && s.pond[c.space as usize].is_some() {
                return Err("a wisp shares its pond space with Catty's cat".into());
            }
        }
        // The most one card can give: well above any 6x6 forest, below nonsense.
        for rounds in &s.scores {
            for round in rounds {
                if round.iter().any(|&p| !(0..=1000).contains(&p)) {
                    return Err(format!("a round score is out of bounds: {round:?}"));
                }
            }
        }
        Ok(())
    }

    fn decision_help(&self, view: &View) -> String {
        Wispwood::decision_help(self, view)
    }

    fn rules_text(&self, view: &View) -> String {
        Wispwood::rules_text(self, view)
    }

    fn action_targets(&self, s: &State, a: Action) -> Vec<String> {
        self.targets(s, a)
    }

    /// The goal cards this seat won: those on which it scored the most over the game (ties
    /// share), with more than 0 points; none in the solo game, where the goals are Catty's too.
    fn component_labels(&self, s: &State, seat: Seat) -> Vec<String> {
        if self.players() < 2 {
            return Vec::new();
        }
        let on = |p: usize, goal: usize| -> i32 {
            s.scores
                .get(p)
                .map_or(0, |rounds| rounds.iter().map(|r| r[goal]).sum())
        };
        (0..s.goals.len())
            .filter(|&goal| {
                let mine = on(seat.index(), goal);
                mine > 0 && (0..self.players()).all(|p| on(p, goal) <= mine)
            })
            .filter_map(|goal| self.components().cards.get(s.goals[goal] as usize))
            .map(|card| format!("goal won: {}", card.name))
            .collect()
    }

    fn summary() -> &'static str {
        "For 1 to 4 players. Each player grows a forest: on a turn you choose a wisp (jack, \
         heart, witch or orb) from the pond, take it with one of the 2 shapes beside it, and \
         add the shape to your forest, the wisp anywhere in it and the rest trees; a tree turn \
         or your cat's actions help when no shape fits. Five goal cards, one per category \
         (trees, jacks, hearts, witches, orbs), score every forest at the end of each of 3 \
         rounds, on a 4×4, then 5×5, then 6×6 grid; the most points after 3 rounds wins. \
         Solo, you play against Catty, who collects wisps by its scoring guide: meet or exceed \
         Catty's score to win."
    }

    fn named_actions(&self, _s: &State, out: &mut Vec<Action>) {
        help::named_actions(out);
    }

    fn option_help() -> Vec<(&'static str, &'static str)> {
        vec![
            ("goals", "the 5 goal cards by name, one per category; [] deals them at random"),
            ("start", "the start player (0-based seat); null chooses at random (Catty always starts in solo)"),
            ("catty_guide", "solo: Catty's scoring guide, by its paws (1 easiest to 4 hardest)"),
        ]
    }
}

/// A seat's decision as `viewer` reads it: "You move your cat to c8", "Player 2 moves their cat
/// to c8".
fn seat_event(before: &State, seat: Seat, action: Action, viewer: Viewer) -> String {
    let you = viewer == Viewer::Seat(seat);
    let wisp_on = |space: u8| {
        before
            .pond
            .get(space as usize)
            .copied()
            .flatten()
            .map_or(format!("the wisp on space {}", space + 1), |w| {
                format!("the {w} on space {}", space + 1)
            })
    };
    // (what "you" do, what another player does)
    let (mine, theirs) = match action {
        Action::DealNew => (
            "discard the wisps, all of one type, and deal new ones".to_string(),
            "discards the wisps, all of one type, and deals new ones".to_string(),
        ),
        Action::CatDeal => (
            "hide your cat to deal new wisps".into(),
            "hides their cat to deal new wisps".into(),
        ),
        Action::TakeWisp(sp) => (
            format!("choose {}", wisp_on(sp)),
            format!("chooses {}", wisp_on(sp)),
        ),
        Action::CatTakeWisp(sp) => (
            format!("hide your cat to take {} with any shape", wisp_on(sp)),
            format!("hides their cat to take {} with any shape", wisp_on(sp)),
        ),
        Action::Shape(i) => (
            format!("choose shape {}", i + 1),
            format!("chooses shape {}", i + 1),
        ),
        Action::Orient(o) => (
            format!("turn the shape to orientation {}", o + 1),
            format!("turns the shape to orientation {}", o + 1),
        ),
        Action::Place(sq) => (
            format!("place the shape at {}", square_name(sq)),
            format!("places the shape at {}", square_name(sq)),
        ),
        Action::WispOn(sq) => (
            format!("put the wisp on {}", square_name(sq)),
            format!("puts the wisp on {}", square_name(sq)),
        ),
        Action::TreeTurn => ("take a tree turn".into(), "takes a tree turn".into()),
        Action::Tree(sq) => (
            format!("place a tree on {}", square_name(sq)),
            format!("places a tree on {}", square_name(sq)),
        ),
        Action::EndTreeTurn => ("make your cat ready".into(), "makes their cat ready".into()),
        Action::MoveCat(sq) => (
            format!("move your cat to {}", square_name(sq)),
            format!("moves their cat to {}", square_name(sq)),
        ),
        Action::CatStays => (
            "leave your cat where it is".into(),
            "leaves their cat where it is".into(),
        ),
        other => return format!("{seat}: {other}"),
    };
    if you {
        format!("You {mine}")
    } else {
        format!("{seat} {theirs}")
    }
}
