//! "Step Two: Work on Projects": placing resources, the reserve, using every card,
//! converting reserve resources.

use super::*;
use crate::sunrise::actions::{place_action, RESERVE_TARGET};
use crate::sunrise::data::{Resource, ResourceIcons, NUM_ALL_PROJECTS};
use crate::sunrise::state::TurnStage;

#[test]
fn placements_match_icons_and_every_card_must_be_used() {
    // Over many positions of step two: a placement onto a work needs a card that offers
    // the resource and an open icon of it; every such placement is offered; the reserve
    // takes any card; finishing is possible only with an empty wheel.
    for seed in 0..30 {
        let mut s = game(2 + (seed as usize % 3), seed);
        random_until(&mut s, seed, |s| matches!(s.t.phase, Phase::Work { .. }));
        let mut rng = Rng::seed_from(seed);
        let mut steps = 0;
        while let Phase::Work { seat } = s.t.phase {
            count_move(&mut steps);
            let seat = usize::from(seat);
            let l = legal(&s);
            let p = &s.t.players[seat];
            for (slot, wc) in p.wheel.iter().enumerate() {
                let icons = s.cards.resource_cards[usize::from(wc.card)].icons;
                // A card identical to an earlier one on the wheel is offered through that one.
                let twin = p.wheel[..slot].iter().any(|e| {
                    s.cards.resource_cards[usize::from(e.card)].icons == icons && e.used == wc.used
                });
                if twin {
                    let first = crate::sunrise::actions::place_action(slot, 0, 0);
                    let last = crate::sunrise::actions::place_action(slot + 1, 0, 0);
                    assert!(l.iter().all(|a| !(first..last).contains(a)));
                    continue;
                }
                let offers = |r: usize| match icons {
                    ResourceIcons::Single(x) => x as usize == r,
                    ResourceIcons::Wild => true,
                    ResourceIcons::Either(a, b) => a as usize == r || b as usize == r,
                    ResourceIcons::Two(a, b) => {
                        (a as usize == r && wc.used & 1 == 0)
                            || (b as usize == r && wc.used & 2 == 0)
                    }
                };
                assert!((0..9).any(|r| l.contains(&place_action(slot, r, RESERVE_TARGET))));
                for w in &p.projects {
                    let icons_of = &s.cards.projects[usize::from(w.card)].icons;
                    for r in 0..9 {
                        let open = icons_of
                            .iter()
                            .enumerate()
                            .any(|(i, x)| *x as usize == r && w.filled & (1 << i) == 0);
                        let a = place_action(slot, r, usize::from(w.card));
                        assert_eq!(
                            l.contains(&a),
                            open && offers(r),
                            "slot {slot} r {r} project {}",
                            w.card
                        );
                    }
                }
            }
            assert_eq!(
                l.contains(&crate::sunrise::actions::END_WORK),
                p.wheel.is_empty()
            );
            s.apply_action(l[rng.below(l.len())]).unwrap();
        }
    }
}

#[test]
fn a_two_resource_card_places_both_resources() {
    let mut s = game(2, 21);
    random_until(&mut s, 1, |s| matches!(s.t.phase, Phase::Work { seat: 0 }));
    let two = (0..48u8)
        .find(|&c| {
            matches!(
                s.cards.resource_cards[usize::from(c)].icons,
                ResourceIcons::Two(..)
            ) && s.cards.resource_cards[usize::from(c)].min_players == 2
        })
        .unwrap();
    let target = s.t.players[0].wheel[0].card;
    swap_resource_cards(&mut s, target, two);
    assert_valid(&s);
    let slot = s.t.players[0]
        .wheel
        .iter()
        .position(|w| w.card == two)
        .unwrap();
    // Which part goes to the reserve is a choice, and each option says which part.
    let ResourceIcons::Two(a, b) = s.cards.resource_cards[usize::from(two)].icons else {
        unreachable!()
    };
    let label = format!("{}+{}", a.label(), b.label());
    let mut sentences: Vec<String> = moves(&s)
        .into_iter()
        .filter(
            |(_, m)| matches!(m, Move::Place { slot: x, target: RESERVE_TARGET, .. } if *x == slot),
        )
        .map(|(a, _)| s.describe(a))
        .collect();
    sentences.sort();
    let mut expected = vec![
        format!("Place {} from {label} into the reserve", a.label()),
        format!("Place {} from {label} into the reserve", b.label()),
    ];
    expected.sort();
    assert_eq!(sentences, expected);
    let (reserve, supply) = (s.t.players[0].reserve, s.t.players[0].supply);
    // Either part first: the other is what the card has left.
    for (first, other) in [(a, b), (b, a)] {
        let mut s = s.clone();
        let place = |s: &mut SunriseState, slot: usize, r: Resource| {
            play(s, |m| {
                matches!(m, Move::Place { slot: x, resource, target: RESERVE_TARGET }
                    if *x == slot && *resource == r as usize)
            })
        };
        place(&mut s, slot, first);
        // Still on the wheel with one part left; the other part must be placed too.
        let slot = s.t.players[0]
            .wheel
            .iter()
            .position(|w| w.card == two)
            .expect("one part left");
        let left: Vec<String> = moves(&s)
            .into_iter()
            .filter(
                |(_, m)| matches!(m, Move::Place { slot: x, target: RESERVE_TARGET, .. } if *x == slot),
            )
            .map(|(a, _)| s.describe(a))
            .collect();
        assert_eq!(
            left,
            [format!(
                "Place {} from {label} into the reserve",
                other.label()
            )]
        );
        place(&mut s, slot, other);
        assert!(s.t.players[0].wheel.iter().all(|w| w.card != two));
        assert!(s.t.wastebasket.contains(&two));
        assert_eq!(s.t.players[0].reserve, reserve + 2);
        assert_eq!(s.t.players[0].supply, supply - 2);
    }
}

