//! What each decision offers, listed in full: every choice the rulebook allows (up to the
//! last dollar of a budget, the last card of a supply), each set of choices once, and
//! nothing else. The other modules check what a choice does; these check the lists.

use serde_json::json;

use super::*;
use crate::sorcery::data::Icon;
use crate::sorcery::state::ids;

/// Puts the named projects into market spaces 0–5 (the cards they displace leave the game).
fn set_market(s: &mut SorceryState, names: [&str; 6]) {
    for (space, name) in names.into_iter().enumerate() {
        let id = proj(name);
        take_project(s, id);
        if s.t.market[space] != NONE {
            s.t.removed |= 1 << s.t.market[space];
        }
        s.t.market[space] = id as u8;
    }
}

/// Six $2 projects (Spectral Sight first), for a market where nothing costs $1.
const ALL_TWO_DOLLARS: [&str; 6] = [
    "Spectral Sight",
    "Crawling Claw",
    "Moonlit Ward",
    "Palm Reading",
    "Reanimate",
    "Bone Golem",
];

/// Leaves `candles` candles and `vials` vials in the market supply (the lowest ids).
fn set_supply(s: &mut SorceryState, candles: usize, vials: usize) {
    let keep = |set: u128, n: usize| ids(set).take(n).fold(0, |acc, m| acc | bit(m));
    s.t.stock = keep(s.cards.candles, candles) | keep(s.cards.vials, vials);
}

/// "D) Buy": "discard material cards from your hand with a total value at least as high as
/// the total price of the cards you wish to buy". With $5 in hand, every purchase whose
/// running total stays within $5 is offered — a total of exactly $5 too — and nothing
/// dearer; any order (a chosen space is not offered again, the others are); and the purchase
/// can be closed only once something is chosen.
#[test]
fn a_buy_offers_every_purchase_up_to_the_budget_once_and_closes_only_on_something() {
    let mut s = started(2, 14, json!({}));
    set_market(
        &mut s,
        [
            "Twitching Finger", // $1
            "Rattling Ribs",    // $1
            "Spectral Sight",   // $2
            "Crawling Claw",    // $2
            "Reanimate",        // $2
            "Bone Golem",       // $2
        ],
    );
    set_supply(&mut s, 12, 12);
    empty_hand(&mut s, 0);
    give(&mut s, 0, mat("Cursed Signet", 0)); // $5
    action_turn(&mut s, 0);
    act(&mut s, Move::Buy);
    let all_spaces: Vec<Move> = (0..6).map(Move::BuySpace).collect();
    let with = |spaces: &[Move], rest: &[Move]| [spaces, rest].concat();
    assert_eq!(
        legal_moves(&s),
        with(&all_spaces, &[Move::BuyCandle, Move::BuyVial]),
        "everything costs $5 or less; nothing chosen yet, so no closing"
    );
    act(&mut s, Move::BuySpace(1)); // $1 so far
    let but = |chosen: &[usize]| -> Vec<Move> {
        (0..6)
            .filter(|i| !chosen.contains(i))
            .map(Move::BuySpace)
            .collect()
    };
    assert_eq!(
        legal_moves(&s),
        with(&but(&[1]), &[Move::BuyCandle, Move::BuyVial, Move::BuyDone]),
        "$1 + $1 or $2 projects (space 0 too), a $2 candle, a $3 vial; space 1 not again"
    );
    act(&mut s, Move::BuySpace(2)); // $3
    assert_eq!(
        legal_moves(&s),
        with(&but(&[1, 2]), &[Move::BuyCandle, Move::BuyDone]),
        "$3 + $2 = $5 is within $5; a $3 vial is not"
    );
    act(&mut s, Move::BuySpace(3)); // $5
    assert_eq!(
        legal_moves(&s),
        vec![Move::BuyDone],
        "$5 spent: nothing more"
    );
}

