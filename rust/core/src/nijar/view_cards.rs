//! The card parts of the observation (`view`): a card's face, spelled out as the table
//! renderers read it, and the cards of the workshops, hands, draft area and Competition.
//! Whatever depends only on the card set and a card id is marked [`Shared`]: the Python
//! binding builds it once per card set and puts the same object into every observation. The
//! sentences of a face (`faces`) are written only when a face is serialized (JSON, or the
//! first time in Python), never when the view is built.
//!
//! Struct fields are declared in alphabetical order, as the observation's (see `view`).
//! |---|---|---|
//! | 0 `DRAFT_CARD` | a draft-area card: `{face, id, name, type}` | game card ids 0..80 |
//! | 1 `HAND_CARD` | a card in a hand or a pending 10.2 play: `{face, id, name}` | card ids 0..92 |
//! | 2 `FACE` | a card's face text | card ids 0..92; starting wheel `k`: 100 + k; the starting glazing workshop, glaze kiln and firing kiln: 110, 111, 112 |
//! | 3 `ESPARTO_REWARDS` | an esparto card's two reward labels | esparto ids 16..32; the printed esparto card: 255 |
//! | 4 `CLEANUP_REWARD` | a cleanup card's reward label | cleanup ids 32..44; the starting cleanup card: 255 |
//! | 5 `PAINT_COST` | a glazing workshop's paint cost | workshop ids 44..56; the starting workshop: 255 |
//! | 6 `WHEEL_SPACES` | a potter's wheel's vase spaces (act keys) | wheel ids 0..16; starting wheel `k`: 100 + k |
//! | 7 `COMPETITION_CARD` | a revealed Competition card: `{donkey, face, name, space}` | 0..9 |
//! | 8 `COMPETITION_BACK` | a Competition card's back: the piece names of each round | 0..9 |
//! | 9 `PRINTED_ESPARTO` | the printed esparto card: `{name, rewards}` | 0 |
//! | 10 `COMBO` | a starting combination: `{resources, wheel}` | 5 × wheel + resource card |

use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};

use super::data::{
    cost_label, Act, Amount, CardSet, CardType, CompetitionCard, Cost, DonkeyIcon, NUM_ENDGAME,
    NUM_GAME_CARDS, PIECE_NAMES, STARTING_BASE, STARTING_CARD,
};
use super::state::{Cleanup, Combo, Esparto, Hand, Slot, Wheel};
use crate::engine::{FixedVec, Shared};

/// Kind of a draft-area card (see the module's table).
pub const DRAFT_CARD: u8 = 0;
/// Kind of a card in a hand.
pub const HAND_CARD: u8 = 1;
/// Kind of a card's face text.
pub const FACE: u8 = 2;
/// Kind of an esparto card's reward labels.
pub const ESPARTO_REWARDS: u8 = 3;
/// Kind of a cleanup card's reward label.
pub const CLEANUP_REWARD: u8 = 4;
/// Kind of a glazing workshop's paint cost.
pub const PAINT_COST: u8 = 5;
/// Kind of a potter's wheel's vase spaces.
pub const WHEEL_SPACES: u8 = 6;
/// Kind of a revealed Competition card.
pub const COMPETITION_CARD: u8 = 7;
/// Kind of a Competition card's back.
pub const COMPETITION_BACK: u8 = 8;
/// Kind of the printed esparto card.
pub const PRINTED_ESPARTO: u8 = 9;
/// Kind of a starting combination.
pub const COMBO: u8 = 10;

/// The `FACE` id of the starting card of a building type (110, 111, 112).
fn starting_building_face_id(kind: CardType) -> usize {
    110 + kind as usize - CardType::GlazingWorkshop as usize
}

/// The text of a card's face (`faces`), written when it is serialized.
#[derive(Clone, Copy)]
pub struct FaceText<'a> {
    cards: &'a CardSet,
    card: FaceOf,
}

/// Which face a [`FaceText`] shows.
#[derive(Clone, Copy)]
enum FaceOf {
    /// A game or endgame card.
    Card(usize),
    /// A potter's wheel in a workshop (a game card, or `STARTING_BASE + k`).
    Wheel(u8),
    /// A glazing workshop or kiln in a workshop (a game card, or `STARTING_CARD`).
    Building(u8, CardType),
    /// A Competition card.
    Competition(usize),
}

