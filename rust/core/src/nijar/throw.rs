//! 8.5 Throw (and the Throwing Bonus, 9.4) and 8.6 Shape.

use super::actions::SHAPE_PAIRS;
use super::data::Act;
use super::state::{Mode, NijarState, CLEANING_AREA};
use crate::engine::{FixedVec, Seat};

impl NijarState {
    /// Advances the vase of wheel `w` one space; the benefit is queued in the order of
    /// advancing, and a completed wheel scores its VP (8.5).
    pub(crate) fn advance_vase(&mut self, s: Seat, w: u8) {
        // The card data and the table borrowed apart (no count taken on the shared set at
        // every vase move).
        let (cards, t) = (&*self.cards, &mut self.t);
        let wheel = &mut t.players[s].wheels[usize::from(w)];
        let card = cards.wheel(wheel.card);
        if usize::from(wheel.pos) >= card.spaces.len() {
            return;
        }
        wheel.pos += 1;
        let benefit = card.spaces[usize::from(wheel.pos) - 1];
        let finished = usize::from(wheel.pos) == card.spaces.len();
        if finished {
            // 8.5: a completed wheel's VP, booked under "Potter's wheels" (as `add_vp`).
            t.players[s].vp[1] += i32::from(card.finish_vp);
        }
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
        let sup = &mut self.t.supply;
        let p = &mut self.t.players[s];
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
        self.retally(s);
    }
}
