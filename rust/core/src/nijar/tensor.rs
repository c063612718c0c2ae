//! The observation tensor: everything a seat may see, as a fixed-size vector of floats.
//!
//! The same length for every player count and option (seat blocks for four seats, the
//! Competition's block always present), so one network serves every configuration. Cards
//! are encoded by id, as for Sunrise: game cards 0..80 (wheels 0..16, esparto 16..32,
//! cleanup 32..44, glazing workshops 44..56, glaze kilns 56..68, firing kilns 68..80) and
//! endgame cards 80..92, the ids of `observation()` and of the card file. Seats are relative
//! to the viewer: seat block 0 is the viewer, 1 the next seat clockwise, and so on; wherever
//! a table space can hold a seat's piece, five "owner" slots follow that order with the
//! Competition (solo) last.
//!
//! Every entry is a count of units of a fixed scale (`engine::tensor`): flags and one-hots
//! (unit 1), counts in the units of the first layout's divisors (Perra Gorda in the supply
//! in 54ths, a seat's VP in hundredths, ...), progress in steps of its card (a vase's
//! position in spaces of its wheel), a frame's tasks in eighths. The three numbers of the
//! compound action are shared by modes with different divisors, so their unit is 1 / the
//! lcm of those divisors ([`MODE_LCM`]) and every mode's value is kept. The divisors are
//! not all maxima: `tensor_bounds` declares each entry's true range (a seat's VP reach the
//! proved score bound, Perra Gorda in a seat's hands every token of the game, ...). The
//! counts reach 5096 (a mode number) and the final score is negative, so the compact form
//! is `int16`.
//!
//! Layout, in order (sizes in brackets):
//!
//! **Global** ([`GLOBAL`]):
//! * players one-hot (4), round one-hot (3), phase one-hot (6: setup combination, setup
//!   donkey, re-roll, turns, endgame card, over) and its step `k` / 4 (1);
//! * the seat to act (4, relative), the seat whose turn it is (5, owners), turn begun (1);
//! * the compound action in progress (`Mode`): kind one-hot (9), four numbers (Acquire:
//!   cards left, taken, 0; Donkey: acquired; Throw: spaces left / 7; Fire, Paint, Sell: the
//!   last option; Clean: cracks left, 0, taken; Esparto: next card; the fourth is 0), the
//!   rows already refreshed (3) and the throw's benefits so far (7 × 19 act codes);
//! * pending task groups: depth / 24 (1), then the innermost three groups, each: ordered (1),
//!   task counts by code (25) and the first task by code (25);
//! * the action tiles (9 spaces × 11 acts), each column's bonus tile (5 × 9: 8 bonuses or
//!   blocked), the Special Action's two bonus tiles (2 × 8);
//! * craftswomen on each action space (15 spaces × 5 owners, count / 7), on the Special
//!   Action (5 owners, count / 7);
//! * the market: demand tiles (3 rounds × 3 columns × values 0/1/2), marker heights one-hot
//!   (3 × 16), the dice one-hot (3 × 6);
//! * deck sizes / 32 (3); the draft area (15 spaces × 80 ids); the donkeys (15 spaces × 5
//!   owners);
//! * the turn-order track (4 positions × 5 owners), the right-hand track (4 spaces × 5
//!   owners), the first-player token (5 owners);
//! * the starting combinations on offer (5 × (5 wheels + 5 resource cards));
//! * the general supply (7: Perra Gorda / 54, glazes / 42, cracks / 32, vases / 20, plates,
//!   jugs, pots / 8);
//! * the Competition (solo, else zeros): VP by source / 20 (3), score / 100, its pieces
//!   (3 types × none/unpainted/painted), sold / 8 (3), craftswomen / 7, on its shop / 7, shop
//!   closed, turns / 20, deck size / 9, revealed / 9, the back of its top card (3 rounds × 3
//!   piece types, count / 2), its last revealed card (9 ids), every revealed card this round
//!   (9 ids), discards / 40, difficulty one-hot (3).
//!
//! **Each seat** ([`PER_SEAT`], × 4, zeros past the player count): present (1); running VP
//! / 100, VP by source / 50 (5), final score / 100 once the game is over; Perra Gorda / 20,
//! glazes / 20; clay one-hot (8), cracks in the cleaning area one-hot (9), technology one-hot
//! (3); craftswomen / 7, on the shop / 7, shop closed, turns / 20, shop rewards pending / 7;
//! potter's wheels (16 cards + 5 starting: in play, vase progress, completed, workshop space
//! / 4); esparto cards (16: in play, space one-hot 3); cleanup cards (12 + starting: in
//! play, cracks / spaces); glazing workshops, glaze kilns, firing kilns (each 12 + starting:
//! in play, piece one-hot plate/jug/pot); drying area / 4 (3); sold / 8 (3); hand counts by
//! cardback and endgame / 10 (4); endgame cards played face-down / 3 (1); the hand's cards
//! this viewer knows (92 ids: all of the viewer's own hand; of another hand only cards
//! everyone saw taken from the draft); the face-down endgame cards this viewer knows (12:
//! its own; everyone's once the game is over).
//!
//! **Private** ([`PRIVATE`]): cards the viewer knows are elsewhere (92 ids: in the box or a
//! deck, e.g. its own discarded endgame cards); the viewer's own pending 10.2 choice while
//! later seats are still choosing (13: endgame card 80 + i played, or 12: keep).
//!
//! Nothing hidden is written: other hands appear only as counts (and the cards taken from
//! the face-up draft), deck orders and future dice not at all, the Competition's deck only
//! by the back of its top card.

