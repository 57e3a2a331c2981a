//! Text both ways: moves (`Ke4`) and the FEN-like position string (`8/8/8/8/8/8/8/8 w -`).

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use game_core::{ParseMoveError, ParsePositionError};

use crate::board::{king_attacks, squares, touching, Square, DARK_SQUARES, LIGHT_SQUARES};
use crate::movegen::illegal_reason;
use crate::position::{Color, Kind, Move, Position};

impl fmt::Display for Position {
    /// The position string: `2K5/2Qb4/8/8/8/8/8/8 b c7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            let mut run = 0;
            for file in 0..8u8 {
                let sq = Square::new(file, rank).expect("file and rank are in range");
                match self.piece_at(sq).map(|p| (p.color, p.kind)) {
                    None => run += 1,
                    Some((color, kind)) => {
                        if run > 0 {
                            write!(f, "{run}")?;
                            run = 0;
                        }
                        let letter = kind.letter();
                        let letter = match color {
                            Color::White => letter,
                            Color::Black => letter.to_ascii_lowercase(),
                        };
                        write!(f, "{letter}")?;
                    }
                }
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let side = match self.side_to_move() {
            Color::White => 'w',
            Color::Black => 'b',
        };
        match self.last {
            Some(last) => write!(f, " {side} {last}"),
            None => write!(f, " {side} -"),
        }
    }
}

// `String` to and from the text (`From<Position> for String`, `TryFrom<String>`).
game_core::impl_string_conversions!(Position);

/// The text is not in the notation (at byte `offset`).
fn err(offset: usize, reason: impl Into<String>) -> ParsePositionError {
    ParsePositionError::malformed(offset, reason)
}

/// The text is a position the placement rules cannot reach (the fault at byte `offset`).
fn unreachable_here(offset: usize, reason: impl Into<String>) -> ParsePositionError {
    ParsePositionError::illegal(offset, reason)
}

/// Reads the placement field into `pos` (pieces only), with game-core's run-length row reader.
fn read_board(board: &str, pos: &mut Position) -> Result<(), ParsePositionError> {
    let mut ranks = 0u8;
    for (at, row) in game_core::notation::rows(board) {
        if ranks == 8 {
            return Err(err(at - 1, "more than 8 ranks"));
        }
        let rank = 7 - ranks;
        ranks += 1;
        let files = game_core::notation::read_row(row, at, b"KQRBNkqrbn", 8, |file, c, at| {
            let (color, kind) = match Kind::from_letter(char::from(c)) {
                Some(kind) => (Color::White, kind),
                None => (
                    Color::Black,
                    Kind::from_letter(char::from(c.to_ascii_uppercase()))
                        .expect("one of the letters read_row was given"),
                ),
            };
            if pos.piece_bits(color, kind).count_ones() >= kind.count_at_start() {
                return Err(ParsePositionError::illegal(
                    at,
                    format!(
                        "{color} has more than {} {}",
                        kind.count_at_start(),
                        kind_name(kind, kind.count_at_start() > 1)
                    ),
                ));
            }
            let sq = Square::new(file as u8, rank).expect("file and rank are in range");
            pos.put(color, kind, sq);
            Ok(())
        })?;
        if files != 8 {
            return Err(err(
                at + row.len(),
                format!("rank {} has {files} squares, not 8", rank + 1),
            ));
        }
    }
    if ranks != 8 {
        return Err(err(
            board.len(),
            format!("expected 8 ranks of 8 squares, found {ranks}"),
        ));
    }
    Ok(())
}

fn kind_name(kind: Kind, plural: bool) -> &'static str {
    match (kind, plural) {
        (Kind::King, _) => "king",
        (Kind::Queen, _) => "queen",
        (Kind::Rook, false) => "rook",
        (Kind::Rook, true) => "rooks",
        (Kind::Bishop, false) => "bishop",
        (Kind::Bishop, true) => "bishops",
        (Kind::Knight, false) => "knight",
        (Kind::Knight, true) => "knights",
    }
}

