//! The SVG drawing of a view: each forest on the squares where it may still grow, with the
//! coordinates moves use, the pond ring with its shapes and wisps, the goal cards, the shape
//! being turned or placed, and each round's points by category.

use std::fmt::Write;

use crate::action::square_name;
use crate::board;
use crate::components::Wisp;
use crate::help;
use crate::view::{ForestView, View};
use sylvan_engine::Viewer;

const CELL: f64 = 24.0;
/// The score categories of a round, as the score table labels its rows.
const CATEGORIES: [&str; 6] = ["trees", "jacks", "hearts", "witches", "orbs", "grid bonus"];

fn wisp_colour(w: Wisp) -> &'static str {
    match w {
        Wisp::Jack => "#e8862a",
        Wisp::Heart => "#d9426b",
        Wisp::Witch => "#7b4bb7",
        Wisp::Orb => "#3aa6c9",
    }
}

/// The wisp's letter: a second cue besides colour.
fn wisp_letter(w: Wisp) -> char {
    match w {
        Wisp::Jack => 'J',
        Wisp::Heart => 'H',
        Wisp::Witch => 'W',
        Wisp::Orb => 'O',
    }
}

fn wisp_of(ch: char) -> Option<Wisp> {
    match ch {
        'J' => Some(Wisp::Jack),
        'H' => Some(Wisp::Heart),
        'W' => Some(Wisp::Witch),
        'O' => Some(Wisp::Orb),
        _ => None,
    }
}

/// A shape's squares as small squares with their top-left at (x, y).
fn shape_cells(s: &mut String, cells: &[(u8, u8)], x: f64, y: f64, size: f64, fill: &str) {
    for &(r, c) in cells {
        let _ = write!(
            s,
            r##"<rect x="{:.1}" y="{:.1}" width="{size}" height="{size}" fill="{fill}" stroke="#fff"/>"##,
            x + c as f64 * size,
            y + r as f64 * size
        );
    }
}

/// Width of one forest's column: its squares with the row numbers, or its score table.
fn forest_width(v: &View) -> f64 {
    let cols = v
        .forests
        .iter()
        .map(|f| f.area.first().map_or(0, |r| r.chars().count()))
        .max()
        .unwrap_or(6);
    (cols as f64 * CELL + 40.0).max(220.0)
}

/// Characters per line of a goal card's scoring text (font size 9 in a 320-wide card: DejaVu
/// Sans averages under 5.5 units a character there, so 56 stay inside with room to spare).
const CARD_CHARS: usize = 56;
/// The height of one line of a goal card's text.
const CARD_LINE: f64 = 11.0;
/// The height of one box of the shapes strip, and how many boxes a row holds.
const SHAPE_BOX: f64 = 56.0;
const SHAPES_PER_ROW: usize = 4;

