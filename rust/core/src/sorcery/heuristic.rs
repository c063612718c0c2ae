//! A cheap estimate of how well each seat is doing, for greedy play and greedy rollouts
//! (`GameState::heuristic_values`).
//!
//! The running score moves only when a project completes, so on its own it cannot tell a
//! useful dig, purchase or commit from a useless one. This adds the progress a seat has made
//! towards credits it does not hold yet:
//! * each project in progress: a share of its credits (with its tokens) that grows with the
//!   part of its requirement committed, nothing once it can no longer be finished in the
//!   weeks left;
//! * each material in hand: the better of its worth as money (falling to the $8-per-credit
//!   of the Physical Education elective as the game ends) and its worth as a missing icon of
//!   one of the seat's projects;
//! * a purchase being chosen and paid for (a buy is a sequence of decisions): the chosen
//!   projects and stock as owned, the price still owed as the cheapest set of the hand's
//!   materials that can still pay it (change is lost, so overpaying shows as a loss);
//! * the kept thesis: a share of its credits by how much of its condition is met;
//! * in solo against the robot, everything relative to the robot's running score.
//!
//! It runs in the rollouts' inner loop: it allocates nothing (fixed arrays, bit sets).

use super::data::{Condition, NO_ICON, NUM_ICONS};
use super::estimate_memo;
use super::score::PE_DOLLARS_PER_CREDIT;
use super::state::{
    ids, CardId, Commit, Phase, SorceryState, Stage, Turn, Work, MARKET, MAX_PENDING, MONTHS, NONE,
    WEEKS,
};
use crate::engine::{FixedVec, PerSeat, Seat};

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
pub(super) struct Needs {
    open: [u8; NUM_ICONS],
    worth: [f64; NUM_ICONS],
}

/// The divisions of a project's estimate, done once: a few whole numbers (credits, icons)
/// are all they divide, and the greedy heuristic estimates every project of every seat for
/// every candidate move. Each entry is the expression it replaces, evaluated the same way
/// (IEEE arithmetic is exact to the bit at compile time as at run time), so values are the
/// same bit for bit; numbers past the tables are divided as before.
const MAX_ICONS: usize = super::data::MAX_PROJECT_ICONS;
/// Credits the per-icon table covers (every authored project is far below).
const TABLE_CREDITS: usize = 32;

/// `[credits][icons]`: `credits / icons`.
const PER_ICON: [[f64; MAX_ICONS + 1]; TABLE_CREDITS] = {
    let mut table = [[0.0; MAX_ICONS + 1]; TABLE_CREDITS];
    let mut credits = 0;
    while credits < TABLE_CREDITS {
        let mut icons = 1;
        while icons <= MAX_ICONS {
            table[credits][icons] = credits as f64 / icons as f64;
            icons += 1;
        }
        credits += 1;
    }
    table
};

/// `[open][icons]`: the share of its credits a project with `open` of its `icons` icons
/// still open is worth, `OWNED_SHARE + PROGRESS_SHARE · (1 − open / icons)`.
const SHARE: [[f64; MAX_ICONS + 1]; MAX_ICONS + 1] = {
    let mut table = [[0.0; MAX_ICONS + 1]; MAX_ICONS + 1];
    let mut icons = 1;
    while icons <= MAX_ICONS {
        let mut open = 0;
        while open <= MAX_ICONS {
            let filled = 1.0 - open as f64 / icons as f64;
            table[open][icons] = OWNED_SHARE + PROGRESS_SHARE * filled;
            open += 1;
        }
        icons += 1;
    }
    table
};

/// `credits / icons` (`icons` ≥ 1), from [`PER_ICON`] where it covers them.
fn per_icon_credits(credits: u32, icons: usize) -> f64 {
    match PER_ICON
        .get(credits as usize)
        .and_then(|row| row.get(icons))
    {
        Some(&v) => v,
        None => f64::from(credits) / icons as f64,
    }
}

