//! What the cards are ("Contents", "Projects", "Materials", the Staff of the Sorcerer
//! expansion): icons, projects, theses, material cards (grave, stock, research grants) and
//! staffs, gathered in a validated [`CardSet`] (read from TOML by `card_file`).
//!
//! The rulebook gives kinds and counts, and a few faces (the Buy Example, the Project
//! Example, Mismatched Bone); the default set in `data/sorcery.toml` is authored to fit them.
//! Abilities, theses and staffs are data in a small closed vocabulary ([`Effect`],
//! [`Trigger`], [`Condition`]) that the engine implements, so a user's card file can
//! recombine them.

use std::sync::{Arc, OnceLock};

use crate::engine::EngineResult;

/// A material icon ("Materials"; the Materials Reference card). The discriminant is the
/// icon's index everywhere in the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Icon {
    /// Mushroom (grave).
    Mushroom = 0,
    /// Skull (grave).
    Skull = 1,
    /// Ring (grave).
    Ring = 2,
    /// Hand (grave).
    Hand = 3,
    /// Rib Cage (grave).
    RibCage = 4,
    /// Limb, the bone (grave).
    Limb = 5,
    /// Candle (stock).
    Candle = 6,
    /// Vial (stock).
    Vial = 7,
}

/// Number of icons.
pub const NUM_ICONS: usize = 8;

impl Icon {
    /// All icons in index order.
    pub const ALL: [Icon; NUM_ICONS] = [
        Icon::Mushroom,
        Icon::Skull,
        Icon::Ring,
        Icon::Hand,
        Icon::RibCage,
        Icon::Limb,
        Icon::Candle,
        Icon::Vial,
    ];

    /// The file/JSON name.
    pub fn name(self) -> &'static str {
        [
            "mushroom", "skull", "ring", "hand", "rib_cage", "limb", "candle", "vial",
        ][self as usize]
    }

    /// The name for people.
    pub fn label(self) -> &'static str {
        [
            "Mushroom", "Skull", "Ring", "Hand", "Rib Cage", "Limb", "Candle", "Vial",
        ][self as usize]
    }

    /// Parses a file name.
    pub fn parse(s: &str) -> Option<Icon> {
        Icon::ALL.into_iter().find(|i| i.name() == s)
    }

    /// The icon with index `i` (< 8).
    pub fn from_index(i: usize) -> Icon {
        Icon::ALL[i]
    }
}

/// A department ("Projects": the bookmark; "Electives").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Department {
    /// Sorcery.
    Sorcery = 0,
    /// Alchemy.
    Alchemy = 1,
    /// Reanimation.
    Reanimation = 2,
    /// Elective: Divination.
    Divination = 3,
    /// Elective: Artificery.
    Artificery = 4,
    /// Elective: Numerology.
    Numerology = 5,
}

impl Department {
    /// All departments.
    pub const ALL: [Department; 6] = [
        Department::Sorcery,
        Department::Alchemy,
        Department::Reanimation,
        Department::Divination,
        Department::Artificery,
        Department::Numerology,
    ];

    /// The file/JSON name.
    pub fn name(self) -> &'static str {
        [
            "sorcery",
            "alchemy",
            "reanimation",
            "divination",
            "artificery",
            "numerology",
        ][self as usize]
    }

    /// Parses a file name.
    pub fn parse(s: &str) -> Option<Department> {
        Department::ALL.into_iter().find(|d| d.name() == s)
    }
}

/// Which stock card an effect gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StockChoice {
    /// A Candle.
    Candle,
    /// A Vial.
    Vial,
    /// A Candle or a Vial, chosen by the player.
    Either,
}

/// The closed vocabulary of effects a project ability or a staff may have.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// Draw `count` cards from the grave deck into your hand.
    DrawGrave {
        /// Cards drawn.
        count: u8,
    },
    /// Take `count` stock cards from the market for free.
    TakeStock {
        /// Which kind.
        stock: StockChoice,
        /// Cards taken.
        count: u8,
    },
    /// Spectral Sight: look through all grave piles, take any `count` cards, deal 1 card
    /// face-down to each pile.
    SpectralSight {
        /// Cards taken.
        count: u8,
    },
    /// Crawling Claw: fill one open icon of these kinds on one of your projects without a
    /// material (completing it in place when that was its last icon).
    FillIcon {
        /// Bit i: icon i may be filled.
        icons: u8,
    },
    /// Cleansing Cauldron: remove every demerit token from one of your projects.
    RemoveDemerits,
    /// Put `count` extra-credit tokens on one of your projects.
    AddCredits {
        /// Tokens placed.
        count: u8,
    },
    /// Commit `count` more materials in the commit step.
    ExtraCommit {
        /// Extra commits.
        count: u8,
    },
}

