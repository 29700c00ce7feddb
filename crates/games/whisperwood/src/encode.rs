//! Dense action ids and the observation tensor, for the learning libraries (OpenSpiel,
//! PettingZoo). Ids never depend on the component data, so they stay stable when it changes;
//! new kinds of action are only ever numbered after the existing ones.
//!
//! Seat actions, in id order (tokens in [`Token::ALL`]'s order, 20 kinds; places 0–24 as in
//! `state::PLACES`; slots 0–2; locations 0–24; elements earth, water, air, magic; spells in
//! [`Spell::ALL`]'s order; pools bag, spent, drawn; card kinds 0–31; fae and familiars 0–7):
//! `PlaceTile{cell 0–60, rot 0–5}` (cell-major), `Reclaim{place, slot}`, `BreezeTake(token)`,
//! `StartDrawing`, `CorruptionOn(spell)`, `Assign{token, place, slot, as_core 0–5}`, `Ready`,
//! `Perform(place)`, `Rest`, `To(location)`, `CallFrom{from, animal, to}`,
//! `Restore{location, spot 0–6, element}`, `Path(element)`, `Branch(0–1)`,
//! `Golem{golem, power 0–2, face down then up}`, `Purify(spell)`, `Harmony`,
//! `Unbind(pool, token)`, `UnbindSlot{place, slot}`, `Gain(token)`,
//! `AssignTo{token, place, slot}`, `GainAssign{token, place, slot}`, `GainKeep(token)`,
//! `Upgrade(spell)`, `Fae(0–7)`, `Site(0–31)`, `Marker(0–5)`, `PurifyGained`,
//! `Keep{token, as_core}`, `KeepMat`, `PlayCard(kind)`, `CardPart(0–7)`,
//! `CorruptionOnCard(0–5)`, `PurifyCard(0–5)`, `GolemHere(element)`, `Decline`, `Summon(fae)`,
//! `Secondary`, `KeepCard(kind)`, `Replay(spell)`, `OtherSpace{path element, branch 0–1}`,
//! `PurifyFrom(pool)`, `CopyFae(fae)`, `Pick(kind)`, `KeepFamiliar(familiar)`: each block
//! nested in the order its fields are listed, the last field fastest.
//!
//! Chance outcomes, in id order: `DrawTile(0–24)`, `RuneToken(0–31)`, `DealFamiliar(0–7)`,
//! `Draw(token)`, `DrawCard(kind)`, `Reveal(kind)`.
//!
//! The observation is a flat vector of [`OBSERVATION_LEN`] numbers, from the seat's view
//! (which hides the deck, the other hands but the cards known to all, the other packs and
//! dealt familiars):
//! - per location (25 × [`PER_LOCATION`]): placed; the cell's axial q and r / 4; the tile's
//!   turn / 5; a corrupted border; terrain earth, water, air; per spot (7) its restorer's seat
//!   (4, one-hot) and the restoration's element (4, one-hot); bears, otters, owls / 5; the
//!   earth, water, air, magic golem here (4); each seat's druid here (4); rune tokens on its
//!   sites / 3.
//! - per seat (4 × [`PER_SEAT`], zeros for absent seats): present; the bag, spent pool and
//!   draw slots per token kind / 10 (3 × 20); per place and slot (25 × 3) its token's kind + 1
//!   / 20 and the core kind it stands for + 1 / 6; spells corrupted (10) and advanced (10);
//!   barriers / 3; harmony / 10; VP stars / 100; path columns / 15 (3); branch b taken per
//!   path (3); restorations left per element / 10 (4); golem tokens left / 9; each golem card's
//!   powers (4 × 3) as open, active, face down (3, one-hot); rune markers inscribed (6); rune
//!   site VP / 20; rune tokens taken / 10; den per animal / 5 (3); the familiar (8, one-hot);
//!   fae held (8) and summoned this turn (8); wildlife cards held (3); enchantment cards in
//!   hand per kind as the view shows them (the seat's own; known to all for others) / 3 (32);
//!   hand size / 10; per rune place (6) a card over it and its kind + 1 / 32 (2); card
//!   corruption slots corrupted (6); extra draw slots / 3; rested; the draft pack per kind / 3
//!   (32, the seat's own only); dealt familiars (8, the seat's own only); the last card
//!   discarded from its draft pack, kind + 1 / 32.
//! - the game ([`GLOBALS`]): the observing seat (4), whose turn (4), the first player (4), the
//!   first to rest (4), all one-hot; the round / 7; the phase (16, one-hot in
//!   [`Phase`]'s order); the phase's number (the tile to place / 25, the rune site / 32, the
//!   deal / 28, the draft pick / 6) ; over; enchantment cards in the deck / 43; the discard
//!   pile per kind / 3 (32); the cards Wilwisp revealed per kind (32); the supply per token
//!   kind / 30 (20); fae cards left per kind / 4 (8); wildlife cards left per animal / 3 (3);
//!   meeples beside the paths per path and icon / 3 (3 × 4); tiles still in the stack / 24;
//!   effects pending / 16.

