//! # kvarn3
//!
//! Kvarn med tre pjäser — three men's morris with diagonals — as a rules engine on the
//! [`game_core::Game`] trait, with a perfect-play [`Solver`].
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
//! The [`Solver`] computes the value of every legal position by retrograde analysis: 5 390
//! positions, every one of them reachable from the start (the crate's tests check these
//! numbers against the solver). The start is a **win for White in 9 plies**: White must place
//! the first stone on the centre `b2`, the only first move that keeps the win; a first stone
//! on a corner (`a1`, `c1`, `a3`, `c3`) only draws, and one on an edge midpoint (`b1`, `a2`,
//! `c2`, `b3`) loses in 8 plies. After `b2` every reply of Black loses equally fast, and
//! White's mill comes with White's second step, at ply 9. Of the 5 390 positions, 2 997 are
//! won for the side to move, 1 185 lost and 1 208 drawn; no decided position lasts more than
//! 10 plies.
//!
//! ## The API in brief
//! - [`Position`] implements [`Game`] (legal moves, checked and unchecked play, outcome, hash
//!   key, text both ways, [`Game::why_illegal`]: why a move is refused, in words) and adds
//!   [`Position::stones`] and [`Position::empty`] (as a [`PointSet`]), [`Position::piece_at`],
//!   [`Position::piece_count`], [`Position::in_hand`], [`Position::phase`],
//!   [`Position::has_mill`], [`Position::from_stones`], [`Game::diagram`] (the board for
//!   people), and [`Position::random_playout`], a specialised playout loop that plays the same
//!   games as [`game_core::random_playout`] without a move list.
//! - [`Move`] is `Place(point)` or `Step { from, to }`; [`Point`] names `a1` … `c3`. Move
//!   text is read in either letter case (`B2`, `A1-B2`) and printed in lower case.
//! - For a page or a server: [`Tally`] (no running score, since a mill decides, and the stones
//!   each player still has to place), [`Describe`] (the picture, and the texts: title,
//!   summary, the [`rules`] page, how to move by clicks) and [`Gestures`] (the clicks of each
//!   move).
//! - [`Solver`] ([`Solver::new`], or [`Solver::shared`] computed once): [`Solver::value`],
//!   [`Solver::best_moves`], [`Solver::move_values`], as a [`Value`] (`Win(plies)`,
//!   `Loss(plies)`, `Draw`) for the side to move.
//!
//! ## Default player
//! [`default_engine`] is the [`SolverEngine`]: perfect play from the solver's table, the
//! quickest win, else a draw, else the longest defence, a seeded random choice among equally
//! good moves. The game is small enough to be solved completely (5 390 positions, computed
//! once in milliseconds), so no search can do better; it never loses, and it wins every game
//! the opponent's mistakes allow. The generic MCTS plays Kvarn3 too ([`mcts_engine`], with the
//! specialised playout [`Kvarn3Rollout`] capped at [`ROLLOUT_PLY_CAP`] plies), for comparison
//! and benchmarks.
//!
//! ## Example
//! ```
//! use kvarn3::{Color, EndReason, Game, GameRecord, Outcome, Position, Reason, Solver, Value};
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
//!     Some(Outcome::Winner { player: Color::White, reason: Reason::Rule(EndReason::Mill) })
//! );
//!
//! // The solver knows the start.
//! let solver = Solver::shared();
//! assert_eq!(solver.value(&Position::start()), Value::Win(9));
//! # Ok::<(), kvarn3::game_core::RecordError<Position>>(())
//! ```
//!
//! ## Features
//!
//! `no_std` + `alloc`: the crate needs an allocator and no operating system. The `std`
//! feature (on by default) adds [`Solver::shared`], one solver table for the whole program
//! (kept in a `std::sync::OnceLock`; without `std`, [`SolverEngine::new`] computes its own
//! table and [`SolverEngine::with_solver`] shares one), and turns on game-core's `std` (the
//! clock of the searches, `Limits::time`). `serde` works with or without `std`.

#![cfg_attr(not(feature = "std"), no_std)]
// On docs.rs (`--cfg docsrs`, nightly), every feature-gated item is marked with its feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

/// The rules of Kvarn med tre pjäser as this crate implements them, with every decision taken where the
/// original text is silent: the crate's `RULES.md`, shown here so that it travels with the
/// package.
#[doc = include_str!("../RULES.md")]
// The page is prose: brackets there are lists such as `[1, 1]`, not links to items.
#[allow(rustdoc::broken_intra_doc_links)]
pub mod rules {}

mod alphabeta_eval;
mod board;
mod eval;
pub mod learning;
mod movegen;
mod notation;
mod outcome;
mod position;
mod present;
mod solver;
mod svg;
mod two_ply;
mod zobrist;

