//! The moves that greedy play may score without trying them. Greedy play otherwise copies
//! the state and applies each candidate to score it; these moves are about half of the
//! candidates of a Sorcery rollout.
//! * Those that change nothing any seat's estimate reads (`GameState::heuristic_gain_of`,
//!   a gain of `0.0`): the choice of the material to commit at a commit step or in a cram,
//!   the end of a purchase's choice, and passing the commit step on to the next seat.
//! * Those that change, of what any estimate reads, only the decision under way
//!   (`GameState::heuristic_value_after`): starting a cram, a dig or a buy, choosing a
//!   purchase's project or stock, looking on from a pile. The mover's estimate is worked out
//!   in this position with the turn the move leads to (`turn_after`, which applying the move
//!   sets too); no other seat's estimate reads the turn.

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
            // Passing the commit step on to the next seat (`end_commit` before the last seat:
            // the commits are revealed once every seat has committed) sets only whose
            // decision it is and the turn, in a stage no estimate looks ahead in (Commit).
            (Some(Move::Stop), Stage::Commit) => self
                .actor()
                .is_some_and(|seat| (seat + 1) % self.n() != usize::from(self.t.first)),
            _ => false,
        }
    }

    /// The acting seat's value (`seat_heuristic`) after the legal `action`, when the move
    /// changes nothing the estimate reads but the turn (see the module), worked out without
    /// applying it; `None` for the other moves. Besides the turn, a cram sets its count
    /// (`batch`) on every project, a dig and looking on show a pile to the mover (`known`),
    /// and looking on lays a grave card on the pile left (drawn from the deck, reshuffled from
    /// the discard if need be): the estimate reads none of them (it looks at the pile in view,
    /// not the one left).
    pub(crate) fn estimate_after(&self, action: Action) -> Option<f64> {
        let seat = self.actor()?;
        let turn = self.turn_after(decode(action)?)?;
        Some(self.seat_heuristic_in_turn(seat, &turn))
    }
}
