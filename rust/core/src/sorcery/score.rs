//! "End of Game": the thesis if met, the credits of completed projects with their tokens,
//! every $8 of unused materials as 1 credit (the Physical Education elective); the
//! tiebreaker; the solo result (robot, grade) and the missions of Mission Mode.

use super::config::Solo;
use super::data::{Condition, Department, Icon};
use super::state::{Done, SorceryState, NONE};
use crate::engine::{PerSeat, Seat};
pub use crate::sunrise::{ScoreBreakdown, ScoreLine};

/// "every $8 worth of unused materials counts for 1 credit".
pub const PE_DOLLARS_PER_CREDIT: i32 = 8;

/// The No Robot grades: (grade, lowest final score).
pub const GRADES: [(&str, i32); 6] = [
    ("A+", 40),
    ("A", 32),
    ("B", 26),
    ("C", 16),
    ("D", 9),
    ("F", 0),
];

/// The Mission List: each mission's score to reach.
pub const MISSION_SCORES: [i32; 10] = [20, 21, 22, 23, 24, 25, 26, 27, 28, 30];

/// The Mission List, as written.
pub const MISSION_TEXT: [&str; 10] = [
    "Complete 9 projects and score 20+ credits.",
    "Complete 6 projects in the same department and score 21+ credits.",
    "Complete two of the same project and score 22+ credits.",
    "Complete 5 Alchemy Projects and score 23+ credits.",
    "Complete a Sorcery Project with each moon phase and score 24+ credits.",
    "Complete three projects with the same moon phase and score 25+ credits.",
    "Complete 6 projects that need Mushroom or Skull and score 26+ credits.",
    "Complete 5 projects that need Ring and score 27+ credits.",
    "Complete 6 Sorcery Projects and score 28+ credits.",
    "Complete 4 projects with no effects and score 30+ credits.",
];

/// The grade of a No Robot score.
pub fn grade(score: i32) -> &'static str {
    GRADES
        .iter()
        .find(|(_, low)| score >= *low)
        .map_or("F", |(g, _)| g)
}

impl SorceryState {
    fn done(&self, seat: Seat) -> &[Done] {
        &self.t.players[seat].completed
    }

    /// Credits of one completed project with its tokens.
    fn project_credits(&self, d: &Done) -> i32 {
        i32::from(self.proj(usize::from(d.card)).credits) + i32::from(d.credits)
            - i32::from(d.demerits)
    }

    /// Value of unused materials ("every $8 worth of unused materials counts for 1 credit"):
    /// the grave and stock cards in hand and those committed to projects never completed (the
    /// rulebook excludes only "Extra credit and demerit tokens on incomplete projects"). A
    /// research grant is not a material.
    ///
    /// Each material is in one place (`validate`), so the cards under projects add their
    /// values to the hand's, read per slot from the card set's `slot_values` (0 for an open
    /// or freely filled slot): this runs for every seat in the greedy heuristic.
    pub fn unused_material_value(&self, seat: Seat) -> i32 {
        let p = &self.t.players[seat];
        let slot_values = &self.cards.slot_values;
        let under_incomplete: i32 = p
            .projects
            .iter()
            .flat_map(|w| w.slots.iter())
            .map(|&m| i32::from(slot_values[usize::from(m)]))
            .sum();
        i32::from(self.value_of(self.materials_of(p.hand))) + under_incomplete
    }

    /// Whether a thesis condition is met by `seat` now.
    pub fn condition_met(&self, seat: Seat, c: &Condition) -> bool {
        let done = self.done(seat);
        let count = |f: &dyn Fn(&Done) -> bool| done.iter().filter(|d| f(d)).count();
        let card = |d: &Done| self.proj(usize::from(d.card));
        match *c {
            Condition::Projects { count: n } => done.len() >= usize::from(n),
            Condition::Department {
                department,
                count: n,
            } => count(&|d| card(d).department == department) >= usize::from(n),
            Condition::Level { level, count: n } => {
                count(&|d| card(d).level == level) >= usize::from(n)
            }
            Condition::Icon { icon, count: n } => {
                count(&|d| card(d).icons.contains(&icon)) >= usize::from(n)
            }
            Condition::CreditTokens { count: n } => {
                done.iter().map(|d| usize::from(d.credits)).sum::<usize>() >= usize::from(n)
            }
            Condition::NoDemerits { count: n } => {
                done.len() >= usize::from(n) && done.iter().all(|d| d.demerits == 0)
            }
            Condition::Materials { amount } => {
                self.unused_material_value(seat) >= i32::from(amount)
            }
        }
    }

