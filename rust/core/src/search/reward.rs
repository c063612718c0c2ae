//! How a finished game becomes one reward per seat, each in `[0, 1]`.
//!
//! Search backs up a whole vector (one entry per seat) rather than a single number so that
//! 3- and 4-player games work max^n style: at every node the seat to act picks by its own
//! entry. Keeping every kind in `[0, 1]` lets one exploration constant suit all of them.
//!
//! A one-seat game played against a built-in opponent or a grade table says how far the
//! player finished above its target (`GameState::solo_margin`); every kind then rewards that
//! margin (see [`solo_reward`]), so search plays to beat the opponent by as much as it can.

use crate::engine::{GameState, PerSeat, Seat};

/// What a seat is rewarded for when a simulated game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RewardKind {
    /// Final place: 1 for first, 0 for last, linear between; seats with equal scores share
    /// the average of the places they occupy.
    Rank,
    /// 1 to the winner; seats tied for first on score split the 1 between them.
    WinLoss,
    /// The seat's score minus the best other seat's score, scaled by the largest absolute
    /// score at the table and mapped from `[-1, 1]` to `[0, 1]` (0.5 is a dead heat).
    /// Alone against a target: the solo margin, scaled the same way (see [`solo_reward`]).
    /// The default: it won the search tournament.
    #[default]
    ScoreMargin,
}

impl RewardKind {
    /// Parses `"rank"`, `"win"` / `"winloss"` / `"win_loss"`, or `"margin"` /
    /// `"score_margin"`.
    pub fn parse(name: &str) -> Option<RewardKind> {
        match name {
            "rank" => Some(RewardKind::Rank),
            "win" | "winloss" | "win_loss" => Some(RewardKind::WinLoss),
            "margin" | "score_margin" => Some(RewardKind::ScoreMargin),
            _ => None,
        }
    }
}

/// The reward of every seat in the finished game `state`.
///
/// Ties are seats with equal scores: `ranking()` gives the order, `scores()` finds the runs
/// of equal score inside it. A rulebook tiebreaker that separates equal scores is therefore
/// smoothed into a shared place; it decides few games and the smoother signal helps search.
///
/// A one-seat game with a [`GameState::solo_margin`] is rewarded by [`solo_reward`].
pub fn terminal_rewards<G: GameState>(state: &G, kind: RewardKind) -> PerSeat<f64> {
    let scores = state.scores();
    if scores.len() == 1 {
        if let Some(margin) = state.solo_margin() {
            return std::iter::once(solo_reward(margin, scores[0], kind)).collect();
        }
    }
    rewards_from(&scores, &state.ranking(), kind)
}

/// The reward of a lone player who finished `margin` above its target (the built-in
/// opponent's score or the grade aimed for) with `score` points.
///
/// `Rank` and `WinLoss` are 1 for a win (a positive margin) and 0 otherwise: alone, first
/// place is the win. `ScoreMargin` treats the target as the best other seat's score
/// (`score - margin`) and scales exactly as between seats: the margin over the larger of the
/// two absolute scores (at least 1), mapped from `[-1, 1]` to `[0, 1]`, so a wider win is
/// always worth more and a dead heat is 0.5.
pub fn solo_reward(margin: f64, score: i32, kind: RewardKind) -> f64 {
    match kind {
        RewardKind::Rank | RewardKind::WinLoss => {
            if margin > 0.0 {
                1.0
            } else {
                0.0
            }
        }
        RewardKind::ScoreMargin => {
            let own = f64::from(score);
            let scale = own.abs().max((own - margin).abs()).max(1.0);
            (0.5 + 0.5 * margin / scale).clamp(0.0, 1.0)
        }
    }
}

/// [`terminal_rewards`] from final `scores` and the `ranking` (seats first to last). One seat
/// without a solo target gets 1.
pub fn rewards_from(scores: &[i32], ranking: &[Seat], kind: RewardKind) -> PerSeat<f64> {
    let n = scores.len();
    let mut out: PerSeat<f64> = (0..n).map(|_| 0.0).collect();
    if n == 1 {
        out[0] = 1.0;
        return out;
    }
    match kind {
        RewardKind::Rank | RewardKind::WinLoss => {
            let mut start = 0;
            while start < n {
                let score = scores[ranking[start]];
                let mut end = start + 1;
                while end < n && scores[ranking[end]] == score {
                    end += 1;
                }
                let value = match kind {
                    // Places start..end, each worth (n-1-place)/(n-1), averaged.
                    RewardKind::Rank => {
                        let sum: f64 = (start..end).map(|p| (n - 1 - p) as f64).sum();
                        sum / ((end - start) as f64 * (n - 1) as f64)
                    }
                    _ if start == 0 => 1.0 / (end - start) as f64,
                    _ => 0.0,
                };
                for &seat in &ranking[start..end] {
                    out[seat] = value;
                }
                start = end;
            }
        }
        RewardKind::ScoreMargin => {
            let scale = scores
                .iter()
                .map(|s| f64::from(s.unsigned_abs()))
                .fold(1.0, f64::max);
            for seat in 0..n {
                let best_other = (0..n)
                    .filter(|&o| o != seat)
                    .map(|o| scores[o])
                    .max()
                    .unwrap_or(scores[seat]);
                let margin = f64::from(scores[seat] - best_other) / scale;
                out[seat] = (0.5 + 0.5 * margin).clamp(0.0, 1.0);
            }
        }
    }
    out
}

