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
