//! The serde forms of positions and moves: what a stored record holds, checked on the way in
//! as strictly as text is.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use game_core::{ParseMoveError, ParsePositionError};

use crate::board::{Eight, Geometry, Square, SquareNumber, Ten, NE, NW, SE, SW};
use crate::position::{Move, Position};

/// The serde form of a position: its board size and its PDN FEN string.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionRepr {
    size: game_core::BoardSize,
    position: String,
}

impl From<Position> for PositionRepr {
    fn from(pos: Position) -> Self {
        PositionRepr {
            size: game_core::BoardSize::Side(pos.size()),
            position: pos.to_string(),
        }
    }
}

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
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveRepr {
    size: game_core::BoardSize,
    from: SquareNumber,
    to: SquareNumber,
    captured: Vec<SquareNumber>,
}

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
