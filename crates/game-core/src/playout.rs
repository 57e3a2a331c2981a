//! Random playouts: games played with uniformly random legal moves.

use crate::{Game, OutcomeOf, Rng};
use alloc::vec::Vec;

/// How a random playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout<G: Game> {
    /// The last position reached.
    pub end: G,
    /// The number of plies played.
    pub plies: u32,
    /// The position's outcome, or `None` when the ply limit stopped the playout first.
    pub outcome: Option<OutcomeOf<G>>,
}

/// Plays uniformly random legal moves from `start` until the game ends or `max_plies` plies
/// have been played. `moves` is a reusable buffer, so a playout allocates nothing once it has
/// grown. Repetition is not tracked (use a [`GameRecord`](crate::GameRecord) for that); the ply
/// limit keeps games that could cycle finite.
///
/// ```
/// use game_core::{random_playout, tictactoe::TicTacToe, Game, Rng};
/// let mut rng = Rng::new(7);
/// let mut buffer = Vec::new();
/// let playout = random_playout(TicTacToe::start(), &mut rng, 100, &mut buffer);
/// assert!(playout.outcome.is_some());
/// assert!(playout.plies <= 9);
/// ```
pub fn random_playout<G: Game>(
    start: G,
    rng: &mut Rng,
    max_plies: u32,
    moves: &mut Vec<G::Move>,
) -> Playout<G> {
    let mut pos = start;
    let mut plies = 0;
    while plies < max_plies {
        pos.legal_moves_into(moves);
        match rng.choose(moves) {
            Some(&mv) => pos.play_unchecked(mv),
            None => break,
        }
        plies += 1;
    }
    Playout {
        end: pos,
        plies,
        outcome: pos.outcome(),
    }
}
