//! Clicking the board: every action that takes, places or completes something names the
//! drawn element it acts on, and the mover's picture draws it.

use sylvan_engine::{assert_targets_drawn, Actor, Game, GameRng, Viewer};
use sylvan_whispering_woods::{Action, Options, WhisperingWoods};

fn rules() -> Vec<WhisperingWoods> {
    let mut rules: Vec<_> = (1..=4)
        .map(|n| WhisperingWoods::new(n, Options::default()).expect("valid"))
        .collect();
    rules.push(
        WhisperingWoods::new(
            1,
            Options {
                level: 6,
                ..Options::default()
            },
        )
        .expect("solo"),
    );
    rules
}

#[test]
fn every_target_is_drawn_in_the_movers_picture() {
    let report = assert_targets_drawn(&rules(), 4, 11);
    assert!(report.decisions > 500, "{report:?}");
    assert!(report.actions_with_targets > report.decisions, "{report:?}");
    assert!(report.targets >= report.actions_with_targets, "{report:?}");
}

/// Whether the action takes a tile, places one, completes a task or picks an Animal.
fn on_the_board(a: Action) -> bool {
    matches!(
        a,
        Action::TakeForest(_)
            | Action::TakeTask(_)
            | Action::Place(_)
            | Action::Complete { .. }
            | Action::Animal(_)
            | Action::StartAnimal(_)
    )
}

#[test]
fn every_action_on_the_board_has_a_target_and_ids_name_one_element() {
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let (mut placing, mut covered) = (0u32, 0u32);
    for game in rules() {
        let mut rng = GameRng::seeded(5);
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
                    for &a in &actions {
                        if on_the_board(a) {
                            placing += 1;
                            covered += u32::from(!game.action_targets(&s, a).is_empty());
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

#[test]
fn a_place_and_a_task_name_their_hexes() {
    let game = WhisperingWoods::new(2, Options::default()).expect("valid");
    let s = game.initial_state();
    let h = sylvan_whispering_woods::Hex::new(1, -1);
    assert_eq!(
        game.action_targets(&s, Action::Place(h)),
        vec!["hex (1, -1)"]
    );
    let end = sylvan_whispering_woods::Hex::new(0, 2);
    assert_eq!(
        game.action_targets(&s, Action::Complete { task: h, end }),
        vec!["hex (1, -1)", "hex (0, 2)"]
    );
    assert_eq!(
        game.action_targets(&s, Action::TakeTask(12)),
        vec!["Forest tile 12"]
    );
    assert!(game.action_targets(&s, Action::EndTurn).is_empty());
}
