//! The store's test suite, run against SQLite and a real PostgreSQL (when
//! `SYLVAN_TEST_POSTGRES` names one; `.ci/run` starts it).

use serde_json::json;
use sylvan_server::store::{SeatRow, Store, StoredTable, TableRow, TableStatus};
use sylvan_server::testing::{fresh_postgres, Scratch};

fn table(id: &str, created_ms: i64) -> StoredTable {
    StoredTable {
        table: TableRow {
            id: id.to_string(),
            game: "woodwalkers".into(),
            players: 2,
            options: json!({"side": "night"}),
            // The whole u64 range comes back unchanged.
            seed: u64::MAX - 6,
            clock: json!(null),
            clocks: json!({}),
            version: 0,
            status: TableStatus::Open,
            created_ms,
        },
        seats: vec![
            SeatRow {
                seat: 0,
                bot: None,
                name: None,
                token_hash: None,
                zombie: false,
                resigned: false,
            },
            SeatRow {
                seat: 1,
                bot: Some("ismcts:easy".into()),
                name: None,
                token_hash: None,
                zombie: false,
                resigned: false,
            },
        ],
    }
}

async fn suite(url: &str) {
    let store = Store::connect(url, "a1")
        .await
        .expect("connects and migrates");
    // Migrating twice is harmless (a restart).
    Store::connect(url, "a2").await.expect("migrates again");

    let t = table("00000000000000aa", 1);
    store.create(&t).await.expect("created");
    assert_eq!(
        store.table("00000000000000aa").await.expect("read"),
        Some(t.clone())
    );
    assert_eq!(store.table("00000000000000ff").await.expect("read"), None);

    // The log: a compare-and-swap on the version.
    let e1 = json!({"seat": 0, "action": {"Move": 3}});
    assert!(store
        .append(&t.table.id, 0, &e1, TableStatus::Open, &json!({"x": 1}))
        .await
        .expect("ok"));
    assert!(
        !store
            .append(
                &t.table.id,
                0,
                &json!({"seat": 1}),
                TableStatus::Open,
                &json!({})
            )
            .await
            .expect("ok"),
        "a second writer at the same version is refused"
    );
    let e2 = json!({"seat": 0, "undo": true});
    assert!(store
        .append(&t.table.id, 1, &e2, TableStatus::Over, &json!({}))
        .await
        .expect("ok"));
    assert_eq!(
        store.entries(&t.table.id, 0).await.expect("read"),
        vec![(1, e1.clone()), (2, e2.clone())]
    );
    assert_eq!(
        store.entries(&t.table.id, 1).await.expect("read"),
        vec![(2, e2)]
    );
    let read = store
        .table(&t.table.id)
        .await
        .expect("read")
        .expect("there");
    assert_eq!(
        (read.table.version, read.table.status),
        (2, TableStatus::Over)
    );

    // Racing writers: exactly one wins each version.
    let u = table("00000000000000bb", 2);
    store.create(&u).await.expect("created");
    let racers: Vec<_> = (0..12)
        .map(|i| {
            let store = store.clone();
            tokio::spawn(async move {
                store
                    .append(
                        "00000000000000bb",
                        0,
                        &json!({"seat": 0, "n": i}),
                        TableStatus::Open,
                        &json!({}),
                    )
                    .await
                    .expect("no storage error")
            })
        })
        .collect();
    let mut wins = 0;
    for r in racers {
        wins += usize::from(r.await.expect("joined"));
    }
    assert_eq!(wins, 1);
    assert_eq!(
        store
            .entries("00000000000000bb", 0)
            .await
            .expect("read")
            .len(),
        1
    );

    // Seats: a free seat is claimed once; bot seats never.
    assert!(
        !store.claim(&u.table.id, 1, "Bo", "h1").await.expect("ok"),
        "a bot's seat"
    );
    assert!(store.claim(&u.table.id, 0, "Ann", "h0").await.expect("ok"));
    assert!(
        !store.claim(&u.table.id, 0, "Cy", "h2").await.expect("ok"),
        "taken"
    );
    let read = store
        .table(&u.table.id)
        .await
        .expect("read")
        .expect("there");
    assert_eq!(read.seats[0].name.as_deref(), Some("Ann"));
    assert_eq!(read.seats[0].token_hash.as_deref(), Some("h0"));
    assert_eq!(read.table.status, TableStatus::Running, "no free seat left");
    store
        .set_seat_state(&u.table.id, 0, true, false)
        .await
        .expect("ok");
    let seats = store.seats(&u.table.id).await.expect("read");
    assert!(seats[0].zombie && !seats[0].resigned);

    // Clocks are saved only at the version they were computed for.
    assert!(store
        .set_clocks(&u.table.id, 1, &json!({"running": 0}))
        .await
        .expect("ok"));
    assert!(!store
        .set_clocks(&u.table.id, 0, &json!({"running": 1}))
        .await
        .expect("ok"));
    let read = store
        .table(&u.table.id)
        .await
        .expect("read")
        .expect("there");
    assert_eq!(read.table.clocks, json!({"running": 0}));

    // The lobby and the tables to rebuild on restart.
    let open = table("00000000000000cc", 3);
    store.create(&open).await.expect("created");
    let listed: Vec<String> = store
        .list(&[TableStatus::Open, TableStatus::Running], 10)
        .await
        .expect("read")
        .into_iter()
        .map(|t| t.table.id)
        .collect();
    assert_eq!(
        listed,
        vec!["00000000000000cc", "00000000000000bb"],
        "newest first, not over"
    );
    assert_eq!(
        store
            .list(&[TableStatus::Over], 10)
            .await
            .expect("read")
            .len(),
        1
    );
    assert_eq!(
        store
            .list(&[TableStatus::Open, TableStatus::Running], 1)
            .await
            .expect("read")
            .len(),
        1
    );
    let mut unfinished = store.unfinished().await.expect("read");
    unfinished.sort();
    assert_eq!(unfinished, vec!["00000000000000bb", "00000000000000cc"]);
    // Many tables at once, each its decisions in turn: the group-commit writer shares
    // transactions between tables and keeps each table's order.
    let ids: Vec<String> = (0..40).map(|i| format!("00000000000010{i:02x}")).collect();
    for (i, id) in ids.iter().enumerate() {
        store
            .create(&table(id, 10 + i as i64))
            .await
            .expect("created");
    }
    let players: Vec<_> = ids
        .iter()
        .cloned()
        .map(|id| {
            let store = store.clone();
            tokio::spawn(async move {
                for v in 0..5u64 {
                    let stored = store
                        .append(
                            &id,
                            v,
                            &json!({"seat": 0, "v": v}),
                            TableStatus::Open,
                            &json!({}),
                        )
                        .await
                        .expect("no storage error");
                    assert!(stored, "{id} at {v}");
                }
            })
        })
        .collect();
    for p in players {
        p.await.expect("joined");
    }
    for id in &ids {
        let entries = store.entries(id, 0).await.expect("read");
        let versions: Vec<u64> = entries.iter().map(|(v, _)| *v).collect();
        assert_eq!(versions, vec![1, 2, 3, 4, 5], "{id}");
        assert!(entries.iter().all(|(v, e)| e["v"].as_u64() == Some(v - 1)));
    }
    // A shared transaction with one stale write among good ones: only that one is refused,
    // every other is stored once.
    let writes: Vec<_> = ids
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, id)| {
            let store = store.clone();
            let version = if i % 3 == 1 { 2 } else { 5 };
            tokio::spawn(async move {
                let stored = store
                    .append(
                        &id,
                        version,
                        &json!({"seat": 0, "v": version}),
                        TableStatus::Running,
                        &json!({"i": i}),
                    )
                    .await
                    .expect("no storage error");
                (i, stored)
            })
        })
        .collect();
    for w in writes {
        let (i, stored) = w.await.expect("joined");
        assert_eq!(stored, i % 3 != 1, "write {i}");
        let entries = store.entries(&ids[i], 0).await.expect("read");
        assert_eq!(entries.len(), if stored { 6 } else { 5 }, "{}", ids[i]);
        let row = store.table(&ids[i]).await.expect("read").expect("there");
        let expected = if stored {
            (6, TableStatus::Running, json!({"i": i}))
        } else {
            (5, TableStatus::Open, json!({}))
        };
        assert_eq!(
            (row.table.version, row.table.status, row.table.clocks),
            expected
        );
    }
    // On PostgreSQL another instance listens: every table written below is announced to it.
    let other = Store::connect(url, "b1").await.expect("connects");
    let mut heard = other.listen().await.expect("listens");
    // Forty good writes at once (queued together, so written in shared chunks): each table
    // gets its own status, clocks, version and entry, whatever its bind position.
    let writes: Vec<_> = ids
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, id)| {
            let store = store.clone();
            let version = if i % 3 == 1 { 5 } else { 6 };
            let status = if i % 2 == 0 {
                TableStatus::Over
            } else {
                TableStatus::Running
            };
            tokio::spawn(async move {
                let stored = store
                    .append(
                        &id,
                        version,
                        &json!({"seat": 1, "w": i}),
                        status,
                        &json!({"w": i}),
                    )
                    .await
                    .expect("no storage error");
                (i, version, status, stored)
            })
        })
        .collect();
    for w in writes {
        let (i, version, status, stored) = w.await.expect("joined");
        assert!(stored, "write {i}");
        let row = store.table(&ids[i]).await.expect("read").expect("there");
        assert_eq!(
            (row.table.version, row.table.status, row.table.clocks),
            (version + 1, status, json!({"w": i})),
            "{}",
            ids[i]
        );
        let entries = store.entries(&ids[i], version).await.expect("read");
        assert_eq!(entries, vec![(version + 1, json!({"seat": 1, "w": i}))]);
    }
    if let Some(heard) = heard.as_mut() {
        let mut missing: std::collections::BTreeSet<&String> = ids.iter().collect();
        while !missing.is_empty() {
            let id = tokio::time::timeout(std::time::Duration::from_secs(20), heard.recv())
                .await
                .unwrap_or_else(|_| panic!("no announcement of {missing:?}"))
                .expect("the listener runs");
            missing.remove(&id);
        }
    }
    // Writes that give only what changed, at once: all of them changing nothing (the lean
    // statement), then a mixture in shared chunks (a NULL keeps the stored column).
    for round in 0..2u64 {
        let writes: Vec<_> = ids
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, id)| {
                let store = store.clone();
                let version = if i % 3 == 1 { 6 } else { 7 } + round;
                let (status, clocks) = match (round, i % 4) {
                    (0, _) | (1, 0) => (None, None),
                    (1, 1) => (Some(TableStatus::Running), None),
                    (1, 2) => (None, Some(json!({"c": i}))),
                    _ => (Some(TableStatus::Open), Some(json!({"c": i}))),
                };
                tokio::spawn(async move {
                    let stored = store
                        .append_changes(
                            &id,
                            version,
                            &json!({"seat": 0, "r": round, "i": i}).to_string(),
                            status,
                            clocks.as_ref(),
                        )
                        .await
                        .expect("no storage error");
                    (i, version, status, clocks, stored)
                })
            })
            .collect();
        for w in writes {
            let (i, version, status, clocks, stored) = w.await.expect("joined");
            assert!(stored, "round {round} write {i}");
            let row = store.table(&ids[i]).await.expect("read").expect("there");
            // What the previous writes left: Over for even tables, Running for odd, clocks {"w": i}.
            let before = if i % 2 == 0 {
                TableStatus::Over
            } else {
                TableStatus::Running
            };
            assert_eq!(
                (row.table.version, row.table.status, row.table.clocks),
                (
                    version + 1,
                    status.unwrap_or(before),
                    clocks.unwrap_or_else(|| json!({"w": i}))
                ),
                "round {round} {}",
                ids[i]
            );
            let entries = store.entries(&ids[i], version).await.expect("read");
            assert_eq!(
                entries,
                vec![(version + 1, json!({"seat": 0, "r": round, "i": i}))]
            );
        }
    }
}

