//! "Solo Mode", "Solo Difficulty Levels", "No Robot Solo Variant", "Solo Mission Mode" and
//! "Mission Mode".

use serde_json::json;

use super::*;
use crate::sorcery::data::Icon;
use crate::sorcery::state::SOLO_REMOVED;

fn robot_draws(s: &mut SorceryState, top: Icon) -> usize {
    // Put a grave card with this top icon on top of the grave deck.
    let set = CardSet::default_set();
    let m = (0..70)
        .find(|&m| set.materials[m].top == Some(top) && s.t.grave_deck.contains(&(m as u8)))
        .unwrap();
    let k =
        s.t.grave_deck
            .iter()
            .position(|&c| usize::from(c) == m)
            .unwrap();
    s.t.grave_deck.remove(k);
    s.t.grave_deck.push(m as u8);
    m
}

#[test]
fn solo_setup_removes_four_projects_and_discards_ten_grave_cards() {
    let s = started(1, 81, json!({}));
    for name in SOLO_REMOVED {
        assert!(s.t.removed & (1 << proj(name)) != 0, "{name}");
    }
    assert_eq!(s.t.discard.count_ones(), 10);
    assert_eq!(s.t.grave_deck.len(), 70 - 6 - 10);
}

#[test]
fn after_each_turn_the_robot_acts_on_the_top_icon() {
    for (top, taken) in [
        (Icon::Limb, Some(0)),
        (Icon::Ring, Some(1)),
        (Icon::RibCage, Some(2)),
        (Icon::Mushroom, None),
        (Icon::Hand, None),
        (Icon::Skull, None),
    ] {
        let mut s = started(1, 82, json!({}));
        s.t.piles[0] |= 0; // unchanged
        let piles = s.t.piles;
        let market = s.t.market;
        let card = robot_draws(&mut s, top);
        action_turn(&mut s, 0);
        act(&mut s, Move::Cram);
        act(&mut s, Move::Stop);
        let robot = s.t.robot.materials;
        assert!(
            robot & bit(card) != 0,
            "{top:?}: the revealed card goes to the robot"
        );
        match top {
            Icon::Limb | Icon::Ring | Icon::RibCage => {
                let k = taken.unwrap();
                assert_eq!(robot & piles[k], piles[k], "{top:?} takes pile {}", k + 1);
                let added: Vec<u32> = (0..3)
                    .map(|j| (s.t.piles[j] & !piles[j]).count_ones())
                    .collect();
                let want = match top {
                    Icon::Limb => vec![1, 0, 0],
                    Icon::Ring => vec![1, 1, 0],
                    _ => vec![1, 1, 1],
                };
                assert_eq!(added, want, "{top:?}");
            }
            Icon::Mushroom => {
                // All piles have two cards: the leftmost is taken, one card added to it.
                assert_eq!(robot & piles[0], piles[0]);
                assert_eq!(s.t.piles[1], piles[1]);
            }
            Icon::Hand => {
                assert!(
                    [0, 2, 4].iter().all(|&i| s.t.market[i] != market[i]),
                    "top row replaced"
                );
                assert!([1, 3, 5].iter().all(|&i| s.t.market[i] == market[i]));
            }
            _ => {
                assert!(
                    [1, 3, 5].iter().all(|&i| s.t.market[i] != market[i]),
                    "bottom row replaced"
                );
                assert!([0, 2, 4].iter().all(|&i| s.t.market[i] == market[i]));
            }
        }
        assert_valid(&s);
    }
}

