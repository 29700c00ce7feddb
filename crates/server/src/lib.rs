//! # Sylvan's table server
//!
//! Online play for every game of the [`Catalog`]: a lobby of tables, seats claimed with secret
//! tokens, spectators, bots in seats, undo, clocks with a bot taking over for absent players,
//! and a WebSocket per client that receives frames derived from its viewer's view only. The
//! server knows games only through the catalog: no code here names a game.
//!
//! Every decision is written to storage (appended to the table's log with a compare-and-swap
//! on the table's version) before anyone is told; on restart each unfinished table is rebuilt
//! by replaying its log. Storage is SQLite by default and PostgreSQL for several instances
//! (see [`store`]). The interface is documented in the repository's README.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod client;
pub mod clock;
mod http;
pub mod loadtest;
pub mod store;
mod table;
pub mod testing;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

use sha2::{Digest, Sha256};
use sylvan_bots::BotSpec;
use sylvan_catalog::Catalog;
use tokio::sync::{mpsc, Mutex, Semaphore};

pub use store::{Store, StoreError};
use table::{Command, Shared, TableTask};

/// What went wrong with a request; `kind` is stable for programs, `message` is for people.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The kind of problem.
    pub kind: ErrorKind,
    /// What exactly, in words.
    pub message: String,
}

impl ApiError {
    /// An error of `kind`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> ApiError {
        ApiError {
            kind,
            message: message.into(),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        ApiError::new(ErrorKind::Storage, e.to_string())
    }
}

/// The kinds of errors a client can receive (`"kind"` in the JSON).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The message is not JSON, too large, or lacks a field.
    BadFrame,
    /// A request's fields are not acceptable (unknown game, bad options or seats).
    BadRequest,
    /// No table has this id.
    UnknownTable,
    /// The token holds no seat at this table.
    BadToken,
    /// The client's version is not the table's.
    StaleVersion,
    /// Another seat (or a bot) is to move, or the client is a spectator.
    NotYourTurn,
    /// The action is not a well-formed action of the game.
    BadAction,
    /// The action is not legal now; the message names the rule.
    IllegalAction,
    /// Nothing may be taken back now; the message says why.
    NoUndo,
    /// The game is over.
    GameOver,
    /// The seat is taken.
    SeatTaken,
    /// The record is available once the game is over.
    NotOver,
    /// Too many messages from this connection.
    RateLimited,
    /// Storage failed; nothing was applied.
    Storage,
}

impl ErrorKind {
    fn http_status(self) -> u16 {
        match self {
            ErrorKind::UnknownTable => 404,
            ErrorKind::BadToken => 403,
            ErrorKind::SeatTaken | ErrorKind::StaleVersion | ErrorKind::NotOver => 409,
            ErrorKind::RateLimited => 429,
            ErrorKind::Storage => 503,
            _ => 400,
        }
    }
}

/// A fresh secret seat token: 32 random bytes in hex.
pub(crate) fn new_token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system provides randomness");
    hex::encode(bytes)
}

/// A fresh table id: 8 random bytes in hex.
pub(crate) fn new_id() -> String {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system provides randomness");
    hex::encode(bytes)
}

/// How tokens are kept: SHA-256 in hex (the token itself is never stored).
pub(crate) fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Server settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (127.0.0.1 only in tests and load tests).
    pub addr: SocketAddr,
    /// The database URL: `sqlite://PATH?mode=rwc` or `postgres://…`.
    pub db: String,
    /// The bot that plays for a player whose time ran out or who left.
    pub zombie_bot: String,
    /// Bot decisions thought about at once (each on a blocking thread).
    pub bot_threads: usize,
    /// The longest a bot may think a decision, in milliseconds, whatever its spec asks: a
    /// search stops there with what it has, so no table holds a bot thread for long.
    pub bot_time_limit_ms: u32,
    /// How long a table stays in memory once nothing needs it (no connection, no clock
    /// running, no bot to move), in milliseconds. Then its task ends; everything is in
    /// storage, and the next request rebuilds it from its log. Without this a server would
    /// keep every game it ever served in memory.
    pub idle_table_ms: u64,
    /// The same for a table whose game is over, which nobody plays on: its players look at
    /// the result while connected, and once the last leaves it need not wait the full idle
    /// time (at 1,000 busy tables, finished ones were most of the memory). The shorter of
    /// this and `idle_table_ms` applies.
    pub finished_table_ms: u64,
}

