//! The load generator: many tables at once, each seat a scripted client that plays a legal
//! action as soon as its frame says it is to move, bounded in time. It measures acknowledged
//! decisions per second, acknowledgement latency (send to the frame carrying the new
//! version), and the memory an idle table costs.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::{json, Value};
use tokio::sync::{watch, Mutex};

use crate::client::{request, Connection};

/// What to run, wherever the server is.
#[derive(Clone, Debug)]
pub struct LoadPlan {
    /// Tables played at once.
    pub tables: usize,
    /// How long decisions are measured.
    pub seconds: f64,
    /// The game (a catalog name).
    pub game: String,
    /// Players per table.
    pub players: usize,
    /// Decisions per second asked of all tables together. `None`: each seat plays the moment
    /// it is to move (a closed loop: the server is saturated and the latency is the tables
    /// over the throughput, Little's law). `Some(r)`: the seat to move first thinks for a time
    /// drawn from an exponential distribution with mean `tables / r` seconds, so decisions
    /// arrive about as a Poisson stream of rate `r`, as from people at many tables.
    pub rate: Option<f64>,
    /// Whether [`run`] is driven by a current-thread runtime on a thread of its own, so that
    /// that thread's CPU time is the clients' and the report can tell it from the server's.
    pub split_cpu: bool,
    /// Whether each table plays one game only, so that the load ends when every game has
    /// (`sylvan loadtest --one-game`). Otherwise a table whose game ended is followed by a
    /// new one (created, joined and connected to as the first were) until the time is up:
    /// the load is sustained for the whole time.
    pub one_game: bool,
    /// Seconds over which the tables begin, one after another at even steps, before the
    /// measured time starts. Tables that all begin together end their games together, and
    /// the seconds when a thousand tables end and new ones are made at once are not like a
    /// server whose tables are at every stage of their games; with a ramp at least as long
    /// as a game they are. 0: every table begins at once, at the measured time's start.
    pub ramp_seconds: f64,
}

/// What to run against which server.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// The server.
    pub addr: SocketAddr,
    /// The load.
    pub plan: LoadPlan,
    /// The server's count of the tables it holds in memory, if it runs in this process.
    pub tables_in_memory: Option<crate::TablesInMemory>,
}

/// What was measured.
#[derive(Clone, Debug, Default, Serialize)]
pub struct LoadReport {
    /// Tables played at once.
    pub tables: usize,
    /// The decisions per second asked for ([`LoadPlan::rate`]); `None`: as fast as
    /// acknowledged.
    pub rate: Option<f64>,
    /// WebSocket clients (one per seat).
    pub clients: usize,
    /// Decisions acknowledged in the measured time.
    pub decisions: u64,
    /// The measured time, seconds.
    pub seconds: f64,
    /// The time before it over which the tables began ([`LoadPlan::ramp_seconds`]).
    pub ramp_seconds: f64,
    /// Acknowledged decisions per second.
    pub per_sec: f64,
    /// Acknowledgement latency percentiles, milliseconds.
    pub p50_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// The slowest.
    pub max_ms: f64,
    /// The 99th percentile of the decisions sent in each second of the measured time (the
    /// last may be part of one), milliseconds; a second with no decision sent is left out.
    pub p99_by_second_ms: Vec<f64>,
    /// The largest of those.
    pub worst_second_p99_ms: f64,
    /// Games that ended in the measured time.
    pub games_ended: u64,
    /// Of the new tables that followed them, the time from a game's end until the new
    /// table was made, joined and connected to (each seat's WebSocket open): p50 and p99,
    /// milliseconds. A table waiting for this has no decision in flight.
    pub new_table_p50_ms: f64,
    /// The 99th percentile of that.
    pub new_table_p99_ms: f64,
    /// Tables the server held in memory when the measured time ended (finished tables leave
    /// after its idle time, [`crate::Config::idle_table_ms`]); `None` if it runs elsewhere.
    pub tables_in_memory: Option<usize>,
    /// How much this process's resident memory grew over the measured time, KiB.
    pub rss_growth_kib: Option<u64>,
    /// Error messages received.
    pub errors: u64,
    /// Resident memory of this process per idle table (created and joined, nobody
    /// connected), KiB; `None` where /proc is unavailable.
    pub idle_kib_per_table: Option<f64>,
    /// CPU time (user and system) this process (server and clients) used in the measured
    /// time, seconds; less noisy than the throughput on a shared machine.
    pub cpu_seconds: Option<f64>,
    /// That CPU time per acknowledged decision, microseconds.
    pub cpu_us_per_decision: Option<f64>,
    /// CPU time of the thread the load's clients ran on, in the measured time, seconds; only
    /// with [`LoadPlan::split_cpu`] (`sylvan loadtest --split-cpu`).
    pub client_cpu_seconds: Option<f64>,
    /// The rest of the process's CPU time (the server's, its storage thread's included) per
    /// acknowledged decision, microseconds: what a decision costs the server alone.
    pub server_cpu_us_per_decision: Option<f64>,
    /// The machine's load average (1, 5, 15 minutes) when the measured time ended.
    pub load_average: Option<String>,
}

