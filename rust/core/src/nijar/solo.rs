//! The solo game against the Competition (section 12): its donkey at setup (12.1.3), its turn
//! (12.4–12.5), craftswomen you return to it (12.6), its end of round (12.8) and its score
//! (12.9). The Competition is not a seat: it acts inside `apply_action` when its turn comes.

use super::data::DonkeyIcon;
use super::state::{NijarState, Occupant, COMP, CRAFTSWOMEN, EMPTY};

impl NijarState {
    /// 12.10: +3 VP for returning your craftswomen (+5 from Advanced).
    pub(super) fn displace_vp(&self) -> i32 {
        if self.t.config.difficulty >= 1 {
            5
        } else {
            3
        }
    }

    /// 12.10: +1 VP in the three cases (+2 in Expert).
    pub(super) fn small_vp(&self) -> i32 {
        if self.t.config.difficulty >= 2 {
            2
        } else {
            1
        }
    }

    /// The draft position beside `from` in a direction, if a card is there and no donkey
    /// (but, with `own`, the Competition's own donkey).
    fn beside(&self, from: u8, dr: i8, dc: i8, own: bool) -> Option<u8> {
        let r = i8::try_from(from / 5).ok()? + dr;
        let c = i8::try_from(from % 5).ok()? + dc;
        if !(0..3).contains(&r) || !(0..5).contains(&c) {
            return None;
        }
        let pos = (r * 5 + c) as u8;
        let free = self
            .donkey_at(pos)
            .is_none_or(|d| own && d == usize::from(COMP));
        (self.draft_at(pos) != EMPTY && free).then_some(pos)
    }

    /// The position a donkey icon asks for: the preferred one beside your donkey, else the
    /// alternative (12.5.2); `None` for the other icons or when neither is possible.
    fn icon_position(&self, icon: DonkeyIcon) -> Option<u8> {
        let yours = self.t.donkeys[0];
        if yours == EMPTY {
            return None;
        }
        let (a, b) = match icon {
            DonkeyIcon::RightLeft => ((0, 1), (0, -1)),
            DonkeyIcon::LeftRight => ((0, -1), (0, 1)),
            DonkeyIcon::AboveBelow => ((-1, 0), (1, 0)),
            DonkeyIcon::BelowAbove => ((1, 0), (-1, 0)),
            _ => return None,
        };
        // 12.5.2: a position its own donkey already holds is possible: it stays there
        // (only your donkey, or a missing card, sends it to the alternative).
        self.beside(yours, a.0, a.1, true)
            .or_else(|| self.beside(yours, b.0, b.1, true))
    }

    /// 12.1.3: reveal Competition cards until one shows a position, place its donkey there,
    /// then shuffle the deck again.
    pub(crate) fn place_competition_donkey(&mut self) {
        let cards = self.cards.clone();
        let deck = self.t.solo.deck;
        let pos = deck
            .iter()
            .rev()
            .find_map(|&c| self.icon_position(cards.competition[usize::from(c)].donkey))
            // Every position icon blocked: the first free card (never reached with a full
            // draft area, where some position beside your donkey is always free).
            .or_else(|| {
                (0..15).find(|&p| self.draft_at(p) != EMPTY && self.donkey_at(p).is_none())
            });
        if let Some(pos) = pos {
            self.t.donkeys[usize::from(COMP)] = pos;
        }
        let mut deck = self.t.solo.deck;
        self.t.rng.shuffle(&mut deck);
        self.t.solo.deck = deck;
    }

    /// 12.6: craftswomen you return to the Competition.
    pub(crate) fn return_to_competition(&mut self, count: u8) {
        if self.t.solo.shop_closed {
            self.t.solo.on_shop += count;
            self.t.solo.vp[2] += self.small_vp() * i32::from(count);
        } else {
            self.t.solo.workers += count;
        }
    }

