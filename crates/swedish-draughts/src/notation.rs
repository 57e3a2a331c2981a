//! Text both ways: the PDN FEN position string and the move notation (`32-28`, `28x19`,
//! `28x17x8`).

use core::fmt;
use core::str::FromStr;

use game_core::{ParseMoveError, ParsePositionError};

use crate::board::{Eight, Geometry, Square, Ten};
use crate::movegen;
use crate::position::{Color, Move, Position};

impl Position {
    /// Reads a PDN FEN position string on the 10x10 (`eight == false`) or 8x8 board.
    pub(crate) fn parse_fen(text: &str, eight: bool) -> Result<Position, ParsePositionError> {
        if eight {
            parse_fen::<Eight>(text, true)
        } else {
            parse_fen::<Ten>(text, false)
        }
    }

    /// Every route of every legal capture: (move, [start, landing squares…]).
    pub(crate) fn capture_routes(&self) -> Vec<(Move, Vec<Square>)> {
        if self.eight {
            movegen::capture_routes::<Eight>(self)
        } else {
            movegen::capture_routes::<Ten>(self)
        }
    }

    /// The full chain of a legal move: `[start, end]` for a move without capture, else the
    /// start and every landing square. When several routes make the same capture (same start,
    /// end and captured set) it is the one whose landing squares are smallest, compared as
    /// integers in order. `None` when `mv` is not a legal move here.
    pub fn move_chain(&self, mv: Move) -> Option<Vec<Square>> {
        if !game_core::Game::is_legal(self, mv) {
            return None;
        }
        if !mv.is_capture() {
            return Some(vec![mv.from(), mv.to()]);
        }
        self.capture_routes()
            .into_iter()
            .filter(|(m, _)| *m == mv)
            .map(|(_, route)| route)
            .min()
    }

    /// The board drawn for people: one line per rank from Black's side down, `w`/`b` for
    /// men, `W`/`B` for dames, `.` for an empty dark square, files `a`… below.
    ///
    /// ```
    /// use swedish_draughts::{Game, Position};
    /// let diagram = Position::start_with_size(8)?.diagram();
    /// assert_eq!(diagram.lines().next(), Some(" 8    b   b   b   b"));
    /// # Ok::<(), swedish_draughts::game_core::SizeError>(())
    /// ```
    pub fn diagram(&self) -> String {
        let n = self.size();
        let half = n / 2;
        let mut out = String::new();
        for row in 0..n {
            out.push_str(&format!("{:>2} ", n - row));
            for file in 0..n {
                let dark = (row + file) % 2 == 1;
                let c = if dark {
                    let square = (row * half + file / 2 + 1) as Square;
                    match self.piece_at(square) {
                        Some((Color::White, crate::Piece::Man)) => 'w',
                        Some((Color::White, crate::Piece::Dame)) => 'W',
                        Some((Color::Black, crate::Piece::Man)) => 'b',
                        Some((Color::Black, crate::Piece::Dame)) => 'B',
                        None => '.',
                    }
                } else {
                    ' '
                };
                out.push(' ');
                out.push(c);
            }
            let trimmed = out.trim_end().len();
            out.truncate(trimmed);
            out.push('\n');
        }
        out.push_str("  ");
        for file in 0..n {
            out.push(' ');
            out.push(char::from(b'a' + file as u8));
        }
        out
    }

    /// The notation of a legal move (see [`game_core::Game::move_text`]).
    pub(crate) fn write_move(&self, mv: Move) -> String {
        if !mv.is_capture() {
            return format!("{}-{}", mv.from(), mv.to());
        }
        let routes = self.capture_routes();
        // Full chain only when another legal capture shares the start and end squares.
        let shared = routes
            .iter()
            .any(|(m, _)| m.from == mv.from && m.to == mv.to && m.captured != mv.captured);
        if shared {
            let best = routes
                .iter()
                .filter(|(m, _)| *m == mv)
                .map(|(_, route)| route)
                .min();
            if let Some(route) = best {
                return chain_text(route);
            }
        }
        format!("{}x{}", mv.from(), mv.to())
    }

