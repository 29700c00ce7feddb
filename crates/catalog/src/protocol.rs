//! The engine protocol, version 1 (`design/protocol.md`): one JSON request per line in, one
//! JSON response per line out.
//!
//! Choices the specification leaves open, made here:
//! - `seed` and `players` are required in `new` (only `options` and `auto_chance` are optional);
//!   a missing field is a `parse` error.
//! - `view` with a seat that is not at the table is a `parse` error (a field with a bad value);
//!   a missing `seat` means the spectator, like `null`.
//! - `load` works with or without a game in progress; the loaded game keeps the session's
//!   `auto_chance` (true before any `new`). A record that is not a JSON object is a `parse`
//!   error; an object that is not a record, names an unknown game or does not replay is a
//!   `bad_record`.
//! - `list` adds `has_chance` and `hidden_information` to each game.
//! - `apply` words its events by [`Audience::All`] (for a spectator in a game that hides
//!   anything) unless the request names a `"viewer"`: a seat number at the table, or `null`
//!   for a spectator; the events are then worded for that viewer, as the game redacts for it
//!   (a seat learns its own hidden draws, a spectator does not). A seat that is not at the table
//!   or a value of another type is a `parse` error and nothing is applied.
//! - `new` takes an optional `"components"`: the text of a corrected component file (what
//!   `--components FILE` reads), for games that have component data; bad data is
//!   `bad_options`. The game's records then carry that data and its hash
//!   (`"components":{"hash":..,"data":..}`), and `load` rebuilds the game from it with no
//!   file. A record whose data does not match its hash is a `bad_record`.
//! - Added in this version (fields only added): `{"cmd":"bot","name":NAME}` with
//!   `"iterations":N` or `"budget_ms":MS` (neither: the `medium` difficulty), and optional
//!   `"seed"` and `"threads"`, answers `{"ok":true,"action":ACTION,"text":TEXT}`: what the bot
//!   would play for the seat to move, decided from that seat's view alone, not applied. `NAME`
//!   is `random`, `greedy`, `mcts` or `ismcts`, optionally with a difficulty (`ismcts:hard`).
//!   Two error kinds are added for it: `bad_bot` (unknown name, zero or absurd budget, both
//!   budgets given) and `no_decision` (the game is over, or chance is to move).
//!
//! ```
//! use sylvan_catalog::{protocol::Engine, Catalog};
//!
//! let mut engine = Engine::new(Catalog::standard());
//! let hello = engine.respond(r#"{"cmd":"hello"}"#).expect("a request gets a response");
//! assert!(hello.starts_with(r#"{"ok":true,"#) && hello.contains(r#""protocol":1"#));
//! assert_eq!(engine.respond("   "), None); // empty lines are ignored
//! let err = engine.respond(r#"{"cmd":"legal"}"#).expect("a response");
//! assert!(err.contains(r#""kind":"no_game""#));
//! ```

use std::io::{self, BufRead, Write};

use serde::Serialize;
use serde_json::{json, Map, Value};
use sylvan_engine::{Record, Seat, Viewer, ENGINE_VERSION};

use sylvan_bots::{BotError, BotSpec, Budget};

use crate::table::{Audience, DynGame, ScoreJson};
use crate::{ActionError, Catalog, CatalogError};

/// The protocol version this engine speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest request line accepted, in bytes (newline excluded).
pub const MAX_LINE: usize = 1 << 20;

/// Why a request failed: the `kind` of the error envelope.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// Not a JSON object, `cmd` missing or unknown, or a field of the wrong type.
    Parse,
    /// `new` names a game that does not exist.
    UnknownGame,
    /// The player count or an option is not allowed for that game.
    BadOptions,
    /// A game command before any `new`.
    NoGame,
    /// Not a well-formed action of this game.
    BadAction,
    /// Well-formed but not legal now.
    IllegalAction,
    /// `load` got a record that does not replay.
    BadRecord,
    /// `bot` names no bot, or its budget is zero, absurd or given twice.
    BadBot,
    /// `bot` was asked when no seat is to move: the game is over, or chance decides.
    NoDecision,
}

/// A failed request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError {
    /// Which kind of failure.
    pub kind: ErrorKind,
    /// What went wrong, for a person.
    pub message: String,
}

impl ProtocolError {
    fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        ProtocolError {
            kind,
            message: message.into(),
        }
    }

    fn parse(message: impl Into<String>) -> Self {
        ProtocolError::new(ErrorKind::Parse, message)
    }

    /// The response line for this error.
    pub fn to_line(&self) -> String {
        json!({"ok": false, "error": {"kind": self.kind, "message": self.message}}).to_string()
    }
}

/// One engine session: the catalog it serves and the game in progress, if any.
pub struct Engine {
    catalog: Catalog,
    game: Option<Box<dyn DynGame>>,
    /// The component file's text the game was built from, if not the game's own: its
    /// records carry it.
    components: Option<String>,
    quit: bool,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(Catalog::standard())
    }
}

