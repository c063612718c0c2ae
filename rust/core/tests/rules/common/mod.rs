//! Helpers shared by the games' integration tests (each module uses
//! part of this, hence the `dead_code` allowance).
#![allow(dead_code)]

use craftgames_core::engine::{Action, ActionList, GameState, Rng};
use craftgames_core::search::bots::{play_game, Bot};
use serde_json::Value;

/// One step of a path into a JSON document.
#[derive(Clone)]
pub enum Step {
    Key(String),
    Index(usize),
}

/// Every number in the document, as a path of keys and indices (skipping the RNG state, the
/// history and the seed, where any value is valid).
pub fn number_paths(v: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match v {
        Value::Number(_) => out.push(path.clone()),
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                path.push(Step::Index(i));
                number_paths(x, path, out);
                path.pop();
            }
        }
        Value::Object(map) => {
            for (k, x) in map {
                if k == "rng" || k == "history" || k == "seed" {
                    continue; // any value is valid there
                }
                path.push(Step::Key(k.clone()));
                number_paths(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// The value at `path`.
pub fn at<'a>(v: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(v, |v, s| match s {
        Step::Key(k) => &mut v[k.as_str()],
        Step::Index(i) => &mut v[*i],
    })
}

/// A copy of `doc` with one number edited, or a +1/-1 pair elsewhere (which keeps counts of
/// conserved tokens balanced, so it reaches deeper into validation).
pub fn mutate_one_or_a_pair(doc: &Value, paths: &[Vec<Step>], rng: &mut Rng) -> Value {
    let mut changed = doc.clone();
    let path = &paths[rng.below(paths.len())];
    let slot = at(&mut changed, path);
    let old = slot.as_i64().unwrap_or(0);
    let (new, paired) = match rng.below(5) {
        0 => (old + 1, false),
        1 => (old - 1, false),
        2 => (rng.below(64) as i64, false),
        3 => (255, false),
        _ => (old + 1, true),
    };
    *slot = Value::from(new);
    if paired {
        let other = at(&mut changed, &paths[rng.below(paths.len())]);
        let value = other.as_i64().unwrap_or(0);
        *other = Value::from(value - 1);
    }
    changed
}

/// Writes `text` to `path` whole or not at all (a temporary file beside it, synced, then
/// renamed over it), so that a test killed while regenerating leaves the old golden file.
pub fn write_atomically(path: &std::path::Path, text: &str) {
    use std::io::Write;
    let tmp = path.with_extension("tmp");
    let mut file = std::fs::File::create(&tmp).unwrap();
    file.write_all(text.as_bytes()).unwrap();
    file.sync_all().unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

/// Compares `text` with the golden file `tests/golden/{name}`, or writes it there when
/// `CRAFTGAMES_UPDATE_GOLDEN` is set (regenerate only on purpose); a difference fails the test
/// naming the first line that differs.
pub fn check_golden(name: &str, text: &str) {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("CRAFTGAMES_UPDATE_GOLDEN").is_some() {
        write_atomically(&path, text);
        return;
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
            "{} differs from the engine's playthrough from line {}:\n  golden: {}\n  now:    {}\n\
             If the change is intended, regenerate with CRAFTGAMES_UPDATE_GOLDEN=1.",
            path.display(),
            line + 1,
            expected.lines().nth(line).unwrap_or(""),
            text.lines().nth(line).unwrap_or("")
        );
    }
}

/// `start` after up to `steps` uniformly random legal moves (fewer if the game ends), drawn
/// from `seed`: a mid-game position to test from.
pub fn after_random_moves<G: GameState>(mut state: G, seed: u64, steps: usize) -> G {
    let mut rng = Rng::seed_from(seed);
    let mut legal = ActionList::new();
    for _ in 0..steps {
        if state.is_terminal() {
            break;
        }
        state.legal_actions_into(&mut legal);
        state.apply_action(legal[rng.below(legal.len())]).unwrap();
    }
    state
}

