//! The legal-action generator as it was before it produced ids in order (issue 21 §2): every
//! way to resolve each pending task pushed as found, then sorted and de-duplicated. Kept as
//! an oracle: the fast generator must give the same list, in the same order, at every
//! position of many random games of every player count and configuration.

use super::super::actions::{decode, encode, Move};
use super::super::data::{Act, CardType, NUM_GAME_CARDS};
use super::super::state::{
    Mode, NijarConfig, NijarState, Phase, Slot, Task, EMPTY, TASK_ANY, TASK_ROW,
};
use crate::engine::{Action, ActionList, FixedVec, GameState, Rng, Seat};

/// The legal actions, computed the slow way.
fn slow_legal(st: &NijarState) -> ActionList {
    let mut out = ActionList::new();
    let t = st.table();
    if st.reward_seat().is_some() {
        for k in 0..3 {
            out.push(encode(Move::ShopReward(k)));
        }
        return out;
    }
    match t.phase {
        Phase::SetupCombo { .. } => {
            for i in 0..t.combos.len() {
                out.push(encode(Move::Combo(i as u8)));
            }
        }
        Phase::SetupDonkey { .. } => {
            for pos in 0..15u8 {
                if st.draft_at(pos) != EMPTY && st.donkey_at(pos).is_none() {
                    out.push(encode(Move::Donkey(pos)));
                }
            }
        }
        Phase::Reroll => {
            out.push(encode(Move::KeepDice));
            out.push(encode(Move::Reroll));
        }
        Phase::Endgame { k } => {
            let s = st.endgame_seat(k);
            for i in NijarState::ENDGAME_IDS {
                if t.players[s].hand.has(i) {
                    out.push(encode(Move::PlayEndgame((i - 80) as u8)));
                }
            }
            out.push(encode(Move::NoEndgame));
        }
        Phase::Over => {}
        Phase::Turns => {
            let s = usize::from(t.turn_seat);
            if t.mode != Mode::Idle {
                mode_legal(st, s, &mut out);
            } else if let Some(frame) = t.frames.last() {
                if frame.ordered {
                    if let Some(&task) = frame.tasks.first() {
                        task_openers(st, s, task, &mut out);
                    }
                    out.push(encode(Move::Skip));
                } else {
                    for (i, &task) in frame.tasks.iter().enumerate() {
                        if !frame.tasks[..i].contains(&task) {
                            task_openers(st, s, task, &mut out);
                        }
                    }
                    out.push(encode(Move::Done));
                }
            } else {
                turn_legal(st, s, &mut out);
            }
        }
    }
    out.sort_unstable();
    let mut w = 0;
    for r in 0..out.len() {
        if r == 0 || out[r] != out[w - 1] {
            out[w] = out[r];
            w += 1;
        }
    }
    out.truncate(w);
    out
}

fn turn_legal(st: &NijarState, s: Seat, out: &mut ActionList) {
    let t = st.table();
    let p = &t.players[s];
    for row in 0..3 {
        for col in 0..5 {
            let occ = t.spaces[row][col];
            if st.column_open(col) && usize::from(occ.seat) != s && occ.count < p.workers {
                out.push(encode(Move::Place((row * 5 + col) as u8)));
            }
        }
    }
    if p.workers > 0 {
        out.push(encode(Move::Special));
    }
    for i in NijarState::ENDGAME_IDS {
        if p.hand.has(i) {
            out.push(encode(Move::Discard((i - 80) as u8)));
        }
    }
    for o in 0..6 {
        if st.can_sell(s, o) {
            out.push(encode(Move::Sell(o)));
        }
    }
    if p.workers == 0 {
        out.push(encode(Move::CloseShop));
    }
}

/// The acts a task may be resolved as.
fn task_acts(st: &NijarState, task: Task, out: &mut FixedVec<Act, 12>) {
    let t = st.table();
    match task {
        t if t < TASK_ROW => {
            if let Some(a) = Act::from_code(t) {
                out.push(a);
            }
        }
        t if t < TASK_ANY => {
            let r = usize::from(t - TASK_ROW);
            for k in 0..3 {
                out.push(st.tile(r * 3 + k));
            }
        }
        TASK_ANY => {
            for i in 0..9 {
                out.push(st.tile(i));
            }
        }
        _ => {
            for &code in t.columns.iter().chain(t.special.iter()) {
                if let Some(a) = Act::from_code(code) {
                    if !out.contains(&a) {
                        out.push(a);
                    }
                }
            }
        }
    }
}

fn task_openers(st: &NijarState, s: Seat, task: Task, out: &mut ActionList) {
    let mut acts = FixedVec::<Act, 12>::new();
    task_acts(st, task, &mut acts);
    for &a in acts.iter() {
        act_openers(st, s, a, out);
    }
}

