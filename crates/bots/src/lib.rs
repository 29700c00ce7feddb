//! # Bots for every Sylvan game
//!
//! The bots are generic over [`sylvan_engine::Game`], so a new game gets all of them for free:
//!
//! - `random`: uniformly random among the legal actions.
//! - `greedy`: the action whose turn ends best on [`Game::heuristic`]: the rest of its own
//!   turn's steps searched too and small chance points (dice) averaged over (up to six steps and
//!   20,000 positions), never the others' replies.
//! - `mcts`: UCT over the seat decisions, chance sampled on the way down (open loop), random
//!   rollouts. With hidden information it searches one determinized sample.
//! - `ismcts`: single-observer ISMCTS: a fresh [`Game::determinize`]d sample every iteration,
//!   with availability counts so that actions legal in only some samples are judged fairly.
//! - `cheat`: MCTS on the true state. A diagnostic that measures what hidden information is
//!   worth in the arena; never offered to people.
//! - `clairvoyant`: `cheat` that also knows the game's future chance draws (the arena hands it
//!   the generator chance is drawn from). A diagnostic bound on what any bot could reach, e.g.
//!   how often a solo Mission can be passed at all with the tiles the seed will draw.
//!
//! A bot never sees hidden state: it decides from an [`Observation`], which can only be made
//! by determinizing the true state for the bot's seat (or, for the diagnostics alone, by the
//! explicitly named [`Observation::omniscient`] and [`Observation::clairvoyant`]). Search owns its
//! generator; thinking never changes the game.
//!
//! ```
//! use sylvan_bots::{decide, BotSpec, Observation};
//! use sylvan_engine::testing::Nim;
//! use sylvan_engine::{Game, Seat};
//!
//! let game = Nim::new(2, Default::default()).expect("two players");
//! let mut state = game.initial_state();
//! game.apply(&mut state, sylvan_engine::testing::NimAction::Pile(13)).expect("chance");
//! // 13 stones, take up to 3: taking 1 leaves a multiple of 4, the winning move.
//! let spec: BotSpec = "mcts:2000".parse().expect("a bot");
//! let seen = Observation::new(&game, &state, Seat(0), 7);
//! let choice = decide(&game, &seen, &spec, 7).expect("seat 0 is to move");
//! assert_eq!(choice.action.to_string(), "Take 1");
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod arena;
pub mod ladder;
mod search;

use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use sylvan_engine::{score_margin, Actor, Game, GameRng, Seat};

pub use arena::{play_game, run_arena, ArenaConfig, ArenaReport, BotResult, GameOutcome};
pub use search::Thinking;

/// The kinds of bot.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BotKind {
    /// Uniformly random.
    Random,
    /// One ply on the game's heuristic.
    Greedy,
    /// UCT with open-loop chance; one determinization under hidden information.
    Mcts,
    /// Single-observer information-set MCTS.
    Ismcts,
    /// MCTS on the true state: a diagnostic for the arena only.
    Cheat,
    /// MCTS on the true state and the future chance draws: a diagnostic for the arena only.
    Clairvoyant,
}

impl BotKind {
    /// Every kind, in the order they are listed.
    pub const ALL: [BotKind; 6] = [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Mcts,
        BotKind::Ismcts,
        BotKind::Cheat,
        BotKind::Clairvoyant,
    ];

    /// The kinds people may sit at a table (not the diagnostics `cheat` and `clairvoyant`).
    pub const FOR_PEOPLE: [BotKind; 4] = [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Mcts,
        BotKind::Ismcts,
    ];

