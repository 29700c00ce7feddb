//! The HTTP routes (lobby, create, join, record) and the WebSocket per client.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{json, Value};
use sylvan_bots::{BotSpec, Budget};
use sylvan_catalog::{Seat, Viewer};
use tokio::sync::{mpsc, oneshot};

use crate::clock::{now_ms, ClockSettings, Clocks};
use crate::store::{SeatRow, StoredTable, TableRow, TableStatus};
use crate::table::Command;
use crate::{hash_token, new_id, ApiError, ErrorKind, Tables};

/// The largest request body or WebSocket message accepted, in bytes.
pub const MAX_MESSAGE: usize = 16 * 1024;
/// Beyond this a message is not even read: the connection is closed.
const MAX_WIRE_MESSAGE: usize = 256 * 1024;
/// Messages a connection may send per second on average, and in a burst.
const RATE_PER_SEC: f64 = 50.0;
const BURST: f64 = 100.0;
/// Refused messages after which a flooding connection is closed.
const MAX_REFUSALS: u32 = 200;
/// Frames queued for one connection before it is dropped as too slow.
const OUTBOX: usize = 64;
/// A connection's read buffer. tungstenite zero-fills it on every read (128 KiB by default
/// cost more than anything else per decision, 8 KiB still 3 % of the CPU with the clients);
/// client messages are small (an action is a few hundred bytes, 16 KiB at most) and a larger
/// one is read in several pieces.
const READ_BUFFER: usize = 2 * 1024;

type App = Arc<Tables>;

/// The browser tabletop: one HTML page for every route (the module reads the path), its
/// bundled script (built by esbuild from `web/src/app.ts`, committed) and its style.
const PAGE: &str = include_str!("../web/app.html");
const SCRIPT: &str = include_str!("../web/dist/app.js");
const STYLE: &str = include_str!("../web/style.css");
/// The largest record a replay request may carry.
const MAX_RECORD: usize = 4 * 1024 * 1024;

pub(crate) fn router(tables: Arc<Tables>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/t/{id}", get(page))
        .route(
            "/replay",
            get(page)
                .post(replay)
                .layer(DefaultBodyLimit::max(MAX_RECORD)),
        )
        .route("/replay/{id}", get(page))
        .route("/app.js", get(script))
        .route("/style.css", get(style))
        .route("/games/{name}/picture.svg", get(picture))
        .route("/tables/{id}/rematch", post(rematch))
        .route("/games", get(games))
        .route("/tables", get(lobby).post(create))
        .route("/tables/{id}/join", post(join))
        .route("/tables/{id}/record", get(record))
        .route("/tables/{id}/ws", get(ws))
        .layer(DefaultBodyLimit::max(MAX_MESSAGE))
        .with_state(tables)
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status =
            StatusCode::from_u16(self.kind.http_status()).unwrap_or(StatusCode::BAD_REQUEST);
        (status, Json(error_json(&self))).into_response()
    }
}

fn error_json(e: &ApiError) -> Value {
    json!({"type": "error", "kind": e.kind, "message": e.message})
}

fn bad(kind: ErrorKind, message: impl Into<String>) -> ApiError {
    ApiError::new(kind, message)
}

async fn ask<T>(
    tx: &mpsc::Sender<Command>,
    make: impl FnOnce(oneshot::Sender<T>) -> Command,
) -> Result<T, ApiError> {
    let (reply, answer) = oneshot::channel();
    let gone = || bad(ErrorKind::Storage, "the table's task stopped; try again");
    tx.send(make(reply)).await.map_err(|_| gone())?;
    answer.await.map_err(|_| gone())
}

async fn page() -> Response {
    (
        [(axum::http::header::CONTENT_TYPE, "text/html; charset=utf-8")],
        PAGE,
    )
        .into_response()
}

async fn script() -> Response {
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/javascript; charset=utf-8",
        )],
        SCRIPT,
    )
        .into_response()
}

async fn style() -> Response {
    (
        [(axum::http::header::CONTENT_TYPE, "text/css; charset=utf-8")],
        STYLE,
    )
        .into_response()
}

