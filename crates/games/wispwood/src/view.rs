//! What a viewer sees. Everything on the table is public in Wispwood: the forests, the pond,
//! the goal cards, the cats; the wisp sides of tiles in the stacks are known to nobody (the
//! state does not hold them: a deal is a chance point).

use serde::Serialize;
use sylvan_engine::{Actor, Seat, Viewer};

use crate::action::square_name;
use crate::board::{self, bit};
use crate::components::{Category, Wisp};
use crate::rules::Wispwood;
use crate::state::{Forest, Phase, RoundScore, State};

/// A goal card in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GoalView {
    /// Its category.
    pub category: Category,
    /// Its name.
    pub name: String,
    /// Its witch placement rule (witch cards only).
    pub witch_rule: Option<&'static str>,
    /// How it scores, in words from its rule and its numbers.
    pub text: String,
}

/// A pond shape.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShapeView {
    /// Its name.
    pub name: String,
    /// Its squares as (row, column).
    pub cells: Vec<(u8, u8)>,
    /// How many distinct ways it can be turned (rotated or mirrored).
    pub turns: u8,
}

/// A forest on its grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ForestView {
    /// The grid's rows, top first: `T` tree, `C` cat, `J` `H` `W` `O` wisps, `.` empty.
    pub rows: Vec<String>,
    /// The board square of the grid's top-left corner, e.g. `d4`.
    pub corner: String,
    /// The board row of the grid's top row.
    pub top: u8,
    /// The board column of the grid's left column.
    pub left: u8,
    /// Whether the cat is ready (false: hidden).
    pub cat_ready: bool,
    /// Squares filled, the cat's included.
    pub filled: u32,
    /// Points per round (trees, jacks, hearts, witches, orbs, grid bonus).
    pub scores: [RoundScore; 3],
    /// The total so far.
    pub total: i32,
    /// The squares where tiles may still go this round (every grid of the round's size that
    /// holds the forest), rows top first, drawn like `rows`.
    pub area: Vec<String>,
    /// The board row of the area's top row.
    pub area_top: u8,
    /// The board column of the area's left column.
    pub area_left: u8,
    /// The rounds scored so far (their `scores` are final).
    pub rounds_scored: u8,
}

/// Catty in the solo game: its cat, its wisps, its guide and the face-up firefly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CattyView {
    /// The pond space of Catty's cat, if placed.
    pub space: Option<u8>,
    /// The guide's levels, highest first: the wisp type and its points.
    pub guide: Vec<(Option<Wisp>, i32)>,
    /// The guide's paws.
    pub paws: u8,
    /// Catty's wisps per type (jack, heart, witch, orb).
    pub wisps: [u8; 4],
    /// The face-up firefly (0: none yet this round).
    pub firefly: u8,
    /// Firefly tokens still to turn this round.
    pub fireflies_left: u8,
    /// Catty's points per round.
    pub scores: [i32; 3],
    /// Catty's total.
    pub total: i32,
}

/// What one viewer may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// Who is looking.
    pub viewer: Viewer,
    /// The round, 1-based.
    pub round: u8,
    /// The grid side this round.
    pub grid: u8,
    /// The seat to move, if a seat decides.
    pub to_move: Option<Seat>,
    /// What is being decided.
    pub deciding: &'static str,
    /// The start player.
    pub start: Seat,
    /// The goal cards dealt so far, trees first.
    pub goals: Vec<GoalView>,
    /// The pond's wisp spaces; space `i` lies between shapes `i` and `i + 1`.
    pub pond: Vec<Option<Wisp>>,
    /// The pond's shapes in ring order.
    pub shapes: Vec<ShapeView>,
    /// Each player's forest.
    pub forests: Vec<ForestView>,
    /// Tiles in the stacks (their wisp sides unseen).
    pub stacks: u16,
    /// The face-up discard pile per type (jack, heart, witch, orb).
    pub discard: [u16; 4],
    /// Whether the game is over.
    pub over: bool,
    /// Catty, in the solo game.
    pub catty: Option<CattyView>,
    /// The pond space of the wisp being taken, once chosen this turn.
    pub chosen_space: Option<u8>,
    /// The shape chosen this turn (ring index), once chosen.
    pub chosen_shape: Option<u8>,
    /// The shape's orientations (squares as (row, column)), while turning it; orientation
    /// `o` is `orientations[o]`.
    pub orientations: Vec<Vec<(u8, u8)>>,
    /// The orientations that can still be placed, while turning the shape (the legal ones).
    pub offered: Vec<u8>,
    /// The chosen orientation's squares (row, column), once turned.
    pub oriented: Option<Vec<(u8, u8)>>,
    /// The board squares the shape was put down on (e.g. `e5`), while choosing the wisp's
    /// square; empty otherwise.
    pub placed_on: Vec<String>,
}