/// The log tells the robot's turn: the card it revealed, the pile it took or the market row
/// it cleared (by name), and its score with how it is made.
#[test]
fn the_robots_turn_is_told_card_pile_or_row_and_score() {
    let mut s = started(1, 82, json!({}));
    s.t.robot.materials = 0;
    take_material(&mut s, mat("Cracked Skull", 0));
    take_material(&mut s, mat("Cracked Skull", 1));
    s.t.piles[1] = bit(mat("Cracked Skull", 0)) | bit(mat("Cracked Skull", 1));
    let wedding = mat("Wedding Band", 0);
    take_material(&mut s, wedding);
    s.t.grave_deck.push(wedding as u8);
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    let events = s.public_events(encode(Move::Stop), Some(0));
    assert!(
        events.contains(
            &"The robot reveals Wedding Band (top icon Ring) and takes grave pile 2 \
              (Cracked Skull, Cracked Skull); it now scores 3 ($5 of grave cards / 2, \
              rounded up)"
                .to_string()
        ),
        "{events:?}"
    );

    let mut s = started(1, 82, json!({}));
    s.t.robot.materials = 0;
    for (space, name) in [(0, Some("Tea Leaves")), (2, None), (4, Some("Lantern Hex"))] {
        if let Some(name) = name {
            take_project(&mut s, proj(name));
        }
        s.t.market[space] = name.map_or(NONE, |n| proj(n) as u8);
    }
    let hand = mat("Severed Hand", 0);
    take_material(&mut s, hand);
    s.t.grave_deck.push(hand as u8);
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    let events = s.public_events(encode(Move::Stop), Some(0));
    assert!(
        events.contains(
            &"The robot reveals Severed Hand (top icon Hand) and clears the top market row \
              (Tea Leaves, Lantern Hex) to the bottom of the decks; it now scores 1 ($1 of \
              grave cards / 2, rounded up)"
                .to_string()
        ),
        "{events:?}"
    );

    // Easy ("Instead of adding the revealed card to the Robot's pile, add it to the
    // discard"): the robot's materials do not change, and the card is still told.
    let mut s = started(1, 82, json!({"difficulty": "easy"}));
    let hand = mat("Severed Hand", 0);
    take_material(&mut s, hand);
    s.t.grave_deck.push(hand as u8);
    let materials = s.t.robot.materials;
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    let events = s.public_events(encode(Move::Stop), Some(0));
    act(&mut s, Move::Stop);
    assert_eq!(s.t.robot.materials, materials);
    assert!(
        events.iter().any(|e| e.starts_with(
            "The robot reveals Severed Hand (top icon Hand) and clears the top market row ("
        )),
        "{events:?}"
    );
}

#[test]
fn difficulty_easy_discards_the_card_hard_gets_three_tokens_extra_hard_one_per_clear() {
    let mut s = started(1, 83, json!({"difficulty": "easy"}));
    let card = robot_draws(&mut s, Icon::Limb);
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    act(&mut s, Move::Stop);
    assert_eq!(s.t.robot.materials & bit(card), 0);
    assert!(s.t.discard & bit(card) != 0);

    let mut s = started(1, 83, json!({"difficulty": "hard"}));
    // A one-card left pile.
    let extra = s.t.piles[0] & (s.t.piles[0] - 1);
    s.t.piles[0] &= !extra;
    s.t.discard |= extra;
    robot_draws(&mut s, Icon::Limb);
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    act(&mut s, Move::Stop);
    assert_eq!(s.t.robot.tokens, 3);

    let mut s = started(1, 83, json!({"difficulty": "extra-hard"}));
    robot_draws(&mut s, Icon::Hand);
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    act(&mut s, Move::Stop);
    assert_eq!(s.t.robot.tokens, 1);
}