/// The checks that need the whole board (see the module docs); `last_offset` is where the
/// last-square field starts, for errors about it.
fn check_reachable(pos: &Position, last_offset: usize) -> Result<(), ParsePositionError> {
    let white = pos.placements_of(Color::White);
    let black = pos.placements_of(Color::Black);
    let has = |color, kind| pos.piece_bits(color, kind) != 0;
    if white > 0 && !has(Color::White, Kind::King) {
        return Err(unreachable_here(
            0,
            "White has pieces but no king (the king is White's first)",
        ));
    }
    if has(Color::Black, Kind::King) && black < 8 {
        return Err(unreachable_here(
            0,
            "Black's king stands before Black's 8th placement",
        ));
    }
    if black >= 7 && !has(Color::Black, Kind::Queen) {
        return Err(unreachable_here(
            0,
            "Black has placed 7 pieces without the queen",
        ));
    }
    for color in Color::ALL {
        let bishops = pos.piece_bits(color, Kind::Bishop);
        if bishops.count_ones() == 2
            && (bishops & DARK_SQUARES == 0 || bishops & LIGHT_SQUARES == 0)
        {
            return Err(unreachable_here(
                0,
                format!("{color}'s bishops stand on one square colour"),
            ));
        }
    }
    // Every piece but White's king touched an opposing piece when it was placed; pieces never
    // move, so it still does.
    for color in Color::ALL {
        let mut pieces = pos.color_bits(color);
        if color == Color::White {
            pieces &= !pos.piece_bits(Color::White, Kind::King);
        }
        let lonely = pieces & !touching(pos.color_bits(color.other()));
        if let Some(sq) = squares(lonely).next() {
            return Err(unreachable_here(
                0,
                format!(
                    "the {color} piece on {sq} touches no {} piece",
                    color.other()
                ),
            ));
        }
    }
    // Black's first placement touched White's king, the only white piece then.
    let white_king = pos.piece_bits(Color::White, Kind::King);
    if black > 0 && touching(white_king) & pos.color_bits(Color::Black) == 0 {
        return Err(unreachable_here(
            0,
            "no black piece touches White's king (Black's first must)",
        ));
    }
    // The queen call: a queen facing the other queen in hand was placed last.
    for color in Color::ALL {
        let queen = pos.piece_bits(color, Kind::Queen);
        if queen != 0
            && !has(color.other(), Kind::Queen)
            && !matches!(pos.last, Some(last) if last.bit() == queen)
        {
            return Err(unreachable_here(
                last_offset,
                format!(
                    "{color}'s queen is on the board and {}'s is in hand, so the queen must be the piece placed last (queen call)",
                    color.other()
                ),
            ));
        }
    }
    if let Some(last) = pos.last {
        if white > 1 && white_king == last.bit() {
            return Err(unreachable_here(
                last_offset,
                "White's king cannot be the piece placed last after White's first placement",
            ));
        }
        if white == 8 && black == 7 && king_attacks(last) & pos.empty_bits() == 0 {
            return Err(unreachable_here(
                last_offset,
                "White's 8th piece must leave an empty square touching it",
            ));
        }
    }
    Ok(())
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position string.
    ///
    /// The position string has three fields separated by single spaces: the pieces rank 8 to rank
    /// 1 as in chess FEN (`KQRBN` White, `kqrbn` Black, digits for runs of empty squares), the side
    /// to move (`w` or `b`), and the square of the piece placed last (`-` at the start).
    /// A run of digits is one number of empty squares, as in every game's run-length rows
    /// (`game_core::notation::read_row`): `8` is a rank of empty squares, while `44` or `17`
    /// (two runs written side by side) is refused. Text follows game-core's error policy: it is
    /// case-sensitive, whitespace around it is ignored, and every error has a kind and an offset.
    ///
    /// A string is refused with a [`ParsePositionError`] when it cannot arise in a game. Besides
    /// the checks the rules page names (too many pieces of a kind, a side to move that does not
    /// fit the counts, bishops on one colour, a last square that is empty or holds a piece of the
    /// side to move) the reader refuses what the placement rules make impossible whatever the
    /// order of play: pieces but no White king (the king is White's first), a Black king before
    /// Black's 8th placement, no Black queen once Black has placed 7, a piece (other than White's
    /// king) touching no opposing piece, a White king untouched by Black once Black has placed, a
    /// White king placed last after White's first placement, a queen on the board facing the other
    /// queen in hand without having been placed last (the queen call would have brought the other
    /// queen at once), and White's 8th piece without an empty neighbour. These are necessary
    /// conditions only; a string that passes them is played by the rules from there on.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        game_core::notation::parse_trimmed(text, parse_position)
    }
}

