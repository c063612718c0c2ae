//! What is on the table: the state types, the configuration, setup (4.1–4.3) and the
//! versioned JSON document.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::data::{
    Act, CardSet, CardType, NUM_CARD_IDS, NUM_ENDGAME, NUM_GAME_CARDS, STARTING_BASE, STARTING_CARD,
};
use crate::engine::{
    read_document, write_document, Action, EngineError, EngineResult, FixedVec, Rng, Seat,
};

/// Fewest seats (1: the solo game against the Competition, 12).
pub const MIN_NIJAR_PLAYERS: usize = 1;
/// The Competition's index in the seat-indexed tables (donkeys, spaces, turn order) of a
/// solo game; it is not a seat of the engine.
pub const COMP: u8 = 1;
/// Most seats.
pub const MAX_NIJAR_PLAYERS: usize = 4;
/// "No card / nobody" in a byte field.
pub const EMPTY: u8 = 255;
/// Rounds in a game (6).
pub const ROUNDS: u8 = 3;
/// Columns of craftswoman spaces: three always open, then A (3–4 players) and B (4 players).
pub const COLUMNS: usize = 5;
/// Craftswomen at the start of the game (10.1: 7/6/5 in rounds 1/2/3).
pub const CRAFTSWOMEN: u8 = 7;
/// 5.3: 34 Perra Gorda tokens + 4 of value 5.
pub const TOTAL_PG: u8 = 54;
/// 5.3: 22 glazes + 4 of value 5.
pub const TOTAL_GLAZES: u8 = 42;
/// 32 cracks.
pub const TOTAL_CRACKS: u8 = 32;
/// 20 wooden vases.
pub const TOTAL_VASES: u8 = 20;
/// 5.1: at most 7 clay.
pub const MAX_CLAY: u8 = 7;
/// 5.1: the cleaning area has 8 spaces.
pub const CLEANING_AREA: u8 = 8;
/// Most cards of one building type in a workshop: the starting card and the deck's 12.
pub const MAX_BUILDINGS: usize = 13;
/// JSON document version (2: each seat's pending 10.2 choice, `endgame_pending`).
pub const JSON_VERSION: u32 = 2;
/// Deepest stack of pending action groups (nested triggered actions).
pub const MAX_FRAMES: usize = 24;
/// Most tasks in one group: a row's action and up to 7 bonuses.
pub const MAX_TASKS: usize = 8;
/// Most spaces one throw moves: 7 Throwing Bonuses of one placement (9.4).
pub const MAX_THROW: usize = MAX_TASKS - 1;

/// The options of a game (issue 8 §1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NijarConfig {
    /// Place the action tiles as in the first-game illustration (4.1.1).
    pub first_game_layout: bool,
    /// Solo difficulty (12.10): 0 Normal, 1 Advanced, 2 Expert.
    #[serde(default)]
    pub difficulty: u8,
}

impl NijarConfig {
    /// Reads the keyword options, rejecting an unknown key or a bad value by name.
    pub fn from_options(
        players: usize,
        options: &serde_json::Map<String, serde_json::Value>,
    ) -> EngineResult<Self> {
        let mut config = NijarConfig::default();
        for (key, value) in options {
            match key.as_str() {
                "first_game_layout" => {
                    config.first_game_layout = value.as_bool().ok_or_else(|| {
                        EngineError::Config(format!(
                            "option first_game_layout must be true or false, not {value}"
                        ))
                    })?;
                }
                "difficulty" => {
                    let level = ["normal", "advanced", "expert"]
                        .iter()
                        .position(|x| Some(*x) == value.as_str());
                    let Some(level) = level else {
                        return Err(EngineError::Config(format!(
                            "option difficulty must be \"normal\", \"advanced\" or \"expert\", not {value}"
                        )));
                    };
                    config.difficulty = level as u8;
                    if players != 1 {
                        return Err(EngineError::Config(
                            "option difficulty applies to the solo game (players=1) only"
                                .to_string(),
                        ));
                    }
                }
                other => {
                    return Err(EngineError::Config(format!(
                        "Níjar has no option {other:?}"
                    )));
                }
            }
        }
        Ok(config)
    }
}

