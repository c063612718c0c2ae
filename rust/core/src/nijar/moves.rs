//! What may happen next and what it does: the legal actions and `apply` for the round's turn
//! (7.2), the groups of pending actions and bonuses a turn opens, and the resources every
//! action pays and gains (5.1–5.3). The setup, the market and the end of round are in
//! `round.rs`; the actions of section 8 in `acquire.rs`, `play.rs`, `throw.rs`, `pieces.rs`.

use super::actions::{decode, encode, Move};
use super::data::{Act, Amount, Cost, Res};
use super::openers::push_options;
use super::state::{
    Frame, Mode, NijarState, Occupant, Phase, Player, Supply, Task, CLEANING_AREA, EMPTY, MAX_CLAY,
    TASK_ANY, TASK_ANY_BONUS, TASK_ROW,
};
use crate::engine::{Action, ActionList, FixedVec, Seat};

impl NijarState {
    /// The seat to act, or `None` once the game is over. A seat choosing the reward of a
    /// craftswoman returned to its closed shop acts first ("immediately", 7.2.5).
    pub fn actor(&self) -> Option<Seat> {
        if let Some(s) = self.reward_seat() {
            return Some(s);
        }
        match self.t.phase {
            Phase::SetupCombo { k } | Phase::SetupDonkey { k } => Some(self.setup_seat(k)),
            Phase::Reroll => Some(usize::from(self.t.order[0])),
            Phase::Turns => Some(usize::from(self.t.turn_seat)),
            Phase::Endgame { k } => Some(self.endgame_seat(k)),
            Phase::Over => None,
        }
    }

    pub(crate) fn reward_seat(&self) -> Option<Seat> {
        // Nearly always no reward is waiting: one comparison of the four counts says so.
        if self.t.shop_rewards == [0; 4] {
            return None;
        }
        (0..self.n()).find(|&s| self.t.shop_rewards[s] > 0)
    }

    /// The legal actions, ascending. Each list is built in id order, so nothing is sorted
    /// or de-duplicated: the passing moves Done, Stop and Skip have ids below those of the
    /// sub-decisions they pass on (so they come first; after a first sale, whose ids are
    /// below Stop's, Stop comes last), and the ways to resolve pending tasks are read out
    /// act by act in the order of their id ranges.
    pub fn legal_into(&self, out: &mut ActionList) {
        out.clear();
        if self.reward_seat().is_some() {
            for k in 0..3 {
                out.push(encode(Move::ShopReward(k)));
            }
            return;
        }
        match self.t.phase {
            Phase::SetupCombo { .. } => {
                for i in 0..self.t.combos.len() {
                    out.push(encode(Move::Combo(i as u8)));
                }
            }
            Phase::SetupDonkey { .. } => {
                for pos in 0..15u8 {
                    if self.draft_at(pos) != EMPTY && self.donkey_at(pos).is_none() {
                        out.push(encode(Move::Donkey(pos)));
                    }
                }
            }
            Phase::Reroll => {
                out.push(encode(Move::KeepDice));
                out.push(encode(Move::Reroll));
            }
            Phase::Endgame { k } => {
                let s = self.endgame_seat(k);
                for i in self.t.players[s].hand.endgame_indices() {
                    out.push(encode(Move::PlayEndgame(i)));
                }
                out.push(encode(Move::NoEndgame));
            }
            Phase::Over => {}
            Phase::Turns => {
                let s = usize::from(self.t.turn_seat);
                if self.t.mode != Mode::Idle {
                    self.mode_legal(s, out);
                } else if let Some(frame) = self.t.frames.last() {
                    // The passing move, below every opener: Skip a throw's benefit (taken
                    // in order), or be Done with a group (resolved in any order).
                    out.push(encode(if frame.ordered {
                        Move::Skip
                    } else {
                        Move::Done
                    }));
                    self.acts_openers(s, self.frame_acts(frame), out);
                } else {
                    // 7.2: the choices at the start of a turn with the shop open.
                    push_options(out, encode(Move::Place(0)), self.turn_options(s));
                }
            }
        }
        debug_assert!(
            out.windows(2).all(|w| w[0] < w[1]),
            "legal actions not strictly ascending: {out:?}"
        );
    }

