//! What a newcomer reads: the summary, the help for the decision at hand, the components'
//! texts, the map with the coordinates moves use, and the solo status.

use sylvan_engine::{Actor, Game, GameRng, Seat, Viewer};
use sylvan_whispering_woods::{Action, Options, Step, WhisperingWoods};

/// Plays random moves until `stop` holds (or the game ends).
fn play_until(
    game: &WhisperingWoods,
    seed: u64,
    stop: impl Fn(&sylvan_whispering_woods::State) -> bool,
) -> sylvan_whispering_woods::State {
    let mut s = game.initial_state();
    let mut rng = GameRng::seeded(seed);
    let (mut a, mut o) = (Vec::new(), Vec::new());
    while !stop(&s) && game.actor(&s) != Actor::Nobody {
        let action = match game.actor(&s) {
            Actor::Chance => {
                game.chance_outcomes(&s, &mut o);
                rng.pick_weighted(&o)
            }
            _ => {
                game.legal_actions(&s, &mut a);
                a[rng.below(a.len() as u64) as usize]
            }
        };
        game.apply(&mut s, action).expect("legal");
    }
    s
}

#[test]
fn the_summary_says_what_players_do_and_how_the_game_is_won() {
    let summary = WhisperingWoods::summary();
    // "In each turn, you expand your forest."
    assert!(summary.contains("you expand your forest"), "{summary}");
    assert!(summary.contains("most victory points wins"), "{summary}");
    assert!(summary.contains("1 to 4 players"), "{summary}");
}

/// Whether a decision is the one a help text is checked at.
type At = fn(&Step) -> bool;

#[test]
fn the_help_quotes_the_rule_of_each_decision() {
    let game = WhisperingWoods::new(2, Options::default()).expect("valid");
    let cases: [(At, &str); 3] = [
        (
            |s| matches!(s, Step::Take { second: false }),
            "A: take 2 tiles and place them one after the other, Forest side facing up",
        ),
        (
            |s| matches!(s, Step::Place { .. }),
            "the tile must be placed adjacent to at least one side of a tile that is already in your forest",
        ),
        (
            |s| *s == Step::Tasks,
            "you can't complete a task if removing its tile would divide your forest",
        ),
    ];
    for (at, quote) in cases {
        let s = play_until(&game, 4, |s| at(&s.step));
        let view = game.view(&s, Viewer::Seat(s.current));
        let help = game.decision_help(&view);
        assert!(help.contains(quote), "{help}");
    }
}

#[test]
fn the_rules_text_has_the_colour_legend_bonus_cards_and_task_counts() {
    let game = WhisperingWoods::new(3, Options::default()).expect("valid");
    let s = play_until(&game, 6, |s| s.turns > 6);
    let view = game.view(&s, Viewer::Seat(Seat(0)));
    let rules = game.rules_text(&view);
    for legend in [
        "Fr = Fruits (red)",
        "Wa = Water (blue)",
        "Mi = Minerals (grey)",
    ] {
        assert!(rules.contains(legend), "{rules}");
    }
    assert!(rules.contains("x5: 1 left, 12 victory points"), "{rules}");
    // 3 players: "9 completed tasks".
    assert!(rules.contains("completes 9"), "{rules}");
    for (i, p) in view.players.iter().enumerate() {
        let line = format!("Player {}: {} task", i + 1, p.completed.len());
        assert!(rules.contains(&line), "{line}: {rules}");
    }
}

#[test]
fn the_solo_rules_text_names_the_mission_and_each_animals_tasks() {
    let game = WhisperingWoods::new(
        1,
        Options {
            level: 5,
            ..Options::default()
        },
    )
    .expect("solo");
    let s = play_until(&game, 2, |s| s.turns > 8);
    let view = game.view(&s, Viewer::Seat(Seat(0)));
    let rules = game.rules_text(&view);
    // Level 5's extra rule: "Flipping a Forest tile to refresh the display costs you 2 points".
    assert!(
        rules.contains(
            "Mission card, level 5: minimum score 85; a flipped task costs 2 victory points"
        ),
        "{rules}"
    );
    assert!(
        rules.contains("Objective 2: Complete 6 tasks with different-colored Forest sides."),
        "{rules}"
    );
    for name in ["Yellow", "Red", "Blue", "Green"] {
        assert!(rules.contains(&format!("  {name}: ")), "{rules}");
    }
}

