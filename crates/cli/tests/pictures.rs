//! Every game's pictures are legible (issue 11, point 8): over the SVGs of many random positions,
//! each text's extent, from usvg's own layout with this machine's fonts (not a guess from the
//! character count), lies inside the picture and inside the box or disc drawn around it, no two
//! texts overlap, and no filled shape drawn later covers a text.
//!
//! `LEGIBLE` lists the games whose pictures must hold all of this; a game is added there when
//! its drawing passes. Every game is still drawn and laid out, and the defects of the others are
//! printed (`cargo test -p sylvan-cli --test pictures -- --nocapture`).

use resvg::usvg;
use sylvan_catalog::{Audience, Catalog};
use sylvan_engine::{Actor, GameRng, Seat, Viewer};

/// The games whose pictures must be free of every defect this test finds.
const LEGIBLE: &[&str] = &[
    "spirits-of-the-wild",
    "whispering-woods",
    "whisperwood",
    "wispwood",
    "woodwalkers",
];

/// Random games per player count (each count its own seeds), and decisions between two
/// pictures of one game.
const GAMES: u64 = 1;
const EVERY: u64 = 37;
/// Overlaps and overhangs smaller than this (in SVG units) are anti-aliasing, not defects.
const SLACK: f32 = 0.75;

/// An axis-aligned rectangle in the picture's coordinates.
#[derive(Copy, Clone, Debug)]
struct Rect {
    left: f32,
    top: f32,
    right: f32,
    bottom: f32,
}

impl Rect {
    fn of(r: usvg::Rect) -> Rect {
        Rect {
            left: r.left(),
            top: r.top(),
            right: r.right(),
            bottom: r.bottom(),
        }
    }

    fn area(&self) -> f32 {
        (self.right - self.left).max(0.0) * (self.bottom - self.top).max(0.0)
    }

    fn contains_point(&self, x: f32, y: f32) -> bool {
        self.left <= x && x <= self.right && self.top <= y && y <= self.bottom
    }

    /// Whether `other` lies inside, give or take `SLACK`.
    fn holds(&self, other: &Rect) -> bool {
        other.left >= self.left - SLACK
            && other.right <= self.right + SLACK
            && other.top >= self.top - SLACK
            && other.bottom <= self.bottom + SLACK
    }

    /// Whether the two overlap by more than `SLACK` both ways.
    fn overlaps(&self, other: &Rect) -> bool {
        let w = self.right.min(other.right) - self.left.max(other.left);
        let h = self.bottom.min(other.bottom) - self.top.max(other.top);
        w > SLACK && h > SLACK
    }
}

/// A laid-out text: its characters, its extent and its place in the drawing order.
#[derive(Debug)]
struct Label {
    text: String,
    extent: Rect,
    order: usize,
}

/// A filled disc (a `<circle>`, which usvg turns into four curves).
#[derive(Copy, Clone, Debug)]
struct Disc {
    cx: f32,
    cy: f32,
    r: f32,
}

impl Disc {
    fn contains_point(&self, x: f32, y: f32) -> bool {
        (x - self.cx).hypot(y - self.cy) <= self.r
    }

    /// Whether `rect` lies inside, give or take `SLACK`.
    fn holds(&self, rect: &Rect) -> bool {
        [
            (rect.left, rect.top),
            (rect.right, rect.top),
            (rect.left, rect.bottom),
            (rect.right, rect.bottom),
        ]
        .iter()
        .all(|&(x, y)| (x - self.cx).hypot(y - self.cy) <= self.r + SLACK)
    }

    /// Whether the disc covers part of `rect` deeper than `SLACK`.
    fn covers(&self, rect: &Rect) -> bool {
        let x = self.cx.clamp(rect.left, rect.right);
        let y = self.cy.clamp(rect.top, rect.bottom);
        (x - self.cx).hypot(y - self.cy) < self.r - SLACK
    }

