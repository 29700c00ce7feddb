//! The rulebook, sentence by sentence, played through the checked rules.

mod common;
use common::*;
use sylvan_engine::{Actor, Game};
use sylvan_spirits::{Action, Animal, Card, Colour, Illegal, Spirits, State, Tile};

use Colour::{Blue, Orange, Purple, Spirit, Teal, White, Yellow};

const FIRST_STEPS: [&str; 5] = ["Owl", "Rabbit", "Beaver", "Salmon", "Turtle"];
const FS_CARDS: [&str; 6] = ["Bear", "Bison", "Eagle", "Deer", "Wolf", "Ram"];

fn first_steps() -> (sylvan_spirits::Spirits, sylvan_spirits::State) {
    let g = game(FIRST_STEPS, FS_CARDS);
    let s = start(&g, [Card::Bear, Card::Eagle], [Blue, Teal, Orange, White]);
    (g, s)
}

fn rejects(g: &sylvan_spirits::Spirits, s: &sylvan_spirits::State, a: Action) -> Illegal {
    let mut copy = s.clone();
    let e = g.apply(&mut copy, a).expect_err("must be illegal");
    assert_eq!(&copy, s, "a rejected action leaves the state untouched");
    e
}

#[test]
fn setup_bowl_has_four_regular_stones_and_spirit_stones_are_redrawn() {
    let g = game(FIRST_STEPS, FS_CARDS);
    let mut s = g.initial_state();
    play(&g, &mut s, "Bear turns up on top of a pile");
    play(&g, &mut s, "Eagle turns up on top of a pile");
    // Drawing for the bowl: a Spirit Stone drawn goes back, so it is never an outcome.
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes.len(), 6);
    assert!(outcomes
        .iter()
        .all(|(a, w)| *a != Action::Draw(Spirit) && *w == 8));
    for c in [Blue, Blue, Teal, Yellow] {
        play(&g, &mut s, &Action::Draw(c).to_string());
    }
    assert_eq!(s.bowl.total(), 4);
    assert_eq!(s.bowl.get(Spirit), 0);
    // The starting player's Take Two Stones is face down; the other player's is not.
    assert_eq!(g.actor(&s), Actor::Seat(P1));
    assert!(legal(&g, &s).contains(&Action::Tile(Tile::TakeOne)));
    assert!(!legal(&g, &s).contains(&Action::Tile(Tile::TakeTwo)));
    assert_eq!(
        rejects(&g, &s, Action::Tile(Tile::TakeTwo)),
        Illegal::TileFaceDown(Tile::TakeTwo)
    );
}

#[test]
fn recommended_sets_use_their_animals_and_cards() {
    use sylvan_spirits::{Options, Spirits};
    let sets = [
        (
            "First Steps",
            ["Owl", "Rabbit", "Beaver", "Salmon", "Turtle"],
        ),
        (
            "Coyote's Mischief",
            ["Ants", "Jackrabbit", "Moose", "Condor", "Packrat"],
        ),
        (
            "Condor's Challenge",
            ["Condor", "Gila Monster", "Owl", "Bullfrog", "Jackrabbit"],
        ),
        (
            "Big and Small",
            ["Rabbit", "Bullfrog", "Packrat", "Raven", "Moth"],
        ),
        (
            "River and Sea",
            ["Salmon", "Beaver", "Turtle", "Moose", "Otter"],
        ),
    ];
    for (name, animals) in sets {
        let g = Spirits::new(
            2,
            Options {
                set: name.into(),
                ..Options::default()
            },
        )
        .expect("a recommended set");
        let s = g.initial_state();
        let got: Vec<&str> = s.animals.iter().map(|a| a.name()).collect();
        assert_eq!(got, animals, "{name}");
        // Six cards are dealt into the two piles.
        assert_eq!(s.unseen.iter().map(|&n| n as u32).sum::<u32>(), 6, "{name}");
    }
}

