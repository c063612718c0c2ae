//! "Game Setup", "Player Setup" and "I. Action Step": Cram, Dig, Buy (with the Buy Example).

use serde_json::json;

use super::*;
use crate::sorcery::data::NUM_PROJECTS;
use crate::sorcery::state::ids;

#[test]
fn setup_deals_the_market_piles_grants_theses_and_projects() {
    let s = game(2, 3, json!({}));
    let set = CardSet::default_set();
    // Game Setup 7: two 100s, two 100s, two 200s.
    let levels: Vec<u16> =
        s.t.market
            .iter()
            .map(|&c| set.projects[usize::from(c)].level)
            .collect();
    assert_eq!(levels, [100, 100, 100, 100, 200, 200]);
    // 3: projects not for 2 players are out of the game.
    for (i, p) in set.projects.iter().enumerate() {
        let out = s.t.removed & (1 << i) != 0;
        assert_eq!(out, p.players & (1 << 2) == 0, "{}", p.name);
    }
    // 9: three piles of two.
    assert!(s.t.piles.iter().all(|p| p.count_ones() == 2));
    assert_eq!(s.t.grave_deck.len(), 70 - 6);
    for p in s.t.players.iter() {
        // Player Setup 1-2: a research grant, two theses, two 100-level projects.
        assert_eq!(p.hand.count_ones(), 1);
        assert_eq!(set.materials[p.hand.trailing_zeros() as usize].value, 5);
        assert!(p.thesis_offer.iter().all(|&t| t != NONE));
        assert!(p
            .project_offer
            .iter()
            .all(|&c| set.projects[usize::from(c)].level == 100));
    }
    assert_eq!(s.t.phase, Phase::Setup { seat: 0 });
    assert_valid(&s);
}

#[test]
fn the_kept_project_is_revealed_and_the_other_goes_to_the_bottom_of_the_100_deck() {
    let mut s = game(2, 5, json!({"theses": "none"}));
    let offers: Vec<[u8; 2]> = s.t.players.iter().map(|p| p.project_offer).collect();
    act(&mut s, Move::PickProject(1));
    // Seat 0's pick stays hidden until everyone has chosen.
    assert!(s.t.players[0].projects.is_empty());
    act(&mut s, Move::PickProject(0));
    assert_eq!(
        usize::from(s.t.players[0].projects[0].card),
        usize::from(offers[0][1])
    );
    assert_eq!(
        usize::from(s.t.players[1].projects[0].card),
        usize::from(offers[1][0])
    );
    let bottom: Vec<u8> = s.t.decks[0][..2].to_vec();
    assert!(bottom.contains(&offers[0][0]) && bottom.contains(&offers[1][1]));
    assert_eq!(s.t.phase, Phase::Action { seat: 0 });
}

#[test]
fn first_time_playing_removes_the_seven_credit_theses() {
    let s = game(4, 1, json!({"theses": "no-seven"}));
    let set = CardSet::default_set();
    for p in s.t.players.iter() {
        assert!(p
            .thesis_offer
            .iter()
            .all(|&t| set.theses[usize::from(t)].credits != 7));
    }
    let none = game(4, 1, json!({"theses": "none"}));
    assert!(none.t.players.iter().all(|p| p.thesis_offer == [NONE; 2]));
}

