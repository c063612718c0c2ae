//! Proved bounds on a game's length and on a seat's final score (`GameState::max_game_length`
//! and `score_bounds`), derived term by term from the rulebook and the decision structure of
//! `moves.rs` (turns, groups of pending actions, compound actions), reading every
//! data-dependent term from the state's card set so that a user's data file keeps them true.
//!
//! ## Why a round cannot go on forever
//! A round ends "when all players have their Shop Card on its closed side and all players
//! have taken the same number of turns" (7.2, 10), and a closed shop may only take a bonus
//! (7.2.5), so every seat's turns in a round are at most the open-shop turns of the slowest
//! seat, hence at most the open-shop turns of all seats together. An open shop's turn is one
//! of: play craftswomen (7.2.1), discard an endgame card (7.2.2), sell (7.2.3), close
//! (7.2.4). Playing craftswomen puts one more on a space than were there and returns those
//! (7.2.1.1), or one on the Special Action where they stay (7.2.1.2): either way the
//! craftswomen on the board grow by exactly one, and they leave it during the round only by
//! such a return, so a round has at most `W_r` placements, `W_r` the craftswomen in play
//! ("7/6/5" per seat in rounds 1/2/3, 10.1; the Competition's too in solo, 12.8). A seat
//! holds 3 endgame cards (4.2.6) and never gains more; a sale sells at least one of the `P`
//! pieces (4.1.7: 4 of each type per player; 12.1.1: 8 in solo), which never come back; a
//! shop closes once a round; the Competition's open turns are one per Competition card
//! plus its closing one (12.4). So over the game every seat has at most
//! `C = ΣW_r + P + 3h + 3h (+ 3·10 in solo)` turns, `h` the seats deciding (1 in solo).
//!
//! ## Length
//! With `T = h·C` turns and `Pl = ΣW_r` placements:
//! * setup (4.3: a combination and a donkey): `2h`; the re-roll choice (7.1): one a round;
//!   the endgame card choice (10.2): `h` a round;
//! * a reward for each craftswoman returned to a closed shop (7.2.5), each leaving the board
//!   for the round: `Pl`;
//! * each turn's first decision: `T`; the second piece of a sale ("max. 2 pieces"): `P`;
//! * every pending action or bonus ("task") is either begun (its first decision) or
//!   skipped, one decision each, and every group of them ends with at most one `Done`.
//!   Tasks come from: a placement's action and one bonus per craftswoman placed (`1 + 7 - r`
//!   in round `r`; the Special Action's three bonuses are fewer); a discarded endgame card's
//!   action (7.2.2); closing the shop and each closed-shop turn (7.2.4–7.2.5, at most `T`);
//!   the "two new actions" of each building card played and the one of each wheel or
//!   esparto card (8.2) — every one of the `G` game cards is played at most once: `2G`; one
//!   benefit per space a vase advances (8.5, 9.4) — a vase never moves back, so at most `A`,
//!   the spaces on every potter's wheel card; the First Player Action's "any action" (8.11,
//!   once a round);
//! * a begun task's further decisions: Acquire (8.1) a refresh of each of the 3 rows, the
//!   stop and the donkey (5), Collect Esparto (8.10) one reward per esparto card, the
//!   printed one included (4), Throw, Fire, Paint a stop; and over the whole game: every
//!   card taken (`G`), every further vase step (`A`), every piece fired (at most twice:
//!   drying → firing kiln, glazing workshop → glaze kiln: `2P`) and painted (`P`), and every
//!   crack placed in a Clean (8.9), at most the `X` cracks that ever enter a cleaning area:
//!   starting resources and costs paid in cracks (each card played once, each piece painted
//!   once, 2 cracks for shaping 2 pieces, 8.6).
//!
//! So `length ≤ 2h + 3 + 3h + Pl + T + P + tasks·(2 + 5) + G + A + 3P + X`.
//!
//! ## Score (5.2, 11)
//! Highest: every piece sold at the market's best value (7.2.3); every wheel card's VP and
//! finishing VP (8.2, 8.5); the technology track's 2 VP (8.4); cleanup rewards — a cleanup
//! card completes only when cracks fill its spaces (8.9), so at most `X` / its fewest spaces
//! times; esparto rewards in VP, at most one per esparto card (printed one included) per
//! task; 3 endgame cards at their best (11.2: 10 VP, or 1 VP per piece); the esparto set
//! (11.3: 6); the first player token (11.5: 2); 2 VP per piece left in a kiln (11.1); the
//! remaining resources (11.6: every Perra Gorda and Glaze in the game and 7 Clay, 1 VP per
//! 5). Lowest: "Lose 1 VP for each Crack token you still have in your Cleaning Area", which
//! holds 8 (5.1); no VP is ever paid.

