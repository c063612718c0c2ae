//! The slow-changing part of a seat's estimate, remembered per thread and per seat.
//!
//! Greedy play scores the acting seat after every candidate move, and most candidates (a
//! dig, a pile, a purchase, a payment) leave the seat's projects, completed projects and
//! thesis as they were; yet those are most of what the estimate reads. Their part is a pure
//! function of the card set, those pieces of the seat's area, its pending commits and the
//! weeks left, so it is kept here with exactly those inputs as its key and reused whenever
//! they are equal: the estimate is the same to the bit, whichever state or thread asked first.
//!
//! The memo holds a reference to the card set it was computed with, so the set cannot be
//! freed and another allocated at its address while the key names it (at most one set per
//! seat per thread is kept alive this way). It is written in place: nothing is allocated
//! after a thread's first use.

use std::cell::RefCell;
use std::sync::Arc;

use super::data::{CardSet, NUM_PROJECTS};
use super::heuristic::Needs;
use super::state::{CardId, Commit, Done, Player, Work, MAX_PENDING};
use crate::engine::{FixedVec, MAX_PLAYERS};

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

/// The inputs an [`AreaPart`] is computed from.
#[derive(Default, PartialEq)]
struct Key {
    projects: FixedVec<Work, NUM_PROJECTS>,
    pending: FixedVec<Commit, MAX_PENDING>,
    completed: FixedVec<Done, NUM_PROJECTS>,
    thesis: CardId,
    weeks_left: u32,
}

impl Key {
    fn matches(&self, p: &Player, weeks_left: u32) -> bool {
        self.weeks_left == weeks_left
            && self.thesis == p.thesis
            // The current cram's count (`batch`, set to 0 on every project by a cram) is not
            // read by the estimate.
            && self.projects.len() == p.projects.len()
            && self
                .projects
                .iter()
                .zip(p.projects.iter())
                .all(|(a, b)| a.equal_but_batch(b))
            && self.pending == p.pending
            && self.completed == p.completed
    }
}

/// One seat's remembered part with the inputs it was computed from.
#[derive(Default)]
struct Entry {
    /// The part was computed in full from `key` (false while it is being computed, so a
    /// computation cut short leaves nothing behind that could be read).
    valid: bool,
    cards: Option<Arc<CardSet>>,
    key: Key,
    part: AreaPart,
}

thread_local! {
    static MEMO: RefCell<[Entry; MAX_PLAYERS]> = RefCell::new(Default::default());
}

/// Calls `read` with the area part of `seat` (whose area is `p`, with `weeks_left` weeks to
/// go), computing it into a cleared part with `compute` only when the inputs differ from
/// those remembered for that seat on this thread.
pub(super) fn with_area_part<R>(
    cards: &Arc<CardSet>,
    seat: usize,
    p: &Player,
    weeks_left: u32,
    compute: impl FnOnce(&mut AreaPart),
    read: impl FnOnce(&AreaPart) -> R,
) -> R {
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        let entry = &mut memo[seat];
        let same_cards = entry.cards.as_ref().is_some_and(|c| Arc::ptr_eq(c, cards));
        if !(entry.valid && same_cards && entry.key.matches(p, weeks_left)) {
            entry.valid = false;
            if !same_cards {
                entry.cards = Some(Arc::clone(cards));
            }
            // Only the items: the lists have room for every project, a seat holds a few.
            entry.key.projects.copy_items_from(&p.projects);
            entry.key.pending.copy_items_from(&p.pending);
            entry.key.completed.copy_items_from(&p.completed);
            entry.key.thesis = p.thesis;
            entry.key.weeks_left = weeks_left;
            entry.part.estimates.clear();
            entry.part.needs = Needs::default();
            entry.part.under_incomplete = 0;
            compute(&mut entry.part);
            entry.valid = true;
        }
        read(&entry.part)
    })
}
