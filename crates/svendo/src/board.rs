//! The board: points and their names, the supported board dimensions; the sets of points
//! ([`point_set`]) and each size's bitboard tables, sliding rays and five-point lines
//! ([`geometry`]).
//!
//! A board is a rectangle of `width` × `height` points (default 10 × 6; any rectangle of
//! 30..=64 points with both sides at least 5). Point `index = row * width + col`, row 0 being
//! rank `1` (the bottom row) and column 0 file `a`. A bitboard is a `u64` with one bit per
//! point. The tables of every board size are built at compile time (`const fn`) and shared by
//! every position on it: no cache, no lock, nothing to initialise, with or without `std`.

use core::fmt;
use core::str::FromStr;

use game_core::{BoardSize, ParsePointError};

mod geometry;
mod point_set;

pub(crate) use geometry::{geometry, Geometry};
pub use point_set::{PointSet, Points};

/// The smallest number of points a board may have.
pub const MIN_POINTS: u32 = 30;
/// The largest number of points a board may have (they must fit a `u64`).
pub const MAX_POINTS: u32 = 64;
/// The shortest side a board may have.
pub const MIN_SIDE: u32 = 5;
/// The default board width (columns `a`–`j`).
pub const DEFAULT_WIDTH: u32 = 10;
/// The default board height (rows `1`–`6`).
pub const DEFAULT_HEIGHT: u32 = 6;

/// The longest side a board may have (`MAX_POINTS / MIN_SIDE`): columns `a`–`l`, rows `1`–`12`.
pub const MAX_SIDE: u32 = MAX_POINTS / MIN_SIDE;

/// [`MAX_SIDE`] as an index bound.
pub(crate) const MAX_SIDE_USIZE: usize = MAX_SIDE as usize;

/// Bits per column of a [`PointSet`]: a point's index is `col * 16 + row`.
const COL_STRIDE: usize = 16;

/// A point of the board, by column and row (`c3` is column 2, row 2). It names the same
/// point on every board size, so a move's meaning does not depend on the board.
///
/// Only points of the largest boards exist (columns `a`–`l`, rows `1`–`12`, see [`MAX_SIDE`]);
/// whether a point is on a given board is the position's question. With the `serde` feature a
/// point is stored as its name (`"c3"`), so stored data cannot name a point no board has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

#[cfg(feature = "serde")]
game_core::impl_serde_text!(Point);

impl Point {
    /// The point at column `col` (0 = `a`) and row `row` (0 = `1`, the bottom row); `None`
    /// when either is [`MAX_SIDE`] or more (no board is that large).
    pub const fn new(col: u8, row: u8) -> Option<Point> {
        if (col as u32) < MAX_SIDE && (row as u32) < MAX_SIDE {
            Some(Point(col << 4 | row))
        } else {
            None
        }
    }

    /// The point with index `index` ([`Point::index`]), if it names a point of the largest
    /// boards.
    pub const fn from_index(index: usize) -> Option<Point> {
        if index >= MAX_SIDE_USIZE * COL_STRIDE {
            return None;
        }
        Point::new((index / COL_STRIDE) as u8, (index % COL_STRIDE) as u8)
    }

    /// The point's index, `col * 16 + row`: its bit in a [`PointSet`]. The same on every board
    /// size (a position's own bitboards number the points of its board row by row instead).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column, 0 for `a`.
    pub const fn col(self) -> u8 {
        self.0 >> 4
    }

    /// The row, 0 for `1`.
    pub const fn row(self) -> u8 {
        self.0 & 15
    }

    /// The point at bit `index` of a set (which must be a point's index).
    const fn at_bit(index: usize) -> Point {
        Point(index as u8)
    }

    /// Reads a point name (`a1`, `j6`, `e12`) at the start of `text`; returns it and the number
    /// of bytes read. Names beyond the largest board (`m1`, `a13`) are not points.
    pub(crate) fn parse_prefix(text: &[u8]) -> Option<(Point, usize)> {
        let (&letter, rest) = text.split_first()?;
        if !letter.is_ascii_lowercase() || letter > b'p' {
            return None;
        }
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 || rest[0] == b'0' {
            return None;
        }
        let mut number = 0u8;
        for &d in &rest[..digits] {
            number = number * 10 + (d - b'0');
        }
        if number > 16 {
            return None;
        }
        Point::new(letter - b'a', number - 1).map(|p| (p, 1 + digits))
    }
}

impl fmt::Display for Point {
    /// `a1` … `j6` (columns continue `k`, `l`, rows `7` … `12` on larger boards).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.col()), self.row() + 1)
    }
}

impl FromStr for Point {
    type Err = ParsePointError;

