//! "Game Setup" and "Player Setup": what each seat knows of the table it starts at (the
//! market, the offers, the projects out for the player count), and the cards a setup needs
//! (on the default card file and on a user's).

use serde_json::json;

use super::*;
use crate::sorcery::data::DEFAULT_CARDS_TOML;

/// "7. Deal out a 3x2 project market": the market is dealt face-up, so from the setup on every
/// seat knows each of its six projects; the two projects dealt to a seat ("Player Setup" 2)
/// are known to that seat alone until it keeps one.
#[test]
fn the_market_is_dealt_face_up_and_each_seats_offer_is_its_own() {
    for players in 1..=4usize {
        let s = game(players, 40 + players as u64, json!({}));
        let all = (1u8 << players) - 1;
        for space in 0..6 {
            let c = usize::from(s.t.market[space]);
            assert_eq!(
                s.t.project_known[c], all,
                "{players} players: market space {space} is seen by every seat"
            );
        }
        for seat in 0..players {
            for c in s.t.players[seat].project_offer {
                assert_eq!(
                    s.t.project_known[usize::from(c)],
                    1 << seat,
                    "{players} players: seat {seat}'s offer"
                );
            }
        }
    }
}

/// The default card file with its theses rewritten so that only the first `left` are not
/// worth 7 credits.
fn cards_with_theses_not_worth_seven(left: usize) -> String {
    let mut parts: Vec<String> = DEFAULT_CARDS_TOML
        .split("\n[[thesis]]\n")
        .map(String::from)
        .collect();
    assert_eq!(parts.len(), 16, "15 theses");
    for (k, part) in parts.iter_mut().skip(1).enumerate() {
        let at = part.find("credits = ").unwrap();
        let end = at + part[at..].find('\n').unwrap();
        let credits = if k < left {
            "credits = 4"
        } else {
            "credits = 7"
        };
        part.replace_range(at..end, credits);
    }
    parts.join("\n[[thesis]]\n")
}

/// "Give each player ... two random Thesis cards", and "First Time Playing?": "remove the
/// Thesis cards with 7 credits". On a card file where that leaves few theses, a game is set
/// up only if two are left for every player: 2 are enough for one player, 5 are not enough
/// for three (6 are), 7 not for four (8 are).
#[test]
fn without_the_seven_credit_theses_two_must_be_left_for_each_player() {
    let no_seven = || json!({"theses": "no-seven"});
    for (players, left, set_up) in [
        (1, 2, true),
        (1, 1, false),
        (3, 5, false),
        (3, 6, true),
        (4, 7, false),
        (4, 8, true),
    ] {
        let text = cards_with_theses_not_worth_seven(left);
        match game_with_cards(players, 7, no_seven(), &text) {
            Ok(s) => {
                assert!(set_up, "{players} players, {left} theses: refused expected");
                for p in s.t.players.iter() {
                    for t in p.thesis_offer {
                        assert_ne!(s.cards.theses[usize::from(t)].credits, 7);
                    }
                }
            }
            Err(e) => {
                assert!(!set_up, "{players} players, {left} theses: refused ({e})");
                assert!(
                    e.to_string()
                        .contains(&format!("{left} theses are left for {players} players")),
                    "{e}"
                );
            }
        }
        // With every thesis in play, 15 are enough for everyone.
        assert!(game_with_cards(players, 7, json!({}), &text).is_ok());
    }
}

/// Game Setup 3: "Remove all project cards that are not for the current player count.
/// Player-count is shown on the right side of the back of the projects." The backs are in
/// view, so which projects are out is known to every seat; Solo Mode also removes four named
/// projects ("Minor Rift", "Dark Premonition", "Ghostly Grifter", "Bottled Brilliance"),
/// openly too. The default card file marks 5 projects for 3-4 players and 4 for 4 players only.
#[test]
fn the_projects_not_for_the_player_count_are_out_and_known_to_every_seat() {
    let set = CardSet::default_set();
    let solo_out = [
        "Minor Rift",
        "Dark Premonition",
        "Ghostly Grifter",
        "Bottled Brilliance",
    ];
    for (players, count) in [(1, 13), (2, 9), (3, 4), (4, 0)] {
        let s = game(players, 3, json!({}));
        let all = (1u8 << players) - 1;
        let out: Vec<usize> = (0..set.projects.len())
            .filter(|&i| {
                let p = &set.projects[i];
                p.players & (1 << players) == 0
                    || (players == 1 && solo_out.contains(&p.name.as_str()))
            })
            .collect();
        assert_eq!(out.len(), count, "{players} players");
        for &i in &out {
            assert!(
                s.t.removed & (1 << i) != 0,
                "{players} players: project {i} ({}) is out",
                set.projects[i].name
            );
            assert_eq!(
                s.t.project_known[i], all,
                "{players} players: every seat knows project {i} ({}) is out",
                set.projects[i].name
            );
        }
        assert_eq!(
            s.t.removed.count_ones() as usize,
            count,
            "{players} players"
        );
    }
}
