//! The component file: the shipped data is valid and complete, and a corrected file is
//! validated with clear errors (96 tiles, 16 per element unless the file says otherwise,
//! known colours, positive VP, provenance tags).

use sylvan_engine::{Game, OptionsError};
use sylvan_whispering_woods::components::{Components, STANDARD_TOML};
use sylvan_whispering_woods::{Element, Options, WhisperingWoods};

fn refused(text: &str) -> String {
    match WhisperingWoods::with_components(2, Options::default(), text) {
        Err(OptionsError::Invalid(m)) => m,
        Err(e) => panic!("unexpected error {e}"),
        Ok(_) => panic!("the file was accepted"),
    }
}

fn edited(from: &str, to: &str) -> String {
    assert!(STANDARD_TOML.contains(from), "{from}");
    STANDARD_TOML.replacen(from, to, 1)
}

#[test]
fn the_shipped_file_has_the_box_contents() {
    let c = Components::standard();
    assert_eq!(c.tiles.len(), 96);
    for e in Element::ALL {
        assert_eq!(c.tiles.iter().filter(|t| t.forest == e).count(), 16);
    }
    assert!(c
        .tiles
        .iter()
        .all(|t| (3..=5).contains(&t.task.len()) && t.vp > 0));
    assert_eq!(c.bonus, [(4, 3), (3, 5), (2, 8), (1, 12)]);
    assert_eq!(c.end_tasks, [10, 9, 8]);
    assert_eq!(c.start_vp, 10);
    assert_eq!(c.display, 6);
    assert_eq!((c.base_turns, c.board_spaces), (12, 15));
    let minimums: Vec<i32> = c.missions.iter().map(|m| m.minimum).collect();
    assert_eq!(minimums, vec![60, 70, 75, 80, 85, 95]);
    let penalties: Vec<i32> = c.missions.iter().map(|m| m.refresh_penalty).collect();
    assert_eq!(penalties, vec![1, 1, 1, 1, 2, 3]);
    // Every value group carries a provenance tag in the file.
    for group in [
        "[elements]",
        "[tiles]",
        "[starting_tile]",
        "[table]",
        "[solo]",
    ] {
        let at = STANDARD_TOML.find(group).expect(group);
        let next = STANDARD_TOML[at + 1..]
            .find("\n[")
            .map_or(STANDARD_TOML.len(), |n| at + 1 + n);
        assert!(STANDARD_TOML[at..next].contains("tag"), "{group} has a tag");
    }
}

#[test]
fn a_corrected_file_is_used() {
    let text = edited("\"Wa-Fr-Fr=5\"", "\"Wa-Fr-Le=6\"");
    let game = WhisperingWoods::with_components(2, Options::default(), &text).expect("valid");
    assert_eq!(game.components().tiles[0].task_text(), "Wa-Fr-Le");
    assert_eq!(game.vp(0), 6);
}

#[test]
fn an_unknown_colour_is_refused_by_name() {
    let m = refused(&edited("\"Wa-Fr-Fr=5\"", "\"Wa-Xx-Fr=5\""));
    assert!(m.contains("'Xx' is not a known colour"), "{m}");
}

#[test]
fn a_non_positive_vp_is_refused() {
    let m = refused(&edited("\"Wa-Fr-Fr=5\"", "\"Wa-Fr-Fr=0\""));
    assert!(m.contains("victory points must be positive"), "{m}");
    let m = refused(&edited("\"Wa-Fr-Fr=5\"", "\"Wa-Fr-Fr=five\""));
    assert!(m.contains("not a number of victory points"), "{m}");
}

#[test]
fn the_tile_count_must_be_96() {
    let m = refused(&edited("\"Wa-Fr-Fr=5\", ", ""));
    assert!(m.contains("96 Forest tiles, but 95 are listed"), "{m}");
}

#[test]
fn sixteen_per_element_unless_the_file_says_otherwise() {
    // Move a tile from Fruits to Flowers: 15 and 17.
    let text = edited("\"Wa-Fr-Fr=5\", ", "").replacen("Fl = [", "Fl = [\"Wa-Fr-Fr=5\", ", 1);
    let m = refused(&text);
    assert!(m.contains("expected 16 per element"), "{m}");
    let text = text.replacen("per_element = 16", "per_element = 0", 1);
    let game = WhisperingWoods::with_components(2, Options::default(), &text).expect("any split");
    let fruits = game
        .components()
        .tiles
        .iter()
        .filter(|t| t.forest == Element::Fruits)
        .count();
    assert_eq!(fruits, 15);
}

#[test]
fn a_bad_tag_or_syntax_is_refused() {
    let m = refused(&edited(
        "tag = \"A\"\nsource = \"components.md 1.3 placeholder",
        "tag = \"guess\"\nsource = \"components.md 1.3 placeholder",
    ));
    assert!(m.contains("provenance tag 'guess'"), "{m}");
    let m = refused("not toml at all [");
    assert!(m.starts_with("component file:"), "{m}");
}

#[test]
fn the_bonus_cards_must_add_up_to_10() {
    let m = refused(&edited("tasks = 5\ncount = 1", "tasks = 5\ncount = 2"));
    assert!(m.contains("10 Bonus cards"), "{m}");
}

#[test]
fn bad_options_are_refused() {
    assert!(matches!(
        WhisperingWoods::new(5, Options::default()),
        Err(OptionsError::PlayerCount { got: 5, .. })
    ));
    let bad_level = WhisperingWoods::new(
        1,
        Options {
            level: 7,
            ..Options::default()
        },
    );
    assert!(matches!(bad_level, Err(OptionsError::Invalid(m)) if m.contains("levels are 1 to 6")));
    let bad_bear = WhisperingWoods::new(
        2,
        Options {
            bear: Some(2),
            ..Options::default()
        },
    );
    assert!(matches!(bad_bear, Err(OptionsError::Invalid(m)) if m.contains("bear")));
}

#[test]
fn the_scoring_board_has_12_spaces_plus_3() {
    let m = refused(&edited("board_spaces = 15", "board_spaces = 14"));
    assert!(m.contains("3 more for objectives"), "{m}");
}
