//! Every "Maximum score" line of the rulebook, reached in a constructed position, with and
//! without the Spirit Stone that doubles it.

mod common;
use common::*;
use sylvan_engine::Game;
use sylvan_spirits::{Animal, Colour, Options, Spirits};

use Colour::{Blue, Orange, Purple, Teal, White, Yellow};

const CARDS: [&str; 6] = ["Bear", "Bison", "Eagle", "Deer", "Wolf", "Ram"];

/// Fills `seat`'s board with `stones` (in space order) and returns its points without and with
/// a Spirit Stone.
fn max_of(animals: [&str; 5], animal: Animal, stones: &[Colour]) -> (i32, i32) {
    max_with(game(animals, CARDS), animal, stones)
}

fn max_with(g: Spirits, animal: Animal, stones: &[Colour]) -> (i32, i32) {
    let mut s = g.initial_state();
    let spaces: Vec<(usize, Colour)> = stones.iter().copied().enumerate().collect();
    put(&mut s, P1, animal, &spaces);
    let plain = points(&g, &s, P1, animal);
    put_spirit(&mut s, P1, animal);
    let doubled = points(&g, &s, P1, animal);
    check_conserved(&g, &s);
    (plain, doubled)
}

const FIVE: [&str; 5] = ["Ants", "Beaver", "Bullfrog", "Condor", "Gila Monster"];

#[test]
fn ants_maximum_7_and_14_with_spirit_stone() {
    let stones = [Blue, Teal, Orange, White, Purple, Yellow, Blue];
    assert_eq!(max_of(FIVE, Animal::Ants, &stones), (7, 14));
}

#[test]
fn beaver_maximum_14_and_28() {
    // 3-of-a-kind 5 + pair 2 + both sets 7 = 14.
    let stones = [Blue, Blue, Blue, Teal, Teal];
    assert_eq!(max_of(FIVE, Animal::Beaver, &stones), (14, 28));
}

#[test]
fn beaver_incomplete_sets_score_zero() {
    assert_eq!(max_of(FIVE, Animal::Beaver, &[Blue, Blue]), (0, 0));
    // Only the 3-of-a-kind: 5.
    assert_eq!(max_of(FIVE, Animal::Beaver, &[Blue, Blue, Blue]), (5, 10));
}

#[test]
fn bullfrog_maximum_2_and_4() {
    assert_eq!(max_of(FIVE, Animal::Bullfrog, &[Teal, Teal, Teal]), (2, 4));
}

#[test]
fn condor_maximum_13_and_26() {
    // 5 stones, A spaces (1 and 4) match: +5, B spaces (2 and 5) match: +3.
    let stones = [Blue, Teal, Orange, Blue, Teal];
    assert_eq!(max_of(FIVE, Animal::Condor, &stones), (13, 26));
    // A only.
    let stones = [Blue, Teal, Orange, Blue, White];
    assert_eq!(max_of(FIVE, Animal::Condor, &stones), (10, 20));
}

#[test]
fn gila_monster_maximum_12_and_24() {
    // Equal numbers of two colours: 2 points per stone.
    let stones = [Blue, Blue, Blue, Teal, Teal, Teal];
    assert_eq!(max_of(FIVE, Animal::GilaMonster, &stones), (12, 24));
    // Unequal: 1 point per stone.
    let stones = [Blue, Blue, Blue, Blue, Teal, Teal];
    assert_eq!(max_of(FIVE, Animal::GilaMonster, &stones), (6, 12));
}

const SIX: [&str; 5] = ["Jackrabbit", "Moose", "Moth", "Otter", "Owl"];

#[test]
fn jackrabbit_errata_4_and_8_printed_3_and_6() {
    let stones = [Blue, Teal, Orange];
    assert_eq!(max_of(SIX, Animal::Jackrabbit, &stones), (4, 8));
    let names = |v: &[&str]| sylvan_spirits::Pick::Named(v.iter().map(|s| s.to_string()).collect());
    let printed = Spirits::standard(Options {
        animals: Some(names(&SIX)),
        jackrabbit_printed_3: true,
        ..Options::default()
    })
    .expect("valid");
    assert_eq!(max_with(printed, Animal::Jackrabbit, &stones), (3, 6));
}

#[test]
fn moose_maximum_16_and_32() {
    let g = game(SIX, CARDS);
    let mut s = g.initial_state();
    put(
        &mut s,
        P1,
        Animal::Moose,
        &(0..8).map(|i| (i, Blue)).collect::<Vec<_>>(),
    );
    put(
        &mut s,
        P2,
        Animal::Moose,
        &(0..7).map(|i| (i, Teal)).collect::<Vec<_>>(),
    );
    // More stones than the opponent's Moose: 2 points per stone; the opponent scores 1 each.
    assert_eq!(points(&g, &s, P1, Animal::Moose), 16);
    assert_eq!(points(&g, &s, P2, Animal::Moose), 7);
    put_spirit(&mut s, P1, Animal::Moose);
    assert_eq!(points(&g, &s, P1, Animal::Moose), 32);
    // Equal counts: neither has more.
    let mut s = g.initial_state();
    put(&mut s, P1, Animal::Moose, &[(0, Blue), (1, Blue)]);
    put(&mut s, P2, Animal::Moose, &[(0, Teal), (1, Teal)]);
    assert_eq!(points(&g, &s, P1, Animal::Moose), 2);
    assert_eq!(points(&g, &s, P2, Animal::Moose), 2);
}

