//! A Spirit Power used through the Moth in the middle of another card keeps its own
//! bookkeeping (Skunk's stone, Squirrel's drawn stones, Porcupine's board), and the rulings
//! no other test covers: Elk's extra turn at the end of the game, the end with Spirit Stones
//! in a Nest or on boards, RULINGS #3, #12 and #13. Each position is built by hand.

mod common;
use common::*;
use sylvan_engine::{Actor, Game, Viewer};
use sylvan_spirits::{Action, Animal, Card, Colour, Spirits, State, Tile};

use Colour::{Blue, Orange, Purple, Spirit, Teal, White, Yellow};

/// Moth is the fifth board, so its completion can fire a second card mid-card.
const WITH_MOTH: [&str; 5] = ["Owl", "Rabbit", "Beaver", "Salmon", "Moth"];

/// Player 1, Moth's 3-of-a-kind already Blue (its single completes it), recovers and uses the
/// left card; the piles show `tops`; the bowl starts Blue, Teal, Orange, White.
fn moth_ready(
    cards: [&str; 6],
    tops: [Card; 2],
    prep: impl FnOnce(&mut State),
) -> (Spirits, State) {
    let g = game(WITH_MOTH, cards);
    let mut s = start(&g, tops, [Blue, Teal, Orange, White]);
    put(&mut s, P1, Animal::Moth, &[(0, Blue), (1, Blue), (2, Blue)]);
    s.face_down[0] |= 0b1_1001;
    prep(&mut s);
    play(&g, &mut s, "Recover Tiles & Use Spirit Power");
    play(&g, &mut s, &format!("Use {} (left pile)", tops[0]));
    (g, s)
}

fn draws(g: &Spirits, s: &mut State, colours: &[Colour]) {
    for &c in colours {
        play(g, s, &Action::Draw(c).to_string());
    }
}

fn offers(g: &Spirits, s: &State, text: &str) -> bool {
    legal_texts(g, s).iter().any(|t| t == text)
}

// ----- Skunk: "You may place *this stone* on an animal being blocked by Coyote" ----------

#[test]
fn skunk_through_the_moth_lets_only_its_own_stone_onto_the_blocked_board() {
    let cards = ["Cougar", "Skunk", "Bear", "Bison", "Eagle", "Deer"];
    let (g, mut s) = moth_ready(cards, [Card::Cougar, Card::Skunk], |s| {
        s.coyote = Some((P1, 1)); // Coyote blocks Player 1's Rabbit.
    });
    // Cougar: draw two, take two; the Teal completes the Moth while the Yellow waits.
    draws(&g, &mut s, &[Yellow, Purple]);
    play(&g, &mut s, "Take a Teal stone");
    play(&g, &mut s, "Take a Yellow stone");
    play(&g, &mut s, "Place a Teal stone on Moth (single)");
    play(&g, &mut s, "Bear turns up on top of a pile");
    play(&g, &mut s, "Use Skunk (right pile)");
    play(&g, &mut s, "Take an Orange stone");
    assert_eq!(s.hands[0].get(Yellow), 1, "Cougar's stone still waits");
    let text = g.view(&s, Viewer::Seat(P1)).text();
    assert!(
        text.contains("Skunk's, may go on Coyote's board: 1 Orange"),
        "{text}"
    );
    // Skunk's Orange may go on the blocked Rabbit; Cougar's Yellow may not.
    assert!(offers(&g, &s, "Place an Orange stone on Rabbit"));
    assert!(
        !offers(&g, &s, "Place a Yellow stone on Rabbit"),
        "{:?}",
        legal_texts(&g, &s)
    );
    let mut copy = s.clone();
    let yellow_on_rabbit = g.parse_action(&s, "Place a Yellow stone on Rabbit");
    if let Ok(a) = yellow_on_rabbit {
        assert!(g.apply(&mut copy, a).is_err());
        assert_eq!(copy, s, "a refused placement changes nothing");
    }
    // Placing the waiting stone first keeps the Skunk stone's permission.
    play(&g, &mut s, "Place a Yellow stone on Salmon");
    assert!(
        offers(&g, &s, "Place an Orange stone on Rabbit"),
        "{:?}",
        legal_texts(&g, &s)
    );
    play(&g, &mut s, "Place an Orange stone on Rabbit");
    // "If you do, you may move Coyote."
    play(&g, &mut s, "Move Coyote to your opponent's Owl");
    assert_eq!(s.coyote, Some((P2, 0)));
    assert_eq!(s.boards[0][1].spaces[0], Some(Orange));
    check_conserved(&g, &s);
}

// ----- Squirrel inside Squirrel: each card's drawn stones stay apart ---------------------

