//! Search entry points: IS-MCTS and the one-ply greedy move. Each copies the state (so the
//! caller's `State` stays free for other threads), releases the GIL, runs the core's search,
//! and converts the answer; the options are parsed here so a
//! bad name raises `ValueError` before any work starts.

use craftgames_core::search::{
    bots::greedy_action as core_greedy_action, search_until as core_search_until, FinalChoice,
    MctsOptions, NodeKey, RewardKind, RolloutPolicy,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::convert::uint_arg;
use crate::errors::engine_error;
use crate::games::dispatch;
use crate::interrupt::interruptible;
use crate::state::State;

/// Iterations when neither `iterations` nor `time_ms` is given.
const DEFAULT_ITERATIONS: u64 = 1000;

/// IS-MCTS from `state` for the seat to act. Returns `(action, stats, iterations)`: the chosen
/// action, one dict per root action tried (`action`, `visits`, `mean_reward` — a list with
/// one float per seat), by ascending action id, and the simulations run.
///
/// `rollout` is `"random"`, `"greedy"` or `"greedy:EPS"`; `reward` is `"rank"`, `"win"` or
/// `"margin"`; `tree` is `"history"` or `"infoset"`; `choose` is `"visits"` (the most-visited
/// root action) or `"mean"` (the best mean reward among the well-visited). Without `iterations` or `time_ms` it
/// runs 1000 iterations. Raises `ValueError` for bad options or a finished game.
#[pyfunction]
#[pyo3(signature = (
    state,
    iterations = None,
    time_ms = None,
    threads = None,
    seed = 0,
    // The core's defaults (MctsOptions::default()), written out because Python shows only
    // literal defaults in the signature (a test pins them to the core's).
    exploration = 0.25,
    rollout = "greedy:0.2",
    reward = "margin",
    tree = "history",
    choose = "visits",
),
text_signature = "(state, iterations=None, time_ms=None, threads=1, seed=0, exploration=0.25, \
    rollout='greedy:0.2', reward='margin', tree='history', choose='visits')"
)]
#[allow(clippy::too_many_arguments)] // mirrors the keyword arguments of the Python API
pub fn mcts_search<'py>(
    py: Python<'py>,
    state: &Bound<'py, State>,
    iterations: Option<&Bound<'py, PyAny>>,
    time_ms: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    seed: u64,
    exploration: f64,
    rollout: &str,
    reward: &str,
    tree: &str,
    choose: &str,
) -> PyResult<(u32, Bound<'py, PyList>, u64)> {
    // Counts are read as any int so a negative or huge one gets a sentence, not an
    // OverflowError.
    let iterations = iterations
        .map(|i| uint_arg::<u64>(i, "iterations"))
        .transpose()?;
    let time_ms = time_ms.map(|t| uint_arg::<u64>(t, "time_ms")).transpose()?;
    // Above MAX_THREADS the core rejects it with a sentence of its own.
    let threads = threads.map_or(Ok(1), |t| uint_arg::<usize>(t, "threads"))?;
    let options = MctsOptions {
        iterations: match (iterations, time_ms) {
            (None, None) => Some(DEFAULT_ITERATIONS),
            (i, _) => i,
        },
        time_ms,
        exploration,
        rollout: RolloutPolicy::parse(rollout).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown rollout {rollout:?}: use \"random\", \"greedy\" or \"greedy:EPS\" \
                 with EPS in [0, 1]"
            ))
        })?,
        node_key: NodeKey::parse(tree).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown tree {tree:?}: use \"history\" or \"infoset\""
            ))
        })?,
        reward: RewardKind::parse(reward).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown reward {reward:?}: use \"rank\", \"win\" or \"margin\""
            ))
        })?,
        seed,
        threads,
        final_choice: FinalChoice::parse(choose).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown choose {choose:?}: use \"visits\" or \"mean\""
            ))
        })?,
    };
    // The search runs on a snapshot: `state` is not borrowed while it runs, so another
    // thread may go on using it (e.g. `apply_action`); Ctrl-C stops it (`interrupt`).
    let game = state.borrow().game.clone();
    let result = interruptible(
        py,
        |stop| dispatch!(&game, s => core_search_until(s, &options, stop)),
    )?
    .map_err(engine_error)?;
    let stats = PyList::empty(py);
    for s in &result.stats {
        let d = PyDict::new(py);
        d.set_item("action", s.action)?;
        d.set_item("visits", s.visits)?;
        d.set_item("mean_reward", s.mean_reward.to_vec())?;
        stats.append(d)?;
    }
    Ok((result.action, stats, result.iterations))
}

/// The one-ply greedy move for the seat to act: the action after which its heuristic lead
/// over the best other seat is largest, judged on a determinization from its own point of
/// view; ties broken by `seed`. Raises `ValueError` when the game is over.
#[pyfunction]
#[pyo3(signature = (state, seed = 0))]
pub fn greedy_action(py: Python<'_>, state: &Bound<'_, State>, seed: u64) -> PyResult<u32> {
    let game = state.borrow().game.clone(); // a snapshot, as for `mcts_search`
    py.detach(move || dispatch!(&game, s => core_greedy_action(s, seed)))
        .ok_or_else(|| PyValueError::new_err("the game is over: there is no move to choose"))
}
