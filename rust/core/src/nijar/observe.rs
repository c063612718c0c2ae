//! What each seat may see: the information-state key and determinization
//! (`resample_hidden`); the observation is in `view`, the tensor in `tensor`.
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

use super::data::{CardType, NUM_CARD_IDS, NUM_GAME_CARDS};
use super::state::{EndgameChoice, Hand, NijarState, Phase};
use crate::engine::{key_string, Rng, Seat};

/// A list of distinct cards (or one entry per card), inline: at most one per card id.
type Ids<T> = arrayvec::ArrayVec<T, NUM_CARD_IDS>;

impl NijarState {
    /// The cards in a hand, in the draft area or on a workshop (as one set, built in one pass
    /// over the table: the observation asks it of every card).
    pub(crate) fn on_table_or_hand(&self) -> Hand {
        // Game cards only: a workshop's starting card (`STARTING_CARD`, `STARTING_BASE + k`)
        // and an empty draft space (`EMPTY`) are no card of the deck.
        fn add(placed: &mut Hand, c: u8) {
            if usize::from(c) < NUM_GAME_CARDS {
                placed.insert(usize::from(c));
            }
        }
        let mut placed = Hand::default();
        for p in &self.t.players {
            placed.0[0] |= p.hand.0[0];
            placed.0[1] |= p.hand.0[1];
            for i in 0..NUM_CARD_IDS - NUM_GAME_CARDS {
                if p.endgame_played & (1 << i) != 0 {
                    placed.insert(NUM_GAME_CARDS + i);
                }
            }
            let cards = (p.wheels.iter().map(|w| w.card))
                .chain(p.esparto.iter().map(|e| e.card))
                .chain(p.cleanups.iter().map(|x| x.card))
                .chain(p.workshops.iter().map(|x| x.card))
                .chain(p.glaze_kilns.iter().map(|x| x.card))
                .chain(p.firing_kilns.iter().map(|x| x.card));
            cards.for_each(|c| add(&mut placed, c));
        }
        self.t
            .draft
            .iter()
            .flatten()
            .for_each(|&c| add(&mut placed, c));
        placed
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
                // The hand's game cards read by its bits (ascending, as `ids` gives them).
                let ids: Ids<usize> = self.t.players[s]
                    .hand
                    .game_card_ids()
                    .filter(|&c| CardType::of(c).deck() == d && unknown(c))
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
        // Hands and decks are all that was redrawn, but the copy is recounted anyway: a
        // determinization always starts with a current tally.
        out.rebuild_tally();
    }
}