#[test]
fn the_text_draws_the_forest_with_the_coordinates_moves_use() {
    let game = WhisperingWoods::new(2, Options::default()).expect("valid");
    let s = play_until(&game, 9, |s| {
        matches!(s.step, Step::Place { .. }) && s.turns > 4
    });
    let view = game.view(&s, Viewer::Seat(s.current));
    let text = game.text(&view);
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    assert!(!legal.is_empty());
    for a in legal {
        let Action::Place(h) = a else {
            panic!("{a:?} while placing")
        };
        // Each place is drawn as "q,r" over a "+".
        assert!(text.contains(&format!("{},{}", h.q, h.r)), "{h}: {text}");
    }
    assert!(text.contains("side up on a + hex"), "{text}");
    for cell in &view.players[s.current.index()].forest {
        assert!(
            text.contains(&format!("{},{}", cell.hex.q, cell.hex.r)),
            "{text}"
        );
    }
}

#[test]
fn a_solo_game_says_what_step_4_did_and_how_the_mission_ended() {
    let game = WhisperingWoods::new(
        1,
        Options {
            level: 1,
            ..Options::default()
        },
    )
    .expect("solo");
    let mut s = game.initial_state();
    let mut rng = GameRng::seeded(12);
    let (mut a, mut o) = (Vec::new(), Vec::new());
    let (mut step4, mut ending) = (0, String::new());
    while game.actor(&s) != Actor::Nobody {
        let action = match game.actor(&s) {
            Actor::Chance => {
                game.chance_outcomes(&s, &mut o);
                rng.pick_weighted(&o)
            }
            _ => {
                game.legal_actions(&s, &mut a);
                a[rng.below(a.len() as u64) as usize]
            }
        };
        let before = s.clone();
        game.apply(&mut s, action).expect("legal");
        let mut events = Vec::new();
        game.events(&before, action, &s, Viewer::Seat(Seat(0)), &mut events);
        for e in events {
            if e.contains("goes to the Scoring board") {
                step4 += 1;
            }
            if e.starts_with("The game ends") {
                ending = e;
            }
        }
    }
    // One tile per turn goes to the Scoring board: 12 turns at least.
    assert!(step4 >= 12, "{step4}");
    let outcome = game.solo_outcome(&s);
    let view = game.view(&s, Viewer::Seat(Seat(0)));
    let text = game.text(&view);
    if outcome.passed {
        assert!(ending.contains("Mission passed"), "{ending}");
    } else {
        assert!(ending.contains("Mission failed: "), "{ending}");
        if outcome.score < outcome.minimum {
            let points = format!("{} of 60 points", outcome.score);
            assert!(ending.contains(&points), "{ending}");
        }
        if !outcome.objectives[0].1 {
            assert!(ending.contains("objective 1 not met"), "{ending}");
        }
    }
    let last = ending.split(". ").last().unwrap_or_default();
    assert!(text.contains(last), "{text}");
    assert!(
        !text.contains("Bear"),
        "no multiplayer leftovers in solo: {text}"
    );
}

/// Rows the text view may take so that, with the heading, the grouped list of moves and the
/// prompt, a 2-player decision fits 40 rows (issue 11: "fits 100 columns × 40 rows"): 28, and
/// 29 when the own forest alone is 14 rows tall (twice in these 2,883 views of random play).
const TEXT_ROWS: usize = 29;

