//! 8.1 Acquire Cards: the row refresh in each row (the action's other tests are in
//! actions.rs).

use super::super::actions::Move;
use super::super::data::{Act, CardType};
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