    /// Applies a legal action.
    pub fn apply_move(&mut self, action: Action) {
        if self.tally_is_stale() {
            // The table was written to directly (`table_mut`) or read without a recount.
            self.rebuild_tally();
        }
        self.t.history.push(action);
        let Some(m) = decode(action) else {
            return;
        };
        if let Some(s) = self.reward_seat() {
            if let Move::ShopReward(k) = m {
                self.shop_reward(s, k);
            }
            self.settle();
            return;
        }
        match self.t.phase {
            Phase::SetupCombo { .. } | Phase::SetupDonkey { .. } | Phase::Reroll => {
                self.apply_setup(m)
            }
            Phase::Endgame { .. } => self.apply_endgame_card(m),
            Phase::Over => {}
            Phase::Turns => {
                let s = usize::from(self.t.turn_seat);
                if self.t.mode != Mode::Idle {
                    self.apply_mode(s, m);
                } else if self.t.frames.is_empty() {
                    self.apply_turn(s, m);
                } else {
                    match m {
                        Move::Done => {
                            self.t.frames.pop();
                        }
                        Move::Skip => {
                            if let Some(f) = self.t.frames.last_mut() {
                                if !f.tasks.is_empty() {
                                    f.tasks.remove(0);
                                }
                            }
                        }
                        _ => self.apply_opener(s, m),
                    }
                }
            }
        }
        self.settle();
    }

    /// 7.2: a turn's first decision.
    fn apply_turn(&mut self, s: Seat, m: Move) {
        self.t.in_turn = true;
        match m {
            Move::Place(space) => {
                let (row, col) = (usize::from(space / 5), usize::from(space % 5));
                let occ = self.t.spaces[row][col];
                let count = occ.count + 1;
                self.t.players[s].workers -= count;
                // 7.2.1.1: the craftswomen already there go back to their owner.
                if occ.seat != EMPTY {
                    self.return_workers(usize::from(occ.seat), occ.count);
                }
                self.occupy(
                    row,
                    col,
                    Occupant {
                        seat: s as u8,
                        count,
                    },
                );
                // The row's action and the column's bonus once per craftswoman placed, in
                // the order the player chooses.
                let mut f = Frame::default();
                f.tasks.push(TASK_ROW + row as u8);
                for _ in 0..count {
                    f.tasks.push(self.t.columns[col]);
                }
                self.t.frames.push(f);
            }
            Move::Special => {
                self.t.players[s].workers -= 1;
                self.t.special_stack[s] += 1;
                let mut f = Frame::default();
                f.tasks.push(Act::Esparto1 as u8);
                f.tasks.push(self.t.special[0]);
                f.tasks.push(self.t.special[1]);
                self.t.frames.push(f);
            }
            Move::Discard(i) => {
                // 7.2.2: the card goes back to the box (its face stays hidden).
                self.t.players[s].hand.remove(80 + usize::from(i));
                let mut f = Frame::default();
                f.tasks.push(TASK_ANY);
                self.t.frames.push(f);
            }
            Move::Sell(o) => {
                self.sell(s, o);
                if self.sell_options(s) != 0 {
                    self.t.mode = Mode::Sell { last: o };
                }
            }
            Move::CloseShop => {
                self.t.players[s].shop_closed = true;
                let mut f = Frame::default();
                f.tasks.push(TASK_ANY_BONUS);
                self.t.frames.push(f);
            }
            _ => {}
        }
    }

    /// Craftswomen go back to `seat`: available again if its shop is open; onto the closed
    /// shop, each with a reward to choose, if it is closed (7.2.5).
    pub(crate) fn return_workers(&mut self, seat: Seat, count: u8) {
        if self.is_solo() && seat == usize::from(super::state::COMP) {
            self.return_to_competition(count);
            return;
        }
        let p = &mut self.t.players[seat];
        if p.shop_closed {
            p.on_shop += count;
            self.t.shop_rewards[seat] += count;
        } else {
            p.workers += count;
        }
    }

    fn shop_reward(&mut self, s: Seat, k: u8) {
        self.t.shop_rewards[s] -= 1;
        match k {
            0 => self.gain(
                s,
                Amount {
                    res: Res::Clay,
                    n: 2,
                },
            ),
            1 => self.gain(s, Amount { res: Res::Pg, n: 3 }),
            _ => self.gain(
                s,
                Amount {
                    res: Res::Glaze,
                    n: 3,
                },
            ),
        }
    }