    /// Reads move text (see [`game_core::Game::parse_move`]).
    pub(crate) fn read_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let (squares, capture) = tokenize(text, self.square_count(), self.size())?;
        if !capture {
            let moves = game_core::Game::legal_moves(self);
            let (from, to) = (squares[0], squares[1]);
            if let Some(&mv) = moves
                .iter()
                .find(|m| !m.is_capture() && m.from() == from && m.to() == to)
            {
                return Ok(mv);
            }
            let reason = if moves.iter().any(|m| m.is_capture()) {
                if moves.iter().any(|m| m.from() == from && m.to() == to) {
                    "it is a capture: write it with x"
                } else {
                    "capturing is compulsory"
                }
            } else {
                ""
            };
            return Err(ParseMoveError::illegal(text, reason));
        }
        let routes = self.capture_routes();
        if routes.is_empty() {
            return Err(ParseMoveError::illegal(text, "there is no capture"));
        }
        let (first, last) = (squares[0], squares[squares.len() - 1]);
        let inner = &squares[1..squares.len() - 1];
        let mut candidates: Vec<Move> = Vec::new();
        for (mv, route) in &routes {
            let matches = route[0] == first
                && route[route.len() - 1] == last
                && is_subsequence(inner, &route[1..route.len() - 1]);
            if matches && !candidates.contains(mv) {
                candidates.push(*mv);
            }
        }
        match candidates.len() {
            0 => Err(ParseMoveError::illegal(
                text,
                "no legal capture of the largest number of pieces follows that chain",
            )),
            1 => Ok(candidates[0]),
            _ => {
                let mut chains: Vec<Vec<Square>> = candidates
                    .iter()
                    .filter_map(|&mv| self.move_chain(mv))
                    .collect();
                chains.sort();
                Err(ParseMoveError::ambiguous(
                    text,
                    chains.iter().map(|c| chain_text(c)).collect(),
                ))
            }
        }
    }
}

fn chain_text(route: &[Square]) -> String {
    let parts: Vec<String> = route.iter().map(|s| s.to_string()).collect();
    parts.join("x")
}

/// Whether `needle` appears in `hay` in order (not necessarily adjacent).
fn is_subsequence(needle: &[Square], hay: &[Square]) -> bool {
    let mut it = hay.iter();
    needle.iter().all(|n| it.any(|h| h == n))
}

/// Splits move text into its squares and whether it is written as a capture.
fn tokenize(text: &str, squares: u8, size: u32) -> Result<(Vec<Square>, bool), ParseMoveError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ParseMoveError::malformed(text, "empty move"));
    }
    let mut result = Vec::new();
    let mut separator: Option<bool> = None;
    let mut rest = trimmed;
    loop {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(ParseMoveError::malformed(
                text,
                "expected a square number such as 32-28 or 28x19",
            ));
        }
        let number: u32 = rest[..digits]
            .parse()
            .map_err(|_| ParseMoveError::malformed(text, "square number too long"))?;
        if number == 0 || number > u32::from(squares) {
            return Err(ParseMoveError::malformed(
                text,
                format!("square {number} is not on the {size}x{size} board (1-{squares})"),
            ));
        }
        result.push(number as Square);
        rest = &rest[digits..];
        let Some(c) = rest.chars().next() else { break };
        let capture = match c {
            '-' => false,
            'x' | 'X' => true,
            _ => {
                return Err(ParseMoveError::malformed(
                    text,
                    format!("unexpected {c:?}: squares are separated by - or x"),
                ))
            }
        };
        if separator.is_some_and(|s| s != capture) {
            return Err(ParseMoveError::malformed(text, "mixed - and x"));
        }
        separator = Some(capture);
        rest = &rest[1..];
    }
    let Some(capture) = separator else {
        return Err(ParseMoveError::malformed(
            text,
            "a move names at least two squares",
        ));
    };
    if !capture && result.len() != 2 {
        return Err(ParseMoveError::malformed(
            text,
            "a move without capture names exactly two squares",
        ));
    }
    if result.len() > movegen::MAX_CHAIN + 1 {
        return Err(ParseMoveError::malformed(text, "chain too long"));
    }
    Ok((result, capture))
}

fn parse_fen<G: Geometry>(text: &str, eight: bool) -> Result<Position, ParsePositionError> {
    let err = |offset: usize, reason: String| ParsePositionError::new(offset, reason);
    let size = if eight { 8 } else { 10 };
    let base = text.len() - text.trim_start().len();
    let body = text.trim();
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
            Some(b'W') => 0,
            Some(b'B') => 1,
            _ => return Err(err(offset, "a piece list starts with W or B".into())),
        };
        if pieces[color].is_some() {
            return Err(err(offset, "the same colour is listed twice".into()));
        }
        pieces[color] = Some(parse_list::<G>(&field[1..], offset + 1, size)?);
    }
    let (white, white_dames) = pieces[0].unwrap_or_default();
    let (black, black_dames) = pieces[1].unwrap_or_default();
    if white & black != 0 {
        let bit = (white & black).trailing_zeros() as usize;
        return Err(err(
            base,
            format!(
                "square {} holds a white and a black piece",
                G::square_of_bit()[bit]
            ),
        ));
    }
    // A man on its far rank would have been promoted when it got there.
    if let Some(bit) = first_bit(white & !white_dames & G::WHITE_FAR) {
        return Err(err(
            base,
            format!(
                "a white man on square {} (Black's back rank) would have become a dame",
                G::square_of_bit()[bit]
            ),
        ));
    }
    if let Some(bit) = first_bit(black & !black_dames & G::BLACK_FAR) {
        return Err(err(
            base,
            format!(
                "a black man on square {} (White's back rank) would have become a dame",
                G::square_of_bit()[bit]
            ),
        ));
    }
    Ok(Position::from_parts(
        eight,
        white,
        black,
        white_dames | black_dames,
        side,
    ))
}

