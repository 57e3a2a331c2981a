//! What learning agents need from a game: a fixed action space, tensor observations and the
//! board's symmetries.
//!
//! An action id is a number below [`Actions::num_actions`], fixed for a game and board size,
//! so a network's policy head has one output per id. The legal moves of any position map to
//! distinct ids. An observation is a stack of planes over the board, `f32`, written into the
//! caller's buffer so that a training loop allocates nothing per step.

use alloc::vec::Vec;

use crate::Game;

/// A fixed action space: every move a game of this size can ever make has an id below
/// [`Actions::num_actions`].
pub trait Actions: Game {
    /// The number of action ids of this position's game and board size (the same for every
    /// position of that size).
    fn num_actions(&self) -> usize;

    /// The id of `mv`, a legal move of this position. Distinct legal moves have distinct ids.
    fn action_id(&self, mv: Self::Move) -> usize;

    /// The legal move of this position with id `action`, or `None` where no legal move has it
    /// (an id out of range included).
    fn action_move(&self, action: usize) -> Option<Self::Move>;

    /// The ids of the legal moves, in the order of [`Game::legal_moves`], written into `out`
    /// (cleared first).
    fn legal_actions_into(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(self.legal_moves().into_iter().map(|mv| self.action_id(mv)));
    }

    /// The legal-action mask: `mask[id]` is true exactly for the ids of legal moves.
    ///
    /// # Panics
    /// When `mask.len()` is not [`Actions::num_actions`].
    fn legal_action_mask(&self, mask: &mut [bool]) {
        assert_eq!(
            mask.len(),
            self.num_actions(),
            "the mask has one entry per action id"
        );
        mask.fill(false);
        for mv in self.legal_moves() {
            mask[self.action_id(mv)] = true;
        }
    }
}

/// A tensor encoding of a position from one player's point of view.
pub trait Observe: Game {
    /// The observation's shape `[planes, rows, columns]` for this position's board size.
    fn observation_shape(&self) -> [usize; 3];

    /// Writes the position as seen by `player` into `out`, plane after plane, row after row
    /// (`out.len()` is the product of [`Observe::observation_shape`]).
    ///
    /// # Panics
    /// When `out` has the wrong length.
    fn observe(&self, player: Self::Player, out: &mut [f32]);
}

/// The board symmetries under which the rules are unchanged.
///
/// Symmetry 0 is the identity; [`Symmetries::symmetry_count`] counts all of them (the
/// identity included). Mapping a position by a symmetry maps its legal moves by the same
/// symmetry onto the mapped position's legal moves.
pub trait Symmetries: Game {
    /// The number of symmetries of this position's board, the identity included.
    fn symmetry_count(&self) -> usize;

    /// This position mapped by `symmetry` (below [`Symmetries::symmetry_count`]).
    fn map_position(&self, symmetry: usize) -> Self;

    /// `mv`, a legal move of this position, mapped by `symmetry`: a legal move of
    /// `self.map_position(symmetry)`.
    fn map_move(&self, symmetry: usize, mv: Self::Move) -> Self::Move;

    /// A key equal for positions that a symmetry maps onto each other: the smallest
    /// [`Game::hash_key`] of the position's images.
    fn canonical_key(&self) -> u64 {
        (0..self.symmetry_count())
            .map(|symmetry| self.map_position(symmetry).hash_key())
            .min()
            .unwrap_or_else(|| self.hash_key())
    }
}
