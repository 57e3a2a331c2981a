//! # svendo
//!
//! Svendo (Steve Avery, 1964), the three-player line game, as a rules engine on the
//! [`game_core::Game`] trait: bitboard move generation, the three winning events, the
//! responsibility rules as move legality, text both ways.
//!
//! Black, White and Red each place eight own stones and one green master stone (27
//! placements), then slide an own stone or any master stone like a chess queen. A *line* is
//! five points in a row: base, check, base, check, base. A player wins by capturing a third
//! base point (rule 1; the moved stone counts even when it is a master), by moving off a check
//! point of their own line (rule 2), or when another player is made to move off a check point
//! of their line (rule 3). The winner scores the movement moves they made.
//!
//! Moves are written `c3`, `Mc3`, `c3-c6`, `pass`, and read in either letter case (`mc3`).
//! For a page or a server, [`Tally`] gives the movement moves each player has made (what a
//! win is worth; the winner's points after a win) and each player's hand (stones and master
//! stone still to place); [`Describe`] the picture and the texts for people (title, summary,
//! the [`rules`] page, how to move by clicks); [`Gestures`] the clicks of each move.
//!
//! The board is 10 × 6 by default; any rectangle of 30..=64 points with both sides at least 5
//! works, its size read from the position string ([`Position::start_with_size`] for a start). The
//! boards are [`BOARD_SIZES`] (as [`BoardSize::Rect`] values, the default first):
//! [`Game::start_with_size`] starts on one, [`Game::board_size`] names a position's, and
//! [`Game::parse_position`] with `Some(size)` refuses a position string of other dimensions.
//! A `BoardSize::Side(n)` is never a Svendo board: the tools want `--size 8x8`, not `--size 8`.
//!
//! ```
//! use svendo::{Color, EndReason, Game, Position, Reason, Win, WinRule};
//!
//! let mut pos = Position::start();
//! assert_eq!(pos.legal_moves().len(), 120); // 60 empty points, own stone or master
//! pos.play(pos.parse_move("Mc3")?)?;
//! assert_eq!(pos.to_string(), "10/10/10/2M7/10/10 w 8/8m/8m 0/0/0");
//!
//! // Movement phase: Black holds a1 and c1 and slides e2-e1 onto the third base point of
//! // the line a1-b1-c1-d1-e1, whose check points b1 and d1 are empty: rule 1.
//! let mut pos: Position =
//!     "WWWWWWWW2/RRRRRRRR2/10/MMM6B/4B1BBBB/B1B7 b 0/0/0 0/0/0".parse()?;
//! pos.play(pos.parse_move("e2-e1")?)?;
//! let win = Win { winner: Color::Black, rule: WinRule::ThirdBasePoint, points: 1 };
//! assert_eq!(pos.win(), Some(win));
//! assert_eq!(
//!     pos.outcome().map(|o| o.reason()),
//!     Some(Reason::Rule(EndReason::ThirdBasePoint))
//! );
//! assert_eq!(EndReason::ThirdBasePoint.to_string(), "rule 1: third base point");
//! assert_eq!(pos.to_string(), "WWWWWWWW2/RRRRRRRR2/10/MMM6B/6BBBB/B1B1B5 w 0/0/0 1/0/0 b1");
//! assert!(pos.legal_moves().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Default player
//! [`default_engine`] is the generic three-player MCTS of `game_core` (UCT on per-player
//! rewards: each player maximises its own chance of winning) with [`SvendoRollout`]: random
//! legal moves, except that a player with an immediate win takes it (looked for only when the
//! bit-parallel [`Position::has_winning_move`] scan finds one), capped at
//! [`ROLLOUT_PLY_CAP`] plies (then a draw, 1/3 each). The responsibility rules are legality,
//! so the search needs nothing special for them: the tree and the playouts only ever see
//! legal moves.
//!
//! Strength: at 2 000 iterations a move it won 100 of 100 seeded games against two uniformly
//! random players, its seat rotated through all three:
//! `cargo test --release -p svendo --test all strength:: -- --ignored --nocapture`.
//!
//! ## Features
//!
//! `no_std` + `alloc`: the crate needs an allocator and no operating system. The `std`
//! feature (on by default) turns on game-core's `std` (the clock of the searches,
//! `Limits::time`); the board tables of every size are built at compile time, so nothing in this crate itself
//! needs the operating system. `serde` works
//! with or without `std`.