/// Plays uniformly random legal moves from `state` to the end, reading each move's sentence,
/// and asserts that it never reaches a position without a legal move (the message adds
/// `context(state)`) and ends within `max_steps`; then reads every view of the final state
/// from seat 0. For states read from fuzzed documents: an accepted document must play.
pub fn play_out_randomly<G: GameState>(
    state: &mut G,
    rng: &mut Rng,
    max_steps: usize,
    context: impl Fn(&G) -> String,
) {
    let mut legal = ActionList::new();
    let mut steps = 0;
    while !state.is_terminal() {
        state.legal_actions_into(&mut legal);
        assert!(
            !legal.is_empty(),
            "an accepted document reached a dead end{}",
            context(state)
        );
        let action = legal[rng.below(legal.len())];
        let _ = state.action_to_string(action);
        state.apply_action(action).unwrap();
        steps += 1;
        assert!(steps < max_steps);
    }
    let _ = (
        state.scores(),
        state.ranking(),
        state.observation_json(0),
        state.information_state_string(0),
    );
}

/// What one game showed of the declared bounds: its length and its lowest and highest score.
#[derive(Clone, Copy, Debug)]
pub struct Seen {
    pub length: usize,
    pub low: i32,
    pub high: i32,
}

impl Seen {
    /// Nothing seen yet.
    pub const NONE: Seen = Seen {
        length: 0,
        low: i32::MAX,
        high: i32::MIN,
    };

    /// The longest length and the widest score range of the two.
    pub fn merge(self, other: Seen) -> Seen {
        Seen {
            length: self.length.max(other.length),
            low: self.low.min(other.low),
            high: self.high.max(other.high),
        }
    }
}

/// Plays `start` to the end with `bots[seat]` choosing for each seat and checks the declared
/// bounds: the final state declares the same `max_game_length` and `score_bounds` as the
/// first (they are fixed per game), the history is no longer than the length bound, and
/// every seat's final score lies within the score bounds. Returns what the game showed.
pub fn play_within_bounds<G: GameState>(
    start: &G,
    bots: &mut [Box<dyn Bot<G>>],
    what: &str,
) -> Seen {
    let (length, (low, high)) = (start.max_game_length(), start.score_bounds());
    assert!(low <= high, "{what}: score bounds {low}..{high} are empty");
    let end = play_game(start, bots);
    assert!(end.is_terminal());
    assert_eq!(
        end.max_game_length(),
        length,
        "{what}: the length bound changed in play"
    );
    assert_eq!(
        end.score_bounds(),
        (low, high),
        "{what}: the score bounds changed in play"
    );
    let played = end.history().len();
    assert!(
        played <= length,
        "{what}: {played} actions, over the bound {length}"
    );
    let scores = end.scores();
    for (seat, &score) in scores.iter().enumerate() {
        assert!(
            (low..=high).contains(&score),
            "{what}: seat {seat} scored {score}, outside {low}..={high}"
        );
    }
    Seen {
        length: played,
        low: scores.iter().copied().min().unwrap_or(0),
        high: scores.iter().copied().max().unwrap_or(0),
    }
}

pub mod choices;
pub mod diff;
pub mod hidden;

/// Half the time the lowest (or highest) legal action id, otherwise a random one: pushes the
/// games to extremes random play rarely reaches (the lowest ids include, e.g., Sorcery's
/// solo market clears before stopping them, and Níjar's placements before any stop).
pub struct Extreme {
    pub lowest: bool,
    pub rng: Rng,
}

impl<G: GameState> Bot<G> for Extreme {
    fn step(&mut self, state: &G) -> Action {
        let legal = state.legal_actions();
        if self.rng.below(2) == 0 {
            legal[self.rng.below(legal.len())]
        } else if self.lowest {
            legal[0]
        } else {
            legal[legal.len() - 1]
        }
    }
}

/// Every Níjar setup the whole-game tests cover: each player count, the solo difficulties,
/// both layouts; with its name for failure messages.
pub fn nijar_setups() -> Vec<(usize, craftgames_core::nijar::NijarConfig, String)> {
    let mut setups = Vec::new();
    for players in 1..=4 {
        let difficulties: &[u8] = if players == 1 { &[0, 1, 2] } else { &[0] };
        for &difficulty in difficulties {
            for first_game_layout in [false, true] {
                let config = craftgames_core::nijar::NijarConfig {
                    first_game_layout,
                    difficulty,
                };
                let what =
                    format!("nijar {players}p difficulty {difficulty} layout {first_game_layout}");
                setups.push((players, config, what));
            }
        }
    }
    setups
}
