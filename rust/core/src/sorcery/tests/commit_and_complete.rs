//! "II. Commit Step" and "III. Complete Project Step": matching icons, one icon per card,
//! extra commits, Alchemy, the Project Example, credit and demerit tokens.

use serde_json::json;

use super::*;
use crate::sorcery::data::Icon;

/// Brings the game to seat 0's commit step with everyone's actions taken.
fn to_commit(s: &mut SorceryState) {
    s.t.phase = Phase::Commit { seat: 0 };
    s.t.turn = Turn {
        stage: Stage::Commit,
        limit: s.commit_limit(0),
        ..Turn::default()
    };
}

#[test]
fn commit_only_onto_a_matching_open_icon_and_for_one_icon_of_the_card() {
    let mut s = started(2, 41, json!({}));
    let id = proj("Rattling Ribs"); // Rib Cage, Limb
    give_project(&mut s, 0, id);
    let bone = mat("Old Bones", 0); // Limb / Rib Cage
    let ring = mat("Tarnished Ring", 0);
    give(&mut s, 0, bone);
    give(&mut s, 0, ring);
    to_commit(&mut s);
    assert!(
        !legal_moves(&s).contains(&Move::Commit(ring)),
        "no Ring icon to fill"
    );
    act(&mut s, Move::Commit(bone));
    let targets: Vec<Move> = legal_moves(&s)
        .into_iter()
        .filter(|m| matches!(m, Move::CommitTo { project, .. } if *project == id))
        .collect();
    assert_eq!(
        targets.len(),
        2,
        "as its Rib Cage or as its Limb: {targets:?}"
    );
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 5,
        },
    );
    act(&mut s, Move::Stop);
    // Seat 1 commits nothing; the reveal places the card.
    act(&mut s, Move::Stop);
    let w = work(&s, 0, id);
    assert_eq!(usize::from(w.slots[1]), bone, "under the Limb icon only");
    assert_eq!(w.slots[0], NONE);
}

#[test]
fn reanimate_project_example_and_its_extra_commit() {
    // The Project Example: a 200-level Reanimation project, $2, Candle, Skull, Rib Cage and 2
    // Limbs, 4 credits, one more commit.
    let set = CardSet::default_set();
    let id = proj("Reanimate");
    let c = &set.projects[id];
    assert_eq!((c.level, c.cost, c.credits), (200, 2, 4));
    let names: Vec<&str> = c.icons.iter().map(|i| i.name()).collect();
    assert_eq!(names, ["candle", "skull", "rib_cage", "limb", "limb"]);

    let mut s = started(2, 42, json!({}));
    give_project(&mut s, 0, id);
    let cards = [
        s.cards.candles.trailing_zeros() as usize,
        mat("Cracked Skull", 0),
        mat("Rib Cage", 0),
        mat("Femur", 0),
        mat("Femur", 1),
    ];
    for &m in &cards {
        give(&mut s, 0, m);
    }
    // Fill four of the five, then commit the last Limb in a commit step.
    for (i, &m) in cards[..4].iter().enumerate() {
        let w = s.t.players[0]
            .projects
            .iter_mut()
            .find(|w| usize::from(w.card) == id)
            .unwrap();
        w.slots[i] = m as u8;
        s.t.players[0].hand &= !bit(m);
    }
    to_commit(&mut s);
    act(&mut s, Move::Commit(cards[4]));
    // A Femur counts toward one of the two Limbs.
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 5,
        },
    );
    act(&mut s, Move::Stop);
    act(&mut s, Move::Stop);
    assert_eq!(completed(&s, 0, id), Some((0, 0)));
    assert_eq!(s.public_score(0), 4);
    // Now seat 0 may commit three cards in a commit step.
    assert_eq!(s.commit_limit(0), 3);
    assert_eq!(s.commit_limit(1), 2);
}

