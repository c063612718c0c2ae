//! What is on the table: the state types, setup ("Setup": Personal Area and Community Area)
//! and the versioned JSON document.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::data::{
    CardSet, Resource, NUM_ADVANTAGE, NUM_ALL_PROJECTS, NUM_CHALLENGES, NUM_PROJECTS,
    NUM_RESOURCE_CARDS, NUM_STARTING_PROJECTS,
};
use crate::engine::{
    read_document, sort_four, write_document, Action, EngineError, EngineResult, FixedVec, Rng,
    Seat,
};

/// Fewest seats of the multiplayer game.
pub const MIN_SUNRISE_PLAYERS: usize = 2;
/// Most seats.
pub const MAX_SUNRISE_PLAYERS: usize = 4;
/// "Components": 60 resources in all.
pub const TOTAL_RESOURCES: u8 = 60;
/// "Personal Area Setup" A: each player takes 15 resources.
pub const RESOURCES_PER_PLAYER: u8 = 15;
/// "Playing the Game": deal 12 resource cards to each player each day.
pub const CARDS_PER_DAY: usize = 12;
/// "Step One": draw 4 resource cards each round.
pub const CARDS_PER_ROUND: usize = 4;
/// The project row shows 4 projects ("Community Area Setup" C: "place the deck (in-progress
/// side up) and draw 3 projects to form a row of 4 visible projects").
pub const ROW_SIZE: usize = 4;
/// Row space 0 is the project deck's face-up top card, one of the 4 visible projects;
/// spaces 1-3 hold the 3 drawn projects.
pub const DECK_TOP: usize = 0;
/// "Community Area Setup" A: 3 studio challenges are used.
pub const CHALLENGES_IN_PLAY: usize = 3;
/// Days in a game and rounds in a day ("Gameplay").
pub const DAYS: u8 = 3;
/// Rounds per day: Sunrise, Midday, Sunset.
pub const ROUNDS_PER_DAY: u8 = 3;
/// A pottery wheel holds at most 5 cards: 3 kept (Efficient) + 1 passed from each neighbour
/// (in 2 players, 3 kept + 2 from the other player's Measured).
pub const MAX_WHEEL: usize = 5;

/// Project ids are indices into `CardSet::projects`; advantage ids into `advantages`;
/// resource card ids into `resource_cards`.
pub type CardId = u8;

/// The three work styles ("Work Styles"); each is used once per day.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkStyle {
    /// Keep 3, pass 1 left.
    #[default]
    Efficient = 0,
    /// Keep 2, pass 1 left and 1 right (2 players: pass 2 to the other player).
    Measured = 1,
    /// Keep 1, discard 2, pass 1 right.
    Wasteful = 2,
}

impl WorkStyle {
    /// All styles, in index order.
    pub const ALL: [WorkStyle; 3] = [
        WorkStyle::Efficient,
        WorkStyle::Measured,
        WorkStyle::Wasteful,
    ];

    /// The printed name.
    pub fn label(self) -> &'static str {
        ["Efficient", "Measured", "Wasteful"][self as usize]
    }
}

/// Where a drawn card goes in step one. The discriminant is its digit in a draft action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Destination {
    /// Onto your own pottery wheel.
    #[default]
    Keep = 0,
    /// Onto the wheel of the player to your left.
    Left = 1,
    /// Onto the wheel of the player to your right.
    Right = 2,
    /// Face-down onto the wastebasket.
    Discard = 3,
}

impl Destination {
    /// All destinations, in digit order.
    pub const ALL: [Destination; 4] = [
        Destination::Keep,
        Destination::Left,
        Destination::Right,
        Destination::Discard,
    ];
}

/// A seat's chosen (but not yet revealed) draft: the style and where each drawn card goes,
/// parallel to the seat's `hand`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftChoice {
    /// The work style chosen.
    pub style: WorkStyle,
    /// One destination per drawn card, in hand order.
    pub destinations: FixedVec<Destination, CARDS_PER_ROUND>,
}

/// A resource card on a pottery wheel, with the parts of a two-resource card already used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WheelCard {
    /// The resource card id.
    pub card: CardId,
    /// Bit i set: part i of a two-resource card is placed (one-resource cards use bit 0).
    pub used: u8,
}

/// An in-progress project or showpiece: which icons hold a resource.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Work {
    /// Project id, or advantage id for a showpiece.
    pub card: CardId,
    /// Bit i set: icon i holds a resource.
    pub filled: u8,
}

