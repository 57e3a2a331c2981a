//! The value of a leaf by random play, the evaluator that works for every game.

use alloc::vec::Vec;

use crate::search::{LeafEvaluator, Rewards, MAX_PLAYERS};
use crate::{random_playout, Game, Rng};

/// A leaf evaluation by uniformly random play: random legal moves from the leaf until the game
/// ends or `max_plies` plies have been played; a playout stopped by the ply cap counts as a
/// draw (`1/N` each). Works for every game; games supply better policies in their crates.
#[derive(Clone, Debug)]
pub struct RandomRollout<G: Game> {
    max_plies: u32,
    moves: Vec<G::Move>,
}

impl<G: Game> RandomRollout<G> {
    /// A rollout that plays at most `max_plies` plies.
    pub fn new(max_plies: u32) -> Self {
        RandomRollout {
            max_plies,
            moves: Vec::new(),
        }
    }
}

/// The rewards of a draw among the game's players (`1/N` each).
pub fn draw_rewards<G: Game>() -> Rewards {
    let mut rewards = [0.0; MAX_PLAYERS];
    let share = 1.0 / G::PLAYERS.len() as f64;
    for reward in rewards.iter_mut().take(G::PLAYERS.len()) {
        *reward = share;
    }
    rewards
}

impl<G: Game> LeafEvaluator<G> for RandomRollout<G> {
    fn evaluate(&mut self, pos: &G, rng: &mut Rng) -> Rewards {
        let playout = random_playout(*pos, rng, self.max_plies, &mut self.moves);
        match playout.outcome {
            Some(outcome) => outcome.rewards::<G>(),
            None => draw_rewards::<G>(),
        }
    }

    fn fork(&self) -> Option<Self> {
        Some(Self::new(self.max_plies))
    }
}
