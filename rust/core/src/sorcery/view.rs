//! The observation of a seat as a typed value: what that seat may see and nothing else (who
//! knows what is in `observe`'s module docs).
//!
//! The view borrows the state and the card set (no card text is copied), so it is cheap to
//! build; it serializes to the observation JSON (`observation_json`) and the Python binding
//! turns it straight into a dict. Cards are spelled out as their printed faces (name,
//! department, icons, ability sentence…), as the table renderers read them.
//!
//! **Key order.** Every struct's fields are declared in alphabetical order: the JSON tree
//! (`serde_json::Value`) sorts object keys, and the Python dicts built from these structs
//! keep declaration order, so both show the same keys in the same order
//! (`fields_are_declared_in_alphabetical_order` checks it).
//!
//! **Shared faces.** Every part fixed by the card set and a card id is wrapped in
//! [`Shared`], numbered by kind of card:
//!
//! | kind | what | id |
//! |---|---|---|
//! | 0 | a project's face ([`ProjectView`] without tokens or commits: the market, the setup offers) | project id |
//! | 1 | a material card's face ([`MaterialFace`]) | material id |
//! | 2 | a thesis's face ([`ThesisFace`]) | thesis id |
//! | 3 | a staff's face ([`StaffFace`]) | staff id |
//! | 4 | a project's list of icon names (inside an in-progress or completed project) | project id |
//! | 5 | a project's ability ([`AbilityFace`], inside an in-progress or completed project) | project id |
//!
//! A project in progress or completed mixes its face with tokens and commits, so it is an
//! unshared dict whose icon list and ability are the shared ones.

use std::fmt;

use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;

use super::config::{Difficulty, Solo, SorceryConfig, Theses};
use super::data::{Condition, Effect, Icon, MaterialKind, StockChoice, Trigger};
use super::state::{
    ids, CardId, Commit, Done, Materials, Phase, SorceryState, Stage, Work, FILLED_FREE, MARKET,
    NONE,
};
use crate::engine::{Seat, Shared};

/// Names of the moon phases, week 1 to 4 (authored: the rulebook names only week 4, the
/// New Moon).
pub const MOON_PHASES: [&str; 4] = ["Full Moon", "Last Quarter", "Waning Crescent", "New Moon"];

/// The kinds of card of a [`Shared`] mark (the table in the module docs).
const PROJECT_FACE: u8 = 0;
const MATERIAL_FACE: u8 = 1;
const THESIS_FACE: u8 = 2;
const STAFF_FACE: u8 = 3;
const PROJECT_ICONS: u8 = 4;
const PROJECT_ABILITY: u8 = 5;

/// What `viewer` sees of the table.
#[derive(Clone, Debug, Serialize)]
pub struct Observation<'a> {
    /// Candles left in the stock.
    pub candles: u32,
    /// The options.
    pub config: ConfigView,
    /// The seat to act, or -4 once the game is over.
    pub current_player: i64,
    /// Cards left in the 100-, 200- and 300-level decks.
    pub deck_sizes: [usize; 3],
    /// The grave discard (face-up).
    pub discard: MaterialList<'a>,
    /// The seat holding the first player token.
    pub first_player: u8,
    /// Always `"sorcery"`.
    pub game: &'static str,
    /// Cards in the grave deck.
    pub grave_deck_size: usize,
    /// The market spaces (column · 2 + row), `None` when empty.
    pub market: [Option<Shared<ProjectView<'a>>>; MARKET],
    /// Month 1 to 4.
    pub month: u8,
    /// The moon phase of the week.
    pub moon: &'static str,
    /// Number of seats.
    pub num_players: usize,
    /// The three grave piles.
    pub piles: [PileView<'a>; 3],
    /// Every seat as the viewer sees it, by seat.
    pub players: Vec<PlayerView<'a>>,
    /// The solo robot's area (one-player games only).
    pub robot: Option<RobotView<'a>>,
    /// setup, action, commit, complete or game_over.
    pub step: &'static str,
    /// The decision in progress.
    pub turn: TurnView,
    /// Vials left in the stock.
    pub vials: u32,
    /// The seat observing.
    pub viewer: Seat,
    /// Week 1 to 4 of the month.
    pub week: u8,
}

/// The game's options, keys sorted (the state document keeps [`SorceryConfig`]'s order).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ConfigView {
    /// Each seat's mission, 0 for none.
    pub missions: [u8; 4],
    /// Seats.
    pub players: u8,
    /// The solo mode of a one-player game.
    pub solo: Option<SoloView>,
    /// The Staff of the Sorcerer expansion.
    pub staffs: bool,
    /// Which theses are dealt.
    pub theses: Theses,
}