fn symbol(f: &Forest, sq: u8) -> char {
    if f.cat == sq {
        'C'
    } else if f.trees & bit(sq) != 0 {
        'T'
    } else {
        match f.wisp_at(sq) {
            Some(Wisp::Jack) => 'J',
            Some(Wisp::Heart) => 'H',
            Some(Wisp::Witch) => 'W',
            Some(Wisp::Orb) => 'O',
            None => '.',
        }
    }
}

impl View {
    /// The view of `s` for `viewer`.
    pub fn of(game: &Wispwood, s: &State, viewer: Viewer) -> View {
        let grid = game.grid(s.round);
        let c = game.components();
        let totals = game.totals(s);
        let forests = s
            .forests
            .iter()
            .enumerate()
            .map(|(p, f)| {
                let (r0, _, c0, _) = board::bounds(f.occupied()).unwrap_or((5, 5, 5, 5));
                let top = r0.min(board::SIDE - grid as usize);
                let left = c0.min(board::SIDE - grid as usize);
                let rows = (top..top + grid as usize)
                    .map(|r| {
                        (left..left + grid as usize)
                            .map(|col| symbol(f, board::square(r, col)))
                            .collect()
                    })
                    .collect();
                // Any grid of the round's size holding the forest may still be filled.
                let g = grid as usize;
                let (r0, r1, c0, c1) = board::bounds(f.occupied()).unwrap_or((5, 5, 5, 5));
                let (a_top, a_bottom) = (
                    (r1 + 1).saturating_sub(g),
                    (r0 + g - 1).min(board::SIDE - 1),
                );
                let (a_left, a_right) = (
                    (c1 + 1).saturating_sub(g),
                    (c0 + g - 1).min(board::SIDE - 1),
                );
                let area = (a_top..=a_bottom.max(a_top))
                    .map(|r| {
                        (a_left..=a_right.max(a_left))
                            .map(|col| symbol(f, board::square(r, col)))
                            .collect()
                    })
                    .collect();
                ForestView {
                    rows,
                    corner: square_name(board::square(top, left)),
                    top: top as u8,
                    left: left as u8,
                    cat_ready: f.cat_ready,
                    filled: f.filled(),
                    scores: s.scores[p],
                    total: totals[p],
                    area,
                    area_top: a_top as u8,
                    area_left: a_left as u8,
                    rounds_scored: rounds_scored(s),
                }
            })
            .collect();
        let cells = |shape: u8, o: u8| {
            game.oriented(shape, o).map(|or| {
                (0..board::SQUARES as u8)
                    .filter(|&sq| or.mask & bit(sq) != 0)
                    .map(|sq| {
                        let (r, c) = board::row_col(sq);
                        (r as u8, c as u8)
                    })
                    .collect::<Vec<_>>()
            })
        };
        let mut offered = Vec::new();
        if let Phase::Orient { .. } = s.phase {
            game.each_legal(s, &mut |a| {
                if let crate::Action::Orient(o) = a {
                    offered.push(o);
                }
            });
        }
        let (chosen_space, chosen_shape, orientations, oriented) = match s.phase {
            Phase::Shape { space, .. } => (Some(space), None, Vec::new(), None),
            Phase::Orient { space, shape } => (
                Some(space),
                Some(shape),
                (0..8).map_while(|o| cells(shape, o)).collect(),
                None,
            ),
            Phase::Anchor {
                space,
                shape,
                orient,
            }
            | Phase::WispSquare {
                space,
                shape,
                orient,
                ..
            } => (Some(space), Some(shape), Vec::new(), cells(shape, orient)),
            _ => (None, None, Vec::new(), None),
        };
        // While choosing the wisp's square, the shape lies on the board at its anchor.
        let placed_on = match (s.phase, &oriented) {
            (Phase::WispSquare { anchor, .. }, Some(cells)) => {
                let (top, left) = board::row_col(anchor);
                cells
                    .iter()
                    .map(|&(r, c)| square_name(board::square(top + r as usize, left + c as usize)))
                    .collect()
            }
            _ => Vec::new(),
        };
        View {
            viewer,
            chosen_space,
            chosen_shape,
            orientations,
            offered,
            oriented,
            placed_on,
            round: s.round + 1,
            grid,
            to_move: match game.actor(s) {
                Actor::Seat(seat) => Some(seat),
                _ => None,
            },
            deciding: crate::describe(s.phase),
            start: s.start,
            goals: s
                .goals
                .iter()
                .filter_map(|&g| c.cards.get(g as usize))
                .map(|card| GoalView {
                    category: card.category(),
                    name: card.name.clone(),
                    witch_rule: (card.category() == Category::Witches)
                        .then(|| card.kind.witch_rule()),
                    text: crate::help::card_text(card),
                })
                .collect(),
            pond: s.pond.to_vec(),
            shapes: c
                .shapes
                .iter()
                .enumerate()
                .map(|(k, sh)| ShapeView {
                    name: sh.name.clone(),
                    cells: sh.cells.to_vec(),
                    turns: game.orients.get(k).map_or(0, |o| o.len() as u8),
                })
                .collect(),
            forests,
            stacks: s.stacks,
            discard: s.discard,
            over: s.phase == crate::Phase::Over,
            catty: s.catty.map(|ct| {
                let paws = game.options().catty_guide.clamp(1, 4);
                let values = c.guides[paws as usize - 1];
                CattyView {
                    space: ((ct.space as usize) < crate::components::POND).then_some(ct.space),
                    guide: ct.ranks.iter().copied().zip(values).collect(),
                    paws,
                    wisps: ct.wisps,
                    firefly: ct.firefly,
                    fireflies_left: ct.flips_left,
                    scores: ct.scores,
                    total: ct.scores.iter().sum(),
                }
            }),
        }
    }

