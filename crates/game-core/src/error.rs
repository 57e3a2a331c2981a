//! Typed errors shared by every game: bad position text, bad move text, illegal moves, board
//! sizes a game does not have.

use thiserror::Error;

use crate::Game;

/// A position string that is not a position of the game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid position at byte {offset}: {reason}")]
pub struct ParsePositionError {
    /// Byte offset in the text where the problem was found.
    pub offset: usize,
    /// What is wrong, in words.
    pub reason: String,
}

impl ParsePositionError {
    /// An error at byte `offset` of the text.
    pub fn new(offset: usize, reason: impl Into<String>) -> Self {
        Self {
            offset,
            reason: reason.into(),
        }
    }
}

/// Move text that names no legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// The text is not a move in the game's notation.
    #[error("malformed move {text:?}: {reason}")]
    Malformed {
        /// The text as given.
        text: String,
        /// What is wrong, in words.
        reason: String,
    },
    /// The text is a well-formed move that is not legal in this position.
    #[error("illegal move {text:?}{}", if reason.is_empty() { String::new() } else { format!(": {reason}") })]
    Illegal {
        /// The text as given.
        text: String,
        /// Why it is illegal, where the game can say (may be empty).
        reason: String,
    },
    /// The text fits several legal moves; the full text of each is listed.
    #[error("ambiguous move {text:?}: could be {}", candidates.join(", "))]
    Ambiguous {
        /// The text as given.
        text: String,
        /// The full text of every legal move it could mean.
        candidates: Vec<String>,
    },
}

impl ParseMoveError {
    /// A malformed-text error.
    pub fn malformed(text: &str, reason: impl Into<String>) -> Self {
        Self::Malformed {
            text: text.to_owned(),
            reason: reason.into(),
        }
    }

    /// An illegal-move error.
    pub fn illegal(text: &str, reason: impl Into<String>) -> Self {
        Self::Illegal {
            text: text.to_owned(),
            reason: reason.into(),
        }
    }

    /// An ambiguous-move error listing the candidates' full texts.
    pub fn ambiguous(text: &str, candidates: Vec<String>) -> Self {
        Self::Ambiguous {
            text: text.to_owned(),
            candidates,
        }
    }
}

/// A move refused by checked play because it is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move {mv}{}", if reason.is_empty() { String::new() } else { format!(": {reason}") })]
pub struct IllegalMoveError {
    /// The move, as its text where it has one, else its debug text.
    pub mv: String,
    /// Why it is illegal, where the game can say (may be empty).
    pub reason: String,
}

impl IllegalMoveError {
    /// An error for the move described by `mv`, without a reason.
    pub fn new(mv: impl Into<String>) -> Self {
        Self {
            mv: mv.into(),
            reason: String::new(),
        }
    }

    /// An error for the move described by `mv`, saying why it is illegal.
    pub fn with_reason(mv: impl Into<String>, reason: impl Into<String>) -> Self {
        Self {
            mv: mv.into(),
            reason: reason.into(),
        }
    }
}

/// A board size the game does not have.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{game} has no board of size {size}{}", supported_text(supported))]
pub struct SizeError {
    /// The game's name.
    pub game: &'static str,
    /// The size asked for.
    pub size: u32,
    /// The sizes the game has (empty: a single board).
    pub supported: &'static [u32],
}

fn supported_text(supported: &[u32]) -> String {
    if supported.is_empty() {
        " (it has a single board)".to_owned()
    } else {
        let list: Vec<String> = supported.iter().map(u32::to_string).collect();
        format!(" (sizes: {})", list.join(", "))
    }
}

impl SizeError {
    /// The error for game `G` and the size asked for.
    pub fn unsupported<G: Game>(size: u32) -> Self {
        Self {
            game: G::NAME,
            size,
            supported: G::BOARD_SIZES,
        }
    }
}
