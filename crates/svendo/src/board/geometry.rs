//! The tables of each board size, built at compile time: the board's bits, sliding rays and
//! the five-point lines with their base and check points.
use super::{Point, BOARD_SIZE_COUNT, DIMS, DIRECTIONS};

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
    use crate::board::dims_index;

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
}
