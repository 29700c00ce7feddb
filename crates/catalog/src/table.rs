//! A game in progress behind an object-safe trait: JSON in, JSON and text out.

use std::sync::Arc;

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;
use sylvan_engine::{Actor, Game, GameInfo, GameRng, Record, ReplayError, Score, Seat, Viewer};

use sylvan_bots::{decide, BotError, BotSpec, Observation};

use crate::{ActionError, CatalogError};

/// Who the events of a decision are worded for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    /// The omniscient log. The engine has no omniscient viewer yet, so each decision is worded
    /// for the seat that owns it: a seat's decision for that seat, a chance outcome for the seat
    /// that decided last (seat 0 before anyone has).
    All,
    /// One seat or a spectator, redacted as the game redacts for them.
    Viewer(Viewer),
}

/// Who decides next and how far the game has gone.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// A seat, chance (only without auto_chance), or nobody once the game is over.
    pub to_move: Actor,
    /// Decisions applied so far, chance outcomes included.
    pub decisions: u64,
}

impl Status {
    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.to_move == Actor::Nobody
    }
}

/// `{"to_move": 0 | "chance" | null, "over": bool, "decisions": n}` (protocol.md).
impl Serialize for Status {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Status", 3)?;
        match self.to_move {
            Actor::Seat(seat) => st.serialize_field("to_move", &seat.0)?,
            Actor::Chance => st.serialize_field("to_move", "chance")?,
            Actor::Nobody => st.serialize_field("to_move", &Option::<u8>::None)?,
        }
        st.serialize_field("over", &self.over())?;
        st.serialize_field("decisions", &self.decisions)?;
        st.end()
    }
}

/// One decision that may be taken now.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LegalAction {
    /// The game's JSON form of the action, to send back unchanged.
    pub action: Value,
    /// The rulebook's words for it.
    pub text: String,
    /// At a chance point, the outcome's positive weight.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<u32>,
}

/// A [`Score`] in the protocol's JSON shape: `over`, `scores`, `breakdown` (one object per seat,
/// categories in the rulebook's order), `ranking`, `winners`.
#[derive(Clone, Copy, Debug)]
pub struct ScoreJson<'a>(pub &'a Score);

impl Serialize for ScoreJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Categories<'a>(&'a [(std::borrow::Cow<'static, str>, i32)]);
        impl Serialize for Categories<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut map = s.serialize_map(Some(self.0.len()))?;
                for (name, points) in self.0 {
                    map.serialize_entry(name.as_ref(), points)?;
                }
                map.end()
            }
        }
        let score = self.0;
        let breakdown: Vec<Categories<'_>> =
            score.breakdown.iter().map(|c| Categories(c)).collect();
        // Non-seat scores (Wispwood's Catty), only where the game has them: an added field.
        struct Other<'a>(&'a sylvan_engine::OtherScore);
        impl Serialize for Other<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut st = s.serialize_struct("OtherScore", 3)?;
                st.serialize_field("name", &self.0.name)?;
                st.serialize_field("total", &self.0.total)?;
                st.serialize_field("breakdown", &Categories(&self.0.breakdown))?;
                st.end()
            }
        }
        let mut st = s.serialize_struct("Score", 6)?;
        st.serialize_field("over", &score.over)?;
        st.serialize_field("scores", &score.totals)?;
        st.serialize_field("breakdown", &breakdown)?;
        st.serialize_field("ranking", &score.ranking)?;
        st.serialize_field("winners", &score.winners)?;
        if !score.others.is_empty() {
            let others: Vec<Other<'_>> = score.others.iter().map(Other).collect();
            st.serialize_field("others", &others)?;
        }
        st.end()
    }
}

/// A game in progress, whatever the game: rules, state, the chance generator and the decisions
/// so far. Every method that fails leaves the game unchanged.
pub trait DynGame: Send {
    /// What the game is.
    fn info(&self) -> GameInfo;
    /// Number of players.
    fn players(&self) -> usize;
    /// The options in force, as JSON (all of them, defaults included).
    fn options(&self) -> Value;
    /// The seed of the chance generator.
    fn seed(&self) -> u64;
    /// Whether chance points are resolved by the seeded generator as they come.
    fn auto_chance(&self) -> bool;
    /// Who decides next and how many decisions were applied.
    fn status(&self) -> Status;
    /// The decisions possible now: a seat's legal actions, a chance point's outcomes with
    /// weights, nothing once over. Listed in the game's order.
    fn legal(&self) -> Vec<LegalAction>;
    /// Applies the game's JSON form of an action, then (with auto_chance) any chance points that
    /// follow; returns the events of all of them, worded for `audience`.
    fn apply_json(
        &mut self,
        action: &Value,
        audience: Audience,
    ) -> Result<Vec<String>, ActionError>;
    /// Like [`apply_json`](DynGame::apply_json) with a person's text: the rulebook wording of a
    /// legal action (case and spacing ignored) or its JSON form.
    fn apply_text(&mut self, text: &str, audience: Audience) -> Result<Vec<String>, ActionError>;
    /// Like [`apply_json`](DynGame::apply_json) with the `index`th entry of [`legal`](DynGame::legal).
    fn apply_index(&mut self, index: usize, audience: Audience)
        -> Result<Vec<String>, ActionError>;
    /// Samples the current chance point with the game's generator and applies it (also with
    /// auto_chance off), then any chance points that follow when auto_chance is on. Does
    /// nothing unless chance is to move.
    fn resolve_chance(&mut self, audience: Audience) -> Vec<String>;
    /// What `viewer` may see, as the game's view JSON.
    fn view(&self, viewer: Viewer) -> Result<Value, CatalogError>;
    /// [`view`](DynGame::view) written as JSON text at the end of `out`: the same text as
    /// the view's value serialized, without building a JSON tree first (what a server sending
    /// many frames needs). On error `out` is unchanged.
    fn write_view(&self, viewer: Viewer, out: &mut Vec<u8>) -> Result<(), CatalogError>;
    /// What `viewer` may see, as readable text for a terminal.
    fn text(&self, viewer: Viewer) -> Result<String, CatalogError>;
    /// What `viewer` may see, as an SVG picture; `Ok(None)` if the game draws nothing.
    fn svg(&self, viewer: Viewer) -> Result<Option<String>, CatalogError>;
    /// Current totals and breakdown; final once over.
    fn score(&self) -> Score;
    /// The replay record of the game so far.
    fn record(&self) -> Record;
    /// Names who sits in each seat, for the record.
    fn set_seats(&mut self, seats: Vec<String>);
    /// The events of every decision so far, in order, worded for `audience` (replayed from
    /// the start).
    fn history(&self, audience: Audience) -> Vec<Vec<String>>;

