//! State documents (architecture: "bad input gets a clear error"): what `from_json` refuses
//! beyond the checks of the rules' own sections.

use super::*;

/// A card is one card: a hand listing one material twice would be two copies of it, which no
/// game holds. The document is refused, naming the card, rather than read as holding it once.
#[test]
fn a_document_listing_a_card_twice_is_refused() {
    let s = started(2, 3, json!({}));
    let mut doc: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    let hand = doc["table"]["players"][0]["hand"].as_array_mut().unwrap();
    let first = hand[0].clone();
    hand.push(first.clone());
    let err = SorceryState::from_json(&doc.to_string())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(&format!("material id {first} is listed twice")),
        "{err}"
    );
}

/// "II. Commit Step": a seat commits up to its limit, each commit pending (hidden) until every
/// seat has committed, and counted as it is made. A document whose count differs from the
/// seat's pending commits is no table of the game (with the count lowered, the seat could
/// commit past its limit) and is refused.
#[test]
fn a_document_whose_commit_count_differs_from_the_pending_commits_is_refused() {
    let mut s = started(2, 92, json!({"staffs": true}));
    give_staff(&mut s, 0, "Staff of Digging");
    let finger = proj("Twitching Finger"); // Hand, Hand
    give_project(&mut s, 0, finger);
    let m = mat("Severed Hand", 0);
    give(&mut s, 0, m);
    s.t.phase = Phase::Commit { seat: 0 };
    s.t.turn = Turn {
        stage: Stage::Commit,
        limit: s.commit_limit(0),
        ..Turn::default()
    };
    act(&mut s, Move::Commit(m));
    let icon = crate::sorcery::data::Icon::Hand as usize;
    act(
        &mut s,
        Move::CommitTo {
            project: finger,
            icon,
        },
    );
    let doc: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    assert!(SorceryState::from_json(&doc.to_string()).is_ok());
    let mut uncounted = doc.clone();
    uncounted["table"]["turn"]["commits"] = json!(0);
    let mut unlisted = doc;
    unlisted["table"]["players"][0]["pending"] = json!([]);
    for (edited, pending, counted) in [(uncounted, 1, 0), (unlisted, 0, 1)] {
        let err = SorceryState::from_json(&edited.to_string())
            .expect_err("the edited document is refused")
            .to_string();
        assert!(
            err.contains(&format!(
                "seat 0 has {pending} pending commits, but its commit step counts {counted}"
            )),
            "{err}"
        );
    }
}
