//! The end of a week: the commit step's reveal, "III. Complete Project Step" (credit and
//! demerit tokens, materials back, credits, on-complete effects), "Advance the Moon", "End
//! of Month" (the first player token, the moon reset, grave piles, "Update the Market", the
//! staffs refreshed) and the end of the game.

use super::data::{Department, Effect, StockChoice, Trigger};
use super::state::{bit, Done, Phase, SorceryState, Turn, MONTHS, NONE, WEEKS};
use crate::engine::Seat;

impl SorceryState {
    /// Seats in turn order from the first player.
    pub(crate) fn turn_order(&self) -> impl Iterator<Item = Seat> {
        let n = self.n();
        let first = usize::from(self.t.first);
        (0..n).map(move |k| (first + k) % n)
    }

    /// Every seat has committed: the pending commits are revealed and placed, then the
    /// Complete Project Step, then the moon advances.
    pub(crate) fn reveal_commits(&mut self) {
        let all = self.all_seats();
        let order: crate::engine::PerSeat<Seat> = self.turn_order().collect();
        for &s in &order {
            let pending = std::mem::take(&mut self.t.players[s].pending);
            for (k, c) in pending.iter().enumerate() {
                let m = usize::from(c.material);
                let project = usize::from(c.project);
                let alchemy = self.proj(project).department == Department::Alchemy;
                // Alchemy: a second material in the same commit phase adds a demerit.
                let earlier = pending[..k].iter().any(|e| e.project == c.project);
                let p = &self.t.players[s];
                let Some(w) = p.projects.iter().position(|w| w.card == c.project) else {
                    continue;
                };
                let work = p.projects[w];
                if let Some(slot) = self.open_slot(&work, usize::from(c.icon)) {
                    let p = &mut self.t.players[s];
                    p.projects[w].slots[slot] = c.material;
                    if alchemy && earlier {
                        p.projects[w].demerits = p.projects[w].demerits.saturating_add(1);
                    }
                    p.hand &= !bit(m);
                    self.t.known[m] = all;
                }
            }
        }
        // A staff used in the commit step is revealed with the commits: face-down now.
        for p in self.t.players.iter_mut() {
            if p.staff_pending {
                p.staff_pending = false;
                p.staff_used = true;
            }
        }
        for &s in &order {
            self.complete_ready(s);
        }
        self.offer_complete_staff(None);
    }

    /// "You can use your staff in any step of your turn: Action, Commit, or Complete." Once
    /// every completion is resolved and its tokens placed (a demerit a grave card or Alchemy
    /// gave may now be removed, a completed project's stock is back in the supply), each seat
    /// after `after` in turn order whose staff is face-up and can do something decides to use
    /// it or keep it; then the moon advances.
    pub(crate) fn offer_complete_staff(&mut self, after: Option<Seat>) {
        let order: crate::engine::PerSeat<Seat> = self.turn_order().collect();
        let start = after.map_or(0, |a| {
            order.iter().position(|&s| s == a).map_or(0, |k| k + 1)
        });
        let next = order[start..]
            .iter()
            .copied()
            .find(|&s| self.staff_usable(s, false));
        match next {
            Some(seat) => {
                self.t.phase = Phase::Complete { seat: seat as u8 };
                self.t.turn = Turn {
                    stage: super::state::Stage::Complete,
                    ..Turn::default()
                };
            }
            None => self.advance_moon(),
        }
    }

    /// Completes every project of `seat` whose icons are all filled.
    pub(crate) fn complete_ready(&mut self, seat: Seat) {
        while let Some(k) = self.t.players[seat]
            .projects
            .iter()
            .position(|w| self.is_full(w))
        {
            self.complete(seat, k);
        }
    }

