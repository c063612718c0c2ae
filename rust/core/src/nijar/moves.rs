//! What may happen next and what it does: the legal actions and `apply` for the round's turn
//! (7.2), the groups of pending actions and bonuses a turn opens, and the resources every
//! action pays and gains (5.1–5.3). The setup, the market and the end of round are in
//! `round.rs`; the actions of section 8 in `acquire.rs`, `play.rs`, `throw.rs`, `pieces.rs`.

use super::actions::{decode, encode, Move};
use super::data::{Act, Amount, Cost, Res};
use super::state::{
    Frame, Mode, NijarState, Phase, Player, Supply, Task, CLEANING_AREA, EMPTY, MAX_CLAY, TASK_ANY,
    TASK_ANY_BONUS, TASK_ROW,
};
use crate::engine::{Action, ActionList, FixedVec, Seat};

/// The acts in the order of the id ranges of their first decisions (`actions.rs`).
/// An act's bit in the sets of `task_act_set` is its place here.
const ACTS_BY_ID: [Act; 19] = [
    Act::Acquire,    // AcquireBegin
    Act::Acquire1,   // AcquireBonus
    Act::Play,       // PlayCard
    Act::Clay,       // Clay
    Act::Technology, // Technology
    Act::Throw,      // Advance
    Act::Throw1,     // Throw1
    Act::Shape,      // Shape
    Act::Fire,       // Fire
    Act::Fire1,      // Fire1
    Act::Paint,      // Paint
    Act::Paint1,     // Paint1
    Act::Clean,      // CleanBegin
    Act::Clean1,     // Clean1
    Act::Esparto,    // EspartoBegin
    Act::Esparto1,   // Esparto1
    Act::FirstPlayer,
    Act::Clay1,
    Act::PgOrGlaze,
];

/// Each act's bit (by act code) in an act set: its place in `ACTS_BY_ID`, so reading a
/// set's bits upwards visits the acts in id order.
const ACT_BIT: [u32; 19] = act_bits();

const fn act_bits() -> [u32; 19] {
    let mut out = [0u32; 19];
    let mut i = 0;
    while i < 19 {
        out[ACTS_BY_ID[i] as usize] = 1 << i;
        i += 1;
    }
    out
}

