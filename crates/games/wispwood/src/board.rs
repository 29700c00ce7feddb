//! Squares of a forest as bits of a `u128`: an 11×11 board, enough room for any 6×6 grid
//! around the tiles kept between rounds (they are moved back to the middle each round).

/// Squares per side of the board a forest lives on.
pub const SIDE: usize = 11;
/// Squares on the board.
pub const SQUARES: usize = SIDE * SIDE;

/// A set of squares: bit `row * 11 + column`.
pub type Mask = u128;

/// Every square of the board.
pub const FULL: Mask = (1u128 << SQUARES) - 1;

/// The first square of every row: multiplying an 11-bit row pattern by it repeats the
/// pattern on every row.
pub const ROW_REPEAT: Mask = column_mask(0);

const fn column_mask(c: usize) -> Mask {
    let mut m = 0u128;
    let mut r = 0;
    while r < SIDE {
        m |= 1u128 << (r * SIDE + c);
        r += 1;
    }
    m
}

const fn row_mask(r: usize) -> Mask {
    ((1u128 << SIDE) - 1) << (r * SIDE)
}

const FIRST_COLUMN: Mask = column_mask(0);
const LAST_COLUMN: Mask = column_mask(SIDE - 1);

/// Each column's mask, computed once: `column_mask` loops, and scoring asks per square.
const COLUMNS: [Mask; SIDE] = {
    let mut t = [0u128; SIDE];
    let mut c = 0;
    while c < SIDE {
        t[c] = column_mask(c);
        c += 1;
    }
    t
};

/// Per square, its two diagonal lines (down-right and up-right), computed once.
const DIAGONALS: [(Mask, Mask); SQUARES] = {
    let mut t = [(0u128, 0u128); SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (r, c) = ((sq / SIDE) as i32, (sq % SIDE) as i32);
        let (mut down, mut up) = (0u128, 0u128);
        let mut rr = 0;
        while rr < SIDE as i32 {
            let (c1, c2) = (c + rr - r, c - (rr - r));
            if c1 >= 0 && c1 < SIDE as i32 {
                down |= 1u128 << (rr as usize * SIDE + c1 as usize);
            }
            if c2 >= 0 && c2 < SIDE as i32 {
                up |= 1u128 << (rr as usize * SIDE + c2 as usize);
            }
            rr += 1;
        }
        t[sq] = (down, up);
        sq += 1;
    }
    t
};