/// A solo mode: [`Solo`] with its keys sorted (`mode` names the variant).
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(untagged)]
pub enum SoloView {
    /// Against the robot.
    Robot {
        /// Its difficulty.
        difficulty: Difficulty,
        /// `"robot"`.
        mode: &'static str,
    },
    /// The No Robot Solo Variant.
    NoRobot {
        /// `"no-robot"`.
        mode: &'static str,
    },
    /// Solo Mission Mode.
    Mission {
        /// The Hard version.
        hard: bool,
        /// Mission 1–10.
        mission: u8,
        /// `"mission"`.
        mode: &'static str,
    },
}

impl ConfigView {
    fn of(c: &SorceryConfig) -> Self {
        ConfigView {
            missions: c.missions,
            players: c.players,
            solo: c.solo.map(|solo| match solo {
                Solo::Robot { difficulty } => SoloView::Robot {
                    difficulty,
                    mode: "robot",
                },
                Solo::NoRobot => SoloView::NoRobot { mode: "no-robot" },
                Solo::Mission { mission, hard } => SoloView::Mission {
                    hard,
                    mission,
                    mode: "mission",
                },
            }),
            staffs: c.staffs,
            theses: c.theses,
        }
    }
}

/// A seat as the viewer sees it.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView<'a> {
    /// Completed projects, in the order completed.
    pub completed: Vec<ProjectView<'a>>,
    /// Whether it has (or is choosing) a thesis.
    pub has_thesis: bool,
    /// Its hand: the viewer's own only.
    pub hand: Option<MaterialList<'a>>,
    /// Another seat's hand cards whose place the viewer knows.
    pub hand_known: Option<MaterialList<'a>>,
    /// Cards in hand.
    pub hand_size: u32,
    /// Its mission (Mission Mode).
    pub mission: Option<u8>,
    /// Whether its mission is met: the viewer's own, and everyone's at the end.
    pub mission_met: Option<bool>,
    /// The viewer's own commits waiting for the reveal.
    pub pending_commits: Option<PendingList<'a>>,
    /// The viewer's own two 100-level projects, during setup.
    pub project_offer: Option<[Option<Shared<ProjectView<'a>>>; 2]>,
    /// In-progress projects, in the order taken.
    pub projects: Vec<ProjectView<'a>>,
    /// Credits of its completed projects (what everyone can count).
    pub public_score: i32,
    /// Seat number.
    pub seat: usize,
    /// Its score: the viewer's own, and everyone's at the end.
    pub score: Option<i32>,
    /// Its kept staff: the viewer's own, and everyone's once setup is over.
    pub staff: Option<Shared<StaffFace<'a>>>,
    /// The viewer's own two staffs, during setup.
    pub staff_offer: Option<[Option<Shared<StaffFace<'a>>>; 2]>,
    /// The viewer's own: it used an extra-commit staff in this commit step.
    pub staff_pending: Option<bool>,
    /// Its staff is face-down (used this month).
    pub staff_used: bool,
    /// Its kept thesis: the viewer's own, and a met one at the end.
    pub thesis: Option<Shared<ThesisFace<'a>>>,
    /// The viewer's own two theses, during setup.
    pub thesis_offer: Option<[Option<Shared<ThesisFace<'a>>>; 2]>,
}

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

/// A grave pile: its size and the cards in it whose place the viewer knows.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct PileView<'a> {
    /// The cards the viewer knows there.
    pub known: MaterialList<'a>,
    /// Cards in it.
    pub size: u32,
}

/// The solo robot's area.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct RobotView<'a> {
    /// Its materials (face-up).
    pub materials: MaterialList<'a>,
    /// Its score.
    pub score: i32,
    /// Its extra-credit tokens.
    pub tokens: u16,
}

/// The decision in progress.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct TurnView {
    /// Buy: candles chosen.
    pub buy_candles: u8,
    /// Buy: market spaces chosen.
    pub buy_spaces: Spaces,
    /// Buy: vials chosen.
    pub buy_vials: u8,
    /// Most commits in this batch, as the viewer may know it.
    pub commit_limit: u8,
    /// Commits made in this batch (hidden in another seat's commit step).
    pub commits: Option<u8>,
    /// Buy: value discarded so far.
    pub paid: u16,
    /// Dig: the pile being looked at, 1–3.
    pub pile: u8,
    /// Buy: total price.
    pub price: u16,
    /// Count still to resolve.
    pub remaining: u8,
    /// The sub-decision (another seat's commit step shows only `Commit`).
    pub stage: &'static str,
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

/// A set of market spaces (bit i: space i), serialized as the space numbers.
#[derive(Clone, Copy, Debug)]
pub struct Spaces(u8);

