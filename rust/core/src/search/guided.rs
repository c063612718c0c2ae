//! Guided search of many roots at once: PUCT trees ([`super::puct`]) whose leaves are valued
//! by a built-in [`Guide`] or by an [`Evaluator`] called once per batch of leaves.
//!
//! A batch gathers up to `in_flight` leaves from every root still searching (N games searched
//! in lockstep), each leaf row holding what the engine writes for the seat to act there. The
//! search is a stepwise object — [`GuidedSearch::collect`] fills the batch, the caller has it
//! evaluated, [`GuidedSearch::apply`] expands and backs up — so a binding can run the tree work
//! without its interpreter lock and hold it only for the evaluator call.
//!
//! The hot loop allocates nothing once its buffers have grown to the batch's size: a binding
//! has the leaf rows written straight into arrays of its own ([`GuidedSearch::collect_into`]),
//! each leaf's legal actions and priors sit end to end in reused buffers, and the masks are
//! never read back.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::{Action, EngineError, EngineResult, GameState, Rng, Seat};

use super::evaluator::{
    check_values, read_priors, softmax_in_place, Dims, Evaluations, Evaluator, Guide, LeafBatch,
    PriorOutput, ValueOrder,
};
use super::mcts::{derive_seed, scratch_state, DEFAULT_ROLLOUT_EPSILON};
use super::puct::{gamma, Descent, PuctTree, Selection, ROOT};
use super::reward::{advantage, terminal_rewards, RewardKind};
use super::rollout::{unit, Rollout, RolloutPolicy};

/// The default PUCT exploration constant (AlphaZero's order of magnitude, for values in [0, 1]).
pub const DEFAULT_C_PUCT: f64 = 1.5;

/// How a guided search runs.
#[derive(Clone, Debug, PartialEq)]
pub struct GuidedOptions {
    /// Simulations per root.
    pub simulations: u64,
    /// The selection rule (PUCT by default).
    pub selection: Selection,
    /// What a finished simulated game is worth to each seat.
    pub reward: RewardKind,
    /// Simulations of one tree in flight at once (virtual loss); 1 is a sequential search.
    pub in_flight: usize,
    /// Root Dirichlet noise `(alpha, fraction)`: the root priors become
    /// `(1 − fraction)·P + fraction·Dir(alpha)` (self-play exploration); `None` for none.
    pub dirichlet: Option<(f64, f64)>,
    /// Visit-count temperature of the returned policy: `visits^(1/T)` normalized; 0 puts all
    /// the mass on the most-visited action. The action is drawn from that policy.
    pub temperature: f64,
    /// How an evaluator's prior rows are read.
    pub prior_output: PriorOutput,
    /// Which seat each column of an evaluator's value rows is.
    pub value_order: ValueOrder,
    /// With an evaluator: `(w, policy)` values each leaf as `(1 − w)·model + w·rollout`, the
    /// rollout played out under `policy` from the leaf's determinization (AlphaGo's mix);
    /// `None` for the model's value alone.
    pub rollout_mix: Option<(f64, RolloutPolicy)>,
    /// Seeds determinizations, expansions, rollouts, noise and the final draw.
    pub seed: u64,
}

impl Default for GuidedOptions {
    fn default() -> Self {
        GuidedOptions {
            simulations: 200,
            selection: Selection::Puct {
                c: DEFAULT_C_PUCT,
                fpu: 0.5,
            },
            reward: RewardKind::ScoreMargin,
            in_flight: 1,
            dirichlet: None,
            temperature: 0.0,
            prior_output: PriorOutput::Logits,
            value_order: ValueOrder::Seats,
            rollout_mix: None,
            seed: 0,
        }
    }
}

