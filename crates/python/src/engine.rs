//! The Python classes `Engine` (a built-in player, `boardrules.engine`) and `SearchResult`.

use std::sync::Mutex;
use std::time::Duration;

use game_core::{Limits, Score};
use numpy::PyArray1;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::args::value_error;
use crate::by_name::{visit, NewEngine};
use crate::erased::DynEngine;
use crate::state::State;

/// The engine `name` (`default`, `random`, `mcts`, `alphabeta`, optionally `NAME:BUDGET`) for
/// `game`, seeded with `seed`.
#[pyfunction]
#[pyo3(signature = (name, game, seed=0))]
pub(crate) fn engine(name: &str, game: &str, seed: u64) -> PyResult<EngineHandle> {
    let inner = visit(game, NewEngine { spec: name, seed })
        .and_then(|engine| engine)
        .map_err(value_error)?;
    Ok(EngineHandle {
        inner: Mutex::new(inner),
        spec: name.to_owned(),
        seed,
    })
}

/// What an engine or a batched search found: its move, the root's distribution over moves,
/// and what it thinks of the position.
#[pyclass(module = "boardrules", get_all, frozen)]
pub(crate) struct SearchResult {
    /// The chosen move's text, `None` when the game is over.
    #[pyo3(name = "move")]
    chosen: Option<String>,
    /// The chosen move's action id, `None` when the game is over.
    action: Option<usize>,
    /// The root's weight for each move text (MCTS: visit counts); empty for engines that rank
    /// no other move (alpha-beta).
    visits: Py<PyDict>,
    /// The weights as probabilities over action ids: a numpy `float32` array of
    /// `num_actions` entries summing to 1 (all 0 when the engine gives no distribution).
    policy: Py<PyArray1<f32>>,
    /// The batched search's value of the root for each player (numpy `float32`, -1 to 1, the
    /// scale of returns); `None` for the engines and when the game is over.
    value: Option<Py<PyArray1<f32>>>,
    /// The search's score for the player to move: `("win", plies)`, `("loss", plies)`,
    /// `("draw", None)`, `("reward", r)` (MCTS: the expected reward from 0 to 1) or
    /// `("centi", c)` (alpha-beta: hundredths of the game's unit); `None` when there is none.
    score: Option<Py<PyTuple>>,
}

/// A score as Python's `(kind, amount)` pair.
fn score_tuple<'py>(py: Python<'py>, score: Score) -> PyResult<Bound<'py, PyTuple>> {
    let pair = match score {
        Score::WinIn(plies) => ("win", plies.into_pyobject(py)?.into_any()),
        Score::LossIn(plies) => ("loss", plies.into_pyobject(py)?.into_any()),
        Score::Draw => ("draw", py.None().into_bound(py)),
        Score::Reward(reward) => ("reward", reward.into_pyobject(py)?.into_any()),
        Score::Centi(centi) => ("centi", centi.into_pyobject(py)?.into_any()),
    };
    pair.into_pyobject(py)
}

impl SearchResult {
    /// A result from what a search found: the chosen move's text and id, every root move's
    /// text, id and weight, the root's value per player and the score.
    pub(crate) fn build(
        py: Python<'_>,
        choice: Option<(String, usize)>,
        weights: &[(String, usize, u64)],
        num_actions: usize,
        value: Option<Vec<f32>>,
        score: Option<Score>,
    ) -> PyResult<SearchResult> {
        let visits = PyDict::new(py);
        let mut policy = vec![0.0_f32; num_actions];
        let total: u64 = weights.iter().map(|w| w.2).sum();
        for (text, id, weight) in weights {
            visits.set_item(text, weight)?;
            if total > 0 {
                policy[*id] = *weight as f32 / total as f32;
            }
        }
        Ok(SearchResult {
            action: choice.as_ref().map(|c| c.1),
            chosen: choice.map(|c| c.0),
            visits: visits.unbind(),
            policy: PyArray1::from_vec(py, policy).unbind(),
            value: value.map(|value| PyArray1::from_vec(py, value).unbind()),
            score: score
                .map(|score| score_tuple(py, score).map(Bound::unbind))
                .transpose()?,
        })
    }
}

#[pymethods]
impl SearchResult {
    /// A result with these fields (pickling makes results with it).
    #[new]
    #[pyo3(signature = (chosen, action, visits, policy, value=None, score=None))]
    fn new(
        chosen: Option<String>,
        action: Option<usize>,
        visits: Py<PyDict>,
        policy: Py<PyArray1<f32>>,
        value: Option<Py<PyArray1<f32>>>,
        score: Option<Py<PyTuple>>,
    ) -> Self {
        SearchResult {
            chosen,
            action,
            visits,
            policy,
            value,
            score,
        }
    }

