//! Every worked example of the rulebook.

use super::super::actions::Move;
use super::super::data::{Act, CardType};
use super::super::state::{Cleanup, Frame, Mode, Phase, Slot, TASK_ROW};
use super::{
    first_legal, first_legal_or_any, first_of, give, moves, play, started, take_out, with_task,
    with_tasks, MOVES_CAP, PASSING,
};
use crate::engine::GameState;

/// 7.2.3: "Macarena sells one painted Plate (8 VP) and moves the Plate Market Marker down 2
/// spaces ... She then sells one unpainted Pot (3 VP); the Pot Market Marker does not move
/// ... She gains a total of 11 VP."
#[test]
fn macarena_sells_a_painted_plate_and_an_unpainted_pot_for_11_vp() {
    let mut st = started(3, 1);
    let s = st.actor().unwrap();
    let t = st.table_mut();
    t.demand[0] = [2, 1, 0]; // plate 2, jug 1, pot 0 this round
    t.heights = [6, 3, 4]; // painted plate 8 VP at 6; unpainted pot 3 VP at 4
    t.players[s].glaze_kilns[0].piece = 1; // a painted plate
    t.players[s].firing_kilns[0].piece = 3; // an unpainted pot
    let before = st.score(s);
    // In the example's order: the plate first, then the pot.
    play(&mut st, Move::Sell(3)); // painted plate
    assert_eq!(st.table().heights[0], 4, "plate marker down 2");
    assert_eq!(st.score(s) - before, 8);
    play(&mut st, Move::Sell(2)); // unpainted pot
    assert_eq!(st.table().heights[2], 4, "pot marker does not move");
    assert_eq!(st.score(s) - before, 11);
    assert_eq!(st.table().players[s].sold, [1, 0, 1]);
    assert_ne!(st.actor(), Some(s), "selling was the whole turn");
}

/// 8.9: "Paula has 2 Cleanup Cards, so she may Clean 3 Crack tokens ... She returns the
/// remaining Crack token to the General Supply ... both Cleanup Cards are now completed, she
/// returns the Crack tokens from the cards to the General Supply and gains their rewards
/// (3 VP + 2 VP)."
#[test]
fn paula_cleans_three_cracks_with_two_cleanup_cards_for_3_and_2_vp() {
    let mut st = started(2, 2);
    let s = st.actor().unwrap();
    let card = first_of(CardType::Cleanup); // 2 spaces, 3 VP (authored)
    take_out(&mut st, card);
    let t = st.table_mut();
    t.players[s].cleanups[0].cracks = 1; // starting card: 2 spaces, 2 VP
    t.players[s].cleanups.push(Cleanup { card, cracks: 1 });
    t.supply.cracks -= 2;
    t.players[s].cracks = 5;
    t.supply.cracks += t.players[s].cracks;
    t.players[s].cracks = 5;
    t.supply.cracks -= 5;
    let supply = st.table().supply.cracks;
    with_task(&mut st, Act::Clean);
    let vp = st.table().players[s].vp[3];
    play(&mut st, Move::CleanBegin);
    let p = &st.table().players[s];
    assert_eq!(p.cracks, 2, "3 of the 5 cracks cleaned");
    assert_eq!(
        p.cleanups[0].cracks + p.cleanups[1].cracks,
        0,
        "completed cards emptied"
    );
    assert_eq!(p.vp[3] - vp, 5, "3 VP + 2 VP");
    // 1 returned directly, 2 + 2 from the completed cards.
    assert_eq!(st.table().supply.cracks, supply + 5);
}

/// 8.5: "Nilo performs the Throw action. Since his Technology Marker is in the second
/// position, he chooses to move two spaces and divides them between two of his Wooden
/// Vases. He gains one Play a Card action and one Extract Clay action."
#[test]
fn nilo_throws_two_spaces_split_between_two_vases() {
    let mut st = started(2, 3);
    let s = st.actor().unwrap();
    // Wheel 0 of the authored set starts play, clay, shape; the starting wheel D starts play.
    let wheel = first_of(CardType::Wheel);
    take_out(&mut st, wheel);
    let t = st.table_mut();
    t.players[s].tech = 1;
    t.players[s].wheels[0].pos = 1; // starting wheel: next space is its second
    t.players[s].wheels.push(super::super::state::Wheel {
        card: wheel,
        slot: 1,
        pos: 1,
    });
    t.supply.vases -= 1;
    let second = st.cards.wheel(st.table().players[s].wheels[0].card).spaces[1];
    with_task(&mut st, Act::Throw);
    play(&mut st, Move::Advance(1)); // Torno de Pie: its second space, Extract Clay
    assert!(matches!(st.table().mode, Mode::Throw { left: 1, .. }));
    play(&mut st, Move::Advance(0));
    assert_eq!(st.table().mode, Mode::Idle, "two spaces used");
    let f = st.table().frames.last().unwrap();
    assert!(f.ordered, "benefits in the order the vases advanced");
    assert_eq!(&*f.tasks, &[Act::Clay as u8, second as u8]);
    // Each benefit is optional: skip the clay, then resolve the second.
    play(&mut st, Move::Skip);
    assert_eq!(st.table().frames.last().unwrap().tasks.len(), 1);
}

