//! The component file: the shipped one is valid and complete; a corrected one is used; a
//! broken one is refused with a clear error naming what is wrong.

use sylvan_engine::Game;
use sylvan_wispwood::{Category, Components, Options, Wispwood};

const SHIPPED: &str = sylvan_wispwood::components::DEFAULT_COMPONENTS;

#[test]
fn the_shipped_file_has_the_box_contents() {
    let c = Components::standard();
    assert_eq!(c.total_tiles(), 160);
    assert_eq!(c.shapes.len(), 8);
    assert_eq!(c.cards.len(), 25);
    for cat in Category::ALL {
        assert_eq!(c.cards_of(cat).count(), 5, "{cat}");
    }
    assert_eq!(c.grid, [4, 5, 6]);
    assert_eq!(c.bonus, [2, 4, 6]);
    assert_eq!(c.fireflies, [1, 2, 2, 2, 3, 3, 3, 4]);
    assert_eq!(c.guides[0], [6, 5, 4, 3]);
    // Every value line of the file carries a provenance tag.
    assert!(SHIPPED.matches("tag").count() >= 25 + 8 + 4);
}

#[test]
fn a_corrected_file_is_used() {
    let corrected = SHIPPED.replace("bonus = [2, 4, 6]", "bonus = [3, 5, 7]");
    let g = Wispwood::with_components(2, Options::default(), &corrected).expect("valid");
    assert_eq!(g.components().bonus, [3, 5, 7]);
}

fn refused(text: &str) -> String {
    Wispwood::with_components(2, Options::default(), text)
        .expect_err("a broken file")
        .to_string()
}

#[test]
fn broken_files_are_refused_naming_the_problem() {
    let e = refused(&SHIPPED.replace(
        "count = 40, tag = \"A\" },\n  { wisp = \"heart\", count = 40",
        "count = 4, tag = \"A\" },\n  { wisp = \"heart\", count = 4",
    ));
    assert!(e.contains("152 needed") || e.contains("8 to 250"), "{e}");
    let e = refused(&SHIPPED.replace("kind = \"pairs\"", "kind = \"triples\""));
    assert!(e.contains("unknown rule kind 'triples'"), "{e}");
    let e = refused(&SHIPPED.replace("kind = \"pairs\"", "kind = \"beside\""));
    assert!(e.contains("is a hearts rule, not jacks"), "{e}");
    let e = refused(&SHIPPED.replace("values = [1, 2, 2, 2, 3, 3, 3, 4]", "values = [1, 2, 3]"));
    assert!(e.contains("8 tokens"), "{e}");
    let e = refused(&SHIPPED.replace(
        "cells = [[0, 0], [0, 1], [1, 0], [1, 1]]",
        "cells = [[0, 0], [2, 2]]",
    ));
    assert!(e.contains("not all connected"), "{e}");
    let e = refused(&SHIPPED.replace("sizes_tag = \"R\"", "sizes_tag = \"maybe\""));
    assert!(e.contains("provenance tag 'maybe'"), "{e}");
    let e = refused(&SHIPPED.replace(
        "category = \"orbs\"\nkind = \"fewest_type\"",
        "category = \"jacks\"\nkind = \"fewest_type\"",
    ));
    assert!(e.contains("orbs rule, not jacks"), "{e}");
    let e = refused("not toml [");
    assert!(e.contains("not readable"), "{e}");
}

#[test]
fn goal_cards_by_name_must_be_one_per_category() {
    let named = |names: &[&str]| {
        Wispwood::new(
            2,
            Options {
                goals: names.iter().map(|s| s.to_string()).collect(),
                ..Options::default()
            },
        )
    };
    let e = named(&[
        "Lower Branch",
        "Thicket",
        "Way of Light",
        "On the Fence",
        "Sign of Light",
    ])
    .expect_err("two tree cards");
    assert!(e.to_string().contains("two trees cards"), "{e}");
    let e = named(&["Nope"]).expect_err("one name");
    assert!(e.to_string().contains("name 5 goal cards"), "{e}");
    let g = named(&[
        "lower branch",
        "Pair of Jacks",
        "Frost Column",
        "Ball of Yarn",
        "Sign of Light",
    ])
    .expect("names are case-insensitive");
    let s = g.initial_state();
    assert_eq!(
        g.components().cards[s.goals[0] as usize].name,
        "Lower Branch"
    );
    assert!(Wispwood::new(0, Options::default()).is_err());
    assert!(Wispwood::new(5, Options::default()).is_err());
}