    /// What `bot` would play for the seat to move, decided from that seat's observation only
    /// (never the true state); nothing is applied. `seed` drives the bot's randomness. The
    /// diagnostic `cheat` bot is refused.
    fn suggest(&self, bot: &BotSpec, seed: u64) -> Result<LegalAction, CatalogError>;

    /// Like [`apply_json`](DynGame::apply_json), with the events worded once for each of
    /// `viewers` (in that order): what a table with several people watching needs.
    fn apply_for(
        &mut self,
        action: &Value,
        viewers: &[Viewer],
    ) -> Result<Vec<Vec<String>>, ActionError>;

    /// Whether `seat` may take back its last decision now, by Board Game Arena's policy: only
    /// its own decisions of the current turn, while no chance point has been resolved, nothing
    /// hidden has been revealed to it, and no other seat has decided since. The error says why
    /// not.
    fn can_undo(&self, seat: Seat) -> Result<(), ActionError>;

    /// Takes back `seat`'s last decision if [`can_undo`](DynGame::can_undo) allows it; the
    /// game is then exactly as before that decision. Nothing changes on error.
    fn undo(&mut self, seat: Seat) -> Result<(), ActionError>;

    /// For each action of [`DynGame::legal`], in the same order, the ids of the drawn elements
    /// it acts on ([`sylvan_engine::Game::action_targets`]; empty where the game marks none).
    fn legal_targets(&self) -> Vec<Vec<String>>;

    /// [`legal`](DynGame::legal) with each action's [`legal_targets`](DynGame::legal_targets),
    /// written as one JSON array at the end of `out`:
    /// `[{"action":ACTION,"text":TEXT,"targets":[ID…]}…]` (with `"weight"` after `"text"` at a
    /// chance point), the same text as serializing those values, without building them.
    fn write_legal(&self, out: &mut Vec<u8>);

    /// [`write_view`](DynGame::write_view) for `viewer`, and from that same view (built once,
    /// what a server sending one frame per viewer needs): its drawing into `svg` if asked for
    /// (`None` where the game draws nothing), and, if asked for and `viewer` is who the legal
    /// actions are worded for (the seat to move; a spectator at a chance point), the legal
    /// actions as [`write_legal`](DynGame::write_legal) writes them at the end of `legal`.
    /// Returns whether `legal` was written; on error nothing is written.
    fn write_view_parts(
        &self,
        viewer: Viewer,
        view: &mut Vec<u8>,
        svg: Option<&mut Option<String>>,
        legal: Option<&mut Vec<u8>>,
    ) -> Result<bool, CatalogError>;
}

/// A seat decision that may still be taken back: the position before it.
struct Takeback<G: Game> {
    seat: Seat,
    action: G::Action,
    before: G::State,
    last_seat: Option<Seat>,
}

/// Samples of the hidden state an undo is checked against (a reveal shows as a difference).
const REVEAL_SAMPLES: u64 = 8;

/// The generic [`DynGame`]: one monomorphised copy per game.
pub(crate) struct Table<G: Game> {
    rules: Arc<G>,
    state: G::State,
    rng: GameRng,
    seed: u64,
    auto_chance: bool,
    actions: Vec<G::Action>,
    seats: Vec<String>,
    last_seat: Option<Seat>,
    /// The current turn's decisions of one seat, since the last chance point or other seat.
    takebacks: Vec<Takeback<G>>,
}

