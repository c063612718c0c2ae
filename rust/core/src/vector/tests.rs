//! Scenario tests of the batch over 2-player Sunrise and solo Níjar.

use std::sync::Arc;

use crate::engine::{Action, GameState, Rng, TensorCell};
use crate::nijar::{NijarConfig, NijarState};
use crate::sunrise::SunriseState;

use super::*;

fn sunrise(players: usize) -> Dealer<SunriseState> {
    Arc::new(move |seed| SunriseState::new_game(players, seed, None))
}

fn options(seats: &[SeatPlayer], mode: RewardMode, timing: RewardTiming) -> BatchOptions {
    BatchOptions {
        seats: seats.to_vec(),
        reward: LearnReward { mode, timing },
        threads: 1,
    }
}

const SELF_PLAY: [SeatPlayer; 2] = [SeatPlayer::Learner, SeatPlayer::Learner];

/// The first legal action in each mask chosen at random by `rng`.
fn random_actions<T>(out: &OwnedOutputs<T>, actions: usize, rng: &mut Rng) -> Vec<Action> {
    out.masks
        .chunks(actions)
        .map(|mask| {
            let legal: Vec<Action> = (0..actions as Action)
                .filter(|&a| mask[a as usize])
                .collect();
            legal[rng.below(legal.len())]
        })
        .collect()
}

#[test]
fn every_slot_and_every_reset_deals_a_new_game() {
    let mut batch = VectorGames::new(
        8,
        sunrise(2),
        options(&SELF_PLAY, RewardMode::Score, RewardTiming::End),
    )
    .unwrap();
    let mut out = OwnedOutputs::new(8, batch.dims());
    batch.reset(1, out.view()).unwrap();
    let first = out.seeds.clone();
    batch.reset(2, out.view()).unwrap();
    let mut all: Vec<u64> = first.iter().chain(&out.seeds).copied().collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 16, "16 deals, 16 seeds");
    // The deal is the seed's: slot 0's state is the game dealt from its seed.
    let dealt = SunriseState::new_game(2, out.seeds[0], None).unwrap();
    assert_eq!(batch.state(0).unwrap().to_json(), dealt.to_json());
}

#[test]
fn masks_and_observations_are_the_states_and_the_same_on_any_thread_count() {
    let run = |threads: usize| {
        let mut opts = options(&SELF_PLAY, RewardMode::Margin, RewardTiming::Delta);
        opts.threads = threads;
        let mut batch = VectorGames::new(5, sunrise(2), opts).unwrap();
        let dims = batch.dims();
        let mut out = OwnedOutputs::new(5, dims);
        batch.reset(9, out.view()).unwrap();
        let mut rng = Rng::seed_from(3);
        let mut trace = Vec::new();
        for _ in 0..300 {
            let actions = random_actions(&out, dims.actions, &mut rng);
            batch.step(&actions, out.view()).unwrap();
            for i in 0..5 {
                let state = batch.state(i).unwrap();
                let seat = state.current_player().unwrap();
                assert_eq!(out.to_act[i], seat as i32);
                let legal: Vec<Action> = (0..dims.actions as Action)
                    .filter(|&a| out.masks[i * dims.actions + a as usize])
                    .collect();
                assert_eq!(legal, state.legal_actions().to_vec());
                let mut obs = vec![0.0; dims.observation];
                state.observation_tensor(seat, &mut obs);
                assert_eq!(
                    obs,
                    out.observations[i * dims.observation..(i + 1) * dims.observation]
                );
            }
            trace.push((
                out.rewards.clone(),
                out.terminated.clone(),
                out.seeds.clone(),
            ));
        }
        trace
    };
    let one = run(1);
    assert!(
        one.iter().any(|(_, t, _)| t.contains(&true)),
        "some game ended"
    );
    assert_eq!(one, run(3));
}

