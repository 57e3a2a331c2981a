//! Engines for Kvarn3: the perfect player on the [`Solver`], and the rollout that lets the
//! generic MCTS play the game.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use game_core::search::mcts::{draw_rewards, Mcts, MctsConfig};
use game_core::{
    Engine, GameRecord, LeafEvaluator, Limits, Rewards, Rng, Score, SearchInfo, SearchResult,
    StopFlag,
};

use crate::solver::{Solver, Value};
use crate::{Game, Move, Position};

/// The ply cap of [`Kvarn3Rollout`]: a random game without a mill by then counts as a draw.
pub const ROLLOUT_PLY_CAP: u32 = 40;

/// Perfect play from the [`Solver`]'s table: the quickest win, else a draw, else the longest
/// defence. Among equally good moves it picks one at random (seeded), so games vary.
///
/// It needs no search, so it meets every limit at once (see [`Limits`]). It reports what it
/// did: depth 1 (it looks up the value of each of the root's moves, however deep the win it
/// finds: the distance is in the score), and as nodes the positions it looked up (the root's
/// children, and the children along the principal variation it reads from the table). Its
/// root distribution ([`SearchResult::root_distribution`]) lists every legal move, 1 for the
/// equally good moves it chooses among and 0 for the others.
///
/// The table ignores the record's history: a repetition never changes a value (see the
/// solver's docs), but a move cap in the record's draw rules can make a slow win only a draw;
/// the engine does not look at caps.
///
/// ```
/// use kvarn3::{Game, GameRecord, Position, SolverEngine};
/// use kvarn3::game_core::{Engine, Limits};
///
/// let mut engine = SolverEngine::new(1);
/// let record = GameRecord::new(Position::start());
/// let mv = engine.choose_move(&record, &Limits::INFINITE).expect("a move");
/// assert_eq!(Position::start().move_text(mv), "b2"); // the only winning first move
/// ```
#[derive(Clone, Debug)]
pub struct SolverEngine {
    solver: Arc<Solver>,
    seed: u64,
    rng: Rng,
}

impl SolverEngine {
    /// The perfect player, seeded with `seed` for the choice among equally good moves. With
    /// the `std` feature it plays on [`Solver::shared`] (computed on first use); without it
    /// each engine computes its own table (see [`SolverEngine::with_solver`] to share one).
    pub fn new(seed: u64) -> Self {
        Self::with_solver(Solver::for_engine(), seed)
    }

    /// The perfect player on `solver`, seeded with `seed`.
    pub fn with_solver(solver: Arc<Solver>, seed: u64) -> Self {
        SolverEngine {
            solver,
            seed,
            rng: Rng::new(seed),
        }
    }
}

/// The engine's score for a solver value (for the player to move).
fn score_of(value: Value) -> Score {
    match value {
        Value::Win(n) => Score::WinIn(n),
        Value::Loss(n) => Score::LossIn(n),
        Value::Draw => Score::Draw,
    }
}

impl Engine<Position> for SolverEngine {
    fn name(&self) -> String {
        "solver".into()
    }

    fn search(
        &mut self,
        record: &GameRecord<Position>,
        _limits: &Limits,
        _stop: &StopFlag,
        report: &mut dyn FnMut(&SearchInfo<Move>),
    ) -> SearchResult<Move> {
        if record.outcome().is_some() {
            return SearchResult::game_over();
        }
        let pos = record.current();
        let value = self.solver.value(pos);
        let values = self.solver.move_values(pos);
        let mut looked_up = values.len() as u64;
        let best: Vec<Move> = values
            .iter()
            .filter(|&&(_, v)| v == value)
            .map(|&(mv, _)| mv)
            .collect();
        let best_move = self.rng.choose(&best).copied();
        // The principal variation: the chosen move, then the first best move each ply.
        let mut pv = Vec::new();
        let mut line = *pos;
        let mut next = best_move;
        while let Some(mv) = next {
            pv.push(mv);
            line.play_unchecked(mv);
            if pv.len() > 12 || line.outcome().is_some() {
                break;
            }
            let replies = self.solver.move_values(&line);
            looked_up += replies.len() as u64;
            let target = self.solver.value(&line);
            next = replies
                .iter()
                .find(|&&(_, v)| v == target)
                .map(|&(mv, _)| mv);
        }
        let info = SearchInfo::new(
            1,
            looked_up,
            Some(score_of(value)),
            pv,
            core::time::Duration::ZERO,
        );
        report(&info);
        SearchResult::new(best_move, info).with_root_distribution(
            values
                .iter()
                .map(|&(mv, v)| (mv, u64::from(v == value)))
                .collect(),
        )
    }

