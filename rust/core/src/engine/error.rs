//! Errors every game reports. Each maps to one Python exception in the binding crate.

use std::fmt;

/// What went wrong, with a sentence that names the problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The action is not legal in this position; the state is unchanged.
    IllegalAction(String),
    /// A JSON state document was rejected.
    InvalidState(String),
    /// A card data file was rejected (names the card and field).
    CardData(String),
    /// A bad configuration (player count out of range, unknown option).
    Config(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::IllegalAction(m)
            | EngineError::InvalidState(m)
            | EngineError::CardData(m)
            | EngineError::Config(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for EngineError {}

/// Result alias for engine operations.
pub type EngineResult<T> = Result<T, EngineError>;
