//! The typed observation (`view`) against the JSON tree it replaces: the same document, key
//! for key and in the same order, for every seat at every step of random games of every
//! player count and mode.

use super::super::state::{NijarConfig, NijarState};
use crate::engine::{GameState, Rng};

#[test]
fn the_typed_view_writes_the_old_observation_exactly() {
    let mut checked = 0usize;
    for players in 1..=4 {
        let difficulties: &[u8] = if players == 1 { &[0, 1, 2] } else { &[0] };
        for &difficulty in difficulties {
            for first_game_layout in [false, true] {
                for seed in 0..3u64 {
                    let config = NijarConfig {
                        first_game_layout,
                        difficulty,
                    };
                    let mut st = NijarState::new_game(players, seed, None, config).unwrap();
                    let mut rng = Rng::seed_from(seed ^ 0x5eed);
                    loop {
                        for viewer in 0..players {
                            // Value's maps are sorted: equal text is equal content in the
                            // same (sorted) key order.
                            let old = serde_json::to_string(&st.observation(viewer)).unwrap();
                            let new = serde_json::to_string(&st.observation_view(viewer)).unwrap();
                            assert_eq!(new, old, "players {players}, seed {seed}, viewer {viewer}");
                            checked += 1;
                        }
                        if st.is_terminal() {
                            break;
                        }
                        let legal = st.legal_actions();
                        st.apply_action(legal[rng.below(legal.len())]).unwrap();
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked} views compared");
}
