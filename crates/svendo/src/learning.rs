//! The learning interfaces of Svendo ([`Actions`], [`Observe`], [`Symmetries`], implemented
//! on [`Position`]) on every board size: action ids, observations from each of the three
//! players' point of view, and the symmetries of the rectangle.
//!
//! The board's `n = width × height` points are numbered row by row from the bottom left:
//! point `(column, row)` is cell `row × width + column` (`a1` 0, `b1` 1, …; on the default
//! 10 × 6 board `j6` is 59).
//!
//! # Action ids (`n² + 2n + 1`: 3 721 on 10 × 6, 4 225 on 8 × 8)
//! - `0 … n-1`: placing an own stone on cell `p` (`c3`) has id `p`;
//! - `n … 2n-1`: placing the master stone on `p` (`Mc3`) has id `n + p`;
//! - `2n … 2n+n²-1`: the slide `from-to` (an own stone or any master stone) has id
//!   `2n + n × from + to`, a from × to grid (only pairs on one row, column or diagonal are ever
//!   legal);
//! - `2n + n²`, the last: `pass`.
//!
//! The ids depend on the board size through `n`; a policy head is sized per board.
//!
//! # Observation (16 planes of height × width)
//! Row 0 is row `1` (the bottom), column 0 column `a`. The players are taken in the order of
//! play starting from the observer: the observer, the next player, the one after.
//! - 0, 1, 2: the observer's, the next player's and the last player's own stones;
//! - 3: the master stones (they belong to nobody);
//! - 4, 5, 6: 1 everywhere in the plane of the player to move (observer, next, last), 0 in
//!   the other two;
//! - 7, 8, 9: the three players' own stones in hand, out of 8, every cell;
//! - 10, 11, 12: 1 everywhere while the player's master stone is in hand;
//! - 13, 14, 15: the movement moves each player has made, divided by 100, every cell: the
//!   winner's points, and their sum is what a movement-move cap of the game record counts.
//!
//! Threefold repetition is decided by the game record's history, not the position.
//!
//! # Symmetries (4, or 8 on a square board)
//! The lines run along rows, columns and both diagonals, a line is the same read from either
//! end (base, check, base, check, base), and no rule has a direction or names a side of the
//! board (the order of play is the players', not the board's). So every symmetry of the
//! rectangle keeps the rules: the identity, the half turn and the two mirrors in the middle
//! lines (0 to 3 of [`game_core::grid_symmetry`], on (row, column)); on a square board (6 × 6,
//! 7 × 7, 8 × 8) also the two diagonal mirrors and the quarter turns (4 to 7). They keep the
//! players, hands, counters and a win.

use alloc::vec::Vec;

use game_core::{
    grid_symmetry, Actions, Bits, MoveList, Observe, Symmetries, RECTANGLE_SYMMETRIES,
    SQUARE_SYMMETRIES,
};

use crate::board::Point;
use crate::position::{Color, Move, Position, STONES_PER_PLAYER};
use crate::responsibility::Responsibility;

/// The observation's planes.
const PLANES: usize = 16;

/// The scale of the movement-move planes: a count of 100 is 1.0.
const MOVES_SCALE: f32 = 100.0;

impl Position {
    /// The number of cells, `width × height`.
    #[inline]
    fn cells(&self) -> usize {
        self.geo().width * self.geo().height
    }

    /// The id of the slide from cell `from` to cell `to`.
    #[inline]
    fn slide_id(&self, from: usize, to: usize) -> usize {
        let n = self.cells();
        2 * n + n * from + to
    }

    /// The id of `pass`.
    #[inline]
    fn pass_id(&self) -> usize {
        let n = self.cells();
        2 * n + n * n
    }