    fn area(&self) -> f32 {
        std::f32::consts::PI * self.r * self.r
    }
}

/// A filled shape that can frame a text, or cover one drawn before it.
#[derive(Copy, Clone, Debug)]
enum Frame {
    Box(Rect),
    Disc(Disc),
}

impl Frame {
    fn contains_point(&self, x: f32, y: f32) -> bool {
        match self {
            Frame::Box(b) => b.contains_point(x, y),
            Frame::Disc(d) => d.contains_point(x, y),
        }
    }

    fn holds(&self, rect: &Rect) -> bool {
        match self {
            Frame::Box(b) => b.holds(rect),
            Frame::Disc(d) => d.holds(rect),
        }
    }

    fn covers(&self, rect: &Rect) -> bool {
        match self {
            Frame::Box(b) => b.overlaps(rect),
            Frame::Disc(d) => d.covers(rect),
        }
    }

    fn area(&self) -> f32 {
        match self {
            Frame::Box(b) => b.area(),
            Frame::Disc(d) => d.area(),
        }
    }
}

/// What a picture holds that matters here: its labels, and the visibly filled rectangles and
/// discs that may frame them or cover them, each with its place in the drawing order.
#[derive(Default)]
struct Layout {
    labels: Vec<Label>,
    frames: Vec<(Frame, usize)>,
    order: usize,
}

fn collect(group: &usvg::Group, out: &mut Layout) {
    for node in group.children() {
        out.order += 1;
        match node {
            usvg::Node::Group(g) => collect(g, out),
            usvg::Node::Text(t) => {
                let text: String = t.chunks().iter().map(|c| c.text()).collect();
                if text.trim().is_empty() {
                    continue;
                }
                // The flattened text's bounding box is the glyphs' outlines as drawn.
                let extent = Rect::of(t.flattened().abs_bounding_box());
                out.labels.push(Label {
                    text,
                    extent,
                    order: out.order,
                });
            }
            usvg::Node::Path(p) => {
                // Invisible hit areas (fill-opacity 0) frame nothing and cover nothing.
                let visible = p
                    .fill()
                    .is_some_and(|f| f.opacity().get() * group.opacity().get() > 0.1);
                if !visible {
                    continue;
                }
                let frame = if is_rectangle(p) {
                    Frame::Box(Rect::of(p.abs_bounding_box()))
                } else if let Some(disc) = as_disc(p) {
                    Frame::Disc(disc)
                } else {
                    continue;
                };
                out.frames.push((frame, out.order));
            }
            usvg::Node::Image(_) => {}
        }
    }
}

/// The disc a path draws, if it is a circle: four curves around a square bounding box.
fn as_disc(p: &usvg::Path) -> Option<Disc> {
    let t = p.abs_transform();
    if t.kx != 0.0 || t.ky != 0.0 || (t.sx - t.sy).abs() > 1e-3 {
        return None;
    }
    let curves = p
        .data()
        .verbs()
        .iter()
        .filter(|v| matches!(v, usvg::tiny_skia_path::PathVerb::Cubic))
        .count();
    let b = p.abs_bounding_box();
    (curves == 4 && (b.width() - b.height()).abs() < 0.5 && b.width() > 0.0).then(|| Disc {
        cx: (b.left() + b.right()) / 2.0,
        cy: (b.top() + b.bottom()) / 2.0,
        r: b.width() / 2.0,
    })
}

