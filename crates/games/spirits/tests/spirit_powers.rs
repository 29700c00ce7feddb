//! All 18 Spirit Power cards exactly as written, in the order written, including the
//! decisions that belong to the opponent mid-turn.

mod common;
use common::*;
use sylvan_engine::Actor;
use sylvan_spirits::{Action, Animal, Card, Colour, Spirits, State};

use Colour::{Blue, Orange, Purple, Spirit, Teal, White, Yellow};

const ANIMALS: [&str; 5] = ["Owl", "Rabbit", "Beaver", "Salmon", "Turtle"];

/// Player 1 recovers and uses `card` from the left pile. The bowl starts Blue, Teal, Orange,
/// White.
fn use_card(card: Card) -> (Spirits, State) {
    use_card_with(ANIMALS, card, |_| {})
}

/// Like [`use_card`], with the position prepared by `prep` before the card is used.
fn use_card_after(card: Card, prep: impl FnOnce(&mut State)) -> (Spirits, State) {
    use_card_with(ANIMALS, card, prep)
}

fn use_card_with(
    animals: [&str; 5],
    card: Card,
    prep: impl FnOnce(&mut State),
) -> (Spirits, State) {
    let other = if card == Card::Wolf {
        Card::Bear
    } else {
        Card::Wolf
    };
    let cards = [card.name(), other.name(), "Bear", "Bison", "Eagle", "Deer"];
    let g = game(animals, cards);
    let mut s = start(&g, [card, other], [Blue, Teal, Orange, White]);
    s.face_down[0] |= 0b1_1001;
    prep(&mut s);
    play(&g, &mut s, "Recover Tiles & Use Spirit Power");
    play(&g, &mut s, &format!("Use {card} (left pile)"));
    (g, s)
}

fn draws(g: &Spirits, s: &mut State, colours: &[Colour]) {
    for &c in colours {
        play(g, s, &Action::Draw(c).to_string());
    }
}

/// After the card: it went to the bottom of the left pile; the next turns up.
fn finish(g: &Spirits, s: &mut State, card: Card) {
    assert_eq!(
        s.piles[0][2],
        Some(card),
        "the card goes to the bottom of its pile"
    );
    play(g, s, "Deer turns up on top of a pile");
    check_conserved(g, s);
}

#[test]
fn badger_may_move_coyote_then_returns_a_stone_from_coyotes_board() {
    let (g, mut s) = use_card_after(Card::Badger, |s| {
        put(s, P2, Animal::Owl, &[(0, Purple), (1, Purple)])
    });
    play(&g, &mut s, "Move Coyote to your opponent's Owl");
    play(
        &g,
        &mut s,
        "Remove the Purple stone from Player 2's Owl, space 1",
    );
    assert_eq!(s.bowl.get(Purple), 1);
    finish(&g, &mut s, Card::Badger);
    assert_eq!(g.actor(&s), Actor::Seat(P2));
}

#[test]
fn badger_can_take_a_spirit_stone() {
    let (g, mut s) = use_card_after(Card::Badger, |s| put_spirit(s, P2, Animal::Turtle));
    play(&g, &mut s, "Move Coyote to your opponent's Turtle");
    play(
        &g,
        &mut s,
        "Remove the Spirit Stone from Player 2's Turtle, the Spirit Stone space",
    );
    assert!(!s.boards[1][4].spirit, "the board is open again");
    assert_eq!(s.bowl.get(Spirit), 1);
}

#[test]
fn bear_returns_the_bowl_draws_as_many_and_takes_one() {
    let (g, mut s) = use_card(Card::Bear);
    assert_eq!(s.bowl.total(), 0);
    draws(&g, &mut s, &[Yellow, Yellow, Purple, Spirit]);
    play(&g, &mut s, "Take a Purple stone");
    play(&g, &mut s, "Place a Purple stone on Turtle");
    assert_eq!(s.bowl.total(), 3);
    finish(&g, &mut s, Card::Bear);
}

