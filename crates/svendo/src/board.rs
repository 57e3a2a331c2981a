//! Geometry: points, board dimensions, bitboards, sliding rays and the five-point lines.
//!
//! A board is a rectangle of `width` × `height` points (default 10 × 6; any rectangle of
//! 30..=64 points with both sides at least 5). Point `index = row * width + col`, row 0 being
//! rank `1` (the bottom row) and column 0 file `a`. A bitboard is a `u64` with one bit per
//! point. The tables of every board size are built at compile time (`const fn`) and shared by
//! every position on it: no cache, no lock, nothing to initialise, with or without `std`.

use core::fmt;
use core::str::FromStr;

use game_core::{Bits, BoardSize, ParsePointError};

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

/// The most five-point lines on one supported board (computed from the board list).
const MAX_LINES: usize = max_lines();

/// The most lines one point is a base point of: the first, middle or last point of a line in
/// each of the four line directions.
const MAX_BASE_LINES: usize = 12;

/// The most lines one point is a check point of: the second or fourth point of a line in each
/// of the four line directions.
const MAX_CHECK_LINES: usize = 8;

/// The number of five-point lines on a `width` × `height` board: rows, columns and both
/// diagonals.
const fn line_count(width: usize, height: usize) -> usize {
    let (w, h) = (width - 4, height - 4);
    w * height + width * h + 2 * w * h
}

/// [`line_count`] of the largest board, the length of every board's line table.
const fn max_lines() -> usize {
    let mut most = 0;
    let mut i = 0;
    while i < DIMS.1 {
        let (w, h) = DIMS.0[i];
        let n = line_count(w as usize, h as usize);
        if n > most {
            most = n;
        }
        i += 1;
    }
    most
}

/// The tables of one board size, built at compile time for every supported size (see
/// [`geometry`]), so positions need no cache and no allocation.
#[derive(Debug)]
pub(crate) struct Geometry {
    pub width: usize,
    pub height: usize,
    /// Every point of the board.
    pub all: u64,
    /// `rays[d][p]`: the points from `p` (exclusive) to the edge in direction `d`.
    pub rays: [[u64; 64]; 8],
    /// The up-to-eight neighbours of each point.
    pub neighbours: [u64; 64],
    /// Index difference of one step in the four increasing directions.
    pub shift: [u32; 4],
    /// `starts[d]`: the points where a five-point line in increasing direction `d` starts.
    pub starts: [u64; 4],
    /// Every line: (its three base points, its two check points); the first
    /// [`line_count`]`(width, height)` entries are used.
    lines: [(u64, u64); MAX_LINES],
    /// The lines each point is a base point of (the first `base_count[p]` entries).
    base_of: [[u16; MAX_BASE_LINES]; 64],
    base_count: [u8; 64],
    /// The lines each point is a check point of (the first `check_count[p]` entries).
    check_of: [[u16; MAX_CHECK_LINES]; 64],
    check_count: [u8; 64],
    /// The point (column/row) of each index.
    pub points: [Point; 64],
}

impl Geometry {
    /// The tables of the `width` × `height` board (a supported size: at most 64 points, both
    /// sides from 5 to 12). A `const fn`, so every table is built by the compiler.
    const fn new(width: usize, height: usize) -> Geometry {
        let n = width * height;
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut rays = [[0u64; 64]; 8];
        let mut neighbours = [0u64; 64];
        let mut points = [Point(0); 64];
        let mut p = 0;
        while p < n {
            let (c0, r0) = ((p % width) as i32, (p / width) as i32);
            // Both sides are at most 12 (< 16), so the column and row fit their four bits.
            points[p] = Point((c0 as u8) << 4 | r0 as u8);
            let mut d = 0;
            while d < 8 {
                let (dc, dr) = DIRECTIONS[d];
                let (mut c, mut r) = (c0 + dc, r0 + dr);
                if on_board(width, height, c, r) {
                    neighbours[p] |= 1 << (r as usize * width + c as usize);
                }
                while on_board(width, height, c, r) {
                    rays[d][p] |= 1 << (r as usize * width + c as usize);
                    c += dc;
                    r += dr;
                }
                d += 1;
            }
            p += 1;
        }
        let w = width as u32;
        let shift = [1, w, w + 1, w - 1];
        let mut starts = [0u64; 4];
        let mut lines = [(0u64, 0u64); MAX_LINES];
        let mut line_count = 0;
        let mut base_of = [[0u16; MAX_BASE_LINES]; 64];
        let mut base_count = [0u8; 64];
        let mut check_of = [[0u16; MAX_CHECK_LINES]; 64];
        let mut check_count = [0u8; 64];
        let mut d = 0;
        while d < 4 {
            let (dc, dr) = DIRECTIONS[d];
            let mut p = 0;
            while p < n {
                let (c, r) = ((p % width) as i32, (p / width) as i32);
                if on_board(width, height, c + 4 * dc, r + 4 * dr) {
                    starts[d] |= 1 << p;
                    let line = line_count as u16;
                    let mut bases = 0u64;
                    let mut checks = 0u64;
                    let mut k = 0;
                    while k < 5 {
                        let at = ((r + k * dr) as usize) * width + (c + k * dc) as usize;
                        if k % 2 == 0 {
                            bases |= 1 << at;
                            base_of[at][base_count[at] as usize] = line;
                            base_count[at] += 1;
                        } else {
                            checks |= 1 << at;
                            check_of[at][check_count[at] as usize] = line;
                            check_count[at] += 1;
                        }
                        k += 1;
                    }
                    lines[line_count] = (bases, checks);
                    line_count += 1;
                }
                p += 1;
            }
            d += 1;
        }
        Geometry {
            width,
            height,
            all,
            rays,
            neighbours,
            shift,
            starts,
            lines,
            base_of,
            base_count,
            check_of,
            check_count,
            points,
        }
    }

