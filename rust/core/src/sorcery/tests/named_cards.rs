//! The rulebook's named cards: Mismatched Bone, Spectral Sight, Crawling Claw (and the
//! Alchemy FAQ), Cleansing Cauldron (and the +1/−1 tokens FAQ), lunar abilities, the solo
//! removals; one scenario per effect kind of the vocabulary.

use serde_json::json;

use super::*;
use crate::sorcery::data::{Effect, Icon, MaterialKind};
use crate::sorcery::state::ids;

fn complete_with(s: &mut SorceryState, id: usize, cards: &[(usize, usize)]) {
    give_project(s, 0, id);
    for &(m, _) in cards {
        give(s, 0, m);
    }
    s.t.phase = Phase::Commit { seat: 0 };
    s.t.turn = Turn {
        stage: Stage::Commit,
        limit: 6,
        ..Turn::default()
    };
    for &(m, icon) in cards {
        act(s, Move::Commit(m));
        act(s, Move::CommitTo { project: id, icon });
    }
    act(s, Move::Stop);
    act(s, Move::Stop);
}

#[test]
fn mismatched_bone_gives_a_demerit_for_skull_rib_cage_or_hand_but_not_its_limb() {
    let set = CardSet::default_set();
    let bone = mat("Mismatched Bone", 0);
    let c = &set.materials[bone];
    assert_eq!(c.value, 1);
    for (icon, demerit) in [
        (Icon::Skull, true),
        (Icon::RibCage, true),
        (Icon::Hand, true),
        (Icon::Limb, false),
    ] {
        let mut s = started(2, 51, json!({}));
        let id = match icon {
            Icon::Skull => proj("Lantern Hex"),     // Candle, Skull
            Icon::RibCage => proj("Rattling Ribs"), // Rib Cage, Limb
            Icon::Hand => proj("Twitching Finger"), // Hand, Hand
            _ => proj("Brass Knuckles"),            // Ring, Limb
        };
        // Fill the other icons first so the bone completes the project.
        give_project(&mut s, 0, id);
        let icons = s.proj(id).icons.clone();
        let at = icons.iter().position(|&i| i == icon).unwrap();
        let filler = [
            mat("Tarnished Ring", 0),
            mat("Femur", 0),
            mat("Severed Hand", 0),
            mat("Rib Cage", 0),
        ];
        let mut k = 0;
        for (i, ic) in icons.iter().enumerate() {
            if i == at {
                continue;
            }
            let m = if *ic == Icon::Candle {
                s.cards.candles.trailing_zeros() as usize
            } else {
                filler
                    .iter()
                    .copied()
                    .find(|&m| s.mat(m).icons & (1 << *ic as u8) != 0)
                    .unwrap()
            };
            take_material(&mut s, m);
            s.t.known[m] = s.all_seats();
            let w = s.t.players[0]
                .projects
                .iter_mut()
                .find(|w| usize::from(w.card) == id)
                .unwrap();
            w.slots[i] = m as u8;
            k += 1;
        }
        assert_eq!(k, icons.len() - 1);
        give(&mut s, 0, bone);
        s.t.phase = Phase::Commit { seat: 0 };
        s.t.turn = Turn {
            stage: Stage::Commit,
            limit: 2,
            ..Turn::default()
        };
        act(&mut s, Move::Commit(bone));
        act(
            &mut s,
            Move::CommitTo {
                project: id,
                icon: icon as usize,
            },
        );
        act(&mut s, Move::Stop);
        act(&mut s, Move::Stop);
        assert_eq!(
            completed(&s, 0, id),
            Some((0, u8::from(demerit))),
            "{icon:?}"
        );
        assert_valid(&s);
    }
}

