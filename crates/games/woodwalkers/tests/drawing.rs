//! The SVG drawing, checked structurally: it parses, and it shows what the view holds (and, at
//! night, no more).

mod common;
use common::*;
use sylvan_engine::{Game, Seat, Viewer};
use sylvan_woodwalkers::{Action, Animal, Category, ForestTile, Side};

fn count(doc: &roxmltree::Document, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

#[test]
fn the_drawing_shows_grid_starts_tiles_animals_wounds_mode_and_scoreboard() {
    let g = game(3, 0, Side::Day);
    let mut s = round_one(&g, Category::Strength);
    // Blue's bison turns over a flag on H5; Yellow's wolf carries two wounds.
    roll_and_move(&g, &mut s, 4, "K5", "H5");
    act(&g, &mut s, Action::Reveal(ForestTile::Flag(8)));
    s.wounds[2][Animal::Wolf.index()] = 2;
    s.duel_points[0] = 52;
    let svg = g
        .svg(&g.view(&s, Viewer::Seat(Seat(0))))
        .expect("a drawing");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(count(&doc, "cell"), 81, "the 9 x 9 interior");
    assert_eq!(
        count(&doc, "start"),
        28,
        "7 starting spaces in each of 4 colours"
    );
    assert_eq!(count(&doc, "forest face-down"), 19);
    assert_eq!(count(&doc, "flag"), 1);
    assert_eq!(count(&doc, "animal"), 21, "7 animals each of 3 players");
    assert_eq!(count(&doc, "wound"), 2);
    assert_eq!(count(&doc, "mode"), 1);
    assert!(svg.contains(">Strength<"));
    assert_eq!(count(&doc, "score-space"), 50);
    let marker = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("score-marker"))
        .expect("seat 1's marker");
    // 52 points wrap to space 3.
    assert_eq!(marker.attribute("data-space"), Some("3"));
    assert!(svg.contains("You: Player 1 (Red)"));
}

#[test]
fn at_night_the_drawing_shows_only_what_the_viewer_knows() {
    let g = game(2, 0, Side::Night);
    let s = round_one(&g, Category::Strength);
    let svg = g
        .svg(&g.view(&s, Viewer::Seat(Seat(0))))
        .expect("a drawing");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let face_up = |up: &str| {
        doc.descendants()
            .filter(|n| {
                n.attribute("class") == Some("animal") && n.attribute("data-face-up") == Some(up)
            })
            .count()
    };
    assert_eq!(face_up("true"), 7, "Player 1's own animals");
    assert_eq!(face_up("false"), 7, "Player 2's face-down animals");
    let blue_names = doc
        .descendants()
        .filter(|n| {
            n.attribute("data-colour") == Some("Blue") && n.attribute("class") == Some("animal")
        })
        .filter(|n| n.attribute("data-animal") != Some("?"))
        .count();
    assert_eq!(blue_names, 0);
}

#[test]
fn at_the_end_the_status_line_says_the_game_is_over_not_whose_turn() {
    let g = game(2, 0, Side::Day);
    let mut rng = sylvan_engine::GameRng::seeded(5);
    let (s, _) = sylvan_engine::random_playout(&g, &mut rng, &mut Vec::new(), &mut Vec::new());
    let svg = g.svg(&g.view(&s, Viewer::Spectator)).expect("a drawing");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let status = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("status"))
        .and_then(|n| n.text())
        .expect("a status line");
    assert_eq!(status, "The game is over");
}
