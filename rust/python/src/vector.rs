//! `VectorGames`: the core's batch of games (`craftgames_core::vector`) with its output rows as
//! numpy arrays the object owns, written in place by `reset` and `step` with the GIL released.

use std::sync::Arc;

use craftgames_core::engine::{
    Action, CompactDtype, EngineError, EngineResult, GameState, TensorCell, TensorSpec,
};
use craftgames_core::vector::{
    reward::{REWARD_MODE_NAMES, REWARD_TIMING_NAMES},
    reward_values, BatchOptions, Dealer, LearnReward, Outputs, RewardMode, RewardTiming,
    SeatPlayer, VectorGames as CoreBatch,
};
use numpy::{Element, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::engine_error;
use crate::functions::options_arg;
use crate::games::{dispatch, Game, Setup};
use crate::state::State;

/// The batch of whichever game.
enum AnyBatch {
    Sunrise(CoreBatch<craftgames_core::sunrise::SunriseState>),
    Sorcery(CoreBatch<craftgames_core::sorcery::SorceryState>),
    Nijar(CoreBatch<craftgames_core::nijar::NijarState>),
}

macro_rules! on_batch {
    ($batch:expr, $b:ident => $body:expr) => {
        match $batch {
            AnyBatch::Sunrise($b) => $body,
            AnyBatch::Sorcery($b) => $body,
            AnyBatch::Nijar($b) => $body,
        }
    };
}

/// A dealer of one game's states out of a setup that deals `Game`s.
fn dealer<G: GameState>(setup: Arc<Setup>, unwrap: fn(Game) -> Option<G>) -> Dealer<G> {
    Arc::new(move |seed| {
        unwrap(setup.deal(seed)?)
            .ok_or_else(|| EngineError::Config("the setup dealt another game".into()))
    })
}

/// The reward named by `mode` and `timing`, or a `ValueError` listing the names.
fn reward_arg(mode: &str, timing: &str) -> PyResult<LearnReward> {
    Ok(LearnReward {
        mode: RewardMode::parse(mode).ok_or_else(|| {
            PyValueError::new_err(format!("unknown reward {mode:?}: use {REWARD_MODE_NAMES}"))
        })?,
        timing: RewardTiming::parse(timing).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown reward timing {timing:?}: use {REWARD_TIMING_NAMES}"
            ))
        })?,
    })
}

/// N games of one game, setup and player count stepped together (see `craftgames.vector`).
#[pyclass(module = "craftgames._core", name = "VectorGames")]
pub struct VectorGames {
    batch: AnyBatch,
    actions: Vec<Action>,
    /// `(N, D)` each: the observations and the final observations, in the chosen type.
    rows: Observations,
    /// `(N, A)` bool.
    #[pyo3(get)]
    masks: Py<PyArray2<bool>>,
    /// `(N, P)` float32.
    #[pyo3(get)]
    rewards: Py<PyArray2<f32>>,
    /// `(N,)` bool.
    #[pyo3(get)]
    terminated: Py<PyArray1<bool>>,
    /// `(N,)` int32.
    #[pyo3(get)]
    to_act: Py<PyArray1<i32>>,
    /// `(N,)` uint64.
    #[pyo3(get)]
    seeds: Py<PyArray1<u64>>,
    /// `(N, P)` float32.
    #[pyo3(get)]
    final_returns: Py<PyArray2<f32>>,
    /// `(N, P)` int32.
    #[pyo3(get)]
    final_scores: Py<PyArray2<i32>>,
    /// `(N,)` uint64.
    #[pyo3(get)]
    final_seeds: Py<PyArray1<u64>>,
    /// `(D,)` float32: the lowest value of each observation entry (proved).
    #[pyo3(get)]
    observation_low: Py<PyArray1<f32>>,
    /// `(D,)` float32: the highest value of each observation entry (proved).
    #[pyo3(get)]
    observation_high: Py<PyArray1<f32>>,
    /// `(D,)` float32: the float value of one unit of each entry (`compact × scale` is the
    /// float tensor).
    #[pyo3(get)]
    observation_scale: Py<PyArray1<f32>>,
    /// `(D,)` int32: the lowest count of each entry (the compact form's lower bounds).
    #[pyo3(get)]
    observation_count_low: Py<PyArray1<i32>>,
    /// `(D,)` int32: the highest count of each entry.
    #[pyo3(get)]
    observation_count_high: Py<PyArray1<i32>>,
}