#[test]
fn spectral_sight_takes_any_three_cards_then_deals_one_to_each_pile() {
    let set = CardSet::default_set();
    let id = proj("Spectral Sight");
    let c = &set.projects[id];
    assert_eq!((c.level, c.cost, c.credits), (100, 2, 2));
    assert_eq!(c.icons, vec![Icon::Candle, Icon::Hand]);
    assert_eq!(
        c.ability.as_ref().unwrap().effect,
        Effect::SpectralSight { count: 3 }
    );

    let mut s = started(2, 52, json!({}));
    give_completed(&mut s, 0, id);
    action_turn(&mut s, 0);
    let before: Vec<u32> = s.t.piles.iter().map(|p| p.count_ones()).collect();
    let all = s.t.piles.iter().fold(0, |a, &p| a | p);
    act(&mut s, Move::Ability(id));
    // "Look through all grave piles": every pile card is now known to seat 0.
    assert!(ids(all).all(|c| s.t.known[c] & 1 != 0));
    let picks: Vec<usize> = s.t.piles.iter().flat_map(|&p| ids(p)).collect();
    // Any three, e.g. two from one pile and one from another (pile by pile).
    let take = [picks[0], picks[1], picks[picks.len() - 1]];
    for &g in &take {
        act(&mut s, Move::TakeGrave(g));
    }
    for &g in &take {
        assert!(s.t.players[0].hand & bit(g) != 0);
    }
    let after: u32 = s.t.piles.iter().map(|p| p.count_ones()).sum();
    assert_eq!(
        after,
        before.iter().sum::<u32>() - 3 + 3,
        "one card dealt to each pile"
    );
    assert_eq!(s.t.phase, Phase::Action { seat: 1 });
    assert_valid(&s);
}

#[test]
fn crawling_claw_completes_an_alchemy_project_in_place_without_a_demerit() {
    // FAQ: "Since the project is completed in place without requiring you to commit a
    // material, it does not trigger the penalty on the Alchemy project."
    let mut s = started(2, 53, json!({}));
    let claw = proj("Crawling Claw");
    give_completed(&mut s, 0, claw);
    // An Alchemy project with all but a Hand... use Panacea's Hand: Vial, Mushroom, Mushroom,
    // Hand, Candle. Fill everything but the Hand in one cram earlier this week.
    let id = proj("Panacea");
    give_project(&mut s, 0, id);
    let fill = [
        s.cards.vials.trailing_zeros() as usize,
        mat("Toadstool", 0),
        mat("Toadstool", 1),
        usize::MAX,
        s.cards.candles.trailing_zeros() as usize,
    ];
    for (i, &m) in fill.iter().enumerate() {
        if m != usize::MAX {
            take_material(&mut s, m);
            s.t.known[m] = s.all_seats();
            s.t.players[0]
                .projects
                .iter_mut()
                .find(|w| usize::from(w.card) == id)
                .unwrap()
                .slots[i] = m as u8;
        }
    }
    action_turn(&mut s, 0);
    act(&mut s, Move::Ability(claw));
    act(
        &mut s,
        Move::Fill {
            project: id,
            icon: Icon::Hand as usize,
        },
    );
    assert_eq!(completed(&s, 0, id), Some((0, 0)), "completed, no demerit");
    assert_valid(&s);
}

#[test]
fn cleansing_cauldron_removes_demerits_and_leaves_extra_credits() {
    // FAQ: "The tokens remain on the project as there are cards that may manipulate
    // specific token types (e.g. Cleansing Cauldron)."
    let mut s = started(2, 54, json!({}));
    let cauldron = proj("Cleansing Cauldron");
    assert_eq!(
        CardSet::default_set().projects[cauldron]
            .ability
            .as_ref()
            .unwrap()
            .effect,
        Effect::RemoveDemerits
    );
    give_completed(&mut s, 0, cauldron);
    let id = proj("Skull Study");
    complete_with(
        &mut s,
        id,
        &[(mat("Grinning Skull", 0), 1), (mat("Bone Dust", 0), 1)],
    );
    assert_eq!(
        completed(&s, 0, id),
        Some((1, 1)),
        "+1 and -1 both stay on the project"
    );
    action_turn(&mut s, 0);
    act(&mut s, Move::Ability(cauldron));
    act(&mut s, Move::TokenProject(id));
    assert_eq!(
        completed(&s, 0, id),
        Some((1, 0)),
        "only the demerit is removed"
    );
    assert_eq!(s.public_score(0), 4 /* cauldron */ + 3 + 1);
}

#[test]
fn lunar_abilities_only_in_their_moon_phase() {
    let mut s = started(2, 55, json!({}));
    let rift = proj("Minor Rift"); // lunar 1: draw 2
    give_completed(&mut s, 0, rift);
    for week in 0..4 {
        s.t.week = week;
        action_turn(&mut s, 0);
        assert_eq!(
            legal_moves(&s).contains(&Move::Ability(rift)),
            week == 0,
            "week {}",
            week + 1
        );
    }
    s.t.week = 0;
    action_turn(&mut s, 0);
    let hand = s.t.players[0].hand.count_ones();
    act(&mut s, Move::Ability(rift));
    assert_eq!(s.t.players[0].hand.count_ones(), hand + 2, "draw_grave 2");
}

