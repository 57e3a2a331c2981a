//! Zobrist keys: fixed pseudo-random 64-bit numbers, one per (feature of a position), whose
//! XOR is a position's hash key. Every game builds its keys at compile time with
//! [`ZobristTable`] (the piece-square keys) and [`zobrist_keys`] (the rest: side to move,
//! hands, board size), so the keys are the same in every run and on every machine.

use crate::bits::{BitWord, Bits};

/// SplitMix64's step: the generator's state after `state`.
const fn step(state: u64) -> u64 {
    state.wrapping_add(0x9E37_79B9_7F4A_7C15)
}

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
        state = step(state);
        keys[i] = crate::rng::mix(state);
        i += 1;
    }
    keys
}

/// The piece-square keys of a game: one key per (piece, square), `PIECES` rows of `SQUARES`.
///
/// A "piece" is whatever a game tells apart on a square (a colour, or a colour and a kind);
/// a "square" is the bit index of the game's bitboard. The keys are those of
/// [`zobrist_keys`] with the same seed, row by row, so a table and a flat key array built
/// from one seed agree. Build it in a `static` (it is `PIECES × SQUARES × 8` bytes):
///
/// ```
/// use game_core::ZobristTable;
///
/// /// Two colours on a 64-square board.
/// static STONES: ZobristTable<2, 64> = ZobristTable::new(0x5EED);
/// let board: u64 = (1 << 9) | (1 << 40);
/// assert_eq!(STONES.set_key(1, board), STONES.key(1, 9) ^ STONES.key(1, 40));
/// assert_ne!(STONES.key(0, 9), STONES.key(1, 9));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZobristTable<const PIECES: usize, const SQUARES: usize> {
    keys: [[u64; SQUARES]; PIECES],
}

impl<const PIECES: usize, const SQUARES: usize> ZobristTable<PIECES, SQUARES> {
    /// The table of keys from `seed` (SplitMix64), computable in a `const` or `static`.
    pub const fn new(seed: u64) -> Self {
        let mut keys = [[0u64; SQUARES]; PIECES];
        let mut state = seed;
        let mut piece = 0;
        while piece < PIECES {
            let mut square = 0;
            while square < SQUARES {
                state = step(state);
                keys[piece][square] = crate::rng::mix(state);
                square += 1;
            }
            piece += 1;
        }
        Self { keys }
    }

    /// The key of `piece` on `square`.
    ///
    /// Both are the game's own indices (below `PIECES` and `SQUARES`).
    ///
    /// # Panics
    /// When `piece` is not below `PIECES` or `square` not below `SQUARES` (a bug in the game).
    #[inline(always)]
    pub const fn key(&self, piece: usize, square: usize) -> u64 {
        self.keys[piece][square]
    }

    /// The keys of `piece`, one per square (for a hot loop that looks up one piece's keys
    /// many times).
    ///
    /// # Panics
    /// When `piece` is not below `PIECES`.
    #[inline(always)]
    pub const fn piece_keys(&self, piece: usize) -> &[u64; SQUARES] {
        &self.keys[piece]
    }

    /// The XOR of the keys of `piece` on every set bit of `set`: that piece's share of a
    /// position's hash, from scratch.
    ///
    /// Every set bit must be below `SQUARES`.
    ///
    /// # Panics
    /// When `piece` is not below `PIECES`, or a bit of `set` is at or above `SQUARES`.
    #[inline]
    pub fn set_key<W: BitWord>(&self, piece: usize, set: W) -> u64 {
        let keys = &self.keys[piece];
        Bits(set).fold(0, |hash, square| hash ^ keys[square])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_holds_the_flat_keys_of_its_seed_row_by_row() {
        static TABLE: ZobristTable<3, 5> = ZobristTable::new(42);
        const FLAT: [u64; 15] = zobrist_keys(42);
        for piece in 0..3 {
            for square in 0..5 {
                assert_eq!(TABLE.key(piece, square), FLAT[piece * 5 + square]);
                assert_eq!(TABLE.piece_keys(piece)[square], FLAT[piece * 5 + square]);
            }
        }
    }

    #[test]
    fn keys_are_distinct_and_fixed_by_the_seed() {
        let table = ZobristTable::<4, 64>::new(7);
        let mut all: alloc::vec::Vec<u64> = (0..4)
            .flat_map(|p| table.piece_keys(p).iter().copied())
            .collect();
        assert_eq!(table, ZobristTable::<4, 64>::new(7));
        assert_ne!(table, ZobristTable::<4, 64>::new(8));
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 256);
        assert!(!all.contains(&0));
    }

    #[test]
    fn set_key_is_the_xor_of_the_single_keys() {
        let table = ZobristTable::<2, 9>::new(3);
        assert_eq!(table.set_key(0, 0u16), 0);
        let set: u16 = 0b1_0010_0101;
        let by_hand = table.key(1, 0) ^ table.key(1, 2) ^ table.key(1, 5) ^ table.key(1, 8);
        assert_eq!(table.set_key(1, set), by_hand);
        assert_ne!(table.set_key(0, set), by_hand);
    }

    #[test]
    #[should_panic]
    fn a_bit_beyond_the_table_is_a_bug() {
        let table = ZobristTable::<1, 9>::new(3);
        let _ = table.set_key(0, 1u16 << 9);
    }
}
