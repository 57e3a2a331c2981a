//! Tic-tac-toe: the smallest complete implementation of [`Game`], used by the core's own tests
//! and documentation examples, and a template for adding a game.
//!
//! Notation: points `a1` … `c3` (files `a`–`c` left to right, ranks `1`–`3` bottom to top); the
//! position string is the ranks from 3 down to 1, `/`-separated, with `x`, `o` and `.`, then a
//! space and the side to move, `x` or `o`: the start is `.../.../... x`.
//!
//! For learning ([`Actions`], [`Observe`], [`Symmetries`]): the action id of a point is its
//! number (`a1` 0 … `c3` 8, 9 ids); the observation is 3 planes of 3 × 3 (row 0 is rank 1,
//! column 0 file `a`): the observer's marks, the other player's marks, and a plane of ones
//! when the observer is to move (zeros otherwise); the symmetries are the 8 of the square
//! ([`grid_symmetry`]).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::{
    grid_symmetry, Actions, Game, HandEntry, MoveBuffer, Observe, Outcome, OutcomeOf,
    ParseMoveError, ParsePositionError, Reason, Scoreboard, Symmetries, Tally, SQUARE_SYMMETRIES,
};

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Moves first.
    X,
    /// Moves second.
    O,
}

impl crate::PlayerIndex for Mark {
    /// 0 for X (who moves first), 1 for O.
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

impl Mark {
    fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }

    fn letter(self) -> char {
        match self {
            Mark::X => 'x',
            Mark::O => 'o',
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Why a game of tic-tac-toe ended by its rules. `Display`: `three in a row`, `board full`;
/// serde (feature `serde`): `"three-in-a-row"`, `"board-full"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum EndReason {
    /// The player who moved last has three marks in a line.
    ThreeInARow,
    /// Every point is marked and nobody has a line.
    BoardFull,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::ThreeInARow => "three in a row",
            EndReason::BoardFull => "board full",
        })
    }
}

/// A point of the board, 0 (`a1`) to 8 (`c3`), file-major within a rank.
pub type Point = u8;

/// The eight lines, as bit masks of points.
const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

/// A tic-tac-toe position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    marks: [u16; 2],
    to_move: Mark,
}

impl TicTacToe {
    fn bits(&self, mark: Mark) -> u16 {
        self.marks[mark as usize]
    }

    fn has_line(&self, mark: Mark) -> bool {
        LINES.iter().any(|&line| self.bits(mark) & line == line)
    }

    fn empty(&self) -> u16 {
        !(self.marks[0] | self.marks[1]) & 0o777
    }

    /// Why `point` cannot be played here, or `None` when it can.
    fn illegal_reason(&self, point: Point) -> Option<&'static str> {
        if point >= 9 {
            Some("the point is not on the board")
        } else if self.outcome().is_some() {
            Some("the game is over")
        } else if self.empty() & (1 << point) == 0 {
            Some("the point is taken")
        } else {
            None
        }
    }
}

/// The action space of tic-tac-toe: nine ids, the points themselves (`a1` is 0, `c3` is 8), so
/// the crate's learning tools (MCTS's [`action_policy`](crate::SearchResult::action_policy))
/// have a game to be tested on.
///
/// ```
/// use game_core::{tictactoe::TicTacToe, Actions, Game};
///
/// let pos: TicTacToe = "x../.o./... x".parse().unwrap();
/// assert_eq!(pos.num_actions(), 9);
/// let b1 = pos.parse_move("b1").unwrap();
/// assert_eq!(pos.action_move(pos.action_id(b1)), Some(b1));
/// assert_eq!(pos.action_move(4), None); // b2 is taken
/// ```
impl Actions for TicTacToe {
    fn num_actions(&self) -> usize {
        9
    }

    fn action_id(&self, mv: Point) -> usize {
        usize::from(mv)
    }

    fn action_move(&self, action: usize) -> Option<Point> {
        let point = u8::try_from(action).ok()?;
        self.illegal_reason(point).is_none().then_some(point)
    }

