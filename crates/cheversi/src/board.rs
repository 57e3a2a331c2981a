//! Geometry of the 8x8 board: squares, bitboards, the king and knight tables and the sliding
//! attacks.
//!
//! Squares are numbered `a1` = 0, `b1` = 1, … `h1` = 7, `a2` = 8, … `h8` = 63; a bitboard is a
//! `u64` with bit `n` set for square `n`.
//!
//! # Why Kogge-Stone fills for the sliders
//! Rooks, bishops and queens attack along rays that stop at the first occupied square. Magic
//! bitboards would need large tables and a generator for them; here the rays are computed with
//! Kogge-Stone occluded fills (three shift-and-or steps per direction), which need no tables at
//! all, and — what matters most for Cheversi — work on a whole *set* of sliders at once. Because
//! a ray in a direction stops at the first occupied square, the rays of two sliders of the same
//! direction never share an empty square (the rear one stops at the front one), so one fill per
//! direction over all sliders counts every (piece, empty square) pair exactly once. The full
//! score of a position is thus eight fills per player plus table look-ups for the king and the
//! knights (see [`crate::score`]), with no branch on the pieces' number (the bench
//! `cargo bench --bench cheversi -- score` measures it; the project's `docs/measurements.md`
//! has a measurement).

use core::fmt;
use core::str::FromStr;

use game_core::{Bits, ParsePointError};

/// A set of squares as a raw word, bit `n` for square `n` (`a1` = 0 … `h8` = 63).
/// Crate-internal: the public API hands out [`SquareSet`]s.
pub(crate) type Bitboard = u64;

/// Every square of file a.
pub(crate) const FILE_A: Bitboard = 0x0101_0101_0101_0101;
/// Every square of file h.
pub(crate) const FILE_H: Bitboard = FILE_A << 7;
/// The dark squares (`a1` is dark).
pub(crate) const DARK_SQUARES: Bitboard = 0xAA55_AA55_AA55_AA55;
/// The light squares.
pub(crate) const LIGHT_SQUARES: Bitboard = !DARK_SQUARES;

/// A square of the board, `a1` … `h8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

// Stored as its name, `"e4"` (not its index), read back only when it is a square.
#[cfg(feature = "serde")]
game_core::impl_serde_text!(Square);

impl Square {
    /// `a1`.
    pub const A1: Square = Square(0);
    /// `h8`.
    pub const H8: Square = Square(63);

    /// The square with this index (`a1` = 0 … `h8` = 63, its bit in a [`SquareSet`]), or
    /// `None` when out of range.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square in column `col` (0 = file a … 7 = h) and row `row` (0 = rank 1 … 7 = rank
    /// 8), or `None` when either is out of range.
    pub const fn new(col: u8, row: u8) -> Option<Square> {
        if col < 8 && row < 8 {
            Some(Square(row * 8 + col))
        } else {
            None
        }
    }

    /// The index, `a1` = 0 … `h8` = 63: the square's bit in a [`SquareSet`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column (file), 0 (a) … 7 (h).
    pub const fn col(self) -> u8 {
        self.0 & 7
    }

    /// The row (rank), 0 (rank 1) … 7 (rank 8).
    pub const fn row(self) -> u8 {
        self.0 >> 3
    }

    /// The square of bit `index` of a set (below 64).
    pub(crate) const fn at_bit(index: usize) -> Square {
        Square(index as u8 & 63)
    }

    /// The bitboard holding only this square.
    pub(crate) const fn bit(self) -> Bitboard {
        1 << self.0
    }

    /// Whether the square is dark (`a1` is dark).
    pub const fn is_dark(self) -> bool {
        DARK_SQUARES & self.bit() != 0
    }

    /// The image of this square under one of the board's 8 symmetries, numbered 0 … 7 (taken
    /// modulo 8): bit 0 mirrors the files (a ↔ h), bit 1 the ranks (1 ↔ 8), bit 2 swaps files
    /// and ranks (the a1–h8 diagonal), applied in that order. 0 is the identity.
    pub const fn symmetric(self, symmetry: u8) -> Square {
        let (mut file, mut rank) = (self.col(), self.row());
        if symmetry & 1 != 0 {
            file = 7 - file;
        }
        if symmetry & 2 != 0 {
            rank = 7 - rank;
        }
        if symmetry & 4 != 0 {
            (file, rank) = (rank, file);
        }
        Square(rank * 8 + file)
    }

