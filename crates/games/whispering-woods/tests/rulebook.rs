//! The rulebook's rules and examples as hand-built positions: task paths, the split-forest
//! rule, the Starting tile's task, refreshing, Bonus cards, the end of the game, and bad input.

mod common;

use common::*;
use sylvan_engine::{Actor, Game, Seat};
use sylvan_whispering_woods::{
    Action, Element, Hex, Illegal, Options, Step, WhisperingWoods, NO_ANIMAL, START,
};

use Element::*;

fn two_players() -> WhisperingWoods {
    WhisperingWoods::new(
        2,
        Options {
            bear: Some(0),
            ..Options::default()
        },
    )
    .expect("valid")
}

const GREEN_GREEN_BLUE_BLUE: [(&str, &str); 1] = [("Wa-Wa-Fr-Fr=7", "Le-Le-Wa-Wa=7")];

/// Fritz's forest: the task Green-Green-Blue-Blue at (0, 0), its path along row 0, the second
/// blue tile carrying the task Fr-Fr-Fl whose path continues, and a Minerals bridge so that
/// removing (4, 0) does not split the forest. The Starting tile sits at (1, -1).
fn fritz() -> (WhisperingWoods, sylvan_whispering_woods::State) {
    let game = game(
        2,
        Options {
            bear: Some(0),
            ..Options::default()
        },
        &GREEN_GREEN_BLUE_BLUE,
    );
    let mut s = after_setup(&game, 1);
    clear_forest(&mut s, 0);
    task(&mut s, 0, 1, -1, START, 1);
    let t1 = tile(&game, Leaves, "Le-Le-Wa-Wa");
    task(&mut s, 0, 0, 0, t1, 0);
    let e = tile(&game, Water, "Fr-Fr-Fl");
    take(&mut s, e);
    forest(&game, &mut s, 0, 1, 0, Leaves);
    forest(&game, &mut s, 0, 2, 0, Leaves);
    forest(&game, &mut s, 0, 3, 0, Water);
    assert!(s.players[0].forest.insert(Hex::new(4, 0), e, NO_ANIMAL));
    forest(&game, &mut s, 0, 5, 0, Fruits);
    forest(&game, &mut s, 0, 6, 0, Fruits);
    forest(&game, &mut s, 0, 7, 0, Flowers);
    forest(&game, &mut s, 0, 3, 1, Minerals);
    forest(&game, &mut s, 0, 4, 1, Minerals);
    at_tasks(&mut s, 0);
    sound(&game, &s);
    (game, s)
}

#[test]
fn fritz_walks_green_green_blue_blue_and_flips_the_second_blue_tile() {
    let (game, mut s) = fritz();
    let start = Hex::new(0, 0);
    let ends: Vec<Hex> = completions(&game, &s)
        .into_iter()
        .filter(|(t, _)| *t == start)
        .map(|(_, e)| e)
        .collect();
    assert_eq!(
        ends,
        vec![Hex::new(4, 0)],
        "the only end is the second blue tile"
    );
    let before = s.players[0].forest.len();
    game.apply(
        &mut s,
        Action::Complete {
            task: start,
            end: Hex::new(4, 0),
        },
    )
    .expect("the path matches");
    let f = &s.players[0].forest;
    assert_eq!(f.len(), before - 1, "the completed task leaves the forest");
    assert!(f.get(start).is_none());
    let end = f.get(Hex::new(4, 0)).expect("the end tile stays");
    assert_eq!(end.animal, 0, "the animal stays on the flipped end tile");
    assert!(end.task_side());
    assert_eq!(s.players[0].tasks(), 1);
    sound(&game, &s);
}

#[test]
fn fritz_completes_a_second_task_with_the_same_animal_and_takes_a_x2_card_worth_3() {
    let (game, mut s) = fritz();
    game.apply(
        &mut s,
        Action::Complete {
            task: Hex::new(0, 0),
            end: Hex::new(4, 0),
        },
    )
    .expect("first task");
    game.apply(
        &mut s,
        Action::Complete {
            task: Hex::new(4, 0),
            end: Hex::new(7, 0),
        },
    )
    .expect("the new task at the end of the path: Fr-Fr-Fl");
    assert_eq!(s.this_turn[0], 2);
    game.apply(&mut s, Action::EndTurn).expect("end the turn");
    assert_eq!(s.players[0].bonus, [1, 0, 0, 0], "a x2 Bonus card");
    let score = game.score(&s);
    let bonus = score.breakdown[0]
        .iter()
        .find(|(k, _)| k == "Bonus cards")
        .expect("category")
        .1;
    assert_eq!(bonus, 3, "the x2 card is worth 3 victory points");
    // Le-Le-Wa-Wa (7) + Fr-Fr-Fl (5) + the x2 card (3).
    assert_eq!(score.totals[0], 7 + 5 + 3);
    sound(&game, &s);
}

