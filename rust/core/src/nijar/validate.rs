//! `from_json` checks: every index in range, every card in exactly one place of its kind,
//! and every token conserved (5.3), so a document from outside can never make the rules
//! code index out of bounds or create components.

use super::data::{CardType, NUM_GAME_CARDS, STARTING_BASE, STARTING_CARD};
use super::state::{
    EndgameChoice, Mode, NijarState, Phase, CLEANING_AREA, COLUMNS, CRAFTSWOMEN, EMPTY, MAX_CLAY,
    ROUNDS, TASK_ANY_BONUS, TOTAL_CRACKS, TOTAL_GLAZES, TOTAL_PG, TOTAL_VASES,
};
use crate::engine::{ActionList, EngineError, EngineResult};

fn bad(msg: impl Into<String>) -> EngineError {
    EngineError::InvalidState(msg.into())
}

fn check(ok: bool, msg: &str) -> EngineResult<()> {
    if ok {
        Ok(())
    } else {
        Err(bad(msg))
    }
}

pub(super) fn validate(st: &NijarState) -> EngineResult<()> {
    let t = &st.t;
    let n = usize::from(t.num_players);
    check((1..=4).contains(&n), "num_players must be 1 to 4")?;
    let solo = n == 1;
    // Seat-indexed tables hold the Competition at index 1 in solo (12).
    let seats = n.max(2);
    let board_n = n.max(2);
    check(t.players.len() == n, "players: one entry per seat")?;
    check(t.round < ROUNDS, "round must be 0, 1 or 2")?;
    check(t.rng.is_valid(), "rng: the generator state is all zero")?;
    check(
        t.known.len() == super::data::NUM_CARD_IDS,
        "known: one entry per card",
    )?;
    let all = ((1u16 << n) - 1) as u8;
    check(
        t.known.iter().all(|&k| k & !all == 0),
        "known: a seat not in the game",
    )?;
    check(
        t.shop_rewards.iter().all(|&r| r <= CRAFTSWOMEN),
        "shop_rewards: too many",
    )?;
    // 10.1: 7/6/5 craftswomen in rounds 1/2/3, each on a space, the Special Action, the
    // closed shop, or available.
    let craftswomen = match t.phase {
        Phase::Endgame { .. } | Phase::Over => CRAFTSWOMEN - 1 - t.round.min(2),
        _ => CRAFTSWOMEN - t.round.min(2),
    };
    for s in 0..n.min(t.players.len()) {
        let p = &t.players[s];
        let on_spaces: u32 = t
            .spaces
            .iter()
            .flatten()
            .filter(|o| usize::from(o.seat) == s)
            .map(|o| u32::from(o.count))
            .sum();
        check(
            u32::from(p.workers) + u32::from(p.on_shop) + u32::from(t.special_stack[s]) + on_spaces
                == u32::from(craftswomen),
            "craftswomen are not conserved",
        )?;
    }
    let c = &t.solo;
    if solo {
        let on_spaces: u32 = t
            .spaces
            .iter()
            .flatten()
            .filter(|o| o.seat == super::state::COMP)
            .map(|o| u32::from(o.count))
            .sum();
        check(
            u32::from(c.workers) + u32::from(c.on_shop) + u32::from(t.special_stack[1]) + on_spaces
                == u32::from(craftswomen),
            "the Competition's craftswomen are not conserved",
        )?;
        let mut ids: Vec<u8> = c.deck.iter().chain(c.revealed.iter()).copied().collect();
        ids.sort_unstable();
        check(
            ids == (0..9).collect::<Vec<u8>>(),
            "solo: the Competition's deck and revealed cards are its 9 cards",
        )?;
        check(
            c.pieces.iter().all(|&p| p <= 2),
            "solo: a piece state above 2",
        )?;
        check(
            t.shop_rewards[1..].iter().all(|&r| r == 0),
            "shop_rewards: not a seat",
        )?;
        check(c.sold.iter().all(|&x| x <= 16), "solo: counters")?;
    } else {
        check(
            *c == super::state::Solo::default(),
            "solo: a Competition outside the solo game",
        )?;
    }
    check(
        t.special_stack[seats..].iter().all(|&x| x == 0),
        "special_stack: a seat not in the game",
    )?;
    let mut order: Vec<u8> = t.order.iter().copied().collect();
    order.sort_unstable();
    check(
        order == (0..seats as u8).collect::<Vec<_>>(),
        "order: a permutation of the seats",
    )?;
    check(
        usize::from(t.first_token) < seats,
        "first_token: not a seat",
    )?;
    check(usize::from(t.turn_seat) < seats, "turn_seat: not a seat")?;
    check(
        t.phase != Phase::Turns || usize::from(t.turn_seat) < n,
        "turn_seat: the Competition never waits for a decision",
    )?;
    for (k, &s) in t.right.iter().enumerate() {
        check(
            s == EMPTY || (usize::from(s) < n && k < n),
            "right: bad seat or space",
        )?;
        check(
            s == EMPTY || t.right.iter().filter(|&&x| x == s).count() == 1,
            "right: a seat twice",
        )?;
    }
    for &a in &t.layout {
        check(
            super::data::Act::from_code(a).is_some(),
            "layout: unknown act",
        )?;
    }
    let mut tiles = t.layout;
    tiles.sort_unstable();
    let mut want = st.cards.board.first_game_layout.map(|a| a as u8);
    want.sort_unstable();
    check(
        tiles == want,
        "layout: must hold the 9 action tiles once each",
    )?;
    for (c, &a) in t.columns.iter().enumerate() {
        let open = c < 3 || (c == 3 && board_n >= 3) || (c == 4 && board_n == 4);
        check(
            if open {
                super::data::Act::from_code(a).is_some_and(|a| a.is_bonus())
            } else {
                a == EMPTY
            },
            "columns: a bonus on each open column, none on a blocked one",
        )?;
    }
    for &a in &t.special {
        check(
            super::data::Act::from_code(a).is_some_and(|a| a.is_bonus()),
            "special: not a bonus",
        )?;
    }
    for row in &t.demand {
        let mut r = *row;
        r.sort_unstable();
        check(r == [0, 1, 2], "demand: each row is a 2, a 1 and a 0")?;
    }
    check(t.heights.iter().all(|&h| h <= 15), "heights: at most 15")?;
    check(t.dice.iter().all(|&d| d <= 6), "dice: at most 6")?;
    for &d in &t.donkeys[..seats] {
        check(d == EMPTY || d < 15, "donkeys: not a draft position")?;
        check(
            d == EMPTY || t.donkeys[..seats].iter().filter(|&&x| x == d).count() == 1,
            "donkeys: two on one card",
        )?;
    }
    for &d in &t.donkeys[seats..] {
        check(d == EMPTY, "donkeys: a donkey for a seat not in the game")?;
    }
    for c in &t.combos {
        check(c.wheel < 5 && c.res < 5, "combos: bad starting card")?;
    }
    // Seats on spaces.
    for row in &t.spaces {
        for (c, o) in row.iter().enumerate() {
            check(
                (o.seat == EMPTY && o.count == 0)
                    || (usize::from(o.seat) < seats && o.count > 0 && o.count <= CRAFTSWOMEN),
                "spaces: bad occupant",
            )?;
            check(
                o.seat == EMPTY || c < COLUMNS && t.columns[c] != EMPTY,
                "spaces: a blocked space is occupied",
            )?;
        }
    }
    // Cards: each game card exactly once, in a place of its kind.
    let mut seen = [0u8; NUM_GAME_CARDS];
    let mut mark = |c: u8, ok_kind: bool| -> EngineResult<()> {
        check(
            usize::from(c) < NUM_GAME_CARDS && ok_kind,
            "a card is in a place of the wrong kind",
        )?;
        seen[usize::from(c)] += 1;
        Ok(())
    };
    for (d, deck) in t.decks.iter().enumerate() {
        for &c in deck.iter() {
            mark(
                c,
                usize::from(c) < NUM_GAME_CARDS && CardType::of(usize::from(c)).deck() == d,
            )?;
        }
    }
    for (r, row) in t.draft.iter().enumerate() {
        for &c in row {
            if c != EMPTY {
                mark(
                    c,
                    usize::from(c) < NUM_GAME_CARDS && CardType::of(usize::from(c)).deck() == r,
                )?;
            }
        }
    }
    let mut endgame_seen = 0u16;
    let (mut pg, mut glaze, mut cracks, mut vases) = (
        u32::from(t.supply.pg),
        u32::from(t.supply.glaze),
        u32::from(t.supply.cracks),
        u32::from(t.supply.vases),
    );
    let mut pieces = t.supply.pieces.map(u32::from);
    for p in t.players.iter() {
        check(p.clay <= MAX_CLAY, "clay: at most 7")?;
        check(
            p.cracks <= CLEANING_AREA,
            "cracks: at most 8 in the cleaning area",
        )?;
        check(p.tech <= 2, "tech: at most 2")?;
        check(
            p.sold.iter().all(|&x| x <= 16) && p.drying.iter().all(|&x| x <= 16),
            "pieces: too many",
        )?;
        check(
            p.pg <= TOTAL_PG && p.glaze <= TOTAL_GLAZES,
            "tokens: more than exist",
        )?;
        check(
            u32::from(p.workers) + u32::from(p.on_shop) <= u32::from(CRAFTSWOMEN),
            "workers: at most 7",
        )?;
        check(
            p.hand.0[1] >> (super::data::NUM_CARD_IDS - 64) == 0,
            "hand: unknown card",
        )?;
        check(p.endgame_played >> 12 == 0, "endgame_played: unknown card")?;
        for c in p.hand.ids() {
            if c < NUM_GAME_CARDS {
                mark(c as u8, true)?;
            } else {
                let b = 1u16 << (c - NUM_GAME_CARDS);
                check(endgame_seen & b == 0, "an endgame card is in two places")?;
                endgame_seen |= b;
            }
        }
        check(
            endgame_seen & p.endgame_played == 0,
            "an endgame card is in two places",
        )?;
        endgame_seen |= p.endgame_played;
        for (i, w) in p.wheels.iter().enumerate() {
            let starting = w.card >= STARTING_BASE && w.card < STARTING_BASE + 5;
            check(
                starting == (i == 0),
                "wheels: the starting wheel comes first, alone",
            )?;
            if !starting {
                mark(
                    w.card,
                    usize::from(w.card) < NUM_GAME_CARDS
                        && CardType::of(usize::from(w.card)) == CardType::Wheel,
                )?;
                check((1..=4).contains(&w.slot), "wheels: bad space")?;
            } else {
                check(w.slot == 0, "wheels: the starting wheel is in the centre")?;
            }
            check(
                usize::from(w.pos) <= st.cards.wheel(w.card).spaces.len(),
                "wheels: vase past the end",
            )?;
            check(
                p.wheels.iter().filter(|x| x.slot == w.slot).count() == 1,
                "wheels: two on one space",
            )?;
        }
        vases += p.wheels.len() as u32;
        for e in p.esparto.iter() {
            mark(
                e.card,
                usize::from(e.card) < NUM_GAME_CARDS
                    && CardType::of(usize::from(e.card)) == CardType::Esparto,
            )?;
            check(
                e.slot < 3 && p.esparto.iter().filter(|x| x.slot == e.slot).count() == 1,
                "esparto: bad space",
            )?;
        }
        // 4.2: the starting cleanup card is there from the setup on.
        check(
            p.cleanups.first().is_some_and(|c| c.card == STARTING_CARD),
            "cleanups: the starting card first",
        )?;
        for (i, c) in p.cleanups.iter().enumerate() {
            if i > 0 || c.card != STARTING_CARD {
                mark(
                    c.card,
                    usize::from(c.card) < NUM_GAME_CARDS
                        && CardType::of(usize::from(c.card)) == CardType::Cleanup,
                )?;
            }
            let cleaning = matches!(t.mode, Mode::Clean { .. });
            check(
                c.cracks < st.cards.cleanup(c.card).spaces
                    || (cleaning && c.cracks == st.cards.cleanup(c.card).spaces),
                "cleanups: a completed card keeps its cracks",
            )?;
            cracks += u32::from(c.cracks);
        }
        for (list, kind, name) in [
            (&p.workshops, CardType::GlazingWorkshop, "glazing workshops"),
            (&p.glaze_kilns, CardType::GlazeKiln, "glaze kilns"),
            (&p.firing_kilns, CardType::FiringKiln, "firing kilns"),
        ] {
            check(list.first().is_some_and(|c| c.card == STARTING_CARD), name)?;
            for (i, s) in list.iter().enumerate() {
                if i > 0 {
                    mark(
                        s.card,
                        usize::from(s.card) < NUM_GAME_CARDS
                            && CardType::of(usize::from(s.card)) == kind,
                    )?;
                }
                check(s.piece <= 3, "a piece code above 3")?;
                if s.piece > 0 {
                    pieces[usize::from(s.piece - 1)] += 1;
                }
            }
        }
        for (k, n) in pieces.iter_mut().enumerate() {
            *n += u32::from(p.drying[k]) + u32::from(p.sold[k]);
        }
        pg += u32::from(p.pg);
        glaze += u32::from(p.glaze);
        cracks += u32::from(p.cracks);
    }
    if let Mode::Clean { left, .. } = t.mode {
        // Cracks taken from the cleaning area and not yet placed (8.9).
        cracks += u32::from(left);
    }
    // Solo: the cards the Competition's donkey discarded, its pieces and those it sold.
    for &d in t.solo.discards.iter() {
        mark(d, true)?;
    }
    for (k, n) in pieces.iter_mut().enumerate() {
        *n += u32::from(t.solo.pieces[k] > 0) + u32::from(t.solo.sold[k]);
    }
    check(
        seen.iter().all(|&x| x == 1),
        "every game card must be in exactly one place",
    )?;
    check(
        pg == u32::from(TOTAL_PG),
        "Perra Gorda tokens are not conserved",
    )?;
    check(glaze == u32::from(TOTAL_GLAZES), "glazes are not conserved")?;
    check(
        cracks == u32::from(TOTAL_CRACKS),
        "cracks are not conserved",
    )?;
    check(
        vases == u32::from(TOTAL_VASES),
        "wooden vases are not conserved",
    )?;
    check(
        pieces.iter().all(|&x| x == 4 * board_n as u32),
        "pieces are not conserved",
    )?;
    // The phase and the compound action in progress.
    match t.phase {
        Phase::SetupCombo { k } | Phase::SetupDonkey { k } => {
            check(usize::from(k) < n, "phase: bad setup index")?
        }
        Phase::Endgame { k } => check(usize::from(k) < n, "phase: bad seat index")?,
        _ => {}
    }
    // 10.2: a pending choice for exactly the seats that have chosen this round (those
    // before step `k` holding an endgame card), each a card of their hand.
    for j in 0..n {
        let s = st.endgame_seat(j as u8);
        let p = &t.players[s];
        let chosen = match t.phase {
            Phase::Endgame { k } => j < usize::from(k) && p.hand.endgame_count() > 0,
            _ => false,
        };
        check(
            p.endgame_pending.is_some() == chosen,
            "endgame_pending: a pending choice only for a seat that has chosen in 10.2",
        )?;
        if let Some(EndgameChoice::Play(i)) = p.endgame_pending {
            check(
                i < 12 && p.hand.has(NUM_GAME_CARDS + usize::from(i)),
                "endgame_pending: the card is not in the seat's hand",
            )?;
        }
    }
    for f in t.frames.iter() {
        for &task in f.tasks.iter() {
            check(
                task < 19 || (20..=TASK_ANY_BONUS).contains(&task),
                "frames: unknown task",
            )?;
        }
    }
    let p = &t.players[usize::from(t.turn_seat).min(n - 1)];
    let ok = match t.mode {
        Mode::Idle => true,
        // The cards an Acquire Cards (or bonus) began with, at most 7, are those left and
        // those taken; a Clean takes at most the Cleaning Area's cracks (8.9). (The tensor
        // declares these ranges, `tensor::MODE_NUMBERS`.)
        Mode::Acquire { left, taken, .. } => left + taken <= 7,
        Mode::Donkey { .. } => true,
        Mode::Throw { left, benefits } => {
            benefits.len() + usize::from(left) <= super::state::MAX_THROW
        }
        Mode::Fire { last } => last < 16,
        Mode::Paint { last } => usize::from(last) < p.workshops.len(),
        Mode::Clean { left, taken } => left <= taken && taken <= super::state::CLEANING_AREA,
        Mode::Esparto { next } => usize::from(next) <= p.esparto.len(),
        Mode::Sell { last } => last < 6,
    };
    check(ok, "mode: out of range")?;
    check(
        t.mode == Mode::Idle || t.phase == Phase::Turns,
        "mode: only during turns",
    )?;
    starting_wheels(st)?;
    turn_counts(st)?;
    let mut legal = ActionList::new();
    st.legal_into(&mut legal);
    check(
        t.phase == Phase::Over || !legal.is_empty(),
        "the position has no legal action",
    )?;
    Ok(())
}