/// "D) Buy" with stock: the supply is finite ("Place the Candle and Vial Stock Material cards
/// in separate stacks"): with two candles and one vial left, at most those are offered;
/// projects and stock in any order.
#[test]
fn a_buy_offers_stock_only_while_the_supply_has_it_and_in_one_order() {
    let mut s = started(2, 15, json!({}));
    set_market(
        &mut s,
        [
            "Twitching Finger",
            "Rattling Ribs",
            "Spectral Sight",
            "Crawling Claw",
            "Reanimate",
            "Bone Golem",
        ],
    );
    set_supply(&mut s, 2, 1);
    empty_hand(&mut s, 0);
    give(&mut s, 0, mat("Cursed Signet", 0));
    give(&mut s, 0, mat("Cursed Signet", 1)); // $10
    action_turn(&mut s, 0);
    act(&mut s, Move::Buy);
    let spaces: Vec<Move> = (0..6).map(Move::BuySpace).collect();
    act(&mut s, Move::BuyVial); // $3 of $10
    assert_eq!(
        legal_moves(&s),
        [&spaces[..], &[Move::BuyCandle, Move::BuyDone]].concat(),
        "after the one vial: every project and a candle (any order), no second vial"
    );
    act(&mut s, Move::BuyCandle); // $5
    act(&mut s, Move::BuyCandle); // $7
    assert_eq!(
        legal_moves(&s),
        [&spaces[..], &[Move::BuyDone]].concat(),
        "both candles chosen: none left to offer; $2 projects still within $10"
    );
    act(&mut s, Move::BuyDone);
    act(&mut s, Move::Pay(mat("Cursed Signet", 0)));
    act(&mut s, Move::Pay(mat("Cursed Signet", 1)));
    act(&mut s, Move::PayDone);
    let hand = s.t.players[0].hand;
    assert_eq!((hand & s.cards.candles).count_ones(), 2);
    assert_eq!((hand & s.cards.vials).count_ones(), 1);
    assert_eq!(s.t.stock, 0, "the supply is empty");
    // A vial alone is a purchase too.
    let mut s = started(2, 15, json!({}));
    empty_hand(&mut s, 0);
    give(&mut s, 0, mat("Cursed Signet", 0));
    action_turn(&mut s, 0);
    act(&mut s, Move::Buy);
    act(&mut s, Move::BuyVial);
    let after_vial = legal_moves(&s);
    assert!(
        after_vial.contains(&Move::BuyDone),
        "a vial alone closes a purchase"
    );
    assert!(
        after_vial.contains(&Move::BuyCandle),
        "$3 + a $2 candle is within $5"
    );
    assert!(!after_vial.contains(&Move::BuyVial), "no second vial ($6)");
}

/// "II. Commit Step": "You may commit up to two cards total across all of your projects" — in
/// any combination and any order: after a card every other fitting card is still offered,
/// and after two no third.
#[test]
fn commits_are_offered_in_any_order_up_to_the_limit() {
    let mut s = started(2, 42, json!({}));
    let finger = proj("Twitching Finger"); // Hand, Hand
    let ribs = proj("Rattling Ribs"); // Rib Cage, Limb
    s.t.players[0].projects.clear();
    give_project(&mut s, 0, finger);
    give_project(&mut s, 0, ribs);
    empty_hand(&mut s, 0);
    let hands = [mat("Severed Hand", 0), mat("Severed Hand", 1)];
    let femur = mat("Femur", 0);
    let ring = mat("Tarnished Ring", 0);
    for m in [hands[0], hands[1], femur, ring] {
        give(&mut s, 0, m);
    }
    let mut fitting = vec![hands[0], hands[1], femur];
    fitting.sort_unstable();
    s.t.phase = Phase::Commit { seat: 0 };
    s.t.turn = Turn {
        stage: Stage::Commit,
        limit: s.commit_limit(0),
        ..Turn::default()
    };
    let commits = |s: &SorceryState| -> Vec<usize> {
        legal_moves(s)
            .into_iter()
            .filter_map(|m| match m {
                Move::Commit(c) => Some(c),
                _ => None,
            })
            .collect()
    };
    assert_eq!(
        commits(&s),
        fitting,
        "every card with an open icon; not the Ring"
    );
    let (first, rest) = (fitting[1], fitting[2..].to_vec());
    act(&mut s, Move::Commit(first));
    let icon = if first == femur {
        Icon::Limb
    } else {
        Icon::Hand
    };
    let project = if first == femur { ribs } else { finger };
    act(
        &mut s,
        Move::CommitTo {
            project,
            icon: icon as usize,
        },
    );
    let others: Vec<usize> = fitting.iter().copied().filter(|&c| c != first).collect();
    assert_eq!(
        commits(&s),
        others,
        "every other fitting card, lower ones too"
    );
    assert_eq!(rest.len(), 1);
    let last = fitting[0];
    act(&mut s, Move::Commit(last));
    let (project, icon) = if last == femur {
        (ribs, Icon::Limb)
    } else {
        (finger, Icon::Hand)
    };
    act(
        &mut s,
        Move::CommitTo {
            project,
            icon: icon as usize,
        },
    );
    assert_eq!(legal_moves(&s), vec![Move::Stop], "two commits, no third");
}

