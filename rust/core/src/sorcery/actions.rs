//! How every decision of the rulebook is encoded as one integer, in one place. Compound
//! decisions (a commit, a dig, a buy, an ability) are short sequences of these, each with its
//! own sentence (`text.rs`). Where a person picks the parts one at a time (the materials of a
//! commit or cram, the projects and stock of a buy, the candles and vials an effect gives)
//! any order is offered, so that whatever they pick first the rest is still there; where the
//! table asks for the whole set at once, one order per set is offered (a payment's discards
//! in ascending id order, which the table's tick list plays; a Spectral Sight take pile by
//! pile, ascending within a pile).
//!
//! | range | decision | rulebook section |
//! |---|---|---|
//! | `PICK_THESIS` + 2 | keep offered thesis 0 or 1 (the other to the box) | Player Setup 1 |
//! | `PICK_PROJECT` + 2 | keep offered project 0 or 1 (the other to the bottom of the deck) | Player Setup 2 |
//! | `PICK_STAFF` + 2 | keep offered staff 0 or 1 | Staff of the Sorcerer: Player Setup 5 |
//! | `CRAM` | take the Cram action | I. A) Cram |
//! | `DIG` | take the Dig action (look at the left pile) | I. C) Dig |
//! | `BUY` | take the Buy action | I. D) Buy |
//! | `USE_STAFF` | use your staff (once a month) | Staff of the Sorcerer: Gameplay |
//! | `ABILITY` + 58 | use the action of completed project `id` | I. B) Project Action |
//! | `COMMIT` + 98 | commit material `id` (then choose where) | II. Commit Step / Cram |
//! | `COMMIT_TO` + 58·8 | put the chosen material under project `id` for icon `i` | II. Commit Step |
//! | `STOP` | commit nothing more (end the cram / your commit step) | II. Commit Step |
//! | `DIG_TAKE` | take the pile you are looking at | Take the Pile |
//! | `DIG_ON` | look at the next pile (a face-down card onto this one) | Keep Looking |
//! | `DIG_TOP` / `DIG_CANDLE` / `DIG_VIAL` / `DIG_NOTHING` | after three piles | Dig |
//! | `CLEAR` + 6 | solo: a market space of a pair to clear for $1 | Solo Mode |
//! | `CLEAR_DONE` | solo: clear no more | Solo Mode |
//! | `BUY_SPACE` + 6 | add market space `i` to the purchase | D) Buy |
//! | `BUY_CANDLE` / `BUY_VIAL` | add a candle / a vial to the purchase | D) Buy |
//! | `BUY_DONE` | the purchase is chosen; pay | D) Buy |
//! | `PAY` + 98 | discard material `id` towards the price | D) Buy |
//! | `PAY_DONE` | the payment is complete (change is lost) | D) Buy |
//! | `TAKE_GRAVE` + 70 | Spectral Sight: take grave card `id` from a pile | Spectral Sight |
//! | `FILL` + 58·8 | fill icon `i` of project `id` without a material | Crawling Claw |
//! | `TOKEN_PROJECT` + 58 | the project for tokens (extra credits / remove demerits) | Cleansing Cauldron |
//! | `TAKE_CANDLE` / `TAKE_VIAL` | which stock card an effect gives | abilities |
//! | `END_TURN` | end the turn without using the staff (offered after the action while the staff is unused) | Staff of the Sorcerer |
//!
//! The size is the same for every player count and mode.

use crate::engine::Action;

use super::data::{NUM_GRAVE, NUM_ICONS, NUM_MATERIALS, NUM_PROJECTS};
use super::state::MARKET;

