//! Hidden information: dig knowledge per seat, the theses, the setup picks, determinization.

use serde_json::json;

use super::*;
use crate::sorcery::data::NUM_GRAVE;
use crate::sorcery::state::{ids, Materials};

#[test]
fn a_seat_that_looked_at_a_pile_knows_it_until_unseen_cards_join() {
    let mut s = started(2, 71, json!({}));
    action_turn(&mut s, 0);
    let pile = s.t.piles[0];
    act(&mut s, Move::Dig);
    act(&mut s, Move::DigOn);
    act(&mut s, Move::DigTake); // takes pile 2
    let obs0 = s.observation(0);
    let obs1 = s.observation(1);
    let known0 = obs0["piles"][0]["known"].as_array().unwrap().len();
    assert_eq!(
        known0,
        pile.count_ones() as usize,
        "seat 0 still knows the cards it saw"
    );
    assert_eq!(obs0["piles"][0]["size"], pile.count_ones() + 1);
    assert_eq!(obs1["piles"][0]["known"].as_array().unwrap().len(), 0);
    // Seat 1 now takes pile 1: seat 0 knows those cards are in seat 1's hand.
    act(&mut s, Move::Dig);
    act(&mut s, Move::DigTake);
    let hand_known: Vec<u64> = s.observation(0)["players"][1]["hand_known"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_u64().unwrap())
        .filter(|&c| c < 70)
        .collect();
    assert_eq!(hand_known, ids(pile).map(|c| c as u64).collect::<Vec<_>>());
}

#[test]
fn theses_and_setup_picks_are_hidden_and_resampled() {
    let mut s = game(2, 72, json!({"staffs": true}));
    act(&mut s, Move::PickThesis(0));
    act(&mut s, Move::PickProject(1));
    act(&mut s, Move::PickStaff(1));
    // Seat 1 sees that seat 0 chose, not what.
    assert!(s.observation(1)["players"][0]["thesis"].is_null());
    assert!(s.observation(1)["players"][0]["staff"].is_null());
    let r = s.resample_hidden(1, 9);
    assert_eq!(r.information_state_string(1), s.information_state_string(1));
    let different = (0..20).any(|k| {
        let r = s.resample_hidden(1, k);
        r.t.players[0].thesis_offer != s.t.players[0].thesis_offer
    });
    assert!(different, "the other seat's theses are redrawn");
    // Seat 0 keeps its own.
    let r = s.resample_hidden(0, 3);
    assert_eq!(r.t.players[0].thesis, s.t.players[0].thesis);
}

#[test]
fn resample_depends_only_on_what_the_seat_knows() {
    let mut s = started(3, 73, json!({}));
    let mut rng = crate::engine::Rng::seed_from(5);
    for _ in 0..40 {
        let l = legal(&s);
        s.apply_action(l[rng.below(l.len())]).unwrap();
    }
    let seat = s.actor().unwrap();
    let a = s.resample_hidden(seat, 77);
    let b = s.resample_hidden(seat, 77);
    assert_eq!(a.to_json(), b.to_json());
    // Another state with the same information state gives the same copy.
    let other = s.resample_hidden(seat, 1);
    assert_eq!(
        other.information_state_string(seat),
        s.information_state_string(seat)
    );
    assert_eq!(other.resample_hidden(seat, 77).to_json(), a.to_json());
}

