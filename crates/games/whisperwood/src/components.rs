//! The physical components, read from `data/components.toml` and validated: location tiles,
//! rune site tokens, path boards, spell tiles, familiars, fae, golem cards, wildlife scoring,
//! the endgame enchantment mat and the supply limits.

use arrayvec::ArrayVec;
use serde::Serialize;
use sylvan_engine::named_enum;

/// The shipped component data (every value tagged with its provenance).
pub const DEFAULT_COMPONENTS: &str = include_str!("../data/components.toml");

named_enum!(
    /// The four elements: terrains and paths use the first three; restorations, golems,
    /// familiars and fae all four.
    Element {
        /// Earth.
        Earth = "earth",
        /// Water.
        Water = "water",
        /// Air.
        Air = "air",
        /// Magic.
        Magic = "magic",
    }
);

impl Element {
    /// The bit of this element in a terrain or spot mask.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

named_enum!(
    /// The wildlife of Whisperwood.
    Animal {
        /// Bears live on the earth path and call earth restorations.
        Bear = "bear",
        /// Otters: water.
        Otter = "otter",
        /// Owls: air.
        Owl = "owl",
    }
);

impl Animal {
    /// The element of the animal's path and restoration (bear earth, otter water, owl air).
    pub const fn element(self) -> Element {
        match self {
            Animal::Bear => Element::Earth,
            Animal::Otter => Element::Water,
            Animal::Owl => Element::Air,
        }
    }
}

named_enum!(
    /// The tokens that go in a bag: action tokens and corruption (L200–218). Each fae has its
    /// own token (L564: "its corresponding token"), in the data file's fae order.
    Token {
        /// Core: earth.
        Earth = "earth",
        /// Core: water.
        Water = "water",
        /// Core: air.
        Air = "air",
        /// Core: magic.
        Magic = "magic",
        /// Core: ember.
        Ember = "ember",
        /// Core: moonglow.
        Moonglow = "moonglow",
        /// Wild for any core token on spells.
        Potion = "potion",
        /// The player's familiar token (its familiar's element).
        Familiar = "familiar",
        /// A bear token (earth).
        Bear = "bear",
        /// An otter token (water).
        Otter = "otter",
        /// An owl token (air).
        Owl = "owl",
        /// Quickling's token (air fae).
        Quickling = "Quickling",
        /// Wilwisp's token (air fae).
        Wilwisp = "Wilwisp",
        /// BurrowPig's token (earth fae).
        BurrowPig = "BurrowPig",
        /// Sappling's token (earth fae).
        Sappling = "Sappling",
        /// Glimmerglide's token (water fae).
        Glimmerglide = "Glimmerglide",
        /// Wisperwog's token (water fae).
        Wisperwog = "Wisperwog",
        /// Aetherdrake's token (magic fae).
        Aetherdrake = "Aetherdrake",
        /// Lunehare's token (magic fae).
        Lunehare = "Lunehare",
        /// Corruption (in a bag, a spent pool or a corruption slot).
        Corruption = "corruption",
    }
);

/// The eight fae tokens in the appendix's order (L666–703).
pub const FAE_TOKENS: [Token; 8] = [
    Token::Quickling,
    Token::Wilwisp,
    Token::BurrowPig,
    Token::Sappling,
    Token::Glimmerglide,
    Token::Wisperwog,
    Token::Aetherdrake,
    Token::Lunehare,
];

/// The six core action tokens, the ones a potion can stand for.
pub const CORE: [Token; 6] = [
    Token::Earth,
    Token::Water,
    Token::Air,
    Token::Magic,
    Token::Ember,
    Token::Moonglow,
];

impl Token {
    /// Whether the token is one of the six core action tokens.
    pub const fn is_core(self) -> bool {
        (self as u8) < 6
    }

    /// The core element token of `e`.
    pub const fn of_element(e: Element) -> Token {
        match e {
            Element::Earth => Token::Earth,
            Element::Water => Token::Water,
            Element::Air => Token::Air,
            Element::Magic => Token::Magic,
        }
    }

    /// The wildlife token of an animal.
    pub const fn of_animal(a: Animal) -> Token {
        match a {
            Animal::Bear => Token::Bear,
            Animal::Otter => Token::Otter,
            Animal::Owl => Token::Owl,
        }
    }

    /// The token of fae `i` (the appendix's order, L666–703: Quickling, Wilwisp, BurrowPig,
    /// Sappling, Glimmerglide, Wisperwog, Aetherdrake, Lunehare).
    pub const fn fae(i: usize) -> Token {
        FAE_TOKENS[i % 8]
    }

    /// The fae index of a fae token.
    pub const fn fae_index(self) -> Option<usize> {
        let i = self as usize;
        if i >= Token::Quickling as usize && i <= Token::Lunehare as usize {
            Some(i - Token::Quickling as usize)
        } else {
            None
        }
    }

