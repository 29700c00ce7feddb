//! `sylvan sim`: many random games in parallel, aggregated exactly in game order.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use serde_json::{json, Value};
use sylvan_catalog::{Catalog, PlayoutOutcome};
use sylvan_engine::derive_seed;

use sylvan_bots::arena::wilson;

use crate::CliError;

/// What `sim` was asked for.
pub(crate) struct SimConfig {
    pub game: String,
    pub games: u64,
    pub seed: u64,
    pub first: u64,
    pub threads: usize,
    pub players: Option<usize>,
    pub options: Value,
    pub components: Option<String>,
}

/// Exact sums over games (integers only, so merging chunks in any grouping gives the same
/// totals; floats are derived once at the end).
#[derive(Clone, Debug, Default, PartialEq)]
struct Tally {
    games: u64,
    decisions: u64,
    /// Wins in units of 1/`share` of a game: a k-way tie gives each winner share/k.
    win_units: Vec<u64>,
    /// Games won by several seats.
    shared: u64,
    /// Games nobody won.
    unwon: u64,
    score_sum: Vec<i64>,
    score_sq: Vec<i128>,
    /// Per category (first-seen order), per seat.
    categories: Vec<(String, Vec<i64>)>,
}

impl Tally {
    fn new(players: usize) -> Self {
        Tally {
            win_units: vec![0; players],
            score_sum: vec![0; players],
            score_sq: vec![0; players],
            ..Tally::default()
        }
    }

    fn add(&mut self, outcome: &PlayoutOutcome, share: u64) {
        let score = &outcome.score;
        self.games += 1;
        self.decisions += outcome.decisions;
        match score.winners.len() {
            0 => self.unwon += 1,
            k => {
                if k > 1 {
                    self.shared += 1;
                }
                for w in &score.winners {
                    if let Some(units) = self.win_units.get_mut(w.index()) {
                        *units += share / k as u64;
                    }
                }
            }
        }
        for (seat, &total) in score.totals.iter().enumerate().take(self.score_sum.len()) {
            self.score_sum[seat] += i64::from(total);
            self.score_sq[seat] += i128::from(total) * i128::from(total);
        }
        let players = self.score_sum.len();
        for (seat, breakdown) in score.breakdown.iter().enumerate().take(players) {
            for (name, points) in breakdown {
                let row = self.category(name, players);
                row[seat] += i64::from(*points);
            }
        }
    }

    fn category(&mut self, name: &str, players: usize) -> &mut Vec<i64> {
        let at = match self.categories.iter().position(|(n, _)| n == name) {
            Some(at) => at,
            None => {
                self.categories.push((name.to_string(), vec![0; players]));
                self.categories.len() - 1
            }
        };
        &mut self.categories[at].1
    }

    /// Adds a tally of later games.
    fn merge(&mut self, later: &Tally) {
        self.games += later.games;
        self.decisions += later.decisions;
        self.shared += later.shared;
        self.unwon += later.unwon;
        let players = self.score_sum.len();
        for seat in 0..players {
            self.win_units[seat] += later.win_units[seat];
            self.score_sum[seat] += later.score_sum[seat];
            self.score_sq[seat] += later.score_sq[seat];
        }
        for (name, points) in &later.categories {
            let row = self.category(name, players);
            for (a, b) in row.iter_mut().zip(points) {
                *a += b;
            }
        }
    }
}

