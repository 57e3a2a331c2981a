//! Text both ways: points (`b2`), moves (`b2`, `a1-b2`) and position strings
//! (`W.B/.W./B.. w`).

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::board::{Bitboard, Point, PointSet};
use crate::position::{Color, Move, Position};
use crate::{ParseMoveError, ParsePositionError};

impl fmt::Display for Move {
    /// `b2` for a placement, `a1-b2` for a step.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(to) => write!(f, "{to}"),
            Move::Step { from, to } => write!(f, "{from}-{to}"),
        }
    }
}

/// Reads move text without looking at a position: a point (`b2`) or two points joined by `-`
/// (`a1-b2`), in either letter case (`B2`, `A1-B2`: the notation says nothing by case).
///
/// # Errors
/// [`ParseMoveError::Malformed`] saying what is wrong.
pub(crate) fn parse_move_text(text: &str) -> Result<Move, ParseMoveError> {
    let (_, body) = game_core::notation::trimmed(text);
    let body = &*game_core::notation::fold_case(body);
    let point = |part: &str, what: &str| {
        Point::parse(part).ok_or_else(|| {
            ParseMoveError::malformed(
                text,
                format!(
                    "{what}{part:?} is not a point: a point is a file a-c and a rank 1-3, such \
                     as b2"
                ),
            )
        })
    };
    if body.is_empty() {
        return Err(ParseMoveError::malformed(
            text,
            "empty: expected a point such as b2, or a step such as a1-b2",
        ));
    }
    match body.split_once('-') {
        None => Ok(Move::Place(point(body, "")?)),
        Some((from, to)) => Ok(Move::Step {
            from: point(from, "the starting point ")?,
            to: point(to, "the target point ")?,
        }),
    }
}

/// Reads a stored move (the serde form, its text): a move that some position can have, so a
/// step goes to an adjacent point.
#[cfg(feature = "serde")]
pub(crate) fn parse_stored_move(text: &str) -> Result<Move, ParseMoveError> {
    match parse_move_text(text)? {
        // `no_flying`: a step only ever goes to an adjacent point.
        Move::Step { from, to } if from.neighbour_bits() & to.bit() == 0 => {
            Err(ParseMoveError::malformed(
                text,
                format!("{to} is not adjacent to {from}: a stone steps to an adjacent point"),
            ))
        }
        mv => Ok(mv),
    }
}

impl Position {
    /// Reads move text in this position: a placement `b2` or a step `a1-b2`, in either letter
    /// case.
    ///
    /// # Errors
    /// [`ParseMoveError::Malformed`] when the text is no move, [`ParseMoveError::Illegal`]
    /// (with the reason) when it names no legal move here.
    pub(crate) fn read_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let mv = parse_move_text(text)?;
        game_core::notation::legal_or_refused(text, mv, self.illegal_reason(mv))
    }
}

impl Position {
    /// The board drawn for people, rank 3 on top, with its links (diagonals included):
    ///
    /// ```text
    /// 3  W---.---B
    ///    | \ | / |
    /// 2  .---W---.
    ///    | / | \ |
    /// 1  B---.---.
    ///    a   b   c
    /// ```
    ///
    /// [`Game::diagram`](crate::Game::diagram) of Kvarn3.
    pub(crate) fn board_diagram(&self) -> String {
        let mut out = String::new();
        for rank in (0..3u8).rev() {
            out.push(char::from(b'1' + rank));
            out.push_str("  ");
            for file in 0..3u8 {
                let point = Point::new(file, rank).expect("on the board");
                out.push(match self.piece_at(point) {
                    Some(color) => color.stone_letter(),
                    None => '.',
                });
                if file < 2 {
                    out.push_str("---");
                }
            }
            out.push('\n');
            match rank {
                2 => out.push_str("   | \\ | / |\n"),
                1 => out.push_str("   | / | \\ |\n"),
                _ => {}
            }
        }
        out.push_str("   a   b   c");
        out
    }

    /// A line for people about the phase: how many stones each side still has to place, or
    /// that stones now move ([`Game::details`](crate::Game::details) of Kvarn3).
    pub(crate) fn phase_text(&self) -> String {
        match self.phase() {
            crate::Phase::Placement => {
                let left = |c: Color| match self.in_hand(c) {
                    1 => "1 stone".to_owned(),
                    n => format!("{n} stones"),
                };
                format!(
                    "phase: placement (white has {} to place, black {})",
                    left(Color::White),
                    left(Color::Black)
                )
            }
            crate::Phase::Movement => {
                "phase: movement (a stone steps to an adjacent empty point)".to_owned()
            }
        }
    }
}

