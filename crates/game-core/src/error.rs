//! Typed errors shared by every game: bad position text, bad move text, illegal moves, board
//! sizes a game does not have, perft depths beyond the bound, draw rules that make no sense.
//!
//! Errors never echo a whole input: text from outside is quoted as a bounded [`excerpt`], so a
//! 100 KB argument gives a one-line message.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;
use thiserror::Error;

use crate::{BoardSize, Game};

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
    ///
    /// A reason longer than [`MAX_REASON_CHARS`] characters (one that quotes a long piece of
    /// the input, say) is shortened, ending with `…`.
    pub fn new(offset: usize, reason: impl Into<String>) -> Self {
        Self {
            offset,
            reason: bounded(reason.into(), MAX_REASON_CHARS),
        }
    }
}

/// The most characters of input an [`excerpt`] quotes (the `…` marks not counted).
pub const EXCERPT_CHARS: usize = 40;

/// The most characters an error keeps of a reason given in words (the `…` mark not counted).
pub const MAX_REASON_CHARS: usize = 200;

/// At most [`EXCERPT_CHARS`] characters of `text` around byte offset `at`, with `…` where
/// text was cut off, for quoting a (possibly huge, possibly hostile) input in an error message.
///
/// The window starts a few characters before `at`, so the fault is in view with a little
/// context; `at` past the end (or inside a character) is moved to the nearest boundary.
///
/// ```
/// use game_core::excerpt;
/// assert_eq!(excerpt("b2", 0), "b2");
/// let long = format!("{}X{}", "a".repeat(1000), "b".repeat(1000));
/// let quoted = excerpt(&long, 1000);
/// assert!(quoted.starts_with('…') && quoted.ends_with('…') && quoted.contains('X'));
/// assert_eq!(quoted.chars().count(), game_core::EXCERPT_CHARS + 2);
/// ```
pub fn excerpt(text: &str, at: usize) -> String {
    /// Characters of context kept before the fault.
    const BEFORE: usize = 10;
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let start = text[..at]
        .char_indices()
        .rev()
        .nth(BEFORE - 1)
        .map_or(0, |(i, _)| i);
    let end = text[start..]
        .char_indices()
        .nth(EXCERPT_CHARS)
        .map_or(text.len(), |(i, _)| start + i);
    let mut out = String::with_capacity(end - start + 6);
    if start > 0 {
        out.push('…');
    }
    out.push_str(&text[start..end]);
    if end < text.len() {
        out.push('…');
    }
    out
}

/// `text` cut to at most `max` characters, with `…` when something was cut off.
fn bounded(mut text: String, max: usize) -> String {
    if let Some((cut, _)) = text.char_indices().nth(max) {
        text.truncate(cut);
        text.push('…');
    }
    text
}

/// Move text that names no legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// The text is not a move in the game's notation.
    #[error("malformed move {text:?}: {reason}")]
    Malformed {
        /// The text as given, or its first [`EXCERPT_CHARS`] characters and `…` when longer.
        text: String,
        /// What is wrong, in words.
        reason: String,
    },
    /// The text is a well-formed move that is not legal in this position.
    #[error("illegal move {text:?}{}", if reason.is_empty() { String::new() } else { format!(": {reason}") })]
    Illegal {
        /// The text as given, or its first [`EXCERPT_CHARS`] characters and `…` when longer.
        text: String,
        /// Why it is illegal, where the game can say (may be empty).
        reason: String,
    },
    /// The text fits several legal moves; the full text of each is listed.
    #[error("ambiguous move {text:?}: could be {}", candidates.join(", "))]
    Ambiguous {
        /// The text as given, or its first [`EXCERPT_CHARS`] characters and `…` when longer.
        text: String,
        /// The full text of every legal move it could mean.
        candidates: Vec<String>,
    },
}

impl ParseMoveError {
    /// A malformed-text error (the text is quoted as an [`excerpt`] from its start, the reason
    /// bounded to [`MAX_REASON_CHARS`]).
    pub fn malformed(text: &str, reason: impl Into<String>) -> Self {
        Self::Malformed {
            text: excerpt(text, 0),
            reason: bounded(reason.into(), MAX_REASON_CHARS),
        }
    }

    /// An illegal-move error (text and reason bounded as in [`ParseMoveError::malformed`]).
    pub fn illegal(text: &str, reason: impl Into<String>) -> Self {
        Self::Illegal {
            text: excerpt(text, 0),
            reason: bounded(reason.into(), MAX_REASON_CHARS),
        }
    }

    /// An ambiguous-move error listing the candidates' full texts (the moves of the game, so
    /// short; the text given is quoted as an [`excerpt`]).
    pub fn ambiguous(text: &str, candidates: Vec<String>) -> Self {
        Self::Ambiguous {
            text: excerpt(text, 0),
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
    /// An error for the move described by `mv`, without a reason (`mv` bounded to
    /// [`MAX_REASON_CHARS`]).
    pub fn new(mv: impl Into<String>) -> Self {
        Self {
            mv: bounded(mv.into(), MAX_REASON_CHARS),
            reason: String::new(),
        }
    }

    /// An error for the move described by `mv`, saying why it is illegal (both bounded to
    /// [`MAX_REASON_CHARS`]).
    pub fn with_reason(mv: impl Into<String>, reason: impl Into<String>) -> Self {
        Self {
            mv: bounded(mv.into(), MAX_REASON_CHARS),
            reason: bounded(reason.into(), MAX_REASON_CHARS),
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
    pub size: BoardSize,
    /// The sizes the game has (empty: a single board).
    pub supported: &'static [BoardSize],
}

fn supported_text(supported: &[BoardSize]) -> String {
    if supported.is_empty() {
        " (it has a single board)".to_owned()
    } else {
        let list: Vec<String> = supported.iter().map(BoardSize::to_string).collect();
        format!(" (sizes: {})", list.join(", "))
    }
}

impl SizeError {
    /// The error for game `G` and the size asked for.
    pub fn unsupported<G: Game>(size: BoardSize) -> Self {
        Self {
            game: G::NAME,
            size,
            supported: G::BOARD_SIZES,
        }
    }
}

/// A perft depth the counter refuses (see [`crate::MAX_PERFT_DEPTH`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PerftError {
    /// The depth is above the bound: no such count could finish, and the search would only
    /// exhaust the stack or the memory.
    #[error("perft depth {depth} is too deep (at most {max})")]
    DepthTooLarge {
        /// The depth asked for.
        depth: u32,
        /// The deepest depth counted, [`crate::MAX_PERFT_DEPTH`].
        max: u32,
    },
}

/// A draw rule value that makes no sense (see [`crate::DrawRules::validate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum DrawRulesError {
    /// A repetition count below 2: the start position has occurred once, so every game would
    /// be drawn before its first move.
    #[error(
        "repetitions must be at least 2 (the position occurs once when it is reached), not {0}"
    )]
    Repetitions(u32),
    /// A no-progress limit of 0 plies: every game would be drawn at once.
    #[error("no_progress_plies must be at least 1, not 0")]
    NoProgressPlies,
    /// A move cap of 0 plies: every game would be drawn at once.
    #[error("move_cap must be at least 1, not 0")]
    MoveCap,
}
