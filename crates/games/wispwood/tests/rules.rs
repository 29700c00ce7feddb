//! Hand-built positions: placement (rotation, mirroring, grid bounds, disconnected wisps),
//! each cat action, dealing, the forced tree turn, the round end and its final turns, and bad
//! input refused with the rule named and nothing changed.

use sylvan_engine::{Actor, Game, Seat};
use sylvan_wispwood::{board, Action, Forest, Illegal, Options, Phase, State, Wisp, Wispwood};

const GOALS: [&str; 5] = [
    "One Grove to Rule",
    "Pumpkin Seedoku",
    "Way of Light",
    "On the Fence",
    "Sign of Light",
];

fn game(players: usize) -> Wispwood {
    let options = Options {
        goals: GOALS.iter().map(|s| s.to_string()).collect(),
        start: Some(0),
        ..Options::default()
    };
    Wispwood::new(players, options).expect("valid options")
}

/// The start of the first turn, the pond dealt as given.
fn start(g: &Wispwood, pond: [Wisp; 8]) -> State {
    let mut s = g.initial_state();
    for w in pond {
        assert_eq!(g.actor(&s), Actor::Chance);
        g.apply(&mut s, Action::Reveal(w)).expect("a possible deal");
    }
    assert_eq!(s.phase, Phase::TurnStart);
    s
}

/// Replaces a seat's forest, keeping the tile accounting right (trees come from the stacks).
fn set_forest(s: &mut State, seat: usize, rows: &[&str], top: usize, left: usize) {
    let old = s.forests[seat];
    let f = Forest::from_rows(rows, top, left).expect("forest");
    s.stacks = s.stacks + old.trees.count_ones() as u16 - f.trees.count_ones() as u16;
    // Wisps come from the stacks, face up.
    s.stacks = s.stacks + old.all_wisps().count_ones() as u16 - f.all_wisps().count_ones() as u16;
    for w in Wisp::ALL {
        s.unseen[w.index()] += old.count(w) as u16;
        s.unseen[w.index()] -= f.count(w) as u16;
    }
    s.forests[seat] = f;
}

fn legal(g: &Wispwood, s: &State) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(s, &mut out);
    out
}

fn sq(r: usize, c: usize) -> u8 {
    board::square(r, c)
}

/// Rejects `a` with an error, checks the state is unchanged, and returns the error's text.
fn refused(g: &Wispwood, s: &State, a: Action) -> Illegal {
    let mut copy = s.clone();
    let e = g.apply(&mut copy, a).expect_err("illegal");
    assert_eq!(&copy, s, "nothing changes");
    e
}

const JACKS: [Wisp; 8] = [Wisp::Jack; 8];
const MIXED: [Wisp; 8] = [
    Wisp::Jack,
    Wisp::Heart,
    Wisp::Witch,
    Wisp::Orb,
    Wisp::Jack,
    Wisp::Heart,
    Wisp::Witch,
    Wisp::Orb,
];

#[test]
fn every_orientation_of_each_shape_is_offered_rotated_and_mirrored() {
    let g = game(2);
    let s = start(&g, JACKS);
    // Shapes in ring order: domino, I3, L3, O, I4, T, S, L4.
    let expected = [2, 2, 4, 1, 2, 4, 4, 8];
    for (shape, n) in expected.into_iter().enumerate() {
        let mut t = s.clone();
        let space = shape as u8; // shape i is beside space i
        g.apply(&mut t, Action::TakeWisp(space)).expect("a jack");
        g.apply(&mut t, Action::Shape(shape as u8)).expect("beside");
        let orients = legal(&g, &t);
        assert_eq!(orients.len(), n, "shape {shape}: {orients:?}");
    }
}

#[test]
fn a_basic_turn_places_the_wisp_and_trees_beside_the_cat() {
    let g = game(2);
    let mut s = start(&g, MIXED);
    let stacks = s.stacks;
    // The jack on space 1 with the domino; the domino lying flat.
    for a in [Action::TakeWisp(0), Action::Shape(0), Action::Orient(0)] {
        g.apply(&mut s, a).expect("legal");
    }
    // The cat is at f6 (5,5): a domino at (5,6)-(5,7) is beside it.
    g.apply(&mut s, Action::Place(sq(5, 6)))
        .expect("beside the cat");
    let wisp_squares = legal(&g, &s);
    assert_eq!(
        wisp_squares,
        [Action::WispOn(sq(5, 6)), Action::WispOn(sq(5, 7))]
    );
    g.apply(&mut s, Action::WispOn(sq(5, 7)))
        .expect("in the shape");
    let f = s.forest(Seat(0));
    assert_eq!(f.wisp_at(sq(5, 7)), Some(Wisp::Jack));
    assert_eq!(f.trees, board::bit(sq(5, 6)));
    assert_eq!(s.pond[0], None, "dwindling wisps: not replaced");
    assert_eq!(s.stacks, stacks - 1, "one tree from the stacks");
    assert_eq!(s.current, Seat(1));
    g.check_invariants(&s).expect("tiles conserved");
}

