//! The actions of section 8, the bonuses of section 9 and the limits of 5.1–5.3.

use super::super::actions::{encode, Move};
use super::super::data::{Act, CardType};
use super::super::state::{Cleanup, Mode, NijarState, Slot, EMPTY};
use super::{first_of, give, moves, play, started, take_out, with_task, with_tasks};
use crate::engine::GameState;

/// 8.1: the card under your donkey is free, others cost their orthogonal distance; a card
/// under another donkey is not available; up to two, offered in position order; then the
/// donkey must move to another card; the spaces are refilled left to right.
#[test]
fn s8_1_acquire_cards() {
    let mut st = started(2, 31);
    let s = st.actor().unwrap();
    let o = 1 - s;
    let t = st.table_mut();
    t.donkeys[s] = 6; // row 2, column 2
    t.donkeys[o] = 7;
    t.players[s].pg = 3;
    with_task(&mut st, Act::Acquire);
    play(&mut st, Move::AcquireBegin);
    assert_eq!(st.acquire_cost(s, 6), 0);
    assert_eq!(st.acquire_cost(s, 13), 3, "1 row and 2 columns away");
    assert_eq!(st.acquire_cost(s, 0), 2);
    let m = moves(&st);
    assert!(!m.contains(&Move::Take(7)), "under the other donkey");
    assert!(
        m.contains(&Move::Take(13)) && !m.contains(&Move::Take(4)),
        "4 costs 4"
    );
    let c6 = st.table().draft[1][1];
    let c13 = st.table().draft[2][3];
    play(&mut st, Move::Take(13));
    // "take up to two cards": in any order, the earlier position still offered after a later.
    assert!(moves(&st).contains(&Move::Take(6)), "any order");
    play(&mut st, Move::Take(6));
    let p = &st.table().players[s];
    assert!(p.hand.has(usize::from(c6)) && p.hand.has(usize::from(c13)));
    assert_eq!(p.pg, 0);
    assert!(matches!(st.table().mode, Mode::Donkey { acquired: true }));
    let m = moves(&st);
    assert!(!m.contains(&Move::Stop), "after acquiring the donkey moves");
    assert!(!m.contains(&Move::MoveDonkey(6)) && !m.contains(&Move::MoveDonkey(7)));
    let top2 = st.table().decks[2].last().copied();
    play(&mut st, Move::MoveDonkey(0));
    assert_eq!(st.table().donkeys[s], 0);
    assert_eq!(
        st.table().draft[2][3],
        top2.unwrap(),
        "refilled from the row's deck"
    );
    assert_ne!(st.table().draft[1][1], EMPTY);
}

/// 8.1: a row whose available cards are all of one type may be returned and redrawn, once,
/// before taking any card; without acquiring, moving the donkey is optional.
#[test]
fn s8_1_row_refresh_and_optional_move() {
    let mut st = started(2, 32);
    let s = st.actor().unwrap();
    // Make the top row all potter's wheels.
    let wheels: Vec<u8> = (0..5).map(|i| first_of(CardType::Wheel) + 10 + i).collect();
    for (c, &w) in wheels.iter().enumerate() {
        let old = st.table().draft[0][c];
        take_out(&mut st, w);
        let t = st.table_mut();
        t.draft[0][c] = w;
        t.decks[0].insert(0, old);
    }
    with_task(&mut st, Act::Acquire);
    play(&mut st, Move::AcquireBegin);
    assert!(moves(&st).contains(&Move::Refresh(0)));
    play(&mut st, Move::Refresh(0));
    assert!(!moves(&st).contains(&Move::Refresh(0)), "only once");
    assert!(st.table().draft[0].iter().all(|&c| c != EMPTY));
    play(&mut st, Move::Stop);
    assert!(
        moves(&st).contains(&Move::Stop),
        "no card taken: staying is allowed"
    );
    play(&mut st, Move::Stop);
    let _ = s;
}

/// 9.6: several Acquire Card bonuses from one placement are one acquisition of that many.
#[test]
fn s9_6_acquire_bonuses_combine() {
    let mut st = started(3, 33);
    with_tasks(&mut st, &[Act::Acquire1, Act::Acquire1, Act::Clay1]);
    play(&mut st, Move::AcquireBonus);
    assert!(matches!(st.table().mode, Mode::Acquire { left: 2, .. }));
    assert_eq!(st.table().frames.last().unwrap().tasks.len(), 1);
}