/// Per square, the squares exactly two steps away (king's moves), computed once.
const TWO_AWAY: [Mask; SQUARES] = {
    let mut t = [0u128; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (r, c) = (sq / SIDE, sq % SIDE);
        let mut other = 0;
        while other < SQUARES {
            let (rr, cc) = (other / SIDE, other % SIDE);
            let (dr, dc) = (rr.abs_diff(r), cc.abs_diff(c));
            if (if dr > dc { dr } else { dc }) == 2 {
                t[sq] |= 1u128 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    t
};

/// Per `i` in 0..=11: the squares of row `i` and below (`[0]` is the board, `[11]` empty).
const ROWS_FROM: [Mask; SIDE + 1] = {
    let mut t = [0u128; SIDE + 1];
    let mut i = 0;
    while i < SIDE {
        t[i] = FULL & !((1u128 << (i * SIDE)) - 1);
        i += 1;
    }
    t
};

/// Per `i` in 0..=11: the squares of column `i` and to its right (`[11]` empty).
const COLUMNS_FROM: [Mask; SIDE + 1] = {
    let mut t = [0u128; SIDE + 1];
    let mut i = SIDE;
    while i > 0 {
        i -= 1;
        t[i] = t[i + 1] | COLUMNS[i];
    }
    t
};

/// The squares of the board in rows `r0..=r1` and columns `c0..=c1` (empty if a range is):
/// one table lookup per side instead of a shift by a variable amount.
#[inline]
pub fn rect(r0: usize, r1: usize, c0: usize, c1: usize) -> Mask {
    if r0 > r1 || c0 > c1 {
        return 0;
    }
    let end = |i: usize| (i + 1).min(SIDE);
    ROWS_FROM[r0.min(SIDE)]
        & !ROWS_FROM[end(r1)]
        & COLUMNS_FROM[c0.min(SIDE)]
        & !COLUMNS_FROM[end(c1)]
}

/// The square at `row`, `column`.
pub const fn square(row: usize, column: usize) -> u8 {
    (row * SIDE + column) as u8
}

/// The row and column of a square.
pub const fn row_col(sq: u8) -> (usize, usize) {
    (sq as usize / SIDE, sq as usize % SIDE)
}

/// Per byte value, the mask of that square (empty beyond the board): one load, no branch and
/// no shift by a variable amount, for the hottest helper.
const BITS: [Mask; 256] = {
    let mut t = [0u128; 256];
    let mut sq = 0;
    while sq < SQUARES {
        t[sq] = 1u128 << sq;
        sq += 1;
    }
    t
};

/// The mask of one square (empty beyond the board).
#[inline]
pub const fn bit(sq: u8) -> Mask {
    BITS[sq as usize]
}

/// The squares beside (orthogonally adjacent to) any square of `m`, `m` itself excluded.
pub const fn beside(m: Mask) -> Mask {
    let east = (m & !LAST_COLUMN) << 1;
    let west = (m & !FIRST_COLUMN) >> 1;
    let south = m << SIDE;
    let north = m >> SIDE;
    (east | west | south | north) & FULL & !m
}

/// The squares diagonally adjacent to any square of `m`.
pub const fn diagonal(m: Mask) -> Mask {
    let e = m & !LAST_COLUMN;
    let w = m & !FIRST_COLUMN;
    ((e << (SIDE + 1)) | (e >> (SIDE - 1)) | (w << (SIDE - 1)) | (w >> (SIDE + 1))) & FULL
}

/// The 8 squares surrounding a single square.
pub const fn surrounding(sq: u8) -> Mask {
    let m = bit(sq);
    (beside(m) | diagonal(m)) & !m
}

/// The row of a square.
pub const fn row_of(sq: u8) -> Mask {
    row_mask(sq as usize / SIDE)
}

/// The column of a square.
#[inline]
pub const fn column_of(sq: u8) -> Mask {
    COLUMNS[sq as usize % SIDE]
}

/// The two diagonal lines through a square (the square included in both); none off the
/// board.
#[inline]
pub fn diagonals_of(sq: u8) -> (Mask, Mask) {
    DIAGONALS.get(sq as usize).copied().unwrap_or((0, 0))
}

/// The squares exactly two king's steps from a square (none off the board).
#[inline]
pub fn two_away(sq: u8) -> Mask {
    TWO_AWAY.get(sq as usize).copied().unwrap_or(0)
}

/// The squares of `m`, lowest first.
pub fn squares(mut m: Mask) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let sq = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(sq)
        }
    })
}

/// The orthogonally connected part of `within` that contains `seed`.
pub fn group(seed: Mask, within: Mask) -> Mask {
    let mut g = seed & within;
    loop {
        let next = (g | beside(g)) & within;
        if next == g {
            return g;
        }
        g = next;
    }
}

/// Splits `m` into its orthogonally connected groups, calling `f` with each.
pub fn each_group(mut m: Mask, mut f: impl FnMut(Mask)) {
    while m != 0 {
        let g = group(m & m.wrapping_neg(), m);
        f(g);
        m &= !g;
    }
}

