//! Hidden information: what a seat may not see stays out of its observation and its
//! information state; `resample_hidden` redraws exactly that, from what the seat knows.

use super::*;
use crate::sunrise::actions::draft_action;
use crate::sunrise::state::Destination::{Discard as D, Keep as K, Left as L, Right as R};

fn obs(s: &SunriseState, seat: usize) -> String {
    s.information_state(seat)
}

#[test]
fn a_seats_drawn_cards_and_stack_are_hidden_from_the_others() {
    let s = game(3, 2);
    let mut t = s.clone();
    // Swap one of seat 0's drawn cards with a card deep in seat 2's face-down stack.
    let a = t.t.players[0].hand[0];
    let b = t.t.players[2].stack[0];
    swap_resource_cards(&mut t, a, b);
    assert_eq!(obs(&s, 1), obs(&t, 1));
    assert_ne!(obs(&s, 0), obs(&t, 0));
    // A seat's own stack is face-down to it too.
    let mut u = s.clone();
    let (x, y) = (u.t.players[1].stack[0], u.t.players[2].stack[1]);
    swap_resource_cards(&mut u, x, y);
    assert_eq!(obs(&s, 1), obs(&u, 1));
}

#[test]
fn each_drawn_card_is_known_to_its_drawer_alone_and_the_stacks_to_nobody() {
    // "Deal 12 face-down cards to each player" and "Draw 4 resource cards from the stack":
    // at the start of every round each seat knows the 4 cards it drew and nobody knows a
    // card of any stack (the table of who knows what in `observe.rs`).
    for players in 2..=4 {
        let mut s = game(players, 7);
        let mut rounds = 0;
        let mut steps = 0;
        while running(&s, &mut steps) {
            if selecting(&s) && s.t.players.iter().all(|p| p.pending.is_none()) {
                for (q, p) in s.t.players.iter().enumerate() {
                    assert_eq!(p.hand.len(), 4);
                    for &c in &p.hand {
                        assert_eq!(s.t.resource_known[usize::from(c)], 1 << q, "seat {q}");
                    }
                    for &c in &p.stack {
                        assert_eq!(s.t.resource_known[usize::from(c)], 0);
                    }
                }
                rounds += 1;
            }
            random_until(&mut s, rounds, |s| !selecting(s));
            random_until(&mut s, rounds, selecting);
        }
        assert!(rounds >= 2, "{players} players: {rounds} rounds checked");
    }
}

#[test]
fn a_step_one_choice_stays_hidden_until_every_seat_has_chosen() {
    let base = game(3, 40);
    let options = legal(&base);
    let mut a = base.clone();
    let mut b = base.clone();
    a.apply_action(options[0]).unwrap();
    b.apply_action(*options.last().unwrap()).unwrap();
    assert_eq!(obs(&a, 1), obs(&b, 1));
    assert_eq!(obs(&a, 2), obs(&b, 2));
    assert_ne!(obs(&a, 0), obs(&b, 0));
    // The observation says that seat 0 has chosen, not what.
    assert_eq!(a.observation(1)["players"][0]["has_chosen"], true);
    assert!(a.observation(1)["players"][0]["pending_choice"].is_null());
}

#[test]
fn face_down_advantage_cards_are_hidden_from_the_others() {
    let mut s = game(2, 3);
    random_until(&mut s, 3, |s| matches!(s.t.phase, Phase::Work { seat: 0 }));
    let mine = s.t.advantage_deck[5];
    give_advantage(&mut s, 0, mine);
    let other = s.t.advantage_deck[9];
    let mut t = s.clone();
    // Exchange seat 0's card with an unknown card in the deck.
    let i = t.t.advantage_deck.iter().position(|&c| c == other).unwrap();
    t.t.advantage_deck[i] = mine;
    t.t.players[0].advantages[0] = other;
    t.t.advantage_known
        .swap(usize::from(mine), usize::from(other));
    assert_eq!(obs(&s, 1), obs(&t, 1));
    assert_ne!(obs(&s, 0), obs(&t, 0));
}