use super::data::{Act, CardType, NUM_CARD_IDS, NUM_GAME_CARDS, STARTING_BASE, STARTING_CARD};
use super::state::{
    EndgameChoice, Hand, Mode, NijarState, Phase, Player, COMP, EMPTY, MAX_FRAMES,
    MAX_NIJAR_PLAYERS, MAX_THROW,
};
use crate::engine::{Cells, Seat, TensorCell};

/// Owner slots: four seats relative to the viewer, then the Competition.
pub(super) const OWNERS: usize = 5;
/// Task codes (acts 0..19, rows 20..23, any action 23, any bonus 24).
pub(super) const TASK_CODES: usize = 25;
/// Acts a tile can hold (`Acquire` ..= `FirstPlayer`).
pub(super) const TILE_ACTS: usize = 11;
/// The eight bonus acts (`Fire1` ..= `Esparto1`).
pub(super) const BONUS_ACTS: usize = 8;
/// Frames shown, innermost first.
pub(super) const FRAMES_SHOWN: usize = 3;

const MODE: usize = 9 + 4 + 3 + MAX_THROW * Act::ALL.len();
const FRAMES: usize = 1 + FRAMES_SHOWN * (1 + 2 * TASK_CODES);
const BOARD: usize = 9 * TILE_ACTS + 5 * (BONUS_ACTS + 1) + 2 * BONUS_ACTS + 15 * OWNERS + OWNERS;
const MARKET: usize = 27 + 3 * 16 + 3 * 6;
const DRAFT: usize = 3 + 15 * NUM_GAME_CARDS + 15 * OWNERS;
const TRACKS: usize = 4 * OWNERS + 4 * OWNERS + OWNERS + 5 * 10 + 7;
pub(super) const COMPETITION: usize = 3 + 1 + 9 + 3 + 1 + 1 + 1 + 1 + 1 + 1 + 9 + 9 + 9 + 1 + 3;
/// Where the mode block starts (its length is [`MODE_LEN`]).
pub const MODE_AT: usize = 4 + 3 + 6 + 1 + 4 + OWNERS + 1;
/// Length of the mode block.
pub const MODE_LEN: usize = MODE;
/// Where the draft area starts: space `pos` (row * 5 + column) holding card `id` is
/// `DRAFT_AT + pos * 80 + id`.
pub const DRAFT_AT: usize = MODE_AT + MODE + FRAMES + BOARD + MARKET + 3;
/// The global block.
pub const GLOBAL: usize =
    4 + 3 + 6 + 1 + 4 + OWNERS + 1 + MODE + FRAMES + BOARD + MARKET + DRAFT + TRACKS + COMPETITION;