/// The results of a run.
pub(crate) struct SimReport {
    game: String,
    title: String,
    players: usize,
    seed: u64,
    first: u64,
    threads: usize,
    options: Value,
    seconds: f64,
    share: u64,
    tally: Tally,
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

pub(crate) fn simulate(
    catalog: &Catalog,
    config: &SimConfig,
    progress: bool,
) -> Result<SimReport, CliError> {
    let kind = catalog.get(&config.game)?;
    let info = kind.info();
    let players = config.players.unwrap_or(info.min_players);
    let rules = kind.playouts(players, &config.options, config.components.as_deref())?;
    let options = kind
        .new_game(
            players,
            0,
            &config.options,
            false,
            config.components.as_deref(),
        )?
        .options();
    if config.games == 0 {
        return Err(CliError::new("--games must be at least 1"));
    }
    if config.first.checked_add(config.games).is_none() {
        return Err(CliError::new("--first plus --games is too large"));
    }
    // Units of a win: divisible by every possible number of tied winners.
    let share = (1..=players as u64).fold(1, |l, k| l / gcd(l, k) * k);
    let threads = config.threads.clamp(1, 256);
    // Small chunks balance the threads; at most 2^16 of them keeps the bookkeeping small.
    let chunk = (config.games / (threads as u64 * 8))
        .clamp(1, 256)
        .max(config.games.div_ceil(1 << 16));
    let chunks = config.games.div_ceil(chunk);
    let results: Mutex<Vec<Option<Tally>>> = Mutex::new(vec![None; chunks as usize]);
    let next = AtomicU64::new(0);
    let bar = if progress {
        let bar = indicatif::ProgressBar::new(config.games);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games {per_sec} eta {eta}",
        ) {
            bar.set_style(style);
        }
        Some(bar)
    } else {
        None
    };
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let c = next.fetch_add(1, Ordering::Relaxed);
                if c >= chunks {
                    break;
                }
                let from = c * chunk;
                let to = (from + chunk).min(config.games);
                let mut tally = Tally::new(players);
                for i in from..to {
                    let outcome = rules.play(derive_seed(config.seed, config.first + i));
                    tally.add(&outcome, share);
                }
                if let Some(bar) = &bar {
                    bar.inc(to - from);
                }
                if let Ok(mut results) = results.lock() {
                    results[c as usize] = Some(tally);
                }
            });
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let results = results
        .into_inner()
        .map_err(|_| CliError::new("a simulation thread panicked"))?;
    let mut tally = Tally::new(players);
    for (c, part) in results.iter().enumerate() {
        match part {
            Some(part) => tally.merge(part),
            None => return Err(CliError::new(format!("games chunk {c} was not played"))),
        }
    }
    Ok(SimReport {
        game: info.name.to_string(),
        title: info.title.to_string(),
        players,
        seed: config.seed,
        first: config.first,
        threads,
        options,
        seconds,
        share,
        tally,
    })
}

/// Writes the record of game `config.first` (the run's only game).
pub(crate) fn write_record(
    catalog: &Catalog,
    config: &SimConfig,
    path: &std::path::Path,
) -> Result<(), CliError> {
    let kind = catalog.get(&config.game)?;
    let players = config.players.unwrap_or(kind.info().min_players);
    let rules = kind.playouts(players, &config.options, config.components.as_deref())?;
    let record = rules.record(derive_seed(config.seed, config.first));
    let text = serde_json::to_string_pretty(&record)
        .map_err(|e| CliError::new(format!("cannot write the record: {e}")))?;
    std::fs::write(path, text + "\n").map_err(|e| {
        CliError::new(format!(
            "cannot write the record to '{}': {e}",
            path.display()
        ))
    })
}

impl SimReport {
    fn n(&self) -> f64 {
        self.tally.games as f64
    }

    fn win_rate(&self, seat: usize) -> f64 {
        self.tally.win_units[seat] as f64 / self.share as f64 / self.n()
    }

    fn score_mean(&self, seat: usize) -> f64 {
        self.tally.score_sum[seat] as f64 / self.n()
    }

    /// Sample standard deviation (n - 1), 0 for a single game.
    fn score_std(&self, seat: usize) -> f64 {
        let n = self.tally.games as i128;
        if n < 2 {
            return 0.0;
        }
        let sum = i128::from(self.tally.score_sum[seat]);
        // n·Σx² − (Σx)² is exact in integers.
        let numerator = n * self.tally.score_sq[seat] - sum * sum;
        (numerator as f64 / (n * (n - 1)) as f64).max(0.0).sqrt()
    }

    fn games_per_sec(&self) -> f64 {
        self.n() / self.seconds.max(1e-9)
    }

    fn decisions_per_game(&self) -> f64 {
        self.tally.decisions as f64 / self.n()
    }