impl GuidedOptions {
    /// Rejects options that cannot run, with a sentence naming the problem.
    pub fn validate(&self) -> EngineResult<()> {
        let bad = |m: String| Err(EngineError::Config(m));
        if self.simulations == 0 {
            return bad("guided search needs at least 1 simulation".into());
        }
        if !(1..=4096).contains(&self.in_flight) {
            return bad(format!(
                "in_flight must be between 1 and 4096, not {}",
                self.in_flight
            ));
        }
        match self.selection {
            Selection::Puct { c, fpu } if !(c.is_finite() && c >= 0.0 && fpu.is_finite()) => {
                return bad(format!(
                    "c_puct must be finite and ≥ 0 and fpu finite, not {c} and {fpu}"
                ));
            }
            Selection::Ucb1 { exploration } if !(exploration.is_finite() && exploration >= 0.0) => {
                return bad(format!(
                    "exploration must be finite and ≥ 0, not {exploration}"
                ));
            }
            _ => {}
        }
        if let Some((alpha, fraction)) = self.dirichlet {
            if !(alpha.is_finite() && alpha > 0.0 && (0.0..=1.0).contains(&fraction)) {
                return bad(format!(
                    "Dirichlet noise needs alpha > 0 and a fraction in [0, 1], not {alpha} and {fraction}"
                ));
            }
        }
        if let Some((w, _)) = self.rollout_mix {
            if !(0.0..=1.0).contains(&w) {
                return bad(format!("the rollout weight must be in [0, 1], not {w}"));
            }
        }
        if !(self.temperature.is_finite() && self.temperature >= 0.0) {
            return bad(format!(
                "temperature must be finite and ≥ 0, not {}",
                self.temperature
            ));
        }
        Ok(())
    }
}

/// The outcome of a guided search of one root.
#[derive(Clone, Debug, PartialEq)]
pub struct GuidedResult {
    /// The action drawn from `policy` (the most-visited, lowest id first, at temperature 0).
    pub action: Action,
    /// The visit-count policy over the whole action space (the training target).
    pub policy: Vec<f32>,
    /// Root visits per action tried, by ascending action id.
    pub visits: Vec<(Action, u64)>,
    /// The mean backed-up value of every seat over the root's simulations.
    pub root_value: Vec<f64>,
    /// The searcher's observation tensor at the root.
    pub observation: Vec<f32>,
    /// Simulations run. The first only evaluates the root, so the root visits add up to one
    /// fewer.
    pub simulations: u64,
}

/// One root being searched.
struct RootSearch<G> {
    root: G,
    searcher: Seat,
    tree: PuctTree,
    det_seeds: Rng,
    rng: Rng,
    det: G,
    started: u64,
}

/// A leaf of the current batch: its root, node, the slice of `paths` that led there and the
/// slice of `leaf_legal` (and of `leaf_priors`) that holds its legal actions.
#[derive(Clone, Copy)]
struct Pending {
    game: usize,
    node: u32,
    path_start: usize,
    path_end: usize,
    legal_start: usize,
    legal_end: usize,
}

/// Guided IS-MCTS over N roots of one game (see the module documentation).
pub struct GuidedSearch<G> {
    games: Vec<RootSearch<G>>,
    options: GuidedOptions,
    dims: Dims,
    /// The rows [`GuidedSearch::collect`] writes (`batch_rows` of them hold its batch).
    observations: Vec<f32>,
    masks: Vec<bool>,
    batch_rows: usize,
    seats: Vec<Seat>,
    pending: Vec<Pending>,
    paths: Vec<u32>,
    path: Vec<u32>,
    /// Every leaf's legal actions, ascending, end to end (see [`Pending`]).
    leaf_legal: Vec<Action>,
    /// The priors [`GuidedSearch::apply`] read for them, one per entry of `leaf_legal`.
    leaf_priors: Vec<f32>,
    /// The slice of `leaf_legal` each mask row of the last batch was set from: the entries
    /// the next batch clears (see [`GuidedSearch::collect_into`]).
    mask_rows: Vec<(usize, usize)>,
    prior_buf: Vec<f32>,
    legal_buf: Vec<Action>,
    noise_buf: Vec<f64>,
    value_buf: Vec<f64>,
    /// Plays the rollouts of `GuidedOptions::rollout_mix`.
    rollout: Rollout<G>,
    /// `(B, P)`: each batch leaf's rollout rewards, when rollouts are mixed in.
    rollout_values: Vec<f64>,
    /// The determinization at every leaf of the last batch, for the tests' oracle.
    #[cfg(test)]
    pub(crate) leaf_states: Vec<G>,
}