    fn legal_actions_into(&self, out: &mut Vec<usize>) {
        out.clear();
        if self.outcome().is_none() {
            let empty = self.empty();
            out.extend((0..9).filter(|&p| empty & (1 << p) != 0));
        }
    }

    fn legal_action_mask(&self, mask: &mut [bool]) {
        assert_eq!(mask.len(), 9, "the mask has one entry per action id");
        let empty = if self.outcome().is_none() {
            self.empty()
        } else {
            0
        };
        for (point, entry) in mask.iter_mut().enumerate() {
            *entry = empty & (1 << point) != 0;
        }
    }
}

impl Observe for TicTacToe {
    fn observation_shape(&self) -> [usize; 3] {
        [3, 3, 3]
    }

    fn observe(&self, player: Mark, out: &mut [f32]) {
        assert_eq!(out.len(), 27, "the observation has 3 planes of 3 x 3");
        let (mine, theirs) = (self.bits(player), self.bits(player.other()));
        let to_move = if self.to_move == player { 1.0 } else { 0.0 };
        for point in 0..9 {
            out[point] = f32::from(u8::from(mine & (1 << point) != 0));
            out[9 + point] = f32::from(u8::from(theirs & (1 << point) != 0));
            out[18 + point] = to_move;
        }
    }
}

/// `point` mapped by the square's symmetry number `symmetry`.
fn map_point(symmetry: usize, point: u16) -> u16 {
    let (row, column) = grid_symmetry(
        symmetry,
        3,
        3,
        usize::from(point / 3),
        usize::from(point % 3),
    );
    (row * 3 + column) as u16
}

impl Symmetries for TicTacToe {
    fn symmetry_count(&self) -> usize {
        SQUARE_SYMMETRIES
    }

    fn map_position(&self, symmetry: usize) -> Self {
        let map = |bits: u16| {
            (0..9)
                .filter(|&p| bits & (1 << p) != 0)
                .fold(0, |acc, p| acc | 1 << map_point(symmetry, p))
        };
        TicTacToe {
            marks: [map(self.marks[0]), map(self.marks[1])],
            to_move: self.to_move,
        }
    }

    fn map_move(&self, symmetry: usize, mv: Point) -> Point {
        if mv < 9 {
            map_point(symmetry, u16::from(mv)) as Point
        } else {
            mv
        }
    }

    fn map_cell(&self, symmetry: usize, row: usize, column: usize) -> Option<(usize, usize)> {
        (row < 3 && column < 3).then(|| grid_symmetry(symmetry, 3, 3, row, column))
    }
}

/// `a1` … `c3`; a point off the board (a foreign move) is written as its number, `#12`.
fn point_name(point: Point) -> String {
    if point < 9 {
        format!("{}{}", char::from(b'a' + point % 3), point / 3 + 1)
    } else {
        format!("#{point}")
    }
}

impl Game for TicTacToe {
    type Move = Point;
    type Player = Mark;
    type Reason = EndReason;
    const NAME: &'static str = "tictactoe";
    const PLAYERS: &'static [Mark] = &[Mark::X, Mark::O];

    fn start() -> Self {
        TicTacToe {
            marks: [0, 0],
            to_move: Mark::X,
        }
    }

    fn to_move(&self) -> Mark {
        self.to_move
    }

    fn legal_moves_into<B: MoveBuffer<Point>>(&self, moves: &mut B) {
        moves.clear();
        if self.outcome().is_none() {
            let empty = self.empty();
            moves.extend((0..9).filter(|&p| empty & (1 << p) != 0));
        }
    }

    fn play_unchecked(&mut self, mv: Point) {
        // A point off the board (a foreign move) changes nothing: the trait's contract is that
        // no value of `Move` makes this panic.
        if mv < 9 {
            self.marks[self.to_move as usize] |= 1 << mv;
            self.to_move = self.to_move.other();
        }
    }

    fn outcome(&self) -> Option<OutcomeOf<Self>> {
        let last = self.to_move.other();
        if self.has_line(last) {
            Some(Outcome::Winner {
                player: last,
                reason: Reason::Rule(EndReason::ThreeInARow),
            })
        } else if self.empty() == 0 {
            Some(Outcome::Draw {
                reason: Reason::Rule(EndReason::BoardFull),
            })
        } else {
            None
        }
    }

