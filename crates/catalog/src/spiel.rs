//! What the learning libraries' bindings (OpenSpiel, PettingZoo) need of a game, behind
//! object-safe traits: dense action ids, observations, information states and returns, on a
//! state that Python can hold, clone, pickle and resample.

use std::fmt::Write;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sylvan_engine::{random_playout, Actor, Game, GameInfo, GameRng, Score, Seat, Viewer};

use sylvan_bots::{decide, BotError, BotSpec, Observation};

use crate::CatalogError;

/// One rules instance, for the bindings.
pub trait SpielGame: Send + Sync {
    /// What the game is.
    fn info(&self) -> GameInfo;
    /// The number of players.
    fn players(&self) -> usize;
    /// Seat action ids run below this; 0 when the game numbers none.
    fn num_distinct_actions(&self) -> usize;
    /// Chance outcome ids run below this.
    fn max_chance_outcomes(&self) -> usize;
    /// The most decisions one game can take (chance included).
    fn max_game_length(&self) -> u64;
    /// The observation tensor's shape (empty: none).
    fn observation_shape(&self) -> Vec<usize>;
    /// The information-state tensor's shape (empty: none).
    fn information_state_shape(&self) -> Vec<usize>;
    /// The state before the first decision. With `recall`, the state keeps a digest of what
    /// each seat has observed, so that it has a perfect-recall information state string.
    fn new_state(&self, recall: bool) -> Box<dyn SpielState>;
    /// A state from [`SpielState::to_json`].
    fn state_from_json(&self, json: &str) -> Result<Box<dyn SpielState>, CatalogError>;
    /// Plays `games` uniformly random games, game `i` with seed `derive_seed(seed, i)` as
    /// `sylvan sim` does, and returns each game's returns and decisions.
    fn simulate(&self, games: u64, seed: u64) -> Vec<(Vec<f64>, u64)>;
}

/// A game in progress, for the bindings. Seats are 0-based; ids are the game's dense ids.
pub trait SpielState: Send + Sync {
    /// An independent copy.
    fn clone_box(&self) -> Box<dyn SpielState>;
    /// The seat to move, or `None` at a chance point or when over.
    fn seat(&self) -> Option<usize>;
    /// Whether chance decides now.
    fn is_chance(&self) -> bool;
    /// Whether the game is over.
    fn is_terminal(&self) -> bool;
    /// The legal seat action ids, ascending (empty at chance or when over).
    fn legal_actions(&self) -> Vec<usize>;
    /// The chance outcome ids with their probabilities, ascending by id.
    fn chance_outcomes(&self) -> Vec<(usize, f64)>;
    /// Applies the seat action or chance outcome `id`; on error the state is unchanged and
    /// the message names the problem.
    fn apply(&mut self, id: usize) -> Result<(), String>;
    /// The words of action `id` at this state.
    fn action_to_string(&self, id: usize) -> String;
    /// Decisions so far (chance included), as ids.
    fn history(&self) -> Vec<usize>;
    /// Returns from the ranking: with n ≥ 2 seats, `(n·[won]/winners − 1)/(n − 1)` (zero
    /// sum: +1 and −1 for a two-player win, 0 each for a tie); solo, 1 for a win, 0 for a loss.
    /// Zero for everyone before the end.
    fn returns(&self) -> Vec<f64>;
    /// Each seat's score total so far.
    fn scores(&self) -> Vec<i32>;
    /// `seat`'s observation tensor.
    fn observation_tensor(&self, seat: usize) -> Vec<f32>;
    /// `seat`'s observation text.
    fn observation_string(&self, seat: usize) -> String;
    /// `seat`'s information-state tensor (empty if the game provides none).
    fn information_state_tensor(&self, seat: usize) -> Vec<f32>;
    /// `seat`'s perfect-recall information state: the game's own if it provides one, else
    /// its observation followed by a digest of everything it observed and did so far.
    fn information_state_string(&self, seat: usize) -> String;
    /// The position as text for `seat` (a spectator with `None`).
    fn text(&self, seat: Option<usize>) -> String;
    /// The position as SVG for `seat`, if the game draws.
    fn svg(&self, seat: Option<usize>) -> Option<String>;
    /// A copy with everything `seat` cannot know resampled with `seed` ([`Game::determinize`]).
    fn resample(&self, seat: usize, seed: u64) -> Box<dyn SpielState>;
    /// The state as JSON (for pickling), read back by [`SpielGame::state_from_json`].
    fn to_json(&self) -> String;
    /// The returns of a uniformly random game from here, played on a copy with `seed` (a
    /// rollout for search written in Python).
    fn rollout(&self, seed: u64) -> Vec<f64>;
    /// The action id a Sylvan bot chooses for the seat to move, deciding from that seat's
    /// observation only (hidden parts resampled with `seed`), with its iterations and seconds.
    fn bot_action(&self, bot: &BotSpec, seed: u64) -> Result<BotAction, CatalogError>;
}