/// The rulebook's Buy Example: a $5 Ring pays for Spectral Sight ($2) and a Candle ($2);
/// $1 of change is lost.
#[test]
fn buy_example_five_dollar_ring_pays_for_spectral_sight_and_a_candle() {
    let mut s = started(2, 11, json!({}));
    let spectral = proj("Spectral Sight");
    take_project(&mut s, spectral);
    s.t.removed |= 1 << s.t.market[0];
    s.t.market[0] = spectral as u8;
    empty_hand(&mut s, 0);
    let ring = mat("Cursed Signet", 0);
    assert_eq!(s.mat(ring).value, 5);
    give(&mut s, 0, ring);
    action_turn(&mut s, 0);
    act(&mut s, Move::Buy);
    act(&mut s, Move::BuySpace(0));
    act(&mut s, Move::BuyCandle);
    assert_eq!(s.t.turn.price, 4, "2 + 2 = $4");
    act(&mut s, Move::BuyDone);
    act(&mut s, Move::Pay(ring));
    assert_eq!(
        s.action_to_string(crate::sorcery::actions::PAY_DONE),
        "Finish paying ($5 paid for $4, $1 lost)"
    );
    act(&mut s, Move::PayDone);
    let p = &s.t.players[0];
    assert!(p.projects.iter().any(|w| usize::from(w.card) == spectral));
    let candles = p.hand & s.cards.candles;
    assert_eq!(candles.count_ones(), 1, "the candle goes into the hand");
    assert_eq!(p.hand.count_ones(), 1, "nothing comes back as change");
    assert!(s.t.discard & bit(ring) != 0, "the Ring is discarded");
    // Restocked from the same level.
    assert_eq!(s.proj(usize::from(s.t.market[0])).level, 100);
    assert_valid(&s);
}

#[test]
fn a_used_research_grant_returns_to_the_box_and_underpaying_is_impossible() {
    let mut s = started(2, 12, json!({}));
    action_turn(&mut s, 0);
    let grant = s.t.players[0].hand & s.grants();
    let g = grant.trailing_zeros() as usize;
    s.t.players[0].hand = grant;
    act(&mut s, Move::Buy);
    // Only purchases within $5 are offered.
    for m in legal_moves(&s) {
        if let Move::BuySpace(i) = m {
            assert!(s.proj(usize::from(s.t.market[i])).cost <= 5);
        }
    }
    let space = first_buy_space(&s);
    act(&mut s, Move::BuySpace(space));
    act(&mut s, Move::BuyDone);
    assert!(
        !legal_moves(&s).contains(&Move::PayDone),
        "nothing paid yet"
    );
    act(&mut s, Move::Pay(g));
    act(&mut s, Move::PayDone);
    assert!(s.t.out & bit(g) != 0, "the grant is in the box");
    assert_valid(&s);
}

#[test]
fn restock_uses_the_next_lowest_level_when_a_deck_is_empty() {
    let mut s = started(2, 13, json!({}));
    // Empty the 200-level deck into the removed set.
    for c in std::mem::take(&mut s.t.decks[1]).iter() {
        s.t.removed |= 1 << c;
    }
    let space = 4;
    let c = usize::from(s.t.market[space]);
    assert_eq!(s.proj(c).level, 200);
    give(&mut s, 0, mat("Cursed Signet", 0));
    action_turn(&mut s, 0);
    act(&mut s, Move::Buy);
    act(&mut s, Move::BuySpace(space));
    act(&mut s, Move::BuyDone);
    act(&mut s, Move::Pay(mat("Cursed Signet", 0)));
    act(&mut s, Move::PayDone);
    assert_eq!(s.proj(usize::from(s.t.market[space])).level, 100);
    assert_valid(&s);
}

#[test]
fn buying_several_projects_and_stock_can_be_picked_in_any_order() {
    // D) Buy: "buy new projects ... as well as stock materials": no order among them, so
    // whatever a player picks first, the rest stays on offer; the price is their sum.
    let mut s = started(2, 14, json!({}));
    give(&mut s, 0, mat("Cursed Signet", 0));
    give(&mut s, 0, mat("Cursed Signet", 1));
    action_turn(&mut s, 0);
    act(&mut s, Move::Buy);
    let cost = |s: &SorceryState, i: usize| u16::from(s.proj(usize::from(s.t.market[i])).cost);
    let (c0, c2) = (cost(&s, 0), cost(&s, 2));
    act(&mut s, Move::BuySpace(2));
    let after_space_2 = legal_moves(&s);
    assert!(
        after_space_2.contains(&Move::BuySpace(0)),
        "an earlier space after a later one"
    );
    assert!(
        !after_space_2.contains(&Move::BuySpace(2)),
        "a space is bought once"
    );
    act(&mut s, Move::BuyVial);
    let after_vial = legal_moves(&s);
    assert!(
        after_vial.contains(&Move::BuyCandle),
        "a candle after a vial"
    );
    assert!(
        after_vial.contains(&Move::BuySpace(0)),
        "a project after stock"
    );
    act(&mut s, Move::BuySpace(0));
    act(&mut s, Move::BuyCandle);
    // Both projects, a Candle ($2) and a Vial ($3): the stock costs its value.
    assert_eq!(s.t.turn.buy, 0b101);
    assert_eq!((s.t.turn.candles, s.t.turn.vials), (1, 1));
    assert_eq!(s.t.turn.price, c0 + c2 + 2 + 3);
}