#[test]
fn carmen_8_tasks_58_minus_2_refreshes_plus_8_bonus_is_64() {
    let game = two_players();
    let mut s = after_setup(&game, 2);
    // 8 completed Forest tiles worth 9+9+7+7+7+7+7+5 = 58.
    let mut want = vec![9u8, 9, 7, 7, 7, 7, 7, 5];
    let tiles: Vec<_> = s.bag.iter().collect();
    for t in tiles {
        if let Some(i) = want.iter().position(|&v| v == game.vp(t)) {
            want.remove(i);
            take(&mut s, t);
            s.players[0].done[0].insert(t);
        }
    }
    assert!(want.is_empty());
    s.players[0].flips = 2;
    // A x2 (3) and a x3 (5) card: 8.
    s.players[0].bonus = [1, 1, 0, 0];
    s.bonus_left = [3, 2, 2, 1];
    sound(&game, &s);
    let score = game.score(&s);
    assert_eq!(score.totals[0], 64, "58 − 2 + 8 = 64");
    assert_eq!(
        score.breakdown[0],
        vec![
            ("Tasks".into(), 58),
            ("Bonus cards".into(), 8),
            ("Refresh flips".into(), -2)
        ]
    );
}

/// A task tile at (0, 0) holding `task` (a Fruits tile), with Forest tiles along row 0.
fn line(task_text: &str, colours: &[Element]) -> (WhisperingWoods, sylvan_whispering_woods::State) {
    let game = two_players();
    let mut s = after_setup(&game, 3);
    clear_forest(&mut s, 0);
    // The Starting tile touches both the task and the first path tile, so removing the
    // task never cuts it off.
    task(&mut s, 0, 1, -1, START, 1);
    let t = tile(&game, Fruits, task_text);
    task(&mut s, 0, 0, 0, t, 0);
    for (i, &e) in colours.iter().enumerate() {
        forest(&game, &mut s, 0, i as i8 + 1, 0, e);
    }
    at_tasks(&mut s, 0);
    sound(&game, &s);
    (game, s)
}

fn ends_of(game: &WhisperingWoods, s: &sylvan_whispering_woods::State, q: i8, r: i8) -> Vec<Hex> {
    completions(game, s)
        .into_iter()
        .filter(|(t, _)| *t == Hex::new(q, r))
        .map(|(_, e)| e)
        .collect()
}

#[test]
fn a_task_is_completed_left_to_right() {
    // Wa-Fr-Fr laid out as printed.
    let (game, s) = line("Wa-Fr-Fr", &[Water, Fruits, Fruits]);
    assert_eq!(ends_of(&game, &s, 0, 0), vec![Hex::new(3, 0)]);
}

#[test]
fn a_task_is_completed_right_to_left() {
    // Wa-Fr-Fr walked backwards: Fr, Fr, Wa.
    let (game, mut s) = line("Wa-Fr-Fr", &[Fruits, Fruits, Water]);
    assert_eq!(ends_of(&game, &s, 0, 0), vec![Hex::new(3, 0)]);
    game.apply(
        &mut s,
        Action::Complete {
            task: Hex::new(0, 0),
            end: Hex::new(3, 0),
        },
    )
    .expect("either direction");
    sound(&game, &s);
}

#[test]
fn a_path_that_does_not_match_is_refused_and_nothing_changes() {
    let (game, mut s) = line("Wa-Fr-Fr", &[Water, Fruits, Water]);
    assert!(ends_of(&game, &s, 0, 0).is_empty());
    let before = s.clone();
    let err = game
        .apply(
            &mut s,
            Action::Complete {
                task: Hex::new(0, 0),
                end: Hex::new(3, 0),
            },
        )
        .expect_err("the sequence does not match");
    assert!(matches!(err, Illegal::NoPath { .. }), "{err}");
    assert!(err.to_string().contains("exact colour sequence"), "{err}");
    assert_eq!(s, before);
}

