//! `State`: the Python face of a game in progress. Each method converts its arguments, calls
//! the core through `dispatch!`, and converts the answer; no rules live here.

use craftgames_core::engine::{
    Action, ActionList, CompactDtype, GameState, Seat, TensorCell, TERMINAL_PLAYER,
};
use numpy::{Element, PyArray1, PyArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::convert::{action_arg, json_to_py, seat_arg, uint_arg};
use crate::errors::engine_error;
use crate::functions::sunrise_catalogue;
use crate::games::{dispatch, Game};
use crate::pyser::{face_table, to_py, to_py_shared};
use crate::score::ScoreBreakdown;

/// A game in progress: created by `new_game`, moved only by `apply_action`.
#[pyclass(module = "craftgames._core", name = "State", freelist = 64)]
#[derive(Clone)]
pub struct State {
    pub(crate) game: Game,
}

impl State {
    /// An action id inside the action space (legal or not), or `IllegalActionError`.
    fn action_in_range(&self, action: &Bound<'_, PyAny>) -> PyResult<Action> {
        let n = self.num_distinct_actions();
        let a = action_arg(action, n)?;
        if a as usize >= n {
            return Err(crate::errors::IllegalActionError::new_err(format!(
                "action {a} is out of range: action ids are 0..{}",
                n.saturating_sub(1)
            )));
        }
        Ok(a)
    }

    fn seat(&self, player: &Bound<'_, PyAny>) -> PyResult<usize> {
        seat_arg(player, dispatch!(&self.game, s => s.num_players()))
    }
}

#[pymethods]
impl State {
    /// The seat to act, or `TERMINAL` (-4) once the game is over.
    fn current_player(&self) -> i32 {
        match dispatch!(&self.game, s => s.current_player()) {
            // A seat is below 4, so the cast is exact.
            Some(seat) => seat as i32,
            None => TERMINAL_PLAYER,
        }
    }

    /// Number of seats.
    fn num_players(&self) -> usize {
        dispatch!(&self.game, s => s.num_players())
    }

    /// Size of the action space: every action id is below it.
    fn num_distinct_actions(&self) -> usize {
        dispatch!(&self.game, s => s.num_distinct_actions())
    }

    /// The legal action ids, sorted ascending; empty only when the game is over.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        // Filled in place rather than returned: moving an ActionList copies it.
        let mut actions = ActionList::new();
        dispatch!(&self.game, s => s.legal_actions_into(&mut actions));
        PyList::new(py, actions.iter())
    }

    /// Applies `action`; an illegal id raises `IllegalActionError` and changes nothing.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let n = self.num_distinct_actions();
        let a = action_arg(action, n)?;
        dispatch!(&mut self.game, s => s.apply_action(a)).map_err(engine_error)
    }

    /// A person's sentence for `action` in this position.
    fn action_to_string(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let a = self.action_in_range(action)?;
        Ok(dispatch!(&self.game, s => s.action_to_string(a)))
    }

    /// The sentence for `action` as `viewer` may read it (None: a spectator): moves that
    /// hide something (a face-down draft or discard, a kept card) are told without it
    /// unless `viewer` is the seat making the move.
    #[pyo3(signature = (action, viewer=None))]
    fn public_action_string(
        &self,
        action: &Bound<'_, PyAny>,
        viewer: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let a = self.action_in_range(action)?;
        let viewer = viewer.map(|v| self.seat(v)).transpose()?;
        Ok(dispatch!(&self.game, s => s.public_action_string(a, viewer)))
    }

    /// What applying the legal `action` now would make happen, as `viewer` may read it (None:
    /// a spectator): the move's public sentence, then each public consequence the engine
    /// resolves with it, one sentence each. The state itself is not changed; an illegal
    /// action raises `IllegalActionError`.
    #[pyo3(signature = (action, viewer=None))]
    fn public_events(
        &self,
        action: &Bound<'_, PyAny>,
        viewer: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<String>> {
        let a = self.action_in_range(action)?;
        let viewer = viewer.map(|v| self.seat(v)).transpose()?;
        dispatch!(&self.game, s => {
            if !s.is_legal(a) {
                return Err(crate::errors::IllegalActionError::new_err(format!(
                    "action {a} is not legal now"
                )));
            }
            Ok(s.public_events(a, viewer))
        })
    }

    /// True once the game has ended.
    fn is_terminal(&self) -> bool {
        dispatch!(&self.game, s => s.is_terminal())
    }

    /// Points per seat (final once the game is over, the running score before).
    fn scores(&self) -> Vec<i32> {
        dispatch!(&self.game, s => s.scores().to_vec())
    }

    /// In a one-seat game against a built-in opponent or a grade table, once it is over: the
    /// player's result above the target that decides it (positive is a win); `None` for games
    /// between seats and before the end.
    fn solo_margin(&self) -> Option<f64> {
        dispatch!(&self.game, s => if s.is_terminal() { s.solo_margin() } else { None })
    }

    /// A solo game's opponent as `(name, score)` (Sorcery's robot, Níjar's Competition): the
    /// rival a final table ranks the player against; `None` in games between seats and in
    /// solo modes played for a grade or a target.
    fn solo_opponent(&self) -> Option<(&'static str, i32)> {
        dispatch!(&self.game, s => s.solo_opponent())
    }

    /// An upper bound on the number of actions in any complete game with this state's game,
    /// options and card data (`len(history())` at the end never exceeds it), derived from
    /// the rulebook and the card data, not sampled; the same in every state of a game.
    fn max_game_length(&self) -> usize {
        dispatch!(&self.game, s => s.max_game_length())
    }

    /// `(lowest, highest)` final score any seat can have in a game with this state's game,
    /// options and card data (a solo game: the one seat's score), derived from the rulebook
    /// and the card data; loose, but never exceeded. The same in every state of a game.
    fn score_bounds(&self) -> (i32, i32) {
        dispatch!(&self.game, s => s.score_bounds())
    }

    /// Final points per seat as floats; zeros before the end.
    fn returns(&self) -> Vec<f64> {
        dispatch!(&self.game, s => {
            if s.is_terminal() {
                s.scores().iter().map(|&x| f64::from(x)).collect()
            } else {
                vec![0.0; s.num_players()]
            }
        })
    }

    /// Seats from first to last place, ties broken by the rulebook's tiebreaker.
    fn ranking(&self) -> Vec<usize> {
        dispatch!(&self.game, s => s.ranking().to_vec())
    }

    /// An independent copy.
    fn clone(&self) -> Self {
        Clone::clone(self)
    }

    fn __copy__(&self) -> Self {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        Clone::clone(self)
    }

    /// Pickle support: a state pickles as its JSON document.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_json = py.get_type::<State>().getattr("from_json")?;
        let doc = slf.borrow().to_json();
        PyTuple::new(py, [from_json, PyTuple::new(py, [doc])?.into_any()])
    }

    /// What `player` may see, as a dict (hidden cards masked). Sunrise's and Níjar's name
    /// cards by id and hold their card catalogue (shared, read-only) under `"cards"`.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let seat = self.seat(player)?;
        // The only game so far; the others join the enum beside it.
        #[allow(irrefutable_let_patterns)]
        if let Game::Sunrise(s) = &self.game {
            // Sunrise's observation names cards by id and is built straight into Python
            // objects; its card catalogue (built once per card set) rides along under "cards".
            let obs = to_py(py, &s.observation_view(seat))?.downcast_into::<PyDict>()?;
            obs.set_item(intern!(py, "cards"), sunrise_catalogue(py, s.cards())?)?;
            return Ok(obs);
        }
        // Sorcery's typed view spells its cards out; each card face is built once per card
        // set and the same dict reused in every observation (`face_table`).
        if let Game::Sorcery(s) = &self.game {
            let faces = face_table(py, s.cards())?;
            let obs = to_py_shared(py, &s.observation_view(seat), &faces)?;
            return Ok(obs.downcast_into::<PyDict>()?);
        }
        // Níjar's names cards by id; its catalogue, under "cards" in key order, is a shared
        // part of its card set's table like a starting combination (`nijar_catalogue`).
        if let Game::Nijar(s) = &self.game {
            let faces = face_table(py, s.cards())?;
            let obs = to_py_shared(py, &s.observation_view_with_catalogue(seat), &faces)?;
            return Ok(obs.downcast_into::<PyDict>()?);
        }
        let value = dispatch!(&self.game, s => s.observation_json(seat));
        Ok(json_to_py(py, &value)?.downcast_into::<PyDict>()?)
    }

    /// What `player` may see, as JSON text: the document `observation` turns into a dict
    /// (Sunrise's and Níjar's without their `"cards"` catalogue).
    fn observation_json(&self, player: &Bound<'_, PyAny>) -> PyResult<String> {
        let seat = self.seat(player)?;
        Ok(dispatch!(&self.game, s => s.observation_json(seat)).to_string())
    }

    /// A stable key for everything `player` knows.
    fn information_state_string(&self, player: &Bound<'_, PyAny>) -> PyResult<String> {
        let seat = self.seat(player)?;
        Ok(dispatch!(&self.game, s => s.information_state_string(seat)))
    }

    /// The observation of `player` as a fixed-length float32 vector.
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat(player)?;
        dispatch!(&self.game, s => {
            let array = PyArray1::<f32>::zeros(py, s.observation_tensor_size(), false);
            // SAFETY: the array was created just above and no other reference to it exists, so
            // this is the only view of its (contiguous) buffer while we write.
            let out = unsafe { array.as_slice_mut()? };
            s.observation_tensor(seat, out);
            Ok(array)
        })
    }

    /// `(low, high)`: float32 vectors of the lowest and highest value each entry of
    /// `observation_tensor` can take in any game of this setup, proved from the rules and
    /// the card data (fixed per game).
    fn observation_tensor_bounds<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<f32>>) {
        let spec = dispatch!(&self.game, s => s.observation_tensor_spec());
        (
            PyArray1::from_vec(py, spec.float_low()),
            PyArray1::from_vec(py, spec.float_high()),
        )
    }

    /// The float value of one unit of each entry of `observation_tensor` (float32, fixed per
    /// game): `observation_tensor_compact(p) * scale` is `observation_tensor(p)` exactly.
    fn observation_tensor_scale<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        let spec = dispatch!(&self.game, s => s.observation_tensor_spec());
        PyArray1::from_vec(py, spec.scale)
    }

    /// numpy's name of the smallest integer type holding every count of the tensor (the
    /// type of `observation_tensor_compact`).
    fn observation_tensor_compact_dtype(&self) -> &'static str {
        let spec = dispatch!(&self.game, s => s.observation_tensor_spec());
        spec.compact_dtype().map_or("int32", CompactDtype::name)
    }

    /// The observation of `player` as whole counts of each entry's unit, in the type of
    /// `observation_tensor_compact_dtype`.
    fn observation_tensor_compact<'py>(
        &self,
        py: Python<'py>,
        player: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(player)?;
        dispatch!(&self.game, s => {
            let spec = s.observation_tensor_spec();
            Ok(match spec.compact_dtype() {
                Some(CompactDtype::U8) => compact_tensor::<u8, _>(py, s, seat).into_any(),
                Some(CompactDtype::I8) => compact_tensor::<i8, _>(py, s, seat).into_any(),
                Some(CompactDtype::I16) => compact_tensor::<i16, _>(py, s, seat).into_any(),
                None => compact_tensor::<i32, _>(py, s, seat).into_any(),
            })
        })
    }

    /// Length of `observation_tensor`; fixed per game and config.
    fn observation_tensor_size(&self) -> usize {
        dispatch!(&self.game, s => s.observation_tensor_size())
    }

    /// A copy in which everything `player` cannot see is redrawn from `seed`.
    fn resample_hidden(
        &self,
        player: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let seat = self.seat(player)?;
        let seed = uint_arg::<u64>(seed, "seed")?;
        let game = dispatch!(&self.game, s => Game::from(s.resample_hidden(seat, seed)));
        Ok(State { game })
    }

    /// `player`'s score, line by line as the rulebook scores it.
    fn explain_score(&self, player: &Bound<'_, PyAny>) -> PyResult<ScoreBreakdown> {
        let seat = self.seat(player)?;
        Ok(dispatch!(&self.game, s => ScoreBreakdown::from(s.explain_score(seat))))
    }

    /// The whole state as a versioned JSON document.
    fn to_json(&self) -> String {
        dispatch!(&self.game, s => s.to_json())
    }

    /// Reads a document written by `to_json`; raises `InvalidStateError` if it is rejected.
    #[staticmethod]
    fn from_json(s: &str) -> PyResult<Self> {
        Game::from_json(s)
            .map(|game| State { game })
            .map_err(engine_error)
    }

    /// The action ids applied so far.
    fn history(&self) -> Vec<u32> {
        dispatch!(&self.game, s => s.history().to_vec())
    }

    /// The game's short name, e.g. `"sunrise"`.
    fn game_name(&self) -> &'static str {
        self.game.name()
    }

    fn __repr__(&self) -> String {
        format!(
            "<craftgames.State game={} players={} moves={} current_player={}>",
            self.game.name(),
            self.num_players(),
            dispatch!(&self.game, s => s.history().len()),
            self.current_player()
        )
    }
}

/// `state`'s compact observation tensor for `seat`, as `T`.
fn compact_tensor<'py, T: TensorCell + Element, G: GameState>(
    py: Python<'py>,
    state: &G,
    seat: Seat,
) -> Bound<'py, PyArray1<T>> {
    let mut out = vec![T::default(); state.observation_tensor_size()];
    state.write_observation_tensor(seat, &mut out);
    PyArray1::from_vec(py, out)
}
