//! The Python class `State` (a game in progress) and the functions that make one:
//! `new_game`, `from_text`, `from_record`.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::args::{non_negative, read_size, value_error};
use crate::by_name::{game_of_json, visit, NewState, StateFromRecord};
use crate::erased::DynState;
use game_core::BoardSize;

/// A game's state by name (the start, or the position `text`).
fn make_state(game: &str, text: Option<&str>, size: Option<BoardSize>) -> PyResult<State> {
    visit(game, NewState { text, size })
        .and_then(|state| state)
        .map(|inner| State { inner })
        .map_err(value_error)
}

/// A new game of `game` at its start position, on a board of `size` (default: the game's
/// default board).
#[pyfunction]
#[pyo3(signature = (game, size=None))]
pub(crate) fn new_game(game: &str, size: Option<&Bound<'_, PyAny>>) -> PyResult<State> {
    make_state(game, None, read_size(size)?)
}

/// A game of `game` from the position `text` (the game's position notation, as `str(state)`
/// writes it).
#[pyfunction]
#[pyo3(signature = (game, text, size=None))]
pub(crate) fn from_text(
    game: &str,
    text: &str,
    size: Option<&Bound<'_, PyAny>>,
) -> PyResult<State> {
    make_state(game, Some(text), read_size(size)?)
}

/// The game stored as the library's JSON game record (as `State.record()` writes it): its
/// start, its draw rules and its moves, replayed, so the history draws count.
#[pyfunction]
pub(crate) fn from_record(json: &str) -> PyResult<State> {
    let game =
        game_of_json(json).map_err(|error| value_error(format!("a game record: {error}")))?;
    visit(&game, StateFromRecord(json))
        .and_then(|state| state)
        .map(|inner| State { inner })
        .map_err(value_error)
}

/// A game in progress: the current position and its history (so repetition and the other
/// history draws count).
#[pyclass(module = "boardrules")]
pub(crate) struct State {
    pub(crate) inner: Box<dyn DynState>,
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
        let action = non_negative(action, "action")?;
        self.inner.play_action(action).map_err(value_error)
    }

    /// The text of the legal move with id `action`.
    fn action_to_move(&self, action: i64) -> PyResult<String> {
        let action = non_negative(action, "action")?;
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

    /// The game as the library's JSON game record (its start, draw rules and moves), which
    /// `boardrules.from_record` reads back.
    fn record(&self) -> String {
        self.inner.record()
    }

    /// Pickles as its game record, so the copy has the history (and its draws) too.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let from_record = py
            .import("boardrules._boardrules")?
            .getattr("from_record")?;
        PyTuple::new(
            py,
            [
                from_record,
                PyTuple::new(py, [self.inner.record()])?.into_any(),
            ],
        )
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
