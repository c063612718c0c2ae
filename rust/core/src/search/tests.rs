//! Search tests on the toy game: legality, determinism, no cheating, time budget, strength.

use std::time::Instant;

use super::bots::{play_game, Bot, GreedyBot, MctsBot, RandomBot};
use super::mcts::{search, FinalChoice, MctsOptions};
use super::reward::{terminal_rewards, RewardKind};
use super::rollout::RolloutPolicy;
use super::toy::HighBid;
use super::tree::NodeKey;
use crate::engine::{GameState, Rng};

/// A position `steps` random moves into a `players`-seat game.
fn position(players: usize, seed: u64, steps: usize) -> HighBid {
    let mut g = HighBid::new(players, seed).unwrap();
    let mut rng = Rng::seed_from(seed ^ 0xABCD);
    for _ in 0..steps {
        if g.is_terminal() {
            break;
        }
        let legal = g.legal_actions();
        g.apply_unchecked(legal[rng.below(legal.len())]);
    }
    g
}

fn opts(iterations: u64, seed: u64) -> MctsOptions {
    MctsOptions {
        seed,
        ..MctsOptions::with_iterations(iterations)
    }
}

#[test]
fn search_returns_a_legal_action_in_every_position_of_random_games() {
    let mut rng = Rng::seed_from(11);
    for players in 2..=4 {
        for game in 0..15u64 {
            let mut g = HighBid::new(players, game).unwrap();
            while !g.is_terminal() {
                let result = search(&g, &opts(40, game)).unwrap();
                assert!(g.is_legal(result.action), "{result:?}");
                assert_eq!(result.iterations, 40);
                assert_eq!(result.stats.iter().map(|s| s.visits).sum::<u64>(), 40);
                assert!(result.stats.iter().all(|s| g.is_legal(s.action)));
                assert!(result.stats.windows(2).all(|w| w[0].action < w[1].action));
                // Walk on at random so the positions are varied, not MCTS's favourites.
                let legal = g.legal_actions();
                g.apply_unchecked(legal[rng.below(legal.len())]);
            }
        }
    }
}

#[test]
fn every_option_combination_runs_and_stays_legal() {
    let g = position(3, 4, 4);
    for reward in [
        RewardKind::Rank,
        RewardKind::WinLoss,
        RewardKind::ScoreMargin,
    ] {
        for rollout in [
            RolloutPolicy::Random,
            RolloutPolicy::Greedy { epsilon: 0.2 },
        ] {
            for (threads, node_key) in [(1, NodeKey::InformationState), (3, NodeKey::ActionHistory)]
            {
                let o = MctsOptions {
                    reward,
                    rollout,
                    threads,
                    node_key,
                    exploration: 1.0,
                    ..opts(90, 3)
                };
                let r = search(&g, &o).unwrap();
                assert!(g.is_legal(r.action));
                assert_eq!(r.iterations, 90);
                for s in &r.stats {
                    assert_eq!(s.mean_reward.len(), 3);
                    assert!(s.mean_reward.iter().all(|v| (0.0..=1.0).contains(v)));
                }
            }
        }
    }
}

#[test]
fn search_is_deterministic_for_a_seed() {
    for (threads, node_key) in [
        (1, NodeKey::ActionHistory),
        (2, NodeKey::ActionHistory),
        (2, NodeKey::InformationState),
    ] {
        let g = position(3, 8, 2);
        let o = MctsOptions {
            threads,
            node_key,
            ..opts(500, 42)
        };
        let a = search(&g, &o).unwrap();
        let b = search(&g, &o).unwrap();
        assert_eq!(a, b);
        let c = search(&g, &MctsOptions { seed: 43, ..o }).unwrap();
        assert_ne!(
            a.stats, c.stats,
            "a different seed should search differently"
        );
    }
}

