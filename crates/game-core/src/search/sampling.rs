//! The random draws of the searches beyond uniform choices: normal, Gamma and Dirichlet
//! numbers, for the root noise of self-play ([`RootNoise`](super::mcts::RootNoise)).
//!
//! Plain `f64` arithmetic on [`crate::math`], so the same seed gives the same bits with and
//! without `std`, on every target.

use crate::Rng;

/// A uniform number in `(0, 1)` from 53 random bits (never 0, so its logarithm is finite).
pub(crate) fn open_unit(rng: &mut Rng) -> f64 {
    ((rng.next_u64() >> 11) as f64 + 0.5) * (1.0 / 9_007_199_254_740_992.0)
}

/// A standard normal number, by Marsaglia's polar method.
pub(crate) fn normal(rng: &mut Rng) -> f64 {
    loop {
        let u = 2.0 * open_unit(rng) - 1.0;
        let v = 2.0 * open_unit(rng) - 1.0;
        let s = u * u + v * v;
        if s > 0.0 && s < 1.0 {
            return u * crate::math::sqrt(-2.0 * crate::math::ln(s) / s);
        }
    }
}

/// A Gamma(`alpha`, 1) number, by Marsaglia and Tsang's method (for `alpha` below 1, a
/// Gamma(`alpha` + 1) number times `U^(1/alpha)`).
pub(crate) fn gamma(alpha: f64, rng: &mut Rng) -> f64 {
    if alpha < 1.0 {
        let boost = crate::math::exp(crate::math::ln(open_unit(rng)) / alpha);
        return gamma(alpha + 1.0, rng) * boost;
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / crate::math::sqrt(9.0 * d);
    loop {
        let x = normal(rng);
        let v = 1.0 + c * x;
        if v <= 0.0 {
            continue;
        }
        let v = v * v * v;
        let u = open_unit(rng);
        if crate::math::ln(u) < 0.5 * x * x + d - d * v + d * crate::math::ln(v) {
            return d * v;
        }
    }
}

/// Fills `out` with one draw of a symmetric Dirichlet distribution of parameter `alpha`
/// (Gamma draws divided by their sum; uniform when the sum is 0 or not finite, which tiny
/// `alpha` can give).
pub(crate) fn dirichlet(alpha: f64, rng: &mut Rng, out: &mut [f64]) {
    let mut sum = 0.0;
    for g in out.iter_mut() {
        *g = gamma(alpha, rng);
        sum += *g;
    }
    let count = out.len() as f64;
    for g in out.iter_mut() {
        *g = if sum > 0.0 && sum.is_finite() {
            *g / sum
        } else {
            1.0 / count
        };
    }
}

#[cfg(test)]
mod tests {
    use super::{dirichlet, gamma};

    /// The mean and variance of Gamma(a, 1) are both `a`; 20,000 draws put the sample mean
    /// within 5 standard errors.
    #[test]
    fn gamma_draws_have_the_right_mean_and_variance() {
        // Miri checks the sampler's memory and arithmetic on a few hundred draws (20,000 take
        // it minutes); the statistics are checked by the ordinary run.
        let n = if cfg!(miri) { 200 } else { 20_000 };
        let mut rng = crate::Rng::new(17);
        for a in [0.03, 0.3, 1.0, 2.5] {
            let draws: Vec<f64> = (0..n).map(|_| gamma(a, &mut rng)).collect();
            assert!(draws.iter().all(|&g| g >= 0.0 && g.is_finite()));
            if cfg!(miri) {
                continue;
            }
            let mean = draws.iter().sum::<f64>() / f64::from(n);
            let var = draws.iter().map(|g| (g - mean) * (g - mean)).sum::<f64>() / f64::from(n);
            let se = (a / f64::from(n)).sqrt();
            assert!((mean - a).abs() < 5.0 * se, "Gamma({a}): mean {mean}");
            assert!((var - a).abs() < 0.25 * a, "Gamma({a}): variance {var}");
        }
    }

    /// A Dirichlet draw is a distribution, whose components have mean `1/k`.
    #[test]
    #[cfg_attr(
        miri,
        ignore = "20,000 Gamma draws: slow under miri; the Gamma test runs there"
    )]
    fn dirichlet_draws_are_distributions_with_the_right_mean() {
        let mut rng = crate::Rng::new(3);
        let mut sums = [0.0; 4];
        let mut draw = [0.0; 4];
        for _ in 0..5_000 {
            dirichlet(0.5, &mut rng, &mut draw);
            assert!((draw.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            for (s, d) in sums.iter_mut().zip(draw) {
                *s += d;
            }
        }
        for s in sums {
            assert!((s / 5_000.0 - 0.25).abs() < 0.02, "{s}");
        }
    }
}
