//! The learning interfaces of Kvarn3 ([`Actions`], [`Observe`], [`Symmetries`], implemented
//! on [`Position`]): action ids, observations and the 8 symmetries of the
//! square.
//!
//! # Action ids (90)
//! - `0 … 8`: the placement on point `p` has id `p` (the point's index, `a1` 0, `b1` 1, …
//!   `c3` 8).
//! - `9 … 89`: the step `from-to` has id `9 + 9 × from + to`, a from × to grid for a policy
//!   head. Only the 32 ids of adjacent pairs (along a row, a column or a long diagonal) ever
//!   name a legal move; the others (a point to itself, `b1-a2`, …) never do.
//!
//! # Observation (5 planes of 3 × 3)
//! Row 0 is rank 1, column 0 file `a` (the cell of point `p` is `p`), from the observer's
//! point of view:
//! 0. the observer's stones (1 where one stands);
//! 1. the opponent's stones;
//! 2. 1 everywhere when the observer is to move, else 0;
//! 3. the observer's stones still in hand, out of 3 (every cell `in_hand / 3`);
//! 4. the opponent's stones still in hand, out of 3.
//!
//! The position holds no draw counter: threefold repetition is the game record's.
//!
//! # Symmetries (8)
//! The adjacency (rows, columns, both long diagonals) and the mills are those of the square,
//! so all 8 of its symmetries keep the rules; they are numbered as
//! [`game_core::grid_symmetry`] numbers them, on (rank, file). They keep the players.

use alloc::vec::Vec;

use game_core::{grid_symmetry, Actions, Observe, Symmetries, SQUARE_SYMMETRIES};

use crate::board::{points, Bitboard, Point};
use crate::position::{Color, Move, Phase, Position, STONES_PER_PLAYER};

/// The number of action ids: 9 placements and a 9 × 9 grid of steps.
const NUM_ACTIONS: usize = 9 + 9 * 9;

/// The first step id.
const FIRST_STEP: usize = 9;

/// The observation's planes.
const PLANES: usize = 5;

/// `MAP[s][p]`: the index of point `p` mapped by symmetry `s`.
const MAP: [[u8; 9]; SQUARE_SYMMETRIES] = {
    let mut map = [[0; 9]; SQUARE_SYMMETRIES];
    let mut s = 0;
    while s < SQUARE_SYMMETRIES {
        let mut p = 0;
        while p < 9 {
            let (row, col) = grid_symmetry(s, 3, 3, p / 3, p % 3);
            map[s][p] = (row * 3 + col) as u8;
            p += 1;
        }
        s += 1;
    }
    map
};

/// `bits` with every point mapped by symmetry `s`.
fn map_bits(s: usize, bits: Bitboard) -> Bitboard {
    points(bits).fold(0, |acc, p| acc | 1 << MAP[s][p.index()])
}

/// `point` mapped by symmetry `s`.
fn map_point(s: usize, point: Point) -> Point {
    Point::at_bit(usize::from(MAP[s][point.index() % 9]))
}

impl Position {
    /// Whether the side to move may step now: the movement phase of a game in progress.
    #[inline]
    fn steps_now(&self) -> bool {
        !self.mill_wins_at_once() && self.phase() == Phase::Movement
    }

    /// Whether the side to move may place now: the placement phase of a game in progress.
    #[inline]
    fn places_now(&self) -> bool {
        !self.mill_wins_at_once() && self.phase() == Phase::Placement
    }
}

