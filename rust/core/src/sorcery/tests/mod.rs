//! Scenario tests: one per rule of the rulebook, each failing if its rule breaks. Positions
//! are reached by play from a seed, then arranged through the state's fields where a rule
//! needs a particular table; oracles are written in the tests.

mod actions_step;
mod commit_and_complete;
mod determinized_knowledge;
mod documents;
mod events;
mod heuristic;
mod heuristic_reference;
mod hidden;
mod info_key;
mod legal_oracle;
mod month_and_score;
mod named_cards;
mod offers;
mod setup;
mod solo_and_missions;

use serde_json::json;

use super::actions::{decode, encode, Move};
use super::config::SorceryConfig;
use super::data::CardSet;
use super::state::{bit, Phase, SorceryState, Stage, Turn, Work, NONE};
use crate::engine::{Action, ActionList, GameState};

/// A new game with options (as the Python keywords).
pub(super) fn game(players: usize, seed: u64, options: serde_json::Value) -> SorceryState {
    let cfg = SorceryConfig::from_options(players, options.as_object().unwrap()).unwrap();
    SorceryState::new_game(cfg, seed, None).unwrap()
}

/// A new game with options on the card file `text` (a card set of the user's, as the Python
/// `cards` argument gives): `new_game`'s answer, a refusal too.
pub(super) fn game_with_cards(
    players: usize,
    seed: u64,
    options: serde_json::Value,
    text: &str,
) -> crate::engine::EngineResult<SorceryState> {
    let cfg = SorceryConfig::from_options(players, options.as_object().unwrap()).unwrap();
    let cards = std::sync::Arc::new(CardSet::from_toml(text).unwrap());
    SorceryState::new_game(cfg, seed, Some(cards))
}

/// Every player count and mode the random-simulation suite plays (`tests/rules/sorcery_random.rs`
/// adds a few solo variants), for the tests that compare a fast path with a reference in each.
pub(super) fn modes() -> Vec<(usize, serde_json::Value)> {
    vec![
        (1, json!({})),
        (
            1,
            json!({"solo": "robot", "difficulty": "hard", "staffs": true}),
        ),
        (1, json!({"solo": "no-robot", "staffs": true})),
        (1, json!({"solo": "mission", "mission": 5, "hard": true})),
        (2, json!({})),
        (2, json!({"staffs": true, "theses": "no-seven"})),
        (3, json!({"theses": "none", "staffs": true})),
        (4, json!({"staffs": true})),
        (4, json!({"missions": [1, 3, 5, 10]})),
    ]
}

/// A game past the setup choices (each seat keeps its first offers), at the first action.
pub(super) fn started(players: usize, seed: u64, options: serde_json::Value) -> SorceryState {
    past_setup(game(players, seed, options))
}

/// Far more moves than any game takes (a random 4-player game with staffs takes about 450),
/// so a rules change that keeps a game from ending fails a test at once instead of hanging
/// it (as the mutation runs' timeouts did).
pub(super) const MOVES_CAP: usize = 5000;

/// Counts one more move of a test's loop in `steps`, failing the test past [`MOVES_CAP`].
/// Every test loop that plays until something happens counts its moves with it.
pub(super) fn count_move(steps: &mut usize) {
    *steps += 1;
    assert!(*steps <= MOVES_CAP, "nothing ended after {MOVES_CAP} moves");
}

/// The most setup choices a game has: a thesis, a project and a staff for each of 4 seats.
const SETUP_CHOICES_CAP: usize = 3 * 4;

/// The game past the setup choices (each seat keeps its first offers), at the first action.
/// A setup that goes on past [`SETUP_CHOICES_CAP`] choices fails here, naming the seat still
/// choosing, instead of looping.
pub(super) fn past_setup(mut s: SorceryState) -> SorceryState {
    for _ in 0..SETUP_CHOICES_CAP {
        if !matches!(s.t.phase, Phase::Setup { .. }) {
            return s;
        }
        let a = legal(&s)[0];
        s.apply_action(a).unwrap();
    }
    let Phase::Setup { seat } = s.t.phase else {
        return s;
    };
    panic!("the setup never ends: seat {seat} still chooses after {SETUP_CHOICES_CAP} choices")
}

pub(super) fn legal(s: &SorceryState) -> Vec<Action> {
    let mut out = ActionList::new();
    s.legal_actions_into(&mut out);
    out.to_vec()
}

pub(super) fn legal_moves(s: &SorceryState) -> Vec<Move> {
    legal(s).into_iter().map(|a| decode(a).unwrap()).collect()
}

/// Applies a move that must be legal.
pub(super) fn act(s: &mut SorceryState, m: Move) {
    let a = encode(m);
    assert!(
        legal(s).contains(&a),
        "{m:?} is not legal; legal: {:?}",
        legal_moves(s)
    );
    s.apply_action(a).unwrap();
}

/// The `nth` project (0-based among equal names) named `name`.
pub(super) fn proj(name: &str) -> usize {
    CardSet::default_set().project_named(name).unwrap()
}

/// The `nth` material named `name`.
pub(super) fn mat(name: &str, nth: usize) -> usize {
    let set = CardSet::default_set();
    set.materials
        .iter()
        .enumerate()
        .filter(|(_, m)| m.name == name)
        .nth(nth)
        .unwrap()
        .0
}

/// The index of the staff named `name`.
pub(super) fn staff(name: &str) -> u8 {
    CardSet::default_set()
        .staffs
        .iter()
        .position(|x| x.name == name)
        .unwrap() as u8
}