    /// Calls `f` with the id of every legal move, in the order of the move generator, without
    /// allocating for a real position: the plain slides are kept in a [`MoveList`] for the
    /// responsibility rules.
    fn for_each_legal_action(&self, mut f: impl FnMut(usize)) {
        if self.win.is_some() {
            return;
        }
        let geo = self.geo();
        let n = self.cells();
        let occupied = self.occupied();
        if self.is_placement() {
            let empty = geo.all & !occupied;
            let c = self.to_move.index();
            if self.hand[c] > 0 {
                Bits(empty).for_each(&mut f);
            }
            if self.master_hand[c] {
                Bits(empty).for_each(|p| f(n + p));
            }
            return;
        }
        if self.count_plain_slides() == 0 {
            f(self.pass_id());
            return;
        }
        if !self.responsibility_may_apply() {
            for from in Bits(self.movable(self.to_move)) {
                for to in Bits(geo.slides(from, occupied)) {
                    f(self.slide_id(from, to));
                }
            }
            return;
        }
        let slides = self.plain_slides();
        let (rule, keep) = self.restriction(&slides);
        for (i, &mv) in slides.iter().enumerate() {
            if rule == Responsibility::Free || keep.get(i) {
                if let Move::Slide { from, to } = mv {
                    f(self.slide_id(geo.index_unchecked(from), geo.index_unchecked(to)));
                }
            }
        }
    }

    /// The plain slides of the side to move, in generation order (the move generator's), in a
    /// [`MoveList`]: on the stack for every position with at most
    /// [`MOVE_LIST_INLINE`](game_core::MOVE_LIST_INLINE) slides, which every Svendo position of
    /// the random games measured for it had.
    fn plain_slides(&self) -> MoveList<Move> {
        let mut slides = MoveList::new();
        self.plain_slides_into(&mut slides);
        slides
    }

    /// The move with id `action` on this board, legal or not; `None` out of range.
    fn move_of_id(&self, action: usize) -> Option<Move> {
        let geo = self.geo();
        let n = self.cells();
        Some(if action < n {
            Move::Place(geo.points[action])
        } else if action < 2 * n {
            Move::PlaceMaster(geo.points[action - n])
        } else if action < 2 * n + n * n {
            let slide = action - 2 * n;
            Move::Slide {
                from: geo.points[slide / n],
                to: geo.points[slide % n],
            }
        } else if action == self.pass_id() {
            Move::Pass
        } else {
            return None;
        })
    }

    /// The symmetry number that [`game_core::grid_symmetry`] applies for `symmetry` here
    /// (taken modulo the board's symmetry count).
    #[inline]
    fn grid_symmetry_of(&self, symmetry: usize) -> usize {
        symmetry % self.symmetry_count()
    }

    /// Cell `cell` of this board mapped by grid symmetry `s`.
    #[inline]
    fn map_cell_index(&self, s: usize, cell: usize) -> usize {
        let (width, height) = (self.geo().width, self.geo().height);
        let (row, column) = grid_symmetry(s, height, width, cell / width, cell % width);
        row * width + column
    }

    /// The board bits `bits` mapped by grid symmetry `s`.
    fn map_board_bits(&self, s: usize, bits: u64) -> u64 {
        Bits(bits).fold(0, |acc, cell| acc | 1 << self.map_cell_index(s, cell))
    }

    /// `point` mapped by grid symmetry `s` (a point off this board is kept).
    fn map_point(&self, s: usize, point: Point) -> Point {
        match self.geo().index(point) {
            Some(cell) => self.geo().points[self.map_cell_index(s, cell)],
            None => point,
        }
    }
}

impl Actions for Position {
    fn num_actions(&self) -> usize {
        let n = self.cells();
        n * n + 2 * n + 1
    }

    /// Constant-time; a point off this board (a foreign move) gives an id out of range.
    #[inline]
    fn action_id(&self, mv: Move) -> usize {
        let geo = self.geo();
        let n = self.cells();
        let cell = |p: Point| geo.index(p).unwrap_or(n * n + 2 * n + 1);
        match mv {
            Move::Place(p) => cell(p),
            Move::PlaceMaster(p) => n.saturating_add(cell(p)),
            Move::Slide { from, to } => match (geo.index(from), geo.index(to)) {
                (Some(from), Some(to)) => self.slide_id(from, to),
                _ => usize::MAX,
            },
            Move::Pass => self.pass_id(),
        }
    }

