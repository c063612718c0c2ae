//! 8.1 Acquire Cards (and the Acquire Card bonus, 9.6): refresh a row of one type, take up
//! to two cards (in any order: a player picks the card they want most first, and the other
//! must still be offered), move the donkey, refill left to right.

use super::actions::{encode, Move};
use super::data::CardType;
use super::openers::push_options;
use super::state::{Mode, NijarState, EMPTY};
use crate::engine::{ActionList, Seat};

/// Every draft row's bit in `Mode::Acquire::refreshed`.
const ALL_ROWS: u8 = 0b111;

/// Every draft position's bit (row * 5 + column).
const ALL_POSITIONS: u16 = (1 << 15) - 1;

/// The most orthogonal spaces between two draft positions (3 rows, 5 columns).
const FARTHEST: usize = 2 + 4;

/// `WITHIN[d][k]`: the draft positions at most `k` orthogonal spaces from position `d`.
const WITHIN: [[u16; FARTHEST + 1]; 15] = {
    let mut out = [[0u16; FARTHEST + 1]; 15];
    let mut d = 0usize;
    while d < 15 {
        let mut pos = 0usize;
        while pos < 15 {
            let dist = (d / 5).abs_diff(pos / 5) + (d % 5).abs_diff(pos % 5);
            let mut k = dist;
            while k <= FARTHEST {
                out[d][k] |= 1 << pos;
                k += 1;
            }
            pos += 1;
        }
        d += 1;
    }
    out
};

impl NijarState {
    /// Begins taking up to `max` cards. The row refresh belongs to the Acquire Cards action
    /// alone (8.1: "If, at the start of the Acquire Cards action, all available cards in one
    /// of the rows ..."); the Acquire Card bonus (9.6) lists its steps — acquire, pay, move
    /// the donkey, refill — without it, so `action` false starts with every row closed to it.
    pub(crate) fn begin_acquire(&mut self, max: u8, action: bool) {
        self.t.mode = Mode::Acquire {
            left: max,
            taken: 0,
            refreshed: if action { 0 } else { ALL_ROWS },
        };
    }

    /// The card at `pos` may be taken by `s`: a card is there and no other donkey.
    pub(crate) fn available_to(&self, s: Seat, pos: u8) -> bool {
        self.draft_at(pos) != EMPTY && self.donkey_at(pos).is_none_or(|d| d == s)
    }

    /// The positions `available_to` accepts, as bits (bit `pos`): the draft and the donkeys
    /// read once. A position is blocked by the first seat whose donkey stands there, as
    /// `donkey_at` finds it, unless that is `s`.
    pub(crate) fn available_set(&self, s: Seat) -> u16 {
        let (mut seen, mut blocked) = (0u16, 0u16);
        for (seat, &d) in self.t.donkeys.iter().enumerate() {
            if d < 15 && seen & 1 << d == 0 {
                seen |= 1 << d;
                if seat != s {
                    blocked |= 1 << d;
                }
            }
        }
        let mut cards = 0u16;
        for pos in 0..15u8 {
            if self.draft_at(pos) != EMPTY {
                cards |= 1 << pos;
            }
        }
        cards & !blocked
    }

    /// 8.1: "1 Perra Gorda Token for each orthogonal space separating it from your Donkey".
    pub fn acquire_cost(&self, s: Seat, pos: u8) -> u8 {
        let d = self.t.donkeys[s];
        if d == EMPTY {
            return 0;
        }
        let (r1, c1) = (d / 5, d % 5);
        let (r2, c2) = (pos / 5, pos % 5);
        r1.abs_diff(r2) + c1.abs_diff(c2)
    }

    /// The draft positions whose cost (`acquire_cost`) seat `s` can pay, as bits: those
    /// within as many spaces of its donkey as it has Perra Gorda (a table of the positions
    /// within each distance of each position, not a cost worked out position by position).
    pub(crate) fn affordable_set(&self, s: Seat) -> u16 {
        let (d, pg) = (self.t.donkeys[s], self.t.players[s].pg);
        match WITHIN.get(usize::from(d)) {
            Some(within) => within[usize::from(pg).min(FARTHEST)],
            // No donkey yet: everything is free.
            None if d == EMPTY => ALL_POSITIONS,
            None => (0..15)
                .filter(|&pos| self.acquire_cost(s, pos) <= pg)
                .fold(0, |set, pos| set | 1 << pos),
        }
    }