use super::data::{Amount, Cost, Res, ESPARTO_SPACES, NUM_GAME_CARDS};
use super::score::{CARD_TYPE_VP, ESPARTO_CARD_VP, ESPARTO_SET_VP};
use super::state::{
    NijarState, CLEANING_AREA, CRAFTSWOMEN, MAX_CLAY, ROUNDS, TOTAL_GLAZES, TOTAL_PG,
};

/// 4.2.6: "Deal 3 Endgame Scoring Cards ... to each player"; a seat never gets more.
pub(super) const ENDGAME_DEALT: usize = 3;
/// The Competition's deck (12.1.2: "the 9 Competition Cards").
pub(super) const COMPETITION_CARDS: usize = 9;
/// 11.5: the First Player Token's VP.
pub(super) const FIRST_PLAYER_VP: i32 = 2;
/// 8.4: the VP for reaching the technology track's last position.
const TECHNOLOGY_VP: i32 = 2;
/// 11.1: a painted piece left in a kiln.
const KILN_PIECE_VP: i32 = 2;
/// 11.6: one VP per this many remaining resources.
const RESOURCES_PER_VP: i32 = 5;

/// Cracks a cost adds to the cleaning area.
fn crack_cost(cost: &Cost) -> usize {
    cost.iter()
        .filter(|a| a.res == Res::Crack)
        .map(|a| usize::from(a.n))
        .sum()
}

/// The counts the length, score and tensor bounds share.
pub(super) struct Counts {
    /// Seats that decide (1 in solo).
    pub(super) deciding: usize,
    /// Pieces in the game (`P`).
    pub(super) pieces: usize,
    /// Placements over the game (`Pl`).
    pub(super) placements: usize,
    /// Turns of the deciding seats over the game (`T`).
    pub(super) turns: usize,
    /// Pending actions and bonuses created over the game.
    pub(super) tasks: usize,
    /// Vase steps over the game (`A`).
    pub(super) vase_steps: usize,
    /// Cracks that can enter the cleaning areas over the game (`X`).
    pub(super) cracks: usize,
}

impl NijarState {
    pub(super) fn counts(&self) -> Counts {
        let cards = &self.cards;
        let deciding = self.n();
        let solo = self.is_solo();
        let rounds = usize::from(ROUNDS);
        // Seats with craftswomen on the board: the Competition places them too (12.5).
        let with_craftswomen = if solo { 2 } else { deciding };
        // 4.1.7 / 12.1.1: 4 of each of the 3 types per player, 8 in solo.
        let pieces = 3 * 4 * deciding.max(2);
        // Placements, and the tasks they open: the row's action and one bonus per
        // craftswoman placed (the Special Action's 3 bonuses are no more).
        let mut placements = 0;
        let mut placement_tasks = 0;
        for r in 0..rounds {
            let per_seat = usize::from(CRAFTSWOMEN) - r;
            placements += with_craftswomen * per_seat;
            placement_tasks += with_craftswomen * per_seat * (1 + per_seat).max(3);
        }
        // Every seat's turns in a round are at most the open-shop turns of the slowest
        // seat, so at most the open-shop turns of all seats (and the Competition's).
        let competition = if solo {
            rounds * (COMPETITION_CARDS.max(cards.competition.len()) + 1)
        } else {
            0
        };
        let cycles =
            placements + pieces + ENDGAME_DEALT * deciding + rounds * deciding + competition;
        let turns = deciding * cycles;
        let vase_steps: usize = cards
            .wheels
            .iter()
            .chain(cards.starting_wheels.iter())
            .map(|w| w.spaces.len())
            .sum();
        let tasks = placement_tasks
            + ENDGAME_DEALT * deciding
            + rounds * deciding
            + turns
            + 2 * NUM_GAME_CARDS
            + vase_steps
            + rounds * deciding;
        // Cracks enter a cleaning area only as starting resources (4.3.1) and as costs
        // paid in cracks: cards (each played once), painting (each piece once), shaping two
        // pieces (8.6: 2 cracks for 2 pieces, each piece shaped once).
        let start_cracks = cards
            .starting_resources
            .iter()
            .map(|r| usize::from(r.cracks))
            .max()
            .unwrap_or(0);
        let card_cracks: usize = (0..NUM_GAME_CARDS)
            .map(|id| crack_cost(cards.cost(id)))
            .sum();
        let paint_cracks = cards
            .buildings
            .iter()
            .map(|b| crack_cost(&b.paint))
            .chain(std::iter::once(crack_cost(&cards.starting_paint)))
            .max()
            .unwrap_or(0);
        let cracks = deciding * start_cracks + card_cracks + pieces * paint_cracks + pieces;
        Counts {
            deciding,
            pieces,
            placements,
            turns,
            tasks,
            vase_steps,
            cracks,
        }
    }

