//! "Advance the Moon", "End of Month", "Update the Market", the staff's month, "End of Game"
//! and the tiebreaker.

use serde_json::json;

use super::*;
use crate::sorcery::state::Done;

/// Plays the rest of the current week with every seat cramming nothing.
fn pass_week(s: &mut SorceryState) {
    let month = s.t.month;
    let week = s.t.week;
    let mut steps = 0;
    while s.t.week == week && s.t.month == month && !s.is_terminal() {
        count_move(&mut steps);
        match s.t.turn.stage {
            Stage::Choose => act(s, Move::Cram),
            Stage::AfterAction | Stage::Complete => act(s, Move::EndTurn),
            _ => act(s, Move::Stop),
        }
    }
}

#[test]
fn four_weeks_make_a_month_and_the_month_end_updates_the_table() {
    let mut s = started(3, 61, json!({"staffs": true}));
    let market = s.t.market;
    let piles: Vec<u32> = s.t.piles.iter().map(|p| p.count_ones()).collect();
    s.t.players[1].staff_used = true;
    for _ in 0..3 {
        pass_week(&mut s);
        assert_eq!(s.t.month, 0);
    }
    assert_eq!(s.t.week, 3, "the New Moon");
    pass_week(&mut s);
    assert_eq!((s.t.month, s.t.week), (1, 0));
    assert_eq!(s.t.first, 1, "the first player token passes clockwise");
    assert_eq!(s.t.phase, Phase::Action { seat: 1 });
    let now: Vec<u32> = s.t.piles.iter().map(|p| p.count_ones()).collect();
    assert_eq!(now, piles.iter().map(|p| p + 1).collect::<Vec<_>>());
    // Left column to the bottom, shift left, new 200s on the right in month 2.
    assert_eq!(&s.t.market[..4], &market[2..]);
    assert!(s.t.market[4..]
        .iter()
        .all(|&c| s.proj(usize::from(c)).level == 200));
    assert_eq!(s.t.decks[0][0], market[1]);
    assert_eq!(s.t.decks[0][1], market[0]);
    assert!(
        !s.t.players[1].staff_used,
        "staffs refresh after the market update"
    );
    assert_valid(&s);
}

#[test]
fn months_three_and_four_bring_300_level_projects_and_the_game_ends_after_month_four() {
    let mut s = started(2, 62, json!({}));
    for month in 0..4 {
        for _ in 0..4 {
            if month == 3 && s.t.week == 3 {
                break;
            }
            pass_week(&mut s);
        }
        if (1..3).contains(&month) {
            assert!(s.t.market[4..]
                .iter()
                .all(|&c| s.proj(usize::from(c)).level == 300));
        }
    }
    assert_eq!((s.t.month, s.t.week), (3, 3));
    pass_week(&mut s);
    assert!(s.is_terminal());
    // Setup (thesis and project for 2 seats), then 16 weeks of a cram (2 decisions) and a
    // commit step (1) per seat.
    assert_eq!(s.t.history.len(), 4 + 16 * 2 * 3);
}

#[test]
fn staff_is_used_once_a_month_in_the_action_or_commit_step() {
    let mut s = started(2, 63, json!({"staffs": true}));
    let haste = CardSet::default_set()
        .staffs
        .iter()
        .position(|x| x.name == "Staff of Haste")
        .unwrap();
    let digging = CardSet::default_set()
        .staffs
        .iter()
        .position(|x| x.name == "Staff of Digging")
        .unwrap();
    s.t.players[0].staff = digging as u8;
    s.t.players[0].staff_offer = [digging as u8, haste as u8];
    action_turn(&mut s, 0);
    let hand = s.t.players[0].hand.count_ones();
    act(&mut s, Move::UseStaff);
    assert_eq!(s.t.players[0].hand.count_ones(), hand + 2);
    assert_eq!(s.t.turn.stage, Stage::Choose, "then the week's action");
    assert!(
        !legal_moves(&s).contains(&Move::UseStaff),
        "face-down until the month ends"
    );
    // A commit-step staff: one more commit.
    s.t.players[1].staff = haste as u8;
    s.t.players[1].staff_offer = [haste as u8, digging as u8];
    s.t.phase = Phase::Commit { seat: 1 };
    s.t.turn = Turn {
        stage: Stage::Commit,
        limit: 2,
        ..Turn::default()
    };
    act(&mut s, Move::UseStaff);
    assert_eq!(s.t.turn.limit, 3);
}

