//! *Studies in Sorcery*, every rule of the rulebook for 1–4 players, with the Staff of the
//! Sorcerer expansion, the solo robot at every difficulty, the No Robot grades, Solo Missions
//! and Mission Mode.
//!
//! The module reads top-down as the rulebook does:
//! * [`data`] — what the cards are (`card_file` reads and validates a card file),
//! * [`config`] — the options (theses, staffs, solo modes, missions),
//! * [`state`] — what is on the table (setup, the state types, JSON),
//! * [`actions`] — how a decision is encoded as an integer (its sentence is in `text`),
//! * [`moves`] — what may happen next; `apply` — what it does; `week` — the end of a week
//!   and of a month; `solo` — the robot,
//! * [`score`] — how the game ends and is scored, with the explanation and the missions,
//! * `events` — the public event lines of a move (reveals, completions, the month's end),
//! * [`observe`] — what each seat may see: who knows what, information states, determinization
//!   (`mixing`: what Spectral Sight's private takes leave the others knowing, and the redraw
//!   of the grave cards a seat cannot see),
//! * [`view`] — the observation as typed structs (cards spelled out by [`faces`], marked
//!   shared),
//! * [`tensor`] — the observation tensor and the proved range of each entry.

pub mod actions;
mod apply;
mod bounds;
mod card_file;
pub mod config;
pub mod data;
mod estimate_gain;
mod estimate_memo;
mod events;
pub mod faces;
mod game;
mod heuristic;
mod mixing;
pub mod moves;
pub mod observe;
pub mod score;
mod solo;
pub mod state;
pub mod tensor;
#[cfg(test)]
mod tests;
mod text;
mod validate;
pub mod view;
mod week;

pub use config::{Difficulty, Solo, SorceryConfig, Theses};
pub use data::CardSet;
pub use game::random_games;
pub use score::{ScoreBreakdown, ScoreLine};
pub use state::SorceryState;
