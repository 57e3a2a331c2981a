//! Board geometry: square numbers, the padded bitboard layout, neighbour tables.
//!
//! Both boards use the same padded layout, parameterised by `R`, the number of dark squares
//! on a rank (5 on 10x10, 4 on 8x8). Square number `s` (1-based, counted from Black's side as
//! in international draughts) lives at bit `(s - 1) + (s - 1) / (2R)`: every pair of ranks
//! takes `2R` bits followed by one unused "ghost" bit. With that gap every diagonal step is a
//! constant shift (`±R`, `±(R + 1)`) that can never wrap around an edge unnoticed (it lands on
//! a ghost bit or leaves the board mask), and an orthogonal step along a file (two ranks) is
//! `±(2R + 1)`. An orthogonal step along a rank (two files) is `±1` within the rank; it is
//! only ever taken through the neighbour tables, which know where a rank ends.

use core::fmt;
use core::str::FromStr;

use game_core::ParsePointError;

/// A square number inside the crate: 1 ..= 50 on 10x10, 1 ..= 32 on 8x8 (0 for "none" in a
/// few tables).
pub(crate) type SquareNumber = u8;

/// A dark square, by its number as the notation writes it: 1 ..= 50 on 10x10, 1 ..= 32 on 8x8,
/// counted from Black's side.
///
/// A `Square` is any number of the larger board, 1 ..= 50; whether it is on a given board is
/// the position's question ([`Position::piece_at`](crate::Position::piece_at) answers `None`
/// for a square off an 8x8 board).
///
/// Its column and row ([`Square::new`], [`Square::col`], [`Square::row`]) are those of the
/// 10x10 board, the board every square belongs to (as the other games name their points on
/// their largest board): `a1`, the bottom-left corner on White's side, is square 46. On the
/// 8x8 board the same numbers stand elsewhere (its `a1` is square 29): there, read squares by
/// number.
///
/// ```
/// use swedish_draughts::Square;
/// let square: Square = "32".parse()?;
/// assert_eq!(square.number(), 32);
/// assert_eq!(square.to_string(), "32");
/// assert_eq!(Square::from_number(32), Some(square));
/// assert_eq!(Square::new(0, 0), Square::from_number(46), "a1 of the 10x10 board");
/// assert_eq!(Square::new(1, 0), None, "b1 is a light square");
/// assert!("51".parse::<Square>().is_err());
/// # Ok::<(), swedish_draughts::ParsePointError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The highest square number (of the 10x10 board).
    pub const MAX: u8 = 50;

    /// The dark square in column `col` (0 = `a`) and row `row` (0 = rank 1, White's side) of
    /// the 10x10 board; `None` for a light square or one off the board.
    pub const fn new(col: u8, row: u8) -> Option<Square> {
        if col >= 10 || row >= 10 || (col + row) % 2 == 1 {
            return None;
        }
        // Rows of numbers count down from Black's side, five dark squares each.
        let from_top = 9 - row;
        Some(Square(from_top * 5 + col / 2 + 1))
    }

    /// The square with number `number`, `None` outside 1 ..= 50.
    pub const fn from_number(number: u8) -> Option<Square> {
        if number >= 1 && number <= Square::MAX {
            Some(Square(number))
        } else {
            None
        }
    }

    /// The square with index `index` ([`Square::index`]: its number less one), `None` for 50
    /// and above.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Square::MAX as usize {
            Some(Square(index as u8 + 1))
        } else {
            None
        }
    }

    /// A square from a number the crate's tables produced (0 only for a foreign move's bit
    /// that is no square, which no move of this crate has).
    pub(crate) const fn from_table(number: SquareNumber) -> Square {
        Square(number)
    }

    /// The square of bit `index` of a [`SquareSet`].
    pub(crate) const fn at_bit(index: usize) -> Square {
        Square(index as u8 + 1)
    }

    /// The square's number, 1 ..= 50.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The square's index, its number less one (0 ..= 49): its bit in a [`SquareSet`].
    pub const fn index(self) -> usize {
        self.0.saturating_sub(1) as usize
    }

    /// The column on the 10x10 board, 0 (`a`) to 9 (`j`).
    pub const fn col(self) -> u8 {
        let i = self.0.saturating_sub(1);
        let from_top = i / 5;
        // Even rows from the top start on a light square: their dark squares are b, d, …
        2 * (i % 5) + (from_top + 1) % 2
    }

    /// The row on the 10x10 board, 0 (rank 1, White's side) to 9 (rank 10).
    pub const fn row(self) -> u8 {
        9 - self.0.saturating_sub(1) / 5
    }
}

