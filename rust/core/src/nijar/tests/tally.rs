//! The heuristic's running counts (`tally`) against a from-scratch count at every step of
//! random games in every mode (1–4 players, both layouts, every solo difficulty): the counts,
//! the heuristic values bit for bit, the per-seat values, and every "kept" answer greedy play
//! relies on for every candidate move; the indexes the legal actions read (`index.rs`); and
//! all of them after loading JSON and determinizing.

use super::super::index::{SpaceIndex, WorkshopIndex};
use super::super::state::{NijarConfig, NijarState, Phase, Player, Slot};
use crate::engine::{GameState, PerSeat, Rng, Seat};

/// The greedy estimate as `heuristic` documents it, counted over the whole table.
fn reference(st: &NijarState) -> PerSeat<f64> {
    let t = st.table();
    let mut v: PerSeat<f64> = (0..st.n())
        .map(|s| {
            if t.phase == Phase::Over {
                return f64::from(st.score(s));
            }
            let p = &t.players[s];
            let loaded = |k: &[Slot]| k.iter().filter(|k| k.piece != 0).count() as u32;
            let kiln = 2 * loaded(&p.glaze_kilns) + loaded(&p.firing_kilns);
            let coming = p.drying.iter().map(|&x| u32::from(x)).sum::<u32>() + loaded(&p.workshops);
            let res = f64::from(p.pg) + f64::from(p.glaze) + f64::from(p.clay);
            let immediate: i32 = p.vp.iter().sum();
            f64::from(immediate) + f64::from(kiln) + 0.5 * f64::from(coming) + res / 5.0
                - f64::from(p.cracks)
        })
        .collect();
    if st.is_solo() {
        v[0] -= f64::from(st.competition_score());
    }
    v
}

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// The tally is current and agrees with a count over the table, and the heuristic with the
/// reference, bit for bit, as a vector and seat by seat.
fn check(st: &NijarState, what: &str) {
    assert!(!st.tally_is_stale(), "{what}: the tally is stale");
    let t = st.table();
    for s in 0..st.n() {
        assert_eq!(
            st.tally(s),
            st.tally_from_scratch(s),
            "{what}: seat {s}'s tally"
        );
        assert_eq!(
            t.tally.workshops[s],
            WorkshopIndex::of(&t.players[s]),
            "{what}: seat {s}'s workshop index"
        );
    }
    assert_eq!(t.tally.spaces, SpaceIndex::of(t), "{what}: the space index");
    let want = bits(&reference(st));
    assert_eq!(
        bits(&st.heuristic_values()),
        want,
        "{what}: heuristic values"
    );
    let each: Vec<f64> = (0..st.n()).map(|s| st.heuristic_value(s)).collect();
    assert_eq!(bits(&each), want, "{what}: per-seat heuristic values");
}

#[test]
fn the_running_tally_matches_a_count_from_scratch_at_every_step() {
    let mut modes: Vec<(usize, NijarConfig)> = Vec::new();
    for players in 2..=4 {
        for first_game_layout in [false, true] {
            let difficulty = 0;
            modes.push((
                players,
                NijarConfig {
                    first_game_layout,
                    difficulty,
                },
            ));
        }
    }
    for difficulty in 0..3 {
        modes.push((
            1,
            NijarConfig {
                first_game_layout: false,
                difficulty,
            },
        ));
    }
    let mut kept_answers = 0u64;
    for (players, config) in modes {
        for seed in 0..3 {
            let mut st = NijarState::new_game(players, seed, None, config).unwrap();
            let mut rng = Rng::seed_from(seed + 100);
            let mut step = 0;
            while let Some(mover) = st.current_player() {
                let what = format!("{players}p {config:?} seed {seed} step {step}");
                check(&st, &what);
                let legal = st.legal_actions();
                for &a in legal.iter() {
                    let mut next = st.clone();
                    next.apply_unchecked(a);
                    check(&next, &format!("{what} after {a}"));
                    for s in (0..players).filter(|&s| s != mover) {
                        if next.heuristic_value_kept(&st, s) {
                            kept_answers += 1;
                            assert_eq!(
                                next.heuristic_value(s).to_bits(),
                                st.heuristic_value(s).to_bits(),
                                "{what}: seat {s}'s value said kept after {a}"
                            );
                        }
                    }
                }
                if step % 37 == 0 {
                    let loaded = NijarState::from_json(&st.to_json()).unwrap();
                    check(&loaded, &format!("{what} loaded from JSON"));
                    let seat: Seat = mover;
                    check(
                        &st.resample_hidden(seat, step),
                        &format!("{what} determinized"),
                    );
                }
                st.apply_unchecked(legal[rng.below(legal.len())]);
                step += 1;
            }
            check(&st, &format!("{players}p {config:?} seed {seed} over"));
        }
    }
    // Greedy play's reuse of the other seats' values is exercised, not vacuous.
    assert!(kept_answers > 1000, "only {kept_answers} kept answers");
}

/// Writing to the table directly makes the counts stale, so the heuristic counts from the
/// table until the next move recounts.
#[test]
fn a_table_written_directly_is_recounted() {
    let mut st = super::started(2, 5);
    let before = st.heuristic_value(0);
    st.table_mut().players[0].firing_kilns[0].piece = 1;
    assert!(st.tally_is_stale());
    assert_eq!(
        st.heuristic_value(0),
        before + 1.0,
        "a loaded firing kiln counts 1"
    );
    let a = st.legal_actions()[0];
    st.apply_unchecked(a);
    check(&st, "after the next move");
}

/// A change to one seat's workshop or supply.
type Change = fn(&mut Player);

/// "Kept" is answered only when every input of the seat's estimate is equal: a change to any
/// one of them (immediate VP, each resource, cracks, a loaded kiln, a drying piece) makes
/// it false, an untouched copy true, and the end of the game (final scores) false.
#[test]
fn kept_means_every_input_of_the_estimate_is_equal() {
    let before = super::started(2, 11);
    let mut same = before.clone();
    same.rebuild_tally();
    assert!(same.heuristic_value_kept(&before, 1), "an untouched copy");
    let changes: [(&str, Change); 7] = [
        ("vp", |p| p.vp[3] += 1),
        ("pg", |p| p.pg += 1),
        ("glaze", |p| p.glaze += 1),
        ("clay", |p| p.clay += 1),
        ("cracks", |p| p.cracks += 1),
        ("a loaded kiln", |p| p.glaze_kilns[0].piece = 1),
        ("a drying piece", |p| p.drying[2] += 1),
    ];
    for (what, change) in changes {
        let mut after = before.clone();
        change(&mut after.table_mut().players[1]);
        after.rebuild_tally();
        assert_ne!(
            after.heuristic_value(1),
            before.heuristic_value(1),
            "{what}"
        );
        assert!(!after.heuristic_value_kept(&before, 1), "{what} changed");
        assert!(
            after.heuristic_value_kept(&before, 0),
            "{what} of the other seat"
        );
    }
    let mut over = before.clone();
    over.table_mut().phase = Phase::Over;
    over.rebuild_tally();
    assert!(!over.heuristic_value_kept(&before, 1), "the game ended");
}
