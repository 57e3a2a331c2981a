//! The number of positions two plies below every board of the movement phase, in a table built
//! at compile time: perft's last two plies there are one lookup instead of a make-move and a
//! count per move.
//!
//! The movement phase has few boards (three empty points among nine: 84 sets, and 64 ways to
//! share the six stones between the two sides), so every answer fits a table indexed by the
//! board written in base 3 (a point's digit is 0 when empty, 1 for a stone of the side to
//! move, 2 for one of its opponent): 19,683 bytes.

use crate::board::{count, Bitboard, ADJACENT_BITS, ALL_POINTS, LINE_BITS};
use crate::position::Position;

/// The number of base-3 codes of a board: 3⁹.
const CODES: usize = 19_683;

/// `TERNARY[bits]`: the sum of 3^i over the points i of `bits`; a board's code is
/// `TERNARY[own] + 2 * TERNARY[theirs]`.
static TERNARY: [u16; 512] = ternary_table();

/// `TWO_PLIES[code]`: for a board with exactly three empty points, the number of positions two
/// plies below it with the side whose stones are the digits 1 to move (0 on other boards,
/// which never read it).
static TWO_PLIES: [u8; CODES] = two_ply_table();

const fn ternary_table() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut code = 0;
        let mut power = 1;
        let mut point = 0;
        while point < 9 {
            if bits & (1 << point) != 0 {
                code += power;
            }
            power *= 3;
            point += 1;
        }
        table[bits] = code;
        bits += 1;
    }
    table
}

/// Whether `stones` hold a mill (the board's own table is a `static`, which a constant cannot
/// read).
const fn mill(stones: Bitboard) -> bool {
    let mut line = 0;
    while line < LINE_BITS.len() {
        if stones & LINE_BITS[line] == LINE_BITS[line] {
            return true;
        }
        line += 1;
    }
    false
}

/// The number of steps of `stones` to adjacent points of `empty`.
const fn steps(stones: Bitboard, empty: Bitboard) -> u32 {
    let mut total = 0;
    let mut rest = stones;
    while rest != 0 {
        let point = rest.trailing_zeros() as usize;
        total += (ADJACENT_BITS[point] & empty).count_ones();
        rest &= rest - 1;
    }
    total
}

/// The count the rules give, by making every step: none when the opponent has a mill (the game
/// is over, `mill_wins_at_once`); else for each step of the side to move, none when it makes a
/// mill, or the opponent's steps after it.
const fn two_plies(own: Bitboard, theirs: Bitboard) -> u32 {
    if mill(theirs) {
        return 0;
    }
    let empty = ALL_POINTS & !(own | theirs);
    let mut total = 0;
    let mut stones = own;
    while stones != 0 {
        let from = stones.trailing_zeros() as usize;
        stones &= stones - 1;
        let mut targets = ADJACENT_BITS[from] & empty;
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let moved = own ^ (1 << from) ^ (1 << to);
            if !mill(moved) {
                total += steps(theirs, ALL_POINTS & !(moved | theirs));
            }
        }
    }
    total
}

const fn two_ply_table() -> [u8; CODES] {
    let ternary = ternary_table();
    let mut table = [0u8; CODES];
    let mut empty: usize = 0;
    while empty < 512 {
        if (empty as Bitboard).count_ones() == 3 {
            // The six stones, shared between the sides in each of the 64 ways.
            let stones = ALL_POINTS & !(empty as Bitboard);
            let mut split = 0;
            while split < 64 {
                let mut own: Bitboard = 0;
                let mut rest = stones;
                let mut digit = 0;
                while rest != 0 {
                    let point = rest & rest.wrapping_neg();
                    if split & (1 << digit) != 0 {
                        own |= point;
                    }
                    rest &= rest - 1;
                    digit += 1;
                }
                let theirs = stones & !own;
                let code = ternary[own as usize] as usize + 2 * ternary[theirs as usize] as usize;
                // At most 3 · 3 steps, then at most 3 · 3 replies: the count fits a byte.
                table[code] = two_plies(own, theirs) as u8;
                split += 1;
            }
        }
        empty += 1;
    }
    table
}

impl Position {
    /// The number of positions two plies below, from the table, when the board has exactly
    /// three empty points (the movement phase); `None` in the placement phase.
    #[inline]
    pub(crate) fn movement_two_plies(&self) -> Option<u64> {
        if count(self.empty_bits()) != 3 {
            return None;
        }
        let own = self.stone_bits(self.to_move) as usize;
        let theirs = self.stone_bits(self.to_move.other()) as usize;
        let code = usize::from(TERNARY[own]) + 2 * usize::from(TERNARY[theirs]);
        TWO_PLIES.get(code).map(|&n| u64::from(n))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Color, Game, Position};

    /// The table against the count made by the move generator and make-move, on every board
    /// with six stones, for both sides to move: the boards of the movement phase, and those
    /// with another split of the stones (reached only by unchecked illegal moves), where the
    /// table must still agree with making the moves.
    #[test]
    fn the_table_counts_what_making_the_moves_counts() {
        let mut checked = 0;
        for white in 0..512u32 {
            for black in 0..512u32 {
                if white & black != 0 || (white | black).count_ones() != 6 {
                    continue;
                }
                for to_move in [Color::White, Color::Black] {
                    let pos = Position {
                        board: white | black << 16,
                        to_move,
                        hash: 0,
                    };
                    let by_moves: usize = pos
                        .legal_moves()
                        .iter()
                        .map(|&mv| {
                            let mut child = pos;
                            child.play_unchecked(mv);
                            child.legal_moves().len()
                        })
                        .sum();
                    assert_eq!(pos.movement_two_plies(), Some(by_moves as u64), "{pos}");
                    checked += 1;
                }
            }
        }
        // C(9, 6) sets of stones, 2^6 ways to colour them, two sides to move.
        assert_eq!(checked, 84 * 64 * 2);
    }

    /// The placement phase is not in the table.
    #[test]
    fn placement_positions_are_not_in_the_table() {
        for text in [".../.../... w", "W../.B./... w", "WB./BW./W.. b"] {
            let pos: Position = text.parse().expect("a position");
            assert_eq!(pos.movement_two_plies(), None, "{text}");
        }
    }
}
