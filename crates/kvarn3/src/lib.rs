//! # kvarn3
//!
//! Kvarn med tre pjäser — three men's morris with diagonals — as a rules engine on the
//! [`game_core::Game`] trait, with a perfect-play [solver].
//!
//! ## The game
//! Nine points on a 3×3 square, joined along the rows, the columns and the two long
//! diagonals (so the centre `b2` touches all eight others, and `b1`–`a2` is no link). White and
//! Black have three stones each; White begins. While fewer than six stones are on the board a
//! move places a stone on any empty point (`b2`); then a move takes one of one's stones to an
//! adjacent empty point (`a1-b2`). Three stones of one colour on a row, a column or a long
//! diagonal — a mill — win at once, in either phase. A player without a legal move loses
//! (on this board that happens only after the opponent's mill). Nothing is removed, nothing
//! flies. The threefold repetition draw and an optional ply cap belong to the
//! [`GameRecord`] (`DrawRules::THREEFOLD`, the default), not to the position.
//!
//! Position strings list the ranks from 3 down to 1, `/`-separated, with `W`, `B` and `.`,
//! then a space and the side to move: the start is `.../.../... w`; in `W.B/.W./B.. w` White
//! wins with `c1`. A string is refused when its stone counts cannot arise (more than three
//! stones a colour, or placement counts that do not fit the side to move), when the side to
//! move already has a mill, or when both colours have one. A mill of the side *not* to move is
//! a finished game: accepted, with no legal moves.
//!
//! ## Solved value
//! The [`solver`] computes the value of every legal position by retrograde analysis: 5 390
//! positions, every one of them reachable from the start (the crate's tests check these
//! numbers against the solver). The start is a **win for White in 9 plies**: White must place
//! the first stone on the centre `b2`, the only first move that keeps the win; a first stone
//! on a corner (`a1`, `c1`, `a3`, `c3`) only draws, and one on an edge midpoint (`b1`, `a2`,
//! `c2`, `b3`) loses in 8 plies. After `b2` every reply of Black loses equally fast, and
//! White's mill comes with White's second step, at ply 9. Of the 5 390 positions, 2 997 are
//! won for the side to move, 1 185 lost and 1 208 drawn; no decided position lasts more than
//! 10 plies.
//!
//! ## Example
//! ```
//! use kvarn3::{solver::{Solver, Value}, Color, Game, GameRecord, Outcome, Position};
//!
//! let mut record = GameRecord::new(Position::start());
//! for text in ["b2", "a1", "c3", "a3", "a2", "b1"] {
//!     record.play_text(text)?;
//! }
//! let pos = *record.current();
//! assert_eq!(pos.to_string(), "B.W/WW./BB. w");
//! assert_eq!(pos.legal_moves().len(), 5);
//! // White moves c3-c2 and has the middle row.
//! record.play_text("c3-c2")?;
//! assert_eq!(
//!     record.outcome(),
//!     Some(Outcome::Winner { player: Color::White, reason: "mill" })
//! );
//!
//! // The solver knows the start.
//! let solver = Solver::shared();
//! assert_eq!(solver.value(&Position::start()), Value::Win(9));
//! # Ok::<(), kvarn3::game_core::RecordError>(())
//! ```

#![warn(missing_docs)]

mod board;
mod movegen;
mod notation;
mod position;
pub mod solver;
mod zobrist;

pub use board::{Bitboard, Point, ADJACENT, ALL_POINTS, LINES};
pub use game_core::{self, Game, GameRecord, Outcome, ParseMoveError, ParsePositionError};
pub use notation::parse_move_text;
pub use position::{Color, Move, Phase, Position, STONES_PER_PLAYER};
pub use solver::{Solver, Value};

use game_core::IllegalMoveError;

impl Game for Position {
    type Move = Move;
    type Player = Color;
    const NAME: &'static str = "kvarn3";
    const PLAYERS: &'static [Color] = &[Color::White, Color::Black];

    fn start() -> Self {
        Position::START
    }

    #[inline]
    fn to_move(&self) -> Color {
        self.to_move
    }

    #[inline]
    fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        self.generate_moves(moves);
    }

    #[inline]
    fn count_legal_moves(&self, _scratch: &mut Vec<Move>) -> usize {
        self.move_count()
    }

    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_move(mv)
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        match self.illegal_reason(mv) {
            None => {
                self.apply(mv);
                Ok(())
            }
            Some(reason) => Err(IllegalMoveError::new(format!("{mv} ({reason})"))),
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    /// A mill of the player who just moved (`mill_wins_at_once`), else, in the movement phase,
    /// no legal move for the side to move (`no_legal_move_loses`).
    fn outcome(&self) -> Option<Outcome<Color>> {
        let last = self.to_move.other();
        if self.has_mill(last) {
            Some(Outcome::Winner {
                player: last,
                reason: "mill",
            })
        } else if self.is_blocked() {
            Some(Outcome::Winner {
                player: last,
                reason: "no legal move",
            })
        } else {
            None
        }
    }

    #[inline]
    fn hash_key(&self) -> u64 {
        self.hash
    }

    fn fresh_hash_key(&self) -> u64 {
        self.compute_hash()
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        self.read_move(text)
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }
}
