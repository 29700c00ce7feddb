//! The state of a game: the forest, the paths, each player's bag and boards, the round and
//! the effects still to resolve. Small fixed-size arrays: cloning a state is a memcpy.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::components::{Animal, Element, Reward, Spell, Token, CARD_KINDS};

/// Locations: the Druid's Defiance (0) and the 24 standard tiles, by tile index.
pub const LOCS: usize = 25;
/// Cells of the table: a hexagon of radius 4 around the Druid's Defiance.
pub const CELLS: usize = 61;
/// Rune sites at most (one per rune token).
pub const SITES: usize = 32;
/// Nothing here (no cell, no tile, no token, no marker).
pub const NONE: u8 = u8::MAX;
/// Action places: the 10 spells, the familiar card, per animal its call and score actions,
/// then the eight fae cards.
pub const PLACES: usize = 25;
/// The familiar card's place.
pub const FAMILIAR_PLACE: u8 = 10;
/// Where each draft round's pack starts in [`Player::draft_seen`], and its size.
pub const DRAFT_ROUNDS: [(usize, usize); 3] = [(0, 7), (7, 5), (12, 3)];
/// The first fae card's place (fae `i` is at `FAE_PLACE + i`).
pub const FAE_PLACE: u8 = 17;

/// The place of fae `i`'s card.
pub const fn fae_place(i: usize) -> u8 {
    FAE_PLACE + i as u8
}

/// The place of an animal's call (`score = false`) or score action.
pub const fn wildlife_place(animal: Animal, score: bool) -> u8 {
    11 + 2 * animal as u8 + score as u8
}

/// A token in an action slot: the token and the core kind it stands for there (a potion's
/// declared kind, R5; the swapped kind under Peat 3 or River 3; otherwise its own).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placed {
    /// The token.
    pub token: Token,
    /// The core kind it fills the slot as (index into `CORE`).
    pub as_core: u8,
}

/// One player's components.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Tokens in the bag, per kind.
    pub bag: [u8; Token::NUM],
    /// Tokens in the spent pool.
    pub spent: [u8; Token::NUM],
    /// Tokens on the casting board's draw slots.
    pub drawn: [u8; Token::NUM],
    /// Action slots per place (spells, familiar, wildlife cards).
    pub slots: [[Option<Placed>; 3]; PLACES],
    /// Spells whose corruption slot holds corruption (bit = spell index).
    pub corrupted: u16,
    /// Advanced spells (bit = spell index).
    pub advanced: u16,
    /// Barrier tokens still on the casting board.
    pub barriers: u8,
    /// Harmony in the harmony area.
    pub harmony: u8,
    /// VP stars (never below 0).
    pub vp: u16,
    /// Path marker columns (1–15) by path (earth, water, air).
    pub col: [u8; 3],
    /// Branch taken at the fork per path (bit set = branch b).
    pub branch: u8,
    /// Restorations not yet placed, per element.
    pub restorations: [u8; 4],
    /// Golem tokens not yet placed.
    pub golem_tokens: u8,
    /// Golem cards by element: per power 0 = open, 1 = active (face up), 2 = 3 VP (face down).
    pub golems: [[u8; 3]; 4],
    /// Rune markers: the site each was inscribed on, or [`NONE`].
    pub markers: [u8; 6],
    /// VP of the rune site tokens kept.
    pub rune_vp: u8,
    /// Rune site tokens taken.
    pub runes_taken: u8,
    /// Wildlife in the den, per animal.
    pub den: [u8; 3],
    /// The familiar (index into the components' familiars), or [`NONE`] before the deal.
    pub familiar: u8,
    /// Fae cards held (bit = fae index).
    pub fae: u8,
    /// Fae summoned this turn: ready, but usable only from a later turn (L564).
    pub summoned: u8,
    /// Subsequent games: the familiars dealt to this player (secret), then the one kept until
    /// every seat has chosen (bit = familiar index); emptied when the kept ones are revealed.
    pub dealt: u8,
    /// Subsequent games: the draft pack in front of this player (secret, L184–186).
    pub pack: [u8; CARD_KINDS],
    /// Subsequent games: the packs this player received in the draft's three rounds (7, 5 and
    /// 3 cards at offsets 0, 7 and 12, card kinds in ascending order, [`NONE`] until seen):
    /// what it saw (secret, R36).
    pub draft_seen: [u8; 15],
    /// Subsequent games: the card kind this player kept at each of the six picks, or [`NONE`]
    /// (secret).
    pub draft_picks: [u8; 6],
    /// Subsequent games: the last card of the pack dealt to this player, discarded face up at
    /// the end of the draft (public), or [`NONE`].
    pub draft_left: u8,
    /// Wildlife cards held (bit = animal).
    pub wildlife_cards: u8,
    /// Enchantment cards in hand, per card kind (secret; their play comes later).
    pub hand: [u8; CARD_KINDS],
    /// Card kinds every seat knows are in this hand (the first-game element set, L178;
    /// Wilwisp's kept card); cleared when a card of the kind leaves it.
    pub known: u32,
    /// What this player knows of where the cards it cannot see are, from the end of the draft
    /// on (secret: see `knowledge.rs`).
    pub tracked: crate::knowledge::Knows,
    /// The enchantment card played over each mat enchantment (by rune marker), or [`NONE`]
    /// (L485: a covered mat enchantment does not score, L623).
    pub covered: [u8; 6],
    /// Cards over the mat whose corruption slot holds corruption (bit = rune marker).
    pub card_corrupted: u8,
    /// Extra draw slots from ongoing cards.
    pub draw_bonus: u8,
    /// Rested this round.
    pub rested: bool,
}

