//! Random-simulation invariants for Níjar, every player count: legal actions are sorted,
//! apply, and have pairwise distinct sentences (and acting-seat public sentences); illegal
//! ones are refused and change nothing; the JSON document round-trips exactly and validates
//! (conservation of every card and token) at every step; replays are bit-identical; swapping
//! two cards a seat cannot know, another seat's pending 10.2 choice, or resampling them, leaves
//! its observation, information state and observation tensor unchanged; and every game ends.

use std::collections::HashSet;

use craftgames_core::engine::{Action, ActionList, GameState, Rng};
use craftgames_core::nijar::actions::{decode, Move};
use craftgames_core::nijar::data::{CardType, NUM_GAME_CARDS};
use craftgames_core::nijar::state::EndgameChoice;
use craftgames_core::nijar::{NijarConfig, NijarState};

/// Swaps an unknown card in another seat's hand with an unknown card of the same cardback in
/// its deck; the viewer's observation and information state must not change.
fn check_hidden_swap(state: &NijarState, viewer: usize, rng: &mut Rng) -> bool {
    let t = state.table();
    let bit = 1u8 << viewer;
    for other in (0..state.num_players()).filter(|&s| s != viewer) {
        for c in t.players[other].hand.ids() {
            if c >= NUM_GAME_CARDS || t.known[c] & bit != 0 {
                continue;
            }
            let d = CardType::of(c).deck();
            let deck = &t.decks[d];
            let cands: Vec<usize> = (0..deck.len())
                .filter(|&i| t.known[usize::from(deck[i])] & bit == 0)
                .collect();
            if cands.is_empty() {
                continue;
            }
            let i = cands[rng.below(cands.len())];
            let mut swapped = state.clone();
            let tm = swapped.table_mut();
            let x = tm.decks[d][i];
            tm.decks[d][i] = c as u8;
            tm.players[other].hand.remove(c);
            tm.players[other].hand.insert(usize::from(x));
            tm.known.swap(c, usize::from(x));
            assert_eq!(
                state.observation_json(viewer),
                swapped.observation_json(viewer),
                "swapping hidden card {c} and {x} changed seat {viewer}'s observation"
            );
            assert_eq!(
                state.information_state_string(viewer),
                swapped.information_state_string(viewer)
            );
            assert_eq!(
                tensor(state, viewer),
                tensor(&swapped, viewer),
                "swapping hidden card {c} and {x} changed seat {viewer}'s tensor"
            );
            return true;
        }
    }
    false
}

/// Swaps what `viewer` cannot know of the endgame cards and the Competition's deck: an
/// unknown endgame card of another seat (in hand or face-down) with an unknown one in the box,
/// and two Competition cards below its top card (whose back is seen). Observation,
/// information state and tensor must not change.
fn check_hidden_endgame_and_competition_swap(state: &NijarState, viewer: usize) {
    let t = state.table();
    let bit = 1u8 << viewer;
    let unknown = |c: usize| t.known[c] & bit == 0;
    let in_box = |c: usize| {
        let i = c - NUM_GAME_CARDS;
        t.players
            .iter()
            .all(|p| !p.hand.has(c) && p.endgame_played & (1 << i) == 0)
    };
    let mut swapped = state.clone();
    let mut changed = false;
    let over = state.is_terminal();
    'outer: for other in (0..state.num_players()).filter(|&s| s != viewer) {
        for c in NUM_GAME_CARDS..NUM_GAME_CARDS + 12 {
            let i = c - NUM_GAME_CARDS;
            let held = t.players[other].hand.has(c);
            let played = t.players[other].endgame_played & (1 << i) != 0 && !over;
            if !unknown(c) || !(held || played) {
                continue;
            }
            let Some(x) = (NUM_GAME_CARDS..NUM_GAME_CARDS + 12).find(|&x| unknown(x) && in_box(x))
            else {
                break 'outer;
            };
            let tm = swapped.table_mut();
            let p = &mut tm.players[other];
            if held {
                p.hand.remove(c);
                p.hand.insert(x);
                // A pending 10.2 choice of that card follows it.
                if p.endgame_pending == Some(EndgameChoice::Play(i as u8)) {
                    p.endgame_pending = Some(EndgameChoice::Play((x - NUM_GAME_CARDS) as u8));
                }
            } else {
                p.endgame_played &= !(1 << i);
                p.endgame_played |= 1 << (x - NUM_GAME_CARDS);
            }
            tm.known.swap(c, x);
            changed = true;
            break 'outer;
        }
    }
    if state.num_players() == 1 && t.solo.deck.len() >= 3 {
        let tm = swapped.table_mut();
        tm.solo.deck.swap(0, 1);
        changed = true;
    }
    if !changed {
        return;
    }
    assert_eq!(
        state.observation_json(viewer),
        swapped.observation_json(viewer)
    );
    assert_eq!(
        state.information_state_string(viewer),
        swapped.information_state_string(viewer)
    );
    assert_eq!(tensor(state, viewer), tensor(&swapped, viewer));
}

/// 10.2: replaces another seat's pending choice by each other choice legal for it (keep, or
/// any endgame card in its hand); the viewer's observation, information state and tensor must
/// not change. Returns whether there was a pending choice to replace.
fn check_pending_swap(state: &NijarState, viewer: usize) -> bool {
    let t = state.table();
    let mut any = false;
    for other in (0..state.num_players()).filter(|&s| s != viewer) {
        let Some(chosen) = t.players[other].endgame_pending else {
            continue;
        };
        let choices = std::iter::once(EndgameChoice::Keep).chain(
            (NUM_GAME_CARDS..NUM_GAME_CARDS + 12)
                .filter(|&c| t.players[other].hand.has(c))
                .map(|c| EndgameChoice::Play((c - NUM_GAME_CARDS) as u8)),
        );
        for choice in choices.filter(|&x| x != chosen) {
            let mut swapped = state.clone();
            swapped.table_mut().players[other].endgame_pending = Some(choice);
            NijarState::from_json(&swapped.to_json()).unwrap();
            assert_eq!(
                state.observation_json(viewer),
                swapped.observation_json(viewer)
            );
            assert_eq!(
                state.information_state_string(viewer),
                swapped.information_state_string(viewer),
                "seat {other}'s pending choice shows in seat {viewer}'s information state"
            );
            assert_eq!(tensor(state, viewer), tensor(&swapped, viewer));
            any = true;
        }
    }
    any
}

