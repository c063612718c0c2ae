//! The score explained line by line (`explain_score`), in the words the board uses: only the
//! terms that are there ("1 Glaze + 7 Clay", never "0 Perra Gorda"), one and many told apart,
//! and the rulebook's own names for what is counted (sections 11.1–11.6 and 12.9).

use super::data::{Amount, CardType, EndgameKind, Res, PIECE_NAMES};
use super::state::{NijarState, Phase, COMP, VP_SOURCES};
use crate::engine::Seat;
use crate::sunrise::{ScoreBreakdown, ScoreLine};

/// "1 painted piece", "2 unpainted pieces": `n` of `what`, one and many told apart.
fn count(n: impl Into<u32>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The terms that are not zero, joined by " + ", or `none` when every term is zero.
fn terms(parts: impl IntoIterator<Item = Option<String>>, none: &str) -> String {
    let parts: Vec<String> = parts.into_iter().flatten().collect();
    if parts.is_empty() {
        none.to_string()
    } else {
        parts.join(" + ")
    }
}

/// "1 Glaze", "7 Clay" as the board and the faces word an amount; `None` for none.
fn amount(res: Res, n: u8) -> Option<String> {
    (n > 0).then(|| Amount { res, n }.label())
}

fn line(category: &str, points: i32, detail: String) -> ScoreLine {
    ScoreLine {
        category: category.to_string(),
        points,
        detail,
    }
}

impl NijarState {
    /// The score, line by line: immediate VP by source, then (once the game is over) the
    /// endgame categories in the rulebook's order; in solo, the Competition's score beside it.
    pub fn explain_score(&self, s: Seat) -> ScoreBreakdown {
        let p = &self.t.players[s];
        let mut lines: Vec<ScoreLine> = VP_SOURCES
            .iter()
            .enumerate()
            .map(|(i, name)| line(name, p.vp[i], "immediate VP".to_string()))
            .collect();
        if self.t.phase == Phase::Over {
            lines.extend(self.endgame_lines(s));
        }
        if self.is_solo() {
            let mine: i32 = lines.iter().map(|l| l.points).sum();
            lines.push(self.competition_line(mine));
        }
        ScoreBreakdown {
            total: lines.iter().map(|l| l.points).sum(),
            lines,
        }
    }

    /// 11.1–11.6 for seat `s`: the points `endgame_points` gives, each with what it counts.
    fn endgame_lines(&self, s: Seat) -> [ScoreLine; 6] {
        let p = &self.t.players[s];
        let points = self.endgame_points(s);
        let (painted, unpainted) = self.kiln_pieces(s);
        let np: u8 = painted.iter().sum();
        let nu: u8 = unpainted.iter().sum();
        // 11.1: "2 VP for each painted piece and 1 VP for each unpainted piece".
        let pieces = terms(
            [
                (np > 0).then(|| format!("{} x 2", count(np, "painted piece", "painted pieces"))),
                (nu > 0)
                    .then(|| format!("{} x 1", count(nu, "unpainted piece", "unpainted pieces"))),
            ],
            "no pieces left in your kilns",
        );
        let sold = self.sold_with_kilns(s);
        let cards: Vec<String> = (0..12)
            .filter(|&i| p.endgame_played & (1 << i) != 0)
            .map(|i| {
                let card = &self.cards.endgame[i];
                let counted = match card.kind {
                    EndgameKind::Cards(CardType::Esparto) => count(
                        self.cards_of_type(s, CardType::Esparto) as u32,
                        "esparto card",
                        "esparto cards",
                    ),
                    EndgameKind::Cards(kind) => {
                        let name = kind.label();
                        count(
                            self.cards_of_type(s, kind) as u32,
                            &format!("{name} card"),
                            &format!("{name} cards"),
                        )
                    }
                    EndgameKind::Pieces(t) => {
                        let name = PIECE_NAMES[t.min(2)];
                        format!(
                            "{} sold",
                            count(u32::from(sold[t.min(2)]), name, &format!("{name}s"))
                        )
                    }
                };
                let pts = self.endgame_card_points(s, i, &sold);
                format!("{} ({counted}) {pts} VP", card.name)
            })
            .collect();
        let designs = self.esparto_designs(s) as u32;
        let resources = u32::from(p.pg) + u32::from(p.glaze) + u32::from(p.clay);
        let remaining = terms(
            [
                amount(Res::Pg, p.pg),
                amount(Res::Glaze, p.glaze),
                amount(Res::Clay, p.clay),
            ],
            "",
        );
        let token = usize::from(self.t.first_token) == s;
        [
            line("11.1 Remaining pieces", points[0], pieces),
            line(
                "11.2 Endgame scoring cards",
                points[1],
                if cards.is_empty() {
                    "none played face-down".to_string()
                } else {
                    cards.join(", ")
                },
            ),
            line(
                "11.3 Esparto set",
                points[2],
                if designs == 1 {
                    "1 esparto card (the printed one)".to_string()
                } else {
                    format!("{designs} different esparto cards")
                },
            ),
            line(
                "11.4 Cracks",
                points[3],
                if p.cracks == 0 {
                    "no Cracks in your Cleaning Area".to_string()
                } else {
                    format!(
                        "{} in your Cleaning Area",
                        count(p.cracks, "Crack", "Cracks")
                    )
                },
            ),
            line(
                "11.5 First player token",
                points[4],
                if token { "held" } else { "not held" }.to_string(),
            ),
            line(
                "11.6 Remaining resources",
                points[5],
                match resources {
                    0 => "no resources left".to_string(),
                    n if remaining.contains(" + ") => format!("{remaining} = {n}, 1 VP per 5"),
                    _ => format!("{remaining}, 1 VP per 5"),
                },
            ),
        ]
    }

    /// 12.9: the Competition's score, shown beside yours (it is not a seat), with the verdict
    /// against `mine`, your total.
    fn competition_line(&self, mine: i32) -> ScoreLine {
        let c = &self.t.solo;
        let comp = self.competition_score();
        let over = self.t.phase == Phase::Over;
        let yours = mine > comp || (mine == comp && self.solo_tie_is_yours());
        let verdict = match (over, mine.cmp(&comp), yours) {
            (false, _, _) => format!("so far you {mine}, the Competition {comp}"),
            (true, std::cmp::Ordering::Equal, true) => {
                "a tie, which you win by the tiebreak: you are leftmost on the turn order (11)"
                    .to_string()
            }
            (true, std::cmp::Ordering::Equal, false) => {
                "a tie, which the Competition wins by the tiebreak: it is leftmost on the turn \
                 order (11)"
                    .to_string()
            }
            (true, _, true) => format!("you win by {}", mine - comp),
            (true, _, false) => format!("the Competition wins by {}", comp - mine),
        };
        let first_token = if over && self.t.first_token == COMP {
            2
        } else {
            0
        };
        let pieces = if over {
            c.pieces.iter().map(|&p| i32::from(p)).sum::<i32>()
        } else {
            0
        };
        let parts = [
            ("sales", c.vp[0]),
            ("returning your craftswomen", c.vp[1]),
            ("closed shop and missing pieces", c.vp[2]),
            ("first player token", first_token),
            ("remaining pieces", pieces),
        ];
        let from: Vec<String> = parts
            .iter()
            .filter(|(_, vp)| *vp != 0)
            .map(|(what, vp)| format!("{what} {vp}"))
            .collect();
        let detail = if from.is_empty() {
            format!("{comp} VP; {verdict}")
        } else {
            format!("{comp} VP: {}; {verdict}", from.join(", "))
        };
        line("Competition (not part of your score)", 0, detail)
    }
}