/// What is being decided or resolved.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Chance: the next tile drawn from the stack.
    DrawTile,
    /// The player `turn` places this tile.
    PlaceTile(u8),
    /// Chance: the rune token for this site.
    Rune(u8),
    /// Chance: a basic familiar for this seat (first game), or deal `n` of the two per seat
    /// (subsequent games: seat `n / 2`).
    Familiar(u8),
    /// Chance: the next card of the draft packs (seat `n / 7`, subsequent games, L184).
    Pack(u8),
    /// The draft: `turn` keeps a card from its pack (pick `n` of 6; packs pass left after
    /// every second pick, R36).
    Draft(u8),
    /// `turn` keeps one of its two dealt familiars (L188).
    KeepFamiliar,
    /// Draw phase, before drawing: reclaim tokens from actions or start drawing.
    Reclaim,
    /// Chance: the next enchantment card from the deck, drawn by `turn`.
    DrawCard,
    /// Chance: the next token from the bag of `turn`.
    Drawing,
    /// Chance: the next enchantment card Wilwisp reveals from the deck (face up, public).
    Reveal,
    /// The player `turn` places a drawn corruption on a corruption slot.
    Corruption,
    /// Prepare phase of `turn`.
    Prepare,
    /// Action phase: `turn` performs an action or rests.
    Act,
    /// `turn` resolves the top pending effect.
    Resolve,
    /// The game is over.
    Over,
}

/// Where a druid may move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Stride: an adjacent location.
    Adjacent,
    /// Advanced Stride: a different location up to 2 away.
    Within2,
    /// Soar: another air location.
    AirToAir,
    /// Advanced Soar: from air anywhere else, otherwise to an air location.
    SoarAdvanced,
    /// Flow: 1–3 steps along water.
    Flow,
    /// Convoke: another location with a golem.
    Golem,
    /// Paddle: the air golem's location.
    AirGolem,
    /// Astra: a location with wildlife.
    Wildlife,
    /// BurrowPig: any location with earth terrain.
    EarthTerrain,
    /// River 2: optionally an adjacent location.
    RiverAdjacent,
}

/// Where a restoration may go.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum At {
    /// The druid's location.
    Here,
    /// A golem's location.
    Golem(Element),
    /// A location water-connected to the druid's (Ren).
    WaterConnected,
    /// The druid's location or an adjacent one.
    Near,
    /// This location (where a wildlife was called, Peat 1).
    Loc(u8),
    /// Any location without a druid, the player's own included (Quickling, R45).
    NoDruid,
}