#![cfg_attr(not(feature = "std"), no_std)]
// On docs.rs (`--cfg docsrs`, nightly), every feature-gated item is marked with its feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// The rules of Svendo as this crate implements them, with every decision taken where the
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
mod responsibility;
mod svg;
mod zobrist;

pub use board::{
    is_valid_size, Point, PointSet, Points, BOARD_SIZES, BOARD_SIZE_COUNT, DEFAULT_HEIGHT,
    DEFAULT_WIDTH, MAX_POINTS, MAX_SIDE, MIN_POINTS, MIN_SIDE,
};
pub use eval::{default_engine, mcts_engine, SvendoRollout, ROLLOUT_PLY_CAP};
pub use game_core::{
    self, BoardSize, DrawRules, Game, GameRecord, IllegalMoveError, Outcome, ParseMoveError,
    ParsePointError, ParsePositionError, RecordError, Rng, SizeError,
};
pub use game_core::{Actions, Observe, Symmetries};
pub use game_core::{Describe, Gesture, Gestures, HandEntry, Scoreboard, Tally};
pub use game_core::{MoveBuffer, MoveList};
pub use game_core::{OutcomeOf, PlayerResult, Reason};
pub use outcome::EndReason;
pub use position::{
    Color, ImpossibleSlideError, Move, Piece, Position, Win, WinRule, STONES_PER_PLAYER,
};
pub use responsibility::Responsibility;
pub use svg::SvgOptions;

impl Position {
    /// Whether `mv` is legal by the plain rules (placement, slides, pass only without a slide),
    /// before the responsibility rules.
    pub fn is_plain_legal(&self, mv: Move) -> bool {
        if self.win.is_some() {
            return false;
        }
        let geo = self.geo();
        let c = self.to_move.index();
        let occupied = self.occupied();
        let empty_on_board = |p: Point| geo.index(p).is_some_and(|i| occupied & (1 << i) == 0);
        if self.is_placement() {
            return match mv {
                Move::Place(p) => self.hand[c] > 0 && empty_on_board(p),
                Move::PlaceMaster(p) => self.master_hand[c] && empty_on_board(p),
                Move::Slide { .. } | Move::Pass => false,
            };
        }
        match mv {
            Move::Slide { from, to } => match (geo.index(from), geo.index(to)) {
                (Some(x), Some(y)) => {
                    self.movable(self.to_move) & (1 << x) != 0
                        && geo.slides(x, occupied) & (1 << y) != 0
                }
                _ => false,
            },
            Move::Pass => self.count_plain_slides() == 0,
            Move::Place(_) | Move::PlaceMaster(_) => false,
        }
    }

    /// Whether `mv` is legal here, the responsibility rules included.
    pub(crate) fn is_legal_move(&self, mv: Move) -> bool {
        if !self.is_plain_legal(mv) {
            return false;
        }
        if self.is_placement() || mv == Move::Pass || !self.responsibility_may_apply() {
            return true;
        }
        self.legal_moves().contains(&mv)
    }

    /// The plain moves of this position: every move the movement rules allow, before the
    /// responsibility rules (placements during placement; `pass` only without a slide; none
    /// after a win).
    pub fn plain_moves_into<B: MoveBuffer<Move>>(&self, moves: &mut B) {
        moves.clear();
        if self.win.is_some() {
            return;
        }
        if self.is_placement() {
            self.placements_into(moves);
            return;
        }
        self.plain_slides_into(moves);
        if moves.is_empty() {
            moves.push(Move::Pass);
        }
    }
}

