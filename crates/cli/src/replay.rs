//! `sylvan replay`: a record through the checked rules, with its log and final score.

use std::io::Write;
use std::path::Path;

use sylvan_catalog::{Audience, Catalog, CatalogError, Record};

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
    let width = record.actions.len().to_string().len();
    for (i, events) in game.history(Audience::All).iter().enumerate() {
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
