//! # Whispering Woods
//!
//! Each player grows a forest of hexagonal tiles, puts animals on tasks and walks them along
//! the tasks' colour paths; completed tasks score their VP, and several in one turn earn a
//! Bonus card. The solo game plays the six Mission levels. This crate is the whole room: the
//! rules ([`WhisperingWoods`] implementing [`sylvan_engine::Game`]), the component data
//! (`data/components.toml`, every value tagged with its provenance), the [`View`], its text
//! and SVG drawing, and the tests.
//!
//! ```
//! use sylvan_engine::{Actor, Game, GameRng};
//! use sylvan_whispering_woods::{Options, WhisperingWoods};
//!
//! let game = WhisperingWoods::new(2, Options::default()).expect("two players");
//! let mut state = game.initial_state();
//! let mut rng = GameRng::seeded(1);
//! let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
//! sylvan_engine::random_playout_from(&game, &mut state, &mut rng, &mut actions, &mut outcomes);
//! assert_eq!(game.actor(&state), Actor::Nobody);
//! assert!(game.score(&state).over);
//! ```
//!
//! Decisions are small: a turn is several decision points (refresh or not, a display tile,
//! where to place it, each task to complete as a (task tile, path end) pair), and every tile
//! drawn from the bag is a chance point, so the state holds no hidden future.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod action;
pub mod components;
mod encode;
mod help;
mod rules;
mod score;
mod solo;
mod state;
mod svg;
mod view;

use std::sync::Arc;

use sylvan_engine::{
    Actor, Game, GameInfo, GameRng, OptionsError, ParseActionError, Score, Seat, Viewer,
};

pub use action::{Action, ANIMAL_NAMES};
pub use components::{Components, ComponentsError, Element, Mission, TileDef};
pub use rules::{unused_animals, Options, WhisperingWoods};
pub use score::Points;
pub use solo::SoloOutcome;
pub use state::{Cell, Forest, Hex, Player, State, Step, TileId, Tiles, NO_ANIMAL, START};
pub use view::{CellView, CompletedView, PlayerView, SoloView, TileView, View};

/// Search iterations of `easy`, `medium` and `hard` (`Game::level_iterations`). The search
/// keeps gaining past the default `hard` of 4,000 (README, Bots): `mcts:20000` won 88.3% of 60
/// games against `mcts:2000` at two players, and in every solo Mission it scored 3.6 to 10.1
/// points more than 4,000 iterations (release builds `91891cf` and `4c506bb`).
pub const SEARCH_LEVELS: [u32; 3] = [200, 1_000, 20_000];

