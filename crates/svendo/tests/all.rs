//! The integration tests of `svendo`, compiled as one test program (one link, and the
//! generic code they share instantiated once): each module below is one file of tests, and
//! `cargo test -p svendo --test all MODULE::` runs one of them.

mod naive;

mod board_sizes;
mod conformance;
mod engines;
mod history_draws;
mod learning;
mod outcome;
mod perft;
mod present;
mod props;
mod serde;
mod strength;
mod svg;
