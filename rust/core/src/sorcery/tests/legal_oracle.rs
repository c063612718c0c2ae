//! The legal-action generator against the one it replaced (issue 21 §2: open icons read from
//! per-slot icon bits, fitting materials as one mask, target lists read out of bitsets in
//! ascending order instead of sorted): the same actions, in the same order, at every
//! position of random games of every player count and mode. The old generator is kept here,
//! with the helpers it read that changed, as the oracle.
use super::super::actions::{self as act, commit_to, fill};
use super::super::data::{NUM_ICONS, NUM_PROJECTS};
use super::super::state::{bit, ids, Materials, Phase, SorceryState, Stage, Work, MARKET, NONE};
use super::{count_move, game, modes};
use crate::engine::{Action, ActionList, GameState, Rng, Seat};

/// At most 58 projects × 8 icons of targets.
type Targets = arrayvec::ArrayVec<Action, { NUM_PROJECTS * NUM_ICONS }>;

fn old_value_of(s: &SorceryState, set: Materials) -> u16 {
    ids(set).map(|i| u16::from(s.mat(i).value)).sum()
}

fn old_open_icons(s: &SorceryState, seat: Seat, work: &Work) -> [u8; NUM_ICONS] {
    let mut open = [0u8; NUM_ICONS];
    let icons = &s.cards.icon_table[usize::from(work.card)];
    for (i, &icon) in icons.iter().enumerate() {
        if icon != super::super::data::NO_ICON && work.slots[i] == NONE {
            open[usize::from(icon & 7)] += 1;
        }
    }
    for c in s.t.players[seat].pending.iter() {
        if c.project == work.card {
            open[usize::from(c.icon)] = open[usize::from(c.icon)].saturating_sub(1);
        }
    }
    open
}

fn old_committable(s: &SorceryState, seat: Seat) -> impl Iterator<Item = usize> + '_ {
    let mut open = 0u8;
    for w in s.t.players[seat].projects.iter() {
        for (i, &o) in old_open_icons(s, seat, w).iter().enumerate() {
            if o > 0 {
                open |= 1 << i;
            }
        }
    }
    ids(s.free_hand(seat)).filter(move |&m| s.mat(m).icons & open != 0)
}

fn old_purchase_affordable(s: &SorceryState, budget: u16) -> bool {
    s.t.market
        .iter()
        .any(|&c| c != NONE && u16::from(s.proj(usize::from(c)).cost) <= budget)
        || (s.stock_card(true).is_some() && s.stock_price(true) <= budget)
        || (s.stock_card(false).is_some() && s.stock_price(false) <= budget)
}

fn old_can_buy(s: &SorceryState, seat: Seat) -> bool {
    let budget = old_value_of(s, s.t.players[seat].hand);
    let solo_clear =
        s.n() == 1 && budget >= 1 && s.t.market.iter().filter(|&&c| c != NONE).count() >= 2;
    solo_clear || old_purchase_affordable(s, budget)
}

