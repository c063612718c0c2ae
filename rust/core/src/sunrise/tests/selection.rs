//! "Step One: Select Resource Cards" and "Work Styles".

use super::*;
use crate::sunrise::actions::draft_action;
use crate::sunrise::data::ResourceIcons;
use crate::sunrise::state::{Destination, WorkStyle};

use Destination::{Discard as D, Keep as K, Left as L, Right as R};

fn faces(s: &SunriseState, cards: impl IntoIterator<Item = CardId>) -> Vec<String> {
    let mut v: Vec<String> = cards
        .into_iter()
        .map(|c| s.cards.resource_cards[usize::from(c)].icons.label())
        .collect();
    v.sort();
    v
}

/// A game whose drawn hands all have four different faces (so assignments are unique).
fn distinct_hands(players: usize) -> SunriseState {
    (0..500)
        .map(|seed| game(players, seed))
        .find(|s| {
            s.t.players.iter().all(|p| {
                let f: Vec<ResourceIcons> = p
                    .hand
                    .iter()
                    .map(|&c| s.cards.resource_cards[usize::from(c)].icons)
                    .collect();
                (0..4).all(|i| (i + 1..4).all(|j| f[i] != f[j]))
            })
        })
        .unwrap()
}

#[test]
fn work_styles_distribute_cards_keep_left_right_and_discard() {
    let mut s = distinct_hands(3);
    let h: Vec<Vec<CardId>> = s.t.players.iter().map(|p| p.hand.to_vec()).collect();
    // Efficient: keep 3, pass 1 left. Measured: keep 2, 1 left, 1 right. Wasteful: keep 1,
    // discard 2, pass 1 right. Seat s+1 is to the left of seat s.
    s.apply_action(draft_action([K, K, K, L])).unwrap();
    s.apply_action(draft_action([K, K, L, R])).unwrap();
    s.apply_action(draft_action([K, D, D, R])).unwrap();
    let wheel = |seat: usize| faces(&s, s.t.players[seat].wheel.iter().map(|w| w.card));
    assert_eq!(wheel(0), faces(&s, [h[0][0], h[0][1], h[0][2], h[1][3]]));
    assert_eq!(wheel(1), faces(&s, [h[1][0], h[1][1], h[0][3], h[2][3]]));
    assert_eq!(wheel(2), faces(&s, [h[2][0], h[1][2]]));
    assert_eq!(
        faces(&s, s.t.wastebasket.iter().copied()),
        faces(&s, [h[2][1], h[2][2]])
    );
    // The two cards discarded face-down are known to the Wasteful seat (2) alone; a card
    // passed is seen by everyone once placed.
    for c in [h[2][1], h[2][2]] {
        assert_eq!(s.t.resource_known[usize::from(c)], 1 << 2, "card {c}");
    }
    assert_eq!(s.t.resource_known[usize::from(h[2][3])], 0b111);
    // Place Large Tile: each seat's style is now used for the day.
    assert!(s.t.players[0].styles_used[WorkStyle::Efficient as usize]);
    assert!(s.t.players[1].styles_used[WorkStyle::Measured as usize]);
    assert!(s.t.players[2].styles_used[WorkStyle::Wasteful as usize]);
    assert_valid(&s);
}

#[test]
fn two_player_measured_puts_two_cards_on_the_other_players_wheel() {
    let mut s = distinct_hands(2);
    let h: Vec<Vec<CardId>> = s.t.players.iter().map(|p| p.hand.to_vec()).collect();
    // The 3-4 player Measured (one left, one right) is not a 2-player choice.
    assert!(!legal(&s).contains(&draft_action([K, K, L, R])));
    s.apply_action(draft_action([K, K, L, L])).unwrap();
    s.apply_action(draft_action([K, K, K, L])).unwrap();
    let wheel = |seat: usize| faces(&s, s.t.players[seat].wheel.iter().map(|w| w.card));
    assert_eq!(wheel(0), faces(&s, [h[0][0], h[0][1], h[1][3]]));
    assert_eq!(
        wheel(1),
        faces(&s, [h[1][0], h[1][1], h[1][2], h[0][2], h[0][3]])
    );
}