#[test]
fn take_stock_either_offers_both_in_any_order_and_add_credits_places_tokens() {
    let mut s = started(2, 56, json!({}));
    let philter = proj("Philter Practice"); // action: take 2 candles or vials
    let lucky = proj("Lucky Numbers"); // action: 1 extra-credit token
    for id in [philter, lucky] {
        give_completed(&mut s, 0, id);
    }
    action_turn(&mut s, 0);
    act(&mut s, Move::Ability(philter));
    // "take 2 candles or vials": after a vial, a candle or a second vial.
    act(&mut s, Move::TakeVial);
    assert_eq!(legal_moves(&s), vec![Move::TakeCandle, Move::TakeVial]);
    act(&mut s, Move::TakeCandle);
    assert_eq!((s.t.players[0].hand & s.cards.vials).count_ones(), 1);
    assert_eq!((s.t.players[0].hand & s.cards.candles).count_ones(), 1);
    action_turn(&mut s, 0);
    act(&mut s, Move::Ability(lucky));
    let target = usize::from(s.t.players[0].projects[0].card);
    act(&mut s, Move::TokenProject(target));
    assert_eq!(work(&s, 0, target).credits, 1);
    // Tokens on an incomplete project do not count.
    assert_eq!(s.public_score(0), 3 + 3);
}

#[test]
fn on_complete_effects_happen_when_the_project_is_completed() {
    let mut s = started(2, 57, json!({}));
    let id = proj("Grave Robbing 101"); // Skull, Limb; on complete draw 2
    let hand_before = s.t.players[0].hand.count_ones();
    complete_with(
        &mut s,
        id,
        &[(mat("Cracked Skull", 0), 1), (mat("Femur", 0), 5)],
    );
    assert!(completed(&s, 0, id).is_some());
    assert_eq!(s.t.players[0].hand.count_ones(), hand_before + 2);
}

#[test]
fn the_named_cards_of_the_rulebook_exist_with_their_faces() {
    let set = CardSet::default_set();
    for name in [
        "Minor Rift",
        "Dark Premonition",
        "Ghostly Grifter",
        "Bottled Brilliance",
        "Crawling Claw",
        "Cleansing Cauldron",
        "Reanimate",
        "Spectral Sight",
    ] {
        assert!(set.project_named(name).is_some(), "{name}");
    }
    let level = |n: &str| set.projects[set.project_named(n).unwrap()].level;
    assert_eq!(level("Minor Rift"), 100);
    assert_eq!(level("Dark Premonition"), 200);
    assert_eq!(level("Ghostly Grifter"), 200);
    assert_eq!(level("Bottled Brilliance"), 300);
    let ring = &set.materials[mat("Cursed Signet", 0)];
    assert_eq!(
        (ring.kind, ring.value, ring.icons),
        (MaterialKind::Grave, 5, 1 << Icon::Ring as u8)
    );
    let candle = &set.materials[set.candles.trailing_zeros() as usize];
    assert_eq!(candle.value, 2, "the Buy Example's candle costs $2");
    assert_eq!(set.materials[crate::sorcery::data::FIRST_GRANT].value, 5);
}

