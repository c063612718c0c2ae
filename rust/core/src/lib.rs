//! craftgames-core: the complete rules of three tabletop games as fast, deterministic state
//! machines. Pure Rust, no Python: the `craftgames-python` crate only converts.
//!
//! * [`engine`] — the contract every game implements ([`engine::GameState`]), actions, the
//!   seeded RNG, errors.
//! * [`sunrise`] — *Sunrise at the Studio*, 2–4 players.
//! * [`sorcery`] — *Studies in Sorcery*, 2–4 players, the solo robot, the missions.
//! * [`nijar`] — *Níjar*, 2–4 players and solo against the Competition.
//! * [`search`] — game-agnostic random playouts, information-set MCTS and bots.
//! * [`vector`] — a batch of games for learners: tensors, masks, rewards, auto-reset.
#![deny(missing_docs)]

pub mod engine;
pub mod nijar;
pub mod search;
pub mod sorcery;
pub mod sunrise;
pub mod vector;