/// Observation rows (and the final ones) of one element type.
struct Rows<T> {
    observations: Py<PyArray2<T>>,
    finals: Py<PyArray2<T>>,
}

impl<T: Element> Rows<T> {
    fn zeros(py: Python<'_>, games: usize, d: usize) -> Self {
        Rows {
            observations: PyArray2::zeros(py, [games, d], false).unbind(),
            finals: PyArray2::zeros(py, [games, d], false).unbind(),
        }
    }
}

/// The observation rows in the type the caller chose: the float tensor or its compact
/// counts.
enum Observations {
    Float(Rows<f32>),
    U8(Rows<u8>),
    I8(Rows<i8>),
    I16(Rows<i16>),
}

macro_rules! on_rows {
    ($rows:expr, $r:ident => $body:expr) => {
        match $rows {
            Observations::Float($r) => $body,
            Observations::U8($r) => $body,
            Observations::I8($r) => $body,
            Observations::I16($r) => $body,
        }
    };
}

/// The observation type named `name` for a game of `spec`: `"float32"`, `"compact"` (the
/// smallest integer type that holds every count) or an integer type that does; otherwise a
/// `ValueError` saying which would.
fn observation_dtype(name: &str, spec: &TensorSpec) -> PyResult<Option<CompactDtype>> {
    let compact = spec.compact_dtype();
    let dtype = match name {
        "float32" => return Ok(None),
        "compact" => compact,
        other => Some(CompactDtype::parse(other).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown observation_dtype {other:?}: use \"float32\", \"compact\", \"uint8\", \
                 \"int8\" or \"int16\""
            ))
        })?),
    };
    match dtype {
        Some(d) if spec.fits(d) => Ok(Some(d)),
        _ => {
            let (low, high) = spec.count_range();
            Err(PyValueError::new_err(format!(
                "observation_dtype {name:?} cannot hold this game's tensor, whose counts reach \
                 {low}..={high}: its compact dtype is {}",
                compact.map_or("none (use float32)", CompactDtype::name)
            )))
        }
    }
}