pub(super) const WHEEL_IDS: usize = 16 + 5;
pub(super) const BUILDING_IDS: usize = 13;
const WORKSHOP: usize = WHEEL_IDS * 4 + 16 * 4 + BUILDING_IDS * 2 + 3 * BUILDING_IDS * 4 + 3 + 3;
/// One seat's block.
pub const PER_SEAT: usize =
    1 + 1 + 5 + 1 + 2 + 8 + 9 + 3 + 5 + WORKSHOP + 4 + 1 + NUM_CARD_IDS + 12;
/// Where, inside a seat block, the hand counts by cardback start (3 decks, then endgame);
/// the known hand ids follow after one more slot, at `SEAT_HAND_AT + 5 + id`.
pub const SEAT_HAND_AT: usize = PER_SEAT - 12 - NUM_CARD_IDS - 5;
/// The viewer's private block.
pub const PRIVATE: usize = NUM_CARD_IDS + 13;
/// Length of the observation tensor (the same for every player count and option).
pub const TENSOR_SIZE: usize = GLOBAL + PER_SEAT * MAX_NIJAR_PLAYERS + PRIVATE;

// The units of the scaled counts: the divisors of the first layout, kept so that the
// tensor's meaning does not change (the ranges are in `tensor_bounds`).
pub(super) const STEP_UNIT: f32 = 1.0 / 4.0;
pub(super) const FRAMES_UNIT: f32 = 1.0 / MAX_FRAMES as f32;
/// A task in a frame: an eighth (a power of two, so the sum of a frame's tasks is exact).
pub(super) const TASK_UNIT: f32 = 1.0 / 8.0;
pub(super) const CRAFTSWOMAN_UNIT: f32 = 1.0 / 7.0;
pub(super) const DECK_UNIT: f32 = 1.0 / 32.0;
pub(super) const SUPPLY_PG_UNIT: f32 = 1.0 / 54.0;
pub(super) const SUPPLY_GLAZE_UNIT: f32 = 1.0 / 42.0;
pub(super) const SUPPLY_CRACKS_UNIT: f32 = 1.0 / 32.0;
pub(super) const SUPPLY_VASES_UNIT: f32 = 1.0 / 20.0;
pub(super) const PIECES_UNIT: f32 = 1.0 / 8.0;
pub(super) const COMPETITION_VP_UNIT: f32 = 1.0 / 20.0;
pub(super) const SCORE_UNIT: f32 = 1.0 / 100.0;
pub(super) const TURNS_UNIT: f32 = 1.0 / 20.0;
pub(super) const COMPETITION_CARDS_UNIT: f32 = 1.0 / 9.0;
/// A piece action on the back of the Competition's top card: a half (a power of two).
pub(super) const BACK_UNIT: f32 = 0.5;
pub(super) const DISCARDS_UNIT: f32 = 1.0 / 40.0;
pub(super) const VP_SOURCE_UNIT: f32 = 1.0 / 50.0;
pub(super) const OWN_RESOURCE_UNIT: f32 = 1.0 / 20.0;
pub(super) const SLOT_UNIT: f32 = 1.0 / 4.0;
pub(super) const DRYING_UNIT: f32 = 1.0 / 4.0;
pub(super) const HAND_UNIT: f32 = 1.0 / 10.0;
pub(super) const ENDGAME_PLAYED_UNIT: f32 = 1.0 / 3.0;