/// A hand of card ids (game cards 0..80, endgame cards 80..92) as a bitset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand(pub [u64; 2]);

impl Hand {
    /// Whether `id` is in the hand.
    pub fn has(&self, id: usize) -> bool {
        self.0[id / 64] & (1 << (id % 64)) != 0
    }
    /// Adds `id`.
    pub fn insert(&mut self, id: usize) {
        self.0[id / 64] |= 1 << (id % 64);
    }
    /// Removes `id`.
    pub fn remove(&mut self, id: usize) {
        self.0[id / 64] &= !(1 << (id % 64));
    }
    /// The ids, ascending (set bits found by counting zeros, not by testing all 92 ids: the
    /// observation lists every hand).
    pub fn ids(&self) -> impl Iterator<Item = usize> + '_ {
        Hand::bits([self.0[0], self.0[1] & ((1 << (NUM_CARD_IDS - 64)) - 1)])
    }

    /// The set bits of `words`, ascending: the two words read as one number (no branch on
    /// which word holds the next bit).
    fn bits(words: [u64; 2]) -> impl Iterator<Item = usize> {
        let mut bits = u128::from(words[1]) << 64 | u128::from(words[0]);
        std::iter::from_fn(move || {
            let i = bits.trailing_zeros() as usize;
            bits &= bits.wrapping_sub(1);
            (i < 128).then_some(i)
        })
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        (self.0[0].count_ones() + self.0[1].count_ones()) as usize
    }
    /// Whether empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The endgame scoring cards held, as indices `i` of cards `80 + i`, ascending.
    pub fn endgame_indices(&self) -> impl Iterator<Item = u8> {
        let mut bits = (self.0[1] >> (NUM_GAME_CARDS - 64)) & ((1 << NUM_ENDGAME) - 1);
        std::iter::from_fn(move || {
            let i = bits.trailing_zeros();
            bits &= bits.wrapping_sub(1);
            (i < 64).then_some(i as u8)
        })
    }
    /// The game cards held (ids below 80), ascending.
    pub fn game_card_ids(&self) -> impl Iterator<Item = usize> {
        Hand::bits([self.0[0], self.0[1] & ((1 << (NUM_GAME_CARDS - 64)) - 1)])
    }
    /// Number of endgame scoring cards.
    pub fn endgame_count(&self) -> usize {
        ((self.0[1] >> (NUM_GAME_CARDS - 64)) & ((1 << NUM_ENDGAME) - 1)).count_ones() as usize
    }
}

/// A potter's wheel in a workshop: its card, the workshop space (0: the centre, where the
/// starting wheel goes; 1..=4 the wheel spaces) and how far its vase has advanced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wheel {
    /// Card id (< 16), or `STARTING_BASE + k` for a starting wheel.
    pub card: u8,
    /// Workshop space.
    pub slot: u8,
    /// Spaces advanced; equal to the card's length once completed.
    pub pos: u8,
}

/// A kiln or glazing workshop and the piece in it (0 none, 1 + piece type).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    /// Card id, or `STARTING_CARD`.
    pub card: u8,
    /// 0 empty, 1 + piece type.
    pub piece: u8,
}

/// A cleanup card and the cracks on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cleanup {
    /// Card id, or `STARTING_CARD`.
    pub card: u8,
    /// Cracks on its spaces.
    pub cracks: u8,
}

/// An esparto card played on an esparto space.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Esparto {
    /// Card id.
    pub card: u8,
    /// Esparto space (0..3).
    pub slot: u8,
}

/// Where a seat's immediate VP came from (for `explain_score`).
pub const VP_SOURCES: [&str; 5] = [
    "Sales",
    "Potter's wheels",
    "Technology track",
    "Cleanup rewards",
    "Other",
];

