//! Scenario tests: one per rule of the rulebook, each failing if its rule breaks. Positions
//! are reached by play from a seed, then arranged through the state's fields where a rule
//! needs a particular table.

mod advantage;
mod challenges;
mod completion;
mod events;
mod hidden;
mod legal_oracle;
mod open_icons;
mod running_out;
mod scoring;
mod selection;
mod setup_and_days;
mod work;

use crate::engine::{Action, ActionList, GameState, Rng};

use super::actions::{decode, Move};
use super::data::CardSet;
use super::state::{CardId, Phase, SunriseState};

/// A fresh game.
pub(super) fn game(players: usize, seed: u64) -> SunriseState {
    SunriseState::new_game(players, seed, None).unwrap()
}

/// The legal actions as a Vec.
pub(super) fn legal(s: &SunriseState) -> Vec<Action> {
    let mut out = ActionList::new();
    s.legal_actions_into(&mut out);
    out.to_vec()
}

/// The decoded legal moves.
pub(super) fn moves(s: &SunriseState) -> Vec<(Action, Move)> {
    legal(s)
        .into_iter()
        .map(|a| (a, decode(a).unwrap()))
        .collect()
}

/// Applies the first legal action matching `pick`; panics if none does.
pub(super) fn play(s: &mut SunriseState, pick: impl Fn(&Move) -> bool) -> Action {
    let (a, _) = moves(s)
        .into_iter()
        .find(|(_, m)| pick(m))
        .unwrap_or_else(|| panic!("no legal action matches; legal: {:?}", moves(s)));
    s.apply_action(a).unwrap();
    a
}

/// Far more moves than any game takes (a random 4-player game takes about 300), so a rules
/// change that keeps a game from ending fails a test at once instead of hanging it (as the
/// mutation runs' timeouts did).
pub(super) const MOVES_CAP: usize = 3000;

/// Whether the game is still being played (`!is_terminal()`), counting the move in `steps`
/// ([`count_move`]): a loop that plays until the end asks this once a move.
pub(super) fn running(s: &SunriseState, steps: &mut usize) -> bool {
    count_move(steps);
    !s.is_terminal()
}

/// Counts one more move of a test's loop in `steps`, failing the test past [`MOVES_CAP`].
pub(super) fn count_move(steps: &mut usize) {
    *steps += 1;
    assert!(
        *steps <= MOVES_CAP,
        "the game has not ended after {MOVES_CAP} moves"
    );
}

/// Plays seeded random actions until `stop` holds (or the game ends).
pub(super) fn random_until(s: &mut SunriseState, seed: u64, stop: impl Fn(&SunriseState) -> bool) {
    let mut rng = Rng::seed_from(seed);
    let mut steps = 0;
    while running(s, &mut steps) && !stop(s) {
        let l = legal(s);
        s.apply_action(l[rng.below(l.len())]).unwrap();
    }
}

/// Id of the project, advantage card or challenge with this name.
pub(super) fn project(name: &str) -> CardId {
    let set = CardSet::default_set();
    set.projects.iter().position(|p| p.name == name).unwrap() as CardId
}

pub(super) fn advantage(name: &str) -> CardId {
    let set = CardSet::default_set();
    set.advantages.iter().position(|a| a.name == name).unwrap() as CardId
}

pub(super) fn challenge(name: &str) -> CardId {
    let set = CardSet::default_set();
    set.challenges.iter().position(|c| c.name == name).unwrap() as CardId
}

/// Checks the state is still one `from_json` accepts (conservation and every invariant).
pub(super) fn assert_valid(s: &SunriseState) {
    super::validate::validate(s).unwrap_or_else(|e| panic!("invalid state: {e}"));
}

/// Whether it is step one (selection).
pub(super) fn selecting(s: &SunriseState) -> bool {
    matches!(s.t.phase, Phase::Select { .. })
}

/// Moves a project from wherever it is into the project deck's top (for arranging rows).
pub(super) fn pull_project(s: &mut SunriseState, id: CardId) {
    let t = &mut s.t;
    let mut found = false;
    if let Some(i) = t.project_deck.iter().position(|&c| c == id) {
        t.project_deck.remove(i);
        found = true;
    }
    for slot in t.row.iter_mut() {
        if *slot == Some(id) {
            *slot = None;
            found = true;
        }
    }
    assert!(
        found,
        "project {id} is not in the deck or row in this position"
    );
}

