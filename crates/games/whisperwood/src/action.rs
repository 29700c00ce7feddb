//! The decisions of Whisperwood, worded as the rulebook words them.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::cell_coords;
use crate::components::{Animal, Element, Spell, Token, CORE};
use crate::state::{FAE_PLACE, FAMILIAR_PLACE, LOCS, PLACES};

/// Where an unbound token comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pool {
    /// The token bag.
    Bag,
    /// The spent pool.
    Spent,
    /// A draw slot of the casting board.
    Drawn,
}

/// One decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Chance: this tile is drawn from the stack.
    DrawTile(u8),
    /// Chance: this rune token (index) is placed on the next rune site.
    RuneToken(u8),
    /// Chance: this basic familiar (index) is dealt to the next player.
    DealFamiliar(u8),
    /// Chance: this token is drawn from the bag.
    Draw(Token),
    /// Chance: an enchantment card of this kind is drawn from the deck.
    DrawCard(u8),
    /// Place the drawn tile on this cell, turned this many sixths clockwise.
    PlaceTile {
        /// The cell.
        cell: u8,
        /// The rotation 0–5.
        rot: u8,
    },
    /// Draw phase: move the token on this action slot to a draw slot.
    Reclaim {
        /// The action place.
        place: u8,
        /// The slot on it.
        slot: u8,
    },
    /// Breeze 2: take an air-type token from the spent pool to a draw slot.
    BreezeTake(Token),
    /// Start drawing from the bag.
    StartDrawing,
    /// Put the drawn corruption on this spell's corruption slot.
    CorruptionOn(Spell),
    /// Prepare: assign a drawn token to an action slot, standing for a core kind.
    Assign {
        /// The token.
        token: Token,
        /// The action place.
        place: u8,
        /// The slot on it.
        slot: u8,
        /// The core kind it stands for (index into `CORE`).
        as_core: u8,
    },
    /// Finish preparing.
    Ready,
    /// Perform the fully prepared action at this place.
    Perform(u8),
    /// Rest for the rest of the round.
    Rest,
    /// Move (the druid, a golem, a discovered wildlife) to this location.
    To(u8),
    /// Call this wildlife from this location to the druid's location (or, with Peat 1, a
    /// location adjacent to the druid).
    CallFrom {
        /// Where it is.
        loc: u8,
        /// Which animal.
        animal: Animal,
        /// Where it goes.
        to: u8,
    },
    /// Place a restoration of this type on this spot.
    Restore {
        /// The location.
        loc: u8,
        /// The spot on it.
        spot: u8,
        /// The restoration's type.
        kind: Element,
    },
    /// Advance on this path.
    Path(Element),
    /// Take this branch of the fork (0 = a, 1 = b).
    Branch(u8),
    /// Mark a golem power with a golem token.
    Golem {
        /// The golem card.
        golem: Element,
        /// The power 0–2.
        power: u8,
        /// Face up (the power is active) or face down (3 VP).
        up: bool,
    },
    /// Purify the corruption on this spell.
    Purify(Spell),
    /// Gain 1 harmony.
    Harmony,
    /// Unbind a token from the bag, spent pool or a draw slot.
    Unbind(Pool, Token),
    /// Unbind the token on this action slot.
    UnbindSlot {
        /// The action place.
        place: u8,
        /// The slot on it.
        slot: u8,
    },
    /// Gain this core token.
    Gain(Token),
    /// Assign a gained token to this slot (Transmute's corruption slot).
    AssignTo {
        /// The token.
        token: Token,
        /// The action place.
        place: u8,
        /// The slot on it.
        slot: u8,
    },
    /// Gain this token and assign it to this slot.
    GainAssign {
        /// The token (water or moonglow).
        token: Token,
        /// The action place.
        place: u8,
        /// The slot on it.
        slot: u8,
    },
    /// Gain this token into the spent pool (no slot takes it).
    GainKeep(Token),
    /// Upgrade this spell.
    Upgrade(Spell),
    /// Gain this fae (index).
    Fae(u8),
    /// Take the rune token on this site.
    Site(u8),
    /// Inscribe this rune marker (0–5).
    Marker(u8),
    /// Ren: purify the corruption just gained (it becomes harmony).
    PurifyGained,
    /// Keep this token on the upgraded spell (R42: the owner picks when too many fit).
    Keep {
        /// The token.
        token: Token,
        /// The core kind it stands for there.
        as_core: u8,
    },
    /// Inscribe: keep the mat's endgame enchantment of the new rune marker.
    KeepMat,
    /// Inscribe: play this enchantment card (kind) from hand over it.
    PlayCard(u8),
    /// Resolve this part of the Immediate card next (R34).
    CardPart(u8),
    /// Put the drawn corruption on the corruption slot of the card over this mat enchantment.
    CorruptionOnCard(u8),
    /// Purify the corruption on the card over this mat enchantment.
    PurifyCard(u8),
    /// Move this golem to the druid's location.
    GolemHere(Element),
    /// Decline an optional effect.
    Decline,
    /// Chance: Wilwisp reveals an enchantment card of this kind (face up).
    Reveal(u8),
    /// Summon this fae (index): release 1 harmony, its token goes on its card (L564).
    Summon(u8),
    /// Release the harmony shown for the fae's secondary action (L566).
    Secondary,
    /// Wilwisp: keep this revealed card (kind).
    KeepCard(u8),
    /// Glimmerglide: perform this fully prepared spell without spending its tokens (R43).
    Replay(Spell),
    /// Aetherdrake: gain the rewards of the space at the same column on this path (this
    /// branch where it forks, R22).
    OtherSpace {
        /// The other path.
        path: Element,
        /// The branch (0 = a, 1 = b; 0 away from a fork).
        branch: u8,
    },
    /// Lunehare: purify a corruption from the bag or the spent pool.
    PurifyFrom(Pool),
    /// Lunehare: use the primary action of this fae (index).
    CopyFae(u8),
    /// The draft: keep this card (kind) from the pack in secret (L186).
    Pick(u8),
    /// Keep this dealt familiar (index); the other goes back to the box (L188).
    KeepFamiliar(u8),
}