impl<G: Game + 'static> Table<G> {
    pub(crate) fn new(rules: G, seed: u64, auto_chance: bool) -> Self {
        let state = rules.initial_state();
        Table {
            rules: Arc::new(rules),
            state,
            rng: GameRng::seeded(seed),
            seed,
            auto_chance,
            actions: Vec::new(),
            seats: Vec::new(),
            last_seat: None,
            takebacks: Vec::new(),
        }
    }

    /// Replays `record`'s decisions through the checked apply. With auto_chance the generator
    /// is advanced at every chance point as if it had drawn it, so a game recorded with
    /// auto_chance continues exactly as it would have.
    pub(crate) fn replay(&mut self, record: &Record) -> Result<(), ReplayError> {
        let mut outcomes = Vec::new();
        let mut scratch = Vec::new();
        for i in 0..record.actions.len() {
            let decision = i + 1;
            let action = record.decision::<G>(&self.rules, &self.state, i)?;
            let actor = self.rules.actor(&self.state);
            if actor == Actor::Chance && self.auto_chance {
                self.rules.chance_outcomes(&self.state, &mut outcomes);
                if !outcomes.is_empty() {
                    self.rng.pick_weighted(&outcomes);
                }
            }
            self.decide(action, Audience::All, &mut scratch)
                .map_err(|e| ReplayError::Decision {
                    decision,
                    message: e.to_string(),
                })?;
            scratch.clear();
        }
        self.seats = record.seats.clone();
        Ok(())
    }

    fn viewer_for(&self, audience: Audience, actor: Actor, last_seat: Option<Seat>) -> Viewer {
        match audience {
            Audience::Viewer(v) => v,
            // A log that anyone may read must not name what some seat may not know: where a
            // game hides anything, the shared log is worded for a spectator.
            Audience::All if G::INFO.hidden_information => Viewer::Spectator,
            Audience::All => match actor {
                Actor::Seat(s) => Viewer::Seat(s),
                _ => Viewer::Seat(last_seat.unwrap_or(Seat(0))),
            },
        }
    }

    /// Checks and applies one decision; on error nothing has changed.
    fn decide(
        &mut self,
        action: G::Action,
        audience: Audience,
        events: &mut Vec<String>,
    ) -> Result<(), ActionError> {
        self.decide_for(action, &[audience], std::slice::from_mut(events))
    }

    /// [`decide`](Self::decide) with the events worded for each audience into its own list.
    fn decide_for(
        &mut self,
        action: G::Action,
        audiences: &[Audience],
        events: &mut [Vec<String>],
    ) -> Result<(), ActionError> {
        let actor = self.rules.actor(&self.state);
        if actor == Actor::Nobody {
            return Err(ActionError::Illegal("the game is over".into()));
        }
        self.rules
            .check(&self.state, action)
            .map_err(|e| ActionError::Illegal(format!("{action}: {e}")))?;
        let before = self.state.clone();
        self.rules.apply_unchecked(&mut self.state, action);
        self.actions.push(action);
        for (audience, out) in audiences.iter().zip(events.iter_mut()) {
            let viewer = self.viewer_for(*audience, actor, self.last_seat);
            self.rules.events(&before, action, &self.state, viewer, out);
        }
        let last_seat = self.last_seat;
        match actor {
            Actor::Seat(seat) => {
                // Another seat deciding ends the turn: nothing before it may be taken back.
                if self.takebacks.last().is_some_and(|t| t.seat != seat) {
                    self.takebacks.clear();
                }
                self.takebacks.push(Takeback {
                    seat,
                    action,
                    before,
                    last_seat,
                });
                self.last_seat = Some(seat);
            }
            _ => self.takebacks.clear(),
        }
        Ok(())
    }

    /// Whether `action` from `before` showed `seat` something it could not know: its view
    /// after the decision differs between samples of what it could not see.
    fn revealed(&self, seat: Seat, before: &G::State, action: G::Action) -> bool {
        if !G::INFO.hidden_information {
            return false;
        }
        let mut seen = None;
        (0..REVEAL_SAMPLES).any(|i| {
            let mut sample = before.clone();
            self.rules
                .determinize(&mut sample, seat, &mut GameRng::seeded(i));
            // A sample that changed nothing plays out exactly as the game did (the state now
            // is `action` applied to `before`): its view cannot differ, so none is built.
            if sample == *before {
                return false;
            }
            if self.rules.check(&sample, action).is_err() {
                return true;
            }
            self.rules.apply_unchecked(&mut sample, action);
            let seen = seen.get_or_insert_with(|| self.rules.view(&self.state, Viewer::Seat(seat)));
            self.rules.view(&sample, Viewer::Seat(seat)) != *seen
        })
    }

    /// Samples and applies one chance outcome; false if there was none to apply.
    fn chance_step(&mut self, audience: Audience, events: &mut Vec<String>) -> bool {
        self.chance_step_for(&[audience], std::slice::from_mut(events))
    }

    /// [`chance_step`](Self::chance_step) with events for each audience.
    fn chance_step_for(&mut self, audiences: &[Audience], events: &mut [Vec<String>]) -> bool {
        if self.rules.actor(&self.state) != Actor::Chance {
            return false;
        }
        let mut outcomes = Vec::new();
        self.rules.chance_outcomes(&self.state, &mut outcomes);
        if outcomes.is_empty() {
            return false;
        }
        let outcome = self.rng.pick_weighted(&outcomes);
        // A listed outcome the game then refuses is a bug in the game; stop rather than loop.
        self.decide_for(outcome, audiences, events).is_ok()
    }

    /// With auto_chance, resolves chance points until a seat (or nobody) is to move.
    pub(crate) fn settle(&mut self, audience: Audience, events: &mut Vec<String>) {
        self.settle_for(&[audience], std::slice::from_mut(events));
    }

    /// [`settle`](Self::settle) with events for each audience.
    fn settle_for(&mut self, audiences: &[Audience], events: &mut [Vec<String>]) {
        if self.auto_chance {
            while self.chance_step_for(audiences, events) {}
        }
    }

    fn apply_action(
        &mut self,
        action: G::Action,
        audience: Audience,
    ) -> Result<Vec<String>, ActionError> {
        let mut events = Vec::new();
        self.decide(action, audience, &mut events)?;
        self.settle(audience, &mut events);
        Ok(events)
    }

    fn listed(&self) -> Vec<(G::Action, Option<u32>)> {
        match self.rules.actor(&self.state) {
            Actor::Seat(_) => {
                let mut out = Vec::new();
                self.rules.legal_actions(&self.state, &mut out);
                out.into_iter().map(|a| (a, None)).collect()
            }
            Actor::Chance => {
                let mut out = Vec::new();
                self.rules.chance_outcomes(&self.state, &mut out);
                out.into_iter().map(|(a, w)| (a, Some(w))).collect()
            }
            Actor::Nobody => Vec::new(),
        }
    }

    /// Who the legal actions are worded for: the seat to move (a chance point's outcomes for
    /// a spectator); the text may name what only that seat sees, never more.
    fn legal_viewer(&self) -> Viewer {
        match self.rules.actor(&self.state) {
            Actor::Seat(s) => Viewer::Seat(s),
            _ => Viewer::Spectator,
        }
    }

    /// Writes `listed` as [`DynGame::write_legal`] does, worded from `view`, the view of
    /// [`legal_viewer`](Self::legal_viewer).
    fn write_listed(&self, listed: &[(G::Action, Option<u32>)], view: &G::View, out: &mut Vec<u8>) {
        /// One entry as `legal` and `legal_targets` would give it, borrowed.
        #[derive(Serialize)]
        struct Entry<'a, A: Serialize> {
            action: A,
            text: &'a str,
            #[serde(skip_serializing_if = "Option::is_none")]
            weight: Option<u32>,
            targets: &'a [String],
        }
        out.push(b'[');
        for (i, &(action, weight)) in listed.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            let text = self.rules.action_text(view, action);
            let targets = self.rules.action_targets(&self.state, action);
            let entry = Entry {
                action,
                text: &text,
                weight,
                targets: &targets,
            };
            // An action the game cannot write is written as null, as `legal` writes it.
            let at = out.len();
            if serde_json::to_writer(&mut *out, &entry).is_err() {
                out.truncate(at);
                let entry = Entry {
                    action: Value::Null,
                    text: &text,
                    weight,
                    targets: &targets,
                };
                let _ = serde_json::to_writer(&mut *out, &entry);
            }
        }
        out.push(b']');
    }

    fn check_viewer(&self, viewer: Viewer) -> Result<(), CatalogError> {
        match viewer {
            Viewer::Seat(s) if s.index() >= self.rules.players() => Err(CatalogError::NoSuchSeat {
                seat: s.index(),
                last: self.rules.players().saturating_sub(1),
            }),
            _ => Ok(()),
        }
    }
}