/// Reads a trimmed position string.
fn parse_position(text: &str) -> Result<Position, ParsePositionError> {
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != 3 {
        return Err(err(
            0,
            format!(
                "expected 3 fields separated by single spaces (board, side to move, last square), found {}",
                fields.len()
            ),
        ));
    }
    let (board, side, last) = (fields[0], fields[1], fields[2]);
    let side_offset = board.len() + 1;
    let last_offset = side_offset + side.len() + 1;

    let mut pos = Position::start();
    read_board(board, &mut pos)?;
    let white = pos.colors[0].count_ones();
    let black = pos.colors[1].count_ones();
    pos.placed = (white + black) as u8;

    let side = match side {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err(err(side_offset, "the side to move must be `w` or `b`")),
    };
    let expected = if white == black {
        Color::White
    } else if white == black + 1 {
        Color::Black
    } else {
        return Err(unreachable_here(
            0,
            format!("White has {white} pieces and Black {black}: White places first and the sides alternate"),
        ));
    };
    if side != expected {
        return Err(unreachable_here(
            side_offset,
            format!("with {white} white and {black} black pieces it is {expected} to move"),
        ));
    }

    let last = if last == "-" {
        None
    } else {
        Some(last.parse::<Square>().map_err(|_| {
            err(
                last_offset,
                "the last square must be a square a1 … h8 or `-`",
            )
        })?)
    };
    match last {
        None if pos.placed > 0 => {
            return Err(unreachable_here(
                last_offset,
                "pieces are on the board, so the last square cannot be `-`",
            ))
        }
        Some(sq) if pos.color_bits(side.other()) & sq.bit() == 0 => {
            return Err(unreachable_here(
                last_offset,
                format!(
                    "the last square {sq} must hold a {} piece (the side that just placed)",
                    side.other()
                ),
            ))
        }
        _ => {}
    }
    pos.set_last(last);
    check_reachable(&pos, last_offset)?;
    Ok(pos)
}

/// Reads move text (`Ke4`) in `pos`: the piece letter, capital whichever side moves, and the
/// square.
///
/// # Errors
/// [`ParseMoveError::Malformed`] for text that is not a letter and a square,
/// [`ParseMoveError::Illegal`] (naming the rule) for a placement the rules forbid here.
pub(crate) fn parse_move(pos: &Position, text: &str) -> Result<Move, ParseMoveError> {
    let mv = parse_move_syntax(text)?;
    game_core::notation::legal_or_refused(text, mv, illegal_reason(pos, mv))
}

/// Reads move text (`Ke4`) without a position; whitespace around it is ignored, and letters
/// are read in either case (`ke4`, `KE4`): the notation writes the piece letter in capitals
/// whichever side moves, so its case tells nothing, and a move is always a piece letter and a
/// square, so the letter is never read as a file.
///
/// # Errors
/// [`ParseMoveError::Malformed`] for text that is not a piece letter and a square.
fn parse_move_syntax(text: &str) -> Result<Move, ParseMoveError> {
    let (_, body) = game_core::notation::trimmed(text);
    let body = game_core::notation::fold_case(body);
    let mut chars = body.chars();
    let kind = chars
        .next()
        .and_then(|letter| Kind::from_letter(letter.to_ascii_uppercase()));
    let square = chars.as_str().parse::<Square>().ok();
    let (Some(kind), Some(square)) = (kind, square) else {
        return Err(ParseMoveError::malformed(
            text,
            "expected a piece letter K, Q, R, B or N and a square, like Ke4",
        ));
    };
    Ok(Move::new(kind, square))
}

// The serde forms: every value as its text (see `game_core::serde_text`). A move is `"Ke4"`,
// a colour `"white"`, a kind its lower-case name `"king"`, a position its position string.
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
impl fmt::Display for KindName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(kind_name(self.0, false))
    }
}
/// A kind by its lower-case name, the serde form of [`Kind`].
#[cfg(feature = "serde")]
#[derive(Clone, Copy)]
struct KindName(Kind);
#[cfg(feature = "serde")]
impl serde::Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        game_core::serde_text::serialize(&KindName(*self), serializer)
    }
}
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Kind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Kind, D::Error> {
        game_core::serde_text::deserialize_with(deserializer, |text| {
            game_core::serde_text::parse_name(&Kind::ALL.map(KindName), text).map(|k| k.0)
        })
    }
}

/// The board drawn for people: ranks 8 to 1, `.` for an empty square, files underneath
/// ([`Game::diagram`](crate::Game::diagram) of Cheversi).
pub(crate) fn diagram(pos: &Position) -> String {
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        out.push(char::from(b'1' + rank));
        for file in 0..8u8 {
            let sq = Square::new(file, rank).expect("file and rank are in range");
            out.push(' ');
            out.push(match pos.piece_at(sq).map(|p| (p.color, p.kind)) {
                None => '.',
                Some((Color::White, kind)) => kind.letter(),
                Some((Color::Black, kind)) => kind.letter().to_ascii_lowercase(),
            });
        }
        out.push('\n');
    }
    out.push_str("  a b c d e f g h");
    out
}

