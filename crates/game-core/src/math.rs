//! The few floating-point functions the crates need that `core` lacks on stable Rust
//! (`f64::sqrt`, `f64::ln` and `f64::round` live in `std`, which calls the platform's maths
//! library).
//!
//! They are used with and without the `std` feature alike, so a search gives the same moves
//! either way (MCTS's exploration term `c · sqrt(ln N / n)` is computed with them). [`sqrt`]
//! and [`round`] give exactly the bits of `f64::sqrt` and `f64::round`; [`ln`] is within a few
//! units in the last place of the exact value, by plain `f64` arithmetic that every target
//! computes alike. All are tested against `std` over many magnitudes; none of them is meant as
//! a general maths library.

use core::f64::consts::{LN_2, SQRT_2};

/// 2^54, to lift subnormal numbers into the normal range.
const TWO_POW_54: f64 = 18_014_398_509_481_984.0;

/// Items compiled only for targets with SSE2 and its square root instruction (every x86-64
/// target).
macro_rules! with_sse2 {
    ($($item:item)*) => {$(
        #[cfg(all(any(target_arch = "x86", target_arch = "x86_64"), target_feature = "sse2"))]
        $item
    )*};
}

/// The square root of `x`, correctly rounded (the IEEE 754 square root: the same bits as
/// `f64::sqrt`): NaN for negative `x` and NaN, `x` itself for ±0 and +∞.
///
/// On x86 and x86-64 with SSE2 (every x86-64 target) it is the processor's `sqrtsd`
/// instruction through `core::arch`; elsewhere an exact integer square root of the mantissa.
/// Both give the one correctly rounded result, so a search is the same on every target.
///
/// ```
/// assert_eq!(game_core::math::sqrt(9.0), 3.0);
/// assert_eq!(game_core::math::sqrt(2.0), core::f64::consts::SQRT_2);
/// assert!(game_core::math::sqrt(-1.0).is_nan());
/// ```
#[inline]
pub fn sqrt(x: f64) -> f64 {
    #[cfg(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse2"
    ))]
    {
        sqrt_sse2(x)
    }
    #[cfg(not(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse2"
    )))]
    {
        sqrt_exact(x)
    }
}

with_sse2! {
    /// The square root by SSE2's `sqrtsd` (correctly rounded, by IEEE 754).
    #[inline]
    #[allow(unsafe_code)] // the intrinsics below; see the SAFETY comment
    fn sqrt_sse2(x: f64) -> f64 {
        #[cfg(target_arch = "x86")]
        use core::arch::x86::{_mm_cvtsd_f64, _mm_set_sd, _mm_sqrt_sd};
        #[cfg(target_arch = "x86_64")]
        use core::arch::x86_64::{_mm_cvtsd_f64, _mm_set_sd, _mm_sqrt_sd};
        // SAFETY: the intrinsics need only SSE2, and this function exists only on targets
        // that have it (`target_feature = "sse2"`, checked at compile time).
        unsafe {
            let v = _mm_set_sd(x);
            _mm_cvtsd_f64(_mm_sqrt_sd(v, v))
        }
    }
}

/// The correctly rounded square root from integers, for targets without a known square root
/// instruction: `x = mantissa · 2^exp`, the mantissa shifted to the top of a `u128` with an
/// even exponent left, its integer square root (63 or 64 bits: the 53 kept, the rounding bits,
/// and whether the root was exact), then rounding to nearest, ties to even.
#[cfg_attr(
    all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse2"
    ),
    allow(dead_code)
)]
fn sqrt_exact(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 || x == f64::INFINITY {
        return x;
    }
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1_u64 << 52) - 1);
    let (mantissa, exp) = if biased == 0 {
        (fraction, -1074) // subnormal
    } else {
        (fraction | 1 << 52, biased - 1075)
    };
    // n = mantissa · 2^shift in [2^125, 2^127), with exp − shift even.
    let top_bit = 127 - u128::from(mantissa).leading_zeros() as i32;
    let mut shift = 126 - top_bit;
    if (exp - shift) % 2 != 0 {
        shift -= 1;
    }
    let n = u128::from(mantissa) << shift;
    let root = n.isqrt();
    let exact = root * root == n;
    // sqrt(x) = sqrt(n) · 2^((exp − shift) / 2), and 2^62 <= root < 2^64.
    let root_exp = (exp - shift) / 2;
    let root = root as u64;
    let drop = 63 - root.leading_zeros() as i32 - 52;
    let kept = root >> drop;
    let rest = root & ((1_u64 << drop) - 1);
    let half = 1_u64 << (drop - 1);
    let up = rest > half || (rest == half && (!exact || kept & 1 == 1));
    let (mut kept, mut result_exp) = (kept + u64::from(up), root_exp + drop);
    if kept == 1 << 53 {
        kept >>= 1;
        result_exp += 1;
    }
    // kept · 2^result_exp with a 53-bit kept: a normal number (every root of a double is).
    let biased = (result_exp + 52 + 1023) as u64;
    f64::from_bits(biased << 52 | (kept & ((1_u64 << 52) - 1)))
}

