//! The table as an SVG picture, drawn from a [`View`]: each forest as hexes (element colour,
//! Task sides with their sequence and VP, animals), the display, completed tasks, Bonus cards
//! and the solo Scoring board.

use std::fmt::Write;

use crate::action::ANIMAL_NAMES;
use crate::components::Element;
use crate::help;
use crate::state::Hex;
use crate::view::{PlayerView, TileView, View};

/// A hex's radius in the forests and the display: five chips of a task fit across.
const R: f64 = 28.0;
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

/// Draws one tile as a hex: its shape, then its marks ([`tile_shape`], [`tile_marks`]).
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
    tile_shape(out, view, t, task_side, cx, cy, r, class);
    tile_marks(out, view, t, task_side, cx, cy, r, class == "display-tile");
}

/// A tile's hex: the Forest side filled with its element's colour, the Task side pale and
/// outlined in the colour of the Forest side beneath it.
#[allow(clippy::too_many_arguments)]
fn tile_shape(
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
        // The Starting tile has no Forest side: a brown outline, not one as pale as its face.
        t.forest.map_or("#8b5a2b", |e| colour(view, Some(e)))
    } else {
        "#333"
    };
    let _ = write!(
        out,
        r#"<polygon class="{class}" data-tile="{}" points="{}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"#,
        t.id,
        hex_points(cx, cy, r)
    );
}

/// Width of an element chip of a task, per unit of hex radius: five fit across a hex.
const CHIP: f64 = 0.335;

/// What is printed on a tile, every colour with a second cue for colour-blind players: the
/// Forest side's element code; a task's path as chips of colour each with its element code
/// (or A-4-A for the Starting tile's task), and its VP. A display tile also shows its task on
/// the Forest side, as the printed tile does [R]; a small tile (a completed task) shows only
/// its Forest side's element and VP, what Missions count.
#[allow(clippy::too_many_arguments)]
fn tile_marks(
    out: &mut String,
    view: &View,
    t: &TileView,
    task_side: bool,
    cx: f64,
    cy: f64,
    r: f64,
    display: bool,
) {
    let big = r >= 20.0;
    if !task_side {
        if let Some(e) = t.forest {
            let size = (r * 0.42).max(7.0);
            let y = if display {
                cy - r * 0.22
            } else {
                cy + size * 0.35
            };
            let _ = write!(
                out,
                r##"<text class="element-code" x="{cx:.1}" y="{y:.1}" font-size="{size:.0}" font-weight="bold" text-anchor="middle" fill="#fff" stroke="#000" stroke-width="2" paint-order="stroke">{}</text>"##,
                e.code()
            );
            if display {
                chips(out, view, &t.task, cx, cy + r * 0.08, r * CHIP);
            }
        }
        return;
    }
    if !big {
        // A completed task: the element of its Forest side (Missions count them) and its VP.
        if let Some(e) = t.forest {
            chips(out, view, &[e], cx, cy - r * 0.6, r * 0.7);
        }
        let _ = write!(
            out,
            r#"<text class="vp" x="{cx:.1}" y="{:.1}" font-size="8" text-anchor="middle">{}</text>"#,
            cy + r * 0.5,
            t.vp
        );
        return;
    }
    if t.task.is_empty() {
        let _ = write!(
            out,
            r#"<text x="{cx:.1}" y="{:.1}" font-size="8" text-anchor="middle">A-4-A</text>"#,
            cy + r * 0.05
        );
    }
    chips(out, view, &t.task, cx, cy - r * 0.3, r * CHIP);
    let _ = write!(
        out,
        r#"<text class="vp" x="{cx:.1}" y="{:.1}" font-size="9" text-anchor="middle">{}</text>"#,
        cy + r * 0.5,
        t.vp
    );
}

