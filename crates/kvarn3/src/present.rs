//! What a page shows of Kvarn3 besides the board: the texts for people (the constants of its
//! [`Describe`](crate::Describe) implementation) and its [`Tally`]: no running score, since a
//! mill decides the game, and the stones each player still has to place.

use alloc::vec;
use alloc::vec::Vec;

use crate::{Color, HandEntry, Position, Scoreboard, Tally};

/// [`Describe::TITLE`](crate::Describe::TITLE): the name the rules give the game.
pub(crate) const TITLE: &str = "Kvarn med tre pjäser";

/// [`Describe::SUMMARY`](crate::Describe::SUMMARY).
pub(crate) const SUMMARY: &str = "Three men's morris with diagonals: two players place three \
    stones each on a 3×3 board and then step them along the lines, and three in a row wins.";

/// [`Describe::RULES`](crate::Describe::RULES): the crate's rules page.
pub(crate) const RULES: &str = include_str!("../RULES.md");

/// [`Describe::HOW_TO_MOVE`](crate::Describe::HOW_TO_MOVE), as the gestures are: a
/// placement is its point, a step its two points.
pub(crate) const HOW_TO_MOVE: &[&str] = &[
    "While you have stones left to place, click an empty point to place one.",
    "Then click one of your stones and an adjacent empty point to step it there.",
];

/// [`Describe::CHOICES`](crate::Describe::CHOICES): none, every move is made by clicks.
pub(crate) const CHOICES: &[(&str, &str)] = &[];

impl Tally for Position {
    /// `None`: the rules keep no score (a mill wins at once, whatever else is on the board), so
    /// there is nothing to count beside the seats; the stones still to place are the hand.
    ///
    /// ```
    /// use kvarn3::{Position, Tally};
    /// assert_eq!(Position::start().scoreboard(), None);
    /// ```
    fn scoreboard(&self) -> Option<Scoreboard<Color>> {
        None
    }

    /// One entry, `stone`: the stones `player` still has to place ([`Position::in_hand`]),
    /// placed by a click alone (no choice); 0 in the movement phase.
    ///
    /// ```
    /// use kvarn3::{Color, HandEntry, Position, Tally};
    ///
    /// let pos: Position = "W.B/.W./B.. w".parse()?;
    /// assert_eq!(pos.hand(Color::White), [HandEntry::new("stone", None, 1)]);
    /// assert_eq!(pos.hand(Color::Black), [HandEntry::new("stone", None, 1)]);
    /// # Ok::<(), kvarn3::ParsePositionError>(())
    /// ```
    fn hand(&self, player: Color) -> Vec<HandEntry> {
        vec![HandEntry::new("stone", None, self.in_hand(player))]
    }
}
