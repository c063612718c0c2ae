//! The hidden-information harness (`crate::common::hidden`) for Studies in Sorcery, every player
//! count and mode: the swaps of each hidden place of the table in `src/sorcery/observe.rs`.
//!
//! It found the leak of issue 16 point 3 (the information state and determinizations kept the
//! project each other seat returned face-down, now masked and redrawn); it also swaps an
//! extra-commit staff used in the commit step, hidden like the commits until every seat has
//! committed, and keeps any other staff used there, which is open (`public_move`).

use craftgames_core::engine::{Action, Rng, Seat};
use craftgames_core::sorcery::actions::USE_STAFF;
use craftgames_core::sorcery::config::Theses;
use craftgames_core::sorcery::data::{Effect, NUM_GRAVE, NUM_STAFFS, NUM_THESES};
use craftgames_core::sorcery::state::{Phase, Stage, Table, NONE};
use craftgames_core::sorcery::{SorceryConfig, SorceryState};
use serde_json::{json, Value};

use crate::common::hidden::{edit_table, run_harness, two_of, Budget, HiddenGame, Swap};

/// Where a grave card lies: in seat `q`'s hand, in pile `k`, or at position `i` of the deck.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Spot {
    Hand(usize),
    Pile(usize),
    Deck(usize),
}

/// The grave cards `viewer` does not know the place of, with their places.
fn grave_spots(t: &Table, viewer: Seat) -> Vec<(usize, Spot)> {
    let unknown = |c: usize| t.known[c] & (1 << viewer) == 0;
    let mut out = Vec::new();
    for c in (0..NUM_GRAVE).filter(|&c| unknown(c)) {
        let bit = 1u128 << c;
        if let Some(q) = (0..t.players.len()).find(|&q| t.players[q].hand & bit != 0) {
            if q != viewer {
                out.push((c, Spot::Hand(q)));
            }
        } else if let Some(k) = (0..3).find(|&k| t.piles[k] & bit != 0) {
            out.push((c, Spot::Pile(k)));
        } else if let Some(i) = t.grave_deck.iter().position(|&x| usize::from(x) == c) {
            out.push((c, Spot::Deck(i)));
        }
    }
    out
}

/// Exchanges grave cards `x` and `y` between their places; the knowledge follows the places.
fn exchange_graves(t: &mut Table, (x, a): (usize, Spot), (y, b): (usize, Spot)) -> bool {
    let same = |f: &dyn Fn(usize) -> u8| f(x) == f(y);
    if !(same(&|c| t.generation[c]) && same(&|c| t.mixed[c]) && same(&|c| t.known_in_group[c])) {
        return false; // the viewer can tell them apart by the deck they came from
    }
    for (spot, from, to) in [(a, x, y), (b, y, x)] {
        let (fb, tb) = (1u128 << from, 1u128 << to);
        match spot {
            Spot::Hand(q) => t.players[q].hand = t.players[q].hand & !fb | tb,
            Spot::Pile(k) => t.piles[k] = t.piles[k] & !fb | tb,
            Spot::Deck(i) => t.grave_deck[i] = to as u8,
        }
    }
    // Both in one hand or pile: the two edits above cancel out, nothing changed.
    if a == b && !matches!(a, Spot::Deck(_)) {
        return false;
    }
    t.known.swap(x, y);
    true
}

/// The theses that may be dealt under the config and that no seat was dealt.
fn unused_theses(state: &SorceryState) -> Vec<u8> {
    let t = state.table();
    (0..NUM_THESES as u8)
        .filter(|&i| match t.config.theses {
            Theses::All => true,
            Theses::NoSeven => state.cards().theses[usize::from(i)].credits != 7,
            Theses::None => false,
        })
        .filter(|i| t.players.iter().all(|p| !p.thesis_offer.contains(i)))
        .collect()
}

fn swap(place: &'static str, doc: Option<String>, what: String) -> Option<Swap> {
    doc.map(|doc| Swap { place, what, doc })
}

