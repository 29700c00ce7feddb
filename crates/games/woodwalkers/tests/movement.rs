//! Moving, from hand-built positions: up to the die, orthogonally, around animals, along the
//! own starting spaces and never back onto them; and bad input that names the rule and changes
//! nothing.

mod common;
use common::*;
use sylvan_engine::{Game, Seat};
use sylvan_woodwalkers::{Action, Animal, Category, Cell, Illegal, Side, State, Step, Woodwalkers};

const RED: Seat = Seat(0);
const BLUE: Seat = Seat(1);

/// Two players; Red (seat 1) holds the marker, so Blue (seat 2) rolls first.
fn two() -> (Woodwalkers, State) {
    let g = game(2, 0, Side::Day);
    let s = round_one(&g, Category::Speed);
    (g, s)
}

fn targets(g: &Woodwalkers, s: &State, seat: Seat, from: &str, roll: u8) -> Vec<String> {
    let mut t: Vec<String> =
        sylvan_woodwalkers::components::cells_of(g.targets(s, seat.index(), cell(from), roll))
            .map(|c| c.to_string())
            .collect();
    t.sort();
    t
}

/// Blue has rolled `roll` and chosen the animal on `from`.
fn blue_moves(g: &Woodwalkers, s: &mut State, roll: u8, from: &str) {
    act(g, s, Action::Roll);
    act(g, s, Action::Die(roll));
    act(g, s, Action::Select(cell(from)));
    assert_eq!(s.step, Step::Destination);
}

fn refused(g: &Woodwalkers, s: &State, a: Action) -> Illegal {
    let mut copy = s.clone();
    let e = g.apply(&mut copy, a).expect_err("illegal");
    assert_eq!(&copy, s, "a refused action changes nothing");
    e
}

#[test]
fn one_space_in_the_open_reaches_the_four_neighbours_only() {
    let (g, mut s) = two();
    put(&mut s, BLUE, Animal::Puma, "C3");
    // No diagonal moves.
    assert_eq!(targets(&g, &s, BLUE, "C3", 1), ["B3", "C2", "C4", "D3"]);
    // Two spaces: the 8 cells at distance 2 inside the board and the 4 at distance 1; C1 is a
    // Red starting space (occupied, and never enterable), B1 is outside the board.
    let two = targets(&g, &s, BLUE, "C3", 2);
    assert_eq!(
        two,
        ["B2", "B3", "B4", "C2", "C4", "C5", "D2", "D3", "D4", "E3"]
    );
}

#[test]
fn stopping_early_is_allowed() {
    let (g, mut s) = two();
    put(&mut s, BLUE, Animal::Puma, "C3");
    blue_moves(&g, &mut s, 6, "C3");
    act(&g, &mut s, Action::MoveTo(cell("C4")));
    assert_eq!(s.pos[BLUE.index()][Animal::Puma.index()], cell("C4"));
    assert_eq!(s.current, RED, "the turn is over");
}

#[test]
fn farther_than_the_roll_is_refused_naming_the_rule() {
    let (g, mut s) = two();
    put(&mut s, BLUE, Animal::Puma, "C3");
    blue_moves(&g, &mut s, 2, "C3");
    let e = refused(&g, &s, Action::MoveTo(cell("C6")));
    assert_eq!(e, Illegal::TooFar(2));
    assert!(e.to_string().contains("maximum number of spaces"), "{e}");
    // A diagonal neighbour is two orthogonal steps: fine with 2, not with 1.
    assert!(legal(&g, &s).contains(&Action::MoveTo(cell("D4"))));
}