    /// The element this token counts as on spells (L214): special tokens their element, the
    /// familiar its card's; `None` for ember, moonglow, potion and corruption.
    pub const fn element(self, familiar: Element) -> Option<Element> {
        match self {
            Token::Earth | Token::Bear | Token::BurrowPig | Token::Sappling => Some(Element::Earth),
            Token::Water | Token::Otter | Token::Glimmerglide | Token::Wisperwog => {
                Some(Element::Water)
            }
            Token::Air | Token::Owl | Token::Quickling | Token::Wilwisp => Some(Element::Air),
            Token::Magic | Token::Aetherdrake | Token::Lunehare => Some(Element::Magic),
            Token::Familiar => Some(familiar),
            _ => None,
        }
    }
}

named_enum!(
    /// The spells on a player board (L361–363); Whisper never upgrades.
    Spell {
        /// Move to an adjacent location.
        Stride = "Stride",
        /// Fly between air locations.
        Soar = "Soar",
        /// Move along water.
        Flow = "Flow",
        /// Move to a golem.
        Convoke = "Convoke",
        /// Gain 2 core tokens.
        Transmute = "Transmute",
        /// Place a restoration where the druid is.
        Restore = "Restore",
        /// Take a rune site token and inscribe a rune.
        Inscribe = "Inscribe",
        /// Unbind or purify (the air spell L363 calls "Purify", ruling R1).
        Cleanse = "Cleanse",
        /// Call wildlife to the druid.
        CallWildlife = "Call Wildlife",
        /// Whisper to a golem.
        Whisper = "Whisper",
    }
);

/// What a corruption slot does while it is empty (L377).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum CsEffect {
    /// Purify 1 corruption.
    Purify,
    /// Draw 1 enchantment card.
    DrawEnchantment,
    /// Gain 1 harmony or unbind.
    HarmonyOrUnbind,
    /// Gain 2 VP.
    Vp2,
    /// Assign 1 of the gained tokens to an action slot (not Transmute's).
    AssignGained,
    /// Advance on the path of the restoration placed.
    AdvanceRestored,
    /// Purify or unbind again.
    CleanseAgain,
}

/// One action slot: which core kinds it takes (bits in [`CORE`] order), or any action token;
/// whether its token is released rather than spent.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Slot {
    /// Accepted core kinds, bit `i` = `CORE[i]`.
    pub accepts: u8,
    /// Any action token fits.
    pub any: bool,
    /// Released to the supply when the action is performed.
    pub release: bool,
}

/// One side of a spell tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Side {
    /// The action slots, left to right.
    pub slots: ArrayVec<Slot, 3>,
    /// The two slots must form a Restore/Whisper combination.
    pub pair: bool,
    /// The corruption slot's effect, if the side has one.
    pub cs: Option<CsEffect>,
}

/// A spell tile, both sides (Whisper has only the basic one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpellTile {
    /// The element whose upgrade icons flip it; `None` for Whisper.
    pub element: Option<Element>,
    /// The basic side.
    pub basic: Side,
    /// The advanced side.
    pub advanced: Option<Side>,
}

/// A restoration spot on a location.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Spot {
    /// The restoration types it shows (element bits; a wild spot shows earth, water and air).
    pub types: u8,
    /// Placing here gives corruption.
    pub dark: bool,
    /// A wild spot: only this seat (0-based) may use it.
    pub wild: Option<u8>,
}

/// A location tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tile {
    /// The tile's name.
    pub name: String,
    /// The smallest player count it is used with.
    pub label: u8,
    /// Terrain element bits.
    pub terrain: u8,
    /// Hex edges (bits 0–5) where water meets the tile's border.
    pub water_edges: u8,
    /// The restoration spots.
    pub spots: ArrayVec<Spot, 7>,
    /// Rune sites on the tile.
    pub runes: u8,
    /// The golem whose icon is printed here.
    pub golem: Option<Element>,
}

/// What a rune site token gives when inscribed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum RuneEffect {
    /// Kept for endgame VP.
    Vp(u8),
    /// Gain 1 harmony.
    Harmony,
    /// Gain this token.
    Gain(Token),
    /// Upgrade any spell.
    Upgrade,
    /// Advance on any path.
    Advance,
    /// Draw 2 enchantment cards.
    Enchantments,
    /// Gain a fae of your choice.
    Fae,
}

/// A rune site token.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuneToken {
    /// Smallest player count.
    pub label: u8,
    /// What it gives.
    pub effect: RuneEffect,
    /// The purple dot: its location starts corrupted.
    pub corrupted: bool,
}

/// What entering a path space does (L603–615).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum Reward {
    /// No space here.
    None,
    /// The path's wildlife token (and card if new).
    Wildlife,
    /// Gain 1 harmony.
    Harmony,
    /// Purify 1 corruption.
    Purify,
    /// Purify or gain 1 harmony.
    PurifyOrHarmony,
    /// Gain a water or moonglow token and assign it to a spell.
    WaterOrMoonglow,
    /// Gain this token.
    Gain(Token),
    /// Upgrade a spell of this element (any if `None`).
    Upgrade(Option<Element>),
    /// Advance any path once.
    AnyPath,
    /// Mark a golem power.
    GolemPower,
    /// Gain a fae of this element (any if `None`).
    Fae(Option<Element>),
    /// Draw 2 enchantment cards.
    Enchantments,
}

/// Columns on a path board.
pub const COLUMNS: usize = 15;
/// The fork's columns (1-based): two branches each.
pub const FORK: [u8; 2] = [7, 8];

/// A path board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Path {
    /// The wildlife met on it.
    pub wildlife: Animal,
    /// Wildlife icons sit between column `c` and `c + 1` (1-based).
    pub wildlife_after: [u8; 4],
    /// VP per restoration of the path's type at each column.
    pub value: [u8; COLUMNS],
    /// Columns of "+1 VP per magic restoration" icons.
    pub magic_icons: ArrayVec<u8, 8>,
    /// Reward per column (index = column − 1) and branch (0 = a, 1 = b; off the fork both).
    pub reward: [[Reward; 2]; COLUMNS],
}

