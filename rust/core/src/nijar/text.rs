//! A person's sentence for every action in its position, and the public version that hides
//! what only its maker may know (the endgame card discarded, the 10.2 choice of whether and
//! which endgame card to play face-down).

use super::actions::{decode, Move, SHAPE_PAIRS};
use super::data::{cost_label, Act, Amount, CardSet, CardType, Res, PIECE_NAMES};
use super::state::{Mode, NijarState, Phase, COMP, EMPTY, TASK_ANY, TASK_ROW};
use crate::engine::{Action, Seat};

const ROWS: [&str; 3] = ["top", "middle", "bottom"];
/// The technology track's last position (0-based: three positions, 8.4).
const TECH_LAST: usize = 2;
const COLS: [&str; 5] = ["1", "2", "3", "A", "B"];

fn pos_label(pos: u8) -> String {
    format!("row {} column {}", pos / 5 + 1, pos % 5 + 1)
}

/// "3 craftswomen", "1 craftswoman".
fn craftswomen(n: u8) -> String {
    if n == 1 {
        "1 craftswoman".to_string()
    } else {
        format!("{n} craftswomen")
    }
}

/// "4, 2, 2" for dice or heights.
fn list(v: &[u8]) -> String {
    v.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
}

/// The act a group's opening move resolves (the first decision of a pending action).
fn opened_act(m: Move) -> Option<Act> {
    Some(match m {
        Move::AcquireBegin => Act::Acquire,
        Move::PlayCard(..) => Act::Play,
        Move::Clay(_) => Act::Clay,
        Move::Technology => Act::Technology,
        Move::Advance(_) => Act::Throw,
        Move::Shape(_) => Act::Shape,
        Move::Fire(_) => Act::Fire,
        Move::Paint(_) => Act::Paint,
        Move::CleanBegin => Act::Clean,
        Move::EspartoBegin => Act::Esparto,
        Move::FirstPlayer(_) => Act::FirstPlayer,
        _ => return None,
    })
}

impl NijarState {
    fn card_label(&self, id: usize) -> String {
        if id >= 80 {
            return format!("endgame card {}", self.cards.name(id));
        }
        format!("{} ({})", self.cards.name(id), CardType::of(id).label())
    }

    fn draft_label(&self, pos: u8) -> String {
        let id = self.draft_at(pos);
        if id == EMPTY {
            format!("the empty space at {}", pos_label(pos))
        } else {
            format!("{} at {}", self.card_label(usize::from(id)), pos_label(pos))
        }
    }

    fn fire_label(&self, s: Seat, o: u8) -> String {
        if o < 3 {
            format!(
                "a {} from the drying area into a firing kiln",
                PIECE_NAMES[usize::from(o)]
            )
        } else {
            let w = usize::from(o - 3);
            let p = &self.t.players[s];
            let piece = p.workshops.get(w).map_or(0, |x| x.piece);
            format!(
                "the painted {} from {} into a glaze kiln",
                PIECE_NAMES[usize::from(piece.max(1) - 1)],
                self.workshop_ref(s, w)
            )
        }
    }

    /// Glazing workshop `w` of seat `s` by its place and its card, "glazing workshop 2
    /// (Taller de Vidriado 6)", the first "(Starting Glazing Workshop)" (4.2.2). A card
    /// played onto a Workshop Board (8.2) is on the table for every player to see: only the
    /// hand is kept hidden (4.2.6, "players may look at but must keep hidden from the other
    /// players"; `observe`'s table), so any viewer may read the name.
    fn workshop_ref(&self, s: Seat, w: usize) -> String {
        match self.t.players[s].workshops.get(w) {
            Some(x) => format!(
                "glazing workshop {} ({})",
                w + 1,
                self.cards.workshop_label(x.card, CardType::GlazingWorkshop)
            ),
            None => format!("glazing workshop {}", w + 1),
        }
    }