type Reply = Result<Value, ProtocolError>;

impl Engine {
    /// An engine serving the games of `catalog`, with no game started.
    pub fn new(catalog: Catalog) -> Self {
        Engine {
            catalog,
            game: None,
            components: None,
            quit: false,
        }
    }

    /// Whether a `quit` request has been answered.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Answers one request line (without its newline). Returns `None` for an empty (or
    /// all-blank) line, which gets no response. A failed request changes nothing.
    pub fn respond(&mut self, line: &str) -> Option<String> {
        if line.trim().is_empty() {
            return None;
        }
        if line.len() > MAX_LINE {
            return Some(Self::too_long().to_line());
        }
        Some(match self.handle(line) {
            // "ok" first, for people reading a session; the other fields follow.
            Ok(Value::Object(fields)) if fields.is_empty() => r#"{"ok":true}"#.to_string(),
            Ok(fields) => format!(r#"{{"ok":true,{}"#, &fields.to_string()[1..]),
            Err(e) => e.to_line(),
        })
    }

    fn too_long() -> ProtocolError {
        ProtocolError::parse(format!("the line is longer than {MAX_LINE} bytes"))
    }

    /// Serves requests from `input` until `quit` or the end of input, writing one response line
    /// per request to `output` and flushing after each. Lines over [`MAX_LINE`] bytes are
    /// answered with a `parse` error without being held in memory; so are lines that are not
    /// UTF-8.
    pub fn serve(
        &mut self,
        input: &mut (impl BufRead + ?Sized),
        output: &mut (impl Write + ?Sized),
    ) -> io::Result<()> {
        let mut line = Vec::new();
        while !self.quit {
            line.clear();
            let (ended, too_long) = read_line_capped(input, &mut line, MAX_LINE)?;
            if ended && line.is_empty() && !too_long {
                break;
            }
            let response = if too_long {
                Some(Self::too_long().to_line())
            } else {
                while line.last() == Some(&b'\n') || line.last() == Some(&b'\r') {
                    line.pop();
                }
                match std::str::from_utf8(&line) {
                    Ok(text) => self.respond(text),
                    Err(_) => Some(ProtocolError::parse("the line is not UTF-8").to_line()),
                }
            };
            if let Some(response) = response {
                output.write_all(response.as_bytes())?;
                output.write_all(b"\n")?;
                output.flush()?;
            }
            if ended {
                break;
            }
        }
        Ok(())
    }

    fn handle(&mut self, line: &str) -> Reply {
        let request: Value = serde_json::from_str(line)
            .map_err(|e| ProtocolError::parse(format!("not JSON: {e}")))?;
        let Value::Object(request) = request else {
            return Err(ProtocolError::parse("a request must be a JSON object"));
        };
        let cmd = match request.get("cmd") {
            None => return Err(ProtocolError::parse("the request has no 'cmd'")),
            Some(Value::String(cmd)) => cmd.as_str(),
            Some(_) => return Err(ProtocolError::parse("'cmd' must be a string")),
        };
        match cmd {
            "hello" => Ok(json!({"protocol": PROTOCOL_VERSION, "engine": ENGINE_VERSION})),
            "list" => Ok(self.list()),
            "new" => self.new_game(&request),
            "legal" => self.legal(),
            "apply" => self.apply(&request),
            "view" => self.view(&request),
            "score" => self.score(),
            "record" => self.record(),
            "load" => self.load(&request),
            "bot" => self.bot(&request),
            "quit" => {
                self.quit = true;
                Ok(json!({}))
            }
            other => Err(ProtocolError::parse(format!(
                "unknown cmd '{other}' (the commands are hello, list, new, legal, apply, view, \
                 score, record, load, bot, quit)"
            ))),
        }
    }

    fn game(&self) -> Result<&dyn DynGame, ProtocolError> {
        self.game.as_deref().ok_or_else(no_game)
    }

    fn list(&self) -> Value {
        let games: Vec<Value> = self
            .catalog
            .games()
            .map(|k| {
                let info = k.info();
                json!({
                    "name": info.name,
                    "title": info.title,
                    "min_players": info.min_players,
                    "max_players": info.max_players,
                    "options": k.default_options(),
                    "has_chance": info.has_chance,
                    "hidden_information": info.hidden_information,
                })
            })
            .collect();
        json!({ "games": games })
    }

    fn new_game(&mut self, request: &Map<String, Value>) -> Reply {
        let name = string_field(request, "game")?;
        let players = usize::try_from(u64_field(request, "players")?)
            .map_err(|_| ProtocolError::parse("'players' is too large"))?;
        let seed = u64_field(request, "seed")?;
        let options = match request.get("options") {
            None | Some(Value::Null) => Value::Null,
            Some(o @ Value::Object(_)) => o.clone(),
            Some(_) => return Err(ProtocolError::parse("'options' must be a JSON object")),
        };
        let auto_chance = match request.get("auto_chance") {
            None | Some(Value::Null) => true,
            Some(Value::Bool(b)) => *b,
            Some(_) => return Err(ProtocolError::parse("'auto_chance' must be true or false")),
        };
        let components = match request.get("components") {
            None | Some(Value::Null) => None,
            Some(Value::String(text)) => Some(text.clone()),
            Some(_) => {
                return Err(ProtocolError::parse(
                    "'components' must be the text of a component file",
                ))
            }
        };
        let game = self
            .catalog
            .new_game(
                name,
                players,
                seed,
                &options,
                auto_chance,
                components.as_deref(),
            )
            .map_err(catalog_error)?;
        let status = game.status();
        self.game = Some(game);
        self.components = components;
        Ok(json!({ "status": status }))
    }

    fn legal(&self) -> Reply {
        let game = self.game()?;
        Ok(json!({"status": game.status(), "actions": game.legal()}))
    }

    fn apply(&mut self, request: &Map<String, Value>) -> Reply {
        let game = self.game.as_deref_mut().ok_or_else(no_game)?;
        let action = request
            .get("action")
            .ok_or_else(|| ProtocolError::parse("the request has no 'action'"))?;
        // Without "viewer" the events stay worded as before; with it, for that seat or (null)
        // a spectator.
        let audience = match request.get("viewer") {
            None => Audience::All,
            Some(v) => Audience::Viewer(viewer_field(v, "viewer", game.players())?),
        };
        let events = game.apply_json(action, audience).map_err(|e| match e {
            ActionError::Malformed(m) => ProtocolError::new(ErrorKind::BadAction, m),
            ActionError::Illegal(m) => ProtocolError::new(ErrorKind::IllegalAction, m),
        })?;
        Ok(json!({"status": game.status(), "events": events}))
    }

    fn view(&self, request: &Map<String, Value>) -> Reply {
        let game = self.game()?;
        let viewer = match request.get("seat") {
            None => Viewer::Spectator,
            Some(v) => viewer_field(v, "seat", game.players())?,
        };
        let view = game.view(viewer).map_err(catalog_error)?;
        Ok(json!({ "view": view }))
    }

    fn score(&self) -> Reply {
        let game = self.game()?;
        let score = game.score();
        serde_json::to_value(ScoreJson(&score))
            .map_err(|e| ProtocolError::parse(format!("could not write the score: {e}")))
    }

    fn record(&self) -> Reply {
        let game = self.game()?;
        let mut record = game.record();
        if let Some(text) = &self.components {
            record.embed_components(text);
        }
        Ok(json!({ "record": record }))
    }

    fn load(&mut self, request: &Map<String, Value>) -> Reply {
        let record = match request.get("record") {
            Some(r @ Value::Object(_)) => r,
            Some(_) => return Err(ProtocolError::parse("'record' must be a JSON object")),
            None => return Err(ProtocolError::parse("the request has no 'record'")),
        };
        let record: Record = serde_json::from_value(record.clone()).map_err(|e| {
            ProtocolError::new(ErrorKind::BadRecord, format!("not a Sylvan record: {e}"))
        })?;
        // A loaded game keeps the session's way of resolving chance (auto by default).
        let auto_chance = match &self.game {
            Some(game) => game.auto_chance(),
            None => true,
        };
        let game = self
            .catalog
            .load(&record, auto_chance, None)
            .map_err(catalog_error)?;
        let status = game.status();
        self.game = Some(game);
        // The hash was checked by the load.
        self.components = record.components.map(|c| c.data);
        Ok(json!({ "status": status }))
    }
}

impl Engine {
    fn bot(&self, request: &Map<String, Value>) -> Reply {
        let game = self.game()?;
        let name = string_field(request, "name")?;
        let bad = |e: sylvan_bots::BotError| ProtocolError::new(ErrorKind::BadBot, e.to_string());
        let optional = |field: &str| match request.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(_) => u64_field(request, field).map(Some),
        };
        let mut spec: BotSpec = name.parse().map_err(bad)?;
        let budget = match (optional("iterations")?, optional("budget_ms")?) {
            (Some(_), Some(_)) => {
                return Err(ProtocolError::new(
                    ErrorKind::BadBot,
                    "give 'iterations' or 'budget_ms', not both",
                ))
            }
            (Some(n), None) => Some(Budget::Iterations(u32::try_from(n).unwrap_or(u32::MAX))),
            (None, Some(ms)) => Some(Budget::Millis(u32::try_from(ms).unwrap_or(u32::MAX))),
            (None, None) => None,
        };
        if let Some(budget) = budget {
            let message = if !spec.kind.searches() {
                Some(format!(
                    "{} does not search, so it takes no budget",
                    spec.kind
                ))
            } else if name.contains(':') {
                Some(format!(
                    "'{name}' already names a budget; drop it or the field"
                ))
            } else {
                None
            };
            if let Some(message) = message {
                return Err(ProtocolError::new(ErrorKind::BadBot, message));
            }
            spec.budget = budget.validate().map_err(bad)?;
            spec.label = format!("{}:{budget}", spec.kind);
        }
        if let Some(threads) = optional("threads")? {
            spec = spec
                .with_threads(usize::try_from(threads).unwrap_or(usize::MAX))
                .map_err(bad)?;
        }
        let status = game.status();
        let seed = optional("seed")?
            .unwrap_or_else(|| sylvan_engine::derive_seed(game.seed(), status.decisions));
        let suggestion = game.suggest(&spec, seed).map_err(catalog_error)?;
        Ok(json!({"action": suggestion.action, "text": suggestion.text}))
    }
}

