//! "Setup", "Playing the Game", "Begin a New Day", "Step Four: End the Round".

use super::*;
use crate::sunrise::data::NUM_ADVANTAGE;
use crate::sunrise::state::TOTAL_RESOURCES;

#[test]
fn setup_follows_personal_and_community_area_setup() {
    for n in 2..=4 {
        let s = game(n, 3);
        let t = &s.t;
        for p in &t.players {
            // Personal A/B: 15 resources, one random starting project, in progress.
            assert_eq!(p.supply, 15);
            assert_eq!(p.projects.len(), 1);
            assert!(s.cards.projects[usize::from(p.projects[0].card)].starting);
            // Playing the Game: 12 dealt, 4 drawn for the first round.
            assert_eq!(p.stack.len() + p.hand.len(), 12);
            assert_eq!(p.hand.len(), 4);
        }
        // B: the unused starting projects are removed.
        assert_eq!(t.removed_starting.len(), 4 - n);
        // A: 3 studio challenges; C: a row of 4 from the shuffled 30.
        assert_eq!(t.challenges.len(), 3);
        assert!(t.row.iter().all(Option::is_some));
        // The deck's face-up top card is one of the 4 visible projects: 27 in the deck.
        assert_eq!(t.project_deck.len(), 26);
        let obs = s.observation(0);
        assert_eq!(obs["project_deck_size"], 27);
        assert_eq!(obs["project_deck_top"], obs["project_row"][0]);
        assert_eq!(
            obs["project_row"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| !p.is_null())
                .count(),
            4
        );
        // F: the advantage deck; G: the rest of the 60 resources form the supply.
        assert_eq!(t.advantage_deck.len(), NUM_ADVANTAGE);
        assert_eq!(t.community_supply, TOTAL_RESOURCES - 15 * n as u8);
        assert_valid(&s);
    }
    // The starting projects and challenges are random.
    let deals: std::collections::BTreeSet<_> = (0..20)
        .map(|seed| {
            let s = game(2, seed);
            (s.t.players[0].projects[0].card, s.t.challenges[0].card)
        })
        .collect();
    assert!(deals.len() > 5);
}

#[test]
fn the_resource_deck_is_filtered_by_player_count() {
    // Community E: "remove all resource cards with a player count higher than the number
    // of players" — e.g. for 3 players, every card with a 4-player icon.
    let set = CardSet::default_set();
    for n in 2..=4u8 {
        let s = game(usize::from(n), 1);
        let mut dealt: Vec<CardId> =
            s.t.players
                .iter()
                .flat_map(|p| p.stack.iter().chain(p.hand.iter()))
                .copied()
                .collect();
        dealt.sort_unstable();
        let expected: Vec<CardId> = (0..set.resource_cards.len())
            .filter(|&i| set.resource_cards[i].min_players <= n)
            .map(|i| i as CardId)
            .collect();
        assert_eq!(dealt, expected, "{n} players");
        assert_eq!(dealt.len(), 12 * usize::from(n));
        assert!(dealt
            .iter()
            .any(|&c| set.resource_cards[usize::from(c)].min_players == n));
    }
}

#[test]
fn three_days_of_three_rounds_with_a_reshuffled_wastebasket() {
    let mut s = game(3, 5);
    let mut seen = vec![(s.t.day, s.t.round)];
    let mut rng = Rng::seed_from(9);
    let mut steps = 0;
    while running(&s, &mut steps) {
        let l = legal(&s);
        s.apply_action(l[rng.below(l.len())]).unwrap();
        let now = (s.t.day, s.t.round);
        if *seen.last().unwrap() != now {
            if now.1 == 0 {
                // Begin a New Day: the wastebasket was shuffled and 12 dealt to each; the
                // work styles are available again.
                assert!(s.t.wastebasket.is_empty());
                for p in &s.t.players {
                    assert_eq!(p.stack.len() + p.hand.len(), 12);
                    assert_eq!(p.styles_used, [false; 3]);
                }
            }
            seen.push(now);
        }
    }
    // Unless the projects run out, the game is exactly 9 rounds.
    if !s.t.final_round || seen.len() == 9 {
        assert_eq!(
            seen,
            (0..3)
                .flat_map(|d| (0..3).map(move |r| (d, r)))
                .collect::<Vec<_>>()
        );
    }
}