/// CPU seconds (user and system) this process has used, from /proc (USER_HZ is 100 on Linux).
pub fn cpu_seconds() -> Option<f64> {
    stat_cpu_seconds("/proc/self/stat")
}

/// CPU seconds (user and system) the calling thread has used, from /proc.
fn thread_cpu_seconds() -> Option<f64> {
    stat_cpu_seconds("/proc/thread-self/stat")
}

/// The user and system times of a /proc `stat` file, in seconds.
fn stat_cpu_seconds(path: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(path).ok()?;
    // The fields after the command name (which may hold spaces) start after its ')'.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}

fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    Some(
        text.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// This process's resident memory in KiB, from /proc.
pub fn rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

async fn new_table(cfg: &LoadConfig) -> Result<(String, Vec<String>), String> {
    let (status, created) = request(
        cfg.addr,
        "POST",
        "/tables",
        Some(&json!({"game": cfg.plan.game, "players": cfg.plan.players})),
    )
    .await?;
    if status != 201 {
        return Err(format!("create: {status} {created}"));
    }
    let id = created["id"].as_str().unwrap_or_default().to_string();
    let mut tokens = Vec::new();
    for seat in 0..cfg.plan.players {
        let (status, joined) = request(
            cfg.addr,
            "POST",
            &format!("/tables/{id}/join"),
            Some(&json!({"name": format!("load{seat}"), "seat": seat})),
        )
        .await?;
        if status != 200 {
            return Err(format!("join: {status} {joined}"));
        }
        tokens.push(joined["token"].as_str().unwrap_or_default().to_string());
    }
    Ok((id, tokens))
}

/// What a scripted client reads of a message: only what it acts on.
#[derive(Debug, Default, PartialEq)]
struct Seen {
    /// Whether it is a frame (else an error).
    frame: bool,
    version: u64,
    over: bool,
    /// The JSON text of every legal action's `action`, one after the other (ending at
    /// `ends`): kept as text because the client only sends one back, never looks inside.
    actions: String,
    ends: Vec<usize>,
}

/// What a full parse reads, for messages the scan does not understand.
#[derive(serde::Deserialize)]
struct Full {
    #[serde(default, rename = "type", deserialize_with = "is_frame")]
    frame: bool,
    #[serde(default)]
    version: u64,
    #[serde(default)]
    over: bool,
    #[serde(default)]
    legal: Vec<FullLegal>,
}

#[derive(serde::Deserialize)]
struct FullLegal {
    action: Value,
}

fn is_frame<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    let kind: std::borrow::Cow<'de, str> = serde::Deserialize::deserialize(d)?;
    Ok(kind == "frame")
}

impl Seen {
    /// Reads a message as a lean client does: the top-level fields it needs are parsed, the
    /// rest (the view, the events, the seats …) only bracket-matched, never parsed, and of
    /// the legal actions only each `action`'s extent is found; anything the scan does not
    /// understand is parsed in full instead.
    fn read(text: &str) -> Result<Seen, String> {
        if let Some(seen) = Seen::scan(text.as_bytes()) {
            return Ok(seen);
        }
        let full: Full = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let mut seen = Seen {
            frame: full.frame,
            version: full.version,
            over: full.over,
            ..Seen::default()
        };
        for legal in &full.legal {
            seen.push_action(legal.action.to_string().as_bytes());
        }
        Ok(seen)
    }

    /// The number of legal actions.
    fn len(&self) -> usize {
        self.ends.len()
    }

    /// The `i`th legal action's JSON text.
    fn action(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.actions[start..self.ends[i]]
    }

    fn push_action(&mut self, text: &[u8]) {
        // Only slices that start and end at ASCII delimiters are pushed, so this is UTF-8.
        self.actions.push_str(&String::from_utf8_lossy(text));
        self.ends.push(self.actions.len());
    }

    fn scan(text: &[u8]) -> Option<Seen> {
        let mut seen = Seen::default();
        let start = skip_space(text, 0);
        // Which of the fields that come before the view were read, and the two seats.
        let mut read = 0u8;
        let (mut seat, mut to_move): (&[u8], &[u8]) = (b"", b"");
        walk_object(text, start, |key, value| {
            match key {
                b"\"type\"" => {
                    seen.frame = value == b"\"frame\"";
                    read |= 1;
                }
                b"\"version\"" => {
                    seen.version = std::str::from_utf8(value).ok()?.parse().ok()?;
                    read |= 2;
                }
                b"\"over\"" => {
                    seen.over = value == b"true";
                    read |= 4;
                }
                b"\"seat\"" => {
                    seat = value;
                    read |= 8;
                }
                b"\"to_move\"" => {
                    to_move = value;
                    read |= 16;
                }
                b"\"legal\"" => {
                    seen.scan_legal(value)?;
                    read |= 32;
                }
                _ => {}
            }
            // A frame's legal actions are only ever for the seat to move: another seat's
            // frame (or a spectator's) is read no further than it must be, as a lean client
            // would, and no frame is read past its legal actions (the server writes them
            // before the view), so a view is never scanned.
            let done = read & 31 == 31 && (read & 32 != 0 || seat == b"null" || seat != to_move);
            Some(!done)
        })?;
        Some(seen)
    }

    /// The legal actions' array: each entry an object whose `action` is kept as text.
    fn scan_legal(&mut self, text: &[u8]) -> Option<()> {
        let mut i = skip_space(text, 0);
        if text.get(i) != Some(&b'[') {
            return None;
        }
        i = skip_space(text, i + 1);
        if text.get(i) == Some(&b']') {
            return Some(());
        }
        loop {
            let mut action = None;
            let end = walk_object(text, i, |key, value| {
                if key == b"\"action\"" {
                    // A repeated key is left to the full parse (which refuses it).
                    if action.replace(value).is_some() {
                        return None;
                    }
                }
                Some(true)
            })?;
            self.push_action(action?);
            i = skip_space(text, end);
            match text.get(i)? {
                b',' => i = skip_space(text, i + 1),
                b']' => return Some(()),
                _ => return None,
            }
        }
    }
}

/// Walks the JSON object starting at `i`, calling `field` with each key (quotes included)
/// and the text of its value; the end of the object (just past its `}`), or `None` if the
/// text is not an object this scan understands or `field` gives up. When `field` answers
/// `false` the walk stops there, and the position after that value is returned.
fn walk_object<'t>(
    text: &'t [u8],
    i: usize,
    mut field: impl FnMut(&'t [u8], &'t [u8]) -> Option<bool>,
) -> Option<usize> {
    if text.get(i) != Some(&b'{') {
        return None;
    }
    let mut i = skip_space(text, i + 1);
    if text.get(i) == Some(&b'}') {
        return Some(i + 1);
    }
    loop {
        let key_end = skip_string(text, i)?;
        let key = &text[i..key_end];
        i = skip_space(text, key_end);
        if text.get(i) != Some(&b':') {
            return None;
        }
        let start = skip_space(text, i + 1);
        let end = skip_value(text, start)?;
        if !field(key, &text[start..end])? {
            return Some(end);
        }
        i = skip_space(text, end);
        match text.get(i)? {
            b',' => i = skip_space(text, i + 1),
            b'}' => return Some(i + 1),
            _ => return None,
        }
    }
}

