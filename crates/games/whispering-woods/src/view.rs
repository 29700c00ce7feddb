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
    /// What is being decided.
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
        View {
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
        }
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
        out.push_str(&format!(
            "Whispering Woods, turn {}: {}{}\n",
            self.turn,
            self.step,
            if self.end_triggered && !self.over {
                " (the game end is triggered)"
            } else {
                ""
            }
        ));
        out.push_str("Display: ");
        out.push_str(
            &self
                .display
                .iter()
                .map(tile_text)
                .collect::<Vec<_>>()
                .join(", "),
        );
        out.push('\n');
        out.push_str("Bag: ");
        for e in Element::ALL {
            out.push_str(&format!("{} {}  ", e.code(), self.bag[e.index()]));
        }
        out.push('\n');
        if self.solo.is_none() {
            out.push_str("Bonus cards left: ");
            for (k, (n, vp)) in self.bonus_left.iter().enumerate() {
                out.push_str(&format!("x{} ({vp} VP) x {n}  ", k + 2));
            }
            out.push('\n');
        }
        for (i, p) in self.players.iter().enumerate() {
            let seat = Seat(i as u8);
            out.push_str(&format!(
                "{seat}{}{}: {} points, {} tasks completed, {} flipped, bonus {:?}, unused animals {}\n",
                if seat == self.bear { " (Bear)" } else { "" },
                if seat == self.current { " *" } else { "" },
                p.points,
                p.completed.len(),
                p.flips,
                p.bonus,
                p.unused_animals.len()
            ));
            for c in &p.forest {
                out.push_str(&format!(
                    "  {} {}{}\n",
                    c.hex,
                    tile_text(&c.tile),
                    match c.animal {
                        Some(a) if self.solo.is_some() =>
                            format!(" Task side, {} Animal", ANIMAL_NAMES[a as usize % 4]),
                        Some(_) => " Task side, Animal".into(),
                        None => String::new(),
                    }
                ));
            }
        }
        if let Some(solo) = &self.solo {
            out.push_str(&format!(
                "Mission level {}: score {} (minimum {}), Scoring board {}/{} spaces{}\n",
                solo.outcome.level,
                solo.outcome.score,
                solo.outcome.minimum,
                solo.board.len(),
                solo.outcome.turns,
                if solo.outcome.passed { ", passed" } else { "" }
            ));
            for (o, met) in &solo.outcome.objectives {
                out.push_str(&format!("  [{}] {o}\n", if *met { "x" } else { " " }));
            }
        }
        out
    }
}
