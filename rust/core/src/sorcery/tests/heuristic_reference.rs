//! The greedy heuristic as it was written before it was made fast (a frozen copy, computed
//! from scratch from the card definitions): along random games of every player count and
//! mode, every seat's value — in every position reached and after every legal move from it —
//! is the fast heuristic's, bit for bit. The fast one reads per-card tables built with the
//! card set (`project_facts`, `slot_values`); this one reads the cards themselves.

use super::super::data::{Condition, Effect, Trigger, NO_ICON, NUM_ICONS};
use super::super::score::PE_DOLLARS_PER_CREDIT;
use super::super::state::{
    bit, ids, Phase, SorceryState, Stage, Work, MARKET, MONTHS, NONE, WEEKS,
};
use crate::engine::{GameState, PerSeat, Rng, Seat};
use serde_json::json;

use super::{count_move, game, modes};

/// Share of a project's credits for owning it with nothing committed yet.
const OWNED_SHARE: f64 = 0.15;
/// Further share at a full requirement, grown in step with the part committed: a commit is
/// worth more than the material's money, so fitting materials are committed.
const PROGRESS_SHARE: f64 = 0.75;
/// Share of a project's per-icon credits that a material fitting one of its open icons is
/// worth in hand (less than committing it gains, so a fitting material is committed).
const FIT_SHARE: f64 = 0.3;
/// Worth of $1 in credits with the whole game ahead (buying power)...
const MONEY_EARLY: f64 = 0.18;
/// ...and at the end: "every $8 worth of unused materials counts for 1 credit".
const MONEY_END: f64 = 1.0 / 8.0;
/// Share of the kept thesis's credits at a fully met condition count (it is worth all of
/// them once met, through the score).
const THESIS_SHARE: f64 = 0.5;
/// Share of what a started action would add (the best pile, the best purchase) counted
/// while it is under way, so one-ply play sees where a dig or a buy leads.
const LOOKAHEAD_SHARE: f64 = 0.8;
/// Worth of an ongoing ability (one more commit each week) in credits.
const ONGOING_WORTH: f64 = 0.5;

/// Per icon: how many open icons the seat's projects still need, and the best per-icon
/// credits among them.
#[derive(Clone, Copy, Default)]
struct Needs {
    open: [u8; NUM_ICONS],
    worth: [f64; NUM_ICONS],
}

/// Weeks in the semester: 4 months of 4.
const WEEKS_IN_GAME: u32 = MONTHS as u32 * WEEKS as u32;

impl SorceryState {
    /// Weeks whose commit step is still to come (this week's included until it is over).
    fn ref_weeks_left(&self) -> u32 {
        let done = u32::from(self.t.month) * u32::from(WEEKS) + u32::from(self.t.week);
        WEEKS_IN_GAME.saturating_sub(done)
    }

    /// Every seat's estimate (see the module comment).
    fn ref_heuristic(&self) -> PerSeat<f64> {
        let robot = if self.n() == 1 && self.t.config.robot() {
            f64::from(self.robot_score())
        } else {
            0.0
        };
        (0..self.n())
            .map(|s| self.ref_seat_estimate(s) - robot)
            .collect()
    }