/// What a Sylvan bot chose through the bindings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotAction {
    /// The chosen seat action's id.
    pub id: usize,
    /// Search iterations run (0 for bots that do not search).
    pub iterations: u64,
    /// Wall time spent deciding, in seconds.
    pub seconds: f64,
}

/// The rules of `G`, shared by its states.
struct Rules<G>(std::sync::Arc<G>);

#[derive(Serialize, Deserialize)]
struct Saved<S> {
    state: S,
    history: Vec<usize>,
    recall: Option<Vec<u64>>,
}

/// A state of `G` with its decisions, and the seats' observation digests when kept.
struct SpielStateOf<G: Game> {
    rules: std::sync::Arc<G>,
    state: G::State,
    history: Vec<usize>,
    recall: Option<Vec<u64>>,
}

/// A binding for `G` if it numbers its actions; the reason otherwise.
pub(crate) fn spiel_game<G: Game + 'static>(game: G) -> Result<Box<dyn SpielGame>, CatalogError> {
    if game.num_distinct_actions() == 0 || game.observation_shape().is_empty() {
        return Err(CatalogError::BadOptions(format!(
            "{} does not number its actions or provide observations yet, so it has no \
             Python binding",
            G::INFO.title
        )));
    }
    Ok(Box::new(Rules(std::sync::Arc::new(game))))
}

const FNV_PRIME: u64 = 0x100_0000_01b3;

fn fold(mut h: u64, bytes: impl IntoIterator<Item = u8>) -> u64 {
    for b in bytes {
        h = (h ^ u64::from(b)).wrapping_mul(FNV_PRIME);
    }
    h
}

fn returns_of(score: &Score, players: usize) -> Vec<f64> {
    if !score.over {
        return vec![0.0; players];
    }
    let won = |s: usize| score.winners.contains(&Seat(s as u8));
    if players == 1 {
        return vec![if won(0) { 1.0 } else { 0.0 }];
    }
    let n = players as f64;
    let w = score.winners.len().max(1) as f64;
    (0..players)
        .map(|s| (if won(s) { n / w } else { 0.0 } - 1.0) / (n - 1.0))
        .collect()
}

impl<G: Game + 'static> SpielGame for Rules<G> {
    fn info(&self) -> GameInfo {
        G::INFO
    }
    fn players(&self) -> usize {
        self.0.players()
    }
    fn num_distinct_actions(&self) -> usize {
        self.0.num_distinct_actions()
    }
    fn max_chance_outcomes(&self) -> usize {
        self.0.max_chance_outcomes()
    }
    fn max_game_length(&self) -> u64 {
        self.0.max_decisions()
    }
    fn observation_shape(&self) -> Vec<usize> {
        self.0.observation_shape()
    }
    fn information_state_shape(&self) -> Vec<usize> {
        self.0.information_state_shape()
    }
    fn new_state(&self, recall: bool) -> Box<dyn SpielState> {
        let players = self.0.players();
        let mut s = SpielStateOf {
            rules: self.0.clone(),
            state: self.0.initial_state(),
            history: Vec::new(),
            recall: recall.then(|| vec![0xcbf2_9ce4_8422_2325; players]),
        };
        s.observe(None);
        Box::new(s)
    }
    fn state_from_json(&self, json: &str) -> Result<Box<dyn SpielState>, CatalogError> {
        let saved: Saved<G::State> = serde_json::from_str(json).map_err(|e| {
            CatalogError::BadRecord(format!("not a saved {} state: {e}", G::INFO.name))
        })?;
        Ok(Box::new(SpielStateOf {
            rules: self.0.clone(),
            state: saved.state,
            history: saved.history,
            recall: saved.recall,
        }))
    }
    fn simulate(&self, games: u64, seed: u64) -> Vec<(Vec<f64>, u64)> {
        let game = &*self.0;
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        (0..games)
            .map(|i| {
                let mut rng = GameRng::seeded(sylvan_engine::derive_seed(seed, i));
                let (state, decisions) =
                    random_playout(game, &mut rng, &mut actions, &mut outcomes);
                (returns_of(&game.score(&state), game.players()), decisions)
            })
            .collect()
    }
}