game_core::point_set! {
    /// A set of squares: bit `n - 1` of one 64-bit word is square `n` ([`Square::index`]), so
    /// a set names the same squares on both boards, as a [`Square`] does.
    ///
    /// ```
    /// use swedish_draughts::{Color, Position, SquareSet};
    ///
    /// let start = Position::start();
    /// let white: SquareSet = start.pieces(Color::White);
    /// assert_eq!(white.len(), 20);
    /// assert_eq!(white.first().map(|s| s.number()), Some(31));
    /// assert!(white.intersection(start.pieces(Color::Black)).is_empty());
    /// ```
    pub struct SquareSet(u64) of Square;
    /// The squares of a [`SquareSet`], lowest number first.
    pub struct Squares;
}

impl fmt::Display for Square {
    /// The square number, `32`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Square {
    type Err = ParsePointError;

    /// Reads a square number `1` … `50` in decimal: no sign, no leading zero, nothing around
    /// it (the squares of the 10x10 board; an 8x8 board has 1 … 32).
    fn from_str(text: &str) -> Result<Square, ParsePointError> {
        let invalid = || {
            ParsePointError::new(
                text,
                "a square is a number 1-50 (1-32 on 8x8), without sign, leading zero or spaces",
            )
        };
        if text.is_empty() || text.len() > 2 || text.starts_with('0') {
            return Err(invalid());
        }
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid());
        }
        text.parse::<u8>()
            .ok()
            .and_then(Square::from_number)
            .ok_or_else(invalid)
    }
}

// `String` to and from the text (`From<Square> for String`, `TryFrom<String>`).
game_core::impl_string_conversions!(Square);

/// "No square": the neighbour tables' value past an edge.
pub(crate) const NONE: u8 = u8::MAX;

/// Direction indices into the neighbour tables. The first four are diagonal, the last four
/// orthogonal (two files or two ranks at a time, staying on dark squares).
pub(crate) const NW: usize = 0;
pub(crate) const NE: usize = 1;
pub(crate) const SW: usize = 2;
pub(crate) const SE: usize = 3;
pub(crate) const N: usize = 4;
pub(crate) const S: usize = 5;
pub(crate) const W: usize = 6;
pub(crate) const E: usize = 7;

/// (row step, file step) of each direction; rows count down from Black's side (row 0 holds
/// squares 1 ..= R), files left to right from White's side.
const STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
    (-2, 0),
    (2, 0),
    (0, -2),
    (0, 2),
];

/// The geometry of one board size. Implemented by [`Ten`] and [`Eight`]; the move generator
/// is generic over it, so each size gets its own monomorphised code with constant shifts.
pub(crate) trait Geometry {
    /// Dark squares per rank.
    const R: u32;
    /// Number of playable squares.
    const SQUARES: u8;
    /// The men a side starts with (20, resp. 12): the most pieces a side can ever have, since
    /// no move adds a piece. Position strings with more are refused.
    const MEN: u32;
    /// Every playable bit.
    const BOARD: u64;
    /// White's promotion rank (squares 1 ..= R): the far rank for White.
    const WHITE_FAR: u64;
    /// Black's promotion rank (the last R squares).
    const BLACK_FAR: u64;
    /// `STEP[dir]`: the shift of one step in `dir`, and the bits that have a neighbour there.
    const STEP: [(i32, u64); 8];
    /// `JUMP[dir]`: the bits from which two steps in `dir` stay on the board.
    const JUMP: [u64; 8];
    /// `neighbours()[dir][bit]`: the bit one step away in `dir`, or [`NONE`].
    fn neighbours() -> &'static [[u8; 64]; 8];
    /// `rays()[dir][bit]`: every square from `bit` (excluded) to the edge in `dir`.
    fn rays() -> &'static [[u64; 64]; 8];
    /// `square_of_bit()[bit]`: the square number, 0 for a ghost or unused bit.
    fn square_of_bit() -> &'static [u8; 64];
    /// `bit_of_square()[square]`: the bit (index 0 unused).
    fn bit_of_square() -> &'static [u8; 51];
}