fn skip_space(text: &[u8], mut i: usize) -> usize {
    while text.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

/// The end of the JSON string starting at `i` (just past its closing quote).
fn skip_string(text: &[u8], i: usize) -> Option<usize> {
    if text.get(i) != Some(&b'"') {
        return None;
    }
    let mut j = i + 1;
    loop {
        // A tight search for the two bytes that matter: most of a frame is plain text.
        j += text
            .get(j..)?
            .iter()
            .position(|&b| b == b'"' || b == b'\\')?;
        if text[j] == b'"' {
            return Some(j + 1);
        }
        j += 2;
    }
}

/// The end of the JSON value starting at `i`: strings skipped, brackets matched, scalars
/// up to the next delimiter (validated only by whoever parses the value).
fn skip_value(text: &[u8], i: usize) -> Option<usize> {
    match text.get(i)? {
        b'"' => skip_string(text, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut j = i;
            loop {
                j += text
                    .get(j..)?
                    .iter()
                    .position(|&b| matches!(b, b'"' | b'{' | b'}' | b'[' | b']'))?;
                match text[j] {
                    b'"' => {
                        j = skip_string(text, j)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    _ => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                }
                j += 1;
            }
        }
        _ => {
            let len = text
                .get(i..)?
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']') || b.is_ascii_whitespace())
                .unwrap_or(text.len() - i);
            (len > 0).then_some(i + len)
        }
    }
}