/// "Work Styles": each distribution is offered under its style's printed name, and the
/// observation names the style a seat chose (to itself until every seat has chosen) and the
/// styles it has used.
#[test]
fn work_styles_are_named_as_printed_in_the_options_and_the_observation() {
    let mut s = distinct_hands(3);
    for (a, _) in moves(&s) {
        let style = crate::sunrise::moves::style_of(a as usize, false).unwrap();
        let name = ["Efficient", "Measured", "Wasteful"][style as usize];
        let text = s.describe(a);
        assert!(text.starts_with(&format!("{name}: ")), "{text}");
    }
    s.apply_action(draft_action([K, K, K, L])).unwrap();
    let seat0 = |s: &SunriseState| s.observation(0)["players"][0].clone();
    assert_eq!(seat0(&s)["pending_choice"]["style"], "Efficient");
    random_until(&mut s, 4, |s| !selecting(s));
    assert_eq!(seat0(&s)["styles_used"], serde_json::json!(["Efficient"]));
}

#[test]
fn each_work_style_is_used_once_per_day() {
    let mut s = distinct_hands(3);
    s.apply_action(draft_action([K, K, K, L])).unwrap();
    // Finish the round at random; seat 0 must then pick Measured or Wasteful.
    random_until(&mut s, 4, |s| selecting(s) && s.t.round == 1);
    let styles: Vec<_> = moves(&s)
        .into_iter()
        .map(|(a, _)| crate::sunrise::moves::style_of(a as usize, false).unwrap())
        .collect();
    assert!(!styles.is_empty());
    assert!(styles.iter().all(|&st| st != WorkStyle::Efficient));
    assert!(styles.contains(&WorkStyle::Measured) && styles.contains(&WorkStyle::Wasteful));
}

#[test]
fn identical_cards_are_offered_once_per_distinct_distribution() {
    // Find a hand with two identical faces.
    let s = (0..500)
        .map(|seed| game(4, seed))
        .find(|s| {
            let f: Vec<_> = s.t.players[0]
                .hand
                .iter()
                .map(|&c| s.cards.resource_cards[usize::from(c)].icons)
                .collect();
            (0..4).any(|i| (i + 1..4).any(|j| f[i] == f[j]))
        })
        .unwrap();
    let hand = s.t.players[0].hand;
    let signature = |code: usize| {
        let mut v: Vec<(String, usize)> = (0..4)
            .map(|i| {
                (
                    s.cards.resource_cards[usize::from(hand[i])].icons.label(),
                    (code >> (2 * i)) & 3,
                )
            })
            .collect();
        v.sort();
        v
    };
    let offered: Vec<_> = legal(&s)
        .into_iter()
        .map(|a| signature(a as usize))
        .collect();
    let all: std::collections::BTreeSet<_> = (0..256)
        .filter(|&c| crate::sunrise::moves::style_of(c, false).is_some())
        .map(signature)
        .collect();
    // Every distinct distribution is offered exactly once.
    assert_eq!(offered.len(), all.len());
    assert!(offered.len() < 28);
    assert_eq!(
        offered
            .iter()
            .cloned()
            .collect::<std::collections::BTreeSet<_>>(),
        all
    );
}

#[test]
fn four_player_measured_passes_one_card_left_and_one_right() {
    // "put 1 card on the player's pottery wheel to your left, and put 1 card on the player's
    // pottery wheel to your right": seat 1's left is seat 2, its right seat 0.
    let mut s = distinct_hands(4);
    let h: Vec<Vec<CardId>> = s.t.players.iter().map(|p| p.hand.to_vec()).collect();
    s.apply_action(draft_action([K, K, K, L])).unwrap();
    s.apply_action(draft_action([K, L, K, R])).unwrap();
    s.apply_action(draft_action([K, K, K, L])).unwrap();
    s.apply_action(draft_action([K, K, K, L])).unwrap();
    let wheel = |seat: usize| faces(&s, s.t.players[seat].wheel.iter().map(|w| w.card));
    // Seat 0 keeps 3, gets seat 1's right pass and seat 3's left pass.
    assert_eq!(
        wheel(0),
        faces(&s, [h[0][0], h[0][1], h[0][2], h[1][3], h[3][3]])
    );
    // Seat 1 keeps 2 and gets seat 0's left pass.
    assert_eq!(wheel(1), faces(&s, [h[1][0], h[1][2], h[0][3]]));
    // Seat 2 keeps 3 and gets seat 1's left pass.
    assert_eq!(wheel(2), faces(&s, [h[2][0], h[2][1], h[2][2], h[1][1]]));
    assert_eq!(wheel(3), faces(&s, [h[3][0], h[3][1], h[3][2], h[2][3]]));
    assert_valid(&s);
}
