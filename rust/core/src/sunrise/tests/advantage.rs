//! "Use Advantage Cards" and the "Advantage Card Reference".

use super::*;
use crate::sunrise::actions::{DISCARD, REVEAL};
use crate::sunrise::state::CardId;

fn at_work(seed: u64) -> SunriseState {
    let mut s = game(3, seed);
    random_until(&mut s, seed, |s| {
        matches!(s.t.phase, Phase::Work { seat: 0 })
    });
    s
}

#[test]
fn gain_resources_places_two_in_the_reserve_and_is_discarded() {
    let mut s = at_work(1);
    let card = advantage("Supply Run");
    give_advantage(&mut s, 0, card);
    let reserve = s.t.players[0].reserve;
    s.apply_action(REVEAL + u32::from(card)).unwrap();
    assert_eq!(s.t.players[0].reserve, reserve + 2);
    assert_eq!(
        s.t.advantage_deck.last(),
        Some(&card),
        "one-time cards are discarded"
    );
    assert_eq!(
        s.t.advantage_known[usize::from(card)],
        0b111,
        "it was revealed to all"
    );
    assert_valid(&s);
}

#[test]
fn go_first_gains_a_resource_and_marks_the_next_completion() {
    let mut s = at_work(2);
    let card = advantage("First in Line");
    give_advantage(&mut s, 0, card);
    let reserve = s.t.players[0].reserve;
    s.apply_action(REVEAL + u32::from(card)).unwrap();
    assert!(s.t.players[0].go_first);
    assert_eq!(s.t.players[0].reserve, reserve + 1);
}

#[test]
fn discarding_gives_one_reserve_resource_and_stays_secret() {
    // "Discard the card face-down to the bottom of the advantage deck to place 1 resource
    // into your reserve": the discarder, and only it, knows the card is there (seat 1
    // discards too, so the knowledge is the discarder's, not always seat 0's).
    for seat in [0, 1] {
        let mut s = game(3, 3);
        random_until(&mut s, 3, |s| s.t.phase == Phase::Work { seat: seat as u8 });
        let card = advantage("Vase Enthusiast");
        give_advantage(&mut s, seat, card);
        let reserve = s.t.players[seat].reserve;
        s.apply_action(DISCARD + u32::from(card)).unwrap();
        assert_eq!(s.t.players[seat].reserve, reserve + 1);
        assert_eq!(s.t.advantage_deck.last(), Some(&card));
        let seen = |viewer| {
            s.observation(viewer)["advantage_deck_known"]
                .as_array()
                .unwrap()
                .len()
        };
        for viewer in 0..3 {
            assert_eq!(seen(viewer), usize::from(viewer == seat), "viewer {viewer}");
        }
        assert_valid(&s);
    }
}

#[test]
fn a_revealed_end_game_card_stays_and_cannot_be_discarded() {
    let mut s = at_work(4);
    let card = advantage("Morning Espresso");
    give_advantage(&mut s, 0, card);
    assert!(legal(&s).contains(&(DISCARD + u32::from(card))));
    s.apply_action(REVEAL + u32::from(card)).unwrap();
    assert!(s.t.players[0].revealed.contains(&card));
    assert!(!legal(&s).contains(&(DISCARD + u32::from(card))));
    assert!(!legal(&s).contains(&(REVEAL + u32::from(card))));
}

/// A 3-player game played to its end, then arranged so that seat `q` holds `hands[q]`
/// face-down (nobody holds any other card) and seat 1 has `reserve` resources in its reserve;
/// then "Game End & Scoring" begins.
fn ended_holding(hands: [&[CardId]; 3], reserve: u8) -> SunriseState {
    let mut s = game(3, 5);
    random_until(&mut s, 5, |_| false);
    for q in 0..3 {
        let hand: Vec<CardId> = s.t.players[q].advantages.to_vec();
        s.t.players[q].advantages.clear();
        for c in hand {
            s.t.advantage_deck.push(c);
            s.t.advantage_known[usize::from(c)] = 0;
        }
    }
    for (q, cards) in hands.iter().enumerate() {
        for &c in *cards {
            for p in s.t.players.iter_mut() {
                if let Some(i) = p.revealed.iter().position(|&x| x == c) {
                    p.revealed.remove(i);
                    s.t.advantage_deck.push(c);
                }
            }
            give_advantage(&mut s, q, c);
        }
    }
    let p = &mut s.t.players[1];
    p.supply = p.supply + p.reserve - reserve;
    p.reserve = reserve;
    s.game_over();
    assert_valid(&s);
    s
}

