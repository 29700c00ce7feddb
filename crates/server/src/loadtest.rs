//! The load generator: many tables at once, each seat a scripted client that plays a legal
//! action as soon as its frame says it is to move, bounded in time. It measures acknowledged
//! decisions per second, acknowledgement latency (send to the frame carrying the new
//! version), and the memory an idle table costs.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::{json, Value};
use tokio::sync::{watch, Mutex};

use crate::client::{request, Connection};

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// The server.
    pub addr: SocketAddr,
    /// Tables played at once.
    pub tables: usize,
    /// How long decisions are measured.
    pub seconds: f64,
    /// The game (a catalog name) and its player count.
    pub game: String,
    /// Players per table.
    pub players: usize,
}

/// What was measured.
#[derive(Clone, Debug, Default, Serialize)]
pub struct LoadReport {
    /// Tables played at once.
    pub tables: usize,
    /// WebSocket clients (one per seat).
    pub clients: usize,
    /// Decisions acknowledged in the measured time.
    pub decisions: u64,
    /// The measured time, seconds.
    pub seconds: f64,
    /// Acknowledged decisions per second.
    pub per_sec: f64,
    /// Acknowledgement latency percentiles, milliseconds.
    pub p50_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// The slowest.
    pub max_ms: f64,
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
    /// The machine's load average (1, 5, 15 minutes) when the measured time ended.
    pub load_average: Option<String>,
}

/// CPU seconds (user and system) this process has used, from /proc (USER_HZ is 100 on Linux).
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
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
        Some(&json!({"game": cfg.game, "players": cfg.players})),
    )
    .await?;
    if status != 201 {
        return Err(format!("create: {status} {created}"));
    }
    let id = created["id"].as_str().unwrap_or_default().to_string();
    let mut tokens = Vec::new();
    for seat in 0..cfg.players {
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

/// What a scripted client reads of a message: only what it acts on (the rest of a frame is
/// skipped without building a JSON tree, as a lean client would).
#[derive(serde::Deserialize)]
struct Seen {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    version: u64,
    #[serde(default)]
    over: bool,
    #[serde(default)]
    legal: Vec<SeenLegal>,
}

#[derive(serde::Deserialize)]
struct SeenLegal {
    action: Value,
}

#[derive(Default)]
struct Tally {
    latencies_us: Vec<u64>,
    errors: u64,
}

/// One seat's scripted client: after `go`, plays whenever it is to move until `stop`.
async fn seat_client(
    mut conn: Connection,
    seat: usize,
    mut go: watch::Receiver<bool>,
    stop: Instant,
    tally: Arc<Mutex<Tally>>,
) {
    let mut latest = match conn.next_as::<Seen>(Duration::from_secs(60)).await {
        Ok(f) if f.kind == "frame" => f,
        _ => return,
    };
    let _ = go.wait_for(|&g| g).await;
    let mut sent: Option<(u64, Instant)> = None;
    let mut mine = Tally::default();
    loop {
        if sent.is_none() && !latest.legal.is_empty() {
            let version = latest.version;
            let pick = &latest.legal[(version as usize * 7 + seat) % latest.legal.len()].action;
            let message = json!({"version": version, "action": pick});
            if conn.send(&message).await.is_err() {
                break;
            }
            sent = Some((version, Instant::now()));
        }
        let left = stop.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        match conn.next_as::<Seen>(left).await {
            Ok(m) if m.kind == "frame" => {
                if let Some((v, at)) = sent {
                    if m.version > v {
                        mine.latencies_us.push(at.elapsed().as_micros() as u64);
                        sent = None;
                    }
                }
                if m.over {
                    break;
                }
                latest = m;
            }
            Ok(_) => {
                mine.errors += 1;
                sent = None;
            }
            Err(_) => break,
        }
    }
    let mut t = tally.lock().await;
    t.latencies_us.extend(mine.latencies_us);
    t.errors += mine.errors;
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
    let mut tables = Vec::with_capacity(cfg.tables);
    for chunk in 0..cfg.tables.div_ceil(50) {
        let n = 50.min(cfg.tables - chunk * 50);
        let made = futures_util::future::join_all((0..n).map(|_| new_table(cfg))).await;
        for t in made {
            tables.push(t?);
        }
    }
    let after = rss_kib();
    let idle_kib_per_table = match (before, after) {
        (Some(b), Some(a)) if cfg.tables > 0 => {
            Some((a.saturating_sub(b)) as f64 / cfg.tables as f64)
        }
        _ => None,
    };
    let (go_tx, go) = watch::channel(false);
    let tally = Arc::new(Mutex::new(Tally::default()));
    let mut conns = Vec::new();
    for (id, tokens) in &tables {
        for (seat, token) in tokens.iter().enumerate() {
            let conn = Connection::open(cfg.addr, id, &format!("token={token}&svg=0")).await?;
            conns.push((conn, seat));
        }
    }
    let clients = conns.len();
    let start = Instant::now() + Duration::from_millis(200);
    let stop = start + Duration::from_secs_f64(cfg.seconds);
    let handles: Vec<_> = conns
        .into_iter()
        .map(|(conn, seat)| tokio::spawn(seat_client(conn, seat, go.clone(), stop, tally.clone())))
        .collect();
    tokio::time::sleep_until(start.into()).await;
    let measured_from = Instant::now();
    let cpu_before = cpu_seconds();
    let _ = go_tx.send(true);
    for h in handles {
        let _ = h.await;
    }
    let seconds = measured_from.elapsed().as_secs_f64();
    let cpu = match (cpu_before, cpu_seconds()) {
        (Some(b), Some(a)) => Some(a - b),
        _ => None,
    };
    let mut t = tally.lock().await;
    t.latencies_us.sort_unstable();
    let decisions = t.latencies_us.len() as u64;
    Ok(LoadReport {
        tables: cfg.tables,
        clients,
        decisions,
        seconds,
        per_sec: decisions as f64 / seconds.max(f64::MIN_POSITIVE),
        p50_ms: percentile(&t.latencies_us, 0.50),
        p99_ms: percentile(&t.latencies_us, 0.99),
        max_ms: percentile(&t.latencies_us, 1.0),
        errors: t.errors,
        idle_kib_per_table,
        cpu_seconds: cpu,
        cpu_us_per_decision: cpu
            .filter(|_| decisions > 0)
            .map(|c| c * 1e6 / decisions as f64),
        load_average: load_average(),
    })
}

impl LoadReport {
    /// The report as JSON.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}
