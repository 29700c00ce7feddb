//! The physical components: stone colours, animal boards, Spirit Power cards, action tiles, and
//! the component data file that gives their counts and layouts.

use std::fmt;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

/// The most normal spaces a board may have (Moose has 8).
pub const MAX_SPACES: usize = 10;
/// The most linked sets on one board (Owl has 3).
pub const MAX_SETS: usize = 4;

use sylvan_engine::named_enum;

named_enum!(
    /// A stone's colour; `Spirit` is the iridescent Spirit Stone.
    Colour {
        /// Blue.
        Blue = "Blue",
        /// Teal.
        Teal = "Teal",
        /// Orange.
        Orange = "Orange",
        /// White.
        White = "White",
        /// Purple.
        Purple = "Purple",
        /// Yellow.
        Yellow = "Yellow",
        /// The iridescent Spirit Stone.
        Spirit = "Spirit",
    }
);

named_enum!(
    /// An animal board.
    Animal {
        /// Ants: leftmost first, Coyote spaces.
        Ants = "Ants",
        /// Beaver: 3-of-a-kind and pair.
        Beaver = "Beaver",
        /// Bullfrog: 3-of-a-kind, adds 3 and takes 2 on completion.
        Bullfrog = "Bullfrog",
        /// Condor: leftmost first, A and B pairs.
        Condor = "Condor",
        /// Gila Monster: at most two colours.
        GilaMonster = "Gila Monster",
        /// Jackrabbit: all different, Coyote and an extra turn on completion.
        Jackrabbit = "Jackrabbit",
        /// Moose: one colour, compared with the opponent's Moose.
        Moose = "Moose",
        /// Moth: 3-of-a-kind and single, a Spirit Power on completion.
        Moth = "Moth",
        /// Otter: a stone of your choice from the bag on completion.
        Otter = "Otter",
        /// Owl: three pairs.
        Owl = "Owl",
        /// Packrat: a Nest filled when you move Coyote.
        Packrat = "Packrat",
        /// Rabbit: all different.
        Rabbit = "Rabbit",
        /// Raven: one colour, worth your Spirit Stones.
        Raven = "Raven",
        /// Salmon: all different, a scoring track.
        Salmon = "Salmon",
        /// Turtle: one colour, a scoring track.
        Turtle = "Turtle",
    }
);

named_enum!(
    /// A Spirit Power card.
    Card {
        /// Badger.
        Badger = "Badger",
        /// Bear.
        Bear = "Bear",
        /// Bison.
        Bison = "Bison",
        /// Cougar.
        Cougar = "Cougar",
        /// Deer.
        Deer = "Deer",
        /// Eagle.
        Eagle = "Eagle",
        /// Elk.
        Elk = "Elk",
        /// Fox.
        Fox = "Fox",
        /// Orca.
        Orca = "Orca",
        /// Porcupine.
        Porcupine = "Porcupine",
        /// Raccoon.
        Raccoon = "Raccoon",
        /// Ram.
        Ram = "Ram",
        /// Seal.
        Seal = "Seal",
        /// Skunk.
        Skunk = "Skunk",
        /// Spider.
        Spider = "Spider",
        /// Squirrel.
        Squirrel = "Squirrel",
        /// Vulture.
        Vulture = "Vulture",
        /// Wolf.
        Wolf = "Wolf",
    }
);

named_enum!(
    /// An action tile. Each player has six: Take One Stone twice and one of each other.
    Tile {
        /// Take One Stone (two tiles; their backs form Coyote).
        TakeOne = "Take One Stone",
        /// Take Two Stones.
        TakeTwo = "Take Two Stones",
        /// Add Two Stones & Take One Stone.
        AddTwo = "Add Two Stones & Take One Stone",
        /// Add Three Stones & Move Coyote.
        AddThree = "Add Three Stones & Move Coyote",
        /// Recover Tiles & Use Spirit Power.
        Recover = "Recover Tiles & Use Spirit Power",
    }
);

impl Colour {
    /// Whether this is a Spirit Stone.
    pub const fn is_spirit(self) -> bool {
        matches!(self, Colour::Spirit)
    }
}

/// The colour rule of a linked set.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourRule {
    /// No colour restriction.
    Any,
    /// All stones one colour.
    Same,
    /// All stones different colours.
    Different,
    /// At most two different colours.
    TwoColours,
}

