//! Choosing a game by its name at run time, and setting up its position from the options the
//! command-line tools share (`--size`, `--fen`).
//!
//! Generic code is written once as a [`GameVisitor`]; [`visit`] calls it with the game type
//! that a name (as the command-line tools spell it) stands for.

use game_core::{
    Actions, BoardSize, Game, Observe, Outcome, OutcomeOf, ParsePositionError, SizeError,
    Symmetries,
};
use thiserror::Error;

/// The names of every game of the workspace, as the tools spell them.
pub const GAME_NAMES: &[&str] = &[
    "kvarn3",
    "swedish-draughts",
    "cheversi",
    "sundraval",
    "svendo",
];

/// What a game offers beyond [`Game`] to a program that shows it to people: its points, its
/// picture and its engines, game-core's trait, implemented by every game crate (the text
/// pictures, [`Game::diagram`] and [`Game::details`], are [`Game`]'s).
pub use game_core::Describe;

/// The clicks that make each legal move, game-core's trait, implemented by every game crate.
pub use game_core::Gestures;

/// Generic code run with the game type that a name stands for.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs with game type `G`: any game of the workspace, with its picture, engines and
    /// gestures, and its action ids, observations and symmetries for learning code.
    fn visit<G: Describe + Gestures + Actions + Observe + Symmetries>(self) -> Self::Output;
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
        #[cfg(feature = "cheversi")]
        "cheversi" => Ok(visitor.visit::<cheversi::Position>()),
        #[cfg(feature = "sundraval")]
        "sundraval" => Ok(visitor.visit::<sundraval::Position>()),
        #[cfg(feature = "kvarn3")]
        "kvarn3" => Ok(visitor.visit::<kvarn3::Position>()),
        #[cfg(feature = "svendo")]
        "svendo" => Ok(visitor.visit::<svendo::Position>()),
        #[cfg(feature = "swedish-draughts")]
        "swedish-draughts" => Ok(visitor.visit::<swedish_draughts::Position>()),
        _ if !GAME_NAMES.contains(&name) => Err(UnknownGame::Unknown(name.to_owned())),
        _ => Err(UnknownGame::NotBuilt(name.to_owned())),
    }
}

/// Why [`setup`] could not set up a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// `--size` for a game with a single board, or a size the game does not have.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// The position text is not a position of the game (or contradicts the size).
    #[error("{game}: {source}")]
    Position {
        /// The game's name.
        game: &'static str,
        /// What is wrong with the text.
        source: ParsePositionError,
    },
}

/// The position the tools start from: the text `fen` on a board of `size` when given, else the
/// start position on that board (or the default board).
///
/// # Errors
/// [`SetupError`] when the game has no such size or the text is not a position of the game
/// (on that board).
pub fn setup<G: Game>(fen: Option<&str>, size: Option<BoardSize>) -> Result<G, SetupError> {
    if let Some(size) = size {
        if !G::BOARD_SIZES.contains(&size) {
            return Err(SizeError::unsupported::<G>(size).into());
        }
    }
    match (fen, size) {
        (Some(text), size) => {
            G::parse_position(text.trim(), size).map_err(|source| SetupError::Position {
                game: G::NAME,
                source,
            })
        }
        (None, Some(size)) => Ok(G::start_with_size(size)?),
        (None, None) => Ok(G::start()),
    }
}

/// How the tools name `player` in `pos` for people: the colour (`white`), or where the seat
/// and the colour differ, as in Sundraval whose pie rule can swap colours, the seat with its
/// colour beside it (`second (white)`).
pub fn player_name<G: Game>(pos: &G, player: G::Player) -> String {
    let seat = player.to_string();
    let colour = pos.color_name(player);
    if seat == colour {
        colour
    } else {
        format!("{seat} ({colour})")
    }
}

/// The line that ends the `show` tool's output, a contract checked by other programs:
/// `outcome: none`, `outcome: draw (REASON)` or `outcome: winner PLAYER (REASON)`, the player
/// as [`player_name`] names it (the colour in lower case; in Sundraval the seat and its
/// colour, `second (white)`), and `, N points` after the reason where the game scores (`1
/// point` for one).
pub fn outcome_line<G: Game>(pos: &G, outcome: Option<OutcomeOf<G>>) -> String {
    match outcome {
        None => "outcome: none".to_owned(),
        Some(Outcome::Draw { reason }) => format!("outcome: draw ({reason})"),
        Some(Outcome::Winner { player, reason }) => {
            let who = player_name(pos, player);
            match pos.score(player) {
                Some(points) => {
                    let unit = if points == 1 { "point" } else { "points" };
                    format!("outcome: winner {who} ({reason}, {points} {unit})")
                }
                None => format!("outcome: winner {who} ({reason})"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "sundraval")]
    #[test]
    fn a_sundraval_seat_is_named_with_its_colour_and_the_swap_changes_it() {
        use sundraval::{BoardSize, Position, Seat};
        let mut pos = Position::start_with_size(BoardSize::Side(3)).expect("3 a side");
        // Before the pie choice the first seat plays Black (it places the opening).
        assert_eq!(player_name(&pos, Seat::First), "first (black)");
        for text in ["b1+c3", "swap"] {
            let mv = pos.parse_move(text).expect("legal");
            pos.play(mv).expect("legal");
        }
        // The swap: the second seat takes Black, the first plays White.
        assert_eq!(player_name(&pos, Seat::First), "first (white)");
        assert_eq!(player_name(&pos, Seat::Second), "second (black)");
    }

    #[cfg(feature = "kvarn3")]
    #[test]
    fn a_colour_that_is_the_player_is_named_once() {
        let pos = kvarn3::Position::start();
        assert_eq!(player_name(&pos, kvarn3::Color::White), "white");
    }
}
