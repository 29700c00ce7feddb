//! Decisions, worded as the rulebook words them.

use std::fmt;

use serde::{Deserialize, Serialize};
use sylvan_engine::Seat;

use crate::components::{Animal, Card, Colour, Tile};

/// Where on a board a stone sits.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Spot {
    /// A normal space (0-based, board order).
    Space(u8),
    /// The Spirit Stone bonus space.
    SpiritSpace,
    /// Packrat's Nest.
    Nest,
}

/// One decision of a player or of chance.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Chance: a stone of this colour is drawn from the bag.
    Draw(Colour),
    /// Chance: this card turns up on top of a pile.
    Reveal(Card),
    /// Chance: this animal is one of the five (random setup).
    Animal(Animal),
    /// Choose a face-up action tile and do its action.
    Tile(Tile),
    /// No legal move: flip this face-up tile without doing its action.
    Pass(Tile),
    /// No legal move and no face-up tile: pass.
    PassWithoutTile,
    /// Take a stone of this colour (from the bowl, the bag or the drawn stones, as the step
    /// says).
    Take(Colour),
    /// Place a stone from your hand on one of your boards: `set` is the linked set (0 on a
    /// board with one set; ignored for a Spirit Stone, which goes in the Spirit Stone space).
    Place {
        /// The stone.
        stone: Colour,
        /// Your board.
        animal: Animal,
        /// The linked set.
        set: u8,
    },
    /// Move Coyote to the opponent's board of this animal.
    MoveCoyote(Animal),
    /// Leave Coyote where it is.
    KeepCoyote,
    /// Use the face-up Spirit Power card of a pile (0 = left, 1 = right).
    UseCard {
        /// The pile.
        pile: u8,
        /// The card on top of it.
        card: Card,
    },
    /// Take a stone off a board (Badger, Deer, Seal, Raccoon).
    Remove {
        /// Whose board.
        owner: Seat,
        /// Which board.
        animal: Animal,
        /// Which spot.
        spot: Spot,
        /// The stone there.
        stone: Colour,
    },
    /// Bison: return a stone of this colour from the bowl to the bag.
    Return(Colour),
    /// Fox: your opponent must take this stone from the bowl.
    Give(Colour),
    /// Orca: take every stone of this colour from the bowl.
    TakeAll(Colour),
    /// Orca: return every stone of this colour from the bowl to the bag.
    ReturnAll(Colour),
    /// Spider: name this colour.
    Name(Colour),
    /// Elk: take two non-Spirit Stones from the bowl.
    ElkTwoStones,
    /// Elk: take a Spirit Stone from the bowl and another turn.
    ElkSpiritStone,
    /// Porcupine: take all the stones from this board of yours.
    Empty(Animal),
    /// Squirrel: draw another stone.
    DrawAnother,
    /// Squirrel: stop drawing.
    StopDrawing,
}

fn stone(c: Colour) -> String {
    if c.is_spirit() {
        "Spirit Stone".into()
    } else {
        format!("{c} stone")
    }
}

/// "a" or "an" before a stone's name.
fn a(c: Colour) -> &'static str {
    if matches!(c, Colour::Orange) {
        "an"
    } else {
        "a"
    }
}

/// The name of a linked set as a player would say it.
pub fn set_name(animal: Animal, set: u8) -> &'static str {
    match (animal, set) {
        (Animal::Beaver | Animal::Moth, 0) => "3-of-a-kind",
        (Animal::Beaver, _) => "pair",
        (Animal::Moth, _) => "single",
        (Animal::Owl, 0) => "first pair",
        (Animal::Owl, 1) => "second pair",
        (Animal::Owl, _) => "third pair",
        _ => "",
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Draw(c) => write!(
                f,
                "{} {} is drawn from the bag",
                if a(c) == "an" { "An" } else { "A" },
                stone(c)
            ),
            Action::Reveal(card) => write!(f, "{card} turns up on top of a pile"),
            Action::Animal(a) => write!(f, "{a} is one of the five animals"),
            Action::Tile(t) => write!(f, "{t}"),
            Action::Pass(t) => write!(f, "Pass, flipping {t} face down"),
            Action::PassWithoutTile => write!(f, "Pass"),
            Action::Take(c) => write!(f, "Take {} {}", a(c), stone(c)),
            Action::Place {
                stone: c,
                animal,
                set,
            } => {
                if c.is_spirit() {
                    write!(f, "Place a Spirit Stone on {animal}'s Spirit Stone space")
                } else {
                    match set_name(animal, set) {
                        "" => write!(f, "Place {} {} on {animal}", a(c), stone(c)),
                        name => write!(f, "Place {} {} on {animal} ({name})", a(c), stone(c)),
                    }
                }
            }
            Action::MoveCoyote(a) => write!(f, "Move Coyote to your opponent's {a}"),
            Action::KeepCoyote => write!(f, "Leave Coyote where it is"),
            Action::UseCard { pile, card } => {
                let side = if pile == 0 { "left" } else { "right" };
                write!(f, "Use {card} ({side} pile)")
            }
            Action::Remove {
                owner,
                animal,
                spot,
                stone: c,
            } => {
                let place = spot_text(spot);
                write!(
                    f,
                    "Remove the {} from {owner}'s {animal}, {place}",
                    stone(c)
                )
            }
            Action::Return(c) => write!(f, "Return {} {} from the bowl to the bag", a(c), stone(c)),
            Action::Give(c) => write!(f, "Your opponent must take {} {}", a(c), stone(c)),
            Action::TakeAll(c) => write!(f, "Take every {} from the bowl", stone(c)),
            Action::ReturnAll(c) => write!(f, "Return every {} from the bowl to the bag", stone(c)),
            Action::Name(c) => write!(f, "Name {c}"),
            Action::ElkTwoStones => write!(f, "Take two non-Spirit Stones from the bowl"),
            Action::ElkSpiritStone => {
                write!(f, "Take one Spirit Stone from the bowl and another turn")
            }
            Action::Empty(a) => write!(f, "Take all the stones from your {a}"),
            Action::DrawAnother => write!(f, "Draw another stone"),
            Action::StopDrawing => write!(f, "Stop drawing"),
        }
    }
}

