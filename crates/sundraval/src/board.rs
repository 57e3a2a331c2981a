//! Geometry of the hexagonal board: points, the bitboard type and the per-size masks.
//!
//! Every board size uses the same layout: the point in column `c` and row `r` (both from 0) is
//! bit `r * 22 + c` of a 512-bit board. Column 21 is never a point, so shifting a board by one
//! column never wraps a stone from one row's end onto the next row's start. With that layout
//! the six neighbours of a point are the bits at offsets ±1 (same row), ±22 (same column) and
//! ±23 (the `(c+1, r+1)` / `(c−1, r−1)` diagonal): a board's neighbourhood is six constant
//! shifts.

use core::fmt;

/// The smallest board: 3 points a side.
pub const MIN_SIZE: u32 = 3;
/// The largest board: 11 points a side.
pub const MAX_SIZE: u32 = 11;
/// The default board: 9 points a side (217 points).
pub const DEFAULT_SIZE: u32 = 9;

/// Bits per row of the layout (21 columns at most, plus one guard column).
pub(crate) const ROW_STRIDE: u16 = 22;
/// Words of a bitboard.
pub(crate) const WORDS: usize = 8;

/// A point of the board: column and row counted from 0 (`a1` is column 0, row 0).
///
/// A point is the same on every board size; whether it lies on a given board is a question for
/// the position ([`crate::Position::contains`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "u16", into = "u16")
)]
pub struct Point(u16);

impl Point {
    /// The point in column `col` and row `row` (from 0), if it lies on the largest board.
    pub const fn new(col: u32, row: u32) -> Option<Point> {
        let n = MAX_SIZE;
        if col < 2 * n - 1 && row < 2 * n - 1 && col.abs_diff(row) < n {
            Some(Point((row * ROW_STRIDE as u32 + col) as u16))
        } else {
            None
        }
    }

    /// The column, from 0 (`a`).
    pub const fn col(self) -> u32 {
        (self.0 % ROW_STRIDE) as u32
    }

    /// The row, from 0 (row `1`).
    pub const fn row(self) -> u32 {
        (self.0 / ROW_STRIDE) as u32
    }

    /// The bit index of the point in a bitboard.
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// The point at bit `index` (which must be a point of the layout).
    pub(crate) const fn from_index(index: usize) -> Point {
        Point(index as u16)
    }

    /// Whether the point lies on the board with `size` points a side.
    pub const fn is_on_board(self, size: u32) -> bool {
        self.col() < 2 * size - 1
            && self.row() < 2 * size - 1
            && self.col().abs_diff(self.row()) < size
    }
}

impl From<Point> for u16 {
    fn from(point: Point) -> u16 {
        point.0
    }
}

impl TryFrom<u16> for Point {
    type Error = &'static str;

    /// A point from its layout index (`row * 22 + col`), as serde stores it.
    fn try_from(index: u16) -> Result<Point, Self::Error> {
        let (col, row) = (u32::from(index % ROW_STRIDE), u32::from(index / ROW_STRIDE));
        Point::new(col, row).ok_or("not a point of any Sundraval board")
    }
}

impl fmt::Display for Point {
    /// Column letter and row number, `e5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.col() as u8),
            self.row() + 1
        )
    }
}

