//! Validation of a state read from JSON: every invariant the rules code relies on, so that a
//! document from outside can never make the engine index out of bounds, break conservation
//! of cards and resources, or reach a position with no legal action.

use super::data::{AdvantageEffect, NUM_ADVANTAGE, NUM_ALL_PROJECTS, NUM_CHALLENGES};
use super::state::{
    Phase, SunriseState, TurnStage, CARDS_PER_DAY, CARDS_PER_ROUND, CHALLENGES_IN_PLAY, DAYS,
    DECK_TOP, MAX_SUNRISE_PLAYERS, MIN_SUNRISE_PLAYERS, ROUNDS_PER_DAY, TOTAL_RESOURCES,
};
use crate::engine::{EngineError, EngineResult};

fn bad(msg: String) -> EngineError {
    EngineError::InvalidState(msg)
}

/// Checks that each id in `0..count` appears exactly once among `seen`.
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

fn final_choice_disjoint(c: &super::state::FinalChoice) -> bool {
    c.reveal & c.discard == 0 && c.reveal & c.keep == 0 && c.discard & c.keep == 0
}

pub(crate) fn validate(s: &SunriseState) -> EngineResult<()> {
    let t = &s.t;
    let n = usize::from(t.num_players);
    if !(MIN_SUNRISE_PLAYERS..=MAX_SUNRISE_PLAYERS).contains(&n) || t.players.len() != n {
        return Err(bad(format!(
            "num_players is {n} with {} player entries (2 to 4 expected)",
            t.players.len()
        )));
    }
    if t.day >= DAYS || t.round >= ROUNDS_PER_DAY {
        return Err(bad(format!(
            "day {} round {} is outside the game",
            t.day, t.round
        )));
    }
    if !t.rng.is_valid() {
        return Err(bad("the random generator state is all zeros".into()));
    }
    let seats_mask = ((1u16 << n) - 1) as u8;
    if t.resource_known.len() != 48 || t.advantage_known.len() != NUM_ADVANTAGE {
        return Err(bad("knowledge tables have the wrong length".into()));
    }
    if t.resource_known
        .iter()
        .chain(t.advantage_known.iter())
        .any(|b| b & !seats_mask != 0)
    {
        return Err(bad(
            "a knowledge bit names a seat that is not at the table".into()
        ));
    }

    // Studio challenges.
    if t.challenges.len() != CHALLENGES_IN_PLAY {
        return Err(bad(format!(
            "{} studio challenges in play (3 expected)",
            t.challenges.len()
        )));
    }
    for (i, c) in t.challenges.iter().enumerate() {
        if usize::from(c.card) >= NUM_CHALLENGES
            || t.challenges[..i].iter().any(|d| d.card == c.card)
        {
            return Err(bad(format!(
                "challenge {i} has a bad or repeated card {}",
                c.card
            )));
        }
        let seats: Vec<u8> = c.high.iter().chain(c.low.iter()).copied().collect();
        if seats.iter().any(|&x| usize::from(x) >= n)
            || (1..seats.len()).any(|j| seats[..j].contains(&seats[j]))
            || (c.high.is_none() && !c.low.is_empty())
        {
            return Err(bad(format!("challenge {i} has invalid tile placements")));
        }
    }

    // Projects: 34, each exactly once.
    let mut seen = Vec::new();
    for &c in &t.project_deck {
        seen.push((usize::from(c), "the project deck".to_string()));
    }
    for c in t.row.iter().flatten() {
        seen.push((usize::from(*c), "the project row".to_string()));
    }
    for &c in &t.removed_starting {
        seen.push((usize::from(c), "the removed starting projects".to_string()));
    }
    for (q, p) in t.players.iter().enumerate() {
        for w in &p.projects {
            seen.push((
                usize::from(w.card),
                format!("seat {q}'s in-progress projects"),
            ));
        }
        for &c in &p.awaiting {
            seen.push((usize::from(c), format!("seat {q}'s awaiting projects")));
        }
        for c in &p.completed {
            seen.push((
                usize::from(c.card),
                format!("seat {q}'s completed projects"),
            ));
        }
    }
    exactly_once("project", NUM_ALL_PROJECTS, &seen)?;
    // The layout of "Community Area Setup" C: the deck's top card is face up in space 0 and
    // the row is refilled from it, so no space is empty while the deck still has a card.
    if (t.row[DECK_TOP].is_none() && !t.project_deck.is_empty())
        || (s.project_deck_size() > 0 && t.row[1..].iter().any(Option::is_none))
    {
        return Err(bad(
            "the project row has an empty space while the project deck still has cards".into(),
        ));
    }
    let starting = |c: u8| s.cards.projects[usize::from(c)].starting;
    if t.project_deck
        .iter()
        .chain(t.row.iter().flatten())
        .any(|&c| starting(c))
        || t.removed_starting.iter().any(|&c| !starting(c))
        || t.removed_starting.len() != 4 - n
    {
        return Err(bad(
            "starting projects are mixed with the project deck or row".into(),
        ));
    }

    // Advantage cards: 30, each exactly once, each in a place its kind allows.
    let mut seen = Vec::new();
    for &c in &t.advantage_deck {
        seen.push((usize::from(c), "the advantage deck".to_string()));
    }
    let effect = |c: u8| s.cards.advantages.get(usize::from(c)).map(|a| &a.effect);
    for (q, p) in t.players.iter().enumerate() {
        for &c in &p.advantages {
            seen.push((
                usize::from(c),
                format!("seat {q}'s face-down advantage cards"),
            ));
        }
        for w in &p.showpieces {
            seen.push((usize::from(w.card), format!("seat {q}'s showpieces")));
            if !matches!(effect(w.card), Some(AdvantageEffect::Showpiece { .. })) {
                return Err(bad(format!(
                    "seat {q} has a non-showpiece card {} as a showpiece",
                    w.card
                )));
            }
        }
        for &c in &p.completed_showpieces {
            seen.push((usize::from(c), format!("seat {q}'s completed showpieces")));
            if !matches!(effect(c), Some(AdvantageEffect::Showpiece { .. })) {
                return Err(bad(format!(
                    "seat {q} has a non-showpiece card {c} completed as one"
                )));
            }
        }
        for &c in &p.revealed {
            seen.push((usize::from(c), format!("seat {q}'s revealed cards")));
            if !matches!(
                effect(c),
                Some(AdvantageEffect::PersonalGoal { .. } | AdvantageEffect::CoffeeBean)
            ) {
                return Err(bad(format!(
                    "seat {q} has card {c} revealed, but only end-game cards stay revealed"
                )));
            }
        }
    }
    if let Phase::Complete {
        turn: TurnStage::KeepAdvantage { drawn },
        ..
    } = &t.phase
    {
        if !(2..=3).contains(&drawn.len()) {
            return Err(bad(
                "a keep-advantage choice needs 2 or 3 drawn cards".into()
            ));
        }
        for &c in drawn {
            seen.push((usize::from(c), "the drawn advantage cards".to_string()));
        }
    }
    exactly_once("advantage card", NUM_ADVANTAGE, &seen)?;

    // Resource cards in play: each exactly once; those out of play nowhere.
    let in_play: Vec<usize> = s.cards.resource_cards_in_play(n).collect();
    let mut seen = Vec::new();
    for (q, p) in t.players.iter().enumerate() {
        for &c in p.stack.iter().chain(p.hand.iter()) {
            seen.push((usize::from(c), format!("seat {q}'s stack or hand")));
        }
        for w in &p.wheel {
            seen.push((usize::from(w.card), format!("seat {q}'s pottery wheel")));
            let count = s
                .cards
                .resource_cards
                .get(usize::from(w.card))
                .map_or(1, |c| c.icons.count());
            let full = if count == 2 { 3 } else { 1 };
            if w.used & !full != 0 || w.used == full {
                return Err(bad(format!(
                    "seat {q}'s wheel card {} has invalid used parts",
                    w.card
                )));
            }
        }
    }
    for &c in &t.wastebasket {
        seen.push((usize::from(c), "the wastebasket".to_string()));
    }
    let mut remapped = Vec::new();
    for (id, at) in seen {
        match in_play.iter().position(|&x| x == id) {
            Some(i) => remapped.push((i, format!("{at} (card {id})"))),
            None => {
                return Err(bad(format!(
                    "resource card {id} at {at} is not in play for {n} players"
                )))
            }
        }
    }
    exactly_once("resource card (in-play index)", in_play.len(), &remapped)?;

    // Works, glazes, tokens.
    let mut tokens = u32::from(t.community_supply);
    for (q, p) in t.players.iter().enumerate() {
        tokens += u32::from(p.supply) + u32::from(p.reserve);
        for (w, showpiece) in p
            .projects
            .iter()
            .map(|w| (w, false))
            .chain(p.showpieces.iter().map(|w| (w, true)))
        {
            let len = s.icons_of(w, showpiece).len();
            let full = ((1u16 << len) - 1) as u8;
            if w.filled & !full != 0 || w.filled == full {
                return Err(bad(format!(
                    "seat {q}'s work {} has an invalid filled mask {}",
                    w.card, w.filled
                )));
            }
            tokens += w.filled.count_ones();
        }
        for c in &p.completed {
            let glazes = &s.cards.projects[usize::from(c.card)].glazes;
            if !glazes.iter().any(|g| *g as u8 == c.glaze) {
                return Err(bad(format!(
                    "seat {q}'s completed project {} counts as a glaze it does not have",
                    c.card
                )));
            }
        }
        let ascending = |ids: &mut dyn Iterator<Item = u8>| {
            let v: Vec<u8> = ids.collect();
            v.windows(2).all(|w| w[0] < w[1])
        };
        if !ascending(&mut p.projects.iter().map(|w| w.card))
            || !ascending(&mut p.showpieces.iter().map(|w| w.card))
            || !ascending(&mut p.advantages.iter().copied())
            || !ascending(&mut p.wheel.iter().map(|w| w.card))
            || !ascending(&mut p.hand.iter().copied())
        {
            return Err(bad(format!(
                "seat {q}'s projects, showpieces, advantage cards, wheel and hand must each be listed in ascending id order"
            )));
        }
        for &c in &p.awaiting {
            tokens += s.cards.projects[usize::from(c)].icons.len() as u32;
        }
        // Stacks shrink by 4 each round; the current round's 4 are in hand or distributed.
        let expected_stack = CARDS_PER_DAY - CARDS_PER_ROUND * (usize::from(t.round) + 1);
        if p.stack.len() != expected_stack {
            return Err(bad(format!(
                "seat {q}'s stack has {} cards, {expected_stack} expected",
                p.stack.len()
            )));
        }
        if p.styles_used.iter().filter(|&&u| u).count()
            != usize::from(t.round) + usize::from(!matches!(t.phase, Phase::Select { .. }))
        {
            return Err(bad(format!(
                "seat {q} has used a number of work styles that does not fit the round"
            )));
        }
    }
    if tokens != u32::from(TOTAL_RESOURCES) {
        return Err(bad(format!(
            "resources do not add up to 60 (found {tokens})"
        )));
    }

    // The phase, and that its decision has at least one legal action.
    match &t.phase {
        Phase::Select { seat } => {
            let cur = usize::from(*seat);
            if cur >= n {
                return Err(bad(format!(
                    "seat {cur} is choosing but the table has {n} seats"
                )));
            }
            for (q, p) in t.players.iter().enumerate() {
                if p.hand.len() != CARDS_PER_ROUND || !p.wheel.is_empty() {
                    return Err(bad(format!(
                        "seat {q} must hold 4 drawn cards and an empty wheel while selecting"
                    )));
                }
                if p.pending.is_some() != (q < cur) {
                    return Err(bad(format!(
                        "seat {q}'s hidden choice does not fit whose turn it is"
                    )));
                }
                if let Some(choice) = &p.pending {
                    let code = choice
                        .destinations
                        .iter()
                        .enumerate()
                        .fold(0usize, |c, (i, d)| c | ((*d as usize) << (2 * i)));
                    let matches = super::moves::style_of(code, n == 2) == Some(choice.style);
                    if choice.destinations.len() != CARDS_PER_ROUND
                        || !matches
                        || p.styles_used[choice.style as usize]
                    {
                        return Err(bad(format!(
                            "seat {q}'s hidden choice is not a legal draft"
                        )));
                    }
                }
            }
        }
        Phase::Work { seat } => {
            let cur = usize::from(*seat);
            if cur >= n {
                return Err(bad(format!(
                    "seat {cur} is working but the table has {n} seats"
                )));
            }
            for (q, p) in t.players.iter().enumerate() {
                if !p.hand.is_empty() || p.pending.is_some() || (q < cur && !p.wheel.is_empty()) {
                    return Err(bad(format!("seat {q}'s cards do not fit step two")));
                }
            }
        }
        Phase::Complete {
            seat,
            project,
            turn,
        } => {
            let cur = usize::from(*seat);
            if cur >= n || t.players[cur].completed.last().map(|c| c.card) != Some(*project) {
                return Err(bad(
                    "the completion turn is not for the seat's last completed project".into(),
                ));
            }
            for (q, p) in t.players.iter().enumerate() {
                if !p.hand.is_empty() || p.pending.is_some() || !p.wheel.is_empty() {
                    return Err(bad(format!("seat {q}'s cards do not fit step three")));
                }
            }
            match turn {
                TurnStage::TakeProjects { remaining }
                    if !(1..=2).contains(remaining) || t.row.iter().all(Option::is_none) =>
                {
                    return Err(bad("a project must be taken but none can be".into()));
                }
                TurnStage::ChooseGlaze
                    if s.cards.projects[usize::from(*project)].glazes.len() != 2 =>
                {
                    return Err(bad("a glaze choice for a project with one glaze".into()));
                }
                _ => {}
            }
        }
        Phase::Convert { seat } => {
            if usize::from(*seat) >= n {
                return Err(bad(format!(
                    "seat {seat} is converting but the table has {n} seats"
                )));
            }
            for (q, p) in t.players.iter().enumerate() {
                if !p.hand.is_empty() || p.pending.is_some() || !p.wheel.is_empty() {
                    return Err(bad(format!("seat {q}'s cards do not fit step three")));
                }
            }
        }
        Phase::FinalChoices { seat } => {
            let cur = usize::from(*seat);
            if cur >= n {
                return Err(bad(format!(
                    "seat {cur} is deciding at game end but the table has {n} seats"
                )));
            }
            for (q, p) in t.players.iter().enumerate() {
                if !p.hand.is_empty()
                    || p.pending.is_some()
                    || !p.wheel.is_empty()
                    || !p.awaiting.is_empty()
                {
                    return Err(bad(format!("seat {q}'s cards do not fit the game's end")));
                }
                // Decided cards: the seat's lowest face-down cards, all of them for a seat
                // that has chosen, some but not all for the seat deciding, none after it.
                let hand: Vec<u32> = p.advantages.iter().map(|&c| 1u32 << c).collect();
                let decided = p.final_choice.decided();
                let d = decided.count_ones() as usize;
                let prefix: u32 = hand.iter().take(d).fold(0, |m, b| m | b);
                let fits = match q.cmp(&cur) {
                    std::cmp::Ordering::Less => d == 0 || d == hand.len(),
                    std::cmp::Ordering::Equal => d < hand.len(),
                    std::cmp::Ordering::Greater => d == 0,
                };
                if !fits || decided != prefix || !final_choice_disjoint(&p.final_choice) {
                    return Err(bad(format!(
                        "seat {q}'s game-end choices do not fit its face-down cards"
                    )));
                }
            }
        }
        Phase::GameOver => {}
    }
    if !matches!(t.phase, Phase::FinalChoices { .. })
        && t.players.iter().any(|p| p.final_choice.decided() != 0)
    {
        return Err(bad("game-end choices before the game's end".into()));
    }
    Ok(())
}
