//! The physical components: wisp types, tiles, the pond shapes, the goal cards, the grid
//! bonus, the firefly tokens and Catty's scoring guides, read from the component data file.

use arrayvec::ArrayVec;
use serde::Serialize;

/// The shipped component data (every value tagged with its provenance).
pub const DEFAULT_COMPONENTS: &str = include_str!("../data/components.toml");

use sylvan_engine::named_enum;

named_enum!(
    /// The wisp on a tile's face. Trees are not wisps.
    Wisp {
        /// A jack (pumpkin).
        Jack = "jack",
        /// A heart.
        Heart = "heart",
        /// A witch.
        Witch = "witch",
        /// An orb.
        Orb = "orb",
    }
);

impl Wisp {
    /// The wisp with its article: "a jack", "an orb".
    pub fn with_article(self) -> String {
        match self {
            Wisp::Orb => format!("an {self}"),
            _ => format!("a {self}"),
        }
    }

    /// `n` wisps of this kind: "1 jack", "0 hearts", "2 witches".
    pub fn counted(self, n: impl Into<u64>) -> String {
        let n = n.into();
        match (n, self) {
            (1, _) => format!("1 {self}"),
            (_, Wisp::Witch) => format!("{n} witches"),
            _ => format!("{n} {self}s"),
        }
    }
}

named_enum!(
    /// The five goal-card categories, one card of each in a game.
    Category {
        /// Tree goals.
        Trees = "trees",
        /// Jack goals.
        Jacks = "jacks",
        /// Heart goals.
        Hearts = "hearts",
        /// Witch goals.
        Witches = "witches",
        /// Orb goals.
        Orbs = "orbs",
    }
);

named_enum!(
    /// The rule a goal card scores by (the code implements each; the data gives the numbers).
    Kind {
        /// Trees: points per tree in the largest tree group.
        LargestGroup = "largest_group",
        /// Trees: points per tree in the second-largest group.
        SecondGroup = "second_group",
        /// Trees: points per row and per column with 3 or more trees.
        LinesOfThree = "lines_of_three",
        /// Trees: points per tree with 3 or more trees beside it.
        CrowdedTrees = "crowded_trees",
        /// Trees: points per tree group of 3 or more.
        GroupsOfThree = "groups_of_three",
        /// Jacks: jacks with no other jack in their row or column.
        AloneInLine = "alone_in_line",
        /// Jacks: jacks with no other jack among the surrounding 8.
        AloneSurrounded = "alone_surrounded",
        /// Jacks: jacks sharing no diagonal line with another jack.
        AloneDiagonal = "alone_diagonal",
        /// Jacks: groups of exactly two jacks.
        Pairs = "pairs",
        /// Jacks: groups of wisps with at least one jack.
        GroupsWithJack = "groups_with_jack",
        /// Hearts: trees in the heart's longest unbroken beam.
        LongestBeam = "longest_beam",
        /// Hearts: trees in the heart's row and column.
        RowAndColumn = "row_and_column",
        /// Hearts: trees beside the heart.
        Beside = "beside",
        /// Hearts: trees below the heart in its column.
        Below = "below",
        /// Hearts: trees on the heart's better diagonal.
        BetterDiagonal = "better_diagonal",
        /// Witches: a new witch is diagonally chained to the cat, directly or through witches.
        DiagonalChain = "diagonal_chain",
        /// Witches: a new witch is on one of the cat's diagonal lines.
        CatDiagonal = "cat_diagonal",
        /// Witches: a new witch is in the cat's row or column.
        CatLine = "cat_line",
        /// Witches: a new witch is on one of the 8 squares surrounding the cat.
        CatSurrounding = "cat_surrounding",
        /// Witches: a new witch is exactly 2 squares from the cat (Chebyshev distance).
        CatTwoAway = "cat_two_away",
        /// Orbs: each orb scores the value of the type you have fewest of.
        FewestType = "fewest_type",
        /// Orbs: each orb scores the lowest value among the types beside it.
        LowestBeside = "lowest_beside",
        /// Orbs: points per wisp type among the orb's surrounding 8.
        TypesSurrounding = "types_surrounding",
        /// Orbs: points per wisp type in the orb's better line (row or column).
        TypesInLine = "types_in_line",
        /// Orbs: per group with an orb, points per wisp type in it.
        TypesInGroup = "types_in_group",
    }
);

