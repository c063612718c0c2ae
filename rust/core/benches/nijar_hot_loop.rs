//! Níjar's hot loop: legal actions → apply → clone, determinization, whole random games.
//! Each bench has a pytest-benchmark twin in benches/bench_nijar.py.
//!
//! ```text
//! cargo bench -p craftgames-core --bench nijar_hot_loop
//! ```

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use craftgames_core::engine::{ActionList, GameState, Rng};
use craftgames_core::nijar::{random_games, NijarConfig, NijarState};
use craftgames_core::search::playout::play_random_to_end;

/// A 4-player state some way into round 1, reached by seeded random play.
fn mid_game() -> NijarState {
    let mut s = NijarState::new_game(4, 7, None, NijarConfig::default()).expect("valid config");
    let mut rng = Rng::seed_from(11);
    let mut actions = ActionList::new();
    for _ in 0..80 {
        s.legal_actions_into(&mut actions);
        let a = actions[rng.below(actions.len())];
        s.apply_unchecked(a);
    }
    s
}

fn nijar(c: &mut Criterion) {
    let state = mid_game();
    c.bench_function("nijar/clone", |b| {
        b.iter(|| black_box(black_box(&state).clone().history().len()))
    });
    c.bench_function("nijar/legal_actions", |b| {
        let mut out = ActionList::new();
        b.iter(|| {
            state.legal_actions_into(&mut out);
            black_box(out.len())
        })
    });
    c.bench_function("nijar/resample_hidden", |b| {
        b.iter(|| black_box(state.resample_hidden(0, 3)))
    });
    let mut tensor = vec![0.0f32; state.observation_tensor_size()];
    c.bench_function("nijar/observation_tensor", |b| {
        b.iter(|| state.observation_tensor(0, black_box(&mut tensor)))
    });
    c.bench_function("nijar/information_state_string", |b| {
        b.iter(|| black_box(state.information_state_string(0)))
    });
    c.bench_function("nijar/random_game_4p", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            black_box(random_games(4, 1, seed))
        })
    });
    c.bench_function("nijar/random_playout_from_mid_game", |b| {
        let mut rng = Rng::seed_from(5);
        b.iter(|| {
            let mut s = state.clone();
            play_random_to_end(&mut s, &mut rng);
            black_box(s.is_terminal())
        })
    });
}

criterion_group!(benches, nijar);
criterion_main!(benches);
