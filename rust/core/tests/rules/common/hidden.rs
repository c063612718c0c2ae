//! The hidden-information harness (issue 18 point 2), the same for every game and mode.
//!
//! It plays games (random and one-ply searched), and at many positions, for every seat `s`:
//! * **swaps** — builds second states `s` cannot tell from the first, one kind per hidden
//!   place of the game's "who knows what" table (two unseen cards exchanged, a card changed to
//!   another it could have been, the seed and random stream changed; another seat's pending
//!   choice changed to another legal one by replaying the game), and requires every view of
//!   `s` to be equal on both: `observation`, `observation_tensor`, `information_state_string`,
//!   `legal_actions` when `s` acts, and for the moves legal in both their
//!   `public_action_string` (for `s` and for a spectator) and, when the move tells `s`
//!   nothing new, their `public_events`;
//! * **determinizations depend only on what `s` knows** — for such a pair,
//!   `resample_hidden(s, k)` is the same document for the same `k`;
//! * **determinizations are possible worlds** — each loads (validation), keeps every view of
//!   `s` and every public fact (the table's `kept` places), and, played on at random, stays
//!   loadable at every step;
//! * **coverage** — over many `k`, every place a swap changed is redrawn at least once (a
//!   place kept at its true value in every redraw is either known to `s` or a leak);
//! * **no view carries the seed or the random stream** (their decimal words are searched for
//!   in every view, besides the seed swap).
//!
//! Failures are gathered, not stopped at: the test fails at the end listing each kind of
//! failure once (with its count) and its first instance — game, mode, seat, position, which
//! view differed and where.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use craftgames_core::engine::{Action, ActionList, GameState, Rng, Seat};
use craftgames_core::search::bots::{Bot, GreedyBot};
use serde_json::Value;

use super::choices::choice_swaps;
use super::diff::{differing_paths, json_difference, string_difference, tensor_difference};

/// A second state the seat cannot tell from the first.
pub struct Swap {
    /// The place of the table it changes.
    pub place: &'static str,
    /// What was changed, for messages.
    pub what: String,
    /// The second state's document.
    pub doc: String,
}

/// What a game gives the harness.
pub trait HiddenGame: GameState {
    /// The game's name in messages.
    const GAME: &'static str;
    /// The game's observe.rs, whose "who knows what" table names the places.
    const OBSERVE_RS: &'static str;
    /// Document fields that are bookkeeping about cards rather than places (per-card
    /// knowledge is always one): not compared for coverage.
    const BOOKKEEPING: &'static [&'static str] = &[];
    /// Places of the table the harness's play does not reach, each with the reason (printed
    /// with the figures; any other place left unchecked fails the run).
    const UNREACHED: &'static [(&'static str, &'static str)] = &[];

    /// Reads and validates a document.
    fn load(doc: &str) -> Result<Self, String>;

    /// Second states `viewer` cannot tell from this one, built from the document: for each
    /// `swap` place of the table where one is possible now, one or a few.
    fn swaps(&self, viewer: Seat, rng: &mut Rng) -> Vec<Swap>;

    /// The table's place of the simultaneous choice the actor is making here, if its move
    /// stays hidden from the others (until the rulebook reveals it).
    fn hidden_choice(&self) -> Option<&'static str>;

    /// Whether `action`, though made inside a hidden choice, is public at once (an
    /// alternative choice is then made only after it).
    fn public_move(&self, action: Action) -> bool {
        let _ = action;
        false
    }

    /// A short note on where the game stands (phase, stage), for messages.
    fn stage_note(&self) -> String {
        String::new()
    }

    /// The public facts a determinization must keep (the table's `kept` places).
    fn public_facts(&self) -> Vec<(&'static str, Value)> {
        Vec::new()
    }
}

/// How much to check per mode.
#[derive(Clone, Copy)]
pub struct Budget {
    /// Games of uniformly random play.
    pub random_games: usize,
    /// Games of one-ply greedy play (it searches determinizations).
    pub greedy_games: usize,
    /// Positions checked per game.
    pub positions_per_game: usize,
    /// Redraws per seat and position for coverage (every second position).
    pub redraws: usize,
    /// Determinizations played on per seat and position.
    pub played_on: usize,
    /// Moves each is played on.
    pub play_on_moves: usize,
    /// Moves legal in both states whose sentences and events are compared.
    pub moves_compared: usize,
}