#[test]
fn alchemy_second_material_in_one_commit_step_adds_a_demerit() {
    let mut s = started(2, 43, json!({}));
    let id = proj("Bubbling Brew"); // Vial, Mushroom, Mushroom (Alchemy)
    give_project(&mut s, 0, id);
    let (a, b) = (mat("Toadstool", 0), mat("Toadstool", 1));
    give(&mut s, 0, a);
    give(&mut s, 0, b);
    to_commit(&mut s);
    act(&mut s, Move::Commit(a));
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 0,
        },
    );
    act(&mut s, Move::Commit(b));
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 0,
        },
    );
    act(&mut s, Move::Stop);
    act(&mut s, Move::Stop);
    assert_eq!(
        work(&s, 0, id).demerits,
        1,
        "the second one in the same step"
    );
}

#[test]
fn alchemy_one_material_per_step_has_no_demerit_and_a_non_alchemy_project_never_does() {
    let mut s = started(2, 44, json!({}));
    let brew = proj("Bubbling Brew");
    let counting = proj("Counting Bones"); // Numerology: Limb, Limb, Skull
    give_project(&mut s, 0, brew);
    give_project(&mut s, 0, counting);
    let (t, f1, f2) = (mat("Toadstool", 0), mat("Femur", 0), mat("Femur", 1));
    for m in [t, f1, f2] {
        give(&mut s, 0, m);
    }
    s.t.turn.limit = 3;
    to_commit(&mut s);
    s.t.turn.limit = 3;
    act(&mut s, Move::Commit(t));
    act(
        &mut s,
        Move::CommitTo {
            project: brew,
            icon: 0,
        },
    );
    act(&mut s, Move::Commit(f1));
    act(
        &mut s,
        Move::CommitTo {
            project: counting,
            icon: 5,
        },
    );
    act(&mut s, Move::Commit(f2));
    act(
        &mut s,
        Move::CommitTo {
            project: counting,
            icon: 5,
        },
    );
    act(&mut s, Move::Stop);
    act(&mut s, Move::Stop);
    assert_eq!(work(&s, 0, brew).demerits, 0);
    assert_eq!(work(&s, 0, counting).demerits, 0);
}

#[test]
fn alchemy_demerit_applies_to_a_cram_too() {
    let mut s = started(2, 45, json!({}));
    let id = proj("Bubbling Brew");
    give_project(&mut s, 0, id);
    let (a, b) = (mat("Toadstool", 0), mat("Toadstool", 1));
    give(&mut s, 0, a);
    give(&mut s, 0, b);
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    act(&mut s, Move::Commit(a));
    // A cram commits at once, the material's icon showing: seat 1 sees it as soon as it is
    // chosen, as seat 0 does.
    assert_eq!(s.t.known[a], 0b11, "the crammed card is seen by every seat");
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 0,
        },
    );
    assert_eq!(
        work(&s, 0, id).demerits,
        0,
        "the first material of the cram: no negative effect"
    );
    act(&mut s, Move::Commit(b));
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 0,
        },
    );
    assert_eq!(work(&s, 0, id).demerits, 1, "the additional material");
}

#[test]
fn tokens_come_from_the_icon_a_grave_card_was_used_for() {
    let mut s = started(2, 46, json!({}));
    let id = proj("Skull Study"); // 3-4 players only; moved in for the test: Skull, Skull
    give_project(&mut s, 0, id);
    let grin = mat("Grinning Skull", 0); // +1 for Skull
    let dust = mat("Bone Dust", 0); // -1 for Skull and Hand
    give(&mut s, 0, grin);
    give(&mut s, 0, dust);
    to_commit(&mut s);
    act(&mut s, Move::Commit(grin));
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 1,
        },
    );
    act(&mut s, Move::Commit(dust));
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 1,
        },
    );
    act(&mut s, Move::Stop);
    act(&mut s, Move::Stop);
    assert_eq!(
        completed(&s, 0, id),
        Some((1, 1)),
        "one +1 and one -1, both kept"
    );
    assert_eq!(s.public_score(0), 3 + 1 - 1);
    // Stock and grave cards leave the project.
    assert!(s.t.discard & bit(grin) != 0 && s.t.discard & bit(dust) != 0);
}

