//! What a page shows of Svendo besides the board: the texts for people (the constants of its
//! [`Describe`](crate::Describe) implementation) and its [`Tally`]: the movement moves each
//! player has made (the points a win is worth), and the stones and master stone each player
//! still has to place.

use alloc::vec;
use alloc::vec::Vec;

use crate::{Color, Game, HandEntry, Position, Scoreboard, Tally};

/// [`Describe::TITLE`](crate::Describe::TITLE).
pub(crate) const TITLE: &str = "Svendo";

/// [`Describe::SUMMARY`](crate::Describe::SUMMARY).
pub(crate) const SUMMARY: &str = "A line game for three players, who place eight stones and a \
    master stone each and then slide them like chess queens, racing to complete a line of five \
    points: three own stones on its base points and its two check points empty.";

/// [`Describe::RULES`](crate::Describe::RULES): the crate's rules page.
pub(crate) const RULES: &str = include_str!("../RULES.md");

/// [`Describe::HOW_TO_MOVE`](crate::Describe::HOW_TO_MOVE), as the gestures are: a placement
/// is its point (with the choice `M` for the master stone), a slide its two points, a pass
/// the choice `pass`.
pub(crate) const HOW_TO_MOVE: &[&str] = &[
    "While you have stones to place, click an empty point to place one of your stones; pick \
     the master stone from your hand first to place it instead.",
    "Then click one of your stones or any master stone, and the point it slides to along a \
     line through empty points.",
    "When you have no move at all, pass.",
];

/// [`Describe::CHOICES`](crate::Describe::CHOICES).
pub(crate) const CHOICES: &[(&str, &str)] = &[("M", "master stone"), ("pass", "pass")];

impl Tally for Position {
    /// While the game goes on, `movement moves`: the slides each player has made
    /// ([`Position::movement_moves`]), which is what a win is worth, since the winner scores
    /// as many points as the movement moves they made (all 0 during placement). After a win,
    /// `points`: the winner's points, 0 for the other two. Both are [`Game::score`].
    ///
    /// The stones are not counted here: no stone ever leaves the board, so every player has
    /// all of theirs once placed, and the stones still to place are the hand.
    ///
    /// ```
    /// use svendo::{Color, Game, Position, Tally};
    ///
    /// let mut pos: Position =
    ///     "WWWWWWWW2/RRRRRRRR2/10/MMM6B/4B1BBBB/B1B7 b 0/0/0 0/0/0".parse()?;
    /// let board = pos.scoreboard().expect("Svendo counts");
    /// assert_eq!((board.label, board.of(Color::Black)), ("movement moves", Some(0)));
    /// pos.play(pos.parse_move("e2-e1")?)?; // Black wins by rule 1 with its first slide
    /// let board = pos.scoreboard().expect("Svendo counts");
    /// assert_eq!(board.label, "points");
    /// assert_eq!(board.scores, [(Color::Black, 1), (Color::White, 0), (Color::Red, 0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn scoreboard(&self) -> Option<Scoreboard<Color>> {
        let label = if self.win().is_some() {
            "points"
        } else {
            "movement moves"
        };
        let scores = Color::ALL
            .iter()
            .map(|&color| (color, self.score(color).unwrap_or(0)))
            .collect();
        Some(Scoreboard::new(label, scores))
    }

    /// Two entries: `stone`, the own stones `player` still has to place
    /// ([`Position::in_hand`], placed by a click alone), and `master stone`, 1 while the
    /// player's master stone is in hand ([`Position::master_in_hand`], placed with the choice
    /// `M`).
    ///
    /// ```
    /// use svendo::{Color, HandEntry, Position, Tally};
    ///
    /// // The rules page's placement example: Black has used its master, White not yet.
    /// let pos: Position = "6R2M/1W8/3W6/4B3R1/2B4W2/B4M4 w 5/5m/6 0/0/0".parse()?;
    /// assert_eq!(
    ///     pos.hand(Color::White),
    ///     [HandEntry::new("stone", None, 5), HandEntry::new("master stone", Some("M"), 1)]
    /// );
    /// assert_eq!(pos.hand(Color::Black)[1].count, 0);
    /// # Ok::<(), svendo::ParsePositionError>(())
    /// ```
    fn hand(&self, player: Color) -> Vec<HandEntry> {
        vec![
            HandEntry::new("stone", None, self.in_hand(player)),
            HandEntry::new(
                "master stone",
                Some("M"),
                u32::from(self.master_in_hand(player)),
            ),
        ]
    }
}
