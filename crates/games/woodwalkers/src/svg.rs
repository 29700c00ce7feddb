//! The view drawn as SVG: a pure function from [`View`] to text.

use std::fmt::Write;

use crate::components::{Animal, Category, Cell};
use crate::state::Space;
use crate::targets;
use crate::view::{Label, View};

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
    let night = view.side == crate::components::Side::Night;
    // The nighttime side has its own colours: a blue board, blue tiles and a dark table.
    let (ground, light, line, tile, table) = if night {
        ("#1d2b4f", "#6f86b8", "#0b1430", "#233a6e", "#d9dcea")
    } else {
        ("#4f7a3a", "#b9d98c", "#2f4a22", "#2e5d2b", "#f1efe6")
    };
    let _ = write!(
        s,
        r##"<rect width="{width}" height="{height}" fill="{table}"/><rect class="board" x="{MARGIN}" y="{MARGIN}" width="{board}" height="{board}" fill="{ground}" rx="6"/>"##
    );
    // The coordinates the moves use: columns A, B, … above, rows 1, 2, … to the left.
    for i in 0..view.size as i32 {
        let _ = write!(
            s,
            r##"<text class="coordinate" x="{}" y="{}" text-anchor="middle" font-size="11">{}</text><text class="coordinate" x="{}" y="{}" text-anchor="middle" font-size="11">{}</text>"##,
            MARGIN + i * CELL + CELL / 2,
            MARGIN - 8,
            (b'A' + i as u8) as char,
            MARGIN / 2,
            MARGIN + i * CELL + CELL / 2 + 4,
            i + 1
        );
    }
    // The grid.
    for &cell in &view.interior {
        let (x, y) = xy(cell);
        let _ = write!(
            s,
            r##"<rect class="cell" data-cell="{cell}" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{line}" stroke-width="1"/>"##,
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
                    r##"<rect class="forest face-down" data-cell="{}" x="{}" y="{}" width="{}" height="{}" rx="4" fill="{tile}" stroke="#111"/><text x="{}" y="{}" text-anchor="middle" fill="#d8e8c8" font-size="16">?</text>"##,
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
        // The owner's seat number above the name: a second cue besides the colour.
        let owner = view
            .players
            .iter()
            .find(|p| p.colour == t.colour)
            .map(|p| format!("P{}", p.seat.0 + 1))
            .unwrap_or_default();
        let _ = write!(
            s,
            r##"<g class="animal" data-colour="{}" data-cell="{}" data-animal="{}" data-face-up="{known}"><circle cx="{}" cy="{}" r="{}" fill="{}" stroke="#111" stroke-width="2"/><text x="{}" y="{}" text-anchor="middle" font-size="7" fill="#111">{owner}</text><text x="{}" y="{}" text-anchor="middle" font-size="11" font-weight="bold" fill="#111">{}</text>"##,
            t.colour,
            t.cell,
            esc(label),
            x + CELL / 2,
            y + CELL / 2,
            CELL / 2 - 5,
            esc(fill),
            x + CELL / 2,
            y + CELL / 2 - 6,
            x + CELL / 2,
            y + CELL / 2 + 7,
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
    // Flags over the animals: the pennant in the top right corner, the value in its own white
    // box in the top left, so an animal on a flag leaves both readable.
    for f in &view.forest {
        if let Space::Flag(v) = f.space {
            let (x, y) = xy(f.cell);
            let width = 4 + 6 * v.to_string().len() as i32;
            let _ = write!(
                s,
                r##"<g class="flag" data-cell="{}" data-value="{v}"><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#5a3b1a" stroke-width="2"/><path d="M{} {} l-10 4 l10 4 z" fill="#e23b3b" stroke="#7a1010" stroke-width="0.5"/><rect x="{}" y="{}" width="{width}" height="12" fill="#fff" stroke="#7a1010" stroke-width="0.5"/><text x="{}" y="{}" text-anchor="middle" font-size="9" font-weight="bold" fill="#111">{v}</text></g>"##,
                f.cell,
                x + CELL - 5,
                y + 3,
                x + CELL - 5,
                y + 16,
                x + CELL - 5,
                y + 3,
                x + 2,
                y + 2,
                x + 2 + width / 2,
                y + 11
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
    // Where the chosen animal can go: a dot, or a red ring where a duel would start.
    for &cell in &view.destinations {
        let (x, y) = xy(cell);
        let duel = view.tiles.iter().any(|t| t.cell == cell);
        let _ = if duel {
            write!(
                s,
                r##"<circle class="reach duel" cx="{}" cy="{}" r="{}" fill="none" stroke="#ff3b3b" stroke-width="3" stroke-dasharray="5,3"/>"##,
                x + CELL / 2,
                y + CELL / 2,
                CELL / 2 - 2
            )
        } else {
            write!(
                s,
                r##"<circle class="reach" cx="{}" cy="{}" r="5" fill="#ffd400" stroke="#111"/>"##,
                x + CELL - 9,
                y + CELL - 9
            )
        };
    }
    // Every space is clickable, over whatever stands on it.
    let mut cells: Vec<Cell> = view.interior.clone();
    for (_, _, starts) in &view.starts {
        cells.extend(starts.iter().copied().filter(|c| c.on_grid()));
    }
    cells.sort();
    cells.dedup();
    for cell in cells {
        let (x, y) = xy(cell);
        let _ = write!(
            s,
            r##"<g class="space" data-target="{}"><rect class="hit" x="{}" y="{}" width="{}" height="{}" fill="#fff" fill-opacity="0"/></g>"##,
            targets::cell(cell),
            x + 1,
            y + 1,
            CELL - 2,
            CELL - 2
        );
    }

    // The side panel: battle mode in force, the die, the face-up tiles, the cards, the
    // scoreboard.
    let px = MARGIN * 2 + board;
    let mut y = MARGIN;
    match &view.mode {
        Some((mode, colour)) => {
            let _ = write!(
                s,
                r##"<g class="mode" data-mode="{mode}"><rect x="{px}" y="{y}" width="190" height="34" rx="6" fill="{}" stroke="#333"/><text x="{}" y="{}" text-anchor="middle" font-size="10" fill="{ink}">battle mode in force</text><text x="{}" y="{}" text-anchor="middle" font-size="14" font-weight="bold" fill="{ink}">{mode}</text></g>"##,
                esc(colour),
                px + 95,
                y + 12,
                px + 95,
                y + 28,
                ink = ink(colour)
            );
        }
        None => {
            let _ = write!(
                s,
                r##"<g class="mode"><rect x="{px}" y="{y}" width="190" height="34" rx="6" fill="#fff" stroke="#333" stroke-dasharray="4,3"/><text x="{}" y="{}" text-anchor="middle">No battle mode yet</text></g>"##,
                px + 95,
                y + 22
            );
        }
    }
    // The die: rolled value, or blank.
    let _ = write!(
        s,
        r##"<g class="die" data-target="{}"><rect x="{}" y="{y}" width="34" height="34" rx="6" fill="#fff" stroke="#222" stroke-width="2"/><text x="{}" y="{}" text-anchor="middle" font-size="18" font-weight="bold">{}</text><rect class="hit" x="{}" y="{y}" width="34" height="34" rx="6" fill="#fff" fill-opacity="0"/></g><text x="{}" y="{}" font-size="11">{}</text>"##,
        targets::DIE,
        px + 200,
        px + 217,
        y + 24,
        if view.roll > 0 {
            view.roll.to_string()
        } else {
            String::new()
        },
        px + 200,
        px + 240,
        y + 21,
        if view.roll > 0 { "rolled" } else { "die" }
    );
    y += 52;
    let _ = write!(
        s,
        r##"<text class="round" x="{px}" y="{y}">Round {}{}{}; face up:</text>"##,
        view.round,
        if view.last_round { " (final roll)" } else { "" },
        if view.side == crate::components::Side::Night {
            ", Midnight Duel"
        } else {
            ""
        },
    );
    y += 8;
    let mut k = 0;
    for cat in Category::ALL {
        let n = view.modes_up.iter().filter(|&&m| m == cat).count();
        if n == 0 {
            continue;
        }
        let x = px + k * 88;
        let fill = view
            .category_colours
            .get(cat.index())
            .map(Label::as_str)
            .unwrap_or("#ddd");
        let label = if n > 1 {
            format!("{} ×{n}", short(cat))
        } else {
            cat.name().to_string()
        };
        let _ = write!(
            s,
            r##"<g class="mode-tile" data-target="{}"><rect x="{x}" y="{y}" width="84" height="24" rx="4" fill="{}" stroke="#333"/><text x="{}" y="{}" text-anchor="middle" font-size="11" fill="{}">{}</text><rect class="hit" x="{x}" y="{y}" width="84" height="24" rx="4" fill="#fff" fill-opacity="0"/></g>"##,
            targets::mode(cat),
            esc(fill),
            x + 42,
            y + 16,
            ink(fill),
            esc(&label)
        );
        k += 1;
    }
    y += 36;
    y = cards(&mut s, view, px, y);

    // The scoreboard: a track of spaces, each marker on its wrapped space.
    let spaces = view.scoreboard.max(1) as i32;
    let per_row = 13;
    let sy = y + 14;
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
            r##"<circle class="score-marker" data-seat="{}" data-space="{i}" cx="{}" cy="{}" r="4" fill="{}" stroke="#111"/>"##,
            p.seat.0,
            cx + 7 + (k as i32 % 2) * 10,
            cy + 14 + (k as i32 / 2) * 6,
            esc(&p.fill)
        );
    }
    s.push_str("</g>");
    let _ = write!(
        s,
        r##"<text class="status" x="{MARGIN}" y="{}">{}</text>"##,
        MARGIN * 2 + board - 6,
        esc(&if view.over {
            // No one's turn at the end: a turn line there read "Player 1's turn - now: the
            // game is over".
            "The game is over".to_string()
        } else {
            format!(
                "{}'s turn{} - now: {}",
                view.turn,
                if view.roll > 0 {
                    format!(" (rolled {})", view.roll)
                } else {
                    String::new()
                },
                view.deciding
            )
        })
    );
    s.push_str("</svg>");
    s
}

/// Black or white text, whichever reads on `fill` (a "#rrggbb" colour; black otherwise).
fn ink(fill: &str) -> &'static str {
    let hex = fill.trim_start_matches('#');
    let channel = |i: usize| {
        hex.get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .map_or(255.0, f32::from)
    };
    // The component data may name colours instead ("green"): the dark ones take white text.
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        let dark = [
            "green",
            "blue",
            "purple",
            "navy",
            "black",
            "maroon",
            "teal",
            "red",
            "brown",
            "darkgreen",
            "darkblue",
        ];
        return if dark.contains(&fill.to_ascii_lowercase().as_str()) {
            "#fff"
        } else {
            "#111"
        };
    }
    let luma = 0.299 * channel(0) + 0.587 * channel(2) + 0.114 * channel(4);
    if luma < 140.0 {
        "#fff"
    } else {
        "#111"
    }
}

/// One line of a player's column under the cards.
type PlayerLine = fn(&crate::view::PlayerView) -> String;

/// A category's name short enough for a tile and a table column.
fn short(c: Category) -> &'static str {
    match c {
        Category::Endurance => "Endurance",
        Category::Speed => "Speed",
        Category::Intelligence => "Intellig.",
        Category::Strength => "Strength",
    }
}

