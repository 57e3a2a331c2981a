//! Zobrist keys: one random 64-bit key per (piece kind, bit), the side to move, the 8x8 board.

/// Piece kinds as indices into [`KEYS`]: white man, white dame, black man, black dame.
pub(crate) const WHITE_MAN: usize = 0;
pub(crate) const WHITE_DAME: usize = 1;
pub(crate) const BLACK_MAN: usize = 2;
pub(crate) const BLACK_DAME: usize = 3;

/// The keys in one run, from the workspace's shared generator.
const FLAT: [u64; 4 * 64] = game_core::zobrist_keys(0x5745_4445_4E00_0000); // "SWEDEN"

const fn make_keys() -> [[u64; 64]; 4] {
    let mut keys = [[0; 64]; 4];
    let mut i = 0;
    while i < 4 * 64 {
        keys[i / 64][i % 64] = FLAT[i];
        i += 1;
    }
    keys
}

/// `KEYS[kind][bit]`.
pub(crate) static KEYS: [[u64; 64]; 4] = make_keys();

/// Xored in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = 0xA5C3_96E1_0F2B_7D48;

/// Xored in for a position on the 8x8 board (so equal piece sets on the two boards differ).
pub(crate) const EIGHT_BY_EIGHT: u64 = 0x3C6E_F372_FE94_F82B;