#[test]
fn bad_options_name_the_problem() {
    use sylvan_spirits::{Options, Pick, Spirits};
    let names = |v: &[&str]| Some(Pick::Named(v.iter().map(|s| s.to_string()).collect()));
    let err = |o: Options| Spirits::new(2, o).expect_err("bad").to_string();
    assert!(Spirits::new(3, Options::default())
        .expect_err("2 players only")
        .to_string()
        .contains("exactly 2 players, not 3"));
    let e = err(Options {
        animals: names(&["Owl", "Rabbit", "Beaver", "Salmon", "Dragon"]),
        ..Options::default()
    });
    assert!(e.contains("unknown animal 'Dragon'"), "{e}");
    let e = err(Options {
        animals: names(&["Owl", "Rabbit", "Beaver", "Salmon", "Turtle", "Moose"]),
        ..Options::default()
    });
    assert!(e.contains("exactly 5 animal boards, not 6"), "{e}");
    let e = err(Options {
        animals: names(&["Owl", "Owl", "Beaver", "Salmon", "Turtle"]),
        ..Options::default()
    });
    assert!(e.contains("chosen twice"), "{e}");
    let e = err(Options {
        set: "Big and Tall".into(),
        ..Options::default()
    });
    assert!(e.contains("unknown set 'Big and Tall'"), "{e}");
    let e = err(Options {
        cards: names(&["Bear", "Bear", "Bear", "Wolf", "Elk", "Fox"]),
        ..Options::default()
    });
    assert!(e.contains("only 2 Bear"), "{e}");
}

#[test]
fn take_one_stone_needs_a_stone_in_the_bowl() {
    let (g, mut s) = first_steps();
    empty_bowl(&mut s);
    let e = rejects(&g, &s, Action::Tile(Tile::TakeOne));
    assert!(e.to_string().contains("no stones in the bowl"), "{e}");
}

#[test]
fn take_two_stones_needs_two_stones_in_the_bowl() {
    let (g, mut s) = first_steps();
    // Player 2 has Take Two Stones face up; give the turn to Player 2 with one stone left.
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Blue stone");
    play(&g, &mut s, "Place a Blue stone on Owl (first pair)");
    empty_bowl(&mut s);
    bag_to_bowl(&mut s, Teal, 1);
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    let e = rejects(&g, &s, Action::Tile(Tile::TakeTwo));
    assert!(e.to_string().contains("fewer than two stones"), "{e}");
    bag_to_bowl(&mut s, Teal, 1);
    play(&g, &mut s, "Take Two Stones");
    play(&g, &mut s, "Take a Teal stone");
    play(&g, &mut s, "Take a Teal stone");
    // Placed onto one or more boards.
    play(&g, &mut s, "Place a Teal stone on Beaver (3-of-a-kind)");
    play(&g, &mut s, "Place a Teal stone on Owl (second pair)");
    assert_eq!(g.actor(&s), Actor::Seat(P1));
    check_conserved(&g, &s);
}

#[test]
fn add_two_stones_and_take_one() {
    let (g, mut s) = first_steps();
    play(&g, &mut s, "Add Two Stones & Take One Stone");
    assert_eq!(g.actor(&s), Actor::Chance);
    play(&g, &mut s, "A Purple stone is drawn from the bag");
    play(&g, &mut s, "A Spirit Stone is drawn from the bag");
    assert_eq!(s.bowl.total(), 6);
    play(&g, &mut s, "Take a Spirit Stone");
    // Spirit Stones go only in Spirit Stone spaces.
    let placements = legal_texts(&g, &s);
    assert!(
        placements.iter().all(|t| t.contains("Spirit Stone space")),
        "{placements:?}"
    );
    play(
        &g,
        &mut s,
        "Place a Spirit Stone on Owl's Spirit Stone space",
    );
    assert!(s.boards[0][0].spirit);
    assert_eq!(g.actor(&s), Actor::Seat(P2));
}

