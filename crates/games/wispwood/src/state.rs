//! The mutable state of a game: forests, pond, tile stacks, goal cards, scores.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use sylvan_engine::Seat;

use crate::board::{self, bit, Mask};
use crate::components::{Wisp, POND};

/// One player's forest.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forest {
    /// Squares holding a tree tile (the tile under the cat excluded).
    pub trees: Mask,
    /// Squares holding each wisp type (jack, heart, witch, orb).
    pub wisps: [Mask; 4],
    /// The cat's square.
    pub cat: u8,
    /// Whether a tile lies under the cat (from round 2 on, the tree it was moved onto).
    pub cat_tile: bool,
    /// Whether the cat is ready (false: hidden).
    pub cat_ready: bool,
}

impl Forest {
    /// A forest that is just its cat, in the middle of the board.
    pub fn new() -> Forest {
        Forest {
            trees: 0,
            wisps: [0; 4],
            cat: board::square(board::SIDE / 2, board::SIDE / 2),
            cat_tile: false,
            cat_ready: true,
        }
    }

    /// Every wisp's square.
    pub fn all_wisps(&self) -> Mask {
        self.wisps.iter().fold(0, |a, &m| a | m)
    }

    /// Every filled square: trees, wisps and the cat.
    pub fn occupied(&self) -> Mask {
        self.trees | self.all_wisps() | bit(self.cat)
    }

    /// Filled squares (the cat's included).
    pub fn filled(&self) -> u32 {
        self.occupied().count_ones()
    }

    /// Tiles in the forest (the cat's square counts only if a tile is under it).
    pub fn tiles(&self) -> u32 {
        self.trees.count_ones() + self.all_wisps().count_ones() + self.cat_tile as u32
    }

    /// The wisp on a square, if any.
    pub fn wisp_at(&self, sq: u8) -> Option<Wisp> {
        Wisp::ALL
            .iter()
            .copied()
            .find(|w| self.wisps[w.index()] & bit(sq) != 0)
    }

    /// How many of a wisp type the forest holds.
    pub fn count(&self, w: Wisp) -> u32 {
        self.wisps[w.index()].count_ones()
    }

    /// Builds a forest from rows of text, for tests and examples: `T` tree, `C` cat (on a
    /// tile when `cat_tile`), `J` `H` `W` `O` wisps, `.` empty. The text's top-left square is
    /// placed at (`top`, `left`).
    pub fn from_rows(rows: &[&str], top: usize, left: usize) -> Option<Forest> {
        let mut f = Forest {
            trees: 0,
            wisps: [0; 4],
            cat: u8::MAX,
            cat_tile: false,
            cat_ready: true,
        };
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
                if top + r >= board::SIDE || left + c >= board::SIDE {
                    return None;
                }
                let sq = board::square(top + r, left + c);
                match ch {
                    'T' => f.trees |= bit(sq),
                    'C' => f.cat = sq,
                    'J' => f.wisps[0] |= bit(sq),
                    'H' => f.wisps[1] |= bit(sq),
                    'W' => f.wisps[2] |= bit(sq),
                    'O' => f.wisps[3] |= bit(sq),
                    '.' => {}
                    _ => return None,
                }
            }
        }
        (f.cat != u8::MAX).then_some(f)
    }
}

impl Default for Forest {
    fn default() -> Self {
        Forest::new()
    }
}

