//! Sets of points that name the same points on every board: one 16-bit word per column.

use game_core::Bits;

use super::{Geometry, Point, COL_STRIDE, MAX_SIDE_USIZE};

/// A set of points of any board: one 16-bit word per column, bit `r` of word `c` for the point
/// in column `c`, row `r` (its [`Point::index`] is `c * 16 + r`), so that a set names the same
/// points whatever the board, as a [`Point`] does.
///
/// The same methods as every game crate's point set (`EMPTY`, `contains`, `insert`, `remove`,
/// `len`, `is_empty`, `first`, `iter`, `intersects`, `union`, `intersection`, `difference`).
/// A position keeps its stones as one `u64` per kind, numbered for its own board; the sets
/// are what it hands out.
///
/// ```
/// use svendo::{Point, PointSet};
///
/// let (a1, c3) = (Point::new(0, 0).unwrap(), Point::new(2, 2).unwrap());
/// let set: PointSet = [c3, a1].into_iter().collect();
/// assert_eq!(set.iter().collect::<Vec<_>>(), [a1, c3]);
/// assert!(set.contains(c3) && !set.difference([c3].into_iter().collect()).contains(c3));
/// assert_eq!(set.union(PointSet::EMPTY), set);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PointSet([u16; MAX_SIDE_USIZE]);

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet([0; MAX_SIDE_USIZE]);

    /// Whether `point` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, point: Point) -> bool {
        self.0[point.col() as usize % MAX_SIDE_USIZE] >> point.row() & 1 != 0
    }

    /// Adds `point` (no change when it is already in).
    #[inline]
    pub const fn insert(&mut self, point: Point) {
        self.0[point.col() as usize % MAX_SIDE_USIZE] |= 1 << point.row();
    }

    /// Removes `point` (no change when it is not in).
    #[inline]
    pub const fn remove(&mut self, point: Point) {
        self.0[point.col() as usize % MAX_SIDE_USIZE] &= !(1 << point.row());
    }

    /// The number of points in the set.
    #[inline]
    #[must_use]
    pub fn len(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set holds no point.
    #[inline]
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The lowest point of the set (the lowest index: first column, then lowest row).
    #[inline]
    #[must_use]
    pub fn first(self) -> Option<Point> {
        self.iter().next()
    }

    /// The points of the set, lowest index first (column by column, rows ascending).
    pub fn iter(self) -> Points {
        Points {
            words: self.0,
            col: 0,
            col_bits: Bits(self.0[0]),
        }
    }

    /// Whether the two sets share a point.
    #[inline]
    #[must_use]
    pub fn intersects(self, other: PointSet) -> bool {
        !self.intersection(other).is_empty()
    }

    /// The points in either set.
    #[inline]
    #[must_use]
    pub fn union(self, other: PointSet) -> PointSet {
        PointSet(core::array::from_fn(|c| self.0[c] | other.0[c]))
    }

    /// The points in both sets.
    #[inline]
    #[must_use]
    pub fn intersection(self, other: PointSet) -> PointSet {
        PointSet(core::array::from_fn(|c| self.0[c] & other.0[c]))
    }

    /// The points of this set that are not in `other`.
    #[inline]
    #[must_use]
    pub fn difference(self, other: PointSet) -> PointSet {
        PointSet(core::array::from_fn(|c| self.0[c] & !other.0[c]))
    }

    /// The points of a board bitboard of `geo` (bit `row * width + col`).
    pub(crate) fn from_board_bits(bits: u64, geo: &Geometry) -> PointSet {
        let mut set = PointSet::EMPTY;
        for index in Bits(bits) {
            set.insert(geo.points[index & 63]);
        }
        set
    }
}

game_core::__point_set_traits!(PointSet, Point, Points);

/// The points of a [`PointSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct Points {
    words: [u16; MAX_SIDE_USIZE],
    /// The column being visited.
    col: usize,
    /// The rows of that column not yet visited.
    col_bits: Bits<u16>,
}

impl Iterator for Points {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        loop {
            if let Some(row) = self.col_bits.next() {
                return Some(Point::at_bit(self.col * COL_STRIDE + row));
            }
            if self.col + 1 >= MAX_SIDE_USIZE {
                return None;
            }
            self.col += 1;
            self.col_bits = Bits(self.words[self.col]);
        }
    }
}

impl core::iter::FusedIterator for Points {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{dims_index, geometry};

    /// A point's index is its bit in a set and names the same point on every board; a board
    /// bitboard (numbered row by row for its width) becomes the set of the same points.
    #[test]
    fn sets_name_points_whatever_the_board() {
        let c3 = Point::new(2, 2).expect("on every board");
        assert_eq!((c3.col(), c3.row(), c3.to_string().as_str()), (2, 2, "c3"));
        assert_eq!(Point::from_index(c3.index()), Some(c3));
        assert_eq!(Point::from_index(12), None, "column a has rows 0-11 only");
        assert_eq!(Point::from_index(12 * 16), None);
        for (width, height) in [(10, 6), (5, 12), (12, 5)] {
            let geo = geometry(dims_index(width, height).expect("a supported board"));
            // c3 is bit 2 * width + 2 of this board's words.
            let set = PointSet::from_board_bits(1 << (2 * width + 2), geo);
            assert_eq!(set.iter().collect::<Vec<_>>(), [c3], "{width}x{height}");
            let all = PointSet::from_board_bits(geo.all, geo);
            assert_eq!(all.len(), width * height);
            assert!(all
                .iter()
                .all(|p| usize::from(p.col()) < width && usize::from(p.row()) < height));
        }
    }
}
