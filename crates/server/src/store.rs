//! Storage: one interface over SQLite (embedded, the default) and PostgreSQL (several server
//! instances), one migration set, the same test suite for both.
//!
//! Both backends go through one sqlx `AnyPool` with portable SQL (`$1` placeholders, TEXT,
//! BIGINT, INTEGER; JSON as TEXT), so the queries are written once. What differs is set up at
//! connection: SQLite gets WAL and a busy timeout; PostgreSQL announces every change on the
//! `sylvan_tables` channel so that other instances can follow (see [`Store::listen`]).

use std::str::FromStr;
use std::time::Duration;

use serde_json::Value;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyConnection, AnyPool, Connection, Row};

/// The PostgreSQL channel every change to a table is announced on, with `instance:table`.
pub const CHANNEL: &str = "sylvan_tables";

/// A storage failure; the message says what and where.
#[derive(Clone, Debug, thiserror::Error)]
#[error("storage: {0}")]
pub struct StoreError(pub String);

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError(e.to_string())
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(e: sqlx::migrate::MigrateError) -> Self {
        StoreError(e.to_string())
    }
}

/// Which database is behind the store.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An embedded SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// Where a table is in its life.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TableStatus {
    /// A human seat is still free.
    Open,
    /// Every seat is taken and the game goes on.
    Running,
    /// The game is over.
    Over,
}

impl TableStatus {
    fn as_str(self) -> &'static str {
        match self {
            TableStatus::Open => "open",
            TableStatus::Running => "running",
            TableStatus::Over => "over",
        }
    }
}

impl FromStr for TableStatus {
    type Err = StoreError;
    fn from_str(s: &str) -> Result<Self, StoreError> {
        match s {
            "open" => Ok(TableStatus::Open),
            "running" => Ok(TableStatus::Running),
            "over" => Ok(TableStatus::Over),
            other => Err(StoreError(format!("unknown table status '{other}'"))),
        }
    }
}

/// A table's row: what it plays and how far it has gone.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    /// Opaque id (hex).
    pub id: String,
    /// The game's catalog name.
    pub game: String,
    /// Number of players.
    pub players: usize,
    /// The game's options (JSON).
    pub options: Value,
    /// The chance generator's seed (never sent to a client before the game is over).
    pub seed: u64,
    /// The clock settings (JSON, `null` without a clock).
    pub clock: Value,
    /// The clocks' persisted state: banks and the deadline of the seat to move (JSON).
    pub clocks: Value,
    /// Entries in the table's log so far.
    pub version: u64,
    /// Open, running or over.
    pub status: TableStatus,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: i64,
}

/// One seat of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// The seat, 0-based.
    pub seat: u8,
    /// The bot spec that plays it, for a bot seat.
    pub bot: Option<String>,
    /// The player's name once a person has joined.
    pub name: Option<String>,
    /// SHA-256 (hex) of the seat's secret token once joined; the token itself is never stored.
    pub token_hash: Option<String>,
    /// A bot plays the seat for its absent player (clock ran out, or the player left).
    pub zombie: bool,
    /// The player resigned: a bot plays the seat to the end.
    pub resigned: bool,
}

impl SeatRow {
    /// The seat as clients see it (never the token's hash).
    pub fn public_json(&self) -> Value {
        serde_json::json!({
            "seat": self.seat,
            "name": self.name,
            "bot": self.bot,
            "taken": !self.free(),
            "zombie": self.zombie,
            "resigned": self.resigned,
        })
    }

    /// Whether a person may still join this seat.
    pub fn free(&self) -> bool {
        self.bot.is_none() && self.token_hash.is_none()
    }
}

/// A table with its seats.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTable {
    /// The table.
    pub table: TableRow,
    /// Its seats in order.
    pub seats: Vec<SeatRow>,
}

/// The server's storage. Cheap to clone (a pool handle).
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    /// What reads go through. On SQLite, connections of their own that may only read: the
    /// one writing connection is busy with group commits under load, and a read queued
    /// behind them (opening a table, the lobby) waited seconds; in WAL mode readers do not
    /// wait for the writer and see every committed transaction. On PostgreSQL, `pool`.
    reads: AnyPool,
    backend: Backend,
    url: String,
    instance: String,
    /// The group-commit writer: appends queued while a commit is under way are written
    /// together in the next transaction, so one commit acknowledges many decisions.
    appends: tokio::sync::mpsc::Sender<Append>,
}