    /// The name a bot is asked for by.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Mcts => "mcts",
            BotKind::Ismcts => "ismcts",
            BotKind::Cheat => "cheat",
            BotKind::Clairvoyant => "clairvoyant",
        }
    }

    /// Whether the bot searches (and so takes a budget).
    pub fn searches(self) -> bool {
        matches!(
            self,
            BotKind::Mcts | BotKind::Ismcts | BotKind::Cheat | BotKind::Clairvoyant
        )
    }

    /// Whether the bot decides from the true state (the arena's diagnostics), not from what
    /// its seat can see.
    pub fn sees_the_truth(self) -> bool {
        matches!(self, BotKind::Cheat | BotKind::Clairvoyant)
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How long a search bot thinks per decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Budget {
    /// Iterations in all (shared between the threads): the same play on every machine for a
    /// given thread count.
    Iterations(u32),
    /// Milliseconds of wall time (each thread searches that long).
    Millis(u32),
    /// A difficulty level: the iterations the game sets for it ([`Game::level_iterations`]).
    Level(Difficulty),
}

/// The most iterations a budget may ask for.
pub const MAX_ITERATIONS: u32 = sylvan_engine::MAX_SEARCH_ITERATIONS;
/// The longest time a budget may ask for, in milliseconds (ten minutes).
pub const MAX_MILLIS: u32 = 600_000;
/// Rollout decisions before the heuristic judges in a game that does not ask for its own
/// ([`Game::rollout_horizon`]), unless a bot asks otherwise (`:h0` for rollouts to the end).
pub const DEFAULT_HORIZON: u32 = sylvan_engine::ROLLOUT_HORIZON;
/// The most search threads.
pub const MAX_THREADS: usize = 64;

impl Budget {
    /// Checks that the budget is neither zero nor absurd.
    pub fn validate(self) -> Result<Budget, BotError> {
        match self {
            Budget::Iterations(0) | Budget::Millis(0) => Err(BotError::BadBudget(
                "a budget of 0 leaves no time to think".into(),
            )),
            Budget::Iterations(n) if n > MAX_ITERATIONS => Err(too_many_iterations(n.into())),
            Budget::Millis(ms) if ms > MAX_MILLIS => Err(too_many_millis(ms.into())),
            ok => Ok(ok),
        }
    }

    /// The iterations this budget searches in `game` (`None` for a time budget): a difficulty
    /// level's are the game's own.
    pub fn iterations_in<G: Game>(self, game: &G) -> Option<u32> {
        match self {
            Budget::Iterations(n) => Some(n),
            Budget::Millis(_) => None,
            Budget::Level(level) => Some(level.iterations_in(game)),
        }
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Iterations(n) => write!(f, "{n}"),
            Budget::Millis(ms) => write!(f, "{ms}ms"),
            Budget::Level(level) => f.write_str(level.name()),
        }
    }
}

/// The difficulty names people pick; each game sets their iterations from its skill ladder.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// A quick, beatable opponent.
    Easy,
    /// The default.
    Medium,
    /// The strongest offered by name.
    Hard,
}

impl Difficulty {
    /// The three levels, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The name people pick it by.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The iterations per decision this difficulty searches in `game`.
    pub fn iterations_in<G: Game>(self, game: &G) -> u32 {
        let [easy, medium, hard] = game.level_iterations();
        match self {
            Difficulty::Easy => easy,
            Difficulty::Medium => medium,
            Difficulty::Hard => hard,
        }
    }
}

/// A bot as people ask for it: a kind, a budget and a thread count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BotSpec {
    /// Which bot.
    pub kind: BotKind,
    /// How long it thinks (ignored by `random` and `greedy`).
    pub budget: Budget,
    /// Search threads (root parallelism); 1 unless asked.
    pub threads: usize,
    /// Random decisions a rollout makes before the game's heuristic judges the position; 0
    /// plays every rollout to the end; `None` (no `:hN` asked): the game's own
    /// ([`Game::rollout_horizon`]).
    pub horizon: Option<u32>,
    /// Judge positions by the plain score margin instead of the game's own heuristic (`margin`
    /// in the spec): the baseline against which a game's heuristic is measured.
    pub plain_margin: bool,
    /// Roll out uniformly at random among every legal action (`uniform` in the spec), not
    /// among the game's [`Game::rollout_choices`]: the baseline for a game's rollout choices.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub uniform_rollouts: bool,
    /// The text it was asked by, e.g. `ismcts:hard`, for tables and records.
    pub label: String,
    /// The longest a search may think a decision whatever its budget, in milliseconds (a
    /// server's cap; `None`: the budget alone). A search that reaches it answers with what
    /// it has searched so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_limit_ms: Option<u32>,
}

