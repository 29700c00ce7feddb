//! What a player or a spectator sees: everything on the board but the face-down forest tiles
//! (their remaining mix is public) and, at night, the identities of face-down animals the
//! viewer has not seen.

use std::fmt::{self, Write};
use std::ops::Deref;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sylvan_engine::{Actor, Seat, Viewer};

use crate::components::{Animal, Category, Cell, Colour, ForestTile, Side, ANIMALS};
use crate::rules::{describe, Woodwalkers};
use crate::state::{Space, State, Step};
use crate::Action;

/// A name or a colour from the component data, shared by the components and every view built
/// from them: cloning one copies no text (a view is built for every viewer after every
/// decision). Written as a plain JSON string.
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Label(Arc<str>);

impl Label {
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for Label {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Label {
    fn from(text: &str) -> Self {
        Label(text.into())
    }
}

impl From<String> for Label {
    fn from(text: String) -> Self {
        Label(text.into())
    }
}

impl PartialEq<str> for Label {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for Label {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl fmt::Debug for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Label {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Label {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(Label::from)
    }
}

/// An animal tile on the board as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileView {
    /// Its colour.
    pub colour: Colour,
    /// Where it stands.
    pub cell: Cell,
    /// What it is, if the viewer knows.
    pub animal: Option<Animal>,
    /// Its wounds, if the viewer knows what it is.
    pub wounds: Option<u8>,
}

/// An animal card in front of its player (public: cards lie face up).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardView {
    /// The animal.
    pub animal: Animal,
    /// The character on the card.
    pub character: Label,
    /// Wound tiles on it.
    pub wounds: u8,
    /// Whether the animal left the game (three wounds).
    pub out: bool,
}

/// A player's side of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// The colour.
    pub colour: Colour,
    /// The display colour.
    pub fill: Label,
    /// The true score (the scoreboard wraps; this does not), flags included once over.
    pub score: u32,
    /// The scoreboard space the marker stands on.
    pub scoreboard_space: u32,
    /// Sherri's Medicine tiles held.
    pub medicine: u8,
    /// Die tiles held.
    pub die_tiles: u8,
    /// The seven animal cards.
    pub cards: [CardView; ANIMALS],
    /// Animals still in hand (setup).
    pub in_hand: u8,
    /// Animals standing on flags, and the flags' total.
    pub flags: (u32, u32),
}

/// A light space as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForestView {
    /// The space.
    pub cell: Cell,
    /// What lies on it.
    pub space: Space,
}

/// The duel in progress as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelView {
    /// The challenger.
    pub challenger: Seat,
    /// The challenged player.
    pub defender: Seat,
    /// Where the challenger came from.
    pub origin: Cell,
    /// The space fought over.
    pub target: Cell,
    /// The two animals once turned over.
    pub animals: Option<[Animal; 2]>,
    /// The dice (0 before rolling).
    pub rolls: [u8; 2],
    /// Guess bonuses.
    pub bonus: [u8; 2],
    /// The guess.
    pub guess: Option<Animal>,
}