/// The default of [`Config::idle_table_ms`]: a player who reconnects within a minute finds
/// the table still in memory.
pub const IDLE_TABLE_MS: u64 = 60_000;

/// The default of [`Config::finished_table_ms`]: a few seconds, for a reload of the page.
pub const FINISHED_TABLE_MS: u64 = 5_000;

/// The default of [`Config::bot_time_limit_ms`]: far above what any level needs (a `hard`
/// search takes 0.06 to 0.3 s a decision), far below a spec's own maximum (600 s).
pub const BOT_TIME_LIMIT_MS: u32 = 5_000;

/// A running server's tables, each served by its own task while someone can reach it (see
/// [`Config::idle_table_ms`]).
pub(crate) struct Tables {
    shared: Shared,
}

impl Tables {
    /// The task of table `id`, started (rebuilt from storage) if it is not running.
    pub(crate) async fn get(&self, id: &str) -> Result<mpsc::Sender<Command>, ApiError> {
        let mut open = self.shared.open.lock().await;
        if let Some(tx) = open.get(id).and_then(mpsc::WeakSender::upgrade) {
            if !tx.is_closed() {
                return Ok(tx);
            }
        }
        if !id.chars().all(|c| c.is_ascii_hexdigit()) || id.len() != 16 {
            return Err(ApiError::new(
                ErrorKind::UnknownTable,
                format!(
                    "there is no table '{}'",
                    id.chars().take(40).collect::<String>()
                ),
            ));
        }
        let (tx, rx) = mpsc::channel(256);
        let task = TableTask::load(self.shared.clone(), tx.clone(), id).await?;
        tokio::spawn(task.run(rx));
        open.insert(id.to_string(), tx.downgrade());
        Ok(tx)
    }

    /// The task of table `id` if this instance serves it now.
    async fn running(&self, id: &str) -> Option<mpsc::Sender<Command>> {
        let open = self.shared.open.lock().await;
        open.get(id).and_then(mpsc::WeakSender::upgrade)
    }
}

/// How many tables a server holds in memory now (for the load generator and tests).
#[derive(Clone)]
pub struct TablesInMemory(Arc<Mutex<table::OpenTables>>);

impl std::fmt::Debug for TablesInMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TablesInMemory").finish_non_exhaustive()
    }
}

impl TablesInMemory {
    /// The tables served from memory now: those someone can reach or that wait for a clock
    /// or a bot, and those idle for less than [`Config::idle_table_ms`].
    pub async fn count(&self) -> usize {
        self.0.lock().await.len()
    }
}

/// A server: its storage, its catalog and its tables.
pub struct Server {
    tables: Arc<Tables>,
}

impl Server {
    /// Connects to storage and rebuilds every unfinished table (their bots and clocks go on).
    pub async fn start(catalog: Catalog, config: &Config) -> Result<Server, ApiError> {
        let store = Store::connect(&config.db, &new_id()).await?;
        let zombie_bot: BotSpec = config
            .zombie_bot
            .parse()
            .map_err(|e| ApiError::new(ErrorKind::BadRequest, format!("zombie bot: {e}")))?;
        if config.bot_time_limit_ms == 0 {
            return Err(ApiError::new(
                ErrorKind::BadRequest,
                "the bots' time limit must be at least 1 ms a decision",
            ));
        }
        let shared = Shared {
            catalog: Arc::new(catalog),
            store: store.clone(),
            bots: Arc::new(Semaphore::new(config.bot_threads.max(1))),
            zombie_bot,
            bot_time_limit_ms: config.bot_time_limit_ms,
            open: Arc::new(Mutex::new(HashMap::new())),
            idle_table_ms: config.idle_table_ms,
            finished_table_ms: config.finished_table_ms,
        };
        let tables = Arc::new(Tables { shared });
        for id in store.unfinished().await? {
            tables.get(&id).await?;
        }
        if let Some(mut changes) = store.listen().await? {
            let tables = tables.clone();
            tokio::spawn(async move {
                while let Some(id) = changes.recv().await {
                    match tables.running(&id).await {
                        Some(tx) => {
                            let _ = tx.send(Command::Refresh).await;
                        }
                        // A table created elsewhere starts here too, so its bots and clocks
                        // have a second home if that instance goes away.
                        None => {
                            let _ = tables.get(&id).await;
                        }
                    }
                }
            });
        }
        Ok(Server { tables })
    }

    /// A handle that counts the tables this server holds in memory.
    pub fn tables_in_memory(&self) -> TablesInMemory {
        TablesInMemory(self.tables.shared.open.clone())
    }