/// The observation tensor of `viewer`.
fn tensor(state: &NijarState, viewer: usize) -> Vec<f32> {
    let mut out = vec![0.0; state.observation_tensor_size()];
    state.observation_tensor(viewer, &mut out);
    assert!(out.iter().all(|x| x.is_finite()));
    out
}

/// Plays a random game (with `keep_endgame_cards`, never discarding an endgame card for an
/// action, 7.2.2, so that every 10.2 step has choices to hide); returns it and how many
/// positions had another seat's pending 10.2 choice to swap (when checking every step).
fn play(
    players: usize,
    seed: u64,
    check_every_step: bool,
    keep_endgame_cards: bool,
) -> (NijarState, usize) {
    // Solo games cycle through the three difficulties.
    let config = NijarConfig {
        difficulty: if players == 1 { (seed % 3) as u8 } else { 0 },
        ..NijarConfig::default()
    };
    let mut state = NijarState::new_game(players, seed, None, config).unwrap();
    let mut rng = Rng::seed_from(seed ^ 0x55);
    let mut steps = 0;
    let mut pending_swaps = 0;
    let mut legal = ActionList::new();
    while !state.is_terminal() {
        state.legal_actions_into(&mut legal);
        assert!(!legal.is_empty());
        assert!(
            legal.windows(2).all(|w| w[0] < w[1]),
            "legal actions sorted and distinct"
        );
        assert!(legal
            .iter()
            .all(|&a| (a as usize) < state.num_distinct_actions()));
        if check_every_step {
            let seat = state.current_player();
            let mut sentences = HashSet::new();
            let mut public = HashSet::new();
            for &a in &legal {
                let s = state.action_to_string(a);
                assert!(sentences.insert(s.clone()), "duplicate sentence {s:?}");
                let p = state.public_action_string(a, seat);
                assert!(public.insert(p.clone()), "duplicate public sentence {p:?}");
            }
            // Every id has a sentence in every position (none panics).
            if steps % 10 == 0 {
                for a in 0..state.num_distinct_actions() as Action {
                    assert!(!state.action_to_string(a).is_empty());
                }
            }
            // An illegal action is refused and changes nothing.
            let illegal = (0..state.num_distinct_actions() as Action)
                .find(|a| legal.binary_search(a).is_err())
                .unwrap();
            let before = state.to_json();
            assert!(state.apply_action(illegal).is_err());
            assert_eq!(before, state.to_json());
            // Exact JSON round trip through validation.
            let back = NijarState::from_json(&before).unwrap_or_else(|e| panic!("{e}\n{before}"));
            assert_eq!(back.to_json(), before);
            for viewer in 0..players {
                check_hidden_swap(&state, viewer, &mut rng);
                check_hidden_endgame_and_competition_swap(&state, viewer);
                pending_swaps += usize::from(check_pending_swap(&state, viewer));
                let r = state.resample_hidden(viewer, 9);
                NijarState::from_json(&r.to_json()).unwrap();
                assert_eq!(
                    r.observation_json(viewer),
                    state.observation_json(viewer),
                    "resampling changed what seat {viewer} sees"
                );
                assert_eq!(
                    r.information_state_string(viewer),
                    state.information_state_string(viewer),
                    "resampling changed what seat {viewer} knows"
                );
                assert_eq!(
                    tensor(&r, viewer),
                    tensor(&state, viewer),
                    "resampling changed seat {viewer}'s tensor"
                );
            }
        }
        let mut a = legal[rng.below(legal.len())];
        let discard = |x: Action| matches!(decode(x), Some(Move::Discard(_)));
        while keep_endgame_cards && discard(a) && !legal.iter().all(|&x| discard(x)) {
            a = legal[rng.below(legal.len())];
        }
        state.apply_action(a).unwrap();
        steps += 1;
        assert!(steps < 20_000, "the game does not end");
    }
    (state, pending_swaps)
}

#[test]
fn random_games_keep_every_invariant() {
    for players in 1..=4 {
        let mut pending = 0;
        for seed in 0..4 {
            let (state, pending_swaps) = play(players, seed, true, seed == 3);
            pending += pending_swaps;
            // Replay from the history is bit-identical.
            let config = NijarConfig {
                difficulty: if players == 1 { (seed % 3) as u8 } else { 0 },
                ..NijarConfig::default()
            };
            let mut again = NijarState::new_game(players, seed, None, config).unwrap();
            for &a in state.history() {
                again.apply_action(a).unwrap();
            }
            assert_eq!(again.to_json(), state.to_json());
            let scores = state.scores();
            for s in 0..players {
                assert_eq!(state.explain_score(s).total, scores[s]);
            }
            assert_eq!(state.ranking().len(), players);
        }
        // The pending phase of 10.2 is reached and checked for every count of 2+ seats.
        assert!(players == 1 || pending > 0, "{players} players: {pending}");
    }
}

#[test]
fn many_fast_games_end() {
    for players in 1..=4 {
        for seed in 100..140 {
            play(players, seed, false, false);
        }
    }
}
