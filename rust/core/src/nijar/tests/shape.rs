//! 8.6 Shape: what shaping two pieces takes and gives, from every amount of Clay (the
//! limits of shaping are in actions.rs).

use super::super::actions::Move;
use super::super::data::Act;
use super::super::state::MAX_CLAY;
use super::{play, started, with_task};

/// 8.6: "Shape two pieces: Spend 2 Clay and 2 Cracks ... to take two pieces of your choice
/// from the General Supply": from every Clay amount that allows it, 2 to the track's top of
/// 7 (5.2), exactly 2 Clay are spent; 2 Cracks go from the supply to the Cleaning Area and
/// the two Plates from the supply to the Drying Area.
#[test]
fn s8_6_shaping_two_pieces_spends_two_clay_from_any_amount() {
    assert_eq!(MAX_CLAY, 7);
    for clay in 2..=7u8 {
        let mut st = started(2, 39);
        let s = st.actor().unwrap();
        let t = st.table_mut();
        (t.players[s].clay, t.players[s].cracks) = (clay, 0);
        (t.players[s].drying, t.supply.pieces, t.supply.cracks) = ([0, 0, 0], [5, 5, 5], 10);
        with_task(&mut st, Act::Shape);
        play(&mut st, Move::Shape(3)); // two Plates (SHAPE_PAIRS[0])
        let (p, sup) = (&st.table().players[s], &st.table().supply);
        assert_eq!(p.clay, clay - 2, "from {clay} Clay");
        assert_eq!((p.cracks, sup.cracks), (2, 8), "from {clay} Clay");
        assert_eq!((p.drying, sup.pieces), ([2, 0, 0], [3, 5, 5]));
    }
}
