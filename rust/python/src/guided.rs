//! Guided (PUCT) search of many states at once (`craftgames.guided`): the tree work runs in
//! the core with the GIL released; the GIL is taken back only to call the Python evaluator,
//! once per batch of leaves, with `(B, D)` float32 observations and `(B, A)` bool masks.
//!
//! The core writes each batch's rows straight into two numpy arrays made once per search
//! ([`LeafArrays`]), so a leaf costs no copy and no allocation on the way to the evaluator.
//! An evaluator that keeps those arrays (or a view of them) past its call gets fresh ones the
//! next batch, so what it kept is never overwritten: to it every batch looks newly made.
//! Without an evaluator the built-in guide's search runs on a worker thread that Ctrl-C stops
//! (`interrupt`).

use craftgames_core::engine::GameState;
use craftgames_core::search::reward::terminal_rewards;
use craftgames_core::search::{
    Guide, GuidedOptions, GuidedResult, GuidedSearch, PriorOutput, RewardKind, RolloutPolicy,
    Selection, ValueOrder,
};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PySlice;

use crate::errors::engine_error;
use crate::games::{dispatch, Game};
use crate::interrupt::interruptible;
use crate::state::State;

/// One root's answer: `(action, policy, root_value, observation, visits, simulations)`.
type PyResultRow = (
    u32,
    Py<PyArray1<f32>>,
    Py<PyArray1<f64>>,
    Py<PyArray1<f32>>,
    Vec<(u32, u64)>,
    u64,
);

fn parse<T>(value: Option<T>, what: &str, given: &str, names: &str) -> PyResult<T> {
    value.ok_or_else(|| PyValueError::new_err(format!("unknown {what} {given:?}: use {names}")))
}