    /// Removes the task `act` resolves from the top group: the act itself, else a row
    /// offering it, else the Indalo, else "any bonus". Returns how many were removed (all
    /// Acquire Card bonuses of a group are resolved together, 9.6, and so are all Throwing
    /// Bonuses, 9.4: "you may divide the movement among multiple Wooden Vases as usual", one
    /// throw of that many spaces whose benefits follow the vases, 8.5).
    fn consume(&mut self, act: Act) -> u8 {
        let Some(top) = self.t.frames.len().checked_sub(1) else {
            return 0;
        };
        let frame = self.t.frames[top];
        if frame.ordered {
            self.t.frames[top].tasks.remove(0);
            return 1;
        }
        if matches!(act, Act::Acquire1 | Act::Throw1) {
            let n = frame.tasks.iter().filter(|&&t| t == act as u8).count();
            if n > 0 {
                let kept: FixedVec<Task, 8> = frame
                    .tasks
                    .iter()
                    .copied()
                    .filter(|&t| t != act as u8)
                    .collect();
                self.t.frames[top].tasks = kept;
                return n as u8;
            }
        }
        let pick = frame
            .tasks
            .iter()
            .position(|&t| t == act as u8)
            .or_else(|| {
                frame.tasks.iter().position(|&t| {
                    (TASK_ROW..TASK_ANY).contains(&t)
                        && (0..3).any(|k| self.tile(usize::from(t - TASK_ROW) * 3 + k) == act)
                })
            })
            .or_else(|| frame.tasks.iter().position(|&t| t == TASK_ANY))
            .or_else(|| frame.tasks.iter().position(|&t| t == TASK_ANY_BONUS));
        if let Some(i) = pick {
            self.t.frames[top].tasks.remove(i);
        }
        1
    }

    /// Resolves the first decision of a pending task.
    fn apply_opener(&mut self, s: Seat, m: Move) {
        match m {
            Move::AcquireBegin => {
                self.consume(Act::Acquire);
                self.begin_acquire(2, true);
            }
            Move::AcquireBonus => {
                let n = self.consume(Act::Acquire1);
                self.begin_acquire(n.max(1), false);
            }
            Move::PlayCard(card, slot) => {
                self.consume(Act::Play);
                self.play_card(s, card, slot);
            }
            Move::Clay(k) => {
                self.consume(Act::Clay);
                self.extract_clay(s, k);
            }
            Move::Technology => {
                self.consume(Act::Technology);
                self.advance_technology(s);
            }
            Move::Advance(w) => {
                self.consume(Act::Throw);
                let left = self.t.players[s].tech + 1;
                self.t.mode = Mode::Throw {
                    left,
                    benefits: FixedVec::new(),
                };
                self.advance_vase(s, w);
            }
            Move::Throw1(w) => {
                // 9.4: one space per Throwing Bonus of the group, as one throw.
                let n = self.consume(Act::Throw1);
                self.t.mode = Mode::Throw {
                    left: n.max(1),
                    benefits: FixedVec::new(),
                };
                self.advance_vase(s, w);
            }
            Move::Shape(o) => {
                self.consume(Act::Shape);
                self.shape(s, o);
            }
            Move::Fire(o) => {
                self.consume(Act::Fire);
                self.fire(s, o);
                if self.fire_options(s) >> o != 0 {
                    self.t.mode = Mode::Fire { last: o };
                }
            }
            Move::Fire1(o) => {
                self.consume(Act::Fire1);
                self.fire(s, o);
            }
            Move::Paint(o) => {
                self.consume(Act::Paint);
                self.paint(s, o);
                let w = o / 3;
                if self.paint_options(s) >> ((w + 1) * 3) != 0 {
                    self.t.mode = Mode::Paint { last: w };
                }
            }
            Move::Paint1(o) => {
                self.consume(Act::Paint1);
                self.paint(s, o);
            }
            Move::CleanBegin => {
                self.consume(Act::Clean);
                self.begin_clean(s);
            }
            Move::Clean1(c) => {
                self.consume(Act::Clean1);
                self.clean_one(s, usize::from(c));
            }
            Move::EspartoBegin => {
                self.consume(Act::Esparto);
                self.t.mode = Mode::Esparto { next: 0 };
            }
            Move::Esparto1(o) => {
                self.consume(Act::Esparto1);
                self.collect_esparto(s, usize::from(o / 2), usize::from(o % 2));
            }
            Move::FirstPlayer(k) => {
                self.consume(Act::FirstPlayer);
                self.first_player(s, k);
            }
            Move::Clay1 => {
                self.consume(Act::Clay1);
                self.gain(
                    s,
                    Amount {
                        res: Res::Clay,
                        n: 1,
                    },
                );
            }
            Move::PgOrGlaze(k) => {
                self.consume(Act::PgOrGlaze);
                let res = if k == 0 { Res::Pg } else { Res::Glaze };
                self.gain(s, Amount { res, n: 2 });
            }
            _ => {}
        }
    }

