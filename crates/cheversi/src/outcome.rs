//! Why a game of Cheversi ends: [`EndReason`].

use core::fmt;

/// How a game ended: after the 16th placement or early (the side to move has no legal
/// placement), and by which comparison of the scores. Cheversi has no history draws, so its
/// outcomes always carry one of these.
///
/// `Display` is the phrase people read (the rules page's "Outcome reasons"); with the `serde`
/// feature it is stored as kebab text:
///
/// | variant | `Display` | serde |
/// |---|---|---|
/// | `HigherScore` | `higher score` | `"higher-score"` |
/// | `EqualScores` | `equal scores` | `"equal-scores"` |
/// | `HigherScoreNoPlacement` | `higher score; no legal placement for the side to move` | `"higher-score-no-placement"` |
/// | `EqualScoresNoPlacement` | `equal scores; no legal placement for the side to move` | `"equal-scores-no-placement"` |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum EndReason {
    /// All 16 pieces are placed; the winner has the higher score.
    HigherScore,
    /// All 16 pieces are placed; the scores are equal (a draw).
    EqualScores,
    /// The side to move had no legal placement; the winner has the higher score as it stands.
    HigherScoreNoPlacement,
    /// The side to move had no legal placement; the scores as they stand are equal (a draw).
    EqualScoresNoPlacement,
}

impl EndReason {
    /// Whether the game ended early, by the no-legal-placement rule.
    pub fn without_placement(self) -> bool {
        matches!(
            self,
            EndReason::HigherScoreNoPlacement | EndReason::EqualScoresNoPlacement
        )
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::HigherScore => "higher score",
            EndReason::EqualScores => "equal scores",
            EndReason::HigherScoreNoPlacement => {
                "higher score; no legal placement for the side to move"
            }
            EndReason::EqualScoresNoPlacement => {
                "equal scores; no legal placement for the side to move"
            }
        })
    }
}