#[test]
fn the_second_take_one_stone_lets_you_move_coyote_the_first_does_not() {
    let (g, mut s) = first_steps();
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Blue stone");
    play(&g, &mut s, "Place a Blue stone on Rabbit");
    // The first flip: no Coyote, the turn passes.
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    play(&g, &mut s, "Add Three Stones & Move Coyote");
    for c in [Purple, Purple, Yellow] {
        play(&g, &mut s, &Action::Draw(c).to_string());
    }
    // Moving Coyote is optional.
    assert!(legal(&g, &s).contains(&Action::KeepCoyote));
    play(&g, &mut s, "Leave Coyote where it is");
    assert_eq!(s.coyote, None);
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Purple stone");
    play(&g, &mut s, "Place a Purple stone on Rabbit");
    // The second Take One Stone completes the Coyote picture.
    assert_eq!(g.actor(&s), Actor::Seat(P1));
    play(&g, &mut s, "Move Coyote to your opponent's Turtle");
    assert_eq!(s.coyote, Some((P2, 4)));
}

#[test]
fn coyote_blocks_placing_on_its_board_but_not_scoring() {
    let (g, mut s) = first_steps();
    put(
        &mut s,
        P2,
        Animal::Rabbit,
        &[(0, Blue), (1, Teal), (2, Orange)],
    );
    s.coyote = Some((P2, 1));
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a White stone");
    play(&g, &mut s, "Place a White stone on Owl (first pair)");
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    play(&g, &mut s, "Take Two Stones");
    play(&g, &mut s, "Take a Blue stone");
    play(&g, &mut s, "Take an Orange stone");
    let e = rejects(
        &g,
        &s,
        Action::Place {
            stone: Blue,
            animal: Animal::Rabbit,
            set: 0,
        },
    );
    assert_eq!(e, Illegal::CoyoteBlocks(Animal::Rabbit));
    // Coyote does not stop the Rabbit from scoring.
    assert_eq!(points(&g, &s, P2, Animal::Rabbit), 6);
}

#[test]
fn coyote_only_moves_to_an_opponents_board() {
    let (g, mut s) = first_steps();
    s.coyote = Some((P1, 0));
    play(&g, &mut s, "Add Three Stones & Move Coyote");
    for c in [Purple, Purple, Yellow] {
        play(&g, &mut s, &Action::Draw(c).to_string());
    }
    // Five opponent boards to move to, or stay: no own board.
    assert_eq!(legal(&g, &s).len(), 6);
    play(&g, &mut s, "Move Coyote to your opponent's Owl");
    assert_eq!(s.coyote, Some((P2, 0)));
}

#[test]
fn linked_spaces_hold_one_colour_and_rabbit_all_different() {
    let (g, mut s) = first_steps();
    put(&mut s, P1, Animal::Beaver, &[(0, Blue)]);
    put(&mut s, P1, Animal::Rabbit, &[(0, Teal)]);
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Teal stone");
    let texts = legal_texts(&g, &s);
    assert!(!texts.contains(&"Place a Teal stone on Beaver (3-of-a-kind)".to_string()));
    assert!(texts.contains(&"Place a Teal stone on Beaver (pair)".to_string()));
    assert!(!texts.contains(&"Place a Teal stone on Rabbit".to_string()));
    let e = rejects(
        &g,
        &s,
        Action::Place {
            stone: Teal,
            animal: Animal::Beaver,
            set: 0,
        },
    );
    assert!(e.to_string().contains("same colour"), "{e}");
}

#[test]
fn a_spirit_stone_doubles_and_closes_the_board() {
    let (g, mut s) = first_steps();
    put(
        &mut s,
        P1,
        Animal::Rabbit,
        &[(0, Blue), (1, Teal), (2, Orange)],
    );
    put(&mut s, P1, Animal::Owl, &[(0, Blue)]);
    put_spirit(&mut s, P1, Animal::Owl);
    assert_eq!(points(&g, &s, P1, Animal::Rabbit), 6);
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Blue stone");
    let e = rejects(
        &g,
        &s,
        Action::Place {
            stone: Blue,
            animal: Animal::Owl,
            set: 0,
        },
    );
    assert_eq!(e, Illegal::BoardClosed(Animal::Owl));
}

