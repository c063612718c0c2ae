//! A plain restatement of the legal-action rules, kept as the oracle of the fast generator in
//! `moves.rs`: nothing here is precomputed or cached; every list is built from the card faces
//! and the table as the rulebook states it, then sorted. The fast generator must produce the
//! same ids in the same order at every position of many random games.

use crate::engine::{Action, ActionList, GameState, Rng};

use super::super::actions::{
    convert_action, place_action, BONUS, DISCARD, END_TURN, END_WORK, GLAZE, KEEP,
    NUM_WORK_TARGETS, RESERVE_TARGET, REVEAL, TAKE,
};
use super::super::data::{ResourceIcons, NUM_ALL_PROJECTS, NUM_RESOURCES};
use super::super::moves::style_of;
use super::super::state::{Bonus, Phase, SunriseState, TurnStage, Work};
use super::running;

/// Resources with an open (unfilled) icon on a work, as a bit mask.
fn open_resources(s: &SunriseState, w: &Work, showpiece: bool) -> u16 {
    s.icons_of(w, showpiece)
        .iter()
        .enumerate()
        .filter(|(i, _)| w.filled & (1 << i) == 0)
        .fold(0, |m, (_, r)| m | 1 << *r as u16)
}

/// Every work of the seat as (target id, open resources), projects then showpieces.
fn works(s: &SunriseState, seat: usize) -> Vec<(usize, u16)> {
    let p = &s.t.players[seat];
    let projects = p
        .projects
        .iter()
        .map(|w| (usize::from(w.card), open_resources(s, w, false)));
    let showpieces = p.showpieces.iter().map(|w| {
        (
            NUM_ALL_PROJECTS + usize::from(w.card),
            open_resources(s, w, true),
        )
    });
    projects.chain(showpieces).collect()
}

/// "Use Resources from the Reserve": 2 reserve resources for 1 on any open icon.
fn conversions(s: &SunriseState, seat: usize, out: &mut Vec<Action>) {
    if s.t.players[seat].reserve < 2 {
        return;
    }
    for r in 0..NUM_RESOURCES {
        for target in 0..NUM_WORK_TARGETS {
            if works(s, seat)
                .iter()
                .any(|&(t, open)| t == target && open & (1 << r) != 0)
            {
                out.push(convert_action(r, target));
            }
        }
    }
}

/// Converting, then revealing, then discarding face-down advantage cards.
fn anytime(s: &SunriseState, seat: usize, out: &mut Vec<Action>) {
    conversions(s, seat, out);
    let mut hand: Vec<Action> = s.t.players[seat]
        .advantages
        .iter()
        .map(|&c| Action::from(c))
        .collect();
    hand.sort_unstable();
    out.extend(hand.iter().map(|c| REVEAL + c));
    out.extend(hand.iter().map(|c| DISCARD + c));
}

/// Step One: every code whose style is unused today, one per class of identical cards.
fn drafts(s: &SunriseState, seat: usize, out: &mut Vec<Action>) {
    let p = &s.t.players[seat];
    if p.hand.len() != 4 {
        return;
    }
    let face = |i: usize| s.cards.resource_cards[usize::from(p.hand[i])].icons;
    for code in 0..256usize {
        let Some(style) = style_of(code, s.n() == 2) else {
            continue;
        };
        let digit = |i: usize| (code >> (2 * i)) & 3;
        let canonical =
            (0..4).all(|i| (i + 1..4).all(|j| face(i) != face(j) || digit(i) <= digit(j)));
        if !p.styles_used[style as usize] && canonical {
            out.push(code as Action);
        }
    }
}

/// What a wheel card can still place (bit r: resource r) and the resources its placement
/// into the reserve is listed under (a one-resource card once, under its lowest resource).
fn wheel_offer(icons: ResourceIcons, used: u8) -> (u16, u16) {
    let bit = |r: super::super::data::Resource| 1u16 << r as u16;
    let offer = match icons {
        ResourceIcons::Two(a, b) => {
            (if used & 1 == 0 { bit(a) } else { 0 }) | (if used & 2 == 0 { bit(b) } else { 0 })
        }
        _ if used != 0 => 0,
        ResourceIcons::Single(x) => bit(x),
        ResourceIcons::Wild => (1 << NUM_RESOURCES) - 1,
        ResourceIcons::Either(a, b) => bit(a) | bit(b),
    };
    let reserve = match icons {
        ResourceIcons::Two(..) => offer,
        _ => offer & offer.wrapping_neg(),
    };
    (offer, reserve)
}

/// Step Two: place from the first of each group of identical wheel cards.
fn placements(s: &SunriseState, seat: usize, out: &mut Vec<Action>) {
    let p = &s.t.players[seat];
    let token = s.t.community_supply > 0 || s.t.players.iter().any(|q| q.supply > 0);
    let mut list = Vec::new();
    for (slot, wc) in p.wheel.iter().enumerate() {
        let face = |i: usize| {
            (
                s.cards.resource_cards[usize::from(p.wheel[i].card)].icons,
                p.wheel[i].used,
            )
        };
        if (0..slot).any(|i| face(i) == face(slot)) {
            continue;
        }
        let (offer, reserve) =
            wheel_offer(s.cards.resource_cards[usize::from(wc.card)].icons, wc.used);
        for r in 0..NUM_RESOURCES {
            if token && offer & (1 << r) != 0 {
                for (target, open) in works(s, seat) {
                    if open & (1 << r) != 0 {
                        list.push(place_action(slot, r, target));
                    }
                }
            }
            if reserve & (1 << r) != 0 {
                list.push(place_action(slot, r, RESERVE_TARGET));
            }
        }
    }
    list.sort_unstable();
    out.extend(list);
}

