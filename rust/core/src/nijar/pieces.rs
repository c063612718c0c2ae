//! The pieces' way to the market: 8.7 Fire (9.2), 8.8 Paint (9.3), 7.2.3 Sell, and the
//! cracks' way out: 8.9 Clean (9.5).

use super::actions::{encode, Move};
use super::data::CardSet;
use super::moves::pay_from;
use super::state::{Mode, NijarState, Player, Supply};
use crate::engine::{ActionList, Seat};

impl NijarState {
    /// 8.7: option 0..3 a drying piece of that type into an empty firing kiln; 3 + w the
    /// painted piece of glazing workshop w into an empty glaze kiln. Kilns differ only in
    /// what they gave when played, so the first empty one receives the piece.
    /// Test-only: the rule option by option, which `fire_options` is checked against.
    #[cfg(test)]
    pub(crate) fn can_fire(&self, s: Seat, o: u8) -> bool {
        let p = &self.t.players[s];
        if o < 3 {
            p.drying[usize::from(o)] > 0 && p.firing_kilns.iter().any(|k| k.piece == 0)
        } else {
            p.workshops
                .get(usize::from(o - 3))
                .is_some_and(|w| w.piece != 0)
                && p.glaze_kilns.iter().any(|k| k.piece == 0)
        }
    }

    /// Every option `can_fire` accepts, as bits (bit `o`), read from the seat's workshop
    /// index: what the generator and the end of a firing move read instead of 16 calls.
    pub(crate) fn fire_options(&self, s: Seat) -> u16 {
        let w = self.workshop(s);
        // 8.7: a drying piece needs an empty firing kiln; a painted piece an empty glaze
        // kiln.
        let drying = if w.firing_free { w.drying.into() } else { 0 };
        let painted = if w.glaze_free { w.loaded << 3 } else { 0 };
        drying | painted
    }

    pub(crate) fn fire(&mut self, s: Seat, o: u8) {
        fire_on(&mut self.t.players[s], o);
        self.retally(s);
    }

    /// 8.8: option `w * 3 + t`: an unpainted piece of type t from a firing kiln into the
    /// empty glazing workshop w, paying that workshop's paint cost.
    /// Test-only: the rule option by option, which `paint_options` is checked against.
    #[cfg(test)]
    pub(crate) fn can_paint(&self, s: Seat, o: u8) -> bool {
        let p = &self.t.players[s];
        let (w, t) = (usize::from(o / 3), o % 3);
        let Some(ws) = p.workshops.get(w) else {
            return false;
        };
        ws.piece == 0
            && p.firing_kilns.iter().any(|k| k.piece == t + 1)
            && self.can_pay(s, self.cards.paint_cost(ws.card))
    }

    /// Every option `can_paint` accepts, as bits (bit `o`): the unpainted types in firing
    /// kilns onto each empty workshop whose paint cost can be paid (both read from the seat's
    /// workshop index).
    pub(crate) fn paint_options(&self, s: Seat) -> u64 {
        let index = self.workshop(s);
        let types = u64::from(index.fired);
        if types == 0 {
            return 0;
        }
        let p = &self.t.players[s];
        let mut set = 0u64;
        let mut empty = index.empty;
        while empty != 0 {
            let w = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            // 8.8: an empty glazing workshop, paying its paint cost.
            if self.can_pay(s, self.cards.paint_cost(p.workshops[w].card)) {
                set |= types << (3 * w);
            }
        }
        set
    }

    pub(crate) fn paint(&mut self, s: Seat, o: u8) {
        paint_from(&self.cards, &mut self.t.supply, &mut self.t.players[s], o);
        self.retally(s);
    }

    /// 7.2.3: option `painted * 3 + type`, from a glaze kiln (painted) or a firing kiln.
    /// Test-only: the rule option by option, which `sell_options` is checked against.
    #[cfg(test)]
    pub(crate) fn can_sell(&self, s: Seat, o: u8) -> bool {
        let p = &self.t.players[s];
        let t = o % 3 + 1;
        if o >= 3 {
            p.glaze_kilns.iter().any(|k| k.piece == t)
        } else {
            p.firing_kilns.iter().any(|k| k.piece == t)
        }
    }

    /// Every option `can_sell` accepts, as bits (bit `o`): the types in firing kilns
    /// (bits 0..3) and in glaze kilns (bits 3..6), from the seat's workshop index.
    pub(crate) fn sell_options(&self, s: Seat) -> u8 {
        let w = self.workshop(s);
        // 7.2.3: an unpainted piece from a firing kiln, a painted one from a glaze kiln.
        w.fired | w.glazed << 3
    }

    /// The VP a sale of option `o` brings now.
    pub fn sale_vp(&self, o: u8) -> u8 {
        let h = usize::from(self.t.heights[usize::from(o % 3)]).min(15);
        if o >= 3 {
            self.cards.board.market_painted[h]
        } else {
            self.cards.board.market_unpainted[h]
        }
    }

    /// 7.2.3: the VP of the market, then the marker down by the round's demand.
    pub(crate) fn sell(&mut self, s: Seat, o: u8) {
        let vp = self.sale_vp(o);
        let t = usize::from(o % 3);
        sell_from(&mut self.t.players[s], o, vp);
        self.retally(s);
        let down = self.t.demand[usize::from(self.t.round)][t];
        self.t.heights[t] = self.t.heights[t].saturating_sub(down);
    }

    /// Empty spaces on cleanup card `c`.
    pub(crate) fn cleanup_space(&self, s: Seat, c: usize) -> u8 {
        let cl = self.t.players[s].cleanups[c];
        self.cards.cleanup(cl.card).spaces.saturating_sub(cl.cracks)
    }