/// 1/25, 1/23, …, 1/3: the coefficients of [`ln`]'s series, the smallest term's first.
const ODD_INVERSES: [f64; 12] = [
    1.0 / 25.0,
    1.0 / 23.0,
    1.0 / 21.0,
    1.0 / 19.0,
    1.0 / 17.0,
    1.0 / 15.0,
    1.0 / 13.0,
    1.0 / 11.0,
    1.0 / 9.0,
    1.0 / 7.0,
    1.0 / 5.0,
    1.0 / 3.0,
];

/// The natural logarithm of `x`: NaN for negative `x` and NaN, −∞ for ±0, +∞ for +∞.
///
/// `x = m · 2^e` with `m` in `[√½, √2)`, then `ln m = 2 atanh s` with `s = (m − 1)/(m + 1)`
/// (so `|s| < 0.172`) by its odd power series to the term `s^25`, and `ln x = e · ln 2 + ln m`.
/// Plain `f64` arithmetic, so every target gives the same bits; a `const fn`, so a table of
/// logarithms built at compile time holds the very bits it returns at run time.
///
/// ```
/// assert_eq!(game_core::math::ln(1.0), 0.0);
/// assert!((game_core::math::ln(core::f64::consts::E) - 1.0).abs() < 1e-15);
/// assert_eq!(game_core::math::ln(0.0), f64::NEG_INFINITY);
/// ```
pub const fn ln(x: f64) -> f64 {
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
    // 2 (s + s³/3 + s⁵/5 + …), summed from the smallest term (the first left out,
    // s²⁷/27, is below 1e-21 · s).
    let mut series = 0.0;
    let mut i = 0;
    while i < ODD_INVERSES.len() {
        series = s2 * (ODD_INVERSES[i] + series);
        i += 1;
    }
    let ln_m = 2.0 * s * (1.0 + series);
    e as f64 * LN_2 + ln_m
}

/// `ln 2` split into a high part with a short mantissa (so `k · LN2_HI` is exact for the
/// `k` of [`exp`]) and the rest.
const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
/// The rest of `ln 2` below [`LN2_HI`].
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);

/// The exponential `e^x`: +∞ above about 709.78, 0 below about −745.13, NaN for NaN.
///
/// `x = k ln 2 + r` with `|r| ≤ ln 2 / 2`, `e^r` by its power series to the term `r^16/16!`
/// (the first left out is below 1e-19), then scaled by `2^k` through the exponent bits.
/// Plain `f64` arithmetic, so every target gives the same bits (MCTS's Dirichlet noise and
/// temperature draws use it); within a few units in the last place of `f64::exp`.
///
/// ```
/// assert_eq!(game_core::math::exp(0.0), 1.0);
/// assert!((game_core::math::exp(1.0) - core::f64::consts::E).abs() < 1e-15);
/// assert_eq!(game_core::math::exp(-1000.0), 0.0);
/// assert_eq!(game_core::math::exp(1000.0), f64::INFINITY);
/// ```
pub fn exp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x > 709.782_712_893_384 {
        return f64::INFINITY;
    }
    if x < -745.133_219_101_941_1 {
        return 0.0;
    }
    let k = round(x / LN_2);
    let r = (x - k * LN2_HI) - k * LN2_LO;
    // 1 + r + r²/2! + … + r¹⁶/16!, by Horner's rule from the smallest term.
    let mut series = 1.0;
    let mut n = 16;
    while n > 0 {
        series = 1.0 + series * r / f64::from(n);
        n -= 1;
    }
    // 2^k in two factors, so that k down to -1075 and up to 1024 stays representable.
    let k = k as i32;
    let (k1, k2) = (k / 2, k - k / 2);
    series * pow2(k1) * pow2(k2)
}