#[test]
fn dig_takes_the_first_pile_and_replaces_it() {
    let mut s = started(2, 21, json!({}));
    action_turn(&mut s, 0);
    let pile = s.t.piles[0];
    act(&mut s, Move::Dig);
    // "privately looking at all cards in the first grave pile"
    for c in ids(pile) {
        assert!(s.t.known[c] & 1 != 0);
        assert_eq!(s.t.known[c] & 2, 0, "the other seat did not look");
    }
    act(&mut s, Move::DigTake);
    assert_eq!(s.t.players[0].hand & pile, pile);
    assert_eq!(
        s.t.piles[0].count_ones(),
        1,
        "replaced with a face-down card"
    );
    assert_valid(&s);
}

#[test]
fn keep_looking_adds_a_card_to_each_pile_left_behind_and_ends_with_a_choice() {
    let mut s = started(2, 22, json!({}));
    action_turn(&mut s, 0);
    let sizes: Vec<u32> = s.t.piles.iter().map(|p| p.count_ones()).collect();
    let first = s.t.piles[0];
    act(&mut s, Move::Dig);
    act(&mut s, Move::DigOn);
    assert_eq!(s.t.piles[0].count_ones(), sizes[0] + 1);
    // The card that joined is face-down: the digger knows only the cards it saw.
    let joined = s.t.piles[0] & !first;
    assert_eq!(s.t.known[joined.trailing_zeros() as usize], 0);
    act(&mut s, Move::DigOn);
    assert_eq!(s.t.piles[1].count_ones(), sizes[1] + 1);
    act(&mut s, Move::DigOn);
    assert_eq!(
        s.t.piles[2].count_ones(),
        sizes[2],
        "no pile after the third"
    );
    let mut end = legal_moves(&s);
    end.sort_by_key(|m| encode(*m));
    assert_eq!(
        end,
        vec![
            Move::DigTop,
            Move::DigCandle,
            Move::DigVial,
            Move::DigNothing
        ]
    );
    let candles = (s.t.stock & s.cards.candles).count_ones();
    act(&mut s, Move::DigCandle);
    assert_eq!((s.t.stock & s.cards.candles).count_ones(), candles - 1);
    assert!(s.t.players[0].hand & s.cards.candles != 0, "free candle");
}

#[test]
fn an_empty_grave_deck_is_refilled_by_shuffling_the_discard() {
    let mut s = started(2, 23, json!({}));
    let deck: Vec<u8> = s.t.grave_deck.to_vec();
    s.t.grave_deck.clear();
    for c in deck {
        s.discard_card(usize::from(c));
    }
    let discard = s.t.discard;
    action_turn(&mut s, 0);
    act(&mut s, Move::Dig);
    act(&mut s, Move::DigTake);
    assert_eq!(s.t.grave_deck.len() + 1, discard.count_ones() as usize);
    assert_eq!(s.t.discard, 0);
    assert!(s
        .t
        .grave_deck
        .iter()
        .all(|&c| s.t.known[usize::from(c)] == 0));
    assert_valid(&s);
}