impl BotSpec {
    /// A bot of `kind` with `budget`, on one thread.
    pub fn new(kind: BotKind, budget: Budget) -> BotSpec {
        let label = if kind.searches() {
            format!("{kind}:{budget}")
        } else {
            kind.name().to_string()
        };
        BotSpec {
            kind,
            budget,
            threads: 1,
            horizon: None,
            plain_margin: false,
            uniform_rollouts: false,
            label,
            time_limit_ms: None,
        }
    }

    /// The same bot, stopping each search after `ms` milliseconds at most (at least one
    /// iteration); its label is unchanged.
    pub fn within_ms(mut self, ms: u32) -> BotSpec {
        self.time_limit_ms = Some(ms);
        self
    }

    /// The same bot searching with `threads` threads (checked).
    pub fn with_threads(mut self, threads: usize) -> Result<BotSpec, BotError> {
        if threads == 0 || threads > MAX_THREADS {
            return Err(BotError::BadBudget(format!(
                "{threads} threads: a bot searches with 1 to {MAX_THREADS}"
            )));
        }
        self.threads = threads;
        Ok(self)
    }

    /// Refuses the diagnostic `cheat` and `clairvoyant` bots, which people are never offered.
    pub fn for_people(self) -> Result<BotSpec, BotError> {
        if self.kind.sees_the_truth() {
            return Err(BotError::CheatNotOffered(self.kind));
        }
        Ok(self)
    }
}

impl FromStr for BotSpec {
    type Err = BotError;

    /// Reads `NAME`, `NAME:DIFFICULTY`, `NAME:ITERATIONS` or `NAME:MILLISms`, e.g. `greedy`,
    /// `ismcts:hard`, `mcts:2000`, `ismcts:500ms`, then optionally `:hN` (rollout horizon) and
    /// `:margin` (judge by the plain score margin, not the game's heuristic) and `:uniform`
    /// (rollouts among every legal action), e.g. `mcts:2000:h0`, `mcts:2000:margin`,
    /// `greedy:margin`, `mcts:2000:margin:uniform`.
    fn from_str(text: &str) -> Result<BotSpec, BotError> {
        let text = text.trim();
        let mut parts = text.split(':').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let mut budget = None;
        let mut horizon = None;
        let mut plain_margin = false;
        let mut uniform = false;
        for (i, part) in parts.enumerate() {
            let digits = part
                .strip_prefix('h')
                .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            if part.eq_ignore_ascii_case("margin") && !plain_margin {
                plain_margin = true;
            } else if part.eq_ignore_ascii_case("uniform") && !uniform {
                uniform = true;
            } else if let Some(n) = digits.filter(|_| horizon.is_none()) {
                horizon = Some(n.parse::<u32>().map_err(|_| {
                    BotError::BadBudget(format!("'{part}' is too long a rollout horizon"))
                })?);
            } else if i == 0 {
                budget = Some(part);
            } else if part.starts_with('h') && horizon.is_none() {
                return Err(BotError::BadBudget(format!(
                    "'{part}' is not a rollout horizon: use h0 (to the end) or hN decisions"
                )));
            } else {
                return Err(BotError::BadBudget(format!(
                    "'{text}' has a part '{part}' that is not a budget, a horizon (hN), margin or uniform: NAME[:BUDGET][:hHORIZON][:margin][:uniform]"
                )));
            }
        }
        let kind = BotKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| BotError::UnknownBot(name.to_string()))?;
        if !kind.searches() && budget.is_some() {
            return Err(BotError::BadBudget(format!(
                "{kind} does not search, so it takes no budget ('{text}')"
            )));
        }
        let budget = match budget {
            None => Budget::Level(Difficulty::Medium),
            Some(b) => parse_budget(b)?,
        };
        let mut spec = BotSpec::new(kind, budget.validate()?);
        spec.horizon = horizon;
        spec.plain_margin = plain_margin;
        spec.uniform_rollouts = uniform;
        spec.label = text.to_lowercase();
        Ok(spec)
    }
}

