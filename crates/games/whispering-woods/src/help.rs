//! What a person at the table reads besides the position: the actions a player may name (so
//! that a refused one is told which rule keeps it out), the drawn elements actions act on, the
//! help for the decision at hand and the components' texts.

use std::fmt::Write;

use crate::action::ANIMAL_NAMES;
use crate::components::{Element, TILES};
use crate::state::{Hex, TileId, START};
use crate::{Action, State, View, WhisperingWoods};

/// How far beyond the forest a named hex may lie (a tile placed two away is "not adjacent").
const MARGIN: i8 = 2;

/// Every seat action of the shapes a turn takes, legal or not: every tile, and every hex of
/// the forest of the seat to move and around it.
pub(crate) fn named_actions(s: &State, out: &mut Vec<Action>) {
    out.clear();
    for t in (0..TILES as u8).chain([START]) {
        out.push(Action::TakeForest(t));
        out.push(Action::TakeTask(t));
    }
    for a in 0..4 {
        out.push(Action::Animal(a));
    }
    out.extend([Action::Refresh, Action::KeepDisplay, Action::EndTurn]);
    let Some(player) = s.players.get(s.current.index()) else {
        return;
    };
    let cells = player.forest.cells();
    let (mut q0, mut q1, mut r0, mut r1) = (0i8, 0i8, 0i8, 0i8);
    for c in cells {
        q0 = q0.min(c.hex.q);
        q1 = q1.max(c.hex.q);
        r0 = r0.min(c.hex.r);
        r1 = r1.max(c.hex.r);
    }
    let hexes: Vec<Hex> = (q0.saturating_sub(MARGIN)..=q1.saturating_add(MARGIN))
        .flat_map(|q| {
            (r0.saturating_sub(MARGIN)..=r1.saturating_add(MARGIN)).map(move |r| Hex { q, r })
        })
        .collect();
    out.extend(hexes.iter().map(|&h| Action::Place(h)));
    for c in cells {
        out.extend(
            hexes
                .iter()
                .map(|&end| Action::Complete { task: c.hex, end }),
        );
    }
}

/// The hex in "place it at (q, r)", "(q, r)" or "q, r", as a player types it.
pub(crate) fn typed_hex(text: &str) -> Option<Hex> {
    let lower = text.trim().to_lowercase();
    let rest = lower
        .strip_prefix("place it at")
        .or_else(|| lower.strip_prefix("place the tile at"))
        .unwrap_or(&lower)
        .trim()
        .trim_start_matches('(')
        .trim_end_matches(')');
    let (q, r) = rest.split_once(',')?;
    Some(Hex {
        q: q.trim().parse().ok()?,
        r: r.trim().parse().ok()?,
    })
}

/// The drawn element a hex of the mover's forest is marked with.
pub(crate) fn hex_target(h: Hex) -> String {
    format!("hex {h}")
}

/// The drawn element a display tile is marked with.
pub(crate) fn tile_target(t: TileId) -> String {
    format!("Forest tile {t}")
}

/// The drawn element an unused solo Animal is marked with.
pub(crate) fn animal_target(a: u8) -> String {
    format!("{} Animal", ANIMAL_NAMES[a as usize % 4])
}

/// The drawn elements an action acts on: the display tile taken, the hex placed on, the task
/// and the path's end, the Animal chosen.
pub(crate) fn targets(a: Action) -> Vec<String> {
    match a {
        Action::TakeForest(t) | Action::TakeTask(t) => vec![tile_target(t)],
        Action::Place(h) => vec![hex_target(h)],
        Action::Complete { task, end } => vec![hex_target(task), hex_target(end)],
        Action::Animal(x) | Action::StartAnimal(x) => vec![animal_target(x)],
        _ => Vec::new(),
    }
}

/// The colour of each element's Forest side, in `Element::ALL` order (component data [A]).
const COLOUR_NAMES: [&str; 6] = ["red", "purple", "orange", "green", "blue", "grey"];

const PLACING: &str = "There is only one placement rule: the tile must be placed adjacent to at least one side of a tile that is already in your forest. Type 'Place it at (q, r)' with the coordinates the map and the picture show, or its number in the list (in the browser, click a dashed hex).";

const TASKS: &str = "Select any task in your forest and complete it: move the Animal on it from tile to tile through your forest, always only onto adjacent tiles, following the exact sequence of colours on the task (either direction). Move only across Forest sides, never over Task sides, and use each Forest tile once. The tile where the path ends flips to its Task side and the Animal stays there: a new task. The completed task leaves your forest; you receive its printed victory points at the end of the game. Your Forest tiles must always be connected: you can't complete a task if removing its tile would divide your forest. Type 'Complete the task at (q, r), path ending at (q, r)' or its number in the list (in the browser, click the task, then the end); 'End the turn' when you are done.";