/// How far `seat` is ahead of the best other seat in `values` (a heuristic vector): the
/// quantity greedy play maximizes. With one seat it is that seat's own value.
pub fn advantage(values: &[f64], seat: Seat) -> f64 {
    lead_over_others(values, seat, values[seat])
}

/// [`advantage`] with `mine` in place of `seat`'s own entry of `values` (greedy play's value
/// of a candidate that changes only the mover's value, from the values before it).
pub(crate) fn lead_over_others(values: &[f64], seat: Seat, mine: f64) -> f64 {
    lead_over(mine, best_other(values, seat))
}

/// The best value in `values` of a seat other than `seat` (`-inf` with one seat): what
/// [`lead_over_others`] measures against, computed once for all the candidates of a greedy
/// choice that leave the other seats' values as they are.
pub(crate) fn best_other(values: &[f64], seat: Seat) -> f64 {
    values
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(_, &v)| v)
        .fold(f64::NEG_INFINITY, f64::max)
}

/// [`lead_over_others`] given the `best_other` value it is measured against.
pub(crate) fn lead_over(mine: f64, best_other: f64) -> f64 {
    if best_other.is_finite() {
        mine - best_other
    } else {
        mine
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn approx(a: &[f64], b: &[f64]) {
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(b) {
            assert!((x - y).abs() < 1e-12, "{a:?} != {b:?}");
        }
    }

    #[test]
    fn rank_is_linear_and_averages_ties() {
        approx(
            &rewards_from(&[10, 30, 20], &[1, 2, 0], RewardKind::Rank),
            &[0.0, 1.0, 0.5],
        );
        // Seats 0 and 2 tie for second of four: places 1 and 2 → (2/3 + 1/3) / 2.
        approx(
            &rewards_from(&[5, 9, 5, 1], &[1, 2, 0, 3], RewardKind::Rank),
            &[0.5, 1.0, 0.5, 0.0],
        );
        approx(
            &rewards_from(&[4, 4], &[0, 1], RewardKind::Rank),
            &[0.5, 0.5],
        );
    }

    #[test]
    fn win_loss_splits_a_shared_first_place() {
        approx(
            &rewards_from(&[3, 7, 7], &[2, 1, 0], RewardKind::WinLoss),
            &[0.0, 0.5, 0.5],
        );
        approx(
            &rewards_from(&[3, 7], &[1, 0], RewardKind::WinLoss),
            &[0.0, 1.0],
        );
    }

    #[test]
    fn margin_is_centred_and_bounded() {
        let r = rewards_from(&[10, 5, 0], &[0, 1, 2], RewardKind::ScoreMargin);
        approx(&r, &[0.75, 0.25, 0.0]);
        let r = rewards_from(&[0, 0], &[0, 1], RewardKind::ScoreMargin);
        approx(&r, &[0.5, 0.5]);
        let r = rewards_from(&[-4, 4], &[1, 0], RewardKind::ScoreMargin);
        assert!(r.iter().all(|v| (0.0..=1.0).contains(v)));
    }

    #[test]
    fn a_solo_win_is_a_positive_margin() {
        for kind in [RewardKind::Rank, RewardKind::WinLoss] {
            assert_eq!(solo_reward(3.0, 20, kind), 1.0);
            assert_eq!(solo_reward(0.0, 20, kind), 0.0);
            assert_eq!(solo_reward(-2.5, 20, kind), 0.0);
        }
    }

    #[test]
    fn solo_margin_rewards_a_wider_win_more() {
        // 20 points against a target of 10: (20 - 10) / 20 → 0.75; against 30: -10 / 30.
        assert!((solo_reward(10.0, 20, RewardKind::ScoreMargin) - 0.75).abs() < 1e-12);
        let behind = solo_reward(-10.0, 20, RewardKind::ScoreMargin);
        assert!((behind - (0.5 - 0.5 / 3.0)).abs() < 1e-12);
        assert_eq!(solo_reward(0.0, 0, RewardKind::ScoreMargin), 0.5);
        let steps: Vec<f64> = (-5..=5)
            .map(|m| solo_reward(f64::from(m), 7, RewardKind::ScoreMargin))
            .collect();
        assert!(steps.windows(2).all(|w| w[0] < w[1]), "{steps:?}");
        assert!(steps.iter().all(|v| (0.0..=1.0).contains(v)));
    }

    #[test]
    fn advantage_is_against_the_best_other_seat() {
        assert_eq!(advantage(&[3.0, 5.0, 1.0], 0), -2.0);
        assert_eq!(advantage(&[3.0, 5.0, 1.0], 1), 2.0);
        assert_eq!(advantage(&[3.0], 0), 3.0);
    }

    #[test]
    fn parse_names() {
        assert_eq!(RewardKind::parse("rank"), Some(RewardKind::Rank));
        assert_eq!(RewardKind::parse("win"), Some(RewardKind::WinLoss));
        assert_eq!(RewardKind::parse("margin"), Some(RewardKind::ScoreMargin));
        assert_eq!(RewardKind::parse("best"), None);
    }
}
