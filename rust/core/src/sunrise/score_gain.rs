//! What a move does to the running scores, told without trying it: greedy play's shortcut
//! (`GameState::heuristic_gain_of`). Step two's placements and conversions are most of the
//! candidates greedy rollouts weigh; each changes only the mover's score, by an amount the
//! move itself says, so greedy play scores them without copying the state and applying them.
//!
//! A move is told only where every case of its `apply` is known here; anything else is
//! `None` and is tried on a copy. `sunrise::tests::scoring` holds every told amount equal to
//! the one trying the move gives, at every step of random games.

use super::actions::{decode, Move, RESERVE_TARGET};
use super::data::{NUM_ALL_PROJECTS, NUM_RESOURCES};
use super::state::{Phase, SunriseState};
use crate::engine::{Action, Seat};

impl SunriseState {
    /// The change in the mover's running score that the legal `action` makes, when it
    /// changes no other seat's score; `None` when that is not certain from here.
    pub(crate) fn score_gain_of(&self, action: Action) -> Option<i32> {
        match (decode(action)?, self.t.phase) {
            // Step one's choice of style and destinations, and the reveal and distribution
            // when the last seat has chosen, write only hands, wheels, the wastebasket and
            // the large tiles: nothing a score is computed from ("Final Scoring" counts
            // projects, challenges, advantage cards, showpieces, the reserve and beans).
            // Nothing is settled after it either: every style keeps at least one card, so no
            // wheel is empty when step two begins.
            (Move::Draft(_), _) => Some(0),
            (
                Move::Place {
                    slot,
                    resource,
                    target,
                },
                Phase::Work { seat },
            ) => self.placement_gain(usize::from(seat), slot, resource, target),
            (Move::Convert { resource, target }, Phase::Work { seat }) => {
                let seat = usize::from(seat);
                // The seat's work goes on after it only with cards left on its wheel (an
                // empty wheel may end its step two, and what follows is not told here).
                if self.t.players[seat].wheel.is_empty() {
                    return None;
                }
                // "Return 1 of the 2 reserve resources to the supply, place the other": the
                // reserve's points ("1 point for every 2 resources") drop by exactly one.
                let on_work = self.work_gain(seat, resource, target)?;
                Some(on_work - 1)
            }
            _ => None,
        }
    }

    /// The gain of placing a resource from wheel `slot` onto `target` (a work or the
    /// reserve), if the seat's step two goes on after it.
    fn placement_gain(
        &self,
        seat: Seat,
        slot: usize,
        resource: usize,
        target: usize,
    ) -> Option<i32> {
        let p = &self.t.players[seat];
        let card = p.wheel.get(slot)?;
        let two = self.cards.resource_cards[usize::from(card.card)]
            .icons
            .count()
            == 2;
        // The card leaves the wheel when this is its last resource (see `place`); the step
        // goes on only if a card is left.
        let card_used_up = !two || card.used != 0;
        if card_used_up && p.wheel.len() == 1 {
            return None;
        }
        // No resource left anywhere: nothing is placed (see `take_token`). Not told.
        let token_left = self.t.community_supply > 0 || self.t.players.iter().any(|q| q.supply > 0);
        if !token_left {
            return None;
        }
        if target == RESERVE_TARGET {
            // "Reserve: 1 point for every 2 resources, rounded down."
            let reserve = i32::from(p.reserve);
            return Some((reserve + 1) / 2 - reserve / 2);
        }
        self.work_gain(seat, resource, target)
    }

    /// The gain of one resource placed on `target`, a project or showpiece of the seat's.
    /// Completing a showpiece returns its resources and adds its points and beans (the cup
    /// of coffee may change hands): not told.
    fn work_gain(&self, seat: Seat, resource: usize, target: usize) -> Option<i32> {
        if resource >= NUM_RESOURCES {
            return None;
        }
        if target < NUM_ALL_PROJECTS {
            // "1 per resource on in-progress projects": a project completed by it waits for
            // step three on its in-progress side, and counts every icon, so one more either way.
            return Some(1);
        }
        let card = (target - NUM_ALL_PROJECTS) as u8;
        let work = self.t.players[seat]
            .showpieces
            .iter()
            .find(|w| w.card == card)?;
        let icons = self.cards.target_icons[target].all;
        // "1 per resource on in-progress showpieces", unless this one completes it.
        (work.filled.count_ones() + 1 < icons.count_ones()).then_some(1)
    }
}