/// A location's name.
pub fn loc_name(loc: u8) -> String {
    match loc {
        0 => "Druid's Defiance".into(),
        l if (l as usize) < LOCS => format!("T{l:02}"),
        l => format!("location {l}"),
    }
}

/// An action place's name.
pub fn place_name(place: u8) -> String {
    match place {
        p if (p as usize) < Spell::NUM => Spell::ALL[p as usize].name().into(),
        FAMILIAR_PLACE => "your familiar".into(),
        p if p >= FAE_PLACE && (p as usize) < PLACES => fae_name(p - FAE_PLACE).into(),
        p if p < FAE_PLACE => {
            let a = Animal::ALL[((p - 11) / 2) as usize];
            if (p - 11) % 2 == 0 {
                format!("Call {a}")
            } else {
                format!("Score {a}")
            }
        }
        p => format!("place {p}"),
    }
}

/// A fae's name by index (the appendix's order).
pub fn fae_name(i: u8) -> &'static str {
    if i < 8 {
        Token::fae(i as usize).name()
    } else {
        "?"
    }
}

fn pool_name(pool: Pool) -> &'static str {
    match pool {
        Pool::Bag => "bag",
        Pool::Spent => "spent pool",
        Pool::Drawn => "casting board",
    }
}

fn core(i: u8) -> &'static str {
    CORE.get(i as usize).map_or("?", |t| t.name())
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::DrawTile(t) => write!(f, "Draw tile {}", loc_name(t)),
            Action::RuneToken(i) => write!(f, "Rune site token (kind {i})"),
            Action::DealFamiliar(i) => write!(f, "Deal familiar (kind {i})"),
            Action::Draw(t) => write!(f, "Draw {t}"),
            Action::DrawCard(k) => write!(f, "Draw enchantment card (kind {k})"),
            Action::PlaceTile { cell, rot } => {
                let (q, r) = cell_coords(cell);
                write!(f, "Place the tile at {q},{r} turned {rot}")
            }
            Action::Reclaim { place, slot } => {
                write!(f, "Reclaim slot {} of {}", slot + 1, place_name(place))
            }
            Action::BreezeTake(t) => write!(f, "Breeze: take {t} from the spent pool"),
            Action::StartDrawing => f.write_str("Start drawing"),
            Action::CorruptionOn(s) => write!(f, "Corruption on {s}"),
            Action::Assign {
                token,
                place,
                slot,
                as_core,
            } => {
                write!(
                    f,
                    "Assign {token} to {} slot {}",
                    place_name(place),
                    slot + 1
                )?;
                if token != CORE.get(as_core as usize).copied().unwrap_or(token) {
                    write!(f, " as {}", core(as_core))?;
                }
                Ok(())
            }
            Action::Ready => f.write_str("Ready"),
            Action::Perform(p) => write!(f, "Perform {}", place_name(p)),
            Action::Rest => f.write_str("Rest"),
            Action::To(l) => write!(f, "To {}", loc_name(l)),
            Action::CallFrom { loc, animal, to } => {
                write!(
                    f,
                    "Call the {animal} from {} to {}",
                    loc_name(loc),
                    loc_name(to)
                )
            }
            Action::Restore { loc, spot, kind } => {
                write!(f, "Restore {kind} on {} spot {}", loc_name(loc), spot + 1)
            }
            Action::Path(p) => write!(f, "Advance on the {p} path"),
            Action::Branch(b) => write!(f, "Take branch {}", if b == 0 { "a" } else { "b" }),
            Action::Golem { golem, power, up } => write!(
                f,
                "Golem token on {golem} golem power {} {}",
                power + 1,
                if up { "face up" } else { "face down" }
            ),
            Action::Purify(s) => write!(f, "Purify {s}"),
            Action::Harmony => f.write_str("Gain 1 harmony"),
            Action::Unbind(pool, t) => write!(f, "Unbind {t} from the {}", pool_name(pool)),
            Action::UnbindSlot { place, slot } => {
                write!(f, "Unbind slot {} of {}", slot + 1, place_name(place))
            }
            Action::Gain(t) => write!(f, "Gain {t}"),
            Action::AssignTo { token, place, slot } => {
                write!(
                    f,
                    "Put the gained {token} on {} slot {}",
                    place_name(place),
                    slot + 1
                )
            }
            Action::GainAssign { token, place, slot } => {
                write!(
                    f,
                    "Gain {token} onto {} slot {}",
                    place_name(place),
                    slot + 1
                )
            }
            Action::GainKeep(t) => write!(f, "Gain {t} to the spent pool"),
            Action::Upgrade(s) => write!(f, "Upgrade {s}"),
            Action::Fae(i) => write!(f, "Gain the fae {}", fae_name(i)),
            Action::Site(s) => write!(f, "Take the rune token of site {s}"),
            Action::Marker(m) => write!(f, "Inscribe rune {}", m + 1),
            Action::PurifyGained => f.write_str("Purify the corruption just gained"),
            Action::Keep { token, as_core } => {
                write!(f, "Keep {token}")?;
                if token != CORE.get(as_core as usize).copied().unwrap_or(token) {
                    write!(f, " as {}", core(as_core))?;
                }
                f.write_str(" on the upgraded spell")
            }
            Action::KeepMat => f.write_str("Keep the mat's endgame enchantment"),
            Action::PlayCard(k) => write!(f, "Play enchantment card (kind {k})"),
            Action::CardPart(i) => write!(f, "Resolve the card's effect {}", i + 1),
            Action::CorruptionOnCard(m) => {
                write!(f, "Corruption on the card over rune {}", m + 1)
            }
            Action::PurifyCard(m) => write!(f, "Purify the card over rune {}", m + 1),
            Action::GolemHere(g) => write!(f, "Move the {g} golem to your druid"),
            Action::Decline => f.write_str("Decline"),
            Action::Reveal(k) => write!(f, "Reveal enchantment card (kind {k})"),
            Action::Summon(i) => write!(f, "Summon {} (release 1 harmony)", fae_name(i)),
            Action::Secondary => f.write_str("Release harmony for the fae's secondary action"),
            Action::KeepCard(k) => write!(f, "Keep the revealed card (kind {k})"),
            Action::Replay(sp) => write!(f, "Perform {sp} without spending its tokens"),
            Action::OtherSpace { path, branch } => {
                write!(
                    f,
                    "Gain the rewards of the {path} path's space at that column"
                )?;
                if branch == 1 {
                    f.write_str(" (branch b)")?;
                }
                Ok(())
            }
            Action::PurifyFrom(pool) => {
                write!(f, "Purify a corruption from the {}", pool_name(pool))
            }
            Action::CopyFae(i) => write!(f, "Use {}'s primary action", fae_name(i)),
            Action::Pick(k) => write!(f, "Keep enchantment card (kind {k}) from the pack"),
            Action::KeepFamiliar(i) => write!(f, "Keep familiar (kind {i})"),
        }
    }
}