    fn capacity_from(&self, s: Seat, c: usize) -> u8 {
        (c..self.t.players[s].cleanups.len())
            .map(|i| self.cleanup_space(s, i))
            .sum()
    }

    /// 8.9: take (cleanup cards + 1) cracks from the cleaning area.
    pub(crate) fn begin_clean(&mut self, s: Seat) {
        let p = &mut self.t.players[s];
        let take = (p.cleanups.len() as u8 + 1).min(p.cracks);
        p.cracks -= take;
        self.t.mode = Mode::Clean {
            left: take,
            taken: take,
        };
        self.clean_continue(s);
    }

    /// 8.9: a crack onto card `c`, "empty spaces on your Cleanup Cards of your choice": any
    /// card with an empty space, in any order (a player places the crack they think of
    /// first, and every other card with room must still be offered). A choice is asked only
    /// while there are more spaces than cracks on two cards or more (`clean_continue`), so no
    /// crack goes to the supply while a space is empty.
    pub(crate) fn clean_legal(&self, s: Seat, out: &mut ActionList) {
        if let Mode::Clean { .. } = self.t.mode {
            for c in 0..self.t.players[s].cleanups.len() {
                if self.cleanup_space(s, c) > 0 {
                    out.push(encode(Move::CleanOn(c as u8)));
                }
            }
        }
    }

    pub(crate) fn clean_on(&mut self, s: Seat, c: u8) {
        if let Mode::Clean { left, taken, .. } = self.t.mode {
            self.t.players[s].cleanups[usize::from(c)].cracks += 1;
            self.t.mode = Mode::Clean {
                left: left - 1,
                taken,
            };
            self.clean_continue(s);
        }
    }

    /// Places cracks where there is no choice; once all are placed (or no space is left,
    /// the rest to the supply) completed cards give their rewards.
    fn clean_continue(&mut self, s: Seat) {
        let Mode::Clean { left, .. } = self.t.mode else {
            return;
        };
        let total = self.capacity_from(s, 0);
        let with_room = (0..self.t.players[s].cleanups.len())
            .filter(|&c| self.cleanup_space(s, c) > 0)
            .count();
        if left > 0 && total > left && with_room > 1 {
            return; // a real choice remains
        }
        // Every space gets a crack (or every crack a space): no choice left.
        let mut left = left;
        for c in 0..self.t.players[s].cleanups.len() {
            let room = self.cleanup_space(s, c).min(left);
            self.t.players[s].cleanups[c].cracks += room;
            left -= room;
        }
        self.t.supply.cracks += left;
        self.t.mode = Mode::Idle;
        self.complete_cleanups(s);
    }

    /// Completed cleanup cards: cracks to the supply, rewards (all gains, so their order
    /// does not change anything).
    fn complete_cleanups(&mut self, s: Seat) {
        for c in 0..self.t.players[s].cleanups.len() {
            if self.cleanup_space(s, c) == 0 {
                let cl = self.t.players[s].cleanups[c];
                let reward = self.cards.cleanup(cl.card).reward;
                self.t.players[s].cleanups[c].cracks = 0;
                self.t.supply.cracks += cl.cracks;
                if reward.res == super::data::Res::Vp {
                    self.add_vp(s, 3, i32::from(reward.n));
                } else {
                    self.gain(s, reward);
                }
            }
        }
    }

    /// 9.5: one crack onto card `c`.
    pub(crate) fn clean_one(&mut self, s: Seat, c: usize) {
        self.t.players[s].cracks -= 1;
        self.t.players[s].cleanups[c].cracks += 1;
        self.complete_cleanups(s);
    }
}

// The moves of the workshop on a player (and the supply) alone, without the tally (the
// caller's): greedy play's shortcut (`heuristic_gain`) applies them to copies.

/// 8.7 on a player: option 0..3 a drying piece of that type into an empty firing kiln;
/// 3 + w the piece of glazing workshop w into an empty glaze kiln.
pub(crate) fn fire_on(p: &mut Player, o: u8) {
    if o < 3 {
        p.drying[usize::from(o)] -= 1;
        if let Some(k) = p.firing_kilns.iter_mut().find(|k| k.piece == 0) {
            k.piece = o + 1;
        }
    } else {
        let w = usize::from(o - 3);
        let piece = p.workshops[w].piece;
        p.workshops[w].piece = 0;
        if let Some(k) = p.glaze_kilns.iter_mut().find(|k| k.piece == 0) {
            k.piece = piece;
        }
    }
}

/// 8.8 on a player and the supply: option `w * 3 + t`, paying workshop w's paint cost.
pub(crate) fn paint_from(cards: &CardSet, sup: &mut Supply, p: &mut Player, o: u8) {
    let (w, t) = (usize::from(o / 3), o % 3);
    let cost = *cards.paint_cost(p.workshops[w].card);
    pay_from(sup, p, &cost);
    if let Some(k) = p.firing_kilns.iter_mut().find(|k| k.piece == t + 1) {
        k.piece = 0;
    }
    p.workshops[w].piece = t + 1;
}

/// 7.2.3 on a player: the piece of option `o` out of its kiln, counted as sold, and its `vp`
/// booked under "Sales" (as `add_vp`; the market marker's fall is the caller's).
pub(crate) fn sell_from(p: &mut Player, o: u8, vp: u8) {
    let t = usize::from(o % 3);
    let kilns = if o >= 3 {
        &mut p.glaze_kilns
    } else {
        &mut p.firing_kilns
    };
    if let Some(k) = kilns.iter_mut().find(|k| k.piece == t as u8 + 1) {
        k.piece = 0;
    }
    p.sold[t] += 1;
    p.vp[0] += i32::from(vp);
}