    /// "If a project has materials committed to it that match the number and type needed to
    /// complete it, flip it over. Check all grave cards that were committed to the project
    /// for extra credits or demerits, then place all grave cards into the grave discard pile
    /// and return any stock materials to the supply."
    fn complete(&mut self, seat: Seat, k: usize) {
        let w = self.t.players[seat].projects.remove(k);
        let card = usize::from(w.card);
        let (mut credits, mut demerits) = (w.credits, w.demerits);
        // The card set is behind an Arc: borrow the icons without copying them.
        let cards = self.cards.clone();
        for (i, icon) in cards.projects[card].icons.iter().enumerate() {
            let slot = w.slots[i];
            if Self::holds_material(slot) {
                // "if you used the card for the material with the +1 or -1 beside it."
                let (c, d) = self.modifier(usize::from(slot), *icon as usize);
                credits = credits.saturating_add(c);
                demerits = demerits.saturating_add(d);
                self.discard_card(usize::from(slot));
            }
        }
        self.t.players[seat].completed.push(Done {
            card: w.card,
            credits,
            demerits,
            week: self.t.week + 1,
        });
        // On Complete effects (the checkmark).
        if let Some(a) = &cards.projects[card].ability {
            if a.trigger == Trigger::OnComplete {
                match a.effect {
                    Effect::DrawGrave { count } => self.draw_to_hand(seat, count),
                    Effect::TakeStock { stock, count } => {
                        for _ in 0..count {
                            self.take_stock(seat, stock == StockChoice::Candle);
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// "Advance the Moon": the next week, or the end of the month.
    fn advance_moon(&mut self) {
        self.t.week += 1;
        if self.t.week == WEEKS {
            self.end_month();
        } else {
            self.t.phase = Phase::Action { seat: self.t.first };
            self.t.turn = Turn::default();
        }
    }

    /// "End of Month" (and "At the end of the fourth month, the game is over").
    fn end_month(&mut self) {
        if self.t.month + 1 == MONTHS {
            self.t.week = WEEKS - 1;
            self.t.phase = Phase::GameOver;
            self.t.turn = Turn::default();
            // "End of Game": every hand's unused materials are counted (Physical Education)
            // and its grave values compared (the tiebreak) at the table, so every seat now
            // knows every hand.
            let all = self.all_seats();
            for q in 0..self.n() {
                let hand = self.t.players[q].hand;
                for c in 0..super::data::NUM_MATERIALS {
                    if hand & super::state::bit(c) != 0 {
                        self.t.known[c] |= all;
                    }
                }
            }
            return;
        }
        // 1. Pass the first player token clockwise. 2-3. Reset the moon, next month.
        self.t.first = ((usize::from(self.t.first) + 1) % self.n()) as u8;
        self.t.week = 0;
        self.t.month += 1;
        // 4. One card from the grave deck onto each grave pile.
        for k in 0..3 {
            self.pile_add(k);
        }
        // 5. Update the market.
        self.update_market();
        // Staff: "At the end of the month, after updating the market, everyone flips their
        // staff card face-up."
        for p in self.t.players.iter_mut() {
            p.staff_used = false;
        }
        // Solo: "At the end of the month, add the top 5 grave cards to the discard."
        if self.n() == 1 {
            for _ in 0..5 {
                if let Some(c) = self.draw_grave() {
                    self.discard_card(c);
                }
            }
        }
        self.t.phase = Phase::Action { seat: self.t.first };
        self.t.turn = Turn::default();
    }

    /// "Update the Market": the left column to the bottom of its decks, shift left, deal the
    /// right column (Month 2: 200-level; Months 3 and 4: 300-level; a lower level if empty).
    fn update_market(&mut self) {
        let all = self.all_seats();
        for i in 0..2 {
            let c = self.t.market[i];
            if c != NONE {
                let tier = self.proj(usize::from(c)).tier();
                self.t.decks[tier].insert(0, c);
                self.t.project_known[usize::from(c)] = all;
            }
        }
        self.t.market.copy_within(2..6, 0);
        let tier = if self.t.month == 1 { 1 } else { 2 };
        for i in 4..6 {
            self.t.market[i] = self.draw_project(tier);
        }
    }

    /// The total value of the grave cards in a seat's hand (the tiebreaker).
    pub fn grave_value_in_hand(&self, seat: Seat) -> u16 {
        self.value_of(self.t.players[seat].hand & Self::graves())
    }
}