/// "You" for the viewer, else "Player 2".
fn subject(who: Seat, viewer: Option<Seat>) -> String {
    if viewer == Some(who) {
        "You".into()
    } else {
        who.to_string()
    }
}

/// "your" for the viewer's, else "Player 2's".
fn owner(whose: Seat, viewer: Option<Seat>) -> String {
    if viewer == Some(whose) {
        "your".into()
    } else {
        format!("{whose}'s")
    }
}

/// "you" for the viewer, else "Player 2".
fn object(who: Seat, viewer: Option<Seat>) -> String {
    if viewer == Some(who) {
        "you".into()
    } else {
        who.to_string()
    }
}

impl Action {
    /// What `who` did, told to `viewer` ("Player 2 moved Coyote to your Rabbit"): the log's
    /// words, where [`Display`](fmt::Display) gives the chooser's ("Move Coyote to your
    /// opponent's Rabbit").
    pub fn told(&self, who: Seat, viewer: Option<Seat>) -> String {
        let me = subject(who, viewer);
        // The mover's own things: "your" to the mover, "their" to everyone else.
        let mine = if viewer == Some(who) { "your" } else { "their" };
        let other = crate::State::opponent(who);
        match *self {
            Action::Tile(t) => format!("{me} chose {t}"),
            Action::Pass(t) => format!("{me} passed, flipping {t} face down"),
            Action::PassWithoutTile => format!("{me} passed"),
            Action::Take(c) => format!("{me} took {} {}", a(c), stone(c)),
            Action::Place {
                stone: c,
                animal,
                set,
            } => {
                if c.is_spirit() {
                    format!("{me} placed a Spirit Stone on {mine} {animal}'s Spirit Stone space")
                } else {
                    match set_name(animal, set) {
                        "" => format!("{me} placed {} {} on {mine} {animal}", a(c), stone(c)),
                        name => format!(
                            "{me} placed {} {} on {mine} {animal} ({name})",
                            a(c),
                            stone(c)
                        ),
                    }
                }
            }
            Action::MoveCoyote(animal) => {
                format!("{me} moved Coyote to {} {animal}", owner(other, viewer))
            }
            Action::KeepCoyote => format!("{me} left Coyote where it is"),
            Action::UseCard { pile, card } => {
                let side = if pile == 0 { "left" } else { "right" };
                format!("{me} used {card} ({side} pile)")
            }
            Action::Remove {
                owner: whose,
                animal,
                spot,
                stone: c,
            } => {
                let place = spot_text(spot);
                format!(
                    "{me} removed the {} from {} {animal}, {place}",
                    stone(c),
                    owner(whose, viewer)
                )
            }
            Action::Return(c) => format!(
                "{me} returned {} {} from the bowl to the bag",
                a(c),
                stone(c)
            ),
            Action::Give(c) => format!(
                "{me} chose {} {} for {} to take (Fox)",
                a(c),
                stone(c),
                object(other, viewer)
            ),
            Action::TakeAll(c) => format!("{me} took every {} from the bowl", stone(c)),
            Action::ReturnAll(c) => {
                format!("{me} returned every {} from the bowl to the bag", stone(c))
            }
            Action::Name(c) => format!("{me} named {c} (Spider)"),
            Action::ElkTwoStones => format!("{me} chose two non-Spirit Stones from the bowl (Elk)"),
            Action::ElkSpiritStone => format!(
                "{me} chose a Spirit Stone from the bowl and another turn (Elk): an extra turn \
                 at the end of this turn"
            ),
            Action::Empty(animal) => {
                format!("{me} took all the stones from {mine} {animal} (Porcupine)")
            }
            Action::DrawAnother => format!("{me} drew another stone (Squirrel)"),
            Action::StopDrawing => format!("{me} stopped drawing (Squirrel)"),
            Action::Draw(_) | Action::Reveal(_) | Action::Animal(_) => self.to_string(),
        }
    }
}

/// Where on a board a stone sits, as the action list and the log both say it.
fn spot_text(spot: Spot) -> String {
    match spot {
        Spot::Space(i) => format!("space {}", i + 1),
        Spot::SpiritSpace => "the Spirit Stone space".into(),
        Spot::Nest => "the Nest".into(),
    }
}