#[test]
fn robot_score_is_half_its_grave_value_rounded_up_plus_tokens() {
    let mut s = started(1, 84, json!({}));
    for m in [mat("Cursed Signet", 0), mat("Tarnished Ring", 0)] {
        take_material(&mut s, m);
        s.t.robot.materials |= bit(m);
    }
    assert_eq!(s.robot_score(), 4, "$7 / 2 rounded up");
    s.t.robot.tokens = 3;
    assert_eq!(s.robot_score(), 7);
    // The score line names only the terms that are there, one token and many apart.
    let robot_line = |s: &SorceryState| {
        let b = s.explain_score(0);
        let line = b.lines.iter().find(|l| l.category == "Robot").unwrap();
        line.detail.split(':').next().unwrap().to_string()
    };
    assert_eq!(
        robot_line(&s),
        "the robot scores 7 ($7 of grave cards / 2, rounded up, + 3 tokens)"
    );
    s.t.robot.tokens = 1;
    assert_eq!(
        robot_line(&s),
        "the robot scores 5 ($7 of grave cards / 2, rounded up, + 1 token)"
    );
    let mut bare = s.clone();
    (bare.t.robot.materials, bare.t.robot.tokens) = (0, 0);
    assert_eq!(robot_line(&bare), "the robot scores 0 (no grave cards)");
    s.t.robot.tokens = 3;
    // You win with more credits than the robot.
    assert_eq!(s.margin(), Some(f64::from(s.score(0) - 7)));
}

#[test]
fn no_robot_discards_the_piles_and_grades_the_score() {
    let mut s = started(1, 85, json!({"solo": "no-robot"}));
    robot_draws(&mut s, Icon::Limb);
    let pile = s.t.piles[0];
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    act(&mut s, Move::Stop);
    assert_eq!(s.t.robot.materials, 0);
    assert_eq!(s.t.discard & pile, pile);
    use crate::sorcery::score::grade;
    assert_eq!(
        [
            grade(40),
            grade(39),
            grade(32),
            grade(31),
            grade(26),
            grade(25),
            grade(16),
            grade(15),
            grade(9),
            grade(8),
            grade(0)
        ],
        ["A+", "A", "A", "B", "B", "C", "C", "D", "D", "F", "F"]
    );
}

#[test]
fn solo_buy_may_clear_two_market_projects_for_one_dollar_as_often_as_paid() {
    let mut s = started(1, 86, json!({}));
    empty_hand(&mut s, 0);
    give(&mut s, 0, mat("Tarnished Ring", 0)); // $2
    action_turn(&mut s, 0);
    let market = s.t.market;
    act(&mut s, Move::Buy);
    act(&mut s, Move::Clear(0));
    act(&mut s, Move::Clear(3));
    assert_ne!(s.t.market[0], market[0]);
    assert_ne!(s.t.market[3], market[3]);
    assert_eq!(
        s.t.decks[0][0],
        market[3].min(market[0]).max(s.t.decks[0][0])
    );
    act(&mut s, Move::Clear(1));
    act(&mut s, Move::Clear(2));
    assert_eq!(s.t.turn.price, 2);
    assert!(
        !legal_moves(&s).iter().any(|m| matches!(m, Move::Clear(_))),
        "$2 spent"
    );
    act(&mut s, Move::ClearDone);
    act(&mut s, Move::BuyDone);
    act(&mut s, Move::Pay(mat("Tarnished Ring", 0)));
    act(&mut s, Move::PayDone);
    assert_valid(&s);

    // The clears come before the purchases (docs/games/sorcery.md, "Solo buy"): with $5, one
    // clear ($1) leaves $4, yet once the purchases begin no clear is offered.
    let mut s = started(1, 86, json!({}));
    empty_hand(&mut s, 0);
    give(&mut s, 0, mat("Cursed Signet", 0)); // $5
    action_turn(&mut s, 0);
    act(&mut s, Move::Buy);
    act(&mut s, Move::Clear(0));
    act(&mut s, Move::Clear(3));
    assert_eq!(s.t.turn.price, 1);
    let clears = |s: &SorceryState| {
        legal_moves(s)
            .iter()
            .filter(|m| matches!(m, Move::Clear(_)))
            .count()
    };
    assert!(clears(&s) > 0, "$4 left: another clear is offered");
    act(&mut s, Move::ClearDone);
    assert_eq!(clears(&s), 0, "$4 left, but the purchases have begun");
    let space = legal_moves(&s)
        .into_iter()
        .find(|m| matches!(m, Move::BuySpace(_)))
        .expect("a project of $4 or less");
    act(&mut s, space);
    assert!(s.t.turn.price < 5, "money is left after choosing a project");
    assert_eq!(clears(&s), 0, "no clear after a purchase is chosen");
    act(&mut s, Move::BuyDone);
    act(&mut s, Move::Pay(mat("Cursed Signet", 0)));
    act(&mut s, Move::PayDone);
    assert_valid(&s);
}