/// The unit of a progress over `steps` steps (a vase's spaces, a cleanup card's spaces).
pub(super) fn step_unit(steps: usize) -> f32 {
    1.0 / steps.max(1) as f32
}

/// The compound action's three numbers: each entry is shared by several modes, each mode
/// with its own divisor and a largest value (`validate.rs` checks these on every loaded
/// state): `(largest, divisor)` per mode that writes the entry.
pub(super) const MODE_NUMBERS: [&[(u32, u32)]; 3] = [
    // Acquire: cards left ≤ 7, / 2; Donkey: acquired; Throw: spaces left ≤ 7, / 7; Fire:
    // last option < 16, / 16; Paint: last workshop < 13, / 13; Clean: cracks left ≤ 8
    // (the cleaning area's), / 8; Esparto: next card ≤ 3, / 4; Sell: last option < 6, / 16.
    &[
        (7, 2),
        (1, 1),
        (MAX_THROW as u32, MAX_THROW as u32),
        (15, 16),
        (12, 13),
        (8, 8),
        (3, 4),
        (5, 16),
    ],
    // Acquire: cards taken (with those left, at most the 7 it began with), / 2. (Clean
    // wrote its first cleanup card still allowed here, until the cracks could be placed in
    // any order.)
    &[(7, 2)],
    // Clean: cracks taken ≤ 8, / 8. (Acquire wrote one past its last position here, until
    // the cards could be taken in any order.)
    &[(8, 8)],
];

const fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

const fn lcm_of_divisors(numbers: &[(u32, u32)]) -> u32 {
    let mut l = 1;
    let mut i = 0;
    while i < numbers.len() {
        let d = numbers[i].1;
        l = l / gcd(l, d) * d;
        i += 1;
    }
    l
}

/// Each mode number's unit is 1 / (the lcm of its divisors), so that every mode's value
/// `count / divisor` is a whole number of units, `count × lcm / divisor`.
pub(super) const MODE_LCM: [u32; 3] = [
    lcm_of_divisors(MODE_NUMBERS[0]),
    lcm_of_divisors(MODE_NUMBERS[1]),
    lcm_of_divisors(MODE_NUMBERS[2]),
];

/// The unit of mode number `i`.
pub(super) fn mode_unit(i: usize) -> f32 {
    1.0 / MODE_LCM[i] as f32
}

/// The card ids in a hand, by its set bits (cheaper than testing all 92 ids).
fn hand_ids(hand: &Hand) -> impl Iterator<Item = usize> + '_ {
    hand.0
        .iter()
        .enumerate()
        .flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + i
                })
            })
        })
        .filter(|&c| c < NUM_CARD_IDS)
}

/// The local index (0..13) of a building card: its place in its type, the starting card 12.
fn building_index(card: u8, ty: CardType) -> usize {
    if card == STARTING_CARD {
        12
    } else {
        (usize::from(card) - ty.first_id()).min(12)
    }
}

impl NijarState {
    /// The owner slot of a seat byte as seen by `viewer`: the relative seat, or 4 for the
    /// Competition; `None` for nobody.
    fn owner(&self, seat: u8, viewer: Seat) -> Option<usize> {
        let n = self.n();
        if self.is_solo() && seat == COMP {
            Some(4)
        } else if usize::from(seat) < n {
            Some((usize::from(seat) + n - viewer) % n)
        } else {
            None
        }
    }

