//! What a person reads in `sylvan play`: refusals with their rule, and the commands help, rules,
//! log, undo and quit, driven through the real binary.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `sylvan play` with `args` and `input` on stdin; returns standard output.
fn play(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sylvan"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().expect("the binary runs");
    writer.join().expect("writer thread");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "exit status: {stderr}");
    assert!(!stderr.contains("panicked"), "no panics: {stderr}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_refused_move_names_the_rule_and_undo_takes_back_the_turn() {
    let out = play(
        &[
            "spirits-of-the-wild",
            "--seed",
            "3",
            "--seats",
            "human,greedy",
        ],
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
        out.contains("Cannot undo: Player 1 has nothing to take back"),
        "{out}"
    );
    assert!(out.contains("Not saved."), "{out}");
}

#[test]
fn help_and_rules_quote_the_components_within_the_screen_width() {
    let out = play(
        &[
            "spirits-of-the-wild",
            "--seed",
            "3",
            "--seats",
            "human,greedy",
        ],
        "help\nrules\nlog\nquit\n\n",
    );
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