/// 8.11: "Paula ... first gains the bonus of that column: 1 Clay (1). She then takes one of
/// her Turn Order Markers and places it ... she chooses to gain 2 Perra Gorda Tokens (2). She
/// then performs an action of her choice, for example, Play a Card (3). ... if no other
/// player performs the First Player Action, Paula will be second in the next round."
#[test]
fn paula_takes_the_first_player_action_gains_2_and_is_second_next_round() {
    let mut st = started(3, 4);
    let order: Vec<u8> = st.table().order.iter().copied().collect();
    let paula = usize::from(order[2]);
    // Play until it is Paula's turn with her shop open (others take the Special Action).
    while st.actor() != Some(paula) {
        play(&mut st, Move::Special);
        while st.table().in_turn {
            play(&mut st, Move::Done);
        }
    }
    // First-game layout: the First Player Action is tile 8 (bottom row); column 1 bonus.
    let row = 2u8;
    let col = (0..5).find(|&c| st.table().columns[c] == Act::Clay1 as u8);
    let col = match col {
        Some(c) => c as u8,
        None => {
            st.table_mut().columns[0] = Act::Clay1 as u8;
            0
        }
    };
    play(&mut st, Move::Place(row * 5 + col));
    let clay = st.table().players[paula].clay;
    play(&mut st, Move::Clay1);
    assert_eq!(st.table().players[paula].clay, (clay + 1).min(7));
    let pg = st.table().players[paula].pg;
    play(&mut st, Move::FirstPlayer(1)); // the second space: gain 2
    assert_eq!(st.table().players[paula].pg, pg + 2);
    // "Then perform any action of your choice": any main-board action is offered.
    let offered = moves(&st);
    assert!(offered.contains(&Move::AcquireBegin) && offered.contains(&Move::EspartoBegin));
    play(&mut st, Move::Done);
    // Nobody else takes it; finish the round with every shop closed.
    finish_round(&mut st);
    assert_eq!(st.table().order[1], paula as u8, "Paula is second");
    assert_eq!(
        st.table().order[0],
        order[0],
        "the old first player keeps first place"
    );
    assert_eq!(st.table().first_token, order[0]);
}

/// Plays every remaining turn of the round: the Special Action while craftswomen last, then
/// close the shop, always declining bonuses; declines the endgame cards and the re-roll.
pub(super) fn finish_round(st: &mut super::super::NijarState) {
    let (round, mut played) = (st.table().round, 0);
    while st.table().round == round && st.table().phase != Phase::Over {
        assert!(played < MOVES_CAP, "round {round} never ends");
        played += 1;
        let declining = [Move::NoEndgame, Move::KeepDice];
        let pick = first_legal(st, &declining).unwrap_or_else(|| first_legal_or_any(st, &PASSING));
        play(st, pick);
    }
}

/// 8.8: "Since he has only two Glazes, he paints the Pot in his Starting Glazing Workshop
/// by spending two Glazes and paints the Jug in his other Glazing Workshop by taking two
/// Cracks and placing them in his Cleaning Area."
#[test]
fn nilo_paints_with_two_glazes_and_with_two_cracks() {
    let mut st = started(2, 5);
    let s = st.actor().unwrap();
    let ws = first_of(CardType::GlazingWorkshop); // paints for "crack:2" (authored)
    take_out(&mut st, ws);
    let t = st.table_mut();
    let p = &mut t.players[s];
    let extra_glaze = p.glaze - 2;
    p.glaze = 2;
    t.supply.glaze += extra_glaze;
    let p = &mut t.players[s];
    p.cracks = 0;
    p.workshops.push(Slot { card: ws, piece: 0 });
    p.firing_kilns[0].piece = 3; // pot
    p.firing_kilns.push(Slot { card: 68, piece: 2 }); // jug
    with_task(&mut st, Act::Paint);
    play(&mut st, Move::Paint(2)); // pot into workshop 0
    play(&mut st, Move::Paint(3 + 1)); // jug into workshop 1
    let p = &st.table().players[s];
    assert_eq!(p.glaze, 0);
    assert_eq!(p.cracks, 2);
    assert_eq!((p.workshops[0].piece, p.workshops[1].piece), (3, 2));
    assert!(p.firing_kilns.iter().all(|k| k.piece == 0));
}