/// One decision waiting for the group-commit writer, and where to say whether it was stored.
#[derive(Debug)]
struct Append {
    id: String,
    version: u64,
    entry: String,
    /// The table's new status and clocks; `None`: unchanged, not written.
    status: Option<TableStatus>,
    clocks: Option<String>,
    done: tokio::sync::oneshot::Sender<Result<bool, StoreError>>,
}

/// At most this many decisions share one transaction (bounds its size and the wait of the
/// first one in it).
const GROUP_COMMIT_MAX: usize = 256;

fn to_i64(v: u64) -> i64 {
    // Bit-for-bit: seeds use the whole u64 range and come back unchanged.
    v as i64
}

/// On PostgreSQL, tells the other instances (on commit) that table `id` changed; nothing on
/// SQLite.
async fn announce(
    backend: Backend,
    instance: &str,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: &str,
) -> Result<(), StoreError> {
    if backend == Backend::Postgres {
        // NOTIFY takes no bind parameters; ids and instance names are hex we made.
        let payload = format!("{instance}:{id}");
        if !payload
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ':' || c == '-')
        {
            return Err(StoreError(format!("refusing to announce '{payload}'")));
        }
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "NOTIFY {CHANNEL}, '{payload}'"
        )))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// The group-commit writer's own handles: not a `Store`, so that the writer ends when the last
/// `Store` (and with it the queue's sender) is dropped.
struct Writer {
    pool: AnyPool,
    backend: Backend,
    instance: String,
}

impl Writer {
    /// The writer task: takes every append waiting (up to [`GROUP_COMMIT_MAX`]), writes them in
    /// one transaction, and answers each only after the commit. If the shared transaction
    /// fails, each append is retried in its own, so one bad write fails only its own decision.
    /// Ends when every `Store` clone (and so every sender) is gone.
    ///
    /// The batch's connection goes back to the pool only after every answer is sent. sqlx
    /// gives a connection back in a task of its own; spawned after the answers, that task
    /// mostly runs as soon as the writer asks for the connection again rather than behind
    /// every table the answers woke (under the load test the median wait for it fell from
    /// milliseconds to 17 µs).
    async fn group_commit(self, mut queue: tokio::sync::mpsc::Receiver<Append>) {
        let mut batch = Vec::with_capacity(GROUP_COMMIT_MAX);
        while queue.recv_many(&mut batch, GROUP_COMMIT_MAX).await > 0 {
            let mut conn = match self.pool.acquire().await {
                Ok(conn) => conn,
                Err(e) => {
                    let e = StoreError::from(e);
                    for job in batch.drain(..) {
                        let _ = job.done.send(Err(e.clone()));
                    }
                    continue;
                }
            };
            match self.write_appends(&mut conn, &batch).await {
                Ok(results) => {
                    for (job, stored) in batch.drain(..).zip(results) {
                        let _ = job.done.send(Ok(stored));
                    }
                    drop(conn);
                }
                Err(_) if batch.len() > 1 => {
                    // The connection may be what failed: each retry takes one afresh.
                    drop(conn);
                    for job in batch.drain(..) {
                        let result = match self.pool.acquire().await {
                            Ok(mut conn) => self
                                .write_appends(&mut conn, std::slice::from_ref(&job))
                                .await
                                .map(|r| r[0]),
                            Err(e) => Err(e.into()),
                        };
                        let _ = job.done.send(result);
                    }
                }
                Err(e) => {
                    for job in batch.drain(..) {
                        let _ = job.done.send(Err(e.clone()));
                    }
                    drop(conn);
                }
            }
        }
    }

