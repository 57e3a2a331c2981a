//! Text both ways: points (`e5`), moves (`e5`, `pass`, `e5+f7`, `keep`, `swap`) and the
//! position string (`5/6/7/8/9/8/7/6/5 setup B 0`).

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use game_core::{ParseMoveError, ParsePositionError};

use crate::board::{self, Point, PointSet, MAX_SIZE, MIN_SIZE};
use crate::position::{Color, Move, Position, Turn};

/// The first and last column of row `row` on the board with `n` points a side.
pub(crate) fn row_span(n: u32, row: u32) -> (u32, u32) {
    (row.saturating_sub(n - 1), (row + n - 1).min(2 * n - 2))
}

impl FromStr for Point {
    type Err = ParseMoveError;

    /// Reads a point of the largest board: a column letter `a`–`u` and a row number `1`–`21`
    /// without leading zeros (`e5`).
    fn from_str(text: &str) -> Result<Point, ParseMoveError> {
        parse_point(text)
            .ok_or_else(|| ParseMoveError::malformed(text, "expected a point such as e5"))
    }
}

fn parse_point(text: &str) -> Option<Point> {
    let bytes = text.as_bytes();
    let (&letter, digits) = bytes.split_first()?;
    if !letter.is_ascii_lowercase()
        || digits.is_empty()
        || digits.len() > 2
        || digits[0] == b'0'
        || !digits.iter().all(u8::is_ascii_digit)
    {
        return None;
    }
    let row = digits
        .iter()
        .fold(0u32, |acc, &d| acc * 10 + u32::from(d - b'0'));
    Point::new(u32::from(letter - b'a'), row - 1)
}

impl Position {
    /// Reads a move of this position: `e5`, `pass`, `e5+f7`, `keep` or `swap` (letters in
    /// either case).
    ///
    /// # Errors
    /// [`ParseMoveError::Malformed`] for text that is no move; [`ParseMoveError::Illegal`],
    /// with the reason, for a move this position does not allow.
    pub(crate) fn read_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let lower = text.to_ascii_lowercase();
        let mv = match lower.as_str() {
            "pass" => Move::Pass,
            "keep" => Move::Keep,
            "swap" => Move::Swap,
            other => match other.split_once('+') {
                Some((black, white)) => match (parse_point(black), parse_point(white)) {
                    (Some(black), Some(white)) => Move::Opening { black, white },
                    _ => {
                        return Err(ParseMoveError::malformed(
                            text,
                            "expected an opening such as e5+f7 (black point, then white point)",
                        ))
                    }
                },
                None => match parse_point(other) {
                    Some(point) => Move::Place(point),
                    None => {
                        return Err(ParseMoveError::malformed(
                            text,
                            "expected a point (e5), pass, an opening (e5+f7), keep or swap",
                        ))
                    }
                },
            },
        };
        match self.illegal_reason(mv) {
            None => Ok(mv),
            Some(reason) => Err(ParseMoveError::illegal(text, reason)),
        }
    }

    /// Why `mv` is illegal here, or `None` when it is legal.
    fn illegal_reason(&self, mv: Move) -> Option<&'static str> {
        if self.check_legal(mv) {
            return None;
        }
        Some(match (mv, self.turn) {
            (_, Turn::Play(_)) if self.is_over() => "the game is over",
            (Move::Opening { .. }, Turn::Setup) => {
                "the two opening stones go on two different points of the board"
            }
            (_, Turn::Setup) => "the first player must place the opening stones (e5+f7)",
            (_, Turn::Choose) => "the second player must answer keep or swap",
            (Move::Place(point), Turn::Play(_)) => {
                if !self.contains(point) {
                    "the point is not on this board"
                } else if self.stone_at(point).is_some() {
                    "the point is taken"
                } else {
                    "no path of empty points leads from there to an enemy stone"
                }
            }
            (_, Turn::Play(_)) => "the opening is over",
        })
    }

    /// The text of a move: `e5`, `pass`, `e5+f7`, `keep` or `swap`.
    pub(crate) fn write_move(mv: Move) -> String {
        match mv {
            Move::Place(point) => point.to_string(),
            Move::Pass => "pass".to_owned(),
            Move::Opening { black, white } => format!("{black}+{white}"),
            Move::Keep => "keep".to_owned(),
            Move::Swap => "swap".to_owned(),
        }
    }
}