#[test]
fn cram_commits_up_to_two_and_completes_at_once() {
    let mut s = started(2, 31, json!({}));
    let id = proj("Twitching Finger"); // Hand, Hand
    give_project(&mut s, 0, id);
    let (a, b, c) = (
        mat("Severed Hand", 0),
        mat("Severed Hand", 1),
        mat("Severed Hand", 2),
    );
    for m in [a, b, c] {
        give(&mut s, 0, m);
    }
    action_turn(&mut s, 0);
    act(&mut s, Move::Cram);
    act(&mut s, Move::Commit(a));
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 3,
        },
    );
    act(&mut s, Move::Commit(b));
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 3,
        },
    );
    assert!(
        !legal_moves(&s).contains(&Move::Commit(c)),
        "two commits at most"
    );
    act(&mut s, Move::Stop);
    assert_eq!(completed(&s, 0, id), Some((0, 0)));
    assert!(s.t.discard & bit(a) != 0 && s.t.discard & bit(b) != 0);
    assert_eq!(s.t.phase, Phase::Action { seat: 1 });
    assert_valid(&s);
}

#[test]
fn every_project_id_fits_the_encoding() {
    assert_eq!(CardSet::default_set().projects.len(), NUM_PROJECTS);
}

/// Game Setup 3-9 and Player Setup 1-2 for every player count: the projects not marked for
/// the count (and in solo the four named ones) are out; the market takes 4 + 2 from the 100
/// and 200 decks and each seat 2 from the 100 deck; the grants of absent seats stay in the box.
#[test]
fn setup_by_player_count_from_one_to_four() {
    let set = CardSet::default_set();
    for n in 1..=4usize {
        let s = game(n, 90 + n as u64, json!({}));
        let solo_out = [
            "Minor Rift",
            "Dark Premonition",
            "Ghostly Grifter",
            "Bottled Brilliance",
        ];
        let in_play = |level: u16| {
            set.projects
                .iter()
                .filter(|p| {
                    p.level == level
                        && p.players & (1 << n) != 0
                        && !(n == 1 && solo_out.contains(&p.name.as_str()))
                })
                .count()
        };
        assert_eq!(s.t.decks[0].len(), in_play(100) - 4 - 2 * n, "{n} players");
        assert_eq!(s.t.decks[1].len(), in_play(200) - 2, "{n} players");
        assert_eq!(s.t.decks[2].len(), in_play(300), "{n} players");
        assert_eq!(s.t.players.len(), n);
        let grants = (0..4)
            .filter(|&g| s.t.out & bit(crate::sorcery::data::FIRST_GRANT + g) != 0)
            .count();
        assert_eq!(grants, 4 - n, "absent seats' grants are out");
        // Solo: "Add the top 10 grave cards from the deck to the discard during setup."
        let discard = if n == 1 { 10 } else { 0 };
        assert_eq!(s.t.discard.count_ones(), discard);
        assert_eq!(s.t.grave_deck.len(), 70 - 6 - discard as usize);
        assert_valid(&s);
    }
}

/// A state document with a buy under way must describe a buy the seat can pay: a price
/// beyond its hand (or one below the chosen cards' costs) is rejected, naming the buy.
#[test]
fn a_document_with_a_buy_the_hand_cannot_pay_is_rejected() {
    let mut s = started(2, 15, json!({}));
    give(&mut s, 0, mat("Cursed Signet", 0));
    action_turn(&mut s, 0);
    act(&mut s, Move::Buy);
    act(&mut s, Move::BuyCandle);
    let doc: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    assert!(SorceryState::from_json(&doc.to_string()).is_ok());
    for price in [1, 96] {
        let mut bad = doc.clone();
        bad["table"]["turn"]["price"] = json!(price);
        let err = SorceryState::from_json(&bad.to_string())
            .unwrap_err()
            .to_string();
        assert!(err.contains("buy in progress"), "{err}");
    }
}