impl fmt::Display for Position {
    /// The position string: ranks 3 to 1 separated by `/`, `W`/`B`/`.` per point, a space and
    /// the side to move (`w`/`b`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = [0u8; 13];
        let mut i = 0;
        for rank in (0..3).rev() {
            for file in 0..3 {
                let point = Point::new(file, rank).expect("on the board");
                text[i] = match self.piece_at(point) {
                    Some(color) => color.stone_letter() as u8,
                    None => b'.',
                };
                i += 1;
            }
            text[i] = if rank > 0 { b'/' } else { b' ' };
            i += 1;
        }
        text[i] = self.to_move.side_letter() as u8;
        f.write_str(core::str::from_utf8(&text).map_err(|_| fmt::Error)?)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position string such as `W.B/.W./B.. w` (see the crate docs for what is
    /// refused; whitespace around it is ignored).
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        game_core::notation::parse_trimmed(text, parse_position)
    }
}

/// Reads a trimmed position string.
fn parse_position(text: &str) -> Result<Position, ParsePositionError> {
    let bytes = text.as_bytes();
    let mut stones: [Bitboard; 2] = [0, 0];
    let mut i = 0;
    for rank in (0..3u8).rev() {
        for file in 0..3u8 {
            let at = i;
            let point = Point::new(file, rank).expect("on the board");
            match bytes.get(at) {
                Some(b'W') => stones[0] |= point.bit(),
                Some(b'B') => stones[1] |= point.bit(),
                Some(b'.') => {}
                Some(b'/' | b' ') => {
                    return Err(ParsePositionError::malformed(
                        at,
                        format!(
                            "rank {} has only {}; each rank has three",
                            rank + 1,
                            if file == 1 {
                                "1 point".to_owned()
                            } else {
                                format!("{file} points")
                            }
                        ),
                    ))
                }
                Some(_) => {
                    return Err(ParsePositionError::malformed(
                        at,
                        format!(
                            "expected W, B or . for {point}, found {:?}",
                            char_at(text, at)
                        ),
                    ))
                }
                None => {
                    return Err(ParsePositionError::malformed(
                        at,
                        format!(
                            "the text ends before {point}: expected three ranks of three \
                             points, from rank 3 down to rank 1, e.g. W.B/.W./B.. w"
                        ),
                    ))
                }
            }
            i += 1;
        }
        let (separator, what) = if rank > 0 {
            (b'/', "'/' between ranks")
        } else {
            (b' ', "a space before the side to move")
        };
        match bytes.get(i) {
            Some(&c) if c == separator => {}
            Some(_) => {
                return Err(ParsePositionError::malformed(
                    i,
                    format!(
                        "expected {what} after rank {}, found {:?} (each rank has exactly \
                         three points)",
                        rank + 1,
                        char_at(text, i)
                    ),
                ))
            }
            None => {
                return Err(ParsePositionError::malformed(
                    i,
                    format!("the text ends after rank {}: expected {what}", rank + 1),
                ))
            }
        }
        i += 1;
    }
    let to_move = match bytes.get(i) {
        Some(b'w') => Color::White,
        Some(b'b') => Color::Black,
        Some(_) => {
            return Err(ParsePositionError::malformed(
                i,
                format!(
                    "the side to move must be w or b, found {:?}",
                    char_at(text, i)
                ),
            ))
        }
        None => {
            return Err(ParsePositionError::malformed(
                i,
                "the side to move (w or b) is missing",
            ))
        }
    };
    if bytes.len() > i + 1 {
        return Err(ParsePositionError::malformed(
            i + 1,
            "unexpected text after the side to move",
        ));
    }
    Position::from_stones(PointSet(stones[0]), PointSet(stones[1]), to_move)
}

