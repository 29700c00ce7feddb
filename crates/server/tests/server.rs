//! The table server in this process: tables, seats, versioned moves and their errors, bots,
//! undo, clocks, bad input, and frames that carry nothing a viewer may not see.

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::{json, Value};
use sylvan_catalog::{Catalog, Seat, Viewer};
use sylvan_server::client::{request, request_raw, Connection};
use sylvan_server::loadtest::LoadPlan;
use sylvan_server::testing::{
    create_table, frame_at, fresh_postgres, join_seat, open_seats, start_configured,
    start_in_process, start_watched, test_config, Scratch,
};

const WAIT: Duration = Duration::from_secs(20);

fn catalog() -> Catalog {
    let mut catalog = Catalog::standard();
    catalog.register::<sylvan_engine::testing::Nim>();
    catalog
}

async fn start(db: &str) -> SocketAddr {
    start_in_process(catalog(), db).await
}

async fn create(addr: SocketAddr, body: Value) -> String {
    create_table(addr, body).await
}

/// A server on a scratch SQLite file with one table made from `body`.
async fn server_with_table(label: &str, body: Value) -> (Scratch, SocketAddr, String) {
    let scratch = Scratch::new(label);
    let addr = start(&scratch.sqlite()).await;
    let id = create(addr, body).await;
    (scratch, addr, id)
}

/// Asks for a table that must be refused (400); the error's message.
async fn refused_table(addr: SocketAddr, body: Value) -> String {
    let (status, e) = request(addr, "POST", "/tables", Some(&body))
        .await
        .expect("answers");
    assert_eq!(status, 400, "{e}");
    e["message"].as_str().expect("a message").to_string()
}

async fn join(addr: SocketAddr, id: &str, seat: u8) -> String {
    join_seat(addr, id, seat).await
}

/// The next error message, skipping frames (a seat's presence changing sends one).
async fn error_of(conn: &mut Connection) -> Value {
    loop {
        let m = conn.next(WAIT).await.expect("an answer");
        if m["type"] != "frame" {
            assert_eq!(m["type"], "error", "{m}");
            return m;
        }
    }
}

#[tokio::test]
async fn tables_seats_and_versioned_moves_refuse_bad_moves_with_clear_errors() {
    let (_scratch, addr, id) =
        server_with_table("moves", json!({"game": "nim", "players": 2, "seed": 5})).await;
    // Each game lists what its bot levels search, as the game sets them.
    let (_, games) = request(addr, "GET", "/games", None).await.expect("games");
    let (listed, mut hard) = (catalog(), Vec::new());
    for g in games["games"].as_array().expect("a list of games") {
        let kind = listed
            .get(g["name"].as_str().unwrap_or_default())
            .expect("a listed game is in the catalog");
        let info = kind.info();
        let players = info.default_players();
        let [easy, medium, h] = kind.level_iterations(players).expect("levels");
        let want = json!({"easy": easy, "medium": medium, "hard": h});
        assert_eq!(g["levels"], want, "{}", g["name"]);
        hard.push(h);
    }
    hard.sort_unstable();
    hard.dedup();
    assert!(hard.len() > 1, "some game sets its own levels: {hard:?}");
    let (_, lobby) = request(addr, "GET", "/tables", None).await.expect("lobby");
    assert_eq!(lobby["tables"][0]["id"], id);
    assert_eq!(lobby["tables"][0]["status"], "open");
    let t0 = join(addr, &id, 0).await;
    let t1 = join(addr, &id, 1).await;
    let (status, full) = request(
        addr,
        "POST",
        &format!("/tables/{id}/join"),
        Some(&json!({"name": "Late"})),
    )
    .await
    .expect("answers");
    assert_eq!(
        (status, full["kind"].as_str()),
        (409, Some("seat_taken")),
        "{full}"
    );
    let (_, lobby) = request(addr, "GET", "/tables?status=running", None)
        .await
        .expect("lobby");
    assert_eq!(lobby["tables"][0]["status"], "running");

    let mut p0 = Connection::open(addr, &id, &format!("token={t0}"))
        .await
        .expect("seat 0");
    let mut p1 = Connection::open(addr, &id, &format!("token={t1}"))
        .await
        .expect("seat 1");
    let mut watcher = Connection::open(addr, &id, "").await.expect("spectator");
    let f0 = p0.frame(WAIT).await.expect("first frame");
    let f1 = p1.frame(WAIT).await.expect("first frame");
    let fw = watcher.frame(WAIT).await.expect("first frame");
    assert_eq!(
        (
            f0["version"].as_u64(),
            f0["seat"].as_u64(),
            fw["seat"].as_u64()
        ),
        (Some(0), Some(0), None)
    );
    assert_eq!(f0["to_move"], 0);
    assert!(!f0["legal"].as_array().expect("list").is_empty());
    assert!(
        f1["legal"].as_array().expect("list").is_empty(),
        "not seat 1's turn"
    );
    assert!(fw["legal"].as_array().expect("list").is_empty());
    let take1 = f0["legal"][0]["action"].clone();
    assert_eq!(f0["legal"][0]["text"], "Take 1");

    watcher
        .send(&json!({"version": 0, "action": take1}))
        .await
        .expect("sent");
    assert!(error_of(&mut watcher).await["message"]
        .as_str()
        .expect("text")
        .contains("spectators"));
    p1.send(&json!({"version": 0, "action": take1}))
        .await
        .expect("sent");
    let e = error_of(&mut p1).await;
    assert_eq!(e["kind"], "not_your_turn");
    assert_eq!(e["message"], "Player 1 is to move, not Player 2");
    p0.send(&json!({"version": 3, "action": take1}))
        .await
        .expect("sent");
    let e = error_of(&mut p0).await;
    assert_eq!(e["kind"], "stale_version");
    assert_eq!(e["message"], "stale version 3: the table is at version 0");
    p0.send(&json!({"version": 0, "action": {"Take": 9}}))
        .await
        .expect("sent");
    let e = error_of(&mut p0).await;
    assert_eq!(e["kind"], "illegal_action", "{e}");
    assert!(
        e["message"].as_str().expect("text").contains("1 to 3"),
        "{e}"
    );
    p0.send(&json!({"version": 0, "action": {"Grab": 1}}))
        .await
        .expect("sent");
    assert_eq!(error_of(&mut p0).await["kind"], "bad_action");
    p0.send_text("{not json".into()).await.expect("sent");
    assert_eq!(error_of(&mut p0).await["kind"], "bad_frame");
    p0.send(&json!({"action": take1})).await.expect("sent");
    assert!(error_of(&mut p0).await["message"]
        .as_str()
        .expect("text")
        .contains("missing \"version\""));
    p0.send(&json!({"cmd": "dance"})).await.expect("sent");
    assert!(error_of(&mut p0).await["message"]
        .as_str()
        .expect("text")
        .contains("unknown cmd 'dance'"));

    // None of that changed anything: the first good move is version 1 for everyone.
    p0.send(&json!({"version": 0, "action": take1}))
        .await
        .expect("sent");
    for conn in [&mut p0, &mut p1, &mut watcher] {
        let f = conn.frame(WAIT).await.expect("the move's frame");
        assert_eq!(f["version"], 1);
        assert_eq!(f["to_move"], 1);
        assert_eq!(
            f["events"],
            json!([{"version": 1, "events": ["Player 1: Take 1"]}])
        );
    }
    p0.send(&json!({"version": 0, "action": take1}))
        .await
        .expect("sent");
    assert_eq!(
        error_of(&mut p0).await["kind"],
        "stale_version",
        "a replayed move"
    );

    // A second tab of seat 1 and a reconnect with `since` get the current frame.
    let mut tab = Connection::open(addr, &id, &format!("token={t1}&since=1"))
        .await
        .expect("tab");
    let f = tab.frame(WAIT).await.expect("frame");
    assert_eq!(
        (f["version"].as_u64(), f["events"].as_array().map(Vec::len)),
        (Some(1), Some(0))
    );
    assert!(!f["legal"].as_array().expect("list").is_empty());

    let (status, e) = request(addr, "GET", &format!("/tables/{id}/record"), None)
        .await
        .expect("answers");
    assert_eq!((status, e["kind"].as_str()), (409, Some("not_over")));
}