#[test]
fn a_stone_that_cannot_be_placed_goes_to_the_bowl() {
    let (g, mut s) = first_steps();
    // Four boards closed by a Spirit Stone and the Rabbit full: no stone can be placed.
    for a in [Animal::Owl, Animal::Beaver, Animal::Salmon, Animal::Turtle] {
        put_spirit(&mut s, P1, a);
    }
    put(
        &mut s,
        P1,
        Animal::Rabbit,
        &[(0, Yellow), (1, Teal), (2, Purple)],
    );
    let before = s.bowl;
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Blue stone");
    assert_eq!(s.bowl, before, "the Blue stone went back to the bowl");
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    check_conserved(&g, &s);
}

#[test]
fn passing_only_without_a_legal_move_and_without_moving_coyote() {
    let (g, mut s) = first_steps();
    // Player 1: Take One Stone x1 face down already, Take Two face down (start), Add Two,
    // Add Three face down; only one Take One Stone and Recover face up, with 3 others down
    // Recover is usable, so put a 4th down... instead leave Recover face down too.
    s.face_down[0] = 0b11_1101;
    empty_bowl(&mut s);
    assert_eq!(legal(&g, &s), vec![Action::Pass(Tile::TakeOne)]);
    let e = rejects(&g, &s, Action::Tile(Tile::TakeOne));
    assert!(e.to_string().contains("no stones in the bowl"), "{e}");
    play(&g, &mut s, "Pass, flipping Take One Stone face down");
    // Flipping the second Take One Stone by passing does not move Coyote.
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    assert_eq!(s.face_down[0], 0b11_1111);
    // A player with a legal move may not pass.
    let e = rejects(&g, &s, Action::Pass(Tile::TakeOne));
    assert_eq!(e, Illegal::MayNotPass);
}

#[test]
fn recover_needs_three_other_tiles_face_down_and_turns_all_six_up() {
    let (g, mut s) = first_steps();
    // Start: only Take Two Stones is face down.
    let e = rejects(&g, &s, Action::Tile(Tile::Recover));
    assert!(
        e.to_string().contains("at least 3 other action tiles"),
        "{e}"
    );
    s.face_down[0] |= 0b1_1001; // Take One Stone, Add Three too: three others down.
    play(&g, &mut s, "Recover Tiles & Use Spirit Power");
    assert_eq!(s.face_down[0], 0);
    play(&g, &mut s, "Use Bear (left pile)");
    // Bear: the 4 bowl stones go back to the bag, 4 are drawn, then you take one.
    assert_eq!(s.bowl.total(), 0);
    for c in [Spirit, Spirit, Yellow, Blue] {
        play(&g, &mut s, &Action::Draw(c).to_string());
    }
    play(&g, &mut s, "Take a Yellow stone");
    play(&g, &mut s, "Place a Yellow stone on Salmon");
    // The card used goes to the bottom of its pile; the next card turns up by chance.
    assert_eq!(s.piles[0][2], Some(Card::Bear));
    assert_eq!(g.actor(&s), Actor::Chance);
    play(&g, &mut s, "Deer turns up on top of a pile");
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    check_conserved(&g, &s);
}

#[test]
fn the_game_ends_with_five_spirit_stones_out_of_the_bag_at_the_end_of_a_turn() {
    let (g, mut s) = first_steps();
    bag_to_bowl(&mut s, Spirit, 4);
    play(&g, &mut s, "Add Two Stones & Take One Stone");
    play(&g, &mut s, "A Spirit Stone is drawn from the bag");
    // Five are out, but the turn is not over: no end mid-turn.
    assert!(!s.over);
    play(&g, &mut s, "A Blue stone is drawn from the bag");
    play(&g, &mut s, "Take a Blue stone");
    play(&g, &mut s, "Place a Blue stone on Turtle");
    assert!(s.over);
    assert_eq!(g.actor(&s), Actor::Nobody);
}

