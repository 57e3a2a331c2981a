//! Move and position text, both ways.
//!
//! Moves: `c3` (own stone placed), `Mc3` (master stone placed), `c3-c6` (slide), `pass`.
//! Positions: `rows side hands movement-moves [win]`, e.g. the start
//! `10/10/10/10/10/10 b 8m/8m/8m 0/0/0`; a won game adds the winner's letter and the rule
//! number (`b2`).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use game_core::{ParseMoveError, ParsePositionError};

use crate::board::{dims_index, Point, MAX_SIDE, MAX_SIDE_USIZE};
use crate::position::{Color, Move, Piece, Position, Win, WinRule, STONES_PER_PLAYER};

impl fmt::Display for Move {
    /// The text of a move (`c3`, `Mc3`, `c3-c6`, `pass`); it does not depend on the position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Place(p) => write!(f, "{p}"),
            Move::PlaceMaster(p) => write!(f, "M{p}"),
            Move::Slide { from, to } => write!(f, "{from}-{to}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// Reads move text without a position (`c3`, `Mc3`, `c3-c6`, `pass`; whitespace around it
/// ignored). Letters are read in either case (`MC3`, `mc3`, `C3-C6`, `PASS`): the notation
/// says nothing by case, and the master's `M` is never a column (the largest board's columns
/// end at `l`). A slide must have a slide's shape ([`Move::slide`]).
///
/// # Errors
/// [`ParseMoveError::Malformed`] when the text is not a move in Svendo notation (a point
/// beyond the largest board, or two points no slide joins, included).
pub(crate) fn parse_move_syntax(text: &str) -> Result<Move, ParseMoveError> {
    let (_, body) = game_core::notation::trimmed(text);
    let body = &*game_core::notation::fold_case(body);
    if body == "pass" {
        return Ok(Move::Pass);
    }
    let bytes = body.as_bytes();
    let malformed = || {
        ParseMoveError::malformed(
            text,
            "expected a point (c3), M and a point (Mc3), from-to (c3-c6) or pass",
        )
    };
    if let Some(rest) = bytes.strip_prefix(b"m") {
        return match Point::parse_prefix(rest) {
            Some((p, len)) if len == rest.len() => Ok(Move::PlaceMaster(p)),
            _ => Err(malformed()),
        };
    }
    let (from, len) = Point::parse_prefix(bytes).ok_or_else(malformed)?;
    if len == bytes.len() {
        return Ok(Move::Place(from));
    }
    let rest = bytes[len..].strip_prefix(b"-").ok_or_else(malformed)?;
    match Point::parse_prefix(rest) {
        Some((to, len)) if len == rest.len() => {
            Move::slide(from, to).map_err(|e| ParseMoveError::malformed(text, e.to_string()))
        }
        _ => Err(malformed()),
    }
}

impl Position {
    /// Reads a move and checks that it is legal here.
    ///
    /// # Errors
    /// [`ParseMoveError::Malformed`] for text that is no move, [`ParseMoveError::Illegal`]
    /// (with the reason) for a move that is not legal here.
    pub(crate) fn parse_legal_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let mv = parse_move_syntax(text)?;
        // The policy: a point off this board is malformed text, not an illegal move.
        let points = match mv {
            Move::Place(p) | Move::PlaceMaster(p) => [Some(p), None],
            Move::Slide { from, to } => [Some(from), Some(to)],
            Move::Pass => [None, None],
        };
        let geo = self.geo();
        let off_board =
            |p: &Point| usize::from(p.col()) >= geo.width || usize::from(p.row()) >= geo.height;
        if let Some(off) = points.into_iter().flatten().find(off_board) {
            return Err(ParseMoveError::malformed(
                text,
                format!(
                    "{off} is not on this board ({} x {})",
                    geo.width, geo.height
                ),
            ));
        }
        game_core::notation::legal_or_refused(text, mv, self.illegal_reason(mv))
    }
}

// The serde forms: every value as its text (see `game_core::serde_text`). A move is `"c3"`,
// `"Mc3"`, `"c3-c6"` or `"pass"` (a slide of no slide's shape is refused), a colour
// `"black"`, a position its position string.
#[cfg(feature = "serde")]
game_core::impl_serde_text!(Move, parse_move_syntax);
#[cfg(feature = "serde")]
game_core::impl_serde_text!(Position);
#[cfg(feature = "serde")]
game_core::impl_serde_text!(Color, |text: &str| game_core::serde_text::parse_name(
    &Color::ALL,
    text
));

/// The last line of Svendo's diagram: what its letters stand for.
const DIAGRAM_KEY: &str =
    "    (B W R: black, white, red stones; M: a green master stone, which every player may move)";

impl Position {
    /// The board drawn for people: rows from the top with their numbers (row 1 at the
    /// bottom), `B` `W` `R` for the players' stones, `M` for master stones, `.` for empty
    /// points, the column letters below, and a last line that says what the letters stand for
    /// (a master stone is nobody's: every player may move it)
    /// ([`Game::diagram`](crate::Game::diagram) of Svendo).
    ///
    /// ```
    /// use svendo::{BoardSize, Game, Position};
    /// let diagram = Position::start_with_size(BoardSize::Rect { width: 8, height: 5 })?.diagram();
    /// let lines: Vec<&str> = diagram.lines().collect();
    /// assert_eq!(lines[0], " 5  . . . . . . . .");
    /// assert_eq!(lines[5], "    a b c d e f g h");
    /// assert!(lines[6].contains("M: a green master stone"));
    /// # Ok::<(), svendo::SizeError>(())
    /// ```
    pub(crate) fn board_diagram(&self) -> String {
        let geo = self.geo();
        let mut out = String::new();
        for row in (0..geo.height).rev() {
            out.push_str(&format!("{:>2} ", row + 1));
            for col in 0..geo.width {
                let point = Point::new(col as u8, row as u8).expect("on the board");
                let c = match self.piece_at(point) {
                    Some(Piece::Stone(Color::Black)) => 'B',
                    Some(Piece::Stone(Color::White)) => 'W',
                    Some(Piece::Stone(Color::Red)) => 'R',
                    Some(Piece::Master) => 'M',
                    None => '.',
                };
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        out.push_str("   ");
        for col in 0..geo.width {
            out.push(' ');
            out.push(char::from(b'a' + col as u8));
        }
        out.push('\n');
        out.push_str(DIAGRAM_KEY);
        out
    }

    /// Lines for people: the phase, hands or movement moves, who threatens to win, which
    /// responsibility rule is in force, and the win with its points
    /// ([`Game::details`](crate::Game::details) of Svendo).
    pub(crate) fn detail_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(win) = self.win {
            let unit = if win.points == 1 { "point" } else { "points" };
            lines.push(format!(
                "{} won, {} ({} {unit})",
                win.winner,
                win.rule.reason(),
                win.points
            ));
            return lines;
        }
        if self.is_placement() {
            let hands: Vec<String> = Color::ALL
                .iter()
                .map(|&c| {
                    let m = if self.master_hand[c.index()] {
                        " + master"
                    } else {
                        ""
                    };
                    format!("{c} {}{m}", self.hand[c.index()])
                })
                .collect();
            lines.push(format!("placement; in hand: {}", hands.join(", ")));
            return lines;
        }
        let counts: Vec<String> = Color::ALL
            .iter()
            .map(|&c| format!("{c} {}", self.movement_moves[c.index()]))
            .collect();
        lines.push(format!("movement; moves made: {}", counts.join(", ")));
        let threats: Vec<String> = Color::ALL
            .iter()
            .filter(|&&c| self.has_winning_move(c))
            .map(|c| c.to_string())
            .collect();
        if !threats.is_empty() {
            lines.push(format!("has a winning move: {}", threats.join(", ")));
        }
        match self.responsibility() {
            crate::Responsibility::Free => {}
            crate::Responsibility::BlockFollower => {
                lines.push(format!(
                    "{} must block {}",
                    self.to_move,
                    self.to_move.next()
                ));
            }
            crate::Responsibility::AnnouncedWin => lines.push(format!(
                "{} cannot be stopped: {} may not give {} a winning move",
                self.to_move.prev(),
                self.to_move,
                self.to_move.next()
            )),
        }
        lines
    }
}

impl fmt::Display for Position {
    /// The position string (four fields, a fifth for a won game).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let geo = self.geo();
        for row in (0..geo.height).rev() {
            let mut run = 0;
            for col in 0..geo.width {
                let bit = 1u64 << (row * geo.width + col);
                let letter = if self.masters & bit != 0 {
                    'M'
                } else if self.own[0] & bit != 0 {
                    'B'
                } else if self.own[1] & bit != 0 {
                    'W'
                } else if self.own[2] & bit != 0 {
                    'R'
                } else {
                    run += 1;
                    continue;
                };
                if run > 0 {
                    write!(f, "{run}")?;
                    run = 0;
                }
                write!(f, "{letter}")?;
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
            if row > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {} ", self.to_move.letter())?;
        for c in 0..3 {
            let sep = if c < 2 { "/" } else { "" };
            let m = if self.master_hand[c] { "m" } else { "" };
            write!(f, "{}{m}{sep}", self.hand[c])?;
        }
        let [b, w, r] = self.movement_moves;
        write!(f, " {b}/{w}/{r}")?;
        if let Some(win) = self.win {
            write!(f, " {}{}", win.winner.letter(), win.rule.number())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}

/// The text is not in the notation (at byte `offset`).
fn err(offset: usize, reason: impl Into<String>) -> ParsePositionError {
    ParsePositionError::malformed(offset, reason)
}

/// The text is a position the rules do not allow or cannot reach (the fault at byte `offset`).
fn illegal(offset: usize, reason: impl Into<String>) -> ParsePositionError {
    ParsePositionError::illegal(offset, reason)
}

/// Reads the board field with game-core's run-length row reader; returns (own stones per
/// player, masters, width, height).
fn parse_rows(field: &str, at: usize) -> Result<([u64; 3], u64, usize, usize), ParsePositionError> {
    let height = field.split('/').count();
    // First collect each row's cells, then place them once the width is known.
    let mut cells: Vec<Vec<(usize, u8)>> = Vec::with_capacity(height.min(MAX_SIDE_USIZE));
    let mut width = None;
    for (offset, row) in game_core::notation::rows(field) {
        let offset = at + offset;
        if cells.len() == MAX_SIDE_USIZE {
            return Err(err(
                offset,
                format!("more than {MAX_SIDE} rows: no board is that large"),
            ));
        }
        let mut line = Vec::new();
        let len =
            game_core::notation::read_row(row, offset, b"BWRM", MAX_SIDE_USIZE, |col, c, _| {
                line.push((col, c));
                Ok(())
            })?;
        match width {
            None => width = Some(len),
            Some(w) if w != len => {
                return Err(err(
                    offset + row.len(),
                    format!("row has {len} points, the first row {w}"),
                ))
            }
            Some(_) => {}
        }
        cells.push(line);
    }
    let width = width.unwrap_or(0);
    if dims_index(width, height).is_none() {
        return Err(err(
            at,
            format!("a {width} x {height} board is not supported (30..=64 points, both sides at least 5)"),
        ));
    }
    let (mut own, mut masters) = ([0u64; 3], 0u64);
    for (r, line) in cells.iter().enumerate() {
        let row = height - 1 - r;
        for &(col, b) in line {
            let bit = 1u64 << (row * width + col);
            match b {
                b'B' => own[0] |= bit,
                b'W' => own[1] |= bit,
                b'R' => own[2] |= bit,
                _ => masters |= bit,
            }
        }
    }
    Ok((own, masters, width, height))
}

/// Reads a `x/y/z` field with `parse_one` for each part.
fn parse_triple<T>(
    field: &str,
    at: usize,
    what: &str,
    mut parse_one: impl FnMut(&str) -> Option<T>,
) -> Result<[T; 3], ParsePositionError> {
    let parts: Vec<&str> = field.split('/').collect();
    if parts.len() != 3 {
        return Err(err(
            at,
            format!("{what}: expected three parts black/white/red"),
        ));
    }
    let mut offset = at;
    let mut out = Vec::with_capacity(3);
    for part in parts {
        out.push(
            parse_one(part).ok_or_else(|| err(offset, format!("{what}: cannot read {part:?}")))?,
        );
        offset += part.len() + 1;
    }
    out.try_into()
        .map_err(|_| err(at, format!("{what}: expected three parts")))
}

fn parse_count(text: &str) -> Option<u32> {
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if text.len() > 1 && text.starts_with('0') {
        return None;
    }
    text.parse().ok()
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position string (see the module docs); whitespace around it is ignored.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        game_core::notation::parse_trimmed(text, parse_position)
    }
}

/// Reads a trimmed position string.
fn parse_position(text: &str) -> Result<Position, ParsePositionError> {
    let mut fields = Vec::new();
    let mut offset = 0;
    for field in text.split(' ') {
        if field.is_empty() {
            return Err(err(
                offset,
                "empty field (fields are separated by single spaces)",
            ));
        }
        fields.push((offset, field));
        offset += field.len() + 1;
    }
    if fields.len() < 4 || fields.len() > 5 {
        return Err(err(
            text.len(),
            "expected four fields (board, side to move, hands, movement moves) and for a won game a fifth",
        ));
    }
    let (own, masters, width, height) = parse_rows(fields[0].1, fields[0].0)?;
    let (at, side) = fields[1];
    let to_move = match side {
        "b" => Color::Black,
        "w" => Color::White,
        "r" => Color::Red,
        _ => return Err(err(at, "the side to move must be b, w or r")),
    };
    let (at, hands) = fields[2];
    let hands = parse_triple(hands, at, "hands", |part| {
        let (count, master) = match part.strip_suffix('m') {
            Some(count) => (count, true),
            None => (part, false),
        };
        let count = parse_count(count)?;
        (count <= STONES_PER_PLAYER).then_some((count as u8, master))
    })?;
    let (at, counts) = fields[3];
    let movement_moves = parse_triple(counts, at, "movement moves", parse_count)?;

    let dims = dims_index(width, height).expect("checked by parse_rows");
    let mut pos = Position {
        own,
        masters,
        hand: hands.map(|h| h.0),
        master_hand: hands.map(|h| h.1),
        to_move,
        movement_moves,
        win: None,
        dims,
        hash: 0,
    };
    for color in Color::ALL {
        let c = color.index();
        let total = pos.own[c].count_ones() + u32::from(pos.hand[c]);
        if total != STONES_PER_PLAYER {
            return Err(illegal(
                0,
                format!("{color} has {total} own stones on the board and in hand, not 8"),
            ));
        }
    }
    let masters_total =
        pos.masters.count_ones() + pos.master_hand.iter().filter(|&&m| m).count() as u32;
    if masters_total != 3 {
        return Err(illegal(
            0,
            format!("{masters_total} master stones on the board and in hand, not 3"),
        ));
    }
    if pos.is_placement() {
        // Placement goes round in the order of play: after k placements, Black, White and
        // Red have placed k/3 each plus one for each of the first k%3 players.
        let placed = Color::ALL
            .map(|c| 9 - u32::from(pos.hand[c.index()]) - u32::from(pos.master_hand[c.index()]));
        let k: u32 = placed.iter().sum();
        let fits = Color::ALL
            .iter()
            .all(|c| placed[c.index()] == k / 3 + u32::from((c.index() as u32) < k % 3));
        if !fits || Color::ALL[(k % 3) as usize] != to_move {
            return Err(illegal(
                fields[2].0,
                "during placement the hands must fit the order of play and the side to move",
            ));
        }
        if movement_moves != [0; 3] {
            return Err(illegal(
                fields[3].0,
                "during placement the movement moves must be 0/0/0",
            ));
        }
    }
    if let Some(&(at, win)) = fields.get(4) {
        let mut chars = win.chars();
        let winner = chars.next().and_then(Color::from_letter);
        let rule = chars
            .next()
            .and_then(|c| c.to_digit(10))
            .and_then(|d| WinRule::from_number(d as u8));
        let (Some(winner), Some(rule), None) = (winner, rule, chars.next()) else {
            return Err(err(
                at,
                "the win field is the winner's letter and the rule number (b2)",
            ));
        };
        if pos.is_placement() {
            return Err(illegal(at, "nothing wins during placement"));
        }
        let mover = to_move.prev();
        let fits = match rule {
            WinRule::ThirdBasePoint | WinRule::OwnCheckPoint => winner == mover,
            WinRule::ForcedOffCheckPoint => winner != mover,
        };
        if !fits || pos.movement_moves[mover.index()] == 0 {
            return Err(illegal(
                at,
                "the win does not fit the side to move: rules 1 and 2 are won by the player who just moved, rule 3 by another",
            ));
        }
        pos.win = Some(Win {
            winner,
            rule,
            points: pos.movement_moves[winner.index()],
        });
    }
    pos.hash = pos.compute_hash();
    Ok(pos)
}

// `String` to and from the text (`From<Position> for String`, `TryFrom<String>`).
game_core::impl_string_conversions!(Position);

/// The start position text on the default board.
#[cfg(test)]
const START: &str = "10/10/10/10/10/10 b 8m/8m/8m 0/0/0";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry;

    #[test]
    fn start_text() {
        let pos: Position = START.parse().unwrap();
        assert_eq!(pos, Position::default());
        assert_eq!(pos.to_string(), START);
        let _ = geometry(pos.dims);
    }

    #[test]
    fn page_placement_example_round_trips() {
        let text = "6R2M/1W8/3W6/4B3R1/2B4W2/B4M4 w 5/5m/6 0/0/0";
        let pos: Position = text.parse().unwrap();
        assert_eq!(pos.to_string(), text);
    }

    #[test]
    fn bad_positions_are_refused() {
        for bad in [
            "",
            "10/10/10/10/10/10 b 8m/8m/8m",
            "10/10/10/10/10/10 x 8m/8m/8m 0/0/0",
            "10/10/10/10/10/10 b 8m/8m/8m 0/0/1",
            "10/10/10/10/10/10 w 8m/8m/8m 0/0/0",
            "10/10/10/10/10/10 b 9m/8m/8m 0/0/0",
            "10/10/10/10 b 8m/8m/8m 0/0/0",
            "4/4/4/4/4/4/4/4 b 8m/8m/8m 0/0/0",
            "B9/10/10/10/10/10 b 8m/8m/8m 0/0/0",
            "10/10/10/10/10/10 b 8m/8m/8m 0/0/0 b1",
            "10/10/10/10/10/10  b 8m/8m/8m 0/0/0",
            "X9/10/10/10/10/10 b 8m/8m/8m 0/0/0",
            "010/10/10/10/10/10 b 8m/8m/8m 0/0/0",
        ] {
            assert!(bad.parse::<Position>().is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn move_syntax() {
        assert_eq!(
            parse_move_syntax("c3-c6").unwrap(),
            Move::Slide {
                from: "c3".parse().unwrap(),
                to: "c6".parse().unwrap()
            }
        );
        assert_eq!(
            parse_move_syntax("Mj6").unwrap(),
            Move::PlaceMaster("j6".parse().unwrap())
        );
        assert_eq!(parse_move_syntax("pass").unwrap(), Move::Pass);
        // Letters in either case.
        for (text, canonical) in [
            ("PASS", "pass"),
            ("Pass", "pass"),
            ("C3", "c3"),
            ("mc3", "Mc3"),
            ("MC3", "Mc3"),
            ("C3-C6", "c3-c6"),
        ] {
            let mv = parse_move_syntax(text).expect(text);
            assert_eq!(mv.to_string(), canonical, "{text}");
        }
        for junk in [
            "", "M", "m", "c3-", "c3c6", "Mc3-c4", "c0", "3c", "pass x", "PASSE", "c3-d5", "c3-c3",
            "m13", "M3", "mm1", "z9",
        ] {
            assert!(
                matches!(
                    parse_move_syntax(junk),
                    Err(ParseMoveError::Malformed { .. })
                ),
                "{junk:?}"
            );
        }
        assert_eq!(parse_move_syntax(" pass\n"), Ok(Move::Pass));
        assert_eq!(parse_move_syntax("\tc3 "), parse_move_syntax("c3"));
    }

    #[test]
    fn errors_have_their_kind_and_point_at_the_fault() {
        use game_core::ParsePositionErrorKind::{Illegal, Malformed};
        for (text, kind, offset) in [
            ("10/10/10/10/10/10 b 8m/8m/8m", Malformed, 28),
            ("10/10/10/10/10/10 x 8m/8m/8m 0/0/0", Malformed, 18),
            ("10/10/10/10/10/10 B 8m/8m/8m 0/0/0", Malformed, 18),
            ("10/10/10/10/10/10 b 9m/8m/8m 0/0/0", Malformed, 20),
            ("10/10/10/10 b 8m/8m/8m 0/0/0", Malformed, 0),
            ("10/10/10/10/10/9 b 8m/8m/8m 0/0/0", Malformed, 16),
            ("10/10/X9/10/10/10 b 8m/8m/8m 0/0/0", Malformed, 6),
            ("10/10/b9/10/10/10 b 8m/8m/8m 0/0/0", Malformed, 6),
            ("010/10/10/10/10/10 b 8m/8m/8m 0/0/0", Malformed, 0),
            ("13/10/10/10/10/10 b 8m/8m/8m 0/0/0", Malformed, 0),
            ("10/10/10/10/10/10  b 8m/8m/8m 0/0/0", Malformed, 18),
            ("  10/10/10/10/10/10 x 8m/8m/8m 0/0/0", Malformed, 20),
            // Well-formed, but not allowed.
            ("10/10/10/10/10/10 w 8m/8m/8m 0/0/0", Illegal, 20),
            ("10/10/10/10/10/10 b 8m/8m/8m 0/0/1", Illegal, 29),
            ("B9/10/10/10/10/10 b 8m/8m/8m 0/0/0", Illegal, 0),
            ("M9/10/10/10/10/10 b 8m/8m/8m 0/0/0", Illegal, 0),
            ("10/10/10/10/10/10 b 8m/8m/8m 0/0/0 b1", Illegal, 35),
        ] {
            let err = text.parse::<Position>().expect_err(text);
            assert_eq!((err.kind, err.offset), (kind, offset), "{text:?}: {err}");
        }
        let pos: Position = " 10/10/10/10/10/10 b 8m/8m/8m 0/0/0\n"
            .parse()
            .expect("trimmed");
        assert_eq!(pos.to_string(), START);
    }

    #[test]
    fn a_point_off_this_board_is_malformed_text() {
        use game_core::Game;
        let pos: Position = START.parse().unwrap();
        for text in ["k1", "Ma7", "a1-a7", "k1-a1"] {
            assert!(
                matches!(pos.parse_move(text), Err(ParseMoveError::Malformed { reason, .. }) if reason.contains("not on this board (10 x 6)")),
                "{text}"
            );
        }
        assert!(pos.parse_move("j6").is_ok());
    }
}
