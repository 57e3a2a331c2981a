//! The set bits of a board word, one index at a time: the loop every bitboard game writes
//! (`while w != 0 { let i = w.trailing_zeros(); w &= w - 1; … }`), written once.

use core::iter::FusedIterator;

mod sealed {
    /// Only the unsigned integers of this module are board words.
    pub trait Sealed {}
}

/// An unsigned integer used as a set of bit indices: a bitboard, or one row of one.
///
/// Implemented for `u8`, `u16`, `u32`, `u64` and `u128` (and sealed: those are all), so
/// [`Bits`] works on whatever word a game's board fits in.
pub trait BitWord: Copy + Eq + sealed::Sealed {
    /// The empty set (no bit set).
    const EMPTY: Self;

    /// The index of the lowest set bit; the word's width in bits when it is empty.
    fn lowest_index(self) -> u32;

    /// The word without its lowest set bit (the empty word stays empty).
    fn without_lowest(self) -> Self;

    /// The number of set bits.
    fn bit_count(self) -> u32;
}

macro_rules! bit_word {
    ($($word:ty),*) => {$(
        impl sealed::Sealed for $word {}

        impl BitWord for $word {
            const EMPTY: Self = 0;

            #[inline(always)]
            fn lowest_index(self) -> u32 {
                self.trailing_zeros()
            }

            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }

            #[inline(always)]
            fn bit_count(self) -> u32 {
                self.count_ones()
            }
        }
    )*};
}

bit_word!(u8, u16, u32, u64, u128);

/// The indices of the set bits of a board word, lowest first.
///
/// The field is the set of bits not yet visited, so `Bits(word)` starts an iteration and a
/// copy of the iterator resumes where it was. No allocation; each step is a
/// `trailing_zeros` and a clear-lowest-bit.
///
/// ```
/// use game_core::Bits;
///
/// let board: u64 = (1 << 3) | (1 << 17) | (1 << 63);
/// assert_eq!(Bits(board).collect::<Vec<_>>(), [3, 17, 63]);
/// assert_eq!(Bits(board).len(), 3);
/// assert_eq!(Bits(0u32).next(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bits<W: BitWord>(pub W);

impl<W: BitWord> Iterator for Bits<W> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == W::EMPTY {
            None
        } else {
            let index = self.0.lowest_index() as usize;
            self.0 = self.0.without_lowest();
            Some(index)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.0.bit_count() as usize;
        (count, Some(count))
    }

    #[inline]
    fn count(self) -> usize {
        self.0.bit_count() as usize
    }
}

impl<W: BitWord> ExactSizeIterator for Bits<W> {}

impl<W: BitWord> FusedIterator for Bits<W> {}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// The set bits of `word`, by testing every bit position in turn (the slow, obvious way).
    fn by_testing_each_bit(word: u128, width: u32) -> Vec<usize> {
        (0..width)
            .filter(|&i| word >> i & 1 == 1)
            .map(|i| i as usize)
            .collect()
    }

    #[test]
    fn empty_words_have_no_bits() {
        assert_eq!(Bits(0u8).next(), None);
        assert_eq!(Bits(0u16).next(), None);
        assert_eq!(Bits(0u32).next(), None);
        assert_eq!(Bits(0u64).next(), None);
        assert_eq!(Bits(0u128).next(), None);
        assert_eq!(Bits(0u64).len(), 0);
    }

    #[test]
    fn full_words_give_every_index_in_order() {
        assert_eq!(
            Bits(u8::MAX).collect::<Vec<_>>(),
            (0..8).collect::<Vec<_>>()
        );
        assert_eq!(
            Bits(u16::MAX).collect::<Vec<_>>(),
            (0..16).collect::<Vec<_>>()
        );
        assert_eq!(
            Bits(u32::MAX).collect::<Vec<_>>(),
            (0..32).collect::<Vec<_>>()
        );
        assert_eq!(
            Bits(u64::MAX).collect::<Vec<_>>(),
            (0..64).collect::<Vec<_>>()
        );
        assert_eq!(
            Bits(u128::MAX).collect::<Vec<_>>(),
            (0..128).collect::<Vec<_>>()
        );
    }

    #[test]
    fn the_top_bit_of_each_width_is_found() {
        assert_eq!(Bits(1u8 << 7).collect::<Vec<_>>(), [7]);
        assert_eq!(Bits(1u16 << 15).collect::<Vec<_>>(), [15]);
        assert_eq!(Bits(1u32 << 31).collect::<Vec<_>>(), [31]);
        assert_eq!(Bits(1u64 << 63).collect::<Vec<_>>(), [63]);
        assert_eq!(Bits(1u128 << 127).collect::<Vec<_>>(), [127]);
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "thousands of random samples: far too slow under miri; the edge-case tests run there"
    )]
    fn agrees_with_testing_each_bit_on_pseudo_random_words() {
        let mut rng = crate::Rng::new(0xB175);
        for _ in 0..2_000 {
            let word = u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
            // Sparse words too: most boards are mostly empty.
            let sparse = word & u128::from(rng.next_u64()) & u128::from(rng.next_u64());
            for word in [word, sparse] {
                assert_eq!(
                    Bits(word).collect::<Vec<_>>(),
                    by_testing_each_bit(word, 128)
                );
                assert_eq!(
                    Bits(word as u64).collect::<Vec<_>>(),
                    by_testing_each_bit(word as u64 as u128, 64)
                );
                assert_eq!(
                    Bits(word as u32).collect::<Vec<_>>(),
                    by_testing_each_bit(word as u32 as u128, 32)
                );
                assert_eq!(
                    Bits(word as u16).collect::<Vec<_>>(),
                    by_testing_each_bit(word as u16 as u128, 16)
                );
                assert_eq!(
                    Bits(word as u8).collect::<Vec<_>>(),
                    by_testing_each_bit(word as u8 as u128, 8)
                );
            }
        }
    }

    #[test]
    fn length_counts_the_bits_left() {
        let mut bits = Bits(0b1011_0100u8);
        assert_eq!(bits.len(), 4);
        assert_eq!(bits.next(), Some(2));
        assert_eq!(bits.len(), 3);
        assert_eq!(bits.size_hint(), (3, Some(3)));
        assert_eq!(bits.count(), 3);
    }

    #[test]
    fn a_copy_resumes_where_the_original_was() {
        let mut bits = Bits(0b1110u16);
        assert_eq!(bits.next(), Some(1));
        let copy = bits;
        assert_eq!(bits.collect::<Vec<_>>(), [2, 3]);
        assert_eq!(copy.collect::<Vec<_>>(), [2, 3]);
        assert_eq!(copy.0, 0b1100);
    }

    #[test]
    fn stays_empty_after_the_end() {
        let mut bits = Bits(1u32);
        assert_eq!(bits.next(), Some(0));
        assert_eq!(bits.next(), None);
        assert_eq!(bits.next(), None);
    }
}
