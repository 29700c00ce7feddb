//! What a viewer sees. Everything in Whispering Woods is public: forests, the display,
//! completed tasks, the Bonus cards left and the bag's contents by element.

use serde::{Deserialize, Serialize};
use sylvan_engine::{Seat, Viewer};

use crate::action::ANIMAL_NAMES;
use crate::components::{Element, BONUS_KINDS};
use crate::rules::WhisperingWoods;
use crate::solo::SoloOutcome;
use crate::state::{Hex, State, Step, TileId, NO_ANIMAL, START};

/// A tile as seen: both sides are printed on each side [R].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileView {
    /// Its number (96 is the Starting tile).
    pub id: TileId,
    /// The Forest-side element (`None` for the Starting tile, which has only a Task side).
    pub forest: Option<Element>,
    /// The task (empty for the Starting tile, whose task is the special one).
    pub task: Vec<Element>,
    /// The VP of its task.
    pub vp: u8,
}

/// A tile in a forest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellView {
    /// Where it lies.
    pub hex: Hex,
    /// The tile.
    pub tile: TileView,
    /// The animal on it (then it is Task side up).
    pub animal: Option<u8>,
}

/// A completed task.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompletedView {
    /// The tile.
    pub tile: TileView,
    /// The animal that completed it.
    pub animal: u8,
}

/// One player as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The forest.
    pub forest: Vec<CellView>,
    /// The completed tasks.
    pub completed: Vec<CompletedView>,
    /// Completed tasks flipped to refresh the display.
    pub flips: u8,
    /// Bonus cards held: x2, x3, x4, x5.
    pub bonus: [u8; BONUS_KINDS],
    /// Animals not yet in the forest.
    pub unused_animals: Vec<u8>,
    /// The current total.
    pub points: i32,
}

/// The solo Scoring board and the Mission.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloView {
    /// Tiles on the Scoring board's spaces.
    pub board: Vec<TileView>,
    /// Tile spaces around the Scoring board (the open ones are `outcome.turns`).
    pub spaces: usize,
    /// Tiles removed from the display for good.
    pub removed: u32,
    /// The Mission, its objectives and the score.
    pub outcome: SoloOutcome,
}

/// The whole table as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking.
    pub viewer: Viewer,
    /// The players in seat order.
    pub players: Vec<PlayerView>,
    /// The display.
    pub display: Vec<TileView>,
    /// During a refresh: the old display, going back into the bag once the new one is drawn.
    pub old_display: Vec<TileView>,
    /// Tiles in the bag by Forest-side element.
    pub bag: [u32; Element::NUM],
    /// Bonus cards left: x2, x3, x4, x5, and their VP.
    pub bonus_left: [(u8, u8); BONUS_KINDS],
    /// Who has the Bear.
    pub bear: Seat,
    /// Whose turn it is.
    pub current: Seat,
    /// What is being decided, worded for the viewer: "You take 1 or 2 Forest tiles" for the
    /// seat to move, "Player 1 takes 1 or 2 Forest tiles" for anyone else.
    pub step: String,
    /// The turn number.
    pub turn: u16,
    /// Whether the game end has been triggered.
    pub end_triggered: bool,
    /// Whether the game is over.
    pub over: bool,
    /// SVG colours of the elements.
    pub element_colours: Vec<String>,
    /// SVG colours of the animals.
    pub animal_colours: Vec<String>,
    /// Solo only.
    pub solo: Option<SoloView>,
    /// The tile being placed (step 2) and whether it goes Task side up.
    pub placing: Option<(TileView, bool)>,
    /// Where the tile being placed may go: the empty hexes beside the current forest.
    pub places: Vec<Hex>,
}

impl WhisperingWoods {
    /// A tile as seen.
    pub fn tile_view(&self, id: TileId) -> TileView {
        match self.components.tiles.get(id as usize) {
            Some(d) if id != START => TileView {
                id,
                forest: Some(d.forest),
                task: d.task.to_vec(),
                vp: d.vp,
            },
            _ => TileView {
                id,
                forest: None,
                task: Vec::new(),
                vp: self.components.start_vp,
            },
        }
    }