/// take_stock of one kind (a staff, a project action): that kind only, as many as the
/// supply still holds ("Component limits are rules"), and not offered from an empty stack.
#[test]
fn take_stock_of_one_kind_takes_that_kind_as_far_as_the_supply_goes() {
    let mut s = started(2, 81, json!({"staffs": true}));
    let candles: Vec<usize> = ids(s.t.stock & s.cards.candles).collect();
    // All but one candle leave the supply (into seat 1's hand).
    for &c in &candles[1..] {
        give(&mut s, 1, c);
    }
    s.t.players[0].staff = staff("Candlewood Staff"); // take 2 candles
    s.t.players[0].staff_offer[0] = s.t.players[0].staff;
    let vials = (s.t.stock & s.cards.vials).count_ones();
    action_turn(&mut s, 0);
    act(&mut s, Move::UseStaff);
    assert_eq!(s.t.players[0].hand & s.cards.candles, bit(candles[0]));
    assert_eq!(s.t.stock & s.cards.candles, 0);
    assert_eq!((s.t.stock & s.cards.vials).count_ones(), vials, "no vial");
    // With the candle stack empty the staff can do nothing: it is not offered.
    s.t.players[0].staff_used = false;
    action_turn(&mut s, 0);
    assert!(!legal_moves(&s).contains(&Move::UseStaff));
    // A project action taking one vial (Distillation).
    let distil = proj("Distillation");
    give_completed(&mut s, 0, distil);
    act(&mut s, Move::Ability(distil));
    assert_eq!((s.t.players[0].hand & s.cards.vials).count_ones(), 1);
    assert_eq!((s.t.stock & s.cards.vials).count_ones(), vials - 1);
    assert_valid(&s);
}

/// An on-complete take_stock (Tincture of Toadstool: a Vial): the used Vial goes back to the
/// supply ("return any stock materials to the supply") and a Vial comes to the hand.
#[test]
fn on_complete_take_stock_gives_the_card_after_the_materials_return() {
    let mut s = started(2, 82, json!({}));
    empty_hand(&mut s, 0);
    let id = proj("Tincture of Toadstool"); // Vial, Mushroom, Ring
    let vial = s.cards.vials.trailing_zeros() as usize;
    // Commits go in ascending material order (grave cards before stock).
    complete_with(
        &mut s,
        id,
        &[
            (mat("Toadstool", 0), Icon::Mushroom as usize),
            (mat("Tarnished Ring", 0), Icon::Ring as usize),
            (vial, Icon::Vial as usize),
        ],
    );
    // An Alchemy project: the second and third material of one commit step add demerits.
    assert_eq!(completed(&s, 0, id), Some((0, 2)));
    let hand = s.t.players[0].hand;
    assert_eq!((hand & s.cards.vials).count_ones(), 1, "one vial taken");
    assert_eq!(hand & !s.cards.vials, 0, "nothing else");
    assert_eq!((s.t.stock & s.cards.vials).count_ones(), 12 - 1);
    assert!(s.t.discard & bit(mat("Toadstool", 0)) != 0);
}

/// Staffs with a commit-step effect and a fill: extra_commit (Staff of Fervor: 2 more
/// commits this commit step) and fill_icon (Bone Staff: a Limb, Rib Cage or Skull only).
#[test]
fn staff_extra_commits_and_fill_icon_act_as_written() {
    let mut s = started(2, 83, json!({"staffs": true}));
    let id = proj("Twitching Finger"); // Hand, Hand
    let other = proj("Grave Robbing 101"); // Skull, Limb
    give_project(&mut s, 0, id);
    give_project(&mut s, 0, other);
    for k in 0..2 {
        give(&mut s, 0, mat("Severed Hand", k));
    }
    give(&mut s, 0, mat("Cracked Skull", 0));
    give(&mut s, 0, mat("Femur", 0));
    s.t.players[0].staff = staff("Staff of Fervor");
    s.t.players[0].staff_offer[0] = s.t.players[0].staff;
    s.t.phase = Phase::Commit { seat: 0 };
    s.t.turn = Turn {
        stage: Stage::Commit,
        limit: 2,
        ..Turn::default()
    };
    act(&mut s, Move::UseStaff);
    assert_eq!(s.t.turn.limit, 4);
    let mut commits = [
        (mat("Severed Hand", 0), id, Icon::Hand),
        (mat("Severed Hand", 1), id, Icon::Hand),
        (mat("Cracked Skull", 0), other, Icon::Skull),
        (mat("Femur", 0), other, Icon::Limb),
    ];
    commits.sort_by_key(|c| c.0); // a batch is chosen in ascending material order
    for (m, project, icon) in commits {
        act(&mut s, Move::Commit(m));
        act(
            &mut s,
            Move::CommitTo {
                project,
                icon: icon as usize,
            },
        );
    }
    assert_eq!(legal_moves(&s), vec![Move::Stop], "four commits, no fifth");
    // Bone Staff: offered only for a Limb, Rib Cage or Skull icon.
    let mut s = started(2, 84, json!({"staffs": true}));
    let study = proj("Grave Robbing 101");
    let finger = proj("Twitching Finger");
    give_project(&mut s, 0, study);
    give_project(&mut s, 0, finger);
    s.t.players[0].staff = staff("Bone Staff");
    s.t.players[0].staff_offer[0] = s.t.players[0].staff;
    action_turn(&mut s, 0);
    act(&mut s, Move::UseStaff);
    let targets: Vec<Move> = legal_moves(&s);
    assert!(targets.contains(&Move::Fill {
        project: study,
        icon: Icon::Skull as usize
    }));
    assert!(targets.contains(&Move::Fill {
        project: study,
        icon: Icon::Limb as usize
    }));
    assert!(
        targets
            .iter()
            .all(|m| matches!(m, Move::Fill { project, .. } if *project != finger)),
        "no Hand icon: {targets:?}"
    );
    act(
        &mut s,
        Move::Fill {
            project: study,
            icon: Icon::Limb as usize,
        },
    );
    assert_eq!(
        work(&s, 0, study).slots[1],
        crate::sorcery::state::FILLED_FREE
    );
    assert_eq!(s.t.turn.stage, Stage::Choose, "then the week's action");
}