#[test]
fn resample_redraws_the_others_hidden_commits_among_legal_ones() {
    let mut s = started(2, 74, json!({}));
    let id = proj("Twitching Finger"); // Hand, Hand
    give_project(&mut s, 0, id);
    for k in 0..4 {
        give(&mut s, 0, mat("Severed Hand", k));
    }
    s.t.phase = Phase::Commit { seat: 0 };
    s.t.turn = Turn {
        stage: Stage::Commit,
        limit: 2,
        ..Turn::default()
    };
    act(&mut s, Move::Commit(mat("Severed Hand", 0)));
    act(
        &mut s,
        Move::CommitTo {
            project: id,
            icon: 3,
        },
    );
    act(&mut s, Move::Stop);
    assert_eq!(s.t.phase, Phase::Commit { seat: 1 });
    let mut seen = std::collections::HashSet::new();
    for k in 0..40 {
        let r = s.resample_hidden(1, k);
        assert_eq!(r.information_state_string(1), s.information_state_string(1));
        let pending = &r.t.players[0].pending;
        assert!(pending.len() <= 2);
        for c in pending.iter() {
            // Each redrawn commit is a card of seat 0's (redrawn) hand on a matching icon.
            assert!(r.t.players[0].hand & bit(usize::from(c.material)) != 0);
            assert!(r.mat(usize::from(c.material)).icons & (1 << c.icon) != 0);
            assert!(r.t.players[0].projects.iter().any(|w| w.card == c.project));
        }
        seen.insert(pending.len());
    }
    assert!(
        seen.len() > 1,
        "the number of commits is redrawn too: {seen:?}"
    );
    // The committing seat's own view keeps its commit.
    let own = s.resample_hidden(0, 3);
    assert_eq!(own.t.players[0].pending, s.t.players[0].pending);
}

/// Spectral Sight ("Look through all grave piles and take any 3 cards") taken from a pile
/// another seat had looked at: that seat sees a card leave the pile, not which one. Swap
/// test: taking the one or the other card leaves that seat the same information and the
/// same determinizations, which keep both cards it saw in the pile or the taker's hand.
#[test]
fn spectral_sight_hides_which_card_left_a_pile_another_seat_knew() {
    let mut s = started(2, 75, json!({}));
    // Seat 1 looks at every pile and takes nothing: it knows piles 0 and 1 (less the
    // face-down cards that joined them) and pile 2.
    seat_1_digs_through_every_pile(&mut s);
    act(&mut s, Move::DigNothing);
    let seen: Vec<usize> = ids(s.t.piles[0])
        .filter(|&c| s.t.known[c] & 2 != 0)
        .collect();
    assert_eq!(seen.len(), 2, "seat 1 saw the two cards of pile 0");
    let sight = proj("Spectral Sight");
    give_completed(&mut s, 0, sight);
    let others: Vec<usize> = ids(s.t.piles[1]).take(2).collect();
    let take = |card: usize| {
        let mut t = s.clone();
        action_turn(&mut t, 0);
        act(&mut t, Move::Ability(sight));
        for g in in_take_order(&t, vec![card, others[0], others[1]]) {
            act(&mut t, Move::TakeGrave(g));
        }
        t
    };
    let (a, b) = (take(seen[0]), take(seen[1]));
    assert_eq!(
        a.observation(1)["piles"][0]["known"],
        json!([]),
        "seat 1 cannot tell which of its two cards is still in pile 0"
    );
    assert_eq!(a.observation(1), b.observation(1));
    assert_eq!(a.information_state_string(1), b.information_state_string(1));
    // Seat 0 saw everything: it knows the card left in pile 0.
    assert!(a.t.known[seen[1]] & 1 != 0 && a.t.piles[0] & bit(seen[1]) != 0);
    // Seat 1 knows both cards are in pile 0 or seat 0's hand, not which is where.
    let (mut left_in_pile, mut taken) = (false, false);
    for seed in 0..40 {
        let r = a.resample_hidden(1, seed);
        assert_valid(&r);
        assert_eq!(r.to_json(), b.resample_hidden(1, seed).to_json());
        assert_eq!(r.information_state_string(1), a.information_state_string(1));
        let (pile, hand) = (r.t.piles[0], r.t.players[0].hand);
        for &c in &seen {
            assert_ne!((pile | hand) & bit(c), 0, "seat 1 saw card {c} in pile 1");
        }
        left_in_pile |= pile & bit(seen[0]) != 0;
        taken |= hand & bit(seen[0]) != 0;
    }
    assert!(left_in_pile && taken, "either card may be the one taken");
}

