//! What each seat may see: who knows what (below), the information-state key, and
//! determinization (`resample_hidden`); the observation is built in `view` (the tensor in
//! `tensor`).
//!
//! Hidden from a seat: the order of every deck; the grave cards it has not seen (in other
//! hands, in piles it has not looked at since they joined, in the grave deck); the others'
//! theses (kept and returned) and, during setup, their offered projects and staffs and their
//! picks; the returned staffs; the others' commits (and an extra-commit staff used among them)
//! until everyone has committed. Which
//! material and project cards a seat knows the place of is tracked per card (`known`,
//! `project_known`): a seat that looked at a pile keeps knowing those cards there until
//! they move unseen, and knows them in the hand of whoever takes the pile.
//!
//! The grave discard is face-up, so every seat knows which cards a reshuffle puts into the
//! new grave deck (not their order): each material carries the generation of the deck it
//! last came from, and a determinization exchanges an unseen card only with unseen cards of
//! the same generation, except where another seat's Spectral Sight mixed them (see
//! `mixing`, which also keeps where a card a seat had seen in the pile may now be).
//!
//! ## Who knows what
//!
//! Every hidden place, who knows it and when that changes. The hidden-information harness
//! (`tests/rules/hidden_sorcery.rs`) reads this table: each place below has a generator that makes
//! a second state the seat cannot tell from the first (`swap`: two unseen cards exchanged or
//! a card changed to another it could have been; `choice`: another seat's pending choice
//! changed to another legal one by replaying the game), checks every view and determinization
//! on both, and checks that determinizations redraw the place. The discard, the market, the
//! stock, completed and in-progress projects, used staffs and the robot's cards are face-up.
//!
//! | place | what | known to | when that changes | harness |
//! |---|---|---|---|---|
//! | `grave_cards` | grave cards in other hands, in the piles and in the grave deck (and its order) | a hand: its holder; a pile: every seat that looked at it since the card joined (`known`); the deck: nobody | taking a pile shows it to all who knew it; a reshuffle makes a new generation (`generation`) | swap |
//! | `project_decks` | the cards and order of the 100-, 200- and 300-level decks | nobody | a draw to the market shows the card to all | swap |
//! | `project_offer` | the two 100-level projects a seat is dealt, and the one it returned face-down under the 100-level deck | the seat dealt them | the kept one is public at the end of setup; the returned one stays known to its seat only | swap |
//! | `theses` | the two theses a seat is dealt and the one it keeps face-down | the seat | a met thesis is flipped face-up at the end of the game | swap |
//! | `staffs` | the two staffs a seat is dealt; during setup, the one it keeps | the seat | the kept staff is public at the end of setup; the returned one stays hidden | swap |
//! | `setup_picks` | a seat's setup choices (thesis, project, staff) | the chooser | the project and staff are revealed when every seat has chosen | choice |
//! | `commits` | the materials a seat commits in the commit step, and to which icons; whether it used an extra-commit staff there (`staff_pending`, the limit it raised); any other staff used there is open, public at once (`staff_used`, its sentence and events), and before the seat's first commit | the committer | revealed when every seat has committed (the staff is then flipped face-down) | choice |
//! | `seed_rng` | the seed and the random stream (future shuffles and draws) | nobody | never in any view; a determinization draws its own from its seed | swap |

use std::fmt::Write as _;

use serde_json::Value;

use arrayvec::ArrayVec;

use super::data::{NUM_GRAVE, NUM_MATERIALS, NUM_PROJECTS, NUM_STAFFS, NUM_THESES};
use super::state::{bit, ids, CardId, Materials, Phase, SorceryState, Stage, Turn, NONE};
use crate::engine::{key_string, ActionList, FixedVec, PerSeat, Rng, Seat, MAX_PLAYERS};

// The project decks are gathered into one u64 (`canonical_knowledge`).
const _: () = assert!(NUM_PROJECTS <= 64);

/// What a redraw of the grave cards writes (`SorceryState::redraw_graves`): the hands, the
/// piles, the grave deck and who knows each card where. Kept to retry a redraw without
/// copying the whole state.
#[derive(Clone, Copy)]
struct GravePlaces {
    hands: [Materials; MAX_PLAYERS],
    piles: [Materials; 3],
    grave_deck: FixedVec<CardId, NUM_GRAVE>,
    known: FixedVec<u8, NUM_MATERIALS>,
    mixed: FixedVec<u8, NUM_MATERIALS>,
}