impl<G: Game + 'static> SpielStateOf<G> {
    fn game(&self) -> &G {
        &self.rules
    }

    /// Folds what every seat now observes (and the mover's own action) into its digest.
    fn observe(&mut self, own: Option<(usize, usize)>) {
        let Some(mut recall) = self.recall.take() else {
            return;
        };
        let mut tensor = Vec::new();
        for (s, h) in recall.iter_mut().enumerate() {
            let seat = Seat(s as u8);
            if let Some((mover, id)) = own.filter(|&(m, _)| m == s) {
                *h = fold(*h, (mover as u64 ^ (id as u64) << 8).to_le_bytes());
            }
            let view = self.game().view(&self.state, Viewer::Seat(seat));
            self.game().observation_tensor(&view, seat, &mut tensor);
            *h = fold(*h, tensor.iter().flat_map(|x| x.to_le_bytes()));
        }
        self.recall = Some(recall);
    }

    fn action_of(&self, id: usize) -> Option<G::Action> {
        match self.game().actor(&self.state) {
            Actor::Chance => self.game().chance_outcome_from_id(id),
            Actor::Seat(_) => self.game().action_from_id(&self.state, id),
            Actor::Nobody => None,
        }
    }

    fn viewer(seat: Option<usize>) -> Viewer {
        seat.map_or(Viewer::Spectator, |s| Viewer::Seat(Seat(s as u8)))
    }
}