#[test]
fn each_mission_is_checked_as_written() {
    let set = CardSet::default_set();
    let mut s = started(2, 87, json!({"missions": [3, 10]}));
    assert!(
        s.t.players.iter().all(|p| p.thesis_offer == [NONE; 2]),
        "no theses in Mission Mode"
    );
    let done = |s: &mut SorceryState, seat: usize, id: usize| {
        give_completed(s, seat, id);
    };
    // Mission 3: two of the same project.
    let brews: Vec<usize> = (0..58)
        .filter(|&i| set.projects[i].name == "Bubbling Brew")
        .collect();
    done(&mut s, 0, brews[0]);
    assert!(!s.mission_requirement_met(0, 3));
    done(&mut s, 0, brews[1]);
    assert!(s.mission_requirement_met(0, 3));
    assert_eq!(s.mission_met(0), Some(false), "and score 22+");
    // Mission 10: four projects with no effects.
    for name in ["Twitching Finger", "Rattling Ribs", "Salt and Sulfur"] {
        done(&mut s, 1, proj(name));
    }
    assert!(!s.mission_requirement_met(1, 10));
    done(&mut s, 1, proj("Tea Leaves"));
    assert!(s.mission_requirement_met(1, 10));
    // Mission 5: a Sorcery project with each moon phase — the phase printed with its lunar
    // ability: every project here was completed in week 1 (`give_completed`).
    let mut t = started(2, 88, json!({}));
    for name in ["Minor Rift", "Moonlit Ward", "Lantern Hex"] {
        done(&mut t, 0, proj(name));
    }
    assert!(!t.mission_requirement_met(0, 5));
    done(&mut t, 0, proj("Crescent Charm"));
    assert!(t.mission_requirement_met(0, 5));
    assert!(!t.mission_requirement_met(0, 9), "four Sorcery projects");
    // Mission 6: three projects with the same moon phase (4: Crescent Charm, Night Lessons,
    // Waning Glyphs).
    assert!(!t.mission_requirement_met(0, 6));
    done(&mut t, 0, proj("Night Lessons"));
    done(&mut t, 0, proj("Waning Glyphs"));
    assert!(t.mission_requirement_met(0, 6));
    // Mission 8: five projects that need a Ring (Minor Rift, Moonlit Ward, Crescent Charm,
    // Waning Glyphs so far).
    assert!(!t.mission_requirement_met(0, 8));
    done(&mut t, 0, proj("Lucky Numbers"));
    assert!(t.mission_requirement_met(0, 8));
    // Mission 9: six Sorcery projects (Night Lessons and Waning Glyphs made six).
    assert!(t.mission_requirement_met(0, 9));
    done(&mut t, 0, proj("Spectral Sight"));
    // Missions 2 and 1: six of one department; nine projects.
    assert!(t.mission_requirement_met(0, 2));
    assert!(!t.mission_requirement_met(0, 1));
    for name in ["Tea Leaves", "Brass Knuckles", "Counting Bones"] {
        done(&mut t, 0, proj(name));
    }
    assert!(t.mission_requirement_met(0, 1));
    // Mission 4: five Alchemy; mission 7: six needing Mushroom or Skull.
    let mut u = started(2, 89, json!({}));
    for name in [
        "Salt and Sulfur",
        "Philter Practice",
        "Tincture of Toadstool",
        "Cleansing Cauldron",
    ] {
        done(&mut u, 0, proj(name));
    }
    assert!(!u.mission_requirement_met(0, 4));
    done(&mut u, 0, brews[0]);
    assert!(u.mission_requirement_met(0, 4));
    // Mushroom or Skull: Salt and Sulfur, Philter, Tincture, Cauldron, Brew = 5.
    assert!(!u.mission_requirement_met(0, 7));
    done(&mut u, 0, proj("Lantern Hex"));
    assert!(u.mission_requirement_met(0, 7));
}

