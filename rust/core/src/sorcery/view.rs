//! The observation of a seat as a typed value: what that seat may see and nothing else (who
//! knows what is in `observe`'s module docs).
//!
//! The view borrows the state and the card set (no card text is copied), so it is cheap to
//! build; it serializes to the observation JSON (`observation_json`) and the Python binding
//! turns it straight into a dict. Cards are spelled out as their printed faces (name,
//! department, icons, ability sentence…), as the table renderers read them.
//!
//! **Key order.** Every struct's fields are declared in alphabetical order: the JSON tree
//! (`serde_json::Value`) sorts object keys, and the Python dicts built from these structs
//! keep declaration order, so both show the same keys in the same order
//! (`fields_are_declared_in_alphabetical_order` checks it).
//!
//! **Shared faces.** Every part fixed by the card set and a card id is wrapped in
//! [`Shared`], numbered by kind of card:
//!
//! | kind | what | id |
//! |---|---|---|
//! | 0 | a project's face ([`ProjectView`] without tokens or commits: the market, the setup offers) | project id |
//! | 1 | a material card's face ([`MaterialFace`](super::faces::MaterialFace)) | material id |
//! | 2 | a thesis's face ([`ThesisFace`]) | thesis id |
//! | 3 | a staff's face ([`StaffFace`]) | staff id |
//! | 4 | a project's list of icon names (inside an in-progress or completed project) | project id |
//! | 5 | a project's ability ([`AbilityFace`](super::faces::AbilityFace), inside an in-progress or completed project) | project id |
//!
//! A project in progress or completed mixes its face with tokens and commits, so it is an
//! unshared dict whose icon list and ability are the shared ones. The faces are built in
//! [`faces`](super::faces).

use serde::{Serialize, Serializer};

use super::config::{Difficulty, Solo, SorceryConfig, Theses};
use super::faces::{MaterialList, PendingList, ProjectView, StaffFace, ThesisFace};
use super::state::{Phase, SorceryState, Stage, MARKET, NONE};
use crate::engine::{Seat, Shared};

/// Names of the moon phases, week 1 to 4 (authored: the rulebook names only week 4, the
/// New Moon).
pub const MOON_PHASES: [&str; 4] = ["Full Moon", "Last Quarter", "Waning Crescent", "New Moon"];

/// What `viewer` sees of the table.
#[derive(Clone, Debug, Serialize)]
pub struct Observation<'a> {
    /// What a Candle costs: its trade value ("A Stock Card shows the same: Material Type and
    /// Trade Value"; D) Buy: "Together they are worth 2 + 2 = $4"), `None` for a card set
    /// without Candles.
    pub candle_price: Option<u16>,
    /// Candles left in the stock.
    pub candles: u32,
    /// The options.
    pub config: ConfigView,
    /// The seat to act, or -4 once the game is over.
    pub current_player: i64,
    /// Cards left in the 100-, 200- and 300-level decks.
    pub deck_sizes: [usize; 3],
    /// The grave discard (face-up).
    pub discard: MaterialList<'a>,
    /// The seat holding the first player token.
    pub first_player: u8,
    /// Always `"sorcery"`.
    pub game: &'static str,
    /// Cards in the grave deck.
    pub grave_deck_size: usize,
    /// The market spaces (column · 2 + row), `None` when empty.
    pub market: [Option<Shared<ProjectView<'a>>>; MARKET],
    /// Month 1 to 4.
    pub month: u8,
    /// The moon phase of the week.
    pub moon: &'static str,
    /// Number of seats.
    pub num_players: usize,
    /// The three grave piles.
    pub piles: [PileView<'a>; 3],
    /// Every seat as the viewer sees it, by seat.
    pub players: Vec<PlayerView<'a>>,
    /// The solo robot's area (one-player games only).
    pub robot: Option<RobotView<'a>>,
    /// setup, action, commit, complete or game_over.
    pub step: &'static str,
    /// The decision in progress.
    pub turn: TurnView,
    /// What a Vial costs, `None` for a card set without Vials.
    pub vial_price: Option<u16>,
    /// Vials left in the stock.
    pub vials: u32,
    /// The seat observing.
    pub viewer: Seat,
    /// Week 1 to 4 of the month.
    pub week: u8,
}

/// The game's options, keys sorted (the state document keeps [`SorceryConfig`]'s order).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ConfigView {
    /// Each seat's mission, 0 for none.
    pub missions: [u8; 4],
    /// Seats.
    pub players: u8,
    /// The solo mode of a one-player game.
    pub solo: Option<SoloView>,
    /// The Staff of the Sorcerer expansion.
    pub staffs: bool,
    /// Which theses are dealt.
    pub theses: Theses,
}

