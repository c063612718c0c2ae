//! What a move does to greedy play's heuristic (`NijarState::heuristic`), told without
//! trying it: the shortcut of `GameState::heuristic_gain_of`. Greedy rollouts weigh every
//! legal move at every step; most of the candidates (placing craftswomen, opening an
//! Acquire or Esparto action, passing on a group's last tasks, gaining a few resources) touch
//! nothing the heuristic reads, or only the mover's purse. Those are scored here from a copy
//! of the mover's player and of the supply, changed by the same functions `apply` uses,
//! instead of by copying the whole table and applying the move.
//!
//! A move is told only where every case of its `apply` is known here; anything else is
//! `None` and is tried on a copy. `tests::heuristic_gain` holds every told gain equal, bit
//! for bit, to the one trying the move gives, at every step of random games.

use super::actions::{decode, Move};
use super::data::{Amount, Res};
use super::moves::gain_from;
use super::pieces::{fire_on, paint_from, sell_from};
use super::play::{extract_clay_from, pay_card, right_track_pg};
use super::score::estimate_of;
use super::state::{Mode, NijarState, Phase, Player, Supply};
use super::tally::tally_of;
use super::throw::{move_vase, shape_from};
use crate::engine::{Action, Seat};

impl NijarState {
    /// The change in the mover's heuristic value that the legal `action` makes, when it
    /// changes no other seat's value; `None` when that is not certain from here.
    pub(crate) fn heuristic_gain(&self, action: Action) -> Option<f64> {
        // Solo's one value also reads the Competition's score, which a turn's end may move;
        // outside the round's turns (setup, the market, 10.2), or with a closed shop's
        // reward to choose first, nothing is told.
        if self.is_solo() || self.reward_seat().is_some() {
            return None;
        }
        let m = decode(action)?;
        match self.t.phase {
            Phase::Turns => {}
            // 4.3.3: a donkey placed; after the last one the round begins (7.1: the market
            // dice and markers, the first turn). 7.1: keeping or re-rolling the dice. None
            // of it is read by the heuristic.
            Phase::SetupDonkey { .. } | Phase::Reroll => return Some(0.0),
            _ => return None,
        }
        let s = usize::from(self.t.turn_seat);
        if self.t.mode != Mode::Idle {
            return self.compound_gain(s, m);
        }
        let Some(top) = self.t.frames.last() else {
            // 7.2: a turn's first decision. Placing craftswomen (7.2.1.1, the ones displaced
            // go back to their owner or onto its closed shop), the Special Action (7.2.1.2),
            // discarding an endgame card (7.2.2) and closing the shop (7.2.4) move
            // craftswomen, cards and the shop and push the group of actions they open: the
            // turn goes on, and nothing the heuristic reads changes. A sale (7.2.3) scores.
            return match m {
                Move::Place(_) | Move::Special | Move::Discard(_) | Move::CloseShop => Some(0.0),
                // A sale: its VP (the market's fall is read by no heuristic); a second sale
                // may follow (a mode), else the turn ends, but never the round with it: the
                // seller's shop is open (10: the round ends once every shop is closed).
                Move::Sell(o) => self.sale_gain(s, o),
                _ => None,
            };
        };
        let pending: usize = self.t.frames.iter().map(|f| f.tasks.len()).sum();
        // After a move that resolves one task, either a task is left and the turn goes on,
        // or the turn ends (`settle`); ending it changes nothing the heuristic reads unless
        // the round ends with it.
        let turn_goes_on_unchanged = || pending >= 2 || !self.turn_end_ends_round(s);
        match m {
            // 8.1 / 9.6 / 8.10: the compound action begins (a mode is set, so nothing is
            // settled after it); the group's task is resolved.
            Move::AcquireBegin | Move::AcquireBonus | Move::EspartoBegin => Some(0.0),
            // Leaving the group's remaining tasks (Done) or the next ordered one (Skip).
            Move::Done => {
                let below = pending - top.tasks.len();
                (below > 0 || !self.turn_end_ends_round(s)).then_some(0.0)
            }
            Move::Skip => turn_goes_on_unchanged().then_some(0.0),
            Move::Clay(_)
            | Move::Fire(_)
            | Move::Fire1(_)
            | Move::Paint(_)
            | Move::Paint1(_)
            | Move::PlayCard(..)
            | Move::Shape(_)
            | Move::Advance(_)
            | Move::Throw1(_)
            | Move::Clay1
            | Move::PgOrGlaze(_)
            | Move::FirstPlayer(_)
            | Move::Esparto1(_) => {
                if !turn_goes_on_unchanged() {
                    return None;
                }
                self.opener_purse_gain(s, m)
            }
            _ => None,
        }
    }

