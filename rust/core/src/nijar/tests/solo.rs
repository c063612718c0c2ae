//! The solo game against the Competition (section 12).

use super::super::actions::Move;
use super::super::data::{Act, CardSet, DonkeyIcon};
use super::super::state::{
    Frame, NijarConfig, NijarState, Occupant, Phase, COMP, EMPTY, TASK_ANY_BONUS,
};
use super::super::text::added;
use super::examples::finish_round;
use super::{moves, play};
use crate::engine::GameState;

fn solo(seed: u64, difficulty: u8) -> NijarState {
    let config = NijarConfig {
        first_game_layout: false,
        difficulty,
    };
    NijarState::new_game(1, seed, None, config).unwrap()
}

/// The first turn of a solo game, setup done with the first options.
fn started(seed: u64, difficulty: u8) -> NijarState {
    let mut st = solo(seed, difficulty);
    while st.table().phase != Phase::Turns {
        let a = st.legal_actions()[0];
        st.apply_action(a).unwrap();
    }
    st
}

/// Makes card `id` the next Competition card (revealed at its next turn).
fn next_card(st: &mut NijarState, id: u8) {
    let deck = &mut st.table_mut().solo.deck;
    let i = deck.iter().position(|&c| c == id).unwrap();
    deck.remove(i);
    deck.push(id);
}

/// A Competition card's face names its main-board space as the options do ("the top row,
/// column 1"), not in the draft area's "row 1 column 1"; the authored Competition 1 takes row
/// 1, column 1 with the right-else-left donkey icon, Competition 6 row 2, column 3 and
/// discards the cards above and below its donkey.
#[test]
fn s12_5_a_competition_face_names_the_main_board_space() {
    let st = solo(1, 0);
    let face = |i: usize| crate::nijar::CardSet::competition_face(&st.cards().competition[i]);
    assert_eq!(
        face(0),
        "a craftswoman on the main board's top row, column 1; its donkey right of yours, else left"
    );
    assert_eq!(
        face(5),
        "a craftswoman on the main board's middle row, column 3; discards the cards above and \
         below its donkey"
    );
}

/// 5 and 12: "A game of Níjar is played over three rounds, followed by Endgame Scoring", and
/// the solo game is played "in the usual way": each round the player and the Competition play
/// ends the round and starts the next (round 0, 1, 2), and the third ends the game.
#[test]
fn s12_a_solo_game_is_played_over_three_rounds() {
    for difficulty in 0..3 {
        let mut st = started(4, difficulty);
        for round in 0..3u8 {
            assert_eq!(st.table().round, round, "difficulty {difficulty}");
            assert_ne!(
                st.table().phase,
                Phase::Over,
                "difficulty {difficulty}, round {round}"
            );
            finish_round(&mut st);
        }
        assert_eq!(
            st.table().round,
            2,
            "difficulty {difficulty}: no fourth round"
        );
        assert_eq!(st.table().phase, Phase::Over, "difficulty {difficulty}");
    }
}

/// 12.1: two-player setup with the solo changes: First Player Action and Play a Card in one
/// row, 8 pieces of each type, two combinations, you first; the Competition's donkey beside
/// yours by the first position icon of its shuffled deck.
#[test]
fn s12_1_solo_setup() {
    for seed in 0..20 {
        let mut st = solo(seed, 0);
        let row = |st: &NijarState, a: Act| (0..9).find(|&i| st.tile(i) == a).unwrap() / 3;
        assert_eq!(row(&st, Act::Play), row(&st, Act::FirstPlayer));
        assert_eq!(st.table().supply.pieces, [8, 8, 8]);
        assert_eq!(st.table().combos.len(), 2);
        assert_eq!(&*st.table().order, &[0, COMP]);
        assert_eq!(st.table().columns[3..], [EMPTY, EMPTY]);
        play(&mut st, Move::Combo(0));
        play(&mut st, Move::Donkey(7));
        let d = st.table().donkeys[usize::from(COMP)];
        assert!([6, 8, 2, 12].contains(&d), "beside your donkey: {d}");
        assert_eq!(st.table().phase, Phase::Turns);
        assert_eq!(st.table().solo.workers, 7);
        assert_eq!(st.table().solo.deck.len(), 9);
    }
}