#[test]
fn final_score_adds_thesis_projects_and_one_credit_per_eight_dollars() {
    let mut s = started(2, 64, json!({}));
    let set = CardSet::default_set();
    let thesis = set
        .theses
        .iter()
        .position(|t| t.name == "Steady Progress")
        .unwrap(); // 5 projects, 3 credits
    s.t.players[0].thesis = thesis as u8;
    s.t.players[0].thesis_offer[0] = thesis as u8;
    empty_hand(&mut s, 0);
    for name in [
        "Tea Leaves",
        "Brass Knuckles",
        "Counting Bones",
        "Rattling Ribs",
        "Salt and Sulfur",
    ] {
        give_completed(&mut s, 0, proj(name));
    }
    // 3 + 2 + 3 + 3 + 2 = 13 credits; one with a demerit.
    s.t.players[0].completed[0].demerits = 1;
    // $17 of materials: 2 credits. A research grant is not a material.
    for m in [
        mat("Cursed Signet", 0),
        mat("Cursed Signet", 1),
        mat("Full Skeleton", 0),
        mat("Wedding Band", 0),
        mat("Femur", 0),
    ] {
        give(&mut s, 0, m);
    }
    give(&mut s, 0, crate::sorcery::data::FIRST_GRANT);
    // Tokens on an incomplete project are not counted.
    if let Some(w) = s.t.players[0].projects.first_mut() {
        w.credits = 3;
    }
    assert_eq!(s.unused_material_value(0), 17);
    assert_eq!(s.score(0), 3 + (13 - 1) + 2);
    let b = s.explain_score(0);
    assert_eq!(b.total, s.score(0));
    assert_eq!(b.lines.iter().map(|l| l.points).sum::<i32>(), b.total);
    assert_eq!(b.lines[0].points, 3);
    // Not met with four projects.
    s.t.players[0].completed.pop();
    assert_eq!(s.explain_score(0).lines[0].points, 0);
}

/// The score lines word what they count as the board does: a completed project "Name 3cr"
/// with its "+N -N" tokens, only the terms that are there, one and many apart.
#[test]
fn the_score_lines_name_only_what_is_there() {
    let mut s = started(2, 64, json!({}));
    empty_hand(&mut s, 0);
    for q in 0..s.t.players[0].projects.len() {
        s.t.players[0].projects[q].credits = 0;
    }
    give_completed(&mut s, 0, proj("Tea Leaves"));
    give_completed(&mut s, 0, proj("Rattling Ribs"));
    give_completed(&mut s, 0, proj("Salt and Sulfur")); // 2 credits
    let done = &mut s.t.players[0].completed;
    (done[0].credits, done[0].demerits) = (1, 1);
    done[1].credits = 2;
    done[2].demerits = 1;
    let detail = |s: &SorceryState, category: &str| {
        let b = s.explain_score(0);
        b.lines
            .iter()
            .find(|l| l.category == category)
            .map(|l| l.detail.clone())
    };
    assert_eq!(
        detail(&s, "Completed projects").unwrap(),
        "Tea Leaves 3cr +1 -1, Rattling Ribs 3cr +2, Salt and Sulfur 2cr -1"
    );
    assert_eq!(
        detail(&s, "Physical Education").unwrap(),
        "no unused materials (in hand or under incomplete projects)"
    );
    assert_eq!(detail(&s, "Tokens on incomplete projects"), None);
    s.t.players[0].projects[0].demerits = 1;
    assert_eq!(
        detail(&s, "Tokens on incomplete projects").unwrap(),
        "1 token not counted"
    );
    s.t.players[0].projects[0].credits = 1;
    assert_eq!(
        detail(&s, "Tokens on incomplete projects").unwrap(),
        "2 tokens not counted"
    );
    give(&mut s, 0, mat("Femur", 0));
    assert_eq!(
        detail(&s, "Physical Education").unwrap(),
        "$1 of unused materials (in hand and under incomplete projects), 1 credit per $8"
    );
}