/// The staff ("follow the instructions on the staff card") is offered only where it can do
/// something: Bone Staff fills a Limb, Rib Cage or Skull, so a seat whose only open icons are
/// Hands is not offered it, while Fungal Staff (Mushroom or Hand) is.
#[test]
fn a_fill_staff_is_offered_only_for_an_open_icon_it_fills() {
    for (name, offered) in [("Bone Staff", false), ("Fungal Staff", true)] {
        let mut s = started(2, 84, json!({"staffs": true}));
        s.t.players[0].projects.clear();
        give_project(&mut s, 0, proj("Twitching Finger")); // Hand, Hand
        give_staff(&mut s, 0, name);
        action_turn(&mut s, 0);
        assert_eq!(
            legal_moves(&s).contains(&Move::UseStaff),
            offered,
            "{name} with only Hand icons open"
        );
    }
    // A filled icon is not open: Crawling Claw's Hand holds a card, so Fungal Staff fills
    // only Tea Leaves' Mushroom.
    let mut s = started(2, 84, json!({"staffs": true}));
    s.t.players[0].projects.clear();
    let (claw, tea) = (proj("Crawling Claw"), proj("Tea Leaves")); // Hand, Limb; Mushroom, Candle
    give_project(&mut s, 0, claw);
    give_project(&mut s, 0, tea);
    let hand = mat("Severed Hand", 0);
    take_material(&mut s, hand);
    s.t.players[0].projects[0].slots[0] = hand as u8;
    give_staff(&mut s, 0, "Fungal Staff");
    action_turn(&mut s, 0);
    act(&mut s, Move::UseStaff);
    assert_eq!(
        legal_moves(&s),
        vec![Move::Fill {
            project: tea,
            icon: Icon::Mushroom as usize
        }]
    );
}

/// Staff of Purity removes demerit tokens: it is offered only when one of the seat's
/// projects, in progress or completed, has one — not for a completed project without any.
#[test]
fn a_demerit_removing_staff_is_offered_only_where_a_demerit_is() {
    let mut s = started(2, 85, json!({"staffs": true}));
    s.t.players[0].projects.clear();
    give_project(&mut s, 0, proj("Twitching Finger"));
    give_completed(&mut s, 0, proj("Rattling Ribs"));
    give_staff(&mut s, 0, "Staff of Purity");
    action_turn(&mut s, 0);
    assert!(
        !legal_moves(&s).contains(&Move::UseStaff),
        "no demerit anywhere"
    );
    s.t.players[0].completed[0].demerits = 1;
    assert!(
        legal_moves(&s).contains(&Move::UseStaff),
        "a completed project's demerit"
    );
    s.t.players[0].completed[0].demerits = 0;
    s.t.players[0].projects[0].demerits = 1;
    assert!(
        legal_moves(&s).contains(&Move::UseStaff),
        "a demerit in progress"
    );
}