impl<G: GameState> GuidedSearch<G> {
    /// A search of every root in `roots` (of one game and config), each for its seat to act.
    pub fn new(roots: Vec<G>, options: GuidedOptions) -> EngineResult<Self> {
        options.validate()?;
        let first = roots
            .first()
            .ok_or_else(|| EngineError::Config("guided search needs at least one state".into()))?;
        let dims = Dims::of(first);
        let rollout = Rollout::new(first);
        let first_game_length = first.max_game_length();
        let mut games = Vec::with_capacity(roots.len());
        for (i, root) in roots.into_iter().enumerate() {
            if Dims::of(&root) != dims {
                return Err(EngineError::Config(format!(
                    "state {i} is of another game or player count than state 0"
                )));
            }
            let searcher = root.current_player().ok_or_else(|| {
                EngineError::IllegalAction(format!(
                    "state {i}: the game is over, there is no move to search for"
                ))
            })?;
            // The same streams as `search`'s thread `i`, so game 0 under UCB1 replays it.
            let base = derive_seed(options.seed, i as u64);
            let capacity = options.simulations.min(1 << 16) as usize + 1;
            games.push(RootSearch {
                det: scratch_state(&root),
                tree: PuctTree::new(dims.actions, options.selection, capacity),
                det_seeds: Rng::seed_from(derive_seed(base, 1)),
                rng: Rng::seed_from(derive_seed(base, 2)),
                root,
                searcher,
                started: 0,
            });
        }
        Ok(GuidedSearch {
            games,
            options,
            dims,
            observations: Vec::new(),
            masks: Vec::new(),
            batch_rows: 0,
            seats: Vec::new(),
            pending: Vec::new(),
            paths: Vec::new(),
            // No descent is longer than a whole game.
            path: Vec::with_capacity(first_game_length),
            leaf_legal: Vec::new(),
            leaf_priors: Vec::new(),
            mask_rows: Vec::new(),
            // A leaf has at most one legal action per action id: with room for that, the
            // per-leaf buffers of the built-in guides never grow mid-search.
            prior_buf: Vec::with_capacity(dims.actions),
            legal_buf: Vec::with_capacity(dims.actions),
            noise_buf: Vec::with_capacity(dims.actions),
            value_buf: Vec::new(),
            rollout,
            rollout_values: Vec::new(),
            #[cfg(test)]
            leaf_states: Vec::new(),
        })
    }

    /// The row widths of the batches.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// The most leaves one batch can hold (`B` ≤ this): every root's simulations in flight.
    /// [`GuidedSearch::collect_into`] needs buffers of this many rows.
    pub fn max_batch(&self) -> usize {
        self.games.len() * self.options.in_flight
    }

    /// Searches every root to its budget with a built-in guide.
    pub fn run_builtin(&mut self, guide: Guide) -> EngineResult<()> {
        self.run_builtin_until(guide, &AtomicBool::new(false))
    }

    /// [`GuidedSearch::run_builtin`] that stops early, between two simulations, once `stop`
    /// is set by another thread (how a binding cancels it on Ctrl-C). The search is then left
    /// part-way; a search that was not stopped gives what `run_builtin` gives.
    pub fn run_builtin_until(&mut self, guide: Guide, stop: &AtomicBool) -> EngineResult<()> {
        let n = self.dims.players;
        let sims = self.options.simulations;
        let (reward, noise) = (self.options.reward, self.options.dirichlet);
        let (policy, greedy) = match guide {
            Guide::UniformRollout(p) => (p, false),
            Guide::GreedyRollout(p) => (p, true),
        };
        for game in &mut self.games {
            let mut rollout = Rollout::new(&game.root);
            let mut scratch = scratch_state(&game.root);
            while game.started < sims {
                if stop.load(Ordering::Relaxed) {
                    return Ok(());
                }
                game.started += 1;
                game.root.resample_hidden_into(
                    game.searcher,
                    game.det_seeds.next_u64(),
                    &mut game.det,
                );
                self.path.clear();
                let end = game
                    .tree
                    .descend(&mut game.det, &mut game.rng, &mut self.path, false);
                if let Descent::Leaf { node, seat } = end {
                    self.legal_buf.clear();
                    self.legal_buf.extend_from_slice(game.tree.leaf_legal());
                    self.prior_buf.clear();
                    if greedy {
                        for &a in &self.legal_buf {
                            scratch.clone_position_from(&game.det);
                            scratch.apply_unchecked(a);
                            self.prior_buf
                                .push(advantage(&scratch.heuristic_values(), seat) as f32);
                        }
                        softmax_in_place(&mut self.prior_buf);
                    } else {
                        let u = 1.0 / self.legal_buf.len() as f32;
                        self.prior_buf.resize(self.legal_buf.len(), u);
                    }
                    if node == ROOT {
                        add_noise(
                            noise,
                            &mut self.prior_buf,
                            &mut self.noise_buf,
                            &mut game.rng,
                        );
                    }
                    game.tree.expand(node, &self.legal_buf, &self.prior_buf);
                }
                rollout.play_out(&mut game.det, policy, &mut game.rng);
                let values = terminal_rewards(&game.det, reward);
                game.tree.backup(&self.path, &values[..n], false);
            }
        }
        Ok(())
    }