impl HiddenGame for SorceryState {
    const GAME: &'static str = "sorcery";
    const OBSERVE_RS: &'static str = include_str!("../../src/sorcery/observe.rs");
    const BOOKKEEPING: &'static [&'static str] = &["generation", "mixed"];

    fn load(doc: &str) -> Result<Self, String> {
        SorceryState::from_json(doc).map_err(|e| e.to_string())
    }

    fn swaps(&self, viewer: Seat, rng: &mut Rng) -> Vec<Swap> {
        let doc = self.to_json_string();
        let t = self.table();
        let vb = 1u8 << viewer;
        let setup = matches!(t.phase, Phase::Setup { .. });
        let over = t.phase == Phase::GameOver;
        let mut out = Vec::new();

        // Grave cards: one in another hand or a pile (or the deck) with another unseen one.
        let graves = grave_spots(t, viewer);
        if let Some((i, j)) = two_of(graves.len(), rng) {
            out.extend(swap(
                "grave_cards",
                edit_table(&doc, |t: &mut Table| {
                    exchange_graves(t, graves[i], graves[j])
                }),
                format!("grave {:?} exchanged with {:?}", graves[i], graves[j]),
            ));
        }

        // Two unseen projects of one deck.
        let unknown_project = |c: u8| t.project_known[usize::from(c)] & vb == 0;
        for tier in 0..3 {
            let unseen: Vec<usize> = (0..t.decks[tier].len())
                .filter(|&i| unknown_project(t.decks[tier][i]))
                .collect();
            if let Some((i, j)) = two_of(unseen.len(), rng) {
                let (i, j) = (unseen[i], unseen[j]);
                let (a, b) = (t.decks[tier][i], t.decks[tier][j]);
                out.extend(swap(
                    "project_decks",
                    edit_table(&doc, |t: &mut Table| {
                        t.decks[tier].swap(i, j);
                        // A project another seat returned went to a known place, the bottom
                        // of the deck ("Player Setup" 2): the offer names whichever card
                        // now lies there, so the swap keeps the table's history possible.
                        for (q, p) in t.players.iter_mut().enumerate() {
                            if q == viewer {
                                continue;
                            }
                            for c in p.project_offer.iter_mut() {
                                if *c == a {
                                    *c = b;
                                } else if *c == b {
                                    *c = a;
                                }
                            }
                        }
                        true
                    }),
                    format!("level {} deck positions {i} and {j} exchanged", tier + 1),
                ));
            }
        }

        // Another seat's offered project (returned face-down after setup) changed to an
        // unseen 100-level card of the deck: renamed in the offers and the deck.
        let offered: Vec<u8> = (0..t.players.len())
            .filter(|&q| q != viewer)
            .flat_map(|q| t.players[q].project_offer)
            .filter(|&c| c != NONE && unknown_project(c))
            .collect();
        let deck: Vec<u8> = t.decks[0]
            .iter()
            .copied()
            .filter(|&c| unknown_project(c) && !offered.contains(&c))
            .collect();
        if !offered.is_empty() && !deck.is_empty() {
            let (x, y) = (
                offered[rng.below(offered.len())],
                deck[rng.below(deck.len())],
            );
            let rename = |c: &mut u8| {
                if *c == x {
                    *c = y;
                } else if *c == y {
                    *c = x;
                }
            };
            out.extend(swap(
                "project_offer",
                edit_table(&doc, |t: &mut Table| {
                    for (q, p) in t.players.iter_mut().enumerate() {
                        if q != viewer {
                            p.project_offer.iter_mut().for_each(rename);
                        }
                    }
                    t.decks[0].iter_mut().for_each(rename);
                    t.project_known.swap(usize::from(x), usize::from(y));
                    true
                }),
                format!("offered project {x} changed to {y} (a 100-level deck card)"),
            ));
        }

        // Another seat's thesis changed to one nobody was dealt (a met thesis is flipped
        // face-up at the end, and the final scores count it: not at the end).
        let theses = unused_theses(self);
        let holders: Vec<usize> = (0..t.players.len())
            .filter(|&q| q != viewer && t.players[q].thesis_offer[0] != NONE)
            .collect();
        if !over && !theses.is_empty() && !holders.is_empty() {
            let q = holders[rng.below(holders.len())];
            let k = rng.below(2);
            let new = theses[rng.below(theses.len())];
            out.extend(swap(
                "theses",
                edit_table(&doc, |t: &mut Table| {
                    let p = &mut t.players[q];
                    if p.thesis == p.thesis_offer[k] {
                        p.thesis = new;
                    }
                    p.thesis_offer[k] = new;
                    true
                }),
                format!("seat {q}'s thesis offer {k} changed to {new}"),
            ));
        }

        // Another seat's dealt staff changed to one nobody was dealt: during setup either
        // (and the pick with it), afterwards the returned one.
        if t.config.staffs {
            let dealt: Vec<u8> = t.players.iter().flat_map(|p| p.staff_offer).collect();
            let unused: Vec<u8> = (0..NUM_STAFFS as u8)
                .filter(|s| !dealt.contains(s))
                .collect();
            let others: Vec<usize> = (0..t.players.len()).filter(|&q| q != viewer).collect();
            if !unused.is_empty() && !others.is_empty() {
                let q = others[rng.below(others.len())];
                let p = &t.players[q];
                let ks: Vec<usize> = (0..2)
                    .filter(|&k| setup || p.staff_offer[k] != p.staff)
                    .collect();
                let k = ks[rng.below(ks.len())];
                let new = unused[rng.below(unused.len())];
                out.extend(swap(
                    "staffs",
                    edit_table(&doc, |t: &mut Table| {
                        let p = &mut t.players[q];
                        if p.staff == p.staff_offer[k] {
                            p.staff = new;
                        }
                        p.staff_offer[k] = new;
                        true
                    }),
                    format!("seat {q}'s staff offer {k} changed to {new}"),
                ));
            }
        }
        out
    }

    fn stage_note(&self) -> String {
        format!("{:?}, {:?}", self.table().phase, self.table().turn.stage)
    }

    /// A staff other than an extra-commit one is used openly in the commit step (public at
    /// once), and so is every decision of its effect.
    fn public_move(&self, action: Action) -> bool {
        let t = self.table();
        let Phase::Commit { seat } = t.phase else {
            return false;
        };
        if !matches!(t.turn.stage, Stage::Commit | Stage::CommitTarget) {
            return true;
        }
        let staff = t.players[usize::from(seat)].staff;
        action == USE_STAFF
            && staff != NONE
            && !matches!(
                self.cards().staffs[usize::from(staff)].effect,
                Effect::ExtraCommit { .. }
            )
    }

    fn hidden_choice(&self) -> Option<&'static str> {
        match self.table().phase {
            Phase::Setup { .. } => Some("setup_picks"),
            Phase::Commit { .. } => Some("commits"),
            _ => None,
        }
    }
}

