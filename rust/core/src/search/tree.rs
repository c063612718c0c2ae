//! One IS-MCTS tree and its iteration: select, expand, roll out, back up.
//!
//! Single-observer IS-MCTS (Cowling, Powley & Whitehouse 2012): a node stands for the
//! sequence of actions from the root, shared by every determinization in which that sequence
//! is playable. Because different determinizations allow different actions at the same node,
//! each child counts how often it was *available* and UCB uses that count where plain UCT
//! uses the parent's visits; otherwise a rarely legal action would look under-explored
//! forever.

use crate::engine::{Action, ActionList, GameState, Rng, MAX_PLAYERS};

use super::reward::{terminal_rewards, RewardKind};
use super::rollout::{Rollout, RolloutPolicy};

/// "No node": the end of a child or sibling list.
const NONE: u32 = u32::MAX;

/// A tree node, in the arena. Children form a singly linked list (first child, next
/// sibling) because in IS-MCTS they arrive one at a time, whenever a determinization first
/// makes an action legal here.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    /// Sum over visits of the reward of every seat (max^n: the parent's actor reads its own).
    pub(crate) reward_sum: [f64; MAX_PLAYERS],
    first_child: u32,
    next_sibling: u32,
    /// The action that leads here from the parent.
    pub(crate) action: Action,
    /// Simulations that passed through this node.
    pub(crate) visits: u32,
    /// Times this node's action was legal when its parent was reached.
    avail: u32,
}

impl Node {
    fn new(action: Action) -> Self {
        Node {
            reward_sum: [0.0; MAX_PLAYERS],
            first_child: NONE,
            next_sibling: NONE,
            action,
            visits: 0,
            avail: 1,
        }
    }
}

/// What a search thread needs besides the tree: fixed per search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeParams {
    pub(crate) exploration: f64,
    pub(crate) rollout: RolloutPolicy,
    pub(crate) reward: RewardKind,
}

/// A search tree plus every buffer its iterations reuse.
pub(crate) struct Tree<G> {
    nodes: Vec<Node>,
    /// `legal_mark[a] == stamp` ⇔ action `a` is legal at the node being examined;
    /// `tried_mark[a] == stamp` ⇔ it also has a child there. Stamps replace clearing a
    /// per-action array at every node.
    legal_mark: Vec<u32>,
    tried_mark: Vec<u32>,
    stamp: u32,
    path: Vec<u32>,
    legal: ActionList,
    untried: ActionList,
    rollout: Rollout<G>,
    params: TreeParams,
}

impl<G: GameState> Tree<G> {
    /// An empty tree (just the root) for a game with `num_actions` distinct actions;
    /// `capacity` nodes are reserved up front.
    pub(crate) fn new(num_actions: usize, capacity: usize, params: TreeParams) -> Self {
        let mut nodes = Vec::with_capacity(capacity.max(1));
        nodes.push(Node::new(0));
        Tree {
            nodes,
            legal_mark: vec![0; num_actions],
            tried_mark: vec![0; num_actions],
            stamp: 0,
            path: Vec::with_capacity(64),
            legal: ActionList::new(),
            untried: ActionList::new(),
            rollout: Rollout::new(),
            params,
        }
    }

    /// The root's children: (action, visits, reward sums).
    pub(crate) fn root_children(&self) -> impl Iterator<Item = &Node> {
        let mut next = self.nodes[0].first_child;
        std::iter::from_fn(move || {
            (next != NONE).then(|| {
                let node = &self.nodes[next as usize];
                next = node.next_sibling;
                node
            })
        })
    }

    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            // After four billion node visits, start the stamps over rather than wrap into
            // stale marks.
            self.legal_mark.fill(0);
            self.tried_mark.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// One simulation on the determinization `det` (consumed: played to the end).
    pub(crate) fn iterate(&mut self, det: &mut G, rng: &mut Rng) {
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        while let Some(seat) = det.current_player() {
            det.legal_actions_into(&mut self.legal);
            let stamp = self.next_stamp();
            for &a in &self.legal {
                self.legal_mark[a as usize] = stamp;
            }
            // Selection among the children legal in this determinization. Every one of them
            // was available, whichever is picked (or whether we expand instead).
            let mut best = NONE;
            let mut best_value = f64::NEG_INFINITY;
            let mut child = self.nodes[node].first_child;
            while child != NONE {
                let c = &mut self.nodes[child as usize];
                let a = c.action as usize;
                if self.legal_mark[a] == stamp {
                    self.tried_mark[a] = stamp;
                    c.avail += 1;
                    let visits = f64::from(c.visits);
                    let value = c.reward_sum[seat] / visits
                        + self.params.exploration * (f64::from(c.avail).ln() / visits).sqrt();
                    if value > best_value {
                        best_value = value;
                        best = child;
                    }
                }
                child = c.next_sibling;
            }
            self.untried.clear();
            for &a in &self.legal {
                if self.tried_mark[a as usize] != stamp {
                    self.untried.push(a);
                }
            }
            if !self.untried.is_empty() {
                // Expansion: one new child per simulation, then roll out from it.
                let action = self.untried[rng.below(self.untried.len())];
                let new = self.add_child(node, action);
                det.apply_unchecked(action);
                self.path.push(new);
                break;
            }
            node = best as usize;
            det.apply_unchecked(self.nodes[node].action);
            self.path.push(best);
        }
        self.rollout.play_out(det, self.params.rollout, rng);
        let rewards = terminal_rewards(det, self.params.reward);
        for &n in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            for (sum, r) in node.reward_sum.iter_mut().zip(&rewards) {
                *sum += r;
            }
        }
    }

    fn add_child(&mut self, parent: usize, action: Action) -> u32 {
        let index = u32::try_from(self.nodes.len()).expect("search tree exceeds 2^32 nodes");
        let mut node = Node::new(action);
        node.next_sibling = self.nodes[parent].first_child;
        self.nodes.push(node);
        self.nodes[parent].first_child = index;
        index
    }
}
