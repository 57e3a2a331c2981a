//! Choosing a game by its name at run time, and setting up its position from the options the
//! command-line tools share (`--size`, `--fen`).
//!
//! Generic code is written once as a [`GameVisitor`]; [`visit`] calls it with the game type
//! that a name (as the command-line tools spell it) stands for.

use game_core::{BoardSize, Engine, Game, Outcome, OutcomeOf, ParsePositionError, SizeError};
use thiserror::Error;

/// The names of every game of the workspace, as the tools spell them.
pub const GAME_NAMES: &[&str] = &[
    "kvarn3",
    "swedish-draughts",
    "cheversi",
    "sundraval",
    "svendo",
];

/// What a game offers beyond [`Game`] to a program that shows it to people: its picture and
/// its engines (the text pictures, [`Game::diagram`] and [`Game::details`], are the trait's).
pub trait Describe: Game {
    /// The position drawn as a standalone SVG document `size` pixels wide, with `last_move`
    /// (the move that led to it) marked: the game's `Position::to_svg` with its other options
    /// at their defaults.
    fn svg(&self, last_move: Option<Self::Move>, size: u32) -> String;

    /// The picture of `record`'s current position as [`Describe::svg`] draws it, and where
    /// the game is over, why it ended marked where the picture can show it: Kvarn3's mill
    /// and Svendo's winning line as highlighted points, Sundraval's score layer (territories
    /// and dead stones). With `attacks`, Cheversi's attacked squares are shaded too (the
    /// games without attacks ignore it; [`Describe::HAS_ATTACKS`] says which have them).
    fn svg_explained(&self, last_move: Option<Self::Move>, size: u32, attacks: bool) -> String {
        let _ = attacks;
        self.svg(last_move, size)
    }

    /// Whether [`Describe::svg_explained`] can shade attacked squares (Cheversi).
    const HAS_ATTACKS: bool = false;

    /// The game's default player (its crate's `default_engine`), seeded with `seed`.
    fn default_engine(seed: u64) -> Box<dyn Engine<Self>>;

    /// The game's alpha-beta player, for two-player games that have one; `None` otherwise.
    fn alphabeta_engine(seed: u64) -> Option<Box<dyn Engine<Self>>> {
        let _ = seed;
        None
    }

    /// The game's MCTS player with its rollout policy (its crate's `mcts_engine`).
    fn mcts_engine(seed: u64) -> Box<dyn Engine<Self>>;
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

#[cfg(feature = "cheversi")]
impl Describe for cheversi::Position {
    fn svg(&self, last_move: Option<cheversi::Move>, size: u32) -> String {
        let options = cheversi::SvgOptions::new()
            .with_size(size)
            .with_last_move(last_move);
        game_core::Describe::to_svg(self, &options)
    }

    const HAS_ATTACKS: bool = true;

    fn svg_explained(&self, last_move: Option<cheversi::Move>, size: u32, attacks: bool) -> String {
        let options = cheversi::SvgOptions::new()
            .with_size(size)
            .with_last_move(last_move)
            .with_explain(attacks);
        game_core::Describe::to_svg(self, &options)
    }

    fn default_engine(seed: u64) -> Box<dyn Engine<Self>> {
        cheversi::default_engine(seed)
    }

    fn alphabeta_engine(seed: u64) -> Option<Box<dyn Engine<Self>>> {
        Some(cheversi::alphabeta_engine(seed))
    }

    fn mcts_engine(seed: u64) -> Box<dyn Engine<Self>> {
        cheversi::mcts_engine(seed)
    }
}

#[cfg(feature = "sundraval")]
impl Describe for sundraval::Position {
    fn svg(&self, last_move: Option<sundraval::Move>, size: u32) -> String {
        let options = sundraval::SvgOptions::new()
            .with_size(size)
            .with_last_move(last_move);
        game_core::Describe::to_svg(self, &options)
    }

    fn svg_explained(&self, last_move: Option<sundraval::Move>, size: u32, _: bool) -> String {
        let options = sundraval::SvgOptions::new()
            .with_size(size)
            .with_last_move(last_move)
            .with_explain(self.outcome().is_some());
        game_core::Describe::to_svg(self, &options)
    }

    fn default_engine(seed: u64) -> Box<dyn Engine<Self>> {
        sundraval::default_engine(seed)
    }

    fn alphabeta_engine(seed: u64) -> Option<Box<dyn Engine<Self>>> {
        Some(sundraval::alphabeta_engine(seed))
    }

    fn mcts_engine(seed: u64) -> Box<dyn Engine<Self>> {
        sundraval::mcts_engine(seed)
    }
}

#[cfg(feature = "kvarn3")]
impl Describe for kvarn3::Position {
    fn svg(&self, last_move: Option<kvarn3::Move>, size: u32) -> String {
        let options = kvarn3::SvgOptions::new()
            .with_size(size)
            .with_last_move(last_move);
        game_core::Describe::to_svg(self, &options)
    }

    fn svg_explained(&self, last_move: Option<kvarn3::Move>, size: u32, _: bool) -> String {
        let options = kvarn3::SvgOptions::new()
            .with_size(size)
            .with_last_move(last_move)
            .with_explain(true);
        game_core::Describe::to_svg(self, &options)
    }

    fn default_engine(seed: u64) -> Box<dyn Engine<Self>> {
        kvarn3::default_engine(seed)
    }

    fn alphabeta_engine(seed: u64) -> Option<Box<dyn Engine<Self>>> {
        Some(kvarn3::alphabeta_engine(seed))
    }

    fn mcts_engine(seed: u64) -> Box<dyn Engine<Self>> {
        kvarn3::mcts_engine(seed)
    }
}

#[cfg(feature = "svendo")]
impl Describe for svendo::Position {
    fn svg(&self, last_move: Option<svendo::Move>, size: u32) -> String {
        let options = svendo::SvgOptions {
            size,
            last_move,
            ..svendo::SvgOptions::default()
        };
        self.to_svg(&options)
    }

    fn svg_explained(&self, last_move: Option<svendo::Move>, size: u32, _: bool) -> String {
        let options = svendo::SvgOptions {
            size,
            last_move,
            highlights: last_move
                .and_then(|mv| self.winning_line(mv))
                .unwrap_or_default(),
            ..svendo::SvgOptions::default()
        };
        self.to_svg(&options)
    }

    fn default_engine(seed: u64) -> Box<dyn Engine<Self>> {
        svendo::default_engine(seed)
    }

    fn mcts_engine(seed: u64) -> Box<dyn Engine<Self>> {
        svendo::mcts_engine(seed)
    }
}

#[cfg(feature = "swedish-draughts")]
impl Describe for swedish_draughts::Position {
    fn svg(&self, last_move: Option<swedish_draughts::Move>, size: u32) -> String {
        let options = swedish_draughts::SvgOptions::new()
            .with_size(size)
            .with_last_move(last_move);
        game_core::Describe::to_svg(self, &options)
    }

    fn default_engine(seed: u64) -> Box<dyn Engine<Self>> {
        swedish_draughts::default_engine(seed)
    }

    fn alphabeta_engine(seed: u64) -> Option<Box<dyn Engine<Self>>> {
        Some(swedish_draughts::alphabeta_engine(seed))
    }

    fn mcts_engine(seed: u64) -> Box<dyn Engine<Self>> {
        swedish_draughts::mcts_engine(seed)
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
