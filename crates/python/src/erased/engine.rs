//! A built-in engine of one game behind one interface: [`DynEngine`], implemented for every
//! game by [`EngineOf`].

use boardrules::engines::engine_by_name;
use game_core::{Engine, Game, Limits, Score, StopFlag};

use super::{DynState, Learnable, StateOf};

/// An engine's answer, ready for Python.
pub(crate) struct Found {
    /// The chosen move's text and action id, `None` when the game is over.
    pub(crate) choice: Option<(String, usize)>,
    /// The root distribution: each move's text, action id and weight.
    pub(crate) weights: Vec<(String, usize, u64)>,
    /// The size of the game's action space.
    pub(crate) num_actions: usize,
    /// The engine's score for the player to move, when it gives one.
    pub(crate) score: Option<Score>,
}

/// An engine of one game, behind one interface.
pub(crate) trait DynEngine: Send {
    /// The engine's name.
    fn name(&self) -> String;
    /// The game's name.
    fn game(&self) -> &'static str;
    /// Searches `state` (a state of this engine's game) under `limits`.
    fn search(&mut self, state: &dyn DynState, limits: &Limits) -> Result<Found, String>;
}

/// [`DynEngine`] for game `G`.
pub(crate) struct EngineOf<G: Game>(Box<dyn Engine<G>>);

impl<G: Learnable> EngineOf<G> {
    /// The engine named `spec` ([`engine_by_name`]) seeded with `seed`.
    pub(crate) fn new(spec: &str, seed: u64) -> Result<Self, String> {
        engine_by_name::<G>(spec, seed)
            .map(EngineOf)
            .map_err(|error| error.to_string())
    }
}

impl<G: Learnable> DynEngine for EngineOf<G> {
    fn name(&self) -> String {
        self.0.name()
    }

    fn game(&self) -> &'static str {
        G::NAME
    }

    fn search(&mut self, state: &dyn DynState, limits: &Limits) -> Result<Found, String> {
        let Some(state) = state.as_any().downcast_ref::<StateOf<G>>() else {
            return Err(format!(
                "this engine plays {}, not {}",
                G::NAME,
                state.game()
            ));
        };
        let record = &state.record;
        let pos = record.current();
        if record.outcome().is_some() {
            return Ok(Found {
                choice: None,
                weights: Vec::new(),
                num_actions: pos.num_actions(),
                score: None,
            });
        }
        let result = self.0.search(record, limits, &StopFlag::new(), &mut |_| {});
        let choice = result
            .best_move
            .map(|mv| (pos.move_text(mv), pos.action_id(mv)));
        let weights = result
            .root_distribution
            .iter()
            .map(|&(mv, weight)| (pos.move_text(mv), pos.action_id(mv), weight))
            .collect();
        Ok(Found {
            choice,
            weights,
            num_actions: pos.num_actions(),
            score: result.info.score,
        })
    }
}