impl WhisperingWoods {
    /// The rules of the decision the view shows, in the rulebook's words. The keys are worded
    /// for either person ("You take …", "Player 2 takes …"): the view words its step for the
    /// viewer.
    pub(crate) fn decision_help(&self, view: &View) -> String {
        let step = view.step.as_str();
        let penalty = self.refresh_penalty();
        if step.contains("Animal for the Starting tile") {
            "Solo setup: place 1 Animal, of any color, on the Starting tile. The other 3 wait on their Animal tiles until you take a tile Task side up (option B).".into()
        } else if step.contains("may refresh") {
            format!("Refresh the Entire Display (optional): once per turn, after refilling it, draw 6 new tiles from the bag and return the 6 old tiles to the bag. To do this you must first flip a previously completed Forest tile from its Task side to its Forest side; it costs you {} at the end of the game. Or keep the display.", plural(penalty, "victory point"))
        } else if step.contains("1 or 2 Forest tiles") {
            "Take 1 or 2 Forest tiles from the display and add them to your forest. A: take 2 tiles and place them one after the other, Forest side facing up. B: take 1 tile, flip it to the Task side, place it and put one of your unused Animals on it (not possible when all 4 Animals are in your forest). Choose a display tile and its side by its number in the list or by typing e.g. 'Take Forest tile 12 Forest side up' (in the browser, click the tile, then the side).".into()
        } else if step.contains("second Forest tile") {
            "Option A: take a second tile from the display and place it Forest side up.".into()
        } else if step.contains("Animal for the new task") {
            "Option B: place one of your unused Animals on this tile. In the solo game each completed task is set next to the Animal tile of the Animal that completed it, and the Mission's objectives count tasks per Animal.".into()
        } else if step.contains("the tile in") {
            let what = match &view.placing {
                Some((t, true)) => format!("Forest tile {} goes Task side up. ", t.id),
                Some((t, false)) => format!("Forest tile {} goes Forest side up. ", t.id),
                None => String::new(),
            };
            format!("{what}{PLACING}")
        } else if step.contains("tasks or end") {
            let bonus = if self.solo() {
                " In the solo game you do not receive Bonus cards; after this step, step 4 draws a tile for the Scoring board and removes the display's tiles of its colour."
            } else {
                " Complete several tasks in one turn to receive the Bonus card for that number (or the next lower one left)."
            };
            format!("{TASKS}{bonus}")
        } else {
            String::new()
        }
    }

    /// The legend of tile colours and codes, the Starting tile's task, the Bonus cards or the
    /// Mission card, and the tasks each player (solo: each Animal) has completed.
    pub(crate) fn rules_text(&self, view: &View) -> String {
        let mut t = String::from("Forest tiles: the Forest side shows an element by its colour; the text and the picture also print its code:\n");
        for e in Element::ALL {
            let _ = writeln!(
                t,
                "  {} = {} ({}), {} in the bag",
                e.code(),
                e.name(),
                COLOUR_NAMES[e.index()],
                view.bag[e.index()]
            );
        }
        t.push_str("A task such as [Le-Le-Wa=7] is the path of colours to follow (either direction) and its victory points; #12 is the tile's number. The Starting tile's task (A-4-A in the picture): the first and last tile of the path show the same colour, and in between the Animal moves over 4 tiles of different colours.\n");
        t.push_str("Map: hexes are (q, r); a tile's six neighbours are (q+1, r), (q+1, r-1), (q, r-1), (q-1, r), (q-1, r+1) and (q, r+1).\n");
        if let Some(solo) = &view.solo {
            let o = &solo.outcome;
            let _ = writeln!(
                t,
                "Mission card, level {}: minimum score {}; a flipped task costs {} at the end.",
                o.level,
                o.minimum,
                plural(self.refresh_penalty(), "victory point")
            );
            for (i, (text, met)) in o.objectives.iter().enumerate() {
                let _ = writeln!(
                    t,
                    "  Objective {}: {text} ({})",
                    i + 1,
                    if *met { "met" } else { "not met yet" }
                );
            }
            let _ = writeln!(
                t,
                "Scoring board: {} of {} turns used; each objective met unlocks one more space (up to {}).",
                solo.board.len(),
                o.turns,
                solo.spaces
            );
            t.push_str("Tasks completed per Animal:\n");
            let p = view.players.first();
            for (a, name) in ANIMAL_NAMES.iter().enumerate() {
                let done: Vec<String> = p
                    .map(|p| {
                        p.completed
                            .iter()
                            .filter(|c| c.animal as usize == a)
                            .map(|c| match c.tile.forest {
                                Some(e) => format!("#{} {} {} VP", c.tile.id, e.code(), c.tile.vp),
                                None => format!("Starting tile {} VP", c.tile.vp),
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let _ = writeln!(
                    t,
                    "  {name}: {}{}",
                    plural(done.len() as i32, "task"),
                    if done.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", done.join(", "))
                    }
                );
            }
        } else {
            t.push_str("Bonus cards (for completing that many tasks in one turn; the next lower one if none is left):\n");
            for (k, (n, vp)) in view.bonus_left.iter().enumerate() {
                let _ = writeln!(
                    t,
                    "  x{}: {} left, {}",
                    k + 2,
                    n,
                    plural(*vp as i32, "victory point")
                );
            }
            let _ = writeln!(
                t,
                "Tasks completed, per player (the game ends when a player completes {}); not per Animal: a player's 4 Animals share one colour, and completed tasks go in front of the player, not beside Animal tiles as in solo:",
                self.components.end_tasks(self.players)
            );
            for (i, p) in view.players.iter().enumerate() {
                let _ = writeln!(
                    t,
                    "  Player {}: {}, {} of 4 Animals in the forest",
                    i + 1,
                    plural(p.completed.len() as i32, "task"),
                    4 - p.unused_animals.len()
                );
            }
        }
        t
    }
}

/// `n` and the noun, "1 point" or "2 points".
pub(crate) fn plural(n: i32, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
