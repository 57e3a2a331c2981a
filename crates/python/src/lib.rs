//! The Python module `boardrules._boardrules`, re-exported by the package `boardrules`: the
//! five games' rule engines for Python.
//!
//! The Rust library does the work; this crate only translates. Every game is served by one
//! generic implementation ([`erased`]) over the game-core traits (`Game`, `Actions`,
//! `Observe`, `Symmetries`, `Describe`) and the facade's engines, chosen by the game's name
//! ([`by_name`]). The Python classes are [`state`], [`engine`] and [`batch`]; [`search`] is the
//! batched PUCT search with a Python evaluator; [`args`] reads their arguments. Errors from Python's side (a bad game name, a bad size, a malformed
//! position, an illegal move or action) are `ValueError`s carrying the library's reason.

mod args;
mod batch;
mod by_name;
mod engine;
mod erased;
mod search;
mod state;

use boardrules::games::GAME_NAMES;
use pyo3::prelude::*;

use crate::args::value_error;
use crate::by_name::{visit, Sizes};

/// The names of the games this build has, in the order the library lists them.
#[pyfunction]
fn games() -> Vec<&'static str> {
    GAME_NAMES.to_vec()
}

/// The board sizes of `game`, the default first (empty for a game with a single board).
#[pyfunction]
fn sizes(game: &str) -> PyResult<Vec<String>> {
    visit(game, Sizes).map_err(value_error)
}

/// The names of the engines `engine` knows.
#[pyfunction]
fn engines() -> Vec<&'static str> {
    boardrules::engines::ENGINE_NAMES.to_vec()
}

/// The module: the games, states, engines and batches.
#[pymodule]
fn _boardrules(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(sizes, m)?)?;
    m.add_function(wrap_pyfunction!(engines, m)?)?;
    m.add_function(wrap_pyfunction!(state::new_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::from_text, m)?)?;
    m.add_function(wrap_pyfunction!(state::from_record, m)?)?;
    m.add_function(wrap_pyfunction!(engine::engine, m)?)?;
    m.add_function(wrap_pyfunction!(search::mcts, m)?)?;
    m.add_class::<state::State>()?;
    m.add_class::<engine::EngineHandle>()?;
    m.add_class::<engine::SearchResult>()?;
    m.add_class::<batch::Batch>()?;
    Ok(())
}
