//! Uniformly random play per player count: steps per game, legal actions per step, and games
//! per second in CPU time next to wall time (best of 3 runs; the machine may be shared):
//! `cargo run --release -p craftgames-core --example playout_stats [sunrise|sorcery|nijar]
//! [games]` (default: sunrise, 2000 games). The games are those of `random_playouts` (game `i`
//! from seed `i`, its playout generator from that seed); the printed score checksum (the sum
//! of every seat's final score over the games) is what a speed change must leave as it was.

use craftgames_core::engine::{ActionList, GameState};
use craftgames_core::nijar::{NijarConfig, NijarState};
use craftgames_core::search::playout::{play_random_to_end, playout_rng};
use craftgames_core::sorcery::{SorceryConfig, SorceryState};
use craftgames_core::sunrise::SunriseState;
use std::time::Instant;

#[path = "common/args.rs"]
mod args;
#[path = "common/cpu_time.rs"]
mod cpu_time;
use args::arg_or;
use cpu_time::thread_cpu_seconds;

/// Steps and legal actions summed over `games` random games dealt by `deal`.
fn counts<G: GameState>(games: u64, deal: &impl Fn(u64) -> G) -> (usize, usize) {
    let (mut steps, mut legal) = (0, 0);
    let mut actions = ActionList::new();
    for g in 0..games {
        let mut s = deal(g);
        let mut rng = playout_rng(g);
        while !s.is_terminal() {
            s.legal_actions_into(&mut actions);
            legal += actions.len();
            s.apply_unchecked(actions[rng.below(actions.len())]);
            steps += 1;
        }
    }
    (steps, legal)
}

/// Best games per second (CPU, wall) of 3 timed runs of `games` games, as `random_playouts`
/// plays them, and the games' score checksum.
fn games_per_second<G: GameState>(games: u64, deal: &impl Fn(u64) -> G) -> (f64, f64, i64) {
    let (mut best_cpu, mut best_wall) = (0.0f64, 0.0f64);
    let mut last_checksum = 0;
    for _ in 0..3 {
        let (cpu0, wall0) = (thread_cpu_seconds(), Instant::now());
        let mut checksum = 0i64;
        for g in 0..games {
            let mut s = deal(g);
            play_random_to_end(&mut s, &mut playout_rng(g));
            checksum += s.scores().iter().map(|&x| i64::from(x)).sum::<i64>();
        }
        last_checksum = std::hint::black_box(checksum);
        best_cpu = best_cpu.max(games as f64 / (thread_cpu_seconds() - cpu0));
        best_wall = best_wall.max(games as f64 / wall0.elapsed().as_secs_f64());
    }
    (best_cpu, best_wall, last_checksum)
}

fn report<G: GameState>(players: usize, games: u64, deal: impl Fn(u64) -> G) {
    let (steps, legal) = counts(games, &deal);
    let (cpu, wall, checksum) = games_per_second(games, &deal);
    println!(
        "{players}p: {:.1} steps/game, {:.1} legal/step, {cpu:.0} games/s CPU ({wall:.0} wall), \
         {:.0} ns/step CPU, score checksum {checksum}",
        steps as f64 / games as f64,
        legal as f64 / steps as f64,
        1e9 * games as f64 / (cpu * steps as f64),
    );
}

fn main() {
    let game = std::env::args().nth(1).unwrap_or_else(|| "sunrise".into());
    let games: u64 = arg_or(2, 2000, "a game count");
    for players in 2..=4 {
        match game.as_str() {
            "sunrise" => report(players, games, |g| {
                SunriseState::new_game(players, g, None).expect("a valid player count")
            }),
            "sorcery" => {
                // Read once, outside the timed games (as `random_playouts` does).
                let config = SorceryConfig::from_options(players, &serde_json::Map::new())
                    .expect("a valid player count");
                report(players, games, |g| {
                    SorceryState::new_game(config, g, None).expect("a valid player count")
                })
            }
            "nijar" => report(players, games, |g| {
                NijarState::new_game(players, g, None, NijarConfig::default())
                    .expect("a valid player count")
            }),
            other => panic!("unknown game {other:?}: sunrise, sorcery or nijar"),
        }
    }
}
