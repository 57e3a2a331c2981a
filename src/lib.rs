//! # boardrules
//!
//! Reference rule engines for five abstract board games, behind one API ([`game_core::Game`]):
//!
//! | game | crate | feature |
//! |---|---|---|
//! | Kvarn med tre pjäser (three men's morris with diagonals) | [`kvarn3`](https://docs.rs/kvarn3) | `kvarn3` |
//! | Swedish Draughts, 10x10 and 8x8 | [`swedish-draughts`](https://docs.rs/swedish-draughts) | `swedish-draughts` |
//! | Cheversi (chess pieces placed Othello-style) | [`cheversi`](https://docs.rs/cheversi) | `cheversi` |
//! | Sundraval (hex territory) | [`sundraval`](https://docs.rs/sundraval) | `sundraval` |
//! | Svendo (three players) | [`svendo`](https://docs.rs/svendo) | `svendo` |
//!
//! Each game crate is re-exported behind the cargo feature of its name (all on by default), and
//! [`games`] lets a program pick a game by name at run time, as the `perft`, `show` and `demo`
//! examples do, and [`engines`] picks an engine for it by name (`default`, `random`, `mcts`,
//! `alphabeta`).

// On docs.rs (`--cfg docsrs`, nightly), every feature-gated item is marked with its feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

pub use game_core;

#[cfg(feature = "cheversi")]
#[cfg_attr(docsrs, doc(cfg(feature = "cheversi")))]
pub use cheversi;
#[cfg(feature = "kvarn3")]
#[cfg_attr(docsrs, doc(cfg(feature = "kvarn3")))]
pub use kvarn3;
#[cfg(feature = "sundraval")]
#[cfg_attr(docsrs, doc(cfg(feature = "sundraval")))]
pub use sundraval;
#[cfg(feature = "svendo")]
#[cfg_attr(docsrs, doc(cfg(feature = "svendo")))]
pub use svendo;
#[cfg(feature = "swedish-draughts")]
#[cfg_attr(docsrs, doc(cfg(feature = "swedish-draughts")))]
pub use swedish_draughts;

pub mod arena;
pub mod engines;
pub mod games;
pub mod lines;
pub mod ugi;

/// The README's examples, compiled and run as doctests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
