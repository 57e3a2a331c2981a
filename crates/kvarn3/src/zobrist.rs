//! Zobrist keys: one random 64-bit key per (colour, point) and one for Black to move.

use crate::board::{points, Bitboard, Point};
use crate::position::Color;

/// 18 stone keys (White's nine points, then Black's) and the side key, built at compile time
/// by the workspace's shared generator.
const KEYS: [u64; 19] = game_core::zobrist_keys(0x6B76_6172_6E33); // "kvarn3"

const fn stone_keys() -> [[u64; 16]; 2] {
    let mut table = [[0; 16]; 2];
    let mut i = 0;
    while i < 18 {
        table[i / 9][i % 9] = KEYS[i];
        i += 1;
    }
    table
}

/// `STONE[color][point]`: the key of a stone of `color` on `point` (16 slots a colour, so that
/// an index masked with 15 needs no bounds check; slots 9-15 are unused).
pub(crate) static STONE: [[u64; 16]; 2] = stone_keys();

/// The key of a stone of `color` on `point`.
#[inline]
pub(crate) fn stone(color: usize, point: Point) -> u64 {
    STONE[color & 1][point.index() & 15]
}

/// The key xored in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = KEYS[18];

/// The key of the stones `bits` of `color`, from scratch.
pub(crate) fn stones_key(color: Color, bits: Bitboard) -> u64 {
    points(bits).fold(0, |key, p| key ^ stone(color as usize, p))
}

/// The key of the side to move.
pub(crate) const fn side_key(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}
