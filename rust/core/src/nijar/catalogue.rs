//! The card catalogue: every card of a card set with its printed parts, by catalogue id.
//!
//! An observation names each card by its catalogue id and carries only what changes in play
//! (a wheel's vase, a cleanup card's cracks, the piece in a kiln); what a card *is* — its
//! name, type, face, cost, a wheel's spaces and VP, an esparto card's rewards, a cleanup
//! card's crack spaces and reward, a glazing workshop's paint cost — is the same in every
//! observation of a game, so it lives here and is read once (the Python binding builds it
//! once per card set and every observation holds that one dict under `"cards"`). The
//! catalogue lists every card of the set, so it tells nothing about where any card is.
//!
//! Catalogue ids are the card ids of the state and of the observation tensor where they
//! exist, and the starting (player-coloured) cards follow them in card-type order:
//!
//! | ids | cards |
//! |---|---|
//! | 0..80 | the game cards: potter's wheels 0..16, esparto 16..32, cleanup 32..44, glazing workshops 44..56, glaze kilns 56..68, firing kilns 68..80 |
//! | 80..92 | the endgame scoring cards |
//! | 92..97 | Starting Wheel A to E (a starting combination's wheel, 4.3) |
//! | 97 | the esparto card printed on every workshop board (8.10) |
//! | 98..102 | the Starting Cleanup, Glazing Workshop, Glaze Kiln and Firing Kiln cards (4.2.2) |
//!
//! Beside `cards`, the catalogue lists the five starting resource cards (`starting_resources`,
//! which a starting combination names by index) and the nine Competition cards of the solo
//! game (`competition`, which its revealed cards name by index; each with its back).
//!
//! Fields are declared in alphabetical order, as the observation's (see `view`).

use serde::{Serialize, Serializer};

use super::data::{
    cost_label, Act, Amount, CardSet, CardType, CompetitionCard, DonkeyIcon, StartingResources,
    NUM_CARD_IDS, NUM_GAME_CARDS, NUM_STARTING, PIECE_NAMES, STARTING_BASE, STARTING_CARD,
};

/// The catalogue id of Starting Wheel A; B to E follow.
pub const FIRST_STARTING_WHEEL: u8 = NUM_CARD_IDS as u8;
/// The catalogue id of the esparto card printed on the workshop board (8.10).
pub const PRINTED_ESPARTO: u8 = FIRST_STARTING_WHEEL + NUM_STARTING as u8;
/// How many catalogue ids there are (0..102).
pub const NUM_CATALOGUE_IDS: usize = PRINTED_ESPARTO as usize + 5;

/// The catalogue id of the card a workshop slot of type `kind` holds: a game card keeps its
/// id, starting wheel `STARTING_BASE + k` is `FIRST_STARTING_WHEEL + k`, and `STARTING_CARD`
/// is the starting card of `kind` (the printed esparto card for `Esparto`).
pub fn catalogue_id(card: u8, kind: CardType) -> u8 {
    if card == STARTING_CARD {
        // Esparto (1) → 97, Cleanup → 98, … Firing Kiln (5) → 101: card-type order.
        PRINTED_ESPARTO + (kind as u8).saturating_sub(CardType::Esparto as u8)
    } else if card >= STARTING_BASE {
        FIRST_STARTING_WHEEL + (card - STARTING_BASE)
    } else {
        card
    }
}

/// The whole catalogue of a card set, written when serialized (nothing is collected when it
/// is made).
#[derive(Clone, Copy)]
pub struct Catalogue<'a>(pub &'a CardSet);

impl CardSet {
    /// Every card of the set with its printed parts, by catalogue id (see the module).
    pub fn catalogue(&self) -> Catalogue<'_> {
        Catalogue(self)
    }
}

impl Serialize for Catalogue<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The catalogue's keys, sorted.
        #[derive(Serialize)]
        struct Doc<'a> {
            cards: Entries<'a, CardEntry<'a>>,
            competition: Entries<'a, CompetitionEntry<'a>>,
            game: &'static str,
            starting_resources: Entries<'a, ResourcesEntry>,
        }
        let set = self.0;
        Doc {
            cards: Entries(set, NUM_CATALOGUE_IDS, card_entry),
            competition: Entries(set, set.competition.len(), competition_entry),
            game: "nijar",
            starting_resources: Entries(set, set.starting_resources.len(), resources_entry),
        }
        .serialize(serializer)
    }
}

