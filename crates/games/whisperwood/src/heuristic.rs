//! What a position is worth beyond its score (issue 17: "restorations and path values"). The
//! score counts each placed restoration at the value its path marker has reached (L630), a
//! step function: a marker two columns short of the next value step scores no more than one
//! that just reached the step, and the restorations still in the supply count nothing. A
//! search cut off mid-game sees neither, so it neither walks the paths nor keeps the supply
//! moving. The estimate adds both: the share of each value step (and of each "+1 VP per magic
//! restoration" icon) already walked, times the restorations it will apply to, and the
//! restorations a seat can still expect to place, at the value its paths have built.

use crate::components::{Element, COLUMNS};
use crate::rules::Whisperwood;
use crate::state::{Phase, State};

/// Restorations a seat places in a round, by a search-driven player: an assumed pace, not
/// measured yet, at which a seat's supply runs out near the end of the game.
pub const PLACED_PER_ROUND: f64 = 3.0;

/// How much the restorations still to come count, against one placed: far more than their
/// points, because what the search must learn from a cut-off position is to walk the paths
/// that raise their value, which a 40-decision random rollout rarely shows. Chosen by 100-game
/// screens of `ismcts:2000` against `ismcts:2000:margin` (seed 3): 0 won 48%, 0.5 (the first
/// guess) 54.5% of 200 (seed 1), 1 59%, 2 65%, 3 73%, 5 92%, 10 100%, 20 96% (README, Bots).
pub const TO_COME_WEIGHT: f64 = 10.0;

/// Search iterations of `easy`, `medium` and `hard` (`Game::level_iterations`), from the
/// skill ladder at two players (README, Bots; release build of `aff2e39`, before each type to
/// come counted once): `ismcts:30` beat `greedy` in
/// 19 of 20 games and scored 7 of 20 against `ismcts:200`; 200 scored 14 of 40 against 1,000,
/// 1,000 22 of 40 against 4,000, and 4,000 2 of 10 against 20,000.
pub const SEARCH_LEVELS: [u32; 3] = [30, 1_000, 20_000];

/// The four restoration types, paths first (their index is the path's).
const TYPES: [Element; 4] = [Element::Earth, Element::Water, Element::Air, Element::Magic];

impl Whisperwood {
    /// The value of a restoration of `path`'s type with the marker at `col`, counting the share
    /// of the next value step already walked: the printed value at the step's first column,
    /// rising evenly to the next value at the next step's first column (the last column's
    /// value has no step beyond it).
    pub fn path_value_built(&self, path: Element, col: u8) -> f64 {
        let c = self.components();
        let col = col.clamp(1, COLUMNS as u8);
        let now = c.value(path, col);
        let Some(next) = (col + 1..=COLUMNS as u8).find(|&n| c.value(path, n) > now) else {
            return f64::from(now);
        };
        // The step began at the first column showing the current value.
        let start = (1..=col).find(|&n| c.value(path, n) == now).unwrap_or(col);
        let walked = f64::from(col - start) / f64::from(next - start);
        f64::from(now) + walked * f64::from(c.value(path, next) - now)
    }

    /// The value of a magic restoration with the markers at `cols`: the "+1 VP per magic
    /// restoration" icons reached on the three paths (R22), plus the share walked towards each
    /// path's next icon (from its previous icon, or from column 1).
    pub fn magic_value_built(&self, cols: [u8; 3]) -> f64 {
        let c = self.components();
        let mut value = f64::from(c.magic_value(cols));
        for (p, &col) in cols.iter().enumerate() {
            let icons = &c.paths[p].magic_icons;
            if let Some(&next) = icons.iter().filter(|&&i| i > col).min() {
                let from = icons
                    .iter()
                    .filter(|&&i| i <= col)
                    .max()
                    .copied()
                    .unwrap_or(1);
                if next > from {
                    value += f64::from(col.saturating_sub(from)) / f64::from(next - from);
                }
            }
        }
        value
    }

