//! Tic-tac-toe: the smallest complete implementation of [`Game`], used by the core's own tests
//! and documentation examples, and a template for adding a game.
//!
//! Notation: points `a1` … `c3` (files `a`–`c` left to right, ranks `1`–`3` bottom to top); the
//! position string is the ranks from 3 down to 1, `/`-separated, with `x`, `o` and `.`, then a
//! space and the side to move, `x` or `o`: the start is `.../.../... x`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::{Game, Outcome, ParseMoveError, ParsePositionError};

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Moves first.
    X,
    /// Moves second.
    O,
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
}

fn point_name(point: Point) -> String {
    format!("{}{}", char::from(b'a' + point % 3), point / 3 + 1)
}

impl Game for TicTacToe {
    type Move = Point;
    type Player = Mark;
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

    fn legal_moves_into(&self, moves: &mut Vec<Point>) {
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

    fn outcome(&self) -> Option<Outcome<Mark>> {
        let last = self.to_move.other();
        if self.has_line(last) {
            Some(Outcome::Winner {
                player: last,
                reason: "three in a row",
            })
        } else if self.empty() == 0 {
            Some(Outcome::Draw {
                reason: "board full",
            })
        } else {
            None
        }
    }

    fn hash_key(&self) -> u64 {
        u64::from(self.marks[0]) | u64::from(self.marks[1]) << 9 | (self.to_move as u64) << 18
    }

    fn parse_move(&self, text: &str) -> Result<Point, ParseMoveError> {
        let bytes = text.as_bytes();
        if bytes.len() != 2
            || !(b'a'..=b'c').contains(&bytes[0])
            || !(b'1'..=b'3').contains(&bytes[1])
        {
            return Err(ParseMoveError::malformed(text, "expected a point a1 … c3"));
        }
        let point = (bytes[1] - b'1') * 3 + (bytes[0] - b'a');
        if self.is_legal(point) {
            Ok(point)
        } else {
            Err(ParseMoveError::illegal(
                text,
                "the point is taken or the game is over",
            ))
        }
    }

    fn move_text(&self, mv: Point) -> String {
        point_name(mv)
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

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (board, side) = text.split_once(' ').ok_or_else(|| {
            ParsePositionError::new(text.len(), "expected a board, a space and the side to move")
        })?;
        let mut pos = TicTacToe::start();
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 3 {
            return Err(ParsePositionError::new(
                0,
                "expected three ranks separated by '/'",
            ));
        }
        let mut offset = 0;
        for (row, rank_text) in ranks.iter().enumerate() {
            if rank_text.len() != 3 {
                return Err(ParsePositionError::new(
                    offset,
                    format!("rank {} must have 3 points", 3 - row),
                ));
            }
            for (file, c) in rank_text.bytes().enumerate() {
                let bit = 1 << ((2 - row) * 3 + file);
                match c {
                    b'x' => pos.marks[0] |= bit,
                    b'o' => pos.marks[1] |= bit,
                    b'.' => {}
                    _ => {
                        return Err(ParsePositionError::new(
                            offset + file,
                            format!("unexpected {:?}", char::from(c)),
                        ))
                    }
                }
            }
            offset += rank_text.len() + 1;
        }
        pos.to_move = match side {
            "x" => Mark::X,
            "o" => Mark::O,
            _ => {
                return Err(ParsePositionError::new(
                    board.len() + 1,
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
            return Err(ParsePositionError::new(
                0,
                "the mark counts do not fit the side to move",
            ));
        }
        if pos.has_line(pos.to_move) {
            return Err(ParsePositionError::new(
                0,
                "the side to move cannot already have a line",
            ));
        }
        Ok(pos)
    }
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
}
