//! Geometry of the hexagonal board: points, the bitboard type and the per-size masks.
//!
//! Every board size uses the same layout: a point is named by its column `c` and row `r`
//! (both from 0), and a set of points is one 32-bit word per row, bit `c` for column `c`
//! (at most 21 rows of 21 columns; the array has 24 words so that it splits evenly into SIMD
//! lanes). The six neighbours of `(c, r)` are `(c±1, r)`, `(c, r±1)`, `(c+1, r+1)` and
//! `(c−1, r−1)`, so a set's neighbourhood is a few shifts by one bit and by one word: the
//! flood fill is a short loop the compiler vectorises.

use core::fmt;

use game_core::Bits;

/// The smallest board: 3 points a side.
pub const MIN_SIZE: u32 = 3;
/// The largest board: 11 points a side.
pub const MAX_SIZE: u32 = 11;
/// The default board: 9 points a side (217 points).
pub const DEFAULT_SIZE: u32 = 9;

/// The stride of a point's index: `row * 32 + col`, so that the index is the point's bit in
/// a [`PointSet`] (row `r` is the set's word `r`, column `c` its bit `c`).
pub(crate) const ROW_STRIDE: u16 = 32;
/// Words (rows) of a bitboard: 21 rows, padded to 24.
pub(crate) const ROWS: usize = 24;

/// A point of the board: column and row counted from 0 (`a1` is column 0, row 0).
///
/// A point is the same on every board size; whether it lies on a given board is a question for
/// the position ([`crate::Position::contains`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

// Stored as its name, `"e5"` (not its layout index), read back only when it is a point of the
// largest board.
#[cfg(feature = "serde")]
game_core::impl_serde_text!(Point);

impl Point {
    /// The point in column `col` and row `row` (from 0, `a1` at column 0, row 0), if it lies
    /// on the largest board.
    pub const fn new(col: u8, row: u8) -> Option<Point> {
        let n = MAX_SIZE as u8;
        if col < 2 * n - 1 && row < 2 * n - 1 && col.abs_diff(row) < n {
            Some(Point(row as u16 * ROW_STRIDE + col as u16))
        } else {
            None
        }
    }

    /// The point with index `index` ([`Point::index`]), if that index is a point of the
    /// largest board.
    pub const fn from_index(index: usize) -> Option<Point> {
        let stride = ROW_STRIDE as usize;
        if index >= ROWS * stride {
            return None;
        }
        Point::new((index % stride) as u8, (index / stride) as u8)
    }

    /// The column, from 0 (`a`).
    pub const fn col(self) -> u8 {
        (self.0 % ROW_STRIDE) as u8
    }

    /// The row, from 0 (row `1`).
    pub const fn row(self) -> u8 {
        (self.0 / ROW_STRIDE) as u8
    }

    /// The point's index, `row * 32 + col`: its bit in a [`PointSet`] (word `row`, bit
    /// `col`). The same on every board size.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The point at bit `index` of a set (which must be a point of the layout).
    pub(crate) const fn at_bit(index: usize) -> Point {
        Point(index as u16)
    }

    /// Whether the point lies on the board with `size` points a side.
    pub const fn is_on_board(self, size: u32) -> bool {
        let (col, row) = (self.col() as u32, self.row() as u32);
        col < 2 * size - 1 && row < 2 * size - 1 && col.abs_diff(row) < size
    }
}

impl fmt::Display for Point {
    /// Column letter and row number, `e5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.col()), self.row() + 1)
    }
}

