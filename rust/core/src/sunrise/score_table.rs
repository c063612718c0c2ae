//! What each card adds to a score, read from flat tables built once with the card set, so
//! the running score that greedy play asks for after every candidate move is a few array
//! reads per card instead of a walk through the cards' names, vectors and effect enums.
//!
//! The tables only restate the card data: `score::explain_score` keeps computing every
//! category from the cards themselves, and tests hold the two equal at every step of random
//! games and for a changed card file.

use super::data::{
    AdvantageCard, AdvantageEffect, ProjectCard, ProjectType, NUM_ADVANTAGE, NUM_ALL_PROJECTS,
};

/// A project's contributions to a score ("Final Scoring").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProjectScore {
    /// "Projects — points for completed projects."
    pub points: i32,
    /// Coffee beans when completed ("Award the Cup of Coffee").
    pub beans: u32,
    /// The bit of its project type (personal goals ask for types).
    pub kind_bit: u8,
    /// Its icons less one: what it adds while awaiting step three with every icon filled
    /// ("-1 per in-progress project; 1 per resource on in-progress projects").
    pub full_in_progress: i32,
}

/// An advantage card's contributions to a score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AdvantageScore {
    /// Points as a completed showpiece (0 for any other card).
    pub showpiece_points: i32,
    /// Beans as a completed showpiece (0 for any other card).
    pub showpiece_beans: u32,
    /// Beans when revealed: 1 for a coffee bean card, else 0.
    pub revealed_beans: u32,
    /// Points when revealed as a personal goal whose types are all completed (0 for any
    /// other card).
    pub goal_points: i32,
    /// The bits of the types the personal goal shows (0 for any other card).
    pub goal_types: u8,
}

/// The per-card score tables of one card set, by project id and advantage id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreTable {
    /// By project id.
    pub projects: [ProjectScore; NUM_ALL_PROJECTS],
    /// By advantage id.
    pub advantages: [AdvantageScore; NUM_ADVANTAGE],
}

/// The bit of a project type in a set of types.
pub fn type_bit(kind: ProjectType) -> u8 {
    1 << kind as u8
}

impl ScoreTable {
    /// The tables of a card set's projects and advantage cards (sections of the counts the
    /// card file checks).
    pub(super) fn new(project_cards: &[ProjectCard], advantage_cards: &[AdvantageCard]) -> Self {
        let mut projects = [ProjectScore::default(); NUM_ALL_PROJECTS];
        for (entry, card) in projects.iter_mut().zip(project_cards) {
            *entry = ProjectScore {
                points: i32::from(card.points),
                beans: u32::from(card.beans),
                kind_bit: type_bit(card.kind),
                full_in_progress: card.icons.len() as i32 - 1,
            };
        }
        let mut advantages = [AdvantageScore::default(); NUM_ADVANTAGE];
        for (entry, card) in advantages.iter_mut().zip(advantage_cards) {
            *entry = match &card.effect {
                AdvantageEffect::Showpiece { points, beans, .. } => AdvantageScore {
                    showpiece_points: i32::from(*points),
                    showpiece_beans: u32::from(*beans),
                    ..AdvantageScore::default()
                },
                AdvantageEffect::CoffeeBean => AdvantageScore {
                    revealed_beans: 1,
                    ..AdvantageScore::default()
                },
                AdvantageEffect::PersonalGoal { types, points } => AdvantageScore {
                    goal_points: i32::from(*points),
                    goal_types: types.iter().fold(0, |m, &t| m | type_bit(t)),
                    ..AdvantageScore::default()
                },
                AdvantageEffect::GainResources { .. } | AdvantageEffect::GoFirst => {
                    AdvantageScore::default()
                }
            };
        }
        ScoreTable {
            projects,
            advantages,
        }
    }
}