/// One linked set (or the board's only group of spaces).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SetLayout {
    /// Index of its first space on the board.
    pub start: u8,
    /// Number of spaces.
    pub size: u8,
    /// Its colour rule.
    pub rule: ColourRule,
}

/// How a board scores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Points per stone.
    PerStone(i32),
    /// Points per completed set, and a bonus when all are complete.
    Sets {
        /// Points of each set, in board order.
        points: ArrayVec<i32, MAX_SETS>,
        /// Bonus when every set is complete.
        all_bonus: i32,
        /// The printed points, where an erratum changed them (Jackrabbit).
        printed: Option<ArrayVec<i32, MAX_SETS>>,
    },
    /// Points by number of stones (entry `n - 1` for `n` stones).
    Track(ArrayVec<i32, MAX_SPACES>),
    /// Condor: points per stone, plus bonuses when the A and B spaces match.
    Condor {
        /// Points per stone.
        per_stone: i32,
        /// The two A spaces (0-based) and their bonus.
        a: ([u8; 2], i32),
        /// The two B spaces (0-based) and their bonus.
        b: ([u8; 2], i32),
    },
    /// Gila Monster: per stone, more when exactly two colours are balanced.
    Gila {
        /// Points per stone.
        per_stone: i32,
        /// Points per stone when balanced.
        balanced: i32,
    },
    /// Moose: per stone, more when it has more stones than the opponent's Moose.
    Moose {
        /// Points per stone.
        per_stone: i32,
        /// Points per stone when ahead.
        more: i32,
    },
    /// Packrat's Nest.
    Nest {
        /// Per normal stone.
        normal: i32,
        /// Per Spirit Stone.
        spirit: i32,
    },
    /// Raven: per stone, the owner's number of Spirit Stones.
    Raven,
}

/// One animal board's layout and scoring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The linked sets in board order.
    pub sets: ArrayVec<SetLayout, MAX_SETS>,
    /// Number of normal spaces.
    pub spaces: u8,
    /// Stones go on the leftmost open space.
    pub leftmost: bool,
    /// Spaces (0-based bits) that let the placer move Coyote (Ants).
    pub coyote_spaces: u16,
    /// Scoring.
    pub scoring: Scoring,
}

/// A recommended set of five animals and six Spirit Power cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecommendedSet {
    /// The rulebook's name, e.g. "First Steps".
    pub name: String,
    /// Its animals.
    pub animals: [Animal; 5],
    /// Its Spirit Power cards.
    pub cards: [Card; 6],
}

/// The validated component tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Components {
    /// Stones of each colour in the box.
    pub stones: [u8; Colour::NUM],
    /// Copies of each Spirit Power card.
    pub cards: [u8; Card::NUM],
    /// Each animal's layout, indexed by [`Animal::index`].
    pub layouts: Vec<Layout>,
    /// The recommended sets.
    pub sets: Vec<RecommendedSet>,
}

/// What is wrong with a component file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ComponentsError {
    /// Not valid TOML, or a field of the wrong type.
    #[error("component file: {0}")]
    Syntax(String),
    /// The counts or layouts do not describe the box.
    #[error("component file: {0}")]
    Invalid(String),
}

/// The component data shipped with Sylvan.
pub const DEFAULT_COMPONENTS: &str = include_str!("../data/components.toml");

