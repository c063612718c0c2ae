//! The turn (7.2): where craftswomen may go, closing the shop and its rewards, the end of the
//! round (7.2, 10), and the Perra Gorda or Glaze bonus (9.7).

use super::super::actions::Move;
use super::super::data::Act;
use super::super::state::{Occupant, Phase};
use super::{first_legal, moves, play, started, with_task};

/// The spaces a `Place` is offered on.
fn placeable(st: &super::super::NijarState) -> Vec<u8> {
    moves(st)
        .into_iter()
        .filter_map(|m| match m {
            Move::Place(x) => Some(x),
            _ => None,
        })
        .collect()
}

/// 7.2.1.1: "You may not place a Craftswoman in an Action Space that already contains
/// Craftswomen of your color" — while a space with another colour, and an empty one, are open.
#[test]
fn s7_2_1_1_never_onto_your_own_colour() {
    let mut st = started(2, 61);
    let s = st.actor().unwrap();
    let o = 1 - s;
    let t = st.table_mut();
    t.players[s].workers = 7;
    t.spaces[0][0] = Occupant {
        seat: s as u8,
        count: 1,
    };
    t.spaces[0][1] = Occupant {
        seat: o as u8,
        count: 1,
    };
    let at = placeable(&st);
    assert!(!at.contains(&0), "your own colour: {at:?}");
    assert!(at.contains(&1) && at.contains(&2), "{at:?}");
}

/// 7.2.1.1: "Action Spaces that were blocked during setup for 2- and 3-player games are not
/// available": columns A (index 3) and B (4) with 2 players and solo, B with 3.
#[test]
fn s7_2_1_1_blocked_spaces_are_not_available() {
    for (players, open) in [(1, 3), (2, 3), (3, 4), (4, 5)] {
        let st = started(players, 62);
        let mut cols: Vec<u8> = placeable(&st).into_iter().map(|x| x % 5).collect();
        cols.sort_unstable();
        cols.dedup();
        assert_eq!(cols, (0..open).collect::<Vec<u8>>(), "{players} players");
    }
}

/// 7.2.4: "You may only close your shop when you have no Craftswomen available."
#[test]
fn s7_2_4_closing_only_with_no_craftswoman_left() {
    let mut st = started(2, 63);
    let s = st.actor().unwrap();
    st.table_mut().players[s].workers = 1;
    assert!(!moves(&st).contains(&Move::CloseShop));
    st.table_mut().players[s].workers = 0;
    assert!(moves(&st).contains(&Move::CloseShop));
}

/// 7.2.5: a craftswoman returned to a closed shop gives one of "2 Clay, 3 Perra Gorda Tokens
/// or 3 Glazes", chosen by its owner at once.
#[test]
fn s7_2_5_the_three_closed_shop_rewards() {
    for (k, clay, pg, glaze) in [(0u8, 2, 0, 0), (1, 0, 3, 0), (2, 0, 0, 3)] {
        let mut st = started(2, 64);
        let s = st.actor().unwrap();
        let o = 1 - s;
        let t = st.table_mut();
        t.players[s].workers = 7;
        t.players[o].shop_closed = true;
        t.players[o].workers = 0;
        t.players[o].clay = 1;
        t.spaces[0][0] = Occupant {
            seat: o as u8,
            count: 1,
        };
        let before = st.table().players[o];
        play(&mut st, Move::Place(0));
        assert_eq!(st.actor(), Some(o), "the owner chooses at once");
        play(&mut st, Move::ShopReward(k));
        let p = &st.table().players[o];
        assert_eq!(p.clay, before.clay + clay, "reward {k}");
        assert_eq!(p.pg, before.pg + pg, "reward {k}");
        assert_eq!(p.glaze, before.glaze + glaze, "reward {k}");
        assert_eq!(p.on_shop, 1);
        assert_eq!(st.actor(), Some(s), "back to the active player");
    }
}

/// 9.7: "Choose to take either two Perra Gorda Tokens or two Glazes."
#[test]
fn s9_7_two_perra_gorda_or_two_glazes() {
    for (k, pg, glaze) in [(0u8, 2, 0), (1, 0, 2)] {
        let mut st = started(4, 65);
        let s = st.actor().unwrap();
        let before = st.table().players[s];
        with_task(&mut st, Act::PgOrGlaze);
        play(&mut st, Move::PgOrGlaze(k));
        let p = &st.table().players[s];
        assert_eq!(
            (p.pg, p.glaze),
            (before.pg + pg, before.glaze + glaze),
            "{k}"
        );
    }
}

/// A turn with nothing done: a placement on the Special Action, or closing the shop, or a
/// closed shop's bonus, each left at once.
fn special(st: &mut super::super::NijarState) {
    play(st, Move::Special);
    play(st, Move::Done);
}
fn close(st: &mut super::super::NijarState) {
    play(st, Move::CloseShop);
    play(st, Move::Done);
}
fn closed_turn(st: &mut super::super::NijarState) {
    play(st, Move::Done);
}