#[pymethods]
impl VectorGames {
    #[new]
    #[pyo3(signature = (game, players, games, seats = None, reward = "score", timing = "end",
                        threads = 1, cards = None, options = None, observation_dtype = "float32"))]
    #[allow(clippy::too_many_arguments)] // mirrors the keyword arguments of the Python API
    fn new(
        py: Python<'_>,
        game: &str,
        players: usize,
        games: usize,
        seats: Option<Vec<String>>,
        reward: &str,
        timing: &str,
        threads: usize,
        cards: Option<&str>,
        options: Option<&str>,
        observation_dtype: &str,
    ) -> PyResult<Self> {
        let options = options_arg(options)?;
        let setup = Arc::new(Setup::new(game, players, cards, &options).map_err(engine_error)?);
        let probe = setup.deal(0).map_err(engine_error)?;
        let seat_count = dispatch!(&probe, s => s.num_players());
        let seats = match seats {
            None => vec![SeatPlayer::Learner; seat_count],
            Some(names) => names
                .iter()
                .map(|n| SeatPlayer::parse(n))
                .collect::<EngineResult<_>>()
                .map_err(engine_error)?,
        };
        let options = BatchOptions {
            seats,
            reward: reward_arg(reward, timing)?,
            threads,
        };
        // The layout is fixed per game: computed once, here.
        let spec = dispatch!(&probe, s => s.observation_tensor_spec());
        let dtype = self::observation_dtype(observation_dtype, &spec)?;
        let batch = match probe {
            Game::Sunrise(_) => AnyBatch::Sunrise(
                CoreBatch::new(
                    games,
                    dealer(setup, |g| match g {
                        Game::Sunrise(s) => Some(s),
                        _ => None,
                    }),
                    options,
                )
                .map_err(engine_error)?,
            ),
            Game::Sorcery(_) => AnyBatch::Sorcery(
                CoreBatch::new(
                    games,
                    dealer(setup, |g| match g {
                        Game::Sorcery(s) => Some(s),
                        _ => None,
                    }),
                    options,
                )
                .map_err(engine_error)?,
            ),
            Game::Nijar(_) => AnyBatch::Nijar(
                CoreBatch::new(
                    games,
                    dealer(setup, |g| match g {
                        Game::Nijar(s) => Some(s),
                        _ => None,
                    }),
                    options,
                )
                .map_err(engine_error)?,
            ),
        };
        let dims = on_batch!(&batch, b => b.dims());
        let (p, d, a) = (dims.players, dims.observation, dims.actions);
        Ok(VectorGames {
            batch,
            actions: vec![0; games],
            rows: match dtype {
                None => Observations::Float(Rows::zeros(py, games, d)),
                Some(CompactDtype::U8) => Observations::U8(Rows::zeros(py, games, d)),
                Some(CompactDtype::I8) => Observations::I8(Rows::zeros(py, games, d)),
                Some(CompactDtype::I16) => Observations::I16(Rows::zeros(py, games, d)),
            },
            masks: PyArray2::zeros(py, [games, a], false).unbind(),
            rewards: PyArray2::zeros(py, [games, p], false).unbind(),
            terminated: PyArray1::zeros(py, games, false).unbind(),
            to_act: PyArray1::zeros(py, games, false).unbind(),
            seeds: PyArray1::zeros(py, games, false).unbind(),
            final_returns: PyArray2::zeros(py, [games, p], false).unbind(),
            final_scores: PyArray2::zeros(py, [games, p], false).unbind(),
            final_seeds: PyArray1::zeros(py, games, false).unbind(),
            observation_low: PyArray1::from_vec(py, spec.float_low()).unbind(),
            observation_high: PyArray1::from_vec(py, spec.float_high()).unbind(),
            observation_scale: PyArray1::from_slice(py, &spec.scale).unbind(),
            observation_count_low: PyArray1::from_slice(py, &spec.low).unbind(),
            observation_count_high: PyArray1::from_slice(py, &spec.high).unbind(),
        })
    }

    /// `(N, D)`: the acting seat's observation in each game, float32 or compact counts.
    #[getter]
    fn observations(&self, py: Python<'_>) -> Py<PyAny> {
        on_rows!(&self.rows, r => r.observations.clone_ref(py).into_any())
    }

    /// `(N, D)`: each finished game's last observation, as `observations`.
    #[getter]
    fn final_observations(&self, py: Python<'_>) -> Py<PyAny> {
        on_rows!(&self.rows, r => r.finals.clone_ref(py).into_any())
    }

    /// numpy's name of the observations' type.
    #[getter]
    fn observation_dtype(&self) -> &'static str {
        on_rows!(&self.rows, r => element_name(r))
    }

    /// Games in the batch.
    #[getter]
    fn num_games(&self) -> usize {
        self.actions.len()
    }

    /// Seats per game.
    #[getter]
    fn num_players(&self) -> usize {
        on_batch!(&self.batch, b => b.dims().players)
    }

    /// Length of an observation row.
    #[getter]
    fn observation_size(&self) -> usize {
        on_batch!(&self.batch, b => b.dims().observation)
    }

    /// Width of a mask row (the game's distinct actions).
    #[getter]
    fn num_actions(&self) -> usize {
        on_batch!(&self.batch, b => b.dims().actions)
    }

    /// Deals a new game in every slot from `seed` and writes the arrays.
    fn reset(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        self.run(py, None, seed)
    }

    /// Applies `actions[i]` (int64, shape `(N,)`) in game `i` and writes the arrays.
    fn step(&mut self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let given = actions.as_slice()?;
        if given.len() != self.actions.len() {
            return Err(PyValueError::new_err(format!(
                "actions has shape ({},); {} games need one action each",
                given.len(),
                self.actions.len()
            )));
        }
        for (slot, &a) in self.actions.iter_mut().zip(given) {
            // Out-of-range ids become u32::MAX, which the core refuses, naming the game.
            *slot = Action::try_from(a).unwrap_or(Action::MAX);
        }
        self.run(py, Some(()), 0)
    }

    /// A copy of the game in play in slot `i`.
    fn state(&self, i: usize) -> PyResult<State> {
        let game = on_batch!(&self.batch, b => b.state(i).cloned().map(Game::from));
        game.map(|game| State { game })
            .ok_or_else(|| PyValueError::new_err(format!("no game {i} in the batch")))
    }

    /// A copy of the last game slot `i` finished, or None before its first.
    fn finished_state(&self, i: usize) -> PyResult<Option<State>> {
        if i >= self.actions.len() {
            return Err(PyValueError::new_err(format!("no game {i} in the batch")));
        }
        let game = on_batch!(&self.batch, b => b.finished_state(i).cloned().map(Game::from));
        Ok(game.map(|game| State { game }))
    }
}