#[test]
fn placements_off_the_grid_or_not_beside_are_refused_naming_the_rule() {
    let g = game(2);
    let mut s = start(&g, MIXED);
    // A forest 4 wide already: round 1 allows no fifth column.
    set_forest(&mut s, 0, &["TTCT"], 5, 3);
    for a in [Action::TakeWisp(0), Action::Shape(0), Action::Orient(0)] {
        g.apply(&mut s, a).expect("legal");
    }
    // Flat domino to the right of the row: 6 columns.
    let e = refused(&g, &s, Action::Place(sq(5, 7)));
    assert_eq!(e, Illegal::OutOfGrid(4));
    assert!(e.to_string().contains("4×4 grid"), "{e}");
    // Far away from every tile.
    let e = refused(&g, &s, Action::Place(sq(8, 3)));
    assert_eq!(e, Illegal::NotBeside);
    assert!(e
        .to_string()
        .contains("beside a tile already in your forest"));
    // On top of a tile.
    assert_eq!(refused(&g, &s, Action::Place(sq(5, 3))), Illegal::Occupied);
    // Below the row is fine.
    g.apply(&mut s, Action::Place(sq(6, 3)))
        .expect("inside a 4x4 grid");
}

#[test]
fn a_shape_that_is_not_beside_the_wisp_is_refused() {
    let g = game(2);
    let mut s = start(&g, MIXED);
    g.apply(&mut s, Action::TakeWisp(0)).expect("legal");
    // Space 1 lies between shapes 1 and 2 (indices 0 and 1).
    assert_eq!(legal(&g, &s), [Action::Shape(0), Action::Shape(1)]);
    let e = refused(&g, &s, Action::Shape(4));
    assert_eq!(e, Illegal::ShapeNotBeside);
}

#[test]
fn a_witch_against_the_card_is_refused_and_an_unplaceable_witch_cannot_be_taken() {
    let g = game(2);
    let mut s = start(&g, MIXED);
    // On the Fence: a new witch must be in the cat's row or column.
    for a in [Action::TakeWisp(2), Action::Shape(2)] {
        g.apply(&mut s, a).expect("legal");
    }
    // The L-tromino's first orientation: (0,0),(1,0),(1,1) at (4,5): squares (4,5),(5,5)? no: the cat.
    let orient = legal(&g, &s)[0];
    g.apply(&mut s, orient).expect("legal");
    let Phase::Anchor { shape, orient, .. } = s.phase else {
        panic!("anchor step")
    };
    let _ = (shape, orient);
    // Every listed anchor can take the witch; choose one and a square off the cat's lines.
    let anchors = legal(&g, &s);
    assert!(!anchors.is_empty());
    let mut found_refusal = false;
    for a in anchors {
        let mut t = s.clone();
        g.apply(&mut t, a).expect("listed");
        let ok = legal(&g, &t);
        let Action::Place(corner) = a else { panic!() };
        for dr in 0..3 {
            for dc in 0..3 {
                let (r, c) = board::row_col(corner);
                let x = sq(r + dr, c + dc);
                if !ok.contains(&Action::WispOn(x))
                    && t.forest(Seat(0)).occupied() & board::bit(x) == 0
                {
                    let mut u = t.clone();
                    if let Err(e) = g.apply(&mut u, Action::WispOn(x)) {
                        assert_eq!(u, t);
                        if matches!(e, Illegal::Witch(_)) {
                            assert!(e.to_string().contains("row or column"), "{e}");
                            found_refusal = true;
                        }
                    }
                }
            }
        }
    }
    assert!(
        found_refusal,
        "some square of a placed shape is off the cat's lines"
    );

    // A forest where no square in the cat's row or column can be reached: the witch cannot be
    // taken at all, the other wisps can.
    let mut s = start(&g, MIXED);
    set_forest(&mut s, 0, &["TTTT", "TTCT", "TTTT", "...."], 3, 3);
    let actions = legal(&g, &s);
    assert!(!actions.contains(&Action::TakeWisp(2)), "{actions:?}");
    assert!(actions.contains(&Action::TakeWisp(0)), "{actions:?}");
    let e = refused(&g, &s, Action::TakeWisp(2));
    assert!(matches!(e, Illegal::Witch(_)), "{e}");
}