/// End of Game: "If you meet the criteria listed, flip it face-up" — the others see a met
/// thesis and every total at the end; an unmet thesis stays face-down. Before the end, both
/// are hidden.
#[test]
fn a_met_thesis_is_face_up_at_the_end_and_an_unmet_one_stays_hidden() {
    let mut s = started(2, 76, json!({}));
    let set = CardSet::default_set();
    let steady = set
        .theses
        .iter()
        .position(|t| t.name == "Steady Progress")
        .unwrap() as u8; // 5 completed projects
    for q in 0..2 {
        s.t.players[q].thesis = steady;
        s.t.players[q].thesis_offer[0] = steady;
    }
    for name in [
        "Tea Leaves",
        "Brass Knuckles",
        "Counting Bones",
        "Rattling Ribs",
        "Salt and Sulfur",
    ] {
        give_completed(&mut s, 0, proj(name));
    }
    assert!(s.observation(1)["players"][0]["thesis"].is_null());
    assert!(s.observation(1)["players"][0]["score"].is_null());
    s.t.phase = Phase::GameOver;
    s.t.turn = Turn::default();
    let seen_by_1 = s.observation(1);
    assert_eq!(seen_by_1["players"][0]["thesis"]["name"], "Steady Progress");
    assert_eq!(seen_by_1["players"][0]["score"], json!(s.score(0)));
    let seen_by_0 = s.observation(0);
    assert!(
        seen_by_0["players"][1]["thesis"].is_null(),
        "seat 1's thesis is not met: face-down"
    );
    assert_eq!(seen_by_0["players"][1]["score"], json!(s.score(1)));
}

/// While another seat is paying for a buy, its grave cards are still hidden: the
/// determinization redraws them (among hands that can still pay) from what the viewer knows
/// only, so two states that differ in a card the viewer cannot see give the same copy.
#[test]
fn resample_during_another_seats_buy_depends_only_on_what_the_viewer_knows() {
    let mut s = started(2, 77, json!({}));
    act(&mut s, Move::Cram);
    act(&mut s, Move::Stop);
    let (signet, femur) = (mat("Cursed Signet", 0), mat("Femur", 0));
    give(&mut s, 1, signet);
    give(&mut s, 1, femur);
    act(&mut s, Move::Buy);
    let space = first_buy_space(&s);
    act(&mut s, Move::BuySpace(space));
    act(&mut s, Move::BuyDone);
    assert_eq!(s.t.turn.stage, Stage::BuyPay);
    // The same table but seat 1 holds another unseen card in place of the Femur.
    let mut other = s.clone();
    let k = other
        .t
        .grave_deck
        .iter()
        .position(|&c| other.t.known[usize::from(c)] & 1 == 0)
        .unwrap();
    let swapped = usize::from(other.t.grave_deck[k]);
    other.t.grave_deck[k] = femur as u8;
    other.t.players[1].hand = (other.t.players[1].hand & !bit(femur)) | bit(swapped);
    other.t.known[swapped] = 2;
    other.t.known[femur] = 0;
    assert_eq!(
        other.information_state_string(0),
        s.information_state_string(0)
    );
    let mut redrawn = false;
    for seed in 0..12 {
        let r = s.resample_hidden(0, seed);
        assert_eq!(r.to_json(), other.resample_hidden(0, seed).to_json());
        assert_eq!(r.information_state_string(0), s.information_state_string(0));
        let hand = r.t.players[1].hand;
        redrawn |= hand & bit(signet) == 0 || hand & bit(femur) == 0;
        // The redrawn hand still pays the public price.
        assert!(r.value_of(hand) >= r.t.turn.price && !legal(&r).is_empty());
    }
    assert!(redrawn, "the buyer's hidden cards are redrawn");
}

/// A two-seat table whose grave deck is empty, at seat 0's action: seat 1 holds ten grave
/// cards from the first deck that seat 0 never saw, and every other grave card of that deck
/// lies in the face-up discard. Returns the state and the discard (what a reshuffle uses).
fn deck_run_out(seed: u64) -> (SorceryState, Materials) {
    let mut s = started(2, seed, json!({}));
    let deck: Vec<usize> = s.t.grave_deck.iter().map(|&c| usize::from(c)).collect();
    for &c in &deck[..10] {
        give(&mut s, 1, c);
    }
    for &c in &deck[10..] {
        take_material(&mut s, c);
        s.discard_card(c);
    }
    assert!(s.t.grave_deck.is_empty());
    assert_valid(&s);
    let discard = s.t.discard;
    assert_eq!(discard.count_ones() as usize, deck.len() - 10);
    (s, discard)
}