    /// Writes `jobs` in one transaction, in order: each a compare-and-swap on its table's
    /// version, then its decision row. Two decisions of one table in a batch chain correctly
    /// (the second sees the first's version). Whether each was stored, in order.
    async fn write_appends(
        &self,
        conn: &mut AnyConnection,
        jobs: &[Append],
    ) -> Result<Vec<bool>, StoreError> {
        let distinct = {
            let mut ids: Vec<&str> = jobs.iter().map(|j| j.id.as_str()).collect();
            ids.sort_unstable();
            ids.windows(2).all(|w| w[0] != w[1])
        };
        if jobs.len() > 1 && distinct {
            if let Some(stored) = self.write_together(conn, jobs).await? {
                return Ok(stored);
            }
        }
        self.write_one_by_one(conn, jobs).await
    }

    /// The common case of [`write_appends`](Self::write_appends), each table once: the
    /// compare-and-swaps and the decision rows of a chunk in one statement each (a few
    /// statement sizes, so that they stay prepared), all in one transaction. `None`, with
    /// nothing written, if any compare-and-swap fails.
    async fn write_together(
        &self,
        conn: &mut AnyConnection,
        jobs: &[Append],
    ) -> Result<Option<Vec<bool>>, StoreError> {
        let mut tx = conn.begin().await?;
        let mut rest = jobs;
        while !rest.is_empty() {
            let slot = CHUNKS
                .iter()
                .position(|&n| n <= rest.len())
                .unwrap_or(CHUNKS.len() - 1);
            let size = CHUNKS[slot];
            let (chunk, tail) = rest.split_at(size);
            rest = tail;
            // Most decisions change only the version: a leaner statement for those chunks.
            let lean = chunk
                .iter()
                .all(|j| j.status.is_none() && j.clocks.is_none());
            let (update, insert) = batch_sql(self.backend, slot, lean);
            let mut q = sqlx::query(update.as_str());
            if !lean {
                for job in chunk {
                    q = q
                        .bind(job.id.as_str())
                        .bind(job.status.map(TableStatus::as_str));
                }
                for job in chunk {
                    q = q.bind(job.id.as_str()).bind(job.clocks.as_deref());
                }
            }
            for job in chunk {
                q = q.bind(job.id.as_str()).bind(to_i64(job.version));
            }
            if q.execute(&mut *tx).await?.rows_affected() != size as u64 {
                tx.rollback().await?;
                return Ok(None);
            }
            let mut q = sqlx::query(insert.as_str());
            for job in chunk {
                q = q
                    .bind(job.id.as_str())
                    .bind(to_i64(job.version + 1))
                    .bind(job.entry.as_str());
            }
            q.execute(&mut *tx).await?;
            if self.backend == Backend::Postgres {
                // One statement announces the chunk's tables: a NOTIFY each, a round trip
                // to PostgreSQL per decision, was most of a batch's time.
                let mut q = sqlx::query(notify_sql(slot)).bind(CHANNEL);
                for job in chunk {
                    q = q.bind(format!("{}:{}", self.instance, job.id));
                }
                q.execute(&mut *tx).await?;
            }
        }
        tx.commit().await?;
        Ok(Some(vec![true; jobs.len()]))
    }

    /// [`write_appends`](Self::write_appends) a statement at a time.
    async fn write_one_by_one(
        &self,
        conn: &mut AnyConnection,
        jobs: &[Append],
    ) -> Result<Vec<bool>, StoreError> {
        let mut tx = conn.begin().await?;
        let mut stored = Vec::with_capacity(jobs.len());
        for job in jobs {
            let done = sqlx::query(
                "UPDATE tables SET version = $1, status = COALESCE($2, status), \
                 clocks = COALESCE($3, clocks) WHERE id = $4 AND version = $5",
            )
            .bind(to_i64(job.version + 1))
            .bind(job.status.map(TableStatus::as_str))
            .bind(job.clocks.as_deref())
            .bind(job.id.as_str())
            .bind(to_i64(job.version))
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() != 1 {
                stored.push(false);
                continue;
            }
            sqlx::query("INSERT INTO decisions (table_id, version, entry) VALUES ($1, $2, $3)")
                .bind(job.id.as_str())
                .bind(to_i64(job.version + 1))
                .bind(job.entry.as_str())
                .execute(&mut *tx)
                .await?;
            announce(self.backend, &self.instance, &mut tx, &job.id).await?;
            stored.push(true);
        }
        tx.commit().await?;
        Ok(stored)
    }
}