    /// The view as text for a terminal.
    pub fn text(&self) -> String {
        let mut out = format!(
            "Wispwood, round {} ({}×{} grid){}\n",
            self.round,
            self.grid,
            self.grid,
            if self.over { ", game over" } else { "" }
        );
        let goals: Vec<String> = self
            .goals
            .iter()
            .map(|g| format!("{} ({})", g.name, g.category))
            .collect();
        out += &pack("Goal cards: ", &goals, ",", TEXT_WIDTH);
        // Shapes carry the numbers "choose shape N" uses; wisp spaces the ones of "space N".
        let mut pond: Vec<String> = self
            .pond
            .iter()
            .enumerate()
            .map(|(i, w)| {
                format!(
                    "[shape {}: {}] {}:{}",
                    i + 1,
                    self.shapes[i].name,
                    i + 1,
                    w.map(|w| w.name()).unwrap_or("-")
                )
            })
            .collect();
        pond.push("(then shape 1 again)".to_string());
        out += &pack("Pond, clockwise: ", &pond, "", TEXT_WIDTH);
        out += &format!(
            "Stacks: {} tiles; discard pile: {}\n",
            self.stacks,
            Wisp::ALL
                .iter()
                .map(|w| w.counted(self.discard[w.index()]))
                .collect::<Vec<_>>()
                .join(", ")
        );
        for (p, f) in self.forests.iter().enumerate() {
            out += &format!(
                "Player {}{}: {} point{}, cat {}\n",
                p + 1,
                if self.start.index() == p && self.catty.is_none() {
                    " (start)"
                } else {
                    ""
                },
                f.total,
                if f.total == 1 { "" } else { "s" },
                if f.cat_ready { "ready" } else { "hidden" },
            );
            // The squares where the forest may still grow, with the coordinates moves use.
            let columns = f.area.first().map_or(0, |r| r.chars().count());
            out += "     ";
            for c in 0..columns {
                out.push((b'a' + f.area_left + c as u8) as char);
                out.push(' ');
            }
            out += "\n";
            for (r, row) in f.area.iter().enumerate() {
                out += &format!("  {:>2} ", f.area_top as usize + r + 1);
                for ch in row.chars() {
                    out.push(ch);
                    out.push(' ');
                }
                out += "\n";
            }
            for r in 0..f.rounds_scored.min(3) as usize {
                let round = &f.scores[r];
                out += &format!(
                    "  Round {}: {} (trees {}, jacks {}, hearts {}, witches {}, orbs {}, grid bonus {})\n",
                    r + 1,
                    round.iter().sum::<i32>(),
                    round[0],
                    round[1],
                    round[2],
                    round[3],
                    round[4],
                    round[5]
                );
            }
        }
        if let Some(c) = &self.catty {
            let scored = self
                .forests
                .first()
                .map_or(0, |f| f.rounds_scored.min(3) as usize);
            out += &format!(
                "Catty ({} paw{}): {} point{}{}\n",
                c.paws,
                if c.paws == 1 { "" } else { "s" },
                c.total,
                if c.total == 1 { "" } else { "s" },
                if scored == 0 {
                    String::new()
                } else {
                    format!(
                        " ({})",
                        c.scores[..scored]
                            .iter()
                            .enumerate()
                            .map(|(r, p)| format!("round {}: {p}", r + 1))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }
            );
            out += &format!(
                "  wisps: {}; guide: {}\n",
                Wisp::ALL
                    .iter()
                    .map(|w| w.counted(c.wisps[w.index()]))
                    .collect::<Vec<_>>()
                    .join(", "),
                c.guide
                    .iter()
                    .map(|(w, p)| format!("{} {p}", w.map_or("?", |w| w.name())))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            out += &format!(
                "  cat on space {}, firefly {}, {} to turn this round\n",
                c.space.map(|s| (s + 1).to_string()).unwrap_or("-".into()),
                c.firefly,
                c.fireflies_left
            );
            if self.over {
                let mine = self.forests.first().map_or(0, |f| f.total);
                out += &if mine >= c.total {
                    format!(
                        "You win: {mine} points meet or exceed Catty's {}\n",
                        c.total
                    )
                } else {
                    format!("Catty wins: {} points to your {mine}\n", c.total)
                };
            }
        }
        out += &self.shape_text();
        if let Some(seat) = self.to_move {
            // The seat to move reads its own turn; the others read whose it is.
            if self.viewer == Viewer::Seat(seat) {
                out += &format!("Your turn: {}\n", self.deciding);
            } else {
                out += &format!("{seat}: {}\n", self.deciding);
            }
        }
        out
    }

    /// The shape as put down, each tile named by its square, for choosing the wisp's square.
    fn placed_text(&self, k: u8, name: &str) -> String {
        let Some(cells) = &self.oriented else {
            return String::new();
        };
        let mut out = format!(
            "Shape {} ({name}) put down on {}.\nThe wisp goes on one of these squares, trees on the others:\n",
            k + 1,
            self.placed_on.join(", ")
        );
        // Two lines: with a tetromino on rows 10-11 one line would pass 100 columns.
        // `placed_on` follows `cells` in order, so each drawn square carries its name.
        let (r0, c0) = (
            cells.iter().map(|c| c.0).min().unwrap_or(0),
            cells.iter().map(|c| c.1).min().unwrap_or(0),
        );
        let rows = cells.iter().map(|c| c.0).max().unwrap_or(0);
        let cols = cells.iter().map(|c| c.1).max().unwrap_or(0);
        for r in r0..=rows {
            let line: Vec<String> = (c0..=cols)
                .map(|c| {
                    cells
                        .iter()
                        .position(|&cell| cell == (r, c))
                        .and_then(|i| self.placed_on.get(i))
                        .map_or(format!("{:<3}", "."), |n| format!("{n:<3}"))
                })
                .collect();
            out += &format!("   {}\n", line.concat().trim_end());
        }
        out
    }

    /// The chosen shape drawn: each orientation offered, side by side under the number its
    /// action names, or the orientation being placed.
    fn shape_text(&self) -> String {
        let Some(k) = self.chosen_shape else {
            return String::new();
        };
        let name = self
            .shapes
            .get(k as usize)
            .map_or("", |sh| sh.name.as_str());
        let drawings: Vec<(String, &[(u8, u8)])> = if !self.offered.is_empty() {
            self.offered
                .iter()
                .filter_map(|&o| {
                    self.orientations
                        .get(o as usize)
                        .map(|c| ((o + 1).to_string(), c.as_slice()))
                })
                .collect()
        } else if let Some(cells) = &self.oriented {
            vec![(String::new(), cells.as_slice())]
        } else {
            return String::new();
        };
        if !self.placed_on.is_empty() {
            return self.placed_text(k, name);
        }
        let mut out = if self.offered.is_empty() {
            format!(
                "Shape {} ({name}) as turned (# a tile; 'place the shape at' names its top-left box corner):\n",
                k + 1
            )
        } else {
            format!(
                "Shape {} ({name}): the {} offered, each under its number (# a tile):\n",
                k + 1,
                if self.offered.len() == 1 {
                    "orientation".to_string()
                } else {
                    format!("{} orientations", self.offered.len())
                }
            )
        };
        let pictures: Vec<(String, Vec<String>)> = drawings
            .into_iter()
            .map(|(label, cells)| (label, shape_rows(cells)))
            .collect();
        let height = pictures.iter().map(|(_, r)| r.len()).max().unwrap_or(0);
        let widths: Vec<usize> = pictures
            .iter()
            .map(|(l, r)| {
                r.iter()
                    .map(|row| row.chars().count())
                    .max()
                    .unwrap_or(0)
                    .max(l.chars().count())
            })
            .collect();
        let labelled = pictures.iter().any(|(l, _)| !l.is_empty());
        let rows = (0..height).map(Some);
        for row in labelled.then_some(None).into_iter().chain(rows) {
            let mut line = String::from(" ");
            for ((label, picture), &w) in pictures.iter().zip(&widths) {
                let cell = match row {
                    None => label.as_str(),
                    Some(r) => picture.get(r).map_or("", String::as_str),
                };
                line += &format!("  {cell:<w$}");
            }
            out += line.trim_end();
            out.push('\n');
        }
        out
    }
}

/// A shape's squares as rows of `#` (a tile) and `.` (no tile), a space between columns.
fn shape_rows(cells: &[(u8, u8)]) -> Vec<String> {
    let (r0, c0) = (
        cells.iter().map(|c| c.0).min().unwrap_or(0),
        cells.iter().map(|c| c.1).min().unwrap_or(0),
    );
    let rows = cells.iter().map(|c| c.0 + 1).max().unwrap_or(0);
    let cols = cells.iter().map(|c| c.1 + 1).max().unwrap_or(0);
    (r0..rows)
        .map(|r| {
            (c0..cols)
                .map(|c| if cells.contains(&(r, c)) { "#" } else { "." })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// How many rounds have been scored: the rounds before the current one, all three once over.
fn rounds_scored(s: &State) -> u8 {
    match s.phase {
        Phase::Over => 3,
        // Between rounds the round just ended is scored before the cats move.
        Phase::MoveCat => (s.round + 1).min(3),
        _ => s.round.min(3),
    }
}

/// The width of a compact terminal screen (issue 11: 100 columns).
const TEXT_WIDTH: usize = 100;

/// `head` then `items` joined by `sep` and a space, broken into lines of at most `width`
/// characters between items (never inside one), continuation lines indented by two spaces.
fn pack(head: &str, items: &[String], sep: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = head.to_string();
    let mut fresh = true;
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item}{sep}")
        } else {
            item.clone()
        };
        let gap = usize::from(!fresh);
        if !fresh && line.chars().count() + gap + piece.chars().count() > width {
            out += line.trim_end();
            out.push('\n');
            line = "  ".to_string();
        } else if !fresh {
            line.push(' ');
        }
        line += &piece;
        fresh = false;
    }
    out += &line;
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::pack;

    #[test]
    fn a_long_list_breaks_between_items_within_the_width() {
        let items: Vec<String> = [
            "One Grove (trees)",
            "Frost Column (hearts)",
            "Cat (witches)",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            pack("Goals: ", &items, ",", 40),
            "Goals: One Grove (trees),\n  Frost Column (hearts), Cat (witches)\n"
        );
    }
}
