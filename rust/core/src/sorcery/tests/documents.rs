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