    /// Pickles as its fields.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let args = (
            this.chosen.clone(),
            this.action,
            this.visits.clone_ref(py),
            this.policy.clone_ref(py),
            this.value.as_ref().map(|value| value.clone_ref(py)),
            this.score.as_ref().map(|score| score.clone_ref(py)),
        )
            .into_pyobject(py)?;
        PyTuple::new(py, [slf.get_type().into_any(), args.into_any()])
    }

    fn __repr__(&self) -> String {
        format!(
            "SearchResult(move={:?}, action={:?})",
            self.chosen, self.action
        )
    }
}

/// A player of one game (`boardrules.engine`).
#[pyclass(module = "boardrules", name = "Engine")]
pub(crate) struct EngineHandle {
    inner: Mutex<Box<dyn DynEngine>>,
    /// The name it was made with, for pickling.
    spec: String,
    /// The seed it was made with, for pickling.
    seed: u64,
}

impl EngineHandle {
    fn run(
        &self,
        py: Python<'_>,
        state: &State,
        time_ms: Option<u64>,
        nodes: Option<u64>,
        iterations: Option<u64>,
        depth: Option<u32>,
    ) -> PyResult<SearchResult> {
        let mut limits = Limits::INFINITE;
        if let Some(plies) = depth {
            limits = limits.with_depth(plies);
        }
        if let Some(nodes) = nodes {
            limits = limits.with_nodes(nodes);
        }
        if let Some(iterations) = iterations {
            limits = limits.with_iterations(iterations);
        }
        if let Some(ms) = time_ms {
            limits = limits.with_time(Duration::from_millis(ms));
        }
        if limits.is_infinite() {
            limits = Limits::nodes(DEFAULT_NODES);
        }
        let found = {
            let mut guard = self
                .inner
                .lock()
                .map_err(|_| PyRuntimeError::new_err("the engine failed in an earlier search"))?;
            let engine: &mut dyn DynEngine = &mut **guard;
            let state = &*state.inner;
            py.detach(|| engine.search(state, &limits))
                .map_err(value_error)?
        };
        SearchResult::build(
            py,
            found.choice,
            &found.weights,
            found.num_actions,
            None,
            found.score,
        )
    }
}

/// The search budget when a call gives none: this many nodes.
const DEFAULT_NODES: u64 = 10_000;

#[pymethods]
impl EngineHandle {
    /// The engine's name.
    #[getter]
    fn name(&self) -> PyResult<String> {
        Ok(self
            .inner
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the engine failed in an earlier search"))?
            .name())
    }

    /// Pickles as the engine's name, game and seed: the copy is a new engine of the same
    /// kind (an engine keeps no game state worth storing: its tree is rebuilt by the next
    /// search).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let make = py.import("boardrules._boardrules")?.getattr("engine")?;
        let game = self.game()?;
        let args = (self.spec.as_str(), game, self.seed).into_pyobject(py)?;
        PyTuple::new(py, [make, args.into_any()])
    }

    /// The game the engine plays.
    #[getter]
    fn game(&self) -> PyResult<&'static str> {
        Ok(self
            .inner
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the engine failed in an earlier search"))?
            .game())
    }

    /// The engine's move for `state` (its text), `None` when the game is over. The search
    /// stops at the first limit reached; with none given, 10 000 nodes.
    #[pyo3(signature = (state, time_ms=None, nodes=None, iterations=None, depth=None))]
    fn choose(
        &self,
        py: Python<'_>,
        state: &State,
        time_ms: Option<u64>,
        nodes: Option<u64>,
        iterations: Option<u64>,
        depth: Option<u32>,
    ) -> PyResult<Option<String>> {
        Ok(self
            .run(py, state, time_ms, nodes, iterations, depth)?
            .chosen)
    }

    /// Like `choose`, with the root's distribution: a `SearchResult` (MCTS: the visit
    /// policy over action ids).
    #[pyo3(signature = (state, time_ms=None, nodes=None, iterations=None, depth=None))]
    fn search(
        &self,
        py: Python<'_>,
        state: &State,
        time_ms: Option<u64>,
        nodes: Option<u64>,
        iterations: Option<u64>,
        depth: Option<u32>,
    ) -> PyResult<SearchResult> {
        self.run(py, state, time_ms, nodes, iterations, depth)
    }
}
