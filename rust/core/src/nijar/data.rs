//! What the components are: actions, amounts, the six kinds of game card, the endgame
//! scoring cards, the starting cards and the board's printed values ("Components", 4, 8).
//! The default set is `data/nijar.toml` (authored, not printed); `card_file` reads it.

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use crate::engine::{EngineResult, FixedVec};

/// 16 potter's wheel cards ("Components").
pub const NUM_WHEELS: usize = 16;
/// 16 esparto cards.
pub const NUM_ESPARTO: usize = 16;
/// 12 cleanup cards.
pub const NUM_CLEANUP: usize = 12;
/// 12 glazing workshop cards.
pub const NUM_WORKSHOPS: usize = 12;
/// 12 glaze kiln cards.
pub const NUM_GLAZE_KILNS: usize = 12;
/// 12 firing kiln cards.
pub const NUM_FIRING_KILNS: usize = 12;
/// 80 game cards with three cardbacks.
pub const NUM_GAME_CARDS: usize = 80;
/// 12 endgame scoring cards; their ids follow the game cards' (80..92).
pub const NUM_ENDGAME: usize = 12;
/// Every card id that can be in a hand.
pub const NUM_CARD_IDS: usize = NUM_GAME_CARDS + NUM_ENDGAME;
/// 5 starting potter's wheel cards and 5 starting resource cards.
pub const NUM_STARTING: usize = 5;
/// Spaces for potter's wheel cards on the workshop besides the starting wheel's.
pub const WHEEL_SPACES: usize = 4;
/// Spaces for esparto cards besides the printed esparto card.
pub const ESPARTO_SPACES: usize = 3;
/// Most spaces on one potter's wheel card.
pub const MAX_WHEEL_LEN: usize = 6;
/// Heights of a market column.
pub const MARKET_HEIGHTS: usize = 16;

/// Every action and single-step bonus action a tile, card, space or bonus can give.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Act {
    /// 8.1 Acquire up to two cards.
    #[default]
    Acquire = 0,
    /// 8.2 Play a card.
    Play,
    /// 8.3 Extract clay.
    Clay,
    /// 8.4 Advance the technology marker.
    Technology,
    /// 8.5 Throw.
    Throw,
    /// 8.6 Shape one or two pieces.
    Shape,
    /// 8.7 Fire any number of pieces.
    Fire,
    /// 8.8 Paint one or more pieces.
    Paint,
    /// 8.9 Clean.
    Clean,
    /// 8.10 Collect esparto (one reward from each esparto card).
    Esparto,
    /// 8.11 The First Player Action ("Turn Order").
    FirstPlayer,
    /// Fire 1 piece (9.2, and the single-piece action of 8.11's list).
    Fire1,
    /// Paint 1 piece (9.3).
    Paint1,
    /// Clean 1 crack (9.5).
    Clean1,
    /// Advance one vase one space (9.4).
    Throw1,
    /// Acquire 1 card (9.6).
    Acquire1,
    /// Take 1 clay (9.1).
    Clay1,
    /// Two Perra Gorda or two Glazes (9.7).
    PgOrGlaze,
    /// One reward from one esparto card (9.8).
    Esparto1,
}

impl Act {
    /// Every act, in code order.
    pub const ALL: [Act; 19] = [
        Act::Acquire,
        Act::Play,
        Act::Clay,
        Act::Technology,
        Act::Throw,
        Act::Shape,
        Act::Fire,
        Act::Paint,
        Act::Clean,
        Act::Esparto,
        Act::FirstPlayer,
        Act::Fire1,
        Act::Paint1,
        Act::Clean1,
        Act::Throw1,
        Act::Acquire1,
        Act::Clay1,
        Act::PgOrGlaze,
        Act::Esparto1,
    ];

    /// The act with code `i`.
    pub fn from_code(i: u8) -> Option<Act> {
        Act::ALL.get(usize::from(i)).copied()
    }