    /// Cleanup card `c` of seat `s` by its place and its card, "cleanup card 2 (Limpieza
    /// 8)", the first "(Starting Cleanup)" (4.2.2); public as `workshop_ref`.
    fn cleanup_ref(&self, s: Seat, c: usize) -> String {
        match self.t.players[s].cleanups.get(c) {
            Some(x) => format!(
                "cleanup card {} ({})",
                c + 1,
                self.cards.workshop_label(x.card, CardType::Cleanup)
            ),
            None => format!("cleanup card {}", c + 1),
        }
    }

    fn paint_label(&self, s: Seat, o: u8) -> String {
        let (w, t) = (usize::from(o / 3), usize::from(o % 3));
        // 8.8: "Pay the Paint cost indicated on each Glazing Workshop Card".
        let cost = self.t.players[s]
            .workshops
            .get(w)
            .map_or_else(String::new, |x| {
                format!(" for {}", cost_label(self.cards.paint_cost(x.card)))
            });
        format!(
            "a {} into {}{cost}",
            PIECE_NAMES[t],
            self.workshop_ref(s, w)
        )
    }

    fn wheel_label(&self, s: Seat, w: u8) -> String {
        match self.t.players[s].wheels.get(usize::from(w)) {
            Some(wh) => {
                let card = self.cards.wheel(wh.card);
                let next = card
                    .spaces
                    .get(usize::from(wh.pos))
                    .map_or("end".to_string(), |a| a.label().to_string());
                format!("{} (next space: {next})", card.name)
            }
            None => format!("wheel {}", w + 1),
        }
    }

    /// 7.2.1.1: a row's three actions are choose-one ("perform one of the actions in the
    /// row"): an opening move that spends the row says so and names what it gives up.
    fn row_choice_note(&self, m: Move) -> String {
        let (Mode::Idle, Some(act), Some(frame)) =
            (self.t.mode, opened_act(m), self.t.frames.last())
        else {
            return String::new();
        };
        if frame.ordered || frame.tasks.contains(&(act as u8)) {
            return String::new();
        }
        let row = frame.tasks.iter().find_map(|&t| {
            let r = usize::from(t.checked_sub(TASK_ROW)?);
            (t < TASK_ANY && (0..3).any(|k| self.tile(r * 3 + k) == act)).then_some(r)
        });
        let Some(r) = row else {
            return String::new();
        };
        let others: Vec<&str> = (0..3)
            .map(|k| self.tile(r * 3 + k))
            .filter(|&a| a != act)
            .map(Act::label)
            .collect();
        format!(
            " — the row's one action, instead of {}",
            others.join(" or ")
        )
    }

    /// The sentence for `action` in this position, with the row-choice note.
    pub fn describe(&self, action: Action) -> String {
        let base = self.describe_move(action);
        match decode(action) {
            Some(m) => base + &self.row_choice_note(m),
            None => base,
        }
    }