/// Draws the view.
pub fn draw(v: &View) -> String {
    let forest_w = forest_width(v);
    let width = 360.0 + forest_w * v.forests.len().max(1) as f64;
    let area_rows = v.forests.iter().map(|f| f.area.len()).max().unwrap_or(6);
    let forests_bottom = 56.0 + area_rows as f64 * CELL + 20.0 + 8.0 * 14.0;
    // The left column, top to bottom: the pond, the goal cards with their scoring texts, the
    // legend, the pond's shapes named and drawn, the shape being turned or placed.
    let cards: Vec<Vec<String>> = v.goals.iter().map(|g| wrap(&g.text, CARD_CHARS)).collect();
    let cards_top = 312.0;
    let card_height = |lines: usize| 18.0 + lines as f64 * CARD_LINE + 4.0;
    let cards_bottom = cards_top
        + cards
            .iter()
            .map(|c| card_height(c.len()) + 4.0)
            .sum::<f64>();
    let legend_y = cards_bottom + 10.0;
    let shapes_top = legend_y + 8.0;
    let shapes_bottom =
        shapes_top + 16.0 + v.shapes.len().div_ceil(SHAPES_PER_ROW) as f64 * (SHAPE_BOX + 4.0);
    let shown = if v.offered.is_empty() {
        v.orientations.len()
    } else {
        v.offered.len()
    };
    let panel = if shown == 0 && v.oriented.is_none() {
        0.0
    } else {
        40.0 + 70.0 * shown.div_ceil(4).max(1) as f64
    };
    let goals_bottom = shapes_bottom + panel;
    // Under the forests: whose turn it is and what they decide, worded for the viewer.
    let now: Vec<String> = match v.to_move {
        Some(seat) if !v.over => {
            let who = if v.viewer == Viewer::Seat(seat) {
                "Your turn".to_string()
            } else {
                seat.to_string()
            };
            // Font size 11 in DejaVu Sans averages under 6.7 units a character.
            let chars = ((forest_w * v.forests.len().max(1) as f64 - 20.0) / 6.7) as usize;
            wrap(&format!("{who}: {}", v.deciding), chars.max(20))
        }
        _ => Vec::new(),
    };
    let now_top = forests_bottom + 8.0;
    let now_bottom = now_top + now.len() as f64 * 14.0;
    let catty = if v.catty.is_some() { 40.0 } else { 0.0 };
    let height = now_bottom.max(goals_bottom) + catty + 10.0;
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = write!(
        s,
        r##"<rect width="{width}" height="{height}" fill="#f4f1e6"/><text x="10" y="18" font-size="14">Wispwood — round {} of 3, {}×{} grid{}</text>"##,
        v.round,
        v.grid,
        v.grid,
        if v.over { " — game over" } else { "" }
    );
    pond(&mut s, v);
    // The five goal cards, each with its scoring text.
    let mut y = cards_top;
    for (g, lines) in v.goals.iter().zip(&cards) {
        let h = card_height(lines.len());
        let _ = write!(
            s,
            r##"<g class="goal-card"><rect x="10" y="{y:.1}" width="320" height="{h:.1}" fill="#fff" stroke="#888"/><text x="14" y="{:.1}" font-weight="bold">{}: {}</text>"##,
            y + 13.0,
            g.category,
            escape(&g.name)
        );
        for (l, line) in lines.iter().enumerate() {
            let _ = write!(
                s,
                r##"<text class="card-text" x="14" y="{:.1}" font-size="9" fill="#333">{}</text>"##,
                y + 26.0 + l as f64 * CARD_LINE,
                escape(line)
            );
        }
        s += "</g>";
        y += h + 4.0;
    }
    // The letters and marks besides colour, explained.
    let _ = write!(
        s,
        r##"<text class="legend" x="10" y="{legend_y:.1}" font-size="10" fill="#333">J jack · H heart · W witch · O orb · ▲ tree · cat: your cat</text>"##
    );
    shapes_strip(&mut s, v, shapes_top);
    shape_panel(&mut s, v, shapes_bottom);
    for (p, f) in v.forests.iter().enumerate() {
        forest(&mut s, v, p, f, 360.0 + p as f64 * forest_w);
    }
    for (l, line) in now.iter().enumerate() {
        let _ = write!(
            s,
            r##"<text class="deciding" x="360" y="{:.1}" font-weight="bold">{}</text>"##,
            now_top + 11.0 + l as f64 * 14.0,
            escape(line)
        );
    }
    if let Some(c) = &v.catty {
        let y = height - 24.0;
        let _ = write!(
            s,
            r#"<g class="catty-guide"><text x="10" y="{y:.1}">Catty ({} paw{}): {} points ({}), firefly {}{}</text>"#,
            c.paws,
            if c.paws == 1 { "" } else { "s" },
            c.total,
            c.scores
                .iter()
                .enumerate()
                .map(|(r, p)| format!("round {}: {p}", r + 1))
                .collect::<Vec<_>>()
                .join(", "),
            c.firefly,
            match (v.over, v.forests.first()) {
                (true, Some(f)) if f.total >= c.total => " — you win",
                (true, _) => " — Catty wins",
                _ => "",
            }
        );
        for (i, (w, points)) in c.guide.iter().enumerate() {
            let n = w.map(|w| c.wisps[w.index()]).unwrap_or(0);
            let _ = write!(
                s,
                r#"<text class="guide-level" x="{:.1}" y="{:.1}">{}: {points} × {n}</text>"#,
                10.0 + i as f64 * 90.0,
                y + 16.0,
                w.map(|w| w.name()).unwrap_or("?")
            );
        }
        s += "</g>";
    }
    s += "</svg>";
    s
}

