//! What is on the table: the state types, setup ("Game Setup", "Player Setup", the Staff of
//! the Sorcerer's step 5, the solo changes) and the versioned JSON document.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::config::{SorceryConfig, Theses};
use super::data::{
    CardSet, MaterialKind, FIRST_GRANT, MAX_PROJECT_ICONS, NUM_GRAVE, NUM_MATERIALS, NUM_PROJECTS,
    NUM_STAFFS, NUM_THESES,
};
use crate::engine::{
    read_document, write_document, Action, EngineError, EngineResult, FixedVec, Rng, Seat,
};

/// A card id (project, thesis, material or staff: an index into its list in the card set).
pub type CardId = u8;
/// A set of material ids (bit i: material i), for hands, piles, the discard and the stock.
pub type Materials = u128;
/// "No card" in a fixed slot (an empty market space, an open icon).
pub const NONE: CardId = 255;
/// An icon filled without a material (Crawling Claw's fill_icon).
pub const FILLED_FREE: CardId = 254;
/// "Studies in Sorcery is played over a 4-month semester, with each month having 4 weeks."
pub const MONTHS: u8 = 4;
/// Weeks (moon phases) per month.
pub const WEEKS: u8 = 4;
/// The market: 3 columns of 2 ("Game Setup" 7); space = column · 2 + row.
pub const MARKET: usize = 6;
/// "You may commit up to two cards total across all of your projects during this step."
pub const BASE_COMMITS: u8 = 2;
/// Most materials one commit batch can hold (2, abilities and a staff add a few).
pub const MAX_PENDING: usize = 16;

/// An in-progress project and what is committed to it.
///
/// `repr(C)` and the hand-written equality below (as for [`Done`] and [`Commit`]): the
/// search compares a seat's projects many times a candidate move (whether its estimate is
/// kept), and the derived field-by-field comparison, a branch a byte, was a fifth of a
/// Sorcery search; read as whole words in declared order it is two loads and a compare.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, Eq, Serialize, Deserialize)]
pub struct Work {
    /// Project id.
    pub card: CardId,
    /// Per icon of the project: the material committed to it, `NONE` when open,
    /// `FILLED_FREE` when filled by an ability.
    pub slots: [CardId; MAX_PROJECT_ICONS],
    /// Extra-credit (+1) tokens on it.
    pub credits: u8,
    /// Demerit (−1) tokens on it.
    pub demerits: u8,
    /// Materials committed to it in the current cram (Alchemy's demerit for the second).
    pub batch: u8,
}

/// A completed project with its tokens.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, Eq, Serialize, Deserialize)]
pub struct Done {
    /// Project id.
    pub card: CardId,
    /// Extra-credit tokens.
    pub credits: u8,
    /// Demerit tokens.
    pub demerits: u8,
    /// The moon phase (week 1–4) in which it was completed (Missions 5 and 6 read it
    /// through the card's own phase; kept for the record).
    pub week: u8,
}

/// One committed material, waiting for the reveal of the commit step.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, Eq, Serialize, Deserialize)]
pub struct Commit {
    /// The material.
    pub material: CardId,
    /// The project it goes under.
    pub project: CardId,
    /// The icon it counts for.
    pub icon: u8,
}

impl Work {
    /// Every field, packed in declared order (what equality compares).
    fn packed(&self) -> (u64, u16) {
        let s = self.slots;
        let head = [self.card, s[0], s[1], s[2], s[3], s[4], s[5], self.credits];
        (
            u64::from_le_bytes(head),
            u16::from_le_bytes([self.demerits, self.batch]),
        )
    }
}

impl Work {
    /// Whether `other` is this project with the same commits and tokens: equal but for the
    /// current cram's count, `batch` (which a cram sets to 0 on every project), for what
    /// reads a project without it (the estimate of its progress).
    pub(crate) fn equal_but_batch(&self, other: &Work) -> bool {
        let ((head, tail), (other_head, other_tail)) = (self.packed(), other.packed());
        head == other_head && tail.to_le_bytes()[0] == other_tail.to_le_bytes()[0]
    }
}

