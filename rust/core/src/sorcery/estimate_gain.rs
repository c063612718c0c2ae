//! The moves that greedy play may score without trying them
//! (`GameState::heuristic_gain_of`): those that change nothing any seat's estimate reads, so
//! that every value after them is the value before, to the bit (a gain of `0.0`).
//!
//! Greedy play otherwise copies the state and applies each candidate to score it; these
//! moves are a fifth of the candidates of a Sorcery rollout (the choice of the material to
//! commit at every commit step and cram, and the end of a purchase's choice).

use super::actions::{decode, Move};
use super::state::{SorceryState, Stage};
use crate::engine::Action;

impl SorceryState {
    /// Whether the legal `action` leaves every seat's estimate as it is (see the module). The
    /// estimate reads each seat's area, the week, the market and the stock, and of the turn
    /// under way only the acting seat's, in the stages of `estimate_looks_ahead`.
    pub(crate) fn estimate_unchanged_by(&self, action: Action) -> bool {
        let t = &self.t.turn;
        match (decode(action), t.stage) {
            // Choosing the material to commit (II. Commit Step, or a cram) sets only the
            // turn's material and its stage (the cram also shows the card: `known`). The
            // commit step's stages are not looked ahead in; a cram's are both (Cram,
            // CramTarget) and look at the hand and the commits left, which this leaves alone
            // (the material leaves the hand when its project is chosen).
            (Some(Move::Commit(_)), Stage::Commit | Stage::Cram) => true,
            // Ending the choice of a purchase (I.D Buy) moves on to paying for it: BuySelect
            // and BuyPay both count the chosen projects and stock as owned and the price owed
            // as the cheapest materials that can pay it, from the first material on (nothing
            // is discarded yet, `last` is 0). With nothing chosen (a solo buy that only
            // cleared) BuySelect still looks ahead to the best purchase and BuyPay does not.
            (Some(Move::BuyDone), Stage::BuySelect) => t.buy != 0 || t.candles != 0 || t.vials != 0,
            _ => false,
        }
    }
}