pub use alphabeta_eval::{alphabeta_engine, WinsOnly};
pub use board::{Point, PointSet, Points, ADJACENT, LINES};
pub use eval::{default_engine, mcts_engine, Kvarn3Rollout, SolverEngine, ROLLOUT_PLY_CAP};
pub use game_core::{
    self, BoardSize, DrawRules, Game, GameRecord, IllegalMoveError, Outcome, ParseMoveError,
    ParsePointError, ParsePositionError, RecordError, Rng, SizeError,
};
pub use game_core::{Actions, Observe, Symmetries};
pub use game_core::{Describe, Gesture, Gestures, HandEntry, Scoreboard, Tally};
pub use game_core::{MoveBuffer, MoveList};
pub use game_core::{OutcomeOf, PlayerResult, Reason};
pub use outcome::EndReason;
pub use position::{Color, Move, Phase, Piece, Position, STONES_PER_PLAYER};
pub use solver::{Solver, Value};
pub use svg::SvgOptions;

impl Game for Position {
    type Move = Move;
    type Player = Color;
    type Reason = EndReason;
    const NAME: &'static str = "kvarn3";
    const PLAYERS: &'static [Color] = &[Color::White, Color::Black];
    /// Threefold repetition draws (this project's rule; the seed has none); no ply cap.
    const DRAW_RULES: DrawRules = DrawRules::THREEFOLD;

    fn start() -> Self {
        Position::start()
    }

    fn start_with_size(size: BoardSize) -> Result<Self, SizeError> {
        Position::start_with_size(size)
    }

    #[inline]
    fn to_move(&self) -> Color {
        self.to_move
    }

    #[inline]
    fn legal_moves_into<B: MoveBuffer<Move>>(&self, moves: &mut B) {
        self.generate_moves(moves);
    }

    #[inline]
    fn count_legal_moves(&self, _scratch: &mut Vec<Move>) -> usize {
        self.move_count()
    }

