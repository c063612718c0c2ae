//! The integer encoding of every decision, in one table. Each kind of move owns a contiguous
//! range of ids; `encode` and `decode` are inverse. Compound decisions are sequences of
//! these sub-decisions (issue 8 §5); the sentences are in `text.rs`.

use crate::engine::Action;

/// A decoded action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// 4.3.1: choose starting combination `i` (of those still on offer).
    Combo(u8),
    /// 4.3.3: place the donkey on draft position `pos` (row * 5 + column).
    Donkey(u8),
    /// 7.1: keep the market dice.
    KeepDice,
    /// 7.1: re-roll the market dice once.
    Reroll,
    /// 7.2.1.1: craftswomen on action space `row * 5 + column`.
    Place(u8),
    /// 7.2.1.2: one craftswoman on the Special Action.
    Special,
    /// 7.2.2: discard endgame card `80 + i` for any main-board action.
    Discard(u8),
    /// 7.2.3: sell a piece (option `painted * 3 + type`); also the second sale.
    Sell(u8),
    /// 7.2.4: close the shop.
    CloseShop,
    /// Leave the rest of the current group of actions unresolved.
    Done,
    /// End the compound action in progress (no more cards, vase moves, firings...).
    Stop,
    /// Leave the next throw benefit unresolved (8.5).
    Skip,
    /// 7.2.5: a craftswoman returned to a closed shop: 2 Clay, 3 Perra Gorda or 3 Glazes.
    ShopReward(u8),
    /// 10.2: play endgame card `80 + i` face-down.
    PlayEndgame(u8),
    /// 10.2: play no endgame card.
    NoEndgame,
    /// 8.1: begin the Acquire Cards action.
    AcquireBegin,
    /// 9.6: begin the Acquire Card bonus (all such bonuses of the group at once).
    AcquireBonus,
    /// 8.1: return row `r` (all one type) to its deck, shuffle, refill.
    Refresh(u8),
    /// 8.1: take the card at draft position `pos`.
    Take(u8),
    /// 8.1: move the donkey to draft position `pos`.
    MoveDonkey(u8),
    /// 8.2: play card `card` onto workshop space `slot` (wheels and esparto; else 0).
    PlayCard(u8, u8),
    /// 8.3: extract 1 / 2 / 3 Clay.
    Clay(u8),
    /// 8.4: advance the technology marker.
    Technology,
    /// 8.5: advance the vase of wheel `w` one space (starts or continues a Throw).
    Advance(u8),
    /// 9.4: the throwing bonus on wheel `w`.
    Throw1(u8),
    /// 8.6: shape option (0..3 one piece; 3..9 two pieces).
    Shape(u8),
    /// 8.7: a firing move (0..3 drying piece type; 3 + w from glazing workshop w).
    Fire(u8),
    /// 9.2: fire one piece (same options).
    Fire1(u8),
    /// 8.8: paint a piece of type t from a firing kiln into workshop w (`w * 3 + t`).
    Paint(u8),
    /// 9.3: paint one piece (same options).
    Paint1(u8),
    /// 8.9: begin the Clean action.
    CleanBegin,
    /// 8.9: place a crack on cleanup card `c`.
    CleanOn(u8),
    /// 9.5: the cleaning bonus onto cleanup card `c`.
    Clean1(u8),
    /// 8.10: begin Collect Esparto.
    EspartoBegin,
    /// 8.10: the reward (0 or 1) of the next esparto card.
    EspartoPick(u8),
    /// 9.8: one reward: esparto card `i` (0 printed), side `s` (`i * 2 + s`).
    Esparto1(u8),
    /// 8.11: the First Player Action onto right-hand space `k`.
    FirstPlayer(u8),
    /// 9.1: 1 Clay.
    Clay1,
    /// 9.7: 2 Perra Gorda (0) or 2 Glazes (1).
    PgOrGlaze(u8),
}

/// The size of each kind's range, in `Move` order: the action table.
const SIZES: [u32; 39] = [
    5,   // Combo
    15,  // Donkey
    1,   // KeepDice
    1,   // Reroll
    15,  // Place
    1,   // Special
    12,  // Discard
    6,   // Sell
    1,   // CloseShop
    1,   // Done
    1,   // Stop
    1,   // Skip
    3,   // ShopReward
    12,  // PlayEndgame
    1,   // NoEndgame
    1,   // AcquireBegin
    1,   // AcquireBonus
    3,   // Refresh
    15,  // Take
    15,  // MoveDonkey
    320, // PlayCard (80 cards x 4 spaces)
    3,   // Clay
    1,   // Technology
    5,   // Advance
    5,   // Throw1
    9,   // Shape
    16,  // Fire
    16,  // Fire1
    39,  // Paint
    39,  // Paint1
    1,   // CleanBegin
    13,  // CleanOn
    13,  // Clean1
    1,   // EspartoBegin
    2,   // EspartoPick
    8,   // Esparto1
    4,   // FirstPlayer
    1,   // Clay1
    2,   // PgOrGlaze
];

const fn bases() -> [u32; 40] {
    let mut out = [0u32; 40];
    let mut i = 0;
    while i < 39 {
        out[i + 1] = out[i] + SIZES[i];
        i += 1;
    }
    out
}

const BASES: [u32; 40] = bases();

/// The size of the action space.
pub const NUM_ACTIONS: usize = BASES[39] as usize;