/// 4.3: a seat has its starting potter's wheel, and resources, once it has chosen its
/// combination (in setup, the seats before the one choosing, in reverse turn order), and from
/// then on always.
fn starting_wheels(st: &NijarState) -> EngineResult<()> {
    let t = &st.t;
    let n = st.n();
    let chosen = match t.phase {
        Phase::SetupCombo { k } => usize::from(k),
        Phase::SetupDonkey { k } => usize::from(k) + 1,
        _ => n,
    };
    // In setup the seats choose in reverse turn order (the seat of step `j` is
    // `order[n - 1 - j]`; solo: you, the Competition being second); after it, every seat has.
    let steps: Vec<usize> = if chosen < n || matches!(t.phase, Phase::SetupDonkey { .. }) {
        (0..n).map(|j| usize::from(t.order[n - 1 - j])).collect()
    } else {
        (0..n).collect()
    };
    for (j, &s) in steps.iter().enumerate() {
        let Some(p) = t.players.get(s) else {
            return Err(bad("order: the Competition in a setup step"));
        };
        let has = p
            .wheels
            .first()
            .is_some_and(|w| NijarState::is_starting_wheel(w.card));
        check(
            has == (j < chosen) && (has || p.wheels.is_empty()),
            "wheels: a seat has its starting wheel exactly once it has chosen its combination",
        )?;
        // 4.2.5 / 4.3.1: before its choice a seat holds nothing (its Clay marker on 0); the
        // choice gives it the Starting Resource Card's resources, so any it held would be lost.
        check(
            has || (p.clay, p.pg, p.glaze, p.cracks) == (0, 0, 0, 0),
            "setup: a seat holds no resources before it chooses its combination",
        )?;
    }
    Ok(())
}

