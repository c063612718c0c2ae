//! Another seat's pending simultaneous choice changed to another legal one, for the
//! hidden-information harness: the game is replayed from that seat's move with a different
//! move there.

use craftgames_core::engine::{Action, Rng, Seat};

use super::hidden::{HiddenGame, Swap};

/// Another seat's pending hidden choice changed to another legal one: the game is replayed
/// from that seat's move with a different move there (and, if it must go on choosing,
/// random further moves), then the other seats' recorded moves.
pub fn choice_swaps<G: HiddenGame>(
    trail: &[G],
    i: usize,
    viewer: Seat,
    rng: &mut Rng,
) -> Vec<Swap> {
    let state = &trail[i];
    let Some(place) = state.hidden_choice() else {
        return Vec::new();
    };
    let history = state.history();
    if history.len() < i || i == 0 {
        return Vec::new();
    }
    let offset = history.len() - i; // history index of trail step j is offset + j
    let mut start = i;
    while start > 0 && trail[start - 1].hidden_choice() == Some(place) {
        start -= 1;
    }
    let mut seats: Vec<Seat> = (start..i)
        .filter_map(|j| trail[j].current_player())
        .filter(|&q| q != viewer)
        .collect();
    seats.sort_unstable();
    seats.dedup();
    let mut out = Vec::new();
    for q in seats {
        // q's moves in the span, after its last public one.
        let mut moves: Vec<usize> = Vec::new();
        for j in start..i {
            if trail[j].current_player() == Some(q) {
                if trail[j].public_move(history[offset + j]) {
                    moves.clear();
                } else {
                    moves.push(j);
                }
            }
        }
        if moves.is_empty() {
            continue;
        }
        let j = moves[rng.below(moves.len())];
        let original = history[offset + j];
        let options: Vec<Action> = trail[j]
            .legal_actions()
            .into_iter()
            .filter(|&a| a != original && !trail[j].public_move(a))
            .collect();
        if options.is_empty() {
            continue;
        }
        let mut alt = trail[j].clone();
        let chosen = options[rng.below(options.len())];
        let told = format!(
            "{:?} instead of {:?}",
            trail[j].action_to_string(chosen),
            trail[j].action_to_string(original)
        );
        alt.apply_unchecked(chosen);
        if let Some(alt) = replay_rest(alt, trail, j + 1, i, q, offset, rng) {
            if alt.current_player() == state.current_player() && alt.hidden_choice() == Some(place)
            {
                out.push(Swap {
                    place,
                    what: format!("choice: seat {q}'s move after {j} moves: {told}"),
                    doc: alt.to_json(),
                });
            }
        }
    }
    out
}

/// Replays the recorded moves of steps `from..to` on `alt`, where seat `q` chose otherwise:
/// q's own recorded moves are kept while they stay legal, q goes on choosing at random while
/// it must, and every other seat's recorded move must stay legal.
fn replay_rest<G: HiddenGame>(
    mut alt: G,
    trail: &[G],
    from: usize,
    to: usize,
    q: Seat,
    offset: usize,
    rng: &mut Rng,
) -> Option<G> {
    let history = trail[to].history();
    let mut q_diverged = false;
    let finish_q = |alt: &mut G, rng: &mut Rng| -> Option<()> {
        for _ in 0..64 {
            if alt.current_player() != Some(q) {
                return Some(());
            }
            let legal: Vec<Action> = alt
                .legal_actions()
                .into_iter()
                .filter(|&a| !alt.public_move(a))
                .collect();
            if legal.is_empty() {
                return None;
            }
            alt.apply_unchecked(legal[rng.below(legal.len())]);
        }
        None
    };
    for j in from..to {
        let a = history[offset + j];
        if trail[j].current_player() == Some(q) {
            if !q_diverged && alt.current_player() == Some(q) && alt.is_legal(a) {
                alt.apply_unchecked(a);
            } else {
                q_diverged = true;
            }
        } else {
            finish_q(&mut alt, rng)?;
            if !alt.is_legal(a) {
                return None;
            }
            alt.apply_unchecked(a);
        }
    }
    if trail[to].current_player() != Some(q) {
        finish_q(&mut alt, rng)?;
    }
    Some(alt)
}
