//! "Game End & Scoring": the rulebook's scoring example, the cup of coffee, the reserve,
//! the tiebreaker.

use super::*;
use std::collections::BTreeMap;

use crate::sunrise::actions::RESERVE_TARGET;
use crate::sunrise::data::{AdvantageEffect, NUM_ALL_PROJECTS};
use crate::sunrise::state::{Completed, Phase, TurnStage, Work};

fn clear_player(s: &mut SunriseState, seat: usize) {
    let p = &mut s.table_mut().players[seat];
    p.projects.clear();
    p.showpieces.clear();
    p.awaiting.clear();
    p.completed.clear();
    p.completed_showpieces.clear();
    p.revealed.clear();
    p.advantages.clear();
    p.reserve = 0;
}

fn complete(s: &mut SunriseState, seat: usize, name: &str) {
    let card = project(name);
    let glaze = s.cards.projects[usize::from(card)].glazes[0] as u8;
    s.t.players[seat].completed.push(Completed { card, glaze });
}

/// Ed's table from the rulebook's Scoring Example, as seat 0 of 3.
fn eds_table() -> SunriseState {
    let mut s = game(3, 1);
    for seat in 0..3 {
        clear_player(&mut s, seat);
    }
    for name in [
        "First Light Mug",
        "Stoneware Camp Mug",
        "Earthen Serving Bowl",
        "Crackle Vase",
        "Grand Porcelain Ewer",
    ] {
        complete(&mut s, 0, name);
    }
    let p = &mut s.table_mut().players[0];
    p.completed_showpieces.push(advantage("Sunrise Sculpture"));
    p.showpieces.push(Work {
        card: advantage("Clay Bell"),
        filled: 0b1,
    });
    p.projects.push(Work {
        card: project("Rice Bowl"),
        filled: 0b11,
    });
    p.reserve = 3;
    p.revealed.push(advantage("Vase Enthusiast"));
    // Ed took the lower space of Matching Pair (his second mug, after someone else) and
    // the higher space of Clay Sampler.
    s.t.challenges[0].card = challenge("Matching Pair");
    s.t.challenges[0].high = Some(1);
    s.t.challenges[0].low.clear();
    s.t.challenges[0].low.push(0);
    s.t.challenges[1].card = challenge("Clay Sampler");
    s.t.challenges[1].high = Some(0);
    s.t.challenges[1].low.clear();
    s.t.challenges[2].card = challenge("Signature Glaze");
    s.t.challenges[2].high = None;
    s.t.challenges[2].low.clear();
    s
}

#[test]
fn eds_scoring_example_totals_40_points_line_by_line() {
    let s = eds_table();
    let b = s.explain_score(0);
    let lines: Vec<(&str, i32, &str)> = b
        .lines
        .iter()
        .map(|l| (l.category.as_str(), l.points, l.detail.as_str()))
        .collect();
    assert_eq!(
        lines,
        vec![
            ("Completed Projects", 25, "2 + 4 + 5 + 5 + 9"),
            ("In-Progress Projects", 1, "-1 + 1 + 1"),
            ("Completed Studio Challenges", 4, "1 + 3"),
            ("Completed End Game Goals", 1, "1"),
            ("Completed Showpieces", 4, "4"),
            (
                "In-Progress Showpieces",
                1,
                "1 resource(s) on in-progress showpieces"
            ),
            ("Reserve", 1, "3 ÷ 2 = 1 (rounded down)"),
            ("Cup of Coffee", 3, "most coffee beans (3)"),
        ]
    );
    assert_eq!(b.total, 40);
    assert_eq!(s.scores()[0], 40);
    // "Ed earned the cup of coffee because he has the most coffee beans (3)."
    assert_eq!(s.coffee_beans(0), 3);
    assert_eq!(s.cup_of_coffee(), Some(0));
}

#[test]
fn a_personal_goal_scores_only_with_every_type_shown() {
    let mut s = eds_table();
    // Vase Enthusiast needs a vase: remove Ed's Crackle Vase and the goal scores nothing.
    let vase = project("Crackle Vase");
    let i = s.t.players[0]
        .completed
        .iter()
        .position(|c| c.card == vase)
        .unwrap();
    s.t.players[0].completed.remove(i);
    let goals = s
        .explain_score(0)
        .lines
        .into_iter()
        .find(|l| l.category == "Completed End Game Goals")
        .unwrap();
    assert_eq!(goals.points, 0);
}

