//! The running counts greedy play's heuristic reads (`NijarState::heuristic`): for each seat,
//! its loaded kilns (a glaze kiln counting 2, a firing kiln 1) and its pieces on their way
//! (drying, or painted in a glazing workshop). Greedy play scores every candidate move of
//! every rollout step, so these are kept up to date by the few moves that load or empty a
//! kiln, a workshop or the drying area (`fire`, `paint`, `sell`, `shape`), instead of being
//! counted over the workshop for every candidate.
//!
//! Beside them, the indexes the legal actions read (`index.rs`); each seat's workshop index
//! is recounted with its counts (and when a card adds a kiln or a workshop, `play_card`).
//!
//! They are derived data, not part of the position: not in the JSON document (rebuilt on
//! load), never compared (two tables are equal whatever their tallies say), and not checked
//! by `validate`. A table opened for writing (`table_mut`, for tests) or read from JSON is
//! marked stale until the next move rebuilds the counts; while stale they are counted from
//! scratch, so a stale tally is never read.

use super::index::{SpaceIndex, WorkshopIndex};
use super::state::{NijarState, Phase, Player, Slot};
use crate::engine::Seat;

/// Per seat: loaded kilns (glaze 2, firing 1) and pieces on their way to a kiln.
#[derive(Clone, Copy, Debug)]
pub struct Tally {
    /// `2 * loaded glaze kilns + loaded firing kilns`, by seat.
    kiln: [u8; 4],
    /// `drying pieces + loaded glazing workshops`, by seat.
    coming: [u8; 4],
    /// Each seat's kilns, workshops and drying area.
    pub(crate) workshops: [WorkshopIndex; 4],
    /// Who is on the craftswoman spaces.
    pub(crate) spaces: SpaceIndex,
    /// Whether the counts may disagree with the table (then they are not read).
    stale: bool,
}

impl Default for Tally {
    /// A stale tally: what a table read from JSON starts with, until it is rebuilt.
    fn default() -> Self {
        Tally {
            kiln: [0; 4],
            coming: [0; 4],
            workshops: [WorkshopIndex::default(); 4],
            spaces: SpaceIndex::default(),
            stale: true,
        }
    }
}

/// Derived data never makes two tables differ.
impl PartialEq for Tally {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Tally {}

/// Loaded slots of a kiln or workshop row.
fn loaded(slots: &[Slot]) -> u8 {
    slots.iter().filter(|k| k.piece != 0).count() as u8
}

impl NijarState {
    /// Seat `s`'s `(kiln, coming)` counted over its workshop.
    pub(crate) fn tally_from_scratch(&self, s: Seat) -> (u8, u8) {
        tally_of(&self.t.players[s])
    }

    /// Seat `s`'s `(kiln, coming)`: the running counts, or counted if they are stale.
    pub(crate) fn tally(&self, s: Seat) -> (u8, u8) {
        let t = &self.t.tally;
        if t.stale {
            self.tally_from_scratch(s)
        } else {
            (t.kiln[s], t.coming[s])
        }
    }

    /// Recounts seat `s` after a move changed its kilns, workshops or drying area.
    pub(crate) fn retally(&mut self, s: Seat) {
        let (index, kiln, coming) = WorkshopIndex::read(&self.t.players[s]);
        self.t.tally.kiln[s] = kiln;
        self.t.tally.coming[s] = coming;
        self.t.tally.workshops[s] = index;
    }

    /// Recounts every seat and marks the tally current (after setup, loading, drawing a
    /// determinization, and before the first move after `table_mut`).
    pub(crate) fn rebuild_tally(&mut self) {
        for s in 0..self.n() {
            self.retally(s);
        }
        self.t.tally.spaces = SpaceIndex::of(&self.t);
        self.t.tally.stale = false;
    }

    /// Marks the tally stale (the table is about to be written to directly).
    pub(crate) fn mark_tally_stale(&mut self) {
        self.t.tally.stale = true;
    }

    /// Whether the running counts may be out of date.
    pub(crate) fn tally_is_stale(&self) -> bool {
        self.t.tally.stale
    }

    /// Whether seat `s`'s heuristic value is certainly the same here as in `before`: before
    /// the end (where it depends on that seat's own immediate VP, resources, cracks and
    /// tally alone) with every one of those equal. Solo is never answered (its one seat is
    /// the mover, and its value also reads the Competition's score).
    pub(crate) fn heuristic_inputs_equal(&self, before: &NijarState, s: Seat) -> bool {
        if self.is_solo()
            || self.t.phase == Phase::Over
            || before.t.phase == Phase::Over
            || self.tally_is_stale()
            || before.tally_is_stale()
        {
            return false;
        }
        let (a, b) = (&self.t.players[s], &before.t.players[s]);
        self.t.tally.kiln[s] == before.t.tally.kiln[s]
            && self.t.tally.coming[s] == before.t.tally.coming[s]
            && a.vp == b.vp
            && (a.pg, a.glaze, a.clay, a.cracks) == (b.pg, b.glaze, b.clay, b.cracks)
    }
}

/// A player's `(kiln, coming)` counted over its workshop (greedy play's shortcut,
/// `heuristic_gain`, counts a copy changed as a move would change it).
pub(crate) fn tally_of(p: &Player) -> (u8, u8) {
    let kiln = 2 * loaded(&p.glaze_kilns) + loaded(&p.firing_kilns);
    let coming = p.drying.iter().sum::<u8>() + loaded(&p.workshops);
    (kiln, coming)
}
