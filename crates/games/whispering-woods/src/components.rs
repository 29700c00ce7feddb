//! Component data: the six elements, the 96 Forest tiles, the Starting tile, the Bonus cards,
//! the animals and the solo Mission cards, read from `data/components.toml` (every value keeps
//! its provenance tag there) and validated once.

use std::collections::BTreeMap;
use std::fmt;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

/// The shipped component file.
pub const STANDARD_TOML: &str = include_str!("../data/components.toml");

/// The number of Forest tiles in the box [R].
pub const TILES: usize = 96;
/// The longest task on a Forest tile (3 to 5 colours) [F S6].
pub const MAX_TASK: usize = 5;
/// The Starting tile's path: first and last the same, four different between [R].
pub const START_TASK: usize = 6;
/// Animals per player [R].
pub const ANIMALS: usize = 4;
/// Bonus card kinds: x2, x3, x4, x5 [R].
pub const BONUS_KINDS: usize = 4;
/// Mission levels [R].
pub const LEVELS: usize = 6;
/// The most Scoring board spaces the state has room for.
pub const MAX_BOARD: usize = 24;

/// An element, the colour of a tile's Forest side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Element {
    /// Fruits (red).
    Fruits,
    /// Flowers (purple).
    Flowers,
    /// Mushrooms (orange).
    Mushrooms,
    /// Leaves (green).
    Leaves,
    /// Water (blue).
    Water,
    /// Minerals (grey).
    Minerals,
}

impl Element {
    /// Every element, in the rulebook's order.
    pub const ALL: [Element; 6] = [
        Element::Fruits,
        Element::Flowers,
        Element::Mushrooms,
        Element::Leaves,
        Element::Water,
        Element::Minerals,
    ];
    /// The number of elements.
    pub const NUM: usize = 6;

    /// The element as an index into per-element arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The element of an index (taken modulo 6, so it never fails).
    pub const fn from_index(i: usize) -> Element {
        Element::ALL[i % 6]
    }

    /// The rulebook name.
    pub const fn name(self) -> &'static str {
        match self {
            Element::Fruits => "Fruits",
            Element::Flowers => "Flowers",
            Element::Mushrooms => "Mushrooms",
            Element::Leaves => "Leaves",
            Element::Water => "Water",
            Element::Minerals => "Minerals",
        }
    }

    /// The two-letter code used in the data file.
    pub const fn code(self) -> &'static str {
        match self {
            Element::Fruits => "Fr",
            Element::Flowers => "Fl",
            Element::Mushrooms => "Mu",
            Element::Leaves => "Le",
            Element::Water => "Wa",
            Element::Minerals => "Mi",
        }
    }

    /// The element of a two-letter code or a name.
    pub fn parse(text: &str) -> Option<Element> {
        Element::ALL
            .into_iter()
            .find(|e| e.code().eq_ignore_ascii_case(text) || e.name().eq_ignore_ascii_case(text))
    }
}

impl fmt::Display for Element {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One Forest tile: its Forest-side element and, on its Task side, the task and its VP.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileDef {
    /// The element on the Forest side.
    pub forest: Element,
    /// The task's colour sequence (3 to 5 colours), walked in either direction.
    pub task: ArrayVec<Element, MAX_TASK>,
    /// The victory points printed on the Task side.
    pub vp: u8,
}

impl TileDef {
    /// The task written as in the data file, e.g. `Wa-Fr-Fr`.
    pub fn task_text(&self) -> String {
        self.task
            .iter()
            .map(|e| e.code())
            .collect::<Vec<_>>()
            .join("-")
    }
}

/// One solo Mission card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mission {
    /// The level, 1 to 6.
    pub level: u8,
    /// The minimum score [R].
    pub minimum: i32,
    /// VP lost per completed task flipped to refresh the display [R].
    pub refresh_penalty: i32,
    /// The objectives as the Mission card states them [R].
    pub objectives: Vec<String>,
}

/// The validated component data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Components {
    /// The 96 Forest tiles, by tile number.
    pub tiles: Vec<TileDef>,
    /// SVG colour of each element.
    pub element_colours: [String; Element::NUM],
    /// The Starting tile's VP.
    pub start_vp: u8,
    /// Bonus cards: (count, VP) of the x2, x3, x4 and x5 cards.
    pub bonus: [(u8, u8); BONUS_KINDS],
    /// The display size [R].
    pub display: u8,
    /// Completed tasks that trigger the end, for 2, 3 and 4 players [R].
    pub end_tasks: [u8; 3],
    /// Animal colour names and SVG colours.
    pub animals: [(String, String); ANIMALS],
    /// Solo: turns before objectives [R].
    pub base_turns: u8,
    /// Solo: tile spaces around the Scoring board (base turns plus at most 3 objectives).
    pub board_spaces: u8,
    /// The six Mission cards, by level.
    pub missions: Vec<Mission>,
}

