//! "Use Advantage Cards" and the "Advantage Card Reference".

use super::*;
use crate::sunrise::actions::{DISCARD, REVEAL};

fn at_work(seed: u64) -> SunriseState {
    let mut s = game(3, seed);
    random_until(&mut s, seed, |s| {
        matches!(s.t.phase, Phase::Work { seat: 0 })
    });
    s
}

#[test]
fn gain_resources_places_two_in_the_reserve_and_is_discarded() {
    let mut s = at_work(1);
    let card = advantage("Supply Run");
    give_advantage(&mut s, 0, card);
    let reserve = s.t.players[0].reserve;
    s.apply_action(REVEAL + u32::from(card)).unwrap();
    assert_eq!(s.t.players[0].reserve, reserve + 2);
    assert_eq!(
        s.t.advantage_deck.last(),
        Some(&card),
        "one-time cards are discarded"
    );
    assert_eq!(
        s.t.advantage_known[usize::from(card)],
        0b111,
        "it was revealed to all"
    );
    assert_valid(&s);
}

#[test]
fn go_first_gains_a_resource_and_marks_the_next_completion() {
    let mut s = at_work(2);
    let card = advantage("First in Line");
    give_advantage(&mut s, 0, card);
    let reserve = s.t.players[0].reserve;
    s.apply_action(REVEAL + u32::from(card)).unwrap();
    assert!(s.t.players[0].go_first);
    assert_eq!(s.t.players[0].reserve, reserve + 1);
}

#[test]
fn discarding_gives_one_reserve_resource_and_stays_secret() {
    let mut s = at_work(3);
    let card = advantage("Vase Enthusiast");
    give_advantage(&mut s, 0, card);
    let reserve = s.t.players[0].reserve;
    s.apply_action(DISCARD + u32::from(card)).unwrap();
    assert_eq!(s.t.players[0].reserve, reserve + 1);
    assert_eq!(s.t.advantage_deck.last(), Some(&card));
    // Face-down to the bottom: seat 0 sees it there, seat 1 does not.
    let seen = |viewer| {
        s.observation(viewer)["advantage_deck_known"]
            .as_array()
            .unwrap()
            .len()
    };
    assert_eq!(seen(0), 1);
    assert_eq!(seen(1), 0);
    assert_valid(&s);
}

#[test]
fn a_revealed_end_game_card_stays_and_cannot_be_discarded() {
    let mut s = at_work(4);
    let card = advantage("Morning Espresso");
    give_advantage(&mut s, 0, card);
    assert!(legal(&s).contains(&(DISCARD + u32::from(card))));
    s.apply_action(REVEAL + u32::from(card)).unwrap();
    assert!(s.t.players[0].revealed.contains(&card));
    assert!(!legal(&s).contains(&(DISCARD + u32::from(card))));
    assert!(!legal(&s).contains(&(REVEAL + u32::from(card))));
}

#[test]
fn face_down_end_game_cards_are_revealed_at_game_end() {
    let mut s = at_work(5);
    let goal = advantage("Pitcher Practice");
    let bean = advantage("Fresh Roast");
    give_advantage(&mut s, 1, goal);
    give_advantage(&mut s, 1, bean);
    // Play on, never revealing or discarding those two.
    let mut rng = Rng::seed_from(5);
    while !s.is_terminal() {
        let l: Vec<_> = legal(&s)
            .into_iter()
            .filter(|&a| {
                ![REVEAL, DISCARD]
                    .iter()
                    .any(|&b| a == b + u32::from(goal) || a == b + u32::from(bean))
            })
            .collect();
        s.apply_action(l[rng.below(l.len())]).unwrap();
    }
    assert!(s.t.players[1].revealed.contains(&goal) && s.t.players[1].revealed.contains(&bean));
    assert!(s.coffee_beans(1) >= 1);
}