/// Whether a path is an axis-aligned rectangle (four straight sides), in absolute coordinates.
fn is_rectangle(p: &usvg::Path) -> bool {
    let t = p.abs_transform();
    if t.kx != 0.0 || t.ky != 0.0 {
        return false;
    }
    let data = p.data();
    let straight = data.verbs().iter().all(|v| {
        matches!(
            v,
            usvg::tiny_skia_path::PathVerb::Move
                | usvg::tiny_skia_path::PathVerb::Line
                | usvg::tiny_skia_path::PathVerb::Close
        )
    });
    let b = data.bounds();
    let on_edge = |x: f32, y: f32| {
        let near = |a: f32, b: f32| (a - b).abs() < 0.01;
        near(x, b.left()) || near(x, b.right()) || near(y, b.top()) || near(y, b.bottom())
    };
    straight
        && (4..=5).contains(&data.points().len())
        && data.points().iter().all(|pt| on_edge(pt.x, pt.y))
        && b.width() > 0.0
        && b.height() > 0.0
}

fn options() -> usvg::Options<'static> {
    let mut options = usvg::Options::default();
    let fontdb = options.fontdb_mut();
    fontdb.load_system_fonts();
    assert!(
        !fontdb.is_empty(),
        "no system fonts: text cannot be laid out (install fonts-dejavu-core)"
    );
    // The games ask for generic families; point them at an installed face.
    let family = fontdb
        .faces()
        .find(|f| f.families.iter().any(|(n, _)| n.contains("DejaVu Sans")))
        .or_else(|| fontdb.faces().next())
        .and_then(|f| f.families.first().map(|(n, _)| n.clone()))
        .expect("a font has a family name");
    fontdb.set_sans_serif_family(family.clone());
    fontdb.set_serif_family(family.clone());
    fontdb.set_monospace_family(family);
    options
}

/// The defects of one picture, worded for a person.
fn defects(svg: &str, options: &usvg::Options<'_>) -> (usize, Vec<String>) {
    let tree = usvg::Tree::from_str(svg, options).expect("the game's SVG parses");
    let size = tree.size();
    let canvas = Rect {
        left: 0.0,
        top: 0.0,
        right: size.width(),
        bottom: size.height(),
    };
    let mut layout = Layout::default();
    collect(tree.root(), &mut layout);
    let mut found = Vec::new();
    for (i, a) in layout.labels.iter().enumerate() {
        if !canvas.holds(&a.extent) {
            found.push(format!("'{}' runs off the picture", a.text));
        }
        // The frame around a label is the smallest box or disc drawn before it that holds the
        // label's centre; the label must fit in it.
        let (cx, cy) = (
            (a.extent.left + a.extent.right) / 2.0,
            (a.extent.top + a.extent.bottom) / 2.0,
        );
        let frame = layout
            .frames
            .iter()
            .filter(|(f, order)| *order < a.order && f.contains_point(cx, cy))
            .min_by(|x, y| x.0.area().total_cmp(&y.0.area()));
        if let Some((frame, _)) = frame {
            if !frame.holds(&a.extent) {
                let what = match frame {
                    Frame::Box(b) => format!(
                        "box ({:.0},{:.0})–({:.0},{:.0})",
                        b.left, b.top, b.right, b.bottom
                    ),
                    Frame::Disc(d) => format!("disc at ({:.0},{:.0}) r {:.0}", d.cx, d.cy, d.r),
                };
                found.push(format!("'{}' spills out of its {what}", a.text));
            }
        }
        // A shape drawn after a label hides what it covers.
        if let Some((frame, _)) = layout
            .frames
            .iter()
            .find(|(f, order)| *order > a.order && f.covers(&a.extent))
        {
            let what = match frame {
                Frame::Box(b) => format!("a box at ({:.0},{:.0})", b.left, b.top),
                Frame::Disc(d) => format!("a disc at ({:.0},{:.0})", d.cx, d.cy),
            };
            found.push(format!("'{}' is covered by {what} drawn over it", a.text));
        }
        for b in &layout.labels[i + 1..] {
            if a.extent.overlaps(&b.extent) {
                found.push(format!("'{}' overlaps '{}'", a.text, b.text));
            }
        }
    }
    (layout.labels.len(), found)
}