/// 8.2: pay the cost; a wheel takes a vase and gives its VP and its space's action; a kiln
/// gives its two side actions in any order; a wheel space is the player's choice.
#[test]
fn s8_2_play_a_card() {
    let mut st = started(2, 34);
    let s = st.actor().unwrap();
    let wheel = first_of(CardType::Wheel) + 2; // costs 3 Perra Gorda, 2 VP (authored)
    give(&mut st, s, wheel);
    st.table_mut().players[s].pg = 3;
    with_task(&mut st, Act::Play);
    let m = moves(&st);
    for k in 0..4 {
        assert!(
            m.contains(&Move::PlayCard(wheel, k)),
            "every free wheel space"
        );
    }
    let vases = st.table().supply.vases;
    play(&mut st, Move::PlayCard(wheel, 2));
    let p = &st.table().players[s];
    assert_eq!(p.pg, 0);
    assert_eq!(p.vp[1], 2);
    assert_eq!(p.wheels.len(), 2);
    assert_eq!((p.wheels[1].slot, p.wheels[1].pos), (3, 0));
    assert_eq!(st.table().supply.vases, vases - 1);
    let space = st.cards().board.wheel_spaces[2];
    assert_eq!(&*st.table().frames.last().unwrap().tasks, &[space as u8]);
    // A kiln: its two sides.
    let mut st = started(2, 35);
    let s = st.actor().unwrap();
    let kiln = first_of(CardType::FiringKiln); // costs 2 Perra Gorda
    give(&mut st, s, kiln);
    st.table_mut().players[s].pg = 1;
    with_task(&mut st, Act::Play);
    assert!(!moves(&st).contains(&Move::PlayCard(kiln, 0)), "cannot pay");
    st.table_mut().players[s].pg = 2;
    play(&mut st, Move::PlayCard(kiln, 0));
    let sides = st.cards().buildings[usize::from(kiln) - 44].sides;
    assert_eq!(
        &*st.table().frames.last().unwrap().tasks,
        &[sides[0] as u8, sides[1] as u8]
    );
    assert_eq!(st.table().players[s].firing_kilns.len(), 2);
}

/// 8.2: "play the card in its corresponding space according to its type", paying its cost to
/// the general supply (5.1): a Cleanup Card beside the starting one, a Glazing Workshop, a
/// Glaze Kiln and a Firing Kiln each after theirs. (Authored costs: Limpieza 1 one Perra
/// Gorda, the first workshop and kilns two.)
#[test]
fn s8_2_each_building_goes_to_its_own_place() {
    for (card, cost) in [(32u8, 1u8), (44, 2), (56, 2), (68, 2)] {
        let mut st = started(2, 50);
        let s = st.actor().unwrap();
        give(&mut st, s, card);
        st.table_mut().players[s].pg = 2;
        let supply = st.table().supply.pg;
        with_task(&mut st, Act::Play);
        assert!(moves(&st).contains(&Move::PlayCard(card, 0)), "card {card}");
        play(&mut st, Move::PlayCard(card, 0));
        let p = &st.table().players[s];
        let placed: [Vec<u8>; 4] = [
            p.cleanups.iter().map(|c| c.card).collect(),
            p.workshops.iter().map(|w| w.card).collect(),
            p.glaze_kilns.iter().map(|k| k.card).collect(),
            p.firing_kilns.iter().map(|k| k.card).collect(),
        ];
        for (i, cards) in placed.iter().enumerate() {
            let here = usize::from((card - 32) / 12) == i;
            assert_eq!(cards.len(), if here { 2 } else { 1 }, "card {card}");
            assert_eq!(cards.last() == Some(&card), here, "card {card}");
        }
        assert!(!p.hand.has(usize::from(card)));
        assert_eq!((p.pg, st.table().supply.pg), (2 - cost, supply + cost));
    }
}

/// 8.3 and 5.1: 1 Clay free, 2 for 1, 3 for 3; never above 7 Clay.
#[test]
fn s8_3_extract_clay_and_the_clay_limit() {
    let mut st = started(2, 36);
    let s = st.actor().unwrap();
    st.table_mut().players[s].pg = 2;
    st.table_mut().players[s].clay = 6;
    with_task(&mut st, Act::Clay);
    let m = moves(&st);
    assert!(m.contains(&Move::Clay(0)) && m.contains(&Move::Clay(1)));
    assert!(!m.contains(&Move::Clay(2)), "3 Clay costs 3 Perra Gorda");
    play(&mut st, Move::Clay(1));
    assert_eq!(st.table().players[s].clay, 7, "excess lost");
    assert_eq!(st.table().players[s].pg, 1);
    // Below the limit each option gives its amount for its price.
    for (k, clay, price) in [(0u8, 1u8, 0u8), (1, 2, 1), (2, 3, 3)] {
        let mut st = started(2, 36);
        let s = st.actor().unwrap();
        st.table_mut().players[s].pg = 3;
        st.table_mut().players[s].clay = 0;
        let supply = st.table().supply.pg;
        with_task(&mut st, Act::Clay);
        play(&mut st, Move::Clay(k));
        let p = &st.table().players[s];
        assert_eq!((p.clay, p.pg), (clay, 3 - price), "option {k}");
        assert_eq!(
            st.table().supply.pg,
            supply + price,
            "option {k}: paid to the supply"
        );
    }
}

