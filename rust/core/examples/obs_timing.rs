//! Times the observation (typed view and JSON), the information-state key and the score
//! explanation on a mid-game 4-player state:
//! `cargo run --release -p craftgames-core --example obs_timing`.
//! The Python-visible cost of `State.observation` is measured by `benches/bench_python_loop.py`.
use craftgames_core::engine::{ActionList, GameState, Rng};
use craftgames_core::sunrise::SunriseState;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let mut s = SunriseState::new_game(4, 7, None).unwrap();
    let mut rng = Rng::seed_from(11);
    let mut actions = ActionList::new();
    for _ in 0..120 {
        s.legal_actions_into(&mut actions);
        s.apply_unchecked(actions[rng.below(actions.len())]);
    }
    let n = 20_000;
    let t = Instant::now();
    for _ in 0..n {
        black_box(s.observation_view(black_box(0)));
    }
    println!("observation_view: {:?}", t.elapsed() / n);
    let t = Instant::now();
    let mut len = 0;
    for _ in 0..n {
        len += s.observation_json(0).to_string().len();
    }
    println!(
        "observation_json + to_string: {:?} ({len})",
        t.elapsed() / n
    );
    let t = Instant::now();
    for _ in 0..n {
        len += s.information_state_string(0).len();
    }
    println!("information_state_string: {:?} ({len})", t.elapsed() / n);
    let t = Instant::now();
    for _ in 0..n {
        len += s.explain_score(0).lines.len();
    }
    println!("explain_score: {:?} ({len})", t.elapsed() / n);
}