    /// 12.4–12.5: the Competition's turn.
    pub(crate) fn competition_turn(&mut self) {
        let small = self.small_vp();
        if self.t.solo.shop_closed {
            self.t.solo.vp[2] += small;
            return;
        }
        if self.t.solo.workers == 0 || self.t.solo.deck.is_empty() {
            // No craftswoman or no card: it closes its shop and gains 1 VP.
            self.t.solo.shop_closed = true;
            self.t.solo.vp[2] += small;
            return;
        }
        let cards = self.cards.clone();
        let Some(id) = self.t.solo.deck.pop() else {
            return;
        };
        self.t.solo.revealed.push(id);
        let card = &cards.competition[usize::from(id)];
        // 1. A craftswoman on the card's space.
        let (row, col) = (usize::from(card.space.0), usize::from(card.space.1));
        let occ = self.t.spaces[row][col];
        if occ.seat == EMPTY {
            self.t.solo.workers -= 1;
            self.occupy(
                row,
                col,
                Occupant {
                    seat: COMP,
                    count: 1,
                },
            );
        } else if occ.seat == 0 && self.t.solo.workers > occ.count {
            // One more than yours, yours back to you, and its VP.
            self.t.solo.workers -= occ.count + 1;
            self.occupy(
                row,
                col,
                Occupant {
                    seat: COMP,
                    count: occ.count + 1,
                },
            );
            self.return_workers(0, occ.count);
            self.t.solo.vp[1] += self.displace_vp();
        } else {
            // It cannot return yours (or the space is its own): the Special Action.
            self.t.solo.workers -= 1;
            self.t.special_stack[usize::from(COMP)] += 1;
        }
        // 2. Its donkey.
        match card.donkey {
            DonkeyIcon::Stay => {}
            DonkeyIcon::DiscardSides | DonkeyIcon::DiscardVertical => {
                let at = self.t.donkeys[usize::from(COMP)];
                let dirs: [(i8, i8); 2] = if card.donkey == DonkeyIcon::DiscardSides {
                    [(0, -1), (0, 1)]
                } else {
                    [(-1, 0), (1, 0)]
                };
                for (dr, dc) in dirs {
                    // Not the card under your donkey (or any donkey).
                    if let Some(pos) = self.beside(at, dr, dc, false) {
                        let (r, c) = (usize::from(pos / 5), usize::from(pos % 5));
                        let discarded = self.t.draft[r][c];
                        self.t.draft[r][c] = EMPTY;
                        // Discarded beside the Competition: out of the game, seen by all.
                        self.t.solo.discards.push(discarded);
                    }
                }
                self.refill_draft();
            }
            icon => {
                if let Some(pos) = self.icon_position(icon) {
                    self.t.donkeys[usize::from(COMP)] = pos;
                }
            }
        }
        // 3. The piece actions of this round, on the back of the next card.
        if let Some(&next) = self.t.solo.deck.last() {
            let actions = cards.competition[usize::from(next)].pieces[usize::from(self.t.round)];
            for &t in actions.iter() {
                let t = usize::from(t);
                match self.t.solo.pieces[t] {
                    0 => {
                        if self.t.supply.pieces[t] > 0 {
                            self.t.supply.pieces[t] -= 1;
                            self.t.solo.pieces[t] = 1;
                        } else {
                            self.t.solo.vp[2] += small;
                        }
                    }
                    1 => self.t.solo.pieces[t] = 2,
                    _ => {
                        // Sell: the market's painted VP, the marker down, the piece to the box.
                        let vp = self.sale_vp(3 + t as u8);
                        self.t.solo.vp[0] += i32::from(vp);
                        let down = self.t.demand[usize::from(self.t.round)][t];
                        self.t.heights[t] = self.t.heights[t].saturating_sub(down);
                        self.t.solo.pieces[t] = 0;
                        self.t.solo.sold[t] += 1;
                    }
                }
            }
        }
    }

    /// 12.8: the Competition's end of round.
    pub(crate) fn competition_end_of_round(&mut self) {
        let s = &mut self.t.solo;
        s.workers = CRAFTSWOMEN - 1 - self.t.round;
        s.on_shop = 0;
        s.shop_closed = false;
        s.turns = 0;
        let mut deck: super::super::engine::FixedVec<u8, 9> = (0..9).collect();
        self.t.rng.shuffle(&mut deck);
        self.t.solo.deck = deck;
        self.t.solo.revealed.clear();
    }

    /// 12.9: the Competition's score: its VP, the first-player token, its remaining pieces.
    pub fn competition_score(&self) -> i32 {
        let s = &self.t.solo;
        let mut total: i32 = s.vp.iter().sum();
        if self.t.phase == super::state::Phase::Over {
            if self.t.first_token == COMP {
                total += 2;
            }
            total += s.pieces.iter().map(|&p| i32::from(p)).sum::<i32>();
        }
        total
    }
}
