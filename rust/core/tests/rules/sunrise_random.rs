//! Random-simulation invariants for Sunrise at the Studio, every player count: legal actions
//! are sorted and apply; illegal ones are refused and change nothing; the JSON document
//! round-trips exactly and passes validation (which checks conservation of all 34 projects,
//! 30 advantage cards, the resource cards in play and the 60 resources) at every step;
//! replays are deterministic; the game ends after at most 9 rounds.

use craftgames_core::engine::{Action, ActionList, GameState, Rng};
use craftgames_core::sunrise::SunriseState;
use serde_json::Value;

/// Swaps card ids `a` and `b` in the listed places of a state document (and their entries in
/// the knowledge table), so a test can change what a seat does not know.
fn swap_cards(doc: &mut Value, a: u64, b: u64, places: &[&str], known: &str) {
    fn swap_in(v: &mut Value, a: u64, b: u64) {
        match v {
            Value::Number(n) if n.as_u64() == Some(a) => *v = Value::from(b),
            Value::Number(n) if n.as_u64() == Some(b) => *v = Value::from(a),
            Value::Array(items) => items.iter_mut().for_each(|x| swap_in(x, a, b)),
            Value::Object(map) => {
                if let Some(card) = map.get_mut("card") {
                    swap_in(card, a, b);
                }
            }
            _ => {}
        }
    }
    let table = doc.get_mut("table").unwrap();
    for place in places {
        if let Some(v) = table.get_mut(*place) {
            swap_in(v, a, b);
        }
    }
    for player in table["players"].as_array_mut().unwrap() {
        for place in places {
            if let Some(v) = player.get_mut(*place) {
                swap_in(v, a, b);
                if let Value::Array(items) = v {
                    // Hands and face-down sets are kept sorted.
                    if items.iter().all(Value::is_u64) {
                        items.sort_by_key(|x| x.as_u64());
                    }
                }
            }
        }
    }
    table[known]
        .as_array_mut()
        .unwrap()
        .swap(a as usize, b as usize);
}

/// For each seat, exchanging two cards it cannot see leaves its observation and its
/// information state unchanged.
fn check_hidden_cards_stay_hidden(state: &SunriseState, rng: &mut Rng) -> usize {
    let mut checked = 0;
    let doc: Value = serde_json::from_str(&state.to_json()).unwrap();
    for viewer in 0..state.num_players() {
        for (known, places) in [
            ("resource_known", &["stack", "hand", "wastebasket"][..]),
            ("advantage_known", &["advantage_deck", "advantages"][..]),
        ] {
            let bits = doc["table"][known].as_array().unwrap();
            // Cards whose place the viewer does not know, and which sit in a hidden place.
            let mut unknown: Vec<u64> = Vec::new();
            let json = doc["table"].to_string();
            for (id, b) in bits.iter().enumerate() {
                if b.as_u64().unwrap() & (1 << viewer) == 0 && json.contains(&id.to_string()) {
                    unknown.push(id as u64);
                }
            }
            if unknown.len() < 2 {
                continue;
            }
            let a = unknown[rng.below(unknown.len())];
            let b = unknown[rng.below(unknown.len())];
            if a == b {
                continue;
            }
            let mut changed = doc.clone();
            swap_cards(&mut changed, a, b, places, known);
            let Ok(other) = SunriseState::from_json(&changed.to_string()) else {
                // The two cards may not be exchangeable (e.g. a card out of play).
                continue;
            };
            assert_eq!(
                other.information_state_string(viewer),
                state.information_state_string(viewer),
                "seat {viewer}'s information state reveals {known} {a}/{b}"
            );
            assert_eq!(
                other.observation_json(viewer),
                state.observation_json(viewer),
                "seat {viewer}'s observation reveals {known} {a}/{b}"
            );
            checked += 1;
        }
    }
    checked
}

/// Every legal action has its own sentence (issue 6 point 1; OpenSpiel rejects a game whose
/// legal actions share a string): the `action_to_string`s are pairwise distinct, and so are
/// the `public_action_string`s the acting seat reads.
fn assert_sentences_distinct(state: &SunriseState, actions: &ActionList) {
    let actor = state.current_player();
    for (what, sentence) in [
        (
            "action_to_string",
            &(|a: Action| state.action_to_string(a)) as &dyn Fn(Action) -> String,
        ),
        ("public_action_string", &|a| {
            state.public_action_string(a, actor)
        }),
    ] {
        let mut seen = std::collections::HashMap::new();
        for &a in actions {
            if let Some(b) = seen.insert(sentence(a), a) {
                panic!("actions {b} and {a} share the {what} {:?}", sentence(a));
            }
        }
    }
}

fn play(players: usize, seed: u64, check_every_step: bool) -> SunriseState {
    let mut state = SunriseState::new_game(players, seed, None).unwrap();
    let mut rng = Rng::seed_from(seed * 31 + 1);
    // A separate stream for the checks, so they do not change the game played.
    let mut check_rng = Rng::seed_from(seed ^ 0xC0FFEE);
    let mut actions = ActionList::new();
    let mut steps = 0;
    let mut hidden_checks = 0;
    while !state.is_terminal() {
        state.legal_actions_into(&mut actions);
        assert!(!actions.is_empty(), "no legal action in a live state");
        assert!(
            actions.windows(2).all(|w| w[0] < w[1]),
            "legal actions are not sorted"
        );
        assert!(actions
            .iter()
            .all(|&a| (a as usize) < state.num_distinct_actions()));
        if check_every_step {
            assert_sentences_distinct(&state, &actions);
            let json = state.to_json();
            let back = SunriseState::from_json(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
            assert_eq!(back.to_json(), json, "JSON does not round-trip");
            // An illegal action is refused and changes nothing.
            let illegal = (0..state.num_distinct_actions() as Action)
                .find(|a| actions.binary_search(a).is_err())
                .unwrap();
            let mut copy = state.clone();
            assert!(copy.apply_action(illegal).is_err());
            assert_eq!(copy.to_json(), json);
            hidden_checks += check_hidden_cards_stay_hidden(&state, &mut check_rng);
        }
        let a = actions[rng.below(actions.len())];
        state.apply_action(a).unwrap();
        steps += 1;
        assert!(steps < 5000, "game does not end");
    }
    assert!(state.legal_actions().is_empty());
    if check_every_step {
        // Most steps exchanged two hidden cards for each seat and compared.
        assert!(
            hidden_checks > steps * players / 2,
            "{hidden_checks} checks in {steps} steps"
        );
    }
    state
}

#[test]
fn random_games_keep_every_invariant() {
    for players in 2..=4 {
        for seed in 0..6 {
            let end = play(players, seed, true);
            let again = play(players, seed, false);
            assert_eq!(
                end.to_json(),
                again.to_json(),
                "replay is not deterministic"
            );
            // Replaying the recorded history from the seed gives the same state.
            let mut replay = SunriseState::new_game(players, seed, None).unwrap();
            for &a in end.history() {
                replay.apply_action(a).unwrap();
            }
            assert_eq!(replay.to_json(), end.to_json());
        }
    }
}

#[test]
fn many_fast_games_end() {
    for players in 2..=4 {
        for seed in 100..160 {
            let end = play(players, seed, false);
            let scores = end.scores();
            assert_eq!(scores.len(), players);
            for s in 0..players {
                let b = end.explain_score(s);
                assert_eq!(b.lines.iter().map(|l| l.points).sum::<i32>(), b.total);
                assert_eq!(b.total, scores[s]);
            }
        }
    }
}