/// A completed project and the glaze type it counts as ("Studio Challenges List": the player
/// chooses one glaze of a two-glaze project).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Completed {
    /// Project id.
    pub card: CardId,
    /// The glaze it counts as.
    pub glaze: u8,
}

/// A seat's hidden choices at game end, one bit per advantage card id: reveal it for
/// scoring, discard it for 1 reserve resource, or keep it face-down ("You may reveal it as
/// late as game end & scoring"; "At any time before you reveal an advantage card, you may
/// discard it"). Applied when every seat has chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalChoice {
    /// Cards to reveal.
    pub reveal: u32,
    /// Cards to discard for a reserve resource.
    pub discard: u32,
    /// Cards to keep face-down.
    pub keep: u32,
}

impl FinalChoice {
    /// The cards decided so far.
    pub fn decided(&self) -> u32 {
        self.reveal | self.discard | self.keep
    }
}

/// Everything one seat has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Unused resources in the personal supply.
    pub supply: u8,
    /// Resources in the reserve.
    pub reserve: u8,
    /// In-progress projects, in the order taken.
    pub projects: FixedVec<Work, NUM_ALL_PROJECTS>,
    /// In-progress (revealed) showpieces.
    pub showpieces: FixedVec<Work, NUM_ADVANTAGE>,
    /// Projects whose icons are all filled, waiting for step three (project order).
    pub awaiting: FixedVec<CardId, NUM_ALL_PROJECTS>,
    /// Completed projects.
    pub completed: FixedVec<Completed, NUM_ALL_PROJECTS>,
    /// Completed showpieces (advantage ids).
    pub completed_showpieces: FixedVec<CardId, NUM_ADVANTAGE>,
    /// Face-down advantage cards in the personal area.
    pub advantages: FixedVec<CardId, NUM_ADVANTAGE>,
    /// Revealed end-game cards (personal goals, coffee beans).
    pub revealed: FixedVec<CardId, NUM_ADVANTAGE>,
    /// A revealed "Go First" waiting for the next completed project.
    pub go_first: bool,
    /// Work styles used this day (large tiles placed, revealed).
    pub styles_used: [bool; 3],
    /// The face-down draw stack of resource cards (top is the last element).
    pub stack: FixedVec<CardId, CARDS_PER_DAY>,
    /// The 4 cards drawn this round, before they are distributed.
    pub hand: FixedVec<CardId, CARDS_PER_ROUND>,
    /// The hidden draft choice, until every seat has chosen.
    pub pending: Option<DraftChoice>,
    /// Cards on the pottery wheel (revealed at step two).
    pub wheel: FixedVec<WheelCard, MAX_WHEEL>,
    /// The hidden reveal-or-discard choices at game end, until every seat has chosen.
    pub final_choice: FinalChoice,
}

/// A studio challenge in play and who has placed small tiles on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeState {
    /// Challenge card index.
    pub card: CardId,
    /// The seat on the higher point space.
    pub high: Option<u8>,
    /// Seats on the lower point space, in the order they completed it.
    pub low: FixedVec<u8, MAX_SUNRISE_PLAYERS>,
}

/// The completion bonus actions ("Completion Bonus Actions").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bonus {
    /// Take 2 projects from the row, one at a time.
    TakeTwoProjects = 0,
    /// Draw and keep 1 advantage card, then take 1 project.
    AdvantageAndProject = 1,
    /// Draw 3 advantage cards, keep 1, return 2 to the bottom in either order.
    DrawThreeKeepOne = 2,
}

impl Bonus {
    /// All bonus actions in index order.
    pub const ALL: [Bonus; 3] = [
        Bonus::TakeTwoProjects,
        Bonus::AdvantageAndProject,
        Bonus::DrawThreeKeepOne,
    ];

    /// The rulebook's name.
    pub fn label(self) -> &'static str {
        [
            "Take 2 Projects",
            "Draw & Keep 1 Advantage Card, Take 1 Project",
            "Draw 3 & Keep 1 Advantage Card",
        ][self as usize]
    }
}

/// Where a completion turn of step three stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "stage")]
pub enum TurnStage {
    /// Choose a completion bonus action.
    ChooseBonus,
    /// Take `remaining` more projects from the row.
    TakeProjects {
        /// Projects still to take.
        remaining: u8,
    },
    /// Keep one of the drawn advantage cards (the others go to the bottom in chosen order).
    KeepAdvantage {
        /// The cards drawn (2 or 3).
        drawn: FixedVec<CardId, 3>,
    },
    /// Choose which glaze a two-glaze project counts as.
    ChooseGlaze,
    /// After the bonus: convert, use advantage cards, or end the turn.
    Finish,
}

