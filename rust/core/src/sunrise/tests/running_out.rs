//! "Running Out of Available Projects": the project row is the deck's face-up top card plus
//! three ("Community Area Setup" C), so the deck runs out with 3 projects left; the limits on
//! taking projects, and the final round it causes.

use super::*;
use crate::sunrise::actions::BONUS;
use crate::sunrise::state::{Bonus, TurnStage};

fn bonus_options(s: &SunriseState) -> Vec<Bonus> {
    moves(s)
        .into_iter()
        .filter_map(|(_, m)| match m {
            Move::Bonus(b) => Some(Bonus::ALL[b]),
            _ => None,
        })
        .collect()
}

fn acting(s: &SunriseState) -> (usize, CardId) {
    match s.t.phase {
        Phase::Complete { seat, project, .. } => (usize::from(seat), project),
        _ => panic!("not in step three"),
    }
}

/// A completion turn (bonus choice) of a 2-player game with exactly `left` projects left in
/// the project deck and row together, as the rulebook lays them out ("draw 3 projects to
/// form a row of 4 visible projects": the deck's top card is the fourth). The acting seat has
/// one in-progress project when `has_project`, none otherwise. Returns the acting seat.
fn with_projects_left(left: usize, has_project: bool) -> (SunriseState, usize) {
    let mut s = game(2, 6);
    until_bonus_choice(&mut s, 4);
    let (seat, _) = acting(&s);
    let other = 1 - seat;
    let works: Vec<_> = s.t.players[seat].projects.to_vec();
    s.table_mut().players[seat].projects.clear();
    for w in works {
        s.t.players[seat].supply += w.filled.count_ones() as u8;
        complete_for(&mut s, other, w.card);
    }
    if has_project {
        let card = s.t.project_deck.remove(0);
        s.t.players[seat]
            .projects
            .push(crate::sunrise::state::Work { card, filled: 0 });
    }
    let total = |s: &SunriseState| s.t.project_deck.len() + s.t.row.iter().flatten().count();
    // Take cards from the bottom of the face-down deck first, then from the row (refilled).
    while total(&s) > left {
        if !s.t.project_deck.is_empty() {
            let card = s.t.project_deck.remove(0);
            complete_for(&mut s, other, card);
        } else {
            let i = (0..4).rev().find(|&i| s.t.row[i].is_some()).unwrap();
            let card = s.t.row[i].take().unwrap();
            complete_for(&mut s, other, card);
            s.refill_row();
        }
    }
    assert_valid(&s);
    assert_eq!(total(&s), left);
    (s, seat)
}

fn projects_left(s: &SunriseState) -> usize {
    s.observation(0)["project_row"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| !p.is_null())
        .count()
        + s.t.project_deck.len()
}

#[test]
fn with_5_projects_left_take_2_takes_both() {
    // Deck 2 (its top visible) + row 3: taking one leaves the deck 1 card, so it has not run
    // out and the second project may be taken.
    let (mut s, seat) = with_projects_left(5, true);
    assert_eq!(s.observation(0)["project_deck_size"], 2);
    assert_eq!(bonus_options(&s), Bonus::ALL.to_vec());
    s.apply_action(BONUS + Bonus::TakeTwoProjects as u32)
        .unwrap();
    play(&mut s, |m| matches!(m, Move::Take(_)));
    play(&mut s, |m| matches!(m, Move::Take(_)));
    assert_eq!(s.t.players[seat].projects.len(), 3);
    assert_eq!(projects_left(&s), 3);
}

#[test]
fn with_4_projects_left_take_2_stops_after_one() {
    // Deck 1 + row 3: the deck has not run out, so the seat may take; its first project
    // empties the deck ("runs out" with 3 left in the row), and the seat now has a project,
    // so it may not take the second.
    let (mut s, seat) = with_projects_left(4, true);
    assert_eq!(s.observation(0)["project_deck_size"], 1);
    assert_eq!(bonus_options(&s), Bonus::ALL.to_vec());
    s.apply_action(BONUS + Bonus::TakeTwoProjects as u32)
        .unwrap();
    play(&mut s, |m| matches!(m, Move::Take(_)));
    assert_eq!(s.t.players[seat].projects.len(), 2);
    assert_eq!(projects_left(&s), 3);
    assert_eq!(s.observation(0)["project_deck_size"], 0);
    assert!(!matches!(
        s.t.phase,
        Phase::Complete {
            turn: TurnStage::TakeProjects { .. },
            ..
        }
    ));
    assert!(!s.is_final_round() || (s.t.day == 2 && s.t.round == 2));
}

