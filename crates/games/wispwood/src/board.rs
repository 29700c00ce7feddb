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

/// The square at `row`, `column`.
pub const fn square(row: usize, column: usize) -> u8 {
    (row * SIDE + column) as u8
}

/// The row and column of a square.
pub const fn row_col(sq: u8) -> (usize, usize) {
    (sq as usize / SIDE, sq as usize % SIDE)
}

/// The mask of one square (empty beyond the board).
pub const fn bit(sq: u8) -> Mask {
    if (sq as usize) < SQUARES {
        1u128 << sq
    } else {
        0
    }
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
pub const fn column_of(sq: u8) -> Mask {
    column_mask(sq as usize % SIDE)
}

/// The two diagonal lines through a square (the square included in both).
pub fn diagonals_of(sq: u8) -> (Mask, Mask) {
    let (r, c) = row_col(sq);
    let (mut down, mut up) = (0u128, 0u128);
    for rr in 0..SIDE {
        let d = rr as i32 - r as i32;
        let c1 = c as i32 + d;
        let c2 = c as i32 - d;
        if (0..SIDE as i32).contains(&c1) {
            down |= bit(square(rr, c1 as usize));
        }
        if (0..SIDE as i32).contains(&c2) {
            up |= bit(square(rr, c2 as usize));
        }
    }
    (down, up)
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
    let (mut r0, mut r1, mut c0, mut c1) = (SIDE, 0, SIDE, 0);
    for r in 0..SIDE {
        if m & row_mask(r) != 0 {
            r0 = r0.min(r);
            r1 = r;
        }
    }
    for c in 0..SIDE {
        if m & column_mask(c) != 0 {
            c0 = c0.min(c);
            c1 = c;
        }
    }
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
}