#[test]
fn a_tie_goes_against_the_player_with_coyote() {
    let (g, mut s) = first_steps();
    put(
        &mut s,
        P1,
        Animal::Rabbit,
        &[(0, Blue), (1, Teal), (2, Orange)],
    );
    put(
        &mut s,
        P2,
        Animal::Rabbit,
        &[(0, Blue), (1, Teal), (2, Orange)],
    );
    s.over = true;
    s.coyote = Some((P1, 3));
    let score = g.score(&s);
    assert_eq!(score.totals, vec![6, 6]);
    assert_eq!(score.winners, vec![P2]);
    s.coyote = None;
    assert_eq!(g.score(&s).winners, vec![P1, P2]);
}

// ----- animal boards -----------------------------------------------------------------------

#[test]
fn ants_leftmost_space_and_coyote_spaces_between_stones() {
    let g = game(
        ["Ants", "Jackrabbit", "Moose", "Condor", "Packrat"],
        FS_CARDS,
    );
    let mut s = start(&g, [Card::Bear, Card::Eagle], [Blue, Teal, Orange, White]);
    put(&mut s, P1, Animal::Ants, &[(0, Blue), (1, Yellow)]);
    s.face_down[0] = 0; // Take Two Stones face up for this test.
    play(&g, &mut s, "Take Two Stones");
    play(&g, &mut s, "Take a Teal stone");
    play(&g, &mut s, "Take an Orange stone");
    play(&g, &mut s, "Place a Teal stone on Ants");
    // Space 3 is a Coyote space: Coyote may move before the second stone is placed.
    assert!(legal(&g, &s).contains(&Action::KeepCoyote));
    play(&g, &mut s, "Move Coyote to your opponent's Moose");
    // Packrat: moving Coyote draws a random stone into your Nest.
    assert_eq!(g.actor(&s), Actor::Chance);
    play(&g, &mut s, "A Purple stone is drawn from the bag");
    assert_eq!(s.boards[0][4].nest.get(Purple), 1);
    play(&g, &mut s, "Place an Orange stone on Ants");
    let b = s.board_of(Animal::Ants).expect("in play");
    assert_eq!(
        s.boards[0][b].spaces[..5],
        [Some(Blue), Some(Yellow), Some(Teal), Some(Orange), None]
    );
    check_conserved(&g, &s);
}

#[test]
fn packrat_takes_stones_only_in_its_spirit_space_and_stops_when_it_is_filled() {
    let g = game(
        ["Ants", "Jackrabbit", "Moose", "Condor", "Packrat"],
        FS_CARDS,
    );
    let mut s = start(&g, [Card::Bear, Card::Eagle], [Blue, Teal, Orange, White]);
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Blue stone");
    assert!(!legal_texts(&g, &s).iter().any(|t| t.contains("on Packrat")));
    let e = rejects(
        &g,
        &s,
        Action::Place {
            stone: Blue,
            animal: Animal::Packrat,
            set: 0,
        },
    );
    assert_eq!(e, Illegal::NestOnly);
    play(&g, &mut s, "Place a Blue stone on Moose");
    // Player 2 with a Spirit Stone on Packrat moves Coyote: no stone for the Nest.
    put_spirit(&mut s, P2, Animal::Packrat);
    play(&g, &mut s, "Add Three Stones & Move Coyote");
    for c in [Purple, Purple, Yellow] {
        play(&g, &mut s, &Action::Draw(c).to_string());
    }
    play(&g, &mut s, "Move Coyote to your opponent's Ants");
    assert_eq!(g.actor(&s), Actor::Seat(P1));
    assert_eq!(s.boards[1][4].nest.total(), 0);
}

