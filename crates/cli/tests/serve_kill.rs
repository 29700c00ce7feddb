//! Durable before acknowledged: the real `sylvan serve` is killed with SIGKILL at random
//! moments while clients play through WebSockets; after each restart every acknowledged
//! decision is there and play goes on. With SQLite, and with PostgreSQL when one is configured.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::process::Child;
use std::time::Duration;

use serde_json::{json, Value};
use sylvan_server::client::{request, Connection};
use sylvan_server::testing::{fresh_postgres, spawn_serve, Scratch};

const WAIT: Duration = Duration::from_secs(20);
const TABLES: usize = 3;
const KILLS: usize = 3;

async fn spawn_server(db: &str) -> (Child, SocketAddr) {
    spawn_serve(std::path::Path::new(env!("CARGO_BIN_EXE_sylvan")), db).await
}

/// Plays table `id` until the connection breaks or the game ends; every decision whose frame
/// came back is put in `acked` at its version.
async fn drive(addr: SocketAddr, id: String, tokens: Vec<String>, acked: &mut HashMap<u64, Value>) {
    let mut conns = Vec::new();
    for t in &tokens {
        match Connection::open(addr, &id, &format!("token={t}&svg=0")).await {
            Ok(c) => conns.push(c),
            Err(_) => return,
        }
    }
    let mut latest = Vec::new();
    for c in conns.iter_mut() {
        match c.frame(WAIT).await {
            Ok(f) => latest.push(f),
            Err(_) => return,
        }
    }
    loop {
        let f = latest[0].clone();
        if f["over"] == true {
            return;
        }
        let mover = f["to_move"].as_u64().expect("a seat moves") as usize;
        let version = f["version"].as_u64().expect("version");
        let legal = latest[mover]["legal"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if legal.is_empty() || latest[mover]["version"] != version {
            return;
        }
        let action = legal[(version as usize * 13 + mover) % legal.len()]["action"].clone();
        if conns[mover]
            .send(&json!({"version": version, "action": action}))
            .await
            .is_err()
        {
            return;
        }
        for (k, c) in conns.iter_mut().enumerate() {
            loop {
                match c.next(WAIT).await {
                    Ok(m) if m["type"] == "frame" => {
                        let v = m["version"].as_u64().expect("version");
                        if k == mover && v == version + 1 {
                            acked.insert(v, action.clone());
                        }
                        latest[k] = m;
                        if v > version {
                            break;
                        }
                    }
                    Ok(m) => panic!("table {id}: {m}"),
                    Err(_) => return,
                }
            }
        }
    }
}

async fn kill_and_restart(db: &str, seed: u64) {
    let (mut child, mut addr) = spawn_server(db).await;
    let mut tables = Vec::new();
    for i in 0..TABLES {
        let (status, t) = request(
            addr,
            "POST",
            "/tables",
            Some(&json!({"game": "woodwalkers", "players": 2, "seed": seed + i as u64})),
        )
        .await
        .expect("create");
        assert_eq!(status, 201, "{t}");
        let id = t["id"].as_str().expect("id").to_string();
        let mut tokens = Vec::new();
        for seat in 0..2 {
            let (_, j) = request(
                addr,
                "POST",
                &format!("/tables/{id}/join"),
                Some(&json!({"name": "k", "seat": seat})),
            )
            .await
            .expect("join");
            tokens.push(j["token"].as_str().expect("token").to_string());
        }
        tables.push((id, tokens, HashMap::new()));
    }
    let mut rng = seed;
    for round in 0..=KILLS {
        let last_round = round == KILLS;
        let mut drivers = Vec::new();
        for (id, tokens, acked) in tables.drain(..) {
            drivers.push(tokio::spawn(async move {
                let mut acked = acked;
                drive(addr, id.clone(), tokens.clone(), &mut acked).await;
                (id, tokens, acked)
            }));
        }
        if !last_round {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let ms = 150 + (rng >> 33) % 900;
            tokio::time::sleep(Duration::from_millis(ms)).await;
            child.kill().expect("SIGKILL");
            child.wait().expect("reaped");
        }
        for d in drivers {
            tables.push(d.await.expect("driver"));
        }
        if last_round {
            break;
        }
        (child, addr) = spawn_server(db).await;
        for (id, _, acked) in &tables {
            let mut watcher = Connection::open(addr, id, "svg=0")
                .await
                .expect("spectator");
            let f = watcher.frame(WAIT).await.expect("frame");
            let at = f["version"].as_u64().expect("version");
            let max_acked = acked.keys().max().copied().unwrap_or(0);
            assert!(
                at >= max_acked,
                "table {id}: at {at} after a kill, but {max_acked} was acknowledged"
            );
        }
    }
    let mut total = 0;
    for (id, _, acked) in &tables {
        let (status, rec) = request(addr, "GET", &format!("/tables/{id}/record"), None)
            .await
            .expect("record");
        assert_eq!(status, 200, "table {id} was played to the end: {rec}");
        let log = rec["log"].as_array().expect("log");
        for (v, action) in acked {
            assert_eq!(
                &log[*v as usize - 1]["action"],
                action,
                "table {id}, decision {v}"
            );
        }
        total += acked.len();
    }
    assert!(total > 30, "{total} decisions acknowledged");
    child.kill().expect("stopped");
    child.wait().expect("reaped");
    eprintln!("{db}: {total} acknowledged decisions across {KILLS} kills, none lost");
}

fn seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(7);
    let seed = u64::from(nanos) ^ u64::from(std::process::id());
    eprintln!("kill moments from seed {seed}");
    seed
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_loses_no_acknowledged_decision_on_sqlite() {
    let scratch = Scratch::new("kill");
    kill_and_restart(&scratch.sqlite(), seed()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_loses_no_acknowledged_decision_on_postgres() {
    if let Some(url) = fresh_postgres("sigkill_loses_no_acknowledged_decision_on_postgres").await {
        kill_and_restart(&url, seed()).await;
    }
}
