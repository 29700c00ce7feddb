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