fn no_game() -> ProtocolError {
    ProtocolError::new(
        ErrorKind::NoGame,
        "no game yet: start one with 'new' or 'load'",
    )
}

fn catalog_error(e: CatalogError) -> ProtocolError {
    let kind = match e {
        CatalogError::UnknownGame { .. } => ErrorKind::UnknownGame,
        CatalogError::BadOptions(_) => ErrorKind::BadOptions,
        CatalogError::BadRecord(_) => ErrorKind::BadRecord,
        CatalogError::NoSuchSeat { .. } | CatalogError::Json(_) => ErrorKind::Parse,
        CatalogError::Bot(BotError::GameOver | BotError::ChanceDecides) => ErrorKind::NoDecision,
        CatalogError::Bot(_) => ErrorKind::BadBot,
    };
    ProtocolError::new(kind, e.to_string())
}

/// A seat number at the table, or `null` for a spectator.
fn viewer_field(value: &Value, name: &str, players: usize) -> Result<Viewer, ProtocolError> {
    match value {
        Value::Null => Ok(Viewer::Spectator),
        Value::Number(n) => match n.as_u64().and_then(|s| u8::try_from(s).ok()) {
            Some(s) if (s as usize) < players => Ok(Viewer::Seat(Seat(s))),
            _ => Err(ProtocolError::parse(format!(
                "there is no seat {n}: seats are 0 to {}",
                players.saturating_sub(1)
            ))),
        },
        Value::Bool(_) | Value::String(_) | Value::Array(_) | Value::Object(_) => Err(
            ProtocolError::parse(format!("'{name}' must be a seat number or null")),
        ),
    }
}