/// Which step of the round is being played, and whose decision it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum Phase {
    /// Step one: `seat` chooses a work style and distributes its 4 cards (seat by seat,
    /// hidden until all have chosen).
    Select {
        /// Seat choosing.
        seat: u8,
    },
    /// Step two: `seat` places resources from its wheel (seat by seat; all of it is public).
    Work {
        /// Seat working.
        seat: u8,
    },
    /// The start of step three: `seat`, which can convert reserve resources ("At any time,
    /// during any step"), converts or goes on, before the first completion turn.
    Convert {
        /// Seat deciding.
        seat: u8,
    },
    /// Step three: `seat` takes the completion turn of `project`.
    Complete {
        /// Seat completing.
        seat: u8,
        /// The completed project.
        project: CardId,
        /// Where the turn stands.
        turn: TurnStage,
    },
    /// "Game End & Scoring": `seat` decides, card by card, what becomes of its face-down
    /// advantage cards (hidden from the others until every seat has chosen).
    FinalChoices {
        /// Seat deciding.
        seat: u8,
    },
    /// The game is over.
    GameOver,
}

/// The complete state of a game of Sunrise at the Studio.
#[derive(Debug)]
pub struct SunriseState {
    pub(crate) cards: Arc<CardSet>,
    pub(crate) t: Table,
}

/// Everything but the card set, serialized as one document.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// Number of seats.
    pub num_players: u8,
    /// The seed the game was created with (for replays).
    pub seed: u64,
    /// Day 0..3.
    pub day: u8,
    /// Round within the day: 0 Sunrise, 1 Midday, 2 Sunset.
    pub round: u8,
    /// The project deck ran out with the row: this round is the last ("Running Out").
    pub final_round: bool,
    /// Whose decision it is.
    pub phase: Phase,
    /// The seats.
    pub players: FixedVec<Player, MAX_SUNRISE_PLAYERS>,
    /// The 3 studio challenges in play.
    pub challenges: FixedVec<ChallengeState, CHALLENGES_IN_PLAY>,
    /// The face-down rest of the project deck below its face-up top card, top last.
    pub project_deck: FixedVec<CardId, NUM_PROJECTS>,
    /// The 4 visible projects: space 0 is the project deck's face-up top card ([`DECK_TOP`]),
    /// spaces 1-3 the row drawn from it. Space 0 is empty once the deck has run out.
    pub row: [Option<CardId>; 4],
    /// Starting projects removed from the game ("Personal Area Setup" B).
    pub removed_starting: FixedVec<CardId, NUM_STARTING_PROJECTS>,
    /// The advantage deck, top first.
    pub advantage_deck: FixedVec<CardId, NUM_ADVANTAGE>,
    /// Resource cards on the wastebasket.
    pub wastebasket: FixedVec<CardId, NUM_RESOURCE_CARDS>,
    /// Resources in the community supply.
    pub community_supply: u8,
    /// Per resource card: bit s set when seat s knows where the card is.
    pub resource_known: FixedVec<u8, NUM_RESOURCE_CARDS>,
    /// Per advantage card: bit s set when seat s knows where the card is.
    pub advantage_known: FixedVec<u8, NUM_ADVANTAGE>,
    /// The state's own random stream (shuffles at the start of each day, deck draws).
    pub rng: Rng,
    /// Actions applied so far.
    pub history: Vec<Action>,
    /// Derived: each seat's open icons by resource, kept up to date by the moves (not in the
    /// document, never compared; see `open_icons`).
    #[serde(skip)]
    pub(crate) open: super::open_icons::OpenIcons,
}

/// Version of the JSON document; bump when the layout changes (2: row space 0 is the project
/// deck's face-up top card; end-game advantage choices; the step-three conversion point).
pub const JSON_VERSION: u32 = 2;

// Copies for search that allocate nothing: see `engine::copies`.
crate::engine::search_copies!(SunriseState, Table);

impl SunriseState {
    /// A new game for `players` seats (2–4) from `seed`, with the default card set or `cards`.
    pub fn new_game(players: usize, seed: u64, cards: Option<Arc<CardSet>>) -> EngineResult<Self> {
        if !(MIN_SUNRISE_PLAYERS..=MAX_SUNRISE_PLAYERS).contains(&players) {
            return Err(EngineError::Config(format!(
                "Sunrise at the Studio is played by 2 to 4 players, not {players} (the solo \
                 Friend mode's rules are not in the rulebook)"
            )));
        }
        let cards = cards.unwrap_or_else(CardSet::default_set);
        Ok(Self::setup(players, seed, cards))
    }