    /// Reads a point of the largest rectangle: a lower-case column letter `a`–`l` and a row
    /// number `1`–`12` (`c3`), nothing around it. Whether it is on a given board is the
    /// position's question (a point off the board holds no piece).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match Point::parse_prefix(text.as_bytes()) {
            Some((point, len)) if len == text.len() => Ok(point),
            _ => Err(ParsePointError::new(
                text,
                "expected a point such as c3 (columns a-l, rows 1-12)",
            )),
        }
    }
}

// `String` to and from the text (`From<Point> for String`, `TryFrom<String>`).
game_core::impl_string_conversions!(Point);

/// The eight directions: the first four step to a higher index, the last four to a lower one.
/// `(column step, row step)`: east, north, north-east, north-west, west, south, south-west,
/// south-east.
pub(crate) const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (-1, -1),
    (1, -1),
];

/// Every board size (width, height) the game supports, in a fixed order: the index of a size
/// in this list is what a position stores.
const fn valid_dims() -> ([(u8, u8); 40], usize) {
    let mut dims = [(0u8, 0u8); 40];
    let mut count = 0;
    let mut w = MIN_SIDE;
    while w <= MAX_SIDE {
        let mut h = MIN_SIDE;
        while h <= MAX_SIDE {
            if w * h >= MIN_POINTS && w * h <= MAX_POINTS {
                dims[count] = (w as u8, h as u8);
                count += 1;
            }
            h += 1;
        }
        w += 1;
    }
    (dims, count)
}

const DIMS: ([(u8, u8); 40], usize) = valid_dims();

/// How many board sizes the game supports (29: every rectangle of 30..=64 points with both
/// sides from 5 to 12).
pub const BOARD_SIZE_COUNT: usize = DIMS.1;

/// The supported boards as [`BoardSize::Rect`] values, the default 10 × 6 first, then the
/// others by width, then height (5 × 6, 5 × 7, …, 12 × 5). A const fn builds it from the same
/// table the positions use, so the list and the boards a position can be on cannot differ.
const fn board_sizes() -> [BoardSize; BOARD_SIZE_COUNT] {
    let default = BoardSize::Rect {
        width: DEFAULT_WIDTH,
        height: DEFAULT_HEIGHT,
    };
    let mut sizes = [default; BOARD_SIZE_COUNT];
    let mut next = 1;
    let mut i = 0;
    while i < BOARD_SIZE_COUNT {
        let (w, h) = DIMS.0[i];
        if !(w as u32 == DEFAULT_WIDTH && h as u32 == DEFAULT_HEIGHT) {
            // Indexing past the end (no default board in the table) fails the build.
            sizes[next] = BoardSize::Rect {
                width: w as u32,
                height: h as u32,
            };
            next += 1;
        }
        i += 1;
    }
    sizes
}

/// Every board the game supports ([`Game::BOARD_SIZES`](game_core::Game::BOARD_SIZES)), the
/// default 10 × 6 first.
pub const BOARD_SIZES: [BoardSize; BOARD_SIZE_COUNT] = board_sizes();

/// The index of the board size `width` × `height` among the supported ones.
pub(crate) fn dims_index(width: usize, height: usize) -> Option<u8> {
    DIMS.0[..DIMS.1]
        .iter()
        .position(|&(w, h)| usize::from(w) == width && usize::from(h) == height)
        .map(|i| i as u8)
}

/// Whether `width` × `height` is a supported board.
pub fn is_valid_size(width: u32, height: u32) -> bool {
    usize::try_from(width)
        .ok()
        .zip(usize::try_from(height).ok())
        .is_some_and(|(width, height)| dims_index(width, height).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_nine_board_sizes() {
        assert_eq!(DIMS.1, 29);
        assert!(is_valid_size(10, 6));
        assert!(is_valid_size(8, 8));
        assert!(is_valid_size(5, 12));
        assert!(!is_valid_size(4, 10));
        assert!(!is_valid_size(5, 5));
        assert!(!is_valid_size(13, 5));
    }

    #[test]
    fn point_names() {
        assert_eq!("e12".parse::<Point>().unwrap().to_string(), "e12");
        assert!("a0".parse::<Point>().is_err());
        assert!("a".parse::<Point>().is_err());
        assert!("a01".parse::<Point>().is_err());
        assert!("a17".parse::<Point>().is_err());
        assert_eq!("l12".parse::<Point>().unwrap(), Point::new(11, 11).unwrap());
        assert!("a13".parse::<Point>().is_err());
        assert!("m1".parse::<Point>().is_err());
        assert!(Point::new(12, 0).is_none() && Point::new(0, 12).is_none());
    }
}