/// `OWNED_SHARE + PROGRESS_SHARE · (1 − open / icons)` (`icons` ≥ 1), from [`SHARE`].
fn owned_share(open: u32, icons: usize) -> f64 {
    match SHARE.get(open as usize).and_then(|row| row.get(icons)) {
        Some(&v) => v,
        None => OWNED_SHARE + PROGRESS_SHARE * (1.0 - f64::from(open) / icons as f64),
    }
}

/// A thesis's estimate with `fraction` of its condition met: a share of its credits
/// growing with the square of the part met.
fn partly_met(credits: u8, fraction: f64) -> f64 {
    let f = fraction.min(1.0);
    f64::from(credits) * THESIS_SHARE * f * f
}

/// The credits the kept thesis scores and the estimate of its part met, with `unused` the
/// unused material value.
fn thesis_with(thesis: estimate_memo::ThesisPart, unused: i32) -> (i32, f64) {
    use estimate_memo::ThesisPart;
    match thesis {
        ThesisPart::None => (0, 0.0),
        ThesisPart::Fixed { credits, estimate } => (credits, estimate),
        ThesisPart::Materials { amount, credits } if unused >= i32::from(amount) => {
            (i32::from(credits), 0.0)
        }
        ThesisPart::Materials { amount, credits } => (
            0,
            partly_met(credits, f64::from(unused) / f64::from(amount.max(1))),
        ),
    }
}

/// Weeks in the semester: 4 months of 4.
const WEEKS_IN_GAME: u32 = MONTHS as u32 * WEEKS as u32;

impl SorceryState {
    /// Weeks whose commit step is still to come (this week's included until it is over).
    fn weeks_left(&self) -> u32 {
        let done = u32::from(self.t.month) * u32::from(WEEKS) + u32::from(self.t.week);
        WEEKS_IN_GAME.saturating_sub(done)
    }

    /// Every seat's estimate (see the module comment).
    pub(crate) fn heuristic(&self) -> PerSeat<f64> {
        let robot = if self.n() == 1 && self.t.config.robot() {
            f64::from(self.robot_score())
        } else {
            0.0
        };
        (0..self.n())
            .map(|s| self.seat_estimate(s) - robot)
            .collect()
    }

    /// One seat's entry of [`SorceryState::heuristic`].
    pub(crate) fn seat_heuristic(&self, seat: Seat) -> f64 {
        self.seat_heuristic_in_turn(seat, &self.t.turn)
    }

    /// [`SorceryState::seat_heuristic`] in this position with `turn` as the decision under
    /// way instead of its own (the position a move that changes only the turn, for the
    /// estimate, leads to: see `estimate_gain`).
    pub(crate) fn seat_heuristic_in_turn(&self, seat: Seat, turn: &Turn) -> f64 {
        let robot = if self.n() == 1 && self.t.config.robot() {
            f64::from(self.robot_score())
        } else {
            0.0
        };
        self.seat_estimate_in_turn(seat, turn) - robot
    }

    /// Whether `seat`'s estimate adds what the action under way would bring (a cram's
    /// commits, the pile looked at, the purchase being chosen and paid): it is acting, in one
    /// of the stages whose turn fields the estimate reads. Everywhere else a seat's estimate
    /// is the same whether it is the seat to act or not.
    fn estimate_looks_ahead(&self, seat: Seat) -> bool {
        self.estimate_looks_ahead_in(seat, self.t.turn.stage)
    }

    /// [`SorceryState::estimate_looks_ahead`] with the decision under way in `stage`.
    fn estimate_looks_ahead_in(&self, seat: Seat, stage: Stage) -> bool {
        self.actor() == Some(seat)
            && matches!(
                stage,
                Stage::Cram
                    | Stage::CramTarget
                    | Stage::Dig
                    | Stage::BuyClear
                    | Stage::BuySelect
                    | Stage::BuyPay
            )
    }

