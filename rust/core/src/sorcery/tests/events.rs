//! The public event lines: what the setup's reveal and the commit step's reveal make public,
//! in the order it happens.

use serde_json::json;

use super::*;
use crate::sorcery::actions::encode;
use crate::sorcery::data::Icon;
use crate::sorcery::state::ids;

/// Seat 0 (first player) at its commit step, holding a Tarnished Ring and a Wedding Band,
/// with Tincture of Toadstool (Vial, Mushroom, Ring) needing only its Ring.
fn tincture_commit() -> (SorceryState, usize) {
    let mut s = started(2, 31, json!({}));
    let id = proj("Tincture of Toadstool");
    give_project(&mut s, 0, id);
    let w = s.t.players[0].projects.last_mut().unwrap();
    w.slots[0] = crate::sorcery::state::FILLED_FREE;
    w.slots[1] = crate::sorcery::state::FILLED_FREE;
    empty_hand(&mut s, 0);
    empty_hand(&mut s, 1);
    give(&mut s, 0, mat("Tarnished Ring", 0));
    give(&mut s, 0, mat("Wedding Band", 0));
    s.t.first = 0;
    s.begin_commit(0);
    (s, id)
}

/// Seat 0 commits `material` under the Tincture as its Ring; returns the events seat 1 reads
/// of each move.
fn commit(s: &mut SorceryState, id: usize, material: usize) -> Vec<Vec<String>> {
    let ring = Icon::Ring as usize;
    let moves = [
        Move::Commit(material),
        Move::CommitTo {
            project: id,
            icon: ring,
        },
        Move::Stop,
    ];
    moves
        .iter()
        .map(|&m| {
            let events = s.public_events(encode(m), Some(1));
            act(s, m);
            events
        })
        .collect()
}

#[test]
fn the_commit_reveal_says_what_each_seat_committed_and_comes_before_the_completion() {
    let (mut s, id) = tincture_commit();
    let (mut other, _) = tincture_commit();
    let seen = commit(&mut s, id, mat("Tarnished Ring", 0));
    let seen_other = commit(&mut other, id, mat("Wedding Band", 0));
    // Before the reveal nothing tells seat 1 which material seat 0 committed: its events,
    // observation and information state are those of the other commit.
    assert_eq!(seen, seen_other);
    assert_eq!(
        seen[0],
        vec!["Commit a material (hidden until all have committed)".to_string()]
    );
    assert_eq!(s.observation_json(1), other.observation_json(1));
    assert_eq!(
        s.information_state_string(1),
        other.information_state_string(1)
    );

    // Seat 1 ends the commit step: the reveal names seat 0's commit, then the completion it
    // causes ("III. Complete Projects" follows "II. Commit Step").
    let events = s.public_events(encode(Move::Stop), None);
    assert_eq!(
        events[1..3],
        [
            "Every seat has committed, and the commits are revealed: seat 0 puts Tarnished \
             Ring under Tincture of Toadstool as its Ring; seat 1 commits nothing"
                .to_string(),
            "Seat 0 completes Tincture of Toadstool — when completed: take 1 vial(s) for free"
                .to_string(),
        ],
        "{events:?}"
    );
    assert!(
        !events.iter().any(|e| e.contains("Wedding Band")),
        "{events:?}"
    );
}

#[test]
fn a_solo_commit_step_ends_with_what_was_placed() {
    let mut s = started(1, 5, json!({}));
    let id = proj("Tincture of Toadstool");
    give_project(&mut s, 0, id);
    empty_hand(&mut s, 0);
    let band = mat("Wedding Band", 1);
    give(&mut s, 0, band);
    s.begin_commit(0);
    act(&mut s, Move::Commit(band));
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: Icon::Ring as usize,
        },
    );
    let events = s.public_events(encode(Move::Stop), Some(0));
    assert_eq!(
        events[1],
        "The commit step ends: you put Wedding Band under Tincture of Toadstool as its Ring"
    );
}

