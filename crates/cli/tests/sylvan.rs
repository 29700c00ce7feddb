//! The real `sylvan` binary, driven through its standard streams, on Spirits of the Wild.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Output, Stdio};

use serde_json::{json, Value};

const GAME: &str = "spirits-of-the-wild";

fn sylvan() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sylvan"))
}

/// Runs `sylvan args` with `input` on stdin.
fn run(args: &[&str], input: &str) -> Output {
    let mut child = sylvan()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_string();
    // Write from another thread so a full stdout pipe cannot deadlock us.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().expect("the binary runs");
    writer.join().expect("writer thread");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "no panics: {stderr}");
    output
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn temp(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("sylvan-{}-{name}", std::process::id()))
}

/// A whole game recorded by `sylvan play` with two random seats.
fn recorded_game(name: &str, seed: u64) -> (PathBuf, Value) {
    let path = temp(name);
    let seed = seed.to_string();
    let path_text = path.to_string_lossy().into_owned();
    let out = run(
        &[
            "play",
            GAME,
            "--seats",
            "random,random",
            "--seed",
            &seed,
            "--record",
            &path_text,
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let record: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("written")).expect("json");
    (path, record)
}

struct Session {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Session {
    fn start() -> Session {
        let mut child = sylvan()
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        Session {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, line: &str) -> Value {
        self.stdin.write_all(line.as_bytes()).expect("write");
        self.stdin.write_all(b"\n").expect("write");
        self.stdin.flush().expect("flush");
        let mut response = String::new();
        self.stdout.read_line(&mut response).expect("read");
        serde_json::from_str(&response).unwrap_or_else(|e| panic!("{line} -> {response}: {e}"))
    }

    fn ok(&mut self, line: &str) -> Value {
        let r = self.send(line);
        assert_eq!(r["ok"], true, "{line} -> {r}");
        r
    }

    /// Sends a failing request; checks its kind and that the game is unchanged.
    fn fails(&mut self, line: &str, kind: &str) -> String {
        let before = self.send(r#"{"cmd":"record"}"#);
        let r = self.send(line);
        assert_eq!(r["ok"], false, "{line} -> {r}");
        assert_eq!(r["error"]["kind"], kind, "{line} -> {r}");
        let after = self.send(r#"{"cmd":"record"}"#);
        assert_eq!(before, after, "{line} changed the game");
        r["error"]["message"]
            .as_str()
            .expect("a message")
            .to_string()
    }
}

#[test]
fn protocol_session_covers_every_request_and_error() {
    let mut s = Session::start();
    // Empty lines get no response: the next response is hello's.
    s.stdin.write_all(b"\n   \n").expect("write");
    let hello = s.ok(r#"{"cmd":"hello"}"#);
    assert_eq!(hello["protocol"], 1);
    assert!(hello["engine"]
        .as_str()
        .is_some_and(|e| e.starts_with("sylvan ")));

    let list = s.ok(r#"{"cmd":"list"}"#);
    let games = list["games"].as_array().expect("games");
    assert!(games.len() >= 2, "{games:?}");
    assert_eq!(games[0]["name"], GAME);
    assert_eq!(games[0]["title"], "Spirits of the Wild: Awakening");
    assert_eq!(
        (
            games[0]["min_players"].clone(),
            games[0]["max_players"].clone()
        ),
        (json!(2), json!(2))
    );
    assert_eq!(games[0]["options"]["set"], "First Steps");

    // Before any game.
    let m = s.fails(r#"{"cmd":"legal"}"#, "no_game");
    assert!(m.contains("no game"), "{m}");
    for line in [
        r#"{"cmd":"apply","action":{"Tile":"AddTwo"}}"#,
        r#"{"cmd":"view","seat":0}"#,
        r#"{"cmd":"score"}"#,
    ] {
        s.fails(line, "no_game");
    }

    // Starting.
    let m = s.fails(
        r#"{"cmd":"new","game":"chess","players":2,"seed":1}"#,
        "unknown_game",
    );
    assert!(m.contains("chess"), "{m}");
    let m = s.fails(
        &format!(r#"{{"cmd":"new","game":"{GAME}","players":3,"seed":1}}"#),
        "bad_options",
    );
    assert!(m.contains('3'), "{m}");
    let m = s.fails(
        &format!(
            r#"{{"cmd":"new","game":"{GAME}","players":2,"seed":1,"options":{{"colour":"red"}}}}"#
        ),
        "bad_options",
    );
    assert!(m.contains("colour"), "{m}");
    let new = s.ok(&format!(
        r#"{{"cmd":"new","game":"{GAME}","players":2,"seed":7}}"#
    ));
    assert_eq!(new["status"]["to_move"], 0);
    assert_eq!(new["status"]["over"], false);
    assert!(
        new["status"]["decisions"].as_u64().is_some_and(|d| d > 0),
        "setup chance resolved"
    );

    // Playing.
    let legal = s.ok(r#"{"cmd":"legal"}"#);
    let actions = legal["actions"].as_array().expect("actions");
    assert!(!actions.is_empty());
    assert!(actions
        .iter()
        .all(|a| a["text"].is_string() && a.get("weight").is_none()));
    let first = actions[0]["action"].clone();
    s.fails(r#"{"cmd":"apply","action":{"Fly":"away"}}"#, "bad_action");
    let m = s.fails(
        r#"{"cmd":"apply","action":{"Draw":"Blue"}}"#,
        "illegal_action",
    );
    assert!(m.contains("chance"), "the rule is named: {m}");
    let applied = s.ok(&json!({"cmd": "apply", "action": first}).to_string());
    assert!(applied["events"].as_array().is_some_and(|e| !e.is_empty()));
    assert_eq!(
        applied["status"]["decisions"].as_u64(),
        new["status"]["decisions"].as_u64().map(|d| d + 1)
    );

    let seat_view = s.ok(r#"{"cmd":"view","seat":0}"#);
    assert!(seat_view["view"].is_object());
    let spectator = s.ok(r#"{"cmd":"view","seat":null}"#);
    assert!(spectator["view"].is_object());
    let score = s.ok(r#"{"cmd":"score"}"#);
    assert_eq!(score["over"], false);
    assert_eq!(score["scores"].as_array().map(Vec::len), Some(2));
    assert_eq!(score["breakdown"].as_array().map(Vec::len), Some(2));
    assert_eq!(score["ranking"].as_array().map(Vec::len), Some(2));
    assert_eq!(score["winners"], json!([]));

    // Parse errors of every sort, the game unchanged.
    for line in [
        "not json",
        "[1]",
        r#"{"no":"cmd"}"#,
        r#"{"cmd":"dance"}"#,
        r#"{"cmd":"view","seat":"me"}"#,
        r#"{"cmd":"new","game":"x","players":"two","seed":1}"#,
    ] {
        s.fails(line, "parse");
    }
    let long = format!(r#"{{"cmd":"hello","pad":"{}"}}"#, "x".repeat(1 << 20));
    let m = s.fails(&long, "parse");
    assert!(m.contains("longer"), "{m}");

    // Records: save, reject a tampered one, load the good one.
    let record = s.ok(r#"{"cmd":"record"}"#)["record"].clone();
    assert_eq!(record["game"], GAME);
    assert_eq!(record["seed"], 7);
    let mut tampered = record.clone();
    let n = tampered["actions"].as_array().map_or(0, Vec::len);
    tampered["actions"][n - 1] = json!({"Draw": "Blue"});
    let m = s.fails(
        &json!({"cmd": "load", "record": tampered}).to_string(),
        "bad_record",
    );
    assert!(m.starts_with(&format!("decision {n}:")), "{m}");
    s.fails(
        r#"{"cmd":"load","record":{"game":"spirits-of-the-wild"}}"#,
        "bad_record",
    );

    // Play on to the end, load the record mid-game into the same session, and compare.
    loop {
        let legal = s.ok(r#"{"cmd":"legal"}"#);
        if legal["status"]["over"] == true {
            assert_eq!(legal["status"]["to_move"], Value::Null);
            assert_eq!(legal["actions"], json!([]));
            break;
        }
        let action = legal["actions"][0]["action"].clone();
        s.ok(&json!({"cmd": "apply", "action": action}).to_string());
    }
    let final_score = s.ok(r#"{"cmd":"score"}"#);
    assert_eq!(final_score["over"], true);
    assert!(final_score["winners"]
        .as_array()
        .is_some_and(|w| !w.is_empty()));
    let full = s.ok(r#"{"cmd":"record"}"#)["record"].clone();
    let loaded = s.ok(&json!({"cmd": "load", "record": record}).to_string());
    assert_eq!(
        loaded["status"]["decisions"],
        applied["status"]["decisions"]
    );
    let reloaded = s.ok(&json!({"cmd": "load", "record": full}).to_string());
    assert_eq!(reloaded["status"]["over"], true);
    assert_eq!(s.ok(r#"{"cmd":"score"}"#), final_score);

    // Without auto_chance, chance is to move and the client picks outcomes.
    let manual = s.ok(&format!(
        r#"{{"cmd":"new","game":"{GAME}","players":2,"seed":1,"options":{{}},"auto_chance":false}}"#
    ));
    assert_eq!(
        manual["status"],
        json!({"to_move": "chance", "over": false, "decisions": 0})
    );
    let outcomes = s.ok(r#"{"cmd":"legal"}"#);
    assert!(outcomes["actions"].as_array().is_some_and(|a| a
        .iter()
        .all(|o| o["weight"].as_u64().is_some_and(|w| w > 0))));

    assert_eq!(s.send(r#"{"cmd":"quit"}"#), json!({"ok": true}));
    let status = s.child.wait().expect("exits");
    assert!(status.success());
}

#[test]
fn engine_exits_cleanly_at_end_of_input() {
    let out = run(&["engine"], "{\"cmd\":\"hello\"}\n\nnope\n");
    assert!(out.status.success());
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout)
        .expect("utf-8")
        .lines()
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[1].contains(r#""kind":"parse""#));
}

#[test]
fn play_with_piped_input_and_a_bad_line() {
    let record = temp("play.json");
    let input = "banana\n42\n".to_string() + &"1\n".repeat(600);
    let out = run(
        &[
            "play",
            GAME,
            "--seed",
            "5",
            "--record",
            &record.to_string_lossy(),
        ],
        &input,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Player 1 (you) to decide:"), "{text}");
    assert!(text.contains("  1. "), "numbered actions");
    assert!(text.contains("Not a legal action here: 'banana'"), "{text}");
    assert!(text.contains("'42' is not a choice"), "{text}");
    // The same prompt again after each bad line.
    let prompt = text
        .lines()
        .find(|l| l.contains("Not a legal action here"))
        .and_then(|l| l.split("Not a legal").next())
        .expect("a prompt precedes the message")
        .to_string();
    assert!(prompt.starts_with("Player 1 (you), choose 1-"), "{prompt}");
    assert!(
        text.contains("· Player 2 chose "),
        "the bot's decisions are shown as events"
    );
    assert!(text.contains("The game is over."), "{text}");
    assert!(text.contains("Total"), "final score breakdown");
    assert!(
        text.contains("Winner") || text.contains("Tied winners"),
        "{text}"
    );
    let replayed = run(&["replay", &record.to_string_lossy()], "");
    assert!(replayed.status.success(), "{}", stderr(&replayed));
}

#[test]
fn play_stops_cleanly_when_input_ends() {
    let out = run(&["play", GAME, "--seed", "5"], "1\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("End of input"));
}

fn sim_json(threads: &str) -> Value {
    let out = run(
        &[
            "sim",
            GAME,
            "--games",
            "120",
            "--seed",
            "3",
            "--threads",
            threads,
            "--json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "one JSON object: {text}");
    serde_json::from_str(&text).expect("json")
}

#[test]
fn sim_json_is_complete_and_independent_of_threads() {
    let mut one = sim_json("1");
    let mut two = sim_json("2");
    for field in [
        "games",
        "games_per_sec",
        "decisions_per_game",
        "win_rate",
        "score_mean",
    ] {
        assert!(one.get(field).is_some(), "{field} in {one}");
    }
    assert_eq!(one["games"], 120);
    let rates: Vec<f64> = one["win_rate"]
        .as_array()
        .expect("per seat")
        .iter()
        .map(|r| r.as_f64().expect("a number"))
        .collect();
    assert_eq!(rates.len(), 2);
    let unwon = one["no_winner"].as_f64().expect("a count") / 120.0;
    assert!(
        (rates.iter().sum::<f64>() + unwon - 1.0).abs() < 1e-9,
        "{rates:?}"
    );
    for (seat, ci) in one["win_rate_ci95"]
        .as_array()
        .expect("per seat")
        .iter()
        .enumerate()
    {
        let (lo, hi) = (ci[0].as_f64().expect("lo"), ci[1].as_f64().expect("hi"));
        assert!(lo <= rates[seat] && rates[seat] <= hi, "{ci}");
    }
    assert!(one["decisions_per_game"].as_f64().is_some_and(|d| d > 10.0));
    assert!(one["score_std"].as_array().is_some_and(|s| s.len() == 2));
    assert!(one["categories"].as_array().is_some_and(|c| !c.is_empty()));
    for v in [&mut one, &mut two] {
        for timing in ["seconds", "games_per_sec", "threads"] {
            v[timing] = Value::Null;
        }
    }
    assert_eq!(one, two);
}

#[test]
fn any_game_of_a_run_reruns_alone_and_replays() {
    let one = |first: &str| -> Value {
        let out = run(
            &[
                "sim", GAME, "--games", "1", "--seed", "3", "--first", first, "--json",
            ],
            "",
        );
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_str(&stdout(&out)).expect("json")
    };
    let path = temp("sim-game-7.json");
    let out = run(
        &[
            "sim",
            GAME,
            "--games",
            "1",
            "--seed",
            "3",
            "--first",
            "7",
            "--json",
            "--record",
            &path.to_string_lossy(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let game7: Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(game7["score_mean"], one("7")["score_mean"]);
    let replay = run(&["replay", &path.to_string_lossy()], "");
    assert!(replay.status.success(), "{}", stderr(&replay));
    let decisions = game7["decisions"].as_u64().expect("a count");
    assert!(stdout(&replay).contains(&format!("{decisions} decisions replayed")));
}

#[test]
fn bench_json_fields() {
    let out = run(&["bench", GAME, "--json", "--seconds", "0.2"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).expect("json");
    for field in [
        "playouts_per_sec",
        "decisions_per_sec",
        "state_bytes",
        "allocs_per_decision",
    ] {
        assert!(
            v[field].as_f64().is_some_and(|x| x >= 0.0),
            "{field} in {v}"
        );
    }
    assert!(v["playouts_per_sec"].as_f64().is_some_and(|x| x > 0.0));
    assert!(v["state_bytes"].as_u64().is_some_and(|x| x > 0));
}

#[test]
fn replay_accepts_a_good_record_and_rejects_a_tampered_one() {
    let (path, record) = recorded_game("good.json", 11);
    let out = run(&["replay", &path.to_string_lossy()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let n = record["actions"].as_array().map_or(0, Vec::len);
    assert!(text.contains(&format!("{n} decisions replayed")), "{text}");
    assert!(text.contains("Total") && text.contains("Winner"), "{text}");
    // A replay reads as a spectator's log unless a seat is asked for: nobody is "you".
    assert!(text.contains("as a spectator read it"), "{text}");
    assert!(
        !text.contains("You ") && text.contains("Player 2 "),
        "{text}"
    );
    let as_seat = stdout(&run(
        &["replay", &path.to_string_lossy(), "--seat", "1"],
        "",
    ));
    assert!(as_seat.contains("as Player 2 (you) read it"), "{as_seat}");
    assert!(
        as_seat.contains("You ") && !as_seat.contains("Player 2 chose"),
        "{as_seat}"
    );
    let bad_seat = run(&["replay", &path.to_string_lossy(), "--seat", "2"], "");
    assert!(stderr(&bad_seat).contains("--seat 2: the game has seats 0 to 1"));

    // A chance outcome slipped in where the first player chose an action tile.
    let mut tampered = record.clone();
    let first_tile = record["actions"]
        .as_array()
        .and_then(|a| a.iter().position(|x| x.get("Tile").is_some()))
        .expect("someone chose a tile");
    tampered["actions"][first_tile] = json!({"Draw": "Blue"});
    let bad = temp("tampered.json");
    std::fs::write(&bad, tampered.to_string()).expect("write");
    let out = run(&["replay", &bad.to_string_lossy()], "");
    assert!(!out.status.success());
    let err = stderr(&out);
    let expected = format!("does not replay: decision {}:", first_tile + 1);
    assert!(err.contains(&expected), "{err}");

    std::fs::write(&bad, "{\"not\": \"a record\"}").expect("write");
    let out = run(&["replay", &bad.to_string_lossy()], "");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("is not a Sylvan record"));
}

#[test]
fn render_svg_and_png() {
    let (path, _) = recorded_game("render.json", 12);
    let svg = temp("pos.svg");
    let out = run(
        &[
            "render",
            &path.to_string_lossy(),
            "--at",
            "10",
            "--out",
            &svg.to_string_lossy(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&svg).expect("written");
    resvg::usvg::Tree::from_str(&text, &resvg::usvg::Options::default()).expect("the SVG parses");

    let png = temp("pos.png");
    let out = run(
        &[
            "render",
            GAME,
            "--seed",
            "3",
            "--seat",
            "1",
            "--out",
            &png.to_string_lossy(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = std::fs::read(&png).expect("written");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn bad_requests_fail_with_a_message_not_a_panic() {
    let cases: &[(&[&str], &str)] = &[
        (&["sim", "chess", "--games", "2"], "unknown game 'chess'"),
        (&["play", "chess"], "unknown game 'chess'"),
        (&["rules", "chess"], "unknown game 'chess'"),
        (
            &[
                "bench",
                GAME,
                "--options",
                r#"{"speed":9}"#,
                "--seconds",
                "0.1",
            ],
            "unknown option 'speed'",
        ),
        (
            &["sim", GAME, "--games", "2", "--options", "{oops"],
            "--options is not valid JSON",
        ),
        (&["sim", GAME, "--games", "2", "--players", "5"], "not 5"),
        (
            &["play", GAME, "--seats", "human,wizard"],
            "unknown seat 'wizard'",
        ),
        (&["replay", "/no/such/record.json"], "cannot read record"),
        (
            &["play", GAME, "--components", "/no/such/file.toml"],
            "cannot read components file",
        ),
        (
            &["render", "/no/such/file", "--out", "x.svg"],
            "neither a game",
        ),
        (
            &["render", GAME, "--out", "x.gif"],
            "must end in .svg or .png",
        ),
    ];
    for (args, expected) in cases {
        let out = run(args, "");
        assert!(!out.status.success(), "{args:?} succeeded");
        let err = stderr(&out);
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

#[test]
fn a_corrected_component_file_is_used_and_a_broken_one_is_refused() {
    let shipped = include_str!("../../games/spirits/data/components.toml");
    // An owner moves the Ants' Coyote spaces: the drawing marks the new ones.
    let fixed = temp("components-fixed.toml");
    std::fs::write(
        &fixed,
        shipped.replace("coyote_spaces = [3, 6]", "coyote_spaces = [2, 7]"),
    )
    .expect("written");
    let svg = temp("components.svg");
    let options = r#"{"set":"Coyote's Mischief"}"#;
    let out = run(
        &[
            "render",
            GAME,
            "--seed",
            "1",
            "--options",
            options,
            "--components",
            &fixed.to_string_lossy(),
            "--out",
            &svg.to_string_lossy(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&svg).expect("written");
    let marked = text
        .matches(r##"stroke="#c0392b" stroke-width="2""##)
        .count();
    // Two Coyote spaces on each player's Ants.
    assert_eq!(marked, 4, "{marked}");

    // 57 stones: refused with the reason, nothing played.
    let broken = temp("components-broken.toml");
    std::fs::write(
        &broken,
        shipped.replace(
            r#"{ name = "Blue", count = 8"#,
            r#"{ name = "Blue", count = 9"#,
        ),
    )
    .expect("written");
    let out = run(
        &["play", GAME, "--components", &broken.to_string_lossy()],
        "",
    );
    assert!(!out.status.success());
    assert!(stderr(&out).contains("56 stones"), "{}", stderr(&out));
}

#[test]
fn arena_reports_rotated_seats_with_intervals() {
    let out = run(
        &[
            "arena",
            GAME,
            "--bots",
            "mcts:100,random",
            "--games",
            "6",
            "--seed",
            "2",
            "--json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let r: Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON object");
    assert_eq!(r["bots"], json!(["mcts:100", "random"]));
    assert_eq!(r["games"], 6);
    for key in [
        "win_rate",
        "win_rate_ci95",
        "score_mean",
        "elo_vs_first",
        "elo_vs_first_ci95",
    ] {
        assert_eq!(r[key].as_array().map(Vec::len), Some(2), "{key}: {r}");
    }
    let rates: f64 = r["win_rate"]
        .as_array()
        .expect("rates")
        .iter()
        .filter_map(Value::as_f64)
        .sum();
    assert!((rates - 1.0).abs() < 1e-9, "two bots share every win: {r}");
    let (lo, hi) = (
        r["win_rate_ci95"][0][0].as_f64(),
        r["win_rate_ci95"][0][1].as_f64(),
    );
    let rate = r["win_rate"][0].as_f64();
    assert!(lo <= rate && rate <= hi, "{r}");
    let text = run(
        &["arena", GAME, "--bots", "greedy,random", "--games", "2"],
        "",
    );
    assert!(stdout(&text).contains("95% interval"), "{}", stdout(&text));
    // Two games bound no Elo: the second bot's is shown with its interval, never bare.
    let random_row = stdout(&text)
        .lines()
        .find(|l| l.starts_with("random "))
        .map(str::to_string)
        .expect("a row for random");
    assert!(
        random_row.contains(" [") && random_row.contains(']'),
        "{random_row}"
    );
    assert_eq!(
        r["elo_vs_first_ci95"][0],
        Value::Null,
        "none for the first bot: {r}"
    );
    let bounds = &r["elo_vs_first_ci95"][1];
    let elo = r["elo_vs_first"][1]
        .as_f64()
        .expect("an Elo for the second bot");
    assert!(bounds[0].as_f64().is_none_or(|lo| lo <= elo), "{r}");
    assert!(bounds[1].as_f64().is_none_or(|hi| hi >= elo), "{r}");
}

#[test]
fn ladder_rates_every_bot_from_a_round_robin_with_the_first_as_anchor() {
    let out = run(
        &[
            "ladder",
            GAME,
            "--bots",
            "random,greedy,mcts:30",
            "--games",
            "3",
            "--seed",
            "5",
            "--threads",
            "1",
            "--json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let r: Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON object");
    // 3 games per pair round up to 4 (both seatings of each seed); three pairs.
    assert_eq!(r["games_per_pair"], 4, "{r}");
    let meetings = r["meetings"].as_array().expect("meetings");
    assert_eq!(meetings.len(), 3, "{r}");
    let ladder = r["ladder"].as_array().expect("ladder");
    assert_eq!(ladder.len(), 3, "{r}");
    let elo: Vec<f64> = ladder.iter().filter_map(|b| b["elo"].as_f64()).collect();
    assert!(elo.windows(2).all(|w| w[0] >= w[1]), "strongest first: {r}");
    let anchor = ladder
        .iter()
        .find(|b| b["bot"] == "random")
        .expect("random");
    assert_eq!(anchor["elo"], 0.0, "{r}");
    for b in ladder {
        // Each bot met the two others, 4 games each; its points add up from the meetings.
        assert_eq!(b["games"], 8, "{r}");
        let name = b["bot"].as_str().expect("name");
        let points: f64 = meetings
            .iter()
            .map(|m| {
                let (p, g) = (m["points_a"].as_f64().expect("points"), 4.0);
                if m["a"] == name {
                    p
                } else if m["b"] == name {
                    g - p
                } else {
                    0.0
                }
            })
            .sum();
        assert!(
            (b["score"].as_f64().expect("score") - points / 8.0).abs() < 1e-9,
            "{r}"
        );
    }
    let searcher = ladder.iter().find(|b| b["bot"] == "mcts:30").expect("mcts");
    assert!(
        searcher["iterations_per_decision"].as_f64() > Some(0.0),
        "{r}"
    );
    let one = run(&["ladder", GAME, "--bots", "random", "--games", "2"], "");
    assert!(
        stderr(&one).contains("at least two bots"),
        "{}",
        stderr(&one)
    );
}

#[test]
fn arena_plays_every_solo_level() {
    let out = run(
        &[
            "arena",
            "whispering-woods",
            "--bots",
            "random",
            "--players",
            "1",
            "--games",
            "2",
            "--json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let r: Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON object");
    let levels = r["levels"].as_array().expect("levels");
    assert_eq!(levels.len(), 6, "Missions 1 to 6: {r}");
    assert_eq!(levels[5]["level"], 6);
    assert_eq!(levels[0]["label"], "Mission");
    assert_eq!(r["games"], 12);
    let one = run(
        &[
            "arena",
            "wispwood",
            "--bots",
            "random",
            "--players",
            "1",
            "--games",
            "2",
            "--solo-level",
            "4",
            "--json",
        ],
        "",
    );
    assert!(one.status.success(), "{}", stderr(&one));
    let r: Value = serde_json::from_str(stdout(&one).trim()).expect("one JSON object");
    assert_eq!(r["levels"][0]["level"], 4);
    assert_eq!(r["levels"][0]["label"], "Catty guide");
}

#[test]
fn arena_and_play_refuse_bad_bots_clearly() {
    for (args, expected) in [
        (
            vec!["arena", GAME, "--bots", "stockfish,random", "--games", "2"],
            "unknown bot 'stockfish'",
        ),
        (
            vec!["arena", GAME, "--bots", "mcts:0,random", "--games", "2"],
            "no time",
        ),
        (
            vec![
                "arena",
                GAME,
                "--bots",
                "mcts:100000000000,random",
                "--games",
                "2",
            ],
            "limit",
        ),
        (
            vec!["arena", GAME, "--bots", "mcts,random", "--games", "0"],
            "--games",
        ),
        (
            vec![
                "arena",
                GAME,
                "--bots",
                "mcts,random",
                "--games",
                "2",
                "--solo-level",
                "2",
            ],
            "solo",
        ),
        (
            vec![
                "arena",
                "wispwood",
                "--bots",
                "random",
                "--players",
                "1",
                "--games",
                "2",
                "--solo-level",
                "9",
            ],
            "Catty guide",
        ),
        (vec!["play", GAME, "--seats", "human,cheat"], "diagnostic"),
        (
            vec!["play", GAME, "--seats", "human,ismcts:fast"],
            "not a budget",
        ),
        (
            vec!["bench", GAME, "--seconds", "0.1", "--bot", "greedy"],
            "not measured here",
        ),
        (
            vec![
                "arena",
                GAME,
                "--bots",
                "mcts,random",
                "--players",
                "3",
                "--games",
                "2",
            ],
            "exactly 2 players",
        ),
        (
            vec![
                "arena",
                "woodwalkers",
                "--bots",
                "mcts,random",
                "--players",
                "4",
                "--games",
                "2",
            ],
            "one bot per seat",
        ),
    ] {
        let out = run(&args, "");
        assert!(!out.status.success(), "{args:?} must fail");
        assert!(
            stderr(&out).contains(expected),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn bench_measures_search_against_playouts() {
    let out = run(
        &[
            "bench",
            GAME,
            "--seconds",
            "0.2",
            "--bot",
            "ismcts:200",
            "--json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let r: Value = serde_json::from_str(stdout(&out).trim()).expect("one JSON object");
    assert!(r["iterations_per_sec"].as_f64() > Some(0.0), "{r}");
    assert!(r["iterations_per_playout_rate"].as_f64() > Some(0.0), "{r}");
    assert_eq!(r["bot"], "ismcts:200");
}

#[test]
fn the_engine_suggests_a_bot_move() {
    let input = format!(
        "{}\n{}\n",
        json!({"cmd": "new", "game": GAME, "players": 2, "seed": 3}),
        json!({"cmd": "bot", "name": "ismcts", "iterations": 100})
    );
    let out = run(&["engine"], &input);
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines[1]["ok"], true, "{:?}", lines[1]);
    assert!(lines[1]["text"].is_string() && !lines[1]["action"].is_null());
}

/// `sylvan play` with `args` and `input` on stdin, which must succeed; its standard output.
fn play(args: &[&str], input: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let out = run(&all, input);
    assert!(out.status.success(), "exit status: {}", stderr(&out));
    stdout(&out)
}

/// Spirits, seed 3, a person against greedy: Player 1 starts with Take Two Stones face down.
const SPIRITS_SEAT_ONE: [&str; 5] = [
    "spirits-of-the-wild",
    "--seed",
    "3",
    "--seats",
    "human,greedy",
];

#[test]
fn a_refused_move_names_the_rule_and_undo_takes_back_the_turn() {
    let out = play(
        &SPIRITS_SEAT_ONE,
        "take two stones\n1\nundo\nundo\nquit\n\n",
    );
    assert!(
        out.contains("'take two stones' is not allowed: Take Two Stones is face down"),
        "{out}"
    );
    assert!(
        out.contains("Taken back: the position is as before your last decision."),
        "{out}"
    );
    // The second undo reaches back before the turn: nothing of this seat is left to take back.
    assert!(
        out.contains("Cannot undo: you have nothing to take back"),
        "{out}"
    );
    assert!(out.contains("Not saved."), "{out}");
}

#[test]
fn help_and_rules_quote_the_components_within_the_screen_width() {
    let out = play(&SPIRITS_SEAT_ONE, "help\nrules\nlog\nquit\n\n");
    // Wrapped lines are joined again to look for a phrase.
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("This decision: Choose one of your face-up action tiles"),
        "{out}"
    );
    // Seed 3 deals Deer and Bison face up; the First Steps boards include Owl and Turtle.
    assert!(
        flat.contains("Deer (left pile): Remove any one stone from one of your"),
        "{out}"
    );
    assert!(
        flat.contains("Owl: Score 3 points for each completed pair."),
        "{out}"
    );
    assert!(
        flat.contains("1, 2, 3… stones score 1, 3, 6, 10, 14"),
        "Turtle's track: {out}"
    );
    assert!(
        flat.contains("Take Two Stones: Take 2 stones from the bowl"),
        "{out}"
    );
    let start = out
        .find("Enter a move by its number")
        .expect("help printed");
    let end = out.find("You left").expect("quit");
    // Piped input is not echoed, so an answer starts on the prompt's line: measure it alone.
    let prompt = "Player 1 (you), choose 1-3 or type an action (help, rules, log, undo, quit): ";
    for line in out[start..end].lines() {
        let line = line.strip_prefix(prompt).unwrap_or(line);
        assert!(line.chars().count() <= 100, "too wide: {line}");
    }
    assert!(
        out.contains("  · Bison turns up on top of a pile"),
        "the log: {out}"
    );
}

#[test]
fn quit_offers_to_save_the_record_and_writes_it() {
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("sylvan-{}-quit.json", std::process::id()));
    let input = format!("1\nquit\n{}\n", path.display());
    let out = play(
        &["woodwalkers", "--seed", "5", "--seats", "human,random"],
        &input,
    );
    assert!(out.contains("Save the record of this game?"), "{out}");
    assert!(
        out.contains(&format!("Record written to {}", path.display())),
        "{out}"
    );
    let record = std::fs::read_to_string(&path).expect("the record was written");
    assert!(record.contains("\"woodwalkers\""), "{record}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn every_game_says_why_a_named_move_is_not_offered() {
    // A move of the game's own words that the position keeps out, per game.
    let cases = [
        ("woodwalkers", "move the animal on E5"),
        ("wispwood", "place a tree on a1"),
        ("whispering-woods", "place it at (2, 2)"),
    ];
    for (game, named) in cases {
        let out = play(
            &[game, "--seed", "5", "--seats", "human,random"],
            &format!("{named}\nquit\n\n"),
        );
        let said = format!("'{named}' is not allowed: ");
        assert!(out.contains(&said), "{game}: {out}");
        let why = out[out.find(&said).expect("found") + said.len()..]
            .lines()
            .next()
            .unwrap_or("");
        assert!(why.len() > 10, "{game} gives a reason: {why}");
    }
}

#[test]
fn rules_give_every_game_its_summary_solo_mode_and_options() {
    let games = stdout(&run(&["games"], ""));
    let names: Vec<&str> = games
        .lines()
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(names.len(), 5, "{games}");
    for name in names {
        let out = run(&["rules", name], "");
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        assert!(text.lines().all(|l| l.chars().count() <= 100), "{text}");
        // Every option of `sylvan games` is explained here too.
        let options: Vec<&str> = games
            .lines()
            .skip_while(|l| l.split_whitespace().next() != Some(name))
            .skip(2)
            .take_while(|l| l.starts_with("   "))
            .filter_map(|l| l.trim().split(':').next())
            .collect();
        assert!(!options.is_empty(), "{name}: no options in\n{games}");
        for key in options {
            assert!(
                text.contains(&format!("  {key} (")),
                "{name}: {key} missing\n{text}"
            );
        }
        let solo = text.contains(&format!("sylvan play {name} --seats human"));
        let one_player = games
            .lines()
            .any(|l| l.starts_with(name) && l.contains("(1-"));
        assert_eq!(solo, one_player, "{text}");
        assert!(text.lines().count() >= 5, "{text}");
        assert!(text.contains("Bot levels: easy searches "), "{text}");
    }
    // Each game's own levels: Woodwalkers sets its own, Spirits keeps the engine's.
    let levels = |name: &str| {
        let text = stdout(&run(&["rules", name], ""));
        let line = text
            .lines()
            .find(|l| l.starts_with("Bot levels"))
            .map(String::from);
        line.unwrap_or_default()
    };
    assert!(levels("woodwalkers").ends_with("medium 1,000, hard 20,000."));
    assert!(levels("spirits-of-the-wild").ends_with("medium 1,000, hard 4,000."));
}
