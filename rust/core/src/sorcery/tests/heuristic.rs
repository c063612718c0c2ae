//! The greedy heuristic (`GameState::heuristic_values`): progress towards credits counts
//! before the credits are scored, and a completed project is worth its credits.

use serde_json::json;

use super::*;

fn value(s: &SorceryState, seat: usize) -> f64 {
    s.heuristic_values()[seat]
}

/// Seat 0 of a 2-player game with an empty hand and no project but Rattling Ribs (Rib Cage,
/// Limb), holding a Rib Cage, a Femur (Limb) and a Tarnished Ring (no Ring icon to fill).
fn ribs_game() -> (SorceryState, usize, usize, usize) {
    let mut s = started(2, 61, json!({"theses": "none"}));
    empty_hand(&mut s, 0);
    for k in (0..s.t.players[0].projects.len()).rev() {
        let c = usize::from(s.t.players[0].projects[k].card);
        take_project(&mut s, c);
    }
    let id = proj("Rattling Ribs");
    give_project(&mut s, 0, id);
    let femur = mat("Femur", 0);
    give(&mut s, 0, femur);
    let ribs = mat("Rib Cage", 0);
    give(&mut s, 0, ribs);
    give(&mut s, 0, mat("Tarnished Ring", 0));
    (s, id, ribs, femur)
}

#[test]
fn committing_a_matching_card_raises_the_seats_value_and_completing_pays_its_credits() {
    let (mut s, id, ribs, femur) = ribs_game();
    let credits = f64::from(s.proj(id).credits);
    let other = value(&s, 1);
    let start = value(&s, 0);

    // Commit the Rib Cage in a cram: the value rises, the other seat's does not.
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    act(&mut s, Move::Commit(ribs));
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 4,
        },
    );
    let half = value(&s, 0);
    assert!(half > start, "a committed Rib Cage: {start} -> {half}");
    assert!((value(&s, 1) - other).abs() < 1e-9);

    // The Femur as its Limb completes it: the value rises again, and the project is now
    // worth its credits in full over a seat that never had it.
    act(&mut s, Move::Commit(femur));
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 5,
        },
    );
    act(&mut s, Move::Stop);
    assert_eq!(completed(&s, 0, id), Some((0, 0)), "completed");
    let complete = value(&s, 0);
    assert!(complete > half, "completed: {half} -> {complete}");

    let (mut without, _, ribs, femur) = ribs_game();
    take_project(&mut without, id);
    take_material(&mut without, ribs);
    take_material(&mut without, femur);
    s.t.turn = without.t.turn;
    s.t.phase = without.t.phase;
    let gain = value(&s, 0) - value(&without, 0);
    assert!(
        (gain - credits).abs() < 1e-9,
        "a completed project adds its {credits} credits, not {gain}"
    );
}

#[test]
fn a_material_that_fits_an_open_icon_is_worth_more_than_one_that_does_not() {
    let (s, _, _, femur) = ribs_game();
    let mut fits = s.clone();
    take_material(&mut fits, mat("Tarnished Ring", 0)); // $2, no Ring icon open
    let mut idle = s.clone();
    take_material(&mut idle, femur); // $1, fits the Limb
    assert!(value(&fits, 0) > value(&idle, 0));
}

#[test]
fn at_the_end_the_value_is_the_score_and_in_solo_it_is_the_lead_over_the_robot() {
    let mut s = started(1, 62, json!({"solo": "robot", "difficulty": "medium"}));
    let before = value(&s, 0);
    s.t.robot.tokens += 3;
    assert!(
        (before - value(&s, 0) - 3.0).abs() < 1e-9,
        "3 robot credits cost 3"
    );
    s.t.phase = Phase::GameOver;
    let want = f64::from(s.score(0) - s.robot_score());
    assert!((value(&s, 0) - want).abs() < 1e-9);
}

/// Greedy play re-scores after a candidate move only the seats whose value may have changed
/// (`heuristic_value_kept`), and scores one seat at a time (`heuristic_value`): along random
/// solo (against the robot), 2- and 4-player games, each seat's value alone is its entry of the whole vector, bit for
/// bit, and after every legal move a seat said to be kept has exactly its value before —
/// while some seats are kept (else greedy play would gain nothing).
#[test]
fn a_seat_said_to_be_kept_by_a_move_keeps_its_value() {
    let mut kept = 0;
    for (players, seed) in [(1, 2), (2, 3), (4, 5), (4, 6)] {
        let mut s = game(players, seed, json!({}));
        let mut rng = crate::engine::Rng::seed_from(seed);
        let mut after = s.clone();
        let mut steps = 0;
        while !s.is_terminal() {
            count_move(&mut steps);
            let whole = s.heuristic_values();
            for seat in 0..players {
                assert_eq!(s.heuristic_value(seat).to_bits(), whole[seat].to_bits());
            }
            let legal = s.legal_actions();
            for &a in &legal {
                after.clone_from(&s);
                after.apply_unchecked(a);
                for seat in 0..players {
                    if after.heuristic_value_kept(&s, seat) {
                        kept += 1;
                        assert_eq!(
                            after.heuristic_values()[seat].to_bits(),
                            whole[seat].to_bits(),
                            "seed {seed}, move {}, seat {seat}",
                            s.history().len()
                        );
                    }
                }
            }
            s.apply_unchecked(legal[rng.below(legal.len())]);
        }
    }
    assert!(kept > 1000, "only {kept} seats kept");
}

