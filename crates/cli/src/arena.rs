//! `sylvan arena`: bots against bots on common seeds with the seats rotated, or a solo bot
//! against every level of a solo mode, with 95% intervals.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::{json, Value};
use sylvan_bots::arena::wilson;
use sylvan_bots::{ArenaConfig, ArenaReport};
use sylvan_catalog::Catalog;

use crate::{CliError, Env};

/// What `arena` was asked for.
pub(crate) struct ArenaArgs {
    pub game: String,
    pub bots: Vec<String>,
    pub games: u64,
    pub seed: u64,
    pub players: Option<usize>,
    pub solo_level: Option<u8>,
    pub threads: usize,
    pub options: Value,
    pub components: Option<String>,
    pub json: bool,
}

/// One run of the arena: the whole match, or one solo level.
struct Run {
    level: Option<u8>,
    report: ArenaReport,
}

pub(crate) fn arena(
    catalog: &Catalog,
    args: &ArenaArgs,
    env: &Env<'_>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    let kind = catalog.get(&args.game)?;
    let info = kind.info();
    if args.bots.is_empty() {
        return Err(CliError::new("--bots needs at least one bot"));
    }
    let bots = crate::parse_bots(&args.bots)?;
    if args.games == 0 || args.games > sylvan_bots::arena::MAX_ARENA_GAMES {
        return Err(CliError::new(format!(
            "--games must be 1 to {}, not {}",
            sylvan_bots::arena::MAX_ARENA_GAMES,
            args.games
        )));
    }
    let players = args
        .players
        .unwrap_or_else(|| bots.len().clamp(info.min_players, info.max_players));
    let mut levels: Vec<Option<u8>> = vec![None];
    if players == 1 {
        if let Some(solo) = info.solo_levels {
            levels = match args.solo_level {
                Some(l) if (solo.first..=solo.last).contains(&l) => vec![Some(l)],
                Some(l) => {
                    return Err(CliError::new(format!(
                        "--solo-level {l}: {} has {} levels {} to {}",
                        info.title, solo.label, solo.first, solo.last
                    )))
                }
                None => (solo.first..=solo.last).map(Some).collect(),
            };
        }
    }
    if args.solo_level.is_some() && levels == [None] {
        return Err(CliError::new(format!(
            "--solo-level is for a solo game with levels; {} with {players} players has none",
            info.title
        )));
    }
    let config = ArenaConfig {
        bots,
        games: args.games,
        seed: args.seed,
        threads: args.threads.clamp(1, 256),
    };
    let per_run = args.games.div_ceil(config.bots.len() as u64) * config.bots.len() as u64;
    let total = per_run * levels.len() as u64;
    let bar = crate::games_bar(env, total);
    let finished = AtomicU64::new(0);
    let mut runs = Vec::new();
    for level in &levels {
        let mut options = args.options.clone();
        if let (Some(level), Some(solo)) = (level, info.solo_levels) {
            if !options.is_object() {
                options = json!({});
            }
            options[solo.option] = json!(level);
        }
        let progress = |_: u64| {
            let done = finished.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(bar) = &bar {
                bar.set_position(done);
            }
        };
        let report = kind.arena(
            players,
            &options,
            args.components.as_deref(),
            &config,
            &progress,
        )?;
        if bar.is_none() && levels.len() > 1 {
            writeln!(
                err,
                "arena: {} {} done ({})",
                label_of(info.solo_levels),
                level.unwrap_or(0),
                crate::counted(report.games, "game")
            )?;
        }
        runs.push(Run {
            level: *level,
            report,
        });
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let label = info.solo_levels.map_or("Level", |s| s.label);
    if args.json {
        writeln!(out, "{}", to_json(&runs, label))?;
    } else {
        write_text(out, info.title, &runs, label)?;
    }
    Ok(())
}

fn to_json(runs: &[Run], label: &str) -> Value {
    let first = &runs[0].report;
    let n = first.bots.len();
    // Over all runs (all levels when solo): the headline figures.
    let games: Vec<u64> = (0..n)
        .map(|b| runs.iter().map(|r| r.report.bots[b].games).sum())
        .collect();
    let wins: Vec<f64> = (0..n)
        .map(|b| runs.iter().map(|r| r.report.bots[b].wins).sum())
        .collect();
    let score_mean: Vec<f64> = (0..n)
        .map(|b| {
            let sum: f64 = runs
                .iter()
                .map(|r| r.report.bots[b].score_mean * r.report.bots[b].games as f64)
                .sum();
            sum / games[b].max(1) as f64
        })
        .collect();
    let mut value = json!({
        "game": first.game,
        "players": first.players,
        "seed": first.seed,
        "bots": first.bots.iter().map(|b| b.bot.clone()).collect::<Vec<_>>(),
        "games": runs.iter().map(|r| r.report.games).sum::<u64>(),
        "win_rate": (0..n).map(|b| wins[b] / games[b].max(1) as f64).collect::<Vec<_>>(),
        "win_rate_ci95": (0..n)
            .map(|b| { let (lo, hi) = wilson(wins[b], games[b] as f64); vec![lo, hi] })
            .collect::<Vec<_>>(),
        "score_mean": score_mean,
        "seconds": runs.iter().map(|r| r.report.seconds).sum::<f64>(),
    });
    if runs.len() == 1 && runs[0].level.is_none() {
        value["elo_vs_first"] = json!(first
            .bots
            .iter()
            .map(|b| b.elo_vs_first)
            .collect::<Vec<_>>());
        value["elo_vs_first_ci95"] = json!(first
            .bots
            .iter()
            .map(|b| b.elo_vs_first_ci95)
            .collect::<Vec<_>>());
        value["decisions_per_game"] = json!(first.decisions_per_game);
        value["results"] = json!(first.bots);
    } else {
        value["levels"] = runs
            .iter()
            .map(|r| {
                json!({
                    "level": r.level,
                    "label": label,
                    "games": r.report.games,
                    "success_rate": r.report.bots.iter().map(|b| b.win_rate).collect::<Vec<_>>(),
                    "success_rate_ci95": r.report.bots.iter()
                        .map(|b| vec![b.win_rate_ci95.0, b.win_rate_ci95.1]).collect::<Vec<_>>(),
                    "score_mean": r.report.bots.iter().map(|b| b.score_mean).collect::<Vec<_>>(),
                    "results": r.report.bots,
                })
            })
            .collect();
    }
    value
}

/// A bot's Elo against the first bot with its interval ("+191 [+113, +269]"); an unbounded
/// side (a sweep, or too few games) is shown as ∞, so a small arena never reads as a rating.
fn elo_text(b: &sylvan_bots::BotResult) -> String {
    match (b.elo_vs_first, b.elo_vs_first_ci95) {
        (Some(e), Some((lo, hi))) => format!(
            "{e:+.0} [{}, {}]",
            lo.map_or("-∞".to_string(), |x| format!("{x:+.0}")),
            hi.map_or("+∞".to_string(), |x| format!("{x:+.0}"))
        ),
        (Some(e), None) => format!("{e:+.0}"),
        _ => "—".to_string(),
    }
}

fn write_text(out: &mut dyn Write, title: &str, runs: &[Run], label: &str) -> std::io::Result<()> {
    let first = &runs[0].report;
    let seconds: f64 = runs.iter().map(|r| r.report.seconds).sum();
    let games: u64 = runs.iter().map(|r| r.report.games).sum();
    writeln!(
        out,
        "{title}: {}, {}, seed {}, {seconds:.1} s",
        crate::counted(games, "game"),
        crate::counted(first.players as u64, "player"),
        first.seed
    )?;
    let width = first
        .bots
        .iter()
        .map(|b| b.bot.len())
        .max()
        .unwrap_or(3)
        .max(3);
    if runs.len() == 1 && runs[0].level.is_none() {
        writeln!(
            out,
            "{:width$}  {:>6}  {:>8}  {:>17}  {:>10}  {:>20}  {:>12}",
            "bot",
            "games",
            "win rate",
            "95% interval",
            "mean score",
            "Elo [95% interval]",
            "iterations/s"
        )?;
        for b in &first.bots {
            writeln!(
                out,
                "{:width$}  {:>6}  {:>7.1}%  {:>7.1}% – {:>5.1}%  {:>10.1}  {:>20}  {:>12}",
                b.bot,
                b.games,
                100.0 * b.win_rate,
                100.0 * b.win_rate_ci95.0,
                100.0 * b.win_rate_ci95.1,
                b.score_mean,
                elo_text(b),
                // A bot that does not search has no iteration rate to show.
                if b.iterations_per_sec > 0.0 {
                    format!("{:.0}", b.iterations_per_sec)
                } else {
                    "—".to_string()
                }
            )?;
        }
        writeln!(
            out,
            "Seats rotated on common seeds; Elo is against {}; {:.1} decisions per game.",
            first.bots[0].bot, first.decisions_per_game
        )?;
    } else {
        writeln!(
            out,
            "{:>12}  {:width$}  {:>6}  {:>12}  {:>17}  {:>10}",
            label, "bot", "games", "success rate", "95% interval", "mean score"
        )?;
        for run in runs {
            for b in &run.report.bots {
                writeln!(
                    out,
                    "{:>12}  {:width$}  {:>6}  {:>11.1}%  {:>7.1}% – {:>5.1}%  {:>10.1}",
                    run.level.map_or("-".to_string(), |l| l.to_string()),
                    b.bot,
                    b.games,
                    100.0 * b.win_rate,
                    100.0 * b.win_rate_ci95.0,
                    100.0 * b.win_rate_ci95.1,
                    b.score_mean
                )?;
            }
        }
    }
    Ok(())
}

/// What the game calls its solo levels ("Mission", "Catty guide").
fn label_of(solo: Option<sylvan_engine::SoloLevels>) -> &'static str {
    solo.map_or("level", |s| s.label)
}
