//! The few floating-point functions the crates need that `core` lacks on stable Rust
//! (`f64::sqrt`, `f64::ln` and `f64::round` live in `std`, which calls the platform's maths
//! library).
//!
//! They are used with and without the `std` feature alike, so a search gives the same moves
//! either way (MCTS's exploration term `c · sqrt(ln N / n)` is computed with them). Each is
//! within a few units in the last place of the exact value (tested against `std` over many
//! magnitudes); none of them is meant as a general maths library.

use core::f64::consts::{LN_2, SQRT_2};

/// 2^54, to lift subnormal numbers into the normal range.
const TWO_POW_54: f64 = 18_014_398_509_481_984.0;

/// The square root of `x`: NaN for negative `x` and NaN, `x` itself for ±0 and +∞.
///
/// An estimate from halving the exponent bits, then five Newton steps (each doubles the
/// correct digits of the first ~4 %), so the result is within one unit in the last place.
///
/// ```
/// assert_eq!(game_core::math::sqrt(9.0), 3.0);
/// assert!((game_core::math::sqrt(2.0) - core::f64::consts::SQRT_2).abs() < 1e-15);
/// assert!(game_core::math::sqrt(-1.0).is_nan());
/// ```
pub fn sqrt(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 || x == f64::INFINITY {
        return x;
    }
    if x < f64::MIN_POSITIVE {
        // sqrt(x · 2^54) = sqrt(x) · 2^27.
        return sqrt(x * TWO_POW_54) / 134_217_728.0;
    }
    // Halving the biased exponent (and the mantissa bits with it) is within ~6 % of the root.
    let mut y = f64::from_bits((x.to_bits() >> 1) + (1023_u64 << 51));
    for _ in 0..5 {
        y = 0.5 * (y + x / y);
    }
    y
}

/// The natural logarithm of `x`: NaN for negative `x` and NaN, −∞ for ±0, +∞ for +∞.
///
/// `x = m · 2^e` with `m` in `[√½, √2)`, then `ln m = 2 atanh s` with `s = (m − 1)/(m + 1)`
/// (so `|s| < 0.172`) by its odd power series to the term `s^29`, and `ln x = e · ln 2 + ln m`.
///
/// ```
/// assert_eq!(game_core::math::ln(1.0), 0.0);
/// assert!((game_core::math::ln(core::f64::consts::E) - 1.0).abs() < 1e-15);
/// assert_eq!(game_core::math::ln(0.0), f64::NEG_INFINITY);
/// ```
pub fn ln(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    if x == f64::INFINITY {
        return x;
    }
    let (mut m, mut e) = if x < f64::MIN_POSITIVE {
        split_exponent(x * TWO_POW_54, -54)
    } else {
        split_exponent(x, 0)
    };
    if m >= SQRT_2 {
        m *= 0.5;
        e += 1;
    }
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    // 2 (s + s³/3 + s⁵/5 + …), summed from the smallest term (s²⁹/29 < 1e-22 · s).
    let mut series = 0.0;
    let mut k = 29.0;
    while k > 1.0 {
        series = s2 * (1.0 / k + series);
        k -= 2.0;
    }
    let ln_m = 2.0 * s * (1.0 + series);
    f64::from(e) * LN_2 + ln_m
}

/// `x = m · 2^(e + extra)` with `m` in `[1, 2)`, for a positive normal `x`.
fn split_exponent(x: f64, extra: i32) -> (f64, i32) {
    let bits = x.to_bits();
    // The biased exponent has 11 bits, so it fits an i32.
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let m = f64::from_bits((bits & ((1_u64 << 52) - 1)) | (1023_u64 << 52));
    (m, biased - 1023 + extra)
}