    /// Every square, `a1` to `h8`.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    /// `a1` … `h8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.col()),
            char::from(b'1' + self.row())
        )
    }
}

impl FromStr for Square {
    type Err = ParsePointError;

    /// Reads `a1` … `h8`: a lower-case file letter and a rank digit, nothing around them.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match *text.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square((r - b'1') * 8 + (f - b'a'))),
            _ => Err(ParsePointError::new(
                text,
                "a square is a file a-h and a rank 1-8, such as e4 (lower case, no spaces)",
            )),
        }
    }
}

// `String` to and from the text (`From<Square> for String`, `TryFrom<String>`).
game_core::impl_string_conversions!(Square);

game_core::point_set! {
    /// A set of squares: bit `n` of one 64-bit word is the square with index `n`
    /// ([`Square::index`]: `a1` = 0 … `h8` = 63).
    ///
    /// ```
    /// use cheversi::{Square, SquareSet};
    ///
    /// let (a1, h8): (Square, Square) = ("a1".parse()?, "h8".parse()?);
    /// let corners: SquareSet = [h8, a1].into_iter().collect();
    /// assert_eq!(corners.iter().collect::<Vec<_>>(), [a1, h8]);
    /// assert_eq!(cheversi::Position::start().empty().intersection(corners), corners);
    /// # Ok::<(), cheversi::ParsePointError>(())
    /// ```
    pub struct SquareSet(u64) of Square;
    /// The squares of a [`SquareSet`], `a1` first.
    pub struct Squares;
}

/// The squares of a bitboard, lowest first.
#[inline]
pub(crate) fn squares(bb: Bitboard) -> impl Iterator<Item = Square> {
    Bits(bb).map(|index| Square(index as u8))
}

/// One step in each of the 8 king directions, as a set: every square touching (king-adjacent
/// to) at least one square of `set`.
#[inline]
pub(crate) const fn touching(set: Bitboard) -> Bitboard {
    let east = (set << 1) & !FILE_A;
    let west = (set >> 1) & !FILE_H;
    let row = set | east | west;
    (row << 8) | (row >> 8) | east | west
}

const fn build_king_table() -> [Bitboard; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let bit = 1u64 << sq;
        let east = (bit << 1) & !FILE_A;
        let west = (bit >> 1) & !FILE_H;
        let row = bit | east | west;
        table[sq] = (row | (row << 8) | (row >> 8)) & !bit;
        sq += 1;
    }
    table
}

const fn build_knight_table() -> [Bitboard; 64] {
    let mut table = [0; 64];
    let jumps: [(i8, i8); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut j = 0;
        while j < 8 {
            let (f, r) = (file + jumps[j].0, rank + jumps[j].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1 << (r * 8 + f);
            }
            j += 1;
        }
        sq += 1;
    }
    table
}

/// The squares a king on each square attacks (its up to 8 neighbours).
pub(crate) const KING_ATTACKS: [Bitboard; 64] = build_king_table();
/// The squares a knight on each square attacks.
pub(crate) const KNIGHT_ATTACKS: [Bitboard; 64] = build_knight_table();

/// The squares a king on `sq` attacks: the up to 8 squares touching it.
#[inline]
pub(crate) fn king_attacks(sq: Square) -> Bitboard {
    KING_ATTACKS[usize::from(sq.0)]
}

/// The squares a knight on `sq` attacks.
#[inline]
pub(crate) fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT_ATTACKS[usize::from(sq.0)]
}

/// A ray direction: a shift (positive: towards `h8`) and the squares a step in it may land on
/// (the file it would wrap into is removed).
#[derive(Clone, Copy)]
pub(crate) struct Direction {
    shift: i8,
    landing: Bitboard,
}

impl Direction {
    #[inline(always)]
    const fn step(self, bb: Bitboard, times: u32) -> Bitboard {
        let s = self.shift as i32 * times as i32;
        if s > 0 {
            bb << s
        } else {
            bb >> -s
        }
    }

    /// One step against this direction (no file mask: the caller masks).
    #[inline(always)]
    const fn unstep(self, bb: Bitboard) -> Bitboard {
        if self.shift > 0 {
            bb >> self.shift
        } else {
            bb << -self.shift
        }
    }

