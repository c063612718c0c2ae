//! 8.2 Play a Card, 8.3 Extract Clay, 8.4 Technology, 8.10 Collect Esparto (and 9.8) and
//! 8.11 the First Player Action.

use super::actions::{encode, Move};
use super::data::{Act, Amount, CardSet, CardType, Res, ESPARTO_SPACES, WHEEL_SPACES};
use super::moves::{gain_from, pay_from};
use super::openers::push_options;
use super::state::{Cleanup, Esparto, NijarState, Player, Slot, Supply, Wheel, EMPTY};
use crate::engine::{ActionList, Seat};

impl NijarState {
    /// Free workshop spaces for a card of `kind` (the wheel spaces are 1..=4; the esparto
    /// spaces 0..3); other kinds have room always (slot 0). Test-only: the rule space by
    /// space, which `free_slot_sets` is checked against.
    #[cfg(test)]
    pub(crate) fn free_slots(&self, s: Seat, kind: CardType) -> u8 {
        let p = &self.t.players[s];
        match kind {
            CardType::Wheel => {
                let mut free = 0u8;
                for k in 0..WHEEL_SPACES as u8 {
                    if !p.wheels.iter().any(|w| w.slot == k + 1) {
                        free |= 1 << k;
                    }
                }
                free
            }
            CardType::Esparto => {
                let mut free = 0u8;
                for k in 0..ESPARTO_SPACES as u8 {
                    if !p.esparto.iter().any(|e| e.slot == k) {
                        free |= 1 << k;
                    }
                }
                free
            }
            CardType::Cleanup => u8::from(p.cleanups.len() < p.cleanups.capacity()),
            CardType::GlazingWorkshop => u8::from(p.workshops.len() < p.workshops.capacity()),
            CardType::GlazeKiln => u8::from(p.glaze_kilns.len() < p.glaze_kilns.capacity()),
            CardType::FiringKiln => u8::from(p.firing_kilns.len() < p.firing_kilns.capacity()),
        }
    }

    /// `free_slots` of every card type (by `CardType` order), read at once.
    pub(crate) fn free_slot_sets(&self, s: Seat) -> [u8; 6] {
        let p = &self.t.players[s];
        // The wheel spaces are 1..=4 (bit k: space k + 1), the esparto spaces 0..3.
        let wheels = p
            .wheels
            .iter()
            .fold(0u64, |taken, w| taken | 1 << w.slot.min(63) >> 1);
        let esparto = p
            .esparto
            .iter()
            .fold(0u64, |taken, e| taken | 1 << e.slot.min(63));
        let room = |len: usize, cap: usize| u8::from(len < cap);
        [
            !wheels as u8 & ((1 << WHEEL_SPACES) - 1),
            !esparto as u8 & ((1 << ESPARTO_SPACES) - 1),
            room(p.cleanups.len(), p.cleanups.capacity()),
            room(p.workshops.len(), p.workshops.capacity()),
            room(p.glaze_kilns.len(), p.glaze_kilns.capacity()),
            room(p.firing_kilns.len(), p.firing_kilns.capacity()),
        ]
    }

    /// 8.2: every card in hand whose cost can be paid, onto each free space of its type
    /// (ascending: cards in id order, each one's spaces in order).
    pub(crate) fn play_openers(&self, s: Seat, out: &mut ActionList) {
        for (id, spaces) in self.playable(s) {
            push_options(out, encode(Move::PlayCard(id as u8, 0)), spaces.into());
        }
    }

    /// How many moves `play_openers` lists.
    pub(crate) fn play_count(&self, s: Seat) -> u32 {
        self.playable(s)
            .map(|(_, spaces)| u32::from(spaces).count_ones())
            .sum()
    }

