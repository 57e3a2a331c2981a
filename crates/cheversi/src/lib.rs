//! # cheversi
//!
//! A rules engine for Cheversi, Andy Lewicki's mix of chess and Othello: each player places
//! eight chess pieces (king, queen, two rooks, two bishops, two knights) on an empty board, one
//! at a time, every piece touching an opposing one; pieces never move. A player scores a point
//! for each (own piece, empty square it attacks) pair, and after the 16 placements the higher
//! score wins. The rules implemented are those of the [`rules`] module.
//!
//! [`Position`] implements [`game_core::Game`]: legal placements into a reusable buffer
//! (bitboards, no allocation), checked and fast play, the [`Outcome`], the running score of both
//! players ([`Game::score`], [`Position::scores`]), Zobrist hashing and text both ways
//! (`Ke4`; `8/8/8/8/8/8/8/8 w -`). Beyond the trait: the legal [`Placements`] in summary, the
//! score piece by piece ([`Position::piece_points`]), and the exact endgame [`solve`]r
//! ([`Solver`]). Each placement rule is a named function inside the crate, with a test that
//! shows the rule. Move text is read in either letter case (`ke4` is `Ke4`).
//!
//! For a page or a server, [`Tally`] gives the running score labelled `points` (the rules'
//! score, the same as [`Game::score`]) and each player's hand by kind, with the letter the
//! placement's [`Gesture`] picks; [`Describe`] the picture and the texts for people (title,
//! summary, the [`rules`] page, how to move by clicks).
//!
//! ```
//! use cheversi::{Color, Game, Outcome, Position};
//!
//! let mut pos = Position::start();
//! assert_eq!(pos.legal_moves().len(), 64); // White's king goes anywhere
//! for text in ["Ke4", "Nd3", "Qe3", "Qe2"] {
//!     let mv = pos.parse_move(text)?;
//!     pos.play(mv)?;
//! }
//! // Black answered the queen call at once; White's king and queen now attack 17 squares,
//! // three of them twice: 20 points.
//! assert_eq!(pos.to_string(), "8/8/8/8/4K3/3nQ3/4q3/8 w e2");
//! assert_eq!(pos.score(Color::White), Some(20));
//! assert_eq!(pos.scores(), [20, 21]);
//!
//! // Play the game out with the first legal placement, then read the outcome.
//! while pos.outcome().is_none() {
//!     let mv = pos.legal_moves()[0];
//!     pos.play(mv)?;
//! }
//! match pos.outcome() {
//!     Some(Outcome::Winner { player, reason }) => println!("{player} wins ({reason})"),
//!     Some(Outcome::Draw { reason }) => println!("draw ({reason})"),
//!     None => unreachable!(),
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The endgame solver gives the exact result of best play from positions near the end:
//!
//! ```
//! use cheversi::{solve, Game, Position, TooFarFromEnd};
//!
//! let mut pos = Position::start();
//! let mut rng = cheversi::game_core::Rng::new(5);
//! while pos.placements_left() > 4 && pos.outcome().is_none() {
//!     let moves = pos.legal_moves();
//!     pos.play_unchecked(*rng.choose(&moves).unwrap());
//! }
//! let solution = solve(&pos)?;
//! println!("White − Black under best play: {}", solution.score_difference);
//! # Ok::<(), TooFarFromEnd>(())
//! ```

//!
//! ## Default player
//!
//! [`default_engine`] is a [`CheversiPlayer`]: alpha-beta search
//! (`game_core::search::AlphaBeta`) on [`RoundScore`] until [`DEFAULT_HANDOVER`] placements
//! are left, then the exact [`Solver`]. [`RoundScore`] is the running score difference
//! ([`RunningScore`]) read at the end of a round after a short greedy continuation: the
//! running score as it stands favours whoever placed last, so a search reading it at
//! alternate depths reports values that swing in sign, and a few greedy placements predict
//! what the later pieces will block. Near the end the branching shrinks (one kind left per
//! side, forced kings), and the
//! solver plays perfectly from there on, maximising the final score difference.
//!
//! ```
//! use cheversi::{default_engine, GameRecord, Position};
//! use cheversi::game_core::Limits;
//!
//! let mut engine = default_engine(0);
//! let mut record = GameRecord::new(Position::start());
//! let mv = engine.choose_move(&record, &Limits::depth(2)).expect("a move");
//! record.play(mv)?;
//! # Ok::<(), cheversi::game_core::RecordError<Position>>(())
//! ```
//!
//! ## Features
//!
//! `no_std` + `alloc`: the crate needs an allocator and no operating system. The `std`
//! feature (on by default) adds the run-time check for the POPCNT instruction that speeds up
//! the scores on x86-64 (without `std` it is used only when the target enables it at compile
//! time), [`Solver::solve_until`] with its `Instant` deadline ([`Solver::solve_within`] works
//! without `std`), and turns on game-core's `std` (the clock of the searches, `Limits::time`).
//! `serde` works with or without `std`.

