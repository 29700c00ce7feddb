//! Scoring: each animal board's points, doubled by a Spirit Stone, and the tie-break.

use sylvan_engine::{rank_by, Score, Seat};

use arrayvec::ArrayVec;

use crate::components::{Animal, Colour, Scoring, MAX_SETS};
use crate::rules::Spirits;
use crate::state::{Board, State};

impl Spirits {
    /// The points `seat` earns for board `b` (index into the five animals), Spirit Stone
    /// doubling included.
    pub fn board_points(&self, s: &State, seat: Seat, b: usize) -> i32 {
        let animal = s.animals[b];
        let layout = self.components.layout(animal);
        let board = &s.boards[seat.index()][b];
        let stones = || board.spaces[..layout.spaces as usize].iter().flatten();
        let n = stones().count() as i32;
        let set_done = |i: usize| {
            let st = layout.sets[i];
            board.spaces[st.start as usize..(st.start + st.size) as usize]
                .iter()
                .all(|x| x.is_some())
        };
        let base = match &layout.scoring {
            Scoring::PerStone(p) => p * n,
            Scoring::Sets {
                points,
                all_bonus,
                printed,
            } => {
                let points = self.set_points(animal, points, printed);
                let mut all = true;
                let mut sum = 0;
                for (i, p) in points.iter().enumerate() {
                    if set_done(i) {
                        sum += p;
                    } else {
                        all = false;
                    }
                }
                sum + if all { *all_bonus } else { 0 }
            }
            Scoring::Track(track) => {
                if n == 0 {
                    0
                } else {
                    track[(n as usize - 1).min(track.len() - 1)]
                }
            }
            Scoring::Condor { per_stone, a, b } => {
                let pair = |(spaces, points): &([u8; 2], i32)| match (
                    board.spaces[spaces[0] as usize],
                    board.spaces[spaces[1] as usize],
                ) {
                    (Some(x), Some(y)) if x == y => *points,
                    _ => 0,
                };
                per_stone * n + pair(a) + pair(b)
            }
            Scoring::Gila {
                per_stone,
                balanced,
            } => {
                let mut counts = [0i32; Colour::NUM];
                stones().for_each(|c| counts[c.index()] += 1);
                let used: Vec<i32> = counts.into_iter().filter(|&k| k > 0).collect();
                if used.len() == 2 && used[0] == used[1] {
                    balanced * n
                } else {
                    per_stone * n
                }
            }
            Scoring::Moose { per_stone, more } => {
                let theirs = s.boards[State::opponent(seat).index()][b].spaces
                    [..layout.spaces as usize]
                    .iter()
                    .flatten()
                    .count() as i32;
                if n > theirs {
                    more * n
                } else {
                    per_stone * n
                }
            }
            Scoring::Nest { normal, spirit } => {
                // Spirit Stones in the Nest score 3 each but do not double; the Spirit Stone
                // space doubles as on every board (and closes the Nest).
                let sp = board.nest.get(Colour::Spirit) as i32;
                normal * (board.nest.total() as i32 - sp) + spirit * sp
            }
            Scoring::Raven => n * spirit_stones_of(&s.boards[seat.index()]),
        };
        if board.spirit {
            base * 2
        } else {
            base
        }
    }