    fn describe_move(&self, action: Action) -> String {
        let Some(m) = decode(action) else {
            return format!("action {action} (outside the action space)");
        };
        let s = self.actor().unwrap_or(0).min(self.n() - 1);
        let p = &self.t.players[s];
        match m {
            Move::Combo(i) => match self.t.combos.get(usize::from(i)) {
                Some(c) => {
                    let r = self.cards.starting_resources[usize::from(c.res)];
                    let wheel = &self.cards.starting_wheels[usize::from(c.wheel)];
                    let amount = |res, n| Amount { res, n }.label();
                    // 4.3: the combination is a wheel and a resource card; the wheel's spaces
                    // are what a player chooses it for, so the option reads them.
                    format!(
                        "Choose {} ({}; {} VP when the vase reaches the end) with {}, {}, {}, {}",
                        wheel.name,
                        super::faces::wheel_spaces(wheel),
                        wheel.finish_vp,
                        amount(Res::Clay, r.clay),
                        amount(Res::Pg, r.pg),
                        amount(Res::Glaze, r.glaze),
                        amount(Res::Crack, r.cracks)
                    )
                }
                None => format!("Choose combination {}", i + 1),
            },
            Move::Donkey(pos) => format!("Place the donkey on {}", self.draft_label(pos)),
            Move::KeepDice => format!("Keep the market dice ({})", list(&self.t.dice)),
            Move::Reroll => "Re-roll the market dice".to_string(),
            Move::Place(space) => {
                let (row, col) = (usize::from(space / 5), usize::from(space % 5));
                let occ = self.t.spaces[row][col];
                let tiles: Vec<&str> = (0..3).map(|k| self.tile(row * 3 + k).label()).collect();
                let bonus = Act::from_code(self.t.columns[col]).map_or("none", |a| a.label());
                let owner = if occ.seat == COMP && self.is_solo() {
                    "the Competition's".to_string()
                } else {
                    format!("seat {}'s", occ.seat)
                };
                format!(
                    "Place {} on the {} row, column {} (one of {}, {} or {}; bonus {bonus}){}",
                    craftswomen(occ.count + 1),
                    ROWS[row],
                    COLS[col],
                    tiles[0],
                    tiles[1],
                    tiles[2],
                    if occ.seat == EMPTY {
                        String::new()
                    } else {
                        format!(", returning {owner} {}", occ.count)
                    }
                )
            }
            Move::Special => {
                let a = Act::from_code(self.t.special[0]).map_or("?", |a| a.label());
                let b = Act::from_code(self.t.special[1]).map_or("?", |a| a.label());
                format!("Place a craftswoman on the Special Action (Collect 1 Esparto, {a}, {b})")
            }
            Move::Discard(i) => format!(
                "Discard {} for any main-board action",
                self.card_label(80 + usize::from(i))
            ),
            Move::Sell(o) => format!(
                "Sell {} {} for {} VP",
                if o >= 3 { "a painted" } else { "an unpainted" },
                PIECE_NAMES[usize::from(o % 3)],
                self.sale_vp(o)
            ),
            Move::CloseShop => "Close the shop and take a bonus".to_string(),
            Move::Done => {
                "Give up the actions and bonuses still open here (they are lost)".to_string()
            }
            Move::Stop => match self.t.mode {
                Mode::Acquire { .. } => "Acquire no more cards".to_string(),
                Mode::Donkey { .. } => "Leave the donkey where it is".to_string(),
                Mode::Throw { .. } => "Move no more vases".to_string(),
                Mode::Fire { .. } => "Fire no more pieces".to_string(),
                Mode::Paint { .. } => "Paint no more pieces".to_string(),
                Mode::Sell { .. } => "Sell no more pieces".to_string(),
                _ => "Stop".to_string(),
            },
            // 8.5: "Gain the benefits shown on each space your Wooden Vases advance. You are
            // not required to resolve these benefits, but if you do, you must resolve them
            // in the order in which your Wooden Vases advance."
            Move::Skip => match self
                .t
                .frames
                .last()
                .and_then(|f| f.tasks.first())
                .and_then(|&t| Act::from_code(t))
            {
                Some(next) => format!("Leave the {} benefit of the throw unresolved", next.label()),
                None => "Leave the throw's next benefit unresolved".to_string(),
            },
            Move::ShopReward(k) => format!(
                "Returned craftswoman on the closed shop: take {}",
                ["2 Clay", "3 Perra Gorda", "3 Glazes"][usize::from(k.min(2))]
            ),
            Move::PlayEndgame(i) => format!(
                "Play {} face-down for endgame scoring",
                self.card_label(80 + usize::from(i))
            ),
            Move::NoEndgame => "Play no endgame scoring card this round".to_string(),
            Move::AcquireBegin => "Acquire Cards (up to 2)".to_string(),
            // 9.6, named as the board and the cards name it ("Acquire 1 Card").
            Move::AcquireBonus => format!("{} (bonus)", Act::Acquire1.label()),
            Move::Refresh(r) => format!(
                "Return draft row {} (all one type) to its deck and draw anew",
                r + 1
            ),
            Move::Take(pos) => format!(
                "Acquire {} for {} Perra Gorda",
                self.draft_label(pos),
                self.acquire_cost(s, pos)
            ),
            Move::MoveDonkey(pos) => format!("Move the donkey to {}", self.draft_label(pos)),
            Move::PlayCard(card, slot) => {
                let id = usize::from(card);
                let kind = CardType::of(id.min(79));
                let place = match kind {
                    CardType::Wheel => format!(
                        " on wheel space {} ({})",
                        slot + 1,
                        self.cards.board.wheel_spaces[usize::from(slot.min(3))].label()
                    ),
                    CardType::Esparto => format!(
                        " on esparto space {} ({})",
                        slot + 1,
                        self.cards.board.esparto_spaces[usize::from(slot.min(2))].label()
                    ),
                    _ => String::new(),
                };
                let cost = self.cards.cost(id.min(79));
                let paying = if cost.is_empty() {
                    ", free".to_string()
                } else {
                    format!(", paying {}", cost_label(cost))
                };
                format!("Play {}{place}{paying}", self.card_label(id.min(79)))
            }
            Move::Clay(k) => format!(
                "Extract {} Clay for {} Perra Gorda",
                k + 1,
                [0, 1, 3][usize::from(k.min(2))]
            ),
            // 8.4: the marker sets how far a Throw moves ("up to one, two, or three spaces")
            // and "Upon reaching the last position, immediately gain 2 VP".
            Move::Technology => {
                let spaces = p.tech + 2;
                // Named as the board and the cards name the action (`Act::label`).
                let name = Act::Technology.label();
                if usize::from(p.tech) + 1 >= TECH_LAST {
                    format!("{name}: the marker to its last position (a Throw then moves up to {spaces} spaces; gain 2 VP)")
                } else {
                    format!("{name}: the marker one space on (a Throw then moves up to {spaces} spaces)")
                }
            }
            Move::Advance(w) => {
                let verb = if matches!(self.t.mode, Mode::Throw { .. }) {
                    "Then advance"
                } else {
                    "Throw: advance"
                };
                format!("{verb} the vase on {}", self.wheel_label(s, w))
            }
            // The one-piece moves (9.1–9.5, and the same actions on a wheel space or a card's
            // side, 8.2 / 8.5) start with the name the board gives the step.
            Move::Throw1(w) => format!(
                "{}: advance the vase on {}",
                Act::Throw1.label(),
                self.wheel_label(s, w)
            ),
            Move::Shape(o) => {
                if o < 3 {
                    format!("Shape a {} for 1 Clay", PIECE_NAMES[usize::from(o)])
                } else {
                    let (a, b) = SHAPE_PAIRS[usize::from(o - 3).min(5)];
                    format!(
                        "Shape a {} and a {} for 2 Clay and 2 Cracks",
                        PIECE_NAMES[a], PIECE_NAMES[b]
                    )
                }
            }
            Move::Fire(o) => format!("Fire {}", self.fire_label(s, o)),
            Move::Fire1(o) => format!("{}: {}", Act::Fire1.label(), self.fire_label(s, o)),
            Move::Paint(o) => format!("Paint {}", self.paint_label(s, o)),
            Move::Paint1(o) => format!("{}: {}", Act::Paint1.label(), self.paint_label(s, o)),
            Move::CleanBegin => {
                let n = (p.cleanups.len() as u8 + 1).min(p.cracks);
                format!("Clean {n} crack{}", if n == 1 { "" } else { "s" })
            }
            Move::CleanOn(c) => format!("Place a crack on {}", self.cleanup_ref(s, usize::from(c))),
            Move::Clean1(c) => format!(
                "{}: onto {}",
                Act::Clean1.label(),
                self.cleanup_ref(s, usize::from(c))
            ),
            Move::EspartoBegin => "Collect Esparto from every esparto card".to_string(),
            Move::EspartoPick(side) => {
                let next = match self.t.mode {
                    Mode::Esparto { next } => usize::from(next),
                    _ => 0,
                };
                if next <= p.esparto.len() {
                    let card = self.esparto_of(s, next);
                    format!(
                        "From {}: take {}",
                        card.name,
                        card.rewards[usize::from(side.min(1))].label()
                    )
                } else {
                    format!("Esparto reward {}", side + 1)
                }
            }
            Move::Esparto1(o) => {
                let (i, side) = (usize::from(o / 2), usize::from(o % 2));
                if i <= p.esparto.len() {
                    let card = self.esparto_of(s, i);
                    format!(
                        "Collect 1 Esparto: {} from {}",
                        card.rewards[side].label(),
                        card.name
                    )
                } else {
                    format!("Collect 1 Esparto from card {}", i + 1)
                }
            }
            Move::FirstPlayer(k) => {
                let v = self.cards.board.right_track[usize::from(k.min(3))];
                format!(
                    "First Player Action: right-hand space {} ({} {} Perra Gorda), then any action",
                    k + 1,
                    if v >= 0 { "gain" } else { "pay" },
                    v.unsigned_abs()
                )
            }
            Move::Clay1 => format!("{}: take 1 Clay", Act::Clay1.label()),
            Move::PgOrGlaze(k) => format!(
                "Bonus: take 2 {}",
                if k == 0 { "Perra Gorda" } else { "Glazes" }
            ),
        }
    }

