//! Mutated state documents: `from_json` either rejects a document or returns a state that
//! plays to the end without a panic, and whose own document loads again at every step of the
//! way (Níjar): the validator refuses at load whatever play would refuse later, so a saved
//! game can always be loaded. Each mutation changes one number of a real mid-game document to
//! a nearby or arbitrary value — the edits most likely to slip past validation.

use craftgames_core::engine::{ActionList, GameState, Rng};
use craftgames_core::nijar::{NijarConfig, NijarState};
use serde_json::Value;

use crate::common::{after_random_moves, mutate_one_or_a_pair, number_paths};

fn mid_game(players: usize, seed: u64, steps: usize) -> NijarState {
    let start = NijarState::new_game(players, seed, None, NijarConfig::default()).unwrap();
    after_random_moves(start, seed, steps)
}

/// Plays `state` to its end at random; after every move its document must load again, to
/// the same document (`origin`: the accepted document, for the failure message).
fn play_on_round_tripping(state: &mut NijarState, rng: &mut Rng, origin: &str) {
    let mut legal = ActionList::new();
    let mut steps = 0;
    while !state.is_terminal() {
        state.legal_actions_into(&mut legal);
        assert!(!legal.is_empty(), "an accepted document reached a dead end");
        let action = legal[rng.below(legal.len())];
        let _ = state.action_to_string(action);
        state.apply_action(action).unwrap();
        steps += 1;
        assert!(steps < 20_000);
        let doc = state.to_json();
        match NijarState::from_json(&doc) {
            Ok(back) => assert_eq!(back.to_json(), doc),
            Err(e) => panic!("{e}, {steps} moves after accepting\n{origin}"),
        }
    }
    let _ = (
        state.scores(),
        state.ranking(),
        state.observation_json(0),
        state.information_state_string(0),
    );
}

#[test]
fn mutated_documents_are_rejected_or_play_to_the_end() {
    let mut rng = Rng::seed_from(2026);
    let mut accepted = 0;
    for round in 0..60u64 {
        let state = mid_game(
            1 + (round % 4) as usize,
            round,
            20 + (round as usize * 17) % 380,
        );
        let doc: Value = serde_json::from_str(&state.to_json()).unwrap();
        let mut paths = Vec::new();
        number_paths(&doc, &mut Vec::new(), &mut paths);
        for _ in 0..60 {
            let changed = mutate_one_or_a_pair(&doc, &paths, &mut rng);
            let Ok(mut s) = NijarState::from_json(&changed.to_string()) else {
                continue;
            };
            if std::env::var_os("NIJAR_FUZZ_DEBUG").is_some() {
                eprintln!("accepted: {}", changed["table"]);
            }
            accepted += 1;
            play_on_round_tripping(&mut s, &mut rng, &changed.to_string());
        }
    }
    eprintln!("accepted {accepted} of 3600 mutated documents");
    // Some edits keep every invariant (a resource moved between two piles), so some pass.
    assert!(accepted > 0);
}