impl PartialEq for Work {
    fn eq(&self, other: &Self) -> bool {
        self.packed() == other.packed()
    }
}

impl PartialEq for Done {
    fn eq(&self, other: &Self) -> bool {
        let packed = |d: &Done| u32::from_le_bytes([d.card, d.credits, d.demerits, d.week]);
        packed(self) == packed(other)
    }
}

impl PartialEq for Commit {
    fn eq(&self, other: &Self) -> bool {
        let packed = |c: &Commit| u32::from_le_bytes([c.material, c.project, c.icon, 0]);
        packed(self) == packed(other)
    }
}

/// Everything one seat has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Cards in hand: grave and stock materials and the research grant (a set of ids).
    #[serde(with = "id_list")]
    pub hand: Materials,
    /// In-progress projects, in the order taken.
    pub projects: FixedVec<Work, NUM_PROJECTS>,
    /// Completed projects, in the order completed.
    pub completed: FixedVec<Done, NUM_PROJECTS>,
    /// The two theses dealt ("Player Setup" 1), `NONE` without theses.
    pub thesis_offer: [CardId; 2],
    /// The kept thesis (face-down), once chosen.
    pub thesis: CardId,
    /// The two 100-level projects dealt ("Player Setup" 2).
    pub project_offer: [CardId; 2],
    /// Which offered project is kept (0 or 1), `NONE` until chosen (hidden until all chose).
    pub project_pick: CardId,
    /// The two staffs dealt (Staff of the Sorcerer "Player Setup" 5), `NONE` without staffs.
    pub staff_offer: [CardId; 2],
    /// The kept staff (face-up once every seat has chosen), `NONE` until chosen.
    pub staff: CardId,
    /// The staff is face-down: used this month.
    pub staff_used: bool,
    /// The staff was used in this commit step (an extra-commit staff; any other is used
    /// openly, `staff_used` at once): like a commit it is
    /// hidden from the others, and flipped face-down, when every seat has committed.
    pub staff_pending: bool,
    /// Commits chosen in the commit step, hidden until every seat has committed.
    pub pending: FixedVec<Commit, MAX_PENDING>,
}

/// The solo robot's area ("Solo Mode").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Robot {
    /// The robot's materials (grave cards, face-up).
    #[serde(with = "id_list")]
    pub materials: Materials,
    /// Its extra-credit tokens (Hard, Extra Hard).
    pub tokens: u16,
    /// What it did on its last turn (public: the card is revealed, the rest done face-up),
    /// kept so the table can tell it.
    #[serde(default)]
    pub last: RobotTurn,
}

/// One turn of the solo robot: the grave card it revealed and what that card's top icon
/// made it do ("Solo Mode").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RobotTurn {
    /// The grave card revealed from the deck.
    pub card: Option<u8>,
    /// The grave pile it took (0 = left), if its action took one.
    pub pile: Option<u8>,
    /// The market row it cleared (0 = top, 1 = bottom), if its action cleared one.
    pub row: Option<u8>,
    /// The projects that row held, `NONE` for an empty space.
    pub cleared: [CardId; 3],
}

/// Where a sub-decision sequence returns when an effect is resolved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Return {
    /// To choosing the action (a staff used before the action).
    #[default]
    Choose,
    /// The action is over.
    EndAction,
    /// Back to the commit step's commits.
    Commit,
    /// On to the next seat's Complete step.
    Complete,
    /// Back to the decision under way (`Table::paused`): a staff used in the middle of a
    /// dig, of a solo buy after a clear or of a project action's Spectral Sight, or openly
    /// in the commit step.
    Action,
}

