//! What learning agents need from a game: a fixed action space, tensor observations and the
//! board's symmetries.
//!
//! An action id is a number below [`Actions::num_actions`], fixed for a game and board size,
//! so a network's policy head has one output per id. The legal moves of any position map to
//! distinct ids. An observation is a stack of planes over the board, `f32`, written into the
//! caller's buffer so that a training loop allocates nothing per step. A symmetry maps
//! positions, moves, action ids, players and observation cells together, so a training sample
//! can be augmented by every symmetry of the board.
//!
//! The kit `game_core::testing` (feature `testing`) checks all of it for a game:
//! `check_actions`, `check_actions_tree`, `check_symmetries` and `check_observation`.
//!
//! A random player that steps through action ids, as a training loop does:
//!
//! ```
//! use game_core::tictactoe::TicTacToe;
//! use game_core::{Actions, Game, Observe, Rng};
//!
//! let mut pos = TicTacToe::start();
//! let mut mask = vec![false; pos.num_actions()];
//! let mut planes = vec![0.0_f32; pos.observation_shape().iter().product()];
//! let mut rng = Rng::new(7);
//! while pos.outcome().is_none() {
//!     pos.observe(pos.to_move(), &mut planes);
//!     pos.legal_action_mask(&mut mask);
//!     let legal: Vec<usize> = (0..mask.len()).filter(|&id| mask[id]).collect();
//!     let action = legal[rng.below(legal.len())];
//!     let mv = pos.action_move(action).expect("a masked id is a legal move");
//!     pos.play_unchecked(mv);
//! }
//! ```

use alloc::vec::Vec;

use crate::Game;

/// A fixed action space: every move a game of this size can ever make has an id below
/// [`Actions::num_actions`].
///
/// The two provided methods ([`Actions::legal_actions_into`], [`Actions::legal_action_mask`])
/// list the legal moves ([`Game::legal_moves`]) on every call. They are there so that a new
/// game is complete with three methods; every game of the workspace overrides both with
/// versions that allocate nothing (a batch loop calls them millions of times a second), and
/// the testing kit checks that they agree with the legal moves.
pub trait Actions: Game {
    /// The number of action ids of this position's game and board size (the same for every
    /// position of that size).
    fn num_actions(&self) -> usize;

    /// The id of `mv`, a legal move of this position: below [`Actions::num_actions`], and
    /// distinct legal moves have distinct ids. Allocation-free in every game of the workspace,
    /// and constant-time in all but one case: a Swedish Draughts capture's id costs one capture
    /// search (captures sharing their start and end squares are told apart by their order).
    ///
    /// For a move that is not legal here the result is unspecified (it may be out of range),
    /// but the call never panics.
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

    /// The legal-action mask: `mask[id]` is true exactly for the ids of legal moves (the whole
    /// mask is written; a finished game's is all false).
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
///
/// The planes are `[planes, rows, columns]` over a grid that holds the board (a hexagonal
/// board sits in a rectangle of its axial coordinates). Grid cells that are not on the board
/// are 0 in every plane. Planes are ordered relative to the observer (the observer's pieces
/// first, then the players after the observer in the order of play), so one network plays
/// every seat.
pub trait Observe: Game {
    /// The observation's shape `[planes, rows, columns]` for this position's board size.
    fn observation_shape(&self) -> [usize; 3];

    /// Writes the position as seen by `player` into `out`, plane after plane, row after row
    /// (`out.len()` is the product of [`Observe::observation_shape`]). Every entry is written,
    /// whatever `out` held before; nothing is allocated.
    ///
    /// # Panics
    /// When `out` has the wrong length.
    fn observe(&self, player: Self::Player, out: &mut [f32]);
}

/// The board symmetries under which the rules are unchanged.
///
/// Symmetry 0 is the identity; [`Symmetries::symmetry_count`] counts all of them (the
/// identity included), and they form a group (the image of an image is an image). Mapping a
/// position by a symmetry maps its legal moves by the same symmetry onto the mapped position's
/// legal moves, one to one, and commutes with playing them: mapping the position after `mv`
/// gives the mapped position after the mapped move. A symmetry may exchange the players
/// (draughts' half turn swaps the colours): [`Symmetries::map_player`] says how; the others
/// keep them.
///
/// For learning, a symmetry also maps the observation's grid cells
/// ([`Symmetries::map_cell`]), so an observation and a policy over action ids can be mapped
/// without playing anything ([`Symmetries::map_observation`], [`Symmetries::map_action`]).
pub trait Symmetries: Game {
    /// The number of symmetries of this position's board, the identity included.
    fn symmetry_count(&self) -> usize;

    /// This position mapped by `symmetry` (below [`Symmetries::symmetry_count`]).
    fn map_position(&self, symmetry: usize) -> Self;

    /// `mv`, a legal move of this position, mapped by `symmetry`: a legal move of
    /// `self.map_position(symmetry)`.
    fn map_move(&self, symmetry: usize, mv: Self::Move) -> Self::Move;

    /// The player who, in the mapped position, plays the part `player` plays here. The
    /// default keeps every player (symmetries of the board alone); a symmetry that swaps the
    /// colours overrides it.
    fn map_player(&self, symmetry: usize, player: Self::Player) -> Self::Player {
        let _ = symmetry;
        player
    }