#[test]
fn ties_go_to_the_largest_value_of_grave_cards_in_hand_then_the_lower_seat() {
    let mut s = started(3, 65, json!({"theses": "none"}));
    for q in 0..3 {
        empty_hand(&mut s, q);
    }
    give(&mut s, 1, mat("Femur", 0));
    give(&mut s, 2, mat("Tarnished Ring", 0));
    // Equal scores (0); seat 2's grave cards are worth $2, seat 1's $1, seat 0's nothing.
    assert_eq!(s.final_ranking().to_vec(), vec![2, 1, 0]);
    give(&mut s, 1, mat("Femur", 1));
    assert_eq!(
        s.final_ranking().to_vec(),
        vec![1, 2, 0],
        "equal $2: the lower seat"
    );
}

#[test]
fn every_thesis_condition_kind_is_checked_as_written() {
    use crate::sorcery::data::{Condition, Department, Icon};
    let mut s = started(2, 66, json!({"theses": "none"}));
    empty_hand(&mut s, 0);
    let add = |s: &mut SorceryState, name: &str, credits: u8, demerits: u8| {
        let id = proj(name);
        take_project(s, id);
        s.t.players[0].completed.push(Done {
            card: id as u8,
            credits,
            demerits,
            week: 1,
        });
    };
    let met = |s: &SorceryState, c: Condition| s.condition_met(0, &c);
    add(&mut s, "Panacea", 0, 0); // alchemy 300: vial mushroom mushroom hand candle
    add(&mut s, "Homunculus", 1, 0); // alchemy 300: vial rib cage mushroom limb
    assert!(
        met(&s, Condition::Projects { count: 2 }) && !met(&s, Condition::Projects { count: 3 })
    );
    assert!(met(
        &s,
        Condition::Department {
            department: Department::Alchemy,
            count: 2
        }
    ));
    assert!(!met(
        &s,
        Condition::Department {
            department: Department::Sorcery,
            count: 1
        }
    ));
    assert!(met(
        &s,
        Condition::Level {
            level: 300,
            count: 2
        }
    ));
    assert!(!met(
        &s,
        Condition::Level {
            level: 200,
            count: 1
        }
    ));
    assert!(met(
        &s,
        Condition::Icon {
            icon: Icon::Mushroom,
            count: 2
        }
    ));
    assert!(!met(
        &s,
        Condition::Icon {
            icon: Icon::Limb,
            count: 2
        }
    ));
    assert!(
        met(&s, Condition::CreditTokens { count: 1 })
            && !met(&s, Condition::CreditTokens { count: 2 })
    );
    assert!(met(&s, Condition::NoDemerits { count: 2 }));
    s.t.players[0].completed[0].demerits = 1;
    assert!(
        !met(&s, Condition::NoDemerits { count: 2 }),
        "a demerit on any completed project"
    );
    give(&mut s, 0, mat("Cursed Signet", 0));
    give(&mut s, 0, crate::sorcery::data::FIRST_GRANT);
    assert!(met(&s, Condition::Materials { amount: 5 }));
    assert!(
        !met(&s, Condition::Materials { amount: 6 }),
        "the grant is not a material"
    );
}

