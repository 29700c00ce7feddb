//! Least squares for the games' heuristic fits (their `*_fit` examples): weights of features
//! that foretell a final margin, and how much of its variance a prediction explains.

/// The weights `w` minimising the squared error of `rows · w` against `y`, without an
/// intercept (the games' features are own minus rival's, so a symmetric position is 0). Solved
/// from the normal equations by Gauss–Jordan elimination with partial pivoting, with a tiny
/// ridge so that a feature that never varies gets weight 0 instead of a division by zero.
#[allow(clippy::needless_range_loop)] // matrix code reads best with indices
pub fn least_squares(rows: &[Vec<f64>], y: &[f64]) -> Vec<f64> {
    let k = rows.first().map_or(0, Vec::len);
    let mut a = vec![vec![0.0; k + 1]; k];
    for (r, &t) in rows.iter().zip(y) {
        for i in 0..k {
            for j in 0..k {
                a[i][j] += r[i] * r[j];
            }
            a[i][k] += r[i] * t;
        }
    }
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += 1e-6;
    }
    for c in 0..k {
        let p = (c..k)
            .max_by(|&x, &z| a[x][c].abs().total_cmp(&a[z][c].abs()))
            .unwrap_or(c);
        a.swap(c, p);
        for r in 0..k {
            if r != c && a[c][c] != 0.0 {
                let f = a[r][c] / a[c][c];
                for j in c..=k {
                    a[r][j] -= f * a[c][j];
                }
            }
        }
    }
    (0..k)
        .map(|i| {
            if a[i][i] == 0.0 {
                0.0
            } else {
                a[i][k] / a[i][i]
            }
        })
        .collect()
}

/// Each row's prediction `row · w`.
pub fn predict(rows: &[Vec<f64>], w: &[f64]) -> Vec<f64> {
    rows.iter()
        .map(|r| r.iter().zip(w).map(|(a, b)| a * b).sum())
        .collect()
}

/// The share of `y`'s variance around its mean that `pred` explains (1 − SSE / SST).
pub fn explained(pred: &[f64], y: &[f64]) -> f64 {
    let n = y.len() as f64;
    let mean = y.iter().sum::<f64>() / n;
    let sst: f64 = y.iter().map(|t| (t - mean) * (t - mean)).sum();
    let sse: f64 = pred.iter().zip(y).map(|(p, t)| (p - t) * (p - t)).sum();
    1.0 - sse / sst
}

/// Pearson's correlation of `x` and `y` (0 when either is constant or empty).
pub fn correlation(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len().min(y.len()) as f64;
    if n == 0.0 {
        return 0.0;
    }
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let (mut xy, mut xx, mut yy) = (0.0, 0.0, 0.0);
    for (a, b) in x.iter().zip(y) {
        xy += (a - mx) * (b - my);
        xx += (a - mx) * (a - mx);
        yy += (b - my) * (b - my);
    }
    if xx == 0.0 || yy == 0.0 {
        0.0
    } else {
        xy / (xx * yy).sqrt()
    }
}

/// The root mean squared error of `x` against `y`.
pub fn rmse(x: &[f64], y: &[f64]) -> f64 {
    (x.iter().zip(y).map(|(a, b)| (a - b) * (a - b)).sum::<f64>() / x.len() as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_weights_are_recovered_and_a_constant_feature_gets_none() {
        // y = 2·a − 0.5·b, with a third feature always 0.
        let rows: Vec<Vec<f64>> = (0..40)
            .map(|i| vec![f64::from(i % 7) - 3.0, f64::from(i % 5) * 1.5, 0.0])
            .collect();
        let y: Vec<f64> = rows.iter().map(|r| 2.0 * r[0] - 0.5 * r[1]).collect();
        let w = least_squares(&rows, &y);
        assert!(
            (w[0] - 2.0).abs() < 1e-6 && (w[1] + 0.5).abs() < 1e-6,
            "{w:?}"
        );
        assert_eq!(w[2], 0.0);
        let pred = predict(&rows, &w);
        assert!(explained(&pred, &y) > 1.0 - 1e-9);
        assert!(rmse(&pred, &y) < 1e-6);
        // Predicting the mean explains nothing; a wrong sign explains less than nothing.
        let mean = y.iter().sum::<f64>() / y.len() as f64;
        assert!(explained(&vec![mean; y.len()], &y).abs() < 1e-9);
        let wrong: Vec<f64> = pred.iter().map(|p| -p).collect();
        assert!(explained(&wrong, &y) < 0.0);
    }

    #[test]
    fn correlation_is_one_for_a_rising_line_minus_one_for_a_falling_one_and_zero_when_flat() {
        let x = [1.0, 2.0, 4.0, 7.0];
        let up: Vec<f64> = x.iter().map(|v| 3.0 * v + 1.0).collect();
        let down: Vec<f64> = x.iter().map(|v| 5.0 - 0.5 * v).collect();
        assert!((correlation(&x, &up) - 1.0).abs() < 1e-12);
        assert!((correlation(&x, &down) + 1.0).abs() < 1e-12);
        // Unrelated: x against its centred square, symmetric around the mean.
        let a = [-2.0, -1.0, 1.0, 2.0];
        let b = [4.0, 1.0, 1.0, 4.0];
        assert!(correlation(&a, &b).abs() < 1e-12);
        assert_eq!(correlation(&x, &[2.0; 4]), 0.0);
        assert_eq!(correlation(&[], &[]), 0.0);
    }
}