#[test]
fn bots_move_inside_the_call_and_the_finished_game_replays_from_its_seed() {
    let seats = [SeatPlayer::Random, SeatPlayer::Learner];
    let mut batch = VectorGames::new(
        3,
        sunrise(2),
        options(&seats, RewardMode::Win, RewardTiming::End),
    )
    .unwrap();
    let dims = batch.dims();
    let mut out = OwnedOutputs::new(3, dims);
    batch.reset(4, out.view()).unwrap();
    let mut rng = Rng::seed_from(5);
    let mut finished = 0;
    while finished < 4 {
        assert!(
            out.to_act.iter().all(|&s| s == 1),
            "only the learner's seat is seen"
        );
        let before: Vec<u64> = out.seeds.clone();
        let actions = random_actions(&out, dims.actions, &mut rng);
        batch.step(&actions, out.view()).unwrap();
        for i in (0..3).filter(|&i| out.terminated[i]) {
            finished += 1;
            let end = batch.finished_state(i).unwrap();
            assert_eq!(out.final_seeds[i], before[i]);
            assert_ne!(out.seeds[i], before[i], "a fresh deal replaces it");
            // Replayed from its seed and history, the game ends the same.
            let mut replay = SunriseState::new_game(2, before[i], None).unwrap();
            for &a in end.history() {
                replay.apply_action(a).unwrap();
            }
            assert!(replay.is_terminal());
            let scores = replay.scores();
            assert_eq!(out.final_scores[2 * i..2 * i + 2], scores[..]);
            // The oracle of "win": 1 to the higher score, halves on a tie.
            let win = match scores[0].cmp(&scores[1]) {
                std::cmp::Ordering::Greater => [1.0, 0.0],
                std::cmp::Ordering::Less => [0.0, 1.0],
                std::cmp::Ordering::Equal => [0.5, 0.5],
            };
            assert_eq!(out.final_returns[2 * i..2 * i + 2], win);
            assert_eq!(
                out.rewards[2 * i..2 * i + 2],
                win,
                "End pays all at the end"
            );
            let mut last = vec![0.0; dims.observation];
            replay.observation_tensor(1, &mut last);
            assert_eq!(
                last,
                out.final_observations[i * dims.observation..(i + 1) * dims.observation]
            );
        }
        for i in (0..3).filter(|&i| !out.terminated[i]) {
            assert_eq!(out.rewards[2 * i..2 * i + 2], [0.0, 0.0]);
        }
    }
}

#[test]
fn delta_rewards_add_up_to_the_final_margin() {
    let mut batch = VectorGames::new(
        2,
        sunrise(2),
        options(&SELF_PLAY, RewardMode::Margin, RewardTiming::Delta),
    )
    .unwrap();
    let dims = batch.dims();
    let mut out = OwnedOutputs::new(2, dims);
    batch.reset(11, out.view()).unwrap();
    let mut rng = Rng::seed_from(12);
    let mut sums = [[0.0f64; 2]; 2];
    let mut checked = 0;
    let mut paid_before_end = false;
    while checked < 3 {
        let actions = random_actions(&out, dims.actions, &mut rng);
        batch.step(&actions, out.view()).unwrap();
        for i in 0..2 {
            for (sum, &r) in sums[i].iter_mut().zip(&out.rewards[2 * i..2 * i + 2]) {
                *sum += f64::from(r);
            }
            if out.terminated[i] {
                let scores = &out.final_scores[2 * i..2 * i + 2];
                let margin = [scores[0] - scores[1], scores[1] - scores[0]];
                for p in 0..2 {
                    assert!(
                        (sums[i][p] - f64::from(margin[p])).abs() < 1e-3,
                        "{sums:?} {margin:?}"
                    );
                    assert_eq!(out.final_returns[2 * i + p], margin[p] as f32);
                }
                sums[i] = [0.0; 2];
                checked += 1;
            } else if out.rewards[2 * i..2 * i + 2] != [0.0, 0.0] {
                paid_before_end = true;
            }
        }
    }
    assert!(paid_before_end, "deltas pay as the scores move");
}

#[test]
fn solo_rewards_follow_the_solo_margin() {
    let deal: Dealer<NijarState> =
        Arc::new(|seed| NijarState::new_game(1, seed, None, NijarConfig::default()));
    for (mode, expect) in [
        (RewardMode::Score, "score"),
        (RewardMode::Margin, "margin"),
        (RewardMode::Win, "win"),
        (RewardMode::Rank, "win"),
    ] {
        let mut batch = VectorGames::new(
            2,
            deal.clone(),
            options(&[SeatPlayer::Learner], mode, RewardTiming::End),
        )
        .unwrap();
        let dims = batch.dims();
        let mut out = OwnedOutputs::new(2, dims);
        batch.reset(21, out.view()).unwrap();
        let mut rng = Rng::seed_from(22);
        let mut done = 0;
        while done < 2 {
            let actions = random_actions(&out, dims.actions, &mut rng);
            batch.step(&actions, out.view()).unwrap();
            for i in (0..2).filter(|&i| out.terminated[i]) {
                done += 1;
                let end = batch.finished_state(i).unwrap();
                let margin = end.solo_margin().unwrap();
                let oracle = match expect {
                    "score" => f64::from(end.scores()[0]),
                    "margin" => margin,
                    _ => {
                        if margin > 0.0 {
                            1.0
                        } else {
                            0.0
                        }
                    }
                };
                assert_eq!(out.final_returns[i], oracle as f32, "{mode:?}");
            }
        }
    }
}