fn act_openers(st: &NijarState, s: Seat, act: Act, out: &mut ActionList) {
    let p = &st.table().players[s];
    match act {
        Act::Acquire => out.push(encode(Move::AcquireBegin)),
        Act::Acquire1 => out.push(encode(Move::AcquireBonus)),
        Act::Play => {
            for id in 0..NUM_GAME_CARDS {
                if !p.hand.has(id) || !super::pays(st, s, st.cards.cost(id)) {
                    continue;
                }
                let free = st.free_slots(s, CardType::of(id));
                for k in 0..4u8 {
                    if free & (1 << k) != 0 {
                        out.push(encode(Move::PlayCard(id as u8, k)));
                    }
                }
            }
        }
        Act::Clay => {
            for (k, cost) in [0u8, 1, 3].into_iter().enumerate() {
                if p.pg >= cost {
                    out.push(encode(Move::Clay(k as u8)));
                }
            }
        }
        Act::Technology => {
            if p.tech < 2 {
                out.push(encode(Move::Technology));
            }
        }
        Act::Throw | Act::Throw1 => {
            for (w, wheel) in p.wheels.iter().enumerate() {
                if usize::from(wheel.pos) < st.cards.wheel(wheel.card).spaces.len() {
                    out.push(encode(if act == Act::Throw {
                        Move::Advance(w as u8)
                    } else {
                        Move::Throw1(w as u8)
                    }));
                }
            }
        }
        Act::Shape => {
            for o in 0..9 {
                if st.can_shape(s, o) {
                    out.push(encode(Move::Shape(o)));
                }
            }
        }
        Act::Fire | Act::Fire1 => {
            for o in 0..16 {
                if st.can_fire(s, o) {
                    out.push(encode(if act == Act::Fire {
                        Move::Fire(o)
                    } else {
                        Move::Fire1(o)
                    }));
                }
            }
        }
        Act::Paint | Act::Paint1 => {
            for o in 0..39 {
                if st.can_paint(s, o) {
                    out.push(encode(if act == Act::Paint {
                        Move::Paint(o)
                    } else {
                        Move::Paint1(o)
                    }));
                }
            }
        }
        Act::Clean => {
            if p.cracks > 0 {
                out.push(encode(Move::CleanBegin));
            }
        }
        Act::Clean1 => {
            if p.cracks > 0 {
                for c in 0..p.cleanups.len() {
                    if st.cleanup_space(s, c) > 0 {
                        out.push(encode(Move::Clean1(c as u8)));
                    }
                }
            }
        }
        Act::Esparto => out.push(encode(Move::EspartoBegin)),
        Act::Esparto1 => {
            for i in 0..=p.esparto.len() {
                for side in 0..2 {
                    out.push(encode(Move::Esparto1((i * 2 + side) as u8)));
                }
            }
        }
        Act::FirstPlayer => first_player_openers(st, s, out),
        Act::Clay1 => out.push(encode(Move::Clay1)),
        Act::PgOrGlaze => {
            out.push(encode(Move::PgOrGlaze(0)));
            out.push(encode(Move::PgOrGlaze(1)));
        }
    }
}

fn first_player_openers(st: &NijarState, s: Seat, out: &mut ActionList) {
    let t = st.table();
    let n = st.n();
    if st.is_solo() {
        let cost = st.cards.board.solo_right_cost;
        if t.right[0] == EMPTY && t.players[s].pg >= cost {
            out.push(encode(Move::FirstPlayer(0)));
        }
        return;
    }
    if t.right[..n].contains(&(s as u8)) {
        return;
    }
    for k in 0..n {
        let v = st.cards.board.right_track[k];
        if t.right[k] == EMPTY && (v >= 0 || t.players[s].pg >= v.unsigned_abs()) {
            out.push(encode(Move::FirstPlayer(k as u8)));
        }
    }
}

