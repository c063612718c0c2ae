//! Validation of a state read from JSON: every invariant the rules code relies on, so that a
//! document from outside can never make the engine index out of bounds, break conservation
//! of the 58 projects and the 98 material cards (70 grave, 24 stock, 4 grants), or reach a
//! position with no legal action.

use super::data::{MaterialKind, NUM_MATERIALS, NUM_PROJECTS, NUM_STAFFS, NUM_THESES};
use super::state::{
    ids, Phase, Return, SorceryState, Stage, FILLED_FREE, MARKET, MAX_PENDING, MONTHS, NONE, WEEKS,
};
use crate::engine::{ActionList, EngineError, EngineResult};

fn bad(msg: String) -> EngineError {
    EngineError::InvalidState(msg)
}

/// Checks each id in `0..count` appears exactly once among `seen` (id, where).
fn exactly_once(what: &str, count: usize, seen: &[(usize, String)]) -> EngineResult<()> {
    let mut place: Vec<Option<&str>> = vec![None; count];
    for (id, at) in seen {
        let Some(slot) = place.get_mut(*id) else {
            return Err(bad(format!(
                "{what} id {id} at {at} is out of range (0..{count})"
            )));
        };
        if let Some(first) = slot {
            return Err(bad(format!(
                "{what} {id} is in two places: {first} and {at}"
            )));
        }
        *slot = Some(at);
    }
    if let Some(missing) = place.iter().position(Option::is_none) {
        return Err(bad(format!("{what} {missing} is missing from the state")));
    }
    Ok(())
}