    /// The line with number `line` (an entry of [`base_of`](Self::base_of) or
    /// [`check_of`](Self::check_of)).
    #[inline]
    pub(crate) fn line(&self, line: u16) -> (u64, u64) {
        self.lines[usize::from(line)]
    }

    /// The numbers of the lines the point with index `p` is a base point of.
    #[inline]
    pub(crate) fn base_of(&self, p: usize) -> &[u16] {
        &self.base_of[p][..self.base_count[p] as usize]
    }

    /// The numbers of the lines the point with index `p` is a check point of.
    #[inline]
    pub(crate) fn check_of(&self, p: usize) -> &[u16] {
        &self.check_of[p][..self.check_count[p] as usize]
    }

    /// The index of a point, if it is on this board.
    #[inline]
    pub(crate) fn index(&self, point: Point) -> Option<usize> {
        let (col, row) = (usize::from(point.col()), usize::from(point.row()));
        (col < self.width && row < self.height).then(|| row * self.width + col)
    }

    /// The index of a point known to be on this board.
    #[inline]
    pub(crate) fn index_unchecked(&self, point: Point) -> usize {
        usize::from(point.row()) * self.width + usize::from(point.col())
    }

    /// The points a queen-like slide from `from` reaches through the empty points, `occupied`
    /// being every stone (the slide stops before the first stone in each direction).
    ///
    /// Branch-free: a sentinel bit (index 63 for the increasing directions, 0 for the
    /// decreasing ones) stands for "no stone"; the ray beyond the sentinel is empty because 63
    /// and 0 are corners (or off the board) where those rays leave the board at once.
    #[inline]
    pub(crate) fn slides(&self, from: usize, occupied: u64) -> u64 {
        let mut reach = 0;
        for d in 0..4 {
            let ray = self.rays[d][from];
            let first = ((ray & occupied) | 1 << 63).trailing_zeros() as usize;
            reach |= ray ^ self.rays[d][first];
        }
        for d in 4..8 {
            let ray = self.rays[d][from];
            let first = 63 - ((ray & occupied) | 1).leading_zeros() as usize;
            reach |= ray ^ self.rays[d][first];
        }
        reach & !occupied
    }

    /// The points strictly between `a` and `b` when they share a line (else none).
    pub(crate) fn between(&self, a: usize, b: usize) -> u64 {
        for d in 0..8 {
            if self.rays[d][a] & (1 << b) != 0 {
                return self.rays[d][a] & !self.rays[d][b] & !(1 << b);
            }
        }
        0
    }

    /// The first stone in each direction from `at` (the stones a slide to `at` can come from).
    #[inline]
    pub(crate) fn first_stones(&self, at: usize, occupied: u64) -> u64 {
        let mut found = 0;
        for d in 0..4 {
            let blockers = self.rays[d][at] & occupied;
            if blockers != 0 {
                found |= blockers & blockers.wrapping_neg();
            }
        }
        for d in 4..8 {
            let blockers = self.rays[d][at] & occupied;
            if blockers != 0 {
                found |= 1 << (63 - blockers.leading_zeros());
            }
        }
        found
    }
}

/// Whether column `c`, row `r` is on the `width` × `height` board.
const fn on_board(width: usize, height: usize, c: i32, r: i32) -> bool {
    c >= 0 && r >= 0 && (c as usize) < width && (r as usize) < height
}

