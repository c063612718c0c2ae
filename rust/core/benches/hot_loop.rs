//! The hot loop of every game: legal actions → apply → clone, and whole random games.
//! Each bench has a pytest-benchmark twin in benches/ measuring the same thing from Python.

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use craftgames_core::engine::{ActionList, GameState, Rng};
use craftgames_core::search::playout::play_random_to_end;
use craftgames_core::sunrise::{random_games, SunriseState};

/// A 4-player state some way into day 1, reached by seeded random play.
fn mid_game() -> SunriseState {
    let mut s = SunriseState::new_game(4, 7, None).expect("valid config");
    let mut rng = Rng::seed_from(11);
    let mut actions = ActionList::new();
    for _ in 0..60 {
        s.legal_actions_into(&mut actions);
        let a = actions[rng.below(actions.len())];
        s.apply_unchecked(a);
    }
    s
}

fn sunrise(c: &mut Criterion) {
    let state = mid_game();
    c.bench_function("sunrise/clone", |b| {
        b.iter(|| black_box(black_box(&state).clone().history().len()))
    });
    c.bench_function("sunrise/legal_actions", |b| {
        let mut out = ActionList::new();
        b.iter(|| {
            state.legal_actions_into(&mut out);
            black_box(out.len())
        })
    });
    c.bench_function("sunrise/resample_hidden", |b| {
        b.iter(|| black_box(state.resample_hidden(0, 3)))
    });
    let mut tensor = vec![0.0f32; state.observation_tensor_size()];
    c.bench_function("sunrise/observation_tensor", |b| {
        b.iter(|| state.observation_tensor(0, black_box(&mut tensor)))
    });
    // The observation's core half (its Python twin, test_observation, adds the dict building).
    c.bench_function("sunrise/observation_view", |b| {
        b.iter(|| black_box(state.observation_view(black_box(0)).players.len()))
    });
    c.bench_function("sunrise/random_game_4p", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            black_box(random_games(4, 1, seed))
        })
    });
    c.bench_function("sunrise/random_playout_from_mid_game", |b| {
        let mut rng = Rng::seed_from(5);
        b.iter(|| {
            let mut s = state.clone();
            play_random_to_end(&mut s, &mut rng);
            black_box(s.is_terminal())
        })
    });
}

criterion_group!(benches, sunrise);
criterion_main!(benches);