    /// Writes the observation tensor of `viewer` into `out` (length [`TENSOR_SIZE`]); the
    /// layout is in this module's documentation. Allocates nothing (but the final score of
    /// a finished game).
    pub fn write_tensor<T: TensorCell>(&self, viewer: Seat, out: &mut [T]) {
        let mut w = Cells::zeroed(out);
        if w.out.len() < TENSOR_SIZE || viewer >= self.n() {
            return;
        }
        let t = &self.t;
        w.hot(self.n() - 1, 4);
        w.hot(usize::from(t.round), 3);
        let (phase, k) = match t.phase {
            Phase::SetupCombo { k } => (0, k),
            Phase::SetupDonkey { k } => (1, k),
            Phase::Reroll => (2, 0),
            Phase::Turns => (3, 0),
            Phase::Endgame { k } => (4, k),
            Phase::Over => (5, 0),
        };
        w.hot(phase, 6);
        w.num(i32::from(k), STEP_UNIT);
        let actor = self
            .actor()
            .map_or(4, |s| (s + self.n() - viewer) % self.n());
        w.hot(actor, 4);
        let turn = if t.phase == Phase::Turns {
            self.owner(t.turn_seat, viewer).unwrap_or(OWNERS)
        } else {
            OWNERS
        };
        w.hot(turn, OWNERS);
        w.bit(t.in_turn);
        self.write_mode(&mut w);
        self.write_frames(&mut w);
        self.write_board(&mut w, viewer);
        debug_assert_eq!(w.at, GLOBAL - COMPETITION);
        self.write_competition(&mut w);
        debug_assert_eq!(w.at, GLOBAL);
        for k in 0..MAX_NIJAR_PLAYERS {
            if k < self.n() {
                let seat = (viewer + k) % self.n();
                self.write_seat(&mut w, seat, viewer);
            } else {
                w.skip(PER_SEAT);
            }
        }
        debug_assert_eq!(w.at, GLOBAL + PER_SEAT * MAX_NIJAR_PLAYERS);
        // Cards the viewer knows are neither on the table nor in a hand (the box, a deck).
        let mut located = [false; NUM_CARD_IDS];
        for row in &t.draft {
            for &c in row.iter().filter(|&&c| c != EMPTY) {
                located[usize::from(c).min(NUM_CARD_IDS - 1)] = true;
            }
        }
        for p in t.players.iter() {
            for c in hand_ids(&p.hand) {
                located[c] = true;
            }
            for i in 0..12 {
                if p.endgame_played & (1 << i) != 0 {
                    located[NUM_GAME_CARDS + i] = true;
                }
            }
            let workshop = p.wheels.iter().map(|x| x.card);
            let workshop = workshop.chain(p.esparto.iter().map(|x| x.card));
            let workshop = workshop.chain(p.cleanups.iter().map(|x| x.card));
            let workshop = workshop.chain(p.workshops.iter().map(|x| x.card));
            let workshop = workshop.chain(p.glaze_kilns.iter().map(|x| x.card));
            let workshop = workshop.chain(p.firing_kilns.iter().map(|x| x.card));
            for c in workshop.filter(|&c| usize::from(c) < NUM_GAME_CARDS) {
                located[usize::from(c)] = true;
            }
        }
        let bit = 1u8 << viewer;
        for (c, &l) in located.iter().enumerate() {
            if !l && t.known[c] & bit != 0 {
                w.flag(c);
            }
        }
        w.skip(NUM_CARD_IDS);
        // 10.2: only the chooser sees its own pending choice.
        let pending = match t.players[viewer].endgame_pending {
            None => 13,
            Some(EndgameChoice::Play(i)) => usize::from(i),
            Some(EndgameChoice::Keep) => 12,
        };
        w.hot(pending, 13);
        debug_assert_eq!(w.at, TENSOR_SIZE);
    }

