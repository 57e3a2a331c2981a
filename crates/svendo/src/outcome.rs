//! Why a game of Svendo ends: [`EndReason`].

use core::fmt;

use crate::position::WinRule;

/// Which winning event ended the game: the three win rules ([`WinRule`]). Svendo's draws are
/// the record's (the move cap, repetition), [`Reason`](game_core::Reason) variants beside it.
///
/// `Display` is the phrase people read; with the `serde` feature it is stored as kebab text:
///
/// | variant | `Display` | serde |
/// |---|---|---|
/// | `ThirdBasePoint` | `rule 1: third base point` | `"third-base-point"` |
/// | `OwnCheckPoint` | `rule 2: moved off own check point` | `"own-check-point"` |
/// | `ForcedOffCheckPoint` | `rule 3: opponent moved off check point` | `"forced-off-check-point"` |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum EndReason {
    /// Rule 1: the winner captured a third base point.
    ThirdBasePoint,
    /// Rule 2: the winner moved off a check point of a line of their own stones.
    OwnCheckPoint,
    /// Rule 3: another player was made to move off a check point of the winner's line.
    ForcedOffCheckPoint,
}

impl From<WinRule> for EndReason {
    fn from(rule: WinRule) -> Self {
        match rule {
            WinRule::ThirdBasePoint => EndReason::ThirdBasePoint,
            WinRule::OwnCheckPoint => EndReason::OwnCheckPoint,
            WinRule::ForcedOffCheckPoint => EndReason::ForcedOffCheckPoint,
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::ThirdBasePoint => "rule 1: third base point",
            EndReason::OwnCheckPoint => "rule 2: moved off own check point",
            EndReason::ForcedOffCheckPoint => "rule 3: opponent moved off check point",
        })
    }
}
