//! The natural logarithm of visit counts, which UCT takes on every selection step.

/// Visit counts below this have their logarithm in [`LN_SMALL`].
pub(super) const LN_TABLE_LEN: usize = 4096;

/// `LN_SMALL[n]` = [`math::ln`](crate::math::ln)`(n)`, built at compile time by the same
/// `const fn` (so the same bits): most nodes of a tree have few visits, and the table spares
/// them the series of the logarithm on every selection (entry 0 is ln 0 = −∞, never read).
static LN_SMALL: [f64; LN_TABLE_LEN] = {
    let mut table = [0.0; LN_TABLE_LEN];
    let mut n = 0;
    while n < LN_TABLE_LEN {
        table[n] = crate::math::ln(n as f64);
        n += 1;
    }
    table
};

/// The natural logarithm of a visit count `n >= 1` (within 1e-15 relative), quick because it
/// runs on every selection step: from the table below 4096; above, `n = (q + f) · 2^j` with
/// `q` its top 12 bits (in the table) and `t = f / q < 1/2048`, so
/// `ln n = j ln 2 + ln q + ln(1 + t)` with five terms of the series of `ln(1 + t)` (the first
/// left out, `t⁶/6`, is below 1e-20). Plain `f64` arithmetic: the same bits with and without
/// `std`, on every target.
#[inline]
pub(super) fn ln_visits(n: u32) -> f64 {
    if let Some(&ln) = LN_SMALL.get(n as usize) {
        return ln;
    }
    let j = (32 - n.leading_zeros()) - 12;
    let q = n >> j;
    let t = f64::from(n & ((1 << j) - 1)) / f64::from(q << j);
    let ln_1p = t * (1.0 + t * (-0.5 + t * (1.0 / 3.0 + t * (-0.25 + t * 0.2))));
    f64::from(j) * core::f64::consts::LN_2 + LN_SMALL[q as usize] + ln_1p
}

#[cfg(test)]
mod tests {
    use super::{ln_visits, LN_TABLE_LEN};

    /// The compile-time table holds the bits of `math::ln`, and every count, below and above
    /// the table's end up to `u32::MAX`, is within 1e-15 of `f64::ln`.
    #[test]
    #[cfg_attr(
        miri,
        ignore = "thousands of random samples: far too slow under miri; the edge-case tests run there"
    )]
    fn the_logarithm_of_visit_counts_matches_std() {
        for n in 1..LN_TABLE_LEN as u32 {
            let want = crate::math::ln(f64::from(n));
            assert_eq!(ln_visits(n).to_bits(), want.to_bits(), "ln {n}");
        }
        let mut rng = crate::Rng::new(9);
        let counts = (1..200_000)
            .chain((0..32).flat_map(|k| [1_u32 << k, (1_u32 << k).wrapping_sub(1)]))
            .chain((0..200_000).map(|_| (rng.next_u64() as u32) >> (rng.next_u64() % 32)))
            .chain([u32::MAX, u32::MAX - 1])
            .filter(|&n| n > 0);
        for n in counts {
            let want = f64::from(n).ln();
            let error = (ln_visits(n) - want).abs() / want.max(1.0);
            assert!(error <= 1e-15, "ln {n}: {} vs {want}", ln_visits(n));
        }
    }
}
