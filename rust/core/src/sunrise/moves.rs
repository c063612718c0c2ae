//! What may happen next (legal actions) and what it does (apply): the round's four steps.
//!
//! Simultaneous steps are taken seat by seat. In step one a seat's choice stays hidden (it is
//! stored as `pending`) until every seat has chosen, then all are revealed at once; step two
//! is played face-up on the table, so it is public as it happens.

use arrayvec::ArrayVec;

use super::actions::{
    self, decode, draft_action, Move, BONUS, DISCARD, END_TURN, END_WORK, GLAZE, KEEP,
    RESERVE_TARGET, REVEAL, TAKE,
};
use super::data::{AdvantageEffect, ResourceIcons, NUM_ALL_PROJECTS};
use super::state::{
    Bonus, CardId, Destination, DraftChoice, Phase, SunriseState, TurnStage, WheelCard, Work,
    WorkStyle, DAYS, ROUNDS_PER_DAY,
};
use crate::engine::{Action, ActionList, Rng, Seat};

/// Style of a draft code for 3–4 players and for 2 players (`None`: no style matches), read
/// from [`STYLES`]: step one's choice is applied in every round of every rollout.
#[inline]
pub(crate) const fn style_of(code: usize, two_players: bool) -> Option<WorkStyle> {
    STYLES[two_players as usize][code & 255]
}

/// [`style_of`] for every code (only its four base-4 digits count), for 3–4 players (`[0]`)
/// and 2 (`[1]`), built at compile time.
const STYLES: [[Option<WorkStyle>; 256]; 2] = {
    let mut table = [[None; 256]; 2];
    let mut code = 0;
    while code < 256 {
        table[0][code] = style_of_digits(code, false);
        table[1][code] = style_of_digits(code, true);
        code += 1;
    }
    table
};

/// [`style_of`] from the destinations' counts (the rulebook's "Work Styles").
const fn style_of_digits(code: usize, two_players: bool) -> Option<WorkStyle> {
    let mut counts = [0u8; 4];
    let mut i = 0;
    while i < 4 {
        counts[(code >> (2 * i)) & 3] += 1;
        i += 1;
    }
    match (counts, two_players) {
        ([3, 1, 0, 0], _) => Some(WorkStyle::Efficient),
        ([2, 1, 1, 0], false) => Some(WorkStyle::Measured),
        // Measured, 2 players: "put 2 cards on the other player's pottery wheel".
        ([2, 2, 0, 0], true) => Some(WorkStyle::Measured),
        ([1, 0, 1, 2], _) => Some(WorkStyle::Wasteful),
        _ => None,
    }
}

/// Every draft code, ascending, tagged with its style, for 3–4 players (`[0]`) and for 2
/// (`[1]`): at most 4 + 12 + 12 codes. Built at compile time so step one costs no search.
const DRAFT_CODES: [([(u8, u8); 28], usize); 2] = {
    let mut table = [([(0u8, 0u8); 28], 0usize); 2];
    let mut two = 0;
    while two < 2 {
        let mut code = 0;
        while code < 256 {
            if let Some(style) = style_of(code, two == 1) {
                let (list, len) = &mut table[two];
                list[*len] = (code as u8, style as u8);
                *len += 1;
            }
            code += 1;
        }
        two += 1;
    }
    table
};

/// The six pairs (i, j), i < j, of the four drawn cards.
const CARD_PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];

/// The legal draft codes for every (2 players?, styles used, which drawn cards are identical)
/// — 2 × 8 × 64 lists, built once. Cards with identical faces are interchangeable, so of
/// the equivalent assignments only the one giving the lower card the lower (or equal)
/// destination digit is offered.
fn draft_table() -> &'static [ArrayVec<u8, 28>] {
    static TABLE: std::sync::OnceLock<Vec<ArrayVec<u8, 28>>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..1024usize)
            .map(|key| {
                let (two, used, twins) = (key >> 9 == 1, (key >> 6) & 7, key & 63);
                let (codes, len) = &DRAFT_CODES[usize::from(two)];
                codes[..*len]
                    .iter()
                    .filter(|&&(_, style)| used & (1 << style) == 0)
                    .filter(|&&(code, _)| {
                        let digit = |i: usize| (code >> (2 * i)) & 3;
                        CARD_PAIRS
                            .iter()
                            .enumerate()
                            .all(|(bit, &(i, j))| twins & (1 << bit) == 0 || digit(i) <= digit(j))
                    })
                    .map(|&(code, _)| code)
                    .collect()
            })
            .collect()
    })
}

