//! The card parts of the observation (`view`): each card named by its catalogue id
//! (`catalogue`), with only what changes in play beside it — a wheel's workshop space and
//! vase, an esparto card's space, a cleanup card's cracks, the piece on a glazing workshop
//! or in a kiln. What a card is (name, face, cost, spaces, rewards…) is in the catalogue,
//! read once; fewer and smaller dicts and lists are what keep an observation cheap in
//! Python (each costs CPython tens of nanoseconds to make and to free).
//!
//! What depends only on the card set is marked [`Shared`], so that the Python binding builds
//! it once per card set and puts the same object into every observation:
//!
//! | kind | what | ids |
//! |---|---|---|
//! | 0 `CATALOGUE` | the card catalogue | 0 |
//! | 1 `COMBO` | a starting combination: `{resources, wheel}` | 5 × wheel + resource card |
//! | 2 `COMPETITION_BACK` | a Competition card's back: the piece names of each round | 0..9 |
//!
//! Struct fields are declared in alphabetical order, as the observation's (see `view`).

use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use super::catalogue::{catalogue_id, Catalogue, FIRST_STARTING_WHEEL};
use super::data::{CardSet, CardType, CompetitionCard, NUM_ENDGAME, NUM_GAME_CARDS, PIECE_NAMES};
use super::state::{Cleanup, Combo, Esparto, Hand, Player, Slot, Wheel};
use crate::engine::{FixedVec, Shared};

/// Kind of the card catalogue (see the module's table).
pub const CATALOGUE: u8 = 0;
/// Kind of a starting combination.
pub const COMBO: u8 = 1;
/// Kind of a Competition card's back.
pub const COMPETITION_BACK: u8 = 2;

impl CardSet {
    /// The catalogue (`catalogue`), marked shared: what the Python observation holds under
    /// `"cards"`, and what `card_catalogue("nijar")` returns — one object per card set.
    pub fn shared_catalogue(&self) -> Shared<Catalogue<'_>> {
        Shared::new(CATALOGUE, 0, self.catalogue())
    }
}

/// The cards of a hand the viewer may see (all of its own; of another's, those it knows), by
/// catalogue id.
#[derive(Clone, Copy)]
pub struct HandView<'a> {
    hand: Hand,
    /// Who knows each card: another seat's card is shown if `known[c] & seen != 0`.
    known: &'a [u8],
    /// The viewer's bit, or `None` for the viewer's own hand (every card shown).
    seen: Option<u8>,
}

impl<'a> HandView<'a> {
    /// The cards of `hand` shown: all of them for `seen` `None` (the viewer's own hand), else
    /// those whose `known` entry has a bit of `seen`.
    pub(super) fn new(hand: Hand, known: &'a [u8], seen: Option<u8>) -> Self {
        HandView { hand, known, seen }
    }

    /// The ids shown, ascending.
    pub fn ids(&self) -> impl Iterator<Item = usize> + '_ {
        self.hand
            .ids()
            .filter(|&c| self.seen.is_none_or(|bit| self.known[c] & bit != 0))
    }
}

impl Serialize for HandView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Card ids are below 92: each fits a byte.
        serializer.collect_seq(self.ids().map(|c| c as u8))
    }
}

/// The viewer's own pending 10.2 choice: `"keep"`, or the catalogue id of the endgame card
/// to play face-down.
#[derive(Clone, Copy, Serialize)]
#[serde(untagged)]
pub enum PendingView {
    /// `"keep"`: play no card this round.
    Keep(&'static str),
    /// The endgame card to play face-down.
    Play(u8),
}

/// The catalogue ids of the endgame cards a seat played face-down.
#[derive(Clone, Copy)]
pub struct EndgameCards {
    played: u16,
}

impl EndgameCards {
    /// The cards of `played` (bit `i`: endgame card `80 + i`).
    pub(super) fn new(played: u16) -> Self {
        EndgameCards { played }
    }
}

impl Serialize for EndgameCards {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let ids = (0..NUM_ENDGAME).filter(|i| self.played & (1 << i) != 0);
        serializer.collect_seq(ids.map(|i| (NUM_GAME_CARDS + i) as u8))
    }
}

/// Every card on a seat's workshop, as one list in card-type order — potter's wheels
/// ([`WheelView`]), esparto cards ([`EspartoView`]), cleanup cards ([`CleanupView`]),
/// glazing workshops, glaze kilns and firing kilns ([`SlotView`]) — each type's starting card
/// first, then the others in the order played. One list, not one a type: six lists a seat
/// were a tenth of an observation, and the catalogue tells each card's type.
#[derive(Clone, Copy)]
pub struct WorkshopView<'a>(pub(super) &'a Player);