    /// The view of `viewer` (everyone sees everything).
    pub fn view_of(&self, s: &State, viewer: Viewer) -> View {
        let points = self.totals(s);
        let players = s
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| PlayerView {
                forest: p
                    .forest
                    .cells()
                    .iter()
                    .map(|c| CellView {
                        hex: c.hex,
                        tile: self.tile_view(c.tile),
                        animal: (c.animal != NO_ANIMAL).then_some(c.animal),
                    })
                    .collect(),
                completed: (0..4u8)
                    .flat_map(|a| {
                        p.done[a as usize].iter().map(move |t| CompletedView {
                            tile: self.tile_view(t),
                            animal: a,
                        })
                    })
                    .collect(),
                flips: p.flips,
                bonus: p.bonus,
                unused_animals: (0..4u8)
                    .filter(|a| crate::rules::unused_animals(&p.forest) >> a & 1 == 1)
                    .collect(),
                points: points[i].0,
            })
            .collect();
        let mut bag = [0u32; Element::NUM];
        for t in s.bag.iter() {
            bag[self.colour[t as usize].index()] += 1;
        }
        let solo = self.solo().then(|| SoloView {
            board: s.scoring_board.iter().map(|&t| self.tile_view(t)).collect(),
            spaces: self.components.board_spaces as usize,
            removed: s.removed.len(),
            outcome: self.solo_outcome(s),
        });
        let (placing, places) = match s.step {
            Step::Place { tile, animal, .. } => (
                Some((self.tile_view(tile), animal != NO_ANIMAL)),
                s.me().forest.frontier().to_vec(),
            ),
            _ => (None, Vec::new()),
        };
        let mut view = View {
            viewer,
            placing,
            places,
            players,
            display: s.display.iter().map(|t| self.tile_view(t)).collect(),
            old_display: s.held.iter().map(|t| self.tile_view(t)).collect(),
            bag,
            bonus_left: std::array::from_fn(|k| (s.bonus_left[k], self.components.bonus[k].1)),
            bear: s.bear,
            current: s.current,
            step: self.describe(s),
            turn: s.turns,
            end_triggered: s.end_triggered,
            over: s.step == Step::Over,
            element_colours: self.components.element_colours.to_vec(),
            animal_colours: self
                .components
                .animals
                .iter()
                .map(|(_, c)| c.clone())
                .collect(),
            solo,
        };
        // The seat to move reads its own decision as "You …", as the heading words it.
        view.step = view.addressed(&view.step);
        view
    }

    /// What is being decided now, in a player's words.
    pub fn describe(&self, s: &State) -> String {
        let who = s.current;
        match s.step {
            Step::ChooseBear => "chance chooses who takes the Bear".into(),
            Step::StartAnimal => format!("{who} chooses the Animal for the Starting tile"),
            Step::Refill => "chance refills the display".into(),
            Step::MayRefresh => format!("{who} may refresh the display"),
            Step::RefreshDraw { .. } => "chance draws a new display".into(),
            Step::Take { second: false } => format!("{who} takes 1 or 2 Forest tiles"),
            Step::Take { second: true } => format!("{who} takes a second Forest tile"),
            Step::ChooseAnimal { .. } => format!("{who} chooses an Animal for the new task"),
            Step::Place { .. } => format!("{who} places the tile in their forest"),
            Step::Tasks => format!("{who} completes tasks or ends the turn"),
            Step::SoloDraw => "chance draws a tile for the Scoring board".into(),
            Step::Over => "the game is over".into(),
        }
    }
}

fn tile_text(t: &TileView) -> String {
    match t.forest {
        None => format!("Starting tile (task {} VP)", t.vp),
        Some(e) => format!(
            "#{} {} [{}={}]",
            t.id,
            e.code(),
            t.task
                .iter()
                .map(|x| x.code())
                .collect::<Vec<_>>()
                .join("-"),
            t.vp
        ),
    }
}

