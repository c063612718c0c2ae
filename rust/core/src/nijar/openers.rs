//! The first decisions of a turn (7.2) and of the pending acts a turn opens (8, 9), as sets
//! of options: one bit per move, above the id of the first move of its kind. The legal-action
//! list (`moves.rs`) pushes the sets' bits; a random draw at the start of a turn or among
//! pending acts (`GameState::random_legal_action`: random rollouts and playouts) counts them
//! and reads out only the one drawn.

use super::actions::{encode, Move};
use super::data::{Act, NUM_ENDGAME, NUM_GAME_CARDS};
use super::state::{Frame, Hand, Mode, NijarState, Phase, Task, TASK_ANY, TASK_ROW};
use crate::engine::{Action, ActionList, Rng, Seat};

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
pub(crate) fn push_options(out: &mut ActionList, first: Action, mut set: u64) {
    while set != 0 {
        out.push(first + set.trailing_zeros());
        set &= set - 1;
    }
}

/// ORs `set` into the multi-word set `words` at bit `at` (a set of at most 64 bits; always
/// inlined, so a constant `at` leaves two shifts).
#[inline(always)]
fn or_at(words: &mut [u64; 3], at: Action, set: u64) {
    let (i, shift) = ((at / 64) as usize, at % 64);
    words[i] |= set << shift;
    if shift != 0 && i + 1 < words.len() {
        words[i + 1] |= set >> (64 - shift);
    }
}

/// Each turn move's place in the set of `turn_options`: the kinds of 7.2's first decisions
/// have adjacent id ranges (`actions.rs`), so their ids less the first placement's are the
/// bits of one word.
const SPECIAL_BIT: u32 = 15;
const DISCARD_BIT: u32 = 16;
const SELL_BIT: u32 = 28;
const CLOSE_BIT: u32 = 34;

/// The `k`-th (from 0) set bit of `set`, which has more than `k`.
#[inline]
pub(crate) fn nth_bit(mut set: u64, k: usize) -> u32 {
    for _ in 0..k {
        set &= set - 1;
    }
    set.trailing_zeros()
}

/// The endgame scoring cards in `hand`, bit `i` for card `80 + i`.
pub(crate) fn endgame_bits(hand: &Hand) -> u64 {
    (hand.0[1] >> (NUM_GAME_CARDS - 64)) & ((1 << NUM_ENDGAME) - 1)
}