#[test]
fn dealing_new_wisps_when_all_are_one_type_is_optional_and_otherwise_refused() {
    let g = game(2);
    let s = start(&g, JACKS);
    assert!(legal(&g, &s).contains(&Action::DealNew));
    let mut t = s.clone();
    g.apply(&mut t, Action::DealNew).expect("all jacks");
    let mut events = Vec::new();
    g.events(
        &s,
        Action::DealNew,
        &t,
        sylvan_engine::Viewer::Spectator,
        &mut events,
    );
    assert_eq!(
        events,
        vec![
            "Player 1 discards the wisps, all of one type, and deals new ones",
            "8 new wisps are dealt to the pond"
        ]
    );
    // Issue 11, point 6: the mover reads it in the second person.
    events.clear();
    g.events(
        &s,
        Action::DealNew,
        &t,
        sylvan_engine::Viewer::Seat(sylvan_engine::Seat(0)),
        &mut events,
    );
    assert_eq!(
        events[0],
        "You discard the wisps, all of one type, and deal new ones"
    );
    assert_eq!(
        t.phase,
        Phase::Deal {
            left: 8,
            catty: false
        }
    );
    assert_eq!(t.discard, [8, 0, 0, 0]);
    assert!(
        t.forest(Seat(0)).cat_ready,
        "the free deal does not hide the cat"
    );
    let m = start(&g, MIXED);
    assert_eq!(refused(&g, &m, Action::DealNew), Illegal::NotOneType);
}

#[test]
fn an_empty_pond_is_refilled_with_8_at_the_start_of_a_turn() {
    let g = game(2);
    let mut s = start(&g, MIXED);
    // Player 1 takes the last wisp: the pond is empty for Player 2.
    s.pond = [None, None, None, None, None, None, None, Some(Wisp::Orb)];
    s.discard[0] += 2;
    s.discard[1] += 2;
    s.discard[2] += 2;
    s.discard[3] += 1;
    for a in [
        Action::TakeWisp(7),
        Action::Shape(0),
        Action::Orient(0),
        Action::Place(sq(5, 6)),
        Action::WispOn(sq(5, 6)),
    ] {
        g.apply(&mut s, a).expect("legal");
    }
    assert_eq!(s.current, Seat(1));
    assert_eq!(
        s.phase,
        Phase::Deal {
            left: 8,
            catty: false
        },
        "a mandatory deal"
    );
    g.check_invariants(&s).expect("conserved");
}

#[test]
fn the_cat_deals_new_wisps_and_then_the_turn_goes_on() {
    let g = game(2);
    let mut s = start(&g, MIXED);
    g.apply(&mut s, Action::CatDeal).expect("the cat is ready");
    assert!(!s.forest(Seat(0)).cat_ready);
    for w in MIXED {
        g.apply(&mut s, Action::Reveal(w)).expect("deal");
    }
    assert_eq!((s.phase, s.current), (Phase::TurnStart, Seat(0)));
    let actions = legal(&g, &s);
    assert!(actions.contains(&Action::TakeWisp(0)));
    assert!(!actions.contains(&Action::CatDeal) && !actions.contains(&Action::CatTakeWisp(0)));
    // A cat action while hidden names the rule.
    let e = refused(&g, &s, Action::CatDeal);
    assert_eq!(e, Illegal::CatHidden);
    assert!(e.to_string().contains("tree turn"));
    assert_eq!(refused(&g, &s, Action::CatTakeWisp(1)), Illegal::CatHidden);
}

#[test]
fn the_cat_takes_a_wisp_with_any_shape_of_the_pond() {
    let g = game(2);
    let mut s = start(&g, MIXED);
    g.apply(&mut s, Action::CatTakeWisp(0)).expect("ready cat");
    assert!(!s.forest(Seat(0)).cat_ready);
    assert_eq!(legal(&g, &s).len(), 8, "all 8 shapes");
    g.apply(&mut s, Action::Shape(7))
        .expect("the L-tetromino, not beside space 1");
}

