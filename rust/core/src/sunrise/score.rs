//! How the game ends and is scored ("Game End & Scoring"), with a line-by-line explanation
//! that adds up to the score, and the tiebreaker.

use super::data::{AdvantageEffect, MAX_ICONS};
use super::state::{SunriseState, MAX_SUNRISE_PLAYERS};
use crate::engine::{PerSeat, Seat};

/// One line of a score explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreLine {
    /// The rulebook's scoring category.
    pub category: String,
    /// Points this line contributes (may be negative).
    pub points: i32,
    /// What produced them, e.g. "2 + 4 + 5 + 5 + 9".
    pub detail: String,
}

/// A seat's score, explained; `total` is the sum of the lines' points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreBreakdown {
    /// The score.
    pub total: i32,
    /// The lines, in the order of the rulebook's scoring example.
    pub lines: Vec<ScoreLine>,
}

/// "Cup of Coffee — 3 points for the winner of the cup of coffee."
pub const CUP_OF_COFFEE_POINTS: i32 = 3;

/// The seat with the most `beans` (one entry per seat), if exactly one has the most and it
/// is more than none.
fn cup_winner(beans: &[u32]) -> Option<Seat> {
    let most = *beans.iter().max()?;
    let mut leaders = (0..beans.len()).filter(|&s| beans[s] == most);
    let first = leaders.next()?;
    if leaders.next().is_some() || most == 0 {
        None
    } else {
        Some(first)
    }
}

/// The number of filled icons of a work's `filled` mask (a work has at most `MAX_ICONS`), read
/// from a table: the count is in greedy play's hot path, and a portable build has no
/// population-count instruction.
pub(super) fn icons_filled(filled: u8) -> u8 {
    const COUNTS: [u8; 1 << MAX_ICONS] = {
        let mut counts = [0u8; 1 << MAX_ICONS];
        let mut mask = 0;
        while mask < 1 << MAX_ICONS {
            counts[mask] = (mask as u8).count_ones() as u8;
            mask += 1;
        }
        counts
    };
    COUNTS[usize::from(filled) & ((1 << MAX_ICONS) - 1)]
}

fn joined(parts: &[i32]) -> String {
    if parts.is_empty() {
        return "none".to_string();
    }
    let mut s = String::new();
    for (i, p) in parts.iter().enumerate() {
        if i == 0 {
            s.push_str(&p.to_string());
        } else if *p < 0 {
            s.push_str(&format!(" - {}", -p));
        } else {
            s.push_str(&format!(" + {p}"));
        }
    }
    s
}

impl SunriseState {
    /// Coffee beans on completed projects, completed showpieces and revealed coffee beans
    /// ("Award the Cup of Coffee").
    pub fn coffee_beans(&self, seat: Seat) -> u32 {
        let p = &self.t.players[seat];
        let projects: u32 = p
            .completed
            .iter()
            .map(|c| u32::from(self.cards.projects[usize::from(c.card)].beans))
            .sum();
        let showpieces: u32 = p
            .completed_showpieces
            .iter()
            .map(|&c| match self.cards.advantages[usize::from(c)].effect {
                AdvantageEffect::Showpiece { beans, .. } => u32::from(beans),
                _ => 0,
            })
            .sum();
        let cards = p
            .revealed
            .iter()
            .filter(|&&c| {
                self.cards.advantages[usize::from(c)].effect == AdvantageEffect::CoffeeBean
            })
            .count() as u32;
        projects + showpieces + cards
    }

    /// The seat holding the cup of coffee: the unique player with the most beans (a tie for
    /// the most means nobody wins it).
    pub fn cup_of_coffee(&self) -> Option<Seat> {
        let beans: PerSeat<u32> = (0..self.n()).map(|s| self.coffee_beans(s)).collect();
        cup_winner(&beans)
    }

    // Each scoring category of "Final Scoring" as the parts that add up to it, so the
    // explanation and the fast total share one definition.