/// I.D Buy: "discard material cards from your hand with a total value at least as high as
/// the total price" — change is lost. Holding a $1 Toadstool and a $2 Tarnished Ring for a
/// $2 price, paying with the Ring alone keeps the Toadstool; paying the Toadstool first
/// leaves $1 owed that only the Ring can pay, $3 for $2. The estimate counts the price owed
/// as the cheapest set of materials that can still pay it, so it tells the two apart and
/// greedy play pays exactly (it tied them when the owed price counted as plain money).
#[test]
fn the_price_owed_costs_the_cheapest_materials_that_can_pay_it() {
    let mut s = started(2, 77, json!({"theses": "none"}));
    act(&mut s, Move::Cram);
    act(&mut s, Move::Stop);
    act(&mut s, Move::Buy);
    let space = first_buy_space(&s);
    act(&mut s, Move::BuySpace(space));
    act(&mut s, Move::BuyDone);
    assert_eq!(s.t.turn.stage, Stage::BuyPay);
    let seat = s.actor().unwrap();
    // Nothing bought but a $2 price, and a hand of a $1 and a $2 material that fit nothing
    // (no project), so each is worth its money.
    (s.t.turn.buy, s.t.turn.price, s.t.turn.paid) = (0, 2, 0);
    empty_hand(&mut s, seat);
    for k in (0..s.t.players[seat].projects.len()).rev() {
        let c = usize::from(s.t.players[seat].projects[k].card);
        take_project(&mut s, c);
    }
    let (toadstool, ring) = (mat("Toadstool", 0), mat("Tarnished Ring", 0));
    give(&mut s, seat, toadstool);
    give(&mut s, seat, ring);
    let after = |m: usize| {
        let mut next = s.clone();
        act(&mut next, Move::Pay(m));
        value(&next, seat)
    };
    let (exact, short) = (after(ring), after(toadstool));
    assert!(
        exact > short,
        "paying the Ring {exact} vs the Toadstool first {short}"
    );
    // The Toadstool first: the $1 still owed costs the Ring, a whole $2 of money.
    let mut paid_one = s.clone();
    act(&mut paid_one, Move::Pay(toadstool));
    let mut paid_both = paid_one.clone();
    act(&mut paid_both, Move::Pay(ring));
    assert_eq!(
        value(&paid_one, seat).to_bits(),
        value(&paid_both, seat).to_bits()
    );
    for seed in 0..8 {
        let chosen = crate::search::bots::greedy_action(&s, seed).unwrap();
        assert_eq!(decode(chosen), Some(Move::Pay(ring)), "seed {seed}");
    }
}

/// `Work`, `Done` and `Commit` compare packed words (for the keep test and the estimate's
/// memo): equal exactly when every field is — a change to any one field makes them differ
/// (and `Work::equal_but_batch` when every field but `batch` is).
#[test]
fn area_pieces_differ_when_any_field_does() {
    use crate::sorcery::state::{Commit, Done, Work};
    fn each_change_differs<T: Copy + PartialEq + std::fmt::Debug>(base: T, changed: &[T]) {
        let copy = base;
        assert_eq!(copy, base);
        for c in changed {
            assert_ne!(*c, base, "{c:?}");
        }
    }
    let work = Work {
        card: 7,
        slots: [1, 2, 3, 4, 5, 6],
        credits: 1,
        demerits: 2,
        batch: 1,
    };
    let mut changed: Vec<Work> = (0..6)
        .map(|i| {
            let mut w = work;
            w.slots[i] += 1;
            w
        })
        .collect();
    changed.push(Work { card: 8, ..work });
    changed.push(Work { credits: 0, ..work });
    changed.push(Work {
        demerits: 0,
        ..work
    });
    // The estimate's memo compares projects but for `batch`, which the estimate does not
    // read: every other change still tells them apart.
    for c in &changed {
        assert!(!c.equal_but_batch(&work), "{c:?}");
    }
    assert!(Work { batch: 0, ..work }.equal_but_batch(&work));
    assert!(work.equal_but_batch(&work));
    changed.push(Work { batch: 0, ..work });
    each_change_differs(work, &changed);
    let done = Done {
        card: 3,
        credits: 1,
        demerits: 1,
        week: 2,
    };
    let changed = [
        Done { card: 4, ..done },
        Done { credits: 0, ..done },
        Done {
            demerits: 0,
            ..done
        },
        Done { week: 3, ..done },
    ];
    each_change_differs(done, &changed);
    let commit = Commit {
        material: 9,
        project: 3,
        icon: 2,
    };
    let changed = [
        Commit {
            material: 8,
            ..commit
        },
        Commit {
            project: 4,
            ..commit
        },
        Commit { icon: 1, ..commit },
    ];
    each_change_differs(commit, &changed);
}