/// Turns the current round into day 3's Sunset (the last round), keeping the state valid:
/// stacks are emptied onto the wastebasket and every work style is used.
pub(super) fn make_last_round(s: &mut SunriseState) {
    let selecting = selecting(s);
    s.t.day = 2;
    s.t.round = 2;
    for q in 0..s.n() {
        let stack = std::mem::take(&mut s.t.players[q].stack);
        for &c in &stack {
            s.t.wastebasket.push(c);
        }
        s.t.players[q].styles_used = if selecting {
            [true, true, false]
        } else {
            [true; 3]
        };
    }
}

/// Plays at random until a fresh completion turn (ChooseBonus) starts.
pub(super) fn until_bonus_choice(s: &mut SunriseState, seed: u64) {
    random_until(s, seed, |s| {
        matches!(
            s.t.phase,
            Phase::Complete {
                turn: crate::sunrise::state::TurnStage::ChooseBonus,
                ..
            }
        )
    });
}

/// Swaps two resource cards wherever they are (stacks, hands, wheels, wastebasket), with
/// their knowledge bits, so an arranged position stays a valid one.
pub(super) fn swap_resource_cards(s: &mut SunriseState, a: CardId, b: CardId) {
    let swap = |c: &mut CardId| {
        if *c == a {
            *c = b;
        } else if *c == b {
            *c = a;
        }
    };
    let t = &mut s.t;
    for p in t.players.iter_mut() {
        p.stack.iter_mut().for_each(swap);
        p.hand.iter_mut().for_each(swap);
        p.wheel.iter_mut().for_each(|w| swap(&mut w.card));
        p.hand.sort_unstable();
        p.wheel.sort_unstable_by_key(|w| w.card);
    }
    t.wastebasket.iter_mut().for_each(swap);
    t.resource_known.swap(usize::from(a), usize::from(b));
}

/// Gives `seat` `n` resources from its supply into its reserve.
pub(super) fn to_reserve(s: &mut SunriseState, seat: usize, n: u8) {
    let p = &mut s.t.players[seat];
    p.supply -= n;
    p.reserve += n;
}

/// Gives the seat `project` (from the deck or row) in progress, with all icons filled but
/// those listed in `open`, the resources coming from the seat's supply. The row is refilled.
pub(super) fn set_project(s: &mut SunriseState, seat: usize, project: CardId, open: &[usize]) {
    pull_project(s, project);
    let len = s.cards.projects[usize::from(project)].icons.len();
    let mut filled = 0u8;
    for i in 0..len {
        if !open.contains(&i) {
            filled |= 1 << i;
        }
    }
    let p = &mut s.table_mut().players[seat];
    p.supply -= filled.count_ones() as u8;
    let at = p
        .projects
        .iter()
        .position(|w| w.card > project)
        .unwrap_or(p.projects.len());
    p.projects.insert(
        at,
        crate::sunrise::state::Work {
            card: project,
            filled,
        },
    );
    s.refill_row();
}

/// Moves an advantage card from the deck into the seat's face-down hand.
pub(super) fn give_advantage(s: &mut SunriseState, seat: usize, card: CardId) {
    let i =
        s.t.advantage_deck
            .iter()
            .position(|&c| c == card)
            .expect("card in the deck");
    s.t.advantage_deck.remove(i);
    let hand = &mut s.t.players[seat].advantages;
    let at = hand.iter().position(|&c| c > card).unwrap_or(hand.len());
    hand.insert(at, card);
    s.t.advantage_known[usize::from(card)] = 1 << seat;
}

/// Moves a project from wherever it waits into seat `to`'s completed area (kept valid).
pub(super) fn complete_for(s: &mut SunriseState, to: usize, card: CardId) {
    let glaze = s.cards.projects[usize::from(card)].glazes[0] as u8;
    let at = s.t.players[to].completed.len().saturating_sub(1);
    s.t.players[to]
        .completed
        .insert(at, crate::sunrise::state::Completed { card, glaze });
}