/// Entries `0..len` of a list, each made by `entry` as it is serialized.
struct Entries<'a, E>(&'a CardSet, usize, fn(&'a CardSet, usize) -> E);

impl<'a, E: Serialize> Serialize for Entries<'a, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Entries(set, len, entry) = *self;
        serializer.collect_seq((0..len).map(|i| entry(set, i)))
    }
}

impl<E> Clone for Entries<'_, E> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<E> Copy for Entries<'_, E> {}

/// One card of `cards`: the parts every card has, then those of its type (absent, not null,
/// for the other types).
#[derive(Serialize)]
pub struct CardEntry<'a> {
    /// What playing it costs ("2 Perra Gorda + 1 Clay", "free"); game cards only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<String>,
    /// A cleanup card's crack spaces.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crack_spaces: Option<u8>,
    /// An esparto card's design (11.3: cards of one design are not "different").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub design: Option<&'a str>,
    /// The face in words, as a person reads the printed card.
    pub face: String,
    /// A potter's wheel's VP when the vase reaches the end (8.5).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finish_vp: Option<u8>,
    /// Its catalogue id (its index in `cards`).
    pub id: usize,
    /// Its name.
    pub name: &'a str,
    /// What painting on a glazing workshop costs (8.8).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paint: Option<String>,
    /// A cleanup card's reward once every crack space is filled (8.9).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reward: Option<String>,
    /// An esparto card's two rewards, one of which Collect Esparto gives (8.10).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rewards: Option<[String; 2]>,
    /// The two actions a glazing workshop or kiln gives when played (act keys).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sides: Option<[&'static str; 2]>,
    /// A potter's wheel's spaces after its grey start space, in the vase's order (act keys).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spaces: Option<Vec<&'static str>>,
    /// A starting (player-coloured) card, or the printed esparto card: never in a deck.
    pub starting: bool,
    /// "Potter's Wheel", "Esparto", "Cleanup", "Glazing Workshop", "Glaze Kiln",
    /// "Firing Kiln" or "Endgame Scoring".
    pub r#type: &'static str,
    /// A potter's wheel's VP when played (8.2; 0 for a starting wheel).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vp: Option<u8>,
}

impl<'a> CardEntry<'a> {
    /// An entry with the parts every card has and none of a type's.
    fn new(id: usize, name: &'a str, kind: &'static str, face: String, starting: bool) -> Self {
        CardEntry {
            cost: None,
            crack_spaces: None,
            design: None,
            face,
            finish_vp: None,
            id,
            name,
            paint: None,
            reward: None,
            rewards: None,
            sides: None,
            spaces: None,
            starting,
            r#type: kind,
            vp: None,
        }
    }
}

/// Acts by their keys.
fn keys(acts: &[Act]) -> Vec<&'static str> {
    acts.iter().map(|a| a.key()).collect()
}

/// Two amounts by their labels.
fn labels(amounts: &[Amount; 2]) -> [String; 2] {
    amounts.map(Amount::label)
}

