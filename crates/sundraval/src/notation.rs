//! Text both ways: points (`e5`), moves (`e5`, `pass`, `e5+f7`, `keep`, `swap`) and the
//! position string (`5/6/7/8/9/8/7/6/5 setup B 0`).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use game_core::{ParseMoveError, ParsePointError, ParsePositionError};

use crate::board::{self, Point, PointSet, MAX_SIZE, MIN_SIZE};
use crate::position::{Color, Move, Position, Turn};

/// The first and last column of row `row` on the board with `n` points a side.
pub(crate) fn row_span(n: u32, row: u32) -> (u32, u32) {
    (row.saturating_sub(n - 1), (row + n - 1).min(2 * n - 2))
}

impl FromStr for Point {
    type Err = ParsePointError;

    /// Reads a point of the largest board (11 a side): a lower-case column letter `a`–`u` and
    /// a row number `1`–`21` without leading zeros (`e5`), nothing around them. Whether it is
    /// on a smaller board is the position's question ([`Position::contains`]).
    fn from_str(text: &str) -> Result<Point, ParsePointError> {
        parse_point(text).ok_or_else(|| {
            ParsePointError::new(
                text,
                "expected a point such as e5: a column a-u and a row 1-21 of the largest board",
            )
        })
    }
}

// `String` to and from the text (`From<Point> for String`, `TryFrom<String>`).
game_core::impl_string_conversions!(Point);

pub(crate) fn parse_point(text: &str) -> Option<Point> {
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
    Point::new(letter - b'a', u8::try_from(row - 1).ok()?)
}

/// Reads move text without a position: `e5`, `pass`, `e5+f7`, `keep` or `swap`, in either
/// letter case (`E5+F7`, `PASS`, `Keep`: the notation says nothing by case; whitespace around
/// the text is ignored).
///
/// # Errors
/// [`ParseMoveError::Malformed`] for text that is no move (a point off the largest board
/// included).
pub(crate) fn parse_move_syntax(text: &str) -> Result<Move, ParseMoveError> {
    let (_, body) = game_core::notation::trimmed(text);
    let body = &*game_core::notation::fold_case(body);
    Ok(match body {
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
    })
}

// The serde forms: every value as its text (see `game_core::serde_text`). A move is `"e5"`,
// `"pass"`, `"e5+f7"`, `"keep"` or `"swap"`, a colour `"black"`, a seat `"first"`, a position
// its position string.
#[cfg(feature = "serde")]
game_core::impl_serde_text!(Move, parse_move_syntax);
#[cfg(feature = "serde")]
game_core::impl_serde_text!(Position);
#[cfg(feature = "serde")]
game_core::impl_serde_text!(Color, |text: &str| game_core::serde_text::parse_name(
    &Color::ALL,
    text
));
#[cfg(feature = "serde")]
game_core::impl_serde_text!(crate::Seat, |text: &str| game_core::serde_text::parse_name(
    &[crate::Seat::First, crate::Seat::Second],
    text
));

impl Position {
    /// Reads a move of this position: `e5`, `pass`, `e5+f7`, `keep` or `swap`.
    ///
    /// # Errors
    /// [`ParseMoveError::Malformed`] for text that is no move; [`ParseMoveError::Illegal`],
    /// with the reason, for a move this position does not allow.
    pub(crate) fn read_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let mv = parse_move_syntax(text)?;
        // The policy: a point off this board is malformed text, not an illegal move.
        let points = match mv {
            Move::Place(point) => [Some(point), None],
            Move::Opening { black, white } => [Some(black), Some(white)],
            Move::Pass | Move::Keep | Move::Swap => [None, None],
        };
        if let Some(off) = points.into_iter().flatten().find(|&p| !self.contains(p)) {
            let n = self.side();
            return Err(ParseMoveError::malformed(
                text,
                format!("{off} is not on this board ({n} points a side)"),
            ));
        }
        game_core::notation::legal_or_refused(text, mv, self.illegal_reason(mv))
    }
}

