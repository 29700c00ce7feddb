//! `determinize` during a subsequent game's draft (R36), remembering what the seat saw.
//!
//! Each pack is a sequence of 7 positions in the order its cards leave it: positions `2r` and
//! `2r + 1` are kept by the seat holding it in round `r` (pack `j` is held by seat
//! `(j + r) mod n`), position 6 is the last card, discarded face up. A seat knows the pack it
//! received each round (from position `2r` on, as a multiset), its own picks, and the
//! discarded cards. The redeal keeps every known position's card and reorders only within a
//! stretch between two known points (which later holder kept which of the cards it passed);
//! the positions before the first point the seat saw come from the cards it has never seen.

// Positions index several parallel arrays (sequence, destination, unknown) at once.
#![allow(clippy::needless_range_loop)]

use sylvan_engine::GameRng;

use crate::components::CARD_KINDS;
use crate::state::{Phase, State, DRAFT_ROUNDS, NONE};

type Counts = [u8; CARD_KINDS];

/// Where a position's card is now.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Dest {
    /// Kept by this seat (in its hand).
    Hand(usize),
    /// Still in the pack this seat holds.
    Pack(usize),
    /// The discard pile (public).
    Discard,
}

fn counts_of(cards: &[u8]) -> Counts {
    let mut c = [0; CARD_KINDS];
    for &k in cards {
        if let Some(n) = c.get_mut(k as usize) {
            *n += 1;
        }
    }
    c
}

/// One card drawn from `pool` by weight, in card-kind order.
fn draw(pool: &mut Counts, rng: &mut GameRng) -> u8 {
    let total: u64 = pool.iter().map(|&n| n as u64).sum();
    if total == 0 {
        return NONE;
    }
    let mut r = rng.below(total);
    for (k, n) in pool.iter_mut().enumerate() {
        if r < *n as u64 {
            *n -= 1;
            return k as u8;
        }
        r -= *n as u64;
    }
    NONE
}

