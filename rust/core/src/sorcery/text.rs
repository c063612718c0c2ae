//! The sentence of every action, and its public form for the other seats.

use super::actions::{decode, Move};
use super::state::{Phase, SorceryState, Stage, NONE};
use crate::engine::{Action, Seat};

impl SorceryState {
    fn project_label(&self, id: usize) -> String {
        match self.cards.projects.get(id) {
            Some(p) => format!(
                "{} (#{id}, {} {}, ${}, {} credits)",
                p.name,
                p.department.name(),
                p.level,
                p.cost,
                p.credits
            ),
            None => format!("project {id}"),
        }
    }

    /// "Ring Finger (#31, $2, Ring/Hand)", with its conditional tokens when it has them:
    /// "Grave Goods (#62, $3, Skull/Ring, -1 if Skull)" ("Credit and Demerit
    /// Tokens": used for that icon, the card gives the token), so a player choosing a card
    /// to commit or to pay with sees what the board shows on its face.
    fn material_label(&self, id: usize) -> String {
        let Some(m) = self.cards.materials.get(id) else {
            return format!("material {id}");
        };
        let names = |mask: u8| -> String {
            (0..8)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| Self::icon(i).label())
                .collect::<Vec<_>>()
                .join("/")
        };
        let mut parts = vec![format!("#{id}"), format!("${}", m.value)];
        for (mask, prefix) in [(m.icons, ""), (m.credit, "+1 if "), (m.demerit, "-1 if ")] {
            if mask != 0 {
                parts.push(format!("{prefix}{}", names(mask)));
            }
        }
        format!("{} ({})", m.name, parts.join(", "))
    }

    fn thesis_label(&self, id: u8) -> String {
        match self.cards.theses.get(usize::from(id)) {
            Some(t) => format!(
                "{} ({} credits: {})",
                t.name,
                t.credits,
                super::faces::condition_text(&t.condition)
            ),
            None => "no thesis".into(),
        }
    }

    fn staff_label(&self, id: u8) -> String {
        match self.cards.staffs.get(usize::from(id)) {
            Some(s) => format!("{} ({})", s.name, Self::effect_text(&s.effect)),
            None => "no staff".into(),
        }
    }

    /// Whether putting a material under `project` now adds a demerit: "Alchemy: if you
    /// commit an additional material in the same commit phase or cram action you must add a
    /// demerit token to the project card" (a cram counts its puts on the project, the
    /// commit step its pending commits).
    fn alchemy_demerit(&self, seat: Seat, project: usize) -> bool {
        let Some(card) = self.cards.projects.get(project) else {
            return false;
        };
        if card.department != super::data::Department::Alchemy {
            return false;
        }
        let p = &self.t.players[seat];
        if self.t.turn.stage == Stage::CramTarget {
            p.projects
                .iter()
                .any(|w| usize::from(w.card) == project && w.batch > 0)
        } else {
            p.pending.iter().any(|c| usize::from(c.project) == project)
        }
    }

    /// The full sentence of `action` for the seat to act.
    pub(crate) fn describe(&self, action: Action) -> String {
        let Some(m) = decode(action) else {
            return format!("action {action} (outside the action space)");
        };
        let seat = self.actor().unwrap_or(0).min(self.n() - 1);
        let p = &self.t.players[seat];
        let t = &self.t.turn;
        match m {
            Move::PickThesis(i) => format!(
                "Keep thesis {}; return {} to the box",
                self.thesis_label(p.thesis_offer[i]),
                self.thesis_label(p.thesis_offer[1 - i])
            ),
            Move::PickProject(i) => format!(
                "Keep project {}; return {} to the bottom of the 100-level deck",
                self.project_label(usize::from(p.project_offer[i])),
                self.project_label(usize::from(p.project_offer[1 - i]))
            ),
            Move::PickStaff(i) => format!(
                "Keep staff {}; return {} to the box",
                self.staff_label(p.staff_offer[i]),
                self.staff_label(p.staff_offer[1 - i])
            ),
            // Cramming with nothing to commit is legal ("up to two materials", I.A) but spends
            // the turn's action: the acting seat is told, from its own hand.
            Move::Cram if !self.can_commit_any(seat) => {
                "Cram: commit nothing (no material in your hand fits an open icon)".into()
            }
            Move::Cram => "Cram: commit up to two materials now".into(),
            Move::Dig => "Dig: look at the left grave pile".into(),
            Move::Buy => "Buy from the market".into(),
            Move::UseStaff if t.stage == Stage::Commit && !self.staff_hidden_in_commit(seat) => {
                format!(
                    "Use the staff {} openly, before committing (every seat sees it)",
                    self.staff_label(p.staff)
                )
            }
            Move::UseStaff => format!("Use the staff {}", self.staff_label(p.staff)),
            Move::Ability(id) => format!(
                "Project action of {}: {}",
                self.project_label(id),
                self.proj(id.min(self.cards.projects.len() - 1))
                    .ability
                    .as_ref()
                    .map_or_else(String::new, |a| Self::effect_text(&a.effect))
            ),
            Move::Commit(mat) => format!("Commit {}", self.material_label(mat)),
            Move::CommitTo { project, icon } => format!(
                "Put {} under {} as its {}{}",
                self.material_label(usize::from(t.material)),
                self.project_label(project),
                Self::icon(icon.min(7)).label(),
                if self.alchemy_demerit(seat, project) {
                    " (Alchemy: a second material this step, -1 demerit)"
                } else {
                    ""
                }
            ),
            Move::Stop => {
                if t.stage == Stage::Cram {
                    format!("End the cram ({} committed)", t.commits)
                } else {
                    format!("Finish committing ({} committed)", t.commits)
                }
            }
            Move::DigTake => format!("Take grave pile {}", t.pile + 1),
            Move::DigOn => {
                if t.pile < 2 {
                    format!(
                        "Pass grave pile {} (a face-down card joins it) and look at pile {}",
                        t.pile + 1,
                        t.pile + 2
                    )
                } else {
                    "Pass grave pile 3".into()
                }
            }
            Move::DigTop => "Take the top card of the grave deck".into(),
            Move::DigCandle => "Take a Candle from the market for free".into(),
            Move::DigVial => "Take a Vial from the market for free".into(),
            Move::DigNothing => "Take nothing".into(),
            Move::Clear(i) => {
                let c = self.t.market.get(i).copied().unwrap_or(NONE);
                let what = if c == NONE {
                    "nothing".to_string()
                } else {
                    self.project_label(usize::from(c))
                };
                if t.clear_first == NONE {
                    format!("Clear market space {} ({what}) and another, for $1", i + 1)
                } else {
                    format!("…together with market space {} ({what})", i + 1)
                }
            }
            Move::ClearDone => "Clear no more market projects".into(),
            Move::BuySpace(i) => {
                let c = self.t.market.get(i).copied().unwrap_or(NONE);
                if c == NONE {
                    format!("Buy market space {} (empty)", i + 1)
                } else {
                    format!(
                        "Buy {} from market space {}",
                        self.project_label(usize::from(c)),
                        i + 1
                    )
                }
            }
            Move::BuyCandle => format!("Buy a Candle (${})", self.stock_price(true)),
            Move::BuyVial => format!("Buy a Vial (${})", self.stock_price(false)),
            Move::BuyDone => format!("Pay for the purchase (${} in all)", t.price),
            Move::Pay(mat) => format!("Discard {} towards the price", self.material_label(mat)),
            Move::PayDone => format!(
                "Finish paying (${} paid for ${}, ${} lost)",
                t.paid,
                t.price,
                t.paid.saturating_sub(t.price)
            ),
            Move::TakeGrave(g) => {
                // The pile is named: which pile shrinks is public, and the piles are taken
                // from left to right.
                match (0..3).find(|&k| self.t.piles[k] & super::state::bit(g) != 0) {
                    Some(k) => format!("Take {} from grave pile {}", self.material_label(g), k + 1),
                    None => format!("Take {} from the grave piles", self.material_label(g)),
                }
            }
            Move::Fill { project, icon } => format!(
                "Fill the {} of {} without a material",
                Self::icon(icon.min(7)).label(),
                self.project_label(project)
            ),
            Move::TokenProject(id) => {
                if t.stage == Stage::DemeritTarget {
                    format!("Remove the demerit tokens of {}", self.project_label(id))
                } else {
                    format!(
                        "Put {} extra-credit token(s) on {}",
                        t.remaining,
                        self.project_label(id)
                    )
                }
            }
            Move::EndTurn if t.stage == Stage::Complete => {
                "Keep the staff for later (the Complete step ends for you)".into()
            }
            Move::EndTurn => "End the turn (keep the staff for later)".into(),
            Move::TakeCandle => "Take a Candle".into(),
            Move::TakeVial => "Take a Vial".into(),
        }
    }

    /// The sentence as `viewer` may read it: the hidden part of a move is left out for
    /// anyone but its maker (setup picks, the commit step's commits and an extra-commit staff
    /// used among them, the cards taken by Spectral Sight). Any other staff used in the
    /// commit step is open: its sentence is the same for everyone.
    pub(crate) fn public_describe(&self, action: Action, viewer: Option<Seat>) -> String {
        let actor = self.actor();
        if actor.is_some() && actor == viewer {
            return self.describe(action);
        }
        let committing = matches!(self.t.phase, Phase::Commit { .. });
        match decode(action) {
            Some(Move::PickThesis(_)) => "Keep a thesis face-down".into(),
            Some(Move::PickProject(_)) => "Keep a project (revealed when all have chosen)".into(),
            Some(Move::PickStaff(_)) => "Keep a staff (revealed when all have chosen)".into(),
            Some(Move::Commit(_)) if committing => {
                "Commit a material (hidden until all have committed)".into()
            }
            Some(Move::CommitTo { .. }) if committing => {
                "Place the committed material (hidden)".into()
            }
            Some(Move::Stop) if committing => "Finish committing".into(),
            Some(Move::UseStaff)
                if committing && actor.is_some_and(|a| self.staff_hidden_in_commit(a)) =>
            {
                "A hidden choice of the commit step (revealed when all have committed)".into()
            }
            Some(Move::TakeGrave(_)) => "Take a grave card from the piles".into(),
            Some(Move::DigTop) => "Take the top card of the grave deck".into(),
            // Whether a cram can commit anything depends on the actor's hand.
            Some(Move::Cram) => "Cram: commit up to two materials now".into(),
            _ => self.describe(action),
        }
    }
}