#[test]
fn a_tie_for_most_coffee_beans_wins_nobody_the_cup() {
    let mut s = eds_table();
    // Seat 1 also reaches 3 beans with three coffee bean cards.
    for name in ["Morning Espresso", "Fresh Roast", "Barista's Gift"] {
        s.t.players[1].revealed.push(advantage(name));
    }
    assert_eq!(s.coffee_beans(1), 3);
    assert_eq!(s.cup_of_coffee(), None);
    assert_eq!(s.explain_score(0).total, 37);
}

#[test]
fn the_reserve_scores_one_point_per_two_resources_rounded_down() {
    let mut s = game(2, 1);
    clear_player(&mut s, 0);
    for (reserve, points) in [(0, 0), (1, 0), (2, 1), (7, 3)] {
        s.t.players[0].reserve = reserve;
        let line = s
            .explain_score(0)
            .lines
            .into_iter()
            .find(|l| l.category == "Reserve")
            .unwrap();
        assert_eq!(line.points, points);
    }
}

#[test]
fn in_progress_projects_cost_one_and_their_resources_score() {
    let mut s = game(2, 1);
    clear_player(&mut s, 0);
    s.table_mut().players[0].projects.push(Work {
        card: project("Rice Bowl"),
        filled: 0,
    });
    s.table_mut().players[0].projects.push(Work {
        card: project("Crackle Vase"),
        filled: 0b111,
    });
    let line = s
        .explain_score(0)
        .lines
        .into_iter()
        .find(|l| l.category == "In-Progress Projects")
        .unwrap();
    assert_eq!(
        (line.points, line.detail.as_str()),
        (1, "-1 - 1 + 1 + 1 + 1")
    );
}

#[test]
fn ties_go_to_the_lowest_completed_project_number() {
    let mut s = game(2, 1);
    clear_player(&mut s, 0);
    clear_player(&mut s, 1);
    // Two regular projects worth the same points and beans, different numbers.
    let set = s.cards.clone();
    let (a, b) = (0..30)
        .flat_map(|i| (0..30).map(move |j| (i, j)))
        .find(|&(i, j)| {
            let (p, q) = (&set.projects[i], &set.projects[j]);
            p.number < q.number && p.points == q.points && p.beans == 0 && q.beans == 0
        })
        .unwrap();
    let give = |s: &mut SunriseState, seat: usize, i: usize| {
        let glaze = s.cards.projects[i].glazes[0] as u8;
        s.t.players[seat].completed.push(Completed {
            card: i as CardId,
            glaze,
        });
    };
    give(&mut s, 0, b);
    give(&mut s, 1, a);
    assert_eq!(s.scores()[0], s.scores()[1]);
    assert_eq!(&*s.ranking(), &[1, 0]);
    s.t.players[0].completed.clear();
    s.t.players[1].completed.clear();
    give(&mut s, 0, a);
    give(&mut s, 1, b);
    assert_eq!(&*s.ranking(), &[0, 1]);
}

#[test]
fn the_tiebreaker_ignores_starting_projects() {
    // Starting projects carry the lowest numbers (1-4, issue 6 point 3), so the exclusion
    // decides: a seat whose lowest number is a starting project's does not win by it.
    let mut s = game(2, 1);
    clear_player(&mut s, 0);
    clear_player(&mut s, 1);
    let starting = project("First Light Mug");
    assert!(s.cards.projects[usize::from(starting)].number <= 4);
    // Seat 0: the starting project (#1) and a regular project; seat 1: a regular project with
    // a lower number than seat 0's regular one, and the same total.
    let by_number = |n: u8| s.cards.projects.iter().position(|p| p.number == n).unwrap() as CardId;
    let (low, high) = (by_number(5), by_number(34));
    let points = |c: CardId| i32::from(s.cards.projects[usize::from(c)].points);
    let glaze = |s: &SunriseState, c: CardId| s.cards.projects[usize::from(c)].glazes[0] as u8;
    let g = glaze(&s, starting);
    s.t.players[0].completed.push(Completed {
        card: starting,
        glaze: g,
    });
    let g = glaze(&s, high);
    s.t.players[0].completed.push(Completed {
        card: high,
        glaze: g,
    });
    let g = glaze(&s, low);
    s.t.players[1].completed.push(Completed {
        card: low,
        glaze: g,
    });
    // Even the totals with reserve resources (1 point per 2).
    let gap = points(starting) + points(high) - points(low);
    s.t.players[1].reserve = (2 * gap) as u8;
    s.t.players[0].reserve = 0;
    // No coffee beans on either side's projects decide it differently.
    let beans = |seat: usize| s.coffee_beans(seat);
    assert_eq!(
        s.scores()[0],
        s.scores()[1],
        "beans {} {}",
        beans(0),
        beans(1)
    );
    // Seat 0's lowest project number is a starting project's: seat 1 (#5) wins.
    assert_eq!(&*s.ranking(), &[1, 0]);
}