fn mode_legal(st: &NijarState, s: Seat, out: &mut ActionList) {
    let t = st.table();
    match t.mode {
        Mode::Idle => {}
        Mode::Acquire {
            left,
            taken,
            refreshed,
            ..
        } => {
            if taken == 0 {
                for r in 0..3u8 {
                    if refreshed & (1 << r) == 0 && st.row_uniform(s, r) {
                        out.push(encode(Move::Refresh(r)));
                    }
                }
            }
            if left > 0 {
                for pos in 0..15 {
                    if st.available_to(s, pos) && st.acquire_cost(s, pos) <= t.players[s].pg {
                        out.push(encode(Move::Take(pos)));
                    }
                }
            }
            out.push(encode(Move::Stop));
        }
        Mode::Donkey { acquired } => {
            let here = t.donkeys[s];
            let mut any = false;
            for pos in 0..15u8 {
                if pos != here && st.available_to(s, pos) {
                    out.push(encode(Move::MoveDonkey(pos)));
                    any = true;
                }
            }
            if !acquired || !any {
                out.push(encode(Move::Stop));
            }
        }
        Mode::Throw { .. } => {
            act_openers(st, s, Act::Throw, out);
            out.push(encode(Move::Stop));
        }
        Mode::Fire { last } => {
            for o in last..16 {
                if st.can_fire(s, o) {
                    out.push(encode(Move::Fire(o)));
                }
            }
            out.push(encode(Move::Stop));
        }
        Mode::Paint { last } => {
            for o in (last + 1) * 3..39 {
                if st.can_paint(s, o) {
                    out.push(encode(Move::Paint(o)));
                }
            }
            out.push(encode(Move::Stop));
        }
        Mode::Clean { .. } => {
            for c in 0..t.players[s].cleanups.len() {
                if st.cleanup_space(s, c) > 0 {
                    out.push(encode(Move::CleanOn(c as u8)));
                }
            }
        }
        Mode::Esparto { .. } => {
            out.push(encode(Move::EspartoPick(0)));
            out.push(encode(Move::EspartoPick(1)));
        }
        Mode::Sell { .. } => {
            for o in 0..6 {
                if st.can_sell(s, o) {
                    out.push(encode(Move::Sell(o)));
                }
            }
            out.push(encode(Move::Stop));
        }
    }
}

/// Plays `games` random games from `config`, comparing the two generators at every step;
/// returns the modes met (by discriminant) so the caller can check coverage.
///
/// The states compared are the game's own, and along the way every other way a state is
/// made: read back from JSON, determinized for each seat, copied into a used state with
/// `clone_from` and `clone_position_from` (the indexes the generator reads are derived data,
/// rebuilt or copied on each of these paths). At every step the random draw
/// (`random_legal_action`, random rollouts' and playouts') is also the listed action the same
/// draw picks, using the stream as the list's draw does.
fn compare(players: usize, config: NijarConfig, games: u64) -> [usize; 8] {
    let mut modes = [0usize; 8];
    let mut fast = ActionList::new();
    let mut scratch = NijarState::new_game(players, 1000, None, config).expect("a valid game");
    for g in 0..games {
        let mut st = NijarState::new_game(players, g, None, config).expect("a valid game");
        let mut rng = Rng::seed_from(g ^ 0x9e37);
        while !st.is_terminal() {
            let step = st.history().len();
            let what = format!("{players}p game {g}, step {step}: {:?}", st.table().mode);
            assert_same_legal(&st, &mut fast, &what);
            if step % 23 == 0 {
                let loaded = NijarState::from_json(&st.to_json()).expect("a valid document");
                assert_same_legal(&loaded, &mut fast, &format!("{what}, read back"));
                for seat in 0..players {
                    let det = st.resample_hidden(seat, step as u64);
                    assert_same_legal(&det, &mut fast, &format!("{what}, seat {seat}'s"));
                }
                scratch.clone_from(&st);
                assert_same_legal(&scratch, &mut fast, &format!("{what}, clone_from"));
                scratch.clone_position_from(&st);
                assert_same_legal(&scratch, &mut fast, &format!("{what}, position"));
            }
            st.legal_actions_into(&mut fast);
            modes[mode_index(st.table().mode)] += 1;
            play_the_random_draw(&mut st, &fast, &mut rng, &what);
        }
    }
    modes
}

/// Plays the action of `listed` (`st`'s legal list) that a draw from `rng` picks, checked by
/// [`the_random_draw`].
fn play_the_random_draw(st: &mut NijarState, listed: &ActionList, rng: &mut Rng, what: &str) {
    let action = the_random_draw(st, listed, rng, what);
    st.apply_unchecked(action);
}

/// The action of `listed` (`st`'s legal list) that a draw from `rng` picks, after checking that
/// the random draw (`random_legal_action`, random rollouts' and playouts') picks the same action
/// and uses the stream as the list's draw does.
fn the_random_draw(st: &NijarState, listed: &ActionList, rng: &mut Rng, what: &str) -> Action {
    let mut drawing = *rng;
    let drawn = st.random_legal_action(&mut drawing, &mut ActionList::new());
    let action = listed[rng.below(listed.len())];
    assert_eq!(drawn, action, "{what}: the random draw");
    assert_eq!(
        drawing, *rng,
        "{what}: the draw uses the stream as the list does"
    );
    action
}

