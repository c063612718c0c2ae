//! The engine contract for Níjar and the batch entry point.

use super::actions::NUM_ACTIONS;
use super::data::PIECE_NAMES;
use super::state::{NijarConfig, NijarState, Phase, COMP};
use super::tensor::TENSOR_SIZE;
use crate::engine::{Action, ActionList, GameState, PerSeat, Rng, Seat, TensorCell, TensorSpec};
use crate::search::playout::random_game_scores;

impl GameState for NijarState {
    fn num_players(&self) -> usize {
        self.n()
    }

    fn num_distinct_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn current_player(&self) -> Option<Seat> {
        self.actor()
    }

    fn legal_actions_into(&self, out: &mut ActionList) {
        self.legal_into(out);
    }

    fn random_legal_action(&self, rng: &mut Rng, legal: &mut ActionList) -> Action {
        self.random_action(rng, legal)
    }

    fn apply_unchecked(&mut self, action: Action) {
        self.apply_move(action);
    }

    fn action_to_string(&self, action: Action) -> String {
        self.describe(action)
    }

    fn public_action_string(&self, action: Action, viewer: Option<Seat>) -> String {
        self.public_describe(action, viewer)
    }

    fn public_events(&self, action: Action, viewer: Option<Seat>) -> Vec<String> {
        let mut out = vec![self.public_action_string(action, viewer)];
        let mut next = self.clone();
        next.apply_move(action);
        if matches!(self.t.phase, Phase::Endgame { .. })
            && !matches!(next.t.phase, Phase::Endgame { .. })
        {
            // 10.2: every seat has chosen; the count each placed face-down is now public.
            let placed = |s: Seat| {
                let before = self.t.players[s].endgame_played.count_ones();
                next.t.players[s].endgame_played.count_ones() - before
            };
            out.push(if self.is_solo() {
                // 12.8: "The Competition does not play any Endgame Scoring Cards."
                format!(
                    "You played {} face-down (the Competition plays none, 12.8)",
                    if placed(0) == 0 {
                        "no endgame scoring card"
                    } else {
                        "1 endgame scoring card"
                    }
                )
            } else {
                let each: Vec<String> = (0..self.n())
                    .map(|s| {
                        let who = if viewer == Some(s) {
                            "you".to_string()
                        } else {
                            format!("seat {s}")
                        };
                        match placed(s) {
                            0 => format!("none by {who}"),
                            1 => format!("1 card by {who}"),
                            n => format!("{n} cards by {who}"),
                        }
                    })
                    .collect();
                format!(
                    "Endgame scoring cards played face-down: {}",
                    each.join(", ")
                )
            });
        }
        if next.t.round != self.t.round {
            let heights: Vec<String> = (0..3)
                .map(|i| format!("{} {}", PIECE_NAMES[i], next.t.heights[i]))
                .collect();
            out.push(format!(
                "Round {} begins: the market dice show {}, {}, {}; market heights {}",
                next.t.round + 1,
                next.t.dice[0],
                next.t.dice[1],
                next.t.dice[2],
                heights.join(", ")
            ));
        }
        if next.is_solo() && next.t.solo != self.t.solo {
            let (a, b) = (&self.t.solo, &next.t.solo);
            // A line whenever it takes a turn (each turn is counted, a card revealed or not) or
            // its VP change (also in your turn: 12.6, craftswomen you return to its closed
            // shop), each gain said with its reason.
            out.extend(self.competition_reveal_lines(&next));
            if b.turns != a.turns || b.vp != a.vp {
                out.push(format!(
                    "The Competition: {} VP (was {}{}), pieces {}, craftswomen {}{}",
                    next.competition_score(),
                    self.competition_score(),
                    self.competition_gains(&next),
                    competition_pieces(&b.pieces),
                    b.workers,
                    if b.shop_closed { ", shop closed" } else { "" }
                ));
            }
        }
        if next.t.phase == Phase::Over && self.t.phase != Phase::Over {
            out.push(next.game_over_line());
        }
        out
    }

    fn solo_margin(&self) -> Option<f64> {
        self.is_solo().then(|| self.solo_result())
    }

    fn solo_opponent(&self) -> Option<(&'static str, i32)> {
        self.is_solo()
            .then(|| ("the Competition", self.competition_score()))
    }

    fn heuristic_values(&self) -> PerSeat<f64> {
        self.heuristic()
    }

    fn heuristic_value(&self, seat: Seat) -> f64 {
        self.heuristic_of(seat)
    }

    fn heuristic_value_kept(&self, before: &Self, seat: Seat) -> bool {
        self.heuristic_inputs_equal(before, seat)
    }

    fn heuristic_gain_of(&self, action: Action) -> Option<f64> {
        self.heuristic_gain(action)
    }

    fn scores(&self) -> PerSeat<i32> {
        self.all_scores()
    }

    fn ranking(&self) -> PerSeat<Seat> {
        self.final_ranking()
    }

    fn history(&self) -> &[Action] {
        &self.t.history
    }

    fn max_game_length(&self) -> usize {
        self.length_bound()
    }

    fn clone_position_from(&mut self, source: &Self) {
        self.copy_position_from(source);
    }

    fn reserve_to_end(&mut self) {
        let room = self.length_bound().saturating_sub(self.t.history.len());
        self.t.history.reserve(room);
    }

    fn score_bounds(&self) -> (i32, i32) {
        self.score_range()
    }

    fn resample_hidden(&self, player: Seat, seed: u64) -> Self {
        self.resample(player, seed)
    }

    fn resample_hidden_into(&self, player: Seat, seed: u64, out: &mut Self) {
        self.resample_into(player, seed, out);
    }

    fn information_state_string(&self, player: Seat) -> String {
        self.information_state(player)
    }