/// Everything a viewer may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking (`None` for a spectator).
    pub viewer: Option<Seat>,
    /// Day or night.
    pub side: Side,
    /// Grid size.
    pub size: u8,
    /// The playable interior cells.
    pub interior: Vec<Cell>,
    /// Each colour's starting spaces (all four colours; those of absent colours are closed).
    pub starts: [(Colour, Label, [Cell; ANIMALS]); Colour::NUM],
    /// The light spaces.
    pub forest: Vec<ForestView>,
    /// The face-down forest tiles left, by kind.
    pub mix: Vec<(ForestTile, u8)>,
    /// Animal tiles on the board, by colour then space.
    pub tiles: Vec<TileView>,
    /// The players.
    pub players: Vec<PlayerView>,
    /// Face-up battle mode tiles.
    pub modes_up: Vec<Category>,
    /// Battle mode tiles left in the stack, by category (public by counting).
    pub stack: [(Category, u8); Category::NUM],
    /// The round's battle mode and its colour (`None` until the holder chooses this round's).
    pub mode: Option<(Category, Label)>,
    /// Each animal's four values on its card (the same in every colour), in `Animal::ALL`
    /// order, each in `Category::ALL` order.
    pub values: [[i8; Category::NUM]; ANIMALS],
    /// Each battle mode category's colour, in `Category::ALL` order.
    pub category_colours: [Label; Category::NUM],
    /// The round (0 during setup).
    pub round: u8,
    /// Whether this round is the final roll.
    pub last_round: bool,
    /// Who holds the battle mode marker.
    pub holder: Seat,
    /// Whose turn it is.
    pub turn: Seat,
    /// Who decides now (`None` for chance or when over).
    pub to_move: Option<Seat>,
    /// What is being decided, in words.
    pub deciding: String,
    /// The mover's die (0 before rolling).
    pub roll: u8,
    /// The animal chosen to move.
    pub selected: Option<Cell>,
    /// The spaces it can reach now (while its destination is chosen), a duel where another
    /// player's animal stands.
    pub destinations: Vec<Cell>,
    /// The duel in progress.
    pub duel: Option<DuelView>,
    /// Spaces of the scoreboard.
    pub scoreboard: u16,
    /// Whether the game is over.
    pub over: bool,
}

impl View {
    /// The view of `s` for `viewer`.
    pub fn of(game: &Woodwalkers, s: &State, viewer: Viewer) -> View {
        let c = game.components();
        let v = match viewer {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Spectator => None,
        };
        let n = game.players;
        // Few allocations: a view is built for every viewer after every decision.
        let mut tiles = Vec::with_capacity(n * ANIMALS);
        for colour in 0..n {
            let from = tiles.len();
            tiles.extend(
                Animal::ALL
                    .iter()
                    .filter(|a| s.pos[colour][a.index()].on_grid())
                    .map(|&a| {
                        let known = game.knows(s, v, colour, a);
                        TileView {
                            colour: Colour::ALL[colour],
                            cell: s.pos[colour][a.index()],
                            animal: known.then_some(a),
                            wounds: known.then_some(s.wounds[colour][a.index()]),
                        }
                    }),
            );
            tiles[from..].sort_by_key(|t| t.cell);
        }
        let players = (0..n)
            .map(|colour| {
                let score = game.total(s, colour);
                PlayerView {
                    seat: Seat(colour as u8),
                    colour: Colour::ALL[colour],
                    fill: c.fills[colour].clone(),
                    score,
                    scoreboard_space: c.scoreboard_space(score),
                    medicine: s.medicine[colour],
                    die_tiles: s.die_tiles[colour],
                    cards: Animal::ALL.map(|a| CardView {
                        animal: a,
                        character: c.characters[colour][a.index()].clone(),
                        wounds: s.wounds[colour][a.index()],
                        out: s.is_removed(colour, a),
                    }),
                    in_hand: Animal::ALL
                        .iter()
                        .filter(|&&a| {
                            !s.pos[colour][a.index()].on_grid() && !s.is_removed(colour, a)
                        })
                        .count() as u8,
                    flags: {
                        let (value, count) = game.flags(s, colour);
                        (count, value)
                    },
                }
            })
            .collect();
        let mut interior = Vec::with_capacity(c.interior.count_ones() as usize);
        interior.extend(crate::components::cells_of(c.interior));
        let mix = c.mix(game.options().side);
        View {
            viewer: v,
            side: game.options().side,
            size: c.size,
            interior,
            starts: Colour::ALL
                .map(|col| (col, c.fills[col.index()].clone(), c.start[col.index()])),
            forest: c
                .forest
                .iter()
                .enumerate()
                .map(|(i, &cell)| ForestView {
                    cell,
                    space: s.forest[i],
                })
                .collect(),
            mix: mix
                .kinds
                .iter()
                .enumerate()
                .filter(|(k, _)| s.mix[*k] > 0)
                .map(|(k, &t)| (t, s.mix[k]))
                .collect(),
            tiles,
            players,
            modes_up: Category::ALL
                .iter()
                .flat_map(|&cat| std::iter::repeat_n(cat, s.modes_up[cat.index()] as usize))
                .collect(),
            stack: Category::ALL.map(|cat| (cat, s.stack[cat.index()])),
            // While the holder chooses, last round's tile is no longer in force.
            mode: match s.step {
                Step::ChooseMode | Step::Arrange | Step::DrawMode { setup: true } => None,
                _ => s.mode.map(|m| (m, c.category_colours[m.index()].clone())),
            },
            values: Animal::ALL.map(|a| Category::ALL.map(|k| c.value(a, k))),
            category_colours: c.category_colours.clone(),
            round: s.round,
            last_round: s.last_round,
            holder: s.holder,
            turn: s.current,
            to_move: match game.actor(s) {
                Actor::Seat(seat) => Some(seat),
                _ => None,
            },
            deciding: describe(s.step),
            roll: s.roll,
            selected: s.selected.on_grid().then_some(s.selected),
            destinations: if s.step == Step::Destination {
                // Public: the spaces follow from where the animals stand and the roll.
                let mut actions = Vec::new();
                sylvan_engine::Game::legal_actions(game, s, &mut actions);
                actions
                    .iter()
                    .filter_map(|a| match a {
                        crate::Action::MoveTo(c) => Some(*c),
                        _ => None,
                    })
                    .collect()
            } else {
                Vec::new()
            },
            duel: s.duel.map(|d| DuelView {
                challenger: d.challenger,
                defender: d.defender,
                origin: d.origin,
                target: d.target,
                animals: d.animals,
                rolls: d.rolls,
                bonus: d.bonus,
                guess: d.guess,
            }),
            scoreboard: c.scoreboard,
            over: s.step == Step::Over,
        }
    }

