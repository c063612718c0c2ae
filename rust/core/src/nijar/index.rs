//! Indexes of the table that the legal actions read at nearly every step, kept up to date by
//! the few moves that change what they index. Like the heuristic's counts beside them in the
//! tally (`tally.rs`), they are derived data: not in the JSON document (rebuilt on load and
//! after a determinization is drawn), never compared, not checked by `validate`, and not read
//! while the tally is stale (a table opened for writing with `table_mut`); then the table is
//! read instead.

use super::state::{NijarState, Occupant, Player, Slot, Table, COLUMNS, EMPTY};
use crate::engine::Seat;

/// The most craftswomen one space can hold: a placement is one more than were there, of a
/// seat's 7 (7.2.1.1; the Competition's placements likewise, 12.5).
const MOST_ON_A_SPACE: usize = 7;

/// Who is on the craftswoman spaces (7.2.1.1), as sets of spaces (bit `row * 5 + column`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SpaceIndex {
    /// The spaces of the columns in play (4.1.2).
    open: u16,
    /// The spaces holding each seat's craftswomen (by the seat numbers of `Table::spaces`: in
    /// solo, `COMP` is the Competition's).
    by_seat: [u16; 4],
    /// `crowded[k]`: the spaces holding at least `k` craftswomen (`crowded[0]` is every
    /// space).
    crowded: [u16; MOST_ON_A_SPACE + 2],
}

impl SpaceIndex {
    /// The index of `t`'s spaces, read from them.
    pub(crate) fn of(t: &Table) -> Self {
        let mut index = SpaceIndex::default();
        for (row, occupants) in t.spaces.iter().enumerate() {
            for (col, &occ) in occupants.iter().enumerate() {
                let space = row * COLUMNS + col;
                if t.columns[col] != EMPTY {
                    index.open |= 1 << space;
                }
                index.set(space, Occupant::default(), occ);
            }
        }
        index
    }

    /// Space `space` held `old` and now holds `new`.
    fn set(&mut self, space: usize, old: Occupant, new: Occupant) {
        let bit = 1u16 << space;
        if let Some(seats) = self.by_seat.get_mut(usize::from(old.seat)) {
            *seats &= !bit;
        }
        if let Some(seats) = self.by_seat.get_mut(usize::from(new.seat)) {
            *seats |= bit;
        }
        for (k, crowded) in self.crowded.iter_mut().enumerate() {
            *crowded = *crowded & !bit | u16::from(usize::from(new.count) >= k) << space;
        }
    }

    /// The spaces seat `s` with `workers` craftswomen available may place on (7.2.1.1): in
    /// play, not its own colour, and holding fewer craftswomen than it has. (A seat never
    /// has more than 7, so `crowded` covers every count asked.)
    pub(crate) fn placeable(&self, s: Seat, workers: u8) -> u16 {
        let full = self.crowded[usize::from(workers).min(MOST_ON_A_SPACE + 1)];
        self.open & !self.by_seat[s] & !full
    }
}

/// A seat's kilns, glazing workshops and drying area (8.7, 8.8, 7.2.3), read at once: what
/// its firing, painting and selling options are made of, kept by the moves that change them
/// (`retally`) instead of being read kiln by kiln at every step (random play builds many).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct WorkshopIndex {
    /// The piece types in firing kilns (bit `type`).
    pub(crate) fired: u8,
    /// The piece types in glaze kilns.
    pub(crate) glazed: u8,
    /// The piece types drying.
    pub(crate) drying: u8,
    /// Whether a firing kiln is empty.
    pub(crate) firing_free: bool,
    /// Whether a glaze kiln is empty.
    pub(crate) glaze_free: bool,
    /// The glazing workshops holding a painted piece (bit `w`).
    pub(crate) loaded: u16,
    /// The glazing workshops holding none.
    pub(crate) empty: u16,
}

/// The piece types held in a row of kilns, as bits (bit `type - 1`).
pub(crate) fn kiln_types(kilns: &[Slot]) -> u8 {
    kilns
        .iter()
        .filter(|k| k.piece != 0)
        .fold(0, |set, k| set | 1 << (k.piece - 1))
}

impl WorkshopIndex {
    /// The index of `p`'s workshop, read from it.
    pub(crate) fn of(p: &Player) -> Self {
        let mut index = WorkshopIndex {
            fired: kiln_types(&p.firing_kilns),
            glazed: kiln_types(&p.glaze_kilns),
            firing_free: p.firing_kilns.iter().any(|k| k.piece == 0),
            glaze_free: p.glaze_kilns.iter().any(|k| k.piece == 0),
            ..WorkshopIndex::default()
        };
        for (t, &n) in p.drying.iter().enumerate() {
            index.drying |= u8::from(n > 0) << t;
        }
        for (w, ws) in p.workshops.iter().enumerate() {
            index.loaded |= u16::from(ws.piece != 0) << w;
            index.empty |= u16::from(ws.piece == 0) << w;
        }
        index
    }
}

impl NijarState {
    /// Seat `s`'s workshop index.
    pub(crate) fn workshop(&self, s: Seat) -> WorkshopIndex {
        if self.tally_is_stale() {
            return WorkshopIndex::of(&self.t.players[s]);
        }
        self.t.tally.workshops[s]
    }

    /// Puts `occ` on space (`row`, `col`), keeping the index.
    pub(crate) fn occupy(&mut self, row: usize, col: usize, occ: Occupant) {
        let old = std::mem::replace(&mut self.t.spaces[row][col], occ);
        self.t.tally.spaces.set(row * COLUMNS + col, old, occ);
    }

    /// The spaces seat `s` may place craftswomen on now (7.2.1.1), as bits.
    pub(crate) fn placeable_spaces(&self, s: Seat) -> u16 {
        let workers = self.t.players[s].workers;
        if self.tally_is_stale() {
            return SpaceIndex::of(&self.t).placeable(s, workers);
        }
        self.t.tally.spaces.placeable(s, workers)
    }
}