#[test]
fn commits_stay_hidden_until_every_seat_has_committed() {
    let mut s = started(2, 47, json!({}));
    let id = proj("Twitching Finger");
    give_project(&mut s, 0, id);
    let a = mat("Severed Hand", 0);
    let b = mat("Severed Hand", 1);
    give(&mut s, 0, a);
    give(&mut s, 0, b);
    to_commit(&mut s);
    let before = s.information_state_string(1);
    let mut other = s.clone();
    assert_eq!(
        s.public_action_string(encode(Move::Commit(a)), Some(1)),
        s.public_action_string(encode(Move::Commit(b)), Some(1)),
        "the others read a commit without its card"
    );
    act(&mut s, Move::Commit(a));
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 3,
        },
    );
    act(&mut s, Move::Stop);
    act(&mut other, Move::Commit(b));
    act(
        &mut other,
        Move::CommitTo {
            project: id,
            icon: 3,
        },
    );
    act(&mut other, Move::Stop);
    assert_ne!(before, s.information_state_string(1));
    assert_eq!(
        s.information_state_string(1),
        other.information_state_string(1),
        "seat 1 cannot tell which card seat 0 committed"
    );
    assert_eq!(s.observation(1), other.observation(1));
    assert_eq!(
        work(&s, 0, id).slots,
        [NONE; 6],
        "not placed before the reveal"
    );
    act(&mut s, Move::Stop);
    assert_eq!(usize::from(work(&s, 0, id).slots[0]), a);
}

/// Reanimate: "the ability to commit an additional card during the commit step". A cram
/// ("You may commit up to two materials") does not get it: two commits, then only Stop,
/// while the commit step allows three.
#[test]
fn a_cram_does_not_get_the_commit_steps_extra_commits() {
    let mut s = started(2, 93, json!({}));
    give_completed(&mut s, 0, proj("Reanimate"));
    let finger = proj("Twitching Finger"); // Hand, Hand
    let robbing = proj("Grave Robbing 101"); // Skull, Limb
    give_project(&mut s, 0, finger);
    give_project(&mut s, 0, robbing);
    let skull = mat("Cracked Skull", 0);
    let hands = [mat("Severed Hand", 0), mat("Severed Hand", 1)];
    assert!(skull < hands[0], "committed in ascending order");
    for m in [skull, hands[0], hands[1]] {
        give(&mut s, 0, m);
    }
    assert_eq!(s.commit_limit(0), 3);
    let commit_two = |s: &mut SorceryState| {
        act(s, Move::Commit(skull));
        act(
            s,
            Move::CommitTo {
                project: robbing,
                icon: Icon::Skull as usize,
            },
        );
        act(s, Move::Commit(hands[0]));
        act(
            s,
            Move::CommitTo {
                project: finger,
                icon: Icon::Hand as usize,
            },
        );
    };
    let mut commit = s.clone();
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    commit_two(&mut s);
    assert_eq!(legal_moves(&s), vec![Move::Stop], "a cram commits two");
    to_commit(&mut commit);
    commit_two(&mut commit);
    assert!(
        legal_moves(&commit).contains(&Move::Commit(hands[1])),
        "the commit step a third"
    );
}

/// "You can use your staff in any step of your turn: Action, Commit, or Complete." In the
/// last week a demerit a grave card gives when its project completes can only be removed in
/// the Complete step: Staff of Purity is offered there, once the project is completed and
/// its tokens placed (in the commit step there was no demerit to remove). A seat whose
/// staff can do nothing there (Staff of Haste) is not asked.
#[test]
fn staff_of_purity_in_the_last_complete_step_removes_a_demerit_earned_at_completion() {
    let mut s = started(2, 97, json!({"staffs": true, "theses": "none"}));
    (s.t.month, s.t.week) = (3, 3);
    give_staff(&mut s, 0, "Staff of Purity");
    give_staff(&mut s, 1, "Staff of Haste");
    let finger = proj("Twitching Finger"); // Hand, Hand: 2 credits
    give_project(&mut s, 0, finger);
    let bone = mat("Mismatched Bone", 0); // a demerit when used for its Hand
    let hand = mat("Severed Hand", 0);
    give(&mut s, 0, bone);
    give(&mut s, 0, hand);
    to_commit(&mut s);
    assert!(!legal_moves(&s).contains(&Move::UseStaff), "no demerit yet");
    for m in [bone.min(hand), bone.max(hand)] {
        act(&mut s, Move::Commit(m));
        act(
            &mut s,
            Move::CommitTo {
                project: finger,
                icon: Icon::Hand as usize,
            },
        );
    }
    act(&mut s, Move::Stop);
    act(&mut s, Move::Stop); // seat 1 commits nothing
    assert_eq!(s.t.phase, Phase::Complete { seat: 0 });
    assert_eq!(
        completed(&s, 0, finger),
        Some((0, 1)),
        "completed, one demerit"
    );
    let mut offered = legal_moves(&s);
    offered.sort_by_key(|&m| encode(m));
    let mut want = vec![Move::UseStaff, Move::EndTurn];
    want.sort_by_key(|&m| encode(m));
    assert_eq!(offered, want);
    let mut kept = s.clone();
    act(&mut s, Move::UseStaff);
    act(&mut s, Move::TokenProject(finger));
    assert!(s.is_terminal(), "seat 1 is not asked: the game ends");
    assert_eq!(completed(&s, 0, finger), Some((0, 0)));
    assert_eq!(s.public_score(0), 2);
    act(&mut kept, Move::EndTurn);
    assert!(kept.is_terminal());
    assert_eq!(kept.public_score(0), 2 - 1);
}

