//! What a learner is rewarded for: one value per seat, read from a state.
//!
//! Unlike search's rewards (`crate::search::reward`, every kind squeezed into `[0, 1]` for one
//! exploration constant), these are in the game's own units, so a learner's return says what
//! happened: points, points ahead, place, win. Every adapter that trains (the batched
//! environment, PettingZoo) reads them from here.
//!
//! Each mode is a *value* of a state per seat ([`reward_values`]). At the end it is the result;
//! with [`RewardTiming::Delta`] it is also defined before the end from the running scores, and
//! a learner is paid the change of the value since it was last paid (from 0 at the deal, so
//! the first payment includes the value at the deal: Sunrise's running score starts below 0),
//! and the rewards of a game add up to its final value — the same return as
//! [`RewardTiming::End`], spread over the game.

use crate::engine::GameState;
use crate::search::reward::{rewards_from, solo_reward, RewardKind};

/// What the value of a seat is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RewardMode {
    /// The seat's points (in a solo game the player's own score, whatever the opponent did).
    #[default]
    Score,
    /// The seat's points minus the best other seat's points; in a solo game the game's
    /// `solo_margin` (own score minus the robot's, the Competition's or the grade aimed for).
    Margin,
    /// The final place: 1 for first, 0 for last, linear between, tied seats (equal scores)
    /// share the average of their places; solo: 1 for a win (a positive solo margin), else 0.
    Rank,
    /// 1 to the winner, a tie for first on score splits the 1; solo: 1 for a win (a positive
    /// solo margin), else 0.
    Win,
}

/// When the value is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RewardTiming {
    /// All of it when the game ends, 0 before.
    #[default]
    End,
    /// As it changes: before the end `Score` is the running score and `Margin` the running
    /// score minus the best other seat's (solo: the running score, since the target is known
    /// only at the end); `Rank` and `Win` are 0 until the end, so they pay as `End` does.
    Delta,
}

/// A reward: its mode and timing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LearnReward {
    /// What is rewarded.
    pub mode: RewardMode,
    /// When it is paid.
    pub timing: RewardTiming,
}

impl RewardMode {
    /// Parses `"score"`, `"margin"`, `"rank"` or `"win"`.
    pub fn parse(name: &str) -> Option<RewardMode> {
        match name {
            "score" => Some(RewardMode::Score),
            "margin" => Some(RewardMode::Margin),
            "rank" => Some(RewardMode::Rank),
            "win" => Some(RewardMode::Win),
            _ => None,
        }
    }
}

impl RewardTiming {
    /// Parses `"end"` or `"delta"`.
    pub fn parse(name: &str) -> Option<RewardTiming> {
        match name {
            "end" => Some(RewardTiming::End),
            "delta" => Some(RewardTiming::Delta),
            _ => None,
        }
    }
}

/// The names [`RewardMode::parse`] accepts, for error messages.
pub const REWARD_MODE_NAMES: &str = "\"score\", \"margin\", \"rank\" or \"win\"";

/// The names [`RewardTiming::parse`] accepts, for error messages.
pub const REWARD_TIMING_NAMES: &str = "\"end\" or \"delta\"";

/// Writes the value of every seat of `state` under `reward` into `out[..num_players]`: the
/// result once the game is over, and before that the running value (0 for `End`). A learner's
/// reward for a stretch of play is the change of its value over it.
pub fn reward_values<G: GameState>(state: &G, reward: LearnReward, out: &mut [f64]) {
    let n = state.num_players();
    let out = &mut out[..n];
    let terminal = state.is_terminal();
    if !terminal && (reward.timing == RewardTiming::End || reward.mode_pays_only_at_end()) {
        out.fill(0.0);
        return;
    }
    let scores = state.scores();
    let solo_margin = if terminal && n == 1 {
        state.solo_margin()
    } else {
        None
    };
    match (reward.mode, solo_margin) {
        (RewardMode::Score, _) => {
            for (o, &s) in out.iter_mut().zip(&scores) {
                *o = f64::from(s);
            }
        }
        (RewardMode::Margin, Some(margin)) => out[0] = margin,
        (RewardMode::Margin, None) => margins_into(&scores, out),
        // Search's definitions of place and win, in their own [0, 1] units.
        (RewardMode::Rank | RewardMode::Win, Some(margin)) => {
            out[0] = solo_reward(margin, scores[0], RewardKind::WinLoss);
        }
        (RewardMode::Rank | RewardMode::Win, None) => {
            let kind = if reward.mode == RewardMode::Rank {
                RewardKind::Rank
            } else {
                RewardKind::WinLoss
            };
            let values = rewards_from(&scores, &state.ranking(), kind);
            out.copy_from_slice(&values);
        }
    }
}

impl LearnReward {
    /// Rank and win have no running value: they are 0 until the end under either timing.
    fn mode_pays_only_at_end(self) -> bool {
        matches!(self.mode, RewardMode::Rank | RewardMode::Win)
    }
}

/// Each seat's score minus the best other seat's; alone, the seat's own score.
fn margins_into(scores: &[i32], out: &mut [f64]) {
    for (seat, &own) in scores.iter().enumerate() {
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|&(other, _)| other != seat)
            .map(|(_, &s)| s)
            .max()
            .unwrap_or(0);
        out[seat] = f64::from(own) - f64::from(best_other);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_are_against_the_best_other_seat() {
        let mut out = [0.0; 3];
        margins_into(&[10, 4, 7], &mut out);
        assert_eq!(out, [3.0, -6.0, -3.0]);
        let mut alone = [0.0; 1];
        margins_into(&[9], &mut alone);
        assert_eq!(alone, [9.0]);
    }

    #[test]
    fn names_parse() {
        assert_eq!(RewardMode::parse("margin"), Some(RewardMode::Margin));
        assert_eq!(RewardMode::parse("win"), Some(RewardMode::Win));
        assert_eq!(RewardMode::parse("points"), None);
        assert_eq!(RewardTiming::parse("delta"), Some(RewardTiming::Delta));
        assert_eq!(RewardTiming::parse("often"), None);
    }
}