#[derive(Default)]
struct Tally {
    /// Per acknowledged decision: the second of the measured time it was sent in, and its
    /// latency in microseconds.
    latencies_us: Vec<(u32, u64)>,
    /// Per table made in the measured time after a game ended: microseconds from the game's
    /// end to its seats connected to the new table.
    new_tables_us: Vec<u64>,
    errors: u64,
}

/// A seat's think times: exponentially distributed with mean `mean` seconds, from a
/// splitmix64 stream of its own (reproducible, and no two seats alike).
struct Think {
    mean: f64,
    state: u64,
}

impl Think {
    fn new(mean: f64, client: usize) -> Think {
        Think {
            mean,
            state: (client as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED,
        }
    }

    fn next(&mut self) -> Duration {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        // Uniform in (0, 1]: never ln(0).
        let u = ((z >> 11) + 1) as f64 / (1u64 << 53) as f64;
        // A rate so low that a think outlasts `Duration` waits for ever rather than panics.
        Duration::try_from_secs_f64(-u.ln() * self.mean).unwrap_or(Duration::MAX)
    }
}

/// One seat's scripted client: after `go` (and `begin`, if given), plays whenever it is to
/// move (after a think time if `think` is given) until `stop` or the game's end, counting the
/// decisions sent from `start`. Gives back its think times and whether the game ended.
async fn seat_client(
    mut conn: Connection,
    seat: usize,
    (mut go, begin): (watch::Receiver<bool>, Option<Instant>),
    (start, stop): (Instant, Instant),
    mut think: Option<Think>,
    tally: Arc<Mutex<Tally>>,
) -> (Option<Think>, bool) {
    let mut latest = match conn.next_text(Duration::from_secs(60)).await {
        Ok(t) => match Seen::read(&t) {
            Ok(f) if f.frame => f,
            _ => return (think, false),
        },
        Err(_) => return (think, false),
    };
    let mut over = latest.over;
    let _ = go.wait_for(|&g| g).await;
    if let Some(begin) = begin {
        tokio::time::sleep_until(begin.into()).await;
    }
    let mut sent: Option<(u64, Instant)> = None;
    let mut mine = Tally::default();
    let deadline = tokio::time::sleep_until(stop.into());
    tokio::pin!(deadline);
    while !over {
        if sent.is_none() && latest.len() > 0 {
            if let Some(think) = think.as_mut() {
                let pause = tokio::time::sleep(think.next());
                tokio::select! {
                    biased;
                    () = &mut deadline => break,
                    () = pause => {}
                }
            }
            let version = latest.version;
            let pick = latest.action((version as usize * 7 + seat) % latest.len());
            let message = format!("{{\"version\":{version},\"action\":{pick}}}");
            if conn.send_text(message).await.is_err() {
                break;
            }
            sent = Some((version, Instant::now()));
        }
        // One timer for the whole run, not one per message.
        let text = tokio::select! {
            biased;
            () = &mut deadline => break,
            text = conn.text() => text,
        };
        let m = match text.map(|t| Seen::read(&t)) {
            Ok(Ok(m)) => m,
            _ => break,
        };
        if m.frame {
            if let Some((v, at)) = sent {
                if m.version > v {
                    // Decisions sent while the tables were still beginning are not measured.
                    if at >= start {
                        let second = at.saturating_duration_since(start).as_secs() as u32;
                        mine.latencies_us
                            .push((second, at.elapsed().as_micros() as u64));
                    }
                    sent = None;
                }
            }
            over = m.over;
            latest = m;
        } else {
            mine.errors += 1;
            sent = None;
        }
    }
    let mut t = tally.lock().await;
    t.latencies_us.extend(mine.latencies_us);
    t.errors += mine.errors;
    (think, over)
}

/// A table's seats, connected (`svg=0`), in seat order.
async fn connect_seats(
    cfg: &LoadConfig,
    id: &str,
    tokens: &[String],
) -> Result<Vec<Connection>, String> {
    let mut conns = Vec::with_capacity(tokens.len());
    for token in tokens {
        conns.push(Connection::open(cfg.addr, id, &format!("token={token}&svg=0")).await?);
    }
    Ok(conns)
}

/// What every table of a run shares.
struct Run {
    cfg: LoadConfig,
    go: watch::Receiver<bool>,
    start: Instant,
    stop: Instant,
    tally: Arc<Mutex<Tally>>,
    games_ended: AtomicU64,
}

/// One table's place in the load: its seats play (each its own task, as people at a table
/// are) from `begin` until the game ends, then, unless the plan says one game, a new table
/// takes its place until the time is up.
async fn table_slot(
    run: Arc<Run>,
    mut seats: Vec<Connection>,
    mut thinks: Vec<Option<Think>>,
    begin: Instant,
) {
    let mut begin = Some(begin);
    loop {
        let handles: Vec<_> = seats
            .drain(..)
            .zip(thinks.drain(..))
            .enumerate()
            .map(|(seat, (conn, think))| {
                tokio::spawn(seat_client(
                    conn,
                    seat,
                    (run.go.clone(), begin),
                    (run.start, run.stop),
                    think,
                    run.tally.clone(),
                ))
            })
            .collect();
        begin = None;
        let mut over = false;
        for h in handles {
            let (think, ended) = h.await.unwrap_or((None, false));
            thinks.push(think);
            over |= ended;
        }
        if !over {
            return;
        }
        let now = Instant::now();
        if now > run.start && now < run.stop {
            run.games_ended.fetch_add(1, Ordering::Relaxed);
        }
        if run.cfg.plan.one_game || now >= run.stop {
            return;
        }
        let next = match new_table(&run.cfg).await {
            Ok((id, tokens)) => connect_seats(&run.cfg, &id, &tokens).await,
            Err(e) => Err(e),
        };
        match next {
            Ok(conns) => {
                seats = conns;
                if now > run.start {
                    let us = now.elapsed().as_micros() as u64;
                    run.tally.lock().await.new_tables_us.push(us);
                }
            }
            Err(_) => {
                run.tally.lock().await.errors += 1;
                return;
            }
        }
    }
}

/// The 99th percentile of each second's latencies (`sorted` by latency); the last second may
/// be part of one.
fn p99_by_second(sorted: &[(u32, u64)], seconds: f64) -> Vec<f64> {
    let mut by_second = vec![Vec::new(); seconds.ceil() as usize];
    for &(second, us) in sorted {
        if let Some(v) = by_second.get_mut(second as usize) {
            v.push(us);
        }
    }
    by_second
        .iter()
        .filter(|v| !v.is_empty())
        .map(|v| percentile(v, 0.99))
        .collect()
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)] as f64 / 1000.0
}

