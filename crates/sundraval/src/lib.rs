//! # sundraval
//!
//! A rules engine for **Sundraval**, a hex territory game for two players: build the group of
//! stones with the most separate territories. Boards of 3 to 11 points a side (9 by default),
//! the two-stone pie opening, placement legality by bitboard flood fill, the two-pass ending,
//! and the complete scoring (dead groups removed weakest first, then revived when they lie
//! inside a territory of their own colour; territory counts, the original winner rule with both
//! tie-breaks, and the later triangular rule as an option).
//!
//! The rules as played are in the [`rules`] module.
//!
//! - Points use the Havannah convention: columns `a, b, …`, rows `1, 2, …`; the point in column
//!   `c` and row `r` exists when `|c − r| ≤ n − 1`.
//! - Moves: a point (`e5`), `pass`, the opening `e5+f7` (black point, then white point), and
//!   the second player's answer `keep` (it plays White) or `swap` (it plays Black).
//! - Outcomes and the side to move are by [`Seat`]; each seat's colour is part of the
//!   position ([`Position::color_of`], [`Game::color_name`]).
//! - The position string has four fields: the rows from 1 to 2n−1 (`B`, `W`, `.`, or a number
//!   for a run of empty points), the turn (`b`, `w`, `setup`, `choose`), the first seat's
//!   colour (`B` until a `swap`), and the consecutive passes (`0`, `1`, `2`). The start on 5
//!   a side is `5/6/7/8/9/8/7/6/5 setup B 0`.
//! - The scoring rule is chosen per call ([`Position::outcome_with`], [`Score::decide`]); it is
//!   not part of the position. [`Game::outcome`] uses the original rule.
//! - Move text is read in either letter case (`E5+F7`, `PASS`) and printed in lower case.
//! - For a page or a server: [`Tally`] shows for each seat the territories of its best living
//!   group (the first number the original rule compares, see its implementation's docs),
//!   [`Describe`] the picture and the texts for people (title, summary, the [`rules`] page,
//!   how to move by clicks), [`Gestures`] the clicks of each move.
//!
//! ```
//! use sundraval::{BoardSize, Color, Game, Move, Position, ScoringRule, Seat, Turn};
//!
//! let mut pos = Position::start_with_size(BoardSize::Side(3))?;
//! assert_eq!(pos.legal_moves().len(), 19 * 18); // every ordered pair of points
//! for text in ["b2+d4", "keep", "b1", "pass", "pass"] {
//!     let mv = pos.parse_move(text)?;
//!     pos.play(mv)?;
//! }
//! assert_eq!(pos.turn(), Turn::Play(Color::White));
//! assert!(pos.is_over());
//! let score = pos.score_breakdown();
//! for group in &score.groups {
//!     println!("{} group of {} stones, alive: {}", group.color, group.size(), group.alive);
//! }
//! let outcome = pos.outcome().expect("two passes end the game");
//! println!("{outcome}, the first seat plays {}", pos.color_name(Seat::First));
//! assert_eq!(pos.outcome_with(ScoringRule::Triangular).is_some(), true);
//! assert_eq!(pos.parse_move("e5").is_err(), true);
//! # let _ = Move::Pass;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Default player
//! [`default_engine`] is the generic MCTS of `game_core` with [`SundravalRollout`]: fast
//! playouts in which each player places on random *contested* points (empty points whose
//! region touches both colours) and passes when none is left, so every playout ends after at
//! most about one ply per point, with every region settled as a territory; the end is valued
//! by the score breakdown under the original rule. Territory games are hard to evaluate
//! statically (a group's value depends on which groups die, weakest first), and rollouts that
//! end in a scored position measure exactly what the winner rule counts, which is why MCTS
//! and not alpha-beta plays this game. The tree itself tries every legal move, passes and
//! invasions included.
//!
//! Strength on the small boards, at 1 000 iterations a move against uniformly random play,
//! 100 seeded games a size with the seats alternating: 100 wins of 100 on 3, 4 and 5 points a
//! side (release build; the time a move takes is in the project's `docs/measurements.md`):
//! `cargo test --release -p sundraval --test all strength:: -- --ignored --nocapture`.
//!
//! ## Features
//!
//! `no_std` + `alloc`: the crate needs an allocator and no operating system. The `std`
//! feature (on by default) turns on game-core's `std` (the clock of the searches,
//! `Limits::time`); nothing in this crate itself needs the operating system. `serde` works
//! with or without `std`.

#![cfg_attr(not(feature = "std"), no_std)]
// On docs.rs (`--cfg docsrs`, nightly), every feature-gated item is marked with its feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

use alloc::borrow::ToOwned;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// The rules of Sundraval as this crate implements them, with every decision taken where the
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
mod score;
mod svg;
mod zobrist;

