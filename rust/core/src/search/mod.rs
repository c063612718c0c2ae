//! Game-agnostic search over [`crate::engine::GameState`]: random playouts, information-set
//! MCTS, and bots built on them. Everything here works for every game through the engine
//! contract alone.

pub mod bots;
pub mod evaluator;
pub mod guided;
pub mod mcts;
pub mod playout;
pub mod puct;
pub mod reward;
pub mod rollout;
pub mod toy;
pub mod tree;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_guided;

pub use bots::{Bot, GreedyBot, MctsBot, RandomBot};
pub use evaluator::{Dims, Evaluations, Evaluator, Guide, LeafBatch, PriorOutput, ValueOrder};
pub use guided::{GuidedOptions, GuidedResult, GuidedSearch};
pub use mcts::{search, search_until, ActionStats, FinalChoice, MctsOptions, SearchResult};
pub use puct::Selection;
pub use reward::RewardKind;
pub use rollout::RolloutPolicy;
pub use tree::NodeKey;
