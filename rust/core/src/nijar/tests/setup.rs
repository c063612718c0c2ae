//! Setup, 4.1–4.3.

use super::super::actions::Move;
use super::super::data::{Act, CardType, NUM_GAME_CARDS};
use super::super::state::{NijarConfig, NijarState, Phase, EMPTY};
use super::{moves, play};

fn new(players: usize, seed: u64) -> NijarState {
    NijarState::new_game(players, seed, None, NijarConfig::default()).unwrap()
}

/// 4.1.1: random tiles, never "Turn Order" and "Play a Card" in one row; the first-game
/// layout exactly as authored.
#[test]
fn s4_1_1_tiles_are_random_but_turn_order_and_play_never_share_a_row() {
    let mut layouts = std::collections::HashSet::new();
    for seed in 0..60 {
        let st = new(3, seed);
        let row = |a: Act| (0..9).find(|&i| st.tile(i) == a).unwrap() / 3;
        assert_ne!(row(Act::Play), row(Act::FirstPlayer));
        layouts.insert(st.table().layout);
    }
    assert!(layouts.len() > 30, "the layout is random");
    let first = NijarState::new_game(
        2,
        5,
        None,
        NijarConfig {
            first_game_layout: true,
            difficulty: 0,
        },
    )
    .unwrap();
    let want = first.cards().board.first_game_layout.map(|a| a as u8);
    assert_eq!(first.table().layout, want);
}

/// 4.1.1 / 8: the nine action tiles are the main actions but Shape ("one action that can
/// only be performed through the movement of your Wooden Vases") and Advance Technology
/// (the reading in docs/games/nijar.md: the technology track is advanced only through the
/// workshop), "Turn Order" being the First Player Action; every layout holds each once.
#[test]
fn s4_1_1_the_nine_tiles_are_the_main_actions_but_shape_and_advance_technology() {
    let mut tiles = vec![
        Act::Acquire,
        Act::Play,
        Act::Clay,
        Act::Throw,
        Act::Fire,
        Act::Paint,
        Act::Clean,
        Act::Esparto,
        Act::FirstPlayer,
    ];
    tiles.sort_by_key(|&a| a as u8);
    for seed in 0..30 {
        for players in [1, 2, 4] {
            let st = new(players, seed);
            let mut layout: Vec<Act> = (0..9).map(|i| st.tile(i)).collect();
            layout.sort_by_key(|&a| a as u8);
            assert_eq!(layout, tiles, "{players} players, seed {seed}");
        }
    }
}

/// 4.1.2–3: columns A and B blocked by player count; 2 bonus tiles on the Special Action and
/// one on each open column; the 3-icon tile only with 3+ players, the 4-icon one with 4.
#[test]
fn s4_1_2_blocked_columns_and_s4_1_3_bonus_tiles_by_player_count() {
    for (players, open, tiles) in [(2, 3, 5), (3, 4, 6), (4, 5, 7)] {
        for seed in 0..20 {
            let st = new(players, seed);
            let t = st.table();
            let columns: Vec<u8> = t.columns.iter().copied().filter(|&c| c != EMPTY).collect();
            assert_eq!(columns.len(), open);
            assert!((open..5).all(|c| !st.column_open(c)));
            let mut all: Vec<u8> = columns.iter().chain(t.special.iter()).copied().collect();
            assert_eq!(all.len(), tiles);
            all.sort_unstable();
            all.dedup();
            assert_eq!(all.len(), tiles, "each tile once");
            assert_eq!(all.contains(&(Act::Acquire1 as u8)), players >= 3);
            assert_eq!(all.contains(&(Act::PgOrGlaze as u8)), players == 4);
        }
    }
}

/// 4.1.4: each round's row has a 2, a 1 and a 0, placed at random.
#[test]
fn s4_1_4_demand_tiles() {
    let mut seen = std::collections::HashSet::new();
    for seed in 0..20 {
        for row in new(2, seed).table().demand {
            let mut r = row;
            r.sort_unstable();
            assert_eq!(r, [0, 1, 2]);
            seen.insert(row);
        }
    }
    assert_eq!(seen.len(), 6, "every arrangement occurs");
}

