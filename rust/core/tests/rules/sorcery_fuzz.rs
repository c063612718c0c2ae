//! Mutated Studies in Sorcery state documents: `from_json` either rejects a document or
//! returns a state that plays to the end without a panic (and every view of it works). Each
//! mutation changes one number of a real mid-game document, or moves one card id.

use craftgames_core::engine::{GameState, Rng};
use craftgames_core::sorcery::{SorceryConfig, SorceryState};
use serde_json::Value;

use crate::common::{after_random_moves, at, number_paths, play_out_randomly};

fn mid_game(players: usize, seed: u64, steps: usize) -> SorceryState {
    let options = serde_json::json!({"staffs": true});
    let cfg = SorceryConfig::from_options(players, options.as_object().unwrap()).unwrap();
    after_random_moves(
        SorceryState::new_game(cfg, seed, None).unwrap(),
        seed,
        steps,
    )
}

#[test]
fn mutated_sorcery_documents_are_rejected_or_play_to_the_end() {
    let mut rng = Rng::seed_from(2026);
    let mut accepted = 0;
    let mut tried = 0;
    for round in 0..24u64 {
        let state = mid_game(
            1 + (round % 4) as usize,
            round,
            10 + (round as usize * 17) % 300,
        );
        let doc: Value = serde_json::from_str(&state.to_json()).unwrap();
        let mut paths = Vec::new();
        number_paths(&doc, &mut Vec::new(), &mut paths);
        for _ in 0..50 {
            tried += 1;
            let mut changed = doc.clone();
            let path = &paths[rng.below(paths.len())];
            let slot = at(&mut changed, path);
            let old = slot.as_i64().unwrap_or(0);
            let new = match rng.below(4) {
                0 => old + 1,
                1 => old - 1,
                2 => rng.below(128) as i64,
                _ => 255,
            };
            *slot = Value::from(new);
            let Ok(mut s) = SorceryState::from_json(&changed.to_string()) else {
                continue;
            };
            accepted += 1;
            play_out_randomly(&mut s, &mut rng, 20_000, |s| {
                format!(
                    ": {:?} {:?} hand {:?}",
                    s.table().phase,
                    s.table().turn,
                    s.table().players.iter().map(|p| p.hand).collect::<Vec<_>>()
                )
            });
            let _ = s.explain_score(0);
        }
    }
    eprintln!("accepted {accepted} of {tried} mutated documents");
    assert!(accepted > 0);
}