/// One player's workshop and supply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Immediate VP by source (`VP_SOURCES`).
    pub vp: [i32; 5],
    /// Perra Gorda tokens.
    pub pg: u8,
    /// Glazes.
    pub glaze: u8,
    /// Clay (0..=7).
    pub clay: u8,
    /// Cracks in the cleaning area (0..=8).
    pub cracks: u8,
    /// Technology marker: 0, 1, 2 (1, 2, 3 spaces per throw).
    pub tech: u8,
    /// Potter's wheels.
    pub wheels: FixedVec<Wheel, 5>,
    /// Played esparto cards (the printed one is implicit).
    pub esparto: FixedVec<Esparto, 3>,
    /// Cleanup cards, the starting one first.
    pub cleanups: FixedVec<Cleanup, MAX_BUILDINGS>,
    /// Glazing workshops, the starting one first.
    pub workshops: FixedVec<Slot, MAX_BUILDINGS>,
    /// Glaze kilns.
    pub glaze_kilns: FixedVec<Slot, MAX_BUILDINGS>,
    /// Firing kilns.
    pub firing_kilns: FixedVec<Slot, MAX_BUILDINGS>,
    /// Unpainted pieces in the drying area, by type.
    pub drying: [u8; 3],
    /// Pieces sold, by type.
    pub sold: [u8; 3],
    /// The hand (hidden).
    pub hand: Hand,
    /// Endgame scoring cards played face-down (bit i: card 80 + i).
    pub endgame_played: u16,
    /// This round's 10.2 choice, held hidden until every deciding seat has chosen (the
    /// choice is simultaneous); `None` before the seat chooses and outside 10.2.
    pub endgame_pending: Option<EndgameChoice>,
    /// Craftswomen available.
    pub workers: u8,
    /// Craftswomen placed on the closed shop card (7.2.5).
    pub on_shop: u8,
    /// Shop closed (7.2.4).
    pub shop_closed: bool,
    /// Turns taken this round.
    pub turns: u8,
}

/// A seat's choice in 10.2: keep its endgame cards, or play card `80 + i` face-down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndgameChoice {
    /// Play no card this round.
    Keep,
    /// Play endgame card `80 + i`.
    Play(u8),
}

/// Who is on a craftswoman space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Occupant {
    /// Seat, or `EMPTY`.
    pub seat: u8,
    /// Craftswomen.
    pub count: u8,
}

impl Default for Occupant {
    fn default() -> Self {
        Occupant {
            seat: EMPTY,
            count: 0,
        }
    }
}

/// A revealed combination of a starting wheel and a starting resource card (4.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combo {
    /// Starting wheel index (0..5).
    pub wheel: u8,
    /// Starting resource card index (0..5).
    pub res: u8,
}

/// The general supply (5.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Supply {
    /// Perra Gorda tokens.
    pub pg: u8,
    /// Glazes.
    pub glaze: u8,
    /// Cracks.
    pub cracks: u8,
    /// Wooden vases.
    pub vases: u8,
    /// Plates, jugs, pots.
    pub pieces: [u8; 3],
}

/// A pending task in a group: an act, a row's action (any of its three), any main-board
/// action (the Indalo), or any bonus (closing the shop, 7.2.5).
pub type Task = u8;
/// Task code of "one of row r's actions" is `TASK_ROW + r`.
pub const TASK_ROW: u8 = 20;
/// Task code of "any main-board action".
pub const TASK_ANY: u8 = 23;
/// Task code of "any bonus from the board but the printed esparto".
pub const TASK_ANY_BONUS: u8 = 24;

/// A group of pending tasks the player resolves in the order they choose (or, for a
/// throw's benefits, in the order the vases advanced).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// Only the first task may be resolved next (8.5).
    pub ordered: bool,
    /// The tasks.
    pub tasks: FixedVec<Task, MAX_TASKS>,
}

