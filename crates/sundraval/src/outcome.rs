//! Why a game of Sundraval ends: [`EndReason`].

use core::fmt;

/// Which comparison of the final score decided a finished game (two passes end it; Sundraval
/// has no history draws). The original rule's reasons are the first five, the triangular rule's
/// the last two; the first two are shared.
///
/// `Display` is the phrase people read; with the `serde` feature it is stored as kebab text:
///
/// | variant | `Display` | serde |
/// |---|---|---|
/// | `NoStones` | `no stones on the board` | `"no-stones"` |
/// | `AllDead` | `every group is dead` | `"all-dead"` |
/// | `MoreTerritories` | `more separate territories` | `"more-territories"` |
/// | `LargerTerritories` | `larger territories` | `"larger-territories"` |
/// | `EqualTerritories` | `equal territories` | `"equal-territories"` |
/// | `MorePoints` | `more points (triangular scoring)` | `"more-points"` |
/// | `EqualPoints` | `equal points (triangular scoring)` | `"equal-points"` |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum EndReason {
    /// The board is empty (both players passed at once): a draw.
    NoStones,
    /// Every group died in the scoring, so nobody has territory: a draw.
    AllDead,
    /// Original rule: the winner's list of territory counts is greater.
    MoreTerritories,
    /// Original rule: equal counts, and the winner's list of territory sizes is greater.
    LargerTerritories,
    /// Original rule: equal counts and sizes: a draw.
    EqualTerritories,
    /// Triangular rule: the winner has more (half) points.
    MorePoints,
    /// Triangular rule: equal points: a draw.
    EqualPoints,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::NoStones => "no stones on the board",
            EndReason::AllDead => "every group is dead",
            EndReason::MoreTerritories => "more separate territories",
            EndReason::LargerTerritories => "larger territories",
            EndReason::EqualTerritories => "equal territories",
            EndReason::MorePoints => "more points (triangular scoring)",
            EndReason::EqualPoints => "equal points (triangular scoring)",
        })
    }
}
