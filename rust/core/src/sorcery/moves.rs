//! What may happen next: the legal actions of every stage, and the shared questions they
//! ask (what a seat may commit where, what it can afford, whether an ability can do
//! anything). What each action does is in `apply.rs`.

use super::actions as act;
use super::data::{
    Effect, Icon, MaterialCard, MaterialKind, ProjectCard, StockChoice, Trigger, MAX_PROJECT_ICONS,
    NUM_ICONS,
};
use super::state::{
    bit, ids, small_ids, CardId, Materials, Phase, SorceryState, Stage, Work, BASE_COMMITS,
    FILLED_FREE, MARKET, NONE,
};
use crate::engine::{Action, ActionList, Seat};

/// Project ids fit the 64-bit sets the target lists are read out of.
const _: () = assert!(super::data::NUM_PROJECTS <= 64);

impl SorceryState {
    /// A project card.
    #[inline]
    pub(crate) fn proj(&self, id: usize) -> &ProjectCard {
        &self.cards.projects[id]
    }

    /// A material card.
    #[inline]
    pub(crate) fn mat(&self, id: usize) -> &MaterialCard {
        &self.cards.materials[id]
    }

    /// The total trade value of a set of cards.
    pub fn value_of(&self, set: Materials) -> u16 {
        let values = &self.cards.material_values;
        ids(set).map(|i| u16::from(values[i])).sum()
    }

    /// Grave and stock cards of a set (research grants are not materials: "There are two
    /// types of materials").
    pub fn materials_of(&self, set: Materials) -> Materials {
        set & !self.grants()
    }

    /// The research grant ids.
    pub(crate) fn grants(&self) -> Materials {
        let first = super::data::FIRST_GRANT;
        ((1u128 << super::data::NUM_GRANTS) - 1) << first
    }

    /// The grave-card ids.
    pub(crate) fn graves() -> Materials {
        (1u128 << super::data::NUM_GRAVE) - 1
    }

    /// Commits allowed in a commit step: two, plus ongoing extra_commit abilities of the
    /// seat's completed projects ("Some cards (e.g. Reanimate) let you commit additional
    /// materials").
    pub(crate) fn commit_limit(&self, seat: Seat) -> u8 {
        let facts = &self.cards.project_facts;
        let extra: u8 = self.t.players[seat]
            .completed
            .iter()
            .map(|d| facts[usize::from(d.card)].extra_commits)
            .sum();
        BASE_COMMITS + extra
    }

    /// Per icon: open icons of `work` not yet taken by the seat's pending commits.
    pub(crate) fn open_icons(&self, seat: Seat, work: &Work) -> [u8; NUM_ICONS] {
        let mut open = [0u8; NUM_ICONS];
        let icons = &self.cards.icon_table[usize::from(work.card)];
        for (i, &icon) in icons.iter().enumerate() {
            if icon != super::data::NO_ICON && work.slots[i] == NONE {
                open[usize::from(icon & 7)] += 1;
            }
        }
        for c in self.t.players[seat].pending.iter() {
            if c.project == work.card {
                open[usize::from(c.icon)] = open[usize::from(c.icon)].saturating_sub(1);
            }
        }
        open
    }

    /// Bit i: some slot of `work` needing icon i is empty (pending commits not counted):
    /// the card set's icons for the pattern of the empty slots.
    #[inline]
    pub(crate) fn empty_slot_icons(&self, work: &Work) -> u8 {
        self.cards.icons_of_empty_slots[usize::from(work.card)][empty_slots(&work.slots)]
    }

    /// Bit i: `work` has an icon i open for the seat (not taken by a pending commit).
    #[inline]
    fn open_icon_bits(&self, seat: Seat, work: &Work) -> u8 {
        let empty = self.empty_slot_icons(work);
        // The icons pending commits reserve on this project (none outside the commit step).
        let reserved = self.t.players[seat]
            .pending
            .iter()
            .filter(|c| c.project == work.card)
            .fold(0u8, |set, c| set | 1 << (c.icon & 7));
        if empty & reserved == 0 {
            // No open icon is reserved: an icon is open where a slot of it is empty.
            return empty;
        }
        // Some are: count the empty slots of each icon against its reservations.
        let mut mask = 0u8;
        for (i, &o) in self.open_icons(seat, work).iter().enumerate() {
            mask |= u8::from(o > 0) << i;
        }
        mask
    }

