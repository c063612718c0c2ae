//! What each seat may see: the observation tensor (the observation itself is in `view`),
//! the information-state key, and determinization (`resample_hidden`).
//!
//! Hidden from a seat: the order of every deck and draw stack (its own stack too: "Deal 12
//! face-down cards"), the other seats' drawn cards and their step-one choice until the
//! reveal, cards discarded face-down by others (Wasteful, advantage discards), and the other
//! seats' face-down advantage cards. Which cards a seat knows the place of is tracked per
//! card (`resource_known`, `advantage_known`), so a seat that returned two advantage cards
//! to the bottom of the deck still knows them there.
//!
//! ## Who knows what
//!
//! Every hidden place, who knows it and when that changes. The hidden-information harness
//! (`tests/rules/hidden_sunrise.rs`) reads this table: each place below has a generator that makes
//! a second state the seat cannot tell from the first (`swap`: two unseen cards exchanged or
//! a card changed; `choice`: another seat's pending choice changed to another legal one by
//! replaying the game), checks every view and determinization on both, and checks that
//! determinizations redraw the place. Everything not listed is on the table for all.
//!
//! | place | what | known to | when that changes | harness |
//! |---|---|---|---|---|
//! | `stack` | each seat's 12 face-down resource cards of the day, and their order | nobody (its owner too) | "Deal 12 face-down cards" at each day; a card leaves when drawn | swap |
//! | `hand` | the 4 resource cards a seat drew this round | its holder | public once placed on the wheels in step two (the reveal) | swap |
//! | `wastebasket` | resource cards discarded face-down (Wasteful, advantage discards) | the seat that discarded each (`resource_known`) | never revealed | swap |
//! | `advantage_deck` | the order of the advantage deck | nobody, but a seat knows the cards it returned to the bottom (`advantage_known`) | a draw takes the top | swap |
//! | `advantages` | a seat's face-down advantage cards | its holder | public when revealed (a showpiece, an end-game card) | swap |
//! | `drawn` | advantage cards a seat drew and is choosing among ("Draw 3 & Keep 1") | the drawer | the two returned stay known to it only | swap |
//! | `project_deck` | the order of the face-down project deck below its face-up top card | nobody | a draw turns the next card face-up | swap |
//! | `pending` | a seat's step-one work style and destinations | the chooser | revealed when every seat has chosen | choice |
//! | `final_choice` | a seat's game-end reveal/discard/keep choices | the chooser; how many it decided is public | applied when every seat has chosen | choice |
//! | `seed_rng` | the seed and the random stream (future shuffles and draws) | nobody | never in any view; a determinization draws its own from its seed | swap |

use arrayvec::ArrayVec;

use super::data::{NUM_ADVANTAGE, NUM_RESOURCE_CARDS};
use super::state::{CardId, Phase, SunriseState, TurnStage, WorkStyle};
use crate::engine::{key_string, sort_ids, ActionList, Rng, Seat};

/// The rounds of a day ("Gameplay").
pub const ROUND_NAMES: [&str; 3] = ["Sunrise", "Midday", "Sunset"];

impl SunriseState {
    /// Whether the seats' step-one choices are still hidden (someone has chosen, not all).
    pub(super) fn selecting(&self) -> Option<usize> {
        match self.t.phase {
            Phase::Select { seat } => Some(usize::from(seat)),
            _ => None,
        }
    }

