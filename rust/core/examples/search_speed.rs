//! Simulated actions per second of IS-MCTS from each game's opening, with the default
//! (ε-greedy) rollouts and with random rollouts, at 2 and 4 players, by CPU time and by wall
//! time, best of 3:
//! `cargo run --release -p craftgames-core --example search_speed [seconds per run] [filter]`
//! (`filter`: only the lines whose game and rollout contain it, e.g. `sunrise 4p default`).
//!
//! A simulated action is one `apply` on a determinization: a step down the tree or a step
//! of a rollout, not the look-ahead of a greedy candidate (OpenSpiel's IS-MCTS is compared
//! on the same count). CPU time is the
//! thread's own (`CLOCK_THREAD_CPUTIME_ID`), so figures taken on a busy machine still mean
//! something; wall time is printed beside it. The last column is a fingerprint of the moves
//! and visit counts the searches produced: equal fingerprints before and after a change mean
//! the search chose exactly as before.

use std::cell::Cell;
use std::hash::{Hash, Hasher};
use std::time::Instant;

#[macro_use]
#[path = "common/search_hooks.rs"]
mod search_hooks;

use craftgames_core::engine::{
    Action, ActionList, GameState, PerSeat, Seat, TensorCell, TensorSpec,
};
use craftgames_core::nijar::{NijarConfig, NijarState};
use craftgames_core::search::{search, MctsOptions, RolloutPolicy};
use craftgames_core::sorcery::{SorceryConfig, SorceryState};
use craftgames_core::sunrise::SunriseState;

thread_local! {
    /// Simulated actions of the finished simulations scored on this thread.
    static SIMULATED: Cell<u64> = const { Cell::new(0) };
    /// The history length of the position searched from.
    static ROOT_LENGTH: Cell<usize> = const { Cell::new(0) };
}

/// A game state that counts the simulated actions of each finished simulation when the
/// search scores it (`scores()` of a finished game; greedy candidates, applied to scratch
/// copies and never finished, are not simulated actions).
struct Counted<G>(G);