#[test]
fn squirrel_inside_squirrel_keeps_each_cards_drawn_stones_apart() {
    let cards = ["Squirrel", "Squirrel", "Bear", "Bison", "Eagle", "Deer"];
    let (g, mut s) = moth_ready(cards, [Card::Squirrel, Card::Squirrel], |_| {});
    // The outer Squirrel draws Yellow, Purple, Orange.
    draws(&g, &mut s, &[Yellow]);
    play(&g, &mut s, "Draw another stone");
    draws(&g, &mut s, &[Purple]);
    play(&g, &mut s, "Draw another stone");
    draws(&g, &mut s, &[Orange]);
    play(&g, &mut s, "Stop drawing");
    play(&g, &mut s, "Take a Purple stone");
    // The Purple completes the Moth: the outer Squirrel goes to the bottom, the inner runs.
    play(&g, &mut s, "Place a Purple stone on Moth (single)");
    play(&g, &mut s, "Bear turns up on top of a pile");
    play(&g, &mut s, "Use Squirrel (right pile)");
    draws(&g, &mut s, &[White]);
    play(&g, &mut s, "Draw another stone");
    draws(&g, &mut s, &[Teal]);
    play(&g, &mut s, "Stop drawing");
    // Both players see the outer card's stones set aside.
    let view = g.view(&s, Viewer::Spectator);
    assert_eq!(view.drawn.values().sum::<u8>(), 2);
    assert_eq!(view.set_aside.len(), 1);
    assert_eq!(
        view.set_aside[0].values().sum::<u8>(),
        2,
        "Yellow and Orange"
    );
    // The inner card offers only its own draws.
    assert_eq!(
        legal_texts(&g, &s),
        vec!["Take a Teal stone", "Take a White stone"]
    );
    play(&g, &mut s, "Take a White stone");
    play(&g, &mut s, "Place a White stone on Rabbit");
    // Then the opponent picks from them.
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    assert_eq!(legal_texts(&g, &s), vec!["Take a Teal stone"]);
    play(&g, &mut s, "Take a Teal stone");
    play(&g, &mut s, "Place a Teal stone on Rabbit");
    play(&g, &mut s, "Bison turns up on top of a pile");
    // The outer card resumes with its own drawn stones: the opponent still gets its pick.
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    assert_eq!(
        legal_texts(&g, &s),
        vec!["Take an Orange stone", "Take a Yellow stone"]
    );
    let bag_before = s.bag;
    play(&g, &mut s, "Take a Yellow stone");
    play(&g, &mut s, "Place a Yellow stone on Salmon");
    // Finally the outer rest (the Orange) returns to the bag.
    assert_eq!(s.pool.total(), 0);
    assert_eq!(s.bag.get(Orange), bag_before.get(Orange) + 1);
    assert_eq!(s.boards[1][3].spaces[0], Some(Yellow));
    assert_eq!(g.actor(&s), Actor::Seat(P2), "Player 2's normal turn");
    check_conserved(&g, &s);
}

// ----- Porcupine inside Porcupine: the first board's ban still holds ----------------------

#[test]
fn porcupine_inside_porcupine_keeps_the_first_boards_ban() {
    let cards = ["Porcupine", "Porcupine", "Bear", "Bison", "Eagle", "Deer"];
    let (g, mut s) = moth_ready(cards, [Card::Porcupine, Card::Porcupine], |s| {
        put(s, P1, Animal::Owl, &[(0, Blue), (1, Blue)]);
        put(s, P1, Animal::Beaver, &[(0, Purple), (1, Purple)]);
    });
    play(&g, &mut s, "Take all the stones from your Owl");
    // One of Owl's Blue stones completes the Moth; the other waits, still kept off Owl.
    play(&g, &mut s, "Place a Blue stone on Moth (single)");
    play(&g, &mut s, "Bear turns up on top of a pile");
    play(&g, &mut s, "Use Porcupine (right pile)");
    play(&g, &mut s, "Take all the stones from your Beaver");
    let text = g.view(&s, Viewer::Seat(P1)).text();
    assert!(
        text.contains("Taken off Owl by Porcupine, not back onto it: 1 Blue")
            && text.contains("Taken off Beaver by Porcupine, not back onto it: 2 Purple"),
        "{text}"
    );
    let texts = legal_texts(&g, &s);
    // "You cannot place any of the stones back onto the original animal board": the second
    // Porcupine emptied Beaver, and Owl's Blue still may not go back onto Owl.
    assert!(
        !texts
            .iter()
            .any(|t| t.starts_with("Place a Blue stone on Owl")),
        "{texts:?}"
    );
    assert!(
        !texts
            .iter()
            .any(|t| t.starts_with("Place a Purple stone on Beaver")),
        "{texts:?}"
    );
    // Each may go onto the other's board.
    assert!(texts.contains(&"Place a Blue stone on Beaver (pair)".to_string()));
    assert!(texts.contains(&"Place a Purple stone on Owl (first pair)".to_string()));
    play(&g, &mut s, "Place a Purple stone on Owl (first pair)");
    play(&g, &mut s, "Place a Purple stone on Owl (first pair)");
    play(&g, &mut s, "Place a Blue stone on Beaver (pair)");
    assert_eq!(s.hands[0].total(), 0);
    play(&g, &mut s, "Bison turns up on top of a pile");
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    check_conserved(&g, &s);
}