    /// Per square, how many empty squares follow it in this direction before the first
    /// occupied square or the edge (0 – 7), bit-sliced: `[ones, twos, fours]`, the length's
    /// binary digits as sets of squares. A slider standing on a square attacks exactly that
    /// many empty squares in this direction, and a piece put on a square cuts that many from
    /// the ray of the slider that reached it.
    #[inline(always)]
    pub(crate) const fn run_lengths(self, empty: Bitboard) -> [Bitboard; 3] {
        // runs[k - 1]: the squares whose next k squares in this direction are on the board
        // and empty (each set inside the one before).
        let r1 = self.unstep(empty & self.landing);
        let r2 = r1 & self.unstep(r1);
        let r3 = r1 & self.unstep(r2);
        let r4 = r1 & self.unstep(r3);
        let r5 = r1 & self.unstep(r4);
        let r6 = r1 & self.unstep(r5);
        let r7 = r1 & self.unstep(r6);
        let ones = (r1 & !r2) | (r3 & !r4) | (r5 & !r6) | r7;
        let twos = (r2 & !r4) | r6;
        [ones, twos, r4]
    }

    /// The Kogge-Stone occluded fill: `gen` spread in this direction through the squares of
    /// `empty` (and the file wrap removed). The result holds `gen` and every empty square its
    /// rays reach, but not the first blocker.
    #[inline(always)]
    pub(crate) const fn fill(self, gen: Bitboard, empty: Bitboard) -> Bitboard {
        let mut gen = gen;
        let mut pro = empty & self.landing;
        gen |= pro & self.step(gen, 1);
        pro &= self.step(pro, 1);
        gen |= pro & self.step(gen, 2);
        pro &= self.step(pro, 2);
        gen |= pro & self.step(gen, 4);
        gen
    }

    /// [`Direction::fill`] for two generator sets at once (White's and Black's sliders): the
    /// propagators depend only on the empty squares, so they are computed once for both.
    #[inline(always)]
    pub(crate) const fn fill_pair(self, gen: [Bitboard; 2], empty: Bitboard) -> [Bitboard; 2] {
        let pro1 = empty & self.landing;
        let pro2 = pro1 & self.step(pro1, 1);
        let pro4 = pro2 & self.step(pro2, 2);
        let [mut a, mut b] = gen;
        a |= pro1 & self.step(a, 1);
        b |= pro1 & self.step(b, 1);
        a |= pro2 & self.step(a, 2);
        b |= pro2 & self.step(b, 2);
        a |= pro4 & self.step(a, 4);
        b |= pro4 & self.step(b, 4);
        [a, b]
    }

    /// The squares the sliders of `gen` attack in this direction: the reached empty squares
    /// and the first blocker of each ray.
    #[inline(always)]
    pub(crate) const fn attacks(self, gen: Bitboard, empty: Bitboard) -> Bitboard {
        self.step(self.fill(gen, empty), 1) & self.landing
    }
}

/// The four orthogonal directions (north, south, east, west).
pub(crate) const ORTHOGONAL: [Direction; 4] = [
    Direction {
        shift: 8,
        landing: !0,
    },
    Direction {
        shift: -8,
        landing: !0,
    },
    Direction {
        shift: 1,
        landing: !FILE_A,
    },
    Direction {
        shift: -1,
        landing: !FILE_H,
    },
];

/// The four diagonal directions (north-east, north-west, south-east, south-west).
pub(crate) const DIAGONAL: [Direction; 4] = [
    Direction {
        shift: 9,
        landing: !FILE_A,
    },
    Direction {
        shift: 7,
        landing: !FILE_H,
    },
    Direction {
        shift: -7,
        landing: !FILE_A,
    },
    Direction {
        shift: -9,
        landing: !FILE_H,
    },
];

/// The squares a rook on `sq` attacks when `occupied` holds the pieces on the board: each
/// orthogonal ray up to and including the first occupied square.
#[inline]
pub(crate) fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let empty = !occupied;
    ORTHOGONAL
        .iter()
        .fold(0, |acc, d| acc | d.attacks(sq.bit(), empty))
}

/// The squares a bishop on `sq` attacks when `occupied` holds the pieces on the board.
#[inline]
pub(crate) fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let empty = !occupied;
    DIAGONAL
        .iter()
        .fold(0, |acc, d| acc | d.attacks(sq.bit(), empty))
}