impl SunriseState {
    /// The seat whose decision it is, from the phase.
    pub(crate) fn actor(&self) -> Option<Seat> {
        match self.t.phase {
            Phase::Select { seat }
            | Phase::Work { seat }
            | Phase::Convert { seat }
            | Phase::FinalChoices { seat }
            | Phase::Complete { seat, .. } => Some(usize::from(seat)),
            Phase::GameOver => None,
        }
    }

    /// "Step Four" / "Running Out of Available Projects": the round that ends the game.
    pub fn is_final_round(&self) -> bool {
        self.t.final_round || (self.t.day + 1 == DAYS && self.t.round + 1 == ROUNDS_PER_DAY)
    }

    pub(crate) fn legal_into(&self, out: &mut ActionList) {
        out.clear();
        match &self.t.phase {
            Phase::Select { seat } => self.draft_actions(usize::from(*seat), out),
            Phase::Work { seat } => {
                let seat = usize::from(*seat);
                // Placements and conversions read the same open icons: gathered once.
                self.with_open_targets(seat, |open| {
                    self.place_actions(seat, open, out);
                    self.convert_actions(seat, open, out);
                });
                self.advantage_actions(seat, out);
                if self.t.players[seat].wheel.is_empty() {
                    out.push(END_WORK);
                }
            }
            Phase::Convert { seat } => {
                let seat = usize::from(*seat);
                self.anytime_actions_without_cards(seat, out);
                out.push(END_TURN);
            }
            Phase::FinalChoices { seat } => {
                // The next face-down card, by id: an end-game card is revealed or discarded,
                // any other card discarded or kept face-down (it scores nothing either way
                // but for the reserve resource).
                let seat = usize::from(*seat);
                if let Some(c) = self.next_undecided(seat) {
                    if self.is_end_game_card(c) {
                        out.push(REVEAL + Action::from(c));
                        out.push(DISCARD + Action::from(c));
                    } else {
                        out.push(DISCARD + Action::from(c));
                        out.push(END_TURN);
                    }
                }
            }
            Phase::Complete {
                seat,
                turn,
                project,
            } => {
                let seat = usize::from(*seat);
                match turn {
                    TurnStage::ChooseBonus => {
                        self.anytime_actions(seat, out);
                        for b in Bonus::ALL {
                            if self.bonus_allowed(seat, b) {
                                out.push(BONUS + b as Action);
                            }
                        }
                    }
                    TurnStage::TakeProjects { .. } => {
                        for (i, slot) in self.t.row.iter().enumerate() {
                            if slot.is_some() {
                                out.push(TAKE + i as Action);
                            }
                        }
                    }
                    TurnStage::KeepAdvantage { drawn } => {
                        // With 3 drawn the two returned cards go to the bottom "in either
                        // order": both orders are choices. With 2 drawn one is returned.
                        let orders = if drawn.len() == 3 { 2 } else { 1 };
                        for k in 0..drawn.len() {
                            for o in 0..orders {
                                out.push(KEEP + (k * 2 + o) as Action);
                            }
                        }
                    }
                    TurnStage::ChooseGlaze => {
                        let mut glazes: ArrayVec<usize, 2> = self.cards.projects
                            [usize::from(*project)]
                        .glazes
                        .iter()
                        .map(|g| *g as usize - 3)
                        .collect();
                        glazes.sort_unstable();
                        for g in glazes {
                            out.push(GLAZE + g as Action);
                        }
                    }
                    TurnStage::Finish => {
                        self.anytime_actions(seat, out);
                        out.push(END_TURN);
                    }
                }
            }
            Phase::GameOver => {}
        }
    }

    /// `GameState::random_legal_action`: step one's choices are a list read from a table
    /// ([`draft_table`]), so one is drawn from the table without copying it out; other
    /// decisions are drawn from their list.
    pub(crate) fn random_action(&self, rng: &mut Rng, legal: &mut ActionList) -> Action {
        if let Phase::Select { seat } = self.t.phase {
            let codes = self.draft_codes(usize::from(seat));
            if !codes.is_empty() {
                return Action::from(codes[rng.below(codes.len())]);
            }
        }
        self.legal_into(legal);
        legal[rng.below(legal.len())]
    }