/// Project types seat 1 has completed (the test's own oracle for personal goals).
fn completed_types(s: &SunriseState, seat: usize) -> Vec<crate::sunrise::data::ProjectType> {
    s.t.players[seat]
        .completed
        .iter()
        .map(|c| s.cards.projects[usize::from(c.card)].kind)
        .collect()
}

/// A personal goal card seat 1 meets (`met`) or does not meet.
fn goal_card(met: bool) -> CardId {
    let mut s = game(3, 5);
    random_until(&mut s, 5, |_| false);
    let done = completed_types(&s, 1);
    s.cards
        .advantages
        .iter()
        .position(|a| match &a.effect {
            crate::sunrise::data::AdvantageEffect::PersonalGoal { types, .. } => {
                types.iter().all(|t| done.contains(t)) == met
            }
            _ => false,
        })
        .unwrap() as CardId
}

/// A coffee bean card alone is a choice at game end: revealed it adds its bean toward the cup
/// of coffee ("the most coffee beans on completed projects, completed showpieces, and
/// advantage cards"; a tie gives the cup to nobody), discarded it does not, so its holder is
/// asked, even with no reserve point to win by discarding (one card, an even reserve of 0).
#[test]
fn a_lone_coffee_bean_card_is_still_asked_at_game_end() {
    let bean = advantage("Fresh Roast");
    assert!(matches!(
        CardSet::default_set().advantages[usize::from(bean)].effect,
        crate::sunrise::data::AdvantageEffect::CoffeeBean
    ));
    let s = ended_holding([&[], &[bean], &[]], 0);
    assert_eq!(s.t.phase, Phase::FinalChoices { seat: 1 });
    let options = legal(&s);
    assert!(options.contains(&(REVEAL + u32::from(bean))), "{options:?}");
    assert!(
        options.contains(&(DISCARD + u32::from(bean))),
        "{options:?}"
    );
}

#[test]
fn at_game_end_each_end_game_card_is_revealed_or_discarded_by_its_holder() {
    // "You may reveal it as late as game end & scoring" / "At any time before you reveal an
    // advantage card, you may discard it to place 1 resource into your reserve."
    let goal = goal_card(true);
    let bean = advantage("Fresh Roast");
    let goal_points = match &CardSet::default_set().advantages[usize::from(goal)].effect {
        crate::sunrise::data::AdvantageEffect::PersonalGoal { points, .. } => i32::from(*points),
        _ => unreachable!(),
    };
    for (reveal_goal, reveal_bean) in [(true, true), (false, true), (true, false)] {
        let mut s = ended_holding([&[], &[goal, bean], &[]], 0);
        assert_eq!(s.t.phase, Phase::FinalChoices { seat: 1 });
        let (first, second) = if goal < bean {
            (goal, bean)
        } else {
            (bean, goal)
        };
        // Card by card, lowest id first: reveal or discard.
        assert_eq!(
            legal(&s),
            vec![REVEAL + u32::from(first), DISCARD + u32::from(first)]
        );
        let wants = |c: CardId| if c == goal { reveal_goal } else { reveal_bean };
        let reserve = s.t.players[1].reserve;
        let mut told = Vec::new();
        for c in [first, second] {
            let base = if wants(c) { REVEAL } else { DISCARD };
            told = s.public_events(base + u32::from(c), None);
            s.apply_action(base + u32::from(c)).unwrap();
        }
        // The event log tells the cards turned face-up once every seat has chosen, and
        // never a discarded one.
        for c in [goal, bean] {
            let e = format!("Seat 1 reveals {}", s.cards.advantages[usize::from(c)].name);
            assert_eq!(told.contains(&e), wants(c), "{told:?}");
        }
        assert!(s.is_terminal());
        let p = &s.t.players[1];
        assert_eq!(p.revealed.contains(&goal), reveal_goal);
        assert_eq!(p.revealed.contains(&bean), reveal_bean);
        let discarded = u8::from(!reveal_goal) + u8::from(!reveal_bean);
        assert_eq!(p.reserve, reserve + discarded);
        assert_eq!(s.t.advantage_deck.contains(&goal), !reveal_goal);
        // A revealed card is known to everyone; a discarded one goes face-down to the
        // deck's bottom, where only its holder (seat 1) knows it is.
        for c in [goal, bean] {
            let known = if wants(c) { 0b111 } else { 1 << 1 };
            assert_eq!(s.t.advantage_known[usize::from(c)], known, "card {c}");
        }
        let goal_line = s
            .explain_score(1)
            .lines
            .into_iter()
            .find(|l| l.category == "Completed End Game Goals")
            .unwrap();
        assert_eq!(goal_line.points, if reveal_goal { goal_points } else { 0 });
        assert_valid(&s);
    }
}

