//! Module-level functions: creating games, the batch entry points that run whole loops in
//! Rust with the GIL released, and the card catalogue.

use std::sync::{Arc, Mutex, Weak};

use craftgames_core::nijar::CardSet as NijarCards;
use craftgames_core::sunrise::CardSet;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::convert::{json_to_py, uint_arg};
use crate::errors::engine_error;
use crate::games::{Game, Options, Setup};
use crate::interrupt::interruptible;
use crate::pyser::{face_table, to_py_shared};
use crate::state::State;

/// Reads the options argument: the JSON text of an object (the façade's `json.dumps` of the
/// keyword options), or `None` for none.
pub fn options_arg(options: Option<&str>) -> PyResult<Options> {
    let Some(text) = options else {
        return Ok(Options::new());
    };
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Object(map)) => Ok(map),
        Ok(_) => Err(PyTypeError::new_err(
            "options must be the JSON text of an object (a dict of keyword options)",
        )),
        Err(e) => Err(PyValueError::new_err(format!("options are not JSON: {e}"))),
    }
}

/// A new game of `game` (e.g. `"sunrise"`) for `players` seats from `seed`; `cards` is the TOML
/// text of a card file (the default set when `None`), `options` the JSON text of the game's
/// keyword options.
#[pyfunction]
#[pyo3(
    signature = (game, players, seed = None, cards = None, options = None),
    text_signature = "(game, players, seed=0, cards=None, options=None)"
)]
pub fn new_game(
    game: &str,
    players: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    cards: Option<&str>,
    options: Option<&str>,
) -> PyResult<State> {
    let players = uint_arg::<usize>(players, "players")?;
    let seed = seed.map_or(Ok(0), |s| uint_arg::<u64>(s, "seed"))?;
    let options = options_arg(options)?;
    Game::new_game(game, players, seed, cards, &options)
        .map(|game| State { game })
        .map_err(engine_error)
}

/// The most games one `random_playouts` call plays: its result array is allocated up front, so
/// an absurd count must be a `ValueError`, not an allocation failure.
const MAX_PLAYOUT_GAMES: usize = 100_000_000;

/// Plays `games` uniformly random games of `game` for `players` seats (game `i` seeded
/// `seed + i`) and returns the final scores as an int32 array of shape `(games, players)`.
#[pyfunction]
#[pyo3(
    signature = (game, games, seed = None, players = None, cards = None, options = None),
    text_signature = "(game, games, seed=0, players=None, cards=None, options=None)"
)]
pub fn random_playouts<'py>(
    py: Python<'py>,
    game: &str,
    games: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    players: Option<&Bound<'py, PyAny>>,
    cards: Option<&str>,
    options: Option<&str>,
) -> PyResult<Bound<'py, PyArray2<i32>>> {
    let games = uint_arg::<usize>(games, "games")?;
    let seed = seed.map_or(Ok(0), |s| uint_arg::<u64>(s, "seed"))?;
    let players = players.map_or(Ok(4), |p| uint_arg::<usize>(p, "players"))?;
    let options = options_arg(options)?;
    if games > MAX_PLAYOUT_GAMES {
        return Err(PyValueError::new_err(format!(
            "at most {MAX_PLAYOUT_GAMES} games per call, not {games}: split the work into batches"
        )));
    }
    let setup = Setup::new(game, players, cards, &options).map_err(engine_error)?;
    // Ctrl-C stops it between two games (`interrupt`).
    let scores = interruptible(py, |stop| setup.random_playout_scores(games, seed, stop))?
        .map_err(engine_error)?;
    PyArray1::from_vec(py, scores).reshape([games, players])
}

/// The Python catalogues built so far, one per live card set (by its `Arc`), so that every
/// observation of a game shares one catalogue object and it is built once. Entries whose card
/// set is gone are dropped when a new one is added. (A `Weak` keeps its set's allocation, so a
/// new set can never reuse a cached set's address while the entry exists.)
static CATALOGUES: Mutex<Vec<(Weak<CardSet>, Py<PyAny>)>> = Mutex::new(Vec::new());

/// The catalogue of Sunrise card set `cards` as a Python dict, built on first use.
pub fn sunrise_catalogue<'py>(
    py: Python<'py>,
    cards: &Arc<CardSet>,
) -> PyResult<Bound<'py, PyAny>> {
    let cached = |cache: &[(Weak<CardSet>, Py<PyAny>)]| {
        cache
            .iter()
            .find(|(set, _)| std::ptr::eq(set.as_ptr(), Arc::as_ptr(cards)))
            .map(|(_, dict)| dict.bind(py).clone())
    };
    let lock = || CATALOGUES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(dict) = cached(&lock()) {
        return Ok(dict);
    }
    // Built with the lock released: building runs Python code (allocation may collect
    // garbage and switch threads), and a thread waiting on the lock would hold the GIL.
    let dict = json_to_py(py, &cards.catalogue())?;
    let mut cache = lock();
    if let Some(other) = cached(&cache) {
        return Ok(other); // another thread built it meanwhile: keep one dict per set
    }
    cache.retain(|(set, _)| set.strong_count() > 0);
    cache.push((Arc::downgrade(cards), dict.clone().unbind()));
    Ok(dict)
}

/// The catalogue of Níjar card set `cards` as a Python dict: the shared part of the set's
/// table that its observations hold under `"cards"` (built on first use, by either path).
pub fn nijar_catalogue<'py>(
    py: Python<'py>,
    cards: &Arc<NijarCards>,
) -> PyResult<Bound<'py, PyAny>> {
    let table = face_table(py, cards)?;
    to_py_shared(py, &cards.shared_catalogue(), &table)
}

/// Every card of `game`'s card set with its details, as the ids of an observation index
/// them: `cards` is the TOML text of a card file (the default set when `None`). The default
/// set's catalogue is the very dict its observations hold under `"cards"`.
#[pyfunction]
#[pyo3(signature = (game, cards = None))]
pub fn card_catalogue<'py>(
    py: Python<'py>,
    game: &str,
    cards: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    match (game, cards) {
        ("sunrise", None) => sunrise_catalogue(py, &CardSet::default_set()),
        ("sunrise", Some(text)) => {
            let set = CardSet::from_toml(text).map_err(engine_error)?;
            json_to_py(py, &set.catalogue())
        }
        ("nijar", None) => nijar_catalogue(py, &NijarCards::default_set()),
        ("nijar", Some(text)) => {
            let set = Arc::new(NijarCards::from_toml(text).map_err(engine_error)?);
            nijar_catalogue(py, &set)
        }
        _ => Err(PyValueError::new_err(format!(
            "{game:?} has no card catalogue: its observations spell out their cards"
        ))),
    }
}
