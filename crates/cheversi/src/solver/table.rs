//! The solver's transposition table: both bounds of the exact final score difference per
//! position, in two-entry buckets (one slot kept for the larger subtrees, one always replaced).
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

/// Buckets of two entries: slot 0 is replaced only by a position at least as far from the end
/// (the bigger subtree), slot 1 always.
pub(super) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

/// Only the size: the entries would be millions of lines.
impl core::fmt::Debug for Table {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Table")
            .field("entries", &self.entries.len())
            .finish()
    }
}

impl Table {
    /// A table of 2^`bits` entries (`bits` at least 1).
    pub(super) fn new(bits: u32) -> Table {
        Table {
            entries: vec![EMPTY; 1 << bits],
            mask: ((1usize << bits) - 1) & !1,
        }
    }

    /// The number of entries.
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    /// Forgets every entry.
    pub(super) fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<&Entry> {
        let i = self.bucket(key);
        self.entries[i..i + 2].iter().find(|e| e.key == key)
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
        let slot = if self.entries[i].key == key {
            i
        } else if self.entries[i + 1].key == key {
            i + 1
        } else if left >= self.entries[i].left {
            // Move the depth-preferred entry down to the always-replace slot.
            self.entries[i + 1] = self.entries[i];
            self.entries[i] = Entry { key, left, ..EMPTY };
            i
        } else {
            self.entries[i + 1] = Entry { key, left, ..EMPTY };
            i + 1
        };
        let entry = &mut self.entries[slot];
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
