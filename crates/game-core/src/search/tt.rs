//! The transposition table of the alpha-beta search: what earlier searches learned about a
//! position, keyed by its [`Game::hash_key`](crate::Game::hash_key).
//!
//! The table is a power-of-two array of two-entry buckets, allocated once when the table is
//! made (its size in MiB) and never grown. A position's bucket is chosen by the low bits of its
//! key, and the entry keeps the whole key to tell positions of one bucket apart. Of the two
//! entries, the first keeps the deepest result of the current search (it is replaced only by an
//! equal or deeper one, or by anything once it is from an older search), the second always
//! takes the newest result. Scores of won or lost positions are stored relative to the position
//! (distance to the end from there), so they stay right when the position is reached at another
//! distance from the root.

use alloc::vec;
use alloc::vec::Vec;

/// What a stored score says about the true value of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true value.
    Exact,
    /// At least the score (the search failed high).
    Lower,
    /// At most the score (the search failed low).
    Upper,
}

/// One stored result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    /// The position's whole hash key.
    pub key: u64,
    /// The best (or refuting) move found, tried first next time.
    pub best: Option<M>,
    /// The score, mate scores relative to this position (see [`to_table`]).
    pub score: i32,
    /// The remaining depth the score was searched to.
    pub depth: i16,
    /// How the score bounds the true value.
    pub bound: Bound,
    /// The search (counted by [`Table::new_search`]) that stored it.
    pub age: u8,
}

/// A bucket: the depth-preferred entry and the always-replaced one.
type Bucket<M> = [Option<Entry<M>>; 2];

/// A fixed-size transposition table.
#[derive(Debug)]
pub(crate) struct Table<M> {
    buckets: Vec<Bucket<M>>,
    mask: usize,
    age: u8,
}

impl<M: Copy> Table<M> {
    /// A table of at most `megabytes` MiB (the largest power of two of buckets that fits, at
    /// least one bucket). Zero megabytes makes no table at all: nothing is stored or found.
    pub(super) fn new(megabytes: usize) -> Self {
        let bucket_size = core::mem::size_of::<Bucket<M>>().max(1);
        let fit = megabytes.saturating_mul(1 << 20) / bucket_size;
        let count = if megabytes == 0 {
            0
        } else if fit <= 1 {
            1
        } else {
            // The largest power of two not above `fit`.
            1usize << (usize::BITS - 1 - fit.leading_zeros())
        };
        Table {
            buckets: vec![[None, None]; count],
            mask: count.saturating_sub(1),
            age: 0,
        }
    }

    /// The number of entries the table can hold.
    #[cfg(test)]
    pub(super) fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Marks the start of a new search: entries of older searches become replaceable.
    pub(super) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Forgets everything.
    pub(super) fn clear(&mut self) {
        self.buckets.fill([None, None]);
        self.age = 0;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Mix the key so that keys differing only in high bits spread too.
        let mixed = key ^ (key >> 29) ^ (key >> 47);
        (mixed as usize) & self.mask
    }

    /// The stored result for `key`, if any.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry<M>> {
        let bucket = self.buckets.get(self.index(key))?;
        bucket.iter().flatten().find(|e| e.key == key).copied()
    }

    /// Stores a result (see the module docs for which entry it replaces).
    #[inline]
    pub(super) fn store(
        &mut self,
        key: u64,
        best: Option<M>,
        score: i32,
        depth: i16,
        bound: Bound,
    ) {
        let age = self.age;
        let index = self.index(key);
        let Some(bucket) = self.buckets.get_mut(index) else {
            return;
        };
        let mut entry = Entry {
            key,
            best,
            score,
            depth,
            bound,
            age,
        };
        // Keep a known best move when the new result has none (a fail-low node).
        for old in bucket.iter().flatten() {
            if old.key == key && entry.best.is_none() {
                entry.best = old.best;
            }
        }
        let replace_deep = match &bucket[0] {
            None => true,
            Some(old) => old.key == key || old.age != age || depth >= old.depth,
        };
        if replace_deep {
            // The displaced deep entry (of another position) still makes a good newest one.
            if let Some(old) = bucket[0] {
                if old.key != key {
                    bucket[1] = Some(old);
                } else if bucket[1].is_some_and(|e| e.key == key) {
                    bucket[1] = None;
                }
            }
            bucket[0] = Some(entry);
        } else {
            bucket[1] = Some(entry);
        }
    }
}

/// The score to store for a node `ply` plies from the root: mate scores become distances from
/// the node itself.
#[inline]
pub(crate) fn to_table(score: i32, ply: usize, mate_bound: i32) -> i32 {
    let ply = ply as i32;
    if score >= mate_bound {
        score + ply
    } else if score <= -mate_bound {
        score - ply
    } else {
        score
    }
}

/// The score of a stored entry for a node `ply` plies from the root (the inverse of
/// [`to_table`]).
#[inline]
pub(crate) fn from_table(score: i32, ply: usize, mate_bound: i32) -> i32 {
    let ply = ply as i32;
    if score >= mate_bound {
        score - ply
    } else if score <= -mate_bound {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        let table: Table<u32> = Table::new(1);
        let bytes = table.buckets.len() * core::mem::size_of::<Bucket<u32>>();
        assert!(table.buckets.len().is_power_of_two());
        assert!(bytes <= 1 << 20);
        assert!(bytes * 2 > 1 << 20);
        let mut off = Table::<u32>::new(0);
        assert_eq!(off.capacity(), 0);
        off.store(1, Some(1), 1, 1, Bound::Exact);
        assert!(off.probe(1).is_none());
    }

    #[test]
    fn stores_and_finds_and_keeps_the_deeper_entry() {
        let mut table: Table<u32> = Table::new(1);
        table.store(42, Some(7), 10, 5, Bound::Exact);
        let e = table.probe(42).expect("stored");
        assert_eq!(
            (e.best, e.score, e.depth, e.bound),
            (Some(7), 10, 5, Bound::Exact)
        );
        assert!(table.probe(43).is_none());
        // A shallower result for another key of the same bucket goes to the second entry.
        let other = 42 + (table.mask as u64 + 1);
        assert_eq!(table.index(other), table.index(42));
        table.store(other, Some(1), -3, 2, Bound::Upper);
        assert_eq!(table.probe(42).map(|e| e.depth), Some(5));
        assert_eq!(table.probe(other).map(|e| e.score), Some(-3));
        // A fail-low result keeps the old best move.
        table.store(42, None, 0, 6, Bound::Upper);
        assert_eq!(table.probe(42).and_then(|e| e.best), Some(7));
        table.clear();
        assert!(table.probe(42).is_none());
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let bound = 1_000;
        assert_eq!(from_table(to_table(1_195, 5, bound), 5, bound), 1_195);
        assert_eq!(to_table(1_195, 5, bound), 1_200);
        assert_eq!(from_table(1_200, 2, bound), 1_198);
        assert_eq!(to_table(-1_195, 5, bound), -1_200);
        assert_eq!(to_table(37, 9, bound), 37);
    }
}