#[test]
fn resampling_depends_only_on_what_the_seat_knows() {
    let base = (0..200)
        .map(|seed| game(3, seed))
        .find(|s| legal(s).len() > 3)
        .unwrap();
    let options = legal(&base);
    let mut a = base.clone();
    let mut b = base.clone();
    a.apply_action(options[0]).unwrap();
    b.apply_action(options[options.len() - 1]).unwrap();
    // Seat 1 cannot tell a from b: the same seed gives the same world.
    let ra = a.resample(1, 77);
    let rb = b.resample(1, 77);
    assert_eq!(ra.to_json_string(), rb.to_json_string());
    assert_valid(&ra);
    // Seat 1's own cards are kept; seat 0's hidden choice was redrawn among its legal ones.
    assert_eq!(ra.t.players[1].hand, a.t.players[1].hand);
    let pending = ra.t.players[0].pending.expect("seat 0 has chosen");
    let code = draft_action(pending.destinations[..].try_into().unwrap());
    let mut probe = ra.clone();
    probe.t.phase = Phase::Select { seat: 0 };
    probe.t.players[0].pending = None;
    assert!(legal(&probe).contains(&code));
    // Different seeds redraw differently.
    let worlds: std::collections::BTreeSet<String> = (0..10)
        .map(|seed| a.resample(1, seed).to_json_string())
        .collect();
    assert!(worlds.len() > 5);
    // The acting seat's own view is unchanged by resampling.
    assert_eq!(obs(&a.resample(0, 5), 0), obs(&a, 0));
    let _ = (D, K, L, R);
}

#[test]
fn resampling_mid_game_keeps_every_invariant_and_the_viewers_view() {
    for seed in 0..20 {
        let mut s = game(2 + seed as usize % 3, seed);
        random_until(&mut s, seed, |s| s.t.history.len() > 40 + seed as usize * 7);
        for viewer in 0..s.n() {
            let r = s.resample(viewer, seed);
            assert_valid(&r);
            assert_eq!(
                obs(&r, viewer),
                obs(&s, viewer),
                "seed {seed} viewer {viewer}"
            );
            assert_eq!(legal(&r).is_empty(), legal(&s).is_empty());
            if s.actor() == Some(viewer) {
                assert_eq!(
                    legal(&r),
                    legal(&s),
                    "the searcher's own options are unchanged"
                );
            }
        }
    }
}

#[test]
fn a_loaded_hidden_choice_must_be_a_legal_distribution_of_its_style() {
    let mut s = game(3, 40);
    let first = legal(&s)[0];
    s.apply_action(first).unwrap();
    let json = s.to_json_string();
    // Seat 0 keeps all four cards "Efficiently": not a work style's distribution.
    let pending = s.t.players[0].pending.unwrap();
    let doc = json.replacen(
        &serde_json::to_string(&pending).unwrap(),
        &serde_json::to_string(&crate::sunrise::state::DraftChoice {
            style: pending.style,
            destinations: [K, K, K, K].into_iter().collect(),
        })
        .unwrap(),
        1,
    );
    assert_ne!(doc, json);
    let err = SunriseState::from_json(&doc).unwrap_err().to_string();
    assert!(err.contains("hidden choice"), "{err}");
}

/// Every string in `v`, recursively.
fn strings(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        serde_json::Value::Object(m) => m.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

#[test]
fn the_observation_names_cards_by_id_and_the_catalogue_spells_them_out() {
    let mut s = game(4, 5);
    random_until(&mut s, 9, |s| s.t.day == 1);
    let o = s.observation(2);
    // Ids, not card text: no project, advantage or challenge name appears in the observation.
    let mut seen = Vec::new();
    strings(&o, &mut seen);
    let cards = CardSet::default_set();
    for name in cards
        .projects
        .iter()
        .map(|p| &p.name)
        .chain(cards.advantages.iter().map(|a| &a.name))
    {
        assert!(
            !seen.contains(name),
            "{name} is spelled out in the observation"
        );
    }
    // The ids are the table's: the row, the viewer's hand, each seat's projects.
    let row: Vec<serde_json::Value> = s.t.row.iter().map(|c| serde_json::json!(c)).collect();
    assert_eq!(o["project_row"], serde_json::json!(row));
    assert_eq!(
        o["players"][2]["hand"],
        serde_json::json!(&s.t.players[2].hand[..])
    );
    for (q, p) in s.t.players.iter().enumerate() {
        for (i, w) in p.projects.iter().enumerate() {
            assert_eq!(o["players"][q]["projects"][i]["card"], w.card);
        }
    }
    // The catalogue indexes the same ids: entry i is card i, with its printed details.
    let cat = cards.catalogue();
    for (i, p) in cards.projects.iter().enumerate() {
        assert_eq!(cat["projects"][i]["id"], i);
        assert_eq!(cat["projects"][i]["name"], p.name.as_str());
        assert_eq!(cat["projects"][i]["points"], p.points);
    }
    assert_eq!(
        cat["advantages"].as_array().unwrap().len(),
        cards.advantages.len()
    );
    assert_eq!(
        cat["resource_cards"].as_array().unwrap().len(),
        cards.resource_cards.len()
    );
    assert_eq!(
        cat["challenges"][0]["name"],
        cards.challenges[0].name.as_str()
    );
}
