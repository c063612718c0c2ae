//! The observation of a seat as a typed value that borrows the state: what that seat may see
//! and nothing else (who knows what: `observe`).
//!
//! It serializes to the observation JSON (`observation_json`), and the Python binding turns it
//! straight into a dict. Cards are named by catalogue id (`catalogue`), beside only what
//! changes in play; the Python dict also holds the catalogue itself under `"cards"`, built
//! once per card set and shared (the JSON document leaves it out, as Sunrise's does). Every
//! other part that depends only on the card set (a starting combination, a Competition
//! card's back) is marked [`Shared`], so the Python binding builds it once per card set too.
//!
//! What can be counted from the rest is left out (a hand's size, the number of seats, the
//! Competition's revealed cards); Python's `craftgames.nijar.spelled_out` writes the cards out
//! and counts those again, in the shape the board reads.
//!
//! Struct fields are declared in alphabetical order: the observation was once a `serde_json`
//! tree, whose maps are sorted, so its Python dicts kept sorted keys, and they still do.
//!
//! The card parts, and the numbering of the kinds of shared part their marks use, are in
//! `view_cards`.

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use super::catalogue::Catalogue;
use super::data::{Act, CardSet, CardType, NUM_CARD_IDS, NUM_GAME_CARDS};
use super::state::{
    Combo, EndgameChoice, Frame, Mode, NijarState, Phase, Player, COMP, EMPTY, MAX_FRAMES,
};
use super::view_cards::{
    combo_view, competition_back, competition_card, ComboView, CompetitionBack, EndgameCards,
    HandView, PendingView, WorkshopView,
};
use crate::engine::{FixedVec, PerSeat, Seat, Shared};

/// What `viewer` sees of the table.
#[derive(Clone, Serialize)]
pub struct Observation<'a> {
    /// The card catalogue (Python only: `observation_view_with_catalogue`; the JSON document
    /// leaves it out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Shared<Catalogue<'a>>>,
    /// The bonus under each column (act key), null for a column not in play.
    pub column_bonuses: FixedVec<Option<&'static str>, 5>,
    /// The starting combinations still on offer (4.3).
    pub combos: Each<'a, Combo, Shared<ComboView>>,
    /// The Competition (solo games only).
    pub competition: Option<CompetitionView<'a>>,
    /// Cards left in each deck.
    pub deck_sizes: [usize; 3],
    /// Demand tile value for each round's row and column.
    pub demand: &'a [[u8; 3]; 3],
    /// The market dice as last rolled.
    pub dice: &'a [u8; 3],
    /// The draft area's 15 spaces, row by row (row × 5 + column, as a donkey's position):
    /// each card's catalogue id, null for an empty space.
    pub draft: [Option<u8>; 15],
    /// Holder of the first-player token.
    pub first_player_token: u8,
    /// Pending groups of tasks, innermost last.
    pub frames: &'a FixedVec<Frame, MAX_FRAMES>,
    /// Always `"nijar"`.
    pub game: &'static str,
    /// Cards outside the table the viewer knows the place of: its own endgame cards
    /// returned to the box, cards it saw returned to a deck.
    pub known_elsewhere: FixedVec<u8, NUM_CARD_IDS>,
    /// The action tile on each space, row by row (act keys).
    pub layout: [&'static str; 9],
    /// Market marker heights (plate, jug, pot).
    pub market_heights: &'a [u8; 3],
    /// The compound action in progress.
    pub mode: ModeView,
    /// The phase.
    pub phase: PhaseView,
    /// Every seat as the viewer sees it, by seat.
    pub players_view: PerSeat<PlayerView<'a>>,
    /// The right-hand track: the seat on each space, or null.
    pub right_track: FixedVec<Option<u8>, 4>,
    /// Round 1 to 3.
    pub round: u8,
    /// Craftswomen returned to closed shops whose reward is still to be chosen, by seat.
    pub shop_rewards: &'a [u8],
    /// Craftswomen on the main board's action spaces.
    pub spaces: SpacesView,
    /// The two bonus tiles on the Special Action (act keys).
    pub special_bonuses: [&'static str; 2],
    /// Craftswomen on the Special Action, by seat.
    pub special_stack: &'a [u8],
    /// The general supply.
    pub supply: SupplyView,
    /// The seat to act, null when nobody is to act.
    pub to_act: Option<Seat>,
    /// The turn-order track, left to right.
    pub turn_order: &'a [u8],
    /// Seat whose turn it is (during the turns).
    pub turn_seat: u8,
    /// The seat observing.
    pub viewer: Seat,
}

/// One seat as the viewer sees it.
#[derive(Clone, Serialize)]
pub struct PlayerView<'a> {
    /// Clay (0..=7).
    pub clay: u8,
    /// Cracks in the cleaning area.
    pub cracks: u8,
    /// Craftswomen available.
    pub craftswomen: u8,
    /// The seat's donkey position (row × 5 + column), 255 before placement.
    pub donkey: u8,
    /// Pieces in the drying area, by type.
    pub drying: &'a [u8; 3],
    /// 10.2: the viewer's own choice while the others are still choosing ("keep" or the
    /// card's catalogue id); null for another seat and outside 10.2.
    pub endgame_pending: Option<PendingView>,
    /// Endgame cards the seat played face-down.
    pub endgame_played: u32,
    /// Their catalogue ids: the viewer's own, or everyone's once the game is over (else
    /// null).
    pub endgame_played_cards: Option<EndgameCards>,
    /// Glazes.
    pub glazes: u8,
    /// The viewer's own hand by catalogue id (null for another seat).
    pub hand: Option<HandView<'a>>,
    /// Cards in the hand by cardback (deck 1, 2, 3).
    pub hand_by_deck: [usize; 3],
    /// Endgame scoring cards in the hand.
    pub hand_endgame: usize,
    /// Another seat's cards the viewer knows, by catalogue id (null for the viewer's own).
    pub known_hand: Option<HandView<'a>>,
    /// Craftswomen on the closed shop card (7.2.5).
    pub on_shop: u8,
    /// Perra Gorda tokens.
    pub perra_gorda: u8,
    /// The score if the game ended now.
    pub score: i32,
    /// The seat.
    pub seat: Seat,
    /// Shop closed (7.2.4).
    pub shop_closed: bool,
    /// Pieces sold, by type.
    pub sold: &'a [u8; 3],
    /// The technology marker's space (1, 2, 3).
    pub technology: u8,
    /// Turns taken this round.
    pub turns: u8,
    /// Immediate VP by source (`VP_SOURCES`).
    pub vp_by_source: &'a [i32; 5],
    /// Every card on the workshop and what lies on it (`WorkshopView`).
    pub workshop: WorkshopView<'a>,
}