    /// The sub-decisions of the compound action in progress.
    fn mode_legal(&self, s: Seat, out: &mut ActionList) {
        match self.t.mode {
            Mode::Idle => {}
            Mode::Acquire { .. } | Mode::Donkey { .. } => self.acquire_legal(s, out),
            Mode::Throw { .. } => {
                out.push(encode(Move::Stop));
                self.act_openers(s, Act::Throw, out);
            }
            Mode::Fire { last } => {
                out.push(encode(Move::Stop));
                // 8.7: the options from the last one used on.
                let set = self.fire_options(s) >> last << last;
                push_options(out, encode(Move::Fire(0)), set.into());
            }
            Mode::Paint { last } => {
                out.push(encode(Move::Stop));
                // 8.8: the workshops after the last one used.
                let from = (last + 1) * 3;
                push_options(
                    out,
                    encode(Move::Paint(0)),
                    self.paint_options(s) >> from << from,
                );
            }
            Mode::Clean { .. } => self.clean_legal(s, out),
            Mode::Esparto { .. } => {
                out.push(encode(Move::EspartoPick(0)));
                out.push(encode(Move::EspartoPick(1)));
            }
            Mode::Sell { .. } => {
                // 7.2.3 "Sell up to a maximum of 2 pieces of any type": the second sale may
                // be any piece left, whatever was sold first (the rulebook's example sells a
                // painted Plate, then an unpainted Pot). Two sales in different columns end
                // in the same position in either order; both orders are offered all the same,
                // so the player sells in the order they think of. (Sales' ids are below
                // Stop's.)
                push_options(out, encode(Move::Sell(0)), self.sell_options(s).into());
                out.push(encode(Move::Stop));
            }
        }
    }

    fn apply_mode(&mut self, s: Seat, m: Move) {
        match (self.t.mode, m) {
            (Mode::Acquire { .. } | Mode::Donkey { .. }, _) => self.apply_acquire(s, m),
            (Mode::Throw { .. }, Move::Advance(w)) => self.advance_vase(s, w),
            (Mode::Throw { .. }, _) => self.end_throw(),
            (Mode::Fire { .. }, Move::Fire(o)) => {
                self.fire(s, o);
                self.t.mode = if self.fire_options(s) >> o != 0 {
                    Mode::Fire { last: o }
                } else {
                    Mode::Idle
                };
            }
            (Mode::Paint { .. }, Move::Paint(o)) => {
                self.paint(s, o);
                let w = o / 3;
                self.t.mode = if self.paint_options(s) >> ((w + 1) * 3) != 0 {
                    Mode::Paint { last: w }
                } else {
                    Mode::Idle
                };
            }
            (Mode::Clean { .. }, Move::CleanOn(c)) => self.clean_on(s, c),
            (Mode::Esparto { next }, Move::EspartoPick(side)) => {
                self.collect_esparto(s, usize::from(next), usize::from(side));
                let next = next + 1;
                self.t.mode = if usize::from(next) > self.t.players[s].esparto.len() {
                    Mode::Idle
                } else {
                    Mode::Esparto { next }
                };
            }
            (Mode::Sell { .. }, Move::Sell(o)) => {
                // 7.2.3: at most 2 pieces.
                self.sell(s, o);
                self.t.mode = Mode::Idle;
            }
            _ => self.t.mode = Mode::Idle,
        }
    }