/// The squares a queen on `sq` attacks when `occupied` holds the pieces on the board.
#[inline]
pub(crate) fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        text.parse().unwrap()
    }

    fn set(texts: &[&str]) -> Bitboard {
        texts.iter().fold(0, |acc, t| acc | sq(t).bit())
    }

    #[test]
    fn square_text_round_trips() {
        for s in Square::all() {
            assert_eq!(s.to_string().parse::<Square>(), Ok(s));
        }
        assert_eq!(sq("a1").index(), 0);
        assert_eq!(sq("h8").index(), 63);
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("a".parse::<Square>().is_err());
        assert!("A1".parse::<Square>().is_err());
    }

    #[test]
    fn a1_is_dark() {
        assert!(sq("a1").is_dark());
        assert!(!sq("b1").is_dark());
        assert!(!sq("a2").is_dark());
        assert!(sq("h8").is_dark());
        assert_eq!(DARK_SQUARES.count_ones(), 32);
    }

    #[test]
    fn the_eight_symmetries_of_the_board() {
        // Written from the geometry: e2 mirrored across the files is d2, across the ranks e7,
        // both d7; swapped along a1-h8 b5 (file e = 4 becomes rank 5).
        let images: Vec<String> = (0..8).map(|s| sq("e2").symmetric(s).to_string()).collect();
        assert_eq!(images, ["e2", "d2", "e7", "d7", "b5", "b4", "g5", "g4"]);
        for s in 0..8 {
            // Each symmetry is a permutation of the squares that keeps a king's neighbours
            // neighbours, and keeps or swaps the square colours as a whole.
            let mut seen = 0u64;
            for a in Square::all() {
                seen |= a.symmetric(s).bit();
                let neighbours =
                    squares(king_attacks(a)).fold(0, |acc, b| acc | b.symmetric(s).bit());
                assert_eq!(neighbours, king_attacks(a.symmetric(s)));
            }
            assert_eq!(seen, !0);
            let colour_kept = sq("a1").symmetric(s).is_dark();
            assert!(Square::all().all(|a| (a.symmetric(s).is_dark() == a.is_dark()) == colour_kept));
        }
    }

    #[test]
    fn king_and_knight_tables() {
        assert_eq!(king_attacks(sq("a1")), set(&["a2", "b1", "b2"]));
        assert_eq!(king_attacks(sq("e4")).count_ones(), 8);
        assert_eq!(king_attacks(sq("h5")).count_ones(), 5);
        assert_eq!(knight_attacks(sq("a1")), set(&["b3", "c2"]));
        assert_eq!(knight_attacks(sq("e4")).count_ones(), 8);
        assert_eq!(knight_attacks(sq("h8")), set(&["g6", "f7"]));
    }

    #[test]
    fn touching_is_the_union_of_king_tables() {
        let sets = [
            0,
            set(&["a1"]),
            set(&["a1", "h8", "e4"]),
            set(&["a1", "b1", "c1"]),
            set(&["d4", "e4", "d5", "e5"]),
            0x8100_0000_0000_0081,
            !0,
        ];
        for s in sets {
            let expected = squares(s).fold(0, |acc, q| acc | king_attacks(q));
            assert_eq!(touching(s), expected, "{s:#x}");
        }
    }

    #[test]
    fn sliders_stop_at_the_first_piece() {
        let occ = set(&["d4", "d6", "b4", "f2", "g7"]);
        assert_eq!(
            rook_attacks(sq("d4"), occ),
            set(&["d5", "d6", "d3", "d2", "d1", "c4", "b4", "e4", "f4", "g4", "h4"])
        );
        assert_eq!(
            bishop_attacks(sq("d4"), occ),
            set(&["e5", "f6", "g7", "c5", "b6", "a7", "c3", "b2", "a1", "e3", "f2"])
        );
        assert_eq!(
            queen_attacks(sq("a1"), 0),
            set(&[
                "a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "d1", "e1", "f1", "g1", "h1",
                "b2", "c3", "d4", "e5", "f6", "g7", "h8"
            ])
        );
        // No wrap around the board's edge.
        assert_eq!(
            rook_attacks(sq("h1"), set(&["h2"])),
            set(&["h2", "g1", "f1", "e1", "d1", "c1", "b1", "a1"])
        );
        assert_eq!(
            bishop_attacks(sq("a4"), 0),
            set(&["b5", "c6", "d7", "e8", "b3", "c2", "d1"])
        );
    }
}