#[test]
fn a_tree_turn_places_1_to_3_trees_and_readies_the_cat() {
    let g = game(2);
    let mut s = start(&g, MIXED);
    s.forests[0].cat_ready = false;
    g.apply(&mut s, Action::TreeTurn).expect("always allowed");
    assert_eq!(
        refused(&g, &s, Action::EndTreeTurn),
        Illegal::AtLeastOneTree
    );
    assert_eq!(refused(&g, &s, Action::Tree(sq(0, 0))), Illegal::NotBeside);
    g.apply(&mut s, Action::Tree(sq(5, 6)))
        .expect("beside the cat");
    g.apply(&mut s, Action::Tree(sq(5, 7)))
        .expect("beside the tree");
    g.apply(&mut s, Action::Tree(sq(5, 8)))
        .expect("still 4 wide");
    // Three trees end the turn; the cat is ready again.
    assert_eq!(s.current, Seat(1));
    assert!(s.forest(Seat(0)).cat_ready);
    assert_eq!(s.forest(Seat(0)).trees.count_ones(), 3);
}

#[test]
fn a_tree_turn_is_forced_when_no_basic_turn_is_legal() {
    let g = game(2);
    let mut s = start(&g, MIXED);
    // One hole left in the 4x4 grid: no shape of 2 or more tiles fits.
    set_forest(&mut s, 0, &["TTTT", "TTCT", "TT.T", "TTTT"], 3, 3);
    s.forests[0].cat_ready = false;
    assert_eq!(legal(&g, &s), [Action::TreeTurn]);
    assert_eq!(refused(&g, &s, Action::TakeWisp(0)), Illegal::NoRoom);
}

#[test]
fn the_round_ends_after_the_last_player_and_others_take_a_final_turn() {
    let g = game(3);
    let mut s = start(&g, MIXED);
    // Player 1 takes a tree turn; Player 2 fills the grid; Player 3 takes the final turn.
    g.apply(&mut s, Action::TreeTurn).expect("tree turn");
    g.apply(&mut s, Action::Tree(sq(4, 5))).expect("beside");
    g.apply(&mut s, Action::EndTreeTurn).expect("one tree");
    set_forest(&mut s, 1, &["TTTT", "TJCT", "TT.T", "TTTT"], 3, 3);
    assert_eq!(s.current, Seat(1));
    g.apply(&mut s, Action::TreeTurn).expect("tree turn");
    g.apply(&mut s, Action::Tree(sq(5, 5))).expect("the hole");
    assert_eq!(s.ender, Some(Seat(1)));
    assert_eq!(
        (s.current, s.phase),
        (Seat(2), Phase::TurnStart),
        "a final turn"
    );
    g.apply(&mut s, Action::TreeTurn).expect("tree turn");
    g.apply(&mut s, Action::Tree(sq(5, 6))).expect("beside");
    g.apply(&mut s, Action::EndTreeTurn).expect("one tree");
    // The round is scored: Player 2 has the grid bonus (2) and the largest grove (14 trees).
    assert_eq!(s.phase, Phase::MoveCat);
    assert_eq!(
        s.current,
        Seat(0),
        "cats move in turn order from the start player"
    );
    assert_eq!(s.scores[1][0][5], 2);
    assert_eq!(s.scores[1][0][0], 14);
    assert_eq!(s.scores[0][0][5], 0);
    assert_eq!(g.score(&s).totals[1], s.scores[1][0].iter().sum::<i32>());

    // Between rounds: Player 2's cat moves onto a tree; trees go back, the tile under the cat
    // and the wisps stay; the grid grows to 5x5.
    g.apply(&mut s, Action::CatStays).expect("stays");
    let before = s.stacks;
    let trees: u32 = s.forests.iter().map(|f| f.trees.count_ones()).sum();
    g.apply(&mut s, Action::MoveCat(sq(3, 3))).expect("a tree");
    g.apply(&mut s, Action::CatStays).expect("stays");
    assert_eq!(s.round, 1);
    assert_eq!(
        s.stacks as u32,
        before as u32 + trees - 1,
        "all trees but the one under the cat"
    );
    let f = s.forest(Seat(1));
    assert_eq!(f.trees, 0);
    assert!(f.cat_tile);
    assert_eq!(f.count(Wisp::Jack), 1);
    assert_eq!(g.grid(s.round), 5);
    assert_eq!(
        s.pond.iter().flatten().count(),
        8,
        "the pond is not refilled or emptied"
    );
    g.check_invariants(&s).expect("conserved");
}

#[test]
fn if_the_last_player_finishes_first_no_one_gets_another_turn() {
    let g = game(2);
    let mut s = start(&g, MIXED);
    g.apply(&mut s, Action::TreeTurn).expect("tree turn");
    g.apply(&mut s, Action::Tree(sq(4, 5))).expect("beside");
    g.apply(&mut s, Action::EndTreeTurn).expect("one tree");
    set_forest(&mut s, 1, &["TTTT", "TTCT", "TT.T", "TTTT"], 3, 3);
    g.apply(&mut s, Action::TreeTurn).expect("tree turn");
    g.apply(&mut s, Action::Tree(sq(5, 5))).expect("the hole");
    assert_eq!(s.phase, Phase::MoveCat);
    assert_eq!(s.scores[1][0][5], 2);
}

