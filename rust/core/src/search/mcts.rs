//! Information-set Monte Carlo tree search for any [`GameState`].
//!
//! Each iteration draws a determinization of the root from the searching seat's point of
//! view (`resample_hidden`), then walks one shared tree with it (see [`super::tree`]). The
//! true root is read only through `resample_hidden` and its own legal actions, which are the
//! searcher's own choices — so the decision cannot depend on anything the searcher may not
//! know. Root parallelism runs one independent tree per thread and sums the root statistics.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::engine::{
    Action, EngineError, EngineResult, GameState, PerSeat, Rng, Seat, MAX_PLAYERS,
};

use super::reward::RewardKind;
use super::rollout::RolloutPolicy;
use super::tree::{NodeKey, Tree, TreeParams};

/// The exploration constant `c` of UCB1 (`mean + c·sqrt(ln n / n_i)`) used by default. The
/// defaults (this constant, [`RewardKind::ScoreMargin`], greedy rollouts with ε =
/// [`DEFAULT_ROLLOUT_EPSILON`], history nodes, most visits) won the search tournament
/// (`benches/search_tournament.py`; the tables are in the README). Margin rewards sit near
/// 0.5, so they want a smaller constant than win/loss rewards (0.7 was the old default).
pub const DEFAULT_EXPLORATION: f64 = 0.25;

/// The ε of the default greedy rollout: one move in five at random.
pub const DEFAULT_ROLLOUT_EPSILON: f64 = 0.2;

/// Most search threads: far beyond any machine's useful parallelism, low enough that a typo
/// cannot exhaust the operating system's threads.
pub const MAX_THREADS: usize = 256;

/// Most edges reserved up front (a few MB); beyond it the arena grows as needed.
const MAX_RESERVED_NODES: u64 = 1 << 16;

/// How to search. At least one of `iterations` and `time_ms` must be set; with both, the
/// search stops at whichever comes first.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsOptions {
    /// Total simulations, shared out over the threads. With the same seed, iterations and
    /// threads the result is the same every time.
    pub iterations: Option<u64>,
    /// Wall-clock budget in milliseconds. A time-limited search is not reproducible.
    pub time_ms: Option<u64>,
    /// The UCB1 exploration constant `c`.
    pub exploration: f64,
    /// How simulations are played out from a new leaf.
    pub rollout: RolloutPolicy,
    /// What a tree node stands for: the action history (default, the cheapest) or the acting
    /// seat's information state (sound for secret simultaneous choices; see [`NodeKey`]).
    pub node_key: NodeKey,
    /// What a finished simulation is worth to each seat.
    pub reward: RewardKind,
    /// Seeds every determinization, expansion and rollout.
    pub seed: u64,
    /// Independent trees searched in parallel (root parallelism); 1 searches on the caller's
    /// thread.
    pub threads: usize,
    /// How the move is picked from the root statistics once the search ends.
    pub final_choice: FinalChoice,
}

/// How the searched move is picked from the root statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FinalChoice {
    /// The most-visited root action ("robust child"), lowest id among equals.
    #[default]
    MostVisits,
    /// The root action with the best mean reward for the searcher among the well-visited
    /// ones — those with at least half the visits of the most-visited — so a lucky action
    /// tried a few times cannot win; most visits, then lowest id, break ties.
    BestMean,
}

impl FinalChoice {
    /// Parses `"visits"` or `"mean"`.
    pub fn parse(name: &str) -> Option<FinalChoice> {
        match name {
            "visits" => Some(FinalChoice::MostVisits),
            "mean" => Some(FinalChoice::BestMean),
            _ => None,
        }
    }
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            iterations: Some(1000),
            time_ms: None,
            exploration: DEFAULT_EXPLORATION,
            rollout: RolloutPolicy::default(),
            node_key: NodeKey::ActionHistory,
            reward: RewardKind::ScoreMargin,
            seed: 0,
            threads: 1,
            final_choice: FinalChoice::MostVisits,
        }
    }
}

impl MctsOptions {
    /// Options for `iterations` simulations with everything else at its default.
    pub fn with_iterations(iterations: u64) -> Self {
        MctsOptions {
            iterations: Some(iterations),
            ..MctsOptions::default()
        }
    }