/// A task's elements in a row centred on (cx, top..): a box of the element's colour with its
/// code, so that the path reads without colour too.
fn chips(out: &mut String, view: &View, task: &[Element], cx: f64, top: f64, w: f64) {
    let n = task.len() as f64;
    for (i, e) in task.iter().enumerate() {
        let x = cx - n * w / 2.0 + i as f64 * w;
        let _ = write!(
            out,
            r##"<rect class="task-colour" x="{x:.2}" y="{top:.2}" width="{w:.2}" height="{w:.2}" fill="{}" stroke="#fff" stroke-width="0.6"/><text x="{:.2}" y="{:.2}" font-size="{:.1}" text-anchor="middle" fill="#fff">{}</text>"##,
            colour(view, Some(*e)),
            x + w / 2.0,
            top + w * 0.72,
            w * 0.58,
            e.code()
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
        esc(&view.addressed(&view.step))
    );
    y += 38.0;
    // The display.
    let _ = write!(
        body,
        r#"<g class="display"><text x="10" y="{}" font-size="12">Display</text>"#,
        y + 4.0
    );
    for (i, t) in view.display.iter().enumerate() {
        let _ = write!(
            body,
            r#"<g class="target" data-target="{}"><title>{}</title>"#,
            help::tile_target(t.id),
            esc(&tile_title(t))
        );
        tile(
            &mut body,
            view,
            t,
            false,
            90.0 + i as f64 * (R * SQRT3 + 6.0),
            y,
            R,
            "display-tile",
        );
        body.push_str("</g>");
    }
    body.push_str("</g>");
    y += R + 20.0;
    // The bag by element.
    let _ = write!(
        body,
        r#"<g class="bag"><text x="10" y="{y}" font-size="12">Bag</text>"#
    );
    for e in Element::ALL {
        let x = 60.0 + e.index() as f64 * 56.0;
        let _ = write!(
            body,
            r#"<rect x="{x}" y="{}" width="12" height="12" fill="{}"/><text x="{}" y="{y}" font-size="11">{} {}</text>"#,
            y - 10.0,
            colour(view, Some(e)),
            x + 15.0,
            e.code(),
            view.bag[e.index()]
        );
    }
    body.push_str("</g>");
    y += 16.0;
    // The codes' meaning: the legend of the colours.
    let _ = write!(
        body,
        r##"<text class="legend" x="60" y="{y}" font-size="10" fill="#333">{}</text>"##,
        Element::ALL
            .iter()
            .map(|e| format!("{} {}", e.code(), e.name()))
            .collect::<Vec<_>>()
            .join(" · ")
    );
    // What the marks on a tile mean, in words beside the colours.
    let animals = if view.solo.is_some() {
        "a disc with a letter is the Animal of that colour (Y Yellow, R Red, B Blue, G Green)"
    } else {
        "a disc with a number is that player's Animal; a player's 4 Animals share one colour, so tasks count per player, not per Animal"
    };
    for line in [
        "A tile's task: its elements in order (walked either way), then its VP; A-4-A is the Starting tile's task",
        animals,
    ] {
        y += 14.0;
        let _ = write!(
            body,
            r##"<text class="legend" x="60" y="{y}" font-size="10" fill="#333">{line}</text>"##
        );
    }
    y += 20.0;
    if view.solo.is_none() {
        let _ = write!(
            body,
            r#"<g class="bonus-cards"><text x="10" y="{y}" font-size="12">Bonus cards</text>"#
        );
        for (k, (n, vp)) in view.bonus_left.iter().enumerate() {
            let x = 100.0 + k as f64 * 78.0;
            let _ = write!(
                body,
                r##"<rect class="bonus-card" x="{x}" y="{}" width="72" height="18" fill="#f7dc6f" stroke="#333"/><text x="{}" y="{y}" font-size="10">x{} {vp}VP ({n})</text>"##,
                y - 13.0,
                x + 3.0,
                k + 2
            );
        }
        body.push_str("</g>");
        y += 20.0;
    }
    // Each player's forest.
    let mut right = 800.0f64;
    for (i, p) in view.players.iter().enumerate() {
        y += 20.0;
        let _ = write!(
            body,
            r#"<g class="player" data-seat="{i}"><text x="10" y="{y}" font-size="13">{}</text>"#,
            esc(&player_line(view, i))
        );
        // Only the mover's forest is clicked on, so only its hexes carry targets.
        let mover = !view.over && view.current.index() == i;
        let places: &[Hex] = if mover { &view.places } else { &[] };
        if view.solo.is_some() {
            animals_row(&mut body, view, p, y + 16.0);
            y += 18.0;
        }
        let px = |q: i8, r: i8| R * SQRT3 * (q as f64 + r as f64 / 2.0);
        let py = |r: i8| R * 1.5 * r as f64;
        // The bounds of the hexes drawn (not of the origin, which a forest may leave once its
        // Starting tile is completed, and which would shift the forest off its heading).
        let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for h in p.forest.iter().map(|c| c.hex).chain(places.iter().copied()) {
            x0 = x0.min(px(h.q, h.r));
            x1 = x1.max(px(h.q, h.r));
            y0 = y0.min(py(h.r));
            y1 = y1.max(py(h.r));
        }
        if x0 > x1 {
            (x0, x1, y0, y1) = (0.0, 0.0, 0.0, 0.0);
        }
        let ox = 10.0 + R - x0;
        let oy = y + 10.0 + R - y0;
        // Every hex first, then what lies on them, so that no later hex covers an Animal or a
        // task drawn across its edge.
        body.push_str(r#"<g class="forest">"#);
        for c in &p.forest {
            let (cx, cy) = (ox + px(c.hex.q, c.hex.r), oy + py(c.hex.r));
            if mover {
                let _ = write!(
                    body,
                    r#"<g class="target" data-target="{}"><title>{} at {}</title>"#,
                    help::hex_target(c.hex),
                    esc(&tile_title(&c.tile)),
                    c.hex
                );
            }
            let task_side = c.animal.is_some();
            tile_shape(
                &mut body,
                view,
                &c.tile,
                task_side,
                cx,
                cy,
                R,
                "forest-tile",
            );
            if mover {
                body.push_str("</g>");
            }
        }
        for &h in places {
            let (cx, cy) = (ox + px(h.q, h.r), oy + py(h.r));
            let _ = write!(
                body,
                r##"<g class="target place" data-target="{}"><title>place the tile at {h}</title><polygon points="{}" fill="#ffffff" fill-opacity="0.6" stroke="#555" stroke-dasharray="4 3"/><text x="{cx:.1}" y="{:.1}" font-size="9" text-anchor="middle" fill="#333">{},{}</text></g>"##,
                help::hex_target(h),
                hex_points(cx, cy, R - 1.0),
                cy + 3.0,
                h.q,
                h.r
            );
        }
        // The marks let clicks through to the hex beneath them.
        body.push_str(r#"<g class="marks" pointer-events="none">"#);
        for c in &p.forest {
            let (cx, cy) = (ox + px(c.hex.q, c.hex.r), oy + py(c.hex.r));
            tile_marks(
                &mut body,
                view,
                &c.tile,
                c.animal.is_some(),
                cx,
                cy,
                R,
                false,
            );
            if let Some(a) = c.animal {
                animal_token(&mut body, view, i, a, cx, cy - R * 0.58, 6.5);
            }
        }
        body.push_str("</g></g>");
        // Completed tasks to the right of the forest, under their own heading so that none
        // looks like a tile of the forest.
        let cx0 = ox + x1 + 3.0 * R;
        body.push_str(r#"<g class="completed">"#);
        if !p.completed.is_empty() {
            let _ = write!(
                body,
                r#"<text x="{:.1}" y="{:.1}" font-size="10">Completed tasks</text>"#,
                cx0 - 16.0,
                y + 14.0
            );
        }
        // The first `flips` completed Forest tiles are shown flipped to their Forest side.
        let mut flipped = 0;
        for (k, c) in p.completed.iter().enumerate() {
            let flip = c.tile.forest.is_some() && flipped < p.flips;
            if flip {
                flipped += 1;
            }
            let (cx, cy) = (
                cx0 + (k % 8) as f64 * 36.0,
                y + 38.0 + (k / 8) as f64 * 36.0,
            );
            tile(
                &mut body,
                view,
                &c.tile,
                !flip,
                cx,
                cy,
                16.0,
                "completed-task",
            );
            if view.solo.is_some() {
                animal_token(&mut body, view, i, c.animal, cx + 10.0, cy - 12.0, 5.0);
            }
            right = right.max(cx + 20.0);
        }
        body.push_str("</g></g>");
        right = right.max(ox + x1 + R + 10.0);
        let rows = (p.completed.len().max(1) - 1) / 8 + 1;
        y = (oy + y1 + R + 10.0).max(y + 38.0 + rows as f64 * 36.0);
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
        if view.over {
            let _ = write!(
                body,
                r#"<text class="mission-result" x="10" y="{y}" font-size="13" font-weight="bold">{}</text>"#,
                esc(&crate::view::mission_result(&solo.outcome))
            );
            y += 16.0;
        }
        body.push_str("</g>");
    }
    let height = y + 20.0;
    let width = right.ceil();
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif"><rect width="{width:.0}" height="{height:.0}" fill="#e8f0e0"/>{body}</svg>"##
    )
}

/// A tile in words, for its tooltip: number, Forest side and task.
fn tile_title(t: &TileView) -> String {
    match t.forest {
        None => format!("the Starting tile: task {} VP", t.vp),
        Some(e) => format!(
            "Forest tile {}: {} ({}), task {} for {} VP",
            t.id,
            e.name(),
            e.code(),
            t.task
                .iter()
                .map(|x| x.name())
                .collect::<Vec<_>>()
                .join("-"),
            t.vp
        ),
    }
}

/// The player's heading: points, flips, and Bonus cards or the Bear outside solo.
fn player_line(view: &View, i: usize) -> String {
    let Some(p) = view.players.get(i) else {
        return String::new();
    };
    let mut line = format!(
        "Player {}: {} point{}, {} task{} completed",
        i + 1,
        p.points,
        if p.points == 1 { "" } else { "s" },
        p.completed.len(),
        if p.completed.len() == 1 { "" } else { "s" },
    );
    if p.flips > 0 {
        line += &format!(", {} flipped to refresh", p.flips);
    }
    if view.solo.is_none() {
        if view.bear.index() == i {
            line += ", has the Bear";
        }
        let cards: Vec<String> = p
            .bonus
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(k, &n)| format!("{n}× x{}", k + 2))
            .collect();
        if !cards.is_empty() {
            line += &format!(", Bonus cards {}", cards.join(" "));
        }
    }
    if !view.over && view.current.index() == i {
        line += " (to play)";
    }
    line
}

/// An Animal: a disc of its colour with a second cue besides colour. Solo, the four Animals
/// differ and show their initial; otherwise all of a player's Animals wear the player's colour
/// and number.
#[allow(clippy::too_many_arguments)]
fn animal_token(out: &mut String, view: &View, seat: usize, a: u8, cx: f64, cy: f64, r: f64) {
    let (colour, mark) = if view.solo.is_some() {
        (
            a as usize,
            ANIMAL_NAMES[a as usize % 4]
                .chars()
                .next()
                .unwrap_or('?')
                .to_string(),
        )
    } else {
        (seat, (seat + 1).to_string())
    };
    let _ = write!(
        out,
        r##"<circle class="animal" cx="{cx:.1}" cy="{cy:.1}" r="{r}" fill="{}" stroke="#000"/><text x="{cx:.1}" y="{:.1}" font-size="{:.0}" text-anchor="middle" fill="#000">{mark}</text>"##,
        view.animal_colours
            .get(colour)
            .map_or("#000", |s| s.as_str()),
        cy + r * 0.55,
        (r * 1.5).max(6.0),
    );
}

/// Solo: each Animal with its completed tasks; the unused ones (off the forest) are targets.
fn animals_row(out: &mut String, view: &View, p: &PlayerView, y: f64) {
    for a in 0..4u8 {
        let x = 20.0 + a as f64 * 160.0;
        let unused = p.unused_animals.contains(&a);
        let tasks = p.completed.iter().filter(|c| c.animal == a).count();
        if unused {
            let _ = write!(
                out,
                r##"<g class="target" data-target="{}"><title>the {} Animal, not in the forest</title><rect x="{:.1}" y="{:.1}" width="152" height="18" fill="#ffffff" fill-opacity="0"/>"##,
                help::animal_target(a),
                ANIMAL_NAMES[a as usize % 4],
                x - 9.0,
                y - 13.0
            );
        }
        animal_token(out, view, 0, a, x, y - 4.0, 7.0);
        let _ = write!(
            out,
            r#"<text x="{:.1}" y="{y:.1}" font-size="11">{}: {tasks} task{}{}</text>"#,
            x + 10.0,
            ANIMAL_NAMES[a as usize % 4],
            if tasks == 1 { "" } else { "s" },
            if unused { ", unused" } else { "" }
        );
        if unused {
            out.push_str("</g>");
        }
    }
}
