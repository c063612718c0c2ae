//! Random-simulation invariants for Sunrise at the Studio, every player count: legal actions
//! are sorted and apply; illegal ones are refused and change nothing; the JSON document
//! round-trips exactly and passes validation (which checks conservation of all 34 projects,
//! 30 advantage cards, the resource cards in play and the 60 resources) at every step;
//! replays are deterministic; the game ends after at most 9 rounds.

use craftgames_core::engine::{Action, ActionList, GameState, Rng};
use craftgames_core::sunrise::SunriseState;

fn play(players: usize, seed: u64, check_every_step: bool) -> SunriseState {
    let mut state = SunriseState::new_game(players, seed, None).unwrap();
    let mut rng = Rng::seed_from(seed * 31 + 1);
    let mut actions = ActionList::new();
    let mut steps = 0;
    while !state.is_terminal() {
        state.legal_actions_into(&mut actions);
        assert!(!actions.is_empty(), "no legal action in a live state");
        assert!(
            actions.windows(2).all(|w| w[0] < w[1]),
            "legal actions are not sorted"
        );
        assert!(actions
            .iter()
            .all(|&a| (a as usize) < state.num_distinct_actions()));
        if check_every_step {
            let json = state.to_json();
            let back = SunriseState::from_json(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
            assert_eq!(back.to_json(), json, "JSON does not round-trip");
            // An illegal action is refused and changes nothing.
            let illegal = (0..state.num_distinct_actions() as Action)
                .find(|a| actions.binary_search(a).is_err())
                .unwrap();
            let mut copy = state.clone();
            assert!(copy.apply_action(illegal).is_err());
            assert_eq!(copy.to_json(), json);
            for p in 0..players {
                let _ = state.action_to_string(actions[0]);
                let _ = state.observation_json(p);
            }
        }
        let a = actions[rng.below(actions.len())];
        state.apply_action(a).unwrap();
        steps += 1;
        assert!(steps < 5000, "game does not end");
    }
    assert!(state.legal_actions().is_empty());
    state
}

#[test]
fn random_games_keep_every_invariant() {
    for players in 2..=4 {
        for seed in 0..6 {
            let end = play(players, seed, true);
            let again = play(players, seed, false);
            assert_eq!(
                end.to_json(),
                again.to_json(),
                "replay is not deterministic"
            );
            // Replaying the recorded history from the seed gives the same state.
            let mut replay = SunriseState::new_game(players, seed, None).unwrap();
            for &a in end.history() {
                replay.apply_action(a).unwrap();
            }
            assert_eq!(replay.to_json(), end.to_json());
        }
    }
}

#[test]
fn many_fast_games_end() {
    for players in 2..=4 {
        for seed in 100..160 {
            let end = play(players, seed, false);
            let scores = end.scores();
            assert_eq!(scores.len(), players);
            for s in 0..players {
                let b = end.explain_score(s);
                assert_eq!(b.lines.iter().map(|l| l.points).sum::<i32>(), b.total);
                assert_eq!(b.total, scores[s]);
            }
        }
    }
}
