//! The portable seeded generator and the sampling code Sylvan owns.

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64;

/// A seeded, portable generator (PCG-64) for chance and for bots.
///
/// Sampling (bounded integers, weighted picks) is written here rather than taken from `rand`,
/// so a seed gives the same game on every platform and after every dependency upgrade.
#[derive(Clone, Debug)]
pub struct GameRng(Pcg64);

impl GameRng {
    /// A generator seeded from one number.
    pub fn seeded(seed: u64) -> Self {
        GameRng(Pcg64::seed_from_u64(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..n` (Lemire's multiply-and-reject, unbiased). `n` must be > 0.
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0, "below(0) has no outcome");
        let n = n.max(1);
        loop {
            let m = (self.next_u64() as u128) * (n as u128);
            let low = m as u64;
            // Lemire's rejection: the threshold (2^64 mod n) is below n, so a low word of at
            // least n is always accepted and the 64-bit division is almost never needed.
            if low >= n || low >= n.wrapping_neg() % n {
                return (m >> 64) as u64;
            }
        }
    }

    /// Picks one entry with probability proportional to its weight. The list must be non-empty
    /// with a positive total weight.
    pub fn pick_weighted<T: Copy>(&mut self, weighted: &[(T, u32)]) -> T {
        let total: u64 = weighted.iter().map(|&(_, w)| w as u64).sum();
        let mut r = self.below(total.max(1));
        for &(item, w) in weighted {
            if r < w as u64 {
                return item;
            }
            r -= w as u64;
        }
        weighted[weighted.len() - 1].0
    }
}

/// The seed of game `index` in a run seeded with `seed` (SplitMix64 of both), so any single
/// game of a bulk run can be played again on its own.
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index)
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = GameRng::seeded(42);
        let mut b = GameRng::seeded(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = GameRng::seeded(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let x = rng.below(7) as usize;
            seen[x] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "roughly uniform: {seen:?}");
    }

    #[test]
    fn below_gives_what_the_division_every_time_gave() {
        // The values every seeded game and record depend on must not move.
        for n in [1u64, 2, 3, 7, 10, 56, 1000, u64::MAX / 3 + 7, u64::MAX] {
            let (mut fast, mut reference) = (GameRng::seeded(n), GameRng::seeded(n));
            for _ in 0..2000 {
                let expected = loop {
                    let m = (reference.next_u64() as u128) * (n as u128);
                    if m as u64 >= n.wrapping_neg() % n {
                        break (m >> 64) as u64;
                    }
                };
                assert_eq!(fast.below(n), expected, "n = {n}");
            }
        }
    }

    #[test]
    fn weighted_pick_respects_zero_and_proportion() {
        let mut rng = GameRng::seeded(3);
        let items = [('a', 0), ('b', 3), ('c', 1)];
        let mut counts = [0u32; 3];
        for _ in 0..4000 {
            match rng.pick_weighted(&items) {
                'a' => counts[0] += 1,
                'b' => counts[1] += 1,
                _ => counts[2] += 1,
            }
        }
        assert_eq!(counts[0], 0);
        assert!(counts[1] > 2 * counts[2], "{counts:?}");
    }

    #[test]
    fn derived_seeds_differ() {
        assert_ne!(derive_seed(1, 0), derive_seed(1, 1));
        assert_ne!(derive_seed(1, 0), derive_seed(2, 0));
        assert_eq!(derive_seed(9, 4), derive_seed(9, 4));
    }
}
