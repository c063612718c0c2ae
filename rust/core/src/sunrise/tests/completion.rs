//! "Step Three: Complete Projects": project order, Go First, completion bonus actions,
//! always having an in-progress project, the final round exception, running out of
//! projects.

use super::*;
use crate::engine::Seat;
use crate::sunrise::actions::{BONUS, END_TURN};
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

#[test]
fn completion_turns_follow_project_order_lowest_number_first() {
    // Over many random games: each completion turn takes, among all projects waiting, the
    // lowest project number — unless its owner revealed Go First.
    let mut checked = 0;
    for seed in 0..40 {
        let mut s = game(2 + seed as usize % 3, seed);
        let mut rng = Rng::seed_from(seed);
        let mut steps = 0;
        while running(&s, &mut steps) {
            let before = s.clone();
            let l = legal(&s);
            s.apply_action(l[rng.below(l.len())]).unwrap();
            if let Phase::Complete {
                seat,
                project,
                turn: TurnStage::ChooseBonus,
            } = s.t.phase
            {
                let fresh = !matches!(before.t.phase, Phase::Complete { project: p, seat: q, .. } if p == project && q == seat);
                if !fresh {
                    continue;
                }
                let number = s.cards.projects[usize::from(project)].number;
                // Go First held before this action, or revealed by it.
                let revealed_now = |q: usize| {
                    before.actor() == Some(q)
                        && matches!(decode(*s.t.history.last().unwrap()), Some(Move::Reveal(c))
                            if s.cards.advantages[c].effect == crate::sunrise::data::AdvantageEffect::GoFirst)
                };
                let held = |q: usize| before.t.players[q].go_first || revealed_now(q);
                let go_first = held(usize::from(seat));
                let others_go_first = (0..s.n()).any(|q| {
                    q != usize::from(seat) && held(q) && !s.t.players[q].awaiting.is_empty()
                });
                for p in s.t.players.iter() {
                    for &c in &p.awaiting {
                        if !go_first && !others_go_first {
                            assert!(
                                number < s.cards.projects[usize::from(c)].number,
                                "seed {seed}: completing #{number} while #{} waits; before: {:?} go_first {:?} last action {}",
                                s.cards.projects[usize::from(c)].number,
                                before.t.phase,
                                before.t.players.iter().map(|p| p.go_first).collect::<Vec<_>>(),
                                s.action_to_string(*s.t.history.last().unwrap())
                            );
                        }
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "too few completion turns checked: {checked}");
}

/// Seat 0 completes a low-numbered project and seat 1 a high-numbered one in step two.
fn two_completions(go_first_for_seat_1: bool) -> SunriseState {
    let mut s = game(2, 30);
    random_until(&mut s, 1, |s| matches!(s.t.phase, Phase::Work { seat: 0 }));
    let (low, high) = {
        let mut in_deck: Vec<CardId> = s.t.project_deck.to_vec();
        in_deck.sort_by_key(|&c| s.cards.projects[usize::from(c)].number);
        (in_deck[0], in_deck[in_deck.len() - 1])
    };
    set_project(&mut s, 0, low, &[0]);
    set_project(&mut s, 1, high, &[0]);
    to_reserve(&mut s, 0, 2);
    to_reserve(&mut s, 1, 2);
    s.t.players[1].go_first = go_first_for_seat_1;
    assert_valid(&s);
    let r0 = s.cards.projects[usize::from(low)].icons[0] as usize;
    play(&mut s, |m| {
        *m == Move::Convert {
            resource: r0,
            target: usize::from(low),
        }
    });
    random_until(&mut s, 2, |s| matches!(s.t.phase, Phase::Work { seat: 1 }));
    let r1 = s.cards.projects[usize::from(high)].icons[0] as usize;
    play(&mut s, |m| {
        *m == Move::Convert {
            resource: r1,
            target: usize::from(high),
        }
    });
    random_until(&mut s, 3, |s| !matches!(s.t.phase, Phase::Work { .. }));
    s
}

#[test]
fn go_first_overrides_project_order_once_and_completion_returns_resources() {
    let s = two_completions(false);
    let (seat, _) = acting(&s);
    assert_eq!(seat, 0, "the lower project number goes first");

    let s = two_completions(true);
    let (seat, project) = acting(&s);
    assert_eq!(seat, 1, "Go First puts seat 1's higher number first");
    assert!(
        !s.t.players[1].go_first,
        "Go First is used up by that completion"
    );
    // Complete a Project: its resources are back in the personal supply.
    assert!(s.t.players[1].completed.iter().any(|c| c.card == project));
    assert_valid(&s);
}

#[test]
fn take_two_projects_refills_the_row_after_each() {
    let mut s = game(3, 2);
    until_bonus_choice(&mut s, 5);
    let (seat, _) = acting(&s);
    let deck_top = *s.t.project_deck.last().unwrap();
    let row0 = s.t.row[0].unwrap();
    let before = s.t.players[seat].projects.len();
    s.apply_action(BONUS + Bonus::TakeTwoProjects as u32)
        .unwrap();
    play(&mut s, |m| *m == Move::Take(0));
    assert_eq!(
        s.t.row[0],
        Some(deck_top),
        "the row is refilled from the top of the deck"
    );
    play(&mut s, |m| *m == Move::Take(0));
    let now: Vec<CardId> = s.t.players[seat].projects.iter().map(|w| w.card).collect();
    assert_eq!(now.len(), before + 2);
    assert!(now.contains(&row0) && now.contains(&deck_top));
    assert_valid(&s);
}

/// "Completion Bonus Actions": each is offered by the rulebook's name.
#[test]
fn the_completion_bonus_actions_are_named_as_the_rulebook_names_them() {
    let mut s = game(3, 2);
    until_bonus_choice(&mut s, 5);
    let named: Vec<String> = Bonus::ALL
        .iter()
        .map(|&b| s.describe(BONUS + b as u32))
        .collect();
    assert_eq!(
        named,
        [
            "Take 2 Projects",
            "Draw & Keep 1 Advantage Card, Take 1 Project",
            "Draw 3 & Keep 1 Advantage Card"
        ]
    );
}

#[test]
fn draw_and_keep_one_then_take_one_project() {
    let mut s = game(2, 9);
    until_bonus_choice(&mut s, 2);
    let (seat, _) = acting(&s);
    let top = s.t.advantage_deck[0];
    s.apply_action(BONUS + Bonus::AdvantageAndProject as u32)
        .unwrap();
    assert!(s.t.players[seat].advantages.contains(&top));
    assert!(matches!(
        s.t.phase,
        Phase::Complete {
            turn: TurnStage::TakeProjects { remaining: 1 },
            ..
        }
    ));
    let before = s.t.players[seat].projects.len();
    play(&mut s, |m| matches!(m, Move::Take(_)));
    assert_eq!(s.t.players[seat].projects.len(), before + 1);
}

/// A 2-player game (seed 9) at a completion's bonus choice with "Draw 3 & Keep 1" among the
/// options (a project is given to the acting seat if it is not yet), and that seat.
fn at_a_draw_three_choice() -> (SunriseState, Seat) {
    let mut s = game(2, 9);
    until_bonus_choice(&mut s, 2);
    let (seat, _) = acting(&s);
    if !bonus_options(&s).contains(&Bonus::DrawThreeKeepOne) {
        s.t.players[seat]
            .projects
            .push(crate::sunrise::state::Work {
                card: s.t.project_deck.pop().unwrap(),
                filled: 0,
            });
        s.t.players[seat].projects.sort_unstable_by_key(|w| w.card);
    }
    (s, seat)
}

#[test]
fn draw_three_keep_one_returns_two_to_the_bottom_in_the_chosen_order() {
    for order in 0..2 {
        let (mut s, seat) = at_a_draw_three_choice();
        let top3: Vec<CardId> = s.t.advantage_deck[..3].to_vec();
        s.apply_action(BONUS + Bonus::DrawThreeKeepOne as u32)
            .unwrap();
        play(&mut s, |m| *m == Move::Keep { keep: 1, order });
        assert!(s.t.players[seat].advantages.contains(&top3[1]));
        let bottom = &s.t.advantage_deck[s.t.advantage_deck.len() - 2..];
        let expected = if order == 0 {
            [top3[0], top3[2]]
        } else {
            [top3[2], top3[0]]
        };
        assert_eq!(bottom, &expected);
        // The drawer knows where the returned cards are; the other seat does not.
        let other = 1 - seat;
        for c in [top3[0], top3[2]] {
            assert_ne!(s.t.advantage_known[usize::from(c)] & (1 << seat), 0);
            assert_eq!(s.t.advantage_known[usize::from(c)] & (1 << other), 0);
        }
    }
}

/// "Draw 3 advantage cards and keep 1 of them": the three drawn are seen by the drawer alone,
/// whichever seat draws (seat 1 as well as seat 0: a knowledge bit built from the wrong seat
/// shows only in seat 1's draw).
#[test]
fn the_three_cards_drawn_are_known_to_the_drawer_alone_whichever_seat_draws() {
    let mut checked = [false; 2];
    for seed in 1..60 {
        let mut s = game(2, seed);
        until_bonus_choice(&mut s, seed);
        let (seat, _) = acting(&s);
        if checked[seat] {
            continue;
        }
        if !bonus_options(&s).contains(&Bonus::DrawThreeKeepOne) {
            // It is offered with a project in progress: give the seat one.
            let card = s.t.project_deck.pop().unwrap();
            let works = &mut s.t.players[seat].projects;
            works.push(crate::sunrise::state::Work { card, filled: 0 });
            works.sort_unstable_by_key(|w| w.card);
            s.mark_open_icons_stale();
        }
        let top3: Vec<CardId> = s.t.advantage_deck[..3].to_vec();
        s.apply_action(BONUS + Bonus::DrawThreeKeepOne as u32)
            .unwrap();
        for c in top3 {
            assert_eq!(
                s.t.advantage_known[usize::from(c)],
                1 << seat,
                "seat {seat}, card {c}"
            );
        }
        checked[seat] = true;
        if checked == [true, true] {
            return;
        }
    }
    panic!("no draw by each seat among the games: {checked:?}");
}

#[test]
fn draw_three_keep_one_from_a_short_advantage_deck() {
    // "Draw 3 & Keep 1" with fewer than three cards left: with one, it is kept (nothing to
    // choose); with none, nothing is drawn and the completion turn goes on (no choice among
    // no cards is asked).
    for left in [0usize, 1] {
        let (mut s, seat) = at_a_draw_three_choice();
        // The rest of the deck goes to the other seat.
        let other = 1 - seat;
        while s.t.advantage_deck.len() > left {
            let card = s.t.advantage_deck.remove(0);
            s.give_advantage(other, card);
        }
        let last = s.t.advantage_deck.first().copied();
        let before = s.t.players[seat].advantages.to_vec();
        s.apply_action(BONUS + Bonus::DrawThreeKeepOne as u32)
            .unwrap();
        assert!(
            !matches!(
                s.t.phase,
                Phase::Complete {
                    turn: TurnStage::KeepAdvantage { .. },
                    ..
                }
            ),
            "no keep choice with {left} card(s) drawn"
        );
        assert!(!s.legal_actions().is_empty());
        let mut expected = before.clone();
        expected.extend(last);
        expected.sort_unstable();
        assert_eq!(s.t.players[seat].advantages.to_vec(), expected);
        assert!(s.t.advantage_deck.is_empty());
    }
}

#[test]
fn a_player_without_an_in_progress_project_must_take_one_except_in_the_final_round() {
    let mut s = game(3, 4);
    until_bonus_choice(&mut s, 8);
    let (seat, _) = acting(&s);
    // Move the seat's in-progress projects to its completed area: none left in progress.
    let works: Vec<_> = s.t.players[seat].projects.to_vec();
    for w in works {
        let p = &mut s.t.players[seat];
        p.supply += w.filled.count_ones() as u8;
        let glaze = s.cards.projects[usize::from(w.card)].glazes[0] as u8;
        p.completed.insert(
            0,
            crate::sunrise::state::Completed {
                card: w.card,
                glaze,
            },
        );
    }
    s.table_mut().players[seat].projects.clear();
    assert_valid(&s);
    assert_eq!(
        bonus_options(&s),
        vec![Bonus::TakeTwoProjects, Bonus::AdvantageAndProject]
    );
    // Final Round Exception: any completion bonus action.
    make_last_round(&mut s);
    assert_valid(&s);
    assert_eq!(bonus_options(&s), Bonus::ALL.to_vec());
}

#[test]
fn a_project_completed_by_conversion_in_step_three_joins_the_project_order() {
    let mut s = game(2, 3);
    until_bonus_choice(&mut s, 9);
    let (seat, _) = acting(&s);
    s.apply_action(BONUS + Bonus::TakeTwoProjects as u32)
        .unwrap();
    play(&mut s, |m| matches!(m, Move::Take(_)));
    play(&mut s, |m| matches!(m, Move::Take(_)));
    let new = s.t.players[seat]
        .projects
        .iter()
        .map(|w| w.card)
        .max_by_key(|&c| s.cards.projects[usize::from(c)].number)
        .unwrap();
    let icons = s.cards.projects[usize::from(new)].icons.clone();
    let supply = s.t.players[seat].supply;
    let need = 2 * icons.len() as u8;
    if supply < need {
        return;
    }
    to_reserve(&mut s, seat, need);
    random_until(&mut s, 1, |s| {
        matches!(
            s.t.phase,
            Phase::Complete {
                turn: TurnStage::Finish,
                ..
            } | Phase::Complete {
                turn: TurnStage::ChooseGlaze,
                ..
            }
        )
    });
    if matches!(
        s.t.phase,
        Phase::Complete {
            turn: TurnStage::ChooseGlaze,
            ..
        }
    ) {
        play(&mut s, |m| matches!(m, Move::Glaze(_)));
    }
    for r in &icons {
        play(&mut s, |m| {
            *m == Move::Convert {
                resource: *r as usize,
                target: usize::from(new),
            }
        });
    }
    assert!(s.t.players[seat].awaiting.contains(&new));
    s.apply_action(END_TURN).unwrap();
    random_until(&mut s, 2, |s| {
        matches!(s.t.phase, Phase::Complete { project, .. } if project == new) || selecting(s)
    });
    assert!(
        matches!(s.t.phase, Phase::Complete { project, .. } if project == new),
        "it gets its own completion turn this round"
    );
}

#[test]
fn a_completed_starting_project_goes_first_in_project_order() {
    // Starting projects carry numbers 1-4, below every project of the deck (issue 6 point
    // 3, inferred from the tiebreaker's "excluding starting projects").
    let mut s = game(2, 30);
    random_until(&mut s, 1, |s| matches!(s.t.phase, Phase::Work { seat: 0 }));
    let starting = s.t.players[0].projects[0].card;
    assert!(s.cards.projects[usize::from(starting)].starting);
    // Seat 0's starting project lacks one icon; seat 1 takes the lowest-numbered project of
    // the deck, lacking one icon too.
    let len = s.cards.projects[usize::from(starting)].icons.len();
    let full = (1u8 << len) - 1;
    let had = s.t.players[0].projects[0].filled.count_ones() as u8;
    s.t.players[0].supply -= (len as u8 - 1) - had;
    s.table_mut().players[0].projects[0].filled = full & !1;
    let lowest =
        s.t.project_deck
            .iter()
            .copied()
            .min_by_key(|&c| s.cards.projects[usize::from(c)].number)
            .unwrap();
    set_project(&mut s, 1, lowest, &[0]);
    to_reserve(&mut s, 0, 2);
    to_reserve(&mut s, 1, 2);
    assert_valid(&s);
    let r0 = s.cards.projects[usize::from(starting)].icons[0] as usize;
    play(&mut s, |m| {
        *m == Move::Convert {
            resource: r0,
            target: usize::from(starting),
        }
    });
    random_until(&mut s, 2, |s| matches!(s.t.phase, Phase::Work { seat: 1 }));
    let r1 = s.cards.projects[usize::from(lowest)].icons[0] as usize;
    play(&mut s, |m| {
        *m == Move::Convert {
            resource: r1,
            target: usize::from(lowest),
        }
    });
    random_until(&mut s, 3, |s| matches!(s.t.phase, Phase::Complete { .. }));
    assert_eq!(
        acting(&s),
        (0, starting),
        "the starting project's number is below #{}",
        s.cards.projects[usize::from(lowest)].number
    );
}

/// Seat 0 has finished its step-two work; it now holds 2 reserve resources and a project one
/// icon short (no completed project this round). Returns the state and that project.
fn converter_waiting_for_step_three() -> (SunriseState, CardId) {
    let mut s = game(2, 12);
    random_until(&mut s, 3, |s| matches!(s.t.phase, Phase::Work { seat: 1 }));
    let card = *s.t.project_deck.first().unwrap();
    set_project(&mut s, 0, card, &[0]);
    // Seat 0 keeps no other open icon, so the conversion has one target.
    let others: Vec<_> = s.t.players[0]
        .projects
        .iter()
        .filter(|w| w.card != card)
        .copied()
        .collect();
    for w in others {
        let i = s.t.players[0]
            .projects
            .iter()
            .position(|x| x.card == w.card)
            .unwrap();
        s.table_mut().players[0].projects.remove(i);
        s.t.players[0].supply += w.filled.count_ones() as u8;
        let glaze = s.cards.projects[usize::from(w.card)].glazes[0] as u8;
        s.t.players[1].completed.insert(
            0,
            crate::sunrise::state::Completed {
                card: w.card,
                glaze,
            },
        );
    }
    to_reserve(&mut s, 0, 2);
    s.t.players[1].reserve = 0;
    assert_valid(&s);
    // Seat 1 finishes its work without converting or completing anything.
    let mut steps = 0;
    while matches!(s.t.phase, Phase::Work { seat: 1 }) {
        count_move(&mut steps);
        play(&mut s, |m| {
            matches!(
                m,
                Move::Place {
                    target: crate::sunrise::actions::RESERVE_TARGET,
                    ..
                } | Move::EndWork
            )
        });
        if s.t.players[1].reserve >= 2 {
            break;
        }
    }
    random_until(&mut s, 4, |s| !matches!(s.t.phase, Phase::Work { .. }));
    (s, card)
}

#[test]
fn every_seat_that_can_convert_decides_at_the_start_of_step_three() {
    // "At any time, during any step, you may convert ... If a project is completed this way
    // during Step 3, it is considered a newly completed project and is subject to project
    // order." Seat 0 completed nothing this round, yet may convert before the first turn.
    let (mut s, card) = converter_waiting_for_step_three();
    assert_eq!(s.current_player(), Some(0));
    let r = s.cards.projects[usize::from(card)].icons[0] as usize;
    let l = moves(&s);
    assert!(l.contains(&(
        crate::sunrise::actions::convert_action(r, usize::from(card)),
        Move::Convert {
            resource: r,
            target: usize::from(card)
        }
    )));
    assert!(
        l.iter().any(|(_, m)| *m == Move::EndTurn),
        "or go on without converting"
    );
    play(&mut s, |m| {
        *m == Move::Convert {
            resource: r,
            target: usize::from(card),
        }
    });
    // With fewer than 2 left in its reserve, seat 0 has nothing more to decide before the
    // turns begin.
    assert!(s.t.players[0].reserve < 2);
    assert_ne!(s.t.phase, Phase::Convert { seat: 0 });
    // The completed project joins the project order and gets its completion turn.
    random_until(&mut s, 5, |s| {
        matches!(s.t.phase, Phase::Complete { project, .. } if project == card) || selecting(s)
    });
    assert_eq!(acting(&s), (0, card));
}

#[test]
fn going_on_without_converting_keeps_the_reserve() {
    let (mut s, card) = converter_waiting_for_step_three();
    assert_eq!(s.current_player(), Some(0));
    let reserve = s.t.players[0].reserve;
    play(&mut s, |m| *m == Move::EndTurn);
    assert_eq!(s.t.players[0].reserve, reserve);
    assert!(s.t.players[0].projects.iter().any(|w| w.card == card));
}

/// The end of step two of a `players`-seat game: seat q waits to complete `awaiting[q]`
/// (project numbers, taken from the deck) and holds Go First when `go_first[q]`; reserves are
/// emptied so nobody converts. Plays on, answering each completion turn without converting
/// or using cards, and returns the completion turns in order (seat, project number) and the
/// state when the next round begins.
fn completion_order(
    players: usize,
    awaiting: &[&[u8]],
    go_first: &[bool],
) -> (Vec<(usize, u8)>, SunriseState) {
    let mut s = game(players, 17);
    random_until(&mut s, 2, |s| {
        matches!(s.t.phase, Phase::Work { seat } if usize::from(seat) == s.n() - 1)
            && s.t.players[s.n() - 1].wheel.is_empty()
    });
    assert!(matches!(s.t.phase, Phase::Work { .. }));
    for q in 0..players {
        // Projects already waiting are completed out of the way.
        let waiting: Vec<CardId> = s.t.players[q].awaiting.to_vec();
        s.t.players[q].awaiting.clear();
        for c in waiting {
            s.t.players[q].supply += s.cards.projects[usize::from(c)].icons.len() as u8;
            complete_for(&mut s, q, c);
        }
        let p = &mut s.t.players[q];
        p.supply += p.reserve;
        p.reserve = 0;
        p.go_first = go_first[q];
        for &n in awaiting[q] {
            let card = s.cards.projects.iter().position(|p| p.number == n).unwrap() as CardId;
            pull_project(&mut s, card);
            s.refill_row();
            let icons = s.cards.projects[usize::from(card)].icons.len() as u8;
            s.t.players[q].supply -= icons;
            s.t.players[q].awaiting.push(card);
        }
    }
    assert_valid(&s);
    let mut order = Vec::new();
    let mut steps = 0;
    while !selecting(&s) && running(&s, &mut steps) {
        if let Phase::Complete {
            seat,
            project,
            turn: TurnStage::ChooseBonus,
        } = s.t.phase
        {
            order.push((
                usize::from(seat),
                s.cards.projects[usize::from(project)].number,
            ));
        }
        let l = moves(&s);
        let calm = |m: &Move| {
            !matches!(
                m,
                Move::Convert { .. } | Move::Reveal(_) | Move::Discard(_) | Move::Place { .. }
            )
        };
        let (a, _) = l
            .iter()
            .find(|(_, m)| *m == Move::EndTurn || *m == Move::EndWork)
            .or_else(|| l.iter().find(|(_, m)| calm(m)))
            .copied()
            .unwrap_or(l[0]);
        s.apply_action(a).unwrap();
    }
    (order, s)
}

#[test]
fn two_go_first_holders_both_go_before_project_order_lowest_first() {
    // "Go first when you complete your next project, regardless of project order": seats 0
    // and 1 both hold it; between them project order decides; seat 2 (lowest number) waits.
    let (order, s) = completion_order(3, &[&[30], &[20], &[6]], &[true, true, false]);
    assert_eq!(order, vec![(1, 20), (0, 30), (2, 6)]);
    // Used up: neither carries it into the next round.
    assert!(s.t.players.iter().all(|p| !p.go_first));
}

#[test]
fn go_first_moves_only_the_holders_next_project() {
    // Seat 0 holds Go First and waits with #10 and #30; seat 1 waits with #6. Go First puts
    // #10 first; #30 then follows project order, after #6.
    let (order, s) = completion_order(2, &[&[10, 30], &[6]], &[true, false]);
    assert_eq!(order, vec![(0, 10), (1, 6), (0, 30)]);
    assert!(!s.t.players[0].go_first);
    // Without Go First: plain project order.
    let (order, _) = completion_order(2, &[&[10, 30], &[6]], &[false, false]);
    assert_eq!(order, vec![(1, 6), (0, 10), (0, 30)]);
}

#[test]
fn completing_a_project_returns_its_resources_to_the_personal_supply() {
    // "After you complete a project, return the resources on that project to your personal
    // supply": the supply grows by the project's icons, the reserve and community do not.
    let mut checked = 0;
    for seed in 0..30 {
        let mut s = game(2 + seed as usize % 3, seed);
        let mut rng = Rng::seed_from(seed);
        let mut steps = 0;
        while running(&s, &mut steps) {
            let l = legal(&s);
            let a = l[rng.below(l.len())];
            let before = s.clone();
            s.apply_action(a).unwrap();
            let quiet = matches!(
                decode(a),
                Some(
                    Move::EndWork
                        | Move::EndTurn
                        | Move::Bonus(_)
                        | Move::Take(_)
                        | Move::Keep { .. }
                        | Move::Glaze(_)
                )
            );
            if let Phase::Complete {
                seat,
                project,
                turn: TurnStage::ChooseBonus,
            } = s.t.phase
            {
                let q = usize::from(seat);
                if !quiet || !before.t.players[q].awaiting.contains(&project) {
                    continue;
                }
                let icons = s.cards.projects[usize::from(project)].icons.len() as u8;
                assert_eq!(s.t.players[q].supply, before.t.players[q].supply + icons);
                assert_eq!(s.t.players[q].reserve, before.t.players[q].reserve);
                assert_eq!(s.t.community_supply, before.t.community_supply);
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "{checked}");
}

#[test]
fn an_in_progress_showpiece_is_not_an_in_progress_project() {
    // "In-progress showpieces are not in-progress projects": a seat with only a showpiece
    // must still take a project (outside the final round).
    let mut s = game(3, 4);
    until_bonus_choice(&mut s, 8);
    let (seat, _) = acting(&s);
    let works: Vec<_> = s.t.players[seat].projects.to_vec();
    s.table_mut().players[seat].projects.clear();
    for w in works {
        s.t.players[seat].supply += w.filled.count_ones() as u8;
        complete_for(&mut s, seat, w.card);
    }
    let showpiece = (0..30u8)
        .find(|&c| {
            matches!(
                s.cards.advantages[usize::from(c)].effect,
                crate::sunrise::data::AdvantageEffect::Showpiece { .. }
            ) && s.t.advantage_deck.contains(&c)
        })
        .unwrap();
    give_advantage(&mut s, seat, showpiece);
    s.t.players[seat].advantages.clear();
    s.table_mut().players[seat].showpieces.insert_sorted_by_key(
        crate::sunrise::state::Work {
            card: showpiece,
            filled: 0,
        },
        |w| w.card,
    );
    s.t.advantage_known[usize::from(showpiece)] = s.all_seats();
    assert_valid(&s);
    assert_eq!(
        bonus_options(&s),
        vec![Bonus::TakeTwoProjects, Bonus::AdvantageAndProject]
    );
}

#[test]
fn a_seat_whose_only_open_icons_are_on_a_showpiece_may_convert_at_step_three() {
    // "At any time, during any step, you may convert 2 resources in your reserve into any 1
    // resource to place onto an in-progress project or showpiece." Seat 0 completed its
    // every project in step two, so only its in-progress showpiece has open icons; with 2 in
    // its reserve it still decides whether to convert before the first completion turn.
    let mut s = game(2, 12);
    random_until(&mut s, 3, |s| matches!(s.t.phase, Phase::Work { seat: 1 }));
    let works: Vec<_> = s.t.players[0].projects.to_vec();
    s.table_mut().players[0].projects.clear();
    for w in works {
        let icons = s.cards.projects[usize::from(w.card)].icons.len() as u8;
        s.t.players[0].supply -= icons - w.filled.count_ones() as u8;
        s.t.players[0].awaiting.push(w.card);
    }
    let showpiece = advantage("Clay Bell");
    give_advantage(&mut s, 0, showpiece);
    s.t.players[0].advantages.clear();
    s.table_mut().players[0]
        .showpieces
        .push(crate::sunrise::state::Work {
            card: showpiece,
            filled: 0,
        });
    s.t.advantage_known[usize::from(showpiece)] = s.all_seats();
    let p = &mut s.table_mut().players[0];
    p.supply = p.supply + p.reserve - 2;
    p.reserve = 2;
    assert_valid(&s);
    random_until(&mut s, 4, |s| !matches!(s.t.phase, Phase::Work { .. }));
    assert_eq!(s.t.phase, Phase::Convert { seat: 0 });
    let target = crate::sunrise::data::NUM_ALL_PROJECTS + usize::from(showpiece);
    let crate::sunrise::data::AdvantageEffect::Showpiece { icons, .. } =
        &s.cards.advantages[usize::from(showpiece)].effect
    else {
        unreachable!()
    };
    assert!(legal(&s).contains(&crate::sunrise::actions::convert_action(
        icons[0] as usize,
        target
    )));
    assert!(legal(&s).contains(&END_TURN));
}

#[test]
fn a_drawn_advantage_card_is_known_to_its_drawer_even_one_it_returned_itself() {
    // "Draw & Keep 1 Advantage Card": the drawer holds the top card face-down, so it knows
    // it — also when it is a card the drawer itself had put back ("Discard the card
    // face-down to the bottom of the advantage deck") and so already knew.
    let mut s = game(3, 2);
    until_bonus_choice(&mut s, 5);
    let (seat, _) = acting(&s);
    assert!(bonus_options(&s).contains(&Bonus::AdvantageAndProject));
    let top = s.t.advantage_deck[0];
    let mut returned = s.clone();
    returned.t.advantage_known[usize::from(top)] = 1 << seat;
    for s in [&mut s, &mut returned] {
        play(s, |m| {
            *m == Move::Bonus(Bonus::AdvantageAndProject as usize)
        });
        assert!(s.t.players[seat].advantages.contains(&top));
        assert_eq!(s.t.advantage_known[usize::from(top)], 1 << seat);
    }
}