/// A compound action in progress (its remaining sub-decisions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Mode {
    /// No compound action in progress.
    #[default]
    Idle,
    /// 8.1: taking up to `left` more cards, in any order; `refreshed` the rows that may not
    /// be refreshed (any more): those already refreshed, or all three for the Acquire Card
    /// bonus (9.6). (Documents written before the cards could be taken in any order also
    /// carry a `last` position; it is ignored on load.)
    Acquire {
        /// Cards that may still be taken.
        left: u8,
        /// Cards taken so far.
        taken: u8,
        /// Rows refreshed or closed to refreshing (bit per row).
        refreshed: u8,
    },
    /// 8.1: move the donkey (then refill).
    Donkey {
        /// Whether a card was acquired (then the donkey must move if it can).
        acquired: bool,
    },
    /// 8.5: vase moves left and the benefits reached so far, in order (a Throw moves up to
    /// 3 spaces; a group's Throwing Bonuses, 9.4, up to one per craftswoman placed).
    Throw {
        /// Spaces left.
        left: u8,
        /// Benefits reached, in order.
        benefits: FixedVec<Act, MAX_THROW>,
    },
    /// 8.7: further moves, in option order from `last`.
    Fire {
        /// The last option used.
        last: u8,
    },
    /// 8.8: further paints, in workshop order after `last`.
    Paint {
        /// The last workshop used.
        last: u8,
    },
    /// 8.9: cracks still to place, on any cleanup cards with room. (Documents written before
    /// the cracks could be placed in any order also carry a `last` card; it is ignored on
    /// load.)
    Clean {
        /// Cracks left to place.
        left: u8,
        /// Cracks taken from the cleaning area in all.
        taken: u8,
    },
    /// 8.10: the reward of the `next`-th esparto card (0: the printed one).
    Esparto {
        /// The next esparto card.
        next: u8,
    },
    /// 7.2.3: a second sale (options from `last` on).
    Sell {
        /// The last option sold.
        last: u8,
    },
}

/// The phase of the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// 4.3: the `k`-th seat in reverse turn order chooses a combination.
    SetupCombo {
        /// Index in reverse turn order.
        k: u8,
    },
    /// 4.3.3: the same seat places its donkey.
    SetupDonkey {
        /// Index in reverse turn order.
        k: u8,
    },
    /// 7.1: the first player may re-roll the market dice once.
    Reroll,
    /// 7.2: player turns.
    #[default]
    Turns,
    /// 10.2: the `k`-th seat in turn order may play an endgame card face-down; the choices
    /// of the seats before it are pending (hidden) until the last seat has chosen.
    Endgame {
        /// Index in turn order.
        k: u8,
    },
    /// The game is over.
    Over,
}

/// The Competition of the solo game (12.2): no resources, only craftswomen, a donkey, a deck
/// and at most one piece of each type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solo {
    /// Its face-down deck (top = last).
    pub deck: FixedVec<u8, 9>,
    /// Its revealed cards this round, in order.
    pub revealed: FixedVec<u8, 9>,
    /// Craftswomen available.
    pub workers: u8,
    /// Craftswomen on its closed shop.
    pub on_shop: u8,
    /// Shop closed.
    pub shop_closed: bool,
    /// Turns taken this round.
    pub turns: u8,
    /// VP: sales, returning your craftswomen, its closed shop and missing pieces.
    pub vp: [i32; 3],
    /// Its play area: 0 no piece, 1 unpainted, 2 painted (plate, jug, pot).
    pub pieces: [u8; 3],
    /// Pieces it sold (returned to the box).
    pub sold: [u8; 3],
    /// Draft cards its donkey discarded (out of the game).
    pub discards: FixedVec<u8, 80>,
}

