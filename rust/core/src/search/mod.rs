//! Game-agnostic search over [`crate::engine::GameState`]: random playouts, information-set
//! MCTS, and bots built on them. Everything here works for every game through the engine
//! contract alone.

pub mod bots;
pub mod mcts;
pub mod playout;
pub mod reward;
pub mod rollout;
pub mod toy;
pub mod tree;

#[cfg(test)]
mod tests;

pub use bots::{Bot, GreedyBot, MctsBot, RandomBot};
pub use mcts::{search, search_until, ActionStats, FinalChoice, MctsOptions, SearchResult};
pub use reward::RewardKind;
pub use rollout::RolloutPolicy;
pub use tree::NodeKey;