#[test]
fn with_3_projects_left_a_project_may_be_taken_only_if_needed() {
    // The deck has run out, 3 are left in the row: "you may only take a project if you would
    // otherwise not start the next round with an in-progress project".
    let (s, _) = with_projects_left(3, true);
    assert_eq!(s.observation(0)["project_deck_size"], 0);
    assert_eq!(bonus_options(&s), vec![Bonus::DrawThreeKeepOne]);
    let (mut s, seat) = with_projects_left(3, false);
    assert!(!bonus_options(&s).contains(&Bonus::DrawThreeKeepOne));
    assert!(bonus_options(&s).contains(&Bonus::TakeTwoProjects));
    s.apply_action(BONUS + Bonus::TakeTwoProjects as u32)
        .unwrap();
    play(&mut s, |m| matches!(m, Move::Take(_)));
    // Take 2 takes just the one needed.
    assert_eq!(s.t.players[seat].projects.len(), 1);
    assert_eq!(projects_left(&s), 2);
    assert!(!matches!(
        s.t.phase,
        Phase::Complete {
            turn: TurnStage::TakeProjects { .. },
            ..
        }
    ));
}

#[test]
fn with_1_project_left_taking_it_makes_the_current_round_the_last() {
    let (mut s, _) = with_projects_left(1, false);
    let (day, round) = (s.t.day, s.t.round);
    assert!(!s.is_final_round() || (day == 2 && round == 2));
    s.apply_action(BONUS + Bonus::AdvantageAndProject as u32)
        .unwrap();
    play(&mut s, |m| matches!(m, Move::Take(_)));
    assert_eq!(projects_left(&s), 0);
    assert!(s.t.final_round && s.is_final_round());
    random_until(&mut s, 5, |_| false);
    assert!(s.is_terminal());
    assert_eq!(
        (s.t.day, s.t.round),
        (day, round),
        "the game ended with the current round"
    );
}

#[test]
fn after_the_last_project_is_taken_later_seats_may_draw_advantage_cards_without_a_project() {
    // The last project taken makes this round the final one ("If the project deck and project
    // row run out ..."); a later seat completing a project has no project to take and, by the
    // Final Round Exception, may choose Draw 3 & Keep 1 without an in-progress project.
    let (mut s, seat) = with_projects_left(1, false);
    let other = 1 - seat;
    // The other seat waits to complete one project and has none in progress.
    let works: Vec<_> = s.t.players[other].projects.to_vec();
    s.table_mut().players[other].projects.clear();
    for w in works {
        s.t.players[other].supply += w.filled.count_ones() as u8;
        complete_for(&mut s, seat, w.card);
    }
    let card = s.t.players[other].completed[0].card;
    s.t.players[other].completed.remove(0);
    let icons = s.cards.projects[usize::from(card)].icons.len() as u8;
    s.t.players[other].supply -= icons;
    s.t.players[other].awaiting.push(card);
    s.t.players[other].go_first = false;
    assert_valid(&s);
    s.apply_action(BONUS + Bonus::AdvantageAndProject as u32)
        .unwrap();
    play(&mut s, |m| matches!(m, Move::Take(_)));
    assert!(s.is_final_round());
    random_until(
        &mut s,
        1,
        |s| matches!(s.t.phase, Phase::Complete { project, turn: TurnStage::ChooseBonus, .. } if project == card),
    );
    assert_eq!(acting(&s), (other, card));
    assert_eq!(bonus_options(&s), vec![Bonus::DrawThreeKeepOne]);
}
