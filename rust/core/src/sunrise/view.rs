//! The observation of a seat as a typed value: what that seat may see and nothing else.
//!
//! Cards are named by id: project ids index the card catalogue's `projects`, advantage ids its
//! `advantages`, resource card ids its `resource_cards`, challenge ids its `challenges`
//! ([`CardSet::catalogue`](super::data::CardSet::catalogue)). Beside an id stands only what
//! changes in play: the filled icons of a project or showpiece in progress, the glaze a
//! completed project counts as, the used parts of a wheel card. The view borrows the state
//! (no card text is copied), so it is cheap to build; it serializes to the observation JSON
//! and the Python binding turns it straight into a dict.

use serde::Serialize;

use super::data::{Resource, NUM_ADVANTAGE};
use super::observe::ROUND_NAMES;
use super::state::{CardId, Destination, Phase, SunriseState, TurnStage, WorkStyle, DECK_TOP};
use crate::engine::{FixedVec, Seat};

/// What `viewer` sees of the table.
#[derive(Clone, Debug, Serialize)]
pub struct Observation<'a> {
    /// Always `"sunrise"`.
    pub game: &'static str,
    /// The seat observing.
    pub viewer: Seat,
    /// Number of seats.
    pub num_players: usize,
    /// Day 1 to 3.
    pub day: u8,
    /// Round 1 to 3 of the day.
    pub round: u8,
    /// Sunrise, Midday or Sunset.
    pub round_name: &'static str,
    /// The game ends after this round.
    pub final_round: bool,
    /// select, work, convert, complete, final_choices or game_over.
    pub step: &'static str,
    /// The seat to act, or -4 once the game is over.
    pub current_player: i64,
    /// The studio challenges on the table, with who holds their spaces.
    pub challenges: Vec<ChallengeView<'a>>,
    /// The project row by space (space 0 is the deck's face-up top card): project ids.
    pub project_row: &'a [Option<CardId>],
    /// Cards left in the project deck.
    pub project_deck_size: usize,
    /// The deck's face-up top card (row space 0), if any.
    pub project_deck_top: Option<CardId>,
    /// Cards in the advantage deck.
    pub advantage_deck_size: usize,
    /// The advantage deck cards whose place the viewer knows.
    pub advantage_deck_known: Vec<KnownPosition>,
    /// Cards in the wastebasket.
    pub wastebasket_size: usize,
    /// The wastebasket's resource cards the viewer knows.
    pub wastebasket_known: Vec<CardId>,
    /// Resources in the community supply.
    pub community_supply: u8,
    /// Every seat as the viewer sees it, by seat.
    pub players: Vec<PlayerView<'a>>,
    /// The completion turn in progress (step three), if any.
    pub turn: Option<TurnView<'a>>,
}

/// A studio challenge on the table.
#[derive(Clone, Debug, Serialize)]
pub struct ChallengeView<'a> {
    /// Challenge id.
    pub card: CardId,
    /// The seat on the higher space.
    pub high_seat: Option<u8>,
    /// The seats on the lower space.
    pub low_seats: &'a [u8],
}

/// An advantage card whose place in the deck the viewer knows.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct KnownPosition {
    /// 0 is the top of the deck.
    pub position: usize,
    /// Advantage id.
    pub card: CardId,
}

/// A project or showpiece in progress.
#[derive(Clone, Debug, Serialize)]
pub struct WorkView {
    /// Project id (advantage id for a showpiece).
    pub card: CardId,
    /// One flag per icon of the card: it holds a resource.
    pub filled: FixedVec<bool, 8>,
}

/// A completed project.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct CompletedView {
    /// Project id.
    pub card: CardId,
    /// The glaze type it counts as.
    pub glaze: &'static str,
}

/// A resource card on a pottery wheel.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct WheelView {
    /// Resource card id.
    pub card: CardId,
    /// Part 1 and part 2 of the card used (a one-resource card uses part 1).
    pub used: [bool; 2],
}

/// The viewer's own step-one choice, hidden from the others until the reveal.
#[derive(Clone, Debug, Serialize)]
pub struct PendingView {
    /// The work style chosen.
    pub style: &'static str,
    /// Where each drawn card goes, in hand order: keep, left, right or discard.
    pub destinations: FixedVec<&'static str, 4>,
}