    /// The person's name of the act.
    pub fn label(self) -> &'static str {
        [
            "Acquire Cards",
            "Play a Card",
            "Extract Clay",
            "Advance Technology",
            "Throw",
            "Shape",
            "Fire",
            "Paint",
            "Clean",
            "Collect Esparto",
            "First Player Action",
            "Fire 1 Piece",
            "Paint 1 Piece",
            "Clean 1 Crack",
            "Throwing Bonus",
            "Acquire 1 Card",
            "Clay Bonus",
            "Perra Gorda or Glaze Bonus",
            "Collect 1 Esparto",
        ][self as usize]
    }

    /// The word used in card files.
    pub fn key(self) -> &'static str {
        [
            "acquire",
            "play",
            "clay",
            "technology",
            "throw",
            "shape",
            "fire",
            "paint",
            "clean",
            "esparto",
            "first_player",
            "fire1",
            "paint1",
            "clean1",
            "throw1",
            "acquire1",
            "clay1",
            "pg_or_glaze",
            "esparto1",
        ][self as usize]
    }

    /// Whether the act is one of the bonuses of section 9.
    pub fn is_bonus(self) -> bool {
        matches!(
            self,
            Act::Fire1
                | Act::Paint1
                | Act::Clean1
                | Act::Throw1
                | Act::Acquire1
                | Act::Clay1
                | Act::PgOrGlaze
                | Act::Esparto1
        )
    }
}

/// A resource an amount counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Res {
    /// Perra Gorda tokens.
    #[default]
    Pg,
    /// Clay (the clay track).
    Clay,
    /// Glazes.
    Glaze,
    /// Cracks (in a cost: gained into the cleaning area).
    Crack,
    /// Victory points (rewards only).
    Vp,
}

impl Res {
    /// The word used in card files.
    pub fn key(self) -> &'static str {
        ["pg", "clay", "glaze", "crack", "vp"][self as usize]
    }

    /// The person's name (of several).
    pub fn label(self) -> &'static str {
        ["Perra Gorda", "Clay", "Glazes", "Cracks", "VP"][self as usize]
    }

    /// The person's name of one ("1 Glaze", not "1 Glazes").
    pub fn label_one(self) -> &'static str {
        ["Perra Gorda", "Clay", "Glaze", "Crack", "VP"][self as usize]
    }
}

/// An amount of one resource.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Amount {
    /// Which resource.
    pub res: Res,
    /// How many.
    pub n: u8,
}

impl Amount {
    /// "2 Glazes".
    pub fn label(self) -> String {
        let name = if self.n == 1 {
            self.res.label_one()
        } else {
            self.res.label()
        };
        format!("{} {name}", self.n)
    }
}

/// A cost: Perra Gorda, Clay and Glazes paid, Cracks gained (5.1).
pub type Cost = FixedVec<Amount, 3>;

/// Describes a cost ("2 Perra Gorda + 1 Clay", "free"). Cracks in a cost are gained, not
/// paid (5.1: "whose cost is gaining 2 Cracks, which she places in her Cleaning Area"), so
/// they come last and read "2 Cracks (into your Cleaning Area)".
pub fn cost_label(cost: &Cost) -> String {
    if cost.is_empty() {
        return "free".to_string();
    }
    let paid = cost
        .iter()
        .filter(|a| a.res != Res::Crack)
        .map(|a| a.label());
    let gained = cost
        .iter()
        .filter(|a| a.res == Res::Crack)
        .map(|a| format!("{} (into your Cleaning Area)", a.label()));
    paid.chain(gained).collect::<Vec<_>>().join(" + ")
}

/// The six kinds of game card (8.2), in card-id order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardType {
    /// Potter's wheel cards (deck 1).
    Wheel,
    /// Esparto cards (deck 1).
    Esparto,
    /// Cleanup cards (deck 2).
    Cleanup,
    /// Glazing workshop cards (deck 2).
    GlazingWorkshop,
    /// Glaze kiln cards (deck 3).
    GlazeKiln,
    /// Firing kiln cards (deck 3).
    FiringKiln,
}

impl CardType {
    /// All six, in id order.
    pub const ALL: [CardType; 6] = [
        CardType::Wheel,
        CardType::Esparto,
        CardType::Cleanup,
        CardType::GlazingWorkshop,
        CardType::GlazeKiln,
        CardType::FiringKiln,
    ];

