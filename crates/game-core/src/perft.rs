//! Perft: counting the leaves of the legal-move tree, the standard check of a move generator.

use crate::Game;

/// Counts the positions reached after exactly `depth` plies of legal moves from `pos`.
///
/// A finished game has no legal moves, so its subtree ends there. The last ply is counted with
/// [`Game::count_legal_moves`] (bulk counting) rather than played out.
///
/// ```
/// use game_core::{perft, tictactoe::TicTacToe, Game};
/// assert_eq!(perft(&TicTacToe::start(), 0), 1);
/// assert_eq!(perft(&TicTacToe::start(), 2), 9 * 8);
/// ```
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    Perft::new().count(pos, depth)
}

/// The perft count below each legal move of `pos`, in generation order (`depth` ≥ 1; at depth 0
/// the list is empty).
///
/// ```
/// use game_core::{perft_divide, tictactoe::TicTacToe, Game};
/// let divide = perft_divide(&TicTacToe::start(), 2);
/// assert_eq!(divide.len(), 9);
/// assert!(divide.iter().all(|&(_, count)| count == 8));
/// ```
pub fn perft_divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut perft = Perft::new();
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            (mv, perft.count(&child, depth - 1))
        })
        .collect()
}

/// A reusable perft counter: it keeps one move buffer per ply, so repeated counts allocate
/// nothing once the buffers have grown.
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
    pub fn count(&mut self, pos: &G, depth: u32) -> u64 {
        let depth = depth as usize;
        if self.buffers.len() < depth {
            self.buffers.resize_with(depth, Vec::new);
        }
        count_with(&mut self.buffers, pos, depth)
    }
}

fn count_with<G: Game>(buffers: &mut [Vec<G::Move>], pos: &G, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers
        .split_first_mut()
        .expect("one buffer per remaining ply");
    if depth == 1 {
        return pos.count_legal_moves(moves) as u64;
    }
    pos.legal_moves_into(moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let mut child = *pos;
        child.play_unchecked(mv);
        total += count_with(rest, &child, depth - 1);
    }
    total
}
