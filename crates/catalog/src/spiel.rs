//! What the learning libraries' bindings (OpenSpiel, PettingZoo) need of a game, behind
//! object-safe traits: dense action ids, observations, information states and returns, on a
//! state that Python can hold, clone, pickle and resample.
//!
//! # The perfect-recall information state
//!
//! A game may provide its own ([`Game::information_state_tensor`]); none does today, so the
//! bindings build one for seat `s` from what `s` observes and does, never from the truth:
//!
//! - **Tensor**, shape `[O + K + 1]`, all values in `[0, 1]`:
//!   - `0..O`: the game's observation tensor of `s` now (`O` = the product of
//!     [`Game::observation_shape`]; each game's `encode.rs` documents its fields);
//!   - `O..O + K`: the seat's own decisions in order, slot `i` holding
//!     `(id + 1) / num_distinct_actions` for its `i`-th decision and 0 while unused, with
//!     `K = min(max_game_length, 512)`: the decision bounds run to 200,000, while random play
//!     (longer than real play) takes at most about 130 decisions of one seat in every game
//!     and player count;
//!   - `O + K`: 0 while the seat has taken at most `K` decisions; beyond, a digest of the
//!     later ones mapped into `(0, 1]` (2^24 values), so that such histories still differ.
//!
//!   Two histories that `s` can tell apart by what it did therefore give different tensors.
//!   What `s` saw of the other seats' moves and of chance enters only through the current
//!   observation: whether another seat's move was seen is not known to the contract, and
//!   recording it from the truth would leak.
//! - **String**: the observation string now, then (when the state keeps recall, as OpenSpiel's
//!   imperfect-information states do) the seat's log, oldest first: `> ACTION` for each of its
//!   own decisions, in its own words, and the events of every step worded for `s`
//!   ([`Game::events`] with [`Viewer::Seat`], which the games check for leaks). A log is a list
//!   shared between clones (a clone copies no text); past [`LOG_CHARS`] characters a seat's
//!   later lines are folded into a digest shown at the end. Without recall, a
//!   perfect-information game lists every decision's id (all of them are public) and a game
//!   with hidden information lists the seat's own decisions' ids.
//!
//! [`SpielState::resample`] keeps only what the seat knows: the determinized state, the
//! seat's own decisions (which become the history) and its own log; the other seats' records
//! start empty, marked as resampled. Games without hidden information keep everything.

use std::fmt::Write;
use std::sync::Arc;

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
    /// The information-state tensor's shape: the game's own if it provides one, else
    /// `[O + K + 1]` (see the module documentation).
    fn information_state_shape(&self) -> Vec<usize>;
    /// The state before the first decision. With `recall`, the state keeps each seat's log
    /// (its own actions and the events worded for it) for its information state string.
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
    /// Decisions so far (chance included), as ids. In a state made by
    /// [`resample`](SpielState::resample) from a game with hidden information, it starts with
    /// the resampling seat's own decisions only (the true ids of the others' moves and of
    /// chance are not carried), followed by every decision since.
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
    /// `seat`'s perfect-recall information-state tensor: the game's own if it provides one,
    /// else its observation tensor followed by its own decisions (see the module
    /// documentation).
    fn information_state_tensor(&self, seat: usize) -> Vec<f32>;
    /// `seat`'s perfect-recall information state: the game's own if it provides one, else
    /// its observation followed by its log (see the module documentation).
    fn information_state_string(&self, seat: usize) -> String;
    /// The position as text for `seat` (a spectator with `None`).
    fn text(&self, seat: Option<usize>) -> String;
    /// The position as SVG for `seat`, if the game draws.
    fn svg(&self, seat: Option<usize>) -> Option<String>;
    /// A copy with everything `seat` cannot know resampled with `seed` ([`Game::determinize`]),
    /// carrying only what `seat` knows: its own decisions (as the history) and its own log.
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
struct Rules<G>(Arc<G>);

/// The own-decision slots of the information-state tensor at most (see the module doc).
pub const OWN_SLOTS: u64 = 512;

/// The characters of one seat's log kept as text; later lines are folded into a digest.
pub const LOG_CHARS: usize = 1 << 18;

/// One line of a seat's log, with the lines before it.
struct Entry {
    line: String,
    prev: Option<Arc<Entry>>,
}

/// A seat's log: a persistent list, so that cloning a state shares the text.
#[derive(Clone, Default)]
struct Log {
    last: Option<Arc<Entry>>,
    chars: usize,
    folded: u64,
    digest: u64,
}

