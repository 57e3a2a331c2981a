//! Zobrist keys: one per (colour, kind, square) and one per "last placed" square.
//!
//! The side to move needs no key: it follows from the number of pieces on the board, which the
//! piece keys already tell apart. The square of the last placement does need one, because the
//! queen call and Black's king depend on it.

use crate::board::Square;
use crate::position::{Color, Kind};

/// The piece keys in one run, from the workspace's shared generator.
const PIECE_FLAT: [u64; 2 * 5 * 64] = game_core::zobrist_keys(0xC4E7_E851_0000_0001);

const fn build_piece_keys() -> [[[u64; 64]; 5]; 2] {
    let mut keys = [[[0; 64]; 5]; 2];
    let mut i = 0;
    while i < 2 * 5 * 64 {
        keys[i / 320][(i / 64) % 5][i % 64] = PIECE_FLAT[i];
        i += 1;
    }
    keys
}

static PIECE_KEYS: [[[u64; 64]; 5]; 2] = build_piece_keys();
const LAST_KEYS: [u64; 65] = game_core::zobrist_keys(0x1A57_0000_DEAD_BEEF);

/// The key of `color`'s `kind` on `sq`.
#[inline]
pub(crate) fn piece_key(color: Color, kind: Kind, sq: Square) -> u64 {
    PIECE_KEYS[color.index()][kind.index()][usize::from(sq.index())]
}

/// The key of the last placed square (`None`: nothing placed yet).
#[inline]
pub(crate) const fn last_key(last: Option<Square>) -> u64 {
    match last {
        Some(sq) => LAST_KEYS[sq.index() as usize],
        None => LAST_KEYS[64],
    }
}
