//! A skill ladder: Elo ratings for several bots from a round robin of head-to-head matches
//! (TAG's skill ladder is the model), so a player can read what `easy`, `medium` and `hard` mean.
//!
//! The ratings are the maximum of the Bradley–Terry likelihood on the Elo scale (bot `i`
//! scores against bot `j` with probability `1 / (1 + 10^((r_j - r_i) / 400))`), with the
//! first bot anchored at 0. Every pair also gets one virtual drawn game (the prior BayesElo
//! uses), so a bot that won every game still gets a finite rating. The intervals come from the
//! inverse of the Fisher information at the fitted ratings.

/// The record of one pair of bots.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Meeting {
    /// The first bot's index.
    pub a: usize,
    /// The second bot's index.
    pub b: usize,
    /// The first bot's points (a win 1, a draw or shared win 0.5).
    pub points_a: f64,
    /// Games played.
    pub games: u64,
}

/// One bot's place on the ladder.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Elo, relative to the first bot (0).
    pub elo: f64,
    /// Half the width of the 95% interval (0 for the anchor).
    pub ci95: f64,
}

/// Elo per bot from the meetings among `bots` bots; the first is the anchor at 0.
///
/// Meetings that name a bot past `bots`, or have more points than games, are refused with the
/// reason.
pub fn fit_elo(bots: usize, meetings: &[Meeting]) -> Result<Vec<Rating>, String> {
    if bots == 0 {
        return Ok(Vec::new());
    }
    // Points and games per ordered pair, with the prior's half point each way.
    let mut games = vec![vec![0f64; bots]; bots];
    let mut points = vec![vec![0f64; bots]; bots];
    for m in meetings {
        if m.a >= bots || m.b >= bots || m.a == m.b {
            return Err(format!(
                "a meeting of bots {} and {} among {bots}",
                m.a, m.b
            ));
        }
        let g = m.games as f64;
        if !(0.0..=g).contains(&m.points_a) {
            return Err(format!("{} points in {} games", m.points_a, m.games));
        }
        games[m.a][m.b] += g;
        games[m.b][m.a] += g;
        points[m.a][m.b] += m.points_a;
        points[m.b][m.a] += g - m.points_a;
    }
    for i in 0..bots {
        for j in 0..bots {
            if i != j && games[i][j] > 0.0 {
                games[i][j] += 1.0;
                points[i][j] += 0.5;
            }
        }
    }
    // Minorization-maximization (Hunter 2004) on strengths gamma = 10^(r / 400).
    let mut gamma = vec![1f64; bots];
    for _ in 0..10_000 {
        let mut next = gamma.clone();
        let mut moved = 0f64;
        for i in 0..bots {
            let won: f64 = points[i].iter().sum();
            let denominator: f64 = (0..bots)
                .filter(|&j| j != i && games[i][j] > 0.0)
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            if denominator > 0.0 && won > 0.0 {
                next[i] = won / denominator;
            }
        }
        let anchor = next[0];
        for (g, old) in next.iter_mut().zip(&gamma) {
            *g /= anchor;
            moved = moved.max((g.ln() - old.ln()).abs());
        }
        gamma = next;
        if moved < 1e-10 {
            break;
        }
    }
    let scale = 400.0 / std::f64::consts::LN_10;
    let elo: Vec<f64> = gamma.iter().map(|g| g.ln() * scale).collect();
    // Fisher information in natural log-strength units, without the anchor's row and column.
    let k = bots - 1;
    let mut info = vec![vec![0f64; k]; k];
    for i in 1..bots {
        for j in 0..bots {
            if i == j || games[i][j] == 0.0 {
                continue;
            }
            let p = gamma[i] / (gamma[i] + gamma[j]);
            let w = games[i][j] * p * (1.0 - p);
            info[i - 1][i - 1] += w;
            if j > 0 {
                info[i - 1][j - 1] -= w;
            }
        }
    }
    // A bot that met nobody has no row; the others are inverted without it.
    let kept: Vec<usize> = (0..k).filter(|&i| info[i][i] > 0.0).collect();
    let sub: Vec<Vec<f64>> = kept
        .iter()
        .map(|&i| kept.iter().map(|&j| info[i][j]).collect())
        .collect();
    let mut variance = vec![f64::INFINITY; k];
    if let Some(inv) = invert(sub) {
        for (at, &i) in kept.iter().enumerate() {
            variance[i] = inv[at][at];
        }
    }
    Ok((0..bots)
        .map(|i| Rating {
            elo: elo[i],
            ci95: match i {
                0 => 0.0,
                _ if variance[i - 1] >= 0.0 => 1.96 * variance[i - 1].sqrt() * scale,
                _ => f64::INFINITY,
            },
        })
        .collect())
}

