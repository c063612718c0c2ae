//! Guided (PUCT) search: UCB1 mode replays `search`, priors steer visits, evaluators see the
//! acting seat's observation, bad evaluations are refused.

use super::evaluator::{Evaluations, Evaluator, Guide, LeafBatch, PriorOutput, ValueOrder};
use super::guided::{default_rollout, GuidedOptions, GuidedResult, GuidedSearch};
use super::mcts::{search, MctsOptions, DEFAULT_EXPLORATION};
use super::puct::Selection;
use super::toy::HighBid;
use crate::engine::{EngineResult, GameState, Rng};
use crate::sunrise::SunriseState;

fn position(players: usize, seed: u64, steps: usize) -> HighBid {
    let mut g = HighBid::new(players, seed).unwrap();
    let mut rng = Rng::seed_from(seed ^ 0xABCD);
    for _ in 0..steps {
        let legal = g.legal_actions();
        g.apply_unchecked(legal[rng.below(legal.len())]);
    }
    g
}

/// An evaluator with fixed logits per action id and a fixed value for every seat.
struct Fixed {
    logits: Vec<f32>,
    value: f32,
    calls: usize,
    leaves: usize,
}

impl Evaluator for Fixed {
    fn evaluate(&mut self, batch: &LeafBatch<'_>, out: Evaluations<'_>) -> EngineResult<()> {
        self.calls += 1;
        self.leaves += batch.len();
        let a = batch.dims().actions;
        for row in out.priors.chunks_mut(a) {
            row.copy_from_slice(&self.logits);
        }
        out.values.fill(self.value);
        Ok(())
    }
}

fn guided<G: GameState>(root: &G, options: GuidedOptions, ev: &mut dyn Evaluator) -> GuidedResult {
    let mut s = GuidedSearch::new(vec![root.clone()], options).unwrap();
    s.run_with(ev).unwrap();
    s.results().remove(0)
}

#[test]
fn ucb1_selection_with_the_rollout_guide_replays_search_exactly() {
    let sunrise = SunriseState::new_game(2, 7, None).unwrap();
    for seed in 0..4u64 {
        let cases: Vec<(Visits, Visits)> = vec![
            run_both(&position(3, seed, 3), seed, 150),
            run_both(&position(2, seed, 0), seed, 120),
            run_both(&sunrise, seed, 60),
        ];
        for (ours, theirs) in cases {
            assert_eq!(ours, theirs);
        }
    }
}

/// Root visits per action, by ascending action id.
type Visits = Vec<(u32, u64)>;

/// Root visits of the guided search in UCB1 mode and of `search`, same seed and budget.
fn run_both<G: GameState>(root: &G, seed: u64, sims: u64) -> (Visits, Visits) {
    let options = GuidedOptions {
        simulations: sims,
        selection: Selection::Ucb1 {
            exploration: DEFAULT_EXPLORATION,
        },
        seed,
        ..GuidedOptions::default()
    };
    let mut s = GuidedSearch::new(vec![root.clone()], options).unwrap();
    s.run_builtin(Guide::UniformRollout(default_rollout()))
        .unwrap();
    let ours = s.results().remove(0).visits;
    let theirs = search(
        root,
        &MctsOptions {
            seed,
            ..MctsOptions::with_iterations(sims)
        },
    )
    .unwrap()
    .stats
    .iter()
    .map(|s| (s.action, s.visits))
    .collect();
    (ours, theirs)
}

