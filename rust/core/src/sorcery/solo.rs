//! The solo robot ("Solo Mode", "Solo Difficulty Levels", "No Robot Solo Variant"): after
//! each of the player's turns it draws a grave card and acts on its top icon.
//!
//! Reading of the table: the rulebook's rows are "-1", "Mushroom / S (Skull)", "Ring",
//! "Hand", "Rib Cage", "Skull" — six rows for the six grave icons, with the icon pictures
//! lost in the text. We read the first row ("-1") as the Limb (the one grave icon no other
//! row names), the second as the Mushroom, and the last as the Skull.

use super::config::{Difficulty, Solo};
use super::data::Icon;
use super::state::{ids, Materials, RobotTurn, SorceryState, MARKET, NONE};

impl SorceryState {
    /// "At the end of your turn you must draw one card from the grave deck and perform the
    /// following action based on the top icon on that grave card."
    pub(crate) fn robot_turn(&mut self) {
        let Some(card) = self.draw_grave() else {
            return;
        };
        let all = self.all_seats();
        self.t.known[card] = all;
        self.t.robot.last = RobotTurn {
            card: Some(card as u8),
            pile: None,
            row: None,
            cleared: [NONE; 3],
        };
        let pile_len = |s: &Self, k: usize| s.t.piles[k].count_ones();
        match self.mat(card).top {
            Some(Icon::Limb) => {
                // Add the left grave pile to the Robot's Materials; 1 card to the left pile.
                self.robot_takes(0);
                self.pile_add(0);
            }
            Some(Icon::Mushroom) => {
                // The pile with the most cards (the leftmost if tied); 1 card to it and to
                // each pile to its left.
                let mut k = 0;
                for j in 1..3 {
                    if pile_len(self, j) > pile_len(self, k) {
                        k = j;
                    }
                }
                self.robot_takes(k);
                for j in 0..=k {
                    self.pile_add(j);
                }
            }
            Some(Icon::Ring) => {
                self.robot_takes(1);
                self.pile_add(0);
                self.pile_add(1);
            }
            Some(Icon::Hand) => self.robot_clears(0),
            Some(Icon::RibCage) => {
                self.robot_takes(2);
                for j in 0..3 {
                    self.pile_add(j);
                }
            }
            Some(Icon::Skull) => self.robot_clears(1),
            _ => {}
        }
        // "After performing the card's action, add the revealed grave card to the Robot's
        // materials." Easy: to the discard instead; No Robot: there is no robot area.
        let keep = self.t.config.robot() && self.t.config.difficulty() != Difficulty::Easy;
        if keep {
            self.t.robot.materials |= 1u128 << card;
        } else {
            self.discard_card(card);
        }
    }

    /// The robot takes grave pile `k` (No Robot: the pile is discarded). Hard: 3 tokens for a
    /// one-card pile.
    fn robot_takes(&mut self, k: usize) {
        let pile: Materials = std::mem::take(&mut self.t.piles[k]);
        self.t.robot.last.pile = Some(k as u8);
        let all = self.all_seats();
        if matches!(self.t.config.solo, Some(Solo::NoRobot)) {
            for c in ids(pile) {
                self.discard_card(c);
            }
            return;
        }
        for c in ids(pile) {
            self.t.known[c] = all;
        }
        self.t.robot.materials |= pile;
        if pile.count_ones() == 1 && self.t.config.difficulty() >= Difficulty::Hard {
            self.t.robot.tokens = self.t.robot.tokens.saturating_add(3);
        }
    }

    /// The robot puts a row of the market (0 top, 1 bottom) at the bottom of the decks and
    /// replaces it. Extra Hard: a token each time it clears cards.
    fn robot_clears(&mut self, row: usize) {
        let mut cleared = false;
        self.t.robot.last.row = Some(row as u8);
        for (n, i) in (row..MARKET).step_by(2).enumerate() {
            self.t.robot.last.cleared[n] = self.t.market[i];
            if self.t.market[i] != NONE {
                cleared = true;
                self.clear_space(i);
            }
        }
        if cleared && self.t.config.difficulty() == Difficulty::ExtraHard {
            self.t.robot.tokens = self.t.robot.tokens.saturating_add(1);
        }
    }

    /// "The Robot's score is the sum of the trade value of all the grave cards divided by 2
    /// and rounded up", plus its tokens.
    pub fn robot_score(&self) -> i32 {
        let v = i32::from(self.value_of(self.t.robot.materials));
        (v + 1) / 2 + i32::from(self.t.robot.tokens)
    }

    /// How the robot's score is made, in the rulebook's terms and only with the terms that
    /// are there: "$5 of grave cards / 2, rounded up", "+ 1 token", "no grave cards".
    pub(crate) fn robot_score_text(&self) -> String {
        let robot = &self.t.robot;
        let cards = if robot.materials == 0 {
            "no grave cards".to_string()
        } else {
            format!(
                "${} of grave cards / 2, rounded up",
                self.value_of(robot.materials)
            )
        };
        match robot.tokens {
            0 => cards,
            1 => format!("{cards}, + 1 token"),
            n => format!("{cards}, + {n} tokens"),
        }
    }
}

impl SorceryState {
    /// The robot's last turn in one sentence, on the state after it (`before`: its area
    /// before the turn): the card revealed, what its top icon made it do, its score.
    pub(crate) fn robot_turn_text(&self, before: &super::state::Robot) -> String {
        let robot = &self.t.robot;
        let last = robot.last;
        let mut text = match last.card {
            Some(c) if last != before.last || robot.materials != before.materials => {
                let card = self.mat(usize::from(c));
                let top = card.top.map_or("no icon", |i| i.label());
                format!("The robot reveals {} (top icon {top})", card.name)
            }
            _ => "The robot's area changes".to_string(),
        };
        if let Some(k) = last.pile {
            let revealed = last.card.map_or(0, |c| 1u128 << c);
            let taken: Vec<String> = ids(robot.materials & !before.materials & !revealed)
                .map(|m| self.mat(m).name.clone())
                .collect();
            let what = if taken.is_empty() {
                "nothing".to_string()
            } else {
                taken.join(", ")
            };
            text.push_str(&format!(" and takes grave pile {} ({what})", k + 1));
        }
        if let Some(row) = last.row {
            let names: Vec<String> = last
                .cleared
                .iter()
                .filter(|&&c| c != NONE)
                .map(|&c| self.proj(usize::from(c)).name.clone())
                .collect();
            let which = if row == 0 { "top" } else { "bottom" };
            if names.is_empty() {
                text.push_str(&format!(" and finds the {which} market row empty"));
            } else {
                text.push_str(&format!(
                    " and clears the {which} market row ({}) to the bottom of the decks",
                    names.join(", ")
                ));
            }
        }
        let gained = robot.tokens.saturating_sub(before.tokens);
        match gained {
            0 => {}
            1 => text.push_str(", gaining 1 token"),
            n => text.push_str(&format!(", gaining {n} tokens")),
        }
        text.push_str(&format!(
            "; it now scores {} ({})",
            self.robot_score(),
            self.robot_score_text()
        ));
        text
    }
}
