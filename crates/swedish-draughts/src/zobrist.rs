//! Zobrist keys: one random 64-bit key per (piece kind, bit), the side to move, the 8x8 board.

use game_core::ZobristTable;

/// Piece kinds as rows of [`KEYS`]: white man, white dame, black man, black dame.
pub(crate) const WHITE_MAN: usize = 0;
pub(crate) const WHITE_DAME: usize = 1;
pub(crate) const BLACK_MAN: usize = 2;
pub(crate) const BLACK_DAME: usize = 3;

/// The piece keys, `KEYS.key(kind, bit)`, from the workspace's shared generator.
pub(crate) static KEYS: ZobristTable<4, 64> = ZobristTable::new(0x5745_4445_4E00_0000); // "SWEDEN"

/// Xored in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = 0xA5C3_96E1_0F2B_7D48;

/// Xored in for a position on the 8x8 board (so equal piece sets on the two boards differ).
pub(crate) const EIGHT_BY_EIGHT: u64 = 0x3C6E_F372_FE94_F82B;
