//! Scoring: duels won and points tiles on the scoreboard during play, flags at the end, and the
//! rulebook's tie-breaks.

use std::borrow::Cow;

use sylvan_engine::{rank_by, Score, Seat};

use crate::rules::Woodwalkers;
use crate::state::{Space, State, Step};

impl Woodwalkers {
    /// The flags `colour`'s animals stand on: their total value and how many.
    pub fn flags(&self, s: &State, colour: usize) -> (u32, u32) {
        let mut value = 0;
        let mut count = 0;
        for (i, &cell) in self.components.forest.iter().enumerate() {
            if let Space::Flag(v) = s.forest[i] {
                if s.animal_at(colour, cell).is_some() {
                    value += v as u32;
                    count += 1;
                }
            }
        }
        (value, count)
    }

    /// A player's true total: the scoreboard's points, plus flags once the game is over.
    pub fn total(&self, s: &State, colour: usize) -> u32 {
        let flags = if s.step == Step::Over {
            self.flags(s, colour).0
        } else {
            0
        };
        s.board_points(colour) + flags
    }

    /// What the search counts for `colour` at a position it cuts off: the points on the
    /// scoreboard and 0.3 of the flags its animals stand on (flags score only at the end, and
    /// an animal on a flag now is often driven off before then). A least-squares fit to the
    /// final margin of random play (`cargo run --release -p sylvan-woodwalkers --example
    /// woodwalkers_fit -- 300 32 200 day 7 0,1`) weighs points 1.15 and flags 0.65, but
    /// against `mcts:2000:margin` (40-game screens, seed 1) the fitted models made `mcts:2000`
    /// weaker: 27.5% with the seat to move and the animals out of their starting spaces, 40%
    /// with flags worth 0.92 - 0.81 x the share of the game left; a third of the flags' value
    /// won 55.6% of 80.
    pub fn outlook(&self, s: &State, colour: usize) -> f64 {
        let mut flags = 0u32;
        for &cell in &s.pos[colour] {
            if let Some(Space::Flag(v)) = self.forest_space(cell).map(|i| s.forest[i]) {
                flags += u32::from(v);
            }
        }
        f64::from(s.board_points(colour)) + 0.3 * f64::from(flags)
    }

    /// Scores with the breakdown (duels, points tiles, flags) and the ranking: most points,
    /// then more animals on flags, then fewer wound tiles; a tie after that is shared.
    pub fn score(&self, s: &State) -> Score {
        let over = s.step == Step::Over;
        let n = self.players;
        let totals: Vec<i32> = (0..n).map(|c| self.total(s, c) as i32).collect();
        let breakdown = (0..n)
            .map(|c| {
                let flags = if over { self.flags(s, c).0 as i32 } else { 0 };
                vec![
                    (Cow::Borrowed("Duels"), s.duel_points[c] as i32),
                    (Cow::Borrowed("Points tiles"), s.tile_points[c] as i32),
                    (Cow::Borrowed("Flags"), flags),
                ]
            })
            .collect();
        let key = |seat: Seat| {
            let c = seat.index();
            (totals[c], self.flags(s, c).1, -(s.total_wounds(c) as i64))
        };
        let (ranking, winners) = rank_by(n, key);
        Score {
            over,
            totals,
            breakdown,
            ranking,
            winners: if over { winners } else { Vec::new() },
            others: Vec::new(),
        }
    }
}