    /// The cell `(row, column)` of the observation grid ([`Observe::observation_shape`]'s
    /// rows and columns) mapped by `symmetry`: where that cell's content lies in the mapped
    /// position's observation. `None` for a grid cell that is not on the board (the corners of
    /// a hexagon's rectangle). The board cells map one to one onto the board cells.
    fn map_cell(&self, symmetry: usize, row: usize, column: usize) -> Option<(usize, usize)>;

    /// The id, in `self.map_position(symmetry)`, of the image of the legal move with id
    /// `action` here; `None` when `action` is not the id of a legal move here. Maps a policy
    /// target over action ids for data augmentation. The default maps the position, so it is
    /// meant for a training sample, not for a hot loop.
    fn map_action(&self, symmetry: usize, action: usize) -> Option<usize>
    where
        Self: Actions,
    {
        let mv = self.action_move(action)?;
        Some(
            self.map_position(symmetry)
                .action_id(self.map_move(symmetry, mv)),
        )
    }

    /// `observation`, this position's observation for some player, mapped by `symmetry` into
    /// `out`: the observation of the mapped position for the mapped player
    /// ([`Symmetries::map_player`]). Every plane's board cells move by [`Symmetries::map_cell`];
    /// the cells off the board are 0.
    ///
    /// # Panics
    /// When `observation` or `out` does not have the length of the observation.
    fn map_observation(&self, symmetry: usize, observation: &[f32], out: &mut [f32])
    where
        Self: Observe,
    {
        let [planes, rows, columns] = self.observation_shape();
        let cells = rows * columns;
        assert_eq!(
            observation.len(),
            planes * cells,
            "the observation's length"
        );
        assert_eq!(out.len(), planes * cells, "the output's length");
        out.fill(0.0);
        for row in 0..rows {
            for column in 0..columns {
                if let Some((to_row, to_column)) = self.map_cell(symmetry, row, column) {
                    let (from, to) = (row * columns + column, to_row * columns + to_column);
                    for plane in 0..planes {
                        out[plane * cells + to] = observation[plane * cells + from];
                    }
                }
            }
        }
    }

    /// A key equal for positions that a symmetry maps onto each other: the smallest
    /// [`Game::hash_key`] of the position's images.
    fn canonical_key(&self) -> u64 {
        (0..self.symmetry_count())
            .map(|symmetry| self.map_position(symmetry).hash_key())
            .min()
            .unwrap_or_else(|| self.hash_key())
    }
}

/// The number of symmetries of a square grid ([`grid_symmetry`] 0 to 7).
pub const SQUARE_SYMMETRIES: usize = 8;

/// The number of symmetries of a grid that is not square ([`grid_symmetry`] 0 to 3).
pub const RECTANGLE_SYMMETRIES: usize = 4;

/// Cell `(row, column)` of a `rows` × `columns` grid mapped by the grid's symmetry number
/// `symmetry`, the numbering every game of the workspace uses for its [`Symmetries`]:
///
/// | number | symmetry | `(row, column)` goes to |
/// |---|---|---|
/// | 0 | identity | `(row, column)` |
/// | 1 | half turn | `(rows-1-row, columns-1-column)` |
/// | 2 | mirror left–right | `(row, columns-1-column)` |
/// | 3 | mirror top–bottom | `(rows-1-row, column)` |
/// | 4 | mirror in the main diagonal | `(column, row)` |
/// | 5 | mirror in the other diagonal | `(columns-1-column, rows-1-row)` |
/// | 6 | quarter turn | `(column, rows-1-row)` |
/// | 7 | three-quarter turn | `(columns-1-column, row)` |
///
/// The first [`RECTANGLE_SYMMETRIES`] are those of any rectangle; all
/// [`SQUARE_SYMMETRIES`] are those of a square (4 to 7 exchange rows and columns, so they are
/// meant for square grids only). Each is its own inverse except 6 and 7, which undo each other
/// ([`grid_symmetry_inverse`]). A symmetry number from 8 on is read modulo 8.
///
/// ```
/// use game_core::grid_symmetry;
/// // On a 3×3 grid, the quarter turn takes the top-left corner (0, 0) to the top-right one.
/// assert_eq!(grid_symmetry(6, 3, 3, 0, 0), (0, 2));
/// assert_eq!(grid_symmetry(1, 2, 5, 0, 1), (1, 3));
/// ```
#[must_use]
pub const fn grid_symmetry(
    symmetry: usize,
    rows: usize,
    columns: usize,
    row: usize,
    column: usize,
) -> (usize, usize) {
    let (last_row, last_column) = (rows.saturating_sub(1), columns.saturating_sub(1));
    let flip_row = last_row.saturating_sub(row);
    let flip_column = last_column.saturating_sub(column);
    match symmetry % SQUARE_SYMMETRIES {
        0 => (row, column),
        1 => (flip_row, flip_column),
        2 => (row, flip_column),
        3 => (flip_row, column),
        4 => (column, row),
        5 => (flip_column, flip_row),
        6 => (column, flip_row),
        _ => (flip_column, row),
    }
}

/// The grid symmetry that undoes [`grid_symmetry`] number `symmetry`.
///
/// ```
/// use game_core::{grid_symmetry, grid_symmetry_inverse};
/// for s in 0..8 {
///     let (r, c) = grid_symmetry(s, 4, 4, 1, 3);
///     assert_eq!(grid_symmetry(grid_symmetry_inverse(s), 4, 4, r, c), (1, 3));
/// }
/// ```
#[must_use]
pub const fn grid_symmetry_inverse(symmetry: usize) -> usize {
    match symmetry % SQUARE_SYMMETRIES {
        6 => 7,
        7 => 6,
        other => other,
    }
}
