//! The proved range of every entry of the observation tensor (`tensor`), for this player
//! count, options and card data: [`NijarState::tensor_spec`]. The blocks follow the
//! writer's order; each range says where it comes from — a component count of the box
//! (5.3: 54 Perra Gorda, 42 glazes, ...), a card count of the data, a capacity the state
//! checks on every loaded document (`validate.rs`), or a count `bounds.rs` proves for the
//! game's length and score (turns, placements, pieces).

use super::bounds::{COMPETITION_CARDS, ENDGAME_DEALT, FIRST_PLAYER_VP};
use super::data::{Act, CardType, NUM_CARD_IDS, NUM_GAME_CARDS, WHEEL_SPACES};
use super::state::{
    NijarState, CLEANING_AREA, CRAFTSWOMEN, MAX_FRAMES, MAX_NIJAR_PLAYERS, MAX_TASKS, MAX_THROW,
    ROUNDS, TOTAL_CRACKS, TOTAL_GLAZES, TOTAL_PG, TOTAL_VASES,
};
use super::tensor::{
    mode_unit, step_unit, BACK_UNIT, BONUS_ACTS, BUILDING_IDS, COMPETITION, COMPETITION_CARDS_UNIT,
    COMPETITION_VP_UNIT, CRAFTSWOMAN_UNIT, DECK_UNIT, DISCARDS_UNIT, DRAFT_AT, DRYING_UNIT,
    ENDGAME_PLAYED_UNIT, FRAMES_SHOWN, FRAMES_UNIT, HAND_UNIT, MODE_AT, MODE_LCM, MODE_NUMBERS,
    OWNERS, OWN_RESOURCE_UNIT, PER_SEAT, PIECES_UNIT, PRIVATE, SCORE_UNIT, SLOT_UNIT, STEP_UNIT,
    SUPPLY_CRACKS_UNIT, SUPPLY_GLAZE_UNIT, SUPPLY_PG_UNIT, SUPPLY_VASES_UNIT, TASK_CODES,
    TASK_UNIT, TENSOR_SIZE, TILE_ACTS, TURNS_UNIT, VP_SOURCE_UNIT, WHEEL_IDS,
};
use crate::engine::{SpecBuilder, TensorSpec};

/// The largest count of mode number `i`: its largest value in units of 1 / lcm.
fn mode_high(i: usize) -> i32 {
    MODE_NUMBERS[i]
        .iter()
        .map(|&(largest, divisor)| largest * (MODE_LCM[i] / divisor))
        .max()
        .unwrap_or(0) as i32
}

/// Bounds shared by several blocks.
struct Limits {
    /// 4.1.7 / 12.1.1: pieces of one type in the game (4 per player, 8 in solo).
    pieces_per_type: i32,
    /// A seat's turns in a round, at most its turns over the game (`bounds.rs`: `C`).
    turns: i32,
    /// A seat's running VP or final score (`score_bounds`).
    score: (i32, i32),
}

impl NijarState {
    /// The range and unit of every entry of [`NijarState::write_tensor`].
    pub fn tensor_spec(&self) -> TensorSpec {
        let counts = self.counts();
        let limits = Limits {
            pieces_per_type: (counts.pieces / 3) as i32,
            turns: (counts.turns / counts.deciding.max(1)) as i32,
            score: self.score_range(),
        };
        let mut b = SpecBuilder::new();
        // Players, round, phase: one-hots; the phase's step counts seats done (≤ seats).
        b.flags(4 + 3 + 6);
        b.counts(1, 0, self.n() as i32, STEP_UNIT);
        // The seat to act, the seat whose turn it is, turn begun.
        b.flags(4 + OWNERS + 1);
        self.mode_spec(&mut b);
        self.frames_spec(&mut b);
        self.board_spec(&mut b, &limits);
        self.competition_spec(&mut b, &limits);
        for k in 0..MAX_NIJAR_PLAYERS {
            if k < self.n() {
                self.seat_spec(&mut b, &limits);
            } else {
                b.zeros(PER_SEAT);
            }
        }
        // Cards known elsewhere, the pending 10.2 choice.
        b.flags(PRIVATE);
        b.finish(TENSOR_SIZE)
    }