impl Serialize for Spaces {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((0..MARKET).filter(|i| self.0 & (1 << i) != 0))
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
                write!(f, "put {count} extra-credit token(s) on one of your projects")
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

/// A stage's name, as its variant is spelled ("CramTarget").
fn stage_name(stage: Stage) -> &'static str {
    use Stage as S;
    match stage {
        S::PickThesis => "PickThesis",
        S::PickProject => "PickProject",
        S::PickStaff => "PickStaff",
        S::Choose => "Choose",
        S::Cram => "Cram",
        S::CramTarget => "CramTarget",
        S::Dig => "Dig",
        S::DigEnd => "DigEnd",
        S::BuyClear => "BuyClear",
        S::BuySelect => "BuySelect",
        S::BuyPay => "BuyPay",
        S::SpectralTake => "SpectralTake",
        S::FillTarget => "FillTarget",
        S::CreditTarget => "CreditTarget",
        S::DemeritTarget => "DemeritTarget",
        S::StockChoice => "StockChoice",
        S::AfterAction => "AfterAction",
        S::Commit => "Commit",
        S::CommitTarget => "CommitTarget",
        S::Complete => "Complete",
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
    fn shared_project(&self, id: CardId) -> Option<Shared<ProjectView<'_>>> {
        (id != NONE).then(|| Shared::new(PROJECT_FACE, usize::from(id), self.project_face(id)))
    }

    /// An in-progress project: its face, what is committed to it and its tokens.
    fn work_view<'a>(&'a self, w: &'a Work) -> ProjectView<'a> {
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
    fn done_view(&self, d: &Done) -> ProjectView<'_> {
        ProjectView {
            credit_tokens: Some(d.credits),
            demerit_tokens: Some(d.demerits),
            ..self.project_face(d.card)
        }
    }

    fn material_face(&self, id: usize) -> Shared<MaterialFace<'_>> {
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

