//! The printed faces of Sorcery's cards as the observation spells them out (a project's
//! name, department, level, cost, credits, icons and ability; a material's kind, value and
//! icons; a thesis's and a staff's sentence), borrowed from the card set and each marked
//! [`Shared`] with its kind of card (numbered in `view`'s module docs). Sentences are
//! written when serialized, never stored: a serializer that keeps shared faces (the Python
//! binding's) writes each once per card set.
//!
//! Fields are declared in alphabetical order, as in `view`.

use std::fmt;

use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;

use super::data::{Condition, Effect, Icon, MaterialKind, StockChoice, Trigger};
use super::state::{ids, CardId, Commit, Done, Materials, SorceryState, Work, FILLED_FREE, NONE};
use crate::engine::Shared;

/// The kinds of card of a [`Shared`] mark (the table in `view`'s module docs).
pub(super) const PROJECT_FACE: u8 = 0;
pub(super) const MATERIAL_FACE: u8 = 1;
pub(super) const THESIS_FACE: u8 = 2;
pub(super) const STAFF_FACE: u8 = 3;
pub(super) const PROJECT_ICONS: u8 = 4;
pub(super) const PROJECT_ABILITY: u8 = 5;

/// A project: its face, and on a table its tokens (and, in progress, what is committed).
#[derive(Clone, Debug, Serialize)]
pub struct ProjectView<'a> {
    /// Its ability, if any.
    pub ability: Option<Shared<AbilityFace<'a>>>,
    /// In progress: per icon, the material committed to it, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub committed: Option<Committed<'a>>,
    /// Cost to buy.
    pub cost: u8,
    /// On a table: its extra-credit tokens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub credit_tokens: Option<u8>,
    /// Credits for completion.
    pub credits: u8,
    /// On a table: its demerit tokens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub demerit_tokens: Option<u8>,
    /// Department name.
    pub department: &'static str,
    /// The icons it needs, one name each.
    pub icons: Shared<IconNames<'a>>,
    /// Project id.
    pub id: CardId,
    /// 100, 200 or 300.
    pub level: u16,
    /// Printed name.
    pub name: &'a str,
}

/// A project's ability.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct AbilityFace<'a> {
    /// The moon phase (week 1–4) a lunar ability needs.
    pub moon: Option<u8>,
    /// What it does, as a sentence.
    pub text: EffectText<'a>,
    /// action, lunar (<phase>), ongoing or on_complete.
    pub trigger: &'static str,
}

/// A material card's face.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct MaterialFace<'a> {
    /// The icons using it for which gives an extra-credit token.
    pub credit: IconMask,
    /// The icons using it for which gives a demerit token.
    pub demerit: IconMask,
    /// The icons it shows.
    pub icons: IconMask,
    /// Material id.
    pub id: usize,
    /// grave, candle, vial or grant.
    pub kind: &'static str,
    /// Printed name.
    pub name: &'a str,
    /// Trade value.
    pub value: u8,
}

/// A thesis's face.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ThesisFace<'a> {
    /// Its criteria, as a sentence.
    pub condition: ConditionText<'a>,
    /// Credits when met.
    pub credits: u8,
    /// Thesis id.
    pub id: CardId,
    /// Printed name.
    pub name: &'a str,
}

/// A staff's face.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct StaffFace<'a> {
    /// Staff id.
    pub id: CardId,
    /// Printed name.
    pub name: &'a str,
    /// Its power, as a sentence.
    pub text: EffectText<'a>,
}

/// One of the viewer's own commits waiting for the reveal.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct PendingView<'a> {
    /// The icon it counts for.
    pub icon: &'static str,
    /// The material.
    pub material: Shared<MaterialFace<'a>>,
    /// The project's name.
    pub project: &'a str,
}

/// A set of material cards, serialized as their faces in id order.
#[derive(Clone, Copy, Debug)]
pub struct MaterialList<'a> {
    state: &'a SorceryState,
    set: Materials,
}

impl Serialize for MaterialList<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.set.count_ones() as usize))?;
        for id in ids(self.set) {
            seq.serialize_element(&self.state.material_face(id))?;
        }
        seq.end()
    }
}

/// A project's committed slots: `None` when open, "filled by an ability", or the material.
#[derive(Clone, Copy, Debug)]
pub struct Committed<'a> {
    state: &'a SorceryState,
    slots: &'a [CardId],
}

impl Serialize for Committed<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.slots.len()))?;
        for &slot in self.slots {
            match slot {
                NONE => seq.serialize_element(&None::<()>)?,
                FILLED_FREE => seq.serialize_element("filled by an ability")?,
                m => seq.serialize_element(&self.state.material_face(usize::from(m)))?,
            }
        }
        seq.end()
    }
}

