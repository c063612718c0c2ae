//! What the seats of a determinization know is made from what the viewer sees only
//! (`canonical_knowledge`): the copy must not carry the others' private looks, which the viewer
//! cannot know, nor lose what it can.

use super::*;
use crate::sorcery::data::{MaterialKind, NUM_MATERIALS, NUM_PROJECTS};

/// At positions of random games from the setup on (2–4 players), every seat's determinization:
/// a grave card in a hand is known to its holder (and to the viewer if it knew it) and to
/// no-one else; any other material in a hand is public; a card in a pile or the grave deck is
/// known at most to the viewer; a project in a deck is known to every seat or to none, but for
/// the one another seat returned there at setup, known to that seat.
#[test]
fn a_determinization_knows_only_what_its_viewer_can_see() {
    let mut checked = [0usize; 3];
    for (players, options) in [(2, json!({})), (3, json!({"staffs": true})), (4, json!({}))] {
        for seed in 0..4 {
            let mut s = game(players, seed, options.clone());
            let mut rng = crate::engine::Rng::seed_from(seed + 31);
            let mut steps = 0;
            while !s.is_terminal() && steps < 200 {
                for viewer in 0..players {
                    let copy = s.resample_hidden(viewer, steps as u64);
                    let (t, vb, all) = (&copy.t, 1u8 << viewer, copy.all_seats());
                    let hidden = t.piles.iter().fold(0, |m, &p| m | p)
                        | t.grave_deck.iter().fold(0, |m, &c| m | bit(usize::from(c)));
                    for c in 0..NUM_MATERIALS {
                        let holder = (0..players).find(|&q| t.players[q].hand & bit(c) != 0);
                        let known = t.known[c];
                        if let Some(q) = holder {
                            if copy.mat(c).kind == MaterialKind::Grave {
                                assert_ne!(known & (1 << q), 0, "card {c} in seat {q}'s hand");
                                assert_eq!(known & !((1 << q) | vb), 0, "card {c}: {known:#b}");
                            } else {
                                assert_eq!(known, all, "public card {c} in a hand");
                            }
                            checked[0] += 1;
                        } else if hidden & bit(c) != 0 {
                            assert_eq!(known & !vb, 0, "card {c} in a pile or the deck");
                            checked[1] += 1;
                        }
                    }
                    for c in (0..NUM_PROJECTS)
                        .filter(|&c| t.decks.iter().any(|d| d.contains(&(c as u8))))
                    {
                        let known = t.project_known[c];
                        if known != 0 && known != all {
                            // Only the project another seat returned at setup, there in the
                            // copy, is known to that seat alone ("Player Setup" 2).
                            let q = known.trailing_zeros() as usize;
                            let p = &t.players[q];
                            let returned = p.project_offer[1 - usize::from(p.project_pick)];
                            assert!(
                                known == 1 << q && q != viewer && returned == c as u8,
                                "project {c} in a deck: {known:#b}"
                            );
                        }
                        checked[2] += usize::from(known == all);
                    }
                }
                let l = legal(&s);
                s.apply_action(l[rng.below(l.len())]).unwrap();
                count_move(&mut steps);
            }
        }
    }
    assert!(checked.iter().all(|&n| n > 20), "{checked:?}");
}