/// Seat `viewer`'s views of `a` and `b` (observation, tensor, information state, its legal
/// actions when it acts, and the public sentence and events of every action legal in both,
/// for it and for a spectator) are the same.
fn assert_same_views(a: &SorceryState, b: &SorceryState, viewer: usize, when: &str) {
    assert_eq!(
        a.observation_json(viewer),
        b.observation_json(viewer),
        "{when}: observation"
    );
    assert_eq!(
        a.information_state_string(viewer),
        b.information_state_string(viewer),
        "{when}: information state"
    );
    let tensor = |s: &SorceryState| {
        let mut t = vec![0.0; s.observation_tensor_size()];
        s.observation_tensor(viewer, &mut t);
        t
    };
    assert_eq!(tensor(a), tensor(b), "{when}: tensor");
    if a.current_player() == Some(viewer) {
        assert_eq!(legal(a), legal(b), "{when}: legal actions");
    }
    let theirs = legal(b);
    for x in legal(a).into_iter().filter(|x| theirs.contains(x)) {
        for v in [Some(viewer), None] {
            assert_eq!(
                a.public_action_string(x, v),
                b.public_action_string(x, v),
                "{when}: public_action_string({x}, {v:?})"
            );
            // The move that ends the commit step reveals every commit: its events say what
            // was committed once it is played (the reveal is public), so only its sentence
            // is compared.
            let shown = if ends_commit_step(a, x) {
                1
            } else {
                usize::MAX
            };
            let events = |s: &SorceryState| {
                let mut e = s.public_events(x, v);
                e.truncate(shown);
                e
            };
            assert_eq!(events(a), events(b), "{when}: public_events({x}, {v:?})");
        }
    }
}

/// Whether `action` ends the commit step (every seat has then committed).
fn ends_commit_step(s: &SorceryState, action: Action) -> bool {
    let mut after = s.clone();
    after.apply_action(action).is_ok()
        && matches!(s.t.phase, Phase::Commit { .. })
        && !matches!(after.t.phase, Phase::Commit { .. })
}