/// Which sub-decision is being made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Setup: keep one of two theses.
    PickThesis,
    /// Setup: keep one of two 100-level projects.
    PickProject,
    /// Setup: keep one of two staffs.
    PickStaff,
    /// Choose the week's action (or use the staff first).
    #[default]
    Choose,
    /// Cram: choose a material to commit, or stop.
    Cram,
    /// Cram: choose the project and icon for `turn.material`.
    CramTarget,
    /// Dig: looking at grave pile `turn.pile`: take it or look on.
    Dig,
    /// Dig: all three piles passed: the top grave card, a candle, a vial, or nothing.
    DigEnd,
    /// Solo buy: choose pairs of market projects to clear for $1.
    BuyClear,
    /// Buy: choose market projects and stock.
    BuySelect,
    /// Buy: choose the materials to discard as payment.
    BuyPay,
    /// Spectral Sight: take grave cards from the piles.
    SpectralTake,
    /// Fill an icon without a material.
    FillTarget,
    /// Choose a project for extra-credit tokens.
    CreditTarget,
    /// Choose a project to remove demerits from.
    DemeritTarget,
    /// Choose a candle or a vial.
    StockChoice,
    /// After the action: use the staff now, or end the turn.
    AfterAction,
    /// Commit step: choose a material to commit, or finish.
    Commit,
    /// Commit step: choose the project and icon for `turn.material`.
    CommitTarget,
    /// Complete step: use the staff now, or keep it for later.
    Complete,
}

/// The scratch of the decision in progress: which stage, and what has been chosen so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// The sub-decision.
    pub stage: Stage,
    /// Where an effect returns.
    pub ret: Return,
    /// Count still to resolve (cards to take, stock to take, tokens).
    pub remaining: u8,
    /// The material chosen for a commit.
    pub material: CardId,
    /// Commits made in this batch, and the batch's limit.
    pub commits: u8,
    /// Most commits in this batch.
    pub limit: u8,
    /// Ascending order inside a batch (commits, payment, cards taken): the last id + 1.
    pub last: u8,
    /// Dig: the pile being looked at (0–2).
    pub pile: u8,
    /// Buy: market spaces chosen (bit per space).
    pub buy: u8,
    /// Buy: candles and vials chosen.
    pub candles: u8,
    /// Buy: vials chosen.
    pub vials: u8,
    /// Buy: total price (projects, stock, solo clears).
    pub price: u16,
    /// Buy: value discarded so far.
    pub paid: u16,
    /// Solo buy: the first space of a pair being cleared, `NONE` if none.
    pub clear_first: u8,
    /// An effect's icons (fill_icon) or stock choice (bit 0 candle, bit 1 vial).
    pub mask: u8,
}

/// Whose decision it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum Phase {
    /// Player setup: `seat` keeps a thesis, a project and a staff (hidden until all chose).
    Setup {
        /// Seat choosing.
        seat: u8,
    },
    /// "I. Action Step": `seat` takes its action.
    Action {
        /// Seat acting.
        seat: u8,
    },
    /// "II. Commit Step": `seat` commits (seat by seat, hidden until all have committed).
    Commit {
        /// Seat committing.
        seat: u8,
    },
    /// "III. Complete Project Step", once completions are resolved: `seat` may use its
    /// staff (seat by seat in turn order, only those whose staff can do something).
    Complete {
        /// Seat deciding.
        seat: u8,
    },
    /// The game is over.
    GameOver,
}

/// The complete state of a game of Studies in Sorcery.
#[derive(Debug)]
pub struct SorceryState {
    pub(crate) cards: Arc<CardSet>,
    pub(crate) t: Table,
}

