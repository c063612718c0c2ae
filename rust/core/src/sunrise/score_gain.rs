//! What a move does to the running scores, told without trying it: greedy play's shortcut
//! (`GameState::heuristic_gain_of`). Step two's placements and the conversions of every step
//! are most of the candidates greedy rollouts weigh; each changes only the mover's score, by
//! an amount the move itself says, so greedy play scores them without copying the state and
//! applying them. So are the moves that only hand the decision on (ending one's work, passing
//! on a conversion) and step three's completion bonuses and projects taken, which set the
//! turn's next step, and the discard of an advantage card for a reserve resource.
//!
//! A move is told only where every case of its `apply` is known here; anything else is
//! `None` and is tried on a copy. `sunrise::tests::scoring` holds every told amount equal to
//! the one trying the move gives, at every step of random games.

use super::actions::{decode, Move, END_TURN, RESERVE_TARGET};
use super::data::{NUM_ALL_PROJECTS, NUM_RESOURCES};
use super::score::icons_filled;
use super::state::{Bonus, Phase, SunriseState, TurnStage, Work};
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
            (Move::Convert { resource, target }, _) => {
                let seat = self.actor()?;
                let (on_work, completes) = self.fill_outcome(seat, resource, target)?;
                if !self.settles_nothing_after_conversion(seat, completes) {
                    return None;
                }
                // "Return 1 of the 2 reserve resources to the supply, place the other": the
                // reserve's points ("1 point for every 2 resources") drop by exactly one.
                Some(on_work - 1)
            }
            // Ending one's work or passing on a conversion only hands the decision on:
            // nothing a score is computed from changes (see `end_work`, `next_converter`).
            (Move::EndWork, Phase::Work { seat }) => {
                self.hands_on_after_work(usize::from(seat)).then_some(0)
            }
            (Move::EndTurn, Phase::Convert { seat }) => {
                self.a_converter_from(usize::from(seat) + 1).then_some(0)
            }
            (Move::Discard(_), _) if self.final_choosing().is_none() => self.discard_gain(),
            (Move::Bonus(b), Phase::Complete { .. }) => self.bonus_gain(*Bonus::ALL.get(b)?),
            (
                Move::Take(_),
                Phase::Complete {
                    turn: TurnStage::TakeProjects { remaining },
                    ..
                },
            ) => self.take_gain(remaining),
            _ => None,
        }
    }

    /// The change a conversion makes to the mover's running score beside ending the step it
    /// is made in (`END_TURN`), when the two set off the same automatic steps: in a
    /// completion turn's finish, or at the start of step three, the last conversion the seat
    /// can make that completes nothing. Then `settle` does what ending the step does (the
    /// next seat that can convert, else the next completion, which flips the same project
    /// either way: the waiting projects are the same). The chain stops at a decision that
    /// reads nothing the conversion changed: the next completion's bonus choice, or with no
    /// project waiting the end of the round, whose next round deals from the stacks and the
    /// wastebasket. The game's end is not told: whether a seat's end-game choice matters
    /// reads every supply (`final_choice_matters`). "Return 1 of the 2 reserve resources to
    /// the supply, place the other": one reserve point less, one more for the resource on the
    /// work.
    pub(crate) fn score_gain_beside(&self, action: Action) -> Option<(Action, i32)> {
        let Some(Move::Convert { resource, target }) = decode(action) else {
            return None;
        };
        let seat = self.actor()?;
        let (on_work, completes) = self.fill_outcome(seat, resource, target)?;
        let p = &self.t.players[seat];
        // `can_convert` needs 2 in the reserve: after this one, fewer than 2 are left.
        let last_conversion = !completes && p.reserve < 4;
        let ends_the_step = match self.t.phase {
            // `settle` ends a finished completion turn when the seat has no optional action.
            Phase::Complete {
                turn: TurnStage::Finish,
                ..
            } => p.advantages.is_empty(),
            // ... and moves past a converter that can convert no more.
            Phase::Convert { .. } => true,
            _ => false,
        };
        let a_project_waits = self.t.players.iter().any(|p| !p.awaiting.is_empty());
        let stops_at_a_decision = a_project_waits || !self.is_final_round();
        (last_conversion && ends_the_step && stops_at_a_decision).then_some((END_TURN, on_work - 1))
    }

    /// Whether `seat` ending its step two hands the game to a decision: the next seat's work
    /// while it has a card on its wheel or a move it may make (`settle` skips it otherwise),
    /// or after the last seat a seat that may convert at the start of step three (otherwise
    /// the first completion flips a project: not told).
    fn hands_on_after_work(&self, seat: Seat) -> bool {
        if seat + 1 < self.n() {
            self.next_seat_works(seat)
        } else {
            self.a_converter_from(0)
        }
    }

    /// Whether step two, ended by `seat`, stops at the next seat's work: there is a next
    /// seat, and it has a card on its wheel or a move it may make (`settle` skips it
    /// otherwise). A decision that reads nothing the ending seat's last move changed.
    fn next_seat_works(&self, seat: Seat) -> bool {
        let next = seat + 1;
        next < self.n()
            && (!self.t.players[next].wheel.is_empty() || self.has_optional_actions(next))
    }

    /// Whether a seat from `from` on may convert at the start of step three
    /// (`next_converter` stops there; otherwise the first completion flips a project).
    fn a_converter_from(&self, from: Seat) -> bool {
        (from..self.n()).any(|s| self.can_convert(s))
    }

    /// The gain of discarding a face-down advantage card "to the bottom of the advantage deck
    /// to place 1 resource into your reserve" ("Use Advantage Cards"): a face-down card
    /// scores nothing, and the resource, when one can be found (`take_token`), is one more in
    /// the reserve ("1 point for every 2 resources, rounded down"). Told where the seat's
    /// decision goes on after it: always at a bonus choice (`settle` never skips one), and in
    /// step two or a completion turn's finish while it has a card on its wheel (step two
    /// only), another advantage card, or a conversion it can make — `settle` otherwise ends
    /// its work or its turn, which is not told.
    fn discard_gain(&self) -> Option<i32> {
        let seat = self.actor()?;
        let p = &self.t.players[seat];
        let placed = self.token_available(seat);
        let reserve_after = p.reserve + u8::from(placed);
        let works = p.projects.len() + p.showpieces.len();
        let goes_on = match self.t.phase {
            Phase::Complete {
                turn: TurnStage::ChooseBonus,
                ..
            } => true,
            Phase::Work { .. } if !p.wheel.is_empty() => true,
            Phase::Work { .. }
            | Phase::Complete {
                turn: TurnStage::Finish,
                ..
            } => may_act_after(p.advantages.len().saturating_sub(1), reserve_after, works),
            _ => false,
        };
        let reserve = i32::from(p.reserve);
        let gain = if placed {
            (reserve + 1) / 2 - reserve / 2
        } else {
            0
        };
        goes_on.then_some(gain)
    }

    /// The gain of a completion bonus (`choose_bonus`) that only sets the turn's next step:
    /// 0. Drawn advantage cards go face-down into the hand, which scores nothing ("Final
    /// Scoring" counts revealed cards and completed showpieces). A bonus that ends at once
    /// (`finish_bonus`: studio challenges, the next completion) is not told.
    fn bonus_gain(&self, bonus: Bonus) -> Option<i32> {
        let next_step = match bonus {
            // Then "take 1 project" / "take 2 projects": offered only while the row holds one
            // (`bonus_allowed`), so the take is always the next step.
            Bonus::TakeTwoProjects | Bonus::AdvantageAndProject => true,
            // "Draw 3, keep 1": a choice to make when 2 or more are drawn.
            Bonus::DrawThreeKeepOne => self.t.advantage_deck.len() >= 2,
        };
        next_step.then_some(0)
    }

    /// The gain of taking a project from the row (`take_project`): the new project is in
    /// progress with no resource, "-1 per in-progress project". Another take follows when one
    /// is left to take and the deck still holds a card after the row is refilled (2 or more
    /// now: the refill turns up at most one). Otherwise the take ends the bonus
    /// (`finish_bonus`): the glaze of a two-glaze project is chosen next where it matters,
    /// else the studio challenges the completion met are taken and the turn reaches its
    /// finish, told where the seat still has something it may do there (`settle` moves on to
    /// the next completion otherwise, which is not told).
    fn take_gain(&self, remaining: u8) -> Option<i32> {
        if remaining > 1 && self.project_deck_size() >= 2 {
            return Some(-1);
        }
        let Phase::Complete { project, .. } = self.t.phase else {
            return None;
        };
        let seat = self.actor()?;
        let two_glazes = self.cards.projects[usize::from(project)].glazes.len() == 2;
        if two_glazes && self.glaze_matters(seat) {
            return Some(-1);
        }
        // The project just taken has an open icon, so the seat may still convert with 2
        // reserve resources (`can_convert`), or use an advantage card it holds.
        let p = &self.t.players[seat];
        let may_act = !p.advantages.is_empty() || p.reserve >= 2;
        may_act.then(|| self.challenge_points_due(seat) - 1)
    }

    /// The gain of placing a resource from wheel `slot` onto `target` (a work or the
    /// reserve), if the seat's step two goes on after it, or hands on to the next seat's.
    fn placement_gain(
        &self,
        seat: Seat,
        slot: usize,
        resource: usize,
        target: usize,
    ) -> Option<i32> {
        let p = &self.t.players[seat];
        let card = p.wheel.get(slot)?;
        // No resource left anywhere: nothing is placed (see `take_token`). Not told.
        if p.supply == 0 && !self.token_available(seat) {
            return None;
        }
        let (gain, completes) = if target == RESERVE_TARGET {
            // "Reserve: 1 point for every 2 resources, rounded down."
            let reserve = i32::from(p.reserve);
            ((reserve + 1) / 2 - reserve / 2, false)
        } else {
            self.fill_outcome(seat, resource, target)?
        };
        let two = self.cards.resource_cards[usize::from(card.card)]
            .icons
            .count()
            == 2;
        // The card leaves the wheel when this is its last resource (see `place`).
        let card_used_up = !two || card.used != 0;
        if card_used_up && p.wheel.len() == 1 {
            // The wheel is empty after it: `settle` ends the seat's work unless it may still
            // act — an advantage card, or a conversion (2 in its reserve and a work with an
            // open icon: every work in progress has one) — and then hands step two to the
            // next seat, a decision that reads nothing this placement changed, if that seat
            // has a card on its wheel or a move it may make. Otherwise later seats are
            // skipped, or step three begins (projects flip): not told.
            let reserve_after = p.reserve + u8::from(target == RESERVE_TARGET);
            let works_after = p.projects.len() + p.showpieces.len() - usize::from(completes);
            let may_act = may_act_after(p.advantages.len(), reserve_after, works_after);
            if !(may_act || self.next_seat_works(seat)) {
                return None;
            }
        }
        Some(gain)
    }

    /// What one resource placed on `target`, a project or showpiece of the seat's, adds to
    /// its score, and whether it completes the work; `None` where that is not told.
    /// Completing a showpiece returns its resources and adds its points and beans (the cup of
    /// coffee may change hands): not told.
    fn fill_outcome(&self, seat: Seat, resource: usize, target: usize) -> Option<(i32, bool)> {
        if resource >= NUM_RESOURCES {
            return None;
        }
        let p = &self.t.players[seat];
        let showpiece = target >= NUM_ALL_PROJECTS;
        let (works, card): (&[Work], usize) = if showpiece {
            (&p.showpieces, target - NUM_ALL_PROJECTS)
        } else {
            (&p.projects, target)
        };
        let work = works.iter().find(|w| usize::from(w.card) == card)?;
        let completes = icons_filled(work.filled) + 1 == self.cards.target_icons[target].len;
        match (showpiece, completes) {
            (true, true) => None,
            // "1 per resource on in-progress showpieces"; "1 per resource on in-progress
            // projects", and a project completed by it waits for step three on its
            // in-progress side, counting every icon: one more either way.
            _ => Some((1, completes)),
        }
    }

    /// Whether a conversion by `seat` (completing a work or not) changes no score through
    /// what `settle` does after it. `settle` moves on only when the seat is left with nothing
    /// it may do: in step two to the next seat's work (or, after the last seat, to step
    /// three), at the start of step three to the next seat that can convert (or to the first
    /// completion, which flips a project), at the end of a completion turn to the next
    /// completion. Moving to another seat's decision changes no score; the rest is not told.
    fn settles_nothing_after_conversion(&self, seat: Seat, completes: bool) -> bool {
        let p = &self.t.players[seat];
        let works_after = p.projects.len() + p.showpieces.len() - usize::from(completes);
        // Two of the reserve are spent on the conversion.
        let reserve_after = p.reserve.saturating_sub(2);
        let can_convert_after = may_act_after(0, reserve_after, works_after);
        let optional_after = may_act_after(p.advantages.len(), reserve_after, works_after);
        match self.t.phase {
            Phase::Work { .. } => {
                !p.wheel.is_empty() || optional_after || self.next_seat_works(seat)
            }
            Phase::Convert { .. } => can_convert_after || self.a_converter_from(seat + 1),
            Phase::Complete {
                turn: TurnStage::Finish,
                ..
            } => optional_after,
            Phase::Complete { .. } => true,
            _ => false,
        }
    }
}

/// `has_optional_actions` of a seat after a move of its own, from what the move leaves it:
/// `cards` face-down advantage cards to use, or a conversion ("Use Resources from the
/// Reserve": 2 in its `reserve` and a work with an open icon — each of its `works` in progress
/// has one).
fn may_act_after(cards: usize, reserve: u8, works: usize) -> bool {
    cards > 0 || (reserve >= 2 && works > 0)
}
