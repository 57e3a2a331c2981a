//! Why a game of Kvarn med tre pjäser ends: [`EndReason`].

use core::fmt;

/// Why a game ended by the rules of the game (the record's own draws, repetition and the move
/// cap, are [`Reason`](game_core::Reason) variants beside it).
///
/// `Display` is the phrase people read (`mill`, `no legal move`); with the `serde` feature it
/// is stored as kebab text (`"mill"`, `"no-legal-move"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum EndReason {
    /// The player who just moved has three stones in a line (`mill_wins_at_once`).
    Mill,
    /// The side to move has no legal move and loses (`no_legal_move_loses`). On this board
    /// that happens only when the opponent already has a mill, which is reported first, so a
    /// legal position never ends with this reason; the rule is implemented all the same.
    NoLegalMove,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Mill => "mill",
            EndReason::NoLegalMove => "no legal move",
        })
    }
}