/// Solo Mode: "you may spend $1 to remove two projects from the Market ... as many times as
/// you would like". A pair is chosen first space, then a later one, so the last filled space
/// never opens a pair; a clear is offered only while the hand can pay one more dollar; and
/// once the clears are paid for, the buy may close with them alone.
#[test]
fn solo_clears_are_offered_as_pairs_while_a_dollar_is_left() {
    let mut s = started(1, 86, json!({}));
    empty_hand(&mut s, 0);
    give(&mut s, 0, mat("Tarnished Ring", 0)); // $2
    action_turn(&mut s, 0);
    assert!(s.t.market.iter().all(|&c| c != NONE), "a full market");
    act(&mut s, Move::Buy);
    let clears = |r: std::ops::Range<usize>| -> Vec<Move> { r.map(Move::Clear).collect() };
    assert_eq!(
        legal_moves(&s),
        [clears(0..5), vec![Move::ClearDone]].concat(),
        "a pair starts at spaces 0-4 (space 5 has no later space)"
    );
    act(&mut s, Move::Clear(2));
    assert_eq!(
        legal_moves(&s),
        clears(3..6),
        "the second space is a later one"
    );
    act(&mut s, Move::Clear(5));
    assert_eq!(s.t.turn.price, 1);
    act(&mut s, Move::Clear(0));
    act(&mut s, Move::Clear(1));
    assert_eq!(s.t.turn.price, 2);
    assert_eq!(
        legal_moves(&s),
        vec![Move::ClearDone],
        "$2 in hand, $2 spent: no third clear"
    );
    act(&mut s, Move::ClearDone);
    assert_eq!(
        legal_moves(&s),
        vec![Move::BuyDone],
        "nothing left to spend; the clears alone are a buy"
    );
}

/// "On your turn you must take one of the following actions": Buy only when the hand can pay
/// for something ("a total value at least as high as the total price"): a project, a candle
/// or a vial; in Solo Mode a $1 clear of two projects is something too.
#[test]
fn buy_is_offered_only_when_the_hand_can_pay_for_something() {
    // Whether Buy is offered to seat 0 with the market `arrange` leaves, `candles` candles
    // and `vials` vials in the supply, and `hand` in its hand.
    let offers = |players: usize,
                  arrange: &dyn Fn(&mut SorceryState),
                  (candles, vials): (usize, usize),
                  hand: &[usize]| {
        let mut s = started(players, 16, json!({}));
        arrange(&mut s);
        set_supply(&mut s, candles, vials);
        empty_hand(&mut s, 0);
        for &m in hand {
            give(&mut s, 0, m);
        }
        action_turn(&mut s, 0);
        legal_moves(&s).contains(&Move::Buy)
    };
    let offers_buy = |players: usize, market: [&str; 6], hand: &[usize]| {
        // candles $2, vials $3
        offers(players, &|s| set_market(s, market), (12, 12), hand)
    };
    let one_dollar = [mat("Severed Hand", 0)];
    assert!(
        !offers_buy(2, ALL_TWO_DOLLARS, &[]),
        "an empty hand buys nothing"
    );
    assert!(
        !offers_buy(2, ALL_TWO_DOLLARS, &one_dollar),
        "$1: every project is $2, a candle $2, a vial $3"
    );
    let mut one_cheap = ALL_TWO_DOLLARS;
    one_cheap[3] = "Twitching Finger"; // $1
    assert!(
        offers_buy(2, one_cheap, &one_dollar),
        "$1 buys the $1 project"
    );
    assert!(
        offers_buy(1, ALL_TWO_DOLLARS, &one_dollar),
        "solo: $1 pays for a clear"
    );
    // Stock alone: with the market's projects all dearer than the hand, $2 buys only a
    // candle ($2), never a vial ($3), and $3 buys a vial when no candle is left.
    let dear_market = |s: &mut SorceryState| {
        set_market(s, ALL_TWO_DOLLARS);
        // Three $4 projects, the other spaces empty.
        for (space, name) in ["Lich Transformation", "Philosopher's Stone", "Abyssal Gate"]
            .into_iter()
            .enumerate()
        {
            let id = proj(name);
            take_project(s, id);
            s.t.removed |= 1 << s.t.market[space];
            s.t.market[space] = id as u8;
        }
        for space in 3..6 {
            s.t.removed |= 1 << s.t.market[space];
            s.t.market[space] = NONE;
        }
    };
    let offers_stock_buy = |candles: usize, vials: usize, hand: &[usize]| {
        offers(2, &dear_market, (candles, vials), hand)
    };
    let two_dollars = [mat("Tarnished Ring", 0)];
    let three_dollars = [mat("Tarnished Ring", 0), mat("Severed Hand", 0)];
    assert!(offers_stock_buy(12, 12, &two_dollars), "$2 buys a candle");
    assert!(
        !offers_stock_buy(0, 12, &two_dollars),
        "$2 buys no vial ($3)"
    );
    assert!(offers_stock_buy(0, 12, &three_dollars), "$3 buys a vial");
    assert!(
        !offers_stock_buy(0, 0, &three_dollars),
        "$3 buys none of the $4 projects"
    );
}

