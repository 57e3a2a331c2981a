//! Position text both ways: the PDN FEN string (`W:W31-50:B1-20`, dames prefixed with `K`,
//! ranges on input), its canonical form on output, and the `Debug` form built on it.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use game_core::ParsePositionError;

use crate::board::{Eight, Geometry, SquareNumber, Ten};
use crate::position::{Color, Kind, Piece, Position};

impl Position {
    /// Reads a PDN FEN position string on the 10x10 (`eight == false`) or 8x8 board.
    pub(crate) fn parse_fen(text: &str, eight: bool) -> Result<Position, ParsePositionError> {
        if eight {
            parse_fen::<Eight>(text, true)
        } else {
            parse_fen::<Ten>(text, false)
        }
    }
}

fn parse_fen<G: Geometry>(text: &str, eight: bool) -> Result<Position, ParsePositionError> {
    let err = |offset: usize, reason: String| ParsePositionError::malformed(offset, reason);
    let size = if eight { 8 } else { 10 };
    // The policy's whitespace rule, as in every game: offsets still count from `text`.
    let (base, body) = game_core::notation::trimmed(text);
    if body.is_empty() {
        return Err(err(0, "empty position string".into()));
    }
    let mut fields = Vec::new();
    let mut offset = base;
    for field in body.split(':') {
        fields.push((offset, field));
        offset += field.len() + 1;
    }
    let side = match fields[0].1 {
        "W" => Color::White,
        "B" => Color::Black,
        other => {
            return Err(err(
                base,
                format!("expected the side to move, W or B, not {other:?}"),
            ))
        }
    };
    if fields.len() != 3 {
        return Err(err(
            base,
            format!(
                "expected three fields separated by ':' (side to move, White's pieces, Black's pieces), found {}",
                fields.len()
            ),
        ));
    }
    let mut pieces = [None::<(u64, u64)>; 2];
    for &(offset, field) in &fields[1..] {
        let color = match field.as_bytes().first() {
            Some(b'W') => Color::White,
            Some(b'B') => Color::Black,
            _ => return Err(err(offset, "a piece list starts with W or B".into())),
        };
        let (index, other) = match color {
            Color::White => (0, 1),
            Color::Black => (1, 0),
        };
        if pieces[index].is_some() {
            return Err(err(offset, "the same colour is listed twice".into()));
        }
        let other_pieces = pieces[other].map_or(0, |(bits, _)| bits);
        pieces[index] = Some(parse_list::<G>(
            &field[1..],
            offset + 1,
            size,
            color,
            other_pieces,
        )?);
    }
    let (white, white_dames) = pieces[0].unwrap_or_default();
    let (black, black_dames) = pieces[1].unwrap_or_default();
    Ok(Position::from_parts(
        eight,
        white,
        black,
        white_dames | black_dames,
        side,
    ))
}

/// Reads one colour's list, such as `K3,29,31-35`, into (pieces, dames), refusing what no game
/// can reach: a square listed twice or also in the other colour's list (`other`), a man on its
/// own far rank, and more pieces than the side starts with ([`Geometry::MEN`]). Each error
/// carries the byte offset of the list item at fault.
fn parse_list<G: Geometry>(
    list: &str,
    base: usize,
    size: u32,
    color: Color,
    other: u64,
) -> Result<(u64, u64), ParsePositionError> {
    let mut pieces = 0u64;
    let mut dames = 0u64;
    if list.is_empty() {
        return Ok((0, 0));
    }
    let (name, far, far_name) = match color {
        Color::White => ("White", G::WHITE_FAR, "Black's back rank"),
        Color::Black => ("Black", G::BLACK_FAR, "White's back rank"),
    };
    let mut count = 0u32;
    let mut offset = base;
    for item in list.split(',') {
        let (dame, body, body_offset) = match item.strip_prefix('K') {
            Some(rest) => (true, rest, offset + 1),
            None => (false, item, offset),
        };
        let (first, last) = match body.split_once('-') {
            Some((a, b)) => (
                parse_square::<G>(a, body_offset, size)?,
                parse_square::<G>(b, body_offset + a.len() + 1, size)?,
            ),
            None => {
                let s = parse_square::<G>(body, body_offset, size)?;
                (s, s)
            }
        };
        if first > last {
            return Err(ParsePositionError::malformed(
                body_offset,
                format!("the range {first}-{last} runs backwards"),
            ));
        }
        for s in first..=last {
            let bit = 1u64 << G::bit_of_square()[s as usize];
            // A well-formed list that no game reaches.
            let fault = |reason: String| ParsePositionError::illegal(offset, reason);
            if pieces & bit != 0 {
                return Err(fault(format!("square {s} is listed twice for {name}")));
            }
            if other & bit != 0 {
                return Err(fault(format!(
                    "square {s} is listed for both White and Black"
                )));
            }
            if !dame && far & bit != 0 {
                // A man on its far rank would have been promoted when it got there.
                return Err(fault(format!(
                    "a {} man on square {s} ({far_name}) would have become a dame (write K{s})",
                    name.to_lowercase()
                )));
            }
            count += 1;
            if count > G::MEN {
                return Err(fault(format!(
                    "{name} has more than {men} pieces: a side starts with {men} on {size}x{size} \
                     and no move adds one",
                    men = G::MEN
                )));
            }
            pieces |= bit;
            if dame {
                dames |= bit;
            }
        }
        offset += item.len() + 1;
    }
    Ok((pieces, dames))
}