impl<'a> FaceText<'a> {
    /// The face of card id `id`, marked with its `FACE` id.
    fn card(cards: &'a CardSet, id: usize) -> Shared<Self> {
        Shared::new(
            FACE,
            id,
            FaceText {
                cards,
                card: FaceOf::Card(id),
            },
        )
    }

    /// The face of the wheel `id` in a workshop.
    fn wheel(cards: &'a CardSet, id: u8) -> Shared<Self> {
        // A game wheel's workshop face is its card face (`CardSet::face`); a starting
        // wheel's id 100 + k is its `FACE` id.
        Shared::new(
            FACE,
            usize::from(id),
            FaceText {
                cards,
                card: FaceOf::Wheel(id),
            },
        )
    }

    /// The face of the glazing workshop or kiln `id` of type `kind` in a workshop.
    fn building(cards: &'a CardSet, id: u8, kind: CardType) -> Shared<Self> {
        let face_id = if id == STARTING_CARD {
            starting_building_face_id(kind)
        } else {
            usize::from(id)
        };
        Shared::new(
            FACE,
            face_id,
            FaceText {
                cards,
                card: FaceOf::Building(id, kind),
            },
        )
    }
}

impl Serialize for FaceText<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = match self.card {
            FaceOf::Card(id) => self.cards.face(id),
            FaceOf::Wheel(id) => self
                .cards
                .wheel_face(self.cards.wheel(id), id >= STARTING_BASE),
            FaceOf::Building(id, kind) => self.cards.building_face(id, kind),
            FaceOf::Competition(i) => CardSet::competition_face(&self.cards.competition[i]),
        };
        serializer.serialize_str(&text)
    }
}

/// A card in the draft area.
#[derive(Clone, Copy, Serialize)]
pub struct DraftCard<'a> {
    /// Its face.
    pub face: FaceText<'a>,
    /// Card id.
    pub id: usize,
    /// Its name.
    pub name: &'a str,
    /// Its type ("Potter's Wheel", …).
    pub r#type: &'static str,
}

/// Game card `id` in the draft area.
pub(super) fn draft_card(cards: &CardSet, id: usize) -> Shared<DraftCard<'_>> {
    Shared::new(
        DRAFT_CARD,
        id,
        DraftCard {
            face: FaceText {
                cards,
                card: FaceOf::Card(id),
            },
            id,
            name: cards.name(id),
            r#type: CardType::of(id).label(),
        },
    )
}

/// A card in a hand (or a pending 10.2 play).
#[derive(Clone, Copy, Serialize)]
pub struct HandCard<'a> {
    /// Its face.
    pub face: FaceText<'a>,
    /// Card id.
    pub id: usize,
    /// Its name.
    pub name: &'a str,
}

pub(super) fn hand_card(cards: &CardSet, id: usize) -> Shared<HandCard<'_>> {
    Shared::new(
        HAND_CARD,
        id,
        HandCard {
            face: FaceText {
                cards,
                card: FaceOf::Card(id),
            },
            id,
            name: cards.name(id),
        },
    )
}

/// The cards of a hand the viewer may see (all of its own; of another's, those it knows).
#[derive(Clone, Copy)]
pub struct HandView<'a> {
    cards: &'a CardSet,
    hand: Hand,
    /// Who knows each card: another seat's card is shown if `known[c] & seen != 0`.
    known: &'a [u8],
    /// The viewer's bit, or `None` for the viewer's own hand (every card shown).
    seen: Option<u8>,
}

impl<'a> HandView<'a> {
    /// The cards of `hand` shown: all of them for `seen` `None` (the viewer's own hand), else
    /// those whose `known` entry has a bit of `seen`.
    pub(super) fn new(cards: &'a CardSet, hand: Hand, known: &'a [u8], seen: Option<u8>) -> Self {
        HandView {
            cards,
            hand,
            known,
            seen,
        }
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
        serializer.collect_seq(self.ids().map(|c| hand_card(self.cards, c)))
    }
}

/// The viewer's own pending 10.2 choice.
#[derive(Clone, Copy, Serialize)]
#[serde(untagged)]
pub enum PendingView<'a> {
    /// `"keep"`: play no card this round.
    Keep(&'static str),
    /// The endgame card to play face-down.
    Play(Shared<HandCard<'a>>),
}

/// The names (`FACES` false) or faces (true) of the endgame cards a seat played face-down.
#[derive(Clone, Copy)]
pub struct EndgameCards<'a, const FACES: bool> {
    cards: &'a CardSet,
    played: u16,
}

