//! What each action does ("I. Action Step": Cram, Project Action, Dig, Buy; "II. Commit
//! Step"; the staff; setup choices). The week's end (reveal, completion, the moon, the
//! month's end) is in `week.rs`.

use super::actions::{decode, Move};
use super::data::{Department, Effect, StockChoice};
use super::state::{
    bit, ids, Commit, Phase, Return, SorceryState, Stage, Turn, Work, FILLED_FREE, NONE,
};
use crate::engine::{Action, Seat};

impl Work {
    /// A project just taken: nothing committed.
    pub fn new(card: u8) -> Self {
        Work {
            card,
            slots: [NONE; super::data::MAX_PROJECT_ICONS],
            credits: 0,
            demerits: 0,
            batch: 0,
        }
    }
}

impl SorceryState {
    /// Applies a legal action.
    pub(crate) fn apply_move(&mut self, action: Action) {
        self.t.history.push(action);
        let (Some(m), Some(seat)) = (decode(action), self.actor()) else {
            return;
        };
        match m {
            Move::PickThesis(i) => {
                self.t.players[seat].thesis = self.t.players[seat].thesis_offer[i];
                self.t.turn.stage = Stage::PickProject;
            }
            Move::PickProject(i) => {
                self.t.players[seat].project_pick = i as u8;
                if self.t.players[seat].staff_offer[0] != NONE {
                    self.t.turn.stage = Stage::PickStaff;
                } else {
                    self.next_setup_seat(seat);
                }
            }
            Move::PickStaff(i) => {
                self.t.players[seat].staff = self.t.players[seat].staff_offer[i];
                self.next_setup_seat(seat);
            }
            Move::Cram => {
                // "You may commit up to two materials to your projects."
                for w in self.t.players[seat].projects.iter_mut() {
                    w.batch = 0;
                }
                self.set_turn_after(m);
            }
            Move::Dig => {
                self.set_turn_after(m);
                self.look(seat, 0);
            }
            Move::Buy => self.set_turn_after(m),
            Move::UseStaff => {
                let stage = self.t.turn.stage;
                let hidden = stage == Stage::Commit && self.staff_hidden_in_commit(seat);
                let p = &mut self.t.players[seat];
                if hidden {
                    // The commit step is simultaneous: an extra-commit staff used in it stays
                    // hidden, like a commit, and is flipped face-down when every seat has
                    // committed.
                    p.staff_pending = true;
                } else {
                    // Any other use is open: flipped face-down in view of every seat.
                    p.staff_used = true;
                }
                let effect = self.cards.staffs[usize::from(p.staff)].effect.clone();
                let ret = match stage {
                    Stage::Commit if hidden => Return::Commit,
                    Stage::AfterAction => Return::EndAction,
                    Stage::Complete => Return::Complete,
                    Stage::Choose => Return::Choose,
                    _ => {
                        // In the middle of a decision (a dig, a solo buy after a clear, a
                        // project action's Spectral Sight, the commit step before its first
                        // commit): it waits where it is while the staff resolves.
                        self.t.paused = Some(self.t.turn);
                        Return::Action
                    }
                };
                self.start_effect(seat, &effect, ret);
            }
            Move::Ability(id) => {
                let effect = self.proj(id).ability.as_ref().map(|a| a.effect.clone());
                if let Some(effect) = effect {
                    self.start_effect(seat, &effect, Return::EndAction);
                }
            }
            Move::Commit(m) => {
                self.t.turn.material = m as u8;
                self.t.turn.stage = if self.t.turn.stage == Stage::Cram {
                    // A cram commits at once, the material's icon showing ("Commit Step"),
                    // and its sentence names it: every seat now knows where it is.
                    let all = self.all_seats();
                    self.t.known[m] |= all;
                    Stage::CramTarget
                } else {
                    Stage::CommitTarget
                };
            }
            Move::CommitTo { project, icon } => self.commit_to(seat, project, icon),
            Move::Stop => {
                if self.t.turn.stage == Stage::Cram {
                    // "Complete any projects that have all required materials committed."
                    self.complete_ready(seat);
                    self.end_action(seat);
                } else {
                    self.end_commit(seat);
                }
            }
            Move::DigTake => {
                // "Take the Pile ... replace the (now empty) grave pile with a face-down card."
                let k = usize::from(self.t.turn.pile);
                let pile = std::mem::take(&mut self.t.piles[k]);
                for c in ids(pile) {
                    self.t.known[c] |= 1 << seat;
                }
                self.t.players[seat].hand |= pile;
                self.pile_add(k);
                self.end_action(seat);
            }
            Move::DigOn => {
                // "Keep Looking ... add a card face-down from the grave deck to the pile you
                // left behind." After the third pile there is no next pile to look at.
                let k = usize::from(self.t.turn.pile);
                // The next pile, or the end of the dig.
                self.set_turn_after(m);
                if k < 2 {
                    self.pile_add(k);
                    self.look(seat, k + 1);
                }
            }
            Move::DigTop => {
                self.draw_to_hand(seat, 1);
                self.end_action(seat);
            }
            Move::DigCandle | Move::DigVial => {
                self.take_stock(seat, m == Move::DigCandle);
                self.end_action(seat);
            }
            Move::DigNothing => self.end_action(seat),
            Move::Clear(i) => {
                if self.t.turn.clear_first == NONE {
                    self.t.turn.clear_first = i as u8;
                } else {
                    // Solo: "spend $1 to remove two projects from the Market. Place them at
                    // the bottom of their decks and replace the projects."
                    let first = usize::from(self.t.turn.clear_first);
                    self.clear_space(first);
                    self.clear_space(i);
                    self.t.turn.price = self.t.turn.price.saturating_add(1);
                    self.t.turn.clear_first = NONE;
                }
            }
            Move::ClearDone => self.t.turn.stage = Stage::BuySelect,
            Move::BuySpace(_) | Move::BuyCandle | Move::BuyVial => self.set_turn_after(m),
            Move::BuyDone => {
                self.t.turn.stage = Stage::BuyPay;
                self.t.turn.last = 0;
            }
            Move::Pay(m) => {
                // "discard material cards from your hand with a total value at least as high
                // as the total price"; "Research Grants are returned to the box".
                self.t.players[seat].hand &= !bit(m);
                self.t.turn.paid = self
                    .t
                    .turn
                    .paid
                    .saturating_add(u16::from(self.mat(m).value));
                self.t.turn.last = m as u8 + 1;
                self.discard_card(m);
            }
            Move::PayDone => self.finish_buy(seat),
            Move::TakeGrave(g) => {
                // Spectral Sight: "Look through all grave piles and take any 3 cards". The
                // others see a card leave a pile but not which: a seat that knew the pile's
                // cards no longer knows which of them are still there (only the actor does):
                // it knows them to be in the pile or the taker's hand, and, after a
                // reshuffle, the pile's generations only together (`mixing`).
                if let Some(k) = self.t.piles.iter().position(|&p| p & bit(g) != 0) {
                    self.mix_on_private_take(k, seat);
                    self.t.turn.pile = k as u8;
                }
                for p in &mut self.t.piles {
                    if *p & bit(g) != 0 {
                        *p &= !bit(g);
                        for c in ids(*p) {
                            self.t.known[c] &= 1 << seat;
                        }
                    }
                }
                self.t.players[seat].hand |= bit(g);
                self.t.known[g] = 1 << seat;
                self.t.turn.last = g as u8 + 1;
                self.t.turn.remaining = self.t.turn.remaining.saturating_sub(1);
                if self.t.turn.remaining == 0 {
                    self.finish_spectral(seat);
                }
            }
            Move::Fill { project, icon } => {
                let p = &mut self.t.players[seat];
                if let Some(k) = p
                    .projects
                    .iter()
                    .position(|w| usize::from(w.card) == project)
                {
                    let w = p.projects[k];
                    if let Some(slot) = self.open_slot(&w, icon) {
                        self.t.players[seat].projects[k].slots[slot] = FILLED_FREE;
                    }
                }
                // Crawling Claw FAQ: "the project is completed in place without requiring
                // you to commit a material" — no Alchemy demerit.
                self.complete_ready(seat);
                self.finish_effect(seat);
            }
            Move::TokenProject(card) => {
                let demerit = self.t.turn.stage == Stage::DemeritTarget;
                let n = self.t.turn.remaining;
                let p = &mut self.t.players[seat];
                for w in p
                    .projects
                    .iter_mut()
                    .filter(|w| usize::from(w.card) == card)
                {
                    if demerit {
                        w.demerits = 0;
                    } else {
                        w.credits = w.credits.saturating_add(n);
                    }
                }
                for d in p
                    .completed
                    .iter_mut()
                    .filter(|d| usize::from(d.card) == card)
                {
                    if demerit {
                        d.demerits = 0;
                    } else {
                        d.credits = d.credits.saturating_add(n);
                    }
                }
                self.finish_effect(seat);
            }
            Move::EndTurn if self.t.turn.stage == Stage::Complete => {
                self.offer_complete_staff(Some(seat));
            }
            Move::EndTurn => self.end_turn(seat),
            Move::TakeCandle | Move::TakeVial => {
                // Candles and vials in any order: a player who takes a Vial first may still
                // take a Candle.
                self.take_stock(seat, m == Move::TakeCandle);
                self.t.turn.remaining = self.t.turn.remaining.saturating_sub(1);
                let more = self.stock_card(true).is_some() || self.stock_card(false).is_some();
                if self.t.turn.remaining == 0 || !more {
                    self.finish_effect(seat);
                }
            }
        }
    }