#[tokio::test]
async fn bad_input_is_refused_and_the_server_keeps_serving() {
    let (_scratch, addr, id) = server_with_table("bad", json!({"game": "nim", "players": 2})).await;
    let t0 = join(addr, &id, 0).await;
    let _t1 = join(addr, &id, 1).await;

    let (status, e) = request(addr, "GET", "/tables/0123456789abcdef/record", None)
        .await
        .expect("answers");
    assert_eq!((status, e["kind"].as_str()), (404, Some("unknown_table")));
    let (status, e) = request(addr, "GET", "/tables/..%2Fetc/record", None)
        .await
        .expect("answers");
    assert_eq!(status, 404, "{e}");
    let forged = "ab".repeat(32);
    let refused = Connection::open(addr, &id, &format!("token={forged}")).await;
    assert!(refused.err().expect("refused").contains("403"));
    let other = create(addr, json!({"game": "nim", "players": 2})).await;
    let replayed = Connection::open(addr, &other, &format!("token={t0}")).await;
    assert!(replayed
        .err()
        .expect("another table's token")
        .contains("403"));
    let (status, e) = request_raw(addr, "POST", "/tables", b"{\"game\": ")
        .await
        .expect("answers");
    assert_eq!(
        (status, e["kind"].as_str()),
        (400, Some("bad_frame")),
        "{e}"
    );
    let message = refused_table(addr, json!({"game": "chess", "players": 2})).await;
    assert!(message.contains("unknown game 'chess'"), "{message}");
    refused_table(
        addr,
        json!({"game": "nim", "players": 2, "seats": ["human", "cheat"]}),
    )
    .await;
    let big = vec![b'x'; 100_000];
    let (status, _) = request_raw(addr, "POST", "/tables", &big)
        .await
        .expect("answers");
    assert_eq!(status, 413, "an oversized body");

    // An oversized message is refused with the limit; a huge one ends the connection.
    let mut p0 = Connection::open(addr, &id, &format!("token={t0}"))
        .await
        .expect("seat 0");
    p0.frame(WAIT).await.expect("frame");
    p0.send_text(format!("{{\"pad\": \"{}\"}}", "y".repeat(40_000)))
        .await
        .expect("sent");
    let e = error_of(&mut p0).await;
    assert!(
        e["message"]
            .as_str()
            .expect("text")
            .contains("at most 16384"),
        "{e}"
    );
    let _ = p0.send_text("z".repeat(1 << 20)).await;
    assert!(p0.next(WAIT).await.is_err(), "closed");

    // A flood is rate-limited, then closed; another client is served meanwhile.
    let mut flood = Connection::open(addr, &id, "").await.expect("spectator");
    flood.frame(WAIT).await.expect("frame");
    for _ in 0..600 {
        if flood.send_text("[]".into()).await.is_err() {
            break;
        }
    }
    let mut limited = 0;
    let end = loop {
        match flood.next(WAIT).await {
            Ok(m) => limited += usize::from(m["kind"] == "rate_limited"),
            Err(e) => break e,
        }
    };
    assert!(limited > 0, "rate-limited answers before the close");
    // The server closes a flood; unread messages may turn its close into a reset.
    assert!(end.contains("flooding") || end.contains("reset"), "{end}");
    let mut p0 = Connection::open(addr, &id, &format!("token={t0}"))
        .await
        .expect("seat 0 again");
    let f = p0.frame(WAIT).await.expect("frame");
    p0.send(&json!({"version": 0, "action": f["legal"][0]["action"]}))
        .await
        .expect("sent");
    assert_eq!(frame_at(&mut p0, 1).await["version"], 1);
}