    fn hash_key(&self) -> u64 {
        u64::from(self.marks[0]) | u64::from(self.marks[1]) << 9 | (self.to_move as u64) << 18
    }

    /// Reads a point `a1` … `c3`, in either letter case (`B2` is `b2`).
    fn parse_move(&self, text: &str) -> Result<Point, ParseMoveError> {
        let (_, body) = crate::notation::trimmed(text);
        let body = crate::notation::fold_case(body);
        let bytes = body.as_bytes();
        if bytes.len() != 2
            || !(b'a'..=b'c').contains(&bytes[0])
            || !(b'1'..=b'3').contains(&bytes[1])
        {
            return Err(ParseMoveError::malformed(text, "expected a point a1 … c3"));
        }
        let point = (bytes[1] - b'1') * 3 + (bytes[0] - b'a');
        crate::notation::legal_or_refused(text, point, self.illegal_reason(point))
    }

    fn why_illegal(&self, mv: Point) -> Option<String> {
        self.illegal_reason(mv).map(String::from)
    }

    fn move_text(&self, mv: Point) -> String {
        point_name(mv)
    }
}

/// Tic-tac-toe keeps no score (a line decides) and places marks without a hand to count.
impl Tally for TicTacToe {
    fn scoreboard(&self) -> Option<Scoreboard<Mark>> {
        None
    }

    fn hand(&self, _player: Mark) -> Vec<HandEntry> {
        Vec::new()
    }
}

impl fmt::Display for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..3).rev() {
            for file in 0..3 {
                let bit = 1 << (rank * 3 + file);
                let c = if self.marks[0] & bit != 0 {
                    'x'
                } else if self.marks[1] & bit != 0 {
                    'o'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            if rank > 0 {
                write!(f, "/")?;
            }
        }
        write!(f, " {}", self.to_move)
    }
}

impl FromStr for TicTacToe {
    type Err = ParsePositionError;

    /// Reads `.../.../... x` (whitespace around it is ignored, see the
    /// [error policy](crate::error#one-policy-for-every-game)).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        crate::notation::parse_trimmed(text, parse_position)
    }
}