/// "whoever has the largest total of values on grave cards in their hand": Candles, Vials
/// (stock) and the Research Grant do not count. Seat 0 holds a Candle, a Vial and its grant
/// ($10, none of it grave cards), seat 1 a $1 Femur; every score is 0.
#[test]
fn the_tiebreak_counts_grave_cards_only() {
    let mut s = started(3, 95, json!({"theses": "none"}));
    for q in 0..3 {
        empty_hand(&mut s, q);
    }
    let (candle, vial) = (
        s.cards.candles.trailing_zeros() as usize,
        s.cards.vials.trailing_zeros() as usize,
    );
    give(&mut s, 0, candle);
    give(&mut s, 0, vial);
    give(&mut s, 0, crate::sorcery::data::FIRST_GRANT);
    give(&mut s, 1, mat("Femur", 0));
    assert_eq!(s.value_of(s.t.players[0].hand), 2 + 3 + 5);
    assert_eq!([s.score(0), s.score(1), s.score(2)], [0, 0, 0]);
    assert_eq!([s.grave_value_in_hand(0), s.grave_value_in_hand(1)], [0, 1]);
    assert_eq!(s.final_ranking().to_vec(), vec![1, 0, 2]);
}

/// Physical Education: "every $8 worth of unused materials counts for 1 credit" and "Extra
/// credit and demerit tokens on incomplete projects are not counted": the materials under a
/// project never completed are unused too (its tokens are not counted); an icon an ability
/// filled holds no material.
#[test]
fn materials_under_an_incomplete_project_count_as_unused() {
    let mut s = started(2, 98, json!({"theses": "none"}));
    empty_hand(&mut s, 0);
    let rift = proj("Minor Rift"); // Ring, Mushroom
    give_project(&mut s, 0, rift);
    let signet = mat("Cursed Signet", 0); // $5, Ring
    take_material(&mut s, signet);
    let w = s.t.players[0]
        .projects
        .iter_mut()
        .find(|w| usize::from(w.card) == rift)
        .unwrap();
    w.slots[0] = signet as u8;
    w.credits = 2;
    give(&mut s, 0, mat("Wedding Band", 0)); // $3 in hand
    assert_eq!(s.unused_material_value(0), 5 + 3);
    assert_eq!(
        s.score(0),
        1,
        "$8: one credit, and no token of the incomplete project"
    );
    // A free fill (Crawling Claw) is no material.
    let w = s.t.players[0]
        .projects
        .iter_mut()
        .find(|w| usize::from(w.card) == rift)
        .unwrap();
    w.slots[0] = crate::sorcery::state::FILLED_FREE;
    assert_eq!(s.unused_material_value(0), 3);
}

/// "There are two types of materials" (grave and stock cards): no seat's research grant is
/// one. Each of four seats holding only its own grant ($5) has no unused materials, and a
/// $1 Femur beside it counts $1.
#[test]
fn no_seats_research_grant_counts_as_an_unused_material() {
    let mut s = started(4, 99, json!({"theses": "none"}));
    for seat in 0..4 {
        empty_hand(&mut s, seat);
        s.t.players[seat].projects.clear();
        give(&mut s, seat, crate::sorcery::data::FIRST_GRANT + seat);
        assert_eq!(s.unused_material_value(seat), 0, "seat {seat}'s grant");
        give(&mut s, seat, mat("Femur", seat));
        assert_eq!(
            s.unused_material_value(seat),
            1,
            "seat {seat}'s grant and femur"
        );
    }
}

/// A thesis condition reads as English: a count of 1 is singular ("complete 1 divination
/// project"), any other plural.
#[test]
fn thesis_conditions_are_singular_for_one_and_plural_otherwise() {
    use crate::sorcery::data::{Condition, Department, Icon};
    use crate::sorcery::faces::condition_text;
    let one = |count| Condition::Department {
        department: Department::Divination,
        count,
    };
    assert_eq!(condition_text(&one(1)), "complete 1 divination project");
    assert_eq!(condition_text(&one(2)), "complete 2 divination projects");
    assert_eq!(
        condition_text(&Condition::Icon {
            icon: Icon::Ring,
            count: 1
        }),
        "complete 1 project that needs a Ring"
    );
    assert_eq!(
        condition_text(&Condition::CreditTokens { count: 1 }),
        "have 1 extra-credit token on completed projects"
    );
    assert_eq!(
        condition_text(&Condition::Projects { count: 5 }),
        "complete 5 projects"
    );
}