    fn observation_tensor_size(&self) -> usize {
        TENSOR_SIZE
    }

    fn write_observation_tensor<T: TensorCell>(&self, player: Seat, out: &mut [T]) {
        self.write_tensor(player, out);
    }

    fn observation_tensor_spec(&self) -> TensorSpec {
        self.tensor_spec()
    }

    fn observation_json(&self, player: Seat) -> serde_json::Value {
        self.observation(player)
    }

    fn to_json(&self) -> String {
        self.to_json_string()
    }
}

/// Plays `games` uniformly random games of `players` seats (game `i` from seed `seed + i`)
/// and returns the final scores, row-major (games × players).
pub fn random_games(players: usize, games: usize, seed: u64) -> Vec<i32> {
    random_game_scores(games, seed, |s| {
        NijarState::new_game(players, s, None, NijarConfig::default()).ok()
    })
}

impl NijarState {
    /// The game-over event: every seat's final score; in solo, yours against the
    /// Competition's and who won (12.9, with 11's tiebreak: the sign of `solo_result`).
    fn game_over_line(&self) -> String {
        let scores = self.all_scores();
        if self.is_solo() {
            let winner = if self.solo_result() > 0.0 {
                "you win"
            } else {
                "the Competition wins"
            };
            let tie = if scores[0] == self.competition_score() {
                " (a tie in VP, broken by the turn-order track)"
            } else {
                ""
            };
            return format!(
                "The game is over: you {} VP, the Competition {} VP — {winner}{tie}",
                scores[0],
                self.competition_score()
            );
        }
        let all: Vec<String> = (0..self.n())
            .map(|s| format!("seat {s} {} VP", scores[s]))
            .collect();
        format!("The game is over: {}", all.join(", "))
    }

    /// What the Competition gained from this state to `next`, item by item, as
    /// "; +11 for selling a Plate, +1 for its closed shop" (empty when nothing): the items
    /// sum to the change of `competition_score`.
    fn competition_gains(&self, next: &Self) -> String {
        let (a, b) = (&self.t.solo, &next.t.solo);
        let mut items = Vec::new();
        // 12.5 step 3: sales, at the market's painted VP.
        let sales = b.vp[0] - a.vp[0];
        if sales != 0 {
            let sold: Vec<&str> = (0..3)
                .filter(|&t| b.sold[t] > a.sold[t])
                .map(|t| PIECE_NAMES[t])
                .collect();
            items.push(format!(
                "{sales:+} for selling {}",
                and_list(&sold, "pieces")
            ));
        }
        // 12.5 step 1: "the Competition places two Craftswomen and returns yours ... In
        // addition, the Competition gains 3 VP" (5 from Advanced, 12.10), once a space taken.
        let returned = b.vp[1] - a.vp[1];
        if returned != 0 {
            let spaces = returned / self.displace_vp();
            let taken = if spaces == 1 {
                "an action space".to_string()
            } else {
                format!("{spaces} action spaces")
            };
            items.push(format!("{returned:+} for taking {taken} from you"));
        }
        // 12.6: your craftswomen placed on its closed shop; 12.4: its closed shop's turns;
        // 12.5 step 3: a piece the supply had run out of.
        let small = b.vp[2] - a.vp[2];
        let placed = if next.t.round == self.t.round {
            b.on_shop.saturating_sub(a.on_shop)
        } else {
            0
        };
        let on_shop = (i32::from(placed) * next.small_vp()).min(small);
        if on_shop != 0 {
            let yours = if placed == 1 {
                "your craftswoman".to_string()
            } else {
                format!("your {placed} craftswomen")
            };
            items.push(format!("{on_shop:+} for {yours} placed on its closed shop"));
        }
        let rest = small - on_shop;
        if rest != 0 {
            // Within a round the two never meet in one step: a turn of a closed (or closing)
            // shop takes no piece actions (12.4). Across a round's end they can.
            let why = if next.t.round != self.t.round {
                "its closed shop or pieces missing from the supply"
            } else if a.shop_closed || b.shop_closed {
                "its closed shop"
            } else {
                "pieces missing from the supply"
            };
            items.push(format!("{rest:+} for {why}"));
        }
        // 12.9: at the end, the first-player token and its remaining pieces.
        if next.t.phase == Phase::Over && self.t.phase != Phase::Over {
            if next.t.first_token == COMP {
                items.push("+2 for the first-player token".to_string());
            }
            let pieces: i32 = b.pieces.iter().map(|&p| i32::from(p)).sum();
            if pieces != 0 {
                items.push(format!("{pieces:+} for its remaining pieces"));
            }
        }
        if items.is_empty() {
            String::new()
        } else {
            format!("; {}", items.join(", "))
        }
    }
}

/// "a Plate", "a Plate and a Pot", or `none` when `names` is empty.
fn and_list(names: &[&str], none: &str) -> String {
    match names {
        [] => none.to_string(),
        [one] => format!("a {one}"),
        [first @ .., last] => {
            let first: Vec<String> = first.iter().map(|n| format!("a {n}")).collect();
            format!("{} and a {last}", first.join(", "))
        }
    }
}

/// The Competition's play area in words (12.5): "Plate unpainted, Pot painted" or "none".
pub(crate) fn competition_pieces(pieces: &[u8; 3]) -> String {
    let named: Vec<String> = pieces
        .iter()
        .enumerate()
        .filter(|&(_, &p)| p > 0)
        .map(|(i, &p)| {
            format!(
                "{} {}",
                PIECE_NAMES[i],
                if p == 2 { "painted" } else { "unpainted" }
            )
        })
        .collect();
    if named.is_empty() {
        "none".to_string()
    } else {
        named.join(", ")
    }
}