    /// `heuristic_gain` of a sub-decision of the compound action in progress.
    fn compound_gain(&self, s: Seat, m: Move) -> Option<f64> {
        // Once the action ends (the mode back to idle), the turn goes on if a task is
        // pending, else it ends (`settle`), which changes nothing the heuristic reads unless
        // the round ends with it.
        let ending_keeps_values =
            || self.t.frames.iter().any(|f| !f.tasks.is_empty()) || !self.turn_end_ends_round(s);
        match (self.t.mode, m) {
            // 8.1: taking a card pays its distance in Perra Gorda; the action goes on (more
            // cards, or the donkey's move), so nothing is settled after it.
            (Mode::Acquire { .. }, Move::Take(pos)) => {
                let cost = self.acquire_cost(s, pos);
                self.purse_gain(s, |_, p, sup| {
                    p.pg -= cost;
                    sup.pg += cost;
                    Change::Purse
                })
            }
            // 8.5: a vase one space on; after the throw's last space its benefits become a
            // group (dropped only if the stack of groups is full, then the turn may end).
            (Mode::Throw { .. }, Move::Advance(w)) => {
                if !ending_keeps_values() {
                    return None;
                }
                self.purse_gain(s, |st, p, _| {
                    move_vase(&st.cards, p, w);
                    Change::Purse
                })
            }
            // 8.7 / 8.8 / 7.2.3: one more firing, painting or sale; the last ends the action.
            (Mode::Fire { .. }, Move::Fire(o)) if ending_keeps_values() => {
                self.purse_gain(s, |_, p, _| {
                    fire_on(p, o);
                    Change::Workshop
                })
            }
            (Mode::Paint { .. }, Move::Paint(o)) if ending_keeps_values() => {
                self.purse_gain(s, |st, p, sup| {
                    paint_from(&st.cards, sup, p, o);
                    Change::Workshop
                })
            }
            // (A second sale ends the turn, never the round: the seller's shop is open.)
            (Mode::Sell { .. }, Move::Sell(o)) => self.sale_gain(s, o),
            // 8.1: refreshing a row deals cards; ending the taking moves on to the donkey.
            (Mode::Acquire { .. }, Move::Refresh(_) | Move::Stop) => Some(0.0),
            // 8.1: the donkey's move (or none) refills the draft and ends the action.
            (Mode::Donkey { .. }, Move::MoveDonkey(_) | Move::Stop) => {
                ending_keeps_values().then_some(0.0)
            }
            // 8.10: one esparto card's reward; the last one ends the action.
            (Mode::Esparto { next }, Move::EspartoPick(side)) => {
                if !ending_keeps_values() {
                    return None;
                }
                let i = usize::from(next);
                self.purse_gain(s, |st, p, sup| {
                    if i <= p.esparto.len() {
                        gain_from(sup, p, st.esparto_of(s, i).rewards[usize::from(side)]);
                    }
                    Change::Purse
                })
            }
            // Ending a throw (8.5: its benefits become an ordered group), firings (8.7),
            // paintings (8.8) or sales (7.2.3, after the first): nothing more is done.
            (
                Mode::Throw { .. } | Mode::Fire { .. } | Mode::Paint { .. } | Mode::Sell { .. },
                Move::Stop,
            ) => ending_keeps_values().then_some(0.0),
            _ => None,
        }
    }

    /// The mover's gain from selling option `o` (7.2.3).
    fn sale_gain(&self, s: Seat, o: u8) -> Option<f64> {
        let vp = self.sale_vp(o);
        self.purse_gain(s, |_, p, _| {
            sell_from(p, o, vp);
            Change::Workshop
        })
    }