    fn write_mode<T: TensorCell>(&self, w: &mut Cells<'_, T>) {
        const NONE: (u8, u32) = (0, 1);
        // Each number with its divisor (see `MODE_NUMBERS`).
        let (kind, nums, refreshed): (usize, [(u8, u32); 3], u8) = match self.t.mode {
            Mode::Idle => (0, [NONE; 3], 0),
            Mode::Acquire {
                left,
                taken,
                refreshed,
            } => (1, [(left, 2), (taken, 2), NONE], refreshed),
            Mode::Donkey { acquired } => (2, [(u8::from(acquired), 1), NONE, NONE], 0),
            Mode::Throw { left, .. } => (3, [(left, MAX_THROW as u32), NONE, NONE], 0),
            Mode::Fire { last } => (4, [(last, 16), NONE, NONE], 0),
            Mode::Paint { last } => (5, [(last, 13), NONE, NONE], 0),
            Mode::Clean { left, taken } => (6, [(left, 8), NONE, (taken, 8)], 0),
            Mode::Esparto { next } => (7, [(next, 4), NONE, NONE], 0),
            Mode::Sell { last } => (8, [(last, 16), NONE, NONE], 0),
        };
        w.hot(kind, 9);
        for (i, (count, divisor)) in nums.into_iter().enumerate() {
            // count / divisor = count × (lcm / divisor) units of 1 / lcm.
            let units = u32::from(count) * (MODE_LCM[i] / divisor);
            w.num(units as i32, mode_unit(i));
        }
        w.skip(1);
        for r in 0..3 {
            w.bit(refreshed >> r & 1 != 0);
        }
        if let Mode::Throw { benefits, .. } = &self.t.mode {
            for (i, a) in benefits.iter().enumerate().take(MAX_THROW) {
                w.flag(i * Act::ALL.len() + *a as usize);
            }
        }
        w.skip(MAX_THROW * Act::ALL.len());
    }

    fn write_frames<T: TensorCell>(&self, w: &mut Cells<'_, T>) {
        let frames = &self.t.frames;
        w.num(frames.len() as i32, FRAMES_UNIT);
        for f in frames.iter().rev().take(FRAMES_SHOWN) {
            w.flag_if(0, f.ordered);
            for &task in f.tasks.iter() {
                let code = usize::from(task).min(TASK_CODES - 1);
                w.add(1 + code, 1, TASK_UNIT);
            }
            if let Some(&first) = f.tasks.first() {
                w.flag(1 + TASK_CODES + usize::from(first).min(TASK_CODES - 1));
            }
            w.skip(1 + 2 * TASK_CODES);
        }
        w.skip((FRAMES_SHOWN - frames.len().min(FRAMES_SHOWN)) * (1 + 2 * TASK_CODES));
    }

    fn write_board<T: TensorCell>(&self, w: &mut Cells<'_, T>, viewer: Seat) {
        let t = &self.t;
        for &a in &t.layout {
            w.hot(usize::from(a), TILE_ACTS);
        }
        let bonus = |a: u8| usize::from(a).wrapping_sub(Act::Fire1 as usize);
        for &a in &t.columns {
            w.hot(
                if a == EMPTY { BONUS_ACTS } else { bonus(a) },
                BONUS_ACTS + 1,
            );
        }
        for &a in &t.special {
            w.hot(bonus(a), BONUS_ACTS);
        }
        for row in &t.spaces {
            for o in row {
                if let Some(k) = self.owner(o.seat, viewer) {
                    w.set(k, i32::from(o.count), CRAFTSWOMAN_UNIT);
                }
                w.skip(OWNERS);
            }
        }
        for (s, &count) in t.special_stack.iter().enumerate() {
            if let Some(k) = self.owner(s as u8, viewer) {
                w.set(k, i32::from(count), CRAFTSWOMAN_UNIT);
            }
        }
        w.skip(OWNERS);
        for row in &t.demand {
            for &d in row {
                w.hot(usize::from(d), 3);
            }
        }
        for &h in &t.heights {
            w.hot(usize::from(h), 16);
        }
        for &d in &t.dice {
            w.hot(usize::from(d).wrapping_sub(1), 6);
        }
        for d in &t.decks {
            w.num(d.len() as i32, DECK_UNIT);
        }
        debug_assert_eq!(w.at, DRAFT_AT);
        for row in &t.draft {
            for &c in row {
                w.hot(usize::from(c), NUM_GAME_CARDS);
            }
        }
        let donkeys = w.at;
        for (s, &d) in t.donkeys.iter().enumerate() {
            if let (Some(k), true) = (self.owner(s as u8, viewer), usize::from(d) < 15) {
                w.out[donkeys + usize::from(d) * OWNERS + k] = T::cell(1, 1.0);
            }
        }
        w.skip(15 * OWNERS);
        for pos in 0..4 {
            if let Some(k) = t.order.get(pos).and_then(|&s| self.owner(s, viewer)) {
                w.flag(k);
            }
            w.skip(OWNERS);
        }
        for &s in &t.right {
            if let Some(k) = self.owner(s, viewer) {
                w.flag(k);
            }
            w.skip(OWNERS);
        }
        w.hot(self.owner(t.first_token, viewer).unwrap_or(OWNERS), OWNERS);
        for i in 0..5 {
            if let Some(c) = t.combos.get(i) {
                w.flag(usize::from(c.wheel).min(4));
                w.flag(5 + usize::from(c.res).min(4));
            }
            w.skip(10);
        }
        let s = &t.supply;
        w.num(i32::from(s.pg), SUPPLY_PG_UNIT);
        w.num(i32::from(s.glaze), SUPPLY_GLAZE_UNIT);
        w.num(i32::from(s.cracks), SUPPLY_CRACKS_UNIT);
        w.num(i32::from(s.vases), SUPPLY_VASES_UNIT);
        for &p in &s.pieces {
            w.num(i32::from(p), PIECES_UNIT);
        }
    }