impl Actions for Position {
    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }

    #[inline]
    fn action_id(&self, mv: Move) -> usize {
        match mv {
            Move::Place(to) => to.index(),
            Move::Step { from, to } => FIRST_STEP + 9 * from.index() + to.index(),
        }
    }

    fn action_move(&self, action: usize) -> Option<Move> {
        let empty = self.empty_bits();
        if action < FIRST_STEP {
            let to = Point::at_bit(action);
            (self.places_now() && empty & to.bit() != 0).then_some(Move::Place(to))
        } else if action < NUM_ACTIONS {
            let (from, to) = (
                Point::at_bit((action - FIRST_STEP) / 9),
                Point::at_bit((action - FIRST_STEP) % 9),
            );
            let legal = self.steps_now()
                && self.stone_bits(self.to_move) & from.bit() != 0
                && from.neighbour_bits() & empty & to.bit() != 0;
            legal.then_some(Move::Step { from, to })
        } else {
            None
        }
    }

    /// The ids in the order of the move generator (placements by point; steps by the stone's
    /// point, then the target's), without allocating once `out` has room for 9.
    fn legal_actions_into(&self, out: &mut Vec<usize>) {
        out.clear();
        let empty = self.empty_bits();
        if self.places_now() {
            out.extend(points(empty).map(Point::index));
        } else if self.steps_now() {
            for from in points(self.stone_bits(self.to_move)) {
                let base = FIRST_STEP + 9 * from.index();
                out.extend(points(from.neighbour_bits() & empty).map(|to| base + to.index()));
            }
        }
    }

    fn legal_action_mask(&self, mask: &mut [bool]) {
        assert_eq!(
            mask.len(),
            NUM_ACTIONS,
            "the mask has one entry per action id"
        );
        mask.fill(false);
        let empty = self.empty_bits();
        if self.places_now() {
            for to in points(empty) {
                mask[to.index()] = true;
            }
        } else if self.steps_now() {
            for from in points(self.stone_bits(self.to_move)) {
                for to in points(from.neighbour_bits() & empty) {
                    mask[FIRST_STEP + 9 * from.index() + to.index()] = true;
                }
            }
        }
    }
}

impl Observe for Position {
    fn observation_shape(&self) -> [usize; 3] {
        [PLANES, 3, 3]
    }

    fn observe(&self, player: Color, out: &mut [f32]) {
        assert_eq!(
            out.len(),
            PLANES * 9,
            "the observation has 5 planes of 3 x 3"
        );
        let (mine, theirs) = (self.stone_bits(player), self.stone_bits(player.other()));
        let to_move = if self.to_move == player { 1.0 } else { 0.0 };
        let hand = |color| self.in_hand(color) as f32 / STONES_PER_PLAYER as f32;
        let (my_hand, their_hand) = (hand(player), hand(player.other()));
        out[..18].fill(0.0);
        for point in points(mine) {
            out[point.index()] = 1.0;
        }
        for point in points(theirs) {
            out[9 + point.index()] = 1.0;
        }
        out[18..27].fill(to_move);
        out[27..36].fill(my_hand);
        out[36..45].fill(their_hand);
    }
}

impl Symmetries for Position {
    fn symmetry_count(&self) -> usize {
        SQUARE_SYMMETRIES
    }

    fn map_position(&self, symmetry: usize) -> Self {
        let s = symmetry % SQUARE_SYMMETRIES;
        let white = map_bits(s, self.stone_bits(Color::White));
        let black = map_bits(s, self.stone_bits(Color::Black));
        let mut pos = Position {
            board: u32::from(white) | u32::from(black) << 16,
            to_move: self.to_move,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    fn map_move(&self, symmetry: usize, mv: Move) -> Move {
        let s = symmetry % SQUARE_SYMMETRIES;
        match mv {
            Move::Place(to) => Move::Place(map_point(s, to)),
            Move::Step { from, to } => Move::Step {
                from: map_point(s, from),
                to: map_point(s, to),
            },
        }
    }

    fn map_cell(&self, symmetry: usize, row: usize, column: usize) -> Option<(usize, usize)> {
        (row < 3 && column < 3).then(|| grid_symmetry(symmetry, 3, 3, row, column))
    }

    /// The image's id computed from the id alone (no position is mapped).
    fn map_action(&self, symmetry: usize, action: usize) -> Option<usize> {
        let mv = self.action_move(action)?;
        Some(self.action_id(self.map_move(symmetry, mv)))
    }
}
