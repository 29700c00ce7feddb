//! The mutable state: stones, boards, tiles, Coyote, the Spirit Power piles and the stack of
//! pending steps that says who decides what next.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use sylvan_engine::Seat;

use crate::components::{Animal, Card, Colour, MAX_SPACES};

/// Counts of stones by colour (indexed by [`Colour::index`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Stones(pub [u8; Colour::NUM]);

impl Stones {
    /// How many stones of `c`.
    pub fn get(&self, c: Colour) -> u8 {
        self.0[c.index()]
    }
    /// All stones.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }
    /// Regular (non-Spirit) stones.
    pub fn regular(&self) -> u32 {
        self.total() - self.get(Colour::Spirit) as u32
    }
    /// Adds `n` stones of `c`.
    pub fn add(&mut self, c: Colour, n: u8) {
        self.0[c.index()] = self.0[c.index()].saturating_add(n);
    }
    /// Removes one stone of `c`; false if there is none.
    pub fn take(&mut self, c: Colour) -> bool {
        let slot = &mut self.0[c.index()];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        true
    }
    /// Moves every stone into `other`.
    pub fn pour_into(&mut self, other: &mut Stones) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter_mut()) {
            *b = b.saturating_add(*a);
            *a = 0;
        }
    }
    /// The colours present, in colour order.
    pub fn colours(&self) -> impl Iterator<Item = Colour> + '_ {
        Colour::ALL.iter().copied().filter(|c| self.get(*c) > 0)
    }
}

/// One animal board of one player.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// The normal spaces, in board order.
    pub spaces: [Option<Colour>; MAX_SPACES],
    /// Whether the Spirit Stone space holds a Spirit Stone (closing the board).
    pub spirit: bool,
    /// Packrat's Nest.
    pub nest: Stones,
}

impl Board {
    /// Stones on the board: normal spaces, Spirit Stone space and Nest.
    pub fn stone_count(&self) -> u32 {
        self.spaces.iter().flatten().count() as u32 + u32::from(self.spirit) + self.nest.total()
    }
    /// Adds the board's stones to `counts`.
    pub fn count_into(&self, counts: &mut Stones) {
        for c in self.spaces.iter().flatten() {
            counts.add(*c, 1);
        }
        if self.spirit {
            counts.add(Colour::Spirit, 1);
        }
        for c in Colour::ALL {
            counts.add(c, self.nest.get(c));
        }
    }
}

/// Where stones are taken from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Source {
    /// The bowl.
    Bowl,
    /// The bag, by choice (Otter).
    Bag,
    /// The stones drawn by Squirrel.
    Pool,
}

/// Which stones a take allows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Only {
    /// Any stone.
    Any,
    /// Regular stones only (Elk's first option).
    Regular,
    /// A Spirit Stone only (Elk's second option).
    Spirit,
}

/// Where drawn stones go.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Dest {
    /// Into the bowl.
    Bowl,
    /// Into a player's hand, to be placed.
    Hand(Seat),
    /// Into a player's Packrat Nest.
    Nest(Seat),
    /// Into the drawn pool (Squirrel).
    Pool,
    /// Into Spider's drawn stones.
    SpiderPool,
}

/// A pending step. The top of the stack decides who acts: a seat, chance, or (for automatic
/// steps) nobody until it has run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// Chance picks one of the five animals (random setup).
    ChooseAnimal,
    /// Chance reveals the top card of a pile, if it is not known yet.
    RevealTop(u8),
    /// Chance draws regular stones into the bowl at setup (Spirit Stones drawn go back).
    SetupBowl(u8),
    /// The current player chooses an action tile (or passes).
    ChooseTile,
    /// `who` takes `n` stones from `from`, one decision each.
    Take {
        /// Who takes.
        who: Seat,
        /// How many are left to take.
        n: u8,
        /// From where.
        from: Source,
        /// Which stones are allowed.
        only: Only,
    },
    /// `who` places every stone in their hand.
    Place {
        /// Who places.
        who: Seat,
    },
    /// Skunk: `who` takes one stone from the bowl, which alone may go on a board Coyote
    /// blocks.
    SkunkTake(Seat),
    /// Chance draws `n` stones from the bag into `to`.
    Draw {
        /// How many are left to draw.
        n: u8,
        /// Where they go.
        to: Dest,
    },
    /// `who` may move Coyote to one of the opponent's boards.
    MayMoveCoyote(Seat),
    /// `who` chooses one of the two face-up Spirit Power cards.
    ChooseCard(Seat),
    /// The card used from this pile goes to the bottom (automatic).
    CardToBottom(u8),
    /// Badger: `who` returns a stone from Coyote's board to the bowl.
    BadgerReturn(Seat),
    /// Deer (to the bowl) or Seal (to the bag): `who` removes a stone from their boards.
    RemoveOwn {
        /// Who removes.
        who: Seat,
        /// To the bag (Seal) rather than the bowl (Deer).
        to_bag: bool,
    },
    /// Raccoon: `who` takes a regular stone from any board.
    RaccoonTake(Seat),
    /// Bison: `who` returns a stone from the bowl to the bag.
    ReturnOne(Seat),
    /// Fox: `who` chooses a stone in the bowl for the opponent.
    FoxGive(Seat),
    /// Orca: `who` takes every stone of a colour in the bowl.
    OrcaTake(Seat),
    /// Orca: `who` (the opponent) returns every stone of a colour in the bowl to the bag.
    OrcaReturn(Seat),
    /// Elk: `who` chooses one of the two options.
    Elk(Seat),
    /// Porcupine: `who` empties one of their boards.
    Porcupine(Seat),
    /// Spider: `who` names a colour.
    SpiderName(Seat),
    /// Spider: `who` takes the named colour from the drawn stones (automatic).
    SpiderResolve(Seat, Colour),
    /// Squirrel: `who` draws another stone or stops.
    SquirrelMore(Seat),
    /// The drawn pool goes back to the bag, and the stones an outer Squirrel drew (set aside
    /// while this one ran) come back as the drawn pool (automatic).
    ReturnPool(Stones),
    /// Bear: the bowl goes back to the bag and as many are drawn (automatic).
    BearCycle(Seat),
    /// Vulture: the bowl goes back to the bag (automatic).
    VultureReturn,
    /// `who` takes an extra turn at the end of this turn (automatic).
    ExtraTurn(Seat),
    /// The turn ends: extra turns, the end check, the next player (automatic).
    EndTurn,
}

