//! The SVG drawing of a view: each forest on its grid, the pond ring with its shapes and
//! wisps, the goal cards, and the scores per round.

use std::fmt::Write;

use crate::components::Wisp;
use crate::view::View;

const CELL: f64 = 28.0;

fn wisp_colour(w: Wisp) -> &'static str {
    match w {
        Wisp::Jack => "#e8862a",
        Wisp::Heart => "#d9426b",
        Wisp::Witch => "#7b4bb7",
        Wisp::Orb => "#3aa6c9",
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

/// Draws the view.
pub fn draw(v: &View) -> String {
    let forest_w = 6.0 * CELL + 40.0;
    let width = 360.0 + forest_w * v.forests.len().max(1) as f64;
    let height = 420.0;
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

    // The pond: 8 shapes and 8 wisp spaces alternating round a ring, clockwise from the top.
    let (cx, cy, rad) = (170.0, 170.0, 120.0);
    let _ = write!(
        s,
        r##"<g class="pond"><circle cx="{cx}" cy="{cy}" r="{}" fill="#bfe0e8" stroke="#6a9aa8"/>"##,
        rad - 30.0
    );
    for k in 0..16 {
        let angle = std::f64::consts::PI * 2.0 * k as f64 / 16.0 - std::f64::consts::FRAC_PI_2;
        let (x, y) = (cx + rad * angle.cos(), cy + rad * angle.sin());
        if k % 2 == 0 {
            let i = k / 2;
            let shape = &v.shapes[i % v.shapes.len()];
            let _ = write!(
                s,
                r#"<g class="shape" data-index="{i}"><title>{}</title>"#,
                shape.name
            );
            for &(r, c) in &shape.cells {
                let _ = write!(
                    s,
                    r##"<rect x="{:.1}" y="{:.1}" width="7" height="7" fill="#4f7f3a" stroke="#fff"/>"##,
                    x - 14.0 + c as f64 * 7.0,
                    y - 14.0 + r as f64 * 7.0
                );
            }
            s += "</g>";
        } else {
            let i = k / 2;
            match v.pond.get(i).copied().flatten() {
                Some(w) => {
                    let _ = write!(
                        s,
                        r##"<circle class="wisp pond-wisp" data-space="{i}" data-wisp="{w}" cx="{x:.1}" cy="{y:.1}" r="11" fill="{}" stroke="#333"/><text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#fff">{}</text>"##,
                        wisp_colour(w),
                        y + 4.0,
                        i + 1
                    );
                }
                None => {
                    let _ = write!(
                        s,
                        r##"<circle class="empty-space" data-space="{i}" cx="{x:.1}" cy="{y:.1}" r="11" fill="none" stroke="#999" stroke-dasharray="3 2"/>"##
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
                cx + rad * angle.cos(),
                cy + rad * angle.sin() + 6.0
            );
        }
        let _ = write!(
            s,
            r#"<g class="catty-guide"><text x="10" y="{:.1}">Catty ({} paws): {} points, firefly {}</text>"#,
            height - 8.0,
            c.paws,
            c.total,
            c.firefly
        );
        for (i, (w, points)) in c.guide.iter().enumerate() {
            let n = w.map(|w| c.wisps[w.index()]).unwrap_or(0);
            let _ = write!(
                s,
                r#"<text class="guide-level" x="{:.1}" y="{:.1}">{}: {points} × {n}</text>"#,
                260.0 + i as f64 * 80.0,
                height - 8.0,
                w.map(|w| w.name()).unwrap_or("?")
            );
        }
        s += "</g>";
    }
    let _ = write!(
        s,
        r#"<text x="{cx}" y="{cy}" text-anchor="middle">stacks: {}</text></g>"#,
        v.stacks
    );

    // The five goal cards.
    for (i, g) in v.goals.iter().enumerate() {
        let y = 320.0 + i as f64 * 18.0;
        let _ = write!(
            s,
            r##"<g class="goal-card"><rect x="10" y="{:.1}" width="320" height="16" fill="#fff" stroke="#888"/><text x="14" y="{:.1}">{}: {}</text></g>"##,
            y - 12.0,
            y,
            g.category,
            escape(&g.name)
        );
    }

    // The forests.
    for (p, f) in v.forests.iter().enumerate() {
        let x0 = 360.0 + p as f64 * forest_w;
        let y0 = 40.0;
        let _ = write!(
            s,
            r#"<g class="forest" data-seat="{p}"><text x="{x0}" y="{:.1}">Player {}{} — {} points{}</text>"#,
            y0 - 8.0,
            p + 1,
            if v.start.index() == p { " (start)" } else { "" },
            f.total,
            if v.to_move.map(|t| t.index()) == Some(p) {
                " — to move"
            } else {
                ""
            }
        );
        for (r, row) in f.rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let (x, y) = (x0 + c as f64 * CELL, y0 + r as f64 * CELL);
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
                if let Some(w) = wisp_of(ch) {
                    let _ = write!(
                        s,
                        r##"<circle class="wisp-token" data-wisp="{w}" cx="{:.1}" cy="{:.1}" r="10" fill="{}"/>"##,
                        x + CELL / 2.0,
                        y + CELL / 2.0,
                        wisp_colour(w)
                    );
                }
                if ch == 'C' {
                    let _ = write!(
                        s,
                        r##"<text class="cat-token" x="{:.1}" y="{:.1}" text-anchor="middle" font-size="10">{}</text>"##,
                        x + CELL / 2.0,
                        y + CELL / 2.0 + 6.0,
                        if f.cat_ready { "cat" } else { "hidden" }
                    );
                }
            }
        }
        let ys = y0 + 6.0 * CELL + 24.0;
        for (r, round) in f.scores.iter().enumerate() {
            let total: i32 = round.iter().sum();
            let _ = write!(
                s,
                r#"<text class="round-score" x="{x0}" y="{:.1}">round {}: {} ({:?})</text>"#,
                ys + r as f64 * 16.0,
                r + 1,
                total,
                round
            );
        }
        s += "</g>";
    }
    s += "</svg>";
    s
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