use std::sync::OnceLock;

use sylvan_engine::encode::{Features, IdTable};
use sylvan_engine::Seat;

use crate::action::{Action, Pool};
use crate::components::{Animal, Element, Spell, Token, CARD_KINDS};
use crate::rules::spot_owner;
use crate::state::{Phase, CELLS, LOCS, NONE, PLACES, SITES};
use crate::view::View;

/// Numbers per location.
pub const PER_LOCATION: usize = 1 + 2 + 1 + 1 + 3 + 7 * 8 + 3 + 4 + 4 + 1;
/// Numbers per seat.
pub const PER_SEAT: usize = 1
    + 3 * Token::NUM
    + PLACES * 3 * 2
    + 10
    + 10
    + 3
    + 3
    + 3
    + 4
    + 1
    + 4 * 3 * 3
    + 6
    + 2
    + 3
    + 8
    + 8
    + 8
    + 3
    + CARD_KINDS
    + 1
    + 6 * 2
    + 6
    + 2
    + CARD_KINDS
    + 8
    + 1;
/// Numbers about the game as a whole.
pub const GLOBALS: usize =
    4 * 4 + 1 + 16 + 1 + 1 + 1 + CARD_KINDS * 2 + Token::NUM + 8 + 3 + 12 + 1 + 1;
/// Numbers in one observation.
pub const OBSERVATION_LEN: usize = LOCS * PER_LOCATION + 4 * PER_SEAT + GLOBALS;

const POOLS: [Pool; 3] = [Pool::Bag, Pool::Spent, Pool::Drawn];

/// Every seat action, in id order.
pub fn seat_actions() -> &'static IdTable<Action> {
    static TABLE: OnceLock<IdTable<Action>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut all = Vec::new();
        let places = 0..PLACES as u8;
        let slots = || 0..3u8;
        for cell in 0..CELLS as u8 {
            all.extend((0..6).map(|rot| Action::PlaceTile { cell, rot }));
        }
        for place in places.clone() {
            all.extend(slots().map(|slot| Action::Reclaim { place, slot }));
        }
        all.extend(Token::ALL.map(Action::BreezeTake));
        all.push(Action::StartDrawing);
        all.extend(Spell::ALL.map(Action::CorruptionOn));
        for token in Token::ALL {
            for place in places.clone() {
                for slot in slots() {
                    all.extend((0..6).map(|as_core| Action::Assign {
                        token,
                        place,
                        slot,
                        as_core,
                    }));
                }
            }
        }
        all.push(Action::Ready);
        all.extend(places.clone().map(Action::Perform));
        all.push(Action::Rest);
        all.extend((0..LOCS as u8).map(Action::To));
        for loc in 0..LOCS as u8 {
            for animal in Animal::ALL {
                all.extend((0..LOCS as u8).map(|to| Action::CallFrom { loc, animal, to }));
            }
        }
        for loc in 0..LOCS as u8 {
            for spot in 0..7 {
                all.extend(Element::ALL.map(|kind| Action::Restore { loc, spot, kind }));
            }
        }
        all.extend(Element::ALL.map(Action::Path));
        all.extend([Action::Branch(0), Action::Branch(1)]);
        for golem in Element::ALL {
            for power in 0..3 {
                all.extend([false, true].map(|up| Action::Golem { golem, power, up }));
            }
        }
        all.extend(Spell::ALL.map(Action::Purify));
        all.push(Action::Harmony);
        for pool in POOLS {
            all.extend(Token::ALL.map(|t| Action::Unbind(pool, t)));
        }
        for place in places.clone() {
            all.extend(slots().map(|slot| Action::UnbindSlot { place, slot }));
        }
        all.extend(Token::ALL.map(Action::Gain));
        for token in Token::ALL {
            for place in places.clone() {
                all.extend(slots().map(|slot| Action::AssignTo { token, place, slot }));
            }
        }
        for token in Token::ALL {
            for place in places.clone() {
                all.extend(slots().map(|slot| Action::GainAssign { token, place, slot }));
            }
        }
        all.extend(Token::ALL.map(Action::GainKeep));
        all.extend(Spell::ALL.map(Action::Upgrade));
        all.extend((0..8).map(Action::Fae));
        all.extend((0..SITES as u8).map(Action::Site));
        all.extend((0..6).map(Action::Marker));
        all.push(Action::PurifyGained);
        for token in Token::ALL {
            all.extend((0..6).map(|as_core| Action::Keep { token, as_core }));
        }
        all.push(Action::KeepMat);
        all.extend((0..CARD_KINDS as u8).map(Action::PlayCard));
        all.extend((0..8).map(Action::CardPart));
        all.extend((0..6).map(Action::CorruptionOnCard));
        all.extend((0..6).map(Action::PurifyCard));
        all.extend(Element::ALL.map(Action::GolemHere));
        all.push(Action::Decline);
        all.extend((0..8).map(Action::Summon));
        all.push(Action::Secondary);
        all.extend((0..CARD_KINDS as u8).map(Action::KeepCard));
        all.extend(Spell::ALL.map(Action::Replay));
        for path in Element::ALL {
            all.extend((0..2).map(|branch| Action::OtherSpace { path, branch }));
        }
        all.extend(POOLS.map(Action::PurifyFrom));
        all.extend((0..8).map(Action::CopyFae));
        all.extend((0..CARD_KINDS as u8).map(Action::Pick));
        all.extend((0..8).map(Action::KeepFamiliar));
        IdTable::new(all)
    })
}