    /// Whether ending seat `s`'s turn now would end the round (`end_turn`: every shop
    /// closed and every player with as many turns, counting this one).
    fn turn_end_ends_round(&self, s: Seat) -> bool {
        let turns = |q: usize, p: &Player| p.turns.saturating_add(u8::from(q == s));
        let first = turns(0, &self.t.players[0]);
        self.t
            .players
            .iter()
            .enumerate()
            .all(|(q, p)| p.shop_closed && turns(q, p) == first)
    }

    /// `heuristic_gain` of a task's first decision that changes only the mover's player and
    /// the supply.
    fn opener_purse_gain(&self, s: Seat, m: Move) -> Option<f64> {
        self.purse_gain(s, |st, p, sup| {
            match m {
                // 8.3
                Move::Clay(k) => extract_clay_from(sup, p, k),
                // 8.2: the card's cost, and a wheel's VP; the kilns and workshops it adds
                // are empty, so the tally is unchanged.
                Move::PlayCard(card, _) => pay_card(&st.cards, sup, p, card),
                // 8.7 / 9.2 and 8.8 / 9.3: a piece into a kiln or a glazing workshop (the
                // action may go on as a mode: the turn goes on then too).
                Move::Fire(o) | Move::Fire1(o) => fire_on(p, o),
                Move::Paint(o) | Move::Paint1(o) => paint_from(&st.cards, sup, p, o),
                // 8.6 (the pieces to the drying area, and 2 Cracks for two)
                Move::Shape(o) => shape_from(sup, p, o),
                // 8.5 / 9.4: the throw begins with a vase's first space; it goes on (a mode)
                // or its benefits become a group, so the turn goes on either way.
                Move::Advance(w) | Move::Throw1(w) => {
                    move_vase(&st.cards, p, w);
                }
                // 9.1
                Move::Clay1 => gain_from(
                    sup,
                    p,
                    Amount {
                        res: Res::Clay,
                        n: 1,
                    },
                ),
                // 9.7
                Move::PgOrGlaze(k) => {
                    let res = if k == 0 { Res::Pg } else { Res::Glaze };
                    gain_from(sup, p, Amount { res, n: 2 });
                }
                // 8.11 (its marker on the right-hand track and the group it opens are read
                // by no heuristic).
                Move::FirstPlayer(k) => {
                    let v = st.cards.board.right_track[usize::from(k)];
                    right_track_pg(sup, p, v);
                }
                // 9.8
                Move::Esparto1(o) => {
                    let (i, side) = (usize::from(o / 2), usize::from(o % 2));
                    if i <= p.esparto.len() {
                        gain_from(sup, p, st.esparto_of(s, i).rewards[side]);
                    }
                }
                _ => return Change::Unknown,
            }
            if matches!(
                m,
                Move::Fire(_) | Move::Fire1(_) | Move::Paint(_) | Move::Paint1(_) | Move::Shape(_)
            ) {
                Change::Workshop
            } else {
                Change::Purse
            }
        })
    }

    /// The mover's gain from a move that changes only its own player and the supply (its
    /// resources, VP, cracks, workshop), as `change` changes copies of the two (and says
    /// what it changed): its estimate after less its estimate now;
    /// `None` unless that difference, added to the value now, gives the value after bit for
    /// bit (greedy play adds it so).
    fn purse_gain(
        &self,
        s: Seat,
        change: impl FnOnce(&Self, &mut Player, &mut Supply) -> Change,
    ) -> Option<f64> {
        let (mut p, mut sup) = (self.t.players[s], self.t.supply);
        let tally = self.tally(s);
        let tally_after = match change(self, &mut p, &mut sup) {
            Change::Purse => tally,
            Change::Workshop => tally_of(&p),
            Change::Unknown => return None,
        };
        let (now, after) = (
            estimate_of(&self.t.players[s], tally),
            estimate_of(&p, tally_after),
        );
        let gain = after - now;
        ((now + gain).to_bits() == after.to_bits()).then_some(gain)
    }
}

/// What a move applied to copies of the mover's player and the supply changed.
enum Change {
    /// Resources, VP or cracks only: the tally (kilns, pieces on their way) is as it was.
    Purse,
    /// The workshop's pieces too: the tally is counted again.
    Workshop,
    /// A move the shortcut does not know: nothing is told.
    Unknown,
}