impl<'a, const FACES: bool> EndgameCards<'a, FACES> {
    /// The cards of `played` (bit `i`: endgame card `80 + i`).
    pub(super) fn new(cards: &'a CardSet, played: u16) -> Self {
        EndgameCards { cards, played }
    }
}

impl<const FACES: bool> Serialize for EndgameCards<'_, FACES> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let ids = (0..NUM_ENDGAME).filter(|i| self.played & (1 << i) != 0);
        let mut seq = serializer.serialize_seq(Some(self.played.count_ones() as usize))?;
        for i in ids {
            if FACES {
                seq.serialize_element(&FaceText::card(self.cards, NUM_GAME_CARDS + i))?;
            } else {
                seq.serialize_element(self.cards.endgame[i].name.as_str())?;
            }
        }
        seq.end()
    }
}

/// A potter's wheel in a workshop and its vase.
#[derive(Clone, Copy, Serialize)]
pub struct WheelView<'a> {
    /// The card's face.
    pub face: Shared<FaceText<'a>>,
    /// VP on completing it (8.5).
    pub finish_vp: u8,
    /// Its spaces.
    pub length: usize,
    /// Its name.
    pub name: &'a str,
    /// Its workshop space (0: the centre).
    pub space: u8,
    /// The act on each of its spaces (act keys).
    pub spaces: Shared<ActKeys<'a>>,
    /// Spaces the vase advanced.
    pub vase: u8,
}

pub(super) fn wheel_view<'a>(cards: &'a CardSet, w: &'a Wheel) -> WheelView<'a> {
    let card = cards.wheel(w.card);
    WheelView {
        face: FaceText::wheel(cards, w.card),
        finish_vp: card.finish_vp,
        length: card.spaces.len(),
        name: &card.name,
        space: w.slot,
        spaces: Shared::new(WHEEL_SPACES, usize::from(w.card), ActKeys(&card.spaces)),
        vase: w.pos,
    }
}

/// Acts by their keys.
#[derive(Clone, Copy)]
pub struct ActKeys<'a>(&'a [Act]);

impl Serialize for ActKeys<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|a| a.key()))
    }
}

/// Amounts by their labels ("2 Glazes"), written when serialized.
#[derive(Clone, Copy)]
pub struct Labels<'a>(&'a [Amount]);

impl Serialize for Labels<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|a| a.label()))
    }
}

/// An esparto card on an esparto space.
#[derive(Clone, Copy, Serialize)]
pub struct EspartoView<'a> {
    /// Its name.
    pub name: &'a str,
    /// Its two rewards (8.10).
    pub rewards: Shared<Labels<'a>>,
    /// Its esparto space.
    pub space: u8,
}

pub(super) fn esparto_view<'a>(cards: &'a CardSet, e: &'a Esparto) -> EspartoView<'a> {
    let card = cards.esparto_card(e.card);
    EspartoView {
        name: &card.name,
        rewards: Shared::new(ESPARTO_REWARDS, usize::from(e.card), Labels(&card.rewards)),
        space: e.slot,
    }
}

/// The printed esparto card's face.
#[derive(Clone, Copy, Serialize)]
pub struct EspartoFace<'a> {
    /// Its name.
    pub name: &'a str,
    /// Its two rewards.
    pub rewards: Shared<Labels<'a>>,
}

/// The printed esparto card (8.10: "the Starting Esparto Card printed on your Workshop
/// Board").
pub(super) fn printed_esparto(cards: &CardSet) -> Shared<EspartoFace<'_>> {
    Shared::new(
        PRINTED_ESPARTO,
        0,
        EspartoFace {
            name: &cards.printed_esparto.name,
            rewards: Shared::new(
                ESPARTO_REWARDS,
                usize::from(STARTING_CARD),
                Labels(&cards.printed_esparto.rewards),
            ),
        },
    )
}

/// A cleanup card and the cracks on it.
#[derive(Clone, Copy, Serialize)]
pub struct CleanupView<'a> {
    /// Cracks on its spaces.
    pub cracks: u8,
    /// Its name.
    pub name: &'a str,
    /// Its reward once every space is filled.
    pub reward: Shared<Label<'a>>,
    /// Its crack spaces.
    pub spaces: u8,
}