    /// The name.
    pub fn label(self) -> &'static str {
        [
            "Potter's Wheel",
            "Esparto",
            "Cleanup",
            "Glazing Workshop",
            "Glaze Kiln",
            "Firing Kiln",
        ][self as usize]
    }

    /// The name of the type's starting card, "Starting Glazing Workshop" (4.2.2).
    pub fn starting_label(self) -> &'static str {
        [
            "Starting Potter's Wheel",
            "Starting Esparto",
            "Starting Cleanup",
            "Starting Glazing Workshop",
            "Starting Glaze Kiln",
            "Starting Firing Kiln",
        ][self as usize]
    }

    /// The deck (cardback) of the type: 0, 1 or 2 (4.1.6).
    pub fn deck(self) -> usize {
        self as usize / 2
    }

    /// The first card id of the type.
    pub fn first_id(self) -> usize {
        [0, 16, 32, 44, 56, 68][self as usize]
    }

    /// The type of game card `id` (< 80; a larger id is a firing kiln's), read from a table
    /// (a chain of range tests was often mispredicted where a hand's cards are listed).
    pub fn of(id: usize) -> CardType {
        const TYPES: [CardType; NUM_GAME_CARDS] = {
            let mut out = [CardType::FiringKiln; NUM_GAME_CARDS];
            let mut id = 0;
            while id < NUM_GAME_CARDS {
                out[id] = match id {
                    0..=15 => CardType::Wheel,
                    16..=31 => CardType::Esparto,
                    32..=43 => CardType::Cleanup,
                    44..=55 => CardType::GlazingWorkshop,
                    56..=67 => CardType::GlazeKiln,
                    _ => CardType::FiringKiln,
                };
                id += 1;
            }
            out
        };
        TYPES[id.min(NUM_GAME_CARDS - 1)]
    }
}

/// The three piece types (market columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// Plates.
    Plate,
    /// Jugs.
    Jug,
    /// Pots.
    Pot,
}

/// Piece names, by index.
pub const PIECE_NAMES: [&str; 3] = ["Plate", "Jug", "Pot"];

/// A potter's wheel card (starting wheels have no cost and no play VP).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WheelCard {
    /// Name.
    pub name: String,
    /// Cost to play.
    pub cost: Cost,
    /// VP gained on playing it (8.2).
    pub vp: u8,
    /// VP gained on completing it (8.5).
    pub finish_vp: u8,
    /// The action on each space after the first (grey) one; the last is the final space.
    pub spaces: FixedVec<Act, MAX_WHEEL_LEN>,
}

/// An esparto card: two rewards, one of which is collected (8.10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EspartoCard {
    /// Name.
    pub name: String,
    /// The design: cards of the same design are not "different" (11.3).
    pub design: String,
    /// Cost to play.
    pub cost: Cost,
    /// The two rewards.
    pub rewards: [Amount; 2],
}

/// A cleanup card (8.9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CleanupCard {
    /// Name.
    pub name: String,
    /// Cost to play.
    pub cost: Cost,
    /// Crack spaces.
    pub spaces: u8,
    /// Reward when every space is filled.
    pub reward: Amount,
}

/// A glazing workshop, glaze kiln or firing kiln card (8.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildingCard {
    /// Name.
    pub name: String,
    /// Cost to play.
    pub cost: Cost,
    /// The paint cost (glazing workshops only, 8.8).
    pub paint: Cost,
    /// The two actions gained on playing it.
    pub sides: [Act; 2],
}

/// What an endgame scoring card counts (11.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndgameKind {
    /// Cards of a type on the workshop (0/1/3/6/10, esparto 0/1/5/10).
    Cards(CardType),
    /// 1 VP per piece of the type sold.
    Pieces(usize),
}

/// An endgame scoring card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndgameCard {
    /// Name.
    pub name: String,
    /// What it scores.
    pub kind: EndgameKind,
}

/// A starting resource card (4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartingResources {
    /// Clay.
    pub clay: u8,
    /// Perra Gorda.
    pub pg: u8,
    /// Glazes.
    pub glaze: u8,
    /// Cracks into the cleaning area.
    pub cracks: u8,
}