/// 8.4: one step; 2 VP on reaching the end; a throw moves up to 1/2/3 spaces.
#[test]
fn s8_4_technology() {
    let mut st = started(2, 37);
    let s = st.actor().unwrap();
    with_tasks(
        &mut st,
        &[Act::Technology, Act::Technology, Act::Technology],
    );
    // The option says what the step gives: a longer Throw, and 2 VP at the last position.
    let technology = encode(Move::Technology);
    assert_eq!(
        st.action_to_string(technology),
        "Advance Technology: the marker one space on (a Throw then moves up to 2 spaces)"
    );
    play(&mut st, Move::Technology);
    assert_eq!(st.table().players[s].vp[2], 0);
    assert_eq!(
        st.action_to_string(technology),
        "Advance Technology: the marker to its last position (a Throw then moves up to 3 \
         spaces; gain 2 VP)"
    );
    play(&mut st, Move::Technology);
    assert_eq!(st.table().players[s].vp[2], 2);
    assert!(
        !moves(&st).contains(&Move::Technology),
        "the end of the track"
    );
}

/// 8.5: a finished wheel gives its VP and its vase stays; spaces left unused are allowed.
#[test]
fn s8_5_finishing_a_wheel() {
    let mut st = started(2, 38);
    let s = st.actor().unwrap();
    let len = st
        .cards()
        .wheel(st.table().players[s].wheels[0].card)
        .spaces
        .len() as u8;
    st.table_mut().players[s].wheels[0].pos = len - 1;
    st.table_mut().players[s].tech = 2;
    with_task(&mut st, Act::Throw);
    play(&mut st, Move::Advance(0));
    assert_eq!(st.table().players[s].vp[1], 3, "the starting wheels' 3 VP");
    assert_eq!(st.table().mode, Mode::Idle, "no vase left to move");
}

/// 8.6 and 5.3: shaping needs the clay, room for two cracks, and pieces in the supply.
#[test]
fn s8_6_shape_limits() {
    let mut st = started(2, 39);
    let s = st.actor().unwrap();
    let t = st.table_mut();
    t.players[s].clay = 2;
    t.players[s].cracks = 7;
    t.supply.pieces[1] = 0;
    with_task(&mut st, Act::Shape);
    let m = moves(&st);
    assert!(
        m.contains(&Move::Shape(0)) && !m.contains(&Move::Shape(1)),
        "no jugs left"
    );
    assert!(
        !m.iter().any(|x| matches!(x, Move::Shape(o) if *o >= 3)),
        "no room for 2 cracks"
    );
}

/// 8.6 at each limit: one piece for 1 Clay; two for 2 Clay and 2 Cracks, which need room in
/// the 8-space Cleaning Area (5.1) and Cracks in the supply; two of one kind need two of it
/// in the supply. Then what shaping moves: clay and pieces out, cracks in, pieces drying.
#[test]
fn s8_6_shape_at_each_limit_and_what_it_moves() {
    let mut st = started(2, 39);
    let s = st.actor().unwrap();
    let t = st.table_mut();
    t.players[s].clay = 1;
    t.players[s].cracks = 6;
    t.players[s].drying = [0, 0, 0];
    t.supply.pieces = [1, 5, 5];
    t.supply.cracks = 2;
    with_task(&mut st, Act::Shape);
    let m = moves(&st);
    assert!(m.contains(&Move::Shape(0)), "1 Clay shapes one piece");
    assert!(
        !m.iter().any(|x| matches!(x, Move::Shape(o) if *o >= 3)),
        "1 Clay does not shape two"
    );
    st.table_mut().players[s].clay = 2;
    let m = moves(&st);
    // Shape(3) is two Plates (one in the supply), Shape(4) a Plate and a Jug.
    assert!(!m.contains(&Move::Shape(3)), "one Plate in the supply");
    assert!(m.contains(&Move::Shape(4)), "6 Cracks + 2 fit in 8 spaces");
    st.table_mut().supply.cracks = 1;
    assert!(
        !moves(&st).contains(&Move::Shape(4)),
        "one Crack in the supply"
    );
    st.table_mut().supply.cracks = 2;
    st.table_mut().players[s].clay = 0;
    assert!(!moves(&st).contains(&Move::Shape(0)), "no Clay");
    st.table_mut().players[s].clay = 3;
    play(&mut st, Move::Shape(4));
    let (p, sup) = (&st.table().players[s], &st.table().supply);
    assert_eq!((p.clay, p.cracks, p.drying), (1, 8, [1, 1, 0]));
    assert_eq!((sup.pieces, sup.cracks), ([0, 4, 5], 0));
    let mut st = started(2, 39);
    let s = st.actor().unwrap();
    let t = st.table_mut();
    (t.players[s].clay, t.players[s].drying, t.supply.pieces) = (1, [0, 0, 0], [5, 5, 5]);
    let cracks = (t.players[s].cracks, t.supply.cracks);
    with_task(&mut st, Act::Shape);
    play(&mut st, Move::Shape(2));
    let (p, sup) = (&st.table().players[s], &st.table().supply);
    assert_eq!((p.clay, p.drying, sup.pieces), (0, [0, 0, 1], [5, 5, 4]));
    assert_eq!((p.cracks, sup.cracks), cracks, "one piece costs no Crack");
}