/// 12.5.1: a craftswoman on the card's space; two and 3 VP (Advanced: 5) when yours is
/// there, yours returned; the Special Action when it cannot.
#[test]
fn s12_5_1_competition_craftswomen() {
    for (difficulty, vp) in [(0u8, 3), (1, 5), (2, 5)] {
        let mut st = started(1, difficulty);
        let card = &st.cards().competition[0].clone(); // space row 1, column 1
        next_card(&mut st, 0);
        play(&mut st, Move::Place(0));
        play(&mut st, Move::Done);
        // The Competition moved at once: two craftswomen there, yours back.
        assert_eq!(card.space, (0, 0));
        let occ = st.table().spaces[0][0];
        assert_eq!((occ.seat, occ.count), (COMP, 2));
        assert_eq!(st.table().players[0].workers, 7);
        assert_eq!(st.table().solo.vp[1], vp);
        assert_eq!(st.table().solo.workers, 5);
    }
    // Not enough craftswomen to return yours: the Special Action.
    let mut st = started(2, 0);
    next_card(&mut st, 0);
    st.table_mut().solo.workers = 1;
    play(&mut st, Move::Place(0));
    play(&mut st, Move::Done);
    assert_eq!(st.table().spaces[0][0].seat, 0);
    assert_eq!(st.table().special_stack[usize::from(COMP)], 1);
    assert_eq!(
        st.table().solo.workers,
        0,
        "its one craftswoman is on the Special Action"
    );
}

/// 12.5.2: the donkey beside yours (preferred, else alternative); discarding around its own
/// donkey, never the card under yours; staying.
#[test]
fn s12_5_2_competition_donkey() {
    let mut st = started(3, 0);
    let id = (0..9u8)
        .find(|&c| st.cards().competition[usize::from(c)].donkey == DonkeyIcon::RightLeft)
        .unwrap();
    st.table_mut().donkeys[0] = 4; // row 1, column 5: no card to its right
    st.table_mut().donkeys[usize::from(COMP)] = 10;
    next_card(&mut st, id);
    play(&mut st, Move::Special);
    play(&mut st, Move::Done);
    assert_eq!(
        st.table().donkeys[usize::from(COMP)],
        3,
        "the alternative: left"
    );
    let mut st = started(4, 0);
    let id = (0..9u8)
        .find(|&c| st.cards().competition[usize::from(c)].donkey == DonkeyIcon::DiscardSides)
        .unwrap();
    st.table_mut().donkeys[0] = 6;
    st.table_mut().donkeys[usize::from(COMP)] = 7;
    let under_yours = st.table().draft[1][1];
    let right = st.table().draft[1][3];
    next_card(&mut st, id);
    play(&mut st, Move::Special);
    play(&mut st, Move::Done);
    assert_eq!(
        st.table().draft[1][1],
        under_yours,
        "your donkey's card is blocked"
    );
    assert_ne!(st.table().draft[1][3], right, "discarded and refilled");
    assert_eq!(&*st.table().solo.discards, &[right]);
}

/// 12.5.2: "move the Competition's Donkey onto the card immediately to the right of the one
/// where your Donkey is": when its donkey already stands there, it stays (the preferred
/// position is where it is, not blocked), for every position icon.
#[test]
fn s12_5_2_competition_donkey_already_on_its_preferred_card_stays() {
    for (icon, preferred) in [
        (DonkeyIcon::RightLeft, 8u8),
        (DonkeyIcon::LeftRight, 6),
        (DonkeyIcon::AboveBelow, 2),
        (DonkeyIcon::BelowAbove, 12),
    ] {
        let mut st = started(3, 0);
        let Some(id) = (0..9u8).find(|&c| st.cards().competition[usize::from(c)].donkey == icon)
        else {
            continue;
        };
        st.table_mut().donkeys[0] = 7; // row 2, column 3: cards on every side
        st.table_mut().donkeys[usize::from(COMP)] = preferred;
        next_card(&mut st, id);
        play(&mut st, Move::Special);
        play(&mut st, Move::Done);
        assert_eq!(
            st.table().donkeys[usize::from(COMP)],
            preferred,
            "{icon:?}: already on its preferred card"
        );
    }
}

