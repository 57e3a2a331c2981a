//! The integration tests of `sundraval`, compiled as one test program (one link, and the
//! generic code they share instantiated once): each module below is one file of tests, and
//! `cargo test -p sundraval --test all MODULE::` runs one of them.

mod common;

mod conformance;
mod engines;
mod learning;
mod limits;
mod outcome;
mod perft;
mod present;
mod props;
mod serde;
mod strength;
mod svg;
