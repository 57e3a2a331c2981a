//! What learning agents need: a fixed action space, tensor observations and the twelve
//! symmetries of the hexagon ([`Actions`], [`Observe`], [`Symmetries`] of `game_core`).
//!
//! # Action ids
//!
//! The board's `P` points (3·n·(n−1) + 1 for `n` a side) are numbered `0 .. P` row by row
//! from row 1, each row from its lowest column: the *point number* (on 3 a side, `a1` is 0,
//! `b1` 1, `c1` 2, `a2` 3, …, `e5` 18). The ids, `P + 3 + P²` of them:
//!
//! | ids | move |
//! |---|---|
//! | `0 .. P` | a placement on point number `i` |
//! | `P` | `pass` |
//! | `P + 1` | `keep` |
//! | `P + 2` | `swap` |
//! | `P + 3 + b·P + w` | the opening `black+white`, black stone on point number `b`, white on `w` (`b ≠ w`) |
//!
//! The opening block is a whole `P × P` square although its diagonal (`b = w`) is never
//! legal, so that it factors: a network head for the opening is two `P`-way heads (the black
//! point, then the white point given the black one, or simply the outer product of two
//! `P`-vectors) instead of one output per pair: 2·331 outputs instead of 109 230 on 11 a side.
//! The same two heads can share weights with the placement head (`0 .. P`), which is a
//! `P`-way head over the same points. The opening is one move a game, so the cost of its
//! mask (`P·(P−1)` entries true, about 110 000 on 11 a side) is paid once a game; every
//! other position's mask has at most `P + 1` entries true.
//!
//! `action_id` is a few table reads; `action_move` checks legality the way
//! [`Game::is_legal`](game_core::Game::is_legal) does (one flood fill of the point's empty
//! region for a placement); the mask and [`Actions::legal_actions_into`] are written from the
//! legal-placement bitboard, without allocating.
//!
//! # Observation
//!
//! `[12, 2n−1, 2n−1]`: planes over the rectangle of the board's axial coordinates, plane
//! row `r` being the board's row `r + 1` and plane column `c` its column letter `c` (cell
//! `(r, c)` is a board point when `|c − r| ≤ n − 1`; the other cells are 0 in every plane). Seen
//! by the player `observer` (a seat), whose colour is [`Position::color_of`] of that seat
//! (during the opening the first seat is Black, the second White, until a `swap`):
//!
//! | plane | ones on |
//! |---|---|
//! | 0 | every board point |
//! | 1 | the observer's stones |
//! | 2 | the other colour's stones |
//! | 3 | the empty points where the observer's colour may place (their empty region touches a stone of the other colour) |
//! | 4 | the empty points where the other colour may place |
//! | 5 | every board point when the observer is to move |
//! | 6 | every board point when the observer plays Black |
//! | 7 | every board point when the observer is the first seat |
//! | 8 | every board point during the setup (the opening stones are to be placed) |
//! | 9 | every board point during the choice (`keep` or `swap` is to be answered) |
//! | 10 | every board point when the last move was a pass (one more pass ends the game) |
//! | 11 | every board point when the game is over (two passes) |
//!
//! Sundraval has no draw counter: the game ends by two passes (planes 10 and 11), and no
//! position repeats. Planes 3 and 4 are there because the placement rule is not local: a
//! point deep inside a closed region is playable only while the region touches an enemy
//! stone.
//!
//! # Symmetries
//!
//! All twelve of the hexagon: the six rotations by multiples of 60° and the six reflections.
//! Nothing in the rules depends on the board's orientation (the placement rule, the passes,
//! the scoring with its groups, territories and tie-breaks are defined by adjacency and
//! counts only), so each of them keeps the rules: legal moves map to legal moves and perft
//! counts are unchanged (the tests check both). In cube coordinates `(x, −y, y − x)` of the
//! point `(column, row) = (x + n − 1, y + n − 1)`, symmetry `k` permutes the three
//! coordinates by the `k mod 6`-th permutation (in the order `012, 021, 102, 120, 201, 210`)
//! and negates them for `k ≥ 6`. Symmetry 0 is the identity; the rotations by 60° are 9 and
//! 10, by 120° 3 and 4, by 180° 6; the other six (1, 2, 5, 7, 8, 11) are the reflections.
//! Seats, colours, the turn and the passes are unchanged.

use alloc::vec::Vec;