impl Budget {
    /// The default budget.
    pub const DEFAULT: Budget = Budget {
        random_games: 3,
        greedy_games: 1,
        positions_per_game: 40,
        redraws: 12,
        played_on: 1,
        play_on_moves: 12,
        moves_compared: 2,
    };
}

/// A row of the game's table: the place and the harness column.
struct Row {
    place: String,
    harness: String,
}

fn table_rows(observe_rs: &str) -> Vec<Row> {
    observe_rs
        .lines()
        .filter_map(|l| l.strip_prefix("//! | `"))
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let place = cells.first()?.trim_end_matches('`').to_string();
            let harness = cells.iter().rev().find(|c| !c.is_empty())?.to_string();
            Some(Row { place, harness })
        })
        .collect()
}

/// Counts per place.
#[derive(Default)]
struct PlaceStats {
    tried: usize,
    rejected: usize,
    checked: usize,
    targets: usize,
    redrawn: usize,
    first_refusal: Option<String>,
}

/// Figures and failures of a run.
#[derive(Default)]
struct Run {
    positions: usize,
    seat_views: usize,
    determinizations: usize,
    played_moves: usize,
    redraws: usize,
    places: BTreeMap<&'static str, PlaceStats>,
    failures: BTreeMap<String, (usize, String)>,
}

impl Run {
    fn fail(&mut self, class: String, message: String) {
        let entry = self.failures.entry(class).or_insert((0, message));
        entry.0 += 1;
    }
}

/// Where a check is made, for messages.
struct Ctx<'a> {
    mode: &'a str,
    game: String,
    position: usize,
    over: bool,
    note: String,
    seat: Seat,
}

impl Ctx<'_> {
    fn at(&self) -> String {
        format!(
            "mode {}, {} after {} moves{}{}, seat {}",
            self.mode,
            self.game,
            self.position,
            if self.over { " (game over)" } else { "" },
            if self.note.is_empty() {
                String::new()
            } else {
                format!(" [{}]", self.note)
            },
            self.seat
        )
    }
}

/// Everything `viewer` sees of a state, but the sentences of moves.
struct Views {
    observation: Value,
    tensor: Vec<f32>,
    info: String,
    legal: Option<ActionList>,
}

impl Views {
    fn of<G: GameState>(state: &G, viewer: Seat) -> Views {
        let mut tensor = vec![0.0; state.observation_tensor_size()];
        state.observation_tensor(viewer, &mut tensor);
        Views {
            observation: state.observation_json(viewer),
            tensor,
            info: state.information_state_string(viewer),
            legal: (state.current_player() == Some(viewer)).then(|| state.legal_actions()),
        }
    }

    /// The first view that differs, and where.
    fn difference(&self, other: &Views) -> Option<(&'static str, String)> {
        if let Some(d) = string_difference(&self.info, &other.info) {
            return Some(("information_state_string", d));
        }
        if let Some(d) = json_difference(&self.observation, &other.observation) {
            return Some(("observation", d));
        }
        if let Some(d) = tensor_difference(&self.tensor, &other.tensor) {
            return Some(("observation_tensor", d));
        }
        if self.legal != other.legal {
            return Some((
                "legal_actions",
                format!(
                    "{:?} vs {:?}",
                    self.legal.as_deref(),
                    other.legal.as_deref()
                ),
            ));
        }
        None
    }
}