#[tokio::test]
async fn a_bot_thinks_no_longer_than_the_servers_time_limit() {
    let scratch = Scratch::new("bot-limit");
    let mut config = test_config(&scratch.sqlite());
    config.bot_time_limit_ms = 100;
    let addr = start_configured(catalog(), config).await;
    // A bot asking for more time than the server allows is refused, saying both times.
    let message = refused_table(
        addr,
        json!({"game": "woodwalkers", "players": 2, "seats": ["human", "mcts:250ms"]}),
    )
    .await;
    assert!(
        message.contains("seat 1") && message.contains("250 ms") && message.contains("100 ms"),
        "{message}"
    );
    // Ten million iterations a decision would take minutes (hours in a debug build); the
    // limit stops each search after 100 ms, so both bots play on.
    let id = create(
        addr,
        json!({"game": "woodwalkers", "players": 2, "seats": ["mcts:10000000", "ismcts:10000000"]}),
    )
    .await;
    let mut watcher = Connection::open(addr, &id, "").await.expect("spectator");
    let f = frame_at(&mut watcher, 4).await;
    assert!(f["version"].as_u64().expect("a version") >= 4, "{f}");
}

#[tokio::test]
async fn undo_is_a_recorded_decision_and_bots_fill_seats() {
    let (_scratch, addr, id) = server_with_table(
        "undo",
        json!({"game": "nim", "players": 2, "seats": ["human", "mcts:50"]}),
    )
    .await;
    let t0 = join(addr, &id, 0).await;
    let mut p0 = Connection::open(addr, &id, &format!("token={t0}"))
        .await
        .expect("seat 0");
    let f = p0.frame(WAIT).await.expect("frame");
    assert_eq!(f["can_undo"], false);
    let take = f["legal"][0]["action"].clone();
    p0.send(&json!({"version": 0, "action": take}))
        .await
        .expect("sent");
    let f = frame_at(&mut p0, 1).await;
    // The bot may already have answered; then the undo is refused with the reason.
    p0.send(&json!({"cmd": "undo", "version": f["version"]}))
        .await
        .expect("sent");
    let m = p0.next(WAIT).await.expect("answer");
    if f["version"] == 1
        && m["type"] == "frame"
        && m["version"] == 2
        && m["to_move"] == 0
        && m["events"][0]["events"][0] == "Player 1 took back their last decision"
    {
        // Taken back: seat 0 decides again, and the log keeps both entries.
    } else {
        let e = if m["type"] == "error" {
            m
        } else {
            error_of(&mut p0).await
        };
        assert!(
            ["no_undo", "stale_version"].contains(&e["kind"].as_str().expect("kind")),
            "{e}"
        );
    }
    // Play to the end against the bot, from a fresh frame.
    p0.send(&json!({"cmd": "sync"})).await.expect("sent");
    let mut last = Value::Null;
    for _ in 0..200 {
        let f = p0.next(WAIT).await.expect("a message");
        if f["type"] == "error" {
            // Two frames of one version (the sync's and the move's) answered twice.
            assert_eq!(f["kind"], "stale_version", "{f}");
            continue;
        }
        if f["over"] == true {
            last = f;
            break;
        }
        if let Some(a) = f["legal"].as_array().and_then(|l| l.first()) {
            p0.send(&json!({"version": f["version"], "action": a["action"]}))
                .await
                .expect("sent");
        }
    }
    assert_eq!(last["over"], true, "the game ended");
    assert!(last["score"]["winners"].is_array());
    let (status, rec) = request(addr, "GET", &format!("/tables/{id}/record"), None)
        .await
        .expect("answers");
    assert_eq!(status, 200);
    assert_eq!(rec["record"]["seats"], json!(["P0", "mcts:50"]));
    let record: sylvan_engine::Record =
        serde_json::from_value(rec["record"].clone()).expect("a record");
    let replayed = catalog()
        .load(&record, false, None)
        .expect("the record replays");
    assert!(replayed.status().over());
    let log = rec["log"].as_array().expect("log");
    assert_eq!(log.len() as u64, last["version"].as_u64().expect("version"));
}