/// Everything but the card set, serialized as one document.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// The options.
    pub config: SorceryConfig,
    /// The seed the game was created with.
    pub seed: u64,
    /// Month 0–3 (the semester track).
    pub month: u8,
    /// Week 0–3 (the moon track; week 3 is the New Moon).
    pub week: u8,
    /// The seat holding the first player token.
    pub first: u8,
    /// Whose decision.
    pub phase: Phase,
    /// The decision in progress.
    pub turn: Turn,
    /// The decision paused while a staff used in the middle of it resolves (an action's, or
    /// the commit step's for a staff used openly there; `Return::Action`); `None` otherwise.
    pub paused: Option<Turn>,
    /// The seats.
    pub players: FixedVec<Player, 4>,
    /// The 100-, 200- and 300-level decks, top last.
    pub decks: [FixedVec<CardId, NUM_PROJECTS>; 3],
    /// The market spaces (column · 2 + row), `NONE` when empty.
    pub market: [CardId; MARKET],
    /// Projects out of the game (other player counts, solo removals).
    pub removed: u64,
    /// The grave deck, top last.
    pub grave_deck: FixedVec<CardId, NUM_GRAVE>,
    /// The three grave piles, left to right.
    #[serde(with = "id_lists3")]
    pub piles: [Materials; 3],
    /// The grave discard pile (face-up).
    #[serde(with = "id_list")]
    pub discard: Materials,
    /// Stock cards (candles, vials) in the market supply.
    #[serde(with = "id_list")]
    pub stock: Materials,
    /// Cards out of the game: used research grants (returned to the box) and the grants of
    /// absent seats.
    #[serde(with = "id_list")]
    pub out: Materials,
    /// Per material: bit s set when seat s knows where the card is.
    pub known: FixedVec<u8, NUM_MATERIALS>,
    /// Per project: bit s set when seat s knows where it is.
    pub project_known: FixedVec<u8, NUM_PROJECTS>,
    /// Grave deck reshuffles so far (saturating; "If at any point a player needs to draw a
    /// card and the grave deck is empty, shuffle the discard pile of grave cards and use
    /// those cards to create a new face-down grave deck").
    pub reshuffles: u8,
    /// Per material: the generation of the grave deck it last came from (0: the deck of
    /// Game Setup; k: the deck made at the k-th reshuffle). The discard is face-up, so every
    /// seat knows which cards formed each deck: a card drawn from it face-down is known to
    /// be one of that deck's cards, and cards a seat cannot name are exchangeable only
    /// within one generation (determinization). Always 0 for stock cards and grants.
    pub generation: FixedVec<u8, NUM_MATERIALS>,
    /// Per material: 0, or the mixing group of a grave card's place: Spectral Sight took
    /// privately from the pile the card was in, and a seat that cannot see the group's cards
    /// knows their generations only together (see `mixing`). Cleared when the card goes into
    /// a new grave deck; always 0 for stock cards and grants.
    pub mixed: FixedVec<u8, NUM_MATERIALS>,
    /// Per material: bit s set when seat s, no longer knowing where the card is, knows it to
    /// be among its mixing group's places (it saw the card in the pile Spectral Sight took
    /// from). Cleared with `mixed`.
    pub known_in_group: FixedVec<u8, NUM_MATERIALS>,
    /// The solo robot.
    pub robot: Robot,
    /// The state's own random stream.
    pub rng: Rng,
    /// Actions applied so far.
    pub history: Vec<Action>,
}

/// Version of the JSON document (2: the grave deck's `reshuffles` and each card's
/// `generation`; 3: each card's mixing group, `mixed`, and `known_in_group`; 4: the Complete
/// step's staff decision, `Phase::Complete` and `Stage::Complete`; 5: a staff used in the
/// commit step pending until the reveal, `staff_pending`, and an action paused for a staff
/// used in the middle of it, `paused` and `Return::Action`).
pub const JSON_VERSION: u32 = 5;

/// A material set in the JSON document: the list of its ids, ascending.
pub(crate) mod id_list {
    use serde::{de, Deserialize, Deserializer, Serializer};

    use super::Materials;

