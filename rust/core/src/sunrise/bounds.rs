//! Proved bounds on a game's length and on a seat's final score (`GameState::max_game_length`
//! and `score_bounds`), derived term by term from the rulebook and the decision structure of
//! `moves.rs` / `complete.rs`, reading every data-dependent term from the state's card set so
//! that a user's card file keeps them true.
//!
//! ## Length
//! Let `n` be the seats, `P` the project cards (starting ones included), `I` the icons on all
//! projects and showpiece advantage cards, `k` the most resources one resource card gives
//! (1, or 2 for a "Two Resources" card), and `R = 9` rounds ("The game is played over 3
//! days, each divided into 3 rounds"; "Running Out of Available Projects" only ends it
//! earlier). Every action of `legal_into` is one of:
//! * `Draft` — "Step One": one per seat per round: `R·n`.
//! * `Place` — "Step Two, Place Resources": each use of a wheel card is one decision and
//!   uses one of its `k` resources; a round's wheels hold at most the `4n` cards drawn
//!   ("Draw 4 resource cards"): `R·4n·k`.
//! * `EndWork` — one per seat per round (its step-two turn ends with it): `R·n`.
//! * `EndTurn` of the step-three conversion turns — seats are visited once, in order, per
//!   round (`next_converter`): `R·n`.
//! * `Convert` — "Use Resources from the Reserve": each fills one open icon of a project or
//!   showpiece, and an icon, once filled, stays filled until its card is completed and
//!   leaves play for good: `I` over the game.
//! * A completion turn — "Step Three": the bonus, at most two `Take`s ("Take 2 Projects") or
//!   one `Keep` ("Draw 3 & Keep 1"), one glaze choice ("You must choose 1 glaze type"), one
//!   `EndTurn`: 5 per completed project, and each project card is completed at most once:
//!   `5·P`.
//! * `Reveal` / `Discard` of an advantage card, during play or in the game-end choices —
//!   each card in hand gets one of these, and a card comes into a hand only by a completion
//!   bonus ("Draw & Keep 1", "Draw 3 & Keep 1"), at most one per completion: `P`.
//!
//!
//! So `length ≤ R·(3n + 4nk) + I + 6P`.
//!
//! ## Score ("Final Scoring")
//! Highest: every project's points, the `CHALLENGES_IN_PLAY` best studio challenge spaces,
//! every personal goal, every showpiece's points, 1 point per resource token for everything
//! scored per resource (resources on in-progress projects and showpieces, and the reserve at
//! 1 per 2) — there are `TOTAL_RESOURCES` tokens in the game, conserved by every move — and
//! the Cup of Coffee. Lowest: "-1 per in-progress project" for every project card, the only
//! negative term.

use super::data::AdvantageEffect;
use super::score::CUP_OF_COFFEE_POINTS;
use super::state::{
    SunriseState, CARDS_PER_ROUND, CHALLENGES_IN_PLAY, DAYS, ROUNDS_PER_DAY, TOTAL_RESOURCES,
};

impl SunriseState {
    /// `GameState::max_game_length` (derivation in the module documentation).
    pub(crate) fn length_bound(&self) -> usize {
        let n = self.n();
        let rounds = usize::from(DAYS) * usize::from(ROUNDS_PER_DAY);
        let projects = self.cards.projects.len();
        let most_per_card = self
            .cards
            .resource_cards
            .iter()
            .map(|c| c.icons.count())
            .max()
            .unwrap_or(0);
        let project_icons: usize = self.cards.projects.iter().map(|p| p.icons.len()).sum();
        let showpiece_icons: usize = self
            .cards
            .advantages
            .iter()
            .map(|a| match &a.effect {
                AdvantageEffect::Showpiece { icons, .. } => icons.len(),
                _ => 0,
            })
            .sum();
        let per_round = 3 * n + CARDS_PER_ROUND * n * most_per_card;
        rounds * per_round + project_icons + showpiece_icons + 6 * projects
    }

    /// `GameState::score_bounds` (derivation in the module documentation).
    pub(crate) fn score_range(&self) -> (i32, i32) {
        let projects: i32 = self
            .cards
            .projects
            .iter()
            .map(|p| i32::from(p.points))
            .sum();
        let mut challenge: Vec<i32> = self
            .cards
            .challenges
            .iter()
            .map(|c| i32::from(c.high.max(c.low)))
            .collect();
        challenge.sort_unstable_by(|a, b| b.cmp(a));
        let challenges: i32 = challenge.iter().take(CHALLENGES_IN_PLAY).sum();
        let advantages: i32 = self
            .cards
            .advantages
            .iter()
            .map(|a| match &a.effect {
                AdvantageEffect::PersonalGoal { points, .. }
                | AdvantageEffect::Showpiece { points, .. } => i32::from(*points),
                _ => 0,
            })
            .sum();
        let high =
            projects + challenges + advantages + i32::from(TOTAL_RESOURCES) + CUP_OF_COFFEE_POINTS;
        (-(self.cards.projects.len() as i32), high)
    }
}
