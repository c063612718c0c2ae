//! The tree of a guided (PUCT) IS-MCTS: select, descend to a leaf, expand with priors, back
//! up a value per seat.
//!
//! Like [`super::tree`], one tree is walked with a fresh determinization per simulation and
//! every edge counts how often its action was *available* (legal when its node was reached).
//! PUCT (AlphaZero's rule) picks `Q + c·P(a)·sqrt(N_avail(a)) / (1 + n(a))`: the availability
//! count stands where plain PUCT has the parent's visits, so an action legal in few
//! determinizations is not credited with visits it could not have had. `Q` is the mean value
//! to the seat acting at the node (max^n: each seat maximizes its own entry); an edge never
//! visited has the first-play urgency as its `Q`.
//!
//! A node is a leaf of a simulation when some action legal there in this determinization has
//! no edge yet (always so on the first visit): the leaf is evaluated (priors and values),
//! edges are added for the new actions with their priors, and the value is backed up. The
//! same node can therefore be a leaf again when a later determinization allows an action
//! none before did.
//!
//! [`Selection::Ucb1`] walks the tree exactly as [`super::mcts::search`] does (expand one
//! untried action at random, roll out, UCB1 over availability): with the rollout guide the two
//! give the same visit counts for the same seed, which the tests check.
//!
//! Several simulations of one tree may be in flight at once (their leaves evaluated together
//! in one batch): each counts as a visit of its path as it descends — a *virtual loss*, a
//! visit worth nothing until its value arrives — so the next descent prefers other paths.

use crate::engine::{Action, ActionList, GameState, Rng, Seat, MAX_PLAYERS};

/// "No edge" / "no node".
const NONE: u32 = u32::MAX;

/// The root node's id.
pub(crate) const ROOT: u32 = 0;

/// The selection rule at a tree node.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Selection {
    /// `Q + c·P(a)·sqrt(N_avail) / (1 + n)`, unvisited edges valued at `fpu`.
    Puct {
        /// The exploration constant `c`.
        c: f64,
        /// First-play urgency: the `Q` of an edge not yet visited.
        fpu: f64,
    },
    /// Today's IS-MCTS (UCB1 over availability, one random untried action expanded per
    /// simulation); priors are ignored. Only with a rollout guide.
    Ucb1 {
        /// The UCB1 exploration constant.
        exploration: f64,
    },
}

/// An action out of a node and its statistics (a singly linked list per node, newest first,
/// as in [`super::tree`], so [`Selection::Ucb1`] meets edges in the same order).
#[derive(Clone, Debug)]
pub(crate) struct Edge {
    pub(crate) reward_sum: [f64; MAX_PLAYERS],
    next_sibling: u32,
    child: u32,
    pub(crate) action: Action,
    /// Visits, counting simulations still in flight (virtual loss).
    pub(crate) visits: u32,
    avail: u32,
    prior: f32,
}

/// Where a descent ended. The determinization it walked is left in the leaf's position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Descent {
    /// The game ended: back up its rewards.
    Terminal,
    /// `node`, where `seat` acts, needs evaluating and expanding (PUCT).
    Leaf {
        /// The node to expand.
        node: u32,
        /// The seat to act there.
        seat: Seat,
    },
    /// [`Selection::Ucb1`] added one edge and stepped along it: roll out from here.
    Expanded,
}

/// A guided search tree and its reusable buffers.
pub(crate) struct PuctTree {
    edges: Vec<Edge>,
    heads: Vec<u32>,
    legal_mark: Vec<u32>,
    tried_mark: Vec<u32>,
    stamp: u32,
    legal: ActionList,
    untried: ActionList,
    selection: Selection,
}