impl<G: GameState> Clone for Counted<G> {
    fn clone(&self) -> Self {
        Counted(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

impl<G: GameState> GameState for Counted<G> {
    fn num_players(&self) -> usize {
        self.0.num_players()
    }
    fn num_distinct_actions(&self) -> usize {
        self.0.num_distinct_actions()
    }
    fn current_player(&self) -> Option<Seat> {
        self.0.current_player()
    }
    fn legal_actions_into(&self, out: &mut ActionList) {
        self.0.legal_actions_into(out);
    }
    fn apply_unchecked(&mut self, action: Action) {
        self.0.apply_unchecked(action);
    }
    fn action_to_string(&self, action: Action) -> String {
        self.0.action_to_string(action)
    }
    fn scores(&self) -> PerSeat<i32> {
        if self.0.is_terminal() {
            let actions = self.0.history().len() - ROOT_LENGTH.with(Cell::get);
            SIMULATED.with(|n| n.set(n.get() + actions as u64));
        }
        self.0.scores()
    }
    fn ranking(&self) -> PerSeat<Seat> {
        self.0.ranking()
    }
    fn history(&self) -> &[Action] {
        self.0.history()
    }
    fn max_game_length(&self) -> usize {
        self.0.max_game_length()
    }
    fn score_bounds(&self) -> (i32, i32) {
        self.0.score_bounds()
    }
    fn resample_hidden(&self, player: Seat, seed: u64) -> Self {
        Counted(self.0.resample_hidden(player, seed))
    }
    fn information_state_string(&self, player: Seat) -> String {
        self.0.information_state_string(player)
    }
    fn observation_tensor_size(&self) -> usize {
        self.0.observation_tensor_size()
    }
    fn write_observation_tensor<T: TensorCell>(&self, player: Seat, out: &mut [T]) {
        self.0.write_observation_tensor(player, out);
    }
    fn observation_tensor_spec(&self) -> TensorSpec {
        self.0.observation_tensor_spec()
    }
    fn observation_json(&self, player: Seat) -> serde_json::Value {
        self.0.observation_json(player)
    }
    fn to_json(&self) -> String {
        self.0.to_json()
    }
    fn solo_margin(&self) -> Option<f64> {
        self.0.solo_margin()
    }
    fn heuristic_values(&self) -> PerSeat<f64> {
        self.0.heuristic_values()
    }
    // The search's hooks, forwarded so the wrapped game is searched as it is without the
    // wrapper (the defaults would copy whole histories and score every seat per candidate).
    fn reserve_to_end(&mut self) {
        self.0.reserve_to_end();
    }
    fn resample_hidden_into(&self, player: Seat, seed: u64, out: &mut Self) {
        self.0.resample_hidden_into(player, seed, &mut out.0);
    }
    forward_search_hooks!();
}

#[path = "common/args.rs"]
mod args;
#[path = "common/cpu_time.rs"]
mod cpu_time;
use args::arg_or;
use cpu_time::thread_cpu_seconds;

/// Iterations per search: a default-sized search.
const ITERATIONS: u64 = 1000;

/// One run: searches from `start` with seeds 1, 2, … until `budget` CPU seconds have passed;
/// returns (simulated actions, CPU seconds, wall seconds).
fn run<G: GameState>(start: &G, rollout: RolloutPolicy, budget: f64) -> (u64, f64, f64) {
    let start = Counted(start.clone());
    // Determinizations may drop the history (it is not part of what a seat knows).
    let seat = start.current_player().expect("the opening has moves");
    ROOT_LENGTH.with(|n| n.set(start.resample_hidden(seat, 0).history().len()));
    let before = SIMULATED.with(Cell::get);
    let (cpu0, wall0) = (thread_cpu_seconds(), Instant::now());
    let mut seed = 0;
    while thread_cpu_seconds() - cpu0 < budget {
        seed += 1;
        let options = MctsOptions {
            seed,
            rollout,
            ..MctsOptions::with_iterations(ITERATIONS)
        };
        std::hint::black_box(search(&start, &options).expect("the opening has moves"));
    }
    let cpu = thread_cpu_seconds() - cpu0;
    let wall = wall0.elapsed().as_secs_f64();
    (SIMULATED.with(Cell::get) - before, cpu, wall)
}

/// A fingerprint of the searches with seeds 1..=3 from `start`.
fn fingerprint<G: GameState>(start: &G, rollout: RolloutPolicy) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for seed in 1..=3 {
        let options = MctsOptions {
            seed,
            rollout,
            ..MctsOptions::with_iterations(ITERATIONS)
        };
        let result = search(start, &options).expect("the opening has moves");
        result.action.hash(&mut h);
        for s in &result.stats {
            (s.action, s.visits).hash(&mut h);
        }
    }
    h.finish()
}

fn measure<G: GameState>(name: &str, start: &G, budget: f64, filter: &str) {
    for (label, rollout) in [
        ("default", RolloutPolicy::default()),
        ("random", RolloutPolicy::Random),
    ] {
        if !format!("{name} {label}").contains(filter) {
            continue;
        }
        let mut best_cpu = 0.0f64;
        let mut best_wall = 0.0f64;
        for _ in 0..3 {
            let (actions, cpu, wall) = run(start, rollout, budget);
            best_cpu = best_cpu.max(actions as f64 / cpu);
            best_wall = best_wall.max(actions as f64 / wall);
        }
        println!(
            "{name:<12} {label:<8} {:>12.0} {:>12.0}   {:016x}",
            best_cpu,
            best_wall,
            fingerprint(start, rollout)
        );
    }
}

fn main() {
    let budget: f64 = arg_or(1, 1.0, "CPU seconds per run");
    let filter = std::env::args().nth(2).unwrap_or_default();
    println!("simulated actions/s of IS-MCTS ({ITERATIONS} iterations a search) from the opening, best of 3 runs of {budget} s CPU");
    println!(
        "{:<12} {:<8} {:>12} {:>12}   fingerprint",
        "game", "rollout", "per CPU s", "per wall s"
    );
    for players in [2, 4] {
        let sunrise = SunriseState::new_game(players, 1, None).expect("valid");
        measure(&format!("sunrise {players}p"), &sunrise, budget, &filter);
        let config = SorceryConfig::from_options(players, &serde_json::Map::new()).expect("valid");
        let sorcery = SorceryState::new_game(config, 1, None).expect("valid");
        measure(&format!("sorcery {players}p"), &sorcery, budget, &filter);
        let nijar = NijarState::new_game(players, 1, None, NijarConfig::default()).expect("valid");
        measure(&format!("nijar {players}p"), &nijar, budget, &filter);
    }
}