    /// Bit i: some project of the seat has an open icon i (not taken by a pending commit).
    fn open_icon_mask(&self, seat: Seat) -> u8 {
        let p = &self.t.players[seat];
        let unreserved = p.pending.is_empty();
        p.projects
            .iter()
            .fold(0, |mask, w| mask | self.open_icons_of(seat, w, unreserved))
    }

    /// The open icons of the seat's project `w`; `unreserved` when the seat has no pending
    /// commit, so that nothing reserves an icon and they are its empty slots' (the common
    /// case, read without counting reservations).
    #[inline]
    fn open_icons_of(&self, seat: Seat, w: &Work, unreserved: bool) -> u8 {
        if unreserved {
            self.empty_slot_icons(w)
        } else {
            self.open_icon_bits(seat, w)
        }
    }

    /// Whether some material in the seat's hand fits an icon still open on one of its
    /// projects: whether a cram or a commit step could commit anything.
    pub(crate) fn can_commit_any(&self, seat: Seat) -> bool {
        self.committable(seat) != 0
    }

    /// The materials in the seat's hand that fit an icon still open on one of its projects:
    /// what a cram or the commit step offers to commit.
    fn committable(&self, seat: Seat) -> Materials {
        let open = self.open_icon_mask(seat);
        let fitting = small_ids(u64::from(open))
            .fold(0, |set, icon| set | self.cards.materials_with_icon[icon]);
        self.free_hand(seat) & fitting
    }

    /// Writes, ascending, `base + project · 8 + icon` for every project of the seat and
    /// every icon of `icons` open on it (a commit's or a fill's targets). The seat's
    /// projects are in the order taken: the targets are gathered into a bitset over the
    /// projects and read out in id order, without a sort.
    fn push_open_targets(&self, seat: Seat, icons: u8, base: Action, out: &mut ActionList) {
        let mut per_project = [0u8; 64];
        let mut projects = 0u64;
        let p = &self.t.players[seat];
        let unreserved = p.pending.is_empty();
        for w in p.projects.iter() {
            let open = self.open_icons_of(seat, w, unreserved) & icons;
            if open != 0 {
                per_project[usize::from(w.card)] = open;
                projects |= 1 << w.card;
            }
        }
        for card in small_ids(projects) {
            let at = base + (card * NUM_ICONS) as Action;
            for icon in small_ids(u64::from(per_project[card])) {
                out.push(at + icon as Action);
            }
        }
    }

    /// Materials in the seat's hand not pending in the commit step.
    pub(crate) fn free_hand(&self, seat: Seat) -> Materials {
        let p = &self.t.players[seat];
        p.pending
            .iter()
            .fold(p.hand, |h, c| h & !bit(usize::from(c.material)))
    }

    /// The lowest stock id of a kind still in the market supply.
    pub(crate) fn stock_card(&self, candle: bool) -> Option<usize> {
        let ids = if candle {
            self.cards.candles
        } else {
            self.cards.vials
        };
        let s = self.t.stock & ids;
        (s != 0).then(|| s.trailing_zeros() as usize)
    }

    /// The price of a stock card of a kind (its trade value).
    pub(crate) fn stock_price(&self, candle: bool) -> u16 {
        let ids = if candle {
            self.cards.candles
        } else {
            self.cards.vials
        };
        if ids == 0 {
            return u16::MAX;
        }
        u16::from(self.mat(ids.trailing_zeros() as usize).value)
    }