/// "II. Commit Step … This step can be done by all players simultaneously." A staff used in
/// it is a hidden choice like a commit: while seat 0 commits with its Staff of Haste's third
/// commit, and while seat 1 then commits, seat 1 sees what it would see had seat 0 not used
/// the staff (its limit, its staff face-up, its hand size); determinizations for seat 1
/// redraw whether it was used. Once every seat has committed it is revealed: seat 0's staff is
/// face-down and its three commits placed.
#[test]
fn a_staff_used_in_the_commit_step_is_hidden_until_every_seat_has_committed() {
    let mut s = started(2, 98, json!({"staffs": true, "theses": "none"}));
    give_staff(&mut s, 0, "Staff of Haste"); // commit 1 more material
    give_staff(&mut s, 1, "Staff of Purity");
    let finger = proj("Twitching Finger"); // Hand, Hand
    let robbing = proj("Grave Robbing 101"); // Skull, Limb
    give_project(&mut s, 0, finger);
    give_project(&mut s, 0, robbing);
    let hands = [mat("Severed Hand", 0), mat("Severed Hand", 1)];
    let skull = mat("Cracked Skull", 0);
    for m in [hands[0], hands[1], skull] {
        give(&mut s, 0, m);
    }
    to_commit(&mut s);
    let mut twin = s.clone();
    act(&mut s, Move::UseStaff);
    assert_eq!(s.t.turn.limit, 3, "the staff's third commit");
    assert_eq!(s.observation_json(0)["players"][0]["staff_pending"], true);
    assert_same_views(&s, &twin, 1, "seat 0 has just used its staff");
    let commit = |s: &mut SorceryState, m: usize, project: usize, icon: Icon| {
        act(s, Move::Commit(m));
        let icon = icon as usize;
        act(s, Move::CommitTo { project, icon });
    };
    let mut batch = vec![
        (hands[0], finger, Icon::Hand),
        (hands[1], finger, Icon::Hand),
        (skull, robbing, Icon::Skull),
    ];
    batch.sort_by_key(|c| c.0);
    for &(m, project, icon) in &batch {
        commit(&mut s, m, project, icon);
    }
    for &(m, project, icon) in batch.iter().filter(|c| c.0 != skull).take(2) {
        commit(&mut twin, m, project, icon);
    }
    assert_same_views(&s, &twin, 1, "seat 0 has committed three");
    act(&mut s, Move::Stop);
    act(&mut twin, Move::Stop);
    assert_eq!(s.t.phase, Phase::Commit { seat: 1 });
    assert_same_views(&s, &twin, 1, "seat 1 commits");
    assert_eq!(s.observation_json(1)["players"][0]["staff_used"], false);
    // Determinizations for seat 1 are possible worlds with and without the staff used.
    let mut drawn = [false; 2];
    for k in 0..40 {
        let d = s.resample_hidden(1, k);
        assert_valid(&d);
        drawn[usize::from(d.t.players[0].staff_pending)] = true;
    }
    assert_eq!(drawn, [true, true], "used and unused both drawn");
    // The reveal, and its line names the three commits in card order.
    let events = s.public_events(encode(Move::Stop), Some(1));
    assert_eq!(
        events[1],
        "Every seat has committed, and the commits are revealed: seat 0 puts Cracked Skull \
         under Grave Robbing 101 as its Skull, Severed Hand under Twitching Finger as its Hand \
         and Severed Hand under Twitching Finger as its Hand; seat 1 commits nothing"
    );
    act(&mut s, Move::Stop);
    act(&mut twin, Move::Stop);
    let seen = s.observation_json(1);
    assert_eq!(seen["players"][0]["staff_used"], true);
    assert!(s.t.players[0]
        .completed
        .iter()
        .any(|d| usize::from(d.card) == finger));
    assert_eq!(work(&s, 0, robbing).slots[0], skull as u8);
    assert_eq!(twin.observation_json(1)["players"][0]["staff_used"], false);
    assert_ne!(
        s.information_state_string(1),
        twin.information_state_string(1)
    );
}

