//! Sundraval for the generic alpha-beta search (the `alphabeta` engine name).
//!
//! The evaluation is [`AsIfEnded`]; [`alphabeta_engine`] puts it under alpha-beta search.

use alloc::boxed::Box;
use game_core::search::{AlphaBeta, AlphaBetaConfig, Evaluator};
use game_core::Engine;

use crate::position::{Color, Position};

/// The evaluation of Sundraval for alpha-beta: a position's score breakdown as if the game
/// ended now ([`Position::score_breakdown`]), turned into hundredths for the seat to move. The
/// original rule
/// compares the living groups' territory counts largest first, so the largest count weighs
/// most ([`AsIfEnded::FIRST_COUNT`] per territory), then every territory of a living group
/// ([`AsIfEnded::COUNT`]), then every point of territory ([`AsIfEnded::POINT`]) as the tie
/// break. The breakdown is the crate's full scoring (groups, territories, dead groups), which
/// allocates; it is the evaluation of a slow, deep game, where the search reaches few plies.
/// The default player is MCTS (the crate's `default_engine`); this engine exists for the
/// `alphabeta` name and for comparisons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AsIfEnded;

impl AsIfEnded {
    /// Per territory of the colour's living group with the most territories.
    pub const FIRST_COUNT: i32 = 100;
    /// Per territory of any living group.
    pub const COUNT: i32 = 25;
    /// Per point of territory.
    pub const POINT: i32 = 2;

    /// The value of `color`'s side of the breakdown.
    fn side(score: &crate::Score, color: Color) -> i32 {
        let lists = score.territory_lists(color);
        let first = lists.counts.first().copied().unwrap_or(0) as i32;
        let counts: usize = lists.counts.iter().sum();
        let points: usize = lists.sizes.iter().sum();
        Self::FIRST_COUNT * first + Self::COUNT * counts as i32 + Self::POINT * points as i32
    }
}

impl Evaluator<Position> for AsIfEnded {
    fn evaluate(&mut self, pos: &Position) -> i32 {
        let score = pos.score_breakdown();
        let me = pos.color_of(pos.side_to_move());
        Self::side(&score, me) - Self::side(&score, me.other())
    }
}

/// Alpha-beta search with [`AsIfEnded`] (a 16 MiB table, at most 8 plies when the caller sets
/// no limit). Alpha-beta is deterministic, so `seed` is not used.
///
/// ```
/// use sundraval::{alphabeta_engine, BoardSize, Game, GameRecord, Position};
/// use sundraval::game_core::Limits;
///
/// let mut engine = alphabeta_engine(0);
/// let record = GameRecord::new(Position::start_with_size(BoardSize::Side(3))?);
/// let mv = engine.choose_move(&record, &Limits::depth(1)).expect("the game goes on");
/// assert!(record.current().is_legal(mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn alphabeta_engine(seed: u64) -> Box<dyn Engine<Position>> {
    let _ = seed;
    let config = AlphaBetaConfig::default().with_max_depth(8);
    match AlphaBeta::new(AsIfEnded, config) {
        Ok(engine) => Box::new(engine),
        // Sundraval has two seats, which is all `AlphaBeta::new` checks.
        Err(err) => unreachable!("{err}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{BoardSize, Game, Rng};

    /// The evaluation read straight from the breakdown's groups and regions.
    fn by_hand(pos: &Position) -> i32 {
        let score = pos.score_breakdown();
        let side = |color: Color| {
            let living: Vec<_> = score
                .groups
                .iter()
                .filter(|g| g.alive && g.color == color)
                .collect();
            let first = living
                .iter()
                .map(|g| g.territories.len())
                .max()
                .unwrap_or(0);
            let counts: usize = living.iter().map(|g| g.territories.len()).sum();
            let points: usize = living
                .iter()
                .flat_map(|g| g.territories.iter())
                .map(|&r| score.regions[r].points.len())
                .sum();
            100 * first as i32 + 25 * counts as i32 + 2 * points as i32
        };
        let me = pos.color_of(pos.side_to_move());
        side(me) - side(me.other())
    }

    #[test]
    fn matches_the_breakdown_read_by_hand() {
        assert_eq!(AsIfEnded.evaluate(&Position::start()), 0);
        let mut rng = Rng::new(11);
        let mut pos = Position::start_with_size(BoardSize::Side(5)).expect("size 5");
        let mut nonzero = 0;
        for _ in 0..40 {
            let moves = pos.legal_moves();
            let Some(&mv) = rng.choose(&moves) else { break };
            pos.play_unchecked(mv);
            if pos.outcome().is_some() {
                break;
            }
            let value = AsIfEnded.evaluate(&pos);
            assert_eq!(value, by_hand(&pos), "{pos}");
            nonzero += usize::from(value != 0);
        }
        assert!(nonzero > 0, "the random game never gave anyone territory");
    }
}
