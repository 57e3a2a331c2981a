//! `boardrules.mcts` and `Batch.mcts`: batched PUCT with a Python evaluator. The trees are
//! the library's; each round selects a leaf in every search with the GIL released, calls the
//! evaluator once with all the leaves, and completes them with the GIL released again.

use numpy::{PyArray2, PyArray4, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::args::value_error;
use crate::engine::SearchResult;
use crate::erased::search::{DynSearch, Settings};
use crate::state::State;

/// The most nodes one search tree holds unless a call says otherwise (the library's
/// default): about 60 MB at most per tree.
pub(crate) const DEFAULT_MAX_NODES: usize = 1_000_000;

/// The settings of a call, checked.
pub(crate) fn settings(
    simulations: u64,
    c_puct: f64,
    root_noise: Option<(f64, f64)>,
    seed: u64,
    temperature: f64,
    max_nodes: usize,
) -> PyResult<Settings> {
    if simulations == 0 {
        return Err(value_error("simulations is at least 1"));
    }
    if !(c_puct.is_finite() && c_puct >= 0.0) {
        return Err(value_error(format!(
            "c_puct is a finite number, 0 or more, not {c_puct}"
        )));
    }
    if let Some((alpha, fraction)) = root_noise {
        if !(alpha.is_finite() && alpha > 0.0 && (0.0..=1.0).contains(&fraction)) {
            return Err(value_error(format!(
                "root_noise is (alpha, fraction) with alpha above 0 and fraction from 0 to 1, \
                 not ({alpha}, {fraction})"
            )));
        }
    }
    if temperature.is_nan() || temperature < 0.0 {
        return Err(value_error(format!(
            "temperature is 0 or more, not {temperature}"
        )));
    }
    if max_nodes < 2 {
        return Err(value_error("max_nodes is at least 2"));
    }
    Ok(Settings {
        simulations,
        c_puct,
        root_noise,
        seed,
        temperature,
        max_nodes,
    })
}

/// Searches every state of `states` at once with PUCT, the leaves of all the searches valued
/// together by `evaluator(observations, masks) -> (priors, values)`: `observations` a
/// `float32` array `[B, planes, rows, columns]` of the leaves, each from the point of view of
/// the player to move there, `masks` a `bool` array `[B, num_actions]` of their legal
/// actions; `priors` `[B, num_actions]` (non-negative weights, read at the legal actions
/// only) and `values` `[B, num_players]` (each player's expected return, from -1 to 1,
/// counted from the player to move at the leaf: column 0 is the mover's, column 1 the next
/// player's, as the observation's planes are ordered). Finished games in the trees (history
/// draws included) are valued by the rules, never by the evaluator. Returns one
/// `SearchResult` per state, in order.
#[pyfunction]
#[pyo3(signature = (states, evaluator, simulations=64, c_puct=1.25, root_noise=None, seed=0,
    temperature=1.0, max_nodes=DEFAULT_MAX_NODES))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn mcts(
    py: Python<'_>,
    states: Vec<PyRef<'_, State>>,
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
    let Some(first) = states.first() else {
        return Ok(Vec::new());
    };
    let others: Vec<&dyn crate::erased::DynState> =
        states.iter().map(|state| &*state.inner).collect();
    let first = &*first.inner;
    let search = py
        .detach(|| first.new_search(&others, settings))
        .map_err(value_error)?;
    drive(py, search, evaluator)
}