/// 7.2: seats take turns in turn order, so during the turns the seats before the one whose
/// turn it is have taken one turn more than it and the others as many; outside the turns
/// nobody has taken one this round. And the round ends once every shop is closed and the
/// turns are equal (7.2, 10), so every completed cycle of turns held a turn with an open shop
/// — a placement (one more craftswoman on the board), a discard (one more endgame card in the
/// box), a sale (one more piece sold), a closing, or a Competition card revealed: the cycles
/// cannot outnumber them. (Play keeps both, so a document that passes here keeps passing.)
fn turn_counts(st: &NijarState) -> EngineResult<()> {
    let t = &st.t;
    let n = st.n();
    let solo = st.is_solo();
    let turns_of = |s: usize| {
        if solo && s == usize::from(super::state::COMP) {
            t.solo.turns
        } else {
            t.players[s].turns
        }
    };
    let order: Vec<usize> = t.order.iter().map(|&s| usize::from(s)).collect();
    if t.phase != Phase::Turns {
        return check(
            order.iter().all(|&s| turns_of(s) == 0),
            "turns: none outside the round's turns",
        );
    }
    let at = order
        .iter()
        .position(|&s| s == usize::from(t.turn_seat))
        .unwrap_or(0);
    let cycles = turns_of(order[at]);
    check(
        order
            .iter()
            .enumerate()
            .all(|(i, &s)| u32::from(turns_of(s)) == u32::from(cycles) + u32::from(i < at)),
        "turns: the seats before the one to play have one turn more, the others as many",
    )?;
    let on_board: u32 = t
        .spaces
        .iter()
        .flatten()
        .map(|o| u32::from(o.count))
        .chain(t.special_stack.iter().map(|&x| u32::from(x)))
        .sum();
    let held: u32 = t
        .players
        .iter()
        .map(|p| p.hand.endgame_count() as u32 + p.endgame_played.count_ones())
        .sum();
    let never_dealt = (super::data::NUM_ENDGAME - 3 * n) as u32;
    let discarded = (super::data::NUM_ENDGAME as u32).saturating_sub(held + never_dealt);
    let sold: u32 = t
        .players
        .iter()
        .flat_map(|p| p.sold.iter())
        .map(|&x| u32::from(x))
        .sum();
    let closed = t.players.iter().filter(|p| p.shop_closed).count() as u32
        + u32::from(solo && t.solo.shop_closed);
    let revealed = if solo {
        t.solo.revealed.len() as u32
    } else {
        0
    };
    check(
        u32::from(cycles) <= on_board + discarded + sold + closed + revealed,
        "turns: more cycles of turns than turns with an open shop",
    )
}
