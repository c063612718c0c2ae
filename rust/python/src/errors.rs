//! The exception hierarchy and the one mapping from core errors to it.
//!
//! Every exception subclasses `ValueError`, so callers that only know "bad input" still catch
//! them; callers that care get the precise type (see architecture.md, "Errors").

use craftgames_core::engine::EngineError;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    craftgames,
    IllegalActionError,
    PyValueError,
    "An action id that is not legal in this position; the state is unchanged."
);
create_exception!(
    craftgames,
    InvalidStateError,
    PyValueError,
    "A JSON state document that was rejected (malformed, wrong game, wrong version, inconsistent)."
);
create_exception!(
    craftgames,
    CardDataError,
    PyValueError,
    "A card data file that was rejected; the message names the card and the field."
);

/// The Python exception for a core error: the one place where this mapping lives.
pub fn engine_error(err: EngineError) -> PyErr {
    match err {
        EngineError::IllegalAction(msg) => IllegalActionError::new_err(msg),
        EngineError::InvalidState(msg) => InvalidStateError::new_err(msg),
        EngineError::CardData(msg) => CardDataError::new_err(msg),
        EngineError::Config(msg) => PyValueError::new_err(msg),
    }
}
