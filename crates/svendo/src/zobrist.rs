//! Zobrist keys: the hash covers the board, the hands and the side to move (not the movement
//! move counts of the position string's field 4, and not a recorded win).

use game_core::{zobrist_keys as keys, ZobristTable};

/// Stone keys: `STONES.key(kind, index)`, kind 0..3 the players' own stones, 3 a master.
static STONES: ZobristTable<4, 64> = ZobristTable::new(1);
/// Own stones in hand: `HAND[color * 9 + count]`.
pub(crate) const HAND: [u64; 27] = keys(2);
/// Master stone still in hand, per color.
pub(crate) const MASTER_HAND: [u64; 3] = keys(3);
/// Side to move.
pub(crate) const SIDE: [u64; 3] = keys(4);
/// Board size, by its index among the supported sizes.
pub(crate) const DIMS: [u64; 40] = keys(5);

/// The key of a stone of `kind` (0..3 a player's own, 3 a master) on point index `index`.
#[inline]
pub(crate) fn stone(kind: usize, index: usize) -> u64 {
    STONES.key(kind, index)
}

/// The key of stones of `kind` on every point of the bitboard `set`, from scratch.
#[inline]
pub(crate) fn stones(kind: usize, set: u64) -> u64 {
    STONES.set_key(kind, set)
}