    fn materials(&self, set: Materials) -> MaterialList<'_> {
        MaterialList { state: self, set }
    }

    fn thesis_face(&self, id: CardId) -> Option<Shared<ThesisFace<'_>>> {
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

    fn staff_face(&self, id: CardId) -> Option<Shared<StaffFace<'_>>> {
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

    /// The observation of `viewer` as a typed value: everything that seat may see and
    /// nothing else.
    pub fn observation_view(&self, viewer: Seat) -> Observation<'_> {
        let setup = matches!(self.t.phase, Phase::Setup { .. });
        // The game is over: every score is totalled at the table.
        let over = self.t.phase == Phase::GameOver;
        let players = (0..self.n())
            .map(|s| self.player_view(s, viewer, setup, over))
            .collect();
        let (step, actor) = match self.t.phase {
            Phase::Setup { seat } => ("setup", i64::from(seat)),
            Phase::Action { seat } => ("action", i64::from(seat)),
            Phase::Commit { seat } => ("commit", i64::from(seat)),
            Phase::Complete { seat } => ("complete", i64::from(seat)),
            Phase::GameOver => ("game_over", -4),
        };
        let t = &self.t.turn;
        let my_turn = actor == viewer as i64;
        let hidden_commits = !my_turn && self.committing();
        // A staff used openly in the commit step shows its stage; the commits do not.
        let hidden_stage = hidden_commits && matches!(t.stage, Stage::Commit | Stage::CommitTarget);
        let turn = TurnView {
            buy_candles: t.candles,
            buy_spaces: Spaces(t.buy),
            buy_vials: t.vials,
            // A staff used in the commit step adds commits: hidden, the others see the
            // limit the seat's completed projects give.
            commit_limit: if hidden_commits {
                self.public_commit_limit()
            } else {
                t.limit
            },
            commits: (!hidden_commits).then_some(t.commits),
            paid: t.paid,
            pile: t.pile + 1,
            price: t.price,
            remaining: t.remaining,
            stage: stage_name(if hidden_stage { Stage::Commit } else { t.stage }),
        };
        let piles = self.t.piles.map(|pile| PileView {
            known: self.materials(self.known_part(pile, viewer)),
            size: pile.count_ones(),
        });
        let robot = (self.n() == 1).then(|| RobotView {
            materials: self.materials(self.t.robot.materials),
            score: self.robot_score(),
            tokens: self.t.robot.tokens,
        });
        Observation {
            candles: (self.t.stock & self.cards.candles).count_ones(),
            config: ConfigView::of(&self.t.config),
            current_player: actor,
            deck_sizes: [0, 1, 2].map(|tier| self.t.decks[tier].len()),
            discard: self.materials(self.t.discard),
            first_player: self.t.first,
            game: "sorcery",
            grave_deck_size: self.t.grave_deck.len(),
            market: self.t.market.map(|c| self.shared_project(c)),
            month: self.t.month + 1,
            moon: MOON_PHASES[usize::from(self.t.week.min(3))],
            num_players: self.n(),
            piles,
            players,
            robot,
            step,
            turn,
            vials: (self.t.stock & self.cards.vials).count_ones(),
            viewer,
            week: self.t.week + 1,
        }
    }

    /// Seat `s` as `viewer` sees it.
    fn player_view(&self, s: Seat, viewer: Seat, setup: bool, over: bool) -> PlayerView<'_> {
        let p = &self.t.players[s];
        let me = s == viewer;
        let own_setup = me && setup;
        PlayerView {
            completed: p.completed.iter().map(|d| self.done_view(d)).collect(),
            has_thesis: p.thesis != NONE || p.thesis_offer[0] != NONE,
            hand: me.then(|| self.materials(p.hand)),
            hand_known: (!me).then(|| self.materials(self.known_part(p.hand, viewer))),
            hand_size: p.hand.count_ones(),
            mission: self.t.config.mission_of(s),
            mission_met: if me || over {
                self.mission_met(s)
            } else {
                None
            },
            pending_commits: me.then_some(PendingList {
                state: self,
                commits: &p.pending,
            }),
            project_offer: own_setup.then(|| p.project_offer.map(|c| self.shared_project(c))),
            projects: p.projects.iter().map(|w| self.work_view(w)).collect(),
            public_score: self.public_score(s),
            seat: s,
            // Another seat's thesis and hand are hidden until the end: only its projects'
            // credits are public.
            score: (me || over).then(|| self.score(s)),
            staff: if me || !setup {
                self.staff_face(p.staff)
            } else {
                None
            },
            staff_offer: own_setup.then(|| p.staff_offer.map(|c| self.staff_face(c))),
            staff_pending: me.then_some(p.staff_pending),
            staff_used: p.staff_used,
            // End of Game: "If you meet the criteria listed, flip it face-up"; an unmet
            // thesis stays face-down.
            thesis: if me || (over && p.thesis != NONE && self.thesis_met(s)) {
                self.thesis_face(p.thesis)
            } else {
                None
            },
            thesis_offer: own_setup.then(|| p.thesis_offer.map(|c| self.thesis_face(c))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{ActionList, GameState, Rng};
    use serde_json::json;

    fn modes() -> Vec<(usize, serde_json::Value)> {
        vec![
            (1, json!({})),
            (1, json!({"solo": "robot", "difficulty": "easy"})),
            (1, json!({"solo": "robot", "difficulty": "hard", "staffs": true})),
            (1, json!({"solo": "robot", "difficulty": "extra-hard"})),
            (1, json!({"solo": "no-robot", "staffs": true})),
            (1, json!({"solo": "mission", "mission": 5, "hard": true})),
            (1, json!({"solo": "mission", "mission": 10})),
            (2, json!({})),
            (2, json!({"staffs": true, "theses": "no-seven"})),
            (3, json!({"theses": "none", "staffs": true})),
            (4, json!({"staffs": true})),
            (4, json!({"missions": [1, 3, 5, 10], "staffs": true})),
        ]
    }

    /// TEMPORARY: the typed view serializes to exactly the old `json!` builder's tree, for
    /// every seat at every step of random games in every mode and player count.
    #[test]
    fn the_typed_view_is_the_old_observation() {
        let mut steps = 0;
        for (players, options) in modes() {
            let cfg = SorceryConfig::from_options(players, options.as_object().unwrap()).unwrap();
            for seed in 0..3 {
                let mut s = SorceryState::new_game(cfg, seed, None).unwrap();
                let mut rng = Rng::seed_from(seed + 100);
                let mut legal = ActionList::new();
                loop {
                    for viewer in 0..players {
                        let typed = serde_json::to_value(s.observation_view(viewer)).unwrap();
                        assert_eq!(typed, s.observation(viewer), "seat {viewer} at step {}", s.t.history.len());
                    }
                    steps += 1;
                    if s.is_terminal() {
                        break;
                    }
                    s.legal_actions_into(&mut legal);
                    s.apply_action(legal[rng.below(legal.len())]).unwrap();
                }
            }
        }
        eprintln!("compared the views of {steps} positions");
    }

    #[test]
    fn stage_names_are_the_variants_spelling() {
        use Stage as S;
        for stage in [
            S::PickThesis,
            S::PickProject,
            S::PickStaff,
            S::Choose,
            S::Cram,
            S::CramTarget,
            S::Dig,
            S::DigEnd,
            S::BuyClear,
            S::BuySelect,
            S::BuyPay,
            S::SpectralTake,
            S::FillTarget,
            S::CreditTarget,
            S::DemeritTarget,
            S::StockChoice,
            S::AfterAction,
            S::Commit,
            S::CommitTarget,
            S::Complete,
        ] {
            assert_eq!(stage_name(stage), format!("{stage:?}"));
        }
    }
}
