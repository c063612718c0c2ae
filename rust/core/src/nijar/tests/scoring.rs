//! Endgame scoring (section 11), each scale checked at the counts that tell its steps apart.

use super::super::data::{CardType, EndgameKind};
use super::super::state::{NijarState, Phase, Wheel};
use super::started;

/// A finished 2-player game whose seat 0 has played the endgame card of `kind` only.
fn over_with_card(kind: EndgameKind) -> NijarState {
    let mut st = started(2, 26);
    let card = st
        .cards()
        .endgame
        .iter()
        .position(|c| c.kind == kind)
        .unwrap();
    let t = st.table_mut();
    t.phase = Phase::Over;
    t.players[0].endgame_played = 1 << card;
    st
}

/// The points of the category line starting with `name`.
fn line(st: &NijarState, s: usize, name: &str) -> i32 {
    st.explain_score(s)
        .lines
        .iter()
        .find(|l| l.category.starts_with(name))
        .unwrap()
        .points
}

/// 11.2: "Starting Cleanup Cards, Kiln Cards, and Glazing Workshop Cards are included for this
/// scoring" — not the Starting Potter's Wheel. With it and two wheel cards a seat has 2
/// potter's wheel cards: 1 VP (counting the starting wheel, 3 cards, would give 3).
#[test]
fn s11_2_the_starting_potters_wheel_is_not_counted() {
    let mut st = over_with_card(EndgameKind::Cards(CardType::Wheel));
    let p = &mut st.table_mut().players[0];
    assert_eq!(p.wheels.len(), 1, "the starting wheel");
    assert_eq!(line(&st, 0, "11.2"), 0, "no wheel card: 0");
    for (slot, card) in [(1u8, 3u8), (2, 5)] {
        st.table_mut().players[0]
            .wheels
            .push(Wheel { card, slot, pos: 0 });
    }
    assert_eq!(line(&st, 0, "11.2"), 1, "2 wheel cards: 1 VP");
}