use game_core::{Actions, Bits, Observe, Symmetries};

use crate::board::{point_count, Point, PointSet, MAX_SIZE, MIN_SIZE, ROW_STRIDE};
use crate::position::{Color, Move, Position, Seat, Turn};

/// Rows (and columns) of the largest board.
const MAX_ROWS: usize = 2 * MAX_SIZE as usize - 1;
/// Points of the largest board.
const MAX_POINTS: usize = point_count(MAX_SIZE) as usize;
/// Board sizes.
const SIZES: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;

/// The planes of an observation.
pub(crate) const PLANES: usize = 12;

/// The first column of row `row` on the board with `n` points a side.
const fn row_start(n: usize, row: usize) -> usize {
    row.saturating_sub(n - 1)
}

/// The number of points of row `row` on the board with `n` points a side.
const fn row_len(n: usize, row: usize) -> usize {
    2 * n - 1 - row.abs_diff(n - 1)
}

/// The point numbers of the rows' first points, per size: `ROW_OFFSET[n − 3][row]`.
static ROW_OFFSET: [[u16; MAX_ROWS]; SIZES] = {
    let mut table = [[0; MAX_ROWS]; SIZES];
    let mut s = 0;
    while s < SIZES {
        let n = s + MIN_SIZE as usize;
        let mut offset = 0;
        let mut row = 0;
        while row < 2 * n - 1 {
            table[s][row] = offset as u16;
            offset += row_len(n, row);
            row += 1;
        }
        s += 1;
    }
    table
};

/// The points by point number, per size, as [`Point::index`] values: `POINT_AT[n − 3][i]`.
static POINT_AT: [[u16; MAX_POINTS]; SIZES] = {
    let mut table = [[0; MAX_POINTS]; SIZES];
    let mut s = 0;
    while s < SIZES {
        let n = s + MIN_SIZE as usize;
        let mut i = 0;
        let mut row = 0;
        while row < 2 * n - 1 {
            let mut col = row_start(n, row);
            while col < row_start(n, row) + row_len(n, row) {
                table[s][i] = (row * ROW_STRIDE as usize + col) as u16;
                i += 1;
                col += 1;
            }
            row += 1;
        }
        s += 1;
    }
    table
};

/// The permutations of the three cube coordinates, symmetry `k` using `PERMUTATIONS[k % 6]`.
const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The number of symmetries of the hexagon.
pub(crate) const SYMMETRIES: usize = 12;

impl Position {
    /// The index into the per-size tables.
    fn size_slot(&self) -> usize {
        usize::from(self.size).wrapping_sub(MIN_SIZE as usize) % SIZES
    }

    /// The point number of `point` (`0 .. P`, row by row from row 1), or `None` when it is
    /// not on this board: the placement's action id.
    pub fn point_number(&self, point: Point) -> Option<usize> {
        if !self.contains(point) {
            return None;
        }
        let n = usize::from(self.size);
        let (col, row) = (usize::from(point.col()), usize::from(point.row()));
        Some(usize::from(ROW_OFFSET[self.size_slot()][row]) + col - row_start(n, row))
    }

    /// The point with point number `number` on this board ([`Position::point_number`]).
    pub fn point_of_number(&self, number: usize) -> Option<Point> {
        if number < self.point_count() {
            Some(Point::at_bit(usize::from(
                POINT_AT[self.size_slot()][number],
            )))
        } else {
            None
        }
    }

    /// [`Position::point_number`] of a point known to be on the board (0 for one that is not,
    /// which no legal move has).
    #[inline]
    fn number_of(&self, point: Point) -> usize {
        self.point_number(point).unwrap_or(0)
    }

    /// `point` mapped by `symmetry` (0 to 11; see the [module docs](self)), on this board.
    pub fn map_point(&self, symmetry: usize, point: Point) -> Point {
        let centre = i32::from(self.size) - 1;
        let x = i32::from(point.col()) - centre;
        let y = i32::from(point.row()) - centre;
        let cube = [x, -y, y - x];
        let perm = PERMUTATIONS[symmetry % 6];
        let sign = if symmetry % SYMMETRIES >= 6 { -1 } else { 1 };
        let (x, y) = (sign * cube[perm[0]], -sign * cube[perm[1]]);
        // The image of a board point is a board point: a permutation and a sign keep the
        // cube coordinates' maximum norm, which is what `|c − r| ≤ n − 1` and the ranges say.
        Point::new((x + centre) as u8, (y + centre) as u8).unwrap_or(point)
    }