/// A familiar card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Familiar {
    /// Its name.
    pub name: String,
    /// Its element.
    pub element: Element,
    /// One of the four basic familiars of the first game.
    pub basic: bool,
    /// Extra starting tokens (besides the familiar token and 1 of each element) [A].
    pub tokens: ArrayVec<Token, 4>,
    /// Starting harmony.
    pub harmony: u8,
    /// A spell upgraded at the start.
    pub upgrade: Option<Spell>,
}

/// A fae card kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fae {
    /// Its name.
    pub name: String,
    /// Its element.
    pub element: Element,
    /// The harmony released for its secondary action (L666–703).
    pub harmony: u8,
}

/// Enchantment card kinds at most (identical copies are one kind).
pub const CARD_KINDS: usize = 32;

/// What an enchantment card does (components.md §2.3 archetypes, all [A]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum CardEffect {
    /// Immediate: gain 2 core tokens of the element, advance 1 on its path (magic: any path).
    Gain2Advance,
    /// Immediate: 1 restoration of the element at the druid's location or an adjacent one.
    RestoreNear,
    /// Immediate: upgrade 1 spell of the element (magic: any spell).
    Upgrade,
    /// Immediate: gain a fae of the element.
    Fae,
    /// Ongoing: +1 VP whenever you place a restoration of the element (not while corrupted).
    RestoreVp,
    /// Ongoing: +1 draw slot for the rest of the game.
    DrawSlot,
    /// Immediate: 3 VP and 1 harmony.
    Vp3Harmony,
    /// Immediate: purify 2.
    Purify2,
    /// Immediate: gain 2 potions.
    Potions2,
    /// Immediate: move a golem to your druid's location, then advance 1 on any path.
    GolemHereAdvance,
    /// Immediate: move 1 wildlife to an adjacent location, then advance 1 on its path.
    WildlifeAdjacentAdvance,
    /// Ongoing: at the end, 1 VP per own restoration on a location with a corrupted border.
    CorruptedBorderVp,
}

/// One kind of enchantment card and how many copies the deck holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Enchantment {
    /// Its name.
    pub name: String,
    /// The element icon (the first-game set it belongs to, L178), if any.
    pub element: Option<Element>,
    /// What it does.
    pub effect: CardEffect,
    /// Ongoing (stays over the mat enchantment) rather than Immediate.
    pub ongoing: bool,
    /// It has a corruption slot (L729).
    pub corruption_slot: bool,
    /// Copies in the deck.
    pub copies: u8,
}

/// An endgame enchantment rule of the mat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum MatRule {
    /// Per wildlife here and adjacent.
    WildlifeNear,
    /// Per terrain type here and adjacent.
    TerrainsNear,
    /// Per own restoration here and adjacent.
    OwnRestorationsNear,
    /// Per adjacent location without a corrupted border.
    CleanNeighbours,
    /// Per location in the connected group holding own restorations (rune 5, L743).
    ConnectedRestorations,
    /// Per golem here and adjacent.
    GolemsNear,
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
    /// Supply limits per token kind (familiar tokens: 1 per familiar; corruption: the
    /// two-sided corruption/harmony tokens).
    pub supply: [u8; Token::NUM],
    /// Enchantment cards in the box.
    pub enchantment_cards: u8,
    /// Restorations per type per player.
    pub restorations: u8,
    /// Golem tokens per player.
    pub golem_tokens: u8,
    /// Rune markers per player.
    pub rune_markers: u8,
    /// Draw slots on a casting board, barriers included.
    pub draw_slots: u8,
    /// Barriers at the start.
    pub barriers: u8,
    /// VP at the start.
    pub starting_vp: u8,
    /// Rounds in a game.
    pub rounds: u8,
    /// Rounds after which a barrier comes off.
    pub barrier_after: ArrayVec<u8, 4>,
    /// Enchantment cards each player holds after a first-game setup.
    pub first_game_enchantments: u8,
    /// Location tiles; index 0 is the Druid's Defiance.
    pub tiles: Vec<Tile>,
    /// The rune site tokens, one entry per token.
    pub runes: Vec<RuneToken>,
    /// The path boards by element (earth, water, air).
    pub paths: [Path; 3],
    /// The spell tiles in [`Spell`] order.
    pub spells: Vec<SpellTile>,
    /// The 8 familiars.
    pub familiars: Vec<Familiar>,
    /// The 8 fae kinds.
    pub fae: Vec<Fae>,
    /// The enchantment card kinds (at most [`CARD_KINDS`]), copies summing to
    /// `enchantment_cards`.
    pub enchantments: Vec<Enchantment>,
    /// Golem names by element.
    pub golems: [String; 4],
    /// Den VP for 1..5+ wildlife.
    pub den: [u8; 5],
    /// Otter scoring: VP per tile with 2+ otters, and the maximum.
    pub otter: (u8, u8),
    /// Owl scoring: (smallest cluster, VP), ascending.
    pub owl: ArrayVec<(u8, u8), 4>,
    /// The mat's rules by rune (index = rune − 1) with their VP per unit.
    pub mat: [(MatRule, u8); 6],
}