/// The statements that write [`CHUNKS`]`[slot]` decisions of as many tables at once: the
/// compare-and-swap of every table's version (binds: unless `lean`, id and status n times, id
/// and clocks n times, a NULL keeping the column as it is; then id and expected version n
/// times) and the decision rows (id, version, entry n times).
fn batch_sql(backend: Backend, slot: usize, lean: bool) -> &'static (String, String) {
    static MADE: [[std::sync::OnceLock<(String, String)>; CHUNKS.len()]; 4] =
        [const { [const { std::sync::OnceLock::new() }; CHUNKS.len()] }; 4];
    let kind = usize::from(backend == Backend::Postgres) * 2 + usize::from(lean);
    MADE[kind][slot].get_or_init(|| make_batch_sql(backend, CHUNKS[slot], lean))
}

/// PostgreSQL's statement announcing the changes of [`CHUNKS`]`[slot]` tables at once (binds:
/// the channel, then `instance:table` for each). `pg_notify` returns nothing: counting its
/// calls gives the statement a column every driver reads.
fn notify_sql(slot: usize) -> &'static str {
    static MADE: [std::sync::OnceLock<String>; CHUNKS.len()] =
        [const { std::sync::OnceLock::new() }; CHUNKS.len()];
    MADE[slot].get_or_init(|| {
        let rows: Vec<String> = (0..CHUNKS[slot]).map(|i| format!("(${})", i + 2)).collect();
        format!(
            "SELECT COUNT(pg_notify($1, t.payload)) FROM (VALUES {}) AS t(payload)",
            rows.join(", ")
        )
    })
}

/// The sizes decisions are written together in (largest first; few, so each statement is
/// prepared once and reused).
const CHUNKS: [usize; 4] = [64, 16, 4, 1];

/// Parameters are numbered (`$1`, …) for PostgreSQL and anonymous (`?`, bound in order of
/// appearance) for SQLite: SQLite finds a numbered parameter's name by a linear scan, which
/// made binding a chunk's 384 parameters quadratic (2 % of the load test's CPU).
fn make_batch_sql(backend: Backend, n: usize, lean: bool) -> (String, String) {
    let placeholder = |p: usize| match backend {
        Backend::Postgres => format!("${p}"),
        Backend::Sqlite => "?".to_string(),
    };
    let mut p = 0;
    let mut next = || {
        p += 1;
        placeholder(p)
    };
    let mut set = String::from("version = version + 1");
    if !lean {
        let mut status = String::from("CASE id");
        for _ in 0..n {
            status += &format!(" WHEN {} THEN {}", next(), next());
        }
        let mut clocks = String::from("CASE id");
        for _ in 0..n {
            clocks += &format!(" WHEN {} THEN {}", next(), next());
        }
        set += &format!(
            ", status = COALESCE({status} END, status), clocks = COALESCE({clocks} END, clocks)"
        );
    }
    let wheres: Vec<String> = (0..n)
        .map(|_| format!("(id = {} AND version = {})", next(), next()))
        .collect();
    // SQLite: `OR FAIL` because a failing statement fails the whole batch's transaction
    // anyway, and it spares SQLite a statement journal for every page the batch touches.
    let or_fail = match backend {
        Backend::Postgres => "",
        Backend::Sqlite => " OR FAIL",
    };
    let update = format!(
        "UPDATE{or_fail} tables SET {set} WHERE {}",
        wheres.join(" OR ")
    );
    let mut p = 0;
    let mut next = || {
        p += 1;
        placeholder(p)
    };
    let rows: Vec<String> = (0..n)
        .map(|_| format!("({}, {}, {})", next(), next(), next()))
        .collect();
    let insert = format!(
        "INSERT{or_fail} INTO decisions (table_id, version, entry) VALUES {}",
        rows.join(", ")
    );
    (update, insert)
}