/// Greedy play scores some moves without trying them: by their gain (`heuristic_gain_of`:
/// the choice of a material to commit, the end of a purchase's choice, passing the commit
/// step on) or by the mover's value after them (`heuristic_value_after`: starting a cram, a
/// dig or a buy, a purchase's project or stock, looking on from a pile). Along random solo
/// (against the robot), 2- to 4-player games, with and without staffs, every such move is
/// tried on a copy: the mover's value is the one told and every other seat's as it was, bit
/// for bit — and each kind is told many times (else greedy play would gain nothing).
#[test]
fn a_move_scored_without_trying_it_leaves_every_value_as_told() {
    let mut told = std::collections::BTreeMap::<&str, u32>::new();
    for (players, seed, options) in [
        (1, 7, json!({"solo": "robot", "difficulty": "medium"})),
        (2, 8, json!({})),
        (2, 9, json!({"staffs": false})),
        (3, 10, json!({})),
        (4, 11, json!({})),
        (4, 12, json!({"theses": "none"})),
    ] {
        let mut s = game(players, seed, options);
        let mut rng = crate::engine::Rng::seed_from(seed);
        let mut after = s.clone();
        let mut steps = 0;
        while !s.is_terminal() {
            count_move(&mut steps);
            let before = s.heuristic_values();
            let mover = s.current_player().unwrap();
            let legal = s.legal_actions();
            for &a in &legal {
                let gain = s.heuristic_gain_of(a);
                let mine = s.heuristic_value_after(a);
                // Ending a purchase's choice with projects or stock chosen is always told,
                // whichever was chosen.
                let t = &s.t.turn;
                if decode(a) == Some(Move::BuyDone)
                    && t.stage == Stage::BuySelect
                    && (t.buy != 0 || t.candles != 0 || t.vials != 0)
                {
                    assert_eq!(gain, Some(0.0), "seed {seed}: {:?}", t);
                }
                let told_mine = match (gain, mine) {
                    (None, None) => continue,
                    (Some(gain), None) => before[mover] + gain,
                    (None, Some(mine)) => mine,
                    (Some(_), Some(_)) => panic!("{}: told twice", s.describe(a)),
                };
                after.clone_from(&s);
                after.apply_unchecked(a);
                let values = after.heuristic_values();
                for seat in 0..players {
                    let expected = if seat == mover {
                        told_mine
                    } else {
                        before[seat]
                    };
                    assert_eq!(
                        expected.to_bits(),
                        values[seat].to_bits(),
                        "seed {seed}, move {} ({}), seat {seat}: {} -> {}, told {expected}",
                        s.history().len(),
                        s.describe(a),
                        before[seat],
                        values[seat]
                    );
                }
                let kind = match (decode(a), s.t.turn.stage) {
                    (Some(Move::Commit(_)), Stage::Cram) => "cram material",
                    (Some(Move::Commit(_)), _) => "commit material",
                    (Some(Move::BuyDone), _) => "purchase chosen",
                    (Some(Move::Stop), _) => "commit step passed on",
                    (Some(Move::Cram | Move::Dig | Move::Buy), _) => "action started",
                    (Some(Move::BuySpace(_)), _) => "purchase project",
                    (Some(Move::BuyCandle | Move::BuyVial), _) => "purchase stock",
                    (Some(Move::DigOn), _) => "look on",
                    _ => "other",
                };
                *told.entry(kind).or_default() += 1;
            }
            s.apply_unchecked(legal[rng.below(legal.len())]);
        }
    }
    for kind in [
        "cram material",
        "commit material",
        "purchase chosen",
        "commit step passed on",
        "action started",
        "purchase project",
        "purchase stock",
        "look on",
    ] {
        let n = told.get(kind).copied().unwrap_or(0);
        assert!(n >= 20, "{kind} told only {n} times: {told:?}");
    }
    assert!(!told.contains_key("other"), "{told:?}");
}