impl Kind {
    /// The category a rule belongs to.
    pub const fn category(self) -> Category {
        match self.index() / 5 {
            0 => Category::Trees,
            1 => Category::Jacks,
            2 => Category::Hearts,
            3 => Category::Witches,
            _ => Category::Orbs,
        }
    }

    /// The placement rule of a witch card, in the card's words.
    pub const fn witch_rule(self) -> &'static str {
        match self {
            Kind::DiagonalChain => "a new witch must be diagonally connected to your cat, directly or through a zigzag of witches",
            Kind::CatDiagonal => "a new witch must be on one of your cat's diagonal lines",
            Kind::CatLine => "a new witch must be in your cat's row or column",
            Kind::CatSurrounding => "a new witch must be on one of the 8 squares surrounding your cat",
            Kind::CatTwoAway => "a new witch must be exactly 2 squares from your cat",
            _ => "this card sets no witch placement rule",
        }
    }
}

/// One goal card: its name, its rule and its numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GoalCard {
    /// The name on the card (placeholders are marked [A] in the data file).
    pub name: String,
    /// The rule it scores by.
    pub kind: Kind,
    /// Points per unit (tree, line, group, wisp type), where the rule uses a flat rate.
    pub points: i32,
    /// Points for N = 1, 2, ... qualifying jacks, pairs or groups.
    pub table: Vec<i32>,
    /// Points per unit beyond the table's last entry.
    pub extra: i32,
    /// Witches: points per complete three.
    pub per_three: i32,
    /// Witches: points for 0, 1 or 2 left over.
    pub leftover: [i32; 3],
    /// Orbs: the value of each wisp type (jack, heart, witch, orb).
    pub values: [i32; 4],
}

impl GoalCard {
    /// The card's category.
    pub fn category(&self) -> Category {
        self.kind.category()
    }

    /// Points for `n` by the card's table (0 for none).
    pub fn table_points(&self, n: usize) -> i32 {
        match n {
            0 => 0,
            n if n <= self.table.len() => self.table[n - 1],
            n => {
                self.table.last().copied().unwrap_or(0) + self.extra * (n - self.table.len()) as i32
            }
        }
    }

    /// Witch points for `n` witches.
    pub fn witch_points(&self, n: usize) -> i32 {
        self.per_three * (n / 3) as i32 + self.leftover[n % 3]
    }
}

/// A polyomino of the pond: its cells, relative to (0, 0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Shape {
    /// The name, e.g. `L-tetromino`.
    pub name: String,
    /// Its cells as (row, column).
    pub cells: ArrayVec<(u8, u8), 4>,
}

/// A component file that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ComponentsError {
    /// Not valid TOML or not the expected fields.
    #[error("the component file is not readable: {0}")]
    Syntax(String),
    /// Readable, but the values break a rule of the box.
    #[error("the component file is invalid: {0}")]
    Invalid(String),
}

/// All component data, validated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Components {
    /// Tiles in the box per wisp type (jack, heart, witch, orb).
    pub tiles: [u16; 4],
    /// The 8 pond shapes in clockwise ring order.
    pub shapes: Vec<Shape>,
    /// Grid side per round.
    pub grid: [u8; 3],
    /// Grid-completion bonus per round.
    pub bonus: [i32; 3],
    /// The 8 firefly token values.
    pub fireflies: [u8; 8],
    /// Firefly tokens used per round.
    pub fireflies_per_round: [u8; 3],
    /// Catty's 4 scoring guides, by paws, highest-ranked type first.
    pub guides: [[i32; 4]; 4],
    /// The 25 goal cards, by category (5 each, in file order).
    pub cards: Vec<GoalCard>,
}

/// The number of spaces (and shapes) in the pond ring.
pub const POND: usize = 8;

