//! The shared conformance harness over thousands of random games for 2, 3 and 4 players, and
//! the rulings given as options.

use sylvan_engine::{assert_conforms, Game};
use sylvan_whisperwood::{Options, Whisperwood};

fn rules(players: usize) -> Vec<Whisperwood> {
    vec![Whisperwood::new(players, Options::default()).expect("valid options")]
}

#[test]
fn two_players_conform() {
    let r = assert_conforms(&rules(2), 2_000, 2, 16);
    eprintln!("{} games, {} decisions", r.games, r.decisions);
    ids_and_observations_checked(&r);
}

#[test]
fn three_players_conform() {
    assert_conforms(&rules(3), 2_000, 3, 16);
}

#[test]
fn four_players_conform() {
    assert_conforms(&rules(4), 2_000, 4, 16);
}

#[test]
fn the_ruling_options_conform_with_every_check_at_every_decision() {
    let options = Options {
        adv_transmute_no_corruption_slot: true,
        last_space_no_op: true,
        water_terrain_connects: true,
        subsequent_game: true,
    };
    let rules: Vec<Whisperwood> = (2..=4)
        .map(|n| Whisperwood::new(n, options.clone()).expect("valid"))
        .collect();
    // Random play rarely earns an enchantment card (about 1 game in 200), and the harness
    // wants determinize to change some state: seed 2 gives a game in which a card is drawn.
    let r = assert_conforms(&rules, 30, 2, 1);
    ids_and_observations_checked(&r);
}

/// The harness numbered every listed action and outcome and compared the observations with a
/// determinized copy's (issue 16).
fn ids_and_observations_checked(r: &sylvan_engine::ConformanceReport) {
    for check in [
        "ids below the bound and round-trip",
        "tensor shaped and unchanged by determinize",
        "observation text unchanged by determinize",
    ] {
        assert!(
            r.checks.get(check).is_some_and(|&n| n > 100),
            "{check}: {r:?}"
        );
    }
}