/// One effect still to resolve, the top of the stack first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effect {
    /// Move the druid.
    Move(Move),
    /// Move this golem to another location.
    MoveGolem(Element),
    /// Call one wildlife (animal bits) from another location to the druid.
    Call(u8),
    /// Place a restoration (`None` = any type; magic goes anywhere).
    Restore(Option<Element>, At),
    /// Advance on the path of the restoration just placed (magic: a type its spot shows).
    AdvanceRestored,
    /// Advance on this path.
    Advance(Element),
    /// Advance on a path of the player's choice.
    AnyPath,
    /// Choose the branch at the fork of this path, then enter it.
    Branch(Element),
    /// Place a discovered wildlife at or next to the druid.
    Discover(Animal),
    /// A path space's or rune token's reward.
    Reward(Reward, Element),
    /// Mark a golem power (any golem card if `true`, else this golem's).
    GolemToken(Element, bool),
    /// A corruption-slot effect of this spell, if its slot is empty now.
    Cs(Spell),
    /// Transmute: choose 2 core tokens to gain (`first` once the first is chosen).
    Gain2(Option<Token>),
    /// Transmute's corruption slot: assign one of these to an action slot.
    AssignGained(Token, Token),
    /// Cleanse: unbind 1 or purify 1.
    Cleanse,
    /// Gain 1 harmony or unbind.
    HarmonyOrUnbind,
    /// Take a rune site token at the druid's location.
    TakeRune,
    /// Put a rune marker on this site.
    Marker(u8),
    /// Score this wildlife card (immediate VP), then move one to the den.
    ScoreWildlife(Animal),
    /// Move one of this wildlife from the board to the den.
    ToDen(Animal),
    /// Serene: find the paths whose type has a non-magic restoration here (R44).
    SereneStart,
    /// Serene: advance once on each of these paths (element bits), in the order the player
    /// chooses (R44).
    Serene(u8),
    /// Inscribe: keep the mat enchantment of this rune marker or play a hand card over it.
    Enchant(u8),
    /// The parts of this Immediate card still to resolve (bits), in the order the player
    /// chooses (R34).
    CardParts(u8, u8),
    /// Gain this many VP.
    GainVp(u8),
    /// Move a golem to the druid's location.
    GolemHere,
    /// Move a wildlife to a location adjacent to it, then advance on its path.
    NudgeWildlife,
    /// Draw this many enchantment cards (each a chance draw; R35 reshuffles the discard pile
    /// into an empty deck; with both empty nothing is drawn).
    DrawCards(u8),
    /// R42: after an upgrade, the owner picks which of two fitting tokens keeps this slot of
    /// the spell (the other goes to the spent pool).
    KeepOnUpgrade {
        /// The upgraded spell.
        spell: Spell,
        /// The contested slot.
        slot: u8,
        /// The token on it now.
        kept: Placed,
        /// The token that also fits it (now in the spent pool).
        other: Placed,
    },
    /// Ren: purify the corruption its restoration just gave (optional, L659).
    RenPurify,
    /// Astra: advance on a path matching a terrain of the druid's location.
    TerrainPath,
    /// River 1 at rest: purify 1 or gain 1 harmony (optional).
    RiverRest,
    /// Dazzle 1: gain a fae of any kind or upgrade any spell.
    FaeOrUpgrade,
    /// Peat 2: purify 1 (optional), after a move ended on a corrupted border.
    PeatPurify,
    /// Breeze 1: release 1 harmony to put the new wildlife token on its card (optional).
    BreezeAssign(Animal),
    /// Breeze 3: a restoration of any kind where the druid landed after Soar (optional).
    BreezeRestore,
    /// The restoration of a called wildlife at the location it was called to (with Dazzle 3,
    /// magic on a spot of the wildlife's type).
    CallRestore(Element, u8),
    /// Summon fae `0` just gained: release 1 harmony to put its token on its card (optional,
    /// L564).
    Summon(u8),
    /// After fae `fae`'s primary action: release its harmony for the secondary (optional,
    /// L566).
    FaeSecondary {
        /// The fae.
        fae: u8,
        /// The path its primary moved (`memo % 4`) and the column reached (`memo / 4`), for
        /// Wisperwog and Aetherdrake; [`NONE`] before.
        memo: u8,
    },
    /// Wilwisp: reveal this many more enchantment cards from the deck (chance).
    Reveal(u8),
    /// Wilwisp: keep 1 revealed card; the rest go to the discard pile.
    KeepRevealed,
    /// Wilwisp's secondary: play and discard an Immediate card from hand.
    PlayDiscard,
    /// Glimmerglide: unbind up to this many action tokens (each optional).
    UnbindUpTo(u8),
    /// Glimmerglide's secondary: perform a fully prepared spell without paying (R43).
    Replay,
    /// Wisperwog (`lowest`) or Aetherdrake: advance 1 on the lowest path (a tie is the
    /// player's choice) or on any path, remembered for fae `fae`'s secondary.
    FaeAdvance {
        /// The fae whose secondary remembers the path.
        fae: u8,
        /// Only the lowest path markers.
        lowest: bool,
    },
    /// Aetherdrake's secondary: the rewards of the space at column `col` of one of the paths
    /// other than `path` (R22: a branch is chosen where that path forks).
    OtherSpace {
        /// The path the primary moved.
        path: Element,
        /// The column it reached.
        col: u8,
    },
    /// Quickling's secondary: an air restoration where no druid is, or advance on air.
    QuicklingSecondary,
    /// Lunehare: purify 1 corruption from the bag or the spent pool.
    PurifyPool,
    /// Lunehare's secondary: the primary action of any fae.
    CopyFae,
}