    fn mode_spec(&self, b: &mut SpecBuilder) {
        debug_assert_eq!(b.len(), MODE_AT);
        b.flags(9);
        for i in 0..3 {
            b.counts(1, 0, mode_high(i), mode_unit(i));
        }
        // The fourth number is written by no mode.
        b.zeros(1);
        // Rows refreshed, the throw's benefits.
        b.flags(3 + MAX_THROW * Act::ALL.len());
    }

    fn frames_spec(&self, b: &mut SpecBuilder) {
        // Pending task groups: at most `MAX_FRAMES` deep (`validate.rs`), each of at most
        // `MAX_TASKS` tasks, all of one code at most.
        b.counts(1, 0, MAX_FRAMES as i32, FRAMES_UNIT);
        for _ in 0..FRAMES_SHOWN {
            b.flags(1);
            b.counts(TASK_CODES, 0, MAX_TASKS as i32, TASK_UNIT);
            b.flags(TASK_CODES);
        }
    }

    fn board_spec(&self, b: &mut SpecBuilder, limits: &Limits) {
        let craftswomen = i32::from(CRAFTSWOMEN);
        // Action tiles, column bonuses, the Special Action's bonuses.
        b.flags(9 * TILE_ACTS + 5 * (BONUS_ACTS + 1) + 2 * BONUS_ACTS);
        // Craftswomen on a space or on the Special Action: one owner's, at most the 7 an
        // owner has (10.1: 7/6/5 a round; 12.8 the Competition's too).
        b.counts(15 * OWNERS + OWNERS, 0, craftswomen, CRAFTSWOMAN_UNIT);
        // Demand tiles, marker heights, dice.
        b.flags(27 + 3 * 16 + 3 * 6);
        // A deck holds at most 32 cards (the 32 wheel and esparto cards of deck 1; the
        // state's decks are 32 long at most).
        b.counts(3, 0, 32, DECK_UNIT);
        debug_assert_eq!(b.len(), DRAFT_AT);
        // The draft area, the donkeys, the order and right-hand tracks, the first player
        // token, the starting combinations.
        b.flags(15 * NUM_GAME_CARDS + 15 * OWNERS + 4 * OWNERS + 4 * OWNERS + OWNERS + 5 * 10);
        // 5.3: the general supply holds at most every token of its kind in the box.
        b.counts(1, 0, i32::from(TOTAL_PG), SUPPLY_PG_UNIT);
        b.counts(1, 0, i32::from(TOTAL_GLAZES), SUPPLY_GLAZE_UNIT);
        b.counts(1, 0, i32::from(TOTAL_CRACKS), SUPPLY_CRACKS_UNIT);
        b.counts(1, 0, i32::from(TOTAL_VASES), SUPPLY_VASES_UNIT);
        b.counts(3, 0, limits.pieces_per_type, PIECES_UNIT);
    }

    fn competition_spec(&self, b: &mut SpecBuilder, limits: &Limits) {
        if !self.is_solo() {
            b.zeros(COMPETITION);
            return;
        }
        let counts = self.counts();
        let craftswomen = i32::from(CRAFTSWOMEN);
        let cards_per_round = COMPETITION_CARDS as i32;
        let card_turns = i32::from(ROUNDS) * cards_per_round;
        // Its VP by source (12.5, 12.10): sales — at most every piece of the game, each at
        // the market's best painted value; returning your craftswomen — at most once a
        // card turn; the small VP — at most twice a turn (two piece actions on a card's
        // back, or one for a closed shop) and once for each craftswoman returned to it,
        // each of which it had placed.
        let best_sale = self
            .cards
            .board
            .market_painted
            .iter()
            .map(|&v| i32::from(v))
            .max()
            .unwrap_or(0);
        let sales = counts.pieces as i32 * best_sale;
        let displacing = card_turns * self.displace_vp();
        let small = self.small_vp() * (2 * limits.turns + counts.placements as i32);
        for high in [sales, displacing, small] {
            b.counts(1, 0, high, COMPETITION_VP_UNIT);
        }
        // 12.9: its score adds the first player token and its pieces left (2 each at most).
        let score = sales + displacing + small + FIRST_PLAYER_VP + 3 * 2;
        b.counts(1, 0, score, SCORE_UNIT);
        b.flags(9);
        b.counts(3, 0, limits.pieces_per_type, PIECES_UNIT);
        b.counts(2, 0, craftswomen, CRAFTSWOMAN_UNIT);
        b.flags(1);
        b.counts(1, 0, limits.turns, TURNS_UNIT);
        // Its deck and revealed cards: of its 9 cards.
        b.counts(2, 0, cards_per_round, COMPETITION_CARDS_UNIT);
        // The back of its top card: at most two piece actions of a type a round.
        b.counts(9, 0, 2, BACK_UNIT);
        b.flags(9 + 9);
        // Cards it discarded out of the game: at most every game card.
        b.counts(1, 0, NUM_GAME_CARDS as i32, DISCARDS_UNIT);
        b.flags(3);
    }

