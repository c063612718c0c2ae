//! "Step Three: Complete Projects" and "Step Four: End the Round": project order, Go First,
//! the completion bonus actions and their limits, studio challenges, the end of the round,
//! the day and the game.

use super::data::{AdvantageEffect, ChallengeKind};
use arrayvec::ArrayVec;

use super::state::{
    Bonus, CardId, ChallengeState, Completed, Phase, SunriseState, TurnStage, Work, ROUNDS_PER_DAY,
};
use crate::engine::{FixedVec, Seat};

/// A seat's completed projects counted for the studio challenges.
#[derive(Default)]
struct ChallengeTally {
    /// By resource index: clays 0–2 and glazes 3–5.
    by: [u8; 9],
    /// By project type.
    types: [u8; 5],
}

impl SunriseState {
    // ----- Step Three: Complete Projects ----------------------------------------------------

    /// "Determine Project Order": the lowest project number goes next, except that a
    /// revealed "Go First" makes its owner's next completed project go first.
    pub(super) fn next_completion(&mut self) {
        let mut best: Option<(bool, u8, Seat, CardId)> = None;
        for (s, p) in self.t.players.iter().enumerate() {
            for &c in &p.awaiting {
                let number = self.cards.projects[usize::from(c)].number;
                let key = (!p.go_first, number, s, c);
                if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                    best = Some(key);
                }
            }
        }
        let Some((_, _, seat, card)) = best else {
            self.end_round();
            return;
        };
        // "Complete a Project": return its resources to the personal supply and flip it.
        let project = &self.cards.projects[usize::from(card)];
        let glaze = project.glazes[0] as u8;
        let returned = project.icons.len() as u8;
        let p = &mut self.t.players[seat];
        p.go_first = false;
        if let Some(i) = p.awaiting.iter().position(|&c| c == card) {
            p.awaiting.remove(i);
        }
        p.supply += returned;
        p.completed.push(Completed { card, glaze });
        self.t.phase = Phase::Complete {
            seat: seat as u8,
            project: card,
            turn: TurnStage::ChooseBonus,
        };
    }

    pub(super) fn set_turn(&mut self, stage: TurnStage) {
        if let Phase::Complete { turn, .. } = &mut self.t.phase {
            *turn = stage;
        }
    }

    pub(super) fn choose_bonus(&mut self, seat: Seat, bonus: Bonus) {
        match bonus {
            Bonus::TakeTwoProjects => {
                self.set_turn(TurnStage::TakeProjects { remaining: 2 });
            }
            Bonus::AdvantageAndProject => {
                if !self.t.advantage_deck.is_empty() {
                    let card = self.t.advantage_deck.remove(0);
                    // Whoever tracked this card's place in the deck now knows who has it.
                    self.t.advantage_known[usize::from(card)] |= 1 << seat;
                    self.give_advantage(seat, card);
                }
                self.set_turn(TurnStage::TakeProjects { remaining: 1 });
            }
            Bonus::DrawThreeKeepOne => {
                let k = self.t.advantage_deck.len().min(3);
                let drawn: FixedVec<CardId, 3> = self.t.advantage_deck.take_front(k);
                for &c in &drawn {
                    // The others no longer know which of these was kept.
                    self.t.advantage_known[usize::from(c)] = 1 << seat;
                }
                match drawn.len() {
                    0 => return self.finish_bonus(seat),
                    1 => {
                        self.give_advantage(seat, drawn[0]);
                        return self.finish_bonus(seat);
                    }
                    _ => self.set_turn(TurnStage::KeepAdvantage { drawn }),
                }
            }
        }
        if matches!(bonus, Bonus::TakeTwoProjects | Bonus::AdvantageAndProject)
            && !self.t.row.iter().any(Option::is_some)
        {
            self.finish_bonus(seat);
        }
    }

    pub(super) fn take_project(&mut self, seat: Seat, space: usize) {
        let Some(card) = self.t.row[space].take() else {
            return;
        };
        let work = Work { card, filled: 0 };
        self.t.players[seat]
            .projects
            .insert_sorted_by_key(work, |w| w.card);
        let open = self.open_mask(&work, false);
        self.open_icons_changed(seat, Self::work_target(&work, false), 0, open);
        // "After taking each project, fill in the project row from the top of the deck."
        self.refill_row();
        if self.project_deck_ran_out() && self.t.row.iter().all(Option::is_none) {
            // "If the project deck and project row run out, the game ends at the end of the
            // current round, which is now the final round."
            self.t.final_round = true;
        }
        let remaining = match self.t.phase {
            Phase::Complete {
                turn: TurnStage::TakeProjects { remaining },
                ..
            } => remaining,
            _ => 1,
        };
        // The second project of "Take 2 Projects" comes only while the rules allow taking:
        // once the deck has run out, a player who now has a project may not take another.
        let may_continue = self.t.row.iter().any(Option::is_some) && !self.project_deck_ran_out();
        if remaining > 1 && may_continue {
            self.set_turn(TurnStage::TakeProjects {
                remaining: remaining - 1,
            });
        } else {
            self.finish_bonus(seat);
        }
    }

    pub(super) fn keep_advantage(&mut self, seat: Seat, keep: usize, order: usize) {
        let drawn = match &self.t.phase {
            Phase::Complete {
                turn: TurnStage::KeepAdvantage { drawn },
                ..
            } => *drawn,
            _ => return,
        };
        self.give_advantage(seat, drawn[keep]);
        let mut rest: ArrayVec<CardId, 2> = drawn
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != keep)
            .map(|(_, &c)| c)
            .collect();
        if order == 1 {
            rest.reverse();
        }
        // "Return the 2 unchosen advantage cards to the bottom of the deck face-down in
        // either order": the first listed goes to the bottom first.
        for c in rest {
            self.t.advantage_deck.push(c);
        }
        self.finish_bonus(seat);
    }

    /// After the bonus action: choose the glaze of a two-glaze project when a glaze
    /// challenge can still be completed, then check the studio challenges.
    pub(super) fn finish_bonus(&mut self, seat: Seat) {
        let Phase::Complete { project, .. } = self.t.phase else {
            return;
        };
        let two_glazes = self.cards.projects[usize::from(project)].glazes.len() == 2;
        let chosen = matches!(
            self.t.phase,
            Phase::Complete {
                turn: TurnStage::ChooseGlaze,
                ..
            }
        );
        if two_glazes && !chosen && self.glaze_matters(seat) {
            self.set_turn(TurnStage::ChooseGlaze);
            return;
        }
        self.check_challenges(seat);
        self.set_turn(TurnStage::Finish);
    }

    pub(super) fn glaze_matters(&self, seat: Seat) -> bool {
        self.t.challenges.iter().any(|c| {
            self.cards.challenges[usize::from(c.card)].kind.is_glaze() && !self.holds(c, seat)
        })
    }

    pub(super) fn holds(&self, c: &ChallengeState, seat: Seat) -> bool {
        c.high == Some(seat as u8) || c.low.contains(&(seat as u8))
    }

    /// "Complete a Studio Challenge": the first completer takes the higher space, later ones
    /// the lower; each challenge once per player.
    pub(super) fn check_challenges(&mut self, seat: Seat) {
        let due = self.challenges_due(seat);
        for (i, c) in self.t.challenges.iter_mut().enumerate() {
            if due & (1 << i) == 0 {
                continue;
            }
            if c.high.is_none() {
                c.high = Some(seat as u8);
            } else {
                c.low.push(seat as u8);
            }
        }
    }

    /// The challenges `seat` completes now (bit `i`: challenge `i`): met by its completed
    /// projects and not held by it yet. Taking one changes no other's answer.
    fn challenges_due(&self, seat: Seat) -> u32 {
        // The seat's completed projects are tallied once for all the challenges.
        let tally = self.challenge_tally(seat);
        self.t.challenges.iter().enumerate().fold(0, |due, (i, c)| {
            let met = !self.holds(c, seat) && self.tally_meets(&tally, usize::from(c.card));
            due | (u32::from(met) << i)
        })
    }

    /// The points `check_challenges` would give `seat` now: each challenge it completes on
    /// its higher space if that is free, else on the lower.
    pub(super) fn challenge_points_due(&self, seat: Seat) -> i32 {
        let due = self.challenges_due(seat);
        let challenges = self.t.challenges.iter().enumerate();
        let taken = challenges.filter(|&(i, _)| due & (1 << i) != 0);
        taken
            .map(|(_, c)| {
                let card = &self.cards.challenges[usize::from(c.card)];
                i32::from(if c.high.is_none() {
                    card.high
                } else {
                    card.low
                })
            })
            .sum()
    }

    /// Whether the seat's completed projects (never showpieces) meet a challenge (the tests'
    /// question; play asks [`Self::tally_meets`] of one tally for every challenge).
    #[cfg(test)]
    pub(crate) fn meets_challenge(&self, seat: Seat, challenge: usize) -> bool {
        self.tally_meets(&self.challenge_tally(seat), challenge)
    }

    /// The seat's completed projects counted by project type and by resource (clay and
    /// chosen glaze). Each project counts for one project type, one clay and its chosen glaze.
    fn challenge_tally(&self, seat: Seat) -> ChallengeTally {
        let mut tally = ChallengeTally::default();
        for c in &self.t.players[seat].completed {
            let p = &self.cards.projects[usize::from(c.card)];
            tally.types[p.kind as usize] += 1;
            tally.by[p.clay as usize] += 1;
            tally.by[usize::from(c.glaze).min(8)] += 1;
        }
        tally
    }

    fn tally_meets(&self, tally: &ChallengeTally, challenge: usize) -> bool {
        let ch = &self.cards.challenges[challenge];
        let clays = &tally.by[0..3];
        let glazes = &tally.by[3..6];
        let types = &tally.types;
        let need = ch.count;
        let distinct = |xs: &[u8]| xs.iter().filter(|&&x| x > 0).count() as u8;
        let most = |xs: &[u8]| xs.iter().copied().max().unwrap_or(0);
        match ch.kind {
            ChallengeKind::SameProjectType => most(types) >= need,
            ChallengeKind::SameClay => most(clays) >= need,
            ChallengeKind::SameGlaze => most(glazes) >= need,
            ChallengeKind::DifferentProjectTypes => distinct(types) >= need,
            ChallengeKind::DifferentClays => distinct(clays) >= need,
            ChallengeKind::DifferentGlazes => distinct(glazes) >= need,
        }
    }

    // ----- Step Four: End the Round ---------------------------------------------------------

    pub(super) fn end_round(&mut self) {
        if self.is_final_round() {
            self.game_over();
            return;
        }
        if self.t.round + 1 == ROUNDS_PER_DAY {
            // "Begin a New Day".
            self.t.day += 1;
            self.t.round = 0;
            self.begin_day();
        } else {
            self.t.round += 1;
            self.begin_round();
        }
    }

    /// "Game End & Scoring". End-game cards may be revealed "as late as game end & scoring",
    /// and any face-down card discarded "at any time before you reveal" it: each seat whose
    /// score these choices can change decides card by card, hidden from the others until
    /// every seat has chosen (as in step one).
    pub(super) fn game_over(&mut self) {
        self.next_final_chooser(0);
    }

    /// Whether `card` is an end-game advantage card (personal goal or coffee bean).
    pub(crate) fn is_end_game_card(&self, card: CardId) -> bool {
        matches!(
            self.cards.advantages[usize::from(card)].effect,
            AdvantageEffect::PersonalGoal { .. } | AdvantageEffect::CoffeeBean
        )
    }

    /// Whether some choice of reveals and discards at game end can change the seat's score:
    /// a coffee bean (it can decide the cup), a personal goal it meets, or discards that add
    /// a reserve point (two cards, or one onto an odd reserve, while a resource is left).
    /// Otherwise the decision is skipped: its end-game cards are revealed, the rest kept.
    pub(crate) fn final_choice_matters(&self, seat: Seat) -> bool {
        let p = &self.t.players[seat];
        if p.advantages.is_empty() {
            return false;
        }
        let reserve_point =
            self.token_available(seat) && (p.advantages.len() >= 2 || p.reserve % 2 == 1);
        reserve_point
            || p.advantages
                .iter()
                .any(|&c| match &self.cards.advantages[usize::from(c)].effect {
                    AdvantageEffect::CoffeeBean => true,
                    AdvantageEffect::PersonalGoal { types, points } => {
                        *points > 0 && self.goal_met(seat, types)
                    }
                    _ => false,
                })
    }

    /// The seat's lowest face-down advantage card not yet decided at game end.
    pub(crate) fn next_undecided(&self, seat: Seat) -> Option<CardId> {
        let p = &self.t.players[seat];
        let decided = p.final_choice.decided();
        p.advantages
            .iter()
            .copied()
            .find(|&c| decided & (1 << c) == 0)
    }

    /// The seat deciding at game end, if the game is there.
    pub(crate) fn final_choosing(&self) -> Option<Seat> {
        match self.t.phase {
            Phase::FinalChoices { seat } => Some(usize::from(seat)),
            _ => None,
        }
    }

    pub(super) fn record_final_choice(
        &mut self,
        seat: Seat,
        card: CardId,
        which: fn(&mut super::state::FinalChoice) -> &mut u32,
    ) {
        *which(&mut self.t.players[seat].final_choice) |= 1 << card;
        if self.next_undecided(seat).is_none() {
            self.next_final_chooser(seat + 1);
        }
    }

    pub(super) fn next_final_chooser(&mut self, from: Seat) {
        match (from..self.n()).find(|&s| self.final_choice_matters(s)) {
            Some(seat) => self.t.phase = Phase::FinalChoices { seat: seat as u8 },
            None => self.resolve_final_choices(),
        }
    }

    /// Every seat has chosen: the choices are carried out at once, then the game is scored.
    fn resolve_final_choices(&mut self) {
        let everyone = self.all_seats();
        for s in 0..self.n() {
            let choice = std::mem::take(&mut self.t.players[s].final_choice);
            // A seat that had no decision to make reveals its end-game cards (scoring them
            // changes nothing) and keeps the others face-down.
            let skipped = choice.decided() == 0;
            let hand = std::mem::take(&mut self.t.players[s].advantages);
            for &c in &hand {
                let bit = 1u32 << c;
                if choice.reveal & bit != 0 || (skipped && self.is_end_game_card(c)) {
                    self.t.players[s].revealed.push(c);
                    self.t.advantage_known[usize::from(c)] = everyone;
                } else if choice.discard & bit != 0 {
                    // Face-down to the bottom of the advantage deck, 1 resource to the reserve.
                    self.t.advantage_deck.push(c);
                    self.t.advantage_known[usize::from(c)] = 1 << s;
                    if self.take_token(s) {
                        self.t.players[s].reserve += 1;
                    }
                } else {
                    self.t.players[s].advantages.push(c);
                }
            }
        }
        self.t.phase = Phase::GameOver;
    }
}