impl GravePlaces {
    fn of(s: &SorceryState) -> Self {
        let mut hands = [0; MAX_PLAYERS];
        for (hand, p) in hands.iter_mut().zip(s.t.players.iter()) {
            *hand = p.hand;
        }
        GravePlaces {
            hands,
            piles: s.t.piles,
            grave_deck: s.t.grave_deck,
            known: s.t.known,
            mixed: s.t.mixed,
        }
    }

    fn restore(&self, s: &mut SorceryState) {
        for (p, &hand) in s.t.players.iter_mut().zip(self.hands.iter()) {
            p.hand = hand;
        }
        s.t.piles = self.piles;
        s.t.grave_deck = self.grave_deck;
        s.t.known = self.known;
        s.t.mixed = self.mixed;
    }
}

/// Hex digits, for the packed tables of an information-state key.
const HEX: &[u8; 16] = b"0123456789abcdef";

/// `bits` as hex digits, four to a digit (the last digit padded with zeros), then `,`: a
/// table of one length always takes the same number of digits, so the text is injective.
fn push_bits(out: &mut String, bits: impl Iterator<Item = bool>) {
    let mut nibble = 0u8;
    let mut filled = 0;
    for bit in bits {
        nibble |= u8::from(bit) << filled;
        filled += 1;
        if filled == 4 {
            out.push(char::from(HEX[usize::from(nibble)]));
            (nibble, filled) = (0, 0);
        }
    }
    if filled > 0 {
        out.push(char::from(HEX[usize::from(nibble)]));
    }
    out.push(',');
}

/// `bytes` as two hex digits each, then `,`.
fn push_hex_bytes(out: &mut String, bytes: impl Iterator<Item = u8>) {
    for b in bytes {
        out.push(char::from(HEX[usize::from(b >> 4)]));
        out.push(char::from(HEX[usize::from(b & 15)]));
    }
    out.push(',');
}

impl SorceryState {
    /// The cards of `set` whose place `viewer` knows.
    pub(super) fn known_part(&self, set: Materials, viewer: Seat) -> Materials {
        ids(set)
            .filter(|&c| self.t.known[c] & (1 << viewer) != 0)
            .fold(0, |s, c| s | bit(c))
    }

    /// Whether the others' commits are still hidden (the commit step is under way).
    pub(super) fn committing(&self) -> bool {
        matches!(self.t.phase, Phase::Commit { .. })
    }

    /// The committing seat's limit as the others know it: two and its completed projects'
    /// extra commits, without a staff it may have used (hidden until the reveal).
    pub(super) fn public_commit_limit(&self) -> u8 {
        match self.t.phase {
            Phase::Commit { seat } => self.commit_limit(usize::from(seat)),
            _ => self.t.turn.limit,
        }
    }

    /// Whether the seat's kept thesis is met: at the end it is then flipped face-up.
    pub(super) fn thesis_met(&self, seat: Seat) -> bool {
        self.would_meet(seat, self.t.players[seat].thesis)
    }

    /// Whether `thesis` would be met by `seat`'s table as it is.
    fn would_meet(&self, seat: Seat, thesis: CardId) -> bool {
        thesis != NONE
            && self.condition_met(seat, &self.cards.theses[usize::from(thesis)].condition)
    }

    /// The observation of `viewer` as a JSON tree (see `view` for the typed value).
    pub fn observation(&self, viewer: Seat) -> Value {
        serde_json::to_value(self.observation_view(viewer))
            .expect("an observation is plain data, always serializable")
    }

