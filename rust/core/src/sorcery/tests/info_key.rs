//! The information-state key writes the per-card knowledge tables packed (a bit a card, two
//! hex digits a generation or group): every entry the viewer knows reaches the key, and none
//! it does not.

use serde_json::json;

use super::*;
use crate::sorcery::state::SorceryState;

/// Flips bits of one knowledge-table entry of a state.
type Flip = fn(&mut SorceryState, u8);

/// A 3-player game some way in (cards seen, drawn and discarded).
fn midgame() -> SorceryState {
    let mut s = started(3, 5, json!({}));
    for _ in 0..40 {
        let a = legal(&s)[0];
        s.apply_action(a).unwrap();
    }
    s
}

#[test]
fn each_card_table_entry_reaches_only_the_key_of_a_seat_that_knows_it() {
    let s = midgame();
    let key = |s: &SorceryState| s.information_state_string(1);
    let base = key(&s);
    // Card 40's and project 7's entries of each knowledge table, with seat 1's bit (value 2)
    // and then with another seat's bit (value 1) flipped.
    let flips: [(&str, Flip); 3] = [
        ("known", |s, b| s.t.known[40] ^= b),
        ("known_in_group", |s, b| s.t.known_in_group[40] ^= b),
        ("project_known", |s, b| s.t.project_known[7] ^= b),
    ];
    for (table, flip) in flips {
        let mut mine = s.clone();
        flip(&mut mine, 2);
        assert_ne!(
            key(&mine),
            base,
            "seat 1's own bit of {table} is in its key"
        );
        let mut theirs = s.clone();
        flip(&mut theirs, 1);
        assert_eq!(
            key(&theirs),
            base,
            "seat 0's bit of {table} is not in seat 1's key"
        );
    }
    // Generations are public, and so is the mixing group of a card the viewer knows (of an
    // unseen card, `mixing_key` tells only what the group says about its place).
    let mut generation = s.clone();
    generation.t.generation[40] = 17;
    assert_ne!(key(&generation), base, "a card's generation is in the key");
    // The decks' order, where the viewer can name the cards: swapping two cards it cannot
    // name changes nothing; swapping one it can name with one it cannot does.
    let mut unnamed = s.clone();
    for c in [unnamed.t.decks[1][0], unnamed.t.decks[1][1]] {
        unnamed.t.project_known[usize::from(c)] = 0;
    }
    let before = key(&unnamed);
    unnamed.t.decks[1].swap(0, 1);
    assert_eq!(
        key(&unnamed),
        before,
        "the order of unnamed deck cards is hidden"
    );
    let first = usize::from(unnamed.t.decks[1][0]);
    unnamed.t.project_known[first] = 2;
    let before = key(&unnamed);
    unnamed.t.decks[1].swap(0, 1);
    unnamed.t.project_known[first] = 2;
    assert_ne!(
        key(&unnamed),
        before,
        "where a card seat 1 can name lies in a deck is known"
    );
    let mut known = s.clone();
    known.t.known[41] = 2;
    known.t.mixed[42] = 3; // some group already, so `mixing_key` speaks before and after
    let before = key(&known);
    known.t.mixed[41] = 3;
    assert_ne!(
        key(&known),
        before,
        "the group of a card seat 1 knows is in its key"
    );
}