/// 8.7: one piece per kiln; pieces go drying → firing kiln, workshop → glaze kiln.
#[test]
fn s8_7_fire_one_piece_per_kiln() {
    let mut st = started(2, 40);
    let s = st.actor().unwrap();
    let t = st.table_mut();
    t.players[s].drying = [2, 0, 0];
    t.supply.pieces[0] -= 2;
    with_task(&mut st, Act::Fire);
    play(&mut st, Move::Fire(0));
    assert_eq!(st.table().mode, Mode::Idle, "the only firing kiln is full");
    assert_eq!(st.table().players[s].drying, [1, 0, 0]);
}

/// 8.9: "Cleanup a number of Cracks equal to the number of Cleanup Cards in your Play Area
/// plus one" (at most those you hold): the option says how many, "1 crack" in the singular
/// (it read "Clean 1 cracks"). With the starting cleanup card alone, two.
#[test]
fn s8_9_the_clean_option_says_how_many_cracks() {
    for (cracks, text) in [
        (1, "Clean 1 crack"),
        (2, "Clean 2 cracks"),
        (5, "Clean 2 cracks"),
    ] {
        let mut st = started(2, 41);
        let s = st.actor().unwrap();
        let t = st.table_mut();
        assert_eq!(
            t.players[s].cleanups.len(),
            1,
            "the starting cleanup card alone"
        );
        let back = t.players[s].cracks;
        t.players[s].cracks = cracks;
        t.supply.cracks = t.supply.cracks + back - cracks;
        assert_eq!(st.action_to_string(encode(Move::CleanBegin)), text);
    }
}

/// A 2-player game whose seat to act holds a second, empty Cleanup Card (4 spaces) beside its
/// starting one and 8 Cracks in its Cleaning Area (taken from the supply), and that seat.
fn with_a_second_cleanup_and_a_full_cleaning_area() -> (NijarState, usize) {
    let mut st = started(2, 41);
    let s = st.actor().unwrap();
    let card = first_of(CardType::Cleanup) + 2; // 4 spaces (authored)
    take_out(&mut st, card);
    let t = st.table_mut();
    t.players[s].cleanups.push(Cleanup { card, cracks: 0 });
    let extra = 8 - t.players[s].cracks;
    t.players[s].cracks = 8;
    t.supply.cracks -= extra;
    (st, s)
}

/// 8.9: the cracks go where the player chooses; none go back while a space is empty.
#[test]
fn s8_9_clean_distribution_is_the_players_choice() {
    let (mut st, s) = with_a_second_cleanup_and_a_full_cleaning_area();
    with_task(&mut st, Act::Clean);
    play(&mut st, Move::CleanBegin); // 3 cracks, 2 + 4 spaces
    let m = moves(&st);
    assert!(m.contains(&Move::CleanOn(0)) && m.contains(&Move::CleanOn(1)));
    play(&mut st, Move::CleanOn(1));
    // "of your choice", in any order: the first card still offered after the second.
    assert!(
        moves(&st).contains(&Move::CleanOn(0)),
        "any order of placing"
    );
    play(&mut st, Move::CleanOn(0));
    play(&mut st, Move::CleanOn(1));
    let p = &st.table().players[s];
    assert_eq!(
        (p.cleanups[0].cracks, p.cleanups[1].cracks, p.cracks),
        (1, 2, 5)
    );
}

