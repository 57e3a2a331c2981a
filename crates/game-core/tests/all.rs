//! The integration tests of `game-core`, compiled as one test program (one link, and the
//! generic code they share instantiated once): each module below is one file of tests, and
//! `cargo test -p game-core --test all MODULE::` runs one of them.

mod common;
mod tree3;

mod core;
mod hostile;
mod learning;
mod outcome;
mod present;
mod search_alphabeta;
mod search_mcts;
mod search_puct;
mod serde;