/// A pending effect and whether failing to resolve it halts the action (L321) or is skipped
/// (rewards are performed "if possible", L595).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pending {
    /// The effect.
    pub effect: Effect,
    /// Failing halts everything below it.
    pub halts: bool,
}

/// The whole state of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// What is being decided.
    pub phase: Phase,
    /// Round 0–6.
    pub round: u8,
    /// The seat deciding (or whose chance it is).
    pub turn: u8,
    /// The first player this round.
    pub first: u8,
    /// The first seat to rest this round (takes the first-player marker), or [`NONE`].
    pub first_rest: u8,
    /// Seats that finished the current simultaneous phase (setup placement, draw, prepare).
    pub done: u8,
    /// Tiles still in the stack (bit = tile index).
    pub stack: u32,
    /// Cell of each location, or [`NONE`].
    pub cell: [u8; LOCS],
    /// Rotation of each location's tile (0–5).
    pub rot: [u8; LOCS],
    /// Location at each cell, or [`NONE`].
    pub at: ArrayVec<u8, CELLS>,
    /// Restoration spots per location: 0 empty, else 1 + seat × 4 + element.
    pub spots: [[u8; 7]; LOCS],
    /// Wildlife per location and animal.
    pub wildlife: [[u8; 3]; LOCS],
    /// Locations with a corrupted border (bit = location).
    pub borders: u32,
    /// The rune token on each site, or [`NONE`].
    pub site_token: [u8; SITES],
    /// The rune marker on each site: seat × 8 + marker, or [`NONE`].
    pub site_marker: [u8; SITES],
    /// Rune tokens not yet placed on a site (bit = token index).
    pub rune_pool: u32,
    /// Golem locations by element.
    pub golems: [u8; 4],
    /// Druid locations by seat.
    pub druids: [u8; 4],
    /// Wildlife meeples beside the paths: per path, per icon.
    pub meeples: [[u8; 4]; 3],
    /// Action tokens and corruption/harmony tokens in the supply.
    pub supply: [u8; Token::NUM],
    /// Fae cards left per kind.
    pub fae_left: [u8; 8],
    /// Wildlife cards left per animal.
    pub wildlife_cards_left: [u8; 3],
    /// Enchantment cards in the deck, per card kind (its order is unknown to all).
    pub deck: [u8; CARD_KINDS],
    /// The face-up discard pile, per card kind (public, R35).
    pub discard: [u8; CARD_KINDS],
    /// Cards Wilwisp revealed and not yet kept or discarded (face up, public).
    pub revealed: [u8; CARD_KINDS],
    /// Basic familiars not yet dealt (bit = familiar index).
    pub familiars_left: u8,
    /// The players.
    pub players: ArrayVec<Player, 4>,
    /// Effects still to resolve, the last one first.
    pub pending: ArrayVec<Pending, 16>,
    /// The last restoration placed this action: (element, the spot's types).
    pub restored: Option<(Element, u8)>,
}

impl State {
    /// The player to move.
    pub fn me(&self) -> &Player {
        &self.players[self.turn as usize]
    }

    /// The player to move, mutably.
    pub fn me_mut(&mut self) -> &mut Player {
        &mut self.players[self.turn as usize]
    }
}

impl Player {
    /// Draw slots not under a barrier (with those ongoing cards add).
    pub fn open_slots(&self, total: u8) -> u8 {
        (total + self.draw_bonus).saturating_sub(self.barriers)
    }

    /// Tokens on the casting board.
    pub fn drawn_count(&self) -> u8 {
        self.drawn.iter().sum()
    }

    /// Whether a spell is advanced.
    pub fn is_advanced(&self, s: Spell) -> bool {
        self.advanced & (1 << s as u16) != 0
    }

    /// Whether a spell's corruption slot holds corruption.
    pub fn is_corrupted(&self, s: Spell) -> bool {
        self.corrupted & (1 << s as u16) != 0
    }

    /// Whether this golem power is active (marked face up).
    pub fn power(&self, golem: Element, power: usize) -> bool {
        self.golems[golem.index()][power] == 1
    }

    /// Enchantment cards in hand.
    pub fn hand_size(&self) -> u8 {
        self.hand.iter().sum()
    }

    /// Restorations placed so far.
    pub fn placed(&self, per_type: u8) -> u32 {
        self.restorations
            .iter()
            .map(|&left| (per_type - left.min(per_type)) as u32)
            .sum()
    }
}