#[tokio::test]
async fn undo_takes_back_before_the_other_seat_decides() {
    let (_scratch, addr, id) =
        server_with_table("undo2", json!({"game": "nim", "players": 2})).await;
    let t0 = join(addr, &id, 0).await;
    let t1 = join(addr, &id, 1).await;
    let mut seats = open_seats(addr, &id, &[&t0, &t1]).await;
    let (mut p1, mut p0) = (seats.pop().expect("seat 1"), seats.pop().expect("seat 0"));
    let f = p0.frame(WAIT).await.expect("frame");
    p1.frame(WAIT).await.expect("frame");
    p0.send(&json!({"version": 0, "action": f["legal"][1]["action"]}))
        .await
        .expect("sent");
    let f = frame_at(&mut p0, 1).await;
    assert_eq!(f["can_undo"], true);
    p1.send(&json!({"cmd": "undo", "version": 1}))
        .await
        .expect("sent");
    let f1 = frame_at(&mut p1, 1).await;
    assert_eq!(f1["can_undo"], false);
    assert_eq!(error_of(&mut p1).await["kind"], "no_undo");
    p0.send(&json!({"cmd": "undo", "version": 1}))
        .await
        .expect("sent");
    let f = frame_at(&mut p0, 2).await;
    assert_eq!(
        (f["to_move"].as_u64(), f["version"].as_u64()),
        (Some(0), Some(2))
    );
    assert_eq!(
        f["events"][0]["events"][0],
        "Player 1 took back their last decision"
    );
    assert_eq!(frame_at(&mut p1, 2).await["to_move"], 0);
}

#[tokio::test]
async fn a_bot_takes_over_when_the_clock_runs_out_until_the_player_returns() {
    let (_scratch, addr, id) = server_with_table(
        "clock",
        json!({"game": "nim", "players": 2, "clock": {"per_decision": {"limit_ms": 300}}}),
    )
    .await;
    let t0 = join(addr, &id, 0).await;
    let t1 = join(addr, &id, 1).await;
    let mut watcher = Connection::open(addr, &id, "").await.expect("spectator");
    let f = watcher.frame(WAIT).await.expect("frame");
    assert_eq!(f["clocks"]["running"], 0);
    assert!(f["clocks"]["deadline_ms"].is_i64());
    // Nobody plays: each seat's time runs out and the zombie bot plays both.
    let mut f = f;
    while f["version"].as_u64() < Some(2) {
        f = watcher.frame(WAIT).await.expect("frame");
    }
    assert_eq!(f["seats"][0]["zombie"], true);
    // Seat 0's player comes back and takes the seat back.
    let mut p0 = Connection::open(addr, &id, &format!("token={t0}"))
        .await
        .expect("seat 0");
    let mut back = p0.frame(WAIT).await.expect("frame");
    while back["seats"][0]["zombie"] != false {
        back = p0.frame(WAIT).await.expect("frame");
    }
    let _ = t1;
}