/// `x` rounded to the nearest integer, halves away from zero (as `f64::round` does); NaN and
/// ±∞ stay as they are.
///
/// ```
/// assert_eq!(game_core::math::round(2.5), 3.0);
/// assert_eq!(game_core::math::round(-2.5), -3.0);
/// assert_eq!(game_core::math::round(0.49999999999999994), 0.0);
/// ```
pub fn round(x: f64) -> f64 {
    // From 2^52 on every f64 is an integer already.
    if !x.is_finite() || x.abs() >= 4_503_599_627_370_496.0 {
        return x;
    }
    // The cast truncates towards zero and is exact here; x − t is exact too (|x| < 2^52).
    let t = x as i64 as f64;
    let rounded = if x - t >= 0.5 {
        t + 1.0
    } else if t - x >= 0.5 {
        t - 1.0
    } else {
        t
    };
    // Keep the sign of a negative number that rounds to zero, as f64::round does (-0.4 → -0).
    if rounded == 0.0 && x.is_sign_negative() {
        -0.0
    } else {
        rounded
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Relative distance of `got` from `want` (absolute near zero).
    fn error(got: f64, want: f64) -> f64 {
        if want == 0.0 {
            got.abs()
        } else {
            ((got - want) / want).abs()
        }
    }

    /// Numbers over every magnitude the searches and pictures meet and far beyond: powers of
    /// ten from 1e-310 (subnormal) to 1e300, each times a spread of mantissas, and the
    /// integers 1..=100_000 (visit counts).
    fn samples() -> impl Iterator<Item = f64> {
        let scaled = (-310..=300).flat_map(|p| {
            [1.0, 1.1, 1.5, 2.0, 2.5, 3.3, 5.0, 7.77, 9.99]
                .into_iter()
                .map(move |m| m * 10f64.powi(p))
        });
        scaled
            .chain((1..=100_000).map(f64::from))
            .filter(|x| *x > 0.0)
    }

    #[test]
    fn sqrt_matches_std() {
        for x in samples() {
            let e = error(sqrt(x), x.sqrt());
            assert!(
                e <= 2.5e-16,
                "sqrt({x:e}): {} vs {} ({e:e})",
                sqrt(x),
                x.sqrt()
            );
        }
    }

    #[test]
    fn sqrt_edge_cases() {
        assert_eq!(sqrt(0.0).to_bits(), 0.0_f64.to_bits());
        assert_eq!(sqrt(-0.0).to_bits(), (-0.0_f64).to_bits());
        assert_eq!(sqrt(f64::INFINITY), f64::INFINITY);
        assert!(sqrt(f64::NAN).is_nan());
        assert!(sqrt(-1e-300).is_nan());
        assert!(sqrt(f64::NEG_INFINITY).is_nan());
        assert!(error(sqrt(f64::MAX), f64::MAX.sqrt()) <= 2.5e-16);
        let tiny = f64::from_bits(1);
        assert!(error(sqrt(tiny), tiny.sqrt()) <= 2.5e-16);
        for n in 1..=1000_u32 {
            let square = f64::from(n * n);
            assert!(
                error(sqrt(square), f64::from(n)) <= 2.5e-16,
                "sqrt({square})"
            );
        }
    }

    #[test]
    fn ln_matches_std() {
        for x in samples() {
            let (got, want) = (ln(x), x.ln());
            // Near 1 the logarithm is near 0: there compare absolutely, as the series does.
            let e = if (0.5..2.0).contains(&x) {
                (got - want).abs()
            } else {
                error(got, want)
            };
            assert!(e <= 1e-15, "ln({x:e}): {got} vs {want} ({e:e})");
        }
        for i in 1..=10_000 {
            let x = 1.0 + f64::from(i) * 1e-6;
            assert!((ln(x) - x.ln()).abs() <= 5e-16 * x.ln().abs(), "ln({x})");
        }
    }

    #[test]
    fn ln_edge_cases() {
        assert_eq!(ln(1.0), 0.0);
        assert_eq!(ln(0.0), f64::NEG_INFINITY);
        assert_eq!(ln(-0.0), f64::NEG_INFINITY);
        assert_eq!(ln(f64::INFINITY), f64::INFINITY);
        assert!(ln(f64::NAN).is_nan());
        assert!(ln(-1.0).is_nan());
        assert!(error(ln(f64::MAX), f64::MAX.ln()) <= 1e-15);
        let tiny = f64::from_bits(1);
        assert!(error(ln(tiny), tiny.ln()) <= 1e-15);
        assert!(error(ln(2.0), LN_2) <= 1e-16);
    }

    #[test]
    fn round_matches_std() {
        let mut values = alloc::vec![
            0.5,
            -0.5,
            1.5,
            2.5,
            -2.5,
            0.49999999999999994,
            -0.49999999999999994,
            4_503_599_627_370_495.5,
            4_503_599_627_370_497.0,
            1e300,
            -0.4,
            -0.0,
            0.0,
        ];
        values.extend((-2000..=2000).map(|i| f64::from(i) * 0.25 + 0.001 * f64::from(i % 7)));
        for x in values {
            assert_eq!(round(x).to_bits(), x.round().to_bits(), "round({x})");
        }
        assert!(round(f64::NAN).is_nan());
        assert_eq!(round(f64::INFINITY), f64::INFINITY);
        assert_eq!(round(f64::NEG_INFINITY), f64::NEG_INFINITY);
    }
}