/// The viewer's own pending commits.
#[derive(Clone, Copy, Debug)]
pub struct PendingList<'a> {
    state: &'a SorceryState,
    commits: &'a [Commit],
}

impl Serialize for PendingList<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.commits.iter().map(|c| PendingView {
            icon: Icon::from_index(usize::from(c.icon)).name(),
            material: self.state.material_face(usize::from(c.material)),
            project: &self.state.proj(usize::from(c.project)).name,
        }))
    }
}

/// A project's icons, one name each.
#[derive(Clone, Copy, Debug)]
pub struct IconNames<'a>(&'a [Icon]);

impl Serialize for IconNames<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|i| i.name()))
    }
}

/// A set of icons (bit i: icon i), serialized as their names in index order.
#[derive(Clone, Copy, Debug)]
pub struct IconMask(u8);

impl Serialize for IconMask {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(icons_of(self.0).map(Icon::name))
    }
}

fn icons_of(mask: u8) -> impl Iterator<Item = Icon> {
    Icon::ALL
        .into_iter()
        .filter(move |&i| mask & (1 << i as u8) != 0)
}

/// An ability's or a staff's effect as a sentence ("draw 2 grave card(s)"), written when
/// serialized (or shown).
#[derive(Clone, Copy, Debug)]
pub struct EffectText<'a>(pub &'a Effect);

impl fmt::Display for EffectText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self.0 {
            Effect::DrawGrave { count } => write!(f, "draw {count} grave card(s)"),
            Effect::TakeStock { stock, count } => write!(
                f,
                "take {count} {} for free",
                match stock {
                    StockChoice::Candle => "candle(s)",
                    StockChoice::Vial => "vial(s)",
                    StockChoice::Either => "candle(s) or vial(s)",
                }
            ),
            Effect::SpectralSight { count } => write!(
                f,
                "look through all grave piles, take any {count} card(s), deal 1 card to each pile"
            ),
            Effect::FillIcon { icons } => {
                f.write_str("fill one open ")?;
                for (k, icon) in icons_of(icons).enumerate() {
                    if k > 0 {
                        f.write_str("/")?;
                    }
                    f.write_str(icon.label())?;
                }
                f.write_str(" icon of a project without a material")
            }
            Effect::RemoveDemerits => {
                f.write_str("remove every demerit token from one of your projects")
            }
            Effect::AddCredits { count } => {
                write!(
                    f,
                    "put {count} extra-credit token(s) on one of your projects"
                )
            }
            Effect::ExtraCommit { count } => write!(f, "commit {count} more material(s)"),
        }
    }
}

impl Serialize for EffectText<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A thesis condition as a sentence ("complete 2 divination projects").
#[derive(Clone, Copy, Debug)]
pub struct ConditionText<'a>(pub &'a Condition);

/// `count` and `noun`, plural unless the count is 1 ("1 divination project").
struct Counted<T>(u8, T);

impl<T: fmt::Display> fmt::Display for Counted<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.0 == 1 { "" } else { "s" };
        write!(f, "{} {}{plural}", self.0, self.1)
    }
}

impl fmt::Display for ConditionText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Condition as C;
        match *self.0 {
            C::Projects { count } => write!(f, "complete {}", Counted(count, "project")),
            C::Department { department, count } => write!(
                f,
                "complete {}",
                Counted(count, format_args!("{} project", department.name()))
            ),
            C::Level { level, count } => write!(
                f,
                "complete {}",
                Counted(count, format_args!("{level}-level project"))
            ),
            C::Icon { icon, count } => {
                let need = if count == 1 { "needs" } else { "need" };
                write!(
                    f,
                    "complete {} that {need} a {}",
                    Counted(count, "project"),
                    icon.label()
                )
            }
            C::CreditTokens { count } => write!(
                f,
                "have {} on completed projects",
                Counted(count, "extra-credit token")
            ),
            C::NoDemerits { count } => write!(
                f,
                "complete {} with no demerit token on any",
                Counted(count, "project")
            ),
            C::Materials { amount } => write!(f, "end with ${amount} of unused materials"),
        }
    }
}

impl Serialize for ConditionText<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A sentence for a thesis condition.
pub fn condition_text(c: &Condition) -> String {
    ConditionText(c).to_string()
}

