//! Clicking the board (issue 15): the actions that pick something on the table name the drawn
//! element they act on, the picture draws each such element once, and the texts a newcomer
//! reads first (the summary) are there.

use std::collections::BTreeSet;

use sylvan_engine::{assert_targets_drawn_where, for_each_decision, Actor, Game, GameRng, Viewer};
use sylvan_spirits::{Action, Options, Pick, Spirits};

fn rules() -> Vec<Spirits> {
    let random = Options {
        set: "random".into(),
        animals: Some(Pick::Random("random".into())),
        cards: Some(Pick::Random("random".into())),
        ..Options::default()
    };
    vec![
        Spirits::new(2, Options::default()).expect("First Steps"),
        Spirits::new(2, random).expect("a random set"),
    ]
}

/// Whether the rulebook's action is one a person does on the table: "choose one of your faceup
/// action tiles", take or return a stone, place it "onto one of your animal boards", move Coyote
/// "to one of your opponent's animal boards", choose "one of the two faceup Spirit Power cards",
/// remove a stone from a board.
fn acts_on_the_table(a: Action) -> bool {
    matches!(
        a,
        Action::Tile(_)
            | Action::Pass(_)
            | Action::Take(_)
            | Action::Place { .. }
            | Action::MoveCoyote(_)
            | Action::KeepCoyote
            | Action::UseCard { .. }
            | Action::Remove { .. }
            | Action::Return(_)
            | Action::Give(_)
            | Action::TakeAll(_)
            | Action::ReturnAll(_)
            | Action::Empty(_)
    )
}

#[test]
fn every_action_on_the_table_names_an_element_the_picture_draws_once() {
    let report = assert_targets_drawn_where(&rules(), 30, 11, |a| acts_on_the_table(*a));
    assert!(report.decisions > 1_000, "{report:?}");
    assert!(report.required > 1_000, "{report:?}");
    // Most decisions are tiles, stones and boards: nearly every one can be made by a click.
    assert!(
        report.decisions_with_targets * 10 >= report.decisions * 9,
        "{report:?}"
    );
    assert!(report.targets >= report.actions_with_targets, "{report:?}");
}

#[test]
fn a_place_names_the_stone_in_hand_then_the_space() {
    let mut checked = 0;
    for_each_decision(&rules(), 6, 31, |d| {
        for &a in d.legal {
            if let Action::Place { .. } = a {
                let ids = d.game.action_targets(d.state, a);
                assert_eq!(ids.len(), 2, "{a}: {ids:?}");
                assert!(ids[0].contains("-hand-"), "{a}: {ids:?}");
                checked += 1;
            }
        }
    });
    assert!(checked > 100, "{checked}");
}

#[test]
fn a_place_names_the_leftmost_open_space_of_the_set() {
    // "Stones must always be placed on the leftmost open space" (Ants): the click target is the
    // space the stone will occupy.
    let g = &rules()[0];
    let mut rng = GameRng::seeded(5);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut s = g.initial_state();
    let mut checked = 0;
    while g.actor(&s) != Actor::Nobody && checked < 40 {
        let a = match g.actor(&s) {
            Actor::Seat(_) => {
                g.legal_actions(&s, &mut actions);
                let a = actions[rng.below(actions.len() as u64) as usize];
                if let Action::Place { stone, animal, .. } = a {
                    if !stone.is_spirit() {
                        let ids = g.action_targets(&s, a);
                        let b = s.board_of(animal).expect("in play");
                        let who = s.current.index();
                        let filled_before = s.boards[who][b].stone_count();
                        let mut after = s.clone();
                        g.apply_unchecked(&mut after, a);
                        // The space named is the one that now holds the stone.
                        let number: usize = ids[1]
                            .rsplit('-')
                            .next()
                            .and_then(|n| n.parse().ok())
                            .expect("a space number");
                        if after.boards[who][b].stone_count() > filled_before {
                            assert_eq!(after.boards[who][b].spaces[number - 1], Some(stone));
                            assert_eq!(s.boards[who][b].spaces[number - 1], None);
                            checked += 1;
                        }
                    }
                }
                a
            }
            _ => {
                g.chance_outcomes(&s, &mut outcomes);
                rng.pick_weighted(&outcomes)
            }
        };
        g.apply_unchecked(&mut s, a);
    }
    assert!(checked > 10, "only {checked} placements checked");
}

#[test]
fn the_summary_says_what_players_do_and_how_the_game_is_won() {
    let text = Spirits::summary();
    // Object of the Game: "Use action tiles to collect and place colorful stones onto your
    // animal boards for points, while avoiding Coyote. The player with the most points at the
    // end of the game wins."
    assert!(text.contains("Use action tiles to collect and place colorful stones"));
    assert!(text.contains("most points wins"));
    assert!(text.contains("5 or more Spirit Stones"));
    assert!(text.starts_with("Two players"));
}

#[test]
fn every_decision_has_help_and_every_card_in_play_its_text() {
    use sylvan_spirits::Card;
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut helped = BTreeSet::new();
    for (r, g) in rules().iter().enumerate() {
        for seed in 0..20u64 {
            let mut rng = GameRng::seeded(seed * 7 + r as u64);
            let mut s = g.initial_state();
            while g.actor(&s) != Actor::Nobody {
                let a = match g.actor(&s) {
                    Actor::Seat(seat) => {
                        let view = g.view(&s, Viewer::Seat(seat));
                        let help = g.decision_help(&view);
                        assert!(!help.is_empty(), "no help for '{}'", view.deciding);
                        helped.insert(view.deciding.replace("Player 2", "Player 1"));
                        // A card's decision quotes the card: "Elk: Choose one: either take
                        // two non-Spirit Stones from the bowl, or ...".
                        for card in Card::ALL {
                            if view.deciding.contains(&format!("({card})")) {
                                assert!(help.starts_with(&format!("{card}: ")), "{help}");
                            }
                        }
                        let rules = g.rules_text(&view);
                        for pile in &view.piles {
                            if let Some(card) = pile.top {
                                assert!(rules.contains(&format!("{card} (")), "{card}");
                            }
                        }
                        g.legal_actions(&s, &mut actions);
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
    assert!(helped.len() >= 8, "only {helped:?}");
}

#[test]
fn the_screen_lists_the_face_up_tiles_and_counts_points_in_words() {
    // "The starting player must flip their 'Take Two Stones' tile facedown."
    let g = &rules()[0];
    let mut s = g.initial_state();
    let mut outcomes = Vec::new();
    let mut rng = GameRng::seeded(1);
    while g.actor(&s) == Actor::Chance {
        g.chance_outcomes(&s, &mut outcomes);
        let a = rng.pick_weighted(&outcomes);
        g.apply_unchecked(&mut s, a);
    }
    let text = g.text(&g.view(&s, Viewer::Seat(s.current)));
    let you = format!("{} (you): 0 points", s.current);
    let mine = text
        .split("\n\n")
        .find(|part| part.starts_with(&you))
        .expect("the starting player's side");
    assert!(mine.contains(
        "Face-up tiles: Take One Stone ×2, Add Two Stones & Take One Stone, Add Three Stones & \
         Move Coyote, Recover Tiles & Use Spirit Power"
    ));
    assert!(!mine.contains("Take Two Stones"));
    assert!(mine.contains(" 0 pts"));
    assert!(!text.contains(" 1 pts") && !text.contains(" 1 points"));
}
