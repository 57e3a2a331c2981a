//! The learning interfaces of Cheversi ([`Actions`], [`Observe`], [`Symmetries`], implemented
//! on [`Position`]): action ids kind × square, observations, and the 8 symmetries of the
//! board.
//!
//! # Action ids (320)
//! A placement is a kind and a square ([`Move`]), so its id is `64 × kind + square`: the kind's
//! [`Kind::index`] (king 0, queen 1, rook 2, bishop 3, knight 4) times 64, plus the square's
//! [`Square::index`] (`a1` 0, `b1` 1, … `h8` 63). A policy head of 5 planes of 8 × 8.
//!
//! # Observation (24 planes of 8 × 8)
//! Row 0 is rank 1, column 0 file a (the cell of a square is its index), from the observer's
//! point of view:
//! - 0–4: the observer's kings, queens, rooks, bishops, knights (1 on each such square);
//! - 5–9: the opponent's, in the same order;
//! - 10: the square of the piece placed last (the queen call and Black's king depend on it);
//! - 11: 1 everywhere when the observer is to move;
//! - 12: 1 everywhere when the observer is White (the rules differ: White's king comes first,
//!   Black's last);
//! - 13–17: the observer's pieces in hand by kind, as a fraction of the kind's count at the
//!   start (a king 0 or 1, two rooks 0, ½ or 1), every cell;
//! - 18–22: the opponent's;
//! - 23: the placements left until the natural end, out of 16, every cell.
//!
//! The game has no draw counter: it ends after 16 placements (or none left), and the scores,
//! which follow from the pieces, decide.
//!
//! # Symmetries (8)
//! All 8 symmetries of the square keep the rules, not only the 4 that keep the square colours:
//! there are no pawns, so nothing has a direction; touching, the attacks of every kind and the
//! free neighbour of rule 8 are the same under any symmetry; and the bishop rule (rule 5) asks
//! only that a player's two bishops stand on *different* colours, which a symmetry that swaps
//! the colours keeps too (it swaps both bishops' colours). The symmetries that keep the colours
//! are 0, 1, 4 and 5 (identity, half turn, the two diagonal mirrors); 2, 3, 6 and 7 (the
//! mirrors in the middle lines and the quarter turns) swap them. They are numbered as
//! [`game_core::grid_symmetry`] numbers them, on (rank, file); they keep the players. The
//! kit's perft test (`tests/learning.rs`) confirms all 8.

use alloc::vec::Vec;

use game_core::{grid_symmetry, Actions, Bits, Observe, Symmetries, SQUARE_SYMMETRIES};

use crate::board::{squares, Bitboard, Square};
use crate::movegen::placements;
use crate::position::{Color, Kind, Move, Position, PLACEMENTS};

/// The number of action ids: 5 kinds × 64 squares.
const NUM_ACTIONS: usize = 5 * 64;

/// The observation's planes.
const PLANES: usize = 24;

/// `MAP[s][sq]`: the index of square `sq` mapped by symmetry `s`.
const MAP: [[u8; 64]; SQUARE_SYMMETRIES] = {
    let mut map = [[0; 64]; SQUARE_SYMMETRIES];
    let mut s = 0;
    while s < SQUARE_SYMMETRIES {
        let mut sq = 0;
        while sq < 64 {
            let (row, col) = grid_symmetry(s, 8, 8, sq / 8, sq % 8);
            map[s][sq] = (row * 8 + col) as u8;
            sq += 1;
        }
        s += 1;
    }
    map
};

/// `bits` with every square mapped by symmetry `s`.
fn map_bits(s: usize, bits: Bitboard) -> Bitboard {
    squares(bits).fold(0, |acc, sq| acc | 1 << MAP[s][sq.index()])
}

/// `square` mapped by symmetry `s`.
fn map_square(s: usize, square: Square) -> Square {
    Square::at_bit(usize::from(MAP[s][square.index()]))
}

