//! Endgame scoring (section 11), each scale checked at the counts that tell its steps apart.

use super::super::data::{CardType, EndgameKind};
use super::super::state::{Cleanup, Esparto, NijarState, Phase, Wheel};
use super::started;

/// A finished 2-player game whose seat 0 has played the endgame card of `kind` only.
fn over_with_card(kind: EndgameKind) -> NijarState {
    let mut st = started(2, 26);
    let card = st
        .cards()
        .endgame
        .iter()
        .position(|c| c.kind == kind)
        .unwrap();
    let t = st.table_mut();
    t.phase = Phase::Over;
    t.players[0].endgame_played = 1 << card;
    st
}

/// The points of the category line starting with `name`.
fn line(st: &NijarState, s: usize, name: &str) -> i32 {
    st.explain_score(s)
        .lines
        .iter()
        .find(|l| l.category.starts_with(name))
        .unwrap()
        .points
}

/// 11.2: "Starting Cleanup Cards, Kiln Cards, and Glazing Workshop Cards are included for this
/// scoring" — not the Starting Potter's Wheel. With it and two wheel cards a seat has 2
/// potter's wheel cards: 1 VP (counting the starting wheel, 3 cards, would give 3).
#[test]
fn s11_2_the_starting_potters_wheel_is_not_counted() {
    let mut st = over_with_card(EndgameKind::Cards(CardType::Wheel));
    let p = &mut st.table_mut().players[0];
    assert_eq!(p.wheels.len(), 1, "the starting wheel");
    assert_eq!(line(&st, 0, "11.2"), 0, "no wheel card: 0");
    for (slot, card) in [(1u8, 3u8), (2, 5)] {
        st.table_mut().players[0]
            .wheels
            .push(Wheel { card, slot, pos: 0 });
    }
    assert_eq!(line(&st, 0, "11.2"), 1, "2 wheel cards: 1 VP");
}

/// 11.2: "Score 0/1/3/6/10 VP if you have 1/2/3/4/5 cards of the indicated type", nothing more
/// past the fifth; the starting cleanup card is one of them.
#[test]
fn s11_2_the_card_type_scale() {
    let mut st = over_with_card(EndgameKind::Cards(CardType::Cleanup));
    let mut got = vec![line(&st, 0, "11.2")];
    for i in 0..5u8 {
        let card = CardType::Cleanup.first_id() as u8 + i;
        let p = &mut st.table_mut().players[0];
        p.cleanups.push(Cleanup { card, cracks: 0 });
        got.push(line(&st, 0, "11.2"));
    }
    assert_eq!(got, [0, 1, 3, 6, 10, 10], "1 to 6 cleanup cards");
}

/// 11.2: "score 0/1/5/10 VP if you have 1/2/3/4 Esparto Cards on your Workshop Board. The card
/// printed on your Workshop Board counts as an Esparto Card."
#[test]
fn s11_2_the_esparto_card_scale() {
    let mut st = over_with_card(EndgameKind::Cards(CardType::Esparto));
    let mut got = vec![line(&st, 0, "11.2")];
    for slot in 0..3u8 {
        let card = CardType::Esparto.first_id() as u8 + slot;
        st.table_mut().players[0]
            .esparto
            .push(Esparto { card, slot });
        got.push(line(&st, 0, "11.2"));
    }
    assert_eq!(got, [0, 1, 5, 10], "the printed card and 0 to 3 more");
}

/// 11.3: "0/1/3/6 VP if they have 1/2/3/4 different Esparto Cards", the printed one counting;
/// a second card of a design already there adds nothing. (Authored designs: esparto cards
/// 16, 17, 18 are Jarapa Roja, Jarapa Azul, Esparto Trenzado; 20 is Jarapa Roja again.)
#[test]
fn s11_3_the_esparto_set_scale() {
    let mut st = over_with_card(EndgameKind::Pieces(0));
    let add = |st: &mut NijarState, card: u8, slot: u8| {
        st.table_mut().players[0]
            .esparto
            .push(Esparto { card, slot });
        line(st, 0, "11.3")
    };
    assert_eq!(line(&st, 0, "11.3"), 0, "the printed card alone");
    let mut dup = st.clone();
    assert_eq!(add(&mut st, 16, 0), 1);
    assert_eq!(add(&mut st, 17, 1), 3);
    assert_eq!(add(&mut st, 18, 2), 6);
    assert_eq!(add(&mut dup, 16, 0), 1);
    assert_eq!(add(&mut dup, 20, 1), 1, "Jarapa Roja twice is one design");
}