// ----- The end of the game ---------------------------------------------------------------

#[test]
fn elk_extra_turn_is_taken_even_if_the_game_would_have_ended() {
    let cards = ["Elk", "Bear", "Bison", "Eagle", "Deer", "Wolf"];
    let (g, mut s) = moth_ready(cards, [Card::Elk, Card::Bear], |s| {
        // Four Spirit Stones out; the fifth is in the bowl for Elk.
        for a in [Animal::Owl, Animal::Rabbit, Animal::Beaver, Animal::Salmon] {
            put_spirit(s, P2, a);
        }
        bag_to_bowl(s, Spirit, 1);
    });
    play(
        &g,
        &mut s,
        "Take one Spirit Stone from the bowl and another turn",
    );
    play(&g, &mut s, "Take a Spirit Stone");
    play(
        &g,
        &mut s,
        "Place a Spirit Stone on Owl's Spirit Stone space",
    );
    play(&g, &mut s, "Deer turns up on top of a pile");
    // Five Spirit Stones are out at the end of the turn, but "take the extra turn even if the
    // game would have ended during the previous turn".
    assert!(!s.over);
    assert_eq!(g.actor(&s), Actor::Seat(P1));
    assert_eq!(s.normal, P1);
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Blue stone");
    play(&g, &mut s, "Place a Blue stone on Rabbit");
    assert!(s.over, "the game ends after the extra turn");
}

/// Four Spirit Stones on boards, none in the bowl; Player 1 adds three stones and moves
/// Coyote, and Packrat's Nest gets a stone of `nest` from the bag.
fn packrat_draws(nest: Colour) -> (Spirits, State) {
    let g = game(
        ["Packrat", "Owl", "Rabbit", "Beaver", "Salmon"],
        ["Bear", "Bison", "Eagle", "Deer", "Wolf", "Ram"],
    );
    let mut s = start(&g, [Card::Bear, Card::Eagle], [Blue, Teal, Orange, White]);
    put_spirit(&mut s, P1, Animal::Owl);
    put_spirit(&mut s, P2, Animal::Owl);
    put_spirit(&mut s, P2, Animal::Rabbit);
    put_spirit(&mut s, P2, Animal::Beaver);
    play(&g, &mut s, "Add Three Stones & Move Coyote");
    draws(&g, &mut s, &[Yellow, Yellow, Purple]);
    play(&g, &mut s, "Move Coyote to your opponent's Salmon");
    play(&g, &mut s, &Action::Draw(nest).to_string());
    (g, s)
}

#[test]
fn spirit_stones_in_a_nest_and_on_boards_end_the_game() {
    // Packrat: a random stone into the mover's Nest. A Spirit Stone there "count[s] towards
    // the Spirit Stones required to end the game".
    let (g, s) = packrat_draws(Spirit);
    assert_eq!(s.boards[0][0].nest.get(Spirit), 1);
    assert!(
        s.over,
        "five Spirit Stones out of the bag at the end of the turn"
    );
    // The Nest's Spirit Stone scores 3 (Owl and Packrat have no other stones).
    assert_eq!(points(&g, &s, P1, Animal::Packrat), 3);
    assert_eq!(g.score(&s).totals[0], 3);

    // With four out (the Nest stone a regular one), the game goes on.
    let (g, s) = packrat_draws(Teal);
    assert!(!s.over);
    assert_eq!(g.actor(&s), Actor::Seat(P2));
}

#[test]
fn spirit_stones_on_boards_alone_end_the_game() {
    let g = game(
        ["Owl", "Rabbit", "Beaver", "Salmon", "Turtle"],
        ["Bear", "Bison", "Eagle", "Deer", "Wolf", "Ram"],
    );
    let mut s = start(&g, [Card::Bear, Card::Eagle], [Blue, Teal, Orange, White]);
    for a in [Animal::Owl, Animal::Rabbit, Animal::Beaver, Animal::Salmon] {
        put_spirit(&mut s, P2, a);
    }
    bag_to_bowl(&mut s, Spirit, 1);
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Spirit Stone");
    play(
        &g,
        &mut s,
        "Place a Spirit Stone on Turtle's Spirit Stone space",
    );
    // All five on boards, none in the bowl: "the stones may be in the bowl or on animal
    // boards".
    assert_eq!(s.bowl.get(Spirit), 0);
    assert!(s.over);
}