/// "restock the market by replacing any bought projects with new projects from the same
/// level": in month 2 the middle column holds 200-level projects (shifted left from the
/// right column); one bought there is replaced from the 200-level deck, not the 100-level
/// deck the middle column was first dealt from.
#[test]
fn a_bought_project_is_restocked_from_its_own_level_not_its_columns() {
    let mut s = started(2, 96, json!({}));
    s.t.month = 1;
    let space = 2; // middle column, top row
    let bought = s.t.decks[1].pop().unwrap();
    s.t.removed |= 1 << s.t.market[space];
    s.t.market[space] = bought;
    assert_eq!(s.proj(usize::from(bought)).level, 200);
    let next_200 = *s.t.decks[1].last().unwrap();
    let decks_100 = s.t.decks[0];
    give(&mut s, 0, mat("Cursed Signet", 0));
    give(&mut s, 0, mat("Cursed Signet", 1));
    action_turn(&mut s, 0);
    act(&mut s, Move::Buy);
    act(&mut s, Move::BuySpace(space));
    act(&mut s, Move::BuyDone);
    for m in [mat("Cursed Signet", 0), mat("Cursed Signet", 1)] {
        if legal_moves(&s).contains(&Move::PayDone) {
            break;
        }
        act(&mut s, Move::Pay(m));
    }
    act(&mut s, Move::PayDone);
    assert_eq!(s.t.market[space], next_200, "the next 200-level project");
    assert_eq!(s.t.decks[0], decks_100, "the 100-level deck is untouched");
    assert_valid(&s);
}

/// "You can use your staff in any step of your turn: Action, Commit, or Complete" — in the
/// middle of a dig too. Passing pile 1 adds a face-down card to it ("add a card face-down
/// from the grave deck to the pile you left behind"); Seer's Staff (Spectral Sight, one card)
/// used then, looking at pile 2, sees that card and may take it; its dealt cards join the
/// piles, and the dig goes on at pile 2, whose new card the digger sees as it looks at it.
#[test]
fn seers_staff_in_the_middle_of_a_dig_sees_and_takes_the_card_added_to_pile_1() {
    let mut s = started(2, 99, json!({"staffs": true}));
    give_staff(&mut s, 0, "Seer's Staff");
    action_turn(&mut s, 0);
    act(&mut s, Move::Dig);
    let joined = usize::from(*s.t.grave_deck.last().unwrap());
    act(&mut s, Move::DigOn);
    assert!(s.t.piles[0] & bit(joined) != 0, "the card joined pile 1");
    assert_eq!(s.t.known[joined] & 1, 0, "face-down: unseen");
    assert_eq!(s.t.turn.pile, 1);
    let offered = legal_moves(&s);
    assert_eq!(offered, vec![Move::UseStaff, Move::DigTake, Move::DigOn]);
    act(&mut s, Move::UseStaff);
    assert_eq!(
        s.t.known[joined] & 1,
        1,
        "Seer's Staff looks through all piles"
    );
    assert!(legal_moves(&s).contains(&Move::TakeGrave(joined)));
    let dealt = s.t.grave_deck[s.t.grave_deck.len() - 3..].to_vec(); // one to each pile
    act(&mut s, Move::TakeGrave(joined));
    assert!(
        s.t.players[0].hand & bit(joined) != 0,
        "taken into the hand"
    );
    assert_eq!(
        (s.t.phase, s.t.turn.stage, s.t.turn.pile),
        (Phase::Action { seat: 0 }, Stage::Dig, 1)
    );
    assert!(s.t.paused.is_none());
    assert!(s.t.players[0].staff_used);
    for c in dealt {
        let c = usize::from(c);
        let k = (0..3).find(|&k| s.t.piles[k] & bit(c) != 0).unwrap();
        assert_eq!(
            s.t.known[c] & 1 != 0,
            k == 1,
            "card {c} dealt to pile {}",
            k + 1
        );
    }
    for c in ids(s.t.piles[1]) {
        assert_eq!(
            s.t.known[c] & 1,
            1,
            "card {c}: the digger, back at pile 2, still sees what it saw there"
        );
    }
    assert_eq!(legal_moves(&s), vec![Move::DigTake, Move::DigOn]);
    assert_valid(&s);
    let pile = s.t.piles[1];
    act(&mut s, Move::DigTake);
    assert_eq!(
        s.t.players[0].hand & pile,
        pile,
        "the dig goes on: pile 2 taken"
    );
}