/// The animal cards as one table: each animal's four values (the same in every colour, the
/// battle mode's column shaded), then each player's wounds on it, and below each player's
/// points, flags held, medicine and die tiles. Returns the y below it.
fn cards(s: &mut String, view: &View, px: i32, top: i32) -> i32 {
    const ROW: i32 = 18;
    const NAME: i32 = 66;
    const VALUE: i32 = 28;
    const SEAT: i32 = 44;
    let vx = px + NAME;
    let sx = vx + 4 * VALUE;
    let rows = Animal::ALL.len() as i32 + 4;
    let _ = write!(
        s,
        r##"<g class="cards"><rect x="{px}" y="{top}" width="{}" height="{}" fill="#fffdf6" stroke="#7a6a4f"/>"##,
        NAME + 4 * VALUE + SEAT * view.players.len() as i32,
        ROW * (rows + 1) + 4
    );
    if let Some((mode, colour)) = &view.mode {
        let _ = write!(
            s,
            r##"<rect class="mode-column" x="{}" y="{}" width="{VALUE}" height="{}" fill="{}" fill-opacity="0.35"/>"##,
            vx + mode.index() as i32 * VALUE,
            top + 2,
            ROW * (Animal::ALL.len() as i32 + 1),
            esc(colour)
        );
    }
    let base = |row: i32| top + ROW * (row + 1) - 4;
    let _ = write!(
        s,
        r##"<text x="{}" y="{}" font-size="10" font-weight="bold">Animal</text>"##,
        px + 4,
        base(0)
    );
    for (k, cat) in Category::ALL.iter().enumerate() {
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" text-anchor="middle" font-size="10" font-weight="bold">{}</text>"##,
            vx + k as i32 * VALUE + VALUE / 2,
            base(0),
            match cat {
                Category::Endurance => "End",
                Category::Speed => "Spd",
                Category::Intelligence => "Int",
                Category::Strength => "Str",
            }
        );
    }
    for (j, p) in view.players.iter().enumerate() {
        let x = sx + j as i32 * SEAT;
        let name = if view.viewer == Some(p.seat) {
            "You".to_string()
        } else {
            format!("P{}", j + 1)
        };
        let _ = write!(
            s,
            r##"<rect x="{}" y="{}" width="10" height="10" fill="{}" stroke="#111"/><text x="{}" y="{}" font-size="10" font-weight="bold">{name}</text>"##,
            x + 6,
            base(0) - 9,
            esc(&p.fill),
            x + 19,
            base(0)
        );
    }
    for (i, a) in Animal::ALL.iter().enumerate() {
        let row = i as i32 + 1;
        let y = base(row);
        let _ = write!(
            s,
            r##"<g class="animal-name" data-target="{}"><text x="{}" y="{y}" font-size="11">{}</text><rect class="hit" x="{}" y="{}" width="{}" height="{ROW}" fill="#fff" fill-opacity="0"/></g>"##,
            targets::animal(*a),
            px + 4,
            a.name(),
            px + 1,
            y - ROW + 4,
            NAME - 2
        );
        for (k, v) in view
            .values
            .get(i)
            .copied()
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            let _ = write!(
                s,
                r##"<text x="{}" y="{y}" text-anchor="middle" font-size="11">{v}</text>"##,
                vx + k as i32 * VALUE + VALUE / 2
            );
        }
        for (j, p) in view.players.iter().enumerate() {
            let x = sx + j as i32 * SEAT;
            let (text, fill) = match p.cards.get(i) {
                Some(c) if c.out => ("out".to_string(), "#b00000"),
                Some(c) if c.wounds > 0 => ("●".repeat(c.wounds as usize), "#b00000"),
                _ => ("-".to_string(), "#999"),
            };
            let _ = write!(
                s,
                r##"<g class="card" data-target="{}"><text x="{}" y="{y}" text-anchor="middle" font-size="11" fill="{fill}">{text}</text><rect class="hit" x="{}" y="{}" width="{}" height="{ROW}" fill="#fff" fill-opacity="0"/></g>"##,
                targets::card(p.seat, *a),
                x + SEAT / 2,
                x + 1,
                y - ROW + 4,
                SEAT - 2
            );
        }
    }
    let first = Animal::ALL.len() as i32 + 1;
    let lines: [(&str, PlayerLine); 4] = [
        ("Points", |p| p.score.to_string()),
        ("Flags held", |p| format!("{} ({})", p.flags.0, p.flags.1)),
        ("Medicine", |p| p.medicine.to_string()),
        ("Die tiles", |p| p.die_tiles.to_string()),
    ];
    for (r, (label, value)) in lines.iter().enumerate() {
        let y = base(first + r as i32);
        let _ = write!(
            s,
            r##"<text x="{}" y="{y}" font-size="11">{label}</text>"##,
            px + 4
        );
        for (j, p) in view.players.iter().enumerate() {
            let _ = write!(
                s,
                r##"<text x="{}" y="{y}" text-anchor="middle" font-size="11">{}</text>"##,
                sx + j as i32 * SEAT + SEAT / 2,
                value(p)
            );
        }
    }
    s.push_str("</g>");
    let below = top + ROW * (rows + 1) + 4;
    let who = match view.viewer.and_then(|v| view.players.get(v.index())) {
        Some(p) => format!("You: {} ({}), the You column", p.seat, p.colour),
        None => "You are watching: P1 is Player 1, and so on".to_string(),
    };
    let _ = write!(
        s,
        r##"<text x="{px}" y="{}" font-size="11">{}</text>"##,
        below + 14,
        esc(&who)
    );
    below + 18
}