    fn write_competition<T: TensorCell>(&self, w: &mut Cells<'_, T>) {
        if !self.is_solo() {
            w.skip(COMPETITION);
            return;
        }
        let s = &self.t.solo;
        for &v in &s.vp {
            w.num(v, COMPETITION_VP_UNIT);
        }
        w.num(self.competition_score(), SCORE_UNIT);
        for &p in &s.pieces {
            w.hot(usize::from(p), 3);
        }
        for &x in &s.sold {
            w.num(i32::from(x), PIECES_UNIT);
        }
        w.num(i32::from(s.workers), CRAFTSWOMAN_UNIT);
        w.num(i32::from(s.on_shop), CRAFTSWOMAN_UNIT);
        w.bit(s.shop_closed);
        w.num(i32::from(s.turns), TURNS_UNIT);
        w.num(s.deck.len() as i32, COMPETITION_CARDS_UNIT);
        w.num(s.revealed.len() as i32, COMPETITION_CARDS_UNIT);
        // 12.5: the back of the top face-down card shows each round's piece actions.
        if let Some(&top) = s.deck.last() {
            let card = &self.cards.competition[usize::from(top)];
            for (r, row) in card.pieces.iter().enumerate() {
                for &p in row.iter() {
                    w.add(r * 3 + usize::from(p).min(2), 1, BACK_UNIT);
                }
            }
        }
        w.skip(9);
        w.hot(s.revealed.last().map_or(9, |&c| usize::from(c)), 9);
        // 12.5: every revealed card was seen face-up.
        for &c in s.revealed.iter() {
            w.flag(usize::from(c).min(8));
        }
        w.skip(9);
        w.num(s.discards.len() as i32, DISCARDS_UNIT);
        w.hot(usize::from(self.t.config.difficulty), 3);
    }

