//! What each seat may see: the observation (JSON), the information-state key and
//! determinization (`resample_hidden`); the tensor is in `tensor`.
//!
//! Hidden (section 4 of issue 8): hands (a card taken from the face-up draft area stays
//! known to all), the order of every deck, the endgame cards played face-down or returned to
//! the box (known to their owner), each seat's pending 10.2 choice until every seat has
//! chosen (known to the chooser), and future dice. Everything else is on the table.
//! `known[card]` holds the seats that know where each card is.
//!
//! ## Who knows what
//!
//! Every hidden place, who knows it and when that changes. The hidden-information harness
//! (`tests/rules/hidden_nijar.rs`) reads this table: each place below has a generator that makes a
//! second state the seat cannot tell from the first (`swap`: two unseen cards exchanged;
//! `choice`: another seat's pending choice changed to another legal one by replaying the
//! game), checks every view and determinization on both, and checks that determinizations
//! redraw the place; a `kept` place is public and every determinization must keep it.
//!
//! | place | what | known to | when that changes | harness |
//! |---|---|---|---|---|
//! | `hand` | the cards in a seat's hand (by cardback: which deck each came from is public) | its holder; a card taken from the face-up draft area: every seat (`known`) | a card played is public | swap |
//! | `deck_order` | the cards and order of the three decks | nobody | a draw to the draft area shows the card to all | swap |
//! | `endgame_cards` | endgame scoring cards in hands, played face-down (10.2) and returned to the box | their owner (`known`) | the face-down plays are revealed at the end of the game | swap |
//! | `endgame_pending` | a seat's 10.2 choice this round (keep, or which card to play) | the chooser; that it has chosen is public | applied when every seat has chosen | choice |
//! | `competition_deck` | the Competition's face-down deck below its top card, and its order (solo) | nobody; the top card's back is seen by all; Expert: the cards (not their order) | a card is revealed at each Competition turn; 12.8 shuffles the deck at the end of the round | swap |
//! | `competition_revealed` | the Competition's cards revealed this round (solo) | every seat (each was seen when revealed, and its craftswomen stand on the space it named) | back into the deck at the end of the round (12.8) | kept |
//! | `seed_rng` | the seed and the random stream (future draws and dice) | nobody | never in any view; a determinization draws its own from its seed | swap |

use serde_json::{json, Value};

use super::data::{
    cost_label, Act, CardSet, CardType, NUM_CARD_IDS, NUM_GAME_CARDS, PIECE_NAMES, STARTING_BASE,
};
use super::state::{EndgameChoice, NijarState, Phase, EMPTY};
use crate::engine::{key_string, Rng, Seat};

/// A list of distinct cards (or one entry per card), inline: at most one per card id.
type Ids<T> = arrayvec::ArrayVec<T, NUM_CARD_IDS>;

impl NijarState {
    fn piece_name(code: u8) -> Value {
        if code == 0 {
            Value::Null
        } else {
            json!(PIECE_NAMES[usize::from(code - 1).min(2)])
        }
    }