    /// Per restoration type (earth, water, air, magic), the value a restoration of `seat`'s has
    /// built on the paths, walked shares included.
    pub fn restoration_values_built(&self, s: &State, seat: usize) -> [f64; 4] {
        let cols = s.players[seat].col;
        let mut v = [0.0; 4];
        for (i, e) in TYPES.iter().enumerate() {
            v[i] = match e {
                Element::Magic => self.magic_value_built(cols),
                path => self.path_value_built(*path, cols[i]),
            };
        }
        v
    }

    /// What the walked shares of the paths add to `seat`'s placed restorations: their value
    /// built, less the value the score already counts.
    pub fn placed_restorations_uncounted(&self, s: &State, seat: usize) -> f64 {
        self.placed_uncounted_at(s, seat, self.restoration_values_built(s, seat))
    }

    /// [`placed_restorations_uncounted`](Self::placed_restorations_uncounted) with the values
    /// built already known.
    fn placed_uncounted_at(&self, s: &State, seat: usize, built: [f64; 4]) -> f64 {
        let c = self.components();
        let p = &s.players[seat];
        TYPES
            .iter()
            .enumerate()
            .map(|(i, &e)| {
                let placed = f64::from(c.restorations - p.restorations[i].min(c.restorations));
                let counted = match e {
                    Element::Magic => c.magic_value(p.col),
                    path => c.value(path, p.col[i]),
                };
                placed * (built[i] - f64::from(counted))
            })
            .sum()
    }

    /// Rounds still to play, the current one counted as half played (0 once over).
    pub fn rounds_to_come(&self, s: &State) -> f64 {
        if s.phase == Phase::Over {
            return 0.0;
        }
        let rounds = f64::from(self.components().rounds);
        (rounds - f64::from(s.round) - 0.5).max(0.0)
    }

    /// The restorations `seat` can still expect to place, at the value its paths have built:
    /// [`PLACED_PER_ROUND`] in each round to come, at most what its supply holds, each worth
    /// the mean value of the types its supply still holds. Each type counts once, whatever
    /// its count: a seat chooses what it restores, and weighing the types by what is left made
    /// restoring a valuable type lower the value of every restoration to come (with
    /// [`TO_COME_WEIGHT`] far more than the restoration scored), so `greedy` put off its best
    /// restorations.
    pub fn restorations_to_come(&self, s: &State, seat: usize) -> f64 {
        self.to_come_at(s, seat, self.restoration_values_built(s, seat))
    }

    /// [`restorations_to_come`](Self::restorations_to_come) with the values built already
    /// known.
    fn to_come_at(&self, s: &State, seat: usize, built: [f64; 4]) -> f64 {
        let p = &s.players[seat];
        let left: u32 = p.restorations.iter().map(|&n| u32::from(n)).sum();
        if left == 0 {
            return 0.0;
        }
        let expected = (PLACED_PER_ROUND * self.rounds_to_come(s)).min(f64::from(left));
        let (sum, types) = p
            .restorations
            .iter()
            .zip(built)
            .filter(|&(&n, _)| n > 0)
            .fold((0.0, 0.0), |(sum, types), (_, v)| (sum + v, types + 1.0));
        expected * sum / types
    }

    /// `seat`'s points as the score counts them now (its categories' sum), plus what its
    /// restorations and paths have built that the score does not count yet: the walked shares
    /// for those placed, and [`TO_COME_WEIGHT`] times those still to come.
    pub fn estimate(&self, s: &State, seat: usize) -> f64 {
        let counted: i32 = self.breakdown(s, seat).iter().sum();
        if s.phase == Phase::Over {
            return f64::from(counted.max(0));
        }
        // Both parts read the values built; each estimate at a search's cut-off builds them once.
        let built = self.restoration_values_built(s, seat);
        f64::from(counted)
            + self.placed_uncounted_at(s, seat, built)
            + TO_COME_WEIGHT * self.to_come_at(s, seat, built)
    }

    /// The game's heuristic (issue 17): `seat`'s [`estimate`](Self::estimate) against the best
    /// rival's.
    pub fn estimate_margin(&self, s: &State, seat: usize) -> f64 {
        let own = self.estimate(s, seat);
        let rival = (0..s.players.len())
            .filter(|&p| p != seat)
            .map(|p| self.estimate(s, p))
            .fold(f64::NEG_INFINITY, f64::max);
        own - rival
    }
}
