//! Clicking the board (issue 15): the actions that pick something on the table name the drawn
//! element they act on (an animal, a space, a battle mode tile, a card, the die), the picture
//! draws each such element once, and the texts a newcomer reads first are there.

use sylvan_engine::{assert_targets_drawn_where, for_each_decision, Game};
use sylvan_woodwalkers::{Action, Options, Side, Woodwalkers};

fn rules() -> Vec<Woodwalkers> {
    let night = Options {
        side: Side::Night,
        ..Options::default()
    };
    vec![
        Woodwalkers::new(2, Options::default()).expect("2 players"),
        Woodwalkers::new(3, Options::default()).expect("3 players"),
        Woodwalkers::new(4, Options::default()).expect("4 players"),
        Woodwalkers::new(2, night.clone()).expect("Midnight Duel, 2 players"),
        Woodwalkers::new(4, night).expect("Midnight Duel, 4 players"),
    ]
}

/// Whether the action picks something on the table: "move one of your animal tiles", the
/// space it goes to, "chooses one of the three face up battle mode tiles", an animal card
/// (placing an animal at setup, Sherri's Medicine "from one of your animal cards", the Midnight
/// Duel's guess), a starting space to go back to, the die.
fn acts_on_the_table(a: Action) -> bool {
    matches!(
        a,
        Action::Place(_)
            | Action::ChooseMode(_)
            | Action::Roll
            | Action::Reroll
            | Action::DuelRoll
            | Action::Medicine(_)
            | Action::Select(_)
            | Action::MoveTo(_)
            | Action::Guess(_)
            | Action::Retreat(_)
            | Action::TakeSpace
            | Action::StayBack
    )
}

#[test]
fn every_action_on_the_table_names_an_element_the_picture_draws_once() {
    let report = assert_targets_drawn_where(&rules(), 30, 3, |a| acts_on_the_table(*a));
    assert!(report.decisions > 5_000, "{report:?}");
    assert!(report.required > 5_000, "{report:?}");
    assert!(
        report.decisions_with_targets * 10 >= report.decisions * 9,
        "{report:?}"
    );
    assert_eq!(report.targets, report.actions_with_targets, "one id each");
}

#[test]
fn an_animal_and_a_space_are_clicked_on_their_cell() {
    let mut checked = 0;
    for_each_decision(&rules(), 3, 17, |d| {
        for &a in d.legal {
            if let Action::Select(c) | Action::MoveTo(c) = a {
                assert_eq!(d.game.action_targets(d.state, a), vec![format!("cell-{c}")]);
                checked += 1;
            }
        }
    });
    assert!(checked > 1_000, "{checked}");
}

#[test]
fn the_summary_says_what_players_do_and_how_the_game_is_won() {
    let text = Woodwalkers::summary();
    assert!(text.starts_with("Two to four players"));
    // "The player with the most points at the end wins the game."
    assert!(text.contains("The player with the most points at the end wins"));
    assert!(text.contains("battle mode"));
    assert!(text.contains("Midnight Duel"));
}