/// Catalogue card `id`.
fn card_entry(set: &CardSet, id: usize) -> CardEntry<'_> {
    if id < NUM_GAME_CARDS {
        return game_card(set, id);
    }
    if id < NUM_CARD_IDS {
        let name = set.name(id);
        return CardEntry::new(id, name, "Endgame Scoring", set.face(id), false);
    }
    let k = id - NUM_CARD_IDS;
    if k < NUM_STARTING {
        let w = &set.starting_wheels[k];
        let mut e = CardEntry::new(
            id,
            &w.name,
            CardType::Wheel.label(),
            set.wheel_face(w, true),
            true,
        );
        e.vp = Some(w.vp);
        e.finish_vp = Some(w.finish_vp);
        e.spaces = Some(keys(&w.spaces));
        return e;
    }
    // The printed esparto card and the four starting cards, in card-type order.
    let kind = CardType::ALL[(id - usize::from(PRINTED_ESPARTO) + 1).min(5)];
    match kind {
        CardType::Esparto => {
            let c = &set.printed_esparto;
            let mut e = CardEntry::new(id, &c.name, kind.label(), set.printed_esparto_face(), true);
            e.design = Some(&c.design);
            e.rewards = Some(labels(&c.rewards));
            e
        }
        CardType::Cleanup => {
            let c = &set.starting_cleanup;
            let mut e =
                CardEntry::new(id, &c.name, kind.label(), set.starting_cleanup_face(), true);
            e.crack_spaces = Some(c.spaces);
            e.reward = Some(c.reward.label());
            e
        }
        _ => {
            let face = set.building_face(STARTING_CARD, kind);
            let name = set.workshop_label(STARTING_CARD, kind);
            let mut e = CardEntry::new(id, name, kind.label(), face, true);
            if kind == CardType::GlazingWorkshop {
                e.paint = Some(cost_label(&set.starting_paint));
            }
            e
        }
    }
}

/// Game card `id` (< 80).
fn game_card(set: &CardSet, id: usize) -> CardEntry<'_> {
    let kind = CardType::of(id);
    let mut e = CardEntry::new(id, set.name(id), kind.label(), set.face(id), false);
    e.cost = Some(cost_label(set.cost(id)));
    match kind {
        CardType::Wheel => {
            let w = &set.wheels[id];
            e.vp = Some(w.vp);
            e.finish_vp = Some(w.finish_vp);
            e.spaces = Some(keys(&w.spaces));
        }
        CardType::Esparto => {
            let c = &set.esparto[id - CardType::Esparto.first_id()];
            e.design = Some(&c.design);
            e.rewards = Some(labels(&c.rewards));
        }
        CardType::Cleanup => {
            let c = &set.cleanups[id - CardType::Cleanup.first_id()];
            e.crack_spaces = Some(c.spaces);
            e.reward = Some(c.reward.label());
        }
        _ => {
            let c = &set.buildings[id - CardType::GlazingWorkshop.first_id()];
            e.sides = Some(c.sides.map(Act::key));
            if kind == CardType::GlazingWorkshop {
                e.paint = Some(cost_label(&c.paint));
            }
        }
    }
    e
}

/// A Competition card (12.5): the main board's space its craftswoman takes (row, column from
/// 1), its donkey icon, its face in words and its back (the piece names of each round).
#[derive(Serialize)]
pub struct CompetitionEntry<'a> {
    /// The piece names on its back, round by round.
    pub back: [Vec<&'static str>; 3],
    /// Its donkey icon.
    pub donkey: DonkeyIcon,
    /// Its face in words.
    pub face: String,
    /// Its index in `competition`.
    pub id: usize,
    /// Its name.
    pub name: &'a str,
    /// The main board's space: row, column (from 1).
    pub space: [u8; 2],
}

fn competition_entry(set: &CardSet, i: usize) -> CompetitionEntry<'_> {
    let c: &CompetitionCard = &set.competition[i];
    CompetitionEntry {
        back: c.pieces.each_ref().map(|round| {
            round
                .iter()
                .map(|&p| PIECE_NAMES[usize::from(p).min(2)])
                .collect()
        }),
        donkey: c.donkey,
        face: CardSet::competition_face(c),
        id: i,
        name: &c.name,
        space: [c.space.0 + 1, c.space.1 + 1],
    }
}

/// A starting resource card (4.3): what it gives.
#[derive(Serialize)]
pub struct ResourcesEntry {
    /// Clay.
    pub clay: u8,
    /// Cracks into the cleaning area.
    pub cracks: u8,
    /// Glazes.
    pub glaze: u8,
    /// Its index in `starting_resources`.
    pub id: usize,
    /// Perra Gorda.
    pub pg: u8,
}

fn resources_entry(set: &CardSet, i: usize) -> ResourcesEntry {
    let r: StartingResources = set.starting_resources[i];
    ResourcesEntry {
        clay: r.clay,
        cracks: r.cracks,
        glaze: r.glaze,
        id: i,
        pg: r.pg,
    }
}