    /// The thesis's credits if met ("If you meet the criteria listed, flip it face-up").
    fn thesis_credits(&self, seat: Seat) -> i32 {
        let t = self.t.players[seat].thesis;
        if t == NONE {
            return 0;
        }
        let thesis = &self.cards.theses[usize::from(t)];
        if self.condition_met(seat, &thesis.condition) {
            i32::from(thesis.credits)
        } else {
            0
        }
    }

    /// The seat's score: thesis + projects (with tokens) + unused materials / 8.
    pub fn score(&self, seat: Seat) -> i32 {
        self.thesis_credits(seat)
            + self
                .done(seat)
                .iter()
                .map(|d| self.project_credits(d))
                .sum::<i32>()
            + self.unused_material_value(seat) / PE_DOLLARS_PER_CREDIT
    }

    /// What the others can see of a seat's score: its completed projects with their tokens.
    pub fn public_score(&self, seat: Seat) -> i32 {
        self.done(seat)
            .iter()
            .map(|d| self.project_credits(d))
            .sum()
    }

    /// Every seat's score.
    pub fn all_scores(&self) -> PerSeat<i32> {
        (0..self.n()).map(|s| self.score(s)).collect()
    }

    /// Seats from first to last: credits, then "whoever has the largest total of values on
    /// grave cards in their hand", then (beyond the howl) the lower seat.
    pub fn final_ranking(&self) -> PerSeat<Seat> {
        let mut seats: PerSeat<Seat> = (0..self.n()).collect();
        seats.sort_by_key(|&s| {
            (
                std::cmp::Reverse(self.score(s)),
                std::cmp::Reverse(self.grave_value_in_hand(s)),
                s,
            )
        });
        seats
    }

    /// Whether `seat` met the requirement of `mission` (1–10), score aside.
    pub fn mission_requirement_met(&self, seat: Seat, mission: u8) -> bool {
        let done = self.done(seat);
        let cards: Vec<_> = done
            .iter()
            .map(|d| self.proj(usize::from(d.card)))
            .collect();
        let count =
            |f: &dyn Fn(&super::data::ProjectCard) -> bool| cards.iter().filter(|c| f(c)).count();
        match mission {
            1 => done.len() >= 9,
            2 => super::data::Department::ALL
                .iter()
                .any(|&d| count(&|c| c.department == d) >= 6),
            3 => cards
                .iter()
                .enumerate()
                .any(|(i, a)| cards[i + 1..].iter().any(|b| b.name == a.name)),
            4 => count(&|c| c.department == Department::Alchemy) >= 5,
            5 => (1..=4u8).all(|m| {
                cards
                    .iter()
                    .any(|c| c.department == Department::Sorcery && c.moon() == Some(m))
            }),
            6 => (1..=4u8).any(|m| count(&|c| c.moon() == Some(m)) >= 3),
            7 => {
                count(&|c| c.icons.contains(&Icon::Mushroom) || c.icons.contains(&Icon::Skull)) >= 6
            }
            8 => count(&|c| c.icons.contains(&Icon::Ring)) >= 5,
            9 => count(&|c| c.department == Department::Sorcery) >= 6,
            10 => count(&|c| c.ability.is_none()) >= 4,
            _ => false,
        }
    }

    /// Whether `seat` completed its mission (requirement and score; Solo Mission Hard also
    /// beats the robot).
    pub fn mission_met(&self, seat: Seat) -> Option<bool> {
        let mission = self.t.config.mission_of(seat)?;
        let score_ok = self.score(seat) >= MISSION_SCORES[usize::from(mission - 1)];
        let robot_ok = match self.t.config.solo {
            Some(Solo::Mission { hard: true, .. }) => self.score(seat) > self.robot_score(),
            _ => true,
        };
        Some(self.mission_requirement_met(seat, mission) && score_ok && robot_ok)
    }

