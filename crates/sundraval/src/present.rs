//! What a page shows of Sundraval besides the board: the texts for people (the constants of
//! its [`Describe`](crate::Describe) implementation) and its [`Tally`]: the territories of each
//! player's best group, counted as the rules count them at the end, and no hand.

use alloc::vec::Vec;

use crate::{Color, HandEntry, Position, Score, Scoreboard, Seat, Tally};

/// [`Describe::TITLE`](crate::Describe::TITLE).
pub(crate) const TITLE: &str = "Sundraval";

/// [`Describe::SUMMARY`](crate::Describe::SUMMARY).
pub(crate) const SUMMARY: &str = "A territory game on a hexagonal board, in which two players \
    place stones to build the group that borders the most separate territories.";

/// [`Describe::RULES`](crate::Describe::RULES): the crate's rules page.
pub(crate) const RULES: &str = include_str!("../RULES.md");

/// [`Describe::HOW_TO_MOVE`](crate::Describe::HOW_TO_MOVE), as the gestures are: the opening
/// is its two points, black first; a placement its point; keep, swap and pass are choices.
pub(crate) const HOW_TO_MOVE: &[&str] = &[
    "To open, the first player clicks the point for a black stone, then the point for a white \
     stone.",
    "The second player answers with keep colours (and plays White) or swap colours (and plays \
     Black).",
    "Then click an empty point to place a stone of your colour, or pass; two passes in a row \
     end the game.",
];

/// [`Describe::CHOICES`](crate::Describe::CHOICES): the pie rule's answers and the pass.
pub(crate) const CHOICES: &[(&str, &str)] = &[
    ("keep", "keep colours"),
    ("swap", "swap colours"),
    ("pass", "pass"),
];

/// The label of Sundraval's scoreboard.
const LABEL: &str = "territories of the best group";

/// The number the original winner rule compares first for `color`: the count of its living
/// group with the most territories (the first entry of [`Score::territory_lists`]'s counts),
/// 0 when no group of that colour lives.
fn best_group_count(score: &Score, color: Color) -> i64 {
    score
        .living_groups(color)
        .map(|group| group.count() as i64)
        .max()
        .unwrap_or(0)
}

impl Tally for Position {
    /// `territories of the best group`: for each seat, the number of separate territories its
    /// best living group is next to, counted on the score breakdown "as if the game ended
    /// now" ([`Position::score_breakdown`]) exactly as the rules count at the end: the dead
    /// groups found weakest first and revived when they lie inside a territory of their own
    /// colour, dead stones not spoiling a territory (their points count in its size), a
    /// territory shared by two groups counting for both. On a finished game it is the final
    /// score.
    ///
    /// Why this number: the winner rule ([`Game::outcome`](crate::Game::outcome), the
    /// original rule) compares lists, each player's living groups' counts largest first, and
    /// this is the first entry, the one compared first. So the player with the higher number
    /// wins (or would, were the game to end now); on equal numbers the rest of the lists
    /// decide, then the territory sizes, as [`Score::territory_lists`] and [`Score::decide`]
    /// give them (the reason says which: `more territories`, `larger territories`). The
    /// alternative scoring rule's points are [`Score::triangular_half_points`]; the number
    /// here follows the rule [`Game::outcome`](crate::Game::outcome) plays.
    ///
    /// ```
    /// use sundraval::{Game, Position, Seat, Tally};
    ///
    /// // 3 a side, the first seat Black: Black's wall on row 2 with b1 encloses a1 and c1 (two
    /// // territories); White's wall on row 4 encloses row 5 (one); row 3 touches both.
    /// let pos: Position = "1B1/BBBB/5/WWWW/3 b B 2".parse()?;
    /// let board = pos.scoreboard().expect("Sundraval counts territories");
    /// assert_eq!(board.label, "territories of the best group");
    /// assert_eq!(board.scores, [(Seat::First, 2), (Seat::Second, 1)]);
    /// assert_eq!(pos.outcome().and_then(|o| o.winner()), Some(Seat::First));
    /// # Ok::<(), sundraval::ParsePositionError>(())
    /// ```
    fn scoreboard(&self) -> Option<Scoreboard<Seat>> {
        let score = self.score_breakdown();
        let scores = [Seat::First, Seat::Second]
            .into_iter()
            .map(|seat| (seat, best_group_count(&score, self.color_of(seat))))
            .collect();
        Some(Scoreboard::new(LABEL, scores))
    }

    /// Empty: a player places stones of their colour without limit (no hand to count).
    ///
    /// ```
    /// use sundraval::{Position, Seat, Tally};
    /// assert!(Position::start().hand(Seat::First).is_empty());
    /// ```
    fn hand(&self, _player: Seat) -> Vec<HandEntry> {
        Vec::new()
    }
}
