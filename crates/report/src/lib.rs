//! # Designer reports
//!
//! `sylvan report GAME` plays many games of any game of a [`Catalog`] and answers a designer's
//! questions: does the first player win too often, which setup component is too strong, how
//! long does a game run, how close is it, and does a rule variant change the balance. The
//! [`Report`] writes every figure as JSON and a self-contained HTML page with SVG plots.
//!
//! The report knows games only through the catalog and the game contract: the categories come
//! from [`Score`](sylvan_engine::Score)'s breakdown, the setup's components from
//! [`Game::component_labels`](sylvan_engine::Game::component_labels), solo levels from
//! [`GameInfo::solo_levels`](sylvan_engine::GameInfo).
//!
//! With no bots every seat plays uniformly at random with exactly the draws of `sylvan sim`, so
//! the same seeds give the same games and the same figures.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod html;
mod measures;
pub mod plots;
pub mod stats;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use serde_json::{json, Value};
use sylvan_bots::BotSpec;
use sylvan_catalog::{Catalog, CatalogError};
use sylvan_engine::{derive_seed, GameInfo};

pub use measures::{Played, PROGRESS_BINS};
use stats::{std_from_sums, wilson, Difference};

/// The most games one variant of a report plays: every game's summary is kept until the end
/// (about 5 KB a game in Wispwood, whose breakdown names each goal card per round).
pub const MAX_REPORT_GAMES: u64 = 1_000_000;

/// What a report plays.
#[derive(Clone, Debug)]
pub struct ReportConfig {
    /// The game's name in the catalog.
    pub game: String,
    /// Games per variant (per level when solo, per side when comparing).
    pub games: u64,
    /// Game i is played with seed `derive_seed(seed, i)`, as in `sim`.
    pub seed: u64,
    /// Games played at once; the figures do not depend on it.
    pub threads: usize,
    /// Number of players (default: the game's smallest count).
    pub players: Option<usize>,
    /// The game's options (JSON merged over the defaults).
    pub options: Value,
    /// A corrected component file's text.
    pub components: Option<String>,
    /// One bot per seat; empty for uniformly random seats with `sim`'s draws.
    pub bots: Vec<BotSpec>,
    /// Two rule variants (options merged over `options`) to play on the same seeds.
    pub compare: Option<(Value, Value)>,
}

/// Why a report could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The game, its options or a bot were refused.
    #[error("{0}")]
    Catalog(#[from] CatalogError),
    /// The request does not make sense; says why.
    #[error("{0}")]
    Invalid(String),
    /// A plot could not be drawn.
    #[error("{0}")]
    Plot(String),
}

/// What a variant was: the whole run, a solo level or one side of a comparison.
#[derive(Clone, Debug, PartialEq)]
pub enum Variant {
    /// The only run.
    Plain,
    /// A solo level.
    Level(u8),
    /// Side A (0) or B (1) of `--compare`.
    Side(usize),
}

/// The figures of one variant, from games aggregated in game order (so they do not depend on
/// the thread count).
#[derive(Clone, Debug)]
pub struct Run {
    /// Which variant.
    pub variant: Variant,
    /// Its heading.
    pub label: String,
    /// The options it was played with, as the game read them.
    pub options: Value,
    /// Every game, in order.
    pub played: Vec<Played>,
    /// Wins in units of 1/`share` of a game (a k-way tie gives each winner share/k).
    share: u64,
}

