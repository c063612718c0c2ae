//! The observation tensor: what a seat may see, as a fixed-size vector, and the proved range
//! of every entry ([`SunriseState::tensor_spec`]).
//!
//! Every entry is a count of units of a fixed scale (`engine::tensor`): flags and one-hots
//! (unit 1), counts scaled by a divisor kept from the first layout (unit `1 / divisor`,
//! e.g. the personal supply in fifteenths), a work's filled icons in units of one icon of
//! that card (unit `1 / icons`), and the viewer's game-end choices in halves (reveal 2,
//! keep 1, discard −2). The divisors are not all maxima: the spec declares the true range,
//! so an entry may exceed 1 (the reserve, for one, holds up to every token of the game).
//! Every count fits an `i8` and one entry is negative, so the compact form is `int8`.

use super::data::{ResourceIcons, NUM_ADVANTAGE, NUM_ALL_PROJECTS};
use super::state::{
    Phase, SunriseState, TurnStage, CARDS_PER_DAY, CARDS_PER_ROUND, MAX_SUNRISE_PLAYERS, MAX_WHEEL,
    TOTAL_RESOURCES,
};
use crate::engine::{Cells, Seat, SpecBuilder, TensorCell, TensorSpec};

const PROJ: usize = NUM_ALL_PROJECTS;
const ADV: usize = NUM_ADVANTAGE;
/// Global block: step (6: select, work, complete, game over, convert, final choices),
/// stage (5), day (3), round (3), final (1), row (34), challenges (6 × 4), deck sizes and
/// supply (4), project being completed (34).
const GLOBAL: usize = 6 + 5 + 3 + 3 + 1 + PROJ + 6 * 4 + 4 + PROJ;
/// Per seat: counters (8), styles (3), in-progress projects (34 × 2), awaiting (34),
/// completed (34), showpieces (30 × 3), revealed end-game (30), wheel faces (12), tiles (6).
const PER_SEAT: usize = 8 + 3 + PROJ * 2 + PROJ + PROJ + ADV * 3 + ADV + 12 + 6;
/// Viewer's private block: hand (48), pending draft (16), advantage hand (30), drawn (30),
/// own game-end choices (30: reveal 1, discard -1, keep 0.5).
const PRIVATE: usize = 48 + 16 + ADV + ADV + ADV;
/// Length of the observation tensor (the same for every player count).
pub const TENSOR_SIZE: usize = GLOBAL + PER_SEAT * MAX_SUNRISE_PLAYERS + PRIVATE;

// The units of the scaled counts (the divisors of the first layout, kept so that the
// tensor's meaning does not change).
const PROJECT_DECK_UNIT: f32 = 1.0 / 30.0;
const ADVANTAGE_DECK_UNIT: f32 = 1.0 / 30.0;
const WASTEBASKET_UNIT: f32 = 1.0 / 48.0;
const COMMUNITY_UNIT: f32 = 1.0 / 60.0;
const SUPPLY_UNIT: f32 = 1.0 / 15.0;
const RESERVE_UNIT: f32 = 1.0 / 10.0;
const STACK_UNIT: f32 = 1.0 / 12.0;
const HAND_UNIT: f32 = 1.0 / 4.0;
const ADVANTAGES_UNIT: f32 = 1.0 / 10.0;
const BEANS_UNIT: f32 = 1.0 / 10.0;
/// The game-end choices in halves: reveal 2, keep 1, discard −2.
const CHOICE_UNIT: f32 = 0.5;

/// The unit of a work's progress: one of its `icons` icons.
fn icon_unit(icons: usize) -> f32 {
    1.0 / icons.max(1) as f32
}

impl SunriseState {
    /// Writes the observation tensor of `viewer` into `out` (length [`TENSOR_SIZE`]), as
    /// floats or as the compact counts (see the module).
    pub fn write_tensor<T: TensorCell>(&self, viewer: Seat, out: &mut [T]) {
        let mut w = Cells::zeroed(out);
        if w.out.len() < TENSOR_SIZE {
            return;
        }
        self.write_global(&mut w, viewer);
        debug_assert_eq!(w.at, GLOBAL);
        for k in 0..MAX_SUNRISE_PLAYERS {
            if k < self.n() {
                // Seats relative to the viewer: 0 is the viewer, 1 its left, and so on.
                self.write_seat(&mut w, (viewer + k) % self.n());
            } else {
                w.skip(PER_SEAT);
            }
        }
        self.write_private(&mut w, viewer);
        debug_assert_eq!(w.at, TENSOR_SIZE);
    }

