//! The observation tensor's declared layout (`GameState::observation_tensor_spec`) holds:
//! for every game, player count and mode (solo modes and difficulties included), in games
//! played by random, extreme (lowest or highest id half the time), greedy and MCTS players,
//! every entry of every seat's tensor at every step is a whole count of its unit inside its
//! declared range, and `count × unit` is the float tensor bit for bit (the compact form is
//! exact). The spec is the same in every state of a game.
//!
//! And the ranges are not vacuous: entries that share a range and a unit form a class, and
//! every class of counts (highest above 2: flags, one-hots and Sunrise's halves are left
//! out) must be seen at no less than a quarter of its declared highest ([`SLACK`]) —
//! except the classes the rules allow to grow far beyond what play reaches, each listed per
//! game with its reason (scores bounded by the proved `score_bounds`, Sorcery's −374 … 509
//! against 0 … 30 in play; turns bounded by the length bound's turn count; a pile or a
//! hand that no rule caps below the cards of the box). Every class is printed with what
//! play reached: `cargo test -p craftgames-core --test rules tensor_bounds:: -- --nocapture`.

use std::collections::BTreeMap;

use craftgames_core::engine::{GameState, Rng, TensorSpec};
use craftgames_core::nijar::NijarState;
use craftgames_core::search::bots::{Bot, GreedyBot, MctsBot, RandomBot};
use craftgames_core::search::mcts::MctsOptions;
use craftgames_core::search::rollout::RolloutPolicy;
use craftgames_core::sorcery::{SorceryConfig, SorceryState};
use craftgames_core::sunrise::SunriseState;
use serde_json::json;

use crate::common::{nijar_setups, Extreme};

/// Random games per configuration.
const RANDOM_GAMES: u64 = 12;
/// Games per configuration by half-random, half lowest- or highest-id players.
const EXTREME_GAMES: u64 = 6;
/// Greedy games per configuration.
const GREEDY_GAMES: u64 = 2;
/// MCTS iterations per move in the searched game.
const MCTS_ITERATIONS: u64 = 16;
/// A class of counts must be seen at no less than its declared highest / `SLACK`.
const SLACK: i32 = 4;

fn bots<G: GameState + 'static>(kind: &str, seats: usize, seed: u64) -> Vec<Box<dyn Bot<G>>> {
    (0..seats)
        .map(|s| {
            let seed = seed * 8 + s as u64;
            match kind {
                "random" => Box::new(RandomBot::new(seed)) as Box<dyn Bot<G>>,
                "extreme" => Box::new(Extreme {
                    lowest: seed % 2 == 0,
                    rng: Rng::seed_from(seed),
                }),
                "greedy" => Box::new(GreedyBot::<G>::new(seed)),
                _ => Box::new(MctsBot::new(MctsOptions {
                    seed,
                    rollout: RolloutPolicy::Random,
                    threads: 1,
                    ..MctsOptions::with_iterations(MCTS_ITERATIONS)
                })),
            }
        })
        .collect()
}

/// The highest count seen of each entry.
struct Reached(Vec<i32>);

/// Checks every seat's tensor of `state` against `spec`, recording the counts reached.
fn check_tensors<G: GameState>(state: &G, spec: &TensorSpec, reached: &mut Reached, what: &str) {
    let d = state.observation_tensor_size();
    let mut counts = vec![0i32; d];
    let mut floats = vec![0f32; d];
    for seat in 0..state.num_players() {
        state.write_observation_tensor(seat, &mut counts);
        state.observation_tensor(seat, &mut floats);
        for i in 0..d {
            let (k, low, high, unit) = (counts[i], spec.low[i], spec.high[i], spec.scale[i]);
            assert!(
                (low..=high).contains(&k),
                "{what}, step {}: seat {seat}'s entry {i} is {k} units, outside {low}..={high}",
                state.history().len()
            );
            assert_eq!(
                (k as f32 * unit).to_bits(),
                floats[i].to_bits(),
                "{what}, step {}: seat {seat}'s entry {i}: {k} × {unit} is not the float {}",
                state.history().len(),
                floats[i]
            );
            reached.0[i] = reached.0[i].max(k);
        }
    }
}

/// Plays `start` with `bots`, checking the tensors at every step.
fn play_checked<G: GameState>(
    start: &G,
    bots: &mut [Box<dyn Bot<G>>],
    reached: &mut Reached,
    what: &str,
) {
    let spec = start.observation_tensor_spec();
    assert_eq!(
        spec.low.len(),
        start.observation_tensor_size(),
        "{what}: spec length"
    );
    let mut state = start.clone();
    loop {
        check_tensors(&state, &spec, reached, what);
        let Some(seat) = state.current_player() else {
            break;
        };
        let action = bots[seat].step(&state);
        state.apply_action(action).unwrap();
    }
    assert_eq!(
        state.observation_tensor_spec(),
        spec,
        "{what}: the spec changed in play"
    );
}

/// Plays every kind of game of one configuration, merging what they reached into `reached`
/// (by the configuration's spec).
fn check_config<G: GameState + 'static>(
    what: &str,
    mcts: bool,
    new: impl Fn(u64) -> G,
    classes: &mut Classes,
) {
    let first = new(0);
    let seats = first.num_players();
    let spec = first.observation_tensor_spec();
    let mut reached = Reached(vec![i32::MIN; spec.low.len()]);
    let mut runs: Vec<(&str, u64, u64)> = vec![
        ("random", 0, RANDOM_GAMES),
        ("extreme", 300, EXTREME_GAMES),
        ("greedy", 100, GREEDY_GAMES),
    ];
    if mcts {
        runs.push(("mcts", 200, 1));
    }
    for (kind, base, games) in runs {
        for seed in base..base + games {
            let game = format!("{what}, {kind} seed {seed}");
            play_checked(
                &new(seed),
                &mut bots(kind, seats, seed),
                &mut reached,
                &game,
            );
        }
    }
    classes.merge(&spec, &reached);
}