    fn seat_spec(&self, b: &mut SpecBuilder, limits: &Limits) {
        let base = b.len();
        let cards = &self.cards;
        let craftswomen = i32::from(CRAFTSWOMEN);
        let (low, high) = limits.score;
        b.flags(1);
        // VP are never paid (5.2): the running VP, in all and by source, lie between 0 and
        // the proved highest score, which adds up every way of gaining VP.
        b.counts(1, 0, high, SCORE_UNIT);
        b.counts(5, 0, high, VP_SOURCE_UNIT);
        b.counts(1, low.min(0), high, SCORE_UNIT);
        // A seat's Perra Gorda and glazes: at most every one in the box.
        b.counts(1, 0, i32::from(TOTAL_PG), OWN_RESOURCE_UNIT);
        b.counts(1, 0, i32::from(TOTAL_GLAZES), OWN_RESOURCE_UNIT);
        // Clay, cracks in the cleaning area (at most its 8), technology: one-hots.
        debug_assert_eq!(usize::from(CLEANING_AREA) + 1, 9);
        b.flags(8 + 9 + 3);
        b.counts(2, 0, craftswomen, CRAFTSWOMAN_UNIT);
        b.flags(1);
        b.counts(1, 0, limits.turns, TURNS_UNIT);
        // Shop rewards pending: one per own craftswoman returned to the closed shop.
        b.counts(1, 0, craftswomen, CRAFTSWOMAN_UNIT);
        // Potter's wheels: the vase's position, at most the card's last space; the workshop
        // space, one of the starting wheel's and the 4 others.
        for i in 0..WHEEL_IDS {
            let wheel = if i < 16 {
                cards.wheels.get(i)
            } else {
                cards.starting_wheels.get(i - 16)
            };
            let spaces = wheel.map_or(0, |w| w.spaces.len());
            b.flags(1);
            b.counts(1, 0, spaces as i32, step_unit(spaces));
            b.flags(1);
            b.counts(1, 0, WHEEL_SPACES as i32, SLOT_UNIT);
        }
        b.flags(16 * 4);
        // Cleanup cards: cracks on one, at most its spaces.
        for i in 0..BUILDING_IDS {
            let card = if i < 12 {
                cards.cleanups.get(i)
            } else {
                Some(&cards.starting_cleanup)
            };
            let spaces = card.map_or(0, |c| usize::from(c.spaces));
            b.flags(1);
            b.counts(1, 0, spaces as i32, step_unit(spaces));
        }
        b.flags(3 * BUILDING_IDS * 4);
        // The drying area and the pieces sold: of one type's pieces.
        b.counts(3, 0, limits.pieces_per_type, DRYING_UNIT);
        b.counts(3, 0, limits.pieces_per_type, PIECES_UNIT);
        // The hand by cardback: at most the deck's cards; endgame cards: the 3 dealt.
        for deck in 0..3 {
            let in_deck = (0..NUM_GAME_CARDS)
                .filter(|&c| CardType::of(c).deck() == deck)
                .count();
            b.counts(1, 0, in_deck as i32, HAND_UNIT);
        }
        b.counts(1, 0, ENDGAME_DEALT as i32, HAND_UNIT);
        b.counts(1, 0, ENDGAME_DEALT as i32, ENDGAME_PLAYED_UNIT);
        b.flags(NUM_CARD_IDS + 12);
        debug_assert_eq!(b.len(), base + PER_SEAT);
    }
}
