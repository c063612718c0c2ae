//! The workshop's cards at work: painting into every glazing workshop (8.8), a played card's
//! cost and its space's action (8.2), and the Collect Esparto bonus from a played card (9.8).

use super::super::actions::{encode, Move};
use super::super::data::{Act, CardType};
use super::super::state::Slot;
use super::{
    first_of, four_empty_workshops, give, moves, play, started, take_out, with_task, with_tasks,
};
use crate::engine::{ActionList, GameState, Rng};

/// The moves, in action order (for comparing sets of options).
fn sorted(mut m: Vec<Move>) -> Vec<Move> {
    m.sort_by_key(|&x| encode(x));
    m
}

/// 8.8: "Move one or more pieces from your Firing Kilns to your Glazing Workshops" — with two
/// Plates and a Pot in three firing kilns and two empty workshops, each type is offered into
/// each workshop; after painting a Plate into the first, the second workshop still takes
/// either the other Plate or the Pot.
#[test]
fn s8_8_paint_offers_every_piece_into_every_empty_workshop() {
    let mut st = started(2, 47);
    let s = st.actor().unwrap();
    let ws = first_of(CardType::GlazingWorkshop); // paints for "crack:2" (authored)
    take_out(&mut st, ws);
    let p = &mut st.table_mut().players[s];
    p.glaze = 2;
    p.cracks = 0;
    p.workshops.push(Slot { card: ws, piece: 0 });
    p.firing_kilns[0].piece = 1; // a plate
    p.firing_kilns.push(Slot { card: 68, piece: 1 }); // another plate
    p.firing_kilns.push(Slot { card: 69, piece: 3 }); // a pot
    with_task(&mut st, Act::Paint);
    // Option w * 3 + type: plate 0, pot 2 into workshop 0; plate 3, pot 5 into workshop 1.
    assert_eq!(
        sorted(moves(&st)),
        sorted(vec![
            Move::Paint(0),
            Move::Paint(2),
            Move::Paint(3),
            Move::Paint(5),
            Move::Done
        ])
    );
    play(&mut st, Move::Paint(0));
    assert_eq!(
        sorted(moves(&st)),
        sorted(vec![Move::Paint(3), Move::Paint(5), Move::Stop]),
        "the next workshop, either piece"
    );
    play(&mut st, Move::Paint(3));
    let p = &st.table().players[s];
    assert_eq!((p.workshops[0].piece, p.workshops[1].piece), (1, 1));
    assert_eq!((p.glaze, p.cracks), (0, 2));
    let kilns: Vec<u8> = p.firing_kilns.iter().map(|k| k.piece).collect();
    assert_eq!(kilns, [0, 0, 3], "the pot stays");
    // Two Plates only: after the first, the second still goes into the second workshop.
    let mut st = started(2, 47);
    take_out(&mut st, ws);
    let p = &mut st.table_mut().players[s];
    (p.glaze, p.cracks) = (2, 0);
    p.workshops.push(Slot { card: ws, piece: 0 });
    p.firing_kilns[0].piece = 1;
    p.firing_kilns.push(Slot { card: 68, piece: 1 });
    with_task(&mut st, Act::Paint);
    play(&mut st, Move::Paint(0));
    assert_eq!(
        sorted(moves(&st)),
        sorted(vec![Move::Paint(3), Move::Stop]),
        "the second plate"
    );
    play(&mut st, Move::Paint(3));
    let p = &st.table().players[s];
    assert_eq!((p.workshops[0].piece, p.workshops[1].piece), (1, 1));
}

/// 8.8 with three workshops: after a Plate into the first and the Pot into the second, the
/// third still takes the other Plate (the options go on after the workshop last used, not
/// after the piece's type). Authored paint costs: starting workshop 2 Glazes, Taller de
/// Vidriado 1 two Cracks, Taller de Vidriado 2 one Glaze.
#[test]
fn s8_8_paint_goes_on_into_the_third_workshop() {
    let mut st = started(2, 51);
    let s = st.actor().unwrap();
    let (ws1, ws2) = (
        first_of(CardType::GlazingWorkshop),
        first_of(CardType::GlazingWorkshop) + 1,
    );
    take_out(&mut st, ws1);
    take_out(&mut st, ws2);
    let p = &mut st.table_mut().players[s];
    (p.glaze, p.cracks) = (3, 0);
    p.workshops.push(Slot {
        card: ws1,
        piece: 0,
    });
    p.workshops.push(Slot {
        card: ws2,
        piece: 0,
    });
    p.firing_kilns[0].piece = 1; // a plate
    p.firing_kilns.push(Slot { card: 68, piece: 3 }); // a pot
    p.firing_kilns.push(Slot { card: 69, piece: 1 }); // a plate
    with_task(&mut st, Act::Paint);
    play(&mut st, Move::Paint(0)); // plate into workshop 0
    play(&mut st, Move::Paint(3 + 2)); // pot into workshop 1
    assert_eq!(
        sorted(moves(&st)),
        sorted(vec![Move::Paint(6), Move::Stop]),
        "the plate into workshop 2"
    );
    play(&mut st, Move::Paint(6));
    let p = &st.table().players[s];
    let pieces: Vec<u8> = p.workshops.iter().map(|w| w.piece).collect();
    assert_eq!(pieces, [1, 3, 1]);
    assert_eq!((p.glaze, p.cracks), (0, 2));
}