/// A list shown item by item from the state while it is serialized (nothing collected).
#[derive(Clone, Copy)]
pub struct Each<'a, T, V> {
    items: &'a [T],
    show: fn(&'a T) -> V,
}

impl<'a, T, V: Serialize + 'a> Each<'a, T, V> {
    /// The items, as they are shown.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = V> + 'a {
        self.items.iter().map(self.show)
    }
}

impl<'a, T, V: Serialize + 'a> Serialize for Each<'a, T, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// The main board's 15 action spaces (3 rows of columns 1, 2, 3, A, B), row by row (index
/// row × 5 + column): who stands on each, as two lists rather than a dict a space (15 dicts
/// were a tenth of an observation in Python).
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct SpacesView {
    /// Craftswomen on each space.
    pub counts: [u8; 15],
    /// Their seat, null for an empty space.
    pub seats: [Option<u8>; 15],
}

/// The general supply (5.3).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SupplyView {
    /// Cracks.
    pub cracks: u8,
    /// Glazes.
    pub glaze: u8,
    /// Perra Gorda tokens.
    pub pg: u8,
    /// Plates, jugs, pots.
    pub pieces: [u8; 3],
    /// Wooden vases.
    pub vases: u8,
}

/// The phase, as the state document writes it (`{"phase": name}` and its index `k`), with
/// the keys sorted.
#[derive(Clone, Copy, Debug)]
pub struct PhaseView(pub Phase);

impl Serialize for PhaseView {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (name, k) = match self.0 {
            Phase::SetupCombo { k } => ("setup_combo", Some(k)),
            Phase::SetupDonkey { k } => ("setup_donkey", Some(k)),
            Phase::Reroll => ("reroll", None),
            Phase::Turns => ("turns", None),
            Phase::Endgame { k } => ("endgame", Some(k)),
            Phase::Over => ("over", None),
        };
        let mut out = serializer.serialize_struct("Phase", 1 + usize::from(k.is_some()))?;
        if let Some(k) = k {
            out.serialize_field("k", &k)?;
        }
        out.serialize_field("phase", name)?;
        out.end()
    }
}

/// The compound action in progress, as the state document writes it (`{"kind": name}` and
/// its fields), with the keys sorted.
#[derive(Clone, Copy, Debug)]
pub struct ModeView(pub Mode);

