//! "Complete a Studio Challenge" and the "Studies Challenges List".

use super::*;
use crate::sunrise::actions::GLAZE;
use crate::sunrise::state::{Completed, TurnStage};

fn completed(s: &SunriseState, names: &[&str]) -> Vec<Completed> {
    names
        .iter()
        .map(|n| {
            let c = project(n);
            Completed {
                card: c,
                glaze: s.cards.projects[usize::from(c)].glazes[0] as u8,
            }
        })
        .collect()
}

fn meets(s: &mut SunriseState, names: &[&str], challenge_name: &str) -> bool {
    let list = completed(s, names);
    s.t.players[0].completed = list.into_iter().collect();
    s.meets_challenge(0, usize::from(challenge(challenge_name)))
}

#[test]
fn each_challenge_condition_of_the_list() {
    let mut s = game(2, 1);
    // Two mugs: 2 completed projects of the same project type (the rulebook's example).
    assert!(meets(
        &mut s,
        &["First Light Mug", "Stoneware Camp Mug"],
        "Matching Pair"
    ));
    assert!(!meets(
        &mut s,
        &["First Light Mug", "Crackle Vase"],
        "Matching Pair"
    ));
    // 3 of 3 different clay types.
    assert!(meets(
        &mut s,
        &["First Light Mug", "Stoneware Camp Mug", "Crackle Vase"],
        "Clay Sampler"
    ));
    assert!(!meets(
        &mut s,
        &["First Light Mug", "Earthen Serving Bowl", "Crackle Vase"],
        "Clay Sampler"
    ));
    // 4 different project types needs four types.
    assert!(!meets(
        &mut s,
        &[
            "First Light Mug",
            "Stoneware Camp Mug",
            "Crackle Vase",
            "Earthen Serving Bowl"
        ],
        "Full Catalog"
    ));
    assert!(meets(
        &mut s,
        &[
            "First Light Mug",
            "Practice Plate",
            "Crackle Vase",
            "Earthen Serving Bowl"
        ],
        "Full Catalog"
    ));
}

#[test]
fn showpieces_never_count_for_challenges() {
    let mut s = game(2, 1);
    assert!(!meets(&mut s, &["First Light Mug"], "Matching Pair"));
    // A completed showpiece is not a project, whatever it looks like.
    s.t.players[0]
        .completed_showpieces
        .push(advantage("Sunrise Sculpture"));
    assert!(!s.meets_challenge(0, usize::from(challenge("Matching Pair"))));
}

#[test]
fn a_two_glaze_project_counts_as_the_one_glaze_its_player_chooses() {
    let mut s = game(2, 1);
    let ewer = project("Grand Porcelain Ewer"); // light + luster
    let glazes: Vec<u8> = s.cards.projects[usize::from(ewer)]
        .glazes
        .iter()
        .map(|g| *g as u8)
        .collect();
    assert_eq!(glazes.len(), 2);
    let mut list = completed(&s, &["First Light Mug", "Crackle Vase"]); // light, dark
    list.push(Completed {
        card: ewer,
        glaze: glazes[0],
    });
    s.t.players[0].completed = list.iter().copied().collect();
    let palette = usize::from(challenge("Glaze Palette"));
    let light_glaze = s.meets_challenge(0, palette);
    s.t.players[0].completed[2].glaze = glazes[1];
    let luster_glaze = s.meets_challenge(0, palette);
    // As light it repeats the mug's glaze; as luster it makes three different glazes.
    assert!(!light_glaze && luster_glaze);
}

#[test]
fn tiles_go_high_to_the_first_completer_and_low_to_later_ones_once_each() {
    let mut glaze_choices = 0;
    let mut tiles = 0;
    for seed in 0..60 {
        let mut s = game(2 + seed as usize % 3, seed);
        let mut rng = Rng::seed_from(seed + 1);
        let mut steps = 0;
        while running(&s, &mut steps) {
            let before = s.clone();
            if let Phase::Complete {
                project,
                turn: TurnStage::ChooseGlaze,
                ..
            } = s.t.phase
            {
                let g: Vec<u32> = s.cards.projects[usize::from(project)]
                    .glazes
                    .iter()
                    .map(|g| GLAZE + *g as u32 - 3)
                    .collect();
                let mut l = legal(&s);
                l.sort_unstable();
                let mut g_sorted = g.clone();
                g_sorted.sort_unstable();
                assert_eq!(
                    l, g_sorted,
                    "the glaze choice offers exactly the project's two glazes"
                );
                glaze_choices += 1;
            }
            let l = legal(&s);
            s.apply_action(l[rng.below(l.len())]).unwrap();
            for (i, c) in s.t.challenges.iter().enumerate() {
                let old = &before.t.challenges[i];
                let new_seats: Vec<u8> = c
                    .high
                    .iter()
                    .chain(c.low.iter())
                    .filter(|x| old.high != Some(**x) && !old.low.contains(x))
                    .copied()
                    .collect();
                for seat in new_seats {
                    tiles += 1;
                    // Only during that seat's own completion turn, and only if it qualifies.
                    assert!(matches!(before.t.phase, Phase::Complete { seat: q, .. } if q == seat));
                    assert!(s.meets_challenge(usize::from(seat), usize::from(c.card)));
                    // High only for the first completer.
                    assert_eq!(c.high == Some(seat), old.high.is_none());
                }
            }
            // Whoever reaches the end of a completion turn holds every challenge it meets.
            if let Phase::Complete {
                seat,
                turn: TurnStage::Finish,
                ..
            } = s.t.phase
            {
                for c in &s.t.challenges {
                    if s.meets_challenge(usize::from(seat), usize::from(c.card)) {
                        assert!(c.high == Some(seat) || c.low.contains(&seat));
                    }
                }
            }
        }
    }
    assert!(
        tiles > 50 && glaze_choices > 0,
        "tiles {tiles}, glaze choices {glaze_choices}"
    );
}

