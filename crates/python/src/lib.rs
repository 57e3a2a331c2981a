//! The Python module `boardrules._boardrules`, re-exported by the package `boardrules`: the
//! five games' rule engines for Python.
//!
//! The Rust library does the work; this crate only translates. Every game is served by one
//! generic implementation ([`core`]) over the game-core traits (`Game`, `Actions`, `Observe`,
//! `Symmetries`, `Describe`) and the facade's engines, chosen by the game's name through the
//! facade's `boardrules::games::visit`. Errors from Python's side (a bad game name, a bad size, a malformed
//! position, an illegal move or action) are `ValueError`s carrying the library's reason.

mod core;

use std::sync::Mutex;
use std::time::Duration;

use boardrules::games::setup;
use game_core::{Actions, BoardSize, Describe, Gestures, Limits, Observe, Symmetries};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use boardrules::games::{GameVisitor, GAME_NAMES};

use crate::core::{BatchOf, DynBatch, DynEngine, DynState, EngineOf, Outputs, StateOf};

/// Calls `visitor` with the game type named `name`, or says why there is none.
fn visit<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Output, String> {
    boardrules::games::visit(name, visitor).map_err(|error| error.to_string())
}

/// A `ValueError` with `message`.
fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// Reads the `size` argument: `None`, a whole number (a side: `8`) or a text (`"8"`,
/// `"10x6"`).
fn read_size(size: Option<&Bound<'_, PyAny>>) -> PyResult<Option<BoardSize>> {
    let Some(size) = size else { return Ok(None) };
    if size.is_none() {
        return Ok(None);
    }
    if let Ok(side) = size.extract::<i64>() {
        let side = u32::try_from(side)
            .map_err(|_| value_error(format!("bad board size {side}: sizes are positive")))?;
        return Ok(Some(BoardSize::Side(side)));
    }
    let text: String = size
        .extract()
        .map_err(|_| value_error("a board size is a whole number or a text such as \"10x6\""))?;
    text.parse::<BoardSize>()
        .map(Some)
        .map_err(|error| value_error(format!("bad board size {text:?}: {error}")))
}

/// A game state by game name, from a position text or the start.
struct NewState<'a> {
    text: Option<&'a str>,
    size: Option<BoardSize>,
}

impl GameVisitor for NewState<'_> {
    type Output = Result<Box<dyn DynState>, String>;
    fn visit<G: Describe + Gestures + Actions + Observe + Symmetries>(self) -> Self::Output {
        let start = setup::<G>(self.text, self.size).map_err(|error| error.to_string())?;
        Ok(Box::new(StateOf::new(start)))
    }
}

/// An engine by game name.
struct NewEngine<'a> {
    spec: &'a str,
    seed: u64,
}

impl GameVisitor for NewEngine<'_> {
    type Output = Result<Box<dyn DynEngine>, String>;
    fn visit<G: Describe + Gestures + Actions + Observe + Symmetries>(self) -> Self::Output {
        Ok(Box::new(EngineOf::<G>::new(self.spec, self.seed)?))
    }
}

/// A batch by game name.
struct NewBatch {
    n: usize,
    size: Option<BoardSize>,
    seed: u64,
}

impl GameVisitor for NewBatch {
    type Output = Result<Box<dyn DynBatch>, String>;
    fn visit<G: Describe + Gestures + Actions + Observe + Symmetries>(self) -> Self::Output {
        let start = setup::<G>(None, self.size).map_err(|error| error.to_string())?;
        Ok(Box::new(BatchOf::new(start, self.n, self.seed)?))
    }
}

/// A game's board sizes by name.
struct Sizes;

impl GameVisitor for Sizes {
    type Output = Vec<String>;
    fn visit<G: Describe + Gestures + Actions + Observe + Symmetries>(self) -> Self::Output {
        G::BOARD_SIZES.iter().map(ToString::to_string).collect()
    }
}

/// A game's state by name (the start, or the position `text`).
fn make_state(game: &str, text: Option<&str>, size: Option<BoardSize>) -> PyResult<State> {
    visit(game, NewState { text, size })
        .and_then(|state| state)
        .map(|inner| State { inner })
        .map_err(value_error)
}

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

/// A new game of `game` at its start position, on a board of `size` (default: the game's
/// default board).
#[pyfunction]
#[pyo3(signature = (game, size=None))]
fn new_game(game: &str, size: Option<&Bound<'_, PyAny>>) -> PyResult<State> {
    make_state(game, None, read_size(size)?)
}

