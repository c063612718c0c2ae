//! `craftgames._core`: the compiled module behind the `craftgames` Python package.
//!
//! Conversion only, no rules: every decision is made in `craftgames-core`. One file per job:
//! [`errors`] (exceptions), [`convert`] (arguments and JSON), [`games`] (the game enum and its
//! dispatch), [`state`] (the `State` class), [`score`] (score explanations), [`functions`]
//! (module functions), [`search`] (IS-MCTS and greedy moves), [`guided`] (PUCT search with a Python evaluator), [`vector`] (the batch of
//! games for learners), [`interrupt`] (long calls that Ctrl-C stops).

mod convert;
mod errors;
mod functions;
mod games;
mod guided;
mod interrupt;
mod pycache;
mod pyser;
mod score;
mod search;
mod state;
mod vector;

// The C ABI's `cg_*` functions are linked into this module and exported from it, so that
// `craftgames.capi` can load them through cffi from the module's own file.
use craftgames_capi as _;
use craftgames_core::engine::TERMINAL_PLAYER;
use pyo3::prelude::*;

/// The compiled core of craftgames.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<state::State>()?;
    m.add_class::<score::ScoreBreakdown>()?;
    m.add_class::<score::ScoreLine>()?;
    m.add(
        "IllegalActionError",
        py.get_type::<errors::IllegalActionError>(),
    )?;
    m.add(
        "InvalidStateError",
        py.get_type::<errors::InvalidStateError>(),
    )?;
    m.add("CardDataError", py.get_type::<errors::CardDataError>())?;
    m.add_function(wrap_pyfunction!(functions::new_game, m)?)?;
    m.add_function(wrap_pyfunction!(functions::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(functions::card_catalogue, m)?)?;
    m.add_function(wrap_pyfunction!(search::mcts_search, m)?)?;
    m.add_function(wrap_pyfunction!(search::greedy_action, m)?)?;
    m.add_function(wrap_pyfunction!(guided::guided_search, m)?)?;
    m.add_function(wrap_pyfunction!(guided::search_rewards, m)?)?;
    m.add_class::<vector::VectorGames>()?;
    m.add_function(wrap_pyfunction!(vector::reward_values_of, m)?)?;
    m.add("TERMINAL", TERMINAL_PLAYER)?;
    m.add("GAMES", games::GAME_NAMES.to_vec())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
