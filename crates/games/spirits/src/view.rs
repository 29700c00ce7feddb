//! What a player or a spectator sees. Spirits has no secrets between the players: the bag's
//! contents are public by counting, and what nobody knows (the draw order, unseen cards) does
//! not exist in the state. The view is the same for everyone but for who is looking.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::{Deserialize, Serialize};
use sylvan_engine::{Actor, Seat, Viewer};

use crate::components::{Animal, Card, Colour, ColourRule, Tile};
use crate::rules::Spirits;
use crate::state::{tile_bit, State, Step, Stones};

/// One board as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    /// The animal.
    pub animal: Animal,
    /// Each linked set's spaces, in board order (`None` is an open space).
    pub sets: Vec<Vec<Option<Colour>>>,
    /// Each set's colour rule ("same" sets are the linked ones, drawn joined by a line).
    pub rules: Vec<ColourRule>,
    /// Spaces (1-based) where placing a stone lets you move Coyote (Ants).
    pub coyote_spaces: Vec<u8>,
    /// Whether the Spirit Stone space is filled.
    pub spirit_stone: bool,
    /// The Packrat Nest's stones by colour.
    pub nest: BTreeMap<Colour, u8>,
    /// Points the board scores now.
    pub points: i32,
    /// Its placement rule and points in a short line (the full text is the `rules` command's).
    pub rule: String,
}

/// One Spirit Power pile as seen: the face-up card, then what is known of the cards below.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PileView {
    /// The face-up card.
    pub top: Option<Card>,
    /// The cards below, top to bottom; `None` for a card nobody has seen.
    pub below: Vec<Option<Card>>,
}

/// A player's side of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideView {
    /// The five boards.
    pub boards: Vec<BoardView>,
    /// The six action tiles and whether each is face up.
    pub tiles: Vec<(Tile, bool)>,
    /// Stones taken and not yet placed.
    pub hand: BTreeMap<Colour, u8>,
    /// Of those, the stones Skunk took: only these may go on the board Coyote blocks.
    pub skunk: BTreeMap<Colour, u8>,
    /// Of those, the stones Porcupine took off a board, by that board: they may not go back.
    pub kept_off: Vec<(Animal, BTreeMap<Colour, u8>)>,
    /// Current total.
    pub score: i32,
}

/// Everything a viewer may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking (`None` for a spectator).
    pub viewer: Option<Seat>,
    /// Both players' sides.
    pub players: Vec<SideView>,
    /// The bowl.
    pub bowl: BTreeMap<Colour, u8>,
    /// The bag, public by counting.
    pub bag: BTreeMap<Colour, u8>,
    /// Stones drawn by Spider or Squirrel, not yet taken.
    pub drawn: BTreeMap<Colour, u8>,
    /// Stones an outer Squirrel drew, set aside while a Squirrel fired through the Moth runs
    /// (its taking resumes after).
    pub set_aside: Vec<BTreeMap<Colour, u8>>,
    /// Coyote's board: whose and which animal; `None` while it stands to the side.
    pub coyote: Option<(Seat, Animal)>,
    /// The two Spirit Power piles.
    pub piles: Vec<PileView>,
    /// Whose turn it is.
    pub turn: Seat,
    /// Who decides now (`None` for chance or when over).
    pub to_move: Option<Seat>,
    /// What is being decided, in words.
    pub deciding: String,
    /// Extra turns owed, in order.
    pub extra_turns: Vec<Seat>,
    /// Spirit Stones out of the bag (the game ends at 5 at the end of a turn).
    pub spirit_stones_out: u8,
    /// Turns completed.
    pub turns: u16,
    /// Whether the game is over.
    pub over: bool,
}

fn counts(s: &Stones) -> BTreeMap<Colour, u8> {
    s.colours().map(|c| (c, s.get(c))).collect()
}

impl View {
    /// The view of `s` for `viewer`.
    pub fn of(game: &Spirits, s: &State, viewer: Viewer) -> View {
        let players = [Seat(0), Seat(1)]
            .iter()
            .map(|&seat| {
                let boards: Vec<BoardView> = s
                    .animals
                    .iter()
                    .enumerate()
                    .map(|(b, &animal)| {
                        let layout = game.components().layout(animal);
                        let board = &s.boards[seat.index()][b];
                        BoardView {
                            animal,
                            sets: layout
                                .sets
                                .iter()
                                .map(|st| {
                                    board.spaces[st.start as usize..(st.start + st.size) as usize]
                                        .to_vec()
                                })
                                .collect(),
                            rules: layout.sets.iter().map(|st| st.rule).collect(),
                            coyote_spaces: (0..16u8)
                                .filter(|i| layout.coyote_spaces & (1 << i) != 0)
                                .map(|i| i + 1)
                                .collect(),
                            spirit_stone: board.spirit,
                            nest: counts(&board.nest),
                            points: game.board_points(s, seat, b),
                            rule: crate::help::board_rule(animal, layout),
                        }
                    })
                    .collect();
                let down = s.face_down[seat.index()];
                let tiles = vec![
                    (Tile::TakeOne, down & 1 == 0),
                    (Tile::TakeOne, down & 2 == 0),
                    (Tile::TakeTwo, down & tile_bit(Tile::TakeTwo) == 0),
                    (Tile::AddTwo, down & tile_bit(Tile::AddTwo) == 0),
                    (Tile::AddThree, down & tile_bit(Tile::AddThree) == 0),
                    (Tile::Recover, down & tile_bit(Tile::Recover) == 0),
                ];
                SideView {
                    score: boards.iter().map(|b| b.points).sum(),
                    boards,
                    tiles,
                    hand: counts(&s.hands[seat.index()]),
                    skunk: counts(&s.skunk[seat.index()]),
                    kept_off: s
                        .animals
                        .iter()
                        .zip(&s.porcupine[seat.index()])
                        .filter(|(_, st)| st.total() > 0)
                        .map(|(&a, st)| (a, counts(st)))
                        .collect(),
                }
            })
            .collect();
        let to_move = match game.actor(s) {
            Actor::Seat(seat) => Some(seat),
            _ => None,
        };
        let seat = match viewer {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Spectator => None,
        };
        View {
            viewer: seat,
            players,
            bowl: counts(&s.bowl),
            bag: counts(&s.bag),
            drawn: counts(&s.pool),
            set_aside: s
                .steps
                .iter()
                .filter_map(|st| match st {
                    Step::ReturnPool(held) if held.total() > 0 => Some(counts(held)),
                    _ => None,
                })
                .collect(),
            coyote: s
                .coyote
                .and_then(|(seat, b)| s.animals.get(b as usize).map(|&a| (seat, a))),
            piles: s
                .piles
                .iter()
                .map(|p| PileView {
                    top: p[0],
                    below: p[1..].to_vec(),
                })
                .collect(),
            turn: s.current,
            to_move,
            deciding: if s.over {
                "the game is over".into()
            } else {
                s.steps
                    .last()
                    .map(|&st| crate::describe_for(st, seat))
                    .unwrap_or_default()
            },
            extra_turns: s.extra_turns.to_vec(),
            spirit_stones_out: s.spirits_out(game.components().stones[Colour::Spirit.index()]),
            turns: s.turns,
            over: s.over,
        }
    }