/// A set of points: the bitboard used everywhere (stones, territories, legal moves), one
/// 32-bit word per row, bit `c` of word `r` for the point with index `r * 32 + c`
/// ([`Point::index`]).
///
/// The same methods as every game crate's point set (`EMPTY`, `contains`, `insert`, `remove`,
/// `len`, `is_empty`, `first`, `iter`, `intersects`, `union`, `intersection`, `difference`);
/// sets are passed by value, as the one-word sets of the other games are.
///
/// ```
/// use sundraval::{Point, PointSet};
///
/// let (a1, e5) = (Point::new(0, 0).unwrap(), Point::new(4, 4).unwrap());
/// let set: PointSet = [e5, a1].into_iter().collect();
/// assert_eq!(set.iter().collect::<Vec<_>>(), [a1, e5]);
/// assert!(set.contains(e5) && !set.difference([e5].into_iter().collect()).contains(e5));
/// assert_eq!(set.union(PointSet::EMPTY), set);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PointSet(pub(crate) [u32; ROWS]);

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet([0; ROWS]);

    /// Whether the set holds no point.
    #[inline]
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0.iter().fold(0, |acc, &w| acc | w) == 0
    }

    /// The number of points in the set.
    #[inline]
    #[must_use]
    pub fn len(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether `point` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, point: Point) -> bool {
        self.0[point.row() as usize % ROWS] >> point.col() & 1 != 0
    }

    /// Adds `point` (no change when it is already in).
    #[inline]
    pub const fn insert(&mut self, point: Point) {
        self.0[point.row() as usize % ROWS] |= 1 << point.col();
    }

    /// Removes `point` (no change when it is not in).
    #[inline]
    pub const fn remove(&mut self, point: Point) {
        self.0[point.row() as usize % ROWS] &= !(1 << point.col());
    }

    /// The points of the set, lowest index first (row by row, columns ascending).
    pub fn iter(self) -> Points {
        Points {
            words: self.0,
            row: 0,
            row_bits: Bits(self.0[0]),
        }
    }

    /// The lowest point of the set (first row, then lowest column).
    #[inline]
    #[must_use]
    pub fn first(self) -> Option<Point> {
        self.iter().next()
    }

    /// Whether the two sets share a point.
    #[inline]
    #[must_use]
    pub fn intersects(self, other: PointSet) -> bool {
        !self.intersection(other).is_empty()
    }

    /// The points in both sets.
    #[inline]
    #[must_use]
    pub fn intersection(self, other: PointSet) -> PointSet {
        let mut out = self;
        for (o, b) in out.0.iter_mut().zip(other.0.iter()) {
            *o &= b;
        }
        out
    }

    /// The points in either set.
    #[inline]
    #[must_use]
    pub fn union(self, other: PointSet) -> PointSet {
        let mut out = self;
        for (o, b) in out.0.iter_mut().zip(other.0.iter()) {
            *o |= b;
        }
        out
    }

    /// The points of this set that are not in `other`.
    #[inline]
    #[must_use]
    pub fn difference(self, other: PointSet) -> PointSet {
        let mut out = self;
        for (o, b) in out.0.iter_mut().zip(other.0.iter()) {
            *o &= !b;
        }
        out
    }

    /// The set together with every position next to one of its points. The result may hold
    /// bits outside the board: callers intersect it with a set of board points.
    #[inline]
    #[must_use]
    pub(crate) fn dilate(&self) -> PointSet {
        let x = &self.0;
        // up[r] = x[r − 1], down[r] = x[r + 1] (zero beyond the ends).
        let mut up = [0u32; ROWS];
        let mut down = [0u32; ROWS];
        up[1..].copy_from_slice(&x[..ROWS - 1]);
        down[..ROWS - 1].copy_from_slice(&x[1..]);
        let mut out = [0u32; ROWS];
        for r in 0..ROWS {
            // (c±1, r), (c, r−1), (c−1, r−1), (c, r+1), (c+1, r+1).
            out[r] = x[r] | x[r] << 1 | x[r] >> 1 | up[r] | up[r] << 1 | down[r] | down[r] >> 1;
        }
        PointSet(out)
    }

    /// Every point of `within` connected to `seed` through points of `within` (`seed` must be
    /// a subset of `within`): the bitboard flood fill.
    #[inline]
    #[must_use]
    pub(crate) fn fill(seed: PointSet, within: &PointSet) -> PointSet {
        let mut fill = seed;
        loop {
            let next = fill.dilate().intersection(*within);
            let changed = next
                .0
                .iter()
                .zip(fill.0.iter())
                .fold(0, |acc, (a, b)| acc | (a ^ b));
            if changed == 0 {
                return fill;
            }
            fill = next;
        }
    }

    /// The points of `within` next to a point of this set (not counting the set itself).
    #[inline]
    #[must_use]
    pub fn neighbours_in(self, within: PointSet) -> PointSet {
        self.dilate().difference(self).intersection(within)
    }
}

game_core::__point_set_traits!(PointSet, Point, Points);

/// The points of a [`PointSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct Points {
    words: [u32; ROWS],
    /// The row being visited.
    row: usize,
    /// The columns of that row not yet visited.
    row_bits: Bits<u32>,
}