#[test]
fn search_does_not_cheat() {
    // Two states that differ only in what the searcher cannot see — the other seats' hands,
    // their secret bids this round, the prize order — get the same decision and the same
    // statistics for the same seed.
    let mut compared = 0;
    for players in 2..=3 {
        for seed in 0..12u64 {
            let g = position(players, seed, (seed as usize * 3) % 9);
            let Some(me) = g.current_player() else {
                continue;
            };
            let other = g.resample_hidden(me, 1000 + seed);
            assert_eq!(
                g.information_state_string(me),
                other.information_state_string(me)
            );
            if other == g {
                continue;
            }
            for (threads, node_key) in [
                (1, NodeKey::ActionHistory),
                (2, NodeKey::ActionHistory),
                (1, NodeKey::InformationState),
            ] {
                let o = MctsOptions {
                    threads,
                    node_key,
                    ..opts(300, seed)
                };
                assert_eq!(search(&g, &o).unwrap(), search(&other, &o).unwrap());
            }
            compared += 1;
        }
    }
    assert!(
        compared >= 20,
        "too few distinct pairs compared ({compared})"
    );
}

#[test]
fn a_time_budget_is_used_whole_and_then_the_search_ends() {
    // The search stops by its own clock, so it cannot end before the budget; how soon after
    // depends on the machine (a benchmark's business), so the upper bound only says that it
    // ends: ten times the budget, which a loaded CI machine cannot reach.
    let g = position(2, 1, 0);
    for threads in [1, 2] {
        let o = MctsOptions {
            iterations: None,
            time_ms: Some(200),
            threads,
            ..MctsOptions::default()
        };
        let start = Instant::now();
        let r = search(&g, &o).unwrap();
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        assert!(
            (195.0..2000.0).contains(&ms),
            "took {ms:.1} ms with {threads} threads"
        );
        assert!(r.iterations > 0);
    }
}

#[test]
fn iterations_are_shared_out_over_threads() {
    let g = position(2, 5, 1);
    let r = search(
        &g,
        &MctsOptions {
            threads: 3,
            ..opts(100, 1)
        },
    )
    .unwrap();
    assert_eq!(r.iterations, 100);
    assert_eq!(r.stats.iter().map(|s| s.visits).sum::<u64>(), 100);
}

#[test]
fn bad_options_and_finished_games_are_errors() {
    let g = position(2, 5, 1);
    let none = MctsOptions {
        iterations: None,
        time_ms: None,
        ..MctsOptions::default()
    };
    assert!(search(&g, &none).is_err());
    assert!(search(&g, &opts(0, 0)).is_err());
    assert!(search(
        &g,
        &MctsOptions {
            threads: 0,
            ..opts(5, 0)
        }
    )
    .is_err());
    assert!(search(
        &g,
        &MctsOptions {
            threads: 100_000,
            ..opts(5, 0)
        }
    )
    .is_err());
    assert!(search(
        &g,
        &MctsOptions {
            exploration: f64::NAN,
            ..opts(5, 0)
        }
    )
    .is_err());
    let done = position(2, 5, 100);
    assert!(done.is_terminal());
    assert!(search(&done, &opts(5, 0)).is_err());
}

/// Seat-rotated match between two bot factories; returns the first bot's share of wins
/// (ties shared) over `games` 2-player games. Each deal is played twice with the seats
/// swapped, so the luck of the deal (hands matter a lot in High Bid) cancels out.
fn match_share(
    games: u64,
    mut make_a: impl FnMut(u64) -> Box<dyn Bot<HighBid>>,
    mut make_b: impl FnMut(u64) -> Box<dyn Bot<HighBid>>,
) -> f64 {
    let mut points = 0.0;
    for game in 0..games {
        let a_seat = (game % 2) as usize;
        let mut bots = vec![make_b(game * 2 + 1)];
        bots.insert(a_seat, make_a(game * 2));
        let end = play_game(&HighBid::new(2, 1000 + game / 2).unwrap(), &mut bots);
        let s = end.scores();
        points += match s[a_seat].cmp(&s[1 - a_seat]) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
    }
    points / games as f64
}