impl game_core::PlayerIndex for Color {
    /// The colour's place in the order of play: Black 0, White 1, Red 2 (as `Color::index`).
    #[inline]
    fn index(self) -> usize {
        Color::index(self)
    }
}

impl Game for Position {
    type Move = Move;
    type Player = Color;
    type Reason = EndReason;
    const NAME: &'static str = "svendo";
    const PLAYERS: &'static [Color] = &Color::ALL;
    const BOARD_SIZES: &'static [BoardSize] = &BOARD_SIZES;

    fn start() -> Self {
        Position::start()
    }

    /// The start on a `Rect { width, height }` board ([`Position::start_with_size`]). A `Side`
    /// size is refused: one number does not fix a Svendo rectangle (`8` is not read as 8 × 8).
    fn start_with_size(size: BoardSize) -> Result<Self, SizeError> {
        Position::start_with_size(size)
    }

    /// Always `Rect { width, height }` of this position's board.
    fn board_size(&self) -> Option<BoardSize> {
        Some(BoardSize::Rect {
            width: self.width() as u32,
            height: self.height() as u32,
        })
    }

    fn to_move(&self) -> Color {
        self.to_move
    }

    fn legal_moves_into<B: MoveBuffer<Move>>(&self, moves: &mut B) {
        self.plain_moves_into(moves);
        if !self.is_placement() && moves.first().is_some_and(|&m| m != Move::Pass) {
            self.apply_responsibility(moves);
        }
    }

    fn count_legal_moves(&self, scratch: &mut Vec<Move>) -> usize {
        if self.win.is_some() {
            return 0;
        }
        if self.is_placement() {
            let empty = (self.geo().all & !self.occupied()).count_ones() as usize;
            let c = self.to_move.index();
            return empty * (usize::from(self.hand[c] > 0) + usize::from(self.master_hand[c]));
        }
        if !self.responsibility_may_apply() {
            return self.count_plain_slides().max(1);
        }
        self.legal_moves_into(scratch);
        scratch.len()
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_move(mv)
    }

    /// Plays `mv` without checking it. It never panics: a move that cannot be carried out at
    /// all here (a point off this board, no stone of the mover's or master on `from`, a stone
    /// on the target, nothing of that kind in hand) leaves the position unchanged; another
    /// illegal move is carried out as given, the stones conserved.
    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn why_illegal(&self, mv: Move) -> Option<String> {
        self.illegal_reason(mv).map(String::from)
    }

    fn outcome(&self) -> Option<OutcomeOf<Self>> {
        self.win.map(|win| Outcome::Winner {
            player: win.winner,
            reason: Reason::Rule(win.rule.reason()),
        })
    }

    /// During play: the movement moves the player has made so far. After a win: the winner's
    /// points for the winner, 0 for the other two.
    fn score(&self, player: Color) -> Option<i64> {
        Some(match self.win {
            Some(win) if win.winner == player => i64::from(win.points),
            Some(_) => 0,
            None => i64::from(self.movement_moves[player.index()]),
        })
    }

    fn hash_key(&self) -> u64 {
        self.hash
    }

    fn fresh_hash_key(&self) -> u64 {
        self.compute_hash()
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        self.parse_legal_move(text)
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    /// Rows from the top with their numbers, `B` `W` `R` for the players' stones, `M` for
    /// master stones, `.` for empty points, the column letters below, and a key line.
    fn diagram(&self) -> String {
        self.board_diagram()
    }

    /// The phase, hands or movement moves, who threatens to win, which responsibility rule is
    /// in force, and the win with its points.
    fn details(&self) -> Vec<String> {
        self.detail_lines()
    }

    /// Only slides count toward a move cap (the page caps movement moves, not placements or
    /// passes).
    fn counts_toward_cap(&self, mv: Move) -> bool {
        matches!(mv, Move::Slide { .. })
    }
}

/// The README's examples, compiled and run as doctests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