#[test]
fn solo_mission_hard_also_needs_the_robot_beaten() {
    let mut s = started(
        1,
        90,
        json!({"solo": "mission", "mission": 10, "hard": true}),
    );
    for name in [
        "Twitching Finger",
        "Rattling Ribs",
        "Salt and Sulfur",
        "Tea Leaves",
        "Lich Transformation",
        "Philosopher's Stone",
        "Bone Cathedral",
        "Prime Sequence",
    ] {
        give_completed(&mut s, 0, proj(name));
    }
    assert!(s.score(0) >= 30);
    assert_eq!(s.mission_met(0), Some(true));
    // "must also beat the Robot's score": one credit more wins, a tie loses.
    let score = s.score(0);
    let base = s.robot_score() - i32::from(s.t.robot.tokens);
    s.t.robot.tokens = u16::try_from(score - 1 - base).unwrap();
    assert_eq!(s.robot_score(), score - 1);
    assert_eq!(s.mission_met(0), Some(true));
    assert_eq!(s.margin(), Some(1.0));
    s.t.robot.tokens += 1;
    assert_eq!(s.robot_score(), score, "a tie");
    assert_eq!(s.mission_met(0), Some(false));
    assert_eq!(s.margin(), Some(0.0), "not a win");
    s.t.robot.tokens = 100;
    assert_eq!(s.mission_met(0), Some(false));
    assert!(s.margin().unwrap() < 0.0);
}

/// "Complete 4 projects with no effects and score 30+ credits": 30 meets the mission, 29
/// does not (each mission's score is a floor, met at the number itself).
#[test]
fn a_mission_score_is_met_at_its_number_and_not_below() {
    let mut s = started(2, 91, json!({"missions": [10, 1]}));
    empty_hand(&mut s, 0);
    for name in [
        "Twitching Finger",
        "Rattling Ribs",
        "Salt and Sulfur",
        "Tea Leaves",
    ] {
        give_completed(&mut s, 0, proj(name));
    }
    let base = s.score(0);
    assert!(base < 30);
    s.t.players[0].completed[0].credits = (30 - base) as u8;
    assert_eq!(s.score(0), 30);
    assert_eq!(s.mission_met(0), Some(true));
    s.t.players[0].completed[0].demerits = 1;
    assert_eq!(s.score(0), 29);
    assert_eq!(s.mission_met(0), Some(false));
    assert!(s
        .explain_score(0)
        .lines
        .iter()
        .any(|l| l.category == "Mission" && l.detail.contains("not met")));
}

/// Solo Mode: "At the end of the month, add the top 5 grave cards to the discard" — after
/// End of Month 4 ("Add one card from the grave deck to each grave pile"), the next five
/// cards of the grave deck go face-up to the discard.
#[test]
fn solo_month_end_adds_the_top_five_grave_cards_to_the_discard() {
    let mut s = started(1, 92, json!({}));
    let mut steps = 0;
    while s.t.week < 3 {
        count_move(&mut steps);
        match s.t.turn.stage {
            Stage::Choose => act(&mut s, Move::Cram),
            Stage::AfterAction => act(&mut s, Move::EndTurn),
            _ => act(&mut s, Move::Stop),
        }
    }
    act(&mut s, Move::Cram);
    act(&mut s, Move::Stop); // the robot acts after the turn
    assert_eq!(s.t.phase, Phase::Commit { seat: 0 });
    let deck: Vec<usize> = s.t.grave_deck.iter().map(|&c| usize::from(c)).collect();
    let (discard, piles) = (s.t.discard, s.t.piles);
    let top = |k: usize| deck[deck.len() - 1 - k];
    act(&mut s, Move::Stop); // the commit step, then the month ends
    assert_eq!((s.t.month, s.t.week), (1, 0));
    for (k, (&now, &before)) in s.t.piles.iter().zip(piles.iter()).enumerate() {
        assert_eq!(now, before | bit(top(k)), "pile {k} gets one card");
    }
    let five = (3..8).fold(0u128, |set, k| set | bit(top(k)));
    assert_eq!(s.t.discard, discard | five);
    assert!((3..8).all(|k| s.t.known[top(k)] == 1), "face-up");
    assert_eq!(s.t.grave_deck.len(), deck.len() - 8);
}