    /// A stable key for what `viewer` knows: the state document with everything hidden from
    /// the seat masked out, plus the public sizes the masking removes.
    pub fn information_state(&self, viewer: Seat) -> String {
        const HIDDEN: u8 = 255;
        let bitv = 1u8 << viewer;
        let mut m = self.t.clone();
        let setup = matches!(self.t.phase, Phase::Setup { .. });
        let over = self.t.phase == Phase::GameOver;
        let mut sizes = String::with_capacity(256);
        for (q, p) in m.players.iter_mut().enumerate() {
            let _ = write!(sizes, "{},", p.hand.count_ones());
            if q != viewer {
                p.hand = self.known_part(p.hand, viewer);
                p.pending.clear();
                p.staff_pending = false;
                p.thesis_offer = [HIDDEN; 2];
                // "End of Game": a met thesis is flipped face-up; an unmet one stays down.
                if p.thesis != NONE && !(over && self.thesis_met(q)) {
                    p.thesis = HIDDEN - 1;
                }
                p.staff_offer = [HIDDEN; 2];
                if setup {
                    p.project_offer = [HIDDEN; 2];
                    if p.project_pick != NONE {
                        p.project_pick = HIDDEN - 1;
                    }
                    if p.staff != NONE {
                        p.staff = HIDDEN - 1;
                    }
                } else if let Some((kept, returned)) = self.setup_projects(q) {
                    // "Player Setup" 2: the project it returned went face-down under the
                    // 100-level deck; which one is hidden while its place is. Which of the
                    // two offers it kept says nothing (the deal's order is hidden too).
                    let hidden =
                        returned != NONE && self.t.project_known[usize::from(returned)] & bitv == 0;
                    p.project_offer = [kept, if hidden { HIDDEN } else { returned }];
                    p.project_pick = 0;
                }
            }
        }
        for pile in m.piles.iter_mut() {
            let _ = write!(sizes, "{},", pile.count_ones());
            *pile = self.known_part(*pile, viewer);
        }
        // After a reshuffle the viewer knows from which deck each unseen card in another hand
        // or a pile was drawn (or only its mixing group's decks together), and after another
        // seat's Spectral Sight which cards it had seen are in each group: the masking
        // removes both.
        sizes.push_str(&self.mixing_key(viewer));
        // The grave deck and the project decks, packed too (two hex digits a card, `ff` for
        // one the viewer cannot name) and cleared from the copy.
        sizes.push('|');
        push_hex_bytes(
            &mut sizes,
            self.t.grave_deck.iter().map(|&c| {
                if self.t.known[usize::from(c)] & bitv == 0 {
                    HIDDEN
                } else {
                    c
                }
            }),
        );
        for (deck, copy) in self.t.decks.iter().zip(m.decks.iter_mut()) {
            push_hex_bytes(
                &mut sizes,
                deck.iter().map(|&c| {
                    if self.t.project_known[usize::from(c)] & bitv == 0 {
                        HIDDEN
                    } else {
                        c
                    }
                }),
            );
            copy.clear();
        }
        m.grave_deck.clear();
        let actor = self.actor();
        if actor != Some(viewer) && (self.committing() || self.t.turn.stage == Stage::SpectralTake)
        {
            m.turn.material = 0;
            m.turn.last = 0;
            m.turn.commits = 0;
            if m.turn.stage == Stage::CommitTarget {
                m.turn.stage = Stage::Commit;
            }
            if self.committing() {
                m.turn.limit = self.public_commit_limit();
            }
        }
        // The per-card tables, written packed (a bit a card for what the viewer knows, two
        // hex digits a card for the generations and groups) and cleared from the copy, whose
        // generic key would spend most of its text on them. A card's group says where it
        // is: known only where the viewer knows the card.
        sizes.push('|');
        push_bits(&mut sizes, self.t.known.iter().map(|&b| b & bitv != 0));
        push_bits(
            &mut sizes,
            self.t.known_in_group.iter().map(|&b| b & bitv != 0),
        );
        push_bits(
            &mut sizes,
            self.t.project_known.iter().map(|&b| b & bitv != 0),
        );
        push_hex_bytes(&mut sizes, self.t.generation.iter().copied());
        push_hex_bytes(
            &mut sizes,
            (self.t.mixed.iter().zip(self.t.known.iter())).map(|(&group, &known)| {
                if known & bitv == 0 {
                    0
                } else {
                    group
                }
            }),
        );
        for table in [
            &mut m.known,
            &mut m.known_in_group,
            &mut m.generation,
            &mut m.mixed,
        ] {
            table.clear();
        }
        m.project_known.clear();
        m.rng = Rng::seed_from(0);
        m.seed = 0;
        m.history.clear();
        format!("seat {viewer}|{sizes}|{}", key_string(&m))
    }

    /// Redraws everything `viewer` cannot see, consistently with what it can, from `seed`
    /// alone (see the module docs). The copy's history is empty and its random stream comes
    /// from `seed`.
    pub fn resample(&self, viewer: Seat, seed: u64) -> SorceryState {
        let mut s = self.clone();
        self.resample_into(viewer, seed, &mut s);
        s
    }

