//! The integration tests of `swedish-draughts`, compiled as one test program (one link, and the
//! generic code they share instantiated once): each module below is one file of tests, and
//! `cargo test -p swedish-draughts --test all MODULE::` runs one of them.

mod conformance;
mod crowded_captures;
mod dense;
mod learning;
mod outcome;
mod perft;
mod present;
mod props;
mod serde;
mod strength;
mod svg;