/// 12.5.3: the piece actions of the round from the next card's back: take, paint, sell;
/// +1 VP (Expert: 2) when no piece is left.
#[test]
fn s12_5_3_piece_actions() {
    for (difficulty, missing) in [(0u8, 1), (2, 2)] {
        let mut st = started(5, difficulty);
        let deck = st.table().solo.deck;
        let next = deck[deck.len() - 2];
        let actions = st.cards().competition[usize::from(next)].pieces[0];
        let t = usize::from(actions[0]);
        let other = actions.get(1).map(|&x| usize::from(x));
        st.table_mut().solo.pieces[t] = 2; // painted: it sells
        if let Some(o) = other.filter(|&o| o != t) {
            st.table_mut().supply.pieces[o] = 0; // none left: +VP
        }
        let heights = st.table().heights;
        let vp = st.sale_vp(3 + t as u8);
        play(&mut st, Move::Special);
        play(&mut st, Move::Done);
        let c = &st.table().solo;
        assert_eq!(c.vp[0], i32::from(vp), "sold at the painted price");
        assert_eq!(c.sold[t], 1);
        let down = st.table().demand[0][t];
        assert_eq!(st.table().heights[t], heights[t].saturating_sub(down));
        match other {
            Some(o) if o != t => assert_eq!(c.vp[2], missing),
            // The same type twice: sold, then taken anew.
            Some(_) => assert_eq!(c.pieces[t], 1),
            None => {}
        }
    }
}

/// 12.4: no craftswoman (or no card): it closes its shop with 1 VP and gains 1 VP each
/// later turn; 12.6: craftswomen you return to its closed shop give it 1 VP each. 12.10:
/// Advanced changes none of these; Expert makes each of them 2 VP.
#[test]
fn s12_4_closing_and_s12_6_returns_to_a_closed_shop() {
    for (difficulty, vp) in [(0u8, 1), (1, 1), (2, 2)] {
        let mut st = started(6, difficulty);
        st.table_mut().solo.workers = 0;
        play(&mut st, Move::Special);
        play(&mut st, Move::Done);
        assert!(st.table().solo.shop_closed);
        assert_eq!(st.table().solo.vp[2], vp);
        play(&mut st, Move::Special);
        play(&mut st, Move::Done);
        assert_eq!(
            st.table().solo.vp[2],
            2 * vp,
            "the same again each turn after"
        );
        // Two Competition craftswomen on a space, returned to its closed shop.
        let t = st.table_mut();
        t.spaces[0][0].seat = COMP;
        t.spaces[0][0].count = 2;
        t.solo.on_shop = 0;
        play(&mut st, Move::Place(0));
        assert_eq!(st.table().solo.on_shop, 2);
        assert_eq!(st.table().solo.vp[2], 4 * vp, "difficulty {difficulty}");
    }
    // No card left (its craftswomen notwithstanding): it closes its shop.
    let mut st = started(6, 0);
    st.table_mut().solo.deck.clear();
    play(&mut st, Move::Special);
    play(&mut st, Move::Done);
    assert!(st.table().solo.shop_closed && st.table().solo.workers > 0);
    assert_eq!(st.table().solo.vp[2], 1);
}

/// 7.2 / 12.4: with both shops closed the round ends once you and the Competition have had
/// as many turns: when your turn levels the counts it ends at once (the Competition takes no
/// closed-shop turn, so no 1 VP for one); when you are a turn ahead, the Competition's turn
/// (1 VP on its closed shop) comes first.
#[test]
fn s12_4_both_shops_closed_the_round_ends_with_turns_equal() {
    for (comp_turns, comp_vp) in [(4u8, 0), (3, 1)] {
        let mut st = started(8, 0);
        let t = st.table_mut();
        assert_eq!(t.turn_seat, 0, "you are first in round 1");
        (
            t.players[0].workers,
            t.players[0].shop_closed,
            t.players[0].turns,
        ) = (0, true, 3);
        (t.solo.workers, t.solo.shop_closed, t.solo.turns) = (0, true, comp_turns);
        // A closed shop's turn: one bonus (as `begin_turn` sets it), passed on.
        t.in_turn = true;
        let mut f = Frame::default();
        f.tasks.push(TASK_ANY_BONUS);
        t.frames.clear();
        t.frames.push(f);
        let vp = st.table().solo.vp[2];
        play(&mut st, Move::Done);
        assert!(
            matches!(st.table().phase, Phase::Endgame { .. }),
            "{comp_turns}: the round is over ({:?})",
            st.table().phase
        );
        assert_eq!(
            st.table().solo.vp[2] - vp,
            comp_vp,
            "{comp_turns}: the Competition's turns"
        );
    }
}