/// Everything on the table but the card data.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// Seats.
    pub num_players: u8,
    /// The seed.
    pub seed: u64,
    /// The options.
    pub config: NijarConfig,
    /// Round 0, 1, 2.
    pub round: u8,
    /// The phase.
    pub phase: Phase,
    /// The action tile on each space, row by row (act codes).
    pub layout: [u8; 9],
    /// The bonus under each column (act code), `EMPTY` for a column not in play.
    pub columns: [u8; COLUMNS],
    /// The two bonus tiles on the Special Action (beside its printed Collect Esparto).
    pub special: [u8; 2],
    /// Craftswomen on the action spaces, row by row.
    pub spaces: [[Occupant; COLUMNS]; 3],
    /// Craftswomen on the Special Action, by seat.
    pub special_stack: [u8; 4],
    /// Demand tile value (0, 1, 2) for each round's row and column.
    pub demand: [[u8; 3]; 3],
    /// Market marker heights (plate, jug, pot).
    pub heights: [u8; 3],
    /// The market dice as last rolled.
    pub dice: [u8; 3],
    /// The three decks (top = last).
    pub decks: [FixedVec<u8, 32>; 3],
    /// The draft area: row r from deck r, `EMPTY` for an empty space.
    pub draft: [[u8; 5]; 3],
    /// Each seat's donkey position (row * 5 + column), `EMPTY` before placement.
    pub donkeys: [u8; 4],
    /// The turn-order track, left to right.
    pub order: FixedVec<u8, 4>,
    /// The right-hand track: the seat on each space, or `EMPTY`.
    pub right: [u8; 4],
    /// Holder of the first-player token.
    pub first_token: u8,
    /// Starting combinations still on offer.
    pub combos: FixedVec<Combo, 5>,
    /// The general supply.
    pub supply: Supply,
    /// The players.
    pub players: FixedVec<Player, 4>,
    /// Seat whose turn it is (during `Turns`).
    pub turn_seat: u8,
    /// Whether that seat's turn has begun (a turn move was made).
    pub in_turn: bool,
    /// Pending groups of tasks, innermost last.
    pub frames: FixedVec<Frame, MAX_FRAMES>,
    /// The compound action in progress.
    pub mode: Mode,
    /// Craftswomen returned to closed shops whose reward is still to be chosen (7.2.5).
    pub shop_rewards: [u8; 4],
    /// For each card id, the seats that know where it is.
    pub known: FixedVec<u8, NUM_CARD_IDS>,
    /// The random stream (future draws and dice).
    pub rng: Rng,
    /// The Competition (solo games only).
    #[serde(default)]
    pub solo: Solo,
    /// Actions applied so far.
    pub history: Vec<Action>,
    /// Derived: the counts the greedy heuristic reads, kept up to date by the moves (not in
    /// the document, never compared; see `tally`).
    #[serde(skip)]
    pub(crate) tally: super::tally::Tally,
}

/// A game of Níjar.
#[derive(Debug)]
pub struct NijarState {
    pub(crate) cards: Arc<CardSet>,
    pub(crate) t: Table,
}

// Copies for search that allocate nothing: see `engine::copies`.
crate::engine::search_copies!(NijarState, Table);