/// The viewer's own game-end decisions so far: advantage ids.
#[derive(Clone, Debug, Serialize)]
pub struct FinalChoiceView {
    /// Cards to reveal.
    pub reveal: FixedVec<CardId, NUM_ADVANTAGE>,
    /// Cards to discard.
    pub discard: FixedVec<CardId, NUM_ADVANTAGE>,
    /// Cards to keep face-down.
    pub keep: FixedVec<CardId, NUM_ADVANTAGE>,
}

/// One seat as the viewer sees it.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView<'a> {
    /// The seat.
    pub seat: Seat,
    /// Resources in the personal supply.
    pub supply: u8,
    /// Resources in the reserve.
    pub reserve: u8,
    /// Projects in progress.
    pub projects: Vec<WorkView>,
    /// Showpieces in progress.
    pub showpieces: Vec<WorkView>,
    /// Filled projects waiting for step three: project ids.
    pub awaiting_completion: &'a [CardId],
    /// Completed projects.
    pub completed: Vec<CompletedView>,
    /// Completed showpieces: advantage ids.
    pub completed_showpieces: &'a [CardId],
    /// Revealed end-game advantage cards: advantage ids.
    pub revealed_advantages: &'a [CardId],
    /// How many face-down advantage cards the seat holds.
    pub hidden_advantages: usize,
    /// The viewer's own face-down advantage cards (None for another seat).
    pub advantages: Option<&'a [CardId]>,
    /// Another seat's face-down cards the viewer knows (None for the viewer's own).
    pub known_advantages: Option<Vec<CardId>>,
    /// Goes first on its next completion.
    pub go_first: bool,
    /// Work styles used this day.
    pub styles_used: FixedVec<&'static str, 3>,
    /// Has made this step's hidden choice.
    pub has_chosen: bool,
    /// Cards left in the seat's draw stack.
    pub stack_size: usize,
    /// The viewer's own drawn cards: resource card ids (None for another seat).
    pub hand: Option<&'a [CardId]>,
    /// How many cards the seat has drawn.
    pub hand_size: usize,
    /// The viewer's own step-one choice, if made (None for another seat).
    pub pending_choice: Option<PendingView>,
    /// The viewer's own game-end decisions, if any (None for another seat).
    pub final_choice: Option<FinalChoiceView>,
    /// The pottery wheel.
    pub wheel: Vec<WheelView>,
    /// The score if the game ended now.
    pub score: i32,
}

/// A completion turn in progress.
#[derive(Clone, Debug, Serialize)]
pub struct TurnView<'a> {
    /// The seat completing.
    pub seat: u8,
    /// Project id being completed.
    pub project: CardId,
    /// choose_bonus, take_projects, keep_advantage, choose_glaze or finish.
    pub stage: &'static str,
    /// The advantage ids drawn, shown to the seat that drew them only.
    pub drawn: Option<&'a [CardId]>,
    /// Projects still to take (take_projects only).
    pub projects_to_take: Option<u8>,
}

fn filled(mask: u8, len: usize) -> FixedVec<bool, 8> {
    (0..len.min(8)).map(|i| mask & (1 << i) != 0).collect()
}

fn destination(d: Destination) -> &'static str {
    match d {
        Destination::Keep => "keep",
        Destination::Left => "left",
        Destination::Right => "right",
        Destination::Discard => "discard",
    }
}

