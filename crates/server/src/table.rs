//! One task per table: it owns the authoritative game and handles its commands one at a time
//! (actions, undos, joins, bot decisions, clock expiries). Nothing else mutates a table.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::{json, Value};
use sylvan_bots::BotSpec;
use sylvan_catalog::{ActionError, Catalog, DynGame, ScoreJson, Seat, Viewer};
use sylvan_engine::Actor;
use tokio::sync::{mpsc, oneshot, Mutex, Semaphore};

use axum::extract::ws::Utf8Bytes;

use crate::clock::{now_ms, ClockSettings, Clocks};
use crate::store::{SeatRow, Store, StoredTable, TableStatus};
use crate::{hash_token, new_token, ApiError, ErrorKind};

/// What a table task is asked to do.
pub(crate) enum Command {
    /// A client starts receiving frames.
    Subscribe {
        viewer: Viewer,
        since: Option<u64>,
        svg: bool,
        outbox: mpsc::Sender<Utf8Bytes>,
        reply: oneshot::Sender<u64>,
    },
    /// A client went away.
    Unsubscribe(u64),
    /// A seat's decision at `version`.
    Act {
        seat: u8,
        version: u64,
        action: Value,
        reply: oneshot::Sender<Result<(), ApiError>>,
    },
    /// A seat takes back its last decision; the table must be at `version`.
    Undo {
        seat: u8,
        version: u64,
        reply: oneshot::Sender<Result<(), ApiError>>,
    },
    /// A person takes a seat.
    Join {
        seat: Option<u8>,
        name: String,
        reply: oneshot::Sender<Result<(u8, String), ApiError>>,
    },
    /// The seat's player is back (connected with its token): it takes the seat back from the
    /// bot unless it resigned.
    Return { seat: u8 },
    /// The seat's player leaves: a bot plays for them until they return.
    Leave {
        seat: u8,
        reply: oneshot::Sender<Result<(), ApiError>>,
    },
    /// The seat's player resigns: ranked last; with one seat left in the game the table ends,
    /// otherwise a bot plays the resigned seat's turns to the end.
    Resign {
        seat: u8,
        reply: oneshot::Sender<Result<(), ApiError>>,
    },
    /// Which seat holds this token hash, if any.
    SeatOf {
        token_hash: String,
        reply: oneshot::Sender<Option<u8>>,
    },
    /// A bot's choice for the position at `version`.
    BotMove { version: u64, action: Value },
    /// Another instance changed the table: catch up from storage.
    Refresh,
    /// What a rematch needs: `{"existing": ID}` if one was made, else the request that
    /// creates it (same game, players, options, clock and bots).
    Rematch {
        reply: oneshot::Sender<Result<Value, ApiError>>,
    },
    /// The rematch is table `id`, unless another was set first (its id is the answer); stored
    /// before the answer.
    SetRematch {
        id: String,
        reply: oneshot::Sender<Result<String, ApiError>>,
    },
    /// The record and the log, once the game is over.
    Record {
        reply: oneshot::Sender<Result<Value, ApiError>>,
    },
}

/// Shared by every table of one server.
#[derive(Clone)]
pub(crate) struct Shared {
    pub catalog: Arc<Catalog>,
    pub store: Store,
    /// Bots think on blocking threads, a few at a time.
    pub bots: Arc<Semaphore>,
    /// The bot that plays for an absent player.
    pub zombie_bot: BotSpec,
    /// The longest a bot may think a decision ([`crate::Config::bot_time_limit_ms`]).
    pub bot_time_limit_ms: u32,
    /// The tables this instance serves now (see [`crate::Tables`]).
    pub open: Arc<Mutex<OpenTables>>,
    /// How long a table nobody can reach stays in memory ([`crate::Config::idle_table_ms`]).
    pub idle_table_ms: u64,
    /// The same once the game is over ([`crate::Config::finished_table_ms`]).
    pub finished_table_ms: u64,
}

/// Each running table's inbox, weakly: a table's own task holds the one sender that keeps it
/// running, so that it can tell, under this map's lock, when no one else can reach it.
pub(crate) type OpenTables = HashMap<String, mpsc::WeakSender<Command>>;

/// What the frames of one version share (see [`TableTask::frame_parts`]), as JSON text: each
/// frame is these pieces and its viewer's own, written one after the other.
struct FrameParts {
    to_move: Option<u8>,
    /// `{"type":"frame","table":…,"game":…,"title":…,"version":V,"seat":`
    head: Vec<u8>,
    /// `,"to_move":…,"over":…,"view":`
    middle: Vec<u8>,
    /// `,"score":…,"seats":…,"present":…,"clocks":…,"result":…,"rematch":…}`
    tail: Vec<u8>,
    /// Per viewer (seats, then the spectator), once computed: its view as JSON text.
    views: Vec<Option<Vec<u8>>>,
    /// Per viewer, once computed: its drawing as a JSON string, or `null`.
    svgs: Vec<Option<Vec<u8>>>,
    /// The legal actions of the seat to move as a JSON array, once computed.
    legal: Option<Vec<u8>>,
    /// Per seat, once computed.
    can_undo: Vec<Option<bool>>,
    /// Frames already made, by viewer, events sent and drawing: a second tab of a viewer
    /// that is as far along gets the same text.
    made: Vec<(usize, u64, bool, Utf8Bytes)>,
}

/// The events of one version, worded for the frame's viewer.
#[derive(Serialize)]
struct EventsOut<'a> {
    version: u64,
    events: &'a [String],
}

/// The first fields of a frame (the README's "The WebSocket" lists them all, in this order).
#[derive(Serialize)]
struct FrameHead<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    table: &'a str,
    game: &'a str,
    title: &'static str,
    version: u64,
}

