//! Clicking the board: every action that takes a wisp, chooses or turns a shape, or puts a
//! tile, a tree or the cat on a square names the drawn element it acts on, and the mover's
//! picture draws it.

use std::collections::HashSet;

use sylvan_engine::{assert_targets_drawn_where, for_each_decision, Game};
use sylvan_wispwood::{Action, Options, Wispwood};

fn rules() -> Vec<Wispwood> {
    (1..=4)
        .map(|n| Wispwood::new(n, Options::default()).expect("valid"))
        .collect()
}

/// Whether the action picks or puts something on the board.
fn on_the_board(a: Action) -> bool {
    matches!(
        a,
        Action::TakeWisp(_)
            | Action::CatTakeWisp(_)
            | Action::CattyStart(_)
            | Action::Shape(_)
            | Action::Orient(_)
            | Action::Place(_)
            | Action::WispOn(_)
            | Action::Tree(_)
            | Action::MoveCat(_)
    )
}

#[test]
fn every_action_on_the_board_names_an_element_the_movers_picture_draws_once() {
    let report = assert_targets_drawn_where(&rules(), 3, 17, |a| on_the_board(*a));
    assert!(report.decisions > 500, "{report:?}");
    assert!(report.required > 1_000, "{report:?}");
    assert!(report.actions_with_targets > report.decisions, "{report:?}");
}

#[test]
fn placing_a_shape_is_one_click_one_placement() {
    let mut places = 0;
    for_each_decision(&rules(), 2, 23, |d| {
        let mut seen = HashSet::new();
        for &a in d.legal {
            if let Action::Place(_) = a {
                let t = d.game.action_targets(d.state, a);
                assert!(seen.insert(t.clone()), "{a:?} shares {t:?}");
                places += 1;
            }
        }
    });
    assert!(places > 100, "{places}");
}
