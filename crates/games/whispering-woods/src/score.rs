//! Scoring: task VP + Bonus card VP − refresh flips; ties go to fewer tiles in the forest, then
//! are shared.

use std::borrow::Cow;

use arrayvec::ArrayVec;
use sylvan_engine::{rank_by, Score};

use crate::rules::WhisperingWoods;
use crate::state::{State, Step};

/// The share of an open, walkable task's points the heuristic counts: screened against 0.7
/// and 0.9 (with waiting tasks at 0.25 and 0.1), then 0.25 and 0.6 alone, in `mcts:2000`
/// against `mcts:2000:margin`; all did worse (README, Measured strength).
const WALKABLE_SHARE: f64 = 0.5;

/// One player's points: (total, tasks, Bonus cards, refresh flips as a negative number).
pub type Points = (i32, i32, i32, i32);

impl WhisperingWoods {
    /// Each player's points.
    pub fn totals(&self, s: &State) -> ArrayVec<Points, 4> {
        let penalty = self.refresh_penalty();
        s.players
            .iter()
            .map(|p| {
                let tasks: i32 = p.completed().iter().map(|t| self.vp(t) as i32).sum();
                let bonus: i32 = p
                    .bonus
                    .iter()
                    .zip(self.components.bonus.iter())
                    .map(|(&n, &(_, vp))| n as i32 * vp as i32)
                    .sum();
                let flips = -(p.flips as i32) * penalty;
                (tasks + bonus + flips, tasks, bonus, flips)
            })
            .collect()
    }

    /// What player `p` can expect at the end, as a search's random continuation realises it:
    /// its points so far, the Bonus card its tasks completed this turn earn when the turn ends,
    /// and half the printed points of each open task its animal can walk now. A task that still
    /// waits for tiles counts nothing: random placement seldom opens it in time, and counting
    /// it (or walkable tasks nearly in full) made `mcts:2000` lose to the plain score margin.
    pub fn outlook(&self, s: &State, p: usize) -> f64 {
        let Some(player) = s.players.get(p) else {
            return 0.0;
        };
        let forest = &player.forest;
        let adj = self.adjacency(forest);
        let mut walkable = 0.0;
        for (i, c) in forest.cells().iter().enumerate() {
            // Completed tasks leave the forest, so every Task side in it is still open.
            if c.task_side() && self.path_ends_in(forest, &adj, i) != 0 {
                walkable += f64::from(self.vp(c.tile));
            }
        }
        f64::from(self.totals(s).get(p).map_or(0, |t| t.0))
            + WALKABLE_SHARE * walkable
            + f64::from(self.pending_bonus(s, p))
    }

    /// The VP of the Bonus card player `p` takes when the turn ends, for the tasks completed
    /// this turn (the card for that number, or the next lower one left); 0 if none.
    pub fn pending_bonus(&self, s: &State, p: usize) -> u8 {
        if self.solo() || s.current.index() != p || s.step != Step::Tasks {
            return 0;
        }
        Self::bonus_earned(s).map_or(0, |k| self.components.bonus[k].1)
    }

    /// The score with the rulebook's categories and tie-breaks.
    pub fn score(&self, s: &State) -> Score {
        let points = self.totals(s);
        let totals: Vec<i32> = points.iter().map(|p| p.0).collect();
        let breakdown = points
            .iter()
            .map(|&(_, tasks, bonus, flips)| {
                let mut v: Vec<(Cow<'static, str>, i32)> = vec![("Tasks".into(), tasks)];
                if !self.solo() {
                    v.push(("Bonus cards".into(), bonus));
                }
                v.push(("Refresh flips".into(), flips));
                v
            })
            .collect();
        // Most points; then fewer tiles in the forest (either side up); then shared.
        let (ranking, winners) = rank_by(self.players, |seat| {
            let i = seat.index();
            // Forest tiles only: the Starting tile is not one of the 96 Forest tiles.
            let forest_tiles = s.players[i]
                .forest
                .cells()
                .iter()
                .filter(|c| c.tile != crate::state::START)
                .count();
            (points[i].0, -(forest_tiles as i32))
        });
        let over = s.step == Step::Over;
        // Solo: the player wins only by passing the Mission (protocol.md, `score`).
        let won = over && (!self.solo() || self.solo_outcome(s).passed);
        Score {
            over,
            totals,
            breakdown,
            ranking,
            winners: if won { winners } else { Vec::new() },
            others: Vec::new(),
        }
    }
}