pub use alphabeta_eval::{alphabeta_engine, AsIfEnded};
pub use board::{board, point_count, Point, PointSet, Points, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
pub use eval::{default_engine, mcts_engine, SundravalRollout};
pub use game_core::{
    self, BoardSize, DrawRules, Game, GameRecord, IllegalMoveError, Outcome, ParseMoveError,
    ParsePointError, ParsePositionError, RecordError, Rng, SizeError,
};
pub use game_core::{Actions, Observe, Symmetries};
pub use game_core::{Describe, Gesture, Gestures, HandEntry, Scoreboard, Tally};
pub use game_core::{MoveBuffer, MoveList};
pub use game_core::{OutcomeOf, PlayerResult, Reason};
pub use outcome::EndReason;
pub use position::{Color, Move, Piece, Position, Seat, Turn};
pub use score::{compare_padded, Group, Region, Score, ScoringRule, TerritoryLists};
pub use svg::SvgOptions;

impl Position {
    /// How the game ended under `rule`, or `None` while it goes on (fewer than two passes).
    pub fn outcome_with(&self, rule: ScoringRule) -> Option<OutcomeOf<Self>> {
        if !self.is_over() {
            return None;
        }
        let (winner, reason) = self.score_breakdown().decide(rule);
        Some(match winner {
            Some(color) => Outcome::Winner {
                player: self.seat_of(color),
                reason: Reason::Rule(reason),
            },
            None => Outcome::Draw {
                reason: Reason::Rule(reason),
            },
        })
    }
}

impl game_core::PlayerIndex for Seat {
    /// The seat's place in the order of play: the first seat 0, the second 1.
    #[inline]
    fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }
}

impl Game for Position {
    type Move = Move;
    type Player = Seat;
    type Reason = EndReason;
    const NAME: &'static str = "sundraval";
    const PLAYERS: &'static [Seat] = &[Seat::First, Seat::Second];
    const BOARD_SIZES: &'static [BoardSize] = &[
        BoardSize::Side(9),
        BoardSize::Side(3),
        BoardSize::Side(4),
        BoardSize::Side(5),
        BoardSize::Side(6),
        BoardSize::Side(7),
        BoardSize::Side(8),
        BoardSize::Side(10),
        BoardSize::Side(11),
    ];
    /// No position can repeat (stones are never removed during play, and the passes are part
    /// of the position), so no history draw applies.
    const DRAW_RULES: DrawRules = DrawRules::NONE;

    fn start() -> Self {
        Position::start()
    }

    /// The start on a board of `Side(n)`: `n` points a side, 3 to 11. A rectangle is no
    /// Sundraval board.
    fn start_with_size(size: BoardSize) -> Result<Self, SizeError> {
        Position::start_with_size(size)
    }

    fn board_size(&self) -> Option<BoardSize> {
        Some(BoardSize::Side(self.side()))
    }

    fn to_move(&self) -> Seat {
        self.side_to_move()
    }

    fn legal_moves_into<B: MoveBuffer<Move>>(&self, moves: &mut B) {
        self.generate(moves);
    }

    fn count_legal_moves(&self, _scratch: &mut Vec<Move>) -> usize {
        self.count_moves()
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check_legal(mv)
    }

    fn why_illegal(&self, mv: Move) -> Option<String> {
        self.illegal_reason(mv).map(String::from)
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn outcome(&self) -> Option<OutcomeOf<Self>> {
        self.outcome_with(ScoringRule::Original)
    }

    fn color_name(&self, seat: Seat) -> String {
        self.color_of(seat).name().to_owned()
    }

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

    /// The hexagon row by row, row 1 at the bottom, `B`/`W` stones, `.` empty points, rows
    /// numbered and columns lettered where they start.
    fn diagram(&self) -> String {
        self.board_diagram()
    }

    /// The score breakdown as if the game ended now (both scoring rules, the scored board).
    fn details(&self) -> Vec<String> {
        self.score_lines()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_positions_are_small_copy_values() {
        fn is_copy<T: Copy>() {}
        is_copy::<Move>();
        is_copy::<Position>();
        assert!(core::mem::size_of::<Move>() <= 6);
        assert!(core::mem::size_of::<Position>() <= 224);
    }

    #[test]
    fn sizes_outside_3_to_11_are_typed_errors() {
        for n in [0, 1, 2, 12, 100, u32::MAX] {
            let err = Position::start_with_size(BoardSize::Side(n)).unwrap_err();
            assert_eq!(err.size, BoardSize::Side(n));
            assert_eq!(err.supported, Position::BOARD_SIZES);
        }
        let rect = BoardSize::Rect {
            width: 9,
            height: 9,
        };
        assert_eq!(Position::start_with_size(rect).unwrap_err().size, rect);
        assert_eq!(Position::BOARD_SIZES[0], BoardSize::Side(DEFAULT_SIZE));
        let mut listed: Vec<BoardSize> = Position::BOARD_SIZES.to_vec();
        listed.sort();
        let every: Vec<BoardSize> = (MIN_SIZE..=MAX_SIZE).map(BoardSize::Side).collect();
        assert_eq!(listed, every);
        for &size in Position::BOARD_SIZES {
            let pos = Position::start_with_size(size).unwrap();
            assert_eq!(pos.board_size(), Some(size));
            let BoardSize::Side(n) = size else {
                unreachable!("listed as a side")
            };
            // The opening is counted, not listed: P·(P−1).
            let p = point_count(n) as usize;
            assert_eq!(pos.count_legal_moves(&mut Vec::new()), p * (p - 1));
        }
    }

    #[test]
    fn the_outcome_names_seats_and_colour_names_follow_the_swap() {
        let pos: Position = "1WB1/WW1BB/4BW/4BW1/3B1W/WW1BB/1WB1 w W 2".parse().unwrap();
        // First seat plays White here: Black's original-rule win is the second seat's.
        assert_eq!(pos.outcome().and_then(|o| o.winner()), Some(Seat::Second));
        assert_eq!(pos.color_name(Seat::Second), "black");
        assert_eq!(Seat::First.to_string(), "first");
    }
}

/// The README's examples, compiled and run as doctests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