#[test]
fn game_end_choices_stay_hidden_until_every_seat_has_chosen() {
    let goal = goal_card(true);
    let bean = advantage("Fresh Roast");
    let s = ended_holding([&[], &[goal], &[bean]], 0);
    assert_eq!(s.t.phase, Phase::FinalChoices { seat: 1 });
    // The others read the same sentence for either choice.
    assert_eq!(
        s.public_action_string(REVEAL + u32::from(goal), Some(2)),
        s.public_action_string(DISCARD + u32::from(goal), None)
    );
    let mut revealed = s.clone();
    revealed.apply_action(REVEAL + u32::from(goal)).unwrap();
    let mut discarded = s.clone();
    discarded.apply_action(DISCARD + u32::from(goal)).unwrap();
    assert_eq!(revealed.t.phase, Phase::FinalChoices { seat: 2 });
    // Seat 2 cannot tell the two apart; seat 1 can.
    assert_eq!(
        revealed.information_state(2),
        discarded.information_state(2)
    );
    assert_eq!(revealed.observation(2), discarded.observation(2));
    assert_ne!(
        revealed.information_state(1),
        discarded.information_state(1)
    );
    assert!(
        !revealed.t.players[1].revealed.contains(&goal),
        "not yet carried out"
    );
    // A determinization for seat 2 redraws seat 1's choice (and card).
    let worlds: std::collections::BTreeSet<String> = (0..12)
        .map(|seed| {
            let r = revealed.resample(2, seed);
            assert_valid(&r);
            assert_eq!(r.information_state(2), revealed.information_state(2));
            serde_json::to_string(&r.t.players[1].final_choice).unwrap()
        })
        .collect();
    assert!(worlds.len() > 1, "{worlds:?}");
    // Seat 2 chooses; then both are carried out.
    revealed.apply_action(REVEAL + u32::from(bean)).unwrap();
    assert!(revealed.is_terminal());
    assert!(revealed.t.players[1].revealed.contains(&goal));
    assert!(revealed.t.players[2].revealed.contains(&bean));
}

#[test]
fn a_game_end_choice_that_cannot_change_the_score_is_skipped() {
    // An unmet personal goal, an even reserve, one card: revealing scores 0, discarding adds
    // one resource to an even reserve (no point). No decision; the card is shown.
    let goal = goal_card(false);
    let s = ended_holding([&[], &[goal], &[]], 2);
    assert!(s.is_terminal(), "seat 1 has nothing to decide");
    assert!(s.t.players[1].revealed.contains(&goal));
    // With an odd reserve the discard is worth a point: seat 1 decides.
    let s = ended_holding([&[], &[goal], &[]], 1);
    assert_eq!(s.t.phase, Phase::FinalChoices { seat: 1 });
}

#[test]
fn at_game_end_other_face_down_cards_are_discarded_or_kept() {
    // "At any time before you reveal an advantage card, you may discard it to place 1
    // resource into your reserve": a one-time card or a showpiece scores nothing face-up at
    // game end, so its holder discards it or keeps it face-down. Supply Run is card 0 and
    // Clay Bell a later one, so the action names the card, whatever its id.
    for card in [advantage("Supply Run"), advantage("Clay Bell")] {
        let s = ended_holding([&[], &[card], &[]], 1);
        assert_eq!(s.t.phase, Phase::FinalChoices { seat: 1 });
        assert_eq!(
            legal(&s),
            vec![DISCARD + u32::from(card), crate::sunrise::actions::END_TURN]
        );
        let mut kept = s.clone();
        kept.apply_action(crate::sunrise::actions::END_TURN)
            .unwrap();
        assert!(kept.is_terminal());
        assert!(kept.t.players[1].advantages.contains(&card));
        let mut discarded = s.clone();
        discarded.apply_action(DISCARD + u32::from(card)).unwrap();
        assert_eq!(discarded.t.players[1].reserve, 2);
        assert!(discarded.t.advantage_deck.contains(&card));
        assert_eq!(
            discarded.explain_score(1).total,
            kept.explain_score(1).total + 1
        );
    }
}