/// The fields every frame of a version shares after `over`.
#[derive(Serialize)]
struct FrameTail<'a> {
    score: &'a Value,
    seats: &'a [PublicSeat<'a>],
    present: &'a [bool],
    clocks: &'a Value,
    result: &'a Value,
    rematch: Option<&'a str>,
}

/// A seat as clients see it ([`SeatRow::public_json`], without a JSON tree).
#[derive(Serialize)]
struct PublicSeat<'a> {
    seat: u8,
    name: &'a Option<String>,
    bot: &'a Option<String>,
    taken: bool,
    zombie: bool,
    resigned: bool,
}

impl<'a> From<&'a SeatRow> for PublicSeat<'a> {
    fn from(r: &'a SeatRow) -> Self {
        PublicSeat {
            seat: r.seat,
            name: &r.name,
            bot: &r.bot,
            taken: !r.free(),
            zombie: r.zombie,
            resigned: r.resigned,
        }
    }
}

/// Writes `value` as JSON at the end of `out`; a typed value always can be.
fn write_json(out: &mut Vec<u8>, value: &impl Serialize) {
    let at = out.len();
    if serde_json::to_writer(&mut *out, value).is_err() {
        out.truncate(at);
        out.extend_from_slice(b"null");
    }
}

struct Subscriber {
    id: u64,
    viewer: Viewer,
    /// The version up to which its events were sent.
    sent: u64,
    svg: bool,
    outbox: mpsc::Sender<Utf8Bytes>,
}

pub(crate) struct TableTask {
    shared: Shared,
    me: mpsc::Sender<Command>,
    stored: StoredTable,
    game: Box<dyn DynGame>,
    clock: Option<ClockSettings>,
    clocks: Clocks,
    /// The table's log: one entry per version, as the JSON text stored (a parsed `Value`
    /// costs about ten times the memory, held for the table's life).
    log: Vec<Box<str>>,
    /// Per viewer (seats, then the spectator), per version: the events worded for them, as
    /// the frame's JSON `{"version":V,"events":[…]}`; viewers worded alike share one text.
    events: Vec<Vec<Arc<str>>>,
    subscribers: Vec<Subscriber>,
    next_id: u64,
    /// The version a bot is thinking about.
    bot_thinking: Option<u64>,
    /// Seats that resigned, in order (read from the log).
    resigned: Vec<u8>,
    /// This instance's lease on the table's bots and clocks.
    lease: Lease,
    /// A bot is to move but another instance holds the lease: try again when it expires.
    bot_waiting: bool,
    /// The table of the rematch, once someone asked for one (as stored).
    rematch: Option<String>,
    /// The largest view and legal-action list written so far, in bytes: the next ones are
    /// allocated at that size instead of growing by doubling.
    /// (Atomics only because a table task is `Sync`: one task uses them.)
    view_size: AtomicUsize,
    legal_size: AtomicUsize,
}

/// How long a lease on a table's bots and clocks lasts, and when it is renewed before that.
const LEASE_MS: i64 = 6_000;
const LEASE_RENEW_MS: i64 = 2_000;

/// This instance's knowledge of the lease (see [`Store::lease`]).
#[derive(Default)]
struct Lease {
    /// This instance holds it until then.
    held_until: i64,
    /// Another instance holds it until then.
    blocked_until: i64,
}

fn viewers(players: usize) -> Vec<Viewer> {
    (0..players as u8)
        .map(|s| Viewer::Seat(Seat(s)))
        .chain(std::iter::once(Viewer::Spectator))
        .collect()
}

fn viewer_index(viewer: Viewer, players: usize) -> usize {
    match viewer {
        Viewer::Seat(s) => s.index(),
        Viewer::Spectator => players,
    }
}

fn err(kind: ErrorKind, message: impl Into<String>) -> ApiError {
    ApiError::new(kind, message)
}

impl TableTask {
    /// Rebuilds a table from storage by replaying its log through the checked apply.
    pub(crate) async fn load(
        shared: Shared,
        me: mpsc::Sender<Command>,
        id: &str,
    ) -> Result<TableTask, ApiError> {
        let stored = shared
            .store
            .table(id)
            .await?
            .ok_or_else(|| err(ErrorKind::UnknownTable, format!("there is no table '{id}'")))?;
        let t = &stored.table;
        let game = shared
            .catalog
            .new_game(&t.game, t.players, t.seed, &t.options, true, None)
            .map_err(|e| err(ErrorKind::Storage, format!("table {id}: {e}")))?;
        let clock: Option<ClockSettings> = serde_json::from_value(t.clock.clone())
            .map_err(|e| err(ErrorKind::Storage, format!("table {id} clock: {e}")))?;
        let clocks: Clocks = serde_json::from_value(t.clocks.clone()).unwrap_or_default();
        let players = t.players;
        let rematch = shared.store.rematch(id).await?;
        let mut task = TableTask {
            shared,
            me,
            stored,
            game,
            clock,
            clocks,
            log: Vec::new(),
            events: vec![Vec::new(); players + 1],
            subscribers: Vec::new(),
            next_id: 0,
            bot_thinking: None,
            resigned: Vec::new(),
            lease: Lease::default(),
            bot_waiting: false,
            rematch,
            view_size: AtomicUsize::new(4096),
            legal_size: AtomicUsize::new(1024),
        };
        task.catch_up().await?;
        Ok(task)
    }

    fn id(&self) -> &str {
        &self.stored.table.id
    }

    fn version(&self) -> u64 {
        self.log.len() as u64
    }

