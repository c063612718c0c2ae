//! What guides a PUCT search at its leaves: an [`Evaluator`] (a model: priors over actions and
//! a value per seat from the acting seat's observation) or a built-in [`Guide`] that reads the
//! determinization itself (rollout values, greedy-heuristic priors).
//!
//! An evaluator never receives a state. It receives a [`LeafBatch`], which only the search can
//! build, and which holds for each leaf exactly what the engine writes for the seat to act
//! there: `observation_tensor(acting_seat)` of that leaf's determinization and its legal mask.
//! So an evaluator that sees another seat's view, or the hidden cards, cannot be written.

use crate::engine::{Action, EngineError, EngineResult, GameState, Seat};

use super::rollout::RolloutPolicy;

/// Leaves waiting for an evaluation: one row per leaf of the acting seat's observation and
/// legal mask. Built only inside the search (its fields are private to the crate).
pub struct LeafBatch<'a> {
    pub(crate) observations: &'a [f32],
    pub(crate) masks: &'a [bool],
    pub(crate) seats: &'a [Seat],
    pub(crate) dims: Dims,
}

/// The widths of every row: observation `D`, actions `A`, seats `P`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dims {
    /// Observation width `D` (`observation_tensor_size`).
    pub observation: usize,
    /// Action-space width `A` (`num_distinct_actions`).
    pub actions: usize,
    /// Seats `P`.
    pub players: usize,
}

impl Dims {
    /// The widths of `state`'s game.
    pub fn of<G: GameState>(state: &G) -> Dims {
        Dims {
            observation: state.observation_tensor_size(),
            actions: state.num_distinct_actions(),
            players: state.num_players(),
        }
    }
}

impl<'a> LeafBatch<'a> {
    /// Leaves in the batch (`B`).
    pub fn len(&self) -> usize {
        self.seats.len()
    }

    /// Whether the batch is empty.
    pub fn is_empty(&self) -> bool {
        self.seats.is_empty()
    }

    /// The row widths.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// `(B, D)` row-major: leaf `i`'s row is the acting seat's observation tensor.
    pub fn observations(&self) -> &'a [f32] {
        self.observations
    }

    /// `(B, A)` row-major: `true` where the action is legal at leaf `i`.
    pub fn masks(&self) -> &'a [bool] {
        self.masks
    }

    /// The seat to act at each leaf (whose observation the row is).
    pub fn seats(&self) -> &'a [Seat] {
        self.seats
    }
}

/// What an evaluator writes for a batch of `B` leaves.
pub struct Evaluations<'a> {
    /// `(B, A)`: logits or priors (see [`PriorOutput`]); entries at illegal actions are ignored.
    pub priors: &'a mut [f32],
    /// `(B, P)`: the value of the leaf to every seat, on the scale of the search's rewards
    /// (`[0, 1]`, see [`super::reward::RewardKind`]).
    pub values: &'a mut [f32],
}

/// A model that guides search: priors over the legal actions and a value for every seat.
pub trait Evaluator {
    /// Fills `out` for every leaf of `batch`. An error ends the search with it.
    fn evaluate(&mut self, batch: &LeafBatch<'_>, out: Evaluations<'_>) -> EngineResult<()>;
}

/// How an evaluator's prior row is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PriorOutput {
    /// Unnormalized log-probabilities: softmax over the legal actions.
    #[default]
    Logits,
    /// Non-negative weights: normalized over the legal actions (all zero → uniform).
    Priors,
}

impl PriorOutput {
    /// Parses `"logits"` or `"priors"`.
    pub fn parse(name: &str) -> Option<PriorOutput> {
        match name {
            "logits" => Some(PriorOutput::Logits),
            "priors" => Some(PriorOutput::Priors),
            _ => None,
        }
    }
}

/// Which seat each column of an evaluator's value row is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ValueOrder {
    /// Column `j` is seat `j`.
    #[default]
    Seats,
    /// Column `k` is the seat `k` places after the seat to act, the order of the observation
    /// tensors (which are written relative to their viewer): a model that reads only the
    /// tensor can tell "me" from "the next seat" but not seat 0 from seat 1.
    Relative,
}

impl ValueOrder {
    /// Parses `"seats"` or `"relative"`.
    pub fn parse(name: &str) -> Option<ValueOrder> {
        match name {
            "seats" => Some(ValueOrder::Seats),
            "relative" => Some(ValueOrder::Relative),
            _ => None,
        }
    }

    /// Seat `seat`'s entry of `row` (one value per seat, in this order) at a leaf where
    /// `to_act` is to act.
    pub fn value_of(self, row: &[f32], seat: usize, to_act: usize) -> f32 {
        match self {
            ValueOrder::Seats => row[seat],
            ValueOrder::Relative => row[(seat + row.len() - to_act) % row.len()],
        }
    }
}

/// The built-in guides, which read the search's own determinization.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Guide {
    /// Uniform priors, value by a rollout under the policy (today's search, guided by PUCT).
    UniformRollout(RolloutPolicy),
    /// Priors from the one-ply greedy heuristic (softmax of the acting seat's heuristic lead
    /// after each action, in points), value by a rollout.
    GreedyRollout(RolloutPolicy),
}

/// Turns one evaluator prior row into probabilities over `legal`, appended to `out` (one per
/// legal action), so a whole batch's priors can sit end to end in one reused buffer. Errors
/// name the leaf and the bad entry.
pub(crate) fn read_priors(
    row: &[f32],
    legal: &[Action],
    kind: PriorOutput,
    leaf: usize,
    out: &mut Vec<f32>,
) -> EngineResult<()> {
    let start = out.len();
    for &a in legal {
        let x = row[a as usize];
        let bad = match kind {
            PriorOutput::Logits => !x.is_finite(),
            PriorOutput::Priors => !(x.is_finite() && x >= 0.0),
        };
        if bad {
            out.truncate(start);
            return Err(EngineError::Config(format!(
                "the evaluator's prior for action {a} of leaf {leaf} is {x}: {}",
                match kind {
                    PriorOutput::Logits => "logits must be finite",
                    PriorOutput::Priors => "priors must be finite and ≥ 0",
                }
            )));
        }
        out.push(x);
    }
    let row = &mut out[start..];
    match kind {
        PriorOutput::Logits => softmax_in_place(row),
        PriorOutput::Priors => {
            let sum: f32 = row.iter().sum();
            if sum > 0.0 {
                row.iter_mut().for_each(|p| *p /= sum);
            } else {
                let u = 1.0 / row.len() as f32;
                row.iter_mut().for_each(|p| *p = u);
            }
        }
    }
    Ok(())
}

/// Softmax of `xs` in place (shifted by the maximum so large logits cannot overflow).
pub(crate) fn softmax_in_place(xs: &mut [f32]) {
    let max = xs.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for x in xs.iter_mut() {
        *x = (*x - max).exp();
        sum += *x;
    }
    xs.iter_mut().for_each(|x| *x /= sum);
}

/// Checks one evaluator value row: every entry finite.
pub(crate) fn check_values(row: &[f32], leaf: usize) -> EngineResult<()> {
    match row.iter().position(|v| !v.is_finite()) {
        Some(seat) => Err(EngineError::Config(format!(
            "the evaluator's value for seat {seat} of leaf {leaf} is {}: values must be finite",
            row[seat]
        ))),
        None => Ok(()),
    }
}