#[test]
fn two_player_text_views_fit_a_terminal_of_100_columns() {
    let game = WhisperingWoods::new(2, Options::default()).expect("valid");
    let (mut tallest, mut views) = (0, 0);
    let mut all = Vec::new();
    for seed in 0..12 {
        let mut s = game.initial_state();
        let mut rng = GameRng::seeded(seed);
        let (mut a, mut o) = (Vec::new(), Vec::new());
        while game.actor(&s) != Actor::Nobody {
            let action = match game.actor(&s) {
                Actor::Chance => {
                    game.chance_outcomes(&s, &mut o);
                    rng.pick_weighted(&o)
                }
                Actor::Seat(seat) => {
                    let text = game.text(&game.view(&s, Viewer::Seat(seat)));
                    views += 1;
                    tallest = tallest.max(text.lines().count());
                    all.push(text.lines().count());
                    for line in text.lines() {
                        assert!(line.chars().count() <= 100, "{line}\n{text}");
                    }
                    assert!(text.lines().count() <= TEXT_ROWS, "{text}");
                    // The waiting seat and a spectator read the same table within the width.
                    for viewer in [Viewer::Seat(Seat(1 - seat.0)), Viewer::Spectator] {
                        let other = game.text(&game.view(&s, viewer));
                        assert!(other.lines().all(|l| l.chars().count() <= 100), "{other}");
                    }
                    game.legal_actions(&s, &mut a);
                    a[rng.below(a.len() as u64) as usize]
                }
                Actor::Nobody => unreachable!("the loop stops"),
            };
            game.apply(&mut s, action).expect("legal");
        }
    }
    all.sort_unstable();
    let over = all.iter().filter(|&&h| h > 28).count();
    println!(
        "{views} text views, tallest {tallest} rows, {over} over 28, median {}",
        all[all.len() / 2]
    );
}

/// Issue 11, point 1: a placement typed far from the forest is refused with the rule, and a
/// listed one is read from its coordinates alone.
#[test]
fn a_placement_typed_anywhere_is_read_or_refused_with_the_adjacency_rule() {
    let g = WhisperingWoods::new(2, Options::default()).expect("valid");
    let s = play_until(&g, 4, |s| matches!(s.step, Step::Place { .. }));
    assert!(matches!(s.step, Step::Place { .. }));
    let err = g
        .parse_action(&s, "place it at (9, 9)")
        .expect_err("far from the forest");
    assert!(
        err.0
            .contains("is not allowed: the tile must be placed adjacent"),
        "{}",
        err.0
    );
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let Some(&Action::Place(h)) = legal.iter().find(|a| matches!(a, Action::Place(_))) else {
        panic!("a placement is listed: {legal:?}");
    };
    assert_eq!(
        g.parse_action(&s, &format!("{}, {}", h.q, h.r)),
        Ok(Action::Place(h))
    );
    assert!(g.parse_action(&s, "place it somewhere").is_err());
}

/// Issue 11: every forest is a map, the other players' compact beside (or below) the viewer's,
/// and the viewer's decision is worded for them.
#[test]
fn every_forest_is_drawn_as_a_map_and_the_mover_is_addressed_as_you() {
    for players in 2..=4 {
        let game = WhisperingWoods::new(players, Options::default()).expect("valid");
        let s = play_until(&game, 3, |s| {
            matches!(s.step, Step::Take { second: false }) && s.turns > 8
        });
        let view = game.view(&s, Viewer::Seat(s.current));
        let text = game.text(&view);
        assert!(
            text.contains(&format!("Your forest ({})", s.current)),
            "{text}"
        );
        for i in (0..players).filter(|&i| i != s.current.index()) {
            assert!(
                text.contains(&format!("Player {}'s forest", i + 1)),
                "{text}"
            );
            // Each task in another forest is drawn on its map as T and its VP.
            for c in view.players[i].forest.iter().filter(|c| c.animal.is_some()) {
                if c.tile.forest.is_some() {
                    assert!(text.contains(&format!("T{}*", c.tile.vp)), "{text}");
                }
            }
        }
        assert!(
            !text.contains("  Forest: "),
            "no forest is a list of codes: {text}"
        );
        assert!(text.contains(": You take 1 or 2 Forest tiles"), "{text}");
        let waiting = Seat(((s.current.index() + 1) % players) as u8);
        let theirs = game.text(&game.view(&s, Viewer::Seat(waiting)));
        assert!(
            theirs.contains(&format!("{} takes 1 or 2", s.current)),
            "{theirs}"
        );
    }
}

