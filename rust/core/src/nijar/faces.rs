//! A card's face in words: what a person at the table reads on the printed card (name, type,
//! cost, VP, and its actions or rewards). Shown wherever a card is seen (the draft area, a
//! hand, a workshop, the endgame cards, the Competition's revealed cards), so that nobody
//! needs the card file to play.

use super::data::{
    cost_label, CardSet, CardType, CleanupCard, CompetitionCard, Cost, DonkeyIcon, EndgameKind,
    EspartoCard, WheelCard, NUM_GAME_CARDS, PIECE_NAMES, STARTING_CARD,
};

/// "costs 2 Perra Gorda + 1 Clay", "free": how the cost reads on a face.
fn costs(cost: &Cost) -> String {
    if cost.is_empty() {
        "free".to_string()
    } else {
        format!("costs {}", cost_label(cost))
    }
}

/// "Fire 1 Piece → Clean 1 Crack" — the order a vase meets them.
pub(super) fn wheel_spaces(w: &WheelCard) -> String {
    w.spaces
        .iter()
        .map(|a| a.label())
        .collect::<Vec<_>>()
        .join(" → ")
}

/// "Esparto · costs 1 Clay · Collect Esparto gives 3 Perra Gorda or 1 Glaze".
fn esparto_face(head: &str, cost: &str, c: &EspartoCard) -> String {
    format!(
        "{head} · {cost} · Collect Esparto gives {} or {}",
        c.rewards[0].label(),
        c.rewards[1].label()
    )
}

/// "Cleanup · costs 2 Perra Gorda · 2 crack spaces · filled: 3 VP".
fn cleanup_face(head: &str, cost: &str, c: &CleanupCard) -> String {
    format!(
        "{head} · {cost} · {} crack spaces · filled: {}",
        c.spaces,
        c.reward.label()
    )
}

impl CardSet {
    /// The face of the esparto card printed on every workshop board (8.10), which no deck
    /// holds and nobody pays for.
    pub fn printed_esparto_face(&self) -> String {
        esparto_face(
            "Esparto",
            "printed on your workshop board",
            &self.printed_esparto,
        )
    }

    /// The face of the Starting Cleanup Card (4.2.2), which no deck holds and nobody pays for.
    pub fn starting_cleanup_face(&self) -> String {
        cleanup_face(
            CardType::Cleanup.starting_label(),
            "in your workshop from the start",
            &self.starting_cleanup,
        )
    }

    /// A potter's wheel's face (game or starting wheel).
    pub fn wheel_face(&self, w: &WheelCard, starting: bool) -> String {
        let head = if starting {
            "Starting Potter's Wheel".to_string()
        } else {
            format!(
                "Potter's Wheel · {} · {} VP when played",
                costs(&w.cost),
                w.vp
            )
        };
        format!(
            "{head} · vase spaces: {} · {} VP when the vase reaches the end",
            wheel_spaces(w),
            w.finish_vp
        )
    }

    /// The face of game card or endgame card `id` (the ids of `observation()`).
    pub fn face(&self, id: usize) -> String {
        if id >= NUM_GAME_CARDS {
            return match self.endgame.get(id - NUM_GAME_CARDS).map(|c| c.kind) {
                Some(EndgameKind::Cards(CardType::Esparto)) => {
                    "Endgame scoring: esparto cards on your workshop (1/2/3/4+ cards: 0/1/5/10 VP)"
                        .to_string()
                }
                Some(EndgameKind::Cards(t)) => format!(
                    "Endgame scoring: {} cards on your workshop (1/2/3/4/5+ cards: 0/1/3/6/10 VP)",
                    t.label()
                ),
                Some(EndgameKind::Pieces(p)) => {
                    format!("Endgame scoring: 1 VP per {} sold", PIECE_NAMES[p.min(2)])
                }
                None => "Endgame scoring card".to_string(),
            };
        }
        let cost = costs(self.cost(id));
        match CardType::of(id) {
            CardType::Wheel => self.wheel_face(&self.wheels[id], false),
            CardType::Esparto => esparto_face("Esparto", &cost, &self.esparto[id - 16]),
            CardType::Cleanup => cleanup_face("Cleanup", &cost, &self.cleanups[id - 32]),
            t => {
                let c = &self.buildings[id - 44];
                let paint = if t == CardType::GlazingWorkshop {
                    format!(" · painting here costs {}", cost_label(&c.paint))
                } else {
                    String::new()
                };
                format!(
                    "{} · {cost}{paint} · when played: {} and {}",
                    t.label(),
                    c.sides[0].label(),
                    c.sides[1].label()
                )
            }
        }
    }

    /// The face of a glazing workshop's or kiln's card `id` in a workshop. The starting cards
    /// (4.2.2) have no cost and no side actions: their face is what they hold (8.7: "A Kiln
    /// may never contain more than one piece"; 8.8: "Each Glazing Workshop can hold only one
    /// piece").
    pub fn building_face(&self, id: u8, kind: CardType) -> String {
        if id != STARTING_CARD {
            return self.face(usize::from(id));
        }
        let holds = match kind {
            CardType::GlazingWorkshop => format!(
                "painting here costs {} · holds 1 piece being painted",
                cost_label(&self.starting_paint)
            ),
            CardType::GlazeKiln => "holds 1 painted piece fired from a Glazing Workshop".into(),
            _ => "holds 1 piece fired from your Drying Area".into(),
        };
        format!("{} · {holds}", kind.starting_label())
    }

    /// A Competition card's face (12.5): the space its craftswoman takes and its donkey icon.
    pub fn competition_face(c: &CompetitionCard) -> String {
        let donkey = match c.donkey {
            DonkeyIcon::RightLeft => "its donkey right of yours, else left",
            DonkeyIcon::LeftRight => "its donkey left of yours, else right",
            DonkeyIcon::AboveBelow => "its donkey above yours, else below",
            DonkeyIcon::BelowAbove => "its donkey below yours, else above",
            DonkeyIcon::DiscardSides => "discards the cards left and right of its donkey",
            DonkeyIcon::DiscardVertical => "discards the cards above and below its donkey",
            DonkeyIcon::Stay => "its donkey stays",
        };
        // The main board's space as the options and the board name it ("the middle row,
        // column 3"), not as the draft area's "row 2 column 3" (another grid).
        let row = ["top", "middle", "bottom"][usize::from(c.space.0).min(2)];
        let col = ["1", "2", "3", "A", "B"][usize::from(c.space.1).min(4)];
        format!("a craftswoman on the main board's {row} row, column {col}; {donkey}")
    }
}
