//! Rollout policies: how a simulated game is played from a new tree leaf to its end, and the
//! one-ply greedy choice shared with [`super::bots::GreedyBot`].

use crate::engine::{Action, ActionList, GameState, PerSeat, Rng, Seat, MAX_PLAYERS};

use super::mcts::{scratch_state, DEFAULT_ROLLOUT_EPSILON};
use super::reward::{advantage, best_other, lead_over, lead_over_others};

/// How MCTS plays a simulated game from a new leaf to the end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RolloutPolicy {
    /// Uniformly random legal actions: the fastest, and unbiased.
    Random,
    /// With probability `epsilon` a random action, otherwise the action that maximizes the
    /// actor's `heuristic_values()` lead over the best other seat one ply ahead. Costs one
    /// clone and apply per legal action per step, so it buys quality with speed.
    Greedy {
        /// Probability of a uniformly random action instead of the greedy one.
        epsilon: f64,
    },
}

impl Default for RolloutPolicy {
    /// Greedy with ε = [`DEFAULT_ROLLOUT_EPSILON`]: it won the search tournament at equal
    /// iteration budgets, at eight to ten times the cost of a random simulation (Sunrise).
    fn default() -> Self {
        RolloutPolicy::Greedy {
            epsilon: DEFAULT_ROLLOUT_EPSILON,
        }
    }
}

impl RolloutPolicy {
    /// Parses `"random"`, `"greedy"` (ε = 0.1) or `"greedy:EPS"`.
    pub fn parse(name: &str) -> Option<RolloutPolicy> {
        match name {
            "random" => Some(RolloutPolicy::Random),
            "greedy" => Some(RolloutPolicy::Greedy { epsilon: 0.1 }),
            _ => {
                let eps: f64 = name.strip_prefix("greedy:")?.parse().ok()?;
                (0.0..=1.0)
                    .contains(&eps)
                    .then_some(RolloutPolicy::Greedy { epsilon: eps })
            }
        }
    }
}

/// Buffers reused by every rollout of one search thread, so rollouts allocate nothing (the
/// scratch state greedy candidates are tried on is overwritten with `clone_from`, and has
/// room for a whole game's history).
pub(crate) struct Rollout<G> {
    legal: ActionList,
    scratch: G,
}

impl<G: GameState> Rollout<G> {
    /// Buffers for rollouts of positions of `root`'s game.
    pub(crate) fn new(root: &G) -> Self {
        Rollout {
            legal: ActionList::new(),
            scratch: scratch_state(root),
        }
    }

    /// Plays `state` to the end under `policy`.
    pub(crate) fn play_out(&mut self, state: &mut G, policy: RolloutPolicy, rng: &mut Rng) {
        // The heuristic values of `state`, when the last greedy choice left them known (the
        // values it found for the move it chose): the next choice starts from them instead
        // of scoring the position again.
        let mut values: Option<PerSeat<f64>> = None;
        while let Some(seat) = state.current_player() {
            let action = match policy {
                RolloutPolicy::Random => state.random_legal_action(rng, &mut self.legal),
                RolloutPolicy::Greedy { epsilon } => {
                    state.legal_actions_into(&mut self.legal);
                    if self.legal.len() == 1 || unit(rng) < epsilon {
                        // A forced or an exploring move: not chosen by value, but the values
                        // stay known where the game can tell the move's gain or the mover's
                        // value after it.
                        let action = if self.legal.len() == 1 {
                            self.legal[0]
                        } else {
                            self.legal[rng.below(self.legal.len())]
                        };
                        values = values.and_then(|mut here| {
                            here[seat] = match state.heuristic_gain_of(action) {
                                Some(gain) => here[seat] + gain,
                                None => state.heuristic_value_after(action)?,
                            };
                            Some(here)
                        });
                        action
                    } else {
                        let legal = &self.legal;
                        greedy_choice(state, seat, legal, &mut self.scratch, rng, &mut values)
                    }
                }
            };
            state.apply_unchecked(action);
        }
    }
}

