//! Greedy play's shortcut (`heuristic_gain_of`) against trying the move: at every step of
//! random games in every mode, every legal move whose gain is told leaves every other seat's
//! heuristic value as it was and moves the mover's by exactly the told gain, bit for bit
//! (greedy play adds the gain to the value it holds instead of applying the move).

use super::super::actions::decode;
use super::super::state::NijarState;
use super::modes;
use crate::engine::{GameState, Rng};
use std::collections::BTreeMap;

/// Checks every told gain of every legal move of `st`; counts the told moves by kind, and
/// apart those that end the turn (`ending`).
fn check_every_move(
    st: &NijarState,
    told: &mut BTreeMap<String, usize>,
    ending: &mut BTreeMap<String, usize>,
) {
    let Some(mover) = st.current_player() else {
        return;
    };
    let before = st.heuristic_values();
    for a in st.legal_actions() {
        let Some(gain) = st.heuristic_gain_of(a) else {
            continue;
        };
        let mut next = st.clone();
        next.apply_unchecked(a);
        let after = next.heuristic_values();
        let what = format!(
            "{:?} by seat {mover} at step {}",
            decode(a),
            st.history().len()
        );
        for seat in 0..st.n() {
            let want = if seat == mover {
                before[seat] + gain
            } else {
                before[seat]
            };
            assert_eq!(
                after[seat].to_bits(),
                want.to_bits(),
                "{what}: seat {seat} has {} after, told {want}",
                after[seat]
            );
        }
        let kind = format!("{:?}", decode(a).expect("legal"));
        let kind = kind.split('(').next().unwrap_or_default().to_string();
        if next.table().turn_seat != st.table().turn_seat {
            *ending.entry(kind.clone()).or_default() += 1;
        }
        *told.entry(kind).or_default() += 1;
    }
}

#[test]
fn every_told_gain_is_what_trying_the_move_gives() {
    let (mut told, mut ending) = (BTreeMap::new(), BTreeMap::new());
    for (players, config) in modes() {
        for seed in 0..6 {
            let mut st = NijarState::new_game(players, seed, None, config).unwrap();
            let mut rng = Rng::seed_from(seed + 77);
            while !st.is_terminal() {
                check_every_move(&st, &mut told, &mut ending);
                let legal = st.legal_actions();
                st.apply_unchecked(legal[rng.below(legal.len())]);
            }
        }
    }
    // The moves the shortcut is for are met and told (so the test is not vacuous).
    for kind in [
        "Place",
        "Special",
        "Discard",
        "CloseShop",
        "Done",
        "Skip",
        "AcquireBegin",
        "AcquireBonus",
        "EspartoBegin",
        "Clay",
        "Clay1",
        "PgOrGlaze",
        "FirstPlayer",
        "Esparto1",
        "Take",
        "Refresh",
        "Stop",
        "MoveDonkey",
        "EspartoPick",
        "Fire",
        "Fire1",
        "Paint",
        "Paint1",
        "Sell",
        "PlayCard",
        "Shape",
        "Advance",
        "Throw1",
        "Donkey",
        "KeepDice",
        "Reroll",
    ] {
        assert!(
            told.get(kind).copied().unwrap_or(0) > 0,
            "{kind} never told: {told:?}"
        );
    }
    // Moves that end the turn are told too whenever the round goes on (ending a turn
    // changes nothing the heuristic reads then): passing, a last task, a compound action's
    // last step.
    for kind in ["Done", "Clay", "MoveDonkey", "Stop"] {
        assert!(
            ending.get(kind).copied().unwrap_or(0) > 0,
            "{kind} never told when it ends the turn: {ending:?}"
        );
    }
}