    /// The solo margin: positive is a win (see `GameState::solo_margin`).
    pub fn margin(&self) -> Option<f64> {
        let solo = self.t.config.solo?;
        let score = self.score(0);
        Some(f64::from(match solo {
            // "If you have more credits than the Robot, you win!"
            Solo::Robot { .. } => score - self.robot_score(),
            // No Robot: the distance to the best grade, A+ (40).
            Solo::NoRobot => score - GRADES[0].1 + 1,
            Solo::Mission { mission, hard } => {
                let by_score = score - MISSION_SCORES[usize::from(mission - 1)] + 1;
                let by_robot = if hard {
                    score - self.robot_score()
                } else {
                    by_score
                };
                if self.mission_requirement_met(0, mission) {
                    by_score.min(by_robot)
                } else {
                    by_score.min(by_robot).min(0) - 1
                }
            }
        }))
    }

    /// The score of `seat`, line by line in the rulebook's categories.
    pub fn explain_score(&self, seat: Seat) -> ScoreBreakdown {
        let mut lines = Vec::new();
        let p = &self.t.players[seat];
        let thesis = if p.thesis == NONE {
            "no thesis".to_string()
        } else {
            let th = &self.cards.theses[usize::from(p.thesis)];
            format!(
                "{} ({} credits): {}",
                th.name,
                th.credits,
                if self.condition_met(seat, &th.condition) {
                    "met"
                } else {
                    "not met"
                }
            )
        };
        lines.push(ScoreLine {
            category: "Thesis".into(),
            points: self.thesis_credits(seat),
            detail: thesis,
        });
        let parts: Vec<String> = self
            .done(seat)
            .iter()
            .map(|d| {
                let c = self.proj(usize::from(d.card));
                // As the board draws a completed project: "Name 3cr +1 -1" (the legend:
                // "+N -N after a project: its extra-credit and demerit tokens").
                let mut s = format!("{} {}cr", c.name, c.credits);
                if d.credits > 0 {
                    s.push_str(&format!(" +{}", d.credits));
                }
                if d.demerits > 0 {
                    s.push_str(&format!(" -{}", d.demerits));
                }
                s
            })
            .collect();
        lines.push(ScoreLine {
            category: "Completed projects".into(),
            points: self
                .done(seat)
                .iter()
                .map(|d| self.project_credits(d))
                .sum(),
            detail: if parts.is_empty() {
                "none".into()
            } else {
                parts.join(", ")
            },
        });
        let v = self.unused_material_value(seat);
        lines.push(ScoreLine {
            category: "Physical Education".into(),
            points: v / PE_DOLLARS_PER_CREDIT,
            detail: if v == 0 {
                "no unused materials (in hand or under incomplete projects)".to_string()
            } else {
                format!(
                    "${v} of unused materials (in hand and under incomplete projects), 1 credit \
                     per $8"
                )
            },
        });
        let tokens_left: u32 = p
            .projects
            .iter()
            .map(|w| u32::from(w.credits) + u32::from(w.demerits))
            .sum();
        if tokens_left > 0 {
            lines.push(ScoreLine {
                category: "Tokens on incomplete projects".into(),
                points: 0,
                detail: if tokens_left == 1 {
                    "1 token not counted".to_string()
                } else {
                    format!("{tokens_left} tokens not counted")
                },
            });
        }
        let total = lines.iter().map(|l| l.points).sum();
        match self.t.config.solo {
            Some(Solo::Robot { .. }) => lines.push(ScoreLine {
                category: "Robot".into(),
                points: 0,
                detail: format!(
                    "the robot scores {} ({}): {}",
                    self.robot_score(),
                    self.robot_score_text(),
                    if total > self.robot_score() {
                        "you win"
                    } else {
                        "the robot wins"
                    }
                ),
            }),
            Some(Solo::NoRobot) => lines.push(ScoreLine {
                category: "Grade".into(),
                points: 0,
                detail: format!("grade {}", grade(total)),
            }),
            _ => {}
        }
        if let Some(mission) = self.t.config.mission_of(seat) {
            let mut detail = format!(
                "mission {mission}: {} — {}",
                MISSION_TEXT[usize::from(mission - 1)],
                if self.mission_met(seat) == Some(true) {
                    "met"
                } else {
                    "not met"
                }
            );
            if matches!(self.t.config.solo, Some(Solo::Mission { hard: true, .. })) {
                detail.push_str(&format!(" (robot scores {})", self.robot_score()));
            }
            lines.push(ScoreLine {
                category: "Mission".into(),
                points: 0,
                detail,
            });
        }
        ScoreBreakdown { total, lines }
    }
}