    /// Rejects option sets that cannot run, with a sentence naming the problem.
    pub fn validate(&self) -> EngineResult<()> {
        if self.iterations.is_none() && self.time_ms.is_none() {
            return Err(EngineError::Config(
                "MCTS needs a budget: set iterations, time_ms, or both".into(),
            ));
        }
        if self.iterations == Some(0) {
            return Err(EngineError::Config(
                "MCTS iterations must be at least 1".into(),
            ));
        }
        if !(self.exploration.is_finite() && self.exploration >= 0.0) {
            return Err(EngineError::Config(format!(
                "MCTS exploration must be a finite number ≥ 0, not {}",
                self.exploration
            )));
        }
        if let RolloutPolicy::Greedy { epsilon } = self.rollout {
            if !(0.0..=1.0).contains(&epsilon) {
                return Err(EngineError::Config(format!(
                    "greedy rollout epsilon must be in [0, 1], not {epsilon}"
                )));
            }
        }
        if !(1..=MAX_THREADS).contains(&self.threads) {
            return Err(EngineError::Config(format!(
                "MCTS threads must be between 1 and {MAX_THREADS}, not {}",
                self.threads
            )));
        }
        Ok(())
    }
}

/// What the search learned about one root action, summed over all threads.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionStats {
    /// The action.
    pub action: Action,
    /// Simulations that began with it.
    pub visits: u64,
    /// Mean reward of every seat over those simulations (one entry per seat).
    pub mean_reward: PerSeat<f64>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The chosen action, picked from `stats` as [`MctsOptions::final_choice`] says.
    pub action: Action,
    /// Every root action the search tried, by ascending action id.
    pub stats: Vec<ActionStats>,
    /// Simulations run, over all threads.
    pub iterations: u64,
}

impl SearchResult {
    /// The statistics of `action`, if the search tried it.
    pub fn stats_for(&self, action: Action) -> Option<&ActionStats> {
        self.stats.iter().find(|s| s.action == action)
    }

    /// The share of all root visits that went to `action` (0 when it was never tried): the
    /// search's confidence in it, and the "reason" a bot gives for a move.
    pub fn visit_share(&self, action: Action) -> f64 {
        let total: u64 = self.stats.iter().map(|s| s.visits).sum();
        match self.stats_for(action) {
            Some(s) if total > 0 => s.visits as f64 / total as f64,
            _ => 0.0,
        }
    }
}

/// Searches `root` for the seat to act and returns its choice with the root statistics.
///
/// Errors if the options cannot run (see [`MctsOptions::validate`]) or the game is over.
pub fn search<G: GameState>(root: &G, options: &MctsOptions) -> EngineResult<SearchResult> {
    search_until(root, options, &AtomicBool::new(false))
}

/// [`search`] that also ends early, with what it has (at least one simulation a thread),
/// once `stop` is set by another thread: how a caller cancels a long search (the Python
/// binding sets it on Ctrl-C). A search that was not stopped gives what [`search`] gives.
pub fn search_until<G: GameState>(
    root: &G,
    options: &MctsOptions,
    stop: &AtomicBool,
) -> EngineResult<SearchResult> {
    options.validate()?;
    let searcher = root.current_player().ok_or_else(|| {
        EngineError::IllegalAction("the game is over: there is no move to search for".into())
    })?;
    // A budget too far away to be an `Instant` (centuries) is no deadline at all.
    let deadline = options
        .time_ms
        .and_then(|ms| Instant::now().checked_add(Duration::from_millis(ms)));
    let threads = options.threads;
    let quota = |t: usize| {
        options.iterations.map(|total| {
            let t = t as u64;
            let n = threads as u64;
            total / n + u64::from(t < total % n)
        })
    };
    let runs: Vec<ThreadRun> = if threads == 1 {
        vec![run_thread(
            root,
            searcher,
            options,
            0,
            quota(0),
            deadline,
            stop,
        )]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let q = quota(t);
                    scope.spawn(move || run_thread(root, searcher, options, t, q, deadline, stop))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a search thread panicked"))
                .collect()
        })
    };
    Ok(combine(root, searcher, options.final_choice, &runs))
}

/// Root statistics of one thread's tree.
struct ThreadRun {
    /// (action, visits, reward sums) per root child.
    children: Vec<(Action, u64, [f64; MAX_PLAYERS])>,
    iterations: u64,
}