/// Runs the load against the server at `cfg.addr`. `idle_rss` measures this process (so it
/// means something when the server runs in the same process, as `sylvan loadtest` does).
pub async fn run(cfg: &LoadConfig) -> Result<LoadReport, String> {
    let before = rss_kib();
    let plan = &cfg.plan;
    if let Some(rate) = plan.rate {
        if !(rate.is_finite() && rate > 0.0) {
            return Err(format!(
                "the rate must be a positive number of decisions per second, not {rate}"
            ));
        }
    }
    // Both times are checked before any table is made: an hour's margin keeps every
    // `Instant` sum below from overflowing.
    let seconds_of = |what: &str, s: f64| {
        Duration::try_from_secs_f64(s)
            .ok()
            .filter(|d| {
                d.checked_mul(2)
                    .and_then(|d| d.checked_add(Duration::from_secs(3600)))
                    .and_then(|d| Instant::now().checked_add(d))
                    .is_some()
            })
            .ok_or_else(|| format!("{what} must be a number of seconds, 0 or more, not {s}"))
    };
    let ramp = seconds_of("the ramp", plan.ramp_seconds)?;
    let measured = seconds_of("the time measured", plan.seconds)?;
    let mut tables = Vec::with_capacity(plan.tables);
    for chunk in 0..plan.tables.div_ceil(50) {
        let n = 50.min(plan.tables - chunk * 50);
        let made = futures_util::future::join_all((0..n).map(|_| new_table(cfg))).await;
        for t in made {
            tables.push(t?);
        }
    }
    let after = rss_kib();
    let idle_kib_per_table = match (before, after) {
        (Some(b), Some(a)) if plan.tables > 0 => {
            Some((a.saturating_sub(b)) as f64 / plan.tables as f64)
        }
        _ => None,
    };
    let (go_tx, go) = watch::channel(false);
    let mut slots = Vec::with_capacity(tables.len());
    for (id, tokens) in &tables {
        slots.push(connect_seats(cfg, id, tokens).await?);
    }
    let clients = slots.iter().map(Vec::len).sum();
    let go_at = Instant::now() + Duration::from_millis(200);
    let start = go_at + ramp;
    let stop = start + measured;
    // A table's mean think time: one seat of a table is to move at a time (in Woodwalkers;
    // a game whose seats decide together plays faster than asked, and `per_sec` says so).
    let mean = plan.rate.map(|r| plan.tables as f64 / r);
    let run_state = Arc::new(Run {
        cfg: cfg.clone(),
        go,
        start,
        stop,
        tally: Arc::new(Mutex::new(Tally::default())),
        games_ended: AtomicU64::new(0),
    });
    let mut client = 0;
    let count = slots.len().max(1) as f64;
    let handles: Vec<_> = slots
        .into_iter()
        .enumerate()
        .map(|(i, seats)| {
            let thinks = (client..client + seats.len())
                .map(|c| mean.map(|m| Think::new(m, c)))
                .collect();
            client += seats.len();
            let begin = go_at + ramp.mul_f64(i as f64 / count);
            tokio::spawn(table_slot(run_state.clone(), seats, thinks, begin))
        })
        .collect();
    tokio::time::sleep_until(go_at.into()).await;
    let _ = go_tx.send(true);
    tokio::time::sleep_until(start.into()).await;
    let rss_from = rss_kib();
    let cpu_before = cpu_seconds();
    let client_cpu_now = || {
        if plan.split_cpu {
            thread_cpu_seconds()
        } else {
            None
        }
    };
    let client_before = client_cpu_now();
    for h in handles {
        let _ = h.await;
    }
    // From `start`, where the tally begins, not from when this task woke after it.
    let seconds = start.elapsed().as_secs_f64();
    let rss_to = rss_kib();
    let tables_in_memory = match &cfg.tables_in_memory {
        Some(count) => Some(count.count().await),
        None => None,
    };
    let spent = |before: Option<f64>, after: Option<f64>| match (before, after) {
        (Some(b), Some(a)) => Some(a - b),
        _ => None,
    };
    let cpu = spent(cpu_before, cpu_seconds());
    let client_cpu = spent(client_before, client_cpu_now());
    let mut t = run_state.tally.lock().await;
    t.latencies_us.sort_unstable_by_key(|&(_, us)| us);
    let by_second = p99_by_second(&t.latencies_us, seconds);
    let latencies: Vec<u64> = t.latencies_us.iter().map(|&(_, us)| us).collect();
    t.new_tables_us.sort_unstable();
    let decisions = latencies.len() as u64;
    Ok(LoadReport {
        tables: plan.tables,
        rate: plan.rate,
        clients,
        decisions,
        seconds,
        ramp_seconds: ramp.as_secs_f64(),
        per_sec: decisions as f64 / seconds.max(f64::MIN_POSITIVE),
        p50_ms: percentile(&latencies, 0.50),
        p99_ms: percentile(&latencies, 0.99),
        max_ms: percentile(&latencies, 1.0),
        worst_second_p99_ms: by_second.iter().copied().fold(0.0, f64::max),
        p99_by_second_ms: by_second,
        games_ended: run_state.games_ended.load(Ordering::Relaxed),
        new_table_p50_ms: percentile(&t.new_tables_us, 0.50),
        new_table_p99_ms: percentile(&t.new_tables_us, 0.99),
        tables_in_memory,
        rss_growth_kib: rss_from.zip(rss_to).map(|(a, b)| b.saturating_sub(a)),
        errors: t.errors,
        idle_kib_per_table,
        cpu_seconds: cpu,
        cpu_us_per_decision: cpu
            .filter(|_| decisions > 0)
            .map(|c| c * 1e6 / decisions as f64),
        client_cpu_seconds: client_cpu,
        server_cpu_us_per_decision: cpu
            .zip(client_cpu)
            .filter(|_| decisions > 0)
            .map(|(c, k)| (c - k).max(0.0) * 1e6 / decisions as f64),
        load_average: load_average(),
    })
}

