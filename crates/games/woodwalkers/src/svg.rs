//! The view drawn as SVG: a pure function from [`View`] to text.

use std::fmt::Write;

use crate::components::Cell;
use crate::state::Space;
use crate::view::View;

const CELL: i32 = 44;
const MARGIN: i32 = 30;

fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\'', "&apos;")
        .replace('"', "&quot;")
}

fn xy(cell: Cell) -> (i32, i32) {
    (
        MARGIN + cell.col() as i32 * CELL,
        MARGIN + cell.row() as i32 * CELL,
    )
}

/// Draws the view.
pub fn draw(view: &View) -> String {
    let board = view.size as i32 * CELL;
    let width = MARGIN * 2 + board + 360;
    let height = (MARGIN * 2 + board + 90).max(560);
    let mut s = String::with_capacity(24 * 1024);
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"##
    );
    let (ground, light) = match view.side {
        crate::components::Side::Day => ("#4f7a3a", "#b9d98c"),
        crate::components::Side::Night => ("#1d2b4f", "#6f86b8"),
    };
    let _ = write!(
        s,
        r##"<rect width="{width}" height="{height}" fill="#f1efe6"/><rect class="board" x="{MARGIN}" y="{MARGIN}" width="{board}" height="{board}" fill="{ground}" rx="6"/>"##
    );
    // The grid.
    for &cell in &view.interior {
        let (x, y) = xy(cell);
        let _ = write!(
            s,
            r##"<rect class="cell" data-cell="{cell}" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#2f4a22" stroke-width="1"/>"##,
            x + 1,
            y + 1,
            CELL - 2,
            CELL - 2
        );
    }
    // Starting spaces by colour.
    for (colour, fill, cells) in &view.starts {
        for &cell in cells {
            let (x, y) = xy(cell);
            let _ = write!(
                s,
                r##"<rect class="start" data-colour="{colour}" data-cell="{cell}" x="{}" y="{}" width="{}" height="{}" fill="{}" fill-opacity="0.45" stroke="{}" stroke-width="2"/>"##,
                x + 2,
                y + 2,
                CELL - 4,
                CELL - 4,
                esc(fill),
                esc(fill)
            );
        }
    }
    // Light spaces and forest tiles.
    for f in &view.forest {
        let (x, y) = xy(f.cell);
        let _ = write!(
            s,
            r##"<rect class="light" x="{}" y="{}" width="{}" height="{}" fill="{light}"/>"##,
            x + 2,
            y + 2,
            CELL - 4,
            CELL - 4
        );
        match f.space {
            Space::FaceDown => {
                let _ = write!(
                    s,
                    r##"<rect class="forest face-down" data-cell="{}" x="{}" y="{}" width="{}" height="{}" rx="4" fill="#2e5d2b" stroke="#173015"/><text x="{}" y="{}" text-anchor="middle" fill="#d8e8c8" font-size="16">?</text>"##,
                    f.cell,
                    x + 7,
                    y + 7,
                    CELL - 14,
                    CELL - 14,
                    x + CELL / 2,
                    y + CELL / 2 + 6
                );
            }
            Space::Flag(_) | Space::Open => {}
        }
    }
    // Animals with their wounds.
    for t in &view.tiles {
        let (x, y) = xy(t.cell);
        let fill = view
            .starts
            .iter()
            .find(|(c, _, _)| *c == t.colour)
            .map(|(_, f, _)| f.as_str())
            .unwrap_or("#888");
        let label = t.animal.map(|a| a.name()).unwrap_or("?");
        let short: String = label.chars().take(3).collect();
        let known = t.animal.is_some();
        let _ = write!(
            s,
            r##"<g class="animal" data-colour="{}" data-cell="{}" data-animal="{}" data-face-up="{known}"><circle cx="{}" cy="{}" r="{}" fill="{}" stroke="#111" stroke-width="2"/><text x="{}" y="{}" text-anchor="middle" font-size="11" font-weight="bold" fill="#111">{}</text>"##,
            t.colour,
            t.cell,
            esc(label),
            x + CELL / 2,
            y + CELL / 2,
            CELL / 2 - 5,
            esc(fill),
            x + CELL / 2,
            y + CELL / 2 + 4,
            esc(&short)
        );
        for w in 0..t.wounds.unwrap_or(0) as i32 {
            let _ = write!(
                s,
                r##"<circle class="wound" cx="{}" cy="{}" r="4" fill="#b00000" stroke="#fff"/>"##,
                x + 8 + w * 9,
                y + CELL - 7
            );
        }
        s.push_str("</g>");
    }
    // Flags over the animals, in the corner, so an animal on a flag leaves its value readable.
    for f in &view.forest {
        if let Space::Flag(v) = f.space {
            let (x, y) = xy(f.cell);
            let _ = write!(
                s,
                r##"<g class="flag" data-cell="{}" data-value="{v}"><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#5a3b1a" stroke-width="2"/><path d="M{} {} l12 4 l-12 4 z" fill="#e23b3b" stroke="#7a1010" stroke-width="0.5"/><text x="{}" y="{}" font-size="10" font-weight="bold" fill="#111" stroke="#fff" stroke-width="2" paint-order="stroke">{v}</text></g>"##,
                f.cell,
                x + 5,
                y + 3,
                x + 5,
                y + 18,
                x + 5,
                y + 3,
                x + CELL - 16,
                y + 12
            );
        }
    }
    if let Some(cell) = view.selected {
        let (x, y) = xy(cell);
        let _ = write!(
            s,
            r##"<rect class="selected" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#ffd400" stroke-width="3"/>"##,
            x + 1,
            y + 1,
            CELL - 2,
            CELL - 2
        );
    }

    // The side panel: battle mode, players, scoreboard.
    let px = MARGIN * 2 + board;
    let mut y = MARGIN + 10;
    match &view.mode {
        Some((mode, colour)) => {
            let _ = write!(
                s,
                r##"<g class="mode" data-mode="{mode}"><rect x="{px}" y="{y}" width="150" height="34" rx="6" fill="{}" stroke="#333"/><text x="{}" y="{}" text-anchor="middle" font-size="14" font-weight="bold">{mode}</text></g>"##,
                esc(colour),
                px + 75,
                y + 22
            );
        }
        None => {
            let _ = write!(
                s,
                r##"<text x="{px}" y="{}">No battle mode chosen yet</text>"##,
                y + 20
            );
        }
    }
    let up: Vec<&str> = view.modes_up.iter().map(|m| m.name()).collect();
    let _ = write!(
        s,
        r##"<text class="round" x="{px}" y="{}">Round {}{} - face up: {}</text>"##,
        y + 52,
        view.round,
        if view.last_round { " (final)" } else { "" },
        esc(&up.join(", "))
    );
    y += 70;
    for p in &view.players {
        let you = if view.viewer == Some(p.seat) {
            " (you)"
        } else {
            ""
        };
        let _ = write!(
            s,
            r##"<g class="player" data-seat="{}"><rect x="{px}" y="{y}" width="14" height="14" fill="{}"/><text x="{}" y="{}">{}{you}: {} points, medicine {}, die tiles {}</text></g>"##,
            p.seat.0,
            esc(&p.fill),
            px + 20,
            y + 12,
            p.seat,
            p.score,
            p.medicine,
            p.die_tiles
        );
        y += 22;
    }
    // The scoreboard: a track of spaces, each marker on its wrapped space.
    let spaces = view.scoreboard.max(1) as i32;
    let per_row = 10;
    let sy = y + 10;
    let _ = write!(
        s,
        r##"<g class="scoreboard"><text x="{px}" y="{}">Scoreboard</text>"##,
        sy - 2
    );
    for i in 0..spaces {
        let (cx, cy) = (px + (i % per_row) * 26, sy + 6 + (i / per_row) * 26);
        let big = if i == 0 { "3" } else { "1" };
        let _ = write!(
            s,
            r##"<rect class="score-space" x="{cx}" y="{cy}" width="24" height="24" fill="#fffaf0" stroke="#7a6a4f" stroke-width="{big}"/><text x="{}" y="{}" font-size="8" fill="#7a6a4f">{i}</text>"##,
            cx + 2,
            cy + 9
        );
    }
    for (k, p) in view.players.iter().enumerate() {
        let i = p.scoreboard_space as i32;
        let (cx, cy) = (px + (i % per_row) * 26, sy + 6 + (i / per_row) * 26);
        let _ = write!(
            s,
            r##"<circle class="score-marker" data-seat="{}" data-space="{i}" cx="{}" cy="{}" r="5" fill="{}" stroke="#111"/>"##,
            p.seat.0,
            cx + 7 + (k as i32 % 2) * 10,
            cy + 14 + (k as i32 / 2) * 6 - 3,
            esc(&p.fill)
        );
    }
    s.push_str("</g>");
    let _ = write!(
        s,
        r##"<text class="status" x="{MARGIN}" y="{}">{}</text>"##,
        MARGIN * 2 + board - 6,
        esc(&format!(
            "{}'s turn{} - now: {}",
            view.turn,
            if view.roll > 0 {
                format!(" (rolled {})", view.roll)
            } else {
                String::new()
            },
            view.deciding
        ))
    );
    s.push_str("</svg>");
    s
}