    fn write_global<T: TensorCell>(&self, w: &mut Cells<'_, T>, viewer: Seat) {
        let t = &self.t;
        let (step, stage, acting) = match &t.phase {
            Phase::Select { .. } => (0, None, None),
            Phase::Work { .. } => (1, None, None),
            Phase::Convert { .. } => (4, None, None),
            Phase::FinalChoices { .. } => (5, None, None),
            Phase::Complete { turn, project, .. } => (
                2,
                Some(match turn {
                    TurnStage::ChooseBonus => 0,
                    TurnStage::TakeProjects { .. } => 1,
                    TurnStage::KeepAdvantage { .. } => 2,
                    TurnStage::ChooseGlaze => 3,
                    TurnStage::Finish => 4,
                }),
                Some(usize::from(*project)),
            ),
            Phase::GameOver => (3, None, None),
        };
        w.hot(step, 6);
        w.hot(stage.unwrap_or(5), 5);
        w.hot(usize::from(t.day.min(2)), 3);
        w.hot(usize::from(t.round.min(2)), 3);
        w.bit(self.is_final_round());
        for c in t.row.iter().flatten() {
            w.flag(usize::from(*c));
        }
        w.skip(PROJ);
        for c in &t.challenges {
            let k = usize::from(c.card).min(5) * 4;
            w.flag(k);
            w.flag_if(k + 1, c.high == Some(viewer as u8));
            w.flag_if(k + 2, c.low.contains(&(viewer as u8)));
            w.flag_if(k + 3, c.high.is_some());
        }
        w.skip(24);
        w.num(self.project_deck_size() as i32, PROJECT_DECK_UNIT);
        w.num(t.advantage_deck.len() as i32, ADVANTAGE_DECK_UNIT);
        w.num(t.wastebasket.len() as i32, WASTEBASKET_UNIT);
        w.num(i32::from(t.community_supply), COMMUNITY_UNIT);
        w.hot(acting.unwrap_or(PROJ), PROJ);
    }

    fn write_seat<T: TensorCell>(&self, w: &mut Cells<'_, T>, s: Seat) {
        let t = &self.t;
        let p = &t.players[s];
        let base = w.at;
        w.num(i32::from(p.supply), SUPPLY_UNIT);
        w.num(i32::from(p.reserve), RESERVE_UNIT);
        w.bit(p.go_first);
        w.bit(self.selecting().is_some_and(|cur| s < cur));
        w.num(p.stack.len() as i32, STACK_UNIT);
        w.num(p.hand.len() as i32, HAND_UNIT);
        w.num(p.advantages.len() as i32, ADVANTAGES_UNIT);
        w.num(self.coffee_beans(s) as i32, BEANS_UNIT);
        for (i, used) in p.styles_used.iter().enumerate() {
            w.flag_if(i, *used);
        }
        w.skip(3);
        for work in &p.projects {
            let c = usize::from(work.card);
            w.flag(2 * c);
            let unit = icon_unit(self.icons_of(work, false).len());
            w.set(2 * c + 1, work.filled.count_ones() as i32, unit);
        }
        w.skip(2 * PROJ);
        for &c in &p.awaiting {
            w.flag(usize::from(c));
        }
        w.skip(PROJ);
        for c in &p.completed {
            w.flag(usize::from(c.card));
        }
        w.skip(PROJ);
        for work in &p.showpieces {
            let c = usize::from(work.card);
            w.flag(3 * c);
            let unit = icon_unit(self.icons_of(work, true).len());
            w.set(3 * c + 1, work.filled.count_ones() as i32, unit);
        }
        for &c in &p.completed_showpieces {
            w.flag(3 * usize::from(c) + 2);
        }
        w.skip(3 * ADV);
        for &c in &p.revealed {
            w.flag(usize::from(c));
        }
        w.skip(ADV);
        for card in &p.wheel {
            let face = match self.cards.resource_cards[usize::from(card.card)].icons {
                ResourceIcons::Single(r) => r as usize,
                ResourceIcons::Wild => 9,
                ResourceIcons::Either(..) => 10,
                ResourceIcons::Two(..) => 11,
            };
            w.add(face, 1, 1.0);
        }
        w.skip(12);
        for (i, c) in t.challenges.iter().enumerate() {
            w.flag_if(2 * i, c.high == Some(s as u8));
            w.flag_if(2 * i + 1, c.low.contains(&(s as u8)));
        }
        w.skip(6);
        debug_assert_eq!(w.at, base + PER_SEAT);
    }

