//! The one serde form of the workspace's small values: their notation text.
//!
//! Moves, points and players of every game are stored as the text people read (`"c3-c6"`,
//! `"e5"`, `"white"`), positions as their position string, and read back through the game's
//! own parser, so stored data can only name what the notation can say: a number where text is
//! expected, another letter case, an off-board point or whitespace around the text is a
//! deserialization error. No bit fields, layout indices or `Debug` spellings are stored.
//!
//! A game crate gives a type this form with one line, [`impl_serde_text!`](crate::impl_serde_text):
//!
//! ```
//! use core::fmt;
//! use core::str::FromStr;
//!
//! /// A die face, `1` … `6`.
//! #[derive(Debug, PartialEq)]
//! struct Face(u8);
//! impl fmt::Display for Face {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//!         write!(f, "{}", self.0)
//!     }
//! }
//! impl FromStr for Face {
//!     type Err = String;
//!     fn from_str(text: &str) -> Result<Face, String> {
//!         match text.parse() {
//!             Ok(n @ 1..=6) => Ok(Face(n)),
//!             _ => Err(format!("{text:?} is no face of a die")),
//!         }
//!     }
//! }
//! game_core::impl_serde_text!(Face);
//!
//! assert_eq!(serde_json::to_string(&Face(4)).unwrap(), r#""4""#);
//! assert_eq!(serde_json::from_str::<Face>(r#""6""#).unwrap(), Face(6));
//! assert!(serde_json::from_str::<Face>(r#""7""#).is_err());
//! assert!(serde_json::from_str::<Face>("6").is_err()); // a number, not the text
//! assert!(serde_json::from_str::<Face>(r#"" 6""#).is_err()); // stored text is exact
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Display};
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::Serializer;

/// Writes `value` as its `Display` text (for `#[serde(serialize_with = …)]` or
/// [`impl_serde_text!`](crate::impl_serde_text)).
///
/// # Errors
/// Whatever the serializer reports.
pub fn serialize<T: Display + ?Sized, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Reads a value from its text with its `FromStr` (for `#[serde(deserialize_with = …)]`).
///
/// # Errors
/// A deserialization error when the stored value is not a string, has whitespace around it,
/// or `FromStr` refuses it (its message is carried).
pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: Display,
    D: Deserializer<'de>,
{
    deserialize_with(deserializer, T::from_str)
}

/// Reads a value from its text with `parse`: for types whose text is read by a function
/// rather than `FromStr` (a position-free move parser, a player's name).
///
/// # Errors
/// A deserialization error when the stored value is not a string, has whitespace around it,
/// or `parse` refuses it (its message is carried).
pub fn deserialize_with<'de, T, E, D>(
    deserializer: D,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T, D::Error>
where
    E: Display,
    D: Deserializer<'de>,
{
    /// Accepts a string only (borrowed, copied or owned), and hands it to the parser.
    struct TextVisitor<F, T>(F, PhantomData<T>);

    impl<'de, T, E: Display, F: FnOnce(&str) -> Result<T, E>> Visitor<'de> for TextVisitor<F, T> {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string in the game's notation")
        }

        fn visit_str<Er: de::Error>(self, text: &str) -> Result<T, Er> {
            if text.trim() != text {
                return Err(Er::custom(format!(
                    "{:?}: stored text has no whitespace around it",
                    crate::excerpt(text, 0)
                )));
            }
            (self.0)(text).map_err(|e| Er::custom(format!("{:?}: {e}", crate::excerpt(text, 0))))
        }
    }

    deserializer.deserialize_str(TextVisitor(parse, PhantomData))
}

/// The result of reading stored `text`, refused when the text is the value's canonical text in
/// another letter case: the game's readers take move text in either case (`B2`, `PASS`) from
/// people, but stored data is written in the notation's own case only, as it prints.
/// [`impl_serde_text!`](crate::impl_serde_text) reads every value through it.
///
/// # Errors
/// The parser's error as text, or the case error.
///
/// ```
/// use game_core::serde_text::in_stored_case;
///
/// let parse = |text: &str| Ok::<String, String>(text.to_ascii_lowercase());
/// assert_eq!(in_stored_case("b2", parse("b2")).as_deref(), Ok("b2"));
/// assert!(in_stored_case("B2", parse("B2")).unwrap_err().contains("b2"));
/// ```
pub fn in_stored_case<T: Display, E: Display>(
    text: &str,
    parsed: Result<T, E>,
) -> Result<T, String> {
    let value = parsed.map_err(|e| e.to_string())?;
    let canonical = value.to_string();
    if canonical != text && canonical.eq_ignore_ascii_case(text) {
        return Err(format!(
            "stored text is in the notation's own letter case: {:?}",
            crate::excerpt(&canonical, 0)
        ));
    }
    Ok(value)
}

/// The player of `players` whose `Display` text is `text` (players are stored by their
/// lower-case names, `"white"`, `"first"`).
///
/// # Errors
/// The names there are, when `text` is none of them.
pub fn parse_name<T: Copy + Display>(players: &[T], text: &str) -> Result<T, String> {
    players
        .iter()
        .find(|p| p.to_string() == text)
        .copied()
        .ok_or_else(|| {
            let names: Vec<String> = players.iter().map(ToString::to_string).collect();
            format!("expected one of {}", names.join(", "))
        })
}

/// Gives a type the text serde form: `Serialize` writes its `Display` text, `Deserialize`
/// reads a string (only a string, with no whitespace around it) with its `FromStr`, or with
/// the function given as the second argument (`fn(&str) -> Result<T, E>` with `E: Display`),
/// and refuses the value's own text in another letter case ([`in_stored_case`]).
///
/// The expanding crate needs only `game-core` with its `serde` feature (which it enables with
/// its own `serde` feature); see [`serde_text`](crate::serde_text) for an example.
#[macro_export]
macro_rules! impl_serde_text {
    ($ty:ty) => {
        $crate::impl_serde_text!($ty, <$ty as ::core::str::FromStr>::from_str);
    };
    ($ty:ty, $parse:expr) => {
        impl $crate::__serde::Serialize for $ty {
            fn serialize<S: $crate::__serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                $crate::serde_text::serialize(self, serializer)
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                $crate::serde_text::deserialize_with(deserializer, |text: &str| {
                    $crate::serde_text::in_stored_case(text, ($parse)(text))
                })
            }
        }
    };
}
