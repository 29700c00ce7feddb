//! The heuristic a search judges cut-off positions by: what the turn has earned counts, a task
//! still waiting for tiles does not.

use sylvan_engine::{random_until, Game, GameRng, Seat};
use sylvan_whispering_woods::{Action, Options, State, Step, WhisperingWoods};

/// Plays random moves until `stop` holds (or the game ends).
fn play_until(game: &WhisperingWoods, seed: u64, stop: impl Fn(&State) -> bool) -> State {
    let mut s = game.initial_state();
    let mut rng = GameRng::seeded(seed);
    random_until(
        game,
        &mut s,
        &mut rng,
        &mut Vec::new(),
        &mut Vec::new(),
        stop,
    );
    s
}

#[test]
fn at_the_start_only_points_count_so_the_heuristic_is_the_margin() {
    let game = WhisperingWoods::new(2, Options::default()).expect("valid");
    // The Starting tiles' tasks cannot be walked on a forest of one tile.
    let s = play_until(&game, 3, |s| matches!(s.step, Step::Take { .. }));
    for seat in [Seat(0), Seat(1)] {
        assert_eq!(game.heuristic(&s, seat), 0.0);
    }
}

#[test]
fn tasks_completed_this_turn_count_the_bonus_card_they_will_earn() {
    let game = WhisperingWoods::new(2, Options::default()).expect("valid");
    let s = play_until(&game, 5, |s| s.step == Step::Tasks && s.turns > 4);
    assert_eq!(s.step, Step::Tasks);
    let me = s.current;
    let mut two = s.clone();
    two.this_turn = [1, 1, 0, 0];
    let mut four = s.clone();
    four.this_turn = [3, 1, 0, 0];
    let mut none = s.clone();
    none.this_turn = [0; 4];
    let base = game.heuristic(&none, me);
    // x2 = 3 VP and x4 = 8 VP (component data), gained by the mover, lost by the rival.
    assert_eq!(game.pending_bonus(&two, me.index()), 3);
    assert_eq!(game.heuristic(&two, me), base + 3.0);
    assert_eq!(game.heuristic(&four, me), base + 8.0);
    let rival = Seat(1 - me.0);
    assert_eq!(
        game.heuristic(&two, rival),
        game.heuristic(&none, rival) - 3.0
    );
    // With the x4 cards gone the next lower card is taken.
    four.bonus_left[2] = 0;
    assert_eq!(game.heuristic(&four, me), base + 5.0);
    // No card is pending outside step 3.
    let mut taking = two.clone();
    taking.step = Step::Take { second: false };
    assert_eq!(game.pending_bonus(&taking, me.index()), 0);
}

#[test]
fn rollouts_never_end_a_turn_with_a_task_they_could_complete() {
    let game = WhisperingWoods::new(2, Options::default()).expect("valid");
    let (mut with_task, mut without) = (0, 0);
    for seed in 0..40 {
        let mut s = game.initial_state();
        let mut rng = GameRng::seeded(seed);
        let mut legal = Vec::new();
        while game.actor(&s) != sylvan_engine::Actor::Nobody {
            random_until(
                &game,
                &mut s,
                &mut rng,
                &mut Vec::new(),
                &mut Vec::new(),
                |s| s.step == Step::Tasks,
            );
            if s.step != Step::Tasks {
                break;
            }
            game.legal_actions(&s, &mut legal);
            let mut choices = legal.clone();
            game.rollout_choices(&s, &mut choices);
            if legal.len() > 1 {
                // Every task that can be completed, and no ending of the turn.
                with_task += 1;
                assert_eq!(choices, legal[..legal.len() - 1]);
                assert!(choices.iter().all(|a| matches!(a, Action::Complete { .. })));
            } else {
                // Nothing to complete: ending the turn is the one choice.
                without += 1;
                assert_eq!(choices, [Action::EndTurn]);
            }
            let a = legal[rng.below(legal.len() as u64) as usize];
            game.apply(&mut s, a).expect("legal");
        }
    }
    assert!(with_task > 100 && without > 100, "{with_task} {without}");
}