    /// In the movement phase a table lookup (see the `two_ply` module); the generic count in
    /// the placement phase.
    #[inline]
    fn count_two_plies(&self, moves: &mut Vec<Move>, scratch: &mut Vec<Move>) -> u64 {
        match self.movement_two_plies() {
            Some(count) => count,
            None => game_core::count_two_plies_by_moves(self, moves, scratch),
        }
    }

    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_move(mv)
    }

    fn why_illegal(&self, mv: Move) -> Option<String> {
        self.illegal_reason(mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    /// A mill of the player who just moved (`mill_wins_at_once`), else, in the movement phase,
    /// no legal move for the side to move (`no_legal_move_loses`).
    fn outcome(&self) -> Option<OutcomeOf<Self>> {
        let last = self.to_move.other();
        if self.has_mill(last) {
            Some(Outcome::Winner {
                player: last,
                reason: Reason::Rule(EndReason::Mill),
            })
        } else if self.is_blocked() {
            Some(Outcome::Winner {
                player: last,
                reason: Reason::Rule(EndReason::NoLegalMove),
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

    /// The board with its links, rank 3 on top (see the crate docs).
    fn diagram(&self) -> String {
        self.board_diagram()
    }

    /// The phase: stones still to place, or stones moving.
    fn details(&self) -> Vec<String> {
        vec![self.phase_text()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        text.parse().expect("a valid position")
    }

    fn play(position: &mut Position, texts: &[&str]) {
        for text in texts {
            let mv = position.parse_move(text).expect(text);
            position.play(mv).expect(text);
        }
    }

    /// A mill wins at once in the placement phase: the game ends before all six stones are
    /// placed.
    #[test]
    fn mill_wins_at_once_in_placement() {
        let mut position = pos("W.B/.W./B.. w");
        play(&mut position, &["c1"]);
        assert_eq!(
            position.piece_count(Color::White) + position.piece_count(Color::Black),
            5
        );
        assert_eq!(
            position.outcome(),
            Some(Outcome::Winner {
                player: Color::White,
                reason: Reason::Rule(EndReason::Mill)
            })
        );
        assert!(position.legal_moves().is_empty());
        // Black's mill with its third stone.
        let mut position = pos("W.W/BB./W.. b");
        play(&mut position, &["c2"]);
        assert_eq!(
            position.outcome().and_then(|o| o.winner()),
            Some(Color::Black)
        );
    }

    /// A mill wins at once in the movement phase, on a row or a long diagonal, and a position
    /// where the player not to move has a mill is over.
    #[test]
    fn mill_wins_at_once_in_movement() {
        let white_mill = Some(Outcome::Winner {
            player: Color::White,
            reason: Reason::Rule(EndReason::Mill),
        });
        let mut row = pos(".BB/B.W/WW. w");
        assert_eq!(row.outcome(), None);
        play(&mut row, &["c2-c1"]);
        assert_eq!(row.outcome(), white_mill);
        assert!(row.legal_moves().is_empty());
        let mut diagonal = pos(".BW/B.B/WW. w");
        play(&mut diagonal, &["b1-b2"]);
        assert_eq!(diagonal.outcome(), white_mill);
        let other_diagonal = pos("W.B/.WB/..W b");
        assert_eq!(other_diagonal.outcome(), white_mill);
    }

    /// "A player who has no legal move on their turn loses"; on this board that only happens
    /// when the opponent already has a mill, so the outcome names the mill.
    #[test]
    fn no_legal_move_loses_only_after_a_mill() {
        let mut blocked = 0;
        for (position, _) in Solver::shared().positions() {
            if position.is_blocked() {
                blocked += 1;
                assert!(position.mill_wins_at_once(), "{position}");
                assert_eq!(
                    position.outcome().map(|o| o.reason()),
                    Some(Reason::Rule(EndReason::Mill))
                );
            }
            if position.mill_wins_at_once() {
                let winner = position.outcome().and_then(|o| o.winner());
                assert_eq!(winner, Some(position.side_to_move().other()));
            }
        }
        // For example White b1 c1 c2 around Black's diagonal a1 b2 c3: White is stuck.
        let stuck = pos("..B/.BW/BWW w");
        assert!(stuck.is_blocked());
        assert!(blocked > 0);
    }

    /// The repetition draw is the game record's: the third occurrence of the same position
    /// (board and side to move) draws; a record set up from a position string counts from
    /// there.
    #[test]
    fn threefold_repetition_draws_through_the_record() {
        let mut record = GameRecord::new(pos("WB./BBW/.W. w"));
        let cycle = ["b1-a1", "b3-c3", "a1-b1", "c3-b3"];
        for text in cycle.iter().chain(&cycle[..3]) {
            record.play_text(text).expect(text);
            assert_eq!(record.outcome(), None);
        }
        record
            .play_text(cycle[3])
            .expect("the last move of the cycle");
        assert_eq!(record.repetition_count(), 3);
        assert_eq!(
            record.outcome(),
            Some(Outcome::Draw {
                reason: Reason::Repetition
            })
        );
        // The position alone does not know.
        assert_eq!(record.current().outcome(), None);
    }

    /// A caller may cap the number of plies; reaching the cap draws. The default has no cap.
    #[test]
    fn ply_cap_draws_through_the_record() {
        let rules = DrawRules::NONE.with_move_cap(Some(7));
        let mut record = GameRecord::with_rules(Position::start(), rules);
        for text in ["b2", "a1", "c2", "a2", "a3", "c1"] {
            record.play_text(text).expect(text);
        }
        assert_eq!(record.outcome(), None);
        record.play_text("b2-b3").expect("a step");
        assert_eq!(
            record.outcome(),
            Some(Outcome::Draw {
                reason: Reason::MoveCap
            })
        );
        assert_eq!(DrawRules::default().move_cap, None);
    }

    #[test]
    fn colours_and_outcomes_read_as_words() {
        assert_eq!(Color::White.to_string(), "white");
        assert_eq!(Color::Black.to_string(), "black");
        let done = pos("WWW/BB./... b");
        assert_eq!(
            done.outcome().map(|o| o.to_string()).as_deref(),
            Some("winner white (mill)")
        );
    }

    #[test]
    fn checked_play_refuses_with_the_reason() {
        let mut position = pos("W.B/.W./B.. w");
        let before = position;
        let err = position
            .play(Move::Place(Point::CENTRE))
            .expect_err("b2 is taken");
        assert_eq!(
            (err.mv.as_str(), err.reason.as_str()),
            ("b2", "b2 is not empty")
        );
        assert_eq!(err.to_string(), "illegal move b2: b2 is not empty");
        assert_eq!(position, before);
    }

    #[test]
    fn hash_is_incremental_and_matches_a_fresh_one() {
        let mut position = Position::start();
        for text in ["b2", "a1", "c2", "a2", "a3", "c1", "b2-b3", "a1-b1"] {
            play(&mut position, &[text]);
            assert_eq!(position.hash_key(), position.fresh_hash_key());
            assert_eq!(pos(&position.to_string()).hash_key(), position.hash_key());
        }
        // The side to move is part of the key.
        assert_ne!(
            pos("WB./BBW/.W. w").hash_key(),
            pos("WB./BBW/.W. b").hash_key()
        );
    }
}

/// The README's examples, compiled and run as doctests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
