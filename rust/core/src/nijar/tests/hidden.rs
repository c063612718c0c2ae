//! What a seat may see (issue 17, point 1): the seed and the random stream are in no view,
//! and a solo determinization keeps every Competition card that was revealed.

use super::super::state::{NijarConfig, NijarState};
use super::started;
use crate::engine::{GameState, Rng};

fn tensor(st: &NijarState, viewer: usize) -> Vec<f32> {
    let mut out = vec![0.0; st.observation_tensor_size()];
    st.observation_tensor(viewer, &mut out);
    out
}

/// Everything `viewer` is shown: information state, observation, tensor, and the public
/// sentences and events of every legal action.
fn views(st: &NijarState, viewer: usize) -> (String, String, Vec<f32>, Vec<Vec<String>>) {
    let events = st
        .legal_actions()
        .iter()
        .map(|&a| st.public_events(a, Some(viewer)))
        .collect();
    (
        st.information_state_string(viewer),
        st.observation_json(viewer).to_string(),
        tensor(st, viewer),
        events,
    )
}

/// `new_game(players, seed)` regenerates every hand, deck order and die from the seed, so a
/// view holding the seed (or the random stream) shows everything. Two tables alike but for
/// the seed and the stream must look the same to every seat.
#[test]
fn no_view_holds_the_seed_or_the_random_stream() {
    for players in 1..=4 {
        let st = started(players, 11);
        let mut other = st.clone();
        other.table_mut().seed = 987_654_321;
        other.table_mut().rng = Rng::seed_from(123_456);
        for viewer in 0..players {
            let (a, b) = (views(&st, viewer), views(&other, viewer));
            assert_eq!(
                a.0, b.0,
                "{players} players: seat {viewer}'s information state"
            );
            assert_eq!(a.1, b.1, "{players} players: seat {viewer}'s observation");
            assert_eq!(a.2, b.2, "{players} players: seat {viewer}'s tensor");
            assert_eq!(a.3, b.3, "{players} players: seat {viewer}'s public events");
            assert!(
                !a.0.contains("\"seed\":11"),
                "the seed is in the information state"
            );
        }
    }
}

/// A solo game (Normal) played at random until the Competition has revealed `at_least`
/// cards this round.
fn solo_with_revealed(seed: u64, at_least: usize) -> NijarState {
    let config = NijarConfig {
        first_game_layout: false,
        difficulty: 0,
    };
    let mut st = NijarState::new_game(1, seed, None, config).unwrap();
    let mut rng = Rng::seed_from(seed);
    while st.table().solo.revealed.len() < at_least {
        let legal = st.legal_actions();
        st.apply_action(legal[rng.below(legal.len())]).unwrap();
    }
    st
}

/// 12.5: the Competition's cards are revealed face-up, and each names the action space where
/// its craftswoman went: they are public. A determinization keeps them, in order, and redraws
/// only the face-down deck — the same cards (the nine but the revealed ones) in a new order,
/// the top one with the back that is seen. So every redraw is a possible world.
#[test]
fn s12_5_solo_resample_keeps_the_revealed_cards() {
    for game in 0..6 {
        let st = solo_with_revealed(game, 3);
        let s = &st.table().solo;
        let revealed: Vec<u8> = s.revealed.iter().copied().collect();
        assert!(revealed.len() >= 3);
        let mut face_down: Vec<u8> = s.deck.iter().copied().collect();
        face_down.sort_unstable();
        let mut orders = std::collections::HashSet::new();
        for seed in 0..20 {
            let r = st.resample_hidden(0, seed);
            let rs = &r.table().solo;
            assert_eq!(
                &rs.revealed[..],
                &revealed[..],
                "game {game}, redraw {seed}"
            );
            let mut deck: Vec<u8> = rs.deck.iter().copied().collect();
            deck.sort_unstable();
            assert_eq!(
                deck, face_down,
                "game {game}, redraw {seed}: the face-down cards"
            );
            let back = |c: u8| st.cards().competition[usize::from(c)].pieces;
            assert_eq!(
                back(*rs.deck.last().unwrap()),
                back(*s.deck.last().unwrap())
            );
            orders.insert(rs.deck[..rs.deck.len() - 1].to_vec());
        }
        // The cards below the top are really redrawn.
        assert!(orders.len() > 1, "game {game}: {orders:?}");
    }
}

/// Every revealed card is in the Competition's observation, in Normal as in Expert: a seat
/// saw each of them turned face-up.
#[test]
fn s12_5_every_revealed_card_is_observed() {
    let st = solo_with_revealed(2, 3);
    let s = &st.table().solo;
    let obs = st.observation_json(0);
    let shown: Vec<u8> = serde_json::from_value(obs["competition"]["revealed"].clone()).unwrap();
    assert!(!shown.is_empty());
    assert_eq!(shown, s.revealed.to_vec());
}