#[test]
fn converting_two_reserve_resources_completes_a_project_for_step_three() {
    let mut s = game(3, 8);
    random_until(&mut s, 2, |s| matches!(s.t.phase, Phase::Work { seat: 0 }));
    let p = project("Speckled Mug");
    set_project(&mut s, 0, p, &[0]);
    to_reserve(&mut s, 0, 2);
    assert_valid(&s);
    let supply = s.t.players[0].supply;
    let resource = s.cards.projects[usize::from(p)].icons[0] as usize;
    play(&mut s, |m| {
        *m == Move::Convert {
            resource,
            target: usize::from(p),
        }
    });
    // One of the two returns to the supply, the other fills the icon.
    assert_eq!(s.t.players[0].reserve, 0);
    assert_eq!(s.t.players[0].supply, supply + 1);
    assert!(s.t.players[0].projects.iter().all(|w| w.card != p));
    assert_eq!(&*s.t.players[0].awaiting, &[p]);
    assert_valid(&s);
    // Step three then takes it up (unless another player's lower number comes first).
    random_until(&mut s, 3, |s| !matches!(s.t.phase, Phase::Work { .. }));
    assert!(matches!(s.t.phase, Phase::Complete { .. }));
}

#[test]
fn a_player_out_of_resources_takes_from_the_community_supply() {
    let mut s = game(2, 4);
    random_until(&mut s, 5, |s| matches!(s.t.phase, Phase::Work { seat: 0 }));
    let all = s.t.players[0].supply;
    s.t.players[0].supply = 0;
    s.t.community_supply += all;
    let community = s.t.community_supply;
    play(&mut s, |m| {
        matches!(
            m,
            Move::Place {
                target: RESERVE_TARGET,
                ..
            }
        )
    });
    assert_eq!(s.t.community_supply, community - 1);
    assert_eq!(s.t.players[0].reserve, 1);
}

#[test]
fn showpieces_take_resources_and_complete_without_a_bonus_action() {
    let mut s = game(2, 12);
    random_until(&mut s, 6, |s| matches!(s.t.phase, Phase::Work { seat: 0 }));
    let card = advantage("Porcelain Thimble");
    let i = s.t.advantage_deck.iter().position(|&c| c == card).unwrap();
    s.t.advantage_deck.remove(i);
    s.t.players[0].advantages.push(card);
    s.t.advantage_known[usize::from(card)] = 1;
    play(&mut s, |m| *m == Move::Reveal(usize::from(card)));
    assert_eq!(s.t.players[0].showpieces.len(), 1);
    // Fill it by conversions.
    let icons = match &s.cards.advantages[usize::from(card)].effect {
        crate::sunrise::data::AdvantageEffect::Showpiece { icons, .. } => icons.clone(),
        _ => unreachable!(),
    };
    to_reserve(&mut s, 0, 2 * icons.len() as u8);
    let supply = s.t.players[0].supply;
    for r in &icons {
        play(&mut s, |m| {
            *m == Move::Convert {
                resource: *r as usize,
                target: NUM_ALL_PROJECTS + usize::from(card),
            }
        });
    }
    // Completed at once: resources back to the supply, no step-three turn for it.
    assert_eq!(&*s.t.players[0].completed_showpieces, &[card]);
    assert_eq!(s.t.players[0].supply, supply + 2 * icons.len() as u8);
    assert!(s.t.players[0].awaiting.is_empty());
    assert_valid(&s);
    random_until(&mut s, 7, |s| !matches!(s.t.phase, Phase::Work { .. }));
    if let Phase::Complete {
        project,
        turn: TurnStage::ChooseBonus,
        ..
    } = s.t.phase
    {
        assert!(usize::from(project) < NUM_ALL_PROJECTS);
    }
}

