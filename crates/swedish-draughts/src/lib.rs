//! # swedish-draughts
//!
//! A rules engine for Swedish Draughts (Mats Winther, 2017) on the 10x10 board (20 men each)
//! and the 8x8 board ("Swedish Checkers", 12 men each): bitboard move generation with the full
//! capture rules, PDN notation both ways, perft, on the [`game_core::Game`] trait.
//!
//! The rules in brief (the whole set, with every decision taken: the [`rules`] module):
//! men step diagonally forward; dames fly along diagonals. Capturing is compulsory and the
//! sequence that captures the most pieces must be chosen. The first jump of a sequence is
//! diagonal (forward for a man); later jumps may also be *orthogonal* — two files sideways or
//! two ranks forward for a man, any orthogonal direction for a dame ("deferred capture
//! freedom"). A man never captures backwards. A dame flies to its victim and may land anywhere
//! behind it, but its last jump must halt directly behind the last captured piece. Captured
//! pieces stay on the board, blocking, until the move is over. A man is promoted only when it
//! ends its move on the far rank. A player with no piece or no legal move loses.
//!
//! ```
//! use swedish_draughts::{BoardSize, Game, Position};
//!
//! let mut pos = Position::start(); // 10x10, White to move
//! assert_eq!(pos.legal_moves().len(), 9);
//! let mv = pos.parse_move("32-28")?;
//! pos.play(mv)?;
//! assert_eq!(pos.to_string(), "B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");
//!
//! // The 8x8 board: same type, the size is a property of the position.
//! let small = Position::start_with_size(BoardSize::Side(8))?;
//! assert_eq!(small.legal_moves().len(), 7);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Board sizes and text
//!
//! The position string is the PDN FEN (`W:W31,…,50:B1,…,20`, dames prefixed with `K`,
//! ranges such as `31-50` accepted on input). It does not say which board it is on:
//! `str::parse` reads a 10x10 position and [`Game::parse_position`] with `Some(BoardSize::Side(8))` an 8x8 one.
//! Move text is read and written through the position ([`Game::parse_move`],
//! [`Game::move_text`]): `32-28`, `28x19`, and the full chain (`33x22x13`) only when two
//! legal captures share start and end square; a short text that fits several captures is
//! refused with [`ParseMoveError::Ambiguous`] listing their chains. The capture's `x` is read
//! in either case (`28X19`).
//!
//! For a page or a server, [`Tally`] gives the pieces each side has left (men and kings
//! alike); [`Describe`] the picture and the texts for people (title, summary, the [`rules`]
//! page, how to move by clicks); [`Gestures`] the clicks of each move.
//!
//! Internally both boards use a padded bitboard (the squares of each pair of ranks followed
//! by one unused bit), so that every diagonal and orthogonal step is a constant shift; the
//! generator is monomorphised per board size and colour, and [`Position::perft`] is a
//! dedicated perft with bulk counting at the last ply.
//!
//! ## A deferred orthogonal capture
//!
//! White's man on 33 (f4) faces the black man on 23 (f6) straight ahead, two ranks up the
//! file, but it may not start with an orthogonal jump: the first jump of a man is diagonally
//! forward. It jumps 28 (e5) to 22 (d6); from there, later in the sequence, it may capture
//! orthogonally: sideways over 23 to 24 (h6), then forward along the file over 14 (h8) to
//! 4 (h10). Three pieces; the man ends its move on the far rank, so it becomes a dame.
//!
//! ```
//! use swedish_draughts::{Color, Game, Kind, Piece, Position, Square};
//!
//! let pos: Position = "W:W33:B28,23,14".parse()?;
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 1);
//! assert_eq!(pos.move_text(moves[0]), "33x4");
//! let chain: Vec<u8> = pos.move_chain(moves[0]).unwrap_or_default().iter().map(|s| s.number()).collect();
//! assert_eq!(chain, [33, 22, 24, 4]);
//! // An immediate orthogonal capture of 23 (landing on 13) is no move.
//! assert!(pos.parse_move("33x13").is_err());
//! let mut after = pos;
//! after.play(moves[0])?;
//! assert_eq!(after.to_string(), "B:WK4:B");
//! let four: Square = "4".parse()?;
//! assert_eq!(after.piece_at(four), Some(Piece::new(Color::White, Kind::Dame)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Draws
//!
//! A position cannot see draws that need the game's history; a [`GameRecord`] decides them.
//! This project's draw rules (threefold repetition, 50 plies without a capture or a man's move)
//! are [`DRAW_RULES`], which is also `Position`'s [`Game::DRAW_RULES`]: [`GameRecord::new`]
//! applies both. To switch one off, build a record with other rules through
//! [`GameRecord::with_rules`], from a copy of `DRAW_RULES` with that field `None`:
//!
//! ```
//! use swedish_draughts::{GameRecord, Position, DRAW_RULES};
//!
//! // `GameRecord::new` applies the game's own rules, `DRAW_RULES`.
//! let record = GameRecord::new(Position::start());
//! assert_eq!(record.rules(), DRAW_RULES);
//! assert_eq!(record.rules().no_progress_plies, Some(50));
//! let no_fifty = DRAW_RULES.with_no_progress_plies(None);
//! let _record = GameRecord::with_rules(Position::start(), no_fifty);
//! ```