#[test]
fn each_forest_tile_is_used_only_once_per_task() {
    // Le-Fr-Le: Leaves, Fruits, then back onto the same Leaves tile is not allowed.
    let (game, s) = line("Le-Fr-Le", &[Leaves, Fruits]);
    assert!(ends_of(&game, &s, 0, 0).is_empty());
    let err = game
        .check(
            &s,
            Action::Complete {
                task: Hex::new(0, 0),
                end: Hex::new(1, 0),
            },
        )
        .expect_err("tile reused");
    assert!(matches!(err, Illegal::NoPath { .. }));
    // With a second Leaves tile beside the Fruits tile, the path exists.
    let (game, mut s) = line("Le-Fr-Le", &[Leaves, Fruits]);
    forest(&game, &mut s, 0, 2, 1, Leaves);
    assert_eq!(ends_of(&game, &s, 0, 0), vec![Hex::new(2, 1)]);
}

#[test]
fn an_animal_never_walks_over_a_task_side() {
    let (game, mut s) = line("Wa-Fr-Fr", &[Water, Fruits, Fruits]);
    // Flip the middle Fruits tile to its Task side with another animal on it.
    let i = s.players[0].forest.at(Hex::new(2, 0)).expect("tile");
    s.players[0].forest.set_animal(i, 2);
    assert!(ends_of(&game, &s, 0, 0).is_empty());
    assert!(matches!(
        game.check(
            &s,
            Action::Complete {
                task: Hex::new(0, 0),
                end: Hex::new(3, 0)
            }
        ),
        Err(Illegal::NoPath { .. })
    ));
}

#[test]
fn a_task_whose_removal_would_split_the_forest_cannot_be_completed() {
    let (game, mut s) = line("Wa-Fr-Fr", &[Water, Fruits, Fruits]);
    // A tile on the far side of the task tile: removing (0, 0) would cut it off.
    forest(&game, &mut s, 0, -1, 0, Minerals);
    assert!(ends_of(&game, &s, 0, 0).is_empty());
    let before = s.clone();
    let err = game
        .apply(
            &mut s,
            Action::Complete {
                task: Hex::new(0, 0),
                end: Hex::new(3, 0),
            },
        )
        .expect_err("split");
    assert_eq!(err, Illegal::SplitsForest(Hex::new(0, 0)));
    assert!(err.to_string().contains("divide your forest"));
    assert_eq!(s, before);
    // Bridging the cut-off tile to the rest makes it legal again.
    forest(&game, &mut s, 0, -1, 1, Minerals);
    forest(&game, &mut s, 0, 0, 1, Minerals);
    assert_eq!(ends_of(&game, &s, 0, 0), vec![Hex::new(3, 0)]);
}

/// The Starting tile at (0, 0) with a path of six tiles along row 0.
fn start_line(
    strict: bool,
    colours: &[Element],
) -> (WhisperingWoods, sylvan_whispering_woods::State) {
    let game = WhisperingWoods::new(
        2,
        Options {
            bear: Some(0),
            strict_start_task: strict,
            ..Options::default()
        },
    )
    .expect("valid");
    let mut s = after_setup(&game, 4);
    clear_forest(&mut s, 0);
    task(&mut s, 0, 0, 0, START, 0);
    for (i, &e) in colours.iter().enumerate() {
        forest(&game, &mut s, 0, i as i8 + 1, 0, e);
    }
    at_tasks(&mut s, 0);
    (game, s)
}

#[test]
fn the_starting_task_same_colour_ends_and_four_different_between() {
    let (game, mut s) = start_line(false, &[Leaves, Water, Fruits, Minerals, Mushrooms, Leaves]);
    assert_eq!(ends_of(&game, &s, 0, 0), vec![Hex::new(6, 0)]);
    game.apply(
        &mut s,
        Action::Complete {
            task: Hex::new(0, 0),
            end: Hex::new(6, 0),
        },
    )
    .expect("the Starting tile's task");
    assert!(s.players[0].completed().has(START));
    assert_eq!(
        game.score(&s).totals[0],
        10,
        "the Starting tile is worth 10 [A]"
    );
    sound(&game, &s);
}

