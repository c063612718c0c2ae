//! The observation tensor: what a seat may see, as a fixed-size vector, and the proved range
//! of every entry ([`SorceryState::tensor_spec`]).
//!
//! Every entry is a count of units of a fixed scale (`engine::tensor`): flags and one-hots
//! (unit 1) and counts scaled by the divisors of the first layout (a pile in tenths, a score
//! in thirtieths, ...). The divisors are not maxima: the spec declares the true ranges, so
//! an entry may exceed 1 (a hand may hold more than ten cards) and the scores reach their
//! proved bounds (`score_bounds`, −374 … 509 with the default cards). A score is negative
//! and larger than 127, so the compact form is `int16`.

use super::data::{MaterialKind, NUM_GRAVE, NUM_MATERIALS, NUM_PROJECTS};
use super::state::{ids, SorceryState, Stage, MARKET, MONTHS, NONE, WEEKS};
use crate::engine::{Cells, GameState, Seat, SpecBuilder, TensorCell, TensorSpec};

/// Decision stages (`Stage`'s variants), one-hot in the observation tensor.
const STAGES: usize = 20;
/// One seat's block: its projects in progress and completed, hand size, score, staff used.
const PER_SEAT: usize = 2 * NUM_PROJECTS + 3;
/// Length of the observation tensor.
pub const TENSOR_SIZE: usize = 4
    + 4
    + STAGES
    + 1
    + NUM_MATERIALS
    + 3 * NUM_GRAVE
    + 3
    + NUM_GRAVE
    + MARKET * NUM_PROJECTS
    + 4 * PER_SEAT
    + 6
    + 2;

// The units of the scaled counts (the divisors of the first layout).
const PILE_UNIT: f32 = 1.0 / 10.0;
const HAND_UNIT: f32 = 1.0 / 10.0;
const SCORE_UNIT: f32 = 1.0 / 30.0;
const DECK_UNIT: f32 = 1.0 / 20.0;
const GRAVE_DECK_UNIT: f32 = 1.0 / 70.0;
const STOCK_UNIT: f32 = 1.0 / 12.0;
const ROBOT_VALUE_UNIT: f32 = 1.0 / 50.0;
const ROBOT_TOKEN_UNIT: f32 = 1.0 / 10.0;

impl SorceryState {
    /// Writes the observation tensor of `viewer` (length [`TENSOR_SIZE`]), as floats or as
    /// the compact counts (see the module).
    pub fn write_tensor<T: TensorCell>(&self, viewer: Seat, out: &mut [T]) {
        let mut w = Cells::zeroed(out);
        if w.out.len() < TENSOR_SIZE || viewer >= self.n() {
            return;
        }
        let t = &self.t;
        w.hot(usize::from(t.month.min(3)), 4);
        w.hot(usize::from(t.week.min(3)), 4);
        let stage = match t.turn.stage {
            Stage::CommitTarget if self.actor() != Some(viewer) => Stage::Commit,
            st => st,
        };
        w.hot(stage as usize % STAGES, STAGES);
        w.bit(self.actor() == Some(viewer));
        for c in ids(t.players[viewer].hand) {
            w.flag(c);
        }
        w.skip(NUM_MATERIALS);
        for (k, &pile) in t.piles.iter().enumerate() {
            for c in ids(self.known_part(pile, viewer)) {
                w.flag(k * NUM_GRAVE + c);
            }
        }
        w.skip(3 * NUM_GRAVE);
        for &pile in &t.piles {
            w.num(pile.count_ones() as i32, PILE_UNIT);
        }
        for c in ids(t.discard) {
            w.flag(c);
        }
        w.skip(NUM_GRAVE);
        for (i, &c) in t.market.iter().enumerate() {
            if c != NONE {
                w.flag(i * NUM_PROJECTS + usize::from(c));
            }
        }
        w.skip(MARKET * NUM_PROJECTS);
        for k in 0..4 {
            if k < self.n() {
                self.write_seat(&mut w, (viewer + k) % self.n(), viewer);
            }
            w.skip(PER_SEAT);
        }
        for d in &t.decks {
            w.num(d.len() as i32, DECK_UNIT);
        }
        w.num(t.grave_deck.len() as i32, GRAVE_DECK_UNIT);
        w.num(
            (t.stock & self.cards.candles).count_ones() as i32,
            STOCK_UNIT,
        );
        w.num((t.stock & self.cards.vials).count_ones() as i32, STOCK_UNIT);
        w.num(
            i32::from(self.value_of(t.robot.materials)),
            ROBOT_VALUE_UNIT,
        );
        w.num(i32::from(t.robot.tokens), ROBOT_TOKEN_UNIT);
        debug_assert_eq!(w.at, TENSOR_SIZE);
    }