/// 7.2 / 10: "The round ends when all players have their Shop Card on its closed side and all
/// players have taken the same number of turns." The first seat closes while the second still
/// has a craftswoman: the round goes on. Then the first seat has a craftswoman and the second
/// none: the second closes first, the first closes on its second turn with every shop closed
/// but one turn ahead — the second takes its closed-shop bonus, and only then the round ends.
#[test]
fn s7_2_the_round_ends_with_every_shop_closed_and_turns_equal() {
    let mut st = started(2, 66);
    let (a, b) = (st.actor().unwrap(), 1 - st.actor().unwrap());
    let t = st.table_mut();
    t.players[a].workers = 0;
    t.players[b].workers = 1;
    close(&mut st); // a: turn 1
    special(&mut st); // b: turn 1
    closed_turn(&mut st); // a: turn 2, b still open
    assert_eq!((st.table().round, st.table().phase), (0, Phase::Turns));
    assert_eq!(st.actor(), Some(b));
    close(&mut st); // b: turn 2, every shop closed, turns equal
    assert!(st.table().round == 1 || matches!(st.table().phase, Phase::Endgame { .. }));

    let mut st = started(2, 66);
    let t = st.table_mut();
    t.players[a].workers = 1;
    t.players[b].workers = 0;
    special(&mut st); // a: turn 1
    close(&mut st); // b: turn 1
    close(&mut st); // a: turn 2, every shop closed, a one turn ahead
    assert_eq!((st.table().round, st.table().phase), (0, Phase::Turns));
    assert_eq!(st.actor(), Some(b));
    closed_turn(&mut st); // b: turn 2
    assert!(st.table().round == 1 || matches!(st.table().phase, Phase::Endgame { .. }));
}

/// 7.2.3: two pieces of one type are sold in the order the seller chooses, the marker moving
/// between them ("Repeat this process for each piece"): with the marker at 6 and a demand of
/// 2, a painted then an unpainted piece give 8 + 3 VP, the other order 4 + 6 — for Plates,
/// Jugs and Pots alike.
#[test]
fn s7_2_3_two_pieces_of_one_type_in_either_order() {
    for t in 0..3u8 {
        for (painted_first, vp) in [(true, [8, 11]), (false, [4, 10])] {
            let (painted, unpainted) = (3 + t, t);
            let (first, second) = if painted_first {
                (painted, unpainted)
            } else {
                (unpainted, painted)
            };
            let mut st = started(2, 64);
            let s = st.actor().unwrap();
            let c = usize::from(t);
            let tb = st.table_mut();
            tb.demand[0] = [0, 1, 2];
            tb.demand[0].swap(c, 2); // column t has demand 2
            tb.heights = [6, 6, 6];
            tb.players[s].glaze_kilns[0].piece = t + 1; // painted
            tb.players[s].firing_kilns[0].piece = t + 1; // unpainted
            let before = st.score(s);
            play(&mut st, Move::Sell(first));
            assert_eq!(st.score(s) - before, vp[0], "type {t}");
            assert_eq!(st.table().heights[c], 4, "down by the demand");
            let m = moves(&st);
            assert!(
                m.contains(&Move::Sell(second)),
                "type {t}, the other piece: {m:?}"
            );
            play(&mut st, Move::Sell(second));
            assert_eq!(st.score(s) - before, vp[1], "type {t}");
            assert_eq!(st.table().heights[c], 2);
            let p = &st.table().players[s];
            assert_eq!(p.sold[c], 2);
            assert_eq!(
                (p.glaze_kilns[0].piece, p.firing_kilns[0].piece),
                (0, 0),
                "both kilns emptied"
            );
        }
    }
}

/// 7.2.3: "sell up to 2 pieces" — with one piece to sell, selling it ends the turn: no
/// second sale is offered, nor a Stop to decline one.
#[test]
fn s7_2_3_a_single_sale_ends_the_turn() {
    for o in 0..6u8 {
        let mut st = started(2, 66);
        let s = st.actor().unwrap();
        let p = &mut st.table_mut().players[s];
        if o >= 3 {
            p.glaze_kilns[0].piece = o - 2; // painted
        } else {
            p.firing_kilns[0].piece = o + 1; // unpainted
        }
        play(&mut st, Move::Sell(o));
        assert_eq!(st.table().players[s].sold[usize::from(o % 3)], 1);
        assert_eq!(st.actor(), Some(1 - s), "option {o}: the turn passed");
    }
}

/// 7.2.4: on closing the shop, "immediately gain one Bonus of your choice" — one: once it is
/// taken the turn is over and the next seat acts.
#[test]
fn s7_2_4_closing_gives_one_bonus_and_ends_the_turn() {
    let mut st = started(2, 65);
    let s = st.actor().unwrap();
    st.table_mut().players[s].workers = 0;
    st.table_mut().players[s].clay = 0;
    let pg = st.table().players[s].pg;
    play(&mut st, Move::CloseShop);
    let bonus = first_legal(&st, &[Move::Clay1, Move::PgOrGlaze(0)]).unwrap();
    play(&mut st, bonus);
    let p = &st.table().players[s];
    if bonus == Move::Clay1 {
        assert_eq!(p.clay, 1);
    } else {
        assert_eq!(p.pg, pg + 2);
    }
    assert!(st.table().frames.is_empty(), "no second bonus");
    assert_eq!(st.actor(), Some(1 - s), "the turn passed");
}

/// 7.2.5 / 9.4: a Throwing Bonus taken as the one bonus of closing the shop is that one
/// bonus: the vase moves one space, its benefit is offered, and then the turn is over (the
/// "any bonus" task is used up, though the group held no Throwing Bonus task of its own).
#[test]
fn s7_2_5_a_throwing_bonus_on_closing_is_the_only_bonus() {
    let mut st = started(2, 66);
    let s = st.actor().unwrap();
    let t = st.table_mut();
    t.players[s].workers = 0;
    t.columns[0] = Act::Throw1 as u8;
    play(&mut st, Move::CloseShop);
    play(&mut st, Move::Throw1(0));
    assert_eq!(st.table().players[s].wheels[0].pos, 1, "one space");
    // The space's benefit, optional; declined.
    play(&mut st, Move::Skip);
    assert!(st.table().frames.is_empty(), "no second bonus");
    assert_eq!(st.actor(), Some(1 - s), "the turn passed");
}
