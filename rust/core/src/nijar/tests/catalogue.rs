//! The card catalogue and the observation that names cards by its ids: every card of the set
//! is listed with its printed parts, every id an observation names is in it, and the
//! observation has the shape the docs give (docs/games/nijar.md).

use serde_json::{json, Value};

use super::super::catalogue::{catalogue_id, FIRST_STARTING_WHEEL, NUM_CATALOGUE_IDS};
use super::super::data::{
    Act, CardSet, CardType, NUM_CARD_IDS, NUM_GAME_CARDS, STARTING_BASE, STARTING_CARD,
};
use super::super::state::NijarState;
use super::modes;
use crate::engine::{GameState, Rng};

/// The default set's catalogue as JSON.
fn catalogue() -> Value {
    serde_json::to_value(CardSet::default_set().catalogue()).unwrap()
}

/// The names of a JSON object's fields, in order.
fn field_names(object: &Value) -> Vec<&str> {
    object
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

/// Act keys as JSON strings.
fn keys(acts: &[Act]) -> Value {
    json!(acts.iter().map(|a| a.key()).collect::<Vec<_>>())
}

#[test]
fn the_catalogue_lists_every_card_of_the_set_with_its_printed_parts() {
    let set = CardSet::default_set();
    let cat = catalogue();
    let cards = cat["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 102);
    assert_eq!(NUM_CATALOGUE_IDS, 102);
    assert_eq!(cat["game"], "nijar");
    for (i, card) in cards.iter().enumerate() {
        assert_eq!(card["id"], i, "{card}");
        assert!(
            card["face"].as_str().is_some_and(|f| !f.is_empty()),
            "{card}"
        );
        assert_eq!(card["starting"], i >= NUM_CARD_IDS, "{card}");
    }
    // The game cards: their name, face and cost as the card set has them, and their type's
    // parts.
    for (id, card) in cards.iter().enumerate().take(NUM_GAME_CARDS) {
        let kind = CardType::of(id);
        assert_eq!(card["name"], set.name(id));
        assert_eq!(card["face"], set.face(id));
        assert_eq!(card["type"], kind.label());
        assert!(card["cost"].is_string(), "{card}");
        let fields = field_names(card);
        let own: &[&str] = match kind {
            CardType::Wheel => {
                let w = &set.wheels[id];
                assert_eq!(card["spaces"], keys(&w.spaces));
                assert_eq!(
                    (card["vp"].clone(), card["finish_vp"].clone()),
                    (json!(w.vp), json!(w.finish_vp))
                );
                &["finish_vp", "spaces", "vp"]
            }
            CardType::Esparto => {
                let e = &set.esparto[id - 16];
                assert_eq!(
                    card["rewards"],
                    json!([e.rewards[0].label(), e.rewards[1].label()])
                );
                assert_eq!(card["design"], e.design);
                &["design", "rewards"]
            }
            CardType::Cleanup => {
                let c = &set.cleanups[id - 32];
                assert_eq!(card["crack_spaces"], c.spaces);
                assert_eq!(card["reward"], c.reward.label());
                &["crack_spaces", "reward"]
            }
            CardType::GlazingWorkshop => {
                assert_eq!(card["sides"], keys(&set.buildings[id - 44].sides));
                assert!(card["paint"].is_string());
                &["paint", "sides"]
            }
            _ => {
                assert_eq!(card["sides"], keys(&set.buildings[id - 44].sides));
                &["sides"]
            }
        };
        let mut expected: Vec<&str> = ["cost", "face", "id", "name", "starting", "type"].to_vec();
        expected.extend_from_slice(own);
        expected.sort_unstable();
        assert_eq!(fields, expected, "{card}");
    }
    for (id, card) in cards
        .iter()
        .enumerate()
        .take(NUM_CARD_IDS)
        .skip(NUM_GAME_CARDS)
    {
        assert_eq!(
            (card["name"].as_str(), card["type"].as_str()),
            (Some(set.name(id)), Some("Endgame Scoring"))
        );
        assert_eq!(card["face"], set.face(id));
    }
    // The starting cards, written out from the default card file.
    let wheel_a = &cards[usize::from(FIRST_STARTING_WHEEL)];
    assert_eq!(wheel_a["name"], "Starting Wheel A");
    assert_eq!(
        wheel_a["spaces"],
        json!(["shape", "clay", "shape", "fire1"])
    );
    assert_eq!(wheel_a["finish_vp"], 3);
    assert_eq!(cards[96]["name"], "Starting Wheel E");
    assert_eq!(cards[97]["name"], "Níjar Esparto (printed)");
    assert_eq!(cards[97]["rewards"], json!(["2 Perra Gorda", "1 Clay"]));
    assert_eq!(cards[98]["name"], "Starting Cleanup");
    assert_eq!(
        (
            cards[98]["crack_spaces"].clone(),
            cards[98]["reward"].clone()
        ),
        (json!(2), json!("2 VP"))
    );
    assert_eq!(cards[99]["name"], "Starting Glazing Workshop");
    assert_eq!(cards[99]["paint"], "2 Glazes");
    assert_eq!(cards[100]["name"], "Starting Glaze Kiln");
    assert_eq!(cards[101]["name"], "Starting Firing Kiln");
    for (id, kind) in [
        (97, "Esparto"),
        (98, "Cleanup"),
        (99, "Glazing Workshop"),
        (100, "Glaze Kiln"),
        (101, "Firing Kiln"),
    ] {
        assert_eq!(cards[id]["type"], kind);
        assert!(
            cards[id].get("cost").is_none(),
            "a starting card is not bought: {}",
            cards[id]
        );
    }
    // The five starting resource cards and the nine Competition cards, with their backs.
    let res = cat["starting_resources"].as_array().unwrap();
    assert_eq!(res.len(), 5);
    assert_eq!(
        res[4],
        json!({"clay": 3, "cracks": 1, "glaze": 3, "id": 4, "pg": 6})
    );
    let comp = cat["competition"].as_array().unwrap();
    assert_eq!(comp.len(), set.competition.len());
    assert_eq!(
        comp[0]["back"],
        json!([["Plate"], ["Jug"], ["Plate", "Jug"]])
    );
    assert_eq!(comp[0]["space"], json!([1, 1]));
}

#[test]
fn a_workshop_card_is_named_by_its_catalogue_id() {
    // A game card keeps its id; the starting cards follow the 92 card ids in type order.
    assert_eq!(catalogue_id(5, CardType::Wheel), 5);
    assert_eq!(catalogue_id(71, CardType::FiringKiln), 71);
    for k in 0..5 {
        assert_eq!(catalogue_id(STARTING_BASE + k, CardType::Wheel), 92 + k);
    }
    let starting = [
        (CardType::Esparto, 97),
        (CardType::Cleanup, 98),
        (CardType::GlazingWorkshop, 99),
        (CardType::GlazeKiln, 100),
        (CardType::FiringKiln, 101),
    ];
    let cat = catalogue();
    for (kind, id) in starting {
        assert_eq!(catalogue_id(STARTING_CARD, kind), id);
        assert_eq!(cat["cards"][usize::from(id)]["type"], kind.label());
    }
}

#[test]
fn a_card_file_gets_its_own_catalogue() {
    let text = super::super::data::DEFAULT_CARDS.replacen(
        "name = \"Torno de Pie\"",
        "name = \"Torno Nuevo\"",
        1,
    );
    let set = CardSet::from_toml(&text).unwrap();
    let cat = serde_json::to_value(set.catalogue()).unwrap();
    assert_eq!(cat["cards"][0]["name"], "Torno Nuevo");
    assert_eq!(cat["cards"][1], catalogue()["cards"][1]);
}

/// Every card id in `obs`, with what names it: (where, id) pairs.
fn named_ids(obs: &Value) -> Vec<(String, u64, &'static str)> {
    let mut out = Vec::new();
    let mut add = |what: String, v: &Value, list: &'static str| {
        if let Some(id) = v.as_u64() {
            out.push((what, id, list));
        }
    };
    for c in obs["draft"].as_array().unwrap() {
        add("draft".into(), c, "cards");
    }
    for c in obs["known_elsewhere"].as_array().unwrap() {
        add("known_elsewhere".into(), c, "cards");
    }
    for c in obs["combos"].as_array().unwrap() {
        add("combo wheel".into(), &c["wheel"], "cards");
        add(
            "combo resources".into(),
            &c["resources"],
            "starting_resources",
        );
    }
    if let Some(revealed) = obs["competition"]["revealed"].as_array() {
        for c in revealed {
            add("revealed".into(), c, "competition");
        }
    }
    for p in obs["players_view"].as_array().unwrap() {
        for key in ["hand", "known_hand", "endgame_played_cards"] {
            for c in p[key].as_array().into_iter().flatten() {
                add(key.into(), c, "cards");
            }
        }
        add("endgame_pending".into(), &p["endgame_pending"], "cards");
        for w in p["workshop"].as_array().unwrap() {
            add(format!("workshop {w}"), &w["card"], "cards");
        }
    }
    out
}

/// The catalogue type a workshop entry's state fields belong to.
fn type_of_entry(entry: &Value) -> &'static str {
    match field_names(entry).as_slice() {
        ["card", "space", "vase"] => "Potter's Wheel",
        ["card", "space"] => "Esparto",
        ["card", "cracks"] => "Cleanup",
        ["card", "piece"] => "building",
        _ => panic!("a workshop entry of unknown shape: {entry}"),
    }
}