fn config(players: usize, options: Value) -> SorceryConfig {
    SorceryConfig::from_options(players, options.as_object().unwrap()).unwrap()
}

#[test]
fn no_view_or_determinization_of_a_seat_depends_on_what_it_cannot_know() {
    let modes: Vec<(&str, SorceryConfig)> = vec![
        ("solo robot medium", config(1, json!({}))),
        (
            "solo robot easy",
            config(1, json!({"solo": "robot", "difficulty": "easy"})),
        ),
        (
            "solo robot hard, staffs",
            config(
                1,
                json!({"solo": "robot", "difficulty": "hard", "staffs": true}),
            ),
        ),
        (
            "solo robot extra-hard",
            config(1, json!({"solo": "robot", "difficulty": "extra-hard"})),
        ),
        ("solo no robot", config(1, json!({"solo": "no-robot"}))),
        (
            "solo mission 5 hard",
            config(1, json!({"solo": "mission", "mission": 5, "hard": true})),
        ),
        ("2 players", config(2, json!({}))),
        (
            "2 players, staffs, no 7-credit theses",
            config(2, json!({"staffs": true, "theses": "no-seven"})),
        ),
        (
            "3 players, staffs, no theses",
            config(3, json!({"theses": "none", "staffs": true})),
        ),
        ("4 players, staffs", config(4, json!({"staffs": true}))),
        (
            "4 players, missions",
            config(4, json!({"missions": [1, 3, 5, 10]})),
        ),
    ];
    let games: Vec<Box<dyn Fn(u64) -> SorceryState>> = modes
        .iter()
        .map(|&(_, c)| {
            Box::new(move |seed| SorceryState::new_game(c, seed, None).unwrap())
                as Box<dyn Fn(u64) -> SorceryState>
        })
        .collect();
    let table: Vec<(&str, &dyn Fn(u64) -> SorceryState)> = modes
        .iter()
        .zip(&games)
        .map(|((name, _), g)| (*name, g.as_ref()))
        .collect();
    run_harness(
        &table,
        Budget {
            positions_per_game: 24,
            ..Budget::DEFAULT
        },
    );
}