/// Runs the harness over every mode (a name and a game from a seed) and fails, at the end,
/// with every kind of failure found. Prints the figures per mode.
pub fn run_harness<G: HiddenGame>(modes: &[(&str, &dyn Fn(u64) -> G)], budget: Budget) {
    let rows = table_rows(G::OBSERVE_RS);
    assert!(
        !rows.is_empty(),
        "{}: observe.rs has no \"who knows what\" table",
        G::GAME
    );
    let mut report = String::new();
    let mut all_failures: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut exercised: BTreeMap<String, usize> = BTreeMap::new();
    for (m, (mode, new_game)) in modes.iter().enumerate() {
        let mut run = Run::default();
        for g in 0..budget.random_games + budget.greedy_games {
            // Large seeds, so that a seed's decimal digits in a view cannot be chance.
            let seed = 0x9E37_79B9_7F4A_7C15u64 ^ ((m as u64) << 40) ^ ((g as u64) << 20) ^ 0xBEEF;
            let greedy = g >= budget.random_games;
            let trail = play_trail(new_game(seed), seed, greedy);
            let game = format!(
                "{} game {g} (seed {seed})",
                if greedy { "greedy" } else { "random" }
            );
            let mut rng = Rng::seed_from(seed ^ 0xC4EC);
            for (k, i) in positions(&trail, budget.positions_per_game, &mut rng)
                .into_iter()
                .enumerate()
            {
                run.positions += 1;
                for seat in 0..trail[i].num_players() {
                    let ctx = Ctx {
                        mode,
                        game: game.clone(),
                        position: i,
                        over: trail[i].is_terminal(),
                        note: trail[i].stage_note(),
                        seat,
                    };
                    check_seat(&trail, i, &ctx, budget, k % 2 == 0, &mut run, &mut rng);
                }
            }
        }
        for (place, s) in &run.places {
            *exercised.entry(place.to_string()).or_default() += s.checked;
        }
        let places: Vec<&'static str> = run.places.keys().copied().collect();
        for place in places {
            if !rows.iter().any(|r| r.place == place) {
                run.fail(
                    format!("{mode} | table | {place}"),
                    format!("the harness swapped place `{place}`, which the table does not list"),
                );
            }
        }
        let _ = writeln!(
            report,
            "{} {mode}: {} positions, {} seat views, {} determinizations played on for {} \
             moves, {} redraws",
            G::GAME,
            run.positions,
            run.seat_views,
            run.determinizations,
            run.played_moves,
            run.redraws
        );
        for (place, s) in &run.places {
            let _ = writeln!(
                report,
                "    {place:<22} swaps {:>5} tried, {:>5} refused by the loader, {:>5} \
                 checked; coverage {:>5} of {:>5} changed places redrawn",
                s.tried, s.rejected, s.checked, s.redrawn, s.targets
            );
            if let Some(r) = &s.first_refusal {
                let _ = writeln!(report, "        first refused: {}", super::diff::short(r));
            }
        }
        for (class, v) in run.failures {
            let e = all_failures.entry(class).or_insert((0, v.1));
            e.0 += v.0;
        }
    }
    for row in &rows {
        let checked = exercised.get(row.place.as_str()).copied().unwrap_or(0);
        if let Some((_, why)) = G::UNREACHED.iter().find(|u| u.0 == row.place) {
            let _ = writeln!(report, "not reached: `{}` ({why})", row.place);
            continue;
        }
        if !row.harness.contains("kept") && checked == 0 {
            all_failures.insert(
                format!("all modes | table | {}", row.place),
                (
                    1,
                    format!(
                        "no swap of place `{}` was ever checked in any mode: the table lists a \
                         hidden place the harness does not exercise",
                        row.place
                    ),
                ),
            );
        }
    }
    println!("{report}");
    if !all_failures.is_empty() {
        let mut text = format!(
            "{}: the hidden-information harness found {} kind(s) of failure:\n",
            G::GAME,
            all_failures.len()
        );
        for (class, (count, first)) in &all_failures {
            let _ = writeln!(text, "- [{class}] ×{count}; first: {first}");
        }
        panic!("{text}\nfigures:\n{report}");
    }
}

/// The states of one game, from the start to the end.
fn play_trail<G: HiddenGame>(start: G, seed: u64, greedy: bool) -> Vec<G> {
    let mut trail = vec![start];
    let mut rng = Rng::seed_from(seed ^ 0x7A11);
    let mut bot = GreedyBot::<G>::new(seed);
    loop {
        let state = trail.last().unwrap();
        if state.is_terminal() || trail.len() > 20_000 {
            break;
        }
        let action = if greedy {
            bot.step(state)
        } else {
            let legal = state.legal_actions();
            legal[rng.below(legal.len())]
        };
        let mut next = state.clone();
        next.apply_action(action).unwrap();
        trail.push(next);
    }
    trail
}

