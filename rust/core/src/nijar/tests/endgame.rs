//! 10.2, "Each player may choose to play, facedown beneath their Workshop Board, one of their
//! Endgame Scoring Cards": all players choose at once, so the engine takes the choices seat by
//! seat but holds each one hidden until the last seat has chosen.

use super::super::actions::{encode, Move};
use super::super::state::{EndgameChoice, NijarState, Phase};
use super::{first_legal_or_any, play, started, MOVES_CAP, PASSING};
use crate::engine::GameState;

/// Passes every turn until the end of the first round's 10.2 step.
fn to_endgame(players: usize, seed: u64) -> NijarState {
    let (mut st, mut played) = (started(players, seed), 0);
    while !matches!(st.table().phase, Phase::Endgame { .. }) {
        assert!(played < MOVES_CAP, "the first round never ends");
        played += 1;
        let pick = first_legal_or_any(&st, &PASSING);
        play(&mut st, pick);
    }
    st
}

fn tensor(st: &NijarState, viewer: usize) -> Vec<f32> {
    let mut out = vec![0.0; st.observation_tensor_size()];
    st.observation_tensor(viewer, &mut out);
    out
}

/// Seat `s`'s first endgame card in hand.
fn first_endgame(st: &NijarState, s: usize) -> usize {
    st.table().players[s].hand.ids().find(|&c| c >= 80).unwrap()
}

/// After seat A chooses, seat B sees the table as before any choice (observation,
/// information state, tensor), whether A played a card or kept them; A sees its own choice;
/// the others read only that A has chosen; after the last choice every play is applied and
/// how many cards each seat placed is public.
#[test]
fn s10_2_choices_stay_hidden_until_every_seat_has_chosen() {
    let st = to_endgame(3, 31);
    assert_eq!(st.table().phase, Phase::Endgame { k: 0 });
    let order: Vec<usize> = st.table().order.iter().map(|&s| usize::from(s)).collect();
    let (a, b, c) = (order[0], order[1], order[2]);
    assert!(st
        .table()
        .players
        .iter()
        .all(|p| p.hand.endgame_count() == 3));
    let e = first_endgame(&st, a);
    let play_e = encode(Move::PlayEndgame((e - 80) as u8));
    let keep = encode(Move::NoEndgame);
    // The table as before any choice, with B to decide (whose turn it is to choose is
    // public; nothing else may differ).
    let mut before = st.clone();
    before.table_mut().phase = Phase::Endgame { k: 1 };
    // The others read the same sentence for either choice, naming no card.
    for viewer in [Some(b), Some(c), None] {
        let said = st.public_events(play_e, viewer);
        assert_eq!(said, st.public_events(keep, viewer));
        assert_eq!(
            said,
            vec!["Choose whether to play an endgame scoring card face-down".to_string()]
        );
    }
    let mut played = st.clone();
    play(&mut played, Move::PlayEndgame((e - 80) as u8));
    let mut kept = st.clone();
    play(&mut kept, Move::NoEndgame);
    for viewer in [b, c] {
        for after in [&played, &kept] {
            assert_eq!(after.observation(viewer), before.observation(viewer));
            assert_eq!(
                after.information_state(viewer),
                before.information_state(viewer)
            );
            assert_eq!(tensor(after, viewer), tensor(&before, viewer));
        }
    }
    // Nothing applied yet: A still holds 3 endgame cards and has played none.
    let view = &played.observation(b)["players_view"][a];
    assert_eq!(view["hand_endgame"], 3);
    assert_eq!(view["endgame_played"], 0);
    assert!(view["endgame_pending"].is_null());
    // A sees its own pending choice, and its information state tells the choices apart.
    let mine = &played.observation(a)["players_view"][a];
    assert_eq!(mine["endgame_pending"], e);
    assert_eq!(
        kept.observation(a)["players_view"][a]["endgame_pending"],
        "keep"
    );
    assert_ne!(played.information_state(a), kept.information_state(a));
    assert_ne!(tensor(&played, a), tensor(&kept, a));
    // B plays a card too; C, the last to choose, keeps: then all is applied at once.
    let f = first_endgame(&played, b);
    play(&mut played, Move::PlayEndgame((f - 80) as u8));
    assert_eq!(played.table().players[b].endgame_played, 0);
    let said = played.public_events(keep, Some(a));
    // In seat order, as A reads it: A and B played a card each, C none.
    let each: Vec<String> = (0..3)
        .map(|s| match (s == a, s == c) {
            (true, _) => "1 card by you".to_string(),
            (false, true) => format!("none by seat {s}"),
            (false, false) => format!("1 card by seat {s}"),
        })
        .collect();
    let placed = format!(
        "Endgame scoring cards played face-down: {}",
        each.join(", ")
    );
    assert_eq!(said[1], placed, "{said:?}");
    play(&mut played, Move::NoEndgame);
    assert!(!matches!(played.table().phase, Phase::Endgame { .. }));
    let t = played.table();
    assert_eq!(t.players[a].endgame_played, 1 << (e - 80));
    assert_eq!(t.players[b].endgame_played, 1 << (f - 80));
    assert_eq!(t.players[c].endgame_played, 0);
    assert!(!t.players[a].hand.has(e) && !t.players[b].hand.has(f));
    assert!(t.players.iter().all(|p| p.endgame_pending.is_none()));
    // The counts are public now, the cards are not.
    let view = played.observation(c);
    assert_eq!(view["players_view"][a]["endgame_played"], 1);
    assert_eq!(view["players_view"][a]["hand_endgame"], 2);
    assert!(view["players_view"][a]["endgame_played_cards"].is_null());
}

