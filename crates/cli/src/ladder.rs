//! `sylvan ladder`: a round robin of two-player arenas among several bots, and each bot's Elo
//! with a 95% interval (see [`sylvan_bots::ladder`]), strongest first.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::{json, Value};
use sylvan_bots::ladder::{fit_elo, Meeting, Rating};
use sylvan_bots::ArenaConfig;
use sylvan_catalog::Catalog;

use crate::{CliError, Env};

/// What `ladder` was asked for.
pub(crate) struct LadderArgs {
    pub game: String,
    pub bots: Vec<String>,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    pub options: Value,
    pub json: bool,
}

/// One bot's line of the ladder.
struct Rung {
    label: String,
    rating: Rating,
    points: f64,
    games: u64,
    iterations_per_decision: f64,
    seconds_per_decision: f64,
}

pub(crate) fn ladder(
    catalog: &Catalog,
    args: &LadderArgs,
    env: &Env<'_>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let kind = catalog.get(&args.game)?;
    let info = kind.info();
    if !(info.min_players..=info.max_players).contains(&2) {
        return Err(CliError::new(format!(
            "the ladder plays two-player games; {} is for {} to {} players",
            info.title, info.min_players, info.max_players
        )));
    }
    let bots = crate::parse_bots(&args.bots)?;
    if bots.len() < 2 {
        return Err(CliError::new(format!(
            "--bots needs at least two bots for a ladder, not {}",
            bots.len()
        )));
    }
    if args.games == 0 || args.games > sylvan_bots::arena::MAX_ARENA_GAMES {
        return Err(CliError::new(format!(
            "--games (per pair) must be 1 to {}, not {}",
            sylvan_bots::arena::MAX_ARENA_GAMES,
            args.games
        )));
    }
    let n = bots.len();
    // Each pair plays whole seat rotations, like the arena.
    let per_pair = args.games.div_ceil(2) * 2;
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect();
    let bar = crate::games_bar(env, per_pair * pairs.len() as u64);
    let finished = AtomicU64::new(0);
    let progress = |_: u64| {
        let done = finished.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(bar) = &bar {
            bar.set_position(done);
        }
    };
    let mut meetings = Vec::new();
    let mut points = vec![0f64; n];
    let mut games = vec![0u64; n];
    // Per bot, over its matches weighted by games: (games, iterations per decision, seconds
    // per decision).
    let mut thought = vec![(0f64, 0f64, 0f64); n];
    let start = std::time::Instant::now();
    for &(a, b) in &pairs {
        let config = ArenaConfig {
            bots: vec![bots[a].clone(), bots[b].clone()],
            games: per_pair,
            seed: args.seed,
            threads: args.threads.clamp(1, 256),
        };
        let report = kind.arena(2, &args.options, None, &config, &progress)?;
        let (ra, rb) = (&report.bots[0], &report.bots[1]);
        // A game nobody won, or both shared, is a draw.
        let drawn = report.games as f64 - ra.wins - rb.wins;
        let points_a = ra.wins + drawn / 2.0;
        meetings.push(Meeting {
            a,
            b,
            points_a,
            games: report.games,
        });
        points[a] += points_a;
        points[b] += report.games as f64 - points_a;
        for (bot, r) in [(a, ra), (b, rb)] {
            games[bot] += r.games;
            if r.iterations_per_decision > 0.0 && r.iterations_per_sec > 0.0 {
                let iterations = r.iterations_per_decision * r.games as f64;
                thought[bot].0 += r.games as f64;
                thought[bot].1 += iterations;
                thought[bot].2 += iterations / r.iterations_per_sec;
            }
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let ratings = fit_elo(n, &meetings).map_err(CliError::new)?;
    let mut rungs: Vec<Rung> = (0..n)
        .map(|i| Rung {
            label: bots[i].label.clone(),
            rating: ratings[i],
            points: points[i],
            games: games[i],
            iterations_per_decision: thought[i].1 / thought[i].0.max(1.0),
            seconds_per_decision: thought[i].2 / thought[i].0.max(1.0),
        })
        .collect();
    rungs.sort_by(|x, y| y.rating.elo.total_cmp(&x.rating.elo));
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        let value = json!({
            "game": info.name,
            "players": 2,
            "seed": args.seed,
            "games_per_pair": per_pair,
            "anchor": bots[0].label,
            "ladder": rungs.iter().map(|r| json!({
                "bot": r.label,
                "elo": r.rating.elo,
                "elo_ci95": r.rating.ci95,
                "score": r.points / r.games.max(1) as f64,
                "games": r.games,
                "iterations_per_decision": r.iterations_per_decision,
                "seconds_per_decision": r.seconds_per_decision,
            })).collect::<Vec<_>>(),
            "meetings": meetings.iter().map(|m| json!({
                "a": bots[m.a].label,
                "b": bots[m.b].label,
                "points_a": m.points_a,
                "games": m.games,
            })).collect::<Vec<_>>(),
            "seconds": seconds,
        });
        writeln!(out, "{value}")?;
        return Ok(());
    }
    writeln!(
        out,
        "Skill ladder: {}, 2 players, {per_pair} games per pair with the seats rotated, seed {}",
        info.title, args.seed
    )?;
    writeln!(
        out,
        "Elo relative to {} (0), with 95% intervals; score: points per game (a win 1, a draw 1/2).",
        bots[0].label
    )?;
    let width = rungs
        .iter()
        .map(|r| r.label.len())
        .max()
        .unwrap_or(3)
        .max(3);
    writeln!(
        out,
        "  {:<width$}  {:>6}  {:>6}  {:>5}  {:>5}  {:>10}  {:>10}",
        "Bot", "Elo", "95%", "score", "games", "iter/move", "s/move"
    )?;
    for r in &rungs {
        let ci = if r.rating.ci95.is_finite() {
            format!("±{:.0}", r.rating.ci95)
        } else {
            "—".to_string()
        };
        let (iterations, per_move) = if r.iterations_per_decision > 0.0 {
            (
                format!("{:.0}", r.iterations_per_decision),
                format!("{:.3}", r.seconds_per_decision),
            )
        } else {
            ("—".to_string(), "—".to_string())
        };
        writeln!(
            out,
            "  {:<width$}  {:>+6.0}  {:>6}  {:>5.2}  {:>5}  {:>10}  {:>10}",
            r.label,
            r.rating.elo,
            ci,
            r.points / r.games.max(1) as f64,
            r.games,
            iterations,
            per_move
        )?;
    }
    writeln!(
        out,
        "{} games in {seconds:.1} s",
        per_pair * pairs.len() as u64
    )?;
    Ok(())
}