/// The staff in a solo buy after a clear ("spend $1 to remove two projects from the Market
/// … and replace the projects"; "You can use your staff in any step of your turn"). With a
/// $1 Toadstool the seat clears two spaces and has spent its money; Glass Staff's free Vial
/// ($3), taken then, pays for the $2 Spectral Sight in market space 3 on top of the clear:
/// $1 + $3 = $4 paid for $1 + $2, $1 lost. Without the staff nothing can be bought.
#[test]
fn glass_staff_after_a_solo_clear_pays_for_a_project_the_clear_left_affordable() {
    let mut s = started(1, 86, json!({"staffs": true}));
    give_staff(&mut s, 0, "Glass Staff"); // take 1 vial
    empty_hand(&mut s, 0);
    let toadstool = mat("Toadstool", 0);
    give(&mut s, 0, toadstool);
    assert_eq!(s.mat(toadstool).value, 1);
    let sight = proj("Spectral Sight"); // $2
    take_project(&mut s, sight);
    s.t.market[2] = sight as u8;
    action_turn(&mut s, 0);
    act(&mut s, Move::Buy);
    assert!(
        !legal_moves(&s).contains(&Move::UseStaff),
        "not before a clear"
    );
    act(&mut s, Move::Clear(0));
    assert!(
        !legal_moves(&s).contains(&Move::UseStaff),
        "not in the middle of a pair"
    );
    act(&mut s, Move::Clear(1));
    assert_eq!(s.t.turn.price, 1);
    let mut without = s.clone();
    act(&mut without, Move::ClearDone);
    assert!(
        !legal_moves(&without)
            .iter()
            .any(|m| matches!(m, Move::BuySpace(_))),
        "$1 spent on the clear: nothing more to buy"
    );
    act(&mut s, Move::UseStaff);
    assert_eq!(
        (s.t.turn.stage, s.t.turn.price, s.t.turn.clear_first),
        (Stage::BuyClear, 1, NONE),
        "the buy goes on where it was"
    );
    assert!(s.t.paused.is_none());
    let vials = s.t.players[0].hand & s.cards.vials;
    assert_eq!(vials.count_ones(), 1, "the staff's Vial");
    assert_eq!(s.budget(0), 1 + 3);
    act(&mut s, Move::ClearDone);
    act(&mut s, Move::BuySpace(2));
    act(&mut s, Move::BuyDone);
    let vial = vials.trailing_zeros() as usize;
    let (lo, hi) = (toadstool.min(vial), toadstool.max(vial));
    act(&mut s, Move::Pay(lo));
    act(&mut s, Move::Pay(hi));
    assert!(s
        .describe(encode(Move::PayDone))
        .contains("$4 paid for $3, $1 lost"));
    act(&mut s, Move::PayDone);
    assert!(s.t.players[0]
        .projects
        .iter()
        .any(|w| usize::from(w.card) == sight));
    assert_eq!(s.t.players[0].hand, 0);
}

