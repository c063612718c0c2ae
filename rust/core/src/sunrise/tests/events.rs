//! The event log (`public_events`): the move's public sentence, then each public consequence
//! in the rulebook's words, and never a card a viewer may not see.

use super::*;
use crate::sunrise::data::AdvantageEffect;
use crate::sunrise::state::{Completed, TurnStage};

const ROUNDS: [&str; 3] = ["Sunrise", "Midday", "Sunset"];

/// Points as the log writes them: "1 pt", "4 pts".
fn pts(n: impl Into<i64>) -> String {
    match n.into() {
        1 => "1 pt".to_string(),
        n => format!("{n} pts"),
    }
}

/// Names of advantage cards face-up on the table (revealed, showpieces, completed ones).
fn face_up(s: &SunriseState) -> Vec<CardId> {
    s.t.players
        .iter()
        .flat_map(|p| {
            p.revealed
                .iter()
                .copied()
                .chain(p.showpieces.iter().map(|w| w.card))
                .chain(p.completed_showpieces.iter().copied())
        })
        .collect()
}

#[test]
fn random_games_tell_every_kind_of_event_and_no_hidden_card() {
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    for seed in 0..24 {
        let mut s = game(2 + seed as usize % 3, seed);
        let mut rng = Rng::seed_from(seed + 7);
        let mut steps = 0;
        while running(&s, &mut steps) {
            let l = legal(&s);
            let a = l[rng.below(l.len())];
            let actor = s.actor().unwrap();
            let spectator = s.public_events(a, None);
            let mine = s.public_events(a, Some(actor));
            let before = s.clone();
            s.apply_action(a).unwrap();
            assert_eq!(spectator[0], before.public_action_string(a, None));
            assert_eq!(mine[0], before.action_to_string(a));
            assert_eq!(spectator[1..], mine[1..], "consequences are public");
            let mut told = spectator[1..].to_vec();
            told.sort();
            told.dedup();
            assert_eq!(
                told.len(),
                spectator.len() - 1,
                "an event told twice: {spectator:?}"
            );
            let has = |x: &str| spectator.iter().any(|e| e == x);
            // A new round.
            if !s.is_terminal() && (s.t.day, s.t.round) != (before.t.day, before.t.round) {
                let e = format!(
                    "Day {}, {} begins",
                    s.t.day + 1,
                    ROUNDS[usize::from(s.t.round)]
                );
                assert!(has(&e), "{e} missing from {spectator:?}");
                *seen.entry("round").or_default() += 1;
            }
            // Every project whose last icon was just filled.
            for q in 0..s.n() {
                for &c in &s.t.players[q].awaiting {
                    if !before.t.players[q].awaiting.contains(&c) {
                        let p = &s.cards.projects[usize::from(c)];
                        let e = format!(
                            "Seat {q} completes {} (#{}, {})",
                            p.name,
                            p.number,
                            pts(p.points)
                        );
                        assert!(has(&e), "{e} missing from {spectator:?}");
                        *seen.entry("completes").or_default() += 1;
                    }
                }
            }
            // Every new tile.
            for (i, c) in s.t.challenges.iter().enumerate() {
                let card = &s.cards.challenges[usize::from(c.card)];
                if let (Some(high), None) = (c.high, before.t.challenges[i].high) {
                    let e = format!(
                        "Seat {high} takes the higher space of the challenge \"{}\" (+{})",
                        card.name,
                        pts(card.high)
                    );
                    assert!(has(&e), "{e} missing from {spectator:?}");
                    *seen.entry("high").or_default() += 1;
                }
                if c.low.len() > before.t.challenges[i].low.len() {
                    let e = format!(
                        "Seat {} takes the lower space of the challenge \"{}\" (+{})",
                        c.low.last().unwrap(),
                        card.name,
                        pts(card.low)
                    );
                    assert!(has(&e), "{e} missing from {spectator:?}");
                    *seen.entry("low").or_default() += 1;
                }
            }
            // Cards turned face-up.
            if let (
                Some(Move::Reveal(c)),
                Phase::Select { .. } | Phase::Work { .. } | Phase::Complete { .. },
            ) = (decode(a), before.t.phase)
            {
                let e = format!("Seat {actor} reveals {}", s.cards.advantages[c].name);
                assert!(has(&e), "{e} missing from {spectator:?}");
                *seen.entry("reveals").or_default() += 1;
            }
            if s.is_terminal() {
                assert!(spectator
                    .iter()
                    .any(|e| e.starts_with("The cup of coffee goes to seat")
                        || e.starts_with("Nobody wins the cup of coffee")));
                let last = spectator.last().unwrap();
                assert!(
                    last.starts_with("The game ends: seat ") || last.starts_with("Seats "),
                    "{last}"
                );
                *seen.entry("end").or_default() += 1;
            }
            // No viewer but the card's holder reads a card that is not face-up.
            let shown: Vec<CardId> = face_up(&s)
                .into_iter()
                .chain(match decode(a) {
                    Some(Move::Reveal(c)) => Some(c as CardId),
                    _ => None,
                })
                .collect();
            for (id, card) in s.cards.advantages.iter().enumerate() {
                if shown.contains(&(id as CardId)) {
                    continue;
                }
                for viewer in [None, Some((actor + 1) % s.n())] {
                    let told = before.public_events(a, viewer).join(" | ");
                    let hidden_name = !shown
                        .iter()
                        .any(|&c| s.cards.advantages[usize::from(c)].name.contains(&card.name));
                    assert!(
                        !(hidden_name && told.contains(&card.name)),
                        "viewer {viewer:?} reads hidden card {} in {told}",
                        card.name
                    );
                }
            }
        }
    }
    for kind in ["round", "completes", "high", "low", "reveals", "end"] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) > 0,
            "no {kind} event: {seen:?}"
        );
    }
}

