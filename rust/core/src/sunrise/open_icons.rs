//! Each seat's open icons by resource ([`OpenTargets`]), kept up to date by the few moves that
//! change a seat's works: a resource placed or converted onto a work (`fill`), a project taken
//! (`take_project`), a showpiece revealed (`reveal`). Step two lists its placements and
//! conversions from them at every step ("Place Resources onto a Project", "Use Resources from
//! the Reserve"), so they are read far more often than they change.
//!
//! They are derived data, not part of the position: not in the JSON document (rebuilt on
//! load), never compared (two tables are equal whatever their caches say), and not checked by
//! `validate`. Setup, loading and every determinization rebuild them; a table opened for
//! writing (`table_mut`, for tests) marks them stale, and while stale they are gathered from
//! scratch (so a stale cache is never read) until the next move rebuilds them.

use super::data::NUM_ALL_PROJECTS;
use super::placements::OpenTargets;
use super::state::{SunriseState, Work, MAX_SUNRISE_PLAYERS};
use crate::engine::Seat;

/// Every seat's [`OpenTargets`], or stale.
#[derive(Clone, Copy, Debug)]
pub struct OpenIcons {
    /// By seat.
    seats: [OpenTargets; MAX_SUNRISE_PLAYERS],
    /// Whether the sets may disagree with the table (then they are not read).
    stale: bool,
}

impl Default for OpenIcons {
    /// A stale cache: what a table read from JSON starts with, until it is rebuilt.
    fn default() -> Self {
        OpenIcons {
            seats: [OpenTargets::default(); MAX_SUNRISE_PLAYERS],
            stale: true,
        }
    }
}

/// Derived data never makes two tables differ.
impl PartialEq for OpenIcons {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for OpenIcons {}

#[cfg(test)]
impl OpenIcons {
    /// The running sets by seat, for the tests that compare them with a gathering.
    pub(super) fn seats_for_test(&self) -> &[OpenTargets; MAX_SUNRISE_PLAYERS] {
        &self.seats
    }
}

impl SunriseState {
    /// The placement target of a work: its project id, or `NUM_ALL_PROJECTS` + its
    /// advantage id for a showpiece.
    #[inline]
    pub(super) fn work_target(w: &Work, showpiece: bool) -> usize {
        usize::from(w.card) + if showpiece { NUM_ALL_PROJECTS } else { 0 }
    }

    /// Mask of the resources with an open icon on a work.
    #[inline]
    pub(super) fn open_mask(&self, w: &Work, showpiece: bool) -> u16 {
        let target = Self::work_target(w, showpiece);
        self.cards.target_icons[target].open[usize::from(w.filled) & 63]
    }

    /// The seat's works with an open icon, by resource, gathered from its works.
    pub(super) fn open_targets_from_scratch(&self, seat: Seat) -> OpenTargets {
        let p = &self.t.players[seat];
        let mut open = OpenTargets::default();
        for w in &p.projects {
            open.add(Self::work_target(w, false), self.open_mask(w, false));
        }
        for w in &p.showpieces {
            open.add(Self::work_target(w, true), self.open_mask(w, true));
        }
        open
    }

    /// Calls `f` with the seat's works with an open icon, by resource: the running sets (read
    /// in place, not copied), or gathered if they are stale.
    #[inline]
    pub(super) fn with_open_targets<R>(&self, seat: Seat, f: impl FnOnce(&OpenTargets) -> R) -> R {
        if self.t.open.stale {
            return f(&self.open_targets_from_scratch(seat));
        }
        // The unit tests check the running sets at every read (a raw edit of the table that
        // bypassed `table_mut` would be caught here too).
        #[cfg(test)]
        assert_eq!(
            self.t.open.seats[seat],
            self.open_targets_from_scratch(seat),
            "seat {seat}'s open icons by resource"
        );
        f(&self.t.open.seats[seat])
    }

    /// Whether the seat has a work with an open icon.
    #[inline]
    pub(super) fn has_open_icon(&self, seat: Seat) -> bool {
        self.with_open_targets(seat, |open| !open.is_empty())
    }

    /// Gathers every seat's sets and marks them current (after setup, loading, drawing a
    /// determinization, and before the first move after `table_mut`).
    pub(crate) fn rebuild_open_icons(&mut self) {
        for s in 0..self.n() {
            self.t.open.seats[s] = self.open_targets_from_scratch(s);
        }
        self.t.open.stale = false;
    }

    /// Marks the sets stale (the table is about to be written to directly).
    pub(crate) fn mark_open_icons_stale(&mut self) {
        self.t.open.stale = true;
    }

    /// Whether the running sets may be out of date.
    pub(crate) fn open_icons_stale(&self) -> bool {
        self.t.open.stale
    }

    /// A work of the seat at `target` now has the open resources `now` instead of `before`
    /// (`now` is 0 for a completed work, which leaves the seat's works; `before` is 0 for a
    /// work just taken or revealed).
    pub(super) fn open_icons_changed(&mut self, seat: Seat, target: usize, before: u16, now: u16) {
        let open = &mut self.t.open.seats[seat];
        open.add(target, now & !before);
        open.remove(target, before & !now);
    }
}
