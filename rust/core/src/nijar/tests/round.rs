//! The round (7.1–7.2), the end of round (10) and endgame scoring (11).

use super::super::actions::Move;
use super::super::data::{Act, CardType};
use super::super::state::{Phase, EMPTY};
use super::examples::finish_round;
use super::{first_legal, first_legal_or_any, moves, play, started, PASSING};
use crate::engine::GameState;

/// 7.1: markers to the player count's starting height, up by the demand, then the dice
/// (highest to the 2, lowest to the 0); no re-roll in round 1, a re-roll decision for the
/// first player from round 2.
#[test]
fn s7_1_market_update_and_the_reroll_decision() {
    let mut st = started(3, 21);
    let t = st.table();
    let start = st.cards().board.market_start[1];
    let d = t.demand[0];
    let mut dice = t.dice;
    dice.sort_unstable();
    for c in 0..3 {
        // demand 2 gets the highest die (index 2 of the ascending dice), 0 the lowest.
        assert_eq!(t.heights[c], start + d[c] + dice[usize::from(d[c])]);
    }
    finish_round(&mut st);
    // finish_round stopped at the start of round 2: the first player decides.
    assert_eq!(st.table().round, 1);
    assert_eq!(st.table().phase, Phase::Reroll);
    assert_eq!(st.actor(), Some(usize::from(st.table().order[0])));
    assert_eq!(moves(&st), vec![Move::KeepDice, Move::Reroll]);
    let before = st.table().dice;
    let mut rerolled = st.clone();
    play(&mut rerolled, Move::Reroll);
    assert_eq!(rerolled.table().phase, Phase::Turns, "only once");
    let start = st.cards().board.market_start[1];
    let d = rerolled.table().demand[1];
    let mut dice = rerolled.table().dice;
    dice.sort_unstable();
    for c in 0..3 {
        assert_eq!(
            rerolled.table().heights[c],
            start + d[c] + dice[usize::from(d[c])]
        );
    }
    play(&mut st, Move::KeepDice);
    assert_eq!(st.table().dice, before);
    assert_eq!(
        st.table().phase,
        Phase::Turns,
        "keeping the dice starts the turns"
    );
}

/// 7.1: "Place the Market Markers in the appropriate row according to the number of
/// players", and in solo at the solo icons (12.1.1): the authored board's starting heights
/// are 0, 1 and 2 for 2, 3 and 4 players and 1 solo (`market_start` in nijar.toml); each
/// marker then goes up by its column's demand and die.
#[test]
fn s7_1_the_markers_start_at_the_player_counts_height() {
    for (players, start) in [(2, 0u8), (3, 1), (4, 2), (1, 1)] {
        let st = started(players, 21);
        let t = st.table();
        let d = t.demand[0];
        let mut dice = t.dice;
        dice.sort_unstable();
        for c in 0..3 {
            let want = start + d[c] + dice[usize::from(d[c])];
            assert_eq!(t.heights[c], want, "{players} players, column {c}");
        }
    }
}

/// 7.1: "the First Player may choose to re-roll the Market Dice once and keep the new
/// result": re-rolling throws the three dice again. At the start of round 2 of six games the
/// re-rolled dice differ from the kept ones in some (the same three faces again every time
/// is about one chance in 10^10: 0.021 a game), and each time the markers follow the dice
/// kept.
#[test]
fn s7_1_a_reroll_throws_the_dice_again() {
    let mut changed = 0;
    for seed in 21..27 {
        let mut st = started(2, seed);
        finish_round(&mut st);
        assert_eq!(st.table().phase, Phase::Reroll);
        let before = st.table().dice;
        play(&mut st, Move::Reroll);
        let t = st.table();
        if t.dice != before {
            changed += 1;
        }
        let (d, mut dice) = (t.demand[1], t.dice);
        dice.sort_unstable();
        for c in 0..3 {
            // 2 players start at height 0 (`market_start`).
            assert_eq!(t.heights[c], d[c] + dice[usize::from(d[c])], "seed {seed}");
        }
    }
    assert!(changed > 0, "the re-rolls never changed the dice");
}

