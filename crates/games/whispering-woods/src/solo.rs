//! The solo missions: each level's objectives, checked as the Mission cards state them.

use serde::{Deserialize, Serialize};

use crate::components::{objective_count, Element, ANIMALS};
use crate::rules::WhisperingWoods;
use crate::state::{State, START};

/// How a solo game went (or is going).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloOutcome {
    /// The Mission level.
    pub level: u8,
    /// Each objective's text and whether it is met.
    pub objectives: Vec<(String, bool)>,
    /// The score: task VP minus the refresh penalty per flipped task.
    pub score: i32,
    /// The Mission's minimum score.
    pub minimum: i32,
    /// Turns available: the base turns plus one per objective met.
    pub turns: usize,
    /// Whether every objective is met and the score reaches the minimum.
    pub passed: bool,
}

/// What the completed tasks add up to, per animal.
struct Tally {
    count: [u32; ANIMALS],
    vp: [u32; ANIMALS],
    /// Tasks per animal and Forest-side colour (the Starting tile has no Forest side).
    by_colour: [[u8; Element::NUM]; ANIMALS],
    best_turn: u8,
}

impl WhisperingWoods {
    fn tally(&self, s: &State) -> Tally {
        let mut t = Tally {
            count: [0; ANIMALS],
            vp: [0; ANIMALS],
            by_colour: [[0; Element::NUM]; ANIMALS],
            best_turn: s
                .best_turn
                .max(s.this_turn.iter().copied().max().unwrap_or(0)),
        };
        let Some(p) = s.players.first() else {
            return t;
        };
        for a in 0..ANIMALS {
            for tile in p.done[a].iter() {
                t.count[a] += 1;
                t.vp[a] += self.vp(tile) as u32;
                if tile != START {
                    t.by_colour[a][self.colour[tile as usize].index()] += 1;
                }
            }
        }
        t
    }

    /// Whether each objective of the chosen Mission is met, in the card's order.
    pub fn objectives(&self, s: &State) -> [bool; 3] {
        let t = self.tally(s);
        let each = |n: u32| t.count.iter().all(|&c| c >= n);
        let each_vp = |n: u32| t.vp.iter().all(|&v| v >= n);
        let masks: [u8; ANIMALS] = std::array::from_fn(|a| {
            (0..Element::NUM).fold(0u8, |m, c| m | (u8::from(t.by_colour[a][c] > 0) << c))
        });
        let totals: [u32; Element::NUM] =
            std::array::from_fn(|c| (0..ANIMALS).map(|a| t.by_colour[a][c] as u32).sum());
        let same_colour_one_animal = t.by_colour.iter().any(|row| row.iter().any(|&n| n >= 2));
        match self.options.level {
            1 => [each(1), false, false],
            2 => [each(1), choose_one_each(masks, two_pairs), false],
            3 => [
                choose_one_each(masks, all_different),
                same_colour_one_animal,
                t.best_turn >= 2,
            ],
            4 => [
                choose_one_each(masks, all_different),
                totals.iter().any(|&n| n >= 3),
                each_vp(8),
            ],
            5 => [each(2), totals.iter().all(|&n| n >= 1), t.best_turn >= 3],
            _ => [each(2), t.best_turn >= 4, each_vp(12)],
        }
    }

    /// How many objectives of the chosen Mission are met.
    pub fn objectives_met(&self, s: &State) -> usize {
        let n = objective_count(self.options.level);
        self.objectives(s)[..n].iter().filter(|&&m| m).count()
    }

    /// The solo outcome: objectives met, score, and whether the Mission is passed.
    pub fn solo_outcome(&self, s: &State) -> SoloOutcome {
        let mission = self.components.mission(self.options.level);
        let met = self.objectives(s);
        let objectives: Vec<(String, bool)> = mission
            .objectives
            .iter()
            .zip(met)
            .map(|(o, m)| (o.clone(), m))
            .collect();
        let score = self.totals(s)[0].0;
        let all = objectives.iter().all(|(_, m)| *m);
        SoloOutcome {
            level: mission.level,
            turns: (self.components.base_turns as usize + self.objectives_met(s))
                .min(self.components.board_spaces as usize),
            passed: all && score >= mission.minimum,
            objectives,
            score,
            minimum: mission.minimum,
        }
    }
}

/// Whether one completed task can be chosen per animal (each from the colours in its mask)
/// so that the four colours pass `test`.
fn choose_one_each(masks: [u8; ANIMALS], test: fn([usize; ANIMALS]) -> bool) -> bool {
    let mut pick = [0usize; ANIMALS];
    fn go(
        a: usize,
        masks: &[u8; ANIMALS],
        pick: &mut [usize; ANIMALS],
        test: fn([usize; ANIMALS]) -> bool,
    ) -> bool {
        if a == ANIMALS {
            return test(*pick);
        }
        for c in 0..Element::NUM {
            if masks[a] >> c & 1 == 1 {
                pick[a] = c;
                if go(a + 1, masks, pick, test) {
                    return true;
                }
            }
        }
        false
    }
    go(0, &masks, &mut pick, test)
}

/// Level 2 ruling: the four colours form two pairs of the same colour (two pairs may share a
/// colour).
fn two_pairs(mut c: [usize; ANIMALS]) -> bool {
    c.sort_unstable();
    c[0] == c[1] && c[2] == c[3]
}

fn all_different(c: [usize; ANIMALS]) -> bool {
    (0..ANIMALS).all(|i| (i + 1..ANIMALS).all(|j| c[i] != c[j]))
}