/// When a project's ability applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trigger {
    /// A project action (the feather): usable as your action; `moon` restricts it to one
    /// phase of the moon ("Lunar Sorcery"), 1–4.
    Action {
        /// The moon phase (week of the month, 1–4) it needs, if lunar.
        moon: Option<u8>,
    },
    /// An ongoing ability.
    Ongoing,
    /// Once, when the project is completed (the checkmark).
    OnComplete,
}

/// A project's ability.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ability {
    /// When it applies.
    pub trigger: Trigger,
    /// What it does.
    pub effect: Effect,
}

/// A project card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProjectCard {
    /// Printed name (two copies of a project share it: Mission 3).
    pub name: String,
    /// Department.
    pub department: Department,
    /// 100, 200 or 300.
    pub level: u16,
    /// Bit p: used in a game of p players (the card back).
    pub players: u8,
    /// Cost to buy.
    pub cost: u8,
    /// Credits for completion.
    pub credits: u8,
    /// Required materials, one icon each (repeated for several).
    pub icons: Vec<Icon>,
    /// Its ability, if any.
    pub ability: Option<Ability>,
}

impl ProjectCard {
    /// The level's index: 0, 1, 2 for 100, 200, 300.
    pub fn tier(&self) -> usize {
        usize::from(self.level / 100 - 1)
    }

    /// The moon phase of a lunar ability.
    pub fn moon(&self) -> Option<u8> {
        match self.ability {
            Some(Ability {
                trigger: Trigger::Action { moon },
                ..
            }) => moon,
            _ => None,
        }
    }
}

/// A thesis condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Condition {
    /// At least `count` completed projects.
    Projects {
        /// Projects needed.
        count: u8,
    },
    /// At least `count` completed projects of a department.
    Department {
        /// The department.
        department: Department,
        /// Projects needed.
        count: u8,
    },
    /// At least `count` completed projects of a level.
    Level {
        /// 100, 200 or 300.
        level: u16,
        /// Projects needed.
        count: u8,
    },
    /// At least `count` completed projects that need an icon.
    Icon {
        /// The icon.
        icon: Icon,
        /// Projects needed.
        count: u8,
    },
    /// At least `count` extra-credit tokens on completed projects.
    CreditTokens {
        /// Tokens needed.
        count: u8,
    },
    /// At least `count` completed projects and no demerit token on any of them.
    NoDemerits {
        /// Projects needed.
        count: u8,
    },
    /// Unused materials worth at least `amount` at the end.
    Materials {
        /// Value needed.
        amount: u8,
    },
}

/// A thesis card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thesis {
    /// Printed name.
    pub name: String,
    /// Credits when met.
    pub credits: u8,
    /// The criteria.
    pub condition: Condition,
}

/// The kind of a material card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MaterialKind {
    /// A grave card (dug up).
    Grave,
    /// A Candle stock card.
    Candle,
    /// A Vial stock card.
    Vial,
    /// A Research Grant (no icon; returned to the box once used to buy).
    Grant,
}

/// A card that can be in a hand: grave cards, stock cards, research grants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaterialCard {
    /// Printed name.
    pub name: String,
    /// Grave, candle, vial or grant.
    pub kind: MaterialKind,
    /// Trade value.
    pub value: u8,
    /// Bit i: the card shows icon i.
    pub icons: u8,
    /// The top icon (the solo robot reads it).
    pub top: Option<Icon>,
    /// Bit i: using the card for icon i gives an extra-credit token.
    pub credit: u8,
    /// Bit i: using the card for icon i gives a demerit token.
    pub demerit: u8,
}

/// A staff card (Staff of the Sorcerer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Staff {
    /// Printed name.
    pub name: String,
    /// Its once-a-month power.
    pub effect: Effect,
}

/// "Contents": 58 project cards.
pub const NUM_PROJECTS: usize = 58;
/// 15 thesis cards.
pub const NUM_THESES: usize = 15;
/// 24 stock material cards.
pub const NUM_STOCK: usize = 24;
/// 70 grave cards.
pub const NUM_GRAVE: usize = 70;
/// 4 research grants.
pub const NUM_GRANTS: usize = 4;
/// Staff of the Sorcerer: 12 staff cards.
pub const NUM_STAFFS: usize = 12;
/// All material ids: grave cards `0..70`, stock `70..94`, grants `94..98`.
pub const NUM_MATERIALS: usize = NUM_GRAVE + NUM_STOCK + NUM_GRANTS;
/// First stock material id.
pub const FIRST_STOCK: usize = NUM_GRAVE;
/// First research grant id.
pub const FIRST_GRANT: usize = NUM_GRAVE + NUM_STOCK;
/// Most icons a project may need.
pub const MAX_PROJECT_ICONS: usize = 6;
/// An unused entry of `CardSet::icon_table`.
pub const NO_ICON: u8 = 255;