/// The SQLite writing connection's settings, run on connect.
const SQLITE_WRITER: &[&str] = &[
    // WAL: a commit is in the file's log before the call returns, so a killed process loses
    // nothing it acknowledged.
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA busy_timeout = 10000",
    // Statement journals and temporary b-trees in memory, not in a temporary file: they are
    // rolled back or dropped, never kept.
    "PRAGMA temp_store = MEMORY",
    // Checkpoints copy each changed page once however often it changed: fewer of them (a WAL
    // of up to 16 MiB) copy and fsync less per decision. Most copying is done by
    // `checkpoints` beside the writer; this is the writer's backstop.
    "PRAGMA wal_autocheckpoint = 4000",
    // 32 MiB of page cache (the default is 2 MiB): a thousand tables' rows and recent
    // decisions stay in memory instead of being read again.
    "PRAGMA cache_size = -32768",
];

/// The SQLite reading connections' settings, run on connect.
const SQLITE_READER: &[&str] = &[
    // Only reads: a write here would bypass the writing connection's order.
    "PRAGMA query_only = ON",
    "PRAGMA busy_timeout = 10000",
    "PRAGMA cache_size = -8192",
];

/// How often SQLite's log is copied into the database file from a connection beside the
/// writer's. The writer's own automatic checkpoint copied a whole 16 MiB log while every
/// acknowledgement waited behind it; a passive checkpoint from another connection copies
/// concurrently, so the writer's finds little left. At 1,000 tables it cut p99 by 10 to 20 %
/// (20 ms beat 5, 50, 200 and 1,000 ms; README, Load).
pub const CHECKPOINT_EVERY: Duration = Duration::from_millis(20);

/// Copies SQLite's log into the database file every `every` from a connection of its own,
/// while the store lives, so that the writer's own checkpoints find little left to copy.
async fn checkpoints(
    mut conn: AnyConnection,
    alive: tokio::sync::mpsc::WeakSender<Append>,
    every: Duration,
) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if alive.upgrade().is_none() {
            return;
        }
        // PASSIVE never waits for the writer or a reader: a checkpoint that cannot finish now
        // copies what it can and the next one carries on, so an error here costs nothing.
        let _ = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .fetch_optional(&mut conn)
            .await;
    }
}

/// Runs each statement of `list` on a new connection.
async fn pragmas(
    conn: &mut AnyConnection,
    list: &'static [&'static str],
) -> Result<(), sqlx::Error> {
    for pragma in list {
        sqlx::query(*pragma).execute(&mut *conn).await?;
    }
    Ok(())
}

