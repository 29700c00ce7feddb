//! Every game's report opens in headless Chromium: the page lays out all its plots with a real
//! size, and a screenshot shows the bars. `.ci/run` installs Chromium; without it this test
//! fails and says so (set SYLVAN_NO_BROWSER=1 to skip it knowingly).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{json, Value};
use sylvan_catalog::Catalog;
use sylvan_report::{plots::BAR, run, Report, ReportConfig};

fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| {
            let found = Command::new("sh")
                .args(["-c", &format!("command -v {name}")])
                .output()
                .ok()?;
            let path = String::from_utf8_lossy(&found.stdout).trim().to_string();
            (found.status.success() && !path.is_empty()).then(|| PathBuf::from(path))
        })
}

fn browse(browser: &Path, page: &Path, dir: &Path, extra: &[String]) -> std::process::Output {
    let profile = tempdir(dir, "profile");
    let mut args: Vec<String> = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    args.extend_from_slice(extra);
    args.push(format!("file://{}", page.display()));
    Command::new(browser)
        .args(&args)
        .output()
        .expect("chromium runs")
}

fn tempdir(parent: &Path, name: &str) -> PathBuf {
    let dir = parent.join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

fn make(game: &str, players: Option<usize>, games: u64, compare: Option<(Value, Value)>) -> Report {
    let config = ReportConfig {
        game: game.into(),
        games,
        seed: 1,
        threads: 2,
        players,
        options: Value::Null,
        components: None,
        bots: Vec::new(),
        compare,
    };
    run(&Catalog::standard(), &config, &|_| {}).expect("the report plays")
}

/// Opens the page; returns (plots on the page, plots laid out and drawn, bar pixels seen).
fn open(browser: &Path, report: &Report, dir: &Path, name: &str) -> (u64, u64, usize) {
    let page = dir.join(format!("{name}.html"));
    std::fs::write(&page, report.to_html().expect("draws")).expect("writes the page");
    let dom = browse(browser, &page, dir, &["--dump-dom".into()]);
    let dom = String::from_utf8_lossy(&dom.stdout).to_string();
    let attr = |key: &str| -> u64 {
        let at = dom
            .find(&format!("{key}=\""))
            .unwrap_or_else(|| panic!("{name}: the page's check did not run: no {key} in the DOM"));
        dom[at + key.len() + 2..]
            .split('"')
            .next()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    let (plots, drawn) = (attr("data-plots"), attr("data-plots-drawn"));
    let shot = dir.join(format!("{name}.png"));
    let out = browse(
        browser,
        &page,
        dir,
        &[
            format!("--screenshot={}", shot.display()),
            "--window-size=900,1400".into(),
            "--hide-scrollbars".into(),
        ],
    );
    assert!(shot.exists(), "{name}: no screenshot: {out:?}");
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&shot).expect("the screenshot opens"),
    ));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut pixels).expect("a frame");
    let step = info.color_type.samples();
    let bar = pixels[..info.buffer_size()]
        .chunks(step)
        .filter(|p| p[0] == BAR.0 && p[1] == BAR.1 && p[2] == BAR.2)
        .count();
    (plots, drawn, bar)
}

#[test]
fn every_games_report_opens_in_chromium_with_its_plots() {
    let Some(browser) = chromium() else {
        if std::env::var_os("SYLVAN_NO_BROWSER").is_some() {
            eprintln!("SKIPPED: Chromium is absent and SYLVAN_NO_BROWSER is set");
            return;
        }
        panic!(
            "Chromium is absent: install it (apt-get install -y chromium, as .ci/run does) or \
             set SYLVAN_NO_BROWSER=1 to skip this test knowingly"
        );
    };
    let dir = tempdir(&std::env::temp_dir(), "sylvan-report-browser");
    let catalog = Catalog::standard();
    let mut reports: Vec<(String, Report)> = Vec::new();
    for kind in catalog.games() {
        let info = kind.info();
        // The smallest table (every solo level for a solo game), and two players too.
        reports.push((info.name.to_string(), make(info.name, None, 100, None)));
        if info.min_players == 1 {
            let two = make(info.name, Some(2), 100, None);
            reports.push((format!("{}-2", info.name), two));
        }
    }
    let first = catalog.games().next().expect("a game").info().name;
    let compared = make(first, None, 100, Some((json!({}), json!({}))));
    reports.push(("compare".into(), compared));
    for (name, report) in &reports {
        let expected = expected_plots(report);
        let (plots, drawn, bar) = open(&browser, report, &dir, name);
        assert_eq!(plots, expected, "{name}: plots on the page");
        assert_eq!(drawn, plots, "{name}: plots laid out with a size and drawn");
        // Bars and the first line of each chart are drawn in this green; a page whose SVGs did not
        // render shows none of it.
        assert!(
            bar > 300,
            "{name}: only {bar} green plot pixels in the screenshot"
        );
    }
}

/// Per variant: win rates, scores, length and branching, the categories and components when
/// there are some; one more to set solo levels or compared variants side by side.
fn expected_plots(report: &Report) -> u64 {
    let per_run: u64 = report
        .runs
        .iter()
        .map(|r| 4 + u64::from(!r.categories().is_empty()) + u64::from(!r.components().is_empty()))
        .sum();
    per_run + u64::from(report.runs.len() > 1)
}