/// A game of `game` from the position `text` (the game's position notation, as `str(state)`
/// writes it).
#[pyfunction]
#[pyo3(signature = (game, text, size=None))]
fn from_text(game: &str, text: &str, size: Option<&Bound<'_, PyAny>>) -> PyResult<State> {
    make_state(game, Some(text), read_size(size)?)
}

/// The engine `name` (`default`, `random`, `mcts`, `alphabeta`, optionally `NAME:BUDGET`) for
/// `game`, seeded with `seed`.
#[pyfunction]
#[pyo3(signature = (name, game, seed=0))]
fn engine(name: &str, game: &str, seed: u64) -> PyResult<EngineHandle> {
    let inner = visit(game, NewEngine { spec: name, seed })
        .and_then(|engine| engine)
        .map_err(value_error)?;
    Ok(EngineHandle {
        inner: Mutex::new(inner),
    })
}

/// A game in progress: the current position and its history (so repetition and the other
/// history draws count).
#[pyclass(module = "boardrules")]
struct State {
    inner: Box<dyn DynState>,
}

#[pymethods]
impl State {
    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game()
    }

    /// The board size (`"8"`, `"10x6"`), `None` for a game with a single board.
    #[getter]
    fn size(&self) -> Option<String> {
        self.inner.board_size()
    }

    /// The players' names, in the order of play (their indices are the player numbers).
    #[getter]
    fn players(&self) -> Vec<String> {
        self.inner.players()
    }

    /// The number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.inner.players().len()
    }

    /// The index of the player to move.
    #[getter]
    fn to_move(&self) -> usize {
        self.inner.to_move()
    }

    /// The size of the action space (the same for every position of the game and size).
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// The observation's shape `(planes, rows, columns)`.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [planes, rows, columns] = self.inner.observation_shape();
        (planes, rows, columns)
    }

    /// The legal moves, as texts in the game's notation.
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// Plays the move written `text`; `ValueError` with the library's reason when it is not
    /// legal (or the game is over).
    fn play(&mut self, text: &str) -> PyResult<()> {
        self.inner.play_text(text).map_err(value_error)
    }

    /// Takes the last move back; `False` at the start.
    fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// The moves played so far, as texts.
    fn history(&self) -> Vec<String> {
        self.inner.history()
    }

    /// Whether the game is over (by the position or by a history draw).
    fn is_over(&self) -> bool {
        self.inner.outcome().is_some()
    }

    /// The outcome in words (`"winner white (mill)"`, `"draw (repetition)"`), `None` while
    /// the game goes on.
    fn outcome(&self) -> Option<String> {
        self.inner.outcome()
    }

    /// The winner's index, `None` in a draw and while the game goes on.
    fn winner(&self) -> Option<usize> {
        self.inner.winner()
    }

    /// One return per player: 1 for the winner and -1 for the others, 0 for all in a draw
    /// and while the game goes on.
    fn returns(&self) -> Vec<f32> {
        self.inner.returns()
    }

    /// The legal moves' action ids, in the order of `legal_moves()`.
    fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_actions()
    }

    /// The legal-action mask: a numpy `bool` array of `num_actions` entries.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.inner.num_actions()];
        self.inner.legal_action_mask(&mut mask);
        PyArray1::from_vec(py, mask)
    }

    /// Plays the legal move with id `action`; `ValueError` when no legal move has it.
    fn play_action(&mut self, action: i64) -> PyResult<()> {
        let action = usize::try_from(action).map_err(|_| {
            value_error(format!(
                "action {action} is out of range: ids are 0 or more"
            ))
        })?;
        self.inner.play_action(action).map_err(value_error)
    }

    /// The text of the legal move with id `action`.
    fn action_to_move(&self, action: i64) -> PyResult<String> {
        let action = usize::try_from(action).map_err(|_| {
            value_error(format!(
                "action {action} is out of range: ids are 0 or more"
            ))
        })?;
        self.inner.action_to_move(action).map_err(value_error)
    }

    /// The action id of the legal move written `text`.
    fn move_to_action(&self, text: &str) -> PyResult<usize> {
        self.inner.move_to_action(text).map_err(value_error)
    }

    /// The position seen by `player` (default: the player to move): a numpy `float32` array
    /// of shape `observation_shape`.
    #[pyo3(signature = (player=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, numpy::PyArray3<f32>>> {
        let player = match player {
            None => self.inner.to_move(),
            Some(player) => usize::try_from(player).map_err(|_| {
                value_error(format!(
                    "{} has players 0 to {}; no player {player}",
                    self.inner.game(),
                    self.inner.players().len() - 1
                ))
            })?,
        };
        let [planes, rows, columns] = self.inner.observation_shape();
        let mut planes_out = vec![0.0_f32; planes * rows * columns];
        self.inner
            .observe(player, &mut planes_out)
            .map_err(value_error)?;
        PyArray1::from_vec(py, planes_out).reshape([planes, rows, columns])
    }

    /// The board's symmetries applied to the position: a list of `(state, action_map)` pairs,
    /// the identity first. `state` is the mapped position (a new game without history);
    /// `action_map[id]` is the mapped position's id of the image of legal move `id`, and -1
    /// where `id` is not legal here.
    fn symmetries<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(State, Bound<'py, PyArray1<i64>>)>> {
        Ok((0..self.inner.symmetry_count())
            .map(|symmetry| {
                let (inner, map) = self.inner.symmetry(symmetry);
                (State { inner }, PyArray1::from_vec(py, map))
            })
            .collect())
    }

    /// A key equal for positions that a symmetry maps onto each other.
    fn canonical_key(&self) -> u64 {
        self.inner.canonical_key()
    }

    /// The position's hash key (equal positions have equal keys).
    fn hash_key(&self) -> u64 {
        self.inner.hash_key()
    }

    /// A copy with its own history: playing on one does not change the other.
    fn clone(&self) -> State {
        State {
            inner: self.inner.boxed_clone(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The picture of the position as an SVG document `size` pixels wide, the last move
    /// marked.
    #[pyo3(signature = (size=480))]
    fn svg(&self, size: u32) -> String {
        self.inner.svg(size)
    }

    /// The board drawn for people, with the game's detail lines.
    fn diagram(&self) -> String {
        self.inner.diagram()
    }

    fn __str__(&self) -> String {
        self.inner.text()
    }

    fn __repr__(&self) -> String {
        format!(
            "boardrules.from_text({:?}, {:?})",
            self.inner.game(),
            self.inner.text()
        )
    }

    fn __eq__(&self, other: &State) -> bool {
        self.inner.game() == other.inner.game() && self.inner.text() == other.inner.text()
    }
}

/// What an engine found: its move and the root's distribution over moves.
#[pyclass(module = "boardrules", get_all, frozen)]
struct SearchResult {
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
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        format!(
            "SearchResult(move={:?}, action={:?})",
            self.chosen, self.action
        )
    }
}

/// A player of one game (`boardrules.engine`).
#[pyclass(module = "boardrules", name = "Engine")]
struct EngineHandle {
    inner: Mutex<Box<dyn DynEngine>>,
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
        let visits = PyDict::new(py);
        let mut policy = vec![0.0_f32; found.num_actions];
        let total: u64 = found.weights.iter().map(|w| w.2).sum();
        for (text, id, weight) in &found.weights {
            visits.set_item(text, weight)?;
            if total > 0 {
                policy[*id] = *weight as f32 / total as f32;
            }
        }
        Ok(SearchResult {
            chosen: found.choice.as_ref().map(|c| c.0.clone()),
            action: found.choice.map(|c| c.1),
            visits: visits.unbind(),
            policy: PyArray1::from_vec(py, policy).unbind(),
        })
    }
}

