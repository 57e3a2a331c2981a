//! [`BoardSize`]: the size of a board for games that can be played on several (the `--size` of
//! the tools, the `size` of a stored game record).
//!
//! One number fixes some boards (a draughts board of `n` × `n` squares, a Sundraval hexagon of
//! `n` points a side); others need a width and a height (a Svendo rectangle). The text form is
//! `N` or `WxH` (`8`, `10x6`): that is what the tools accept and what records store.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use thiserror::Error;

/// The size of a board.
///
/// The variants order as they are declared (every `Side` before every `Rect`), then by their
/// numbers; that order only serves sorted collections.
///
/// ```
/// use game_core::BoardSize;
///
/// let draughts: BoardSize = "8".parse()?;
/// assert_eq!(draughts, BoardSize::Side(8));
/// let svendo: BoardSize = " 10x6 ".parse()?;
/// assert_eq!(svendo, BoardSize::Rect { width: 10, height: 6 });
/// assert_eq!(svendo.to_string(), "10x6");
/// assert!("0".parse::<BoardSize>().is_err());
/// # Ok::<(), game_core::ParseBoardSizeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BoardSize {
    /// A board fixed by one number: `n` × `n` squares (draughts: 10 or 8), or `n` points on
    /// each side of a hexagon (Sundraval). Written `n`.
    Side(u32),
    /// A rectangle of `width` columns and `height` rows (Svendo). Written `WxH`.
    Rect {
        /// Columns (points across).
        width: u32,
        /// Rows (points down).
        height: u32,
    },
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Side(n) => write!(f, "{n}"),
            Self::Rect { width, height } => write!(f, "{width}x{height}"),
        }
    }
}

/// A text that is not a board size (`N` or `WxH`, each number from 1 to `u32::MAX`).
///
/// ```
/// use game_core::{BoardSize, ParseBoardSizeError};
///
/// assert_eq!("10x6".parse::<BoardSize>(), Ok(BoardSize::Rect { width: 10, height: 6 }));
/// assert_eq!("".parse::<BoardSize>(), Err(ParseBoardSizeError::Empty));
/// assert!(matches!("0x6".parse::<BoardSize>(), Err(ParseBoardSizeError::Zero { .. })));
/// assert!(matches!("big".parse::<BoardSize>(), Err(ParseBoardSizeError::Malformed { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseBoardSizeError {
    /// Nothing but whitespace.
    #[error("empty board size (expected N or WxH, e.g. 8 or 10x6)")]
    Empty,
    /// Something other than a number, or two numbers joined by a lower-case `x`.
    #[error("board size {text:?} is not N or WxH (e.g. 8 or 10x6)")]
    Malformed {
        /// A bounded excerpt of the input.
        text: String,
    },
    /// A number too large for the size type.
    #[error("board size {text:?} has a number that is too large")]
    TooLarge {
        /// A bounded excerpt of the input.
        text: String,
    },
    /// A side of zero: no board.
    #[error("board size {text:?} has a zero side")]
    Zero {
        /// A bounded excerpt of the input.
        text: String,
    },
}

/// Why one number of a size text was refused.
enum NumberFault {
    Malformed,
    TooLarge,
    Zero,
}

/// Reads one side: ASCII digits only (no sign, no spaces inside), not zero, fits a `u32`.
fn parse_side(digits: &str) -> Result<u32, NumberFault> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NumberFault::Malformed);
    }
    match digits.parse::<u32>() {
        Ok(0) => Err(NumberFault::Zero),
        Ok(n) => Ok(n),
        // Only digits, so the one failure left is a number too large.
        Err(_) => Err(NumberFault::TooLarge),
    }
}

impl FromStr for BoardSize {
    type Err = ParseBoardSizeError;