    /// Without allocating for a real position: the responsibility rules, where they may apply,
    /// judge the plain slides kept in a [`MoveList`].
    fn action_move(&self, action: usize) -> Option<Move> {
        let mv = self.move_of_id(action)?;
        if !self.is_plain_legal(mv) {
            return None;
        }
        if self.is_placement() || mv == Move::Pass || !self.responsibility_may_apply() {
            return Some(mv);
        }
        let slides = self.plain_slides();
        let (rule, keep) = self.restriction(&slides);
        let i = slides.iter().position(|&slide| slide == mv)?;
        (rule == Responsibility::Free || keep.get(i)).then_some(mv)
    }

    fn legal_actions_into(&self, out: &mut Vec<usize>) {
        out.clear();
        self.for_each_legal_action(|id| out.push(id));
    }

    fn legal_action_mask(&self, mask: &mut [bool]) {
        assert_eq!(
            mask.len(),
            self.num_actions(),
            "the mask has one entry per action id"
        );
        mask.fill(false);
        self.for_each_legal_action(|id| mask[id] = true);
    }
}

impl Observe for Position {
    fn observation_shape(&self) -> [usize; 3] {
        [PLANES, self.geo().height, self.geo().width]
    }

    fn observe(&self, player: Color, out: &mut [f32]) {
        let n = self.cells();
        assert_eq!(
            out.len(),
            PLANES * n,
            "the observation has 16 planes of the board"
        );
        let seats = [player, player.next(), player.next().next()];
        let mut planes = out.chunks_exact_mut(n);
        let mut next = || planes.next().expect("16 planes");
        let write_bits = |plane: &mut [f32], bits: u64| {
            plane.fill(0.0);
            for cell in Bits(bits) {
                plane[cell] = 1.0;
            }
        };
        for seat in seats {
            write_bits(next(), self.own[seat.index()]);
        }
        write_bits(next(), self.masters);
        let flag = |yes: bool| f32::from(u8::from(yes));
        for seat in seats {
            next().fill(flag(self.to_move == seat));
        }
        for seat in seats {
            next().fill(f32::from(self.hand[seat.index()]) / STONES_PER_PLAYER as f32);
        }
        for seat in seats {
            next().fill(flag(self.master_hand[seat.index()]));
        }
        for seat in seats {
            next().fill(self.movement_moves[seat.index()] as f32 / MOVES_SCALE);
        }
    }
}

impl Symmetries for Position {
    fn symmetry_count(&self) -> usize {
        if self.geo().width == self.geo().height {
            SQUARE_SYMMETRIES
        } else {
            RECTANGLE_SYMMETRIES
        }
    }

    fn map_position(&self, symmetry: usize) -> Self {
        let s = self.grid_symmetry_of(symmetry);
        let mut pos = *self;
        for c in 0..3 {
            pos.own[c] = self.map_board_bits(s, self.own[c]);
        }
        pos.masters = self.map_board_bits(s, self.masters);
        pos.hash = pos.compute_hash();
        pos
    }

    fn map_move(&self, symmetry: usize, mv: Move) -> Move {
        let s = self.grid_symmetry_of(symmetry);
        match mv {
            Move::Place(p) => Move::Place(self.map_point(s, p)),
            Move::PlaceMaster(p) => Move::PlaceMaster(self.map_point(s, p)),
            Move::Slide { from, to } => Move::Slide {
                from: self.map_point(s, from),
                to: self.map_point(s, to),
            },
            Move::Pass => Move::Pass,
        }
    }

    fn map_cell(&self, symmetry: usize, row: usize, column: usize) -> Option<(usize, usize)> {
        let (width, height) = (self.geo().width, self.geo().height);
        (row < height && column < width)
            .then(|| grid_symmetry(self.grid_symmetry_of(symmetry), height, width, row, column))
    }

    /// The image's id from the id alone (placements, slides and `pass` keep their kind, the
    /// cells are mapped): no position is mapped.
    fn map_action(&self, symmetry: usize, action: usize) -> Option<usize> {
        let mv = self.action_move(action)?;
        Some(self.action_id(self.map_move(symmetry, mv)))
    }
}
