//! The caller's buffers a batch writes into, one row per game, and their splitting into the
//! chunks that threads fill.

use crate::engine::{EngineError, EngineResult, TensorCell};

/// The widths of one game's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dims {
    /// Seats (`P`).
    pub players: usize,
    /// Observation tensor length (`D`).
    pub observation: usize,
    /// Distinct actions (`A`), the width of a mask.
    pub actions: usize,
}

/// The outputs of `reset` and `step`, each row-major with one row per game. Every row is
/// written on every call except the `final_*` rows, which are written only for the games that
/// finished in that call (where `terminated` is true) and keep their old contents elsewhere.
/// The observations are `T`: the float tensor, or its compact counts (`engine::tensor`).
pub struct Outputs<'a, T = f32> {
    /// `(N, D)`: the observation of the seat to act in each game, from its own view.
    pub observations: &'a mut [T],
    /// `(N, A)`: true for each legal action of the seat to act. Passed in as the last call
    /// left it (or all false): only the entries that change are written — a mask row is
    /// thousands of entries with a few dozen set, and rewriting whole rows was a third of a
    /// large batch's memory traffic.
    pub masks: &'a mut [bool],
    /// `(N, P)`: what each seat earned since the last call (see `vector::reward`).
    pub rewards: &'a mut [f32],
    /// `(N,)`: the game ended in this call (and a new one was dealt in its place).
    pub terminated: &'a mut [bool],
    /// `(N,)`: the seat to act, always a learner's seat.
    pub to_act: &'a mut [i32],
    /// `(N,)`: the seed of each game in play now (with the learner's actions, its replay).
    pub seeds: &'a mut [u64],
    /// `(N, D)`: the finished game's last observation, from the view of the seat whose
    /// action ended it.
    pub final_observations: &'a mut [T],
    /// `(N, P)`: the finished game's final reward value per seat (the return of an `End`
    /// reward; with `Delta` the rewards of the game add up to it).
    pub final_returns: &'a mut [f32],
    /// `(N, P)`: the finished game's final scores.
    pub final_scores: &'a mut [i32],
    /// `(N,)`: the finished game's seed.
    pub final_seeds: &'a mut [u64],
}

impl<'a, T: TensorCell> Outputs<'a, T> {
    /// Checks that every buffer holds exactly `games` rows of `dims`, naming the first that
    /// does not.
    pub fn check(&self, games: usize, dims: Dims) -> EngineResult<()> {
        let expected = [
            ("observations", self.observations.len(), dims.observation),
            ("masks", self.masks.len(), dims.actions),
            ("rewards", self.rewards.len(), dims.players),
            ("terminated", self.terminated.len(), 1),
            ("to_act", self.to_act.len(), 1),
            ("seeds", self.seeds.len(), 1),
            (
                "final_observations",
                self.final_observations.len(),
                dims.observation,
            ),
            ("final_returns", self.final_returns.len(), dims.players),
            ("final_scores", self.final_scores.len(), dims.players),
            ("final_seeds", self.final_seeds.len(), 1),
        ];
        for (name, len, width) in expected {
            if len != games * width {
                return Err(EngineError::Config(format!(
                    "{name} holds {len} values; {games} games need {games} × {width} = {}",
                    games * width
                )));
            }
        }
        Ok(())
    }

    /// Splits off the rows of the first `games` games, leaving the rest in `self`.
    pub(crate) fn split_front(&mut self, games: usize, dims: Dims) -> Outputs<'a, T> {
        fn front<'b, R>(rows: &mut &'b mut [R], len: usize) -> &'b mut [R] {
            let (head, tail) = std::mem::take(rows).split_at_mut(len);
            *rows = tail;
            head
        }
        Outputs {
            observations: front(&mut self.observations, games * dims.observation),
            masks: front(&mut self.masks, games * dims.actions),
            rewards: front(&mut self.rewards, games * dims.players),
            terminated: front(&mut self.terminated, games),
            to_act: front(&mut self.to_act, games),
            seeds: front(&mut self.seeds, games),
            final_observations: front(&mut self.final_observations, games * dims.observation),
            final_returns: front(&mut self.final_returns, games * dims.players),
            final_scores: front(&mut self.final_scores, games * dims.players),
            final_seeds: front(&mut self.final_seeds, games),
        }
    }
}

/// Owned buffers of the right sizes, for Rust callers and tests.
#[derive(Clone, Debug)]
pub struct OwnedOutputs<T = f32> {
    /// See [`Outputs::observations`].
    pub observations: Vec<T>,
    /// See [`Outputs::masks`].
    pub masks: Vec<bool>,
    /// See [`Outputs::rewards`].
    pub rewards: Vec<f32>,
    /// See [`Outputs::terminated`].
    pub terminated: Vec<bool>,
    /// See [`Outputs::to_act`].
    pub to_act: Vec<i32>,
    /// See [`Outputs::seeds`].
    pub seeds: Vec<u64>,
    /// See [`Outputs::final_observations`].
    pub final_observations: Vec<T>,
    /// See [`Outputs::final_returns`].
    pub final_returns: Vec<f32>,
    /// See [`Outputs::final_scores`].
    pub final_scores: Vec<i32>,
    /// See [`Outputs::final_seeds`].
    pub final_seeds: Vec<u64>,
}

impl OwnedOutputs {
    /// Zeroed buffers for `games` games of `dims`, the observations as floats.
    pub fn new(games: usize, dims: Dims) -> Self {
        OwnedOutputs::of_cells(games, dims)
    }
}

impl<T: TensorCell> OwnedOutputs<T> {
    /// Zeroed buffers for `games` games of `dims`, the observations as `T` (floats or the
    /// compact counts).
    pub fn of_cells(games: usize, dims: Dims) -> Self {
        OwnedOutputs {
            observations: vec![T::default(); games * dims.observation],
            masks: vec![false; games * dims.actions],
            rewards: vec![0.0; games * dims.players],
            terminated: vec![false; games],
            to_act: vec![0; games],
            seeds: vec![0; games],
            final_observations: vec![T::default(); games * dims.observation],
            final_returns: vec![0.0; games * dims.players],
            final_scores: vec![0; games * dims.players],
            final_seeds: vec![0; games],
        }
    }

    /// The buffers as [`Outputs`].
    pub fn view(&mut self) -> Outputs<'_, T> {
        Outputs {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            to_act: &mut self.to_act,
            seeds: &mut self.seeds,
            final_observations: &mut self.final_observations,
            final_returns: &mut self.final_returns,
            final_scores: &mut self.final_scores,
            final_seeds: &mut self.final_seeds,
        }
    }
}