    /// [`SorceryState::resample`] written into `s` (any state of this game), reusing its
    /// buffers: search's determinizations.
    pub fn resample_into(&self, viewer: Seat, seed: u64, s: &mut SorceryState) {
        let mut rng = Rng::seed_from(seed ^ 0x50_4C_A5_E5);
        s.clone_from(self);
        let vb = 1u8 << viewer;
        let setup = matches!(self.t.phase, Phase::Setup { .. });

        // Other seats' commits (finished or under way) are redrawn below.
        let committed_before: PerSeat<Seat> = match self.t.phase {
            Phase::Commit { seat } => self
                .turn_order()
                .take_while(|&q| q != usize::from(seat))
                .filter(|&q| q != viewer)
                .collect(),
            _ => PerSeat::new(),
        };
        for q in 0..self.n() {
            if q != viewer {
                s.t.players[q].pending.clear();
                s.t.players[q].staff_pending = false;
            }
        }
        // Another seat's Spectral Sight: which cards it took so far is hidden, so the
        // ascending order restarts in the copy.
        if self.actor() != Some(viewer) && self.t.turn.stage == Stage::SpectralTake {
            s.t.turn.last = 0;
        }
        if let Phase::Commit { seat } = self.t.phase {
            if usize::from(seat) != viewer {
                // Its commits and staff use so far are redrawn with the others' (none,
                // here): its limit is the public one again.
                let limit = self.public_commit_limit();
                let t = &mut s.t.turn;
                t.commits = 0;
                t.last = 0;
                t.material = 0;
                t.limit = limit;
                if t.stage == Stage::CommitTarget {
                    t.stage = Stage::Commit;
                }
            }
        }

        // Grave cards the viewer cannot name (other hands, piles, deck) are redrawn. A seat in
        // the middle of a buy has shown it can pay its (public) price: its hand is redrawn
        // too, among the redraws that can still pay, chosen from the seed alone; only if a
        // few dozen redraws all fall short is its hand kept as it is.
        let buying = match (self.actor(), self.t.turn.stage) {
            (Some(a), Stage::BuyClear | Stage::BuySelect | Stage::BuyPay) if a != viewer => Some(a),
            _ => None,
        };
        match buying {
            None => self.redraw_graves(s, viewer, None, &mut rng),
            Some(a) => {
                let base = GravePlaces::of(s);
                let mut paid = false;
                for _ in 0..32 {
                    self.redraw_graves(s, viewer, None, &mut rng);
                    if s.can_still_pay(a) {
                        paid = true;
                        break;
                    }
                    base.restore(s);
                }
                if !paid {
                    self.redraw_graves(s, viewer, Some(a), &mut rng);
                }
            }
        }

        // Projects the viewer cannot place: in the decks (shuffled within each level) and,
        // during setup, the others' offers (100-level).
        for tier in 0..3 {
            // (0: a deck position, 1: an offer of a seat), its index.
            let mut places: ArrayVec<(u8, u8), NUM_PROJECTS> = ArrayVec::new();
            let mut cards: ArrayVec<u8, NUM_PROJECTS> = ArrayVec::new();
            for (i, &c) in self.t.decks[tier].iter().enumerate() {
                if self.t.project_known[usize::from(c)] & vb == 0 {
                    places.push((0, i as u8));
                    cards.push(c);
                }
            }
            if tier == 0 && setup {
                for q in 0..self.n() {
                    if q == viewer {
                        continue;
                    }
                    for k in 0..2 {
                        let c = self.t.players[q].project_offer[k];
                        if c != NONE {
                            places.push((1, (q * 2 + k) as u8));
                            cards.push(c);
                        }
                    }
                }
            }
            cards.sort_unstable();
            rng.shuffle(&mut cards);
            for (&(kind, i), &c) in places.iter().zip(cards.iter()) {
                if kind == 0 {
                    s.t.decks[tier][usize::from(i)] = c;
                    s.t.project_known[usize::from(c)] = 0;
                } else {
                    let q = usize::from(i / 2);
                    s.t.players[q].project_offer[usize::from(i % 2)] = c;
                    s.t.project_known[usize::from(c)] = 1 << q;
                }
            }
        }

        // Theses: everything but the viewer's own two is unknown to it, and at the end of
        // the game the met ones, flipped face-up; an unmet one is redrawn among those its
        // seat would not have met.
        let over = self.t.phase == Phase::GameOver;
        let face_up = |q: usize| over && q != viewer && self.thesis_met(q);
        let mine = self.t.players[viewer].thesis_offer;
        let shown: PerSeat<u8> = (0..self.n())
            .filter(|&q| face_up(q))
            .map(|q| self.t.players[q].thesis)
            .collect();
        let mut theses: ArrayVec<u8, NUM_THESES> = (0..NUM_THESES as u8)
            .filter(|t| !mine.contains(t) && !shown.contains(t))
            .filter(|&t| match self.t.config.theses {
                super::config::Theses::All => true,
                super::config::Theses::NoSeven => self.cards.theses[usize::from(t)].credits != 7,
                super::config::Theses::None => false,
            })
            .collect();
        rng.shuffle(&mut theses);
        theses.reverse(); // dealt from the front, as `pop` takes from the back
        for q in 0..self.n() {
            if q == viewer || self.t.players[q].thesis_offer[0] == NONE {
                continue;
            }
            let kept = self.t.players[q].thesis;
            let deal = [theses.pop().unwrap_or(NONE), theses.pop().unwrap_or(NONE)];
            let (offer, pick) = if kept != NONE && over {
                // Kept face-up if met; else an unseen one the seat would not have met (the
                // true one is such a thesis, so there is one).
                let keep = if face_up(q) {
                    kept
                } else if !self.would_meet(q, deal[0]) {
                    deal[0]
                } else {
                    let i = theses.iter().rposition(|&t| !self.would_meet(q, t));
                    i.map_or(kept, |i| theses.remove(i))
                };
                let other = if keep == deal[0] { deal[1] } else { deal[0] };
                let pick = rng.below(2);
                (
                    if pick == 0 {
                        [keep, other]
                    } else {
                        [other, keep]
                    },
                    pick,
                )
            } else {
                (deal, if kept == NONE { 0 } else { rng.below(2) })
            };
            let p = &mut s.t.players[q];
            p.thesis_offer = offer;
            if p.thesis != NONE {
                p.thesis = offer[pick];
            }
        }

        // Staffs: the others' offers, except a kept staff once revealed.
        if self.t.config.staffs {
            // The viewer's offer and every kept staff.
            let mut taken: ArrayVec<u8, { 2 + MAX_PLAYERS }> =
                self.t.players[viewer].staff_offer.into_iter().collect();
            if !setup {
                taken.extend((0..self.n()).map(|q| self.t.players[q].staff));
            }
            let mut staffs: ArrayVec<u8, NUM_STAFFS> = (0..NUM_STAFFS as u8)
                .filter(|x| !taken.contains(x))
                .collect();
            rng.shuffle(&mut staffs);
            let mut next = staffs.into_iter();
            for q in 0..self.n() {
                if q == viewer {
                    continue;
                }
                let p = &mut s.t.players[q];
                if setup {
                    p.staff_offer = [next.next().unwrap_or(NONE), next.next().unwrap_or(NONE)];
                    if p.staff != NONE {
                        p.staff = p.staff_offer[rng.below(2)];
                    }
                } else {
                    let keep = p.staff;
                    let other = next.next().unwrap_or(NONE);
                    p.staff_offer = if rng.below(2) == 0 {
                        [keep, other]
                    } else {
                        [other, keep]
                    };
                }
            }
        }
        if setup {
            for q in 0..self.n() {
                if q != viewer && self.t.players[q].project_pick != NONE {
                    s.t.players[q].project_pick = rng.below(2) as u8;
                }
            }
        }

        // The others' hidden commits and commit-step staff uses, redrawn among those legal
        // for them.
        let (phase, turn) = (s.t.phase, s.t.turn);
        for q in committed_before {
            s.t.phase = Phase::Commit { seat: q as u8 };
            s.t.turn = Turn {
                stage: Stage::Commit,
                limit: s.commit_limit(q),
                ..Turn::default()
            };
            let mut legal = ActionList::new();
            loop {
                s.legal_into(&mut legal);
                if legal.is_empty() {
                    break;
                }
                // A staff other than an extra-commit one is used openly in the commit step:
                // the seat did not use it (or it would be face-down now).
                if !s.staff_hidden_in_commit(q) {
                    legal.retain(|&mut a| a != super::actions::USE_STAFF);
                }
                let a = legal[rng.below(legal.len())];
                if a == super::actions::STOP {
                    break;
                }
                s.apply_move(a);
                s.t.history.pop();
            }
        }
        s.t.phase = phase;
        s.t.turn = turn;
        s.canonical_knowledge(viewer);
        if !setup {
            self.redraw_returned_projects(s, viewer, &mut rng);
        }
        s.t.rng = Rng::seed_from(seed);
        s.t.seed = seed;
        s.t.history.clear();
    }

