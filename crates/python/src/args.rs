//! Reading Python arguments: board sizes, action arrays and game indices, with the errors a
//! Python user expects (`ValueError` for a bad value, `TypeError` for a bad type).

use game_core::BoardSize;
use numpy::{PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// A `ValueError` with `message`.
pub(crate) fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// Reads the `size` argument: `None`, a whole number (a side: `8`) or a text (`"8"`,
/// `"10x6"`).
pub(crate) fn read_size(size: Option<&Bound<'_, PyAny>>) -> PyResult<Option<BoardSize>> {
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

/// `values` as a contiguous `int64` array: any integer array or sequence is taken, anything
/// else is a `TypeError` (`what` names the values in the message).
pub(crate) fn int_array<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<PyReadonlyArray1<'py, i64>> {
    if let Ok(array) = values.extract::<PyReadonlyArray1<'py, i64>>() {
        if array.is_c_contiguous() {
            return Ok(array);
        }
    }
    let numpy = py.import("numpy")?;
    let array = numpy.call_method1("asarray", (values,))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        return Err(PyTypeError::new_err(format!(
            "{what} are integers, not an array of dtype kind {kind:?}"
        )));
    }
    let array = numpy.call_method1("ascontiguousarray", (array, "int64"))?;
    array
        .extract::<PyReadonlyArray1<'py, i64>>()
        .map_err(|_| PyTypeError::new_err(format!("{what} are a one-dimensional array")))
}

/// The game indices `indices` (integers, as [`int_array`] takes them), each 0 or more.
pub(crate) fn game_indices(py: Python<'_>, indices: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
    let array = int_array(py, indices, "game indices")?;
    array
        .as_slice()?
        .iter()
        .map(|&i| {
            usize::try_from(i).map_err(|_| {
                value_error(format!("game {i} is out of range: indices are 0 or more"))
            })
        })
        .collect()
}

/// An action id or player number given as a Python integer: `what` names it in the error
/// when it is negative.
pub(crate) fn non_negative(value: i64, what: &str) -> PyResult<usize> {
    usize::try_from(value).map_err(|_| {
        value_error(format!(
            "{what} {value} is out of range: {what}s are 0 or more"
        ))
    })
}
