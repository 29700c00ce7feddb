//! What one game says: its length and the balance measures, from its trace. Kept small, because
//! a long run holds one per game.

use sylvan_catalog::{Score, Trace};
use sylvan_engine::Seat;

/// The parts of the game a branching factor is averaged over.
pub const PROGRESS_BINS: usize = 10;

/// One finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// Decisions applied, chance included.
    pub decisions: u64,
    /// Seat decisions.
    pub seat_decisions: u32,
    /// Turns: runs of decisions by one seat.
    pub turns: u32,
    /// Rounds: the turns of the seat that moved first.
    pub rounds: u32,
    /// The final score.
    pub score: Score,
    /// Times the points leader changed.
    pub lead_changes: u32,
    /// With a single winner: how far behind the points leader it was on average while behind
    /// (0 if never behind).
    pub drama: Option<f64>,
    /// With a single winner: whether it was ever behind on points.
    pub comeback: Option<bool>,
    /// With a single winner: the share of the game left when it took the lead for good.
    pub decisiveness: Option<f64>,
    /// Per tenth of the game: (legal actions summed, seat decisions).
    pub branching: [(u64, u64); PROGRESS_BINS],
    /// Per seat, the labels of its setup components.
    pub components: Vec<Vec<String>>,
}

/// The seat strictly ahead on points, if one is.
fn leader(totals: &[i32]) -> Option<usize> {
    let best = *totals.iter().max()?;
    let mut ahead = totals.iter().enumerate().filter(|(_, &t)| t == best);
    let (first, _) = ahead.next()?;
    ahead.next().is_none().then_some(first)
}

impl Played {
    /// Measures a traced game.
    pub fn new(trace: Trace) -> Played {
        let steps = &trace.steps;
        let mut turns = 0u32;
        let mut rounds = 0u32;
        let mut last: Option<Seat> = None;
        let first = steps.first().map(|s| s.seat);
        for step in steps {
            if last != Some(step.seat) {
                turns += 1;
                if Some(step.seat) == first {
                    rounds += 1;
                }
                last = Some(step.seat);
            }
        }
        let mut branching = [(0u64, 0u64); PROGRESS_BINS];
        for (i, step) in steps.iter().enumerate() {
            let bin = i * PROGRESS_BINS / steps.len().max(1);
            branching[bin].0 += u64::from(step.choices);
            branching[bin].1 += 1;
        }
        let leaders: Vec<Option<usize>> = steps.iter().map(|s| leader(&s.totals)).collect();
        let mut lead_changes = 0u32;
        let mut held: Option<usize> = None;
        for l in leaders.iter().flatten() {
            if held.is_some_and(|h| h != *l) {
                lead_changes += 1;
            }
            held = Some(*l);
        }
        let single = match trace.score.winners.as_slice() {
            [w] if trace.score.totals.len() > 1 => Some(w.index()),
            _ => None,
        };
        let (mut drama, mut comeback, mut decisiveness) = (None, None, None);
        if let Some(w) = single {
            let deficits: Vec<i32> = steps
                .iter()
                .filter_map(|s| {
                    let best = *s.totals.iter().max()?;
                    let own = *s.totals.get(w)?;
                    (own < best).then_some(best - own)
                })
                .collect();
            drama = Some(if deficits.is_empty() {
                0.0
            } else {
                deficits.iter().map(|&d| f64::from(d)).sum::<f64>() / deficits.len() as f64
            });
            comeback = Some(!deficits.is_empty());
            let kept = leaders.iter().rev().take_while(|l| **l == Some(w)).count();
            decisiveness = Some(kept as f64 / steps.len().max(1) as f64);
        }
        Played {
            decisions: trace.decisions,
            seat_decisions: steps.len() as u32,
            turns,
            rounds,
            score: trace.score,
            lead_changes,
            drama,
            comeback,
            decisiveness,
            branching,
            components: trace.components,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sylvan_catalog::TraceStep;

    fn step(seat: u8, choices: u32, totals: [i32; 2]) -> TraceStep {
        TraceStep {
            seat: Seat(seat),
            choices,
            totals: totals.to_vec(),
        }
    }

    #[test]
    fn a_comeback_win_is_measured() {
        // Player 1 leads, Player 2 catches up and passes at the last of six decisions.
        let steps = vec![
            step(0, 4, [3, 0]),
            step(1, 2, [3, 1]),
            step(1, 2, [3, 2]),
            step(0, 4, [5, 2]),
            step(1, 2, [5, 5]),
            step(0, 4, [5, 7]),
        ];
        let score = Score {
            over: true,
            totals: vec![5, 7],
            breakdown: vec![vec![], vec![]],
            ranking: vec![Seat(1), Seat(0)],
            winners: vec![Seat(1)],
            others: Vec::new(),
        };
        let played = Played::new(Trace {
            decisions: 9,
            score,
            steps,
            components: vec![vec![], vec![]],
        });
        assert_eq!(played.seat_decisions, 6);
        // Turns 0 | 1 1 | 0 | 1 | 0: five turns, three of them by the first seat.
        assert_eq!((played.turns, played.rounds), (5, 3));
        // Leaders 0, 0, 0, 0, tie, 1: one change.
        assert_eq!(played.lead_changes, 1);
        // Behind by 3, 2, 1, 3 in the first four decisions: 9 / 4.
        assert_eq!(played.drama, Some(2.25));
        assert_eq!(played.comeback, Some(true));
        assert_eq!(played.decisiveness, Some(1.0 / 6.0));
        // Six decisions in ten bins: bin i*10/6.
        assert_eq!(played.branching[0], (4, 1));
        assert_eq!(played.branching[8], (4, 1));
        assert_eq!(played.branching.iter().map(|b| b.1).sum::<u64>(), 6);
    }
}
