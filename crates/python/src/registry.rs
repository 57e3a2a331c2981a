//! The games by name: the only place that names the game types.

use boardrules::games::GAME_NAMES;

use crate::core::Learnable;

/// Generic code run with the game type that a name stands for.
pub(crate) trait Visit {
    /// What the visit returns.
    type Output;
    /// Runs with game type `G`.
    fn visit<G: Learnable>(self) -> Self::Output;
}

/// The games this build of the package has (those with the learning interfaces).
pub(crate) const BUILT: &[&str] = &[
    "kvarn3",
    "swedish-draughts",
    "cheversi",
    "sundraval",
    "svendo",
];

/// Calls `visitor` with the game type named `name`, or says why there is none.
pub(crate) fn visit<V: Visit>(name: &str, visitor: V) -> Result<V::Output, String> {
    match name {
        "kvarn3" => Ok(visitor.visit::<boardrules::kvarn3::Position>()),
        "swedish-draughts" => Ok(visitor.visit::<boardrules::swedish_draughts::Position>()),
        "cheversi" => Ok(visitor.visit::<boardrules::cheversi::Position>()),
        "sundraval" => Ok(visitor.visit::<boardrules::sundraval::Position>()),
        "svendo" => Ok(visitor.visit::<boardrules::svendo::Position>()),
        _ if GAME_NAMES.contains(&name) => Err(format!(
            "the game {name:?} is not in this build of the package (games: {})",
            BUILT.join(", ")
        )),
        _ => Err(format!(
            "unknown game {name:?} (games: {})",
            BUILT.join(", ")
        )),
    }
}
