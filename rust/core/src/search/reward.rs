//! How a finished game becomes one reward per seat, each in `[0, 1]`.
//!
//! Search backs up a whole vector (one entry per seat) rather than a single number so that
//! 3- and 4-player games work max^n style: at every node the seat to act picks by its own
//! entry. Keeping every kind in `[0, 1]` lets one exploration constant suit all of them.

use crate::engine::{GameState, PerSeat, Seat};

/// What a seat is rewarded for when a simulated game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RewardKind {
    /// Final place: 1 for first, 0 for last, linear between; seats with equal scores share
    /// the average of the places they occupy.
    #[default]
    Rank,
    /// 1 to the winner; seats tied for first on score split the 1 between them.
    WinLoss,
    /// The seat's score minus the best other seat's score, scaled by the largest absolute
    /// score at the table and mapped from `[-1, 1]` to `[0, 1]` (0.5 is a dead heat).
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
pub fn terminal_rewards<G: GameState>(state: &G, kind: RewardKind) -> PerSeat<f64> {
    rewards_from(&state.scores(), &state.ranking(), kind)
}

/// [`terminal_rewards`] from final `scores` and the `ranking` (seats first to last).
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
    let best_other = values
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(_, &v)| v)
        .fold(f64::NEG_INFINITY, f64::max);
    if best_other.is_finite() {
        values[seat] - best_other
    } else {
        values[seat]
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