/// The staff in the middle of a project action's effect: Spectral Sight ("Look through all
/// grave piles and take any 3 cards, deal 1 card to each pile") has looked, and before its
/// first take Staff of Digging ("draw 2 grave cards") is offered. Used there, it draws the
/// deck's top two cards, and Spectral Sight's deal then gives the piles the next three (used
/// after the action it would have drawn the third and fourth instead). Not offered once a
/// card is taken.
#[test]
fn staff_of_digging_in_the_middle_of_spectral_sight_draws_before_its_deal() {
    let mut s = started(2, 99, json!({"staffs": true}));
    give_staff(&mut s, 0, "Staff of Digging");
    let sight = proj("Spectral Sight");
    give_completed(&mut s, 0, sight);
    empty_hand(&mut s, 0);
    action_turn(&mut s, 0);
    let deck = s.t.grave_deck.to_vec();
    let top = |k: usize| usize::from(deck[deck.len() - 1 - k]); // k-th card from the top
    act(&mut s, Move::Ability(sight));
    assert_eq!(s.t.turn.stage, Stage::SpectralTake);
    assert!(legal_moves(&s).contains(&Move::UseStaff));
    act(&mut s, Move::UseStaff);
    assert_eq!(s.t.players[0].hand, bit(top(0)) | bit(top(1)));
    assert_eq!(
        (s.t.turn.stage, s.t.turn.remaining),
        (Stage::SpectralTake, 3),
        "Spectral Sight goes on where it was"
    );
    assert!(s.t.paused.is_none());
    let first = legal_moves(&s)
        .into_iter()
        .find_map(|m| match m {
            Move::TakeGrave(g) => Some(g),
            _ => None,
        })
        .expect("a card to take");
    act(&mut s, Move::TakeGrave(first));
    assert!(
        !legal_moves(&s).contains(&Move::UseStaff),
        "used, and nothing is learned between takes"
    );
    for _ in 0..2 {
        let g = legal_moves(&s)
            .into_iter()
            .find_map(|m| match m {
                Move::TakeGrave(g) => Some(g),
                _ => None,
            })
            .unwrap();
        act(&mut s, Move::TakeGrave(g));
    }
    for (k, c) in [top(2), top(3), top(4)].into_iter().enumerate() {
        assert!(s.t.piles[k] & bit(c) != 0, "pile {} got card {c}", k + 1);
    }
    assert_eq!(s.t.players[0].hand.count_ones(), 2 + 3);
    assert_valid(&s);
}

/// The staff in the middle of Spectral Sight, for seat 1: Seer's Staff (Spectral Sight, one
/// card) takes a card and deals one to each pile; the project's Spectral Sight then goes on
/// and still "look[s] through all grave piles": seat 1 sees the three dealt cards too, and
/// seat 0 sees none of them; the cards seat 1 saw in the piles before stay seen.
#[test]
fn seers_staff_in_the_middle_of_spectral_sight_lets_its_dealt_cards_be_seen() {
    let mut s = started(2, 98, json!({"staffs": true}));
    give_staff(&mut s, 1, "Seer's Staff");
    let sight = proj("Spectral Sight");
    give_completed(&mut s, 1, sight);
    action_turn(&mut s, 1);
    act(&mut s, Move::Ability(sight));
    let seen_before = s.t.piles.iter().fold(0, |all, &p| all | p);
    act(&mut s, Move::UseStaff);
    let dealt = s.t.grave_deck[s.t.grave_deck.len() - 3..].to_vec(); // one to each pile
    let g = legal_moves(&s)
        .into_iter()
        .find_map(|m| match m {
            Move::TakeGrave(g) => Some(g),
            _ => None,
        })
        .expect("Seer's Staff takes a card");
    act(&mut s, Move::TakeGrave(g));
    assert_eq!(
        (s.t.turn.stage, s.t.turn.remaining),
        (Stage::SpectralTake, 3),
        "the project's Spectral Sight goes on"
    );
    for c in dealt {
        let c = usize::from(c);
        assert!(s.t.piles.iter().any(|&p| p & bit(c) != 0), "card {c} dealt");
        assert_eq!(s.t.known[c], 0b10, "dealt card {c}: seen by seat 1 only");
    }
    let still_there = seen_before & s.t.piles.iter().fold(0, |all, &p| all | p);
    assert!(still_there != 0);
    for c in ids(still_there) {
        assert!(
            s.t.known[c] & 0b10 != 0,
            "card {c}, seen before the staff, is still seen"
        );
    }
    assert_valid(&s);
}

#[test]
fn cram_says_when_nothing_in_the_hand_fits_an_open_icon() {
    // I.A Cram: "You may commit up to two materials", so a cram with nothing to commit is
    // legal; its option text tells the acting seat that it would spend the action on nothing.
    let mut s = started(2, 31, json!({}));
    s.t.players[0].projects.clear();
    give_project(&mut s, 0, proj("Twitching Finger")); // Hand, Hand
    empty_hand(&mut s, 0);
    give(&mut s, 0, mat("Cracked Skull", 0));
    action_turn(&mut s, 0);
    let cram = encode(Move::Cram);
    assert!(legal(&s).contains(&cram));
    assert_eq!(
        s.describe(cram),
        "Cram: commit nothing (no material in your hand fits an open icon)"
    );
    give(&mut s, 0, mat("Severed Hand", 0));
    assert_eq!(s.describe(cram), "Cram: commit up to two materials now");
}