    /// `GameState::max_game_length` (derivation in the module documentation).
    pub(crate) fn length_bound(&self) -> usize {
        let c = self.counts();
        let rounds = usize::from(ROUNDS);
        // The most decisions a begun task asks for after its first one, besides those
        // counted over the game: Acquire's refreshes of 3 rows, its stop and the donkey;
        // Collect Esparto's rewards.
        let continuation = (3 + 1 + 1).max(ESPARTO_SPACES + 1);
        2 * c.deciding
            + rounds
            + rounds * c.deciding
            + c.placements
            + c.turns
            + c.pieces
            + c.tasks * (2 + continuation)
            + NUM_GAME_CARDS
            + c.vase_steps
            + 3 * c.pieces
            + c.cracks
    }

    /// `GameState::score_bounds` (derivation in the module documentation).
    pub(crate) fn score_range(&self) -> (i32, i32) {
        let c = self.counts();
        let cards = &self.cards;
        let pieces = c.pieces as i32;
        let best_sale = cards
            .board
            .market_painted
            .iter()
            .chain(cards.board.market_unpainted.iter())
            .map(|&v| i32::from(v))
            .max()
            .unwrap_or(0);
        let wheels: i32 = cards
            .wheels
            .iter()
            .chain(cards.starting_wheels.iter())
            .map(|w| i32::from(w.vp) + i32::from(w.finish_vp))
            .sum();
        // Cleanup rewards: completions ≤ cracks placed / the fewest spaces on a card.
        let crack_inflow = c.cracks;
        let cleanups = cards
            .cleanups
            .iter()
            .chain(std::iter::once(&cards.starting_cleanup));
        let fewest_spaces = cleanups
            .clone()
            .map(|k| usize::from(k.spaces))
            .min()
            .unwrap_or(1)
            .max(1);
        let vp_reward = |a: &Amount| {
            if a.res == Res::Vp {
                i32::from(a.n)
            } else {
                0
            }
        };
        let best_cleanup = cleanups.map(|k| vp_reward(&k.reward)).max().unwrap_or(0);
        let cleanup_vp = (crack_inflow / fewest_spaces) as i32 * best_cleanup;
        let best_esparto = cards
            .esparto
            .iter()
            .chain(std::iter::once(&cards.printed_esparto))
            .flat_map(|e| e.rewards.iter().map(vp_reward))
            .max()
            .unwrap_or(0);
        let esparto_vp = c.tasks as i32 * (ESPARTO_SPACES as i32 + 1) * best_esparto;
        let best_endgame_card = [
            CARD_TYPE_VP.iter().copied().max().unwrap_or(0),
            ESPARTO_CARD_VP.iter().copied().max().unwrap_or(0),
            pieces,
        ]
        .into_iter()
        .max()
        .unwrap_or(0);
        let resources = (i32::from(TOTAL_PG) + i32::from(TOTAL_GLAZES) + i32::from(MAX_CLAY))
            / RESOURCES_PER_VP;
        let high = pieces * best_sale
            + wheels
            + TECHNOLOGY_VP
            + cleanup_vp
            + esparto_vp
            + ENDGAME_DEALT as i32 * best_endgame_card
            + ESPARTO_SET_VP.iter().copied().max().unwrap_or(0)
            + FIRST_PLAYER_VP
            + KILN_PIECE_VP * pieces
            + resources;
        (-i32::from(CLEANING_AREA), high)
    }
}
