//! The SVG drawing, checked structurally: it parses, and it shows what the view holds.

mod common;
use common::*;
use sylvan_engine::{Game, Viewer};
use sylvan_spirits::{Animal, Card, Colour};

fn count(doc: &roxmltree::Document, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

#[test]
fn the_drawing_shows_boards_stones_tiles_coyote_and_piles() {
    let g = game(
        ["Owl", "Rabbit", "Beaver", "Packrat", "Turtle"],
        ["Bear", "Bison", "Eagle", "Deer", "Wolf", "Ram"],
    );
    let mut s = start(
        &g,
        [Card::Bear, Card::Eagle],
        [Colour::Blue, Colour::Teal, Colour::Orange, Colour::White],
    );
    put(
        &mut s,
        P1,
        Animal::Owl,
        &[(0, Colour::Blue), (1, Colour::Blue)],
    );
    put(&mut s, P2, Animal::Turtle, &[(0, Colour::Yellow)]);
    put_spirit(&mut s, P2, Animal::Rabbit);
    let b = s.board_of(Animal::Packrat).expect("in play");
    assert!(s.bag.take(Colour::Purple));
    s.boards[0][b].nest.add(Colour::Purple, 1);
    s.coyote = Some((P2, 4));
    let svg = g.svg(&g.view(&s, Viewer::Seat(P1))).expect("Spirits draws");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(count(&doc, "board"), 10, "five boards a player");
    assert_eq!(count(&doc, "stone placed"), 3);
    assert_eq!(count(&doc, "stone nest"), 1);
    assert_eq!(count(&doc, "stone bowl"), 4);
    assert_eq!(count(&doc, "coyote"), 1);
    assert_eq!(count(&doc, "pile"), 2);
    let face_down = doc
        .descendants()
        .filter(|n| {
            n.attribute("class") == Some("tile") && n.attribute("data-face-up") == Some("false")
        })
        .count();
    assert_eq!(face_down, 1, "the starting player's Take Two Stones");
    let spirit_filled = doc
        .descendants()
        .filter(|n| {
            n.attribute("class") == Some("spirit-space")
                && n.attribute("fill") == Some("url(#spirit)")
        })
        .count();
    assert_eq!(spirit_filled, 1);
    assert!(svg.contains(">Bear<") && svg.contains(">Eagle<"));
    assert!(svg.contains("Player 1 (you)"));
}
