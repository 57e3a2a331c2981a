//! What a player counts while a game goes on: the number shown beside each seat (a
//! [`Scoreboard`]) and the pieces still to be placed ([`HandEntry`]), the same interface in
//! every game ([`Tally`]), so a page shows live scores and hands without knowing the game.

use alloc::vec::Vec;

use crate::Game;

/// The numbers shown beside the seats: one per player, and what they count.
///
/// `P` is the game's player type. The numbers are in the order of [`Game::PLAYERS`], each with
/// its player, so a program writes them as `{PLAYER: NUMBER}` without looking anything up.
///
/// ```
/// use game_core::tictactoe::Mark;
/// use game_core::Scoreboard;
///
/// let board = Scoreboard::new("points", vec![(Mark::X, 3), (Mark::O, 5)]);
/// assert_eq!(board.label, "points");
/// assert_eq!(board.of(Mark::O), Some(5));
/// assert_eq!(board.leader(), Some(Mark::O));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Scoreboard<P> {
    /// What the numbers count, a few lower-case words for people to read after them or above
    /// them (`"points"`, `"pieces"`, `"movement moves"`); never empty.
    pub label: &'static str,
    /// Every player's number, in the order of [`Game::PLAYERS`].
    pub scores: Vec<(P, i64)>,
}

impl<P: Copy + PartialEq> Scoreboard<P> {
    /// A scoreboard of `scores` (in the order of the game's players) counting `label`.
    pub fn new(label: &'static str, scores: Vec<(P, i64)>) -> Self {
        Scoreboard { label, scores }
    }

    /// The number of `player`, `None` for a player not on the board.
    pub fn of(&self, player: P) -> Option<i64> {
        self.scores
            .iter()
            .find(|(p, _)| *p == player)
            .map(|&(_, score)| score)
    }

    /// The player with the highest number, `None` when two or more share it (or there is no
    /// player). Only a display's hint: who wins is the game's [`Game::outcome`], which in some
    /// games compares more than this number.
    pub fn leader(&self) -> Option<P> {
        let best = self.scores.iter().map(|&(_, score)| score).max()?;
        let mut leaders = self.scores.iter().filter(|&&(_, score)| score == best);
        match (leaders.next(), leaders.next()) {
            (Some(&(player, _)), None) => Some(player),
            _ => None,
        }
    }
}

/// One kind of piece a player still has to place: what it is, the choice its [`Gesture`]
/// carries, and how many are left.
///
/// [`Gesture`]: crate::Gesture
///
/// ```
/// use game_core::HandEntry;
///
/// let queens = HandEntry::new("queen", Some("Q"), 1);
/// assert_eq!((queens.kind, queens.choice, queens.count), ("queen", Some("Q"), 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct HandEntry {
    /// The kind for people, lower case and singular (`"king"`, `"stone"`, `"master stone"`).
    pub kind: &'static str,
    /// The [`Gesture::choice`](crate::Gesture::choice) of a placement of this kind (`"Q"`,
    /// `"M"`), or `None` when a click on the board alone places it (a plain stone).
    pub choice: Option<&'static str>,
    /// How many of this kind the player still has to place (0 once all are placed).
    pub count: u32,
}

impl HandEntry {
    /// `count` pieces of `kind` left to place, placed with the gesture choice `choice`.
    pub const fn new(kind: &'static str, choice: Option<&'static str>, count: u32) -> Self {
        HandEntry {
            kind,
            choice,
            count,
        }
    }
}

/// What a player counts in a position: the running score beside each seat and the pieces still
/// in hand, the same interface in all five games.
///
/// - [`Tally::scoreboard`] is the number a player watches while the game goes on, with what it
///   counts: the score where the rules keep one (Cheversi's points, Svendo's movement moves),
///   else what players count (the pieces left in draughts, the territories of Sundraval's best
///   group); `None` for a game decided by an event alone (Kvarn3's mill). On a finished
///   position it is the final score. Each game's implementation says which number it is and
///   how it relates to the outcome.
/// - [`Tally::hand`] is what a player still has to place, by kind, as data a page draws as
///   buttons (the kind's [`HandEntry::choice`] is the choice of the placement's gesture).
///
/// Where the game keeps a score of its own ([`Game::score`] is `Some`), the scoreboard shows
/// exactly that number; the game-core conformance kit checks it.
///
/// ```
/// use game_core::{tictactoe::TicTacToe, Game, Tally};
///
/// /// The line a terminal shows under the board, for any game.
/// fn score_line<G: Tally>(pos: &G) -> Option<String> {
///     let board = pos.scoreboard()?;
///     let parts: Vec<String> = board.scores.iter().map(|(p, n)| format!("{p} {n}")).collect();
///     Some(format!("{}: {}", board.label, parts.join(", ")))
/// }
///
/// // Tic-tac-toe keeps no score and holds nothing in hand.
/// let pos = TicTacToe::start();
/// assert_eq!(score_line(&pos), None);
/// assert!(pos.hand(pos.to_move()).is_empty());
/// ```
pub trait Tally: Game {
    /// The number shown beside each seat and what it counts, or `None` for a game without a
    /// running score.
    fn scoreboard(&self) -> Option<Scoreboard<Self::Player>>;

    /// What `player` still has to place, one entry per kind the game places from a hand (the
    /// same kinds, in the same order, in every position of the game, an entry of 0 once all
    /// of a kind are placed); empty for a game whose pieces start on the board or that has no
    /// hand to count.
    fn hand(&self, player: Self::Player) -> Vec<HandEntry>;
}
