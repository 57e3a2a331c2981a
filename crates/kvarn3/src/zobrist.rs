//! Zobrist keys: one random 64-bit key per (colour, point) and one for Black to move.

use game_core::ZobristTable;

use crate::board::{Bitboard, Point};
use crate::position::Color;

/// `STONE.key(color, point)`: the key of a stone of `color` on `point`, built at compile time
/// by the workspace's shared generator (16 slots a colour, so that an index masked with 15
/// needs no bounds check; slots 9-15 are unused).
pub(crate) static STONE: ZobristTable<2, 16> = ZobristTable::new(0x6B76_6172_6E33); // "kvarn3"

/// The key of a stone of `color` on `point`.
#[inline]
pub(crate) fn stone(color: usize, point: Point) -> u64 {
    STONE.key(color & 1, point.index() & 15)
}

/// The key xored in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = game_core::zobrist_keys::<1>(0x006B_7661_726E_330B)[0];

/// The key of the stones `bits` of `color`, from scratch.
pub(crate) fn stones_key(color: Color, bits: Bitboard) -> u64 {
    STONE.set_key(color as usize, bits)
}

/// The key of the side to move.
pub(crate) const fn side_key(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}