fn parse_budget(text: &str) -> Result<Budget, BotError> {
    let lower = text.to_lowercase();
    if let Some(level) = Difficulty::ALL.into_iter().find(|d| d.name() == lower) {
        return Ok(Budget::Level(level));
    }
    let bad = || {
        BotError::BadBudget(format!(
            "'{text}' is not a budget: use easy, medium, hard, a number of iterations or milliseconds like 500ms"
        ))
    };
    // Past the limits the message quotes the number as given, not a clamped one.
    if let Some(ms) = lower.strip_suffix("ms") {
        let ms: u64 = ms.trim().parse().map_err(|_| bad())?;
        if ms > u64::from(MAX_MILLIS) {
            return Err(too_many_millis(ms));
        }
        return Budget::Millis(u32::try_from(ms).unwrap_or(u32::MAX)).validate();
    }
    let n: u64 = lower.parse().map_err(|_| bad())?;
    if n > u64::from(MAX_ITERATIONS) {
        return Err(too_many_iterations(n));
    }
    Budget::Iterations(u32::try_from(n).unwrap_or(u32::MAX)).validate()
}

fn too_many_iterations(n: u64) -> BotError {
    BotError::BadBudget(format!(
        "{n} iterations is more than the limit of {MAX_ITERATIONS}"
    ))
}

fn too_many_millis(ms: u64) -> BotError {
    BotError::BadBudget(format!(
        "{ms} ms is more than the limit of {MAX_MILLIS} ms per decision"
    ))
}

/// Why a bot cannot decide.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// No bot has this name.
    #[error("unknown bot '{0}' (the bots are: random, greedy, mcts, ismcts)")]
    UnknownBot(String),
    /// The budget or thread count is zero, absurd or malformed; says which.
    #[error("{0}")]
    BadBudget(String),
    /// `cheat` and `clairvoyant` see hidden information and are only for measuring in the arena.
    #[error("'{0}' sees hidden information: it is a diagnostic for the arena, not a player")]
    CheatNotOffered(BotKind),
    /// The game is over: nobody is to move.
    #[error("the game is over: there is no decision to make")]
    GameOver,
    /// Chance decides now, not a seat.
    #[error("chance decides now, not a seat")]
    ChanceDecides,
    /// Another seat is to move.
    #[error("{seat} was asked to move, but {to_move} is to move")]
    NotToMove {
        /// The seat the bot plays.
        seat: Seat,
        /// The seat to move.
        to_move: Seat,
    },
    /// A cheat was asked to decide from an observation that is not the true state.
    #[error("the cheat bot needs an omniscient observation")]
    CheatNeedsTruth,
    /// The clairvoyant bot was asked to decide without the game's chance generator.
    #[error("the clairvoyant bot needs the true state and the generator chance is drawn from (only the arena has them)")]
    ClairvoyantNeedsFate,
    /// The game listed no legal action for the seat to move (a bug in the game).
    #[error("{0} is to move but has no legal action")]
    NoLegalAction(Seat),
    /// A bot chose an action the game then refused (a bug): says which and why.
    #[error("{0}")]
    Refused(String),
}

/// What a bot may know when it decides: its seat and a sample of the state that agrees with
/// everything its seat sees and with nothing else.
#[derive(Clone, Debug)]
pub struct Observation<G: Game> {
    seat: Seat,
    state: G::State,
    omniscient: bool,
    /// The generator the game's chance points will be drawn from: `clairvoyant` only.
    fate: Option<GameRng>,
}

impl<G: Game> Observation<G> {
    /// What `seat` knows of `truth`: the true state with everything the seat cannot see
    /// resampled by [`Game::determinize`] (a generator seeded with `seed`). Because
    /// determinizing depends only on the seat's view (the conformance harness checks this),
    /// two true states that `seat` cannot tell apart give the same observation.
    pub fn new(game: &G, truth: &G::State, seat: Seat, seed: u64) -> Self {
        let mut state = truth.clone();
        game.determinize(&mut state, seat, &mut GameRng::seeded(seed ^ 0x0B5E_55ED));
        Observation {
            seat,
            state,
            omniscient: false,
            fate: None,
        }
    }