#[test]
fn bison_draws_three_takes_one_then_returns_one_to_the_bag() {
    let (g, mut s) = use_card(Card::Bison);
    draws(&g, &mut s, &[Yellow, Yellow, Purple]);
    // The stone taken need not be among the three added.
    play(&g, &mut s, "Take a Blue stone");
    play(&g, &mut s, "Place a Blue stone on Rabbit");
    let bag_before = s.bag.get(Teal);
    play(&g, &mut s, "Return a Teal stone from the bowl to the bag");
    assert_eq!(s.bag.get(Teal), bag_before + 1);
    assert_eq!(s.bowl.total(), 5);
    finish(&g, &mut s, Card::Bison);
}

#[test]
fn cougar_draws_two_and_takes_two() {
    let (g, mut s) = use_card(Card::Cougar);
    draws(&g, &mut s, &[Yellow, Purple]);
    play(&g, &mut s, "Take a Yellow stone");
    play(&g, &mut s, "Take a Purple stone");
    play(&g, &mut s, "Place a Yellow stone on Salmon");
    play(&g, &mut s, "Place a Purple stone on Salmon");
    assert_eq!(s.bowl.total(), 4);
    finish(&g, &mut s, Card::Cougar);
}

#[test]
fn deer_removes_one_of_your_stones_to_the_bowl_then_takes_two_maybe_the_same() {
    let (g, mut s) = use_card_after(Card::Deer, |s| put_spirit(s, P1, Animal::Owl));
    play(
        &g,
        &mut s,
        "Remove the Spirit Stone from Player 1's Owl, the Spirit Stone space",
    );
    play(&g, &mut s, "Take a Spirit Stone");
    play(&g, &mut s, "Take a Blue stone");
    play(
        &g,
        &mut s,
        "Place a Spirit Stone on Rabbit's Spirit Stone space",
    );
    play(&g, &mut s, "Place a Blue stone on Owl (first pair)");
    finish(&g, &mut s, Card::Deer);
}

#[test]
fn eagle_takes_one_and_another_turn() {
    let (g, mut s) = use_card(Card::Eagle);
    play(&g, &mut s, "Take a Blue stone");
    play(&g, &mut s, "Place a Blue stone on Rabbit");
    finish(&g, &mut s, Card::Eagle);
    assert_eq!(g.actor(&s), Actor::Seat(P1));
    play(&g, &mut s, "Add Two Stones & Take One Stone");
    draws(&g, &mut s, &[Yellow, Purple]);
    play(&g, &mut s, "Take a Yellow stone");
    play(&g, &mut s, "Place a Yellow stone on Turtle");
    // Then the opponent's normal turn.
    assert_eq!(g.actor(&s), Actor::Seat(P2));
}

#[test]
fn elk_two_regular_stones_or_a_spirit_stone_and_another_turn() {
    let (g, mut s) = use_card(Card::Elk);
    // No Spirit Stone in the bowl: only the first option.
    assert_eq!(legal(&g, &s), vec![Action::ElkTwoStones]);
    let (g2, mut s2) = use_card_after(Card::Elk, |s| bag_to_bowl(s, Spirit, 1));
    assert_eq!(legal(&g2, &s2).len(), 2);
    play(
        &g2,
        &mut s2,
        "Take one Spirit Stone from the bowl and another turn",
    );
    assert_eq!(legal_texts(&g2, &s2), vec!["Take a Spirit Stone"]);
    play(&g2, &mut s2, "Take a Spirit Stone");
    play(
        &g2,
        &mut s2,
        "Place a Spirit Stone on Owl's Spirit Stone space",
    );
    play(&g2, &mut s2, "Deer turns up on top of a pile");
    assert_eq!(g2.actor(&s2), Actor::Seat(P1), "the extra turn");

    bag_to_bowl(&mut s, Spirit, 1);
    play(&g, &mut s, "Take two non-Spirit Stones from the bowl");
    assert!(!legal_texts(&g, &s).contains(&"Take a Spirit Stone".to_string()));
    play(&g, &mut s, "Take a Blue stone");
    play(
        &g,
        &mut s,
        "Take a Blue stone".replace("Blue", "Teal").as_str(),
    );
    play(&g, &mut s, "Place a Blue stone on Rabbit");
    play(&g, &mut s, "Place a Teal stone on Rabbit");
    finish(&g, &mut s, Card::Elk);
    assert_eq!(g.actor(&s), Actor::Seat(P2));
}