    fn setup(n: usize, seed: u64, cards: Arc<CardSet>) -> Self {
        let mut rng = Rng::seed_from(seed);

        // Personal Area Setup B: one random starting project each; the rest are removed.
        let mut starting: FixedVec<CardId, NUM_STARTING_PROJECTS> = (NUM_PROJECTS
            ..NUM_ALL_PROJECTS)
            .map(|i| i as CardId)
            .collect();
        rng.shuffle(&mut starting);
        let removed_starting = starting[n..].iter().copied().collect();

        let players = (0..n)
            .map(|s| {
                let mut projects = FixedVec::new();
                projects.push(Work {
                    card: starting[s],
                    filled: 0,
                });
                Player {
                    // Personal Area Setup A: 15 resources each.
                    supply: RESOURCES_PER_PLAYER,
                    reserve: 0,
                    projects,
                    showpieces: FixedVec::new(),
                    awaiting: FixedVec::new(),
                    completed: FixedVec::new(),
                    completed_showpieces: FixedVec::new(),
                    advantages: FixedVec::new(),
                    revealed: FixedVec::new(),
                    go_first: false,
                    styles_used: [false; 3],
                    stack: FixedVec::new(),
                    hand: FixedVec::new(),
                    pending: None,
                    wheel: FixedVec::new(),
                    final_choice: FinalChoice::default(),
                }
            })
            .collect();

        // Community Area Setup A: 3 of the 6 studio challenges, face-up; the rest removed.
        let mut challenge_ids: FixedVec<CardId, NUM_CHALLENGES> =
            (0..NUM_CHALLENGES as CardId).collect();
        rng.shuffle(&mut challenge_ids);
        let challenges = challenge_ids[..CHALLENGES_IN_PLAY]
            .iter()
            .map(|&c| ChallengeState {
                card: c,
                high: None,
                low: FixedVec::new(),
            })
            .collect();

        // C: shuffle the 30 projects, place the deck in-progress side up (its top card is
        // visible) and draw 3 projects to form a row of 4 visible projects.
        let mut project_deck: FixedVec<CardId, NUM_PROJECTS> =
            (0..NUM_PROJECTS as CardId).collect();
        rng.shuffle(&mut project_deck);
        let mut row = [None; ROW_SIZE];
        for slot in &mut row[1..] {
            *slot = project_deck.pop();
        }
        row[DECK_TOP] = project_deck.pop();

        // E: remove the resource cards marked for more players. The rest start on the
        // wastebasket, so day 1 begins like every day: shuffle, then deal 12 each.
        let wastebasket = cards
            .resource_cards_in_play(n)
            .map(|i| i as CardId)
            .collect();

        // F: shuffle the 30 advantage cards.
        let mut advantage_deck: FixedVec<CardId, NUM_ADVANTAGE> =
            (0..NUM_ADVANTAGE as CardId).collect();
        rng.shuffle(&mut advantage_deck);

        let mut state = SunriseState {
            cards,
            t: Table {
                num_players: n as u8,
                seed,
                day: 0,
                round: 0,
                final_round: false,
                phase: Phase::Select { seat: 0 },
                players,
                challenges,
                project_deck,
                row,
                removed_starting,
                advantage_deck,
                wastebasket,
                // G: the remaining resources form the community supply.
                community_supply: TOTAL_RESOURCES - RESOURCES_PER_PLAYER * n as u8,
                resource_known: (0..NUM_RESOURCE_CARDS).map(|_| 0).collect(),
                advantage_known: (0..NUM_ADVANTAGE).map(|_| 0).collect(),
                rng,
                history: Vec::new(),
                open: super::open_icons::OpenIcons::default(),
            },
        };
        state.rebuild_open_icons();
        // The history grows one id a step: room for the longest game up front, so a game
        // does not reallocate it as it goes.
        state.t.history.reserve(state.length_bound());
        state.begin_day();
        state
    }

    /// The card set this game uses.
    pub fn cards(&self) -> &Arc<CardSet> {
        &self.cards
    }

    /// The table (all state but the card set), read-only.
    pub fn table(&self) -> &Table {
        &self.t
    }

    /// The table, for tests that set up a position. The open icons by resource are gathered
    /// from the table until the next move rebuilds them.
    pub fn table_mut(&mut self) -> &mut Table {
        self.mark_open_icons_stale();
        &mut self.t
    }

    /// Number of seats.
    pub fn n(&self) -> usize {
        usize::from(self.t.num_players)
    }

    /// Bit mask with every seat set.
    pub(crate) fn all_seats(&self) -> u8 {
        ((1u16 << self.n()) - 1) as u8
    }