    /// Whether an effect can do anything now for `seat` (abilities and staffs with nothing
    /// to act on are not offered). `in_commit`: used during the commit step.
    pub(crate) fn effect_usable(&self, seat: Seat, e: &Effect, in_commit: bool) -> bool {
        let p = &self.t.players[seat];
        match *e {
            Effect::DrawGrave { .. } => {
                !self.t.grave_deck.is_empty() || self.t.discard & Self::graves() != 0
            }
            Effect::TakeStock { stock, .. } => match stock {
                StockChoice::Candle => self.stock_card(true).is_some(),
                StockChoice::Vial => self.stock_card(false).is_some(),
                StockChoice::Either => self.t.stock != 0,
            },
            Effect::SpectralSight { .. } => self.t.piles.iter().any(|&x| x != 0),
            Effect::FillIcon { icons } => p
                .projects
                .iter()
                .any(|w| self.open_icon_bits(seat, w) & icons != 0),
            Effect::RemoveDemerits => {
                p.projects.iter().any(|w| w.demerits > 0)
                    || p.completed.iter().any(|d| d.demerits > 0)
            }
            Effect::AddCredits { .. } => !p.projects.is_empty() || !p.completed.is_empty(),
            Effect::ExtraCommit { .. } => in_commit,
        }
    }

    /// Whether the staff may be used now (`in_commit`: in the commit step). "You can use
    /// your staff in any step of your turn: Action, Commit, or Complete." In the commit step
    /// an extra-commit staff is a hidden choice like the commits; any other staff acts on the
    /// shared grave deck, piles and stock or on the seat's face-up projects, so it is used
    /// openly, and before the seat's first commit: its commits are hidden until every seat has
    /// committed, so the same staff used after some of them leaves the same table (the
    /// commits it could make after are all still open to it), and one order is offered.
    pub(crate) fn staff_usable(&self, seat: Seat, in_commit: bool) -> bool {
        let p = &self.t.players[seat];
        if p.staff == NONE || p.staff_used || p.staff_pending {
            return false;
        }
        let effect = &self.cards.staffs[usize::from(p.staff)].effect;
        let before_commits = p.pending.is_empty() && self.t.turn.commits == 0;
        (!in_commit || self.staff_hidden_in_commit(seat) || before_commits)
            && self.effect_usable(seat, effect, in_commit)
    }

    /// Whether `seat`'s staff, used in the commit step, is a hidden choice like a commit (an
    /// extra-commit staff: it touches nothing the table sees); any other staff is used
    /// openly there.
    pub(crate) fn staff_hidden_in_commit(&self, seat: Seat) -> bool {
        let staff = self.t.players[seat].staff;
        staff != NONE
            && matches!(
                self.cards.staffs[usize::from(staff)].effect,
                Effect::ExtraCommit { .. }
            )
    }

    /// Whether completed project `id` offers its action now (lunar ones only in their phase).
    pub(crate) fn ability_usable(&self, seat: Seat, id: usize) -> bool {
        match &self.proj(id).ability {
            Some(a) => match a.trigger {
                Trigger::Action { moon } => {
                    moon.is_none_or(|m| m == self.t.week + 1)
                        && self.effect_usable(seat, &a.effect, false)
                }
                _ => false,
            },
            None => false,
        }
    }

    /// What the seat could spend: the value of its hand.
    pub(crate) fn budget(&self, seat: Seat) -> u16 {
        self.value_of(self.t.players[seat].hand)
    }

    /// Whether any purchase (or solo clear) is affordable.
    fn can_buy(&self, seat: Seat) -> bool {
        let budget = self.budget(seat);
        let solo_clear = self.n() == 1
            && budget >= 1
            && self.t.market.iter().filter(|&&c| c != NONE).count() >= 2;
        solo_clear || self.purchase_affordable(budget)
    }

    /// Whether one market project or stock card costs at most `budget`.
    fn purchase_affordable(&self, budget: u16) -> bool {
        let costs = &self.cards.project_costs;
        self.t
            .market
            .iter()
            .any(|&c| c != NONE && u16::from(costs[usize::from(c)]) <= budget)
            || (self.stock_card(true).is_some() && self.stock_price(true) <= budget)
            || (self.stock_card(false).is_some() && self.stock_price(false) <= budget)
    }

