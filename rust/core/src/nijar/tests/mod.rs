//! Scenario tests, one or more per rule, named by rulebook section; every worked example of
//! the rulebook is one. Oracles are written out in the tests, not taken from the engine.

mod acquire;
mod actions;
mod card_file;
mod catalogue;
mod endgame;
mod examples;
mod heuristic_gain;
mod hidden;
mod legal_oracle;
mod option_sets;
mod round;
mod scoring;
mod setup;
mod shape;
mod solo;
mod tally;
mod tensor;
mod turn;
mod view;
mod workshop;

use super::actions::{decode, encode, Move};
use super::data::{Act, CardType};
use super::data::{Cost, Res};
use super::state::CLEANING_AREA;
use super::state::{Frame, Mode, NijarConfig, NijarState, Phase, Slot, EMPTY};
use crate::engine::GameState;
use crate::engine::Seat;

/// Every mode a random-play test walks: 1–4 players, both layouts, and in solo every
/// difficulty.
pub(super) fn modes() -> Vec<(usize, NijarConfig)> {
    let mut modes = Vec::new();
    for players in 1..=4 {
        for first_game_layout in [false, true] {
            for difficulty in if players == 1 { 0..3 } else { 0..1 } {
                let config = NijarConfig {
                    first_game_layout,
                    difficulty,
                };
                modes.push((players, config));
            }
        }
    }
    modes
}

/// The most moves the helpers below play to finish a setup or a round: far more than play
/// needs (a setup takes two decisions a seat, a round of passing play a few dozen), so a
/// rules change that stops a setup or a round from ending fails the test at once instead of
/// hanging the run (as the mutation runs' timeouts did).
pub(super) const MOVES_CAP: usize = 2000;

/// A new game at the start of its first turn (every setup choice the first one offered).
pub(super) fn started(players: usize, seed: u64) -> NijarState {
    let config = NijarConfig {
        first_game_layout: true,
        difficulty: 0,
    };
    let mut st = NijarState::new_game(players, seed, None, config).unwrap();
    let mut played = 0;
    while st.table().phase != Phase::Turns {
        assert!(played < MOVES_CAP, "the setup never reaches the first turn");
        let a = st.legal_actions()[0];
        st.apply_action(a).unwrap();
        played += 1;
    }
    st
}

/// The decoded legal moves.
pub(super) fn moves(st: &NijarState) -> Vec<Move> {
    st.legal_actions()
        .iter()
        .filter_map(|&a| decode(a))
        .collect()
}

/// The moves that end a decision or pass, in the order these tests prefer them when they
/// only want the round to move on.
pub(super) const PASSING: [Move; 6] = [
    Move::Done,
    Move::Stop,
    Move::Skip,
    Move::Special,
    Move::CloseShop,
    Move::ShopReward(0),
];

/// The first of `preferred` that is legal now, if any.
pub(super) fn first_legal(st: &NijarState, preferred: &[Move]) -> Option<Move> {
    let m = moves(st);
    preferred.iter().copied().find(|x| m.contains(x))
}

/// The first of `preferred` that is legal now, else the first legal move.
pub(super) fn first_legal_or_any(st: &NijarState, preferred: &[Move]) -> Move {
    first_legal(st, preferred).unwrap_or_else(|| moves(st)[0])
}

/// Applies `m`, which must be legal.
pub(super) fn play(st: &mut NijarState, m: Move) {
    let a = encode(m);
    if let Err(e) = st.apply_action(a) {
        let legal: Vec<String> = st
            .legal_actions()
            .iter()
            .map(|&x| format!("{:?}: {}", decode(x), st.action_to_string(x)))
            .collect();
        panic!("{m:?} is not legal ({e}); legal: {legal:#?}");
    }
}

/// Puts the seat to act in the middle of a turn with one pending task `act`.
pub(super) fn with_task(st: &mut NijarState, act: Act) {
    with_tasks(st, &[act]);
}

/// Puts the seat to act in the middle of a turn with the pending tasks `acts`, in one group.
pub(super) fn with_tasks(st: &mut NijarState, acts: &[Act]) {
    let t = st.table_mut();
    t.in_turn = true;
    t.mode = Mode::Idle;
    let mut f = Frame::default();
    for &act in acts {
        f.tasks.push(act as u8);
    }
    t.frames.clear();
    t.frames.push(f);
}

/// Moves game card `id` from wherever it is into seat `s`'s hand.
pub(super) fn give(st: &mut NijarState, s: usize, id: u8) {
    take_out(st, id);
    st.table_mut().players[s].hand.insert(usize::from(id));
}

/// A 2-player game at its first turn whose seat to act has four empty glazing workshops (its
/// starting one and three more), enough of everything for any workshop's paint cost, and a
/// Plate and a Jug in its firing kilns; returns it with that seat.
pub(super) fn four_empty_workshops() -> (NijarState, usize) {
    let mut st = started(2, 53);
    let s = st.actor().unwrap();
    let first = first_of(CardType::GlazingWorkshop);
    for ws in first..first + 3 {
        take_out(&mut st, ws);
    }
    let p = &mut st.table_mut().players[s];
    (p.pg, p.glaze, p.clay, p.cracks) = (10, 10, 7, 0);
    for ws in first..first + 3 {
        p.workshops.push(Slot { card: ws, piece: 0 });
    }
    p.firing_kilns[0].piece = 1; // a plate
    p.firing_kilns.push(Slot { card: 68, piece: 2 }); // a jug
    (st, s)
}

/// Removes game card `id` from decks, draft and hands (the test then places it).
pub(super) fn take_out(st: &mut NijarState, id: u8) {
    let t = st.table_mut();
    for deck in &mut t.decks {
        if let Some(i) = deck.iter().position(|&c| c == id) {
            deck.remove(i);
        }
    }
    for row in &mut t.draft {
        for c in row.iter_mut() {
            if *c == id {
                *c = EMPTY;
            }
        }
    }
    for p in t.players.iter_mut() {
        p.hand.remove(usize::from(id));
    }
}

/// The first card id of a type.
pub(super) fn first_of(kind: CardType) -> u8 {
    kind.first_id() as u8
}

/// Whether seat `s` can pay `cost`, as 5.1 says it, amount by amount: as much Perra Gorda,
/// Clay or Glazes as the amount, room for gained Cracks in the cleaning area (8) and in the
/// supply, and never VP. The engine's `can_pay` and each card's `Need` are checked against it.
pub(super) fn pays(st: &NijarState, s: Seat, cost: &Cost) -> bool {
    let p = &st.table().players[s];
    cost.iter().all(|a| match a.res {
        Res::Pg => p.pg >= a.n,
        Res::Glaze => p.glaze >= a.n,
        Res::Clay => p.clay >= a.n,
        Res::Crack => p.cracks + a.n <= CLEANING_AREA && st.table().supply.cracks >= a.n,
        Res::Vp => false,
    })
}