    /// One seat's running score plus its progress.
    fn ref_seat_estimate(&self, seat: Seat) -> f64 {
        // The unused materials and the thesis are read once here for the score and the
        // thesis estimate both (each costs a walk over the hand and every project's slots).
        let unused = self.ref_unused_material_value(seat);
        let thesis_met = self.ref_thesis_met_with(seat, unused);
        let score = f64::from(self.ref_score_from(seat, unused, thesis_met));
        let weeks = self.ref_weeks_left();
        if weeks == 0 || self.t.phase == Phase::GameOver {
            return score;
        }
        let horizon = f64::from(weeks) / f64::from(WEEKS_IN_GAME);
        let money = MONEY_END + (MONEY_EARLY - MONEY_END) * horizon;
        let p = &self.t.players[seat];
        // Commits still possible: each remaining commit step, and a cram.
        let mut capacity = u32::from(self.ref_commit_limit(seat)) * weeks + 2;

        let mut needs = Needs::default();
        let mut value = score;
        for w in p.projects.iter() {
            value += self.ref_work_estimate(seat, w, &mut capacity, &mut needs);
        }
        let acting = self.actor() == Some(seat);
        let t = &self.t.turn;
        // A purchase in progress: its projects as owned, its stock in hand, its price owed
        // (a solo clear half chosen owes its $1 already).
        let mut stock_bought = [0u8; 2];
        if acting && matches!(t.stage, Stage::BuySelect | Stage::BuyPay | Stage::BuyClear) {
            for i in 0..MARKET {
                if t.buy & (1 << i) != 0 && self.t.market[i] != NONE {
                    let w = Work::new(self.t.market[i]);
                    value += self.ref_work_estimate(seat, &w, &mut capacity, &mut needs);
                }
            }
            stock_bought = [t.candles, t.vials];
        }
        // What the best purchase would add, before anything is chosen (a buy is a sequence
        // of decisions; one-ply play must see where it leads).
        if acting
            && matches!(t.stage, Stage::BuySelect | Stage::BuyClear)
            && t.buy == 0
            && t.candles == 0
            && t.vials == 0
        {
            let budget = self.budget(seat).saturating_sub(t.price);
            let mut best = 0.0f64;
            for &c in self.t.market.iter() {
                if c != NONE && u16::from(self.proj(usize::from(c)).cost) <= budget {
                    let (mut scratch, mut room) = (needs, capacity);
                    let w = Work::new(c);
                    let net = self.ref_work_estimate(seat, &w, &mut room, &mut scratch)
                        - f64::from(self.proj(usize::from(c)).cost) * money;
                    best = best.max(net);
                }
            }
            value += LOOKAHEAD_SHARE * best;
        }
        // Materials in hand (pending commits are counted on their projects). The two best
        // fits are what a cram would commit.
        let mut fits = [0.0f64; 2];
        let mut worths: Vec<(usize, u16, f64)> = Vec::new();
        for m in ids(self.free_hand(seat)) {
            let card = self.mat(m);
            let (v, fit) = self.ref_material_estimate(card.icons, card.value, money, &mut needs);
            value += v;
            worths.push((m, u16::from(card.value), v));
            if fit > fits[1] {
                fits[1] = fit;
                if fits[1] > fits[0] {
                    fits.swap(0, 1);
                }
            }
        }
        // The price owed (a solo clear half chosen owes its $1 already): the least worth of
        // a set of the materials that may still pay it (in the payment, those above the last
        // one discarded), every set tried, each summed in id order (a set that already pays
        // is not grown: worths are never negative).
        if acting && matches!(t.stage, Stage::BuySelect | Stage::BuyPay | Stage::BuyClear) {
            let half_clear = u16::from(t.stage == Stage::BuyClear && t.clear_first != NONE);
            let owed = (t.price + half_clear).saturating_sub(t.paid);
            let first = if t.stage == Stage::BuyPay {
                usize::from(t.last)
            } else {
                0
            };
            let payers: Vec<(u16, f64)> = worths
                .iter()
                .filter(|w| w.0 >= first)
                .map(|w| (w.1, w.2))
                .collect();
            fn least(payers: &[(u16, f64)], owed: u16, dollars: u16, worth: f64) -> f64 {
                if dollars >= owed {
                    return worth;
                }
                (0..payers.len())
                    .map(|i| {
                        let (d, w) = payers[i];
                        least(&payers[i + 1..], owed, dollars + d, worth + w)
                    })
                    .fold(f64::INFINITY, f64::min)
            }
            let cheapest = least(&payers, owed, 0, 0.0);
            value -= if cheapest.is_finite() {
                cheapest
            } else {
                f64::from(owed) * money
            };
        }
        for (k, &count) in stock_bought.iter().enumerate() {
            let icon = super::super::data::Icon::Candle as usize + k;
            let price = u8::try_from(self.stock_price(k == 0)).unwrap_or(u8::MAX);
            for _ in 0..count {
                value += self
                    .ref_material_estimate(1 << icon, price, money, &mut needs)
                    .0;
            }
        }
        if acting {
            match t.stage {
                // Committing a fitting material gains about its fit again.
                Stage::Cram | Stage::CramTarget => {
                    let left = usize::from(t.limit.saturating_sub(t.commits)).min(2);
                    value += fits[..left].iter().sum::<f64>();
                }
                // Looking at a pile: what taking it would add.
                Stage::Dig => {
                    let pile = self.t.piles[usize::from(t.pile).min(2)];
                    let mut scratch = needs;
                    let mut v = 0.0;
                    for m in ids(pile) {
                        let card = self.mat(m);
                        v += self
                            .ref_material_estimate(card.icons, card.value, money, &mut scratch)
                            .0;
                    }
                    value += LOOKAHEAD_SHARE * v;
                }
                _ => {}
            }
        }
        value + self.ref_thesis_estimate(seat, unused, thesis_met) + self.ref_ongoing_estimate(seat)
    }

