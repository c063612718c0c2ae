//! Conversions at the Python boundary: JSON values to Python objects, and the checked parsing
//! of seat and action arguments (a bad one is a Python exception, never a panic).

use craftgames_core::engine::{Action, Seat};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString};
use serde_json::Value;

use crate::errors::IllegalActionError;

/// Builds the Python object for a JSON value directly (no JSON text round trip).
pub fn json_to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(json_to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, json_to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// A seat argument: an int in `0..num_players`, else `ValueError` (`TypeError` for a non-int).
pub fn seat_arg(player: &Bound<'_, PyAny>, num_players: usize) -> PyResult<Seat> {
    if let Ok(seat) = player.extract::<usize>() {
        if seat < num_players {
            return Ok(seat);
        }
    } else if !player.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "a seat must be an int, not {}",
            player.get_type().name()?
        )));
    }
    Err(PyValueError::new_err(format!(
        "seat {player} is out of range: this game has seats 0..{}",
        num_players.saturating_sub(1)
    )))
}

/// An action argument: an int that fits an action id, else `IllegalActionError` (`TypeError`
/// for a non-int). Whether the id is legal now is the game's decision.
pub fn action_arg(action: &Bound<'_, PyAny>, num_distinct_actions: usize) -> PyResult<Action> {
    if let Ok(a) = action.extract::<Action>() {
        return Ok(a);
    }
    if action.is_instance_of::<PyInt>() {
        return Err(IllegalActionError::new_err(format!(
            "action {action} is out of range: action ids are 0..{}",
            num_distinct_actions.saturating_sub(1)
        )));
    }
    Err(PyTypeError::new_err(format!(
        "an action must be an int, not {}",
        action.get_type().name()?
    )))
}

/// A non-negative int argument such as a player count or a seed: an int out of `T`'s range
/// is a `ValueError` naming `what` (not an `OverflowError`); a non-int is a `TypeError`.
pub fn uint_arg<'py, T>(value: &Bound<'py, PyAny>, what: &str) -> PyResult<T>
where
    T: FromPyObject<'py> + Bounded,
{
    if let Ok(v) = value.extract::<T>() {
        return Ok(v);
    }
    if value.is_instance_of::<PyInt>() {
        return Err(PyValueError::new_err(format!(
            "{what} must be an int from 0 to {}, not {value}",
            T::MAX_TEXT
        )));
    }
    Err(PyTypeError::new_err(format!(
        "{what} must be an int, not {}",
        value.get_type().name()?
    )))
}

/// The largest value of an unsigned argument type, as users read it.
pub trait Bounded {
    /// `MAX` in decimal.
    const MAX_TEXT: &'static str;
}

impl Bounded for u64 {
    const MAX_TEXT: &'static str = "2**64 - 1";
}

impl Bounded for usize {
    const MAX_TEXT: &'static str = "2**64 - 1";
}
