//! The declared bounds (`GameState::max_game_length`, `score_bounds`) hold: for every game,
//! player count and mode (solo modes included), games played by uniformly random, greedy,
//! extreme (lowest or highest action id half the time) and (short) MCTS players end within the length bound with every score inside the score
//! bounds, and the bounds are the same in every state of a game. And they are read from the
//! card data: a card file raising a data-dependent quantity raises the bound by it.
//!
//! `cargo test -p craftgames-core --test rules bounds:: -- --nocapture` prints each configuration's
//! bounds beside the longest game and the score range the games reached.

use std::sync::Arc;

use crate::common::{nijar_setups, play_within_bounds, Extreme, Seen};
use craftgames_core::engine::{GameState, Rng};
use craftgames_core::nijar::{self, NijarConfig, NijarState};
use craftgames_core::search::bots::{Bot, GreedyBot, MctsBot, RandomBot};
use craftgames_core::search::mcts::MctsOptions;
use craftgames_core::search::rollout::RolloutPolicy;
use craftgames_core::sorcery::{self, SorceryConfig, SorceryState};
use craftgames_core::sunrise::{self, SunriseState};
use serde_json::{json, Value};

/// Random games per configuration.
const RANDOM_GAMES: u64 = 200;
/// Games per configuration played by half-random, half lowest- or highest-id players.
const EXTREME_GAMES: u64 = 40;
/// Greedy games per configuration.
const GREEDY_GAMES: u64 = 10;
/// MCTS iterations per move in the short MCTS game (random rollouts: cheap).
const MCTS_ITERATIONS: u64 = 20;

fn extreme_bots<G: GameState>(seats: usize, seed: u64) -> Vec<Box<dyn Bot<G>>> {
    (0..seats)
        .map(|s| {
            Box::new(Extreme {
                lowest: seed % 2 == 0,
                rng: Rng::seed_from(seed * 8 + s as u64),
            }) as Box<dyn Bot<G>>
        })
        .collect()
}

fn random_bots<G: GameState>(seats: usize, seed: u64) -> Vec<Box<dyn Bot<G>>> {
    (0..seats)
        .map(|s| Box::new(RandomBot::new(seed * 8 + s as u64)) as Box<dyn Bot<G>>)
        .collect()
}

fn greedy_bots<G: GameState>(seats: usize, seed: u64) -> Vec<Box<dyn Bot<G>>> {
    (0..seats)
        .map(|s| Box::new(GreedyBot::<G>::new(seed * 8 + s as u64)) as Box<dyn Bot<G>>)
        .collect()
}

fn mcts_bots<G: GameState>(seats: usize, seed: u64) -> Vec<Box<dyn Bot<G>>> {
    (0..seats)
        .map(|s| {
            let options = MctsOptions {
                seed: seed * 8 + s as u64,
                rollout: RolloutPolicy::Random,
                threads: 1,
                ..MctsOptions::with_iterations(MCTS_ITERATIONS)
            };
            Box::new(MctsBot::new(options)) as Box<dyn Bot<G>>
        })
        .collect()
}

/// Plays random, greedy and one MCTS game from each seed's start (made by `new`), checking
/// the bounds, and prints the bounds beside what the games showed.
fn check_config<G: GameState>(what: &str, mcts: bool, new: impl Fn(u64) -> G) {
    let mut seen = Seen::NONE;
    let first = new(0);
    let seats = first.num_players();
    for seed in 0..RANDOM_GAMES {
        let start = new(seed);
        let game = format!("{what}, random seed {seed}");
        seen = seen.merge(play_within_bounds(
            &start,
            &mut random_bots(seats, seed),
            &game,
        ));
    }
    for seed in 0..EXTREME_GAMES {
        let start = new(300 + seed);
        let game = format!("{what}, extreme seed {seed}");
        seen = seen.merge(play_within_bounds(
            &start,
            &mut extreme_bots(seats, seed),
            &game,
        ));
    }
    for seed in 0..GREEDY_GAMES {
        let start = new(100 + seed);
        let game = format!("{what}, greedy seed {seed}");
        seen = seen.merge(play_within_bounds(
            &start,
            &mut greedy_bots(seats, seed),
            &game,
        ));
    }
    if mcts {
        let game = format!("{what}, MCTS");
        seen = seen.merge(play_within_bounds(
            &new(200),
            &mut mcts_bots(seats, 200),
            &game,
        ));
    }
    let (low, high) = first.score_bounds();
    eprintln!(
        "{what}: length bound {} (longest seen {}); scores {low}..={high} (seen {}..={})",
        first.max_game_length(),
        seen.length,
        seen.low,
        seen.high
    );
}

#[test]
fn sunrise_games_stay_within_their_bounds() {
    for players in 2..=4 {
        check_config(&format!("sunrise {players}p"), players == 2, |seed| {
            SunriseState::new_game(players, seed, None).unwrap()
        });
    }
}

fn sorcery_config(players: usize, options: &Value) -> SorceryConfig {
    SorceryConfig::from_options(players, options.as_object().unwrap()).unwrap()
}

#[test]
fn sorcery_games_stay_within_their_bounds() {
    let modes = [
        (1, json!({"solo": "robot"})),
        (
            1,
            json!({"solo": "robot", "difficulty": "extra-hard", "staffs": true}),
        ),
        (1, json!({"solo": "no-robot"})),
        (1, json!({"solo": "mission", "mission": 3, "hard": true})),
        (2, json!({})),
        (2, json!({"staffs": true})),
        (3, json!({"staffs": true, "theses": "no-seven"})),
        (4, json!({})),
        (4, json!({"staffs": true, "missions": [1, 2, 9, 10]})),
    ];
    for (i, (players, options)) in modes.iter().enumerate() {
        let cfg = sorcery_config(*players, options);
        check_config(&format!("sorcery {players}p {options}"), i == 0, |seed| {
            SorceryState::new_game(cfg, seed, None).unwrap()
        });
    }
}