/// Keep a thesis.
pub const PICK_THESIS: Action = 0;
/// Keep a project.
pub const PICK_PROJECT: Action = 2;
/// Keep a staff.
pub const PICK_STAFF: Action = 4;
/// Cram.
pub const CRAM: Action = 6;
/// Dig.
pub const DIG: Action = 7;
/// Buy.
pub const BUY: Action = 8;
/// Use the staff.
pub const USE_STAFF: Action = 9;
/// Use a completed project's action.
pub const ABILITY: Action = 10;
/// Choose a material to commit.
pub const COMMIT: Action = ABILITY + NUM_PROJECTS as Action;
/// Choose the project and icon of a commit.
pub const COMMIT_TO: Action = COMMIT + NUM_MATERIALS as Action;
/// Commit nothing more.
pub const STOP: Action = COMMIT_TO + (NUM_PROJECTS * NUM_ICONS) as Action;
/// Take the pile.
pub const DIG_TAKE: Action = STOP + 1;
/// Keep looking.
pub const DIG_ON: Action = DIG_TAKE + 1;
/// Take the top card of the grave deck.
pub const DIG_TOP: Action = DIG_ON + 1;
/// Take a candle for free.
pub const DIG_CANDLE: Action = DIG_TOP + 1;
/// Take a vial for free.
pub const DIG_VIAL: Action = DIG_CANDLE + 1;
/// Take nothing.
pub const DIG_NOTHING: Action = DIG_VIAL + 1;
/// Solo: a market space to clear.
pub const CLEAR: Action = DIG_NOTHING + 1;
/// Solo: clear no more.
pub const CLEAR_DONE: Action = CLEAR + MARKET as Action;
/// Buy a market space.
pub const BUY_SPACE: Action = CLEAR_DONE + 1;
/// Buy a candle.
pub const BUY_CANDLE: Action = BUY_SPACE + MARKET as Action;
/// Buy a vial.
pub const BUY_VIAL: Action = BUY_CANDLE + 1;
/// The purchase is chosen.
pub const BUY_DONE: Action = BUY_VIAL + 1;
/// Discard a material as payment.
pub const PAY: Action = BUY_DONE + 1;
/// The payment is complete.
pub const PAY_DONE: Action = PAY + NUM_MATERIALS as Action;
/// Spectral Sight: take a grave card.
pub const TAKE_GRAVE: Action = PAY_DONE + 1;
/// Fill an icon without a material.
pub const FILL: Action = TAKE_GRAVE + NUM_GRAVE as Action;
/// The project for tokens.
pub const TOKEN_PROJECT: Action = FILL + (NUM_PROJECTS * NUM_ICONS) as Action;
/// Take a candle (effect).
pub const TAKE_CANDLE: Action = TOKEN_PROJECT + NUM_PROJECTS as Action;
/// Take a vial (effect).
pub const TAKE_VIAL: Action = TAKE_CANDLE + 1;
/// End the turn (the staff stays unused).
pub const END_TURN: Action = TAKE_VIAL + 1;
/// Size of the action space.
pub const NUM_ACTIONS: usize = END_TURN as usize + 1;

const _: () = assert!(NUM_ACTIONS <= crate::engine::ACTION_LIST_CAPACITY);

/// A decoded action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Keep offered thesis i.
    PickThesis(usize),
    /// Keep offered project i.
    PickProject(usize),
    /// Keep offered staff i.
    PickStaff(usize),
    /// Cram.
    Cram,
    /// Dig.
    Dig,
    /// Buy.
    Buy,
    /// Use the staff.
    UseStaff,
    /// Use a completed project's action.
    Ability(usize),
    /// Commit a material.
    Commit(usize),
    /// Put the chosen material under a project for an icon.
    CommitTo {
        /// Project id.
        project: usize,
        /// Icon index.
        icon: usize,
    },
    /// Commit nothing more.
    Stop,
    /// Take the pile.
    DigTake,
    /// Look at the next pile.
    DigOn,
    /// Top card of the grave deck.
    DigTop,
    /// A free candle.
    DigCandle,
    /// A free vial.
    DigVial,
    /// Nothing.
    DigNothing,
    /// Solo: clear a market space (of a pair).
    Clear(usize),
    /// Solo: clear no more.
    ClearDone,
    /// Buy a market space.
    BuySpace(usize),
    /// Buy a candle.
    BuyCandle,
    /// Buy a vial.
    BuyVial,
    /// The purchase is chosen.
    BuyDone,
    /// Discard a material as payment.
    Pay(usize),
    /// Payment complete.
    PayDone,
    /// Spectral Sight: take a grave card.
    TakeGrave(usize),
    /// Fill an icon without a material.
    Fill {
        /// Project id.
        project: usize,
        /// Icon index.
        icon: usize,
    },
    /// The project for tokens.
    TokenProject(usize),
    /// Take a candle.
    TakeCandle,
    /// Take a vial.
    TakeVial,
    /// End the turn without using the staff.
    EndTurn,
}

/// Encodes a commit target.
pub fn commit_to(project: usize, icon: usize) -> Action {
    COMMIT_TO + (project * NUM_ICONS + icon) as Action
}

/// Encodes a fill target.
pub fn fill(project: usize, icon: usize) -> Action {
    FILL + (project * NUM_ICONS + icon) as Action
}