/// Waits until the server holds `n` tables in memory; false if it does not within `WAIT`.
async fn settles_at(count: &sylvan_server::TablesInMemory, n: usize) -> bool {
    let start = std::time::Instant::now();
    while start.elapsed() < WAIT {
        if count.count().await == n {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

/// A table nothing needs (nobody connected, no clock, no bot to move) leaves memory after the
/// idle time and is rebuilt from storage when asked for; a connection, a running clock or a
/// bot keeps it; a finished game leaves too.
#[tokio::test]
async fn idle_tables_leave_memory_and_come_back_from_storage() {
    let scratch = Scratch::new("idle");
    let mut config = test_config(&scratch.sqlite());
    config.idle_table_ms = 150;
    let (addr, count) = start_watched(catalog(), config).await;
    let id = create(addr, json!({"game": "nim", "players": 2, "seed": 3})).await;
    let t0 = join(addr, &id, 0).await;
    let t1 = join(addr, &id, 1).await;
    let mut seats = open_seats(addr, &id, &[&t0, &t1]).await;
    let f = frame_at(&mut seats[0], 0).await;
    seats[0]
        .send(&json!({"version": 0, "action": f["legal"][0]["action"]}))
        .await
        .expect("sent");
    let after = frame_at(&mut seats[1], 1).await;
    // Connected seats keep the table well past the idle time.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        count.count().await,
        1,
        "connections keep the table in memory"
    );
    drop(seats);
    assert!(settles_at(&count, 0).await, "the idle table left memory");

    // Asked for again, the table is rebuilt from storage where it was, and play goes on.
    let mut seats = open_seats(addr, &id, &[&t0, &t1]).await;
    assert_eq!(count.count().await, 1);
    let back = frame_at(&mut seats[1], 1).await;
    assert_eq!(back["version"], 1);
    assert_eq!(back["to_move"], 1);
    assert_eq!(
        back["view"], after["view"],
        "the same position as before it left"
    );
    seats[1]
        .send(&json!({"version": 1, "action": back["legal"][0]["action"]}))
        .await
        .expect("sent");
    assert_eq!(frame_at(&mut seats[0], 2).await["version"], 2);
    drop(seats);
    assert!(settles_at(&count, 0).await);
    let mut watcher = Connection::open(addr, &id, "").await.expect("spectator");
    assert_eq!(frame_at(&mut watcher, 2).await["version"], 2);
    drop(watcher);
    assert!(settles_at(&count, 0).await);

    // A running clock keeps a table nobody watches: its deadline must be kept. When the
    // time runs out the zombie bot plays each seat to the end, and the finished table leaves.
    let clocked = create(
        addr,
        json!({"game": "nim", "players": 2, "seed": 4,
               "clock": {"per_decision": {"limit_ms": 700}}}),
    )
    .await;
    join(addr, &clocked, 0).await;
    join(addr, &clocked, 1).await;
    tokio::time::sleep(Duration::from_millis(450)).await;
    assert_eq!(
        count.count().await,
        1,
        "the clock keeps the table in memory"
    );
    assert!(
        settles_at(&count, 0).await,
        "the finished table left memory"
    );
    let (status, record) = request(addr, "GET", &format!("/tables/{clocked}/record"), None)
        .await
        .expect("answers");
    assert_eq!(
        status, 200,
        "the game ended with nobody connected: {record}"
    );
}

/// A finished table leaves memory soon after its last viewer does (`finished_table_ms`),
/// while an unfinished one waits the whole idle time; the finished one still answers from
/// storage.
#[tokio::test]
async fn finished_tables_leave_memory_sooner_than_unfinished_ones() {
    let scratch = Scratch::new("finished");
    let mut config = test_config(&scratch.sqlite());
    config.idle_table_ms = 60_000;
    config.finished_table_ms = 150;
    let (addr, count) = start_watched(catalog(), config).await;
    let done = create(addr, json!({"game": "nim", "players": 2, "seed": 5})).await;
    let _going = create(addr, json!({"game": "nim", "players": 2, "seed": 6})).await;
    let tokens = [join(addr, &done, 0).await, join(addr, &done, 1).await];
    let mut seats = open_seats(addr, &done, &[&tokens[0], &tokens[1]]).await;
    let mut version = 0;
    let last = loop {
        let f = frame_at(&mut seats[0], version).await;
        if f["over"] == true {
            break f;
        }
        let mover = f["to_move"].as_u64().expect("a seat to move") as usize;
        let f = if mover == 0 {
            f
        } else {
            frame_at(&mut seats[mover], version).await
        };
        seats[mover]
            .send(&json!({"version": version, "action": f["legal"][0]["action"]}))
            .await
            .expect("sent");
        version += 1;
    };
    assert!(last["result"].is_object(), "the game is over: {last}");
    // Players looking at the result keep the table.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        count.count().await,
        2,
        "connections keep the finished table"
    );
    drop(seats);
    assert!(
        settles_at(&count, 1).await,
        "the finished table left memory once its players had"
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        count.count().await,
        1,
        "the unfinished table waits the whole idle time"
    );
    let (status, record) = request(addr, "GET", &format!("/tables/{done}/record"), None)
        .await
        .expect("answers");
    assert_eq!(status, 200, "{record}");
}

/// Every frame to seat k is exactly what view(k) gives (with its SVG, its own legal actions
/// and its events), in full Woodwalkers Midnight Duel tables, checked after the game against
/// a replay of the public record.
#[tokio::test]
async fn no_frame_carries_more_than_its_viewers_view_in_the_midnight_duel() {
    let scratch = Scratch::new("leak");
    let addr = start(&scratch.sqlite()).await;
    for seed in [3u64, 11] {
        frames_show_each_viewer_only_its_view(addr, "woodwalkers", json!({"side": "night"}), seed)
            .await;
    }
}

/// Whisperwood keeps each hand and each seat's draft picks secret.
#[tokio::test]
async fn no_frame_carries_more_than_its_viewers_view_in_whisperwood() {
    let scratch = Scratch::new("leak-whisperwood");
    let addr = start(&scratch.sqlite()).await;
    frames_show_each_viewer_only_its_view(addr, "whisperwood", json!({}), 5).await;
}

/// Plays a whole two-seat table of `game` (seats and a spectator connected; each seat plays
/// a legal action picked from the version) and checks every frame against a replay of the
/// public record: each viewer's frames carry its view, drawing, legal actions and events
/// only, no running score, and not the seed.
async fn frames_show_each_viewer_only_its_view(
    addr: SocketAddr,
    game: &str,
    options: Value,
    seed: u64,
) {
    let id = create(
        addr,
        json!({"game": game, "players": 2, "options": options, "seed": seed}),
    )
    .await;
    let tokens = [join(addr, &id, 0).await, join(addr, &id, 1).await];
    let mut conns = Vec::new();
    for t in &tokens {
        conns.push(
            Connection::open(addr, &id, &format!("token={t}"))
                .await
                .expect("seat"),
        );
    }
    conns.push(Connection::open(addr, &id, "").await.expect("spectator"));
    let mut frames: Vec<Vec<Value>> = vec![Vec::new(); 3];
    for (k, c) in conns.iter_mut().enumerate() {
        frames[k].push(c.frame(WAIT).await.expect("first"));
    }
    loop {
        let latest = frames[0].last().expect("a frame").clone();
        if latest["over"] == true {
            break;
        }
        let mover = latest["to_move"].as_u64().expect("a seat moves") as usize;
        let f = frames[mover].last().expect("a frame").clone();
        assert_eq!(f["version"], latest["version"]);
        let legal = f["legal"].as_array().expect("legal");
        let pick =
            &legal[(f["version"].as_u64().expect("v") as usize * 5 + 1) % legal.len()]["action"];
        conns[mover]
            .send(&json!({"version": f["version"], "action": pick}))
            .await
            .expect("sent");
        let next = f["version"].as_u64().expect("v") + 1;
        for (k, c) in conns.iter_mut().enumerate() {
            let got = frame_at(c, next).await;
            frames[k].push(got);
        }
    }
    let (status, rec) = request(addr, "GET", &format!("/tables/{id}/record"), None)
        .await
        .expect("record");
    assert_eq!(status, 200);
    let seed_text = seed.to_string();
    let record: sylvan_engine::Record =
        serde_json::from_value(rec["record"].clone()).expect("record");
    assert_eq!(record.seed, Some(seed), "the record is public once over");
    let log = rec["log"].as_array().expect("log");
    let mut replay = catalog()
        .new_game(game, 2, seed, &record.options, true, None)
        .expect("starts");
    let viewers = [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Spectator,
    ];
    let mut events: Vec<Vec<Value>> = vec![Vec::new(); 3];
    let allowed = [
        "type", "table", "game", "title", "version", "seat", "to_move", "over", "view", "svg",
        "legal", "can_undo", "events", "score", "seats", "clocks", "present", "result", "rematch",
    ];
    let mut checked = 0;
    for version in 0..=log.len() {
        if version > 0 {
            let per_viewer = replay
                .apply_for(&log[version - 1]["action"], &viewers)
                .expect("replays");
            for (k, e) in per_viewer.into_iter().enumerate() {
                events[k].push(json!({"version": version, "events": e}));
            }
        }
        for (k, viewer) in viewers.iter().enumerate() {
            for f in frames[k].iter().filter(|f| f["version"] == version) {
                let keys: Vec<&String> = f.as_object().expect("object").keys().collect();
                assert!(
                    keys.iter().all(|k| allowed.contains(&k.as_str())),
                    "{keys:?}"
                );
                assert_eq!(
                    f["view"],
                    replay.view(*viewer).expect("view"),
                    "view of {viewer:?} at {version}"
                );
                assert_eq!(
                    f["svg"].as_str(),
                    replay.svg(*viewer).expect("svg").as_deref()
                );
                let mine = matches!(viewer, Viewer::Seat(s) if replay.status().to_move == sylvan_engine::Actor::Seat(*s));
                let expected: Vec<Value> = if mine {
                    replay
                        .legal()
                        .into_iter()
                        .zip(replay.legal_targets())
                        .map(|(l, t)| json!({"action": l.action, "text": l.text, "targets": t}))
                        .collect()
                } else {
                    Vec::new()
                };
                assert_eq!(f["legal"], Value::Array(expected));
                for e in f["events"].as_array().expect("events") {
                    let v = e["version"].as_u64().expect("v") as usize;
                    assert_eq!(e, &events[k][v - 1], "events for {viewer:?}");
                }
                if f["over"] == false {
                    assert!(
                        f["score"].is_null(),
                        "no running score where things are hidden"
                    );
                    assert!(!f.to_string().contains(&format!("\"seed\":{seed_text}")));
                }
                checked += 1;
            }
        }
    }
    assert!(
        checked > 3 * log.len(),
        "{checked} frames checked for {} decisions",
        log.len()
    );
    // Not vacuous: the two seats were shown different things.
    assert!(
        frames[0]
            .iter()
            .zip(&frames[1])
            .any(|(a, b)| a["version"] == b["version"] && a["view"] != b["view"]),
        "{game}: the seats' views never differed"
    );
}

/// Two servers share one PostgreSQL: a table is joined and played through either, nothing is
/// lost or applied twice, and a spectator on the other server sees every move.
#[tokio::test]
async fn two_instances_share_one_postgres() {
    let Some(url) = fresh_postgres("two_instances_share_one_postgres").await else {
        return;
    };
    let a = start(&url).await;
    let b = start(&url).await;
    let id = create(a, json!({"game": "nim", "players": 2, "seed": 9})).await;
    let t0 = join(a, &id, 0).await;
    let t1 = join(b, &id, 1).await;
    let mut p0 = Connection::open(a, &id, &format!("token={t0}"))
        .await
        .expect("seat 0 on A");
    let mut p1 = Connection::open(b, &id, &format!("token={t1}"))
        .await
        .expect("seat 1 on B");
    let mut watcher = Connection::open(b, &id, "").await.expect("spectator on B");
    let mut seen = Vec::new();
    let mut f = watcher.frame(WAIT).await.expect("frame");
    let mut moves = 0;
    while f["over"] != true {
        let (conn, to_move) = if f["to_move"] == 0 {
            (&mut p0, 0)
        } else {
            (&mut p1, 1)
        };
        let mine = frame_at(conn, f["version"].as_u64().expect("v")).await;
        assert_eq!(mine["to_move"], to_move);
        let a = mine["legal"][0]["action"].clone();
        conn.send(&json!({"version": mine["version"], "action": a}))
            .await
            .expect("sent");
        moves += 1;
        let want = f["version"].as_u64().expect("v") + 1;
        loop {
            f = watcher
                .frame(WAIT)
                .await
                .expect("the spectator on B follows");
            for e in f["events"].as_array().expect("events") {
                seen.push(e["version"].as_u64().expect("v"));
            }
            if f["version"].as_u64() >= Some(want) {
                break;
            }
        }
    }
    assert_eq!(
        seen,
        (1..=moves).collect::<Vec<u64>>(),
        "every move once, in order"
    );
    let (_, ra) = request(a, "GET", &format!("/tables/{id}/record"), None)
        .await
        .expect("A");
    let (_, rb) = request(b, "GET", &format!("/tables/{id}/record"), None)
        .await
        .expect("B");
    assert_eq!(ra, rb);
    assert_eq!(ra["log"].as_array().map(Vec::len), Some(moves as usize));
}

/// Resigning ends the seat's game: at two seats the table is over at once and the other seat
/// wins; at three the resigned seat ranks last while the others play on (a bot moves for it).
/// The resignation is a decision in the log, and refused twice or after the end.
#[tokio::test]
async fn resigning_ends_the_game_for_the_seat_and_ranks_it_last() {
    let (_scratch, addr, id) = server_with_table(
        "resign2",
        json!({"game": "woodwalkers", "players": 2, "seed": 4}),
    )
    .await;
    let t0 = join(addr, &id, 0).await;
    let _t1 = join(addr, &id, 1).await;
    let mut p0 = Connection::open(addr, &id, &format!("token={t0}"))
        .await
        .expect("seat 0");
    let f = p0.frame(WAIT).await.expect("frame");
    assert_eq!(f["over"], false);
    assert_eq!(f["result"], Value::Null);
    p0.send(&json!({"cmd": "resign"})).await.expect("sent");
    let f = frame_at(&mut p0, 1).await;
    assert_eq!(f["over"], true, "{f}");
    assert_eq!(f["to_move"], Value::Null);
    assert_eq!(f["result"]["ended_by"], "resignation");
    assert_eq!(f["result"]["winners"], json!([1]));
    assert_eq!(f["result"]["ranking"], json!([1, 0]));
    assert_eq!(f["seats"][0]["resigned"], true);
    assert_eq!(f["events"][0]["events"][0], "Player 1 resigned");
    p0.send(&json!({"cmd": "resign"})).await.expect("sent");
    let refused = error_of(&mut p0).await;
    assert_eq!(refused["kind"], "game_over", "{refused}");
    let (status, rec) = request(addr, "GET", &format!("/tables/{id}/record"), None)
        .await
        .expect("record");
    assert_eq!(status, 200, "the record is public once the table is over");
    assert_eq!(rec["log"], json!([{"seat": 0, "resign": true}]));
    let (_, lobby) = request(addr, "GET", "/tables?status=over", None)
        .await
        .expect("lobby");
    assert!(lobby["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .any(|t| t["id"] == id));

    // Three seats: seat 0 resigns, the game goes on between the others, seat 0 is last.
    let id = create(
        addr,
        json!({"game": "woodwalkers", "players": 3, "seed": 5, "seats": ["human", "human", "random"]}),
    )
    .await;
    let t0 = join(addr, &id, 0).await;
    let t1 = join(addr, &id, 1).await;
    let mut seats = open_seats(addr, &id, &[&t0, &t1]).await;
    let (mut p1, mut p0) = (seats.pop().expect("seat 1"), seats.pop().expect("seat 0"));
    p0.send(&json!({"cmd": "resign"})).await.expect("sent");
    let mut f = frame_at(&mut p1, 1).await;
    assert_eq!(f["over"], false, "two seats still play: {f}");
    let mut moves = 0;
    while f["over"] != true {
        if f["to_move"] == 1 && !f["legal"].as_array().expect("legal").is_empty() {
            let v = f["version"].as_u64().expect("v");
            let a = f["legal"][0]["action"].clone();
            p1.send(&json!({"version": v, "action": a}))
                .await
                .expect("sent");
            moves += 1;
            f = frame_at(&mut p1, v + 1).await;
        } else {
            f = p1.frame(WAIT).await.expect("a frame");
        }
    }
    assert!(moves > 5, "seat 1 played {moves} decisions");
    assert_eq!(f["result"]["ended_by"], "game");
    assert_eq!(
        f["result"]["ranking"][2], 0,
        "the resigned seat is last: {}",
        f["result"]
    );
    assert!(!f["result"]["winners"]
        .as_array()
        .expect("winners")
        .contains(&json!(0)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_stored_so_a_restart_sends_everyone_to_the_same_one() {
    let scratch = Scratch::new("rematch");
    let db = scratch.sqlite();
    let first = start(&db).await;
    let id = create(
        first,
        json!({"game": "woodwalkers", "players": 2, "seed": 6, "seats": ["human", "random"]}),
    )
    .await;
    let (status, refused) = request(first, "POST", &format!("/tables/{id}/rematch"), None)
        .await
        .expect("answer");
    assert_eq!(status, 409, "no rematch before the end: {refused}");
    let token = join(first, &id, 0).await;
    let mut seat = Connection::open(first, &id, &format!("token={token}"))
        .await
        .expect("seat 0");
    seat.frame(WAIT).await.expect("frame");
    seat.send(&json!({"cmd": "resign"})).await.expect("sent");
    assert_eq!(frame_at(&mut seat, 1).await["over"], true);

    let (_, made) = request(first, "POST", &format!("/tables/{id}/rematch"), None)
        .await
        .expect("rematch");
    let rematch = made["id"].as_str().expect("the rematch's id").to_string();
    assert_ne!(rematch, id);
    let (_, again) = request(first, "POST", &format!("/tables/{id}/rematch"), None)
        .await
        .expect("rematch");
    assert_eq!(
        again["id"],
        rematch.as_str(),
        "one rematch, however often asked"
    );

    // A second server on the same file knows nothing in memory: the rematch comes from storage.
    let second = start(&db).await;
    let (_, there) = request(second, "POST", &format!("/tables/{id}/rematch"), None)
        .await
        .expect("rematch");
    assert_eq!(there["id"], rematch.as_str(), "{there}");
    let mut watcher = Connection::open(second, &id, "").await.expect("spectator");
    let f = watcher.frame(WAIT).await.expect("frame");
    assert_eq!(
        f["rematch"],
        rematch.as_str(),
        "the frame links the stored rematch"
    );
    let (_, lobby) = request(second, "GET", "/tables", None)
        .await
        .expect("lobby");
    let made = lobby["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .filter(|t| t["game"] == "woodwalkers" && t["id"] != id.as_str())
        .count();
    assert_eq!(made, 1, "exactly one rematch table was created");
}

/// Four two-seat Woodwalkers tables for `seconds`, at `rate` decisions a second if given.
fn four_tables(seconds: f64, rate: Option<f64>) -> LoadPlan {
    LoadPlan {
        tables: 4,
        seconds,
        game: "woodwalkers".into(),
        players: 2,
        rate,
        split_cpu: false,
        one_game: false,
        ramp_seconds: 0.0,
    }
}

#[test]
fn the_load_generator_plays_tables_and_tells_the_servers_cpu_from_its_clients() {
    let scratch = Scratch::new("load");
    let plan = LoadPlan {
        split_cpu: true,
        ..four_tables(1.0, None)
    };
    let report = sylvan_server::loadtest_blocking(catalog(), scratch.sqlite(), plan)
        .expect("the load test runs");
    assert_eq!(report.clients, 8, "{report:?}");
    assert!(report.decisions > 0, "{report:?}");
    assert_eq!(report.errors, 0, "{report:?}");
    // Sustained: each table whose game ended was followed by a new one, and every table
    // made stays in memory for the idle time (a minute) after its game.
    assert!(report.games_ended > 0, "{report:?}");
    assert_eq!(
        report.tables_in_memory,
        Some(4 + report.games_ended as usize),
        "{report:?}"
    );
    assert!(!report.p99_by_second_ms.is_empty(), "{report:?}");
    assert!(
        report
            .p99_by_second_ms
            .iter()
            .all(|&p| p <= report.worst_second_p99_ms),
        "{report:?}"
    );
    if cfg!(target_os = "linux") {
        let all = report.cpu_seconds.expect("the process's CPU time");
        let clients = report.client_cpu_seconds.expect("the clients' CPU time");
        // Both are counted in 10 ms ticks and read one after the other.
        assert!(clients <= all + 0.011, "{report:?}");
        assert!(report.server_cpu_us_per_decision.is_some(), "{report:?}");
    }
    // One game a table: the load ends with the games, however long it could have run.
    let scratch = Scratch::new("load-once");
    let once = LoadPlan {
        one_game: true,
        ..four_tables(60.0, None)
    };
    let report = sylvan_server::loadtest_blocking(catalog(), scratch.sqlite(), once)
        .expect("the load test runs");
    assert_eq!(report.games_ended, 4, "{report:?}");
    assert!(
        report.seconds < 50.0,
        "it stopped with the games: {report:?}"
    );
    assert_eq!(report.tables_in_memory, Some(4), "{report:?}");
}

#[test]
fn the_load_generator_paces_its_tables_when_asked_for_a_rate() {
    let scratch = Scratch::new("paced");
    let plan = four_tables(2.0, Some(20.0));
    let report = sylvan_server::loadtest_blocking(catalog(), scratch.sqlite(), plan.clone())
        .expect("the paced load test runs");
    assert_eq!(report.rate, Some(20.0), "{report:?}");
    assert_eq!(report.errors, 0, "{report:?}");
    // About 40 decisions in 2 s (a Poisson count: 40 ± 6.3); unpaced, four tables play
    // thousands a second.
    assert!(
        (10..=120).contains(&report.decisions),
        "paced at 20 a second for 2 s: {report:?}"
    );
    for rate in [0.0, -1.0, f64::NAN] {
        let scratch = Scratch::new("bad-rate");
        let plan = LoadPlan {
            rate: Some(rate),
            ..plan.clone()
        };
        let refused = sylvan_server::loadtest_blocking(catalog(), scratch.sqlite(), plan)
            .expect_err("a rate that is not positive is refused");
        assert!(refused.contains("rate"), "{refused}");
    }
}

#[test]
fn the_load_generator_begins_its_tables_over_a_ramp_and_measures_after_it() {
    let scratch = Scratch::new("ramp");
    let plan = LoadPlan {
        ramp_seconds: 0.5,
        ..four_tables(1.0, None)
    };
    let report = sylvan_server::loadtest_blocking(catalog(), scratch.sqlite(), plan.clone())
        .expect("the ramped load test runs");
    assert_eq!(report.ramp_seconds, 0.5, "{report:?}");
    assert_eq!(report.errors, 0, "{report:?}");
    assert!(report.decisions > 0, "{report:?}");
    assert!(report.seconds >= 1.0, "{report:?}");
    // Games that ended during the ramp are not counted, but their tables are still in memory.
    assert!(
        report.tables_in_memory >= Some(4 + report.games_ended as usize),
        "{report:?}"
    );
    for (ramp, seconds) in [
        (-1.0, 1.0),
        (f64::NAN, 1.0),
        (f64::INFINITY, 1.0),
        (0.0, -2.0),
    ] {
        let scratch = Scratch::new("bad-ramp");
        let plan = LoadPlan {
            ramp_seconds: ramp,
            seconds,
            ..plan.clone()
        };
        let refused = sylvan_server::loadtest_blocking(catalog(), scratch.sqlite(), plan)
            .expect_err("a time that is not a number of seconds is refused");
        assert!(refused.contains("seconds"), "{refused}");
    }
}