    /// The decision under way after the legal move `m`, for the moves whose whole effect on
    /// the turn is worked out here, without applying them: starting a cram, a dig or a buy;
    /// choosing a purchase's project or stock; looking on from a pile. `None` for the others.
    /// Applying one of these sets the turn to this (`set_turn_after`); the greedy estimate
    /// reads it to score the move without applying it (`estimate_gain`).
    pub(super) fn turn_after(&self, m: Move) -> Option<Turn> {
        let t = self.t.turn;
        Some(match m {
            // "You may commit up to two materials to your projects."
            Move::Cram => Turn {
                stage: Stage::Cram,
                limit: super::state::BASE_COMMITS,
                ..Turn::default()
            },
            Move::Dig => Turn {
                stage: Stage::Dig,
                ..Turn::default()
            },
            Move::Buy => Turn {
                stage: if self.n() == 1 {
                    Stage::BuyClear
                } else {
                    Stage::BuySelect
                },
                clear_first: NONE,
                ..Turn::default()
            },
            Move::BuySpace(i) => {
                let c = usize::from(self.t.market[i]);
                Turn {
                    buy: t.buy | 1 << i,
                    price: t.price.saturating_add(u16::from(self.proj(c).cost)),
                    ..t
                }
            }
            Move::BuyCandle => Turn {
                candles: t.candles.saturating_add(1),
                price: t.price.saturating_add(self.stock_price(true)),
                ..t
            },
            Move::BuyVial => Turn {
                vials: t.vials.saturating_add(1),
                price: t.price.saturating_add(self.stock_price(false)),
                ..t
            },
            // After the third pile there is no next pile to look at.
            Move::DigOn if t.pile < 2 => Turn {
                pile: t.pile + 1,
                ..t
            },
            Move::DigOn => Turn {
                stage: Stage::DigEnd,
                ..t
            },
            _ => return None,
        })
    }

