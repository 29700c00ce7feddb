//! What each seat knows of where the enchantment cards it cannot see are (R9: a card seen in
//! a pack, on the table or by Wilwisp is known), kept from the end of the draft on, and the
//! constrained redeal `determinize` makes from it.
//!
//! A seat's knowledge is, per card kind, up to [`TRACKED`] copies it saw, each with the set of
//! places it may be in now (a mask: bit `q` is seat `q`'s hand, [`DECK`] the deck). Copies it
//! never saw, or no longer tracks, may be anywhere it cannot see. Every update keeps the truth
//! among the worlds the masks allow: a seat that cannot tell which of several tracked copies
//! left a place merges them (see [`left`]).

// Card kinds index the pool, the hands and the deck at once.
#![allow(clippy::needless_range_loop)]

use arrayvec::ArrayVec;
use sylvan_engine::GameRng;

use crate::components::CARD_KINDS;
use crate::state::{State, DRAFT_ROUNDS, NONE};

/// Tracked copies per card kind at most (no kind has more copies in the shipped data; a
/// copy beyond it is simply not tracked, which is always sound).
pub const TRACKED: usize = 4;
/// The deck's bit in a place mask (bits 0–3 are the seats' hands).
pub const DECK: u8 = 1 << 4;

/// Per card kind, the place masks of the copies a seat tracks (0 = no entry), widest first.
pub type Knows = [[u8; TRACKED]; CARD_KINDS];

/// No knowledge at all.
pub const NOTHING: Knows = [[0; TRACKED]; CARD_KINDS];

fn tidy(e: &mut [u8; TRACKED]) {
    e.sort_unstable_by(|a, b| b.cmp(a));
}

/// Tracks one more copy of a kind, in the places `mask`.
fn add(e: &mut [u8; TRACKED], mask: u8) {
    if mask == 0 {
        return;
    }
    if let Some(slot) = e.iter_mut().find(|m| **m == 0) {
        *slot = mask;
        tidy(e);
    }
}

/// A copy of this kind left place `bit` where the seat saw it go: if it was one of the `t`
/// tracked copies that could be there, the seat cannot tell which, so the other `t − 1` are
/// kept with the union of their places (every way the truth can be stays allowed).
fn left(e: &mut [u8; TRACKED], bit: u8) {
    let t = e.iter().filter(|&&m| m & bit != 0).count();
    if t == 0 {
        return;
    }
    let union = e
        .iter()
        .filter(|&&m| m & bit != 0)
        .fold(0, |acc, &m| acc | m);
    let mut kept = 0;
    for m in e.iter_mut() {
        if *m & bit != 0 {
            *m = if kept + 1 < t { union } else { 0 };
            kept += 1;
        }
    }
    tidy(e);
}

/// Seat `p`'s card of kind `k` is shown to all and stays in its hand (a first-game element
/// card, L178; Wilwisp's kept card): every other seat tracks it there.
pub(crate) fn shown_in_hand(s: &mut State, p: usize, k: usize) {
    for (m, pl) in s.players.iter_mut().enumerate() {
        if m != p {
            if let Some(e) = pl.tracked.get_mut(k) {
                add(e, 1 << p);
            }
        }
    }
}

/// Seat `p` played or discarded a card of kind `k` from its hand, face up.
pub(crate) fn left_hand(s: &mut State, p: usize, k: usize) {
    for (m, pl) in s.players.iter_mut().enumerate() {
        if m != p {
            if let Some(e) = pl.tracked.get_mut(k) {
                left(e, 1 << p);
            }
        }
    }
}

/// Seat `p` drew a card of kind `k` from the deck, seen by `p` alone: the others only know
/// that whatever they tracked in the deck may now be in `p`'s hand.
pub(crate) fn drawn(s: &mut State, p: usize, k: usize) {
    for (m, pl) in s.players.iter_mut().enumerate() {
        if m == p {
            if let Some(e) = pl.tracked.get_mut(k) {
                left(e, DECK);
            }
        } else {
            for e in pl.tracked.iter_mut() {
                for mask in e.iter_mut().filter(|m| **m & DECK != 0) {
                    *mask |= 1 << p;
                }
                tidy(e);
            }
        }
    }
}

/// A card of kind `k` was turned face up from the deck (Wilwisp).
pub(crate) fn revealed(s: &mut State, k: usize) {
    for pl in s.players.iter_mut() {
        if let Some(e) = pl.tracked.get_mut(k) {
            left(e, DECK);
        }
    }
}

/// The face-up discard pile is about to become the deck (R35): nothing tracked was in the
/// empty deck, and every discarded card is now known to be in it.
pub(crate) fn reshuffled(s: &mut State) {
    let discard = s.discard;
    for pl in s.players.iter_mut() {
        for (k, e) in pl.tracked.iter_mut().enumerate() {
            for m in e.iter_mut() {
                *m &= !DECK;
            }
            tidy(e);
            for _ in 0..discard[k] {
                add(e, DECK);
            }
        }
    }
}

