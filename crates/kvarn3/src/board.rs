//! The board: nine points, their names, adjacency and the eight lines, as 9-bit masks.
//!
//! Point `i` is bit `i` of a [`PointSet`] (and of the crate's raw `Bitboard` word): `a1` = 0,
//! `b1` = 1, `c1` = 2, `a2` = 3, …, `c3` = 8 (column by column within a row, rows bottom to
//! top).

use core::fmt;
use core::str::FromStr;

use game_core::ParsePointError;

use game_core::Bits;

/// A set of points as a raw word: bit `i` is the point with index `i`; only the low nine
/// bits are used. Crate-internal: the public API hands out [`PointSet`]s.
pub(crate) type Bitboard = u16;

/// Every point of the board, as a raw word.
pub(crate) const ALL_POINTS: Bitboard = 0x1FF;

game_core::point_set! {
    /// A set of points of the board: bit `i` of one 16-bit word is the point with index `i`
    /// ([`Point::index`]), so a set costs one word and set operations are single instructions.
    ///
    /// ```
    /// use kvarn3::{Point, PointSet};
    ///
    /// let row: PointSet = ["a1", "b1", "c1"].iter().map(|n| n.parse::<Point>().unwrap()).collect();
    /// assert_eq!(row, kvarn3::LINES[0]);
    /// assert!(row.contains(Point::new(1, 0).unwrap()));
    /// assert_eq!(row.union(PointSet::ALL).len(), 9);
    /// ```
    pub struct PointSet(u16) of Point;
    /// The points of a [`PointSet`], lowest index first.
    pub struct Points;
}

impl PointSet {
    /// Every point of the board.
    pub const ALL: PointSet = PointSet(ALL_POINTS);
}

/// One of the nine points, `a1` … `c3`.
///
/// With the `serde` feature it is stored as its name (`"b2"`), so stored data can never name a
/// point outside the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

#[cfg(feature = "serde")]
game_core::impl_serde_text!(Point);

impl Point {
    /// Every point, `a1`, `b1`, `c1`, `a2`, … `c3`.
    pub const ALL: [Point; 9] = [
        Point(0),
        Point(1),
        Point(2),
        Point(3),
        Point(4),
        Point(5),
        Point(6),
        Point(7),
        Point(8),
    ];

    /// The centre point `b2`.
    pub const CENTRE: Point = Point(4);

    /// The point in column `col` (0 = `a` … 2 = `c`) and row `row` (0 = `1` … 2 = `3`), or
    /// `None` off the board.
    pub const fn new(col: u8, row: u8) -> Option<Point> {
        if col < 3 && row < 3 {
            Some(Point(row * 3 + col))
        } else {
            None
        }
    }

    /// The point with index `index` (0 = `a1` … 8 = `c3`, its bit in a [`PointSet`]), or
    /// `None` off the board.
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < 9 {
            Some(Point(index as u8))
        } else {
            None
        }
    }

    /// The point's index, 0 (`a1`) to 8 (`c3`): its bit in a [`PointSet`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column, 0 (`a`) to 2 (`c`).
    pub const fn col(self) -> u8 {
        self.0 % 3
    }

    /// The row, 0 (row `1`) to 2 (row `3`).
    pub const fn row(self) -> u8 {
        self.0 / 3
    }

    /// The point of bit `index` of a set (below 9: only bits of points are ever set).
    pub(crate) const fn at_bit(index: usize) -> Point {
        Point(index as u8)
    }

    /// The point's bit in a raw [`Bitboard`].
    pub(crate) const fn bit(self) -> Bitboard {
        1 << self.0
    }

    /// The points adjacent to this one along a row, a column or a long diagonal.
    #[inline]
    pub const fn neighbours(self) -> PointSet {
        PointSet(self.neighbour_bits())
    }

    /// [`Point::neighbours`] as a raw word, for the move generator.
    #[inline]
    pub(crate) const fn neighbour_bits(self) -> Bitboard {
        ADJACENT16[self.0 as usize & 15]
    }

    /// Reads a point name, `a1` … `c3` (the `FromStr` impl says why not).
    pub(crate) fn parse(text: &str) -> Option<Point> {
        match text.as_bytes() {
            &[file @ b'a'..=b'c', rank @ b'1'..=b'3'] => Point::new(file - b'a', rank - b'1'),
            _ => None,
        }
    }

    /// The lowest point of a non-empty bitboard.
    pub(crate) const fn lowest(bits: Bitboard) -> Point {
        Point(bits.trailing_zeros() as u8)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.col()),
            char::from(b'1' + self.row())
        )
    }
}

impl FromStr for Point {
    type Err = ParsePointError;

    /// Reads a point name, `a1` … `c3`: a lower-case file and a rank, nothing around them.
    fn from_str(text: &str) -> Result<Point, ParsePointError> {
        Point::parse(text).ok_or_else(|| {
            ParsePointError::new(
                text,
                "a point is a file a-c and a rank 1-3, such as b2 (lower case, no spaces)",
            )
        })
    }
}