/// A finished report.
#[derive(Clone, Debug)]
pub struct Report {
    /// The game.
    pub info: GameInfo,
    /// Seats per game.
    pub players: usize,
    /// The seed.
    pub seed: u64,
    /// Who sat in each seat.
    pub seats: Vec<String>,
    /// The variants played.
    pub runs: Vec<Run>,
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Merges `over` into `base` when both are objects; `over` otherwise (null keeps `base`).
fn merged(base: &Value, over: &Value) -> Value {
    match (base, over) {
        (_, Value::Null) => base.clone(),
        (Value::Object(a), Value::Object(b)) => {
            let mut m = a.clone();
            for (k, v) in b {
                m.insert(k.clone(), v.clone());
            }
            Value::Object(m)
        }
        _ => over.clone(),
    }
}

/// Plays the report's games; `progress` is called with the number of games finished so far.
pub fn run(
    catalog: &Catalog,
    config: &ReportConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, ReportError> {
    let kind = catalog.get(&config.game)?;
    let info = kind.info();
    if config.games == 0 || config.games > MAX_REPORT_GAMES {
        return Err(ReportError::Invalid(format!(
            "--games must be 1 to {MAX_REPORT_GAMES}, not {}",
            config.games
        )));
    }
    let players = config.players.unwrap_or(info.min_players);
    if !config.bots.is_empty() && config.bots.len() != players {
        return Err(ReportError::Invalid(format!(
            "give one bot per seat: {players} seats but {} bots (repeat a bot to fill seats)",
            config.bots.len()
        )));
    }
    let mut variants: Vec<(Variant, String, Value)> = Vec::new();
    match (&config.compare, info.solo_levels) {
        (Some((a, b)), _) => {
            variants.push((
                Variant::Side(0),
                format!("A: {a}"),
                merged(&config.options, a),
            ));
            variants.push((
                Variant::Side(1),
                format!("B: {b}"),
                merged(&config.options, b),
            ));
        }
        (None, Some(solo)) if players == 1 => {
            for level in solo.first..=solo.last {
                let options = merged(&config.options, &json!({ solo.option: level }));
                variants.push((
                    Variant::Level(level),
                    format!("{} {level}", solo.label),
                    options,
                ));
            }
        }
        (None, _) => variants.push((
            Variant::Plain,
            info.title.to_string(),
            config.options.clone(),
        )),
    }
    let share = (1..=players as u64).fold(1, |l, k| l / gcd(l, k) * k);
    let done = AtomicU64::new(0);
    let mut runs = Vec::new();
    for (variant, label, options) in variants {
        let rules = kind.traces(players, &options, config.components.as_deref())?;
        let read = kind
            .new_game(players, 0, &options, false, config.components.as_deref())?
            .options();
        let results: Mutex<Vec<Option<Played>>> =
            Mutex::new((0..config.games).map(|_| None).collect());
        let failure: Mutex<Option<CatalogError>> = Mutex::new(None);
        let next = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for _ in 0..config.threads.clamp(1, 256) {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.games || failure.lock().map(|f| f.is_some()).unwrap_or(true) {
                        return;
                    }
                    match rules.play(&config.bots, derive_seed(config.seed, i)) {
                        Ok(trace) => {
                            let played = Played::new(trace);
                            if let Ok(mut r) = results.lock() {
                                r[i as usize] = Some(played);
                            }
                            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                        }
                        Err(e) => {
                            if let Ok(mut f) = failure.lock() {
                                f.get_or_insert(e);
                            }
                            return;
                        }
                    }
                });
            }
        });
        if let Some(e) = failure.into_inner().ok().flatten() {
            return Err(e.into());
        }
        let played: Vec<Played> = results
            .into_inner()
            .map_err(|_| ReportError::Invalid("a report thread panicked".into()))?
            .into_iter()
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| ReportError::Invalid("a game was not played".into()))?;
        runs.push(Run {
            variant,
            label,
            options: read,
            played,
            share,
        });
    }
    let seats = if config.bots.is_empty() {
        vec!["random".to_string(); players]
    } else {
        config.bots.iter().map(|b| b.label.clone()).collect()
    };
    Ok(Report {
        info,
        players,
        seed: config.seed,
        seats,
        runs,
    })
}

/// A statistic's mean, standard deviation and count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moments {
    /// The mean.
    pub mean: f64,
    /// The sample standard deviation.
    pub std: f64,
    /// How many values.
    pub n: f64,
}