#[test]
fn bullfrog_completed_adds_three_to_the_bowl_then_takes_two() {
    let g = game(
        ["Condor", "Gila Monster", "Owl", "Bullfrog", "Jackrabbit"],
        FS_CARDS,
    );
    let mut s = start(&g, [Card::Bear, Card::Eagle], [Blue, Teal, Orange, White]);
    put(&mut s, P1, Animal::Bullfrog, &[(0, Blue), (1, Blue)]);
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Blue stone");
    play(&g, &mut s, "Place a Blue stone on Bullfrog");
    for c in [Yellow, Yellow, Purple] {
        play(&g, &mut s, &Action::Draw(c).to_string());
    }
    assert_eq!(s.bowl.total(), 6);
    play(&g, &mut s, "Take a Yellow stone");
    play(&g, &mut s, "Take a Yellow stone");
    play(&g, &mut s, "Place a Yellow stone on Owl (first pair)");
    play(&g, &mut s, "Place a Yellow stone on Owl (first pair)");
    assert_eq!(g.actor(&s), Actor::Seat(P2));
    assert_eq!(points(&g, &s, P1, Animal::Bullfrog), 2);
    check_conserved(&g, &s);
}

#[test]
fn condor_places_leftmost_first() {
    let g = game(
        ["Condor", "Gila Monster", "Owl", "Bullfrog", "Jackrabbit"],
        FS_CARDS,
    );
    let mut s = start(&g, [Card::Bear, Card::Eagle], [Blue, Teal, Orange, White]);
    let b = s.board_of(Animal::Condor).expect("in play");
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a White stone");
    play(&g, &mut s, "Place a White stone on Condor");
    assert_eq!(s.boards[0][b].spaces[0], Some(White));
}

#[test]
fn gila_monster_takes_up_to_two_colours() {
    let g = game(
        ["Condor", "Gila Monster", "Owl", "Bullfrog", "Jackrabbit"],
        FS_CARDS,
    );
    let mut s = start(&g, [Card::Bear, Card::Eagle], [Blue, Teal, Orange, White]);
    put(&mut s, P1, Animal::GilaMonster, &[(0, Purple), (1, Yellow)]);
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Blue stone");
    let e = rejects(
        &g,
        &s,
        Action::Place {
            stone: Blue,
            animal: Animal::GilaMonster,
            set: 0,
        },
    );
    assert!(e.to_string().contains("up to two different colours"), "{e}");
}

#[test]
fn jackrabbit_moves_coyote_and_takes_an_extra_turn_even_if_the_game_would_end() {
    let g = game(
        ["Condor", "Gila Monster", "Owl", "Bullfrog", "Jackrabbit"],
        FS_CARDS,
    );
    let mut s = start(&g, [Card::Bear, Card::Eagle], [Blue, Teal, Orange, White]);
    put(&mut s, P1, Animal::Jackrabbit, &[(0, Purple), (1, Yellow)]);
    // Five Spirit Stones out of the bag: the game would end at the end of this turn.
    put_spirit(&mut s, P2, Animal::Owl);
    bag_to_bowl(&mut s, Spirit, 4);
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Blue stone");
    play(&g, &mut s, "Place a Blue stone on Jackrabbit");
    play(&g, &mut s, "Move Coyote to your opponent's Condor");
    assert!(!s.over, "the extra turn still happens");
    assert_eq!(g.actor(&s), Actor::Seat(P1));
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Teal stone");
    play(&g, &mut s, "Place a Teal stone on Condor");
    // The second Take One Stone: Player 1 may move Coyote.
    play(&g, &mut s, "Leave Coyote where it is");
    assert!(s.over);
    assert_eq!(points(&g, &s, P1, Animal::Jackrabbit), 4);
}

#[test]
fn moth_completed_uses_a_spirit_power() {
    let g = game(["Rabbit", "Bullfrog", "Packrat", "Raven", "Moth"], FS_CARDS);
    let mut s = start(&g, [Card::Wolf, Card::Eagle], [Blue, Teal, Orange, White]);
    put(&mut s, P1, Animal::Moth, &[(0, Blue), (1, Blue), (2, Blue)]);
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Teal stone");
    play(&g, &mut s, "Place a Teal stone on Moth (single)");
    play(&g, &mut s, "Use Eagle (right pile)");
    play(&g, &mut s, "Take a Blue stone");
    play(&g, &mut s, "Place a Blue stone on Rabbit");
    // Eagle went to the bottom of its pile; Player 1 takes another turn.
    assert_eq!(s.piles[1][2], Some(Card::Eagle));
    play(&g, &mut s, "Bison turns up on top of a pile");
    assert_eq!(g.actor(&s), Actor::Seat(P1));
    assert_eq!(s.extra_turns.len(), 0);
    assert_eq!(s.current, P1);
}

