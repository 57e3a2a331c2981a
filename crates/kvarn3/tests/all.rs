//! The integration tests of `kvarn3`, compiled as one test program (one link, and the
//! generic code they share instantiated once): each module below is one file of tests, and
//! `cargo test -p kvarn3 --test all MODULE::` runs one of them.

mod conformance;
mod engines;
mod history_draws;
mod learning;
mod outcome;
mod perft;
mod present;
mod props;
mod serde;
mod solver;
mod strength;
mod svg;