/// The commit step's reading of "You can use your staff in any step of your turn: Action,
/// Commit, or Complete": a staff that gives cards is used there openly (it draws from the
/// shared grave deck, as a player flipping a staff and drawing at a table is seen), before
/// the seat's first commit, and its cards are committed the same step. The seats commit in
/// turn order, so seat 0 draws the deck's top two cards and seat 1, after it, the next two.
#[test]
fn a_card_giving_staff_used_openly_in_the_commit_step_gives_cards_committed_the_same_step() {
    let mut s = started(2, 98, json!({"staffs": true, "theses": "none"}));
    give_staff(&mut s, 0, "Staff of Digging"); // draw 2 grave cards
    give_staff(&mut s, 1, "Staff of Digging");
    let finger = proj("Twitching Finger"); // Hand, Hand
    give_project(&mut s, 0, finger);
    empty_hand(&mut s, 0);
    empty_hand(&mut s, 1);
    // The deck's top (last) four: two Severed Hands for seat 0, then two skulls for seat 1.
    let hands = [mat("Severed Hand", 0), mat("Severed Hand", 1)];
    let skulls = [mat("Cracked Skull", 0), mat("Cracked Skull", 1)];
    for m in [skulls[0], skulls[1], hands[0], hands[1]] {
        take_material(&mut s, m);
        s.t.grave_deck.push(m as u8);
        s.t.known[m] = 0;
    }
    to_commit(&mut s);
    let use_staff = encode(Move::UseStaff);
    let sentence = s.describe(use_staff);
    assert!(sentence.contains("openly"), "{sentence}");
    assert_eq!(s.public_action_string(use_staff, Some(1)), sentence);
    assert_eq!(s.public_action_string(use_staff, None), sentence);
    act(&mut s, Move::UseStaff);
    assert_eq!(s.t.players[0].hand, bit(hands[0]) | bit(hands[1]));
    // Public at once: seat 1 sees the staff face-down and two more cards in seat 0's hand.
    let seen = s.observation_json(1);
    assert_eq!(seen["players"][0]["staff_used"], true);
    assert_eq!(seen["players"][0]["hand_size"], 2);
    assert_eq!(s.t.phase, Phase::Commit { seat: 0 });
    assert_eq!(s.t.turn.stage, Stage::Commit);
    assert_eq!(s.t.turn.limit, 2);
    let (lo, hi) = (hands[0].min(hands[1]), hands[0].max(hands[1]));
    for m in [lo, hi] {
        act(&mut s, Move::Commit(m));
        act(
            &mut s,
            Move::CommitTo {
                project: finger,
                icon: Icon::Hand as usize,
            },
        );
    }
    act(&mut s, Move::Stop);
    // Seat 1 draws after seat 0: the next two cards.
    assert_eq!(s.t.phase, Phase::Commit { seat: 1 });
    act(&mut s, Move::UseStaff);
    assert_eq!(s.t.players[1].hand, bit(skulls[0]) | bit(skulls[1]));
    // Seat 1's determinizations keep seat 0's open use and redraw only its commits.
    for k in 0..20 {
        let d = s.resample_hidden(1, k);
        assert_valid(&d);
        assert!(d.t.players[0].staff_used, "seat 0's open use is kept");
        assert!(!d.t.players[0].staff_pending);
        assert_eq!(d.t.players[0].hand.count_ones(), 2);
    }
    act(&mut s, Move::Stop);
    // The reveal: both Severed Hands under Twitching Finger, which completes.
    assert_eq!(completed(&s, 0, finger), Some((0, 0)));
    assert_eq!(s.t.players[0].hand, 0);
}

/// An open staff in the commit step is offered before the seat's first commit only (the
/// commits are hidden, so using it after them leaves the same table); an extra-commit staff,
/// hidden, at any point of the step.
#[test]
fn an_open_staff_is_offered_before_the_first_commit_and_an_extra_commit_staff_throughout() {
    for (name, after_a_commit) in [("Staff of Digging", false), ("Staff of Haste", true)] {
        let mut s = started(2, 98, json!({"staffs": true, "theses": "none"}));
        give_staff(&mut s, 0, name);
        let finger = proj("Twitching Finger"); // Hand, Hand
        give_project(&mut s, 0, finger);
        let hand = mat("Severed Hand", 0);
        give(&mut s, 0, hand);
        to_commit(&mut s);
        assert!(legal_moves(&s).contains(&Move::UseStaff), "{name} first");
        act(&mut s, Move::Commit(hand));
        act(
            &mut s,
            Move::CommitTo {
                project: finger,
                icon: Icon::Hand as usize,
            },
        );
        assert_eq!(
            legal_moves(&s).contains(&Move::UseStaff),
            after_a_commit,
            "{name} after a commit"
        );
    }
}