    /// A stable key for what `viewer` knows: its observation, serialized with sorted keys.
    ///
    /// It is the state document with everything the seat cannot see masked out (unknown
    /// cards become 255, face-down sets re-sorted, the random stream and history dropped),
    /// so two states the seat cannot tell apart give the same key — and it costs a fraction
    /// of the observation dictionary.
    pub fn information_state(&self, viewer: Seat) -> String {
        const HIDDEN: CardId = 255;
        let bit = 1u8 << viewer;
        let mut m = self.t.clone();
        let known_resource = |c: CardId| self.t.resource_known[usize::from(c)] & bit != 0;
        let known_advantage = |c: CardId| self.t.advantage_known[usize::from(c)] & bit != 0;
        for (q, p) in m.players.iter_mut().enumerate() {
            p.stack.iter_mut().for_each(|c| *c = HIDDEN);
            if q != viewer {
                p.hand.iter_mut().for_each(|c| *c = HIDDEN);
                if let Some(choice) = &mut p.pending {
                    // That the seat has chosen is public; what it chose is not.
                    choice.style = WorkStyle::Efficient;
                    choice.destinations.clear();
                }
                for c in p.advantages.iter_mut() {
                    if !known_advantage(*c) {
                        *c = HIDDEN;
                    }
                }
                p.advantages.sort_unstable();
                // How many cards the seat has decided on at game end is public; what it
                // decided is not.
                let decided = p.final_choice.decided().count_ones();
                p.final_choice = super::state::FinalChoice {
                    keep: (1u32 << decided) - 1,
                    ..Default::default()
                };
            }
        }
        for c in m.wastebasket.iter_mut() {
            if !known_resource(*c) {
                *c = HIDDEN;
            }
        }
        for c in m.advantage_deck.iter_mut() {
            if !known_advantage(*c) {
                *c = HIDDEN;
            }
        }
        m.project_deck.iter_mut().for_each(|c| *c = HIDDEN);
        if let Phase::Complete {
            seat,
            turn: TurnStage::KeepAdvantage { drawn },
            ..
        } = &mut m.phase
        {
            if usize::from(*seat) != viewer {
                drawn.iter_mut().for_each(|c| *c = HIDDEN);
            }
        }
        m.resource_known.iter_mut().for_each(|b| *b &= bit);
        m.advantage_known.iter_mut().for_each(|b| *b &= bit);
        m.rng = Rng::seed_from(0);
        m.seed = 0;
        m.history.clear();
        format!("seat {viewer}:{}", key_string(&m))
    }

    /// Redraws everything `viewer` cannot see, consistently with what it can, from `seed`
    /// alone: the deck orders, the stacks, the other seats' drawn cards, their hidden step-one
    /// choices (redrawn among those legal for them), their face-down advantage cards and the
    /// cards discarded face-down by others. The copy's history is empty (a determinization
    /// is not a replay) and its random stream comes from `seed`.
    pub fn resample(&self, viewer: Seat, seed: u64) -> SunriseState {
        let mut s = self.clone();
        self.resample_into(viewer, seed, &mut s);
        s
    }

