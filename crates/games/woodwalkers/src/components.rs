//! The physical components: colours, animals, duel categories, board cells, forest tiles, and
//! the component data file that gives the board, the values and the tile mixes.

use std::collections::BTreeMap;
use std::fmt;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

/// The board is at most this many cells wide (cells are numbered `row * STRIDE + col`).
pub const STRIDE: u8 = 11;
/// Cells on the largest board.
pub const CELLS: usize = (STRIDE as usize) * (STRIDE as usize);
/// Animals of one colour.
pub const ANIMALS: usize = 7;
/// Most light (forest) spaces a board may have.
pub const MAX_FOREST: usize = 32;
/// Most distinct forest tiles (flag values plus medicine, die and points) a side may have.
pub const MAX_KINDS: usize = 32;

use sylvan_engine::named_enum;

use crate::view::Label;

named_enum!(
    /// A player colour: seat 1 plays the first, seat 2 the second, and so on.
    Colour {
        /// The first colour.
        Red = "Red",
        /// The second colour.
        Blue = "Blue",
        /// The third colour.
        Yellow = "Yellow",
        /// The fourth colour.
        Green = "Green",
    }
);

named_enum!(
    /// One of the seven animals of every colour.
    Animal {
        /// Puma.
        Puma = "Puma",
        /// Wolf.
        Wolf = "Wolf",
        /// Bison.
        Bison = "Bison",
        /// Deer.
        Deer = "Deer",
        /// Bear.
        Bear = "Bear",
        /// Otter.
        Otter = "Otter",
        /// Squirrel.
        Squirrel = "Squirrel",
    }
);

named_enum!(
    /// A duel category, shown on the battle mode tiles and the animal cards.
    Category {
        /// Endurance.
        Endurance = "Endurance",
        /// Speed.
        Speed = "Speed",
        /// Intelligence.
        Intelligence = "Intelligence",
        /// Strength.
        Strength = "Strength",
    }
);

impl Animal {
    /// The animal at `i` (0..7); `None` outside.
    pub fn from_index(i: usize) -> Option<Animal> {
        Animal::ALL.get(i).copied()
    }
}

/// A space of the board grid, `row * 11 + col`. Written as its column letter and row number,
/// e.g. `C1` for row 0, column 2.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Cell(pub u8);

impl Cell {
    /// No cell: an animal not on the board.
    pub const NONE: Cell = Cell(u8::MAX);

    /// The cell at `row`, `col` (both below [`STRIDE`]).
    pub const fn at(row: u8, col: u8) -> Cell {
        Cell(row * STRIDE + col)
    }
    /// Its row, from the top.
    pub const fn row(self) -> u8 {
        self.0 / STRIDE
    }
    /// Its column, from the left.
    pub const fn col(self) -> u8 {
        self.0 % STRIDE
    }
    /// Whether this is a cell of the grid (not [`Cell::NONE`]).
    pub const fn on_grid(self) -> bool {
        (self.0 as usize) < CELLS
    }
    /// The cell's bit in a board mask (0 off the grid).
    pub const fn bit(self) -> u128 {
        if self.on_grid() {
            1u128 << self.0
        } else {
            0
        }
    }
    /// Reads `C1`-style text.
    pub fn parse(text: &str) -> Option<Cell> {
        let t = text.trim();
        let mut chars = t.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return None;
        }
        let col = letter as u8 - b'A';
        let row: u8 = chars.as_str().parse().ok()?;
        (col < STRIDE && (1..=STRIDE).contains(&row)).then(|| Cell::at(row - 1, col))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.on_grid() {
            write!(f, "{}{}", (b'A' + self.col()) as char, self.row() + 1)
        } else {
            f.write_str("off the board")
        }
    }
}

/// The cells of a board mask, in order.
pub fn cells_of(mut mask: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(Cell(i))
    })
}

/// One forest tile, as it is when turned over.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ForestTile {
    /// A flag with its value: it scores for whoever stands on it at the end.
    Flag(u8),
    /// Sherri's Medicine: removes one wound when its holder chooses.
    Medicine,
    /// A die: one reroll when its holder chooses.
    Die,
    /// A points tile: one space on the scoreboard at once.
    Points,
}