/// An amount by its label, written when serialized.
#[derive(Clone, Copy)]
pub struct Label<'a>(&'a Amount);

impl Serialize for Label<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0.label())
    }
}

pub(super) fn cleanup_view<'a>(cards: &'a CardSet, c: &'a Cleanup) -> CleanupView<'a> {
    let card = cards.cleanup(c.card);
    CleanupView {
        cracks: c.cracks,
        name: &card.name,
        reward: Shared::new(CLEANUP_REWARD, usize::from(c.card), Label(&card.reward)),
        spaces: card.spaces,
    }
}

/// A cost by its label, written when serialized.
#[derive(Clone, Copy)]
pub struct CostLabel<'a>(&'a Cost);

impl Serialize for CostLabel<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&cost_label(self.0))
    }
}

/// The name of a piece held by a workshop or kiln (0 none, 1 + piece type).
fn piece_name(code: u8) -> Option<&'static str> {
    (code != 0).then(|| PIECE_NAMES[usize::from(code - 1).min(2)])
}

/// A glazing workshop and the piece on it.
#[derive(Clone, Copy, Serialize)]
pub struct WorkshopView<'a> {
    /// The card's face.
    pub face: Shared<FaceText<'a>>,
    /// Its name.
    pub name: &'a str,
    /// What painting here costs (8.8).
    pub paint: Shared<CostLabel<'a>>,
    /// The piece being painted, if any.
    pub piece: Option<&'static str>,
}

pub(super) fn workshop_view<'a>(cards: &'a CardSet, w: &'a Slot) -> WorkshopView<'a> {
    WorkshopView {
        face: FaceText::building(cards, w.card, CardType::GlazingWorkshop),
        name: cards.workshop_label(w.card, CardType::GlazingWorkshop),
        paint: Shared::new(
            PAINT_COST,
            usize::from(w.card),
            CostLabel(cards.paint_cost(w.card)),
        ),
        piece: piece_name(w.piece),
    }
}

/// A glaze kiln (`TYPE` 4) or firing kiln (5) and the piece in it.
#[derive(Clone, Copy, Serialize)]
pub struct KilnView<'a, const TYPE: usize> {
    /// The card's face.
    pub face: Shared<FaceText<'a>>,
    /// Its name.
    pub name: &'a str,
    /// The piece in it, if any.
    pub piece: Option<&'static str>,
}

pub(super) fn kiln_view<'a, const TYPE: usize>(
    cards: &'a CardSet,
    k: &'a Slot,
) -> KilnView<'a, TYPE> {
    let kind = CardType::ALL[TYPE];
    KilnView {
        face: FaceText::building(cards, k.card, kind),
        name: cards.workshop_label(k.card, kind),
        piece: piece_name(k.piece),
    }
}

/// A starting combination on offer (4.3).
#[derive(Clone, Copy, Serialize)]
pub struct ComboView<'a> {
    /// The starting resource card's index.
    pub resources: u8,
    /// The starting wheel's name.
    pub wheel: &'a str,
}

pub(super) fn combo_view<'a>(cards: &'a CardSet, c: &'a Combo) -> Shared<ComboView<'a>> {
    Shared::new(
        COMBO,
        usize::from(c.wheel) * 5 + usize::from(c.res),
        ComboView {
            resources: c.res,
            wheel: &cards.starting_wheels[usize::from(c.wheel)].name,
        },
    )
}

/// A revealed Competition card.
#[derive(Clone, Copy, Serialize)]
pub struct CompetitionCardView<'a> {
    /// Its donkey icon.
    pub donkey: DonkeyIcon,
    /// Its face.
    pub face: FaceText<'a>,
    /// Its name.
    pub name: &'a str,
    /// The main board's space its craftswoman takes (row, column from 1).
    pub space: [u8; 2],
}

pub(super) fn competition_card<'a>(
    cards: &'a CardSet,
    id: &'a u8,
) -> Shared<CompetitionCardView<'a>> {
    let i = usize::from(*id);
    let c: &CompetitionCard = &cards.competition[i];
    Shared::new(
        COMPETITION_CARD,
        i,
        CompetitionCardView {
            donkey: c.donkey,
            face: FaceText {
                cards,
                card: FaceOf::Competition(i),
            },
            name: &c.name,
            space: [c.space.0 + 1, c.space.1 + 1],
        },
    )
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