#[test]
fn mcts_beats_random_clearly() {
    // High Bid has a low ceiling against random play (MCTS with 3,000 iterations scores
    // about 0.67 over 200 mirrored games, barely more than with 300), so "clearly" is 0.6: a
    // search that backed up the wrong seat's reward would score well under 0.5.
    let share = match_share(
        100,
        |s| Box::new(MctsBot::with_iterations(300, s)),
        |s| Box::new(RandomBot::new(s)),
    );
    eprintln!("MCTS(300) vs random: {share:.2}");
    assert!(
        share >= 0.6,
        "MCTS(300) scored only {share:.2} against random"
    );
}

#[test]
#[ignore = "exploration: prints match results"]
fn explore_strength() {
    for node_key in [NodeKey::ActionHistory, NodeKey::InformationState] {
        let mcts = move |its: u64| {
            move |s: u64| -> Box<dyn Bot<HighBid>> {
                Box::new(MctsBot::new(MctsOptions {
                    node_key,
                    ..opts(its, s)
                }))
            }
        };
        for its in [100u64, 300, 1000, 3000] {
            let share = match_share(200, mcts(its), |s| Box::new(RandomBot::new(s)));
            eprintln!("{node_key:?} MCTS({its}) vs random: {share:.2}");
        }
        let share = match_share(200, mcts(1000), |s| Box::new(GreedyBot::new(s)));
        eprintln!("{node_key:?} MCTS(1000) vs greedy: {share:.2}");
        let share = match_share(200, mcts(1000), mcts(100));
        eprintln!("{node_key:?} MCTS(1000) vs MCTS(100): {share:.2}");
    }
    let h = |s: u64| -> Box<dyn Bot<HighBid>> {
        Box::new(MctsBot::new(MctsOptions {
            node_key: NodeKey::ActionHistory,
            ..opts(1000, s)
        }))
    };
    let i = |s: u64| -> Box<dyn Bot<HighBid>> { Box::new(MctsBot::with_iterations(1000, s)) };
    eprintln!("infoset vs history (1000): {:.2}", match_share(200, i, h));
    let share = match_share(
        200,
        |s| Box::new(GreedyBot::new(s)),
        |s| Box::new(RandomBot::new(s)),
    );
    eprintln!("greedy vs random: {share:.2}");
}

#[test]
fn bots_are_deterministic_per_seed_and_legal() {
    let start = HighBid::new(3, 9).unwrap();
    let run = |seed: u64| {
        let mut bots: Vec<Box<dyn Bot<HighBid>>> = vec![
            Box::new(RandomBot::new(seed)),
            Box::new(GreedyBot::new(seed)),
            Box::new(MctsBot::with_iterations(50, seed)),
        ];
        play_game(&start, &mut bots).history().to_vec()
    };
    assert_eq!(run(3), run(3));
    assert_eq!(run(3).len(), 15);
}

#[test]
fn greedy_action_matches_a_fresh_greedy_bot() {
    use super::bots::greedy_action;
    for seed in 0..20 {
        let g = position(3, seed, (seed % 7) as usize);
        let mut bot = GreedyBot::new(seed);
        assert_eq!(greedy_action(&g, seed), Some(bot.step(&g)));
    }
    assert_eq!(greedy_action(&position(2, 1, 100), 0), None);
}

#[test]
fn mcts_bot_keeps_its_last_search() {
    let g = position(2, 2, 0);
    let mut bot = MctsBot::with_iterations(64, 1);
    let a = Bot::<HighBid>::step(&mut bot, &g);
    let last = bot.last_search().expect("a searched move");
    assert_eq!(last.action, a);
    assert!(last.visit_share(a) > 0.0);
}

#[test]
fn best_mean_picks_the_best_mean_among_the_well_visited() {
    let mut differed = 0;
    for seed in 0..30 {
        let g = position(3, seed, (seed % 5) as usize);
        let visits = search(&g, &opts(200, seed)).unwrap();
        let mean = search(
            &g,
            &MctsOptions {
                final_choice: FinalChoice::BestMean,
                ..opts(200, seed)
            },
        )
        .unwrap();
        // The final choice reads the tree; it does not change how it grows.
        assert_eq!(visits.stats, mean.stats);
        let me = g.current_player().unwrap();
        let top = visits.stats.iter().map(|s| s.visits).max().unwrap();
        let best = mean
            .stats
            .iter()
            .filter(|s| 2 * s.visits >= top)
            .map(|s| s.mean_reward[me])
            .fold(f64::NEG_INFINITY, f64::max);
        let chosen = mean.stats_for(mean.action).unwrap();
        assert!(2 * chosen.visits >= top, "{chosen:?} is not well visited");
        assert_eq!(chosen.mean_reward[me], best);
        differed += usize::from(mean.action != visits.action);
    }
    assert!(
        differed > 0,
        "the two choices never disagreed: the option does nothing"
    );
}