/// The character starting at byte `at` of `text` (or the byte, when `at` is inside one).
fn char_at(text: &str, at: usize) -> char {
    text.get(at..)
        .and_then(|rest| rest.chars().next())
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn position_text_round_trips() {
        for text in [
            ".../.../... w",
            "W.B/.W./B.. w",
            "WB./BW./W.. b",
            "WB./BW./WB. w",
            "WWW/BB./... b",
        ] {
            let pos: Position = text.parse().expect(text);
            assert_eq!(pos.to_string(), text);
        }
        assert_eq!(Position::start().to_string(), ".../.../... w");
    }

    #[test]
    fn position_text_errors_name_the_problem() {
        use game_core::ParsePositionErrorKind::{Illegal, Malformed};
        let cases: &[(&str, usize, game_core::ParsePositionErrorKind, &str)] = &[
            ("", 0, Malformed, "ends before a3"),
            ("..x/.../... w", 2, Malformed, "expected W, B or ."),
            ("..../.../... w", 3, Malformed, "'/' between ranks"),
            ("../.../... w", 2, Malformed, "rank 3 has only 2 points"),
            ("...", 3, Malformed, "ends after rank 3"),
            (".../.../...w", 11, Malformed, "a space"),
            (".../.../... ", 11, Malformed, "ends after rank 1"),
            (".../.../... \u{1}", 12, Malformed, "w or b"),
            (".../.../... x", 12, Malformed, "w or b"),
            (".../.../... w b", 13, Malformed, "after the side to move"),
            ("  .../.../... x", 14, Malformed, "w or b"),
            ("W.B/.WW/B.. w", 0, Illegal, "cannot arise"),
            ("WWW/WB./BB. b", 0, Illegal, "4 stones"),
            ("W../.../... w", 0, Illegal, "cannot arise"),
            (".../.../... b", 0, Illegal, "cannot arise"),
            ("WWW/.../BBB w", 0, Illegal, "both colours"),
            ("WWW/BB./... w", 0, Illegal, "cannot arise"),
            ("WWW/.../BBB b", 0, Illegal, "both colours"),
            (
                "BBB/WW./W.. b",
                0,
                Illegal,
                "black is to move but already has a mill",
            ),
            ("é../.../... w", 0, Malformed, "'é'"),
        ];
        for &(text, offset, kind, needle) in cases {
            let err = text.parse::<Position>().expect_err(text);
            assert_eq!((err.offset, err.kind), (offset, kind), "{text:?}: {err}");
            assert!(err.reason.contains(needle), "{text:?}: {err}");
        }
    }

    #[test]
    fn whitespace_around_texts_is_ignored_and_move_case_too() {
        let pos: Position = " W.B/.W./B.. w\n".parse().expect("trimmed");
        assert_eq!(pos.to_string(), "W.B/.W./B.. w");
        // Position text keeps its case: `W` is a white stone, `w` the side to move.
        assert!("w.b/.w./b.. w".parse::<Position>().is_err());
        assert!("W.B/.W./B.. W".parse::<Position>().is_err());
        assert_eq!(pos.parse_move(" c1\t"), pos.parse_move("c1"));
        assert!(pos.parse_move("c1 ").is_ok());
        // Move text is read in either case and printed in lower case.
        let c1 = pos.parse_move("c1").expect("legal");
        assert_eq!(pos.parse_move("C1"), Ok(c1));
        assert_eq!(pos.move_text(c1), "c1");
        let moving: Position = "B.W/WW./BB. w".parse().expect("valid");
        let step = moving.parse_move("c3-c2").expect("legal");
        for text in ["C3-C2", "c3-C2", " C3-c2 "] {
            assert_eq!(moving.parse_move(text), Ok(step), "{text}");
        }
        assert_eq!(moving.move_text(step), "c3-c2");
    }

    #[test]
    fn diagram_shows_stones_and_links() {
        use crate::Game;
        let pos: Position = "W.B/.W./B.. w".parse().expect("valid");
        assert_eq!(
            pos.diagram(),
            "3  W---.---B\n   | \\ | / |\n2  .---W---.\n   | / | \\ |\n1  B---.---.\n   a   b   c"
        );
        assert_eq!(
            pos.details(),
            ["phase: placement (white has 1 stone to place, black 1 stone)"]
        );
    }

    #[test]
    fn move_text_both_ways() {
        assert_eq!(parse_move_text("b2").ok(), Some(Move::Place(Point::CENTRE)));
        let step = parse_move_text("a1-b2").expect("a step");
        assert_eq!(step.to_string(), "a1-b2");
        assert_eq!(parse_move_text("A1").ok(), parse_move_text("a1").ok());
        for junk in [
            "", "-", "b", "b2-", "-b2", "d1", "D1", "a1-b2-c3", "a1 b2", "a1-a4", "A1_B2",
        ] {
            assert!(
                matches!(parse_move_text(junk), Err(ParseMoveError::Malformed { .. })),
                "{junk:?}"
            );
        }
    }

    #[test]
    fn illegal_moves_say_why() {
        let pos: Position = "W.B/.W./B.. w".parse().expect("valid");
        let reason = |text: &str| match pos.parse_move(text) {
            Err(ParseMoveError::Illegal { reason, .. }) => reason,
            other => panic!("{text}: {other:?}"),
        };
        assert!(reason("b2").contains("b2 is not empty"));
        assert!(reason("a1-a2").contains("placement phase"));
        assert!(pos.parse_move("c1").is_ok());
        let finished: Position = "WWW/BB./... b".parse().expect("valid");
        assert!(matches!(
            finished.parse_move("c1"),
            Err(ParseMoveError::Illegal { reason, .. }) if reason.contains("game is over")
        ));
    }
}