/// Issue 11, point 3: multiplayer tasks carry no Animal (a player's Animals share one
/// colour), and the legend says so instead of counting per Animal.
#[test]
fn the_multiplayer_legend_says_tasks_count_per_player_not_per_animal() {
    let game = WhisperingWoods::new(2, Options::default()).expect("valid");
    let s = play_until(&game, 2, |s| s.turns > 3);
    let view = game.view(&s, Viewer::Seat(Seat(0)));
    let rules = game.rules_text(&view);
    assert!(rules.contains("not per Animal"), "{rules}");
    let svg = game.svg(&view).expect("a picture");
    assert!(
        svg.contains("tasks count per player, not per Animal"),
        "{svg}"
    );
}

/// Issue 11, point 6: a Bonus card in the log is "You take a x2 Bonus card (3 VP)" for its
/// taker and "Player 1 takes ..." for the others.
#[test]
fn a_bonus_card_in_the_log_is_worded_for_its_reader() {
    let game = WhisperingWoods::new(2, Options::default()).expect("valid");
    let mut taken = 0;
    sylvan_engine::walk_games(
        std::slice::from_ref(&game),
        40,
        0,
        // Complete every task there is, so that Bonus cards are taken.
        |d| {
            d.legal
                .iter()
                .copied()
                .find(|x| matches!(x, Action::Complete { .. }))
        },
        |step| {
            let Actor::Seat(seat) = step.actor else {
                return;
            };
            let (before, after) = (step.before, step.after);
            if after.players[seat.index()].bonus == before.players[seat.index()].bonus {
                return;
            }
            let mut mine = Vec::new();
            game.events(before, step.action, after, Viewer::Seat(seat), &mut mine);
            let mut theirs = Vec::new();
            let other = Viewer::Seat(Seat(1 - seat.0));
            game.events(before, step.action, after, other, &mut theirs);
            assert!(
                mine.iter().any(|e| e.starts_with("You take a x")),
                "{mine:?}"
            );
            let named = format!("{seat} takes a x");
            assert!(theirs.iter().any(|e| e.starts_with(&named)), "{theirs:?}");
            taken += 1;
        },
    );
    assert!(taken > 0, "no Bonus card was taken in 40 games");
}

#[test]
fn the_decision_is_named_you_for_the_seat_to_move_and_the_help_reads_either_wording() {
    let game = WhisperingWoods::new(2, Options::default()).expect("valid");
    let steps: [(At, &str, &str); 3] = [
        (
            |s| matches!(s, Step::Take { second: false }),
            "You take 1 or 2 Forest tiles",
            "takes 1 or 2 Forest tiles",
        ),
        (
            |s| matches!(s, Step::Place { .. }),
            "You place the tile in your forest",
            "places the tile in their forest",
        ),
        (
            |s| *s == Step::Tasks,
            "You complete tasks or end the turn",
            "completes tasks or ends the turn",
        ),
    ];
    for (at, mine, theirs) in steps {
        let s = play_until(&game, 4, |s| at(&s.step));
        let own = game.view(&s, Viewer::Seat(s.current));
        assert_eq!(own.step, mine);
        let other = game.view(&s, Viewer::Seat(Seat(1 - s.current.0)));
        assert_eq!(other.step, format!("{} {theirs}", s.current));
        // The help is keyed on the step in either wording.
        let help = game.decision_help(&own);
        assert!(!help.is_empty(), "no help for '{mine}'");
        assert_eq!(help, game.decision_help(&other));
        let text = game.text(&own);
        assert!(
            text.contains(": You "),
            "the heading addresses the mover: {text}"
        );
    }
}