/// Reads a trimmed position string.
fn parse_position(text: &str) -> Result<TicTacToe, ParsePositionError> {
    let (board, side) = text.split_once(' ').ok_or_else(|| {
        ParsePositionError::malformed(text.len(), "expected a board, a space and the side to move")
    })?;
    let mut pos = TicTacToe::start();
    let mut ranks = 0;
    for (at, rank_text) in crate::notation::rows(board) {
        if ranks == 3 {
            return Err(ParsePositionError::malformed(
                at.saturating_sub(1),
                "expected three ranks separated by '/', found more",
            ));
        }
        let row = ranks;
        ranks += 1;
        for (file, c) in rank_text.char_indices() {
            if file >= 3 {
                return Err(ParsePositionError::malformed(
                    at + file,
                    format!("rank {} must have 3 points, it has more", 3 - row),
                ));
            }
            let bit = 1 << ((2 - row) * 3 + file);
            match c {
                'x' => pos.marks[0] |= bit,
                'o' => pos.marks[1] |= bit,
                '.' => {}
                _ => {
                    return Err(ParsePositionError::malformed(
                        at + file,
                        format!("unexpected {c:?}: expected x, o or ."),
                    ))
                }
            }
        }
        if rank_text.len() < 3 {
            return Err(ParsePositionError::malformed(
                at + rank_text.len(),
                format!("rank {} must have 3 points", 3 - row),
            ));
        }
    }
    if ranks != 3 {
        return Err(ParsePositionError::malformed(
            board.len(),
            "expected three ranks separated by '/'",
        ));
    }
    let side_at = board.len() + 1;
    pos.to_move = match side {
        "x" => Mark::X,
        "o" => Mark::O,
        _ => {
            return Err(ParsePositionError::malformed(
                side_at,
                "the side to move must be x or o",
            ))
        }
    };
    let (xs, os) = (pos.marks[0].count_ones(), pos.marks[1].count_ones());
    // X moves first: with X to move both have as many marks, with O to move X has one more.
    let fits = match pos.to_move {
        Mark::X => os == xs,
        Mark::O => os + 1 == xs,
    };
    if !fits {
        return Err(ParsePositionError::illegal(
            side_at,
            "the mark counts do not fit the side to move",
        ));
    }
    if pos.has_line(pos.to_move) {
        return Err(ParsePositionError::illegal(
            0,
            "the side to move cannot already have a line",
        ));
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mark_counts_that_do_not_fit_the_side_to_move_are_refused() {
        // O to move on an empty board: X has not moved yet.
        for text in [
            ".../.../... o",
            "x../.../... x",
            "xo./.../... o",
            "o../.../... x",
        ] {
            let err = text.parse::<TicTacToe>().unwrap_err();
            assert!(err.to_string().contains("mark counts"), "{text}: {err}");
        }
        assert!("x../.../... o".parse::<TicTacToe>().is_ok());
    }

    #[test]
    fn a_foreign_point_changes_nothing() {
        for mv in [9, 15, 16, 31, 200, u8::MAX] {
            let mut pos = TicTacToe::start();
            pos.play_unchecked(mv);
            assert_eq!(pos, TicTacToe::start(), "point {mv}");
        }
    }

    #[test]
    fn hostile_position_strings_are_errors_of_the_right_kind_and_place() {
        use crate::ParsePositionErrorKind::{Illegal, Malformed};
        for (text, kind, offset) in [
            // O to move on an empty board: X always moves first.
            (".../.../... o", Illegal, 12),
            ("", Malformed, 0),
            (" ", Malformed, 1),
            ("x", Malformed, 1),
            ("xxxx/.../... o", Malformed, 3),
            ("../.../... x", Malformed, 2),
            (".../.../.../... x", Malformed, 11),
            (".../... x", Malformed, 7),
            (".X./.../... x", Malformed, 1),
            (".é./.../... x", Malformed, 1),
            (".../.../... X", Malformed, 12),
            (".../.../...  x", Malformed, 12),
            (".../.../... x o", Malformed, 12),
            ("  .../.../... o", Illegal, 14),
            ("xxx/oo./o.. x", Illegal, 0),
            ("\u{0}", Malformed, 1),
        ] {
            let err = text.parse::<TicTacToe>().unwrap_err();
            assert_eq!((err.kind, err.offset), (kind, offset), "{text:?}: {err}");
        }
    }

    #[test]
    fn surrounding_whitespace_is_ignored_and_move_case_too() {
        let pos: TicTacToe = " x../.../... o\n".parse().unwrap();
        assert_eq!(pos.to_string(), "x../.../... o");
        assert_eq!(pos.parse_move("  b2 "), Ok(4));
        assert_eq!(pos.parse_move("B2"), Ok(4));
        assert_eq!(pos.move_text(4), "b2");
        // Position text keeps its case: `X` is no mark.
        assert!("X../.../... o".parse::<TicTacToe>().is_err());
    }

    #[test]
    fn illegal_moves_say_why() {
        let mut pos: TicTacToe = "x../.../... o".parse().unwrap();
        // The first rank of the text is rank 3: x stands on a3, point 6.
        let err = pos.play(6).unwrap_err();
        assert_eq!(err.to_string(), "illegal move a3: the point is taken");
        let err = pos.play(9).unwrap_err();
        assert_eq!(
            err.to_string(),
            "illegal move #9: the point is not on the board"
        );
        let mut won = TicTacToe::start();
        for p in [0, 3, 1, 4, 2] {
            won.play(p).unwrap();
        }
        assert_eq!(won.play(8).unwrap_err().reason, "the game is over");
        assert!(matches!(
            won.parse_move("c3"),
            Err(ParseMoveError::Illegal { reason, .. }) if reason == "the game is over"
        ));
    }
}
