//! Search iterations allocate nothing: a counting global allocator (this file's own, so it
//! counts only this test binary) shows that a search of many iterations makes exactly as many
//! allocations as a search of a few, with the same seed — the iterations in between allocate
//! nothing — for every game, with the default (greedy) and with random rollouts, from the
//! opening and from a position some way in.
//!
//! What a search does allocate is a fixed set made once per search, whatever its length:
//! the tree's arena and node heads (reserved for the iteration budget), its per-action mark
//! arrays and path, the determinization and rollout scratch states (each with room for a
//! whole game's history), and the result. [`PER_SEARCH_LIMIT`] bounds it.
//!
//! Drawing a determinization (`resample_hidden_into`) is counted apart, and held to zero on its
//! own, so a failure says which part allocated; like everything else an iteration does —
//! copies, legal actions, moves, greedy candidates, heuristics, final scores — it allocates
//! nothing in every game (Studies in Sorcery's card pools are fixed arrays on the stack).
//!
//! The guided (PUCT) search is held to the same bar in Sunrise: under UCB1 with the rollout
//! guide exactly; under PUCT up to its arena's few doublings (an expansion adds an edge for
//! every legal action), with the rollout guide and with an evaluator called in batches.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

#[macro_use]
#[path = "../examples/common/search_hooks.rs"]
mod search_hooks;

use craftgames_core::engine::{
    Action, ActionList, GameState, PerSeat, Rng, Seat, TensorCell, TensorSpec,
};
use craftgames_core::nijar::{NijarConfig, NijarState};
use craftgames_core::search::guided::default_rollout;
use craftgames_core::search::{
    search, Evaluations, Evaluator, Guide, GuidedOptions, GuidedSearch, LeafBatch, MctsOptions,
    RolloutPolicy, Selection,
};
use craftgames_core::sorcery::{SorceryConfig, SorceryState};
use craftgames_core::sunrise::SunriseState;

thread_local! {
    /// Allocations (including reallocations) made by this thread. Tests run on parallel
    /// threads, so each counts only its own.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    /// Of those, the ones made inside `resample_hidden_into` (drawing a determinization).
    static IN_DETERMINIZATION: Cell<u64> = const { Cell::new(0) };
}

struct Counting;