// `String` to and from the text (`From<Point> for String`, `TryFrom<String>` with the
// `FromStr` error, as every game's point type has them).
game_core::impl_string_conversions!(Point);

/// The points of `bits`, lowest first.
#[inline]
pub(crate) fn points(bits: Bitboard) -> impl Iterator<Item = Point> {
    Bits(bits).map(|index| Point(index as u8))
}

/// The eight lines (three rows, three columns, the two long diagonals); three stones of one
/// colour on one of them are a mill.
pub const LINES: [PointSet; 8] = {
    let mut lines = [PointSet::EMPTY; 8];
    let mut i = 0;
    while i < 8 {
        lines[i] = PointSet(LINE_BITS[i]);
        i += 1;
    }
    lines
};

/// [`LINES`] as raw words.
pub(crate) const LINE_BITS: [Bitboard; 8] = [
    0b000_000_111, // rank 1: a1 b1 c1
    0b000_111_000, // rank 2
    0b111_000_000, // rank 3
    0b001_001_001, // file a
    0b010_010_010, // file b
    0b100_100_100, // file c
    0b100_010_001, // a1-b2-c3
    0b001_010_100, // c1-b2-a3
];

/// `ADJACENT[i]`: the points joined to point `i` by a row, a column or a long diagonal.
/// The centre touches all eight others; a corner its two edge neighbours and the centre; an
/// edge midpoint its two corners and the centre (no short diagonals: `b1`–`a2` is no link).
pub const ADJACENT: [PointSet; 9] = {
    let mut sets = [PointSet::EMPTY; 9];
    let mut i = 0;
    while i < 9 {
        sets[i] = PointSet(ADJACENT_BITS[i]);
        i += 1;
    }
    sets
};

/// [`ADJACENT`] as raw words.
pub(crate) const ADJACENT_BITS: [Bitboard; 9] = adjacency();

const fn adjacency() -> [Bitboard; 9] {
    let mut table = [0; 9];
    let mut line = 0;
    while line < LINE_BITS.len() {
        // The links of a line are its first-middle and middle-last pairs.
        let bits = LINE_BITS[line];
        let first = bits.trailing_zeros();
        let last = 15 - bits.leading_zeros();
        let middle = (bits & !(1 << first) & !(1 << last)).trailing_zeros();
        table[first as usize] |= 1 << middle;
        table[middle as usize] |= (1 << first) | (1 << last);
        table[last as usize] |= 1 << middle;
        line += 1;
    }
    table
}

/// `POPCOUNT[bits]`: the number of points in `bits` (a table: the default x86-64 target has
/// no `popcnt` instruction, and a 512-byte table beats the software fallback).
static POPCOUNT: [u8; 512] = popcount_table();

const fn popcount_table() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut bits = 0;
    while bits < 512 {
        table[bits] = (bits as u16).count_ones() as u8;
        bits += 1;
    }
    table
}

/// The number of points in `bits`.
#[inline]
pub(crate) fn count(bits: Bitboard) -> u32 {
    u32::from(POPCOUNT[(bits & ALL_POINTS) as usize])
}

/// `STEPS_LOW[own & 31][empty]` + `STEPS_HIGH[own >> 5][empty]`: the number of (stone, adjacent
/// empty point) pairs, split in two tables of 16 KiB and 8 KiB so the count is two loads.
static STEPS_LOW: [[u8; 512]; 32] = steps_table::<32>(0);
static STEPS_HIGH: [[u8; 512]; 16] = steps_table::<16>(5);

const fn steps_table<const N: usize>(shift: u32) -> [[u8; 512]; N] {
    let mut table = [[0u8; 512]; N];
    let mut part = 0;
    while part < N {
        let own = (part as Bitboard) << shift;
        let mut empty = 0;
        while empty < 512 {
            let mut total = 0;
            let mut point = 0;
            while point < 9 {
                if own & (1 << point) != 0 {
                    total += (ADJACENT_BITS[point] & empty as Bitboard).count_ones();
                }
                point += 1;
            }
            table[part][empty] = total as u8;
            empty += 1;
        }
        part += 1;
    }
    table
}

/// The number of steps of the stones `own` to adjacent points of `empty`.
#[inline]
pub(crate) fn step_count(own: Bitboard, empty: Bitboard) -> u32 {
    let empty = (empty & ALL_POINTS) as usize;
    u32::from(STEPS_LOW[(own & 31) as usize][empty])
        + u32::from(STEPS_HIGH[((own >> 5) & 15) as usize][empty])
}

/// `FIRST_THREE[bits]`: the three lowest points of `bits`, padded with `b2`; with
/// [`count`] it lists a set of at most three points without a loop.
pub(crate) static FIRST_THREE: [[Point; 3]; 512] = first_three_table();

const fn first_three_table() -> [[Point; 3]; 512] {
    let mut table = [[Point::CENTRE; 3]; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut rest = bits as Bitboard;
        let mut slot = 0;
        while slot < 3 && rest != 0 {
            table[bits][slot] = Point(rest.trailing_zeros() as u8);
            rest &= rest - 1;
            slot += 1;
        }
        bits += 1;
    }
    table
}

