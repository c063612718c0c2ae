//! Random-simulation invariants for Studies in Sorcery, every player count and mode: legal
//! actions are sorted, below the action space, and have pairwise distinct sentences (and
//! acting-seat public sentences); an illegal action is refused and changes nothing; the JSON
//! document round-trips exactly and validates (conservation of all 58 projects and 98
//! material cards) at every step; replay from history is bit-identical; exchanging two grave
//! cards a seat cannot know leaves its observation and information state unchanged; the
//! determinization keeps the viewer's information state.

use std::collections::HashSet;

use craftgames_core::engine::{Action, ActionList, GameState, Rng};
use craftgames_core::sorcery::{SorceryConfig, SorceryState};
use serde_json::{json, Value};

fn config(players: usize, options: Value) -> SorceryConfig {
    SorceryConfig::from_options(players, options.as_object().unwrap()).unwrap()
}

fn modes() -> Vec<(usize, Value)> {
    vec![
        (1, json!({})),
        (1, json!({"solo": "robot", "difficulty": "easy"})),
        (
            1,
            json!({"solo": "robot", "difficulty": "hard", "staffs": true}),
        ),
        (1, json!({"solo": "robot", "difficulty": "extra-hard"})),
        (1, json!({"solo": "no-robot"})),
        (1, json!({"solo": "mission", "mission": 5, "hard": true})),
        (2, json!({})),
        (2, json!({"staffs": true, "theses": "no-seven"})),
        (3, json!({"theses": "none", "staffs": true})),
        (4, json!({"staffs": true})),
        (4, json!({"missions": [1, 3, 5, 10]})),
    ]
}

/// Exchanges grave cards `a` and `b` in a state document (hands, piles, deck, knowledge).
fn swap_graves(doc: &mut Value, a: usize, b: usize) {
    fn swap_in(v: &mut Value, a: usize, b: usize) {
        if let Some(list) = v.as_array_mut() {
            for c in list.iter_mut() {
                if c.as_u64() == Some(a as u64) {
                    *c = json!(b);
                } else if c.as_u64() == Some(b as u64) {
                    *c = json!(a);
                }
            }
            list.sort_by_key(|x| x.as_u64());
        }
    }
    let t = doc.get_mut("table").unwrap();
    for p in t["players"].as_array_mut().unwrap() {
        swap_in(&mut p["hand"], a, b);
    }
    for pile in t["piles"].as_array_mut().unwrap() {
        swap_in(pile, a, b);
    }
    let deck = &mut t["grave_deck"];
    let order: Vec<Value> = deck.as_array().unwrap().clone();
    *deck = json!(order
        .iter()
        .map(|c| match c.as_u64() {
            Some(x) if x == a as u64 => json!(b),
            Some(x) if x == b as u64 => json!(a),
            _ => c.clone(),
        })
        .collect::<Vec<_>>());
    // What a seat knows of a place stays with the place: who knows the card there, and the
    // mixing group it belongs to.
    t["known"].as_array_mut().unwrap().swap(a, b);
    t["mixed"].as_array_mut().unwrap().swap(a, b);
}

fn check_hidden(state: &SorceryState, rng: &mut Rng) -> usize {
    let doc: Value = serde_json::from_str(&state.to_json()).unwrap();
    let mut checked = 0;
    for viewer in 0..state.num_players() {
        let known = doc["table"]["known"].as_array().unwrap();
        let discard = state.table().discard | state.table().robot.materials;
        let unknown: Vec<usize> = (0..70)
            .filter(|&c| known[c].as_u64().unwrap() & (1 << viewer) == 0)
            .filter(|&c| discard & (1 << c) == 0)
            .filter(|&c| state.table().players[viewer].hand & (1 << c) == 0)
            .filter(|&c| {
                // Not under a project (committed cards are public).
                !state
                    .table()
                    .players
                    .iter()
                    .any(|p| p.projects.iter().any(|w| w.slots.contains(&(c as u8))))
            })
            .collect();
        if unknown.len() < 2 {
            continue;
        }
        // Cards the viewer cannot tell apart: both unseen, and both from the same grave deck
        // (a reshuffled deck's cards are known to be its own: the discard is face-up) or of
        // one mixing group (whose generations are known only together); a card the viewer
        // knows to be in a group stays among the group's places.
        let a = unknown[rng.below(unknown.len())];
        let table = state.table();
        let (generation, mixed) = (&table.generation, &table.mixed);
        let pinned = |c: usize| mixed[c] != 0 && table.known_in_group[c] & (1 << viewer) != 0;
        let same: Vec<usize> = unknown
            .iter()
            .copied()
            .filter(|&c| {
                let one_group = mixed[a] != 0 && mixed[c] == mixed[a];
                one_group || (generation[c] == generation[a] && !pinned(a) && !pinned(c))
            })
            .collect();
        let b = same[rng.below(same.len())];
        if a == b {
            continue;
        }
        let mut changed = doc.clone();
        swap_graves(&mut changed, a, b);
        let Ok(other) = SorceryState::from_json(&changed.to_string()) else {
            continue;
        };
        assert_eq!(
            other.information_state_string(viewer),
            state.information_state_string(viewer),
            "seat {viewer}'s information state reveals grave cards {a}/{b}"
        );
        assert_eq!(
            other.observation_json(viewer),
            state.observation_json(viewer),
            "seat {viewer}'s observation reveals grave cards {a}/{b}"
        );
        checked += 1;
    }
    checked
}