fn parse_square<G: Geometry>(
    text: &str,
    offset: usize,
    size: u32,
) -> Result<SquareNumber, ParsePositionError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParsePositionError::malformed(
            offset,
            format!("expected a square number, found {text:?}"),
        ));
    }
    match text.parse::<u32>() {
        Ok(s) if (1..=u32::from(G::SQUARES)).contains(&s) => Ok(s as SquareNumber),
        _ => Err(ParsePositionError::malformed(
            offset,
            format!(
                "square {text} is not on the {size}x{size} board (squares 1-{})",
                G::SQUARES
            ),
        )),
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a 10x10 position (the string does not carry the size; for 8x8 use
    /// [`Game::parse_position`](game_core::Game::parse_position) with `Some(BoardSize::Side(8))`).
    /// Whitespace around the text is ignored.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Position::parse_fen(text, false)
    }
}

// `String` to and from the text (`From<Position> for String`, `TryFrom<String>`: like
// `FromStr`, a 10x10 position).
game_core::impl_string_conversions!(Position);

impl fmt::Display for Position {
    /// The canonical PDN FEN string: side to move, White's list, Black's list, each sorted by
    /// square number with dames (`K`) mixed in, no ranges.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.side {
            Color::White => "W",
            Color::Black => "B",
        })?;
        for (letter, color) in [("W", Color::White), ("B", Color::Black)] {
            write!(f, ":{letter}")?;
            let mut first = true;
            for s in 1..=self.square_count() {
                if let Some(Piece { color: c, kind }) = self.piece_on(s) {
                    if c == color {
                        if !first {
                            f.write_str(",")?;
                        }
                        first = false;
                        if kind == Kind::Dame {
                            f.write_str("K")?;
                        }
                        write!(f, "{s}")?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    /// `Position(10x10 W:W31,…:B1,…)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({0}x{0} {self})", self.size())
    }
}

#[cfg(test)]
mod tests {
    use crate::{BoardSize, Game, Position};

    #[test]
    fn ranges_and_dames_on_input_canonical_output() {
        let pos: Position = "W:W31-50:B1-20".parse().unwrap();
        assert_eq!(pos, Position::start());
        let pos: Position = "B:WK3,29:B12,K46".parse().unwrap();
        assert_eq!(pos.to_string(), "B:WK3,29:B12,K46");
        let pos: Position = "W:B20,19,K1:W35,K48,31".parse().unwrap();
        assert_eq!(pos.to_string(), "W:W31,35,K48:BK1,19,20");
        let pos: Position = "W:WK1-3:B45".parse().unwrap();
        assert_eq!(pos.to_string(), "W:WK1,K2,K3:B45");
    }

    #[test]
    fn rules_page_8x8_example() {
        let text = "B:W15,19,22,23,26,28,31:B1,4,5,6,7,8,9,11,K21";
        let pos = Position::parse_position(text, Some(BoardSize::Side(8))).unwrap();
        assert_eq!(pos.size(), 8);
        assert_eq!(pos.to_string(), text);
    }

    #[test]
    fn bad_position_text_is_a_typed_error() {
        for (text, size) in [
            ("", None),
            ("X:W1:B2", None),
            ("W:W31:B51", None),
            ("W:W31:B33", Some(BoardSize::Side(8))),
            ("W:W0:B2", None),
            ("W:W31,31:B2", None),
            ("W:W31:B31", None),
            ("W:W3:B40", None),
            ("W:W40:B47", None),
            ("W:W40-30:B1", None),
            ("W:W40:W41", None),
            ("W:W40", None),
            ("W:W40:B1:B2", None),
            ("W:WK:B1", None),
            ("W:W,:B1", None),
            ("W:W99999999999999999999:B1", None),
            ("W:W40:B1", Some(BoardSize::Side(12))),
            (
                "W:W40:B1",
                Some(BoardSize::Rect {
                    width: 10,
                    height: 10,
                }),
            ),
        ] {
            assert!(
                Position::parse_position(text, size).is_err(),
                "{text:?} size {size:?} was accepted"
            );
        }
        let err = Position::parse_position("W:W31:B33", Some(BoardSize::Side(8))).unwrap_err();
        assert!(err.reason.contains("not on the 8x8 board"), "{err}");
        assert_eq!(err.offset, 7);
    }

    /// The rules page refuses a side with more pieces than it starts with: 25 black men, which
    /// no game can reach, are refused where the text names the 21st (the capture search's
    /// tables are sized for the pieces a game can have).
    #[test]
    fn more_pieces_than_the_start_are_refused() {
        let crowded =
            "W:WK16:B3,7,9,12,14,15,17,21,22,23,24,26,28,30,31,32,33,34,35,37,39,41,42,43,44";
        let err = Position::parse_position(crowded, None).unwrap_err();
        // The 21st black man, 39, is the first one too many (counted by hand: byte 65).
        assert_eq!(err.offset, 65, "{err}");
        assert!(
            err.reason.contains("Black has more than 20 pieces"),
            "{err}"
        );
        // 20 is the limit on 10x10, 12 on 8x8, dames included; ranges count square by square.
        assert!(Position::parse_position("W:W31-50:B1-20", None).is_ok());
        assert!(Position::parse_position("W:W31-50:B1-19,K21", None).is_ok());
        let err = Position::parse_position("W:W30-50:B1", None).unwrap_err();
        assert_eq!(err.offset, 3);
        assert!(
            err.reason.contains("White has more than 20 pieces"),
            "{err}"
        );
        assert!(Position::parse_position("W:W21-32:B1-12", Some(BoardSize::Side(8))).is_ok());
        let err = Position::parse_position("W:W21-32,K5:B1", Some(BoardSize::Side(8))).unwrap_err();
        assert_eq!(err.offset, 9);
        assert!(
            err.reason.contains("White has more than 12 pieces"),
            "{err}"
        );
        // The same 13 pieces are fine on 10x10.
        assert!(Position::parse_position("W:W21-32,K5:B1", None).is_ok());
    }

    #[test]
    fn faults_name_the_square_and_its_offset() {
        let err = Position::parse_position("W:W31,40,31:B1", None).unwrap_err();
        assert_eq!(
            (err.offset, err.reason.contains("square 31 is listed twice")),
            (9, true)
        );
        let err = Position::parse_position("W:W31,32:B5,32", None).unwrap_err();
        assert_eq!(err.offset, 12, "{err}");
        assert!(err.reason.contains("square 32 is listed for both"), "{err}");
        let err = Position::parse_position("W:B5,32:W31,32", None).unwrap_err();
        assert_eq!(err.offset, 12, "{err}");
        // White promotes on 1-5, Black on 46-50 (8x8: 1-4 and 29-32).
        let err = Position::parse_position("W:W31,3:B20", None).unwrap_err();
        assert_eq!(err.offset, 6, "{err}");
        assert!(err.reason.contains("white man on square 3"), "{err}");
        let err = Position::parse_position("W:W31:B20,47", None).unwrap_err();
        assert_eq!(err.offset, 10, "{err}");
        assert!(err.reason.contains("black man on square 47"), "{err}");
        assert!(Position::parse_position("W:W31,K3:B20,K47", None).is_ok());
        assert!(Position::parse_position("W:W29:B1", Some(BoardSize::Side(8))).is_ok());
        assert!(Position::parse_position("W:W28:B29", Some(BoardSize::Side(8))).is_err());
        assert!(Position::parse_position("W:W28:B29", None).is_ok());
    }

    #[test]
    fn empty_lists_are_allowed() {
        let pos: Position = "B:WK4:B".parse().unwrap();
        assert_eq!(pos.to_string(), "B:WK4:B");
        assert!(pos.outcome().is_some());
    }

    #[test]
    fn errors_have_their_kind_and_point_at_the_fault() {
        use game_core::ParsePositionErrorKind::{Illegal, Malformed, SizeMismatch};
        let eight = Some(BoardSize::Side(8));
        for (text, size, kind, offset) in [
            ("", None, Malformed, 0),
            ("X:W1:B2", None, Malformed, 0),
            ("w:W31:B2", None, Malformed, 0),
            ("W:W31:B51", None, Malformed, 7),
            ("W:W31:B33", eight, Malformed, 7),
            ("W:W31:b2", None, Malformed, 6),
            ("W:Wk31:B2", None, Malformed, 3),
            ("W:W40-30:B1", None, Malformed, 3),
            ("  W:W31:B0", None, Malformed, 9),
            ("W:W40:B1", Some(BoardSize::Side(12)), SizeMismatch, 0),
            // Well-formed, but no game reaches it.
            ("W:W31,40,31:B1", None, Illegal, 9),
            ("W:W31,32:B5,32", None, Illegal, 12),
            ("W:W31,3:B20", None, Illegal, 6),
            ("W:W30-50:B1", None, Illegal, 3),
        ] {
            let err = Position::parse_position(text, size).expect_err(text);
            assert_eq!((err.kind, err.offset), (kind, offset), "{text:?}: {err}");
        }
        let pos: Position = " W:W31:B20\n".parse().expect("trimmed");
        assert_eq!(pos.to_string(), "W:W31:B20");
    }
}