/// Solo Mode: with $1 and nothing priced $1, the buy is a clear or nothing, so closing is
/// offered only once a clear is paid for; the clear dealt new projects, which may be bought
/// ("You may buy the new projects, if you wish").
#[test]
fn a_solo_buy_with_nothing_affordable_must_clear_before_it_can_close() {
    let mut s = started(1, 17, json!({}));
    set_market(&mut s, ALL_TWO_DOLLARS);
    set_supply(&mut s, 12, 12);
    empty_hand(&mut s, 0);
    give(&mut s, 0, mat("Severed Hand", 0)); // $1
    action_turn(&mut s, 0);
    act(&mut s, Move::Buy);
    assert_eq!(
        legal_moves(&s),
        (0..5).map(Move::Clear).collect::<Vec<_>>(),
        "only clears: nothing costs $1"
    );
    act(&mut s, Move::Clear(0));
    act(&mut s, Move::Clear(1));
    assert_eq!(
        legal_moves(&s),
        vec![Move::ClearDone],
        "$1 spent on the clear"
    );
}

/// "You may not commit a card to a project if there is no matching icon on the project
/// card": a Withered Hand (Hand or Limb) is offered exactly as Twitching Finger's Hand and
/// Counting Bones' Limb, not as a Limb of the first nor a Hand of the second.
#[test]
fn a_card_is_offered_only_for_the_matching_open_icons_of_each_project() {
    let mut s = started(2, 43, json!({}));
    let (finger, bones) = (proj("Twitching Finger"), proj("Counting Bones"));
    s.t.players[0].projects.clear();
    give_project(&mut s, 0, finger); // Hand, Hand
    give_project(&mut s, 0, bones); // Limb, Limb, Skull
    let withered = mat("Withered Hand", 0);
    give(&mut s, 0, withered);
    s.t.phase = Phase::Commit { seat: 0 };
    s.t.turn = Turn {
        stage: Stage::Commit,
        limit: s.commit_limit(0),
        ..Turn::default()
    };
    act(&mut s, Move::Commit(withered));
    let mut expected = vec![
        Move::CommitTo {
            project: finger,
            icon: Icon::Hand as usize,
        },
        Move::CommitTo {
            project: bones,
            icon: Icon::Limb as usize,
        },
    ];
    let mut offered = legal_moves(&s);
    let key = |m: &Move| format!("{m:?}");
    expected.sort_by_key(key);
    offered.sort_by_key(key);
    assert_eq!(offered, expected);
}