fn play(players: usize, options: Value, seed: u64, check_every_step: bool) -> SorceryState {
    let cfg = config(players, options);
    let mut state = SorceryState::new_game(cfg, seed, None).unwrap();
    let mut rng = Rng::seed_from(seed * 31 + 1);
    let mut check_rng = Rng::seed_from(seed ^ 0xC0FFEE);
    let mut actions = ActionList::new();
    let mut steps = 0;
    let mut hidden = 0;
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
        let seat = state.current_player().unwrap();
        let sentences: HashSet<String> =
            actions.iter().map(|&a| state.action_to_string(a)).collect();
        assert_eq!(
            sentences.len(),
            actions.len(),
            "two legal actions share a sentence: {:?}",
            actions
                .iter()
                .map(|&a| state.action_to_string(a))
                .collect::<Vec<_>>()
        );
        let public: HashSet<String> = actions
            .iter()
            .map(|&a| state.public_action_string(a, Some(seat)))
            .collect();
        assert_eq!(public.len(), actions.len());
        if check_every_step {
            let json = state.to_json();
            let back = SorceryState::from_json(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
            assert_eq!(back.to_json(), json, "JSON does not round-trip");
            // An illegal action is refused and changes nothing.
            let illegal = (0..state.num_distinct_actions() as Action)
                .find(|a| !actions.contains(a))
                .unwrap();
            let mut copy = state.clone();
            assert!(copy.apply_action(illegal).is_err());
            assert_eq!(copy.to_json(), json);
            if steps % 3 == 0 {
                hidden += check_hidden(&state, &mut check_rng);
                let r = state.resample_hidden(seat, steps as u64);
                assert_eq!(
                    r.information_state_string(seat),
                    state.information_state_string(seat),
                    "the determinization changed what seat {seat} knows"
                );
                let mut l = ActionList::new();
                r.legal_actions_into(&mut l);
                assert_eq!(
                    l, actions,
                    "the determinization changed the actor's choices"
                );
                SorceryState::from_json(&r.to_json()).expect("a determinization validates");
                // Every seat's determinization is a live, valid state that plays on.
                for viewer in 0..state.num_players() {
                    let mut r = state.resample_hidden(viewer, steps as u64 + 1);
                    assert_eq!(
                        r.information_state_string(viewer),
                        state.information_state_string(viewer)
                    );
                    SorceryState::from_json(&r.to_json()).expect("a determinization validates");
                    let mut prng = Rng::seed_from(steps as u64);
                    for _ in 0..30 {
                        if r.is_terminal() {
                            break;
                        }
                        let mut l = ActionList::new();
                        r.legal_actions_into(&mut l);
                        assert!(!l.is_empty(), "a determinization reached a dead end");
                        r.apply_action(l[prng.below(l.len())]).unwrap();
                    }
                }
            }
        }
        let a = actions[rng.below(actions.len())];
        state.apply_action(a).unwrap();
        steps += 1;
        assert!(steps < 20_000, "the game does not end");
    }
    if check_every_step {
        assert!(
            hidden > 0 || players == 1,
            "no hidden-card swap was checked"
        );
    }
    // Replay from history is bit-identical.
    let mut replay = SorceryState::new_game(cfg, seed, None).unwrap();
    for &a in state.history() {
        replay.apply_action(a).unwrap();
    }
    assert_eq!(replay.to_json(), state.to_json());
    let b = state.explain_score(0);
    assert_eq!(b.total, state.scores()[0]);
    assert_eq!(b.lines.iter().map(|l| l.points).sum::<i32>(), b.total);
    if players == 1 {
        assert!(state.solo_margin().is_some());
    }
    state
}

#[test]
fn random_games_keep_every_invariant_in_every_mode() {
    for (i, (players, options)) in modes().into_iter().enumerate() {
        play(players, options, 100 + i as u64, true);
    }
}

#[test]
fn many_random_games_end_without_error() {
    for (i, (players, options)) in modes().into_iter().enumerate() {
        for seed in 0..6 {
            play(players, options.clone(), 1000 * i as u64 + seed, false);
        }
    }
}
