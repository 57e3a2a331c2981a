//! The solver's transposition table: both bounds of the exact final score difference per
//! position, in four-entry buckets (a cache line each) that keep the positions with the most
//! placements left.
//!
//! Every line from a position runs to the end of the game, so a stored bound holds for the
//! position whatever the path or the search window that produced it: bounds from different
//! searches (and different solves) combine freely, which is what the null-window passes of
//! MTD(f) rely on.

use crate::board::Square;
use crate::position::{Kind, Move};
use alloc::vec;
use alloc::vec::Vec;

/// The widest value a bound can take: more than any score difference (a side scores at most
/// a few hundred points).
pub(super) const INFINITY: i16 = i16::MAX;

/// One stored position.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    key: u64,
    /// The final score difference for the side to move is at least this.
    pub(super) lower: i16,
    /// … and at most this.
    pub(super) upper: i16,
    /// The placement that decided the last search of this position, packed by [`pack`].
    best: u16,
    /// Placements left in the position: a proxy for the work its subtree cost.
    left: u8,
}

const NO_MOVE: u16 = u16::MAX;

const EMPTY: Entry = Entry {
    key: 0,
    lower: -INFINITY,
    upper: INFINITY,
    best: NO_MOVE,
    left: 0,
};

impl Entry {
    /// The stored best placement, if any.
    #[inline]
    pub(super) fn best(&self) -> Option<Move> {
        unpack(self.best)
    }
}

#[inline]
fn pack(mv: Option<Move>) -> u16 {
    match mv {
        Some(mv) => (mv.kind.index() as u16) << 6 | mv.square.index() as u16,
        None => NO_MOVE,
    }
}

#[inline]
fn unpack(packed: u16) -> Option<Move> {
    if packed == NO_MOVE {
        return None;
    }
    let kind = *Kind::ALL.get(usize::from(packed >> 6))?;
    let square = Square::from_index((packed & 63) as usize)?;
    Some(Move::new(kind, square))
}

/// Entries per bucket: four entries of 16 bytes fill one 64-byte cache line, so a probe reads
/// one line whichever entry holds the key.
const WAYS: usize = 4;

/// One cache line of entries.
#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
struct Bucket([Entry; WAYS]);

const EMPTY_BUCKET: Bucket = Bucket([EMPTY; WAYS]);

// A bucket is exactly one cache line.
const _: () = assert!(core::mem::size_of::<Bucket>() == 64);

/// Buckets of four entries. A new position takes the entry of the bucket with the least work
/// behind it (the fewest placements left), so the large subtrees near the root stay stored while
/// the many small ones near the end share what is left; entries of positions further from the
/// end than the current root (left over from earlier solves: positions with fewer pieces, never
/// reached again) go first.
///
/// Why four and by work: at 12 placements left a solve searches hundreds of millions of
/// positions, far more than any table holds, and most of them are 1–4 placements from the end;
/// with two entries per bucket, one of them always replaced, that flood also pushed out the
/// positions further from the end that had cost far more. Measured against the two-entry
/// buckets: the same positions searched at 10 placements left with 2^22 entries (the table
/// holds the tree there), 5 % fewer with 2^16 entries, 9 % fewer and the same on the two
/// bench positions 12 left with 2^22 (441 against 487 million, 570 against 568). Positions
/// beyond the root (an engine reuses its solver from move to move) would otherwise never leave
/// the depth-preferred slots.
pub(super) struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    /// The placements left at the root of the current solve.
    root_left: u8,
}

/// Only the size: the entries would be millions of lines.
impl core::fmt::Debug for Table {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Table")
            .field("entries", &self.len())
            .finish()
    }
}

impl Table {
    /// A table of 2^`bits` entries (`bits` at least 2).
    pub(super) fn new(bits: u32) -> Table {
        let buckets = 1usize << bits.saturating_sub(2);
        Table {
            buckets: vec![EMPTY_BUCKET; buckets],
            mask: buckets - 1,
            root_left: u8::MAX,
        }
    }

