//! Clicking the board: every action that takes, places or completes something names the
//! drawn element it acts on, and the mover's picture draws it.

use sylvan_engine::{assert_targets_drawn_where, Game};
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
fn every_action_on_the_board_names_an_element_the_movers_picture_draws_once() {
    let report = assert_targets_drawn_where(&rules(), 4, 11, |a| on_the_board(*a));
    assert!(report.decisions > 500, "{report:?}");
    assert!(report.required > 1_000, "{report:?}");
    assert!(report.actions_with_targets > report.decisions, "{report:?}");
    assert!(report.targets >= report.actions_with_targets, "{report:?}");
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