fn counts_of(cards: &[u8]) -> [u8; CARD_KINDS] {
    let mut c = [0; CARD_KINDS];
    for &k in cards {
        if let Some(n) = c.get_mut(k as usize) {
            *n += 1;
        }
    }
    c
}

/// What seat `m` knows at the end of the draft (R36), from its memory of it: of each pack it
/// held, the cards it passed on and did not see again were kept by the seats that held the
/// pack after it (one of them, when several did) or discarded face up (known by pack).
pub(crate) fn after_draft(s: &mut State, m: usize) {
    let n = s.players.len();
    let mut knows = NOTHING;
    let mine = &s.players[m];
    for j in 0..n {
        // Known points of pack j: (position, the multiset of the cards from there on).
        let mut cuts: ArrayVec<(usize, [u8; CARD_KINDS]), 8> = ArrayVec::new();
        for (r, &(at, size)) in DRAFT_ROUNDS.iter().enumerate() {
            if (j + r) % n != m {
                continue;
            }
            let seen: ArrayVec<u8, 7> = mine.draft_seen[at..at + size]
                .iter()
                .copied()
                .filter(|&k| k != NONE)
                .collect();
            if seen.is_empty() {
                continue;
            }
            let mut rest = counts_of(&seen);
            for &k in &mine.draft_picks[2 * r..2 * r + 2] {
                if let Some(c) = rest.get_mut(k as usize) {
                    *c = c.saturating_sub(1);
                }
            }
            let _ = cuts.try_push((2 * r + 2, rest));
            let _ = cuts.try_push((2 * r, counts_of(&seen)));
        }
        let left = [s.players[j].draft_left];
        let _ = cuts.try_push((6, counts_of(&left)));
        cuts.sort_by_key(|c| c.0);
        for w in cuts.windows(2) {
            let ((a, ma), (b, mb)) = (w[0], w[1]);
            // The seats that held the pack from position a to b (two picks per round).
            let mut mask = 0u8;
            for p in a..b {
                mask |= 1 << ((j + p / 2) % n);
            }
            mask &= !(1 << m);
            if a >= b || mask == 0 {
                continue;
            }
            for (k, e) in knows.iter_mut().enumerate() {
                for _ in 0..ma[k].saturating_sub(mb[k]) {
                    add(e, mask);
                }
            }
        }
    }
    s.players[m].tracked = knows;
}

/// Whether seat `m`'s knowledge allows the true position (Hall's condition per kind: every
/// set of tracked copies has at least as many copies in the union of their places).
pub(crate) fn consistent(s: &State, m: usize) -> Result<(), String> {
    let Some(me) = s.players.get(m) else {
        return Ok(());
    };
    for (k, e) in me.tracked.iter().enumerate() {
        let live: ArrayVec<u8, TRACKED> = e.iter().copied().filter(|&x| x != 0).collect();
        for subset in 1u32..(1 << live.len()) {
            let union = (0..live.len())
                .filter(|i| subset & (1 << i) != 0)
                .fold(0, |acc, i| acc | live[i]);
            let mut there = if union & DECK != 0 { s.deck[k] } else { 0 } as u32;
            for (q, pl) in s.players.iter().enumerate() {
                if q != m && union & (1 << q) != 0 {
                    there += pl.hand[k] as u32;
                }
            }
            if there < subset.count_ones() {
                return Err(format!(
                    "Player {} tracks {} copies of card kind {k} in places {union:#b} holding {there}",
                    m + 1,
                    subset.count_ones()
                ));
            }
        }
    }
    Ok(())
}

/// Places of the redeal: the other hands (0–3), the deck (4), the other packs (5–8).
const PLACES: usize = 9;

fn place_of_bit(bit: usize) -> usize {
    bit // hands are bits 0–3 and places 0–3, the deck is bit and place 4
}

/// Finds room for tracked copy `e` in its places, moving others along (an augmenting path);
/// `false` when there is none.
fn augment(
    e: usize,
    masks: &[u8],
    assigned: &mut [u8],
    cap: &mut [u8; PLACES],
    visited: &mut u8,
) -> bool {
    let mask = masks[e];
    for b in 0..5 {
        let p = place_of_bit(b);
        if mask & (1 << b) != 0 && cap[p] > 0 {
            cap[p] -= 1;
            assigned[e] = p as u8;
            return true;
        }
    }
    for b in 0..5 {
        if mask & (1 << b) == 0 || *visited & (1 << b) != 0 {
            continue;
        }
        *visited |= 1 << b;
        let p = place_of_bit(b) as u8;
        for f in 0..masks.len() {
            if f != e && assigned[f] == p {
                assigned[f] = NONE;
                if augment(f, masks, assigned, cap, visited) {
                    // f moved on and took its room elsewhere; e takes f's old room at p.
                    assigned[e] = p;
                    return true;
                }
                assigned[f] = p;
            }
        }
    }
    false
}