    fn write_private<T: TensorCell>(&self, w: &mut Cells<'_, T>, viewer: Seat) {
        let t = &self.t;
        let me = &t.players[viewer];
        for &c in &me.hand {
            w.flag(usize::from(c));
        }
        w.skip(48);
        if let Some(choice) = &me.pending {
            for (i, d) in choice.destinations.iter().enumerate() {
                w.flag(4 * i + *d as usize);
            }
        }
        w.skip(16);
        for &c in &me.advantages {
            w.flag(usize::from(c));
        }
        w.skip(ADV);
        if let Phase::Complete {
            seat,
            turn: TurnStage::KeepAdvantage { drawn },
            ..
        } = &t.phase
        {
            if usize::from(*seat) == viewer {
                for &c in drawn {
                    w.flag(usize::from(c));
                }
            }
        }
        w.skip(ADV);
        let choice = me.final_choice;
        for c in 0..ADV {
            let bit = 1u32 << c;
            let halves = if choice.reveal & bit != 0 {
                2
            } else if choice.discard & bit != 0 {
                -2
            } else if choice.keep & bit != 0 {
                1
            } else {
                0
            };
            w.set(c, halves, CHOICE_UNIT);
        }
        w.skip(ADV);
    }

    /// The range and unit of every entry of [`SunriseState::write_tensor`] for this player
    /// count and card set; the reason for each range is beside it.
    pub fn tensor_spec(&self) -> TensorSpec {
        let cards = &self.cards;
        let all_tokens = i32::from(TOTAL_RESOURCES);
        let mut b = SpecBuilder::new();
        // Step, stage, day, round, final round, the project row, the challenges: flags.
        b.flags(6 + 5 + 3 + 3 + 1 + PROJ + 6 * 4);
        // The project deck holds at most every project card (the four starting ones are
        // dealt, but a user's file may hold more); the advantage deck every advantage card;
        // the wastebasket every resource card; the community supply every resource token
        // ("60 resource tokens", conserved by every move).
        b.counts(1, 0, cards.projects.len() as i32, PROJECT_DECK_UNIT);
        b.counts(1, 0, cards.advantages.len() as i32, ADVANTAGE_DECK_UNIT);
        b.counts(1, 0, cards.resource_cards.len() as i32, WASTEBASKET_UNIT);
        b.counts(1, 0, all_tokens, COMMUNITY_UNIT);
        b.flags(PROJ);
        for k in 0..MAX_SUNRISE_PLAYERS {
            if k < self.n() {
                self.seat_spec(&mut b);
            } else {
                b.zeros(PER_SEAT);
            }
        }
        // The hand, the pending draft, the advantage hand, the cards drawn: flags.
        b.flags(48 + 16 + ADV + ADV);
        // The game-end choices: discard −2 … reveal 2 halves.
        b.counts(ADV, -2, 2, CHOICE_UNIT);
        b.finish(TENSOR_SIZE)
    }

    fn seat_spec(&self, b: &mut SpecBuilder) {
        let cards = &self.cards;
        let all_tokens = i32::from(TOTAL_RESOURCES);
        let base = b.len();
        // Supply and reserve: resource tokens, of which the game has 60 (a seat's supply
        // grows back when resources return to it, so its 15 are no bound).
        b.counts(1, 0, all_tokens, SUPPLY_UNIT);
        b.counts(1, 0, all_tokens, RESERVE_UNIT);
        b.flags(2);
        // "Deal 12 face-down cards" a day; "Draw 4 resource cards" a round.
        b.counts(1, 0, CARDS_PER_DAY as i32, STACK_UNIT);
        b.counts(1, 0, CARDS_PER_ROUND as i32, HAND_UNIT);
        b.counts(1, 0, cards.advantages.len() as i32, ADVANTAGES_UNIT);
        // Coffee beans: every project's and showpiece's beans, and every Coffee Bean card.
        let beans: i32 = cards
            .projects
            .iter()
            .map(|p| i32::from(p.beans))
            .sum::<i32>()
            + cards
                .advantages
                .iter()
                .map(|a| match a.effect {
                    super::data::AdvantageEffect::Showpiece { beans, .. } => i32::from(beans),
                    super::data::AdvantageEffect::CoffeeBean => 1,
                    _ => 0,
                })
                .sum::<i32>();
        b.counts(1, 0, beans, BEANS_UNIT);
        b.flags(3);
        // A project in progress and its filled icons, at most all of its icons.
        for c in 0..PROJ {
            let icons = cards.target_icons.get(c).map_or(0, |t| usize::from(t.len));
            b.flags(1).counts(1, 0, icons as i32, icon_unit(icons));
        }
        b.flags(PROJ + PROJ);
        for c in 0..ADV {
            let target = PROJ + c;
            let icons = cards
                .target_icons
                .get(target)
                .map_or(0, |t| usize::from(t.len));
            b.flags(1)
                .counts(1, 0, icons as i32, icon_unit(icons))
                .flags(1);
        }
        b.flags(ADV);
        // Wheel faces: a count of the cards on the wheel ("up to 5").
        b.counts(12, 0, MAX_WHEEL as i32, 1.0);
        b.flags(6);
        debug_assert_eq!(b.len(), base + PER_SEAT);
    }
}