    /// Applies one log entry to the game, records its events for every viewer and keeps the
    /// entry in the log.
    fn apply_entry(&mut self, entry: Value) -> Result<(), ApiError> {
        let seat = entry
            .get("seat")
            .and_then(Value::as_u64)
            .and_then(|s| u8::try_from(s).ok())
            .ok_or_else(|| err(ErrorKind::Storage, "a log entry without a seat"))?;
        let players = self.game.players();
        let per_viewer = if entry.get("resign").is_some() {
            if !self.resigned.contains(&seat) {
                self.resigned.push(seat);
            }
            if let Some(row) = self.stored.seats.get_mut(usize::from(seat)) {
                row.resigned = true;
            }
            let text = format!("{} resigned", Seat(seat));
            vec![vec![text]; players + 1]
        } else if entry.get("undo").is_some() {
            self.game
                .undo(Seat(seat))
                .map_err(|e| err(ErrorKind::NoUndo, e.to_string()))?;
            let text = format!("{} took back their last decision", Seat(seat));
            vec![vec![text]; players + 1]
        } else {
            let action = entry
                .get("action")
                .ok_or_else(|| err(ErrorKind::Storage, "a log entry without an action"))?;
            self.game
                .apply_for(action, &viewers(players))
                .map_err(|e| match e {
                    ActionError::Malformed(m) => err(ErrorKind::BadAction, m),
                    ActionError::Illegal(m) => err(ErrorKind::IllegalAction, m),
                })?
        };
        let version = self.version() + 1;
        let mut worded: Vec<(Vec<String>, Arc<str>)> = Vec::with_capacity(2);
        for (log, events) in self.events.iter_mut().zip(per_viewer) {
            let text = match worded.iter().find(|(e, _)| *e == events) {
                Some((_, text)) => text.clone(),
                None => {
                    let mut json = Vec::with_capacity(64);
                    write_json(
                        &mut json,
                        &EventsOut {
                            version,
                            events: &events,
                        },
                    );
                    // serde_json writes UTF-8.
                    let text: Arc<str> = String::from_utf8(json).unwrap_or_default().into();
                    worded.push((events, text.clone()));
                    text
                }
            };
            log.push(text);
        }
        self.log.push(entry.to_string().into_boxed_str());
        Ok(())
    }

    /// Reads what storage has beyond this task's version (another instance's decisions, or
    /// everything at start) and the seats and clocks; rebuilds from scratch if they disagree.
    async fn catch_up(&mut self) -> Result<(), ApiError> {
        let store = self.shared.store.clone();
        let id = self.id().to_string();
        let Some(fresh) = store.table(&id).await? else {
            return Err(err(
                ErrorKind::UnknownTable,
                format!("table '{id}' is gone"),
            ));
        };
        for (version, entry) in store.entries(&id, self.version()).await? {
            if version != self.version() + 1 || self.apply_entry(entry).is_err() {
                return Err(err(
                    ErrorKind::Storage,
                    format!("table {id}: log entry {version} does not follow"),
                ));
            }
        }
        self.clocks = serde_json::from_value(fresh.table.clocks.clone()).unwrap_or_default();
        self.stored = fresh;
        // The log is the truth about resignations (the seat row is written just after it).
        for row in &mut self.stored.seats {
            row.resigned |= self.resigned.contains(&row.seat);
        }
        Ok(())
    }

    /// Catches up; if this task's game went astray (a write refused), starts over from storage.
    async fn resync(&mut self) {
        if self.catch_up().await.is_ok() && self.version() == self.stored.table.version {
            return;
        }
        let id = self.id().to_string();
        if let Ok(fresh) = TableTask::load(self.shared.clone(), self.me.clone(), &id).await {
            self.game = fresh.game;
            self.log = fresh.log;
            self.events = fresh.events;
            self.stored = fresh.stored;
            self.clocks = fresh.clocks;
            self.resigned = fresh.resigned;
            self.rematch = fresh.rematch;
        }
    }

    fn seat_row(&self, seat: u8) -> Option<&SeatRow> {
        self.stored.seats.get(usize::from(seat))
    }

    /// The bot that plays `seat` now, if a bot does.
    fn bot_for(&self, seat: u8) -> Option<BotSpec> {
        let row = self.seat_row(seat)?;
        let spec = match &row.bot {
            Some(spec) => spec.parse().ok()?,
            None => (row.zombie || row.resigned).then(|| self.shared.zombie_bot.clone())?,
        };
        Some(spec.within_ms(self.shared.bot_time_limit_ms))
    }

    fn holder(&self, token_hash: &str) -> Option<u8> {
        self.stored
            .seats
            .iter()
            .find(|r| r.token_hash.as_deref() == Some(token_hash))
            .map(|r| r.seat)
    }

    /// Whether the table is over: the game ended, or players resigned until at most one seat
    /// or only bot seats are left in the game.
    fn ended(&self) -> bool {
        if self.game.status().over() {
            return true;
        }
        if self.resigned.is_empty() {
            return false;
        }
        let playing = || {
            self.stored
                .seats
                .iter()
                .filter(|r| !self.resigned.contains(&r.seat))
        };
        playing().count() <= 1 || playing().all(|r| r.bot.is_some())
    }