#[test]
fn fox_the_opponent_must_take_and_place_the_stone_you_choose() {
    let (g, mut s) = use_card(Card::Fox);
    draws(&g, &mut s, &[Yellow, Purple, Purple, Spirit]);
    play(&g, &mut s, "Take a Yellow stone");
    play(&g, &mut s, "Place a Yellow stone on Turtle");
    play(&g, &mut s, "Your opponent must take a Spirit Stone");
    // Player 2 places it, mid Player 1's turn.
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    play(
        &g,
        &mut s,
        "Place a Spirit Stone on Beaver's Spirit Stone space",
    );
    assert!(s.boards[1][2].spirit);
    finish(&g, &mut s, Card::Fox);
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    assert_eq!(s.current, P2);
}

#[test]
fn fox_extra_turns_happen_at_the_end_of_your_turn_in_trigger_order() {
    let animals = ["Jackrabbit", "Owl", "Rabbit", "Beaver", "Salmon"];
    let (g, mut s) = use_card_with(animals, Card::Fox, |s| {
        put(s, P2, Animal::Jackrabbit, &[(0, Purple), (1, Yellow)])
    });
    draws(&g, &mut s, &[Yellow, Purple, Purple, White]);
    play(&g, &mut s, "Take a Yellow stone");
    play(&g, &mut s, "Place a Yellow stone on Owl (first pair)");
    play(&g, &mut s, "Your opponent must take a Blue stone");
    play(&g, &mut s, "Place a Blue stone on Jackrabbit");
    // Player 2's Jackrabbit: Player 2 may move Coyote now, and takes an extra turn after
    // Player 1's turn, before Player 2's next normal turn.
    play(&g, &mut s, "Move Coyote to your opponent's Owl");
    finish(&g, &mut s, Card::Fox);
    assert_eq!(s.current, P2);
    play(&g, &mut s, "Add Three Stones & Move Coyote");
    draws(&g, &mut s, &[Yellow, Yellow, Yellow]);
    play(&g, &mut s, "Leave Coyote where it is");
    // The extra turn is over; now Player 2's normal turn.
    assert_eq!(s.current, P2);
    assert_eq!(s.normal, P2);
    play(&g, &mut s, "Add Two Stones & Take One Stone");
    draws(&g, &mut s, &[Teal, Teal]);
    play(&g, &mut s, "Take a Teal stone");
    play(&g, &mut s, "Place a Teal stone on Salmon");
    assert_eq!(s.current, P1);
}

#[test]
fn orca_take_all_of_a_colour_then_the_opponent_returns_a_colour() {
    let (g, mut s) = use_card(Card::Orca);
    draws(&g, &mut s, &[Blue, Blue, Purple, Purple, Spirit]);
    // Spirit Stones count as a colour.
    assert!(legal_texts(&g, &s).contains(&"Take every Spirit Stone from the bowl".into()));
    play(&g, &mut s, "Take every Blue stone from the bowl");
    assert_eq!(s.hands[0].get(Blue), 3);
    play(&g, &mut s, "Place a Blue stone on Turtle");
    play(&g, &mut s, "Place a Blue stone on Turtle");
    play(&g, &mut s, "Place a Blue stone on Turtle");
    // The opponent chooses the colour to return.
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    play(
        &g,
        &mut s,
        "Return every Purple stone from the bowl to the bag",
    );
    assert_eq!(s.bowl.get(Purple), 0);
    assert_eq!(s.bowl.total(), 4);
    finish(&g, &mut s, Card::Orca);
}