    fn write_seat<T: TensorCell>(&self, w: &mut Cells<'_, T>, seat: Seat, viewer: Seat) {
        let t = &self.t;
        let p: &Player = &t.players[seat];
        let base = w.at;
        w.bit(true);
        w.num(p.vp.iter().sum::<i32>(), SCORE_UNIT);
        for &v in &p.vp {
            w.num(v, VP_SOURCE_UNIT);
        }
        let final_score = if t.phase == Phase::Over {
            self.score(seat)
        } else {
            0
        };
        w.num(final_score, SCORE_UNIT);
        w.num(i32::from(p.pg), OWN_RESOURCE_UNIT);
        w.num(i32::from(p.glaze), OWN_RESOURCE_UNIT);
        w.hot(usize::from(p.clay), 8);
        w.hot(usize::from(p.cracks), 9);
        w.hot(usize::from(p.tech), 3);
        w.num(i32::from(p.workers), CRAFTSWOMAN_UNIT);
        w.num(i32::from(p.on_shop), CRAFTSWOMAN_UNIT);
        w.bit(p.shop_closed);
        w.num(i32::from(p.turns), TURNS_UNIT);
        w.num(i32::from(t.shop_rewards[seat]), CRAFTSWOMAN_UNIT);
        for wh in p.wheels.iter() {
            let i = if wh.card >= STARTING_BASE {
                16 + usize::from(wh.card - STARTING_BASE).min(4)
            } else {
                usize::from(wh.card).min(15)
            };
            let len = self.cards.wheel(wh.card).spaces.len();
            w.flag(i * 4);
            w.set(i * 4 + 1, i32::from(wh.pos), step_unit(len));
            w.flag_if(i * 4 + 2, usize::from(wh.pos) >= len.max(1));
            w.set(i * 4 + 3, i32::from(wh.slot), SLOT_UNIT);
        }
        w.skip(WHEEL_IDS * 4);
        for e in p.esparto.iter() {
            let i = (usize::from(e.card) - CardType::Esparto.first_id()).min(15);
            w.flag(i * 4);
            w.flag(i * 4 + 1 + usize::from(e.slot).min(2));
        }
        w.skip(16 * 4);
        for c in p.cleanups.iter() {
            let i = building_index(c.card, CardType::Cleanup);
            let spaces = self.cards.cleanup(c.card).spaces;
            w.flag(i * 2);
            w.set(
                i * 2 + 1,
                i32::from(c.cracks),
                step_unit(usize::from(spaces)),
            );
        }
        w.skip(BUILDING_IDS * 2);
        for (slots, ty) in [
            (&p.workshops, CardType::GlazingWorkshop),
            (&p.glaze_kilns, CardType::GlazeKiln),
            (&p.firing_kilns, CardType::FiringKiln),
        ] {
            for s in slots.iter() {
                let i = building_index(s.card, ty);
                w.flag(i * 4);
                if s.piece != 0 {
                    w.flag(i * 4 + usize::from(s.piece).min(3));
                }
            }
            w.skip(BUILDING_IDS * 4);
        }
        for &d in &p.drying {
            w.num(i32::from(d), DRYING_UNIT);
        }
        for &d in &p.sold {
            w.num(i32::from(d), PIECES_UNIT);
        }
        debug_assert_eq!(w.at, base + SEAT_HAND_AT);
        let mut backs = [0u8; 4];
        let bit = 1u8 << viewer;
        let hand = w.at + 4 + 1;
        for c in hand_ids(&p.hand) {
            let k = if c < NUM_GAME_CARDS {
                CardType::of(c).deck()
            } else {
                3
            };
            backs[k] += 1;
            if seat == viewer || t.known[c] & bit != 0 {
                w.out[hand + c] = T::cell(1, 1.0);
            }
        }
        for b in backs {
            w.num(i32::from(b), HAND_UNIT);
        }
        w.num(p.endgame_played.count_ones() as i32, ENDGAME_PLAYED_UNIT);
        w.skip(NUM_CARD_IDS);
        let over = t.phase == Phase::Over;
        for i in 0..12 {
            let known = seat == viewer || over || t.known[NUM_GAME_CARDS + i] & bit != 0;
            if p.endgame_played & (1 << i) != 0 && known {
                w.flag(i);
            }
        }
        w.skip(12);
        debug_assert_eq!(w.at, base + PER_SEAT);
    }
}
