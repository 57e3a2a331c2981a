//! The board: nine points, their names, adjacency and the eight lines, as 9-bit masks.
//!
//! Point `i` is bit `i` of a [`Bitboard`]: `a1` = 0, `b1` = 1, `c1` = 2, `a2` = 3, …, `c3` = 8
//! (file-major within a rank, ranks bottom to top).

use core::fmt;
use core::str::FromStr;

use game_core::ParsePointError;

use game_core::Bits;

/// A set of points: bit `i` is the point with index `i`; only the low nine bits are used.
pub type Bitboard = u16;

/// Every point of the board.
pub const ALL_POINTS: Bitboard = 0x1FF;

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

    /// The point with index `index` (0 = `a1` … 8 = `c3`), or `None` off the board.
    pub const fn new(index: u8) -> Option<Point> {
        if index < 9 {
            Some(Point(index))
        } else {
            None
        }
    }

    /// The point on `file` (0 = `a` … 2 = `c`) and `rank` (0 = `1` … 2 = `3`).
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Point> {
        if file < 3 && rank < 3 {
            Some(Point(rank * 3 + file))
        } else {
            None
        }
    }

    /// The point's index, 0 (`a1`) to 8 (`c3`).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) to 2 (`c`).
    pub const fn file(self) -> u8 {
        self.0 % 3
    }

    /// The rank, 0 (rank `1`) to 2 (rank `3`).
    pub const fn rank(self) -> u8 {
        self.0 / 3
    }

    /// The point's bit in a [`Bitboard`].
    pub const fn bit(self) -> Bitboard {
        1 << self.0
    }

    /// The points adjacent to this one along a row, a column or a long diagonal.
    #[inline]
    pub const fn neighbours(self) -> Bitboard {
        ADJACENT16[self.0 as usize & 15]
    }

    /// Reads a point name, `a1` … `c3` (the `FromStr` impl says why not).
    pub(crate) fn parse(text: &str) -> Option<Point> {
        match text.as_bytes() {
            &[file @ b'a'..=b'c', rank @ b'1'..=b'3'] => {
                Point::from_file_rank(file - b'a', rank - b'1')
            }
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
            char::from(b'a' + self.file()),
            char::from(b'1' + self.rank())
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
pub const LINES: [Bitboard; 8] = [
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
pub const ADJACENT: [Bitboard; 9] = adjacency();

const fn adjacency() -> [Bitboard; 9] {
    let mut table = [0; 9];
    let mut line = 0;
    while line < LINES.len() {
        // The links of a line are its first-middle and middle-last pairs.
        let bits = LINES[line];
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
pub fn count(bits: Bitboard) -> u32 {
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
                    total += (ADJACENT[point] & empty as Bitboard).count_ones();
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
pub fn step_count(own: Bitboard, empty: Bitboard) -> u32 {
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

/// [`ADJACENT`] padded to 16 entries, so that an index masked with 15 needs no bounds check.
static ADJACENT16: [Bitboard; 16] = {
    let mut table = [0; 16];
    let mut i = 0;
    while i < 9 {
        table[i] = ADJACENT[i];
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
        while line < LINES.len() {
            if bits as Bitboard & LINES[line] == LINES[line] {
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
pub fn has_mill(bits: Bitboard) -> bool {
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
        let set = |names: &[&str]| names.iter().fold(0, |acc, n| acc | p(n).bit());
        assert_eq!(p("b2").neighbours(), ALL_POINTS & !p("b2").bit());
        assert_eq!(p("a1").neighbours(), set(&["b1", "a2", "b2"]));
        assert_eq!(p("c3").neighbours(), set(&["b3", "c2", "b2"]));
        assert_eq!(p("b1").neighbours(), set(&["a1", "c1", "b2"]));
        assert_eq!(p("a2").neighbours(), set(&["a1", "a3", "b2"]));
        // No short diagonals.
        assert_eq!(p("b1").neighbours() & p("a2").bit(), 0);
        // Adjacency is symmetric.
        for a in Point::ALL {
            for b in points(a.neighbours()) {
                assert_ne!(b.neighbours() & a.bit(), 0, "{a}-{b}");
            }
        }
    }

    #[test]
    fn step_count_table_counts_pairs() {
        for own in (0..512u16).step_by(7) {
            for empty in 0..512u16 {
                let direct: u32 = points(own)
                    .map(|s| (s.neighbours() & empty).count_ones())
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
                .filter(|&b| LINES.iter().filter(|&&l| b & l == l).count() > 0)
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
