//! The SVG drawing, checked structurally: every forest tile, animal, display tile, completed
//! task and Bonus card pile is drawn, and the solo Scoring board has its 15 spaces.

use sylvan_engine::{random_playout_from, Actor, Game, GameRng, Viewer};
use sylvan_whispering_woods::{Options, WhisperingWoods};

fn count(doc: &roxmltree::Document, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

/// A state part-way through a random game (stopped after `decisions`).
fn midgame(game: &WhisperingWoods, seed: u64, decisions: usize) -> sylvan_whispering_woods::State {
    let mut s = game.initial_state();
    let mut rng = GameRng::seeded(seed);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..decisions {
        match game.actor(&s) {
            Actor::Nobody => break,
            Actor::Chance => {
                game.chance_outcomes(&s, &mut outcomes);
                let a = rng.pick_weighted(&outcomes);
                game.apply(&mut s, a).expect("chance");
            }
            Actor::Seat(_) => {
                game.legal_actions(&s, &mut actions);
                // Prefer completing tasks so that completed tasks get drawn too.
                let a = actions
                    .iter()
                    .copied()
                    .find(|a| matches!(a, sylvan_whispering_woods::Action::Complete { .. }))
                    .unwrap_or(actions[rng.below(actions.len() as u64) as usize]);
                game.apply(&mut s, a).expect("legal");
            }
        }
    }
    s
}

#[test]
fn the_multiplayer_drawing_shows_forests_display_completed_tasks_and_bonus_cards() {
    let game = WhisperingWoods::new(3, Options::default()).expect("valid");
    let s = midgame(&game, 5, 400);
    let view = game.view(&s, Viewer::Spectator);
    let svg = game.svg(&view).expect("a drawing");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let cells: usize = view.players.iter().map(|p| p.forest.len()).sum();
    assert!(cells > 3);
    assert_eq!(count(&doc, "forest-tile"), cells);
    let animals: usize = view
        .players
        .iter()
        .map(|p| p.forest.iter().filter(|c| c.animal.is_some()).count())
        .sum();
    assert_eq!(count(&doc, "animal"), animals);
    assert_eq!(count(&doc, "display-tile"), view.display.len());
    let completed: usize = view.players.iter().map(|p| p.completed.len()).sum();
    assert!(completed > 0, "the game has completed tasks");
    assert_eq!(count(&doc, "completed-task"), completed);
    assert_eq!(count(&doc, "bonus-card"), 4);
    assert_eq!(count(&doc, "player"), 3);
    // Tasks in forests and on display tiles show their path as chips; a completed task shows
    // the element of its Forest side as one chip (none for the Starting tile).
    let dots: usize = view
        .players
        .iter()
        .flat_map(|p| {
            p.forest
                .iter()
                .filter(|c| c.animal.is_some())
                .map(|c| c.tile.task.len())
        })
        .sum::<usize>()
        + view.display.iter().map(|t| t.task.len()).sum::<usize>()
        + view
            .players
            .iter()
            .flat_map(|p| {
                // The first `flips` completed Forest tiles are drawn Forest side up.
                let mut flipped = 0;
                p.completed.iter().map(move |c| {
                    if c.tile.forest.is_some() && flipped < p.flips {
                        flipped += 1;
                        0
                    } else {
                        usize::from(c.tile.forest.is_some())
                    }
                })
            })
            .sum::<usize>();
    assert_eq!(count(&doc, "task-colour"), dots);
    assert_eq!(count(&doc, "scoring-board"), 0);
}

#[test]
fn the_solo_drawing_shows_the_scoring_board() {
    let game = WhisperingWoods::new(
        1,
        Options {
            level: 3,
            ..Options::default()
        },
    )
    .expect("valid");
    let mut s = game.initial_state();
    let mut rng = GameRng::seeded(8);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    random_playout_from(&game, &mut s, &mut rng, &mut actions, &mut outcomes);
    let view = game.view(&s, Viewer::Seat(sylvan_engine::Seat(0)));
    let svg = game.svg(&view).expect("a drawing");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(count(&doc, "scoring-board"), 1);
    assert_eq!(count(&doc, "scoring-space"), 15);
    assert_eq!(count(&doc, "objective"), 3);
    assert_eq!(count(&doc, "bonus-card"), 0, "no Bonus cards in solo");
    let text = game.text(&view);
    assert!(text.contains("Mission level 3"), "{text}");
    // Level 3 has three objectives: "N of 3 objectives met", plural whatever N is.
    assert!(text.contains(" of 3 objectives met\n"), "{text}");
    assert!(
        text.contains("\n  Scoring board: ") && text.contains(" spaces filled ("),
        "{text}"
    );
}

/// Issue 11: every hex of a forest is drawn before what lies on them (no later hex covers an
/// Animal), and each forest starts at the left margin under its heading, whatever hexes it
/// has left (no tile floats away from an origin the forest no longer covers).
#[test]
fn hexes_come_before_their_marks_and_each_forest_sits_at_the_margin() {
    for players in 1..=4 {
        let game = WhisperingWoods::new(players, Options::default()).expect("valid");
        let s = midgame(&game, 11 + players as u64, 300);
        let view = game.view(&s, Viewer::Seat(sylvan_engine::Seat(0)));
        let svg = game.svg(&view).expect("a drawing");
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        for group in doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("player"))
        {
            let Some(forest) = group
                .descendants()
                .find(|n| n.attribute("class") == Some("forest"))
            else {
                panic!("{players}p: a player without a forest group");
            };
            let nodes: Vec<_> = forest.descendants().collect();
            let last_hex = nodes
                .iter()
                .rposition(|n| n.attribute("class") == Some("forest-tile"));
            let first_animal = nodes
                .iter()
                .position(|n| n.attribute("class") == Some("animal"));
            if let (Some(h), Some(a)) = (last_hex, first_animal) {
                assert!(h < a, "{players}p: an Animal is drawn before a hex");
            }
            // Every hex: tiles, and the places where a tile may go.
            let xs: Vec<f64> = nodes
                .iter()
                .filter(|n| n.has_tag_name("polygon"))
                .flat_map(|n| {
                    n.attribute("points")
                        .unwrap_or_default()
                        .split(' ')
                        .filter_map(|p| p.split(',').next()?.parse::<f64>().ok())
                        .collect::<Vec<_>>()
                })
                .collect();
            let left = xs.iter().copied().fold(f64::MAX, f64::min);
            assert!(
                (5.0..20.0).contains(&left),
                "{players}p: forest starts at x {left}"
            );
        }
    }
}
