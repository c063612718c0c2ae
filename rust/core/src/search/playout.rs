//! Uniformly random playouts run entirely in Rust (the batch entry point for Python).

use crate::engine::{ActionList, GameState, Rng};

/// Plays `state` to the end choosing uniformly among legal actions with `rng`.
pub fn play_random_to_end<G: GameState>(state: &mut G, rng: &mut Rng) {
    let mut actions = ActionList::new();
    while !state.is_terminal() {
        state.legal_actions_into(&mut actions);
        let a = actions[rng.below(actions.len())];
        state.apply_unchecked(a);
    }
}

/// Plays `games` random games from clones of `start`, game `i` seeded by `seed + i`, and
/// returns the final scores row by row (`games * num_players` values).
pub fn random_playouts<G: GameState>(start: &G, games: usize, seed: u64) -> Vec<i32> {
    let n = start.num_players();
    let mut out = Vec::with_capacity(games * n);
    for i in 0..games {
        let mut rng = Rng::seed_from(seed.wrapping_add(i as u64));
        let mut state = start.clone();
        play_random_to_end(&mut state, &mut rng);
        out.extend(state.scores());
    }
    out
}
