//! Indexes of the table that the legal actions read at nearly every step, kept up to date by
//! the few moves that change what they index. Like the heuristic's counts beside them in the
//! tally (`tally.rs`), they are derived data: not in the JSON document (rebuilt on load and
//! after a determinization is drawn), never compared, not checked by `validate`, and not read
//! while the tally is stale (a table opened for writing with `table_mut`); then the table is
//! read instead.

use super::state::{NijarState, Occupant, Table, COLUMNS, EMPTY};
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

impl NijarState {
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
