//! Random 4-player Sunrise games per second (the `random_playouts` loop), CPU time next to
//! wall: `cargo run --release -p craftgames-core --example sunrise_playouts [games] [players]`.

use craftgames_core::sunrise::random_games;
use std::time::Instant;

#[path = "common/args.rs"]
mod args;
use args::arg_or;

/// This thread's CPU time in seconds, from /proc (Linux); `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn main() {
    let games: usize = arg_or(1, 20_000, "games");
    let players: usize = arg_or(2, 4, "players");
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let scores = random_games(players, games, 0);
    let wall = wall.elapsed().as_secs_f64();
    let checksum: i64 = scores.iter().map(|&s| i64::from(s)).sum();
    let cpu = cpu.zip(cpu_seconds()).map(|(a, b)| b - a);
    print!(
        "{players}p, {games} games: wall {:.0} games/s",
        games as f64 / wall
    );
    if let Some(cpu) = cpu {
        print!(", CPU {:.0} games/s", games as f64 / cpu);
    }
    println!(" (score checksum {checksum})");
}
