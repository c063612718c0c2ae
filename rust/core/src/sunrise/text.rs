//! A compact, plain-text picture of what one seat sees: used by the golden playthroughs and
//! handy in a debugger. It is built from the same masking rules as the JSON observation.

use std::fmt::Write;

use super::data::{AdvantageEffect, Resource};
use super::observe::ROUND_NAMES;
use super::state::{Phase, SunriseState, TurnStage, Work, WorkStyle};
use crate::engine::Seat;

fn icons(s: &SunriseState, w: &Work, showpiece: bool) -> String {
    s.icons_of(w, showpiece)
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mark = if w.filled & (1 << i) != 0 {
                "✓"
            } else {
                "·"
            };
            format!("{}{mark}", short(*r))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn short(r: Resource) -> &'static str {
    ["Ea", "St", "Po", "Li", "Da", "Lu", "Fi", "Ga", "El"][r as usize]
}

impl SunriseState {
    fn project_short(&self, id: u8) -> String {
        let p = &self.cards.projects[usize::from(id)];
        format!(
            "#{} {} ({}, {}p)",
            p.number,
            p.name,
            p.kind.name(),
            p.points
        )
    }

    fn advantage_short(&self, id: u8) -> String {
        let a = &self.cards.advantages[usize::from(id)];
        let kind = match &a.effect {
            AdvantageEffect::GainResources { .. } => "gain",
            AdvantageEffect::GoFirst => "go first",
            AdvantageEffect::PersonalGoal { .. } => "goal",
            AdvantageEffect::CoffeeBean => "bean",
            AdvantageEffect::Showpiece { .. } => "showpiece",
        };
        format!("{} [{kind}]", a.name)
    }

    /// What `viewer` sees, in a few lines of plain text.
    pub fn render_text(&self, viewer: Seat) -> String {
        let t = &self.t;
        let mut out = String::new();
        let step = match t.phase {
            Phase::Select { .. } => "select resource cards",
            Phase::Work { .. } => "work on projects",
            Phase::Convert { .. } => "convert before the completion turns",
            Phase::FinalChoices { .. } => "reveal or discard advantage cards at game end",
            Phase::Complete { .. } => "complete projects",
            Phase::GameOver => "game over",
        };
        let _ = writeln!(
            out,
            "Day {} {} — {step}{} — seat {} to act",
            t.day + 1,
            ROUND_NAMES[usize::from(t.round.min(2))],
            if self.is_final_round() {
                " (final round)"
            } else {
                ""
            },
            self.actor().map_or("nobody".to_string(), |s| s.to_string())
        );
        let challenges: Vec<String> = t
            .challenges
            .iter()
            .map(|c| {
                let card = &self.cards.challenges[usize::from(c.card)];
                let low: Vec<String> = c.low.iter().map(|s| s.to_string()).collect();
                format!(
                    "{} {}/{} high:{} low:{}",
                    card.name,
                    card.high,
                    card.low,
                    c.high.map_or("-".to_string(), |s| s.to_string()),
                    if low.is_empty() {
                        "-".to_string()
                    } else {
                        low.join(",")
                    }
                )
            })
            .collect();
        let _ = writeln!(out, "Challenges: {}", challenges.join(" | "));
        let row: Vec<String> = t
            .row
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let top = if i == super::state::DECK_TOP {
                    "deck top: "
                } else {
                    ""
                };
                c.map_or("(empty)".to_string(), |c| {
                    format!("{top}{}", self.project_short(c))
                })
            })
            .collect();
        let _ = writeln!(
            out,
            "Row: {} | deck {} | advantage deck {} | wastebasket {} | community {}",
            row.join("; "),
            self.project_deck_size(),
            t.advantage_deck.len(),
            t.wastebasket.len(),
            t.community_supply
        );
        for (s, p) in t.players.iter().enumerate() {
            let me = s == viewer;
            let styles: Vec<&str> = WorkStyle::ALL
                .iter()
                .filter(|w| p.styles_used[**w as usize])
                .map(|w| w.label())
                .collect();
            let projects: Vec<String> = p
                .projects
                .iter()
                .map(|w| format!("{} [{}]", self.project_short(w.card), icons(self, w, false)))
                .collect();
            let showpieces: Vec<String> = p
                .showpieces
                .iter()
                .map(|w| {
                    format!(
                        "{} [{}]",
                        self.advantage_short(w.card),
                        icons(self, w, true)
                    )
                })
                .collect();
            let completed: Vec<String> = p
                .completed
                .iter()
                .map(|c| format!("#{}", self.cards.projects[usize::from(c.card)].number))
                .collect();
            let wheel: Vec<String> = p
                .wheel
                .iter()
                .map(|w| self.cards.resource_cards[usize::from(w.card)].icons.label())
                .collect();
            let _ = writeln!(
                out,
                "Seat {s}{}: supply {} reserve {} score {} | styles {} | projects {} | showpieces {} | completed {} ({} showpieces) | revealed {} | face-down advantages {}{}",
                if me { " (you)" } else { "" },
                p.supply,
                p.reserve,
                self.explain_score(s).total,
                if styles.is_empty() { "-".to_string() } else { styles.join(",") },
                if projects.is_empty() { "-".to_string() } else { projects.join("; ") },
                if showpieces.is_empty() { "-".to_string() } else { showpieces.join("; ") },
                if completed.is_empty() { "-".to_string() } else { completed.join(",") },
                p.completed_showpieces.len(),
                p.revealed.iter().map(|&c| self.advantage_short(c)).collect::<Vec<_>>().join(", "),
                p.advantages.len(),
                if me && !p.advantages.is_empty() {
                    format!(" ({})", p.advantages.iter().map(|&c| self.advantage_short(c)).collect::<Vec<_>>().join(", "))
                } else {
                    String::new()
                },
            );
            if me && !p.hand.is_empty() {
                let hand: Vec<String> = p
                    .hand
                    .iter()
                    .map(|&c| self.cards.resource_cards[usize::from(c)].icons.label())
                    .collect();
                let _ = writeln!(out, "  drawn: {}", hand.join(", "));
            }
            if !wheel.is_empty() {
                let _ = writeln!(out, "  wheel: {}", wheel.join(", "));
            }
        }
        if let Phase::Complete {
            seat,
            project,
            turn,
        } = &t.phase
        {
            let stage = match turn {
                TurnStage::ChooseBonus => "choose a bonus action".to_string(),
                TurnStage::TakeProjects { remaining } => format!("take {remaining} project(s)"),
                TurnStage::KeepAdvantage { drawn } if usize::from(*seat) == viewer => format!(
                    "keep one of {}",
                    drawn
                        .iter()
                        .map(|&c| self.advantage_short(c))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                TurnStage::KeepAdvantage { drawn } => {
                    format!("keep one of {} drawn cards", drawn.len())
                }
                TurnStage::ChooseGlaze => "choose a glaze".to_string(),
                TurnStage::Finish => "finish the turn".to_string(),
            };
            let _ = writeln!(
                out,
                "Completion turn: seat {seat}, {}: {stage}",
                self.project_short(*project)
            );
        }
        out
    }
}
