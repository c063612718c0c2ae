//! What the cards are: resources, projects, advantage cards, studio challenges and resource
//! cards, gathered in a validated [`CardSet`] (read from TOML by `card_file`).
//!
//! The rulebook ("Components", "Elements of Play", "Advantage Card Reference", "Studio
//! Challenges List") gives the kinds and counts of cards but not their faces; the default set
//! in `data/sunrise.toml` is authored to fit every count and the rulebook's scoring example.
//! A user may load their own file of the same schema; loading reports the first problem with
//! its card and field.

use std::sync::{Arc, OnceLock};

use super::score_table::ScoreTable;
use crate::engine::EngineResult;

/// The nine resource sub-types ("Understanding Your Resources": three each of clay, glaze
/// and kiln). The discriminant is the resource's index everywhere in the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Resource {
    /// Clay: Earthenware (red).
    Earthenware = 0,
    /// Clay: Stoneware (gray).
    Stoneware = 1,
    /// Clay: Porcelain (white).
    Porcelain = 2,
    /// Glaze: Light.
    Light = 3,
    /// Glaze: Dark.
    Dark = 4,
    /// Glaze: Luster.
    Luster = 5,
    /// Kiln: Fire.
    Fire = 6,
    /// Kiln: Gas.
    Gas = 7,
    /// Kiln: Electric.
    Electric = 8,
}

/// Number of resource sub-types.
pub const NUM_RESOURCES: usize = 9;

impl Resource {
    /// All resources in index order.
    pub const ALL: [Resource; NUM_RESOURCES] = [
        Resource::Earthenware,
        Resource::Stoneware,
        Resource::Porcelain,
        Resource::Light,
        Resource::Dark,
        Resource::Luster,
        Resource::Fire,
        Resource::Gas,
        Resource::Electric,
    ];

    /// The resource with index `i` (< 9).
    pub fn from_index(i: usize) -> Resource {
        Resource::ALL[i]
    }

    /// The file/JSON name of the resource.
    pub fn name(self) -> &'static str {
        [
            "earthenware",
            "stoneware",
            "porcelain",
            "light",
            "dark",
            "luster",
            "fire",
            "gas",
            "electric",
        ][self as usize]
    }

    /// The printed name, for people.
    pub fn label(self) -> &'static str {
        [
            "Earthenware",
            "Stoneware",
            "Porcelain",
            "Light",
            "Dark",
            "Luster",
            "Fire",
            "Gas",
            "Electric",
        ][self as usize]
    }

    /// Parses a file name of a resource.
    pub fn parse(s: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.name() == s)
    }

    /// True for the three clay types.
    pub fn is_clay(self) -> bool {
        (self as u8) < 3
    }

    /// True for the three glaze types.
    pub fn is_glaze(self) -> bool {
        (3..6).contains(&(self as u8))
    }
}

/// The five project types ("Projects": mug, plate, bowl, pitcher, vase).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum ProjectType {
    /// Mug.
    Mug = 0,
    /// Plate.
    Plate = 1,
    /// Bowl.
    Bowl = 2,
    /// Pitcher.
    Pitcher = 3,
    /// Vase.
    Vase = 4,
}

/// Number of project types.
pub const NUM_PROJECT_TYPES: usize = 5;

impl ProjectType {
    /// All project types in index order.
    pub const ALL: [ProjectType; NUM_PROJECT_TYPES] = [
        ProjectType::Mug,
        ProjectType::Plate,
        ProjectType::Bowl,
        ProjectType::Pitcher,
        ProjectType::Vase,
    ];

    /// The file/JSON name.
    pub fn name(self) -> &'static str {
        ["mug", "plate", "bowl", "pitcher", "vase"][self as usize]
    }

    /// Parses a file name of a project type.
    pub fn parse(s: &str) -> Option<ProjectType> {
        ProjectType::ALL.into_iter().find(|t| t.name() == s)
    }
}