/// `deck_run_out`, then seat 0 crams nothing and seat 1 digs through the three piles and
/// draws the top grave card: its first "Keep Looking" finds the deck empty and reshuffles
/// the discard; one reshuffled card goes face-down to pile 1, one to pile 2, one to seat
/// 1's hand.
fn reshuffled(seed: u64) -> (SorceryState, Materials) {
    let (mut s, discard) = deck_run_out(seed);
    seat_1_digs_through_every_pile(&mut s);
    act(&mut s, Move::DigTop);
    (s, discard)
}

/// The places seat 0 cannot see into: seat 1's hand (grave cards), then the three piles.
fn hidden_places(s: &SorceryState) -> [Materials; 4] {
    [
        s.t.players[1].hand & SorceryState::graves(),
        s.t.piles[0],
        s.t.piles[1],
        s.t.piles[2],
    ]
}

/// "If at any point a player needs to draw a card and the grave deck is empty, shuffle the
/// discard pile of grave cards and use those cards to create a new face-down grave deck."
/// The discard is face-up, so seat 0 knows which cards form the new deck: a determinization
/// for seat 0 keeps the reshuffled cards in the deck (any order) or in the places they were
/// drawn to face-down (each place keeps its number of them), exchanging them only among
/// themselves, and never swaps one with a card seat 0 has not seen since before the
/// reshuffle.
#[test]
fn after_a_reshuffle_resample_exchanges_cards_only_within_their_deck() {
    let (s, reshuffled_set) = reshuffled(78);
    assert_eq!(s.t.discard, 0, "the whole discard became the new deck");
    let deck_set: Materials =
        s.t.grave_deck
            .iter()
            .fold(0, |m, &c| m | bit(usize::from(c)));
    assert_eq!(deck_set.count_ones() + 3, reshuffled_set.count_ones());
    assert_eq!(deck_set & !reshuffled_set, 0);
    let places = hidden_places(&s);
    let in_places = places.iter().fold(0, |m, &p| m | p);
    // Drawn face-down after the reshuffle: one to pile 1, one to pile 2, one to seat 1.
    let drawn_after = in_places & reshuffled_set;
    assert_eq!(drawn_after.count_ones(), 3);
    for p in [places[0], places[1], places[2]] {
        assert_eq!((p & reshuffled_set).count_ones(), 1);
    }
    // Seen by seat 0 before the reshuffle: nothing in these places; so everything else
    // there is an unseen card of the first deck.
    let before: Materials = ids(in_places & !reshuffled_set)
        .filter(|&c| s.t.known[c] & 1 == 0)
        .fold(0, |m, c| m | bit(c));
    assert_eq!(before, in_places & !reshuffled_set);
    assert_eq!(before.count_ones(), 10 + 6);
    let key = s.information_state_string(0);
    let (mut deck_reordered, mut after_moved, mut before_moved) = (false, false, false);
    for seed in 0..40 {
        let r = s.resample_hidden(0, seed);
        assert_eq!(r.information_state_string(0), key);
        assert_valid(&r);
        // The deck holds reshuffled cards only, as many as before; which of them were
        // drawn face-down is as unknown to seat 0 as their order.
        let r_deck: Materials =
            r.t.grave_deck
                .iter()
                .fold(0, |m, &c| m | bit(usize::from(c)));
        assert_eq!(
            r_deck & !reshuffled_set,
            0,
            "the deck holds reshuffled cards only"
        );
        assert_eq!(r.t.grave_deck.len(), s.t.grave_deck.len());
        deck_reordered |= r.t.grave_deck != s.t.grave_deck;
        let r_places = hidden_places(&r);
        for (p, q) in places.iter().zip(r_places.iter()) {
            assert_eq!(
                (q & reshuffled_set).count_ones(),
                (p & reshuffled_set).count_ones(),
                "a place keeps its number of reshuffled cards"
            );
            assert_eq!(
                (q & before).count_ones(),
                (p & before).count_ones(),
                "a place keeps its number of unseen cards from before the reshuffle"
            );
            assert_eq!(
                q & !(reshuffled_set | before),
                p & !(reshuffled_set | before)
            );
            before_moved |= q & before != p & before;
        }
        let r_in_places = r_places.iter().fold(0, |m, &p| m | p);
        assert_eq!(
            r_in_places & reshuffled_set | r_deck,
            reshuffled_set,
            "the reshuffled cards are in the deck or drawn face-down from it"
        );
        assert_eq!(r_in_places & before, before);
        after_moved |= r_in_places & reshuffled_set != drawn_after;
    }
    assert!(deck_reordered, "the new deck's order is redrawn");
    assert!(
        after_moved,
        "which reshuffled cards were drawn face-down is redrawn"
    );
    assert!(before_moved, "the older unseen cards are redrawn");
}