// Always inlined: a call site names its move's kind, so the match folds to a constant.
#[inline(always)]
fn kind_arg(m: Move) -> (usize, u32) {
    match m {
        Move::Combo(i) => (0, i.into()),
        Move::Donkey(p) => (1, p.into()),
        Move::KeepDice => (2, 0),
        Move::Reroll => (3, 0),
        Move::Place(s) => (4, s.into()),
        Move::Special => (5, 0),
        Move::Discard(i) => (6, i.into()),
        Move::Sell(o) => (7, o.into()),
        Move::CloseShop => (8, 0),
        Move::Done => (9, 0),
        Move::Stop => (10, 0),
        Move::Skip => (11, 0),
        Move::ShopReward(k) => (12, k.into()),
        Move::PlayEndgame(i) => (13, i.into()),
        Move::NoEndgame => (14, 0),
        Move::AcquireBegin => (15, 0),
        Move::AcquireBonus => (16, 0),
        Move::Refresh(r) => (17, r.into()),
        Move::Take(p) => (18, p.into()),
        Move::MoveDonkey(p) => (19, p.into()),
        Move::PlayCard(c, s) => (20, u32::from(c) * 4 + u32::from(s)),
        Move::Clay(k) => (21, k.into()),
        Move::Technology => (22, 0),
        Move::Advance(w) => (23, w.into()),
        Move::Throw1(w) => (24, w.into()),
        Move::Shape(o) => (25, o.into()),
        Move::Fire(o) => (26, o.into()),
        Move::Fire1(o) => (27, o.into()),
        Move::Paint(o) => (28, o.into()),
        Move::Paint1(o) => (29, o.into()),
        Move::CleanBegin => (30, 0),
        Move::CleanOn(c) => (31, c.into()),
        Move::Clean1(c) => (32, c.into()),
        Move::EspartoBegin => (33, 0),
        Move::EspartoPick(s) => (34, s.into()),
        Move::Esparto1(o) => (35, o.into()),
        Move::FirstPlayer(k) => (36, k.into()),
        Move::Clay1 => (37, 0),
        Move::PgOrGlaze(k) => (38, k.into()),
    }
}

/// The id of a move (its argument must be within its range).
#[inline(always)]
pub fn encode(m: Move) -> Action {
    let (k, arg) = kind_arg(m);
    debug_assert!(arg < SIZES[k], "{m:?} outside its range");
    BASES[k] + arg
}

/// The move of an id, or `None` outside the action space. Read from a table of every id's
/// move, without a branch on the kind: a `match` on it compiled to a jump through a table
/// whose target changes from move to move, often mispredicted at every step of random play.
/// (Always inlined: greedy play decodes every candidate.)
#[inline(always)]
pub fn decode(a: Action) -> Option<Move> {
    MOVE_OF.get(a as usize).copied()
}

/// Every id's move, built once by `move_of`.
static MOVE_OF: [Move; NUM_ACTIONS] = {
    let mut out = [Move::Done; NUM_ACTIONS];
    let mut a = 0;
    while a < NUM_ACTIONS {
        out[a] = move_of(a as Action);
        a += 1;
    }
    out
};

/// The move of id `a` (inside the action space): the kind whose range holds it, and the
/// argument counted from the range's start.
const fn move_of(a: Action) -> Move {
    let mut k = 0;
    while a >= BASES[k + 1] {
        k += 1;
    }
    let x = a - BASES[k];
    let b = x as u8;
    match k {
        0 => Move::Combo(b),
        1 => Move::Donkey(b),
        2 => Move::KeepDice,
        3 => Move::Reroll,
        4 => Move::Place(b),
        5 => Move::Special,
        6 => Move::Discard(b),
        7 => Move::Sell(b),
        8 => Move::CloseShop,
        9 => Move::Done,
        10 => Move::Stop,
        11 => Move::Skip,
        12 => Move::ShopReward(b),
        13 => Move::PlayEndgame(b),
        14 => Move::NoEndgame,
        15 => Move::AcquireBegin,
        16 => Move::AcquireBonus,
        17 => Move::Refresh(b),
        18 => Move::Take(b),
        19 => Move::MoveDonkey(b),
        20 => Move::PlayCard((x / 4) as u8, (x % 4) as u8),
        21 => Move::Clay(b),
        22 => Move::Technology,
        23 => Move::Advance(b),
        24 => Move::Throw1(b),
        25 => Move::Shape(b),
        26 => Move::Fire(b),
        27 => Move::Fire1(b),
        28 => Move::Paint(b),
        29 => Move::Paint1(b),
        30 => Move::CleanBegin,
        31 => Move::CleanOn(b),
        32 => Move::Clean1(b),
        33 => Move::EspartoBegin,
        34 => Move::EspartoPick(b),
        35 => Move::Esparto1(b),
        36 => Move::FirstPlayer(b),
        37 => Move::Clay1,
        _ => Move::PgOrGlaze(b),
    }
}

/// Shape options 3..9: the two piece types.
pub const SHAPE_PAIRS: [(usize, usize); 6] = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_round_trips() {
        for a in 0..NUM_ACTIONS as Action {
            let m = decode(a).expect("inside the space");
            assert_eq!(encode(m), a, "{m:?}");
        }
        assert!(decode(NUM_ACTIONS as Action).is_none());
        const { assert!(NUM_ACTIONS <= crate::engine::ACTION_LIST_CAPACITY) };
    }
}