/// 12.7: your First Player Action costs 2 Perra Gorda on the one space; without it, the
/// Competition is first next round, and rolls without a re-roll (12.3).
#[test]
fn s12_7_first_player_action_and_turn_order() {
    let mut st = started(7, 0);
    // Discarding an endgame card gives any action, the First Player Action among them.
    let e = st.table().players[0].hand.ids().find(|&c| c >= 80).unwrap();
    play(&mut st, Move::Discard((e - 80) as u8));
    st.table_mut().players[0].pg = 1;
    assert!(!moves(&st).contains(&Move::FirstPlayer(0)), "it costs 2");
    st.table_mut().players[0].pg = 2;
    st.table_mut().supply.pg -= 1;
    let m = moves(&st);
    assert!(m.contains(&Move::FirstPlayer(0)) && !m.contains(&Move::FirstPlayer(1)));
    let mut without = st.clone();
    play(&mut st, Move::FirstPlayer(0));
    assert_eq!(st.table().players[0].pg, 0);
    finish_round(&mut st);
    assert_eq!(&*st.table().order, &[0, COMP]);
    assert_eq!(st.table().phase, Phase::Reroll, "you may re-roll");
    play(&mut without, Move::Done);
    finish_round(&mut without);
    assert_eq!(&*without.table().order, &[COMP, 0]);
    assert_eq!(without.table().first_token, COMP);
    assert_ne!(
        without.table().phase,
        Phase::Reroll,
        "the Competition does not re-roll"
    );
}

/// 12.8–12.9: its craftswomen 6 next round, its deck reshuffled whole; at the end it scores
/// its VP, the first-player token and its remaining pieces; the margin decides the game.
#[test]
fn s12_8_end_of_round_and_s12_9_scoring() {
    let mut st = started(8, 0);
    finish_round(&mut st);
    // Round 2: the Competition (first, as you did not take the First Player Action) may
    // already have taken its first turn.
    let t = st.table();
    let placed: u8 = t
        .spaces
        .iter()
        .flatten()
        .filter(|o| o.seat == COMP)
        .map(|o| o.count)
        .sum();
    assert_eq!(
        t.solo.workers + placed + t.special_stack[usize::from(COMP)],
        6
    );
    assert_eq!(t.solo.deck.len() + t.solo.revealed.len(), 9);
    assert!(t.solo.revealed.len() <= 1, "the deck was reshuffled whole");
    let t = st.table_mut();
    t.phase = Phase::Over;
    t.first_token = COMP;
    t.solo.vp = [10, 3, 2];
    t.solo.pieces = [2, 1, 0];
    assert_eq!(st.competition_score(), 15 + 2 + 3);
    let margin = st.solo_margin().unwrap();
    assert_eq!(margin, f64::from(st.score(0) - 20));
    assert_eq!(st.scores().len(), 1);
}

/// 12.9 scores solo "in the usual way", and 11 breaks a tie: "In case of a tie in VP, the
/// player who is furthest to the left on the Turn Order Track wins". A tie with you leftmost
/// is your win (margin +0.5), with the Competition leftmost its win (−0.5).
#[test]
fn s12_9_a_tie_goes_to_the_leftmost_on_the_turn_order() {
    let mut st = started(8, 0);
    let t = st.table_mut();
    t.phase = Phase::Over;
    t.first_token = 0;
    t.solo.vp = [30, 0, 0];
    t.solo.pieces = [0, 0, 0];
    assert_eq!(st.competition_score(), 30);
    let below = st.score(0);
    st.table_mut().players[0].vp[4] += 30 - below;
    assert_eq!(st.score(0), 30, "a tie");
    for (order, margin, verdict) in [
        ([0, COMP], 0.5, "a tie, which you win"),
        ([COMP, 0], -0.5, "a tie, which the Competition wins"),
    ] {
        st.table_mut().order = order.into_iter().collect();
        assert_eq!(st.solo_margin(), Some(margin), "order {order:?}");
        let last = st.explain_score(0).lines.last().unwrap().detail.clone();
        assert!(last.contains(verdict), "{last}");
    }
    // Not a tie: the VP decide, whatever the order.
    st.table_mut().players[0].vp[4] += 1;
    assert_eq!(st.solo_margin(), Some(1.0));
}

