//! `sylvan report`: the wiring of `sylvan_report` (the figures, plots and pages live there).

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::Value;
use sylvan_catalog::Catalog;
use sylvan_report::{ReportConfig, Variant};

use crate::{CliError, Env};

/// What `report` was asked for.
pub(crate) struct ReportArgs {
    pub config: ReportConfig,
    pub bots: Vec<String>,
    pub out: PathBuf,
}

pub(crate) fn report(
    catalog: &Catalog,
    mut args: ReportArgs,
    env: &Env<'_>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    args.config.bots = crate::parse_bots(&args.bots)?;
    let bar = env.stderr_is_terminal.then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{spinner} {human_pos} games played in {elapsed_precise}",
        ) {
            bar.set_style(style);
        }
        bar
    });
    let finished = AtomicU64::new(0);
    let progress = |_: u64| {
        let done = finished.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(bar) = &bar {
            if done.is_multiple_of(64) {
                bar.set_position(done);
            }
        }
    };
    let report = sylvan_report::run(catalog, &args.config, &progress)
        .map_err(|e| CliError::new(e.to_string()))?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    std::fs::create_dir_all(&args.out)
        .map_err(|e| CliError::new(format!("cannot create '{}': {e}", args.out.display())))?;
    let html = report.to_html().map_err(|e| CliError::new(e.to_string()))?;
    let name = report.info.name;
    let html_path = args.out.join(format!("{name}.html"));
    let json_path = args.out.join(format!("{name}.json"));
    let json = serde_json::to_string_pretty(&report.to_json())
        .map_err(|e| CliError::new(format!("cannot write JSON: {e}")))?;
    for (path, text) in [(&html_path, html), (&json_path, json + "\n")] {
        std::fs::write(path, text)
            .map_err(|e| CliError::new(format!("cannot write '{}': {e}", path.display())))?;
    }
    for run in &report.runs {
        let seats: Vec<String> = (0..run.players())
            .map(|s| {
                let (lo, hi) = run.win_rate_ci95(s);
                format!(
                    "P{} {:.1}% [{:.1}, {:.1}]",
                    s + 1,
                    100.0 * run.win_rate(s),
                    100.0 * lo,
                    100.0 * hi
                )
            })
            .collect();
        let what = if matches!(run.variant, Variant::Level(_)) || run.players() == 1 {
            "success"
        } else {
            "win rate"
        };
        writeln!(
            out,
            "{}: {} games, {what} {}",
            run.label,
            run.games(),
            seats.join(", ")
        )?;
    }
    writeln!(
        out,
        "wrote {} and {}",
        html_path.display(),
        json_path.display()
    )?;
    Ok(())
}

/// Reads `--compare A B` as two JSON objects.
pub(crate) fn compare_options(texts: &[String]) -> Result<Option<(Value, Value)>, CliError> {
    match texts {
        [] => Ok(None),
        [a, b] => {
            let read = |t: &str| {
                serde_json::from_str::<Value>(t)
                    .map_err(|e| CliError::new(format!("--compare '{t}' is not valid JSON: {e}")))
            };
            Ok(Some((read(a)?, read(b)?)))
        }
        _ => Err(CliError::new(
            "--compare takes two JSON objects: OPTIONS_A OPTIONS_B",
        )),
    }
}