/// A project card (the 30 projects and the 4 starting projects).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProjectCard {
    /// Printed name.
    pub name: String,
    /// Project order number ("Determine Project Order": lowest first).
    pub number: u8,
    /// Mug, plate, bowl, pitcher or vase.
    pub kind: ProjectType,
    /// Victory points when completed.
    pub points: u8,
    /// Coffee beans when completed.
    pub beans: u8,
    /// The resource icons to fill, one resource each.
    pub icons: Vec<Resource>,
    /// The clay type it counts as for studio challenges.
    pub clay: Resource,
    /// The glaze type(s) it may count as (one or two).
    pub glazes: Vec<Resource>,
    /// A starting project (dealt one per player at setup).
    pub starting: bool,
}

/// What a resource card lets you place ("Resource Card Icons").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResourceIcons {
    /// One resource of this type.
    Single(Resource),
    /// One resource of any type.
    Wild,
    /// One resource of either type.
    Either(Resource, Resource),
    /// Two resources: one of each type shown.
    Two(Resource, Resource),
}

impl ResourceIcons {
    /// How many resources the card places.
    pub fn count(self) -> usize {
        match self {
            ResourceIcons::Two(..) => 2,
            _ => 1,
        }
    }

    /// A short label, e.g. "Porcelain", "Wild", "Light/Dark", "Fire+Gas".
    pub fn label(self) -> String {
        match self {
            ResourceIcons::Single(r) => r.label().to_string(),
            ResourceIcons::Wild => "Wild".to_string(),
            ResourceIcons::Either(a, b) => format!("{}/{}", a.label(), b.label()),
            ResourceIcons::Two(a, b) => format!("{}+{}", a.label(), b.label()),
        }
    }
}

/// A resource card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceCard {
    /// What it places.
    pub icons: ResourceIcons,
    /// The player-count mark: used only in games with at least this many players.
    pub min_players: u8,
}

/// What an advantage card does ("Advantage Card Reference").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdvantageEffect {
    /// One-time: place this many resources into your reserve (the rulebook's is 2).
    GainResources {
        /// Resources placed into the reserve.
        amount: u8,
    },
    /// One-time: go first when you complete your next project; place 1 resource into reserve.
    GoFirst,
    /// End game: points if you completed at least one project of each type shown.
    PersonalGoal {
        /// The project types required.
        types: Vec<ProjectType>,
        /// Points scored.
        points: u8,
    },
    /// End game: one more coffee bean.
    CoffeeBean,
    /// A showpiece: filled like a project, worth points (and maybe a bean) when completed.
    Showpiece {
        /// Resource icons to fill.
        icons: Vec<Resource>,
        /// Points when completed.
        points: u8,
        /// Coffee beans when completed.
        beans: u8,
    },
}

/// An advantage card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdvantageCard {
    /// Printed name.
    pub name: String,
    /// Its effect.
    pub effect: AdvantageEffect,
}

/// The six studio challenge conditions ("Studio Challenges List").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChallengeKind {
    /// `count` completed projects of the same project type.
    SameProjectType,
    /// `count` completed projects of the same clay type.
    SameClay,
    /// `count` completed projects of the same glaze type.
    SameGlaze,
    /// `count` completed projects of `count` different project types.
    DifferentProjectTypes,
    /// `count` completed projects of `count` different clay types.
    DifferentClays,
    /// `count` completed projects of `count` different glaze types.
    DifferentGlazes,
}

impl ChallengeKind {
    /// The file/JSON name.
    pub fn name(self) -> &'static str {
        match self {
            ChallengeKind::SameProjectType => "same_project_type",
            ChallengeKind::SameClay => "same_clay",
            ChallengeKind::SameGlaze => "same_glaze",
            ChallengeKind::DifferentProjectTypes => "different_project_types",
            ChallengeKind::DifferentClays => "different_clays",
            ChallengeKind::DifferentGlazes => "different_glazes",
        }
    }

    pub(super) fn parse(s: &str) -> Option<ChallengeKind> {
        [
            ChallengeKind::SameProjectType,
            ChallengeKind::SameClay,
            ChallengeKind::SameGlaze,
            ChallengeKind::DifferentProjectTypes,
            ChallengeKind::DifferentClays,
            ChallengeKind::DifferentGlazes,
        ]
        .into_iter()
        .find(|k| k.name() == s)
    }

    /// True when the challenge looks at glaze types (the two-glaze choice matters).
    pub fn is_glaze(self) -> bool {
        matches!(
            self,
            ChallengeKind::SameGlaze | ChallengeKind::DifferentGlazes
        )
    }
}