#[test]
fn completing_a_showpiece_is_told() {
    let mut s = game(2, 12);
    random_until(&mut s, 6, |s| matches!(s.t.phase, Phase::Work { seat: 0 }));
    let card = advantage("Porcelain Thimble");
    give_advantage(&mut s, 0, card);
    let events = s.public_events(crate::sunrise::actions::REVEAL + u32::from(card), None);
    assert_eq!(events[1], "Seat 0 reveals Porcelain Thimble");
    play(&mut s, |m| *m == Move::Reveal(usize::from(card)));
    let (icons, points) = match &s.cards.advantages[usize::from(card)].effect {
        AdvantageEffect::Showpiece { icons, points, .. } => (icons.clone(), *points),
        _ => unreachable!(),
    };
    to_reserve(&mut s, 0, 2 * icons.len() as u8);
    for (i, r) in icons.iter().enumerate() {
        let a = crate::sunrise::actions::convert_action(
            *r as usize,
            crate::sunrise::data::NUM_ALL_PROJECTS + usize::from(card),
        );
        let events = s.public_events(a, Some(1));
        let told = format!(
            "Seat 0 completes the showpiece Porcelain Thimble ({})",
            pts(points)
        );
        assert_eq!(events.contains(&told), i + 1 == icons.len(), "{events:?}");
        s.apply_action(a).unwrap();
    }
}

/// A finished 2-player table: both seats cleared, then given these completed projects.
fn final_table(seat0: &[&str], seat1: &[&str]) -> SunriseState {
    let mut s = game(2, 1);
    random_until(&mut s, 1, |_| false);
    for q in 0..2 {
        let p = &mut s.table_mut().players[q];
        for w in p.projects.iter() {
            p.supply += w.filled.count_ones() as u8;
        }
        p.projects.clear();
        for w in p.showpieces.iter() {
            p.supply += w.filled.count_ones() as u8;
        }
        p.showpieces.clear();
        p.completed.clear();
        p.completed_showpieces.clear();
        p.revealed.clear();
        p.advantages.clear();
        p.supply += p.reserve;
        p.reserve = 0;
        for c in s.t.challenges.iter_mut() {
            c.high = None;
            c.low.clear();
        }
    }
    for (q, names) in [seat0, seat1].iter().enumerate() {
        for n in *names {
            let card = project(n);
            let glaze = s.cards.projects[usize::from(card)].glazes[0] as u8;
            s.t.players[q].completed.push(Completed { card, glaze });
        }
    }
    s
}

fn game_end_events(s: &SunriseState) -> Vec<String> {
    let mut out = Vec::new();
    s.tell_game_end(s, None, &mut out);
    out
}

#[test]
fn a_tie_is_told_with_the_rulebooks_tiebreaker() {
    // Two projects with equal points and no beans: the lower project number wins.
    let set = CardSet::default_set();
    let (a, b) = (0..30)
        .flat_map(|i| (0..30).map(move |j| (i, j)))
        .find(|&(i, j)| {
            let (p, q) = (&set.projects[i], &set.projects[j]);
            p.number < q.number && p.points == q.points && p.beans == 0 && q.beans == 0
        })
        .unwrap();
    let (pa, pb) = (&set.projects[a], &set.projects[b]);
    let s = final_table(&[&pb.name], &[&pa.name]);
    let points = pa.points;
    assert_eq!(
        game_end_events(&s),
        vec![
            "Nobody wins the cup of coffee: seats 0 and 1 tie on 0 beans".to_string(),
            format!(
                "Seats 1 and 0 tie on {points}: seat 1 wins with project #{} before #{}",
                pa.number, pb.number
            ),
        ]
    );
    // Only starting projects (excluded from the tiebreaker): seat order decides.
    let s = final_table(&["First Light Mug"], &["Practice Plate"]);
    assert_eq!(
        game_end_events(&s)[1],
        "Seats 0 and 1 tie on 2: the tiebreaker cannot separate them: seat 0 wins by seat order"
    );
}

#[test]
fn the_cup_of_coffee_and_the_winner_are_told() {
    let set = CardSet::default_set();
    let bean = set
        .projects
        .iter()
        .position(|p| p.beans == 1 && !p.starting)
        .unwrap();
    let p = &set.projects[bean];
    let s = final_table(&[&p.name], &[]);
    assert_eq!(
        game_end_events(&s),
        vec![
            "The cup of coffee goes to seat 0 (1 bean)".to_string(),
            format!(
                "The game ends: seat 0 wins with {}",
                pts(i32::from(p.points) + 3)
            ),
        ]
    );
    let _ = TurnStage::Finish;
}