    /// The seat to the left (clockwise next) of `seat`.
    pub fn left_of(&self, seat: Seat) -> Seat {
        (seat + 1) % self.n()
    }

    /// The seat to the right of `seat`.
    pub fn right_of(&self, seat: Seat) -> Seat {
        (seat + self.n() - 1) % self.n()
    }

    /// "Playing the Game" / "Begin a New Day": shuffle the wastebasket and deal 12 face-down
    /// cards to each player; work styles become available again; then the first round starts.
    pub(crate) fn begin_day(&mut self) {
        let n = self.n();
        let mut cards = std::mem::take(&mut self.t.wastebasket);
        self.t.rng.shuffle(&mut cards);
        for &c in &cards {
            // A shuffled, face-down card: nobody knows where it is any more.
            self.t.resource_known[usize::from(c)] = 0;
        }
        for (s, chunk) in cards.chunks(CARDS_PER_DAY).enumerate().take(n) {
            let p = &mut self.t.players[s];
            p.stack = FixedVec::from_slice(chunk);
            p.styles_used = [false; 3];
        }
        self.begin_round();
    }

    /// "Step One": every player draws 4 cards from their stack; seat 0 chooses first.
    pub(crate) fn begin_round(&mut self) {
        for s in 0..self.n() {
            let p = &mut self.t.players[s];
            let at = p.stack.len().saturating_sub(CARDS_PER_ROUND);
            let mut hand: FixedVec<CardId, CARDS_PER_ROUND> = FixedVec::from_slice(&p.stack[at..]);
            p.stack.truncate(at);
            // The hand is kept sorted so a draft action's digits name cards in a fixed order
            // (card ids are distinct: the same order as any sort).
            match <&mut [CardId; CARDS_PER_ROUND]>::try_from(&mut *hand) {
                Ok(four) => sort_four(four),
                Err(_) => hand.sort_short_by_key(|&c| c),
            }
            for &c in &hand {
                self.t.resource_known[usize::from(c)] = 1 << s;
            }
            self.t.players[s].hand = hand;
        }
        self.t.phase = Phase::Select { seat: 0 };
    }

    /// Cards in the project deck, its face-up top card (row space 0) included.
    pub fn project_deck_size(&self) -> usize {
        self.t.project_deck.len() + usize::from(self.t.row[DECK_TOP].is_some())
    }

    /// "If the project deck runs out": its last card, the face-up top, has been taken.
    pub fn project_deck_ran_out(&self) -> bool {
        self.project_deck_size() == 0
    }

    /// "After taking each project, fill in the project row from the top of the project deck
    /// so there are 4 visible projects": an empty row space takes the deck's face-up top
    /// card, and the deck turns up its next card (space 0 is the deck's top itself).
    pub(crate) fn refill_row(&mut self) {
        for space in 1..ROW_SIZE {
            if self.t.row[space].is_none() {
                if self.t.row[DECK_TOP].is_none() {
                    self.t.row[DECK_TOP] = self.t.project_deck.pop();
                }
                self.t.row[space] = self.t.row[DECK_TOP].take();
            }
        }
        if self.t.row[DECK_TOP].is_none() {
            self.t.row[DECK_TOP] = self.t.project_deck.pop();
        }
    }

    /// The whole state as a versioned JSON document.
    pub fn to_json_string(&self) -> String {
        write_document(
            "sunrise",
            JSON_VERSION,
            self.cards.source.as_deref(),
            &self.t,
        )
    }

    /// Reads a document written by `to_json_string`, validating every field; never panics.
    pub fn from_json(text: &str) -> EngineResult<Self> {
        let (cards, t) = read_document(
            text,
            "sunrise",
            "Sunrise",
            JSON_VERSION,
            CardSet::default_set,
            CardSet::from_toml,
        )?;
        let mut state = SunriseState { cards, t };
        state.validate()?;
        // Derived data is not in the document: gathered from the validated table.
        state.rebuild_open_icons();
        Ok(state)
    }

    /// Checks every invariant the rules code relies on, so a document from outside can never
    /// make it index out of bounds or break conservation.
    fn validate(&self) -> EngineResult<()> {
        super::validate::validate(self)
    }

    /// Icons of an in-progress work: a project's or a showpiece's.
    #[inline]
    pub(crate) fn icons_of(&self, work: &Work, showpiece: bool) -> &[Resource] {
        let target = usize::from(work.card) + if showpiece { NUM_ALL_PROJECTS } else { 0 };
        self.cards.target_icons[target].as_slice()
    }
}