impl Log {
    fn push(&mut self, line: String) {
        if self.chars + line.len() > LOG_CHARS {
            self.folded += 1;
            self.digest = fold(self.digest, line.bytes().chain([b'\n']));
            return;
        }
        self.chars += line.len();
        self.last = Some(Arc::new(Entry {
            line,
            prev: self.last.take(),
        }));
    }

    /// The kept lines, oldest first.
    fn lines(&self) -> Vec<&str> {
        let mut out = Vec::new();
        let mut at = self.last.as_deref();
        while let Some(e) = at {
            out.push(e.line.as_str());
            at = e.prev.as_deref();
        }
        out.reverse();
        out
    }

    fn saved(&self) -> SavedLog {
        SavedLog {
            lines: self.lines().into_iter().map(str::to_string).collect(),
            folded: self.folded,
            digest: self.digest,
        }
    }

    fn from_saved(saved: SavedLog) -> Log {
        let mut log = Log::default();
        for line in saved.lines {
            log.push(line);
        }
        log.folded += saved.folded;
        log.digest = if saved.folded > 0 {
            saved.digest
        } else {
            log.digest
        };
        log
    }
}

impl Drop for Log {
    // Unlinks iteratively: a long list dropped recursively could overflow the stack.
    fn drop(&mut self) {
        let mut at = self.last.take();
        while let Some(e) = at {
            at = match Arc::try_unwrap(e) {
                Ok(mut entry) => entry.prev.take(),
                Err(_) => None,
            };
        }
    }
}

#[derive(Serialize, Deserialize, Default)]
struct SavedLog {
    lines: Vec<String>,
    #[serde(default)]
    folded: u64,
    #[serde(default)]
    digest: u64,
}

#[derive(Serialize, Deserialize)]
struct Saved<S> {
    state: S,
    history: Vec<usize>,
    #[serde(default)]
    own: Vec<Vec<u32>>,
    #[serde(default)]
    log: Option<Vec<SavedLog>>,
}

/// A state of `G` with its decisions, each seat's own decisions, and the seats' logs when
/// kept.
struct SpielStateOf<G: Game> {
    rules: Arc<G>,
    state: G::State,
    history: Vec<usize>,
    own: Vec<Vec<u32>>,
    log: Option<Vec<Log>>,
}

