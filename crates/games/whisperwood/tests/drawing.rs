//! The SVG drawing and the text view, checked structurally: they show what the view holds.

use sylvan_engine::{Actor, Game, GameRng, Viewer};
use sylvan_whisperwood::{spot_owner, Options, Whisperwood};

fn count(doc: &roxmltree::Document, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

#[test]
fn the_drawing_shows_the_forest_restorations_druids_and_players() {
    let g = Whisperwood::new(3, Options::default()).expect("valid");
    let mut s = g.initial_state();
    let mut rng = GameRng::seeded(3);
    let (mut a, mut o) = (Vec::new(), Vec::new());
    while s.round < 3 {
        let action = match g.actor(&s) {
            Actor::Chance => {
                g.chance_outcomes(&s, &mut o);
                rng.pick_weighted(&o)
            }
            _ => {
                g.legal_actions(&s, &mut a);
                a[rng.below(a.len() as u64) as usize]
            }
        };
        g.apply(&mut s, action).expect("legal");
    }
    let view = g.view(&s, Viewer::Spectator);
    let svg = g.svg(&view).expect("Whisperwood draws");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(
        count(&doc, "location"),
        19,
        "the Druid's Defiance and 18 tiles"
    );
    let restorations = s
        .spots
        .iter()
        .flatten()
        .filter(|&&o| spot_owner(o).is_some())
        .count();
    assert!(restorations > 0, "three rounds place some restorations");
    assert_eq!(count(&doc, "restoration"), restorations);
    assert_eq!(count(&doc, "druid"), 3);
    assert_eq!(count(&doc, "player"), 3);
    assert!(svg.contains("DD"));

    let text = g.text(&view);
    for needle in [
        "Druid's Defiance",
        "Player 1",
        "Player 3",
        "paths: earth",
        "bag:",
        "score now",
    ] {
        assert!(text.contains(needle), "{needle} in\n{text}");
    }
    let mine = g.text(&g.view(&s, Viewer::Seat(sylvan_engine::Seat(1))));
    assert!(mine.contains("Player 2 (you)"));
}

/// The player panels say what they count in words: the den and the golem powers, never a
/// bare array like `den [0, 0, 0]`.
#[test]
fn the_player_panels_are_labelled_in_words() {
    let g = Whisperwood::new(2, Options::default()).expect("valid");
    let (mut s, _) = sylvan_engine::random_playout(
        &g,
        &mut GameRng::seeded(5),
        &mut Vec::new(),
        &mut Vec::new(),
    );
    s.players[0].den = [2, 0, 1];
    s.players[0].golems = [[0; 3]; 4];
    s.players[0].golems[0][0] = 1;
    s.players[0].golems[1][2] = 2;
    s.players[1].den = [0; 3];
    s.players[1].golems = [[0; 3]; 4];
    let view = g.view(&s, Viewer::Spectator);
    let text = g.text(&view);
    let svg = g.svg(&view).expect("Whisperwood draws");
    for shown in [&text, &svg] {
        assert!(shown.contains("den: 2 bears, 1 owl"), "{shown}");
        assert!(shown.contains("den: empty"), "{shown}");
        assert!(shown.contains("Peat power 1 active"), "{shown}");
        assert!(shown.contains("River power 3 face down (3 VP)"), "{shown}");
        assert!(!shown.contains("[0, 0"), "no bare arrays: {shown}");
    }
    // Without a golem token placed, the text counts them and the picture says so.
    assert!(text.contains("golem tokens 9"), "{text}");
    assert!(svg.contains("no golem tokens placed"), "{svg}");
}

#[test]
fn each_seat_is_labelled_with_the_familiar_it_was_dealt_for_designer_reports() {
    for players in 2..=4 {
        let g = Whisperwood::new(players, Options::default()).expect("valid");
        let (s, _) = sylvan_engine::random_playout(
            &g,
            &mut GameRng::seeded(players as u64),
            &mut Vec::new(),
            &mut Vec::new(),
        );
        let labels: Vec<Vec<String>> = (0..players as u8)
            .map(|k| g.component_labels(&s, sylvan_engine::Seat(k)))
            .collect();
        for (k, l) in labels.iter().enumerate() {
            assert_eq!(l.len(), 1, "seat {k}: {l:?}");
            assert!(l[0].starts_with("familiar: "), "{l:?}");
        }
        // First-game familiars are dealt without replacement: no two seats share one.
        let mut names: Vec<&String> = labels.iter().map(|l| &l[0]).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), players, "{labels:?}");
    }
}

/// Every location and spot an action names is drawn with its `data-target` id, so a click on
/// the board picks it (moves, calls, rune sites and restorations).
#[test]
fn every_action_target_is_drawn() {
    let rules: Vec<Whisperwood> = (2..=4)
        .map(|n| Whisperwood::new(n, Options::default()).expect("valid"))
        .collect();
    let r = sylvan_engine::assert_targets_drawn(&rules, 4, 1);
    assert!(r.targets > 300, "{r:?}");
}

/// The lobby's summary names what the players do and how the game is won.
#[test]
fn the_summary_tells_a_newcomer_the_game() {
    let s = <Whisperwood as sylvan_engine::Game>::summary();
    assert!(
        s.contains("seven rounds") && s.contains("The most points wins"),
        "{s}"
    );
    let help = <Whisperwood as sylvan_engine::Game>::option_help();
    assert!(help.iter().any(|(k, _)| *k == "subsequent_game"));
}
