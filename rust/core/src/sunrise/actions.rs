//! How every decision of the rulebook is encoded as one integer, in one place.
//!
//! | range | decision | rulebook section |
//! |---|---|---|
//! | `DRAFT` + 256 | work style and where each of the 4 drawn cards goes: card i's destination (keep, left, right, discard) is base-4 digit i, cards in ascending id order; the style follows from the counts | Step One, Work Styles |
//! | `PLACE` + 5·9·65 | use wheel card `slot` as resource `r` on target `t` (project id 0–33, showpiece 34–63 = advantage id + 34, 64 = reserve) | Step Two: Place Resources |
//! | `CONVERT` + 9·64 | return 2 reserve resources, place 1 as resource `r` on project/showpiece target `t` | Use Resources from the Reserve |
//! | `REVEAL` + 30 | reveal advantage card `id` for its benefit | Use Advantage Cards |
//! | `DISCARD` + 30 | discard advantage card `id` to the bottom of the deck for 1 reserve resource | Use Advantage Cards |
//! | `END_WORK` | finish step two (all wheel cards used) | Step Two |
//! | `BONUS` + 3 | choose a completion bonus action | Completion Bonus Actions |
//! | `TAKE` + 4 | take the project in row space `i` | Completion Bonus Actions |
//! | `KEEP` + 6 | keep drawn card `k`, return the other two to the bottom in order `o` (k·2 + o) | Draw 3 & Keep 1 |
//! | `GLAZE` + 3 | count a two-glaze project as light, dark or luster | Studio Challenges List |
//! | `END_TURN` | end a completion turn | Step Three |
//!
//! The size is the same for every player count, so learners can use one action mask.

use crate::engine::Action;

use super::data::{NUM_ADVANTAGE, NUM_ALL_PROJECTS, NUM_RESOURCES};
use super::state::{Destination, MAX_WHEEL, ROW_SIZE};

/// Draft actions: 4 base-4 digits.
pub const DRAFT: Action = 0;
/// Number of draft ids.
pub const DRAFT_COUNT: Action = 256;
/// Targets of a placement: projects, showpieces, then the reserve.
pub const NUM_WORK_TARGETS: usize = NUM_ALL_PROJECTS + NUM_ADVANTAGE;
/// The reserve target of a placement.
pub const RESERVE_TARGET: usize = NUM_WORK_TARGETS;
/// Placement actions.
pub const PLACE: Action = DRAFT + DRAFT_COUNT;
const PLACE_COUNT: Action = (MAX_WHEEL * NUM_RESOURCES * (NUM_WORK_TARGETS + 1)) as Action;
/// Conversion actions.
pub const CONVERT: Action = PLACE + PLACE_COUNT;
const CONVERT_COUNT: Action = (NUM_RESOURCES * NUM_WORK_TARGETS) as Action;
/// Reveal an advantage card.
pub const REVEAL: Action = CONVERT + CONVERT_COUNT;
/// Discard an advantage card for a reserve resource.
pub const DISCARD: Action = REVEAL + NUM_ADVANTAGE as Action;
/// Finish step two.
pub const END_WORK: Action = DISCARD + NUM_ADVANTAGE as Action;
/// Choose a completion bonus action.
pub const BONUS: Action = END_WORK + 1;
/// Take a project from a row space.
pub const TAKE: Action = BONUS + 3;
/// Keep one of three drawn advantage cards (and order the other two).
pub const KEEP: Action = TAKE + ROW_SIZE as Action;
/// Choose the glaze a two-glaze project counts as.
pub const GLAZE: Action = KEEP + 6;
/// End a completion turn.
pub const END_TURN: Action = GLAZE + 3;
/// Size of the action space.
pub const NUM_ACTIONS: usize = END_TURN as usize + 1;

// A legal list holds distinct ids below NUM_ACTIONS, so it always fits an ActionList.
const _: () = assert!(NUM_ACTIONS <= crate::engine::ACTION_LIST_CAPACITY);