    /// The true state, hidden parts included: only for the diagnostic `cheat` bot in the arena.
    pub fn omniscient(truth: &G::State, seat: Seat) -> Self {
        Observation {
            seat,
            state: truth.clone(),
            omniscient: true,
            fate: None,
        }
    }

    /// The true state and `chance`, the generator the game will draw its chance points from:
    /// only for the diagnostic `clairvoyant` bot in the arena.
    pub fn clairvoyant(truth: &G::State, seat: Seat, chance: &GameRng) -> Self {
        Observation {
            fate: Some(chance.clone()),
            ..Observation::omniscient(truth, seat)
        }
    }

    /// What the arena shows a bot of `kind`: the seat's own observation (determinized with
    /// `seed`), or for the diagnostics the truth and, for `clairvoyant`, `chance`.
    pub fn for_bot(
        game: &G,
        truth: &G::State,
        seat: Seat,
        kind: BotKind,
        seed: u64,
        chance: &GameRng,
    ) -> Self {
        match kind {
            BotKind::Cheat => Observation::omniscient(truth, seat),
            BotKind::Clairvoyant => Observation::clairvoyant(truth, seat, chance),
            _ => Observation::new(game, truth, seat, seed),
        }
    }

    /// The seat that observes.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The observed sample: the true state only if the game hides nothing from this seat.
    pub fn sample(&self) -> &G::State {
        &self.state
    }
}

/// A bot's decision and how it thought.
#[derive(Clone, Debug)]
pub struct Choice<A> {
    /// The chosen action, legal for the observing seat.
    pub action: A,
    /// What the search did (zero for `random` and `greedy`).
    pub thinking: Thinking,
}

/// Decides for the observing seat with the bot `spec`; `seed` drives all of its randomness.
pub fn decide<G: Game>(
    game: &G,
    seen: &Observation<G>,
    spec: &BotSpec,
    seed: u64,
) -> Result<Choice<G::Action>, BotError> {
    let seat = seen.seat;
    match game.actor(&seen.state) {
        Actor::Nobody => return Err(BotError::GameOver),
        Actor::Chance => return Err(BotError::ChanceDecides),
        Actor::Seat(s) if s != seat => {
            return Err(BotError::NotToMove { seat, to_move: s });
        }
        Actor::Seat(_) => {}
    }
    if spec.kind == BotKind::Cheat && !seen.omniscient {
        return Err(BotError::CheatNeedsTruth);
    }
    if spec.kind == BotKind::Clairvoyant && seen.fate.is_none() {
        return Err(BotError::ClairvoyantNeedsFate);
    }
    let mut legal = Vec::new();
    game.legal_actions(&seen.state, &mut legal);
    if legal.is_empty() {
        return Err(BotError::NoLegalAction(seat));
    }
    let mut rng = GameRng::seeded(seed);
    let quick = |action| Choice {
        action,
        thinking: Thinking::default(),
    };
    if legal.len() == 1 {
        return Ok(quick(legal[0]));
    }
    match spec.kind {
        BotKind::Random => Ok(quick(legal[rng.below(legal.len() as u64) as usize])),
        BotKind::Greedy => Ok(quick(greedy(
            game,
            &seen.state,
            seat,
            &legal,
            spec.plain_margin,
            &mut rng,
        ))),
        BotKind::Mcts | BotKind::Ismcts | BotKind::Cheat | BotKind::Clairvoyant => {
            // Only ISMCTS resamples what the seat cannot see; the diagnostics search the truth.
            let determinize = spec.kind == BotKind::Ismcts && G::INFO.hidden_information;
            let (action, thinking) = search::search(
                game,
                &seen.state,
                seat,
                &legal,
                (determinize, seen.fate.as_ref()),
                (
                    spec.budget.validate()?,
                    spec.time_limit_ms
                        .map(|ms| std::time::Duration::from_millis(u64::from(ms))),
                ),
                spec.threads.clamp(1, MAX_THREADS),
                seed,
                (
                    spec.horizon.unwrap_or_else(|| game.rollout_horizon()),
                    spec.plain_margin,
                    spec.uniform_rollouts,
                ),
            );
            Ok(Choice { action, thinking })
        }
    }
}