/// Swap tests after a reshuffle: two cards seat 0 cannot tell apart (both unseen, both from
/// the new deck) swapped leave its information state and its determinizations unchanged; a
/// card from before the reshuffle swapped with one from the new deck changes what it knows.
#[test]
fn after_a_reshuffle_only_cards_of_the_same_deck_are_indistinguishable() {
    let (s, reshuffled_set) = reshuffled(79);
    let hand = s.t.players[1].hand & SorceryState::graves();
    let drawn = ids(hand & reshuffled_set).next().unwrap();
    let older = ids(hand & !reshuffled_set).next().unwrap();
    let deck_card = usize::from(s.t.grave_deck[0]);
    // Two reshuffled cards: the same generation, so nothing else to exchange.
    let same = swap_places(&s, drawn, deck_card);
    assert_valid(&same);
    assert_eq!(
        same.information_state_string(0),
        s.information_state_string(0)
    );
    for seed in 0..8 {
        assert_eq!(
            same.resample_hidden(0, seed).to_json(),
            s.resample_hidden(0, seed).to_json()
        );
    }
    // The older card into the deck and a reshuffled one into seat 1's hand: seat 0 saw the
    // reshuffled card go into the new deck, and knows it never held the older one.
    let mut mixed = swap_places(&s, older, deck_card);
    mixed.t.generation.swap(older, deck_card);
    assert_valid(&mixed);
    assert_ne!(
        mixed.information_state_string(0),
        s.information_state_string(0)
    );
    // The same cards in the same generations, but the older card in pile 1 and the
    // reshuffled one drawn there in seat 1's hand: seat 0 saw pile 1 get its card after the
    // reshuffle and seat 1's hand get its cards before it.
    let in_pile = ids(s.t.piles[0] & reshuffled_set).next().unwrap();
    let moved = swap_places(&s, older, in_pile);
    assert_valid(&moved);
    assert_eq!(moved.t.generation, s.t.generation);
    assert_ne!(
        moved.information_state_string(0),
        s.information_state_string(0)
    );
}

/// The state document records the reshuffles and each card's generation, and rejects a
/// document that contradicts them: a deck card of an older deck, a generation newer than
/// the reshuffles, a discard card not known to every seat.
#[test]
fn the_document_records_generations_and_rejects_impossible_ones() {
    let (s, reshuffled_set) = reshuffled(80);
    let text = s.to_json();
    let back = SorceryState::from_json(&text).unwrap();
    assert_eq!(back.to_json(), text);
    assert_eq!(back.t.reshuffles, 1);
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(doc["version"], 5);
    let deck_card = usize::from(s.t.grave_deck[0]);
    let older = ids(s.t.players[1].hand & SorceryState::graves() & !reshuffled_set)
        .next()
        .unwrap();
    let tamper = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut d = doc.clone();
        f(&mut d);
        SorceryState::from_json(&d.to_string())
            .unwrap_err()
            .to_string()
    };
    let e = tamper(&|d| d["table"]["generation"][deck_card] = json!(0));
    assert!(e.contains("current generation"), "{e}");
    let e = tamper(&|d| d["table"]["generation"][older] = json!(2));
    assert!(e.contains("generation 2 after 1 reshuffle"), "{e}");
    let e = tamper(&|d| d["table"]["reshuffles"] = json!(0));
    assert!(e.contains("generation"), "{e}");
    // A mixing group only ever holds grave cards out of the deck.
    let e = tamper(&|d| d["table"]["mixed"][deck_card] = json!(1));
    assert!(e.contains("mixing group 1 but is in the grave deck"), "{e}");
    let e = tamper(&|d| d["table"]["mixed"][70] = json!(1));
    assert!(e.contains("not a grave card"), "{e}");
    // The discard is face-up.
    let (run_out, discard) = deck_run_out(80);
    let mut d: serde_json::Value = serde_json::from_str(&run_out.to_json()).unwrap();
    let c = ids(discard).next().unwrap();
    d["table"]["known"][c] = json!(1);
    let e = SorceryState::from_json(&d.to_string())
        .unwrap_err()
        .to_string();
    assert!(e.contains("face-up discard"), "{e}");
}