impl Iterator for Points {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        loop {
            if let Some(col) = self.row_bits.next() {
                return Some(Point::at_bit(self.row * ROW_STRIDE as usize + col));
            }
            if self.row + 1 >= ROWS {
                return None;
            }
            self.row += 1;
            self.row_bits = Bits(self.words[self.row]);
        }
    }
}

impl core::iter::FusedIterator for Points {}

/// The number of points of the board with `size` points a side: 3·n·(n−1) + 1.
pub const fn point_count(size: u32) -> u32 {
    3 * size * (size - 1) + 1
}

const fn board_mask(n: u32) -> PointSet {
    let mut words = [0u32; ROWS];
    let mut row = 0;
    while row < 2 * n - 1 {
        let mut col = 0;
        while col < 2 * n - 1 {
            if col.abs_diff(row) < n {
                words[row as usize] |= 1 << col;
            }
            col += 1;
        }
        row += 1;
    }
    PointSet(words)
}

const BOARD_MASKS: [PointSet; 9] = {
    let mut masks = [PointSet::EMPTY; 9];
    let mut n = MIN_SIZE;
    while n <= MAX_SIZE {
        masks[(n - MIN_SIZE) as usize] = board_mask(n);
        n += 1;
    }
    masks
};

/// The points of the board with `size` points a side (`size` in 3..=11).
#[inline]
pub(crate) fn board_points(size: u8) -> &'static PointSet {
    &BOARD_MASKS[(size as usize).wrapping_sub(MIN_SIZE as usize) % BOARD_MASKS.len()]
}

/// The points of the board with `size` points a side, or `None` for a size outside 3..=11.
pub fn board(size: u32) -> Option<PointSet> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Some(BOARD_MASKS[(size - MIN_SIZE) as usize])
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_counts_follow_the_formula() {
        for n in MIN_SIZE..=MAX_SIZE {
            assert_eq!(board(n).map(|b| b.len() as u32), Some(point_count(n)));
        }
        assert_eq!(point_count(9), 217);
        assert_eq!(point_count(11), 331);
    }

    #[test]
    fn neighbours_are_the_six_hex_directions() {
        // On n = 5 the centre e5 (4, 4) has the six neighbours of the page.
        let b = board(5).unwrap();
        let centre: PointSet = [Point::new(4, 4).unwrap()].into_iter().collect();
        let names: Vec<String> = centre
            .neighbours_in(b)
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(names, ["d4", "e4", "d5", "f5", "e6", "f6"]);
        // The corner a1 has three.
        let corner: PointSet = [Point::new(0, 0).unwrap()].into_iter().collect();
        assert_eq!(corner.neighbours_in(b).len(), 3);
        // So does the corner e1 (4, 0): d1, e2 and f2.
        let corner: PointSet = [Point::new(4, 0).unwrap()].into_iter().collect();
        let names: Vec<String> = corner
            .neighbours_in(b)
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(names, ["d1", "e2", "f2"]);
    }

    /// A point's index is its bit in a set, and only points of the largest board have one.
    #[test]
    fn indices_are_the_bits_of_a_set() {
        let e5 = Point::new(4, 4).expect("the centre of the 5 board");
        assert_eq!((e5.col(), e5.row(), e5.to_string().as_str()), (4, 4, "e5"));
        assert_eq!(Point::from_index(e5.index()), Some(e5));
        let set: PointSet = [e5].into_iter().collect();
        assert_eq!(set.0[4], 1 << 4, "word 4 (row 5), bit 4 (column e)");
        // On the hexagon of 11 a side, a11 and k1 are corners, a12 and l1 lie outside; u21
        // is the top corner.
        assert!(Point::new(0, 10).is_some() && Point::new(10, 0).is_some());
        assert_eq!(Point::new(0, 11), None);
        assert_eq!(Point::new(11, 0), None);
        assert!(Point::new(20, 20).is_some());
        assert_eq!(Point::new(21, 21), None);
        assert_eq!(Point::from_index(21), None, "column v, row 1: no point");
        assert_eq!(Point::from_index(24 * 32), None);
        for n in MIN_SIZE..=MAX_SIZE {
            for point in board(n).expect("a size") {
                assert_eq!(Point::from_index(point.index()), Some(point));
            }
        }
    }
}
