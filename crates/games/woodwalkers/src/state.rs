//! The mutable state: where every animal stands, wounds, the forest tiles, the battle mode
//! tiles, the scores, and the step that says who decides what next.

use serde::{Deserialize, Serialize};
use sylvan_engine::Seat;

use crate::components::{Animal, Category, Cell, ANIMALS, MAX_FOREST, MAX_KINDS};

/// Players at most.
pub const MAX_PLAYERS: usize = 4;

/// One light space of the board.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Space {
    /// A face-down forest tile lies on it (what it is, nobody knows yet).
    #[default]
    FaceDown,
    /// Its tile was taken (medicine, die or points): an open space.
    Open,
    /// A face-up flag worth this much.
    Flag(u8),
}

/// A duel in progress, its animals named by the spaces they came from and fought over.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Duel {
    /// Who moved onto the other animal's space.
    pub challenger: Seat,
    /// Who was there.
    pub defender: Seat,
    /// Where the challenger's animal stands (it moved from here).
    pub origin: Cell,
    /// The space fought over, where the defender's animal stands.
    pub target: Cell,
    /// The duelling animals, once turned over (challenger, defender).
    pub animals: Option<[Animal; 2]>,
    /// Each side's die (challenger, defender); 0 before rolling.
    pub rolls: [u8; 2],
    /// +1 for the right guesser, or for the challenger after a wrong guess (Midnight Duel).
    pub bonus: [u8; 2],
    /// The guess, if one was made.
    pub guess: Option<Animal>,
    /// Who lost (0 challenger, 1 defender), once decided.
    pub loser: Option<u8>,
    /// Which duellists (challenger, defender) have let the duel be decided since the dice
    /// or wounds last changed.
    pub passed: [bool; 2],
}

/// Who decides what next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// Setup: `current` puts an animal on its next starting space (a seat decides, or chance
    /// for a random arrangement).
    Arrange,
    /// Chance turns a battle mode tile face up (`setup`: until enough are face up).
    DrawMode {
        /// Whether this is setup's first turning up.
        setup: bool,
    },
    /// The marker holder chooses the round's battle mode.
    ChooseMode,
    /// `current` rolls or skips (and may use medicine first).
    TurnStart,
    /// Chance rolls the mover's die.
    MoveDie,
    /// `current` chooses an animal to move (or rerolls).
    AfterRoll,
    /// `current` chooses where the selected animal goes.
    Destination,
    /// Chance turns over the forest tile on this space.
    Reveal(Cell),
    /// The challenged player guesses the attacker (Midnight Duel).
    Guess,
    /// A duellist (0 challenger, 1 defender) may use medicine before rolling.
    DuelPrep(u8),
    /// Chance rolls a duellist's die.
    DuelDie(u8),
    /// Both dice are known: a duellist (the one currently losing first) may reroll its own
    /// die with a die tile or use medicine before the duel is decided.
    DuelReroll(u8),
    /// The loser's owner chooses its starting space.
    Retreat,
    /// The winning challenger takes the space or stays.
    WinnerMove,
    /// Before the final scoring, `current` may use medicine (wounds break ties).
    LastMedicine,
    /// The game is over.
    Over,
}

/// Everything that changes during a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// Where each animal stands, by colour and animal ([`Cell::NONE`]: not on the board).
    pub pos: [[Cell; ANIMALS]; MAX_PLAYERS],
    /// Animals out of the game (a bit per animal), by colour.
    pub removed: [u8; MAX_PLAYERS],
    /// Wound tiles on each animal card.
    pub wounds: [[u8; ANIMALS]; MAX_PLAYERS],
    /// Animals turned over in a duel (a bit per animal), by colour: everyone saw them.
    pub revealed: [u8; MAX_PLAYERS],
    /// The light spaces, in the order of the component data.
    pub forest: [Space; MAX_FOREST],
    /// The face-down forest tiles left, by kind (public: the mix minus what was turned over).
    pub mix: [u8; MAX_KINDS],
    /// Sherri's Medicine tiles each player holds.
    pub medicine: [u8; MAX_PLAYERS],
    /// Die tiles each player holds.
    pub die_tiles: [u8; MAX_PLAYERS],
    /// Points from duels won.
    pub duel_points: [u16; MAX_PLAYERS],
    /// Points from points tiles.
    pub tile_points: [u16; MAX_PLAYERS],
    /// Face-up battle mode tiles by category.
    pub modes_up: [u8; 4],
    /// Face-down battle mode tiles by category (public by counting).
    pub stack: [u8; 4],
    /// Battle mode tiles chosen in past and present rounds by category.
    pub discarded: [u8; 4],
    /// The battle mode categories each seat chose as marker holder (a bit per category, by
    /// `Category::index`), for designer reports: the rules never read it.
    #[serde(default)]
    pub modes_chosen: [u8; MAX_PLAYERS],
    /// The category of this round's duels.
    pub mode: Option<Category>,
    /// Who holds the battle mode marker.
    pub holder: Seat,
    /// Whose turn it is (during setup: who is arranging).
    pub current: Seat,
    /// Rounds started (1-based once the first battle mode is chosen).
    pub round: u8,
    /// Whether this round is the final roll.
    pub last_round: bool,
    /// The mover's die (0 before rolling).
    pub roll: u8,
    /// The animal chosen to move.
    pub selected: Cell,
    /// The duel in progress.
    pub duel: Option<Duel>,
    /// What is decided next.
    pub step: Step,
}

impl State {
    /// Which of `colour`'s animals stands on `cell`.
    pub fn animal_at(&self, colour: usize, cell: Cell) -> Option<Animal> {
        let row = self.pos.get(colour)?;
        if !cell.on_grid() {
            return None;
        }
        row.iter()
            .position(|&c| c == cell)
            .and_then(Animal::from_index)
    }

    /// Which colour's animal stands on `cell`, and which animal.
    pub fn occupant(&self, players: usize, cell: Cell) -> Option<(usize, Animal)> {
        (0..players.min(MAX_PLAYERS)).find_map(|c| self.animal_at(c, cell).map(|a| (c, a)))
    }

    /// The cells occupied by `colour`'s animals, as a mask.
    pub fn occupied_by(&self, colour: usize) -> u128 {
        self.pos
            .get(colour)
            .map(|row| row.iter().fold(0, |m, c| m | c.bit()))
            .unwrap_or(0)
    }

    /// Whether an animal is out of the game.
    pub fn is_removed(&self, colour: usize, animal: Animal) -> bool {
        self.removed.get(colour).copied().unwrap_or(0) & (1 << animal.index()) != 0
    }

    /// The wound tiles on the cards of `colour`'s animals still in the game.
    pub fn total_wounds(&self, colour: usize) -> u32 {
        Animal::ALL
            .iter()
            .filter(|&&a| !self.is_removed(colour, a))
            .map(|&a| self.wounds[colour][a.index()] as u32)
            .sum()
    }

    /// The true score (the scoreboard wraps, this does not), without flags.
    pub fn board_points(&self, colour: usize) -> u32 {
        self.duel_points[colour] as u32 + self.tile_points[colour] as u32
    }
}