    /// `set` mapped by `symmetry`.
    fn map_set(&self, symmetry: usize, set: PointSet) -> PointSet {
        set.iter().map(|p| self.map_point(symmetry, p)).collect()
    }

    /// Writes ones on the cells of `set` in plane `plane`.
    fn write_set(out: &mut [f32], plane: usize, columns: usize, set: &PointSet) {
        let cells = columns * columns;
        let base = plane * cells;
        for (row, &word) in set.0.iter().enumerate().take(columns) {
            let mut bits = word;
            while bits != 0 {
                let col = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out[base + row * columns + col] = 1.0;
            }
        }
    }
}

impl Actions for Position {
    /// `P + 3 + P²` for `P` points: placements, `pass`, `keep`, `swap`, the `P × P` openings.
    fn num_actions(&self) -> usize {
        let p = self.point_count();
        p + 3 + p * p
    }

    /// A few table reads (no legality check; an illegal move gets some id, possibly out of
    /// range).
    #[inline]
    fn action_id(&self, mv: Move) -> usize {
        let p = self.point_count();
        match mv {
            Move::Place(point) => self.number_of(point),
            Move::Pass => p,
            Move::Keep => p + 1,
            Move::Swap => p + 2,
            Move::Opening { black, white } => {
                p + 3 + self.number_of(black) * p + self.number_of(white)
            }
        }
    }

    fn action_move(&self, action: usize) -> Option<Move> {
        let p = self.point_count();
        let mv = match action {
            a if a < p => Move::Place(self.point_of_number(a)?),
            a if a == p => Move::Pass,
            a if a == p + 1 => Move::Keep,
            a if a == p + 2 => Move::Swap,
            a if a < p + 3 + p * p => {
                let pair = a - (p + 3);
                Move::Opening {
                    black: self.point_of_number(pair / p)?,
                    white: self.point_of_number(pair % p)?,
                }
            }
            _ => return None,
        };
        self.check_legal(mv).then_some(mv)
    }

    fn legal_actions_into(&self, out: &mut Vec<usize>) {
        out.clear();
        let p = self.point_count();
        match self.turn {
            Turn::Setup => {
                out.reserve(p * (p - 1));
                for black in 0..p {
                    let row = p + 3 + black * p;
                    out.extend((0..p).filter(|&white| white != black).map(|w| row + w));
                }
            }
            Turn::Choose => out.extend([p + 1, p + 2]),
            Turn::Play(color) => {
                if self.is_over() {
                    return;
                }
                self.placement_ids(color, |id| out.push(id));
                out.push(p);
            }
        }
    }

    fn legal_action_mask(&self, mask: &mut [bool]) {
        assert_eq!(
            mask.len(),
            self.num_actions(),
            "the mask has one entry per action id"
        );
        let p = self.point_count();
        match self.turn {
            Turn::Setup => {
                mask[..p + 3].fill(false);
                mask[p + 3..].fill(true);
                for i in 0..p {
                    mask[p + 3 + i * p + i] = false;
                }
            }
            Turn::Choose => {
                mask.fill(false);
                mask[p + 1] = true;
                mask[p + 2] = true;
            }
            Turn::Play(color) => {
                // Only the first `P + 1` entries can be set; the rest stay false.
                mask.fill(false);
                if self.is_over() {
                    return;
                }
                self.placement_ids(color, |id| mask[id] = true);
                mask[p] = true;
            }
        }
    }
}

impl Position {
    /// Calls `emit` with the action id of every legal placement of `color`, row by row (the
    /// ids of placements are the points' indices in the layout order).
    fn placement_ids(&self, color: Color, mut emit: impl FnMut(usize)) {
        let placements = self.placements(color);
        let n = usize::from(self.size);
        let offsets = &ROW_OFFSET[self.size_slot()];
        for (row, &word) in placements.0.iter().enumerate().take(2 * n - 1) {
            let base = usize::from(offsets[row]) - row_start(n, row);
            for col in Bits(word) {
                emit(base + col);
            }
        }
    }
}

impl Observe for Position {
    /// `[12, 2n − 1, 2n − 1]`.
    fn observation_shape(&self) -> [usize; 3] {
        let side = 2 * usize::from(self.size) - 1;
        [PLANES, side, side]
    }

