//! What a newcomer reads: the summary, the help for the decision at hand, the goal cards' and
//! shapes' texts, the grid with the coordinates moves use, and Catty's scores.

use sylvan_engine::{random_until, Game, GameRng, Seat, Viewer};
use sylvan_wispwood::{square_name, Action, Options, Phase, State, Wispwood};

fn play_until(game: &Wispwood, seed: u64, stop: impl Fn(&State) -> bool) -> State {
    let mut s = game.initial_state();
    let mut rng = GameRng::seeded(seed);
    random_until(
        game,
        &mut s,
        &mut rng,
        &mut Vec::new(),
        &mut Vec::new(),
        stop,
    );
    s
}

#[test]
fn the_summary_says_what_players_do_and_how_the_game_is_won() {
    let summary = Wispwood::summary();
    assert!(summary.contains("choose a wisp"), "{summary}");
    assert!(summary.contains("4×4, then 5×5, then 6×6"), "{summary}");
    // Solo: "If you meet or exceed Catty's score, you win!"
    assert!(
        summary.contains("meet or exceed Catty's score"),
        "{summary}"
    );
}

/// Whether a decision is the one a help text is checked at.
type At = fn(&Phase) -> bool;

#[test]
fn the_help_quotes_the_rule_of_each_decision() {
    let game = Wispwood::new(2, Options::default()).expect("valid");
    let cases: [(At, &str); 3] = [
        (
            |p| *p == Phase::TurnStart,
            "choose one of the wisps available on the pond, then one of the 2 shapes beside it",
        ),
        (
            |p| matches!(p, Phase::Anchor { .. }),
            "at least 1 tile of your shape must be placed beside a tile already in your forest",
        ),
        (
            |p| matches!(p, Phase::Trees { .. }),
            "you must take at least 1",
        ),
    ];
    for (at, quote) in cases {
        let s = play_until(&game, 3, |s| at(&s.phase));
        assert!(at(&s.phase), "the phase was reached");
        let view = game.view(&s, Viewer::Seat(s.current));
        let help = game.decision_help(&view);
        assert!(help.contains(quote), "{help}");
    }
}

#[test]
fn the_rules_text_scores_each_goal_card_in_play_and_draws_each_shape() {
    let game = Wispwood::new(2, Options::default()).expect("valid");
    let s = play_until(&game, 5, |s| s.phase == Phase::TurnStart);
    let view = game.view(&s, Viewer::Seat(Seat(0)));
    let rules = game.rules_text(&view);
    assert_eq!(view.goals.len(), 5);
    for g in &view.goals {
        let line = rules
            .lines()
            .find(|l| l.contains(&format!("{} ({}): ", g.name, g.category)))
            .unwrap_or_else(|| panic!("{} missing: {rules}", g.name));
        assert!(line.contains("point") || line.contains("scores"), "{line}");
        if let Some(witch) = g.witch_rule {
            assert!(line.contains(witch), "{line}");
        }
    }
    for (k, sh) in view.shapes.iter().enumerate() {
        assert!(
            rules.contains(&format!("shape {}, {}: ", k + 1, sh.name)),
            "{rules}"
        );
    }
    // The O-tetromino looks the same every way it is turned; the L-tetromino has 8 ways.
    assert!(rules.contains("##/## (4 tiles, 1 orientation)"), "{rules}");
    assert!(rules.contains("(4 tiles, 8 orientations)"), "{rules}");
}

#[test]
fn the_grid_shows_the_coordinates_moves_use() {
    let game = Wispwood::new(2, Options::default()).expect("valid");
    let s = play_until(&game, 7, |s| matches!(s.phase, Phase::Trees { .. }));
    let view = game.view(&s, Viewer::Seat(s.current));
    let text = game.text(&view);
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    let forest = &view.forests[s.current.index()];
    let lines: Vec<&str> = text.lines().collect();
    for a in legal {
        let Action::Tree(sq) = a else { continue };
        let name = square_name(sq);
        let (col, row) = name.split_at(1);
        // The row is labelled with its number and the column header has its letter.
        assert!(
            lines
                .iter()
                .any(|l| l.trim_start().starts_with(&format!("{row} "))),
            "{name}: {text}"
        );
        let c = col.as_bytes()[0] - b'a';
        assert!(c >= forest.area_left, "{name}: {text}");
    }
}

#[test]
fn the_solo_game_shows_cattys_score_every_round() {
    let game = Wispwood::new(1, Options::default()).expect("solo");
    let s = play_until(&game, 8, |_| false);
    let view = game.view(&s, Viewer::Seat(Seat(0)));
    let text = game.text(&view);
    let catty = view.catty.as_ref().expect("Catty");
    for (r, p) in catty.scores.iter().enumerate() {
        assert!(text.contains(&format!("round {}: {p}", r + 1)), "{text}");
    }
    let mine = view.forests[0].total;
    let verdict = if mine >= catty.total {
        "You win"
    } else {
        "Catty wins"
    };
    assert!(text.contains(verdict), "{text}");
    // Each of the player's rounds is labelled by category.
    assert!(text.contains("Round 3: "), "{text}");
    assert!(text.contains("grid bonus"), "{text}");
    let svg = game.svg(&view).expect("a drawing");
    assert!(
        svg.contains(&format!("round 3: {}", catty.scores[2])),
        "{svg}"
    );
    let mark = if mine >= catty.total {
        "— you win"
    } else {
        "— Catty wins"
    };
    assert!(svg.contains(mark), "{svg}");
}