impl Moments {
    fn of(values: impl Iterator<Item = f64>) -> Moments {
        let (mut n, mut sum, mut sq) = (0f64, 0f64, 0f64);
        for v in values {
            n += 1.0;
            sum += v;
            sq += v * v;
        }
        let mean = if n > 0.0 { sum / n } else { 0.0 };
        let var = if n > 1.0 {
            ((sq - sum * sum / n) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        Moments {
            mean,
            std: var.sqrt(),
            n,
        }
    }

    fn json(&self) -> Value {
        json!({"mean": self.mean, "std": self.std, "n": self.n})
    }
}

/// One component's record: the seats that had it.
#[derive(Clone, Debug, PartialEq)]
pub struct ComponentRate {
    /// The component's label.
    pub label: String,
    /// Seats (over all games) that had it.
    pub seats: u64,
    /// Their share of the wins.
    pub wins: f64,
    /// Their mean final total.
    pub score_mean: f64,
}

impl ComponentRate {
    /// `wins / seats`.
    pub fn win_rate(&self) -> f64 {
        self.wins / self.seats.max(1) as f64
    }

    /// The Wilson 95% interval of the win rate.
    pub fn ci95(&self) -> (f64, f64) {
        wilson(self.wins, self.seats as f64)
    }
}

impl Run {
    /// Games played.
    pub fn games(&self) -> u64 {
        self.played.len() as u64
    }

    fn n(&self) -> f64 {
        self.games() as f64
    }

    /// Seats per game.
    pub fn players(&self) -> usize {
        self.played.first().map_or(0, |p| p.score.totals.len())
    }

    fn win_units(&self, seat: usize) -> u64 {
        self.played
            .iter()
            .map(|p| {
                let k = p.score.winners.len() as u64;
                if p.score.winners.iter().any(|w| w.index() == seat) {
                    self.share / k
                } else {
                    0
                }
            })
            .sum()
    }

    /// Seat `seat`'s share of the wins (a solo seat's success rate).
    pub fn win_rate(&self, seat: usize) -> f64 {
        self.win_units(seat) as f64 / self.share as f64 / self.n()
    }

    /// The Wilson 95% interval of [`Run::win_rate`].
    pub fn win_rate_ci95(&self, seat: usize) -> (f64, f64) {
        wilson(self.win_rate(seat) * self.n(), self.n())
    }

    fn score_sums(&self, seat: usize) -> (i64, i128) {
        self.played.iter().fold((0, 0), |(s, q), p| {
            let t = p.score.totals.get(seat).copied().unwrap_or(0);
            (s + i64::from(t), q + i128::from(t) * i128::from(t))
        })
    }

    /// Seat `seat`'s mean final total.
    pub fn score_mean(&self, seat: usize) -> f64 {
        self.score_sums(seat).0 as f64 / self.n()
    }

    /// Seat `seat`'s standard deviation of the final total.
    pub fn score_std(&self, seat: usize) -> f64 {
        let (sum, sq) = self.score_sums(seat);
        std_from_sums(self.games(), sum, sq)
    }

    /// Games won by several seats.
    pub fn shared_wins(&self) -> u64 {
        self.played
            .iter()
            .filter(|p| p.score.winners.len() > 1)
            .count() as u64
    }

    /// Games nobody won.
    pub fn no_winner(&self) -> u64 {
        self.played
            .iter()
            .filter(|p| p.score.winners.is_empty())
            .count() as u64
    }

    /// Decisions in all, chance included.
    pub fn decisions(&self) -> u64 {
        self.played.iter().map(|p| p.decisions).sum()
    }

    /// The categories in first-seen order, with each seat's points per game.
    pub fn categories(&self) -> Vec<(String, Vec<Vec<i32>>)> {
        let players = self.players();
        let mut order: Vec<(String, Vec<Vec<i32>>)> = Vec::new();
        for (g, p) in self.played.iter().enumerate() {
            for (seat, breakdown) in p.score.breakdown.iter().enumerate().take(players) {
                for (name, points) in breakdown {
                    let at = match order.iter().position(|(n, _)| n == name) {
                        Some(at) => at,
                        None => {
                            order.push((
                                name.to_string(),
                                vec![vec![0; self.played.len()]; players],
                            ));
                            order.len() - 1
                        }
                    };
                    order[at].1[seat][g] += *points;
                }
            }
        }
        order
    }

    /// Per component label, the record of the seats that had it, strongest first.
    pub fn components(&self) -> Vec<ComponentRate> {
        let mut by: BTreeMap<&str, (u64, u64, i64)> = BTreeMap::new();
        for p in &self.played {
            let k = p.score.winners.len() as u64;
            for (seat, labels) in p.components.iter().enumerate() {
                let won = p.score.winners.iter().any(|w| w.index() == seat);
                let total = p.score.totals.get(seat).copied().unwrap_or(0);
                for label in labels {
                    let e = by.entry(label.as_str()).or_default();
                    e.0 += 1;
                    e.1 += if won { self.share / k } else { 0 };
                    e.2 += i64::from(total);
                }
            }
        }
        let mut rates: Vec<ComponentRate> = by
            .into_iter()
            .map(|(label, (seats, units, score))| ComponentRate {
                label: label.to_string(),
                seats,
                wins: units as f64 / self.share as f64,
                score_mean: score as f64 / seats.max(1) as f64,
            })
            .collect();
        rates.sort_by(|a, b| {
            b.win_rate()
                .total_cmp(&a.win_rate())
                .then_with(|| a.label.cmp(&b.label))
        });
        rates
    }

    /// Game length in decisions (chance included).
    pub fn length_decisions(&self) -> Moments {
        Moments::of(self.played.iter().map(|p| p.decisions as f64))
    }

    /// Game length in rounds.
    pub fn length_rounds(&self) -> Moments {
        Moments::of(self.played.iter().map(|p| f64::from(p.rounds)))
    }

    /// Game length in turns.
    pub fn length_turns(&self) -> Moments {
        Moments::of(self.played.iter().map(|p| f64::from(p.turns)))
    }

    /// Share of games without a single winner (shared or no win); `None` solo.
    pub fn drawishness(&self) -> Option<f64> {
        (self.players() > 1)
            .then(|| (self.shared_wins() + self.no_winner()) as f64 / self.n().max(1.0))
    }

    /// Lead changes per game.
    pub fn lead_changes(&self) -> Option<Moments> {
        (self.players() > 1)
            .then(|| Moments::of(self.played.iter().map(|p| f64::from(p.lead_changes))))
    }

    /// Lead changes per seat decision (after the first).
    pub fn lead_change_rate(&self) -> Option<f64> {
        (self.players() > 1).then(|| {
            let changes: u64 = self.played.iter().map(|p| u64::from(p.lead_changes)).sum();
            let chances: u64 = self
                .played
                .iter()
                .map(|p| u64::from(p.seat_decisions.saturating_sub(1)))
                .sum();
            changes as f64 / chances.max(1) as f64
        })
    }

    /// Over games with a single winner: the mean drama (points behind while behind).
    pub fn drama(&self) -> Option<Moments> {
        (self.players() > 1).then(|| Moments::of(self.played.iter().filter_map(|p| p.drama)))
    }

    /// Over games with a single winner: the share in which the winner was ever behind.
    pub fn comebacks(&self) -> Option<f64> {
        (self.players() > 1).then(|| {
            Moments::of(
                self.played
                    .iter()
                    .filter_map(|p| p.comeback.map(|c| f64::from(u8::from(c)))),
            )
            .mean
        })
    }

    /// Over games with a single winner: the mean share of the game left when the winner took
    /// the lead for good.
    pub fn decisiveness(&self) -> Option<Moments> {
        (self.players() > 1).then(|| Moments::of(self.played.iter().filter_map(|p| p.decisiveness)))
    }

    /// Mean legal actions per seat decision over the whole game, and per tenth of the game.
    pub fn branching(&self) -> (f64, [f64; PROGRESS_BINS]) {
        let mut bins = [(0u64, 0u64); PROGRESS_BINS];
        for p in &self.played {
            for (b, x) in bins.iter_mut().zip(p.branching) {
                b.0 += x.0;
                b.1 += x.1;
            }
        }
        let total = bins.iter().map(|b| b.0).sum::<u64>() as f64
            / bins.iter().map(|b| b.1).sum::<u64>().max(1) as f64;
        (total, bins.map(|b| b.0 as f64 / b.1.max(1) as f64))
    }

    /// Every figure of the run as JSON. The keys shared with `sim --json` mean the same and
    /// agree on the same seeds.
    pub fn to_json(&self) -> Value {
        let seats = 0..self.players();
        let n = self.n();
        let categories = self.categories();
        let (branching, by_tenth) = self.branching();
        let opt = |m: Option<Moments>| m.map_or(Value::Null, |m| m.json());
        let components = self.components();
        let mut value = json!({
            "label": self.label,
            "options": self.options,
            "games": self.games(),
            "decisions": self.decisions(),
            "decisions_per_game": self.decisions() as f64 / n,
            "win_rate": seats.clone().map(|s| self.win_rate(s)).collect::<Vec<_>>(),
            "win_rate_ci95": seats.clone().map(|s| {
                let (lo, hi) = self.win_rate_ci95(s);
                [lo, hi]
            }).collect::<Vec<_>>(),
            "shared_wins": self.shared_wins(),
            "no_winner": self.no_winner(),
            "score_mean": seats.clone().map(|s| self.score_mean(s)).collect::<Vec<_>>(),
            "score_std": seats.clone().map(|s| self.score_std(s)).collect::<Vec<_>>(),
            "score_histogram": seats.map(|s| histogram(self.played.iter().map(|p| {
                p.score.totals.get(s).copied().unwrap_or(0)
            }))).collect::<Vec<_>>(),
            "categories": categories.iter().map(|(name, per_seat)| {
                let sums: Vec<(i64, i128)> = per_seat.iter().map(|v| v.iter().fold((0i64, 0i128), |(s, q), &x| {
                    (s + i64::from(x), q + i128::from(x) * i128::from(x))
                })).collect();
                json!({
                    "name": name,
                    "mean": sums.iter().map(|&(s, _)| s as f64 / n).collect::<Vec<_>>(),
                    "std": sums.iter().map(|&(s, q)| std_from_sums(self.games(), s, q)).collect::<Vec<_>>(),
                    "histogram": per_seat.iter().map(|v| histogram(v.iter().copied())).collect::<Vec<_>>(),
                })
            }).collect::<Vec<_>>(),
            "length": {
                "decisions": self.length_decisions().json(),
                "decisions_histogram": histogram(self.played.iter().map(|p| p.decisions.min(i32::MAX as u64) as i32)),
                "seat_decisions": Moments::of(self.played.iter().map(|p| f64::from(p.seat_decisions))).json(),
                "turns": self.length_turns().json(),
                "rounds": self.length_rounds().json(),
                "rounds_histogram": histogram(self.played.iter().map(|p| p.rounds.min(i32::MAX as u32) as i32)),
            },
            "measures": {
                "drawishness": self.drawishness(),
                "lead_changes": opt(self.lead_changes()),
                "lead_change_rate": self.lead_change_rate(),
                "drama": opt(self.drama()),
                "comeback_share": self.comebacks(),
                "decisiveness": opt(self.decisiveness()),
                "branching_factor": branching,
                "branching_by_tenth": by_tenth,
            },
            "components": components.iter().map(|c| json!({
                "label": c.label,
                "seats": c.seats,
                "wins": c.wins,
                "win_rate": c.win_rate(),
                "win_rate_ci95": [c.ci95().0, c.ci95().1],
                "score_mean": c.score_mean,
            })).collect::<Vec<_>>(),
        });
        if let Variant::Level(level) = self.variant {
            value["level"] = json!(level);
            value["success_rate"] = value["win_rate"][0].clone();
            value["success_rate_ci95"] = value["win_rate_ci95"][0].clone();
        }
        value
    }
}

/// Counts of integer values in at most 40 equal bins: `{"from", "width", "counts"}`.
pub fn histogram(values: impl Iterator<Item = i32> + Clone) -> Value {
    let (lo, hi) = values
        .clone()
        .fold((i32::MAX, i32::MIN), |(a, b), v| (a.min(v), b.max(v)));
    if lo > hi {
        return json!({"from": 0, "width": 1, "counts": []});
    }
    let span = (i64::from(hi) - i64::from(lo) + 1) as u64;
    let width = span.div_ceil(40).max(1);
    let mut counts = vec![0u64; span.div_ceil(width) as usize];
    for v in values {
        counts[((i64::from(v) - i64::from(lo)) as u64 / width) as usize] += 1;
    }
    json!({"from": lo, "width": width, "counts": counts})
}

/// What each balance measure means, written into the JSON and the page.
pub const DEFINITIONS: [(&str, &str); 9] = [
    ("win rate", "a seat's share of the wins; a k-way tie for first gives each winner 1/k. The 95% interval is Wilson's. With equal bots in every seat, a first seat above 1/players is a first-player advantage."),
    ("rounds", "the turns of the seat that moved first, where a turn is a run of decisions by one seat (chance in between ignored). Decisions count every decision, chance included."),
    ("drawishness", "the share of games without a single winner (a tie the rulebook's tie-breaks leave unbroken, or no winner)."),
    ("lead changes", "after each seat decision the points leader is the seat strictly ahead on the current totals (none on a tie); a lead change is a new leader replacing the last one. The rate divides by the seat decisions after the first."),
    ("drama", "in games with a single winner: how many points the eventual winner was behind the leader, averaged over the decisions at which it was behind (0 if it never was). The comeback share is the share of those games in which the winner was ever behind."),
    ("decisiveness", "in games with a single winner: the share of the game (in seat decisions) that was left when the eventual winner took the points lead for good; 1 means it led from the first decision, 0 that it won only at the end or on a tie-break."),
    ("branching factor", "the mean number of legal actions a seat chose among, over the whole game and per tenth of the game."),
    ("components", "for each component the setup chose (as the game labels them), the win rate of the seats that had or chose it, with Wilson 95% intervals, strongest first."),
    ("comparison", "the same seeds under two rule variants, compared game by game: the mean of the per-game differences (B − A) with its standard error. A difference is significant when its two-sided p-value (normal approximation) is below 0.05."),
];

impl Report {
    /// The comparison of two variants (B minus A), if the report compares.
    pub fn comparison(&self) -> Option<Value> {
        let [a, b] = self.runs.as_slice() else {
            return None;
        };
        if a.variant != Variant::Side(0) {
            return None;
        }
        // The same seeds on both sides: compare game by game.
        let paired = |f: &dyn Fn(&Played) -> f64| {
            let values = |r: &Run| r.played.iter().map(f).collect::<Vec<f64>>();
            Difference::paired(&values(a), &values(b))
        };
        let win = |p: &Played, s: usize| {
            if p.score.winners.iter().any(|w| w.index() == s) {
                1.0 / p.score.winners.len() as f64
            } else {
                0.0
            }
        };
        let total = |p: &Played, s: usize| f64::from(p.score.totals.get(s).copied().unwrap_or(0));
        Some(json!({
            "a": a.label,
            "b": b.label,
            "win_rate": (0..self.players).map(|s| paired(&|p| win(p, s))).collect::<Vec<_>>(),
            "score_mean": (0..self.players).map(|s| paired(&|p| total(p, s))).collect::<Vec<_>>(),
            "decisions_per_game": paired(&|p| p.decisions as f64),
        }))
    }

    /// Every figure as one JSON object.
    pub fn to_json(&self) -> Value {
        let mut value = json!({
            "game": self.info.name,
            "title": self.info.title,
            "players": self.players,
            "seed": self.seed,
            "seats": self.seats,
            "runs": self.runs.iter().map(Run::to_json).collect::<Vec<_>>(),
            "definitions": DEFINITIONS.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
        });
        if let Some(c) = self.comparison() {
            value["compare"] = c;
        }
        value
    }
}