#[test]
fn moth_maximum_5_and_10() {
    // 3-of-a-kind 4 + single 1.
    assert_eq!(
        max_of(SIX, Animal::Moth, &[Blue, Blue, Blue, Teal]),
        (5, 10)
    );
}

#[test]
fn otter_maximum_4_and_8() {
    assert_eq!(
        max_of(SIX, Animal::Otter, &[Blue, Teal, Blue, White]),
        (4, 8)
    );
    assert_eq!(max_of(SIX, Animal::Otter, &[Blue, Teal, Blue]), (0, 0));
}

#[test]
fn owl_maximum_9_and_18() {
    let stones = [Blue, Blue, Teal, Teal, Blue, Blue];
    assert_eq!(max_of(SIX, Animal::Owl, &stones), (9, 18));
    assert_eq!(max_of(SIX, Animal::Owl, &[Blue, Blue, Teal]), (3, 6));
}

const REST: [&str; 5] = ["Packrat", "Rabbit", "Raven", "Salmon", "Turtle"];

#[test]
fn rabbit_maximum_6_and_12() {
    assert_eq!(max_of(REST, Animal::Rabbit, &[Blue, Teal, Orange]), (6, 12));
    assert_eq!(max_of(REST, Animal::Rabbit, &[Blue, Teal]), (0, 0));
}

#[test]
fn salmon_maximum_13_and_26() {
    let stones = [Blue, Teal, Orange, White, Purple, Yellow];
    assert_eq!(max_of(REST, Animal::Salmon, &stones), (13, 26));
}

#[test]
fn turtle_maximum_14_and_28() {
    assert_eq!(max_of(REST, Animal::Turtle, &[White; 5]), (14, 28));
}

#[test]
fn packrat_nest_1_per_stone_3_per_spirit_stone_doubled_only_by_the_spirit_space() {
    let g = game(REST, CARDS);
    let mut s = g.initial_state();
    let b = s.board_of(Animal::Packrat).expect("in play");
    for c in [Blue, Teal, Orange, Colour::Spirit, Colour::Spirit] {
        assert!(s.bag.take(c));
        s.boards[0][b].nest.add(c, 1);
    }
    // 3 normal stones + 2 Spirit Stones x 3 = 9: Spirit Stones in the Nest do not double.
    assert_eq!(points(&g, &s, P1, Animal::Packrat), 9);
    // "If a Spirit Stone is in the bonus space, that animal earns double."
    put_spirit(&mut s, P1, Animal::Packrat);
    assert_eq!(points(&g, &s, P1, Animal::Packrat), 18);
    check_conserved(&g, &s);
}

#[test]
fn raven_each_stone_worth_your_spirit_stones() {
    let g = game(REST, CARDS);
    let mut s = g.initial_state();
    put(
        &mut s,
        P1,
        Animal::Raven,
        &[(0, Blue), (1, Blue), (2, Blue), (3, Blue)],
    );
    assert_eq!(points(&g, &s, P1, Animal::Raven), 0);
    put_spirit(&mut s, P1, Animal::Salmon);
    put_spirit(&mut s, P1, Animal::Turtle);
    // Two Spirit Stones: 4 stones x 2.
    assert_eq!(points(&g, &s, P1, Animal::Raven), 8);
    // The opponent's Spirit Stones do not count.
    put_spirit(&mut s, P2, Animal::Turtle);
    assert_eq!(points(&g, &s, P1, Animal::Raven), 8);
    // Raven's own Spirit Stone counts and doubles: 4 x 3 x 2.
    put_spirit(&mut s, P1, Animal::Raven);
    assert_eq!(points(&g, &s, P1, Animal::Raven), 24);
}

#[test]
fn every_fixed_maximum_matches_the_rules_bound() {
    let g = game(FIVE, CARDS);
    let expected = [
        (Animal::Ants, 14),
        (Animal::Beaver, 28),
        (Animal::Bullfrog, 4),
        (Animal::Condor, 26),
        (Animal::GilaMonster, 24),
        (Animal::Jackrabbit, 8),
        (Animal::Moose, 32),
        (Animal::Moth, 10),
        (Animal::Otter, 8),
        (Animal::Owl, 18),
        (Animal::Rabbit, 12),
        (Animal::Salmon, 26),
        (Animal::Turtle, 28),
    ];
    for (animal, max) in expected {
        assert_eq!(g.max_points(animal), Some(max), "{animal}");
    }
    assert_eq!(g.max_points(Animal::Packrat), None);
    assert_eq!(g.max_points(Animal::Raven), None);
}