mod raw {
    use serde::Deserialize;
    use std::collections::BTreeMap;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct File {
        pub stones: Stones,
        pub cards: Cards,
        pub animal: Vec<Animal>,
        #[serde(default)]
        pub set: Vec<Set>,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Stones {
        pub tag: String,
        #[serde(default)]
        pub source: String,
        pub colours: Vec<Colour>,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Colour {
        pub name: String,
        pub count: u8,
        pub tag: String,
        #[serde(default)]
        pub source: String,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Cards {
        pub tag: String,
        #[serde(default)]
        pub source: String,
        pub copies: u8,
        pub kinds: Vec<String>,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Animal {
        pub name: String,
        pub sets: Vec<Set1>,
        #[serde(default)]
        pub leftmost: bool,
        #[serde(default)]
        pub coyote_spaces: Vec<u8>,
        pub score: Score,
        pub tags: BTreeMap<String, String>,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Set1 {
        pub size: u8,
        pub rule: super::ColourRule,
    }
    #[derive(Deserialize)]
    #[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
    pub enum Score {
        PerStone {
            points: i32,
        },
        Sets {
            points: Vec<i32>,
            all_bonus: i32,
            #[serde(default)]
            printed_points: Option<Vec<i32>>,
        },
        Track {
            track: Vec<i32>,
        },
        Condor {
            per_stone: i32,
            a_spaces: [u8; 2],
            a_points: i32,
            b_spaces: [u8; 2],
            b_points: i32,
        },
        Gila {
            per_stone: i32,
            balanced_per_stone: i32,
        },
        Moose {
            per_stone: i32,
            more_per_stone: i32,
        },
        Nest {
            normal: i32,
            spirit: i32,
        },
        Raven,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Set {
        pub name: String,
        pub animals: Vec<String>,
        pub cards: Vec<String>,
    }
}

const TAGS: [&str; 5] = ["R", "F", "F?", "I", "A"];

fn check_tag(tag: &str, what: &str) -> Result<(), ComponentsError> {
    // A tag may be followed by a colon or a space and an explanation ("A: exactly two ...").
    let head = tag.split([':', ' ', ';', '(']).next().unwrap_or("");
    if TAGS.contains(&head) {
        Ok(())
    } else {
        Err(ComponentsError::Invalid(format!(
            "{what}: provenance tag '{tag}' is not one of R, F, F?, I, A"
        )))
    }
}

/// How many linked sets the rules expect on each board (they name them in actions).
fn expected_sets(animal: Animal) -> usize {
    match animal {
        Animal::Beaver | Animal::Moth => 2,
        Animal::Owl => 3,
        Animal::Packrat => 0,
        _ => 1,
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

        check_tag(&file.stones.tag, "stones")?;
        let _ = &file.stones.source;
        let mut stones = [0u8; Colour::NUM];
        let mut seen = [false; Colour::NUM];
        for c in &file.stones.colours {
            let _ = &c.source;
            let Some(colour) = Colour::from_name(&c.name) else {
                return invalid(format!(
                    "unknown stone colour '{}' (expected one of {})",
                    c.name,
                    names(&Colour::ALL)
                ));
            };
            if seen[colour.index()] {
                return invalid(format!("stone colour '{}' is listed twice", c.name));
            }
            seen[colour.index()] = true;
            check_tag(&c.tag, &format!("stone colour {}", c.name))?;
            stones[colour.index()] = c.count;
        }
        if let Some(missing) = Colour::ALL.iter().find(|c| !seen[c.index()]) {
            return invalid(format!("stone colour '{missing}' is missing"));
        }
        let total: u32 = stones.iter().map(|&n| n as u32).sum();
        if total != 56 {
            return invalid(format!(
                "the box holds 56 stones, but the colours add up to {total}"
            ));
        }
        if stones[Colour::Spirit.index()] < 5 {
            return invalid("at least 5 Spirit Stones are needed for the game to end".into());
        }

        check_tag(&file.cards.tag, "cards")?;
        let _ = &file.cards.source;
        let mut cards = [0u8; Card::NUM];
        for k in &file.cards.kinds {
            let Some(card) = Card::from_name(k) else {
                return invalid(format!(
                    "unknown Spirit Power card '{k}' (expected one of {})",
                    names(&Card::ALL)
                ));
            };
            if cards[card.index()] > 0 {
                return invalid(format!("Spirit Power card '{k}' is listed twice"));
            }
            cards[card.index()] = file.cards.copies;
        }
        let total: u32 = cards.iter().map(|&n| n as u32).sum();
        if total != 36 {
            return invalid(format!(
                "the box holds 36 Spirit Power cards, but {} kinds x {} copies make {total}",
                file.cards.kinds.len(),
                file.cards.copies
            ));
        }

        let mut layouts: Vec<Option<Layout>> = vec![None; Animal::NUM];
        for a in &file.animal {
            let Some(animal) = Animal::from_name(&a.name) else {
                return invalid(format!(
                    "unknown animal board '{}' (expected one of {})",
                    a.name,
                    names(&Animal::ALL)
                ));
            };
            if layouts[animal.index()].is_some() {
                return invalid(format!("animal board '{animal}' is listed twice"));
            }
            // `source` names where a value came from; every other entry is a provenance tag.
            for (key, tag) in a.tags.iter().filter(|(k, _)| k.as_str() != "source") {
                check_tag(tag, &format!("{animal} {key}"))?;
            }
            layouts[animal.index()] = Some(layout(animal, a)?);
        }
        if file.animal.len() != 15 {
            return invalid(format!(
                "the game has 15 animal boards, but the file lists {}",
                file.animal.len()
            ));
        }
        let layouts: Vec<Layout> = layouts.into_iter().flatten().collect();

        let mut sets = Vec::new();
        for s in &file.set {
            let animals = parse_five(&s.animals, &s.name).map_err(ComponentsError::Invalid)?;
            let cards_of_set =
                parse_six(&s.cards, &s.name, &cards).map_err(ComponentsError::Invalid)?;
            sets.push(RecommendedSet {
                name: s.name.clone(),
                animals,
                cards: cards_of_set,
            });
        }
        Ok(Components {
            stones,
            cards,
            layouts,
            sets,
        })
    }

    /// The layout of an animal board.
    pub fn layout(&self, animal: Animal) -> &Layout {
        &self.layouts[animal.index()]
    }

    /// A recommended set by name (case-insensitive).
    pub fn set(&self, name: &str) -> Option<&RecommendedSet> {
        self.sets
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name.trim()))
    }
}

fn names<T: fmt::Display>(all: &[T]) -> String {
    all.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn layout(animal: Animal, a: &raw::Animal) -> Result<Layout, ComponentsError> {
    let invalid = |m: String| Err(ComponentsError::Invalid(format!("{animal}: {m}")));
    if a.sets.len() != expected_sets(animal) {
        return invalid(format!(
            "the rules expect {} linked set(s), the file gives {}",
            expected_sets(animal),
            a.sets.len()
        ));
    }
    let mut sets = ArrayVec::new();
    let mut start = 0u8;
    for s in &a.sets {
        if s.size == 0 {
            return invalid("a set has no spaces".into());
        }
        let end = start as usize + s.size as usize;
        if end > MAX_SPACES {
            return invalid(format!("more than {MAX_SPACES} spaces"));
        }
        sets.push(SetLayout {
            start,
            size: s.size,
            rule: s.rule,
        });
        start = end as u8;
    }
    let spaces = start;
    let mut coyote_spaces = 0u16;
    for &c in &a.coyote_spaces {
        if c == 0 || c > spaces {
            return invalid(format!(
                "Coyote space {c} is not one of its spaces 1 to {spaces}"
            ));
        }
        coyote_spaces |= 1 << (c - 1);
    }
    let in_range = |x: [u8; 2]| x.iter().all(|&v| v >= 1 && v <= spaces) && x[0] != x[1];
    let scoring = match &a.score {
        raw::Score::PerStone { points } => Scoring::PerStone(*points),
        raw::Score::Sets {
            points,
            all_bonus,
            printed_points,
        } => {
            if points.len() != a.sets.len() {
                return invalid(format!(
                    "{} set points for {} sets",
                    points.len(),
                    a.sets.len()
                ));
            }
            let printed = match printed_points {
                Some(p) if p.len() != points.len() => {
                    return invalid("printed_points must match points".into())
                }
                Some(p) => Some(p.iter().copied().collect()),
                None => None,
            };
            Scoring::Sets {
                points: points.iter().copied().collect(),
                all_bonus: *all_bonus,
                printed,
            }
        }
        raw::Score::Track { track } => {
            if track.len() != spaces as usize {
                return invalid(format!(
                    "the scoring track has {} entries for {spaces} spaces",
                    track.len()
                ));
            }
            Scoring::Track(track.iter().copied().collect())
        }
        raw::Score::Condor {
            per_stone,
            a_spaces,
            a_points,
            b_spaces,
            b_points,
        } => {
            if !in_range(*a_spaces) || !in_range(*b_spaces) {
                return invalid(format!(
                    "A and B spaces must be two of its spaces 1 to {spaces}"
                ));
            }
            Scoring::Condor {
                per_stone: *per_stone,
                a: ([a_spaces[0] - 1, a_spaces[1] - 1], *a_points),
                b: ([b_spaces[0] - 1, b_spaces[1] - 1], *b_points),
            }
        }
        raw::Score::Gila {
            per_stone,
            balanced_per_stone,
        } => Scoring::Gila {
            per_stone: *per_stone,
            balanced: *balanced_per_stone,
        },
        raw::Score::Moose {
            per_stone,
            more_per_stone,
        } => Scoring::Moose {
            per_stone: *per_stone,
            more: *more_per_stone,
        },
        raw::Score::Nest { normal, spirit } => Scoring::Nest {
            normal: *normal,
            spirit: *spirit,
        },
        raw::Score::Raven => Scoring::Raven,
    };
    if (animal == Animal::Packrat) != matches!(scoring, Scoring::Nest { .. }) {
        return invalid("only Packrat, and always Packrat, scores its Nest".into());
    }
    Ok(Layout {
        sets,
        spaces,
        leftmost: a.leftmost,
        coyote_spaces,
        scoring,
    })
}

/// Reads five distinct animal names.
pub fn parse_five(list: &[String], what: &str) -> Result<[Animal; 5], String> {
    let invalid = Err;
    if list.len() != 5 {
        return invalid(format!(
            "{what}: both players use exactly 5 animal boards, not {}",
            list.len()
        ));
    }
    let mut out = [Animal::Ants; 5];
    for (i, name) in list.iter().enumerate() {
        let Some(a) = Animal::from_name(name) else {
            return invalid(format!(
                "{what}: unknown animal '{name}' (expected one of {})",
                names(&Animal::ALL)
            ));
        };
        if out[..i].contains(&a) {
            return invalid(format!("{what}: the animal '{a}' is chosen twice"));
        }
        out[i] = a;
    }
    Ok(out)
}

/// Reads six Spirit Power card names, no more copies of one than the box holds.
pub fn parse_six(
    list: &[String],
    what: &str,
    copies: &[u8; Card::NUM],
) -> Result<[Card; 6], String> {
    let invalid = Err;
    if list.len() != 6 {
        return invalid(format!(
            "{what}: the two piles take exactly 6 Spirit Power cards, not {}",
            list.len()
        ));
    }
    let mut out = [Card::Badger; 6];
    for (i, name) in list.iter().enumerate() {
        let Some(c) = Card::from_name(name) else {
            return invalid(format!(
                "{what}: unknown Spirit Power card '{name}' (expected one of {})",
                names(&Card::ALL)
            ));
        };
        out[i] = c;
        let n = out[..=i].iter().filter(|&&x| x == c).count();
        if n > copies[c.index()] as usize {
            return invalid(format!(
                "{what}: the box has only {} {c} card(s)",
                copies[c.index()]
            ));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_file_is_valid_and_counts_the_box() {
        let c = Components::standard();
        assert_eq!(c.stones.iter().map(|&n| n as u32).sum::<u32>(), 56);
        assert_eq!(c.cards.iter().map(|&n| n as u32).sum::<u32>(), 36);
        assert_eq!(c.layouts.len(), 15);
        assert_eq!(c.sets.len(), 5);
        assert_eq!(c.layout(Animal::Moose).spaces, 8);
        assert_eq!(c.layout(Animal::Ants).coyote_spaces, 0b100100);
    }

    #[test]
    fn corrected_file_errors_name_the_problem() {
        let bad = DEFAULT_COMPONENTS.replace(
            "{ name = \"Blue\", count = 8",
            "{ name = \"Blue\", count = 9",
        );
        let e = Components::from_toml(&bad).expect_err("57 stones");
        assert!(e.to_string().contains("56 stones"), "{e}");

        let bad = DEFAULT_COMPONENTS.replace("\"Wolf\",\n]", "]");
        let e = Components::from_toml(&bad).expect_err("34 cards");
        assert!(e.to_string().contains("36 Spirit Power cards"), "{e}");

        let bad = DEFAULT_COMPONENTS.replacen("name = \"Turtle\"", "name = \"Tortoise\"", 1);
        let e = Components::from_toml(&bad).expect_err("unknown animal");
        assert!(e.to_string().contains("Tortoise"), "{e}");

        let bad = DEFAULT_COMPONENTS.replace("track = [1, 3, 6, 10, 14]", "track = [1, 3, 6]");
        let e = Components::from_toml(&bad).expect_err("short track");
        assert!(e.to_string().contains("Turtle"), "{e}");

        let bad = DEFAULT_COMPONENTS.replace("coyote_spaces = \"A\"", "coyote_spaces = \"guess\"");
        let e = Components::from_toml(&bad).expect_err("bad tag");
        assert!(e.to_string().contains("provenance tag"), "{e}");

        let e = Components::from_toml("not toml [").expect_err("syntax");
        assert!(matches!(e, ComponentsError::Syntax(_)));
    }

    #[test]
    fn a_corrected_value_is_used() {
        let fixed = DEFAULT_COMPONENTS.replace("coyote_spaces = [3, 6]", "coyote_spaces = [2, 5]");
        let c = Components::from_toml(&fixed).expect("valid");
        assert_eq!(c.layout(Animal::Ants).coyote_spaces, 0b10010);
    }
}
