//! Pieces that the games' text parsers share: the whitespace and letter-case rules of the
//! [error policy](crate::error#one-policy-for-every-game), run-length rows of position
//! strings (`10/10/3B6/…`, `2K5/2Qb4/8/…`), a move read and then refused with the position's
//! reason ([`legal_or_refused`]), and a type's `String` conversions through its text
//! ([`impl_string_conversions!`](crate::impl_string_conversions)).

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::{ParseMoveError, ParsePositionError};

/// `text` without the whitespace around it, and the byte offset in `text` where the rest
/// starts (the policy: whitespace around a whole position or move text is ignored).
///
/// ```
/// assert_eq!(game_core::notation::trimmed("  b2 \n"), (2, "b2"));
/// ```
pub fn trimmed(text: &str) -> (usize, &str) {
    let rest = text.trim_start();
    (text.len() - rest.len(), rest.trim_end())
}

/// `text` with its ASCII capitals in lower case (borrowed when it has none): how a game's move
/// reader applies the case rule of the policy, where move text is read in either case because
/// its notation does not tell anything by case. The reader folds the text, then reads the
/// canonical lower-case forms (`b2`, `pass`, `mc3`), mapping a letter the notation writes in
/// capitals (Cheversi's `K`, Svendo's `M`) from its lower-case form.
///
/// ```
/// use game_core::notation::fold_case;
/// assert_eq!(fold_case("E5+F7"), "e5+f7");
/// assert_eq!(fold_case("PASS"), "pass");
/// assert!(matches!(fold_case("b2"), std::borrow::Cow::Borrowed("b2"))); // no copy
/// ```
pub fn fold_case(text: &str) -> Cow<'_, str> {
    if text.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(text.to_ascii_lowercase())
    } else {
        Cow::Borrowed(text)
    }
}

/// Reads a whole position text by the policy: `parse` reads the text without the whitespace
/// around it, and the offsets of its errors are moved to count from the start of `text`.
///
/// # Errors
/// The error of `parse`, with its offset into `text`.
pub fn parse_trimmed<T>(
    text: &str,
    parse: impl FnOnce(&str) -> Result<T, ParsePositionError>,
) -> Result<T, ParsePositionError> {
    let (at, body) = trimmed(text);
    parse(body).map_err(|e| e.shifted(at))
}

/// A move read from `text`, checked against the position: `Ok(mv)` when the position has no
/// objection (`reason` is `None`), else [`ParseMoveError::Illegal`] quoting `text` with the
/// position's reason. This is the second half of every game's move reader: the text says which
/// move is meant, the position says why it may not be played, so a user reads the same reason
/// from `parse_move` as from checked play.
///
/// # Errors
/// [`ParseMoveError::Illegal`] with `reason` when there is one.
///
/// ```
/// use game_core::notation::legal_or_refused;
/// use game_core::ParseMoveError;
///
/// assert_eq!(legal_or_refused("b2", 4, None::<&str>), Ok(4));
/// let err = legal_or_refused("b2", 4, Some("b2 is not empty")).unwrap_err();
/// assert!(matches!(err, ParseMoveError::Illegal { .. }));
/// assert_eq!(err.to_string(), "illegal move \"b2\": b2 is not empty");
/// ```
pub fn legal_or_refused<M>(
    text: &str,
    mv: M,
    reason: Option<impl Into<String>>,
) -> Result<M, ParseMoveError> {
    match reason {
        None => Ok(mv),
        Some(reason) => Err(ParseMoveError::illegal(text, reason)),
    }
}

/// Implements `From<T> for String` (its `Display` text) and `TryFrom<String> for T` (its
/// `FromStr`, with the same error) for a type whose text is its whole value, such as a
/// game's position: the conversions serde's `into`/`try_from` attributes and generic code
/// use, written once instead of in every game.
///
/// ```
/// use core::fmt;
/// use core::str::FromStr;
///
/// #[derive(Debug, PartialEq)]
/// struct Count(u8);
/// impl fmt::Display for Count {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "{}", self.0)
///     }
/// }
/// impl FromStr for Count {
///     type Err = core::num::ParseIntError;
///     fn from_str(text: &str) -> Result<Self, Self::Err> {
///         text.parse().map(Count)
///     }
/// }
/// game_core::impl_string_conversions!(Count);
///
/// assert_eq!(String::from(Count(7)), "7");
/// assert_eq!(Count::try_from(String::from("7")), Ok(Count(7)));
/// assert!(Count::try_from(String::from("seven")).is_err());
/// ```
#[macro_export]
macro_rules! impl_string_conversions {
    ($ty:ty) => {
        impl ::core::convert::From<$ty> for $crate::__String {
            /// The value's text (its `Display`).
            fn from(value: $ty) -> $crate::__String {
                $crate::__ToString::to_string(&value)
            }
        }

        impl ::core::convert::TryFrom<$crate::__String> for $ty {
            type Error = <$ty as ::core::str::FromStr>::Err;

            /// Reads the value from its text (its `FromStr`).
            fn try_from(text: $crate::__String) -> ::core::result::Result<Self, Self::Error> {
                <$ty as ::core::str::FromStr>::from_str(&text)
            }
        }
    };
}

/// The `/`-separated rows of a board field, each with its byte offset in `field` (add the
/// field's own offset for one in the whole text).
///
/// ```
/// let rows: Vec<_> = game_core::notation::rows("3/B2/").collect();
/// assert_eq!(rows, [(0, "3"), (2, "B2"), (5, "")]);
/// ```
pub fn rows(field: &str) -> impl Iterator<Item = (usize, &str)> {
    field.split('/').scan(0, |offset, row| {
        let at = *offset;
        *offset += row.len() + 1;
        Some((at, row))
    })
}