/// 8.7: the moves of one Fire are taken in option order (the order of moves into different
/// kilns changes nothing), so once no option at or after the last one used remains, the
/// action ends by itself — no Stop is asked though an earlier option (a Plate still drying)
/// could be fired: as the first move, and as a later one.
#[test]
fn s8_7_fire_ends_when_no_later_option_remains() {
    for first in [None, Some(1u8)] {
        let mut st = started(2, 54);
        let s = st.actor().unwrap();
        let p = &mut st.table_mut().players[s];
        p.drying = [1, 1, 0]; // a plate and a jug
        p.firing_kilns.push(Slot { card: 68, piece: 0 }); // room for both
        p.workshops[0].piece = 1; // a painted plate
        with_task(&mut st, Act::Fire);
        if let Some(o) = first {
            play(&mut st, Move::Fire(o)); // the jug
            assert_eq!(
                sorted(moves(&st)),
                sorted(vec![Move::Fire(3), Move::Stop]),
                "the options after the jug's"
            );
        }
        play(&mut st, Move::Fire(3)); // the painted plate into the glaze kiln
        let p = &st.table().players[s];
        assert_eq!(p.drying[0], 1, "{first:?}: the plate still dries");
        assert_eq!(
            st.actor(),
            Some(1 - s),
            "{first:?}: the action and the turn are over"
        );
    }
}

/// 8.8: the options go on after the workshop last used, so a piece into the last workshop
/// ends the action even with an earlier workshop passed over still empty: with four
/// workshops, a Plate into the first and the other Plate into the fourth leave the Jug in its
/// kiln, and no further decision (not even Stop) is asked.
#[test]
fn s8_8_paint_ends_after_the_last_workshop_though_one_before_is_empty() {
    let (mut st, s) = four_empty_workshops();
    let p = &mut st.table_mut().players[s];
    p.firing_kilns.push(Slot { card: 69, piece: 1 }); // a plate
    with_task(&mut st, Act::Paint);
    play(&mut st, Move::Paint(0)); // plate into workshop 0
    assert!(
        moves(&st).contains(&Move::Paint(3 * 2 + 1)),
        "the jug may go into workshop 2"
    );
    play(&mut st, Move::Paint(3 * 3)); // plate into workshop 3, past 1 and 2
    let p = &st.table().players[s];
    let pieces: Vec<u8> = p.workshops.iter().map(|w| w.piece).collect();
    assert_eq!(pieces, [1, 0, 0, 1]);
    let kilns: Vec<u8> = p.firing_kilns.iter().map(|k| k.piece).collect();
    assert_eq!(kilns, [0, 2, 0], "the jug stays");
    assert_eq!(st.actor(), Some(1 - s), "the action and the turn are over");
}

/// 8.8 and the random draw (`random_legal_action`, random rollouts' and playouts'): with four
/// empty workshops, Paint's options run past the ninth (a piece into the fourth workshop),
/// where the draw's gathered set of options runs over a 64-bit word's end; random games seldom
/// build four workshops. Beside a pending Clay, every draw is the listed action the same draw
/// picks, and uses the stream as the list's draw does.
#[test]
fn s8_8_the_random_draw_reaches_a_fourth_workshop_as_the_list_does() {
    let (mut st, _) = four_empty_workshops();
    with_tasks(&mut st, &[Act::Paint, Act::Clay]);
    let listed = st.legal_actions();
    for (w, kind) in [(3, 0), (3, 1)] {
        let option = encode(Move::Paint(3 * w + kind));
        assert!(listed.contains(&option), "the fourth workshop, type {kind}");
    }
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..400 {
        let mut rng = Rng::seed_from(seed);
        let mut drawing = rng;
        let drawn = st.random_legal_action(&mut drawing, &mut ActionList::new());
        let expected = listed[rng.below(listed.len())];
        assert_eq!(drawn, expected, "seed {seed}");
        assert_eq!(drawing, rng, "seed {seed}: the stream");
        seen.insert(drawn);
    }
    assert_eq!(seen.len(), listed.len(), "every listed action drawn");
}