impl<G: Game + 'static> DynGame for Table<G> {
    fn info(&self) -> GameInfo {
        G::INFO
    }

    fn players(&self) -> usize {
        self.rules.players()
    }

    fn options(&self) -> Value {
        serde_json::to_value(self.rules.options()).unwrap_or(Value::Null)
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn auto_chance(&self) -> bool {
        self.auto_chance
    }

    fn status(&self) -> Status {
        Status {
            to_move: self.rules.actor(&self.state),
            decisions: self.actions.len() as u64,
        }
    }

    fn legal(&self) -> Vec<LegalAction> {
        let view = self.rules.view(&self.state, self.legal_viewer());
        self.listed()
            .into_iter()
            .map(|(a, weight)| LegalAction {
                action: serde_json::to_value(a).unwrap_or(Value::Null),
                text: self.rules.action_text(&view, a),
                weight,
            })
            .collect()
    }

    fn apply_json(
        &mut self,
        action: &Value,
        audience: Audience,
    ) -> Result<Vec<String>, ActionError> {
        let action = G::Action::deserialize(action).map_err(|e| {
            ActionError::Malformed(format!("not an action of {}: {e}", G::INFO.title))
        })?;
        self.apply_action(action, audience)
    }

    fn apply_text(&mut self, text: &str, audience: Audience) -> Result<Vec<String>, ActionError> {
        if self.rules.actor(&self.state) == Actor::Nobody {
            return Err(ActionError::Illegal("the game is over".into()));
        }
        let action = self
            .rules
            .parse_action(&self.state, text)
            .map_err(|e| ActionError::Malformed(e.to_string()))?;
        self.apply_action(action, audience)
    }

    fn apply_index(
        &mut self,
        index: usize,
        audience: Audience,
    ) -> Result<Vec<String>, ActionError> {
        if self.rules.actor(&self.state) == Actor::Nobody {
            return Err(ActionError::Illegal("the game is over".into()));
        }
        let listed = self.listed();
        let Some(&(action, _)) = listed.get(index) else {
            return Err(ActionError::Malformed(format!(
                "there is no action number {} (there are {})",
                index + 1,
                listed.len()
            )));
        };
        self.apply_action(action, audience)
    }

    fn resolve_chance(&mut self, audience: Audience) -> Vec<String> {
        let mut events = Vec::new();
        if self.chance_step(audience, &mut events) {
            self.settle(audience, &mut events);
        }
        events
    }

    fn view(&self, viewer: Viewer) -> Result<Value, CatalogError> {
        self.check_viewer(viewer)?;
        serde_json::to_value(self.rules.view(&self.state, viewer))
            .map_err(|e| CatalogError::Json(e.to_string()))
    }

    fn write_view(&self, viewer: Viewer, out: &mut Vec<u8>) -> Result<(), CatalogError> {
        self.check_viewer(viewer)?;
        let start = out.len();
        serde_json::to_writer(&mut *out, &self.rules.view(&self.state, viewer)).map_err(|e| {
            out.truncate(start);
            CatalogError::Json(e.to_string())
        })
    }

    fn text(&self, viewer: Viewer) -> Result<String, CatalogError> {
        self.check_viewer(viewer)?;
        Ok(self.rules.text(&self.rules.view(&self.state, viewer)))
    }

    fn svg(&self, viewer: Viewer) -> Result<Option<String>, CatalogError> {
        self.check_viewer(viewer)?;
        Ok(self.rules.svg(&self.rules.view(&self.state, viewer)))
    }

    fn score(&self) -> Score {
        self.rules.score(&self.state)
    }

    fn record(&self) -> Record {
        let mut record = Record::new(self.rules.as_ref(), self.seats.clone(), Some(self.seed));
        for &a in &self.actions {
            record.push::<G>(a);
        }
        record
    }

    fn set_seats(&mut self, seats: Vec<String>) {
        self.seats = seats;
    }

    fn suggest(&self, bot: &BotSpec, seed: u64) -> Result<LegalAction, CatalogError> {
        let bot = bot.clone().for_people()?;
        let seat = match self.rules.actor(&self.state) {
            Actor::Seat(s) => s,
            Actor::Chance => return Err(BotError::ChanceDecides.into()),
            Actor::Nobody => return Err(BotError::GameOver.into()),
        };
        let seen = Observation::new(&*self.rules, &self.state, seat, seed);
        let choice = decide(&*self.rules, &seen, &bot, seed)?;
        Ok(LegalAction {
            action: serde_json::to_value(choice.action)
                .map_err(|e| CatalogError::Json(e.to_string()))?,
            text: self.rules.action_text(
                &self.rules.view(&self.state, Viewer::Seat(seat)),
                choice.action,
            ),
            weight: None,
        })
    }

    fn apply_for(
        &mut self,
        action: &Value,
        viewers: &[Viewer],
    ) -> Result<Vec<Vec<String>>, ActionError> {
        let action = G::Action::deserialize(action).map_err(|e| {
            ActionError::Malformed(format!("not an action of {}: {e}", G::INFO.title))
        })?;
        let audiences: Vec<Audience> = viewers.iter().map(|&v| Audience::Viewer(v)).collect();
        let mut events = vec![Vec::new(); viewers.len()];
        self.decide_for(action, &audiences, &mut events)?;
        self.settle_for(&audiences, &mut events);
        Ok(events)
    }

    fn can_undo(&self, seat: Seat) -> Result<(), ActionError> {
        let Some(last) = self.takebacks.last() else {
            return Err(ActionError::Illegal(format!(
                "{seat} has nothing to take back: a chance point was resolved or another seat \
                 decided since (or nothing was decided yet)"
            )));
        };
        if last.seat != seat {
            return Err(ActionError::Illegal(format!(
                "{seat} cannot take back {}'s decision",
                last.seat
            )));
        }
        if self.revealed(seat, &last.before, last.action) {
            return Err(ActionError::Illegal(format!(
                "'{}' showed {seat} something hidden: it cannot be taken back",
                last.action
            )));
        }
        Ok(())
    }

    fn undo(&mut self, seat: Seat) -> Result<(), ActionError> {
        self.can_undo(seat)?;
        let last = self
            .takebacks
            .pop()
            .expect("can_undo found a decision to take back");
        self.state = last.before;
        self.actions.pop();
        self.last_seat = last.last_seat;
        Ok(())
    }

    fn legal_targets(&self) -> Vec<Vec<String>> {
        self.listed()
            .into_iter()
            .map(|(a, _)| self.rules.action_targets(&self.state, a))
            .collect()
    }

    fn write_legal(&self, out: &mut Vec<u8>) {
        let listed = self.listed();
        if listed.is_empty() {
            out.extend_from_slice(b"[]");
            return;
        }
        let view = self.rules.view(&self.state, self.legal_viewer());
        self.write_listed(&listed, &view, out);
    }

    fn write_view_parts(
        &self,
        viewer: Viewer,
        view: &mut Vec<u8>,
        svg: Option<&mut Option<String>>,
        legal: Option<&mut Vec<u8>>,
    ) -> Result<bool, CatalogError> {
        self.check_viewer(viewer)?;
        let seen = self.rules.view(&self.state, viewer);
        let start = view.len();
        serde_json::to_writer(&mut *view, &seen).map_err(|e| {
            view.truncate(start);
            CatalogError::Json(e.to_string())
        })?;
        if let Some(svg) = svg {
            *svg = self.rules.svg(&seen);
        }
        match legal {
            Some(out) if viewer == self.legal_viewer() => {
                self.write_listed(&self.listed(), &seen, out);
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    fn history(&self, audience: Audience) -> Vec<Vec<String>> {
        let mut state = self.rules.initial_state();
        let mut last_seat = None;
        self.actions
            .iter()
            .map(|&action| {
                let actor = self.rules.actor(&state);
                let before = state.clone();
                self.rules.apply_unchecked(&mut state, action);
                let mut events = Vec::new();
                let viewer = self.viewer_for(audience, actor, last_seat);
                self.rules
                    .events(&before, action, &state, viewer, &mut events);
                if let Actor::Seat(s) = actor {
                    last_seat = Some(s);
                }
                events
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_catalog;
    use serde_json::json;

    fn manual() -> Box<dyn DynGame> {
        test_catalog()
            .new_game("nim", 2, 3, &Value::Null, false, None)
            .expect("nim starts")
    }

    #[test]
    fn written_views_and_legal_actions_are_the_values_as_text() {
        let catalog = crate::Catalog::standard();
        let mut checked = 0;
        for name in catalog.names() {
            let kind = catalog.get(name).expect("listed");
            let players = kind.info().default_players();
            let mut game = catalog
                .new_game(name, players, 5, &Value::Null, true, None)
                .expect("starts");
            for step in 0..40 {
                if game.status().over() {
                    break;
                }
                let viewers = (0..players as u8)
                    .map(|s| Viewer::Seat(Seat(s)))
                    .chain([Viewer::Spectator]);
                for viewer in viewers {
                    let mut out = b"x".to_vec();
                    game.write_view(viewer, &mut out).expect("a seat");
                    let expected = game.view(viewer).expect("a seat").to_string();
                    assert_eq!(&out[1..], expected.as_bytes(), "{name} {viewer:?}");
                    checked += 1;
                }
                let mut out = Vec::new();
                game.write_legal(&mut out);
                let legal = game.legal();
                let expected: Vec<Value> = legal
                    .iter()
                    .zip(game.legal_targets())
                    .map(|(l, t)| {
                        let mut v = serde_json::to_value(l).expect("json");
                        v["targets"] = serde_json::to_value(t).expect("json");
                        v
                    })
                    .collect();
                let written: Value = serde_json::from_slice(&out).expect("JSON");
                assert_eq!(written, Value::Array(expected), "{name}");
                // Same text too, key order included: `action`, `text`, `targets`.
                if let Some(first) = legal.first() {
                    let head = format!(
                        "[{{\"action\":{},\"text\":{}",
                        first.action,
                        Value::String(first.text.clone())
                    );
                    assert!(out.starts_with(head.as_bytes()), "{name}");
                }
                game.apply_index(step % legal.len(), Audience::All)
                    .expect("listed");
            }
        }
        assert!(checked > 100, "{checked}");
        let mut out = b"kept".to_vec();
        let game = manual();
        assert!(game.write_view(Viewer::Seat(Seat(7)), &mut out).is_err());
        assert_eq!(out, b"kept");
    }

    #[test]
    fn view_parts_are_the_view_the_drawing_and_the_movers_legal_actions() {
        let catalog = crate::Catalog::standard();
        let (mut with_legal, mut without) = (0, 0);
        for name in catalog.names() {
            let kind = catalog.get(name).expect("listed");
            let players = kind.info().default_players();
            let mut game = catalog
                .new_game(name, players, 7, &Value::Null, true, None)
                .expect("starts");
            for step in 0..12 {
                if game.status().over() {
                    break;
                }
                let viewers = (0..players as u8)
                    .map(|s| Viewer::Seat(Seat(s)))
                    .chain([Viewer::Spectator]);
                for viewer in viewers {
                    let (mut view, mut svg, mut legal) = (b"v".to_vec(), None, b"l".to_vec());
                    let wrote = game
                        .write_view_parts(viewer, &mut view, Some(&mut svg), Some(&mut legal))
                        .expect("a seat");
                    let mut expected = b"v".to_vec();
                    game.write_view(viewer, &mut expected).expect("a seat");
                    assert_eq!(view, expected, "{name} {viewer:?}");
                    assert_eq!(svg, game.svg(viewer).expect("a seat"), "{name} {viewer:?}");
                    let mover = match game.status().to_move {
                        Actor::Seat(s) => Viewer::Seat(s),
                        _ => Viewer::Spectator,
                    };
                    assert_eq!(wrote, viewer == mover, "{name} {viewer:?}");
                    let mut expected = b"l".to_vec();
                    if wrote {
                        game.write_legal(&mut expected);
                        with_legal += 1;
                    } else {
                        without += 1;
                    }
                    assert_eq!(legal, expected, "{name} {viewer:?}");
                }
                let legal = game.legal();
                game.apply_index(step % legal.len(), Audience::All)
                    .expect("listed");
            }
        }
        assert!(with_legal > 20 && without > 20, "{with_legal} {without}");
        let mut out = b"kept".to_vec();
        let mut legal = Vec::new();
        assert!(manual()
            .write_view_parts(Viewer::Seat(Seat(7)), &mut out, None, Some(&mut legal))
            .is_err());
        assert_eq!((out, legal), (b"kept".to_vec(), Vec::new()));
    }

    #[test]
    fn without_auto_chance_chance_is_to_move_with_weights() {
        let game = manual();
        assert_eq!(game.status().to_move, Actor::Chance);
        let legal = game.legal();
        assert_eq!(legal.len(), 6);
        assert!(legal.iter().all(|l| l.weight == Some(1)));
        assert_eq!(legal[0].action, json!({"Pile": 10}));
        assert_eq!(legal[0].text, "The pile has 10 stones");
        assert_eq!(
            serde_json::to_value(game.status()).expect("json"),
            json!({"to_move": "chance", "over": false, "decisions": 0})
        );
    }

    #[test]
    fn a_score_sends_its_non_seat_rows_only_when_it_has_them() {
        let mut score = Score {
            over: true,
            totals: vec![40],
            breakdown: vec![vec![("goals".into(), 40)]],
            ranking: vec![Seat(0)],
            winners: vec![],
            others: vec![],
        };
        let plain = serde_json::to_value(ScoreJson(&score)).expect("json");
        assert!(plain.get("others").is_none(), "{plain}");
        score.others.push(sylvan_engine::OtherScore {
            name: "Catty".into(),
            total: 55,
            breakdown: vec![("round 1".into(), 19), ("round 2".into(), 36)],
        });
        let with = serde_json::to_value(ScoreJson(&score)).expect("json");
        assert_eq!(
            with["others"],
            json!([{"name": "Catty", "total": 55, "breakdown": {"round 1": 19, "round 2": 36}}])
        );
        assert_eq!(with["scores"], json!([40]));
    }

    #[test]
    fn errors_leave_the_game_unchanged() {
        let mut game = manual();
        game.apply_json(&json!({"Pile": 10}), Audience::All)
            .expect("legal");
        let before = game.record();
        let bad = game.apply_json(&json!({"Grab": 1}), Audience::All);
        assert!(matches!(bad, Err(ActionError::Malformed(_))), "{bad:?}");
        let illegal = game.apply_json(&json!({"Take": 4}), Audience::All);
        match illegal {
            Err(ActionError::Illegal(m)) => assert!(m.contains("1 to 3"), "{m}"),
            other => panic!("{other:?}"),
        }
        assert!(game.apply_text("Take lots", Audience::All).is_err());
        assert!(game.apply_index(9, Audience::All).is_err());
        assert_eq!(game.record(), before);
    }

    #[test]
    fn text_and_index_apply_like_json() {
        let mut a = manual();
        let mut b = manual();
        a.apply_json(&json!({"Pile": 12}), Audience::All)
            .expect("legal");
        b.apply_index(2, Audience::All).expect("legal");
        a.apply_text("  take   2 ", Audience::All).expect("legal");
        b.apply_json(&json!({"Take": 2}), Audience::All)
            .expect("legal");
        assert_eq!(a.record(), b.record());
        assert_eq!(a.history(Audience::All), b.history(Audience::All));
        assert_eq!(
            a.history(Audience::All),
            vec![
                vec!["The pile has 12 stones".to_string()],
                vec!["Player 1: Take 2".to_string()]
            ]
        );
    }

    #[test]
    fn auto_chance_resolves_setup_and_records_it() {
        let game = test_catalog()
            .new_game("nim", 2, 3, &Value::Null, true, None)
            .expect("nim starts");
        assert_eq!(game.status().to_move, Actor::Seat(Seat(0)));
        assert_eq!(game.status().decisions, 1);
        let record = game.record();
        assert_eq!(record.seed, Some(3));
        assert_eq!(record.actions.len(), 1);
    }

    #[test]
    fn views_check_the_seat() {
        let game = manual();
        assert!(game.view(Viewer::Spectator).is_ok());
        assert!(game.view(Viewer::Seat(Seat(1))).is_ok());
        assert_eq!(
            game.view(Viewer::Seat(Seat(2))),
            Err(CatalogError::NoSuchSeat { seat: 2, last: 1 })
        );
        assert!(game.text(Viewer::Spectator).is_ok());
        assert_eq!(game.svg(Viewer::Spectator), Ok(None));
    }

    #[test]
    fn over_games_refuse_actions() {
        let mut game = manual();
        game.apply_json(&json!({"Pile": 10}), Audience::All)
            .expect("legal");
        while !game.status().over() {
            game.apply_index(0, Audience::All).expect("legal");
        }
        assert!(game.legal().is_empty());
        assert_eq!(
            game.apply_index(0, Audience::All),
            Err(ActionError::Illegal("the game is over".into()))
        );
        assert_eq!(
            game.apply_json(&json!({"Take": 1}), Audience::All),
            Err(ActionError::Illegal("the game is over".into()))
        );
        let score = game.score();
        assert!(score.over);
        let json = serde_json::to_value(ScoreJson(&score)).expect("json");
        assert_eq!(json["breakdown"][0], json!({"win": score.totals[0]}));
    }

    #[test]
    fn undo_takes_back_only_the_own_decisions_of_the_turn() {
        let mut game = manual();
        assert!(game.can_undo(Seat(0)).is_err(), "nothing decided yet");
        game.apply_json(&json!({"Pile": 10}), Audience::All)
            .expect("legal");
        assert!(
            game.can_undo(Seat(0)).is_err(),
            "chance is not a seat's decision"
        );
        let before = game.record();
        let viewers = [Viewer::Seat(Seat(0)), Viewer::Spectator];
        let events = game
            .apply_for(&json!({"Take": 2}), &viewers)
            .expect("legal");
        assert_eq!(events.len(), 2);
        assert_eq!(events[0], vec!["Player 1: Take 2".to_string()]);
        let err = game.can_undo(Seat(1)).expect_err("not seat 1's decision");
        assert!(err.to_string().contains("Player 1's decision"), "{err}");
        game.undo(Seat(0)).expect("own decision of this turn");
        assert_eq!(game.record(), before);
        assert_eq!(game.status().decisions, 1);
        assert!(
            game.undo(Seat(0)).is_err(),
            "the pile's chance point is not undone"
        );
        game.apply_json(&json!({"Take": 1}), Audience::All)
            .expect("legal");
        game.apply_json(&json!({"Take": 1}), Audience::All)
            .expect("legal");
        let err = game.undo(Seat(0)).expect_err("seat 1 decided since");
        assert!(
            err.to_string().contains("cannot take back Player 2's"),
            "{err}"
        );
        game.undo(Seat(1)).expect("seat 1's own last decision");
        assert_eq!(game.status().decisions, 2);
    }

    #[test]
    fn undo_in_the_midnight_duel_restores_every_view() {
        let catalog = crate::Catalog::standard();
        let options = json!({"side": "night"});
        let (mut undone, mut refused_reveals) = (0, 0);
        for seed in 0..6 {
            let mut game = catalog
                .new_game("woodwalkers", 2, seed, &options, true, None)
                .expect("Midnight Duel starts");
            while !game.status().over() {
                let Actor::Seat(seat) = game.status().to_move else {
                    panic!("auto chance leaves a seat to move");
                };
                let views: Vec<Value> = (0..2)
                    .map(|k| game.view(Viewer::Seat(Seat(k))).expect("seat"))
                    .collect();
                let legal = game.legal();
                let pick = legal[(game.status().decisions as usize * 7) % legal.len()]
                    .action
                    .clone();
                let decisions = game.status().decisions;
                game.apply_json(&pick, Audience::All).expect("listed");
                if game.status().decisions != decisions + 1 {
                    continue; // chance was resolved after it
                }
                match game.undo(seat) {
                    Ok(()) => {
                        undone += 1;
                        for (k, view) in views.iter().enumerate() {
                            assert_eq!(
                                &game.view(Viewer::Seat(Seat(k as u8))).expect("seat"),
                                view
                            );
                        }
                        game.apply_json(&pick, Audience::All).expect("still legal");
                    }
                    Err(e) if e.to_string().contains("something hidden") => refused_reveals += 1,
                    Err(e) => panic!("{e}"),
                }
            }
        }
        assert!(undone > 0, "some decisions are undoable");
        // In the Midnight Duel animals are turned over by chance points, which end the turn.
        assert_eq!(refused_reveals, 0);
    }

    #[test]
    fn in_daylight_woodwalkers_undo_needs_no_samples_and_still_restores_the_game() {
        // Day side: nothing is face down, so every sample equals the game and none is played.
        let catalog = crate::Catalog::standard();
        let mut game = catalog
            .new_game("woodwalkers", 2, 9, &json!({"side": "day"}), true, None)
            .expect("starts");
        let mut undone = 0;
        while !game.status().over() && undone < 20 {
            let Actor::Seat(seat) = game.status().to_move else {
                panic!("auto chance leaves a seat to move");
            };
            let before = (game.record(), game.view(Viewer::Seat(seat)).expect("seat"));
            let decisions = game.status().decisions;
            game.apply_index(0, Audience::All).expect("listed");
            if game.status().decisions == decisions + 1 {
                game.undo(seat).expect("nothing hidden in daylight");
                assert_eq!(
                    (game.record(), game.view(Viewer::Seat(seat)).expect("seat")),
                    before
                );
                undone += 1;
                game.apply_index(0, Audience::All).expect("listed");
            }
        }
        assert!(undone > 0);
    }

    #[test]
    fn undo_never_takes_back_a_decision_that_showed_something_hidden() {
        let mut catalog = crate::Catalog::empty();
        catalog.register::<crate::peek::Peek>();
        let mut game = catalog
            .new_game("peek", 2, 1, &Value::Null, true, None)
            .expect("peek starts");
        game.apply_json(&json!("Pass"), Audience::All)
            .expect("legal");
        game.undo(Seat(0)).expect("passing showed nothing");
        game.apply_json(&json!("Peek"), Audience::All)
            .expect("legal");
        let err = game.undo(Seat(0)).expect_err("peeking showed the card");
        assert!(
            err.to_string().contains("showed Player 1 something hidden"),
            "{err}"
        );
        assert_ne!(game.view(Viewer::Seat(Seat(0))).expect("seat"), Value::Null);
    }
}
