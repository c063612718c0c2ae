//! The open icons by resource that the moves keep up to date (`open_icons`) against a
//! gathering from the works, at every step of random games, across the JSON round trip and
//! determinizations, and after a raw edit of the table.

use crate::engine::{ActionList, GameState, Rng};

use super::super::state::SunriseState;
use super::{game, running};

/// Every seat's running sets equal a gathering from its works (and they are current).
fn assert_current(s: &SunriseState, context: &str) {
    assert!(!s.open_icons_stale(), "{context}: stale");
    for seat in 0..s.n() {
        assert_eq!(
            s.t.open.seats_for_test()[seat],
            s.open_targets_from_scratch(seat),
            "{context}: seat {seat}, after {:?}",
            s.t.history
        );
    }
}

/// At every step of random games at 2–4 players the running sets equal a fresh gathering;
/// so do those of a state read back from JSON and of a determinization for every seat.
#[test]
fn running_open_icons_equal_a_gathering_at_every_step() {
    let mut steps = 0;
    let mut scratch = game(2, 0);
    for players in 2..=4 {
        for seed in 0..30u64 {
            let mut s = game(players, seed);
            let mut rng = Rng::seed_from(seed ^ 0x0be7);
            let mut legal = ActionList::new();
            assert_current(&s, "setup");
            let mut moves = 0;
            while running(&s, &mut moves) {
                s.legal_actions_into(&mut legal);
                s.apply_unchecked(legal[rng.below(legal.len())]);
                steps += 1;
                let context = format!("{players} players, seed {seed}");
                assert_current(&s, &context);
                if steps % 53 == 0 {
                    let back = SunriseState::from_json(&s.to_json_string()).unwrap();
                    assert_current(&back, &format!("{context}, from JSON"));
                    for viewer in 0..players {
                        s.resample_into(viewer, steps, &mut scratch);
                        assert_current(&scratch, &format!("{context}, resampled for {viewer}"));
                    }
                }
            }
        }
    }
    assert!(steps > 15_000, "{steps}");
}

/// A table written through `table_mut` is read from its works until the next move rebuilds
/// the sets; the sets never change what the document says or whether two tables are equal.
#[test]
fn a_raw_edit_is_read_from_the_works_until_the_next_move() {
    let mut s = game(3, 7);
    super::random_until(&mut s, 3, |s| {
        matches!(s.t.phase, super::super::state::Phase::Work { .. })
            && !s.t.players[0].projects.is_empty()
    });
    let before = s.clone();
    let target = usize::from(s.t.players[0].projects[0].card);
    let icons = s.cards.target_icons[target].all;
    // Fill every icon but the last: the seat's open resources change under the cache.
    s.table_mut().players[0].projects[0].filled = icons & !(1 << (icons.count_ones() - 1));
    assert!(s.open_icons_stale());
    let mut legal = ActionList::new();
    s.legal_actions_into(&mut legal);
    assert_eq!(
        s.with_open_targets(0, |open| *open),
        s.open_targets_from_scratch(0),
        "a stale cache is not read"
    );
    s.apply_unchecked(legal[0]);
    assert_current(&s, "the move after a raw edit");
    // Derived data is neither in the document nor in equality.
    let mut other = before.clone();
    other.mark_open_icons_stale();
    assert_eq!(other.t, before.t);
    assert_eq!(other.to_json_string(), before.to_json_string());
    assert!(!before.to_json_string().contains("\"open\""));
}