#[test]
fn the_setup_reveal_names_each_kept_project_and_staff_but_not_the_returned_one() {
    let mut s = game(2, 2028, json!({"staffs": true}));
    let mut last = Vec::new();
    let mut steps = 0;
    while matches!(s.t.phase, Phase::Setup { .. }) {
        count_move(&mut steps);
        let a = legal(&s)[0];
        last = s.public_events(a, None);
        s.apply_action(a).unwrap();
    }
    let names = |seat: usize| {
        let p = s.t.players[seat];
        let kept = usize::from(p.project_offer[usize::from(p.project_pick)]);
        let returned = usize::from(p.project_offer[1 - usize::from(p.project_pick)]);
        (
            s.proj(kept).name.clone(),
            s.proj(returned).name.clone(),
            s.cards.staffs[usize::from(p.staff)].name.clone(),
        )
    };
    let ((kept0, returned0, staff0), (kept1, returned1, staff1)) = (names(0), names(1));
    assert_eq!(
        last[1],
        format!(
            "Setup is done: seat 0 keeps the project {kept0} and the staff {staff0}; seat 1 \
             keeps the project {kept1} and the staff {staff1}"
        )
    );
    // Seed 2028, each seat keeping its first legal choice.
    assert_eq!(
        (kept0.as_str(), kept1.as_str()),
        ("Lucky Numbers", "Rattling Ribs")
    );
    for returned in [returned0, returned1] {
        assert!(!last[1].contains(&returned), "{last:?}");
    }
}

/// "Alchemy: if you commit an additional material in the same commit phase or cram action
/// you must add a demerit token to the project card": the put that does so says it (the
/// table must not play it for the player unasked), in the commit step and in a cram.
#[test]
fn a_second_put_under_an_alchemy_project_says_it_adds_a_demerit() {
    let cauldron = proj("Cleansing Cauldron"); // Vial, Vial, Mushroom
    let vials = [mat("Vial", 0), mat("Vial", 1)];
    let vial = Icon::Vial as usize;
    let put = Move::CommitTo {
        project: cauldron,
        icon: vial,
    };
    let note = " (Alchemy: a second material this step, -1 demerit)";
    for cram in [false, true] {
        let mut s = started(2, 31, json!({}));
        give_project(&mut s, 0, cauldron);
        empty_hand(&mut s, 0);
        vials.iter().for_each(|&v| give(&mut s, 0, v));
        s.t.first = 0;
        if cram {
            action_turn(&mut s, 0);
            act(&mut s, Move::Cram);
        } else {
            s.begin_commit(0);
        }
        act(&mut s, Move::Commit(vials[0]));
        assert!(!s.describe(encode(put)).ends_with(note), "the first put");
        act(&mut s, put);
        act(&mut s, Move::Commit(vials[1]));
        let second = s.describe(encode(put));
        assert!(second.ends_with(note), "cram {cram}: {second}");
        act(&mut s, put);
        act(&mut s, Move::Stop);
        if !cram {
            act(&mut s, Move::Stop); // seat 1
        }
        assert_eq!(work(&s, 0, cauldron).demerits, 1, "cram {cram}");
    }
}

/// Solo, Easy: "Instead of adding the revealed card to the Robot's pile, add it to the
/// discard", so a card the robot revealed can come back with the discard shuffled into the
/// grave deck and be revealed again. Revealed again and taking the same pile (a Femur: "Add
/// the left grave pile to the Robot's Materials"), the robot's turn is told with the card it
/// revealed, though that turn is the same as its last one: what it took is new.
#[test]
fn the_robot_revealing_the_card_of_its_last_turn_again_names_it() {
    let mut s = started(1, 84, json!({"difficulty": "easy"}));
    let femur = mat("Femur", 0);
    take_material(&mut s, femur);
    s.t.grave_deck.push(femur as u8);
    s.t.robot.materials = 0;
    s.t.robot.last = crate::sorcery::state::RobotTurn {
        card: Some(femur as u8),
        pile: Some(0),
        row: None,
        cleared: [NONE; 3],
    };
    let band = mat("Wedding Band", 0); // $3
    take_material(&mut s, band);
    for m in ids(s.t.piles[0]) {
        take_material(&mut s, m);
        s.discard_card(m);
    }
    s.t.piles[0] = bit(band);
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    let events = s.public_events(encode(Move::Stop), Some(0));
    assert!(
        events.contains(
            &"The robot reveals Femur (top icon Limb) and takes grave pile 1 (Wedding Band); \
              it now scores 2 ($3 of grave cards / 2, rounded up)"
                .to_string()
        ),
        "{events:?}"
    );
}
