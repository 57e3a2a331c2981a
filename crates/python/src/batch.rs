//! The Python class `Batch`: `n` games of one kind stepped together, with numpy arrays in
//! and out and the Rust work done with the GIL released.

use numpy::{PyArray1, PyArray2, PyArray4, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::args::{game_indices, int_array, non_negative, read_size, value_error};
use crate::by_name::{game_of_json, visit, BatchFromSnapshot, NewBatch};
use crate::engine::SearchResult;
use crate::erased::{DynBatch, Outputs};
use crate::search::{drive, settings, DEFAULT_MAX_NODES};

/// `n` games of one kind stepped together: actions in, observations, masks, rewards and done
/// flags out as numpy arrays. A game that ends (or reaches the ply cap) is reset to the start
/// in the same step.
#[pyclass(module = "boardrules")]
pub(crate) struct Batch {
    inner: Box<dyn DynBatch>,
    obs: Py<PyArray4<f32>>,
    mask: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    done: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    to_move: Py<PyArray1<i32>>,
    actions: Py<PyArray1<i64>>,
}

/// Which outputs a call returns.
#[derive(Clone, Copy, PartialEq)]
enum Returned {
    /// `(observations, masks, to_move)`.
    Positions,
    /// `(observations, masks, rewards, done, to_move)`.
    Steps,
}

impl Batch {
    /// A batch around `inner`, its arrays made and every game's rows written.
    fn around(py: Python<'_>, inner: Box<dyn DynBatch>) -> PyResult<Self> {
        let n = inner.len();
        let [planes, rows, columns] = inner.observation_shape();
        let mut batch = Batch {
            obs: PyArray4::zeros(py, [n, planes, rows, columns], false).unbind(),
            mask: PyArray2::zeros(py, [n, inner.num_actions()], false).unbind(),
            rewards: PyArray2::zeros(py, [n, inner.num_players()], false).unbind(),
            done: PyArray1::zeros(py, [n], false).unbind(),
            truncated: PyArray1::zeros(py, [n], false).unbind(),
            to_move: PyArray1::zeros(py, [n], false).unbind(),
            actions: PyArray1::zeros(py, [n], false).unbind(),
            inner,
        };
        batch.with_outputs(py, true, |inner, out| inner.write_outputs(out))?;
        Ok(batch)
    }

    /// Runs `work` on the batch and its output arrays with the GIL released (the
    /// observations skipped unless `observe`).
    fn with_outputs<F>(&mut self, py: Python<'_>, observe: bool, work: F) -> PyResult<()>
    where
        F: FnOnce(&mut dyn DynBatch, Outputs<'_>) -> Result<(), String> + Send,
    {
        let mut obs = self.obs.bind(py).readwrite();
        let mut mask = self.mask.bind(py).readwrite();
        let mut rewards = self.rewards.bind(py).readwrite();
        let mut done = self.done.bind(py).readwrite();
        let mut truncated = self.truncated.bind(py).readwrite();
        let mut to_move = self.to_move.bind(py).readwrite();
        let out = Outputs {
            obs: if observe {
                Some(obs.as_slice_mut()?)
            } else {
                None
            },
            mask: mask.as_slice_mut()?,
            rewards: rewards.as_slice_mut()?,
            done: done.as_slice_mut()?,
            truncated: truncated.as_slice_mut()?,
            to_move: to_move.as_slice_mut()?,
        };
        let inner = &mut *self.inner;
        py.detach(|| work(inner, out)).map_err(value_error)
    }

    /// The outputs as a tuple of fresh copies (or the batch's own arrays with `copy=False`).
    fn outputs<'py>(
        &self,
        py: Python<'py>,
        copy: bool,
        returned: Returned,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let pick = |array: Bound<'py, PyAny>| -> PyResult<Bound<'py, PyAny>> {
            if copy {
                array.call_method0("copy")
            } else {
                Ok(array)
            }
        };
        let mut items = vec![
            pick(self.obs.bind(py).clone().into_any())?,
            pick(self.mask.bind(py).clone().into_any())?,
        ];
        if returned == Returned::Steps {
            items.push(pick(self.rewards.bind(py).clone().into_any())?);
            items.push(pick(self.done.bind(py).clone().into_any())?);
        }
        items.push(pick(self.to_move.bind(py).clone().into_any())?);
        PyTuple::new(py, items)
    }

    /// The game indices of an `indices` argument (`None`: every game).
    fn indices_of(
        py: Python<'_>,
        indices: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<Vec<usize>>> {
        match indices {
            Some(indices) if !indices.is_none() => Ok(Some(game_indices(py, indices)?)),
            _ => Ok(None),
        }
    }
}

#[pymethods]
impl Batch {
    /// `n` games of `game` on a board of `size`; `seed` seeds `random_actions`; a game that
    /// reaches `max_plies` plies is truncated (reported done, with `truncated` set, and reset).
    #[new]
    #[pyo3(signature = (game, n, size=None, seed=0, max_plies=None))]
    fn new(
        py: Python<'_>,
        game: &str,
        n: usize,
        size: Option<&Bound<'_, PyAny>>,
        seed: u64,
        max_plies: Option<u32>,
    ) -> PyResult<Self> {
        if n == 0 {
            return Err(value_error("a batch has at least one game"));
        }
        let size = read_size(size)?;
        let inner = visit(
            game,
            NewBatch {
                n,
                size,
                seed,
                max_plies,
            },
        )
        .and_then(|batch| batch)
        .map_err(value_error)?;
        Batch::around(py, inner)
    }

    /// The batch stored by pickling (`__reduce__`) as `json`.
    #[staticmethod]
    fn _restore(py: Python<'_>, json: &str) -> PyResult<Self> {
        let game =
            game_of_json(json).map_err(|error| value_error(format!("a stored batch: {error}")))?;
        let inner = visit(&game, BatchFromSnapshot(json))
            .and_then(|batch| batch)
            .map_err(value_error)?;
        Batch::around(py, inner)
    }

    /// Pickles as its games (positions, plies, history draws), its ply cap and its random
    /// generator: the copy steps and draws as the original does from here. (Pickling
    /// re-seeds the original's generator from itself, the copy gets the same seed.)
    fn __reduce__<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.get_type::<Batch>().getattr("_restore")?;
        let json = self.inner.snapshot();
        PyTuple::new(py, [restore, PyTuple::new(py, [json])?.into_any()])
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game()
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.inner.len()
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// The size of the action space.
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// The number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// One game's observation shape `(planes, rows, columns)`.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [planes, rows, columns] = self.inner.observation_shape();
        (planes, rows, columns)
    }

    /// The ply cap (`None`: none).
    #[getter]
    fn max_plies(&self) -> Option<u32> {
        self.inner.max_plies()
    }

    /// Which games the last call truncated at the ply cap (a `bool` array; they are also
    /// `done`).
    #[getter]
    fn truncated<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.truncated.bind(py).call_method0("copy")
    }

    /// The games `indices` (default: every game) back to the start, `seed` re-seeding
    /// `random_actions`: `(observations, masks, to_move)` of every game.
    #[pyo3(signature = (seed=None, copy=true, indices=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
        copy: bool,
        indices: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let indices = Batch::indices_of(py, indices)?;
        self.with_outputs(py, true, |inner, out| {
            inner.reset(seed, indices.as_deref(), out)
        })?;
        self.outputs(py, copy, Returned::Positions)
    }

    /// Sets game `indices[k]` to the position `texts[k]` (the game's position notation), as a
    /// new game there (no history, no plies): `(observations, masks, to_move)` of every game.
    /// `ValueError`, with nothing changed, when a text is not a position of the game or is a
    /// finished one.
    #[pyo3(signature = (indices, texts, copy=true))]
    fn set_positions<'py>(
        &mut self,
        py: Python<'py>,
        indices: &Bound<'py, PyAny>,
        texts: Vec<String>,
        copy: bool,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let indices = game_indices(py, indices)?;
        self.with_outputs(py, true, |inner, out| {
            inner.set_positions(&indices, &texts, out)
        })?;
        self.outputs(py, copy, Returned::Positions)
    }

    /// Plays `actions[k]` (an action id) in game `k`, or in game `indices[k]` when `indices`
    /// is given, all in one call with the GIL released. Returns `(observations, masks,
    /// rewards, done, to_move)` of every game: the observations (`n × planes × rows ×
    /// columns`, for the player to move) and masks (`n × num_actions`) after the step, the
    /// rewards of the step (`n × players`: the returns of the games that ended), which games
    /// ended or were truncated (and were reset to the start), and the player to move.
    /// `ValueError`, with nothing played, when an action is not legal in its game. With
    /// `copy=False` the arrays are the batch's own, overwritten by the next call;
    /// `observe=False` skips writing the observations.
    #[pyo3(signature = (actions, copy=true, observe=true, indices=None))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        copy: bool,
        observe: bool,
        indices: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let indices = Batch::indices_of(py, indices)?;
        let actions = int_array(py, actions, "actions")?;
        let actions = actions.as_slice()?;
        self.with_outputs(py, observe, |inner, out| {
            inner.step(actions, indices.as_deref(), out)
        })?;
        self.outputs(py, copy, Returned::Steps)
    }

    /// A uniformly random legal action for every game (drawn in Rust, from the batch's seed).
    #[pyo3(signature = (copy=true))]
    fn random_actions<'py>(&mut self, py: Python<'py>, copy: bool) -> PyResult<Bound<'py, PyAny>> {
        {
            let mut actions = self.actions.bind(py).readwrite();
            let out = actions.as_slice_mut()?;
            let inner = &mut self.inner;
            py.detach(|| inner.random_actions(out));
        }
        let actions = self.actions.bind(py).clone().into_any();
        if copy {
            actions.call_method0("copy")
        } else {
            Ok(actions)
        }
    }

    /// The legal action ids of every game as compressed sparse rows: `(offsets, ids)`, both
    /// `int64`, game `i`'s ids being `ids[offsets[i]:offsets[i + 1]]` (for action spaces too
    /// large for dense masks).
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i64>>) {
        let inner = &self.inner;
        let (offsets, ids) = py.detach(|| inner.legal_actions());
        (PyArray1::from_vec(py, offsets), PyArray1::from_vec(py, ids))
    }

    /// The observations of the positions the games of the last step ended in (before their
    /// reset), seen by `player` (default: the player to move there): `n × planes × rows ×
    /// columns`, zeros in the rows of games that did not end.
    #[pyo3(signature = (player=None))]
    fn final_observations<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray4<f32>>> {
        let player = player.map(|p| non_negative(p, "player")).transpose()?;
        let [planes, rows, columns] = self.inner.observation_shape();
        let n = self.inner.len();
        let mut out = vec![0.0_f32; n * planes * rows * columns];
        self.inner
            .final_observations(player, &mut out)
            .map_err(value_error)?;
        PyArray1::from_vec(py, out).reshape([n, planes, rows, columns])
    }

    /// The current positions' texts.
    fn positions(&self) -> Vec<String> {
        self.inner.texts()
    }

    /// Searches every game of the batch at its current position (its history draws
    /// included) with batched PUCT, as `boardrules.mcts` does: one `SearchResult` per game,
    /// whose `action` steps it (`batch.step([r.action for r in results])`).
    #[pyo3(signature = (evaluator, simulations=64, c_puct=1.25, root_noise=None, seed=0,
        temperature=1.0, max_nodes=DEFAULT_MAX_NODES))]
    #[allow(clippy::too_many_arguments)]
    fn mcts(
        &self,
        py: Python<'_>,
        evaluator: &Bound<'_, PyAny>,
        simulations: u64,
        c_puct: f64,
        root_noise: Option<(f64, f64)>,
        seed: u64,
        temperature: f64,
        max_nodes: usize,
    ) -> PyResult<Vec<SearchResult>> {
        let settings = settings(
            simulations,
            c_puct,
            root_noise,
            seed,
            temperature,
            max_nodes,
        )?;
        let inner = &*self.inner;
        let search = py
            .detach(|| inner.new_search(settings))
            .map_err(value_error)?;
        drive(py, search, evaluator)
    }
}