impl NijarState {
    /// The acts the pending tasks of `frame` may be resolved as now, as a set (`ACT_BIT`):
    /// in a throw's benefits (taken in order) the first task's; in a group resolved in any
    /// order every task's (a task twice in the group opens the same moves once).
    pub(crate) fn frame_acts(&self, frame: &Frame) -> u32 {
        if frame.ordered {
            frame
                .tasks
                .first()
                .map_or(0, |&task| self.task_act_set(task))
        } else {
            frame
                .tasks
                .iter()
                .fold(0u32, |acts, &task| acts | self.task_act_set(task))
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
    ///
    /// Written out act by act, each behind its own test of its bit, so that each act's
    /// openers are inlined with the act known (its `match` folds away): a loop over the set's
    /// bits dispatched on the act jumped through a table whose target changed from act to act
    /// and step to step, often mispredicted.
    pub(crate) fn acts_openers(&self, s: Seat, acts: u32, out: &mut ActionList) {
        macro_rules! each_act {
            ($($i:literal)*) => {
                $(
                    if acts & (1 << $i) != 0 {
                        self.act_openers(s, ACTS_BY_ID[$i], out);
                    }
                )*
            };
        }
        each_act!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18);
    }

    /// The first decision of each way to resolve `act` now. (Always inlined: one call
    /// per pending act cost more than the act's own work.)
    #[inline(always)]
    pub(crate) fn act_openers(&self, s: Seat, act: Act, out: &mut ActionList) {
        if act == Act::Play {
            self.play_openers(s, out);
        } else {
            let (first, set) = self.act_options(s, act);
            push_options(out, first, set);
        }
    }

    /// 7.2: the choices at the start of a turn with the shop open, as bits above
    /// `encode(Move::Place(0))`.
    pub(crate) fn turn_options(&self, s: Seat) -> u64 {
        debug_assert_eq!(
            [SPECIAL_BIT, DISCARD_BIT, SELL_BIT, CLOSE_BIT].map(|b| encode(Move::Place(0)) + b),
            [
                encode(Move::Special),
                encode(Move::Discard(0)),
                encode(Move::Sell(0)),
                encode(Move::CloseShop)
            ]
        );
        let p = &self.t.players[s];
        // 7.2.1.1
        let mut set = u64::from(self.placeable_spaces(s));
        // 7.2.1.2
        set |= u64::from(p.workers > 0) << SPECIAL_BIT;
        // 7.2.2
        set |= endgame_bits(&p.hand) << DISCARD_BIT;
        // 7.2.3
        set |= u64::from(self.sell_options(s)) << SELL_BIT;
        // 7.2.4: only with no craftswoman available.
        set |= u64::from(p.workers == 0) << CLOSE_BIT;
        set
    }

    /// The first decisions of each way to resolve `act` now but Play's (`play_openers`: a
    /// card and a space, more than one word holds): the id of the first move of the act's
    /// kind, and the options open as bits above it, in id order. (Always inlined: one call
    /// per pending act cost more than the act's own work.)
    #[inline(always)]
    pub(crate) fn act_options(&self, s: Seat, act: Act) -> (Action, u64) {
        let p = &self.t.players[s];
        match act {
            Act::Acquire => (encode(Move::AcquireBegin), 1),
            Act::Acquire1 => (encode(Move::AcquireBonus), 1),
            // Listed card by card (`play_openers`); never asked here.
            Act::Play => (encode(Move::PlayCard(0, 0)), 0),
            // 8.3: 1, 2 or 3 Clay for 0, 1 or 3 Perra Gorda.
            Act::Clay => (
                encode(Move::Clay(0)),
                1 | u64::from(p.pg >= 1) << 1 | u64::from(p.pg >= 3) << 2,
            ),
            // 8.4: the marker has two spaces to advance.
            Act::Technology => (encode(Move::Technology), u64::from(p.tech < 2)),
            // 8.5 / 9.4: any wheel whose vase has a space left.
            Act::Throw | Act::Throw1 => {
                let lens = &self.cards.wheel_lens;
                let mut set = 0u64;
                for (w, wheel) in p.wheels.iter().enumerate() {
                    set |= u64::from(wheel.pos < lens[usize::from(wheel.card)]) << w;
                }
                let first = if act == Act::Throw {
                    encode(Move::Advance(0))
                } else {
                    encode(Move::Throw1(0))
                };
                (first, set)
            }
            // 8.6
            Act::Shape => (encode(Move::Shape(0)), self.shape_options(s).into()),
            // 8.7 / 9.2
            Act::Fire => (encode(Move::Fire(0)), self.fire_options(s).into()),
            Act::Fire1 => (encode(Move::Fire1(0)), self.fire_options(s).into()),
            // 8.8 / 9.3
            Act::Paint => (encode(Move::Paint(0)), self.paint_options(s)),
            Act::Paint1 => (encode(Move::Paint1(0)), self.paint_options(s)),
            // 8.9: cracks to clean.
            Act::Clean => (encode(Move::CleanBegin), u64::from(p.cracks > 0)),
            // 9.5: a crack onto any cleanup card with room.
            Act::Clean1 => {
                let spaces = &self.cards.cleanup_spaces;
                let mut set = 0u64;
                if p.cracks > 0 {
                    for (c, cl) in p.cleanups.iter().enumerate() {
                        set |= u64::from(cl.cracks < spaces[usize::from(cl.card)]) << c;
                    }
                }
                (encode(Move::Clean1(0)), set)
            }
            Act::Esparto => (encode(Move::EspartoBegin), 1),
            // 9.8: either side of the printed card or of any played one.
            Act::Esparto1 => (
                encode(Move::Esparto1(0)),
                (1u64 << (2 * (p.esparto.len() + 1))) - 1,
            ),
            Act::FirstPlayer => (encode(Move::FirstPlayer(0)), self.first_player_set(s)),
            Act::Clay1 => (encode(Move::Clay1), 1),
            Act::PgOrGlaze => (encode(Move::PgOrGlaze(0)), 0b11),
        }
    }

    /// `GameState::random_legal_action`. At the start of a turn and among a group's pending
    /// acts (four fifths of random play's decisions) the options are counted, one place is
    /// drawn as from the list, and only the move at that place is read out: the action the
    /// list gives there, with the same one draw from `rng`. Elsewhere the list is drawn from.
    pub(crate) fn random_action(&self, rng: &mut Rng, legal: &mut ActionList) -> Action {
        if self.t.phase == Phase::Turns
            && self.t.mode == Mode::Idle
            && self.t.frames.is_empty()
            && self.reward_seat().is_none()
        {
            let set = self.turn_options(usize::from(self.t.turn_seat));
            let k = rng.below(set.count_ones() as usize);
            return encode(Move::Place(0)) + nth_bit(set, k);
        }
        if self.t.phase == Phase::Turns && self.t.mode == Mode::Idle && self.reward_seat().is_none()
        {
            if let Some(frame) = self.t.frames.last() {
                return self.random_opener(frame, rng, legal);
            }
        }
        self.legal_into(legal);
        legal[rng.below(legal.len())]
    }

    /// The random draw among a group's pending acts: the move at the drawn place of
    /// `legal_into`'s list (the passing move, Acquire Cards and its bonus, Play's moves, then
    /// every other act's in act order), without the list. Every other act's options are
    /// gathered as one set over the ids from Extract Clay's first on (178 ids, three words),
    /// each at its place: those read from a field or two (Extract Clay, Clean, Collect
    /// Esparto, Clay, Perra Gorda or Glazes: often pending) whether pending or not, masked
    /// without a branch; the others only when pending. Play's moves are counted, and listed
    /// only if drawn. (A branch per act and a loop per act's options were often mispredicted:
    /// which acts are pending and how many options each has change from step to step.)
    fn random_opener(&self, frame: &Frame, rng: &mut Rng, legal: &mut ActionList) -> Action {
        let s = usize::from(self.t.turn_seat);
        let acts = self.frame_acts(frame);
        let pending = |i: usize| acts & (1 << i) != 0;
        let base = encode(Move::Clay(0));
        let mut words = [0u64; 3];
        // Act `ACTS_BY_ID[i]`'s options at their place, masked out unless it is pending.
        macro_rules! gather {
            ($($i:literal)*) => {
                $(
                    let (first, set) = self.act_options(s, ACTS_BY_ID[$i]);
                    let mask = 0u64.wrapping_sub(u64::from(pending($i)));
                    or_at(&mut words, first - base, set & mask);
                )*
            };
        }
        gather!(3 12 14 17 18);
        if pending(4) {
            gather!(4);
        }
        if acts & (0b11 << 8) != 0 {
            gather!(8 9);
        }
        if pending(15) {
            gather!(15);
        }
        if pending(16) {
            gather!(16);
        }
        if acts & (0b11 << 5) != 0 {
            gather!(5 6);
        }
        if pending(7) {
            gather!(7);
        }
        if acts & (0b11 << 10) != 0 {
            gather!(10 11);
        }
        if pending(13) {
            gather!(13);
        }

        // Acquire Cards and its bonus open with one move each, adjacent ids.
        let acquire = u64::from(acts & 0b11);
        let play = if pending(2) { self.play_count(s) } else { 0 };
        let total =
            1 + acquire.count_ones() + play + words.iter().map(|w| w.count_ones()).sum::<u32>();
        let Some(mut k) = (rng.below(total as usize) as u32).checked_sub(1) else {
            return encode(if frame.ordered {
                Move::Skip
            } else {
                Move::Done
            });
        };
        if k < acquire.count_ones() {
            return encode(Move::AcquireBegin) + nth_bit(acquire, k as usize);
        }
        k -= acquire.count_ones();
        if k < play {
            legal.clear();
            self.play_openers(s, legal);
            return legal[k as usize];
        }
        k -= play;
        for (w, &set) in words.iter().enumerate() {
            let n = set.count_ones();
            if k < n {
                return base + 64 * w as Action + nth_bit(set, k as usize);
            }
            k -= n;
        }
        // Not reached: the place drawn is below the count.
        encode(Move::Done)
    }
}

#[cfg(test)]
mod tests {
    use super::or_at;

