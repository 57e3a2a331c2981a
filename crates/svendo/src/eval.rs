//! Engines for Svendo: the rollout policy of the default three-player MCTS.

use alloc::boxed::Box;
use alloc::vec::Vec;
use game_core::search::mcts::{draw_rewards, Mcts, MctsConfig};
use game_core::{Engine, LeafEvaluator, Rewards, Rng};

use crate::{Game, Move, Position};

/// The ply cap of [`SvendoRollout`]: a playout without a win by then counts as a draw (1/3
/// each).
pub const ROLLOUT_PLY_CAP: u32 = 200;

/// MCTS's leaf evaluation for Svendo: random legal moves (responsibility rules included, as
/// they are legality), except that a player with an immediate win of its own takes it. The
/// check is cheap: only when [`Position::has_winning_move`] (a bit-parallel scan) says the
/// mover has a winning slide are its moves tried one by one. A playout still going after
/// [`ROLLOUT_PLY_CAP`] plies is a draw; repetition is not tracked inside a playout.
#[derive(Clone, Debug, Default)]
pub struct SvendoRollout {
    moves: Vec<Move>,
}

impl SvendoRollout {
    /// A rollout with an empty move buffer.
    pub fn new() -> Self {
        Self::default()
    }

    /// A winning move of the player to move at `pos` among `moves` (its legal moves), if any.
    fn immediate_win(pos: &Position, moves: &[Move]) -> Option<Move> {
        let me = pos.to_move();
        moves.iter().copied().find(|&mv| {
            let mut next = *pos;
            next.play_unchecked(mv);
            next.win().is_some_and(|win| win.winner == me)
        })
    }
}

impl LeafEvaluator<Position> for SvendoRollout {
    fn evaluate(&mut self, pos: &Position, rng: &mut Rng) -> Rewards {
        let mut pos = *pos;
        for _ in 0..ROLLOUT_PLY_CAP {
            pos.legal_moves_into(&mut self.moves);
            if self.moves.is_empty() {
                break;
            }
            let win = if !pos.is_placement() && pos.has_winning_move(pos.to_move()) {
                SvendoRollout::immediate_win(&pos, &self.moves)
            } else {
                None
            };
            let mv = win.unwrap_or_else(|| self.moves[rng.below(self.moves.len())]);
            pos.play_unchecked(mv);
        }
        match pos.outcome() {
            Some(outcome) => outcome.rewards::<Position>(),
            None => draw_rewards::<Position>(),
        }
    }

    /// Every tree of a multi-threaded search gets its own move buffer.
    fn fork(&self) -> Option<Self> {
        Some(Self::new())
    }
}

/// The generic three-player MCTS with [`SvendoRollout`], seeded with `seed`.
///
/// ```
/// use svendo::{mcts_engine, Game, GameRecord, Position};
/// use svendo::game_core::Limits;
///
/// let mut engine = mcts_engine(1);
/// let record = GameRecord::new(Position::start());
/// let mv = engine.choose_move(&record, &Limits::iterations(200)).expect("the game goes on");
/// assert!(record.current().is_legal(mv));
/// assert_eq!(engine.name(), "mcts");
/// ```
pub fn mcts_engine(seed: u64) -> Box<dyn Engine<Position>> {
    Box::new(Mcts::new(SvendoRollout::new(), MctsConfig::default(), seed))
}

/// The default player: three-player MCTS with [`SvendoRollout`] (see the crate docs,
/// "Default player").
///
/// ```
/// use svendo::{default_engine, Game, GameRecord, Position};
/// use svendo::game_core::Limits;
///
/// let mut engine = default_engine(1);
/// let record = GameRecord::new(Position::start());
/// let mv = engine.choose_move(&record, &Limits::iterations(200)).expect("the game goes on");
/// assert!(record.current().is_legal(mv));
/// assert_eq!(engine.name(), "mcts");
/// ```
pub fn default_engine(seed: u64) -> Box<dyn Engine<Position>> {
    mcts_engine(seed)
}