    pub fn serialize<S: Serializer>(set: &Materials, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(super::ids(*set))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Materials, D::Error> {
        let list: Vec<u8> = Vec::deserialize(d)?;
        let mut set: Materials = 0;
        for id in list {
            if id >= 128 {
                return Err(de::Error::custom(format!(
                    "material id {id} is out of range"
                )));
            }
            // A set holds each card once: a list naming a card twice is not a state of the
            // game (two copies of one card), so it is refused rather than read as one card.
            if set & (1u128 << id) != 0 {
                return Err(de::Error::custom(format!(
                    "material id {id} is listed twice"
                )));
            }
            set |= 1u128 << id;
        }
        Ok(set)
    }
}

/// The three grave piles in the JSON document: three lists of ids.
pub(crate) mod id_lists3 {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::Materials;

    #[derive(Serialize, Deserialize)]
    struct Pile(#[serde(with = "super::id_list")] Materials);

    pub fn serialize<S: Serializer>(piles: &[Materials; 3], s: S) -> Result<S::Ok, S::Error> {
        piles.map(Pile).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Materials; 3], D::Error> {
        let piles: [Pile; 3] = Deserialize::deserialize(d)?;
        Ok(piles.map(|p| p.0))
    }
}

/// Iterates the ids in a material set, ascending.
pub fn ids(set: Materials) -> impl Iterator<Item = usize> {
    let mut s = set;
    std::iter::from_fn(move || {
        if s == 0 {
            return None;
        }
        let i = s.trailing_zeros() as usize;
        s &= s - 1;
        Some(i)
    })
}

/// [`ids`] of a set of at most 64 ids (icons, projects): the same ids, ascending, read with
/// 64-bit operations instead of 128-bit ones (a legal-action list reads such sets at every
/// step).
pub fn small_ids(set: u64) -> impl Iterator<Item = usize> {
    let mut s = set;
    std::iter::from_fn(move || {
        if s == 0 {
            return None;
        }
        let i = s.trailing_zeros() as usize;
        s &= s - 1;
        Some(i)
    })
}

/// The set holding only `id`.
#[inline]
pub fn bit(id: usize) -> Materials {
    1u128 << id
}

/// Solo Mode: "Remove the following projects: 100 level (Minor Rift), 200 level (Dark
/// Premonition, Ghostly Grifter), and 300 level (Bottled Brilliance)."
pub const SOLO_REMOVED: [&str; 4] = [
    "Minor Rift",
    "Dark Premonition",
    "Ghostly Grifter",
    "Bottled Brilliance",
];

// Copies for search that allocate nothing: see `engine::copies`.
crate::engine::search_copies!(SorceryState, Table);

impl SorceryState {
    /// A new game from a config and seed, with the default card set or `cards`.
    pub fn new_game(
        config: SorceryConfig,
        seed: u64,
        cards: Option<Arc<CardSet>>,
    ) -> EngineResult<Self> {
        let cards = cards.unwrap_or_else(CardSet::default_set);
        let n = usize::from(config.players);
        if !(1..=4).contains(&n) {
            return Err(EngineError::Config(format!(
                "Studies in Sorcery is played by 1 to 4 players, not {n}"
            )));
        }
        let theses_in_play = (0..NUM_THESES)
            .filter(|&i| match config.theses {
                Theses::All => true,
                Theses::NoSeven => cards.theses[i].credits != 7,
                Theses::None => false,
            })
            .count();
        if config.theses != Theses::None && theses_in_play < 2 * n {
            return Err(EngineError::Config(format!(
                "option theses: {theses_in_play} theses are left for {n} players (2 each)"
            )));
        }
        Ok(Self::setup(config, seed, cards))
    }