impl LoadReport {
    /// The report as JSON.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a full parse reads, to compare the scan with: the flags, the version and the
    /// legal actions as JSON values.
    fn parsed(text: &str) -> (bool, u64, bool, Vec<Value>) {
        let full: Full = serde_json::from_str(text).expect("valid JSON");
        let actions = full.legal.into_iter().map(|l| l.action).collect();
        (full.frame, full.version, full.over, actions)
    }

    /// The same of what the scan read.
    fn seen(seen: &Seen) -> (bool, u64, bool, Vec<Value>) {
        let actions = (0..seen.len())
            .map(|i| serde_json::from_str(seen.action(i)).expect("an action's JSON text"))
            .collect();
        (seen.frame, seen.version, seen.over, actions)
    }

    #[test]
    fn think_times_are_exponential_with_the_asked_mean() {
        let mut think = Think::new(0.5, 7);
        let draws: Vec<f64> = (0..20_000).map(|_| think.next().as_secs_f64()).collect();
        let mean = draws.iter().sum::<f64>() / draws.len() as f64;
        // The standard error of the mean is 0.5 / sqrt(20,000), about 0.0035.
        assert!((mean - 0.5).abs() < 0.02, "mean {mean}");
        // An exponential's median is ln 2 times its mean.
        let below = draws
            .iter()
            .filter(|&&d| d < 0.5 * std::f64::consts::LN_2)
            .count();
        assert!(
            (9_600..=10_400).contains(&below),
            "{below} of 20,000 below the median"
        );
        assert!(draws.iter().all(|d| d.is_finite() && *d >= 0.0));
        // Each client draws its own times.
        let (mut a, mut b) = (Think::new(0.5, 1), Think::new(0.5, 2));
        assert_ne!(a.next(), b.next());
        // `--rate 1e-300`: thinks longer than a `Duration` holds wait for ever.
        let mut slow = Think::new(1e303, 3);
        assert!((0..100).all(|_| slow.next() > Duration::from_secs(1 << 60)));
    }

