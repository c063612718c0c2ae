//! Golden playthroughs of Studies in Sorcery, as OpenSpiel's playthrough files: for 1 (the
//! medium robot), 2 and 4 players one seeded game written out as text — every action in
//! words with the public events it resolves, the number of choices at each decision, and the
//! final score explanations. Regenerate only on purpose:
//!
//! ```text
//! CRAFTGAMES_UPDATE_GOLDEN=1 cargo test -p craftgames-core --test sorcery_golden
//! ```

use std::fmt::Write;
use std::path::PathBuf;

use craftgames_core::engine::{GameState, Rng};
use craftgames_core::sorcery::{SorceryConfig, SorceryState};

fn playthrough(players: usize, seed: u64, options: serde_json::Value) -> String {
    let cfg = SorceryConfig::from_options(players, options.as_object().unwrap()).unwrap();
    let mut state = SorceryState::new_game(cfg, seed, None).unwrap();
    let mut rng = Rng::seed_from(seed);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "game: sorcery\nplayers: {players}\nseed: {seed}\noptions: {options}\npolicy: uniform random, engine Rng seeded with {seed}\n"
    );
    let mut step = 0;
    while let Some(seat) = state.current_player() {
        let legal = state.legal_actions();
        let action = legal[rng.below(legal.len())];
        let events = state.public_events(action, Some(seat));
        let _ = writeln!(
            out,
            "{step:4} seat {seat} ({} choices): [{action}] {}",
            legal.len(),
            state.action_to_string(action)
        );
        for e in events.iter().skip(1) {
            let _ = writeln!(out, "       · {e}");
        }
        state.apply_action(action).unwrap();
        step += 1;
    }
    let _ = writeln!(
        out,
        "\n=== final ===\nscores: {:?}\nranking: {:?}\nsolo margin: {:?}",
        state.scores(),
        state.ranking(),
        state.solo_margin()
    );
    for s in 0..players {
        let b = state.explain_score(s);
        let _ = writeln!(out, "seat {s}: {} credits", b.total);
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
fn sorcery_golden_playthroughs_are_unchanged() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let update = std::env::var_os("CRAFTGAMES_UPDATE_GOLDEN").is_some();
    for (players, options) in [
        (
            1,
            serde_json::json!({"solo": "robot", "difficulty": "medium"}),
        ),
        (2, serde_json::json!({"staffs": true})),
        (4, serde_json::json!({})),
    ] {
        let text = playthrough(players, 2026 + players as u64, options);
        let path = dir.join(format!("sorcery_{players}p.txt"));
        if update {
            std::fs::write(&path, &text).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
            panic!(
                "{} is missing: run with CRAFTGAMES_UPDATE_GOLDEN=1",
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
                "{} differs from line {}:\n  golden: {}\n  now:    {}\nRegenerate with CRAFTGAMES_UPDATE_GOLDEN=1 if intended.",
                path.display(),
                line + 1,
                expected.lines().nth(line).unwrap_or(""),
                text.lines().nth(line).unwrap_or("")
            );
        }
    }
}