    /// After a move: drop finished groups; end the turn once nothing is pending.
    fn settle(&mut self) {
        if self.t.phase != Phase::Turns || self.reward_seat().is_some() {
            return;
        }
        if self.t.mode != Mode::Idle {
            return;
        }
        while self.t.frames.last().is_some_and(|f| f.tasks.is_empty()) {
            self.t.frames.pop();
        }
        if self.t.in_turn && self.t.frames.is_empty() {
            self.end_turn();
        }
    }

    /// Pushes a group of triggered actions (dropped, never a panic, if the nesting is
    /// deeper than any real game reaches).
    pub(crate) fn push_frame(&mut self, ordered: bool, acts: &[Act]) {
        if acts.is_empty() {
            return;
        }
        let mut f = Frame {
            ordered,
            ..Frame::default()
        };
        for &a in acts {
            f.tasks.push(a as u8);
        }
        let _ = self.t.frames.try_push(f);
    }

    // --- resources (5.1–5.3) ---

    /// Gains an amount: from the general supply while it lasts (5.3), clay up to 7. Only
    /// Perra Gorda, Clay and Glazes are ever gained: Cracks come only as a cost (`pay_from`, after
    /// `can_pay`'s room check, 5.1), a cleanup card's VP reward is booked by
    /// `complete_cleanups` through `add_vp`, and the card-file reader allows no other reward
    /// of Cracks or VP (esparto rewards are Perra Gorda, Clay or Glazes); the shop rewards,
    /// bonuses, Extract Clay and the right-hand track gain fixed Perra Gorda, Clay or Glazes.
    pub(crate) fn gain(&mut self, s: Seat, a: Amount) {
        gain_from(&mut self.t.supply, &mut self.t.players[s], a);
    }

    /// What `s` has of each resource a cost can name, by `Res` order: Perra Gorda, Clay,
    /// Glazes, and room for Cracks (gained: at most 8 in the cleaning area, 5.1, and as many
    /// as the supply holds).
    pub(crate) fn holdings(&self, s: Seat) -> [u8; 4] {
        let p = &self.t.players[s];
        let room = CLEANING_AREA
            .saturating_sub(p.cracks)
            .min(self.t.supply.cracks);
        [p.pg, p.clay, p.glaze, room]
    }

    /// Whether `s` can pay `cost`: as much of each resource as each amount asks, and never
    /// VP. Each amount is checked against the seat's holding of its resource, read from a
    /// table by the resource, without a branch on it (a jump on the resource was often
    /// mispredicted).
    pub(crate) fn can_pay(&self, s: Seat, cost: &Cost) -> bool {
        let [pg, clay, glaze, room] = self.holdings(s);
        let held = [pg, clay, glaze, room, 0];
        cost.iter().fold(true, |ok, a| {
            ok & (a.n <= held[a.res as usize]) & (a.res != Res::Vp)
        })
    }

    /// Books immediate VP under a source (`VP_SOURCES`).
    pub(crate) fn add_vp(&mut self, s: Seat, source: usize, n: i32) {
        self.t.players[s].vp[source] += n;
    }
}

/// [`NijarState::gain`] on a player and the supply: greedy play's shortcut
/// (`heuristic_gain`) applies it to copies, so what it predicts is what the move does.
pub(crate) fn gain_from(sup: &mut Supply, p: &mut Player, a: Amount) {
    match a.res {
        Res::Pg => {
            let n = a.n.min(sup.pg);
            sup.pg -= n;
            p.pg += n;
        }
        Res::Glaze => {
            let n = a.n.min(sup.glaze);
            sup.glaze -= n;
            p.glaze += n;
        }
        Res::Clay => p.clay = (p.clay + a.n).min(MAX_CLAY),
        // Never gained (above).
        Res::Crack | Res::Vp => {}
    }
}

/// Pays a cost `NijarState::can_pay` accepted, from a player to the supply (on the two
/// alone: greedy play's shortcut applies it to copies).
pub(crate) fn pay_from(sup: &mut Supply, p: &mut Player, cost: &Cost) {
    for a in cost.iter() {
        match a.res {
            Res::Pg => {
                p.pg -= a.n;
                sup.pg += a.n;
            }
            Res::Glaze => {
                p.glaze -= a.n;
                sup.glaze += a.n;
            }
            Res::Clay => p.clay -= a.n,
            Res::Crack => {
                sup.cracks -= a.n;
                p.cracks += a.n;
            }
            Res::Vp => {}
        }
    }
}