    /// What `seat` can expect at the end of the game if play went on at random, in points:
    /// the estimate the search judges its cut-off positions by. A linear model over the
    /// position, fitted to the final margins of random continuations (see
    /// `examples/spirits_fit.rs` and README.md): points now, the sets in progress, the
    /// stones still to place and the boards still open.
    pub fn outlook(&self, s: &State, seat: Seat) -> f64 {
        let w = seat.index();
        // Spirit Stones still to come out before the game ends (it ends at five).
        let to_end = 5.0 - f64::from(s.spirits_out(self.spirit_stones_in_box())).min(5.0);
        let mut points = 0.0;
        let mut progress = 0.0;
        let (mut near, mut far) = (0.0, 0.0);
        let mut next_stone = 0.0;
        let mut free = 0.0;
        let mut open = 0.0;
        let mut doubled = 0.0;
        for (b, &animal) in s.animals.iter().enumerate() {
            points += f64::from(self.board_points(s, seat, b));
            let board = &s.boards[w][b];
            let layout = self.components.layout(animal);
            let n = layout.spaces as usize;
            let filled = board.spaces[..n].iter().flatten().count();
            if board.spirit {
                doubled += 1.0;
            } else if filled < n {
                free += (n - filled) as f64;
                open += 1.0;
            }
            match &layout.scoring {
                Scoring::Sets {
                    points: set_points,
                    printed,
                    ..
                } => {
                    let double = if board.spirit { 2.0 } else { 1.0 };
                    for (i, &p) in self
                        .set_points(animal, set_points, printed)
                        .iter()
                        .enumerate()
                    {
                        let st = layout.sets[i];
                        let spaces =
                            &board.spaces[st.start as usize..(st.start + st.size) as usize];
                        let k = spaces.iter().flatten().count();
                        if k > 0 && k < spaces.len() {
                            let p = double * f64::from(p);
                            progress += p * k as f64 / spaces.len() as f64;
                            if spaces.len() - k == 1 {
                                near += p;
                            } else {
                                far += p;
                            }
                        }
                    }
                }
                // The next stone's step up the track (Salmon, Turtle).
                Scoring::Track(track) if !board.spirit && filled < n && filled < track.len() => {
                    let before = if filled == 0 { 0 } else { track[filled - 1] };
                    next_stone += f64::from(track[filled] - before);
                }
                _ => {}
            }
        }
        let hand = f64::from(s.hands[w].total());
        let to_move = if s.current == seat { 1.0 } else { 0.0 };
        // Weights from a least-squares fit over 16,000 positions of random games (First
        // Steps and random setups), 32 random continuations each. A set in progress is worth
        // little unless one stone short; each stone placed and each board still open promise
        // more points, and a board a Spirit Stone closed early gives up what it would have had.
        0.85 * points + 0.80 * progress - 0.33 * near - 0.22 * far + 0.15 * next_stone - 0.32 * free
            + 0.30 * open
            + 0.13 * to_end * open
            + 0.52 * hand
            - 1.0 * doubled
            + 0.21 * to_move
    }

    /// Each seat's total and per-animal breakdown, and the ranking with the rulebook's
    /// tie-break: on a tie, the player with Coyote on one of their boards loses.
    pub fn score(&self, s: &State) -> Score {
        let mut totals = vec![0; 2];
        let mut breakdown = vec![Vec::new(), Vec::new()];
        for seat in [Seat(0), Seat(1)] {
            for (b, &animal) in s.animals.iter().enumerate() {
                let p = self.board_points(s, seat, b);
                totals[seat.index()] += p;
                breakdown[seat.index()].push((animal.name().into(), p));
            }
        }
        let coyote_owner = s.coyote.map(|(seat, _)| seat);
        let (ranking, winners) =
            rank_by(2, |seat| (totals[seat.index()], coyote_owner != Some(seat)));
        Score {
            over: s.over,
            totals,
            breakdown,
            ranking,
            winners: if s.over { winners } else { Vec::new() },
            others: Vec::new(),
        }
    }

    /// Spirit Stones in the box (the component data may correct the count).
    fn spirit_stones_in_box(&self) -> u8 {
        self.components.stones[Colour::Spirit.index()]
    }

    /// The points of each set: the printed ones for Jackrabbit when the table chose them.
    fn set_points<'a>(
        &self,
        animal: Animal,
        points: &'a [i32],
        printed: &'a Option<ArrayVec<i32, MAX_SETS>>,
    ) -> &'a [i32] {
        match printed {
            Some(p) if animal == Animal::Jackrabbit && self.printed_jackrabbit() => p,
            _ => points,
        }
    }

    /// The highest score a board can reach under its layout, doubling included; `None` where
    /// the rulebook says "varies" (Packrat, Raven).
    pub fn max_points(&self, animal: Animal) -> Option<i32> {
        let layout = self.components.layout(animal);
        let n = layout.spaces as i32;
        let base = match &layout.scoring {
            Scoring::PerStone(p) => p * n,
            Scoring::Sets {
                points,
                all_bonus,
                printed,
            } => self.set_points(animal, points, printed).iter().sum::<i32>() + all_bonus,
            Scoring::Track(t) => t.iter().copied().max().unwrap_or(0),
            Scoring::Condor { per_stone, a, b } => per_stone * n + a.1 + b.1,
            Scoring::Gila { balanced, .. } => balanced * n,
            Scoring::Moose { more, .. } => more * n,
            Scoring::Nest { .. } | Scoring::Raven => return None,
        };
        Some(base * 2)
    }
}

/// Spirit Stones a player has on all their boards: bonus spaces and the Nest.
pub fn spirit_stones_of(boards: &[Board; 5]) -> i32 {
    boards
        .iter()
        .map(|b| i32::from(b.spirit) + b.nest.get(Colour::Spirit) as i32)
        .sum()
}