impl NijarState {
    /// A new game for `players` seats from `seed` (`cards`: `None` for the default set).
    pub fn new_game(
        players: usize,
        seed: u64,
        cards: Option<Arc<CardSet>>,
        config: NijarConfig,
    ) -> EngineResult<Self> {
        if !(MIN_NIJAR_PLAYERS..=MAX_NIJAR_PLAYERS).contains(&players) {
            return Err(EngineError::Config(format!(
                "Níjar is played by 1 (solo) to 4 players, not {players}"
            )));
        }
        let cards = cards.unwrap_or_else(CardSet::default_set);
        let n = players;
        let mut rng = Rng::seed_from(seed);
        let b = &cards.board;
        // 4.1.1: the tiles, at random unless the first-game layout is asked for; "Turn
        // Order" and "Play a Card" may not share a row.
        // Solo (12.1.1): the First Player Action and Play a Card in one row instead.
        let solo = n == 1;
        let mut layout = if solo {
            b.solo_first_game_layout
        } else {
            b.first_game_layout
        };
        if !config.first_game_layout {
            loop {
                rng.shuffle(&mut layout);
                let row = |a: Act| layout.iter().position(|x| *x == a).unwrap_or(0) / 3;
                if (row(Act::Play) == row(Act::FirstPlayer)) == solo {
                    break;
                }
            }
        }
        // Solo: set up as for two players (12.1.1).
        let board_n = n.max(2);
        // 4.1.3: the tiles for this player count; two at random on the Special Action,
        // the rest on the open columns (three, plus A with 3 players, plus B with 4).
        let mut tiles: Vec<u8> = b
            .bonus_tiles
            .iter()
            .filter(|(_, m)| usize::from(*m) <= board_n)
            .map(|(a, _)| *a as u8)
            .collect();
        rng.shuffle(&mut tiles);
        let special = [tiles[0], tiles[1]];
        let mut columns = [EMPTY; COLUMNS];
        for (c, &t) in tiles[2..].iter().enumerate() {
            columns[c] = t;
        }
        // 4.1.4: each round's row of demand tiles (a 2, a 1, a 0), placed at random.
        let mut demand = [[0u8; 3]; 3];
        for row in &mut demand {
            let mut v = [2u8, 1, 0];
            rng.shuffle(&mut v);
            *row = v;
        }
        // 4.1.6: three decks by cardback, shuffled.
        let mut decks: [FixedVec<u8, 32>; 3] = Default::default();
        for id in 0..NUM_GAME_CARDS {
            decks[CardType::of(id).deck()].push(id as u8);
        }
        for d in &mut decks {
            rng.shuffle(d);
        }
        let mut known: FixedVec<u8, NUM_CARD_IDS> = (0..NUM_CARD_IDS).map(|_| 0).collect();
        // Solo: the Competition's deck, shuffled (12.1.3).
        let mut comp_deck: FixedVec<u8, 9> = (0..9).collect();
        if solo {
            rng.shuffle(&mut comp_deck);
        }
        let all = ((1u16 << n) - 1) as u8;
        let mut draft = [[EMPTY; 5]; 3];
        for (r, row) in draft.iter_mut().enumerate() {
            for slot in row.iter_mut() {
                if let Some(c) = decks[r].pop() {
                    *slot = c;
                    known[usize::from(c)] = all;
                }
            }
        }
        // 4.2: the players' boards and starting cards; 4.2.6: 3 endgame cards and one card
        // of each deck, hidden.
        let mut endgame: Vec<u8> = (NUM_GAME_CARDS..NUM_CARD_IDS).map(|i| i as u8).collect();
        rng.shuffle(&mut endgame);
        let mut players: FixedVec<Player, 4> = FixedVec::new();
        for s in 0..n {
            let mut p = Player {
                workers: CRAFTSWOMEN,
                ..Player::default()
            };
            p.cleanups.push(Cleanup {
                card: STARTING_CARD,
                cracks: 0,
            });
            p.workshops.push(Slot {
                card: STARTING_CARD,
                piece: 0,
            });
            p.glaze_kilns.push(Slot {
                card: STARTING_CARD,
                piece: 0,
            });
            p.firing_kilns.push(Slot {
                card: STARTING_CARD,
                piece: 0,
            });
            for &e in &endgame[s * 3..s * 3 + 3] {
                p.hand.insert(usize::from(e));
                known[usize::from(e)] = 1 << s;
            }
            for deck in &mut decks {
                if let Some(c) = deck.pop() {
                    p.hand.insert(usize::from(c));
                    known[usize::from(c)] = 1 << s;
                }
            }
            players.push(p);
        }
        // 4.3: seat 0 is the first player; the others follow clockwise. One more
        // combination than players, shuffled wheels beside shuffled resource cards.
        let mut wheels: Vec<u8> = (0..5).collect();
        let mut res: Vec<u8> = (0..5).collect();
        rng.shuffle(&mut wheels);
        rng.shuffle(&mut res);
        // Solo: two combinations (12.1.1).
        let combos = (0..=n.max(1))
            .map(|i| Combo {
                wheel: wheels[i],
                res: res[i],
            })
            .collect();
        let t = Table {
            num_players: n as u8,
            seed,
            config,
            round: 0,
            phase: Phase::SetupCombo { k: 0 },
            layout: layout.map(|a| a as u8),
            columns,
            special,
            spaces: [[Occupant::default(); COLUMNS]; 3],
            special_stack: [0; 4],
            demand,
            heights: [0; 3],
            dice: [0; 3],
            decks,
            draft,
            donkeys: [EMPTY; 4],
            // Solo: you are first in round 1, the Competition second (12.1.2).
            order: (0..n.max(2) as u8).collect(),
            right: [EMPTY; 4],
            first_token: 0,
            combos,
            supply: Supply {
                pg: super::state::TOTAL_PG,
                glaze: TOTAL_GLAZES,
                cracks: TOTAL_CRACKS,
                vases: TOTAL_VASES,
                // 4.1.7 / 12.1.1: 4 of each per player, 8 in solo.
                pieces: [4 * board_n as u8; 3],
            },
            players,
            turn_seat: 0,
            in_turn: false,
            frames: FixedVec::new(),
            mode: Mode::Idle,
            shop_rewards: [0; 4],
            known,
            rng,
            solo: Solo {
                deck: if solo { comp_deck } else { FixedVec::new() },
                workers: if solo { CRAFTSWOMEN } else { 0 },
                ..Solo::default()
            },
            history: Vec::with_capacity(512), // a few hundred actions: one allocation
            tally: super::tally::Tally::default(),
        };
        let mut state = NijarState { cards, t };
        state.rebuild_tally();
        Ok(state)
    }

