//! The public event lines of a move: its sentence, then what it made happen, in the order it
//! happens (the setup's reveal; the commit step's reveal, then the completions it caused; the
//! month's end; the robot's turn; the game's end). The table's log, the API's events and the
//! replays read these.

use super::data::Trigger;
use super::state::{Phase, SorceryState};
use crate::engine::{Action, GameState, Seat};

impl SorceryState {
    /// The lines every seat (or `viewer`) may read of `action`, played from this state.
    pub(crate) fn events(&self, action: Action, viewer: Option<Seat>) -> Vec<String> {
        let mut out = vec![self.public_action_string(action, viewer)];
        let mut after = self.clone();
        if after.apply_action(action).is_err() {
            return out;
        }
        if matches!(self.t.phase, Phase::Setup { .. })
            && !matches!(after.t.phase, Phase::Setup { .. })
        {
            out.push(after.setup_reveal_event());
        }
        // The reveal comes first: the completions it causes follow from it.
        if matches!(self.t.phase, Phase::Commit { .. })
            && !matches!(after.t.phase, Phase::Commit { .. })
        {
            out.push(self.commit_reveal_event());
        }
        for s in 0..self.n() {
            let before = self.t.players[s].completed.len();
            for d in after.t.players[s].completed[before..].iter() {
                out.push(self.completion_event(s, d.card));
            }
        }
        if after.t.month != self.t.month {
            out.push(after.month_end_event());
        }
        if after.t.robot != self.t.robot {
            out.push(after.robot_turn_text(&self.t.robot));
        }
        if after.is_terminal() {
            out.push(after.game_over_line());
        }
        out
    }

    /// "Player Setup" 2–3, once every seat has chosen (called on the state after it): "Each
    /// player keeps one project face-up in front of them" — which one each keeps (and its
    /// staff, face-up too) is public now; the returned project went face-down under the deck
    /// and is not named, nor is the thesis kept face-down.
    fn setup_reveal_event(&self) -> String {
        let keeps: Vec<String> = (0..self.n())
            .map(|s| {
                let p = &self.t.players[s];
                let mut kept: Vec<String> = p
                    .projects
                    .iter()
                    .map(|w| format!("the project {}", self.proj(usize::from(w.card)).name))
                    .collect();
                if let Some(staff) = self.cards.staffs.get(usize::from(p.staff)) {
                    kept.push(format!("the staff {}", staff.name));
                }
                let what = if kept.is_empty() {
                    "nothing face-up".to_string()
                } else {
                    kept.join(" and ")
                };
                if self.n() == 1 {
                    format!("you keep {what}")
                } else {
                    format!("seat {s} keeps {what}")
                }
            })
            .collect();
        format!("Setup is done: {}", keeps.join("; "))
    }

    /// "II. Commit Step", once every seat has committed (called on the state before the
    /// move that ends it, which holds every pending commit): each seat's commits are
    /// revealed, so the line says which material went under which project for which icon.
    /// They are named in card order, not in the order they were chosen (the reveal is at
    /// once: the order stays unknown), and an extra-commit staff used among them is not
    /// named (its flip is shown on the board; after the last week it is face-up again at
    /// once, and the line would tell more than the table does).
    fn commit_reveal_event(&self) -> String {
        let solo = self.n() == 1;
        let mut done = Vec::new();
        let mut idle = Vec::new();
        for s in self.turn_order() {
            let mut commits = self.t.players[s].pending.to_vec();
            commits.sort_by_key(|c| c.material);
            let puts: Vec<String> = commits
                .iter()
                .map(|c| {
                    let material = self
                        .cards
                        .materials
                        .get(usize::from(c.material))
                        .map_or("a material", |m| m.name.as_str());
                    format!(
                        "{material} under {} as its {}",
                        self.proj(usize::from(c.project)).name,
                        Self::icon(usize::from(c.icon).min(7)).label()
                    )
                })
                .collect();
            if puts.is_empty() {
                idle.push(s);
            } else if solo {
                done.push(format!("you put {}", listed(&puts)));
            } else {
                done.push(format!("seat {s} puts {}", listed(&puts)));
            }
        }
        if solo {
            let what = done.pop().unwrap_or_else(|| "you commit nothing".into());
            return format!("The commit step ends: {what}");
        }
        if done.is_empty() {
            return "Every seat has committed: no seat committed anything".into();
        }
        match idle.as_slice() {
            [] => {}
            [s] => done.push(format!("seat {s} commits nothing")),
            seats => {
                let seats: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
                done.push(format!("seats {} commit nothing", listed(&seats)));
            }
        }
        format!(
            "Every seat has committed, and the commits are revealed: {}",
            done.join("; ")
        )
    }

    /// "Seat 1 completes Lantern Hex", with what a project does once as it completes (the
    /// checkmark: "III. Complete Projects"), so the log tells why a hand or the stock moved.
    fn completion_event(&self, seat: Seat, card: u8) -> String {
        let project = self.proj(usize::from(card));
        match &project.ability {
            Some(a) if a.trigger == Trigger::OnComplete => format!(
                "Seat {seat} completes {} — when completed: {}",
                project.name,
                Self::effect_text(&a.effect)
            ),
            _ => format!("Seat {seat} completes {}", project.name),
        }
    }

    /// What "End of Month" did (called on the state after it): the first player token passed,
    /// a grave card onto each pile, the market updated, staffs face-up again, solo's five
    /// grave cards to the discard; then the new month.
    fn month_end_event(&self) -> String {
        let level = if self.t.month == 1 { 200 } else { 300 };
        let mut text = format!(
            "End of month {}: seat {} takes the first player token, a grave card joins each \
             pile, the market's left column returns to its decks and new {level}-level \
             projects fill the right",
            self.t.month, self.t.first
        );
        if self.t.config.staffs {
            text.push_str("; staffs are face-up again");
        }
        if self.n() == 1 {
            text.push_str("; the top 5 grave cards go to the discard");
        }
        text.push_str(&format!(". Month {} begins", self.t.month + 1));
        text
    }
}

/// "a, b and c".
fn listed(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