    /// The number of entries.
    pub(super) fn len(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// Forgets every entry.
    pub(super) fn clear(&mut self) {
        self.buckets.fill(EMPTY_BUCKET);
    }

    /// Tells the table the placements left at the root of a new solve: stored positions further
    /// from the end cannot be reached again and are replaced first.
    pub(super) fn start_solve(&mut self, root_left: u8) {
        self.root_left = root_left;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // The high bits: the low ones of a Zobrist key are as good, but the bucket index and
        // the stored key then share no information.
        ((key >> 32) as usize) & self.mask
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<&Entry> {
        let i = self.bucket(key);
        self.buckets[i].0.iter().find(|e| e.key == key)
    }

    /// Stores a search result for `key`: `value` is a lower bound when `value >= beta`, an
    /// upper bound when `value <= alpha`, exact between; combined with what the entry already
    /// knows of the same position.
    #[inline]
    pub(super) fn store(
        &mut self,
        key: u64,
        left: u8,
        alpha: i32,
        beta: i32,
        value: i32,
        best: Option<Move>,
    ) {
        let i = self.bucket(key);
        let root_left = self.root_left;
        let bucket = &mut self.buckets[i].0;
        let slot = match bucket.iter().position(|e| e.key == key) {
            Some(slot) => slot,
            None => {
                // The least work behind it; a stale entry (beyond the root) counts as none.
                let work = |e: &Entry| if e.left > root_left { 0 } else { e.left };
                let mut victim = 0;
                for (j, e) in bucket.iter().enumerate().skip(1) {
                    if work(e) < work(&bucket[victim]) {
                        victim = j;
                    }
                }
                bucket[victim] = Entry { key, left, ..EMPTY };
                victim
            }
        };
        let entry = &mut bucket[slot];
        let value = value.clamp(-i32::from(INFINITY), i32::from(INFINITY)) as i16;
        if i32::from(value) > alpha {
            entry.lower = entry.lower.max(value);
        }
        if i32::from(value) < beta {
            entry.upper = entry.upper.min(value);
        }
        if best.is_some() {
            entry.best = pack(best);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key of bucket `bucket` (of a table with 4 buckets), told apart by `n`.
    fn key(bucket: u64, n: u64) -> u64 {
        (bucket << 32) | (n + 1)
    }

    #[test]
    fn a_bound_is_kept_and_narrowed_by_later_searches() {
        let mut table = Table::new(4);
        table.start_solve(10);
        // Failing high at beta 3: at least 5. Then failing low at alpha 7: at most 6.
        table.store(key(1, 0), 6, 2, 3, 5, None);
        table.store(key(1, 0), 6, 7, 8, 6, None);
        let entry = table.probe(key(1, 0)).expect("stored");
        assert_eq!((entry.lower, entry.upper), (5, 6));
    }

    #[test]
    fn the_position_with_most_placements_left_survives_a_flood_of_small_ones() {
        let mut table = Table::new(4);
        table.start_solve(10);
        table.store(key(2, 0), 9, 0, 1, 4, None);
        for n in 1..100 {
            table.store(key(2, n), 2, 0, 1, 1, None);
        }
        assert!(table.probe(key(2, 0)).is_some());
        // The bucket still takes new small positions: the latest one is there.
        assert!(table.probe(key(2, 99)).is_some());
    }

    #[test]
    fn positions_beyond_the_root_of_a_later_solve_are_replaced_first() {
        let mut table = Table::new(4);
        table.start_solve(12);
        for n in 0..WAYS as u64 {
            table.store(key(3, n), 11 - n as u8, 0, 1, 1, None);
        }
        // A solve from 9 placements left never reaches the positions with 10 and 11 left.
        table.start_solve(9);
        table.store(key(3, 10), 3, 0, 1, 1, None);
        table.store(key(3, 11), 3, 0, 1, 1, None);
        assert!(table.probe(key(3, 0)).is_none());
        assert!(table.probe(key(3, 1)).is_none());
        assert!(table.probe(key(3, 2)).is_some());
        assert!(table.probe(key(3, 3)).is_some());
    }
}
