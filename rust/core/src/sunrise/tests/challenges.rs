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
        while !s.is_terminal() {
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