    /// The 100-level projects `seat` kept and returned at setup ("Player Setup" 2), once
    /// it has chosen.
    fn setup_projects(&self, seat: Seat) -> Option<(u8, u8)> {
        let p = &self.t.players[seat];
        let pick = usize::from(p.project_pick);
        (pick < 2).then(|| (p.project_offer[pick], p.project_offer[1 - pick]))
    }

    /// After setup: the project each other seat returned face-down under the 100-level deck
    /// is, in the copy `s`, whichever card the redraw put in its place in the deck (the place
    /// is public: cards join the bottom and leave the top in view). One whose place the
    /// viewer knows (it has left the deck face-up) stays. Its owner knows it there.
    fn redraw_returned_projects(&self, s: &mut SorceryState, viewer: Seat, rng: &mut Rng) {
        for q in (0..self.n()).filter(|&q| q != viewer) {
            let Some((kept, returned)) = self.setup_projects(q) else {
                continue;
            };
            let place = self.t.decks[0].iter().position(|&c| c == returned);
            let redrawn = match place {
                Some(i) if self.t.project_known[usize::from(returned)] & (1 << viewer) == 0 => {
                    let c = s.t.decks[0][i];
                    s.t.project_known[usize::from(c)] = 1 << q;
                    c
                }
                _ => returned,
            };
            let pick = rng.below(2);
            let p = &mut s.t.players[q];
            p.project_offer[pick] = kept;
            p.project_offer[1 - pick] = redrawn;
            p.project_pick = pick as u8;
        }
    }