/// `2^k` for `-1022 <= k <= 1023`.
fn pow2(k: i32) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// `x = m · 2^(e + extra)` with `m` in `[1, 2)`, for a positive normal `x`.
const fn split_exponent(x: f64, extra: i32) -> (f64, i32) {
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

    fn next_up(x: f64) -> f64 {
        f64::from_bits(x.to_bits() + 1)
    }

    fn next_down(x: f64) -> f64 {
        f64::from_bits(x.to_bits() - 1)
    }

    /// Both square roots (the one this target uses and the integer one) give exactly the
    /// bits of `f64::sqrt`, the correctly rounded root.
    #[test]
    #[cfg_attr(
        miri,
        ignore = "thousands of random samples: far too slow under miri; the edge-case tests run there"
    )]
    fn sqrt_is_bit_exact() {
        for x in samples() {
            let want = x.sqrt().to_bits();
            assert_eq!(sqrt(x).to_bits(), want, "sqrt({x:e})");
            assert_eq!(sqrt_exact(x).to_bits(), want, "sqrt_exact({x:e})");
        }
        // Squares, their neighbours and points between, where the rounding is decided.
        for n in 1..=3000_u64 {
            let square = (n * n) as f64;
            for x in [
                square,
                next_up(square),
                next_down(square),
                square + 0.5 * n as f64,
            ] {
                assert_eq!(
                    sqrt_exact(x).to_bits(),
                    x.sqrt().to_bits(),
                    "sqrt_exact({x:e})"
                );
            }
        }
        let mut rng = crate::Rng::new(3);
        for _ in 0..200_000 {
            // Any positive finite double, subnormals included.
            let x = f64::from_bits(rng.next_u64() % 0x7ff0_0000_0000_0000);
            assert_eq!(
                sqrt_exact(x).to_bits(),
                x.sqrt().to_bits(),
                "sqrt_exact({x:e})"
            );
            assert_eq!(sqrt(x).to_bits(), x.sqrt().to_bits(), "sqrt({x:e})");
        }
    }

    #[test]
    fn sqrt_edge_cases() {
        for f in [sqrt, sqrt_exact] {
            assert_eq!(f(0.0).to_bits(), 0.0_f64.to_bits());
            assert_eq!(f(-0.0).to_bits(), (-0.0_f64).to_bits());
            assert_eq!(f(f64::INFINITY), f64::INFINITY);
            assert!(f(f64::NAN).is_nan());
            assert!(f(-1e-300).is_nan());
            assert!(f(f64::NEG_INFINITY).is_nan());
            assert_eq!(f(f64::MAX).to_bits(), f64::MAX.sqrt().to_bits());
            let tiny = f64::from_bits(1);
            assert_eq!(f(tiny).to_bits(), tiny.sqrt().to_bits());
            for n in 1..=1000_u32 {
                assert_eq!(f(f64::from(n * n)), f64::from(n));
            }
        }
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "thousands of random samples: far too slow under miri; the edge-case tests run there"
    )]
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

    /// `exp` against `std` over the range where it is finite and nonzero, and its edges.
    #[test]
    #[cfg_attr(
        miri,
        ignore = "miri adds random error to std's exp on purpose, so std is no reference there"
    )]
    fn exp_matches_std() {
        let mut x = -745.0;
        while x < 709.7 {
            let (got, want) = (exp(x), x.exp());
            // Below e^-708 the results are subnormal: a few units of the smallest one.
            assert!(
                (got - want).abs() <= want * 1e-14 + 2e-323,
                "exp {x}: {got} vs {want}"
            );
            x += 0.013_7;
        }
        for x in [
            0.0, -0.0, 1e-300, -1e-300, 1e-8, 0.5, -0.5, 700.0, -700.0, 709.78, -745.1,
        ] {
            assert!(error(exp(x), x.exp()) < 1e-14, "exp {x}");
        }
        assert_eq!(exp(f64::INFINITY), f64::INFINITY);
        assert_eq!(exp(f64::NEG_INFINITY), 0.0);
        assert!(exp(f64::NAN).is_nan());
    }
}
