//! The table as an SVG picture, drawn from a [`View`]: each forest as hexes (element colour,
//! Task sides with their sequence and VP, animals), the display, completed tasks, Bonus cards
//! and the solo Scoring board.

use std::fmt::Write;

use crate::components::Element;
use crate::view::{TileView, View};

const R: f64 = 22.0;
const SQRT3: f64 = 1.732_050_807_568_877_2;

fn hex_points(cx: f64, cy: f64, r: f64) -> String {
    (0..6)
        .map(|i| {
            let a = std::f64::consts::PI / 180.0 * (60.0 * i as f64 - 30.0);
            format!("{:.1},{:.1}", cx + r * a.cos(), cy + r * a.sin())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn colour(view: &View, e: Option<Element>) -> &str {
    match e {
        Some(e) => view
            .element_colours
            .get(e.index())
            .map_or("#999", |s| s.as_str()),
        None => "#f5e6c8",
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Draws one tile as a hex: Forest side filled with its element's colour, Task side pale with
/// the sequence as coloured dots and the VP.
#[allow(clippy::too_many_arguments)]
fn tile(
    out: &mut String,
    view: &View,
    t: &TileView,
    task_side: bool,
    cx: f64,
    cy: f64,
    r: f64,
    class: &str,
) {
    let fill = if task_side {
        "#fdf6e3"
    } else {
        colour(view, t.forest)
    };
    let stroke = if task_side {
        colour(view, t.forest)
    } else {
        "#333"
    };
    let _ = write!(
        out,
        r#"<polygon class="{class}" data-tile="{}" points="{}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"#,
        t.id,
        hex_points(cx, cy, r)
    );
    if task_side {
        if t.task.is_empty() {
            let _ = write!(
                out,
                r#"<text x="{cx:.1}" y="{:.1}" font-size="7" text-anchor="middle">A-4-A</text>"#,
                cy - 2.0
            );
        }
        let n = t.task.len() as f64;
        for (i, e) in t.task.iter().enumerate() {
            let x = cx - (n - 1.0) * 3.5 + i as f64 * 7.0;
            let _ = write!(
                out,
                r#"<circle class="task-colour" cx="{x:.1}" cy="{:.1}" r="3" fill="{}"/>"#,
                cy - 4.0,
                colour(view, Some(*e))
            );
        }
        let _ = write!(
            out,
            r#"<text class="vp" x="{cx:.1}" y="{:.1}" font-size="8" text-anchor="middle">{}</text>"#,
            cy + 8.0,
            t.vp
        );
    }
}

/// The drawing.
pub fn draw(view: &View) -> String {
    let mut body = String::new();
    let mut y = 20.0;
    let _ = write!(
        body,
        r#"<text x="10" y="{y}" font-size="14">Whispering Woods, turn {}: {}</text>"#,
        view.turn,
        esc(&view.step)
    );
    y += 20.0;
    // The display.
    let _ = write!(
        body,
        r#"<g class="display"><text x="10" y="{}" font-size="12">Display</text>"#,
        y + 4.0
    );
    for (i, t) in view.display.iter().enumerate() {
        tile(
            &mut body,
            view,
            t,
            false,
            90.0 + i as f64 * 50.0,
            y,
            R,
            "display-tile",
        );
    }
    body.push_str("</g>");
    y += 40.0;
    // The bag by element.
    let _ = write!(
        body,
        r#"<g class="bag"><text x="10" y="{y}" font-size="12">Bag</text>"#
    );
    for e in Element::ALL {
        let x = 60.0 + e.index() as f64 * 50.0;
        let _ = write!(
            body,
            r#"<rect x="{x}" y="{}" width="12" height="12" fill="{}"/><text x="{}" y="{y}" font-size="11">{}</text>"#,
            y - 10.0,
            colour(view, Some(e)),
            x + 15.0,
            view.bag[e.index()]
        );
    }
    body.push_str("</g>");
    y += 20.0;
    if view.solo.is_none() {
        let _ = write!(
            body,
            r#"<g class="bonus-cards"><text x="10" y="{y}" font-size="12">Bonus cards</text>"#
        );
        for (k, (n, vp)) in view.bonus_left.iter().enumerate() {
            let x = 100.0 + k as f64 * 64.0;
            let _ = write!(
                body,
                r##"<rect class="bonus-card" x="{x}" y="{}" width="58" height="18" fill="#f7dc6f" stroke="#333"/><text x="{}" y="{y}" font-size="10">x{} {vp}VP ({n})</text>"##,
                y - 13.0,
                x + 3.0,
                k + 2
            );
        }
        body.push_str("</g>");
        y += 20.0;
    }
    // Each player's forest.
    for (i, p) in view.players.iter().enumerate() {
        y += 20.0;
        let _ = write!(
            body,
            r#"<g class="player" data-seat="{i}"><text x="10" y="{y}" font-size="13">Player {}{}: {} points, flips {}, bonus {:?}</text>"#,
            i + 1,
            if view.bear.index() == i {
                " (Bear)"
            } else {
                ""
            },
            p.points,
            p.flips,
            p.bonus
        );
        let px = |q: i8, r: i8| R * SQRT3 * (q as f64 + r as f64 / 2.0);
        let py = |r: i8| R * 1.5 * r as f64;
        let (mut x0, mut x1, mut y0, mut y1) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
        for c in &p.forest {
            x0 = x0.min(px(c.hex.q, c.hex.r));
            x1 = x1.max(px(c.hex.q, c.hex.r));
            y0 = y0.min(py(c.hex.r));
            y1 = y1.max(py(c.hex.r));
        }
        let ox = 10.0 + R - x0;
        let oy = y + 10.0 + R - y0;
        body.push_str(r#"<g class="forest">"#);
        for c in &p.forest {
            let (cx, cy) = (ox + px(c.hex.q, c.hex.r), oy + py(c.hex.r));
            tile(
                &mut body,
                view,
                &c.tile,
                c.animal.is_some(),
                cx,
                cy,
                R,
                "forest-tile",
            );
            if let Some(a) = c.animal {
                let _ = write!(
                    body,
                    r##"<circle class="animal" cx="{:.1}" cy="{:.1}" r="5" fill="{}" stroke="#000"/>"##,
                    cx + 10.0,
                    cy - 10.0,
                    view.animal_colours
                        .get(a as usize)
                        .map_or("#000", |s| s.as_str())
                );
            }
        }
        body.push_str("</g>");
        // Completed tasks to the right of the forest.
        let cx0 = ox + x1 + 3.0 * R;
        body.push_str(r#"<g class="completed">"#);
        // The first `flips` completed Forest tiles are shown flipped to their Forest side.
        let mut flipped = 0;
        for (k, c) in p.completed.iter().enumerate() {
            let flip = c.tile.forest.is_some() && flipped < p.flips;
            if flip {
                flipped += 1;
            }
            tile(
                &mut body,
                view,
                &c.tile,
                !flip,
                cx0 + (k % 8) as f64 * 36.0,
                y + 30.0 + (k / 8) as f64 * 36.0,
                16.0,
                "completed-task",
            );
        }
        body.push_str("</g></g>");
        let rows = (p.completed.len().max(1) - 1) / 8 + 1;
        y = (oy + y1 + R + 10.0).max(y + 30.0 + rows as f64 * 36.0);
    }
    if let Some(solo) = &view.solo {
        y += 20.0;
        let _ = write!(
            body,
            r#"<g class="scoring-board"><text x="10" y="{y}" font-size="13">Mission level {}: {} of {} spaces, score {} (minimum {}){}</text>"#,
            solo.outcome.level,
            solo.board.len(),
            solo.outcome.turns,
            solo.outcome.score,
            solo.outcome.minimum,
            if solo.outcome.passed { ", passed" } else { "" }
        );
        y += 30.0;
        for k in 0..solo.spaces {
            let x = 30.0 + k as f64 * 40.0;
            match solo.board.get(k) {
                Some(t) => tile(&mut body, view, t, false, x, y, 16.0, "scoring-space"),
                None => {
                    let locked = k >= solo.outcome.turns;
                    let _ = write!(
                        body,
                        r##"<polygon class="scoring-space" points="{}" fill="{}" stroke="#555"/>"##,
                        hex_points(x, y, 16.0),
                        if locked { "#aaa" } else { "#fff" }
                    );
                }
            }
        }
        y += 30.0;
        for (o, met) in &solo.outcome.objectives {
            let _ = write!(
                body,
                r#"<text class="objective" x="10" y="{y}" font-size="11">[{}] {}</text>"#,
                if *met { "x" } else { " " },
                esc(o)
            );
            y += 16.0;
        }
        body.push_str("</g>");
    }
    let height = y + 20.0;
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="{height:.0}" viewBox="0 0 800 {height:.0}"><rect width="800" height="{height:.0}" fill="#e8f0e0"/>{body}</svg>"##
    )
}
