//! Clicking the board (issue 15): the actions that pick something on the table name the drawn
//! element they act on (an animal, a space, a battle mode tile, a card, the die), the picture
//! draws each such element once, and the texts a newcomer reads first are there.

use std::collections::BTreeSet;

use sylvan_engine::{assert_targets_drawn, Actor, Game, GameRng, Viewer};
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
fn every_action_on_the_table_names_an_element_the_picture_draws() {
    let report = assert_targets_drawn(&rules(), 30, 3);
    assert!(report.decisions > 5_000, "{report:?}");
    assert!(
        report.actions_with_targets * 10 >= report.decisions * 9,
        "{report:?}"
    );
    assert_eq!(report.targets, report.actions_with_targets, "one id each");
}

#[test]
fn targets_are_unique_and_every_table_action_has_one() {
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let (mut decisions, mut with_target) = (0u32, 0u32);
    for (r, g) in rules().iter().enumerate() {
        for seed in 0..3u64 {
            let mut rng = GameRng::seeded(seed * 17 + r as u64);
            let mut s = g.initial_state();
            while g.actor(&s) != Actor::Nobody {
                let a = match g.actor(&s) {
                    Actor::Seat(seat) => {
                        g.legal_actions(&s, &mut actions);
                        let svg = g.svg(&g.view(&s, Viewer::Seat(seat))).expect("drawn");
                        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
                        let mut seen = BTreeSet::new();
                        for id in doc.descendants().filter_map(|n| n.attribute("data-target")) {
                            assert!(seen.insert(id), "{id} is drawn twice");
                        }
                        decisions += 1;
                        let mut any = false;
                        for &a in &actions {
                            let ids = g.action_targets(&s, a);
                            any |= !ids.is_empty();
                            if acts_on_the_table(a) {
                                assert!(!ids.is_empty(), "{a} names no element");
                            }
                            if let Action::Select(c) | Action::MoveTo(c) = a {
                                assert_eq!(ids, vec![format!("cell-{c}")]);
                            }
                        }
                        with_target += u32::from(any);
                        actions[rng.below(actions.len() as u64) as usize]
                    }
                    _ => {
                        g.chance_outcomes(&s, &mut outcomes);
                        rng.pick_weighted(&outcomes)
                    }
                };
                g.apply_unchecked(&mut s, a);
            }
        }
    }
    assert!(
        with_target * 10 >= decisions * 9,
        "{with_target} of {decisions} decisions offer a board click"
    );
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