    fn new_game(&mut self) {
        self.rng = Rng::new(self.seed);
    }
}

/// MCTS's leaf evaluation for Kvarn3: the crate's specialised random playout
/// ([`Position::random_playout`], no move list) capped at [`ROLLOUT_PLY_CAP`] plies; a game
/// still going at the cap counts as a draw.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kvarn3Rollout;

impl LeafEvaluator<Position> for Kvarn3Rollout {
    #[inline]
    fn evaluate(&mut self, pos: &Position, rng: &mut Rng) -> Rewards {
        match pos.random_playout(rng, ROLLOUT_PLY_CAP).outcome {
            Some(outcome) => outcome.rewards::<Position>(),
            None => draw_rewards::<Position>(),
        }
    }

    /// The playout has no state: every tree of a multi-threaded search gets a copy.
    fn fork(&self) -> Option<Self> {
        Some(*self)
    }
}

/// The generic MCTS with [`Kvarn3Rollout`], seeded with `seed`.
///
/// ```
/// use kvarn3::{mcts_engine, Game, GameRecord, Position};
/// use kvarn3::game_core::Limits;
///
/// let mut engine = mcts_engine(1);
/// let record = GameRecord::new(Position::start());
/// let mv = engine.choose_move(&record, &Limits::iterations(500)).expect("the game goes on");
/// assert!(record.current().is_legal(mv));
/// assert_eq!(engine.name(), "mcts");
/// ```
pub fn mcts_engine(seed: u64) -> Box<dyn Engine<Position>> {
    Box::new(Mcts::new(Kvarn3Rollout, MctsConfig::default(), seed))
}

/// The default player: [`SolverEngine`], perfect play (see the crate docs, "Default player").
///
/// ```
/// use kvarn3::{default_engine, Game, GameRecord, Position};
/// use kvarn3::game_core::Limits;
///
/// let mut engine = default_engine(1);
/// let record = GameRecord::new(Position::start());
/// let mv = engine.choose_move(&record, &Limits::INFINITE).expect("the game goes on");
/// assert!(record.current().is_legal(mv));
/// assert_eq!(engine.name(), "solver");
/// // Perfect play answers at once, whatever the limits.
/// ```
pub fn default_engine(seed: u64) -> Box<dyn Engine<Position>> {
    Box::new(SolverEngine::new(seed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn the_solver_engine_reports_the_lookup_it_did_and_its_choice_among_best_moves() {
        let mut engine = SolverEngine::new(1);
        let record = GameRecord::new(Position::start());
        let result = engine.search(&record, &Limits::depth(3), &StopFlag::new(), &mut |_| {});
        // It looked up the values of the root's moves: one ply, whatever the depth asked and
        // however far the win is (that distance is the score's).
        assert_eq!(result.info.depth, 1);
        assert!(matches!(result.info.score, Some(Score::WinIn(_))));
        // Every legal first move is listed; b2, the only winning one, is the only one it
        // would choose.
        let start = Position::start();
        assert_eq!(result.root_distribution.len(), start.legal_moves().len());
        let chosen: Vec<String> = result
            .root_distribution
            .iter()
            .filter(|&&(_, weight)| weight == 1)
            .map(|&(mv, _)| start.move_text(mv))
            .collect();
        assert_eq!(chosen, ["b2"]);
        assert!(result.root_distribution.iter().all(|&(_, w)| w <= 1));
    }
}