#[test]
fn porcupine_moves_a_whole_board_never_back_onto_it() {
    let (g, mut s) = use_card_after(Card::Porcupine, |s| {
        put(s, P1, Animal::Owl, &[(0, Blue), (1, Blue), (2, Teal)]);
        put_spirit(s, P1, Animal::Owl);
    });
    play(&g, &mut s, "Take all the stones from your Owl");
    assert_eq!(s.hands[0].total(), 4);
    assert!(legal_texts(&g, &s).iter().all(|t| !t.contains("Owl")));
    play(
        &g,
        &mut s,
        "Place a Spirit Stone on Turtle's Spirit Stone space",
    );
    play(&g, &mut s, "Place a Blue stone on Beaver (pair)");
    play(&g, &mut s, "Place a Blue stone on Beaver (pair)");
    play(&g, &mut s, "Place a Teal stone on Rabbit");
    finish(&g, &mut s, Card::Porcupine);
}

#[test]
fn raccoon_takes_a_regular_stone_from_any_board_then_adds_three() {
    let (g, mut s) = use_card_after(Card::Raccoon, |s| {
        put(s, P2, Animal::Salmon, &[(0, Yellow)]);
        put_spirit(s, P2, Animal::Rabbit);
    });
    let texts = legal_texts(&g, &s);
    assert!(
        texts.iter().all(|t| !t.contains("Spirit Stone")),
        "{texts:?}"
    );
    play(
        &g,
        &mut s,
        "Remove the Yellow stone from Player 2's Salmon, space 1",
    );
    play(&g, &mut s, "Place a Yellow stone on Salmon");
    draws(&g, &mut s, &[Purple, Purple, Teal]);
    assert_eq!(s.bowl.total(), 7);
    finish(&g, &mut s, Card::Raccoon);
}

#[test]
fn ram_takes_two_from_the_bag_and_unplaceable_ones_go_to_the_bowl() {
    let (g, mut s) = use_card_after(Card::Ram, |s| {
        for a in [Animal::Owl, Animal::Rabbit, Animal::Beaver, Animal::Salmon] {
            put_spirit(s, P1, a);
        }
        put_spirit(s, P2, Animal::Salmon);
    });
    // Five Spirit Stones are out; a sixth from the bag cannot be placed (Turtle takes it).
    draws(&g, &mut s, &[Spirit, Spirit]);
    play(
        &g,
        &mut s,
        "Place a Spirit Stone on Turtle's Spirit Stone space",
    );
    // The second Spirit Stone has no open Spirit Stone space: it goes to the bowl.
    assert_eq!(s.bowl.get(Spirit), 1);
    assert_eq!(s.piles[0][2], Some(Card::Ram));
    // Seven Spirit Stones out at the end of the turn: the game ends.
    play(&g, &mut s, "Deer turns up on top of a pile");
    assert!(s.over);
}

#[test]
fn seal_returns_one_of_your_stones_to_the_bag_then_takes_three_from_the_bag() {
    let (g, mut s) = use_card_after(Card::Seal, |s| put(s, P1, Animal::Turtle, &[(0, Blue)]));
    play(
        &g,
        &mut s,
        "Remove the Blue stone from Player 1's Turtle, space 1",
    );
    draws(&g, &mut s, &[Blue, Blue, Teal]);
    play(&g, &mut s, "Place a Blue stone on Turtle");
    play(&g, &mut s, "Place a Blue stone on Turtle");
    play(&g, &mut s, "Place a Teal stone on Rabbit");
    finish(&g, &mut s, Card::Seal);
}

#[test]
fn skunk_may_place_on_the_board_coyote_blocks_then_move_coyote() {
    let (g, mut s) = use_card_after(Card::Skunk, |s| s.coyote = Some((P1, 1)));
    play(&g, &mut s, "Take a Blue stone");
    play(&g, &mut s, "Place a Blue stone on Rabbit");
    // Placed on the blocked board: Player 1 may move Coyote.
    play(&g, &mut s, "Move Coyote to your opponent's Rabbit");
    assert_eq!(s.coyote, Some((P2, 1)));
    finish(&g, &mut s, Card::Skunk);
}