#[tokio::test]
async fn the_store_suite_on_sqlite() {
    let scratch = Scratch::new("store");
    suite(&scratch.sqlite()).await;
}

#[tokio::test]
async fn the_store_suite_on_postgres() {
    if let Some(url) = fresh_postgres("the_store_suite_on_postgres").await {
        suite(&url).await;
    }
}

#[tokio::test]
async fn a_bad_database_url_is_named() {
    let e = Store::connect("mysql://x", "a")
        .await
        .expect_err("unsupported");
    assert!(
        e.to_string()
            .contains("unsupported database URL 'mysql://x'"),
        "{e}"
    );
}

/// SQLite's log is copied into the database file beside the writer while tables are played,
/// so it stays short: the writer's own checkpoint, which every acknowledgement waits behind,
/// finds little to copy.
#[tokio::test]
async fn sqlite_log_is_checkpointed_beside_the_writer() {
    let scratch = Scratch::new("checkpoints");
    let store = Store::connect(&scratch.sqlite(), "a1")
        .await
        .expect("connects and migrates");
    let t = table("00000000000000cc", 1);
    store.create(&t).await.expect("created");
    let wal = scratch.0.join("sylvan.db-wal");
    let mut version = 0;
    let mut longest = 0;
    // Decisions in bursts, a few checkpoint periods apart, as tables play them.
    for _ in 0..40 {
        for _ in 0..10 {
            let entry = json!({"seat": 0, "action": {"Move": version}, "pad": "x".repeat(600)});
            assert!(store
                .append_changes(&t.table.id, version, &entry.to_string(), None, None)
                .await
                .expect("appended"));
            version += 1;
        }
        tokio::time::sleep(sylvan_server::store::CHECKPOINT_EVERY * 3).await;
        longest = longest.max(std::fs::metadata(&wal).expect("a WAL file").len());
    }
    // 400 decisions write about 7 MiB of log; with nothing copying it beside the writer the
    // log grows to all of it (the writer's backstop waits for 16 MiB).
    assert!(
        longest < 2 << 20,
        "the log grew to {longest} bytes: nothing copied it into the database file"
    );
}