/// Why a component file is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ComponentsError {
    /// The TOML does not parse or lacks a field.
    #[error("component file: {0}")]
    Syntax(String),
    /// The data breaks a rule of the box.
    #[error("component file: {0}")]
    Invalid(String),
}

mod raw {
    use super::*;

    #[derive(Deserialize)]
    pub struct File {
        pub elements: Elements,
        pub tiles: Tiles,
        pub table: Table,
        pub starting_tile: Starting,
        pub bonus: Vec<Bonus>,
        pub animals: Animals,
        pub solo: Solo,
        pub mission: Vec<MissionRaw>,
    }

    #[derive(Deserialize)]
    pub struct Elements {
        pub tag: String,
        #[allow(dead_code)]
        pub source: Option<String>,
        pub colours: Vec<ElementColour>,
    }

    #[derive(Deserialize)]
    pub struct ElementColour {
        pub code: String,
        #[allow(dead_code)]
        pub name: Option<String>,
        pub colour: String,
        pub tag: String,
    }

    #[derive(Deserialize)]
    pub struct Tiles {
        pub tag: String,
        #[allow(dead_code)]
        pub source: Option<String>,
        pub count: Option<u32>,
        pub per_element: Option<u32>,
        #[serde(flatten)]
        pub lists: BTreeMap<String, Vec<String>>,
    }

    #[derive(Deserialize)]
    pub struct Table {
        pub display: u8,
        pub display_tag: String,
        pub end_tasks: BTreeMap<String, u8>,
        pub end_tasks_tag: String,
    }

    #[derive(Deserialize)]
    pub struct Starting {
        pub count: u8,
        pub count_tag: String,
        pub vp: u8,
        pub vp_tag: String,
    }

    #[derive(Deserialize)]
    pub struct Bonus {
        pub tasks: u8,
        pub count: u8,
        pub vp: u8,
        pub tags: BTreeMap<String, String>,
    }

    #[derive(Deserialize)]
    pub struct Animals {
        pub per_colour: u8,
        pub per_colour_tag: String,
        pub colours: Vec<AnimalColour>,
    }

    #[derive(Deserialize)]
    pub struct AnimalColour {
        pub name: String,
        #[allow(dead_code)]
        pub species: Option<String>,
        pub svg: String,
        pub tag: String,
    }

    #[derive(Deserialize)]
    pub struct Solo {
        pub base_turns: u8,
        pub base_turns_tag: String,
        pub board_spaces: u8,
        pub board_spaces_tag: String,
    }

    #[derive(Deserialize)]
    pub struct MissionRaw {
        pub level: u8,
        pub minimum: i32,
        pub refresh_penalty: i32,
        pub objectives: Vec<String>,
        pub tag: String,
    }
}

const TAGS: [&str; 5] = ["R", "F", "F?", "I", "A"];

fn check_tag(tag: &str, what: &str) -> Result<(), ComponentsError> {
    let head = tag.split(':').next().unwrap_or("").trim();
    if TAGS.contains(&head) {
        Ok(())
    } else {
        Err(ComponentsError::Invalid(format!(
            "{what}: provenance tag '{tag}' is not one of R, F, F?, I, A"
        )))
    }
}

fn invalid<T>(m: String) -> Result<T, ComponentsError> {
    Err(ComponentsError::Invalid(m))
}

/// Reads one `"Wa-Fr-Fr=5"` entry.
fn parse_tile(forest: Element, text: &str) -> Result<TileDef, ComponentsError> {
    let bad = |why: String| ComponentsError::Invalid(format!("{} tile '{text}': {why}", forest));
    let (seq, vp) = text
        .split_once('=')
        .ok_or_else(|| bad("expected 'sequence=VP', e.g. 'Wa-Fr-Fr=5'".into()))?;
    let vp: i64 = vp
        .trim()
        .parse()
        .map_err(|_| bad(format!("'{}' is not a number of victory points", vp.trim())))?;
    if vp <= 0 || vp > 99 {
        return Err(bad(format!("victory points must be positive, not {vp}")));
    }
    let mut task = ArrayVec::new();
    for code in seq.split('-') {
        let e = Element::parse(code.trim()).ok_or_else(|| {
            bad(format!(
                "'{}' is not a known colour (expected Fr, Fl, Mu, Le, Wa or Mi)",
                code.trim()
            ))
        })?;
        if task.try_push(e).is_err() {
            return Err(bad(format!("a task has at most {MAX_TASK} colours")));
        }
    }
    if task.len() < 2 {
        return Err(bad("a task has at least 2 colours".into()));
    }
    Ok(TileDef {
        forest,
        task,
        vp: vp as u8,
    })
}