impl Store {
    /// Connects to `url` (`sqlite://PATH?mode=rwc` or `postgres://…`) and brings the schema up
    /// to date. `instance` names this server in change announcements.
    pub async fn connect(url: &str, instance: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            return Err(StoreError(format!(
                "unsupported database URL '{url}': use sqlite://PATH or postgres://…"
            )));
        };
        let options = match backend {
            // SQLite has one writer at a time: one connection queues the writes in the pool
            // (in order) instead of in SQLite's busy handler, which sleeps between retries.
            Backend::Sqlite => AnyPoolOptions::new()
                .max_connections(1)
                // An embedded file has no link to lose: the ping before every batch's
                // transaction was a round trip to SQLite's thread for nothing.
                .test_before_acquire(false)
                .after_connect(|conn, _| Box::pin(pragmas(conn, SQLITE_WRITER))),
            Backend::Postgres => AnyPoolOptions::new().max_connections(16),
        };
        let pool = options
            .acquire_timeout(Duration::from_secs(30))
            .connect(url)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        let reads = match backend {
            Backend::Sqlite => {
                AnyPoolOptions::new()
                    .max_connections(2)
                    .test_before_acquire(false)
                    .after_connect(|conn, _| Box::pin(pragmas(conn, SQLITE_READER)))
                    .acquire_timeout(Duration::from_secs(30))
                    .connect(url)
                    .await?
            }
            Backend::Postgres => pool.clone(),
        };
        let (appends, queue) = tokio::sync::mpsc::channel(4 * GROUP_COMMIT_MAX);
        let store = Store {
            pool,
            reads,
            backend,
            url: url.to_string(),
            instance: instance.to_string(),
            appends,
        };
        let writer = Writer {
            pool: store.pool.clone(),
            backend,
            instance: store.instance.clone(),
        };
        tokio::spawn(writer.group_commit(queue));
        if backend == Backend::Sqlite {
            let conn = AnyConnection::connect(url).await?;
            tokio::spawn(checkpoints(
                conn,
                store.appends.downgrade(),
                CHECKPOINT_EVERY,
            ));
        }
        Ok(store)
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The name this server signs its announcements with.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// Creates a table with its seats.
    pub async fn create(&self, t: &StoredTable) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let row = &t.table;
        sqlx::query(
            "INSERT INTO tables (id, game, players, options, seed, clock, clocks, version, status, created_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&row.id)
        .bind(&row.game)
        .bind(row.players as i64)
        .bind(row.options.to_string())
        .bind(to_i64(row.seed))
        .bind(row.clock.to_string())
        .bind(row.clocks.to_string())
        .bind(to_i64(row.version))
        .bind(row.status.as_str())
        .bind(row.created_ms)
        .execute(&mut *tx)
        .await?;
        for s in &t.seats {
            sqlx::query(
                "INSERT INTO seats (table_id, seat, bot, name, token_hash, zombie, resigned) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(&row.id)
            .bind(i64::from(s.seat))
            .bind(s.bot.clone())
            .bind(s.name.clone())
            .bind(s.token_hash.clone())
            .bind(i32::from(s.zombie))
            .bind(i32::from(s.resigned))
            .execute(&mut *tx)
            .await?;
        }
        self.announce(&mut tx, &row.id).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The table `id`, if there is one.
    pub async fn table(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let row = sqlx::query("SELECT * FROM tables WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.reads)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let table = table_row(&row)?;
        let seats = self.seats(id).await?;
        Ok(Some(StoredTable { table, seats }))
    }

    /// The seats of table `id`, in order.
    pub async fn seats(&self, id: &str) -> Result<Vec<SeatRow>, StoreError> {
        let rows = sqlx::query("SELECT * FROM seats WHERE table_id = $1 ORDER BY seat")
            .bind(id)
            .fetch_all(&self.reads)
            .await?;
        rows.iter().map(seat_row).collect()
    }

    /// Tables with one of `statuses`, newest first, at most `limit`.
    pub async fn list(
        &self,
        statuses: &[TableStatus],
        limit: usize,
    ) -> Result<Vec<StoredTable>, StoreError> {
        let Some(&last) = statuses.last() else {
            return Ok(Vec::new());
        };
        let pick = |i: usize| statuses.get(i).copied().unwrap_or(last).as_str();
        let rows = sqlx::query(
            "SELECT * FROM tables WHERE status = $1 OR status = $2 OR status = $3 \
             ORDER BY created_ms DESC, id LIMIT $4",
        )
        .bind(pick(0))
        .bind(pick(1))
        .bind(pick(2))
        .bind(limit as i64)
        .fetch_all(&self.reads)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            let table = table_row(row)?;
            let seats = self.seats(&table.id).await?;
            out.push(StoredTable { table, seats });
        }
        Ok(out)
    }

    /// Ids of the tables whose game is not over.
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM tables WHERE status <> $1 ORDER BY created_ms")
            .bind(TableStatus::Over.as_str())
            .fetch_all(&self.reads)
            .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("id").map_err(StoreError::from))
            .collect()
    }

    /// The log entries of table `id` after version `after`, in order, with their versions
    /// (entry `v` is the one that took the table from version `v - 1` to `v`).
    pub async fn entries(&self, id: &str, after: u64) -> Result<Vec<(u64, Value)>, StoreError> {
        let rows = sqlx::query(
            "SELECT version, entry FROM decisions WHERE table_id = $1 AND version > $2 ORDER BY version",
        )
        .bind(id)
        .bind(to_i64(after))
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .map(|r| {
                let v: i64 = r.try_get("version")?;
                let text: String = r.try_get("entry")?;
                let entry = serde_json::from_str(&text)
                    .map_err(|e| StoreError(format!("table {id} entry {v}: {e}")))?;
                Ok((v as u64, entry))
            })
            .collect()
    }