/// Every chance outcome, in id order.
pub fn chance_outcomes() -> &'static IdTable<Action> {
    static TABLE: OnceLock<IdTable<Action>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut all = Vec::new();
        all.extend((0..LOCS as u8).map(Action::DrawTile));
        all.extend((0..SITES as u8).map(Action::RuneToken));
        all.extend((0..8).map(Action::DealFamiliar));
        all.extend(Token::ALL.map(Action::Draw));
        all.extend((0..CARD_KINDS as u8).map(Action::DrawCard));
        all.extend((0..CARD_KINDS as u8).map(Action::Reveal));
        IdTable::new(all)
    })
}

fn phase_index(p: Phase) -> (usize, f64) {
    match p {
        Phase::DrawTile => (0, 0.0),
        Phase::PlaceTile(t) => (1, f64::from(t) / 25.0),
        Phase::Rune(i) => (2, f64::from(i) / 32.0),
        Phase::Familiar(i) => (3, f64::from(i) / 8.0),
        Phase::Pack(i) => (4, f64::from(i) / 28.0),
        Phase::Draft(i) => (5, f64::from(i) / 6.0),
        Phase::KeepFamiliar => (6, 0.0),
        Phase::Reclaim => (7, 0.0),
        Phase::DrawCard => (8, 0.0),
        Phase::Drawing => (9, 0.0),
        Phase::Reveal => (10, 0.0),
        Phase::Corruption => (11, 0.0),
        Phase::Prepare => (12, 0.0),
        Phase::Act => (13, 0.0),
        Phase::Resolve => (14, 0.0),
        Phase::Over => (15, 0.0),
    }
}

fn seat_hot(f: &mut Features<'_>, seat: u8) {
    f.one_hot(4, (seat != NONE).then_some(seat as usize));
}

fn kind_plus_one(k: u8, n: f64) -> f64 {
    if k == NONE {
        0.0
    } else {
        (f64::from(k) + 1.0) / n
    }
}