    /// The sentence as `viewer` may read it.
    pub fn public_describe(&self, action: Action, viewer: Option<Seat>) -> String {
        let actor = self.actor();
        if actor.is_some() && actor == viewer {
            return self.describe(action);
        }
        match decode(action) {
            Some(Move::Discard(_)) => {
                "Discard an endgame scoring card for any main-board action".to_string()
            }
            // 10.2: the choice is simultaneous; the others learn only that the seat has
            // chosen (how many cards each placed is told once every seat has chosen).
            Some(Move::PlayEndgame(_) | Move::NoEndgame) => {
                "Choose whether to play an endgame scoring card face-down".to_string()
            }
            _ if matches!(self.t.phase, Phase::Over) => self.describe(action),
            _ => self.describe(action),
        }
    }
}

impl NijarState {
    /// 12.5, the Competition's turns from this state to `next`, a line a card revealed: the
    /// card's face (the space it names and its donkey icon), then what it did — a
    /// craftswoman on that space, or on the Special Action when the space was not free to it
    /// (yours it could not outnumber, or its own); where its donkey went and the Draft Area
    /// cards it discarded. All of it is public: the card is turned face-up and everything
    /// happens on the board. With several cards in one step, what they did is told once,
    /// after the last.
    pub(super) fn competition_reveal_lines(&self, next: &NijarState) -> Vec<String> {
        let (a, b) = (&self.t.solo, &next.t.solo);
        let new = added(&a.revealed, &b.revealed);
        let mut lines: Vec<String> = new
            .iter()
            .map(|&id| {
                let face = CardSet::competition_face(&next.cards.competition[usize::from(id)]);
                format!("The Competition reveals a card: {face}")
            })
            .collect();
        let Some(last) = lines.last_mut() else {
            return lines;
        };
        let comp = usize::from(COMP);
        let mut did = Vec::new();
        let special = next.t.special_stack[comp].saturating_sub(self.t.special_stack[comp]);
        if special > 0 {
            did.push(format!(
                "{} on the Special Action (the space was not free to it)",
                craftswomen(special)
            ));
        }
        let donkey = next.t.donkeys[comp];
        if donkey != self.t.donkeys[comp] {
            did.push(format!("its donkey to {}", next.draft_label(donkey)));
        }
        let discarded: Vec<&str> = added(&a.discards, &b.discards)
            .iter()
            .map(|&c| next.cards.name(usize::from(c)))
            .collect();
        if !discarded.is_empty() {
            did.push(format!(
                "discarded {} from the Draft Area",
                discarded.join(" and ")
            ));
        }
        if !did.is_empty() {
            last.push_str(" → ");
            last.push_str(&did.join("; "));
        }
        lines
    }
}