/// A solo mode: [`Solo`] with its keys sorted (`mode` names the variant).
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(untagged)]
pub enum SoloView {
    /// Against the robot.
    Robot {
        /// Its difficulty.
        difficulty: Difficulty,
        /// `"robot"`.
        mode: &'static str,
    },
    /// The No Robot Solo Variant.
    NoRobot {
        /// `"no-robot"`.
        mode: &'static str,
    },
    /// Solo Mission Mode.
    Mission {
        /// The Hard version.
        hard: bool,
        /// Mission 1–10.
        mission: u8,
        /// `"mission"`.
        mode: &'static str,
    },
}

impl ConfigView {
    fn of(c: &SorceryConfig) -> Self {
        ConfigView {
            missions: c.missions,
            players: c.players,
            solo: c.solo.map(|solo| match solo {
                Solo::Robot { difficulty } => SoloView::Robot {
                    difficulty,
                    mode: "robot",
                },
                Solo::NoRobot => SoloView::NoRobot { mode: "no-robot" },
                Solo::Mission { mission, hard } => SoloView::Mission {
                    hard,
                    mission,
                    mode: "mission",
                },
            }),
            staffs: c.staffs,
            theses: c.theses,
        }
    }
}

/// A seat as the viewer sees it.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView<'a> {
    /// Completed projects, in the order completed.
    pub completed: Vec<ProjectView<'a>>,
    /// Its hand: the viewer's own only.
    pub hand: Option<MaterialList<'a>>,
    /// Another seat's hand cards whose place the viewer knows.
    pub hand_known: Option<MaterialList<'a>>,
    /// Cards in hand.
    pub hand_size: u32,
    /// Whether it has (or is choosing) a thesis.
    pub has_thesis: bool,
    /// Its mission (Mission Mode).
    pub mission: Option<u8>,
    /// Whether its mission is met: the viewer's own, and everyone's at the end.
    pub mission_met: Option<bool>,
    /// The viewer's own commits waiting for the reveal.
    pub pending_commits: Option<PendingList<'a>>,
    /// The viewer's own two 100-level projects, during setup.
    pub project_offer: Option<[Option<Shared<ProjectView<'a>>>; 2]>,
    /// In-progress projects, in the order taken.
    pub projects: Vec<ProjectView<'a>>,
    /// Credits of its completed projects (what everyone can count).
    pub public_score: i32,
    /// Its score: the viewer's own, and everyone's at the end.
    pub score: Option<i32>,
    /// Seat number.
    pub seat: usize,
    /// Its kept staff: the viewer's own, and everyone's once setup is over.
    pub staff: Option<Shared<StaffFace<'a>>>,
    /// The viewer's own two staffs, during setup.
    pub staff_offer: Option<[Option<Shared<StaffFace<'a>>>; 2]>,
    /// The viewer's own: it used an extra-commit staff in this commit step.
    pub staff_pending: Option<bool>,
    /// Its staff is face-down (used this month).
    pub staff_used: bool,
    /// Its kept thesis: the viewer's own, and a met one at the end.
    pub thesis: Option<Shared<ThesisFace<'a>>>,
    /// It has kept its thesis (Player Setup 1; which one stays hidden): every seat sees a
    /// card laid face-down.
    pub thesis_chosen: bool,
    /// The viewer's own two theses, during setup.
    pub thesis_offer: Option<[Option<Shared<ThesisFace<'a>>>; 2]>,
}

/// A grave pile: its size and the cards in it whose place the viewer knows.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct PileView<'a> {
    /// The cards the viewer knows there.
    pub known: MaterialList<'a>,
    /// Cards in it.
    pub size: u32,
}

/// The solo robot's area.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct RobotView<'a> {
    /// Its materials (face-up).
    pub materials: MaterialList<'a>,
    /// Its score.
    pub score: i32,
    /// Its extra-credit tokens.
    pub tokens: u16,
}

/// The decision in progress.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct TurnView {
    /// Buy: candles chosen.
    pub buy_candles: u8,
    /// Buy: market spaces chosen.
    pub buy_spaces: Spaces,
    /// Buy: vials chosen.
    pub buy_vials: u8,
    /// Most commits in this batch, as the viewer may know it.
    pub commit_limit: u8,
    /// Commits made in this batch (hidden in another seat's commit step).
    pub commits: Option<u8>,
    /// Buy: value discarded so far.
    pub paid: u16,
    /// Dig: the pile being looked at, 1–3.
    pub pile: u8,
    /// Buy: total price.
    pub price: u16,
    /// Count still to resolve.
    pub remaining: u8,
    /// The sub-decision (another seat's commit step shows only `Commit`).
    pub stage: &'static str,
}

