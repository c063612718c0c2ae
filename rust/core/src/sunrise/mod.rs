//! *Sunrise at the Studio*, every rule of the rulebook's multiplayer game for 2–4 players.
//!
//! The module reads top-down as the rulebook does:
//! * [`data`] — what the cards are (`card_file` reads and validates a card file),
//! * [`state`] — what is on the table (setup, the state types, JSON),
//! * [`actions`] — how a decision is encoded as an integer, and its sentence,
//! * [`moves`] — what may happen next (legal actions) and what it does (apply); `placements`
//!   lists step two's placements and the conversions from a seat's open icons by resource,
//!   which `open_icons` keeps up to date as the seat's works change,
//! * [`score`] — how the game ends and is scored, with the explanation (`score_table`: what
//!   each card adds to a score, as flat tables; `score_gain`: what a move adds, told without
//!   trying it, for greedy play),
//! * [`view`] — what each seat may see, by card id (`catalogue`: the cards themselves),
//! * [`observe`] — information states and determinization,
//! * [`tensor`] — the observation tensor and the proved range of each entry,
//! * `events` — what a move makes happen, as the table sees it (the event log).

pub mod actions;
mod bounds;
mod card_file;
mod catalogue;
mod complete;
pub mod data;
mod events;
mod game;
pub mod moves;
pub mod observe;
mod open_icons;
mod placements;
pub mod score;
mod score_gain;
mod score_table;
pub mod state;
pub mod tensor;
#[cfg(test)]
mod tests;
mod text;
mod validate;
pub mod view;

pub use data::CardSet;
pub use game::random_games;
pub use score::{ScoreBreakdown, ScoreLine};
pub use state::{SunriseState, MAX_SUNRISE_PLAYERS, MIN_SUNRISE_PLAYERS};
