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
//! - every generated move is accepted by the checked play, with the same result as the fast
//!   play, and [`Game::is_legal`](crate::Game::is_legal) agrees;
//! - moves that were legal elsewhere in the game but are not generated here are refused, and
//!   the refusal leaves the position unchanged;
//! - the position text round-trips (`parse_position(display(p), board_size) == p`, and prints
//!   the same again; `FromStr` agrees on the default board);
//! - move text round-trips (`parse_move(move_text(m)) == m`), and junk move text is an error;
//! - the incremental hash key equals a fresh one and survives the text round trip.
//!
//! At the end of each game the record's outcome must be set (unless the game was cut by the
//! kit's own ply limit and [`Conformance::require_end`] is off). Perft vector files
//! ([`Conformance::perft_file`], [`check_perft_file`]) are checked as well.
//!
//! The kit lives in three files, re-exported here: the conformance checks
//! (`testing/conformance.rs`), the fuzz driver (`testing/fuzz.rs`) and the perft vector files
//! (`testing/perft_vectors.rs`); the SVG checks are the [`svg`] submodule, the checks of the
//! pictures' hit areas and of the gestures the [`present`] one.

mod conformance;
mod fuzz;
mod perft_vectors;
pub mod present;
pub mod svg;

pub use conformance::{check_position, Conformance};
pub use fuzz::{fuzz_game, fuzz_game_from};
pub use perft_vectors::{
    check_perft_file, parse_perft_vectors, perft_node_limit, PerftEntry, DEFAULT_PERFT_LIMIT,
    PERFT_LIMIT_VAR,
};