/// The legal actions as the generator wrote them before the hot-loop work (issue 21 §2):
/// built per stage, target lists sorted.
fn old_legal(s: &SorceryState, out: &mut ActionList) {
    out.clear();
    let seat = match s.t.phase {
        Phase::GameOver => return,
        Phase::Setup { seat }
        | Phase::Action { seat }
        | Phase::Commit { seat }
        | Phase::Complete { seat } => usize::from(seat),
    };
    let t = &s.t.turn;
    let p = &s.t.players[seat];
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
            if old_can_buy(s, seat) {
                push(out, act::BUY);
            }
            if s.staff_usable(seat, false) {
                push(out, act::USE_STAFF);
            }
            let mut ability: [bool; NUM_PROJECTS] = [false; NUM_PROJECTS];
            for d in p.completed.iter() {
                let id = usize::from(d.card);
                if s.ability_usable(seat, id) {
                    ability[id] = true;
                }
            }
            for (id, _) in ability.iter().enumerate().filter(|(_, &u)| u) {
                push(out, act::ABILITY + id as Action);
            }
        }
        Stage::AfterAction | Stage::Complete => {
            push(out, act::USE_STAFF);
            push(out, act::END_TURN);
        }
        Stage::Cram | Stage::Commit => {
            // The staff: "You can use your staff in any step of your turn".
            if t.stage == Stage::Commit && s.staff_usable(seat, true) {
                push(out, act::USE_STAFF);
            }
            if t.commits < t.limit {
                // Any fitting material, in any order: "commit up to two cards total" sets
                // no order, and a player who commits the card they think of first must
                // still be offered the rest.
                for m in old_committable(s, seat) {
                    push(out, act::COMMIT + m as Action);
                }
            }
            push(out, act::STOP);
        }
        Stage::CramTarget | Stage::CommitTarget => {
            let icons = s.mat(usize::from(t.material)).icons;
            let mut targets = Targets::new();
            for w in p.projects.iter() {
                let open = old_open_icons(s, seat, w);
                for (i, &o) in open.iter().enumerate() {
                    if icons & (1 << i) != 0 && o > 0 {
                        targets.push(commit_to(usize::from(w.card), i));
                    }
                }
            }
            targets.sort_unstable();
            out.extend(targets.iter().copied());
        }
        Stage::Dig => {
            // "You can use your staff in any step of your turn": in the middle of a dig
            // too, where what was just seen may decide it, and Seer's Staff sees the
            // face-down cards that joined the piles passed.
            if s.staff_usable(seat, false) {
                push(out, act::USE_STAFF);
            }
            if s.t.piles[usize::from(t.pile)] != 0 {
                push(out, act::DIG_TAKE);
            }
            push(out, act::DIG_ON);
        }
        Stage::DigEnd => {
            if s.staff_usable(seat, false) {
                push(out, act::USE_STAFF);
            }
            if !s.t.grave_deck.is_empty() || s.t.discard & SorceryState::graves() != 0 {
                push(out, act::DIG_TOP);
            }
            if s.stock_card(true).is_some() {
                push(out, act::DIG_CANDLE);
            }
            if s.stock_card(false).is_some() {
                push(out, act::DIG_VIAL);
            }
            push(out, act::DIG_NOTHING);
        }
        Stage::BuyClear => {
            let budget = old_value_of(s, s.t.players[seat].hand);
            let filled = |i: usize| s.t.market[i] != NONE;
            // "You can use your staff in any step of your turn": after a clear, which
            // showed new projects from the decks, a staff that gives cards (or completes
            // a project that does) may pay for one of them.
            if t.clear_first == NONE && t.price > 0 && s.staff_usable(seat, false) {
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
                if t.price > 0 || old_purchase_affordable(s, budget) {
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
            let budget = old_value_of(s, s.t.players[seat].hand);
            // Projects and stock in any order ("buy any number of projects and stock"
            // sets none): a player picks them in the order they think of.
            for i in 0..MARKET {
                let c = s.t.market[i];
                if t.buy & (1 << i) == 0
                    && c != NONE
                    && t.price
                        .saturating_add(u16::from(s.proj(usize::from(c)).cost))
                        <= budget
                {
                    push(out, act::BUY_SPACE + i as Action);
                }
            }
            let candles_left = (s.t.stock & s.cards.candles).count_ones();
            let vials_left = (s.t.stock & s.cards.vials).count_ones();
            if u32::from(t.candles) < candles_left
                && t.price.saturating_add(s.stock_price(true)) <= budget
            {
                push(out, act::BUY_CANDLE);
            }
            if u32::from(t.vials) < vials_left
                && t.price.saturating_add(s.stock_price(false)) <= budget
            {
                push(out, act::BUY_VIAL);
            }
            if t.buy != 0 || t.candles + t.vials > 0 || t.price > 0 {
                push(out, act::BUY_DONE);
            }
        }
        Stage::BuyPay => {
            let from = if t.last >= 128 { 0 } else { !0u128 << t.last };
            let mut rest = old_value_of(s, p.hand & from);
            for m in ids(p.hand & from) {
                // Offered only if the price can still be met with this and higher ids.
                if t.paid.saturating_add(rest) >= t.price {
                    push(out, act::PAY + m as Action);
                }
                rest -= u16::from(s.mat(m).value);
            }
            if t.paid >= t.price {
                push(out, act::PAY_DONE);
            }
        }
        Stage::SpectralTake => {
            // "You can use your staff in any step of your turn": a project action's
            // Spectral Sight has just looked through all grave piles, which may decide
            // the use (nothing is learned between its takes, so once, before the first).
            if matches!(s.t.phase, Phase::Action { .. })
                && t.last == 0
                && s.staff_usable(seat, false)
            {
                push(out, act::USE_STAFF);
            }
            // The cards are taken pile by pile, left to right, and in ascending id order
            // within a pile: a set of cards is offered once, and the order in which the
            // piles shrink tells the others nothing beyond how many left each.
            let from_last = if t.last >= 128 { 0 } else { !0u128 << t.last };
            let open = |k: usize| match k.cmp(&usize::from(t.pile)) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Equal => s.t.piles[k] & from_last,
                std::cmp::Ordering::Greater => s.t.piles[k],
            };
            let cand = (0..3).fold(0, |s, k| s | open(k));
            for g in ids(cand) {
                // Offered only if enough cards remain to take the rest in order.
                let k = (0..3).find(|&k| s.t.piles[k] & bit(g) != 0).unwrap_or(0);
                let after = (open(k) & !0u128 << g).count_ones()
                    + (k + 1..3).map(|j| open(j).count_ones()).sum::<u32>();
                if after >= u32::from(t.remaining) {
                    push(out, act::TAKE_GRAVE + g as Action);
                }
            }
        }
        Stage::FillTarget => {
            let mut targets = Targets::new();
            for w in p.projects.iter() {
                let open = old_open_icons(s, seat, w);
                for (i, &o) in open.iter().enumerate() {
                    if t.mask & (1 << i) != 0 && o > 0 {
                        targets.push(fill(usize::from(w.card), i));
                    }
                }
            }
            targets.sort_unstable();
            out.extend(targets.iter().copied());
        }
        Stage::CreditTarget | Stage::DemeritTarget => {
            let demerits = t.stage == Stage::DemeritTarget;
            let mut targets = Targets::new();
            for (card, d) in p
                .projects
                .iter()
                .map(|w| (w.card, w.demerits))
                .chain(p.completed.iter().map(|d| (d.card, d.demerits)))
            {
                if !demerits || d > 0 {
                    targets.push(act::TOKEN_PROJECT + Action::from(card));
                }
            }
            targets.sort_unstable();
            out.extend(targets.iter().copied());
        }
        Stage::StockChoice => {
            if s.stock_card(true).is_some() {
                push(out, act::TAKE_CANDLE);
            }
            if s.stock_card(false).is_some() {
                push(out, act::TAKE_VIAL);
            }
        }
    }
}

#[test]
fn the_legal_actions_are_the_old_generators_in_the_same_order_at_every_position() {
    let (mut new, mut old) = (ActionList::new(), ActionList::new());
    let mut positions = 0usize;
    for (players, options) in modes() {
        for seed in 0..60 {
            let mut s = game(players, seed, options.clone());
            let mut rng = Rng::seed_from(seed + 1000);
            let mut steps = 0;
            while !s.is_terminal() {
                count_move(&mut steps);
                s.legal_actions_into(&mut new);
                old_legal(&s, &mut old);
                assert_eq!(
                    new.as_slice(),
                    old.as_slice(),
                    "{players}p {options} seed {seed}, after {:?}",
                    s.history()
                );
                positions += 1;
                let a = new[rng.below(new.len())];
                s.apply_unchecked(a);
            }
        }
    }
    assert!(positions > 100_000, "{positions} positions compared");
}