/// 4.1.6–7 and 4.2.6: three decks by cardback, a 3x5 draft area (row r from deck r), 4
/// pieces of each type per player, and hands of 3 endgame cards and 1 card of each deck.
#[test]
fn s4_1_6_draft_area_and_s4_2_6_starting_hands() {
    let st = new(4, 9);
    let t = st.table();
    for (r, row) in t.draft.iter().enumerate() {
        for &c in row {
            assert_ne!(c, EMPTY);
            assert_eq!(CardType::of(usize::from(c)).deck(), r);
        }
    }
    assert_eq!(t.supply.pieces, [16, 16, 16]);
    for (s, p) in t.players.iter().enumerate() {
        assert_eq!(p.hand.len(), 6);
        assert_eq!(p.hand.endgame_count(), 3);
        let decks: Vec<usize> = p
            .hand
            .ids()
            .filter(|&c| c < NUM_GAME_CARDS)
            .map(|c| CardType::of(c).deck())
            .collect();
        assert_eq!(decks, vec![0, 1, 2]);
        for c in p.hand.ids() {
            assert_eq!(t.known[c], 1 << s, "only the owner knows its hand");
        }
        assert_eq!(p.workers, 7);
        assert_eq!(
            p.cleanups.len() + p.workshops.len() + p.glaze_kilns.len() + p.firing_kilns.len(),
            4
        );
    }
}

/// 4.3: one more combination than players; chosen in reverse turn order, each seat then
/// placing its donkey on a card no other donkey is on; resources and wheel with a vase.
#[test]
fn s4_3_combinations_in_reverse_turn_order_and_donkeys() {
    let mut st = new(3, 4);
    assert_eq!(st.table().combos.len(), 4);
    let order: Vec<usize> = st.table().order.iter().map(|&s| usize::from(s)).collect();
    let mut donkeys = Vec::new();
    for k in 0..3 {
        let seat = order[2 - k];
        assert_eq!(st.actor(), Some(seat), "reverse turn order");
        assert_eq!(moves(&st).len(), 4 - k, "the combinations still on offer");
        let combo = st.table().combos[0];
        let res = st.cards().starting_resources[usize::from(combo.res)];
        play(&mut st, Move::Combo(0));
        let p = &st.table().players[seat];
        assert_eq!(
            (p.clay, p.pg, p.glaze, p.cracks),
            (res.clay, res.pg, res.glaze, res.cracks)
        );
        assert_eq!(p.wheels.len(), 1);
        assert_eq!(st.actor(), Some(seat), "the same seat places its donkey");
        let options: Vec<Move> = moves(&st);
        for d in &donkeys {
            assert!(
                !options.contains(&Move::Donkey(*d)),
                "never two donkeys on one card"
            );
        }
        let Move::Donkey(pos) = options[options.len() - 1] else {
            panic!()
        };
        play(&mut st, Move::Donkey(pos));
        donkeys.push(pos);
    }
    assert_eq!(st.table().phase, Phase::Turns);
    assert_eq!(st.actor(), Some(order[0]));
    assert_eq!(st.table().supply.vases, 17);
}

/// 4.2.6: a hand holds game cards (0..80) and endgame cards (80..92): each card in it is
/// there once, and taking it out leaves the others.
#[test]
fn s4_2_6_a_hand_holds_each_card_once() {
    let mut hand = super::super::state::Hand::default();
    assert!(hand.is_empty());
    assert_eq!(hand.len(), 0);
    for id in [3, 63, 64, 79, 80, 91] {
        hand.insert(id);
    }
    hand.insert(64);
    assert_eq!(hand.len(), 6);
    assert!(!hand.is_empty());
    assert_eq!(hand.endgame_count(), 2);
    assert_eq!(hand.ids().collect::<Vec<_>>(), [3, 63, 64, 79, 80, 91]);
    assert!(hand.has(64) && !hand.has(0) && !hand.has(65) && !hand.has(1));
    hand.remove(64);
    hand.remove(3);
    hand.remove(5); // not there: nothing changes
    assert_eq!(hand.ids().collect::<Vec<_>>(), [63, 79, 80, 91]);
}

