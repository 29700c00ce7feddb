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

    /// What `colour` can expect to be ahead by at the end if play went on at random, in
    /// points: the estimate the search judges its cut-off positions by. A linear model fitted
    /// by least squares to the final margins of random continuations (README, section Bots;
    /// `cargo run --release -p sylvan-woodwalkers --example woodwalkers_fit -- 300 32 200 day 7
    /// 0,1,14,11,13`): points on the scoreboard, the flags held (worth little early, when random
    /// play wanders off them, and nearly their value by the end), the seat to move, and the
    /// animals out of their starting spaces.
    pub fn outlook(&self, s: &State, colour: usize) -> f64 {
        let total: u8 = self.components.modes.iter().sum();
        let not_chosen = s.stack.iter().sum::<u8>() + s.modes_up.iter().sum::<u8>();
        // The share of the game still to play, by the battle mode tiles not yet chosen.
        let left = f64::from(not_chosen) / f64::from(total.max(1));
        let (mut flags, mut out) = (0.0, 0.0);
        for &cell in &s.pos[colour] {
            if cell.bit() & self.components.interior == 0 {
                continue;
            }
            out += 1.0;
            if let Some(Space::Flag(v)) = self.forest_space(cell).map(|i| s.forest[i]) {
                flags += f64::from(v);
            }
        }
        let to_move = if s.current.index() == colour {
            1.0
        } else {
            0.0
        };
        1.0612 * f64::from(s.board_points(colour))
            + (0.9200 - 0.8053 * left) * flags
            + 0.1789 * to_move
            + 0.2658 * out
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
