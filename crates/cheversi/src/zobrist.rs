//! Zobrist keys: one per (colour, kind, square) and one per "last placed" square.
//!
//! The side to move needs no key: it follows from the number of pieces on the board, which the
//! piece keys already tell apart. The square of the last placement does need one, because the
//! queen call and Black's king depend on it.

use game_core::ZobristTable;

use crate::board::{Bitboard, Square};
use crate::position::{Color, Kind};

/// The piece keys, one row per (colour, kind): row `color * 5 + kind`.
static PIECE_KEYS: ZobristTable<{ 2 * 5 }, 64> = ZobristTable::new(0xC4E7_E851_0000_0001);
const LAST_KEYS: [u64; 65] = game_core::zobrist_keys(0x1A57_0000_DEAD_BEEF);

/// The row of [`PIECE_KEYS`] for `color`'s `kind`.
#[inline]
const fn piece_row(color: Color, kind: Kind) -> usize {
    color.index() * 5 + kind.index()
}

/// The key of `color`'s `kind` on `sq`.
#[inline]
pub(crate) fn piece_key(color: Color, kind: Kind, sq: Square) -> u64 {
    PIECE_KEYS.key(piece_row(color, kind), sq.index())
}

/// The key of `color`'s `kind` on every square of `squares`, from scratch.
#[inline]
pub(crate) fn pieces_key(color: Color, kind: Kind, squares: Bitboard) -> u64 {
    PIECE_KEYS.set_key(piece_row(color, kind), squares)
}

/// The key of the last placed square (`None`: nothing placed yet).
#[inline]
pub(crate) const fn last_key(last: Option<Square>) -> u64 {
    match last {
        Some(sq) => LAST_KEYS[sq.index()],
        None => LAST_KEYS[64],
    }
}