/// Per class of counts (low, high, unit), the highest count seen in any configuration.
#[derive(Default)]
struct Classes(BTreeMap<(i32, i32, u32), i32>);

impl Classes {
    fn merge(&mut self, spec: &TensorSpec, reached: &Reached) {
        for i in 0..spec.low.len() {
            if spec.high[i] > 2 {
                let key = (spec.low[i], spec.high[i], spec.scale[i].to_bits());
                let seen = self.0.entry(key).or_insert(i32::MIN);
                *seen = (*seen).max(reached.0[i]);
            }
        }
    }

    /// Asserts every class but the `loose` ones (given by their unit and, where the unit is
    /// shared, their highest count, with the reason) reaches its highest / `SLACK`, and
    /// prints every class.
    fn assert_reached(&self, game: &str, loose: &[Loose]) {
        let mut short = Vec::new();
        for (&(low, high, unit), &seen) in &self.0 {
            let unit = f32::from_bits(unit);
            let reason = loose
                .iter()
                .find(|l| l.unit == unit && l.high.is_none_or(|h| h == high))
                .map(|l| l.reason);
            eprintln!(
                "{game}: counts {low}..={high} of {unit}: reached {seen}{}",
                reason.map_or(String::new(), |r| format!(" (loose: {r})"))
            );
            if reason.is_none() && seen * SLACK < high {
                short.push(format!("{low}..={high} of {unit} reached only {seen}"));
            }
        }
        assert!(short.is_empty(), "{game}: vacuous ranges: {short:?}");
    }
}

/// A class of counts whose proved range play does not approach, and why.
struct Loose {
    unit: f32,
    high: Option<i32>,
    reason: &'static str,
}

const fn loose(unit: f32, high: Option<i32>, reason: &'static str) -> Loose {
    Loose { unit, high, reason }
}

#[test]
fn sunrise_tensors_stay_within_their_declared_ranges() {
    let mut classes = Classes::default();
    for players in 2..=4 {
        check_config(
            &format!("sunrise {players}p"),
            players == 2,
            |seed| SunriseState::new_game(players, seed, None).unwrap(),
            &mut classes,
        );
    }
    classes.assert_reached(
        "sunrise",
        &[
            loose(
                1.0 / 10.0,
                Some(60),
                "the reserve: only the 60 tokens cap it",
            ),
            loose(1.0 / 10.0, Some(30), "advantage cards held: no hand limit"),
        ],
    );
}

#[test]
fn sorcery_tensors_stay_within_their_declared_ranges() {
    let modes = [
        (1, json!({"solo": "robot"})),
        (1, json!({"solo": "robot", "difficulty": "hard"})),
        (
            1,
            json!({"solo": "robot", "difficulty": "extra-hard", "staffs": true}),
        ),
        (1, json!({"solo": "no-robot"})),
        (1, json!({"solo": "mission", "mission": 3, "hard": true})),
        (2, json!({})),
        (2, json!({"staffs": true})),
        (3, json!({"staffs": true, "theses": "no-seven"})),
        (4, json!({})),
        (4, json!({"staffs": true, "missions": [1, 2, 9, 10]})),
    ];
    let mut classes = Classes::default();
    for (i, (players, options)) in modes.iter().enumerate() {
        let cfg = SorceryConfig::from_options(*players, options.as_object().unwrap()).unwrap();
        check_config(
            &format!("sorcery {players}p {options}"),
            i == 0,
            |seed| SorceryState::new_game(cfg, seed, None).unwrap(),
            &mut classes,
        );
    }
    classes.assert_reached(
        "sorcery",
        &[
            loose(1.0 / 30.0, None, "scores: the proved score bounds"),
            loose(
                1.0 / 10.0,
                Some(70),
                "a grave pile grows each week if untaken",
            ),
            loose(
                1.0 / 10.0,
                Some(98),
                "a hand: proved to hold at most every material; play holds a fraction",
            ),
        ],
    );
}

#[test]
fn nijar_tensors_stay_within_their_declared_ranges() {
    let mut classes = Classes::default();
    for (players, config, what) in nijar_setups() {
        let mcts = players <= 2 && config.difficulty == 0 && !config.first_game_layout;
        check_config(
            &what,
            mcts,
            |seed| NijarState::new_game(players, seed, None, config).unwrap(),
            &mut classes,
        );
    }
    classes.assert_reached(
        "nijar",
        &[
            loose(1.0 / 100.0, None, "VP and scores: the proved score bounds"),
            loose(1.0 / 50.0, None, "VP by source: the proved score bounds"),
            loose(
                1.0 / 20.0,
                None,
                "turns (and the Competition's VP): proved bounds",
            ),
            loose(
                1.0 / 24.0,
                None,
                "pending task groups: the state's capacity",
            ),
            loose(1.0 / 10.0, Some(32), "cards of a deck held: no hand limit"),
            loose(
                1.0 / 40.0,
                None,
                "the Competition's discards: every game card",
            ),
        ],
    );
}