/// Pushes `first + o` for every bit `o` of `set`, upwards: the moves of one kind whose
/// options are the set's bits, in id order.
#[inline]
fn push_options(out: &mut ActionList, first: Action, mut set: u64) {
    while set != 0 {
        out.push(first + set.trailing_zeros());
        set &= set - 1;
    }
}

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
                    if frame.ordered {
                        out.push(encode(Move::Skip));
                        if let Some(&task) = frame.tasks.first() {
                            self.acts_openers(s, self.task_act_set(task), out);
                        }
                    } else {
                        out.push(encode(Move::Done));
                        // A set: a task twice in the group opens the same moves once.
                        let acts = frame
                            .tasks
                            .iter()
                            .fold(0u32, |acts, &task| acts | self.task_act_set(task));
                        self.acts_openers(s, acts, out);
                    }
                } else {
                    self.turn_legal(s, out);
                }
            }
        }
        debug_assert!(
            out.windows(2).all(|w| w[0] < w[1]),
            "legal actions not strictly ascending: {out:?}"
        );
    }

    /// 7.2: the choices at the start of a turn with the shop open.
    fn turn_legal(&self, s: Seat, out: &mut ActionList) {
        let p = &self.t.players[s];
        // 7.2.1.1: one more craftswoman than are there; never onto your own colour; only
        // the spaces not blocked for this player count. The spaces are read into a set
        // (bit `row * 5 + column`) without a branch each: in random play which ones are
        // open changes every turn, and a branch per space was mispredicted often.
        let mut spaces = 0u64;
        for (row, occupants) in self.t.spaces.iter().enumerate() {
            for (col, occ) in occupants.iter().enumerate() {
                let legal =
                    self.column_open(col) & (usize::from(occ.seat) != s) & (occ.count < p.workers);
                spaces |= u64::from(legal) << (row * 5 + col);
            }
        }
        push_options(out, encode(Move::Place(0)), spaces);
        // 7.2.1.2
        if p.workers > 0 {
            out.push(encode(Move::Special));
        }
        // 7.2.2
        for i in p.hand.endgame_indices() {
            out.push(encode(Move::Discard(i)));
        }
        // 7.2.3
        push_options(out, encode(Move::Sell(0)), self.sell_options(s).into());
        // 7.2.4: only with no craftswoman available.
        if p.workers == 0 {
            out.push(encode(Move::CloseShop));
        }
    }

    /// The acts a task may be resolved as, as a set (`ACT_BIT`): what `task_acts` lists,
    /// without building the list.
    fn task_act_set(&self, task: Task) -> u32 {
        let bit = |code: u8| ACT_BIT.get(usize::from(code)).copied().unwrap_or(0);
        let tile = |i: usize| ACT_BIT[self.tile(i) as usize];
        match task {
            t if t < TASK_ROW => bit(t),
            t if t < TASK_ANY => {
                let r = usize::from(t - TASK_ROW) * 3;
                (r..r + 3).fold(0, |set, i| set | tile(i))
            }
            TASK_ANY => (0..9).fold(0, |set, i| set | tile(i)),
            // 7.2.4 / 7.2.5: any bonus on the board or the Special Action but its printed
            // Collect Esparto.
            _ => self
                .t
                .columns
                .iter()
                .chain(self.t.special.iter())
                .fold(0, |set, &c| set | bit(c)),
        }
    }

    /// The first decisions of every act in the set `acts`, ascending: each act opens with
    /// moves of one kind of its own, produced in order, so the acts are visited in the
    /// order of those kinds' id ranges.
    fn acts_openers(&self, s: Seat, mut acts: u32, out: &mut ActionList) {
        while acts != 0 {
            self.act_openers(s, ACTS_BY_ID[acts.trailing_zeros() as usize], out);
            acts &= acts - 1;
        }
    }

    /// The first decision of each way to resolve `act` now. (Always inlined: one call
    /// per pending act cost more than the act's own work.)
    #[inline(always)]
    fn act_openers(&self, s: Seat, act: Act, out: &mut ActionList) {
        let p = &self.t.players[s];
        match act {
            Act::Acquire => out.push(encode(Move::AcquireBegin)),
            Act::Acquire1 => out.push(encode(Move::AcquireBonus)),
            Act::Play => self.play_openers(s, out),
            Act::Clay => {
                for (k, cost) in [0u8, 1, 3].into_iter().enumerate() {
                    if p.pg >= cost {
                        out.push(encode(Move::Clay(k as u8)));
                    }
                }
            }
            Act::Technology => {
                if p.tech < 2 {
                    out.push(encode(Move::Technology));
                }
            }
            Act::Throw | Act::Throw1 => {
                for (w, wheel) in p.wheels.iter().enumerate() {
                    if usize::from(wheel.pos) < self.cards.wheel(wheel.card).spaces.len() {
                        out.push(encode(if act == Act::Throw {
                            Move::Advance(w as u8)
                        } else {
                            Move::Throw1(w as u8)
                        }));
                    }
                }
            }
            // 8.6
            Act::Shape => push_options(out, encode(Move::Shape(0)), self.shape_options(s).into()),
            // 8.7 / 9.2
            Act::Fire => push_options(out, encode(Move::Fire(0)), self.fire_options(s).into()),
            Act::Fire1 => push_options(out, encode(Move::Fire1(0)), self.fire_options(s).into()),
            // 8.8 / 9.3
            Act::Paint => push_options(out, encode(Move::Paint(0)), self.paint_options(s)),
            Act::Paint1 => push_options(out, encode(Move::Paint1(0)), self.paint_options(s)),
            Act::Clean => {
                if p.cracks > 0 {
                    out.push(encode(Move::CleanBegin));
                }
            }
            Act::Clean1 => {
                if p.cracks > 0 {
                    for (c, _) in p.cleanups.iter().enumerate() {
                        if self.cleanup_space(s, c) > 0 {
                            out.push(encode(Move::Clean1(c as u8)));
                        }
                    }
                }
            }
            Act::Esparto => out.push(encode(Move::EspartoBegin)),
            Act::Esparto1 => {
                for i in 0..=p.esparto.len() {
                    for side in 0..2 {
                        out.push(encode(Move::Esparto1((i * 2 + side) as u8)));
                    }
                }
            }
            Act::FirstPlayer => self.first_player_openers(s, out),
            Act::Clay1 => out.push(encode(Move::Clay1)),
            Act::PgOrGlaze => {
                out.push(encode(Move::PgOrGlaze(0)));
                out.push(encode(Move::PgOrGlaze(1)));
            }
        }
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
                self.t.spaces[row][col].seat = s as u8;
                self.t.spaces[row][col].count = count;
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

    /// Whether `s` can pay `cost` (cracks: room in the cleaning area and in the supply).
    pub(crate) fn can_pay(&self, s: Seat, cost: &Cost) -> bool {
        let p = &self.t.players[s];
        cost.iter().all(|a| match a.res {
            Res::Pg => p.pg >= a.n,
            Res::Glaze => p.glaze >= a.n,
            Res::Clay => p.clay >= a.n,
            Res::Crack => p.cracks + a.n <= CLEANING_AREA && self.t.supply.cracks >= a.n,
            Res::Vp => false,
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