/// The legal actions, built the plain way.
pub(super) fn reference_legal(s: &SunriseState) -> Vec<Action> {
    let mut out = Vec::new();
    match s.t.phase {
        Phase::Select { seat } => drafts(s, usize::from(seat), &mut out),
        Phase::Work { seat } => {
            let seat = usize::from(seat);
            placements(s, seat, &mut out);
            anytime(s, seat, &mut out);
            if s.t.players[seat].wheel.is_empty() {
                out.push(END_WORK);
            }
        }
        Phase::Convert { seat } => {
            conversions(s, usize::from(seat), &mut out);
            out.push(END_TURN);
        }
        Phase::FinalChoices { seat } => {
            if let Some(c) = s.next_undecided(usize::from(seat)) {
                if s.is_end_game_card(c) {
                    out.push(REVEAL + Action::from(c));
                }
                out.push(DISCARD + Action::from(c));
                if !s.is_end_game_card(c) {
                    out.push(END_TURN);
                }
            }
        }
        Phase::Complete {
            seat,
            turn,
            project,
        } => {
            let seat = usize::from(seat);
            match turn {
                TurnStage::ChooseBonus => {
                    anytime(s, seat, &mut out);
                    for b in Bonus::ALL {
                        if s.bonus_allowed(seat, b) {
                            out.push(BONUS + b as Action);
                        }
                    }
                }
                TurnStage::TakeProjects { .. } => {
                    out.extend(
                        (0..4)
                            .filter(|&i| s.t.row[i].is_some())
                            .map(|i| TAKE + i as Action),
                    );
                }
                TurnStage::KeepAdvantage { drawn } => {
                    let orders = if drawn.len() == 3 { 2 } else { 1 };
                    for k in 0..drawn.len() {
                        out.extend((0..orders).map(|o| KEEP + (k * 2 + o) as Action));
                    }
                }
                TurnStage::ChooseGlaze => {
                    let mut glazes: Vec<Action> = s.cards.projects[usize::from(project)]
                        .glazes
                        .iter()
                        .map(|g| *g as Action - 3)
                        .collect();
                    glazes.sort_unstable();
                    out.extend(glazes.iter().map(|g| GLAZE + g));
                }
                TurnStage::Finish => {
                    anytime(s, seat, &mut out);
                    out.push(END_TURN);
                }
            }
        }
        Phase::GameOver => {}
    }
    out
}

/// The fast generator lists exactly the oracle's ids, in its order, at every position of
/// random games at every player count (the JSON round trip included, so nothing the fast
/// generator reads can be lost with the document); a random draw picks what the list does.
#[test]
fn fast_legal_actions_equal_the_plain_restatement_everywhere() {
    let mut positions = 0;
    for players in 2..=4 {
        for seed in 0..40u64 {
            let mut s = super::game(players, seed);
            let mut rng = Rng::seed_from(seed ^ 0x5eed);
            let mut fast = ActionList::new();
            let mut steps = 0;
            while running(&s, &mut steps) {
                s.legal_actions_into(&mut fast);
                assert_eq!(
                    fast.as_slice(),
                    reference_legal(&s).as_slice(),
                    "{players} players, seed {seed}, after {:?}",
                    s.t.history
                );
                positions += 1;
                if positions % 97 == 0 {
                    s = SunriseState::from_json(&s.to_json_string()).unwrap();
                }
                // A random draw (random rollouts' and playouts' `random_legal_action`) is the
                // listed action the same draw picks, and uses the stream as that draw does.
                let mut drawing = rng;
                let drawn = s.random_legal_action(&mut drawing, &mut ActionList::new());
                let listed = fast[rng.below(fast.len())];
                assert_eq!(
                    drawn, listed,
                    "{players} players, seed {seed}: {:?}",
                    s.t.phase
                );
                assert_eq!(drawing, rng, "the draw uses the stream as the list does");
                s.apply_unchecked(listed);
            }
        }
    }
    assert!(positions > 10_000, "{positions}");
}

/// "Skips decisions that offer nothing but 'end'" (`settle`): no position of random games at
/// any player count asks a seat to end its work or its turn without offering anything else —
/// in particular a seat with 2+ in its reserve but no open icon has nothing to convert, so it
/// is not asked at the start of step three, nor kept in step two with an empty wheel.
#[test]
fn no_decision_offers_only_its_end() {
    let mut positions = 0;
    for players in 2..=4 {
        for seed in 0..40u64 {
            let mut s = super::game(players, seed);
            let mut rng = Rng::seed_from(seed ^ 0xe4d);
            let mut legal = ActionList::new();
            let mut steps = 0;
            while running(&s, &mut steps) {
                s.legal_actions_into(&mut legal);
                assert!(
                    legal.as_slice() != [END_TURN] && legal.as_slice() != [END_WORK],
                    "{players} players, seed {seed}: only {legal:?} in {:?}",
                    s.t.phase
                );
                positions += 1;
                s.apply_unchecked(legal[rng.below(legal.len())]);
            }
        }
    }
    assert!(positions > 10_000, "{positions}");
}