#[test]
fn animals_cannot_be_jumped_but_can_be_gone_around() {
    let (g, mut s) = two();
    // Blue's puma in a corridor: Blue's own wolf on C4 blocks the way down.
    put(&mut s, BLUE, Animal::Puma, "C3");
    put(&mut s, BLUE, Animal::Wolf, "C4");
    let t = targets(&g, &s, BLUE, "C3", 2);
    assert!(!t.contains(&"C5".to_string()), "no jumping: {t:?}");
    assert!(!t.contains(&"C4".to_string()), "own animal's space");
    // Going around takes 4 steps: C3 D3 D4 D5 C5.
    let t = targets(&g, &s, BLUE, "C3", 4);
    assert!(t.contains(&"C5".to_string()), "{t:?}");
    blue_moves(&g, &mut s, 3, "C3");
    assert_eq!(
        refused(&g, &s, Action::MoveTo(cell("C5"))),
        Illegal::Blocked(cell("C5"))
    );
    assert_eq!(
        refused(&g, &s, Action::MoveTo(cell("C4"))),
        Illegal::Occupied(cell("C4"))
    );
}

#[test]
fn an_opponent_is_not_passed_but_challenged() {
    let (g, mut s) = two();
    put(&mut s, BLUE, Animal::Puma, "C3");
    put(&mut s, RED, Animal::Wolf, "C4");
    let t = targets(&g, &s, BLUE, "C3", 3);
    assert!(t.contains(&"C4".to_string()), "a duel: {t:?}");
    assert!(!t.contains(&"C5".to_string()), "not through it: {t:?}");
    blue_moves(&g, &mut s, 3, "C3");
    act(&g, &mut s, Action::MoveTo(cell("C4")));
    assert!(s.duel.is_some());
}

#[test]
fn moving_between_own_open_starting_spaces_and_out() {
    let (g, mut s) = two();
    // Blue's starting spaces are K3..K9; the bison on K5 leaves, opening K5.
    put(&mut s, BLUE, Animal::Bison, "F10");
    // The wolf on K4 may move along to K5 (an open starting space of its own) ...
    let t = targets(&g, &s, BLUE, "K4", 1);
    assert_eq!(t, ["J4", "K5"]);
    // ... but not through the animals on K3 and K6.
    let t = targets(&g, &s, BLUE, "K4", 2);
    assert!(!t.contains(&"K7".to_string()), "{t:?}");
    blue_moves(&g, &mut s, 1, "K4");
    act(&g, &mut s, Action::MoveTo(cell("K5")));
    assert_eq!(s.pos[BLUE.index()][Animal::Wolf.index()], cell("K5"));
}

#[test]
fn once_outside_an_animal_never_goes_back_onto_the_starting_spaces() {
    let (g, mut s) = two();
    put(&mut s, BLUE, Animal::Bison, "J5");
    // K5 is open and next to the bison, but the bison is out.
    let t = targets(&g, &s, BLUE, "J5", 3);
    assert!(t.iter().all(|c| !c.starts_with('K')), "{t:?}");
    blue_moves(&g, &mut s, 3, "J5");
    let e = refused(&g, &s, Action::MoveTo(cell("K5")));
    assert_eq!(e, Illegal::BackToStart(cell("K5")));
    assert!(e.to_string().contains("cannot move it back"), "{e}");
    // Along the starting spaces it may go, but not out and back in within one move: with the
    // wolf gone from K4, the deer on K6 (the bison on K5 in the way) cannot reach K4 through
    // J6, J5, J4.
    let (g, mut s) = two();
    put(&mut s, BLUE, Animal::Wolf, "G10");
    let t = targets(&g, &s, BLUE, "K6", 6);
    assert!(t.contains(&"J4".to_string()), "{t:?}");
    assert!(!t.contains(&"K4".to_string()), "out and back in: {t:?}");
    assert!(targets(&g, &s, BLUE, "K5", 1).contains(&"K4".to_string()));
}