    /// Whether every available card of row `r` is of one type (8.1).
    pub(crate) fn row_uniform(&self, s: Seat, r: u8) -> bool {
        let mut kind = None;
        for c in 0..5 {
            let pos = r * 5 + c;
            if !self.available_to(s, pos) {
                continue;
            }
            let t = CardType::of(usize::from(self.draft_at(pos)));
            match kind {
                None => kind = Some(t),
                Some(k) if k != t => return false,
                _ => {}
            }
        }
        kind.is_some()
    }

    pub(crate) fn acquire_legal(&self, s: Seat, out: &mut ActionList) {
        match self.t.mode {
            Mode::Acquire {
                left,
                taken,
                refreshed,
            } => {
                out.push(encode(Move::Stop));
                if taken == 0 {
                    for r in 0..3u8 {
                        if refreshed & (1 << r) == 0 && self.row_uniform(s, r) {
                            out.push(encode(Move::Refresh(r)));
                        }
                    }
                }
                if left > 0 {
                    let set = self.available_set(s) & self.affordable_set(s);
                    push_options(out, encode(Move::Take(0)), set.into());
                }
            }
            Mode::Donkey { acquired } => {
                // Without acquiring, moving is optional; after acquiring it is required
                // whenever there is a card to move onto. (Stop's id is below every move's.)
                if !acquired {
                    out.push(encode(Move::Stop));
                }
                let here = self.t.donkeys[s];
                let mut set = self.available_set(s);
                if here < 15 {
                    set &= !(1 << here);
                }
                let any = set != 0;
                let first = encode(Move::MoveDonkey(0));
                while set != 0 {
                    out.push(first + set.trailing_zeros());
                    set &= set - 1;
                }
                if acquired && !any {
                    out.push(encode(Move::Stop));
                }
            }
            _ => {}
        }
    }

    pub(crate) fn apply_acquire(&mut self, s: Seat, m: Move) {
        match (self.t.mode, m) {
            (
                Mode::Acquire {
                    left,
                    taken,
                    refreshed,
                    ..
                },
                Move::Refresh(r),
            ) => {
                self.refresh_row(s, r);
                self.t.mode = Mode::Acquire {
                    left,
                    taken,
                    refreshed: refreshed | (1 << r),
                };
            }
            (
                Mode::Acquire {
                    left,
                    taken,
                    refreshed,
                    ..
                },
                Move::Take(pos),
            ) => {
                let cost = self.acquire_cost(s, pos);
                let id = self.draft_at(pos);
                let sup = &mut self.t.supply;
                let p = &mut self.t.players[s];
                p.pg -= cost;
                sup.pg += cost;
                p.hand.insert(usize::from(id));
                // Taken from the face-up draft area: everyone saw where it went.
                self.t.known[usize::from(id)] = self.all_seats();
                self.t.draft[usize::from(pos / 5)][usize::from(pos % 5)] = EMPTY;
                self.t.mode = if left > 1 {
                    Mode::Acquire {
                        left: left - 1,
                        taken: taken + 1,
                        refreshed,
                    }
                } else {
                    Mode::Donkey { acquired: true }
                };
            }
            (Mode::Acquire { taken, .. }, _) => {
                self.t.mode = Mode::Donkey {
                    acquired: taken > 0,
                };
            }
            (Mode::Donkey { .. }, m) => {
                if let Move::MoveDonkey(pos) = m {
                    self.t.donkeys[s] = pos;
                }
                self.refill_draft();
                self.t.mode = Mode::Idle;
            }
            _ => {}
        }
    }

    /// 8.1: the row's available cards back into their deck, shuffled, and the row's empty
    /// spaces refilled from it.
    fn refresh_row(&mut self, s: Seat, r: u8) {
        let all = self.all_seats();
        for c in 0..5u8 {
            let pos = r * 5 + c;
            if self.available_to(s, pos) {
                let id = self.draft_at(pos);
                self.t.decks[usize::from(r)].push(id);
                // Everyone knows the card is in the deck (not where in it).
                self.t.known[usize::from(id)] = all;
                self.t.draft[usize::from(r)][usize::from(c)] = EMPTY;
            }
        }
        let deck = &mut self.t.decks[usize::from(r)];
        self.t.rng.shuffle(deck);
        self.refill_row(usize::from(r));
    }

    /// Refills every row's empty spaces from its deck, left to right (8.1).
    pub(crate) fn refill_draft(&mut self) {
        for r in 0..3 {
            self.refill_row(r);
        }
    }

    fn refill_row(&mut self, r: usize) {
        let all = self.all_seats();
        for c in 0..5 {
            if self.t.draft[r][c] == EMPTY {
                if let Some(id) = self.t.decks[r].pop() {
                    self.t.draft[r][c] = id;
                    self.t.known[usize::from(id)] = all;
                }
            }
        }
    }
}