impl PuctTree {
    /// An empty tree over `num_actions` action ids.
    pub(crate) fn new(num_actions: usize, selection: Selection, capacity: usize) -> Self {
        let mut heads = Vec::with_capacity(capacity.max(1));
        heads.push(NONE);
        PuctTree {
            edges: Vec::with_capacity(capacity),
            heads,
            legal_mark: vec![0; num_actions],
            tried_mark: vec![0; num_actions],
            stamp: 0,
            legal: ActionList::new(),
            untried: ActionList::new(),
            selection,
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
            self.legal_mark.fill(0);
            self.tried_mark.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// Walks `det` from the root to a leaf, appending the edges taken to `path`. With
    /// `virtual_loss` each edge's visit is counted now (see the module documentation);
    /// otherwise [`PuctTree::backup`] counts it.
    pub(crate) fn descend<G: GameState>(
        &mut self,
        det: &mut G,
        rng: &mut Rng,
        path: &mut Vec<u32>,
        virtual_loss: bool,
    ) -> Descent {
        let mut node = ROOT;
        loop {
            let Some(seat) = det.current_player() else {
                return Descent::Terminal;
            };
            det.legal_actions_into(&mut self.legal);
            let stamp = self.next_stamp();
            for &a in &self.legal {
                self.legal_mark[a as usize] = stamp;
            }
            let mut best = NONE;
            let mut best_value = f64::NEG_INFINITY;
            let mut e = self.heads[node as usize];
            while e != NONE {
                let edge = &mut self.edges[e as usize];
                let a = edge.action as usize;
                if self.legal_mark[a] == stamp {
                    self.tried_mark[a] = stamp;
                    edge.avail += 1;
                    let value = score(edge, seat, self.selection);
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
                if let Selection::Puct { .. } = self.selection {
                    return Descent::Leaf { node, seat };
                }
                let action = self.untried[rng.below(self.untried.len())];
                let new = self.add_edge(node, action, 1.0);
                det.apply_unchecked(action);
                self.take(new, path, virtual_loss);
                return Descent::Expanded;
            }
            det.apply_unchecked(self.edges[best as usize].action);
            self.take(best, path, virtual_loss);
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

    /// The legal actions at the leaf where the last [`PuctTree::descend`] stopped with
    /// [`Descent::Leaf`], in the engine's order (the descent listed them; no need to again).
    pub(crate) fn leaf_legal(&self) -> &[Action] {
        &self.legal
    }

    fn take(&mut self, edge: u32, path: &mut Vec<u32>, virtual_loss: bool) {
        path.push(edge);
        if virtual_loss {
            self.edges[edge as usize].visits += 1;
        }
    }

    /// Adds an edge at `node` for every action of `legal` that has none, with its prior from
    /// `priors` (one per action of `legal`). Edges already there (another simulation of the
    /// same batch expanded the node first) keep theirs.
    pub(crate) fn expand(&mut self, node: u32, legal: &[Action], priors: &[f32]) {
        let stamp = self.next_stamp();
        let mut e = self.heads[node as usize];
        while e != NONE {
            let edge = &self.edges[e as usize];
            self.tried_mark[edge.action as usize] = stamp;
            e = edge.next_sibling;
        }
        for (&a, &p) in legal.iter().zip(priors) {
            if self.tried_mark[a as usize] != stamp {
                self.add_edge(node, a, p);
            }
        }
    }

    /// Adds `values` (one per seat) to every edge of `path`; counts the visits too unless
    /// the descent already did (`virtual_loss`).
    pub(crate) fn backup(&mut self, path: &[u32], values: &[f64], virtual_loss: bool) {
        for &e in path {
            let edge = &mut self.edges[e as usize];
            if !virtual_loss {
                edge.visits += 1;
            }
            for (sum, r) in edge.reward_sum.iter_mut().zip(values) {
                *sum += r;
            }
        }
    }

    fn new_node(&mut self) -> u32 {
        let id = u32::try_from(self.heads.len()).expect("search tree exceeds 2^32 nodes");
        self.heads.push(NONE);
        id
    }

    fn add_edge(&mut self, node: u32, action: Action, prior: f32) -> u32 {
        let index = u32::try_from(self.edges.len()).expect("search tree exceeds 2^32 edges");
        self.edges.push(Edge {
            reward_sum: [0.0; MAX_PLAYERS],
            next_sibling: self.heads[node as usize],
            child: NONE,
            action,
            visits: 0,
            avail: 1,
            prior,
        });
        self.heads[node as usize] = index;
        index
    }
}

/// The selection score of `edge` for `seat` to act.
fn score(edge: &Edge, seat: Seat, selection: Selection) -> f64 {
    let visits = f64::from(edge.visits);
    match selection {
        Selection::Puct { c, fpu } => {
            let q = if edge.visits > 0 {
                edge.reward_sum[seat] / visits
            } else {
                fpu
            };
            q + c * f64::from(edge.prior) * f64::from(edge.avail).sqrt() / (1.0 + visits)
        }
        // Exactly `super::tree`'s formula, so the two walks agree bit for bit.
        Selection::Ucb1 { exploration } => {
            edge.reward_sum[seat] / visits
                + exploration * (f64::from(edge.avail).ln() / visits).sqrt()
        }
    }
}

/// A sample of Gamma(`alpha`, 1) (Marsaglia and Tsang's method; `alpha` < 1 by boosting).
pub(crate) fn gamma(alpha: f64, rng: &mut Rng) -> f64 {
    use super::rollout::unit;
    if alpha < 1.0 {
        let u = unit(rng).max(f64::MIN_POSITIVE);
        return gamma(alpha + 1.0, rng) * u.powf(1.0 / alpha);
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        // A standard normal by Box–Muller.
        let u1 = unit(rng).max(f64::MIN_POSITIVE);
        let u2 = unit(rng);
        let x = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
        let v = (1.0 + c * x).powi(3);
        if v <= 0.0 {
            continue;
        }
        let u = unit(rng).max(f64::MIN_POSITIVE);
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}