    /// Writes the legal actions, ascending.
    pub(crate) fn legal_into(&self, out: &mut ActionList) {
        out.clear();
        let seat = match self.t.phase {
            Phase::GameOver => return,
            Phase::Setup { seat }
            | Phase::Action { seat }
            | Phase::Commit { seat }
            | Phase::Complete { seat } => usize::from(seat),
        };
        let t = &self.t.turn;
        let p = &self.t.players[seat];
        let push = |out: &mut ActionList, a: Action| out.push(a);
        match t.stage {
            Stage::PickThesis => (0..2).for_each(|i| push(out, act::PICK_THESIS + i)),
            Stage::PickProject => (0..2)
                .filter(|&i| p.project_offer[i as usize] != NONE)
                .for_each(|i| push(out, act::PICK_PROJECT + i)),
            Stage::PickStaff => (0..2).for_each(|i| push(out, act::PICK_STAFF + i)),
            Stage::Choose => {
                push(out, act::CRAM);
                push(out, act::DIG);
                if self.can_buy(seat) {
                    push(out, act::BUY);
                }
                if self.staff_usable(seat, false) {
                    push(out, act::USE_STAFF);
                }
                // The usable abilities as a set over the project ids, read out ascending.
                let ability = p.completed.iter().fold(0u64, |set, d| {
                    let id = usize::from(d.card);
                    set | u64::from(self.ability_usable(seat, id)) << id
                });
                for id in ids(u128::from(ability)) {
                    push(out, act::ABILITY + id as Action);
                }
            }
            Stage::AfterAction | Stage::Complete => {
                push(out, act::USE_STAFF);
                push(out, act::END_TURN);
            }
            Stage::Cram | Stage::Commit => {
                // The staff: "You can use your staff in any step of your turn".
                if t.stage == Stage::Commit && self.staff_usable(seat, true) {
                    push(out, act::USE_STAFF);
                }
                if t.commits < t.limit {
                    // Any fitting material, in any order: "commit up to two cards total" sets
                    // no order, and a player who commits the card they think of first must
                    // still be offered the rest.
                    for m in ids(self.committable(seat)) {
                        push(out, act::COMMIT + m as Action);
                    }
                }
                push(out, act::STOP);
            }
            Stage::CramTarget | Stage::CommitTarget => {
                let icons = self.mat(usize::from(t.material)).icons;
                self.push_open_targets(seat, icons, act::COMMIT_TO, out);
            }
            Stage::Dig => {
                // "You can use your staff in any step of your turn": in the middle of a dig
                // too, where what was just seen may decide it, and Seer's Staff sees the
                // face-down cards that joined the piles passed.
                if self.staff_usable(seat, false) {
                    push(out, act::USE_STAFF);
                }
                if self.t.piles[usize::from(t.pile)] != 0 {
                    push(out, act::DIG_TAKE);
                }
                push(out, act::DIG_ON);
            }
            Stage::DigEnd => {
                if self.staff_usable(seat, false) {
                    push(out, act::USE_STAFF);
                }
                if !self.t.grave_deck.is_empty() || self.t.discard & Self::graves() != 0 {
                    push(out, act::DIG_TOP);
                }
                if self.stock_card(true).is_some() {
                    push(out, act::DIG_CANDLE);
                }
                if self.stock_card(false).is_some() {
                    push(out, act::DIG_VIAL);
                }
                push(out, act::DIG_NOTHING);
            }
            Stage::BuyClear => {
                let budget = self.budget(seat);
                let filled = |i: usize| self.t.market[i] != NONE;
                // "You can use your staff in any step of your turn": after a clear, which
                // showed new projects from the decks, a staff that gives cards (or completes
                // a project that does) may pay for one of them.
                if t.clear_first == NONE && t.price > 0 && self.staff_usable(seat, false) {
                    push(out, act::USE_STAFF);
                }
                if t.clear_first == NONE {
                    if budget > t.price {
                        for i in 0..MARKET {
                            if filled(i) && (i + 1..MARKET).any(filled) {
                                push(out, act::CLEAR + i as Action);
                            }
                        }
                    }
                    // A buy buys something: stopping is offered once a clear is paid for or
                    // a purchase is still affordable.
                    if t.price > 0 || self.purchase_affordable(budget) {
                        push(out, act::CLEAR_DONE);
                    }
                } else {
                    for j in usize::from(t.clear_first) + 1..MARKET {
                        if filled(j) {
                            push(out, act::CLEAR + j as Action);
                        }
                    }
                }
            }
            Stage::BuySelect => {
                let budget = self.budget(seat);
                // Projects and stock in any order ("buy any number of projects and stock"
                // sets none): a player picks them in the order they think of.
                for i in 0..MARKET {
                    let c = self.t.market[i];
                    if t.buy & (1 << i) == 0
                        && c != NONE
                        && t.price
                            .saturating_add(u16::from(self.proj(usize::from(c)).cost))
                            <= budget
                    {
                        push(out, act::BUY_SPACE + i as Action);
                    }
                }
                let candles_left = (self.t.stock & self.cards.candles).count_ones();
                let vials_left = (self.t.stock & self.cards.vials).count_ones();
                if u32::from(t.candles) < candles_left
                    && t.price.saturating_add(self.stock_price(true)) <= budget
                {
                    push(out, act::BUY_CANDLE);
                }
                if u32::from(t.vials) < vials_left
                    && t.price.saturating_add(self.stock_price(false)) <= budget
                {
                    push(out, act::BUY_VIAL);
                }
                if t.buy != 0 || t.candles + t.vials > 0 || t.price > 0 {
                    push(out, act::BUY_DONE);
                }
            }
            Stage::BuyPay => {
                let from = if t.last >= 128 { 0 } else { !0u128 << t.last };
                let mut rest = self.value_of(p.hand & from);
                for m in ids(p.hand & from) {
                    // Offered only if the price can still be met with this and higher ids.
                    if t.paid.saturating_add(rest) >= t.price {
                        push(out, act::PAY + m as Action);
                    }
                    rest -= u16::from(self.mat(m).value);
                }
                if t.paid >= t.price {
                    push(out, act::PAY_DONE);
                }
            }
            Stage::SpectralTake => {
                // "You can use your staff in any step of your turn": a project action's
                // Spectral Sight has just looked through all grave piles, which may decide
                // the use (nothing is learned between its takes, so once, before the first).
                if matches!(self.t.phase, Phase::Action { .. })
                    && t.last == 0
                    && self.staff_usable(seat, false)
                {
                    push(out, act::USE_STAFF);
                }
                // The cards are taken pile by pile, left to right, and in ascending id order
                // within a pile: a set of cards is offered once, and the order in which the
                // piles shrink tells the others nothing beyond how many left each.
                let from_last = if t.last >= 128 { 0 } else { !0u128 << t.last };
                let open = |k: usize| match k.cmp(&usize::from(t.pile)) {
                    std::cmp::Ordering::Less => 0,
                    std::cmp::Ordering::Equal => self.t.piles[k] & from_last,
                    std::cmp::Ordering::Greater => self.t.piles[k],
                };
                let cand = (0..3).fold(0, |s, k| s | open(k));
                for g in ids(cand) {
                    // Offered only if enough cards remain to take the rest in order.
                    let k = (0..3).find(|&k| self.t.piles[k] & bit(g) != 0).unwrap_or(0);
                    let after = (open(k) & !0u128 << g).count_ones()
                        + (k + 1..3).map(|j| open(j).count_ones()).sum::<u32>();
                    if after >= u32::from(t.remaining) {
                        push(out, act::TAKE_GRAVE + g as Action);
                    }
                }
            }
            Stage::FillTarget => {
                self.push_open_targets(seat, t.mask, act::FILL, out);
            }
            Stage::CreditTarget | Stage::DemeritTarget => {
                // The seat's projects, in progress and completed, as a set over the project
                // ids, read out ascending.
                let demerits = t.stage == Stage::DemeritTarget;
                let targets = p
                    .projects
                    .iter()
                    .map(|w| (w.card, w.demerits))
                    .chain(p.completed.iter().map(|d| (d.card, d.demerits)))
                    .fold(0u64, |set, (card, d)| {
                        set | u64::from(!demerits || d > 0) << card
                    });
                for card in ids(u128::from(targets)) {
                    push(out, act::TOKEN_PROJECT + card as Action);
                }
            }
            Stage::StockChoice => {
                if self.stock_card(true).is_some() {
                    push(out, act::TAKE_CANDLE);
                }
                if self.stock_card(false).is_some() {
                    push(out, act::TAKE_VIAL);
                }
            }
        }
    }

