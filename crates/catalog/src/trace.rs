//! Games played with a note of every decision (who chose, among how many, the totals after),
//! for designer reports that measure more than the final score.

use sylvan_bots::{decide, BotSpec, Observation};
use sylvan_engine::{derive_seed, Actor, Game, GameRng, Score, Seat};

use crate::CatalogError;

/// One game and how it went, decision by decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// Decisions applied, chance included.
    pub decisions: u64,
    /// The final score.
    pub score: Score,
    /// The seat decisions in order: who chose, among how many legal actions, and every seat's
    /// total right after.
    pub steps: Vec<TraceStep>,
    /// Per seat, the labels of the setup's components it had or chose
    /// ([`Game::component_labels`](sylvan_engine::Game::component_labels)).
    pub components: Vec<Vec<String>>,
}

/// One seat decision of a [`Trace`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceStep {
    /// The seat that chose.
    pub seat: Seat,
    /// How many legal actions it chose among.
    pub choices: u32,
    /// Every seat's total after the decision.
    pub totals: Vec<i32>,
}

/// Plays traced games of one rules instance; see [`GameKind::traces`](crate::GameKind::traces).
pub trait Traces: Send + Sync {
    /// Plays the game of `seed`. With `bots` empty every seat plays uniformly at random with the
    /// draws of [`Playouts::play`](crate::Playouts::play) (the same seed gives the same game as
    /// `sim`); otherwise seat `s` is `bots[s]`, deciding from its own observation, with chance
    /// and bot seeds drawn as [`sylvan_bots::play_game`] draws them (the same game as the arena's
    /// arrangement with these seats).
    fn play(&self, bots: &[BotSpec], seed: u64) -> Result<Trace, CatalogError>;
}

pub(crate) struct TracedRules<G>(pub(crate) G);

impl<G: Game> Traces for TracedRules<G> {
    fn play(&self, bots: &[BotSpec], seed: u64) -> Result<Trace, CatalogError> {
        let game = &self.0;
        if !bots.is_empty() && bots.len() != game.players() {
            return Err(CatalogError::BadOptions(format!(
                "give one bot per seat: {} seats but {} bots",
                game.players(),
                bots.len()
            )));
        }
        let mut rng = GameRng::seeded(seed);
        let mut state = game.initial_state();
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        let mut trace = Trace {
            decisions: 0,
            score: game.score(&state),
            steps: Vec::new(),
            components: Vec::new(),
        };
        loop {
            let action = match game.actor(&state) {
                Actor::Nobody => break,
                Actor::Chance => {
                    game.chance_outcomes(&state, &mut outcomes);
                    if outcomes.is_empty() {
                        break;
                    }
                    rng.pick_weighted(&outcomes)
                }
                Actor::Seat(seat) => {
                    game.legal_actions(&state, &mut actions);
                    if actions.is_empty() {
                        break;
                    }
                    trace.steps.push(TraceStep {
                        seat,
                        choices: actions.len() as u32,
                        totals: Vec::new(),
                    });
                    match bots.get(seat.index()) {
                        None => actions[rng.below(actions.len() as u64) as usize],
                        Some(spec) => {
                            let bot_seed = derive_seed(seed, trace.decisions + 1);
                            let seen =
                                Observation::for_bot(game, &state, seat, spec.kind, bot_seed, &rng);
                            decide(game, &seen, spec, bot_seed)?.action
                        }
                    }
                }
            };
            game.apply_unchecked(&mut state, action);
            trace.decisions += 1;
            if let Some(step) = trace.steps.last_mut().filter(|s| s.totals.is_empty()) {
                step.totals = game.score(&state).totals;
            }
            if trace.decisions > game.max_decisions() {
                return Err(CatalogError::BadOptions(format!(
                    "the game passed its bound of {} decisions",
                    game.max_decisions()
                )));
            }
        }
        trace.score = game.score(&state);
        trace.components = (0..game.players())
            .map(|s| game.component_labels(&state, Seat(s as u8)))
            .collect();
        Ok(trace)
    }
}