/// `actions` as a contiguous `int64` array: any integer array or sequence is taken,
/// anything else is a `TypeError`.
fn action_array<'py>(
    py: Python<'py>,
    actions: &Bound<'py, PyAny>,
) -> PyResult<PyReadonlyArray1<'py, i64>> {
    if let Ok(array) = actions.extract::<PyReadonlyArray1<'py, i64>>() {
        if array.is_c_contiguous() {
            return Ok(array);
        }
    }
    let numpy = py.import("numpy")?;
    let array = numpy.call_method1("asarray", (actions,))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        return Err(PyTypeError::new_err(format!(
            "actions are integer action ids, not an array of dtype kind {kind:?}"
        )));
    }
    let array = numpy.call_method1("ascontiguousarray", (array, "int64"))?;
    array
        .extract::<PyReadonlyArray1<'py, i64>>()
        .map_err(|_| PyTypeError::new_err("actions are a one-dimensional array of action ids"))
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

/// `n` games of one kind stepped together: actions in, observations, masks, rewards and done
/// flags out as numpy arrays. A game that ends is reset to the start in the same step.
#[pyclass(module = "boardrules")]
struct Batch {
    inner: Box<dyn DynBatch>,
    obs: Py<numpy::PyArray4<f32>>,
    mask: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    done: Py<PyArray1<bool>>,
    to_move: Py<PyArray1<i32>>,
    actions: Py<PyArray1<i64>>,
}