    /// The result once the table is over: the final ranking and the winners, resigned seats
    /// last (the last to resign ranks highest among them).
    fn result(&self) -> Value {
        if !self.ended() {
            return Value::Null;
        }
        let by_game = self.game.status().over();
        let score = self.game.score();
        let mut ranking: Vec<u8> = score
            .ranking
            .iter()
            .map(|s| s.0)
            .filter(|s| !self.resigned.contains(s))
            .collect();
        // Before the game's end its ranking is the running score's; it still orders the seats.
        if ranking.is_empty() && !by_game {
            ranking = (0..self.game.players() as u8)
                .filter(|s| !self.resigned.contains(s))
                .collect();
        }
        let mut winners: Vec<u8> = if by_game {
            score
                .winners
                .iter()
                .map(|s| s.0)
                .filter(|s| !self.resigned.contains(s))
                .collect()
        } else {
            Vec::new()
        };
        if winners.is_empty() {
            winners.extend(ranking.first().copied());
        }
        ranking.extend(self.resigned.iter().rev());
        json!({
            "ended_by": if by_game { "game" } else { "resignation" },
            "ranking": ranking,
            "winners": winners,
            "resigned": self.resigned,
        })
    }

    fn to_move(&self) -> Option<u8> {
        if self.ended() {
            return None;
        }
        match self.game.status().to_move {
            Actor::Seat(s) => Some(s.0),
            _ => None,
        }
    }

    fn status(&self) -> TableStatus {
        if self.ended() {
            TableStatus::Over
        } else if self.stored.seats.iter().any(SeatRow::free) {
            TableStatus::Open
        } else {
            TableStatus::Running
        }
    }

    /// Clocks after a decision: the mover's time stops, the next human seat's starts.
    fn next_clocks(&self, mover: u8) -> Clocks {
        let mut clocks = self.clocks.clone();
        if let Some(settings) = &self.clock {
            let now = now_ms();
            clocks.stop(settings, mover, now);
            let next = self.to_move().filter(|&s| self.bot_for(s).is_none());
            clocks.start(settings, next, now);
        }
        clocks
    }

    /// The durable step: the entry is applied, written with a compare-and-swap on the version,
    /// and only then announced. A refused write puts the game back as storage has it.
    async fn commit(&mut self, entry: Value, mover: u8) -> Result<(), ApiError> {
        let version = self.version();
        let before_clocks = self.clocks.clone();
        self.apply_entry(entry)?;
        let entry = &**self.log.last().expect("apply_entry logged the entry");
        let clocks = self.next_clocks(mover);
        // Only what changed is written: the status when it moves on (the stored row is kept
        // as this task knows it), the clocks only where the table has a clock.
        let status = self.status();
        let status_change = (status != self.stored.table.status).then_some(status);
        let clocks_json = self
            .clock
            .is_some()
            .then(|| serde_json::to_value(&clocks).unwrap_or(Value::Null));
        let written = self
            .shared
            .store
            .append_changes(
                self.id(),
                version,
                entry,
                status_change,
                clocks_json.as_ref(),
            )
            .await;
        match written {
            Ok(true) => {
                self.clocks = clocks;
                self.stored.table.version = version + 1;
                self.stored.table.status = self.status();
                self.broadcast();
                self.schedule_bot().await;
                Ok(())
            }
            Ok(false) => {
                self.clocks = before_clocks;
                self.resync().await;
                self.broadcast();
                self.schedule_bot().await;
                Err(err(
                    ErrorKind::StaleVersion,
                    format!(
                        "the table moved on to version {} before this decision was stored; \
                         it was not applied",
                        self.version()
                    ),
                ))
            }
            Err(e) => {
                self.clocks = before_clocks;
                self.resync().await;
                Err(e.into())
            }
        }
    }

    fn check_version(&self, version: u64) -> Result<(), ApiError> {
        if version != self.version() {
            return Err(err(
                ErrorKind::StaleVersion,
                format!(
                    "stale version {version}: the table is at version {}",
                    self.version()
                ),
            ));
        }
        Ok(())
    }

    async fn act(&mut self, seat: u8, version: u64, action: Value) -> Result<(), ApiError> {
        self.check_version(version)?;
        match self.to_move() {
            None => return Err(err(ErrorKind::GameOver, "the game is over")),
            Some(s) if s != seat => {
                return Err(err(
                    ErrorKind::NotYourTurn,
                    format!("{} is to move, not {}", Seat(s), Seat(seat)),
                ))
            }
            Some(_) => {}
        }
        if self.bot_for(seat).is_some() {
            return Err(err(
                ErrorKind::NotYourTurn,
                format!(
                    "a bot plays {} now; reconnect with its token to take it back",
                    Seat(seat)
                ),
            ));
        }
        self.commit(json!({"seat": seat, "action": action}), seat)
            .await
    }

    async fn undo(&mut self, seat: u8, version: u64) -> Result<(), ApiError> {
        self.check_version(version)?;
        self.game
            .can_undo(Seat(seat))
            .map_err(|e| err(ErrorKind::NoUndo, e.to_string()))?;
        self.commit(json!({"seat": seat, "undo": true}), seat).await
    }

    async fn join(&mut self, seat: Option<u8>, name: String) -> Result<(u8, String), ApiError> {
        let name = name.trim().to_string();
        if name.is_empty() || name.chars().count() > 40 || name.chars().any(char::is_control) {
            return Err(err(
                ErrorKind::BadRequest,
                "a name is 1 to 40 printable characters",
            ));
        }
        let seat = match seat {
            Some(s) => s,
            None => self
                .stored
                .seats
                .iter()
                .find(|r| r.free())
                .map(|r| r.seat)
                .ok_or_else(|| err(ErrorKind::SeatTaken, "every seat of this table is taken"))?,
        };
        let row = self.seat_row(seat).ok_or_else(|| {
            err(
                ErrorKind::BadRequest,
                format!(
                    "there is no seat {seat}: seats are 0 to {}",
                    self.stored.seats.len() - 1
                ),
            )
        })?;
        if !row.free() {
            return Err(err(
                ErrorKind::SeatTaken,
                format!("{} is taken", Seat(seat)),
            ));
        }
        let token = new_token();
        let claimed = self
            .shared
            .store
            .claim(self.id(), seat, &name, &hash_token(&token))
            .await?;
        self.resync().await;
        self.broadcast();
        if !claimed {
            return Err(err(
                ErrorKind::SeatTaken,
                format!("{} was just taken", Seat(seat)),
            ));
        }
        self.restart_clock().await;
        Ok((seat, token))
    }

