//! The weakest useful player: a uniformly random legal move, from a seeded generator. The
//! baseline that the strength tests measure the other engines against.

use alloc::string::String;
use alloc::vec::Vec;

use crate::search::{Engine, Limits, SearchInfo, SearchResult, StopFlag, Stopwatch};
use crate::{Game, GameRecord, Rng};

/// Plays a uniformly random legal move of the record (none once the record's game is over).
/// Deterministic for a seed: the same seed and the same sequence of records give the same
/// moves. It needs no search, so it meets every limit at once (see [`Limits`]): it reports
/// depth 0 and 0 nodes, and its root distribution
/// ([`SearchResult::root_distribution`]) gives every legal move weight 1, the uniform
/// choice it makes.
///
/// ```
/// use game_core::search::random::RandomEngine;
/// use game_core::{tictactoe::TicTacToe, Engine, Game, GameRecord, Limits};
///
/// let mut engine = RandomEngine::new(3);
/// let record = GameRecord::new(TicTacToe::start());
/// let mv = engine.choose_move(&record, &Limits::INFINITE);
/// assert!(mv.is_some_and(|mv| record.current().is_legal(mv)));
/// ```
#[derive(Clone, Debug)]
pub struct RandomEngine<G: Game> {
    seed: u64,
    rng: Rng,
    moves: Vec<G::Move>,
}

impl<G: Game> RandomEngine<G> {
    /// A random player seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        RandomEngine {
            seed,
            rng: Rng::new(seed),
            moves: Vec::new(),
        }
    }
}

impl<G: Game> Engine<G> for RandomEngine<G> {
    fn name(&self) -> String {
        "random".into()
    }

    fn search(
        &mut self,
        record: &GameRecord<G>,
        _limits: &Limits,
        _stop: &StopFlag,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let started = Stopwatch::start();
        self.moves.clear();
        if record.outcome().is_none() {
            record.current().legal_moves_into(&mut self.moves);
        }
        let best_move = self.rng.choose(&self.moves).copied();
        let info = SearchInfo {
            pv: best_move.into_iter().collect(),
            elapsed: started.elapsed(),
            ..SearchInfo::empty()
        };
        report(&info);
        SearchResult {
            best_move,
            info,
            root_distribution: self.moves.iter().map(|&mv| (mv, 1)).collect(),
        }
    }

    fn new_game(&mut self) {
        self.rng = Rng::new(self.seed);
    }
}