/// The donkey icon of a Competition card (12.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DonkeyIcon {
    /// Right of your donkey, else left.
    RightLeft,
    /// Left, else right.
    LeftRight,
    /// Above, else below.
    AboveBelow,
    /// Below, else above.
    BelowAbove,
    /// Discard the cards left and right of its donkey.
    DiscardSides,
    /// Discard the cards above and below its donkey.
    DiscardVertical,
    /// The donkey stays.
    Stay,
}

/// A Competition card of the solo game (12.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompetitionCard {
    /// Name.
    pub name: String,
    /// The action space: row 0..3, column 0..3.
    pub space: (u8, u8),
    /// The donkey icon.
    pub donkey: DonkeyIcon,
    /// The piece actions on its back, per round (piece types 0..3).
    pub pieces: [FixedVec<u8, 2>; 3],
}

/// The printed values of the main board and the workshop board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardData {
    /// The first-game layout of the 9 action tiles, row by row.
    pub first_game_layout: [Act; 9],
    /// The solo first-game layout (First Player Action and Play a Card in one row).
    pub solo_first_game_layout: [Act; 9],
    /// The 7 bonus tiles with their least player count.
    pub bonus_tiles: Vec<(Act, u8)>,
    /// Sale VP by height, unpainted.
    pub market_unpainted: [u8; MARKET_HEIGHTS],
    /// Sale VP by height, painted.
    pub market_painted: [u8; MARKET_HEIGHTS],
    /// Starting market height for 2, 3, 4 players and solo.
    pub market_start: [u8; 4],
    /// Perra Gorda gained (negative: paid) on the right-hand track's spaces.
    pub right_track: [i8; 4],
    /// The solo right-hand space's cost.
    pub solo_right_cost: u8,
    /// The action printed on each potter's wheel space.
    pub wheel_spaces: [Act; WHEEL_SPACES],
    /// The action printed on each esparto space.
    pub esparto_spaces: [Act; ESPARTO_SPACES],
}

/// Every component's data, loaded once and shared behind one `Arc`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardSet {
    /// The board values.
    pub board: BoardData,
    /// Potter's wheel cards (ids 0..16).
    pub wheels: Vec<WheelCard>,
    /// Esparto cards (ids 16..32).
    pub esparto: Vec<EspartoCard>,
    /// Cleanup cards (ids 32..44).
    pub cleanups: Vec<CleanupCard>,
    /// Glazing workshops (44..56), glaze kilns (56..68), firing kilns (68..80).
    pub buildings: Vec<BuildingCard>,
    /// Endgame scoring cards (ids 80..92).
    pub endgame: Vec<EndgameCard>,
    /// The 5 starting potter's wheels.
    pub starting_wheels: Vec<WheelCard>,
    /// The 5 starting resource cards.
    pub starting_resources: Vec<StartingResources>,
    /// The printed esparto card.
    pub printed_esparto: EspartoCard,
    /// The 9 Competition cards (solo).
    pub competition: Vec<CompetitionCard>,
    /// The starting cleanup card.
    pub starting_cleanup: CleanupCard,
    /// The starting glazing workshop's paint cost.
    pub starting_paint: Cost,
    /// The file text, or `None` for the embedded default.
    pub source: Option<String>,
    /// Each game card's cost as a `Need`, derived from the cards above when the set is read.
    pub(crate) needs: [Need; NUM_GAME_CARDS],
    /// Derived likewise, by the id a workshop holds (`wheel`, `cleanup`; 0 for any other id):
    /// each wheel's number of spaces, and each cleanup card's crack spaces.
    pub(crate) wheel_lens: [u8; 256],
    pub(crate) cleanup_spaces: [u8; 256],
}

/// What paying a cost asks of a player, read at once: at least the largest amount of Perra
/// Gorda, Clay and Glazes the cost names (each amount is checked on its own, 5.1), room for
/// the largest amount of Cracks it names (cracks are gained, 5.1), and never a cost naming VP.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Need {
    /// Perra Gorda, Clay, Glazes held at least; Cracks room for (by `Res` order).
    pub(crate) held: [u8; 4],
    /// The cost names VP: it can never be paid.
    pub(crate) never: bool,
}