/// 8.10 and 9.8: one reward from each esparto card (printed one included), or one reward
/// from one card.
#[test]
fn s8_10_collect_esparto() {
    let mut st = started(2, 42);
    let s = st.actor().unwrap();
    let card = first_of(CardType::Esparto); // Jarapa Roja: 4 Perra Gorda or 1 Clay
    take_out(&mut st, card);
    st.table_mut().players[s]
        .esparto
        .push(super::super::state::Esparto { card, slot: 0 });
    let pg = st.table().players[s].pg;
    with_tasks(&mut st, &[Act::Esparto, Act::Esparto1]);
    play(&mut st, Move::EspartoBegin);
    play(&mut st, Move::EspartoPick(0)); // printed: 2 Perra Gorda
    play(&mut st, Move::EspartoPick(0)); // 4 Perra Gorda
    assert_eq!(st.table().players[s].pg, pg + 6);
    assert_eq!(st.table().mode, Mode::Idle);
    let m = moves(&st);
    assert!(m.contains(&Move::Esparto1(3)) && !m.contains(&Move::Esparto1(4)));
}

/// 5.3: an empty supply gives nothing; 5.1: a card costing cracks needs room.
#[test]
fn s5_3_empty_supply_and_s5_1_crack_costs() {
    let mut st = started(2, 43);
    let s = st.actor().unwrap();
    let all = st.table().supply.pg;
    st.table_mut().supply.pg = 1;
    st.table_mut().players[s].pg += all - 1;
    with_task(&mut st, Act::PgOrGlaze);
    let pg = st.table().players[s].pg;
    play(&mut st, Move::PgOrGlaze(0));
    assert_eq!(st.table().players[s].pg, pg + 1, "only one token was left");
    let mut st = started(2, 44);
    let s = st.actor().unwrap();
    let ws = first_of(CardType::GlazingWorkshop) + 2; // costs 2 cracks (authored)
    give(&mut st, s, ws);
    let extra = 7 - st.table().players[s].cracks;
    st.table_mut().players[s].cracks = 7;
    st.table_mut().supply.cracks -= extra;
    with_task(&mut st, Act::Play);
    assert!(
        !moves(&st).contains(&Move::PlayCard(ws, 0)),
        "no room for 2 cracks"
    );
    let _ = Slot::default();
}

/// 8.1: "If there are not enough cards in a deck to refill the Draft Area, fill the spaces
/// from left to right and leave the remaining spaces empty."
#[test]
fn s8_1_a_short_deck_refills_from_the_left() {
    let mut st = started(2, 48);
    let t = st.table_mut();
    // One card left in the top row's deck, two empty spaces in the row.
    let keep = t.decks[0].pop().unwrap();
    t.decks[0].clear();
    t.decks[0].push(keep);
    t.draft[0][1] = EMPTY;
    t.draft[0][3] = EMPTY;
    st.refill_draft();
    assert_eq!(
        st.table().draft[0][1],
        keep,
        "the leftmost empty space first"
    );
    assert_eq!(st.table().draft[0][3], EMPTY, "then none is left");
    assert!(st.table().decks[0].is_empty());
}

/// 8.11: "Each player may perform this action only once per round"; a marker goes onto an
/// empty right-hand space, paying its cost (the first space costs 2 Perra Gorda) or
/// gaining its Perra Gorda.
#[test]
fn s8_11_once_a_round_onto_a_free_space() {
    let mut st = started(3, 49);
    let s = st.actor().unwrap();
    st.table_mut().players[s].pg = 1;
    with_task(&mut st, Act::FirstPlayer);
    let m = moves(&st);
    assert!(
        !m.contains(&Move::FirstPlayer(0)),
        "space 1 costs 2, seat has 1"
    );
    assert!(m.contains(&Move::FirstPlayer(1)) && m.contains(&Move::FirstPlayer(2)));
    play(&mut st, Move::FirstPlayer(1));
    assert_eq!(st.table().players[s].pg, 3);
    // The action it gives may be any main-board action, but not the First Player Action
    // again this round.
    let m = moves(&st);
    assert!(m.contains(&Move::AcquireBegin));
    assert!(!m.iter().any(|x| matches!(x, Move::FirstPlayer(_))));
    // Another seat: the taken space is no longer offered.
    let o = (s + 1) % 3;
    st.table_mut().turn_seat = o as u8;
    st.table_mut().players[o].pg = 5;
    with_task(&mut st, Act::FirstPlayer);
    let m = moves(&st);
    assert!(m.contains(&Move::FirstPlayer(0)) && m.contains(&Move::FirstPlayer(2)));
    assert!(!m.contains(&Move::FirstPlayer(1)));
}