    pub(crate) fn to_json(&self) -> Value {
        let seats = 0..self.players;
        json!({
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "games": self.tally.games,
            "seed": self.seed,
            "first": self.first,
            "threads": self.threads,
            "seconds": self.seconds,
            "games_per_sec": self.games_per_sec(),
            "decisions": self.tally.decisions,
            "decisions_per_game": self.decisions_per_game(),
            "win_rate": seats.clone().map(|s| self.win_rate(s)).collect::<Vec<_>>(),
            "win_rate_ci95": seats.clone().map(|s| {
                let (lo, hi) = wilson(self.win_rate(s) * self.n(), self.n());
                [lo, hi]
            }).collect::<Vec<_>>(),
            "shared_wins": self.tally.shared,
            "no_winner": self.tally.unwon,
            "score_mean": seats.clone().map(|s| self.score_mean(s)).collect::<Vec<_>>(),
            "score_std": seats.map(|s| self.score_std(s)).collect::<Vec<_>>(),
            "categories": self.tally.categories.iter().map(|(name, sums)| json!({
                "name": name,
                "mean": sums.iter().map(|&x| x as f64 / self.n()).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        })
    }

    pub(crate) fn to_text(&self) -> String {
        use std::fmt::Write as _;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{}: {} ({}), seed {} ({}), {}",
            self.title,
            crate::counted(self.tally.games, "random game"),
            crate::counted(self.players as u64, "player"),
            self.seed,
            match self.tally.games {
                1 => format!("game number {}", self.first),
                n => format!("game numbers {} to {}", self.first, self.first + n - 1),
            },
            crate::counted(self.threads as u64, "thread")
        );
        let _ = writeln!(
            s,
            "{:.1} games/s, {:.1} decisions per game, {:.2} s",
            self.games_per_sec(),
            self.decisions_per_game(),
            self.seconds
        );
        if self.tally.shared + self.tally.unwon > 0 {
            let _ = writeln!(
                s,
                "{} won jointly (counted as shared wins), {} with no winner",
                crate::counted(self.tally.shared, "game"),
                self.tally.unwon
            );
        }
        let width = self
            .tally
            .categories
            .iter()
            .map(|(n, _)| n.len())
            .max()
            .unwrap_or(0)
            .max(16);
        let _ = write!(s, "{:width$}", "");
        for seat in 0..self.players {
            let _ = write!(s, "  {:>22}", format!("Player {}", seat + 1));
        }
        let _ = write!(s, "\n{:width$}", "win rate (95% CI)");
        for seat in 0..self.players {
            let (lo, hi) = wilson(self.win_rate(seat) * self.n(), self.n());
            let cell = format!(
                "{:.1}% [{:.1}, {:.1}]",
                100.0 * self.win_rate(seat),
                100.0 * lo,
                100.0 * hi
            );
            let _ = write!(s, "  {cell:>22}");
        }
        let _ = write!(s, "\n{:width$}", "score mean ± sd");
        for seat in 0..self.players {
            let cell = format!("{:.2} ± {:.2}", self.score_mean(seat), self.score_std(seat));
            let _ = write!(s, "  {cell:>22}");
        }
        let _ = writeln!(s);
        for (name, sums) in &self.tally.categories {
            let _ = write!(s, "{name:width$}");
            for &x in sums {
                let _ = write!(s, "  {:>22.2}", x as f64 / self.n());
            }
            let _ = writeln!(s);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_catalog;

    fn run(threads: usize, first: u64, games: u64) -> SimReport {
        let config = SimConfig {
            game: "nim".into(),
            games,
            seed: 5,
            first,
            threads,
            players: None,
            options: Value::Null,
            components: None,
        };
        simulate(&test_catalog(), &config, false).expect("valid")
    }

    #[test]
    fn results_do_not_depend_on_threads() {
        let one = run(1, 0, 500);
        let three = run(3, 0, 500);
        assert_eq!(one.tally, three.tally);
        let mut a = one.to_json();
        let mut b = three.to_json();
        for key in ["seconds", "games_per_sec", "threads"] {
            a[key] = Value::Null;
            b[key] = Value::Null;
        }
        assert_eq!(a, b);
    }

    #[test]
    fn win_rates_sum_to_one_in_nim() {
        let r = run(2, 0, 300);
        let total: f64 = (0..2).map(|s| r.win_rate(s)).sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
        assert_eq!(r.tally.categories.len(), 1);
        assert!(r.to_text().contains("win rate (95% CI)"));
    }

    #[test]
    fn a_single_game_reruns_alone() {
        let all = run(2, 0, 50);
        let mut again = Tally::new(2);
        for i in 0..50 {
            again.merge(&run(1, i, 1).tally);
        }
        assert_eq!(all.tally, again);
    }
}