#[test]
fn a_personal_goal_of_several_types_needs_every_type_and_scores_once() {
    // "Score the indicated number of points if you completed at least 1 of each project type
    // shown ... You do not score additional points for multiple sets."
    let goal_points = |s: &SunriseState| {
        s.explain_score(0)
            .lines
            .into_iter()
            .find(|l| l.category == "Completed End Game Goals")
            .unwrap()
            .points
    };
    let mut s = game(2, 1);
    clear_player(&mut s, 0);
    // Kitchen Collection: mug + bowl + pitcher for 4 points.
    s.t.players[0]
        .revealed
        .push(advantage("Kitchen Collection"));
    complete(&mut s, 0, "First Light Mug");
    complete(&mut s, 0, "Earthen Serving Bowl");
    assert_eq!(goal_points(&s), 0, "no pitcher yet");
    complete(&mut s, 0, "Harvest Pitcher");
    assert_eq!(goal_points(&s), 4);
    // A second full set scores nothing more.
    complete(&mut s, 0, "Stoneware Camp Mug");
    complete(&mut s, 0, "Rice Bowl");
    assert_eq!(goal_points(&s), 4);
    // Another goal may use the same projects ("for multiple personal goal cards").
    s.t.players[0].revealed.push(advantage("Pitcher Practice"));
    assert_eq!(goal_points(&s), 5);
}

/// The running score that greedy play reads after every candidate (`all_scores`, from the
/// card set's score tables) is, at every step of random games for 2-4 players, the total of
/// the line-by-line explanation computed from the cards themselves; with the default cards
/// and with a card file whose beans and goals differ (the tables are built from the file).
#[test]
fn the_running_score_from_card_tables_is_the_explained_score_at_every_step() {
    let changed = crate::sunrise::data::DEFAULT_CARDS_TOML
        .replace("beans = 0", "beans = 2")
        .replace("types = [\"pitcher\"]", "types = [\"pitcher\", \"mug\"]");
    let card_sets = [
        CardSet::default_set(),
        std::sync::Arc::new(CardSet::from_toml(&changed).unwrap()),
    ];
    // Lines that must have scored somewhere, so every table is read with a non-zero entry.
    let mut seen = std::collections::BTreeSet::new();
    for cards in &card_sets {
        for players in 2..=4 {
            for seed in 0..4 {
                let mut s = SunriseState::new_game(players, seed, Some(cards.clone())).unwrap();
                let mut rng = Rng::seed_from(seed + 50);
                let mut steps = 0;
                loop {
                    let scores = s.all_scores();
                    for (seat, &score) in scores.iter().enumerate() {
                        let explained = s.explain_score(seat);
                        assert_eq!(
                            score, explained.total,
                            "seat {seat} of {players}, seed {seed}"
                        );
                        for line in explained.lines.iter().filter(|l| l.points > 0) {
                            seen.insert(line.category.clone());
                        }
                    }
                    if !running(&s, &mut steps) {
                        break;
                    }
                    let l = legal(&s);
                    s.apply_action(l[rng.below(l.len())]).unwrap();
                }
            }
        }
    }
    for category in [
        "Completed Projects",
        "In-Progress Projects",
        "Completed Studio Challenges",
        "Completed End Game Goals",
        "Completed Showpieces",
        "Cup of Coffee",
    ] {
        assert!(seen.contains(category), "no position scored {category}");
    }
}