/// Writes 1 into the cells of `plane` (64 entries) where `bits` has a square, 0 elsewhere:
/// a fill and one store per square (a few pieces on 64 squares).
fn write_bits(plane: &mut [f32], bits: Bitboard) {
    plane.fill(0.0);
    for cell in Bits(bits) {
        plane[cell] = 1.0;
    }
}

impl Actions for Position {
    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }

    #[inline]
    fn action_id(&self, mv: Move) -> usize {
        mv.kind.index() * 64 + mv.square.index()
    }

    fn action_move(&self, action: usize) -> Option<Move> {
        if action >= NUM_ACTIONS {
            return None;
        }
        let mv = Move::new(Kind::ALL[action / 64], Square::at_bit(action % 64));
        placements(self).contains(mv).then_some(mv)
    }

    /// The ids kind by kind, squares from `a1` up (the order of the move generator), without
    /// allocating once `out` has room for them.
    fn legal_actions_into(&self, out: &mut Vec<usize>) {
        out.clear();
        let legal = placements(self);
        for kind in Kind::ALL {
            let base = kind.index() * 64;
            out.extend(squares(legal.target_bits(kind)).map(|sq| base + sq.index()));
        }
    }

    fn legal_action_mask(&self, mask: &mut [bool]) {
        assert_eq!(
            mask.len(),
            NUM_ACTIONS,
            "the mask has one entry per action id"
        );
        let legal = placements(self);
        mask.fill(false);
        for (kind, row) in Kind::ALL.into_iter().zip(mask.chunks_exact_mut(64)) {
            for cell in Bits(legal.target_bits(kind)) {
                row[cell] = true;
            }
        }
    }
}

impl Observe for Position {
    fn observation_shape(&self) -> [usize; 3] {
        [PLANES, 8, 8]
    }

    fn observe(&self, player: Color, out: &mut [f32]) {
        assert_eq!(
            out.len(),
            PLANES * 64,
            "the observation has 24 planes of 8 x 8"
        );
        let mut planes = out.chunks_exact_mut(64);
        let mut next = || planes.next().expect("24 planes");
        for color in [player, player.other()] {
            for kind in Kind::ALL {
                write_bits(next(), self.piece_bits(color, kind));
            }
        }
        write_bits(next(), self.last.map_or(0, Square::bit));
        let flag = |yes: bool| f32::from(u8::from(yes));
        next().fill(flag(self.side_to_move() == player));
        next().fill(flag(player == Color::White));
        for color in [player, player.other()] {
            for kind in Kind::ALL {
                let share = self.in_hand_of(color, kind) as f32 / kind.count_at_start() as f32;
                next().fill(share);
            }
        }
        next().fill(f32::from(self.placements_left()) / f32::from(PLACEMENTS));
    }
}

impl Symmetries for Position {
    fn symmetry_count(&self) -> usize {
        SQUARE_SYMMETRIES
    }

    fn map_position(&self, symmetry: usize) -> Self {
        let s = symmetry % SQUARE_SYMMETRIES;
        let mut pos = *self;
        for color in 0..2 {
            for kind in 0..5 {
                pos.pieces[color][kind] = map_bits(s, self.pieces[color][kind]);
            }
            pos.colors[color] = map_bits(s, self.colors[color]);
        }
        pos.last = self.last.map(|sq| map_square(s, sq));
        pos.hash = pos.fresh_hash();
        pos
    }

    fn map_move(&self, symmetry: usize, mv: Move) -> Move {
        Move::new(mv.kind, map_square(symmetry % SQUARE_SYMMETRIES, mv.square))
    }

    fn map_cell(&self, symmetry: usize, row: usize, column: usize) -> Option<(usize, usize)> {
        (row < 8 && column < 8).then(|| grid_symmetry(symmetry, 8, 8, row, column))
    }

    /// The image's id from the id alone (the kind is kept, the square mapped): no position is
    /// mapped.
    fn map_action(&self, symmetry: usize, action: usize) -> Option<usize> {
        let mv = self.action_move(action)?;
        Some(self.action_id(self.map_move(symmetry, mv)))
    }
}