#[test]
fn the_starting_task_fails_with_a_repeated_middle_colour_or_different_ends() {
    let (game, s) = start_line(false, &[Leaves, Water, Water, Minerals, Mushrooms, Leaves]);
    assert!(ends_of(&game, &s, 0, 0).is_empty());
    let (game, s) = start_line(
        false,
        &[Leaves, Water, Fruits, Minerals, Mushrooms, Flowers],
    );
    assert!(ends_of(&game, &s, 0, 0).is_empty());
}

#[test]
fn the_starting_task_middle_may_repeat_the_end_colour_unless_strict() {
    let colours = [Leaves, Leaves, Water, Fruits, Minerals, Leaves];
    let (game, s) = start_line(false, &colours);
    assert_eq!(ends_of(&game, &s, 0, 0), vec![Hex::new(6, 0)]);
    let (game, s) = start_line(true, &colours);
    assert!(ends_of(&game, &s, 0, 0).is_empty());
}

#[test]
fn refresh_flips_a_completed_task_draws_6_new_tiles_and_costs_1_vp() {
    let game = two_players();
    let mut s = after_setup(&game, 5);
    // Player 1 plays a quiet first turn; Player 2 too; then Player 1 has a completed task.
    let t = s.bag.iter().next().expect("a tile");
    take(&mut s, t);
    s.players[0].done[0].insert(t);
    let vp = game.vp(t) as i32;
    at_tasks(&mut s, 1);
    game.apply(&mut s, Action::EndTurn).expect("Player 2 ends");
    // Step 1: refill (chance), then the refresh choice.
    let mut rng = sylvan_engine::GameRng::seeded(9);
    while game.actor(&s) == Actor::Chance {
        let a = sylvan_engine::sample_chance(&game, &s, &mut rng);
        game.apply(&mut s, a).expect("draw");
    }
    assert_eq!(s.step, Step::MayRefresh);
    let old = s.display;
    let bag = s.bag.len();
    game.apply(&mut s, Action::Refresh)
        .expect("a completed task to flip");
    assert_eq!(s.players[0].flips, 1);
    for _ in 0..6 {
        let a = sylvan_engine::sample_chance(&game, &s, &mut rng);
        assert!(matches!(a, Action::Draw(_)));
        game.apply(&mut s, a).expect("draw");
    }
    assert_eq!(s.display.len(), 6);
    assert!(s.display.and(old).is_empty(), "6 new tiles");
    assert_eq!(s.bag.len(), bag, "the 6 old tiles went back into the bag");
    assert_eq!(s.step, Step::Take { second: false }, "once per turn");
    assert_eq!(game.score(&s).totals[0], vp - 1);
    sound(&game, &s);
}

#[test]
fn no_completed_task_no_refresh() {
    let game = two_players();
    let mut s = after_setup(&game, 6);
    assert_eq!(
        s.step,
        Step::Take { second: false },
        "no refresh is offered"
    );
    let before = s.clone();
    let err = game
        .apply(&mut s, Action::Refresh)
        .expect_err("nothing to flip");
    assert_eq!(err, Illegal::NoCompletedTask);
    assert!(err.to_string().contains("previously completed"));
    assert_eq!(s, before);
}

#[test]
fn bonus_card_for_the_number_of_tasks_or_the_next_lower_one() {
    let game = two_players();
    let mut s = after_setup(&game, 7);
    // Carmen completes 4 tasks; both x4 cards are gone: she takes the x3 card.
    s.bonus_left = [4, 3, 0, 1];
    s.players[1].bonus = [0, 0, 2, 0];
    at_tasks(&mut s, 0);
    complete_free(&game, &mut s, 0, 0, 2);
    complete_free(&game, &mut s, 0, 1, 2);
    s.this_turn = [2, 2, 0, 0];
    sound(&game, &s);
    game.apply(&mut s, Action::EndTurn).expect("end");
    assert_eq!(s.players[0].bonus, [0, 1, 0, 0]);
    assert_eq!(s.bonus_left, [4, 2, 0, 1]);
    sound(&game, &s);
}