fn first_bit(x: u64) -> Option<usize> {
    (x != 0).then(|| x.trailing_zeros() as usize)
}

/// Reads `K3,29,31-35` into (pieces, dames).
fn parse_list<G: Geometry>(
    list: &str,
    base: usize,
    size: u32,
) -> Result<(u64, u64), ParsePositionError> {
    let mut pieces = 0u64;
    let mut dames = 0u64;
    if list.is_empty() {
        return Ok((0, 0));
    }
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
            return Err(ParsePositionError::new(
                body_offset,
                format!("the range {first}-{last} runs backwards"),
            ));
        }
        for s in first..=last {
            let bit = 1u64 << G::bit_of_square()[s as usize];
            if pieces & bit != 0 {
                return Err(ParsePositionError::new(
                    offset,
                    format!("square {s} is listed twice"),
                ));
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
) -> Result<Square, ParsePositionError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParsePositionError::new(
            offset,
            format!("expected a square number, found {text:?}"),
        ));
    }
    match text.parse::<u32>() {
        Ok(s) if (1..=u32::from(G::SQUARES)).contains(&s) => Ok(s as Square),
        _ => Err(ParsePositionError::new(
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
    /// [`Game::parse_position`](game_core::Game::parse_position) with `Some(8)`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Position::parse_fen(text, false)
    }
}

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
                if let Some((c, piece)) = self.piece_at(s) {
                    if c == color {
                        if !first {
                            f.write_str(",")?;
                        }
                        first = false;
                        if piece == crate::Piece::Dame {
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

/// The serde form of a position: its board size and its PDN FEN string.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct PositionRepr {
    size: u32,
    position: String,
}

#[cfg(feature = "serde")]
impl From<Position> for PositionRepr {
    fn from(pos: Position) -> Self {
        PositionRepr {
            size: pos.size(),
            position: pos.to_string(),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<PositionRepr> for Position {
    type Error = ParsePositionError;
    fn try_from(repr: PositionRepr) -> Result<Self, Self::Error> {
        <Position as game_core::Game>::parse_position(&repr.position, Some(repr.size))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Game, ParseMoveError, Position};

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
        let pos = Position::parse_position(text, Some(8)).unwrap();
        assert_eq!(pos.size(), 8);
        assert_eq!(pos.to_string(), text);
    }

    #[test]
    fn bad_position_text_is_a_typed_error() {
        for (text, size) in [
            ("", None),
            ("X:W1:B2", None),
            ("W:W31:B51", None),
            ("W:W31:B33", Some(8)),
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
            ("W:W40:B1", Some(12)),
        ] {
            assert!(
                Position::parse_position(text, size).is_err(),
                "{text:?} size {size:?} was accepted"
            );
        }
        let err = Position::parse_position("W:W31:B33", Some(8)).unwrap_err();
        assert!(err.reason.contains("not on the 8x8 board"), "{err}");
        assert_eq!(err.offset, 7);
    }

    #[test]
    fn empty_lists_are_allowed() {
        let pos: Position = "B:WK4:B".parse().unwrap();
        assert_eq!(pos.to_string(), "B:WK4:B");
        assert!(pos.outcome().is_some());
    }

    #[test]
    fn bad_move_text_is_a_typed_error() {
        let pos = Position::start();
        assert!(matches!(
            pos.parse_move("51-46"),
            Err(ParseMoveError::Malformed { .. })
        ));
        assert!(matches!(
            pos.parse_move("32-22"),
            Err(ParseMoveError::Illegal { .. })
        ));
        assert!(matches!(
            pos.parse_move("32x27"),
            Err(ParseMoveError::Illegal { .. })
        ));
        assert!(matches!(
            pos.parse_move("32-27-22"),
            Err(ParseMoveError::Malformed { .. })
        ));
        assert!(matches!(
            pos.parse_move("32-27x22"),
            Err(ParseMoveError::Malformed { .. })
        ));
        assert!(pos.parse_move("32-27").is_ok());
        assert!(pos.parse_move(" 32-27 ").is_ok());
        let small = Position::start_8x8();
        assert!(matches!(
            small.parse_move("33-29"),
            Err(ParseMoveError::Malformed { .. })
        ));
    }

    #[test]
    fn a_capture_written_with_a_dash_is_refused_with_a_reason() {
        let pos: Position = "W:W32,33:B29".parse().unwrap();
        match pos.parse_move("33-24") {
            Err(ParseMoveError::Illegal { reason, .. }) => assert!(reason.contains('x')),
            other => panic!("{other:?}"),
        }
    }
}