impl fmt::Display for Move {
    /// The move's text (`e5`, `pass`, `e5+f7`, `keep`, `swap`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Position::write_move(*self))
    }
}

impl fmt::Display for Position {
    /// The position string: rows 1 to 2n−1, `/`-separated, runs of empty points as numbers,
    /// then the turn (`b`, `w`, `setup`, `choose`), the first seat's colour and the passes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        for row in 0..2 * n - 1 {
            if row > 0 {
                f.write_str("/")?;
            }
            let (lo, hi) = row_span(n, row);
            let mut run = 0;
            for col in lo..=hi {
                let cell = Point::new(col, row).and_then(|p| self.stone_at(p));
                match cell {
                    None => run += 1,
                    Some(color) => {
                        if run > 0 {
                            write!(f, "{run}")?;
                            run = 0;
                        }
                        f.write_str(match color {
                            Color::Black => "B",
                            Color::White => "W",
                        })?;
                    }
                }
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
        }
        let turn = match self.turn {
            Turn::Setup => "setup",
            Turn::Choose => "choose",
            Turn::Play(Color::Black) => "b",
            Turn::Play(Color::White) => "w",
        };
        let first = match self.first_seat {
            Color::Black => "B",
            Color::White => "W",
        };
        write!(f, " {turn} {first} {}", self.passes)
    }
}

impl TryFrom<String> for Position {
    type Error = ParsePositionError;
    fn try_from(text: String) -> Result<Position, ParsePositionError> {
        text.parse()
    }
}

impl From<Position> for String {
    fn from(pos: Position) -> String {
        pos.to_string()
    }
}