/// 8.6 / 8.7: Marina shapes two pieces (a Plate and a Pot) for 2 Clay and 2 Cracks, then
/// fires both into different firing kilns and the painted Plate into her glaze kiln.
#[test]
fn marina_shapes_two_pieces_and_fires_three() {
    let mut st = started(2, 6);
    let s = st.actor().unwrap();
    let t = st.table_mut();
    let p = &mut t.players[s];
    p.clay = 3;
    let cracks = p.cracks;
    p.firing_kilns.push(Slot { card: 68, piece: 0 });
    p.workshops[0].piece = 1; // painted plate
    with_tasks(&mut st, &[Act::Shape, Act::Fire]);
    play(&mut st, Move::Shape(3 + 2)); // plate + pot
    let p = &st.table().players[s];
    assert_eq!((p.clay, p.cracks, p.drying), (1, cracks + 2, [1, 0, 1]));
    play(&mut st, Move::Fire(0));
    play(&mut st, Move::Fire(2));
    play(&mut st, Move::Fire(3));
    let p = &st.table().players[s];
    assert_eq!(p.firing_kilns[0].piece + p.firing_kilns[1].piece, 1 + 3);
    assert_eq!(p.glaze_kilns[0].piece, 1);
    assert_eq!(p.workshops[0].piece, 0);
    let _ = Frame::default();
    let _ = TASK_ROW;
    let _ = give;
}

/// 7.2.5: "Nilo places two Craftswomen on the Main Board and returns Paula's Craftswoman to
/// her. Since Paula's shop is already closed, she places the Craftswoman on her Shop Card and
/// gains one reward. She chooses to take 3 Perra Gorda Tokens."
#[test]
fn nilo_returns_paulas_craftswoman_to_her_closed_shop() {
    let mut st = started(2, 7);
    let paula = st.actor().unwrap();
    let nilo = 1 - paula;
    play(&mut st, Move::Place(0)); // top row, column 1
    play(&mut st, Move::Done);
    let t = st.table_mut();
    t.players[paula].workers = 0;
    t.players[paula].shop_closed = true;
    assert_eq!(st.actor(), Some(nilo));
    play(&mut st, Move::Place(0));
    assert_eq!(st.actor(), Some(paula), "Paula chooses her reward at once");
    let pg = st.table().players[paula].pg;
    play(&mut st, Move::ShopReward(1));
    assert_eq!(st.table().players[paula].pg, pg + 3);
    assert_eq!(st.table().players[paula].on_shop, 1);
    assert_eq!(st.table().players[paula].workers, 0, "not available again");
    assert_eq!(st.actor(), Some(nilo), "Nilo goes on with his turn");
    assert_eq!(st.table().spaces[0][0].count, 2);
    let _ = st.num_players();
}

/// 7.2.1.2: "Paula places a Craftswoman on the Special Action. She collects 1 Esparto, gains
/// 1 Clay, and acquires 1 card, in the order she chooses."
#[test]
fn paula_on_the_special_action_gains_its_three_bonuses_in_her_order() {
    let mut st = started(3, 8);
    let s = st.actor().unwrap();
    st.table_mut().special = [Act::Clay1 as u8, Act::Acquire1 as u8];
    play(&mut st, Move::Special);
    let m = moves(&st);
    assert!(m.contains(&Move::Clay1) && m.contains(&Move::AcquireBonus));
    assert!(m.contains(&Move::Esparto1(0)) && m.contains(&Move::Esparto1(1)));
    play(&mut st, Move::AcquireBonus);
    play(&mut st, Move::Stop);
    play(&mut st, Move::Stop);
    play(&mut st, Move::Esparto1(0));
    play(&mut st, Move::Clay1);
    assert_ne!(st.actor(), Some(s), "all three taken: the turn is over");
    assert_eq!(st.table().special_stack[s], 1);
}