/// A studio challenge card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Printed name.
    pub name: String,
    /// The condition.
    pub kind: ChallengeKind,
    /// How many completed projects it needs.
    pub count: u8,
    /// Points of the higher space (the first player to complete it).
    pub high: u8,
    /// Points of the lower space (every later player).
    pub low: u8,
}

/// Counts fixed by the rulebook's "Components" list.
pub const NUM_PROJECTS: usize = 30;
/// Starting projects ("Personal Area Setup" B).
pub const NUM_STARTING_PROJECTS: usize = 4;
/// All project cards, starting ones included.
pub const NUM_ALL_PROJECTS: usize = NUM_PROJECTS + NUM_STARTING_PROJECTS;
/// Advantage cards.
pub const NUM_ADVANTAGE: usize = 30;
/// Studio challenges.
pub const NUM_CHALLENGES: usize = 6;
/// Resource cards.
pub const NUM_RESOURCE_CARDS: usize = 48;

/// A validated card set. Project ids are indices into `projects` (regular projects first,
/// then the starting ones), advantage and resource card ids likewise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardSet {
    /// The 30 projects followed by the 4 starting projects.
    pub projects: Vec<ProjectCard>,
    /// The 30 advantage cards.
    pub advantages: Vec<AdvantageCard>,
    /// The 6 studio challenges.
    pub challenges: Vec<Challenge>,
    /// The 48 resource cards.
    pub resource_cards: Vec<ResourceCard>,
    /// The TOML the set was loaded from, when it is not the default set (for `to_json`).
    pub source: Option<String>,
    /// The icons of every placement target, flat for the hot loop: projects by id, then
    /// showpieces by advantage id + 34 (no icons for other advantage cards).
    pub target_icons: Vec<TargetIcons>,
    /// Per resource card, by id: its face class and what it offers, for the hot loop.
    pub wheel_faces: Vec<WheelFace>,
    /// What each project and advantage card adds to a score, for the running score.
    pub(crate) score_table: ScoreTable,
}

/// What a resource card on a pottery wheel can do, looked up instead of matched on its icons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WheelFace {
    /// The lowest id of a card with the same icons: cards of equal class are interchangeable.
    pub class: u8,
    /// By the card's `used` bits: the resources it can still provide (bit r: resource r).
    pub offer: [u16; 4],
    /// By `used`: the resources its placement into the reserve is listed under. In the
    /// reserve the type does not matter, so a one-resource card is listed once (under its
    /// lowest resource); a two-resource card lists each unused part, since which part goes
    /// to the reserve is a real choice (the other must still be placed).
    pub reserve: [u16; 4],
}

impl WheelFace {
    /// The table of every card, in id order.
    pub(super) fn table(cards: &[ResourceCard]) -> Vec<WheelFace> {
        let bit = |r: Resource| 1u16 << r as u16;
        let lowest = |m: u16| m & m.wrapping_neg();
        cards
            .iter()
            .map(|card| {
                let icons = card.icons;
                let class = cards.iter().position(|c| c.icons == icons).unwrap_or(0) as u8;
                let mut offer = [0u16; 4];
                let mut reserve = [0u16; 4];
                for used in 0..4 {
                    offer[used] = match icons {
                        ResourceIcons::Two(a, b) => {
                            (if used & 1 == 0 { bit(a) } else { 0 })
                                | (if used & 2 == 0 { bit(b) } else { 0 })
                        }
                        _ if used != 0 => 0,
                        ResourceIcons::Single(x) => bit(x),
                        ResourceIcons::Wild => (1 << NUM_RESOURCES) - 1,
                        ResourceIcons::Either(a, b) => bit(a) | bit(b),
                    };
                    reserve[used] = match icons {
                        ResourceIcons::Two(..) => offer[used],
                        _ => lowest(offer[used]),
                    };
                }
                WheelFace {
                    class,
                    offer,
                    reserve,
                }
            })
            .collect()
    }
}