    /// The card data.
    pub fn cards(&self) -> &Arc<CardSet> {
        &self.cards
    }

    /// The table, read-only.
    pub fn table(&self) -> &Table {
        &self.t
    }

    /// The table, for tests that set up a position. The heuristic's running counts are
    /// recounted from the table until the next move rebuilds them.
    pub fn table_mut(&mut self) -> &mut Table {
        self.mark_tally_stale();
        &mut self.t
    }

    /// Number of seats.
    pub fn n(&self) -> usize {
        usize::from(self.t.num_players)
    }

    /// Whether this is the solo game against the Competition.
    pub fn is_solo(&self) -> bool {
        self.t.num_players == 1
    }

    /// Every seat's bit.
    pub(crate) fn all_seats(&self) -> u8 {
        ((1u16 << self.n()) - 1) as u8
    }

    /// The act on tile `i` (row * 3 + k).
    pub fn tile(&self, i: usize) -> Act {
        Act::from_code(self.t.layout[i]).unwrap_or_default()
    }

    /// Whether column `c` is in play (4.1.2).
    pub fn column_open(&self, c: usize) -> bool {
        self.t.columns[c] != EMPTY
    }

    /// The seat that picks in setup step `k` (reverse turn order).
    pub(crate) fn setup_seat(&self, k: u8) -> Seat {
        let n = self.n();
        usize::from(self.t.order[n - 1 - usize::from(k)])
    }

    /// The whole state as a versioned JSON document.
    pub fn to_json_string(&self) -> String {
        write_document("nijar", JSON_VERSION, self.cards.source.as_deref(), &self.t)
    }

    /// Reads a document written by `to_json_string`, validating every field; never panics.
    pub fn from_json(text: &str) -> EngineResult<Self> {
        let (cards, t) = read_document(
            text,
            "nijar",
            "Níjar",
            JSON_VERSION,
            CardSet::default_set,
            CardSet::from_toml,
        )?;
        let mut state = NijarState { cards, t };
        super::validate::validate(&state)?;
        state.rebuild_tally();
        Ok(state)
    }

    /// Number of endgame cards (ids `NUM_GAME_CARDS..`), for loops.
    pub const ENDGAME_IDS: std::ops::Range<usize> = NUM_GAME_CARDS..NUM_GAME_CARDS + NUM_ENDGAME;

    /// Whether a workshop id names a starting wheel.
    pub fn is_starting_wheel(id: u8) -> bool {
        id >= STARTING_BASE && id != STARTING_CARD
    }
}

/// Starting wheels' workshop ids begin here (re-exported for the rules code).
pub const STARTING_BASE_U8: u8 = STARTING_BASE;