/// The 10x10 board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ten;

/// The 8x8 board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Eight;

/// The bit of square `s` (1-based) with `r` squares per rank.
pub(crate) const fn bit_of(r: u32, s: u32) -> u32 {
    (s - 1) + (s - 1) / (2 * r)
}

/// (row, file) of a bit, or `None` for a ghost bit or a bit beyond the board.
const fn coords(r: u32, bit: u32) -> Option<(i32, i32)> {
    let pair = bit / (2 * r + 1);
    let within = bit % (2 * r + 1);
    if within == 2 * r || pair >= r {
        return None;
    }
    let row = 2 * pair + if within >= r { 1 } else { 0 };
    let k = within % r;
    let file = if row.is_multiple_of(2) {
        2 * k + 1
    } else {
        2 * k
    };
    Some((row as i32, file as i32))
}

/// The bit at (row, file), if that is a dark square on the board.
const fn bit_at(r: u32, row: i32, file: i32) -> Option<u32> {
    let n = 2 * r as i32;
    if row < 0 || row >= n || file < 0 || file >= n {
        return None;
    }
    // Dark squares: odd files on even rows, even files on odd rows.
    if (row + file) % 2 == 0 {
        return None;
    }
    let k = (file / 2) as u32;
    let s = row as u32 * r + k + 1;
    Some(bit_of(r, s))
}

const fn neighbour_table(r: u32) -> [[u8; 64]; 8] {
    let mut table = [[NONE; 64]; 8];
    let mut dir = 0;
    while dir < 8 {
        let mut bit = 0;
        while bit < 64 {
            if let Some((row, file)) = coords(r, bit) {
                let (dr, df) = STEPS[dir];
                if let Some(to) = bit_at(r, row + dr, file + df) {
                    table[dir][bit as usize] = to as u8;
                }
            }
            bit += 1;
        }
        dir += 1;
    }
    table
}

const fn square_table(r: u32) -> [u8; 64] {
    let mut table = [0; 64];
    let mut s = 1;
    while s <= 2 * r * r {
        table[bit_of(r, s) as usize] = s as u8;
        s += 1;
    }
    table
}

const fn bit_table(r: u32) -> [u8; 51] {
    let mut table = [0; 51];
    let mut s = 1;
    while s <= 2 * r * r {
        table[s as usize] = bit_of(r, s) as u8;
        s += 1;
    }
    table
}

const fn squares_mask(r: u32, first: u32, last: u32) -> u64 {
    let mut mask = 0;
    let mut s = first;
    while s <= last {
        mask |= 1 << bit_of(r, s);
        s += 1;
    }
    mask
}

/// The shift of one step in each direction with `r` squares per rank.
const fn dir_shifts(r: u32) -> [i32; 8] {
    let r = r as i32;
    [-(r + 1), -r, r, r + 1, -(2 * r + 1), 2 * r + 1, -1, 1]
}

const fn step_table(r: u32) -> [(i32, u64); 8] {
    let table = neighbour_table(r);
    let shifts = dir_shifts(r);
    let mut out = [(0, 0); 8];
    let mut dir = 0;
    while dir < 8 {
        let mut mask = 0u64;
        let mut bit = 0;
        while bit < 64 {
            if table[dir][bit] != NONE {
                mask |= 1 << bit;
            }
            bit += 1;
        }
        out[dir] = (shifts[dir], mask);
        dir += 1;
    }
    out
}

const fn jump_table(r: u32) -> [u64; 8] {
    let table = neighbour_table(r);
    let mut out = [0; 8];
    let mut dir = 0;
    while dir < 8 {
        let mut bit = 0;
        while bit < 64 {
            let next = table[dir][bit];
            if next != NONE && table[dir][next as usize] != NONE {
                out[dir] |= 1 << bit;
            }
            bit += 1;
        }
        dir += 1;
    }
    out
}