/// 11.6: "Gain 1 VP for every 5 remaining Resources, counting your Perra Gorda Tokens, Glazes,
/// and Clay" — at the counts where /5 and any other divisor part.
#[test]
fn s11_6_one_vp_per_five_resources() {
    let mut st = over_with_card(EndgameKind::Pieces(0));
    for (pg, glaze, clay, vp) in [
        (4, 0, 0, 0),
        (2, 2, 0, 0),
        (2, 2, 1, 1),
        (0, 5, 4, 1),
        (4, 3, 3, 2),
        (7, 7, 0, 2),
        (8, 4, 3, 3),
    ] {
        let p = &mut st.table_mut().players[0];
        (p.pg, p.glaze, p.clay) = (pg, glaze, clay);
        assert_eq!(line(&st, 0, "11.6"), vp, "{pg} + {glaze} + {clay}");
    }
}

/// The detail of the category line starting with `name`.
fn detail(st: &NijarState, s: usize, name: &str) -> String {
    st.explain_score(s)
        .lines
        .iter()
        .find(|l| l.category.starts_with(name))
        .unwrap()
        .detail
        .clone()
}

/// The explanation words each category as the board does: only the terms that are there, one
/// and many told apart, the rulebook's names (11.1 pieces, 11.4 Cracks in the Cleaning Area,
/// 11.6 "Perra Gorda Tokens, Glazes, and Clay").
#[test]
fn the_endgame_lines_name_only_what_is_there() {
    let mut st = over_with_card(EndgameKind::Pieces(0));
    let p = &mut st.table_mut().players[0];
    (p.pg, p.glaze, p.clay, p.cracks) = (0, 1, 7, 1);
    p.sold = [1, 0, 0];
    p.glaze_kilns[0].piece = 1; // a painted Plate still in a glaze kiln
    let merchant = st
        .cards()
        .endgame
        .iter()
        .position(|c| c.kind == EndgameKind::Pieces(0));
    assert_eq!(
        st.cards().endgame[merchant.unwrap()].name,
        "Plate merchant 1"
    );
    let got: Vec<String> = ["11.1", "11.2", "11.3", "11.4", "11.6"]
        .iter()
        .map(|c| detail(&st, 0, c))
        .collect();
    assert_eq!(
        got,
        [
            "1 painted piece x 2",
            "Plate merchant 1 (2 Plates sold) 2 VP",
            "1 esparto card (the printed one)",
            "1 Crack in your Cleaning Area",
            "1 Glaze + 7 Clay = 8, 1 VP per 5",
        ]
    );
    let p = &mut st.table_mut().players[0];
    (p.pg, p.glaze, p.clay, p.cracks) = (5, 0, 0, 3);
    p.glaze_kilns[0].piece = 0;
    p.firing_kilns[0].piece = 2;
    p.endgame_played = 0;
    let got: Vec<String> = ["11.1", "11.2", "11.4", "11.6"]
        .iter()
        .map(|c| detail(&st, 0, c))
        .collect();
    assert_eq!(
        got,
        [
            "1 unpainted piece x 1",
            "none played face-down",
            "3 Cracks in your Cleaning Area",
            "5 Perra Gorda, 1 VP per 5",
        ]
    );
    let p = &mut st.table_mut().players[0];
    (p.pg, p.cracks) = (0, 0);
    p.firing_kilns[0].piece = 0;
    let got: Vec<String> = ["11.1", "11.4", "11.6"]
        .iter()
        .map(|c| detail(&st, 0, c))
        .collect();
    assert_eq!(
        got,
        [
            "no pieces left in your kilns",
            "no Cracks in your Cleaning Area",
            "no resources left"
        ]
    );
}

/// 11.2 names the count a collector card scores ("Collector of cleanup cards (2 Cleanup
/// cards) 1 VP": the starting cleanup card and one more).
#[test]
fn the_collector_line_names_its_count() {
    let mut st = over_with_card(EndgameKind::Cards(CardType::Cleanup));
    let card = CardType::Cleanup.first_id() as u8;
    st.table_mut().players[0]
        .cleanups
        .push(Cleanup { card, cracks: 0 });
    assert_eq!(
        detail(&st, 0, "11.2"),
        "Collector of cleanup cards (2 Cleanup cards) 1 VP"
    );
}