    /// Whether the seat's kept thesis is met, with `unused` its unused material value: what
    /// `condition_met` decides, without walking the materials again.
    fn ref_thesis_met_with(&self, seat: Seat, unused: i32) -> bool {
        let t = self.t.players[seat].thesis;
        if t == NONE {
            return false;
        }
        match self.cards.theses[usize::from(t)].condition {
            Condition::Materials { amount } => unused >= i32::from(amount),
            ref condition => self.condition_met(seat, condition),
        }
    }

    /// `score(seat)` from its unused material value and whether its thesis is met: the
    /// thesis, the completed projects with their tokens, and unused materials / 8.
    fn ref_score_from(&self, seat: Seat, unused: i32, thesis_met: bool) -> i32 {
        let p = &self.t.players[seat];
        let thesis = if thesis_met {
            i32::from(self.cards.theses[usize::from(p.thesis)].credits)
        } else {
            0
        };
        let projects: i32 = p
            .completed
            .iter()
            .map(|d| {
                i32::from(self.proj(usize::from(d.card)).credits) + i32::from(d.credits)
                    - i32::from(d.demerits)
            })
            .sum();
        thesis + projects + unused / PE_DOLLARS_PER_CREDIT
    }

    /// A project in progress: its share of credits, and its open icons added to `needs`.
    fn ref_work_estimate(
        &self,
        seat: Seat,
        w: &Work,
        capacity: &mut u32,
        needs: &mut Needs,
    ) -> f64 {
        let card = self.proj(usize::from(w.card));
        let icons = &self.cards.icon_table[usize::from(w.card)];
        let total = card.icons.len().max(1);
        let mut open = [0u8; NUM_ICONS];
        let mut open_count = 0u32;
        for (i, &icon) in icons.iter().enumerate() {
            if icon != NO_ICON && w.slots[i] == NONE {
                open[usize::from(icon & 7)] += 1;
                open_count += 1;
            }
        }
        // Pending commits (commit step) already fill their icons.
        for c in self.t.players[seat].pending.iter() {
            if c.project == w.card && open[usize::from(c.icon)] > 0 {
                open[usize::from(c.icon)] -= 1;
                open_count -= 1;
            }
        }
        // Commits are shared: a project that cannot be finished in the commits left
        // after the seat's earlier projects is worth nothing.
        if open_count > *capacity {
            return 0.0;
        }
        *capacity -= open_count;
        let credits =
            (f64::from(card.credits) + f64::from(w.credits) - f64::from(w.demerits)).max(0.0);
        let per_icon = credits / total as f64;
        for (i, &o) in open.iter().enumerate() {
            if o > 0 {
                needs.open[i] = needs.open[i].saturating_add(o);
                needs.worth[i] = needs.worth[i].max(per_icon);
            }
        }
        let filled = 1.0 - f64::from(open_count) / total as f64;
        credits * (OWNED_SHARE + PROGRESS_SHARE * filled)
    }

    /// A material in hand: the better of money and a fitting open icon (which it then
    /// takes from `needs`); with the fit's worth when the fit is the better.
    fn ref_material_estimate(
        &self,
        icons: u8,
        value: u8,
        money: f64,
        needs: &mut Needs,
    ) -> (f64, f64) {
        let as_money = f64::from(value) * money;
        let mut best = NUM_ICONS;
        for i in 0..NUM_ICONS {
            if icons & (1 << i) != 0
                && needs.open[i] > 0
                && (best == NUM_ICONS || needs.worth[i] > needs.worth[best])
            {
                best = i;
            }
        }
        if best == NUM_ICONS {
            return (as_money, 0.0);
        }
        let as_fit = FIT_SHARE * needs.worth[best];
        if as_fit > as_money {
            needs.open[best] -= 1;
            (as_fit, as_fit)
        } else {
            (as_money, 0.0)
        }
    }