const fn ray_table(r: u32) -> [[u64; 64]; 8] {
    let table = neighbour_table(r);
    let mut out = [[0; 64]; 8];
    let mut dir = 0;
    while dir < 8 {
        let mut bit = 0;
        while bit < 64 {
            let mut next = table[dir][bit];
            while next != NONE {
                out[dir][bit] |= 1 << next;
                next = table[dir][next as usize];
            }
            bit += 1;
        }
        dir += 1;
    }
    out
}

static RAYS10: [[u64; 64]; 8] = ray_table(5);
static RAYS8: [[u64; 64]; 8] = ray_table(4);
static NB10: [[u8; 64]; 8] = neighbour_table(5);
static NB8: [[u8; 64]; 8] = neighbour_table(4);
static SQ10: [u8; 64] = square_table(5);
static SQ8: [u8; 64] = square_table(4);
static BIT10: [u8; 51] = bit_table(5);
static BIT8: [u8; 51] = bit_table(4);

impl Geometry for Ten {
    const R: u32 = 5;
    const SQUARES: u8 = 50;
    const MEN: u32 = 20;
    const BOARD: u64 = squares_mask(5, 1, 50);
    const WHITE_FAR: u64 = squares_mask(5, 1, 5);
    const BLACK_FAR: u64 = squares_mask(5, 46, 50);
    const STEP: [(i32, u64); 8] = step_table(5);
    const JUMP: [u64; 8] = jump_table(5);
    #[inline(always)]
    fn neighbours() -> &'static [[u8; 64]; 8] {
        &NB10
    }
    #[inline(always)]
    fn rays() -> &'static [[u64; 64]; 8] {
        &RAYS10
    }
    #[inline(always)]
    fn square_of_bit() -> &'static [u8; 64] {
        &SQ10
    }
    #[inline(always)]
    fn bit_of_square() -> &'static [u8; 51] {
        &BIT10
    }
}

impl Geometry for Eight {
    const R: u32 = 4;
    const SQUARES: u8 = 32;
    const MEN: u32 = 12;
    const BOARD: u64 = squares_mask(4, 1, 32);
    const WHITE_FAR: u64 = squares_mask(4, 1, 4);
    const BLACK_FAR: u64 = squares_mask(4, 29, 32);
    const STEP: [(i32, u64); 8] = step_table(4);
    const JUMP: [u64; 8] = jump_table(4);
    #[inline(always)]
    fn neighbours() -> &'static [[u8; 64]; 8] {
        &NB8
    }
    #[inline(always)]
    fn rays() -> &'static [[u64; 64]; 8] {
        &RAYS8
    }
    #[inline(always)]
    fn square_of_bit() -> &'static [u8; 64] {
        &SQ8
    }
    #[inline(always)]
    fn bit_of_square() -> &'static [u8; 51] {
        &BIT8
    }
}

