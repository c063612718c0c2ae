//! 8.1 Acquire Cards: the row refresh in each row (the action's other tests are in
//! actions.rs).

use super::super::actions::Move;
use super::super::data::{Act, CardType};
use super::super::state::EMPTY;
use super::{first_of, moves, play, started, take_out, with_task};

/// 8.1: "If the cards revealed are again all of the same type, you may not perform this
/// operation again" — in each of the three rows. Each row is made all of one type of its deck
/// (row 1 Potter's Wheels, row 2 Cleanup Cards, row 3 Glaze Kilns) and its deck holds only
/// more of that type, so the redrawn row is one type again: the refresh is offered once,
/// then no more for that row.
#[test]
fn s8_1_each_row_is_refreshed_at_most_once() {
    for (r, kind) in [
        (0u8, CardType::Wheel),
        (1, CardType::Cleanup),
        (2, CardType::GlazeKiln),
    ] {
        let mut st = started(2, 32);
        let s = st.actor().unwrap();
        // Twelve cards of the type: five in the row, the other seven its whole deck.
        let ids: Vec<u8> = (0..12).map(|i| first_of(kind) + i).collect();
        for &id in &ids {
            take_out(&mut st, id);
        }
        let t = st.table_mut();
        t.draft[usize::from(r)].copy_from_slice(&ids[..5]);
        t.decks[usize::from(r)] = ids[5..].iter().copied().collect();
        // Both donkeys in another row: all five cards of row r are available.
        let other = (r + 1) % 3 * 5;
        t.donkeys[s] = other;
        t.donkeys[1 - s] = other + 1;
        with_task(&mut st, Act::Acquire);
        play(&mut st, Move::AcquireBegin);
        assert!(moves(&st).contains(&Move::Refresh(r)), "row {r}: one type");
        play(&mut st, Move::Refresh(r));
        let row = st.table().draft[usize::from(r)];
        assert!(
            row.iter().all(|&c| CardType::of(usize::from(c)) == kind),
            "row {r}: redrawn from a deck of one type: {row:?}"
        );
        let m = moves(&st);
        assert!(!m.contains(&Move::Refresh(r)), "row {r}: only once: {m:?}");
    }
}

/// 8.1: "Each other card costs 1 Perra Gorda Token for each orthogonal space separating it
/// from your Donkey": the rows and the columns apart, added, from a donkey anywhere in the
/// 3 × 5 Draft Area. Spot values (position = row × 5 + column): from the top row's third
/// card (2) the bottom row's third (12) costs 2, the middle row's first (5) 3, the top row's
/// last (4) 2; from the bottom right (14) the top left (0) costs 6; from the middle row's
/// last (9) the bottom row's first (10) 5. Then the bottom row's third card is taken from the
/// top row's third for its 2 Perra Gorda.
#[test]
fn s8_1_the_cost_counts_rows_and_columns_from_any_donkey() {
    let mut st = started(2, 31);
    let s = st.actor().unwrap();
    st.table_mut().donkeys[1 - s] = EMPTY;
    for (donkey, pos, cost) in [(2, 12, 2), (2, 5, 3), (2, 4, 2), (14, 0, 6), (9, 10, 5)] {
        st.table_mut().donkeys[s] = donkey;
        assert_eq!(st.acquire_cost(s, pos), cost, "from {donkey} to {pos}");
    }
    for donkey in 0..15u8 {
        st.table_mut().donkeys[s] = donkey;
        for pos in 0..15u8 {
            let apart = (donkey / 5).abs_diff(pos / 5) + (donkey % 5).abs_diff(pos % 5);
            assert_eq!(st.acquire_cost(s, pos), apart, "from {donkey} to {pos}");
        }
    }
    st.table_mut().donkeys[s] = 2;
    st.table_mut().players[s].pg = 2;
    let pg_supply = st.table().supply.pg;
    with_task(&mut st, Act::Acquire);
    play(&mut st, Move::AcquireBegin);
    play(&mut st, Move::Take(12));
    assert_eq!(st.table().players[s].pg, 0, "2 spaces: 2 Perra Gorda");
    assert_eq!(st.table().supply.pg, pg_supply + 2);
}
