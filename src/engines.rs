//! PLACEHOLDER (replaced at merge by the MCTS helper's registry): engines by name.
use game_core::{Engine, Game, GameRecord, Limits, Rng, SearchInfo, SearchResult, StopFlag};
use thiserror::Error;

use crate::games::Describe;

/// An engine name that the registry does not know.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown engine {0:?}")]
pub struct UnknownEngine(pub String);

struct Random(Rng);
impl<G: Game> Engine<G> for Random {
    fn name(&self) -> String {
        "random".into()
    }
    fn search(
        &mut self,
        record: &GameRecord<G>,
        _: &Limits,
        _: &StopFlag,
        _: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let moves = record.legal_moves();
        SearchResult {
            best_move: self.0.choose(&moves).copied(),
            info: SearchInfo::empty(),
        }
    }
}

/// The engine named `spec`.
pub fn engine_by_name<G: Describe>(
    spec: &str,
    seed: u64,
) -> Result<Box<dyn Engine<G>>, UnknownEngine> {
    match spec {
        "random" | "default" | "mcts" | "alphabeta" => Ok(Box::new(Random(Rng::new(seed)))),
        _ => Err(UnknownEngine(spec.to_owned())),
    }
}