impl Need {
    /// What paying `cost` asks.
    pub(crate) fn of(cost: &Cost) -> Need {
        let mut need = Need::default();
        for a in cost.iter() {
            match a.res {
                Res::Vp => need.never = true,
                res => {
                    let held = &mut need.held[res as usize];
                    *held = (*held).max(a.n);
                }
            }
        }
        need
    }

    /// Whether a player holding `held` (`NijarState::holdings`) can pay it.
    pub(crate) fn met_by(self, held: [u8; 4]) -> bool {
        held.iter()
            .zip(self.held)
            .fold(!self.never, |ok, (&h, n)| ok & (h >= n))
    }
}

/// The embedded default data file.
pub const DEFAULT_CARDS: &str = include_str!("../../data/nijar.toml");

impl CardSet {
    /// Reads and validates a card file.
    pub fn from_toml(text: &str) -> EngineResult<CardSet> {
        super::card_file::parse(text)
    }

    /// The default (authored) set, parsed once.
    pub fn default_set() -> Arc<CardSet> {
        static SET: OnceLock<Arc<CardSet>> = OnceLock::new();
        SET.get_or_init(|| {
            let mut set =
                CardSet::from_toml(DEFAULT_CARDS).expect("the default card file is valid");
            set.source = None;
            Arc::new(set)
        })
        .clone()
    }

    /// The name of card id `id` (game or endgame).
    pub fn name(&self, id: usize) -> &str {
        if id >= NUM_GAME_CARDS {
            return self
                .endgame
                .get(id - NUM_GAME_CARDS)
                .map_or("?", |c| &c.name);
        }
        match CardType::of(id) {
            CardType::Wheel => &self.wheels[id].name,
            CardType::Esparto => &self.esparto[id - 16].name,
            CardType::Cleanup => &self.cleanups[id - 32].name,
            _ => &self.buildings[id - 44].name,
        }
    }

    /// The cost to play game card `id`.
    #[inline]
    pub fn cost(&self, id: usize) -> &Cost {
        match CardType::of(id) {
            CardType::Wheel => &self.wheels[id].cost,
            CardType::Esparto => &self.esparto[id - 16].cost,
            CardType::Cleanup => &self.cleanups[id - 32].cost,
            _ => &self.buildings[id - 44].cost,
        }
    }

    /// A wheel by its id in a workshop: < 16 a game card, 100.. a starting wheel.
    pub fn wheel(&self, id: u8) -> &WheelCard {
        if id >= STARTING_BASE {
            &self.starting_wheels[usize::from(id - STARTING_BASE)]
        } else {
            &self.wheels[usize::from(id)]
        }
    }

    /// Crack spaces of a cleanup in a workshop (`STARTING_CARD`: the starting card).
    pub fn cleanup(&self, id: u8) -> &CleanupCard {
        if id == STARTING_CARD {
            &self.starting_cleanup
        } else {
            &self.cleanups[usize::from(id) - 32]
        }
    }

    /// The esparto card `id` in a workshop (`STARTING_CARD`: the printed one).
    pub fn esparto_card(&self, id: u8) -> &EspartoCard {
        if id == STARTING_CARD {
            &self.printed_esparto
        } else {
            &self.esparto[usize::from(id) - 16]
        }
    }

    /// Paint cost of a glazing workshop in a workshop (`STARTING_CARD`: the starting one).
    pub fn paint_cost(&self, id: u8) -> &Cost {
        if id == STARTING_CARD {
            &self.starting_paint
        } else {
            &self.buildings[usize::from(id) - 44].paint
        }
    }

    /// A short label of a card of type `kind` in a workshop, starting ones included: those
    /// by the rulebook's names (4.2.2: "Starting Cleanup Card, Starting Firing Kiln Card,
    /// Starting Glaze Kiln Card, and Starting Glazing Workshop Card").
    pub fn workshop_label(&self, id: u8, kind: CardType) -> &str {
        if id == STARTING_CARD {
            kind.starting_label()
        } else if id >= STARTING_BASE {
            &self.wheel(id).name
        } else {
            self.name(usize::from(id))
        }
    }
}

/// The id of a starting (player-coloured) card in a workshop slot.
pub const STARTING_CARD: u8 = 255;
/// Starting potter's wheels are ids `STARTING_BASE + k` in a workshop.
pub const STARTING_BASE: u8 = 100;