#![cfg_attr(not(feature = "std"), no_std)]
// On docs.rs (`--cfg docsrs`, nightly), every feature-gated item is marked with its feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// The rules of Cheversi as this crate implements them, with every decision taken where the
/// original text is silent: the crate's `RULES.md`, shown here so that it travels with the
/// package.
#[doc = include_str!("../RULES.md")]
// The page is prose: brackets there are lists such as `[1, 1]`, not links to items.
#[allow(rustdoc::broken_intra_doc_links)]
pub mod rules {}

mod board;
mod eval;
pub mod learning;
mod movegen;
mod notation;
mod outcome;
mod position;
mod present;
mod score;
mod solver;
mod svg;
mod zobrist;

pub use board::{Square, SquareSet, Squares};
pub use eval::{
    alphabeta_engine, default_config, default_engine, mcts_engine, CheversiPlayer, RoundScore,
    RunningScore, DEFAULT_HANDOVER, OPENING_KING_SQUARE, ROLLOUT_PLY_CAP, SETTLE_ROUNDS,
    SOLVER_POSITIONS_PER_NODE,
};
pub use game_core::{
    self, BoardSize, DrawRules, Game, GameRecord, IllegalMoveError, Outcome, ParseMoveError,
    ParsePointError, ParsePositionError, RecordError, Rng, SizeError,
};
pub use game_core::{Actions, Observe, Symmetries};
pub use game_core::{Describe, Gesture, Gestures, HandEntry, Scoreboard, Tally};
pub use game_core::{MoveBuffer, MoveList};
pub use game_core::{OutcomeOf, PlayerResult, Reason};
pub use movegen::Placements;
pub use outcome::EndReason;
pub use position::{Color, Kind, Move, Piece, Position, PLACEMENTS};
pub use solver::{solve, Solution, SolveError, Solver, TooFarFromEnd};
pub use svg::SvgOptions;

impl Position {
    /// Both players' running scores, White's first: for each, the number of (own piece, empty
    /// square it attacks) pairs.
    #[inline]
    pub fn scores(&self) -> [u32; 2] {
        score::scores(self)
    }

    /// The squares the piece on `square` attacks (none when the square is empty): chess
    /// attacks, the sliders' rays stopping at the first piece of either colour.
    pub fn attacks_from(&self, square: Square) -> SquareSet {
        SquareSet(score::attacks_from(self, square))
    }

    /// The points the piece on `square` earns: the empty squares it attacks (0 for an empty
    /// square). A player's score is the sum over their pieces.
    pub fn piece_points(&self, square: Square) -> u32 {
        score::piece_points(self, square)
    }

    /// The legal placements in summary (kinds and target squares).
    #[inline]
    pub fn placements(&self) -> Placements {
        movegen::placements(self)
    }

    /// Whether the game ended early by the no-legal-placement rule: fewer than 16 placements
    /// are made and the side to move has no legal placement.
    pub fn ended_without_placement(&self) -> bool {
        self.placed < PLACEMENTS && !movegen::placements(self).any()
    }

    /// The outcome by the scores as they stand: the higher score wins, equal scores draw;
    /// `early` says whether the game ended by the no-legal-placement rule (it shows in the
    /// reason).
    fn outcome_by_score(&self, early: bool) -> OutcomeOf<Self> {
        let [white, black] = self.scores();
        let winner = match white.cmp(&black) {
            core::cmp::Ordering::Greater => Some(Color::White),
            core::cmp::Ordering::Less => Some(Color::Black),
            core::cmp::Ordering::Equal => None,
        };
        match (winner, early) {
            (Some(player), false) => Outcome::Winner {
                player,
                reason: Reason::Rule(EndReason::HigherScore),
            },
            (Some(player), true) => Outcome::Winner {
                player,
                reason: Reason::Rule(EndReason::HigherScoreNoPlacement),
            },
            (None, false) => Outcome::Draw {
                reason: Reason::Rule(EndReason::EqualScores),
            },
            (None, true) => Outcome::Draw {
                reason: Reason::Rule(EndReason::EqualScoresNoPlacement),
            },
        }
    }
}

