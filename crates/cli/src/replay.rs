//! `sylvan replay`: a record through the checked rules, with its log and final score.

use std::io::Write;
use std::path::Path;

use sylvan_catalog::{Audience, Catalog, CatalogError, Record};
use sylvan_engine::{Seat, Viewer};

use crate::{read_text, write_score, CliError};

/// Reads a record file.
pub(crate) fn read_record(path: &Path) -> Result<Record, CliError> {
    let text = read_text(path, "record")?;
    serde_json::from_str(&text)
        .map_err(|e| CliError::new(format!("'{}' is not a Sylvan record: {e}", path.display())))
}

pub(crate) fn replay(
    catalog: &Catalog,
    path: &Path,
    components: Option<&str>,
    seat: Option<u8>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let record = read_record(path)?;
    // The record holds every chance outcome: replay exactly those, resolve nothing.
    let game = catalog
        .load(&record, false, components)
        .map_err(|e| match e {
            CatalogError::BadRecord(m) => {
                CliError::new(format!("'{}' does not replay: {m}", path.display()))
            }
            other => other.into(),
        })?;
    let info = game.info();
    writeln!(
        out,
        "{} — {} players, seed {}, recorded by {}",
        info.title,
        game.players(),
        record.seed.map_or("none".to_string(), |s| s.to_string()),
        record.engine
    )?;
    if !record.seats.is_empty() {
        writeln!(out, "Seats: {}", record.seats.join(", "))?;
    }
    writeln!(out, "Options: {}", game.options())?;
    // Each decision worded for one reader: a spectator, or the seat asked for.
    let viewer = match seat {
        Some(k) if usize::from(k) < game.players() => Viewer::Seat(Seat(k)),
        Some(k) => {
            return Err(CliError::new(format!(
                "--seat {k}: the game has seats 0 to {}",
                game.players() - 1
            )))
        }
        None => Viewer::Spectator,
    };
    writeln!(
        out,
        "The log as {} read it:",
        match viewer {
            Viewer::Seat(s) => format!("{s} (you)"),
            Viewer::Spectator => "a spectator".into(),
        }
    )?;
    let width = record.actions.len().to_string().len();
    for (i, events) in game.history(Audience::Viewer(viewer)).iter().enumerate() {
        for (j, e) in events.iter().enumerate() {
            if j == 0 {
                writeln!(out, "{:>width$}. {e}", i + 1)?;
            } else {
                writeln!(out, "{:>width$}  {e}", "")?;
            }
        }
    }
    writeln!(out, "\n{} decisions replayed.", record.actions.len())?;
    writeln!(out, "Score:")?;
    write_score(out, &game.score(), &record.seats)?;
    Ok(())
}
