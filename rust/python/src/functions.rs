//! Module-level functions: creating games and the batch entry points that run whole loops in
//! Rust with the GIL released.

use craftgames_core::sunrise::{self, MAX_SUNRISE_PLAYERS, MIN_SUNRISE_PLAYERS};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::convert::uint_arg;
use crate::errors::engine_error;
use crate::games::Game;
use crate::state::State;

/// A new game of `game` (e.g. `"sunrise"`) for `players` seats from `seed`; `cards` is the TOML
/// text of a card file (the default set when `None`).
#[pyfunction]
#[pyo3(
    signature = (game, players, seed = None, cards = None),
    text_signature = "(game, players, seed=0, cards=None)"
)]
pub fn new_game(
    game: &str,
    players: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    cards: Option<&str>,
) -> PyResult<State> {
    let players = uint_arg::<usize>(players, "players")?;
    let seed = seed.map_or(Ok(0), |s| uint_arg::<u64>(s, "seed"))?;
    Game::new_game(game, players, seed, cards)
        .map(|game| State { game })
        .map_err(engine_error)
}

/// The most games one `sunrise_random_playouts` call plays: its result array is allocated up
/// front, so an absurd count must be a `ValueError`, not an allocation failure.
const MAX_PLAYOUT_GAMES: usize = 100_000_000;

/// Plays `games` uniformly random games of Sunrise for `players` seats (game `i` seeded
/// `seed + i`) and returns the final scores as an int32 array of shape `(games, players)`.
#[pyfunction]
#[pyo3(
    signature = (games, seed = None, players = None),
    text_signature = "(games, seed=0, players=4)"
)]
pub fn sunrise_random_playouts<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    players: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<i32>>> {
    let games = uint_arg::<usize>(games, "games")?;
    let seed = seed.map_or(Ok(0), |s| uint_arg::<u64>(s, "seed"))?;
    let players = players.map_or(Ok(4), |p| uint_arg::<usize>(p, "players"))?;
    if !(MIN_SUNRISE_PLAYERS..=MAX_SUNRISE_PLAYERS).contains(&players) {
        return Err(PyValueError::new_err(format!(
            "Sunrise at the Studio is played by {MIN_SUNRISE_PLAYERS} to {MAX_SUNRISE_PLAYERS} \
             players, not {players}"
        )));
    }
    if games > MAX_PLAYOUT_GAMES {
        return Err(PyValueError::new_err(format!(
            "at most {MAX_PLAYOUT_GAMES} games per call, not {games}: split the work into batches"
        )));
    }
    let scores = py.detach(|| sunrise::random_games(players, games, seed));
    PyArray1::from_vec(py, scores).reshape([games, players])
}
