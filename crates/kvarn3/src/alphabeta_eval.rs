//! Kvarn3 for the generic alpha-beta search (the `alphabeta` engine name).
//!
//! Kvarn3 has no material to count: every stone stays on the board, and a position is won,
//! lost or neither. [`WinsOnly`] therefore values every position whose game goes on at 0, and
//! the search values only the ends it sees (the faster win, the slower loss). The default
//! player is the [`Solver`](crate::Solver), which plays perfectly; this engine exists so that
//! the alpha-beta search can be compared with it and run on Kvarn3 like on every two-player
//! game.

use alloc::boxed::Box;
use game_core::search::{AlphaBeta, AlphaBetaConfig, Evaluator};
use game_core::Engine;

use crate::position::Position;

/// The evaluation of Kvarn3 for alpha-beta: 0 for every position whose game goes on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WinsOnly;

impl Evaluator<Position> for WinsOnly {
    #[inline]
    fn evaluate(&mut self, _pos: &Position) -> i32 {
        0
    }
}

/// Alpha-beta search with [`WinsOnly`] (a 16 MiB table, at most 32 plies when the caller sets
/// no limit). Alpha-beta is deterministic, so `seed` is not used.
///
/// ```
/// use kvarn3::{alphabeta_engine, Game, GameRecord, Position};
/// use kvarn3::game_core::Limits;
///
/// let mut engine = alphabeta_engine(0);
/// let record = GameRecord::new(Position::start());
/// let mv = engine.choose_move(&record, &Limits::depth(4)).expect("the game goes on");
/// assert!(record.current().is_legal(mv));
/// ```
pub fn alphabeta_engine(seed: u64) -> Box<dyn Engine<Position>> {
    let _ = seed;
    let config = AlphaBetaConfig::default().with_max_depth(32);
    match AlphaBeta::new(WinsOnly, config) {
        Ok(engine) => Box::new(engine),
        // Kvarn3 has two players, which is all `AlphaBeta::new` checks.
        Err(err) => unreachable!("{err}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{Game, GameRecord, Limits, Score, StopFlag};

    #[test]
    fn takes_a_mill_in_one() {
        // Find a position where the player to move can close a mill, by playing the first
        // legal moves until one exists, and check that the search sees the win in 1.
        let mut pos = Position::start();
        let mut moves = Vec::new();
        for _ in 0..40 {
            pos.legal_moves_into(&mut moves);
            let wins: Vec<_> = moves
                .iter()
                .filter(|&&mv| {
                    let mut child = pos;
                    child.play_unchecked(mv);
                    child.outcome().and_then(|o| o.winner()) == Some(pos.to_move())
                })
                .copied()
                .collect();
            if !wins.is_empty() {
                let mut engine = alphabeta_engine(0);
                let result = engine.search(
                    &GameRecord::new(pos),
                    &Limits::depth(3),
                    &StopFlag::new(),
                    &mut |_| {},
                );
                assert_eq!(result.info.score, Some(Score::WinIn(1)));
                assert!(result.best_move.is_some_and(|mv| wins.contains(&mv)));
                return;
            }
            match moves.first() {
                Some(&mv) => pos.play_unchecked(mv),
                None => break,
            }
        }
        panic!("no position with a mill in one on the first-move line");
    }
}
