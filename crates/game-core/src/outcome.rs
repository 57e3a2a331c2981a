//! How a game ended.

use core::fmt;

/// The end of a game: a winner or a draw, with the reason in words.
///
/// The reason is a short lower-case phrase (`"mill"`, `"no legal move"`, `"repetition"`) for
/// people and logs; programs match on the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Outcome<P> {
    /// `player` has won.
    Winner {
        /// The winning player.
        player: P,
        /// Why, in a few words.
        reason: &'static str,
    },
    /// Nobody has won.
    Draw {
        /// Why, in a few words.
        reason: &'static str,
    },
}

impl<P: Copy> Outcome<P> {
    /// The winner, if there is one.
    pub fn winner(&self) -> Option<P> {
        match *self {
            Outcome::Winner { player, .. } => Some(player),
            Outcome::Draw { .. } => None,
        }
    }

    /// Whether the game was drawn.
    pub fn is_draw(&self) -> bool {
        matches!(self, Outcome::Draw { .. })
    }

    /// The reason, in a few words.
    pub fn reason(&self) -> &'static str {
        match *self {
            Outcome::Winner { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
}

impl<P: fmt::Display> fmt::Display for Outcome<P> {
    /// `winner white (mill)` or `draw (repetition)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Winner { player, reason } => write!(f, "winner {player} ({reason})"),
            Outcome::Draw { reason } => write!(f, "draw ({reason})"),
        }
    }
}
