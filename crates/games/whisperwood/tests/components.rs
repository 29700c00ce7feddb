//! The component data: what the rulebook's examples force, the box's counts, and clear errors
//! for a corrected file that breaks them.

use sylvan_engine::Game;
use sylvan_whisperwood::components::{Reward, COLUMNS, DEFAULT_COMPONENTS};
use sylvan_whisperwood::{Components, Element, Options, Whisperwood};

#[test]
fn the_data_holds_what_the_examples_force() {
    let c = Components::standard();
    // Broadleaf (L634–636): water space 10 → 3 VP each, and 2 magic icons reached by then.
    assert_eq!(c.value(Element::Water, 10), 3);
    let water = &c.paths[Element::Water.index()];
    assert_eq!(
        water.magic_icons.iter().filter(|&&col| col <= 10).count(),
        2
    );
    // Tormin and Burble draw 5: 7 draw slots, 2 under barriers (L164, L339).
    assert_eq!(c.draw_slots - c.barriers, 5);
    // 10 restorations per type (Broadleaf's "all 10").
    assert_eq!(c.restorations, 10);
    // 24 standard tiles + the Druid's Defiance; 12 / 18 / 24 by player count (L138).
    assert_eq!(c.tiles.len(), 25);
    for (players, n) in [(2, 12), (3, 18), (4, 24)] {
        assert_eq!(
            c.tiles[1..].iter().filter(|t| t.label <= players).count(),
            n
        );
    }
    assert_eq!(c.runes.len(), 26);
    // 8 wildlife meeples beside each path (L154): 4 icons of 2.
    for p in &c.paths {
        assert_eq!(p.wildlife_after.len() * 2, 8);
        assert!(p.reward[1..]
            .iter()
            .all(|r| r[0] != Reward::None && r[1] != Reward::None));
        assert_eq!(p.value.len(), COLUMNS);
    }
    assert_eq!(c.den, [2, 5, 9, 14, 20]);
    assert_eq!(c.familiars.iter().filter(|f| f.basic).count(), 4);
}

fn broken(from: &str, to: &str) -> String {
    assert!(DEFAULT_COMPONENTS.contains(from), "{from}");
    let text = DEFAULT_COMPONENTS.replacen(from, to, 1);
    match Whisperwood::with_components(2, Options::default(), &text) {
        Ok(_) => panic!("{to} should be refused"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_corrected_file_loads_and_a_broken_one_is_refused_with_the_reason() {
    assert!(Whisperwood::with_components(4, Options::default(), DEFAULT_COMPONENTS).is_ok());
    let e = broken(
        "value = [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5]",
        "value = [1, 2]",
    );
    assert!(e.contains("15 restoration values"), "{e}");
    let e = broken(
        "name = \"T05\"\ntag = \"A\"\nlabel = 2",
        "name = \"T05\"\ntag = \"X\"\nlabel = 2",
    );
    assert!(e.contains("provenance tag 'X'"), "{e}");
    let e = broken("runes = 2", "runes = 1");
    assert!(e.contains("rune sites") && e.contains("rune tokens"), "{e}");
    let e = broken("reward = \"harmony\"", "reward = \"cake\"");
    assert!(e.contains("unknown reward 'cake'"), "{e}");
    let e = broken("[supply]", "[supplies]");
    assert!(e.contains("not readable"), "{e}");
    let e = broken("golem = \"air\"", "golem = \"earth\"");
    assert!(e.contains("golem"), "{e}");
}