    /// [`SunriseState::resample`] written into `s` (any state of this game), reusing its
    /// buffers: search's determinizations.
    pub fn resample_into(&self, viewer: Seat, seed: u64, s: &mut SunriseState) {
        let mut rng = Rng::seed_from(seed ^ 0x5EED_0F5A_4D1E);
        s.clone_from(self);
        let bit = 1u8 << viewer;
        let selecting = self.selecting();

        // Resource cards: slots in an order the viewer can name (stacks, other hands, the
        // wastebasket's unknown entries), each with the knowledge bits that belong to it.
        // (kind, seat, index). Each slot holds a distinct resource card, so the lists fit
        // inline (a determinization per search iteration allocates nothing).
        let mut slots: ArrayVec<(u8, u8, u8), NUM_RESOURCE_CARDS> = ArrayVec::new();
        let mut pool: ArrayVec<CardId, NUM_RESOURCE_CARDS> = ArrayVec::new();
        for q in 0..self.n() {
            let p = &self.t.players[q];
            for (i, &c) in p.stack.iter().enumerate() {
                slots.push((0, q as u8, i as u8));
                pool.push(c);
            }
            if q != viewer {
                for (i, &c) in p.hand.iter().enumerate() {
                    slots.push((1, q as u8, i as u8));
                    pool.push(c);
                }
            }
        }
        for (i, &c) in self.t.wastebasket.iter().enumerate() {
            if self.t.resource_known[usize::from(c)] & bit == 0 {
                slots.push((2, 0, i as u8));
                pool.push(c);
            }
        }
        sort_ids(&mut pool);
        rng.shuffle(&mut pool);
        for (&(kind, q, i), &c) in slots.iter().zip(pool.iter()) {
            let (q, i) = (usize::from(q), usize::from(i));
            match kind {
                0 => {
                    s.t.players[q].stack[i] = c;
                    s.t.resource_known[usize::from(c)] = 0;
                }
                1 => {
                    s.t.players[q].hand[i] = c;
                    s.t.resource_known[usize::from(c)] = 1 << q;
                }
                _ => {
                    let old = self.t.wastebasket[i];
                    s.t.wastebasket[i] = c;
                    s.t.resource_known[usize::from(c)] = self.t.resource_known[usize::from(old)];
                }
            }
        }
        // Other seats' hidden step-one choices are redrawn among those legal for them.
        for q in 0..self.n() {
            if q == viewer {
                continue;
            }
            s.t.players[q].hand.sort_unstable();
            if selecting.is_some_and(|cur| q < cur) {
                let mut legal = ActionList::new();
                let saved = std::mem::replace(&mut s.t.phase, Phase::Select { seat: q as u8 });
                s.legal_into(&mut legal);
                s.t.phase = saved;
                if !legal.is_empty() {
                    let a = legal[rng.below(legal.len())];
                    if let Some(super::actions::Move::Draft(d)) = super::actions::decode(a) {
                        let code = super::actions::draft_action(d) as usize;
                        s.t.players[q].pending = Some(super::state::DraftChoice {
                            style: super::moves::style_of(code, self.n() == 2).unwrap_or_default(),
                            destinations: d.into_iter().collect(),
                        });
                    }
                }
            }
        }

        // Advantage cards: unknown deck positions, other seats' unknown face-down cards and
        // cards another seat is choosing among.
        let mut slots: ArrayVec<(u8, u8, u8), NUM_ADVANTAGE> = ArrayVec::new();
        let mut pool: ArrayVec<CardId, NUM_ADVANTAGE> = ArrayVec::new();
        let unknown = |c: CardId| self.t.advantage_known[usize::from(c)] & bit == 0;
        for (i, &c) in self.t.advantage_deck.iter().enumerate() {
            if unknown(c) {
                slots.push((0, 0, i as u8));
                pool.push(c);
            }
        }
        for q in 0..self.n() {
            for (i, &c) in self.t.players[q].advantages.iter().enumerate() {
                if q != viewer && unknown(c) {
                    slots.push((1, q as u8, i as u8));
                    pool.push(c);
                }
            }
        }
        if let Phase::Complete {
            seat,
            turn: TurnStage::KeepAdvantage { drawn },
            ..
        } = &self.t.phase
        {
            if usize::from(*seat) != viewer {
                for (i, &c) in drawn.iter().enumerate() {
                    if unknown(c) {
                        slots.push((2, 0, i as u8));
                        pool.push(c);
                    }
                }
            }
        }
        let old_bits: ArrayVec<u8, NUM_ADVANTAGE> = slots
            .iter()
            .map(|&(kind, q, i)| {
                let c = match kind {
                    0 => self.t.advantage_deck[usize::from(i)],
                    1 => self.t.players[usize::from(q)].advantages[usize::from(i)],
                    _ => match &self.t.phase {
                        Phase::Complete {
                            turn: TurnStage::KeepAdvantage { drawn },
                            ..
                        } => drawn[usize::from(i)],
                        _ => 0,
                    },
                };
                self.t.advantage_known[usize::from(c)]
            })
            .collect();
        sort_ids(&mut pool);
        rng.shuffle(&mut pool);
        for ((&(kind, q, i), &c), &bits) in slots.iter().zip(pool.iter()).zip(old_bits.iter()) {
            let (q, i) = (usize::from(q), usize::from(i));
            match kind {
                0 => s.t.advantage_deck[i] = c,
                1 => s.t.players[q].advantages[i] = c,
                _ => {
                    if let Phase::Complete {
                        turn: TurnStage::KeepAdvantage { drawn },
                        ..
                    } = &mut s.t.phase
                    {
                        drawn[i] = c;
                    }
                }
            }
            s.t.advantage_known[usize::from(c)] = bits;
        }

        // Face-down hands are sets, kept sorted (the redrawn ids may sort differently).
        for q in 0..self.n() {
            s.t.players[q].advantages.sort_unstable();
        }
        // Other seats' hidden game-end choices: as many cards decided as before (that count
        // is public), the lowest of the redrawn hand, each among the options it has.
        for q in 0..self.n() {
            let decided = self.t.players[q].final_choice.decided().count_ones() as usize;
            if q == viewer || decided == 0 {
                continue;
            }
            let mut choice = super::state::FinalChoice::default();
            for i in 0..decided.min(s.t.players[q].advantages.len()) {
                let c = s.t.players[q].advantages[i];
                let bit = 1u32 << c;
                let second = rng.below(2) == 1;
                match (s.is_end_game_card(c), second) {
                    (true, false) => choice.reveal |= bit,
                    (_, true) => choice.discard |= bit,
                    (false, false) => choice.keep |= bit,
                }
            }
            s.t.players[q].final_choice = choice;
        }

        // The project deck is face-down to everyone.
        let mut deck = s.t.project_deck;
        sort_ids(&mut deck);
        rng.shuffle(&mut deck);
        s.t.project_deck = deck;

        s.t.rng = Rng::seed_from(rng.next_u64());
        s.t.seed = seed;
        s.t.history.clear();
        // The works are public and unchanged, but the derived sets are regathered for the
        // redrawn table all the same: a determinization always starts with current sets.
        s.rebuild_open_icons();
    }
}