    /// Whether `seat`, in the middle of a buy, can still pay its price with the cards it may
    /// still discard (payment goes in ascending order) and still has a move.
    fn can_still_pay(&self, seat: Seat) -> bool {
        let t = &self.t.turn;
        let from = match t.stage {
            Stage::BuyPay if t.last >= 128 => 0,
            Stage::BuyPay => !0u128 << t.last,
            _ => !0,
        };
        let hand = self.t.players[seat].hand & from;
        let mut legal = ActionList::new();
        self.legal_into(&mut legal);
        u32::from(self.value_of(hand)) + u32::from(t.paid) >= u32::from(t.price)
            && !legal.is_empty()
    }

    /// The other seats' knowledge in a determinization, from what the viewer can see only:
    /// public places are known to all; a grave card in a hand to its holder (and the viewer,
    /// if it knew it), any other hand card to all; a material in a pile or the grave deck to
    /// the viewer if it knows it, else to nobody; a project in a deck to all if the viewer
    /// knows it, else to nobody (the others' private looks are part of what the viewer cannot
    /// know). `sorcery::tests::determinized_knowledge` checks each of these.
    fn canonical_knowledge(&mut self, viewer: Seat) {
        let all = self.all_seats();
        let vb = 1u8 << viewer;
        // The hidden places as sets, gathered once: this runs for every determinization, and
        // asking the grave deck and the project decks of each card was most of its time.
        let in_hands = (0..self.n()).fold(0, |m, q| m | self.t.players[q].hand);
        let in_piles_or_deck = self.t.piles.iter().fold(0, |m, &p| m | p)
            | self
                .t
                .grave_deck
                .iter()
                .fold(0, |m, &c| m | bit(usize::from(c)));
        for c in 0..NUM_MATERIALS {
            // Only the viewer's own knowledge of a group's cards is part of the copy.
            self.t.known_in_group[c] &= vb;
            let viewer_knows = self.t.known[c] & vb != 0;
            let holder = if in_hands & bit(c) != 0 {
                (0..self.n()).find(|&q| self.t.players[q].hand & bit(c) != 0)
            } else {
                None
            };
            let hidden_place = holder.is_some() || in_piles_or_deck & bit(c) != 0;
            self.t.known[c] = if !hidden_place {
                self.t.known[c] | all
            } else if let Some(q) = holder {
                let public = self.mat(c).kind != super::data::MaterialKind::Grave;
                if public {
                    all
                } else {
                    (1 << q) | if viewer_knows { vb } else { 0 }
                }
            } else if viewer_knows {
                vb
            } else {
                0
            };
        }
        let in_decks: u64 = self
            .t
            .decks
            .iter()
            .flat_map(|d| d.iter())
            .fold(0, |m, &c| m | 1 << c);
        for c in 0..NUM_PROJECTS {
            if in_decks & (1 << c) != 0 {
                self.t.project_known[c] = if self.t.project_known[c] & vb != 0 {
                    all
                } else {
                    0
                };
            }
        }
    }
}
