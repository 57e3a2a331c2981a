//! Text both ways: the PDN FEN position string and the move notation (`32-28`, `28x19`,
//! `28x17x8`).

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use game_core::{ParseMoveError, ParsePositionError};

use crate::board::{Eight, Geometry, Square, SquareNumber, Ten};
#[cfg(feature = "serde")]
use crate::board::{NE, NW, SE, SW};
use crate::movegen;
use crate::position::{Color, Kind, Move, Piece, Position};

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
    pub(crate) fn capture_routes(&self) -> Vec<(Move, movegen::Route)> {
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
        self.move_chain_numbers(mv)
            .map(|route| route.into_iter().map(Square::from_number).collect())
    }

    /// [`Position::move_chain`] as square numbers.
    pub(crate) fn move_chain_numbers(&self, mv: Move) -> Option<Vec<SquareNumber>> {
        if !game_core::Game::is_legal(self, mv) {
            return None;
        }
        if !mv.is_capture() {
            return Some(vec![mv.from().number(), mv.to().number()]);
        }
        self.capture_routes()
            .into_iter()
            .filter(|(m, _)| *m == mv)
            .map(|(_, route)| route)
            .min()
            .map(|route| route.to_vec())
    }

    /// The board drawn for people: one line per rank from Black's side down (so the first
    /// rank, White's, is at the bottom), `w`/`b` for men, `W`/`B` for dames, `.` for an empty
    /// dark square; beside it the same board with the number of every dark square, the
    /// numbers the notation uses (`32-28`).
    ///
    /// ```
    /// use swedish_draughts::{BoardSize, Game, Position};
    /// let diagram = Position::start_with_size(BoardSize::Side(8))?.diagram();
    /// let mut lines = diagram.lines();
    /// assert_eq!(lines.next(), Some("   b   b   b   b       1   2   3   4"));
    /// assert_eq!(lines.next(), Some(" b   b   b   b       5   6   7   8"));
    /// assert_eq!(lines.last(), Some(" w   w   w   w      29  30  31  32"));
    /// # Ok::<(), swedish_draughts::SizeError>(())
    /// ```
    ///
    /// [`Game::diagram`](crate::Game::diagram) of Swedish Draughts.
    pub(crate) fn board_diagram(&self) -> String {
        let n = self.size();
        let half = n / 2;
        let mut out = String::new();
        for row in 0..n {
            let mut legend = String::new();
            for file in 0..n {
                let dark = (row + file) % 2 == 1;
                if dark {
                    let square = (row * half + file / 2 + 1) as SquareNumber;
                    let c = match self.piece_on(square).map(|p| (p.color, p.kind)) {
                        Some((Color::White, Kind::Man)) => 'w',
                        Some((Color::White, Kind::Dame)) => 'W',
                        Some((Color::Black, Kind::Man)) => 'b',
                        Some((Color::Black, Kind::Dame)) => 'B',
                        None => '.',
                    };
                    out.push(' ');
                    out.push(c);
                    legend.push_str(&format!("{square:>2}"));
                } else {
                    out.push_str("  ");
                    legend.push_str("  ");
                }
            }
            out.push_str("    ");
            out.push_str(legend.trim_end());
            if row + 1 < n {
                out.push('\n');
            }
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
                .find(|m| !m.is_capture() && m.from().number() == from && m.to().number() == to)
            {
                return Ok(mv);
            }
            let reason = if moves.iter().any(|m| m.is_capture()) {
                if moves
                    .iter()
                    .any(|m| m.from().number() == from && m.to().number() == to)
                {
                    "it is a capture: write it with x".to_owned()
                } else {
                    "capturing is compulsory".to_owned()
                }
            } else {
                self.quiet_move_refusal(from, to)
            };
            return Err(ParseMoveError::illegal(text, reason));
        }
        let (first, last) = (squares[0], squares[squares.len() - 1]);
        // A capture from a square without a piece of the side to move: say that first.
        if let Some(reason) = self.start_square_refusal(first) {
            return Err(ParseMoveError::illegal(text, reason));
        }
        let routes = self.capture_routes();
        if routes.is_empty() {
            return Err(ParseMoveError::illegal(text, "there is no capture"));
        }
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
                let mut chains: Vec<Vec<SquareNumber>> = candidates
                    .iter()
                    .filter_map(|&mv| self.move_chain_numbers(mv))
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

impl Position {
    /// Why a move without capture from `from` to `to` is not legal here (none is a capture):
    /// the game is over, no piece of the side to move stands there, or that piece cannot go
    /// there.
    fn quiet_move_refusal(&self, from: SquareNumber, to: SquareNumber) -> String {
        if game_core::Game::legal_moves(self).is_empty() {
            return "the game is over: the side to move has no legal move".to_owned();
        }
        if let Some(reason) = self.start_square_refusal(from) {
            return reason;
        }
        match Square::new(from).and_then(|square| self.piece_at(square)) {
            Some(Piece {
                kind: Kind::Dame, ..
            }) => format!(
                "the dame on {from} cannot go to {to}: a dame moves along a diagonal over empty \
                 squares"
            ),
            // A man (start_square_refusal has answered for an empty square).
            _ => format!(
                "the man on {from} cannot step to {to}: a man steps forward diagonally to an \
                 empty square"
            ),
        }
    }

    /// Why no move of the side to move can start on `from`: the square is empty (every move
    /// starts on one of the mover's pieces) or holds the opponent's piece; `None` when a piece
    /// of the side to move stands there.
    fn start_square_refusal(&self, from: SquareNumber) -> Option<String> {
        match Square::new(from).and_then(|square| self.piece_at(square)) {
            None => Some(format!(
                "square {from} is empty: a move starts on a square with a {} piece",
                self.side
            )),
            Some(Piece { color, .. }) if color != self.side => Some(format!(
                "the piece on {from} is {color}'s, and {} is to move",
                self.side
            )),
            Some(_) => None,
        }
    }

    /// Why `mv` (a value of [`Move`], perhaps of another position) is not legal here, or
    /// `None` when it is: the reason of checked play.
    pub(crate) fn illegal_reason(&self, mv: Move) -> Option<String> {
        let moves = game_core::Game::legal_moves(self);
        if moves.contains(&mv) {
            return None;
        }
        let size = self.size();
        if mv.eight != self.eight {
            let other = if mv.eight { 8 } else { 10 };
            return Some(format!(
                "a move of the {other}x{other} board, not of {size}x{size}"
            ));
        }
        if moves.is_empty() {
            return Some("the game is over: the side to move has no legal move".to_owned());
        }
        let captures = moves.iter().any(Move::is_capture);
        Some(match (mv.is_capture(), captures) {
            (false, true) => "capturing is compulsory".to_owned(),
            (true, false) => "there is no capture".to_owned(),
            (true, true) => {
                "no legal capture takes those pieces: a capture takes the largest number of \
                 pieces it can"
                    .to_owned()
            }
            (false, false) => self.quiet_move_refusal(mv.from().number(), mv.to().number()),
        })
    }
}

fn chain_text(route: &[SquareNumber]) -> String {
    let parts: Vec<String> = route.iter().map(|s| s.to_string()).collect();
    parts.join("x")
}

/// Whether `needle` appears in `hay` in order (not necessarily adjacent).
fn is_subsequence(needle: &[SquareNumber], hay: &[SquareNumber]) -> bool {
    let mut it = hay.iter();
    needle.iter().all(|n| it.any(|h| h == n))
}

/// Splits move text into its squares and whether it is written as a capture.
fn tokenize(
    text: &str,
    squares: u8,
    size: u32,
) -> Result<(Vec<SquareNumber>, bool), ParseMoveError> {
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
        result.push(number as SquareNumber);
        rest = &rest[digits..];
        let Some(c) = rest.chars().next() else { break };
        let capture = match c {
            '-' => false,
            'x' => true,
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

/// The serde form of a position: its board size and its PDN FEN string.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionRepr {
    size: game_core::BoardSize,
    position: String,
}

#[cfg(feature = "serde")]
impl From<Position> for PositionRepr {
    fn from(pos: Position) -> Self {
        PositionRepr {
            size: game_core::BoardSize::Side(pos.size()),
            position: pos.to_string(),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<PositionRepr> for Position {
    type Error = ParsePositionError;
    fn try_from(repr: PositionRepr) -> Result<Self, Self::Error> {
        if repr.position.trim() != repr.position {
            return Err(ParsePositionError::malformed(
                0,
                "stored text has no whitespace around it",
            ));
        }
        <Position as game_core::Game>::parse_position(&repr.position, Some(repr.size))
    }
}

/// The serde form of a move: its board size, start and end square, and captured squares in
/// increasing order.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveRepr {
    size: game_core::BoardSize,
    from: SquareNumber,
    to: SquareNumber,
    captured: Vec<SquareNumber>,
}

#[cfg(feature = "serde")]
impl From<Move> for MoveRepr {
    fn from(mv: Move) -> Self {
        MoveRepr {
            size: game_core::BoardSize::Side(if mv.eight { 8 } else { 10 }),
            from: mv.from().number(),
            to: mv.to().number(),
            captured: mv.captured_squares().map(Square::number).collect(),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<MoveRepr> for Move {
    type Error = ParseMoveError;
    fn try_from(repr: MoveRepr) -> Result<Self, Self::Error> {
        match repr.size {
            game_core::BoardSize::Side(10) => move_from_repr::<Ten>(&repr, false),
            game_core::BoardSize::Side(8) => move_from_repr::<Eight>(&repr, true),
            other => Err(repr.error(format!(
                "swedish-draughts has boards of size 10 and 8, not {other}"
            ))),
        }
    }
}

#[cfg(feature = "serde")]
impl MoveRepr {
    fn error(&self, reason: String) -> ParseMoveError {
        let captured: Vec<String> = self.captured.iter().map(|s| s.to_string()).collect();
        let text = format!(
            "{}{}{} {{{}}}",
            self.from,
            if self.captured.is_empty() { '-' } else { 'x' },
            self.to,
            captured.join(",")
        );
        ParseMoveError::malformed(&text, reason)
    }
}

/// Checks a stored move against the geometry of its board: only moves that some position of
/// that board can have are built, so `play_unchecked` and the notation see board bits only.
#[cfg(feature = "serde")]
fn move_from_repr<G: Geometry>(repr: &MoveRepr, eight: bool) -> Result<Move, ParseMoveError> {
    let size = if eight { 8 } else { 10 };
    let bit = |square: SquareNumber| -> Result<u8, ParseMoveError> {
        if (1..=G::SQUARES).contains(&square) {
            Ok(G::bit_of_square()[square as usize])
        } else {
            Err(repr.error(format!(
                "square {square} is not on the {size}x{size} board (1-{})",
                G::SQUARES
            )))
        }
    };
    let from = bit(repr.from)?;
    let to = bit(repr.to)?;
    let mut captured = 0u64;
    for &square in &repr.captured {
        let b = 1u64 << bit(square)?;
        if captured & b != 0 {
            return Err(repr.error(format!("square {square} is captured twice")));
        }
        if square == repr.from || square == repr.to {
            return Err(repr.error(format!(
                "square {square} is captured and also the start or end of the move"
            )));
        }
        captured |= b;
    }
    if captured.count_ones() > G::MEN {
        return Err(repr.error(format!(
            "a move captures at most {} pieces on {size}x{size}",
            G::MEN
        )));
    }
    if captured == 0 {
        // A move without capture goes along one diagonal (a man's step is its shortest case).
        let rays = G::rays();
        let diagonal = [NW, NE, SW, SE]
            .iter()
            .any(|&dir| rays[dir][from as usize] & (1 << to) != 0);
        if !diagonal {
            return Err(
                repr.error("a move without capture goes along a diagonal to another square".into())
            );
        }
    }
    Ok(Move {
        captured,
        from,
        to,
        eight,
    })
}

#[cfg(test)]
mod tests {
    use crate::{BoardSize, Game, ParseMoveError, Position};

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

    /// The rules page refuses a side with more pieces than it starts with; the issue's string
    /// (25 black men) used to overflow the capture search.
    #[test]
    fn more_pieces_than_the_start_are_refused() {
        let issue =
            "W:WK16:B3,7,9,12,14,15,17,21,22,23,24,26,28,30,31,32,33,34,35,37,39,41,42,43,44";
        let err = Position::parse_position(issue, None).unwrap_err();
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
        let small = Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board");
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

    #[test]
    fn move_text_is_case_sensitive_and_trimmed() {
        let pos: Position = "W:W32,33:B28".parse().unwrap();
        assert_eq!(pos.parse_move("\t33x22 "), pos.parse_move("33x22"));
        assert!(pos.parse_move("33x22").is_ok());
        assert!(matches!(
            pos.parse_move("33X22"),
            Err(ParseMoveError::Malformed { .. })
        ));
    }

    #[test]
    fn every_illegal_move_gets_a_reason_in_words() {
        let start = Position::start();
        let reason = |pos: &Position, text: &str| match pos.parse_move(text) {
            Err(ParseMoveError::Illegal { reason, .. }) => reason,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            reason(&start, "25-30"),
            "square 25 is empty: a move starts on a square with a white piece"
        );
        // A capture written from an empty square, while a capture is on elsewhere: the empty
        // square is the reason, not the chain.
        let capture_on: Position = "W:W32,33:B28".parse().unwrap();
        assert_eq!(
            reason(&capture_on, "30x19"),
            "square 30 is empty: a move starts on a square with a white piece"
        );
        assert!(reason(&capture_on, "28x37").contains("black's"));
        assert!(
            reason(&start, "19-23").contains("black's"),
            "{}",
            reason(&start, "19-23")
        );
        assert!(reason(&start, "32-22").contains("the man on 32 cannot step to 22"));
        let dame: Position = "W:WK46:B1".parse().unwrap();
        assert!(reason(&dame, "46-40").contains("the dame on 46 cannot go to 40"));
        // Checked play names the move by its text and says why.
        let mut pos: Position = "W:W32,33:B28".parse().unwrap();
        let quiet = pos.legal_moves().len();
        assert_eq!(quiet, 2, "two captures of 28");
        let err = pos.play(start.parse_move("32-27").unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "illegal move 32-27: capturing is compulsory"
        );
        let small = Position::start_with_size(crate::BoardSize::Side(8)).expect("8x8");
        let err = pos.play(small.legal_moves()[0]).unwrap_err();
        assert!(err.reason.contains("8x8 board"), "{err}");
        let over: Position = "B:WK4:B".parse().unwrap();
        let mut copy = over;
        let err = copy.play(start.legal_moves()[0]).unwrap_err();
        assert!(err.reason.contains("game is over"), "{err}");
    }
}