    /// The animal tile on `cell`, if one stands there.
    fn tile_on(&self, cell: Cell) -> Option<&TileView> {
        self.tiles.iter().find(|t| t.cell == cell)
    }

    /// An animal tile as this viewer may name it: "your Fox", "Player 2's Wolf", "your
    /// face-down animal" (at night, only what the viewer knows).
    fn tile_name(&self, tile: &TileView) -> String {
        let owner = if self.viewer.map(|v| v.index()) == Some(tile.colour.index()) {
            "your".to_string()
        } else {
            format!("{}'s", Seat(tile.colour.index() as u8))
        };
        match tile.animal {
            Some(a) => format!("{owner} {a}"),
            None => format!("{owner} face-down animal"),
        }
    }

    /// An action as this viewer reads it: the rulebook's "move one of your animal tiles" names
    /// the animal where the action names only its space, from what the viewer knows.
    pub fn action_text(&self, action: Action) -> String {
        match action {
            Action::Select(cell) => match self.tile_on(cell) {
                Some(t) => format!("Move {} on {cell}", self.tile_name(t)),
                None => action.to_string(),
            },
            Action::MoveTo(cell) => {
                let Some(mover) = self.selected.and_then(|c| self.tile_on(c)) else {
                    return action.to_string();
                };
                let mut text = format!("Move {} to {cell}", self.tile_name(mover));
                if let Some(other) = self.tile_on(cell).filter(|t| t.colour != mover.colour) {
                    text.push_str(&format!(" and duel {}", self.tile_name(other)));
                }
                text
            }
            _ => action.to_string(),
        }
    }

