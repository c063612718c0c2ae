//! The engine contract for Sunrise, the sentence for each action, and the batch entry point.

use super::actions::{decode, Move, NUM_ACTIONS, RESERVE_TARGET};
use super::data::{AdvantageEffect, Resource, ResourceIcons, NUM_ALL_PROJECTS};
use super::state::{Bonus, Destination, Phase, SunriseState, TurnStage, DECK_TOP};
use super::tensor::TENSOR_SIZE;
use crate::engine::{Action, ActionList, GameState, PerSeat, Rng, Seat, TensorCell, TensorSpec};
use crate::search::playout::random_game_scores;

impl GameState for SunriseState {
    fn num_players(&self) -> usize {
        self.n()
    }

    fn num_distinct_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn current_player(&self) -> Option<Seat> {
        self.actor()
    }

    fn is_terminal(&self) -> bool {
        // The one phase without an actor, tested directly (every playout step asks).
        matches!(self.t.phase, Phase::GameOver)
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
        let actor = self.actor();
        if actor.is_some() && actor == viewer {
            return self.describe(action);
        }
        if self.final_choosing().is_some() {
            // Game end: each seat's choices stay hidden until every seat has chosen.
            return "Decide on a face-down advantage card (hidden until every seat has chosen)"
                .to_string();
        }
        match decode(action) {
            // Step one: the style and the cards stay face-down until every seat has chosen.
            Some(Move::Draft(_)) => {
                "Choose a work style and distribute 4 cards face-down".to_string()
            }
            // "Discard the card face-down to the bottom of the advantage deck."
            Some(Move::Discard(_)) => {
                "Discard an advantage card face-down for 1 reserve resource".to_string()
            }
            // Only the drawer sees the drawn cards.
            Some(Move::Keep { .. }) => "Keep 1 drawn advantage card and return the others \
                                        to the bottom of the deck"
                .to_string(),
            _ => self.describe(action),
        }
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

    fn heuristic_gain_of(&self, action: Action) -> Option<f64> {
        // The heuristic is the running score (the default `heuristic_values`).
        self.score_gain_of(action).map(f64::from)
    }

    fn heuristic_gain_beside(&self, action: Action) -> Option<(Action, f64)> {
        self.score_gain_beside(action)
            .map(|(reference, gain)| (reference, f64::from(gain)))
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

/// Plays `games` complete uniformly random games of `players` seats (game `i` created and
/// played from seed `seed + i`) and returns the final scores, row-major (games × players).
pub fn random_games(players: usize, games: usize, seed: u64) -> Vec<i32> {
    random_game_scores(games, seed, |s| {
        SunriseState::new_game(players, s, None).ok()
    })
}

impl SunriseState {
    fn project_label(&self, id: usize) -> String {
        match self.cards.projects.get(id) {
            Some(p) => format!(
                "{} (#{}, {}, {} pts)",
                p.name,
                p.number,
                p.kind.name(),
                p.points
            ),
            None => format!("project {id}"),
        }
    }

    fn target_label(&self, target: usize) -> String {
        if target == RESERVE_TARGET {
            "the reserve".to_string()
        } else if target >= NUM_ALL_PROJECTS {
            let id = target - NUM_ALL_PROJECTS;
            match self.cards.advantages.get(id) {
                Some(a) => format!("showpiece {}", a.name),
                None => format!("showpiece {id}"),
            }
        } else {
            self.project_label(target)
        }
    }

    fn advantage_label(&self, id: usize) -> String {
        match self.cards.advantages.get(id) {
            Some(a) => {
                let kind = match &a.effect {
                    AdvantageEffect::GainResources { amount } => format!("gain {amount} resources"),
                    AdvantageEffect::GoFirst => "go first & gain resource".to_string(),
                    AdvantageEffect::PersonalGoal { types, points } => format!(
                        "personal goal: {} for {points} pts",
                        types
                            .iter()
                            .map(|t| t.name())
                            .collect::<Vec<_>>()
                            .join(" + ")
                    ),
                    AdvantageEffect::CoffeeBean => "coffee bean".to_string(),
                    AdvantageEffect::Showpiece { points, .. } => format!("showpiece, {points} pts"),
                };
                format!("{} ({kind})", a.name)
            }
            None => format!("advantage card {id}"),
        }
    }

    pub(crate) fn describe(&self, action: Action) -> String {
        let Some(m) = decode(action) else {
            return format!("action {action} (outside the action space)");
        };
        let seat = self.actor().unwrap_or(0);
        let p = &self.t.players[seat.min(self.n() - 1)];
        match m {
            Move::Draft(dest) => {
                let names: Vec<String> = p
                    .hand
                    .iter()
                    .map(|&c| self.cards.resource_cards[usize::from(c)].icons.label())
                    .collect();
                if names.len() != 4 {
                    return format!("draft {action}");
                }
                let pick = |d: Destination| {
                    names
                        .iter()
                        .zip(dest.iter())
                        .filter(|(_, x)| **x == d)
                        .map(|(n, _)| n.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let counts: Vec<usize> = Destination::ALL
                    .iter()
                    .map(|d| dest.iter().filter(|x| *x == d).count())
                    .collect();
                let style = match counts.as_slice() {
                    [3, 1, 0, 0] => "Efficient",
                    [1, 0, 1, 2] => "Wasteful",
                    _ => "Measured",
                };
                let two = self.n() == 2;
                let mut parts = vec![format!("keep {}", pick(Destination::Keep))];
                if counts[3] > 0 {
                    parts.push(format!("discard {}", pick(Destination::Discard)));
                }
                for (d, side) in [(Destination::Left, "left"), (Destination::Right, "right")] {
                    if counts[d as usize] > 0 {
                        let to = if two { "the other player" } else { side };
                        parts.push(format!("{} → {to}", pick(d)));
                    }
                }
                format!("{style}: {}", parts.join("; "))
            }
            Move::Place {
                slot,
                resource,
                target,
            } => {
                let icons = p
                    .wheel
                    .get(slot)
                    .map(|w| self.cards.resource_cards[usize::from(w.card)].icons);
                let card = icons
                    .map(ResourceIcons::label)
                    .unwrap_or_else(|| format!("wheel card {}", slot + 1));
                if target == RESERVE_TARGET {
                    // A two-resource card lists one reserve placement per part (which part
                    // goes to the reserve is a choice), so its sentence names the part.
                    if let Some(ResourceIcons::Two(..)) = icons {
                        format!(
                            "Place {} from {card} into the reserve",
                            Resource::from_index(resource).label()
                        )
                    } else {
                        format!("Place a resource from {card} into the reserve")
                    }
                } else {
                    format!(
                        "Place {} from {card} on {}",
                        Resource::from_index(resource).label(),
                        self.target_label(target)
                    )
                }
            }
            Move::Convert { resource, target } => format!(
                "Convert 2 reserve resources into {} on {}",
                Resource::from_index(resource).label(),
                self.target_label(target)
            ),
            Move::Reveal(id) if self.final_choosing().is_some() => {
                format!("Reveal {} for scoring", self.advantage_label(id))
            }
            Move::Reveal(id) => format!("Reveal {}", self.advantage_label(id)),
            Move::Discard(id) => {
                format!(
                    "Discard {} for 1 reserve resource",
                    self.advantage_label(id)
                )
            }
            Move::EndWork => "Finish working on projects".to_string(),
            Move::Bonus(b) => Bonus::ALL
                .get(b)
                .map_or_else(|| format!("bonus {b}"), |b| b.label().to_string()),
            Move::Take(i) => match self.t.row.get(i).copied().flatten() {
                Some(c) if i == DECK_TOP => format!(
                    "Take {} from the top of the project deck",
                    self.project_label(usize::from(c))
                ),
                Some(c) => format!(
                    "Take {} from row space {}",
                    self.project_label(usize::from(c)),
                    i
                ),
                None => format!("Take from row space {i} (empty)"),
            },
            Move::Keep { keep, order } => {
                if let Phase::Complete {
                    turn: TurnStage::KeepAdvantage { drawn },
                    ..
                } = &self.t.phase
                {
                    if let Some(&k) = drawn.get(keep) {
                        let mut rest: Vec<usize> = drawn
                            .iter()
                            .enumerate()
                            .filter(|(i, _)| *i != keep)
                            .map(|(_, &c)| usize::from(c))
                            .collect();
                        if order == 1 {
                            rest.reverse();
                        }
                        let back: Vec<String> =
                            rest.iter().map(|&c| self.advantage_label(c)).collect();
                        return format!(
                            "Keep {}; return {} to the bottom of the deck",
                            self.advantage_label(usize::from(k)),
                            back.join(" then ")
                        );
                    }
                }
                format!("Keep drawn advantage card {}", keep + 1)
            }
            Move::Glaze(g) => {
                let project = match self.t.phase {
                    Phase::Complete { project, .. } => self.project_label(usize::from(project)),
                    _ => "the project".to_string(),
                };
                format!(
                    "Count {project} as {} glaze",
                    Resource::from_index(3 + g.min(2)).label()
                )
            }
            Move::EndTurn => match self.t.phase {
                Phase::Convert { .. } => "Go on to the completion turns".to_string(),
                Phase::FinalChoices { seat } => match self.next_undecided(usize::from(seat)) {
                    Some(c) => format!("Keep {} face-down", self.advantage_label(usize::from(c))),
                    None => "Keep the card face-down".to_string(),
                },
                _ => "End the completion turn".to_string(),
            },
        }
    }
}
