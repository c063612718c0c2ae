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

/// The loader names the line of each card in its errors; it finds them in one pass over the
/// text, so its work grows linearly with the file (it once scanned the whole text for every
/// card: 20,000 cards in a 2 MB file took half a minute to refuse). Counted, not timed: a
/// file of 20,000 extra potter's wheels has each of its lines read once, and is refused by
/// its count.
#[test]
fn a_card_file_is_read_once_however_many_cards_it_holds() {
    use super::super::card_file::parse_counting_lines;
    let mut text = DEFAULT_CARDS.to_string();
    for i in 0..20_000 {
        text.push_str(&format!(
            "\n[[wheel]]\nname = \"Torno {i}\"\ncost = [\"pg:1\"]\nvp = 0\nfinish_vp = 3\nspaces = [\"play\", \"clay\"]\n"
        ));
    }
    let lines = text.lines().count();
    let (result, read) = parse_counting_lines(&text);
    let err = result.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        err.contains("expected 16 potter's wheel cards, found 20016"),
        "{err}"
    );
    assert!(read <= lines, "{read} lines read for a file of {lines}");
    // The default file too: one pass.
    let (ok, read) = parse_counting_lines(DEFAULT_CARDS);
    assert!(ok.is_ok());
    assert_eq!(read, DEFAULT_CARDS.lines().count());
}

/// What the loader derives from the cards for the rules to read at once (each game card's
/// cost as a `Need`, each wheel's length and each cleanup card's spaces by workshop id) is
/// what the cards say, for the default set.
#[test]
fn derived_card_tables_match_the_cards() {
    use super::super::data::{Need, NUM_GAME_CARDS, STARTING_BASE, STARTING_CARD};
    let cards = CardSet::from_toml(DEFAULT_CARDS).unwrap();
    for id in 0..NUM_GAME_CARDS {
        assert_eq!(cards.needs[id], Need::of(cards.cost(id)), "card {id}");
    }
    for id in 0..=u8::MAX {
        let wheel = (id < 16 || (STARTING_BASE..STARTING_BASE + 5).contains(&id))
            .then(|| cards.wheel(id).spaces.len() as u8);
        assert_eq!(
            cards.wheel_lens[usize::from(id)],
            wheel.unwrap_or(0),
            "wheel {id}"
        );
        let cleanup =
            ((32..44).contains(&id) || id == STARTING_CARD).then(|| cards.cleanup(id).spaces);
        let spaces = cards.cleanup_spaces[usize::from(id)];
        assert_eq!(spaces, cleanup.unwrap_or(0), "cleanup {id}");
    }
}
