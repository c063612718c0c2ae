//! The frame of the game: the starting combinations and donkeys (4.3), the market update
//! (7.1), the order of turns and the end of the round (7.2, 10.1–10.4).

use super::actions::Move;
use super::state::{
    EndgameChoice, NijarState, Phase, Wheel, COMP as COMP_ID, CRAFTSWOMEN, EMPTY, ROUNDS,
    STARTING_BASE_U8,
};
use crate::engine::Seat;

impl NijarState {
    pub(crate) fn draft_at(&self, pos: u8) -> u8 {
        self.t.draft[usize::from(pos / 5)][usize::from(pos % 5)]
    }

    /// The seat whose donkey stands on `pos`.
    pub(crate) fn donkey_at(&self, pos: u8) -> Option<Seat> {
        // Seats beyond the players hold `EMPTY`, but the Competition's donkey (solo).
        (0..4).find(|&s| self.t.donkeys[s] == pos)
    }

    /// The seat deciding in step `k` of 10.2 (solo: you; the Competition plays none).
    pub(crate) fn endgame_seat(&self, k: u8) -> Seat {
        if self.is_solo() {
            0
        } else {
            usize::from(self.t.order[usize::from(k)])
        }
    }

    pub(crate) fn apply_setup(&mut self, m: Move) {
        match (self.t.phase, m) {
            (Phase::SetupCombo { k }, Move::Combo(i)) => {
                // 4.3.1–2: the resources, the wheel in the centre with a vase.
                let s = self.setup_seat(k);
                let combo = self.t.combos.remove(usize::from(i));
                let r = self.cards.starting_resources[usize::from(combo.res)];
                let sup = &mut self.t.supply;
                let p = &mut self.t.players[s];
                p.clay = r.clay.min(7);
                let pg = r.pg.min(sup.pg);
                sup.pg -= pg;
                p.pg = pg;
                let gl = r.glaze.min(sup.glaze);
                sup.glaze -= gl;
                p.glaze = gl;
                let cr = r.cracks.min(sup.cracks);
                sup.cracks -= cr;
                p.cracks = cr;
                p.wheels.push(Wheel {
                    card: STARTING_BASE_U8 + combo.wheel,
                    slot: 0,
                    pos: 0,
                });
                sup.vases -= 1;
                self.t.phase = Phase::SetupDonkey { k };
            }
            (Phase::SetupDonkey { k }, Move::Donkey(pos)) => {
                // 4.3.3: never two donkeys on one card.
                let s = self.setup_seat(k);
                self.t.donkeys[s] = pos;
                if usize::from(k) + 1 < self.n() {
                    self.t.phase = Phase::SetupCombo { k: k + 1 };
                } else {
                    if self.is_solo() {
                        self.place_competition_donkey();
                    }
                    self.t.combos.clear();
                    self.begin_round();
                }
            }
            (Phase::Reroll, Move::Reroll) => {
                self.roll_dice();
                self.begin_turns();
            }
            (Phase::Reroll, _) => self.begin_turns(),
            _ => {}
        }
    }

    /// 7.1: markers to the starting row, up by the round's demand, then the dice.
    pub(crate) fn begin_round(&mut self) {
        self.roll_dice();
        // 12.3: no re-roll when the Competition is the first player.
        if self.t.round > 0 && !(self.is_solo() && self.t.order[0] == COMP_ID) {
            // "Except during the first round, the First Player may choose to re-roll."
            self.t.phase = Phase::Reroll;
        } else {
            self.begin_turns();
        }
    }

    fn roll_dice(&mut self) {
        // The starting height for 2, 3, 4 players, or the solo one (12.1.1).
        let start = self.cards.board.market_start[if self.is_solo() { 3 } else { self.n() - 2 }];
        let demand = self.t.demand[usize::from(self.t.round)];
        let mut dice = [0u8; 3];
        for d in &mut dice {
            *d = self.t.rng.below(6) as u8 + 1;
        }
        dice.sort_unstable_by(|a, b| b.cmp(a));
        self.t.dice = dice;
        for c in 0..3 {
            // The highest die to the column whose tile shows 2, the next to 1, the lowest
            // to 0.
            let die = dice[usize::from(2 - demand[c])];
            self.t.heights[c] = (start + demand[c] + die).min(15);
        }
    }

    fn begin_turns(&mut self) {
        self.t.phase = Phase::Turns;
        let first = usize::from(self.t.order[0]);
        self.begin_turn(first);
    }

    /// A seat's turn begins; with its shop closed, its only option is a bonus (7.2.5).
    pub(crate) fn begin_turn(&mut self, s: Seat) {
        self.t.turn_seat = s as u8;
        self.t.in_turn = false;
        if self.is_solo() && s == usize::from(COMP_ID) {
            // The Competition acts by itself, then the turn passes (12.4).
            self.competition_turn();
            self.end_turn();
            return;
        }
        if self.t.players[s].shop_closed {
            self.t.in_turn = true;
            self.push_frame_codes(&[super::state::TASK_ANY_BONUS]);
        }
    }

    fn push_frame_codes(&mut self, tasks: &[u8]) {
        let mut f = super::state::Frame::default();
        for &t in tasks {
            f.tasks.push(t);
        }
        let _ = self.t.frames.try_push(f);
    }