/// Your turn on the Special Action, left at once: the Competition takes its turn after it.
fn pass_on_special(st: &mut NijarState) {
    play(st, Move::Special);
    play(st, Move::Done);
}

/// 12.5.2: the vertical discard icon discards the cards "above and below" the Competition's
/// donkey (not the ones beside it); the spaces are refilled from their rows' decks.
#[test]
fn s12_5_2_the_vertical_discard_icon() {
    let mut st = started(3, 0);
    let id = (0..9u8)
        .find(|&c| st.cards().competition[usize::from(c)].donkey == DonkeyIcon::DiscardVertical)
        .unwrap();
    st.table_mut().donkeys[0] = 0;
    st.table_mut().donkeys[usize::from(COMP)] = 7; // row 2, column 3
    let t = st.table();
    let (above, below) = (t.draft[0][2], t.draft[2][2]);
    let (left, right) = (t.draft[1][1], t.draft[1][3]);
    let (top0, top2) = (*t.decks[0].last().unwrap(), *t.decks[2].last().unwrap());
    next_card(&mut st, id);
    pass_on_special(&mut st);
    let t = st.table();
    assert_eq!(&*t.solo.discards, &[above, below]);
    assert_eq!(
        (t.draft[1][1], t.draft[1][3]),
        (left, right),
        "beside: kept"
    );
    assert_eq!((t.draft[0][2], t.draft[2][2]), (top0, top2), "refilled");
}

/// 12.5.2: the side discard icon discards the cards on both sides of the Competition's donkey
/// (not the ones above and below it), in that order; the spaces are refilled from the row's
/// deck.
#[test]
fn s12_5_2_the_side_discard_icon() {
    let mut st = started(3, 0);
    let id = (0..9u8)
        .find(|&c| st.cards().competition[usize::from(c)].donkey == DonkeyIcon::DiscardSides)
        .unwrap();
    st.table_mut().donkeys[0] = 0;
    st.table_mut().donkeys[usize::from(COMP)] = 7; // row 2, column 3
    let t = st.table();
    let (left, right) = (t.draft[1][1], t.draft[1][3]);
    let (above, below) = (t.draft[0][2], t.draft[2][2]);
    next_card(&mut st, id);
    pass_on_special(&mut st);
    let t = st.table();
    assert_eq!(&*t.solo.discards, &[left, right]);
    assert_eq!(
        (t.draft[0][2], t.draft[2][2]),
        (above, below),
        "above and below: kept"
    );
    for (col, gone) in [(1, left), (3, right)] {
        assert_ne!(t.draft[1][col], gone, "column {col}: refilled");
    }
}

/// Makes `revealed` the Competition's next card and `back` the one under it, whose back
/// gives the piece actions (Competition 7 stays and names row 3, column 1).
fn next_two(st: &mut NijarState, revealed: u8, back: u8) {
    next_card(st, back);
    next_card(st, revealed);
}

