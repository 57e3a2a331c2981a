//! Move text both ways (`32-28`, `28x19`, `28x17x8`: the full chain only where a shorter
//! text would fit two captures), the full chain of a move, and the board diagram.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use game_core::ParseMoveError;

use crate::board::{Eight, Square, SquareNumber, Ten};
use crate::movegen;
use crate::position::{Color, Kind, Move, Position};

impl Position {
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
            .map(|route| route.into_iter().map(Square::from_table).collect())
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

fn chain_text(route: &[SquareNumber]) -> String {
    let parts: Vec<String> = route.iter().map(|s| s.to_string()).collect();
    parts.join("x")
}

/// Whether `needle` appears in `hay` in order (not necessarily adjacent).
fn is_subsequence(needle: &[SquareNumber], hay: &[SquareNumber]) -> bool {
    let mut it = hay.iter();
    needle.iter().all(|n| it.any(|h| h == n))
}

/// Splits move text into its squares and whether it is written as a capture; the capture's
/// `x` is read in either case (`28X19`), as the notation says nothing by case.
fn tokenize(
    text: &str,
    squares: u8,
    size: u32,
) -> Result<(Vec<SquareNumber>, bool), ParseMoveError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ParseMoveError::malformed(text, "empty move"));
    }
    let folded = game_core::notation::fold_case(trimmed);
    let mut result = Vec::new();
    let mut separator: Option<bool> = None;
    let mut rest = &*folded;
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

#[cfg(test)]
mod tests {
    use crate::{BoardSize, Game, ParseMoveError, Position};

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
    fn move_text_is_read_in_either_case_and_trimmed() {
        let pos: Position = "W:W32,33:B28".parse().unwrap();
        assert_eq!(pos.parse_move("\t33x22 "), pos.parse_move("33x22"));
        let capture = pos.parse_move("33x22").expect("legal");
        assert_eq!(pos.parse_move("33X22"), Ok(capture));
        assert_eq!(pos.move_text(capture), "33x22");
        assert!(matches!(
            pos.parse_move("33Y22"),
            Err(ParseMoveError::Malformed { .. })
        ));
    }
}