    /// Searches every root to its budget, calling `evaluator` once per batch.
    pub fn run_with(&mut self, evaluator: &mut dyn Evaluator) -> EngineResult<()> {
        let (p, a) = (self.dims.players, self.dims.actions);
        let mut priors = Vec::new();
        let mut values = Vec::new();
        loop {
            let batch = self.collect()?;
            if batch == 0 {
                return Ok(());
            }
            priors.clear();
            priors.resize(batch * a, 0.0);
            values.clear();
            values.resize(batch * p, 0.0);
            evaluator.evaluate(
                &self.batch(),
                Evaluations {
                    priors: &mut priors,
                    values: &mut values,
                },
            )?;
            self.apply(&priors, &values)?;
        }
    }

    /// The batch [`GuidedSearch::collect`] gathered.
    pub fn batch(&self) -> LeafBatch<'_> {
        let (b, d, a) = (self.batch_rows, self.dims.observation, self.dims.actions);
        LeafBatch {
            observations: &self.observations[..b * d],
            masks: &self.masks[..b * a],
            seats: &self.seats[..b],
            dims: self.dims,
        }
    }

    /// Descends up to `in_flight` simulations of every root still short of its budget and
    /// gathers the leaves that need an evaluator into the batch ([`GuidedSearch::batch`]);
    /// returns its size `B` (0: the search is over). Simulations that end the game are backed
    /// up at once.
    pub fn collect(&mut self) -> EngineResult<usize> {
        let rows = self.max_batch();
        let mut observations = std::mem::take(&mut self.observations);
        let mut masks = std::mem::take(&mut self.masks);
        observations.resize(rows * self.dims.observation, 0.0);
        masks.resize(rows * self.dims.actions, false);
        let collected = self.collect_into(&mut observations, &mut masks);
        self.observations = observations;
        self.masks = masks;
        self.batch_rows = *collected.as_ref().unwrap_or(&0);
        collected
    }

    /// [`GuidedSearch::collect`] writing the batch's rows into the caller's buffers (e.g.
    /// arrays a binding hands the evaluator), row-major from row 0: `observations` `(B, D)`,
    /// every entry written, and `masks` `(B, A)`. Each needs room for
    /// [`GuidedSearch::max_batch`] rows. `masks` must come as the last call left it (or all
    /// false): a mask row is thousands of entries with a few dozen set, so only the entries
    /// that change are written (the last batch's legal actions cleared, this one's set).
    pub fn collect_into(
        &mut self,
        observations: &mut [f32],
        masks: &mut [bool],
    ) -> EngineResult<usize> {
        if !matches!(self.options.selection, Selection::Puct { .. }) {
            return Err(EngineError::Config(
                "an evaluator needs PUCT selection (UCB1 runs only with a built-in guide)".into(),
            ));
        }
        let (d, a, n) = (self.dims.observation, self.dims.actions, self.dims.players);
        let rows = self.max_batch();
        if observations.len() < rows * d || masks.len() < rows * a {
            return Err(EngineError::Config(format!(
                "the batch buffers hold {} observation and {} mask entries; {rows} leaves of \
                 widths {d} and {a} need {} and {}",
                observations.len(),
                masks.len(),
                rows * d,
                rows * a
            )));
        }
        for (row, &(start, end)) in self.mask_rows.iter().enumerate() {
            for &action in &self.leaf_legal[start..end] {
                masks[row * a + action as usize] = false;
            }
        }
        self.mask_rows.clear();
        self.batch_rows = 0;
        self.seats.clear();
        self.pending.clear();
        self.paths.clear();
        self.rollout_values.clear();
        self.leaf_legal.clear();
        #[cfg(test)]
        self.leaf_states.clear();
        let sims = self.options.simulations;
        let reward = self.options.reward;
        for (g, game) in self.games.iter_mut().enumerate() {
            for _ in 0..self.options.in_flight {
                if game.started >= sims {
                    break;
                }
                game.started += 1;
                game.root.resample_hidden_into(
                    game.searcher,
                    game.det_seeds.next_u64(),
                    &mut game.det,
                );
                let path_start = self.paths.len();
                match game
                    .tree
                    .descend(&mut game.det, &mut game.rng, &mut self.paths, true)
                {
                    Descent::Leaf { node, seat } => {
                        let row = self.pending.len();
                        game.det
                            .observation_tensor(seat, &mut observations[row * d..(row + 1) * d]);
                        let legal_start = self.leaf_legal.len();
                        push_ascending(&mut self.leaf_legal, game.tree.leaf_legal());
                        let mask = &mut masks[row * a..(row + 1) * a];
                        for &action in &self.leaf_legal[legal_start..] {
                            mask[action as usize] = true;
                        }
                        self.mask_rows.push((legal_start, self.leaf_legal.len()));
                        self.seats.push(seat);
                        #[cfg(test)]
                        self.leaf_states.push(game.det.clone());
                        self.pending.push(Pending {
                            game: g,
                            node,
                            path_start,
                            path_end: self.paths.len(),
                            legal_start,
                            legal_end: self.leaf_legal.len(),
                        });
                        if let Some((_, policy)) = self.options.rollout_mix {
                            // The row is written: the leaf's determinization can be played on.
                            self.rollout.play_out(&mut game.det, policy, &mut game.rng);
                            let values = terminal_rewards(&game.det, reward);
                            self.rollout_values.extend_from_slice(&values[..n]);
                        }
                        if node == ROOT {
                            // Until the root is expanded every descent stops there: one
                            // evaluation of it is enough.
                            break;
                        }
                    }
                    Descent::Terminal | Descent::Expanded => {
                        let values = terminal_rewards(&game.det, reward);
                        game.tree
                            .backup(&self.paths[path_start..], &values[..n], true);
                        self.paths.truncate(path_start);
                    }
                }
            }
        }
        Ok(self.pending.len())
    }

    /// Expands and backs up the batch from its evaluations: `priors` `(B, A)` and `values`
    /// `(B, P)` row-major. Checks every row before changing any tree, so a bad evaluation
    /// leaves the search as it was.
    pub fn apply(&mut self, priors: &[f32], values: &[f32]) -> EngineResult<()> {
        let (a, p) = (self.dims.actions, self.dims.players);
        let b = self.pending.len();
        if priors.len() != b * a || values.len() != b * p {
            return Err(EngineError::Config(format!(
                "the evaluator must return priors of shape ({b}, {a}) and values of shape \
                 ({b}, {p}), not {} and {} entries",
                priors.len(),
                values.len()
            )));
        }
        self.leaf_priors.clear();
        for (i, leaf) in self.pending.iter().enumerate() {
            check_values(&values[i * p..(i + 1) * p], i)?;
            read_priors(
                &priors[i * a..(i + 1) * a],
                &self.leaf_legal[leaf.legal_start..leaf.legal_end],
                self.options.prior_output,
                i,
                &mut self.leaf_priors,
            )?;
        }
        for (i, leaf) in self.pending.iter().enumerate() {
            let game = &mut self.games[leaf.game];
            let legal = &self.leaf_legal[leaf.legal_start..leaf.legal_end];
            let leaf_priors = &mut self.leaf_priors[leaf.legal_start..leaf.legal_end];
            if leaf.node == ROOT {
                add_noise(
                    self.options.dirichlet,
                    leaf_priors,
                    &mut self.noise_buf,
                    &mut game.rng,
                );
            }
            game.tree.expand(leaf.node, legal, leaf_priors);
            let row = &values[i * p..(i + 1) * p];
            let (order, to_act) = (self.options.value_order, self.seats[i]);
            self.value_buf.clear();
            self.value_buf
                .extend((0..p).map(|seat| f64::from(order.value_of(row, seat, to_act))));
            if let Some((w, _)) = self.options.rollout_mix {
                let rollout = &self.rollout_values[i * p..(i + 1) * p];
                for (v, r) in self.value_buf.iter_mut().zip(rollout) {
                    *v = (1.0 - w) * *v + w * r;
                }
            }
            game.tree.backup(
                &self.paths[leaf.path_start..leaf.path_end],
                &self.value_buf,
                true,
            );
        }
        self.pending.clear();
        Ok(())
    }

    /// The result of every root, in the order given.
    pub fn results(&self) -> Vec<GuidedResult> {
        let mut draw = Rng::seed_from(derive_seed(self.options.seed, u64::MAX));
        self.games
            .iter()
            .map(|game| result_of(game, self.dims, self.options.temperature, &mut draw))
            .collect()
    }
}

