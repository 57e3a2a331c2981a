//! Engines for Sundraval: the rollout policy of the default MCTS player.

use alloc::boxed::Box;
use game_core::search::mcts::{draw_rewards, Mcts, MctsConfig};
use game_core::{Engine, LeafEvaluator, Rewards, Rng};

use crate::{Game, Move, PointSet, Position, Turn};

/// MCTS's leaf evaluation for Sundraval: a fast playout to the two-pass ending, valued by the
/// score breakdown under the original rule ([`Game::outcome`]: 1 to the winner, 1/2 each on a
/// draw).
///
/// The playout policy:
/// - the opening is a black and a white stone on two different random points, then `keep`
///   or `swap` at random;
/// - in the game, the mover places on a uniformly random *contested* point: an empty point
///   whose empty region touches stones of both colours (a legal placement for both players).
///   It never plays into a region bordered only by enemy stones (an enemy territory: the
///   stone could only die there and the enemy cannot answer inside it) and, by the placement
///   rule, never into its own territory;
/// - with no contested point the mover passes. The contested points are the same for both
///   players, so the other player passes too and the playout ends; every placement fills a
///   point, so a playout never lasts more than the board's points plus a few plies.
///
/// A playout therefore ends with every region settled as one colour's territory, which is
/// what the score counts.
#[derive(Clone, Copy, Debug, Default)]
pub struct SundravalRollout;

/// A uniformly random point of a non-empty set.
fn random_point(set: &PointSet, rng: &mut Rng) -> Option<crate::Point> {
    let n = set.len();
    if n == 0 {
        return None;
    }
    set.iter().nth(rng.below(n))
}

impl SundravalRollout {
    /// One move of the playout policy (the game goes on at `pos`).
    pub fn policy_move(pos: &Position, rng: &mut Rng) -> Move {
        match pos.turn() {
            Turn::Setup => {
                let points = pos.points();
                let Some(black) = random_point(&points, rng) else {
                    return Move::Pass;
                };
                let mut rest = points;
                rest.remove(black);
                match random_point(&rest, rng) {
                    Some(white) => Move::Opening { black, white },
                    None => Move::Pass,
                }
            }
            Turn::Choose => {
                if rng.below(2) == 0 {
                    Move::Keep
                } else {
                    Move::Swap
                }
            }
            Turn::Play(color) => {
                let contested = pos
                    .placements(color)
                    .intersection(pos.placements(color.other()));
                random_point(&contested, rng).map_or(Move::Pass, Move::Place)
            }
        }
    }
}

impl LeafEvaluator<Position> for SundravalRollout {
    fn evaluate(&mut self, pos: &Position, rng: &mut Rng) -> Rewards {
        let mut pos = *pos;
        // A bound that the policy never reaches (each placement fills a point; see above).
        let cap = 2 * pos.points().len() + 8;
        for _ in 0..cap {
            if pos.is_over() {
                break;
            }
            let mv = SundravalRollout::policy_move(&pos, rng);
            pos.play_unchecked(mv);
        }
        match pos.outcome() {
            Some(outcome) => outcome.rewards::<Position>(),
            None => draw_rewards::<Position>(),
        }
    }

    /// The policy has no state: every tree of a multi-threaded search gets a copy.
    fn fork(&self) -> Option<Self> {
        Some(*self)
    }
}

/// The generic MCTS with [`SundravalRollout`], seeded with `seed`.
///
/// ```
/// use sundraval::{mcts_engine, Game, GameRecord, Position};
/// use sundraval::game_core::Limits;
///
/// let mut engine = mcts_engine(1);
/// let record = GameRecord::new(Position::start_with_size(sundraval::BoardSize::Side(3)).unwrap());
/// let mv = engine.choose_move(&record, &Limits::iterations(300)).expect("the game goes on");
/// assert!(record.current().is_legal(mv));
/// assert_eq!(engine.name(), "mcts");
/// ```
pub fn mcts_engine(seed: u64) -> Box<dyn Engine<Position>> {
    Box::new(Mcts::new(SundravalRollout, MctsConfig::default(), seed))
}

/// The default player: MCTS with [`SundravalRollout`] (see the crate docs, "Default player").
///
/// ```
/// use sundraval::{default_engine, Game, GameRecord, Position};
/// use sundraval::game_core::Limits;
///
/// let mut engine = default_engine(1);
/// let record = GameRecord::new(Position::start_with_size(sundraval::BoardSize::Side(3)).unwrap());
/// let mv = engine.choose_move(&record, &Limits::iterations(300)).expect("the game goes on");
/// assert!(record.current().is_legal(mv));
/// assert_eq!(engine.name(), "mcts");
/// ```
pub fn default_engine(seed: u64) -> Box<dyn Engine<Position>> {
    mcts_engine(seed)
}