    /// Starts the clock of the seat to move if a person plays it and no clock runs.
    async fn restart_clock(&mut self) {
        let Some(settings) = self.clock else { return };
        let next = self
            .to_move()
            .filter(|&s| self.bot_for(s).is_none() && !self.seat_row(s).is_some_and(SeatRow::free));
        if self.clocks.running == next {
            return;
        }
        self.clocks.start(&settings, next, now_ms());
        self.save_clocks().await;
    }

    async fn save_clocks(&mut self) {
        let clocks = serde_json::to_value(&self.clocks).unwrap_or(Value::Null);
        let saved = self
            .shared
            .store
            .set_clocks(self.id(), self.version(), &clocks)
            .await;
        if !matches!(saved, Ok(true)) {
            self.resync().await;
        }
        self.broadcast();
    }

    async fn set_seat(&mut self, seat: u8, zombie: bool, resigned: bool) -> Result<(), ApiError> {
        self.shared
            .store
            .set_seat_state(self.id(), seat, zombie, resigned)
            .await?;
        if let Some(row) = self.stored.seats.get_mut(usize::from(seat)) {
            row.zombie = zombie;
            row.resigned = resigned;
        }
        if let Some(settings) = self.clock {
            if zombie {
                if self.clocks.running == Some(seat) {
                    self.clocks.stop(&settings, seat, now_ms());
                }
            } else {
                self.clocks.grace(seat);
            }
        }
        self.restart_clock().await;
        self.broadcast();
        self.schedule_bot().await;
        Ok(())
    }

    /// A seat resigns: a decision in the log (durable like any other), then the seat row.
    async fn resign(&mut self, seat: u8) -> Result<(), ApiError> {
        if self.ended() {
            return Err(err(ErrorKind::GameOver, "the game is over"));
        }
        if self.resigned.contains(&seat) {
            return Err(err(
                ErrorKind::BadRequest,
                format!("{} has already resigned", Seat(seat)),
            ));
        }
        self.commit(json!({"seat": seat, "resign": true}), seat)
            .await?;
        // A bot plays the seat's turns if the game goes on without it.
        self.set_seat(seat, true, true).await
    }

    /// Whether this instance may run the table's bots and clocks now: it holds the lease
    /// (taken or renewed here), so that of several instances on one database only one does.
    async fn hold_lease(&mut self) -> bool {
        let now = now_ms();
        if self.lease.held_until > now + LEASE_RENEW_MS {
            return true;
        }
        if self.lease.blocked_until > now {
            return false;
        }
        let id = self.id().to_string();
        match self.shared.store.lease(&id, now, now + LEASE_MS).await {
            Ok(None) => {
                self.lease.held_until = now + LEASE_MS;
                true
            }
            Ok(Some(until)) => {
                self.lease.held_until = 0;
                self.lease.blocked_until = until.max(now) + 1;
                false
            }
            Err(_) => {
                self.lease.held_until = 0;
                self.lease.blocked_until = now + LEASE_RENEW_MS;
                false
            }
        }
    }

    /// The seat to move ran out of time: a bot takes it over (BGA's zombie).
    async fn expire(&mut self) {
        let Some(seat) = self.clocks.running else {
            return;
        };
        if !self.hold_lease().await {
            return;
        }
        let Some(settings) = self.clock else { return };
        self.clocks.stop(&settings, seat, now_ms());
        let resigned = self.seat_row(seat).is_some_and(|r| r.resigned);
        let _ = self.set_seat(seat, true, resigned).await;
    }

    /// When a bot plays the seat to move, asks it off the async runtime (on the instance
    /// that holds the table's lease).
    async fn schedule_bot(&mut self) {
        self.bot_waiting = false;
        let Some(seat) = self.to_move() else { return };
        let Some(spec) = self.bot_for(seat) else {
            return;
        };
        if self.bot_thinking == Some(self.version()) {
            return;
        }
        if !self.hold_lease().await {
            self.bot_waiting = true;
            return;
        }
        let version = self.version();
        self.bot_thinking = Some(version);
        let record = self.game.record();
        let shared = self.shared.clone();
        let me = self.me.clone();
        let seed = self.stored.table.seed ^ version.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        tokio::spawn(async move {
            let Ok(_permit) = shared.bots.clone().acquire_owned().await else {
                return;
            };
            let catalog = shared.catalog.clone();
            // The bot sees a copy rebuilt from the record, and decides from its seat's
            // observation only (DynGame::suggest).
            let choice = tokio::task::spawn_blocking(move || {
                let copy = catalog.load(&record, true, None).ok()?;
                copy.suggest(&spec, seed).ok()
            })
            .await;
            if let Ok(Some(choice)) = choice {
                let _ = me
                    .send(Command::BotMove {
                        version,
                        action: choice.action,
                    })
                    .await;
            }
        });
    }