impl Serialize for ModeView {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Each variant's fields, sorted, with "kind" in its place among them.
        match self.0 {
            Mode::Idle => {
                let mut out = serializer.serialize_struct("Mode", 1)?;
                out.serialize_field("kind", "idle")?;
                out.end()
            }
            Mode::Acquire {
                left,
                taken,
                refreshed,
            } => {
                let mut out = serializer.serialize_struct("Mode", 4)?;
                out.serialize_field("kind", "acquire")?;
                out.serialize_field("left", &left)?;
                out.serialize_field("refreshed", &refreshed)?;
                out.serialize_field("taken", &taken)?;
                out.end()
            }
            Mode::Donkey { acquired } => {
                let mut out = serializer.serialize_struct("Mode", 2)?;
                out.serialize_field("acquired", &acquired)?;
                out.serialize_field("kind", "donkey")?;
                out.end()
            }
            Mode::Throw { left, benefits } => {
                let mut out = serializer.serialize_struct("Mode", 3)?;
                out.serialize_field("benefits", &benefits)?;
                out.serialize_field("kind", "throw")?;
                out.serialize_field("left", &left)?;
                out.end()
            }
            Mode::Fire { last } => last_only(serializer, "fire", last),
            Mode::Paint { last } => last_only(serializer, "paint", last),
            Mode::Sell { last } => last_only(serializer, "sell", last),
            Mode::Clean { left, taken } => {
                let mut out = serializer.serialize_struct("Mode", 3)?;
                out.serialize_field("kind", "clean")?;
                out.serialize_field("left", &left)?;
                out.serialize_field("taken", &taken)?;
                out.end()
            }
            Mode::Esparto { next } => {
                let mut out = serializer.serialize_struct("Mode", 2)?;
                out.serialize_field("kind", "esparto")?;
                out.serialize_field("next", &next)?;
                out.end()
            }
        }
    }
}

/// A mode whose only field is `last`.
fn last_only<S: Serializer>(
    serializer: S,
    kind: &'static str,
    last: u8,
) -> Result<S::Ok, S::Error> {
    let mut out = serializer.serialize_struct("Mode", 2)?;
    out.serialize_field("kind", kind)?;
    out.serialize_field("last", &last)?;
    out.end()
}

/// The Competition as a seat sees it (solo, 12): its pieces, craftswomen, shop and score,
/// the back of its top card (the piece actions of each round), the cards it revealed this
/// round, in order, and the number of cards left in its deck.
#[derive(Clone, Serialize)]
pub struct CompetitionView<'a> {
    /// Craftswomen available.
    pub craftswomen: u8,
    /// Cards left in its face-down deck.
    pub deck_size: usize,
    /// normal, advanced or expert (12.10).
    pub difficulty: &'static str,
    /// Draft cards its donkey discarded.
    pub discards: usize,
    /// Its donkey's position.
    pub donkey: u8,
    /// Craftswomen on its closed shop.
    pub on_shop: u8,
    /// Its play area: none, unpainted or painted (plate, jug, pot).
    pub pieces: [&'static str; 3],
    /// Its cards revealed this round, in order (indices in the catalogue's `competition`).
    pub revealed: Each<'a, u8, u8>,
    /// Its score if the game ended now.
    pub score: i32,
    /// Shop closed.
    pub shop_closed: bool,
    /// Pieces it sold.
    pub sold: &'a [u8; 3],
    /// The back of its top card: the piece names of each round.
    pub top_card_back: Option<Shared<CompetitionBack<'a>>>,
    /// Turns taken this round.
    pub turns: u8,
    /// VP: sales, returning your craftswomen, its closed shop and missing pieces.
    pub vp: &'a [i32; 3],
}

/// The act key of a tile code ("?" for none).
fn act_key(code: u8) -> &'static str {
    Act::from_code(code).map_or("?", |a| a.key())
}

/// A seat byte as a seat or null (`EMPTY`).
fn seat_or_null(seat: u8) -> Option<u8> {
    (seat != EMPTY).then_some(seat)
}

impl NijarState {
    /// The observation of `viewer` as JSON (`observation_json`).
    pub fn observation(&self, viewer: Seat) -> serde_json::Value {
        serde_json::to_value(self.observation_view(viewer)).unwrap_or_default()
    }

