//! What a move makes happen, told as the table sees it: the move's public sentence, then one
//! sentence per public consequence, in the order they happen (for the table-side event log,
//! never the hot loop). The move is applied to a clone and the two tables are compared; only
//! what is face-up is told, so no viewer reads a hidden card.

use super::actions::{decode, Move};
use super::data::AdvantageEffect;
use super::observe::ROUND_NAMES;
use super::state::{CardId, SunriseState};
use crate::engine::{Action, GameState, Seat};

/// "seats 0 and 1", "seats 0, 1 and 2".
fn seat_list(seats: &[Seat]) -> String {
    let names: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

impl SunriseState {
    /// The events of the legal `action` as `viewer` (`None`: a spectator) may read them.
    pub(crate) fn events(&self, action: Action, viewer: Option<Seat>) -> Vec<String> {
        let mut out = vec![self.public_action_string(action, viewer)];
        if !self.is_legal(action) {
            return out;
        }
        let Some(actor) = self.actor() else {
            return out;
        };
        let mut after = self.clone();
        after.apply_move(action);

        // A card turned face-up during a turn ("Reveal the card by placing it face-up").
        if let (Some(Move::Reveal(card)), None) = (decode(action), self.final_choosing()) {
            out.push(self.reveal_sentence(actor, card as CardId));
        }
        // Projects completed ("When you place resources on every icon on an in-progress
        // project, you complete the project") and showpieces completed.
        for s in 0..self.n() {
            let (b, a) = (&self.t.players[s], &after.t.players[s]);
            for &c in a.awaiting.iter().filter(|c| !b.awaiting.contains(c)) {
                let p = &self.cards.projects[usize::from(c)];
                out.push(format!(
                    "Seat {s} completes {} (#{}, {} pts)",
                    p.name, p.number, p.points
                ));
            }
            for &c in a
                .completed_showpieces
                .iter()
                .filter(|c| !b.completed_showpieces.contains(c))
            {
                let card = &self.cards.advantages[usize::from(c)];
                let points = match card.effect {
                    AdvantageEffect::Showpiece { points, .. } => points,
                    _ => 0,
                };
                out.push(format!(
                    "Seat {s} completes the showpiece {} ({points} pts)",
                    card.name
                ));
            }
        }
        // Studio challenge tiles.
        for (i, c) in after.t.challenges.iter().enumerate() {
            let old = &self.t.challenges[i];
            let card = &self.cards.challenges[usize::from(c.card)];
            if let (Some(s), None) = (c.high, old.high) {
                out.push(format!(
                    "Seat {s} takes the higher space of the challenge \"{}\" (+{} pts)",
                    card.name, card.high
                ));
            }
            for s in c.low.iter().filter(|s| !old.low.contains(s)) {
                out.push(format!(
                    "Seat {s} takes the lower space of the challenge \"{}\" (+{} pts)",
                    card.name, card.low
                ));
            }
        }
        // A new round (the first round of a new day too).
        if !after.is_terminal() && (after.t.day, after.t.round) != (self.t.day, self.t.round) {
            out.push(format!(
                "Day {}, {} begins",
                after.t.day + 1,
                ROUND_NAMES[usize::from(after.t.round.min(2))]
            ));
        }
        if after.is_terminal() && !self.is_terminal() {
            after.tell_game_end(self, &mut out);
        }
        out
    }

    fn reveal_sentence(&self, seat: Seat, card: CardId) -> String {
        format!(
            "Seat {seat} reveals {}",
            self.cards.advantages[usize::from(card)].name
        )
    }

    /// "Game End & Scoring": cards revealed at the end, the cup of coffee, the winner.
    pub(super) fn tell_game_end(&self, before: &SunriseState, out: &mut Vec<String>) {
        for s in 0..self.n() {
            let old = &before.t.players[s].revealed;
            for &c in self.t.players[s]
                .revealed
                .iter()
                .filter(|c| !old.contains(c))
            {
                out.push(self.reveal_sentence(s, c));
            }
        }
        let beans: Vec<u32> = (0..self.n()).map(|s| self.coffee_beans(s)).collect();
        let most = beans.iter().copied().max().unwrap_or(0);
        match self.cup_of_coffee() {
            Some(s) => out.push(format!("The cup of coffee goes to seat {s} ({most} beans)")),
            None => {
                let tied: Vec<Seat> = (0..self.n()).filter(|&s| beans[s] == most).collect();
                out.push(format!(
                    "Nobody wins the cup of coffee: seats {} tie on {most} beans",
                    seat_list(&tied)
                ));
            }
        }
        let scores = self.scores();
        let ranking = self.ranking();
        let winner = ranking[0];
        let top = scores[winner];
        let tied: Vec<Seat> = ranking
            .iter()
            .copied()
            .filter(|&s| scores[s] == top)
            .collect();
        if tied.len() == 1 {
            out.push(format!("The game ends: seat {winner} wins with {top} pts"));
            return;
        }
        // "Tiebreaker": the lowest completed project number, starting projects excluded.
        let lowest = |s: Seat| {
            self.t.players[s]
                .completed
                .iter()
                .map(|c| &self.cards.projects[usize::from(c.card)])
                .filter(|p| !p.starting)
                .map(|p| p.number)
                .min()
        };
        let how = match (lowest(winner), lowest(tied[1])) {
            (Some(x), Some(y)) => format!("seat {winner} wins with project #{x} before #{y}"),
            (Some(x), None) => format!(
                "seat {winner} wins with project #{x} (seat {} completed none that counts)",
                tied[1]
            ),
            _ => format!("the tiebreaker cannot separate them: seat {winner} wins by seat order"),
        };
        out.push(format!("Seats {} tie on {top}: {how}", seat_list(&tied)));
    }
}