    async fn bot_move(&mut self, version: u64, action: Value) {
        if self.bot_thinking == Some(version) {
            self.bot_thinking = None;
        }
        if version != self.version() {
            self.schedule_bot().await;
            return;
        }
        let Some(seat) = self.to_move() else { return };
        if self.bot_for(seat).is_none() {
            return;
        }
        if self
            .commit(
                json!({"seat": seat, "action": action, "bot": true, "by": self.shared.store.instance()}),
                seat,
            )
            .await
            .is_err()
        {
            self.schedule_bot().await;
        }
    }

    /// What every frame of the current version shares, computed once per broadcast; the
    /// views, drawings, legal actions and undo answers are computed on first use (so only for
    /// viewers connected) and reused for a second tab of the same viewer.
    fn frame_parts(&self) -> FrameParts {
        let players = self.game.players();
        let over = self.ended();
        let to_move = self.to_move();
        // A running score is computed from the whole state, so where something is hidden it
        // is shown only once the game is over (then everything is public).
        let score = if over || !self.game.info().hidden_information {
            serde_json::to_value(ScoreJson(&self.game.score())).unwrap_or(Value::Null)
        } else {
            Value::Null
        };
        let mut head = Vec::with_capacity(160);
        write_json(
            &mut head,
            &FrameHead {
                kind: "frame",
                table: self.id(),
                game: &self.stored.table.game,
                title: self.game.info().title,
                version: self.version(),
            },
        );
        head.pop(); // the closing brace: the frame goes on
        head.extend_from_slice(b",\"seat\":");
        let mut middle = Vec::with_capacity(48);
        middle.extend_from_slice(b",\"to_move\":");
        write_json(&mut middle, &to_move);
        middle.extend_from_slice(b",\"over\":");
        write_json(&mut middle, &over);
        middle.extend_from_slice(b",\"legal\":");
        let seats: Vec<PublicSeat<'_>> = self.stored.seats.iter().map(PublicSeat::from).collect();
        let mut tail = Vec::with_capacity(512);
        write_json(
            &mut tail,
            &FrameTail {
                score: &score,
                seats: &seats,
                present: &self.presence(),
                clocks: &self.clocks_json(),
                result: &self.result(),
                rematch: self.rematch.as_deref(),
            },
        );
        // `{"score":…}` becomes `,"score":…}`: it follows the viewer's own fields.
        if let Some(first) = tail.first_mut() {
            *first = b',';
        }
        FrameParts {
            to_move,
            head,
            middle,
            tail,
            views: vec![None; players + 1],
            svgs: vec![None; players + 1],
            legal: None,
            can_undo: vec![None; players],
            made: Vec::new(),
        }
    }

    /// The frame for one subscriber: everything in it comes from its viewer's view, the legal
    /// actions of its own seat, and the events worded for it. Written straight to text from
    /// the parts (no JSON tree of the view or the legal actions).
    fn frame(&self, sub: &Subscriber, parts: &mut FrameParts) -> Utf8Bytes {
        let players = self.game.players();
        let index = viewer_index(sub.viewer, players);
        if let Some((.., made)) = parts
            .made
            .iter()
            .find(|(i, sent, svg, _)| *i == index && *sent == sub.sent && *svg == sub.svg)
        {
            return made.clone();
        }
        let seat = match sub.viewer {
            Viewer::Seat(s) => Some(s.0),
            Viewer::Spectator => None,
        };
        let mine = seat.is_some() && seat == parts.to_move;
        if parts.views[index].is_none() {
            // The view, the drawing and the mover's legal actions from one view of the game.
            let mut view = Vec::with_capacity(self.view_size.load(Relaxed));
            let mut svg = (sub.svg && parts.svgs[index].is_none()).then_some(None);
            let mut legal = (mine && parts.legal.is_none())
                .then(|| Vec::with_capacity(self.legal_size.load(Relaxed)));
            match self
                .game
                .write_view_parts(sub.viewer, &mut view, svg.as_mut(), legal.as_mut())
            {
                Ok(wrote_legal) => {
                    if let Some(svg) = svg {
                        let mut text = Vec::new();
                        write_json(&mut text, &svg);
                        parts.svgs[index] = Some(text);
                    }
                    if let Some(legal) = legal.filter(|_| wrote_legal) {
                        self.legal_size.fetch_max(legal.len(), Relaxed);
                        parts.legal = Some(legal);
                    }
                }
                Err(_) => {
                    view.clear();
                    view.extend_from_slice(b"null");
                }
            }
            self.view_size.fetch_max(view.len(), Relaxed);
            parts.views[index] = Some(view);
        }
        // A second tab asking for what the first did not.
        if sub.svg && parts.svgs[index].is_none() {
            let mut svg = Vec::new();
            write_json(&mut svg, &self.game.svg(sub.viewer).ok().flatten());
            parts.svgs[index] = Some(svg);
        }
        if mine && parts.legal.is_none() {
            let mut legal = Vec::with_capacity(self.legal_size.load(Relaxed));
            self.game.write_legal(&mut legal);
            self.legal_size.fetch_max(legal.len(), Relaxed);
            parts.legal = Some(legal);
        }
        // BGA's undo check replays samples of what the seat cannot see: once per version.
        let can_undo = match seat {
            Some(s) => *parts.can_undo[usize::from(s)]
                .get_or_insert_with(|| self.game.can_undo(Seat(s)).is_ok()),
            None => false,
        };
        // The events first, so that the frame is allocated once at its full size.
        let mut events = Vec::with_capacity(256);
        events.push(b'[');
        for e in self.events[index].iter().skip(sub.sent as usize) {
            if events.len() > 1 {
                events.push(b',');
            }
            events.extend_from_slice(e.as_bytes());
        }
        events.push(b']');
        let view = parts.views[index].as_deref().unwrap_or(b"null");
        let svg: &[u8] = match (sub.svg, &parts.svgs[index]) {
            (true, Some(svg)) => svg,
            _ => b"null",
        };
        let legal: &[u8] = match (&parts.legal, mine) {
            (Some(legal), true) => legal,
            _ => b"[]",
        };
        let mut out = Vec::with_capacity(
            parts.head.len()
                + parts.middle.len()
                + view.len()
                + svg.len()
                + legal.len()
                + events.len()
                + parts.tail.len()
                + 96,
        );
        out.extend_from_slice(&parts.head);
        write_json(&mut out, &seat);
        // The legal actions before the view: a client that only acts on them can stop there.
        out.extend_from_slice(&parts.middle);
        out.extend_from_slice(legal);
        out.extend_from_slice(b",\"view\":");
        out.extend_from_slice(view);
        out.extend_from_slice(b",\"svg\":");
        out.extend_from_slice(svg);
        out.extend_from_slice(b",\"can_undo\":");
        write_json(&mut out, &can_undo);
        out.extend_from_slice(b",\"events\":");
        out.extend_from_slice(&events);
        out.extend_from_slice(&parts.tail);
        // Every piece is JSON written by serde_json, so this is UTF-8; the fallback is an
        // error frame, never a broken one.
        let frame: Utf8Bytes = match String::from_utf8(out) {
            Ok(text) => text.into(),
            Err(_) => json!({"type": "error", "kind": ErrorKind::Storage, "message": "the frame is not UTF-8"})
                .to_string()
                .into(),
        };
        parts.made.push((index, sub.sent, sub.svg, frame.clone()));
        frame
    }