#[test]
fn moth_during_a_spirit_power_moves_that_card_to_the_bottom_first() {
    let g = game(["Rabbit", "Bullfrog", "Packrat", "Raven", "Moth"], FS_CARDS);
    let mut s = start(&g, [Card::Wolf, Card::Eagle], [Blue, Teal, Orange, White]);
    put(&mut s, P1, Animal::Moth, &[(0, Blue), (1, Blue), (2, Blue)]);
    s.face_down[0] |= 0b1_1001;
    play(&g, &mut s, "Recover Tiles & Use Spirit Power");
    play(&g, &mut s, "Use Wolf (left pile)");
    for c in [Yellow, Yellow, Purple, Purple] {
        play(&g, &mut s, &Action::Draw(c).to_string());
    }
    play(&g, &mut s, "Take a Teal stone");
    play(&g, &mut s, "Place a Teal stone on Moth (single)");
    // Wolf goes to the bottom before the new power; the next card of its pile turns up.
    assert_eq!(s.piles[0][2], Some(Card::Wolf));
    play(&g, &mut s, "Deer turns up on top of a pile");
    let texts = legal_texts(&g, &s);
    assert_eq!(
        texts,
        vec!["Use Deer (left pile)", "Use Eagle (right pile)"]
    );
    play(&g, &mut s, "Use Eagle (right pile)");
    play(&g, &mut s, "Take a Blue stone");
    play(&g, &mut s, "Place a Blue stone on Rabbit");
    play(&g, &mut s, "Ram turns up on top of a pile");
    // Wolf is not moved a second time.
    assert_eq!(s.piles[0], [Some(Card::Deer), None, Some(Card::Wolf)]);
    assert_eq!(s.current, P1, "Eagle's extra turn");
    check_conserved(&g, &s);
}

#[test]
fn otter_completed_takes_a_stone_of_your_choice_from_the_bag() {
    let g = game(["Salmon", "Beaver", "Turtle", "Moose", "Otter"], FS_CARDS);
    let mut s = start(&g, [Card::Wolf, Card::Eagle], [Blue, Teal, Orange, White]);
    put(
        &mut s,
        P1,
        Animal::Otter,
        &[(0, Blue), (1, Teal), (2, Purple)],
    );
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take an Orange stone");
    play(&g, &mut s, "Place an Orange stone on Otter");
    // A choice, not a draw: every colour left in the bag, Spirit Stones too.
    let texts = legal_texts(&g, &s);
    assert_eq!(texts.len(), 7, "{texts:?}");
    play(&g, &mut s, "Take a Spirit Stone");
    play(
        &g,
        &mut s,
        "Place a Spirit Stone on Otter's Spirit Stone space",
    );
    assert_eq!(points(&g, &s, P1, Animal::Otter), 8);
}

#[test]
fn events_tell_what_each_decision_caused() {
    use sylvan_engine::Viewer;
    let (g, mut s) = first_steps();
    for a in [Animal::Owl, Animal::Beaver, Animal::Salmon, Animal::Turtle] {
        put_spirit(&mut s, P1, a);
    }
    put(
        &mut s,
        P1,
        Animal::Rabbit,
        &[(0, Yellow), (1, Teal), (2, Purple)],
    );
    play(&g, &mut s, "Take One Stone");
    let before = s.clone();
    play(&g, &mut s, "Take a Blue stone");
    let mut events = Vec::new();
    g.events(
        &before,
        Action::Take(Blue),
        &s,
        Viewer::Spectator,
        &mut events,
    );
    assert_eq!(
        events,
        vec![
            "Player 1 took a Blue stone",
            "Player 1 cannot place 1 Blue stone: it goes back to the bowl",
            "Player 2's turn",
        ]
    );
}