/// Guided IS-MCTS of every state in `states` (one game and player count) for its seat to act.
/// With `evaluator` (a callable `(observations, masks) -> (priors, values)`) the leaves are
/// valued by it, a batch at a time; without, by the built-in `guide` (`"uniform"` or
/// `"greedy"` priors, rollout values). See `craftgames.guided.search_many`.
///
/// `c_puct`'s default is the core's `guided::DEFAULT_C_PUCT`, written as a number so that
/// Python's signature (and the stub, checked by stubtest) shows it.
#[pyfunction]
#[pyo3(signature = (
    states, evaluator = None, *, guide = "uniform", simulations = 200, selection = "puct",
    c_puct = 1.5, fpu = 0.5, exploration = 0.25, in_flight = 1,
    dirichlet_alpha = None, dirichlet_fraction = 0.25, temperature = 0.0, outputs = "logits",
    values = "seats", reward = "margin", rollout = "greedy:0.2", rollout_weight = 0.0, seed = 0,
))]
#[allow(clippy::too_many_arguments)] // mirrors the keyword arguments of the Python API
pub fn guided_search(
    py: Python<'_>,
    states: Vec<PyRef<'_, State>>,
    evaluator: Option<Bound<'_, PyAny>>,
    guide: &str,
    simulations: u64,
    selection: &str,
    c_puct: f64,
    fpu: f64,
    exploration: f64,
    in_flight: usize,
    dirichlet_alpha: Option<f64>,
    dirichlet_fraction: f64,
    temperature: f64,
    outputs: &str,
    values: &str,
    reward: &str,
    rollout: &str,
    rollout_weight: f64,
    seed: u64,
) -> PyResult<Vec<PyResultRow>> {
    let rollout = parse(
        RolloutPolicy::parse(rollout),
        "rollout",
        rollout,
        "\"random\", \"greedy\" or \"greedy:EPS\"",
    )?;
    let guide = match guide {
        "uniform" => Guide::UniformRollout(rollout),
        "greedy" => Guide::GreedyRollout(rollout),
        _ => parse(None, "guide", guide, "\"uniform\" or \"greedy\"")?,
    };
    let options = GuidedOptions {
        simulations,
        selection: match selection {
            "puct" => Selection::Puct { c: c_puct, fpu },
            "ucb1" => Selection::Ucb1 { exploration },
            _ => parse(None, "selection", selection, "\"puct\" or \"ucb1\"")?,
        },
        reward: parse(
            RewardKind::parse(reward),
            "reward",
            reward,
            "\"rank\", \"win\" or \"margin\"",
        )?,
        in_flight,
        dirichlet: dirichlet_alpha.map(|alpha| (alpha, dirichlet_fraction)),
        temperature,
        prior_output: parse(
            PriorOutput::parse(outputs),
            "outputs",
            outputs,
            "\"logits\" or \"priors\"",
        )?,
        value_order: parse(
            ValueOrder::parse(values),
            "values",
            values,
            "\"seats\" or \"relative\"",
        )?,
        // A weight of 0 plays no rollouts at all.
        rollout_mix: (rollout_weight != 0.0).then_some((rollout_weight, rollout)),
        seed,
    };
    let games: Vec<Game> = states.iter().map(|s| s.game.clone()).collect();
    drop(states);
    let results = match games.first() {
        None => {
            return Err(PyValueError::new_err(
                "guided search needs at least one state",
            ))
        }
        Some(Game::Sunrise(_)) => run(
            py,
            unwrap_all(games, |g| match g {
                Game::Sunrise(s) => Some(s),
                _ => None,
            })?,
            options,
            evaluator,
            guide,
        )?,
        Some(Game::Sorcery(_)) => run(
            py,
            unwrap_all(games, |g| match g {
                Game::Sorcery(s) => Some(s),
                _ => None,
            })?,
            options,
            evaluator,
            guide,
        )?,
        Some(Game::Nijar(_)) => run(
            py,
            unwrap_all(games, |g| match g {
                Game::Nijar(s) => Some(s),
                _ => None,
            })?,
            options,
            evaluator,
            guide,
        )?,
    };
    Ok(results
        .into_iter()
        .map(|r| {
            (
                r.action,
                PyArray1::from_vec(py, r.policy).unbind(),
                PyArray1::from_vec(py, r.root_value).unbind(),
                PyArray1::from_vec(py, r.observation).unbind(),
                r.visits,
                r.simulations,
            )
        })
        .collect())
}

/// What the finished game `state` is worth to each seat under the search's `reward`, on the
/// `[0, 1]` scale a guided search backs up (`craftgames.guided.terminal_values`): the value
/// an evaluator's value head should learn. Refuses a game that is not over.
#[pyfunction]
#[pyo3(signature = (state, reward = "margin"))]
pub fn search_rewards(state: PyRef<'_, State>, reward: &str) -> PyResult<Vec<f64>> {
    let kind = parse(
        RewardKind::parse(reward),
        "reward",
        reward,
        "\"rank\", \"win\" or \"margin\"",
    )?;
    dispatch!(&state.game, s => {
        if !s.is_terminal() {
            return Err(PyValueError::new_err(
                "the game is not over: a search's reward is paid only at the end",
            ));
        }
        Ok(terminal_rewards(s, kind).to_vec())
    })
}

/// Every game of `games` as the concrete state `unwrap` takes, or an error naming the first
/// of another game.
fn unwrap_all<G>(games: Vec<Game>, unwrap: fn(Game) -> Option<G>) -> PyResult<Vec<G>> {
    games
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            unwrap(g).ok_or_else(|| {
                PyValueError::new_err(format!("state {i} is of another game than state 0"))
            })
        })
        .collect()
}

