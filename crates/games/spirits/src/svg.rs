//! The view drawn as SVG: a pure function from [`View`] to text.

use std::collections::BTreeMap;
use std::fmt::Write;

use sylvan_engine::Seat;

use crate::components::{Colour, ColourRule, Tile};
use crate::view::View;

const WIDTH: i32 = 1100;
const HEIGHT: i32 = 760;

fn fill(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "#3b6fd8",
        Colour::Teal => "#1fa39a",
        Colour::Orange => "#f08a24",
        Colour::White => "#f4f4f4",
        Colour::Purple => "#8e4fc2",
        Colour::Yellow => "#f2d22e",
        Colour::Spirit => "url(#spirit)",
    }
}

fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\'', "&apos;")
}

fn stone(svg: &mut String, x: i32, y: i32, r: i32, c: Colour, class: &str) {
    let _ = write!(
        svg,
        r##"<circle class="stone {class}" data-colour="{}" cx="{x}" cy="{y}" r="{r}" fill="{}" stroke="#333" stroke-width="1"/>"##,
        c.name(),
        fill(c)
    );
}

fn stone_row(svg: &mut String, x: i32, y: i32, stones: &BTreeMap<Colour, u8>, class: &str) -> i32 {
    let mut dx = 0;
    for (&c, &n) in stones {
        for _ in 0..n {
            stone(svg, x + dx, y, 7, c, class);
            dx += 16;
        }
    }
    dx
}

