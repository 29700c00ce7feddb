//! `sylvan bench`: random playouts on one thread, through the game's static type; with
//! `--bot`, also a search bot's iterations per second.

use std::io::Write;

use serde_json::{json, Value};
use sylvan_bots::{BotKind, BotSpec};
use sylvan_catalog::Catalog;

use crate::{CliError, Env};

/// What `bench` was asked for.
pub(crate) struct BenchArgs {
    pub game: String,
    pub players: Option<usize>,
    pub options: Value,
    pub seconds: f64,
    pub bot: Option<String>,
    pub json: bool,
}

pub(crate) fn bench(
    catalog: &Catalog,
    args: &BenchArgs,
    env: &Env<'_>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let seconds = args.seconds;
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0) {
        return Err(CliError::new(format!(
            "--seconds must be more than 0 and at most a day, not {seconds}"
        )));
    }
    let bot = match &args.bot {
        Some(text) => {
            let spec: BotSpec = text
                .parse()
                .map_err(|e| CliError::new(format!("--bot: {e}")))?;
            if !matches!(spec.kind, BotKind::Mcts | BotKind::Ismcts) {
                return Err(CliError::new(format!(
                    "--bot: {} is not measured here; name mcts or ismcts",
                    spec.kind
                )));
            }
            Some(spec)
        }
        None => None,
    };
    let kind = catalog.get(&args.game)?;
    let info = kind.info();
    let players = args.players.unwrap_or(info.min_players);
    let report = kind.bench(players, &args.options, seconds, env.allocations)?;
    let search = match &bot {
        Some(spec) => Some(kind.bench_search(players, &args.options, spec, seconds)?),
        None => None,
    };
    let ratio = search
        .as_ref()
        .map(|s| s.iterations_per_sec() / report.playouts_per_sec().max(f64::MIN_POSITIVE));
    if args.json {
        let mut value = json!({
            "game": info.name,
            "players": players,
            "seconds": report.seconds,
            "playouts": report.playouts,
            "decisions": report.decisions,
            "playouts_per_sec": report.playouts_per_sec(),
            "decisions_per_sec": report.decisions_per_sec(),
            "state_bytes": report.state_bytes,
            "allocations": report.allocations,
            "allocs_per_decision": report.allocs_per_decision(),
        });
        if let (Some(spec), Some(s), Some(ratio)) = (&bot, &search, ratio) {
            value["bot"] = json!(spec.label);
            value["search_decisions"] = json!(s.decisions);
            value["search_iterations"] = json!(s.iterations);
            value["iterations_per_sec"] = json!(s.iterations_per_sec());
            value["iterations_per_playout_rate"] = json!(ratio);
        }
        writeln!(out, "{value}")?;
    } else {
        writeln!(
            out,
            "{}: {} random playouts in {:.2} s on one thread",
            info.title, report.playouts, report.seconds
        )?;
        let line = |out: &mut dyn Write, name: &str, value: String| {
            writeln!(out, "  {name:<22}{value:>14}")
        };
        line(
            out,
            "playouts/s",
            format!("{:.1}", report.playouts_per_sec()),
        )?;
        line(
            out,
            "decisions/s",
            format!("{:.1}", report.decisions_per_sec()),
        )?;
        line(
            out,
            "decisions/playout",
            format!(
                "{:.1}",
                report.decisions as f64 / report.playouts.max(1) as f64
            ),
        )?;
        line(out, "bytes per state", report.state_bytes.to_string())?;
        line(
            out,
            "allocs/decision",
            format!("{:.4}", report.allocs_per_decision()),
        )?;
        if let (Some(spec), Some(s), Some(ratio)) = (&bot, &search, ratio) {
            writeln!(
                out,
                "{}: {} first decisions searched in {:.2} s",
                spec.label, s.decisions, s.seconds
            )?;
            line(
                out,
                "iterations/s",
                format!("{:.1}", s.iterations_per_sec()),
            )?;
            line(out, "of the playout rate", format!("{:.2}", ratio))?;
        }
    }
    Ok(())
}
