//! The typed observation's own spellings of the phase and the compound action: the state
//! document's (`Phase`'s and `Mode`'s serde names and fields), with the keys sorted; and the
//! set of cards on the table its `known_elsewhere` leaves out; and the state documents
//! `from_json` refuses because play would refuse them later (issue 17, point 5).

use super::super::data::{Act, NUM_CARD_IDS, NUM_GAME_CARDS};
use super::super::state::{Hand, Mode, NijarConfig, NijarState, Phase};
use super::super::view::{ModeView, PhaseView};
use super::{moves, play, started};
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
            refreshed: 4,
        },
        Mode::Donkey { acquired: true },
        Mode::Throw { left: 2, benefits },
        Mode::Fire { last: 5 },
        Mode::Paint { last: 6 },
        Mode::Clean { left: 1, taken: 3 },
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

/// A hand's ids, game card ids and endgame count, found by counting zeros (the observation
/// lists every hand), are those of testing each id: for random hands, the empty hand, the
/// full one and one of each id.
#[test]
fn a_hands_cards_are_listed_as_testing_each_id_lists_them() {
    let mut rng = Rng::seed_from(5);
    let mut hands: Vec<Hand> = vec![Hand::default()];
    let mut full = Hand::default();
    for c in 0..NUM_CARD_IDS {
        full.insert(c);
        let mut one = Hand::default();
        one.insert(c);
        hands.push(one);
    }
    hands.push(full);
    for _ in 0..200 {
        let mut h = Hand::default();
        for c in 0..NUM_CARD_IDS {
            if rng.below(4) == 0 {
                h.insert(c);
            }
        }
        hands.push(h);
    }
    for h in hands {
        let tested: Vec<usize> = (0..NUM_CARD_IDS).filter(|&c| h.has(c)).collect();
        assert_eq!(h.ids().collect::<Vec<_>>(), tested);
        let games: Vec<usize> = tested
            .iter()
            .copied()
            .filter(|&c| c < NUM_GAME_CARDS)
            .collect();
        assert_eq!(h.game_card_ids().collect::<Vec<_>>(), games);
        assert_eq!(h.endgame_count(), tested.len() - games.len());
    }
}

/// The first position of a random 2-player game whose compound action `wanted` accepts.
fn a_position_in(wanted: fn(&Mode) -> bool) -> NijarState {
    for seed in 0..20 {
        let mut st = NijarState::new_game(2, seed, None, NijarConfig::default()).unwrap();
        let mut rng = Rng::seed_from(seed);
        while st.current_player().is_some() {
            if wanted(&st.table().mode) {
                return st;
            }
            let legal = st.legal_actions();
            st.apply_unchecked(legal[rng.below(legal.len())]);
        }
    }
    panic!("no such position in 20 games");
}

#[test]
fn an_acquire_or_a_clean_is_saved_without_last_and_an_old_save_with_it_loads() {
    // 8.1 takes the cards, 8.9 places the cracks, in any order: the position a `last`
    // field held is read by nothing, so documents no longer write it, and documents
    // written before (which do) load as the same position.
    let acquiring: fn(&Mode) -> bool = |m| matches!(m, Mode::Acquire { taken: 1, .. });
    let cleaning: fn(&Mode) -> bool = |m| matches!(m, Mode::Clean { .. });
    for st in [a_position_in(acquiring), a_position_in(cleaning)] {
        let new = st.to_json_string();
        let mut doc: serde_json::Value = serde_json::from_str(&new).unwrap();
        let mode = doc["table"]["mode"].as_object_mut().unwrap();
        assert!(!mode.contains_key("last"), "{mode:?}");
        assert!(NijarState::from_json(&new).is_ok());
        mode.insert("last".into(), 3.into());
        let old = doc.to_string();
        let loaded = NijarState::from_json(&old).expect("an old document with `last` loads");
        assert_eq!(loaded.table().mode, st.table().mode);
        assert_eq!(loaded.to_json_string(), new);
    }
}

#[test]
fn an_acquire_or_a_clean_counting_past_what_play_reaches_is_refused() {
    // Those left and taken of an Acquire Cards are at most the 7 it could begin with; a
    // Clean's cracks taken at most the Cleaning Area's 8 (8.9). A document past them loaded,
    // and its tensor went out of its declared range (`taken` / 2 up to 127).
    let acquiring: fn(&Mode) -> bool = |m| matches!(m, Mode::Acquire { taken: 1, .. });
    let cleaning: fn(&Mode) -> bool = |m| matches!(m, Mode::Clean { .. });
    for (st, field, value) in [
        (a_position_in(acquiring), "taken", 7),
        (a_position_in(cleaning), "taken", 9),
    ] {
        let mut doc: serde_json::Value = serde_json::from_str(&st.to_json_string()).unwrap();
        doc["table"]["mode"][field] = value.into();
        let refused = NijarState::from_json(&doc.to_string())
            .unwrap_err()
            .to_string();
        assert!(refused.contains("mode: out of range"), "{refused}");
    }
}

/// The document of `st` as JSON, to edit as a saved file would be edited.
fn document(st: &NijarState) -> serde_json::Value {
    let doc: serde_json::Value = serde_json::from_str(&st.to_json_string()).unwrap();
    NijarState::from_json(&doc.to_string()).expect("the unedited document loads");
    doc
}

