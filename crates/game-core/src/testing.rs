//! The conformance kit: the single place that says what "a correct game" means here.
//!
//! Every game crate runs it from its tests with one call:
//!
//! ```
//! use game_core::testing::Conformance;
//! use game_core::tictactoe::TicTacToe;
//!
//! Conformance::<TicTacToe>::new().games(20).seed(3).run();
//! ```
//!
//! It plays seeded random games through a [`GameRecord`](crate::GameRecord) and checks, in every position on the
//! way:
//! - the game is over exactly when there is no legal move, a winner is one of the players, and
//!   a position's own outcome gives the game's own reason ([`Reason::Rule`](crate::Reason::Rule)),
//!   never a draw that needs the history;
//! - the move list has no duplicates and [`Game::count_legal_moves`](crate::Game::count_legal_moves) agrees with it;
//! - [`Game::count_two_plies`](crate::Game::count_two_plies) agrees with the moves listed two
//!   plies down (in positions with at most 48 moves);
//! - every generated move is accepted by the checked play, with the same result as the fast
//!   play, and [`Game::is_legal`](crate::Game::is_legal) agrees;
//! - moves that were legal elsewhere in the game but are not generated here are refused, and
//!   the refusal leaves the position unchanged;
//! - the position text round-trips (`parse_position(display(p), board_size) == p`, and prints
//!   the same again; `FromStr` agrees on the default board);
//! - move text round-trips (`parse_move(move_text(m)) == m`), also in upper and in lower case
//!   (the error policy's case rule), and junk move text is an error;
//! - the incremental hash key equals a fresh one and survives the text round trip.
//!
//! At the end of each game the record's outcome must be set (unless the game was cut by the
//! kit's own ply limit and [`Conformance::require_end`] is off). Perft vector files
//! ([`Conformance::perft_file`], [`check_perft_file`]) are checked as well.
//!
//! The kit lives in six files, re-exported here: the conformance checks
//! (`testing/conformance.rs`), the engines' property ([`EngineGames`]: every engine answers
//! every position of whole games under every kind of limit, `testing/engines.rs`), the history
//! draws' property ([`check_history_draws`]: the record, both searches and a naive count agree,
//! `testing/history_draws.rs`), the fuzz driver (`testing/fuzz.rs`), the perft vector files
//! (`testing/perft_vectors.rs`) and the checks of the learning interfaces
//! (`testing/learning.rs`: [`check_actions`], [`check_actions_tree`], [`check_symmetries`],
//! [`check_observation`]); the SVG checks are the [`svg`] submodule, the checks of the
//! pictures' hit areas and of the gestures the [`present`] one.
//!
//! ## The learning checks
//!
//! The checks of the learning interfaces ([`Actions`](crate::Actions),
//! [`Symmetries`](crate::Symmetries), [`Observe`](crate::Observe)) that every game crate's
//! `tests/learning.rs` runs the same way: along a seeded random game from a start position, or over
//! every node of a small perft tree.
//!
//! Every check panics with the position's text and the offending move or id on the first failure.
//! What they check:
//!
//! - [`check_actions`], [`check_actions_tree`]: the action ids are a bijection between the legal
//!   moves and some ids below [`Actions::num_actions`](crate::Actions::num_actions) (the same
//!   number in every position of the game): distinct, `action_move(action_id(mv)) == Some(mv)`,
//!   `action_move` of every other id (out of range included) is `None`;
//!   [`Actions::legal_actions_into`](crate::Actions::legal_actions_into) lists the ids in move
//!   order and [`Actions::legal_action_mask`](crate::Actions::legal_action_mask) marks exactly
//!   them, whatever the buffers held before.
//!
//! - [`check_symmetries`]: symmetry 0 is the identity; every symmetry keeps the board size, the
//!   number of actions and the side to move (as
//!   [`Symmetries::map_player`](crate::Symmetries::map_player) maps it) and maps the outcome; it
//!   maps the legal moves one to one onto the mapped position's legal moves, commutes with playing
//!   each of them, maps their action ids as
//!   [`Symmetries::map_action`](crate::Symmetries::map_action) says, and leaves the perft count of
//!   the given depth unchanged; the mapped position has a correct hash key and a text that reads
//!   back; the symmetries form a group (every image's images are images, one of them the position)
//!   and every image has the same [`Symmetries::canonical_key`](crate::Symmetries::canonical_key).
//!
//! - [`check_observation`]: the observation has the declared shape (the same in every position of
//!   the game), finite values, every entry written whatever the buffer held, zeros off the board;
//!   [`Symmetries::map_cell`](crate::Symmetries::map_cell) maps the board cells one to one onto the
//!   board cells; and for every symmetry and player, the observation of the mapped position for the
//!   mapped player is this observation with its cells mapped
//!   ([`Symmetries::map_observation`](crate::Symmetries::map_observation)).
//!
//! ```
//! use game_core::testing::{check_actions, check_actions_tree, check_observation, check_symmetries};
//! use game_core::tictactoe::TicTacToe;
//! use game_core::Game;
//!
//! for seed in 0..5 {
//!     check_actions(TicTacToe::start(), 9, seed);
//!     check_symmetries(TicTacToe::start(), 9, seed, 2);
//!     check_observation(TicTacToe::start(), 9, seed);
//! }
//! check_actions_tree(TicTacToe::start(), 3);
//! ```

mod conformance;
mod engines;
mod fuzz;
mod history_draws;
mod learning;
mod perft_vectors;
pub mod present;
pub mod svg;

pub use conformance::{check_position, Conformance};
pub use engines::{large_limits, small_limits, starts_smallest_first, EngineGames, EngineMaker};
pub use fuzz::{fuzz_game, fuzz_game_from};
pub use history_draws::{check_history_draws, HistoryDrawCounts};
pub use learning::{
    check_actions, check_actions_tree, check_observation, check_symmetries,
    IDS_CHECKED_PER_POSITION, MOVES_PLAYED_PER_SYMMETRY,
};
pub use perft_vectors::{
    check_perft_file, parse_perft_vectors, perft_node_limit, PerftEntry, DEFAULT_PERFT_LIMIT,
    PERFT_LIMIT_VAR,
};