/// remove_demerits on a project still in progress (reading: "one of your projects"): the
/// Alchemy demerit of a cram is removed before the project completes, and the project's
/// committed materials stay.
#[test]
fn cleansing_cauldron_also_cleans_a_project_in_progress() {
    let mut s = started(2, 85, json!({}));
    let cauldron = proj("Cleansing Cauldron");
    give_completed(&mut s, 0, cauldron);
    let brew = proj("Bubbling Brew");
    give_project(&mut s, 0, brew);
    let (a, b) = (mat("Toadstool", 0), mat("Toadstool", 1));
    give(&mut s, 0, a);
    give(&mut s, 0, b);
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    for m in [a, b] {
        act(&mut s, Move::Commit(m));
        act(
            &mut s,
            Move::CommitTo {
                project: brew,
                icon: Icon::Mushroom as usize,
            },
        );
    }
    act(&mut s, Move::Stop);
    assert_eq!(
        work(&s, 0, brew).demerits,
        1,
        "the second material of a cram"
    );
    action_turn(&mut s, 0);
    assert!(legal_moves(&s).contains(&Move::Ability(cauldron)));
    act(&mut s, Move::Ability(cauldron));
    assert_eq!(
        legal_moves(&s),
        vec![Move::TokenProject(brew)],
        "only a project with a demerit"
    );
    act(&mut s, Move::TokenProject(brew));
    let w = work(&s, 0, brew);
    assert_eq!(w.demerits, 0);
    assert_eq!(
        w.slots
            .iter()
            .filter(|&&x| x == a as u8 || x == b as u8)
            .count(),
        2
    );
}

/// Spectral Sight's three cards are taken pile by pile, left to right, ascending within a
/// pile: every set of three is offered in exactly one order, and the piles shrink left to
/// right, so the order tells the others nothing beyond how many cards left each pile.
#[test]
fn spectral_sight_offers_each_set_of_cards_once_pile_by_pile() {
    let id = proj("Spectral Sight");
    let mut s = started(2, 52, json!({}));
    give_completed(&mut s, 0, id);
    action_turn(&mut s, 0);
    act(&mut s, Move::Ability(id));
    let pile_of = |g: usize| (0..3).find(|&k| s.t.piles[k] & bit(g) != 0).unwrap();
    let n = s.t.piles.iter().map(|p| p.count_ones()).sum::<u32>() as usize;
    let mut sets: Vec<Vec<usize>> = Vec::new();
    let mut stack = vec![(s.clone(), Vec::new())];
    while let Some((t, taken)) = stack.pop() {
        if stage(&t) != Stage::SpectralTake {
            sets.push(taken);
            continue;
        }
        for m in legal_moves(&t) {
            let Move::TakeGrave(g) = m else {
                panic!("only takes are offered, not {m:?}")
            };
            let mut u = t.clone();
            act(&mut u, m);
            let mut more: Vec<usize> = taken.clone();
            more.push(g);
            stack.push((u, more));
        }
    }
    for order in &sets {
        let piles: Vec<usize> = order.iter().map(|&g| pile_of(g)).collect();
        assert!(
            piles.windows(2).all(|w| w[0] <= w[1]),
            "piles shrink left to right: {piles:?}"
        );
    }
    let mut unique: Vec<Vec<usize>> = sets
        .iter()
        .map(|o| {
            let mut o = o.clone();
            o.sort_unstable();
            o
        })
        .collect();
    unique.sort();
    unique.dedup();
    assert_eq!(
        unique.len(),
        sets.len(),
        "a set of cards is offered in one order"
    );
    assert_eq!(
        sets.len(),
        n * (n - 1) * (n - 2) / 6,
        "every set of three is offered"
    );
}

