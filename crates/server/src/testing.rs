//! Helpers for tests of the server (here and in the `sylvan` binary's tests): a scratch SQLite
//! file, a fresh PostgreSQL database, and a game played by clients.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use sqlx::{Connection, Executor};

/// The environment variable naming the PostgreSQL server tests use (`.ci/run` starts one).
pub const POSTGRES_ENV: &str = "SYLVAN_TEST_POSTGRES";
/// Set (to anything) to make a missing PostgreSQL fail the tests instead of skipping.
pub const REQUIRE_ENV: &str = "SYLVAN_REQUIRE_POSTGRES";

/// A scratch directory removed when dropped.
#[derive(Debug)]
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A new empty directory under the system's temporary directory.
    pub fn new(label: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("sylvan-{label}-{}", crate::new_id()));
        std::fs::create_dir_all(&dir).expect("the temporary directory is writable");
        Scratch(dir)
    }

    /// The SQLite URL of a database file in it.
    pub fn sqlite(&self) -> String {
        crate::sqlite_url(&self.0).expect("the scratch directory exists")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh, empty database on the PostgreSQL server named by `SYLVAN_TEST_POSTGRES`, or
/// `None` (said clearly on standard error) when no server is configured. With
/// `SYLVAN_REQUIRE_POSTGRES` set, a missing server panics instead.
pub async fn fresh_postgres(test: &str) -> Option<String> {
    let Ok(url) = std::env::var(POSTGRES_ENV) else {
        if std::env::var_os(REQUIRE_ENV).is_some() {
            panic!("{test}: {REQUIRE_ENV} is set but {POSTGRES_ENV} is not");
        }
        eprintln!(
            "{test}: PostgreSQL ABSENT ({POSTGRES_ENV} is not set): the PostgreSQL half of this \
             test did NOT run. `.ci/run` starts a throwaway server and sets it."
        );
        return None;
    };
    let mut admin = sqlx::postgres::PgConnection::connect(&url)
        .await
        .unwrap_or_else(|e| panic!("{test}: cannot connect to {url}: {e}"));
    let name = format!("sylvan_t_{}", crate::new_id());
    admin
        .execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .await
        .unwrap_or_else(|e| panic!("{test}: cannot create a database on {url}: {e}"));
    let (base, _) = url
        .rsplit_once('/')
        .expect("a PostgreSQL URL ends with /DATABASE");
    Some(format!("{base}/{name}"))
}

/// Starts `BIN serve --addr 127.0.0.1:0 --db DB` (the real `sylvan` binary) and returns the
/// process with the address it printed on its first line.
pub async fn spawn_serve(bin: &Path, db: &str) -> (Child, SocketAddr) {
    let mut child = Command::new(bin)
        .args(["serve", "--addr", "127.0.0.1:0", "--db", db])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("sylvan serve starts");
    let stdout = child.stdout.take().expect("piped");
    let line = tokio::task::spawn_blocking(move || {
        let mut line = String::new();
        std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line).map(|_| line)
    })
    .await
    .expect("joined")
    .expect("a line");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    (child, addr)
}

/// How long the test helpers wait for an answer or a frame.
pub const WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// A server in this process on 127.0.0.1 (any free port) with `db`; returns its address.
pub async fn start_in_process(catalog: sylvan_catalog::Catalog, db: &str) -> SocketAddr {
    start_configured(catalog, test_config(db)).await
}

/// The settings [`start_in_process`] uses: bots `random` for absent players, two bot threads,
/// the default time limit.
pub fn test_config(db: &str) -> crate::Config {
    crate::Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        db: db.to_string(),
        zombie_bot: "random".into(),
        bot_threads: 2,
        bot_time_limit_ms: crate::BOT_TIME_LIMIT_MS,
        idle_table_ms: crate::IDLE_TABLE_MS,
        finished_table_ms: crate::FINISHED_TABLE_MS,
    }
}

/// A server in this process with `config` (its address is replaced by any free port on
/// 127.0.0.1); returns its address.
pub async fn start_configured(
    catalog: sylvan_catalog::Catalog,
    config: crate::Config,
) -> SocketAddr {
    start_watched(catalog, config).await.0
}

/// [`start_configured`], also returning a count of the tables the server holds in memory.
pub async fn start_watched(
    catalog: sylvan_catalog::Catalog,
    mut config: crate::Config,
) -> (SocketAddr, crate::TablesInMemory) {
    config.addr = SocketAddr::from(([127, 0, 0, 1], 0));
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .expect("binds");
    let addr = listener.local_addr().expect("bound");
    let server = crate::Server::start(catalog, &config)
        .await
        .expect("starts");
    let count = server.tables_in_memory();
    tokio::spawn(server.serve(listener));
    (addr, count)
}

/// Creates a table from `body` (`POST /tables`, which must answer 201); returns its id.
pub async fn create_table(addr: SocketAddr, body: serde_json::Value) -> String {
    let (status, answer) = crate::client::request(addr, "POST", "/tables", Some(&body))
        .await
        .expect("answers");
    assert_eq!(status, 201, "{answer}");
    answer["id"].as_str().expect("an id").to_string()
}

/// Joins seat `seat` of table `id` as `P{seat}`; returns the seat's token.
pub async fn join_seat(addr: SocketAddr, id: &str, seat: u8) -> String {
    let (status, answer) = crate::client::request(
        addr,
        "POST",
        &format!("/tables/{id}/join"),
        Some(&serde_json::json!({"name": format!("P{seat}"), "seat": seat})),
    )
    .await
    .expect("answers");
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["seat"], seat);
    answer["token"].as_str().expect("a token").to_string()
}

/// Opens a WebSocket as each of `tokens`' seats (`svg=0`).
pub async fn open_seats(
    addr: SocketAddr,
    id: &str,
    tokens: &[&str],
) -> Vec<crate::client::Connection> {
    let mut out = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        out.push(
            crate::client::Connection::open(addr, id, &format!("token={t}"))
                .await
                .unwrap_or_else(|e| panic!("seat {k}: {e}")),
        );
    }
    out
}

/// Reads until a frame at `version` or later arrives; panics on an error message.
pub async fn frame_at(conn: &mut crate::client::Connection, version: u64) -> serde_json::Value {
    loop {
        let f = conn.frame(WAIT).await.expect("a frame");
        if f["version"].as_u64().expect("a version") >= version {
            return f;
        }
    }
}