/// Checks every move `s` tells a gain for (`heuristic_gain_of`) against trying it on a copy:
/// the mover's value changes by the gain, every other seat's not at all, bit for bit.
/// Counts the told moves by kind and gain in `told`.
fn check_told_gains(s: &SunriseState, told: &mut BTreeMap<(&'static str, i64), u32>) {
    let before = s.heuristic_values();
    let mover = s.current_player().unwrap();
    for a in legal(s) {
        let Some(gain) = s.heuristic_gain_of(a) else {
            continue;
        };
        let mut after = s.clone();
        after.apply_action(a).unwrap();
        let values = after.heuristic_values();
        for (seat, (x, y)) in before.iter().zip(values.iter()).enumerate() {
            let expected = if seat == mover { x + gain } else { *x };
            assert_eq!(
                expected.to_bits(),
                y.to_bits(),
                "{}: seat {seat} went {x} -> {y}, told gain {gain}",
                s.describe(a)
            );
        }
        let kind = match crate::sunrise::actions::decode(a) {
            Some(Move::Draft(_)) => "draft",
            Some(Move::Place { slot, .. }) => {
                let wheel = &s.table().players[mover].wheel;
                let card = wheel[slot];
                let two = s.cards.resource_cards[usize::from(card.card)].icons.count() == 2;
                if wheel.len() == 1 && (!two || card.used != 0) {
                    "Place, the wheel's last resource"
                } else {
                    "Place"
                }
            }
            Some(Move::Convert { .. }) => "Convert",
            Some(Move::Bonus(_)) => "Bonus",
            Some(Move::Take(_)) => "Take",
            Some(Move::EndWork) => "EndWork",
            Some(Move::EndTurn) => "EndTurn",
            Some(Move::Discard(_)) => match s.table().phase {
                Phase::Work { .. } => "Discard in step two",
                Phase::Complete {
                    turn: TurnStage::ChooseBonus,
                    ..
                } => "Discard at a bonus choice",
                _ => "Discard at a completion's finish",
            },
            _ => "other",
        };
        *told.entry((kind, gain as i64)).or_default() += 1;
    }
    // Moves told beside another: every seat's value after the move is its value after the
    // reference move, the mover's higher by the gain.
    for a in legal(s) {
        let Some((reference, gain)) = s.heuristic_gain_beside(a) else {
            continue;
        };
        assert!(
            legal(s).contains(&reference),
            "{}: reference not legal",
            s.describe(a)
        );
        let values_after = |action| {
            let mut after = s.clone();
            after.apply_action(action).unwrap();
            after.heuristic_values()
        };
        let (beside, values) = (values_after(reference), values_after(a));
        for (seat, (x, y)) in beside.iter().zip(values.iter()).enumerate() {
            let expected = if seat == mover { x + gain } else { *x };
            assert_eq!(
                expected.to_bits(),
                y.to_bits(),
                "{}: seat {seat} has {y}, beside {} {x}, told gain {gain}",
                s.describe(a),
                s.describe(reference)
            );
        }
        let phase = match s.table().phase {
            Phase::Convert { .. } => "Convert beside, step three's start",
            _ => "Convert beside, a completion's finish",
        };
        *told.entry((phase, gain as i64)).or_default() += 1;
    }
}

/// Every move greedy play scores without trying it changes the values as told
/// (`check_told_gains`), at every step of random games for 2-4 players. Such moves occur with
/// each kind of gain: none (step one's drafts, a conversion onto a work, ending one's work or
/// passing on a conversion, a completion bonus that sets the next step), one point (a resource on a work), minus one (the first project
/// of "Take 2 Projects"), and the reserve's odd and even counts (a placement into it, an
/// advantage card discarded for a resource); and a last conversion at the
/// start of step three or in a completion's finish, told beside ending the step.
#[test]
fn moves_scored_without_trying_them_change_the_values_as_told() {
    let mut told = BTreeMap::new();
    for players in 2..=4 {
        for seed in 0..4 {
            let mut s = game(players, seed);
            let mut rng = Rng::seed_from(seed + 90);
            let mut steps = 0;
            while running(&s, &mut steps) {
                check_told_gains(&s, &mut told);
                let l = legal(&s);
                s.apply_action(l[rng.below(l.len())]).unwrap();
            }
        }
    }
    for (kind, gain, least) in [
        ("draft", 0, 100),
        ("Convert", 0, 100),
        ("Place", 0, 100),
        ("Place", 1, 100),
        ("Place, the wheel's last resource", 0, 50),
        ("Place, the wheel's last resource", 1, 50),
        ("Bonus", 0, 20),
        ("Take", -1, 20),
        ("EndWork", 0, 20),
        ("EndTurn", 0, 2),
        ("Discard in step two", 0, 10),
        ("Discard in step two", 1, 10),
        ("Discard at a bonus choice", 0, 0),
        ("Discard at a bonus choice", 1, 0),
        ("Discard at a completion's finish", 0, 10),
        ("Discard at a completion's finish", 1, 10),
        ("Convert beside, step three's start", 0, 20),
        ("Convert beside, a completion's finish", 0, 100),
    ] {
        let n = told.get(&(kind, gain)).copied().unwrap_or(0);
        assert!(
            n > least,
            "only {n} {kind} moves were told a gain of {gain}: {told:?}"
        );
    }
}

/// The cases where a placement or conversion changes more than the mover's running score,
/// which random play seldom reaches, made at every step two decision of random games and
/// checked as above: no resource left anywhere (the wheel's card is used, nothing placed);
/// every showpiece one icon short, and each alone (a placement completes it: its resources
/// go back, its points and beans count); the mover's wheel and every later seat's empty with no other
/// move left (a last conversion ends step two and the first completion flips a project).
#[test]
fn placements_and_conversions_at_the_edges_change_the_values_as_told() {
    let mut told = BTreeMap::new();
    for players in [2, 4] {
        for seed in 0..3 {
            let mut s = game(players, seed);
            let mut rng = Rng::seed_from(seed + 7);
            let mut steps = 0;
            while running(&s, &mut steps) {
                if let Phase::Work { seat } = s.table().phase {
                    let seat = usize::from(seat);
                    let mut dry = s.clone();
                    let t = dry.table_mut();
                    t.community_supply = 0;
                    for p in t.players.iter_mut() {
                        p.supply = 0;
                    }
                    check_told_gains(&dry, &mut told);

                    // Every showpiece one short, then each alone (the others as they were).
                    let count = s.table().players[seat].showpieces.len();
                    for only in std::iter::once(None).chain((0..count).map(Some)) {
                        let mut short = s.clone();
                        let icons = short.cards.target_icons.clone();
                        let works = short.table_mut().players[seat].showpieces.iter_mut();
                        for (i, w) in works.enumerate() {
                            if only.is_some_and(|o| o != i) {
                                continue;
                            }
                            let all = icons[NUM_ALL_PROJECTS + usize::from(w.card)].all;
                            let open = all & !w.filled;
                            // The lowest open icon stays open; every other is filled.
                            w.filled = all & !(open & open.wrapping_neg());
                        }
                        check_told_gains(&short, &mut told);
                    }

                    // Two showpieces, the first one short and the second empty, and the
                    // reserve for a conversion onto either. The first is one worth other
                    // than a point an icon, so completing it is not worth one point more.
                    let mut pair = s.clone();
                    let mut showpieces: Vec<(bool, u8)> = (0..pair.cards.advantages.len())
                        .filter_map(|c| match pair.cards.advantages[c].effect {
                            AdvantageEffect::Showpiece { points, .. } => {
                                let icons = pair.cards.target_icons[NUM_ALL_PROJECTS + c].len;
                                Some((points == icons, c as u8))
                            }
                            _ => None,
                        })
                        .collect();
                    showpieces.sort();
                    let showpieces = [showpieces[0].1, showpieces[1].1];
                    let all =
                        pair.cards.target_icons[NUM_ALL_PROJECTS + usize::from(showpieces[0])].all;
                    let p = &mut pair.table_mut().players[seat];
                    p.showpieces.clear();
                    p.showpieces.push(Work {
                        card: showpieces[0],
                        filled: all & (all >> 1),
                    });
                    p.showpieces.push(Work {
                        card: showpieces[1],
                        filled: 0,
                    });
                    p.reserve = 2;
                    check_told_gains(&pair, &mut told);

                    let mut last = s.clone();
                    let t = last.table_mut();
                    for (i, p) in t.players.iter_mut().enumerate() {
                        if i >= seat {
                            p.wheel.clear();
                            p.advantages.clear();
                            p.reserve = if i == seat { 2 } else { 0 };
                        }
                    }
                    check_told_gains(&last, &mut told);
                }
                let l = legal(&s);
                s.apply_action(l[rng.below(l.len())]).unwrap();
            }
        }
    }
    assert!(!told.is_empty(), "no move was told a gain at the edges");
}

/// "Discard the card face-down ... to place 1 resource into your reserve" when it is the
/// seat's last advantage card, at a completion's finish or in step two with its wheel empty,
/// and the seat has a work with an open icon: with 1 resource in its reserve the discard makes
/// 2, so it may convert ("Use Resources from the Reserve") and its turn goes on — told, one
/// point; with none it has nothing left to do and its turn ends (`settle`) — not told; with a
/// second card still to use, or a card left on its wheel in step two, its turn goes on —
/// told, no point (1 resource scores nothing).
/// Made at every such decision of random games and checked as above.
#[test]
fn a_last_advantage_card_discarded_is_told_only_when_a_conversion_follows() {
    let mut told = BTreeMap::new();
    let mut cases = 0;
    for players in [2, 4] {
        for seed in 0..3 {
            let mut s = game(players, seed);
            let mut rng = Rng::seed_from(seed + 11);
            let mut steps = 0;
            while running(&s, &mut steps) {
                let at_an_end = matches!(
                    s.table().phase,
                    Phase::Work { .. }
                        | Phase::Complete {
                            turn: TurnStage::Finish,
                            ..
                        }
                );
                let seat = s.current_player().unwrap();
                if at_an_end
                    && !s.table().players[seat].advantages.is_empty()
                    && s.has_open_icon(seat)
                {
                    // (cards held, reserve, the told gain of discarding the first); a second
                    // card is the advantage deck's bottom card, moved to the hand.
                    let wheel = matches!(s.table().phase, Phase::Work { .. })
                        && !s.table().players[seat].wheel.is_empty();
                    for (cards, reserve, keep_wheel, expected) in [
                        (1, 0, false, None),
                        (1, 1, false, Some(1.0)),
                        (2, 0, false, Some(0.0)),
                        (1, 0, true, Some(0.0)),
                    ] {
                        if keep_wheel && !wheel {
                            continue;
                        }
                        let mut last = s.clone();
                        let t = last.table_mut();
                        let second = (cards == 2).then(|| t.advantage_deck.remove(0));
                        let p = &mut t.players[seat];
                        p.advantages.truncate(1);
                        if let Some(c) = second {
                            p.advantages.insert_sorted_by_key(c, |&c| c);
                        }
                        if !keep_wheel {
                            p.wheel.clear();
                        }
                        p.reserve = reserve;
                        p.supply = p.supply.max(1);
                        let card = p.advantages[0];
                        check_told_gains(&last, &mut told);
                        let discard = crate::sunrise::actions::DISCARD + Action::from(card);
                        assert_eq!(
                            last.heuristic_gain_of(discard),
                            expected,
                            "{cards} card(s), reserve {reserve}: {}",
                            last.describe(discard)
                        );
                        cases += 1;
                    }
                }
                let l = legal(&s);
                s.apply_action(l[rng.below(l.len())]).unwrap();
            }
        }
    }
    assert!(cases > 20, "only {cases} last discards were made");
}

/// The placement of the wheel's last resource ("Place Resources"), which leaves the wheel
/// empty, so that `settle` ends the seat's work unless it may still act: made at every step
/// two decision of random games with the mover's wheel cut to its first card (the other part
/// of a two-resource card used) and its advantage cards gone, and checked as above. With 1 in
/// its reserve and every later seat's wheel, hand and reserve emptied, a placement into the
/// reserve makes 2 and a conversion possible — told, one point; one onto a work leaves it
/// nothing to do and step three begins — not told. With an empty reserve and the next seat
/// still holding its wheel (and nothing else), step two passes to that seat — told.
#[test]
fn the_wheels_last_resource_is_told_where_the_step_goes_on() {
    let mut told = BTreeMap::new();
    let (mut alone, mut handed_on) = (0, 0);
    for players in [2, 4] {
        for seed in 0..3 {
            let mut s = game(players, seed);
            let mut rng = Rng::seed_from(seed + 13);
            let mut steps = 0;
            while running(&s, &mut steps) {
                if let Phase::Work { seat } = s.table().phase {
                    let seat = usize::from(seat);
                    let has_work = !s.table().players[seat].projects.is_empty();
                    let last_card = |s: &mut SunriseState| {
                        let two = s.table().players[seat].wheel.first().is_some_and(|w| {
                            s.cards.resource_cards[usize::from(w.card)].icons.count() == 2
                        });
                        let p = &mut s.table_mut().players[seat];
                        p.wheel.truncate(1);
                        p.advantages.clear();
                        if let Some(w) = p.wheel.first_mut() {
                            if two && w.used == 0 {
                                w.used = 1;
                            }
                        }
                    };
                    if has_work && !s.table().players[seat].wheel.is_empty() {
                        let mut last = s.clone();
                        last_card(&mut last);
                        let t = last.table_mut();
                        t.players[seat].reserve = 1;
                        for p in t.players.iter_mut().skip(seat + 1) {
                            p.wheel.clear();
                            p.advantages.clear();
                            p.reserve = 0;
                        }
                        check_told_gains(&last, &mut told);
                        for a in legal(&last) {
                            if let Some(Move::Place { target, .. }) =
                                crate::sunrise::actions::decode(a)
                            {
                                let expected = (target == RESERVE_TARGET).then_some(1.0);
                                assert_eq!(
                                    last.heuristic_gain_of(a),
                                    expected,
                                    "{}",
                                    last.describe(a)
                                );
                                alone += 1;
                            }
                        }
                    }
                    if seat + 1 < players && !s.table().players[seat + 1].wheel.is_empty() {
                        let mut passed = s.clone();
                        last_card(&mut passed);
                        let t = passed.table_mut();
                        t.players[seat].reserve = 0;
                        t.players[seat + 1].advantages.clear();
                        t.players[seat + 1].reserve = 0;
                        check_told_gains(&passed, &mut told);
                        for a in legal(&passed) {
                            if let Some(Move::Place { .. }) = crate::sunrise::actions::decode(a) {
                                assert!(
                                    passed.heuristic_gain_of(a).is_some(),
                                    "{}",
                                    passed.describe(a)
                                );
                                handed_on += 1;
                            }
                        }
                    }
                }
                let l = legal(&s);
                s.apply_action(l[rng.below(l.len())]).unwrap();
            }
        }
    }
    assert!(
        alone > 20 && handed_on > 20,
        "{alone} and {handed_on} placements made"
    );
}

/// A completion bonus and a project taken with the decks nearly run out, made at every step
/// three decision of random games and checked as above (`check_told_gains`): the project
/// deck down to its last card (a first "Take 2 Projects" pick then ends the bonus: studio
/// challenges are checked and the next completion may flip a project) and the advantage
/// deck down to one card ("Draw 3, keep 1" then keeps it at once and ends the bonus).
#[test]
fn bonuses_and_takes_with_the_decks_nearly_run_out_change_the_values_as_told() {
    let mut told = BTreeMap::new();
    let mut edges = 0;
    for players in [2, 3, 4] {
        for seed in 0..6 {
            let mut s = game(players, seed);
            let mut rng = Rng::seed_from(seed + 31);
            let mut steps = 0;
            while running(&s, &mut steps) {
                if matches!(s.table().phase, Phase::Complete { .. }) {
                    let mut last_project = s.clone();
                    let t = last_project.table_mut();
                    if t.row[0].is_some() {
                        t.project_deck.clear();
                    } else {
                        t.project_deck.truncate(1);
                    }
                    check_told_gains(&last_project, &mut told);
                    let mut last_advantage = s.clone();
                    last_advantage.table_mut().advantage_deck.truncate(1);
                    check_told_gains(&last_advantage, &mut told);
                    edges += 1;
                }
                let l = legal(&s);
                s.apply_action(l[rng.below(l.len())]).unwrap();
            }
        }
    }
    assert!(edges > 100, "only {edges} step three decisions");
}