#[test]
fn bonus_fallback_goes_down_past_several_empty_piles_and_caps_at_x5() {
    let game = two_players();
    let mut s = after_setup(&game, 8);
    // 7 tasks: the x5 card.
    at_tasks(&mut s, 0);
    complete_free(&game, &mut s, 0, 0, 7);
    s.this_turn = [7, 0, 0, 0];
    game.apply(&mut s, Action::EndTurn).expect("end");
    assert_eq!(s.players[0].bonus, [0, 0, 0, 1]);
    // Player 2 completes 5: x5, x4 gone? x4 is there: takes x4.
    at_tasks(&mut s, 1);
    s.this_turn = [5, 0, 0, 0];
    complete_free(&game, &mut s, 1, 0, 5);
    game.apply(&mut s, Action::EndTurn).expect("end");
    assert_eq!(s.players[1].bonus, [0, 0, 1, 0]);
    // x4 (one left), x3 all taken: 4 tasks then 3 tasks fall back.
    s.bonus_left = [4, 0, 0, 0];
    s.players[0].bonus = [0, 3, 1, 1];
    at_tasks(&mut s, 0);
    s.this_turn = [3, 0, 0, 0];
    game.apply(&mut s, Action::EndTurn).expect("end");
    assert_eq!(s.players[0].bonus, [1, 3, 1, 1], "x3 gone: the x2 card");
    // One task: no card.
    at_tasks(&mut s, 1);
    s.this_turn = [1, 0, 0, 0];
    game.apply(&mut s, Action::EndTurn).expect("end");
    assert_eq!(s.players[1].bonus, [0, 0, 1, 0]);
    sound(&game, &s);
}

fn three_players_bear_1() -> WhisperingWoods {
    WhisperingWoods::new(
        3,
        Options {
            bear: Some(1),
            ..Options::default()
        },
    )
    .expect("valid")
}

#[test]
fn nine_tasks_trigger_the_end_for_3_players_and_the_round_is_finished() {
    let game = three_players_bear_1();
    let mut s = after_setup(&game, 9);
    assert_eq!(s.current, Seat(1), "the Bear starts");
    assert_eq!(
        game.last_seat(&s),
        Seat(0),
        "the player to the right of the Bear"
    );
    // Player 3 (seat 2) ends a turn with 9 completed tasks.
    complete_free(&game, &mut s, 2, 0, 8);
    at_tasks(&mut s, 2);
    game.apply(&mut s, Action::EndTurn).expect("end");
    assert!(!s.end_triggered, "8 tasks do not end a 3-player game");
    complete_free(&game, &mut s, 2, 1, 1);
    at_tasks(&mut s, 2);
    game.apply(&mut s, Action::EndTurn).expect("end");
    assert!(s.end_triggered);
    assert_ne!(
        s.step,
        Step::Over,
        "Player 1 still plays so all have equal turns"
    );
    assert_eq!(s.current, Seat(0));
    // Player 1 plays the last turn.
    at_tasks(&mut s, 0);
    game.apply(&mut s, Action::EndTurn).expect("end");
    assert_eq!(s.step, Step::Over);
    assert_eq!(game.actor(&s), Actor::Nobody);
    assert!(game.score(&s).over);
    sound(&game, &s);
}

#[test]
fn if_the_player_right_of_the_bear_triggers_the_end_the_game_ends_at_once() {
    let game = two_players();
    let mut s = after_setup(&game, 10);
    complete_free(&game, &mut s, 1, 0, 10);
    at_tasks(&mut s, 1);
    game.apply(&mut s, Action::EndTurn).expect("end");
    assert_eq!(s.step, Step::Over);
}

#[test]
fn eight_tasks_end_a_4_player_game_and_ten_a_2_player_game() {
    let game = WhisperingWoods::new(
        4,
        Options {
            bear: Some(0),
            ..Options::default()
        },
    )
    .expect("valid");
    let mut s = after_setup(&game, 11);
    complete_free(&game, &mut s, 0, 0, 8);
    at_tasks(&mut s, 0);
    game.apply(&mut s, Action::EndTurn).expect("end");
    assert!(s.end_triggered);
    assert_eq!(s.current, Seat(1));
    let game = two_players();
    let mut s = after_setup(&game, 11);
    complete_free(&game, &mut s, 0, 0, 9);
    at_tasks(&mut s, 0);
    game.apply(&mut s, Action::EndTurn).expect("end");
    assert!(!s.end_triggered, "9 tasks do not end a 2-player game");
}