#[test]
fn a_prior_near_one_concentrates_visits_and_a_uniform_prior_spreads_them() {
    let root = SunriseState::new_game(2, 3, None).unwrap();
    let legal = root.legal_actions();
    assert!(legal.len() >= 4, "{legal:?}");
    let favoured = legal[legal.len() / 2];
    let a = root.num_distinct_actions();
    let options = GuidedOptions {
        simulations: 400,
        ..GuidedOptions::default()
    };
    // Equal values everywhere: only the priors tell actions apart.
    let mut uniform = Fixed {
        logits: vec![0.0; a],
        value: 0.5,
        calls: 0,
        leaves: 0,
    };
    let spread = guided(&root, options.clone(), &mut uniform);
    let counts: Vec<u64> = spread.visits.iter().map(|v| v.1).collect();
    assert_eq!(counts.len(), legal.len());
    // Uniform priors and equal values: PUCT takes the least-visited edge every time.
    assert!(
        counts.iter().max().unwrap() - counts.iter().min().unwrap() <= 1,
        "{counts:?}"
    );

    let mut logits = vec![0.0; a];
    logits[favoured as usize] = 10.0; // prior e^10 / (e^10 + k - 1) ≈ 0.999
    let mut peaked = Fixed {
        logits,
        value: 0.5,
        calls: 0,
        leaves: 0,
    };
    let focused = guided(&root, options, &mut peaked);
    let on_favoured = focused.visits.iter().find(|v| v.0 == favoured).unwrap().1;
    assert!(on_favoured >= 360, "{:?}", focused.visits);
    assert_eq!(focused.action, favoured);
    assert_eq!(focused.policy[favoured as usize], 1.0); // temperature 0: one-hot
                                                        // One call per leaf with in_flight 1 (the root, then each simulation's new leaf).
    assert_eq!(peaked.calls, peaked.leaves);
}

/// Records each batch's rows.
#[derive(Default)]
struct Recorder {
    observations: Vec<Vec<f32>>,
    masks: Vec<Vec<bool>>,
    seats: Vec<usize>,
}

#[test]
fn the_evaluator_sees_the_acting_seats_observation_of_each_leaf() {
    let root = SunriseState::new_game(2, 11, None).unwrap();
    let options = GuidedOptions {
        simulations: 120,
        in_flight: 8,
        ..GuidedOptions::default()
    };
    let mut s = GuidedSearch::new(
        vec![root.clone(), SunriseState::new_game(2, 12, None).unwrap()],
        options,
    )
    .unwrap();
    let (d, a) = (s.dims().observation, s.dims().actions);
    let mut other_seat_differs = 0;
    let mut leaves = 0;
    loop {
        let b = s.collect().unwrap();
        if b == 0 {
            break;
        }
        let mut rec = Recorder::default();
        let batch = s.batch();
        for i in 0..b {
            rec.observations
                .push(batch.observations()[i * d..(i + 1) * d].to_vec());
            rec.masks.push(batch.masks()[i * a..(i + 1) * a].to_vec());
            rec.seats.push(batch.seats()[i]);
        }
        for (i, det) in s.leaf_states.iter().enumerate() {
            let seat = det.current_player().unwrap();
            assert_eq!(rec.seats[i], seat);
            let mut expected = vec![0.0; d];
            det.observation_tensor(seat, &mut expected);
            assert!(
                rec.observations[i] == expected,
                "leaf {i}: not the acting seat's view"
            );
            let mut other = vec![0.0; d];
            det.observation_tensor(1 - seat, &mut other);
            other_seat_differs += usize::from(other != expected);
            let legal = det.legal_actions();
            let mask: Vec<u32> = (0..a as u32)
                .filter(|&x| rec.masks[i][x as usize])
                .collect();
            assert_eq!(mask, legal.to_vec());
        }
        leaves += b;
        s.apply(&vec![0.0; b * a], &vec![0.5; b * 2]).unwrap();
    }
    // Leaves of both seats were seen, whose views differ (so the check above has teeth).
    assert!(
        leaves > 100 && other_seat_differs > 50,
        "{leaves} {other_seat_differs}"
    );
    for r in s.results() {
        assert_eq!(r.simulations, 120);
        // The first simulation only evaluated the root.
        assert_eq!(r.visits.iter().map(|v| v.1).sum::<u64>(), 119);
    }
}

#[test]
fn bad_evaluations_are_refused_with_a_sentence_and_change_nothing() {
    let root = SunriseState::new_game(2, 5, None).unwrap();
    let mut s = GuidedSearch::new(vec![root], GuidedOptions::default()).unwrap();
    let a = s.dims().actions;
    let b = s.collect().unwrap();
    assert_eq!(b, 1);
    let err = s.apply(&vec![0.0; a], &[0.5]).unwrap_err().to_string();
    assert!(err.contains("shape (1, ") && err.contains(", 2)"), "{err}");
    let err = s
        .apply(&vec![0.0; a], &[0.5, f32::NAN])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("value for seat 1 of leaf 0") && err.contains("NaN"),
        "{err}"
    );
    let legal = s.batch().masks().iter().position(|&m| m).unwrap();
    let mut priors = vec![0.0; a];
    priors[legal] = f32::INFINITY;
    let err = s.apply(&priors, &[0.5, 0.5]).unwrap_err().to_string();
    assert!(err.contains(&format!("action {legal} of leaf 0")), "{err}");
    s.apply(&vec![0.0; a], &[0.5, 0.5]).unwrap();
}