    /// Sets the turn to [`SorceryState::turn_after`] `m`.
    fn set_turn_after(&mut self, m: Move) {
        if let Some(turn) = self.turn_after(m) {
            self.t.turn = turn;
        }
    }

    /// Commits the chosen material to `project` for `icon`: at once in a cram, pending until
    /// everyone has committed in the commit step.
    fn commit_to(&mut self, seat: Seat, project: usize, icon: usize) {
        let m = usize::from(self.t.turn.material);
        self.t.turn.commits += 1;
        if self.t.turn.stage == Stage::CramTarget {
            let alchemy = self.proj(project).department == Department::Alchemy;
            let p = &mut self.t.players[seat];
            let Some(k) = p
                .projects
                .iter()
                .position(|w| usize::from(w.card) == project)
            else {
                return;
            };
            let w = p.projects[k];
            if let Some(slot) = self.open_slot(&w, icon) {
                let all = self.all_seats();
                let p = &mut self.t.players[seat];
                let w = &mut p.projects[k];
                w.slots[slot] = m as u8;
                // Alchemy: "if you commit an additional material in the same commit phase or
                // cram action you must add a demerit token to the project card."
                if alchemy && w.batch > 0 {
                    w.demerits = w.demerits.saturating_add(1);
                }
                w.batch = w.batch.saturating_add(1);
                p.hand &= !bit(m);
                self.t.known[m] = all;
            }
            self.t.turn.stage = Stage::Cram;
        } else {
            self.t.players[seat].pending.push(Commit {
                material: m as u8,
                project: project as u8,
                icon: icon as u8,
            });
            self.t.turn.stage = Stage::Commit;
        }
    }