    /// `or_at` ORs a set in at any bit: within a word, across a word's end into the next
    /// (Paint's options start at bit 55 of the gathered set and Paint's bonus's at 94, so
    /// both run over a word's end), onto bits already set, and at the last word without
    /// reaching past it.
    #[test]
    fn a_set_is_ored_in_at_its_bit_across_words() {
        let mut words = [0u64; 3];
        or_at(&mut words, 3, 0b101);
        assert_eq!(words, [0b101 << 3, 0, 0]);
        // Bits 60..=67: four in word 0, four in word 1.
        or_at(&mut words, 60, 0xff);
        assert_eq!(words, [0b101 << 3 | 0xf << 60, 0xf, 0]);
        // Onto bits already set, in both words: an OR, not a toggle.
        or_at(&mut words, 0, 0b1111 << 3);
        or_at(&mut words, 60, 0xff);
        assert_eq!(words, [0b1111 << 3 | 0xf << 60, 0xf, 0]);
        // Bits 126..=129 run from word 1 into word 2; bits 160.. stay in the last word.
        or_at(&mut words, 126, 0b1111);
        or_at(&mut words, 160, 0b11);
        assert_eq!(words[1], 0xf | 0b11 << 62);
        assert_eq!(words[2], 0b11 | 0b11 << 32);
    }
}