/// 9.4: "If you gain this Bonus by having placed multiple Craftswomen on Action Spaces, you
/// may divide the movement among multiple Wooden Vases as usual": two Throwing Bonuses are
/// one throw of two spaces, both vases moving before the benefits, which follow in the
/// order the vases advanced (8.5), as for a Throw with the technology marker on 2.
#[test]
fn s9_4_two_throwing_bonuses_are_one_throw_of_two_spaces() {
    let mut st = started(2, 47);
    let s = st.actor().unwrap();
    let wheel = st.cards().wheels[0].clone();
    take_out(&mut st, 0);
    let t = st.table_mut();
    t.players[s].wheels.push(super::super::state::Wheel {
        card: 0,
        slot: 1,
        pos: 0,
    });
    t.supply.vases -= 1;
    with_tasks(&mut st, &[Act::Clay1, Act::Throw1, Act::Throw1]);
    play(&mut st, Move::Throw1(0));
    assert!(
        matches!(st.table().mode, Mode::Throw { left: 1, .. }),
        "one more space to move before any benefit"
    );
    let m = moves(&st);
    assert!(m.contains(&Move::Advance(1)) && m.contains(&Move::Stop));
    play(&mut st, Move::Advance(1));
    let f = st.table().frames.last().unwrap();
    let first = st
        .cards()
        .wheel(st.table().players[s].wheels[0].card)
        .spaces[0];
    assert!(f.ordered);
    assert_eq!(&*f.tasks, &[first as u8, wheel.spaces[0] as u8]);
    // Both bonuses were used: only the Clay Bonus is left in the placement's group.
    play(&mut st, Move::Skip);
    play(&mut st, Move::Skip);
    let f = st.table().frames.last().unwrap();
    assert_eq!(&*f.tasks, &[Act::Clay1 as u8]);
}

/// 9.1–9.5: the single-step bonuses: 1 Clay; fire one piece; paint one piece (paying);
/// advance one vase one space (its benefit then offered); one crack onto a cleanup card (a
/// completed card gives its reward at once).
#[test]
fn s9_single_step_bonuses() {
    let mut st = started(2, 45);
    let s = st.actor().unwrap();
    let t = st.table_mut();
    t.players[s].drying = [2, 0, 0];
    t.supply.pieces[0] -= 2;
    t.players[s].firing_kilns.push(Slot { card: 68, piece: 0 });
    t.players[s].clay = 3;
    with_tasks(&mut st, &[Act::Fire1, Act::Clay1, Act::Throw1, Act::Clean1]);
    play(&mut st, Move::Fire1(0));
    assert_eq!(st.table().players[s].drying, [1, 0, 0], "one piece only");
    assert_eq!(st.table().mode, Mode::Idle);
    play(&mut st, Move::Clay1);
    assert_eq!(st.table().players[s].clay, 4);
    play(&mut st, Move::Throw1(0));
    assert_eq!(st.table().players[s].wheels[0].pos, 1);
    let f = st.table().frames.last().unwrap();
    assert!(
        f.ordered && f.tasks.len() == 1,
        "the space's benefit, optional"
    );
    play(&mut st, Move::Skip);
    // Clean 1 onto the starting card (2 spaces, 2 VP) holding one crack: completes it.
    let t = st.table_mut();
    t.players[s].cleanups[0].cracks = 1;
    t.supply.cracks -= 1;
    let cracks = st.table().players[s].cracks;
    assert!(cracks > 0);
    play(&mut st, Move::Clean1(0));
    let p = &st.table().players[s];
    assert_eq!(
        (p.cracks, p.cleanups[0].cracks, p.vp[3]),
        (cracks - 1, 0, 2)
    );
    // Paint 1: a fired plate into the starting workshop for 2 Glazes.
    let mut st = started(2, 46);
    let s = st.actor().unwrap();
    st.table_mut().players[s].firing_kilns[0].piece = 1;
    let glaze = st.table().players[s].glaze;
    assert!(glaze >= 2);
    with_task(&mut st, Act::Paint1);
    play(&mut st, Move::Paint1(0));
    let p = &st.table().players[s];
    assert_eq!(
        (p.glaze, p.workshops[0].piece, p.firing_kilns[0].piece),
        (glaze - 2, 1, 0)
    );
}