/// Writes `seat`'s observation (see the module's documentation).
pub fn observation(game: &crate::Whisperwood, view: &View, seat: Seat, out: &mut Vec<f32>) {
    let s = &view.state;
    let c = game.components();
    let mut f = Features::new(out);
    for l in 0..LOCS {
        let start = f.len();
        let cell = s.cell[l];
        if cell != NONE {
            let (q, r) = crate::board::cell_coords(cell);
            let terrain = c.tiles.get(l).map_or(0, |t| t.terrain);
            f.flag(true)
                .scaled(f64::from(q), 4.0)
                .scaled(f64::from(r), 4.0)
                .scaled(f64::from(s.rot[l]), 5.0)
                .flag(s.borders & (1 << l) != 0);
            for e in [Element::Earth, Element::Water, Element::Air] {
                f.flag(terrain & e.bit() != 0);
            }
            for &code in &s.spots[l] {
                let owner = spot_owner(code);
                f.one_hot(4, owner.map(|(p, _)| p as usize));
                f.one_hot(4, owner.map(|(_, e)| e.index()));
            }
            for a in Animal::ALL {
                f.scaled(f64::from(s.wildlife[l][a.index()]), 5.0);
            }
            for g in 0..4 {
                f.flag(s.golems[g] as usize == l);
            }
            for p in 0..4 {
                f.flag(p < s.players.len() && s.druids[p] as usize == l);
            }
            let runes = (0..game.sites())
                .filter(|&i| game.site_loc(i) as usize == l && s.site_token[i as usize] != NONE)
                .count();
            f.scaled(runes as f64, 3.0);
        }
        f.pad_to(start + PER_LOCATION);
    }
    for p in 0..4 {
        let start = f.len();
        if let Some(pl) = s.players.get(p) {
            let own = p == seat.index();
            f.flag(true);
            for counts in [&pl.bag, &pl.spent, &pl.drawn] {
                for &n in counts.iter() {
                    f.scaled(f64::from(n), 10.0);
                }
            }
            for place in &pl.slots {
                for slot in place {
                    f.scaled(slot.map_or(0.0, |t| t.token.index() as f64 + 1.0), 20.0);
                    f.scaled(slot.map_or(0.0, |t| f64::from(t.as_core) + 1.0), 6.0);
                }
            }
            for sp in Spell::ALL {
                f.flag(pl.is_corrupted(sp));
            }
            for sp in Spell::ALL {
                f.flag(pl.is_advanced(sp));
            }
            f.scaled(f64::from(pl.barriers), 3.0)
                .scaled(f64::from(pl.harmony), 10.0)
                .scaled(f64::from(pl.vp), 100.0);
            for col in pl.col {
                f.scaled(f64::from(col), 15.0);
            }
            for i in 0..3 {
                f.flag(pl.branch & (1 << i) != 0);
            }
            for n in pl.restorations {
                f.scaled(f64::from(n), 10.0);
            }
            f.scaled(f64::from(pl.golem_tokens), 9.0);
            for card in pl.golems {
                for mark in card {
                    f.one_hot(3, Some(mark as usize));
                }
            }
            for m in pl.markers {
                f.flag(m != NONE);
            }
            f.scaled(f64::from(pl.rune_vp), 20.0)
                .scaled(f64::from(pl.runes_taken), 10.0);
            for n in pl.den {
                f.scaled(f64::from(n), 5.0);
            }
            f.one_hot(8, (pl.familiar != NONE).then_some(pl.familiar as usize));
            for i in 0..8 {
                f.flag(pl.fae & (1 << i) != 0);
            }
            for i in 0..8 {
                f.flag(pl.summoned & (1 << i) != 0);
            }
            for i in 0..3 {
                f.flag(pl.wildlife_cards & (1 << i) != 0);
            }
            for &n in &pl.hand {
                f.scaled(f64::from(n), 3.0);
            }
            f.scaled(
                f64::from(view.hand_sizes.get(p).copied().unwrap_or(0)),
                10.0,
            );
            for &k in &pl.covered {
                f.flag(k != NONE).scaled(kind_plus_one(k, 32.0), 1.0);
            }
            for m in 0..6 {
                f.flag(pl.card_corrupted & (1 << m) != 0);
            }
            f.scaled(f64::from(pl.draw_bonus), 3.0).flag(pl.rested);
            // The view already holds only the seat's own pack and dealt familiars.
            for &n in &pl.pack {
                f.scaled(if own { f64::from(n) } else { 0.0 }, 3.0);
            }
            for i in 0..8 {
                f.flag(own && pl.dealt & (1 << i) != 0);
            }
            f.scaled(kind_plus_one(pl.draft_left, 32.0), 1.0);
        }
        f.pad_to(start + PER_SEAT);
    }
    let (phase, number) = phase_index(s.phase);
    seat_hot(&mut f, seat.0);
    seat_hot(&mut f, s.turn);
    seat_hot(&mut f, s.first);
    seat_hot(&mut f, s.first_rest);
    f.scaled(f64::from(s.round), 7.0)
        .one_hot(16, Some(phase))
        .scaled(number, 1.0)
        .flag(s.phase == Phase::Over)
        .scaled(f64::from(view.deck_size), 43.0);
    for &n in &s.discard {
        f.scaled(f64::from(n), 3.0);
    }
    for &n in &s.revealed {
        f.scaled(f64::from(n), 3.0);
    }
    for &n in &s.supply {
        f.scaled(f64::from(n), 30.0);
    }
    for &n in &s.fae_left {
        f.scaled(f64::from(n), 4.0);
    }
    for &n in &s.wildlife_cards_left {
        f.scaled(f64::from(n), 3.0);
    }
    for path in s.meeples {
        for n in path {
            f.scaled(f64::from(n), 3.0);
        }
    }
    f.scaled(f64::from(s.stack.count_ones()), 24.0)
        .scaled(s.pending.len() as f64, 16.0);
    debug_assert_eq!(f.len(), OBSERVATION_LEN);
    f.pad_to(OBSERVATION_LEN);
}