/// Encodes a move.
pub fn encode(m: Move) -> Action {
    match m {
        Move::PickThesis(i) => PICK_THESIS + i as Action,
        Move::PickProject(i) => PICK_PROJECT + i as Action,
        Move::PickStaff(i) => PICK_STAFF + i as Action,
        Move::Cram => CRAM,
        Move::Dig => DIG,
        Move::Buy => BUY,
        Move::UseStaff => USE_STAFF,
        Move::Ability(p) => ABILITY + p as Action,
        Move::Commit(m) => COMMIT + m as Action,
        Move::CommitTo { project, icon } => commit_to(project, icon),
        Move::Stop => STOP,
        Move::DigTake => DIG_TAKE,
        Move::DigOn => DIG_ON,
        Move::DigTop => DIG_TOP,
        Move::DigCandle => DIG_CANDLE,
        Move::DigVial => DIG_VIAL,
        Move::DigNothing => DIG_NOTHING,
        Move::Clear(i) => CLEAR + i as Action,
        Move::ClearDone => CLEAR_DONE,
        Move::BuySpace(i) => BUY_SPACE + i as Action,
        Move::BuyCandle => BUY_CANDLE,
        Move::BuyVial => BUY_VIAL,
        Move::BuyDone => BUY_DONE,
        Move::Pay(m) => PAY + m as Action,
        Move::PayDone => PAY_DONE,
        Move::TakeGrave(g) => TAKE_GRAVE + g as Action,
        Move::Fill { project, icon } => fill(project, icon),
        Move::TokenProject(p) => TOKEN_PROJECT + p as Action,
        Move::TakeCandle => TAKE_CANDLE,
        Move::TakeVial => TAKE_VIAL,
        Move::EndTurn => END_TURN,
    }
}

/// Decodes an action id (`None` when out of range). One `match` over the id ranges, which
/// compiles to a jump table or a binary search (every random step decodes its action).
pub fn decode(a: Action) -> Option<Move> {
    let pair = |base: Action| {
        let x = (a - base) as usize;
        (x / NUM_ICONS, x % NUM_ICONS)
    };
    Some(match a {
        PICK_THESIS..PICK_PROJECT => Move::PickThesis((a - PICK_THESIS) as usize),
        PICK_PROJECT..PICK_STAFF => Move::PickProject((a - PICK_PROJECT) as usize),
        PICK_STAFF..CRAM => Move::PickStaff((a - PICK_STAFF) as usize),
        CRAM => Move::Cram,
        DIG => Move::Dig,
        BUY => Move::Buy,
        USE_STAFF => Move::UseStaff,
        ABILITY..COMMIT => Move::Ability((a - ABILITY) as usize),
        COMMIT..COMMIT_TO => Move::Commit((a - COMMIT) as usize),
        COMMIT_TO..STOP => {
            let (project, icon) = pair(COMMIT_TO);
            Move::CommitTo { project, icon }
        }
        STOP => Move::Stop,
        DIG_TAKE => Move::DigTake,
        DIG_ON => Move::DigOn,
        DIG_TOP => Move::DigTop,
        DIG_CANDLE => Move::DigCandle,
        DIG_VIAL => Move::DigVial,
        DIG_NOTHING => Move::DigNothing,
        CLEAR..CLEAR_DONE => Move::Clear((a - CLEAR) as usize),
        CLEAR_DONE => Move::ClearDone,
        BUY_SPACE..BUY_CANDLE => Move::BuySpace((a - BUY_SPACE) as usize),
        BUY_CANDLE => Move::BuyCandle,
        BUY_VIAL => Move::BuyVial,
        BUY_DONE => Move::BuyDone,
        PAY..PAY_DONE => Move::Pay((a - PAY) as usize),
        PAY_DONE => Move::PayDone,
        TAKE_GRAVE..FILL => Move::TakeGrave((a - TAKE_GRAVE) as usize),
        FILL..TOKEN_PROJECT => {
            let (project, icon) = pair(FILL);
            Move::Fill { project, icon }
        }
        TOKEN_PROJECT..TAKE_CANDLE => Move::TokenProject((a - TOKEN_PROJECT) as usize),
        TAKE_CANDLE => Move::TakeCandle,
        TAKE_VIAL => Move::TakeVial,
        END_TURN => Move::EndTurn,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_decodes_and_encodes_back() {
        assert_eq!(NUM_ACTIONS, 1347);
        for a in 0..NUM_ACTIONS as Action {
            let m = decode(a).expect("in range");
            assert_eq!(encode(m), a, "{m:?}");
        }
        assert_eq!(decode(NUM_ACTIONS as Action), None);
    }
}