mod raw {
    use serde::Deserialize;
    use std::collections::BTreeMap;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct File {
        pub tiles: Tiles,
        pub shape: Vec<Shape>,
        pub grid: Grid,
        pub fireflies: Fireflies,
        pub guide: Vec<Guide>,
        pub card: Vec<Card>,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Tiles {
        pub tag: String,
        pub source: Option<String>,
        pub counts: Vec<Count>,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Count {
        pub wisp: String,
        pub count: u16,
        pub tag: String,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Shape {
        pub name: String,
        pub cells: Vec<[u8; 2]>,
        pub tag: String,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Grid {
        pub sizes: Vec<u8>,
        pub sizes_tag: String,
        pub bonus: Vec<i32>,
        pub bonus_tag: String,
        pub bonus_source: Option<String>,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Fireflies {
        pub values: Vec<u8>,
        pub tag: String,
        pub source: Option<String>,
        pub per_round: Vec<u8>,
        pub per_round_tag: String,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Guide {
        pub paws: u8,
        pub values: Vec<i32>,
        pub tag: String,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Card {
        pub name: String,
        pub category: String,
        pub kind: String,
        pub points: Option<i32>,
        pub table: Option<Vec<i32>>,
        pub extra: Option<i32>,
        pub per_three: Option<i32>,
        pub leftover: Option<Vec<i32>>,
        pub values: Option<Vec<i32>>,
        pub tags: BTreeMap<String, String>,
    }
}

fn check_tag(tag: &str, what: &str) -> Result<(), ComponentsError> {
    let head = tag.split([' ', ';', ':', '(', ',']).next().unwrap_or("");
    if ["R", "F", "F?", "I", "A"].contains(&head) {
        Ok(())
    } else {
        Err(ComponentsError::Invalid(format!(
            "{what}: provenance tag '{tag}' must start with R, F, F?, I or A"
        )))
    }
}

impl Components {
    sylvan_engine::shipped_once!(Components, Components::standard());

    /// The shipped component data.
    pub fn standard() -> Components {
        Components::from_toml(DEFAULT_COMPONENTS).expect("the shipped component file is valid")
    }

    /// Reads and validates a component file.
    pub fn from_toml(text: &str) -> Result<Components, ComponentsError> {
        let file: raw::File =
            toml::from_str(text).map_err(|e| ComponentsError::Syntax(e.to_string()))?;
        let invalid = |m: String| Err(ComponentsError::Invalid(m));

        check_tag(&file.tiles.tag, "tiles")?;
        let _ = &file.tiles.source;
        let mut tiles = [0u16; 4];
        let mut seen = [false; 4];
        for c in &file.tiles.counts {
            check_tag(&c.tag, "tile count")?;
            let Some(w) = Wisp::from_name(&c.wisp) else {
                return invalid(format!(
                    "tiles: '{}' is not a wisp type (jack, heart, witch, orb)",
                    c.wisp
                ));
            };
            if seen[w.index()] {
                return invalid(format!("tiles: {w} is counted twice"));
            }
            seen[w.index()] = true;
            tiles[w.index()] = c.count;
        }
        if let Some(w) = Wisp::ALL.iter().find(|w| !seen[w.index()]) {
            return invalid(format!("tiles: no count for {w}"));
        }
        let total: u32 = tiles.iter().map(|&n| n as u32).sum();
        // Four full forests (4 x 36) and a full pond must fit in the box.
        if total < 4 * 36 + POND as u32 {
            return invalid(format!(
                "tiles: {total} tiles cannot fill four 6x6 forests and the pond (152 needed)"
            ));
        }
        if total > 1000 || tiles.iter().any(|&n| n < 8) {
            return invalid("tiles: each wisp type needs 8 to 250 tiles".into());
        }

        if file.shape.len() != POND {
            return invalid(format!(
                "shapes: the pond has {POND} shapes, the file lists {}",
                file.shape.len()
            ));
        }
        let mut shapes = Vec::new();
        for s in &file.shape {
            check_tag(&s.tag, &s.name)?;
            let n = s.cells.len();
            if !(2..=4).contains(&n) {
                return invalid(format!(
                    "shape {}: a shape has 2 to 4 tiles, not {n}",
                    s.name
                ));
            }
            let mut cells = ArrayVec::new();
            for &[r, c] in &s.cells {
                if r > 3 || c > 3 || cells.contains(&(r, c)) {
                    return invalid(format!(
                        "shape {}: cell ({r}, {c}) is repeated or beyond 3",
                        s.name
                    ));
                }
                cells.push((r, c));
            }
            if !connected(&cells) {
                return invalid(format!("shape {}: its tiles are not all connected", s.name));
            }
            shapes.push(Shape {
                name: s.name.clone(),
                cells,
            });
        }

        check_tag(&file.grid.sizes_tag, "grid sizes")?;
        check_tag(&file.grid.bonus_tag, "grid bonus")?;
        let _ = &file.grid.bonus_source;
        let grid: [u8; 3] = file
            .grid
            .sizes
            .clone()
            .try_into()
            .map_err(|_| ComponentsError::Invalid("grid: 3 sizes, one per round".into()))?;
        if grid.iter().any(|&g| !(2..=6).contains(&g)) || grid.windows(2).any(|w| w[0] > w[1]) {
            return invalid("grid: sizes must be 2 to 6 and never shrink".into());
        }
        let bonus: [i32; 3] = file
            .grid
            .bonus
            .clone()
            .try_into()
            .map_err(|_| ComponentsError::Invalid("grid: 3 bonuses, one per round".into()))?;
        if bonus.iter().any(|&b| !(0..=100).contains(&b)) {
            return invalid("grid: a bonus is 0 to 100 points".into());
        }

        check_tag(&file.fireflies.tag, "fireflies")?;
        check_tag(&file.fireflies.per_round_tag, "fireflies per round")?;
        let _ = &file.fireflies.source;
        let fireflies: [u8; 8] = file
            .fireflies
            .values
            .clone()
            .try_into()
            .map_err(|_| ComponentsError::Invalid("fireflies: there are 8 tokens".into()))?;
        // Catty's cat sees at most the 7 wisps of a fresh solo deal.
        if fireflies.iter().any(|&v| !(1..POND as u8).contains(&v)) {
            return invalid("fireflies: a token shows 1 to 7".into());
        }
        let fireflies_per_round: [u8; 3] =
            file.fireflies.per_round.clone().try_into().map_err(|_| {
                ComponentsError::Invalid("fireflies: a count per round, 3 rounds".into())
            })?;
        if fireflies_per_round.iter().any(|&n| !(1..=8).contains(&n)) {
            return invalid("fireflies: 1 to 8 tokens a round".into());
        }

        if file.guide.len() != 4 {
            return invalid(format!(
                "guides: Catty has 4 scoring guides, the file lists {}",
                file.guide.len()
            ));
        }
        let mut guides = [[0i32; 4]; 4];
        for (i, g) in file.guide.iter().enumerate() {
            check_tag(&g.tag, "guide")?;
            if g.paws as usize != i + 1 {
                return invalid(format!(
                    "guides: guide {} should have {} paws",
                    i + 1,
                    i + 1
                ));
            }
            let v: [i32; 4] = g.values.clone().try_into().map_err(|_| {
                ComponentsError::Invalid(format!("guide {}: 4 values, one per wisp type", g.paws))
            })?;
            if v.windows(2).any(|w| w[0] < w[1]) || v.iter().any(|&x| !(0..=50).contains(&x)) {
                return invalid(format!(
                    "guide {}: values go from highest to lowest, 0 to 50",
                    g.paws
                ));
            }
            guides[i] = v;
        }

        let mut cards = Vec::new();
        let mut per_category = [0usize; 5];
        for c in &file.card {
            for (k, t) in &c.tags {
                check_tag(t, &format!("{} ({k})", c.name))?;
            }
            let Some(kind) = Kind::from_name(&c.kind) else {
                return invalid(format!("card {}: unknown rule kind '{}'", c.name, c.kind));
            };
            let Some(cat) = Category::from_name(&c.category) else {
                return invalid(format!(
                    "card {}: unknown category '{}'",
                    c.name, c.category
                ));
            };
            if kind.category() != cat {
                return invalid(format!(
                    "card {}: rule {} is a {} rule, not {}",
                    c.name,
                    kind,
                    kind.category(),
                    cat
                ));
            }
            if cards
                .iter()
                .any(|x: &GoalCard| x.name.eq_ignore_ascii_case(&c.name))
                || c.name.trim().is_empty()
            {
                return invalid(format!(
                    "card '{}': names must be unique and not empty",
                    c.name
                ));
            }
            per_category[cat.index()] += 1;
            let need = |what: &str| {
                ComponentsError::Invalid(format!("card {}: the {kind} rule needs '{what}'", c.name))
            };
            let mut card = GoalCard {
                name: c.name.trim().to_string(),
                kind,
                points: 0,
                table: Vec::new(),
                extra: 0,
                per_three: 0,
                leftover: [0; 3],
                values: [0; 4],
            };
            match cat {
                Category::Jacks => {
                    card.table = c.table.clone().ok_or_else(|| need("table"))?;
                    card.extra = c.extra.unwrap_or(0);
                    if card.table.is_empty()
                        || card.table.windows(2).any(|w| w[0] > w[1])
                        || card.table.iter().any(|&p| !(0..=200).contains(&p))
                        || !(0..=50).contains(&card.extra)
                    {
                        return invalid(format!(
                            "card {}: a table is non-empty, never falls and stays within 0 to 200",
                            c.name
                        ));
                    }
                }
                Category::Witches => {
                    card.per_three = c.per_three.ok_or_else(|| need("per_three"))?;
                    card.leftover = c
                        .leftover
                        .clone()
                        .ok_or_else(|| need("leftover"))?
                        .try_into()
                        .map_err(|_| need("leftover = [0 left, 1 left, 2 left]"))?;
                    if !(0..=100).contains(&card.per_three)
                        || card.leftover.iter().any(|&p| !(0..=100).contains(&p))
                    {
                        return invalid(format!("card {}: witch points are 0 to 100", c.name));
                    }
                }
                Category::Orbs if matches!(kind, Kind::FewestType | Kind::LowestBeside) => {
                    card.values = c
                        .values
                        .clone()
                        .ok_or_else(|| need("values"))?
                        .try_into()
                        .map_err(|_| need("values = [jack, heart, witch, orb]"))?;
                    if card.values.iter().any(|&p| !(0..=50).contains(&p)) {
                        return invalid(format!("card {}: values are 0 to 50", c.name));
                    }
                }
                _ => {
                    card.points = c.points.ok_or_else(|| need("points"))?;
                    if !(0..=50).contains(&card.points) {
                        return invalid(format!("card {}: points are 0 to 50", c.name));
                    }
                }
            }
            cards.push(card);
        }
        for cat in Category::ALL {
            if per_category[cat.index()] != 5 {
                return invalid(format!(
                    "cards: there are 5 {cat} goal cards, the file lists {}",
                    per_category[cat.index()]
                ));
            }
        }
        cards.sort_by_key(|c| c.category());
        Ok(Components {
            tiles,
            shapes,
            grid,
            bonus,
            fireflies,
            fireflies_per_round,
            guides,
            cards,
        })
    }

    /// The index of the card with this name (case-insensitive).
    pub fn card_named(&self, name: &str) -> Option<usize> {
        let n = name.trim();
        self.cards
            .iter()
            .position(|c| c.name.eq_ignore_ascii_case(n))
    }

    /// The indices of the 5 cards of a category.
    pub fn cards_of(&self, cat: Category) -> impl Iterator<Item = usize> + '_ {
        self.cards
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.category() == cat)
            .map(|(i, _)| i)
    }

    /// Tiles in the box.
    pub fn total_tiles(&self) -> u32 {
        self.tiles.iter().map(|&n| n as u32).sum()
    }
}

fn connected(cells: &[(u8, u8)]) -> bool {
    let mut reached = vec![false; cells.len()];
    reached[0] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..cells.len() {
            if reached[i] {
                continue;
            }
            let (r, c) = cells[i];
            let touches = cells
                .iter()
                .zip(&reached)
                .any(|(&(r2, c2), &on)| on && (r.abs_diff(r2) + c.abs_diff(c2)) == 1);
            if touches {
                reached[i] = true;
                changed = true;
            }
        }
    }
    reached.iter().all(|&r| r)
}