/// The icons of one placement target, inline, with a lookup of its open resources.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetIcons {
    /// Number of icons.
    pub len: u8,
    /// The icons (first `len` are used).
    pub icons: [Resource; MAX_ICONS],
    /// For each filled-icons mask, the mask of resources that still have an open icon
    /// (bit r: resource r). Placement generation reads one entry instead of scanning icons.
    pub open: [u16; 1 << MAX_ICONS],
    /// Per resource, the icons of that resource (bit i: icon i).
    pub of_resource: [u8; NUM_RESOURCES],
    /// Every icon (bit i: icon i): the work is complete when `filled` equals it.
    pub all: u8,
}

impl TargetIcons {
    pub(super) fn new(list: &[Resource]) -> Self {
        let mut icons = [Resource::Earthenware; MAX_ICONS];
        icons[..list.len()].copy_from_slice(list);
        let mut open = [0u16; 1 << MAX_ICONS];
        for (filled, mask) in open.iter_mut().enumerate() {
            for (i, r) in list.iter().enumerate() {
                if filled & (1 << i) == 0 {
                    *mask |= 1 << *r as u16;
                }
            }
        }
        let mut of_resource = [0u8; NUM_RESOURCES];
        for (i, r) in list.iter().enumerate() {
            of_resource[*r as usize] |= 1 << i;
        }
        TargetIcons {
            len: list.len() as u8,
            icons,
            open,
            of_resource,
            all: ((1u16 << list.len()) - 1) as u8,
        }
    }

    /// The icons as a slice.
    pub fn as_slice(&self) -> &[Resource] {
        &self.icons[..usize::from(self.len)]
    }
}

/// The authored default card set, embedded in the binary.
pub const DEFAULT_CARDS_TOML: &str = include_str!("../../data/sunrise.toml");

impl CardSet {
    /// The default (authored) card set, parsed once.
    pub fn default_set() -> Arc<CardSet> {
        static DEFAULT: OnceLock<Arc<CardSet>> = OnceLock::new();
        DEFAULT
            .get_or_init(|| {
                let mut set = CardSet::parse(DEFAULT_CARDS_TOML)
                    .expect("the embedded default card set is validated by tests");
                set.source = None;
                Arc::new(set)
            })
            .clone()
    }

    /// Loads and validates a user's card file.
    pub fn from_toml(text: &str) -> EngineResult<CardSet> {
        CardSet::parse(text)
    }

    fn parse(text: &str) -> EngineResult<CardSet> {
        super::card_file::parse(text)
    }

    /// Number of resource cards in play for `players`.
    pub fn resource_cards_in_play(&self, players: usize) -> impl Iterator<Item = usize> + '_ {
        self.resource_cards
            .iter()
            .enumerate()
            .filter(move |(_, c)| usize::from(c.min_players) <= players)
            .map(|(i, _)| i)
    }
}

/// Most icons a project or showpiece may have (bounds the action encoding's targets).
pub const MAX_ICONS: usize = 6;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_set_loads_with_the_rulebook_counts() {
        let set = CardSet::default_set();
        assert_eq!(set.projects.len(), NUM_ALL_PROJECTS);
        assert_eq!(set.projects.iter().filter(|p| p.starting).count(), 4);
        assert_eq!(set.advantages.len(), NUM_ADVANTAGE);
        assert_eq!(set.challenges.len(), NUM_CHALLENGES);
        assert_eq!(set.resource_cards.len(), NUM_RESOURCE_CARDS);
        for players in 2..=4 {
            assert_eq!(set.resource_cards_in_play(players).count(), 12 * players);
        }
    }

    #[test]
    fn a_type_error_names_the_card_and_line() {
        let text = DEFAULT_CARDS_TOML.replacen("points = 5", "points = \"five\"", 1);
        let err = CardSet::from_toml(&text).unwrap_err().to_string();
        assert!(err.starts_with("[[project]] #"), "{err}");
        assert!(err.contains("points = \"five\""), "{err}");
    }

    #[test]
    fn a_broken_file_names_the_card_and_field() {
        let text = DEFAULT_CARDS_TOML.replacen("type = \"mug\"", "type = \"teapot\"", 1);
        let err = CardSet::from_toml(&text).unwrap_err().to_string();
        assert!(err.contains("[[project]]") && err.contains("type") && err.contains("teapot"));
    }
}