/// The pond's shapes, each in a box with its number (as moves name it), its name, its
/// drawing and how many ways it can be turned.
fn shapes_strip(s: &mut String, v: &View, top: f64) {
    let _ = write!(
        s,
        r##"<text x="10" y="{:.1}" font-size="10" fill="#333">Shapes on the pond, clockwise from the top (turned or mirrored any way)</text>"##,
        top + 10.0
    );
    for (k, shape) in v.shapes.iter().enumerate() {
        let (x, y) = (
            10.0 + (k % SHAPES_PER_ROW) as f64 * 80.0,
            top + 16.0 + (k / SHAPES_PER_ROW) as f64 * (SHAPE_BOX + 4.0),
        );
        let _ = write!(
            s,
            r##"<g class="shape-card"><rect x="{x:.1}" y="{y:.1}" width="76" height="{SHAPE_BOX}" fill="#fff" stroke="#888"/><text x="{:.1}" y="{:.1}" font-size="9">{} {}</text>"##,
            x + 3.0,
            y + 10.0,
            k + 1,
            escape(&shape.name)
        );
        shape_cells(s, &shape.cells, x + 4.0, y + 15.0, 8.0, "#4f7f3a");
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" font-size="8" fill="#555">{} orientation{}</text></g>"##,
            x + 3.0,
            y + SHAPE_BOX - 4.0,
            shape.turns,
            if shape.turns == 1 { "" } else { "s" }
        );
    }
}

/// The pond: 8 shapes and 8 wisp spaces alternating round a ring, clockwise from the top.
fn pond(s: &mut String, v: &View) {
    let (cx, cy, rad) = (170.0, 170.0, 120.0);
    let _ = write!(
        s,
        r##"<g class="pond"><circle cx="{cx}" cy="{cy}" r="{}" fill="#bfe0e8" stroke="#6a9aa8"/>"##,
        rad - 30.0
    );
    for k in 0..16 {
        let angle = std::f64::consts::PI * 2.0 * k as f64 / 16.0 - std::f64::consts::FRAC_PI_2;
        let (x, y) = (cx + rad * angle.cos(), cy + rad * angle.sin());
        let i = k / 2;
        if k % 2 == 0 {
            let Some(shape) = v.shapes.get(i) else {
                continue;
            };
            let chosen = v.chosen_shape == Some(i as u8);
            let _ = write!(
                s,
                r##"<g class="shape" data-index="{i}" data-target="{}"><title>shape {}: {}</title><rect x="{:.1}" y="{:.1}" width="36" height="36" fill="#ffffff" fill-opacity="{}" stroke="{}"/>"##,
                help::shape_target(i as u8),
                i + 1,
                escape(&shape.name),
                x - 18.0,
                y - 18.0,
                if chosen { "0.7" } else { "0" },
                if chosen { "#d02020" } else { "none" }
            );
            shape_cells(s, &shape.cells, x - 16.0, y - 16.0, 8.0, "#4f7f3a");
            // Its number, as moves name it, in the corner no shape's squares reach.
            let _ = write!(
                s,
                r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="8" fill="#1f3a12">{}</text></g>"##,
                x + 13.0,
                y + 16.0,
                i + 1
            );
        } else {
            let ring = if v.chosen_space == Some(i as u8) {
                r##" stroke="#d02020" stroke-width="3""##
            } else {
                r##" stroke="#333""##
            };
            match v.pond.get(i).copied().flatten() {
                Some(w) => {
                    let _ = write!(
                        s,
                        r##"<g data-target="{}"><title>pond space {}: {}</title><circle class="wisp pond-wisp" data-space="{i}" data-wisp="{w}" cx="{x:.1}" cy="{y:.1}" r="12" fill="{}"{ring}/><text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#fff" font-weight="bold">{}{}</text></g>"##,
                        help::space_target(i as u8),
                        i + 1,
                        w.name(),
                        wisp_colour(w),
                        y + 4.0,
                        wisp_letter(w),
                        i + 1
                    );
                }
                None => {
                    let _ = write!(
                        s,
                        r##"<g data-target="{}"><title>pond space {}: empty</title><circle class="empty-space" data-space="{i}" cx="{x:.1}" cy="{y:.1}" r="12" fill="#ffffff" fill-opacity="0.3" stroke="#999" stroke-dasharray="3 2"/></g>"##,
                        help::space_target(i as u8),
                        i + 1
                    );
                }
            }
        }
    }
    if let Some(c) = &v.catty {
        if let Some(space) = c.space {
            let k = 2 * space as usize + 1;
            let angle = std::f64::consts::PI * 2.0 * k as f64 / 16.0 - std::f64::consts::FRAC_PI_2;
            let _ = write!(
                s,
                r#"<text class="catty-cat" x="{:.1}" y="{:.1}" text-anchor="middle" font-size="11" font-weight="bold">Catty</text>"#,
                // On the water, towards the space its cat covers, wholly inside the pond.
                cx + (rad - 50.0) * angle.cos(),
                cy + (rad - 50.0) * angle.sin() + 4.0
            );
        }
    }
    let _ = write!(
        s,
        r#"<text x="{cx}" y="{cy}" text-anchor="middle">stacks: {}</text></g>"#,
        v.stacks
    );
}