/// Reads one run-length row: each byte of `letters` is one point holding that piece (`.` may
/// be one of them, for a single empty point), and a number is a run of that many empty
/// points (several digits make one number, `10`; it has no leading zero). `cell(column,
/// letter, offset)` is called for every letter, columns counted from 0, with the letter's byte
/// offset in the whole text (for the game's own errors about it, which stop the reading); the
/// number of points in the row is returned. `at` is the row's byte offset in the whole text,
/// so errors point at the fault.
///
/// ```
/// use game_core::notation::read_row;
/// let mut stones = Vec::new();
/// let n = read_row("2B10W", 0, b"BW", 16, |col, c, _| Ok(stones.push((col, c))));
/// assert_eq!(n, Ok(14));
/// assert_eq!(stones, [(2, b'B'), (13, b'W')]);
/// let err = read_row("B0", 7, b"BW", 16, |_, _, _| Ok(())).unwrap_err();
/// assert_eq!(err.offset, 8);
/// ```
///
/// # Errors
/// A [`Malformed`](crate::ParsePositionErrorKind::Malformed) error at the fault: a byte that
/// is neither one of `letters` nor a digit, a number with a leading zero, more than
/// `max_points` points; or the first error `cell` returns.
pub fn read_row(
    row: &str,
    at: usize,
    letters: &[u8],
    max_points: usize,
    mut cell: impl FnMut(usize, u8, usize) -> Result<(), ParsePositionError>,
) -> Result<usize, ParsePositionError> {
    let bytes = row.as_bytes();
    let too_long = |i: usize| {
        ParsePositionError::malformed(
            at + i,
            format!("a row has at most {max_points} points; this one has more"),
        )
    };
    let mut col = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_digit() {
            if b == b'0' {
                return Err(ParsePositionError::malformed(
                    at + i,
                    "a run of empty points is a number from 1, without a leading 0",
                ));
            }
            let start = i;
            let mut run = 0usize;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                run = run
                    .saturating_mul(10)
                    .saturating_add(usize::from(bytes[i] - b'0'));
                i += 1;
            }
            col = col.saturating_add(run);
            if col > max_points {
                return Err(too_long(start));
            }
        } else if letters.contains(&b) {
            if col >= max_points {
                return Err(too_long(i));
            }
            cell(col, b, at + i)?;
            col += 1;
            i += 1;
        } else {
            let found = row[i..]
                .chars()
                .next()
                .unwrap_or(char::REPLACEMENT_CHARACTER);
            let expected: Vec<String> =
                letters.iter().map(|&l| char::from(l).to_string()).collect();
            return Err(ParsePositionError::malformed(
                at + i,
                format!(
                    "unexpected {found:?} in a row: expected {} or a number of empty points",
                    expected.join(", ")
                ),
            ));
        }
    }
    Ok(col)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ParsePositionErrorKind;

    fn cells(row: &str, max: usize) -> Result<(usize, Vec<(usize, u8)>), ParsePositionError> {
        let mut out = Vec::new();
        let n = read_row(row, 100, b"BW.", max, |col, c, at| {
            assert_eq!(row.as_bytes()[at - 100], c);
            out.push((col, c));
            Ok(())
        })?;
        Ok((n, out))
    }

    #[test]
    fn runs_and_letters_count_points() {
        assert_eq!(cells("", 8), Ok((0, vec![])));
        assert_eq!(cells("8", 8), Ok((8, vec![])));
        assert_eq!(
            cells("B.W", 8),
            Ok((3, vec![(0, b'B'), (1, b'.'), (2, b'W')]))
        );
        assert_eq!(cells("1B12W", 20), Ok((15, vec![(1, b'B'), (14, b'W')])));
        assert_eq!(cells("3B3", 7), Ok((7, vec![(3, b'B')])));
    }

    #[test]
    fn faults_are_malformed_at_their_byte() {
        // (row, max points, offset of the fault within the row)
        for (row, max, at) in [
            ("B0", 8, 1),                      // leading zero
            ("07", 8, 0),                      // leading zero
            ("9", 8, 0),                       // a run past the end
            ("4B4", 8, 2),                     // a stone past the end
            ("2x", 8, 1),                      // not a letter of the game
            ("b", 8, 0),                       // letters are case-sensitive
            ("Bé", 8, 1),                      // a multi-byte character
            ("99999999999999999999999", 8, 0), // a huge run saturates, and is too long
        ] {
            let err = cells(row, max).unwrap_err();
            assert_eq!(err.kind, ParsePositionErrorKind::Malformed, "{row}");
            assert_eq!(err.offset, 100 + at, "{row}: {err}");
        }
        assert!(cells("Bé", 8).unwrap_err().reason.contains("'é'"));
    }

    #[test]
    fn trimming_keeps_offsets_into_the_given_text() {
        assert_eq!(trimmed("b2"), (0, "b2"));
        assert_eq!(trimmed("\t b2  "), (2, "b2"));
        assert_eq!(trimmed("   "), (3, ""));
        let err = parse_trimmed::<()>("  abc", |body| {
            Err(ParsePositionError::malformed(body.len(), "end"))
        })
        .unwrap_err();
        assert_eq!(err.offset, 5);
    }

    #[test]
    fn rows_carry_their_offsets() {
        let rows: Vec<_> = rows("ab/c//d").collect();
        assert_eq!(rows, [(0, "ab"), (3, "c"), (5, ""), (6, "d")]);
    }
}
