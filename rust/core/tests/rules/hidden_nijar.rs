//! The hidden-information harness (`crate::common::hidden`) for Níjar, solo at each difficulty and
//! 2–4 players: the swaps of each hidden place of the table in `src/nijar/observe.rs`, and the
//! Competition's revealed cards as a public fact every determinization keeps.
//!
//! Before issue 17 point 1 is fixed it fails: the seed is in every information state (and in
//! every determinization), and solo determinizations below Expert put revealed Competition
//! cards back into its deck.

use craftgames_core::engine::{Rng, Seat};
use craftgames_core::nijar::data::{CardType, NUM_CARD_IDS, NUM_GAME_CARDS};
use craftgames_core::nijar::state::{EndgameChoice, Phase, Table};
use craftgames_core::nijar::{NijarConfig, NijarState};
use serde_json::{json, Value};

use crate::common::hidden::{edit_table, run_harness, two_of, Budget, HiddenGame, Swap};

/// Where a card lies for a viewer that does not know it: in seat `q`'s hand (`q < 4`), at
/// position `i` of deck `d`, played face-down by seat `q`, or in the box.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Spot {
    Hand(usize, usize),
    Deck(usize, usize),
    Played(usize, usize),
    Box(usize),
}

impl Spot {
    fn card(self, t: &Table) -> usize {
        match self {
            Spot::Hand(_, c) | Spot::Played(_, c) | Spot::Box(c) => c,
            Spot::Deck(d, i) => usize::from(t.decks[d][i]),
        }
    }
}

/// Exchanges the cards of two spots, their knowledge following the places.
fn exchange(t: &mut Table, a: Spot, b: Spot) -> bool {
    let (x, y) = (a.card(t), b.card(t));
    if x == y {
        return false;
    }
    // Take both out first: a hand may hold both spots.
    for (spot, card) in [(a, x), (b, y)] {
        match spot {
            Spot::Hand(q, _) => t.players[q].hand.remove(card),
            Spot::Played(q, _) => t.players[q].endgame_played &= !(1 << (card - NUM_GAME_CARDS)),
            _ => {}
        }
    }
    for (spot, card) in [(a, y), (b, x)] {
        match spot {
            Spot::Hand(q, _) => t.players[q].hand.insert(card),
            Spot::Played(q, _) => t.players[q].endgame_played |= 1 << (card - NUM_GAME_CARDS),
            Spot::Deck(d, i) => t.decks[d][i] = card as u8,
            Spot::Box(_) => {}
        }
    }
    t.known.swap(x, y);
    // A pending 10.2 choice names its card.
    for p in t.players.iter_mut() {
        if let Some(EndgameChoice::Play(i)) = &mut p.endgame_pending {
            let c = usize::from(*i) + NUM_GAME_CARDS;
            if c == x || c == y {
                *i = ((x + y - c) - NUM_GAME_CARDS) as u8;
            }
        }
    }
    true
}

/// The game cards of cardback `d` and the endgame cards (`d == 3`) that `viewer` does not
/// know the place of.
fn spots(t: &Table, viewer: Seat, d: usize) -> Vec<Spot> {
    let unknown = |c: usize| t.known[c] & (1 << viewer) == 0;
    let mut out = Vec::new();
    for (q, p) in t.players.iter().enumerate().filter(|&(q, _)| q != viewer) {
        out.extend(
            p.hand
                .ids()
                .filter(|&c| unknown(c) && deck_of(c) == d)
                .map(|c| Spot::Hand(q, c)),
        );
        // The face-down plays are revealed at the end of the game.
        if d == 3 && t.phase != Phase::Over {
            out.extend(
                (NUM_GAME_CARDS..NUM_CARD_IDS)
                    .filter(|&c| unknown(c) && p.endgame_played & (1 << (c - NUM_GAME_CARDS)) != 0)
                    .map(|c| Spot::Played(q, c)),
            );
        }
    }
    if d < 3 {
        out.extend(
            (0..t.decks[d].len())
                .filter(|&i| unknown(usize::from(t.decks[d][i])))
                .map(|i| Spot::Deck(d, i)),
        );
    } else {
        let placed = |c: usize| {
            t.players
                .iter()
                .any(|p| p.hand.has(c) || p.endgame_played & (1 << (c - NUM_GAME_CARDS)) != 0)
        };
        out.extend(
            (NUM_GAME_CARDS..NUM_CARD_IDS)
                .filter(|&c| unknown(c) && !placed(c))
                .map(Spot::Box),
        );
    }
    out
}

