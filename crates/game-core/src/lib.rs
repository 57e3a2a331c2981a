//! # game-core
//!
//! The shared vocabulary of the `boardrules` game engines, and the generic tools built on it.
//!
//! Every game crate (`kvarn3`, `swedish-draughts`, `cheversi`, `sundraval`, `svendo`)
//! implements [`Game`] on its `Position` type. Code written against the trait works for all of
//! them: list the legal moves into a reusable buffer, play a move (checked with
//! [`Game::play`], or fast with [`Game::play_unchecked`]), read the [`Outcome`] (a winner or a
//! draw with a typed [`Reason`]: the game's own `EndReason` or a draw of the record), read and write
//! positions (`FromStr`/`Display`) and moves ([`Game::parse_move`], [`Game::move_text`]).
//!
//! [`Game::legal_moves`] returns a [`MoveList`]: up to [`MOVE_LIST_INLINE`] moves on the stack,
//! a `Vec` only beyond (Sundraval's opening). The hot path reuses one buffer with
//! [`Game::legal_moves_into`], which fills any [`MoveBuffer`]: a `Vec` or a `MoveList`.
//!
//! On that trait alone this crate provides [`perft`] and [`perft_divide`], seeded
//! [`random_playout`]s, and the [`GameRecord`] (moves, undo, repetition and other history draws,
//! serde behind the `serde` feature), whose history draws are decided by a [`DrawTracker`], the
//! same one the searches carry down their lines. The `testing` feature adds [`testing`], the conformance
//! kit that says what a correct game is.
//!
//! Errors follow one policy in every game (letter case, whitespace, what is malformed and
//! what illegal, a reason for every illegal move): see [the `error` policy](error#one-policy-for-every-game).
//! With the `serde` feature, moves, points, players and positions are stored as their
//! notation text (`game_core::serde_text`), and a [`GameRecord`] as a versioned form that names its game.
//!
//! The [`search`] module plays any game through one [`Engine`] interface: [`Mcts`] (UCT for
//! two or three players, with [`RandomRollout`] or a game's own [`LeafEvaluator`]), [`PuctMcts`]
//! (the same tree with PUCT and a [`PolicyValue`], for learning agents; its step-wise form,
//! [`SearchTree`](search::mcts::SearchTree), values the leaves of many trees in batches),
//! alpha-beta ([`search::AlphaBeta`]) and [`RandomEngine`] (the baseline).
//!
//! For GUIs, servers and tools, three traits every game crate implements on its `Position`:
//! [`Tally`] (the running score beside each seat with what it counts, a [`Scoreboard`], and
//! the pieces each player still has to place, as [`HandEntry`] values), [`Describe`] (the
//! board's points, the picture, the engines, and the texts for people: title, summary, rules
//! page, how to move) and [`Gestures`] (the clicks that make each legal move).
//!
//! For learning agents, three traits every game crate implements on its `Position`:
//! [`Actions`] (a fixed action space per board size: move ↔ id, the legal-action mask into a
//! caller's buffer), [`Observe`] (`f32` planes from one player's point of view) and
//! [`Symmetries`] (the board symmetries that keep the rules, mapping positions, moves, ids,
//! players and observation cells; numbered by [`grid_symmetry`]); the `testing` kit checks
//! them (`check_actions`, `check_symmetries`, `check_observation`).
//!
//! For writing a game on bitboards: [`Bits`] walks the set bits of a board word,
//! [`point_set!`] defines the game's public set of points over that word (the same methods
//! in every game crate), and [`ZobristTable`] with [`zobrist_keys`] builds the hash keys at
//! compile time.
//! `no_std` + `alloc`: the crate needs an allocator and nothing of an operating system. The
//! `std` feature (on by default) adds the clock of the searches ([`Limits::time`] and
//! [`SearchInfo::elapsed`]; see [`search::Stopwatch`]) and is required by the `testing`
//! kit. The few floating-point functions `core` lacks
//! are in [`math`], used with and without `std`, so a search gives the same moves either way.
//!
//! A complete generic function, random play of any game to its end:
//!
//! ```
//! use game_core::{Game, GameRecord, Outcome, Reason, Rng};
//!
//! /// Plays random legal moves through a game record (so repetition draws count) until the
//! /// game ends, and returns the record.
//! fn random_game<G: Game>(start: G, seed: u64) -> GameRecord<G> {
//!     let mut rng = Rng::new(seed);
//!     let mut record = GameRecord::new(start);
//!     while record.outcome().is_none() {
//!         let moves = record.legal_moves();
//!         let mv = *rng.choose(&moves).expect("a game in progress has a legal move");
//!         record.play(mv).expect("generated moves are legal");
//!     }
//!     record
//! }
//!
//! let record = random_game(game_core::tictactoe::TicTacToe::start(), 1);
//! match record.outcome() {
//!     Some(Outcome::Winner { player, reason }) => println!("{player} wins: {reason}"),
//!     Some(Outcome::Draw { reason: Reason::Repetition }) => println!("draw by repetition"),
//!     Some(Outcome::Draw { reason }) => println!("draw: {reason}"),
//!     None => unreachable!("the loop ran to the end"),
//! }
//! println!("{}", record.move_texts().join(" "));
//! ```