    /// Step One: every assignment of the 4 drawn cards that matches an unused work style.
    /// Cards with identical faces are interchangeable, so only one of the equivalent
    /// assignments is offered (the one giving lower-id copies the lower destination digit).
    pub(super) fn draft_actions(&self, seat: Seat, out: &mut ActionList) {
        out.extend(self.draft_codes(seat).iter().map(|&c| Action::from(c)));
    }

    /// The draft codes of [`Self::draft_actions`], ascending, from [`draft_table`] (none
    /// unless the seat holds its 4 drawn cards).
    fn draft_codes(&self, seat: Seat) -> &'static [u8] {
        let p = &self.t.players[seat];
        if p.hand.len() != 4 {
            return &[];
        }
        let face = |i: usize| self.cards.wheel_faces[usize::from(p.hand[i])].class;
        let mut twins = 0usize;
        for (bit, &(i, j)) in CARD_PAIRS.iter().enumerate() {
            if face(i) == face(j) {
                twins |= 1 << bit;
            }
        }
        let used = p
            .styles_used
            .iter()
            .enumerate()
            .fold(0usize, |m, (i, &u)| m | (usize::from(u) << i));
        let two = usize::from(self.n() == 2);
        draft_table()[(two << 9) | (used << 6) | twins].as_slice()
    }

    /// The resources a wheel card can still provide (bit r: resource r), and the resources
    /// under which its placement into the reserve is listed (see [`WheelFace`](super::data::WheelFace)).
    #[inline]
    pub(super) fn offers(&self, wc: &WheelCard) -> (u16, u16) {
        let face = &self.cards.wheel_faces[usize::from(wc.card)];
        let used = usize::from(wc.used) & 3;
        (face.offer[used], face.reserve[used])
    }

    /// The first unfilled icon of `resource` on a work.
    #[inline]
    pub(super) fn open_icon(&self, w: &Work, showpiece: bool, resource: usize) -> Option<usize> {
        let target = usize::from(w.card) + if showpiece { NUM_ALL_PROJECTS } else { 0 };
        let open = self.cards.target_icons[target].of_resource[resource] & !w.filled;
        (open != 0).then(|| open.trailing_zeros() as usize)
    }

    /// Actions a seat may take whenever it is acting in steps two and three: convert 2
    /// reserve resources ("Use Resources from the Reserve": at any time), and reveal or
    /// discard a face-down advantage card ("Use Advantage Cards": during your turn).
    pub(super) fn anytime_actions(&self, seat: Seat, out: &mut ActionList) {
        self.anytime_actions_without_cards(seat, out);
        self.advantage_actions(seat, out);
    }

    /// The conversions of [`Self::anytime_actions`] alone.
    fn anytime_actions_without_cards(&self, seat: Seat, out: &mut ActionList) {
        if self.t.players[seat].reserve >= 2 {
            self.with_open_targets(seat, |open| self.convert_actions(seat, open, out));
        }
    }

    /// Reveal, then discard, each face-down advantage card ("Use Advantage Cards").
    #[inline]
    fn advantage_actions(&self, seat: Seat, out: &mut ActionList) {
        let p = &self.t.players[seat];
        if p.advantages.is_empty() {
            return;
        }
        // The face-down hand is kept sorted, so these come out ascending.
        for &c in &p.advantages {
            out.push(REVEAL + Action::from(c));
        }
        for &c in &p.advantages {
            out.push(DISCARD + Action::from(c));
        }
    }

    /// Whether the seat has anything to do besides ending its step-two work or its turn.
    pub(super) fn has_optional_actions(&self, seat: Seat) -> bool {
        !self.t.players[seat].advantages.is_empty() || self.can_convert(seat)
    }

    /// Whether the seat can convert: 2 or more in its reserve and an open icon.
    pub(super) fn can_convert(&self, seat: Seat) -> bool {
        let p = &self.t.players[seat];
        p.reserve >= 2 && self.has_open_icon(seat)
    }

    /// "Completion Bonus Actions" constrained by "Always Having an In-Progress Project",
    /// its "Final Round Exception", and "Running Out of Available Projects".
    pub(crate) fn bonus_allowed(&self, seat: Seat, bonus: Bonus) -> bool {
        let in_progress = self.t.players[seat].projects.len();
        let row_has = self.t.row.iter().any(Option::is_some);
        // Running Out: with the deck empty you may take a project only if you would otherwise
        // start the next round without an in-progress project.
        // The deck runs out when its last card (the face-up top) is taken: 3 are left then.
        let may_take = row_has && (!self.project_deck_ran_out() || in_progress == 0);
        // Always Having an In-Progress Project, except in the final round.
        let must_take = !self.is_final_round() && in_progress == 0;
        match bonus {
            Bonus::TakeTwoProjects | Bonus::AdvantageAndProject => may_take,
            Bonus::DrawThreeKeepOne => !must_take || !may_take,
        }
    }

    /// Whether a resource token can be found: own supply, community supply, or another
    /// player's unused supply ("Understanding Your Resources").
    pub(super) fn token_available(&self, _seat: Seat) -> bool {
        self.t.community_supply > 0 || self.t.players.iter().any(|p| p.supply > 0)
    }

    /// Takes one resource token for `seat`. Tokens are identical, and a player who runs out
    /// may take from any other pool, so which pool it comes from changes nothing a player can
    /// do; we take from the own supply, then the community, then the fullest other supply.
    /// The own supply, the common case, is taken inline.
    #[inline]
    pub(super) fn take_token(&mut self, seat: Seat) -> bool {
        if self.t.players[seat].supply > 0 {
            self.t.players[seat].supply -= 1;
            return true;
        }
        self.take_token_from_others()
    }

    /// [`Self::take_token`] when the seat's own supply is empty: the community supply, then
    /// the fullest other supply ("Understanding Your Resources").
    fn take_token_from_others(&mut self) -> bool {
        if self.t.community_supply > 0 {
            self.t.community_supply -= 1;
            return true;
        }
        let donor = (0..self.n())
            .filter(|&s| self.t.players[s].supply > 0)
            .max_by_key(|&s| (self.t.players[s].supply, std::cmp::Reverse(s)));
        match donor {
            Some(d) => {
                self.t.players[d].supply -= 1;
                true
            }
            None => false,
        }
    }

    pub(crate) fn apply_move(&mut self, action: Action) {
        let Some(m) = decode(action) else { return };
        let Some(seat) = self.actor() else { return };
        if self.open_icons_stale() {
            // The table was written to directly (`table_mut`).
            self.rebuild_open_icons();
        }
        self.t.history.push(action);
        match m {
            Move::Draft(dest) => self.choose_draft(seat, dest),
            Move::Place {
                slot,
                resource,
                target,
            } => self.place(seat, slot, resource, target),
            Move::Convert { resource, target } => {
                // Return 1 of the 2 reserve resources to the supply, place the other.
                let p = &mut self.t.players[seat];
                p.reserve -= 2;
                p.supply += 1;
                self.fill(seat, resource, target);
            }
            Move::Reveal(card) if self.final_choosing().is_some() => {
                self.record_final_choice(seat, card as CardId, |c| &mut c.reveal);
            }
            Move::Discard(card) if self.final_choosing().is_some() => {
                self.record_final_choice(seat, card as CardId, |c| &mut c.discard);
            }
            Move::Reveal(card) => self.reveal(seat, card as CardId),
            Move::Discard(card) => {
                // "Discard the card face-down to the bottom of the advantage deck to place
                // 1 resource into your reserve." Only the discarder knows which card it was.
                let card = card as CardId;
                self.remove_advantage(seat, card);
                self.t.advantage_deck.push(card);
                self.t.advantage_known[usize::from(card)] = 1 << seat;
                if self.take_token(seat) {
                    self.t.players[seat].reserve += 1;
                }
            }
            Move::EndWork => self.end_work(seat),
            Move::Bonus(b) => self.choose_bonus(seat, Bonus::ALL[b]),
            Move::Take(i) => self.take_project(seat, i),
            Move::Keep { keep, order } => self.keep_advantage(seat, keep, order),
            Move::Glaze(g) => {
                if let Some(c) = self.t.players[seat].completed.last_mut() {
                    c.glaze = (3 + g) as u8;
                }
                self.finish_bonus(seat);
            }
            Move::EndTurn => match self.t.phase {
                Phase::Convert { seat } => self.next_converter(usize::from(seat) + 1),
                Phase::FinalChoices { seat } => {
                    if let Some(c) = self.next_undecided(usize::from(seat)) {
                        self.record_final_choice(usize::from(seat), c, |c| &mut c.keep);
                    }
                }
                _ => self.next_completion(),
            },
        }
        self.settle();
    }

    /// Skips decisions that offer nothing but "end": a seat whose wheel is empty and who has
    /// no reserve conversion or advantage card to use is done working; likewise a finished
    /// completion turn. Nothing a player could choose is decided by this.
    pub(super) fn settle(&mut self) {
        loop {
            match self.t.phase {
                Phase::Work { seat }
                    if self.t.players[usize::from(seat)].wheel.is_empty()
                        && !self.has_optional_actions(usize::from(seat)) =>
                {
                    self.end_work(usize::from(seat));
                }
                Phase::Complete {
                    seat,
                    turn: TurnStage::Finish,
                    ..
                } if !self.has_optional_actions(usize::from(seat)) => {
                    self.next_completion();
                }
                Phase::Convert { seat } if !self.can_convert(usize::from(seat)) => {
                    self.next_converter(usize::from(seat) + 1);
                }
                _ => break,
            }
        }
    }

    // ----- Step One: Select Resource Cards -------------------------------------------------

    pub(super) fn choose_draft(&mut self, seat: Seat, dest: [Destination; 4]) {
        let code = draft_action(dest) as usize;
        let style = style_of(code, self.n() == 2).unwrap_or(WorkStyle::Efficient);
        self.t.players[seat].pending = Some(DraftChoice {
            style,
            destinations: dest.into_iter().collect(),
        });
        if seat + 1 < self.n() {
            self.t.phase = Phase::Select {
                seat: (seat + 1) as u8,
            };
        } else {
            self.reveal_drafts();
        }
    }

    /// Every seat has chosen: place the large tiles and distribute the cards face-down; the
    /// wheels are revealed at the start of step two ("Understanding Your Resources").
    pub(super) fn reveal_drafts(&mut self) {
        let n = self.n();
        let everyone = self.all_seats();
        for s in 0..n {
            let Some(choice) = self.t.players[s].pending.take() else {
                continue;
            };
            self.t.players[s].styles_used[choice.style as usize] = true;
            let hand = std::mem::take(&mut self.t.players[s].hand);
            for (&card, &d) in hand.iter().zip(choice.destinations.iter()) {
                let to = match d {
                    Destination::Keep => Some(s),
                    Destination::Left => Some(self.left_of(s)),
                    Destination::Right => Some(self.right_of(s)),
                    Destination::Discard => None,
                };
                match to {
                    Some(t) => {
                        self.t.players[t].wheel.push(WheelCard { card, used: 0 });
                        self.t.resource_known[usize::from(card)] = everyone;
                    }
                    None => {
                        // Wasteful: 2 cards face-down on the wastebasket; only s knows them.
                        self.t.wastebasket.push(card);
                        self.t.resource_known[usize::from(card)] = 1 << s;
                    }
                }
            }
        }
        for s in 0..n {
            // Card ids on a wheel are distinct: the same order as any sort.
            self.t.players[s].wheel.sort_short_by_key(|w| w.card);
        }
        self.t.phase = Phase::Work { seat: 0 };
    }

    // ----- Step Two: Work on Projects -------------------------------------------------------

    pub(super) fn place(&mut self, seat: Seat, slot: usize, resource: usize, target: usize) {
        let wc = self.t.players[seat].wheel[slot];
        let icons = self.cards.resource_cards[usize::from(wc.card)].icons;
        let part = match icons {
            ResourceIcons::Two(a, _) if a as usize == resource && wc.used & 1 == 0 => 0,
            ResourceIcons::Two(..) => 1,
            _ => 0,
        };
        let used = wc.used | (1 << part);
        let full = if icons.count() == 2 { 3 } else { 1 };
        if used == full {
            // "After using a resource card, place it face-down on the wastebasket." It was
            // revealed, so everyone knows it is there.
            self.t.players[seat].wheel.remove(slot);
            self.t.wastebasket.push(wc.card);
        } else {
            self.t.players[seat].wheel[slot].used = used;
        }
        if !self.take_token(seat) {
            // No resource left anywhere (the rulebook does not cover it): the card is used
            // and nothing is placed.
            return;
        }
        if target == RESERVE_TARGET {
            self.t.players[seat].reserve += 1;
        } else {
            self.fill(seat, resource, target);
        }
    }

    /// Puts one resource (already taken) on the first open `resource` icon of `target`, and
    /// completes the work if that was its last icon.
    pub(super) fn fill(&mut self, seat: Seat, resource: usize, target: usize) {
        let showpiece = target >= NUM_ALL_PROJECTS;
        let card = if showpiece {
            target - NUM_ALL_PROJECTS
        } else {
            target
        } as CardId;
        let p = &self.t.players[seat];
        let list: &[Work] = if showpiece {
            &p.showpieces
        } else {
            &p.projects
        };
        let Some(idx) = list.iter().position(|w| w.card == card) else {
            return;
        };
        let work = list[idx];
        let Some(icon) = self.open_icon(&work, showpiece, resource) else {
            return;
        };
        let filled = work.filled | (1 << icon);
        let complete = filled == self.cards.target_icons[target].all;
        // A completed work leaves the seat's works (no open icon); an incomplete one keeps
        // the icons still open.
        let before = self.open_mask(&work, showpiece);
        let now = if complete {
            0
        } else {
            self.open_mask(&Work { card, filled }, showpiece)
        };
        self.open_icons_changed(seat, target, before, now);
        let p = &mut self.t.players[seat];
        if showpiece {
            if complete {
                // Showpiece: "return the resources to your personal supply and move it to
                // the completed area"; no completion bonus action.
                p.showpieces.remove(idx);
                p.supply += filled.count_ones() as u8;
                p.completed_showpieces.push(card);
            } else {
                p.showpieces[idx].filled = filled;
            }
        } else if complete {
            // "When you place resources on every icon ... you complete the project"; it is
            // flipped in step three, in project order.
            p.projects.remove(idx);
            p.awaiting.push(card);
        } else {
            p.projects[idx].filled = filled;
        }
    }

    /// Adds a face-down advantage card to the seat's hand, kept sorted by id.
    pub(super) fn give_advantage(&mut self, seat: Seat, card: CardId) {
        self.t.players[seat]
            .advantages
            .insert_sorted_by_key(card, |&c| c);
    }

    pub(super) fn remove_advantage(&mut self, seat: Seat, card: CardId) {
        let hand = &mut self.t.players[seat].advantages;
        if let Some(i) = hand.iter().position(|&c| c == card) {
            hand.remove(i);
        }
    }

    /// "Advantage Card Reference": reveal a face-down card for its benefit.
    pub(super) fn reveal(&mut self, seat: Seat, card: CardId) {
        self.remove_advantage(seat, card);
        let everyone = self.all_seats();
        self.t.advantage_known[usize::from(card)] = everyone;
        // Matched by reference and by kind only: cloning the effect would copy its lists.
        match self.cards.advantages[usize::from(card)].effect {
            AdvantageEffect::GainResources { amount } => {
                for _ in 0..amount {
                    if self.take_token(seat) {
                        self.t.players[seat].reserve += 1;
                    }
                }
                // One-time use: "resolve the benefit, then discard the card".
                self.t.advantage_deck.push(card);
            }
            AdvantageEffect::GoFirst => {
                self.t.players[seat].go_first = true;
                if self.take_token(seat) {
                    self.t.players[seat].reserve += 1;
                }
                self.t.advantage_deck.push(card);
            }
            AdvantageEffect::PersonalGoal { .. } | AdvantageEffect::CoffeeBean => {
                // End game: "Do not discard it when revealed."
                self.t.players[seat].revealed.push(card);
            }
            AdvantageEffect::Showpiece { .. } => {
                let work = Work { card, filled: 0 };
                self.t.players[seat]
                    .showpieces
                    .insert_sorted_by_key(work, |w| w.card);
                let open = self.open_mask(&work, true);
                self.open_icons_changed(seat, Self::work_target(&work, true), 0, open);
            }
        }
    }

    pub(super) fn end_work(&mut self, seat: Seat) {
        if seat + 1 < self.n() {
            self.t.phase = Phase::Work {
                seat: (seat + 1) as u8,
            };
        } else {
            self.next_converter(0);
        }
    }

    /// The start of step three: "At any time, during any step, you may convert" — each seat
    /// from `from` on that can convert (2+ in the reserve and an open icon) decides whether
    /// to, in seat order, before the first completion turn; a project completed this way
    /// joins the project order. Seats that cannot convert have no decision here.
    pub(super) fn next_converter(&mut self, from: Seat) {
        match (from..self.n()).find(|&s| self.can_convert(s)) {
            Some(seat) => self.t.phase = Phase::Convert { seat: seat as u8 },
            None => self.next_completion(),
        }
    }
}

/// The action space size, re-exported for the trait impl.
pub const NUM_DISTINCT_ACTIONS: usize = actions::NUM_ACTIONS;