impl Serialize for WorkshopView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let p = self.0;
        let len = p.wheels.len()
            + p.esparto.len()
            + p.cleanups.len()
            + p.workshops.len()
            + p.glaze_kilns.len()
            + p.firing_kilns.len();
        let mut seq = serializer.serialize_seq(Some(len))?;
        for w in &p.wheels {
            seq.serialize_element(&wheel_view(w))?;
        }
        for e in &p.esparto {
            seq.serialize_element(&esparto_view(e))?;
        }
        for c in &p.cleanups {
            seq.serialize_element(&cleanup_view(c))?;
        }
        for s in &p.workshops {
            seq.serialize_element(&slot_view::<3>(s))?;
        }
        for s in &p.glaze_kilns {
            seq.serialize_element(&slot_view::<4>(s))?;
        }
        for s in &p.firing_kilns {
            seq.serialize_element(&slot_view::<5>(s))?;
        }
        seq.end()
    }
}

/// A potter's wheel in a workshop and its vase.
#[derive(Clone, Copy, Serialize)]
pub struct WheelView {
    /// Its catalogue id.
    pub card: u8,
    /// Its workshop space (0: the centre).
    pub space: u8,
    /// Spaces the vase advanced (0: on the grey start space; the catalogue's `spaces` long:
    /// at the end).
    pub vase: u8,
}

fn wheel_view(w: &Wheel) -> WheelView {
    WheelView {
        card: catalogue_id(w.card, CardType::Wheel),
        space: w.slot,
        vase: w.pos,
    }
}

/// An esparto card on an esparto space.
#[derive(Clone, Copy, Serialize)]
pub struct EspartoView {
    /// Its catalogue id.
    pub card: u8,
    /// Its esparto space.
    pub space: u8,
}

fn esparto_view(e: &Esparto) -> EspartoView {
    EspartoView {
        card: catalogue_id(e.card, CardType::Esparto),
        space: e.slot,
    }
}

/// A cleanup card and the cracks on it.
#[derive(Clone, Copy, Serialize)]
pub struct CleanupView {
    /// Its catalogue id.
    pub card: u8,
    /// Cracks on its spaces (of the catalogue's `crack_spaces`).
    pub cracks: u8,
}

fn cleanup_view(c: &Cleanup) -> CleanupView {
    CleanupView {
        card: catalogue_id(c.card, CardType::Cleanup),
        cracks: c.cracks,
    }
}

/// The name of a piece held by a workshop or kiln (0 none, 1 + piece type).
fn piece_name(code: u8) -> Option<&'static str> {
    (code != 0).then(|| PIECE_NAMES[usize::from(code - 1).min(2)])
}

/// A glazing workshop (`TYPE` 3), glaze kiln (4) or firing kiln (5) and the piece on it.
#[derive(Clone, Copy, Serialize)]
pub struct SlotView<const TYPE: usize> {
    /// Its catalogue id.
    pub card: u8,
    /// The piece on it, if any ("Plate", "Jug", "Pot").
    pub piece: Option<&'static str>,
}

fn slot_view<const TYPE: usize>(s: &Slot) -> SlotView<TYPE> {
    SlotView {
        card: catalogue_id(s.card, CardType::ALL[TYPE]),
        piece: piece_name(s.piece),
    }
}

/// A starting combination on offer (4.3).
#[derive(Clone, Copy, Serialize)]
pub struct ComboView {
    /// The starting resource card (its index in the catalogue's `starting_resources`).
    pub resources: u8,
    /// The starting wheel's catalogue id.
    pub wheel: u8,
}

pub(super) fn combo_view(c: &Combo) -> Shared<ComboView> {
    Shared::new(
        COMBO,
        usize::from(c.wheel) * 5 + usize::from(c.res),
        ComboView {
            resources: c.res,
            wheel: FIRST_STARTING_WHEEL + c.wheel,
        },
    )
}

/// A revealed Competition card: its index in the catalogue's `competition`.
pub(super) fn competition_card(id: &u8) -> u8 {
    *id
}

/// A Competition card's back: the piece actions of each round, by piece name.
#[derive(Clone, Copy)]
pub struct CompetitionBack<'a>(&'a CompetitionCard);

impl Serialize for CompetitionBack<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.pieces.iter().map(PieceNames))
    }
}

/// The back of Competition card `i`.
pub(super) fn competition_back(cards: &CardSet, i: usize) -> Shared<CompetitionBack<'_>> {
    Shared::new(COMPETITION_BACK, i, CompetitionBack(&cards.competition[i]))
}

/// Piece types by name.
struct PieceNames<'a>(&'a FixedVec<u8, 2>);

impl Serialize for PieceNames<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|&t| PIECE_NAMES[usize::from(t)]))
    }
}