/// A uniform float in `[0, 1)` from the top 53 bits.
pub(crate) fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// The action of `legal` (non-empty, legal in `state`, `seat` to act) after which `seat`'s
/// heuristic lead over the best other seat is largest; equal leads are broken uniformly at
/// random with `rng` so greedy play does not always favour low action ids. `scratch` is any
/// state of the same game, overwritten.
///
/// `values` carries heuristic values between choices: on entry `state`'s values if the
/// caller knows them (else `None`, and they are computed if needed), on return the values
/// after the chosen action (the search applies it next, so they are its next position's).
pub(crate) fn greedy_choice<G: GameState>(
    state: &G,
    seat: Seat,
    legal: &[Action],
    scratch: &mut G,
    rng: &mut Rng,
    values: &mut Option<PerSeat<f64>>,
) -> Action {
    let mut best = legal[0];
    let mut best_value = f64::NEG_INFINITY;
    let mut best_after = After::Unknown;
    let mut ties = 0u32;
    // The values carried in are this position's: the seats a candidate leaves unchanged are
    // read from them instead of being scored again.
    let mut unchanged = SeatValues::default();
    if let Some(here) = values.as_ref() {
        for (kept, &v) in unchanged.0.iter_mut().zip(here.iter()) {
            *kept = Some(v);
        }
    }
    // The last move tried and the values after it, so a move that candidates are scored
    // beside (`GameState::heuristic_gain_beside`) is tried once.
    let mut tried: Option<(Action, PerSeat<f64>)> = None;
    // The best other seat's value in this position: a candidate scored by its gain (or by the
    // mover's value after it) leaves every other seat's value as it is, so all of them are
    // measured against this one number, found once (Sunrise's step two scores dozens of
    // placements so).
    let mut others_best: Option<f64> = None;
    for &action in legal {
        let (value, after) = if let Some(gain) = state.heuristic_gain_of(action) {
            let here = values.get_or_insert_with(|| state.heuristic_values());
            let others = *others_best.get_or_insert_with(|| best_other(here, seat));
            (lead_over(here[seat] + gain, others), After::Gain(gain))
        } else if let Some(mine) = state.heuristic_value_after(action) {
            // Only the other seats' values are read (the mover's is told): the same best other
            // value as above when they are carried in; otherwise each is scored once, on its
            // own.
            let value = match values.as_ref() {
                Some(here) => lead_over(
                    mine,
                    *others_best.get_or_insert_with(|| best_other(here, seat)),
                ),
                None => lead_over_others(&unchanged.with_mover(state, seat, mine), seat, mine),
            };
            (value, After::Mine(mine))
        } else {
            let after = match state.heuristic_gain_beside(action) {
                Some((reference, gain)) if legal.contains(&reference) => {
                    let mut after =
                        values_after(state, reference, scratch, seat, &mut unchanged, &mut tried);
                    after[seat] += gain;
                    after
                }
                _ => values_after(state, action, scratch, seat, &mut unchanged, &mut tried),
            };
            (advantage(&after, seat), After::Values(after))
        };
        let chosen = if value > best_value {
            best_value = value;
            ties = 1;
            true
        } else if value == best_value {
            // Reservoir sampling over the tied actions: each is kept with equal chance.
            ties += 1;
            rng.below(ties as usize) == 0
        } else {
            false
        };
        if chosen {
            best = action;
            best_after = after;
        }
    }
    *values = match best_after {
        After::Gain(gain) => values.take().map(|mut here| {
            here[seat] += gain;
            here
        }),
        After::Mine(mine) => Some(match values.take() {
            Some(mut here) => {
                here[seat] = mine;
                here
            }
            // Every other seat was scored for this candidate.
            None => unchanged.with_mover(state, seat, mine),
        }),
        After::Values(after) => Some(after),
        After::Unknown => None,
    };
    best
}

/// The heuristic values after `seat` plays `action` from `before`, found by trying it on
/// `scratch` and kept in `tried`, or read from `tried` when it is the move last tried: a move
/// tried as the reference of candidates scored beside it is not tried again as a candidate,
/// nor the other way round.
fn values_after<G: GameState>(
    before: &G,
    action: Action,
    scratch: &mut G,
    seat: Seat,
    unchanged: &mut SeatValues,
    tried: &mut Option<(Action, PerSeat<f64>)>,
) -> PerSeat<f64> {
    if let Some((known, values)) = tried {
        if *known == action {
            return values.clone();
        }
    }
    scratch.clone_position_from(before);
    scratch.apply_unchecked(action);
    let after = candidate_values(before, scratch, seat, unchanged);
    *tried = Some((action, after.clone()));
    after
}

/// The heuristic values after a greedy candidate: told as the mover's gain on the values
/// before it or as the mover's new value, or found by trying it; unknown before a candidate
/// is chosen (every candidate valued NaN leaves the first action chosen, and nothing known of
/// what follows it).
enum After {
    Gain(f64),
    Mine(f64),
    Values(PerSeat<f64>),
    Unknown,
}

/// Heuristic values of seats in the position greedy play chooses from, each computed the
/// first time a candidate leaves that seat's value unchanged.
#[derive(Default)]
struct SeatValues([Option<f64>; MAX_PLAYERS]);

impl SeatValues {
    /// The values of `position` (the position chosen from), each seat's scored on first use,
    /// but `seat`'s, which is `mine`.
    fn with_mover<G: GameState>(&mut self, position: &G, seat: Seat, mine: f64) -> PerSeat<f64> {
        (0..position.num_players())
            .map(|other| {
                if other == seat {
                    mine
                } else {
                    *self.0[other].get_or_insert_with(|| position.heuristic_value(other))
                }
            })
            .collect()
    }
}

/// `after.heuristic_values()` for a candidate move of `seat` from `before`, computed seat by
/// seat where the game can tell that a move left a seat's value as it was in `before` (then
/// read from `unchanged`, filled on first use): the same numbers, bit for bit.
fn candidate_values<G: GameState>(
    before: &G,
    after: &G,
    seat: Seat,
    unchanged: &mut SeatValues,
) -> PerSeat<f64> {
    let n = after.num_players();
    let mut kept = [false; MAX_PLAYERS];
    let mut any_kept = false;
    for (other, k) in kept.iter_mut().enumerate().take(n) {
        if other != seat && after.heuristic_value_kept(before, other) {
            *k = true;
            any_kept = true;
        }
    }
    if !any_kept {
        // Nothing to reuse: one call scores every seat (a game's whole-vector heuristic may
        // share work between seats).
        return after.heuristic_values();
    }
    (0..n)
        .map(|other| {
            if kept[other] {
                *unchanged.0[other].get_or_insert_with(|| before.heuristic_value(other))
            } else {
                after.heuristic_value(other)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_names() {
        assert_eq!(RolloutPolicy::parse("random"), Some(RolloutPolicy::Random));
        assert_eq!(
            RolloutPolicy::parse("greedy:0.25"),
            Some(RolloutPolicy::Greedy { epsilon: 0.25 })
        );
        assert_eq!(RolloutPolicy::parse("greedy:2"), None);
        assert_eq!(RolloutPolicy::parse("smart"), None);
    }

    #[test]
    fn unit_is_in_range() {
        let mut rng = Rng::seed_from(5);
        assert!((0..1000)
            .map(|_| unit(&mut rng))
            .all(|x| (0.0..1.0).contains(&x)));
    }
}