#[test]
fn nijar_games_stay_within_their_bounds() {
    for (players, config, what) in nijar_setups() {
        let mcts = players == 1 && config.difficulty == 0 && !config.first_game_layout;
        check_config(&what, mcts, |seed| {
            NijarState::new_game(players, seed, None, config).unwrap()
        });
    }
}

/// Replaces the first line of `text` that starts with `key` by `key = value`.
fn set_first(text: &str, key: &str, value: &str) -> String {
    let mut done = false;
    text.lines()
        .map(|line| {
            if !done && line.trim_start().starts_with(key) {
                done = true;
                format!("{key} = {value}")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The value on the first line of `text` that starts with `key`.
fn first_value(text: &str, key: &str) -> i32 {
    text.lines()
        .find(|l| l.trim_start().starts_with(key))
        .and_then(|l| l.split('=').nth(1))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {key} in the card file"))
}

#[test]
fn sunrise_bounds_read_the_card_data() {
    // The first project worth 90 points: the highest score rises by as much, and the lowest
    // (one point lost per project held) does not move.
    let text = sunrise::data::DEFAULT_CARDS_TOML;
    let raise = 90 - first_value(text, "points");
    let richer = sunrise::CardSet::from_toml(&set_first(text, "points", "90")).unwrap();
    let plain = SunriseState::new_game(3, 1, None).unwrap();
    let rich = SunriseState::new_game(3, 1, Some(Arc::new(richer))).unwrap();
    let ((low, high), (rich_low, rich_high)) = (plain.score_bounds(), rich.score_bounds());
    assert_eq!(rich_high, high + raise);
    assert_eq!(rich_low, low);
    assert_eq!(rich.max_game_length(), plain.max_game_length());
    // One more icon on the first project: one more conversion can fill it.
    let first_icons = r#"icons = ["stoneware", "luster", "luster", "fire"]"#;
    assert!(text.contains(first_icons));
    let bigger = text.replacen(
        first_icons,
        r#"icons = ["stoneware", "luster", "luster", "fire", "gas"]"#,
        1,
    );
    let bigger = SunriseState::new_game(
        3,
        1,
        Some(Arc::new(sunrise::CardSet::from_toml(&bigger).unwrap())),
    )
    .unwrap();
    assert_eq!(bigger.max_game_length(), plain.max_game_length() + 1);
}

#[test]
fn sorcery_bounds_read_the_card_data() {
    // The first project giving 60 credits: the highest score rises by as much.
    let text = sorcery::data::DEFAULT_CARDS_TOML;
    let raise = 60 - first_value(text, "credits");
    let richer = sorcery::CardSet::from_toml(&set_first(text, "credits", "60")).unwrap();
    let cfg = sorcery_config(2, &json!({}));
    let plain = SorceryState::new_game(cfg, 1, None).unwrap();
    let rich = SorceryState::new_game(cfg, 1, Some(Arc::new(richer))).unwrap();
    assert_eq!(rich.score_bounds().1, plain.score_bounds().1 + raise);
    assert_eq!(rich.score_bounds().0, plain.score_bounds().0);
    // In solo, a clear costs $1 of the hand's value: a material worth 40 more allows 40
    // more clears of two market spaces each in a Buy, and each of the 16 turns may buy.
    // (A grave card: the stock cards of one stack must share one price.)
    let grave = text
        .find("\n[[grave]]")
        .expect("the card file has grave cards");
    let (head, graves) = text.split_at(grave);
    let value = (first_value(graves, "value") + 40).to_string();
    let dearer = format!("{head}{}", set_first(graves, "value", &value));
    let dearer = sorcery::CardSet::from_toml(&dearer).unwrap();
    let solo = sorcery_config(1, &json!({"solo": "robot"}));
    let plain = SorceryState::new_game(solo, 1, None).unwrap();
    let dear = SorceryState::new_game(solo, 1, Some(Arc::new(dearer))).unwrap();
    assert_eq!(dear.max_game_length(), plain.max_game_length() + 80 * 16);
}

#[test]
fn nijar_bounds_read_the_card_data() {
    // The market's best painted sale is 17 VP by default; at 60 every one of the P pieces
    // (4 of each of 3 types per player: 36 at 3 players) could sell for 43 more.
    let text = nijar::data::DEFAULT_CARDS;
    let old = "market_painted = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]";
    assert!(text.contains(old));
    let new = "market_painted = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 60]";
    let richer = nijar::CardSet::from_toml(&text.replace(old, new)).unwrap();
    let config = NijarConfig::default();
    let plain = NijarState::new_game(3, 1, None, config).unwrap();
    let rich = NijarState::new_game(3, 1, Some(Arc::new(richer)), config).unwrap();
    assert_eq!(rich.score_bounds().1, plain.score_bounds().1 + 43 * 36);
    assert_eq!(rich.score_bounds().0, plain.score_bounds().0);
    // A potter's wheel with two more spaces: two more vase steps, each a benefit (a task
    // that takes at most 2 + 5 decisions) and a step.
    let wheel = r#"spaces = ["play", "clay", "shape"]"#;
    assert!(text.contains(wheel));
    let longer = text.replacen(
        wheel,
        r#"spaces = ["play", "clay", "shape", "clay", "clay"]"#,
        1,
    );
    let longer = nijar::CardSet::from_toml(&longer).unwrap();
    let longer = NijarState::new_game(3, 1, Some(Arc::new(longer)), config).unwrap();
    assert_eq!(
        longer.max_game_length(),
        plain.max_game_length() + 2 * (1 + 2 + 5)
    );
}
