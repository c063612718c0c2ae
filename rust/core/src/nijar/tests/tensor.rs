//! The observation tensor: one size for every configuration, a visible change moves exactly
//! its slots, and what a seat may not see is not in it.

use super::super::actions::Move;
use super::super::data::{Act, CardType, NUM_GAME_CARDS};
use super::super::state::{NijarConfig, NijarState};
use super::super::tensor::{
    DRAFT_AT, GLOBAL, MODE_AT, MODE_LEN, PER_SEAT, SEAT_HAND_AT, TENSOR_SIZE,
};
use super::{play, started, with_task};
use crate::engine::GameState;

fn tensor(st: &NijarState, viewer: usize) -> Vec<f32> {
    let mut out = vec![f32::NAN; st.observation_tensor_size()];
    st.observation_tensor(viewer, &mut out);
    out
}

/// The indices where two tensors differ.
fn changed(a: &[f32], b: &[f32]) -> Vec<usize> {
    (0..a.len()).filter(|&i| a[i] != b[i]).collect()
}

/// Fixed size for every player count and option, every slot written.
#[test]
fn the_tensor_has_one_size_and_is_fully_written() {
    for (players, config) in super::modes() {
        let st = NijarState::new_game(players, 3, None, config).unwrap();
        assert_eq!(st.observation_tensor_size(), TENSOR_SIZE);
        for viewer in 0..players {
            let t = tensor(&st, viewer);
            assert!(t.iter().all(|x| x.is_finite() && (-1.0..=2.0).contains(x)));
        }
    }
}

/// Acquiring the card under your donkey: its draft slot empties, it appears in your hand
/// block (and, taken from the face-up draft, in the other seat's view of your hand), your
/// count for its cardback rises; nothing else changes but the Acquire step's numbers.
#[test]
fn acquiring_a_card_moves_exactly_its_slots() {
    let mut st = started(2, 41);
    let s = st.actor().unwrap();
    let o = 1 - s;
    st.table_mut().donkeys[s] = 6;
    st.table_mut().donkeys[o] = 0;
    with_task(&mut st, Act::Acquire);
    play(&mut st, Move::AcquireBegin);
    let card = usize::from(st.table().draft[1][1]);
    let back = if card < NUM_GAME_CARDS {
        CardType::of(card).deck()
    } else {
        3
    };
    let (mine0, theirs0) = (tensor(&st, s), tensor(&st, o));
    play(&mut st, Move::Take(6));
    let (mine1, theirs1) = (tensor(&st, s), tensor(&st, o));
    let mode = MODE_AT..MODE_AT + MODE_LEN;
    let draft = DRAFT_AT + 6 * NUM_GAME_CARDS + card;
    // For seat s its own block is block 0; for seat o, seat s is block 1.
    for (before, after, block) in [(&mine0, &mine1, 0), (&theirs0, &theirs1, 1)] {
        let seat = GLOBAL + block * PER_SEAT;
        let hand = seat + SEAT_HAND_AT + 5 + card;
        let count = seat + SEAT_HAND_AT + back;
        assert_eq!((before[draft], after[draft]), (1.0, 0.0), "draft slot");
        assert_eq!((before[hand], after[hand]), (0.0, 1.0), "hand slot");
        assert!((after[count] - before[count] - 0.1).abs() < 1e-6, "count");
        let mut expected = vec![draft, count, hand];
        expected.sort_unstable();
        let outside: Vec<usize> = changed(before, after)
            .into_iter()
            .filter(|i| !mode.contains(i))
            .collect();
        assert_eq!(outside, expected);
    }
}

/// A card another seat holds and this seat never saw: its cardback counts, its id does
/// not; the owner sees it.
#[test]
fn another_seats_starting_hand_shows_only_as_counts() {
    let st = started(3, 42);
    for viewer in 0..3 {
        let t = tensor(&st, viewer);
        for k in 0..3 {
            let seat = (viewer + k) % 3;
            let block = GLOBAL + k * PER_SEAT;
            let hand = &st.table().players[seat].hand;
            for c in hand.ids() {
                let shown = t[block + SEAT_HAND_AT + 5 + c];
                assert_eq!(
                    shown,
                    if k == 0 { 1.0 } else { 0.0 },
                    "seat {seat} card {c}"
                );
            }
            // 3 endgame cards and one card of each deck (4.2.6).
            let counts = &t[block + SEAT_HAND_AT..block + SEAT_HAND_AT + 4];
            assert_eq!(counts, &[0.1, 0.1, 0.1, 0.3]);
        }
    }
}

/// 12.5: every revealed Competition card was turned face-up, so every one is shown, at every
/// difficulty (issue 17: the revealed cards are public), and the last one apart.
#[test]
fn the_competitions_revealed_cards_are_all_shown() {
    for difficulty in [0u8, 2] {
        let config = NijarConfig {
            first_game_layout: false,
            difficulty,
        };
        let mut st = NijarState::new_game(1, 5, None, config).unwrap();
        while st.current_player().is_some() && st.table().solo.revealed.len() < 2 {
            let a = st.legal_actions()[0];
            st.apply_action(a).unwrap();
        }
        let mut other = st.clone();
        // Swap the first and last revealed cards: the last one has its own slots.
        let t = other.table_mut();
        let n = t.solo.revealed.len();
        let (a, b) = (t.solo.revealed[0], t.solo.revealed[n - 1]);
        let mut swapped = st.clone();
        swapped.table_mut().solo.revealed[0] = b;
        swapped.table_mut().solo.revealed[n - 1] = a;
        // Replace an earlier revealed card by a card still in the deck (below the top).
        let deck_card = t.solo.deck[0];
        t.solo.deck[0] = t.solo.revealed[0];
        t.solo.revealed[0] = deck_card;
        assert_ne!(
            tensor(&st, 0),
            tensor(&other, 0),
            "difficulty {difficulty}: an earlier revealed card is shown"
        );
        assert_ne!(
            tensor(&st, 0),
            tensor(&swapped, 0),
            "the last card is shown"
        );
    }
}