    /// Reads `N` or `WxH` (a lower-case `x`, no spaces inside). Whitespace around the whole text
    /// is ignored, as the position and move parsers of the project do.
    ///
    /// # Errors
    /// [`ParseBoardSizeError`] for an empty text, anything but digits and one `x`, a zero side,
    /// or a number above `u32::MAX`; the message quotes a bounded excerpt of the input.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(ParseBoardSizeError::Empty);
        }
        let quoted = || crate::excerpt(trimmed, 0);
        let parsed = match trimmed.split_once('x') {
            None => parse_side(trimmed).map(Self::Side),
            Some((width, height)) => parse_side(width)
                .and_then(|width| parse_side(height).map(|height| Self::Rect { width, height })),
        };
        parsed.map_err(|fault| match fault {
            NumberFault::Malformed => ParseBoardSizeError::Malformed { text: quoted() },
            NumberFault::TooLarge => ParseBoardSizeError::TooLarge { text: quoted() },
            NumberFault::Zero => ParseBoardSizeError::Zero { text: quoted() },
        })
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    //! A size is stored as its text (`"8"`, `"10x6"`) and checked when loaded: it must be
    //! exactly the text [`Display`](core::fmt::Display) writes, so a number (`8`), a zero side,
    //! junk, and also the forms only [`FromStr`] forgives (`" 8"`, `"08"`) are
    //! deserialization errors. Stored data has one spelling.

    use alloc::format;
    use alloc::string::ToString;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::BoardSize;

    impl Serialize for BoardSize {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for BoardSize {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let text = <alloc::borrow::Cow<'de, str>>::deserialize(deserializer)?;
            let size: BoardSize = text.parse().map_err(D::Error::custom)?;
            let canonical = size.to_string();
            if canonical != text {
                return Err(D::Error::custom(format!(
                    "board size {:?} is not written as {canonical:?}",
                    crate::excerpt(&text, 0)
                )));
            }
            Ok(size)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_and_reads_back() {
        for size in [
            BoardSize::Side(1),
            BoardSize::Side(8),
            BoardSize::Side(u32::MAX),
            BoardSize::Rect {
                width: 10,
                height: 6,
            },
            BoardSize::Rect {
                width: 5,
                height: 12,
            },
        ] {
            assert_eq!(size.to_string().parse::<BoardSize>(), Ok(size));
        }
        assert_eq!(BoardSize::Side(8).to_string(), "8");
        assert_eq!(
            BoardSize::Rect {
                width: 8,
                height: 5
            }
            .to_string(),
            "8x5"
        );
    }

    #[test]
    fn trims_surrounding_whitespace_only() {
        assert_eq!(" 9\n".parse(), Ok(BoardSize::Side(9)));
        assert_eq!(
            "\t8x8 ".parse(),
            Ok(BoardSize::Rect {
                width: 8,
                height: 8
            })
        );
        assert!(matches!(
            "8 x 8".parse::<BoardSize>(),
            Err(ParseBoardSizeError::Malformed { .. })
        ));
    }

    #[test]
    fn refuses_junk_zero_and_overflow() {
        assert_eq!("".parse::<BoardSize>(), Err(ParseBoardSizeError::Empty));
        assert_eq!("  ".parse::<BoardSize>(), Err(ParseBoardSizeError::Empty));
        for junk in [
            "x", "8x", "x8", "8X8", "8x8x8", "+8", "-8", "8.0", "eight", "8×8",
        ] {
            assert!(
                matches!(
                    junk.parse::<BoardSize>(),
                    Err(ParseBoardSizeError::Malformed { .. })
                ),
                "{junk:?}"
            );
        }
        for zero in ["0", "00", "0x6", "10x0"] {
            assert!(
                matches!(
                    zero.parse::<BoardSize>(),
                    Err(ParseBoardSizeError::Zero { .. })
                ),
                "{zero:?}"
            );
        }
        for big in ["4294967296", "1x99999999999", "99999999999999999999x3"] {
            assert!(
                matches!(
                    big.parse::<BoardSize>(),
                    Err(ParseBoardSizeError::TooLarge { .. })
                ),
                "{big:?}"
            );
        }
    }

    #[test]
    fn error_quotes_a_bounded_excerpt() {
        let long = "9".repeat(100_000);
        let message = long.parse::<BoardSize>().unwrap_err().to_string();
        assert!(message.len() < 200, "{message}");
        let message = format!("{}y", "1".repeat(5000))
            .parse::<BoardSize>()
            .unwrap_err();
        assert!(message.to_string().len() < 200);
    }

    #[test]
    fn orders_side_before_rect_then_by_numbers() {
        assert!(
            BoardSize::Side(11)
                < BoardSize::Rect {
                    width: 5,
                    height: 6
                }
        );
        assert!(
            BoardSize::Rect {
                width: 5,
                height: 12
            } < BoardSize::Rect {
                width: 6,
                height: 5
            }
        );
    }
}
