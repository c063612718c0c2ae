//! Module-level functions: creating games and the batch entry points that run whole loops in
//! Rust with the GIL released.

use craftgames_core::sunrise::{self, MAX_SUNRISE_PLAYERS, MIN_SUNRISE_PLAYERS};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::engine_error;
use crate::games::Game;
use crate::state::State;

/// A new game of `game` (e.g. `"sunrise"`) for `players` seats from `seed`; `cards` is the TOML
/// text of a card file (the default set when `None`).
#[pyfunction]
#[pyo3(signature = (game, players, seed = 0, cards = None))]
pub fn new_game(game: &str, players: usize, seed: u64, cards: Option<&str>) -> PyResult<State> {
    Game::new_game(game, players, seed, cards)
        .map(|game| State { game })
        .map_err(engine_error)
}

/// Plays `games` uniformly random games of Sunrise for `players` seats (game `i` seeded
/// `seed + i`) and returns the final scores as an int32 array of shape `(games, players)`.
#[pyfunction]
#[pyo3(signature = (games, seed = 0, players = 4))]
pub fn sunrise_random_playouts<'py>(
    py: Python<'py>,
    games: usize,
    seed: u64,
    players: usize,
) -> PyResult<Bound<'py, PyArray2<i32>>> {
    if !(MIN_SUNRISE_PLAYERS..=MAX_SUNRISE_PLAYERS).contains(&players) {
        return Err(PyValueError::new_err(format!(
            "Sunrise at the Studio is played by {MIN_SUNRISE_PLAYERS} to {MAX_SUNRISE_PLAYERS} \
             players, not {players}"
        )));
    }
    let scores = py.detach(|| sunrise::random_games(players, games, seed));
    PyArray1::from_vec(py, scores).reshape([games, players])
}
