//! The Studies in Sorcery hot loop: legal actions → apply → clone, determinization, whole
//! random games, and IS-MCTS from the 2-player opening. Each bench has a pytest-benchmark
//! twin in benches/bench_sorcery.py.

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use craftgames_core::engine::{ActionList, GameState, Rng};
use craftgames_core::search::mcts::{search, MctsOptions};
use craftgames_core::search::playout::play_random_to_end;
use craftgames_core::search::RolloutPolicy;
use craftgames_core::sorcery::{random_games, SorceryConfig, SorceryState};

fn config(players: usize) -> SorceryConfig {
    SorceryConfig::from_options(players, &serde_json::Map::new()).expect("valid config")
}

/// A 4-player state some way into month 1, reached by seeded random play.
fn mid_game() -> SorceryState {
    let mut s = SorceryState::new_game(config(4), 7, None).expect("valid config");
    let mut rng = Rng::seed_from(11);
    let mut actions = ActionList::new();
    for _ in 0..60 {
        s.legal_actions_into(&mut actions);
        let a = actions[rng.below(actions.len())];
        s.apply_unchecked(a);
    }
    s
}

fn sorcery(c: &mut Criterion) {
    let state = mid_game();
    c.bench_function("sorcery/clone", |b| {
        b.iter(|| black_box(black_box(&state).clone().history().len()))
    });
    c.bench_function("sorcery/legal_actions", |b| {
        let mut out = ActionList::new();
        b.iter(|| {
            state.legal_actions_into(&mut out);
            black_box(out.len())
        })
    });
    c.bench_function("sorcery/resample_hidden", |b| {
        b.iter(|| black_box(state.resample_hidden(0, 3)))
    });
    c.bench_function("sorcery/random_game_4p", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            black_box(random_games(config(4), 1, seed))
        })
    });
    c.bench_function("sorcery/random_playout_from_mid_game", |b| {
        let mut rng = Rng::seed_from(5);
        b.iter(|| {
            let mut s = state.clone();
            play_random_to_end(&mut s, &mut rng);
            black_box(s.is_terminal())
        })
    });
    let opening = SorceryState::new_game(config(2), 3, None).expect("valid config");
    let mut group = c.benchmark_group("sorcery/mcts");
    group.sample_size(10);
    group.bench_function("1000_iterations_2p_opening", |b| {
        b.iter(|| {
            // Random rollouts, as the Sunrise search bench measures the speed target.
            let options = MctsOptions {
                rollout: RolloutPolicy::Random,
                ..MctsOptions::with_iterations(1000)
            };
            black_box(search(&opening, &options))
        })
    });
    group.finish();
}

criterion_group!(benches, sorcery);
criterion_main!(benches);