/// Where the game is: what is being decided now.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Chance: the goal card of a category (index into `Category::ALL`) is dealt.
    Goal(u8),
    /// Chance: the start player is chosen.
    StartPlayer,
    /// Chance: the next tile dealt to the pond shows its wisp; `left` tiles still to deal.
    Deal {
        /// Tiles still to deal.
        left: u8,
        /// Whether Catty takes a wisp once the deal is done (solo).
        catty: bool,
    },
    /// Chance (solo): the wisp type on the next level of Catty's scoring guide, highest first.
    CattyGuide(u8),
    /// Solo: the player chooses the pond space where Catty's cat replaces a wisp.
    CattyStart,
    /// Chance (solo): Catty's next firefly token is turned over.
    Firefly,
    /// The player to move chooses a turn.
    TurnStart,
    /// The player chooses one of the shapes for the wisp on `space`.
    Shape {
        /// The pond space of the chosen wisp.
        space: u8,
        /// Whether the cat was hidden to use any shape of the pond.
        any: bool,
    },
    /// The player turns the chosen shape.
    Orient {
        /// The pond space of the chosen wisp.
        space: u8,
        /// The chosen shape (ring index).
        shape: u8,
    },
    /// The player puts the turned shape down.
    Anchor {
        /// The pond space of the chosen wisp.
        space: u8,
        /// The chosen shape (ring index).
        shape: u8,
        /// The chosen orientation.
        orient: u8,
    },
    /// The player chooses which square of the placed shape holds the wisp.
    WispSquare {
        /// The pond space of the chosen wisp.
        space: u8,
        /// The chosen shape (ring index).
        shape: u8,
        /// The chosen orientation.
        orient: u8,
        /// The square of the shape's top-left corner.
        anchor: u8,
    },
    /// A tree turn: `placed` trees so far.
    Trees {
        /// Trees placed this turn.
        placed: u8,
    },
    /// Between rounds: the player to move may move their cat to a tree.
    MoveCat,
    /// The game is over.
    Over,
}

/// Points of one round, per category: the five goal cards (trees, jacks, hearts, witches,
/// orbs) and the grid bonus.
pub type RoundScore = [i32; 6];

/// Catty, the ghost player of the solo game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Catty {
    /// The pond space of Catty's cat (`u8::MAX` before it is placed).
    pub space: u8,
    /// The wisp type on each level of the scoring guide, highest first.
    pub ranks: [Option<Wisp>; 4],
    /// Catty's wisps, per type (jack, heart, witch, orb).
    pub wisps: [u8; 4],
    /// The firefly tokens not turned this round (bit `i`: token `i` of the components).
    pub unturned: u8,
    /// Tokens still to turn this round.
    pub flips_left: u8,
    /// The face-up firefly: how many wisps Catty's cat sees (0: none yet this round).
    pub firefly: u8,
    /// Catty's points per round.
    pub scores: [i32; 3],
}

/// The whole state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The round, 0-based (0, 1, 2).
    pub round: u8,
    /// What is being decided.
    pub phase: Phase,
    /// The player to move (or last to move).
    pub current: Seat,
    /// The start player.
    pub start: Seat,
    /// The goal card in play per category (index into the components' cards).
    pub goals: [u8; 5],
    /// Each player's forest.
    pub forests: ArrayVec<Forest, 4>,
    /// The pond's wisp spaces; space `i` lies between shapes `i` and `i + 1`.
    pub pond: [Option<Wisp>; POND],
    /// Tiles whose wisp side nobody has seen, per type: the stacks and every tree in a forest.
    pub unseen: [u16; 4],
    /// Tiles in the stacks.
    pub stacks: u16,
    /// The face-up discard pile, per type.
    pub discard: [u16; 4],
    /// After the discard pile was reshuffled into the stacks: the wisp sides of those tiles not
    /// yet turned face up, per type. Everyone saw them, so the next tile dealt from that stack
    /// is one of these (tiles drawn face down as trees are interchangeable with the rest).
    #[serde(default)]
    pub known: [u16; 4],
    /// The player who first filled their grid this round.
    pub ender: Option<Seat>,
    /// Points per player per round (filled at each round's end).
    pub scores: ArrayVec<[RoundScore; 3], 4>,
    /// Turns taken so far (all players).
    pub turns: u32,
    /// Catty, in the solo game.
    pub catty: Option<Catty>,
}

impl State {
    /// The forest of a seat.
    pub fn forest(&self, seat: Seat) -> &Forest {
        &self.forests[seat.index()]
    }

    /// The pond's wisps, with their spaces.
    pub fn pond_wisps(&self) -> impl Iterator<Item = (u8, Wisp)> + '_ {
        self.pond
            .iter()
            .enumerate()
            .filter_map(|(i, w)| w.map(|w| (i as u8, w)))
    }
}