impl SunriseState {
    /// The observation of `viewer`: everything that seat may see and nothing else.
    pub fn observation_view(&self, viewer: Seat) -> Observation<'_> {
        let t = &self.t;
        let bit = 1u8 << viewer;
        let scores = self.all_scores();
        let choosing = match t.phase {
            Phase::Select { seat } => Some(usize::from(seat)),
            _ => self.final_choosing(),
        };
        let players = (0..self.n())
            .map(|s| {
                let p = &t.players[s];
                let me = s == viewer;
                let ids = |m: u32| {
                    (0..NUM_ADVANTAGE as u8)
                        .filter(|c| m & (1 << c) != 0)
                        .collect()
                };
                PlayerView {
                    seat: s,
                    supply: p.supply,
                    reserve: p.reserve,
                    projects: p
                        .projects
                        .iter()
                        .map(|w| WorkView {
                            card: w.card,
                            filled: filled(w.filled, self.icons_of(w, false).len()),
                        })
                        .collect(),
                    showpieces: p
                        .showpieces
                        .iter()
                        .map(|w| WorkView {
                            card: w.card,
                            filled: filled(w.filled, self.icons_of(w, true).len()),
                        })
                        .collect(),
                    awaiting_completion: &p.awaiting,
                    completed: p
                        .completed
                        .iter()
                        .map(|c| CompletedView {
                            card: c.card,
                            glaze: Resource::from_index(usize::from(c.glaze).min(8)).name(),
                        })
                        .collect(),
                    completed_showpieces: &p.completed_showpieces,
                    revealed_advantages: &p.revealed,
                    hidden_advantages: p.advantages.len(),
                    advantages: me.then_some(&p.advantages[..]),
                    known_advantages: (!me).then(|| {
                        p.advantages
                            .iter()
                            .copied()
                            .filter(|&c| t.advantage_known[usize::from(c)] & bit != 0)
                            .collect()
                    }),
                    go_first: p.go_first,
                    styles_used: WorkStyle::ALL
                        .iter()
                        .filter(|w| p.styles_used[**w as usize])
                        .map(|w| w.label())
                        .collect(),
                    has_chosen: choosing.is_some_and(|cur| s < cur),
                    stack_size: p.stack.len(),
                    hand: me.then_some(&p.hand[..]),
                    hand_size: p.hand.len(),
                    pending_choice: p.pending.as_ref().filter(|_| me).map(|c| PendingView {
                        style: c.style.label(),
                        destinations: c.destinations.iter().map(|&d| destination(d)).collect(),
                    }),
                    final_choice: (me && p.final_choice.decided() != 0).then(|| FinalChoiceView {
                        reveal: ids(p.final_choice.reveal),
                        discard: ids(p.final_choice.discard),
                        keep: ids(p.final_choice.keep),
                    }),
                    wheel: p
                        .wheel
                        .iter()
                        .map(|w| WheelView {
                            card: w.card,
                            used: [w.used & 1 != 0, w.used & 2 != 0],
                        })
                        .collect(),
                    score: scores[s],
                }
            })
            .collect();
        let (step, turn) = match &t.phase {
            Phase::Select { .. } => ("select", None),
            Phase::Work { .. } => ("work", None),
            Phase::Convert { .. } => ("convert", None),
            Phase::FinalChoices { .. } => ("final_choices", None),
            Phase::GameOver => ("game_over", None),
            Phase::Complete {
                seat,
                project,
                turn,
            } => {
                let (stage, drawn, to_take) = match turn {
                    TurnStage::ChooseBonus => ("choose_bonus", None, None),
                    TurnStage::TakeProjects { remaining } => {
                        ("take_projects", None, Some(*remaining))
                    }
                    TurnStage::KeepAdvantage { drawn } => (
                        "keep_advantage",
                        (usize::from(*seat) == viewer).then_some(&drawn[..]),
                        None,
                    ),
                    TurnStage::ChooseGlaze => ("choose_glaze", None, None),
                    TurnStage::Finish => ("finish", None, None),
                };
                let turn = TurnView {
                    seat: *seat,
                    project: *project,
                    stage,
                    drawn,
                    projects_to_take: to_take,
                };
                ("complete", Some(turn))
            }
        };
        Observation {
            game: "sunrise",
            viewer,
            num_players: self.n(),
            day: t.day + 1,
            round: t.round + 1,
            round_name: ROUND_NAMES[usize::from(t.round.min(2))],
            final_round: self.is_final_round(),
            step,
            current_player: self.actor().map_or(-4, |s| s as i64),
            challenges: t
                .challenges
                .iter()
                .map(|c| ChallengeView {
                    card: c.card,
                    high_seat: c.high,
                    low_seats: &c.low,
                })
                .collect(),
            project_row: &t.row[..],
            project_deck_size: self.project_deck_size(),
            project_deck_top: t.row[DECK_TOP],
            advantage_deck_size: t.advantage_deck.len(),
            advantage_deck_known: t
                .advantage_deck
                .iter()
                .enumerate()
                .filter(|(_, &c)| t.advantage_known[usize::from(c)] & bit != 0)
                .map(|(position, &card)| KnownPosition { position, card })
                .collect(),
            wastebasket_size: t.wastebasket.len(),
            wastebasket_known: t
                .wastebasket
                .iter()
                .copied()
                .filter(|&c| t.resource_known[usize::from(c)] & bit != 0)
                .collect(),
            community_supply: t.community_supply,
            players,
            turn,
        }
    }

    /// The observation of `viewer` as JSON (see [`SunriseState::observation_view`]).
    pub fn observation(&self, viewer: Seat) -> serde_json::Value {
        serde_json::to_value(self.observation_view(viewer)).unwrap_or_default()
    }
}