#[test]
fn pictures_of_random_positions_are_legible() {
    let options = options();
    let catalog = Catalog::standard();
    for name in LEGIBLE {
        assert!(catalog.get(name).is_ok(), "{name} is not a game");
    }
    let mut failures = Vec::new();
    for kind in catalog.games() {
        let info = kind.info();
        let mut pictures = 0;
        let mut labels = 0;
        let mut found: Vec<String> = Vec::new();
        for players in info.min_players..=info.max_players {
            for seed in (0..GAMES).map(|g| g + 100 * players as u64) {
                let mut game = kind
                    .new_game(players, seed, &serde_json::Value::Null, true, None)
                    .expect("default options are valid");
                let mut rng = GameRng::seeded(seed ^ 0x9e37);
                loop {
                    let status = game.status();
                    if status.decisions % EVERY == 0 || status.over() {
                        for seat in 0..players {
                            let viewer = Viewer::Seat(Seat(seat as u8));
                            if let Some(svg) = game.svg(viewer).expect("a seat's view") {
                                let (n, mut d) = defects(&svg, &options);
                                pictures += 1;
                                labels += n;
                                for line in &mut d {
                                    *line = format!(
                                        "{players}p seed {seed} decision {}: {line}",
                                        status.decisions
                                    );
                                }
                                found.extend(d);
                            }
                        }
                    }
                    let Actor::Seat(_) = status.to_move else {
                        break;
                    };
                    let legal = game.legal().len();
                    let pick = rng.below(legal as u64) as usize;
                    game.apply_index(pick, Audience::All)
                        .expect("a listed action applies");
                }
            }
        }
        if pictures > 0 {
            assert!(
                labels >= pictures,
                "{}: {pictures} pictures hold only {labels} texts: are fonts missing?",
                info.name
            );
        }
        found.sort();
        found.dedup();
        println!(
            "{}: {pictures} pictures, {labels} texts, {} defects",
            info.name,
            found.len()
        );
        for line in found.iter().take(12) {
            println!("  {line}");
        }
        if LEGIBLE.contains(&info.name) && !found.is_empty() {
            failures.push(format!("{}: {}", info.name, found.join("; ")));
        }
    }
    assert!(
        failures.is_empty(),
        "illegible pictures:\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_checks_find_overlaps_spills_and_overhangs() {
    let options = options();
    let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
        <rect x="10" y="10" width="40" height="20" fill="#eee"/>
        <text x="12" y="25" font-size="12" font-family="sans-serif">a long label</text>
        <text x="100" y="60" font-size="12" font-family="sans-serif">one</text>
        <text x="105" y="62" font-size="12" font-family="sans-serif">two</text>
        <text x="170" y="90" font-size="12" font-family="sans-serif">overhang</text>
        <text x="100" y="20" font-size="12" font-family="sans-serif">alone</text>
        <circle cx="30" cy="70" r="8" fill="#ccc"/>
        <text x="30" y="74" text-anchor="middle" font-size="12" font-family="sans-serif">Coyote</text>
        <text x="140" y="30" font-size="12" font-family="sans-serif">hidden</text>
        <circle cx="150" cy="26" r="6" fill="#ff0"/>
        <rect x="135" y="15" width="40" height="20" fill="#fff" fill-opacity="0"/>
    </svg>"##;
    let (labels, found) = defects(svg, &options);
    assert_eq!(labels, 7);
    let found = found.join("\n");
    assert!(
        found.contains("'a long label' spills out of its box"),
        "{found}"
    );
    assert!(found.contains("'one' overlaps 'two'"), "{found}");
    assert!(found.contains("'overhang' runs off the picture"), "{found}");
    assert!(!found.contains("alone"), "{found}");
    assert!(found.contains("'Coyote' spills out of its disc"), "{found}");
    assert!(found.contains("'hidden' is covered by a disc"), "{found}");
    assert!(
        !found.contains("'hidden' spills"),
        "an invisible hit area frames nothing: {found}"
    );
}
