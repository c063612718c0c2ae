//! The slow-changing parts of a seat's estimate, remembered per thread and per seat.
//!
//! Greedy play scores the acting seat after every candidate move, and most candidates (a
//! dig, a pile, a purchase, a payment) leave the seat's projects, completed projects and
//! thesis as they were; yet those are most of what the estimate reads. What they give is kept
//! here in three layers, each a pure function of the inputs it is keyed on, and reused
//! whenever those are equal, so the estimate is the same to the bit whichever state or thread
//! asked first:
//! 1. the base ([`AreaBase`]): each project's open icons and credits, the completed projects'
//!    credits, the thesis — keyed on the card set, the projects, the completed projects and
//!    the thesis;
//! 2. the part ([`AreaPart`]): the base seen `weeks_left` weeks before the end with the
//!    pending commits in place (which projects can still be finished, what they are worth,
//!    what they leave open) — keyed on those two as well. The search goes back and forth
//!    between weeks (a rollout runs to the end, the next one starts from the root) and a
//!    commit step's candidates each change the pending commits: both only re-derive the part
//!    from the base, a pass over the seat's few projects;
//! 3. the seat's last estimate read without a look-ahead ([`Plain`]), keyed on its hand and
//!    whether the game is over as well: the estimate of a seat that is not acting reads
//!    nothing else, and the other seats' values are asked again and again while one seat
//!    plays.
//!
//! The memo holds a reference to the card set it was computed with, so the set cannot be
//! freed and another allocated at its address while the key names it (at most one set per
//! seat per thread is kept alive this way). It is written in place: nothing is allocated
//! after a thread's first use.

use std::cell::RefCell;
use std::sync::Arc;

use super::data::{CardSet, NUM_ICONS, NUM_PROJECTS};
use super::heuristic::Needs;
use super::state::{CardId, Commit, Done, Materials, Player, Work, MAX_PENDING};
use crate::engine::{FixedVec, MAX_PLAYERS};

/// A project in progress as the estimate reads it, before the pending commits.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct ProjectPart {
    /// The project.
    pub(super) card: CardId,
    /// Per icon, its open icons (no material under them, not filled by an ability).
    pub(super) open: [u8; NUM_ICONS],
    /// All its open icons.
    pub(super) open_count: u32,
    /// Its credits with its tokens, at least 0.
    pub(super) credits: u32,
    /// Its icons (at least 1: what its credits are shared over).
    pub(super) icons: u8,
}

/// What the projects in progress, the completed projects and the thesis give before the week
/// and the pending commits are taken into account.
#[derive(Clone, Copy, Default)]
pub(super) struct AreaBase {
    /// The projects in progress, in the seat's order.
    pub(super) projects: FixedVec<ProjectPart, NUM_PROJECTS>,
    /// Commits a commit step allows (the completed projects' extra commits included).
    pub(super) commit_limit: u8,
    /// The dollar value of the materials under the projects in progress.
    pub(super) under_incomplete: i32,
    /// The completed projects' credits with their tokens.
    pub(super) completed_credits: i32,
    /// The kept thesis.
    pub(super) thesis: ThesisPart,
    /// Completed projects with an ongoing ability.
    pub(super) ongoing_projects: u32,
}

/// What the projects in progress, the completed projects and the thesis add to a seat's
/// estimate, and what they leave for the materials in hand.
#[derive(Clone, Copy, Default)]
pub(super) struct AreaPart {
    /// Each project in progress's share of credits, in the order of the seat's projects
    /// (added to the score one by one, as the estimate always has).
    pub(super) estimates: FixedVec<f64, NUM_PROJECTS>,
    /// Commits left after the projects that can still be finished.
    pub(super) capacity: u32,
    /// The projects' open icons, with the best per-icon credits among them.
    pub(super) needs: Needs,
    /// The dollar value of the materials under the projects in progress (unused at the end).
    pub(super) under_incomplete: i32,
    /// The completed projects' credits with their tokens.
    pub(super) completed_credits: i32,
    /// The kept thesis.
    pub(super) thesis: ThesisPart,
    /// The completed projects' ongoing abilities.
    pub(super) ongoing: f64,
}

