//! Golden playthroughs of Níjar for 1 (solo, Normal), 2 and 4 players: one seeded game each, written out as
//! text — every action in words, seat 0's legal actions at each of its decisions, and the final
//! score explanations. Any change of behaviour shows up as a diff. Regenerate only on purpose:
//!
//! ```text
//! CRAFTGAMES_UPDATE_GOLDEN=1 cargo test -p craftgames-core --test rules nijar_golden::
//! ```

use std::fmt::Write;

use craftgames_core::engine::{GameState, Rng};
use craftgames_core::nijar::{NijarConfig, NijarState};

use crate::common::check_golden;

fn playthrough(players: usize, seed: u64) -> String {
    let config = NijarConfig::default();
    let mut state = NijarState::new_game(players, seed, None, config).unwrap();
    let mut rng = Rng::seed_from(seed);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "game: nijar\nplayers: {players}\nseed: {seed}\npolicy: uniform random, engine Rng seeded with {seed}\n"
    );
    let mut step = 0;
    while let Some(seat) = state.current_player() {
        let legal = state.legal_actions();
        if seat == 0 {
            let _ = writeln!(out, "legal: {legal:?}");
        }
        let action = legal[rng.below(legal.len())];
        let _ = writeln!(
            out,
            "{step:4} seat {seat}: [{action}] {}",
            state.action_to_string(action)
        );
        state.apply_action(action).unwrap();
        step += 1;
    }
    let _ = writeln!(
        out,
        "\nscores: {:?}\nranking: {:?}",
        state.scores(),
        state.ranking()
    );
    for s in 0..players {
        let b = state.explain_score(s);
        let _ = writeln!(out, "seat {s}: {} points", b.total);
        for line in &b.lines {
            let _ = writeln!(
                out,
                "  {:<30} {:>4}  {}",
                line.category, line.points, line.detail
            );
        }
    }
    out
}

#[test]
fn golden_playthroughs_are_unchanged() {
    for players in [1, 2, 4] {
        let text = playthrough(players, 2026 + players as u64);
        check_golden(&format!("nijar_{players}p.txt"), &text);
    }
}