/// 8.8: a first piece into a later workshop passes over the earlier ones: with three empty
/// workshops and two Plates, a Plate into the second leaves only the third on offer (not the
/// first); with two workshops and a Plate and a Jug, a Plate into the second ends the action.
#[test]
fn s8_8_paint_passes_over_the_workshops_before_the_first_used() {
    for (workshops, pieces) in [(3u8, [1u8, 1]), (2, [1, 2])] {
        let mut st = started(2, 55);
        let s = st.actor().unwrap();
        let first = first_of(CardType::GlazingWorkshop);
        for ws in first..first + workshops - 1 {
            take_out(&mut st, ws);
        }
        let p = &mut st.table_mut().players[s];
        // Enough of everything for any workshop's paint cost.
        (p.pg, p.glaze, p.clay, p.cracks) = (10, 10, 7, 0);
        for ws in first..first + workshops - 1 {
            p.workshops.push(Slot { card: ws, piece: 0 });
        }
        p.firing_kilns[0].piece = pieces[0];
        p.firing_kilns.push(Slot {
            card: 68,
            piece: pieces[1],
        });
        with_task(&mut st, Act::Paint);
        play(&mut st, Move::Paint(3)); // a plate into workshop 1
        if workshops == 3 {
            assert_eq!(
                sorted(moves(&st)),
                sorted(vec![Move::Paint(6), Move::Stop]),
                "the other plate into workshop 2 only"
            );
        } else {
            assert_eq!(
                st.table().players[s].firing_kilns[1].piece,
                2,
                "the jug stays"
            );
            assert_eq!(st.actor(), Some(1 - s), "the action and the turn are over");
        }
    }
}

/// 8.2: "pay its cost in Perra Gorda Tokens, Clay, Glazes, or Cracks"; 9.8: "Collect one
/// reward from one of your Esparto Cards". Jarapa Roja 1 (authored: costs 1 Clay, rewards 4
/// Perra Gorda or 1 Clay) is played for its Clay; the Collect Esparto bonus then offers both
/// rewards of the printed card and of this one, and its first gives 4 Perra Gorda.
#[test]
fn s9_8_collect_one_reward_from_a_played_esparto_card() {
    let mut st = started(2, 52);
    let s = st.actor().unwrap();
    let card = first_of(CardType::Esparto);
    give(&mut st, s, card);
    let p = &mut st.table_mut().players[s];
    (p.pg, p.clay) = (0, 5);
    with_task(&mut st, Act::Play);
    play(&mut st, Move::PlayCard(card, 0));
    assert_eq!(st.table().players[s].clay, 4, "paid 1 Clay");
    with_task(&mut st, Act::Esparto1);
    // Option card * 2 + side: 0, 1 the printed card's; 2, 3 Jarapa Roja 1's.
    assert_eq!(
        sorted(moves(&st)),
        sorted(vec![
            Move::Esparto1(0),
            Move::Esparto1(1),
            Move::Esparto1(2),
            Move::Esparto1(3),
            Move::Done
        ])
    );
    play(&mut st, Move::Esparto1(2));
    let p = &st.table().players[s];
    assert_eq!((p.pg, p.clay), (4, 4), "4 Perra Gorda from Jarapa Roja 1");
}

/// 8.7: "Move any number of pieces of your choice from your Drying Area to your Firing Kilns
/// and, likewise, ... from your Glazing Workshops to your Glaze Kilns": with a Plate, a Jug and
/// a Pot drying and a painted piece in the workshop, Fire and the Firing Bonus (9.2) offer all
/// four (option: piece type 0..3, then 3 + workshop).
#[test]
fn s8_7_fire_offers_every_drying_type_and_every_painted_piece() {
    for (act, wrap) in [
        (Act::Fire, Move::Fire as fn(u8) -> Move),
        (Act::Fire1, Move::Fire1 as fn(u8) -> Move),
    ] {
        let mut st = started(2, 53);
        let s = st.actor().unwrap();
        let p = &mut st.table_mut().players[s];
        p.drying = [1, 1, 1];
        p.workshops[0].piece = 2; // a painted jug
        with_task(&mut st, act);
        let want: Vec<Move> = (0..4).map(wrap).chain([Move::Done]).collect();
        assert_eq!(sorted(moves(&st)), sorted(want), "{act:?}");
    }
}