    /// The position as text for a terminal.
    pub fn text(&self) -> String {
        let mut t = String::new();
        let stones = |m: &BTreeMap<Colour, u8>| {
            if m.is_empty() {
                "empty".to_string()
            } else {
                m.iter()
                    .map(|(c, n)| format!("{n} {c}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        let _ = writeln!(t, "Bowl: {}", stones(&self.bowl));
        let _ = writeln!(
            t,
            "Bag: {} (Spirit Stones out: {} of 5 to end)",
            stones(&self.bag),
            self.spirit_stones_out
        );
        if !self.drawn.is_empty() {
            let _ = writeln!(t, "Drawn: {}", stones(&self.drawn));
        }
        for held in &self.set_aside {
            let _ = writeln!(t, "Set aside by an outer Squirrel: {}", stones(held));
        }
        let piles: Vec<String> = self
            .piles
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let side = if i == 0 { "left" } else { "right" };
                let top = p.top.map(|c| c.to_string()).unwrap_or_else(|| "-".into());
                let below: Vec<String> = p
                    .below
                    .iter()
                    .map(|c| c.map(|c| c.to_string()).unwrap_or_else(|| "?".into()))
                    .collect();
                format!("{top} on the {side} pile (below: {})", below.join(", "))
            })
            .collect();
        let _ = writeln!(t, "Spirit Power cards: {}", piles.join("; "));
        match self.coyote {
            Some((seat, a)) => {
                let _ = writeln!(t, "Coyote is on {seat}'s {a}");
            }
            None => {
                let _ = writeln!(t, "Coyote stands to the side");
            }
        }
        for (i, side) in self.players.iter().enumerate() {
            let seat = Seat(i as u8);
            let you = if self.viewer == Some(seat) {
                " (you)"
            } else {
                ""
            };
            let _ = writeln!(t, "\n{seat}{you}: {}", count(side.score, "point"));
            // Only the face-up tiles can be chosen; the others are face down.
            let mut up: Vec<String> = Vec::new();
            for (tile, face_up) in &side.tiles {
                if !face_up {
                    continue;
                }
                let name = tile.to_string();
                match up.iter_mut().find(|u| u.starts_with(&name)) {
                    Some(u) => *u = format!("{name} ×2"),
                    None => up.push(name),
                }
            }
            let up = if up.is_empty() {
                "none".to_string()
            } else {
                up.join(", ")
            };
            let _ = writeln!(t, "  Face-up tiles: {up}");
            for b in &side.boards {
                let sets: Vec<String> = b
                    .sets
                    .iter()
                    .map(|set| {
                        set.iter()
                            .map(|x| match x {
                                Some(c) => c.name().to_string(),
                                None => "_".into(),
                            })
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect();
                let spirit = if b.spirit_stone {
                    " +Spirit Stone (x2)"
                } else {
                    ""
                };
                let nest = if b.nest.is_empty() && b.animal != Animal::Packrat {
                    String::new()
                } else {
                    format!(" Nest: {}", stones(&b.nest))
                };
                let coyote = if self.coyote == Some((seat, b.animal)) {
                    " <Coyote>"
                } else {
                    ""
                };
                let _ = writeln!(
                    t,
                    "  {:<13}[{}]{spirit}{nest}{coyote}  {}",
                    b.animal.name(),
                    sets.join("] ["),
                    count(b.points, "pt")
                );
            }
            if !side.hand.is_empty() {
                let _ = writeln!(t, "  To place: {}", stones(&side.hand));
            }
            if !side.skunk.is_empty() {
                let _ = writeln!(
                    t,
                    "  Skunk's, may go on Coyote's board: {}",
                    stones(&side.skunk)
                );
            }
            for (animal, kept) in &side.kept_off {
                let _ = writeln!(
                    t,
                    "  Taken off {animal} by Porcupine, not back onto it: {}",
                    stones(kept)
                );
            }
        }
        let _ = writeln!(t, "Turn: {}. Now: {}", self.turn, self.deciding);
        t
    }
}

/// `n` and the noun, "1 point" or "2 points".
fn count(n: i32, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