/// "You can use your staff in any step of your turn": after the action the seat may still
/// use it (Staff of Digging: 2 grave cards, then the next seat acts) or end the turn and keep
/// it face-up for later.
#[test]
fn the_staff_is_offered_after_the_action_and_ending_the_turn_keeps_it() {
    let mut s = started(2, 91, json!({"staffs": true}));
    give_staff(&mut s, 0, "Staff of Digging");
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    act(&mut s, Move::Stop);
    assert_eq!(s.t.phase, Phase::Action { seat: 0 }, "still seat 0's turn");
    let mut offered = legal_moves(&s);
    offered.sort_by_key(|&m| encode(m));
    let mut want = vec![Move::UseStaff, Move::EndTurn];
    want.sort_by_key(|&m| encode(m));
    assert_eq!(offered, want);
    let mut kept = s.clone();
    let hand = s.t.players[0].hand.count_ones();
    act(&mut s, Move::UseStaff);
    assert_eq!(s.t.players[0].hand.count_ones(), hand + 2);
    assert!(s.t.players[0].staff_used);
    assert_eq!(s.t.phase, Phase::Action { seat: 1 });
    act(&mut kept, Move::EndTurn);
    assert!(!kept.t.players[0].staff_used, "face-up for later");
    assert_eq!(kept.t.players[0].hand.count_ones(), hand);
    assert_eq!(kept.t.phase, Phase::Action { seat: 1 });
}

/// An extra-commit staff ("commit 1 more material") does something only in the commit step:
/// it is not offered before the action, in a cram or after the action, and is in the
/// commit step.
#[test]
fn an_extra_commit_staff_is_usable_only_in_the_commit_step() {
    let mut s = started(2, 92, json!({"staffs": true}));
    give_staff(&mut s, 0, "Staff of Haste");
    give_project(&mut s, 0, proj("Twitching Finger")); // Hand, Hand
    give(&mut s, 0, mat("Severed Hand", 0));
    action_turn(&mut s, 0);
    assert!(
        !legal_moves(&s).contains(&Move::UseStaff),
        "before the action"
    );
    act(&mut s, Move::Cram);
    assert!(!legal_moves(&s).contains(&Move::UseStaff), "in a cram");
    act(&mut s, Move::Stop);
    assert_eq!(
        s.t.phase,
        Phase::Action { seat: 1 },
        "no staff decision after the action"
    );
    s.t.phase = Phase::Commit { seat: 0 };
    s.t.turn = Turn {
        stage: Stage::Commit,
        limit: s.commit_limit(0),
        ..Turn::default()
    };
    assert!(
        legal_moves(&s).contains(&Move::UseStaff),
        "in the commit step"
    );
}

/// Spectral Sight: "Look through all grave piles" — the seat that looks (seat 1 here, with
/// Seer's Staff) now knows every card in them; the other seat learns nothing.
#[test]
fn spectral_sight_shows_every_pile_to_the_seat_that_looks() {
    let mut s = started(2, 94, json!({"staffs": true}));
    give_staff(&mut s, 1, "Seer's Staff");
    action_turn(&mut s, 1);
    // Seat 1 had already seen pile 1 (a dig): looking again, it still knows those cards.
    for c in ids(s.t.piles[0]) {
        s.t.known[c] |= 0b10;
    }
    let piles = s.t.piles.iter().fold(0, |a, &p| a | p);
    let before: Vec<u8> = ids(piles).map(|c| s.t.known[c]).collect();
    act(&mut s, Move::UseStaff);
    assert_eq!(s.t.turn.stage, Stage::SpectralTake);
    assert_valid(&s);
    for (c, was) in ids(piles).zip(before) {
        assert_eq!(
            s.t.known[c],
            was | 0b10,
            "pile card {c}: seen by seat 1 only"
        );
    }
    // Seat 1 takes a card from pile 1: it goes to its hand, known to it alone, and seat 0 (who
    // saw a card leave, not which) no longer knows which of the pile's cards are left.
    let Some(Move::TakeGrave(g)) = legal_moves(&s).into_iter().next() else {
        panic!("a grave card is offered")
    };
    let k = (0..3).find(|&k| s.t.piles[k] & bit(g) != 0).unwrap();
    s.t.known[g] = 0b11;
    let rest = s.t.piles[k] & !bit(g);
    for c in ids(rest) {
        s.t.known[c] = 0b11;
    }
    act(&mut s, Move::TakeGrave(g));
    assert!(s.t.players[1].hand & bit(g) != 0);
    assert_eq!(s.t.known[g], 0b10, "the taken card");
    for c in ids(rest) {
        assert_eq!(
            s.t.known[c], 0b10,
            "card {c} left in the pile: seat 1 saw it stay, seat 0 no longer knows it"
        );
    }
}