    /// Appends `entry` as version `version + 1` of table `id` if the table is still at
    /// `version` (compare-and-swap), with the table's new status and clocks, in one
    /// transaction. `Ok(false)`: someone else moved the table on; nothing was written.
    pub async fn append(
        &self,
        id: &str,
        version: u64,
        entry: &Value,
        status: TableStatus,
        clocks: &Value,
    ) -> Result<bool, StoreError> {
        self.append_changes(id, version, &entry.to_string(), Some(status), Some(clocks))
            .await
    }

    /// [`append`](Store::append) writing the status and the clocks only where given (`None`
    /// leaves the stored one as it is): most decisions change neither, and a statement that
    /// only moves the version on is cheaper. `entry` is the entry's JSON text, as the table
    /// keeps it.
    pub async fn append_changes(
        &self,
        id: &str,
        version: u64,
        entry: &str,
        status: Option<TableStatus>,
        clocks: Option<&Value>,
    ) -> Result<bool, StoreError> {
        let (done, answer) = tokio::sync::oneshot::channel();
        let job = Append {
            id: id.to_string(),
            version,
            entry: entry.to_string(),
            status,
            clocks: clocks.map(Value::to_string),
            done,
        };
        self.appends
            .send(job)
            .await
            .map_err(|_| StoreError("the store's writer has stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError("the store's writer has stopped".into()))?
    }

    /// The rematch of table `id`, if one was made.
    pub async fn rematch(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT rematch FROM tables WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.reads)
            .await?;
        Ok(match row {
            Some(r) => r.try_get::<Option<String>, _>("rematch")?,
            None => None,
        })
    }

    /// Makes table `rematch` the rematch of table `id` unless one was set first (by another
    /// request, instance or before a restart); the rematch that holds is the answer.
    pub async fn set_rematch(&self, id: &str, rematch: &str) -> Result<String, StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE tables SET rematch = $1 WHERE id = $2 AND rematch IS NULL")
            .bind(rematch)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let row = sqlx::query("SELECT rematch FROM tables WHERE id = $1")
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
        let chosen: Option<String> = row.try_get("rematch")?;
        self.announce(&mut tx, id).await?;
        tx.commit().await?;
        chosen.ok_or_else(|| StoreError(format!("table {id} kept no rematch")))
    }