    /// Whether the icon `icon` of a grave card used for it gives a token (+1, −1).
    pub(crate) fn modifier(&self, m: usize, icon: usize) -> (u8, u8) {
        let c = self.mat(m);
        if c.kind != MaterialKind::Grave {
            return (0, 0);
        }
        (
            u8::from(c.credit & (1 << icon) != 0),
            u8::from(c.demerit & (1 << icon) != 0),
        )
    }

    /// The first open slot of `work` for `icon`.
    pub(crate) fn open_slot(&self, work: &Work, icon: usize) -> Option<usize> {
        self.cards.icon_table[usize::from(work.card)]
            .iter()
            .zip(work.slots.iter())
            .position(|(&ic, &slot)| usize::from(ic) == icon && slot == NONE)
    }

    /// Whether every icon of `work` is filled.
    pub(crate) fn is_full(&self, work: &Work) -> bool {
        self.empty_slot_icons(work) == 0
    }

    /// Whether an icon slot holds a real material (not an ability's fill).
    pub(crate) fn holds_material(slot: u8) -> bool {
        slot != NONE && slot != FILLED_FREE
    }

    /// The icon of index `i`.
    pub(crate) fn icon(i: usize) -> Icon {
        Icon::from_index(i)
    }
}

/// Bit i set where `slots[i]` is `NONE` (empty), for every slot at once: the slots as one
/// word, each empty slot's byte turned to 0 and found by the exact zero-byte test (no carry
/// crosses a byte), then the bytes' flags gathered into the low bits.
#[inline]
pub(crate) fn empty_slots(slots: &[CardId; MAX_PROJECT_ICONS]) -> usize {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut bytes = [NONE; 8];
    bytes[..MAX_PROJECT_ICONS].copy_from_slice(slots);
    // An empty slot (255) becomes 0; the two padding bytes are 255 too, so they become 0
    // and are masked off below.
    let x = !u64::from_le_bytes(bytes);
    // The high bit of a byte of `nonzero` is set exactly when the byte of `x` is not 0.
    let nonzero = ((x & LOW7) + LOW7) | x;
    let zero = !nonzero & !LOW7;
    // Bit 7 of byte k to bit k: the multiply puts the flag of byte k at bit 56 + k, and its
    // partial products all land on distinct bits, so nothing carries.
    let gathered = ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    gathered & ((1 << MAX_PROJECT_ICONS) - 1)
}

#[cfg(test)]
mod tests {
    use super::{empty_slots, FILLED_FREE, MAX_PROJECT_ICONS, NONE};

    /// Every pattern of empty slots, the others holding every kind of occupant (a material
    /// id, 0, the highest id below `NONE`, a free fill), is read back bit for bit.
    #[test]
    fn empty_slots_are_found_in_every_pattern() {
        for occupant in [0, 1, 127, 254, FILLED_FREE] {
            for pattern in 0..1usize << MAX_PROJECT_ICONS {
                let mut slots = [occupant; MAX_PROJECT_ICONS];
                for (i, slot) in slots.iter_mut().enumerate() {
                    if pattern & (1 << i) != 0 {
                        *slot = NONE;
                    }
                }
                assert_eq!(empty_slots(&slots), pattern, "{slots:?}");
            }
        }
    }
}