    /// The kept thesis not yet met: a share of its credits by how much of its condition is.
    fn ref_thesis_estimate(&self, seat: Seat, unused: i32, met: bool) -> f64 {
        let p = &self.t.players[seat];
        if p.thesis == NONE {
            return 0.0;
        }
        let thesis = &self.cards.theses[usize::from(p.thesis)];
        if met {
            return 0.0; // in the score already
        }
        let done = &p.completed;
        let count = |f: &dyn Fn(&super::super::data::ProjectCard) -> bool| {
            done.iter()
                .filter(|d| f(self.proj(usize::from(d.card))))
                .count() as f64
        };
        let fraction = match thesis.condition {
            Condition::Projects { count: n } => done.len() as f64 / f64::from(n.max(1)),
            Condition::Department {
                department,
                count: n,
            } => count(&|c| c.department == department) / f64::from(n.max(1)),
            Condition::Level { level, count: n } => {
                count(&|c| c.level == level) / f64::from(n.max(1))
            }
            Condition::Icon { icon, count: n } => {
                count(&|c| c.icons.contains(&icon)) / f64::from(n.max(1))
            }
            Condition::CreditTokens { count: n } => {
                done.iter().map(|d| f64::from(d.credits)).sum::<f64>() / f64::from(n.max(1))
            }
            Condition::NoDemerits { count: n } => {
                if done.iter().any(|d| d.demerits > 0) {
                    0.0
                } else {
                    done.len() as f64 / f64::from(n.max(1))
                }
            }
            Condition::Materials { amount } => f64::from(unused) / f64::from(amount.max(1)),
        };
        let f = fraction.min(1.0);
        f64::from(thesis.credits) * THESIS_SHARE * f * f
    }

    /// Completed projects' ongoing abilities (more commits each week).
    fn ref_ongoing_estimate(&self, seat: Seat) -> f64 {
        let count = self.t.players[seat]
            .completed
            .iter()
            .filter(|d| {
                matches!(
                    self.proj(usize::from(d.card)).ability,
                    Some(super::super::data::Ability {
                        trigger: Trigger::Ongoing,
                        effect: Effect::ExtraCommit { .. }
                    })
                )
            })
            .count();
        count as f64 * ONGOING_WORTH * f64::from(self.ref_weeks_left()) / f64::from(WEEKS_IN_GAME)
    }
    /// `commit_limit` as it was written before the card set's `project_facts`.
    fn ref_commit_limit(&self, seat: Seat) -> u8 {
        let extra: u8 = self.t.players[seat]
            .completed
            .iter()
            .filter_map(|d| match &self.proj(usize::from(d.card)).ability {
                Some(a) if a.trigger == Trigger::Ongoing => match a.effect {
                    Effect::ExtraCommit { count } => Some(count),
                    _ => None,
                },
                _ => None,
            })
            .sum();
        super::super::state::BASE_COMMITS + extra
    }

    /// `unused_material_value` as it was written before the card set's `slot_values`: the
    /// value of the union of the hand and the materials under projects, grants left out.
    fn ref_unused_material_value(&self, seat: Seat) -> i32 {
        let p = &self.t.players[seat];
        let under_incomplete = p
            .projects
            .iter()
            .flat_map(|w| w.slots.iter())
            .filter(|&&m| Self::holds_material(m))
            .fold(0, |set, &m| set | bit(usize::from(m)));
        i32::from(self.value_of(self.materials_of(p.hand | under_incomplete)))
    }
}

/// Asserts every seat's fast value in `s` is the reference's, bit for bit.
fn assert_same_values(s: &SorceryState, what: &dyn Fn() -> String) {
    let reference = s.ref_heuristic();
    let fast = s.heuristic_values();
    for seat in 0..s.n() {
        assert_eq!(
            fast[seat].to_bits(),
            reference[seat].to_bits(),
            "seat {seat} {}: fast {} reference {}",
            what(),
            fast[seat],
            reference[seat]
        );
        assert_eq!(s.heuristic_value(seat).to_bits(), reference[seat].to_bits());
        assert_eq!(
            s.unused_material_value(seat),
            s.ref_unused_material_value(seat)
        );
        assert_eq!(s.commit_limit(seat), s.ref_commit_limit(seat));
    }
}