/// About `count` positions of a game: spread over it, a third of them inside hidden
/// simultaneous choices (where the choice swaps apply), and the last position.
fn positions<G: HiddenGame>(trail: &[G], count: usize, rng: &mut Rng) -> Vec<usize> {
    let mut picked: Vec<usize> = (0..count * 2 / 3)
        .map(|k| k * trail.len() / (count * 2 / 3).max(1))
        .collect();
    let choosing: Vec<usize> = (1..trail.len())
        .filter(|&i| trail[i].hidden_choice().is_some() && trail[i - 1].hidden_choice().is_some())
        .collect();
    for _ in 0..count / 3 {
        if !choosing.is_empty() {
            picked.push(choosing[rng.below(choosing.len())]);
        }
    }
    // Choices that are rare in a game (a game-end choice) are all taken.
    let mut by_place: BTreeMap<&'static str, Vec<usize>> = BTreeMap::new();
    for &i in &choosing {
        by_place
            .entry(trail[i].hidden_choice().unwrap_or(""))
            .or_default()
            .push(i);
    }
    picked.extend(by_place.values().filter(|v| v.len() <= 4).flatten());
    picked.push(trail.len() - 1);
    picked.sort_unstable();
    picked.dedup();
    picked
}

fn doc_value(doc: &str) -> Value {
    serde_json::from_str(doc).expect("a state document is JSON")
}