#[test]
fn with_the_community_supply_empty_a_player_takes_from_another_players_unused_supply() {
    // 4 players: "In a 4-player game, no resources will remain", so a seat that runs out
    // takes from "another player's unused supply".
    let mut s = game(4, 4);
    random_until(&mut s, 5, |s| matches!(s.t.phase, Phase::Work { seat: 0 }));
    assert_eq!(s.t.community_supply, 0);
    let mine = s.t.players[0].supply;
    s.t.players[0].supply = 0;
    s.t.players[2].supply += mine;
    assert_valid(&s);
    let others: u32 = (1..4).map(|q| u32::from(s.t.players[q].supply)).sum();
    let reserve = s.t.players[0].reserve;
    play(&mut s, |m| {
        matches!(
            m,
            Move::Place {
                target: RESERVE_TARGET,
                ..
            }
        )
    });
    assert_eq!(s.t.players[0].reserve, reserve + 1);
    assert_eq!(s.t.players[0].supply, 0);
    let now: u32 = (1..4).map(|q| u32::from(s.t.players[q].supply)).sum();
    assert_eq!(
        now,
        others - 1,
        "one resource came from another player's supply"
    );
    assert_valid(&s);
}

#[test]
fn with_no_resource_left_anywhere_a_card_is_used_and_nothing_is_placed() {
    // "If you run out, you may take resources from the community supply or another player's
    // unused supply"; "You must use all resource cards". With every supply empty (all 60
    // resources in the reserves) the rulebook offers no resource: the card can only be
    // used up into the reserve, which gains nothing.
    let mut s = game(4, 4);
    random_until(&mut s, 5, |s| matches!(s.t.phase, Phase::Work { seat: 0 }));
    assert_eq!(s.t.community_supply, 0);
    // Seat 0 has a project with an open icon its first wheel card could fill.
    let (offer, _) = s.offers(&s.t.players[0].wheel[0]);
    let fits =
        *s.t.project_deck
            .iter()
            .find(|&&c| {
                s.cards.projects[usize::from(c)]
                    .icons
                    .iter()
                    .any(|&r| offer & (1 << r as u16) != 0)
            })
            .unwrap();
    set_project(&mut s, 0, fits, &[0, 1, 2, 3, 4, 5]);
    let onto_fits = |s: &SunriseState| {
        moves(s)
            .iter()
            .any(|(_, m)| matches!(m, Move::Place { target, .. } if *target == usize::from(fits)))
    };
    assert!(
        onto_fits(&s),
        "while resources are left, the card may go onto it"
    );
    for q in 0..4 {
        let all = s.t.players[q].supply;
        to_reserve(&mut s, q, all);
    }
    assert_valid(&s);
    let places: Vec<usize> = moves(&s)
        .into_iter()
        .filter_map(|(_, m)| match m {
            Move::Place { target, .. } => Some(target),
            _ => None,
        })
        .collect();
    assert!(!places.is_empty());
    assert!(
        places.iter().all(|&t| t == RESERVE_TARGET),
        "no resource to place on a project: {places:?}"
    );
    let reserves: Vec<u8> = s.t.players.iter().map(|p| p.reserve).collect();
    let wheel = s.t.players[0].wheel;
    play(&mut s, |m| {
        matches!(
            m,
            Move::Place {
                target: RESERVE_TARGET,
                ..
            }
        )
    });
    assert_ne!(s.t.players[0].wheel, wheel, "the card was used");
    let after: Vec<u8> = s.t.players.iter().map(|p| p.reserve).collect();
    assert_eq!(after, reserves);
    assert!(s.t.players.iter().all(|p| p.supply == 0));
    assert_valid(&s);
}