/// Positions `greedy` may look at in one decision, so that a long turn stays quick.
const GREEDY_POSITIONS: usize = 20_000;

/// How many of its own steps ahead `greedy` looks within a turn.
const GREEDY_STEPS: usize = 6;

/// The action that leads to the best position on the heuristic by the end of the seat's own
/// turn (a turn of several steps — choose a wisp, its shape, how it is turned, where it goes —
/// is judged by where it ends, not by its first step), ties broken at random.
fn greedy<G: Game>(
    game: &G,
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    plain_margin: bool,
    rng: &mut GameRng,
) -> G::Action {
    let judge = |state: &G::State| {
        if plain_margin {
            score_margin(&game.score(state), seat)
        } else {
            game.heuristic(state, seat)
        }
    };
    let mut best = legal[0];
    let mut best_value = f64::NEG_INFINITY;
    let mut ties = 0u64;
    let mut after = state.clone();
    // Each first step gets an equal share of the positions, so the last ones are judged too.
    let share = (GREEDY_POSITIONS / legal.len()).max(1);
    for &action in legal {
        after.clone_from(state);
        game.apply_unchecked(&mut after, action);
        let mut budget = share;
        let value = turn_value(game, &after, seat, &judge, &mut budget, 1);
        if value > best_value {
            best = action;
            best_value = value;
            ties = 1;
        } else if value == best_value {
            ties += 1;
            if rng.below(ties) == 0 {
                best = action;
            }
        }
    }
    best
}

/// Chance points with at most this many outcomes (dice, a duel's rolls) are averaged over
/// by `greedy`; wider ones (a draw from a bag) end its look-ahead.
const GREEDY_CHANCE_OUTCOMES: usize = 36;