// Without the `testing` feature the `testing` module is not built: its link above points at the
// published docs instead, so the crate's docs have no broken link in any feature set.
#![cfg_attr(
    not(feature = "testing"),
    doc = "[`testing`]: https://docs.rs/game-core/latest/game_core/testing/index.html"
)]
#![cfg_attr(not(feature = "std"), no_std)]
// On docs.rs (`--cfg docsrs`, nightly), every feature-gated item is marked with its feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

mod bits;
mod color;
mod draws;
pub mod error;
mod game;
mod learning;
pub mod math;
mod move_list;
pub mod notation;
mod outcome;
mod perft;
mod playout;
mod point_set;
mod present;
mod record;
mod rng;
pub mod search;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde_text;
mod size;
pub mod svg;
mod tally;
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod testing;
pub mod tictactoe;
mod zobrist;

/// `String` and `ToString`, for the expansion of [`impl_string_conversions!`] in `no_std`
/// game crates.
#[doc(hidden)]
pub use alloc::string::{String as __String, ToString as __ToString};
pub use bits::{BitWord, Bits};
pub use draws::{DrawRules, DrawTracker, HistoryDraw};
pub use error::{
    excerpt, DrawRulesError, IllegalMoveError, ParseMoveError, ParsePointError, ParsePositionError,
    ParsePositionErrorKind, PerftError, SizeError, EXCERPT_CHARS, MAX_REASON_CHARS,
};
pub use game::{Game, PlayerIndex};
pub use learning::{
    grid_symmetry, grid_symmetry_inverse, Actions, Observe, Symmetries, RECTANGLE_SYMMETRIES,
    SQUARE_SYMMETRIES,
};
pub use move_list::{MoveBuffer, MoveList, MoveListIntoIter, MOVE_LIST_INLINE};
pub use outcome::{Outcome, OutcomeOf, PlayerResult, Reason};
pub use perft::{count_two_plies_by_moves, perft, perft_divide, Perft, MAX_PERFT_DEPTH};
pub use playout::{random_playout, Playout};
pub use present::{Describe, Gesture, Gestures, SvgOptions};
pub use record::{GameRecord, Positions, RecordError};
pub use rng::Rng;
pub use search::mcts::{Mcts, MctsConfig, PuctMcts, RandomRollout, RootNoise};
pub use search::random::RandomEngine;
pub use search::{
    Engine, Evaluator, LeafEvaluator, Limits, PolicyValue, Rewards, Score, SearchInfo,
    SearchResult, StopFlag, MAX_PLAYERS,
};
/// serde, for the expansion of [`impl_serde_text!`] in the game crates.
#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde as __serde;
pub use size::{BoardSize, ParseBoardSizeError};
pub use tally::{HandEntry, Scoreboard, Tally};
pub use zobrist::{zobrist_keys, ZobristTable};

/// The README's examples, compiled and run as doctests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
