//! Times the views of a mid-game 4-player state of every game (120 random actions in): the
//! observation as JSON, the information-state key, every game's typed view and Sunrise's
//! score explanation: `cargo run --release -p craftgames-core --example obs_timing`.
//! The Python-visible cost of `State.observation` is measured by `benches/bench_python_loop.py`.
use craftgames_core::engine::{ActionList, GameState, Rng};
use craftgames_core::nijar::{NijarConfig, NijarState};
use craftgames_core::sorcery::{SorceryConfig, SorceryState};
use craftgames_core::sunrise::SunriseState;
use std::hint::black_box;
use std::time::{Duration, Instant};

const CALLS: u32 = 20_000;

/// The mean time of `CALLS` calls of `f`, best of 3 (the machine may be shared).
fn mean(mut f: impl FnMut() -> usize) -> Duration {
    (0..3)
        .map(|_| {
            let mut len = 0;
            let t = Instant::now();
            for _ in 0..CALLS {
                len += f();
            }
            black_box(len);
            t.elapsed() / CALLS
        })
        .min()
        .expect("three runs")
}

fn midgame<G: GameState>(mut s: G) -> G {
    let mut rng = Rng::seed_from(11);
    let mut actions = ActionList::new();
    for _ in 0..120 {
        if s.is_terminal() {
            break;
        }
        s.legal_actions_into(&mut actions);
        s.apply_unchecked(actions[rng.below(actions.len())]);
    }
    s
}

fn views<G: GameState>(name: &str, s: &G) {
    let json = mean(|| s.observation_json(black_box(0)).to_string().len());
    let info = mean(|| s.information_state_string(black_box(0)).len());
    let chars = s.information_state_string(0).len();
    println!(
        "{name:<8} observation_json + to_string {json:>10.2?}   information_state_string \
         {info:>10.2?} ({chars} bytes)"
    );
}

fn main() {
    let sunrise = midgame(SunriseState::new_game(4, 7, None).unwrap());
    views("sunrise", &sunrise);
    let sorcery = midgame(
        SorceryState::new_game(
            SorceryConfig::from_options(4, &serde_json::Map::new()).unwrap(),
            7,
            None,
        )
        .unwrap(),
    );
    views("sorcery", &sorcery);
    let nijar = midgame(NijarState::new_game(4, 7, None, NijarConfig::default()).unwrap());
    views("nijar", &nijar);
    let typed = mean(|| {
        black_box(sunrise.observation_view(black_box(0)));
        0
    });
    let explain = mean(|| sunrise.explain_score(black_box(0)).lines.len());
    println!("sunrise  observation_view {typed:.2?}   explain_score {explain:.2?}");
    let typed = mean(|| {
        black_box(nijar.observation_view(black_box(0)));
        0
    });
    println!("nijar    observation_view {typed:.2?}");
    // Sorcery's view spells its cards out: building it borrows them, writing it (here as
    // JSON text, straight from the structs) formats the sentences.
    let typed = mean(|| {
        black_box(sorcery.observation_view(black_box(0)));
        0
    });
    let text = mean(|| {
        serde_json::to_string(&sorcery.observation_view(black_box(0))).map_or(0, |t| t.len())
    });
    println!("sorcery  observation_view {typed:.2?}   observation_view to JSON text {text:.2?}");
}