/// Philter Practice ("take 2 stock cards", candles or vials) when the vials have run out:
/// both cards can still be candles — the first candle does not end the effect.
#[test]
fn take_stock_either_takes_two_candles_when_no_vial_is_left() {
    let mut s = started(2, 57, json!({}));
    let philter = proj("Philter Practice");
    give_completed(&mut s, 0, philter);
    let first_candles: u128 = ids(s.cards.candles).take(3).fold(0, |a, m| a | bit(m));
    s.t.stock = first_candles; // three candles, no vial
    empty_hand(&mut s, 0);
    action_turn(&mut s, 0);
    act(&mut s, Move::Ability(philter));
    assert_eq!(legal_moves(&s), vec![Move::TakeCandle]);
    act(&mut s, Move::TakeCandle);
    assert_eq!(
        legal_moves(&s),
        vec![Move::TakeCandle],
        "a second card to take"
    );
    act(&mut s, Move::TakeCandle);
    assert_eq!((s.t.players[0].hand & s.cards.candles).count_ones(), 2);
    assert_eq!(s.t.stock.count_ones(), 1);
}

/// Spectral Sight: the others see a card leave one pile, not which; what another seat knew
/// of the piles the taker left alone stays known (seat 1 had looked at pile 3 in a dig).
#[test]
fn spectral_sight_leaves_what_another_seat_knew_of_the_other_piles() {
    let id = proj("Spectral Sight");
    let mut s = started(2, 52, json!({}));
    give_completed(&mut s, 0, id);
    action_turn(&mut s, 0);
    for c in ids(s.t.piles[2]) {
        s.t.known[c] |= 0b10;
    }
    act(&mut s, Move::Ability(id));
    let g = ids(s.t.piles[0]).next().expect("pile 1 holds cards");
    act(&mut s, Move::TakeGrave(g));
    for c in ids(s.t.piles[1]) {
        assert_eq!(
            s.t.known[c], 0b01,
            "pile 2's card {c}: seen by seat 0 alone"
        );
    }
    for c in ids(s.t.piles[2]) {
        assert_eq!(
            s.t.known[c], 0b11,
            "pile 3's card {c}: still known to seat 1"
        );
    }
}

/// A staff may be used in the middle of a project action's Spectral Sight once, before the
/// first card is taken (nothing is learned between the takes): not after it, whichever card
/// it was, the lowest grave card (id 0) too.
#[test]
fn a_staff_is_offered_in_spectral_sight_before_the_first_take_only() {
    let id = proj("Spectral Sight");
    let mut s = started(2, 52, json!({"staffs": true}));
    give_completed(&mut s, 0, id);
    give_staff(&mut s, 0, "Staff of Digging");
    take_material(&mut s, 0);
    s.t.piles[0] |= bit(0);
    s.t.known[0] = 0;
    action_turn(&mut s, 0);
    act(&mut s, Move::Ability(id));
    assert!(legal_moves(&s).contains(&Move::UseStaff), "before a take");
    act(&mut s, Move::TakeGrave(0));
    let offered = legal_moves(&s);
    assert!(
        offered.iter().all(|m| matches!(m, Move::TakeGrave(_))),
        "after the first take only cards: {offered:?}"
    );
    assert!(!offered.is_empty());
}