    /// Serves HTTP and WebSockets on `listener` until the process ends.
    pub async fn serve(self, listener: tokio::net::TcpListener) -> std::io::Result<()> {
        let app = http::router(self.tables);
        // Frames go out at once: Nagle's algorithm would hold a small frame back until the
        // client acknowledges the previous one.
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            let _ = tcp.set_nodelay(true);
        });
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
    }
}

/// The default data directory: `$SYLVAN_DATA`, else `$XDG_DATA_HOME/sylvan`, else
/// `~/.local/share/sylvan`.
pub fn default_data_dir() -> std::path::PathBuf {
    if let Some(dir) = std::env::var_os("SYLVAN_DATA") {
        return dir.into();
    }
    if let Some(dir) = std::env::var_os("XDG_DATA_HOME") {
        return std::path::PathBuf::from(dir).join("sylvan");
    }
    let home = std::env::var_os("HOME").unwrap_or_else(|| ".".into());
    std::path::PathBuf::from(home).join(".local/share/sylvan")
}

/// The SQLite URL of the data directory `dir` (created if needed).
pub fn sqlite_url(dir: &std::path::Path) -> Result<String, String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create the data directory {}: {e}", dir.display()))?;
    Ok(format!(
        "sqlite://{}?mode=rwc",
        dir.join("sylvan.db").display()
    ))
}

/// The runtime a server process runs on. Transparent huge pages are turned off for the
/// process first: with them the kernel zeroes 2 MiB each time the allocator touches memory it
/// gave back, 6–9 % of the server's CPU under load (and more resident memory per table).
fn server_runtime() -> Result<tokio::runtime::Runtime, String> {
    #[cfg(target_os = "linux")]
    {
        // Only speed and memory depend on it; a kernel that refuses keeps serving as before.
        let _ = rustix::thread::disable_transparent_huge_pages(true);
    }
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))
}

/// `sylvan serve`: starts the server and calls `started` with the address it listens on,
/// then serves until the process ends.
pub fn serve_blocking(
    catalog: Catalog,
    config: Config,
    started: impl FnOnce(SocketAddr),
) -> Result<(), String> {
    let runtime = server_runtime()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        let server = Server::start(catalog, &config)
            .await
            .map_err(|e| e.to_string())?;
        started(addr);
        server.serve(listener).await.map_err(|e| e.to_string())
    })
}

/// `sylvan loadtest`: starts a server in this process on 127.0.0.1 with `db`, runs the load
/// generator's `plan` against it and returns what it measured. With
/// [`loadtest::LoadPlan::split_cpu`] the clients run on a thread and a current-thread runtime
/// of their own, so that their CPU time can be told from the server's; without it they share
/// the server's runtime, which plays faster on two cores.
pub fn loadtest_blocking(
    catalog: Catalog,
    db: String,
    plan: loadtest::LoadPlan,
) -> Result<loadtest::LoadReport, String> {
    let runtime = server_runtime()?;
    // The server's tasks run on the runtime's workers once spawned, not only inside `block_on`.
    let (addr, count) = runtime.block_on(async move {
        let config = Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            db,
            zombie_bot: "greedy".into(),
            bot_threads: 1,
            bot_time_limit_ms: BOT_TIME_LIMIT_MS,
            idle_table_ms: IDLE_TABLE_MS,
            finished_table_ms: FINISHED_TABLE_MS,
        };
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|e| e.to_string())?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        let server = Server::start(catalog, &config)
            .await
            .map_err(|e| e.to_string())?;
        let count = server.tables_in_memory();
        tokio::spawn(server.serve(listener));
        Ok::<_, String>((addr, count))
    })?;
    let split_cpu = plan.split_cpu;
    let config = loadtest::LoadConfig {
        addr,
        plan,
        tables_in_memory: Some(count),
    };
    let report = if split_cpu {
        std::thread::Builder::new()
            .name("loadtest-clients".into())
            .spawn(move || {
                tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|e| format!("cannot start the clients' runtime: {e}"))?
                    .block_on(loadtest::run(&config))
            })
            .map_err(|e| format!("cannot start the clients' thread: {e}"))?
            .join()
            .map_err(|_| "the clients' thread panicked".to_string())
            .and_then(|r| r)
    } else {
        runtime.block_on(loadtest::run(&config))
    };
    // Don't wait for the server's open connections to finish: the process is done with them.
    runtime.shutdown_background();
    report
}
