//! The ids of the drawn elements a click on the board can pick (`data-target` in the SVG), shared
//! by the drawing and [`Game::action_targets`](sylvan_engine::Game::action_targets) so the two
//! cannot drift apart.

use sylvan_engine::Seat;

use crate::components::{Animal, Colour, Tile};
use crate::state::{Source, State, Step};
use crate::{Action, Spirits, Spot};

/// A name as an id part: lower case, words joined by '-' ("Gila Monster" -> "gila-monster").
pub(crate) fn slug(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for ch in name.chars() {
        if ch.is_ascii_alphanumeric() {
            out.push(ch.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// "p1" for Player 1.
fn seat(s: Seat) -> String {
    format!("p{}", s.0 + 1)
}

/// One of a player's six action tiles, by its place in the row (the two Take One Stone tiles
/// are 0 and 1).
pub(crate) fn tile(s: Seat, index: usize) -> String {
    let t = TILE_ROW.get(index).copied().unwrap_or(Tile::Recover);
    match index {
        0 | 1 => format!("{}-tile-{}-{}", seat(s), slug(t.name()), index + 1),
        _ => format!("{}-tile-{}", seat(s), slug(t.name())),
    }
}

/// The tiles in the order they are drawn.
pub(crate) const TILE_ROW: [Tile; 6] = [
    Tile::TakeOne,
    Tile::TakeOne,
    Tile::TakeTwo,
    Tile::AddTwo,
    Tile::AddThree,
    Tile::Recover,
];

/// A board's name bar (Coyote moves there; Porcupine empties it).
pub(crate) fn board(s: Seat, animal: Animal) -> String {
    format!("{}-{}", seat(s), slug(animal.name()))
}

/// A normal space of a board (1-based, as the text counts them).
pub(crate) fn space(s: Seat, animal: Animal, number: usize) -> String {
    format!("{}-space-{number}", board(s, animal))
}

/// A board's Spirit Stone space.
pub(crate) fn spirit_space(s: Seat, animal: Animal) -> String {
    format!("{}-spirit", board(s, animal))
}

/// The stones of one colour in Packrat's Nest.
pub(crate) fn nest(s: Seat, animal: Animal, c: Colour) -> String {
    format!("{}-nest-{}", board(s, animal), slug(c.name()))
}

/// The stones of one colour a player has taken and not yet placed.
pub(crate) fn hand(s: Seat, c: Colour) -> String {
    format!("{}-hand-{}", seat(s), slug(c.name()))
}

/// The stones of one colour in the bowl, the bag or the drawn stones ("bowl", "bag", "drawn").
pub(crate) fn stones(place: &str, c: Colour) -> String {
    format!("{place}-{}", slug(c.name()))
}

/// A Spirit Power pile's face-up card (0 = left).
pub(crate) fn pile(p: u8) -> String {
    if p == 0 { "card-left" } else { "card-right" }.into()
}

/// The Coyote figure.
pub(crate) const COYOTE: &str = "coyote";

impl Spirits {
    /// The drawn elements `a` acts on at `s`.
    pub(crate) fn targets(&self, s: &State, a: Action) -> Vec<String> {
        let me = s.current;
        let Some(&step) = s.steps.last() else {
            return Vec::new();
        };
        match a {
            Action::Tile(t) | Action::Pass(t) => {
                let down = s.face_down[me.index()];
                TILE_ROW
                    .iter()
                    .enumerate()
                    .filter(|&(i, &x)| {
                        let bit = if i == 1 {
                            0b10
                        } else {
                            crate::state::tile_bit(x)
                        };
                        x == t && down & bit == 0
                    })
                    .map(|(i, _)| tile(me, i))
                    .collect()
            }
            Action::Take(c) => {
                let place = match step {
                    Step::Take {
                        from: Source::Bag, ..
                    } => "bag",
                    Step::Take {
                        from: Source::Pool, ..
                    } => "drawn",
                    _ => "bowl",
                };
                vec![stones(place, c)]
            }
            Action::Return(c) | Action::Give(c) | Action::TakeAll(c) | Action::ReturnAll(c) => {
                vec![stones("bowl", c)]
            }
            // Spider names a colour, then draws eight stones from the bag.
            Action::Name(c) => vec![stones("bag", c)],
            Action::Place { stone, animal, set } => {
                let Step::Place { who } = step else {
                    return Vec::new();
                };
                let Some(b) = s.board_of(animal) else {
                    return Vec::new();
                };
                let mut ids = vec![hand(who, stone)];
                match self.check_place(s, who, stone, b, set) {
                    Ok(usize::MAX) => ids.push(spirit_space(who, animal)),
                    Ok(i) => ids.push(space(who, animal, i + 1)),
                    Err(_) => {}
                }
                ids
            }
            Action::MoveCoyote(animal) => vec![board(State::opponent(me_of(step, me)), animal)],
            Action::KeepCoyote => vec![COYOTE.into()],
            Action::Empty(animal) => vec![board(me_of(step, me), animal)],
            Action::UseCard { pile: p, .. } => vec![pile(p)],
            Action::Remove {
                owner,
                animal,
                spot,
                stone,
            } => vec![match spot {
                Spot::Space(i) => space(owner, animal, i as usize + 1),
                Spot::SpiritSpace => spirit_space(owner, animal),
                Spot::Nest => nest(owner, animal, stone),
            }],
            _ => Vec::new(),
        }
    }
}

/// Who decides `step` (a card may hand a decision to the player whose turn it is not).
fn me_of(step: Step, current: Seat) -> Seat {
    match step {
        Step::MayMoveCoyote(w) | Step::Porcupine(w) => w,
        _ => current,
    }
}