/// Why an action is not legal now, naming the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Chance decides now.
    #[error("chance decides now, not a player")]
    ChanceDecides,
    /// A player decides now, or the outcome cannot happen.
    #[error("{0}")]
    NotThisChance(&'static str),
    /// Another kind of decision is due.
    #[error("that is not the decision now: {0}")]
    NotNow(String),
    /// The tile is not in the display.
    #[error("Forest tile {0} is not in the display")]
    NotInDisplay(TileId),
    /// Option B with every animal already out.
    #[error("all 4 of your Animals are already in your forest: you can no longer take a tile Task side up (option B)")]
    NoUnusedAnimal,
    /// That animal is already in the forest.
    #[error("the {0} Animal is already in your forest")]
    AnimalInUse(&'static str),
    /// The hex is taken.
    #[error("a tile already lies at {0}")]
    Occupied(Hex),
    /// Not beside the forest.
    #[error("the tile must be placed adjacent to at least one side of a tile that is already in your forest; {0} is not")]
    NotAdjacent(Hex),
    /// No task at the hex.
    #[error("there is no task with an Animal at {0}")]
    NoTask(Hex),
    /// No matching path.
    #[error("no path from the task at {task} ends at {end}: the Animal must follow the task's exact colour sequence (in either direction) from tile to adjacent tile, only across Forest sides, using each tile once")]
    NoPath {
        /// The task tile.
        task: Hex,
        /// The claimed end.
        end: Hex,
    },
    /// Removing the task tile would split the forest.
    #[error("you can't complete the task at {0}: removing its tile would divide your forest into multiple areas")]
    SplitsForest(Hex),
    /// Refresh without a completed task to flip.
    #[error("to refresh the display you must flip a previously completed Forest tile from its Task side to its Forest side, and you have none")]
    NoCompletedTask,
    /// Refresh with an empty bag.
    #[error("the bag is empty: there are no new tiles to refresh the display with")]
    BagEmpty,
}

impl WhisperingWoods {
    /// Builds the rules with the shipped component data.
    pub fn standard(players: usize, options: Options) -> Result<WhisperingWoods, OptionsError> {
        WhisperingWoods::with(players, options, Components::shipped())
    }

    /// Why `a` is not legal at `s` (assumes it is not in the legal list).
    fn explain(&self, s: &State, a: Action) -> Illegal {
        let what = self.describe(s);
        let me = s.me();
        match (s.step, a) {
            (_, Action::Draw(_) | Action::Bear(_)) => {
                if self.actor(s) == Actor::Chance {
                    Illegal::NotThisChance("that tile is not in the bag")
                } else {
                    Illegal::NotThisChance("a player decides now, not chance")
                }
            }
            _ if self.actor(s) == Actor::Chance => Illegal::ChanceDecides,
            (_, Action::Refresh) => {
                if me.flippable() == 0 {
                    Illegal::NoCompletedTask
                } else if s.bag.is_empty() {
                    Illegal::BagEmpty
                } else {
                    Illegal::NotNow(format!(
                        "{what} (the display may be refreshed once per turn, right after refilling it)"
                    ))
                }
            }
            (Step::Take { second }, Action::TakeForest(t) | Action::TakeTask(t)) => {
                if !s.display.has(t) {
                    Illegal::NotInDisplay(t)
                } else if matches!(a, Action::TakeTask(_)) && !second {
                    Illegal::NoUnusedAnimal
                } else {
                    Illegal::NotNow(what)
                }
            }
            (Step::ChooseAnimal { .. }, Action::Animal(x)) => {
                Illegal::AnimalInUse(ANIMAL_NAMES[x as usize % 4])
            }
            (Step::Place { .. }, Action::Place(h)) => {
                if me.forest.at(h).is_some() {
                    Illegal::Occupied(h)
                } else {
                    Illegal::NotAdjacent(h)
                }
            }
            (Step::Tasks, Action::Complete { task, end }) => {
                let f = &me.forest;
                let Some(i) = f.at(task).filter(|&i| f.cells()[i].task_side()) else {
                    return Illegal::NoTask(task);
                };
                match f.at(end) {
                    Some(j) if self.path_ends(f, i) >> j & 1 == 1 => Illegal::SplitsForest(task),
                    _ => Illegal::NoPath { task, end },
                }
            }
            _ => Illegal::NotNow(what),
        }
    }
}

impl Game for WhisperingWoods {
    type Options = Options;
    type State = State;
    type Action = Action;
    type View = View;
    type Illegal = Illegal;

    const INFO: GameInfo = GameInfo {
        name: "whispering-woods",
        title: "Whispering Woods",
        min_players: 1,
        max_players: 4,
        has_chance: true,
        hidden_information: false,
        solo_levels: Some(sylvan_engine::SoloLevels {
            option: "level",
            label: "Mission",
            first: 1,
            last: 6,
        }),
    };

    fn new(players: usize, options: Options) -> Result<Self, OptionsError> {
        WhisperingWoods::standard(players, options)
    }

    fn with_components(
        players: usize,
        options: Options,
        components: &str,
    ) -> Result<Self, OptionsError> {
        let c =
            Components::from_toml(components).map_err(|e| OptionsError::Invalid(e.to_string()))?;
        WhisperingWoods::with(players, options, Arc::new(c))
    }

    fn players(&self) -> usize {
        self.players
    }

    fn options(&self) -> &Options {
        WhisperingWoods::options(self)
    }

    fn initial_state(&self) -> State {
        self.setup()
    }

    fn actor(&self, s: &State) -> Actor {
        WhisperingWoods::actor(self, s)
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if matches!(WhisperingWoods::actor(self, s), Actor::Seat(_)) {
            self.legal(s, out);
        }
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, u32)>) {
        self.outcomes(s, out);
    }

    fn draw_chance(
        &self,
        s: &State,
        rng: &mut GameRng,
        _: &mut Vec<(Action, u32)>,
    ) -> Option<Action> {
        self.draw(s, rng)
    }

    fn check(&self, s: &State, a: Action) -> Result<(), Illegal> {
        let found = match WhisperingWoods::actor(self, s) {
            Actor::Nobody => return Err(Illegal::GameOver),
            Actor::Chance => match (s.step, a) {
                (Step::ChooseBear, Action::Bear(seat)) => seat.index() < self.players,
                (_, Action::Draw(t)) => s.step != Step::ChooseBear && s.bag.has(t),
                _ => false,
            },
            Actor::Seat(_) => {
                let mut found = false;
                self.each_legal(s, &mut |x| found |= x == a);
                found
            }
        };
        if found {
            Ok(())
        } else {
            Err(self.explain(s, a))
        }
    }

    fn apply_unchecked(&self, s: &mut State, a: Action) {
        self.play(s, a);
    }

    fn view(&self, s: &State, viewer: Viewer) -> View {
        self.view_of(s, viewer)
    }

    fn score(&self, s: &State) -> Score {
        WhisperingWoods::score(self, s)
    }

    /// [`SEARCH_LEVELS`]: `easy` and `medium` as by default, `hard` 20,000.
    fn level_iterations(&self) -> [u32; 3] {
        SEARCH_LEVELS
    }

    /// With rivals, eighty random decisions (about four turns a player) before the heuristic
    /// judges, not forty: in 100-game screens `mcts:2000:h80` beat `mcts:2000:margin` (horizon
    /// 40) in 62% and `mcts:2000:h20` in 38%. Solo, forty: over the same 100 seeds of each
    /// Mission `ismcts:4000:h80` scored 0.4 to 2 points less than at 40, at twice the time
    /// (README, Bots).
    fn rollout_horizon(&self) -> u32 {
        if self.players == 1 {
            sylvan_engine::ROLLOUT_HORIZON
        } else {
            80
        }
    }

    /// Points so far, the Bonus card this turn's tasks earn and half of each walkable open
    /// task (see [`WhisperingWoods::outlook`]), against the best rival's; solo, the player's
    /// own.
    fn heuristic(&self, s: &State, seat: Seat) -> f64 {
        if s.step == Step::Over {
            return sylvan_engine::score_margin(&WhisperingWoods::score(self, s), seat);
        }
        let own = self.outlook(s, seat.index());
        let rival = (0..s.players.len())
            .filter(|&p| p != seat.index())
            .map(|p| self.outlook(s, p))
            .fold(f64::NEG_INFINITY, f64::max);
        if rival.is_finite() {
            own - rival
        } else {
            own
        }
    }

    fn rollout_choices(&self, _: &State, legal: &mut Vec<Action>) {
        // Random play ends many turns with a task left undone; no player does.
        if legal.len() > 1 && legal.last() == Some(&Action::EndTurn) {
            legal.pop();
        }
    }

    fn events(
        &self,
        before: &State,
        action: Action,
        after: &State,
        viewer: Viewer,
        out: &mut Vec<String>,
    ) {
        // Nothing is secret in Whispering Woods; only the wording is the viewer's.
        match WhisperingWoods::actor(self, before) {
            Actor::Seat(s) => {
                let points = match action {
                    Action::Complete { .. } => {
                        let total = |st: &State| {
                            WhisperingWoods::score(self, st)
                                .totals
                                .get(s.index())
                                .copied()
                                .unwrap_or(0)
                        };
                        Some(total(after) - total(before))
                    }
                    _ => None,
                };
                out.push(action::told(action, s, viewer, points));
            }
            _ => out.push(action.to_string()),
        }
        for (i, (b, a)) in before.players.iter().zip(after.players.iter()).enumerate() {
            for k in 0..b.bonus.len() {
                if a.bonus[k] > b.bonus[k] {
                    let vp = self.components.bonus[k].1;
                    out.push(if viewer == Viewer::Seat(Seat(i as u8)) {
                        format!("You take a x{} Bonus card ({vp} VP)", k + 2)
                    } else {
                        format!("Player {} takes a x{} Bonus card ({vp} VP)", i + 1, k + 2)
                    });
                }
            }
        }
        if after.end_triggered && !before.end_triggered {
            out.push("The game end is triggered".into());
        }
        if before.step == Step::SoloDraw {
            if let Action::Draw(t) = action {
                let gone: Vec<String> = before
                    .display
                    .iter()
                    .filter(|&d| !after.display.has(d))
                    .map(|d| format!("#{d}"))
                    .collect();
                let element = self.colour.get(t as usize).map_or("", |e| e.name());
                out.push(if gone.is_empty() {
                    format!("Forest tile {t} ({element}) goes to the Scoring board; no {element} tile is in the display")
                } else {
                    format!(
                        "Forest tile {t} ({element}) goes to the Scoring board; the display's {element} tiles leave the game: {}",
                        gone.join(", ")
                    )
                });
            }
        }
        if after.step == Step::Over && before.step != Step::Over {
            if self.solo() {
                let o = self.solo_outcome(after);
                out.push(format!(
                    "The game ends: Mission level {}. {}",
                    o.level,
                    view::mission_result(&o)
                ));
            } else {
                let score = WhisperingWoods::score(self, after);
                let totals: Vec<String> = score
                    .totals
                    .iter()
                    .enumerate()
                    .map(|(i, t)| format!("Player {} {t}", i + 1))
                    .collect();
                out.push(format!("The game ends: {}", totals.join(", ")));
            }
        }
    }

    fn text(&self, view: &View) -> String {
        view.text()
    }

    fn svg(&self, view: &View) -> Option<String> {
        Some(svg::draw(view))
    }

    /// Who took the Bear (the first player): the setup's one per-seat difference.
    fn component_labels(&self, s: &State, seat: Seat) -> Vec<String> {
        if self.players() > 1 && s.bear == seat {
            vec!["Bear (first player)".to_string()]
        } else {
            Vec::new()
        }
    }

    sylvan_engine::encode_glue!(encode, relative);

    fn max_decisions(&self) -> u64 {
        // Every turn places a tile or ends the game; refreshes are bounded by completed tasks.
        40_000
    }

    fn check_invariants(&self, s: &State) -> Result<(), String> {
        let n = self.components.tiles.len();
        let mut seen = [0u8; 97];
        let mut mark = |t: TileId, place: &str| -> Result<(), String> {
            if t as usize >= n {
                return Err(format!("tile {t} in {place} does not exist"));
            }
            seen[t as usize] += 1;
            Ok(())
        };
        for t in s.bag.iter() {
            mark(t, "the bag")?;
        }
        for t in s.display.iter() {
            mark(t, "the display")?;
        }
        for t in s.held.iter() {
            mark(t, "the old display")?;
        }
        for t in s.removed.iter() {
            mark(t, "the removed tiles")?;
        }
        for &t in &s.scoring_board {
            mark(t, "the Scoring board")?;
        }
        if let Step::Place { tile, .. } | Step::ChooseAnimal { tile } = s.step {
            mark(tile, "hand")?;
        }
        for (i, p) in s.players.iter().enumerate() {
            let mut starts = 0;
            let mut animals = 0u8;
            for c in p.forest.cells() {
                if c.tile == START {
                    starts += 1;
                } else {
                    mark(c.tile, "a forest")?;
                }
                if c.task_side() {
                    if animals & (1 << (c.animal & 7)) != 0 || c.animal as usize >= 4 {
                        return Err(format!("player {}: animal {} twice", i + 1, c.animal));
                    }
                    animals |= 1 << c.animal;
                }
            }
            let completed = p.completed();
            for t in completed.iter() {
                if t == START {
                    starts += 1;
                } else {
                    mark(t, "completed tasks")?;
                }
            }
            let per_animal: u32 = p.done.iter().map(|d| d.len()).sum();
            if per_animal != completed.len() {
                return Err(format!("player {}: a task completed twice", i + 1));
            }
            let setup_done = !(self.solo() && s.step == Step::StartAnimal);
            if setup_done && starts != 1 {
                return Err(format!("player {}: {starts} Starting tiles", i + 1));
            }
            if (p.flips as u32) > completed.len() - u32::from(completed.has(START)) {
                return Err(format!(
                    "player {}: more flips than completed Forest tiles",
                    i + 1
                ));
            }
            if !p.forest.bookkeeping_is_fresh() {
                return Err(format!(
                    "player {}: the places beside the forest or the tiles' neighbours are out \
                     of date",
                    i + 1
                ));
            }
            if !p.forest.is_empty() && !p.forest.connected_without(usize::MAX) {
                return Err(format!("player {}: the forest is split", i + 1));
            }
        }
        if let Some(t) = (0..n).find(|&t| seen[t] != 1) {
            return Err(format!(
                "tile {t} is in {} places: tiles are not conserved",
                seen[t]
            ));
        }
        for k in 0..self.components.bonus.len() {
            let held: u32 = s.players.iter().map(|p| p.bonus[k] as u32).sum();
            if held + s.bonus_left[k] as u32 != self.components.bonus[k].0 as u32 {
                return Err(format!("x{} Bonus cards are not conserved", k + 2));
            }
        }
        if s.display.len() > self.components.display as u32 {
            return Err("the display holds more than 6 tiles".into());
        }
        let max: i32 = self
            .components
            .tiles
            .iter()
            .map(|t| t.vp as i32)
            .sum::<i32>()
            + self.components.start_vp as i32
            + self
                .components
                .bonus
                .iter()
                .map(|&(c, v)| c as i32 * v as i32)
                .sum::<i32>();
        for (i, pts) in self.totals(s).iter().enumerate() {
            let floor = -(s.players[i].flips as i32) * self.refresh_penalty();
            if pts.1 < 0 || pts.2 < 0 || pts.0 < floor || pts.0 > max {
                return Err(format!("player {}: points {pts:?} out of bounds", i + 1));
            }
        }
        Ok(())
    }

    fn named_actions(&self, s: &State, out: &mut Vec<Action>) {
        help::named_actions(s, out);
    }

    /// Besides the listed words: "place it at (q, r)" (or "q, r" alone) anywhere, so a hex far
    /// from the forest is refused with the placement rule, not as an unknown action.
    fn parse_action(&self, s: &State, text: &str) -> Result<Action, ParseActionError> {
        sylvan_engine::parse_listed_action(self, s, text).or_else(|e| {
            let Some(h) = help::typed_hex(text).filter(|_| matches!(s.step, Step::Place { .. }))
            else {
                return Err(e);
            };
            let a = Action::Place(h);
            match self.check(s, a) {
                Ok(()) => Ok(a),
                Err(why) => Err(ParseActionError(format!(
                    "'{}' is not allowed: {why}",
                    text.trim()
                ))),
            }
        })
    }

    fn decision_help(&self, view: &View) -> String {
        WhisperingWoods::decision_help(self, view)
    }

    fn rules_text(&self, view: &View) -> String {
        WhisperingWoods::rules_text(self, view)
    }

    fn action_targets(&self, _s: &State, a: Action) -> Vec<String> {
        help::targets(a)
    }

    fn summary() -> &'static str {
        "For 1 to 4 players. In each turn, you expand your forest: place new Forest tiles to add \
         elements and tasks that your animals need to complete, then move your animals along the \
         required paths to collect victory points by completing these tasks. Completing several \
         tasks in one turn earns a Bonus card. The game ends when a player completes 10 tasks \
         (2 players), 9 (3 players) or 8 (4 players); the player who collects the most victory \
         points wins. Solo, you try to achieve the objectives of one of six Missions and its \
         minimum score within the turns the Scoring board allows."
    }

    fn option_help() -> Vec<(&'static str, &'static str)> {
        vec![
            ("bear", "who takes the Bear and starts (0-based seat); null draws it at random; ignored in solo"),
            ("strict_start_task", "true: the Starting tile's four middle tiles must also differ from the end colour (the stricter reading)"),
            ("level", "solo: the Mission level, 1 to 6"),
        ]
    }
}