/// 8.1 grants the row refresh "at the start of the Acquire Cards action"; 9.6's Acquire Card
/// bonus lists its own steps (acquire, pay, move the donkey, refill) without it. So the
/// action offers the refresh of a one-type row and the bonus does not.
#[test]
fn s9_6_the_acquire_card_bonus_has_no_row_refresh() {
    let mut st = started(3, 32);
    let wheels: Vec<u8> = (0..5).map(|i| first_of(CardType::Wheel) + 10 + i).collect();
    for (c, &w) in wheels.iter().enumerate() {
        let old = st.table().draft[0][c];
        take_out(&mut st, w);
        let t = st.table_mut();
        t.draft[0][c] = w;
        t.decks[0].insert(0, old);
    }
    let mut bonus = st.clone();
    with_task(&mut st, Act::Acquire);
    play(&mut st, Move::AcquireBegin);
    assert!(moves(&st).contains(&Move::Refresh(0)), "the action");
    with_task(&mut bonus, Act::Acquire1);
    play(&mut bonus, Move::AcquireBonus);
    let m = moves(&bonus);
    assert!(!m.iter().any(|x| matches!(x, Move::Refresh(_))), "{m:?}");
    assert!(m.iter().any(|x| matches!(x, Move::Take(_))), "{m:?}");
}

/// 8.1: the refresh happens "at the start of the Acquire Cards action": once a card is taken,
/// a row of one type may no longer be refreshed.
#[test]
fn s8_1_no_refresh_after_the_first_card() {
    let mut st = started(2, 32);
    let s = st.actor().unwrap();
    let wheels: Vec<u8> = (0..5).map(|i| first_of(CardType::Wheel) + 10 + i).collect();
    for (c, &w) in wheels.iter().enumerate() {
        let old = st.table().draft[0][c];
        take_out(&mut st, w);
        let t = st.table_mut();
        t.draft[0][c] = w;
        t.decks[0].insert(0, old);
    }
    st.table_mut().donkeys[s] = 12; // row 3: the card under it is free
    st.table_mut().donkeys[1 - s] = 10;
    with_task(&mut st, Act::Acquire);
    play(&mut st, Move::AcquireBegin);
    assert!(moves(&st).contains(&Move::Refresh(0)));
    play(&mut st, Move::Take(12));
    assert!(matches!(st.table().mode, Mode::Acquire { taken: 1, .. }));
    let m = moves(&st);
    assert!(!m.contains(&Move::Refresh(0)), "{m:?}");
}

/// 8.1: the refresh returns "all available cards in one of the rows"; the card under your
/// own donkey is available to you (you may take it free), so it goes back to the deck with
/// the others, while one under another player's donkey ("not available for you to acquire")
/// stays. Oracle: the other donkey's card stays at its space every time; the card that was
/// under your donkey is shuffled in like the rest, so in some of eight refreshes it is left in
/// the deck — which could never happen if it stayed (four cards back, four drawn).
#[test]
fn s8_1_refresh_returns_the_card_under_your_own_donkey() {
    let mut left_in_deck = 0;
    for seed in 40..48 {
        let mut st = started(2, seed);
        let s = st.actor().unwrap();
        let wheels: Vec<u8> = (0..5).map(|i| first_of(CardType::Wheel) + 10 + i).collect();
        for (c, &w) in wheels.iter().enumerate() {
            let old = st.table().draft[0][c];
            take_out(&mut st, w);
            let t = st.table_mut();
            t.draft[0][c] = w;
            if old != EMPTY {
                t.decks[0].insert(0, old);
            }
        }
        st.table_mut().donkeys[s] = 2; // yours on the third wheel
        st.table_mut().donkeys[1 - s] = 4; // the other's on the fifth
        let deck_before = st.table().decks[0].len();
        with_task(&mut st, Act::Acquire);
        play(&mut st, Move::AcquireBegin);
        play(&mut st, Move::Refresh(0));
        let t = st.table();
        assert_eq!(t.draft[0][4], wheels[4], "under the other donkey: stays");
        assert!(
            t.draft[0].iter().all(|&c| c != EMPTY),
            "the row is refilled"
        );
        assert_eq!(t.decks[0].len(), deck_before, "four cards back, four drawn");
        assert_eq!(t.donkeys[s], 2, "your donkey stays on its space");
        if t.decks[0].contains(&wheels[2]) {
            left_in_deck += 1;
        }
    }
    assert!(
        left_in_deck > 0,
        "the card under your own donkey was returned and shuffled in"
    );
}

