//! Zobrist keys: one random 64-bit key per (colour, point) and one for Black to move.

use crate::board::{points, Bitboard};
use crate::position::Color;

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn keys() -> [[u64; 9]; 2] {
    let mut table = [[0; 9]; 2];
    let mut state = 0x6B76_6172_6E33_u64; // "kvarn3"
    let mut color = 0;
    while color < 2 {
        let mut point = 0;
        while point < 9 {
            state = splitmix(state);
            table[color][point] = state;
            point += 1;
        }
        color += 1;
    }
    table
}

/// `STONE[color][point]`: the key of a stone of `color` on `point`.
pub(crate) const STONE: [[u64; 9]; 2] = keys();

/// The key xored in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = splitmix(0x7369_6465);

/// The key of the stones `bits` of `color`, from scratch.
pub(crate) fn stones_key(color: Color, bits: Bitboard) -> u64 {
    points(bits).fold(0, |key, p| key ^ STONE[color as usize][p.index()])
}

/// The key of the side to move.
pub(crate) const fn side_key(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}
