//! Zobrist keys: fixed pseudo-random 64-bit numbers, one per (feature of a position), whose
//! XOR is a position's hash key. Every game builds its tables with [`zobrist_keys`], at compile
//! time, so the keys are the same in every run and on every machine.

/// `N` pseudo-random keys from `seed` (SplitMix64), computable in a `const`:
///
/// ```
/// use game_core::zobrist_keys;
/// const KEYS: [u64; 18] = zobrist_keys(0x6b76);
/// assert_ne!(KEYS[0], KEYS[1]);
/// ```
pub const fn zobrist_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        keys[i] = crate::rng::mix(state);
        i += 1;
    }
    keys
}