#[test]
fn every_id_an_observation_names_is_in_the_catalogue() {
    // Every seat's observation at every step of a random game in every mode: each id indexes
    // its list of the catalogue, a workshop entry names a card of its own type (in type order,
    // each type's starting card first), and a hand names no starting card.
    let cat = catalogue();
    let mut named = 0;
    for (players, config) in modes() {
        let mut st = NijarState::new_game(players, 11, None, config).unwrap();
        let mut rng = Rng::seed_from(11);
        let mut steps = 0;
        while st.current_player().is_some() && steps < 400 {
            for viewer in 0..players {
                let obs = st.observation(viewer);
                for (what, id, list) in named_ids(&obs) {
                    let entry = &cat[list][id as usize];
                    assert_eq!(entry["id"], id, "{what}: {id} is not in `{list}`");
                    if list == "cards" && what != "combo wheel" && !what.starts_with("workshop") {
                        assert_eq!(entry["starting"], false, "{what}: {id}");
                    }
                    named += 1;
                }
                for p in obs["players_view"].as_array().unwrap() {
                    let types: Vec<&str> = p["workshop"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|w| {
                            let kind = cat["cards"][w["card"].as_u64().unwrap() as usize]["type"]
                                .as_str()
                                .unwrap();
                            match type_of_entry(w) {
                                "building" => assert!(
                                    ["Glazing Workshop", "Glaze Kiln", "Firing Kiln"]
                                        .contains(&kind),
                                    "{w}"
                                ),
                                t => assert_eq!(t, kind, "{w}"),
                            }
                            kind
                        })
                        .collect();
                    let order = |t: &&str| CardType::ALL.iter().position(|k| k.label() == *t);
                    assert!(types.is_sorted_by_key(order), "{types:?}");
                    // Each type's first card is its starting card (the printed esparto card
                    // is on the board, not in the list).
                    let workshop = p["workshop"].as_array().unwrap();
                    for (i, w) in workshop.iter().enumerate() {
                        let card = &cat["cards"][w["card"].as_u64().unwrap() as usize];
                        let first = i == 0 || types[i - 1] != types[i];
                        let starting = first && types[i] != "Esparto";
                        assert_eq!(card["starting"], starting, "{w} in {workshop:?}");
                    }
                }
            }
            let legal = st.legal_actions();
            st.apply_unchecked(legal[rng.below(legal.len())]);
            steps += 1;
        }
    }
    assert!(named > 10_000, "{named}");
}