    /// The observation of `viewer`.
    pub fn observation(&self, viewer: Seat) -> Value {
        let bit = 1u8 << viewer;
        let scores = self.all_scores();
        let players: Vec<Value> = (0..self.n())
            .map(|s| {
                let p = &self.t.players[s];
                let me = s == viewer;
                let hand: Vec<Value> = p
                    .hand
                    .ids()
                    .filter(|&c| me || self.t.known[c] & bit != 0)
                    .map(|c| json!({"id": c, "name": self.cards.name(c), "face": self.cards.face(c)}))
                    .collect();
                let deck_backs: Vec<usize> = (0..3)
                    .map(|d| {
                        p.hand
                            .ids()
                            .filter(|&c| c < NUM_GAME_CARDS && CardType::of(c).deck() == d)
                            .count()
                    })
                    .collect();
                json!({
                    "seat": s,
                    "score": scores[s],
                    "vp_by_source": p.vp,
                    "perra_gorda": p.pg,
                    "glazes": p.glaze,
                    "clay": p.clay,
                    "cracks": p.cracks,
                    "technology": p.tech + 1,
                    "wheels": p.wheels.iter().map(|w| {
                        let card = self.cards.wheel(w.card);
                        json!({"name": card.name, "space": w.slot, "vase": w.pos,
                               "face": self.cards.wheel_face(card, w.card >= STARTING_BASE),
                               "length": card.spaces.len(), "finish_vp": card.finish_vp,
                               "spaces": card.spaces.iter().map(|a| a.key()).collect::<Vec<_>>()})
                    }).collect::<Vec<_>>(),
                    "esparto": p.esparto.iter().map(|e| {
                        let c = self.cards.esparto_card(e.card);
                        json!({"name": c.name, "space": e.slot,
                               "rewards": c.rewards.iter().map(|r| r.label()).collect::<Vec<_>>()})
                    }).collect::<Vec<_>>(),
                    "cleanups": p.cleanups.iter().map(|c| {
                        let card = self.cards.cleanup(c.card);
                        json!({"name": card.name, "cracks": c.cracks, "spaces": card.spaces,
                               "reward": card.reward.label()})
                    }).collect::<Vec<_>>(),
                    "glazing_workshops": p.workshops.iter().map(|w| json!({
                        "name": self.cards.workshop_label(w.card, CardType::GlazingWorkshop),
                        "face": self.cards.building_face(w.card, CardType::GlazingWorkshop),
                        "paint": cost_label(self.cards.paint_cost(w.card)),
                        "piece": Self::piece_name(w.piece)})).collect::<Vec<_>>(),
                    "glaze_kilns": p.glaze_kilns.iter().map(|k| json!({
                        "name": self.cards.workshop_label(k.card, CardType::GlazeKiln),
                        "face": self.cards.building_face(k.card, CardType::GlazeKiln),
                        "piece": Self::piece_name(k.piece)})).collect::<Vec<_>>(),
                    "firing_kilns": p.firing_kilns.iter().map(|k| json!({
                        "name": self.cards.workshop_label(k.card, CardType::FiringKiln),
                        "face": self.cards.building_face(k.card, CardType::FiringKiln),
                        "piece": Self::piece_name(k.piece)})).collect::<Vec<_>>(),
                    "drying": p.drying,
                    "sold": p.sold,
                    "hand_size": p.hand.len(),
                    "hand_by_deck": deck_backs,
                    "hand_endgame": p.hand.endgame_count(),
                    "hand": if me { json!(hand) } else { Value::Null },
                    "known_hand": if me { Value::Null } else { json!(hand) },
                    "endgame_played": p.endgame_played.count_ones(),
                    "endgame_played_cards": if me || self.t.phase == Phase::Over {
                        json!((0..12).filter(|i| p.endgame_played & (1 << i) != 0)
                            .map(|i| self.cards.endgame[i].name.clone()).collect::<Vec<_>>())
                    } else { Value::Null },
                    "endgame_played_faces": if me || self.t.phase == Phase::Over {
                        json!((0..12).filter(|i| p.endgame_played & (1 << i) != 0)
                            .map(|i| self.cards.face(80 + i)).collect::<Vec<_>>())
                    } else { Value::Null },
                    // 10.2: the seat's own choice while the others are still choosing.
                    "endgame_pending": match p.endgame_pending.filter(|_| me) {
                        None => Value::Null,
                        Some(EndgameChoice::Keep) => json!("keep"),
                        Some(EndgameChoice::Play(i)) => json!({"id": 80 + usize::from(i),
                            "name": self.cards.name(80 + usize::from(i)),
                            "face": self.cards.face(80 + usize::from(i))}),
                    },
                    "craftswomen": p.workers,
                    "on_shop": p.on_shop,
                    "shop_closed": p.shop_closed,
                    "turns": p.turns,
                    "donkey": self.t.donkeys[s],
                })
            })
            .collect();
        let draft: Vec<Vec<Value>> = self
            .t
            .draft
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&c| {
                        if c == EMPTY {
                            Value::Null
                        } else {
                            json!({"id": c, "name": self.cards.name(usize::from(c)),
                                   "face": self.cards.face(usize::from(c)),
                                   "type": CardType::of(usize::from(c)).label()})
                        }
                    })
                    .collect()
            })
            .collect();
        // What the viewer knows of cards outside the table: its own discarded endgame
        // cards (in the box), cards it saw returned to a deck.
        let known_elsewhere: Vec<usize> = (0..NUM_CARD_IDS)
            .filter(|&c| self.t.known[c] & bit != 0 && !self.on_table_or_hand(c))
            .collect();
        json!({
            "game": "nijar",
            "viewer": viewer,
            "players": self.n(),
            "round": self.t.round + 1,
            "phase": serde_json::to_value(self.t.phase).unwrap_or(Value::Null),
            "to_act": self.actor(),
            "turn_seat": self.t.turn_seat,
            "layout": self.t.layout.iter().map(|&a| Act::from_code(a).map_or("?", |a| a.key())).collect::<Vec<_>>(),
            "column_bonuses": self.t.columns.iter().map(|&a| Act::from_code(a).map(|a| a.key())).collect::<Vec<_>>(),
            "special_bonuses": self.t.special.iter().map(|&a| Act::from_code(a).map_or("?", |a| a.key())).collect::<Vec<_>>(),
            "spaces": self.t.spaces.iter().map(|row| row.iter().map(|o| json!({"seat": if o.seat == EMPTY { Value::Null } else { json!(o.seat) }, "count": o.count})).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "special_stack": &self.t.special_stack[..self.n()],
            "demand": self.t.demand,
            "market_heights": self.t.heights,
            "dice": self.t.dice,
            "deck_sizes": self.t.decks.iter().map(|d| d.len()).collect::<Vec<_>>(),
            "draft": draft,
            "turn_order": self.t.order.iter().copied().collect::<Vec<_>>(),
            "right_track": self.t.right[..self.n()].iter().map(|&s| if s == EMPTY { Value::Null } else { json!(s) }).collect::<Vec<_>>(),
            "first_player_token": self.t.first_token,
            "combos": self.t.combos.iter().map(|c| json!({"wheel": self.cards.starting_wheels[usize::from(c.wheel)].name, "resources": c.res})).collect::<Vec<_>>(),
            "supply": serde_json::to_value(self.t.supply).unwrap_or(Value::Null),
            "frames": serde_json::to_value(self.t.frames).unwrap_or(Value::Null),
            "mode": serde_json::to_value(self.t.mode).unwrap_or(Value::Null),
            "shop_rewards": &self.t.shop_rewards[..self.n()],
            "known_elsewhere": known_elsewhere,
            // 8.10: "the Starting Esparto Card printed on your Workshop Board" (every board's).
            "printed_esparto": {"name": self.cards.printed_esparto.name,
                "rewards": self.cards.printed_esparto.rewards.iter().map(|r| r.label()).collect::<Vec<_>>()},
            "players_view": players,
            "competition": self.competition_json(),
        })
    }

    /// The Competition as you may see it (solo): its pieces, craftswomen, shop and score,
    /// the back of its top card (the piece actions of each round), the cards it revealed this
    /// round, in order, and the number of cards left in its deck.
    fn competition_json(&self) -> Value {
        if !self.is_solo() {
            return Value::Null;
        }
        let s = &self.t.solo;
        let card = |id: u8| {
            let c = &self.cards.competition[usize::from(id)];
            json!({"name": c.name, "space": [c.space.0 + 1, c.space.1 + 1],
                   "face": CardSet::competition_face(c),
                   "donkey": serde_json::to_value(c.donkey).unwrap_or(Value::Null)})
        };
        let back = s.deck.last().map(|&id| {
            let c = &self.cards.competition[usize::from(id)];
            json!(c
                .pieces
                .iter()
                .map(|r| r
                    .iter()
                    .map(|&t| PIECE_NAMES[usize::from(t)])
                    .collect::<Vec<_>>())
                .collect::<Vec<_>>())
        });
        // 12.5: each card is revealed face-up, so every revealed card of the round is
        // known (12.10's Expert "you may consult the revealed cards" lets a person look
        // back; a seat with perfect recall has seen them all in any mode).
        let shown: Vec<Value> = s.revealed.iter().map(|&c| card(c)).collect();
        const LEVELS: [&str; 3] = ["normal", "advanced", "expert"];
        const STATES: [&str; 3] = ["none", "unpainted", "painted"];
        let difficulty = LEVELS[usize::from(self.t.config.difficulty.min(2))];
        let pieces: Vec<&str> = s
            .pieces
            .iter()
            .map(|&p| STATES[usize::from(p.min(2))])
            .collect();
        json!({
            "score": self.competition_score(),
            "vp": s.vp,
            "pieces": pieces,
            "sold": s.sold,
            "craftswomen": s.workers,
            "on_shop": s.on_shop,
            "shop_closed": s.shop_closed,
            "turns": s.turns,
            "deck_size": s.deck.len(),
            "revealed_count": s.revealed.len(),
            "revealed": shown,
            "top_card_back": back,
            "donkey": self.t.donkeys[usize::from(super::state::COMP)],
            "discards": s.discards.len(),
            "difficulty": difficulty,
        })
    }

    /// Whether card `c` is in a hand, in the draft area or on a workshop.
    pub(crate) fn on_table_or_hand(&self, c: usize) -> bool {
        self.t.players.iter().any(|p| {
            p.hand.has(c)
                || (c >= 80 && p.endgame_played & (1 << (c - 80)) != 0)
                || (c < 80 && self.in_workshop(p, c as u8))
        }) || self.t.draft.iter().flatten().any(|&x| usize::from(x) == c)
    }

    pub(crate) fn in_workshop(&self, p: &super::state::Player, c: u8) -> bool {
        p.wheels.iter().any(|w| w.card == c)
            || p.esparto.iter().any(|e| e.card == c)
            || p.cleanups.iter().any(|x| x.card == c)
            || p.workshops.iter().any(|x| x.card == c)
            || p.glaze_kilns.iter().any(|x| x.card == c)
            || p.firing_kilns.iter().any(|x| x.card == c)
    }

    /// The information-state key: the state document with everything `viewer` cannot know
    /// taken out (the other hands' unknown cards and face-down plays, reduced to counts by
    /// cardback; the decks' unknown cards and every deck order; the other seats' pending 10.2
    /// choices; the other seats' knowledge;
    /// the seed and the random stream; the order of the Competition's face-down cards, of
    /// which only the top card's back is seen), so it is exact by construction.
    pub fn information_state(&self, viewer: Seat) -> String {
        let bit = 1u8 << viewer;
        let mut t = self.t.clone();
        t.history = Vec::new();
        // The seed and the random stream decide every deal, deck order and die to come:
        // neither is anyone's to know.
        t.seed = 0;
        t.rng = Rng::seed_from(0);
        let mut competition_top_back = None;
        let over = t.phase == Phase::Over;
        let mut hidden: Vec<[u8; 5]> = Vec::new();
        for (s, p) in t.players.iter_mut().enumerate() {
            if s == viewer {
                continue;
            }
            // 10.2: what another seat chose is hidden until every seat has chosen (that it
            // has chosen is public, through the phase's step).
            p.endgame_pending = None;
            let mut counts = [0u8; 5];
            for c in p.hand.ids().collect::<Vec<_>>() {
                if self.t.known[c] & bit == 0 {
                    p.hand.remove(c);
                    let k = if c < NUM_GAME_CARDS {
                        CardType::of(c).deck()
                    } else {
                        3
                    };
                    counts[k] += 1;
                }
            }
            if !over {
                for i in 0..12 {
                    if p.endgame_played & (1 << i) != 0
                        && self.t.known[NUM_GAME_CARDS + i] & bit == 0
                    {
                        p.endgame_played &= !(1 << i);
                        counts[4] += 1;
                    }
                }
            }
            hidden.push(counts);
        }
        let mut deck_counts = [0u8; 3];
        for (d, deck) in t.decks.iter_mut().enumerate() {
            let mut kept: Vec<u8> = deck
                .iter()
                .copied()
                .filter(|&c| self.t.known[usize::from(c)] & bit != 0)
                .collect();
            deck_counts[d] = (deck.len() - kept.len()) as u8;
            kept.sort_unstable();
            *deck = kept.into_iter().collect();
        }
        for k in t.known.iter_mut() {
            *k &= bit;
        }
        if self.is_solo() {
            // 12.5: every revealed card was turned face-up for all to see, so they stay (in
            // order); the face-down deck holds the other cards, in an order nobody knows but
            // for its top card's back, which is seen.
            let top_back = t
                .solo
                .deck
                .last()
                .map(|&c| self.cards.competition[usize::from(c)].pieces);
            let mut rest: Vec<u8> = t.solo.deck.iter().copied().collect();
            rest.sort_unstable();
            t.solo.deck = rest.into_iter().collect();
            competition_top_back = top_back;
        }
        /// What the key holds, written straight to text (`key_string`).
        #[derive(serde::Serialize)]
        struct Key<'a, B> {
            viewer: Seat,
            table: &'a super::state::Table,
            hidden: &'a [[u8; 5]],
            unknown_in_decks: [u8; 3],
            competition_top_back: Option<B>,
        }
        key_string(&Key {
            viewer,
            table: &t,
            hidden: &hidden,
            unknown_in_decks: deck_counts,
            competition_top_back,
        })
    }

    /// A copy in which what `viewer` cannot know is redrawn: the unknown cards of each
    /// cardback among the deck and the other hands, every deck's order, the unknown endgame
    /// cards among the other hands, the face-down plays and the box, the other seats' pending
    /// 10.2 choices, the Competition's face-down cards (not its revealed ones, which everyone
    /// saw), and the dice to come.
    pub fn resample(&self, viewer: Seat, seed: u64) -> Self {
        let mut out = self.clone();
        self.resample_into(viewer, seed, &mut out);
        out
    }

    /// [`NijarState::resample`] written into `out` (any state of this game), reusing its
    /// buffers: search's determinizations, which allocate nothing (the pools are inline).
    pub fn resample_into(&self, viewer: Seat, seed: u64, out: &mut Self) {
        out.clone_from(self);
        let mut rng = Rng::seed_from(seed ^ 0x6E69_6A61_7200_0000);
        let bit = 1u8 << viewer;
        let n = self.n();
        // Everything below is built in an order that depends only on what the viewer
        // knows (sorted pools, seats in order), so equal information gives equal copies.
        for d in 0..3 {
            let unknown = |c: usize| self.t.known[c] & bit == 0;
            let mut pool: Ids<u8> = Ids::new();
            let mut kept: Ids<u8> = Ids::new();
            for &c in self.t.decks[d].iter() {
                if unknown(usize::from(c)) {
                    pool.push(c);
                } else {
                    kept.push(c);
                }
            }
            let mut hand_slots: Ids<usize> = Ids::new();
            for s in (0..n).filter(|&s| s != viewer) {
                let ids: Ids<usize> = self.t.players[s]
                    .hand
                    .ids()
                    .filter(|&c| c < NUM_GAME_CARDS && CardType::of(c).deck() == d && unknown(c))
                    .collect();
                for c in ids {
                    out.t.players[s].hand.remove(c);
                    hand_slots.push(s);
                    pool.push(c as u8);
                }
            }
            pool.sort_unstable();
            kept.sort_unstable();
            rng.shuffle(&mut pool);
            for &c in &pool {
                out.t.known[usize::from(c)] = 0;
            }
            let mut it = pool.into_iter();
            for &s in &hand_slots {
                if let Some(c) = it.next() {
                    out.t.players[s].hand.insert(usize::from(c));
                    out.t.known[usize::from(c)] = 1 << s;
                }
            }
            let mut deck: crate::engine::FixedVec<u8, 32> = kept.into_iter().chain(it).collect();
            rng.shuffle(&mut deck);
            out.t.decks[d] = deck;
        }
        // Endgame cards: the other hands, the other face-down plays, and the box. At the
        // end of the game the face-down plays are turned up for scoring (11), so they stay.
        let over = self.t.phase == Phase::Over;
        let shown_at_end = |c: usize| {
            let card = 1 << (c - NUM_GAME_CARDS);
            over && (0..n).any(|s| self.t.players[s].endgame_played & card != 0)
        };
        let mut pool: Ids<u8> = Ids::new();
        for c in NijarState::ENDGAME_IDS {
            if self.t.known[c] & bit == 0 && !shown_at_end(c) {
                pool.push(c as u8);
            }
        }
        let mut slots: Ids<(usize, bool)> = Ids::new();
        for s in (0..n).filter(|&s| s != viewer) {
            for c in NijarState::ENDGAME_IDS {
                if self.t.known[c] & bit != 0 || shown_at_end(c) {
                    continue;
                }
                let i = c - NUM_GAME_CARDS;
                if self.t.players[s].hand.has(c) {
                    out.t.players[s].hand.remove(c);
                    slots.push((s, false));
                } else if self.t.players[s].endgame_played & (1 << i) != 0 {
                    out.t.players[s].endgame_played &= !(1 << i);
                    slots.push((s, true));
                }
            }
        }
        slots.sort_unstable();
        rng.shuffle(&mut pool);
        for &c in &pool {
            out.t.known[usize::from(c)] = 0;
        }
        for (&(s, played), &c) in slots.iter().zip(pool.iter()) {
            let c = usize::from(c);
            if played {
                out.t.players[s].endgame_played |= 1 << (c - NUM_GAME_CARDS);
            } else {
                out.t.players[s].hand.insert(c);
            }
            out.t.known[c] = 1 << s;
        }
        // 10.2: the other seats' pending choices, redrawn among those legal for them (keep,
        // or play an endgame card of their redrawn hand), uniformly as Sunrise's step one.
        for s in (0..n).filter(|&s| s != viewer) {
            if self.t.players[s].endgame_pending.is_none() {
                continue;
            }
            let p = &mut out.t.players[s];
            let held = NijarState::ENDGAME_IDS.filter(|&c| p.hand.has(c)).count();
            let pick = rng.below(held + 1);
            p.endgame_pending = Some(
                NijarState::ENDGAME_IDS
                    .filter(|&c| p.hand.has(c))
                    .nth(pick)
                    .map_or(EndgameChoice::Keep, |c| {
                        EndgameChoice::Play((c - NUM_GAME_CARDS) as u8)
                    }),
            );
        }
        if self.is_solo() {
            // The Competition's deck: its revealed cards are public (12.5) and stay; the
            // face-down cards are redrawn, the top one among those with the back it shows.
            let backs = |c: u8| self.cards.competition[usize::from(c)].pieces;
            let mut pool: Ids<u8> = self.t.solo.deck.iter().copied().collect();
            pool.sort_unstable();
            rng.shuffle(&mut pool);
            if let Some(&top) = self.t.solo.deck.last() {
                let same_back = |i: &usize| backs(pool[*i]) == backs(top);
                let count = (0..pool.len()).filter(same_back).count();
                let nth = rng.below(count);
                if let Some(pick) = (0..pool.len()).filter(same_back).nth(nth) {
                    let last = pool.len() - 1;
                    pool.swap(pick, last);
                }
            }
            out.t.solo.deck = pool.into_iter().collect();
        }
        // The copy carries neither the true seed (it would regenerate every deal, deck
        // order and die) nor the true history (it holds the other seats' hidden choices):
        // a determinization starts its own, as Sunrise's and Sorcery's do.
        out.t.seed = rng.next_u64();
        out.t.rng = Rng::seed_from(rng.next_u64());
        out.t.history.clear();
    }
}