/// `reshuffled`, then seat 1 uses Spectral Sight ("Look through all grave piles and take any
/// 3 cards") and takes `from_pile_0` from pile 1, which holds cards of both decks, and the
/// two lowest cards of pile 3. Returns the state after the take.
fn sight_after_reshuffle(s: &SorceryState, from_pile_0: usize) -> SorceryState {
    let mut t = s.clone();
    let sight = proj("Spectral Sight");
    give_completed(&mut t, 1, sight);
    action_turn(&mut t, 1);
    act(&mut t, Move::Ability(sight));
    let mut picks: Vec<usize> = ids(s.t.piles[2]).take(2).collect();
    picks.push(from_pile_0);
    for g in in_take_order(&t, picks) {
        act(&mut t, Move::TakeGrave(g));
    }
    assert_valid(&t);
    t
}

/// The generations in `set` of `s`, sorted.
fn generations_in(s: &SorceryState, set: Materials) -> Vec<u8> {
    let mut g: Vec<u8> = ids(set).map(|c| s.t.generation[c]).collect();
    g.sort_unstable();
    g
}

/// Spectral Sight after a reshuffle: seat 0 sees one card leave pile 1, which held an older
/// card and one from the new deck, and cannot tell which. Swap test: taking the older or
/// the newer card leaves seat 0 the same information state, observation and
/// determinizations; a determinization deals the two generations afresh between pile 1 and
/// the card in seat 1's hand, keeping them together.
#[test]
fn after_a_reshuffle_spectral_sight_hides_which_deck_the_taken_card_came_from() {
    let (s, reshuffled_set) = reshuffled(78);
    let pile = s.t.piles[0];
    let newer = ids(pile & reshuffled_set).next().unwrap();
    let older = ids(pile & !reshuffled_set).next().unwrap();
    assert_ne!(s.t.generation[newer], s.t.generation[older]);
    let (a, b) = (
        sight_after_reshuffle(&s, older),
        sight_after_reshuffle(&s, newer),
    );
    assert_eq!(a.observation(0), b.observation(0));
    assert_eq!(
        a.information_state_string(0),
        b.information_state_string(0),
        "seat 0's information state reveals which deck the taken card came from"
    );
    for seed in 0..8 {
        assert_eq!(
            a.resample_hidden(0, seed).to_json(),
            b.resample_hidden(0, seed).to_json()
        );
    }
    // The taker saw which card it took.
    assert_ne!(a.information_state_string(1), b.information_state_string(1));
    // Pile 1's cards before the take (its remainder and the taken card) form one group; the
    // card dealt to pile 1 afterwards is plain.
    let group = a.t.mixed[older];
    assert_ne!(group, 0);
    let members: Materials = (0..NUM_GRAVE)
        .filter(|&c| a.t.mixed[c] == group)
        .fold(0, |m, c| m | bit(c));
    assert_eq!(members & a.t.players[1].hand, bit(older));
    assert_eq!(
        members, pile,
        "the group is pile 1 as it was before the take"
    );
    let before = generations_in(&a, members);
    let (mut taken_older, mut taken_newer) = (false, false);
    for seed in 0..40 {
        let r = a.resample_hidden(0, seed);
        assert_valid(&r);
        assert_eq!(r.information_state_string(0), a.information_state_string(0));
        let in_group = |set: Materials| {
            ids(set)
                .filter(|&c| r.t.mixed[c] == group)
                .fold(0, |m, c| m | bit(c))
        };
        let hand = in_group(r.t.players[1].hand);
        assert_eq!(hand.count_ones(), 1, "seat 1 holds one card of the group");
        assert_eq!(in_group(r.t.piles[0]).count_ones(), pile.count_ones() - 1);
        assert_eq!(
            generations_in(&r, in_group(r.t.players[1].hand | r.t.piles[0])),
            before,
            "the group keeps its generations"
        );
        let g = r.t.generation[ids(hand).next().unwrap()];
        taken_older |= g == a.t.generation[older];
        taken_newer |= g == a.t.generation[newer];
    }
    assert!(
        taken_older && taken_newer,
        "either deck's card may be the taken one"
    );
}