    #[test]
    fn the_scan_reads_what_a_full_parse_reads() {
        let frames = [
            // Keys named like the wanted ones inside the view, brackets and quotes inside
            // strings, escapes, whitespace, numbers in exponent form.
            r#"{"type":"frame","table":"ab","version":12,"seat":0,"to_move":0,"over":false,
              "view":{"legal":[1,2],"over":true,"version":99,"text":"a \"}]\" {[ \\"},
              "svg":null,"legal":[{"action":{"Place":"Puma"},"text":"Put the Puma","targets":[]},
              {"action":"Pass","text":"x","targets":["p1"]}],"can_undo":false,
              "events":[{"version":12,"events":["Ann: \"Wolf\" moves ]"]}],"score":null,
              "seats":[{"seat":0,"name":"{\"legal\":[]}"}],"present":[true,false],
              "clocks":{"n":1.5e3},"result":null,"rematch":null}"#,
            r#" { "type" : "frame" , "version" : 3 , "over" : true , "legal" : [ ] } "#,
            // Whitespace around the legal actions, an action with brackets in its strings,
            // `action` after the other keys.
            r#"{"type":"frame","version":4,"legal":[ { "text" : "]}" , "action" : { "Say" : "[\"}" } } ,
              {"targets":[["a"]],"action":[1, {"b":[]}]} ]}"#,
            r#"{"type":"error","kind":"stale_version","message":"stale version 3: \"5\""}"#,
            r#"{}"#,
        ];
        for text in frames {
            let scanned = Seen::scan(text.as_bytes()).expect("scanned");
            assert_eq!(seen(&scanned), parsed(text), "{text}");
        }
        let first = Seen::scan(frames[0].as_bytes()).expect("scanned");
        assert!(first.frame && !first.over);
        assert_eq!(first.version, 12);
        assert_eq!(seen(&first).3, [json!({"Place": "Puma"}), json!("Pass")]);
        // The action goes back as the server wrote it.
        assert_eq!(first.action(0), r#"{"Place":"Puma"}"#);
        assert_eq!(first.action(1), r#""Pass""#);
        let spaced = Seen::scan(frames[2].as_bytes()).expect("scanned");
        assert_eq!(spaced.action(0), r#"{ "Say" : "[\"}" }"#);
        assert_eq!(seen(&spaced).3[1], json!([1, {"b": []}]));
        assert!(!Seen::read(frames[3]).expect("read").frame);
    }

    #[test]
    fn another_seats_frame_is_read_only_up_to_the_view() {
        // Not to move: everything needed comes before the view, which is never scanned
        // (here it is cut short, which a scan of it would refuse).
        let others =
            r#"{"type":"frame","version":7,"seat":1,"to_move":0,"over":false,"view":{"a":[1"#;
        let seen = Seen::scan(others.as_bytes()).expect("read up to the view");
        assert!(seen.frame && !seen.over);
        assert_eq!((seen.version, seen.len()), (7, 0));
        let spectator =
            r#"{"type":"frame","version":8,"seat":null,"to_move":1,"over":true,"view":["#;
        let seen = Seen::scan(spectator.as_bytes()).expect("read up to the view");
        assert!(seen.over);
        assert_eq!((seen.version, seen.len()), (8, 0));
        // The seat to move reads on to its legal actions, so a broken view is still refused.
        let mover =
            r#"{"type":"frame","version":7,"seat":0,"to_move":0,"over":false,"view":{"a":[1"#;
        assert_eq!(Seen::scan(mover.as_bytes()), None);
        let mover = r#"{"type":"frame","version":7,"seat":0,"to_move":0,"over":false,"view":{},"legal":[{"action":"Roll"}]}"#;
        let seen = Seen::scan(mover.as_bytes()).expect("scanned");
        assert_eq!((seen.len(), seen.action(0)), (1, r#""Roll""#));
        // As the server writes it, the legal actions come first: the mover stops there too.
        let mover = r#"{"type":"frame","version":9,"seat":0,"to_move":0,"over":false,"legal":[{"action":"Roll"},{"action":{"Keep":2}}],"view":{"a":[1"#;
        let seen = Seen::scan(mover.as_bytes()).expect("read up to the view");
        assert_eq!(seen.version, 9);
        assert_eq!((seen.len(), seen.action(1)), (2, r#"{"Keep":2}"#));
    }

    #[test]
    fn what_the_scan_cannot_read_is_parsed_in_full_or_refused() {
        // Not an object, cut short, a bad separator: the scan gives up.
        for text in [
            "[1]",
            r#"{"type":"frame","view":{"a":[1,2}"#,
            r#"{"version" 3}"#,
            "",
        ] {
            assert_eq!(Seen::scan(text.as_bytes()), None, "{text}");
            assert!(Seen::read(text).is_err(), "{text}");
        }
        // A legal entry without an action, or with two: the full parse refuses it.
        for text in [
            r#"{"type":"frame","legal":[{"text":"x"}]}"#,
            r#"{"type":"frame","legal":[{"action":1,"action":2}]}"#,
        ] {
            assert_eq!(Seen::scan(text.as_bytes()), None, "{text}");
            assert!(Seen::read(text).is_err(), "{text}");
        }
        // What the scan gives up on but is JSON is read in full: a key written with an
        // escape.
        let odd = r#"{"type":"frame","version":5,"legal":[{"\u0061ction":{"Place":"Elk"}}]}"#;
        assert_eq!(Seen::scan(odd.as_bytes()), None);
        let full = Seen::read(odd).expect("read");
        assert_eq!(seen(&full), parsed(odd));
        assert_eq!(full.action(0), r#"{"Place":"Elk"}"#);
        // A version that is not a number: the full parse names the problem.
        let bad = r#"{"type":"frame","version":"x"}"#;
        assert_eq!(Seen::scan(bad.as_bytes()), None);
        assert!(Seen::read(bad)
            .expect_err("refused")
            .starts_with("not JSON"));
    }
}
