//! The greedy choice's fast path (candidates tried on a reused scratch state with
//! `clone_position_from`, no history copied) plays exactly the games of the plain definition
//! computed here the slow way: for each candidate a fresh clone of the determinization, the
//! move applied, and the actor's advantage read from every seat's heuristic value, ties
//! broken by the same reservoir draws. Same seeds → same moves and same final scores.

use craftgames_core::engine::{Action, GameState, Rng};
use craftgames_core::nijar::{NijarConfig, NijarState};
use craftgames_core::search::reward::advantage;
use craftgames_core::search::{Bot, GreedyBot};
use craftgames_core::sorcery::{SorceryConfig, SorceryState};
use craftgames_core::sunrise::SunriseState;

/// One greedy decision by the definition (what `GreedyBot::step` documents), drawing from
/// `rng` exactly as the bot does: a determinization seed, then one draw per tie.
fn reference_step<G: GameState>(state: &G, rng: &mut Rng) -> Action {
    let seat = state.current_player().expect("the game is on");
    let legal = state.legal_actions();
    if legal.len() == 1 {
        return legal[0];
    }
    let det = state.resample_hidden(seat, rng.next_u64());
    let mut best = legal[0];
    let mut best_value = f64::NEG_INFINITY;
    let mut ties = 0usize;
    for &action in &legal {
        let mut next = det.clone();
        next.apply_unchecked(action);
        let value = advantage(&next.heuristic_values(), seat);
        if value > best_value {
            (best, best_value, ties) = (action, value, 1);
        } else if value == best_value {
            ties += 1;
            if rng.below(ties) == 0 {
                best = action;
            }
        }
    }
    best
}

/// Plays `start` to the end twice — greedy bots seeded `seed + seat`, and the reference with
/// the same seeds — and asserts both play the same moves to the same scores.
fn assert_same_game<G: GameState>(name: &str, start: &G, seed: u64) {
    let n = start.num_players();
    let mut bots: Vec<GreedyBot<G>> = (0..n).map(|s| GreedyBot::new(seed + s as u64)).collect();
    let mut rngs: Vec<Rng> = (0..n).map(|s| Rng::seed_from(seed + s as u64)).collect();
    let (mut fast, mut slow) = (start.clone(), start.clone());
    while let Some(seat) = fast.current_player() {
        let a = bots[seat].step(&fast);
        let b = reference_step(&slow, &mut rngs[seat]);
        assert_eq!(
            a,
            b,
            "{name}, seed {seed}: move {} differs",
            fast.history().len()
        );
        fast.apply_unchecked(a);
        slow.apply_unchecked(b);
    }
    assert!(slow.is_terminal());
    assert_eq!(fast.scores(), slow.scores(), "{name}, seed {seed}");
}

/// Games per game and player count (2 and 4): 300 games in all.
const GAMES: u64 = 50;

#[test]
fn sunrise_greedy_plays_the_reference_games() {
    for players in [2, 4] {
        for seed in 0..GAMES {
            let start = SunriseState::new_game(players, seed, None).unwrap();
            assert_same_game(&format!("sunrise {players}p"), &start, seed);
        }
    }
}

#[test]
fn sorcery_greedy_plays_the_reference_games() {
    for players in [2, 4] {
        let config = SorceryConfig::from_options(players, &serde_json::Map::new()).unwrap();
        for seed in 0..GAMES {
            let start = SorceryState::new_game(config, seed, None).unwrap();
            assert_same_game(&format!("sorcery {players}p"), &start, seed);
        }
    }
}

#[test]
fn nijar_greedy_plays_the_reference_games() {
    for players in [2, 4] {
        for seed in 0..GAMES {
            let start = NijarState::new_game(players, seed, None, NijarConfig::default()).unwrap();
            assert_same_game(&format!("nijar {players}p"), &start, seed);
        }
    }
}