/// The sentence `from_json` refuses `doc` with (the test fails if it is accepted).
fn refusal(doc: &serde_json::Value) -> String {
    match NijarState::from_json(&doc.to_string()) {
        Ok(_) => panic!("the edited document was accepted"),
        Err(e) => e.to_string(),
    }
}

/// A solo game at its first turn: you and the Competition have taken as many turns, or the
/// Competition one more if it plays first (7.2).
fn solo_at_its_first_turn() -> serde_json::Value {
    let st = started(1, 17);
    let t = st.table();
    assert_eq!((t.phase, t.players[0].turns), (Phase::Turns, 0));
    assert!(
        t.spaces.iter().flatten().all(|o| o.count == 0),
        "nothing placed"
    );
    document(&st)
}

/// 4.2.2: every seat has its Starting Cleanup Card from the setup on. A document in the
/// setup without one loaded, and 8 moves later, the setup done, its own document was refused
/// ("cleanups: the starting card first"): it is refused at load.
#[test]
fn s4_2_a_setup_document_without_a_starting_cleanup_card_is_refused() {
    let st = NijarState::new_game(2, 17, None, NijarConfig::default()).unwrap();
    assert_eq!(st.table().phase, Phase::SetupCombo { k: 0 });
    let mut doc = document(&st);
    doc["table"]["players"][1]["cleanups"] = serde_json::json!([]);
    let why = refusal(&doc);
    assert!(why.contains("cleanups: the starting card first"), "{why}");
}

/// 4.2.5 / 4.3.1: before it chooses its combination a seat holds nothing (its Clay marker on
/// 0), and the choice gives it the Starting Resource Card's resources. A setup document whose
/// unchosen seat held a Glaze or a Perra Gorda Token (taken from the General Supply, so
/// conserved) loaded, and after that seat's choice its own document was refused ("glazes are
/// not conserved", "Perra Gorda tokens are not conserved"): it is refused at load. A seat
/// that has chosen may hold more (play adds to it).
#[test]
fn s4_3_1_a_seat_holding_resources_before_its_combination_is_refused() {
    let mut st = NijarState::new_game(2, 17, None, NijarConfig::default()).unwrap();
    let doc = document(&st);
    for token in ["glaze", "pg", "cracks", "clay"] {
        let mut held = doc.clone();
        let amount = held["table"]["players"][0][token].as_u64().unwrap();
        assert_eq!(amount, 0, "{token}: nothing before the combination");
        held["table"]["players"][0][token] = 1.into();
        if token != "clay" {
            let supply = held["table"]["supply"][token].as_u64().unwrap();
            held["table"]["supply"][token] = (supply - 1).into();
        }
        let why = refusal(&held);
        assert!(
            why.contains("a seat holds no resources before it chooses its combination"),
            "{token}: {why}"
        );
    }
    // The first seat to choose (the last in turn order) has chosen: one Glaze more is its own.
    let first = moves(&st)[0];
    play(&mut st, first);
    let s = st.setup_seat(0);
    let mut more = document(&st);
    let glaze = more["table"]["players"][s]["glaze"].as_u64().unwrap();
    let supply = more["table"]["supply"]["glaze"].as_u64().unwrap();
    more["table"]["players"][s]["glaze"] = (glaze + 1).into();
    more["table"]["supply"]["glaze"] = (supply - 1).into();
    NijarState::from_json(&more.to_string()).expect("a chosen seat's extra Glaze loads");
}

/// 7.2 / 10: a round's cycles of turns each hold a turn with an open shop. A solo document
/// with its turns raised (yours and the Competition's alike) loaded, and 97 moves later its
/// own document was refused ("turns: too many"): it is refused at load — at the first turn
/// nothing has been placed, discarded, sold, closed or revealed, so even one cycle is too
/// many.
#[test]
fn s7_2_a_solo_document_with_its_turns_raised_is_refused() {
    let doc = solo_at_its_first_turn();
    for raise in [1, 20] {
        let mut raised = doc.clone();
        for path in ["/table/players/0/turns", "/table/solo/turns"] {
            let turns = raised.pointer_mut(path).unwrap();
            *turns = (turns.as_u64().unwrap() + raise).into();
        }
        let why = refusal(&raised);
        assert!(
            why.contains("turns: more cycles of turns than turns with an open shop"),
            "+{raise}: {why}"
        );
    }
}

/// 7.2 / 12: the Competition takes its turns in turn order with you. A solo document with the
/// Competition's turn counter alone raised loaded, and later its own document was refused
/// ("solo: counters"): it is refused at load.
#[test]
fn s12_a_solo_document_with_the_competitions_counter_raised_is_refused() {
    let doc = solo_at_its_first_turn();
    let mut raised = doc.clone();
    let turns = raised["table"]["solo"]["turns"].as_u64().unwrap();
    raised["table"]["solo"]["turns"] = (turns + 20).into();
    let why = refusal(&raised);
    assert!(
        why.contains("turns: the seats before the one to play have one turn more"),
        "{why}"
    );
}