/// The test's own reading of "N completed projects of the same clay / glaze type": the most
/// completed projects sharing one clay, or one counted glaze (each project counts its one
/// chosen glaze).
fn most_alike(s: &SunriseState, seat: usize, glaze: bool) -> usize {
    let mut counts = std::collections::HashMap::new();
    for c in &s.t.players[seat].completed {
        let key = if glaze {
            c.glaze
        } else {
            s.cards.projects[usize::from(c.card)].clay as u8
        };
        *counts.entry(key).or_insert(0usize) += 1;
    }
    counts.values().copied().max().unwrap_or(0)
}

#[test]
fn same_clay_3_and_same_glaze_4_are_won_exactly_when_reached() {
    // Random games with "Clay Specialist" (3 of one clay) and "Signature Glaze" (4 of one
    // glaze) in play: a seat gains the tile exactly at the completion turn where the test's
    // own count first reaches 3 (4), and holds it from then on.
    let (clay, glaze) = (challenge("Clay Specialist"), challenge("Signature Glaze"));
    let mut won = [0, 0];
    for seed in 0..80 {
        let mut s = game(2 + seed as usize % 3, seed);
        let third =
            s.t.challenges
                .iter()
                .map(|c| c.card)
                .find(|&c| c != clay && c != glaze)
                .unwrap();
        s.t.challenges[0].card = clay;
        s.t.challenges[1].card = glaze;
        s.t.challenges[2].card = if third == clay || third == glaze {
            challenge("Matching Pair")
        } else {
            third
        };
        assert_valid(&s);
        let mut rng = Rng::seed_from(seed + 3);
        let mut steps = 0;
        while running(&s, &mut steps) {
            let l = legal(&s);
            s.apply_action(l[rng.below(l.len())]).unwrap();
            if let Phase::Complete {
                seat,
                turn: TurnStage::Finish,
                ..
            } = s.t.phase
            {
                let seat = usize::from(seat);
                for (i, need, is_glaze) in [(0, 3, false), (1, 4, true)] {
                    let c = &s.t.challenges[i];
                    let holds = c.high == Some(seat as u8) || c.low.contains(&(seat as u8));
                    assert_eq!(
                        holds,
                        most_alike(&s, seat, is_glaze) >= need,
                        "seed {seed} seat {seat} challenge {i}"
                    );
                    won[i] += usize::from(holds);
                }
            }
        }
    }
    assert!(won[0] > 0 && won[1] > 0, "tiles seen: {won:?}");
}

/// Seat 0 completes the two-glaze Harvest Pitcher by conversion in step two; returns the
/// state at its completion turn's bonus choice.
fn harvest_pitcher_turn(challenges: [&str; 3], held_by_seat_0: Option<&str>) -> SunriseState {
    let mut s = game(2, 8);
    random_until(&mut s, 2, |s| matches!(s.t.phase, Phase::Work { seat: 0 }));
    for (i, name) in challenges.iter().enumerate() {
        s.t.challenges[i].card = challenge(name);
        s.t.challenges[i].high = None;
        s.t.challenges[i].low.clear();
        if Some(*name) == held_by_seat_0 {
            s.t.challenges[i].high = Some(0);
        }
    }
    let p = project("Harvest Pitcher");
    set_project(&mut s, 0, p, &[0]);
    to_reserve(&mut s, 0, 2);
    assert_valid(&s);
    let r = s.cards.projects[usize::from(p)].icons[0] as usize;
    play(&mut s, |m| {
        *m == Move::Convert {
            resource: r,
            target: usize::from(p),
        }
    });
    random_until(
        &mut s,
        4,
        |s| matches!(s.t.phase, Phase::Complete { project, turn: TurnStage::ChooseBonus, .. } if project == p),
    );
    s
}

/// Whether seat 0 is asked the glaze after choosing its bonus (Draw 3 & Keep 1 if allowed).
fn asked_glaze(mut s: SunriseState) -> bool {
    let pick = legal(&s)
        .into_iter()
        .filter(|&a| matches!(decode(a), Some(Move::Bonus(_))))
        .max()
        .unwrap();
    s.apply_action(pick).unwrap();
    let mut steps = 0;
    while !matches!(
        s.t.phase,
        Phase::Complete {
            turn: TurnStage::ChooseGlaze | TurnStage::Finish,
            ..
        }
    ) && running(&s, &mut steps)
        && matches!(s.t.phase, Phase::Complete { seat: 0, .. })
    {
        let a = legal(&s)[0];
        s.apply_action(a).unwrap();
    }
    matches!(
        s.t.phase,
        Phase::Complete {
            turn: TurnStage::ChooseGlaze,
            ..
        }
    )
}

#[test]
fn the_glaze_question_is_asked_only_while_a_glaze_challenge_can_be_won() {
    let no_glaze = ["Matching Pair", "Clay Specialist", "Full Catalog"];
    let with_glaze = ["Matching Pair", "Glaze Palette", "Full Catalog"];
    assert!(!asked_glaze(harvest_pitcher_turn(no_glaze, None)));
    assert!(asked_glaze(harvest_pitcher_turn(with_glaze, None)));
    // Seat 0 already holds the only glaze challenge: nothing left to win with the glaze.
    assert!(!asked_glaze(harvest_pitcher_turn(
        with_glaze,
        Some("Glaze Palette")
    )));
}