    /// Whether `seat`'s estimate is certainly the same here as in `before`: it looks ahead
    /// in neither (the look-aheads read the turn under way), and all the rest of the
    /// estimate reads is equal — the parts of its area the estimate reads (hand, pending
    /// commits, projects, completed projects, thesis: not the offers or the staff), the week
    /// (weeks left), whether the game is over, and in solo the robot's score (the card set is
    /// shared by copies). The cheapest and likeliest to differ go first.
    pub(crate) fn heuristic_kept(&self, before: &SorceryState, seat: Seat) -> bool {
        let (now, then) = (&self.t.players[seat], &before.t.players[seat]);
        !self.estimate_looks_ahead(seat)
            && !before.estimate_looks_ahead(seat)
            && self.t.month == before.t.month
            && self.t.week == before.t.week
            && (self.t.phase == Phase::GameOver) == (before.t.phase == Phase::GameOver)
            && now.hand == then.hand
            && now.thesis == then.thesis
            && now.pending == then.pending
            && now.projects == then.projects
            && now.completed == then.completed
            && (self.n() > 1
                || (self.t.robot.materials == before.t.robot.materials
                    && self.t.robot.tokens == before.t.robot.tokens))
            && std::sync::Arc::ptr_eq(&self.cards, &before.cards)
    }

    /// One seat's running score plus its progress.
    fn seat_estimate(&self, seat: Seat) -> f64 {
        self.seat_estimate_in_turn(seat, &self.t.turn)
    }

    /// [`SorceryState::seat_estimate`] with `turn` as the decision under way.
    fn seat_estimate_in_turn(&self, seat: Seat, turn: &Turn) -> f64 {
        let weeks = self.weeks_left();
        let p = &self.t.players[seat];
        let looks_ahead = self.estimate_looks_ahead_in(seat, turn.stage);
        let over = self.t.phase == Phase::GameOver;
        // The part read from the projects, the completed projects and the thesis is
        // remembered while they, the pending commits and the week stay the same (most
        // candidate moves leave them so); the hand is read anew, unless the estimate looks
        // ahead in neither this reading nor the last and the hand is the one it read then.
        // The whole estimate is worked out while the remembered part is borrowed: handing its
        // pieces out first (the open icons' table among them) cost a tenth of a search in
        // copies.
        estimate_memo::with_area_part(
            &self.cards,
            seat,
            p,
            weeks,
            |base| self.area_base(seat, base),
            derive_part,
            |part, plain| {
                if looks_ahead {
                    return self.estimate_with_part(seat, weeks, turn, part);
                }
                if let Some(known) = plain.filter(|k| k.hand == p.hand && k.over == over) {
                    return known.value;
                }
                let value = self.estimate_with_part(seat, weeks, turn, part);
                *plain = Some(estimate_memo::Plain {
                    hand: p.hand,
                    over,
                    value,
                });
                value
            },
        )
    }