#[test]
fn the_materials_of_a_cram_or_commit_can_be_committed_in_any_order() {
    // "You may commit up to two materials" (I.A; the commit step, page 8) in no order: after
    // the card a player thought of first (here the last in the hand), the others that fit
    // are still offered, in a cram and in the commit step alike.
    for cram in [true, false] {
        let mut s = started(2, 31, json!({}));
        s.t.players[0].projects.clear();
        let id = proj("Twitching Finger"); // Hand, Hand
        give_project(&mut s, 0, id);
        empty_hand(&mut s, 0);
        let (a, b) = (mat("Severed Hand", 0), mat("Severed Hand", 1));
        assert!(a < b);
        give(&mut s, 0, a);
        give(&mut s, 0, b);
        if cram {
            action_turn(&mut s, 0);
            act(&mut s, Move::Cram);
        } else {
            s.t.phase = Phase::Commit { seat: 0 };
            s.t.turn = Turn {
                stage: Stage::Commit,
                limit: 2,
                ..Turn::default()
            };
        }
        act(&mut s, Move::Commit(b));
        act(
            &mut s,
            Move::CommitTo {
                project: id,
                icon: 3,
            },
        );
        assert!(legal_moves(&s).contains(&Move::Commit(a)), "cram: {cram}");
        act(&mut s, Move::Commit(a));
        act(
            &mut s,
            Move::CommitTo {
                project: id,
                icon: 3,
            },
        );
        assert_eq!(s.t.turn.commits, 2);
    }
}

/// "C) Dig": after the three piles, "Take the top card of the grave deck" — into the hand,
/// seen by the digger (seat 1 here) and no one else.
#[test]
fn the_top_card_a_dig_takes_is_seen_by_the_digger_only() {
    let mut s = started(2, 23, json!({}));
    seat_1_digs_through_every_pile(&mut s);
    let top = usize::from(*s.t.grave_deck.last().unwrap());
    act(&mut s, Move::DigTop);
    assert!(s.t.players[1].hand & bit(top) != 0);
    assert_eq!(s.t.known[top], 0b10, "known to seat 1 only");
}

/// Player Setup 1 and the staff expansion's 5: "two random Thesis cards" and "two staff
/// cards" to each player, dealt from one shuffled pool: with four players, sixteen different
/// cards in all — no card offered twice.
#[test]
fn every_seat_is_offered_two_theses_and_two_staffs_no_card_twice() {
    for seed in 0..4 {
        let s = game(4, seed, json!({"staffs": true}));
        let mut theses: Vec<u8> = s.t.players.iter().flat_map(|p| p.thesis_offer).collect();
        let mut staffs: Vec<u8> = s.t.players.iter().flat_map(|p| p.staff_offer).collect();
        theses.sort_unstable();
        theses.dedup();
        staffs.sort_unstable();
        staffs.dedup();
        assert_eq!(theses.len(), 8, "seed {seed}: eight different theses");
        assert_eq!(staffs.len(), 8, "seed {seed}: eight different staffs");
        assert!(!theses.contains(&NONE) && !staffs.contains(&NONE));
    }
}

/// "C) Dig": "Start by privately looking at all cards in the first grave pile" — seat 1
/// digging sees pile 1's cards; seat 0 learns nothing of them.
#[test]
fn the_digger_privately_looks_at_the_first_pile() {
    let mut s = started(2, 25, json!({}));
    act(&mut s, Move::Cram);
    act(&mut s, Move::Stop);
    let pile = s.t.piles[0];
    for c in ids(pile) {
        s.t.known[c] = 0;
    }
    act(&mut s, Move::Dig);
    for c in ids(pile) {
        assert_eq!(s.t.known[c], 0b10, "card {c}: seen by seat 1 only");
    }
}
