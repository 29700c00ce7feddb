//! The goal cards' scoring, one function of a forest per rule.

use crate::board::{
    self, beside, bit, column_of, diagonals_of, each_group, row_of, squares, surrounding, Mask,
};
use crate::components::{GoalCard, Kind, Wisp};
use crate::state::Forest;

/// The number of wisp types present in `m`.
fn types_in(f: &Forest, m: Mask) -> i32 {
    f.wisps.iter().filter(|&&w| w & m != 0).count() as i32
}

/// The points `card` gives `forest`.
pub fn card_points(card: &GoalCard, f: &Forest) -> i32 {
    let trees = f.trees;
    let jacks = f.wisps[Wisp::Jack.index()];
    let hearts = f.wisps[Wisp::Heart.index()];
    let orbs = f.wisps[Wisp::Orb.index()];
    let wisps = f.all_wisps();
    match card.kind {
        Kind::LargestGroup => {
            let mut best = 0;
            each_group(trees, |g| best = best.max(g.count_ones()));
            card.points * best as i32
        }
        Kind::SecondGroup => {
            let (mut first, mut second) = (0, 0);
            each_group(trees, |g| {
                let n = g.count_ones();
                if n > first {
                    second = first;
                    first = n;
                } else if n > second {
                    second = n;
                }
            });
            card.points * second as i32
        }
        Kind::LinesOfThree => {
            let mut lines = 0;
            for i in 0..board::SIDE {
                let sq = board::square(i, i);
                lines += ((trees & row_of(sq)).count_ones() >= 3) as i32;
                lines += ((trees & column_of(sq)).count_ones() >= 3) as i32;
            }
            card.points * lines
        }
        Kind::CrowdedTrees => {
            let n = squares(trees)
                .filter(|&sq| (beside(bit(sq)) & trees).count_ones() >= 3)
                .count();
            card.points * n as i32
        }
        Kind::GroupsOfThree => {
            let mut n = 0;
            each_group(trees, |g| n += (g.count_ones() >= 3) as i32);
            card.points * n
        }
        Kind::AloneInLine => {
            let n = squares(jacks)
                .filter(|&sq| jacks & (row_of(sq) | column_of(sq)) == bit(sq))
                .count();
            card.table_points(n)
        }
        Kind::AloneSurrounded => {
            let n = squares(jacks)
                .filter(|&sq| jacks & surrounding(sq) == 0)
                .count();
            card.table_points(n)
        }
        Kind::AloneDiagonal => {
            let n = squares(jacks)
                .filter(|&sq| {
                    let (d, u) = diagonals_of(sq);
                    jacks & (d | u) == bit(sq)
                })
                .count();
            card.table_points(n)
        }
        Kind::Pairs => {
            let mut n = 0;
            each_group(jacks, |g| n += (g.count_ones() == 2) as usize);
            card.table_points(n)
        }
        Kind::GroupsWithJack => {
            let mut n = 0;
            each_group(wisps, |g| n += (g & jacks != 0) as usize);
            card.table_points(n)
        }
        Kind::LongestBeam => squares(hearts)
            .map(|sq| {
                let (r, c) = board::row_col(sq);
                let steps: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
                let best = steps
                    .iter()
                    .map(|&(dr, dc)| {
                        let (mut rr, mut cc, mut n) = (r as i32 + dr, c as i32 + dc, 0);
                        while (0..board::SIDE as i32).contains(&rr)
                            && (0..board::SIDE as i32).contains(&cc)
                            && trees & bit(board::square(rr as usize, cc as usize)) != 0
                        {
                            n += 1;
                            rr += dr;
                            cc += dc;
                        }
                        n
                    })
                    .max()
                    .unwrap_or(0);
                card.points * best
            })
            .sum(),
        Kind::RowAndColumn => squares(hearts)
            .map(|sq| card.points * (trees & (row_of(sq) | column_of(sq))).count_ones() as i32)
            .sum(),
        Kind::Beside => squares(hearts)
            .map(|sq| card.points * (trees & beside(bit(sq))).count_ones() as i32)
            .sum(),
        Kind::Below => squares(hearts)
            .map(|sq| {
                let below = column_of(sq) & !((bit(sq) << 1) - 1);
                card.points * (trees & below).count_ones() as i32
            })
            .sum(),
        Kind::BetterDiagonal => squares(hearts)
            .map(|sq| {
                let (d, u) = diagonals_of(sq);
                card.points * (trees & d).count_ones().max((trees & u).count_ones()) as i32
            })
            .sum(),
        Kind::DiagonalChain
        | Kind::CatDiagonal
        | Kind::CatLine
        | Kind::CatSurrounding
        | Kind::CatTwoAway => card.witch_points(f.count(Wisp::Witch) as usize),
        Kind::FewestType => {
            let fewest = Wisp::ALL.iter().map(|&w| f.count(w)).min().unwrap_or(0);
            // Ties: the player picks, so the best value among the tied types.
            let value = Wisp::ALL
                .iter()
                .filter(|&&w| f.count(w) == fewest)
                .map(|&w| card.values[w.index()])
                .max()
                .unwrap_or(0);
            value * orbs.count_ones() as i32
        }
        Kind::LowestBeside => squares(orbs)
            .map(|sq| {
                let near = beside(bit(sq));
                Wisp::ALL
                    .iter()
                    .filter(|&&w| f.wisps[w.index()] & near != 0)
                    .map(|&w| card.values[w.index()])
                    .min()
                    .unwrap_or(0)
            })
            .sum(),
        Kind::TypesSurrounding => squares(orbs)
            .map(|sq| card.points * types_in(f, surrounding(sq)))
            .sum(),
        Kind::TypesInLine => squares(orbs)
            .map(|sq| card.points * types_in(f, row_of(sq)).max(types_in(f, column_of(sq))))
            .sum(),
        Kind::TypesInGroup => {
            let mut total = 0;
            each_group(wisps, |g| {
                if g & orbs != 0 {
                    total += card.points * types_in(f, g);
                }
            });
            total
        }
    }
}

/// The squares where a new witch may go under a witch card's rule (before the shape is
/// placed; the rule is about the cat and the witches already there).
pub fn witch_squares(kind: Kind, f: &Forest) -> Mask {
    let cat = f.cat;
    match kind {
        Kind::DiagonalChain => {
            // Zigzag from the cat through witches; the new witch is one more diagonal step.
            let witches = f.wisps[Wisp::Witch.index()];
            let mut chain = bit(cat);
            loop {
                let next = chain | (board::diagonal(chain) & witches);
                if next == chain {
                    break;
                }
                chain = next;
            }
            board::diagonal(chain)
        }
        Kind::CatDiagonal => {
            let (d, u) = diagonals_of(cat);
            (d | u) & !bit(cat)
        }
        Kind::CatLine => (row_of(cat) | column_of(cat)) & !bit(cat),
        Kind::CatSurrounding => surrounding(cat),
        Kind::CatTwoAway => board::two_away(cat),
        _ => board::FULL,
    }
}