fn string_field<'a>(request: &'a Map<String, Value>, name: &str) -> Result<&'a str, ProtocolError> {
    match request.get(name) {
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(ProtocolError::parse(format!("'{name}' must be a string"))),
        None => Err(ProtocolError::parse(format!("the request has no '{name}'"))),
    }
}

fn u64_field(request: &Map<String, Value>, name: &str) -> Result<u64, ProtocolError> {
    match request.get(name) {
        Some(Value::Number(n)) => n.as_u64().ok_or_else(|| {
            ProtocolError::parse(format!("'{name}' must be a non-negative integer, not {n}"))
        }),
        Some(_) => Err(ProtocolError::parse(format!(
            "'{name}' must be a non-negative integer"
        ))),
        None => Err(ProtocolError::parse(format!("the request has no '{name}'"))),
    }
}

/// Reads one line into `buf`, keeping at most `cap` bytes (plus the newline) in memory.
/// Returns (end of input reached, line longer than `cap`).
fn read_line_capped(
    input: &mut (impl BufRead + ?Sized),
    buf: &mut Vec<u8>,
    cap: usize,
) -> io::Result<(bool, bool)> {
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok((true, too_long));
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            if buf.len() + take > cap + 1 {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        input.consume(take);
        if done {
            // `cap + 1` allowed the newline itself; a line of exactly cap bytes without a
            // newline at end of input is still fine.
            return Ok((false, too_long));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_catalog;

    fn engine() -> Engine {
        Engine::new(test_catalog())
    }

    fn ask(engine: &mut Engine, line: &str) -> Value {
        let out = engine.respond(line).expect("a response");
        assert!(!out.contains('\n'), "one line: {out}");
        serde_json::from_str(&out).expect("responses are JSON")
    }

    fn kind(response: &Value) -> &str {
        assert_eq!(response["ok"], false, "{response}");
        response["error"]["kind"].as_str().expect("a kind")
    }

    /// Asserts `line` fails with `expected` and leaves the game exactly as it was.
    fn fails(engine: &mut Engine, line: &str, expected: &str) -> Value {
        let before = engine.game.as_ref().map(|g| (g.record(), g.status()));
        let response = ask(engine, line);
        assert_eq!(kind(&response), expected, "{line} -> {response}");
        assert!(response["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()));
        let after = engine.game.as_ref().map(|g| (g.record(), g.status()));
        assert_eq!(before, after, "{line} changed the game");
        response
    }

    fn started(auto_chance: bool) -> Engine {
        let mut e = engine();
        let r = ask(
            &mut e,
            &format!(
                r#"{{"cmd":"new","game":"nim","players":2,"seed":4,"auto_chance":{auto_chance}}}"#
            ),
        );
        assert_eq!(r["ok"], true, "{r}");
        e
    }

    #[test]
    fn hello_names_protocol_and_engine() {
        let r = ask(&mut engine(), r#"{"cmd":"hello"}"#);
        assert_eq!(
            r,
            json!({"ok": true, "protocol": 1, "engine": ENGINE_VERSION})
        );
    }

    #[test]
    fn list_gives_the_games_with_default_options() {
        let r = ask(&mut engine(), r#"{"cmd":"list"}"#);
        assert_eq!(r["ok"], true);
        let games = r["games"].as_array().expect("games");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0]["name"], "nim");
        assert_eq!(games[0]["title"], "Nim");
        assert_eq!(games[0]["min_players"], 2);
        assert_eq!(games[0]["max_players"], 2);
        assert_eq!(games[0]["options"], json!({"max_take": 3}));
    }

    #[test]
    fn new_with_auto_chance_gives_a_seat_to_move() {
        let mut e = engine();
        let r = ask(
            &mut e,
            r#"{"cmd":"new","game":"nim","players":2,"seed":4,"options":{"max_take":2}}"#,
        );
        assert_eq!(
            r,
            json!({"ok": true, "status": {"to_move": 0, "over": false, "decisions": 1}})
        );
        let legal = ask(&mut e, r#"{"cmd":"legal"}"#);
        assert_eq!(legal["actions"].as_array().map(Vec::len), Some(2));
        assert_eq!(
            legal["actions"][0],
            json!({"action": {"Take": 1}, "text": "Take 1"})
        );
    }

    #[test]
    fn without_auto_chance_the_client_applies_chance() {
        let mut e = started(false);
        let legal = ask(&mut e, r#"{"cmd":"legal"}"#);
        assert_eq!(legal["status"]["to_move"], "chance");
        assert_eq!(
            legal["actions"][5],
            json!({"action": {"Pile": 15}, "text": "The pile has 15 stones", "weight": 1})
        );
        let r = ask(&mut e, r#"{"cmd":"apply","action":{"Pile":15}}"#);
        assert_eq!(
            r,
            json!({"ok": true, "status": {"to_move": 0, "over": false, "decisions": 1},
                   "events": ["The pile has 15 stones"]})
        );
    }

    #[test]
    fn apply_view_score_record_load_round_trip() {
        let mut e = started(true);
        let r = ask(&mut e, r#"{"cmd":"apply","action":{"Take":3}}"#);
        assert_eq!(r["events"], json!(["Player 1: Take 3"]));
        assert_eq!(r["status"]["to_move"], 1);
        assert_eq!(r["status"]["decisions"], 2);
        let v = ask(&mut e, r#"{"cmd":"view","seat":1}"#);
        assert_eq!(v["ok"], true);
        assert_eq!(v["view"]["to_move"], 1);
        let spectator = ask(&mut e, r#"{"cmd":"view","seat":null}"#);
        assert_eq!(spectator["view"], v["view"]);
        let s = ask(&mut e, r#"{"cmd":"score"}"#);
        assert_eq!(
            s,
            json!({"ok": true, "over": false, "scores": [0, 0],
                   "breakdown": [{"win": 0}, {"win": 0}], "ranking": [0, 1], "winners": []})
        );
        let rec = ask(&mut e, r#"{"cmd":"record"}"#);
        assert_eq!(rec["record"]["game"], "nim");
        assert_eq!(rec["record"]["seed"], 4);
        assert_eq!(rec["record"]["actions"].as_array().map(Vec::len), Some(2));
        // Load into a fresh engine and play on to the end.
        let mut other = engine();
        let line = json!({"cmd": "load", "record": rec["record"]}).to_string();
        let loaded = ask(&mut other, &line);
        assert_eq!(loaded, json!({"ok": true, "status": r["status"]}));
        loop {
            let legal = ask(&mut other, r#"{"cmd":"legal"}"#);
            if legal["status"]["over"] == true {
                assert_eq!(legal["actions"], json!([]));
                assert_eq!(legal["status"]["to_move"], Value::Null);
                break;
            }
            let line = json!({"cmd": "apply", "action": legal["actions"][0]["action"]});
            assert_eq!(ask(&mut other, &line.to_string())["ok"], true);
        }
        let s = ask(&mut other, r#"{"cmd":"score"}"#);
        assert_eq!(s["over"], true);
        assert_eq!(s["winners"].as_array().map(Vec::len), Some(1));
    }

    #[test]
    fn quit_answers_ok_and_stops() {
        let mut e = engine();
        assert_eq!(ask(&mut e, r#"{"cmd":"quit"}"#), json!({"ok": true}));
        assert!(e.quit_requested());
    }

    #[test]
    fn parse_errors() {
        let mut e = started(true);
        for line in [
            "not json",
            "[1,2]",
            r#""hello""#,
            r#"{"command":"hello"}"#,
            r#"{"cmd":7}"#,
            r#"{"cmd":"dance"}"#,
            r#"{"cmd":"new","game":7,"players":2,"seed":1}"#,
            r#"{"cmd":"new","game":"nim","players":"two","seed":1}"#,
            r#"{"cmd":"new","game":"nim","players":2,"seed":-1}"#,
            r#"{"cmd":"new","game":"nim","players":2}"#,
            r#"{"cmd":"new","game":"nim","players":2,"seed":1,"options":[1]}"#,
            r#"{"cmd":"new","game":"nim","players":2,"seed":1,"auto_chance":"yes"}"#,
            r#"{"cmd":"apply"}"#,
            r#"{"cmd":"view","seat":"me"}"#,
            r#"{"cmd":"view","seat":2}"#,
            r#"{"cmd":"view","seat":-1}"#,
            r#"{"cmd":"load","record":"file.json"}"#,
            r#"{"cmd":"load"}"#,
        ] {
            fails(&mut e, line, "parse");
        }
        let long = format!(r#"{{"cmd":"hello","pad":"{}"}}"#, "x".repeat(MAX_LINE));
        let r = fails(&mut e, &long, "parse");
        assert!(r["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("longer")));
    }

    #[test]
    fn empty_lines_get_no_response() {
        let mut e = engine();
        assert_eq!(e.respond(""), None);
        assert_eq!(e.respond(" \t "), None);
    }

    #[test]
    fn unknown_game() {
        let mut e = started(true);
        let r = fails(
            &mut e,
            r#"{"cmd":"new","game":"chess","players":2,"seed":1}"#,
            "unknown_game",
        );
        assert!(r["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("chess")));
    }

    #[test]
    fn bad_options() {
        let mut e = started(true);
        let r = fails(
            &mut e,
            r#"{"cmd":"new","game":"nim","players":3,"seed":1}"#,
            "bad_options",
        );
        assert!(r["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("not 3")));
        let r = fails(
            &mut e,
            r#"{"cmd":"new","game":"nim","players":2,"seed":1,"options":{"speed":1}}"#,
            "bad_options",
        );
        assert!(r["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("'speed'")));
        fails(
            &mut e,
            r#"{"cmd":"new","game":"nim","players":2,"seed":1,"options":{"max_take":0}}"#,
            "bad_options",
        );
    }

    #[test]
    fn no_game() {
        let mut e = engine();
        for line in [
            r#"{"cmd":"legal"}"#,
            r#"{"cmd":"apply","action":{"Take":1}}"#,
            r#"{"cmd":"view","seat":0}"#,
            r#"{"cmd":"score"}"#,
            r#"{"cmd":"record"}"#,
        ] {
            fails(&mut e, line, "no_game");
        }
    }

    #[test]
    fn bad_and_illegal_actions() {
        let mut e = started(true);
        fails(
            &mut e,
            r#"{"cmd":"apply","action":{"Grab":1}}"#,
            "bad_action",
        );
        fails(&mut e, r#"{"cmd":"apply","action":"Take 1"}"#, "bad_action");
        fails(
            &mut e,
            r#"{"cmd":"apply","action":{"Take":-1}}"#,
            "bad_action",
        );
        let r = fails(
            &mut e,
            r#"{"cmd":"apply","action":{"Take":4}}"#,
            "illegal_action",
        );
        assert!(r["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("1 to 3")));
        // A chance outcome when a seat is to move breaks a rule too.
        fails(
            &mut e,
            r#"{"cmd":"apply","action":{"Pile":10}}"#,
            "illegal_action",
        );
    }

    #[test]
    fn bad_records() {
        let mut e = started(true);
        let rec = ask(&mut e, r#"{"cmd":"record"}"#)["record"].clone();
        fails(
            &mut e,
            r#"{"cmd":"load","record":{"game":"nim"}}"#,
            "bad_record",
        );
        let mut tampered = rec.clone();
        tampered["actions"] = json!([{"Pile": 10}, {"Take": 7}]);
        let r = fails(
            &mut e,
            &json!({"cmd": "load", "record": tampered}).to_string(),
            "bad_record",
        );
        assert!(r["error"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("decision 2:")));
        let mut wrong_game = rec.clone();
        wrong_game["game"] = json!("chess");
        fails(
            &mut e,
            &json!({"cmd": "load", "record": wrong_game}).to_string(),
            "bad_record",
        );
        let mut bad_players = rec;
        bad_players["players"] = json!(5);
        fails(
            &mut e,
            &json!({"cmd": "load", "record": bad_players}).to_string(),
            "bad_record",
        );
    }

    #[test]
    fn serve_answers_each_line_and_survives_errors() {
        let long = "x".repeat(MAX_LINE + 10);
        let input = format!(
            "{{\"cmd\":\"hello\"}}\n\n{long}\nnope\n{{\"cmd\":\"legal\"}}\r\n{{\"cmd\":\"quit\"}}\n{{\"cmd\":\"hello\"}}\n"
        );
        let mut out = Vec::new();
        engine()
            .serve(&mut input.as_bytes(), &mut out)
            .expect("in-memory io");
        let text = String::from_utf8(out).expect("utf-8");
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("json"))
            .collect();
        assert_eq!(lines.len(), 5, "{text}");
        assert_eq!(lines[0]["ok"], true);
        assert_eq!(kind(&lines[1]), "parse");
        assert_eq!(kind(&lines[2]), "parse");
        assert_eq!(kind(&lines[3]), "no_game");
        assert_eq!(lines[4], json!({"ok": true}));
    }

    #[test]
    fn serve_stops_at_end_of_input_without_newline() {
        let mut out = Vec::new();
        engine()
            .serve(&mut &b"{\"cmd\":\"hello\"}"[..], &mut out)
            .expect("in-memory io");
        assert_eq!(String::from_utf8_lossy(&out).lines().count(), 1);
        let mut out = Vec::new();
        engine()
            .serve(&mut &b""[..], &mut out)
            .expect("in-memory io");
        assert!(out.is_empty());
    }

    #[test]
    fn invalid_utf8_is_a_parse_error() {
        let mut out = Vec::new();
        engine()
            .serve(&mut &b"\xff\xfe\n"[..], &mut out)
            .expect("in-memory io");
        let r: Value = serde_json::from_slice(&out).expect("json");
        assert_eq!(kind(&r), "parse");
    }

    #[test]
    fn bot_suggests_without_applying() {
        let mut e = started(true);
        let before = ask(&mut e, r#"{"cmd":"record"}"#);
        let r = ask(
            &mut e,
            r#"{"cmd":"bot","name":"mcts","iterations":300,"seed":5}"#,
        );
        let legal = ask(&mut e, r#"{"cmd":"legal"}"#);
        let listed: Vec<&Value> = legal["actions"]
            .as_array()
            .expect("actions")
            .iter()
            .map(|a| &a["action"])
            .collect();
        assert!(listed.contains(&&r["action"]), "{r} not in {legal}");
        assert!(r["text"].as_str().expect("text").starts_with("Take "));
        assert_eq!(
            ask(&mut e, r#"{"cmd":"record"}"#),
            before,
            "nothing was applied"
        );
        // The same seed gives the same suggestion; a time budget and a difficulty work too.
        let again = ask(
            &mut e,
            r#"{"cmd":"bot","name":"mcts","iterations":300,"seed":5}"#,
        );
        assert_eq!(again, r);
        ask(&mut e, r#"{"cmd":"bot","name":"ismcts","budget_ms":5}"#);
        ask(&mut e, r#"{"cmd":"bot","name":"greedy"}"#);
        ask(&mut e, r#"{"cmd":"bot","name":"ismcts:easy","threads":2}"#);
    }

    #[test]
    fn bot_errors_name_the_problem() {
        fails(&mut engine(), r#"{"cmd":"bot","name":"mcts"}"#, "no_game");
        let mut e = started(true);
        for (line, expected) in [
            (r#"{"cmd":"bot","name":"deep-blue"}"#, "unknown bot"),
            (r#"{"cmd":"bot","name":"mcts","iterations":0}"#, "no time"),
            (r#"{"cmd":"bot","name":"mcts","budget_ms":0}"#, "no time"),
            (
                r#"{"cmd":"bot","name":"mcts","iterations":999999999999}"#,
                "limit",
            ),
            (
                r#"{"cmd":"bot","name":"mcts","budget_ms":86400000}"#,
                "limit",
            ),
            (
                r#"{"cmd":"bot","name":"mcts","iterations":5,"budget_ms":5}"#,
                "not both",
            ),
            (r#"{"cmd":"bot","name":"cheat"}"#, "diagnostic"),
            (r#"{"cmd":"bot","name":"mcts","threads":0}"#, "threads"),
            (
                r#"{"cmd":"bot","name":"random","iterations":5}"#,
                "takes no budget",
            ),
            (
                r#"{"cmd":"bot","name":"ismcts:hard","iterations":5}"#,
                "already names",
            ),
        ] {
            let r = fails(&mut e, line, "bad_bot");
            let message = r["error"]["message"].as_str().expect("message");
            assert!(message.contains(expected), "{line}: {message}");
        }
        fails(&mut e, r#"{"cmd":"bot"}"#, "parse");
        fails(
            &mut e,
            r#"{"cmd":"bot","name":"mcts","iterations":"many"}"#,
            "parse",
        );
        // At a chance point, and once the game is over, no seat is to move.
        let mut manual = started(false);
        fails(
            &mut manual,
            r#"{"cmd":"bot","name":"random"}"#,
            "no_decision",
        );
        while !ask(&mut e, r#"{"cmd":"legal"}"#)["status"]["over"]
            .as_bool()
            .expect("over")
        {
            let s = ask(&mut e, r#"{"cmd":"bot","name":"random"}"#);
            ask(
                &mut e,
                &json!({"cmd": "apply", "action": s["action"]}).to_string(),
            );
        }
        let r = fails(&mut e, r#"{"cmd":"bot","name":"random"}"#, "no_decision");
        assert!(r["error"]["message"]
            .as_str()
            .expect("message")
            .contains("over"));
    }

    /// Three engines at the same Midnight Duel position.
    fn night_engines() -> [Engine; 3] {
        let new =
            r#"{"cmd":"new","game":"woodwalkers","players":2,"seed":3,"options":{"side":"night"}}"#;
        std::array::from_fn(|_| {
            let mut e = Engine::new(Catalog::standard());
            assert_eq!(ask(&mut e, new)["ok"], true);
            e
        })
    }

    #[test]
    fn apply_words_events_for_the_viewer_asked_for() {
        let [mut seat, mut spectator, mut plain] = night_engines();
        let legal = ask(&mut seat, r#"{"cmd":"legal"}"#);
        let action = legal["actions"][0]["action"].clone();
        let mover = legal["status"]["to_move"].as_u64().expect("a seat moves");
        let line = |viewer: &str| format!(r#"{{"cmd":"apply","action":{action}{viewer}}}"#);
        let own = ask(&mut seat, &line(&format!(r#","viewer":{mover}"#)));
        let hidden = ask(&mut spectator, &line(r#","viewer":null"#));
        let default = ask(&mut plain, &line(""));
        assert_eq!(own["ok"], true, "{own}");
        // The seat that put its animal face down reads which animal; a spectator does not,
        // and without "viewer" the events stay worded for a spectator in this hidden game.
        assert_ne!(own["events"], hidden["events"], "{own} {hidden}");
        assert_eq!(default["events"], hidden["events"]);
        assert_eq!(own["status"], hidden["status"]);
    }

    #[test]
    fn apply_with_a_bad_viewer_is_a_parse_error_and_applies_nothing() {
        let [mut e, _, _] = night_engines();
        let legal = ask(&mut e, r#"{"cmd":"legal"}"#);
        let action = legal["actions"][0]["action"].clone();
        for viewer in ["2", "-1", "\"0\"", "true", "[0]"] {
            let r = fails(
                &mut e,
                &format!(r#"{{"cmd":"apply","action":{action},"viewer":{viewer}}}"#),
                "parse",
            );
            let message = r["error"]["message"].as_str().expect("a message");
            assert!(
                message.contains("seat") || message.contains("viewer"),
                "{message}"
            );
        }
    }

    #[test]
    fn a_game_with_its_own_components_records_them_and_loads_without_a_file() {
        let text = include_str!("../../games/spirits/data/components.toml");
        let mut e = Engine::new(Catalog::standard());
        let new = json!({"cmd": "new", "game": "spirits-of-the-wild", "players": 2, "seed": 5,
            "components": text});
        assert_eq!(ask(&mut e, &new.to_string())["ok"], true);
        let legal = ask(&mut e, r#"{"cmd":"legal"}"#);
        let action = legal["actions"][0]["action"].clone();
        let applied = ask(
            &mut e,
            &json!({"cmd": "apply", "action": action}).to_string(),
        );
        assert_eq!(applied["ok"], true, "{applied}");
        let record = ask(&mut e, r#"{"cmd":"record"}"#)["record"].clone();
        assert_eq!(record["components"]["data"], text);
        assert_eq!(
            record["components"]["hash"],
            sylvan_engine::content_hash(text)
        );
        // A fresh engine loads it with no file, and its own record carries the data on.
        let mut fresh = Engine::new(Catalog::standard());
        let loaded = ask(
            &mut fresh,
            &json!({"cmd": "load", "record": record}).to_string(),
        );
        assert_eq!(loaded["status"], applied["status"], "{loaded}");
        let again = ask(&mut fresh, r#"{"cmd":"record"}"#)["record"].clone();
        assert_eq!(again["components"], record["components"]);
        // Data changed without its hash is refused, and the loaded game stays.
        let mut tampered = record.clone();
        tampered["components"]["data"] = json!(text.replacen("56", "57", 1));
        let r = fails(
            &mut fresh,
            &json!({"cmd": "load", "record": tampered}).to_string(),
            "bad_record",
        );
        assert!(r["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("component data was changed")));
        // Bad data in `new` is bad_options; a non-string is a parse error.
        let bad = json!({"cmd": "new", "game": "spirits-of-the-wild", "players": 2, "seed": 5,
            "components": "stones = 3"});
        fails(&mut fresh, &bad.to_string(), "bad_options");
        let bad = json!({"cmd": "new", "game": "spirits-of-the-wild", "players": 2, "seed": 5,
            "components": 7});
        fails(&mut fresh, &bad.to_string(), "parse");
    }
}