    /// The position as text for a terminal.
    pub fn text(&self) -> String {
        let mut t = String::new();
        let size = self.size as usize;
        let mut grid = vec![vec!["    ".to_string(); size]; size];
        for cell in &self.interior {
            grid[cell.row() as usize][cell.col() as usize] = "  . ".into();
        }
        for (col, _, cells) in &self.starts {
            let letter = col
                .name()
                .chars()
                .next()
                .unwrap_or('?')
                .to_ascii_lowercase();
            for cell in cells {
                if (cell.row() as usize) < size && (cell.col() as usize) < size {
                    grid[cell.row() as usize][cell.col() as usize] = format!("  {letter} ");
                }
            }
        }
        for f in &self.forest {
            grid[f.cell.row() as usize][f.cell.col() as usize] = match f.space {
                Space::FaceDown => "  # ".into(),
                Space::Open => "  . ".into(),
                Space::Flag(v) => format!(" F{v:<2}"),
            };
        }
        for tile in &self.tiles {
            let col = tile.colour.name().chars().next().unwrap_or('?');
            // Two letters tell the animals apart (Bison "Bi", Bear "Be"); "??" is face down.
            let what: String = tile
                .animal
                .map(|a| a.name().chars().take(2).collect())
                .unwrap_or_else(|| "??".into());
            let wounds = match tile.wounds {
                Some(w) if w > 0 => (b'0' + w.min(9)) as char,
                _ => ' ',
            };
            grid[tile.cell.row() as usize][tile.cell.col() as usize] =
                format!("{col}{what}{wounds}");
        }
        for &cell in &self.destinations {
            let slot = &mut grid[cell.row() as usize][cell.col() as usize];
            if slot
                .trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_uppercase())
            {
                // Another player's animal: a duel; its wound digit gives way to the mark.
                slot.truncate(3);
                slot.push('!');
            } else {
                *slot = "  + ".into();
            }
        }
        let _ = write!(t, "   ");
        for c in 0..size {
            let _ = write!(t, "  {} ", (b'A' + c as u8) as char);
        }
        let _ = writeln!(t);
        for (r, row) in grid.iter().enumerate() {
            let _ = writeln!(t, "{:>2} {}", r + 1, row.concat());
        }
        // Before round 1 the animals are still being set out: no round, no battle mode tiles.
        let round = if self.round == 0 {
            "Setup: the animals go to their starting spaces".to_string()
        } else {
            format!(
                "Round {}{}. Battle mode: {}{}",
                self.round,
                if self.last_round { " (final roll)" } else { "" },
                self.mode
                    .as_ref()
                    .map(|(m, _)| m.name())
                    .unwrap_or("not chosen yet this round"),
                if self.modes_up.is_empty() {
                    String::new()
                } else {
                    format!(
                        ". Face up: {}",
                        self.modes_up
                            .iter()
                            .map(|m| m.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }
            )
        };
        let _ = writeln!(
            t,
            "{}. {round}",
            match self.side {
                Side::Day => "Daytime side",
                Side::Night => "Nighttime side (Midnight Duel)",
            },
        );
        // The map's key: the codes a newcomer meets, and the reachable spaces while moving.
        let _ = writeln!(
            t,
            "Key: RWo Red Wolf (a digit: its wounds; ??: face down) · # face-down tile · F12 flag worth 12"
        );
        let starts: Vec<String> = self
            .starts
            .iter()
            .map(|(col, _, _)| col.name().to_ascii_lowercase())
            .collect();
        let letters: Vec<String> = starts
            .iter()
            .map(|c| c.chars().next().unwrap_or('?').to_string())
            .collect();
        let _ = write!(
            t,
            "     {}: starting spaces ({})",
            letters.join(" "),
            starts.join(", ")
        );
        if !self.destinations.is_empty() {
            let _ = write!(
                t,
                " · + reachable, ! a duel ({} in all)",
                self.destinations.len()
            );
        }
        let _ = writeln!(t);
        let flags: Vec<String> = self
            .mix
            .iter()
            .flat_map(|(k, n)| match k {
                ForestTile::Flag(v) => vec![v.to_string(); *n as usize],
                _ => Vec::new(),
            })
            .collect();
        let mut mix = Vec::new();
        if !flags.is_empty() {
            mix.push(format!("flags worth {}", flags.join(", ")));
        }
        for (k, n) in &self.mix {
            let name = match k {
                ForestTile::Flag(_) => continue,
                ForestTile::Medicine => "Sherri's Medicine",
                ForestTile::Die => "die",
                ForestTile::Points => "points tile",
            };
            mix.push(format!("{name} ×{n}"));
        }
        let _ = writeln!(t, "Face-down forest tiles left: {}", mix.join("; "));
        for p in &self.players {
            let you = if self.viewer == Some(p.seat) {
                " (you)"
            } else {
                ""
            };
            // Only the wounded and the fallen: every animal's values are in `rules`.
            let wounds: Vec<String> = p
                .cards
                .iter()
                .filter(|c| c.out || c.wounds > 0)
                .map(|c| {
                    if c.out {
                        format!("{} out", c.animal)
                    } else {
                        format!("{} {}", c.animal, c.wounds)
                    }
                })
                .collect();
            let points = if p.score == 1 {
                "1 point".to_string()
            } else {
                format!("{} points", p.score)
            };
            // The marker stands elsewhere only once the scoreboard has wrapped.
            let marker = if p.scoreboard_space == p.score {
                String::new()
            } else {
                format!(" (marker on space {})", p.scoreboard_space)
            };
            let _ = writeln!(
                t,
                "{}{you} {}: {points}{marker}, flags held {} (worth {}), medicine {}, die tiles \
                 {}; wounds: {}",
                p.seat,
                p.colour,
                p.flags.0,
                p.flags.1,
                p.medicine,
                p.die_tiles,
                if wounds.is_empty() {
                    "none".to_string()
                } else {
                    wounds.join(", ")
                }
            );
        }
        if let Some(d) = &self.duel {
            let _ = writeln!(
                t,
                "Duel on {}: {} against {} (dice {} and {})",
                d.target, d.challenger, d.defender, d.rolls[0], d.rolls[1]
            );
        }
        if self.to_move.is_some()
            && self.to_move == self.viewer
            && self.deciding.starts_with("choose the animal")
        {
            // The moves name spaces; this names the animal on each.
            let mine: Vec<String> = self
                .tiles
                .iter()
                .filter(|tile| Some(tile.colour.index()) == self.viewer.map(|v| v.index()))
                .map(|tile| match tile.animal {
                    Some(a) => format!("{} {a}", tile.cell),
                    None => format!("{} face down", tile.cell),
                })
                .collect();
            let _ = writeln!(t, "Your animals: {}", mine.join(", "));
        }
        let _ = writeln!(
            t,
            "Turn: {}{}. Now: {}",
            self.turn,
            if self.roll > 0 {
                format!(", rolled {}", self.roll)
            } else {
                String::new()
            },
            self.deciding
        );
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use sylvan_engine::Game;

    #[test]
    fn shared_labels_and_fixed_arrays_are_written_as_plain_json_and_read_back() {
        let game = Woodwalkers::standard(2, crate::Options::default()).expect("2 players");
        let s = game.initial_state();
        let view = View::of(&game, &s, Viewer::Seat(Seat(0)));
        let written = serde_json::to_value(&view).expect("JSON");
        assert_eq!(
            written["starts"][0],
            json!(["Red", "#c8413b", [2, 3, 4, 5, 6, 7, 8]])
        );
        assert_eq!(
            written["players"][0]["cards"][0],
            json!({"animal": "Puma", "character": "Carag", "wounds": 0, "out": false})
        );
        assert_eq!(written["players"][1]["fill"], json!("#3b6fd8"));
        assert_eq!(
            written["category_colours"],
            json!(["green", "yellow", "blue", "purple"])
        );
        assert_eq!(written["values"][0], json!([4, 5, 3, 4]));
        assert_eq!(written["stack"].as_array().map(Vec::len), Some(4));
        let read: View = serde_json::from_value(written).expect("reads back");
        assert_eq!(read, view);
        assert_eq!(read.players[0].cards[0].character, "Carag");
    }
}