/// Where random games seldom go: Paint with four empty glazing workshops (8.8), whose options
/// into the fourth workshop (`Paint(9)` and up) run past the first nine, where the fast
/// generator's and the random draw's gathered sets run over a 64-bit word's end. From that
/// position, with Paint pending alone and beside a Clay, random play goes on to the game's end
/// comparing the two generators and the draw with the list at every step, and an option into
/// the fourth workshop is listed on the way.
#[test]
fn fast_generator_matches_the_oracle_through_paint_into_a_fourth_workshop() {
    let mut fourth = 0;
    for acts in [&[Act::Paint][..], &[Act::Paint, Act::Clay]] {
        for seed in 0..20u64 {
            let (mut st, _) = super::four_empty_workshops();
            super::with_tasks(&mut st, acts);
            let mut rng = Rng::seed_from(seed);
            let mut fast = ActionList::new();
            while !st.is_terminal() {
                let what = format!("{acts:?} seed {seed}, step {}", st.history().len());
                assert_same_legal(&st, &mut fast, &what);
                fourth += fast
                    .iter()
                    .filter(|&&a| matches!(decode(a), Some(Move::Paint(o)) if o >= 9))
                    .count();
                play_the_random_draw(&mut st, &fast, &mut rng, &what);
            }
        }
    }
    assert!(fourth > 0, "no option into the fourth workshop was listed");
}

/// The random draw among a group whose only pending acts are an action and its own bonus (8.5
/// Throw and 9.4, 8.7 Fire and 9.2, 8.8 Paint and 9.3). The draw asks whether either act of
/// such a pair is pending before gathering both, so a group of the pair alone is where a wrong
/// test would drop them; the game's random walks never met one. With both acts offering moves,
/// every draw is the listed action the same draw picks, with the same stream, and every listed
/// action is drawn.
#[test]
fn the_random_draw_among_an_action_and_its_own_bonus_is_the_listed_one() {
    let pairs = [
        [Act::Throw, Act::Throw1],
        [Act::Fire, Act::Fire1],
        [Act::Paint, Act::Paint1],
    ];
    for pair in pairs {
        let (mut st, s) = super::four_empty_workshops();
        // A Plate drying beside an empty firing kiln, so Fire has a move too.
        super::take_out(&mut st, 69);
        let p = &mut st.table_mut().players[s];
        p.drying = [1, 0, 0];
        p.firing_kilns.push(Slot { card: 69, piece: 0 });
        super::with_tasks(&mut st, &pair);
        let listed = st.legal_actions();
        let act_of = |a: Action| match decode(a) {
            Some(Move::Advance(_)) => Some(Act::Throw),
            Some(Move::Throw1(_)) => Some(Act::Throw1),
            Some(Move::Fire(_)) => Some(Act::Fire),
            Some(Move::Fire1(_)) => Some(Act::Fire1),
            Some(Move::Paint(_)) => Some(Act::Paint),
            Some(Move::Paint1(_)) => Some(Act::Paint1),
            _ => None,
        };
        for act in pair {
            assert!(
                listed.iter().any(|&a| act_of(a) == Some(act)),
                "{pair:?}: {act:?} has a move"
            );
        }
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..200 {
            let mut rng = Rng::seed_from(seed);
            seen.insert(the_random_draw(
                &st,
                &listed,
                &mut rng,
                &format!("{pair:?} seed {seed}"),
            ));
        }
        assert_eq!(
            seen.len(),
            listed.len(),
            "{pair:?}: every listed action drawn"
        );
    }
}

/// The fast generator's list in `st` is the oracle's.
fn assert_same_legal(st: &NijarState, fast: &mut ActionList, what: &str) {
    st.legal_actions_into(fast);
    assert_eq!(&fast[..], &slow_legal(st)[..], "{what}");
}

fn mode_index(m: Mode) -> usize {
    match m {
        Mode::Idle => 0,
        Mode::Acquire { .. } => 1,
        Mode::Donkey { .. } => 2,
        Mode::Throw { .. } => 3,
        Mode::Fire { .. } => 4,
        Mode::Paint { .. } => 5,
        Mode::Clean { .. } => 6,
        Mode::Esparto { .. } | Mode::Sell { .. } => 7,
    }
}

#[test]
fn fast_generator_matches_the_sorted_deduplicated_one_everywhere() {
    let mut met = [0usize; 8];
    for (players, config) in super::modes() {
        for (m, n) in met.iter_mut().zip(compare(players, config, 40)) {
            *m += n;
        }
    }
    assert!(met.iter().all(|&n| n > 0), "every mode met: {met:?}");
}