/// The own-decision slots of `game`'s information-state tensor.
fn own_slots<G: Game>(game: &G) -> usize {
    game.max_decisions().min(OWN_SLOTS) as usize
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
    Ok(Box::new(Rules(Arc::new(game))))
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
        let own = self.0.information_state_shape();
        if !own.is_empty() {
            return own;
        }
        let observation: usize = self.0.observation_shape().iter().product();
        vec![observation + own_slots(&*self.0) + 1]
    }
    fn new_state(&self, recall: bool) -> Box<dyn SpielState> {
        let players = self.0.players();
        Box::new(SpielStateOf {
            rules: self.0.clone(),
            state: self.0.initial_state(),
            history: Vec::new(),
            own: vec![Vec::new(); players],
            log: recall.then(|| vec![Log::default(); players]),
        })
    }
    fn state_from_json(&self, json: &str) -> Result<Box<dyn SpielState>, CatalogError> {
        let bad = |why: String| {
            CatalogError::BadRecord(format!("not a saved {} state: {why}", G::INFO.name))
        };
        let saved: Saved<G::State> = serde_json::from_str(json).map_err(|e| bad(e.to_string()))?;
        let players = self.0.players();
        // A record from before the seats' own decisions were kept has none: it starts empty.
        let own = if saved.own.is_empty() {
            vec![Vec::new(); players]
        } else {
            saved.own
        };
        if own.len() != players || saved.log.as_ref().is_some_and(|l| l.len() != players) {
            return Err(bad(format!(
                "its seats' records are not for {players} players"
            )));
        }
        let distinct = self.0.num_distinct_actions();
        if let Some(id) = own.iter().flatten().find(|&&id| id as usize >= distinct) {
            return Err(bad(format!(
                "its own decision {id} is not below the {distinct} action ids"
            )));
        }
        Ok(Box::new(SpielStateOf {
            rules: self.0.clone(),
            state: saved.state,
            history: saved.history,
            own,
            log: saved
                .log
                .map(|logs| logs.into_iter().map(Log::from_saved).collect()),
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

    /// Writes into every seat's log what the step `before` → now (by `mover`, with `action`)
    /// showed it: the mover's own action in its words, then the events worded for the seat.
    fn record(&mut self, before: &G::State, mover: Option<usize>, action: G::Action) {
        let game: &G = &self.rules;
        let Some(logs) = self.log.as_mut() else {
            return;
        };
        let mut lines = Vec::new();
        for (s, log) in logs.iter_mut().enumerate() {
            let viewer = Viewer::Seat(Seat(s as u8));
            if mover == Some(s) {
                log.push(format!(
                    "> {}",
                    game.action_text(&game.view(before, viewer), action)
                ));
            }
            game.events(before, action, &self.state, viewer, &mut lines);
            for line in lines.drain(..) {
                log.push(line);
            }
        }
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
            own: self.own.clone(),
            log: self.log.clone(),
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
        // The log words each step from the state before it: kept only with recall.
        let before = self.log.is_some().then(|| self.state.clone());
        self.rules
            .apply(&mut self.state, action)
            .map_err(|e| format!("{action}: {e}"))?;
        self.history.push(id);
        if let Some(own) = mover.and_then(|m| self.own.get_mut(m)) {
            own.push(id as u32);
        }
        if let Some(before) = before {
            self.record(&before, mover, action);
        }
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
        let game = self.game();
        if !game.information_state_shape().is_empty() {
            let mut out = Vec::new();
            let view = game.view(&self.state, Viewer::Seat(Seat(seat as u8)));
            game.information_state_tensor(&view, Seat(seat as u8), &mut out);
            return out;
        }
        let mut out = self.observation_tensor(seat);
        let slots = own_slots(game);
        let distinct = game.num_distinct_actions().max(1) as f32;
        let own = self.own.get(seat).map_or(&[][..], Vec::as_slice);
        out.extend((0..slots).map(|i| own.get(i).map_or(0.0, |&id| (id as f32 + 1.0) / distinct)));
        out.push(match own.get(slots..) {
            Some(later) if !later.is_empty() => {
                let h = fold(
                    0xcbf2_9ce4_8422_2325,
                    later.iter().flat_map(|id| id.to_le_bytes()),
                );
                ((h >> 40) as f32 + 1.0) / 16_777_216.0
            }
            _ => 0.0,
        });
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
        let ids = |ids: &mut dyn Iterator<Item = usize>| {
            ids.map(|i| i.to_string()).collect::<Vec<_>>().join(" ")
        };
        match self.log.as_ref().and_then(|l| l.get(seat)) {
            Some(log) => {
                text.push_str("\n\nWhat you did (>) and saw, oldest first:");
                for line in log.lines() {
                    text.push('\n');
                    text.push_str(line);
                }
                if log.folded > 0 {
                    let _ = write!(
                        text,
                        "\n[{} later lines, digest {:016x}]",
                        log.folded, log.digest
                    );
                }
            }
            // Nothing is hidden: every decision is public, and the history holds them all.
            None if !G::INFO.hidden_information => {
                let _ = write!(
                    text,
                    "\n\nEvery decision so far (ids): {}",
                    ids(&mut self.history.iter().copied())
                );
            }
            None => {
                let own = self.own.get(seat).map_or(&[][..], Vec::as_slice);
                let _ = write!(
                    text,
                    "\n\nYour decisions so far (ids): {}",
                    ids(&mut own.iter().map(|&i| i as usize))
                );
            }
        }
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
        if !G::INFO.hidden_information {
            // Everything is public: the seat knows the whole history and every record.
            return Box::new(SpielStateOf {
                rules: self.rules.clone(),
                state,
                history: self.history.clone(),
                own: self.own.clone(),
                log: self.log.clone(),
            });
        }
        // The true history and the other seats' records would carry what the seat cannot
        // know: only its own decisions and log go over; the others' logs start marked.
        let mine = self.own.get(seat).cloned().unwrap_or_default();
        let own = (0..self.own.len())
            .map(|s| if s == seat { mine.clone() } else { Vec::new() })
            .collect();
        let log = self.log.as_ref().map(|logs| {
            (0..logs.len())
                .map(|s| {
                    if s == seat {
                        return logs[s].clone();
                    }
                    let mut fresh = Log::default();
                    fresh.push(format!(
                        "(resampled for {}: what came before is not known here)",
                        Seat(seat as u8)
                    ));
                    fresh
                })
                .collect()
        });
        Box::new(SpielStateOf {
            rules: self.rules.clone(),
            state,
            history: mine.iter().map(|&id| id as usize).collect(),
            own,
            log,
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
            own: &'a [Vec<u32>],
            log: Option<Vec<SavedLog>>,
        }
        serde_json::to_string(&SavedRef {
            state: &self.state,
            history: &self.history,
            own: &self.own,
            log: self
                .log
                .as_ref()
                .map(|logs| logs.iter().map(Log::saved).collect()),
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rules(name: &str, players: usize, options: Value) -> Box<dyn SpielGame> {
        crate::Catalog::standard()
            .get(name)
            .expect("a catalog game")
            .spiel(players, &options)
            .expect("a binding")
    }

    /// A deterministic pick among `n` (a linear congruential step of `seed`).
    fn pick(seed: &mut u64, n: usize) -> usize {
        *seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((*seed >> 33) % n as u64) as usize
    }

    /// The ids that may be applied now: chance outcomes or the seat's legal actions.
    fn choices(state: &dyn SpielState) -> Vec<usize> {
        if state.is_chance() {
            state
                .chance_outcomes()
                .into_iter()
                .map(|(id, _)| id)
                .collect()
        } else {
            state.legal_actions()
        }
    }

    fn step(state: &mut dyn SpielState, seed: &mut u64) {
        let ids = choices(state);
        let id = ids[pick(seed, ids.len())];
        state.apply(id).expect("a listed id applies");
    }

    fn midnight_duel() -> Box<dyn SpielGame> {
        // "Secretly look at your animal tiles and place them face down on your starting
        // spaces." (Woodwalkers, Midnight Duel)
        rules("woodwalkers", 2, json!({"side": "night"}))
    }

    #[test]
    fn the_information_state_tensor_has_its_shape_all_game_long_in_every_game() {
        for name in [
            "spirits-of-the-wild",
            "whispering-woods",
            "whisperwood",
            "wispwood",
            "woodwalkers",
        ] {
            let game = rules(name, 2, Value::Null);
            let size: usize = game.information_state_shape().iter().product();
            let observation: usize = game.observation_shape().iter().product();
            assert_eq!(size, observation + own_slots_of(&*game) + 1, "{name}");
            let mut state = game.new_state(true);
            let mut seed = 11;
            while !state.is_terminal() {
                for seat in 0..2 {
                    let tensor = state.information_state_tensor(seat);
                    assert_eq!(tensor.len(), size, "{name}");
                    let own = &tensor[observation..];
                    assert!(own.iter().all(|x| (0.0..=1.0).contains(x)), "{name}");
                }
                step(&mut *state, &mut seed);
            }
        }
    }

    fn own_slots_of(game: &dyn SpielGame) -> usize {
        game.max_game_length().min(OWN_SLOTS) as usize
    }

    #[test]
    fn the_seats_own_earlier_action_tells_two_histories_apart() {
        let game = midnight_duel();
        let mut state = game.new_state(true);
        let mut seed = 3;
        // Up to the first seat decision with a choice.
        while state.is_chance() || state.legal_actions().len() < 2 {
            step(&mut *state, &mut seed);
        }
        let seat = state.seat().expect("a seat decides");
        let legal = state.legal_actions();
        let (mut a, mut b) = (state.clone_box(), state.clone_box());
        a.apply(legal[0]).expect("legal");
        b.apply(legal[1]).expect("legal");
        let (ta, tb) = (
            a.information_state_tensor(seat),
            b.information_state_tensor(seat),
        );
        let observation: usize = game.observation_shape().iter().product();
        let distinct = game.num_distinct_actions() as f32;
        // The first own-decision slot holds (id + 1) / num_distinct_actions.
        assert_eq!(ta[observation], (legal[0] as f32 + 1.0) / distinct);
        assert_eq!(tb[observation], (legal[1] as f32 + 1.0) / distinct);
        assert_ne!(ta, tb);
        assert_ne!(
            a.information_state_string(seat),
            b.information_state_string(seat)
        );
        // The log names the seat's own action in its words.
        let words = state.action_to_string(legal[0]);
        assert!(a
            .information_state_string(seat)
            .contains(&format!("> {words}")));
    }

    #[test]
    fn resampling_keeps_the_seats_information_state_and_only_its_own_decisions() {
        let game = midnight_duel();
        let mut state = game.new_state(true);
        let mut seed = 5;
        for _ in 0..60 {
            if state.is_terminal() {
                break;
            }
            step(&mut *state, &mut seed);
        }
        for seat in 0..2 {
            let resampled = state.resample(seat, 99);
            assert_eq!(
                resampled.information_state_tensor(seat),
                state.information_state_tensor(seat)
            );
            assert_eq!(
                resampled.information_state_string(seat),
                state.information_state_string(seat)
            );
            let own: Vec<usize> = state
                .information_state_tensor(seat)
                .iter()
                .skip(game.observation_shape().iter().product())
                .take_while(|&&x| x > 0.0)
                .map(|&x| (x * game.num_distinct_actions() as f32).round() as usize - 1)
                .collect();
            assert!(!own.is_empty());
            assert_eq!(resampled.history(), own);
            assert!(resampled.history().len() < state.history().len());
            // The other seat's record starts over, marked, in the resampled state.
            let other = 1 - seat;
            assert!(resampled
                .information_state_string(other)
                .contains("resampled for Player"));
            // Pickling and cloning keep all of it.
            let back = game
                .state_from_json(&resampled.to_json())
                .expect("reads back");
            assert_eq!(back.to_json(), resampled.to_json());
            assert_eq!(back.history(), resampled.history());
            assert_eq!(
                back.information_state_string(seat),
                resampled.information_state_string(seat)
            );
            assert_eq!(resampled.clone_box().to_json(), resampled.to_json());
        }
    }

    /// How many pairs of truths that `seat` cannot tell apart (they differ in a step by chance
    /// or by another seat) give the same resampled state, history and all; panics otherwise.
    fn indistinguishable_truths_resample_alike(game: &dyn SpielGame, seed: u64) -> usize {
        let mut state = game.new_state(true);
        let mut seed = seed;
        let mut found = 0;
        while !state.is_terminal() && found < 4 {
            let ids = choices(&*state);
            for seat in (0..game.players()).filter(|&s| state.seat() != Some(s)) {
                for pair in ids.windows(2).take(12) {
                    let (mut a, mut b) = (state.clone_box(), state.clone_box());
                    a.apply(pair[0]).expect("listed");
                    b.apply(pair[1]).expect("listed");
                    if a.information_state_string(seat) != b.information_state_string(seat)
                        || a.information_state_tensor(seat) != b.information_state_tensor(seat)
                    {
                        continue;
                    }
                    // The truths differ in a step the seat did not see: nothing of it may
                    // reach the resampled states, not even through their histories.
                    assert_ne!(a.history(), b.history());
                    let (ra, rb) = (a.resample(seat, 21), b.resample(seat, 21));
                    assert_eq!(ra.history(), rb.history());
                    assert_eq!(ra.to_json(), rb.to_json());
                    found += 1;
                }
            }
            step(&mut *state, &mut seed);
        }
        found
    }

    #[test]
    fn two_truths_the_seat_cannot_tell_apart_resample_to_the_same_state_and_history() {
        assert!(indistinguishable_truths_resample_alike(&*midnight_duel(), 7) > 0);
        // "Deal each player 2 familiar cards at random. Look at them, but set them aside for
        // now." and "In secret, each player looks at their hand of cards and selects 2 cards
        // to keep." (Whisperwood, Subsequent Games)
        let draft = rules("whisperwood", 3, json!({"subsequent_game": true}));
        assert!(indistinguishable_truths_resample_alike(&*draft, 8) > 0);
    }

    #[test]
    fn a_perfect_information_game_keeps_its_history_in_the_information_state() {
        let game = rules("spirits-of-the-wild", 2, Value::Null);
        let mut state = game.new_state(false);
        let mut seed = 9;
        for _ in 0..30 {
            step(&mut *state, &mut seed);
        }
        let ids: Vec<String> = state.history().iter().map(|i| i.to_string()).collect();
        assert!(state
            .information_state_string(0)
            .ends_with(&format!("Every decision so far (ids): {}", ids.join(" "))));
        // Nothing is hidden: resampling keeps the whole history.
        assert_eq!(state.resample(1, 4).history(), state.history());
    }

    #[test]
    fn a_broken_record_is_refused_with_the_reason() {
        let game = midnight_duel();
        let state = game.new_state(true);
        let mut json: Value = serde_json::from_str(&state.to_json()).expect("json");
        json["own"] = json!([[]]);
        let err = game
            .state_from_json(&json.to_string())
            .err()
            .expect("refused");
        assert!(err.to_string().contains("not for 2 players"), "{err}");
        json["own"] = json!([[], [game.num_distinct_actions()]]);
        let err = game
            .state_from_json(&json.to_string())
            .err()
            .expect("refused");
        assert!(
            err.to_string().contains("not below the 398 action ids"),
            "{err}"
        );
        assert!(game.state_from_json("{").is_err());
    }

    #[test]
    fn a_long_log_folds_its_later_lines_into_a_digest() {
        let mut log = Log::default();
        let line = "x".repeat(1000);
        for _ in 0..(LOG_CHARS / 1000 + 5) {
            log.push(line.clone());
        }
        assert_eq!(log.lines().len(), LOG_CHARS / 1000);
        assert_eq!(log.folded, 5);
        let mut other = log.clone();
        other.push("y".repeat(1000));
        assert_ne!(other.digest, log.digest);
        let back = Log::from_saved(log.saved());
        assert_eq!(
            (back.lines().len(), back.folded, back.digest),
            (log.lines().len(), 5, log.digest)
        );
    }
}