/// 7.1: the Market Dice are six-sided: every die rolled shows 1 to 6, and over forty games
/// every face turns up.
#[test]
fn s7_1_the_market_dice_show_one_to_six() {
    let mut faces = [false; 7];
    for seed in 0..40 {
        let st = started(2, seed);
        for d in st.table().dice {
            assert!((1..=6).contains(&d), "seed {seed}: die {d}");
            faces[usize::from(d)] = true;
        }
    }
    assert_eq!(faces, [false, true, true, true, true, true, true]);
}

/// 7.2.1.1: one more craftswoman than are there, never onto your own colour, the displaced
/// ones back to their owner; the row's action and the column's bonus once per craftswoman.
#[test]
fn s7_2_1_1_placing_craftswomen() {
    let mut st = started(2, 22);
    let a = st.actor().unwrap();
    let b = 1 - a;
    play(&mut st, Move::Place(5)); // middle row, column 1
    let m = moves(&st);
    // Middle row of the first-game layout: Play a Card, Fire, Paint; the column's bonus.
    assert!(m.contains(&Move::Done));
    play(&mut st, Move::Done);
    assert_eq!(st.actor(), Some(b));
    let own: Vec<Move> = moves(&st);
    assert!(own.contains(&Move::Place(5)));
    play(&mut st, Move::Place(5));
    assert_eq!(st.table().spaces[1][0].count, 2);
    assert_eq!(st.table().players[b].workers, 5);
    assert_eq!(
        st.table().players[a].workers,
        7,
        "returned and available again"
    );
    let frame = st.table().frames.last().unwrap();
    let bonus = st.table().columns[0];
    assert_eq!(frame.tasks.iter().filter(|&&t| t == bonus).count(), 2);
    play(&mut st, Move::Done);
    // Seat a now cannot go to column 1 of the middle row? It can: 3 onto b's 2.
    assert!(moves(&st).contains(&Move::Place(5)));
    st.table_mut().players[a].workers = 2;
    assert!(!moves(&st).contains(&Move::Place(5)), "needs 3 craftswomen");
    // Never onto your own colour.
    play(&mut st, Move::Place(0));
    play(&mut st, Move::Done);
    play(&mut st, Move::Special);
    play(&mut st, Move::Done);
    assert_eq!(st.actor(), Some(a));
    assert!(!moves(&st).contains(&Move::Place(0)));
}

/// 7.2.2: discarding an endgame card gives any main-board action.
#[test]
fn s7_2_2_discard_an_endgame_card_for_any_action() {
    let mut st = started(2, 23);
    let s = st.actor().unwrap();
    let e = st.table().players[s].hand.ids().find(|&c| c >= 80).unwrap();
    play(&mut st, Move::Discard((e - 80) as u8));
    assert!(!st.table().players[s].hand.has(e));
    let m = moves(&st);
    for x in [Move::AcquireBegin, Move::EspartoBegin, Move::Clay(0)] {
        assert!(m.contains(&x), "{x:?} offered");
    }
    assert!(
        !m.contains(&Move::Technology),
        "Technology is not a main-board tile"
    );
    // The others do not learn which card it was.
    let other = 1 - s;
    assert_eq!(st.table().known[e], 1 << s);
    let _ = other;
}