/// [`ADJACENT_BITS`] padded to 16 entries, so that an index masked with 15 needs no bounds check.
static ADJACENT16: [Bitboard; 16] = {
    let mut table = [0; 16];
    let mut i = 0;
    while i < 9 {
        table[i] = ADJACENT_BITS[i];
        i += 1;
    }
    table
};

/// `MILL[bits]`: whether the stones `bits` contain a mill.
static MILL: [bool; 512] = mill_table();

const fn mill_table() -> [bool; 512] {
    let mut table = [false; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut line = 0;
        while line < LINE_BITS.len() {
            if bits as Bitboard & LINE_BITS[line] == LINE_BITS[line] {
                table[bits] = true;
            }
            line += 1;
        }
        bits += 1;
    }
    table
}

/// Whether the stones `bits` contain a mill (three on a line).
#[inline]
pub(crate) fn has_mill(bits: Bitboard) -> bool {
    MILL[(bits & ALL_POINTS) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str) -> Point {
        Point::parse(name).expect("a point name")
    }

    #[test]
    fn names_round_trip() {
        for point in Point::ALL {
            assert_eq!(Point::parse(&point.to_string()), Some(point));
        }
        assert_eq!(p("a1").index(), 0);
        assert_eq!(p("c1").index(), 2);
        assert_eq!(p("a3").index(), 6);
        assert_eq!(p("c3").index(), 8);
        for bad in ["", "a", "d1", "a4", "a0", "A1", "b22", " b2", "b2 "] {
            assert_eq!(Point::parse(bad), None, "{bad:?}");
            let err = bad.parse::<Point>().expect_err(bad);
            assert!(err.reason.contains("file a-c"), "{err}");
        }
        assert_eq!("c3".parse::<Point>(), Ok(p("c3")));
    }

    /// Adjacency as the rules page lists it: the centre touches all eight; a corner its two
    /// edge neighbours and the centre; an edge midpoint its two corners and the centre.
    #[test]
    fn adjacency_follows_the_rules_page() {
        let set = |names: &[&str]| names.iter().map(|n| p(n)).collect::<PointSet>();
        let mut all_but_centre = PointSet::ALL;
        all_but_centre.remove(p("b2"));
        assert_eq!(p("b2").neighbours(), all_but_centre);
        assert_eq!(p("a1").neighbours(), set(&["b1", "a2", "b2"]));
        assert_eq!(p("c3").neighbours(), set(&["b3", "c2", "b2"]));
        assert_eq!(p("b1").neighbours(), set(&["a1", "c1", "b2"]));
        assert_eq!(p("a2").neighbours(), set(&["a1", "a3", "b2"]));
        // No short diagonals.
        assert!(!p("b1").neighbours().contains(p("a2")));
        // Adjacency is symmetric, and the public table is the same.
        for a in Point::ALL {
            assert_eq!(ADJACENT[a.index()], a.neighbours());
            for b in a.neighbours() {
                assert!(b.neighbours().contains(a), "{a}-{b}");
            }
        }
    }

    /// A point's column and row are those its name reads, and its index is its bit.
    #[test]
    fn columns_rows_and_indices_agree_with_the_names() {
        for (name, col, row) in [("a1", 0, 0), ("c1", 2, 0), ("a3", 0, 2), ("b2", 1, 1)] {
            let point = Point::new(col, row).expect("on the board");
            assert_eq!(point, p(name));
            assert_eq!((point.col(), point.row()), (col, row));
            assert_eq!(Point::from_index(point.index()), Some(point));
        }
        assert_eq!(Point::new(3, 0), None);
        assert_eq!(Point::new(0, 3), None);
        assert_eq!(Point::from_index(9), None);
        let lowest: Vec<Point> = PointSet::ALL.iter().collect();
        assert_eq!(lowest, Point::ALL);
    }

    #[test]
    fn step_count_table_counts_pairs() {
        for own in (0..512u16).step_by(7) {
            for empty in 0..512u16 {
                let direct: u32 = points(own)
                    .map(|s| (s.neighbour_bits() & empty).count_ones())
                    .sum();
                assert_eq!(step_count(own, empty), direct, "{own:b} {empty:b}");
                assert_eq!(count(empty), empty.count_ones());
            }
        }
    }

    #[test]
    fn mills_are_the_eight_lines() {
        assert_eq!(MILL.iter().filter(|&&m| m).count(), {
            // Sets with at least one full line, counted directly.
            (0..512u16)
                .filter(|&b| LINE_BITS.iter().filter(|&&l| b & l == l).count() > 0)
                .count()
        });
        assert!(has_mill(set_of(&["a1", "b2", "c3"])));
        assert!(has_mill(set_of(&["c1", "b2", "a3"])));
        assert!(has_mill(set_of(&["a2", "b2", "c2"])));
        assert!(!has_mill(set_of(&["a1", "b1", "a2"])));
        assert!(!has_mill(set_of(&["b1", "b2", "a3"])));
    }

    fn set_of(names: &[&str]) -> Bitboard {
        names.iter().fold(0, |acc, n| acc | p(n).bit())
    }
}
