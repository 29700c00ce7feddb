//! `sylvan bench`: random playouts on one thread, through the game's static type.

use std::io::Write;

use serde_json::{json, Value};
use sylvan_catalog::Catalog;

use crate::{CliError, Env};

#[allow(clippy::too_many_arguments)]
pub(crate) fn bench(
    catalog: &Catalog,
    game: &str,
    players: Option<usize>,
    options: &Value,
    seconds: f64,
    as_json: bool,
    env: &Env<'_>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0) {
        return Err(CliError::new(format!(
            "--seconds must be more than 0 and at most a day, not {seconds}"
        )));
    }
    let kind = catalog.get(game)?;
    let info = kind.info();
    let players = players.unwrap_or(info.min_players);
    let report = kind.bench(players, options, seconds, env.allocations)?;
    if as_json {
        let value = json!({
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
        writeln!(out, "{value}")?;
    } else {
        writeln!(
            out,
            "{}: {} random playouts in {:.2} s on one thread",
            info.title, report.playouts, report.seconds
        )?;
        writeln!(
            out,
            "  playouts/s          {:>14.1}",
            report.playouts_per_sec()
        )?;
        writeln!(
            out,
            "  decisions/s         {:>14.1}",
            report.decisions_per_sec()
        )?;
        writeln!(
            out,
            "  decisions/playout   {:>14.1}",
            report.decisions as f64 / report.playouts.max(1) as f64
        )?;
        writeln!(out, "  bytes per state     {:>14}", report.state_bytes)?;
        writeln!(
            out,
            "  allocs/decision     {:>14.4}",
            report.allocs_per_decision()
        )?;
    }
    Ok(())
}