impl Batch {
    /// The outputs as a tuple of fresh copies (or the batch's own arrays with `copy=False`).
    fn outputs<'py>(
        &self,
        py: Python<'py>,
        copy: bool,
        rewards: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
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
        if rewards {
            items.push(pick(self.rewards.bind(py).clone().into_any())?);
            items.push(pick(self.done.bind(py).clone().into_any())?);
        }
        items.push(pick(self.to_move.bind(py).clone().into_any())?);
        Ok(pyo3::types::PyTuple::new(py, items)?.into_any())
    }
}

#[pymethods]
impl Batch {
    /// `n` games of `game` on a board of `size`; `seed` seeds `random_actions`.
    #[new]
    #[pyo3(signature = (game, n, size=None, seed=0))]
    fn new(
        py: Python<'_>,
        game: &str,
        n: usize,
        size: Option<&Bound<'_, PyAny>>,
        seed: u64,
    ) -> PyResult<Self> {
        if n == 0 {
            return Err(value_error("a batch has at least one game"));
        }
        let size = read_size(size)?;
        let inner = visit(game, NewBatch { n, size, seed })
            .and_then(|batch| batch)
            .map_err(value_error)?;
        let [planes, rows, columns] = inner.observation_shape();
        let mut batch = Batch {
            obs: numpy::PyArray4::zeros(py, [n, planes, rows, columns], false).unbind(),
            mask: PyArray2::zeros(py, [n, inner.num_actions()], false).unbind(),
            rewards: PyArray2::zeros(py, [n, inner.num_players()], false).unbind(),
            done: PyArray1::zeros(py, [n], false).unbind(),
            to_move: PyArray1::zeros(py, [n], false).unbind(),
            actions: PyArray1::zeros(py, [n], false).unbind(),
            inner,
        };
        batch.reset_inner(py, None)?;
        Ok(batch)
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

    /// Every game back to its start: `(observations, masks, to_move)`.
    #[pyo3(signature = (seed=None, copy=true))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
        copy: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.reset_inner(py, seed)?;
        self.outputs(py, copy, false)
    }

    /// Plays `actions[i]` (an action id) in game `i`, all games in one call, with the GIL
    /// released. Returns `(observations, masks, rewards, done, to_move)`: the observations
    /// (`n × planes × rows × columns`, for the player to move) and masks (`n ×
    /// num_actions`) after the step, the rewards of the step (`n × players`: the returns of
    /// the games that ended), which games ended (and were reset to the start), and the player
    /// to move. `ValueError`, with nothing played, when an action is not legal in its game.
    /// With `copy=False` the arrays are the batch's own, overwritten by the next call.
    #[pyo3(signature = (actions, copy=true, observe=true))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        copy: bool,
        observe: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let actions = action_array(py, actions)?;
        {
            let actions = actions.as_slice()?;
            let mut obs = self.obs.bind(py).readwrite();
            let mut mask = self.mask.bind(py).readwrite();
            let mut rewards = self.rewards.bind(py).readwrite();
            let mut done = self.done.bind(py).readwrite();
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
                to_move: to_move.as_slice_mut()?,
            };
            let inner = &mut self.inner;
            py.detach(|| inner.step(actions, out))
                .map_err(value_error)?;
        }
        self.outputs(py, copy, true)
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

    /// The current positions' texts.
    fn positions(&self) -> Vec<String> {
        self.inner.texts()
    }
}

impl Batch {
    /// Resets every game into the batch's own arrays.
    fn reset_inner(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<()> {
        let mut obs = self.obs.bind(py).readwrite();
        let mut mask = self.mask.bind(py).readwrite();
        let mut rewards = self.rewards.bind(py).readwrite();
        let mut done = self.done.bind(py).readwrite();
        let mut to_move = self.to_move.bind(py).readwrite();
        let out = Outputs {
            obs: Some(obs.as_slice_mut()?),
            mask: mask.as_slice_mut()?,
            rewards: rewards.as_slice_mut()?,
            done: done.as_slice_mut()?,
            to_move: to_move.as_slice_mut()?,
        };
        let inner = &mut self.inner;
        py.detach(|| inner.reset(seed, out));
        Ok(())
    }
}

/// The module: the games, states, engines and batches.
#[pymodule]
fn _boardrules(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(sizes, m)?)?;
    m.add_function(wrap_pyfunction!(engines, m)?)?;
    m.add_function(wrap_pyfunction!(new_game, m)?)?;
    m.add_function(wrap_pyfunction!(from_text, m)?)?;
    m.add_function(wrap_pyfunction!(engine, m)?)?;
    m.add_class::<State>()?;
    m.add_class::<EngineHandle>()?;
    m.add_class::<SearchResult>()?;
    m.add_class::<Batch>()?;
    Ok(())
}
