//! Zobrist keys: one per (colour, kind, square) and one per "last placed" square.
//!
//! The side to move needs no key: it follows from the number of pieces on the board, which the
//! piece keys already tell apart. The square of the last placement does need one, because the
//! queen call and Black's king depend on it.

use crate::board::Square;
use crate::position::{Color, Kind};

/// SplitMix64, run at compile time to fill the tables.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build_piece_keys() -> [[[u64; 64]; 5]; 2] {
    let mut keys = [[[0; 64]; 5]; 2];
    let mut state = 0xC4E7_E851_0000_0001;
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 5 {
            let mut s = 0;
            while s < 64 {
                let (next, key) = splitmix(state);
                state = next;
                keys[c][k][s] = key;
                s += 1;
            }
            k += 1;
        }
        c += 1;
    }
    keys
}

const fn build_last_keys() -> [u64; 65] {
    let mut keys = [0; 65];
    let mut state = 0x1A57_0000_DEAD_BEEF;
    let mut s = 0;
    while s < 65 {
        let (next, key) = splitmix(state);
        state = next;
        keys[s] = key;
        s += 1;
    }
    keys
}

static PIECE_KEYS: [[[u64; 64]; 5]; 2] = build_piece_keys();
const LAST_KEYS: [u64; 65] = build_last_keys();

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