/// Every mission can be met with the projects of every player count (solo without its four
/// removed projects): the card data must hold two of one project, a Sorcery project of each
/// moon phase, three of one phase, four without an effect, and enough of each kind.
#[test]
fn every_mission_can_be_met_at_every_player_count() {
    use crate::sorcery::data::Department;
    let set = CardSet::default_set();
    for n in 1..=4usize {
        let cards: Vec<_> = set
            .projects
            .iter()
            .filter(|p| p.players & (1 << n) != 0)
            .filter(|p| !(n == 1 && SOLO_REMOVED.contains(&p.name.as_str())))
            .collect();
        let count = |f: &dyn Fn(&&crate::sorcery::data::ProjectCard) -> bool| {
            cards.iter().filter(|p| f(p)).count()
        };
        let of_phase = |m: u8| count(&|p| p.moon() == Some(m));
        assert!(cards.len() >= 9, "mission 1, {n} players");
        assert!(
            Department::ALL
                .iter()
                .any(|&d| count(&|p| p.department == d) >= 6),
            "mission 2, {n} players"
        );
        assert!(
            cards
                .iter()
                .enumerate()
                .any(|(i, a)| cards[i + 1..].iter().any(|b| b.name == a.name)),
            "mission 3, {n} players"
        );
        assert!(
            count(&|p| p.department == Department::Alchemy) >= 5,
            "mission 4, {n} players"
        );
        assert!(
            (1..=4).all(
                |m| count(&|p| p.department == Department::Sorcery && p.moon() == Some(m)) >= 1
            ),
            "mission 5, {n} players"
        );
        assert!((1..=4).any(|m| of_phase(m) >= 3), "mission 6, {n} players");
        assert!(
            count(&|p| p.icons.contains(&Icon::Mushroom) || p.icons.contains(&Icon::Skull)) >= 6,
            "mission 7, {n} players"
        );
        assert!(
            count(&|p| p.icons.contains(&Icon::Ring)) >= 5,
            "mission 8, {n} players"
        );
        assert!(
            count(&|p| p.department == Department::Sorcery) >= 6,
            "mission 9, {n} players"
        );
        assert!(
            count(&|p| p.ability.is_none()) >= 4,
            "mission 10, {n} players"
        );
    }
}

#[test]
fn a_mushroom_takes_the_biggest_pile_and_adds_to_it_and_to_the_piles_on_its_left() {
    // "Add the pile with the most cards in it (the leftmost pile if tied) to the Robot's
    // Materials. Add 1 grave card from the deck to it and each other pile to its left."
    let mut s = started(1, 86, json!({}));
    let extra = usize::from(*s.t.grave_deck.first().unwrap());
    take_material(&mut s, extra);
    s.t.piles[1] |= bit(extra); // the middle pile: 3 cards, the others 2
    let piles = s.t.piles;
    robot_draws(&mut s, Icon::Mushroom);
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    act(&mut s, Move::Stop);
    assert_eq!(s.t.robot.materials & piles[1], piles[1], "the middle pile");
    assert_eq!(s.t.robot.materials & (piles[0] | piles[2]), 0);
    let added: Vec<u32> = (0..3)
        .map(|j| (s.t.piles[j] & !piles[j]).count_ones())
        .collect();
    assert_eq!(added, [1, 1, 0], "to it and to the pile on its left");
    assert_eq!(s.t.piles[2], piles[2]);
    assert_valid(&s);
}