//!
//! ## Default player
//!
//! [`default_engine`] is alpha-beta search (`game_core::search::AlphaBeta`) with
//! [`DraughtsEval`]: material (a dame is worth three men: it flies along whole diagonals),
//! advancement of the men, a guard on the back rank while the opponent can still promote,
//! mobility (free one-step moves) and a small tempo bonus for the player to move. Draughts
//! suits alpha-beta: the branching is small (about 9 moves in the opening, often a single
//! forced capture), so the search reaches 8–10 plies in a fraction of a second, and since
//! captures are compulsory there is no quiescence explosion — a single forced reply is simply
//! searched one ply deeper. The search treats a repeated position as a draw and counts the
//! 50-ply rule along its lines, so it neither walks into a repetition when ahead nor misses
//! one when behind.
//!
//! ```
//! use swedish_draughts::{default_engine, GameRecord, Position};
//! use swedish_draughts::game_core::Limits;
//!
//! let mut engine = default_engine(0);
//! let mut record = GameRecord::new(Position::start());
//! let mv = engine.choose_move(&record, &Limits::depth(4)).expect("a move");
//! record.play(mv)?;
//! # Ok::<(), swedish_draughts::game_core::RecordError<Position>>(())
//! ```
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

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// The rules of Swedish Draughts as this crate implements them, with every decision taken where the
/// original text is silent: the crate's `RULES.md`, shown here so that it travels with the
/// package.
#[doc = include_str!("../RULES.md")]
// The page is prose: brackets there are lists such as `[1, 1]`, not links to items.
#[allow(rustdoc::broken_intra_doc_links)]
pub mod rules {}

mod board;
mod eval;
mod fen;
pub mod learning;
mod movegen;
mod notation;
mod outcome;
mod perft;
mod position;
mod present;
#[cfg(feature = "serde")]
mod serde_forms;
mod svg;
mod zobrist;

pub use board::{Square, SquareSet, Squares};
pub use eval::{
    alphabeta_engine, alphabeta_with, default_config, default_engine, mcts_engine, DraughtsEval,
    Weights, DEFAULT_MAX_DEPTH, ROLLOUT_PLY_CAP,
};
pub use game_core::{
    self, BoardSize, DrawRules, Game, GameRecord, IllegalMoveError, Outcome, ParseMoveError,
    ParsePointError, ParsePositionError, RecordError, Rng, SizeError,
};
pub use game_core::{Actions, Observe, Symmetries};
pub use game_core::{Describe, Gesture, Gestures, HandEntry, Scoreboard, Tally};
pub use game_core::{MoveBuffer, MoveList};
pub use game_core::{OutcomeOf, PlayerResult, Reason};
pub use outcome::EndReason;
pub use position::{Color, Kind, Move, Piece, Position};
pub use svg::SvgOptions;