/// The events of playing `text`, told to `viewer`.
fn told(g: &Spirits, s: &mut State, text: &str, viewer: sylvan_engine::Viewer) -> Vec<String> {
    let before = s.clone();
    let a = g.parse_action(s, text).expect("legal");
    play(g, s, text);
    let mut events = Vec::new();
    g.events(&before, a, s, viewer, &mut events);
    events
}

#[test]
fn the_log_is_told_to_each_viewer_and_flags_extra_turns() {
    use sylvan_engine::Viewer;
    let g = game(
        ["Jackrabbit", "Rabbit", "Owl", "Beaver", "Salmon"],
        FS_CARDS,
    );
    let mut s = start(&g, [Card::Bear, Card::Eagle], [Blue, Teal, Orange, White]);
    put(&mut s, P1, Animal::Jackrabbit, &[(0, Teal), (1, Yellow)]);
    s.face_down[0] = 0;
    play(&g, &mut s, "Take One Stone");
    play(&g, &mut s, "Take a Blue stone");
    // "As soon as you place the third stone on this animal, you may immediately move Coyote
    // and, at the end of this turn, take an extra turn."
    let mut other = s.clone();
    let events = told(
        &g,
        &mut s,
        "Place a Blue stone on Jackrabbit",
        Viewer::Seat(P1),
    );
    assert_eq!(
        events,
        vec![
            "You placed a Blue stone on your Jackrabbit",
            "Jackrabbit is complete: you will take an extra turn at the end of this turn",
        ]
    );
    let events = told(
        &g,
        &mut other,
        "Place a Blue stone on Jackrabbit",
        Viewer::Seat(P2),
    );
    assert_eq!(
        events[0],
        "Player 1 placed a Blue stone on their Jackrabbit"
    );
    // "Player 2 moved Coyote to your Rabbit", not the mover's "your opponent's".
    let mut seen_by_p1 = s.clone();
    let events = told(
        &g,
        &mut s,
        "Move Coyote to your opponent's Rabbit",
        Viewer::Seat(P2),
    );
    assert_eq!(events[0], "Player 1 moved Coyote to your Rabbit");
    assert_eq!(
        events.last().map(String::as_str),
        Some("Player 1's turn: an extra turn")
    );
    let events = told(
        &g,
        &mut seen_by_p1,
        "Move Coyote to your opponent's Rabbit",
        Viewer::Seat(P1),
    );
    assert_eq!(events[0], "You moved Coyote to Player 2's Rabbit");
    assert_eq!(
        events.last().map(String::as_str),
        Some("Your turn: an extra turn")
    );
}

#[test]
fn a_stone_goes_to_the_bowl_only_once_no_stone_in_hand_can_be_placed() {
    let g = game(
        ["Jackrabbit", "Rabbit", "Owl", "Beaver", "Salmon"],
        FS_CARDS,
    );
    let mut s = start(&g, [Card::Bear, Card::Eagle], [Blue, Teal, Orange, White]);
    // Coyote blocks Rabbit; Jackrabbit needs one more (not Teal); every other board is closed.
    s.coyote = Some((P1, 1));
    put(&mut s, P1, Animal::Jackrabbit, &[(0, Teal), (1, Yellow)]);
    for a in [Animal::Owl, Animal::Beaver, Animal::Salmon] {
        put_spirit(&mut s, P1, a);
    }
    s.face_down[0] = 0;
    play(&g, &mut s, "Take Two Stones");
    play(&g, &mut s, "Take a Teal stone");
    play(&g, &mut s, "Take a Blue stone");
    // The Teal cannot be placed yet, but placing the Blue may free the Rabbit.
    assert_eq!(s.hands[0].get(Teal), 1);
    play(&g, &mut s, "Place a Blue stone on Jackrabbit");
    play(&g, &mut s, "Move Coyote to your opponent's Owl");
    play(&g, &mut s, "Place a Teal stone on Rabbit");
    assert_eq!(s.extra_turns.len(), 0);
    assert_eq!(s.current, P1, "Jackrabbit's extra turn");
    check_conserved(&g, &s);
}