impl Game for Position {
    type Move = Move;
    type Player = Color;
    type Reason = EndReason;
    const NAME: &'static str = "cheversi";
    const PLAYERS: &'static [Color] = &[Color::White, Color::Black];

    fn start() -> Self {
        Position::start()
    }

    fn start_with_size(size: BoardSize) -> Result<Self, SizeError> {
        Position::start_with_size(size)
    }

    fn to_move(&self) -> Color {
        self.side_to_move()
    }

    fn legal_moves_into<B: MoveBuffer<Move>>(&self, moves: &mut B) {
        moves.clear();
        movegen::placements(self).append_to(moves);
    }

    fn count_legal_moves(&self, _scratch: &mut Vec<Move>) -> usize {
        movegen::placements(self).count()
    }

    fn is_legal(&self, mv: Move) -> bool {
        movegen::placements(self).contains(mv)
    }

    fn why_illegal(&self, mv: Move) -> Option<String> {
        movegen::illegal_reason(self, mv).map(String::from)
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.place_unchecked(mv);
    }

    /// After 16 placements, or when the side to move has no legal placement: the higher score
    /// wins, equal scores draw.
    fn outcome(&self) -> Option<OutcomeOf<Self>> {
        if self.placed >= PLACEMENTS {
            Some(self.outcome_by_score(false))
        } else if !movegen::placements(self).any() {
            Some(self.outcome_by_score(true))
        } else {
            None
        }
    }

    fn score(&self, player: Color) -> Option<i64> {
        Some(i64::from(self.scores()[player.index()]))
    }

    fn hash_key(&self) -> u64 {
        self.hash
    }

    fn fresh_hash_key(&self) -> u64 {
        self.fresh_hash()
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        notation::parse_move(self, text)
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    /// Ranks 8 to 1, White's pieces in capitals, Black's in lower case, `.` for an empty
    /// square, the files underneath.
    fn diagram(&self) -> String {
        notation::diagram(self)
    }

    /// The pieces in hand, the rule that binds the next placement (if any), the legal
    /// placements by kind, and the points each piece earns.
    fn details(&self) -> Vec<String> {
        notation::details(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_after_sixteen_placements_by_higher_score() {
        let mut rng = game_core::Rng::new(11);
        let mut moves = Vec::new();
        for _ in 0..200 {
            let mut pos = Position::start();
            while pos.outcome().is_none() {
                pos.legal_moves_into(&mut moves);
                pos.play_unchecked(*rng.choose(&moves).unwrap());
            }
            let [white, black] = pos.scores();
            let outcome = pos.outcome().unwrap();
            let early = pos.placements_made() < 16;
            assert_eq!(early, pos.ended_without_placement());
            let reason = outcome.reason().rule().expect("the game's own reason");
            assert_eq!(reason.without_placement(), early);
            match white.cmp(&black) {
                core::cmp::Ordering::Greater => assert_eq!(outcome.winner(), Some(Color::White)),
                core::cmp::Ordering::Less => assert_eq!(outcome.winner(), Some(Color::Black)),
                core::cmp::Ordering::Equal => assert!(outcome.is_draw()),
            }
            if !early {
                assert!(matches!(
                    reason,
                    EndReason::HigherScore | EndReason::EqualScores
                ));
            }
        }
    }

    #[test]
    fn equal_scores_draw() {
        let pos = Position::start();
        assert_eq!(
            pos.outcome_by_score(false),
            Outcome::Draw {
                reason: Reason::Rule(EndReason::EqualScores)
            }
        );
        assert_eq!(
            pos.outcome_by_score(true),
            Outcome::Draw {
                reason: Reason::Rule(EndReason::EqualScoresNoPlacement)
            }
        );
    }

    #[test]
    fn no_legal_placement_outcome_names_the_rule() {
        // White to place its 8th piece, a bishop that must go on a light square; the only empty
        // square touching Black, e1, is dark.
        let pos: Position = "8/8/8/8/8/KQRRB3/nqrrN3/bNnb4 w a1".parse().unwrap();
        let outcome = pos.outcome().unwrap();
        assert_eq!(
            outcome.reason(),
            Reason::Rule(match outcome {
                Outcome::Winner { .. } => EndReason::HigherScoreNoPlacement,
                Outcome::Draw { .. } => EndReason::EqualScoresNoPlacement,
            })
        );
        assert_eq!(pos.score(Color::White), Some(i64::from(pos.scores()[0])));
    }
}

/// The README's examples, compiled and run as doctests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