/// The robot's tokens by difficulty. Hard: "Every time the Robot takes a grave pile that is
/// only one card, it also takes 3 extra credit tokens" (a two-card pile gives none); Extra
/// Hard: "an extra credit token ... every time it clears cards from the market", on top of
/// Hard's (the ladder reading); Medium: no tokens.
#[test]
fn robot_tokens_by_difficulty_for_one_and_two_card_piles_and_a_clear() {
    // (difficulty, tokens for a one-card pile, for a two-card pile, for a clear)
    for (difficulty, one, two, clear) in [
        ("easy", 0, 0, 0),
        ("medium", 0, 0, 0),
        ("hard", 3, 0, 0),
        ("extra-hard", 3, 0, 1),
    ] {
        let tokens_after = |top: Icon, pile_size: u32| {
            let mut s = started(1, 94, json!({ "difficulty": difficulty }));
            while s.t.piles[0].count_ones() > pile_size {
                let c = s.t.piles[0].trailing_zeros() as usize;
                take_material(&mut s, c);
                s.t.discard |= bit(c);
            }
            assert_eq!(s.t.piles[0].count_ones(), pile_size);
            robot_draws(&mut s, top);
            action_turn(&mut s, 0);
            act(&mut s, Move::Cram);
            act(&mut s, Move::Stop);
            s.t.robot.tokens
        };
        assert_eq!(tokens_after(Icon::Limb, 1), one, "{difficulty}: one card");
        assert_eq!(tokens_after(Icon::Limb, 2), two, "{difficulty}: two cards");
        assert_eq!(tokens_after(Icon::Hand, 2), clear, "{difficulty}: a clear");
    }
}

#[test]
fn the_game_over_event_names_the_winner_against_the_robot() {
    // "If you have more credits than the Robot, you win!": the last move's event says both
    // scores and who won; the robot is the solo game's opponent for the final table.
    let mut verdicts = Vec::new();
    for seed in 0..6 {
        let mut s = game(1, seed, json!({"solo": "robot"}));
        let mut steps = 0;
        loop {
            count_move(&mut steps);
            let options = legal(&s);
            let a = options[seed as usize % options.len()];
            let mut after = s.clone();
            after.apply_action(a).unwrap();
            if after.is_terminal() {
                let (you, robot) = (after.score(0), after.robot_score());
                let winner = if you > robot {
                    "you win"
                } else {
                    "the robot wins"
                };
                let line =
                    format!("The game is over: you {you} credits, the robot {robot} — {winner}");
                assert_eq!(s.public_events(a, Some(0)).last(), Some(&line));
                assert_eq!(after.solo_opponent(), Some(("the robot", robot)));
                verdicts.push(winner);
                break;
            }
            s = after;
        }
    }
    assert_eq!(verdicts.len(), 6);
    let two = started(2, 1, json!({}));
    assert_eq!(two.solo_opponent(), None);
    let graded = game(1, 1, json!({"solo": "no-robot"}));
    assert_eq!(graded.solo_opponent(), None);
}

/// Mission 2: "Complete 6 projects in the same department" — six projects across
/// departments are not six of one: five Sorcery and an Alchemy project fall short, a sixth
/// Sorcery project meets it.
#[test]
fn mission_2_needs_six_projects_of_one_department() {
    let mut s = started(2, 92, json!({"missions": [2, 1]}));
    for name in [
        "Minor Rift",
        "Moonlit Ward",
        "Lantern Hex",
        "Crescent Charm",
        "Spectral Sight",
        "Salt and Sulfur",
    ] {
        give_completed(&mut s, 0, proj(name));
    }
    assert!(
        !s.mission_requirement_met(0, 2),
        "five of one, one of another"
    );
    give_completed(&mut s, 0, proj("Night Lessons"));
    assert!(s.mission_requirement_met(0, 2), "six Sorcery projects");
}

