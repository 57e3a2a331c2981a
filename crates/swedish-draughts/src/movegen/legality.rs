//! Why a move is refused: the reason checked play and the move reader give, in words, for a
//! move that move generation does not produce here.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;

use crate::board::{Square, SquareNumber};
use crate::position::{Kind, Move, Piece, Position};

impl Position {
    /// Why a move without capture from `from` to `to` is not legal here (none is a capture):
    /// the game is over, no piece of the side to move stands there, or that piece cannot go
    /// there.
    pub(crate) fn quiet_move_refusal(&self, from: SquareNumber, to: SquareNumber) -> String {
        if game_core::Game::legal_moves(self).is_empty() {
            return "the game is over: the side to move has no legal move".to_owned();
        }
        if let Some(reason) = self.start_square_refusal(from) {
            return reason;
        }
        match Square::from_number(from).and_then(|square| self.piece_at(square)) {
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
    pub(crate) fn start_square_refusal(&self, from: SquareNumber) -> Option<String> {
        match Square::from_number(from).and_then(|square| self.piece_at(square)) {
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

#[cfg(test)]
mod tests {
    use crate::{Game, ParseMoveError, Position};

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
