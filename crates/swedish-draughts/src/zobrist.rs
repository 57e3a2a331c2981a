//! Zobrist keys: one random 64-bit key per (piece kind, bit), the side to move, the 8x8 board.

/// Piece kinds as indices into [`KEYS`]: white man, white dame, black man, black dame.
pub(crate) const WHITE_MAN: usize = 0;
pub(crate) const WHITE_DAME: usize = 1;
pub(crate) const BLACK_MAN: usize = 2;
pub(crate) const BLACK_DAME: usize = 3;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; 64]; 4] {
    let mut keys = [[0; 64]; 4];
    let mut state = 0x5745_4445_4E00_0000; // "SWEDEN"
    let mut kind = 0;
    while kind < 4 {
        let mut bit = 0;
        while bit < 64 {
            let (next, key) = splitmix(state);
            state = next;
            keys[kind][bit] = key;
            bit += 1;
        }
        kind += 1;
    }
    keys
}

/// `KEYS[kind][bit]`.
pub(crate) static KEYS: [[u64; 64]; 4] = make_keys();

/// Xored in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = 0xA5C3_96E1_0F2B_7D48;

/// Xored in for a position on the 8x8 board (so equal piece sets on the two boards differ).
pub(crate) const EIGHT_BY_EIGHT: u64 = 0x3C6E_F372_FE94_F82B;
