//! Uniformly random playouts run entirely in Rust (each game's batch entry point, such as
//! `sunrise::random_games`, plays its games with this).

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