#[test]
fn the_grid_grows_between_rounds_and_disconnected_wisps_take_new_tiles() {
    let g = game(2);
    let mut s = start(&g, MIXED);
    // Round 2, after the trees went back: the cat and a jack two squares away.
    set_forest(&mut s, 0, &["C.J"], 5, 5);
    s.round = 1;
    // Five wide now: a flat domino beside the lone jack reaches column 5+4.
    let mut t = s.clone();
    for a in [Action::TakeWisp(0), Action::Shape(0), Action::Orient(0)] {
        g.apply(&mut t, a).expect("legal");
    }
    let anchors = legal(&g, &t);
    assert!(
        anchors.contains(&Action::Place(sq(5, 8))),
        "beside the lone jack: {anchors:?}"
    );
    // A flat I-tromino there would make the forest 6 wide.
    for a in [Action::TakeWisp(0), Action::Shape(1), Action::Orient(0)] {
        g.apply(&mut s, a).expect("legal");
    }
    assert_eq!(
        refused(&g, &s, Action::Place(sq(5, 8))),
        Illegal::OutOfGrid(5)
    );
    let s = t;
    // Round 1 would refuse the same placement.
    let mut s = s;
    s.round = 0;
    assert_eq!(
        refused(&g, &s, Action::Place(sq(5, 8))),
        Illegal::OutOfGrid(4)
    );
}

#[test]
fn the_stacks_are_refilled_from_the_discard_pile_when_they_run_out() {
    let g = game(2);
    let mut s = start(&g, MIXED);
    // Move every stack tile to the discard pile (as if seen and discarded).
    let n = s.stacks;
    for w in 0..4 {
        s.discard[w] += s.unseen[w];
        s.unseen[w] = 0;
    }
    s.stacks = 0;
    assert_eq!(n as u32, s.discard.iter().map(|&d| d as u32).sum::<u32>());
    g.apply(&mut s, Action::TreeTurn).expect("tree turn");
    g.apply(&mut s, Action::Tree(sq(4, 5)))
        .expect("a tree from the refilled stacks");
    assert_eq!(s.discard, [0; 4]);
    assert_eq!(s.stacks, n - 1);
    g.check_invariants(&s).expect("conserved");
}

#[test]
fn garbage_never_panics_and_is_refused() {
    let g = game(4);
    let s = start(&g, MIXED);
    let junk = [
        Action::Goal(200),
        Action::StartPlayer(9),
        Action::TakeWisp(200),
        Action::Shape(99),
        Action::Orient(99),
        Action::Place(250),
        Action::WispOn(255),
        Action::Tree(255),
        Action::MoveCat(7),
    ];
    for a in junk {
        refused(&g, &s, a);
        let mut t = s.clone();
        g.apply_unchecked(&mut t, a);
    }
}

/// Issue 11, point 1: the refusal names the pond space as the move names it (1-based).
#[test]
fn taking_from_an_empty_pond_space_names_the_space_the_player_typed() {
    let g = game(2);
    let mut s = start(&g, MIXED);
    s.pond[5] = None;
    let e = refused(&g, &s, Action::TakeWisp(5));
    assert_eq!(e.to_string(), "there is no wisp on pond space 6");
    let typed = g
        .parse_action(&s, "choose the wisp on space 6")
        .expect_err("space 6 is empty");
    assert!(
        typed.0.ends_with("there is no wisp on pond space 6"),
        "{}",
        typed.0
    );
}

/// Issue 11, point 6: nobody reads another player's decision as "your cat", a decision is
/// never logged as the bare command, and articles and plurals come out right.
#[test]
fn the_log_is_worded_for_its_reader() {
    let rules = [game(2), game(3)];
    let mut checked = 0;
    sylvan_engine::walk_games(
        &rules,
        3,
        5,
        |_| None,
        |step| {
            for k in 0..step.game.players() {
                let me = Seat(k as u8);
                for e in &step.events(sylvan_engine::Viewer::Seat(me)) {
                    checked += 1;
                    assert!(!e.contains("a orb"), "{e}");
                    if let Actor::Seat(s) = step.actor {
                        if s != me {
                            assert!(!e.contains("your "), "{me} reads {e:?}");
                        }
                        assert!(!e.starts_with(&format!("{s}: ")), "{me} reads {e:?}");
                    }
                }
            }
        },
    );
    assert!(checked > 2_000, "{checked}");
}