/// 4.3.1 and 5.3: the starting resources come out of the limited general supply: after every
/// seat has chosen, supply and players together still hold 54 Perra Gorda, 42 Glazes and 32
/// Cracks, and each player holds its card's amounts; one vase per starting wheel is gone.
#[test]
fn s4_3_1_starting_resources_come_from_the_supply() {
    for players in [2, 3, 4] {
        let mut st = new(players, 70);
        let mut chosen = Vec::new();
        while st.table().phase != Phase::Turns {
            if let Phase::SetupCombo { .. } = st.table().phase {
                let seat = st.actor().unwrap();
                let res = st.cards().starting_resources[usize::from(st.table().combos[0].res)];
                chosen.push((seat, res));
            }
            let first = moves(&st)[0];
            play(&mut st, first);
        }
        let t = st.table();
        for &(seat, res) in &chosen {
            let p = &t.players[seat];
            assert_eq!(
                (p.clay, p.pg, p.glaze, p.cracks),
                (res.clay, res.pg, res.glaze, res.cracks),
                "seat {seat}"
            );
        }
        let held = |f: fn(&super::super::state::Player) -> u8| -> u32 {
            t.players.iter().map(|p| u32::from(f(p))).sum()
        };
        assert_eq!(u32::from(t.supply.pg) + held(|p| p.pg), 54);
        assert_eq!(u32::from(t.supply.glaze) + held(|p| p.glaze), 42);
        assert_eq!(u32::from(t.supply.cracks) + held(|p| p.cracks), 32);
        assert_eq!(usize::from(t.supply.vases), 20 - players);
    }
}

/// The options (issue 8 §1): `first_game_layout` true or false; `difficulty` "normal",
/// "advanced" or "expert" (12.10), solo only; anything else is refused by name.
#[test]
fn the_options_are_read_and_checked() {
    let opts = |v: serde_json::Value| v.as_object().unwrap().clone();
    let c = NijarConfig::from_options(2, &opts(serde_json::json!({"first_game_layout": true})));
    assert_eq!(
        c.unwrap(),
        NijarConfig {
            first_game_layout: true,
            difficulty: 0
        }
    );
    let c = NijarConfig::from_options(1, &opts(serde_json::json!({"difficulty": "expert"})));
    assert_eq!(c.unwrap().difficulty, 2);
    for (players, bad, word) in [
        (2, serde_json::json!({"difficulty": "advanced"}), "solo"),
        (1, serde_json::json!({"difficulty": "hard"}), "difficulty"),
        (
            2,
            serde_json::json!({"first_game_layout": 1}),
            "first_game_layout",
        ),
        (2, serde_json::json!({"layout": true}), "layout"),
    ] {
        let e = NijarConfig::from_options(players, &opts(bad)).unwrap_err();
        assert!(e.to_string().contains(word), "{e}");
    }
}

/// 4.3: a combination is chosen for its wheel as much as its resources, so its option reads
/// the wheel's spaces in the order a vase meets them (the default card file's wheels A–E).
#[test]
fn s4_3_a_combination_option_reads_its_wheels_spaces() {
    let wheels = [
        "Starting Wheel A (Shape → Extract Clay → Shape → Fire 1 Piece; 3 VP",
        "Starting Wheel B (Extract Clay → Shape → Play a Card → Shape; 3 VP",
        "Starting Wheel C (Shape → Fire 1 Piece → Shape → Extract Clay; 3 VP",
        "Starting Wheel D (Play a Card → Shape → Extract Clay → Shape; 3 VP",
        "Starting Wheel E (Shape → Paint 1 Piece → Shape → Extract Clay; 3 VP",
    ];
    let st = new(4, 7);
    for (i, combo) in st.table().combos.iter().enumerate() {
        let text = st.describe(super::super::actions::encode(Move::Combo(i as u8)));
        let expected = wheels[usize::from(combo.wheel)];
        assert!(
            text.starts_with(&format!(
                "Choose {expected} when the vase reaches the end) with "
            )),
            "{text}"
        );
    }
}