/// Lines for people: the pieces in hand, the rule that binds the next placement (if any), the
/// legal placements by kind, and the points each piece earns
/// ([`Game::details`](crate::Game::details) of Cheversi).
pub(crate) fn details(pos: &Position) -> Vec<String> {
    let mut lines = vec![format!(
        "in hand: white {}, black {}",
        or_dash(pos.hand_text(Color::White)),
        or_dash(pos.hand_text(Color::Black))
    )];
    let mover = pos.side_to_move();
    let rule = if pos.placements_left() == 0 {
        None
    } else if pos.placements_made() == 0 {
        Some("king first: White's first placement is the king")
    } else if mover == Color::Black && pos.placements_of(Color::Black) == 7 {
        Some("Black's king last: it must touch the piece White placed last")
    } else if crate::movegen::queen_call(pos, mover) {
        Some("queen call: the queen must be placed now")
    } else if mover == Color::White && pos.placements_of(Color::White) == 7 {
        Some("White's 8th: it must leave an empty square touching it")
    } else {
        None
    };
    if let Some(rule) = rule {
        lines.push(format!("rule in force: {rule}"));
    }
    let plan = crate::movegen::placements(pos);
    if plan.any() {
        let by_kind: Vec<String> = plan
            .kinds()
            .map(|k| format!("{} {}", k.letter(), plan.target_bits(k).count_ones()))
            .filter(|t| !t.ends_with(" 0"))
            .collect();
        lines.push(format!("squares by kind: {}", by_kind.join(", ")));
    } else if pos.placements_left() > 0 {
        lines.push(format!(
            "{mover} has no legal placement: the game ends here"
        ));
    }
    for color in Color::ALL {
        let pieces: Vec<String> = squares(pos.color_bits(color))
            .map(|sq| {
                let kind = pos.piece_at(sq).expect("the square holds a piece").kind;
                format!(
                    "{}{sq} {}",
                    kind.letter(),
                    crate::score::piece_points(pos, sq)
                )
            })
            .collect();
        if !pieces.is_empty() {
            lines.push(format!("{color} points by piece: {}", pieces.join(", ")));
        }
    }
    lines
}

