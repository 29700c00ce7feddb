//! The view drawn as SVG: a pure function from [`View`] to text.

use std::collections::BTreeMap;
use std::fmt::Write;

use sylvan_engine::Seat;

use crate::components::{Colour, ColourRule, Tile};
use crate::targets;
use crate::view::View;

const WIDTH: i32 = 1100;
const HEIGHT: i32 = 860;

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

/// The letter on a stone, a second cue besides its colour.
fn letter(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "B",
        Colour::Teal => "T",
        Colour::Orange => "O",
        Colour::White => "W",
        Colour::Purple => "P",
        Colour::Yellow => "Y",
        Colour::Spirit => "S",
    }
}

fn stone(svg: &mut String, x: i32, y: i32, r: i32, c: Colour, class: &str) {
    let _ = write!(
        svg,
        r##"<circle class="stone {class}" data-colour="{}" cx="{x}" cy="{y}" r="{r}" fill="{}" stroke="#222" stroke-width="1.5"/><text x="{x}" y="{}" text-anchor="middle" font-size="{}" font-weight="bold" fill="{}">{}</text>"##,
        c.name(),
        fill(c),
        y + r * 4 / 10,
        r + 1,
        if matches!(c, Colour::Blue | Colour::Purple) {
            "#fff"
        } else {
            "#222"
        },
        letter(c)
    );
}