/// The deepest the step stack can go.
pub const MAX_STEPS: usize = 64;

/// Bits of [`State::face_down`]: the two Take One Stone tiles, then the other four.
pub const TAKE_ONE_BITS: u8 = 0b11;

/// The bit of a tile (for Take One Stone, the first of its two bits).
pub const fn tile_bit(tile: crate::components::Tile) -> u8 {
    use crate::components::Tile;
    match tile {
        Tile::TakeOne => 0b1,
        Tile::TakeTwo => 1 << 2,
        Tile::AddTwo => 1 << 3,
        Tile::AddThree => 1 << 4,
        Tile::Recover => 1 << 5,
    }
}

/// All six tiles face down.
pub const ALL_TILES: u8 = 0b11_1111;

/// The whole game state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// The five animals both players use, in board order (fewer while setup chooses them).
    pub animals: ArrayVec<Animal, 5>,
    /// Each player's boards, in the order of `animals`.
    pub boards: [[Board; 5]; 2],
    /// The cloth bag.
    pub bag: Stones,
    /// The bowl.
    pub bowl: Stones,
    /// Stones drawn by Spider or Squirrel, not yet taken or returned.
    pub pool: Stones,
    /// Stones each player has taken and must place.
    pub hands: [Stones; 2],
    /// Porcupine: for each player and board (index into `animals`), the stones in the hand
    /// that came off that board and cannot go back onto it. Each card keeps its own board's
    /// ban, so a Porcupine used through the Moth does not lift the first one's.
    pub porcupine: [[Stones; 5]; 2],
    /// Skunk: the stones in each hand that Skunk took; only these may go on the board Coyote
    /// blocks ("you may place *this stone* on an animal being blocked by Coyote").
    pub skunk: [Stones; 2],
    /// Stones drawn by Spider, kept apart from Squirrel's so a nested card cannot mix them.
    pub spider_pool: Stones,
    /// Each player's face-down tiles (see [`tile_bit`]).
    pub face_down: [u8; 2],
    /// The board Coyote is on: whose, and which (index into `animals`).
    pub coyote: Option<(Seat, u8)>,
    /// The two Spirit Power piles, top first; `None` is a card nobody has seen yet.
    pub piles: [[Option<Card>; 3]; 2],
    /// How many of each card could still be the unseen ones.
    pub unseen: [u8; Card::NUM],
    /// Whose turn it is.
    pub current: Seat,
    /// Whose normal turn it is (extra turns do not change it).
    pub normal: Seat,
    /// Extra turns owed, in the order they were triggered.
    pub extra_turns: ArrayVec<Seat, 8>,
    /// Pending steps, the next on top (last).
    pub steps: ArrayVec<Step, MAX_STEPS>,
    /// Stones that went back to the bowl because they could not be placed, during the last
    /// decision (for the log).
    pub returned: [Stones; 2],
    /// The Spirit Power cards each player chose from a pile (a bit per card), for designer
    /// reports: the rules never read it.
    #[serde(default)]
    pub cards_used: [u64; 2],
    /// Turns completed.
    pub turns: u16,
    /// Whether the game is over.
    pub over: bool,
}

impl State {
    /// The opponent of `seat`.
    pub fn opponent(seat: Seat) -> Seat {
        Seat(1 - seat.0)
    }

    /// Spirit Stones out of the bag (bowl, boards, nests, hands and pool all count).
    pub fn spirits_out(&self, in_box: u8) -> u8 {
        in_box.saturating_sub(self.bag.get(Colour::Spirit))
    }

    /// The board index of `animal`, if it is in play.
    pub fn board_of(&self, animal: Animal) -> Option<usize> {
        self.animals.iter().position(|&a| a == animal)
    }

    /// Pushes steps so that they run in the order given.
    pub fn push_steps(&mut self, steps: &[Step]) {
        for s in steps.iter().rev() {
            // The rules keep nesting below the bound (see `Spirits::moth`); a full stack drops
            // the step rather than panicking on a malformed state.
            let pushed = self.steps.try_push(*s);
            debug_assert!(pushed.is_ok(), "the step stack is full");
        }
    }

    /// Every stone in the game by colour, wherever it is.
    pub fn all_stones(&self) -> Stones {
        let mut counts = Stones::default();
        for pile in [
            &self.bag,
            &self.bowl,
            &self.pool,
            &self.spider_pool,
            &self.hands[0],
            &self.hands[1],
        ] {
            for c in Colour::ALL {
                counts.add(c, pile.get(c));
            }
        }
        for side in &self.boards {
            for b in side {
                b.count_into(&mut counts);
            }
        }
        for step in &self.steps {
            if let Step::ReturnPool(held) = step {
                for c in Colour::ALL {
                    counts.add(c, held.get(c));
                }
            }
        }
        counts
    }
}
