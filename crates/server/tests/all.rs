//! The integration tests of `boardrules-server`, compiled as one test program (one link, and the
//! generic code they share instantiated once): each module below is one file of tests, and
//! `cargo test -p boardrules-server --test all MODULE::` runs one of them.

mod support;

mod api;
mod attacks;
mod bounds;
mod clocks;
mod engines;
mod kill;
mod load_tool;
mod lobby;
mod scores;
mod web;
