//! Uniformly random playouts run entirely in Rust (each game's batch entry point, such as
//! `sunrise::random_games`, plays its games with this).

use crate::engine::{ActionList, GameState, Rng};

/// The random stream that plays the game dealt from `game_seed` in a batch of random games
/// (distinct from the deal's own stream, and the same in every batch entry point).
pub fn playout_rng(game_seed: u64) -> Rng {
    Rng::seed_from(game_seed ^ 0xA5A5_5A5A_0F0F_F0F0)
}

/// Plays `games` uniformly random games, game `i` dealt by `deal(seed + i)`, and returns their
/// final scores row-major (games × seats). Stops early, with the scores so far, if a deal
/// fails (the caller's configuration is checked before the batch).
pub fn random_game_scores<G: GameState>(
    games: usize,
    seed: u64,
    mut deal: impl FnMut(u64) -> Option<G>,
) -> Vec<i32> {
    let mut out = Vec::new();
    for i in 0..games {
        let game_seed = seed.wrapping_add(i as u64);
        let Some(mut state) = deal(game_seed) else {
            return out;
        };
        play_random_to_end(&mut state, &mut playout_rng(game_seed));
        out.extend(state.scores());
    }
    out
}

/// Plays `state` to the end choosing uniformly among legal actions with `rng`.
pub fn play_random_to_end<G: GameState>(state: &mut G, rng: &mut Rng) {
    let mut actions = ActionList::new();
    while !state.is_terminal() {
        let a = state.random_legal_action(rng, &mut actions);
        state.apply_unchecked(a);
    }
}
