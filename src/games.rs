//! Choosing a game by its name at run time.
//!
//! Generic code is written once as a [`GameVisitor`]; [`visit`] calls it with the game type
//! that a name (as the command-line tools spell it) stands for.

use game_core::Game;
use thiserror::Error;

/// The names of every game of the workspace, as the tools spell them.
pub const GAME_NAMES: &[&str] = &[
    "kvarn3",
    "swedish-draughts",
    "cheversi",
    "sundraval",
    "svendo",
];

/// What a game offers beyond [`Game`] to a program that shows it to people.
pub trait Describe: Game {
    /// Extra lines about the position for people (a score breakdown, say); none by default.
    fn details(&self) -> Vec<String> {
        Vec::new()
    }
}

/// Generic code run with the game type that a name stands for.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs with game type `G`.
    fn visit<G: Describe>(self) -> Self::Output;
}

/// A game name that [`visit`] cannot serve.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UnknownGame {
    /// Not a game of the workspace.
    #[error("unknown game {0:?} (games: {names})", names = GAME_NAMES.join(", "))]
    Unknown(String),
    /// A game of the workspace that this build does not include (its crate is not built yet or
    /// its cargo feature is off).
    #[error("the game {0:?} is not built yet in this build of boardrules")]
    NotBuilt(String),
}

/// Calls `visitor` with the game type named `name`.
///
/// # Errors
/// [`UnknownGame`] when the name is not a game or the game is not in this build.
pub fn visit<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Output, UnknownGame> {
    let _ = &visitor;
    match name {
        _ if !GAME_NAMES.contains(&name) => Err(UnknownGame::Unknown(name.to_owned())),
        _ => Err(UnknownGame::NotBuilt(name.to_owned())),
    }
}