/// 12.5.3: an unpainted piece in its play area is painted; a painted one is sold at the
/// market's painted price (authored: 7 VP at height 5), the marker goes down by the round's
/// demand, and the piece goes to the box (not back to the supply).
#[test]
fn s12_5_3_paint_and_sell() {
    // Competition 1's back: a plate in round 1.
    let mut st = started(4, 0);
    st.table_mut().solo.pieces = [1, 0, 0];
    let supply = st.table().supply.pieces;
    next_two(&mut st, 6, 0);
    pass_on_special(&mut st);
    let s = &st.table().solo;
    assert_eq!(s.pieces, [2, 0, 0], "the plate is painted");
    assert_eq!((s.vp[0], s.sold), (0, [0, 0, 0]));
    assert_eq!(st.table().supply.pieces, supply);
    // Competition 2's back: a jug in round 1.
    let mut st = started(4, 0);
    let t = st.table_mut();
    t.solo.pieces = [0, 2, 0];
    t.heights[1] = 5;
    t.demand[0][1] = 2;
    let supply = st.table().supply.pieces;
    next_two(&mut st, 6, 1);
    pass_on_special(&mut st);
    let t = st.table();
    assert_eq!(t.solo.pieces, [0, 0, 0], "the jug is sold");
    assert_eq!(t.solo.sold, [0, 1, 0]);
    assert_eq!(t.solo.vp[0], 7);
    assert_eq!(t.heights[1], 3);
    assert_eq!(t.supply.pieces, supply, "to the box");
}

/// 12.6: "If you return a Craftswoman to the Competition and its Shop is still open, it
/// becomes available again"; with its shop closed it goes on the shop, +1 VP (Normal).
#[test]
fn s12_6_craftswomen_returned_to_the_competition() {
    for closed in [false, true] {
        let mut st = started(5, 0);
        let t = st.table_mut();
        t.spaces[0][0] = Occupant {
            seat: COMP,
            count: 1,
        };
        t.solo.workers = if closed { 0 } else { 5 };
        t.solo.shop_closed = closed;
        play(&mut st, Move::Place(0));
        let s = &st.table().solo;
        if closed {
            assert_eq!((s.workers, s.on_shop, s.vp), (0, 1, [0, 0, 1]));
        } else {
            assert_eq!((s.workers, s.on_shop, s.vp), (6, 0, [0, 0, 0]));
        }
    }
}

/// 12.8: "Shuffle all Competition Cards again to form a deck": all nine, revealed or not, in
/// an order that changes with the random stream.
#[test]
fn s12_8_the_competition_deck_is_reshuffled_whole() {
    let mut orders = std::collections::HashSet::new();
    for seed in 0..8 {
        let mut st = started(seed, 0);
        let deck: Vec<u8> = st.table().solo.deck.iter().copied().collect();
        let t = st.table_mut();
        t.solo.deck = deck[..4].iter().copied().collect();
        t.solo.revealed = deck[4..].iter().copied().collect();
        st.competition_end_of_round();
        let s = &st.table().solo;
        assert!(s.revealed.is_empty());
        let mut sorted: Vec<u8> = s.deck.iter().copied().collect();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..9).collect::<Vec<u8>>());
        orders.insert(s.deck.iter().copied().collect::<Vec<u8>>());
    }
    assert!(orders.len() > 4, "shuffled: {orders:?}");
}

/// 12.5.3: "If there are no remaining pieces of that type, the Competition gains 1 VP" (12.10
/// Expert: 2), and it takes none. Competition 7 (authored: stays, its donkey too) is revealed;
/// the back of Competition 1 under it asks for a plate in round 1, and none is left.
#[test]
fn s12_5_3_no_piece_left_gives_the_competition_vp() {
    for (difficulty, vp) in [(0u8, 1), (1, 1), (2, 2)] {
        let mut st = started(7, difficulty);
        next_card(&mut st, 0); // Competition 1: plate in round 1
        next_card(&mut st, 6); // Competition 7, revealed first
        st.table_mut().supply.pieces[0] = 0;
        st.table_mut().solo.pieces = [0; 3];
        let before = st.table().solo.vp;
        play(&mut st, Move::Special);
        play(&mut st, Move::Done);
        let c = &st.table().solo;
        assert_eq!(c.revealed.last(), Some(&6));
        assert_eq!(c.vp[2] - before[2], vp, "difficulty {difficulty}");
        assert_eq!((c.pieces[0], st.table().supply.pieces[0]), (0, 0));
    }
}