/// The tables of every supported board size, in the order of [`DIMS`], built at compile time.
static GEOMETRIES: [Geometry; BOARD_SIZE_COUNT] = all_geometries();

const fn all_geometries() -> [Geometry; BOARD_SIZE_COUNT] {
    // A placeholder board for the array's initial value, replaced entry by entry.
    const FIRST: Geometry = Geometry::new(DIMS.0[0].0 as usize, DIMS.0[0].1 as usize);
    let mut all = [FIRST; BOARD_SIZE_COUNT];
    let mut i = 1;
    while i < BOARD_SIZE_COUNT {
        all[i] = Geometry::new(DIMS.0[i].0 as usize, DIMS.0[i].1 as usize);
        i += 1;
    }
    all
}

/// The tables of the board size with index `dims` (from [`dims_index`]).
#[inline]
pub(crate) fn geometry(dims: u8) -> &'static Geometry {
    &GEOMETRIES[usize::from(dims)]
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
    fn default_board_has_eighty_lines() {
        let g = geometry(dims_index(10, 6).unwrap());
        // rows: 6 per row × 6 rows; columns: 2 per column × 10; diagonals: 6 × 2 per direction.
        let lines: u32 = g.starts.iter().map(|s| s.count_ones()).sum();
        assert_eq!(lines, 36 + 20 + 12 + 12);
        assert_eq!(line_count(10, 6), 80);
        assert_eq!(g.all.count_ones(), 60);
    }

    /// The compile-time line tables of every board, checked against the board's geometry: each
    /// line is five points in a row on the board (bases 1, 3, 5, checks 2, 4), each point lists
    /// exactly the lines it is a base or check point of, and the count matches the formula.
    #[test]
    fn line_tables_of_every_board_agree_with_the_board() {
        for dims in 0..DIMS.1 as u8 {
            let g = geometry(dims);
            let n = line_count(g.width, g.height);
            let mut found = 0;
            for (d, &(dc, dr)) in DIRECTIONS[..4].iter().enumerate() {
                for p in 0..g.width * g.height {
                    let (c, r) = ((p % g.width) as i32, (p / g.width) as i32);
                    let (ec, er) = (c + 4 * dc, r + 4 * dr);
                    let fits =
                        ec >= 0 && er >= 0 && (ec as usize) < g.width && (er as usize) < g.height;
                    assert_eq!(
                        g.starts[d] >> p & 1 == 1,
                        fits,
                        "{}x{} start {p} dir {d}",
                        g.width,
                        g.height
                    );
                    if !fits {
                        continue;
                    }
                    let at = |k: i32| ((r + k * dr) as usize) * g.width + (c + k * dc) as usize;
                    let bases = 1u64 << at(0) | 1 << at(2) | 1 << at(4);
                    let checks = 1u64 << at(1) | 1 << at(3);
                    let line = (0..n as u16)
                        .find(|&l| g.line(l) == (bases, checks))
                        .expect("the line is in the table");
                    for k in [0, 2, 4] {
                        assert!(g.base_of(at(k)).contains(&line));
                    }
                    for k in [1, 3] {
                        assert!(g.check_of(at(k)).contains(&line));
                    }
                    found += 1;
                }
            }
            assert_eq!(found, n, "{}x{}", g.width, g.height);
            let listed: usize = (0..64).map(|p| g.base_of(p).len()).sum();
            assert_eq!(listed, 3 * n);
            let listed: usize = (0..64).map(|p| g.check_of(p).len()).sum();
            assert_eq!(listed, 2 * n);
        }
    }

    #[test]
    fn slides_stop_before_stones() {
        let g = geometry(dims_index(10, 6).unwrap());
        let a1 = g.index(Point::new(0, 0).unwrap()).unwrap();
        let c1 = g.index("c1".parse().unwrap()).unwrap();
        let reach = g.slides(a1, 1 << c1 | 1 << a1);
        assert!(reach & (1 << 1) != 0);
        assert!(reach & (1 << c1) == 0);
        assert!(reach & (1 << 3) == 0);
        // a1 north: a2..a6 (5), north-east: b2..f6 (5), east: b1 (1).
        assert_eq!(reach.count_ones(), 11);
    }

    #[test]
    fn sentinel_corners_have_no_rays_beyond() {
        for dims in 0..DIMS.1 as u8 {
            let g = geometry(dims);
            for d in 0..4 {
                assert_eq!(g.rays[d][63], 0);
                assert_eq!(g.rays[d + 4][0], 0);
            }
        }
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