/// Issue 11: while turning a shape, the screen draws each orientation offered under the
/// number its action names ("turn the shape to orientation 3"), side by side, so the choice
/// is readable without the picture; once turned, the shape is drawn as it will be placed.
#[test]
fn the_screen_draws_each_offered_orientation_under_its_number() {
    let game = Wispwood::new(2, Options::default()).expect("valid");
    let mut checked = 0;
    for seed in 0..12 {
        let s = play_until(&game, seed, |s| matches!(s.phase, Phase::Orient { .. }));
        let Phase::Orient { shape, .. } = s.phase else {
            continue;
        };
        let view = game.view(&s, Viewer::Seat(s.current));
        let mut legal = Vec::new();
        game.legal_actions(&s, &mut legal);
        let numbers: Vec<u8> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Orient(o) => Some(*o),
                _ => None,
            })
            .collect();
        assert_eq!(view.offered, numbers);
        let text = view.text();
        let lines: Vec<&str> = text.lines().collect();
        let head = lines
            .iter()
            .position(|l| l.starts_with(&format!("Shape {} (", shape + 1)))
            .unwrap_or_else(|| panic!("no drawing heading:\n{text}"));
        // The numbers row names exactly the orientations offered, in order.
        let labels: Vec<String> = lines[head + 1]
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let expected: Vec<String> = numbers.iter().map(|o| (o + 1).to_string()).collect();
        assert_eq!(labels, expected, "{text}");
        // Under each number, its drawing: as many tiles as the shape has, in its own columns.
        let tiles = view.shapes[shape as usize].cells.len();
        let drawn: usize = lines[head + 2..]
            .iter()
            .take_while(|l| l.chars().all(|c| "#. ".contains(c)) && !l.trim().is_empty())
            .map(|l| l.matches('#').count())
            .sum();
        assert_eq!(drawn, tiles * numbers.len(), "{text}");
        for &o in &numbers {
            let col = lines[head + 1]
                .find(&format!("  {}", o + 1))
                .expect("label");
            let below = lines[head + 2].get(col + 2..col + 3).unwrap_or(" ");
            let first_row_tile = view.orientations[o as usize].iter().any(|&(r, _)| r == 0)
                && view.orientations[o as usize].contains(&(0, 0));
            if first_row_tile {
                assert_eq!(below, "#", "orientation {}:\n{text}", o + 1);
            }
        }
        checked += 1;
        // Turned: the shape is drawn once, as it will be placed.
        let a = Action::Orient(numbers[0]);
        let mut after = s.clone();
        game.apply(&mut after, a).expect("legal");
        let text = game.view(&after, Viewer::Seat(after.current)).text();
        assert!(text.contains("as turned"), "{text}");
        assert!(text.contains('#'), "{text}");
    }
    assert!(checked >= 6, "only {checked} games reached a shape to turn");
}

#[test]
fn the_pond_numbers_the_shapes_the_shape_choice_names() {
    let game = Wispwood::new(2, Options::default()).expect("valid");
    let s = play_until(&game, 7, |s| matches!(s.phase, Phase::Shape { .. }));
    let view = game.view(&s, Viewer::Seat(s.current));
    let text = game.text(&view);
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    let mut shapes = 0;
    for a in legal {
        let words = a.to_string();
        let Some(n) = words.strip_prefix("choose shape ") else {
            continue;
        };
        let k: usize = n.parse().expect("a shape's number");
        // "choose shape 3" finds "[shape 3: L-tromino]" on the pond's line.
        let name = &view.shapes[k - 1].name;
        assert!(
            text.contains(&format!("[shape {k}: {name}]")),
            "{words}: {text}"
        );
        shapes += 1;
    }
    assert!(shapes > 0, "a shape to choose: {text}");
    // The seat to move reads its own turn; another seat reads whose turn it is.
    assert!(
        text.contains("Your turn: choose one of the shapes"),
        "{text}"
    );
    let other = Seat(1 - s.current.0);
    let theirs = game.text(&game.view(&s, Viewer::Seat(other)));
    assert!(
        theirs.contains(&format!("{}: choose one of the shapes", s.current)),
        "{theirs}"
    );
}

#[test]
fn the_shape_put_down_names_the_squares_the_wisp_can_go_on() {
    let game = Wispwood::new(2, Options::default()).expect("valid");
    let mut checked = 0;
    for seed in 0..10 {
        let s = play_until(&game, seed, |s| matches!(s.phase, Phase::WispSquare { .. }));
        if !matches!(s.phase, Phase::WispSquare { .. }) {
            continue;
        }
        let text = game.view(&s, Viewer::Seat(s.current)).text();
        // Not the corner wording of placing: the shape is down, its squares are named.
        assert!(!text.contains("top-left box corner"), "{text}");
        let head = text
            .lines()
            .find(|l| l.contains("put down on"))
            .unwrap_or_else(|| panic!("no heading for the placed shape:\n{text}"));
        // The heading fits the 100 columns of a compact screen whatever squares it names.
        for line in text.lines() {
            assert!(line.chars().count() <= 100, "too wide: '{line}'");
        }
        let mut legal = Vec::new();
        game.legal_actions(&s, &mut legal);
        for a in legal {
            let Action::WispOn(sq) = a else {
                panic!("{a} offered while choosing the wisp's square");
            };
            let name = square_name(sq);
            assert!(head.contains(&name), "{name} not in '{head}'");
            // The drawing under the heading carries the square's name too.
            let drawn = text
                .lines()
                .skip_while(|l| !l.contains("The wisp goes on one of these squares"))
                .skip(1)
                .take_while(|l| l.starts_with("   "))
                .any(|l| l.split_whitespace().any(|w| w == name));
            assert!(drawn, "{name} not drawn:\n{text}");
        }
        checked += 1;
    }
    assert!(
        checked >= 5,
        "only {checked} games reached the wisp's square"
    );
}
