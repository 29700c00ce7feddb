//! The real `sylvan serve` processes: a clock's deadline survives a SIGKILL and restart, and
//! two processes share one PostgreSQL, where a table is played through either, spectators on
//! the other see every move, and only the holder of a table's lease runs its bots (another
//! instance takes over when the holder dies).

use std::path::Path;
use std::time::Duration;

use serde_json::json;
use sylvan_server::client::{request, Connection};
use sylvan_server::testing::{
    create_table, frame_at, fresh_postgres, join_seat, spawn_serve, Scratch,
};

const WAIT: Duration = Duration::from_secs(30);

fn bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_sylvan"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_deadline_survives_a_sigkill_and_restart() {
    let scratch = Scratch::new("clock-restart");
    let db = scratch.sqlite();
    let (mut child, addr) = spawn_serve(bin(), &db).await;
    let id = create_table(
        addr,
        json!({"game": "woodwalkers", "players": 2, "seed": 3,
               "clock": {"per_decision": {"limit_ms": 5000}}}),
    )
    .await;
    join_seat(addr, &id, 0).await;
    join_seat(addr, &id, 1).await;
    let mut watcher = Connection::open(addr, &id, "svg=0")
        .await
        .expect("spectator");
    let f = watcher.frame(WAIT).await.expect("frame");
    let running = f["clocks"]["running"].clone();
    assert!(running.is_u64(), "a person's clock runs: {}", f["clocks"]);
    let deadline = f["clocks"]["deadline_ms"].as_i64().expect("a deadline");
    tokio::time::sleep(Duration::from_millis(1000)).await;
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");

    let (mut child, addr) = spawn_serve(bin(), &db).await;
    let mut watcher = Connection::open(addr, &id, "svg=0")
        .await
        .expect("spectator");
    let f = watcher.frame(WAIT).await.expect("frame");
    assert_eq!(f["version"], 0);
    assert_eq!(f["clocks"]["running"], running, "the same seat's time runs");
    assert_eq!(
        f["clocks"]["deadline_ms"].as_i64(),
        Some(deadline),
        "the deadline stored before the kill, not a fresh one"
    );
    // Nobody plays: at the stored deadline the bot takes the seat over and moves.
    let seat = running.as_u64().expect("seat") as usize;
    let f = frame_at(&mut watcher, 1).await;
    assert_eq!(f["seats"][seat]["zombie"], true, "{}", f["seats"]);
    assert!(
        f["clocks"]["now_ms"].as_i64().expect("now") >= deadline,
        "taken over only once the time had run out"
    );
    child.kill().expect("stopped");
    child.wait().expect("reaped");
}

/// Every version's events, once each and in order, from a spectator's frames up to `last`.
async fn follow(watcher: &mut Connection, last: u64, seen: &mut Vec<u64>) {
    while seen.last().copied().unwrap_or(0) < last {
        let f = watcher.frame(WAIT).await.expect("the spectator follows");
        for e in f["events"].as_array().expect("events") {
            seen.push(e["version"].as_u64().expect("version"));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_serve_processes_share_one_postgres_and_one_runs_each_tables_bots() {
    let Some(url) = fresh_postgres("two_serve_processes_share_one_postgres").await else {
        return;
    };
    let (mut a_proc, a) = spawn_serve(bin(), &url).await;
    let (mut b_proc, b) = spawn_serve(bin(), &url).await;

    // A table created on A, seat 0 joined on A and seat 1 on B, each playing on its own.
    let id = create_table(a, json!({"game": "woodwalkers", "players": 2, "seed": 21})).await;
    let t0 = join_seat(a, &id, 0).await;
    let t1 = join_seat(b, &id, 1).await;
    let mut seats = [
        Connection::open(a, &id, &format!("token={t0}&svg=0"))
            .await
            .expect("seat 0 on A"),
        Connection::open(b, &id, &format!("token={t1}&svg=0"))
            .await
            .expect("seat 1 on B"),
    ];
    let mut watch_a = Connection::open(a, &id, "svg=0")
        .await
        .expect("spectator on A");
    let mut watch_b = Connection::open(b, &id, "svg=0")
        .await
        .expect("spectator on B");
    let (mut seen_a, mut seen_b) = (Vec::new(), Vec::new());
    let mut version = 0;
    let mut latest = [
        seats[0].frame(WAIT).await.expect("frame"),
        seats[1].frame(WAIT).await.expect("frame"),
    ];
    while latest[0]["over"] != true {
        let mover = latest[0]["to_move"].as_u64().expect("a seat moves") as usize;
        let f = latest[mover].clone();
        let action = f["legal"][version as usize % f["legal"].as_array().expect("legal").len()]
            ["action"]
            .clone();
        seats[mover]
            .send(&json!({"version": version, "action": action}))
            .await
            .expect("sent");
        version += 1;
        latest[0] = frame_at(&mut seats[0], version).await;
        latest[1] = frame_at(&mut seats[1], version).await;
        follow(&mut watch_a, version, &mut seen_a).await;
        follow(&mut watch_b, version, &mut seen_b).await;
    }
    let every: Vec<u64> = (1..=version).collect();
    assert_eq!(
        seen_a, every,
        "the spectator on A saw every move once, in order"
    );
    assert_eq!(
        seen_b, every,
        "the spectator on B saw every move once, in order"
    );
    let (_, ra) = request(a, "GET", &format!("/tables/{id}/record"), None)
        .await
        .expect("A");
    let (_, rb) = request(b, "GET", &format!("/tables/{id}/record"), None)
        .await
        .expect("B");
    assert_eq!(ra, rb, "both instances tell the same record");
    assert_eq!(ra["log"].as_array().map(Vec::len), Some(version as usize));

    // A table of bots: one instance at a time runs them (the lease); A dies mid-game and B
    // takes over once A's lease runs out, and finishes the game.
    let id = create_table(
        a,
        json!({"game": "woodwalkers", "players": 2, "seed": 22, "seats": ["mcts:100", "mcts:100"]}),
    )
    .await;
    let mut watcher = Connection::open(b, &id, "svg=0")
        .await
        .expect("spectator on B");
    let mut f = frame_at(&mut watcher, 20).await;
    a_proc.kill().expect("SIGKILL A");
    a_proc.wait().expect("reaped");
    while f["over"] != true {
        f = watcher.frame(WAIT).await.expect("B goes on alone");
    }
    let (status, rec) = request(b, "GET", &format!("/tables/{id}/record"), None)
        .await
        .expect("record");
    assert_eq!(status, 200, "{rec}");
    let by: Vec<&str> = rec["log"]
        .as_array()
        .expect("log")
        .iter()
        .map(|e| e["by"].as_str().expect("a bot decision names its instance"))
        .collect();
    let switches = by.windows(2).filter(|w| w[0] != w[1]).count();
    assert!(
        switches <= 1,
        "one instance at a time ran the bots ({switches} hand-overs in {} decisions)",
        by.len()
    );
    b_proc.kill().expect("stopped");
    b_proc.wait().expect("reaped");
}