/// Gives `seat` the staff named `name`, face-up (as if kept at setup).
pub(super) fn give_staff(s: &mut SorceryState, seat: usize, name: &str) {
    let p = &mut s.t.players[seat];
    p.staff = staff(name);
    p.staff_offer[0] = p.staff;
    p.staff_used = false;
}

/// Moves project `id` from wherever it is into `seat`'s in-progress projects.
pub(super) fn give_project(s: &mut SorceryState, seat: usize, id: usize) {
    take_project(s, id);
    s.t.players[seat].projects.push(Work::new(id as u8));
}

/// Removes project `id` from wherever it is (the caller puts it somewhere).
pub(super) fn take_project(s: &mut SorceryState, id: usize) {
    for d in s.t.decks.iter_mut() {
        if let Some(k) = d.iter().position(|&c| usize::from(c) == id) {
            d.remove(k);
        }
    }
    for c in s.t.market.iter_mut() {
        if usize::from(*c) == id {
            *c = NONE;
        }
    }
    s.t.removed &= !(1 << id);
    for p in s.t.players.iter_mut() {
        if let Some(k) = p.projects.iter().position(|w| usize::from(w.card) == id) {
            p.projects.remove(k);
        }
        if let Some(k) = p.completed.iter().position(|d| usize::from(d.card) == id) {
            p.completed.remove(k);
        }
    }
}

/// Takes project `id` from wherever it is and gives it to `seat` completed, without tokens.
pub(super) fn give_completed(s: &mut SorceryState, seat: usize, id: usize) {
    take_project(s, id);
    s.t.players[seat].completed.push(super::state::Done {
        card: id as u8,
        credits: 0,
        demerits: 0,
        week: 1,
    });
}

/// Grave cards `picks` in the order Spectral Sight takes them: pile by pile, left to right,
/// ascending within a pile.
pub(super) fn in_take_order(s: &SorceryState, mut picks: Vec<usize>) -> Vec<usize> {
    picks.sort_by_key(|&g| ((0..3).find(|&k| s.t.piles[k] & bit(g) != 0), g));
    picks
}

/// Moves material `m` from wherever it is into `seat`'s hand.
pub(super) fn give(s: &mut SorceryState, seat: usize, m: usize) {
    take_material(s, m);
    s.t.players[seat].hand |= bit(m);
    s.t.known[m] = 1 << seat;
}

/// Removes material `m` from wherever it is.
pub(super) fn take_material(s: &mut SorceryState, m: usize) {
    let b = !bit(m);
    for p in s.t.players.iter_mut() {
        p.hand &= b;
        for w in p.projects.iter_mut() {
            for slot in w.slots.iter_mut() {
                if usize::from(*slot) == m {
                    *slot = NONE;
                }
            }
        }
    }
    for pile in s.t.piles.iter_mut() {
        *pile &= b;
    }
    s.t.discard &= b;
    s.t.stock &= b;
    s.t.out &= b;
    s.t.robot.materials &= b;
    if let Some(k) = s.t.grave_deck.iter().position(|&c| usize::from(c) == m) {
        s.t.grave_deck.remove(k);
    }
}

/// Empties a seat's hand into the discard (grave), the stock (stock) or the box (grants).
pub(super) fn empty_hand(s: &mut SorceryState, seat: usize) {
    let hand = std::mem::take(&mut s.t.players[seat].hand);
    for m in super::state::ids(hand) {
        s.discard_card(m);
    }
}

/// The first market space offered in the buy under way.
pub(super) fn first_buy_space(s: &SorceryState) -> usize {
    legal_moves(s)
        .into_iter()
        .find_map(|m| match m {
            Move::BuySpace(i) => Some(i),
            _ => None,
        })
        .expect("a market space is offered")
}

/// From the first action step of a 2-player game: seat 0 crams nothing, then seat 1 digs,
/// looking at all three piles in turn; its dig waits at the end (top card, stock or nothing).
pub(super) fn seat_1_digs_through_every_pile(s: &mut SorceryState) {
    act(s, Move::Cram);
    act(s, Move::Stop);
    act(s, Move::Dig);
    for _ in 0..3 {
        act(s, Move::DigOn);
    }
}

/// Sets the decision to `seat`'s action choice.
pub(super) fn action_turn(s: &mut SorceryState, seat: usize) {
    s.t.phase = Phase::Action { seat: seat as u8 };
    s.t.turn = Turn::default();
}

/// Checks the state is one `from_json` accepts.
pub(super) fn assert_valid(s: &SorceryState) {
    super::validate::validate(s).unwrap_or_else(|e| panic!("invalid state: {e}"));
}

/// The in-progress work of `seat` on project `id`.
pub(super) fn work(s: &SorceryState, seat: usize, id: usize) -> Work {
    *s.t.players[seat]
        .projects
        .iter()
        .find(|w| usize::from(w.card) == id)
        .expect("the project is in progress")
}

/// Whether `seat` completed project `id`, and its tokens (credits, demerits).
pub(super) fn completed(s: &SorceryState, seat: usize, id: usize) -> Option<(u8, u8)> {
    s.t.players[seat]
        .completed
        .iter()
        .find(|d| usize::from(d.card) == id)
        .map(|d| (d.credits, d.demerits))
}

#[allow(dead_code)]
pub(super) fn no_options() -> serde_json::Value {
    json!({})
}

#[allow(dead_code)]
pub(super) fn stage(s: &SorceryState) -> Stage {
    s.t.turn.stage
}
