//! `sylvan render`: a position as SVG, or as PNG through resvg.

use std::io::Write;
use std::path::{Path, PathBuf};

use resvg::{tiny_skia, usvg};
use serde_json::Value;
use sylvan_catalog::{Catalog, CatalogError, DynGame, Seat, Viewer};

use crate::replay::read_record;
use crate::CliError;

/// What `render` was asked for.
pub(crate) struct RenderConfig {
    pub target: String,
    pub at: Option<usize>,
    pub seed: Option<u64>,
    pub players: Option<usize>,
    pub options: Value,
    pub components: Option<String>,
    pub out: PathBuf,
    pub seat: Option<u8>,
}

enum Format {
    Svg,
    Png,
}

pub(crate) fn render(
    catalog: &Catalog,
    config: &RenderConfig,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<(), CliError> {
    let format = match config
        .out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("svg") => Format::Svg,
        Some("png") => Format::Png,
        _ => {
            return Err(CliError::new(format!(
                "--out '{}' must end in .svg or .png",
                config.out.display()
            )))
        }
    };
    let game = position(catalog, config)?;
    let viewer = match config.seat {
        Some(s) => Viewer::Seat(Seat(s)),
        None => Viewer::Spectator,
    };
    let svg = game
        .svg(viewer)?
        .ok_or_else(|| CliError::new(format!("{} has no drawing", game.info().title)))?;
    let bytes = match format {
        Format::Svg => svg.into_bytes(),
        Format::Png => png(&svg, stderr)?,
    };
    std::fs::write(&config.out, &bytes)
        .map_err(|e| CliError::new(format!("cannot write '{}': {e}", config.out.display())))?;
    let seen_by = match viewer {
        Viewer::Seat(s) => format!("as {s} sees it"),
        _ => "as a spectator sees it".to_string(),
    };
    writeln!(
        stdout,
        "wrote {} ({}, after {}, {seen_by})",
        config.out.display(),
        game.info().title,
        crate::counted(game.status().decisions, "decision")
    )?;
    Ok(())
}

/// The game to draw: a record replayed up to `--at`, or a new game after setup chance.
fn position(catalog: &Catalog, config: &RenderConfig) -> Result<Box<dyn DynGame>, CliError> {
    let components = config.components.as_deref();
    let path = Path::new(&config.target);
    let is_game = catalog.get(&config.target).is_ok() && !path.exists();
    if is_game {
        if config.at.is_some() {
            return Err(CliError::new("--at needs a record file, not a game's name"));
        }
        let kind = catalog.get(&config.target)?;
        let players = config.players.unwrap_or(kind.info().min_players);
        return Ok(kind.new_game(
            players,
            config.seed.unwrap_or(0),
            &config.options,
            true,
            components,
        )?);
    }
    if !path.exists() {
        return Err(CliError::new(format!(
            "'{}' is neither a game ({}) nor a record file",
            config.target,
            catalog.names().join(", ")
        )));
    }
    if config.seed.is_some() || config.players.is_some() || !config.options.is_null() {
        return Err(CliError::new(
            "--seed, --players and --options go with a game's name, not a record",
        ));
    }
    let mut record = read_record(path)?;
    if let Some(at) = config.at {
        if at > record.actions.len() {
            return Err(CliError::new(format!(
                "--at {at}: the record has only {} decisions",
                record.actions.len()
            )));
        }
        record.actions.truncate(at);
    }
    // Exactly the recorded decisions: no chance is resolved beyond them.
    catalog
        .load(&record, false, components)
        .map_err(|e| match e {
            CatalogError::BadRecord(m) => {
                CliError::new(format!("'{}' does not replay: {m}", path.display()))
            }
            other => other.into(),
        })
}

/// Rasterises an SVG. Text needs fonts: the system's are loaded, and without any the shapes
/// still render (with a note on stderr).
pub(crate) fn png(svg: &str, stderr: &mut dyn Write) -> Result<Vec<u8>, CliError> {
    let mut options = usvg::Options::default();
    let fontdb = options.fontdb_mut();
    fontdb.load_system_fonts();
    if fontdb.is_empty() {
        let _ = writeln!(
            stderr,
            "note: no system fonts found; the PNG has shapes but no text"
        );
    } else {
        choose_generic_families(fontdb);
    }
    let tree = usvg::Tree::from_str(svg, &options)
        .map_err(|e| CliError::new(format!("the game's SVG does not parse: {e}")))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| {
        CliError::new(format!(
            "cannot make a {}x{} picture",
            size.width(),
            size.height()
        ))
    })?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| CliError::new(format!("cannot encode the PNG: {e}")))
}

/// Points the generic families (`sans-serif`, `serif`, `monospace`) at fonts that are installed:
/// fontdb's defaults (Arial, Times New Roman, Courier New) are often missing on Linux, and then
/// text set in a generic family would not render at all.
fn choose_generic_families(fontdb: &mut usvg::fontdb::Database) {
    let installed: Vec<String> = fontdb
        .faces()
        .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
        .collect();
    let pick = |wanted: &[&str]| {
        wanted
            .iter()
            .find(|w| installed.iter().any(|i| i.eq_ignore_ascii_case(w)))
            .map(|w| w.to_string())
            .or_else(|| installed.first().cloned())
    };
    let sans = [
        "Arial",
        "Helvetica",
        "DejaVu Sans",
        "Liberation Sans",
        "Noto Sans",
        "FreeSans",
    ];
    let serif = [
        "Times New Roman",
        "DejaVu Serif",
        "Liberation Serif",
        "Noto Serif",
        "FreeSerif",
    ];
    let mono = [
        "Courier New",
        "DejaVu Sans Mono",
        "Liberation Mono",
        "Noto Sans Mono",
        "FreeMono",
    ];
    if let Some(f) = pick(&sans) {
        fontdb.set_sans_serif_family(f);
    }
    if let Some(f) = pick(&serif) {
        fontdb.set_serif_family(f);
    }
    if let Some(f) = pick(&mono) {
        fontdb.set_monospace_family(f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_of_a_small_svg_has_the_signature() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="5" height="5" fill="green"/><text x="1" y="9">hi</text></svg>"#;
        let bytes = png(svg, &mut Vec::new()).expect("renders");
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        assert!(png("<svg", &mut Vec::new()).is_err());
    }
}
