//! The greedy choice's fast path (candidates tried on a reused scratch state with
//! `clone_position_from`, no history copied; scores and heuristics computed the fast way)
//! plays exactly the games of the plain definition computed here the slow way: for each
//! candidate a fresh clone of the determinization, the move applied, and the actor's
//! advantage read from every seat's value, ties broken by the same reservoir draws. The
//! values are computed in this file from their definitions where the public interface allows
//! it (Sunrise: the line-by-line `explain_score`; Níjar: the heuristic's terms from the
//! table), else by `heuristic_values` (Sorcery). Same seeds → same moves and same final
//! scores, over 300 games per game; and the games are pinned by a fingerprint of every move
//! played, recorded before the fast paths were written, so a speed change that alters play
//! fails here.

use std::hash::{Hash, Hasher};

use craftgames_core::engine::{Action, GameState, PerSeat, Rng};
use craftgames_core::nijar::{NijarConfig, NijarState};
use craftgames_core::search::reward::advantage;
use craftgames_core::search::{Bot, GreedyBot};
use craftgames_core::sorcery::{SorceryConfig, SorceryState};
use craftgames_core::sunrise::SunriseState;

/// One greedy decision by the definition (what `GreedyBot::step` documents), drawing from
/// `rng` exactly as the bot does: a determinization seed, then one draw per tie.
fn reference_step<G: GameState>(
    state: &G,
    values: fn(&G) -> PerSeat<f64>,
    rng: &mut Rng,
) -> Action {
    let seat = state.current_player().expect("the game is on");
    let legal = state.legal_actions();
    if legal.len() == 1 {
        return legal[0];
    }
    let det = state.resample_hidden(seat, rng.next_u64());
    let mut best = legal[0];
    let mut best_value = f64::NEG_INFINITY;
    let mut ties = 0usize;
    for &action in &legal {
        let mut next = det.clone();
        next.apply_unchecked(action);
        let value = advantage(&values(&next), seat);
        if value > best_value {
            (best, best_value, ties) = (action, value, 1);
        } else if value == best_value {
            ties += 1;
            if rng.below(ties) == 0 {
                best = action;
            }
        }
    }
    best
}

/// Plays `start` to the end twice — greedy bots seeded `seed + seat`, and the reference with
/// the same seeds and `values` — asserts both play the same moves to the same scores, and
/// hashes the moves into `fingerprint`.
fn assert_same_game<G: GameState>(
    name: &str,
    start: &G,
    seed: u64,
    values: fn(&G) -> PerSeat<f64>,
    fingerprint: &mut impl Hasher,
) {
    let n = start.num_players();
    let mut bots: Vec<GreedyBot<G>> = (0..n).map(|s| GreedyBot::new(seed + s as u64)).collect();
    let mut rngs: Vec<Rng> = (0..n).map(|s| Rng::seed_from(seed + s as u64)).collect();
    let (mut fast, mut slow) = (start.clone(), start.clone());
    while let Some(seat) = fast.current_player() {
        let a = bots[seat].step(&fast);
        let b = reference_step(&slow, values, &mut rngs[seat]);
        assert_eq!(
            a,
            b,
            "{name}, seed {seed}: move {} differs",
            fast.history().len()
        );
        fast.apply_unchecked(a);
        slow.apply_unchecked(b);
    }
    assert!(slow.is_terminal());
    assert_eq!(fast.scores(), slow.scores(), "{name}, seed {seed}");
    fast.history().hash(fingerprint);
}

/// The game's own heuristic (Sorcery's reads internals a test cannot reach).
fn own_heuristic<G: GameState>(state: &G) -> PerSeat<f64> {
    state.heuristic_values()
}

/// Sunrise's heuristic is its running score; here each seat's is added up line by line.
fn sunrise_explained(state: &SunriseState) -> PerSeat<f64> {
    (0..state.num_players())
        .map(|s| f64::from(state.explain_score(s).total))
        .collect()
}