    /// Saves the clocks of table `id` if it is still at `version`; `Ok(false)` if it moved on.
    pub async fn set_clocks(
        &self,
        id: &str,
        version: u64,
        clocks: &Value,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query("UPDATE tables SET clocks = $1 WHERE id = $2 AND version = $3")
            .bind(clocks.to_string())
            .bind(id)
            .bind(to_i64(version))
            .execute(&mut *tx)
            .await?;
        self.announce(&mut tx, id).await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// Gives free seat `seat` of table `id` to `name` with the token's hash; `Ok(false)` if the
    /// seat was no longer free (two people joining at once: exactly one gets it). The table
    /// becomes running when no human seat is left free.
    pub async fn claim(
        &self,
        id: &str,
        seat: u8,
        name: &str,
        token_hash: &str,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE seats SET name = $1, token_hash = $2 \
             WHERE table_id = $3 AND seat = $4 AND bot IS NULL AND token_hash IS NULL",
        )
        .bind(name)
        .bind(token_hash)
        .bind(id)
        .bind(i64::from(seat))
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        sqlx::query(
            "UPDATE tables SET status = $1 WHERE id = $2 AND status = $3 AND NOT EXISTS \
             (SELECT 1 FROM seats WHERE table_id = $2 AND bot IS NULL AND token_hash IS NULL)",
        )
        .bind(TableStatus::Running.as_str())
        .bind(id)
        .bind(TableStatus::Open.as_str())
        .execute(&mut *tx)
        .await?;
        self.announce(&mut tx, id).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Sets whether a bot plays seat `seat` for its absent player, and whether it resigned.
    pub async fn set_seat_state(
        &self,
        id: &str,
        seat: u8,
        zombie: bool,
        resigned: bool,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "UPDATE seats SET zombie = $1, resigned = $2 WHERE table_id = $3 AND seat = $4",
        )
        .bind(i32::from(zombie))
        .bind(i32::from(resigned))
        .bind(id)
        .bind(i64::from(seat))
        .execute(&mut *tx)
        .await?;
        self.announce(&mut tx, id).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Takes or renews the lease on table `id`'s bots and clocks for this instance until
    /// `until` (ms since the epoch), if nobody else holds an unexpired one at `now`.
    /// `Ok(None)`: this instance holds it; `Ok(Some(t))`: another instance holds it until `t`.
    pub async fn lease(&self, id: &str, now: i64, until: i64) -> Result<Option<i64>, StoreError> {
        let renewed = sqlx::query(
            "UPDATE leases SET instance = $1, expires_ms = $2 \
             WHERE table_id = $3 AND (instance = $1 OR expires_ms < $4)",
        )
        .bind(&self.instance)
        .bind(until)
        .bind(id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        if renewed.rows_affected() == 1 {
            return Ok(None);
        }
        let taken = sqlx::query(
            "INSERT INTO leases (table_id, instance, expires_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (table_id) DO NOTHING",
        )
        .bind(id)
        .bind(&self.instance)
        .bind(until)
        .execute(&self.pool)
        .await?;
        if taken.rows_affected() == 1 {
            return Ok(None);
        }
        let row = sqlx::query("SELECT expires_ms FROM leases WHERE table_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        // Gone between the two statements: try again at once.
        Ok(Some(match row {
            Some(r) => r.try_get::<i64, _>("expires_ms")?,
            None => now,
        }))
    }

    /// On PostgreSQL, tells the other instances (on commit) that table `id` changed.
    async fn announce(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        id: &str,
    ) -> Result<(), StoreError> {
        announce(self.backend, &self.instance, tx, id).await
    }

    /// On PostgreSQL, a stream of ids of tables changed by *other* instances; `None` on
    /// SQLite (one instance owns the file).
    pub async fn listen(&self) -> Result<Option<tokio::sync::mpsc::Receiver<String>>, StoreError> {
        if self.backend != Backend::Postgres {
            return Ok(None);
        }
        let mut listener = sqlx::postgres::PgListener::connect(&self.url).await?;
        listener.listen(CHANNEL).await?;
        let (tx, rx) = tokio::sync::mpsc::channel(1024);
        let me = format!("{}:", self.instance);
        tokio::spawn(async move {
            loop {
                match listener.recv().await {
                    Ok(n) => {
                        let payload = n.payload();
                        if payload.starts_with(&me) {
                            continue;
                        }
                        if let Some((_, id)) = payload.split_once(':') {
                            if tx.send(id.to_string()).await.is_err() {
                                return;
                            }
                        }
                    }
                    // The listener reconnects by itself on the next recv; a lost notice is
                    // caught up by the next one for that table or by a client's action.
                    Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
                }
            }
        });
        Ok(Some(rx))
    }
}

fn json_col(row: &AnyRow, col: &str) -> Result<Value, StoreError> {
    let text: String = row.try_get(col)?;
    serde_json::from_str(&text).map_err(|e| StoreError(format!("column {col}: {e}")))
}

fn table_row(row: &AnyRow) -> Result<TableRow, StoreError> {
    let status: String = row.try_get("status")?;
    Ok(TableRow {
        id: row.try_get("id")?,
        game: row.try_get("game")?,
        players: row.try_get::<i64, _>("players")? as usize,
        options: json_col(row, "options")?,
        seed: row.try_get::<i64, _>("seed")? as u64,
        clock: json_col(row, "clock")?,
        clocks: json_col(row, "clocks")?,
        version: row.try_get::<i64, _>("version")? as u64,
        status: status.parse()?,
        created_ms: row.try_get("created_ms")?,
    })
}

fn seat_row(row: &AnyRow) -> Result<SeatRow, StoreError> {
    Ok(SeatRow {
        seat: row.try_get::<i64, _>("seat")? as u8,
        bot: row.try_get("bot")?,
        name: row.try_get("name")?,
        token_hash: row.try_get("token_hash")?,
        zombie: row.try_get::<i32, _>("zombie")? != 0,
        resigned: row.try_get::<i32, _>("resigned")? != 0,
    })
}
