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
        EngineError::IllegalAction(msg) => IllegalActionError::new_err(excerpt(&msg)),
        EngineError::InvalidState(msg) => InvalidStateError::new_err(excerpt(&msg)),
        EngineError::CardData(msg) => CardDataError::new_err(excerpt(&msg)),
        EngineError::Config(msg) => PyValueError::new_err(excerpt(&msg)),
    }
}

/// The most characters of one line of an error message: enough for any sentence, and for the
/// offending part of a quoted input line (a parser quotes the whole line, which may be a
/// 400,000-character inline table).
pub const MAX_MESSAGE_LINE: usize = 240;

/// The most lines of an error message.
pub const MAX_MESSAGE_LINES: usize = 12;

/// `message` with each line cut to [`MAX_MESSAGE_LINE`] characters and at most
/// [`MAX_MESSAGE_LINES`] lines, each cut said ("… (N more characters)").
pub fn excerpt(message: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    for (i, line) in message.lines().enumerate() {
        if i == MAX_MESSAGE_LINES {
            let more = message.lines().count() - MAX_MESSAGE_LINES;
            lines.push(format!("… ({more} more lines)"));
            break;
        }
        let length = line.chars().count();
        if length <= MAX_MESSAGE_LINE {
            lines.push(line.to_owned());
        } else {
            let kept: String = line.chars().take(MAX_MESSAGE_LINE).collect();
            lines.push(format!(
                "{kept}… ({} more characters)",
                length - MAX_MESSAGE_LINE
            ));
        }
    }
    lines.join("\n")
}