/// The best heuristic value `seat` can reach from `state` while it is still the one to move
/// (its turn's remaining steps), averaging over small chance points such as a duel's dice,
/// within `budget` positions and [`GREEDY_STEPS`] steps.
fn turn_value<G: Game>(
    game: &G,
    state: &G::State,
    seat: Seat,
    judge: &impl Fn(&G::State) -> f64,
    budget: &mut usize,
    depth: usize,
) -> f64 {
    if *budget == 0 || depth >= GREEDY_STEPS {
        return judge(state);
    }
    let mut next = state.clone();
    match game.actor(state) {
        Actor::Seat(s) if s == seat => {
            let mut legal = Vec::new();
            game.legal_actions(state, &mut legal);
            let mut best = f64::NEG_INFINITY;
            for &action in &legal {
                if *budget == 0 {
                    break;
                }
                *budget -= 1;
                next.clone_from(state);
                game.apply_unchecked(&mut next, action);
                best = best.max(turn_value(game, &next, seat, judge, budget, depth + 1));
            }
            if best == f64::NEG_INFINITY {
                judge(state)
            } else {
                best
            }
        }
        Actor::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(state, &mut outcomes);
            let weight: u64 = outcomes.iter().map(|&(_, w)| u64::from(w)).sum();
            if outcomes.len() > GREEDY_CHANCE_OUTCOMES || weight == 0 || *budget < outcomes.len() {
                return judge(state);
            }
            let mut mean = 0.0;
            for &(outcome, w) in &outcomes {
                *budget = budget.saturating_sub(1);
                next.clone_from(state);
                game.apply_unchecked(&mut next, outcome);
                mean += f64::from(w) * turn_value(game, &next, seat, judge, budget, depth + 1);
            }
            mean / weight as f64
        }
        _ => judge(state),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_take_a_horizon_and_the_plain_margin_in_any_order() {
        let s: BotSpec = "mcts:2000:margin".parse().expect("valid");
        assert_eq!(
            (s.budget, s.horizon, s.plain_margin),
            (Budget::Iterations(2000), None, true)
        );
        let s: BotSpec = "mcts:2000:margin:h0".parse().expect("valid");
        assert_eq!((s.horizon, s.plain_margin), (Some(0), true));
        let s: BotSpec = "mcts:2000:uniform:margin".parse().expect("valid");
        assert_eq!((s.plain_margin, s.uniform_rollouts), (true, true));
        assert!(
            !"mcts:2000:margin"
                .parse::<BotSpec>()
                .expect("valid")
                .uniform_rollouts
        );
        assert!("mcts:2000:uniform:uniform".parse::<BotSpec>().is_err());
        let s: BotSpec = "greedy:margin".parse().expect("valid");
        assert_eq!((s.kind, s.plain_margin), (BotKind::Greedy, true));
        assert!(!"mcts:2000".parse::<BotSpec>().expect("valid").plain_margin);
        for bad in [
            "mcts:2000:h1:h2",
            "mcts:2000:margin:margin",
            "mcts:2000:fast",
            "mcts:hx",
        ] {
            let err = bad.parse::<BotSpec>().expect_err(bad).to_string();
            assert!(!err.is_empty(), "{bad}");
        }
        assert!("mcts:2000:fast"
            .parse::<BotSpec>()
            .expect_err("a stray part")
            .to_string()
            .contains("'fast'"));
    }

    #[test]
    fn specs_parse_names_difficulties_and_budgets() {
        let s: BotSpec = "ismcts:hard".parse().expect("valid");
        assert_eq!(s.kind, BotKind::Ismcts);
        assert_eq!(s.budget, Budget::Level(Difficulty::Hard));
        assert_eq!(
            (s.label.as_str(), s.budget.to_string()),
            ("ismcts:hard", "hard".into())
        );
        // A level's iterations are the game's; Nim keeps the default ones.
        let nim = sylvan_engine::testing::Nim::new(2, Default::default()).expect("two players");
        assert_eq!(s.budget.iterations_in(&nim), Some(4_000));
        let s: BotSpec = "mcts".parse().expect("valid");
        assert_eq!(s.budget, Budget::Level(Difficulty::Medium));
        assert_eq!(s.budget.iterations_in(&nim), Some(1_000));
        let s: BotSpec = "mcts:EASY".parse().expect("valid");
        assert_eq!(s.budget.iterations_in(&nim), Some(200));
        let s: BotSpec = "MCTS:2500".parse().expect("valid");
        assert_eq!(
            (s.kind, s.budget),
            (BotKind::Mcts, Budget::Iterations(2500))
        );
        let s: BotSpec = "ismcts:250ms".parse().expect("valid");
        assert_eq!(s.budget, Budget::Millis(250));
        let s: BotSpec = "greedy".parse().expect("valid");
        assert_eq!(s.kind, BotKind::Greedy);
    }

    #[test]
    fn bad_specs_are_refused_with_the_reason() {
        let err = |t: &str| t.parse::<BotSpec>().expect_err(t).to_string();
        assert!(err("alphazero").contains("unknown bot 'alphazero'"));
        assert!(err("mcts:0").contains("0 leaves no time"));
        assert!(err("mcts:0ms").contains("0 leaves no time"));
        assert!(err("mcts:99999999999").contains("99999999999 iterations is more than the limit"));
        assert!(err("mcts:99999999999ms").contains("99999999999 ms is more than the limit"));
        assert!(err("ismcts:3600000ms").contains("more than the limit"));
        assert!(err("ismcts:lots").contains("not a budget"));
        assert!(err("random:hard").contains("takes no budget"));
        assert!(err("greedy:medium").contains("takes no budget"));
        assert!(err("random:1000").contains("takes no budget"));
        let cheat: BotSpec = "cheat".parse().expect("the arena may ask for it");
        assert_eq!(
            cheat.for_people().expect_err("not for people"),
            BotError::CheatNotOffered(BotKind::Cheat)
        );
        let spec: BotSpec = "mcts".parse().expect("valid");
        assert!(spec.clone().with_threads(0).is_err());
        assert!(spec.with_threads(10_000).is_err());
    }
}