fn count() {
    // `try_with`: an allocation made while the thread's locals are torn down is not counted.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: every call is passed straight to the system allocator; counting touches only a
// const-initialized thread-local without a destructor, which never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        System.alloc_zeroed(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by `f` on this thread.
fn allocations_of(f: impl FnOnce()) -> u64 {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

/// A game whose determinizations' allocations are counted apart in [`IN_DETERMINIZATION`].
struct Watched<G>(G);

impl<G: GameState> Clone for Watched<G> {
    fn clone(&self) -> Self {
        Watched(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

impl<G: GameState> GameState for Watched<G> {
    fn resample_hidden_into(&self, player: Seat, seed: u64, out: &mut Self) {
        let n = allocations_of(|| self.0.resample_hidden_into(player, seed, &mut out.0));
        IN_DETERMINIZATION.with(|d| d.set(d.get() + n));
    }
    fn reserve_to_end(&mut self) {
        self.0.reserve_to_end();
    }
    fn resample_hidden(&self, player: Seat, seed: u64) -> Self {
        Watched(self.0.resample_hidden(player, seed))
    }
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
    // The search's hooks, forwarded so the watched search takes the game's own paths (the
    // defaults would copy whole histories and score every seat per candidate, and their
    // allocations, or lack of them, would say nothing of the game's).
    forward_search_hooks!();
}

/// Most allocations one search may make, however many iterations it runs (the fixed set in
/// the module documentation, with room to spare).
const PER_SEARCH_LIMIT: u64 = 32;

/// A few iterations, then many: with the same seed the first `FEW` iterations are the same
/// in both searches, so any allocation beyond the short search's is made by the later
/// iterations.
const FEW: u64 = 20;
const MANY: u64 = 400;

/// Searches `state` with `FEW` and with `MANY` iterations and the same seed, for each
/// rollout policy, and asserts that the longer search allocates exactly as much as the
/// shorter, that determinizations allocate nothing at all, and that a search's own
/// allocations are at most [`PER_SEARCH_LIMIT`].
fn assert_iterations_allocate_nothing<G: GameState>(name: &str, state: &G) {
    let state = Watched(state.clone());
    for rollout in [RolloutPolicy::default(), RolloutPolicy::Random] {
        let run = |iterations| {
            let options = MctsOptions {
                rollout,
                seed: 3,
                ..MctsOptions::with_iterations(iterations)
            };
            let mut result = None;
            let in_det = IN_DETERMINIZATION.with(Cell::get);
            let n = allocations_of(|| result = Some(search(&state, &options).unwrap()));
            let in_det = IN_DETERMINIZATION.with(Cell::get) - in_det;
            assert_eq!(result.unwrap().iterations, iterations);
            (n - in_det, in_det)
        };
        let (few, few_det) = run(FEW);
        let (many, many_det) = run(MANY);
        assert_eq!(
            many, few,
            "{name}, {rollout:?}: outside determinizations, {MANY} iterations allocated {many} \
             times and {FEW} iterations {few} times: iterations {FEW}..{MANY} allocated"
        );
        assert!(
            few <= PER_SEARCH_LIMIT,
            "{name}, {rollout:?}: one search allocated {few} times"
        );
        assert_eq!(
            (few_det, many_det),
            (0, 0),
            "{name}, {rollout:?}: determinizations allocated"
        );
    }
}

/// `state` after `steps` seeded random moves (or fewer, if the game ends first).
fn after_random_moves<G: GameState>(mut state: G, steps: usize) -> G {
    let mut rng = Rng::seed_from(17);
    let mut legal = ActionList::new();
    for _ in 0..steps {
        if state.is_terminal() {
            break;
        }
        state.legal_actions_into(&mut legal);
        state.apply_unchecked(legal[rng.below(legal.len())]);
    }
    state
}

/// The opening and a position some way in, for each player count.
fn positions<G: GameState>(players: &[usize], deal: impl Fn(usize) -> G) -> Vec<(usize, G)> {
    let mut out = Vec::new();
    for &players in players {
        let opening = deal(players);
        let later = after_random_moves(deal(players), 40);
        out.push((players, opening));
        if !later.is_terminal() {
            out.push((players, later));
        }
    }
    out
}

#[test]
fn sunrise_search_iterations_allocate_nothing() {
    let deal = |p: usize| SunriseState::new_game(p, 5, None).unwrap();
    for (players, state) in positions(&[2, 4], deal) {
        let name = format!("sunrise {players}p");
        assert_iterations_allocate_nothing(&name, &state);
    }
}

#[test]
fn sorcery_search_iterations_allocate_nothing() {
    let deal = |p: usize| {
        let config = SorceryConfig::from_options(p, &serde_json::Map::new()).unwrap();
        SorceryState::new_game(config, 5, None).unwrap()
    };
    for (players, state) in positions(&[1, 2, 4], deal) {
        let name = format!("sorcery {players}p");
        assert_iterations_allocate_nothing(&name, &state);
    }
}

#[test]
fn nijar_search_iterations_allocate_nothing() {
    let deal = |p: usize| NijarState::new_game(p, 5, None, NijarConfig::default()).unwrap();
    for (players, state) in positions(&[1, 2, 4], deal) {
        let name = format!("nijar {players}p");
        assert_iterations_allocate_nothing(&name, &state);
    }
}

/// Allocations of a guided search of `state` (its construction and run) with `simulations`.
fn guided_allocations<G: GameState>(
    state: &G,
    simulations: u64,
    selection: Selection,
    evaluator: Option<&mut dyn Evaluator>,
) -> u64 {
    let options = GuidedOptions {
        simulations,
        selection,
        in_flight: if evaluator.is_some() { 4 } else { 1 },
        seed: 3,
        ..GuidedOptions::default()
    };
    allocations_of(|| {
        let mut s = GuidedSearch::new(vec![state.clone()], options).unwrap();
        match evaluator {
            None => s.run_builtin(Guide::UniformRollout(default_rollout())),
            Some(e) => s.run_with(e),
        }
        .unwrap();
    })
}

/// Uniform logits and a value of 0.5 for every seat: a model that costs nothing.
struct Trivial;

impl Evaluator for Trivial {
    fn evaluate(
        &mut self,
        _batch: &LeafBatch<'_>,
        out: Evaluations<'_>,
    ) -> craftgames_core::engine::EngineResult<()> {
        out.priors.fill(0.0);
        out.values.fill(0.5);
        Ok(())
    }
}

/// How many more allocations a PUCT search of `MANY` simulations may make than one of `FEW`:
/// an expansion adds an edge per legal action, more than the arena reserved for one per
/// simulation, so the arena doubles a few times (and the batch's leaf lists grow to their
/// size once). A per-leaf allocation would add `MANY - FEW` = 380.
const ARENA_GROWTH_LIMIT: u64 = 16;

#[test]
fn guided_search_simulations_allocate_nothing() {
    let deal = |p: usize| SunriseState::new_game(p, 5, None).unwrap();
    for (players, state) in positions(&[2, 4], deal) {
        let name = format!("sunrise {players}p");
        // UCB1 with the rollout guide adds one edge per simulation, as `search` does: the
        // arena reserved for the budget never grows, so a long search allocates exactly as
        // much as a short one.
        let ucb1 = Selection::Ucb1 { exploration: 0.25 };
        let few = guided_allocations(&state, FEW, ucb1, None);
        let many = guided_allocations(&state, MANY, ucb1, None);
        assert_eq!(
            many, few,
            "{name}, UCB1 with the rollout guide: simulations allocated"
        );
        assert!(
            few <= PER_SEARCH_LIMIT,
            "{name}: one search allocated {few} times"
        );
        // PUCT, with the rollout guide and with a (Rust) evaluator in batches of 4 leaves.
        let puct = GuidedOptions::default().selection;
        let few = guided_allocations(&state, FEW, puct, None);
        let many = guided_allocations(&state, MANY, puct, None);
        assert!(
            many <= few + ARENA_GROWTH_LIMIT,
            "{name}, PUCT with the rollout guide: {many} allocations against {few}"
        );
        let few = guided_allocations(&state, FEW, puct, Some(&mut Trivial));
        let many = guided_allocations(&state, MANY, puct, Some(&mut Trivial));
        assert!(
            many <= few + ARENA_GROWTH_LIMIT,
            "{name}, PUCT with an evaluator: {many} allocations against {few}"
        );
    }
}

/// `clone_from` (which reuses the target's buffers) gives exactly the source, whatever the
/// target held before: a longer game, another seed, another player count.
fn assert_clone_from_copies<G: GameState>(source: &G, mut target: G) {
    target.reserve_to_end();
    target.clone_from(source);
    assert_eq!(target.to_json(), source.to_json());
    assert_eq!(target.history(), source.history());
    assert_eq!(target.legal_actions(), source.legal_actions());
}

#[test]
fn clone_from_gives_the_source_in_every_game() {
    let sunrise = |p, seed| SunriseState::new_game(p, seed, None).unwrap();
    assert_clone_from_copies(
        &after_random_moves(sunrise(2, 1), 30),
        after_random_moves(sunrise(4, 2), 90),
    );
    let sorcery = |p: usize, seed| {
        let config = SorceryConfig::from_options(p, &serde_json::Map::new()).unwrap();
        SorceryState::new_game(config, seed, None).unwrap()
    };
    assert_clone_from_copies(
        &after_random_moves(sorcery(2, 1), 30),
        after_random_moves(sorcery(4, 2), 90),
    );
    let nijar = |p, seed| NijarState::new_game(p, seed, None, NijarConfig::default()).unwrap();
    assert_clone_from_copies(
        &after_random_moves(nijar(2, 1), 30),
        after_random_moves(nijar(4, 2), 90),
    );
}