impl fmt::Display for Move {
    /// The move's text (`e5`, `pass`, `e5+f7`, `keep`, `swap`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(point) => point.fmt(f),
            Move::Pass => f.write_str("pass"),
            Move::Opening { black, white } => write!(f, "{black}+{white}"),
            Move::Keep => f.write_str("keep"),
            Move::Swap => f.write_str("swap"),
        }
    }
}

impl fmt::Display for Position {
    /// The position string: rows 1 to 2n−1, `/`-separated, runs of empty points as numbers,
    /// then the turn (`b`, `w`, `setup`, `choose`), the first seat's colour and the passes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.side();
        for row in 0..2 * n - 1 {
            if row > 0 {
                f.write_str("/")?;
            }
            let (lo, hi) = row_span(n, row);
            let mut run = 0;
            for col in lo..=hi {
                let cell = Point::new(col as u8, row as u8).and_then(|p| self.piece_at(p));
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

// `String` to and from the text (`From<Position> for String`, `TryFrom<String>`).
game_core::impl_string_conversions!(Position);

/// The text is not in the notation (at byte `offset`).
fn err(offset: usize, reason: impl Into<String>) -> ParsePositionError {
    ParsePositionError::malformed(offset, reason)
}

/// The text is a position the rules do not allow (the fault at byte `offset`).
fn illegal(offset: usize, reason: impl Into<String>) -> ParsePositionError {
    ParsePositionError::illegal(offset, reason)
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position string (see the crate docs); the number of rows fixes the board size.
    /// Whitespace around the text is ignored.
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        game_core::notation::parse_trimmed(text, parse_position)
    }
}

/// Reads a trimmed position string.
fn parse_position(text: &str) -> Result<Position, ParsePositionError> {
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

    let row_count = rows_text.split('/').count() as u32;
    if row_count.is_multiple_of(2) || !(2 * MIN_SIZE - 1..=2 * MAX_SIZE - 1).contains(&row_count) {
        return Err(err(
            0,
            format!(
                "{row_count} rows fit no board: a board with n points a side (n from {MIN_SIZE} to {MAX_SIZE}) has 2n-1 rows"
            ),
        ));
    }
    let n = row_count.div_ceil(2);
    let mut stones = [PointSet::EMPTY; 2];
    for (row, (offset, row_text)) in game_core::notation::rows(rows_text).enumerate() {
        let row = row as u32;
        let (lo, hi) = row_span(n, row);
        let len = hi - lo + 1;
        let count =
            game_core::notation::read_row(row_text, offset, b"BW.", len as usize, |col, c, at| {
                if c != b'.' {
                    let point = Point::new((lo + col as u32) as u8, row as u8)
                        .ok_or_else(|| err(at, "not a point"))?;
                    stones[usize::from(c == b'W')].insert(point);
                }
                Ok(())
            })?;
        if count != len as usize {
            return Err(err(
                offset + row_text.len(),
                format!("row {} has {count} points, it needs {len}", row + 1),
            ));
        }
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
                return Err(illegal(first_at, "during the opening the first seat is B"));
            }
            if passes != 0 {
                return Err(illegal(passes_at, "nobody passes during the opening"));
            }
            if turn == Turn::Setup && blacks + whites != 0 {
                return Err(illegal(0, "setup needs an empty board"));
            }
            if turn == Turn::Choose && (blacks != 1 || whites != 1) {
                return Err(illegal(0, "choose needs exactly one stone of each colour"));
            }
        }
        Turn::Play(_) => {
            if blacks == 0 || whites == 0 {
                return Err(illegal(
                    0,
                    "after the opening both colours have at least one stone",
                ));
            }
        }
    }
    debug_assert!(stones[0]
        .difference(*board::board_points(n as u8))
        .is_empty());
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

/// Draws the board with one character per point from `cell`, as the notation reads it: row 1
/// at the bottom (as rank 1 in the other games), each row labelled with its number on the
/// left. A column runs diagonally up and to the left; its letter stands just below its lowest
/// point: under the bottom row for the columns that start there (`a` …), at the right end of
/// the row below for the columns that start on the lower right edge. Neighbours are left and
/// right in a row and diagonally above and below.
pub(crate) fn draw(n: u32, mut cell: impl FnMut(Point) -> char) -> String {
    let letter = |col: u32| char::from(b'a' + col as u8);
    let mut out = String::new();
    for row in (0..2 * n - 1).rev() {
        let (lo, hi) = row_span(n, row);
        let indent = row.abs_diff(n - 1) as usize;
        out.push_str(&format!("{:>2} {:indent$}", row + 1, ""));
        for col in lo..=hi {
            if col > lo {
                out.push(' ');
            }
            out.push(Point::new(col as u8, row as u8).map_or('?', &mut cell));
        }
        // Column hi + 1 starts on the row above this one, at its right end.
        if row + 1 < n {
            out.push(' ');
            out.push(letter(hi + 1));
        }
        out.push('\n');
    }
    // The columns that start on row 1, one step below and right of their first point.
    out.push_str(&format!("{:>2} {:indent$}", "", "", indent = n as usize));
    for col in 0..n {
        if col > 0 {
            out.push(' ');
        }
        out.push(letter(col));
    }
    out
}

impl Position {
    /// The board drawn for people: `B`, `W` and `.`, row 1 at the bottom, rows numbered on
    /// the left and columns lettered where they start (below the bottom row, and on the lower
    /// right edge); a column runs diagonally up and to the left, so `c1`, `c2`, `c3` climb
    /// one step left each (see [`draw`]). With the pie rule the colours, not the seats, are
    /// drawn.
    ///
    /// ```
    /// use sundraval::Game;
    /// let pos: sundraval::Position = "1B1/4/2W2/4/3 b W 0".parse()?;
    /// let rows = [
    ///     " 5   . . .",
    ///     " 4  . . . .",
    ///     " 3 . . W . .",
    ///     " 2  . . . . e",
    ///     " 1   . B . d",
    ///     "      a b c",
    /// ];
    /// assert_eq!(pos.diagram(), rows.join("\n"));
    /// # Ok::<(), sundraval::ParsePositionError>(())
    /// ```
    ///
    /// [`Game::diagram`](crate::Game::diagram) of Sundraval.
    pub(crate) fn board_diagram(&self) -> String {
        draw(self.side(), |p| match self.piece_at(p) {
            Some(Color::Black) => 'B',
            Some(Color::White) => 'W',
            None => '.',
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardSize;

    /// Points read as the Havannah names of the largest board, exactly as written.
    #[test]
    fn point_names_round_trip() {
        let point: Point = "e5".parse().expect("a point");
        assert_eq!((point.col(), point.row()), (4, 4));
        assert_eq!(point.to_string(), "e5");
        // The far corner of the 11-a-side board; off the default 9-a-side board.
        let far: Point = "u21".parse().expect("a point of the largest board");
        assert!(!Position::start().contains(far));
        for bad in [
            "", "e", "5", "E5", "e05", "e0", " e5", "e5 ", "a12", "v1", "u1", "e5+f7",
        ] {
            let err = bad.parse::<Point>().expect_err(bad);
            assert!(err.reason.contains("column a-u"), "{bad:?}: {err}");
        }
    }

    #[test]
    fn the_pages_examples_read_and_print() {
        let start: Position = "5/6/7/8/9/8/7/6/5 setup B 0".parse().unwrap();
        assert_eq!(
            start,
            Position::start_with_size(BoardSize::Side(5)).unwrap()
        );
        assert_eq!(start.to_string(), "5/6/7/8/9/8/7/6/5 setup B 0");
        // n = 3 after b1+c3 and swap: Black (the second seat) to move.
        let mut pos = Position::start_with_size(BoardSize::Side(3)).unwrap();
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
            "3/4/5/4/3 setup B 0 x",
            "3/4/5/4/3 SETUP B 0",
            "3/4/5/4/3 setup b 0",
            "X2/4/5/4/3 b B 0",
            "99999999999999999999/4/5/4/3 b B 0",
            "1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1 setup B 0",
            "0/4/5/4/3 setup B 0",
        ] {
            assert!(bad.parse::<Position>().is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn errors_have_their_kind_and_point_at_the_fault() {
        use game_core::ParsePositionErrorKind::{Illegal, Malformed};
        for (text, kind, offset) in [
            ("3/4/5/4/3", Malformed, 0),
            ("3/4/5/4 setup B 0", Malformed, 0),
            ("3/4/6/4/3 setup B 0", Malformed, 4),
            ("3/4/5/4/2 setup B 0", Malformed, 9),
            ("3/4/5/4/3B setup B 0", Malformed, 9),
            ("3/4/5/x/3 setup B 0", Malformed, 6),
            ("0/4/5/4/3 setup B 0", Malformed, 0),
            ("3/4/5/4/3 Setup B 0", Malformed, 10),
            ("3/4/5/4/3 setup b 0", Malformed, 16),
            ("3/4/5/4/3 b B 3", Malformed, 14),
            // Whitespace around the text is ignored; offsets count it.
            ("\t3/4/5/4/3 x B 0", Malformed, 11),
            // Well-formed, but not allowed.
            ("3/4/5/4/3 setup W 0", Illegal, 16),
            ("3/4/5/4/3 setup B 1", Illegal, 18),
            ("B2/4/5/4/3 setup B 0", Illegal, 0),
            ("B2/4/5/4/3 choose B 0", Illegal, 0),
            ("3/4/5/4/3 b B 0", Illegal, 0),
        ] {
            let err = text.parse::<Position>().expect_err(text);
            assert_eq!((err.kind, err.offset), (kind, offset), "{text:?}: {err}");
        }
        let pos: Position = " 1B1/4/2W2/4/3 b W 0 \n".parse().expect("trimmed");
        assert_eq!(pos.to_string(), "1B1/4/2W2/4/3 b W 0");
    }

    #[test]
    fn move_text_is_read_in_either_case_and_trimmed() {
        let pos: Position = "1B1/4/2W2/4/3 b W 0".parse().unwrap();
        assert_eq!(pos.read_move(" pass\n"), Ok(Move::Pass));
        assert_eq!(pos.read_move(" a2 "), pos.read_move("a2"));
        assert_eq!(pos.read_move("PASS"), Ok(Move::Pass));
        assert_eq!(pos.read_move("Pass"), Ok(Move::Pass));
        assert_eq!(pos.read_move("A2"), pos.read_move("a2"));
        assert_eq!(parse_move_syntax("KEEP"), Ok(Move::Keep));
        assert_eq!(parse_move_syntax("Swap"), Ok(Move::Swap));
        let opening = parse_move_syntax("E5+F7").expect("an opening");
        assert_eq!(opening.to_string(), "e5+f7");
        for junk in ["PAS", "a2 b2", "KEEPS", "E5+", "V1"] {
            assert!(
                matches!(pos.read_move(junk), Err(ParseMoveError::Malformed { .. })),
                "{junk}"
            );
        }
    }

    #[test]
    fn move_text_reads_every_kind() {
        let start = Position::start_with_size(BoardSize::Side(5)).unwrap();
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
            Move::Opening {
                black: e5,
                white: f7
            }
            .to_string(),
            "e5+f7"
        );
        assert!(matches!(
            start.read_move("e5+e5"),
            Err(ParseMoveError::Illegal { .. })
        ));
        // a9 is not on the board of 5 a side: malformed text, by the policy.
        assert!(matches!(
            start.read_move("a9+e5"),
            Err(ParseMoveError::Malformed { reason, .. }) if reason.contains("a9 is not on this board")
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
