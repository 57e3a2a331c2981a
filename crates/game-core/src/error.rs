//! Typed errors shared by every game (all of them re-exported at the crate root): bad position text, bad move text, illegal moves, board
//! sizes a game does not have, perft depths beyond the bound, draw rules that make no sense.
//!
//! Errors never echo a whole input: text from outside is quoted as a bounded [`excerpt`], so a
//! 100 KB argument gives a one-line message.
//!
//! # One policy for every game
//!
//! The five game crates (and the template [`tictactoe`](crate::tictactoe)) read text the same
//! way, so a program that handles one game's errors handles them all:
//!
//! - **Case.** Position texts are case-sensitive, as the rules pages write them: `W`/`B`
//!   stones but `w`/`b` for the side to move, `K` White's king and `k` Black's. Move texts
//!   are read in either letter case, because no game's move notation tells anything by case:
//!   `B2`, `A1-B2`, `28X19`, `E5+F7`, `PASS`, `Keep` read as `b2`, `a1-b2`, `28x19`, `e5+f7`,
//!   `pass`, `keep`; Cheversi's `ke4` as `Ke4` (the piece letter is a capital whichever side
//!   moves, so its case says nothing) and Svendo's `mc3` as `Mc3` (no Svendo board has a
//!   column `m`). [`Game::move_text`] prints the canonical case, the rules pages' own.
//!   A point's `FromStr` reads the canonical text (lower-case letters, as position strings
//!   and stored data write points);
//!   [`Describe::parse_point`](crate::Describe::parse_point) reads either case, for people.
//! - **Whitespace.** Whitespace around a whole position or move text is ignored (it is what a
//!   terminal or a file line adds); inside it the notation is exact: fields are separated by
//!   one space and nothing else. Offsets count bytes of the text *as given*, trimmed
//!   whitespace included, so `&text[err.offset..]` starts at the fault. Stored (serde) text is
//!   stricter: a string with no whitespace around it and in the notation's own letter case,
//!   read by the same parser (see `game_core::serde_text`, behind the `serde` feature).
//! - **Position errors** ([`ParsePositionError`]) carry a [kind](ParsePositionErrorKind) and
//!   the byte offset of the fault. [`Malformed`](ParsePositionErrorKind::Malformed): the text
//!   is not in the notation — a missing or extra field, an unknown letter, a row of the wrong
//!   length, a number out of range, and a point that is off the board. [`Illegal`](ParsePositionErrorKind::Illegal):
//!   the text is well-formed but describes a position the rules do not allow or cannot reach
//!   (too many pieces, counts that do not fit the side to move, a man on its crowning row, a
//!   mill of the side to move). [`SizeMismatch`](ParsePositionErrorKind::SizeMismatch): a
//!   position of another board than the one asked for ([`Game::parse_position`]). Where a
//!   rule is broken by the board as a whole (a stone count), the offset is that of the field
//!   whose content breaks it.
//! - **Move errors** ([`ParseMoveError`]) say `Malformed` (not a move in the notation,
//!   an off-board point included), `Illegal` (a move in the notation that is not legal here)
//!   or `Ambiguous` (the candidates are listed). **Every illegal move gets a reason in words**,
//!   both from [`Game::parse_move`] and from checked play ([`Game::play`], an
//!   [`IllegalMoveError`] quoting the move's text with the reason of [`Game::why_illegal`]):
//!   "the point is taken", "a capture is compulsory", never only "illegal move" and never a
//!   `Debug` form.
//! - Error enums that may grow are `#[non_exhaustive]`: match them with a `_` arm.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;
use thiserror::Error;

use crate::{BoardSize, Game};

/// What kind of fault a [`ParsePositionError`] reports (see the [policy](self#one-policy-for-every-game)).
///
/// ```
/// use game_core::{tictactoe::TicTacToe, ParsePositionErrorKind};
///
/// let err = "x../.q./... x".parse::<TicTacToe>().unwrap_err();
/// assert_eq!(err.kind, ParsePositionErrorKind::Malformed); // no such mark
/// let err = "xxx/.../... o".parse::<TicTacToe>().unwrap_err();
/// assert_eq!(err.kind, ParsePositionErrorKind::Illegal); // the counts do not fit
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParsePositionErrorKind {
    /// The text is not in the game's notation: a field missing or extra, an unknown letter, a
    /// row of the wrong length, a number out of range, a point off the board.
    Malformed,
    /// The text is in the notation but the position is one the rules do not allow or cannot
    /// reach: too many pieces, counts that do not fit the side to move, a man on its crowning
    /// row, a win the board does not show.
    Illegal,
    /// A position of the game, but on another board than the one asked for.
    SizeMismatch,
}

/// A position string that is not a position of the game: what kind of fault, where (a byte
/// offset into the text as given) and what, in words.
///
/// ```
/// use game_core::{tictactoe::TicTacToe, ParsePositionErrorKind};
/// let err = "x../.z./... o".parse::<TicTacToe>().unwrap_err();
/// assert_eq!((err.kind, err.offset), (ParsePositionErrorKind::Malformed, 5));
/// let err = "xxx/.../... o".parse::<TicTacToe>().unwrap_err();
/// assert_eq!(err.kind, ParsePositionErrorKind::Illegal);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid position at byte {offset}: {reason}")]
#[non_exhaustive]
pub struct ParsePositionError {
    /// Whether the text is not in the notation, or not a position the rules allow.
    pub kind: ParsePositionErrorKind,
    /// Byte offset in the text where the problem was found.
    pub offset: usize,
    /// What is wrong, in words.
    pub reason: String,
}

