//! Clicking the board: every action that takes a wisp, chooses or turns a shape, or puts a
//! tile, a tree or the cat on a square names the drawn element it acts on, and the mover's
//! picture draws it.

use sylvan_engine::{assert_targets_drawn, Actor, Game, GameRng, Viewer};
use sylvan_wispwood::{Action, Options, Wispwood};

fn rules() -> Vec<Wispwood> {
    (1..=4)
        .map(|n| Wispwood::new(n, Options::default()).expect("valid"))
        .collect()
}

#[test]
fn every_target_is_drawn_in_the_movers_picture() {
    let report = assert_targets_drawn(&rules(), 3, 17);
    assert!(report.decisions > 500, "{report:?}");
    assert!(report.actions_with_targets > report.decisions, "{report:?}");
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
fn every_action_on_the_board_has_a_target_and_ids_name_one_element() {
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let (mut placing, mut covered) = (0u32, 0u32);
    for game in rules() {
        let mut rng = GameRng::seeded(23);
        let mut s = game.initial_state();
        while game.actor(&s) != Actor::Nobody {
            let action = match game.actor(&s) {
                Actor::Seat(seat) => {
                    game.legal_actions(&s, &mut actions);
                    let svg = game
                        .svg(&game.view(&s, Viewer::Seat(seat)))
                        .expect("a drawing");
                    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
                    let mut ids: Vec<&str> = doc
                        .descendants()
                        .filter_map(|n| n.attribute("data-target"))
                        .collect();
                    let drawn = ids.len();
                    ids.sort_unstable();
                    ids.dedup();
                    assert_eq!(ids.len(), drawn, "a target id is drawn twice: {svg}");
                    let mut seen = std::collections::HashSet::new();
                    for &a in &actions {
                        if on_the_board(a) {
                            placing += 1;
                            let t = game.action_targets(&s, a);
                            covered += u32::from(!t.is_empty());
                            // Placing a shape: one click, one placement.
                            if matches!(a, Action::Place(_)) {
                                assert!(seen.insert(t.clone()), "{a:?} shares {t:?}");
                            }
                        }
                    }
                    actions[rng.below(actions.len() as u64) as usize]
                }
                Actor::Chance => {
                    game.chance_outcomes(&s, &mut outcomes);
                    rng.pick_weighted(&outcomes)
                }
                Actor::Nobody => unreachable!(),
            };
            game.apply(&mut s, action).expect("legal");
        }
    }
    assert!(placing > 1000, "{placing}");
    assert_eq!(covered, placing, "every action on the board has a target");
}