/// A set of market spaces (bit i: space i), serialized as the space numbers.
#[derive(Clone, Copy, Debug)]
pub struct Spaces(u8);

impl Serialize for Spaces {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((0..MARKET).filter(|i| self.0 & (1 << i) != 0))
    }
}

/// A stage's name, as its variant is spelled ("CramTarget").
fn stage_name(stage: Stage) -> &'static str {
    use Stage as S;
    match stage {
        S::PickThesis => "PickThesis",
        S::PickProject => "PickProject",
        S::PickStaff => "PickStaff",
        S::Choose => "Choose",
        S::Cram => "Cram",
        S::CramTarget => "CramTarget",
        S::Dig => "Dig",
        S::DigEnd => "DigEnd",
        S::BuyClear => "BuyClear",
        S::BuySelect => "BuySelect",
        S::BuyPay => "BuyPay",
        S::SpectralTake => "SpectralTake",
        S::FillTarget => "FillTarget",
        S::CreditTarget => "CreditTarget",
        S::DemeritTarget => "DemeritTarget",
        S::StockChoice => "StockChoice",
        S::AfterAction => "AfterAction",
        S::Commit => "Commit",
        S::CommitTarget => "CommitTarget",
        S::Complete => "Complete",
    }
}

impl SorceryState {
    /// The observation of `viewer` as a typed value: everything that seat may see and
    /// nothing else.
    pub fn observation_view(&self, viewer: Seat) -> Observation<'_> {
        let setup = matches!(self.t.phase, Phase::Setup { .. });
        // The game is over: every score is totalled at the table.
        let over = self.t.phase == Phase::GameOver;
        let players = (0..self.n())
            .map(|s| self.player_view(s, viewer, setup, over))
            .collect();
        let (step, actor) = match self.t.phase {
            Phase::Setup { seat } => ("setup", i64::from(seat)),
            Phase::Action { seat } => ("action", i64::from(seat)),
            Phase::Commit { seat } => ("commit", i64::from(seat)),
            Phase::Complete { seat } => ("complete", i64::from(seat)),
            Phase::GameOver => ("game_over", -4),
        };
        let t = &self.t.turn;
        let my_turn = actor == viewer as i64;
        let hidden_commits = !my_turn && self.committing();
        // A staff used openly in the commit step shows its stage; the commits do not.
        let hidden_stage = hidden_commits && matches!(t.stage, Stage::Commit | Stage::CommitTarget);
        let turn = TurnView {
            buy_candles: t.candles,
            buy_spaces: Spaces(t.buy),
            buy_vials: t.vials,
            // A staff used in the commit step adds commits: hidden, the others see the
            // limit the seat's completed projects give.
            commit_limit: if hidden_commits {
                self.public_commit_limit()
            } else {
                t.limit
            },
            commits: (!hidden_commits).then_some(t.commits),
            paid: t.paid,
            pile: t.pile + 1,
            price: t.price,
            remaining: t.remaining,
            stage: stage_name(if hidden_stage { Stage::Commit } else { t.stage }),
        };
        let piles = self.t.piles.map(|pile| PileView {
            known: self.materials(self.known_part(pile, viewer)),
            size: pile.count_ones(),
        });
        let robot = (self.n() == 1).then(|| RobotView {
            materials: self.materials(self.t.robot.materials),
            score: self.robot_score(),
            tokens: self.t.robot.tokens,
        });
        let price = |candle| Some(self.stock_price(candle)).filter(|&p| p != u16::MAX);
        Observation {
            candle_price: price(true),
            candles: (self.t.stock & self.cards.candles).count_ones(),
            config: ConfigView::of(&self.t.config),
            current_player: actor,
            deck_sizes: [0, 1, 2].map(|tier| self.t.decks[tier].len()),
            discard: self.materials(self.t.discard),
            first_player: self.t.first,
            game: "sorcery",
            grave_deck_size: self.t.grave_deck.len(),
            market: self.t.market.map(|c| self.shared_project(c)),
            month: self.t.month + 1,
            moon: MOON_PHASES[usize::from(self.t.week.min(3))],
            num_players: self.n(),
            piles,
            players,
            robot,
            step,
            turn,
            vial_price: price(false),
            vials: (self.t.stock & self.cards.vials).count_ones(),
            viewer,
            week: self.t.week + 1,
        }
    }

    /// Seat `s` as `viewer` sees it.
    fn player_view(&self, s: Seat, viewer: Seat, setup: bool, over: bool) -> PlayerView<'_> {
        let p = &self.t.players[s];
        let me = s == viewer;
        let own_setup = me && setup;
        PlayerView {
            completed: p.completed.iter().map(|d| self.done_view(d)).collect(),
            hand: me.then(|| self.materials(p.hand)),
            hand_known: (!me).then(|| self.materials(self.known_part(p.hand, viewer))),
            hand_size: p.hand.count_ones(),
            has_thesis: p.thesis != NONE || p.thesis_offer[0] != NONE,
            mission: self.t.config.mission_of(s),
            mission_met: if me || over {
                self.mission_met(s)
            } else {
                None
            },
            pending_commits: me.then(|| self.pending_list(&p.pending)),
            project_offer: own_setup.then(|| p.project_offer.map(|c| self.shared_project(c))),
            projects: p.projects.iter().map(|w| self.work_view(w)).collect(),
            public_score: self.public_score(s),
            seat: s,
            // Another seat's thesis and hand are hidden until the end: only its projects'
            // credits are public.
            score: (me || over).then(|| self.score(s)),
            staff: if me || !setup {
                self.staff_face(p.staff)
            } else {
                None
            },
            staff_offer: own_setup.then(|| p.staff_offer.map(|c| self.staff_face(c))),
            staff_pending: me.then_some(p.staff_pending),
            staff_used: p.staff_used,
            // End of Game: "If you meet the criteria listed, flip it face-up"; an unmet
            // thesis stays face-down.
            thesis: if me || (over && p.thesis != NONE && self.thesis_met(s)) {
                self.thesis_face(p.thesis)
            } else {
                None
            },
            thesis_chosen: p.thesis != NONE,
            thesis_offer: own_setup.then(|| p.thesis_offer.map(|c| self.thesis_face(c))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{ActionList, GameState, Rng};
    use serde_json::json;

    fn modes() -> Vec<(usize, serde_json::Value)> {
        vec![
            (1, json!({})),
            (1, json!({"solo": "robot", "difficulty": "easy"})),
            (
                1,
                json!({"solo": "robot", "difficulty": "hard", "staffs": true}),
            ),
            (1, json!({"solo": "robot", "difficulty": "extra-hard"})),
            (1, json!({"solo": "no-robot", "staffs": true})),
            (1, json!({"solo": "mission", "mission": 5, "hard": true})),
            (1, json!({"solo": "mission", "mission": 10})),
            (2, json!({})),
            (2, json!({"staffs": true, "theses": "no-seven"})),
            (3, json!({"theses": "none", "staffs": true})),
            (4, json!({"staffs": true})),
            (4, json!({"missions": [1, 3, 5, 10], "staffs": true})),
        ]
    }

    /// Every position of one random game per mode, from every seat.
    fn every_view(mut check: impl FnMut(&SorceryState, Seat)) -> usize {
        let mut positions = 0;
        for (players, options) in modes() {
            let cfg = SorceryConfig::from_options(players, options.as_object().unwrap()).unwrap();
            let mut s = SorceryState::new_game(cfg, 5, None).unwrap();
            let mut rng = Rng::seed_from(17);
            let mut legal = ActionList::new();
            let mut steps = 0;
            loop {
                crate::sorcery::tests::count_move(&mut steps);
                (0..players).for_each(|viewer| check(&s, viewer));
                positions += 1;
                if s.is_terminal() {
                    break;
                }
                s.legal_actions_into(&mut legal);
                s.apply_action(legal[rng.below(legal.len())]).unwrap();
            }
        }
        positions
    }

    /// Written in declaration order, the view's JSON is the sorted tree's (whose maps sort
    /// their keys): every struct, at every depth, declares its fields alphabetically, so the
    /// Python dicts keep the JSON's key order.
    #[test]
    fn fields_are_declared_in_alphabetical_order() {
        let positions = every_view(|s, viewer| {
            let view = s.observation_view(viewer);
            let in_order = serde_json::to_string(&view).unwrap();
            let sorted = serde_json::to_value(&view).unwrap().to_string();
            assert_eq!(
                in_order,
                sorted,
                "seat {viewer} at step {}",
                s.t.history.len()
            );
        });
        assert!(positions > 1000, "{positions} positions");
    }

    #[test]
    fn stage_names_are_the_variants_spelling() {
        use Stage as S;
        for stage in [
            S::PickThesis,
            S::PickProject,
            S::PickStaff,
            S::Choose,
            S::Cram,
            S::CramTarget,
            S::Dig,
            S::DigEnd,
            S::BuyClear,
            S::BuySelect,
            S::BuyPay,
            S::SpectralTake,
            S::FillTarget,
            S::CreditTarget,
            S::DemeritTarget,
            S::StockChoice,
            S::AfterAction,
            S::Commit,
            S::CommitTarget,
            S::Complete,
        ] {
            assert_eq!(stage_name(stage), format!("{stage:?}"));
        }
    }
}