/// 7.2.4: only with no craftswoman; a bonus of the board but never the printed esparto;
/// 7.2.5: then only a bonus each turn; the round ends when every shop is closed and all
/// have had as many turns.
#[test]
fn s7_2_4_closing_the_shop_and_s7_2_5_bonus_turns() {
    let mut st = started(2, 24);
    let a = st.actor().unwrap();
    assert!(!moves(&st).contains(&Move::CloseShop));
    st.table_mut().players[a].workers = 0;
    let m = moves(&st);
    assert!(m.contains(&Move::CloseShop) && !m.contains(&Move::Special));
    play(&mut st, Move::CloseShop);
    let m = moves(&st);
    assert!(
        !m.iter().any(|x| matches!(x, Move::Esparto1(_))),
        "not the printed esparto"
    );
    assert!(m.contains(&Move::Done));
    play(&mut st, Move::Done);
    let b = st.actor().unwrap();
    assert_ne!(a, b);
    play(&mut st, Move::Special);
    play(&mut st, Move::Done);
    assert_eq!(st.actor(), Some(a));
    assert!(st.table().in_turn, "a closed shop's turn is a bonus");
    assert!(moves(&st)
        .iter()
        .all(|x| !matches!(x, Move::Place(_) | Move::Special | Move::Sell(_))));
    play(&mut st, Move::Done);
    // b closes: b is last in turn order and every shop is closed with equal turns.
    st.table_mut().players[b].workers = 0;
    play(&mut st, Move::CloseShop);
    play(&mut st, Move::Done);
    let next = st.table().phase;
    assert!(
        matches!(next, Phase::Endgame { .. } | Phase::Reroll),
        "{next:?}"
    );
}

/// 10.1–10.4: craftswomen 6 in round 2; endgame cards face-down, hidden from the others;
/// the turn order rebuilt from the right-hand track; the first-player token leftmost.
#[test]
fn s10_end_of_round() {
    let mut st = started(3, 25);
    // The last seat in turn order takes the first right-hand space.
    let order: Vec<u8> = st.table().order.iter().copied().collect();
    let last = usize::from(order[2]);
    st.table_mut().right[0] = last as u8;
    while !matches!(st.table().phase, Phase::Endgame { .. }) {
        let pick = first_legal(&st, &PASSING).unwrap();
        play(&mut st, pick);
    }
    let Phase::Endgame { k } = st.table().phase else {
        unreachable!()
    };
    let seat = usize::from(st.table().order[usize::from(k)]);
    let e = st.table().players[seat]
        .hand
        .ids()
        .find(|&c| c >= 80)
        .unwrap();
    let other = (seat + 1) % 3;
    let text = st.public_action_string(
        super::super::actions::encode(Move::PlayEndgame((e - 80) as u8)),
        Some(other),
    );
    assert!(!text.contains(st.cards().name(e)), "face-down: {text}");
    play(&mut st, Move::PlayEndgame((e - 80) as u8));
    // Held until every seat has chosen (10.2 is simultaneous).
    assert_eq!(st.table().players[seat].endgame_played.count_ones(), 0);
    while matches!(st.table().phase, Phase::Endgame { .. }) {
        play(&mut st, Move::NoEndgame);
    }
    assert_eq!(st.table().players[seat].endgame_played.count_ones(), 1);
    assert!(st.observation(other)["players_view"][seat]["endgame_played_cards"].is_null());
    let t = st.table();
    assert_eq!(t.round, 1);
    assert_eq!(&*t.order, &[order[2], order[0], order[1]]);
    assert_eq!(t.first_token, order[2]);
    assert!(t.right.iter().all(|&r| r == EMPTY));
    assert!(t.players.iter().all(|p| p.workers == 6 && !p.shop_closed));
}