impl Components {
    sylvan_engine::shipped_once!(Components, Components::standard());

    /// The shipped data.
    pub fn standard() -> Components {
        Components::from_toml(STANDARD_TOML).expect("the shipped component file is valid")
    }

    /// Reads and validates a component file.
    pub fn from_toml(text: &str) -> Result<Components, ComponentsError> {
        let file: raw::File =
            toml::from_str(text).map_err(|e| ComponentsError::Syntax(e.to_string()))?;

        check_tag(&file.elements.tag, "elements")?;
        let mut element_colours: [String; Element::NUM] = Default::default();
        let mut seen = [false; Element::NUM];
        for c in &file.elements.colours {
            let Some(e) = Element::parse(&c.code) else {
                return invalid(format!("unknown element '{}'", c.code));
            };
            if seen[e.index()] {
                return invalid(format!("element '{}' is listed twice", c.code));
            }
            seen[e.index()] = true;
            check_tag(&c.tag, &format!("element {}", c.code))?;
            element_colours[e.index()] = c.colour.clone();
        }
        if let Some(e) = Element::ALL.iter().find(|e| !seen[e.index()]) {
            return invalid(format!("element '{}' has no colour", e.code()));
        }

        check_tag(&file.tiles.tag, "tiles")?;
        let mut tiles = Vec::with_capacity(TILES);
        for (key, list) in &file.tiles.lists {
            let Some(forest) = Element::parse(key) else {
                return invalid(format!(
                    "tiles: '{key}' is not an element (expected Fr, Fl, Mu, Le, Wa or Mi)"
                ));
            };
            for t in list {
                tiles.push(parse_tile(forest, t)?);
            }
        }
        tiles.sort_by_key(|t| t.forest);
        let count = file.tiles.count.unwrap_or(TILES as u32);
        if count != TILES as u32 {
            return invalid(format!(
                "tiles: the box holds {TILES} Forest tiles, the file says count = {count}"
            ));
        }
        if tiles.len() != TILES {
            return invalid(format!(
                "tiles: the box holds {TILES} Forest tiles, but {} are listed",
                tiles.len()
            ));
        }
        let per = file.tiles.per_element.unwrap_or(16);
        if per != 0 {
            for e in Element::ALL {
                let n = tiles.iter().filter(|t| t.forest == e).count();
                if n != per as usize {
                    return invalid(format!(
                        "tiles: {n} tiles have a {e} Forest side, expected {per} per element (set per_element = 0 to allow any split)"
                    ));
                }
            }
        }

        check_tag(&file.table.display_tag, "table.display")?;
        check_tag(&file.table.end_tasks_tag, "table.end_tasks")?;
        if file.table.display == 0 || file.table.display > 6 {
            return invalid(format!(
                "table: the display holds 1 to 6 tiles, not {}",
                file.table.display
            ));
        }
        let mut end_tasks = [0u8; 3];
        for (i, p) in ["2", "3", "4"].iter().enumerate() {
            match file.table.end_tasks.get(*p) {
                Some(&n) if n > 0 => end_tasks[i] = n,
                _ => {
                    return invalid(format!(
                        "table.end_tasks: a positive number of tasks for {p} players is needed"
                    ))
                }
            }
        }

        let st = &file.starting_tile;
        check_tag(&st.count_tag, "starting_tile.count")?;
        check_tag(&st.vp_tag, "starting_tile.vp")?;
        if st.count != 4 {
            return invalid(format!(
                "starting_tile: the box holds 4 Starting tiles, not {}",
                st.count
            ));
        }
        if st.vp == 0 {
            return invalid("starting_tile: victory points must be positive".into());
        }

        let mut bonus = [(0u8, 0u8); BONUS_KINDS];
        let mut seen = [false; BONUS_KINDS];
        for b in &file.bonus {
            if !(2..=5).contains(&b.tasks) {
                return invalid(format!(
                    "bonus: cards are x2 to x5, not x{} (tasks = {})",
                    b.tasks, b.tasks
                ));
            }
            let k = (b.tasks - 2) as usize;
            if seen[k] {
                return invalid(format!("bonus: the x{} card is listed twice", b.tasks));
            }
            seen[k] = true;
            for (what, tag) in &b.tags {
                check_tag(tag, &format!("bonus x{} {what}", b.tasks))?;
            }
            if b.vp == 0 {
                return invalid(format!("bonus: the x{} card needs positive VP", b.tasks));
            }
            bonus[k] = (b.count, b.vp);
        }
        if let Some(k) = seen.iter().position(|s| !s) {
            return invalid(format!("bonus: the x{} card is missing", k + 2));
        }
        let cards: u32 = bonus.iter().map(|&(n, _)| n as u32).sum();
        if cards != 10 {
            return invalid(format!(
                "bonus: the box holds 10 Bonus cards, the file lists {cards}"
            ));
        }

        check_tag(&file.animals.per_colour_tag, "animals.per_colour")?;
        if file.animals.per_colour as usize != ANIMALS {
            return invalid(format!(
                "animals: each colour has {ANIMALS} animals, not {}",
                file.animals.per_colour
            ));
        }
        if file.animals.colours.len() != ANIMALS {
            return invalid(format!(
                "animals: {ANIMALS} colours are needed, {} are listed",
                file.animals.colours.len()
            ));
        }
        let mut animals: [(String, String); ANIMALS] = Default::default();
        for (i, a) in file.animals.colours.iter().enumerate() {
            check_tag(&a.tag, &format!("animal {}", a.name))?;
            animals[i] = (a.name.clone(), a.svg.clone());
        }

        check_tag(&file.solo.base_turns_tag, "solo.base_turns")?;
        check_tag(&file.solo.board_spaces_tag, "solo.board_spaces")?;
        if file.solo.base_turns == 0 {
            return invalid("solo: the base number of turns must be positive".into());
        }
        if file.solo.board_spaces as usize != file.solo.base_turns as usize + 3 {
            return invalid(format!(
                "solo: the Scoring board has a space for each of the {} base turns and 3 more for objectives, not {}",
                file.solo.base_turns, file.solo.board_spaces
            ));
        }
        if file.solo.board_spaces as usize > MAX_BOARD {
            return invalid(format!(
                "solo: at most {MAX_BOARD} Scoring board spaces are supported, not {}",
                file.solo.board_spaces
            ));
        }
        let mut missions: Vec<Mission> = Vec::new();
        for m in &file.mission {
            check_tag(&m.tag, &format!("mission {}", m.level))?;
            if !(1..=LEVELS as u8).contains(&m.level) {
                return invalid(format!("mission: levels are 1 to 6, not {}", m.level));
            }
            if missions.iter().any(|x| x.level == m.level) {
                return invalid(format!("mission: level {} is listed twice", m.level));
            }
            if m.refresh_penalty < 0 {
                return invalid(format!(
                    "mission {}: the refresh penalty cannot be negative",
                    m.level
                ));
            }
            missions.push(Mission {
                level: m.level,
                minimum: m.minimum,
                refresh_penalty: m.refresh_penalty,
                objectives: m.objectives.clone(),
            });
        }
        missions.sort_by_key(|m| m.level);
        if missions.len() != LEVELS {
            return invalid(format!(
                "mission: the 6 Mission cards are needed, {} are listed",
                missions.len()
            ));
        }
        for m in &missions {
            let expected = objective_count(m.level);
            if m.objectives.len() != expected {
                return invalid(format!(
                    "mission {}: the card has {expected} objective(s), the file lists {}",
                    m.level,
                    m.objectives.len()
                ));
            }
        }

        Ok(Components {
            tiles,
            element_colours,
            start_vp: st.vp,
            bonus,
            display: file.table.display,
            end_tasks,
            animals,
            base_turns: file.solo.base_turns,
            board_spaces: file.solo.board_spaces,
            missions,
        })
    }

    /// The Mission card of `level` (1 to 6).
    pub fn mission(&self, level: u8) -> &Mission {
        &self.missions[(level.clamp(1, LEVELS as u8) - 1) as usize]
    }

    /// Completed tasks that trigger the end for `players` (2 to 4).
    pub fn end_tasks(&self, players: usize) -> u8 {
        self.end_tasks[players.clamp(2, 4) - 2]
    }
}

/// The number of objectives on each Mission card [R]: level 1 has 1, level 2 has 2, levels
/// 3 to 6 have 3.
pub const fn objective_count(level: u8) -> usize {
    match level {
        1 => 1,
        2 => 2,
        _ => 3,
    }
}