    /// The observation of `viewer` with the card catalogue under `cards`: the Python dict's
    /// shape (the binding builds the catalogue once per card set and shares it).
    pub fn observation_view_with_catalogue(&self, viewer: Seat) -> Observation<'_> {
        Observation {
            cards: Some(self.cards.shared_catalogue()),
            ..self.observation_view(viewer)
        }
    }

    /// The observation of `viewer`, typed (it serializes to `observation_json`).
    pub fn observation_view(&self, viewer: Seat) -> Observation<'_> {
        let t = &self.t;
        let n = self.n();
        let bit = 1u8 << viewer;
        let scores = self.all_scores();
        let players_view = (0..n)
            .map(|s| self.player_view(s, viewer, scores[s]))
            .collect();
        let mut draft = [None; 15];
        let mut spaces = SpacesView::default();
        for (i, (&card, o)) in t
            .draft
            .iter()
            .flatten()
            .zip(t.spaces.iter().flatten())
            .enumerate()
        {
            draft[i] = (card != EMPTY).then_some(card);
            spaces.counts[i] = o.count;
            spaces.seats[i] = seat_or_null(o.seat);
        }
        let placed = self.on_table_or_hand();
        let known_elsewhere = (0..NUM_CARD_IDS)
            .filter(|&c| t.known[c] & bit != 0 && !placed.has(c))
            .map(|c| c as u8)
            .collect();
        Observation {
            cards: None,
            column_bonuses: t
                .columns
                .iter()
                .map(|&a| Act::from_code(a).map(|a| a.key()))
                .collect(),
            combos: Each {
                items: &t.combos,
                show: combo_view,
            },
            competition: self.competition_view(),
            deck_sizes: t.decks.each_ref().map(|d| d.len()),
            demand: &t.demand,
            dice: &t.dice,
            draft,
            first_player_token: t.first_token,
            frames: &t.frames,
            game: "nijar",
            known_elsewhere,
            layout: t.layout.map(act_key),
            market_heights: &t.heights,
            mode: ModeView(t.mode),
            phase: PhaseView(t.phase),
            players_view,
            right_track: t.right[..n].iter().map(|&s| seat_or_null(s)).collect(),
            round: t.round + 1,
            shop_rewards: &t.shop_rewards[..n],
            spaces,
            special_bonuses: t.special.map(act_key),
            special_stack: &t.special_stack[..n],
            supply: SupplyView {
                cracks: t.supply.cracks,
                glaze: t.supply.glaze,
                pg: t.supply.pg,
                pieces: t.supply.pieces,
                vases: t.supply.vases,
            },
            to_act: self.actor(),
            turn_order: &t.order,
            turn_seat: t.turn_seat,
            viewer,
        }
    }

    /// Seat `s` as `viewer` sees it.
    fn player_view(&self, s: Seat, viewer: Seat, score: i32) -> PlayerView<'_> {
        let t = &self.t;
        let p: &Player = &t.players[s];
        let me = s == viewer;
        // The viewer's own cards are all shown; of another's, those the viewer knows (a card
        // taken from the face-up draft area).
        let hand = HandView::new(p.hand, &t.known, (!me).then_some(1 << viewer));
        let mut hand_by_deck = [0; 3];
        for c in p.hand.game_card_ids() {
            hand_by_deck[CardType::of(c).deck()] += 1;
        }
        let played = (me || t.phase == Phase::Over).then_some(p.endgame_played);
        PlayerView {
            clay: p.clay,
            cracks: p.cracks,
            craftswomen: p.workers,
            donkey: t.donkeys[s],
            drying: &p.drying,
            // 10.2: the seat's own choice while the others are still choosing.
            endgame_pending: p.endgame_pending.filter(|_| me).map(|choice| match choice {
                EndgameChoice::Keep => PendingView::Keep("keep"),
                // Endgame card `i` is card `80 + i`, below 92: a byte.
                EndgameChoice::Play(i) => PendingView::Play(NUM_GAME_CARDS as u8 + i),
            }),
            endgame_played: p.endgame_played.count_ones(),
            endgame_played_cards: played.map(EndgameCards::new),
            glazes: p.glaze,
            hand: me.then_some(hand),
            hand_by_deck,
            hand_endgame: p.hand.endgame_count(),
            known_hand: (!me).then_some(hand),
            on_shop: p.on_shop,
            perra_gorda: p.pg,
            score,
            seat: s,
            shop_closed: p.shop_closed,
            sold: &p.sold,
            technology: p.tech + 1,
            turns: p.turns,
            vp_by_source: &p.vp,
            workshop: WorkshopView(p),
        }
    }

    /// The Competition's view (solo games only).
    fn competition_view(&self) -> Option<CompetitionView<'_>> {
        if !self.is_solo() {
            return None;
        }
        let cards: &CardSet = &self.cards;
        let s = &self.t.solo;
        const LEVELS: [&str; 3] = ["normal", "advanced", "expert"];
        const STATES: [&str; 3] = ["none", "unpainted", "painted"];
        Some(CompetitionView {
            craftswomen: s.workers,
            deck_size: s.deck.len(),
            difficulty: LEVELS[usize::from(self.t.config.difficulty.min(2))],
            discards: s.discards.len(),
            donkey: self.t.donkeys[usize::from(COMP)],
            on_shop: s.on_shop,
            pieces: s.pieces.map(|p| STATES[usize::from(p.min(2))]),
            // 12.5: each card is revealed face-up, so every revealed card of the round is
            // known (12.10's Expert "you may consult the revealed cards" lets a person look
            // back; a seat with perfect recall has seen them all in any mode).
            revealed: Each {
                items: &s.revealed,
                show: competition_card,
            },
            score: self.competition_score(),
            shop_closed: s.shop_closed,
            sold: &s.sold,
            top_card_back: s
                .deck
                .last()
                .map(|&id| competition_back(cards, usize::from(id))),
            turns: s.turns,
            vp: &s.vp,
        })
    }
}