/// What the score and the greedy heuristic read of a project card, kept inline in the card
/// set so their loops do not reach into the card itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProjectFacts {
    /// Credits for completion.
    pub credits: u8,
    /// Number of required materials (icons).
    pub icons: u8,
    /// Commits its ongoing extra_commit ability adds to every commit step (0 without one).
    pub extra_commits: u8,
    /// Whether it has an ongoing extra_commit ability (even one adding no commit).
    pub ongoing_extra_commit: bool,
    /// Per icon: how many of its icons show it (a project taken from the market has all of
    /// them open).
    pub icon_counts: [u8; NUM_ICONS],
}

impl ProjectFacts {
    /// The facts of `card`.
    pub fn of(card: &ProjectCard) -> ProjectFacts {
        let extra = match card.ability {
            Some(Ability {
                trigger: Trigger::Ongoing,
                effect: Effect::ExtraCommit { count },
            }) => Some(count),
            _ => None,
        };
        let mut icon_counts = [0u8; NUM_ICONS];
        for &icon in &card.icons {
            icon_counts[icon as usize] += 1;
        }
        ProjectFacts {
            credits: card.credits,
            icons: u8::try_from(card.icons.len()).unwrap_or(u8::MAX),
            extra_commits: extra.unwrap_or(0),
            ongoing_extra_commit: extra.is_some(),
            icon_counts,
        }
    }
}

/// A validated card set. Ids are indices: projects, theses, materials (grave, stock,
/// grants, in that order), staffs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardSet {
    /// The 58 projects.
    pub projects: Vec<ProjectCard>,
    /// The 15 theses.
    pub theses: Vec<Thesis>,
    /// The 98 material cards: 70 grave, 24 stock, 4 grants.
    pub materials: Vec<MaterialCard>,
    /// The 12 staffs.
    pub staffs: Vec<Staff>,
    /// The TOML the set was loaded from, when it is not the default set (for `to_json`).
    pub source: Option<String>,
    /// Per project: its icon indices inline (`NO_ICON` past the last), for the hot loop.
    pub icon_table: Vec<[u8; MAX_PROJECT_ICONS]>,
    /// Per project, per set of empty slots (bit i: slot i is empty): the bits of those
    /// slots' icons (`1 << icon`; slots past the last icon add nothing), so a project's open
    /// icons are one look-up by the pattern of its empty slots.
    pub icons_of_empty_slots: Vec<[u8; 1 << MAX_PROJECT_ICONS]>,
    /// Per icon: the materials showing it (a material set), so the materials that fit a
    /// set of icons are one mask.
    pub materials_with_icon: [u128; NUM_ICONS],
    /// Per material id: its trade value, inline for the hot loop (0 past the last card).
    pub material_values: [u8; 128],
    /// Per project: its cost, inline for the hot loop.
    pub project_costs: Vec<u8>,
    /// Per project: what the score and the greedy heuristic read of it, inline.
    pub project_facts: Vec<ProjectFacts>,
    /// Per content of a project's icon slot (a material id, `NONE`, `FILLED_FREE`): the
    /// trade value it adds to the unused materials — the material's value, 0 for an open or
    /// freely filled slot (and for a research grant, which is not a material).
    pub slot_values: [u8; 256],
    /// The candle stock ids (a material set).
    pub candles: u128,
    /// The vial stock ids.
    pub vials: u128,
}

/// The authored default card set, embedded in the binary.
pub const DEFAULT_CARDS_TOML: &str = include_str!("../../data/sorcery.toml");

impl CardSet {
    /// The default (authored) card set, parsed once.
    pub fn default_set() -> Arc<CardSet> {
        static DEFAULT: OnceLock<Arc<CardSet>> = OnceLock::new();
        DEFAULT
            .get_or_init(|| {
                let mut set = super::card_file::parse(DEFAULT_CARDS_TOML)
                    .expect("the embedded default card set is validated by tests");
                set.source = None;
                Arc::new(set)
            })
            .clone()
    }

    /// Loads and validates a user's card file.
    pub fn from_toml(text: &str) -> EngineResult<CardSet> {
        super::card_file::parse(text)
    }

    /// The id of the first project named `name`.
    pub fn project_named(&self, name: &str) -> Option<usize> {
        self.projects.iter().position(|p| p.name == name)
    }

    /// The id of the first material named `name`.
    pub fn material_named(&self, name: &str) -> Option<usize> {
        self.materials.iter().position(|m| m.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_set_has_the_rulebook_counts() {
        let set = CardSet::default_set();
        assert_eq!(set.projects.len(), 58);
        assert_eq!(set.theses.len(), 15);
        assert_eq!(set.staffs.len(), 12);
        let kinds = |k| set.materials.iter().filter(|m| m.kind == k).count();
        assert_eq!(kinds(MaterialKind::Grave), 70);
        assert_eq!(kinds(MaterialKind::Candle) + kinds(MaterialKind::Vial), 24);
        assert_eq!(kinds(MaterialKind::Grant), 4);
        assert!(set.theses.iter().any(|t| t.credits == 7));
    }
}