    /// The turn is over: the next seat in turn order, or the end of the round once every
    /// shop is closed and every player has had as many turns (7.2, 10).
    pub(crate) fn end_turn(&mut self) {
        let s = usize::from(self.t.turn_seat);
        let solo = self.is_solo();
        if solo && s == usize::from(COMP_ID) {
            self.t.solo.turns = self.t.solo.turns.saturating_add(1);
        } else {
            self.t.players[s].turns = self.t.players[s].turns.saturating_add(1);
        }
        self.t.in_turn = false;
        let n = self.t.order.len();
        let turns = self.t.players[0].turns;
        // Every seat read, without stopping at the first open shop or unequal count: the
        // answer changes from turn to turn, and a loop without early exits has no branch to
        // mispredict.
        let (mut all_closed, mut equal) = (!solo || self.t.solo.shop_closed, true);
        for p in self.t.players.iter() {
            all_closed &= p.shop_closed;
            equal &= p.turns == turns;
        }
        equal &= !solo || self.t.solo.turns == turns;
        if all_closed && equal {
            self.end_round();
            return;
        }
        let at = self
            .t
            .order
            .iter()
            .position(|&x| usize::from(x) == s)
            .unwrap_or(0);
        // The seat after `s` on the track, the first after the last (no division: this runs
        // at every turn).
        let after = if at + 1 >= n { 0 } else { at + 1 };
        let next = usize::from(self.t.order[after]);
        self.begin_turn(next);
    }

    /// 10.1: shops open, craftswomen back, one to the box; then 10.2 seat by seat.
    fn end_round(&mut self) {
        let workers = CRAFTSWOMEN - 1 - self.t.round;
        for p in self.t.players.iter_mut() {
            p.workers = workers;
            p.on_shop = 0;
            p.shop_closed = false;
            p.turns = 0;
        }
        self.t.spaces = Default::default();
        self.t.tally.spaces.clear();
        self.t.special_stack = [0; 4];
        if self.is_solo() {
            self.competition_end_of_round();
        }
        self.t.phase = Phase::Endgame { k: 0 };
        self.skip_endgame_seats();
    }

    /// Seats with no endgame card in hand have nothing to decide in 10.2.
    fn skip_endgame_seats(&mut self) {
        while let Phase::Endgame { k } = self.t.phase {
            let s = self.endgame_seat(k);
            if self.t.players[s].hand.endgame_count() > 0 {
                return;
            }
            self.next_endgame_seat(k);
        }
    }

    fn next_endgame_seat(&mut self, k: u8) {
        if usize::from(k) + 1 < self.n() {
            self.t.phase = Phase::Endgame { k: k + 1 };
        } else {
            self.reveal_endgame_choices();
            self.finish_round();
        }
    }

    /// 10.2: "Each player may choose to play ..." — all players choose at once, so a seat's
    /// choice is only held (hidden from the seats after it) until the last one has chosen.
    pub(crate) fn apply_endgame_card(&mut self, m: Move) {
        let Phase::Endgame { k } = self.t.phase else {
            return;
        };
        let s = self.endgame_seat(k);
        self.t.players[s].endgame_pending = Some(match m {
            Move::PlayEndgame(i) => EndgameChoice::Play(i),
            _ => EndgameChoice::Keep,
        });
        self.next_endgame_seat(k);
        self.skip_endgame_seats();
    }

    /// Every seat has chosen: the played cards go face-down beneath the workshops together
    /// (how many each seat placed is public from now on; which cards, only their owners know).
    fn reveal_endgame_choices(&mut self) {
        for p in self.t.players.iter_mut() {
            if let Some(EndgameChoice::Play(i)) = p.endgame_pending.take() {
                p.hand.remove(80 + usize::from(i));
                p.endgame_played |= 1 << i;
            }
        }
    }

    /// 10.3–10.4 and the next round (or the end of the game after the third).
    fn finish_round(&mut self) {
        // 10.4: a marker on right-hand space k takes turn position k; the others keep
        // their relative order in the remaining positions.
        if self.is_solo() {
            // 12.7: you first if you took the First Player Action, else the Competition.
            let you_first = self.t.right[0] == 0;
            self.t.order = if you_first {
                [0, COMP_ID]
            } else {
                [COMP_ID, 0]
            }
            .into_iter()
            .collect();
            self.t.right = [EMPTY; 4];
            self.t.first_token = self.t.order[0];
            if self.t.round + 1 >= ROUNDS {
                self.t.phase = Phase::Over;
                return;
            }
            self.t.round += 1;
            self.begin_round();
            return;
        }
        let n = self.n();
        let mut order = [EMPTY; 4];
        order[..n].copy_from_slice(&self.t.right[..n]);
        let mut rest = self
            .t
            .order
            .iter()
            .copied()
            .filter(|s| !self.t.right[..n].contains(s));
        for slot in order.iter_mut().take(n) {
            if *slot == EMPTY {
                *slot = rest.next().unwrap_or(0);
            }
        }
        self.t.order = order[..n].iter().copied().collect();
        self.t.right = [EMPTY; 4];
        self.t.first_token = self.t.order[0];
        if self.t.round + 1 >= ROUNDS {
            self.t.phase = Phase::Over;
            return;
        }
        self.t.round += 1;
        self.begin_round();
    }
}