/// The inverse of a small matrix by Gauss–Jordan elimination; `None` when it is singular (a bot
/// that met nobody connected to the anchor).
fn invert(mut m: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        inv.swap(col, pivot);
        let d = m[col][col];
        for j in 0..n {
            m[col][j] /= d;
            inv[col][j] /= d;
        }
        for row in 0..n {
            if row != col {
                let f = m[row][col];
                if f != 0.0 {
                    for j in 0..n {
                        m[row][j] -= f * m[col][j];
                        inv[row][j] -= f * inv[col][j];
                    }
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meet(a: usize, b: usize, points_a: f64, games: u64) -> Meeting {
        Meeting {
            a,
            b,
            points_a,
            games,
        }
    }

    #[test]
    fn an_even_match_rates_both_bots_alike() {
        let r = fit_elo(2, &[meet(0, 1, 50.0, 100)]).expect("valid");
        assert_eq!(r[0].elo, 0.0);
        assert!(r[1].elo.abs() < 1e-6, "{r:?}");
        // 101 games (the prior's included) at 50%: 1.96 * sqrt(1 / (101 / 4)) * 400 / ln 10.
        let expected = 1.96 * (4.0f64 / 101.0).sqrt() * 400.0 / std::f64::consts::LN_10;
        assert!((r[1].ci95 - expected).abs() < 0.01, "{r:?} vs {expected}");
    }

    #[test]
    fn three_to_one_is_about_191_elo_and_the_prior_keeps_a_sweep_finite() {
        let r = fit_elo(2, &[meet(0, 1, 25.0, 100)]).expect("valid");
        // With the prior's drawn game: 75.5 of 101 points.
        let expected = 400.0 * (75.5f64 / 25.5).log10();
        assert!((r[1].elo - expected).abs() < 0.01, "{r:?} vs {expected}");
        let sweep = fit_elo(2, &[meet(0, 1, 0.0, 40)]).expect("valid");
        assert!(
            sweep[1].elo.is_finite() && sweep[1].elo > 500.0,
            "{sweep:?}"
        );
    }

    #[test]
    fn a_chain_of_meetings_adds_up_and_orders_the_bots() {
        // 2 beats 1 beats 0, each 75% of the time; 0 and 2 never met directly.
        let r = fit_elo(3, &[meet(0, 1, 75.0, 300), meet(1, 2, 75.0, 300)]).expect("valid");
        assert!(r[1].elo > 150.0 && r[2].elo > r[1].elo + 150.0, "{r:?}");
        assert!((r[2].elo - 2.0 * r[1].elo).abs() < 1.0, "{r:?}");
        // The far bot is known less precisely than the near one.
        assert!(r[2].ci95 > r[1].ci95, "{r:?}");
    }

    #[test]
    fn a_bot_that_met_nobody_has_no_interval_and_bad_meetings_are_refused() {
        let r = fit_elo(3, &[meet(0, 1, 10.0, 20)]).expect("valid");
        assert!(r[2].ci95.is_infinite() && r[1].ci95.is_finite(), "{r:?}");
        assert!(fit_elo(2, &[meet(0, 2, 1.0, 2)]).is_err());
        assert!(fit_elo(2, &[meet(0, 1, 3.0, 2)]).is_err());
        assert!(fit_elo(2, &[meet(1, 1, 1.0, 2)]).is_err());
    }
}