/// Opens a clickable element: a group marked with its target id.
fn open_target(svg: &mut String, id: &str, class: &str) {
    let _ = write!(svg, r##"<g class="{class}" data-target="{}">"##, esc(id));
}

/// Closes a clickable element with an invisible rectangle over its whole area, so a click
/// anywhere on it (and its highlight outline) covers the element, not only its strokes.
fn close_target(svg: &mut String, x: i32, y: i32, w: i32, h: i32) {
    let _ = write!(
        svg,
        r##"<rect class="hit" x="{x}" y="{y}" width="{w}" height="{h}" rx="3" fill="#fff" fill-opacity="0"/></g>"##
    );
}

/// Width of one colour's chip: a stone and its count.
const CHIP: i32 = 46;

/// One colour's stones as a clickable chip: a stone with its letter and the count beside it.
fn chip(svg: &mut String, id: &str, x: i32, y: i32, c: Colour, n: u8, class: &str) {
    open_target(svg, id, "chip");
    stone(svg, x + 11, y, 9, c, class);
    let _ = write!(
        svg,
        r##"<text x="{}" y="{}" font-size="11">×{n}</text>"##,
        x + 23,
        y + 4
    );
    close_target(svg, x, y - 12, CHIP - 2, 24);
}

/// Chips for every colour present, `per_row` to a row; returns the rows used.
#[allow(clippy::too_many_arguments)]
fn chips(
    svg: &mut String,
    ids: impl Fn(Colour) -> String,
    x: i32,
    y: i32,
    per_row: i32,
    stones: &BTreeMap<Colour, u8>,
    class: &str,
) -> i32 {
    let mut k = 0;
    for (&c, &n) in stones {
        chip(
            svg,
            &ids(c),
            x + (k % per_row) * CHIP,
            y + (k / per_row) * 28,
            c,
            n,
            class,
        );
        k += 1;
    }
    (k + per_row - 1) / per_row
}

/// Draws the view.
pub fn draw(view: &View) -> String {
    let mut s = String::with_capacity(24 * 1024);
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
    let total: i32 = view.bowl.values().map(|&n| n as i32).sum();
    let _ = write!(
        s,
        r##"<g id="bowl"><ellipse cx="150" cy="380" rx="125" ry="50" fill="#b08a5a" stroke="#6b4f2c" stroke-width="3"/><text x="150" y="349" text-anchor="middle">Bowl: {}</text>"##,
        plural(total, "stone")
    );
    chips(
        &mut s,
        |c| targets::stones("bowl", c),
        150 - 2 * CHIP,
        366,
        4,
        &view.bowl,
        "bowl",
    );
    s.push_str("</g>");

    let _ = write!(s, r##"<g id="bag"><text x="300" y="332">Bag</text>"##);
    let mut y = 338;
    for c in Colour::ALL {
        let n = view.bag.get(&c).copied().unwrap_or(0);
        open_target(&mut s, &targets::stones("bag", c), "bag-row");
        stone(&mut s, 308, y + 8, 6, c, "bag");
        let _ = write!(
            s,
            r##"<text x="320" y="{}" font-size="12">{} ×{n}</text>"##,
            y + 12,
            c.name()
        );
        close_target(&mut s, 298, y, 112, 17);
        y += 18;
    }
    s.push_str("</g>");

    for (p, pile) in view.piles.iter().enumerate() {
        let x = 460 + p as i32 * 130;
        let side = if p == 0 { "left" } else { "right" };
        let _ = write!(s, r##"<g class="pile" id="pile-{side}">"##);
        open_target(&mut s, &targets::pile(p as u8), "card");
        let _ = write!(
            s,
            r##"<rect x="{x}" y="330" width="120" height="80" rx="8" fill="#fffaf0" stroke="#7a6a4f" stroke-width="2"/>"##
        );
        let top = pile.top.map(|c| c.name()).unwrap_or("?");
        let _ = write!(
            s,
            r##"<text x="{}" y="362" text-anchor="middle" font-size="16" font-weight="bold">{top}</text><text x="{}" y="378" text-anchor="middle" font-size="10">Spirit Power</text>"##,
            x + 60,
            x + 60
        );
        let below: Vec<&str> = pile
            .below
            .iter()
            .map(|c| c.map(|c| c.name()).unwrap_or("?"))
            .collect();
        let _ = write!(
            s,
            r##"<text x="{}" y="398" text-anchor="middle" font-size="9">then {}</text>"##,
            x + 60,
            below.join(", ")
        );
        close_target(&mut s, x, 330, 120, 80);
        s.push_str("</g>");
    }
    let turn = if view.over {
        "Game over".to_string()
    } else {
        format!("{}'s turn", view.turn)
    };
    let _ = write!(
        s,
        r##"<g id="status" font-size="12"><text x="720" y="340" font-weight="bold">{}</text>"##,
        esc(&turn)
    );
    if !view.over {
        for (l, line) in wrap(&format!("Now: {}", view.deciding), 58)
            .iter()
            .take(2)
            .enumerate()
        {
            let _ = write!(
                s,
                r##"<text x="720" y="{}" font-size="11">{}</text>"##,
                357 + l as i32 * 14,
                esc(line)
            );
        }
    }
    let _ = write!(
        s,
        r##"<text x="720" y="392">Spirit Stones out of the bag: {} (5 ends the game)</text>"##,
        view.spirit_stones_out
    );
    if !view.drawn.is_empty() {
        let _ = write!(s, r##"<text x="720" y="416">Drawn:</text>"##);
        chips(
            &mut s,
            |c| targets::stones("drawn", c),
            766,
            412,
            7,
            &view.drawn,
            "drawn",
        );
    }
    let coyote = match view.coyote {
        Some((seat, a)) => format!("Coyote: on {seat}'s {a}"),
        None => "Coyote: to the side".into(),
    };
    let _ = write!(s, r##"<text x="720" y="444">{}</text></g>"##, esc(&coyote));
    if view.coyote.is_none() {
        coyote_figure(&mut s, 580, 440);
    }

    // The two players: Player 2 on top, Player 1 at the bottom.
    for (i, side) in view.players.iter().enumerate() {
        let seat = Seat(i as u8);
        let top = if i == 0 { 480 } else { 20 };
        let you = if view.viewer == Some(seat) {
            " (you)"
        } else {
            ""
        };
        let _ = write!(
            s,
            r##"<g class="player" id="player-{}"><text x="20" y="{}" font-size="16" font-weight="bold">{seat}{you}: {}</text>"##,
            i + 1,
            top + 16,
            plural(side.score, "point")
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
                r##"<g class="tile" data-face-up="{up}" data-target="{}"><rect x="{x}" y="{}" width="118" height="24" rx="4" fill="{fill_c}" stroke="#444"/><text x="{}" y="{}" text-anchor="middle" font-size="11" fill="{text_c}">{}</text>"##,
                targets::tile(seat, t),
                top + 2,
                x + 59,
                top + 18,
                esc(label)
            );
            close_target(&mut s, x, top + 2, 118, 24);
        }
        for (b, board) in side.boards.iter().enumerate() {
            let x = 20 + b as i32 * 214;
            let y = top + 36;
            let blocked = view.coyote == Some((seat, board.animal));
            let stroke = if blocked { "#c0392b" } else { "#4d6b3a" };
            let _ = write!(
                s,
                r##"<g class="board" data-animal="{}"><rect x="{x}" y="{y}" width="204" height="230" rx="10" fill="#f8f3e3" stroke="{stroke}" stroke-width="{}"/>"##,
                board.animal.name(),
                if blocked { 4 } else { 2 },
            );
            open_target(&mut s, &targets::board(seat, board.animal), "board-name");
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" font-weight="bold">{}</text><text x="{}" y="{}" text-anchor="end">{}</text>"##,
                x + 10,
                y + 20,
                board.animal.name(),
                x + 194,
                y + 20,
                plural(board.points, "pt")
            );
            close_target(&mut s, x + 2, y + 2, 200, 26);
            // Spirit Stone space: a diamond in the corner.
            let (dx, dy) = (x + 182, y + 208);
            open_target(
                &mut s,
                &targets::spirit_space(seat, board.animal),
                "spirit-target",
            );
            let _ = write!(
                s,
                r##"<polygon class="spirit-space" points="{},{} {},{} {},{} {},{}" fill="{}" stroke="#555" stroke-dasharray="{}"/>"##,
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
                    "#e6dcc0"
                },
                if board.spirit_stone { "none" } else { "3,2" }
            );
            if board.spirit_stone {
                let _ = write!(
                    s,
                    r##"<text x="{dx}" y="{}" text-anchor="middle" font-size="10" font-weight="bold">S</text>"##,
                    dy + 4
                );
            }
            close_target(&mut s, dx - 15, dy - 15, 30, 30);
            let mut row_y = y + 50;
            let mut space_no = 1usize;
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
                    let coyote_space = board.coyote_spaces.contains(&(space_no as u8));
                    let ring = if coyote_space { "#c0392b" } else { "#9a8b6a" };
                    open_target(
                        &mut s,
                        &targets::space(seat, board.animal, space_no),
                        "space",
                    );
                    // An open space is a dashed hollow in the board's colour, never white, so
                    // a white stone cannot be taken for it.
                    match space {
                        Some(c) => {
                            let _ = write!(
                                s,
                                r##"<circle cx="{cx}" cy="{row_y}" r="10" fill="{ring}"/>"##
                            );
                            stone(&mut s, cx, row_y, 8, *c, "placed");
                        }
                        None => {
                            let _ = write!(
                                s,
                                r##"<circle class="open" cx="{cx}" cy="{row_y}" r="9" fill="#e6dcc0" stroke="{ring}" stroke-width="2" stroke-dasharray="3,2"/>"##
                            );
                        }
                    }
                    close_target(&mut s, cx - 11, row_y - 12, 22, 24);
                    cx += 22;
                    space_no += 1;
                }
                row_y += 30;
            }
            if !board.nest.is_empty() || board.animal == crate::components::Animal::Packrat {
                let _ = write!(s, r##"<text x="{}" y="{row_y}">Nest</text>"##, x + 10);
                let animal = board.animal;
                chips(
                    &mut s,
                    |c| targets::nest(seat, animal, c),
                    x + 10,
                    row_y + 18,
                    4,
                    &board.nest,
                    "nest",
                );
            }
            for (l, line) in wrap(&board.rule, 36).iter().take(3).enumerate() {
                let _ = write!(
                    s,
                    r##"<text class="rule" x="{}" y="{}" font-size="10" fill="#4a4030">{}</text>"##,
                    x + 10,
                    y + 150 + l as i32 * 13,
                    esc(line)
                );
            }
            if blocked {
                coyote_figure(&mut s, x + 30, y + 200);
            }
            let _ = write!(s, "</g>");
        }
        if !side.hand.is_empty() {
            let _ = write!(s, r##"<text x="20" y="{}">To place:</text>"##, top + 286);
            chips(
                &mut s,
                |c| targets::hand(seat, c),
                90,
                top + 282,
                7,
                &side.hand,
                "hand",
            );
        }
        let _ = write!(s, "</g>");
    }
    // The face-up Spirit Power cards' texts, so the picture says what each would do.
    for (p, pile) in view.piles.iter().enumerate() {
        let Some(card) = pile.top else { continue };
        let x = 20 + p as i32 * 540;
        let text = format!("{card}: {}", crate::help::card_text(card));
        for (l, line) in wrap(&text, 90).iter().take(5).enumerate() {
            let _ = write!(
                s,
                r##"<text class="card-text" x="{x}" y="{}" font-size="10">{}</text>"##,
                HEIGHT - 62 + l as i32 * 13,
                esc(line)
            );
        }
    }
    s.push_str("</svg>");
    s
}

/// The Coyote figure, clickable to leave it where it is.
fn coyote_figure(s: &mut String, x: i32, y: i32) {
    open_target(s, targets::COYOTE, "coyote");
    let _ = write!(
        s,
        r##"<circle cx="{x}" cy="{y}" r="21" fill="#d98c3f" stroke="#5a3510" stroke-width="2"/><text x="{x}" y="{}" text-anchor="middle" font-size="9">Coyote</text>"##,
        y + 3
    );
    close_target(s, x - 23, y - 23, 46, 46);
}

/// `n` and the noun, "1 point" or "2 points".
fn plural(n: i32, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

use sylvan_engine::text::wrap_words as wrap;

fn short(tile: Tile) -> &'static str {
    match tile {
        Tile::TakeOne => "Take One Stone",
        Tile::TakeTwo => "Take Two Stones",
        Tile::AddTwo => "Add Two & Take One",
        Tile::AddThree => "Add Three & Coyote",
        Tile::Recover => "Recover & Power",
    }
}
