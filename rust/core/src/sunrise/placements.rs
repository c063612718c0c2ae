//! The ids of Step Two's placements ("Place Resources onto a Project" / "into the Reserve")
//! and of the reserve conversions ("Use Resources from the Reserve"), listed from a seat's
//! open icons gathered once by resource.
//!
//! Targets number 64 (projects 0–33, showpieces 34–63), so the works with an open icon of one
//! resource are one `u64`, bit t for target t. Reading its bits lowest first lists the
//! targets ascending, which is the order of the ids (a placement's or a conversion's id grows
//! with its target), without scanning every work for every resource.

use super::actions::{convert_action, place_action, NUM_WORK_TARGETS, RESERVE_TARGET};
use super::data::NUM_RESOURCES;
use super::state::{SunriseState, MAX_WHEEL};
use crate::engine::{Action, ActionList, Seat};

// A target set is one u64.
const _: () = assert!(NUM_WORK_TARGETS <= 64);

/// A seat's works with an open icon, by resource.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct OpenTargets {
    /// Bit t of entry r: target t has an unfilled icon of resource r.
    by_resource: [u64; NUM_RESOURCES],
    /// Bit r: some work has an unfilled icon of resource r.
    any: u16,
}

impl OpenTargets {
    /// Whether no work has an open icon.
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.any == 0
    }

    /// Adds target `target` under each resource of `mask`.
    #[inline]
    pub(super) fn add(&mut self, target: usize, mask: u16) {
        self.any |= mask;
        let mut bits = mask;
        while bits != 0 {
            let r = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.by_resource[r] |= 1u64 << (target & 63);
        }
    }

    /// Removes target `target` from under each resource of `mask`.
    #[inline]
    pub(super) fn remove(&mut self, target: usize, mask: u16) {
        let mut bits = mask;
        while bits != 0 {
            let r = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.by_resource[r] &= !(1u64 << (target & 63));
            if self.by_resource[r] == 0 {
                self.any &= !(1 << r);
            }
        }
    }
}

/// Pushes `base + t` for each target `t` of `targets`, ascending: the ids of one resource's
/// placements or conversions (both grow by one per target).
#[inline]
fn push_targets(base: Action, targets: u64, out: &mut ActionList) {
    let mut ts = targets;
    while ts != 0 {
        out.push(base + ts.trailing_zeros());
        ts &= ts - 1;
    }
}

impl SunriseState {
    /// Step Two "Place Resources onto a Project" / "into the Reserve", onto the seat's `open`
    /// works (from `with_open_targets`). Ids come out ascending: by slot, resource, target.
    pub(super) fn place_actions(&self, seat: Seat, open: &OpenTargets, out: &mut ActionList) {
        let p = &self.t.players[seat];
        let open_anywhere = if self.token_available(seat) {
            open.any
        } else {
            0
        };
        // Identical cards on the wheel (same class of faces, same parts used) are
        // interchangeable: offer the first of them only.
        let mut seen = [0u16; MAX_WHEEL];
        for (slot, wc) in p.wheel.iter().enumerate() {
            let class = self.cards.wheel_faces[usize::from(wc.card)].class;
            let key = u16::from(class) << 8 | u16::from(wc.used);
            let repeat = seen[..slot].contains(&key);
            seen[slot] = key;
            if repeat {
                continue;
            }
            let (offer, reserve) = self.offers(wc);
            // Visit only the resources that yield an action, in ascending order.
            let mut bits = (offer & open_anywhere) | reserve;
            while bits != 0 {
                let r = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let bit = 1u16 << r;
                if offer & open_anywhere & bit != 0 {
                    push_targets(place_action(slot, r, 0), open.by_resource[r], out);
                }
                if reserve & bit != 0 {
                    out.push(place_action(slot, r, RESERVE_TARGET));
                }
            }
        }
    }

    /// "Use Resources from the Reserve": convert 2 reserve resources into 1 on any open icon
    /// of the seat's `open` works. Ids come out ascending: by resource, then target.
    pub(super) fn convert_actions(&self, seat: Seat, open: &OpenTargets, out: &mut ActionList) {
        if self.t.players[seat].reserve < 2 {
            return;
        }
        let mut bits = open.any;
        while bits != 0 {
            let r = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            push_targets(convert_action(r, 0), open.by_resource[r], out);
        }
    }
}