#[test]
fn spider_names_a_colour_draws_eight_and_takes_that_colour() {
    let (g, mut s) = use_card(Card::Spider);
    assert_eq!(legal(&g, &s).len(), 7, "any colour, Spirit Stones too");
    play(&g, &mut s, "Name Yellow");
    draws(
        &g,
        &mut s,
        &[Yellow, Blue, Yellow, Spirit, Teal, Teal, Purple, Orange],
    );
    assert_eq!(s.hands[0].get(Yellow), 2);
    assert_eq!(s.pool.total(), 0, "the rest went back to the bag");
    play(&g, &mut s, "Place a Yellow stone on Turtle");
    play(&g, &mut s, "Place a Yellow stone on Turtle");
    finish(&g, &mut s, Card::Spider);
}

#[test]
fn squirrel_draw_until_you_stop_take_one_then_the_opponent_takes_one() {
    let (g, mut s) = use_card(Card::Squirrel);
    // At least one stone is drawn.
    assert_eq!(g.actor(&s), Actor::Chance);
    draws(&g, &mut s, &[Yellow]);
    play(&g, &mut s, "Draw another stone");
    draws(&g, &mut s, &[Spirit]);
    play(&g, &mut s, "Draw another stone");
    draws(&g, &mut s, &[Purple]);
    play(&g, &mut s, "Stop drawing");
    play(&g, &mut s, "Take a Spirit Stone");
    play(
        &g,
        &mut s,
        "Place a Spirit Stone on Salmon's Spirit Stone space",
    );
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    play(&g, &mut s, "Take a Yellow stone");
    play(&g, &mut s, "Place a Yellow stone on Rabbit");
    assert_eq!(s.pool.total(), 0);
    finish(&g, &mut s, Card::Squirrel);
}

#[test]
fn vulture_returns_the_bowl_then_draws_one_and_takes_it() {
    let (g, mut s) = use_card(Card::Vulture);
    assert_eq!(s.bowl.total(), 0);
    draws(&g, &mut s, &[Purple]);
    play(&g, &mut s, "Place a Purple stone on Rabbit");
    finish(&g, &mut s, Card::Vulture);
}

#[test]
fn wolf_draws_four_and_takes_one() {
    let (g, mut s) = use_card(Card::Wolf);
    draws(&g, &mut s, &[Purple, Purple, Purple, Purple]);
    play(&g, &mut s, "Take a Purple stone");
    play(&g, &mut s, "Place a Purple stone on Turtle");
    assert_eq!(s.bowl.total(), 7);
    assert_eq!(s.piles[0][2], Some(Card::Wolf));
    play(&g, &mut s, "Deer turns up on top of a pile");
    check_conserved(&g, &s);
}

#[test]
fn a_card_that_cannot_be_completed_does_as_much_as_it_can() {
    // Badger with Coyote to the side: nothing to return, the card just ends.
    let (g, mut s) = use_card(Card::Badger);
    play(&g, &mut s, "Leave Coyote where it is");
    finish(&g, &mut s, Card::Badger);
    assert_eq!(g.actor(&s), Actor::Seat(P2));
}

#[test]
fn skunk_spirit_stone_on_the_blocked_board_also_lets_you_move_coyote() {
    let (g, mut s) = use_card_after(Card::Skunk, |s| {
        s.coyote = Some((P1, 0));
        bag_to_bowl(s, Spirit, 1);
    });
    play(&g, &mut s, "Take a Spirit Stone");
    play(
        &g,
        &mut s,
        "Place a Spirit Stone on Owl's Spirit Stone space",
    );
    play(&g, &mut s, "Move Coyote to your opponent's Owl");
    assert_eq!(s.coyote, Some((P2, 0)));
}