use board::{Eight, Ten};

/// This project's history draws for Swedish Draughts: threefold repetition and 50 consecutive
/// plies without a capture or a man's move. A constant cannot be changed: to play with a rule
/// switched off, build a record with other rules through [`GameRecord::with_rules`], from a
/// copy of these with that field `None` (`DRAW_RULES.with_no_progress_plies(None)`).
pub const DRAW_RULES: DrawRules = DrawRules::new(Some(3), Some(50), None);

impl Position {
    /// Whether `mv` has the shape of a move of this board (its bits are on it).
    fn fits(&self, mv: Move) -> bool {
        let board = if self.eight {
            <Eight as board::Geometry>::BOARD
        } else {
            <Ten as board::Geometry>::BOARD
        };
        mv.eight == self.eight
            && mv.from < 64
            && mv.to < 64
            && board & (1 << mv.from) != 0
            && board & (1 << mv.to) != 0
    }
}

impl Game for Position {
    type Move = Move;
    type Player = Color;
    type Reason = EndReason;
    const NAME: &'static str = "swedish-draughts";
    const PLAYERS: &'static [Color] = &[Color::White, Color::Black];
    const BOARD_SIZES: &'static [BoardSize] = &[BoardSize::Side(10), BoardSize::Side(8)];
    /// Threefold repetition and the 50-ply rule ([`DRAW_RULES`]), so that
    /// [`GameRecord::new`] and every tool built on it apply both.
    const DRAW_RULES: DrawRules = DRAW_RULES;

    fn start() -> Self {
        Position::start()
    }

    fn start_with_size(size: BoardSize) -> Result<Self, SizeError> {
        Position::start_with_size(size)
    }

    fn board_size(&self) -> Option<BoardSize> {
        Some(BoardSize::Side(self.size()))
    }

    fn parse_position(text: &str, size: Option<BoardSize>) -> Result<Self, ParsePositionError> {
        match size {
            None | Some(BoardSize::Side(10)) => Position::parse_fen(text, false),
            Some(BoardSize::Side(8)) => Position::parse_fen(text, true),
            Some(other) => Err(ParsePositionError::with_kind(
                game_core::ParsePositionErrorKind::SizeMismatch,
                0,
                format!("swedish-draughts has boards of size 10 and 8, not {other}"),
            )),
        }
    }

    fn to_move(&self) -> Color {
        self.side
    }

    fn legal_moves_into<B: MoveBuffer<Move>>(&self, moves: &mut B) {
        if self.eight {
            movegen::legal_moves::<Eight>(self, moves);
        } else {
            movegen::legal_moves::<Ten>(self, moves);
        }
    }

    fn count_legal_moves(&self, scratch: &mut Vec<Move>) -> usize {
        if self.eight {
            movegen::count_moves::<Eight>(self, scratch)
        } else {
            movegen::count_moves::<Ten>(self, scratch)
        }
    }

    /// The moves made without the hash key, which the count never reads.
    fn count_two_plies(&self, moves: &mut Vec<Move>, scratch: &mut Vec<Move>) -> u64 {
        if self.eight {
            movegen::count_two_plies::<Eight>(self, moves, scratch)
        } else {
            movegen::count_two_plies::<Ten>(self, moves, scratch)
        }
    }

    fn is_legal(&self, mv: Move) -> bool {
        if !self.fits(mv) {
            false
        } else if !mv.is_capture() {
            if self.eight {
                movegen::is_legal_quiet::<Eight>(self, mv)
            } else {
                movegen::is_legal_quiet::<Ten>(self, mv)
            }
        } else {
            self.legal_moves().contains(&mv)
        }
    }

