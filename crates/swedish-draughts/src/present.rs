//! What a page shows of Swedish Draughts besides the board: the texts for people (the
//! constants of its [`Describe`](crate::Describe) implementation) and its [`Tally`]: the pieces
//! each player has left, and no hand (every piece starts on the board).

use alloc::vec::Vec;

use crate::{Color, HandEntry, Position, Scoreboard, Tally};

/// [`Describe::TITLE`](crate::Describe::TITLE).
pub(crate) const TITLE: &str = "Swedish Draughts";

/// [`Describe::SUMMARY`](crate::Describe::SUMMARY).
pub(crate) const SUMMARY: &str = "Draughts on a 10×10 or 8×8 board in which men never capture \
    backwards, a flying king halts right behind the last piece it takes, and after its first \
    jump a capture may also go straight along a rank or a file.";

/// [`Describe::RULES`](crate::Describe::RULES): the crate's rules page.
pub(crate) const RULES: &str = include_str!("../RULES.md");

/// [`Describe::HOW_TO_MOVE`](crate::Describe::HOW_TO_MOVE), as the gestures are: a move is its
/// start and end squares, a capture its start and every landing square.
pub(crate) const HOW_TO_MOVE: &[&str] = &[
    "To move, click your piece, then the square it moves to.",
    "To capture, click your piece, then every square it lands on, in order.",
    "Capturing is compulsory, and so is the capture that takes the most pieces.",
];

/// [`Describe::CHOICES`](crate::Describe::CHOICES): none, every move is made by clicks.
pub(crate) const CHOICES: &[(&str, &str)] = &[];

impl Tally for Position {
    /// `pieces`: the pieces each player has on the board, men and kings (dames) alike, as the
    /// rules count them (a capture takes one piece of either kind, and a player left without
    /// pieces loses). The game is not decided by the count (a player who cannot move loses
    /// whatever is left), but it is what draughts players count.
    ///
    /// ```
    /// use swedish_draughts::{Color, Position, Tally};
    ///
    /// // The rules page's 8x8 example: White 7 men; Black 8 men and a king.
    /// let pos: Position = "B:W15,19,22,23,26,28,31:B1,4,5,6,7,8,9,11,K21".parse()?;
    /// let board = pos.scoreboard().expect("pieces are counted");
    /// assert_eq!(board.label, "pieces");
    /// assert_eq!(board.scores, [(Color::White, 7), (Color::Black, 9)]);
    /// # Ok::<(), swedish_draughts::ParsePositionError>(())
    /// ```
    fn scoreboard(&self) -> Option<Scoreboard<Color>> {
        let scores = [Color::White, Color::Black]
            .into_iter()
            .map(|color| (color, i64::from(self.piece_count(color))))
            .collect();
        Some(Scoreboard::new("pieces", scores))
    }

    /// Empty: every piece starts on the board, nothing is placed from a hand.
    ///
    /// ```
    /// use swedish_draughts::{Color, Position, Tally};
    /// assert!(Position::start().hand(Color::White).is_empty());
    /// ```
    fn hand(&self, _player: Color) -> Vec<HandEntry> {
        Vec::new()
    }
}