fn deck_of(c: usize) -> usize {
    if c < NUM_GAME_CARDS {
        CardType::of(c).deck()
    } else {
        3
    }
}

fn swap(place: &'static str, doc: Option<String>, what: String) -> Option<Swap> {
    doc.map(|doc| Swap { place, what, doc })
}

impl HiddenGame for NijarState {
    const GAME: &'static str = "nijar";
    const OBSERVE_RS: &'static str = include_str!("../../src/nijar/observe.rs");

    fn load(doc: &str) -> Result<Self, String> {
        NijarState::from_json(doc).map_err(|e| e.to_string())
    }

    fn swaps(&self, viewer: Seat, rng: &mut Rng) -> Vec<Swap> {
        let doc = self.to_json_string();
        let t = self.table();
        let mut out = Vec::new();
        for d in 0..4 {
            let all = spots(t, viewer, d);
            // A card in another hand (or face-down, or in the box for endgame cards)
            // exchanged with any other unknown card of its back.
            let held: Vec<Spot> = all
                .iter()
                .copied()
                .filter(|s| !matches!(s, Spot::Deck(..)))
                .collect();
            if let (false, Some(_)) = (held.is_empty(), two_of(all.len(), rng)) {
                let a = held[rng.below(held.len())];
                let others: Vec<Spot> = all.iter().copied().filter(|&s| s != a).collect();
                let b = others[rng.below(others.len())];
                let place = if d == 3 { "endgame_cards" } else { "hand" };
                out.extend(swap(
                    place,
                    edit_table(&doc, |t: &mut Table| exchange(t, a, b)),
                    format!("{a:?} exchanged with {b:?}"),
                ));
            }
            // Two unknown cards of a deck exchanged.
            let deck: Vec<Spot> = all
                .iter()
                .copied()
                .filter(|s| matches!(s, Spot::Deck(..)))
                .collect();
            if let Some((i, j)) = two_of(deck.len(), rng) {
                out.extend(swap(
                    "deck_order",
                    edit_table(&doc, |t: &mut Table| exchange(t, deck[i], deck[j])),
                    format!("{:?} exchanged with {:?}", deck[i], deck[j]),
                ));
            }
        }
        // The Competition's deck below its top card (whose back everyone sees).
        if self.is_solo() {
            if let Some((i, j)) = two_of(t.solo.deck.len().saturating_sub(1), rng) {
                out.extend(swap(
                    "competition_deck",
                    edit_table(&doc, |t: &mut Table| {
                        t.solo.deck.swap(i, j);
                        true
                    }),
                    format!("Competition deck positions {i} and {j} exchanged"),
                ));
            }
        }
        out
    }

    fn hidden_choice(&self) -> Option<&'static str> {
        matches!(self.table().phase, Phase::Endgame { .. }).then_some("endgame_pending")
    }

    fn public_facts(&self) -> Vec<(&'static str, Value)> {
        if !self.is_solo() {
            return Vec::new();
        }
        vec![(
            "competition_revealed",
            json!(self.table().solo.revealed.iter().collect::<Vec<_>>()),
        )]
    }
}

#[test]
fn no_view_or_determinization_of_a_seat_depends_on_what_it_cannot_know() {
    let solo = |difficulty: u8| {
        move |seed| {
            let config = NijarConfig {
                difficulty,
                ..NijarConfig::default()
            };
            NijarState::new_game(1, seed, None, config).unwrap()
        }
    };
    let (normal, advanced, expert) = (solo(0), solo(1), solo(2));
    let players = |n: usize, first_game_layout: bool| {
        move |seed| {
            let config = NijarConfig {
                first_game_layout,
                ..NijarConfig::default()
            };
            NijarState::new_game(n, seed, None, config).unwrap()
        }
    };
    let (two, two_first, three, four) = (
        players(2, false),
        players(2, true),
        players(3, false),
        players(4, false),
    );
    run_harness(
        &[
            ("solo normal", &normal),
            ("solo advanced", &advanced),
            ("solo expert", &expert),
            ("2 players", &two),
            ("2 players, first-game layout", &two_first),
            ("3 players", &three),
            ("4 players", &four),
        ],
        Budget {
            positions_per_game: 36,
            ..Budget::DEFAULT
        },
    );
}