/// The chosen shape: its orientations to turn it to, or the orientation being placed.
fn shape_panel(s: &mut String, v: &View, top: f64) {
    let name = v
        .chosen_shape
        .and_then(|k| v.shapes.get(k as usize))
        .map_or("", |sh| sh.name.as_str());
    let number = v.chosen_shape.map_or(0, |k| k as u32 + 1);
    if !v.orientations.is_empty() {
        let _ = write!(
            s,
            r#"<text x="10" y="{:.1}" font-size="12">Turn shape {number} ({}): click an orientation</text>"#,
            top + 20.0,
            escape(name)
        );
        // The orientations that can be placed, each numbered as its action names it.
        let offered: Vec<usize> = if v.offered.is_empty() {
            (0..v.orientations.len()).collect()
        } else {
            v.offered.iter().map(|&o| o as usize).collect()
        };
        for (i, &o) in offered.iter().enumerate() {
            let Some(cells) = v.orientations.get(o) else {
                continue;
            };
            let (x, y) = (
                10.0 + (i % 4) as f64 * 80.0,
                top + 30.0 + (i / 4) as f64 * 70.0,
            );
            let _ = write!(
                s,
                r##"<g class="orientation" data-target="{}"><title>orientation {}</title><rect x="{x:.1}" y="{y:.1}" width="72" height="64" fill="#fff" stroke="#888"/><text x="{:.1}" y="{:.1}" font-size="9">{}</text>"##,
                help::orientation_target(o as u8),
                o + 1,
                x + 3.0,
                y + 10.0,
                o + 1
            );
            shape_cells(s, cells, x + 14.0, y + 12.0, 10.0, "#4f7f3a");
            s.push_str("</g>");
        }
    } else if let Some(cells) = &v.oriented {
        let _ = write!(
            s,
            r#"<text x="10" y="{:.1}" font-size="12">{}</text>"#,
            top + 20.0,
            escape(&if v.placed_on.is_empty() {
                format!("Placing shape {number} ({name}): click where its dotted square goes")
            } else {
                format!("Shape {number} ({name}) put down: click the square its wisp goes on")
            })
        );
        shape_cells(s, cells, 20.0, top + 30.0, 12.0, "#4f7f3a");
        // The first square in reading order is the one a click on the forest places (until the
        // shape is down).
        if let Some(&(r, c)) = cells.iter().min().filter(|_| v.placed_on.is_empty()) {
            let _ = write!(
                s,
                r##"<circle cx="{:.1}" cy="{:.1}" r="3" fill="#fff"/>"##,
                26.0 + c as f64 * 12.0,
                top + 36.0 + r as f64 * 12.0
            );
        }
    }
}

