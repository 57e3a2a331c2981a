//! What a page shows of Cheversi besides the board: the texts for people (the constants of its
//! [`Describe`](crate::Describe) implementation) and its [`Tally`]: the running score the
//! rules define, and the pieces each player still holds, by kind.

use alloc::vec::Vec;

use crate::svg::{kind_choice, kind_name};
use crate::{Color, HandEntry, Kind, Position, Scoreboard, Tally};

/// [`Describe::TITLE`](crate::Describe::TITLE).
pub(crate) const TITLE: &str = "Cheversi";

/// [`Describe::SUMMARY`](crate::Describe::SUMMARY).
pub(crate) const SUMMARY: &str = "Chess pieces placed Othello-style: each player places a king, \
    a queen and two rooks, bishops and knights, every piece touching an enemy one, and scores a \
    point for every empty square each of their pieces attacks.";

/// [`Describe::RULES`](crate::Describe::RULES): the crate's rules page.
pub(crate) const RULES: &str = include_str!("../RULES.md");

/// [`Describe::HOW_TO_MOVE`](crate::Describe::HOW_TO_MOVE), as the gestures are: a placement is
/// its square with the kind as the choice.
pub(crate) const HOW_TO_MOVE: &[&str] = &["Pick a piece from your hand (king, queen, rook, \
    bishop or knight), then click the empty square to place it on."];

/// [`Describe::CHOICES`](crate::Describe::CHOICES): the kinds, by the letters of the notation.
pub(crate) const CHOICES: &[(&str, &str)] = &[
    ("K", "king"),
    ("Q", "queen"),
    ("R", "rook"),
    ("B", "bishop"),
    ("N", "knight"),
];

impl Tally for Position {
    /// `points`: each player's running score as the rules define it, one point for each (own
    /// piece, empty square it attacks) pair ([`Position::scores`], the same number as
    /// [`Game::score`](crate::Game::score)). After the last placement it is the final score,
    /// and the higher one wins ([`Game::outcome`](crate::Game::outcome)); equal scores draw.
    ///
    /// ```
    /// use cheversi::{Color, Position, Tally};
    ///
    /// // The crate's example: White's king e4 and queen e3 attack 17 empty squares, three of
    /// // them twice.
    /// let pos: Position = "8/8/8/8/4K3/3nQ3/4q3/8 w e2".parse()?;
    /// let board = pos.scoreboard().expect("Cheversi keeps a score");
    /// assert_eq!(board.label, "points");
    /// assert_eq!(board.of(Color::White), Some(20));
    /// assert_eq!(board.scores, [(Color::White, 20), (Color::Black, 21)]);
    /// # Ok::<(), cheversi::ParsePositionError>(())
    /// ```
    fn scoreboard(&self) -> Option<Scoreboard<Color>> {
        let [white, black] = self.scores();
        Some(Scoreboard::new(
            "points",
            alloc::vec![
                (Color::White, i64::from(white)),
                (Color::Black, i64::from(black)),
            ],
        ))
    }

    /// The five kinds in the order of [`Kind::ALL`] (king, queen, rook, bishop, knight), each
    /// with the choice its placements' gestures carry (`K`, `Q`, `R`, `B`, `N`) and the pieces
    /// of that kind `player` still holds ([`Position::in_hand_of`]).
    ///
    /// ```
    /// use cheversi::{Color, HandEntry, Position, Tally};
    ///
    /// // White has placed the king and the queen, Black one bishop.
    /// let pos: Position = "2K5/2Qb4/8/8/8/8/8/8 b c7".parse()?;
    /// let counts: Vec<(&str, u32)> =
    ///     pos.hand(Color::White).iter().map(|e| (e.choice.unwrap(), e.count)).collect();
    /// assert_eq!(counts, [("K", 0), ("Q", 0), ("R", 2), ("B", 2), ("N", 2)]);
    /// assert_eq!(pos.hand(Color::Black)[3], HandEntry::new("bishop", Some("B"), 1));
    /// # Ok::<(), cheversi::ParsePositionError>(())
    /// ```
    fn hand(&self, player: Color) -> Vec<HandEntry> {
        Kind::ALL
            .iter()
            .map(|&kind| {
                HandEntry::new(
                    kind_name(kind),
                    Some(kind_choice(kind)),
                    self.in_hand_of(player, kind),
                )
            })
            .collect()
    }
}
