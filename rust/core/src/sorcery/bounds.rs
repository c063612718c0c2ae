//! Proved bounds on a game's length and on a seat's final score (`GameState::max_game_length`
//! and `score_bounds`), derived term by term from the rulebook and the decision structure of
//! `moves.rs` / `apply.rs` (each compound action is a sequence of decisions there), reading
//! every data-dependent term from the state's card set so that a user's card file (the
//! credits, costs, abilities and staffs of the cards) keeps them true.
//!
//! ## Length
//! Setup ("Player Setup" 1–2, Staff of the Sorcerer 5): at most 3 choices per seat. Then
//! "a 4-month semester, with each month having 4 weeks for a total of 16 weeks"; each week
//! every seat takes one turn of the Action Step and one Commit Step:
//! * the choice of action (`CRAM`, `DIG`, `BUY`, `ABILITY`): 1;
//! * the action's own decisions, at most the largest of
//!   - "A) Cram": "commit up to two materials", each a material and a target, then `STOP`:
//!     `2·2 + 1`;
//!   - "C) Dig": "Keep Looking" past the three piles and one choice after them (or "Take
//!     the Pile" earlier): `4`;
//!   - "D) Buy": in solo ("Solo Mode": "spend $1 to remove two projects ... as many times as
//!     you would like") two spaces per clear, and a clear costs $1 of a budget that is the
//!     hand's value, so at most `V` clears (`V` the value of every material card), then
//!     `CLEAR_DONE`; each market space once and each stock card once, then `BUY_DONE`; each
//!     card of the hand once as payment, then `PAY_DONE`: `2V + 1 + 6 + S + 1 + M + 1`
//!     (`S` stock cards, `M` material cards);
//!   - "B) Project Action": the decisions of its effect, `E_max` (below);
//! * ending the turn while the staff is unused (`END_TURN`): 1;
//! * "II. Commit Step": "up to two cards", plus the extra commits of "Some cards (e.g.
//!   Reanimate)" — at most the ongoing `ExtraCommit` counts of every project — and of the
//!   staff, each a material and a target, then `STOP`: `2·C + 1`;
//! * "III. Complete Project Step": keeping the staff for later (`END_TURN`), with staffs: 1.
//!
//! The staff ("once per month"): `4·(1 + E_staff)` per seat with staffs in play.
//! An effect's decisions (`start_effect`): take-a-candle-or-vial and Spectral Sight one per
//! card taken (`count`), Crawling Claw, Cleansing Cauldron and extra-credit tokens one
//! target; drawing and extra commits none.
//!
//! So `length ≤ n·(3 + 16·(1 + A + 1 + 2C + 1 + K) + 4·(1 + E_staff))`, `A` the largest
//! action term above, `C` the most commits of a commit step and `K` 1 with staffs (else 0).
//!
//! ## Score ("End of Game")
//! Highest: the best thesis; every project's credits (each card is completed at most
//! once); extra-credit tokens — at most one per icon slot filled by a grave card ("Credit
//! and Demerit Tokens") plus every use of an `AddCredits` ability (one project action a
//! turn, 16 turns) and staff (once a month); every material's value / 8 ("Physical
//! Education"). Lowest: demerit tokens on completed projects, at most two per icon slot
//! (one from the grave card used for it, one from "Alchemy" for a second commit in a
//! batch); nothing else scores below zero.

use super::config::Theses;
use super::data::{Effect, MaterialKind, StockChoice};
use super::score::PE_DOLLARS_PER_CREDIT;
use super::state::{SorceryState, BASE_COMMITS, MARKET, MONTHS, WEEKS};

/// The decisions an effect asks for once started (`start_effect` and the stages it opens).
fn effect_decisions(effect: &Effect) -> usize {
    match *effect {
        Effect::TakeStock {
            stock: StockChoice::Either,
            count,
        }
        | Effect::SpectralSight { count } => usize::from(count),
        Effect::FillIcon { .. } | Effect::RemoveDemerits | Effect::AddCredits { .. } => 1,
        Effect::DrawGrave { .. } | Effect::TakeStock { .. } | Effect::ExtraCommit { .. } => 0,
    }
}