    /// Seat `s`'s block as `viewer` sees it (the cursor stays at the block's start).
    fn write_seat<T: TensorCell>(&self, w: &mut Cells<'_, T>, s: Seat, viewer: Seat) {
        let p = &self.t.players[s];
        for work in p.projects.iter() {
            w.flag(usize::from(work.card));
        }
        for d in p.completed.iter() {
            w.flag(NUM_PROJECTS + usize::from(d.card));
        }
        w.set(2 * NUM_PROJECTS, p.hand.count_ones() as i32, HAND_UNIT);
        // The others' scores as the table shows them (their theses are face-down).
        let score = if s == viewer {
            self.score(s)
        } else {
            self.public_score(s)
        };
        w.set(2 * NUM_PROJECTS + 1, score, SCORE_UNIT);
        w.flag_if(2 * NUM_PROJECTS + 2, p.staff_used);
    }

    /// The range and unit of every entry of [`SorceryState::write_tensor`] for this player
    /// count, options and card set; the reason for each range is beside it.
    pub fn tensor_spec(&self) -> TensorSpec {
        let cards = &self.cards;
        let kind = |k: MaterialKind| cards.materials.iter().filter(|m| m.kind == k).count() as i32;
        let graves = kind(MaterialKind::Grave);
        let mut b = SpecBuilder::new();
        // Month, week, stage, acting, the hand's cards, the piles' known cards: flags.
        b.flags(4 + 4 + STAGES + 1 + NUM_MATERIALS + 3 * NUM_GRAVE);
        // A grave pile holds grave cards only, at most every one of them.
        b.counts(3, 0, graves, PILE_UNIT);
        // The discard and the market: flags.
        b.flags(NUM_GRAVE + MARKET * NUM_PROJECTS);
        let (low, high) = self.score_bounds();
        for k in 0..4 {
            if k < self.n() {
                b.flags(2 * NUM_PROJECTS);
                // A hand holds at most every material card (grants included).
                b.counts(1, 0, cards.materials.len() as i32, HAND_UNIT);
                // A running score, own or public, is a score of some position of the game:
                // within the proved bounds of `score_bounds` (bounds.rs).
                b.counts(1, low, high, SCORE_UNIT);
                b.flags(1);
            } else {
                b.zeros(PER_SEAT);
            }
        }
        // Each level's deck holds at most that level's project cards.
        for tier in 0..3 {
            let count = cards.projects.iter().filter(|p| p.tier() == tier).count();
            b.counts(1, 0, count as i32, DECK_UNIT);
        }
        b.counts(1, 0, graves, GRAVE_DECK_UNIT);
        // The stock: at most every Candle, every Vial.
        b.counts(1, 0, kind(MaterialKind::Candle), STOCK_UNIT);
        b.counts(1, 0, kind(MaterialKind::Vial), STOCK_UNIT);
        if self.n() == 1 {
            // The robot's cards: at most every material's trade value. Its tokens: "At the
            // end of your turn" it draws one grave card and either takes a pile (Hard: 3
            // tokens if the pile is one card) or clears a market row (Extra Hard: 1 token),
            // and the solo player has one turn a week: at most 3 a week.
            let value = self.all_material_value() as i32;
            let weeks = i32::from(MONTHS) * i32::from(WEEKS);
            b.counts(1, 0, value, ROBOT_VALUE_UNIT);
            b.counts(1, 0, 3 * weeks, ROBOT_TOKEN_UNIT);
        } else {
            b.zeros(2);
        }
        b.finish(TENSOR_SIZE)
    }
}