#[test]
fn the_observation_has_the_documented_shape() {
    // The keys docs/games/nijar.md lists, at the top, for a seat and for the main board's
    // spaces; the JSON document has no catalogue (the Python dict has it under "cards").
    let st = super::started(4, 3);
    let obs = st.observation(1);
    let top = field_names(&obs);
    assert_eq!(
        top,
        [
            "column_bonuses",
            "combos",
            "competition",
            "deck_sizes",
            "demand",
            "dice",
            "draft",
            "first_player_token",
            "frames",
            "game",
            "known_elsewhere",
            "layout",
            "market_heights",
            "mode",
            "phase",
            "players_view",
            "right_track",
            "round",
            "shop_rewards",
            "spaces",
            "special_bonuses",
            "special_stack",
            "supply",
            "to_act",
            "turn_order",
            "turn_seat",
            "viewer",
        ]
    );
    let seat = field_names(&obs["players_view"][0]);
    assert_eq!(
        seat,
        [
            "clay",
            "cracks",
            "craftswomen",
            "donkey",
            "drying",
            "endgame_pending",
            "endgame_played",
            "endgame_played_cards",
            "glazes",
            "hand",
            "hand_by_deck",
            "hand_endgame",
            "known_hand",
            "on_shop",
            "perra_gorda",
            "score",
            "seat",
            "shop_closed",
            "sold",
            "technology",
            "turns",
            "vp_by_source",
            "workshop",
        ]
    );
    assert_eq!(obs["draft"].as_array().unwrap().len(), 15);
    assert_eq!(obs["spaces"]["counts"].as_array().unwrap().len(), 15);
    assert_eq!(obs["spaces"]["seats"].as_array().unwrap().len(), 15);
    // At the first turn each seat's workshop is its five starting cards: its starting wheel
    // on the centre space, the vase on the grey start space; nothing on the others.
    for p in obs["players_view"].as_array().unwrap() {
        let w = p["workshop"].as_array().unwrap();
        assert_eq!(w.len(), 5, "{w:?}");
        assert!((92..97).contains(&w[0]["card"].as_u64().unwrap()));
        assert_eq!(
            (w[0]["space"].clone(), w[0]["vase"].clone()),
            (json!(0), json!(0))
        );
        assert_eq!(w[1], json!({"card": 98, "cracks": 0}));
        for (entry, id) in w[2..].iter().zip(99..) {
            assert_eq!(*entry, json!({"card": id, "piece": null}));
        }
    }
    // The draft area by row × 5 + column, as a donkey's position names it.
    let t = st.table();
    for (i, card) in obs["draft"].as_array().unwrap().iter().enumerate() {
        let id = t.draft[i / 5][i % 5];
        assert_eq!(
            card.as_u64(),
            (id != super::EMPTY).then_some(u64::from(id)),
            "space {i}"
        );
    }
}
