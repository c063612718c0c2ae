//! The search's hooks of a `GameState` wrapper around a game (`self.0`), forwarded: a wrapper
//! that counts something (simulated actions, allocations) must be searched along the game's
//! own paths, not the trait's defaults, which copy whole histories and score every seat for
//! every greedy candidate. Used inside the wrapper's `impl GameState` block:
//! `forward_search_hooks!();` (shared by `examples/search_speed.rs` and
//! `tests/search_allocs.rs`, which include this file by path).

macro_rules! forward_search_hooks {
    () => {
        fn random_legal_action(
            &self,
            rng: &mut craftgames_core::engine::Rng,
            legal: &mut ActionList,
        ) -> Action {
            self.0.random_legal_action(rng, legal)
        }
        fn clone_position_from(&mut self, source: &Self) {
            self.0.clone_position_from(&source.0);
        }
        fn heuristic_value(&self, seat: Seat) -> f64 {
            self.0.heuristic_value(seat)
        }
        fn heuristic_value_kept(&self, before: &Self, seat: Seat) -> bool {
            self.0.heuristic_value_kept(&before.0, seat)
        }
        fn heuristic_gain_of(&self, action: Action) -> Option<f64> {
            self.0.heuristic_gain_of(action)
        }
        fn heuristic_gain_beside(&self, action: Action) -> Option<(Action, f64)> {
            self.0.heuristic_gain_beside(action)
        }
        fn heuristic_value_after(&self, action: Action) -> Option<f64> {
            self.0.heuristic_value_after(action)
        }
    };
}
