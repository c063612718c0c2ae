//! Golden playthroughs of Níjar for 1 (solo, Normal), 2 and 4 players: one seeded game each, written out as
//! text — every action in words, seat 0's legal actions at each of its decisions, and the final
//! score explanations. Any change of behaviour shows up as a diff. Regenerate only on purpose:
//!
//! ```text
//! CRAFTGAMES_UPDATE_GOLDEN=1 cargo test -p craftgames-core --test nijar_golden
//! ```

use std::fmt::Write;
use std::path::PathBuf;

use craftgames_core::engine::{GameState, Rng};
use craftgames_core::nijar::{NijarConfig, NijarState};

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
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let update = std::env::var_os("CRAFTGAMES_UPDATE_GOLDEN").is_some();
    for players in [1, 2, 4] {
        let text = playthrough(players, 2026 + players as u64);
        let path = dir.join(format!("nijar_{players}p.txt"));
        if update {
            std::fs::write(&path, &text).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
            panic!(
                "{} is missing: run with CRAFTGAMES_UPDATE_GOLDEN=1 to create it",
                path.display()
            )
        });
        if expected != text {
            let line = expected
                .lines()
                .zip(text.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            panic!(
                "{} differs from line {}: expected {:?}, got {:?}",
                path.display(),
                line + 1,
                expected.lines().nth(line),
                text.lines().nth(line)
            );
        }
    }
}
