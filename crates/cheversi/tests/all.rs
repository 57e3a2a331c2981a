//! The integration tests of `cheversi`, compiled as one test program (one link, and the
//! generic code they share instantiated once): each module below is one file of tests, and
//! `cargo test -p cheversi --test all MODULE::` runs one of them.

mod common;

mod conformance;
mod engines;
mod learning;
mod outcome;
mod perft;
mod present;
mod props;
mod serde;
mod solver;
mod strength;
mod svg;
mod unchecked;