impl View {
    /// The table as text for a terminal.
    pub fn text(&self) -> String {
        let mut out = String::new();
        // While placing, the heading names the tile, so no line of its own is needed.
        let step = match &self.placing {
            Some((t, task_side)) => format!(
                "{} places {} {} side up on a + hex",
                self.current,
                tile_text(t),
                if *task_side { "Task" } else { "Forest" }
            ),
            None => self.step.clone(),
        };
        let step = self.addressed(&step);
        let heading = format!(
            "Whispering Woods, turn {}: {step}{}",
            self.turn,
            if self.end_triggered && !self.over {
                " (the game end is triggered)"
            } else {
                ""
            }
        );
        let words: Vec<String> = heading.split(' ').map(str::to_string).collect();
        out.push_str(&packed_under("", &words, " ", "  "));
        let display: Vec<String> = self.display.iter().map(tile_text).collect();
        out.push_str(&packed("Display: ", &display, ", "));
        // The bag's line is also the legend of the codes.
        let bag: Vec<String> = Element::ALL
            .iter()
            .map(|e| format!("{} {} {}", e.code(), e.name(), self.bag[e.index()]))
            .collect();
        out.push_str(&format!("Bag: {}\n", bag.join(", ")));
        let solo = self.solo.is_some();
        if solo {
            out.push_str(
                "On the map: T7Y a 7 VP task with the Yellow Animal, + where the tile may go\n",
            );
        } else {
            let left: Vec<String> = self
                .bonus_left
                .iter()
                .enumerate()
                .map(|(k, (n, vp))| format!("x{} ({vp} VP) x {n}", k + 2))
                .collect();
            out.push_str(&format!(
                "Bonus cards left: {}   Map: T7* a 7 VP task\n",
                left.join("  ")
            ));
        }
        for (i, p) in self.players.iter().enumerate() {
            let seat = Seat(i as u8);
            let mut line = format!(
                "{seat}{}: {} point{}, {} task{} completed",
                if seat == self.current && !self.over {
                    " (to play)"
                } else {
                    ""
                },
                p.points,
                if p.points == 1 { "" } else { "s" },
                p.completed.len(),
                if p.completed.len() == 1 { "" } else { "s" },
            );
            if p.flips > 0 {
                line += &format!(", {} flipped to refresh", p.flips);
            }
            if !solo {
                if seat == self.bear {
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
                line += &format!(", {} of 4 Animals unused", p.unused_animals.len());
            } else {
                let unused: Vec<&str> = p
                    .unused_animals
                    .iter()
                    .map(|&a| ANIMAL_NAMES[a as usize % 4])
                    .collect();
                if !unused.is_empty() {
                    line += &format!(", unused Animals: {}", unused.join(", "));
                }
            }
            let parts: Vec<String> = line.split(", ").map(str::to_string).collect();
            out.push_str(&packed_under("", &parts, ", ", "  "));
            let tasks: Vec<String> = p
                .forest
                .iter()
                .filter(|c| c.animal.is_some())
                .map(|c| {
                    format!(
                        "{} {}{}",
                        c.hex,
                        tile_text(&c.tile),
                        match c.animal {
                            Some(a) if solo => format!(", {} Animal", ANIMAL_NAMES[a as usize % 4]),
                            _ => String::new(),
                        }
                    )
                })
                .collect();
            if !tasks.is_empty() {
                out.push_str(&packed("  Tasks: ", &tasks, "; "));
            }
            if solo {
                let per: Vec<String> = (0..4u8)
                    .map(|a| {
                        format!(
                            "{} {}",
                            ANIMAL_NAMES[a as usize],
                            p.completed.iter().filter(|c| c.animal == a).count()
                        )
                    })
                    .collect();
                out.push_str(&format!(
                    "  tasks completed per Animal: {}\n",
                    per.join(", ")
                ));
            }
        }
        let budget = ROWS.saturating_sub(out.lines().count());
        out.push_str(&self.maps(budget));
        if let Some(solo) = &self.solo {
            let o = &solo.outcome;
            out.push_str(&format!(
                // "0 of 1 objective met", "1 of 2 objectives met": the plural follows the count
                // of objectives, not of those met; two lines so that each fits 100 columns.
                "Mission level {}: {} of {} points, {} of {} objective{} met\n  Scoring board: {} of {} spaces filled ({} locked)\n",
                o.level,
                o.score,
                o.minimum,
                o.objectives.iter().filter(|(_, m)| *m).count(),
                o.objectives.len(),
                if o.objectives.len() == 1 { "" } else { "s" },
                solo.board.len(),
                o.turns,
                solo.spaces.saturating_sub(o.turns)
            ));
            if !solo.board.is_empty() {
                out.push_str(&format!(
                    "  Tiles on it: {}\n",
                    solo.board
                        .iter()
                        .map(|t| format!("#{} {}", t.id, t.forest.map_or("", |e| e.code())))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            for (k, (o, met)) in o.objectives.iter().enumerate() {
                out.push_str(&format!(
                    "  [{}] objective {}: {o}{}\n",
                    if *met { "x" } else { " " },
                    k + 1,
                    if *met { "" } else { " (missing)" }
                ));
            }
            if self.over {
                out.push_str(&mission_result(o));
                out.push('\n');
            }
        }
        out
    }
}

/// How a solo game ended, in the Mission card's terms: "Mission passed", or "Mission failed:
/// 25 of 60 points, objective 2 not met".
pub fn mission_result(o: &SoloOutcome) -> String {
    let mut missing: Vec<String> = Vec::new();
    if o.score < o.minimum {
        missing.push(format!("{} of {} points", o.score, o.minimum));
    }
    let unmet: Vec<String> = o
        .objectives
        .iter()
        .enumerate()
        .filter(|(_, (_, m))| !m)
        .map(|(k, _)| (k + 1).to_string())
        .collect();
    match unmet.len() {
        0 => {}
        1 => missing.push(format!("objective {} not met", unmet[0])),
        n => missing.push(format!(
            "objectives {} and {} not met",
            unmet[..n - 1].join(", "),
            unmet[n - 1]
        )),
    }
    if missing.is_empty() {
        format!(
            "Mission passed: {} of {} points, every objective met",
            o.score, o.minimum
        )
    } else {
        format!("Mission failed: {}", missing.join(", "))
    }
}

impl View {
    /// Every forest as a map: the mapped seat's (the viewer's own, else the player to move's)
    /// with the coordinates moves use and the places a tile may go, the others compact beside
    /// it when all fit 100 columns, else below it; if that is taller than `budget` rows, the
    /// others' forests are counted by element instead.
    fn maps(&self, budget: usize) -> String {
        let me = self.mapped();
        let Some(mine) = self.players.get(me.index()) else {
            return String::new();
        };
        let solo = self.solo.is_some();
        let places: &[Hex] = if me == self.current && !self.over {
            &self.places
        } else {
            &[]
        };
        let own_title = match self.viewer {
            _ if solo => "Your forest".to_string(),
            Viewer::Seat(s) if s == me => format!("Your forest ({me})"),
            _ => format!("{me}'s forest"),
        };
        let own = |style| Block {
            title: own_title.clone(),
            lines: hex_rows(&mine.forest, places, solo, style),
        };
        let others: Vec<(usize, Block)> = self
            .players
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != me.index())
            .map(|(i, p)| {
                let block = Block {
                    title: format!("{}'s forest", Seat(i as u8)),
                    lines: hex_rows(&p.forest, &[], solo, MapStyle::Compact),
                };
                (i, block)
            })
            .collect();
        for style in [MapStyle::Full, MapStyle::Labelled, MapStyle::Counted] {
            let b = own(style);
            let all: Vec<&Block> = std::iter::once(&b)
                .chain(others.iter().map(|(_, b)| b))
                .collect();
            if let Some(text) = side_by_side(&all) {
                return text;
            }
        }
        // Too wide side by side: the own map on its own, then the others as many a row as fit.
        let mut out = [MapStyle::Full, MapStyle::Labelled, MapStyle::Counted]
            .into_iter()
            .find_map(|style| side_by_side(&[&own(style)]))
            .unwrap_or_else(|| listed(&own_title, &mine.forest, places, solo));
        let own_rows = out.lines().count();
        let mut rest = String::new();
        let mut row: Vec<&Block> = Vec::new();
        for (i, b) in &others {
            row.push(b);
            if side_by_side(&row).is_some() {
                continue;
            }
            row.pop();
            if let Some(text) = side_by_side(&row) {
                rest.push_str(&text);
            }
            row.clear();
            if side_by_side(&[b]).is_some() {
                row.push(b);
            } else {
                rest.push_str(&listed(&b.title, &self.players[*i].forest, &[], solo));
            }
        }
        if let Some(text) = side_by_side(&row) {
            rest.push_str(&text);
        }
        if own_rows + rest.lines().count() <= budget {
            out.push_str(&rest);
        } else {
            // Too tall to draw every forest: the others counted, a line each.
            for (i, _) in &others {
                out.push_str(&counted(Seat(*i as u8), &self.players[*i].forest));
            }
        }
        out
    }

    /// `step` worded for the viewer when it is the viewer's decision: "You place the tile in
    /// your forest", not "Player 1 places the tile in their forest".
    pub fn addressed(&self, step: &str) -> String {
        let Viewer::Seat(me) = self.viewer else {
            return step.to_string();
        };
        let Some(rest) = step.strip_prefix(&format!("{} ", self.current)) else {
            return step.to_string();
        };
        if me != self.current || self.over {
            return step.to_string();
        }
        let mut rest = rest.to_string();
        for (theirs, yours) in [
            ("chooses ", "choose "),
            ("takes ", "take "),
            ("places ", "place "),
            ("completes tasks or ends ", "complete tasks or end "),
            (" their forest", " your forest"),
        ] {
            rest = rest.replacen(theirs, yours, 1);
        }
        format!("You {rest}")
    }

    /// The seat whose forest is drawn as a map: the viewer's own, else the current player's.
    fn mapped(&self) -> Seat {
        match self.viewer {
            Viewer::Seat(seat) if seat.index() < self.players.len() => seat,
            _ => self.current,
        }
    }
}

/// A forest tile's short code: its Forest side, T and the VP for a task with its Animal (the
/// Animal's initial in solo), S for the Starting tile without one.
fn cell_code(c: &CellView, solo: bool) -> String {
    match (c.animal, c.tile.forest) {
        (Some(a), _) => format!(
            "T{}{}",
            c.tile.vp,
            if solo {
                ANIMAL_NAMES[a as usize % 4].chars().next().unwrap_or('?')
            } else {
                '*'
            }
        ),
        (None, Some(e)) => e.code().to_string(),
        (None, None) => "S".into(),
    }
}

/// A forest listed row by row, a line per row: "r=-1: 0 Fr, 1 T7*, 2 +" (each hex's q, then
/// its code), the fallback for a forest too wide for any map.
fn forest_rows(forest: &[CellView], places: &[Hex], solo: bool) -> Vec<String> {
    let mut cells: Vec<(Hex, String)> = forest
        .iter()
        .map(|c| (c.hex, cell_code(c, solo)))
        .chain(places.iter().map(|&h| (h, "+".to_string())))
        .collect();
    cells.sort_by_key(|(h, _)| (h.r, h.q));
    let mut lines = Vec::new();
    for row in cells.chunk_by(|a, b| a.0.r == b.0.r) {
        let items: Vec<String> = row
            .iter()
            .map(|(h, code)| format!("{} {code}", h.q))
            .collect();
        let head = format!("{INDENT}r={}: ", row[0].0.r);
        lines.extend(packed(&head, &items, ", ").lines().map(str::to_string));
    }
    lines
}

/// `items` after `head`, joined by `sep` and broken between items into lines of at most
/// [`LINE`] columns, continuation lines indented under the first item.
fn packed(head: &str, items: &[String], sep: &str) -> String {
    packed_under(head, items, sep, &" ".repeat(head.chars().count()))
}

/// [`packed`] with continuation lines starting with `indent`.
fn packed_under(head: &str, items: &[String], sep: &str, indent: &str) -> String {
    let mut out = String::new();
    let mut line = head.to_string();
    for (k, item) in items.iter().enumerate() {
        let piece = if k + 1 < items.len() {
            format!("{item}{}", sep.trim_end())
        } else {
            item.clone()
        };
        let fresh = line == head || line == indent;
        let wide = line.chars().count() + usize::from(!fresh) + piece.chars().count();
        if !fresh && wide > LINE {
            out.push_str(&line);
            out.push('\n');
            line = indent.to_string();
        } else if !fresh {
            line.push(' ');
        }
        line.push_str(&piece);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The rows the text view keeps within for 2 players, so that with the list of moves and the
/// prompt a decision fits 40 rows (issue 11).
const ROWS: usize = 28;

/// The widest line the text view writes itself (a terminal of 100 columns).
const LINE: usize = 100;

/// How a forest's hexes are written on a map.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum MapStyle {
    /// Each hex "q,r code": the coordinates moves use, 12 columns a hex.
    Full,
    /// Each row labelled "r=", each hex "q code": 8 columns a hex.
    Labelled,
    /// Each row labelled "r=" and the q of its first hex, each hex its code alone: the own
    /// forest when the others' maps fit beside it only so (q counts up by one a hex).
    Counted,
    /// Each hex its code alone, 4 columns a hex: another player's forest, to see its shape
    /// and tasks at a glance.
    Compact,
}

impl MapStyle {
    /// Columns a hex takes; rows are shifted by half of it.
    fn cell_w(self) -> i32 {
        match self {
            MapStyle::Full => 12,
            MapStyle::Labelled => 8,
            MapStyle::Counted | MapStyle::Compact => 4,
        }
    }
}

/// The forest as hexes, one row of hexes a line shifted by half a hex (no indent, trailing
/// spaces trimmed).
fn hex_rows(forest: &[CellView], places: &[Hex], solo: bool, style: MapStyle) -> Vec<String> {
    let col = |h: Hex| 2 * i32::from(h.q) + i32::from(h.r);
    let hexes = forest.iter().map(|c| c.hex).chain(places.iter().copied());
    let (mut c0, mut r0, mut r1) = (i32::MAX, i32::MAX, i32::MIN);
    for h in hexes {
        c0 = c0.min(col(h));
        r0 = r0.min(i32::from(h.r));
        r1 = r1.max(i32::from(h.r));
    }
    if c0 == i32::MAX {
        return Vec::new();
    }
    let cell_w = style.cell_w();
    let label = |h: Hex, code: &str| match style {
        MapStyle::Full => format!("{},{} {code}", h.q, h.r),
        MapStyle::Labelled => format!("{} {code}", h.q),
        MapStyle::Counted | MapStyle::Compact => code.to_string(),
    };
    // The widest row label, so that every row's hexes start in the same column.
    let counted = |r: i32| {
        let q0 = forest
            .iter()
            .map(|c| c.hex)
            .chain(places.iter().copied())
            .filter(|h| i32::from(h.r) == r)
            .map(|h| h.q)
            .min();
        match q0 {
            Some(q) => format!("r={r} q={q}: "),
            None => format!("r={r}: "),
        }
    };
    let label_w = (r0..=r1).map(|r| counted(r).len()).max().unwrap_or(0);
    let mut out = Vec::new();
    for r in r0..=r1 {
        let mut cells: Vec<(i32, String)> = forest
            .iter()
            .filter(|c| i32::from(c.hex.r) == r)
            .map(|c| (col(c.hex), label(c.hex, &cell_code(c, solo))))
            .chain(
                places
                    .iter()
                    .filter(|h| i32::from(h.r) == r)
                    .map(|&h| (col(h), label(h, "+"))),
            )
            .collect();
        cells.sort();
        let mut line = match style {
            MapStyle::Labelled => format!("r={r:<3}"),
            MapStyle::Counted => format!("{:<label_w$}", counted(r)),
            _ => String::new(),
        };
        let left = line.chars().count();
        for (c, text) in &cells {
            let x = ((c - c0) * cell_w / 2) as usize + left;
            while line.chars().count() < x {
                line.push(' ');
            }
            line.push_str(&format!("{text:^w$}", w = (cell_w - 1) as usize));
        }
        out.push(line.trim_end().to_string());
    }
    out
}

/// Another player's forest in a line, when there is no room for its map: its tiles by the
/// element of their Forest side, and its tasks.
fn counted(seat: Seat, forest: &[CellView]) -> String {
    let mut counts = [0usize; Element::NUM];
    // A task's Forest side is face down: only Forest-side-up tiles count by element.
    for e in forest
        .iter()
        .filter(|c| c.animal.is_none())
        .filter_map(|c| c.tile.forest)
    {
        counts[e.index()] += 1;
    }
    let tasks = forest.iter().filter(|c| c.animal.is_some()).count();
    let items: Vec<String> = Element::ALL
        .iter()
        .filter(|e| counts[e.index()] > 0)
        .map(|e| format!("{} {}", e.code(), counts[e.index()]))
        .chain((tasks > 0).then(|| format!("T {tasks}")))
        .collect();
    format!(
        "{INDENT}{seat}'s forest (no room for its map): {} tile{}: {}\n",
        forest.len(),
        if forest.len() == 1 { "" } else { "s" },
        items.join(", ")
    )
}

/// A forest too wide for any map, under its title, listed row by row.
fn listed(title: &str, forest: &[CellView], places: &[Hex], solo: bool) -> String {
    let mut out = format!("{INDENT}{title}, by row (r), each hex its q and code:\n");
    for line in forest_rows(forest, places, solo) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// A titled block of lines (a forest map), drawn beside others.
struct Block {
    title: String,
    lines: Vec<String>,
}

impl Block {
    fn width(&self) -> usize {
        self.lines
            .iter()
            .map(|l| l.chars().count())
            .chain([self.title.chars().count()])
            .max()
            .unwrap_or(0)
    }
}

/// Columns between two maps side by side.
const GAP: &str = " | ";
/// The indent of every map line.
const INDENT: &str = "  ";

/// `blocks` side by side under their titles, if they fit [`LINE`] columns.
fn side_by_side(blocks: &[&Block]) -> Option<String> {
    if blocks.is_empty() {
        return Some(String::new());
    }
    let widths: Vec<usize> = blocks.iter().map(|b| b.width()).collect();
    let total = INDENT.len() + widths.iter().sum::<usize>() + GAP.len() * (blocks.len() - 1);
    if total > LINE {
        return None;
    }
    let rows = blocks.iter().map(|b| b.lines.len()).max().unwrap_or(0);
    let mut out = String::new();
    for k in 0..=rows {
        let mut line = INDENT.to_string();
        for (i, b) in blocks.iter().enumerate() {
            let cell = if k == 0 {
                b.title.as_str()
            } else {
                b.lines.get(k - 1).map_or("", String::as_str)
            };
            if i > 0 {
                line.push_str(GAP);
            }
            line.push_str(&format!("{cell:<w$}", w = widths[i]));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::Element;

    fn cell(q: i8, r: i8, e: Element) -> CellView {
        CellView {
            hex: Hex::new(q, r),
            tile: TileView {
                id: 0,
                forest: Some(e),
                task: Vec::new(),
                vp: 5,
            },
            animal: None,
        }
    }

    /// Issue 11: a forest too wide for any map is listed a row a line, "r=0: 0 Fr, 1 Fr",
    /// without the stray ",;" the packed list once printed.
    #[test]
    fn a_forest_too_wide_for_a_map_is_listed_by_row_without_stray_separators() {
        let forest: Vec<CellView> = (0..40)
            .map(|q| cell(q, 0, Element::Fruits))
            .chain([cell(0, 1, Element::Water)])
            .collect();
        for style in [MapStyle::Full, MapStyle::Labelled, MapStyle::Counted] {
            let b = Block {
                title: String::new(),
                lines: hex_rows(&forest, &[], false, style),
            };
            assert!(side_by_side(&[&b]).is_none(), "{style:?} is too wide");
        }
        let text = listed("Your forest", &forest, &[Hex::new(-1, 0)], false);
        assert!(!text.contains(",;") && !text.contains(";,"), "{text}");
        assert!(text.lines().all(|l| l.chars().count() <= LINE), "{text}");
        assert!(text.contains("  r=0: -1 +, 0 Fr, 1 Fr,"), "{text}");
        assert!(text.contains("\n  r=1: 0 Wa\n"), "{text}");
    }

    /// The compact map keeps the hex layout: each row shifted by half a hex (2 columns).
    #[test]
    fn a_compact_map_shifts_each_row_by_half_a_hex() {
        let forest = [
            cell(0, 0, Element::Fruits),
            cell(1, 0, Element::Leaves),
            cell(0, 1, Element::Water),
            cell(-1, 1, Element::Minerals),
        ];
        let lines = hex_rows(&forest, &[], false, MapStyle::Compact);
        assert_eq!(lines, ["  Fr  Le", "Mi  Wa"]);
    }
}
