//! The typed observation's own spellings of the phase and the compound action: the state
//! document's (`Phase`'s and `Mode`'s serde names and fields), with the keys sorted; and the
//! set of cards on the table its `known_elsewhere` leaves out.

use super::super::data::{Act, NUM_CARD_IDS, NUM_GAME_CARDS};
use super::super::state::{Mode, NijarConfig, NijarState, Phase};
use super::super::view::{ModeView, PhaseView};
use crate::engine::{FixedVec, GameState, Rng};

/// `view` as text is the document's `value` with its keys sorted (serde_json's `Value`
/// sorts them).
fn same_sorted<V: serde::Serialize, D: serde::Serialize>(view: V, value: D) {
    let sorted = serde_json::to_value(value).unwrap().to_string();
    assert_eq!(serde_json::to_string(&view).unwrap(), sorted);
}

#[test]
fn every_phase_is_spelled_as_the_state_document_spells_it() {
    for phase in [
        Phase::SetupCombo { k: 1 },
        Phase::SetupDonkey { k: 2 },
        Phase::Reroll,
        Phase::Turns,
        Phase::Endgame { k: 3 },
        Phase::Over,
    ] {
        same_sorted(PhaseView(phase), phase);
    }
}

#[test]
fn every_compound_action_is_spelled_as_the_state_document_spells_it() {
    let mut benefits = FixedVec::new();
    benefits.push(Act::Fire1);
    benefits.push(Act::PgOrGlaze);
    for mode in [
        Mode::Idle,
        Mode::Acquire {
            left: 1,
            taken: 2,
            last: 3,
            refreshed: 4,
        },
        Mode::Donkey { acquired: true },
        Mode::Throw { left: 2, benefits },
        Mode::Fire { last: 5 },
        Mode::Paint { last: 6 },
        Mode::Clean {
            left: 1,
            last: 2,
            taken: 3,
        },
        Mode::Esparto { next: 2 },
        Mode::Sell { last: 7 },
    ] {
        same_sorted(ModeView(mode), mode);
    }
}

/// Whether card `c` is in a hand, in the draft area or on a workshop, asked of the table
/// card by card (the definition `on_table_or_hand` gathers in one pass).
fn placed_by_definition(st: &NijarState, c: usize) -> bool {
    let t = st.table();
    t.players.iter().any(|p| {
        p.hand.has(c)
            || (c >= NUM_GAME_CARDS && p.endgame_played & (1 << (c - NUM_GAME_CARDS)) != 0)
            || (c < NUM_GAME_CARDS && {
                let c = c as u8;
                p.wheels.iter().any(|w| w.card == c)
                    || p.esparto.iter().any(|e| e.card == c)
                    || p.cleanups.iter().any(|x| x.card == c)
                    || p.workshops.iter().any(|x| x.card == c)
                    || p.glaze_kilns.iter().any(|x| x.card == c)
                    || p.firing_kilns.iter().any(|x| x.card == c)
            })
    }) || t.draft.iter().flatten().any(|&x| usize::from(x) == c)
}

#[test]
fn the_cards_on_the_table_are_gathered_as_the_definition_names_them() {
    // Every position of random games at 1-4 players (Expert solo plays endgame cards too):
    // `known_elsewhere` in the observation is the known cards not in this set.
    let mut seen = [0u32; 2];
    for players in 1..=4 {
        let config = NijarConfig {
            first_game_layout: false,
            difficulty: if players == 1 { 2 } else { 0 },
        };
        for seed in 0..3 {
            let mut st = NijarState::new_game(players, seed, None, config).unwrap();
            let mut rng = Rng::seed_from(seed + 7);
            while st.current_player().is_some() {
                let placed = st.on_table_or_hand();
                for c in 0..NUM_CARD_IDS {
                    let expected = placed_by_definition(&st, c);
                    assert_eq!(placed.has(c), expected, "{players}p seed {seed}: card {c}");
                    seen[usize::from(expected)] += 1;
                }
                let legal = st.legal_actions();
                st.apply_unchecked(legal[rng.below(legal.len())]);
            }
        }
    }
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
}
