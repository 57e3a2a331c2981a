//! How a game ended: the [`Outcome`], its [`Reason`], and what it means for one player
//! ([`PlayerResult`], [`Outcome::rewards`]).

use core::fmt;

use crate::search::{Rewards, MAX_PLAYERS};
use crate::Game;

/// Why a game ended: the game's own rule (its `EndReason`, [`Game::Reason`]), or one of the
/// draws a [`GameRecord`](crate::GameRecord) decides from the history.
///
/// `Display` is for people: the rule's own words, `repetition`, `no-progress rule` or
/// `move cap`. With the `serde` feature it is stored as one lower-case kebab text: the rule's
/// own (`"mill"`, `"no-legal-move"`, …), or `"repetition"`, `"no-progress"`, `"move-cap"`.
///
/// ```
/// use game_core::{tictactoe::EndReason, Reason};
/// assert_eq!(Reason::Rule(EndReason::ThreeInARow).to_string(), "three in a row");
/// assert_eq!(Reason::<EndReason>::NoProgress.to_string(), "no-progress rule");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reason<R> {
    /// The game's own rule ended it (a mill, no legal move, a full board, …).
    Rule(R),
    /// The current position has occurred as often as [`DrawRules::repetitions`](crate::DrawRules::repetitions) allows.
    Repetition,
    /// Too many plies without a progress move ([`DrawRules::no_progress_plies`](crate::DrawRules::no_progress_plies)).
    NoProgress,
    /// The record's move cap was reached ([`DrawRules::move_cap`](crate::DrawRules::move_cap)).
    MoveCap,
}

impl<R: Copy> Reason<R> {
    /// The game's own reason, or `None` for a draw of the record.
    pub fn rule(&self) -> Option<R> {
        match *self {
            Reason::Rule(rule) => Some(rule),
            Reason::Repetition | Reason::NoProgress | Reason::MoveCap => None,
        }
    }
}

impl<R: fmt::Display> fmt::Display for Reason<R> {
    /// The rule's own words, or `repetition`, `no-progress rule`, `move cap`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Rule(rule) => rule.fmt(f),
            Reason::Repetition => f.write_str("repetition"),
            Reason::NoProgress => f.write_str("no-progress rule"),
            Reason::MoveCap => f.write_str("move cap"),
        }
    }
}

/// The end of a game: a winner or a draw, with its [`Reason`].
///
/// `P` is the game's player type and `R` its own end reason; [`OutcomeOf`] names the pair for
/// a [`Game`]. Programs match on the variants and on the reason's variants; `Display` is for
/// people: `winner white (mill)`, `draw (repetition)`.
///
/// With the `serde` feature an outcome is stored as an object tagged by `result`, the player as
/// the player type stores itself and the reason as its kebab text:
///
/// ```text
/// {"result":"win","player":"white","reason":"mill"}
/// {"result":"draw","reason":"repetition"}
/// ```
///
/// A win without a player, a draw with one, an unknown field or an unknown reason is a
/// deserialization error.
///
/// ```
/// use game_core::tictactoe::{EndReason, Mark};
/// use game_core::{Outcome, Reason};
///
/// let win = Outcome::Winner { player: Mark::X, reason: Reason::Rule(EndReason::ThreeInARow) };
/// assert_eq!(win.winner(), Some(Mark::X));
/// assert_eq!(win.to_string(), "winner x (three in a row)");
/// let draw: Outcome<Mark, EndReason> = Outcome::Draw { reason: Reason::Rule(EndReason::BoardFull) };
/// assert!(draw.is_draw());
/// assert_eq!(draw.reason(), Reason::Rule(EndReason::BoardFull));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "result", deny_unknown_fields)
)]
pub enum Outcome<P, R> {
    /// `player` has won.
    #[cfg_attr(feature = "serde", serde(rename = "win"))]
    Winner {
        /// The winning player.
        player: P,
        /// Why.
        reason: Reason<R>,
    },
    /// Nobody has won.
    #[cfg_attr(feature = "serde", serde(rename = "draw"))]
    Draw {
        /// Why.
        reason: Reason<R>,
    },
}

/// The [`Outcome`] type of a game: its players and its own end reasons.
pub type OutcomeOf<G> = Outcome<<G as Game>::Player, <G as Game>::Reason>;