    /// "Projects — points for completed projects."
    fn completed_project_points(&self, seat: Seat) -> impl Iterator<Item = i32> + '_ {
        self.t.players[seat]
            .completed
            .iter()
            .map(|c| i32::from(self.cards.projects[usize::from(c.card)].points))
    }

    /// "-1 per in-progress project; 1 per resource on in-progress projects" (projects waiting
    /// for step three are still on their in-progress side).
    fn in_progress_project_parts(&self, seat: Seat) -> impl Iterator<Item = i32> + '_ {
        let p = &self.t.players[seat];
        let on_table = p.projects.iter().map(|w| w.filled.count_ones() as usize);
        let waiting = p
            .awaiting
            .iter()
            .map(|&c| self.cards.projects[usize::from(c)].icons.len());
        on_table
            .chain(waiting)
            .flat_map(|resources| std::iter::once(-1).chain(std::iter::repeat_n(1, resources)))
    }

    /// "Studio Challenges — points for each of your small tiles."
    fn challenge_tile_points(&self, seat: Seat) -> impl Iterator<Item = i32> + '_ {
        self.t.challenges.iter().filter_map(move |c| {
            let card = &self.cards.challenges[usize::from(c.card)];
            if c.high == Some(seat as u8) {
                Some(i32::from(card.high))
            } else if c.low.contains(&(seat as u8)) {
                Some(i32::from(card.low))
            } else {
                None
            }
        })
    }

    /// "Advantage Cards — points for completed end game goals": a revealed personal goal
    /// scores once if at least one project of each type shown is completed.
    fn end_game_goal_points(&self, seat: Seat) -> impl Iterator<Item = i32> + '_ {
        self.t.players[seat].revealed.iter().filter_map(move |&c| {
            let AdvantageEffect::PersonalGoal { types, points } =
                &self.cards.advantages[usize::from(c)].effect
            else {
                return None;
            };
            self.goal_met(seat, types).then_some(i32::from(*points))
        })
    }

    /// "Personal Goal: ... if you completed at least 1 of each project type shown."
    pub(crate) fn goal_met(&self, seat: Seat, types: &[super::data::ProjectType]) -> bool {
        types.iter().all(|t| {
            self.t.players[seat]
                .completed
                .iter()
                .any(|d| self.cards.projects[usize::from(d.card)].kind == *t)
        })
    }

    /// "Showpieces — points for completed showpieces."
    fn completed_showpiece_points(&self, seat: Seat) -> impl Iterator<Item = i32> + '_ {
        self.t.players[seat].completed_showpieces.iter().map(|&c| {
            match self.cards.advantages[usize::from(c)].effect {
                AdvantageEffect::Showpiece { points, .. } => i32::from(points),
                _ => 0,
            }
        })
    }

    /// "1 per resource on in-progress showpieces" (incomplete ones cost nothing).
    fn resources_on_showpieces(&self, seat: Seat) -> i32 {
        let p = &self.t.players[seat];
        p.showpieces
            .iter()
            .map(|w| i32::from(icons_filled(w.filled)))
            .sum()
    }

    /// "Cup of Coffee — 3 points for the winner of the cup of coffee."
    fn cup_points(&self, seat: Seat, cup: Option<Seat>) -> i32 {
        if cup == Some(seat) {
            CUP_OF_COFFEE_POINTS
        } else {
            0
        }
    }

    /// The score of `seat`, explained line by line ("Final Scoring"). Before the end it is
    /// the running score, counting only revealed end-game cards.
    pub fn explain_score(&self, seat: Seat) -> ScoreBreakdown {
        let mut lines = Vec::with_capacity(8);
        let mut line = |category: &str, parts: Vec<i32>, detail: Option<String>| {
            lines.push(ScoreLine {
                category: category.to_string(),
                points: parts.iter().sum(),
                detail: detail.unwrap_or_else(|| joined(&parts)),
            });
        };
        line(
            "Completed Projects",
            self.completed_project_points(seat).collect(),
            None,
        );
        line(
            "In-Progress Projects",
            self.in_progress_project_parts(seat).collect(),
            None,
        );
        line(
            "Completed Studio Challenges",
            self.challenge_tile_points(seat).collect(),
            None,
        );
        line(
            "Completed End Game Goals",
            self.end_game_goal_points(seat).collect(),
            None,
        );
        line(
            "Completed Showpieces",
            self.completed_showpiece_points(seat).collect(),
            None,
        );
        let on_showpieces = self.resources_on_showpieces(seat);
        line(
            "In-Progress Showpieces",
            vec![on_showpieces],
            Some(format!(
                "{on_showpieces} resource(s) on in-progress showpieces"
            )),
        );
        // Reserve: 1 point for every 2 resources, rounded down.
        let reserve = i32::from(self.t.players[seat].reserve);
        line(
            "Reserve",
            vec![reserve / 2],
            Some(format!("{reserve} ÷ 2 = {} (rounded down)", reserve / 2)),
        );
        let beans = self.coffee_beans(seat);
        let cup = self.cup_of_coffee();
        let detail = match cup {
            Some(s) if s == seat => format!("most coffee beans ({beans})"),
            Some(s) => format!("{beans} bean(s); seat {s} has the most"),
            None => format!("{beans} bean(s); tied for the most, nobody wins the cup"),
        };
        line(
            "Cup of Coffee",
            vec![self.cup_points(seat, cup)],
            Some(detail),
        );
        let total = lines.iter().map(|l| l.points).sum();
        ScoreBreakdown { total, lines }
    }

    /// Every seat's (running) score.
    ///
    /// The hot path of greedy play (one call per candidate move): each seat is scored in one
    /// pass over its cards, reading what each card adds from the card set's score tables,
    /// and the beans counted on the way decide the cup. `explain_score` adds up the same
    /// categories line by line from the cards themselves (tests hold the two equal).
    pub fn all_scores(&self) -> PerSeat<i32> {
        let n = self.n();
        let mut totals = [0i32; MAX_SUNRISE_PLAYERS];
        let mut beans = [0u32; MAX_SUNRISE_PLAYERS];
        for seat in 0..n {
            (totals[seat], beans[seat]) = self.own_cards_score(seat);
        }
        // "Studio Challenges — points for each of your small tiles", in one pass over the
        // tiles (a seat holds at most one tile of a challenge: `validate`).
        for c in self.t.challenges.iter() {
            let card = &self.cards.challenges[usize::from(c.card)];
            if let Some(high) = c.high {
                totals[usize::from(high)] += i32::from(card.high);
            }
            for &low in c.low.iter() {
                totals[usize::from(low)] += i32::from(card.low);
            }
        }
        if let Some(winner) = cup_winner(&beans[..n]) {
            totals[winner] += CUP_OF_COFFEE_POINTS;
        }
        totals[..n].iter().copied().collect()
    }

    /// The score of `seat` from its own cards and reserve (every category of `explain_score`
    /// but the challenges and the cup, the in-progress ones summed per work rather than part
    /// by part), and its coffee beans.
    fn own_cards_score(&self, seat: Seat) -> (i32, u32) {
        let p = &self.t.players[seat];
        let table = &self.cards.score_table;
        let mut total = i32::from(p.reserve) / 2;
        let mut beans = 0u32;
        let mut completed_types = 0u8;
        for c in p.completed.iter() {
            let project = &table.projects[usize::from(c.card)];
            total += project.points;
            beans += project.beans;
            completed_types |= project.kind_bit;
        }
        // "-1 per in-progress project; 1 per resource on in-progress projects".
        for w in p.projects.iter() {
            total += i32::from(icons_filled(w.filled)) - 1;
        }
        for &c in p.awaiting.iter() {
            total += table.projects[usize::from(c)].full_in_progress;
        }
        // A personal goal scores if a project of each type shown is completed.
        for &c in p.revealed.iter() {
            let card = &table.advantages[usize::from(c)];
            beans += card.revealed_beans;
            if card.goal_types & !completed_types == 0 {
                total += card.goal_points;
            }
        }
        for &c in p.completed_showpieces.iter() {
            let card = &table.advantages[usize::from(c)];
            total += card.showpiece_points;
            beans += card.showpiece_beans;
        }
        (total + self.resources_on_showpieces(seat), beans)
    }

    /// Seats from first to last. "Tiebreaker": among tied scores, the player with the
    /// completed project of the lowest project number (starting projects excluded) wins;
    /// players still tied (or with no such project) keep seat order.
    pub fn final_ranking(&self) -> PerSeat<Seat> {
        let scores = self.all_scores();
        let lowest = |s: Seat| {
            self.t.players[s]
                .completed
                .iter()
                .map(|c| &self.cards.projects[usize::from(c.card)])
                .filter(|p| !p.starting)
                .map(|p| p.number)
                .min()
                .unwrap_or(u8::MAX)
        };
        let mut seats: PerSeat<Seat> = (0..self.n()).collect();
        seats.sort_by_key(|&s| (std::cmp::Reverse(scores[s]), lowest(s), s));
        seats
    }
}

#[cfg(test)]
mod tests {
    use super::joined;

    #[test]
    fn details_read_like_the_rulebook() {
        assert_eq!(joined(&[2, 4, 5, 5, 9]), "2 + 4 + 5 + 5 + 9");
        assert_eq!(joined(&[-1, 1, 1]), "-1 + 1 + 1");
        assert_eq!(joined(&[]), "none");
    }
}
