//! 8.5 Throw (and the Throwing Bonus, 9.4) and 8.6 Shape.

use super::actions::SHAPE_PAIRS;
use super::data::{Act, CardSet};
use super::state::{Mode, NijarState, Player, Supply, CLEANING_AREA};
use crate::engine::{FixedVec, Seat};

impl NijarState {
    /// Advances the vase of wheel `w` one space; the benefit is queued in the order of
    /// advancing, and a completed wheel scores its VP (8.5).
    pub(crate) fn advance_vase(&mut self, s: Seat, w: u8) {
        // The card data and the table borrowed apart (no count taken on the shared set at
        // every vase move).
        let (cards, t) = (&*self.cards, &mut self.t);
        let Some(benefit) = move_vase(cards, &mut t.players[s], w) else {
            return;
        };
        if let Mode::Throw { left, mut benefits } = t.mode {
            benefits.push(benefit);
            let left = left - 1;
            let movable = t.players[s]
                .wheels
                .iter()
                .any(|w| usize::from(w.pos) < cards.wheel(w.card).spaces.len());
            t.mode = Mode::Throw { left, benefits };
            if left == 0 || !movable {
                self.end_throw();
            }
        }
    }

    /// The vases have moved: their benefits, in the order reached, each optional (8.5).
    pub(crate) fn end_throw(&mut self) {
        if let Mode::Throw { benefits, .. } = self.t.mode {
            self.t.mode = Mode::Idle;
            let list: FixedVec<Act, { super::state::MAX_THROW }> = benefits;
            self.push_frame(true, &list);
        }
    }

    /// 8.6: option 0..3 one piece for 1 Clay; 3..9 two pieces for 2 Clay and 2 Cracks.
    /// Test-only: the rule option by option, which `shape_options` is checked against.
    #[cfg(test)]
    pub(crate) fn can_shape(&self, s: Seat, o: u8) -> bool {
        let p = &self.t.players[s];
        let sup = &self.t.supply;
        if o < 3 {
            p.clay >= 1 && sup.pieces[usize::from(o)] >= 1
        } else {
            let (a, b) = SHAPE_PAIRS[usize::from(o - 3)];
            let pieces_ok = if a == b {
                sup.pieces[a] >= 2
            } else {
                sup.pieces[a] >= 1 && sup.pieces[b] >= 1
            };
            p.clay >= 2 && p.cracks + 2 <= CLEANING_AREA && sup.cracks >= 2 && pieces_ok
        }
    }

    /// Every option `can_shape` accepts, as bits (bit `o`), the supply and the clay read
    /// once.
    pub(crate) fn shape_options(&self, s: Seat) -> u16 {
        let p = &self.t.players[s];
        let sup = &self.t.supply;
        let mut set = 0u16;
        // 8.6: one piece for 1 Clay.
        if p.clay >= 1 {
            for (t, &n) in sup.pieces.iter().enumerate() {
                if n >= 1 {
                    set |= 1 << t;
                }
            }
        }
        // 8.6: two pieces for 2 Clay and 2 Cracks (room for them and 2 in the supply).
        if p.clay >= 2 && p.cracks + 2 <= CLEANING_AREA && sup.cracks >= 2 {
            for (i, &(a, b)) in SHAPE_PAIRS.iter().enumerate() {
                let ok = if a == b {
                    sup.pieces[a] >= 2
                } else {
                    sup.pieces[a] >= 1 && sup.pieces[b] >= 1
                };
                if ok {
                    set |= 1 << (3 + i);
                }
            }
        }
        set
    }

    pub(crate) fn shape(&mut self, s: Seat, o: u8) {
        shape_from(&mut self.t.supply, &mut self.t.players[s], o);
        self.retally(s);
    }
}

/// The vase of wheel `w` of player `p` one space on: its benefit, and a completed wheel's VP
/// booked under "Potter's wheels" (as `add_vp`); `None`, and nothing moved, if the wheel is
/// complete (8.5). On a player alone, so greedy play's shortcut (`heuristic_gain`) can move
/// a copy.
pub(crate) fn move_vase(cards: &CardSet, p: &mut Player, w: u8) -> Option<Act> {
    let wheel = &mut p.wheels[usize::from(w)];
    let card = cards.wheel(wheel.card);
    if usize::from(wheel.pos) >= card.spaces.len() {
        return None;
    }
    wheel.pos += 1;
    let benefit = card.spaces[usize::from(wheel.pos) - 1];
    if usize::from(wheel.pos) == card.spaces.len() {
        p.vp[1] += i32::from(card.finish_vp);
    }
    Some(benefit)
}

/// 8.6 on a player and the supply (see `NijarState::shape`; the tally is the caller's).
pub(crate) fn shape_from(sup: &mut Supply, p: &mut Player, o: u8) {
    if o < 3 {
        p.clay -= 1;
        sup.pieces[usize::from(o)] -= 1;
        p.drying[usize::from(o)] += 1;
    } else {
        let (a, b) = SHAPE_PAIRS[usize::from(o - 3)];
        p.clay -= 2;
        sup.cracks -= 2;
        p.cracks += 2;
        for t in [a, b] {
            sup.pieces[t] -= 1;
            p.drying[t] += 1;
        }
    }
}
