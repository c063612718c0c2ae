//! The option sets the generator and `apply` read (`fire_options`, `paint_options`,
//! `sell_options`, `shape_options`, `available_set`, `affordable_set`, `free_slot_sets`)
//! against the rule option by option (`can_fire`, `can_paint`, `can_sell`, `can_shape`,
//! `available_to`, `acquire_cost`, `free_slots`),
//! for every seat at every step of random games of 1–4 players, both layouts and every solo
//! level: bit `o` is set exactly when option `o` is allowed, and no bit beyond the options is
//! ever set. And whether a seat can pay each card's cost, by `can_pay` and by the card's
//! `Need`, against 5.1 amount by amount (`pays`).

use super::super::data::{CardType, NUM_GAME_CARDS};
use super::super::state::{NijarState, EMPTY};
use crate::engine::{GameState, Rng};

/// Bits `0..n` of `set` against `allowed` for each option; the bits above `n` clear.
fn check_set(set: u64, n: u8, allowed: impl Fn(u8) -> bool, what: &str) {
    for o in 0..n {
        assert_eq!(
            set >> o & 1 == 1,
            allowed(o),
            "{what}: option {o} (set {set:#b})"
        );
    }
    assert_eq!(
        set >> n,
        0,
        "{what}: a bit beyond the options (set {set:#b})"
    );
}

fn check(st: &NijarState, what: &str) {
    for s in 0..st.n() {
        let what = format!("{what}, seat {s}");
        let fire = u64::from(st.fire_options(s));
        check_set(fire, 16, |o| st.can_fire(s, o), &format!("{what}: fire"));
        let paint = st.paint_options(s);
        check_set(paint, 39, |o| st.can_paint(s, o), &format!("{what}: paint"));
        let sell = u64::from(st.sell_options(s));
        check_set(sell, 6, |o| st.can_sell(s, o), &format!("{what}: sell"));
        let shape = u64::from(st.shape_options(s));
        check_set(shape, 9, |o| st.can_shape(s, o), &format!("{what}: shape"));
        let free = st.free_slot_sets(s);
        for kind in CardType::ALL {
            let what = format!("{what}: free {kind:?} spaces");
            let set = u64::from(free[kind as usize]);
            check_set(set, 4, |k| st.free_slots(s, kind) >> k & 1 == 1, &what);
        }
        let held = st.holdings(s);
        for id in 0..NUM_GAME_CARDS {
            let cost = st.cards.cost(id);
            let pays = super::pays(st, s, cost);
            assert_eq!(st.can_pay(s, cost), pays, "{what}: can_pay card {id}");
            let need = st.cards.needs[id];
            assert_eq!(need.met_by(held), pays, "{what}: card {id}'s need");
        }
        let pg = st.table().players[s].pg;
        check_set(
            st.affordable_set(s).into(),
            15,
            |pos| st.acquire_cost(s, pos) <= pg,
            &format!("{what}: affordable"),
        );
        let draft = u64::from(st.available_set(s));
        check_set(
            draft,
            15,
            |pos| st.available_to(s, pos),
            &format!("{what}: draft"),
        );
    }
}

#[test]
fn option_sets_match_the_rule_option_by_option_at_every_step() {
    // Each set is seen non-empty, so the comparison is not vacuous.
    let mut met = [0usize; 5];
    for (players, config) in super::modes() {
        for g in 0..12 {
            let mut st = NijarState::new_game(players, g, None, config).unwrap();
            let mut rng = Rng::seed_from(g ^ 0x5eed);
            while !st.is_terminal() {
                let what = format!("{players}p {config:?} game {g} step {}", st.history().len());
                check(&st, &what);
                for s in 0..st.n() {
                    met[0] += usize::from(st.fire_options(s) != 0);
                    met[1] += usize::from(st.paint_options(s) != 0);
                    met[2] += usize::from(st.sell_options(s) != 0);
                    met[3] += usize::from(st.shape_options(s) != 0);
                    // A position blocked by another seat's donkey.
                    let cards = (0..15).filter(|&p| st.draft_at(p) != EMPTY);
                    met[4] +=
                        usize::from(cards.count() > st.available_set(s).count_ones() as usize);
                }
                let legal = st.legal_actions();
                st.apply_unchecked(legal[rng.below(legal.len())]);
            }
        }
    }
    assert!(
        met.iter().all(|&n| n > 100),
        "each set met non-empty: {met:?}"
    );
}