/// The kept thesis's part: fixed by the completed projects, or (a materials condition)
/// waiting for the unused material value.
#[derive(Clone, Copy, Default)]
pub(super) enum ThesisPart {
    /// No thesis kept.
    #[default]
    None,
    /// A condition on the completed projects: the credits it scores (0 unless met) and the
    /// estimate of the part met (0 once met).
    Fixed { credits: i32, estimate: f64 },
    /// "Unused materials worth at least `amount`", for `credits`.
    Materials { amount: u8, credits: u8 },
}

/// A seat's estimate read without a look-ahead, with the inputs it read besides its part.
#[derive(Clone, Copy)]
pub(super) struct Plain {
    /// The seat's hand.
    pub(super) hand: Materials,
    /// The game was over.
    pub(super) over: bool,
    /// The estimate.
    pub(super) value: f64,
}

/// The inputs an [`AreaBase`] is computed from (with the card set).
#[derive(Default)]
struct BaseKey {
    projects: FixedVec<Work, NUM_PROJECTS>,
    completed: FixedVec<Done, NUM_PROJECTS>,
    thesis: CardId,
}

impl BaseKey {
    fn matches(&self, p: &Player) -> bool {
        self.thesis == p.thesis
            // The current cram's count (`batch`, set to 0 on every project by a cram) is not
            // read by the estimate.
            && self.projects.len() == p.projects.len()
            && self
                .projects
                .iter()
                .zip(p.projects.iter())
                .all(|(a, b)| a.equal_but_batch(b))
            && self.completed == p.completed
    }

    fn set(&mut self, p: &Player) {
        // Only the items: the lists have room for every project, a seat holds a few.
        self.projects.copy_items_from(&p.projects);
        self.completed.copy_items_from(&p.completed);
        self.thesis = p.thesis;
    }
}

/// The inputs an [`AreaPart`] is derived from its base with.
#[derive(Default)]
struct PartKey {
    pending: FixedVec<Commit, MAX_PENDING>,
    weeks_left: u32,
}

/// One seat's remembered layers with the inputs they were computed from. A layer is valid
/// only once computed in full from its key (a computation cut short leaves nothing behind
/// that could be read), and only while the layers under it are.
#[derive(Default)]
struct Entry {
    cards: Option<Arc<CardSet>>,
    base_valid: bool,
    base_key: BaseKey,
    base: AreaBase,
    part_valid: bool,
    part_key: PartKey,
    part: AreaPart,
    plain: Option<Plain>,
}

thread_local! {
    static MEMO: RefCell<[Entry; MAX_PLAYERS]> = RefCell::new(Default::default());
}

/// Calls `read` with the area part of `seat` (whose area is `p`, with `weeks_left` weeks to
/// go) and the seat's last estimate read without a look-ahead, valid for this part (`read`
/// may replace it). The base is computed into a cleared base with `compute_base` only when
/// its inputs differ from those remembered for that seat on this thread, and the part is
/// derived from it with `derive` only when the base or the pending commits or the week do.
pub(super) fn with_area_part<R>(
    cards: &Arc<CardSet>,
    seat: usize,
    p: &Player,
    weeks_left: u32,
    compute_base: impl FnOnce(&mut AreaBase),
    derive: impl FnOnce(&AreaBase, &FixedVec<Commit, MAX_PENDING>, u32, &mut AreaPart),
    read: impl FnOnce(&AreaPart, &mut Option<Plain>) -> R,
) -> R {
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        let entry = &mut memo[seat];
        let same_cards = entry.cards.as_ref().is_some_and(|c| Arc::ptr_eq(c, cards));
        if !(entry.base_valid && same_cards && entry.base_key.matches(p)) {
            entry.base_valid = false;
            entry.part_valid = false;
            if !same_cards {
                entry.cards = Some(Arc::clone(cards));
            }
            entry.base_key.set(p);
            entry.base.projects.clear();
            compute_base(&mut entry.base);
            entry.base_valid = true;
        }
        let key = &entry.part_key;
        if !(entry.part_valid && key.weeks_left == weeks_left && key.pending == p.pending) {
            entry.part_valid = false;
            entry.plain = None;
            entry.part_key.pending.copy_items_from(&p.pending);
            entry.part_key.weeks_left = weeks_left;
            entry.part.estimates.clear();
            entry.part.needs = Needs::default();
            derive(&entry.base, &p.pending, weeks_left, &mut entry.part);
            entry.part_valid = true;
        }
        read(&entry.part, &mut entry.plain)
    })
}
