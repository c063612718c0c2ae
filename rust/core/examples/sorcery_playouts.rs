//! Studies in Sorcery's hot loop: uniformly random games per second on one core, the batch
//! call behind Python's `sorcery.random_playouts`, CPU time next to wall time (the machine may
//! be shared), best of `runs`:
//! `cargo run --release -p craftgames-core --example sorcery_playouts [games] [players] [runs]`
//! (defaults 2000, 4, 3).

use craftgames_core::sorcery::{random_games, SorceryConfig};
use std::time::Instant;

#[path = "common/args.rs"]
mod args;
#[path = "common/cpu_time.rs"]
mod cpu_time;
use args::arg_or;
use cpu_time::thread_cpu_seconds;

fn main() {
    let games: usize = arg_or(1, 2000, "games");
    let players: usize = arg_or(2, 4, "players");
    let runs: u64 = arg_or(3, 3, "runs");
    let config =
        SorceryConfig::from_options(players, &serde_json::Map::new()).expect("valid config");
    let (mut best_cpu, mut best_wall) = (0.0f64, 0.0f64);
    let mut checksum = 0i64;
    for run in 0..runs {
        let (cpu0, wall0) = (thread_cpu_seconds(), Instant::now());
        let scores = random_games(config, games, run * games as u64);
        let cpu = thread_cpu_seconds() - cpu0;
        let wall = wall0.elapsed().as_secs_f64();
        checksum += scores.iter().map(|&s| i64::from(s)).sum::<i64>();
        let (g_cpu, g_wall) = (games as f64 / cpu, games as f64 / wall);
        println!("run {run}: {g_cpu:.0} games/s CPU, {g_wall:.0} games/s wall");
        best_cpu = best_cpu.max(g_cpu);
        best_wall = best_wall.max(g_wall);
    }
    println!(
        "{players}p, {games} games: best {best_cpu:.0} games/s CPU, {best_wall:.0} games/s wall \
         (score checksum {checksum})"
    );
}