// ----- RULINGS #3: all six tiles face down ----------------------------------------------

#[test]
fn rulings_3_all_six_tiles_face_down_pass_without_flipping_and_both_end_the_game() {
    let g = game(
        ["Owl", "Rabbit", "Beaver", "Salmon", "Turtle"],
        ["Bear", "Bison", "Eagle", "Deer", "Wolf", "Ram"],
    );
    let mut s = start(&g, [Card::Bear, Card::Eagle], [Blue, Teal, Orange, White]);
    s.face_down[0] = 0b11_1111;
    assert_eq!(legal(&g, &s), vec![Action::PassWithoutTile]);
    play(&g, &mut s, "Pass");
    assert_eq!(s.face_down[0], 0b11_1111);
    assert!(!s.over, "Player 2 can still act");
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    // Player 2 has only Take Two Stones face up and one stone in the bowl: it must pass,
    // flipping its last tile; then nobody can ever act again and the game is scored.
    s.face_down[1] = 0b11_1111 & !0b100;
    empty_bowl(&mut s);
    bag_to_bowl(&mut s, Blue, 1);
    assert_eq!(legal(&g, &s), vec![Action::Pass(Tile::TakeTwo)]);
    play(&g, &mut s, "Pass, flipping Take Two Stones face down");
    assert!(s.over);
    assert_eq!(g.actor(&s), Actor::Nobody);
}

// ----- RULINGS #12: Squirrel with an empty bag --------------------------------------------

/// Leaves `n` stones in the bag (the rest go to the bowl).
fn leave_in_bag(s: &mut State, n: u32) {
    for c in Colour::ALL {
        while s.bag.get(c) > 0 && s.bag.total() > n {
            bag_to_bowl(s, c, 1);
        }
    }
}

#[test]
fn rulings_12_squirrel_draws_at_least_one_and_stops_when_the_bag_is_empty() {
    let cards = ["Squirrel", "Bear", "Bison", "Eagle", "Deer", "Wolf"];
    // One stone left: it is drawn, and drawing another is not offered.
    let (g, mut s) = moth_ready(cards, [Card::Squirrel, Card::Bear], |s| leave_in_bag(s, 1));
    assert_eq!(g.actor(&s), Actor::Chance, "at least one stone is drawn");
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes.len(), 1);
    g.apply(&mut s, outcomes[0].0)
        .expect("the one stone is drawn");
    assert_eq!(legal_texts(&g, &s), vec!["Stop drawing"]);

    // An empty bag: nothing is drawn, there is nothing to take, and the card ends.
    let (g, s) = moth_ready(cards, [Card::Squirrel, Card::Bear], |s| leave_in_bag(s, 0));
    assert_eq!(legal_texts(&g, &s), vec!["Stop drawing"]);
    let mut s = s;
    play(&g, &mut s, "Stop drawing");
    assert_eq!(s.piles[0][2], Some(Card::Squirrel));
    check_conserved(&g, &s);
}

// ----- RULINGS #13: Spider may name the Spirit Stone --------------------------------------

#[test]
fn rulings_13_spider_may_name_spirit_stones_and_takes_them() {
    let cards = ["Spider", "Bear", "Bison", "Eagle", "Deer", "Wolf"];
    let (g, mut s) = moth_ready(cards, [Card::Spider, Card::Bear], |_| {});
    let named: Vec<_> = legal(&g, &s);
    assert_eq!(named.len(), 7, "the six colours and the Spirit Stone");
    assert!(named.contains(&Action::Name(Spirit)));
    play(&g, &mut s, &Action::Name(Spirit).to_string());
    draws(
        &g,
        &mut s,
        &[Spirit, Blue, Yellow, Spirit, Teal, Teal, Purple, Orange],
    );
    // "Spirit Stones count as a color": both are taken, the other six go back to the bag.
    assert_eq!(s.hands[0].get(Spirit), 2);
    assert_eq!(s.hands[0].total(), 2);
    play(
        &g,
        &mut s,
        "Place a Spirit Stone on Owl's Spirit Stone space",
    );
    play(
        &g,
        &mut s,
        "Place a Spirit Stone on Rabbit's Spirit Stone space",
    );
    check_conserved(&g, &s);
}