impl fmt::Display for ForestTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ForestTile::Flag(v) => write!(f, "a flag worth {v}"),
            ForestTile::Medicine => f.write_str("Sherri's Medicine"),
            ForestTile::Die => f.write_str("a die"),
            ForestTile::Points => f.write_str("a points tile"),
        }
    }
}

/// The board's side: daytime (green) or nighttime (blue, the Midnight Duel).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The daytime game: animals face up.
    #[default]
    Day,
    /// Midnight Duel: animals face down, guesses in duels.
    Night,
}

/// The forest tiles of one side: each distinct tile and how many there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mix {
    /// The distinct tiles, flags by value first.
    pub kinds: ArrayVec<ForestTile, MAX_KINDS>,
    /// How many of each.
    pub counts: [u8; MAX_KINDS],
}

impl Mix {
    /// Tiles in all.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&n| n as u32).sum()
    }
    /// The index of `tile` among the kinds.
    pub fn kind_of(&self, tile: ForestTile) -> Option<usize> {
        self.kinds.iter().position(|&k| k == tile)
    }
}

/// The validated component data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Components {
    /// Width and height of the grid.
    pub size: u8,
    /// The playable interior (outside the starting spaces).
    pub interior: u128,
    /// Each colour's 7 starting spaces, in the order an arrangement fills them.
    pub start: [[Cell; ANIMALS]; Colour::NUM],
    /// Each colour's starting spaces as a mask.
    pub start_mask: [u128; Colour::NUM],
    /// The light spaces that take the forest tiles.
    pub forest: ArrayVec<Cell, MAX_FOREST>,
    /// For each cell, its index among the light spaces (`u8::MAX` if none).
    pub forest_index: [u8; CELLS],
    /// Each animal's values by category.
    pub values: [[i8; Category::NUM]; ANIMALS],
    /// Character names by colour and animal.
    pub characters: [[Label; ANIMALS]; Colour::NUM],
    /// Display colour of each player colour.
    pub fills: [Label; Colour::NUM],
    /// Display colour of each category.
    pub category_colours: [Label; Category::NUM],
    /// The forest tiles of the day and the night side.
    pub mixes: [Mix; 2],
    /// Battle mode tiles per category.
    pub modes: [u8; Category::NUM],
    /// Battle mode tiles face up at a time.
    pub face_up: u8,
    /// Spaces of the scoreboard (0 is the large start space).
    pub scoreboard: u16,
    /// Points for winning a duel.
    pub duel_win: u16,
    /// Points for a points tile.
    pub points_tile: u16,
    /// The wound that removes an animal.
    pub wounds_to_remove: u8,
    /// Faces of the die.
    pub die_faces: u8,
    /// Every provenance tag in the file, by the value it tags (for review and display).
    pub tags: BTreeMap<String, String>,
}