pub(crate) fn validate(s: &SorceryState) -> EngineResult<()> {
    let t = &s.t;
    let n = usize::from(t.config.players);
    if !(1..=4).contains(&n) || t.players.len() != n {
        return Err(bad(format!(
            "config.players is {n} with {} player entries",
            t.players.len()
        )));
    }
    if (n == 1) != t.config.solo.is_some() {
        return Err(bad("config.solo is set exactly for one-player games".into()));
    }
    let missions_ok = t
        .config
        .missions
        .iter()
        .enumerate()
        .all(|(q, &m)| m <= super::config::NUM_MISSIONS && (q < n && n > 1 || m == 0))
        && match t.config.solo {
            Some(super::config::Solo::Mission { mission, .. }) => {
                (1..=super::config::NUM_MISSIONS).contains(&mission)
            }
            _ => true,
        };
    if !missions_ok {
        return Err(bad(
            "config.missions names a mission outside 1..10 or an absent seat".into(),
        ));
    }
    if t.month >= MONTHS || t.week >= WEEKS || usize::from(t.first) >= n {
        return Err(bad(format!(
            "month {} week {} first player {} are outside the game",
            t.month, t.week, t.first
        )));
    }
    if !t.rng.is_valid() {
        return Err(bad("the random generator state is all zeros".into()));
    }
    if t.known.len() != NUM_MATERIALS || t.project_known.len() != NUM_PROJECTS {
        return Err(bad("knowledge tables have the wrong length".into()));
    }
    let all = s.all_seats();
    if t.known
        .iter()
        .chain(t.project_known.iter())
        .any(|&b| b & !all != 0)
    {
        return Err(bad(
            "a knowledge entry names a seat that is not in the game".into(),
        ));
    }
    let kind = |m: usize| s.mat(m).kind;
    // Grave deck generations: none newer than the reshuffles so far; the current deck holds
    // the current generation only; stock cards and grants are never in the grave deck.
    if t.generation.len() != NUM_MATERIALS {
        return Err(bad("the generation table has the wrong length".into()));
    }
    if let Some(m) = (0..NUM_MATERIALS).find(|&m| {
        t.generation[m] > t.reshuffles || (kind(m) != MaterialKind::Grave && t.generation[m] != 0)
    }) {
        return Err(bad(format!(
            "material {m} has generation {} after {} reshuffle(s)",
            t.generation[m], t.reshuffles
        )));
    }
    if let Some(&m) = t
        .grave_deck
        .iter()
        .find(|&&m| t.generation.get(usize::from(m)) != Some(&t.reshuffles))
    {
        return Err(bad(format!(
            "grave deck card {m} is not of the current generation {}",
            t.reshuffles
        )));
    }

    // Mixing groups: only grave cards out of the grave deck (a reshuffle clears them).
    if t.mixed.len() != NUM_MATERIALS {
        return Err(bad("the mixing-group table has the wrong length".into()));
    }
    if let Some(m) = (0..NUM_MATERIALS).find(|&m| {
        t.mixed[m] != 0 && (kind(m) != MaterialKind::Grave || t.grave_deck.contains(&(m as u8)))
    }) {
        return Err(bad(format!(
            "material {m} is in mixing group {} but is {}",
            t.mixed[m],
            if kind(m) == MaterialKind::Grave {
                "in the grave deck"
            } else {
                "not a grave card"
            }
        )));
    }

    if t.known_in_group.len() != NUM_MATERIALS {
        return Err(bad("the known-in-group table has the wrong length".into()));
    }
    if let Some(m) = (0..NUM_MATERIALS).find(|&m| t.known_in_group[m] != 0 && t.mixed[m] == 0) {
        return Err(bad(format!(
            "material {m} is known to be in a mixing group but is in none"
        )));
    }
    if t.known_in_group.iter().any(|&b| b & !all != 0) {
        return Err(bad(
            "a known-in-group entry names a seat that is not in the game".into(),
        ));
    }

    // Materials: each of the 98 cards exactly once.
    let mut seen: Vec<(usize, String)> = Vec::new();
    for (q, p) in t.players.iter().enumerate() {
        seen.extend(ids(p.hand).map(|m| (m, format!("seat {q}'s hand"))));
        for w in p.projects.iter() {
            let Some(card) = s.cards.projects.get(usize::from(w.card)) else {
                return Err(bad(format!("seat {q} has unknown project {}", w.card)));
            };
            for (i, &slot) in w.slots.iter().enumerate() {
                if i >= card.icons.len() {
                    if slot != NONE {
                        return Err(bad(format!("{} has a material past its icons", card.name)));
                    }
                    continue;
                }
                if slot == NONE || slot == FILLED_FREE {
                    continue;
                }
                let m = usize::from(slot);
                if m >= NUM_MATERIALS || s.mat(m).icons & (1 << card.icons[i] as u8) == 0 {
                    return Err(bad(format!(
                        "material {m} under {} does not show the icon it fills",
                        card.name
                    )));
                }
                seen.push((m, format!("under seat {q}'s {}", card.name)));
            }
        }
        // A staff used in the commit step: an extra-commit staff, face-up until the reveal.
        if p.staff_pending {
            let extra = s
                .cards
                .staffs
                .get(usize::from(p.staff))
                .and_then(|st| match st.effect {
                    super::data::Effect::ExtraCommit { count } => Some(count),
                    _ => None,
                });
            let limit_ok = match t.phase {
                Phase::Commit { seat } if usize::from(seat) == q => {
                    extra.map(|e| s.commit_limit(q).saturating_add(e)) == Some(t.turn.limit)
                }
                Phase::Commit { .. } => extra.is_some(),
                _ => false,
            };
            if p.staff_used || !limit_ok {
                return Err(bad(format!(
                    "seat {q} has a staff pending outside the commit step, or one that adds no \
                     commit"
                )));
            }
        }
        if p.pending.len() > MAX_PENDING {
            return Err(bad(format!("seat {q} has too many pending commits")));
        }
        for (k, c) in p.pending.iter().enumerate() {
            let m = usize::from(c.material);
            if m >= NUM_MATERIALS
                || p.hand & (1u128 << m) == 0
                || c.icon >= 8
                || !p.projects.iter().any(|w| w.card == c.project)
                || p.pending[..k].iter().any(|e| e.material == c.material)
            {
                return Err(bad(format!("seat {q} has an impossible pending commit")));
            }
        }
    }
    for (k, &pile) in t.piles.iter().enumerate() {
        seen.extend(ids(pile).map(|m| (m, format!("grave pile {}", k + 1))));
    }
    seen.extend(ids(t.discard).map(|m| (m, "the discard".to_string())));
    seen.extend(ids(t.stock).map(|m| (m, "the stock supply".to_string())));
    seen.extend(ids(t.out).map(|m| (m, "the box".to_string())));
    seen.extend(ids(t.robot.materials).map(|m| (m, "the robot".to_string())));
    seen.extend(
        t.grave_deck
            .iter()
            .map(|&m| (usize::from(m), "the grave deck".to_string())),
    );
    exactly_once("material card", NUM_MATERIALS, &seen)?;
    // The grave discard pile is face-up: every seat knows its cards.
    if let Some(m) = ids(t.discard).find(|&m| t.known[m] != all) {
        return Err(bad(format!(
            "material {m} is in the face-up discard but not known to every seat"
        )));
    }
    let grave_only = ids(t.discard | t.robot.materials | t.piles[0] | t.piles[1] | t.piles[2])
        .chain(t.grave_deck.iter().map(|&m| usize::from(m)))
        .all(|m| kind(m) == MaterialKind::Grave);
    let stock_only =
        ids(t.stock).all(|m| matches!(kind(m), MaterialKind::Candle | MaterialKind::Vial));
    let grants_only = ids(t.out).all(|m| kind(m) == MaterialKind::Grant);
    if !grave_only || !stock_only || !grants_only {
        return Err(bad("a card is in a place its kind cannot be".into()));
    }

    // Projects: each of the 58 exactly once.
    let setup = matches!(t.phase, Phase::Setup { .. });
    let mut seen: Vec<(usize, String)> = Vec::new();
    for (tier, deck) in t.decks.iter().enumerate() {
        for &c in deck.iter() {
            if s.cards.projects.get(usize::from(c)).map(|p| p.tier()) != Some(tier) {
                return Err(bad(format!("project {c} is in the wrong level's deck")));
            }
            seen.push((usize::from(c), format!("the {}00-level deck", tier + 1)));
        }
    }
    for (i, &c) in t.market.iter().enumerate() {
        if c != NONE {
            seen.push((usize::from(c), format!("market space {}", i + 1)));
        }
    }
    for i in 0..NUM_PROJECTS {
        if t.removed & (1 << i) != 0 {
            seen.push((i, "out of the game".to_string()));
        }
    }
    for (q, p) in t.players.iter().enumerate() {
        seen.extend(
            p.projects
                .iter()
                .map(|w| (usize::from(w.card), format!("seat {q}"))),
        );
        seen.extend(
            p.completed
                .iter()
                .map(|d| (usize::from(d.card), format!("seat {q} (completed)"))),
        );
        if setup {
            for &c in &p.project_offer {
                if c != NONE {
                    seen.push((usize::from(c), format!("seat {q}'s offer")));
                }
            }
        }
        // After setup the offers stay as the record of what was kept and returned.
        if !p
            .project_offer
            .iter()
            .all(|&c| c == NONE || usize::from(c) < NUM_PROJECTS)
        {
            return Err(bad(format!("seat {q} was offered an unknown project")));
        }
        let ok_thesis = |x: u8| x == NONE || usize::from(x) < NUM_THESES;
        let ok_staff = |x: u8| x == NONE || usize::from(x) < NUM_STAFFS;
        if !p.thesis_offer.iter().all(|&x| ok_thesis(x))
            || !ok_thesis(p.thesis)
            || !p.staff_offer.iter().all(|&x| ok_staff(x))
            || !ok_staff(p.staff)
            || !(p.project_pick == NONE || p.project_pick < 2)
        {
            return Err(bad(format!("seat {q} has an unknown thesis or staff")));
        }
        if p.thesis != NONE && !p.thesis_offer.contains(&p.thesis)
            || p.staff != NONE && !p.staff_offer.contains(&p.staff)
        {
            return Err(bad(format!("seat {q} keeps a card it was not dealt")));
        }
    }
    exactly_once("project", NUM_PROJECTS, &seen)?;

    // Whose turn, and the decision in progress.
    let turn = &t.turn;
    let stage_ok = match t.phase {
        Phase::Setup { seat } => {
            usize::from(seat) < n
                && matches!(
                    turn.stage,
                    Stage::PickThesis | Stage::PickProject | Stage::PickStaff
                )
        }
        Phase::Action { seat } => {
            usize::from(seat) < n
                && !matches!(
                    turn.stage,
                    Stage::PickThesis
                        | Stage::PickProject
                        | Stage::PickStaff
                        | Stage::Commit
                        | Stage::CommitTarget
                )
                && !matches!(turn.ret, Return::Commit | Return::Complete)
                && turn.stage != Stage::Complete
        }
        Phase::Complete { seat } => {
            usize::from(seat) < n
                && (turn.stage == Stage::Complete
                    || (turn.ret == Return::Complete && is_effect_stage(turn.stage)))
        }
        // An extra-commit staff used in the commit step resolves at once; any other is used
        // openly with the commit step paused (`paused_ok`).
        Phase::Commit { seat } => {
            usize::from(seat) < n
                && (matches!(turn.stage, Stage::Commit | Stage::CommitTarget)
                    || (turn.ret == Return::Action && is_effect_stage(turn.stage)))
        }
        Phase::GameOver => true,
    };
    // A decision paused for a staff used in the middle of it, while the staff's effect
    // resolves: a dig, a solo buy after a clear or a project action's Spectral Sight in the
    // action step; the commit step before the seat's first commit.
    let paused_ok = match t.paused {
        None => turn.ret != Return::Action,
        Some(p) => {
            let where_ok = match t.phase {
                Phase::Action { .. } => {
                    matches!(p.stage, Stage::Dig | Stage::DigEnd | Stage::SpectralTake)
                        || (p.stage == Stage::BuyClear && n == 1)
                }
                Phase::Commit { .. } => p.stage == Stage::Commit && p.commits == 0,
                _ => false,
            };
            where_ok
                && turn.ret == Return::Action
                && is_effect_stage(turn.stage)
                && p.pile < 3
                && p.ret != Return::Action
        }
    };
    if !stage_ok
        || !paused_ok
        || usize::from(turn.material) >= NUM_MATERIALS
        || turn.pile >= 3
        || !(turn.clear_first == NONE || usize::from(turn.clear_first) < 6)
        || usize::from(turn.limit) > MAX_PENDING
        || turn.commits > turn.limit
        || (matches!(turn.stage, Stage::SpectralTake | Stage::StockChoice) && turn.remaining == 0)
    {
        return Err(bad(format!(
            "the decision in progress ({:?}) does not fit the step",
            turn.stage
        )));
    }
    // The commit step counts the seat's commits as it makes them, each pending until the
    // reveal: the count is its pending commits' (none while an open staff it used before its
    // first commit resolves, the step paused).
    if let Phase::Commit { seat } = t.phase {
        let counted = t.paused.map_or(turn.commits, |p| p.commits);
        let pending = t.players[usize::from(seat)].pending.len();
        if pending != usize::from(counted) {
            return Err(bad(format!(
                "seat {seat} has {pending} pending commits, but its commit step counts {counted}"
            )));
        }
    }
    // A buy under way: the chosen spaces hold projects, the chosen stock is in the supply,
    // and the price (their costs, plus any solo clears) is one the seat can still pay.
    if let (Some(seat), Stage::BuyClear | Stage::BuySelect | Stage::BuyPay) =
        (s.actor(), turn.stage)
    {
        let chosen_ok = (0..MARKET).all(|i| turn.buy & (1 << i) == 0 || t.market[i] != NONE)
            && turn.buy < 1 << MARKET;
        let candles = (t.stock & s.cards.candles).count_ones();
        let vials = (t.stock & s.cards.vials).count_ones();
        let costs: u32 = (0..MARKET)
            .filter(|&i| turn.buy & (1 << i) != 0 && t.market[i] != NONE)
            .map(|i| u32::from(s.proj(usize::from(t.market[i])).cost))
            .sum::<u32>()
            + u32::from(turn.candles) * u32::from(s.stock_price(true))
            + u32::from(turn.vials) * u32::from(s.stock_price(false));
        let can_pay = u32::from(s.budget(seat)) + u32::from(turn.paid);
        if !chosen_ok
            || u32::from(turn.candles) > candles
            || u32::from(turn.vials) > vials
            || u32::from(turn.price) < costs
            || u32::from(turn.price) > can_pay
        {
            return Err(bad(format!(
                "the buy in progress (price ${}, paid ${}) does not fit the market or the hand",
                turn.price, turn.paid
            )));
        }
    }
    if let Some(seat) = s.actor() {
        let mut legal = ActionList::new();
        s.legal_into(&mut legal);
        if legal.is_empty() {
            return Err(bad(format!(
                "seat {seat} is to act but has no legal action"
            )));
        }
    }
    Ok(())
}

/// The stages of an effect under way (a staff or an ability), which may interrupt the
/// Commit and Complete steps and return to them.
fn is_effect_stage(stage: Stage) -> bool {
    matches!(
        stage,
        Stage::SpectralTake
            | Stage::FillTarget
            | Stage::CreditTarget
            | Stage::DemeritTarget
            | Stage::StockChoice
    )
}