/// The document paths a swap changed that are places (not the history, the random
/// stream, the seed or per-card bookkeeping).
fn changed_places<G: HiddenGame>(a: &Value, b: &Value) -> Vec<String> {
    differing_paths(a, b, 64)
        .into_iter()
        .filter(|p| {
            p.split(['.', '[']).all(|seg| {
                !seg.contains("known")
                    && !matches!(seg, "history" | "rng" | "seed")
                    && !G::BOOKKEEPING.contains(&seg)
            })
        })
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn check_seat<G: HiddenGame>(
    trail: &[G],
    i: usize,
    ctx: &Ctx,
    budget: Budget,
    coverage: bool,
    run: &mut Run,
    rng: &mut Rng,
) {
    let state = &trail[i];
    let seat = ctx.seat;
    run.seat_views += 1;
    let views = Views::of(state, seat);
    let doc = state.to_json();
    let value = doc_value(&doc);
    no_seed_in_views::<G>(&value, &views, ctx, run);

    let mut swaps = state.swaps(seat, rng);
    swaps.push(seed_swap(&value, rng));
    swaps.extend(choice_swaps(trail, i, seat, rng));
    let det_seeds = [rng.next_u64()];
    let mut targets: Vec<(&'static str, bool, Vec<String>)> = Vec::new();
    for swap in swaps {
        let stats = run.places.entry(swap.place).or_default();
        stats.tried += 1;
        let other = match G::load(&swap.doc) {
            Ok(o) => o,
            Err(e) => {
                stats.rejected += 1;
                stats
                    .first_refusal
                    .get_or_insert(format!("{} ({}): {e}", swap.what, ctx.at()));
                continue;
            }
        };
        stats.checked += 1;
        let class = |check: &str| format!("{} | {check} | {}", ctx.mode, swap.place);
        let at = format!("{}, swap {} ({})", ctx.at(), swap.place, swap.what);
        if let Some((view, d)) = views.difference(&Views::of(&other, seat)) {
            run.fail(
                class(&format!("view {view}")),
                format!("{at}: {view} differs {d}"),
            );
        }
        compare_moves(state, &other, seat, budget, rng, &at, &class, run);
        for &k in &det_seeds {
            let (a, b) = (
                state.resample_hidden(seat, k).to_json(),
                other.resample_hidden(seat, k).to_json(),
            );
            if a != b {
                let d = json_difference(&doc_value(&a), &doc_value(&b)).unwrap_or_default();
                run.fail(
                    class("resample_hidden depends on what the seat cannot know"),
                    format!("{at}: resample_hidden({seat}, {k}) differs {d}"),
                );
                break;
            }
        }
        let paths = changed_places::<G>(&value, &doc_value(&swap.doc));
        if !paths.is_empty() {
            targets.push((swap.place, swap.place_is_choice(), paths));
        }
    }

    // Determinizations: possible worlds that keep what the seat knows.
    let facts = state.public_facts();
    let redraws = if coverage {
        budget.redraws
    } else {
        budget.played_on
    };
    let mut redrawn: Vec<Value> = Vec::new();
    for r in 0..redraws {
        let k = rng.next_u64();
        let det = state.resample_hidden(seat, k);
        run.redraws += 1;
        let det_doc = det.to_json();
        let at = format!("{}, resample_hidden({seat}, {k})", ctx.at());
        let loaded = match G::load(&det_doc) {
            Ok(d) => d,
            Err(e) => {
                run.fail(
                    format!("{} | determinization refused by the loader", ctx.mode),
                    format!("{at}: {e}"),
                );
                continue;
            }
        };
        if let Some((view, d)) = views.difference(&Views::of(&loaded, seat)) {
            run.fail(
                format!("{} | determinization changes the seat's {view}", ctx.mode),
                format!("{at}: {view} differs {d}"),
            );
        }
        let det_facts = loaded.public_facts();
        for ((place, truth), (_, drawn)) in facts.iter().zip(&det_facts) {
            if truth != drawn {
                run.fail(
                    format!("{} | determinization changes public fact {place}", ctx.mode),
                    format!("{at}: {place} is {truth} in the game but {drawn} in the copy"),
                );
            }
        }
        if r < budget.played_on {
            run.determinizations += 1;
            play_on(loaded, budget.play_on_moves, rng, &at, ctx.mode, run);
        }
        redrawn.push(doc_value(&det_doc));
    }
    if !coverage {
        return;
    }
    // A place kept in every redraw gets more redraws before it fails (a pool of two cards
    // keeps a card in 12 redraws once in 4096).
    let mut extra_drawn = false;
    for (place, any, paths) in targets {
        // A choice may be redrawn by resetting it: its paths' parent objects are compared.
        let paths: Vec<String> = if any {
            let mut parents: Vec<String> = paths
                .iter()
                .map(|p| {
                    p.rsplit_once('.')
                        .map_or(p.clone(), |(parent, _)| parent.into())
                })
                .collect();
            parents.dedup();
            parents
        } else {
            paths
        };
        let kept = |redrawn: &[Value]| -> Vec<String> {
            paths
                .iter()
                .filter(|p| {
                    redrawn
                        .iter()
                        .all(|d| super::diff::value_at(d, p) == super::diff::value_at(&value, p))
                })
                .cloned()
                .collect()
        };
        let covered = |kept: &[String]| {
            if any {
                kept.len() < paths.len()
            } else {
                kept.is_empty()
            }
        };
        let mut left = kept(&redrawn);
        if !covered(&left) && !extra_drawn {
            extra_drawn = true;
            for _ in 0..3 * budget.redraws {
                redrawn.push(doc_value(
                    &state.resample_hidden(seat, rng.next_u64()).to_json(),
                ));
                run.redraws += 1;
            }
            left = kept(&redrawn);
        }
        let stats = run.places.entry(place).or_default();
        stats.targets += 1;
        if covered(&left) {
            stats.redrawn += 1;
        } else {
            run.fail(
                format!("{} | coverage | {place}", ctx.mode),
                format!(
                    "{}: in {} redraws, {} kept its true value although a swap showed the \
                     seat cannot know it",
                    ctx.at(),
                    redrawn.len(),
                    left.join(", ")
                ),
            );
        }
    }
}

impl Swap {
    fn place_is_choice(&self) -> bool {
        self.what.starts_with("choice:")
    }
}

/// Sentences and events of the moves legal in both states.
#[allow(clippy::too_many_arguments)]
fn compare_moves<G: HiddenGame>(
    state: &G,
    other: &G,
    seat: Seat,
    budget: Budget,
    rng: &mut Rng,
    at: &str,
    class: &dyn Fn(&str) -> String,
    run: &mut Run,
) {
    let mine = state.legal_actions();
    let theirs = other.legal_actions();
    let both: Vec<Action> = mine
        .iter()
        .copied()
        .filter(|a| theirs.binary_search(a).is_ok())
        .collect();
    for _ in 0..budget.moves_compared.min(both.len()) {
        let a = both[rng.below(both.len())];
        for viewer in [Some(seat), None] {
            let (x, y) = (
                state.public_action_string(a, viewer),
                other.public_action_string(a, viewer),
            );
            if x != y {
                run.fail(
                    class("view public_action_string"),
                    format!("{at}: public_action_string({a}, {viewer:?}) is {x:?} vs {y:?}"),
                );
            }
        }
        // The events may tell what the move reveals; compared when it reveals nothing new.
        let (mut s1, mut s2) = (state.clone(), other.clone());
        s1.apply_unchecked(a);
        s2.apply_unchecked(a);
        if s1.information_state_string(seat) != s2.information_state_string(seat) {
            continue;
        }
        for viewer in [Some(seat), None] {
            let (x, y) = (
                state.public_events(a, viewer),
                other.public_events(a, viewer),
            );
            if x != y {
                let i = x.iter().zip(&y).position(|(p, q)| p != q).unwrap_or(0);
                run.fail(
                    class("view public_events"),
                    format!(
                        "{at}: public_events({a}, {viewer:?}) event {i}: {:?} vs {:?}",
                        x.get(i),
                        y.get(i)
                    ),
                );
            }
        }
    }
}

/// Plays a determinization on at random; every position must load again.
fn play_on<G: HiddenGame>(
    mut state: G,
    moves: usize,
    rng: &mut Rng,
    at: &str,
    mode: &str,
    run: &mut Run,
) {
    for m in 0..moves {
        if state.is_terminal() {
            return;
        }
        let legal = state.legal_actions();
        if legal.is_empty() {
            run.fail(
                format!("{mode} | determinization played on reaches a dead end"),
                format!("{at}: no legal move after {m} moves"),
            );
            return;
        }
        let a = legal[rng.below(legal.len())];
        let sentence = state.action_to_string(a);
        state.apply_unchecked(a);
        run.played_moves += 1;
        // Validated every third move and at the last one (the loader is the costly part).
        if m % 3 != 2 && m + 1 != moves && !state.is_terminal() {
            continue;
        }
        if let Err(e) = G::load(&state.to_json()) {
            run.fail(
                format!("{mode} | determinization played on becomes invalid"),
                format!(
                    "{at}, played on {} moves (last {a}, {sentence:?}): {e}",
                    m + 1
                ),
            );
            return;
        }
    }
}

/// The seed and the random stream changed.
fn seed_swap(value: &Value, rng: &mut Rng) -> Swap {
    let mut v = value.clone();
    v["table"]["seed"] = Value::from(rng.next_u64());
    if let Some(words) = v["table"]["rng"]["s"].as_array_mut() {
        for w in words.iter_mut() {
            *w = Value::from(rng.next_u64() | 1);
        }
    }
    Swap {
        place: "seed_rng",
        what: "another seed and random stream".into(),
        doc: v.to_string(),
    }
}

/// No view contains the seed or a word of the random stream.
fn no_seed_in_views<G: HiddenGame>(value: &Value, views: &Views, ctx: &Ctx, run: &mut Run) {
    let mut secrets: Vec<String> = vec![value["table"]["seed"].to_string()];
    if let Some(words) = value["table"]["rng"]["s"].as_array() {
        secrets.extend(words.iter().map(Value::to_string));
    }
    let observation = views.observation.to_string();
    for secret in secrets.iter().filter(|s| s.len() >= 12) {
        for (view, text) in [
            ("information_state_string", &views.info),
            ("observation", &observation),
        ] {
            if text.contains(secret.as_str()) {
                run.fail(
                    format!("{} | {view} carries the seed or random stream", ctx.mode),
                    format!("{}: {view} contains {secret}", ctx.at()),
                );
            }
        }
    }
}

/// The document `doc` with its table edited as the game's typed table `T`, or `None` when
/// `edit` finds nothing to change.
pub fn edit_table<T: serde::Serialize + serde::de::DeserializeOwned>(
    doc: &str,
    edit: impl FnOnce(&mut T) -> bool,
) -> Option<String> {
    let mut value = doc_value(doc);
    let mut table: T = serde_json::from_value(value["table"].take()).ok()?;
    if !edit(&mut table) {
        return None;
    }
    value["table"] = serde_json::to_value(&table).ok()?;
    Some(value.to_string())
}

/// Two different entries of `0..len`, or `None` when there are fewer than two.
pub fn two_of(len: usize, rng: &mut Rng) -> Option<(usize, usize)> {
    if len < 2 {
        return None;
    }
    let a = rng.below(len);
    let b = (a + 1 + rng.below(len - 1)) % len;
    Some((a, b))
}