/// Draws the view.
pub fn draw(view: &View) -> String {
    let mut s = String::with_capacity(16 * 1024);
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="13">"##
    );
    s.push_str(
        r##"<defs><linearGradient id="spirit" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fdf6ff"/><stop offset="0.5" stop-color="#b9e6f5"/><stop offset="1" stop-color="#f7c9ec"/></linearGradient></defs>"##,
    );
    let _ = write!(
        s,
        r##"<rect width="{WIDTH}" height="{HEIGHT}" fill="#e9efe2"/>"##
    );

    // The middle: bowl, bag, piles, Coyote, status.
    let _ = write!(
        s,
        r##"<g id="bowl"><ellipse cx="150" cy="380" rx="120" ry="48" fill="#b08a5a" stroke="#6b4f2c" stroke-width="3"/><text x="150" y="320" text-anchor="middle">Bowl</text>"##
    );
    let total: i32 = view.bowl.values().map(|&n| n as i32).sum();
    let mut i = 0;
    for (&c, &n) in &view.bowl {
        for _ in 0..n {
            let (col, row) = (i % 10, i / 10);
            stone(&mut s, 150 - 90 + col * 20, 366 + row * 18, 8, c, "bowl");
            i += 1;
        }
    }
    let _ = write!(
        s,
        r##"<text x="150" y="446" text-anchor="middle">{total} stones</text></g>"##
    );

    let _ = write!(s, r##"<g id="bag"><text x="300" y="340">Bag</text>"##);
    let mut y = 358;
    for (&c, &n) in &view.bag {
        stone(&mut s, 308, y - 4, 6, c, "bag");
        let _ = write!(s, r##"<text x="320" y="{y}">{} x{n}</text>"##, c.name());
        y += 16;
    }
    let _ = write!(s, "</g>");

    for (p, pile) in view.piles.iter().enumerate() {
        let x = 460 + p as i32 * 130;
        let side = if p == 0 { "left" } else { "right" };
        let _ = write!(
            s,
            r##"<g class="pile" id="pile-{side}"><rect x="{x}" y="330" width="110" height="80" rx="8" fill="#fffaf0" stroke="#7a6a4f" stroke-width="2"/>"##
        );
        let top = pile.top.map(|c| c.name()).unwrap_or("?");
        let _ = write!(
            s,
            r##"<text x="{}" y="372" text-anchor="middle" font-size="16" font-weight="bold">{top}</text>"##,
            x + 55
        );
        let below: Vec<&str> = pile
            .below
            .iter()
            .map(|c| c.map(|c| c.name()).unwrap_or("?"))
            .collect();
        let _ = write!(
            s,
            r##"<text x="{}" y="395" text-anchor="middle" font-size="10">below: {}</text></g>"##,
            x + 55,
            below.join(", ")
        );
    }
    let status = if view.over {
        "Game over".to_string()
    } else {
        format!("{}'s turn. Now: {}", view.turn, view.deciding)
    };
    let _ = write!(
        s,
        r##"<g id="status" font-size="12"><text x="720" y="350">{}</text><text x="720" y="372">Spirit Stones out of the bag: {} (5 ends the game)</text>"##,
        esc(&status),
        view.spirit_stones_out
    );
    if !view.drawn.is_empty() {
        let _ = write!(s, r##"<text x="720" y="394">Drawn:</text>"##);
        stone_row(&mut s, 780, 390, &view.drawn, "drawn");
    }
    let coyote = match view.coyote {
        Some((seat, a)) => format!("Coyote: on {seat}'s {a}"),
        None => "Coyote: to the side".into(),
    };
    let _ = write!(s, r##"<text x="720" y="416">{}</text></g>"##, esc(&coyote));

    // The two players: Player 2 on top, Player 1 at the bottom.
    for (i, side) in view.players.iter().enumerate() {
        let seat = Seat(i as u8);
        let top = if i == 0 { 470 } else { 20 };
        let you = if view.viewer == Some(seat) {
            " (you)"
        } else {
            ""
        };
        let _ = write!(
            s,
            r##"<g class="player" id="player-{}"><text x="20" y="{}" font-size="16" font-weight="bold">{seat}{you}: {} points</text>"##,
            i + 1,
            top + 16,
            side.score
        );
        for (t, (tile, up)) in side.tiles.iter().enumerate() {
            let x = 330 + t as i32 * 125;
            let (fill_c, label) = if *up {
                ("#fdfdf5", short(*tile))
            } else {
                ("#6d5a45", "face down")
            };
            let text_c = if *up { "#222" } else { "#eee" };
            let _ = write!(
                s,
                r##"<g class="tile" data-face-up="{up}"><rect x="{x}" y="{}" width="118" height="24" rx="4" fill="{fill_c}" stroke="#444"/><text x="{}" y="{}" text-anchor="middle" font-size="11" fill="{text_c}">{}</text></g>"##,
                top + 2,
                x + 59,
                top + 18,
                esc(label)
            );
        }
        for (b, board) in side.boards.iter().enumerate() {
            let x = 20 + b as i32 * 214;
            let y = top + 36;
            let blocked = view.coyote == Some((seat, board.animal));
            let stroke = if blocked { "#c0392b" } else { "#4d6b3a" };
            let _ = write!(
                s,
                r##"<g class="board" data-animal="{}"><rect x="{x}" y="{y}" width="204" height="230" rx="10" fill="#f8f3e3" stroke="{stroke}" stroke-width="{}"/><text x="{}" y="{}" font-weight="bold">{}</text><text x="{}" y="{}" text-anchor="end">{} pts</text>"##,
                board.animal.name(),
                if blocked { 4 } else { 2 },
                x + 10,
                y + 20,
                board.animal.name(),
                x + 194,
                y + 20,
                board.points
            );
            // Spirit Stone space: a diamond in the corner.
            let (dx, dy) = (x + 180, y + 206);
            let _ = write!(
                s,
                r##"<polygon class="spirit-space" points="{},{} {},{} {},{} {},{}" fill="{}" stroke="#888" stroke-dasharray="3,2"/>"##,
                dx,
                dy - 14,
                dx + 14,
                dy,
                dx,
                dy + 14,
                dx - 14,
                dy,
                if board.spirit_stone {
                    "url(#spirit)"
                } else {
                    "none"
                }
            );
            let mut row_y = y + 50;
            let mut space_no = 1u8;
            for (k, set) in board.sets.iter().enumerate() {
                let mut cx = x + 20;
                let linked = set.len() > 1 && board.rules.get(k) == Some(&ColourRule::Same);
                if linked {
                    let _ = write!(
                        s,
                        r##"<line x1="{cx}" y1="{row_y}" x2="{}" y2="{row_y}" stroke="#9a8b6a" stroke-width="3"/>"##,
                        cx + (set.len().min(8) as i32 - 1) * 22
                    );
                }
                for (k, space) in set.iter().enumerate() {
                    if k > 0 && k % 8 == 0 {
                        row_y += 26;
                        cx = x + 20;
                    }
                    let coyote_space = board.coyote_spaces.contains(&space_no);
                    let ring = if coyote_space { "#c0392b" } else { "#9a8b6a" };
                    let _ = write!(
                        s,
                        r##"<circle class="space" cx="{cx}" cy="{row_y}" r="9" fill="#fff" stroke="{ring}" stroke-width="2"/>"##
                    );
                    if let Some(c) = space {
                        stone(&mut s, cx, row_y, 8, *c, "placed");
                    }
                    cx += 22;
                    space_no += 1;
                }
                row_y += 30;
            }
            if !board.nest.is_empty() || board.animal == crate::components::Animal::Packrat {
                let _ = write!(s, r##"<text x="{}" y="{row_y}">Nest</text>"##, x + 10);
                let mut k = 0;
                for (&c, &n) in &board.nest {
                    for _ in 0..n {
                        stone(
                            &mut s,
                            x + 20 + (k % 9) * 18,
                            row_y + 16 + (k / 9) * 18,
                            7,
                            c,
                            "nest",
                        );
                        k += 1;
                    }
                }
            }
            if blocked {
                let _ = write!(
                    s,
                    r##"<g class="coyote"><circle cx="{}" cy="{}" r="16" fill="#d98c3f" stroke="#5a3510" stroke-width="2"/><text x="{}" y="{}" text-anchor="middle" font-size="10">Coyote</text></g>"##,
                    x + 30,
                    y + 200,
                    x + 30,
                    y + 204
                );
            }
            let _ = write!(s, "</g>");
        }
        if !side.hand.is_empty() {
            let _ = write!(s, r##"<text x="20" y="{}">To place:</text>"##, top + 286);
            stone_row(&mut s, 90, top + 282, &side.hand, "hand");
        }
        let _ = write!(s, "</g>");
    }
    s.push_str("</svg>");
    s
}

fn short(tile: Tile) -> &'static str {
    match tile {
        Tile::TakeOne => "Take One Stone",
        Tile::TakeTwo => "Take Two Stones",
        Tile::AddTwo => "Add Two & Take One",
        Tile::AddThree => "Add Three & Coyote",
        Tile::Recover => "Recover & Power",
    }
}
