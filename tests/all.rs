//! The integration tests of `boardrules`, compiled as one test program (one link, and the
//! generic code they share instantiated once): each module below is one file of tests, and
//! `cargo test -p boardrules --test all MODULE::` runs one of them.

mod common;

mod api;
mod doc_snippets;
mod games;
mod limits;
mod mcts_threads;
mod play_tools;
mod records;
mod show;
mod test_layout;
mod tool_contracts;
mod tools;
mod ugi;