/// What seat 0 sees later narrows the group: once the card seat 1 took from pile 1 is
/// discarded face-up, seat 0 knows the generations left in pile 1 exactly, and every
/// determinization keeps them.
#[test]
fn a_revealed_card_of_a_mixing_group_fixes_the_generations_of_the_rest() {
    let (s, reshuffled_set) = reshuffled(78);
    let pile = s.t.piles[0];
    let newer = ids(pile & reshuffled_set).next().unwrap();
    let mut a = sight_after_reshuffle(&s, newer);
    a.t.players[1].hand &= !bit(newer);
    a.discard_card(newer);
    assert_valid(&a);
    let left = generations_in(&a, a.t.piles[0]);
    for seed in 0..40 {
        let r = a.resample_hidden(0, seed);
        assert_valid(&r);
        assert_eq!(r.information_state_string(0), a.information_state_string(0));
        assert_eq!(generations_in(&r, r.t.piles[0]), left);
    }
}

/// Exchanges the places of grave cards `a` and `b` (hands, piles, deck). What a seat knows
/// of a place stays with the place: who knows the card there, and its mixing group.
fn swap_places(s: &SorceryState, a: usize, b: usize) -> SorceryState {
    let mut t = s.clone();
    let both = bit(a) | bit(b);
    let flip = |set: &mut Materials| {
        if (*set & both).count_ones() == 1 {
            *set ^= both;
        }
    };
    for p in t.t.players.iter_mut() {
        flip(&mut p.hand);
    }
    t.t.piles.iter_mut().for_each(flip);
    for c in t.t.grave_deck.iter_mut() {
        if usize::from(*c) == a {
            *c = b as u8;
        } else if usize::from(*c) == b {
            *c = a as u8;
        }
    }
    t.t.known.swap(a, b);
    t.t.mixed.swap(a, b);
    t
}

/// The groups stay exact as play goes on after the mixing take (piles taken whole, cards
/// committed and discarded, the month's end): at every step every seat's determinization
/// validates and keeps its information state, and exchanging two cards a seat has not seen
/// that are of one group (or plain and of one deck) changes nothing it knows, nor (across
/// decks) its determinization.
#[test]
fn mixing_groups_stay_consistent_through_play() {
    let (s, reshuffled_set) = reshuffled(78);
    let older = ids(s.t.piles[0] & !reshuffled_set).next().unwrap();
    let (mut swaps, mut grouped_swaps) = (0, 0);
    for play in 0..6 {
        let t = sight_after_reshuffle(&s, older);
        play_checking_swaps(t, play, &mut swaps, &mut grouped_swaps);
    }
    assert!(
        swaps > 1000 && grouped_swaps > 100,
        "{swaps} swaps, {grouped_swaps} across decks"
    );
}