/// An open staff in the commit step that completes a project (Fungal Staff fills Clockwork
/// Hand's last open icon, a Hand): the project's ongoing ability ("extra_commit", one more)
/// holds at once, so the seat may commit three cards this step; the commit step then goes on
/// where it was.
#[test]
fn a_staff_completing_an_extra_commit_project_in_the_commit_step_raises_the_limit_at_once() {
    let mut s = started(2, 97, json!({"staffs": true, "theses": "none"}));
    let clock = proj("Clockwork Hand"); // Hand, Ring, Vial; ongoing: commit 1 more
    give_project(&mut s, 0, clock);
    let ring = mat("Tarnished Ring", 0);
    let vial = crate::sorcery::state::ids(s.t.stock & s.cards.vials)
        .next()
        .unwrap();
    for (slot, m) in [(1, ring), (2, vial)] {
        take_material(&mut s, m);
        let w = s.t.players[0].projects.iter_mut();
        w.filter(|w| usize::from(w.card) == clock)
            .for_each(|w| w.slots[slot] = m as u8);
    }
    give_staff(&mut s, 0, "Fungal Staff");
    to_commit(&mut s);
    assert_eq!(s.t.turn.limit, 2);
    act(&mut s, Move::UseStaff);
    assert_eq!(s.t.turn.stage, Stage::FillTarget);
    assert_valid(&s);
    act(
        &mut s,
        Move::Fill {
            project: clock,
            icon: Icon::Hand as usize,
        },
    );
    assert!(
        completed(&s, 0, clock).is_some(),
        "Clockwork Hand completed"
    );
    assert_eq!(
        (s.t.phase, s.t.turn.stage, s.t.turn.limit),
        (Phase::Commit { seat: 0 }, Stage::Commit, 3),
        "three commits this step"
    );
}

/// "You can use your staff in any step of your turn: Action, Commit, or Complete." In the
/// Complete step each seat whose staff can do something decides in turn order from the
/// first player (seats 1, 2, 0 here), once: after seat 1 keeps its staff seat 2 is asked,
/// then seat 0, and after the last the moon advances.
#[test]
fn in_the_complete_step_each_seat_with_a_usable_staff_decides_once_in_turn_order() {
    let mut s = started(3, 98, json!({"staffs": true, "theses": "none"}));
    give_staff(&mut s, 0, "Staff of Digging");
    give_staff(&mut s, 1, "Candlewood Staff");
    give_staff(&mut s, 2, "Glass Staff");
    s.t.first = 1;
    let week = s.t.week;
    s.t.phase = Phase::Commit { seat: 1 };
    s.t.turn = Turn {
        stage: Stage::Commit,
        limit: s.commit_limit(1),
        ..Turn::default()
    };
    for seat in [1, 2, 0] {
        assert_eq!(s.t.phase, Phase::Commit { seat });
        act(&mut s, Move::Stop);
    }
    for seat in [1, 2, 0] {
        assert_eq!(s.t.phase, Phase::Complete { seat }, "seat {seat} decides");
        act(&mut s, Move::EndTurn);
    }
    assert_eq!(s.t.phase, Phase::Action { seat: 1 });
    assert_eq!(s.t.week, week + 1, "the moon advances");
    assert!(
        s.t.players.iter().all(|p| !p.staff_used),
        "every staff kept"
    );
}

/// A completed project keeps the moon phase in which it was completed (`Done.week`, 1 for
/// the first week of the month to 4 for the New Moon), as the state document records it: a
/// project completed in the first week reads 1, in the third 3.
#[test]
fn a_completed_project_records_the_week_it_was_completed_in() {
    for week in [0u8, 2] {
        let mut s = started(2, 43, json!({}));
        s.t.week = week;
        let finger = proj("Twitching Finger"); // Hand, Hand
        give_project(&mut s, 0, finger);
        for copy in 0..2 {
            give(&mut s, 0, mat("Severed Hand", copy));
        }
        to_commit(&mut s);
        for _ in 0..2 {
            let commit = legal_moves(&s)
                .into_iter()
                .find(|m| matches!(m, Move::Commit(_)))
                .expect("a Severed Hand to commit");
            act(&mut s, commit);
            let to = legal_moves(&s)
                .into_iter()
                .find(|m| matches!(m, Move::CommitTo { project, .. } if *project == finger))
                .expect("an open Hand icon");
            act(&mut s, to);
        }
        act(&mut s, Move::Stop);
        act(&mut s, Move::Stop); // seat 1 commits nothing; the reveal completes the project
        let done = s.t.players[0]
            .completed
            .iter()
            .find(|d| usize::from(d.card) == finger);
        assert_eq!(
            done.map(|d| d.week),
            Some(week + 1),
            "completed in week {}",
            week + 1
        );
    }
}