/// A component file that cannot be used; the text says what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("component file: {0}")]
pub struct ComponentsError(pub String);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    board: RawBoard,
    colours: RawColours,
    categories: RawCategories,
    animal: Vec<RawAnimal>,
    characters: RawTagOnly,
    forest: RawForest,
    battle_modes: RawModes,
    scoring: RawScoring,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    tag: String,
    #[serde(default)]
    source: Option<String>,
    size: u8,
    interior: [u8; 2],
    forest: Vec<[u8; 2]>,
    forest_tag: String,
    start: Vec<RawStart>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStart {
    colour: String,
    tag: String,
    cells: Vec<[u8; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawColours {
    tag: String,
    fills: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCategories {
    tag: String,
    colours: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAnimal {
    name: String,
    endurance: i8,
    speed: i8,
    intelligence: i8,
    strength: i8,
    tag: String,
    #[serde(default)]
    tags: BTreeMap<String, String>,
    characters: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTagOnly {
    tag: String,
    #[serde(default)]
    colour_blocks_tag: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawForest {
    day: RawMix,
    night: RawMix,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMix {
    tag: String,
    flags: Vec<u8>,
    medicine: u8,
    die: u8,
    points: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(non_snake_case)]
struct RawModes {
    tag: String,
    total_tag: String,
    Endurance: u8,
    Speed: u8,
    Intelligence: u8,
    Strength: u8,
    face_up: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScoring {
    scoreboard: u16,
    scoreboard_tag: String,
    duel_win: u16,
    duel_win_tag: String,
    points_tile: u16,
    points_tile_tag: String,
    wounds_to_remove: u8,
    wounds_tag: String,
    die_faces: u8,
    die_tag: String,
}

/// Checks that a provenance tag starts with one of R, F, F?, I, A.
fn check_tag(what: &str, tag: &str) -> Result<(), ComponentsError> {
    let head = tag.split([':', ',', ' ']).next().unwrap_or_default().trim();
    if ["R", "F", "F?", "I", "A"].contains(&head) {
        Ok(())
    } else {
        Err(ComponentsError(format!(
            "{what}: the provenance tag '{tag}' must start with R, F, F?, I or A"
        )))
    }
}

fn err<T>(text: String) -> Result<T, ComponentsError> {
    Err(ComponentsError(text))
}

impl Components {
    sylvan_engine::shipped_once!(Components, Components::standard());

    /// The component data shipped with the game (`data/components.toml`).
    pub fn standard() -> Components {
        Components::from_toml(include_str!("../data/components.toml"))
            .expect("the shipped component file is valid")
    }

    /// Reads and validates a component file.
    pub fn from_toml(text: &str) -> Result<Components, ComponentsError> {
        let raw: RawFile =
            toml::from_str(text).map_err(|e| ComponentsError(format!("not readable: {e}")))?;
        let mut tags = BTreeMap::new();
        let mut tag = |what: &str, t: &str| -> Result<(), ComponentsError> {
            check_tag(what, t)?;
            tags.insert(what.to_string(), t.to_string());
            Ok(())
        };

        // The board.
        let b = &raw.board;
        tag("board", &b.tag)?;
        tag("board.forest", &b.forest_tag)?;
        let _ = &b.source;
        if !(5..=STRIDE).contains(&b.size) {
            return err(format!(
                "board size {} must be between 5 and {STRIDE}",
                b.size
            ));
        }
        let [lo, hi] = b.interior;
        if lo == 0 || hi >= b.size.saturating_sub(1) || lo > hi {
            return err(format!(
                "the interior [{lo}, {hi}] must lie inside the {0} x {0} grid with room for the starting spaces around it",
                b.size
            ));
        }
        let mut interior = 0u128;
        for r in lo..=hi {
            for c in lo..=hi {
                interior |= Cell::at(r, c).bit();
            }
        }
        let cell = |what: &str, [r, c]: [u8; 2]| -> Result<Cell, ComponentsError> {
            if r >= b.size || c >= b.size {
                err(format!(
                    "{what}: [{r}, {c}] is outside the {0} x {0} grid",
                    b.size
                ))
            } else {
                Ok(Cell::at(r, c))
            }
        };
        let mut forest = ArrayVec::new();
        let mut forest_index = [u8::MAX; CELLS];
        for &rc in &b.forest {
            let c = cell("a light space", rc)?;
            if c.bit() & interior == 0 {
                return err(format!("the light space {c} is not in the interior"));
            }
            if forest_index[c.0 as usize] != u8::MAX {
                return err(format!("the light space {c} is listed twice"));
            }
            if forest.is_full() {
                return err(format!("more than {MAX_FOREST} light spaces"));
            }
            forest_index[c.0 as usize] = forest.len() as u8;
            forest.push(c);
        }
        let mut start = [[Cell::NONE; ANIMALS]; Colour::NUM];
        let mut start_mask = [0u128; Colour::NUM];
        let mut seen = [false; Colour::NUM];
        if b.start.len() != Colour::NUM {
            return err(format!(
                "{} colours of starting spaces, expected {}",
                b.start.len(),
                Colour::NUM
            ));
        }
        let mut taken = interior;
        for s in &b.start {
            let colour = Colour::from_name(&s.colour).ok_or_else(|| {
                ComponentsError(format!(
                    "unknown colour '{}' (the colours are Red, Blue, Yellow, Green)",
                    s.colour
                ))
            })?;
            tag(&format!("board.start.{colour}"), &s.tag)?;
            if std::mem::replace(&mut seen[colour.index()], true) {
                return err(format!("the starting spaces of {colour} are listed twice"));
            }
            if s.cells.len() != ANIMALS {
                return err(format!(
                    "{colour} has {} starting spaces, the rulebook's 7 animals need 7",
                    s.cells.len()
                ));
            }
            for (i, &rc) in s.cells.iter().enumerate() {
                let c = cell(&format!("a starting space of {colour}"), rc)?;
                if taken & c.bit() != 0 {
                    return err(format!(
                        "the starting space {c} of {colour} is in the interior or another colour's starting spaces"
                    ));
                }
                taken |= c.bit();
                start[colour.index()][i] = c;
                start_mask[colour.index()] |= c.bit();
            }
            // Every starting space must lead somewhere: into the interior, directly or along
            // the colour's own starting spaces.
            let mut reach = start_mask[colour.index()] & expand(interior);
            for _ in 0..ANIMALS {
                reach |= expand(reach) & start_mask[colour.index()];
            }
            if reach != start_mask[colour.index()] {
                return err(format!(
                    "a starting space of {colour} does not lead into the interior"
                ));
            }
        }

        // Animals.
        if raw.animal.len() != ANIMALS {
            return err(format!(
                "{} animals, expected the 7 of every colour",
                raw.animal.len()
            ));
        }
        let mut values = [[0i8; Category::NUM]; ANIMALS];
        let mut characters: [[Label; ANIMALS]; Colour::NUM] = Default::default();
        for (i, a) in raw.animal.iter().enumerate() {
            let animal = Animal::from_name(&a.name)
                .ok_or_else(|| ComponentsError(format!("unknown animal '{}'", a.name)))?;
            if animal.index() != i {
                return err(format!(
                    "the animals must be listed in the order Puma, Wolf, Bison, Deer, Bear, Otter, Squirrel ({} is number {})",
                    a.name,
                    i + 1
                ));
            }
            tag(&format!("animal.{animal}"), &a.tag)?;
            for (k, t) in &a.tags {
                if Category::from_name(k).is_none() {
                    return err(format!("{animal}: '{k}' in tags is not a category"));
                }
                tag(&format!("animal.{animal}.{k}"), t)?;
            }
            values[i] = [a.endurance, a.speed, a.intelligence, a.strength];
            for (c, &v) in Category::ALL.iter().zip(&values[i]) {
                if !(0..=20).contains(&v) {
                    return err(format!("{animal}'s {c} {v} must be between 0 and 20"));
                }
            }
            if a.characters.len() != Colour::NUM {
                return err(format!(
                    "{animal} has {} characters, one per colour (4) expected",
                    a.characters.len()
                ));
            }
            for (c, name) in a.characters.iter().enumerate() {
                characters[c][i] = Label::from(name.as_str());
            }
        }
        tag("characters", &raw.characters.tag)?;
        if let Some(t) = &raw.characters.colour_blocks_tag {
            tag("characters.colour_blocks", t)?;
        }

        // Colours of players and categories.
        tag("colours", &raw.colours.tag)?;
        let mut fills: [Label; Colour::NUM] = Default::default();
        for c in Colour::ALL {
            fills[c.index()] = raw
                .colours
                .fills
                .get(c.name())
                .map(|fill| Label::from(fill.as_str()))
                .ok_or_else(|| ComponentsError(format!("colours.fills has no {c}")))?;
        }
        tag("categories", &raw.categories.tag)?;
        let mut category_colours: [Label; Category::NUM] = Default::default();
        for c in Category::ALL {
            category_colours[c.index()] = raw
                .categories
                .colours
                .get(c.name())
                .map(|colour| Label::from(colour.as_str()))
                .ok_or_else(|| ComponentsError(format!("categories.colours has no {c}")))?;
        }

        // Forest tiles.
        let mut mixes = Vec::new();
        for (side, m) in [("day", &raw.forest.day), ("night", &raw.forest.night)] {
            tag(&format!("forest.{side}"), &m.tag)?;
            let mut mix = Mix {
                kinds: ArrayVec::new(),
                counts: [0; MAX_KINDS],
            };
            let mut add = |t: ForestTile, n: u8| -> Result<(), ComponentsError> {
                if n == 0 {
                    return Ok(());
                }
                match mix.kind_of(t) {
                    Some(k) => {
                        mix.counts[k] = mix.counts[k].checked_add(n).ok_or_else(|| {
                            ComponentsError(format!("the {side} side has too many {t:?} tiles"))
                        })?
                    }
                    None => {
                        if mix.kinds.is_full() {
                            return err(format!("the {side} side has too many distinct tiles"));
                        }
                        mix.counts[mix.kinds.len()] = n;
                        mix.kinds.push(t);
                    }
                }
                Ok(())
            };
            let mut flags = m.flags.clone();
            flags.sort_unstable();
            for &v in &flags {
                if v == 0 {
                    return err(format!("a {side} flag is worth 0; flags are worth points"));
                }
                add(ForestTile::Flag(v), 1)?;
            }
            add(ForestTile::Medicine, m.medicine)?;
            add(ForestTile::Die, m.die)?;
            add(ForestTile::Points, m.points)?;
            if mix.total() != forest.len() as u32 {
                return err(format!(
                    "the {side} side has {} forest tiles for {} light spaces; one tile goes on each",
                    mix.total(),
                    forest.len()
                ));
            }
            mixes.push(mix);
        }
        let night = mixes.pop().expect("two sides were read");
        let day = mixes.pop().expect("two sides were read");

        // Battle mode tiles.
        let bm = &raw.battle_modes;
        tag("battle_modes", &bm.tag)?;
        tag("battle_modes.total", &bm.total_tag)?;
        let modes = [bm.Endurance, bm.Speed, bm.Intelligence, bm.Strength];
        let total: u32 = modes.iter().map(|&n| n as u32).sum();
        if total != 20 {
            return err(format!(
                "{total} battle mode tiles; the box holds 20 (rulebook)"
            ));
        }
        if bm.face_up == 0 || bm.face_up as u32 > total {
            return err(format!(
                "{} battle mode tiles face up: between 1 and {total}",
                bm.face_up
            ));
        }

        // Scoring.
        let s = &raw.scoring;
        tag("scoring.scoreboard", &s.scoreboard_tag)?;
        tag("scoring.duel_win", &s.duel_win_tag)?;
        tag("scoring.points_tile", &s.points_tile_tag)?;
        tag("scoring.wounds_to_remove", &s.wounds_tag)?;
        tag("scoring.die_faces", &s.die_tag)?;
        if s.scoreboard < 2 {
            return err(format!(
                "a scoreboard of {} spaces cannot wrap",
                s.scoreboard
            ));
        }
        if !(1..=9).contains(&s.wounds_to_remove) {
            return err(format!(
                "wounds_to_remove {} must be between 1 and 9",
                s.wounds_to_remove
            ));
        }
        if !(2..=20).contains(&s.die_faces) {
            return err(format!("a die of {} faces", s.die_faces));
        }
        if s.duel_win > 100 || s.points_tile > 100 {
            return err("duel_win and points_tile must be at most 100".into());
        }

        Ok(Components {
            size: b.size,
            interior,
            start,
            start_mask,
            forest,
            forest_index,
            values,
            characters,
            fills,
            category_colours,
            mixes: [day, night],
            modes,
            face_up: bm.face_up,
            scoreboard: s.scoreboard,
            duel_win: s.duel_win,
            points_tile: s.points_tile,
            wounds_to_remove: s.wounds_to_remove,
            die_faces: s.die_faces,
            tags,
        })
    }

    /// An animal's value in a category, as printed on its card.
    pub fn value(&self, animal: Animal, category: Category) -> i8 {
        self.values[animal.index()][category.index()]
    }

    /// The forest tiles of a side.
    pub fn mix(&self, side: Side) -> &Mix {
        &self.mixes[side as usize]
    }

    /// The scoreboard space a true score shows on: past the last space the marker goes on from
    /// the first space after the large start space (space 0).
    pub fn scoreboard_space(&self, score: u32) -> u32 {
        let last = self.scoreboard as u32 - 1;
        if score == 0 {
            0
        } else {
            (score - 1) % last + 1
        }
    }
}

/// Columns that a shift left or right must not wrap into.
const fn column_mask(col: u8) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < STRIDE {
        m |= 1u128 << (r * STRIDE + col);
        r += 1;
    }
    m
}

const NOT_FIRST_COL: u128 = !column_mask(0);
const NOT_LAST_COL: u128 = !column_mask(STRIDE - 1);
const GRID: u128 = (1u128 << CELLS) - 1;

/// The cells orthogonally next to any cell of `mask` (masks hold only grid cells, so nothing
/// outside the grid appears).
pub fn expand(mask: u128) -> u128 {
    (((mask << 1) & NOT_FIRST_COL)
        | ((mask >> 1) & NOT_LAST_COL)
        | (mask << STRIDE)
        | (mask >> STRIDE))
        & GRID
}