#[test]
fn solo_rewards_come_from_the_solo_margin() {
    let mut rng = Rng::seed_from(4);
    for seed in 0..30 {
        let mut g = HighBid::solo(seed);
        while !g.is_terminal() {
            let legal = g.legal_actions();
            g.apply_unchecked(legal[rng.below(legal.len())]);
        }
        let (mine, robot) = (g.scores()[0], g.robot_score());
        let won = if mine > robot { 1.0 } else { 0.0 };
        assert_eq!(terminal_rewards(&g, RewardKind::WinLoss)[0], won);
        assert_eq!(terminal_rewards(&g, RewardKind::Rank)[0], won);
        // The robot's score stands in for the best other seat's.
        let margin = f64::from(mine - robot) / f64::from(mine.max(robot).max(1));
        let r = terminal_rewards(&g, RewardKind::ScoreMargin)[0];
        assert!(
            (r - (0.5 + 0.5 * margin)).abs() < 1e-12,
            "{r} for {mine}–{robot}"
        );
    }
}

/// Mean solo margin of `bot` (made from a seed) over `games` solo deals.
fn solo_mean_margin(games: u64, mut make: impl FnMut(u64) -> Box<dyn Bot<HighBid>>) -> f64 {
    let total: f64 = (0..games)
        .map(|game| {
            let end = play_game(&HighBid::solo(500 + game), &mut [make(game)]);
            end.solo_margin().unwrap()
        })
        .sum();
    total / games as f64
}

/// Share of `games` solo deals on which `bot` (made from a seed) beat the robot.
fn solo_win_rate(games: u64, mut make: impl FnMut(u64) -> Box<dyn Bot<HighBid>>) -> f64 {
    let wins = (0..games)
        .filter(|&game| {
            let end = play_game(&HighBid::solo(900 + game), &mut [make(game)]);
            end.solo_margin().unwrap() > 0.0
        })
        .count();
    wins as f64 / games as f64
}

#[test]
fn solo_mcts_beats_greedy_result_rate() {
    // Issue 11 §2 on the toy: over 400 deals MCTS(100/300/1000) beat the robot 67% of the
    // time, greedy 50.5%, random 47%. The deals and seeds are fixed, so this cannot flake.
    let greedy = solo_win_rate(200, |s| Box::new(GreedyBot::new(s)));
    let mcts = solo_win_rate(200, |s| Box::new(MctsBot::new(opts(300, s))));
    eprintln!("solo result rate: MCTS(300) {mcts:.3}, greedy {greedy:.3}");
    assert!(mcts > greedy + 0.08, "MCTS {mcts:.3} vs greedy {greedy:.3}");
}

#[test]
fn solo_search_plays_to_beat_the_robot() {
    // With a constant reward every move would look alike and the search would bid its lowest
    // card each round, losing nearly every prize; with the solo margin it must clearly beat
    // random bidding, for every reward kind.
    let random = solo_mean_margin(60, |s| Box::new(RandomBot::new(s)));
    for reward in [
        RewardKind::Rank,
        RewardKind::WinLoss,
        RewardKind::ScoreMargin,
    ] {
        let mcts = solo_mean_margin(60, |s| {
            Box::new(MctsBot::new(MctsOptions {
                reward,
                ..opts(300, s)
            }))
        });
        eprintln!("solo {reward:?}: MCTS(300) {mcts:+.2}, random {random:+.2}");
        assert!(
            mcts > random + 2.0,
            "{reward:?}: MCTS(300) margin {mcts:.2} vs random {random:.2}"
        );
    }
}