    /// [`SorceryState::seat_estimate_in_turn`] from the part of it `seat`'s area gives,
    /// `weeks` weeks before the end.
    fn estimate_with_part(
        &self,
        seat: Seat,
        weeks: u32,
        turn: &Turn,
        part: &estimate_memo::AreaPart,
    ) -> f64 {
        let p = &self.t.players[seat];
        let hand = i32::from(self.value_of(self.materials_of(p.hand)));
        // `unused_material_value`: the hand and what lies under the projects.
        let unused = hand + part.under_incomplete;
        let (thesis_credits, thesis) = thesis_with(part.thesis, unused);
        // `score`: the thesis, the completed projects, unused materials / 8.
        let score = thesis_credits + part.completed_credits + unused / PE_DOLLARS_PER_CREDIT;
        let score = f64::from(score);
        let mut value = part.estimates.iter().fold(score, |v, &e| v + e);
        let ongoing = part.ongoing;
        let mut capacity = part.capacity;
        let mut needs = part.needs;
        if weeks == 0 || self.t.phase == Phase::GameOver {
            return score;
        }
        let horizon = f64::from(weeks) / f64::from(WEEKS_IN_GAME);
        let money = MONEY_END + (MONEY_EARLY - MONEY_END) * horizon;
        // Every reading of the turn under way below is in a stage of `estimate_looks_ahead`.
        let acting = self.estimate_looks_ahead_in(seat, turn.stage);
        let t = turn;
        // A purchase in progress: its projects as owned, its stock in hand (its price owed is
        // taken off below, with the materials' worths).
        let mut stock_bought = [0u8; 2];
        if acting && matches!(t.stage, Stage::BuySelect | Stage::BuyPay | Stage::BuyClear) {
            for i in 0..MARKET {
                if t.buy & (1 << i) != 0 && self.t.market[i] != NONE {
                    let project = self.market_project_part(self.t.market[i]);
                    value += project_estimate(&project, &p.pending, &mut capacity, &mut needs);
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
                let cost = self.cards.project_costs.get(usize::from(c)).copied();
                if let Some(cost) = cost.filter(|&cost| u16::from(cost) <= budget) {
                    let (mut scratch, mut room) = (needs, capacity);
                    let project = self.market_project_part(c);
                    let net = project_estimate(&project, &p.pending, &mut room, &mut scratch)
                        - f64::from(cost) * money;
                    best = best.max(net);
                }
            }
            value += LOOKAHEAD_SHARE * best;
        }
        // Materials in hand (pending commits are counted on their projects). The two best
        // fits are what a cram would commit.
        let mut fits = [0.0f64; 2];
        let mut payers = Payers::new();
        for m in ids(self.free_hand(seat)) {
            let card = self.mat(m);
            let (v, fit) = self.material_estimate(card.icons, card.value, money, &mut needs);
            value += v;
            payers.offer(m, card.value, v);
            if fit > fits[1] {
                fits[1] = fit;
                if fits[1] > fits[0] {
                    fits.swap(0, 1);
                }
            }
        }
        // The price still owed (a solo clear half chosen owes its $1 already): what paying it
        // will take out of the hand, the cheapest set of the materials that may still pay
        // ("discard material cards ... with a total value at least as high as the total
        // price": change is lost, so paying $3 for $2 costs a $1 card more than paying $2).
        if acting && matches!(t.stage, Stage::BuySelect | Stage::BuyPay | Stage::BuyClear) {
            let half_clear = u16::from(t.stage == Stage::BuyClear && t.clear_first != NONE);
            let owed = (t.price + half_clear).saturating_sub(t.paid);
            // In the payment, the materials are discarded in id order: those above the last.
            let first = if t.stage == Stage::BuyPay {
                usize::from(t.last)
            } else {
                0
            };
            value -= payers.cover(owed, first).unwrap_or(f64::from(owed) * money);
        }
        for (k, &count) in stock_bought.iter().enumerate() {
            let icon = super::data::Icon::Candle as usize + k;
            let price = u8::try_from(self.stock_price(k == 0)).unwrap_or(u8::MAX);
            for _ in 0..count {
                value += self
                    .material_estimate(1 << icon, price, money, &mut needs)
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
                            .material_estimate(card.icons, card.value, money, &mut scratch)
                            .0;
                    }
                    value += LOOKAHEAD_SHARE * v;
                }
                _ => {}
            }
        }
        value + thesis + ongoing
    }

    /// What `seat`'s projects, completed projects and thesis give to its estimate before the
    /// week and the pending commits are taken into account (see [`estimate_memo`]), into a
    /// base with no projects.
    fn area_base(&self, seat: Seat, base: &mut estimate_memo::AreaBase) {
        let p = &self.t.players[seat];
        base.commit_limit = self.commit_limit(seat);
        let slot_values = &self.cards.slot_values;
        base.under_incomplete = 0;
        for w in p.projects.iter() {
            base.projects.push(self.project_part(w));
            base.under_incomplete += w
                .slots
                .iter()
                .map(|&m| i32::from(slot_values[usize::from(m)]))
                .sum::<i32>();
        }
        let facts = &self.cards.project_facts;
        base.completed_credits = p
            .completed
            .iter()
            .map(|d| {
                i32::from(facts[usize::from(d.card)].credits) + i32::from(d.credits)
                    - i32::from(d.demerits)
            })
            .sum();
        base.thesis = self.thesis_part(seat);
        base.ongoing_projects = p
            .completed
            .iter()
            .filter(|d| facts[usize::from(d.card)].ongoing_extra_commit)
            .count() as u32;
    }

    /// The kept thesis's part: what it scores and the estimate of the part of its condition
    /// met, fixed now unless the condition is on the unused materials.
    fn thesis_part(&self, seat: Seat) -> estimate_memo::ThesisPart {
        use estimate_memo::ThesisPart;
        let t = self.t.players[seat].thesis;
        if t == NONE {
            return ThesisPart::None;
        }
        let thesis = &self.cards.theses[usize::from(t)];
        if let Condition::Materials { amount } = thesis.condition {
            return ThesisPart::Materials {
                amount,
                credits: thesis.credits,
            };
        }
        if self.condition_met(seat, &thesis.condition) {
            return ThesisPart::Fixed {
                credits: i32::from(thesis.credits),
                estimate: 0.0, // in the score already
            };
        }
        ThesisPart::Fixed {
            credits: 0,
            estimate: partly_met(
                thesis.credits,
                self.completed_fraction(seat, &thesis.condition),
            ),
        }
    }

    /// A market project as the estimate reads it once bought: every icon open, no token
    /// (what [`SorceryState::project_part`] reads of `Work::new(card)`, from the card's facts).
    fn market_project_part(&self, card: CardId) -> estimate_memo::ProjectPart {
        let facts = &self.cards.project_facts[usize::from(card)];
        estimate_memo::ProjectPart {
            card,
            open: facts.icon_counts,
            open_count: u32::from(facts.icons),
            credits: u32::from(facts.credits),
            icons: facts.icons.max(1),
        }
    }

    /// A project in progress as the estimate reads it: its open icons and its credits.
    fn project_part(&self, w: &Work) -> estimate_memo::ProjectPart {
        let card = &self.cards.project_facts[usize::from(w.card)];
        let icons = &self.cards.icon_table[usize::from(w.card)];
        // Open icons counted without a branch or a store per slot: byte i of `lanes` counts
        // icon i (at most 6 a project, so no byte overflows into the next).
        let mut lanes = 0u64;
        let mut open_count = 0u32;
        for (&icon, &slot) in icons.iter().zip(w.slots.iter()) {
            let is_open = icon != NO_ICON && slot == NONE;
            lanes += u64::from(is_open) << (8 * u32::from(icon & 7));
            open_count += u32::from(is_open);
        }
        // A whole number of credits, at least 0 (exact in an f64).
        let credits =
            (i32::from(card.credits) + i32::from(w.credits) - i32::from(w.demerits)).max(0) as u32;
        estimate_memo::ProjectPart {
            card: w.card,
            open: lanes.to_le_bytes(),
            open_count,
            credits,
            icons: card.icons.max(1),
        }
    }

    /// A material in hand: the better of money and a fitting open icon (which it then
    /// takes from `needs`); with the fit's worth when the fit is the better.
    fn material_estimate(&self, icons: u8, value: u8, money: f64, needs: &mut Needs) -> (f64, f64) {
        let as_money = f64::from(value) * money;
        // The material's icons in ascending order (a card shows one or two): the first of
        // the best worth among those still open.
        let mut best = NUM_ICONS;
        let mut rest = icons;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if needs.open[i] > 0 && (best == NUM_ICONS || needs.worth[i] > needs.worth[best]) {
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

    /// How much of a thesis condition on the completed projects the seat meets (0 for the
    /// unused-materials condition, which `thesis_with` reads from the materials instead).
    fn completed_fraction(&self, seat: Seat, condition: &Condition) -> f64 {
        let done = &self.t.players[seat].completed;
        let count = |f: &dyn Fn(&super::data::ProjectCard) -> bool| {
            done.iter()
                .filter(|d| f(self.proj(usize::from(d.card))))
                .count() as f64
        };
        match *condition {
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
            Condition::Materials { .. } => 0.0,
        }
    }
}

/// A project in progress's share of credits with the `pending` commits in place, and its
/// open icons added to `needs`: nothing, and nothing added, when it cannot be finished in the
/// `capacity` commits left after the seat's earlier projects (which it takes from them).
fn project_estimate(
    project: &estimate_memo::ProjectPart,
    pending: &[Commit],
    capacity: &mut u32,
    needs: &mut Needs,
) -> f64 {
    let mut open = project.open;
    let mut open_count = project.open_count;
    // Pending commits (commit step) already fill their icons.
    for c in pending {
        if c.project == project.card && open[usize::from(c.icon)] > 0 {
            open[usize::from(c.icon)] -= 1;
            open_count -= 1;
        }
    }
    // Commits are shared: a project that cannot be finished in the commits left after the
    // seat's earlier projects is worth nothing.
    if open_count > *capacity {
        return 0.0;
    }
    *capacity -= open_count;
    let total = usize::from(project.icons);
    let per_icon = per_icon_credits(project.credits, total);
    // Only the icons still open, found by their lanes: a lane counts at most 6 icons (3
    // bits), so it is open when any of its low 3 bits is set.
    let lanes = u64::from_le_bytes(open);
    let mut open_lanes = (lanes | lanes >> 1 | lanes >> 2) & 0x0101_0101_0101_0101;
    while open_lanes != 0 {
        let i = (open_lanes.trailing_zeros() / 8) as usize;
        open_lanes &= open_lanes - 1;
        needs.open[i] = needs.open[i].saturating_add(open[i]);
        needs.worth[i] = needs.worth[i].max(per_icon);
    }
    f64::from(project.credits) * owned_share(open_count, total)
}

/// The part of a seat's estimate its area gives `weeks` weeks before the end with the
/// `pending` commits in place, from the area's base, into a part with no estimates and no
/// needs: each project's [`project_estimate`] in order, as many commits as can still be
/// made shared among them.
fn derive_part(
    base: &estimate_memo::AreaBase,
    pending: &FixedVec<Commit, MAX_PENDING>,
    weeks: u32,
    part: &mut estimate_memo::AreaPart,
) {
    // Commits still possible: each remaining commit step, and a cram.
    let mut capacity = u32::from(base.commit_limit) * weeks + 2;
    for project in base.projects.iter() {
        let estimate = project_estimate(project, pending, &mut capacity, &mut part.needs);
        part.estimates.push(estimate);
    }
    part.capacity = capacity;
    part.under_incomplete = base.under_incomplete;
    part.completed_credits = base.completed_credits;
    part.thesis = base.thesis;
    // The completed projects' ongoing abilities (more commits each week).
    part.ongoing =
        base.ongoing_projects as f64 * ONGOING_WORTH * f64::from(weeks) / f64::from(WEEKS_IN_GAME);
}

/// Most materials a hand's payment is worked out over (a hand holds far fewer); past it, or
/// past `MAX_OWED`, the price owed is counted as money spent.
const MAX_PAYERS: usize = 24;
/// Largest price owed the cheapest payment is worked out for.
const MAX_OWED: usize = 48;

/// The hand's materials as payment: id, dollar value and worth in hand, in id order.
struct Payers {
    items: arrayvec::ArrayVec<(u8, u8, f64), MAX_PAYERS>,
    /// More materials than `items` holds were offered.
    overflow: bool,
}

impl Payers {
    fn new() -> Self {
        Payers {
            items: arrayvec::ArrayVec::new(),
            overflow: false,
        }
    }

    fn offer(&mut self, id: usize, dollars: u8, worth: f64) {
        if self.items.try_push((id as u8, dollars, worth)).is_err() {
            self.overflow = true;
        }
    }

    /// The least worth of a set of the materials with ids `first` and up whose dollars add
    /// up to `owed` or more (`Some(0.0)` for nothing owed; `None` if none can, or past the
    /// bounds). A 0/1 cover over amounts, materials taken in id order, so each set's worth is
    /// summed in id order.
    fn cover(&self, owed: u16, first: usize) -> Option<f64> {
        let owed = usize::from(owed);
        if owed == 0 {
            return Some(0.0);
        }
        if self.overflow || owed > MAX_OWED {
            return None;
        }
        // least[a]: the least worth paying at least $a.
        let mut least = [f64::INFINITY; MAX_OWED + 1];
        least[0] = 0.0;
        let payers = self
            .items
            .iter()
            .filter(|&&(id, ..)| usize::from(id) >= first);
        for &(_, dollars, worth) in payers {
            for a in (1..=owed).rev() {
                let with = least[a.saturating_sub(usize::from(dollars))] + worth;
                if with < least[a] {
                    least[a] = with;
                }
            }
        }
        least[owed].is_finite().then_some(least[owed])
    }
}

#[cfg(test)]
mod tests {
    use super::{project_estimate, Needs, Payers, MAX_OWED, MAX_PAYERS, NUM_ICONS};
    use crate::sorcery::estimate_memo::ProjectPart;
    use crate::sorcery::state::{SorceryState, Work};
    use crate::sorcery::SorceryConfig;

    /// Every count a kind of icon can have open on one project (1 to 6) reaches the needs,
    /// alone and beside the other kinds, with the project's per-icon credits.
    #[test]
    fn a_project_adds_each_kind_of_open_icon_to_the_needs_however_many() {
        let mut cases: Vec<[u8; NUM_ICONS]> = Vec::new();
        for count in 1..=6u8 {
            for icon in 0..NUM_ICONS {
                let mut open = [0u8; NUM_ICONS];
                open[icon] = count;
                cases.push(open);
            }
        }
        cases.push([1, 2, 3, 4, 5, 6, 0, 1]);
        cases.push([6, 0, 5, 0, 4, 0, 3, 2]);
        for open in cases {
            let open_count: u32 = open.iter().map(|&o| u32::from(o)).sum();
            let project = ProjectPart {
                card: 0,
                open,
                open_count,
                credits: 12,
                icons: 6,
            };
            let (mut capacity, mut needs) = (40, Needs::default());
            project_estimate(&project, &[], &mut capacity, &mut needs);
            assert_eq!(needs.open, open, "{open:?}");
            for (i, &o) in open.iter().enumerate() {
                let worth = if o > 0 { 2.0 } else { 0.0 };
                assert_eq!(needs.worth[i], worth, "{open:?} icon {i}");
            }
            assert_eq!(capacity, 40 - open_count, "{open:?}");
        }
    }

    #[test]
    fn a_market_project_reads_from_its_facts_as_from_its_slots() {
        let config = SorceryConfig::from_options(2, &serde_json::Map::new()).expect("valid");
        let s = SorceryState::new_game(config, 1, None).expect("a game");
        for card in 0..s.cards.projects.len() {
            let card = card as u8;
            assert_eq!(
                s.market_project_part(card),
                s.project_part(&Work::new(card)),
                "project {card}"
            );
        }
    }

    fn payers(items: &[(u8, u8, f64)]) -> Payers {
        let mut p = Payers::new();
        for &(id, dollars, worth) in items {
            p.offer(usize::from(id), dollars, worth);
        }
        p
    }

    #[test]
    fn the_cheapest_payment_covers_the_price_with_the_least_worth() {
        // $1 (worth 0.2), $2 (worth 0.9: it fits an icon), $3 (worth 0.5).
        let p = payers(&[(4, 1, 0.2), (7, 2, 0.9), (9, 3, 0.5)]);
        assert_eq!(p.cover(0, 0), Some(0.0));
        assert_eq!(p.cover(2, 0), Some(0.5)); // the $3, not the $2 that fits
        assert_eq!(p.cover(4, 0), Some(0.2 + 0.5));
        assert_eq!(p.cover(6, 0), Some(0.2 + 0.9 + 0.5));
        assert_eq!(p.cover(7, 0), None); // the hand cannot pay $7
                                         // In the payment only the materials above the last one discarded may still pay.
        assert_eq!(p.cover(3, 8), Some(0.5));
        assert_eq!(p.cover(4, 8), None);
    }

    #[test]
    fn past_its_bounds_the_cheapest_payment_is_not_worked_out() {
        let cheap = payers(&[(0, MAX_OWED as u8, 1.0)]);
        assert_eq!(cheap.cover(MAX_OWED as u16, 0), Some(1.0));
        assert_eq!(cheap.cover(MAX_OWED as u16 + 1, 0), None);
        let many: Vec<(u8, u8, f64)> = (0..=MAX_PAYERS as u8).map(|i| (i, 1, 0.1)).collect();
        assert_eq!(payers(&many).cover(1, 0), None);
        assert!(payers(&many[..MAX_PAYERS]).cover(1, 0).is_some());
    }
}
