//! Move ordering: a cheap hash of moves into the history heuristic's table.

use core::hash::{Hash, Hasher};

use super::HISTORY_SIZE;

/// A cheap, fixed hash of a move for the history table: one multiply per word the move's
/// `Hash` writes (bytes one at a time only for byte slices).
struct MoveHasher(u64);

impl MoveHasher {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;

    #[inline(always)]
    fn mix(&mut self, word: u64) {
        self.0 = (self.0 ^ word).wrapping_mul(Self::K).rotate_left(23);
    }
}

impl Hasher for MoveHasher {
    #[inline(always)]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline(always)]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.mix(u64::from(b));
        }
    }
    #[inline(always)]
    fn write_u8(&mut self, i: u8) {
        self.mix(u64::from(i));
    }
    #[inline(always)]
    fn write_u16(&mut self, i: u16) {
        self.mix(u64::from(i));
    }
    #[inline(always)]
    fn write_u32(&mut self, i: u32) {
        self.mix(u64::from(i));
    }
    #[inline(always)]
    fn write_u64(&mut self, i: u64) {
        self.mix(i);
    }
    #[inline(always)]
    fn write_usize(&mut self, i: usize) {
        self.mix(i as u64);
    }
}

/// The history table's entry of move `mv` played by the player of index `side`.
#[inline]
pub(super) fn history_index<M: Hash>(side: usize, mv: &M) -> usize {
    let mut hasher = MoveHasher(side as u64);
    mv.hash(&mut hasher);
    let h = hasher.finish().wrapping_mul(MoveHasher::K);
    (h >> 52) as usize & (HISTORY_SIZE - 1)
}
