//! Greedy play's shortcut (`heuristic_gain_of`) against trying the move: at every step of
//! random games in every mode, every legal move whose gain is told leaves every other seat's
//! heuristic value as it was and moves the mover's by exactly the told gain, bit for bit
//! (greedy play adds the gain to the value it holds instead of applying the move).

use super::super::actions::{decode, Move};
use super::super::data::{Act, CardType, NUM_CARD_IDS, NUM_GAME_CARDS};
use super::super::state::{Mode, NijarState, Phase, Slot};
use super::super::validate::validate;
use super::{first_legal_or_any, modes, play, started, take_out, with_task, PASSING};
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

/// 10 / 11: a firing (8.7) or a painting (8.8) that ends the game, the case random games
/// never reach. In the third round with every shop closed (7.2.4) and no endgame card left
/// in a hand (all discarded, 7.2.2), the last seat in turn order ending its turn ends the
/// round (10: every shop closed, the same number of turns), 10.2 has nothing to ask, and the
/// game is over: every value is then the final score (11), no longer the estimate. Here that
/// seat's Fire (a Jug, then the painted Plate into the glaze kiln, the last option) and its
/// Paint (a Plate into the starting workshop, then one into the second, the last) end the
/// game; at the decision before that last move every told gain must be what trying it gives.
#[test]
fn a_firing_or_painting_that_ends_the_game_is_told_as_trying_it_gives() {
    let (mut told, mut ending) = (BTreeMap::new(), BTreeMap::new());
    let mut game_ending = 0;
    for players in 2..=4 {
        for paint in [false, true] {
            let mut st = last_turn_of_the_game(players);
            let s = st.actor().unwrap();
            let kiln = undealt(&st, CardType::FiringKiln);
            take_out(&mut st, kiln);
            let ws = undealt(&st, CardType::GlazingWorkshop);
            if paint {
                take_out(&mut st, ws);
            }
            let t = st.table_mut();
            let (p, sup) = (&mut t.players[s], &mut t.supply);
            p.firing_kilns.push(Slot {
                card: kiln,
                piece: 0,
            });
            // The pieces from the supply (plates, jugs: index 0, 1; a slot's piece is 1 + it).
            let last = if paint {
                sup.pieces[0] -= 2;
                p.firing_kilns[0].piece = 1; // a Plate
                p.firing_kilns[1].piece = 1; // another
                p.workshops.push(Slot { card: ws, piece: 0 });
                // Glazes for both workshops' costs.
                let g = 6 - p.glaze;
                (p.glaze, sup.glaze) = (6, sup.glaze - g);
                with_task(&mut st, Act::Paint);
                play(&mut st, Move::Paint(0));
                Move::Paint(3)
            } else {
                sup.pieces[0] -= 2;
                sup.pieces[1] -= 1;
                p.drying = [1, 1, 0]; // a Plate and a Jug
                p.workshops[0].piece = 1; // a painted Plate
                with_task(&mut st, Act::Fire);
                play(&mut st, Move::Fire(1));
                Move::Fire(3)
            };
            validate(&st).expect("a position of play");
            assert!(matches!(
                st.table().mode,
                Mode::Fire { .. } | Mode::Paint { .. }
            ));
            check_every_move(&st, &mut told, &mut ending);
            let mut next = st.clone();
            play(&mut next, last);
            assert_eq!(next.table().phase, Phase::Over, "{last:?} ends the game");
            game_ending += 1;
        }
    }
    assert_eq!(game_ending, 6);
}

/// A card of `kind` still in its deck.
fn undealt(st: &NijarState, kind: CardType) -> u8 {
    let mut deck = st.table().decks.iter().flat_map(|d| d.iter().copied());
    deck.find(|&c| CardType::of(usize::from(c)) == kind)
        .expect("a card left")
}

/// A game at the turn of the last seat in turn order in the third round, every shop closed
/// (the round's 5 craftswomen back on it) and every endgame card discarded: ending this turn
/// ends the game.
fn last_turn_of_the_game(players: usize) -> NijarState {
    let mut st = started(players, 60);
    let t = st.table_mut();
    t.round = 2;
    for p in t.players.iter_mut() {
        (p.workers, p.on_shop, p.shop_closed) = (0, 5, true);
        (NUM_GAME_CARDS..NUM_CARD_IDS).for_each(|c| p.hand.remove(c));
    }
    // The seats before it take their bonus turns (7.2.5), passing.
    while st.actor().map(|s| s as u8) != st.table().order.last().copied() {
        let pass = first_legal_or_any(&st, &PASSING);
        play(&mut st, pass);
    }
    st
}
