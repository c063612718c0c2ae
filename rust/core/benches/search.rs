//! IS-MCTS speed: iterations per second from the opening, reported by criterion as
//! "elements/s" (one element = one iteration), with random rollouts (and once with the
//! default greedy rollouts, to show their price). Sunrise at the Studio
//! (2 and 4 players) is what the speed target is about; the toy game, High Bid, has
//! short games, so it shows the cost of the search machinery itself.
//!
//! `cargo bench -p craftgames-core --bench search`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

use craftgames_core::engine::GameState;
use craftgames_core::search::toy::HighBid;
use craftgames_core::search::{search, MctsOptions, NodeKey, RolloutPolicy};
use craftgames_core::sunrise::SunriseState;

/// Iterations per measured search: enough that setting up the tree is noise.
const ITERATIONS: u64 = 2_000;

fn bench_game<G: GameState>(c: &mut Criterion, name: &str, start: &G) {
    let mut group = c.benchmark_group(format!("mcts/{name}"));
    group.throughput(Throughput::Elements(ITERATIONS));
    group.sample_size(20);
    let random = RolloutPolicy::Random;
    for (label, node_key, threads, rollout) in [
        ("history/1", NodeKey::ActionHistory, 1, random),
        ("history/2", NodeKey::ActionHistory, 2, random),
        ("infoset/1", NodeKey::InformationState, 1, random),
        // The default rollout: what a simulation costs with the tournament's winner.
        (
            "greedy/1",
            NodeKey::ActionHistory,
            1,
            RolloutPolicy::default(),
        ),
    ] {
        let options = MctsOptions {
            node_key,
            threads,
            rollout,
            ..MctsOptions::with_iterations(ITERATIONS)
        };
        group.bench_function(BenchmarkId::from_parameter(label), |b| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                let o = MctsOptions {
                    seed,
                    ..options.clone()
                };
                black_box(search(black_box(start), &o).unwrap().action)
            });
        });
    }
    group.finish();
}

fn searches(c: &mut Criterion) {
    for players in [2, 4] {
        let start = SunriseState::new_game(players, 1, None).unwrap();
        bench_game(c, &format!("sunrise_{players}p"), &start);
    }
    for players in [2, 4] {
        let start = HighBid::new(players, 1).unwrap();
        bench_game(c, &format!("high_bid_{players}p"), &start);
    }
}

criterion_group!(benches, searches);
criterion_main!(benches);