fn err(offset: usize, reason: impl Into<String>) -> ParsePositionError {
    ParsePositionError::new(offset, reason)
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position string (see the crate docs); the number of rows fixes the board size.
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 4 {
            return Err(err(
                0,
                "expected four space-separated fields: rows, turn, first seat colour, passes",
            ));
        }
        let (rows_text, turn_text, first_text, passes_text) =
            (fields[0], fields[1], fields[2], fields[3]);
        let turn_at = rows_text.len() + 1;
        let first_at = turn_at + turn_text.len() + 1;
        let passes_at = first_at + first_text.len() + 1;

        let rows: Vec<&str> = rows_text.split('/').collect();
        let row_count = rows.len() as u32;
        if row_count.is_multiple_of(2)
            || !(2 * MIN_SIZE - 1..=2 * MAX_SIZE - 1).contains(&row_count)
        {
            return Err(err(
                0,
                format!(
                    "{row_count} rows fit no board: a board with n points a side (n from {MIN_SIZE} to {MAX_SIZE}) has 2n-1 rows"
                ),
            ));
        }
        let n = row_count.div_ceil(2);
        let mut stones = [PointSet::EMPTY; 2];
        let mut offset = 0;
        for (row, row_text) in rows.iter().enumerate() {
            let row = row as u32;
            let (lo, hi) = row_span(n, row);
            let len = hi - lo + 1;
            let mut col = 0u32;
            let bytes = row_text.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                let c = bytes[i];
                match c {
                    b'B' | b'W' | b'.' => {
                        if col >= len {
                            return Err(err(
                                offset + i,
                                format!("row {} has {len} points, this is one too many", row + 1),
                            ));
                        }
                        if c != b'.' {
                            let point = Point::new(lo + col, row)
                                .ok_or_else(|| err(offset + i, "not a point"))?;
                            stones[usize::from(c == b'W')].insert(point);
                        }
                        col += 1;
                        i += 1;
                    }
                    b'1'..=b'9' => {
                        let start = i;
                        let mut run = 0u32;
                        while i < bytes.len() && bytes[i].is_ascii_digit() {
                            run = run
                                .saturating_mul(10)
                                .saturating_add(u32::from(bytes[i] - b'0'));
                            i += 1;
                        }
                        if col.saturating_add(run) > len {
                            return Err(err(
                                offset + start,
                                format!("row {} has only {len} points", row + 1),
                            ));
                        }
                        col += run;
                    }
                    _ => {
                        return Err(err(
                            offset + i,
                            format!(
                                "unexpected {:?} in row {}: expected B, W, . or a number",
                                char::from(c),
                                row + 1
                            ),
                        ))
                    }
                }
            }
            if col != len {
                return Err(err(
                    offset,
                    format!("row {} has {col} points, it needs {len}", row + 1),
                ));
            }
            offset += row_text.len() + 1;
        }

        let turn = match turn_text {
            "b" => Turn::Play(Color::Black),
            "w" => Turn::Play(Color::White),
            "setup" => Turn::Setup,
            "choose" => Turn::Choose,
            _ => return Err(err(turn_at, "the turn must be b, w, setup or choose")),
        };
        let first_seat = match first_text {
            "B" => Color::Black,
            "W" => Color::White,
            _ => return Err(err(first_at, "the first seat's colour must be B or W")),
        };
        let passes = match passes_text {
            "0" => 0,
            "1" => 1,
            "2" => 2,
            _ => return Err(err(passes_at, "the passes must be 0, 1 or 2")),
        };
        let (blacks, whites) = (stones[0].len(), stones[1].len());
        match turn {
            Turn::Setup | Turn::Choose => {
                if first_seat != Color::Black {
                    return Err(err(first_at, "during the opening the first seat is B"));
                }
                if passes != 0 {
                    return Err(err(passes_at, "nobody passes during the opening"));
                }
                if turn == Turn::Setup && blacks + whites != 0 {
                    return Err(err(0, "setup needs an empty board"));
                }
                if turn == Turn::Choose && (blacks != 1 || whites != 1) {
                    return Err(err(0, "choose needs exactly one stone of each colour"));
                }
            }
            Turn::Play(_) => {
                if blacks == 0 || whites == 0 {
                    return Err(err(
                        0,
                        "after the opening both colours have at least one stone",
                    ));
                }
            }
        }
        debug_assert!(stones[0].and_not(board::board_points(n as u8)).is_empty());
        let mut pos = Position {
            stones,
            size: n as u8,
            turn,
            first_seat,
            passes,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        Ok(pos)
    }
}

/// Draws the board with one character per point from `cell`, row 1 at the top, each row
/// labelled with its first point; neighbours are left and right in a row and diagonally above
/// and below.
pub(crate) fn draw(n: u32, mut cell: impl FnMut(Point) -> char) -> String {
    let mut out = String::new();
    for row in 0..2 * n - 1 {
        let (lo, hi) = row_span(n, row);
        let first = Point::new(lo, row)
            .map(|p| p.to_string())
            .unwrap_or_default();
        let indent = row.abs_diff(n - 1) as usize;
        out.push_str(&format!("{first:<4}{:indent$}", ""));
        for col in lo..=hi {
            if col > lo {
                out.push(' ');
            }
            out.push(Point::new(col, row).map_or('?', &mut cell));
        }
        if row + 1 < 2 * n - 1 {
            out.push('\n');
        }
    }
    out
}