/// Redeals what seat `me` has not seen while the draft or the familiar choice is on; `false`
/// (nothing done) in any other phase.
pub(crate) fn determinize(s: &mut State, n: usize, me: usize, rng: &mut GameRng) -> bool {
    let (step, finished) = match s.phase {
        Phase::Draft(step) => (step as usize, false),
        Phase::KeepFamiliar => (6, true),
        _ => return false,
    };
    let round = step / 2;
    let first = s.first as usize;
    let order = |x: usize| (x + n - first) % n;
    // The cards whose place `me` does not see: the deck, the other hands and packs.
    let mut pool = s.deck;
    for (q, pl) in s.players.iter().enumerate() {
        if q != me {
            for k in 0..CARD_KINDS {
                pool[k] += pl.hand[k] + pl.pack[k];
            }
        }
    }
    let mine = &s.players[me];
    let mut seq = [[NONE; 7]; 4];
    let mut dest = [[Dest::Discard; 7]; 4];
    // Positions whose card is still to be dealt from the unseen cards.
    let mut unknown = [[false; 7]; 4];
    for j in 0..n {
        let progress = if finished {
            7
        } else {
            let holder = (j + round) % n;
            let picked_now = usize::from(order(holder) < order(s.turn as usize));
            2 * round + step % 2 + picked_now
        };
        for (p, d) in dest[j].iter_mut().enumerate() {
            *d = if p >= progress {
                Dest::Pack((j + round) % n)
            } else if p == 6 {
                Dest::Discard
            } else {
                Dest::Hand((j + p / 2) % n)
            };
        }
        // Known points: (position, the multiset from there on).
        let mut cuts: arrayvec::ArrayVec<(usize, Counts), 8> = arrayvec::ArrayVec::new();
        for (r, &(at, size)) in DRAFT_ROUNDS.iter().enumerate() {
            if (j + r) % n != me || r > round {
                continue;
            }
            let seen = &mine.draft_seen[at..at + size];
            if seen.iter().all(|&k| k == NONE) {
                continue;
            }
            let seen: arrayvec::ArrayVec<u8, 7> =
                seen.iter().copied().filter(|&k| k != NONE).collect();
            let _ = cuts.try_push((2 * r, counts_of(&seen)));
            let picks = [mine.draft_picks[2 * r], mine.draft_picks[2 * r + 1]];
            for (i, &k) in picks.iter().enumerate() {
                if k != NONE {
                    seq[j][2 * r + i] = k;
                }
            }
            if !picks.contains(&NONE) {
                let mut rest = counts_of(&seen);
                for k in picks {
                    rest[k as usize] = rest[k as usize].saturating_sub(1);
                }
                let _ = cuts.try_push((2 * r + 2, rest));
            }
        }
        let left = s.players[j].draft_left;
        if finished && left != NONE {
            seq[j][6] = left;
            let _ = cuts.try_push((6, counts_of(&[left])));
        }
        let _ = cuts.try_push((7, [0; CARD_KINDS]));
        cuts.sort_by_key(|c| c.0);
        let start = cuts[0].0;
        for u in unknown[j].iter_mut().take(start) {
            *u = true;
        }
        // Between two known points: the cards between them, in a fresh order.
        for w in cuts.windows(2) {
            let ((a, ma), (b, mb)) = (w[0], w[1]);
            if a >= b {
                continue;
            }
            let mut between = ma;
            for k in 0..CARD_KINDS {
                between[k] = between[k].saturating_sub(mb[k]);
            }
            for p in a..b {
                let k = seq[j][p];
                if k != NONE {
                    between[k as usize] = between[k as usize].saturating_sub(1);
                }
            }
            let mut cards: arrayvec::ArrayVec<u8, 7> = arrayvec::ArrayVec::new();
            for (k, &c) in between.iter().enumerate() {
                for _ in 0..c {
                    let _ = cards.try_push(k as u8);
                }
            }
            for i in (1..cards.len()).rev() {
                let r = rng.below(i as u64 + 1) as usize;
                cards.swap(i, r);
            }
            let mut next = cards.into_iter();
            for p in a..b {
                if seq[j][p] == NONE {
                    seq[j][p] = next.next().unwrap_or(NONE);
                    let k = seq[j][p];
                    // A card known to be with another seat is not among the unseen ones.
                    if k != NONE && !matches!(dest[j][p], Dest::Hand(q) | Dest::Pack(q) if q == me)
                    {
                        pool[k as usize] = pool[k as usize].saturating_sub(1);
                    }
                }
            }
        }
    }
    // The cards `me` never saw, dealt from what is left.
    for j in 0..n {
        for p in 0..7 {
            if unknown[j][p] && seq[j][p] == NONE && dest[j][p] != Dest::Discard {
                seq[j][p] = draw(&mut pool, rng);
            }
        }
    }
    s.deck = pool;
    for (q, pl) in s.players.iter_mut().enumerate() {
        if q != me {
            pl.hand = [0; CARD_KINDS];
            pl.pack = [0; CARD_KINDS];
            pl.draft_seen = [NONE; 15];
            pl.draft_picks = [NONE; 6];
        }
    }
    for j in 0..n {
        for p in 0..7 {
            let k = seq[j][p];
            if k == NONE {
                continue;
            }
            match dest[j][p] {
                Dest::Hand(q) if q != me => {
                    s.players[q].hand[k as usize] += 1;
                    s.players[q].draft_picks[p] = k;
                }
                Dest::Pack(q) if q != me => s.players[q].pack[k as usize] += 1,
                _ => {}
            }
        }
    }
    // What the other seats saw, from the redealt packs: the pack each held at each round.
    let rounds = if finished { 3 } else { round + 1 };
    for q in (0..n).filter(|&q| q != me) {
        for (r, &(at, size)) in DRAFT_ROUNDS.iter().enumerate().take(rounds) {
            let j = (q + n * 3 - r) % n;
            let mut seen: arrayvec::ArrayVec<u8, 7> = seq[j][2 * r..]
                .iter()
                .copied()
                .filter(|&k| k != NONE)
                .collect();
            seen.sort_unstable();
            for (i, &k) in seen.iter().take(size).enumerate() {
                s.players[q].draft_seen[at + i] = k;
            }
        }
    }
    true
}
