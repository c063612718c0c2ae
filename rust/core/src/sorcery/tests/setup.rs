//! Game Setup: the projects out of the game for the player count, and the theses dealt
//! ("First Time Playing?").

use std::sync::Arc;

use serde_json::json;

use super::*;
use crate::sorcery::data::DEFAULT_CARDS_TOML;

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

/// "First Time Playing? You can remove the Thesis cards with 7 credits": each player is then
/// given two of those left ("two random Thesis cards"). With a card file where 7 of the 15
/// theses are worth 7 credits, 8 are left: four players are dealt all 8, two each; with one
/// more worth 7 only 7 are left, too few for four players, and the option is refused.
#[test]
fn without_the_seven_credit_theses_two_each_are_dealt_from_exactly_enough() {
    // The three 5-credit theses become 7-credit ones: 4 + 3 = 7 of 15.
    let at = DEFAULT_CARDS_TOML.find("\n[[thesis]]\n").unwrap();
    let (projects, theses) = DEFAULT_CARDS_TOML.split_at(at);
    let theses = theses.replace("credits = 5\n", "credits = 7\n");
    let sevens = format!("{projects}{theses}");
    let set = Arc::new(CardSet::from_toml(&sevens).unwrap());
    let left: Vec<u8> = (0..set.theses.len() as u8)
        .filter(|&i| set.theses[usize::from(i)].credits != 7)
        .collect();
    assert_eq!(left.len(), 8);
    let options = json!({"theses": "no-seven"});
    let cfg = SorceryConfig::from_options(4, options.as_object().unwrap()).unwrap();
    let s = SorceryState::new_game(cfg, 5, Some(set)).expect("8 theses for 4 players");
    let mut dealt: Vec<u8> = s.t.players.iter().flat_map(|p| p.thesis_offer).collect();
    dealt.sort_unstable();
    assert_eq!(dealt, left, "the 8 theses left, two to each seat");
    // One more 7-credit thesis (the first 3-credit one): 7 left for 4 players.
    let fewer = format!(
        "{projects}{}",
        theses.replacen("credits = 3\n", "credits = 7\n", 1)
    );
    let set = Arc::new(CardSet::from_toml(&fewer).unwrap());
    assert_eq!(set.theses.iter().filter(|t| t.credits != 7).count(), 7);
    let err = SorceryState::new_game(cfg, 5, Some(set))
        .expect_err("7 theses are too few for 4 players")
        .to_string();
    assert!(err.contains("theses"), "{err}");
}