/// A decoded action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Draft: destination per hand card.
    Draft([Destination; 4]),
    /// Place from wheel slot as resource onto target.
    Place {
        /// Wheel slot.
        slot: usize,
        /// Resource index.
        resource: usize,
        /// Target (see module docs).
        target: usize,
    },
    /// Convert 2 reserve into 1 resource on target.
    Convert {
        /// Resource index.
        resource: usize,
        /// Target (project or showpiece).
        target: usize,
    },
    /// Reveal an advantage card.
    Reveal(usize),
    /// Discard an advantage card.
    Discard(usize),
    /// End step two.
    EndWork,
    /// Choose bonus action index.
    Bonus(usize),
    /// Take from row space.
    Take(usize),
    /// Keep drawn index, return order.
    Keep {
        /// Index of the kept card among the drawn.
        keep: usize,
        /// 0: the lower-indexed of the other two goes to the bottom first; 1: the other.
        order: usize,
    },
    /// Glaze choice (0 light, 1 dark, 2 luster).
    Glaze(usize),
    /// End a completion turn.
    EndTurn,
}

/// Encodes a draft from its destinations.
pub fn draft_action(dest: [Destination; 4]) -> Action {
    DRAFT
        + dest
            .iter()
            .enumerate()
            .map(|(i, d)| (*d as Action) << (2 * i))
            .sum::<Action>()
}

/// Encodes a placement.
pub fn place_action(slot: usize, resource: usize, target: usize) -> Action {
    PLACE + ((slot * NUM_RESOURCES + resource) * (NUM_WORK_TARGETS + 1) + target) as Action
}

/// Encodes a conversion.
pub fn convert_action(resource: usize, target: usize) -> Action {
    CONVERT + (resource * NUM_WORK_TARGETS + target) as Action
}

/// Decodes an action id (`None` when out of range). Inlined: `apply` decodes every move, and
/// inline the decoded fields go straight to the move's code instead of through memory.
#[inline]
pub fn decode(a: Action) -> Option<Move> {
    Some(if a < PLACE {
        let mut d = [Destination::Keep; 4];
        for (i, slot) in d.iter_mut().enumerate() {
            *slot = Destination::ALL[((a >> (2 * i)) & 3) as usize];
        }
        Move::Draft(d)
    } else if a < CONVERT {
        let x = (a - PLACE) as usize;
        let target = x % (NUM_WORK_TARGETS + 1);
        let sr = x / (NUM_WORK_TARGETS + 1);
        Move::Place {
            slot: sr / NUM_RESOURCES,
            resource: sr % NUM_RESOURCES,
            target,
        }
    } else if a < REVEAL {
        let x = (a - CONVERT) as usize;
        Move::Convert {
            resource: x / NUM_WORK_TARGETS,
            target: x % NUM_WORK_TARGETS,
        }
    } else if a < DISCARD {
        Move::Reveal((a - REVEAL) as usize)
    } else if a < END_WORK {
        Move::Discard((a - DISCARD) as usize)
    } else if a == END_WORK {
        Move::EndWork
    } else if a < TAKE {
        Move::Bonus((a - BONUS) as usize)
    } else if a < KEEP {
        Move::Take((a - TAKE) as usize)
    } else if a < GLAZE {
        let x = (a - KEEP) as usize;
        Move::Keep {
            keep: x / 2,
            order: x % 2,
        }
    } else if a < END_TURN {
        Move::Glaze((a - GLAZE) as usize)
    } else if a == END_TURN {
        Move::EndTurn
    } else {
        return None;
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_decodes_and_ranges_do_not_overlap() {
        assert_eq!(NUM_ACTIONS, 3835);
        for a in 0..NUM_ACTIONS as Action {
            let m = decode(a).expect("in range");
            let back = match m {
                Move::Draft(d) => draft_action(d),
                Move::Place {
                    slot,
                    resource,
                    target,
                } => place_action(slot, resource, target),
                Move::Convert { resource, target } => convert_action(resource, target),
                Move::Reveal(i) => REVEAL + i as Action,
                Move::Discard(i) => DISCARD + i as Action,
                Move::EndWork => END_WORK,
                Move::Bonus(i) => BONUS + i as Action,
                Move::Take(i) => TAKE + i as Action,
                Move::Keep { keep, order } => KEEP + (keep * 2 + order) as Action,
                Move::Glaze(g) => GLAZE + g as Action,
                Move::EndTurn => END_TURN,
            };
            assert_eq!(back, a);
        }
        assert_eq!(decode(NUM_ACTIONS as Action), None);
    }
}
