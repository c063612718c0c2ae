//! Steps per game, legal actions per step and time per game of uniformly random play, per
//! player count: `cargo run --release -p craftgames-core --example playout_stats [games]`.

use craftgames_core::engine::{ActionList, GameState, Rng};
use craftgames_core::sunrise::SunriseState;
use std::time::Instant;
fn main() {
    for players in 2..=4 {
        let mut steps = 0usize;
        let mut legal_total = 0usize;
        let t = Instant::now();
        let games: u64 = std::env::args().nth(1).map_or(2000, |a| a.parse().unwrap());
        for g in 0..games {
            let mut s = SunriseState::new_game(players, g, None).unwrap();
            let mut rng = Rng::seed_from(g + 99);
            let mut actions = ActionList::new();
            while !s.is_terminal() {
                s.legal_actions_into(&mut actions);
                legal_total += actions.len();
                let a = actions[rng.below(actions.len())];
                s.apply_unchecked(a);
                steps += 1;
            }
        }
        let el = t.elapsed();
        println!(
            "{players}p: {:.1} steps/game, {:.1} legal/step, {:?}/game, {:?}/step",
            steps as f64 / games as f64,
            legal_total as f64 / steps as f64,
            el / games as u32,
            el / steps as u32
        );
    }
}