impl ParsePositionError {
    /// An error of the given kind at byte `offset`. A reason longer than [`MAX_REASON_CHARS`]
    /// characters (one that quotes a long piece of the input, say) is shortened, ending with
    /// `…`.
    pub fn with_kind(
        kind: ParsePositionErrorKind,
        offset: usize,
        reason: impl Into<String>,
    ) -> Self {
        Self {
            kind,
            offset,
            reason: bounded(reason.into(), MAX_REASON_CHARS),
        }
    }

    /// The text is not in the notation (at byte `offset`).
    pub fn malformed(offset: usize, reason: impl Into<String>) -> Self {
        Self::with_kind(ParsePositionErrorKind::Malformed, offset, reason)
    }

    /// The text is well-formed, but not a position the rules allow (the fault at byte
    /// `offset`).
    pub fn illegal(offset: usize, reason: impl Into<String>) -> Self {
        Self::with_kind(ParsePositionErrorKind::Illegal, offset, reason)
    }

    /// The same error with its offset moved `by` bytes later: for a parser that read a part of
    /// a longer text (a trimmed text, one field).
    #[must_use]
    pub fn shifted(mut self, by: usize) -> Self {
        self.offset = self.offset.saturating_add(by);
        self
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
///
/// ```
/// use game_core::{tictactoe::TicTacToe, Game, ParseMoveError};
///
/// let pos: TicTacToe = "x../.../... o".parse().unwrap();
/// assert!(matches!(pos.parse_move("z9"), Err(ParseMoveError::Malformed { .. })));
/// match pos.parse_move("a3") {
///     Err(ParseMoveError::Illegal { text, reason }) => {
///         assert_eq!((text.as_str(), reason.as_str()), ("a3", "the point is taken"));
///     }
///     other => panic!("{other:?}"),
/// }
/// // Every error prints a message for people.
/// let err = ParseMoveError::ambiguous("e", vec!["e1".into(), "e2".into()]);
/// assert_eq!(err.to_string(), r#"ambiguous move "e": could be e1, e2"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
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
        /// Why it is illegal, in words (every game of the workspace gives one).
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
///
/// ```
/// use game_core::{tictactoe::TicTacToe, Game};
///
/// let mut pos: TicTacToe = "x../.../... o".parse().unwrap();
/// let err = pos.play(6).unwrap_err(); // a3, taken
/// assert_eq!(err.mv, "a3");
/// assert_eq!(err.to_string(), "illegal move a3: the point is taken");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move {mv}{}", if reason.is_empty() { String::new() } else { format!(": {reason}") })]
#[non_exhaustive]
pub struct IllegalMoveError {
    /// The move, as its text where it has one (every game of the workspace writes its text).
    pub mv: String,
    /// Why it is illegal, in words (every game of the workspace gives one).
    pub reason: String,
}

impl IllegalMoveError {
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
///
/// ```
/// use game_core::{tictactoe::TicTacToe, BoardSize, Game};
///
/// let err = TicTacToe::start_with_size(BoardSize::Side(4)).unwrap_err();
/// assert_eq!((err.game, err.size), ("tictactoe", BoardSize::Side(4)));
/// assert_eq!(err.to_string(), "tictactoe has no board of size 4 (it has a single board)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
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
///
/// ```
/// use game_core::{perft, tictactoe::TicTacToe, Game, PerftError, MAX_PERFT_DEPTH};
///
/// assert_eq!(perft(&TicTacToe::start(), 2), Ok(72));
/// let err = perft(&TicTacToe::start(), MAX_PERFT_DEPTH + 1).unwrap_err();
/// assert!(matches!(err, PerftError::DepthTooLarge { max: MAX_PERFT_DEPTH, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
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
///
/// ```
/// use game_core::{DrawRules, DrawRulesError};
///
/// let rules = DrawRules::NONE.with_no_progress_plies(Some(0));
/// assert_eq!(rules.validate(), Err(DrawRulesError::NoProgressPlies));
/// assert_eq!(
///     DrawRulesError::Repetitions(1).to_string(),
///     "repetitions must be at least 2 (the position occurs once when it is reached), not 1"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
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

/// Text that is not a point (square) of the game, from a point type's `FromStr`.
///
/// The policy of every game crate: a point is read exactly as the game writes it — lower-case
/// file letters where the notation has letters (`b2`, not `B2`), square numbers in decimal
/// without sign or leading zeros (`32`, not `+32` or `032`), and no surrounding whitespace (the
/// text is not trimmed). Where the board size decides which points exist (the two draughts
/// boards, Sundraval's sizes, Svendo's rectangles), `FromStr` accepts every point of the
/// largest board, and the position's methods check the point against their own board.
///
/// ```
/// use game_core::ParsePointError;
/// let err = ParsePointError::new("z9", "the file must be a letter a-c");
/// assert_eq!(err.to_string(), "invalid point \"z9\": the file must be a letter a-c");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
#[error("invalid point {text:?}: {reason}")]
pub struct ParsePointError {
    /// The text as given, or its first [`EXCERPT_CHARS`] characters and `…` when longer.
    pub text: String,
    /// What is wrong, in words.
    pub reason: String,
}

impl ParsePointError {
    /// The error for point text `text` (quoted as an [`excerpt`] from its start), saying what
    /// is wrong (bounded to [`MAX_REASON_CHARS`]).
    pub fn new(text: &str, reason: impl Into<String>) -> Self {
        Self {
            text: excerpt(text, 0),
            reason: bounded(reason.into(), MAX_REASON_CHARS),
        }
    }
}
