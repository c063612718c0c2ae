//! Golden playthroughs, as OpenSpiel's integration_tests/playthroughs: for 2, 3 and 4
//! players one seeded game written out as text — every action in words with what the table
//! sees happen with it (the event log), what seat 0 sees at each of its decisions, and the
//! final score explanations. Any change of behaviour shows up
//! as a diff in review. Regenerate only on purpose:
//!
//! ```text
//! CRAFTGAMES_UPDATE_GOLDEN=1 cargo test -p craftgames-core --test rules golden::
//! ```

use std::fmt::Write;

use craftgames_core::engine::{GameState, Rng};
use craftgames_core::sunrise::SunriseState;

use crate::common::check_golden;

fn playthrough(players: usize, seed: u64) -> String {
    let mut state = SunriseState::new_game(players, seed, None).unwrap();
    let mut rng = Rng::seed_from(seed);
    let mut out = String::new();
    let _ = writeln!(out, "game: sunrise\nplayers: {players}\nseed: {seed}\npolicy: uniform random, engine Rng seeded with {seed}\n");
    let mut step = 0;
    while let Some(seat) = state.current_player() {
        let legal = state.legal_actions();
        if seat == 0 {
            let _ = writeln!(out, "--- seat 0 observes ---\n{}", state.render_text(0));
            let _ = writeln!(out, "legal: {legal:?}");
        }
        let action = legal[rng.below(legal.len())];
        let _ = writeln!(
            out,
            "{step:4} seat {seat}: [{action}] {}",
            state.action_to_string(action)
        );
        // What the table sees happen with it (the spectator's event log).
        for event in state.public_events(action, None).iter().skip(1) {
            let _ = writeln!(out, "       > {event}");
        }
        state.apply_action(action).unwrap();
        step += 1;
    }
    let _ = writeln!(out, "\n=== final ===\n{}", state.render_text(0));
    let _ = writeln!(
        out,
        "scores: {:?}\nranking: {:?}",
        state.scores(),
        state.ranking()
    );
    for s in 0..players {
        let b = state.explain_score(s);
        let _ = writeln!(out, "seat {s}: {} points", b.total);
        for line in &b.lines {
            let _ = writeln!(
                out,
                "  {:<28} {:>4}  {}",
                line.category, line.points, line.detail
            );
        }
    }
    out
}

#[test]
fn golden_playthroughs_are_unchanged() {
    for players in 2..=4 {
        let text = playthrough(players, 2026 + players as u64);
        check_golden(&format!("sunrise_{players}p.txt"), &text);
    }
}