#[test]
fn temperature_one_returns_visit_shares_and_priors_mode_normalizes() {
    let root = position(3, 2, 2);
    let a = root.num_distinct_actions();
    let mut ev = Fixed {
        logits: vec![1.0; a],
        value: 0.3,
        calls: 0,
        leaves: 0,
    };
    let options = GuidedOptions {
        simulations: 90,
        temperature: 1.0,
        prior_output: PriorOutput::Priors,
        dirichlet: Some((0.3, 0.25)),
        ..GuidedOptions::default()
    };
    let r = guided(&root, options, &mut ev);
    let total: u64 = r.visits.iter().map(|v| v.1).sum();
    assert_eq!(total, 89); // the first simulation only evaluated the root
    for &(action, visits) in &r.visits {
        let share = visits as f32 / 89.0;
        assert!((r.policy[action as usize] - share).abs() < 1e-6);
    }
    // The constant value comes back as the root value of every seat.
    assert!(
        r.root_value.iter().all(|v| (v - 0.3).abs() < 1e-6),
        "{:?}",
        r.root_value
    );
}

/// Writes the same value row at every leaf.
struct SameRow(Vec<f32>);

impl Evaluator for SameRow {
    fn evaluate(&mut self, _: &LeafBatch<'_>, out: Evaluations<'_>) -> EngineResult<()> {
        for row in out.values.chunks_mut(self.0.len()) {
            row.copy_from_slice(&self.0);
        }
        Ok(())
    }
}

#[test]
fn relative_values_are_read_from_the_seat_to_act() {
    // Three players, seat 1 to act at the root. Two simulations: the first expands the root,
    // the second values one child, where seat 2 is to act (bids go in seat order), so the
    // root value is the evaluator's row read for a leaf with seat 2 to act.
    let root = position(3, 5, 1);
    assert_eq!(root.current_player(), Some(1));
    let row = vec![0.75, 0.25, 0.0];
    let value_with = |order| {
        let options = GuidedOptions {
            simulations: 2,
            value_order: order,
            ..GuidedOptions::default()
        };
        guided(&root, options, &mut SameRow(row.clone())).root_value
    };
    assert_eq!(value_with(ValueOrder::Seats), vec![0.75, 0.25, 0.0]);
    // Column 0 is seat 2 itself, column 1 the seat after it (0), column 2 the next (1).
    assert_eq!(value_with(ValueOrder::Relative), vec![0.25, 0.0, 0.75]);
}

#[test]
fn a_uniform_model_with_rollout_weight_one_replays_the_uniform_rollout_guide() {
    // Weight 1 ignores the model's value (a constant 0 here, which alone would make every
    // action look lost), and zero logits are uniform priors: what remains is the built-in
    // guide's search, rollout for rollout, so the visit counts agree exactly.
    let sunrise = SunriseState::new_game(2, 11, None).unwrap();
    for seed in 0..3u64 {
        let options = GuidedOptions {
            simulations: 120,
            rollout_mix: Some((1.0, default_rollout())),
            seed,
            ..GuidedOptions::default()
        };
        let mut model = Fixed {
            logits: vec![0.0; sunrise.num_distinct_actions()],
            value: 0.0,
            calls: 0,
            leaves: 0,
        };
        let mixed = guided(&sunrise, options.clone(), &mut model);
        let mut builtin = GuidedSearch::new(vec![sunrise.clone()], options).unwrap();
        builtin
            .run_builtin(Guide::UniformRollout(default_rollout()))
            .unwrap();
        let builtin = builtin.results().remove(0);
        assert_eq!(mixed.visits, builtin.visits, "seed {seed}");
        assert_eq!(mixed.root_value, builtin.root_value, "seed {seed}");
    }
}