    /// Which seats have a client connected now.
    fn presence(&self) -> Vec<bool> {
        (0..self.game.players() as u8)
            .map(|s| {
                self.subscribers
                    .iter()
                    .any(|sub| sub.viewer == Viewer::Seat(Seat(s)))
            })
            .collect()
    }

    fn clocks_json(&self) -> Value {
        if self.clock.is_none() {
            return Value::Null;
        }
        json!({
            "settings": self.clock,
            "remaining_ms": self.clocks.remaining_ms,
            "running": self.clocks.running,
            "deadline_ms": self.clocks.deadline_ms,
            "now_ms": now_ms(),
        })
    }

    /// Sends every subscriber its frame; one that cannot keep up is dropped.
    fn broadcast(&mut self) {
        let version = self.version();
        let mut dropped = Vec::new();
        let mut parts = self.frame_parts();
        // The seat to move first: its frame is the one the table waits on.
        let order: Vec<usize> = {
            let first = |s: &Subscriber| match s.viewer {
                Viewer::Seat(seat) => Some(seat.0) != parts.to_move,
                Viewer::Spectator => true,
            };
            let mut order: Vec<usize> = (0..self.subscribers.len()).collect();
            order.sort_by_key(|&i| first(&self.subscribers[i]));
            order
        };
        for i in order {
            let sub = &self.subscribers[i];
            let frame = self.frame(sub, &mut parts);
            if sub.outbox.try_send(frame).is_err() {
                dropped.push(sub.id);
            }
        }
        self.subscribers.retain(|s| !dropped.contains(&s.id));
        for sub in &mut self.subscribers {
            sub.sent = version;
        }
    }

    fn subscribe(
        &mut self,
        viewer: Viewer,
        since: Option<u64>,
        svg: bool,
        outbox: mpsc::Sender<Utf8Bytes>,
    ) -> u64 {
        self.next_id += 1;
        let sub = Subscriber {
            id: self.next_id,
            viewer,
            sent: since.unwrap_or(0).min(self.version()),
            svg,
            outbox,
        };
        let mut parts = self.frame_parts();
        let frame = self.frame(&sub, &mut parts);
        if sub.outbox.try_send(frame).is_ok() {
            let mut sub = sub;
            sub.sent = self.version();
            self.subscribers.push(sub);
        }
        self.next_id
    }

    fn record(&self) -> Result<Value, ApiError> {
        if !self.ended() {
            return Err(err(
                ErrorKind::NotOver,
                "the record is public once the game is over",
            ));
        }
        let mut record = self.game.record();
        record.seats = self
            .stored
            .seats
            .iter()
            .map(|r| {
                r.bot
                    .clone()
                    .or_else(|| r.name.clone())
                    .unwrap_or_else(|| "empty".into())
            })
            .collect();
        let log: Vec<Value> = self
            .log
            .iter()
            .map(|text| serde_json::from_str(text).unwrap_or(Value::Null))
            .collect();
        Ok(json!({"record": record, "log": log}))
    }

