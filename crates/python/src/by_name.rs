//! Choosing a game by its name: the visitors that build a state, an engine or a batch of the
//! game type named, through the facade's `boardrules::games::visit`.

use boardrules::games::{setup, GameVisitor};
use game_core::{Actions, BoardSize, Describe, Gestures, Observe, Symmetries};

use crate::erased::{BatchOf, DynBatch, DynEngine, DynState, EngineOf, StateOf};

/// Calls `visitor` with the game type named `name`, or says why there is none.
pub(crate) fn visit<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Output, String> {
    boardrules::games::visit(name, visitor).map_err(|error| error.to_string())
}

/// The game named by the `"game"` field of the JSON object `json` (a game record, a stored
/// batch).
pub(crate) fn game_of_json(json: &str) -> Result<String, String> {
    let value: serde_json::Value =
        serde_json::from_str(json).map_err(|error| format!("not JSON: {error}"))?;
    value
        .get("game")
        .and_then(serde_json::Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| "the JSON object names no \"game\"".to_owned())
}

/// A game state by game name, from a position text or the start.
pub(crate) struct NewState<'a> {
    /// The position text, `None` for the start.
    pub(crate) text: Option<&'a str>,
    /// The board size, `None` for the default.
    pub(crate) size: Option<BoardSize>,
}

impl GameVisitor for NewState<'_> {
    type Output = Result<Box<dyn DynState>, String>;
    fn visit<G: Describe + Gestures + Actions + Observe + Symmetries>(self) -> Self::Output {
        let start = setup::<G>(self.text, self.size).map_err(|error| error.to_string())?;
        Ok(Box::new(StateOf::new(start)))
    }
}

/// A game state by game name, from the library's JSON game record.
pub(crate) struct StateFromRecord<'a>(pub(crate) &'a str);

impl GameVisitor for StateFromRecord<'_> {
    type Output = Result<Box<dyn DynState>, String>;
    fn visit<G: Describe + Gestures + Actions + Observe + Symmetries>(self) -> Self::Output {
        Ok(Box::new(StateOf::<G>::from_record(self.0)?))
    }
}

/// An engine by game name.
pub(crate) struct NewEngine<'a> {
    /// The engine's name (`NAME` or `NAME:BUDGET`).
    pub(crate) spec: &'a str,
    /// Its seed.
    pub(crate) seed: u64,
}

impl GameVisitor for NewEngine<'_> {
    type Output = Result<Box<dyn DynEngine>, String>;
    fn visit<G: Describe + Gestures + Actions + Observe + Symmetries>(self) -> Self::Output {
        Ok(Box::new(EngineOf::<G>::new(self.spec, self.seed)?))
    }
}

/// A batch by game name.
pub(crate) struct NewBatch {
    /// The number of games.
    pub(crate) n: usize,
    /// The board size, `None` for the default.
    pub(crate) size: Option<BoardSize>,
    /// The seed of the random actions.
    pub(crate) seed: u64,
    /// The ply cap, `None` for none.
    pub(crate) max_plies: Option<u32>,
}

impl GameVisitor for NewBatch {
    type Output = Result<Box<dyn DynBatch>, String>;
    fn visit<G: Describe + Gestures + Actions + Observe + Symmetries>(self) -> Self::Output {
        let start = setup::<G>(None, self.size).map_err(|error| error.to_string())?;
        Ok(Box::new(BatchOf::new(
            start,
            self.n,
            self.seed,
            self.max_plies,
        )?))
    }
}

/// A batch by game name, from its stored form.
pub(crate) struct BatchFromSnapshot<'a>(pub(crate) &'a str);

impl GameVisitor for BatchFromSnapshot<'_> {
    type Output = Result<Box<dyn DynBatch>, String>;
    fn visit<G: Describe + Gestures + Actions + Observe + Symmetries>(self) -> Self::Output {
        Ok(Box::new(BatchOf::<G>::restore(self.0)?))
    }
}

/// A game's board sizes by name.
pub(crate) struct Sizes;

impl GameVisitor for Sizes {
    type Output = Vec<String>;
    fn visit<G: Describe + Gestures + Actions + Observe + Symmetries>(self) -> Self::Output {
        G::BOARD_SIZES.iter().map(ToString::to_string).collect()
    }
}