/// A finished game from one player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum PlayerResult {
    /// The player won.
    Win,
    /// Nobody won.
    Draw,
    /// Another player won.
    Loss,
}

impl fmt::Display for PlayerResult {
    /// `win`, `draw` or `loss`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayerResult::Win => "win",
            PlayerResult::Draw => "draw",
            PlayerResult::Loss => "loss",
        })
    }
}

impl<P: Copy, R: Copy> Outcome<P, R> {
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

    /// Why the game ended.
    pub fn reason(&self) -> Reason<R> {
        match *self {
            Outcome::Winner { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
}

impl<P: Copy + PartialEq, R: Copy> Outcome<P, R> {
    /// The outcome for `player`: a win for the winner, a loss for every other player (with
    /// three players, two lose), a draw for all on a draw.
    ///
    /// ```
    /// use game_core::tictactoe::{EndReason, Mark};
    /// use game_core::{Outcome, PlayerResult, Reason};
    /// let win = Outcome::Winner { player: Mark::X, reason: Reason::Rule(EndReason::ThreeInARow) };
    /// assert_eq!(win.result_for(Mark::X), PlayerResult::Win);
    /// assert_eq!(win.result_for(Mark::O), PlayerResult::Loss);
    /// ```
    pub fn result_for(&self, player: P) -> PlayerResult {
        match self.winner() {
            Some(winner) if winner == player => PlayerResult::Win,
            Some(_) => PlayerResult::Loss,
            None => PlayerResult::Draw,
        }
    }

    /// The returns of every player, indexed by [`Game::player_index`]: 1 for the winner and 0
    /// for the others, or `1/N` each on a draw among the game's N players. Entries past the
    /// game's player count are 0. This is what MCTS backs up.
    ///
    /// ```
    /// use game_core::tictactoe::{EndReason, Mark, TicTacToe};
    /// use game_core::{Outcome, Reason};
    /// let win = Outcome::Winner { player: Mark::O, reason: Reason::Rule(EndReason::ThreeInARow) };
    /// assert_eq!(win.rewards::<TicTacToe>(), [0.0, 1.0, 0.0]);
    /// let draw: Outcome<Mark, EndReason> = Outcome::Draw { reason: Reason::Repetition };
    /// assert_eq!(draw.rewards::<TicTacToe>(), [0.5, 0.5, 0.0]);
    /// ```
    pub fn rewards<G: Game<Player = P>>(&self) -> Rewards {
        let mut rewards = [0.0; MAX_PLAYERS];
        match self.winner() {
            Some(winner) => rewards[G::player_index(winner)] = 1.0,
            None => {
                let share = 1.0 / G::PLAYERS.len() as f64;
                for reward in rewards.iter_mut().take(G::PLAYERS.len()) {
                    *reward = share;
                }
            }
        }
        rewards
    }
}

impl<P: fmt::Display, R: fmt::Display> fmt::Display for Outcome<P, R> {
    /// `winner white (mill)` or `draw (repetition)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Winner { player, reason } => write!(f, "winner {player} ({reason})"),
            Outcome::Draw { reason } => write!(f, "draw ({reason})"),
        }
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    //! [`Reason`] as one kebab text: the record's three draws by name, anything else read as
    //! the game's own reason.

    use alloc::string::String;

    use serde::de::IntoDeserializer;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::Reason;

    const REPETITION: &str = "repetition";
    const NO_PROGRESS: &str = "no-progress";
    const MOVE_CAP: &str = "move-cap";

    impl<R: Serialize> Serialize for Reason<R> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            match self {
                Reason::Rule(rule) => rule.serialize(serializer),
                Reason::Repetition => serializer.serialize_str(REPETITION),
                Reason::NoProgress => serializer.serialize_str(NO_PROGRESS),
                Reason::MoveCap => serializer.serialize_str(MOVE_CAP),
            }
        }
    }

    impl<'de, R: Deserialize<'de>> Deserialize<'de> for Reason<R> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let text = String::deserialize(deserializer)?;
            Ok(match text.as_str() {
                REPETITION => Reason::Repetition,
                NO_PROGRESS => Reason::NoProgress,
                MOVE_CAP => Reason::MoveCap,
                rule => Reason::Rule(R::deserialize(
                    IntoDeserializer::<D::Error>::into_deserializer(rule),
                )?),
            })
        }
    }
}