    fn setup(config: SorceryConfig, seed: u64, cards: Arc<CardSet>) -> Self {
        let n = usize::from(config.players);
        let mut rng = Rng::seed_from(seed);
        let all = ((1u16 << n) - 1) as u8;
        // Game Setup 3: remove the projects not for this player count (the back shows it);
        // Solo Mode removes four named projects.
        let mut removed = 0u64;
        for (i, p) in cards.projects.iter().enumerate() {
            let solo_out = n == 1 && SOLO_REMOVED.contains(&p.name.as_str());
            if p.players & (1 << n) == 0 || solo_out {
                removed |= 1 << i;
            }
        }
        // 4-6: shuffle each level into its deck.
        let mut decks: [FixedVec<CardId, NUM_PROJECTS>; 3] = Default::default();
        for (i, p) in cards.projects.iter().enumerate() {
            if removed & (1 << i) == 0 {
                decks[p.tier()].push(i as CardId);
            }
        }
        for d in &mut decks {
            rng.shuffle(d);
        }
        // 7: the market: two 100s, two 100s, two 200s.
        let mut market = [NONE; MARKET];
        for (space, slot) in market.iter_mut().enumerate() {
            *slot = decks[if space < 4 { 0 } else { 1 }].pop().unwrap_or(NONE);
        }
        // 8: candle and vial stacks.
        let stock = (0..NUM_MATERIALS)
            .filter(|&i| {
                matches!(
                    cards.materials[i].kind,
                    MaterialKind::Candle | MaterialKind::Vial
                )
            })
            .fold(0, |s, i| s | bit(i));
        // 9: shuffle the grave deck, deal three stacks of two.
        let mut grave_deck: FixedVec<CardId, NUM_GRAVE> = (0..NUM_GRAVE as CardId).collect();
        rng.shuffle(&mut grave_deck);
        let mut piles = [0; 3];
        for p in &mut piles {
            for _ in 0..2 {
                if let Some(c) = grave_deck.pop() {
                    *p |= bit(usize::from(c));
                }
            }
        }
        // Solo Mode: "Add the top 10 grave cards from the deck to the discard during setup."
        let mut discard = 0;
        if n == 1 {
            for _ in 0..10 {
                if let Some(c) = grave_deck.pop() {
                    discard |= bit(usize::from(c));
                }
            }
        }
        let mut known: FixedVec<u8, NUM_MATERIALS> = (0..NUM_MATERIALS).map(|_| 0).collect();
        for i in ids(discard | stock) {
            known[i] = all;
        }
        // Player Setup 1: a research grant and two random theses each.
        let mut thesis_pool: Vec<CardId> = (0..NUM_THESES as CardId)
            .filter(|&i| match config.theses {
                Theses::All => true,
                Theses::NoSeven => cards.theses[usize::from(i)].credits != 7,
                Theses::None => false,
            })
            .collect();
        rng.shuffle(&mut thesis_pool);
        let mut staff_pool: Vec<CardId> = (0..NUM_STAFFS as CardId).collect();
        if config.staffs {
            rng.shuffle(&mut staff_pool);
        }
        let mut players = FixedVec::new();
        for s in 0..n {
            let grant = FIRST_GRANT + s;
            known[grant] = all;
            let thesis_offer = if config.theses == Theses::None {
                [NONE; 2]
            } else {
                [thesis_pool[2 * s], thesis_pool[2 * s + 1]]
            };
            let staff_offer = if config.staffs {
                [staff_pool[2 * s], staff_pool[2 * s + 1]]
            } else {
                [NONE; 2]
            };
            // 2: two 100-level projects each.
            let a = decks[0].pop().unwrap_or(NONE);
            let b = decks[0].pop().unwrap_or(NONE);
            players.push(Player {
                hand: bit(grant),
                projects: FixedVec::new(),
                completed: FixedVec::new(),
                thesis_offer,
                thesis: NONE,
                project_offer: [a, b],
                project_pick: NONE,
                staff_offer,
                staff: NONE,
                staff_used: false,
                staff_pending: false,
                pending: FixedVec::new(),
            });
        }
        // Grant ids of absent seats stay in the box (known to all).
        let mut out = 0;
        for g in FIRST_GRANT + n..NUM_MATERIALS {
            known[g] = all;
            out |= bit(g);
        }
        let mut project_known: FixedVec<u8, NUM_PROJECTS> = (0..NUM_PROJECTS).map(|_| 0).collect();
        for i in 0..NUM_PROJECTS {
            if removed & (1 << i) != 0 {
                project_known[i] = all;
            }
        }
        for &c in market.iter().filter(|&&c| c != NONE) {
            project_known[usize::from(c)] = all;
        }
        for (s, p) in players.iter().enumerate() {
            for &c in &p.project_offer {
                if c != NONE {
                    project_known[usize::from(c)] = 1 << s;
                }
            }
        }
        // 4 (Player Setup): whoever most recently attended school goes first: seat 0.
        let mut state = SorceryState {
            cards,
            t: Table {
                config,
                seed,
                month: 0,
                week: 0,
                first: 0,
                phase: Phase::Setup { seat: 0 },
                turn: Turn::default(),
                paused: None,
                players,
                decks,
                market,
                removed,
                grave_deck,
                piles,
                discard,
                stock,
                out,
                known,
                project_known,
                reshuffles: 0,
                generation: (0..NUM_MATERIALS).map(|_| 0).collect(),
                mixed: (0..NUM_MATERIALS).map(|_| 0).collect(),
                known_in_group: (0..NUM_MATERIALS).map(|_| 0).collect(),
                robot: Robot::default(),
                rng,
                // A game takes a few hundred actions: one allocation up front.
                history: Vec::with_capacity(512),
            },
        };
        state.begin_setup_choice();
        state
    }