/// A set of points: the 512-bit board used everywhere (stones, territories, legal moves).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PointSet(pub(crate) [u64; WORDS]);

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet([0; WORDS]);

    /// Whether the set holds no point.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The number of points in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether `point` is in the set.
    #[inline]
    pub fn contains(&self, point: Point) -> bool {
        let i = point.index();
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    /// Adds `point`.
    #[inline]
    pub fn insert(&mut self, point: Point) {
        let i = point.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes `point`.
    #[inline]
    pub fn remove(&mut self, point: Point) {
        let i = point.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// The points of the set, in index order (row by row, columns ascending).
    pub fn iter(&self) -> Points {
        Points {
            words: self.0,
            word: 0,
        }
    }

    /// The lowest point of the set.
    #[inline]
    pub fn first(&self) -> Option<Point> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(Point::from_index(i * 64 + w.trailing_zeros() as usize));
            }
        }
        None
    }

    /// The set holding only the lowest point of this one (empty for an empty set).
    #[inline]
    pub(crate) fn lowest(&self) -> PointSet {
        let mut out = PointSet::EMPTY;
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                out.0[i] = w & w.wrapping_neg();
                break;
            }
        }
        out
    }

    /// Whether the two sets share a point.
    #[inline]
    pub fn intersects(&self, other: &PointSet) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// The points in both sets.
    #[inline]
    #[must_use]
    pub fn and(&self, other: &PointSet) -> PointSet {
        let mut out = *self;
        for (o, b) in out.0.iter_mut().zip(other.0.iter()) {
            *o &= b;
        }
        out
    }

    /// The points in either set.
    #[inline]
    #[must_use]
    pub fn or(&self, other: &PointSet) -> PointSet {
        let mut out = *self;
        for (o, b) in out.0.iter_mut().zip(other.0.iter()) {
            *o |= b;
        }
        out
    }

    /// The points of this set that are not in `other`.
    #[inline]
    #[must_use]
    pub fn and_not(&self, other: &PointSet) -> PointSet {
        let mut out = *self;
        for (o, b) in out.0.iter_mut().zip(other.0.iter()) {
            *o &= !b;
        }
        out
    }

    #[inline]
    fn shl<const K: u32>(&self) -> PointSet {
        let x = &self.0;
        let mut out = [0; WORDS];
        out[0] = x[0] << K;
        for i in 1..WORDS {
            out[i] = x[i] << K | x[i - 1] >> (64 - K);
        }
        PointSet(out)
    }

    #[inline]
    fn shr<const K: u32>(&self) -> PointSet {
        let x = &self.0;
        let mut out = [0; WORDS];
        for i in 0..WORDS - 1 {
            out[i] = x[i] >> K | x[i + 1] << (64 - K);
        }
        out[WORDS - 1] = x[WORDS - 1] >> K;
        PointSet(out)
    }

    /// The set together with every layout position next to one of its points. The result may
    /// hold guard bits outside the board: callers intersect it with a set of board points.
    #[inline]
    #[must_use]
    pub(crate) fn dilate(&self) -> PointSet {
        let a = self.shl::<1>().or(&self.shr::<1>());
        let b = self.shl::<22>().or(&self.shr::<22>());
        let c = self.shl::<23>().or(&self.shr::<23>());
        self.or(&a).or(&b).or(&c)
    }

    /// Every point of `within` connected to `seed` through points of `within` (`seed` must be
    /// a subset of `within`): the bitboard flood fill.
    #[inline]
    #[must_use]
    pub(crate) fn fill(seed: PointSet, within: &PointSet) -> PointSet {
        let mut fill = seed;
        loop {
            let next = fill.dilate().and(within);
            if next == fill {
                return fill;
            }
            fill = next;
        }
    }

    /// The points of `within` next to a point of this set (not counting the set itself).
    #[inline]
    #[must_use]
    pub fn neighbours_in(&self, within: &PointSet) -> PointSet {
        self.dilate().and_not(self).and(within)
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Self {
        let mut set = PointSet::EMPTY;
        for p in iter {
            set.insert(p);
        }
        set
    }
}

impl IntoIterator for PointSet {
    type Item = Point;
    type IntoIter = Points;
    fn into_iter(self) -> Points {
        self.iter()
    }
}

impl IntoIterator for &PointSet {
    type Item = Point;
    type IntoIter = Points;
    fn into_iter(self) -> Points {
        self.iter()
    }
}

/// The points of a [`PointSet`], lowest first.
#[derive(Clone, Debug)]
pub struct Points {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for Points {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Point::from_index(
                    self.word * 64 + w.trailing_zeros() as usize,
                ));
            }
            self.word += 1;
        }
        None
    }
}

/// The number of points of the board with `size` points a side: 3·n·(n−1) + 1.
pub const fn point_count(size: u32) -> u32 {
    3 * size * (size - 1) + 1
}

const fn board_mask(n: u32) -> PointSet {
    let mut words = [0u64; WORDS];
    let mut row = 0;
    while row < 2 * n - 1 {
        let mut col = 0;
        while col < 2 * n - 1 {
            if col.abs_diff(row) < n {
                let i = (row * ROW_STRIDE as u32 + col) as usize;
                words[i >> 6] |= 1 << (i & 63);
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
            .neighbours_in(&b)
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(names, ["d4", "e4", "d5", "f5", "e6", "f6"]);
        // The corner a1 has three.
        let corner: PointSet = [Point::new(0, 0).unwrap()].into_iter().collect();
        assert_eq!(corner.neighbours_in(&b).len(), 3);
        // So does the corner e1 (4, 0): d1, e2 and f2.
        let corner: PointSet = [Point::new(4, 0).unwrap()].into_iter().collect();
        let names: Vec<String> = corner
            .neighbours_in(&b)
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(names, ["d1", "e2", "f2"]);
    }
}
