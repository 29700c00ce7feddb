//! What a person at the table reads besides the position: the actions a player may name (so
//! that a refused one is told which rule keeps it out), the drawn elements actions act on, the
//! help for the decision at hand and the goal cards' and shapes' texts.

use std::fmt::Write;

use crate::board::{self, SQUARES};
use crate::components::{GoalCard, Kind, Wisp};
use crate::{square_name, Action, Phase, State, View, Wispwood};

/// The most wisp spaces, shapes and orientations a decision offers.
const CHOICES: u8 = 8;

/// Every seat action of the game on every square, legal or not.
pub(crate) fn named_actions(out: &mut Vec<Action>) {
    out.clear();
    for i in 0..CHOICES {
        out.extend([
            Action::TakeWisp(i),
            Action::CatTakeWisp(i),
            Action::Shape(i),
            Action::Orient(i),
        ]);
    }
    for sq in 0..SQUARES as u8 {
        out.extend([
            Action::Place(sq),
            Action::WispOn(sq),
            Action::Tree(sq),
            Action::MoveCat(sq),
        ]);
    }
    out.extend([
        Action::DealNew,
        Action::CatDeal,
        Action::TreeTurn,
        Action::EndTreeTurn,
        Action::CatStays,
    ]);
}

/// The drawn element of a pond wisp space (0-based index), as its number is shown.
pub(crate) fn space_target(space: u8) -> String {
    format!("pond space {}", space as u32 + 1)
}

/// The drawn element of a pond shape (ring index).
pub(crate) fn shape_target(shape: u8) -> String {
    format!("shape {}", shape as u32 + 1)
}

/// The drawn element of one orientation of the chosen shape.
pub(crate) fn orientation_target(o: u8) -> String {
    format!("orientation {}", o as u32 + 1)
}

impl Wispwood {
    /// The drawn elements an action acts on: the pond space, the shape, the orientation, or the
    /// square of the mover's forest (for placing a shape: its first square in reading order).
    pub(crate) fn targets(&self, s: &State, a: Action) -> Vec<String> {
        match a {
            Action::TakeWisp(sp) | Action::CatTakeWisp(sp) | Action::CattyStart(sp) => {
                vec![space_target(sp)]
            }
            Action::Shape(k) => vec![shape_target(k)],
            Action::Orient(o) => vec![orientation_target(o)],
            Action::Place(anchor) => match s.phase {
                Phase::Anchor { shape, orient, .. } => self
                    .oriented(shape, orient)
                    .map(|o| o.mask.checked_shl(anchor.into()).unwrap_or(0) & board::FULL)
                    .filter(|&m| m != 0)
                    .map(|m| vec![square_name(m.trailing_zeros() as u8)])
                    .unwrap_or_default(),
                _ => Vec::new(),
            },
            Action::WispOn(sq) | Action::Tree(sq) | Action::MoveCat(sq) => {
                vec![square_name(sq)]
            }
            _ => Vec::new(),
        }
    }
}

/// Points for 1, 2, 3… counted, then per extra one: a card's table in words.
fn table_text(card: &GoalCard) -> String {
    let mut t = card
        .table
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{}: {p}", i + 1))
        .collect::<Vec<_>>()
        .join(", ");
    if card.extra > 0 {
        let _ = write!(t, ", then +{} for each more", card.extra);
    }
    t
}