mod raw {
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct File {
        pub supply: Supply,
        pub player: Player,
        pub tile: Vec<Tile>,
        pub rune: Vec<Rune>,
        pub path: Vec<Path>,
        pub spell: Vec<Spell>,
        pub familiar: Vec<Familiar>,
        pub fae: Vec<Fae>,
        pub enchantment: Vec<Enchantment>,
        pub golem: Vec<Golem>,
        pub wildlife: Wildlife,
        pub mat: Vec<Mat>,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Supply {
        pub tag: String,
        pub earth: u8,
        pub air: u8,
        pub water: u8,
        pub magic: u8,
        pub ember: u8,
        pub moonglow: u8,
        pub potion: u8,
        pub fae: u8,
        pub bear: u8,
        pub otter: u8,
        pub owl: u8,
        pub corruption_harmony: u8,
        pub enchantment_cards: u8,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Player {
        pub tag: String,
        pub restorations_per_type: u8,
        pub golem_tokens: u8,
        pub rune_markers: u8,
        pub draw_slots: u8,
        pub barriers: u8,
        pub starting_vp: u8,
        pub rounds: u8,
        pub barrier_after_rounds: Vec<u8>,
        pub first_game_enchantments: u8,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Tile {
        pub name: String,
        pub tag: String,
        pub label: u8,
        pub terrain: String,
        pub water_edges: Vec<u8>,
        pub spots: Vec<String>,
        pub runes: u8,
        pub golem: Option<String>,
        #[serde(default)]
        pub start: bool,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Rune {
        pub tag: String,
        pub label: u8,
        pub count: u8,
        pub effect: String,
        pub vp: Option<u8>,
        #[serde(default)]
        pub corrupted: bool,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Path {
        pub name: String,
        pub tag: String,
        pub wildlife: String,
        pub wildlife_after: Vec<u8>,
        pub value: Vec<u8>,
        pub magic_icons: Vec<u8>,
        pub spaces: Vec<Space>,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Space {
        pub col: u8,
        pub branch: Option<String>,
        pub reward: String,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Spell {
        pub name: String,
        pub element: String,
        pub basic: Side,
        pub advanced: Option<Side>,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Side {
        pub slots: Vec<String>,
        #[serde(default)]
        pub pair: bool,
        pub cs: String,
        pub tag: String,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Familiar {
        pub name: String,
        pub element: String,
        #[serde(default)]
        pub basic: bool,
        pub bonus: Vec<String>,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Fae {
        pub name: String,
        pub element: String,
        pub harmony: u8,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Enchantment {
        pub name: String,
        pub element: String,
        pub effect: String,
        pub kind: String,
        #[serde(default)]
        pub corruption_slot: bool,
        #[serde(default = "one")]
        pub copies: u8,
        pub tag: String,
    }
    fn one() -> u8 {
        1
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Golem {
        pub name: String,
        pub element: String,
        pub scoring: String,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Wildlife {
        pub tag: String,
        pub den: Vec<u8>,
        pub otter_per_tile: u8,
        pub otter_max: u8,
        pub owl_clusters: Vec<[u8; 2]>,
    }
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Mat {
        pub rune: u8,
        pub tag: String,
        pub rule: String,
        pub per: u8,
    }
}

fn invalid<T>(m: String) -> Result<T, ComponentsError> {
    Err(ComponentsError::Invalid(m))
}

fn check_tag(tag: &str, what: &str) -> Result<(), ComponentsError> {
    if ["R", "I", "A"].contains(&tag) {
        Ok(())
    } else {
        invalid(format!("{what}: provenance tag '{tag}' must be R, I or A"))
    }
}

fn element(text: &str, what: &str) -> Result<Element, ComponentsError> {
    Element::from_name(text).map_or_else(
        || {
            invalid(format!(
                "{what}: '{text}' is not earth, water, air or magic"
            ))
        },
        Ok,
    )
}

fn terrain_mask(text: &str, what: &str) -> Result<u8, ComponentsError> {
    let mut mask = 0;
    for c in text.chars() {
        mask |= match c {
            'E' => Element::Earth.bit(),
            'W' => Element::Water.bit(),
            'A' => Element::Air.bit(),
            _ => return invalid(format!("{what}: terrain letter '{c}' is not E, W or A")),
        };
    }
    if mask == 0 {
        return invalid(format!("{what}: no terrain"));
    }
    Ok(mask)
}

fn spot(text: &str, what: &str) -> Result<Spot, ComponentsError> {
    if let Some(n) = text.strip_prefix("wild") {
        return match n.parse::<u8>() {
            Ok(c @ 1..=4) => Ok(Spot {
                types: 0b111,
                dark: false,
                wild: Some(c - 1),
            }),
            _ => invalid(format!("{what}: wild spot '{text}' needs a colour 1-4")),
        };
    }
    let (dark, letters) = match text.strip_prefix('d') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    Ok(Spot {
        types: terrain_mask(letters, what)?,
        dark,
        wild: None,
    })
}

fn slot(text: &str, what: &str) -> Result<Slot, ComponentsError> {
    let (release, body) = match text.strip_prefix("X ") {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let mut s = Slot {
        accepts: 0,
        any: false,
        release,
    };
    for part in body.split('|') {
        match part {
            "any" => s.any = true,
            "element" => s.accepts |= 0b1111,
            _ => match CORE.iter().position(|t| t.name() == part) {
                Some(i) => s.accepts |= 1 << i,
                None => return invalid(format!("{what}: slot '{text}' names no token")),
            },
        }
    }
    Ok(s)
}

fn cs_effect(text: &str, what: &str) -> Result<Option<CsEffect>, ComponentsError> {
    Ok(Some(match text {
        "" => return Ok(None),
        "purify" => CsEffect::Purify,
        "draw_enchantment" => CsEffect::DrawEnchantment,
        "harmony_or_unbind" => CsEffect::HarmonyOrUnbind,
        "vp2" => CsEffect::Vp2,
        "assign_gained" => CsEffect::AssignGained,
        "advance_restored" => CsEffect::AdvanceRestored,
        "cleanse_again" => CsEffect::CleanseAgain,
        _ => return invalid(format!("{what}: unknown corruption-slot effect '{text}'")),
    }))
}

fn side(raw: &raw::Side, what: &str) -> Result<Side, ComponentsError> {
    check_tag(&raw.tag, what)?;
    if raw.slots.is_empty() || raw.slots.len() > 3 {
        return invalid(format!("{what}: a spell has 1 to 3 action slots"));
    }
    let mut slots = ArrayVec::new();
    for s in &raw.slots {
        slots.push(slot(s, what)?);
    }
    if raw.pair && slots.len() != 2 {
        return invalid(format!("{what}: a combination spell has 2 slots"));
    }
    Ok(Side {
        slots,
        pair: raw.pair,
        cs: cs_effect(&raw.cs, what)?,
    })
}

fn reward(text: &str, what: &str) -> Result<Reward, ComponentsError> {
    Ok(match text {
        "owl" | "bear" | "otter" => Reward::Wildlife,
        "harmony" => Reward::Harmony,
        "purify" => Reward::Purify,
        "purify_or_harmony" => Reward::PurifyOrHarmony,
        "water_or_moonglow" => Reward::WaterOrMoonglow,
        "moonglow" => Reward::Gain(Token::Moonglow),
        "ember" => Reward::Gain(Token::Ember),
        "potion" => Reward::Gain(Token::Potion),
        "any_path" => Reward::AnyPath,
        "golem_power" => Reward::GolemPower,
        "enchantments" => Reward::Enchantments,
        "upgrade_any" => Reward::Upgrade(None),
        "fae_any" => Reward::Fae(None),
        _ => {
            if let Some(e) = text.strip_prefix("upgrade_") {
                Reward::Upgrade(Some(element(e, what)?))
            } else if let Some(e) = text.strip_prefix("fae_") {
                Reward::Fae(Some(element(e, what)?))
            } else {
                return invalid(format!("{what}: unknown reward '{text}'"));
            }
        }
    })
}

fn path(raw: &raw::Path) -> Result<(Element, Path), ComponentsError> {
    let what = format!("path {}", raw.name);
    check_tag(&raw.tag, &what)?;
    let e = element(&raw.name, &what)?;
    let wildlife = match Animal::from_name(&raw.wildlife) {
        Some(a) if a.element() == e => a,
        _ => {
            return invalid(format!(
                "{what}: its wildlife must be the {e} animal, not '{}'",
                raw.wildlife
            ))
        }
    };
    let wildlife_after: [u8; 4] = raw
        .wildlife_after
        .clone()
        .try_into()
        .map_err(|_| ComponentsError::Invalid(format!("{what}: 4 wildlife icons (L154)")))?;
    if wildlife_after
        .iter()
        .any(|&c| c == 0 || c as usize >= COLUMNS)
    {
        return invalid(format!(
            "{what}: wildlife icons lie between columns 1 and 15"
        ));
    }
    let value: [u8; COLUMNS] = raw
        .value
        .clone()
        .try_into()
        .map_err(|_| ComponentsError::Invalid(format!("{what}: 15 restoration values")))?;
    if value.windows(2).any(|w| w[1] < w[0]) {
        return invalid(format!(
            "{what}: restoration values never fall along the path"
        ));
    }
    let mut magic_icons = ArrayVec::new();
    for &c in &raw.magic_icons {
        if c == 0 || c as usize > COLUMNS || magic_icons.try_push(c).is_err() {
            return invalid(format!("{what}: magic icons are columns 1-15, at most 8"));
        }
    }
    let mut reward_at = [[Reward::None; 2]; COLUMNS];
    for s in &raw.spaces {
        let col = s.col as usize;
        if !(2..=COLUMNS).contains(&col) {
            return invalid(format!("{what}: space column {} is not 2-15", s.col));
        }
        let r = reward(&s.reward, &what)?;
        let fork = FORK.contains(&s.col);
        let branches: &[usize] = match (fork, s.branch.as_deref()) {
            (true, Some("a")) => &[0],
            (true, Some("b")) => &[1],
            (false, None) => &[0, 1],
            _ => {
                return invalid(format!(
                    "{what}: column {} needs branch a or b exactly at the fork (7, 8)",
                    s.col
                ))
            }
        };
        for &b in branches {
            if reward_at[col - 1][b] != Reward::None {
                return invalid(format!("{what}: column {} is given twice", s.col));
            }
            reward_at[col - 1][b] = r;
        }
    }
    for (c, r) in reward_at.iter().enumerate().skip(1) {
        if r.contains(&Reward::None) {
            return invalid(format!("{what}: column {} has no reward", c + 1));
        }
    }
    Ok((
        e,
        Path {
            wildlife,
            wildlife_after,
            value,
            magic_icons,
            reward: reward_at,
        },
    ))
}

impl Components {
    sylvan_engine::shipped_once!(Components, Components::standard());

    /// The shipped component data.
    pub fn standard() -> Components {
        Components::from_toml(DEFAULT_COMPONENTS).expect("the shipped component file is valid")
    }

    /// Reads and validates a component file.
    pub fn from_toml(text: &str) -> Result<Components, ComponentsError> {
        let f: raw::File =
            toml::from_str(text).map_err(|e| ComponentsError::Syntax(e.to_string()))?;
        check_tag(&f.supply.tag, "supply")?;
        check_tag(&f.player.tag, "player")?;
        let s = &f.supply;
        let mut supply = [0u8; Token::NUM];
        for (t, n) in [
            (Token::Earth, s.earth),
            (Token::Water, s.water),
            (Token::Air, s.air),
            (Token::Magic, s.magic),
            (Token::Ember, s.ember),
            (Token::Moonglow, s.moonglow),
            (Token::Potion, s.potion),
            (Token::Familiar, 1),
            (Token::Bear, s.bear),
            (Token::Otter, s.otter),
            (Token::Owl, s.owl),
            (Token::Corruption, s.corruption_harmony),
        ] {
            supply[t.index()] = n;
        }
        if !s.fae.is_multiple_of(8) {
            return invalid(format!(
                "supply: {} fae tokens are not 8 kinds x copies",
                s.fae
            ));
        }
        for t in FAE_TOKENS {
            supply[t.index()] = s.fae / 8;
        }
        let p = &f.player;
        if p.barriers >= p.draw_slots || p.draw_slots > 9 || p.rounds == 0 || p.rounds > 12 {
            return invalid(
                "player: draw slots must exceed barriers (at most 9), 1-12 rounds".into(),
            );
        }
        if p.barrier_after_rounds.len() != p.barriers as usize
            || p.barrier_after_rounds
                .iter()
                .any(|&r| r == 0 || r >= p.rounds)
        {
            return invalid("player: one barrier round per barrier, before the last round".into());
        }
        if p.restorations_per_type == 0 || p.restorations_per_type > 20 || p.golem_tokens > 12 {
            return invalid("player: 1-20 restorations per type, at most 12 golem tokens".into());
        }
        if p.rune_markers != 6 {
            return invalid("player: 6 rune markers, one per rune of the mat".into());
        }

        // Tiles: the start tile first.
        let mut tiles = Vec::new();
        let starts = f.tile.iter().filter(|t| t.start).count();
        if starts != 1 {
            return invalid(format!(
                "tiles: exactly one start tile (Druid's Defiance), not {starts}"
            ));
        }
        let mut order: Vec<&raw::Tile> = f.tile.iter().filter(|t| t.start).collect();
        order.extend(f.tile.iter().filter(|t| !t.start));
        for t in order {
            let what = format!("tile {}", t.name);
            check_tag(&t.tag, &what)?;
            if !(2..=4).contains(&t.label) {
                return invalid(format!("{what}: label must be 2, 3 or 4"));
            }
            let terrain = terrain_mask(&t.terrain, &what)?;
            let mut water_edges = 0u8;
            for &e in &t.water_edges {
                if e > 5 {
                    return invalid(format!("{what}: hex edge {e} is not 0-5"));
                }
                water_edges |= 1 << e;
            }
            if (water_edges != 0) != (terrain & Element::Water.bit() != 0) {
                return invalid(format!(
                    "{what}: a tile has water edges exactly when it shows water terrain"
                ));
            }
            let mut spots = ArrayVec::new();
            for sp in &t.spots {
                if spots.try_push(spot(sp, &what)?).is_err() {
                    return invalid(format!("{what}: at most 7 restoration spots"));
                }
            }
            if spots.is_empty() {
                return invalid(format!("{what}: no restoration spot"));
            }
            if t.start && (t.runes != 0 || t.golem.is_some()) {
                return invalid(format!(
                    "{what}: the Druid's Defiance has no rune site or golem (L136)"
                ));
            }
            if t.runes > 3 {
                return invalid(format!("{what}: at most 3 rune sites"));
            }
            let golem = match &t.golem {
                Some(g) => Some(element(g, &what)?),
                None => None,
            };
            tiles.push(Tile {
                name: t.name.clone(),
                label: t.label,
                terrain,
                water_edges,
                spots,
                runes: t.runes,
                golem,
            });
        }
        if tiles.len() != 25 {
            return invalid(format!(
                "tiles: the Druid's Defiance and 24 standard tiles, not {}",
                tiles.len()
            ));
        }
        for e in Element::ALL {
            let holders: Vec<&Tile> = tiles.iter().filter(|t| t.golem == Some(e)).collect();
            if holders.len() != 1 || holders[0].label != 2 {
                return invalid(format!(
                    "tiles: the {e} golem's icon must be on exactly one 2+ tile (every game places all 4 golems, L152)"
                ));
            }
        }

        // Rune tokens: one per rune site for each player count.
        let mut runes = Vec::new();
        for r in &f.rune {
            check_tag(&r.tag, "rune")?;
            let effect = match (r.effect.as_str(), r.vp) {
                ("vp", Some(v)) if v > 0 => RuneEffect::Vp(v),
                ("harmony", None) => RuneEffect::Harmony,
                ("potion", None) => RuneEffect::Gain(Token::Potion),
                ("moonglow", None) => RuneEffect::Gain(Token::Moonglow),
                ("ember", None) => RuneEffect::Gain(Token::Ember),
                ("upgrade", None) => RuneEffect::Upgrade,
                ("advance", None) => RuneEffect::Advance,
                ("enchantments", None) => RuneEffect::Enchantments,
                ("fae", None) => RuneEffect::Fae,
                (e, _) => {
                    return invalid(format!(
                        "rune: effect '{e}' unknown, or vp given where it does not belong"
                    ))
                }
            };
            if !(2..=4).contains(&r.label) {
                return invalid("rune: label must be 2, 3 or 4".into());
            }
            for _ in 0..r.count {
                runes.push(RuneToken {
                    label: r.label,
                    effect,
                    corrupted: r.corrupted,
                });
            }
        }
        if runes.len() > 32 {
            return invalid(format!("runes: {} tokens, at most 32", runes.len()));
        }
        for players in 2..=4u8 {
            let sites: u32 = tiles
                .iter()
                .filter(|t| t.label <= players)
                .map(|t| t.runes as u32)
                .sum();
            let tokens = runes.iter().filter(|r| r.label <= players).count() as u32;
            if sites != tokens {
                return invalid(format!(
                    "runes: {players} players have {sites} rune sites but {tokens} rune tokens (one per site, L150)"
                ));
            }
        }

        // Paths.
        if f.path.len() != 3 {
            return invalid("paths: exactly 3 path boards (air, earth, water)".into());
        }
        let mut paths: [Option<Path>; 3] = [None, None, None];
        for raw in &f.path {
            let (e, p) = path(raw)?;
            let i = e.index();
            if i > 2 || paths[i].is_some() {
                return invalid(format!("paths: {e} is not a path, or is given twice"));
            }
            paths[i] = Some(p);
        }
        let [Some(pe), Some(pw), Some(pa)] = paths else {
            return invalid("paths: earth, water and air each once".into());
        };

        // Spells in rulebook order.
        if f.spell.len() != Spell::NUM {
            return invalid(format!(
                "spells: the {} spells of a player board",
                Spell::NUM
            ));
        }
        let mut spells = Vec::new();
        for (want, raw) in Spell::ALL.iter().zip(&f.spell) {
            if raw.name != want.name() {
                return invalid(format!("spells: expected {want}, found {}", raw.name));
            }
            let element = if raw.element.is_empty() {
                None
            } else {
                Some(element(&raw.element, &raw.name)?)
            };
            let basic = side(&raw.basic, &raw.name)?;
            let advanced = match &raw.advanced {
                Some(a) => Some(side(a, &raw.name)?),
                None => None,
            };
            if (*want == Spell::Whisper) != advanced.is_none()
                || (*want == Spell::Whisper) != element.is_none()
            {
                return invalid(format!(
                    "{want}: every spell but Whisper has an element and an advanced side (L361)"
                ));
            }
            spells.push(SpellTile {
                element,
                basic,
                advanced,
            });
        }
        if spells[Spell::Whisper.index()].basic.cs.is_none() {
            return invalid(
                "Whisper: its corruption slot holds the starting corruption (L170)".into(),
            );
        }

        let mut familiars = Vec::new();
        for r in &f.familiar {
            let what = format!("familiar {}", r.name);
            let mut tokens = ArrayVec::new();
            let (mut harmony, mut upgrade) = (0, None);
            for b in &r.bonus {
                match b.as_str() {
                    "harmony" => harmony += 1,
                    "upgrade_soar" => upgrade = Some(Spell::Soar),
                    t => match Token::from_name(t) {
                        Some(tok)
                            if tok.is_core()
                                || tok == Token::Potion
                                || tok == Token::Corruption =>
                        {
                            if tokens.try_push(tok).is_err() {
                                return invalid(format!("{what}: at most 4 extra tokens"));
                            }
                        }
                        _ => return invalid(format!("{what}: unknown bonus '{b}'")),
                    },
                }
            }
            familiars.push(Familiar {
                name: r.name.clone(),
                element: element(&r.element, &what)?,
                basic: r.basic,
                tokens,
                harmony,
                upgrade,
            });
        }
        for e in Element::ALL {
            let n = familiars.iter().filter(|x| x.element == e).count();
            let b = familiars
                .iter()
                .filter(|x| x.element == e && x.basic)
                .count();
            if n != 2 || b != 1 {
                return invalid(format!(
                    "familiars: 2 per element with 1 basic; {e} has {n} and {b}"
                ));
            }
        }
        let mut fae = Vec::new();
        for r in &f.fae {
            fae.push(Fae {
                name: r.name.clone(),
                element: element(&r.element, &r.name)?,
                harmony: r.harmony,
            });
        }
        // The rules know each fae by its place in the appendix; the file must keep that order.
        for (i, x) in fae.iter().enumerate() {
            let t = Token::fae(i);
            if x.name != t.name() || t.element(Element::Magic) != Some(x.element) {
                return invalid(format!(
                    "fae {}: expected {} in the appendix's order (L666-703)",
                    x.name,
                    t.name()
                ));
            }
        }
        if fae.len() != 8
            || Element::ALL
                .iter()
                .any(|&e| fae.iter().filter(|x| x.element == e).count() != 2)
        {
            return invalid("fae: 8 kinds, 2 per element".into());
        }
        let enchantments = enchantments(&f.enchantment, s.enchantment_cards)?;
        for e in Element::ALL {
            let n: u32 = enchantments
                .iter()
                .filter(|x| x.element == Some(e))
                .map(|x| x.copies as u32)
                .sum();
            if n != p.first_game_enchantments as u32 {
                return invalid(format!(
                    "enchantments: {} cards with the {e} icon (the first-game set, L178), not {n}",
                    p.first_game_enchantments
                ));
            }
        }
        let mut golems: [String; 4] = Default::default();
        for g in &f.golem {
            let e = element(&g.element, &g.name)?;
            if g.scoring.is_empty() {
                return invalid(format!("golem {}: its scoring power", g.name));
            }
            golems[e.index()] = g.name.clone();
        }
        if golems.iter().any(String::is_empty) || f.golem.len() != 4 {
            return invalid("golems: one per element".into());
        }
        check_tag(&f.wildlife.tag, "wildlife")?;
        let den: [u8; 5] = f
            .wildlife
            .den
            .clone()
            .try_into()
            .map_err(|_| ComponentsError::Invalid("wildlife: den values for 1-5+".into()))?;
        let mut owl = ArrayVec::new();
        for &[size, vp] in &f.wildlife.owl_clusters {
            if owl.last().is_some_and(|&(s, _): &(u8, u8)| s >= size)
                || owl.try_push((size, vp)).is_err()
            {
                return invalid("wildlife: owl clusters ascending, at most 4".into());
            }
        }
        let mut mat: [Option<(MatRule, u8)>; 6] = [None; 6];
        for m in &f.mat {
            check_tag(&m.tag, "mat")?;
            let rule = match m.rule.as_str() {
                "wildlife_near" => MatRule::WildlifeNear,
                "terrains_near" => MatRule::TerrainsNear,
                "own_restorations_near" => MatRule::OwnRestorationsNear,
                "clean_neighbours" => MatRule::CleanNeighbours,
                "connected_restorations" => MatRule::ConnectedRestorations,
                "golems_near" => MatRule::GolemsNear,
                r => return invalid(format!("mat: unknown rule '{r}'")),
            };
            match mat.get_mut((m.rune as usize).wrapping_sub(1)) {
                Some(slot @ None) => *slot = Some((rule, m.per)),
                _ => return invalid(format!("mat: rune {} is not 1-6 or is given twice", m.rune)),
            }
        }
        let mut mat_rules = [(MatRule::WildlifeNear, 0); 6];
        for (i, m) in mat.iter().enumerate() {
            mat_rules[i] = m.ok_or_else(|| {
                ComponentsError::Invalid(format!("mat: rune {} has no rule", i + 1))
            })?;
        }
        Ok(Components {
            supply,
            enchantment_cards: s.enchantment_cards,
            restorations: p.restorations_per_type,
            golem_tokens: p.golem_tokens,
            rune_markers: p.rune_markers,
            draw_slots: p.draw_slots,
            barriers: p.barriers,
            starting_vp: p.starting_vp,
            rounds: p.rounds,
            barrier_after: p.barrier_after_rounds.iter().copied().collect(),
            first_game_enchantments: p.first_game_enchantments,
            tiles,
            runes,
            paths: [pe, pw, pa],
            spells,
            familiars,
            fae,
            enchantments,
            golems,
            den,
            otter: (f.wildlife.otter_per_tile, f.wildlife.otter_max),
            owl,
            mat: mat_rules,
        })
    }

    /// The enchantment card kinds of the first-game set of this element (L178).
    pub fn element_set(&self, e: Element) -> impl Iterator<Item = usize> + '_ {
        self.enchantments
            .iter()
            .enumerate()
            .filter(move |(_, x)| x.element == Some(e))
            .map(|(i, _)| i)
    }

    /// The spell tile side that is face up.
    pub fn side(&self, spell: Spell, advanced: bool) -> &Side {
        let t = &self.spells[spell.index()];
        match (&t.advanced, advanced) {
            (Some(a), true) => a,
            _ => &t.basic,
        }
    }

    /// VP per restoration of `path`'s type at column `col` (1-based).
    pub fn value(&self, path: Element, col: u8) -> u8 {
        let c = (col.clamp(1, COLUMNS as u8) - 1) as usize;
        self.paths[path.index()].value[c]
    }

    /// "+1 VP per magic restoration" icons reached at these columns of the three paths.
    pub fn magic_value(&self, cols: [u8; 3]) -> u8 {
        (0..3)
            .map(|p| {
                self.paths[p]
                    .magic_icons
                    .iter()
                    .filter(|&&c| c <= cols[p])
                    .count() as u8
            })
            .sum()
    }
}

fn enchantments(raw: &[raw::Enchantment], total: u8) -> Result<Vec<Enchantment>, ComponentsError> {
    let mut out = Vec::new();
    for r in raw {
        let what = format!("enchantment {}", r.name);
        check_tag(&r.tag, &what)?;
        let effect = match r.effect.as_str() {
            "gain2_advance" => CardEffect::Gain2Advance,
            "restore_near" => CardEffect::RestoreNear,
            "upgrade" => CardEffect::Upgrade,
            "fae" => CardEffect::Fae,
            "restore_vp" => CardEffect::RestoreVp,
            "draw_slot" => CardEffect::DrawSlot,
            "vp3_harmony" => CardEffect::Vp3Harmony,
            "purify2" => CardEffect::Purify2,
            "potions2" => CardEffect::Potions2,
            "golem_here_advance" => CardEffect::GolemHereAdvance,
            "wildlife_adjacent_advance" => CardEffect::WildlifeAdjacentAdvance,
            "corrupted_border_vp" => CardEffect::CorruptedBorderVp,
            e => return invalid(format!("{what}: unknown effect '{e}'")),
        };
        let ongoing = match r.kind.as_str() {
            "immediate" => false,
            "ongoing" => true,
            k => return invalid(format!("{what}: kind '{k}' is not immediate or ongoing")),
        };
        let element = if r.element.is_empty() {
            None
        } else {
            Some(element(&r.element, &what)?)
        };
        let needs_element = matches!(
            effect,
            CardEffect::Gain2Advance
                | CardEffect::RestoreNear
                | CardEffect::Upgrade
                | CardEffect::Fae
                | CardEffect::RestoreVp
        );
        if needs_element && element.is_none() {
            return invalid(format!("{what}: '{}' needs an element", r.effect));
        }
        if r.copies == 0 {
            return invalid(format!("{what}: at least 1 copy"));
        }
        out.push(Enchantment {
            name: r.name.clone(),
            element,
            effect,
            ongoing,
            corruption_slot: r.corruption_slot,
            copies: r.copies,
        });
    }
    let n: u32 = out.iter().map(|x| x.copies as u32).sum();
    if n != total as u32 || out.len() > CARD_KINDS {
        return invalid(format!(
            "enchantments: {total} cards in at most {CARD_KINDS} kinds, not {n} in {}",
            out.len()
        ));
    }
    Ok(out)
}
