//! A batched learning environment: N games of one setup stepped in one call, written into the
//! caller's buffers (observation tensors, legal-action masks, rewards, status), each finished
//! game dealt anew at once. Seats the learner does not play are given to built-in bots that
//! move inside the call, so the caller only ever sees its own decisions.
//!
//! * [`batch`] — [`VectorGames`], the batch and its auto-reset.
//! * [`buffers`] — the rows it writes ([`Outputs`]).
//! * [`seats`] — who plays each seat ([`SeatPlayer`]).
//! * [`reward`] — what the learner is paid ([`LearnReward`]), shared with the other adapters.

pub mod batch;
pub mod buffers;
pub mod reward;
pub mod seats;

#[cfg(test)]
mod tests;

pub use batch::{BatchOptions, Dealer, VectorGames};
pub use buffers::{Dims, Outputs, OwnedOutputs};
pub use reward::{reward_values, LearnReward, RewardMode, RewardTiming};
pub use seats::SeatPlayer;