/// "There is no limit on the number of projects you may have in front of you": Staff of
/// Praise ("add an extra credit token to one of your projects") is offered for each of nine
/// projects, in progress and completed.
#[test]
fn a_credit_staff_is_offered_for_every_project_however_many() {
    let mut s = started(2, 86, json!({"staffs": true}));
    s.t.players[0].projects.clear();
    let in_progress = [
        "Twitching Finger",
        "Rattling Ribs",
        "Crawling Claw",
        "Tea Leaves",
        "Counting Bones",
    ];
    let done = [
        "Salt and Sulfur",
        "Brass Knuckles",
        "Palm Reading",
        "Lucky Numbers",
    ];
    for name in in_progress {
        give_project(&mut s, 0, proj(name));
    }
    for name in done {
        give_completed(&mut s, 0, proj(name));
    }
    give_staff(&mut s, 0, "Staff of Praise");
    action_turn(&mut s, 0);
    act(&mut s, Move::UseStaff);
    let mut expected: Vec<usize> = in_progress.iter().chain(&done).map(|n| proj(n)).collect();
    expected.sort_unstable();
    let offered: Vec<usize> = legal_moves(&s)
        .into_iter()
        .map(|m| match m {
            Move::TokenProject(card) => card,
            other => panic!("only projects are offered, not {other:?}"),
        })
        .collect();
    assert_eq!(offered, expected);
}

/// "C) Dig", after the three piles: "Take the top card of the grave deck" — with the deck
/// empty it is still offered while the discard has grave cards ("shuffle the discard pile of
/// grave cards ... to create a new face-down grave deck"), and not once both are empty.
#[test]
fn the_top_card_is_offered_from_an_empty_deck_while_the_discard_has_grave_cards() {
    let mut s = started(2, 24, json!({}));
    seat_1_digs_through_every_pile(&mut s);
    let deck: Vec<usize> = s.t.grave_deck.iter().map(|&c| usize::from(c)).collect();
    s.t.grave_deck.clear();
    let mut discarded = 0;
    for c in deck {
        s.discard_card(c);
        discarded |= bit(c);
    }
    assert!(
        legal_moves(&s).contains(&Move::DigTop),
        "the discard has grave cards"
    );
    let mut t = s.clone();
    t.t.discard &= !SorceryState::graves();
    assert!(
        !legal_moves(&t).contains(&Move::DigTop),
        "no grave card anywhere to draw"
    );
    act(&mut s, Move::DigTop);
    assert_eq!(
        (s.t.players[1].hand & discarded).count_ones(),
        1,
        "one of the discarded cards, reshuffled"
    );
}

/// Staff of Praise ("add_credits", one token on one of your projects) has a target as soon as
/// the seat has one project, in progress or completed: it is offered with only projects in
/// progress, with only completed ones, and not with none.
#[test]
fn a_credit_staff_is_offered_with_a_project_in_progress_or_completed() {
    for (in_progress, done, offered) in [
        (true, false, true),
        (false, true, true),
        (false, false, false),
    ] {
        let mut s = started(2, 86, json!({"staffs": true}));
        s.t.players[0].projects.clear();
        if in_progress {
            give_project(&mut s, 0, proj("Tea Leaves"));
        }
        if done {
            give_completed(&mut s, 0, proj("Palm Reading"));
        }
        give_staff(&mut s, 0, "Staff of Praise");
        action_turn(&mut s, 0);
        assert_eq!(
            legal_moves(&s).contains(&Move::UseStaff),
            offered,
            "in progress {in_progress}, completed {done}"
        );
    }
}

/// A project action that draws grave cards (Palm Reading: draw_grave, 2 cards) is offered
/// only while there is something to draw: the grave deck, or a discard with grave cards to
/// reshuffle into it. With both empty it would do nothing, and is not offered.
#[test]
fn a_draw_action_is_offered_only_while_a_grave_card_can_be_drawn() {
    let mut s = started(2, 61, json!({}));
    let palm = proj("Palm Reading");
    give_completed(&mut s, 0, palm);
    // Every grave card of the deck and the discard goes to seat 1's hand.
    let deck: Vec<usize> = s.t.grave_deck.iter().map(|&c| usize::from(c)).collect();
    for m in deck.into_iter().chain(ids(s.t.discard)) {
        give(&mut s, 1, m);
    }
    assert!(s.t.grave_deck.is_empty() && s.t.discard == 0);
    action_turn(&mut s, 0);
    assert!(
        !legal_moves(&s).contains(&Move::Ability(palm)),
        "nothing to draw"
    );
    // One grave card in the discard: it would be reshuffled and drawn.
    let m = ids(s.t.players[1].hand)
        .find(|&m| m < crate::sorcery::data::NUM_GRAVE)
        .unwrap();
    take_material(&mut s, m);
    s.t.discard |= bit(m);
    assert!(legal_moves(&s).contains(&Move::Ability(palm)));
}