impl Position {
    /// The board drawn for people: `B`, `W` and `.`, row 1 at the top, each row labelled with
    /// its first point (so `a1` starts the top row and the neighbours of a point are left,
    /// right, and diagonally above and below):
    ///
    /// ```
    /// let pos: sundraval::Position = "1B1/4/2W2/4/3 b W 0".parse()?;
    /// assert_eq!(pos.diagram(), "\
    /// a1    . B .
    /// a2   . . . .
    /// a3  . . W . .
    /// b4   . . . .
    /// c5    . . .");
    /// # Ok::<(), sundraval::ParsePositionError>(())
    /// ```
    pub fn diagram(&self) -> String {
        draw(self.size(), |p| match self.stone_at(p) {
            Some(Color::Black) => 'B',
            Some(Color::White) => 'W',
            None => '.',
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_examples_read_and_print() {
        let start: Position = "5/6/7/8/9/8/7/6/5 setup B 0".parse().unwrap();
        assert_eq!(start, Position::new(5).unwrap());
        assert_eq!(start.to_string(), "5/6/7/8/9/8/7/6/5 setup B 0");
        // n = 3 after b1+c3 and swap: Black (the second seat) to move.
        let mut pos = Position::new(3).unwrap();
        let opening = pos.read_move("b1+c3").unwrap();
        pos.apply(opening);
        pos.apply(pos.read_move("swap").unwrap());
        assert_eq!(pos.to_string(), "1B1/4/2W2/4/3 b W 0");
        assert_eq!(pos, "1B1/4/2W2/4/3 b W 0".parse().unwrap());
    }

    #[test]
    fn dots_and_numbers_both_read() {
        let a: Position = "1B1/4/2W2/4/3 b W 0".parse().unwrap();
        let b: Position = ".B./..../..W../..../... b W 0".parse().unwrap();
        let c: Position = ".B1/2../..W2/4/3 b W 0".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
    }

    #[test]
    fn bad_text_is_a_typed_error() {
        for bad in [
            "",
            "3/4/5/4/3",
            "3/4/5/4/3 setup B",
            "3/4/5/4 setup B 0",
            "3/4/5/4/3/4/5 setup B 0",
            "3/4/5/4/4 setup B 0",
            "3/4/6/4/3 setup B 0",
            "3/4/5/4/3 x B 0",
            "3/4/5/4/3 setup W 0",
            "3/4/5/4/3 setup B 1",
            "3/4/5/4/3 setup B 3",
            "B2/4/5/4/3 setup B 0",
            "B2/4/5/4/3 choose B 0",
            "3/4/5/4/3 b B 0",
            "B2/4/5/4/3 b B 0",
            "3/4/5/4/3 setup  B 0",
            "3/4/5/4/3 setup B 0 ",
            "X2/4/5/4/3 b B 0",
            "99999999999999999999/4/5/4/3 b B 0",
            "1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1 setup B 0",
            "0/4/5/4/3 setup B 0",
        ] {
            assert!(bad.parse::<Position>().is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn move_text_reads_every_kind() {
        let start = Position::new(5).unwrap();
        let e5 = Point::new(4, 4).unwrap();
        let f7 = Point::new(5, 6).unwrap();
        assert_eq!(
            start.read_move("e5+f7"),
            Ok(Move::Opening {
                black: e5,
                white: f7
            })
        );
        assert_eq!(
            Position::write_move(Move::Opening {
                black: e5,
                white: f7
            }),
            "e5+f7"
        );
        assert!(matches!(
            start.read_move("e5+e5"),
            Err(ParseMoveError::Illegal { .. })
        ));
        assert!(matches!(
            start.read_move("a9+e5"),
            Err(ParseMoveError::Illegal { .. })
        ));
        assert!(matches!(
            start.read_move("e5"),
            Err(ParseMoveError::Illegal { .. })
        ));
        for junk in [
            "e0", "e05", "E", "5e", "e5+", "+", "a22", "v1", "e5+f7+g7", "pas",
        ] {
            assert!(
                matches!(start.read_move(junk), Err(ParseMoveError::Malformed { .. })),
                "{junk:?}"
            );
        }
    }
}