/// The scoring text of a goal card, from its rule and its numbers.
pub(crate) fn card_text(card: &GoalCard) -> String {
    let p = plural(card.points, "point");
    let values = || {
        Wisp::ALL
            .iter()
            .map(|w| format!("{w} {}", card.values[w.index()]))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match card.kind {
        Kind::LargestGroup => format!("{p} per tree in your largest group of trees."),
        Kind::SecondGroup => format!("{p} per tree in your second-largest group of trees (if groups are tied for size, just pick one; with only one group, 0 points)."),
        Kind::LinesOfThree => format!("{p} per row and per column with 3 or more trees."),
        Kind::CrowdedTrees => format!("{p} per tree with 3 or more trees beside it."),
        Kind::GroupsOfThree => format!("{p} per group of 3 or more trees."),
        Kind::AloneInLine => format!("Count the jacks with no other jack in their row or column; points by count: {}.", table_text(card)),
        Kind::AloneSurrounded => format!("Count the jacks with no other jack on the 8 squares surrounding them; points by count: {}.", table_text(card)),
        Kind::AloneDiagonal => format!("Count the jacks that share no diagonal line with another jack; points by count: {}.", table_text(card)),
        Kind::Pairs => format!("Count your pairs of jacks (two jacks beside each other, but not beside any other jacks); points by count: {}.", table_text(card)),
        Kind::GroupsWithJack => format!("Count each group of wisps with a jack exactly once (a jack by itself is a group); points by count: {}.", table_text(card)),
        Kind::LongestBeam => format!("For each heart, {p} per tree in its longest beam: a straight line of trees, horizontal or vertical, that stops at an empty space, your cat or a wisp."),
        Kind::RowAndColumn => format!("For each heart, {p} per tree in its row and its column."),
        Kind::Beside => format!("For each heart, {p} per tree beside it."),
        Kind::Below => format!("For each heart, {p} per tree below it in its column."),
        Kind::BetterDiagonal => format!("For each heart, {p} per tree on the one of its two diagonals with more trees."),
        Kind::DiagonalChain
        | Kind::CatDiagonal
        | Kind::CatLine
        | Kind::CatSurrounding
        | Kind::CatTwoAway => format!(
            "Placement: {}. Score all your witches by threes: {} per 3 witches, then {} for 1 more or {} for 2 more.",
            card.kind.witch_rule(),
            plural(card.per_three, "point"),
            plural(card.leftover[1], "point"),
            plural(card.leftover[2], "point")
        ),
        Kind::FewestType => format!("Each orb scores the value of the wisp type you have fewest of ({}).", values()),
        Kind::LowestBeside => format!("Each orb scores the lowest value among the wisp types beside it ({}); an orb with no wisp beside it does not score.", values()),
        Kind::TypesSurrounding => format!("Each orb scores {p} per type of wisp on the 8 squares surrounding it (trees are not wisps)."),
        Kind::TypesInLine => format!("Each orb scores {p} per type of wisp in its row or its column, whichever has more types."),
        Kind::TypesInGroup => format!("Each group of wisps with an orb scores {p} per type of wisp in it."),
    }
}

/// `n` and the noun, "1 point" or "2 points".
fn plural(n: i32, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A shape's squares as rows of `#` and `.`, joined by `/`.
fn shape_picture(cells: &[(u8, u8)]) -> String {
    let rows = cells.iter().map(|c| c.0).max().map_or(0, |r| r + 1);
    let cols = cells.iter().map(|c| c.1).max().map_or(0, |c| c + 1);
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| if cells.contains(&(r, c)) { '#' } else { '.' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

impl Wispwood {
    /// The rules of the decision the view shows, in the rulebook's words.
    pub(crate) fn decision_help(&self, view: &View) -> String {
        let grid = view.grid;
        let witch = view
            .goals
            .iter()
            .find_map(|g| g.witch_rule)
            .map(|r| format!(" Witch card: {r}; you are not allowed to take a witch tile that cannot be placed according to its rule."))
            .unwrap_or_default();
        match view.deciding {
            "choose a wisp, a cat action or a tree turn" => format!(
                "Basic turn: choose one of the wisps available on the pond, then one of the 2 shapes beside it; the wisp can be anywhere in the shape and the shape can be mirrored or rotated. Cat actions (only with your cat ready, which hides it): take a wisp with any shape of the pond, or discard the pond's wisps and deal new ones. If all available wisps are the same type you may deal new ones for free. Tree turn: take 1, 2 or 3 tree tiles, then make your cat ready. Choose by number or type e.g. 'choose the wisp on space 3' (in the browser, click a wisp on the pond).{witch}"
            ),
            "choose one of the shapes" => "Your chosen wisp is between 2 shapes: choose one of these (after hiding your cat, any shape of the pond). Take your chosen wisp and enough tree tiles to make your chosen shape. Choose it by number or type e.g. 'choose shape 2' (in the browser, click a shape on the pond).".into(),
            "turn the shape" => "The shape can be mirrored or rotated in any orientation: choose one of the orientations offered, e.g. 'turn the shape to orientation 3'. The screen draws each one under its number (# a tile); in the browser, click one under the pond's shapes.".into(),
            "place the shape" => format!(
                "Add the shape to your forest: at least 1 tile of your shape must be placed beside a tile already in your forest, and the tiles must stay inside a {grid}×{grid} grid this round. Moves name the square of the shape's top-left corner, as 'place the shape at c4' (columns a–k, rows 1–11); in the browser, click the square where the shape's dotted square goes."
            ),
            "choose where the wisp goes in the shape" => format!("The wisp can be anywhere in the shape; the other squares are trees. Name one of the shape's squares (in the browser, click it).{witch}"),
            "place a tree or make your cat ready" => format!("Tree turn: take 1, 2 or 3 tree tiles and place them one by one, each beside another tile, staying inside the {grid}×{grid} grid; you must take at least 1. Then make your cat ready. Name an empty square, e.g. 'place a tree on c4' (in the browser, click it)."),
            "move your cat or leave it" => "Between rounds: you may move your cat to a different tree tile or leave it where it is; then all trees are removed (not the tile under your cat) and your wisps stay. Name a tree's square, e.g. 'move your cat to c4' (in the browser, click it).".into(),
            "choose the pond space where Catty's cat starts" => "Solo setup: choose a space for Catty's cat; it replaces that wisp (discarded). Catty's cat wanders clockwise around the pond collecting wisps, so keep this in mind.".into(),
            _ => String::new(),
        }
    }

    /// The goal cards' scoring texts, the pond's shapes drawn with their names and
    /// orientations, and Catty's scoring guide in the solo game.
    pub(crate) fn rules_text(&self, view: &View) -> String {
        let mut t =
            String::from("Goal cards (each scores every forest at the end of each round):\n");
        for g in &view.goals {
            if let Some(card) = self.components().cards.iter().find(|c| c.name == g.name) {
                let _ = writeln!(t, "  {} ({}): {}", g.name, g.category, card_text(card));
            }
        }
        t.push_str("Shapes on the pond (# a tile, . no tile; turned or mirrored any way):\n");
        for (k, sh) in view.shapes.iter().enumerate() {
            let turns = self.orients.get(k).map_or(0, |o| o.len());
            let _ = writeln!(
                t,
                "  shape {}, {}: {} ({}, {})",
                k + 1,
                sh.name,
                shape_picture(&sh.cells),
                plural(sh.cells.len() as i32, "tile"),
                plural(turns as i32, "orientation")
            );
        }
        t.push_str("Pond space i lies between shape i and shape i+1 (space 8 between shape 8 and shape 1).\n");
        t.push_str("Forest map: T tree, C your cat, J jack, H heart, W witch, O orb, . empty; squares are named by column letter and row number, e.g. f6.\n");
        if let Some(c) = &view.catty {
            let _ = writeln!(
                t,
                "Catty's scoring guide ({}): {}. Catty scores its wisps each round and keeps them.",
                plural(c.paws as i32, "paw"),
                c.guide
                    .iter()
                    .map(|(w, p)| format!("{} {p}", w.map_or("?", |w| w.name())))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        t
    }
}