/// The rows and columns that `m` spans: (first row, last row, first column, last column).
pub fn bounds(m: Mask) -> Option<(usize, usize, usize, usize)> {
    if m == 0 {
        return None;
    }
    let m = m & FULL;
    if m == 0 {
        return None;
    }
    // Rows from the lowest and highest bit; columns from the rows ORed into 11 bits.
    let r0 = m.trailing_zeros() as usize / SIDE;
    let r1 = (127 - m.leading_zeros() as usize) / SIDE;
    // Fold the 11 rows onto the first (shifts by whole rows: 8, 4, 2, 1), no loop.
    let mut f = m;
    f |= f >> (8 * SIDE);
    f |= f >> (4 * SIDE);
    f |= f >> (2 * SIDE);
    f |= f >> SIDE;
    let cols = f as u32 & ((1 << SIDE) - 1);
    let c0 = cols.trailing_zeros() as usize;
    let c1 = 31 - cols.leading_zeros() as usize;
    Some((r0, r1, c0, c1))
}

/// `m` moved by whole rows and columns (squares pushed off the board are lost).
pub fn shifted(m: Mask, rows: i32, cols: i32) -> Mask {
    let mut out = 0;
    for sq in squares(m) {
        let (r, c) = row_col(sq);
        let (r, c) = (r as i32 + rows, c as i32 + cols);
        if (0..SIDE as i32).contains(&r) && (0..SIDE as i32).contains(&c) {
            out |= bit(square(r as usize, c as usize));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beside_does_not_wrap_round_the_edges() {
        let corner = bit(square(0, 10));
        assert_eq!(beside(corner), bit(square(0, 9)) | bit(square(1, 10)));
        assert_eq!(surrounding(square(5, 5)).count_ones(), 8);
        assert_eq!(surrounding(square(0, 0)).count_ones(), 3);
        let (d, u) = diagonals_of(square(0, 0));
        assert_eq!((d.count_ones(), u.count_ones()), (11, 1));
    }

    /// The tables and bit tricks give what the plain loops over rows and columns give.
    #[test]
    fn tables_match_the_loops() {
        for sq in 0..SQUARES as u8 {
            let (r, c) = row_col(sq);
            let (mut down, mut up, mut two, mut col) = (0u128, 0u128, 0u128, 0u128);
            for other in 0..SQUARES as u8 {
                let (rr, cc) = row_col(other);
                let d = rr as i32 - r as i32;
                down |= ((cc as i32 == c as i32 + d) as u128) << other;
                up |= ((cc as i32 == c as i32 - d) as u128) << other;
                two |= ((rr.abs_diff(r).max(cc.abs_diff(c)) == 2) as u128) << other;
                col |= ((cc == c) as u128) << other;
            }
            assert_eq!(diagonals_of(sq), (down, up), "square {sq}");
            assert_eq!(two_away(sq), two, "square {sq}");
            assert_eq!(column_of(sq), col, "square {sq}");
        }
        assert_eq!(diagonals_of(200), (0, 0));
        for sq in 0..=u8::MAX {
            let shifted = if (sq as usize) < SQUARES {
                1u128 << sq
            } else {
                0
            };
            assert_eq!(bit(sq), shifted, "square {sq}");
        }
        // Bounds of masks against a scan of every square.
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..2000 {
            let mut m = 0u128;
            for _ in 0..(x % 7) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                m |= bit((x % SQUARES as u64) as u8);
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let scan = squares(m).fold(None, |b: Option<(usize, usize, usize, usize)>, sq| {
                let (r, c) = row_col(sq);
                Some(match b {
                    None => (r, r, c, c),
                    Some((r0, r1, c0, c1)) => (r0.min(r), r1.max(r), c0.min(c), c1.max(c)),
                })
            });
            assert_eq!(bounds(m), scan, "mask {m:#x}");
            // A rectangle from the same numbers against one built square by square.
            let (r0, r1) = ((x % 12) as usize, ((x >> 8) % 12) as usize);
            let (c0, c1) = (((x >> 16) % 12) as usize, ((x >> 24) % 12) as usize);
            let mut slow = 0u128;
            for sq in 0..SQUARES as u8 {
                let (r, c) = row_col(sq);
                if (r0..=r1).contains(&r) && (c0..=c1).contains(&c) {
                    slow |= bit(sq);
                }
            }
            assert_eq!(rect(r0, r1, c0, c1), slow, "rect {r0}..={r1} x {c0}..={c1}");
        }
    }
}