    /// The card set this game uses.
    pub fn cards(&self) -> &Arc<CardSet> {
        &self.cards
    }

    /// The table, read-only.
    pub fn table(&self) -> &Table {
        &self.t
    }

    /// Number of seats.
    pub fn n(&self) -> usize {
        usize::from(self.t.config.players)
    }

    /// Every seat's bit.
    pub(crate) fn all_seats(&self) -> u8 {
        ((1u16 << self.n()) - 1) as u8
    }

    /// The seat to act, or `None` when the game is over.
    pub fn actor(&self) -> Option<Seat> {
        match self.t.phase {
            Phase::Setup { seat }
            | Phase::Action { seat }
            | Phase::Commit { seat }
            | Phase::Complete { seat } => Some(usize::from(seat)),
            Phase::GameOver => None,
        }
    }

    /// The whole state as a versioned JSON document.
    pub fn to_json_string(&self) -> String {
        write_document(
            "sorcery",
            JSON_VERSION,
            self.cards.source.as_deref(),
            &self.t,
        )
    }

    /// Reads a document written by `to_json_string`, validating every field; never panics.
    pub fn from_json(text: &str) -> EngineResult<Self> {
        let (cards, t) = read_document(
            text,
            "sorcery",
            "Studies in Sorcery",
            JSON_VERSION,
            CardSet::default_set,
            CardSet::from_toml,
        )?;
        let state = SorceryState { cards, t };
        super::validate::validate(&state)?;
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use super::{ids, small_ids};

    /// `ids` reads a set out ascending, each id once, and ends. Read here with a bound, so a
    /// reading that never ends fails at once, before the scenario tests (each of which lists
    /// a set when it sets up a game) hang on it.
    #[test]
    fn ids_reads_each_id_of_a_set_once_ascending_and_ends() {
        for (set, expected) in [
            (0u128, vec![]),
            (1, vec![0]),
            (0b1011, vec![0, 1, 3]),
            (1 << 127 | 1 << 97 | 1 << 40, vec![40, 97, 127]),
        ] {
            let read: Vec<usize> = ids(set).take(expected.len() + 1).collect();
            assert_eq!(read, expected, "{set:#b}");
        }
        assert_eq!(ids(u128::MAX).take(129).count(), 128);
        // Small sets read the same ids either way.
        for set in [0u64, 1, 0b1011, 1 << 63 | 1 << 40 | 1 << 5, u64::MAX] {
            assert!(small_ids(set).eq(ids(u128::from(set))), "{set:#b}");
        }
    }
}