/// Shifts a bitboard by a signed amount (positive: towards higher bits).
#[inline(always)]
pub(crate) const fn shift(x: u64, by: i32) -> u64 {
    if by >= 0 {
        x << by
    } else {
        x >> -by
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diagonal_offsets(r: i32) -> [(usize, i32); 6] {
        [
            (NW, -(r + 1)),
            (NE, -r),
            (SW, r),
            (SE, r + 1),
            (N, -(2 * r + 1)),
            (S, 2 * r + 1),
        ]
    }

    fn check_shifts<G: Geometry>() {
        // Every table entry along a diagonal or a file is the constant shift of the layout,
        // and the shift never lands on a playable square that the table does not name.
        let nb = G::neighbours();
        for (dir, offset) in diagonal_offsets(G::R as i32) {
            for bit in 0..64u32 {
                if G::BOARD & (1 << bit) == 0 {
                    assert_eq!(nb[dir][bit as usize], NONE);
                    continue;
                }
                let shifted = shift(1 << bit, offset) & G::BOARD;
                match nb[dir][bit as usize] {
                    NONE => assert_eq!(shifted, 0, "dir {dir} bit {bit}"),
                    to => assert_eq!(shifted, 1 << to, "dir {dir} bit {bit}"),
                }
            }
        }
    }

    fn check_step_masks<G: Geometry>() {
        let nb = G::neighbours();
        for (&(by, mask), table) in G::STEP.iter().zip(nb) {
            for bit in 0..64u32 {
                let from = 1u64 << bit;
                let to = shift(from & mask, by) & G::BOARD;
                match table[bit as usize] {
                    NONE => assert_eq!(to, 0),
                    next => assert_eq!(to, 1 << next),
                }
            }
        }
    }

    #[test]
    fn step_masks_match_tables() {
        check_step_masks::<Ten>();
        check_step_masks::<Eight>();
    }

    #[test]
    fn shifts_match_tables() {
        check_shifts::<Ten>();
        check_shifts::<Eight>();
    }

    #[test]
    fn numbering_follows_international_draughts() {
        // 10x10: 1 is b10, 6 is a9, 46 is a1, 50 is i1; 8x8: 1 is b8, 29 is a1.
        assert_eq!(coords(5, bit_of(5, 1)), Some((0, 1)));
        assert_eq!(coords(5, bit_of(5, 6)), Some((1, 0)));
        assert_eq!(coords(5, bit_of(5, 46)), Some((9, 0)));
        assert_eq!(coords(5, bit_of(5, 50)), Some((9, 8)));
        assert_eq!(coords(4, bit_of(4, 1)), Some((0, 1)));
        assert_eq!(coords(4, bit_of(4, 29)), Some((7, 0)));
        assert_eq!(Ten::BOARD.count_ones(), 50);
        assert_eq!(Eight::BOARD.count_ones(), 32);
    }

    #[test]
    fn orthogonal_steps_stay_in_rank_and_file() {
        let nb = Ten::neighbours();
        let b = |s| bit_of(5, s) as u8;
        // Along the rank: 28 (f5? no: row 5) has 27 to its left and 29 to its right.
        assert_eq!(nb[W][b(28) as usize], b(27));
        assert_eq!(nb[E][b(28) as usize], b(29));
        // Rank ends: 26 has nothing to the west, 30 nothing to the east.
        assert_eq!(nb[W][b(26) as usize], NONE);
        assert_eq!(nb[E][b(30) as usize], NONE);
        // Along the file: two ranks up from 28 is 18, down is 38.
        assert_eq!(nb[N][b(28) as usize], b(18));
        assert_eq!(nb[S][b(28) as usize], b(38));
        assert_eq!(nb[N][b(3) as usize], NONE);
    }

    /// Square names are the numbers 1 … 50 as the notation writes them, nothing else.
    #[test]
    fn square_names_round_trip() {
        for number in 1..=50u8 {
            let square: Square = number.to_string().parse().expect("a square number");
            assert_eq!(square.number(), number);
            assert_eq!(square.to_string(), number.to_string());
        }
        for bad in [
            "", "0", "51", "99", "032", "+3", " 3", "3 ", "x", "1-2", "256", "3a",
        ] {
            let err = bad.parse::<Square>().expect_err(bad);
            assert!(err.reason.contains("1-50"), "{bad:?}: {err}");
        }
        assert_eq!(Square::from_number(0), None);
        assert_eq!(Square::from_number(51), None);
    }

    /// Columns and rows read the 10x10 board as its diagram does: square 1 is b10, 5 is j10,
    /// 6 is a9, 33 is f4, 46 is a1, 50 is i1; every dark square has a number, no light one.
    #[test]
    fn columns_and_rows_of_the_ten_by_ten_board() {
        for (number, col, row) in [
            (1, 1, 9),
            (5, 9, 9),
            (6, 0, 8),
            (33, 5, 3),
            (46, 0, 0),
            (50, 8, 0),
        ] {
            let square = Square::from_number(number).expect("a square number");
            assert_eq!((square.col(), square.row()), (col, row), "{number}");
            assert_eq!(Square::new(col, row), Some(square), "{number}");
            assert_eq!(Square::from_index(square.index()), Some(square));
        }
        let dark: Vec<Square> = (0..10u8)
            .flat_map(|row| (0..10u8).filter_map(move |col| Square::new(col, row)))
            .collect();
        assert_eq!(dark.len(), 50);
        for square in &dark {
            assert_eq!(Square::new(square.col(), square.row()), Some(*square));
        }
        assert_eq!(Square::new(10, 0), None);
        assert_eq!(Square::from_index(50), None);
    }
}