#[test]
fn a_display_that_cannot_be_refilled_triggers_the_end() {
    let game = two_players();
    let mut s = after_setup(&game, 12);
    // 3 tiles left in the display and 2 in the bag (Player 2 completed all the others).
    let shown: Vec<_> = s.display.iter().collect();
    for &t in &shown[3..] {
        take(&mut s, t);
        s.players[1].done[0].insert(t);
    }
    let rest: Vec<_> = s.bag.iter().skip(2).collect();
    for t in rest {
        take(&mut s, t);
        s.players[1].done[1].insert(t);
    }
    at_tasks(&mut s, 0);
    game.apply(&mut s, Action::EndTurn).expect("end");
    assert_eq!(s.current, Seat(1));
    let mut rng = sylvan_engine::GameRng::seeded(1);
    while game.actor(&s) == Actor::Chance {
        let a = sylvan_engine::sample_chance(&game, &s, &mut rng);
        game.apply(&mut s, a).expect("draw");
    }
    assert!(s.bag.is_empty());
    assert_eq!(s.display.len(), 5, "the display cannot be refilled to 6");
    assert!(s.end_triggered);
    assert_eq!(
        s.step,
        Step::Take { second: false },
        "play goes on with the remaining tiles"
    );
    sound(&game, &s);
    // Player 2 sits to the right of the Bear: their turn is the last.
    at_tasks(&mut s, 1);
    game.apply(&mut s, Action::EndTurn).expect("end");
    assert_eq!(s.step, Step::Over);
}

#[test]
fn a_tie_goes_to_fewer_tiles_in_the_forest_then_is_shared() {
    let game = two_players();
    let mut s = after_setup(&game, 13);
    complete_free(&game, &mut s, 0, 0, 1);
    let t0 = s.players[0].done[0].iter().next().expect("one");
    // Player 2 completes a task of the same VP.
    let same = s
        .bag
        .iter()
        .find(|&t| game.vp(t) == game.vp(t0))
        .expect("same VP");
    take(&mut s, same);
    s.players[1].done[0].insert(same);
    s.step = Step::Over;
    let score = game.score(&s);
    assert_eq!(score.totals[0], score.totals[1]);
    assert_eq!(score.winners.len(), 2, "same forest size: shared");
    forest(&game, &mut s, 1, 1, 0, Leaves);
    let score = game.score(&s);
    assert_eq!(
        score.winners,
        vec![Seat(0)],
        "Player 2 has more tiles in the forest"
    );
}

#[test]
fn the_tie_break_counts_forest_tiles_not_the_starting_tile() {
    let game = two_players();
    let mut s = after_setup(&game, 13);
    complete_free(&game, &mut s, 0, 0, 1);
    let t0 = s.players[0].done[0].iter().next().expect("one");
    let same = s
        .bag
        .iter()
        .find(|&t| game.vp(t) == game.vp(t0))
        .expect("same VP");
    take(&mut s, same);
    s.players[1].done[0].insert(same);
    s.step = Step::Over;
    assert_eq!(game.score(&s).winners.len(), 2);
    // Player 2's Starting tile leaves the forest and a Forest tile comes in: as many tiles as
    // before, but one more of the Forest tiles the tie-break counts.
    let start = s.players[1]
        .forest
        .cells()
        .iter()
        .find(|c| c.tile == sylvan_whispering_woods::START)
        .map(|c| c.hex)
        .expect("the Starting tile is in the forest");
    s.players[1].forest.remove(start);
    // The Starting tile goes back to the box (not the bag): conservation is not checked here.
    forest(&game, &mut s, 1, start.q, start.r, Leaves);
    assert_eq!(game.score(&s).winners, vec![Seat(0)]);
}

#[test]
fn placing_a_tile_away_from_the_forest_or_on_a_tile_is_refused() {
    let game = two_players();
    let mut s = after_setup(&game, 14);
    let t = s.display.iter().next().expect("a display tile");
    game.apply(&mut s, Action::TakeForest(t)).expect("take");
    let before = s.clone();
    let err = game
        .apply(&mut s, Action::Place(Hex::new(5, 5)))
        .expect_err("not adjacent");
    assert_eq!(err, Illegal::NotAdjacent(Hex::new(5, 5)));
    assert!(err.to_string().contains("adjacent to at least one side"));
    assert_eq!(s, before);
    let err = game
        .apply(&mut s, Action::Place(Hex::new(0, 0)))
        .expect_err("occupied");
    assert_eq!(err, Illegal::Occupied(Hex::new(0, 0)));
    assert_eq!(s, before);
    game.apply(&mut s, Action::Place(Hex::new(1, 0)))
        .expect("beside the Starting tile");
    assert_eq!(
        s.step,
        Step::Take { second: true },
        "option A: a second tile"
    );
    let next = s.display.iter().next().expect("tile");
    let err = game
        .apply(&mut s, Action::TakeTask(next))
        .expect_err("option B is not the second tile");
    assert!(matches!(err, Illegal::NotNow(_)), "{err}");
}