fn run<G: GameState>(
    py: Python<'_>,
    roots: Vec<G>,
    options: GuidedOptions,
    evaluator: Option<Bound<'_, PyAny>>,
    guide: Guide,
) -> PyResult<Vec<GuidedResult>> {
    let mut search = GuidedSearch::new(roots, options).map_err(engine_error)?;
    let Some(evaluator) = evaluator else {
        // Ctrl-C stops the search between two simulations.
        interruptible(py, |stop| search.run_builtin_until(guide, stop))?.map_err(engine_error)?;
        return Ok(search.results());
    };
    let dims = search.dims();
    let (d, a, p) = (dims.observation, dims.actions, dims.players);
    let rows = search.max_batch();
    let mut arrays = LeafArrays::new(py, rows, d, a);
    loop {
        if arrays.kept_elsewhere() {
            arrays = LeafArrays::new(py, rows, d, a);
        }
        let b = {
            let mut observations = arrays.observations.readwrite();
            let mut masks = arrays.masks.readwrite();
            let (observations, masks) = (observations.as_slice_mut()?, masks.as_slice_mut()?);
            py.detach(|| search.collect_into(observations, masks))
                .map_err(engine_error)?
        };
        if b == 0 {
            break;
        }
        let (observations, masks) = arrays.first_rows(b)?;
        let answer = evaluator.call1((observations, masks))?;
        let (priors, values): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
            answer.extract().map_err(|_| {
                PyTypeError::new_err("the evaluator must return a pair (priors, values)")
            })?;
        let priors = array_arg(&priors, "priors", b, a)?;
        let values = array_arg(&values, "values", b, p)?;
        let (priors, values) = (priors.as_slice()?, values.as_slice()?);
        py.detach(|| search.apply(priors, values))
            .map_err(engine_error)?;
        py.check_signals()?; // Ctrl-C between batches
    }
    Ok(search.results())
}

/// The arrays the core writes a batch's rows into: `(rows, D)` float32 observations and
/// `(rows, A)` bool masks, of which the evaluator sees the first `B` rows.
struct LeafArrays<'py> {
    observations: Bound<'py, PyArray2<f32>>,
    masks: Bound<'py, PyArray2<bool>>,
}

impl<'py> LeafArrays<'py> {
    fn new(py: Python<'py>, rows: usize, d: usize, a: usize) -> Self {
        LeafArrays {
            observations: PyArray2::zeros(py, [rows, d], false),
            masks: PyArray2::zeros(py, [rows, a], false),
        }
    }

    /// Whether anything but this struct still refers to either array (the evaluator kept
    /// it, or a view of it, which refers to it as its base): then it must not be rewritten.
    fn kept_elsewhere(&self) -> bool {
        self.observations.get_refcnt() > 1 || self.masks.get_refcnt() > 1
    }

    /// Read-only views of the batch's `b` rows of each array: the search writes only the
    /// mask entries that change between batches, so the evaluator must not edit them.
    fn first_rows(&self, b: usize) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let rows = PySlice::new(self.observations.py(), 0, b as isize, 1);
        let read_only = |view: Bound<'py, PyAny>| -> PyResult<Bound<'py, PyAny>> {
            view.getattr("flags")?.setattr("writeable", false)?;
            Ok(view)
        };
        Ok((
            read_only(self.observations.get_item(&rows)?)?,
            read_only(self.masks.get_item(&rows)?)?,
        ))
    }
}

/// An evaluator output as a C-contiguous float32 array of shape `(rows, cols)`.
fn array_arg<'py>(
    value: &Bound<'py, PyAny>,
    name: &str,
    rows: usize,
    cols: usize,
) -> PyResult<PyReadonlyArray2<'py, f32>> {
    let array: PyReadonlyArray2<'py, f32> = value.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "the evaluator's {name} must be a 2-D float32 numpy array of shape ({rows}, {cols})"
        ))
    })?;
    let shape = array.shape();
    if shape != [rows, cols] {
        return Err(PyValueError::new_err(format!(
            "the evaluator's {name} have shape {shape:?}; expected ({rows}, {cols})"
        )));
    }
    if !array.is_c_contiguous() {
        return Err(PyValueError::new_err(format!(
            "the evaluator's {name} must be C-contiguous"
        )));
    }
    Ok(array)
}
