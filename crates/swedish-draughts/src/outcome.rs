//! Why a game of Swedish Draughts ends: [`EndReason`].

use core::fmt;

/// Why a game ended by the rules of the game (the record's draws, the 50-ply no-progress rule
/// and threefold repetition, are [`Reason`](game_core::Reason) variants beside it). Either
/// way the side to move has lost.
///
/// `Display` is the phrase people read (`no pieces left`, `no legal move`); with the `serde`
/// feature it is stored as kebab text (`"no-pieces-left"`, `"no-legal-move"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum EndReason {
    /// The side to move has no pieces left.
    NoPiecesLeft,
    /// The side to move has pieces, but every one is blocked.
    NoLegalMove,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::NoPiecesLeft => "no pieces left",
            EndReason::NoLegalMove => "no legal move",
        })
    }
}
