//! The component data file: the shipped values with their tags, a corrected file used, broken
//! files refused with a clear error.

use sylvan_engine::Game;
use sylvan_woodwalkers::{
    Animal, Category, Cell, Colour, Components, ForestTile, Options, Side, Woodwalkers,
};

const SHIPPED: &str = include_str!("../data/components.toml");

fn refused(text: &str) -> String {
    Components::from_toml(text)
        .expect_err("a broken file is refused")
        .to_string()
}

#[test]
fn the_shipped_file_has_the_rulebooks_values_and_the_assumed_ones_tagged() {
    let c = Components::standard();
    // The rulebook's wolf (strength 6) and otter (strength 3).
    assert_eq!(c.value(Animal::Wolf, Category::Strength), 6);
    assert_eq!(c.value(Animal::Otter, Category::Strength), 3);
    assert_eq!(c.tags["animal.Wolf.strength"].chars().next(), Some('R'));
    assert_eq!(c.tags["animal.Puma"], "A");
    // 7 starting spaces a colour, 20 light spaces, 20 tiles a side, 20 battle mode tiles.
    assert!(c.start.iter().all(|s| s.len() == 7));
    assert_eq!(
        c.start[Colour::Red.index()][0],
        Cell::parse("C1").expect("a cell")
    );
    assert_eq!(c.forest.len(), 20);
    for side in [Side::Day, Side::Night] {
        let mix = c.mix(side);
        assert_eq!(mix.total(), 20);
        let flags: u32 = mix
            .kinds
            .iter()
            .zip(mix.counts)
            .filter(|(k, _)| matches!(k, ForestTile::Flag(_)))
            .map(|(_, n)| n as u32)
            .sum();
        assert_eq!(flags, 10);
    }
    assert_eq!(c.modes.iter().map(|&n| n as u32).sum::<u32>(), 20);
    assert_eq!((c.duel_win, c.points_tile, c.wounds_to_remove), (2, 1, 3));
    assert_eq!(
        c.characters[Colour::Red.index()][Animal::Puma.index()],
        "Carag"
    );
    assert_eq!(
        c.characters[Colour::Green.index()][Animal::Wolf.index()],
        "Tikaani"
    );
    // Every value's tag is one of the legend's.
    for (what, tag) in &c.tags {
        let head = tag.split([':', ',', ' ']).next().unwrap_or_default();
        assert!(["R", "F", "F?", "I", "A"].contains(&head), "{what}: {tag}");
    }
}

#[test]
fn a_corrected_file_is_loaded_and_used() {
    // An owner finds the bear's strength is 7 and the scoreboard has 40 spaces.
    let corrected = SHIPPED
        .replace(
            "name = \"Bear\"\nendurance = 3\nspeed = 5\nintelligence = 2\nstrength = 6",
            "name = \"Bear\"\nendurance = 3\nspeed = 5\nintelligence = 2\nstrength = 7",
        )
        .replace("scoreboard = 50", "scoreboard = 40");
    assert_ne!(corrected, SHIPPED);
    let g = Woodwalkers::with_components(3, Options::default(), &corrected).expect("valid");
    assert_eq!(g.components().value(Animal::Bear, Category::Strength), 7);
    assert_eq!(g.components().scoreboard_space(40), 1);
    let s = g.initial_state();
    assert!(g.check_invariants(&s).is_ok());
}

#[test]
fn broken_files_are_refused_saying_what_is_wrong() {
    let e = refused("not toml [");
    assert!(e.contains("not readable"), "{e}");
    // Six starting spaces for Red.
    let e = refused(&SHIPPED.replace(
        "cells = [[0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [0, 7], [0, 8]]",
        "cells = [[0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [0, 7]]",
    ));
    assert!(e.contains("Red has 6 starting spaces"), "{e}");
    // A forest mix that does not fill the light spaces.
    let e = refused(&SHIPPED.replacen("medicine = 4", "medicine = 5", 1));
    assert!(e.contains("21 forest tiles for 20 light spaces"), "{e}");
    // 21 battle mode tiles.
    let e = refused(&SHIPPED.replace("Speed = 5\nIntelligence", "Speed = 6\nIntelligence"));
    assert!(e.contains("21 battle mode tiles"), "{e}");
    // A value without a valid provenance tag.
    let e = refused(&SHIPPED.replacen("tag = \"A\"", "tag = \"maybe\"", 1));
    assert!(e.contains("provenance tag 'maybe'"), "{e}");
    // A starting space inside the board.
    let e = refused(&SHIPPED.replace("[[0, 2], [0, 3]", "[[1, 2], [0, 3]"));
    assert!(e.contains("in the interior"), "{e}");
    // An unknown animal, and animals out of order.
    let e = refused(&SHIPPED.replace("name = \"Puma\"", "name = \"Lynx\""));
    assert!(e.contains("unknown animal 'Lynx'"), "{e}");
    // A light space outside the interior.
    let e = refused(&SHIPPED.replace("forest = [[3, 4]", "forest = [[0, 0]"));
    assert!(e.contains("not in the interior"), "{e}");
    // An unknown field.
    let e = refused(&SHIPPED.replace("[scoring]\n", "[scoring]\nbonus = 1\n"));
    assert!(e.contains("bonus"), "{e}");
    // Through the game's constructor, the error reaches the caller.
    let e = Woodwalkers::with_components(2, Options::default(), "x = 1")
        .expect_err("refused")
        .to_string();
    assert!(e.starts_with("component file:"), "{e}");
}

#[test]
fn out_of_range_numbers_are_refused_not_overflowed() {
    let e = refused(&SHIPPED.replace("interior = [1, 9]", "interior = [1, 255]"));
    assert!(e.contains("interior"), "{e}");
}