/// Solo Mission Mode: "beat a certain score AND meet a mission requirement". The solo
/// margin (positive is a win) is the distance past the mission's score, which is met at the
/// number itself ("score 30+ credits"): 30 is a win by 1, 29 is no win (0); with the
/// requirement unmet even 30 is a loss (-1).
#[test]
fn the_solo_mission_margin_is_won_at_the_missions_score_and_lost_without_its_requirement() {
    let mut s = started(1, 93, json!({"solo": "mission", "mission": 10}));
    empty_hand(&mut s, 0);
    s.t.players[0].projects.clear();
    // No effects: 2 + 3 + 2 + 3 = 10 credits.
    for name in [
        "Twitching Finger",
        "Rattling Ribs",
        "Salt and Sulfur",
        "Tea Leaves",
    ] {
        give_completed(&mut s, 0, proj(name));
    }
    s.t.players[0].completed[0].credits = 20;
    assert_eq!(s.score(0), 30);
    assert_eq!(s.margin(), Some(1.0), "30 meets 30+");
    s.t.players[0].completed[0].credits = 19;
    assert_eq!(s.margin(), Some(0.0), "29 does not");
    s.t.players[0].completed[0].credits = 20;
    s.t.players[0].completed.pop(); // three projects with no effects; 27 credits
    s.t.players[0].completed[0].credits = 23;
    assert_eq!(s.score(0), 30);
    assert_eq!(
        s.margin(),
        Some(-1.0),
        "the requirement unmet: no win at 30"
    );
}

/// A No Robot game whose player's score is 40: a completed Lich Transformation (9 credits)
/// carrying the extra-credit tokens that make it up with the thesis.
fn no_robot_at_forty() -> SorceryState {
    let mut s = started(1, 95, json!({"solo": "no-robot"}));
    empty_hand(&mut s, 0);
    s.t.players[0].projects.clear();
    give_completed(&mut s, 0, proj("Lich Transformation")); // 9 credits
    let thesis = s.score(0) - 9;
    s.t.players[0].completed[0].credits = u8::try_from(31 - thesis).unwrap();
    s
}

/// No Robot Solo Variant: the grade table's best grade is "A+ 40+", and the solo margin
/// (positive is a win) is the distance past it: 40 wins by 1, 39 does not (0).
#[test]
fn the_no_robot_margin_is_won_at_forty() {
    let mut s = no_robot_at_forty();
    assert_eq!(s.score(0), 40);
    assert_eq!(s.margin(), Some(1.0));
    s.t.players[0].completed[0].credits -= 1;
    assert_eq!(s.margin(), Some(0.0));
}

/// No Robot Solo Variant: "At the end of the game, use the following chart to get your
/// score": the score's lines end with the chart's grade of the total (40: A+, 39: A),
/// worth no points; a game against the robot has no grade line.
#[test]
fn the_no_robot_score_lines_end_with_the_grade_of_the_chart() {
    let grade_lines = |s: &SorceryState| -> Vec<(i32, String)> {
        s.explain_score(0)
            .lines
            .into_iter()
            .filter(|l| l.category == "Grade")
            .map(|l| (l.points, l.detail))
            .collect()
    };
    let mut s = no_robot_at_forty();
    assert_eq!(s.score(0), 40);
    assert_eq!(grade_lines(&s), [(0, "grade A+".to_string())]);
    s.t.players[0].completed[0].credits -= 1;
    assert_eq!(s.score(0), 39);
    assert_eq!(grade_lines(&s), [(0, "grade A".to_string())]);
    assert_eq!(grade_lines(&started(1, 95, json!({}))), []);
}