/// 10 in the third round: "The End of the Game occurs after completing the End of Round
/// steps of the third round": 10.2 is still offered (a card played then scores), 10.4
/// still reorders the track and hands out the first-player token, then the game is over.
#[test]
fn s10_the_third_round_ends_with_every_end_of_round_step() {
    let mut st = started(2, 26);
    st.table_mut().round = 2;
    for p in st.table_mut().players.iter_mut() {
        p.workers = 5;
    }
    let order: Vec<u8> = st.table().order.iter().copied().collect();
    let second = usize::from(order[1]);
    st.table_mut().right[0] = second as u8;
    while !matches!(st.table().phase, Phase::Endgame { .. }) {
        let pick = first_legal_or_any(&st, &PASSING[..5]);
        play(&mut st, pick);
    }
    assert!(st.table().players.iter().all(|p| p.workers == 4));
    let Phase::Endgame { k } = st.table().phase else {
        unreachable!()
    };
    let seat = usize::from(st.table().order[usize::from(k)]);
    let e = st.table().players[seat]
        .hand
        .ids()
        .find(|&c| c >= 80)
        .unwrap();
    play(&mut st, Move::PlayEndgame((e - 80) as u8));
    while st.table().phase != Phase::Over {
        play(&mut st, Move::NoEndgame);
    }
    let t = st.table();
    assert_eq!(&*t.order, &[order[1], order[0]], "10.4 still applies");
    assert_eq!(t.first_token, order[1]);
    assert_eq!(t.players[seat].endgame_played.count_ones(), 1);
    let lines = st.explain_score(seat).lines;
    let cards = lines
        .iter()
        .find(|l| l.category.starts_with("11.2"))
        .unwrap();
    assert!(
        cards.detail.contains(st.cards().name(e)),
        "{}",
        cards.detail
    );
    let token = lines
        .iter()
        .find(|l| l.category.starts_with("11.5"))
        .unwrap();
    assert_eq!(token.points, if seat == second { 2 } else { 0 });
}

/// 11: remaining pieces 2/1, endgame cards by type (starting cards counted) and by piece
/// sold, the esparto set, -1 per crack, +2 first-player token, 1 per 5 resources; ties to
/// the leftmost on the turn order.
#[test]
fn s11_endgame_scoring_and_tiebreak() {
    let mut st = started(2, 26);
    let s = usize::from(st.table().order[1]);
    let t = st.table_mut();
    t.phase = Phase::Over;
    t.first_token = t.order[0];
    let p = &mut t.players[s];
    p.vp = [10, 0, 0, 0, 0];
    p.glaze_kilns[0].piece = 1; // 2 VP
    p.firing_kilns[0].piece = 1; // 1 VP
    p.sold = [2, 0, 0];
    p.cracks = 3;
    p.pg = 7;
    p.glaze = 2;
    p.clay = 1; // 10 resources: 2 VP
                // Endgame cards: firing kilns (1 card: 0 VP), plate merchant (2 sold + 2 in kilns = 4).
    let cards = st.cards().clone();
    let kiln_card = cards
        .endgame
        .iter()
        .position(|c| c.kind == super::super::data::EndgameKind::Cards(CardType::FiringKiln))
        .unwrap();
    let plate = cards
        .endgame
        .iter()
        .position(|c| c.kind == super::super::data::EndgameKind::Pieces(0))
        .unwrap();
    st.table_mut().players[s].endgame_played = (1 << kiln_card) | (1 << plate);
    let b = st.explain_score(s);
    let line = |name: &str| {
        b.lines
            .iter()
            .find(|l| l.category.starts_with(name))
            .unwrap()
            .points
    };
    assert_eq!(line("11.1"), 3);
    assert_eq!(line("11.2"), 4, "kilns 0 + plates 4");
    assert_eq!(line("11.3"), 0, "only the printed esparto card");
    assert_eq!(line("11.4"), -3);
    assert_eq!(line("11.5"), 0);
    assert_eq!(line("11.6"), 2);
    assert_eq!(b.total, 10 + 3 + 4 - 3 + 2);
    assert_eq!(st.score(s), 16);
    // Tie: the leftmost on the turn order wins.
    let other = usize::from(st.table().order[0]);
    let other_total = st.explain_score(other).total;
    let t = st.table_mut();
    t.players[s].vp[0] += other_total - 16;
    assert_eq!(st.score(s), st.score(other));
    assert_eq!(st.ranking()[0], other);
    let _ = Act::Clay;
}