/// numpy's name of the element type of `rows`.
fn element_name<T: TensorCell>(_rows: &Rows<T>) -> &'static str {
    T::NAME
}

impl VectorGames {
    fn run(&mut self, py: Python<'_>, step: Option<()>, seed: u64) -> PyResult<()> {
        let (batch, actions) = (&mut self.batch, &self.actions);
        let rest = Arrays {
            masks: &self.masks,
            rewards: &self.rewards,
            terminated: &self.terminated,
            to_act: &self.to_act,
            seeds: &self.seeds,
            final_returns: &self.final_returns,
            final_scores: &self.final_scores,
            final_seeds: &self.final_seeds,
        };
        on_rows!(&self.rows, rows => run_rows(py, batch, actions, rows, &rest, step, seed))
    }
}

/// The output arrays of every observation type.
struct Arrays<'a> {
    masks: &'a Py<PyArray2<bool>>,
    rewards: &'a Py<PyArray2<f32>>,
    terminated: &'a Py<PyArray1<bool>>,
    to_act: &'a Py<PyArray1<i32>>,
    seeds: &'a Py<PyArray1<u64>>,
    final_returns: &'a Py<PyArray2<f32>>,
    final_scores: &'a Py<PyArray2<i32>>,
    final_seeds: &'a Py<PyArray1<u64>>,
}

/// Resets (`step` None) or steps the batch into the arrays, with the GIL released.
fn run_rows<T: TensorCell + Element>(
    py: Python<'_>,
    batch: &mut AnyBatch,
    actions: &[Action],
    rows: &Rows<T>,
    arrays: &Arrays<'_>,
    step: Option<()>,
    seed: u64,
) -> PyResult<()> {
    let mut observations = rows.observations.bind(py).readwrite();
    let mut final_observations = rows.finals.bind(py).readwrite();
    let mut masks = arrays.masks.bind(py).readwrite();
    let mut rewards = arrays.rewards.bind(py).readwrite();
    let mut terminated = arrays.terminated.bind(py).readwrite();
    let mut to_act = arrays.to_act.bind(py).readwrite();
    let mut seeds = arrays.seeds.bind(py).readwrite();
    let mut final_returns = arrays.final_returns.bind(py).readwrite();
    let mut final_scores = arrays.final_scores.bind(py).readwrite();
    let mut final_seeds = arrays.final_seeds.bind(py).readwrite();
    let out = Outputs {
        observations: observations.as_slice_mut()?,
        masks: masks.as_slice_mut()?,
        rewards: rewards.as_slice_mut()?,
        terminated: terminated.as_slice_mut()?,
        to_act: to_act.as_slice_mut()?,
        seeds: seeds.as_slice_mut()?,
        final_observations: final_observations.as_slice_mut()?,
        final_returns: final_returns.as_slice_mut()?,
        final_scores: final_scores.as_slice_mut()?,
        final_seeds: final_seeds.as_slice_mut()?,
    };
    py.detach(move || match step {
        Some(()) => on_batch!(batch, b => b.step(actions, out)),
        None => on_batch!(batch, b => b.reset(seed, out)),
    })
    .map_err(engine_error)
}

/// The reward value of every seat of `state` (see `craftgames_core::vector::reward`): the
/// result once the game is over, before that the running value (0 for `timing="end"`).
#[pyfunction]
#[pyo3(signature = (state, reward = "score", timing = "end"))]
pub fn reward_values_of(state: &State, reward: &str, timing: &str) -> PyResult<Vec<f64>> {
    let reward = reward_arg(reward, timing)?;
    let mut out = [0.0; craftgames_core::engine::MAX_PLAYERS];
    let n = dispatch!(&state.game, s => {
        reward_values(s, reward, &mut out);
        s.num_players()
    });
    Ok(out[..n].to_vec())
}