/// Runs `search` to the end with `evaluator` valuing its leaves, and makes its results.
pub(crate) fn drive(
    py: Python<'_>,
    mut search: Box<dyn DynSearch>,
    evaluator: &Bound<'_, PyAny>,
) -> PyResult<Vec<SearchResult>> {
    if !evaluator.is_callable() {
        return Err(PyTypeError::new_err(
            "the evaluator is a callable: evaluator(observations, masks) -> (priors, values)",
        ));
    }
    let [planes, rows, columns] = search.observation_shape();
    let (actions, players) = (search.num_actions(), search.num_players());
    let mut gathered = Vec::new();
    let mut values = Vec::new();
    loop {
        let leaves = {
            let search = &mut *search;
            py.detach(|| search.select())
        };
        if leaves == 0 {
            break;
        }
        let obs = PyArray4::<f32>::zeros(py, [leaves, planes, rows, columns], false);
        let mask = PyArray2::<bool>::zeros(py, [leaves, actions], false);
        {
            let mut obs_rw = obs.readwrite();
            let mut mask_rw = mask.readwrite();
            let (obs_out, mask_out) = (obs_rw.as_slice_mut()?, mask_rw.as_slice_mut()?);
            let search = &mut *search;
            py.detach(|| search.write_leaves(obs_out, mask_out));
        }
        let answer = evaluator.call1((obs, mask))?;
        let (priors, leaf_values) = read_answer(py, &answer, leaves, actions, players)?;
        // Only the legal actions' priors are read, with the GIL held (the arrays are Python's).
        let priors = priors.readonly();
        let priors = priors.as_slice()?;
        let (offsets, ids) = search.leaf_ids();
        gathered.clear();
        for k in 0..leaves {
            let row = &priors[k * actions..(k + 1) * actions];
            gathered.extend(
                ids[offsets[k]..offsets[k + 1]]
                    .iter()
                    .map(|&id| row[id as usize]),
            );
        }
        values.clear();
        values.extend_from_slice(leaf_values.readonly().as_slice()?);
        let search = &mut *search;
        let (gathered, values) = (&gathered, &values);
        py.detach(|| search.complete(gathered, values))
            .map_err(value_error)?;
    }
    let results = {
        let search = &mut *search;
        py.detach(|| search.results())
    };
    results
        .into_iter()
        .map(|found| {
            SearchResult::build(
                py,
                found.choice,
                &found.weights,
                actions,
                Some(found.value).filter(|value| !value.is_empty()),
                found.score,
            )
        })
        .collect()
}

/// A two-dimensional `float32` numpy array.
type Matrix<'py> = Bound<'py, PyArray2<f32>>;

/// The evaluator's answer as contiguous `float32` arrays of the expected shapes, or an
/// exception that says what is wrong.
fn read_answer<'py>(
    py: Python<'py>,
    answer: &Bound<'py, PyAny>,
    leaves: usize,
    actions: usize,
    players: usize,
) -> PyResult<(Matrix<'py>, Matrix<'py>)> {
    let pair = answer
        .len()
        .ok()
        .filter(|&n| n == 2)
        .and_then(|_| Some((answer.get_item(0).ok()?, answer.get_item(1).ok()?)));
    let Some((priors, values)) = pair else {
        return Err(PyTypeError::new_err(format!(
            "the evaluator returns a pair (priors, values), not {}",
            answer.get_type().name()?
        )));
    };
    let numpy = py.import("numpy")?;
    let as_array = |value: Bound<'py, PyAny>,
                    what: &str,
                    columns: usize,
                    meaning: &str|
     -> PyResult<Bound<'py, PyArray2<f32>>> {
        let array = numpy.call_method1("ascontiguousarray", (value, "float32"))?;
        let shape: Vec<usize> = array.getattr("shape")?.extract()?;
        if shape != [leaves, columns] {
            return Err(value_error(format!(
                "the evaluator's {what} have shape {shape:?}; expected [{leaves}, {columns}] \
                 (one row per leaf, {meaning})"
            )));
        }
        Ok(array.cast_into::<PyArray2<f32>>()?)
    };
    let priors = as_array(priors, "priors", actions, "one column per action id")?;
    let values = as_array(values, "values", players, "one column per player")?;
    debug_assert!(priors.is_c_contiguous() && values.is_c_contiguous());
    Ok((priors, values))
}