/// One forest: the squares where it may grow with their coordinates, then its points per
/// round and category.
fn forest(s: &mut String, v: &View, p: usize, f: &ForestView, x0: f64) {
    let y0 = 56.0;
    // Only the mover's squares are clicked on, so only they carry targets.
    let mover = !v.over && v.to_move.map(|t| t.index()) == Some(p);
    let _ = write!(
        s,
        r#"<g class="forest" data-seat="{p}"><text x="{x0}" y="{:.1}">Player {}{} — {} point{}{}</text><text x="{x0}" y="{:.1}" font-size="10">cat {}</text>"#,
        y0 - 30.0,
        p + 1,
        if v.start.index() == p && v.catty.is_none() {
            " (start)"
        } else {
            ""
        },
        f.total,
        if f.total == 1 { "" } else { "s" },
        if mover { " — to move" } else { "" },
        y0 - 16.0,
        if f.cat_ready { "ready" } else { "hidden" }
    );
    let gx = x0 + 18.0;
    let columns = f.area.first().map_or(0, |r| r.chars().count());
    for c in 0..columns {
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10" fill="#555">{}</text>"##,
            gx + c as f64 * CELL + CELL / 2.0,
            y0 - 3.0,
            (b'a' + f.area_left + c as u8) as char
        );
    }
    for (r, row) in f.area.iter().enumerate() {
        let y = y0 + r as f64 * CELL;
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="end" font-size="10" fill="#555">{}</text>"##,
            gx - 3.0,
            y + CELL / 2.0 + 4.0,
            f.area_top as usize + r + 1
        );
        for (c, ch) in row.chars().enumerate() {
            let x = gx + c as f64 * CELL;
            let sq = board::square(f.area_top as usize + r, f.area_left as usize + c);
            let name = square_name(sq);
            if mover {
                let _ = write!(s, r#"<g data-target="{name}"><title>{name}</title>"#);
            }
            let (class, fill) = match ch {
                'T' => ("tree", "#4f7f3a"),
                'C' => ("cat", "#d8c7a0"),
                '.' => ("empty", "#fffdf5"),
                _ => ("wisp", "#efe6cf"),
            };
            let _ = write!(
                s,
                r##"<rect class="{class}" x="{x:.1}" y="{y:.1}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#b9ad8e"/>"##
            );
            if ch == 'T' {
                // A tree mark besides the green: a small triangle.
                let (tx, ty) = (x + CELL / 2.0, y + CELL / 2.0);
                let _ = write!(
                    s,
                    r##"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="#2d4d1f"/>"##,
                    tx,
                    ty - 6.0,
                    tx - 5.0,
                    ty + 5.0,
                    tx + 5.0,
                    ty + 5.0
                );
            }
            if let Some(w) = wisp_of(ch) {
                let _ = write!(
                    s,
                    r##"<circle class="wisp-token" data-wisp="{w}" cx="{:.1}" cy="{:.1}" r="9" fill="{}"/><text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10" font-weight="bold" fill="#fff">{}</text>"##,
                    x + CELL / 2.0,
                    y + CELL / 2.0,
                    wisp_colour(w),
                    x + CELL / 2.0,
                    y + CELL / 2.0 + 4.0,
                    wisp_letter(w)
                );
            }
            if mover && v.placed_on.contains(&name) {
                // The shape put down, awaiting its wisp, for every viewer; dashed, not colour alone.
                let _ = write!(
                    s,
                    r##"<rect class="placed" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#cfe3b8" stroke="#2d4d1f" stroke-width="2" stroke-dasharray="3 2"/>"##,
                    x + 2.0,
                    y + 2.0,
                    CELL - 4.0,
                    CELL - 4.0
                );
            }
            if ch == 'C' {
                let _ = write!(
                    s,
                    r##"<text class="cat-token" x="{:.1}" y="{:.1}" text-anchor="middle" font-size="9">{}</text>"##,
                    x + CELL / 2.0,
                    y + CELL / 2.0 + 3.0,
                    if f.cat_ready { "cat" } else { "hid" }
                );
            }
            if mover {
                s.push_str("</g>");
            }
        }
    }
    // Points per round and category, labelled.
    let ys = y0 + f.area.len() as f64 * CELL + 20.0;
    let col = |r: usize| x0 + 70.0 + r as f64 * 46.0;
    for r in 0..3 {
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{ys:.1}" text-anchor="end" font-size="10" fill="#555">round {}</text>"##,
            col(r) + 28.0,
            r + 1
        );
    }
    let scored = f.rounds_scored as usize;
    for (k, label) in CATEGORIES.iter().chain(["total"].iter()).enumerate() {
        let y = ys + (k + 1) as f64 * 14.0;
        let _ = write!(
            s,
            r#"<text class="round-score" x="{x0}" y="{y:.1}" font-size="10">{label}</text>"#
        );
        for r in 0..3 {
            let value = f.scores[r]
                .get(k)
                .copied()
                .unwrap_or_else(|| f.scores[r].iter().sum());
            let text = if r < scored {
                value.to_string()
            } else {
                "–".into()
            };
            let _ = write!(
                s,
                r#"<text x="{:.1}" y="{y:.1}" text-anchor="end" font-size="10">{text}</text>"#,
                col(r) + 28.0
            );
        }
    }
    s.push_str("</g>");
}

use sylvan_engine::text::wrap_words as wrap;

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
