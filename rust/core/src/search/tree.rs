//! One IS-MCTS tree and its iteration: select, expand, roll out, back up.
//!
//! IS-MCTS (Cowling, Powley & Whitehouse 2012) walks one tree with a fresh determinization
//! per iteration. Different determinizations allow different actions at the same node, so
//! each edge counts how often it was *available* and UCB uses that count where plain UCT uses
//! the parent's visits; otherwise a rarely legal action would look under-explored forever.
//!
//! What a node stands for is the [`NodeKey`] option:
//! * [`NodeKey::ActionHistory`] — single-observer IS-MCTS: a node is the sequence of actions
//!   from the root. Cheap, but an opponent's node then "knows" the searcher's secret choices
//!   made before it (a simultaneous step played seat by seat), so the search assumes a
//!   clairvoyant opponent there.
//! * [`NodeKey::InformationState`] — a node is the acting seat's information state (a hash
//!   of `information_state_string`), as OpenSpiel's IS-MCTS does: each seat decides on what
//!   it knows and nothing else, which is right for secret simultaneous choices and for
//!   chance a seat observes, at the cost of one string per tree step.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::engine::{Action, ActionList, GameState, Rng, Seat, MAX_PLAYERS};

use super::reward::{terminal_rewards, RewardKind};
use super::rollout::{Rollout, RolloutPolicy};

/// "No edge" / "no node": the end of an edge list, or a child not yet created.
const NONE: u32 = u32::MAX;

/// What a tree node stands for (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum NodeKey {
    /// The sequence of actions from the root (single-observer IS-MCTS).
    #[default]
    ActionHistory,
    /// The acting seat's information state (per-seat information sets).
    InformationState,
}

impl NodeKey {
    /// Parses `"history"` or `"infoset"`.
    pub fn parse(name: &str) -> Option<NodeKey> {
        match name {
            "history" => Some(NodeKey::ActionHistory),
            "infoset" => Some(NodeKey::InformationState),
            _ => None,
        }
    }
}

/// An action out of a node, with its statistics. A node's edges form a singly linked list
/// (`next_sibling`) because in IS-MCTS they arrive one at a time, whenever a determinization
/// first makes an action legal there.
#[derive(Clone, Debug)]
pub(crate) struct Edge {
    /// Sum over visits of the reward of every seat (max^n: the node's actor reads its own).
    pub(crate) reward_sum: [f64; MAX_PLAYERS],
    next_sibling: u32,
    /// The node this edge leads to ([`NodeKey::ActionHistory`] only; created on first use).
    child: u32,
    /// The action.
    pub(crate) action: Action,
    /// Simulations that took this edge.
    pub(crate) visits: u32,
    /// Times the action was legal when its node was reached.
    avail: u32,
}

/// What a search thread needs besides the tree: fixed per search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeParams {
    pub(crate) exploration: f64,
    pub(crate) rollout: RolloutPolicy,
    pub(crate) reward: RewardKind,
    pub(crate) key: NodeKey,
}

/// The root node's id.
const ROOT: u32 = 0;

/// A search tree plus every buffer its iterations reuse.
pub(crate) struct Tree<G> {
    edges: Vec<Edge>,
    /// First edge of each node.
    heads: Vec<u32>,
    /// Node of each information-state hash ([`NodeKey::InformationState`]).
    index: HashMap<u64, u32, BuildHasherDefault<PreHashed>>,
    /// `legal_mark[a] == stamp` ⇔ action `a` is legal at the node being examined;
    /// `tried_mark[a] == stamp` ⇔ it also has an edge there. Stamps replace clearing a
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
    /// An empty tree for searching `root` on behalf of its seat to act; room for `capacity`
    /// edges is reserved up front.
    pub(crate) fn new(root: &G, capacity: usize, params: TreeParams) -> Self {
        let num_actions = root.num_distinct_actions();
        let mut index = HashMap::default();
        if params.key == NodeKey::InformationState {
            // Every determinization shares the root's information state, so the root is
            // never looked up; registering it keeps a (theoretical) revisit consistent.
            if let Some(seat) = root.current_player() {
                index.insert(info_key(root, seat), ROOT);
            }
        }
        let mut heads = Vec::with_capacity(capacity.max(1));
        heads.push(NONE);
        Tree {
            edges: Vec::with_capacity(capacity),
            heads,
            index,
            legal_mark: vec![0; num_actions],
            tried_mark: vec![0; num_actions],
            stamp: 0,
            // A path never outgrows a game, so it never reallocates.
            path: Vec::with_capacity(root.max_game_length()),
            legal: ActionList::new(),
            untried: ActionList::new(),
            rollout: Rollout::new(root),
            params,
        }
    }