/// 12.5.2: "Each one indicates a preferred position for the Competition's Donkey and an
/// alternative position ... for if the preferred position is not available": each of the four
/// icons moves its donkey beside yours, to the preferred side, or to the other one when the
/// preferred side is off the draft area.
#[test]
fn s12_5_2_every_position_icon_moves_the_donkey() {
    for (icon, yours, preferred, alternative) in [
        (DonkeyIcon::RightLeft, 7u8, 8u8, (4u8, 3u8)),
        (DonkeyIcon::LeftRight, 7, 6, (5, 6)),
        (DonkeyIcon::AboveBelow, 7, 2, (2, 7)),
        (DonkeyIcon::BelowAbove, 7, 12, (12, 7)),
    ] {
        for (at, want) in [(yours, preferred), alternative] {
            let mut st = started(8, 0);
            let id = (0..9u8)
                .find(|&c| st.cards().competition[usize::from(c)].donkey == icon)
                .unwrap();
            st.table_mut().donkeys[0] = at;
            st.table_mut().donkeys[usize::from(COMP)] = 14;
            next_card(&mut st, id);
            play(&mut st, Move::Special);
            play(&mut st, Move::Done);
            let got = st.table().donkeys[usize::from(COMP)];
            assert_eq!(got, want, "{icon:?}, your donkey on {at}");
        }
    }
}

/// The Competition's VP are told as they change, each gain with its reason (12.4–12.6, 12.9):
/// over random solo games of every difficulty, whenever its score changes the step's events
/// have its line, and the gains listed there add up to the change. Each kind of gain is seen
/// (a piece missing from the supply, which random games do not reach, has its own test below).
#[test]
fn every_change_of_the_competitions_vp_is_itemised_in_the_events() {
    use crate::engine::Rng;
    let reasons = [
        "for selling a",
        "from you",
        "for its closed shop",
        "placed on its closed shop",
        "for the first-player token",
        "for its remaining pieces",
    ];
    let mut seen = [false; 6];
    for difficulty in 0..=2 {
        for seed in 0..12 {
            let mut st = solo(seed, difficulty);
            let mut rng = Rng::seed_from(seed + 100);
            while !st.is_terminal() {
                let legal = st.legal_actions();
                let a = legal[rng.below(legal.len())];
                let events = st.public_events(a, Some(0));
                let before = st.competition_score();
                let (was, round) = (st.table().solo, st.table().round);
                st.apply_action(a).unwrap();
                let now = &st.table().solo;
                let change = st.competition_score() - before;
                let line = events.iter().find(|e| e.starts_with("The Competition: "));
                if change == 0 {
                    continue;
                }
                let line = line.unwrap_or_else(|| panic!("+{change} VP untold: {events:?}"));
                let (_, gains) = line.split_once(&format!("(was {before}; ")).expect(line);
                let gains = &gains[..gains.find(')').expect(line)];
                let total: i32 = gains
                    .split(", ")
                    .map(|g| g.split(' ').next().unwrap().parse::<i32>().expect(g))
                    .sum();
                assert_eq!(total, change, "{line}");
                let same_round = st.table().round == round;
                let closed = was.shop_closed || now.shop_closed;
                for g in gains.split(", ") {
                    let vp: i32 = g.split(' ').next().unwrap().parse().unwrap();
                    if let Some(sold) = g.split_once("for selling ").map(|(_, s)| s) {
                        // One "a <piece>" for each piece sold this step.
                        let sold_now: u8 = (0..3).map(|t| now.sold[t] - was.sold[t]).sum();
                        assert_eq!(sold.matches("a ").count(), usize::from(sold_now), "{g}");
                    } else if g.ends_with("placed on its closed shop") {
                        // 12.6: 1 VP a craftswoman (2 in Expert Mode, 12.10).
                        let placed = usize::from(now.on_shop - was.on_shop);
                        let each = if difficulty >= 2 { 2 } else { 1 };
                        assert_eq!(vp, each * placed as i32, "{g}");
                        let yours = if placed == 1 {
                            "your craftswoman".to_string()
                        } else {
                            format!("your {placed} craftswomen")
                        };
                        assert!(g.contains(&yours), "{g}");
                    } else if g.ends_with("from you") {
                        // 12.5 step 1: 3 VP a space taken (5 from Advanced, 12.10).
                        let each = if difficulty >= 1 { 5 } else { 3 };
                        let spaces = if vp == each {
                            "an action space".to_string()
                        } else {
                            format!("{} action spaces", vp / each)
                        };
                        assert_eq!(vp % each, 0, "{g}");
                        assert!(g.ends_with(&format!("for taking {spaces} from you")), "{g}");
                    } else if g.ends_with("for its closed shop") {
                        assert!(same_round && closed, "{g}");
                    } else if g.ends_with("for pieces missing from the supply") {
                        assert!(same_round && !closed, "{g}");
                    } else if g.contains(" or pieces missing") {
                        assert!(!same_round, "{g}");
                    }
                }
                for (k, r) in reasons.iter().enumerate() {
                    seen[k] |= gains.contains(r);
                }
            }
        }
    }
    assert_eq!(seen, [true; 6], "each kind of gain: {reasons:?}");
}