#[test]
fn the_fast_heuristic_is_the_reference_bit_for_bit_in_every_mode() {
    let mut positions = 0usize;
    let mut after = game(2, 0, json!({}));
    for (players, options) in modes() {
        for seed in 0..20 {
            let mut s = game(players, seed, options.clone());
            let mut rng = Rng::seed_from(seed + 77);
            let mut steps = 0;
            while !s.is_terminal() {
                count_move(&mut steps);
                let at = || {
                    format!(
                        "{players}p {options} seed {seed} move {}",
                        s.history().len()
                    )
                };
                assert_same_values(&s, &at);
                let legal = s.legal_actions();
                for &a in &legal {
                    after.clone_position_from(&s);
                    after.apply_unchecked(a);
                    assert_same_values(&after, &|| format!("{} after {a}", at()));
                    positions += 1;
                }
                s.apply_unchecked(legal[rng.below(legal.len())]);
            }
        }
    }
    assert!(positions > 20_000, "{positions} positions compared");
}

/// The estimate's memo (`estimate_memo`) is keyed by every piece of a seat's area it is
/// computed from: with the memo warm from one position, a copy that differs in only one of
/// them — the thesis, the weeks left, a project in progress, a completed project, the pending
/// commits, the hand, whether the game is over — and whose reference value differs for it,
/// still gets the reference's value, bit for bit (a key that left the piece out would hand
/// back the first position's part, or the seat's last value read without a look-ahead).
#[test]
fn the_estimate_memo_is_keyed_by_every_piece_it_reads() {
    type Vary = fn(&mut SorceryState, Seat) -> bool;
    let kinds: [(&str, Vary); 7] = [
        ("thesis", |v, seat| {
            let p = &mut v.t.players[seat];
            let other = p
                .thesis_offer
                .into_iter()
                .find(|&t| t != NONE && t != p.thesis);
            other.is_some_and(|t| {
                p.thesis = t;
                true
            })
        }),
        ("weeks left", |v, _| {
            v.t.week += 1;
            v.t.week < super::super::state::WEEKS
        }),
        ("project", |v, seat| {
            let projects = &mut v.t.players[seat].projects;
            projects.first_mut().is_some_and(|w| {
                w.credits += 1;
                true
            })
        }),
        ("completed", |v, seat| {
            let done = &mut v.t.players[seat].completed;
            done.first_mut().is_some_and(|d| {
                d.credits += 1;
                true
            })
        }),
        ("pending", |v, seat| {
            v.t.players[seat].pending.pop().is_some()
        }),
        ("hand", |v, seat| {
            let hand = &mut v.t.players[seat].hand;
            let had = *hand != 0;
            *hand &= hand.wrapping_sub(1);
            had
        }),
        ("game over", |v, _| {
            v.t.phase = Phase::GameOver;
            true
        }),
    ];
    let mut checked = [0usize; 7];
    for seed in 0..6 {
        let mut s = game(4, seed, json!({}));
        let mut rng = Rng::seed_from(seed + 11);
        let mut steps = 0;
        while !s.is_terminal() {
            count_move(&mut steps);
            for seat in 0..s.n() {
                for (k, (_, vary)) in kinds.iter().enumerate() {
                    let mut v = s.clone();
                    let reference = s.ref_heuristic()[seat];
                    if !vary(&mut v, seat) || v.ref_heuristic()[seat] == reference {
                        continue;
                    }
                    // Warm the memo with `s`, then read the copy.
                    assert_eq!(s.heuristic_value(seat).to_bits(), reference.to_bits());
                    let want = v.ref_heuristic()[seat];
                    assert_eq!(
                        v.heuristic_value(seat).to_bits(),
                        want.to_bits(),
                        "{} changed: seed {seed} move {} seat {seat}",
                        kinds[k].0,
                        s.history().len()
                    );
                    checked[k] += 1;
                }
            }
            let legal = s.legal_actions();
            s.apply_unchecked(legal[rng.below(legal.len())]);
        }
    }
    for (k, (what, _)) in kinds.iter().enumerate() {
        assert!(
            checked[k] >= 5,
            "{what}: only {} positions checked",
            checked[k]
        );
    }
}