/// Plays `t` on randomly (from seed `play`), checking every seat's determinization and
/// exchanges of cards it cannot tell apart at every step; counts the exchanges checked.
fn play_checking_swaps(
    mut t: SorceryState,
    play: u64,
    swaps: &mut usize,
    grouped_swaps: &mut usize,
) {
    let mut rng = crate::engine::Rng::seed_from(play);
    for step in 0.. {
        if t.is_terminal() || step == 400 {
            break;
        }
        for viewer in 0..2 {
            let r = t.resample_hidden(viewer, step);
            assert_valid(&r);
            assert_eq!(
                r.information_state_string(viewer),
                t.information_state_string(viewer)
            );
            let unseen: Vec<usize> = (0..NUM_GRAVE)
                .filter(|&c| t.t.known[c] & (1 << viewer) == 0)
                .collect();
            for &a in &unseen {
                for &b in &unseen {
                    let pinned =
                        |c: usize| t.t.mixed[c] != 0 && t.t.known_in_group[c] & (1 << viewer) != 0;
                    let one_group = t.t.mixed[a] != 0 && t.t.mixed[a] == t.t.mixed[b];
                    let alike = one_group
                        || (t.t.generation[a] == t.t.generation[b] && !pinned(a) && !pinned(b));
                    let across = t.t.generation[a] != t.t.generation[b];
                    if a < b && alike && (across || rng.below(64) == 0) {
                        let u = swap_places(&t, a, b);
                        if crate::sorcery::validate::validate(&u).is_err() {
                            continue; // a card of a hidden commit under way
                        }
                        assert_eq!(
                            u.information_state_string(viewer),
                            t.information_state_string(viewer),
                            "step {step}: seat {viewer} tells {a} from {b}"
                        );
                        *swaps += 1;
                        if across {
                            assert_eq!(
                                u.resample_hidden(viewer, step).to_json(),
                                r.to_json(),
                                "step {step}: seat {viewer}'s determinization tells {a} from {b}"
                            );
                            *grouped_swaps += 1;
                        }
                    }
                }
            }
        }
        let moves = legal(&t);
        t.apply_action(moves[rng.below(moves.len())]).unwrap();
    }
}

/// "Player Setup" 2: each seat "keeps one project face-up in front of them and returns the
/// other to the bottom of the 100-level project deck", face-down. Swap test: seat 0 having
/// returned the one or another card seat 1 cannot place leaves seat 1 the same information
/// state and the same determinization; the redraws put each card seat 1 cannot place there.
#[test]
fn the_project_another_seat_returned_at_setup_is_hidden_and_redrawn() {
    let s = started(2, 79, json!({}));
    let p = s.t.players[0];
    let returned = p.project_offer[1 - usize::from(p.project_pick)];
    let place = s.t.decks[0].iter().position(|&c| c == returned).unwrap();
    assert_eq!(
        place, 1,
        "at the bottom, just above the card seat 1 returned after it"
    );
    // 100-level cards seat 1 cannot place: the deck but its own returned card.
    let unseen: Vec<u8> = s.t.decks[0]
        .iter()
        .copied()
        .filter(|&c| s.t.project_known[usize::from(c)] & 0b10 == 0)
        .collect();
    assert_eq!(unseen.len(), s.t.decks[0].len() - 1);
    let other = *unseen.iter().find(|&&c| c != returned).unwrap();
    let mut u = s.clone();
    let at = u.t.decks[0].iter().position(|&c| c == other).unwrap();
    u.t.decks[0].swap(place, at);
    u.t.players[0].project_offer[1 - usize::from(p.project_pick)] = other;
    u.t.project_known
        .swap(usize::from(returned), usize::from(other));
    assert_valid(&u);
    assert_eq!(
        u.information_state_string(1),
        s.information_state_string(1),
        "seat 1 cannot tell which project seat 0 returned"
    );
    let mut redrawn = std::collections::BTreeSet::new();
    for k in 0..60 {
        let r = s.resample_hidden(1, k);
        assert_eq!(u.resample_hidden(1, k).to_json(), r.to_json());
        assert_valid(&r);
        assert_eq!(r.information_state_string(1), s.information_state_string(1));
        let q = r.t.players[0];
        let (kept, back) = (
            q.project_offer[usize::from(q.project_pick)],
            q.project_offer[1 - usize::from(q.project_pick)],
        );
        assert_eq!(kept, p.project_offer[usize::from(p.project_pick)]);
        assert_eq!(
            r.t.decks[0][place], back,
            "the redrawn card is in its place"
        );
        assert_eq!(
            r.t.project_known[usize::from(back)],
            0b01,
            "known to seat 0"
        );
        assert!(unseen.contains(&back));
        redrawn.insert(back);
    }
    assert!(redrawn.len() > 5, "redrawn among the unseen: {redrawn:?}");
    // Seat 0's own determinization keeps the card it returned.
    let own = s.resample_hidden(0, 4).t.players[0];
    assert_eq!(own.project_offer, p.project_offer);
}