impl<G: Game + 'static> SpielState for SpielStateOf<G> {
    fn clone_box(&self) -> Box<dyn SpielState> {
        Box::new(SpielStateOf {
            rules: self.rules.clone(),
            state: self.state.clone(),
            history: self.history.clone(),
            recall: self.recall.clone(),
        })
    }
    fn seat(&self) -> Option<usize> {
        match self.game().actor(&self.state) {
            Actor::Seat(s) => Some(s.index()),
            _ => None,
        }
    }
    fn is_chance(&self) -> bool {
        self.game().actor(&self.state) == Actor::Chance
    }
    fn is_terminal(&self) -> bool {
        self.game().actor(&self.state) == Actor::Nobody
    }
    fn legal_actions(&self) -> Vec<usize> {
        let mut actions = Vec::new();
        self.game().legal_actions(&self.state, &mut actions);
        let mut ids: Vec<usize> = actions
            .into_iter()
            .filter_map(|a| self.game().action_id(&self.state, a))
            .collect();
        ids.sort_unstable();
        ids
    }
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        let mut outcomes = Vec::new();
        self.game().chance_outcomes(&self.state, &mut outcomes);
        let total: f64 = outcomes.iter().map(|&(_, w)| f64::from(w)).sum();
        let mut out: Vec<(usize, f64)> = outcomes
            .into_iter()
            .filter_map(|(a, w)| Some((self.game().chance_outcome_id(a)?, f64::from(w) / total)))
            .collect();
        out.sort_unstable_by_key(|&(id, _)| id);
        out
    }
    fn apply(&mut self, id: usize) -> Result<(), String> {
        let mover = self.seat();
        let Some(action) = self.action_of(id) else {
            return Err(if self.is_terminal() {
                "the game is over".to_string()
            } else {
                format!("{id} is not an action id of {} here", G::INFO.name)
            });
        };
        self.rules
            .apply(&mut self.state, action)
            .map_err(|e| format!("{action}: {e}"))?;
        self.history.push(id);
        self.observe(mover.map(|m| (m, id)));
        Ok(())
    }
    fn action_to_string(&self, id: usize) -> String {
        self.action_of(id)
            .map_or_else(|| format!("action {id}"), |a| a.to_string())
    }
    fn history(&self) -> Vec<usize> {
        self.history.clone()
    }
    fn returns(&self) -> Vec<f64> {
        returns_of(&self.game().score(&self.state), self.game().players())
    }
    fn scores(&self) -> Vec<i32> {
        self.game().score(&self.state).totals
    }
    fn observation_tensor(&self, seat: usize) -> Vec<f32> {
        let seat = Seat(seat as u8);
        let mut out = Vec::new();
        let view = self.game().view(&self.state, Viewer::Seat(seat));
        self.game().observation_tensor(&view, seat, &mut out);
        out
    }
    fn observation_string(&self, seat: usize) -> String {
        let seat = Seat(seat as u8);
        let view = self.game().view(&self.state, Viewer::Seat(seat));
        self.game()
            .observation_string(&view, seat)
            .unwrap_or_else(|| self.game().text(&view))
    }
    fn information_state_tensor(&self, seat: usize) -> Vec<f32> {
        let seat = Seat(seat as u8);
        let mut out = Vec::new();
        let view = self.game().view(&self.state, Viewer::Seat(seat));
        self.game().information_state_tensor(&view, seat, &mut out);
        out
    }
    fn information_state_string(&self, seat: usize) -> String {
        let view = self
            .game()
            .view(&self.state, Viewer::Seat(Seat(seat as u8)));
        if let Some(own) = self
            .game()
            .information_state_string(&view, Seat(seat as u8))
        {
            return own;
        }
        let mut text = self.observation_string(seat);
        let digest = self.recall.as_ref().and_then(|r| r.get(seat)).copied();
        let _ = write!(
            text,
            "\n[seen so far: {}]",
            digest.map_or_else(|| "not kept".to_string(), |d| format!("{d:016x}"))
        );
        text
    }
    fn text(&self, seat: Option<usize>) -> String {
        self.game()
            .text(&self.game().view(&self.state, Self::viewer(seat)))
    }
    fn svg(&self, seat: Option<usize>) -> Option<String> {
        self.game()
            .svg(&self.game().view(&self.state, Self::viewer(seat)))
    }
    fn resample(&self, seat: usize, seed: u64) -> Box<dyn SpielState> {
        let mut state = self.state.clone();
        self.game()
            .determinize(&mut state, Seat(seat as u8), &mut GameRng::seeded(seed));
        // The other seats' digests would carry the truth: they become the seat's own, marked.
        let recall = self.recall.as_ref().map(|r| {
            let own = r.get(seat).copied().unwrap_or(0);
            (0..r.len())
                .map(|s| if s == seat { own } else { fold(own, [s as u8]) })
                .collect()
        });
        Box::new(SpielStateOf {
            rules: self.rules.clone(),
            state,
            history: self.history.clone(),
            recall,
        })
    }
    fn rollout(&self, seed: u64) -> Vec<f64> {
        let mut state = self.state.clone();
        let mut rng = GameRng::seeded(seed);
        sylvan_engine::random_playout_from(
            self.game(),
            &mut state,
            &mut rng,
            &mut Vec::new(),
            &mut Vec::new(),
        );
        returns_of(&self.game().score(&state), self.game().players())
    }
    fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct SavedRef<'a, S> {
            state: &'a S,
            history: &'a [usize],
            recall: &'a Option<Vec<u64>>,
        }
        serde_json::to_string(&SavedRef {
            state: &self.state,
            history: &self.history,
            recall: &self.recall,
        })
        .unwrap_or_else(|_| Value::Null.to_string())
    }
    fn bot_action(&self, bot: &BotSpec, seed: u64) -> Result<BotAction, CatalogError> {
        let bot = bot.clone().for_people()?;
        let seat = match self.game().actor(&self.state) {
            Actor::Seat(s) => s,
            Actor::Chance => return Err(BotError::ChanceDecides.into()),
            Actor::Nobody => return Err(BotError::GameOver.into()),
        };
        let started = std::time::Instant::now();
        let seen = Observation::new(self.game(), &self.state, seat, seed);
        let choice = decide(self.game(), &seen, &bot, seed)?;
        let id = self
            .game()
            .action_id(&self.state, choice.action)
            .ok_or_else(|| {
                CatalogError::BadOptions(format!(
                    "{} has no id for the bot's action '{}'",
                    G::INFO.title,
                    choice.action
                ))
            })?;
        Ok(BotAction {
            id,
            iterations: choice.thinking.iterations,
            seconds: started.elapsed().as_secs_f64(),
        })
    }
}