/// What `after` holds that `before` did not: its tail past `before`, or all of it when it
/// was begun anew (a round's end clears the Competition's revealed cards, 12.8).
pub(super) fn added<'a>(before: &[u8], after: &'a [u8]) -> &'a [u8] {
    if after.starts_with(before) {
        &after[before.len()..]
    } else {
        after
    }
}

#[cfg(test)]
mod tests {
    use super::super::actions::{encode, Move};
    use super::super::data::{Act, CardType};
    use super::super::state::{Cleanup, Frame, Slot};
    use super::super::tests::{first_of, started, take_out, with_task};
    use crate::engine::GameState;

    /// The engine names a glazing workshop and a cleanup card by its place and its card
    /// (8.2: cards are played onto the Workshop Board, where every player sees them; 4.2.2:
    /// the starting ones by the rulebook's names), in the mover's text and every other
    /// viewer's alike; a one-piece move starts with the board's name of the step.
    #[test]
    fn workshop_cards_are_named_by_place_and_card() {
        let mut st = started(2, 41);
        let s = st.actor().unwrap();
        let (taller_6, limpieza_8) = (
            first_of(CardType::GlazingWorkshop) + 5,
            first_of(CardType::Cleanup) + 7,
        );
        take_out(&mut st, taller_6);
        take_out(&mut st, limpieza_8);
        let p = &mut st.table_mut().players[s];
        p.workshops[0].piece = 2; // a painted Jug in the starting glazing workshop
        p.workshops.push(Slot {
            card: taller_6,
            piece: 0,
        });
        p.cleanups.push(Cleanup {
            card: limpieza_8,
            cracks: 0,
        });
        with_task(&mut st, Act::Paint1);
        let other = Some(1 - s);
        for (m, text) in [
            (
                Move::Paint1(3),
                "Paint 1 Piece: a Plate into glazing workshop 2 (Taller de Vidriado 6) for 1 Glaze",
            ),
            (
                Move::Paint(2),
                "Paint a Pot into glazing workshop 1 (Starting Glazing Workshop) for 2 Glazes",
            ),
            (
                Move::Fire1(3),
                "Fire 1 Piece: the painted Jug from glazing workshop 1 (Starting Glazing Workshop) \
                 into a glaze kiln",
            ),
            (Move::CleanOn(1), "Place a crack on cleanup card 2 (Limpieza 8)"),
            (
                Move::Clean1(0),
                "Clean 1 Crack: onto cleanup card 1 (Starting Cleanup)",
            ),
        ] {
            assert_eq!(st.action_to_string(encode(m)), text);
            assert_eq!(st.public_action_string(encode(m), other), text, "public");
        }
    }

    /// 8.5: a throw's benefits need not be resolved, and come in the order the vases
    /// advanced: the option to leave the next one says which it is.
    #[test]
    fn a_throw_benefit_left_unresolved_is_named() {
        let mut st = started(2, 41);
        let t = st.table_mut();
        t.in_turn = true;
        let mut f = Frame {
            ordered: true,
            ..Frame::default()
        };
        f.tasks.push(Act::Shape as u8);
        f.tasks.push(Act::Clay as u8);
        t.frames.clear();
        t.frames.push(f);
        assert!(st.legal_actions().contains(&encode(Move::Skip)));
        assert_eq!(
            st.action_to_string(encode(Move::Skip)),
            "Leave the Shape benefit of the throw unresolved"
        );
    }
}