    /// Each game card in hand (ascending) with the spaces it may be played onto: none if its
    /// cost cannot be paid. What the player holds and the free spaces are read once; each
    /// card's cost is its `Need`, and a card it cannot pay offers no space (no branch on it:
    /// which cards can be paid changes every step).
    fn playable(&self, s: Seat) -> impl Iterator<Item = (usize, u8)> + '_ {
        let held = self.holdings(s);
        let free = self.free_slot_sets(s);
        self.t.players[s].hand.game_card_ids().map(move |id| {
            let payable = 0u8.wrapping_sub(u8::from(self.cards.needs[id].met_by(held)));
            (id, free[CardType::of(id) as usize] & payable)
        })
    }

    /// 8.2: pay, place, and gain the actions the card or its space gives.
    pub(crate) fn play_card(&mut self, s: Seat, card: u8, slot: u8) {
        let id = usize::from(card);
        pay_card(
            &self.cards,
            &mut self.t.supply,
            &mut self.t.players[s],
            card,
        );
        self.t.known[id] = self.all_seats();
        // (The actions gained are copied out of the card data, which is not cloned: a count
        // taken on the shared set at every card played.)
        match CardType::of(id) {
            CardType::Wheel => {
                let space = self.cards.board.wheel_spaces[usize::from(slot)];
                // A vase onto the first (grey) space (the card's VP: `pay_card`).
                if self.t.supply.vases > 0 {
                    self.t.supply.vases -= 1;
                }
                self.t.players[s].wheels.push(Wheel {
                    card,
                    slot: slot + 1,
                    pos: 0,
                });
                self.push_frame(false, &[space]);
            }
            CardType::Esparto => {
                let space = self.cards.board.esparto_spaces[usize::from(slot)];
                self.t.players[s].esparto.push(Esparto { card, slot });
                self.push_frame(false, &[space]);
            }
            CardType::Cleanup => self.t.players[s].cleanups.push(Cleanup { card, cracks: 0 }),
            kind => {
                let sides = self.cards.buildings[id - 44].sides;
                let slotv = Slot { card, piece: 0 };
                let p = &mut self.t.players[s];
                match kind {
                    CardType::GlazingWorkshop => p.workshops.push(slotv),
                    CardType::GlazeKiln => p.glaze_kilns.push(slotv),
                    _ => p.firing_kilns.push(slotv),
                }
                // An empty kiln or workshop more: the workshop index reads it.
                self.retally(s);
                // "two new actions ... in the order of your choice".
                self.push_frame(false, &sides);
            }
        }
    }

    /// 8.3: 1 Clay free, 2 for 1 Perra Gorda, 3 for 3.
    pub(crate) fn extract_clay(&mut self, s: Seat, k: u8) {
        extract_clay_from(&mut self.t.supply, &mut self.t.players[s], k);
    }

    /// 8.4: one step; 2 VP on reaching the last position.
    pub(crate) fn advance_technology(&mut self, s: Seat) {
        let p = &mut self.t.players[s];
        p.tech += 1;
        if p.tech == 2 {
            self.add_vp(s, 2, 2);
        }
    }

    /// The esparto card `i` of `s` (0: the printed one).
    pub(crate) fn esparto_of(&self, s: Seat, i: usize) -> &super::data::EspartoCard {
        if i == 0 {
            &self.cards.printed_esparto
        } else {
            let id = self.t.players[s].esparto[i - 1].card;
            &self.cards.esparto[usize::from(id) - 16]
        }
    }

    /// 8.10 / 9.8: one reward of esparto card `i`.
    pub(crate) fn collect_esparto(&mut self, s: Seat, i: usize, side: usize) {
        if i > self.t.players[s].esparto.len() {
            return;
        }
        let reward = self.esparto_of(s, i).rewards[side.min(1)];
        self.gain(s, reward);
    }

    /// 8.11: a free right-hand space (one of the first `n`) the seat can pay for, once a
    /// round: the spaces `s` may take, as bits (bit `k`).
    pub(crate) fn first_player_set(&self, s: Seat) -> u64 {
        let p = &self.t.players[s];
        if self.is_solo() {
            // 12.7: one space, costing 2 Perra Gorda.
            let cost = self.cards.board.solo_right_cost;
            return u64::from(self.t.right[0] == EMPTY && p.pg >= cost);
        }
        // Every space read, without an early exit (where the seat's marker is, or whether it
        // is there, changes from step to step).
        let (mut set, mut placed) = (0u64, false);
        for (k, (&on, &v)) in self.t.right[..self.n()]
            .iter()
            .zip(&self.cards.board.right_track)
            .enumerate()
        {
            placed |= usize::from(on) == s;
            let open = (on == EMPTY) & ((v >= 0) | (p.pg >= v.unsigned_abs()));
            set |= u64::from(open) << k;
        }
        if placed {
            0
        } else {
            set
        }
    }

    /// 8.11: the marker onto space `k`, pay or gain, then any main-board action.
    pub(crate) fn first_player(&mut self, s: Seat, k: u8) {
        self.t.right[usize::from(k)] = s as u8;
        let v = if self.is_solo() {
            -(self.cards.board.solo_right_cost as i8)
        } else {
            self.cards.board.right_track[usize::from(k)]
        };
        right_track_pg(&mut self.t.supply, &mut self.t.players[s], v);
        let mut f = super::state::Frame::default();
        f.tasks.push(super::state::TASK_ANY);
        let _ = self.t.frames.try_push(f);
        let _ = Act::FirstPlayer;
    }
}

/// 8.3 on a player and the supply: pay 0 / 1 / 3 Perra Gorda for 1 / 2 / 3 Clay (greedy
/// play's shortcut, `heuristic_gain`, applies it to copies).
pub(crate) fn extract_clay_from(sup: &mut Supply, p: &mut Player, k: u8) {
    let cost = [0u8, 1, 3][usize::from(k.min(2))];
    p.pg -= cost;
    sup.pg += cost;
    gain_from(
        sup,
        p,
        Amount {
            res: Res::Clay,
            n: k + 1,
        },
    );
}

/// 8.11 on a player and the supply: the right-hand space's Perra Gorda, `v` gained (from
/// the supply while it lasts) or, when negative, paid.
pub(crate) fn right_track_pg(sup: &mut Supply, p: &mut Player, v: i8) {
    if v >= 0 {
        gain_from(
            sup,
            p,
            Amount {
                res: Res::Pg,
                n: v as u8,
            },
        );
    } else {
        let n = v.unsigned_abs();
        p.pg -= n;
        sup.pg += n;
    }
}

/// 8.2 on a player and the supply: card `card` leaves the hand for its cost, and a wheel
/// books its VP under "Potter's wheels" (as `add_vp`). All the rest of playing a card (its
/// place in the workshop, the actions it opens) is read by no heuristic, so greedy play's
/// shortcut (`heuristic_gain`) applies this to copies.
pub(crate) fn pay_card(cards: &CardSet, sup: &mut Supply, p: &mut Player, card: u8) {
    let id = usize::from(card);
    pay_from(sup, p, cards.cost(id));
    p.hand.remove(id);
    if CardType::of(id) == CardType::Wheel {
        p.vp[1] += i32::from(cards.wheels[id].vp);
    }
}
