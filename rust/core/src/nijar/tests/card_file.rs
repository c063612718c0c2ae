//! The card file: what the loader refuses, and its cost.

use super::super::data::{Act, CardSet, DEFAULT_CARDS};

/// 9.8: "This Bonus is only found in the Special Action": no card side, wheel space or
/// workshop space of the default cards names the Collect Esparto bonus, and a card file that
/// puts it on a card side is refused, quoting the rule.
#[test]
fn s9_8_the_collect_esparto_bonus_is_only_on_the_special_action() {
    let cards = CardSet::from_toml(DEFAULT_CARDS).unwrap();
    for b in &cards.buildings {
        assert!(!b.sides.contains(&Act::Esparto1), "{}", b.name);
    }
    for w in cards.wheels.iter().chain(cards.starting_wheels.iter()) {
        assert!(!w.spaces.contains(&Act::Esparto1), "{}", w.name);
    }
    assert!(!cards.board.wheel_spaces.contains(&Act::Esparto1));
    assert!(!cards.board.esparto_spaces.contains(&Act::Esparto1));
    let bad = DEFAULT_CARDS.replacen(
        "sides = [\"paint1\", \"technology\"]",
        "sides = [\"paint1\", \"esparto1\"]",
        1,
    );
    assert_ne!(bad, DEFAULT_CARDS);
    let err = CardSet::from_toml(&bad).unwrap_err().to_string();
    assert!(err.contains("9.8") && err.contains("sides"), "{err}");
}
