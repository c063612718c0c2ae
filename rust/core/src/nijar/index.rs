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
        index.crowded[0] = (1 << (3 * COLUMNS)) - 1;
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

    /// Space `space` held `old` and now holds `new`. Only the counts between the two change
    /// sets (a placement is one more than were there: one set).
    fn set(&mut self, space: usize, old: Occupant, new: Occupant) {
        let bit = 1u16 << space;
        if let Some(seats) = self.by_seat.get_mut(usize::from(old.seat)) {
            *seats &= !bit;
        }
        if let Some(seats) = self.by_seat.get_mut(usize::from(new.seat)) {
            *seats |= bit;
        }
        let last = self.crowded.len() - 1;
        let (old, new) = (
            usize::from(old.count).min(last),
            usize::from(new.count).min(last),
        );
        for k in old + 1..=new {
            self.crowded[k] |= bit;
        }
        for k in new + 1..=old {
            self.crowded[k] &= !bit;
        }
    }

    /// Every space emptied (10.1: the craftswomen go back at the end of a round).
    pub(crate) fn clear(&mut self) {
        self.by_seat = [0; 4];
        let every = self.crowded[0];
        self.crowded = [0; MOST_ON_A_SPACE + 2];
        self.crowded[0] = every;
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

/// A row of kilns read once: the piece types in it (bit `type - 1`), whether one is empty,
/// and how many hold a piece. (Without a branch per kiln: which ones are loaded changes
/// from step to step.)
fn read_kilns(kilns: &[Slot]) -> (u8, bool, u8) {
    let (mut types, mut loaded) = (0u8, 0u8);
    for k in kilns {
        let has = u8::from(k.piece != 0);
        types |= has << (k.piece.wrapping_sub(1) & 7);
        loaded += has;
    }
    (types, usize::from(loaded) < kilns.len(), loaded)
}

impl WorkshopIndex {
    /// The index of `p`'s workshop, read from it.
    pub(crate) fn of(p: &Player) -> Self {
        Self::read(p).0
    }

    /// The index of `p`'s workshop and the tally's counts (`tally_of`), read in one pass
    /// over each row.
    pub(crate) fn read(p: &Player) -> (Self, u8, u8) {
        let (fired, firing_free, firing_loaded) = read_kilns(&p.firing_kilns);
        let (glazed, glaze_free, glaze_loaded) = read_kilns(&p.glaze_kilns);
        let mut index = WorkshopIndex {
            fired,
            glazed,
            firing_free,
            glaze_free,
            ..WorkshopIndex::default()
        };
        for (t, &n) in p.drying.iter().enumerate() {
            index.drying |= u8::from(n > 0) << t;
        }
        let mut painted = 0u8;
        for (w, ws) in p.workshops.iter().enumerate() {
            let has = ws.piece != 0;
            index.loaded |= u16::from(has) << w;
            index.empty |= u16::from(!has) << w;
            painted += u8::from(has);
        }
        let kiln = 2 * glaze_loaded + firing_loaded;
        let coming = p.drying.iter().sum::<u8>() + painted;
        (index, kiln, coming)
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