/// 12.9: the Competition's line names only the sources it scored from.
#[test]
fn the_competition_line_names_only_its_sources() {
    let mut st = started(1, 26);
    let t = st.table_mut();
    t.phase = Phase::Over;
    t.solo.vp = [44, 0, 10];
    t.solo.pieces = [0, 0, 0];
    t.first_token = 0;
    let line = detail(&st, 0, "Competition");
    assert!(
        line.starts_with("54 VP: sales 44, closed shop and missing pieces 10; "),
        "{line}"
    );
}

/// The greedy players' estimate (`heuristic`, documented on it): before the end, the
/// immediate VP, plus a kiln's piece at 11.1's value (2 painted, 1 unpainted), plus half a
/// point for each piece on its way (drying, in a workshop), plus 11.6's resources / 5, minus
/// 11.4's cracks; in solo, minus the Competition's score; once over, the final scores.
#[test]
fn the_heuristic_counts_the_workshop_at_its_endgame_value() {
    let mut st = started(2, 27);
    let p = &mut st.table_mut().players[0];
    p.vp = [4, 1, 0, 0, 2]; // 7
    p.glaze_kilns[0].piece = 2; // a painted jug: 2
    p.firing_kilns[0].piece = 1; // an unpainted plate: 1
    p.drying = [1, 0, 2];
    p.workshops[0].piece = 3; // 4 pieces coming: 2
    (p.pg, p.glaze, p.clay) = (3, 4, 1); // 8 / 5 = 1.6
    p.cracks = 2;
    let p = &mut st.table_mut().players[1];
    p.vp = [0, 0, 0, 0, 1];
    (p.pg, p.glaze, p.clay, p.cracks) = (0, 0, 0, 0);
    let h = st.heuristic();
    assert_eq!(h.len(), 2);
    assert!(
        (h[0] - 11.6).abs() < 1e-9,
        "7 + 3 + 2 + 1.6 - 2, not {}",
        h[0]
    );
    assert!((h[1] - 1.0).abs() < 1e-9, "{}", h[1]);
    // Over: the final scores (immediate + endgame categories).
    st.table_mut().phase = Phase::Over;
    let scores = st.all_scores();
    let h = st.heuristic();
    assert_eq!((h[0], h[1]), (f64::from(scores[0]), f64::from(scores[1])));
    // Solo: your estimate minus the Competition's score so far.
    let mut st = super::started(1, 27);
    let p = &mut st.table_mut().players[0];
    p.vp = [5, 0, 0, 0, 0];
    p.drying = [0; 3];
    (p.pg, p.glaze, p.clay, p.cracks) = (5, 0, 0, 1);
    st.table_mut().solo.vp = [3, 0, 1];
    let h = st.heuristic();
    assert_eq!(h.len(), 1);
    assert!((h[0] - 1.0).abs() < 1e-9, "5 + 1 - 1 - 4, not {}", h[0]);
}

/// 11.1: "Sell all pieces remaining in your Kilns and gain 2 VP for each painted piece and 1 VP
/// for each unpainted piece. Place the sold pieces next to your Workshop Board as usual" — so
/// 11.2's piece cards count them by type: a sold Plate, a painted Plate in a glaze kiln, an
/// unpainted Plate and an unpainted Jug in firing kilns make 3 Plates for the Plate merchant.
#[test]
fn s11_1_pieces_left_in_kilns_are_sold_and_counted_by_type() {
    let mut st = over_with_card(EndgameKind::Pieces(0));
    let p = &mut st.table_mut().players[0];
    p.sold = [1, 0, 0];
    p.glaze_kilns[0].piece = 1; // a painted plate
    p.firing_kilns[0].piece = 1; // an unpainted plate
    p.firing_kilns
        .push(super::super::state::Slot { card: 68, piece: 2 }); // an unpainted jug
    assert_eq!(line(&st, 0, "11.1"), 2 + 1 + 1);
    assert_eq!(line(&st, 0, "11.2"), 3, "three plates");
}