#[test]
fn bad_input_is_refused_and_nothing_moves() {
    let dims_of = |b: &VectorGames<SunriseState>| b.dims();
    let seats3 = [SeatPlayer::Learner; 3];
    let bad = VectorGames::new(
        2,
        sunrise(2),
        options(&seats3, RewardMode::Score, RewardTiming::End),
    );
    assert!(bad.err().unwrap().to_string().contains("2 seats but 3"));
    let bots = [SeatPlayer::Random, SeatPlayer::Greedy];
    let bad = VectorGames::new(
        2,
        sunrise(2),
        options(&bots, RewardMode::Score, RewardTiming::End),
    );
    assert!(bad.err().unwrap().to_string().contains("learner"));
    let mut batch = VectorGames::new(
        2,
        sunrise(2),
        options(&SELF_PLAY, RewardMode::Score, RewardTiming::End),
    )
    .unwrap();
    let dims = dims_of(&batch);
    let mut out = OwnedOutputs::new(2, dims);
    let e = batch.step(&[0, 0], out.view()).unwrap_err();
    assert!(e.to_string().contains("reset"), "{e}");
    batch.reset(0, out.view()).unwrap();
    let legal0 = batch.state(0).unwrap().legal_actions()[0];
    let illegal1 = (0..dims.actions as Action)
        .find(|&a| !out.masks[dims.actions + a as usize])
        .unwrap();
    let before = batch.state(0).unwrap().to_json();
    let e = batch.step(&[legal0, illegal1], out.view()).unwrap_err();
    assert!(e.to_string().contains("game 1"), "{e}");
    assert_eq!(
        batch.state(0).unwrap().to_json(),
        before,
        "game 0 did not move either"
    );
    let e = batch.step(&[legal0, 1 << 20], out.view()).unwrap_err();
    assert!(e.to_string().contains("not legal in game 1"), "{e}");
    let e = batch.step(&[legal0], out.view()).unwrap_err();
    assert!(e.to_string().contains("1 actions for 2 games"), "{e}");
    let mut short = OwnedOutputs::new(1, dims);
    let e = batch.step(&[legal0, legal0], short.view()).unwrap_err();
    assert!(e.to_string().contains("observations"), "{e}");
}

/// Plays a float batch and a compact one (`T`) of the same setup side by side: every row of
/// compact counts times the game's units is the float row, bit for bit, finals included.
fn compact_rows_are_the_float_rows<G: GameState, T: TensorCell + Into<f32>>(
    deal: Dealer<G>,
    seats: &[SeatPlayer],
) {
    let opts = options(seats, RewardMode::Score, RewardTiming::End);
    let mut floats = VectorGames::new(4, deal.clone(), opts.clone()).unwrap();
    let mut compact = VectorGames::new(4, deal.clone(), opts).unwrap();
    let dims = floats.dims();
    let scale = deal(0).unwrap().observation_tensor_spec().scale;
    let mut f = OwnedOutputs::new(4, dims);
    let mut c = OwnedOutputs::<T>::of_cells(4, dims);
    floats.reset(5, f.view()).unwrap();
    compact.reset(5, c.view()).unwrap();
    let same = |counts: &[T], values: &[f32]| {
        for (i, (&k, &x)) in counts.iter().zip(values).enumerate() {
            let unit = scale[i % dims.observation];
            assert_eq!((k.into() * unit).to_bits(), x.to_bits(), "entry {i}");
        }
    };
    let mut rng = Rng::seed_from(5);
    let mut finished = 0;
    for _ in 0..600 {
        same(&c.observations, &f.observations);
        let actions = random_actions(&f, dims.actions, &mut rng);
        floats.step(&actions, f.view()).unwrap();
        compact.step(&actions, c.view()).unwrap();
        assert_eq!(c.terminated, f.terminated);
        for (k, _) in f.terminated.iter().enumerate().filter(|(_, &t)| t) {
            let row = k * dims.observation..(k + 1) * dims.observation;
            same(
                &c.final_observations[row.clone()],
                &f.final_observations[row],
            );
            finished += 1;
        }
    }
    assert!(finished > 0, "some game ended");
}

#[test]
fn the_compact_observations_times_the_units_are_the_float_observations() {
    compact_rows_are_the_float_rows::<_, i8>(sunrise(2), &SELF_PLAY);
    let solo: Dealer<NijarState> =
        Arc::new(|seed| NijarState::new_game(1, seed, None, NijarConfig::default()));
    compact_rows_are_the_float_rows::<_, i16>(solo, &[SeatPlayer::Learner]);
}

#[test]
fn a_compact_type_too_small_for_the_game_is_refused() {
    // Sunrise's game-end choices are negative: no uint8.
    let mut batch = VectorGames::new(
        2,
        sunrise(2),
        options(&SELF_PLAY, RewardMode::Score, RewardTiming::End),
    )
    .unwrap();
    let mut out = OwnedOutputs::<u8>::of_cells(2, batch.dims());
    let e = batch.reset(0, out.view()).unwrap_err();
    assert!(
        e.to_string().contains("uint8 observations cannot hold"),
        "{e}"
    );
    let mut wide = OwnedOutputs::<i16>::of_cells(2, batch.dims());
    batch.reset(0, wide.view()).unwrap();
}