#[test]
fn porcupine_stones_stay_off_their_board_but_bullfrog_stones_may_go_there() {
    let animals = ["Owl", "Bullfrog", "Rabbit", "Beaver", "Salmon"];
    let (g, mut s) = use_card_with(animals, Card::Porcupine, |s| {
        put(s, P1, Animal::Owl, &[(0, Blue), (1, Blue)]);
        put(s, P1, Animal::Bullfrog, &[(0, Teal), (1, Teal)]);
        for a in [Animal::Rabbit, Animal::Beaver, Animal::Salmon] {
            put_spirit(s, P1, a);
        }
    });
    play(&g, &mut s, "Take all the stones from your Bullfrog");
    // The two Teal stones cannot go back onto Bullfrog; Owl's third pair takes them.
    play(&g, &mut s, "Place a Teal stone on Owl (second pair)");
    play(&g, &mut s, "Place a Teal stone on Owl (second pair)");
    assert!(
        s.porcupine[0].iter().all(|b| b.total() == 0),
        "no stone is kept off a board any more"
    );
    finish(&g, &mut s, Card::Porcupine);

    // Now the other way: Porcupine empties Owl and a Blue completes Bullfrog; the two stones
    // Bullfrog takes may go onto the empty Owl, the other Owl stone may not.
    let (g, mut s) = use_card_with(animals, Card::Porcupine, |s| {
        put(s, P1, Animal::Owl, &[(0, Blue), (1, Blue), (2, Purple)]);
        put(s, P1, Animal::Bullfrog, &[(0, Blue), (1, Blue)]);
        for a in [Animal::Rabbit, Animal::Beaver, Animal::Salmon] {
            put_spirit(s, P1, a);
        }
    });
    play(&g, &mut s, "Take all the stones from your Owl");
    play(&g, &mut s, "Place a Blue stone on Bullfrog");
    draws(&g, &mut s, &[Yellow, Yellow, White]);
    play(&g, &mut s, "Take a Yellow stone");
    play(&g, &mut s, "Take a Yellow stone");
    let texts = legal_texts(&g, &s);
    assert!(texts.contains(&"Place a Yellow stone on Owl (first pair)".to_string()));
    assert!(
        !texts.iter().any(|t| t.contains("Purple stone on Owl")),
        "{texts:?}"
    );
    play(&g, &mut s, "Place a Yellow stone on Owl (first pair)");
    play(&g, &mut s, "Place a Yellow stone on Owl (first pair)");
    // The Blue and Purple from Owl have nowhere else to go: back to the bowl.
    assert_eq!(s.hands[0].total(), 0);
    assert_eq!(s.returned[0].get(Purple), 1);
    finish(&g, &mut s, Card::Porcupine);
}

#[test]
fn out_of_range_card_and_seat_values_are_rejected_without_panicking() {
    use sylvan_engine::{Game, Seat};
    let g = game(
        ANIMALS,
        ["Badger", "Wolf", "Bear", "Bison", "Eagle", "Deer"],
    );
    let mut s = start(&g, [Card::Badger, Card::Wolf], [Blue, Teal, Orange, White]);
    s.face_down[0] |= 0b1_1001;
    play(&g, &mut s, "Recover Tiles & Use Spirit Power");
    let before = s.clone();
    for pile in [2, 255] {
        let a = Action::UseCard {
            pile,
            card: Card::Badger,
        };
        assert!(g.apply(&mut s, a).is_err());
        g.apply_unchecked(&mut s, a);
        assert_eq!(s, before);
    }
    play(&g, &mut s, "Use Badger (left pile)");
    s.coyote = Some((P2, 0));
    let a = Action::Remove {
        owner: Seat(7),
        animal: Animal::Owl,
        spot: sylvan_spirits::Spot::Space(200),
        stone: Blue,
    };
    play(&g, &mut s, "Move Coyote to your opponent's Rabbit");
    let before = s.clone();
    assert!(g.apply(&mut s, a).is_err());
    assert_eq!(s, before);
    g.apply_unchecked(&mut s, a);
}