#[test]
fn a_fifth_animal_is_refused() {
    let game = two_players();
    let mut s = after_setup(&game, 15);
    // Animals 1, 2 and 3 join the one on the Starting tile.
    for (a, q) in [(1u8, 1i8), (2, 2), (3, 3)] {
        let t = free_tile(&game, &s, Water);
        task(&mut s, 0, q, 0, t, a);
    }
    sound(&game, &s);
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    assert!(legal.iter().all(|a| !matches!(a, Action::TakeTask(_))));
    let t = s.display.iter().next().expect("tile");
    let before = s.clone();
    let err = game
        .apply(&mut s, Action::TakeTask(t))
        .expect_err("no animal left");
    assert_eq!(err, Illegal::NoUnusedAnimal);
    assert!(err.to_string().contains("all 4 of your Animals"));
    assert_eq!(s, before);
}

#[test]
fn option_b_places_a_task_with_an_animal() {
    let game = two_players();
    let mut s = after_setup(&game, 16);
    let t = s.display.iter().next().expect("tile");
    game.apply(&mut s, Action::TakeTask(t)).expect("take");
    game.apply(&mut s, Action::Place(Hex::new(0, 1)))
        .expect("place");
    let c = s.players[0].forest.get(Hex::new(0, 1)).expect("placed");
    assert!(c.task_side());
    assert_eq!(c.animal, 1, "the next unused animal");
    assert_eq!(s.step, Step::Tasks, "option B is one tile");
    sound(&game, &s);
}

#[test]
fn setup_starting_tile_with_one_animal_and_6_tiles_in_the_display() {
    for players in 2..=4 {
        let game = WhisperingWoods::new(players, Options::default()).expect("valid");
        let s = after_setup(&game, players as u64);
        assert_eq!(s.display.len(), 6);
        assert_eq!(s.bag.len(), 90);
        for p in &s.players {
            let c = p.forest.get(Hex::new(0, 0)).expect("Starting tile");
            assert_eq!(c.tile, START);
            assert!(c.task_side());
            assert_eq!(p.forest.len(), 1);
        }
        assert_eq!(s.current, s.bear, "the Bear starts");
        assert_eq!(
            s.step,
            Step::Take { second: false },
            "no refill on the first turn"
        );
    }
}

#[test]
fn the_display_is_refreshed_at_most_once_per_turn_and_only_in_step_1() {
    let game = two_players();
    let mut s = after_setup(&game, 17);
    complete_free(&game, &mut s, 0, 0, 2);
    // Step 2 of Player 1's first turn: too late to refresh.
    assert_eq!(s.step, Step::Take { second: false });
    let before = s.clone();
    let err = game.apply(&mut s, Action::Refresh).expect_err("not now");
    assert!(err.to_string().contains("once per turn"), "{err}");
    assert_eq!(s, before);
}

#[test]
fn during_a_refresh_the_old_display_waits_beside_the_bag() {
    let game = two_players();
    let mut s = after_setup(&game, 18);
    complete_free(&game, &mut s, 0, 0, 1);
    s.step = Step::MayRefresh;
    let old = s.display;
    game.apply(&mut s, Action::Refresh).expect("refresh");
    let view = game.view(&s, sylvan_engine::Viewer::Spectator);
    assert_eq!(view.old_display.len(), 6);
    assert!(view.display.is_empty());
    assert_eq!(view.bag.iter().sum::<u32>(), s.bag.len());
    assert_eq!(s.held, old);
    let mut outcomes = Vec::new();
    game.chance_outcomes(&s, &mut outcomes);
    assert!(
        outcomes
            .iter()
            .all(|(a, _)| !matches!(a, Action::Draw(t) if old.has(*t))),
        "the old tiles are not drawn again"
    );
    sound(&game, &s);
}