/// A game's picture for the lobby: its drawing after setup, as a spectator sees it.
async fn picture(State(app): State<App>, Path(name): Path<String>) -> Result<Response, ApiError> {
    let kind = app
        .shared
        .catalog
        .get(&name)
        .map_err(|e| bad(ErrorKind::BadRequest, e.to_string()))?;
    let svg = kind
        .new_game(kind.info().default_players(), 1, &Value::Null, true, None)
        .ok()
        .and_then(|g| g.svg(Viewer::Spectator).ok().flatten())
        .ok_or_else(|| bad(ErrorKind::BadRequest, format!("{name} has no drawing")))?;
    Ok(([(axum::http::header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

/// One step of a replay: the record (a finished table's, or an uploaded one) replayed up to
/// `at` decisions, as `viewer` (a seat or `spectator`) sees it.
async fn replay(
    State(app): State<App>,
    Query(q): Query<HashMap<String, String>>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let mut record: sylvan_catalog::Record = parse_body(&body)?;
    let at = match q.get("at") {
        None => record.actions.len(),
        Some(v) => v.parse::<usize>().map_err(|_| {
            bad(
                ErrorKind::BadRequest,
                format!("at must be a number of decisions, not '{v}'"),
            )
        })?,
    };
    if at > record.actions.len() {
        return Err(bad(
            ErrorKind::BadRequest,
            format!(
                "at {at}: the record has only {} decisions",
                record.actions.len()
            ),
        ));
    }
    let viewer = match q.get("viewer").map(String::as_str) {
        None | Some("spectator") => Viewer::Spectator,
        Some(v) => match v.parse::<u8>() {
            Ok(s) if usize::from(s) < record.players => Viewer::Seat(Seat(s)),
            _ => {
                return Err(bad(
                    ErrorKind::BadRequest,
                    format!(
                        "viewer is a seat (0 to {}) or 'spectator', not '{v}'",
                        record.players.saturating_sub(1)
                    ),
                ))
            }
        },
    };
    record.actions.truncate(at);
    let game = app.shared.catalog.load(&record, false, None).map_err(|e| {
        bad(
            ErrorKind::BadRequest,
            format!("the record does not replay: {e}"),
        )
    })?;
    let events = game
        .history(sylvan_catalog::Audience::Viewer(viewer))
        .pop()
        .filter(|_| at > 0)
        .unwrap_or_default();
    Ok(Json(json!({
        "at": at,
        "decisions": record.actions.len(),
        "view": game.view(viewer).unwrap_or(Value::Null),
        "svg": game.svg(viewer).ok().flatten(),
        "events": events,
        "score": serde_json::to_value(sylvan_catalog::ScoreJson(&game.score())).unwrap_or(Value::Null),
    })))
}

/// A rematch of a finished table: the same game, players, options, clock and bots; each
/// person joins the same seat again from the link every frame then carries.
async fn rematch(State(app): State<App>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let tx = app.get(&id).await?;
    let plan = ask(&tx, |reply| Command::Rematch { reply }).await??;
    if let Some(existing) = plan.get("existing").and_then(Value::as_str) {
        return Ok(Json(json!({"id": existing})));
    }
    let req: CreateRequest = serde_json::from_value(plan)
        .map_err(|e| bad(ErrorKind::Storage, format!("the table's settings: {e}")))?;
    let table = create_table(&app, req).await?;
    let new_id = table.table.id.clone();
    let chosen = ask(&tx, |reply| Command::SetRematch { id: new_id, reply }).await??;
    Ok(Json(json!({"id": chosen})))
}

async fn games(State(app): State<App>) -> Json<Value> {
    let list: Vec<Value> = app
        .shared
        .catalog
        .games()
        .map(|k| {
            let info = k.info();
            // What the bot levels search in this game, at two players (its default table).
            let levels = k
                .level_iterations(info.default_players())
                .map_or(Value::Null, |[easy, medium, hard]| {
                    json!({"easy": easy, "medium": medium, "hard": hard})
                });
            json!({
                "name": info.name,
                "title": info.title,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "hidden_information": info.hidden_information,
                "options": k.default_options(),
                "option_help": k.option_help(),
                "summary": k.summary(),
                "levels": levels,
                "description": format!(
                    "{}, for {}{} players{}",
                    info.title,
                    info.min_players,
                    if info.max_players > info.min_players { format!("–{}", info.max_players) } else { String::new() },
                    if info.hidden_information { "; some of it hidden" } else { "; nothing hidden" }
                ),
            })
        })
        .collect();
    Json(json!({ "games": list }))
}

fn lobby_entry(app: &Tables, t: &StoredTable) -> Value {
    let title = app
        .shared
        .catalog
        .get(&t.table.game)
        .map(|k| k.info().title)
        .unwrap_or_default();
    json!({
        "id": t.table.id,
        "game": t.table.game,
        "title": title,
        "players": t.table.players,
        "options": t.table.options,
        "status": t.table.status,
        "version": t.table.version,
        "clock": t.table.clock,
        "seats": t.seats.iter().map(SeatRow::public_json).collect::<Vec<_>>(),
    })
}

async fn lobby(
    State(app): State<App>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let statuses = match q.get("status").map(String::as_str) {
        None => vec![TableStatus::Open, TableStatus::Running],
        Some(text) => text
            .split(',')
            .map(|s| {
                serde_json::from_value(Value::String(s.to_string())).map_err(|_| {
                    bad(
                        ErrorKind::BadRequest,
                        format!("unknown status '{s}' (open, running, over)"),
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?,
    };
    let tables = app.shared.store.list(&statuses, 500).await?;
    Ok(Json(
        json!({"tables": tables.iter().map(|t| lobby_entry(&app, t)).collect::<Vec<_>>()}),
    ))
}

fn parse_body<T: serde::de::DeserializeOwned>(body: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| {
        bad(
            ErrorKind::BadFrame,
            format!("the request body is not valid: {e}"),
        )
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CreateRequest {
    game: String,
    players: usize,
    #[serde(default)]
    options: Value,
    #[serde(default)]
    seats: Option<Vec<String>>,
    #[serde(default)]
    clock: Option<ClockSettings>,
    #[serde(default)]
    seed: Option<u64>,
}

async fn create(State(app): State<App>, body: Bytes) -> Result<Response, ApiError> {
    let req: CreateRequest = parse_body(&body)?;
    let table = create_table(&app, req).await?;
    Ok((StatusCode::CREATED, Json(lobby_entry(&app, &table))).into_response())
}

/// Checks a table's request, stores the table and starts its task.
async fn create_table(app: &Tables, req: CreateRequest) -> Result<StoredTable, ApiError> {
    let catalog = &app.shared.catalog;
    let seed = req.seed.unwrap_or_else(|| {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).expect("the operating system provides randomness");
        u64::from_le_bytes(bytes)
    });
    // Starting the game checks the game, the player count and the options.
    let game = catalog
        .new_game(&req.game, req.players, seed, &req.options, true, None)
        .map_err(|e| bad(ErrorKind::BadRequest, e.to_string()))?;
    let seats = req
        .seats
        .unwrap_or_else(|| vec!["human".to_string(); req.players]);
    if seats.len() != req.players {
        return Err(bad(
            ErrorKind::BadRequest,
            format!("{} seats listed for {} players", seats.len(), req.players),
        ));
    }
    let mut rows = Vec::new();
    for (i, text) in seats.iter().enumerate() {
        let bot = if text == "human" {
            None
        } else {
            let spec: BotSpec = text
                .parse()
                .and_then(BotSpec::for_people)
                .map_err(|e| bad(ErrorKind::BadRequest, format!("seat {i}: {e}")))?;
            let limit = app.shared.bot_time_limit_ms;
            if let Budget::Millis(ms) = spec.budget {
                if ms > limit {
                    return Err(bad(
                        ErrorKind::BadRequest,
                        format!(
                            "seat {i}: '{text}' thinks {ms} ms a decision, and this server \
                             lets a bot think at most {limit} ms"
                        ),
                    ));
                }
            }
            Some(spec.label)
        };
        rows.push(SeatRow {
            seat: i as u8,
            bot,
            name: None,
            token_hash: None,
            zombie: false,
            resigned: false,
        });
    }
    if let Some(clock) = &req.clock {
        clock
            .validate()
            .map_err(|e| bad(ErrorKind::BadRequest, e))?;
    }
    let status = if rows.iter().any(SeatRow::free) {
        TableStatus::Open
    } else {
        TableStatus::Running
    };
    let table = StoredTable {
        table: TableRow {
            id: new_id(),
            game: req.game,
            players: req.players,
            options: game.options(),
            seed,
            clock: serde_json::to_value(req.clock).unwrap_or(Value::Null),
            clocks: req
                .clock
                .map(|c| serde_json::to_value(Clocks::new(&c, req.players)).unwrap_or(Value::Null))
                .unwrap_or_else(|| json!({})),
            version: 0,
            status,
            created_ms: now_ms(),
        },
        seats: rows,
    };
    app.shared.store.create(&table).await?;
    app.get(&table.table.id).await?;
    Ok(table)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    name: String,
    #[serde(default)]
    seat: Option<u8>,
}

async fn join(
    State(app): State<App>,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let req: JoinRequest = parse_body(&body)?;
    let tx = app.get(&id).await?;
    let (seat, token) = ask(&tx, |reply| Command::Join {
        seat: req.seat,
        name: req.name,
        reply,
    })
    .await??;
    Ok(Json(json!({"table": id, "seat": seat, "token": token})))
}

async fn record(State(app): State<App>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let tx = app.get(&id).await?;
    Ok(Json(ask(&tx, |reply| Command::Record { reply }).await??))
}

async fn ws(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let tx = app.get(&id).await?;
    let viewer = match q.get("token") {
        None => Viewer::Spectator,
        Some(token) => {
            let token_hash = hash_token(token);
            match ask(&tx, |reply| Command::SeatOf { token_hash, reply }).await? {
                Some(seat) => Viewer::Seat(Seat(seat)),
                None => {
                    return Err(bad(
                        ErrorKind::BadToken,
                        format!("this token holds no seat at table {id}"),
                    ))
                }
            }
        }
    };
    let since = match q.get("since") {
        None => None,
        Some(v) => Some(v.parse::<u64>().map_err(|_| {
            bad(
                ErrorKind::BadRequest,
                format!("since must be a version, not '{v}'"),
            )
        })?),
    };
    let svg = q.get("svg").map(String::as_str) != Some("0");
    Ok(upgrade
        .read_buffer_size(READ_BUFFER)
        .max_message_size(MAX_WIRE_MESSAGE)
        .max_frame_size(MAX_WIRE_MESSAGE)
        .on_upgrade(move |socket| connection(socket, tx, viewer, since, svg)))
}

/// A token bucket: `RATE_PER_SEC` messages a second, bursts of `BURST`.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * RATE_PER_SEC;
        self.tokens = (self.tokens + refill).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

async fn subscribe(
    tx: &mpsc::Sender<Command>,
    viewer: Viewer,
    since: Option<u64>,
    svg: bool,
    outbox: mpsc::Sender<Utf8Bytes>,
) -> Option<u64> {
    ask(tx, |reply| Command::Subscribe {
        viewer,
        since,
        svg,
        outbox,
        reply,
    })
    .await
    .ok()
}

async fn connection(
    socket: WebSocket,
    tx: mpsc::Sender<Command>,
    viewer: Viewer,
    since: Option<u64>,
    svg: bool,
) {
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut frames) = mpsc::channel::<Utf8Bytes>(OUTBOX);
    let Some(mut sub) = subscribe(&tx, viewer, since, svg, outbox.clone()).await else {
        return;
    };
    let seat = match viewer {
        Viewer::Seat(s) => Some(s.0),
        Viewer::Spectator => None,
    };
    if let Some(seat) = seat {
        let _ = tx.send(Command::Return { seat }).await;
    }
    let mut bucket = Bucket {
        tokens: BURST,
        at: Instant::now(),
    };
    let mut refusals = 0;
    let close = |code: u16, reason: &str| {
        Message::Close(Some(CloseFrame {
            code,
            reason: reason.to_string().into(),
        }))
    };
    loop {
        tokio::select! {
            frame = frames.recv() => match frame {
                Some(frame) => {
                    // Frames queued meanwhile go out with it, in one write.
                    let mut sent = sink.feed(Message::Text(frame)).await;
                    while sent.is_ok() {
                        match frames.try_recv() {
                            Ok(frame) => sent = sink.feed(Message::Text(frame)).await,
                            Err(_) => break,
                        }
                    }
                    if sent.is_err() || sink.flush().await.is_err() {
                        break;
                    }
                }
                None => break,
            },
            message = stream.next() => {
                let text = match message {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(_))) => {
                        let e = bad(ErrorKind::BadFrame, "send JSON as text messages");
                        let _ = sink.send(Message::Text(error_json(&e).to_string().into())).await;
                        continue;
                    }
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => {
                        let reason = format!("refused: {e} (messages are at most {MAX_MESSAGE} bytes)");
                        // The socket may already be unusable; the close is a courtesy.
                        let _ = sink.send(close(1009, &reason)).await;
                        break;
                    }
                };
                let answer = if text.len() > MAX_MESSAGE {
                    Err(bad(ErrorKind::BadFrame, format!(
                        "a message of {} bytes is refused: at most {MAX_MESSAGE}", text.len()
                    )))
                } else if bucket.take() {
                    on_message(&tx, seat, &text, &mut sub, viewer, svg, &outbox).await
                } else {
                    refusals += 1;
                    Err(bad(ErrorKind::RateLimited, format!(
                        "too many messages: at most {RATE_PER_SEC} a second (bursts of {BURST})"
                    )))
                };
                if let Err(e) = answer {
                    if sink.send(Message::Text(error_json(&e).to_string().into())).await.is_err() {
                        break;
                    }
                }
                if refusals > MAX_REFUSALS {
                    let _ = sink.send(close(1008, "closed: flooding")).await;
                    break;
                }
            }
        }
    }
    // Drain nothing more: the table drops frames for a closed outbox.
    let _ = tx.send(Command::Unsubscribe(sub)).await;
}

fn version_of(message: &Value) -> Result<u64, ApiError> {
    message
        .get("version")
        .and_then(Value::as_u64)
        .ok_or_else(|| {
            bad(
                ErrorKind::BadFrame,
                "missing \"version\": the table version the message answers",
            )
        })
}

async fn on_message(
    tx: &mpsc::Sender<Command>,
    seat: Option<u8>,
    text: &str,
    sub: &mut u64,
    viewer: Viewer,
    svg: bool,
    outbox: &mpsc::Sender<Utf8Bytes>,
) -> Result<(), ApiError> {
    let message: Value = serde_json::from_str(text)
        .map_err(|e| bad(ErrorKind::BadFrame, format!("not JSON: {e}")))?;
    if !message.is_object() {
        return Err(bad(ErrorKind::BadFrame, "a message is a JSON object"));
    }
    let cmd = match message.get("cmd") {
        None if message.get("action").is_some() => "act",
        None => {
            return Err(bad(
                ErrorKind::BadFrame,
                "a message has \"cmd\" or \"action\"",
            ))
        }
        Some(c) => c
            .as_str()
            .ok_or_else(|| bad(ErrorKind::BadFrame, "\"cmd\" is a string"))?,
    };
    if cmd == "sync" {
        let since = message.get("since").and_then(Value::as_u64);
        let _ = tx.send(Command::Unsubscribe(*sub)).await;
        *sub = subscribe(tx, viewer, since, svg, outbox.clone())
            .await
            .ok_or_else(|| bad(ErrorKind::Storage, "the table's task stopped"))?;
        return Ok(());
    }
    let Some(seat) = seat else {
        return Err(bad(
            ErrorKind::NotYourTurn,
            "spectators watch: connect with a seat's token to play",
        ));
    };
    match cmd {
        "act" => {
            let version = version_of(&message)?;
            let action = message
                .get("action")
                .cloned()
                .ok_or_else(|| bad(ErrorKind::BadFrame, "missing \"action\""))?;
            ask(tx, |reply| Command::Act {
                seat,
                version,
                action,
                reply,
            })
            .await?
        }
        "undo" => {
            let version = version_of(&message)?;
            ask(tx, |reply| Command::Undo {
                seat,
                version,
                reply,
            })
            .await?
        }
        "leave" => ask(tx, |reply| Command::Leave { seat, reply }).await?,
        "resign" => ask(tx, |reply| Command::Resign { seat, reply }).await?,
        other => Err(bad(
            ErrorKind::BadFrame,
            format!(
                "unknown cmd '{}' (act, undo, leave, resign, sync)",
                other.chars().take(40).collect::<String>()
            ),
        )),
    }
}
