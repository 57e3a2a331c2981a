//! Perft: counting the leaves of the legal-move tree, the standard check of a move generator.

use crate::{Game, PerftError};
use alloc::vec::Vec;

/// The deepest perft this crate counts: 64 plies.
///
/// No game here can be counted anywhere near that deep in a lifetime (the deepest published
/// counts are around 15 plies), so the bound only ever refuses depths that are typing errors or
/// hostile input. It also bounds the recursion (one small stack frame per ply) and the move
/// buffers (one per ply reached), so a refused depth never overflows the stack or asks for
/// memory up front.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Counts the positions reached after exactly `depth` plies of legal moves from `pos`.
///
/// A finished game has no legal moves, so its subtree ends there. The last two plies are
/// counted with [`Game::count_two_plies`] (bulk counting: the leaves are never played) rather
/// than played out. The depth often comes
/// from a user (a command line, a test file), so a depth above [`MAX_PERFT_DEPTH`] is an
/// error, not a panic.
///
/// ```
/// use game_core::{perft, tictactoe::TicTacToe, Game, PerftError, MAX_PERFT_DEPTH};
/// assert_eq!(perft(&TicTacToe::start(), 0), Ok(1));
/// assert_eq!(perft(&TicTacToe::start(), 2), Ok(9 * 8));
/// assert_eq!(
///     perft(&TicTacToe::start(), 99_999_999),
///     Err(PerftError::DepthTooLarge { depth: 99_999_999, max: MAX_PERFT_DEPTH })
/// );
/// ```
///
/// # Errors
/// [`PerftError::DepthTooLarge`] for a depth above [`MAX_PERFT_DEPTH`].
pub fn perft<G: Game>(pos: &G, depth: u32) -> Result<u64, PerftError> {
    Perft::new().count(pos, depth)
}

/// The perft count below each legal move of `pos`, in generation order (`depth` ≥ 1; at depth 0
/// the list is empty).
///
/// ```
/// use game_core::{perft_divide, tictactoe::TicTacToe, Game};
/// let divide = perft_divide(&TicTacToe::start(), 2).unwrap();
/// assert_eq!(divide.len(), 9);
/// assert!(divide.iter().all(|&(_, count)| count == 8));
/// assert!(perft_divide(&TicTacToe::start(), 65).is_err());
/// ```
///
/// # Errors
/// [`PerftError::DepthTooLarge`] for a depth above [`MAX_PERFT_DEPTH`].
pub fn perft_divide<G: Game>(pos: &G, depth: u32) -> Result<Vec<(G::Move, u64)>, PerftError> {
    check_depth(depth)?;
    if depth == 0 {
        return Ok(Vec::new());
    }
    let mut perft = Perft::new();
    let divide = pos
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            (mv, perft.count_unchecked(&child, depth - 1))
        })
        .collect();
    Ok(divide)
}

/// [`Game::count_two_plies`] the generic way, its default: lists the moves of `pos` into
/// `moves`, plays each with [`Game::play_unchecked`] and adds the child's
/// [`Game::count_legal_moves`] (`scratch` is its buffer). A game's faster override calls it
/// where its own way does not apply.
///
/// ```
/// use game_core::{count_two_plies_by_moves, tictactoe::TicTacToe, Game};
///
/// let (mut moves, mut scratch) = (Vec::new(), Vec::new());
/// let start = TicTacToe::start();
/// assert_eq!(count_two_plies_by_moves(&start, &mut moves, &mut scratch), 9 * 8);
/// assert_eq!(moves.len(), 9); // the first ply's moves are left in the buffer
/// ```
#[inline]
pub fn count_two_plies_by_moves<G: Game>(
    pos: &G,
    moves: &mut Vec<G::Move>,
    scratch: &mut Vec<G::Move>,
) -> u64 {
    pos.legal_moves_into(moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let mut child = *pos;
        child.play_unchecked(mv);
        total += child.count_legal_moves(scratch) as u64;
    }
    total
}

fn check_depth(depth: u32) -> Result<(), PerftError> {
    if depth > MAX_PERFT_DEPTH {
        Err(PerftError::DepthTooLarge {
            depth,
            max: MAX_PERFT_DEPTH,
        })
    } else {
        Ok(())
    }
}

/// A reusable perft counter: it keeps one move buffer per ply, so repeated counts allocate
/// nothing once the buffers have grown.
///
/// A count to depth `d` first makes sure there are `d` buffers; a new buffer is an empty `Vec`,
/// which takes no heap memory until its ply is reached and moves are listed into it. So a deep
/// count of a game that ends early pays only for the plies it really has (plus one empty
/// `Vec` header per ply, at most [`MAX_PERFT_DEPTH`] of them).
///
/// ```
/// use game_core::{tictactoe::TicTacToe, Game, Perft};
/// let mut counter = Perft::new();
/// assert_eq!(counter.count(&TicTacToe::start(), 3), Ok(9 * 8 * 7));
/// assert!(counter.count(&TicTacToe::start(), 65).is_err());
/// ```
#[derive(Debug)]
pub struct Perft<G: Game> {
    buffers: Vec<Vec<G::Move>>,
}

impl<G: Game> Default for Perft<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> Perft<G> {
    /// A counter with no buffers yet.
    pub fn new() -> Self {
        Self {
            buffers: Vec::new(),
        }
    }

    /// The perft count of `pos` at `depth` (see [`perft`]).
    ///
    /// # Errors
    /// [`PerftError::DepthTooLarge`] for a depth above [`MAX_PERFT_DEPTH`].
    pub fn count(&mut self, pos: &G, depth: u32) -> Result<u64, PerftError> {
        check_depth(depth)?;
        Ok(self.count_unchecked(pos, depth))
    }

    /// The count for a depth already checked against [`MAX_PERFT_DEPTH`].
    fn count_unchecked(&mut self, pos: &G, depth: u32) -> u64 {
        let depth = depth as usize;
        if self.buffers.len() < depth {
            // Empty vectors: no heap memory until a ply is reached.
            self.buffers.resize_with(depth, Vec::new);
        }
        count_with(&mut self.buffers[..depth], pos)
    }
}

/// Counts the leaves `buffers.len()` plies below `pos`: one buffer per ply to go, so the
/// depth is the slice's length and no ply can run out of buffers.
///
/// This is the hot loop of every perft. The last two plies are one call of
/// [`Game::count_two_plies`] (a game may count them without making every move the generic
/// way), the last ply alone (a depth of 1) one of [`Game::count_legal_moves`]; no per-call
/// bookkeeping besides splitting the slice.
fn count_with<G: Game>(buffers: &mut [Vec<G::Move>], pos: &G) -> u64 {
    match buffers {
        [] => 1,
        [scratch] => pos.count_legal_moves(scratch) as u64,
        [moves, scratch] => pos.count_two_plies(moves, scratch),
        [moves, rest @ ..] => {
            pos.legal_moves_into(moves);
            let mut total = 0;
            for &mv in moves.iter() {
                let mut child = *pos;
                child.play_unchecked(mv);
                total += count_with(rest, &child);
            }
            total
        }
    }
}