/// Níjar's heuristic (`NijarState::heuristic`) term by term: before the end, the immediate
/// VP, 2 a piece in a glaze kiln and 1 in a firing kiln, 0.5 a piece drying or in a
/// glazing workshop, a fifth of a point a resource, less the cracks; at the end, the score.
fn nijar_terms(state: &NijarState) -> PerSeat<f64> {
    let t = state.table();
    if state.is_terminal() {
        return state.scores().iter().map(|&x| f64::from(x)).collect();
    }
    (0..state.num_players())
        .map(|s| {
            let p = &t.players[s];
            let mut kiln = 0u32;
            for k in p.glaze_kilns.iter() {
                if k.piece != 0 {
                    kiln += 2;
                }
            }
            for k in p.firing_kilns.iter() {
                if k.piece != 0 {
                    kiln += 1;
                }
            }
            let mut coming = 0u32;
            for &d in &p.drying {
                coming += u32::from(d);
            }
            for w in p.workshops.iter() {
                if w.piece != 0 {
                    coming += 1;
                }
            }
            let vp: i32 = p.vp.iter().sum();
            let res = f64::from(p.pg) + f64::from(p.glaze) + f64::from(p.clay);
            f64::from(vp) + f64::from(kiln) + 0.5 * f64::from(coming) + res / 5.0
                - f64::from(p.cracks)
        })
        .collect()
}

/// Checks `fingerprint` against the one recorded for `name` before the fast paths.
fn assert_fingerprint(name: &str, fingerprint: impl Hasher, recorded: u64) {
    let got = fingerprint.finish();
    println!("{name}: fingerprint {got:#018x}");
    assert_eq!(got, recorded, "{name}: the greedy games changed");
}

/// Games per game and player count (2 and 4): 300 games per game.
const GAMES: u64 = 150;

/// FNV-1a: a hash whose output is fixed across runs and compiler versions.
struct Fnv(u64);

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

fn hasher() -> Fnv {
    Fnv(0xcbf2_9ce4_8422_2325)
}

/// Fingerprints of the greedy games of the tests below, recorded with the engine before the
/// fast scores and heuristics (commit 0d3623b); Sorcery's and Níjar's again when their
/// multi-part choices came to be offered in any order (Sorcery's commits, buys and stock
/// takes; Níjar's acquired cards and cleanup cracks: more legal moves, other games), with
/// every greedy choice still checked against the slow values above; Sorcery's once more when
/// its estimate came to count a price owed as the cheapest materials that can pay it (change
/// is lost: greedy no longer pays $3 for $2).
const SUNRISE_GAMES: u64 = 0x8a7d_4338_b57d_45eb;
const SORCERY_GAMES: u64 = 0xdd36_b794_8d3c_cb14;
const NIJAR_GAMES: u64 = 0xebf2_ed4d_95f5_e037;

#[test]
fn sunrise_greedy_plays_the_reference_games() {
    let mut h = hasher();
    for players in [2, 4] {
        for seed in 0..GAMES {
            let start = SunriseState::new_game(players, seed, None).unwrap();
            let name = format!("sunrise {players}p");
            assert_same_game(&name, &start, seed, sunrise_explained, &mut h);
        }
    }
    assert_fingerprint("sunrise", h, SUNRISE_GAMES);
}

#[test]
fn sorcery_greedy_plays_the_reference_games() {
    let mut h = hasher();
    for players in [2, 4] {
        let config = SorceryConfig::from_options(players, &serde_json::Map::new()).unwrap();
        for seed in 0..GAMES {
            let start = SorceryState::new_game(config, seed, None).unwrap();
            let name = format!("sorcery {players}p");
            assert_same_game(&name, &start, seed, own_heuristic, &mut h);
        }
    }
    assert_fingerprint("sorcery", h, SORCERY_GAMES);
}

#[test]
fn nijar_greedy_plays_the_reference_games() {
    let mut h = hasher();
    for players in [2, 4] {
        for seed in 0..GAMES {
            let start = NijarState::new_game(players, seed, None, NijarConfig::default()).unwrap();
            let name = format!("nijar {players}p");
            assert_same_game(&name, &start, seed, nijar_terms, &mut h);
        }
    }
    assert_fingerprint("nijar", h, NIJAR_GAMES);
}
