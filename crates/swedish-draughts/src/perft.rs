//! A dedicated perft: the same move generator as the `Game` impl, monomorphised per board
//! size once for the whole tree, with bulk counting at the last ply and without the hash
//! update (perft does not need it), as the `Game` impl's two-ply count does at the last two.

use game_core::{PerftError, MAX_PERFT_DEPTH};

use crate::board::{Eight, Geometry, Ten};
use crate::movegen;
use crate::position::{Move, Position};
use alloc::vec::Vec;

impl Position {
    /// The number of leaves of the legal-move tree `depth` plies deep (bulk counting at the
    /// last ply). It equals [`game_core::perft`] on this position, faster.
    ///
    /// ```
    /// use swedish_draughts::{game_core, Position};
    /// let start = Position::start();
    /// assert_eq!(start.perft(3), game_core::perft(&start, 3));
    /// assert!(start.perft(99_999_999).is_err());
    /// ```
    ///
    /// # Errors
    /// [`PerftError::DepthTooLarge`] for a depth above [`MAX_PERFT_DEPTH`], as
    /// [`game_core::perft`] (the bound keeps a hostile depth from asking for a buffer per ply).
    pub fn perft(&self, depth: u32) -> Result<u64, PerftError> {
        if depth > MAX_PERFT_DEPTH {
            return Err(PerftError::DepthTooLarge {
                depth,
                max: MAX_PERFT_DEPTH,
            });
        }
        // At most MAX_PERFT_DEPTH empty buffers up front; each grows when its ply is reached.
        let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::new()).collect();
        Ok(if self.eight {
            perft_on::<Eight>(self, &mut buffers)
        } else {
            perft_on::<Ten>(self, &mut buffers)
        })
    }
}

fn perft_on<G: Geometry>(pos: &Position, buffers: &mut [Vec<Move>]) -> u64 {
    let (moves, rest) = match buffers {
        [] => return 1,
        [scratch] => return movegen::count_moves::<G>(pos, scratch) as u64,
        [moves, scratch] => return movegen::count_two_plies::<G>(pos, moves, scratch),
        [moves, rest @ ..] => (moves, rest),
    };
    movegen::legal_moves::<G>(pos, moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let mut child = *pos;
        child.play_without_hash::<G>(mv);
        total += perft_on::<G>(&child, rest);
    }
    total
}
