//! Golden playthroughs of Studies in Sorcery, as OpenSpiel's playthrough files: for 1 (the
//! medium robot), 2 and 4 players one seeded game written out as text — every action in
//! words with the public events it resolves, the number of choices at each decision, and the
//! final score explanations. Regenerate only on purpose:
//!
//! ```text
//! CRAFTGAMES_UPDATE_GOLDEN=1 cargo test -p craftgames-core --test rules sorcery_golden::
//! ```

use std::fmt::Write;

use craftgames_core::engine::{GameState, Rng};
use craftgames_core::sorcery::{SorceryConfig, SorceryState};

use crate::common::check_golden;

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
    for (players, options) in [
        (
            1,
            serde_json::json!({"solo": "robot", "difficulty": "medium"}),
        ),
        (2, serde_json::json!({"staffs": true})),
        (4, serde_json::json!({})),
    ] {
        let text = playthrough(players, 2026 + players as u64, options);
        check_golden(&format!("sorcery_{players}p.txt"), &text);
    }
}
