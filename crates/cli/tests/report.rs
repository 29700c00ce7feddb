//! `sylvan report`: its JSON agrees with `sim --json` on the same seeds for every game, it
//! compares rule variants, and it refuses bad requests with a reason.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

fn sylvan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sylvan"))
        .args(args)
        .output()
        .expect("sylvan runs")
}

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sylvan-report-cli-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn report_json(game: &str, extra: &[&str], name: &str) -> Value {
    let dir = out_dir(name);
    let dir_text = dir.display().to_string();
    let mut args = vec!["report", game, "--out", &dir_text];
    args.extend_from_slice(extra);
    let out = sylvan(&args);
    assert!(
        out.status.success(),
        "{game}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.join(format!("{game}.html")).exists());
    let text = std::fs::read_to_string(dir.join(format!("{game}.json"))).expect("the JSON file");
    serde_json::from_str(&text).expect("valid JSON")
}

fn games() -> Vec<String> {
    let out = sylvan(&["games"]);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

#[test]
fn report_figures_agree_with_sim_on_the_same_seeds() {
    let names = games();
    assert!(names.len() >= 4, "{names:?}");
    for game in &names {
        for players in ["2", "3"] {
            let common = [
                "--games",
                "150",
                "--seed",
                "11",
                "--players",
                players,
                "--threads",
                "2",
            ];
            let mut sim_args = vec!["sim", game.as_str(), "--json"];
            sim_args.extend_from_slice(&common);
            let out = sylvan(&sim_args);
            if !out.status.success() {
                // Not every game seats three.
                assert!(String::from_utf8_lossy(&out.stderr).contains("players"));
                continue;
            }
            let sim: Value = serde_json::from_slice(&out.stdout).expect("sim JSON");
            let report = report_json(game, &common, &format!("{game}-{players}"));
            let run = &report["runs"][0];
            for key in [
                "games",
                "options",
                "decisions",
                "decisions_per_game",
                "win_rate",
                "win_rate_ci95",
                "shared_wins",
                "no_winner",
                "score_mean",
                "score_std",
            ] {
                assert_eq!(run[key], sim[key], "{game}, {players} players: {key}");
            }
            let names = |v: &Value| -> Vec<(Value, Value)> {
                v["categories"]
                    .as_array()
                    .expect("categories")
                    .iter()
                    .map(|c| (c["name"].clone(), c["mean"].clone()))
                    .collect()
            };
            assert_eq!(names(run), names(&sim), "{game}: categories");
            assert!(!names(run).is_empty(), "{game}: categories");
            let measures = &run["measures"];
            assert!(measures["branching_factor"].as_f64().expect("a number") >= 1.0);
            let draws = measures["drawishness"].as_f64().expect("a share");
            assert!((0.0..=1.0).contains(&draws));
        }
    }
}

#[test]
fn solo_reports_give_every_level_and_match_sim_at_its_level() {
    for game in games() {
        let sim = sylvan(&["sim", &game, "--json", "--games", "40", "--players", "1"]);
        if !sim.status.success() {
            continue;
        }
        let sim: Value = serde_json::from_slice(&sim.stdout).expect("sim JSON");
        let report = report_json(
            &game,
            &["--games", "40", "--players", "1"],
            &format!("{game}-solo"),
        );
        let runs = report["runs"].as_array().expect("runs");
        // The default level is one of the runs, and that run is sim's games.
        let same = runs
            .iter()
            .find(|r| r["options"] == sim["options"])
            .unwrap_or_else(|| panic!("{game}: no level with sim's options"));
        assert_eq!(same["score_mean"], sim["score_mean"], "{game}");
        assert_eq!(same["success_rate"], sim["win_rate"][0], "{game}");
        if runs.len() > 1 {
            assert!(runs.iter().all(|r| r["level"].is_u64()), "{game}");
        }
    }
}

#[test]
fn jackrabbit_printed_and_errata_compared_on_the_same_seeds() {
    // Coyote's Mischief is the recommended set with the Jackrabbit board.
    let option = "jackrabbit_printed_3";
    let printed = format!("{{\"set\":\"Coyote's Mischief\",\"{option}\":true}}");
    let errata = format!("{{\"set\":\"Coyote's Mischief\",\"{option}\":false}}");
    let report = report_json(
        "spirits-of-the-wild",
        &[
            "--games",
            "200",
            "--seed",
            "4",
            "--compare",
            &printed,
            &errata,
        ],
        "compare",
    );
    let runs = report["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[0]["options"][option], true);
    assert_eq!(runs[1]["options"][option], false);
    assert_eq!(runs[0]["games"], 200);
    let compare = &report["compare"];
    for seat in 0..2 {
        let d = &compare["win_rate"][seat];
        let a = runs[0]["win_rate"][seat].as_f64().expect("a rate");
        let b = runs[1]["win_rate"][seat].as_f64().expect("a rate");
        assert!((d["difference"].as_f64().expect("a number") - (b - a)).abs() < 1e-12);
        let p = d["p"].as_f64().expect("a p-value");
        assert!((0.0..=1.0).contains(&p));
        assert_eq!(d["significant"], p < 0.05);
    }
    assert!(compare["score_mean"][0]["ci95"].is_array());
}

#[test]
fn bad_requests_are_refused_with_a_reason() {
    let dir = out_dir("bad");
    let dir = dir.display().to_string();
    let cases: [(&[&str], &str); 5] = [
        (&["report", "chess", "--games", "5"], "unknown game 'chess'"),
        (
            &["report", "woodwalkers", "--games", "0", "--out", &dir],
            "--games must be 1",
        ),
        (
            &[
                "report",
                "woodwalkers",
                "--games",
                "5",
                "--bots",
                "random",
                "--out",
                &dir,
            ],
            "one bot per seat",
        ),
        (
            &[
                "report",
                "woodwalkers",
                "--games",
                "5",
                "--compare",
                "{",
                "{}",
                "--out",
                &dir,
            ],
            "not valid JSON",
        ),
        (
            &[
                "report",
                "woodwalkers",
                "--games",
                "5",
                "--options",
                "{\"side\":\"noon\"}",
                "--out",
                &dir,
            ],
            "noon",
        ),
    ];
    for (args, expected) in cases {
        let out = sylvan(args);
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(!out.status.success(), "{args:?} was accepted");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn bots_of_equal_strength_sit_in_every_seat() {
    let report = report_json(
        "woodwalkers",
        &["--games", "20", "--bots", "greedy,greedy", "--seed", "2"],
        "bots",
    );
    assert_eq!(report["seats"], serde_json::json!(["greedy", "greedy"]));
    let rates: f64 = report["runs"][0]["win_rate"]
        .as_array()
        .expect("rates")
        .iter()
        .filter_map(Value::as_f64)
        .sum();
    let no_winner = report["runs"][0]["no_winner"].as_f64().expect("a count");
    assert!((rates + no_winner / 20.0 - 1.0).abs() < 1e-9, "{rates}");
}