    /// Serves commands until every handle to the table is gone.
    pub(crate) async fn run(mut self, mut inbox: mpsc::Receiver<Command>) {
        self.schedule_bot().await;
        self.restart_clock().await;
        let mut last_command = Instant::now();
        loop {
            let idle_for = Duration::from_millis(if self.ended() {
                self.shared.finished_table_ms.min(self.shared.idle_table_ms)
            } else {
                self.shared.idle_table_ms
            });
            // Wake for the running clock's deadline (not before another instance's lease on
            // it expires) and, while a bot waits for the lease, when the lease expires.
            let deadline = self
                .clocks
                .deadline_ms
                .filter(|_| self.clocks.running.is_some() && !self.ended())
                .map(|d| d.max(self.lease.blocked_until));
            let retry = self.bot_waiting.then_some(self.lease.blocked_until);
            let wake = match (deadline, retry) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let mut wait =
                wake.map(|d| Duration::from_millis(u64::try_from(d - now_ms()).unwrap_or(0)));
            // A table with nothing to wake for leaves memory once it has been idle a while.
            let idle_at = (wake.is_none() && self.bot_thinking.is_none())
                .then(|| (last_command + idle_for).saturating_duration_since(Instant::now()));
            if let Some(idle) = idle_at {
                wait = Some(wait.map_or(idle, |w| w.min(idle)));
            }
            let command = match wait {
                Some(wait) => match tokio::time::timeout(wait, inbox.recv()).await {
                    Ok(c) => c,
                    Err(_) => {
                        if deadline.is_some_and(|d| d <= now_ms()) {
                            self.expire().await;
                        }
                        if self.bot_waiting {
                            self.schedule_bot().await;
                        }
                        if idle_at.is_some() && last_command.elapsed() >= idle_for {
                            if self.leave_memory(&inbox).await {
                                return;
                            }
                            // Someone still holds a sender (an open connection): ask again
                            // an idle time later, not at once and for ever.
                            last_command = Instant::now();
                        }
                        continue;
                    }
                },
                None => inbox.recv().await,
            };
            let Some(command) = command else { return };
            last_command = Instant::now();
            self.handle(command).await;
        }
    }

    /// Takes the table out of this instance's memory if no one else can reach it: its own
    /// sender is the only one (no connection, request or bot holds one) and nothing waits in
    /// its inbox. Decided under the registry's lock, which every new sender is taken under, so
    /// no command can arrive after. Everything is in storage: the next request rebuilds the
    /// table from its log, as after a restart.
    async fn leave_memory(&mut self, inbox: &mpsc::Receiver<Command>) -> bool {
        let mut open = self.shared.open.lock().await;
        if self.me.strong_count() != 1 || !inbox.is_empty() {
            return false;
        }
        let ours = open
            .get(self.id())
            .and_then(mpsc::WeakSender::upgrade)
            .is_some_and(|tx| tx.same_channel(&self.me));
        if ours {
            open.remove(self.id());
        }
        true
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Subscribe {
                viewer,
                since,
                svg,
                outbox,
                reply,
            } => {
                let before = self.presence();
                let id = self.subscribe(viewer, since, svg, outbox);
                let _ = reply.send(id);
                if self.presence() != before {
                    self.broadcast();
                }
            }
            Command::Unsubscribe(id) => {
                let before = self.presence();
                self.subscribers.retain(|s| s.id != id);
                if self.presence() != before {
                    self.broadcast();
                }
            }
            Command::Act {
                seat,
                version,
                action,
                reply,
            } => {
                let result = self.act(seat, version, action).await;
                let _ = reply.send(result);
            }
            Command::Undo {
                seat,
                version,
                reply,
            } => {
                let result = self.undo(seat, version).await;
                let _ = reply.send(result);
            }
            Command::Join { seat, name, reply } => {
                let result = self.join(seat, name).await;
                let _ = reply.send(result);
            }
            Command::Return { seat } => {
                if let Some(row) = self.seat_row(seat) {
                    if row.zombie && !row.resigned {
                        let _ = self.set_seat(seat, false, false).await;
                    }
                }
            }
            Command::Leave { seat, reply } => {
                let resigned = self.resigned.contains(&seat);
                let result = self.set_seat(seat, true, resigned).await;
                let _ = reply.send(result);
            }
            Command::Resign { seat, reply } => {
                let result = self.resign(seat).await;
                let _ = reply.send(result);
            }
            Command::SeatOf { token_hash, reply } => {
                let mut seat = self.holder(&token_hash);
                if seat.is_none() {
                    // Joined through another instance a moment ago?
                    self.resync().await;
                    seat = self.holder(&token_hash);
                }
                let _ = reply.send(seat);
            }
            Command::BotMove { version, action } => self.bot_move(version, action).await,
            Command::Refresh => {
                let before = (
                    self.version(),
                    self.stored.seats.clone(),
                    self.clocks.clone(),
                );
                self.resync().await;
                let rematch_before = self.rematch.clone();
                if self.ended() && self.rematch.is_none() {
                    // Another instance may have made the rematch.
                    if let Ok(r) = self.shared.store.rematch(self.id()).await {
                        self.rematch = r;
                    }
                }
                if before
                    != (
                        self.version(),
                        self.stored.seats.clone(),
                        self.clocks.clone(),
                    )
                    || rematch_before != self.rematch
                {
                    self.broadcast();
                    self.schedule_bot().await;
                }
            }
            Command::Rematch { reply } => {
                let plan = if !self.ended() {
                    Err(err(ErrorKind::NotOver, "a rematch is for a finished game"))
                } else if let Some(id) = &self.rematch {
                    Ok(json!({"existing": id}))
                } else {
                    let t = &self.stored.table;
                    let seats: Vec<String> = self
                        .stored
                        .seats
                        .iter()
                        .map(|r| r.bot.clone().unwrap_or_else(|| "human".into()))
                        .collect();
                    Ok(
                        json!({"game": t.game, "players": t.players, "options": t.options,
                              "seats": seats, "clock": t.clock}),
                    )
                };
                let _ = reply.send(plan);
            }
            Command::SetRematch { id, reply } => {
                // Stored before it is told, like a decision: a restart or another instance
                // sends everyone to the same rematch.
                match self.shared.store.set_rematch(self.id(), &id).await {
                    Ok(chosen) => {
                        self.rematch = Some(chosen.clone());
                        let _ = reply.send(Ok(chosen));
                        self.broadcast();
                    }
                    Err(e) => {
                        let _ = reply.send(Err(e.into()));
                    }
                }
            }
            Command::Record { reply } => {
                let _ = reply.send(self.record());
            }
        }
    }
}