/// Appends `legal` to `out` in ascending order without repeats: the order a mask row lists
/// them in, which is the order their edges are added (and so how selection breaks ties).
fn push_ascending(out: &mut Vec<Action>, legal: &[Action]) {
    let start = out.len();
    out.extend_from_slice(legal);
    if legal.windows(2).all(|w| w[0] < w[1]) {
        return; // the engine listed them ascending already (the usual case): nothing to sort
    }
    out[start..].sort_unstable();
    let mut kept = start;
    for i in start..out.len() {
        if i == start || out[i] != out[kept - 1] {
            out[kept] = out[i];
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// Mixes root Dirichlet noise into `priors` when asked (`draws` is a reused buffer).
fn add_noise(noise: Option<(f64, f64)>, priors: &mut [f32], draws: &mut Vec<f64>, rng: &mut Rng) {
    let Some((alpha, fraction)) = noise else {
        return;
    };
    draws.clear();
    draws.extend(priors.iter().map(|_| gamma(alpha, rng)));
    let total: f64 = draws.iter().sum();
    for (p, &g) in priors.iter_mut().zip(draws.iter()) {
        let share = if total > 0.0 { g / total } else { 0.0 };
        *p = ((1.0 - fraction) * f64::from(*p) + fraction * share) as f32;
    }
}

fn result_of<G: GameState>(
    game: &RootSearch<G>,
    dims: Dims,
    temperature: f64,
    draw: &mut Rng,
) -> GuidedResult {
    let mut visits: Vec<(Action, u64)> = game
        .tree
        .root_edges()
        .map(|e| (e.action, u64::from(e.visits)))
        .collect();
    visits.sort_unstable_by_key(|v| v.0);
    let total: u64 = visits.iter().map(|v| v.1).sum();
    let mut root_value = vec![0.0; dims.players];
    for e in game.tree.root_edges() {
        for (v, s) in root_value.iter_mut().zip(e.reward_sum) {
            *v += s;
        }
    }
    root_value
        .iter_mut()
        .for_each(|v| *v /= total.max(1) as f64);
    let legal = game.root.legal_actions();
    let candidates: Vec<(Action, u64)> = visits
        .iter()
        .copied()
        .filter(|v| legal.binary_search(&v.0).is_ok())
        .collect();
    let most_visited = candidates
        .iter()
        .max_by_key(|v| (v.1, std::cmp::Reverse(v.0)))
        .map_or(legal[0], |v| v.0);
    let mut policy = vec![0.0f32; dims.actions];
    let action = if temperature == 0.0 || candidates.iter().all(|v| v.1 == 0) {
        policy[most_visited as usize] = 1.0;
        most_visited
    } else {
        // Powers relative to the largest count, so a low temperature cannot overflow.
        let top = candidates.iter().map(|v| v.1).max().unwrap_or(1) as f64;
        let weights: Vec<f64> = candidates
            .iter()
            .map(|v| (v.1 as f64 / top).powf(1.0 / temperature))
            .collect();
        let sum: f64 = weights.iter().sum();
        for (v, w) in candidates.iter().zip(&weights) {
            policy[v.0 as usize] = (w / sum) as f32;
        }
        let mut x = unit(draw) * sum;
        let mut chosen = candidates[candidates.len() - 1].0;
        for (v, w) in candidates.iter().zip(&weights) {
            if x < *w {
                chosen = v.0;
                break;
            }
            x -= w;
        }
        chosen
    };
    let mut observation = vec![0.0; dims.observation];
    game.root
        .observation_tensor(game.searcher, &mut observation);
    GuidedResult {
        action,
        policy,
        visits,
        root_value,
        observation,
        simulations: game.started,
    }
}

/// The default greedy rollout of the built-in guides (the same as `search`'s).
pub fn default_rollout() -> RolloutPolicy {
    RolloutPolicy::Greedy {
        epsilon: DEFAULT_ROLLOUT_EPSILON,
    }
}