#[test]
fn another_players_starting_spaces_are_closed_even_when_empty() {
    let g = game(2, 0, Side::Day);
    let mut s = round_one(&g, Category::Speed);
    put(&mut s, BLUE, Animal::Puma, "C2");
    // Red's puma leaves C1 open; Green's starting spaces (absent colour) are closed too.
    put(&mut s, RED, Animal::Puma, "E5");
    let t = targets(&g, &s, BLUE, "C2", 1);
    assert!(!t.contains(&"C1".to_string()), "{t:?}");
    put(&mut s, BLUE, Animal::Wolf, "B4");
    let t = targets(&g, &s, BLUE, "B4", 1);
    assert!(!t.contains(&"A4".to_string()), "{t:?}");
    blue_moves(&g, &mut s, 1, "C2");
    let e = refused(&g, &s, Action::MoveTo(cell("C1")));
    assert_eq!(e, Illegal::OtherStart(cell("C1")));
    assert!(e.to_string().contains("starting spaces of another player"));
    assert_eq!(
        refused(&g, &s, Action::MoveTo(cell("A1"))),
        Illegal::OffBoard(cell("A1"))
    );
}

#[test]
fn with_no_animal_able_to_move_the_roll_passes() {
    let (g, mut s) = two();
    // Every Blue animal is out of the game (three wounds each): after rolling, nothing can
    // move and the turn passes.
    for a in Animal::ALL {
        s.pos[BLUE.index()][a.index()] = Cell::NONE;
        s.wounds[BLUE.index()][a.index()] = 3;
        s.removed[BLUE.index()] |= 1 << a.index();
    }
    sound(&g, &s);
    act(&g, &mut s, Action::Roll);
    act(&g, &mut s, Action::Die(4));
    assert_eq!(legal(&g, &s), vec![Action::Pass]);
    act(&g, &mut s, Action::Pass);
    assert_eq!((s.step, s.current), (Step::TurnStart, RED));
}

#[test]
fn bad_input_names_the_rule_and_changes_nothing() {
    let (g, mut s) = two();
    // A reroll without a die tile.
    let e = refused(&g, &s, Action::Reroll);
    assert_eq!(e, Illegal::NoDieTile);
    // Medicine without a medicine tile, and with one but no wound.
    assert_eq!(
        refused(&g, &s, Action::Medicine(Animal::Wolf)),
        Illegal::NoMedicine
    );
    s.medicine[BLUE.index()] = 1;
    let e = refused(&g, &s, Action::Medicine(Animal::Wolf));
    assert_eq!(e, Illegal::NoWound(Animal::Wolf));
    assert!(e.to_string().contains("removes one wound"), "{e}");
    // A guess outside a duel (and by day).
    assert_eq!(
        refused(&g, &s, Action::Guess(Animal::Wolf)),
        Illegal::DayNoGuess
    );
    let night = game(2, 0, Side::Night);
    let mut n = start(
        &night,
        [Category::Strength, Category::Speed, Category::Intelligence],
    );
    choose(&night, &mut n, Category::Strength);
    let e = refused(&night, &n, Action::Guess(Animal::Wolf));
    assert_eq!(e, Illegal::GuessOutsideDuel);
    assert!(e.to_string().contains("only in a duel"), "{e}");
    // Chance outcomes from a player, and moves before rolling.
    assert!(matches!(
        refused(&g, &s, Action::Die(6)),
        Illegal::NotThisChance(_)
    ));
    assert!(matches!(
        refused(&g, &s, Action::MoveTo(cell("J5"))),
        Illegal::NotNow(_)
    ));
    // Choosing an animal that is not yours.
    act(&g, &mut s, Action::Roll);
    act(&g, &mut s, Action::Die(2));
    assert_eq!(
        refused(&g, &s, Action::Select(cell("C1"))),
        Illegal::NotYourAnimal(cell("C1"))
    );
    assert_eq!(refused(&g, &s, Action::Pass), Illegal::MustMove);
    // At a chance point a player's action is refused.
    let mut c = s.clone();
    c.step = Step::MoveDie;
    assert_eq!(refused(&g, &c, Action::Skip), Illegal::ChanceDecides);
    let _ = Cell::NONE;
}