/// `resample_hidden` for B redraws A's pending choice among those legal for A (keep, or any
/// endgame card of A's redrawn hand, which B does not know either), differently for
/// different seeds; A's own resample keeps it.
#[test]
fn s10_2_resample_redraws_a_pending_choice() {
    let mut st = to_endgame(2, 32);
    let order: Vec<usize> = st.table().order.iter().map(|&s| usize::from(s)).collect();
    let (a, b) = (order[0], order[1]);
    let e = first_endgame(&st, a);
    play(&mut st, Move::PlayEndgame((e - 80) as u8));
    let mut seen = std::collections::HashSet::new();
    for seed in 0..40 {
        let r = st.resample_hidden(b, seed);
        let p = &r.table().players[a];
        match p.endgame_pending {
            Some(EndgameChoice::Keep) => {}
            Some(EndgameChoice::Play(i)) => {
                let card = 80 + usize::from(i);
                assert!(p.hand.has(card));
                // Never one B holds itself.
                assert!(!st.table().players[b].hand.has(card));
            }
            None => panic!("A has chosen"),
        }
        assert_eq!(p.hand.endgame_count(), 3);
        NijarState::from_json(&r.to_json()).unwrap();
        seen.insert(p.endgame_pending);
        let mine = st.resample_hidden(a, seed);
        assert_eq!(
            mine.table().players[a].endgame_pending,
            Some(EndgameChoice::Play((e - 80) as u8))
        );
    }
    // Keep or one of A's three (redrawn) cards: keep and several cards turn up in 40 draws.
    assert!(seen.contains(&Some(EndgameChoice::Keep)), "{seen:?}");
    assert!(seen.len() >= 3, "{seen:?}");
}

/// A document with a pending choice that does not fit the position is refused.
#[test]
fn s10_2_pending_choices_are_validated() {
    let mut st = to_endgame(2, 33);
    let order: Vec<usize> = st.table().order.iter().map(|&s| usize::from(s)).collect();
    let (a, b) = (order[0], order[1]);
    let e = first_endgame(&st, a);
    // B has not chosen yet: it may hold no pending choice.
    let mut early = st.clone();
    early.table_mut().players[b].endgame_pending = Some(EndgameChoice::Keep);
    let err = NijarState::from_json(&early.to_json()).unwrap_err();
    assert!(err.to_string().contains("endgame_pending"), "{err}");
    play(&mut st, Move::PlayEndgame((e - 80) as u8));
    NijarState::from_json(&st.to_json()).unwrap();
    // A's card must be in its hand.
    let mut gone = st.clone();
    let other = (80..92)
        .find(|&c| !st.table().players[a].hand.has(c))
        .unwrap();
    gone.table_mut().players[a].endgame_pending = Some(EndgameChoice::Play((other - 80) as u8));
    let err = NijarState::from_json(&gone.to_json()).unwrap_err();
    assert!(err.to_string().contains("not in the seat's hand"), "{err}");
    // A has chosen: its choice may not be missing.
    let mut missing = st.clone();
    missing.table_mut().players[a].endgame_pending = None;
    assert!(NijarState::from_json(&missing.to_json()).is_err());
}

/// Solo (one seat): nobody waits, so the card goes face-down at once; the log says so to
/// "you", and that the Competition plays none (12.8).
#[test]
fn s10_2_solo_choice_applies_at_once() {
    let mut st = to_endgame(1, 34);
    let e = first_endgame(&st, 0);
    let play_e = encode(Move::PlayEndgame((e - 80) as u8));
    for viewer in [Some(0), None] {
        assert_eq!(
            st.public_events(play_e, viewer)[1],
            "You played 1 endgame scoring card face-down (the Competition plays none, 12.8)"
        );
        assert_eq!(
            st.public_events(encode(Move::NoEndgame), viewer)[1],
            "You played no endgame scoring card face-down (the Competition plays none, 12.8)"
        );
    }
    play(&mut st, Move::PlayEndgame((e - 80) as u8));
    assert!(!matches!(st.table().phase, Phase::Endgame { .. }));
    assert_eq!(st.table().players[0].endgame_played, 1 << (e - 80));
    assert!(!st.table().players[0].hand.has(e));
}