/// Seat 0 at the start of a buy, in a game on the card file `text` (after `arrange`), with a
/// Cursed Signet ($5) alone in hand; and the Signet's id.
fn buying_on_cards(text: &str, arrange: impl Fn(&mut SorceryState)) -> (SorceryState, usize) {
    let mut s = past_setup(game_with_cards(2, 16, json!({}), text).unwrap());
    arrange(&mut s);
    empty_hand(&mut s, 0);
    let signet = mat("Cursed Signet", 0);
    give(&mut s, 0, signet); // $5
    action_turn(&mut s, 0);
    act(&mut s, Move::Buy);
    (s, signet)
}

/// Closes a buy of a $0 `what` alone: it costs $0, it is something bought (the buy may be
/// closed), and the Signet stays in hand (nothing paid).
fn close_free_buy(s: &mut SorceryState, signet: usize, what: &str) {
    assert_eq!(s.t.turn.price, 0);
    assert!(
        legal_moves(s).contains(&Move::BuyDone),
        "a $0 {what} is something bought: {:?}",
        legal_moves(s)
    );
    act(s, Move::BuyDone);
    act(s, Move::PayDone);
    assert!(s.t.players[0].hand & bit(signet) != 0, "nothing paid");
}

/// "D) Buy": "buy any number of projects" — one project is a purchase, whatever its price:
/// on a card file where Spectral Sight costs $0, a buy of it alone can be closed and nothing
/// is paid.
#[test]
fn a_buy_of_a_free_project_alone_can_be_closed_and_costs_nothing() {
    let text = crate::sorcery::data::DEFAULT_CARDS_TOML.replacen(
        "name = \"Spectral Sight\"\ndepartment = \"sorcery\"\nlevel = 100\nplayers = [1, 2, 3, 4]\ncost = 2",
        "name = \"Spectral Sight\"\ndepartment = \"sorcery\"\nlevel = 100\nplayers = [1, 2, 3, 4]\ncost = 0",
        1,
    );
    let (mut s, signet) = buying_on_cards(&text, |s| set_market(s, ALL_TWO_DOLLARS));
    let sight = proj("Spectral Sight");
    assert_eq!(s.cards.project_costs[sight], 0);
    act(&mut s, Move::BuySpace(0));
    close_free_buy(&mut s, signet, "project");
    assert!(s.t.players[0]
        .projects
        .iter()
        .any(|w| usize::from(w.card) == sight));
}

/// "D) Buy": "buy any number of projects and stock". The card file lets a stack have any
/// one price, $0 too: with candles worth $0, a buy of a candle alone is something bought and
/// can be closed, though its price is $0, and nothing need be paid for it.
#[test]
fn a_buy_of_free_stock_alone_can_be_closed_and_costs_nothing() {
    let text = crate::sorcery::data::DEFAULT_CARDS_TOML.replace(
        "kind = \"candle\"\nvalue = 2",
        "kind = \"candle\"\nvalue = 0",
    );
    let (mut s, signet) = buying_on_cards(&text, |_| {});
    assert_eq!(s.stock_price(true), 0);
    assert!(
        !legal_moves(&s).contains(&Move::BuyDone),
        "nothing chosen yet"
    );
    act(&mut s, Move::BuyCandle);
    close_free_buy(&mut s, signet, "candle");
    let hand = s.t.players[0].hand;
    assert_eq!(ids(hand & s.cards.candles).count(), 1, "the candle taken");
}