    /// Begins resolving an effect (of a project action or a staff).
    pub(crate) fn start_effect(&mut self, seat: Seat, effect: &Effect, ret: Return) {
        self.t.turn.ret = ret;
        match *effect {
            Effect::DrawGrave { count } => {
                self.draw_to_hand(seat, count);
                self.finish_effect(seat);
            }
            Effect::TakeStock { stock, count } => match stock {
                StockChoice::Either => {
                    self.t.turn.stage = Stage::StockChoice;
                    self.t.turn.remaining = count;
                }
                _ => {
                    for _ in 0..count {
                        self.take_stock(seat, stock == StockChoice::Candle);
                    }
                    self.finish_effect(seat);
                }
            },
            Effect::SpectralSight { count } => {
                // "Look through all grave piles and take any 3 cards, deal 1 card to each pile."
                let all = self.t.piles.iter().fold(0, |s, &x| s | x);
                for c in ids(all) {
                    self.t.known[c] |= 1 << seat;
                }
                let take = (count as u32).min(all.count_ones()) as u8;
                self.t.turn.stage = Stage::SpectralTake;
                self.t.turn.remaining = take;
                self.t.turn.last = 0;
                self.t.turn.pile = 0;
                if take == 0 {
                    self.finish_spectral(seat);
                }
            }
            Effect::FillIcon { icons } => {
                self.t.turn.stage = Stage::FillTarget;
                self.t.turn.mask = icons;
            }
            Effect::RemoveDemerits => self.t.turn.stage = Stage::DemeritTarget,
            Effect::AddCredits { count } => {
                self.t.turn.stage = Stage::CreditTarget;
                self.t.turn.remaining = count;
            }
            Effect::ExtraCommit { count } => {
                self.t.turn.limit = self.t.turn.limit.saturating_add(count);
                self.finish_effect(seat);
            }
        }
    }

    fn finish_spectral(&mut self, seat: Seat) {
        for k in 0..3 {
            self.pile_add(k);
        }
        self.finish_effect(seat);
    }