/// 8.2: "Whenever you play ... an Esparto Card on your Workshop Board, you gain a new action
/// corresponding to the icon printed on the space where you place the card": the authored
/// esparto spaces give Advance Technology, Clean 1 Crack and Extract Clay.
#[test]
fn s8_2_an_esparto_card_gives_its_spaces_action() {
    for (slot, act) in [(0u8, Act::Technology), (1, Act::Clean1), (2, Act::Clay)] {
        let mut st = started(2, 35);
        let s = st.actor().unwrap();
        let card = first_of(CardType::Esparto);
        give(&mut st, s, card);
        let t = st.table_mut();
        t.players[s].pg = 10;
        t.players[s].clay = 5;
        t.players[s].glaze = 5;
        with_task(&mut st, Act::Play);
        play(&mut st, Move::PlayCard(card, slot));
        let top = st.table().frames.last().unwrap();
        assert_eq!(&*top.tasks, &[act as u8], "esparto space {slot}");
    }
}

/// 8.1: "After acquiring the cards, move your Donkey onto another available card" — having
/// taken one card and stopped, staying is not offered; having taken none, it is.
#[test]
fn s8_1_after_acquiring_one_card_the_donkey_must_move() {
    let mut st = started(2, 49);
    let s = st.actor().unwrap();
    st.table_mut().donkeys[s] = 6;
    let mut none = st.clone();
    with_task(&mut st, Act::Acquire);
    play(&mut st, Move::AcquireBegin);
    play(&mut st, Move::Take(6));
    play(&mut st, Move::Stop);
    assert!(matches!(st.table().mode, Mode::Donkey { acquired: true }));
    let m = moves(&st);
    assert!(
        !m.contains(&Move::Stop) && m.contains(&Move::MoveDonkey(3)),
        "{m:?}"
    );
    with_task(&mut none, Act::Acquire);
    play(&mut none, Move::AcquireBegin);
    play(&mut none, Move::Stop);
    assert!(
        moves(&none).contains(&Move::Stop),
        "nothing acquired: may stay"
    );
}

/// 8.9 / 9.5: Clean takes its cracks "from your Cleaning Area"; with the area empty there is
/// nothing to clean, so neither Clean nor the Cleaning Bonus is offered (only passing).
#[test]
fn s8_9_nothing_to_clean_with_an_empty_cleaning_area() {
    let mut st = started(2, 48);
    let s = st.actor().unwrap();
    let cracks = st.table().players[s].cracks;
    st.table_mut().players[s].cracks = 0;
    st.table_mut().supply.cracks += cracks;
    with_tasks(&mut st, &[Act::Clean, Act::Clean1]);
    assert_eq!(moves(&st), [Move::Done]);
    st.table_mut().players[s].cracks = 1;
    st.table_mut().supply.cracks -= 1;
    let m = moves(&st);
    assert!(
        m.contains(&Move::CleanBegin) && m.contains(&Move::Clean1(0)),
        "{m:?}"
    );
}

/// 8.9: the cracks go "to empty spaces on your Cleanup Cards of your choice" — once only one
/// card has room, there is no choice left: the last crack goes there without a question, and
/// the completed starting card (2 spaces, 2 VP) pays out.
#[test]
fn s8_9_no_choice_is_asked_once_one_card_has_room() {
    let (mut st, s) = with_a_second_cleanup_and_a_full_cleaning_area();
    let vp = st.table().players[s].vp[3];
    with_task(&mut st, Act::Clean);
    play(&mut st, Move::CleanBegin); // 3 cracks, 2 + 4 spaces
    play(&mut st, Move::CleanOn(0));
    play(&mut st, Move::CleanOn(0)); // the starting card is full; 1 crack left
    assert_eq!(
        st.table().mode,
        Mode::Idle,
        "no question for the last crack"
    );
    let p = &st.table().players[s];
    assert_eq!(
        (
            p.cleanups[0].cracks,
            p.cleanups[1].cracks,
            p.cracks,
            p.vp[3]
        ),
        (0, 1, 5, vp + 2)
    );
}

/// 9.4 / 7.2.1.1: a throw is at most 7 spaces — 7 craftswomen (4.2.4) placed at once give 7
/// Throwing Bonuses, and the Throw action itself moves at most 3 (8.4) — so a saved game
/// holding a longer throw is refused.
#[test]
fn s9_4_a_saved_throw_of_more_than_seven_spaces_is_refused() {
    let mut st = started(2, 48);
    with_tasks(&mut st, &[Act::Throw1; 7]);
    play(&mut st, Move::Throw1(0));
    let Mode::Throw { left, benefits } = st.table().mode else {
        panic!("a throw of 7 spaces goes on after the first");
    };
    assert_eq!((left, benefits.len()), (6, 1));
    NijarState::from_json(&st.to_json()).unwrap();
    let mut long = st.clone();
    long.table_mut().mode = Mode::Throw { left: 7, benefits };
    let err = NijarState::from_json(&long.to_json()).unwrap_err();
    assert!(err.to_string().contains("mode: out of range"), "{err}");
}