    /// The root's edges.
    pub(crate) fn root_edges(&self) -> impl Iterator<Item = &Edge> {
        let mut next = self.heads[ROOT as usize];
        std::iter::from_fn(move || {
            (next != NONE).then(|| {
                let edge = &self.edges[next as usize];
                next = edge.next_sibling;
                edge
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

    fn new_node(&mut self) -> u32 {
        let id = u32::try_from(self.heads.len()).expect("search tree exceeds 2^32 nodes");
        self.heads.push(NONE);
        id
    }

    /// The node of `seat`'s information state in `det`, created if new.
    fn node_for_info_state(&mut self, det: &G, seat: Seat) -> u32 {
        let key = info_key(det, seat);
        if let Some(&node) = self.index.get(&key) {
            return node;
        }
        let node = self.new_node();
        self.index.insert(key, node);
        node
    }

    /// One simulation on the determinization `det` (consumed: played to the end).
    pub(crate) fn iterate(&mut self, det: &mut G, rng: &mut Rng) {
        self.path.clear();
        let mut node = ROOT;
        while let Some(seat) = det.current_player() {
            if self.params.key == NodeKey::InformationState && !self.path.is_empty() {
                node = self.node_for_info_state(det, seat);
            }
            det.legal_actions_into(&mut self.legal);
            let stamp = self.next_stamp();
            for &a in &self.legal {
                self.legal_mark[a as usize] = stamp;
            }
            // Selection among the edges legal in this determinization. Every one of them
            // was available, whichever is picked (or whether we expand instead).
            let mut best = NONE;
            let mut best_value = f64::NEG_INFINITY;
            let mut e = self.heads[node as usize];
            while e != NONE {
                let edge = &mut self.edges[e as usize];
                let a = edge.action as usize;
                if self.legal_mark[a] == stamp {
                    self.tried_mark[a] = stamp;
                    edge.avail += 1;
                    let visits = f64::from(edge.visits);
                    let value = edge.reward_sum[seat] / visits
                        + self.params.exploration * (f64::from(edge.avail).ln() / visits).sqrt();
                    if value > best_value {
                        best_value = value;
                        best = e;
                    }
                }
                e = edge.next_sibling;
            }
            self.untried.clear();
            for &a in &self.legal {
                if self.tried_mark[a as usize] != stamp {
                    self.untried.push(a);
                }
            }
            if !self.untried.is_empty() {
                // Expansion: one new edge per simulation, then roll out from it.
                let action = self.untried[rng.below(self.untried.len())];
                let new = self.add_edge(node, action);
                det.apply_unchecked(action);
                self.path.push(new);
                break;
            }
            det.apply_unchecked(self.edges[best as usize].action);
            self.path.push(best);
            if self.params.key == NodeKey::ActionHistory {
                node = match self.edges[best as usize].child {
                    NONE => {
                        let child = self.new_node();
                        self.edges[best as usize].child = child;
                        child
                    }
                    child => child,
                };
            }
        }
        self.rollout.play_out(det, self.params.rollout, rng);
        let rewards = terminal_rewards(det, self.params.reward);
        for &e in &self.path {
            let edge = &mut self.edges[e as usize];
            edge.visits += 1;
            for (sum, r) in edge.reward_sum.iter_mut().zip(&rewards) {
                *sum += r;
            }
        }
    }

    fn add_edge(&mut self, node: u32, action: Action) -> u32 {
        let index = u32::try_from(self.edges.len()).expect("search tree exceeds 2^32 edges");
        self.edges.push(Edge {
            reward_sum: [0.0; MAX_PLAYERS],
            next_sibling: self.heads[node as usize],
            child: NONE,
            action,
            visits: 0,
            avail: 1,
        });
        self.heads[node as usize] = index;
        index
    }
}

/// The tree key of `seat`'s information state in `state`: a 64-bit hash of the seat and its
/// information-state string (a collision, at 2^-64 a pair, would merely share statistics).
fn info_key<G: GameState>(state: &G, seat: Seat) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    seat.hash(&mut h);
    state.information_state_string(seat).hash(&mut h);
    h.finish()
}

/// A hasher for keys that are already hashes: passes the `u64` through.
#[derive(Default)]
struct PreHashed(u64);

impl Hasher for PreHashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used; fold anything else in for completeness.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}
