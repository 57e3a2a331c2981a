//! Zobrist keys: one random 64-bit key per (colour, point) and per piece of state, fixed at
//! compile time by `game_core::zobrist_keys`.

use game_core::{zobrist_keys, ZobristTable};

use crate::board::ROW_STRIDE;

/// Key slots per colour: every point index (below 21 × 32).
const SLOTS: usize = 21 * ROW_STRIDE as usize;

/// The stone keys: `STONES.key(color, index)`, colour index 0 black, 1 white.
static STONES: ZobristTable<2, SLOTS> = ZobristTable::new(0x5D2A_7A1C_0FFE_E5ED);

/// The state keys: turn (0-3), first seat White (4), passes (5-6), board size (7-15).
const STATE: [u64; 16] = zobrist_keys(0x5D2A_7A1C_0FFE_E5EE);

/// The key of a stone of colour index `color` (0 black, 1 white) on layout index `index`.
#[inline]
pub(crate) fn stone(color: usize, index: usize) -> u64 {
    STONES.key(color & 1, index % SLOTS)
}

/// The key of the turn state: 0 setup, 1 choose, 2 black to move, 3 white to move.
#[inline]
pub(crate) fn turn(code: usize) -> u64 {
    STATE[code & 3]
}

/// The key of the first seat playing White (after a swap).
#[inline]
pub(crate) fn first_seat_white() -> u64 {
    STATE[4]
}

/// The key of `passes` consecutive passes (0 has key 0).
#[inline]
pub(crate) fn passes(passes: u8) -> u64 {
    match passes {
        0 => 0,
        1 => STATE[5],
        _ => STATE[6],
    }
}

/// The key of the board size (3..=11).
#[inline]
pub(crate) fn size(size: u8) -> u64 {
    STATE[7 + (size as usize % 9)]
}