/// Derives the seed of stream `index` from `seed` so threads (and the determinization and
/// tree streams within a thread) never share random numbers.
pub(crate) fn derive_seed(seed: u64, index: u64) -> u64 {
    Rng::seed_from(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

fn run_thread<G: GameState>(
    root: &G,
    searcher: Seat,
    options: &MctsOptions,
    thread: usize,
    quota: Option<u64>,
    deadline: Option<Instant>,
    stop: &AtomicBool,
) -> ThreadRun {
    let params = TreeParams {
        exploration: options.exploration,
        rollout: options.rollout,
        reward: options.reward,
        key: options.node_key,
    };
    let reserve = quota.unwrap_or(MAX_RESERVED_NODES).min(MAX_RESERVED_NODES) + 1;
    let mut tree: Tree<G> = Tree::new(root, reserve as usize, params);
    let base = derive_seed(options.seed, thread as u64);
    // Two streams: one seeds determinizations, one drives expansion and rollouts. Keeping
    // them apart means the n-th determinization never depends on how long rollouts were.
    let mut det_seeds = Rng::seed_from(derive_seed(base, 1));
    let mut rng = Rng::seed_from(derive_seed(base, 2));
    // The determinization of every iteration is drawn into this one state, whose buffers
    // (the history) are reserved for a whole game, so iterations allocate nothing.
    let mut det = scratch_state(root);
    let mut iterations = 0u64;
    loop {
        if quota.is_some_and(|q| iterations >= q) {
            break;
        }
        // A thread always runs at least one simulation so even a tiny budget gives an
        // informed answer; the clock is cheap next to a simulation, so check it every time.
        if iterations > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        if iterations > 0 && stop.load(Ordering::Relaxed) {
            break; // cancelled: the caller discards or uses what was found so far
        }
        root.resample_hidden_into(searcher, det_seeds.next_u64(), &mut det);
        tree.iterate(&mut det, &mut rng);
        iterations += 1;
    }
    ThreadRun {
        children: tree
            .root_edges()
            .map(|e| (e.action, u64::from(e.visits), e.reward_sum))
            .collect(),
        iterations,
    }
}

/// A copy of `state` with room for the history of any complete game, for search to copy
/// positions into with `clone_from` without allocating.
pub(crate) fn scratch_state<G: GameState>(state: &G) -> G {
    let mut scratch = state.clone();
    scratch.reserve_to_end();
    scratch
}

fn combine<G: GameState>(
    root: &G,
    searcher: Seat,
    choice: FinalChoice,
    runs: &[ThreadRun],
) -> SearchResult {
    let n = root.num_players();
    let mut merged: Vec<(Action, u64, [f64; MAX_PLAYERS])> = Vec::new();
    for run in runs {
        for &(action, visits, sums) in &run.children {
            match merged.iter_mut().find(|m| m.0 == action) {
                Some(m) => {
                    m.1 += visits;
                    for (a, b) in m.2.iter_mut().zip(sums) {
                        *a += b;
                    }
                }
                None => merged.push((action, visits, sums)),
            }
        }
    }
    merged.sort_unstable_by_key(|m| m.0);
    let stats: Vec<ActionStats> = merged
        .iter()
        .map(|&(action, visits, sums)| ActionStats {
            action,
            visits,
            mean_reward: sums[..n]
                .iter()
                .map(|s| if visits > 0 { s / visits as f64 } else { 0.0 })
                .collect(),
        })
        .collect();
    // Only actions legal in the real root may be chosen. Determinizations agree with it on
    // the searcher's own options, so this filter is a safeguard, not a correction.
    let legal = root.legal_actions();
    let candidates = || {
        stats
            .iter()
            .filter(|s| legal.binary_search(&s.action).is_ok())
    };
    // Stats are in ascending action order and max_by keeps the last maximum, so every key
    // ends in the reversed id to prefer the lowest id among equals.
    let most_visited = candidates().max_by_key(|s| (s.visits, std::cmp::Reverse(s.action)));
    let chosen = match choice {
        FinalChoice::MostVisits => most_visited,
        FinalChoice::BestMean => {
            let top = most_visited.map_or(0, |s| s.visits);
            candidates().filter(|s| 2 * s.visits >= top).max_by(|a, b| {
                a.mean_reward[searcher]
                    .total_cmp(&b.mean_reward[searcher])
                    .then(a.visits.cmp(&b.visits))
                    .then(b.action.cmp(&a.action))
            })
        }
    };
    let action = chosen.map_or(legal[0], |s| s.action);
    SearchResult {
        action,
        stats,
        iterations: runs.iter().map(|r| r.iterations).sum(),
    }
}
