//! *Níjar*, the rulebook's multiplayer game for 2–4 players (sections 4–11).
//!
//! The module reads top-down as the rulebook does:
//! * [`data`] — what the components are (`card_file` reads and validates a data file);
//!   [`catalogue`] — every card with its printed parts, by the ids the observation names,
//! * [`state`] — what is on the table (setup 4.1–4.3, the state types, JSON),
//! * [`actions`] — how a decision is encoded as an integer (one table),
//! * `moves` — the turn (7.2), pending actions and bonuses, resources (5.1–5.3);
//!   `round` — setup choices, the market (7.1) and the end of round (10);
//!   `acquire`, `play`, `throw`, `pieces` — the actions of section 8 and bonuses of 9,
//! * [`score`] — endgame scoring (11) and the tiebreak; `explain` — the score line by line,
//! * [`observe`] — what each seat may see: information states, determinization; [`view`] —
//!   the observation, typed;
//!   [`tensor`] — the observation tensor and its layout; `tensor_bounds` — the proved
//!   range of each of its entries; `tally` — the running counts greedy play's heuristic
//!   reads; `heuristic_gain` — what a move does to that heuristic, told without trying it.
//!
//! * `solo` — the solo game against the Competition (12).

mod acquire;
pub mod actions;
mod bounds;
mod card_file;
pub mod catalogue;
pub mod data;
mod explain;
mod faces;
mod game;
mod heuristic_gain;
mod index;
mod moves;
pub mod observe;
mod openers;
mod pieces;
mod play;
mod round;
pub mod score;
mod solo;
pub mod state;
mod tally;
pub mod tensor;
mod tensor_bounds;
#[cfg(test)]
mod tests;
mod text;
mod throw;
mod validate;
pub mod view;
pub mod view_cards;

pub use data::CardSet;
pub use game::random_games;
pub use state::{NijarConfig, NijarState, MAX_NIJAR_PLAYERS, MIN_NIJAR_PLAYERS};
