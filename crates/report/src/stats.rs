//! Intervals and tests of significance.

pub use sylvan_bots::arena::wilson;

/// The 95% two-sided critical value of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The two-sided p-value of a standard normal statistic `z`.
pub fn p_two_sided(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2).clamp(0.0, 1.0)
}

/// The complementary error function (Numerical Recipes' erfcc, relative error below 1.2e-7).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// A difference of two estimates with its standard error: the z statistic and p-value.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Difference {
    /// B minus A.
    pub difference: f64,
    /// The 95% interval of the difference.
    pub ci95: [f64; 2],
    /// The difference over its standard error.
    pub z: f64,
    /// The two-sided p-value.
    pub p: f64,
    /// Whether p < 0.05.
    pub significant: bool,
}

impl Difference {
    /// The difference `b - a` with standard error `se`.
    pub fn new(a: f64, b: f64, se: f64) -> Difference {
        let difference = b - a;
        let z = if se > 0.0 { difference / se } else { 0.0 };
        let p = if se > 0.0 {
            p_two_sided(z)
        } else if difference == 0.0 {
            1.0
        } else {
            0.0
        };
        Difference {
            difference,
            ci95: [difference - Z95 * se, difference + Z95 * se],
            z,
            p,
            significant: p < 0.05,
        }
    }

    /// Two proportions `a` of `na` and `b` of `nb` (unpooled standard error).
    pub fn proportions(a: f64, na: f64, b: f64, nb: f64) -> Difference {
        let se = (a * (1.0 - a) / na.max(1.0) + b * (1.0 - b) / nb.max(1.0)).sqrt();
        Difference::new(a, b, se)
    }

    /// Paired values (the same seeds under A and B): the mean of `b - a` with the standard
    /// error of that mean, which removes the luck both variants share.
    pub fn paired(a: &[f64], b: &[f64]) -> Difference {
        let n = a.len().min(b.len()).max(1) as f64;
        let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| y - x).collect();
        let mean = d.iter().sum::<f64>() / n;
        let var = if d.len() > 1 {
            d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let ma = a.iter().sum::<f64>() / n;
        Difference::new(ma, ma + mean, (var / n).sqrt())
    }

    /// Two means with standard deviations and counts (Welch's standard error).
    pub fn means(a: (f64, f64, f64), b: (f64, f64, f64)) -> Difference {
        let se = (a.1 * a.1 / a.2.max(1.0) + b.1 * b.1 / b.2.max(1.0)).sqrt();
        Difference::new(a.0, b.0, se)
    }
}

/// Sample standard deviation from exact integer sums (n − 1 in the denominator; 0 below two
/// values): the formula `sim` uses, so both agree to the last bit.
pub fn std_from_sums(n: u64, sum: i64, sum_sq: i128) -> f64 {
    let n = n as i128;
    if n < 2 {
        return 0.0;
    }
    let sum = i128::from(sum);
    let numerator = n * sum_sq - sum * sum;
    (numerator as f64 / (n * (n - 1)) as f64).max(0.0).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p_values_match_the_normal_table() {
        assert!((p_two_sided(1.959_964) - 0.05).abs() < 1e-6);
        assert!((p_two_sided(0.0) - 1.0).abs() < 1e-6);
        assert!((p_two_sided(-2.575_829) - 0.01).abs() < 1e-6);
    }

    #[test]
    fn differences_of_proportions() {
        let d = Difference::proportions(0.5, 10_000.0, 0.53, 10_000.0);
        assert!((d.difference - 0.03).abs() < 1e-12);
        assert!(d.significant && d.z > 4.0);
        let same = Difference::proportions(0.5, 100.0, 0.51, 100.0);
        assert!(!same.significant);
    }

    #[test]
    fn paired_differences_remove_shared_luck() {
        // B adds one point to every game: certain, though the games vary widely.
        let a: Vec<f64> = (0..50).map(|i| f64::from(i * 7 % 31)).collect();
        let b: Vec<f64> = a.iter().map(|x| x + 1.0).collect();
        let d = Difference::paired(&a, &b);
        assert!((d.difference - 1.0).abs() < 1e-12);
        assert!(d.significant && d.p < 1e-9);
        let unpaired = Difference::means((10.0, 9.0, 50.0), (11.0, 9.0, 50.0));
        assert!(!unpaired.significant);
    }

    #[test]
    fn standard_deviation_from_sums() {
        // 2, 4, 4, 4, 5, 5, 7, 9: sample sd = sqrt(32 / 7).
        let xs = [2i64, 4, 4, 4, 5, 5, 7, 9];
        let sum = xs.iter().sum();
        let sq = xs.iter().map(|&x| i128::from(x * x)).sum();
        assert!((std_from_sums(8, sum, sq) - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        assert_eq!(std_from_sums(1, 3, 9), 0.0);
    }
}