    fn observe(&self, observer: Seat, out: &mut [f32]) {
        let [planes, rows, columns] = self.observation_shape();
        assert_eq!(
            out.len(),
            planes * rows * columns,
            "the observation's length"
        );
        out.fill(0.0);
        let own = self.color_of(observer);
        let board = self.points();
        Self::write_set(out, 0, columns, &board);
        Self::write_set(out, 1, columns, &self.stones(own));
        Self::write_set(out, 2, columns, &self.stones(own.other()));
        // The placement rule of each colour (plane 3 the observer's, plane 4 the other's):
        // empty points whose empty region touches an enemy stone.
        Self::write_set(out, 3, columns, &self.placements(own));
        Self::write_set(out, 4, columns, &self.placements(own.other()));
        let flags = [
            self.side_to_move() == observer,
            own == Color::Black,
            observer == Seat::First,
            self.turn == Turn::Setup,
            self.turn == Turn::Choose,
            self.passes >= 1,
            self.passes >= 2,
        ];
        for (k, flag) in flags.into_iter().enumerate() {
            if flag {
                Self::write_set(out, 5 + k, columns, &board);
            }
        }
    }
}

impl Symmetries for Position {
    /// The twelve symmetries of the hexagon.
    fn symmetry_count(&self) -> usize {
        SYMMETRIES
    }

    fn map_position(&self, symmetry: usize) -> Position {
        let mut pos = *self;
        for color in Color::ALL {
            pos.stones[color.index()] = self.map_set(symmetry, self.stones[color.index()]);
        }
        pos.hash = pos.compute_hash();
        pos
    }

    fn map_move(&self, symmetry: usize, mv: Move) -> Move {
        match mv {
            Move::Place(point) => Move::Place(self.map_point(symmetry, point)),
            Move::Opening { black, white } => Move::Opening {
                black: self.map_point(symmetry, black),
                white: self.map_point(symmetry, white),
            },
            other => other,
        }
    }

    fn map_cell(&self, symmetry: usize, row: usize, column: usize) -> Option<(usize, usize)> {
        let point = Point::new(u8::try_from(column).ok()?, u8::try_from(row).ok()?)?;
        if !self.contains(point) {
            return None;
        }
        let image = self.map_point(symmetry, point);
        Some((usize::from(image.row()), usize::from(image.col())))
    }

    /// The id of the mapped move, computed from the id without playing anything.
    fn map_action(&self, symmetry: usize, action: usize) -> Option<usize> {
        let mv = self.action_move(action)?;
        Some(self.action_id(self.map_move(symmetry, mv)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::board_points;
    use game_core::BoardSize;

    fn board_of(n: u8) -> PointSet {
        *board_points(n)
    }

    #[test]
    fn point_numbers_run_row_by_row() {
        for n in MIN_SIZE..=MAX_SIZE {
            let pos = Position::start_with_size(BoardSize::Side(n)).unwrap();
            let points: Vec<Point> = board_of(n as u8).iter().collect();
            assert_eq!(points.len(), pos.point_count());
            for (i, &point) in points.iter().enumerate() {
                assert_eq!(pos.point_number(point), Some(i));
                assert_eq!(pos.point_of_number(i), Some(point));
            }
            assert_eq!(pos.point_of_number(points.len()), None);
        }
    }

    #[test]
    fn symmetries_are_distinct_and_keep_adjacency() {
        let pos = Position::start_with_size(BoardSize::Side(4)).unwrap();
        let points: Vec<Point> = pos.points().iter().collect();
        let mut images = Vec::new();
        for s in 0..SYMMETRIES {
            let image: Vec<Point> = points.iter().map(|&p| pos.map_point(s, p)).collect();
            let mut sorted = image.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), points.len(), "symmetry {s} is one to one");
            for &a in &points {
                for &b in &points {
                    let mut single = PointSet::EMPTY;
                    single.insert(a);
                    let adjacent = single.dilate().contains(b) && a != b;
                    let mut mapped = PointSet::EMPTY;
                    mapped.insert(pos.map_point(s, a));
                    assert_eq!(
                        mapped.dilate().contains(pos.map_point(s, b)) && a != b,
                        adjacent,
                        "symmetry {s}, {a} {b}"
                    );
                }
            }
            images.push(image);
        }
        images.sort();
        images.dedup();
        assert_eq!(images.len(), SYMMETRIES);
    }
}