/// 7.2.1.1: "Bonuses must be resolved before or after the Action and any subsequent Actions
/// triggered by it, not during": a card's side actions are finished before the bonus.
#[test]
fn s7_2_1_1_bonuses_never_during_the_triggered_actions() {
    let mut st = started(2, 27);
    let s = st.actor().unwrap();
    let kiln = super::first_of(CardType::FiringKiln);
    super::give(&mut st, s, kiln);
    st.table_mut().players[s].pg = 5;
    // Middle row of the first-game layout holds Play a Card; column 1's bonus.
    play(&mut st, Move::Place(5));
    let bonus = st.table().columns[0];
    play(&mut st, Move::PlayCard(kiln, 0));
    let sides = st.cards().buildings[usize::from(kiln) - 44].sides;
    let frames = &st.table().frames;
    assert_eq!(frames.len(), 2, "the sides form an inner group");
    assert_eq!(&*frames[1].tasks, &[sides[0] as u8, sides[1] as u8]);
    assert_eq!(&*frames[0].tasks, &[bonus], "the bonus waits outside");
    // Leaving the sides returns to the bonus.
    play(&mut st, Move::Done);
    assert_eq!(&*st.table().frames.last().unwrap().tasks, &[bonus]);
    let _ = Act::Clay;
}

/// 7.2.2: the discarded card is told to the others without its face.
#[test]
fn s7_2_2_a_discard_is_hidden_from_the_others() {
    let st = started(2, 28);
    let s = st.actor().unwrap();
    let e = st.table().players[s].hand.ids().find(|&c| c >= 80).unwrap();
    let a = super::super::actions::encode(Move::Discard((e - 80) as u8));
    let name = st.cards().name(e).to_string();
    assert!(st.public_action_string(a, Some(s)).contains(&name));
    assert!(!st.public_action_string(a, Some(1 - s)).contains(&name));
    assert!(!st.public_action_string(a, None).contains(&name));
}

/// 10.4 with gaps on the right-hand track: a marker on space k takes turn position k (the
/// reading Paula's example needs: alone on the second space she is "second in the next
/// round"), the others keep their order in the free positions. From [A, B, C, D], D on the
/// first space and B on the third give [D, A, B, C] (the literal "claimers first, the rest
/// shifted right" would give [D, B, A, C]).
#[test]
fn s10_4_gaps_on_the_right_hand_track() {
    let mut st = started(4, 71);
    let o: Vec<u8> = st.table().order.iter().copied().collect();
    let (a, b, c, d) = (o[0], o[1], o[2], o[3]);
    st.table_mut().right = [d, EMPTY, b, EMPTY];
    finish_round(&mut st);
    assert_eq!(&*st.table().order, &[d, a, b, c]);
}

/// 7.2.1.1: "The Action must be one of the three Actions located in the same row": one
/// action, so once a top-row action (first-game layout: Acquire, Clay, Throw) is done, none
/// of that row is offered again and only the column's bonus is left; likewise the bottom row
/// (Clean, Collect Esparto, First Player).
#[test]
fn s7_2_1_1_a_rows_action_is_used_up_in_the_top_and_bottom_rows() {
    for (space, act, opener) in [
        (0u8, Act::Clay, Move::Clay(0)),
        (10, Act::Esparto, Move::EspartoBegin),
    ] {
        let mut st = started(2, 24);
        let row = usize::from(space / 5);
        assert!(
            (0..3).any(|k| st.tile(row * 3 + k) == act),
            "{act:?} is in row {row}"
        );
        play(&mut st, Move::Place(space));
        let bonus = st.table().columns[0];
        play(&mut st, opener);
        // Collecting esparto goes on to one reward per card: take the first each time.
        while st.table().mode != super::super::state::Mode::Idle {
            let m = first_legal_or_any(&st, &[Move::Stop]);
            play(&mut st, m);
        }
        let frame = st.table().frames.last().unwrap();
        assert_eq!(
            &*frame.tasks,
            &[bonus],
            "space {space}: only the column's bonus is left"
        );
    }
}