/// Redeals the cards seat `me` cannot see (the deck, the other hands and packs) consistently
/// with what it knows: first every tracked copy (those whose holder is known first, then
/// those restricted to several places), each in one of its places with room, then the
/// untracked cards by weight into the room left. Never fails: a tracked copy that finds no
/// room even after moving the others (the knowledge would contradict the public counts,
/// which the updates above never cause) is dealt like an untracked one.
pub(crate) fn redeal(s: &mut State, me: usize, rng: &mut GameRng) {
    let n = s.players.len();
    let mut pool = s.deck;
    let mut cap = [0u8; PLACES];
    cap[4] = s.deck.iter().sum();
    s.deck = [0; CARD_KINDS];
    for (q, pl) in s.players.iter_mut().enumerate() {
        if q == me {
            continue;
        }
        for k in 0..CARD_KINDS {
            pool[k] += pl.hand[k] + pl.pack[k];
        }
        cap[q] = pl.hand.iter().sum();
        cap[5 + q] = pl.pack.iter().sum();
        pl.hand = [0; CARD_KINDS];
        pl.pack = [0; CARD_KINDS];
    }
    let valid = DECK | (((1u16 << n) - 1) as u8 & !(1 << me));
    // The tracked copies (kind, places); the cards every seat knows in a hand are among them.
    let mut kinds: Vec<u8> = Vec::new();
    let mut masks: Vec<u8> = Vec::new();
    for k in 0..CARD_KINDS {
        let mut e: ArrayVec<u8, { TRACKED + 4 }> = s.players[me].tracked[k]
            .iter()
            .map(|&m| m & valid)
            .filter(|&m| m != 0)
            .collect();
        for q in (0..n).filter(|&q| q != me) {
            let public = s.players[q].known & (1 << k) != 0;
            if public && !e.contains(&(1 << q)) {
                let _ = e.try_push(1 << q);
            }
        }
        // Narrowest first, so a surplus (never expected) drops the least telling ones.
        e.sort_unstable_by_key(|m| m.count_ones());
        for &m in e.iter().take(pool[k] as usize) {
            kinds.push(k as u8);
            masks.push(m);
        }
    }
    // Known holders first, then the narrowest sets, in a random order within each width.
    let mut order: Vec<usize> = (0..masks.len()).collect();
    for i in (1..order.len()).rev() {
        let r = rng.below(i as u64 + 1) as usize;
        order.swap(i, r);
    }
    order.sort_by_key(|&i| masks[i].count_ones());
    let mut assigned = vec![NONE; masks.len()];
    for &i in &order {
        let free: ArrayVec<usize, 5> = (0..5)
            .filter(|&b| masks[i] & (1 << b) != 0 && cap[place_of_bit(b)] > 0)
            .map(place_of_bit)
            .collect();
        if !free.is_empty() {
            let p = free[rng.below(free.len() as u64) as usize];
            cap[p] -= 1;
            assigned[i] = p as u8;
        } else {
            let mut visited = 0;
            // No room even by moving others: dealt as an untracked card below.
            let _ = augment(i, &masks, &mut assigned, &mut cap, &mut visited);
        }
    }
    for (i, &p) in assigned.iter().enumerate() {
        let k = kinds[i] as usize;
        if p == NONE {
            continue;
        }
        pool[k] -= 1;
        match p as usize {
            4 => s.deck[k] += 1,
            q => s.players[q].hand[k] += 1,
        }
    }
    // The untracked cards into the room left, by weight in card-kind order.
    let mut deal = |pool: &mut [u8; CARD_KINDS]| -> Option<usize> {
        let total: u64 = pool.iter().map(|&c| c as u64).sum();
        if total == 0 {
            return None;
        }
        let mut r = rng.below(total);
        for (k, c) in pool.iter_mut().enumerate() {
            if r < *c as u64 {
                *c -= 1;
                return Some(k);
            }
            r -= *c as u64;
        }
        None
    };
    for p in [0, 1, 2, 3, 5, 6, 7, 8] {
        for _ in 0..cap[p] {
            let Some(k) = deal(&mut pool) else { break };
            match p {
                0..=3 => s.players[p].hand[k] += 1,
                _ => s.players[p - 5].pack[k] += 1,
            }
        }
    }
    for k in 0..CARD_KINDS {
        s.deck[k] += pool[k];
    }
}