    /// Returns from an effect to where it was used.
    fn finish_effect(&mut self, seat: Seat) {
        match self.t.turn.ret {
            Return::Choose => self.t.turn.stage = Stage::Choose,
            // An extra-commit staff used in the commit step (hidden): it gains no card, so
            // the batch's ascending order goes on; and it leaves no trace in the turn.
            Return::Commit => {
                self.t.turn.stage = Stage::Commit;
                self.t.turn.ret = Return::default();
            }
            Return::EndAction => self.end_action(seat),
            Return::Complete => self.offer_complete_staff(Some(seat)),
            Return::Action => {
                if let Some(turn) = self.t.paused.take() {
                    self.t.turn = turn;
                }
                match self.t.turn.stage {
                    // Still looking at the pile: a card the staff dealt to it is seen too.
                    Stage::Dig => self.look(seat, usize::from(self.t.turn.pile)),
                    // A project completed by the staff (Bone or Fungal Staff) may give more
                    // commits ("Ongoing"); no extra-commit staff was used (one staff a seat).
                    Stage::Commit => self.t.turn.limit = self.commit_limit(seat),
                    // Spectral Sight still looks through all grave piles: the cards the
                    // staff dealt to them are seen too, and it takes what is there.
                    Stage::SpectralTake => {
                        let all = self.t.piles.iter().fold(0, |s, &x| s | x);
                        for c in ids(all) {
                            self.t.known[c] |= 1 << seat;
                        }
                        let left = (all.count_ones() as u8).min(self.t.turn.remaining);
                        self.t.turn.remaining = left;
                        if left == 0 {
                            self.finish_spectral(seat);
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// Looks privately at grave pile `k`.
    fn look(&mut self, seat: Seat, k: usize) {
        for c in ids(self.t.piles[k]) {
            self.t.known[c] |= 1 << seat;
        }
    }

    /// Draws a grave card ("If at any point a player needs to draw a card and the grave
    /// deck is empty, shuffle the discard pile of grave cards and use those cards to create
    /// a new face-down grave deck"); `None` when both are empty.
    pub(crate) fn draw_grave(&mut self) -> Option<usize> {
        if self.t.grave_deck.is_empty() {
            let d = self.t.discard & Self::graves();
            if d == 0 {
                return None;
            }
            self.t.discard &= !d;
            let mut deck: crate::engine::FixedVec<u8, { super::data::NUM_GRAVE }> =
                ids(d).map(|c| c as u8).collect();
            self.t.rng.shuffle(&mut deck);
            // Every seat saw these cards in the face-up discard: which cards form the new
            // deck is public, their order is not. They take the new deck's generation, so
            // a card later drawn from it face-down is known to be one of them.
            self.t.reshuffles = self.t.reshuffles.saturating_add(1);
            for &c in deck.iter() {
                self.t.known[usize::from(c)] = 0;
                self.t.generation[usize::from(c)] = self.t.reshuffles;
                self.t.mixed[usize::from(c)] = 0;
                self.t.known_in_group[usize::from(c)] = 0;
            }
            self.t.grave_deck = deck;
        }
        self.t.grave_deck.pop().map(usize::from)
    }

    /// Adds a face-down grave card to pile `k`.
    pub(crate) fn pile_add(&mut self, k: usize) {
        if let Some(c) = self.draw_grave() {
            self.t.piles[k] |= bit(c);
            self.t.known[c] = 0;
        }
    }

    /// Draws `count` grave cards into a hand (seen by that seat only).
    pub(crate) fn draw_to_hand(&mut self, seat: Seat, count: u8) {
        for _ in 0..count {
            if let Some(c) = self.draw_grave() {
                self.t.players[seat].hand |= bit(c);
                self.t.known[c] = 1 << seat;
            }
        }
    }

    /// Takes a candle or a vial from the market supply into a hand (public).
    pub(crate) fn take_stock(&mut self, seat: Seat, candle: bool) {
        if let Some(c) = self.stock_card(candle) {
            self.t.stock &= !bit(c);
            self.t.players[seat].hand |= bit(c);
        }
    }

    /// Where a paid or used card goes: grave cards to the discard, stock to the supply,
    /// research grants to the box.
    pub(crate) fn discard_card(&mut self, m: usize) {
        let all = self.all_seats();
        self.t.known[m] = all;
        match self.mat(m).kind {
            super::data::MaterialKind::Grave => self.t.discard |= bit(m),
            super::data::MaterialKind::Grant => self.t.out |= bit(m),
            _ => self.t.stock |= bit(m),
        }
    }

    /// Draws a project for a market space of `tier`: "If the appropriate project deck is
    /// empty, use the next lowest level".
    pub(crate) fn draw_project(&mut self, tier: usize) -> u8 {
        for t in (0..=tier).rev() {
            if let Some(c) = self.t.decks[t].pop() {
                self.t.project_known[usize::from(c)] = self.all_seats();
                return c;
            }
        }
        NONE
    }

    /// Puts the project in market space `i` at the bottom of its deck and replaces it from
    /// the same level.
    pub(crate) fn clear_space(&mut self, i: usize) {
        let c = self.t.market[i];
        if c == NONE {
            return;
        }
        let tier = self.proj(usize::from(c)).tier();
        self.t.decks[tier].insert(0, c);
        self.t.market[i] = self.draw_project(tier);
    }

    /// "Place any bought projects face-up in front of you, and any bought stock materials
    /// into your hand. Then restock the market by replacing any bought projects with new
    /// projects from the same level."
    fn finish_buy(&mut self, seat: Seat) {
        let t = self.t.turn;
        for i in 0..super::state::MARKET {
            if t.buy & (1 << i) != 0 {
                let c = self.t.market[i];
                self.t.players[seat].projects.push(Work::new(c));
                let tier = self.proj(usize::from(c)).tier();
                self.t.market[i] = self.draw_project(tier);
            }
        }
        for _ in 0..t.candles {
            self.take_stock(seat, true);
        }
        for _ in 0..t.vials {
            self.take_stock(seat, false);
        }
        self.end_action(seat);
    }

    /// The action is over. The staff may still be used in the action step ("You can use
    /// your staff in any step of your turn"): while it is face-up and usable the seat chooses
    /// to use it or to end the turn.
    pub(crate) fn end_action(&mut self, seat: Seat) {
        if self.t.turn.stage != Stage::AfterAction && self.staff_usable(seat, false) {
            self.t.turn = Turn {
                stage: Stage::AfterAction,
                ..Turn::default()
            };
            return;
        }
        self.end_turn(seat);
    }

    /// The turn is over: the solo robot takes its turn, then the next seat acts, or the
    /// commit step begins.
    fn end_turn(&mut self, seat: Seat) {
        if self.n() == 1 {
            self.robot_turn();
        }
        let next = (seat + 1) % self.n();
        if next == usize::from(self.t.first) {
            self.begin_commit(next);
        } else {
            self.t.phase = Phase::Action { seat: next as u8 };
            self.t.turn = Turn::default();
        }
    }

    /// "II. Commit Step": `seat` commits (seat by seat in turn order).
    pub(crate) fn begin_commit(&mut self, seat: Seat) {
        self.t.phase = Phase::Commit { seat: seat as u8 };
        self.t.turn = Turn {
            stage: Stage::Commit,
            limit: self.commit_limit(seat),
            ..Turn::default()
        };
    }

    fn end_commit(&mut self, seat: Seat) {
        let next = (seat + 1) % self.n();
        if next == usize::from(self.t.first) {
            self.reveal_commits();
        } else {
            self.begin_commit(next);
        }
    }

    /// Setup: the next seat chooses, or every choice is revealed and the first week begins.
    fn next_setup_seat(&mut self, seat: Seat) {
        if seat + 1 < self.n() {
            self.t.phase = Phase::Setup {
                seat: seat as u8 + 1,
            };
            self.begin_setup_choice();
            return;
        }
        let all = self.all_seats();
        for s in 0..self.n() {
            let p = self.t.players[s];
            let pick = usize::from(p.project_pick);
            let kept = p.project_offer[pick];
            let other = p.project_offer[1 - pick];
            // "Each player keeps one project face-up in front of them and returns the other
            // to the bottom of the 100-level project deck."
            self.t.players[s].projects.push(Work::new(kept));
            self.t.project_known[usize::from(kept)] = all;
            if other != NONE {
                self.t.decks[0].insert(0, other);
            }
        }
        self.t.phase = Phase::Action { seat: self.t.first };
        self.t.turn = Turn::default();
    }

    /// The first choice of the seat in `Phase::Setup`.
    pub(crate) fn begin_setup_choice(&mut self) {
        let Phase::Setup { seat } = self.t.phase else {
            return;
        };
        let p = &self.t.players[usize::from(seat)];
        self.t.turn = Turn {
            stage: if p.thesis_offer[0] != NONE {
                Stage::PickThesis
            } else {
                Stage::PickProject
            },
            ..Turn::default()
        };
    }
}