fn or_dash(text: String) -> String {
    if text.is_empty() {
        "-".to_owned()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> String {
        match text.parse::<Position>() {
            Ok(p) => panic!("{text} was accepted as {p}"),
            Err(e) => e.reason,
        }
    }

    #[test]
    fn start_and_example_round_trip() {
        for text in [
            "8/8/8/8/8/8/8/8 w -",
            "2K5/2Qb4/8/8/8/8/8/8 b c7",
            "8/8/8/8/4K3/3nQ3/4q3/8 w e2",
        ] {
            let pos: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(pos.to_string(), text);
        }
        assert_eq!(Position::start().to_string(), "8/8/8/8/8/8/8/8 w -");
    }

    #[test]
    fn impossible_strings_are_refused() {
        // Field structure.
        refused("8/8/8/8/8/8/8/8 w");
        refused("8/8/8/8/8/8/8/8  w -");
        refused("8/8/8/8/8/8/8 w -");
        refused("8/8/8/8/8/8/8/8/8 w -");
        refused("8/8/8/8/8/8/8/9 w -");
        refused("8/8/8/8/8/8/8/44 w -x");
        refused("7/8/8/8/8/8/8/8 w -");
        refused("8/8/8/8/8/8/8/8 x -");
        refused("8/8/8/8/8/8/8/7X w -");
        // The rules page's list.
        assert!(refused("2K5/2QQ4/8/8/8/8/8/8 b c7").contains("more than 1 queen"));
        assert!(refused("2K5/2Qb4/8/8/8/8/8/8 w c7").contains("black to move"));
        assert!(refused("2K5/2Q5/8/8/8/8/8/8 b c7").contains("alternate"));
        assert!(refused("2K5/2Qb4/8/8/8/8/8/8 b e4").contains("must hold"));
        assert!(refused("2K5/2Qb4/8/8/8/8/8/8 b d7").contains("must hold"));
        assert!(refused("8/8/8/8/8/8/8/8 w e4").contains("must hold"));
        assert!(refused("2K5/2Qb4/8/8/8/8/8/8 b -").contains("cannot be `-`"));
        assert!(refused("8/8/8/8/8/2bKn3/2B1B3/8 b e2").contains("one square colour"));
        // What the placement rules make impossible.
        assert!(refused("8/8/8/8/8/8/8/3Q4 b d1").contains("no king"));
        assert!(refused("8/8/8/8/8/3k4/3K4/8 w d3").contains("8th placement"));
        assert!(refused("8/8/8/8/8/8/1n6/K6R b h1").contains("touches no"));
        assert!(refused("8/8/8/8/3K4/8/8/n7 w a1").contains("touches no"));
        assert!(refused("8/8/8/8/3KR3/3n4/8/8 b d4").contains("king"));
        assert!(refused("8/8/8/8/2QK4/2n5/8/8 b d4").contains("queen call"));
    }

    #[test]
    fn errors_have_their_kind_and_point_at_the_fault() {
        use game_core::ParsePositionErrorKind::{Illegal, Malformed};
        for (text, kind, offset) in [
            ("8/8/8/8/8/8/8/8 w", Malformed, 0),
            ("8/8/8/8/8/8/8/9 w -", Malformed, 14),
            ("8/8/8/8/8/8/8/08 w -", Malformed, 14),
            ("8/8/8/8/8/8/8/7X w -", Malformed, 15),
            ("8/8/8/8/8/8/8/7k1 w -", Malformed, 16),
            ("8/8/8/8/8/8/7/8 w -", Malformed, 13),
            ("8/8/8/8/8/8/8/8/8 w -", Malformed, 15),
            ("8/8/8/8/8/8/8 w -", Malformed, 13),
            ("8/8/8/8/8/8/8/8 W -", Malformed, 16),
            ("8/8/8/8/8/8/8/8 w i9", Malformed, 18),
            ("8/8/8/8/8/8/8/8 w E4", Malformed, 18),
            // Whitespace around the text is ignored, and offsets count it.
            ("  8/8/8/8/8/8/8/8 x -", Malformed, 18),
            // Well-formed, but not reachable.
            ("2K5/2QQ4/8/8/8/8/8/8 b c7", Illegal, 6),
            ("2K5/2Qb4/8/8/8/8/8/8 w c7", Illegal, 21),
            ("2K5/2Q5/8/8/8/8/8/8 b c7", Illegal, 0),
            ("2K5/2Qb4/8/8/8/8/8/8 b e4", Illegal, 23),
            ("8/8/8/8/8/8/8/3Q4 b d1", Illegal, 0),
            ("8/8/8/8/2QK4/2n5/8/8 b d4", Illegal, 23),
        ] {
            let err = text.parse::<Position>().expect_err(text);
            assert_eq!((err.kind, err.offset), (kind, offset), "{text:?}: {err}");
        }
        let pos: Position = " 2K5/2Qb4/8/8/8/8/8/8 b c7\n".parse().expect("trimmed");
        assert_eq!(pos.to_string(), "2K5/2Qb4/8/8/8/8/8/8 b c7");
    }

    #[test]
    fn illegal_placements_say_why_in_words() {
        use game_core::Game;
        let mut pos = Position::start();
        let queen = Move::new(Kind::Queen, "e4".parse().unwrap());
        let err = pos.play(queen).unwrap_err();
        assert_eq!(err.mv, "Qe4");
        assert!(
            !err.reason.is_empty() && !err.reason.contains("Move"),
            "{err}"
        );
        assert_eq!(pos, Position::start());
        assert_eq!(pos.parse_move(" Ke4 "), pos.parse_move("Ke4"));
    }

    #[test]
    fn move_text() {
        let pos = Position::start();
        assert_eq!(
            parse_move(&pos, "Ke4"),
            Ok(Move::new(Kind::King, "e4".parse().unwrap()))
        );
        assert!(matches!(
            parse_move(&pos, "Qe4"),
            Err(ParseMoveError::Illegal { .. })
        ));
        // Letters in either case: the piece letter's case says nothing in a move.
        let king_e4 = Ok(Move::new(Kind::King, "e4".parse().unwrap()));
        for text in ["ke4", "KE4", "kE4", " Ke4\n"] {
            assert_eq!(parse_move(&pos, text), king_e4, "{text}");
        }
        assert_eq!(
            Move::new(Kind::King, "e4".parse().unwrap()).to_string(),
            "Ke4"
        );
        for junk in [
            "", "K", "k", "Ke9", "KE9", "Ke44", "Xe4", "xe4", "e4", "E4", "K e4",
        ] {
            assert!(
                matches!(
                    parse_move(&pos, junk),
                    Err(ParseMoveError::Malformed { .. })
                ),
                "{junk}"
            );
        }
    }
}
