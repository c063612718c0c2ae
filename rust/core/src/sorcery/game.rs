//! The engine contract for Studies in Sorcery, and the batch entry point.

use super::actions::NUM_ACTIONS;
use super::config::{Solo, SorceryConfig};
use super::state::SorceryState;
use super::tensor::TENSOR_SIZE;
use crate::engine::{Action, ActionList, GameState, PerSeat, Seat, TensorCell, TensorSpec};
use crate::search::playout::random_game_scores;

impl GameState for SorceryState {
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
        self.events(action, viewer)
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

    fn solo_margin(&self) -> Option<f64> {
        self.margin()
    }

    fn solo_opponent(&self) -> Option<(&'static str, i32)> {
        // The robot plays in Robot mode and in Solo Mission Mode: Hard ("beat the robot").
        match self.t.config.solo? {
            Solo::Robot { .. } | Solo::Mission { hard: true, .. } => {
                Some(("the robot", self.robot_score()))
            }
            Solo::NoRobot | Solo::Mission { hard: false, .. } => None,
        }
    }

    fn heuristic_values(&self) -> PerSeat<f64> {
        self.heuristic()
    }

    fn heuristic_value(&self, seat: Seat) -> f64 {
        self.seat_heuristic(seat)
    }

    fn heuristic_value_kept(&self, before: &Self, seat: Seat) -> bool {
        self.heuristic_kept(before, seat)
    }

    fn heuristic_gain_of(&self, action: Action) -> Option<f64> {
        self.estimate_unchanged_by(action).then_some(0.0)
    }

    fn heuristic_value_after(&self, action: Action) -> Option<f64> {
        self.estimate_after(action)
    }
}

/// Plays `games` uniformly random games (game `i` from seed `seed + i`) and returns the
/// final scores, row-major (games × players).
pub fn random_games(config: SorceryConfig, games: usize, seed: u64) -> Vec<i32> {
    random_game_scores(games, seed, |s| {
        SorceryState::new_game(config, s, None).ok()
    })
}

impl SorceryState {
    /// The game-over event: every seat's credits; in solo, against the robot (with who won:
    /// "If you have more credits than the Robot, you win!"), or with the grade or mission.
    pub(super) fn game_over_line(&self) -> String {
        let scores = self.all_scores();
        if self.n() > 1 {
            let all: Vec<String> = (0..self.n())
                .map(|s| format!("seat {s} {} credits", scores[s]))
                .collect();
            return format!("The game is over: {}", all.join(", "));
        }
        let won = self.margin().is_some_and(|m| m > 0.0);
        let verdict = match self.t.config.solo {
            Some(Solo::Robot { .. }) => format!(
                ", the robot {} — {}",
                self.robot_score(),
                if won { "you win" } else { "the robot wins" }
            ),
            Some(Solo::NoRobot) => format!(" — grade {}", super::score::grade(scores[0])),
            Some(Solo::Mission { .. }) => {
                format!(" — the mission is {}", if won { "won" } else { "lost" })
            }
            None => String::new(),
        };
        format!("The game is over: you {} credits{verdict}", scores[0])
    }
}