/// A trigger's name: action, lunar (<moon phase>), ongoing or on_complete.
fn trigger_name(trigger: Trigger) -> &'static str {
    const LUNAR: [&str; 4] = [
        "lunar (Full Moon)",
        "lunar (Last Quarter)",
        "lunar (Waning Crescent)",
        "lunar (New Moon)",
    ];
    match trigger {
        Trigger::Action { moon: None } => "action",
        Trigger::Action { moon: Some(m) } => LUNAR[usize::from(m - 1)],
        Trigger::Ongoing => "ongoing",
        Trigger::OnComplete => "on_complete",
    }
}

impl SorceryState {
    /// A sentence for an ability or staff effect.
    pub(crate) fn effect_text(e: &Effect) -> String {
        EffectText(e).to_string()
    }

    /// Project `id` as printed (no tokens, no commits).
    fn project_face(&self, id: CardId) -> ProjectView<'_> {
        let c = self.proj(usize::from(id));
        let index = usize::from(id);
        ProjectView {
            ability: c.ability.as_ref().map(|a| {
                let face = AbilityFace {
                    moon: c.moon(),
                    text: EffectText(&a.effect),
                    trigger: trigger_name(a.trigger),
                };
                Shared::new(PROJECT_ABILITY, index, face)
            }),
            committed: None,
            cost: c.cost,
            credit_tokens: None,
            credits: c.credits,
            demerit_tokens: None,
            department: c.department.name(),
            icons: Shared::new(PROJECT_ICONS, index, IconNames(&c.icons)),
            id,
            level: c.level,
            name: &c.name,
        }
    }

    /// Project `id`'s face, shared (a market space, a setup offer); `None` for `NONE`.
    pub(super) fn shared_project(&self, id: CardId) -> Option<Shared<ProjectView<'_>>> {
        (id != NONE).then(|| Shared::new(PROJECT_FACE, usize::from(id), self.project_face(id)))
    }

    /// An in-progress project: its face, what is committed to it and its tokens.
    pub(super) fn work_view<'a>(&'a self, w: &'a Work) -> ProjectView<'a> {
        let len = self.proj(usize::from(w.card)).icons.len();
        ProjectView {
            committed: Some(Committed {
                state: self,
                slots: &w.slots[..len],
            }),
            credit_tokens: Some(w.credits),
            demerit_tokens: Some(w.demerits),
            ..self.project_face(w.card)
        }
    }

    /// A completed project: its face and its tokens.
    pub(super) fn done_view(&self, d: &Done) -> ProjectView<'_> {
        ProjectView {
            credit_tokens: Some(d.credits),
            demerit_tokens: Some(d.demerits),
            ..self.project_face(d.card)
        }
    }

    pub(super) fn material_face(&self, id: usize) -> Shared<MaterialFace<'_>> {
        let m = self.mat(id);
        let face = MaterialFace {
            credit: IconMask(m.credit),
            demerit: IconMask(m.demerit),
            icons: IconMask(m.icons),
            id,
            kind: match m.kind {
                MaterialKind::Grave => "grave",
                MaterialKind::Candle => "candle",
                MaterialKind::Vial => "vial",
                MaterialKind::Grant => "grant",
            },
            name: &m.name,
            value: m.value,
        };
        Shared::new(MATERIAL_FACE, id, face)
    }

    pub(super) fn materials(&self, set: Materials) -> MaterialList<'_> {
        MaterialList { state: self, set }
    }

    /// The viewer's own pending commits, spelled out.
    pub(super) fn pending_list<'a>(&'a self, commits: &'a [Commit]) -> PendingList<'a> {
        PendingList {
            state: self,
            commits,
        }
    }

    pub(super) fn thesis_face(&self, id: CardId) -> Option<Shared<ThesisFace<'_>>> {
        (id != NONE).then(|| {
            let th = &self.cards.theses[usize::from(id)];
            let face = ThesisFace {
                condition: ConditionText(&th.condition),
                credits: th.credits,
                id,
                name: &th.name,
            };
            Shared::new(THESIS_FACE, usize::from(id), face)
        })
    }

    pub(super) fn staff_face(&self, id: CardId) -> Option<Shared<StaffFace<'_>>> {
        (id != NONE).then(|| {
            let st = &self.cards.staffs[usize::from(id)];
            let face = StaffFace {
                id,
                name: &st.name,
                text: EffectText(&st.effect),
            };
            Shared::new(STAFF_FACE, usize::from(id), face)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lunar_trigger_names_its_moon_phase() {
        for moon in 1..=4u8 {
            let phase = super::super::view::MOON_PHASES[usize::from(moon - 1)];
            let trigger = Trigger::Action { moon: Some(moon) };
            assert_eq!(trigger_name(trigger), format!("lunar ({phase})"));
        }
    }
}