/// Extra commits an effect gives.
fn extra_commits(effect: &Effect) -> usize {
    match *effect {
        Effect::ExtraCommit { count } => usize::from(count),
        _ => 0,
    }
}

/// Extra-credit tokens an effect places.
fn added_credits(effect: &Effect) -> i32 {
    match *effect {
        Effect::AddCredits { count } => i32::from(count),
        _ => 0,
    }
}

impl SorceryState {
    fn project_effects(&self) -> impl Iterator<Item = &Effect> {
        self.cards
            .projects
            .iter()
            .filter_map(|p| p.ability.as_ref().map(|a| &a.effect))
    }

    fn staff_effects(&self) -> impl Iterator<Item = &Effect> {
        let staffs = if self.t.config.staffs {
            &self.cards.staffs[..]
        } else {
            &[]
        };
        staffs.iter().map(|s| &s.effect)
    }

    /// The total trade value of the material cards (grants included: they pay too).
    pub(super) fn all_material_value(&self) -> usize {
        self.cards
            .materials
            .iter()
            .map(|m| usize::from(m.value))
            .sum()
    }

    /// `GameState::max_game_length` (derivation in the module documentation).
    pub(crate) fn length_bound(&self) -> usize {
        let n = self.n();
        let weeks = usize::from(MONTHS) * usize::from(WEEKS);
        let base = usize::from(BASE_COMMITS);
        let stock = self
            .cards
            .materials
            .iter()
            .filter(|m| matches!(m.kind, MaterialKind::Candle | MaterialKind::Vial))
            .count();
        let clears = if n == 1 {
            2 * self.all_material_value() + 1
        } else {
            0
        };
        let buy = clears + MARKET + stock + 1 + self.cards.materials.len() + 1;
        let ability = self
            .project_effects()
            .map(effect_decisions)
            .max()
            .unwrap_or(0);
        let action = [2 * base + 1, 4, buy, ability]
            .into_iter()
            .max()
            .unwrap_or(0);
        let commits = base
            + self.project_effects().map(extra_commits).sum::<usize>()
            + self.staff_effects().map(extra_commits).max().unwrap_or(0);
        let staff_uses = if self.t.config.staffs {
            usize::from(MONTHS)
                * (1 + self
                    .staff_effects()
                    .map(effect_decisions)
                    .max()
                    .unwrap_or(0))
        } else {
            0
        };
        // "III. Complete Project Step": keeping a face-up staff for later.
        let complete = usize::from(self.t.config.staffs);
        let week = 1 + action + 1 + 2 * commits + 1 + complete;
        n * (3 + weeks * week + staff_uses)
    }

    /// `GameState::score_bounds` (derivation in the module documentation).
    pub(crate) fn score_range(&self) -> (i32, i32) {
        let thesis = if self.t.config.theses == Theses::None {
            0
        } else {
            self.cards
                .theses
                .iter()
                .map(|t| i32::from(t.credits))
                .max()
                .unwrap_or(0)
        };
        let credits: i32 = self
            .cards
            .projects
            .iter()
            .map(|p| i32::from(p.credits))
            .sum();
        let slots: i32 = self
            .cards
            .projects
            .iter()
            .map(|p| p.icons.len() as i32)
            .sum();
        let turns = i32::from(MONTHS) * i32::from(WEEKS);
        let ability_tokens = turns * self.project_effects().map(added_credits).max().unwrap_or(0);
        let staff_tokens =
            i32::from(MONTHS) * self.staff_effects().map(added_credits).max().unwrap_or(0);
        let materials = self.all_material_value() as i32 / PE_DOLLARS_PER_CREDIT;
        let high = thesis + credits + slots + ability_tokens + staff_tokens + materials;
        (-2 * slots, high)
    }
}