/// 12.5 step 3: "If there are no remaining pieces of that type, the Competition gains 1 VP" —
/// with the supply empty, its next turn's piece actions each give 1 VP, told as such.
#[test]
fn a_piece_missing_from_the_supply_is_told_as_the_competitions_gain() {
    let mut st = started(3, 0);
    st.table_mut().supply.pieces = [0; 3];
    st.table_mut().solo.pieces = [0; 3];
    for _ in 0..40 {
        let a = st.legal_actions()[0];
        let events = st.public_events(a, Some(0));
        let before = st.competition_score();
        st.apply_action(a).unwrap();
        let change = st.competition_score() - before;
        if change > 0 {
            let line = events
                .iter()
                .find(|e| e.starts_with("The Competition: "))
                .unwrap();
            let expected = format!("(was {before}; {change:+} for pieces missing from the supply)");
            assert!(line.contains(&expected), "{line}");
            return;
        }
    }
    panic!("the Competition gained nothing in 40 moves");
}

/// 12.5: each card the Competition reveals is told in the events with its face (the space
/// and the donkey icon), and what it did that the face leaves open is told after it: a
/// craftswoman on the Special Action when the space was not free to it, where its donkey
/// went, the Draft Area cards it discarded (before, the events gave its VP and pieces only:
/// a player had to open the board to follow it). Along random solo games at every
/// difficulty, every such change is told, and nothing is told without one.
#[test]
fn every_card_the_competition_reveals_is_told_with_what_it_did() {
    use crate::engine::Rng;
    let comp = usize::from(super::super::state::COMP);
    let (mut special, mut donkey, mut discards) = (0, 0, 0);
    for difficulty in 0..=2 {
        for seed in 0..8 {
            let mut st = solo(seed, difficulty);
            let mut rng = Rng::seed_from(seed + 300);
            while !st.is_terminal() {
                let legal = st.legal_actions();
                let a = legal[rng.below(legal.len())];
                let events = st.public_events(a, Some(0));
                let before = st.clone();
                st.apply_action(a).unwrap();
                let (was, now) = (&before.table().solo, &st.table().solo);
                let told: Vec<&String> = events
                    .iter()
                    .filter(|e| e.starts_with("The Competition reveals a card: "))
                    .collect();
                let revealed = added(&was.revealed, &now.revealed);
                assert_eq!(told.len(), revealed.len(), "{events:?}");
                for (line, &id) in told.iter().zip(revealed) {
                    let face = CardSet::competition_face(&st.cards.competition[usize::from(id)]);
                    assert!(line.contains(&face), "{line} / {face}");
                }
                let all = told
                    .iter()
                    .map(|l| l.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                let t = (before.table(), st.table());
                let to_special = t.1.special_stack[comp] > t.0.special_stack[comp];
                assert_eq!(all.contains("on the Special Action"), to_special, "{all}");
                special += usize::from(to_special);
                let moved = t.1.donkeys[comp] != t.0.donkeys[comp] && !revealed.is_empty();
                assert_eq!(all.contains("its donkey to "), moved, "{all}");
                donkey += usize::from(moved);
                let gone = added(&was.discards, &now.discards);
                assert_eq!(all.contains("discarded "), !gone.is_empty(), "{all}");
                for &c in gone {
                    assert!(all.contains(st.cards.name(usize::from(c))), "{all}");
                }
                discards += usize::from(!gone.is_empty());
            }
        }
    }
    assert!(
        special > 0 && donkey > 0 && discards > 0,
        "{special} {donkey} {discards}"
    );
}