/// "At the end of the fourth month, the game is over": the moon stays on the last week.
/// "End of Game": the hands are counted at the table (Physical Education, the tiebreaker),
/// so every seat then knows every card in every hand — and nothing else: the grave deck and
/// the face-down grave piles stay unseen.
#[test]
fn at_the_end_every_hand_is_shown_and_the_grave_deck_stays_face_down() {
    let mut s = started(2, 62, json!({}));
    s.t.month = 3;
    s.t.week = 3;
    // Each seat holds a grave card only it has seen (besides its grant, which is public).
    let mut held = Vec::new();
    for seat in 0..2 {
        let c = usize::from(*s.t.grave_deck.last().unwrap());
        give(&mut s, seat, c);
        assert_eq!(s.t.known[c], 1 << seat);
        held.push((seat, c));
    }
    let deck: Vec<usize> = s.t.grave_deck.iter().map(|&c| usize::from(c)).collect();
    assert!(deck.iter().all(|&c| s.t.known[c] == 0));
    pass_week(&mut s);
    assert!(s.is_terminal());
    assert_eq!(
        (s.t.month, s.t.week),
        (3, 3),
        "the game ends on the fourth week (the New Moon) of the fourth month"
    );
    assert_valid(&s);
    for (seat, c) in held {
        assert!(s.t.players[seat].hand & bit(c) != 0, "still in hand {seat}");
    }
    for seat in 0..2 {
        for c in crate::sorcery::state::ids(s.t.players[seat].hand) {
            assert_eq!(s.t.known[c], 0b11, "card {c} in hand {seat} is shown");
        }
    }
    for c in deck {
        assert_eq!(s.t.known[c], 0, "grave-deck card {c} is still face-down");
    }
}

#[test]
fn the_month_end_and_a_when_completed_effect_are_told_in_the_log() {
    // "End of Month" 1–5 (and the staff's "flips their staff card face-up") are told as they
    // happen, not only as "Month 2 begins".
    let mut s = started(3, 61, json!({"staffs": true}));
    for _ in 0..3 {
        pass_week(&mut s);
    }
    let mut steps = 0;
    let events = loop {
        count_move(&mut steps);
        let m = match s.t.turn.stage {
            Stage::Choose => Move::Cram,
            Stage::AfterAction | Stage::Complete => Move::EndTurn,
            _ => Move::Stop,
        };
        let events = s.public_events(encode(m), Some(0));
        act(&mut s, m);
        if s.t.month == 1 {
            break events;
        }
    };
    let month_end = "End of month 1: seat 1 takes the first player token, a grave card joins \
                     each pile, the market's left column returns to its decks and new \
                     200-level projects fill the right; staffs are face-up again. Month 2 begins";
    assert!(events.contains(&month_end.to_string()), "{events:?}");

    // "III. Complete Projects": a project's checkmark effect is named with its completion.
    let mut s = started(2, 31, json!({}));
    let id = proj("Tincture of Toadstool"); // Vial, Mushroom, Ring
    give_project(&mut s, 0, id);
    let w = s.t.players[0].projects.last_mut().unwrap();
    w.slots[0] = crate::sorcery::state::FILLED_FREE;
    w.slots[1] = crate::sorcery::state::FILLED_FREE;
    let ring = mat("Tarnished Ring", 0);
    give(&mut s, 0, ring);
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    act(&mut s, Move::Commit(ring));
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 2,
        },
    );
    let events = s.public_events(encode(Move::Stop), Some(1));
    assert!(
        events.contains(
            &"Seat 0 completes Tincture of Toadstool — when completed: take 1 vial(s) for free"
                .to_string()
        ),
        "{events:?}"
    );
}