    fn why_illegal(&self, mv: Move) -> Option<String> {
        self.illegal_reason(mv)
    }

    /// Plays `mv` without the legality check. A move that cannot be played here at all — of
    /// the other board, from a square without a piece of the side to move, or onto an
    /// occupied square — leaves the position unchanged, and only the opponent's pieces are
    /// removed: so even illegal moves never give a side more pieces, or pieces off the board,
    /// which the move generator's buffers rely on (see `movegen::MAX_CHAIN`).
    ///
    /// The guard costs a few bit tests, not a check of the move's shape: every `Move` value
    /// has its squares on the board its size flag names, because the only ways to make one
    /// are the generator, the notation reader (which returns a generated move) and serde
    /// (which checks the squares against the board, `notation::move_from_repr`). So a move of
    /// this board size names board squares, and only the pieces on them are left to check
    /// (`Position::play_if_carried`).
    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        match (self.eight, mv.eight) {
            (true, true) => self.play_if_carried::<Eight>(mv),
            (false, false) => self.play_if_carried::<Ten>(mv),
            // A move of the other board: nothing to carry out.
            _ => {}
        }
    }

    fn outcome(&self) -> Option<OutcomeOf<Self>> {
        let winner = self.side.other();
        if self.piece_bits(self.side) == 0 {
            return Some(Outcome::Winner {
                player: winner,
                reason: Reason::Rule(EndReason::NoPiecesLeft),
            });
        }
        let has_moves = if self.eight {
            movegen::has_moves::<Eight>(self)
        } else {
            movegen::has_moves::<Ten>(self)
        };
        if has_moves {
            None
        } else {
            Some(Outcome::Winner {
                player: winner,
                reason: Reason::Rule(EndReason::NoLegalMove),
            })
        }
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
        self.write_move(mv)
    }

    /// One line per rank from Black's side down: `w`/`b` men, `W`/`B` dames, `.` empty dark
    /// squares, and beside the board the number of every dark square (the notation's).
    fn diagram(&self) -> String {
        self.board_diagram()
    }

    /// A capture, or any move of a man: the moves that reset the 50-ply count.
    fn is_progress_move(&self, mv: Move) -> bool {
        mv.is_capture() || (mv.from < 64 && self.dames & (1 << mv.from) == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(
            Position::start_with_size(BoardSize::Side(10)).unwrap(),
            Position::start()
        );
        assert_eq!(
            Position::start_with_size(BoardSize::Side(8))
                .unwrap()
                .board_size(),
            Some(BoardSize::Side(8))
        );
        assert!(Position::start_with_size(BoardSize::Side(12)).is_err());
        assert_ne!(
            Position::start_with_size(BoardSize::Side(8))
                .expect("an 8x8 board")
                .hash_key(),
            Position::parse_position("W:W21-32:B1-12", Some(BoardSize::Side(10)))
                .unwrap()
                .hash_key()
        );
    }

    #[test]
    fn no_pieces_or_no_moves_loses() {
        let pos: Position = "W:W31:B".parse().unwrap();
        assert_eq!(pos.outcome(), None);
        let pos: Position = "B:W31:B".parse().unwrap();
        assert_eq!(pos.outcome().and_then(|o| o.winner()), Some(Color::White));
        // White's man on 46 is blocked by 41, and 37 behind it is taken.
        let pos: Position = "W:W46:B37,41".parse().unwrap();
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Winner {
                player: Color::Black,
                reason: Reason::Rule(EndReason::NoLegalMove)
            })
        );
    }

    #[test]
    fn progress_moves_are_captures_and_man_moves() {
        let pos: Position = "W:W33,K50:B1,28".parse().unwrap();
        let capture = pos.parse_move("33x22").unwrap();
        assert!(pos.is_progress_move(capture));
        let pos: Position = "W:W33,K50:B1".parse().unwrap();
        assert!(pos.is_progress_move(pos.parse_move("33-28").unwrap()));
        assert!(!pos.is_progress_move(pos.parse_move("50-45").unwrap()));
    }

    /// Dame moves from `start` that never capture, never let the opponent capture and never
    /// repeat a position: the plies of a game that only the 50-ply rule can end.
    /// No dame ends a move on a square of `keep_free`.
    fn quiet_dame_plies(start: Position, plies: usize, keep_free: &[Square]) -> Vec<String> {
        /// Depth-first, backtracking where no such move is left.
        fn extend(
            pos: Position,
            seen: &mut Vec<u64>,
            texts: &mut Vec<String>,
            left: usize,
            keep_free: &[Square],
        ) -> bool {
            if left == 0 {
                return true;
            }
            for mv in pos.legal_moves() {
                let mut next = pos;
                next.play_unchecked(mv);
                if pos.is_progress_move(mv)
                    || keep_free.contains(&mv.to())
                    || seen.contains(&next.hash_key())
                    || next.legal_moves().iter().any(|m| m.is_capture())
                {
                    continue;
                }
                seen.push(next.hash_key());
                texts.push(pos.move_text(mv));
                if extend(next, seen, texts, left - 1, keep_free) {
                    return true;
                }
                texts.pop();
            }
            false
        }
        let mut texts = Vec::new();
        let found = extend(
            start,
            &mut vec![start.hash_key()],
            &mut texts,
            plies,
            keep_free,
        );
        assert!(found, "no {plies} quiet dame plies from {start:?}");
        texts
    }

    #[test]
    fn the_game_plays_with_both_draw_rules() {
        assert_eq!(<Position as Game>::DRAW_RULES, DRAW_RULES);
        assert_eq!(GameRecord::new(Position::start()).rules(), DRAW_RULES);
        assert_eq!(
            GameRecord::new(Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board"))
                .rules(),
            DRAW_RULES
        );
    }

    #[test]
    fn fifty_ply_rule_through_game_record_new() {
        // 50 plies (25 moves each) without a capture or a man's move draw; 49 do not.
        for (start, size) in [("W:WK46,K50:BK1,K5", 10), ("W:WK29,K32:BK1,K4", 8)] {
            let start = Position::parse_position(start, Some(BoardSize::Side(size))).unwrap();
            let plies = quiet_dame_plies(start, 50, &[]);
            let mut record = GameRecord::new(start);
            for text in &plies[..49] {
                record.play_text(text).unwrap();
                assert_eq!(record.outcome(), None, "after {}", record.moves().len());
            }
            record.play_text(&plies[49]).unwrap();
            assert_eq!(
                record.outcome(),
                Some(Outcome::Draw {
                    reason: Reason::NoProgress
                })
            );
            assert!(record.play_text(&plies[0]).is_err(), "the game is over");
        }
    }

    #[test]
    fn a_man_move_or_a_capture_restarts_the_count() {
        let start: Position = "W:WK48,36:BK3,15".parse().unwrap();
        let mut record = GameRecord::new(start);
        let dames = quiet_dame_plies(start, 40, &[Square::from_number(31).expect("a square")]);
        for text in &dames {
            record.play_text(text).unwrap();
        }
        // A man's move by White (36 steps forward), then Black's and White's dames again:
        // 40 + 1 + 49 plies, never 50 in a row without progress.
        let pos = *record.current();
        let man_move = pos
            .legal_moves()
            .into_iter()
            .find(|&m| pos.piece_at(m.from()) == Some(Piece::new(Color::White, Kind::Man)))
            .expect("the man on 36 can step");
        record.play(man_move).unwrap();
        let pos = *record.current();
        for text in quiet_dame_plies(pos, 49, &[]) {
            record.play_text(&text).unwrap();
        }
        assert_eq!(record.outcome(), None);
        let pos = *record.current();
        record.play_text(&quiet_dame_plies(pos, 1, &[])[0]).unwrap();
        assert_eq!(
            record.outcome().map(|o| o.reason()),
            Some(Reason::NoProgress)
        );
    }

    #[test]
    fn threefold_repetition_through_game_record_new() {
        // Two dames each shuttling: the start position is back after 4 and 8 plies.
        let start: Position = "W:WK50:BK1".parse().unwrap();
        let mut record = GameRecord::new(start);
        for text in ["50-45", "1-6", "45-50", "6-1"].iter().cycle().take(8) {
            assert_eq!(record.outcome(), None);
            record.play_text(text).unwrap();
        }
        assert_eq!(
            record.outcome().map(|o| o.reason()),
            Some(Reason::Repetition)
        );
        // Each rule can be switched off.
        let no_repetition = DRAW_RULES.with_repetitions(None);
        let mut record = GameRecord::with_rules(start, no_repetition);
        for text in ["50-45", "1-6", "45-50", "6-1"].iter().cycle().take(49) {
            record.play_text(text).unwrap();
        }
        assert_eq!(record.outcome(), None);
    }

    #[test]
    fn moves_of_the_other_board_are_refused() {
        let big = Position::start();
        let small = Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board");
        for mv in small.legal_moves() {
            assert!(!big.is_legal(mv));
        }
    }

    #[test]
    fn play_unchecked_leaves_the_position_unchanged_when_a_move_cannot_be_carried_out() {
        let ten = Position::start();
        let eight = Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board");
        let unchanged = |pos: Position, moves: MoveList<Move>| {
            assert!(!moves.is_empty());
            for mv in moves {
                let mut after = pos;
                after.play_unchecked(mv);
                assert_eq!(after, pos, "{mv:?} on {pos}");
            }
        };
        // Moves of the other board.
        unchanged(ten, eight.legal_moves());
        unchanged(eight, ten.legal_moves());
        // Moves from squares without a piece of the side to move: Black's, with White to move.
        let mut black_to_move = ten;
        black_to_move.play_unchecked(ten.parse_move("32-28").expect("a legal move"));
        unchanged(ten, black_to_move.legal_moves());
        // Moves onto occupied squares: 32-27 and 32-28 with White men on 27 and 28.
        let lone: Position = "W:W32:B1".parse().expect("valid");
        let blocked: Position = "W:W27,28,32:B1".parse().expect("valid");
        unchanged(blocked, lone.legal_moves());
    }

    #[test]
    fn foreign_moves_never_panic() {
        let pos = Position::start();
        let junk = Move {
            captured: u64::MAX,
            from: 200,
            to: 77,
            eight: false,
        };
        assert!(!pos.is_legal(junk));
        let mut copy = pos;
        assert!(copy.play(junk).is_err());
        assert_eq!(copy, pos);
        assert_eq!(junk.from().number(), 0);
        assert!(!format!("{junk:?}").is_empty());
        assert!(pos.move_chain(junk).is_none());
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_round_trip() {
        let pos = Position::parse_position("B:W15,19,22:B1,K21", Some(BoardSize::Side(8))).unwrap();
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(json, r#"{"size":"8","position":"B:W15,19,22:B1,K21"}"#);
        let back: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(back, pos);
        assert!(serde_json::from_str::<Position>(r#"{"size":"8","position":"W:W40:B1"}"#).is_err());
        let mv = back.legal_moves()[0];
        let mv_back: Move = serde_json::from_str(&serde_json::to_string(&mv).unwrap()).unwrap();
        assert_eq!(mv_back, mv);
        assert_eq!(serde_json::to_string(&Color::White).unwrap(), r#""white""#);
        let mut record = GameRecord::new(Position::start());
        record.play_text("32-28").unwrap();
        let json = serde_json::to_string(&record).unwrap();
        let back: GameRecord<Position> = serde_json::from_str(&json).unwrap();
        assert_eq!(back.current(), record.current());
    }
}

/// The README's examples, compiled and run as doctests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
