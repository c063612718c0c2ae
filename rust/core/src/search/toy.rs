//! *High Bid*: a small hidden-information card game for testing and benchmarking search. It
//! is not one of the three craftgames; it exists so search can be tested on every feature
//! the real games have — hidden hands, secret simultaneous choices, chance drawn inside
//! `apply`, and 2–4 seats — without depending on any of them.
//!
//! Rules. The bid deck holds cards 1..=(5 × seats + 4); each seat is dealt 5 at random and
//! the 4 left over stay face-down unseen. Five prizes, worth 1..=5, are shuffled face-down. Each of the 5 rounds
//! turns up one prize; then every seat, in seat order, secretly commits one card from hand.
//! When all have committed the bids are shown: the highest bid that nobody else matched wins
//! the prize (if every top bid is matched, the prize is lost), and the bids are discarded
//! face-up. Score: the total value of prizes won; ties are broken by more prizes won, then by
//! the lower seat.
//!
//! Solo (`HighBid::solo`): one seat against a robot. The deck holds 14 cards; the robot is
//! dealt 5 face-down and, once the player has bid, bids a card of its hand drawn at random.
//! The robot scores the prizes it wins like a seat; the player's `solo_margin` is its score
//! minus the robot's, so the toy exercises search's single-seat reward.
//!
//! Actions: `v - 1` bids the card of value `v` (one action per card of the deck).

use arrayvec::ArrayVec;
use serde_json::json;

use crate::engine::{
    Action, ActionList, EngineError, EngineResult, GameState, PerSeat, Rng, Seat, SpecBuilder,
    TensorCell, TensorSpec, MAX_PLAYERS,
};

/// Cards in the largest bid deck (4 seats); a game uses `5 × seats + 4` of them.
pub const DECK: usize = HAND * MAX_PLAYERS + UNSEEN;
/// Cards never dealt.
pub const UNSEEN: usize = 4;
/// Cards dealt to each seat, and rounds in a game.
pub const HAND: usize = 5;
/// Prizes, valued 1..=PRIZES (one per round).
pub const PRIZES: usize = HAND;

const ALL_PRIZES: u8 = (1 << PRIZES) - 1;
const OBSERVATION_SIZE: usize = DECK + DECK + PRIZES + PRIZES + 2 * MAX_PLAYERS;
/// A score's unit in the tensor.
const SCORE_SCALE: f32 = 1.0 / 15.0;

/// A game of High Bid in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HighBid {
    players: u8,
    /// Cards in this game's deck (valued 1..=deck).
    deck: u8,
    /// Bit `v - 1` set: the card of value `v` is in that seat's hand.
    hands: [u32; MAX_PLAYERS],
    /// This round's committed card of each seat (value − 1), hidden until all have bid.
    pending: [Option<u8>; MAX_PLAYERS],
    /// Bids shown in earlier rounds (discarded face-up).
    played: u32,
    /// Prize values still face-down (bit `v - 1`).
    prizes_left: u8,
    /// Prizes turned up so far, in order (value); the last one is being bid for.
    prize_log: ArrayVec<u8, PRIZES>,
    to_act: u8,
    finished: bool,
    scores: [i32; MAX_PLAYERS],
    prizes_won: [u8; MAX_PLAYERS],
    history: Vec<Action>,
    rng: Rng,
    /// The solo robot, if this is a one-seat game.
    robot: Option<Robot>,
}

/// The built-in opponent of solo High Bid.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Robot {
    /// Its face-down hand (bit `v - 1`), hidden from the player.
    hand: u32,
    /// Its shown bids, one per finished round (value − 1).
    bids: ArrayVec<u8, PRIZES>,
    score: i32,
}

impl HighBid {
    /// A new game for `players` seats (2–4), dealt from `seed`.
    pub fn new(players: usize, seed: u64) -> EngineResult<Self> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(EngineError::Config(format!(
                "High Bid is for 2 to {MAX_PLAYERS} players, not {players}"
            )));
        }
        Ok(Self::deal(players, false, seed))
    }

    /// A one-seat game against the robot (see the module documentation), dealt from `seed`.
    pub fn solo(seed: u64) -> Self {
        Self::deal(1, true, seed)
    }

    fn deal(players: usize, solo: bool, seed: u64) -> Self {
        let mut rng = Rng::seed_from(seed);
        let hands_dealt = players + usize::from(solo);
        let size = HAND * hands_dealt + UNSEEN;
        let mut deck: ArrayVec<u8, DECK> = (0..size as u8).collect();
        rng.shuffle(&mut deck);
        let mut hands = [0u32; MAX_PLAYERS];
        for (seat, hand) in hands.iter_mut().enumerate().take(players) {
            for &card in &deck[seat * HAND..(seat + 1) * HAND] {
                *hand |= 1 << card;
            }
        }
        let mut game = HighBid {
            players: players as u8,
            deck: size as u8,
            hands,
            pending: [None; MAX_PLAYERS],
            played: 0,
            prizes_left: ALL_PRIZES,
            prize_log: ArrayVec::new(),
            to_act: 0,
            finished: false,
            scores: [0; MAX_PLAYERS],
            prizes_won: [0; MAX_PLAYERS],
            history: Vec::with_capacity(HAND * players),
            rng,
            robot: solo.then(|| Robot {
                hand: deck[HAND..2 * HAND].iter().fold(0, |h, &c| h | 1 << c),
                bids: ArrayVec::new(),
                score: 0,
            }),
        };
        game.turn_up_prize();
        game
    }

    /// The prize being bid for now (0 once the game is over).
    pub fn current_prize(&self) -> u8 {
        if self.finished {
            0
        } else {
            self.prize_log.last().copied().unwrap_or(0)
        }
    }

    /// The solo robot's score (0 in a game between seats).
    pub fn robot_score(&self) -> i32 {
        self.robot.as_ref().map_or(0, |r| r.score)
    }

    /// The card values in `seat`'s hand, ascending.
    pub fn hand(&self, seat: Seat) -> Vec<u8> {
        (0..self.deck)
            .filter(|c| self.hands[seat] & (1 << c) != 0)
            .map(|c| c + 1)
            .collect()
    }

    /// Chance: a uniformly random face-down prize, from the state's own RNG.
    fn turn_up_prize(&mut self) {
        let left = self.prizes_left.count_ones() as usize;
        let k = self.rng.below(left);
        let bit = (0..PRIZES as u8)
            .filter(|b| self.prizes_left & (1 << b) != 0)
            .nth(k)
            .expect("k is below the number of prizes left");
        self.prizes_left &= !(1 << bit);
        self.prize_log.push(bit + 1);
    }

    /// All bids are in: show them, award the prize, start the next round or end.
    fn resolve_round(&mut self) {
        let n = self.players as usize;
        let prize = self.current_prize();
        let bids: ArrayVec<u8, MAX_PLAYERS> = self.pending[..n]
            .iter()
            .map(|b| b.expect("every seat has bid"))
            .collect();
        if let Some(robot) = &mut self.robot {
            // Chance: the robot bids a card of its hand at random. Cards are distinct, so
            // one of the two bids is the higher.
            let cards: ArrayVec<u8, HAND> = (0..self.deck)
                .filter(|c| robot.hand & (1 << c) != 0)
                .collect();
            let bid = cards[self.rng.below(cards.len())];
            robot.hand &= !(1 << bid);
            robot.bids.push(bid);
            self.played |= 1 << bid;
            if bid > bids[0] {
                robot.score += i32::from(prize);
            } else {
                self.scores[0] += i32::from(prize);
                self.prizes_won[0] += 1;
            }
        } else {
            let winner = (0..n)
                .filter(|&s| bids.iter().filter(|&&b| b == bids[s]).count() == 1)
                .max_by_key(|&s| bids[s]);
            if let Some(w) = winner {
                self.scores[w] += i32::from(prize);
                self.prizes_won[w] += 1;
            }
        }
        for b in &bids {
            self.played |= 1 << b;
        }
        self.pending = [None; MAX_PLAYERS];
        self.to_act = 0;
        if self.prizes_left == 0 {
            self.finished = true;
        } else {
            self.turn_up_prize();
        }
    }

    /// Index in `history` of the first bid of the current round.
    fn round_start(&self) -> usize {
        (self.prize_log.len() - 1) * self.players as usize
    }
}

impl GameState for HighBid {
    fn num_players(&self) -> usize {
        self.players as usize
    }

    fn num_distinct_actions(&self) -> usize {
        usize::from(self.deck)
    }

    fn current_player(&self) -> Option<Seat> {
        (!self.finished).then_some(self.to_act as Seat)
    }

    fn legal_actions_into(&self, out: &mut ActionList) {
        out.clear();
        if self.finished {
            return;
        }
        let hand = self.hands[self.to_act as usize];
        out.extend((0..u32::from(self.deck)).filter(|c| hand & (1 << c) != 0));
    }

    fn apply_unchecked(&mut self, action: Action) {
        let seat = self.to_act as usize;
        debug_assert!(
            self.hands[seat] & (1 << action) != 0,
            "illegal bid {action}"
        );
        self.hands[seat] &= !(1 << action);
        self.pending[seat] = Some(action as u8);
        self.history.push(action);
        if seat + 1 == self.players as usize {
            self.resolve_round();
        } else {
            self.to_act += 1;
        }
    }

    fn action_to_string(&self, action: Action) -> String {
        format!("bid {}", action + 1)
    }

    fn scores(&self) -> PerSeat<i32> {
        self.scores[..self.num_players()].iter().copied().collect()
    }

    fn ranking(&self) -> PerSeat<Seat> {
        let mut seats: PerSeat<Seat> = (0..self.num_players()).collect();
        seats.sort_by_key(|&s| (std::cmp::Reverse((self.scores[s], self.prizes_won[s])), s));
        seats
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    /// One bid per seat in each of the 5 rounds.
    fn max_game_length(&self) -> usize {
        PRIZES * self.num_players()
    }

    /// Nothing is lost; at best a seat wins every prize, 1 + 2 + … + 5.
    fn score_bounds(&self) -> (i32, i32) {
        (0, (PRIZES * (PRIZES + 1) / 2) as i32)
    }

    fn resample_hidden(&self, player: Seat, seed: u64) -> Self {
        let mut rng = Rng::seed_from(seed);
        let mut copy = self.clone();
        // Everything `player` cannot place: not in their hand, not their own pending bid,
        // not shown. Listed in ascending order so the draw depends only on the seed.
        let own_pending = self.pending[player].map_or(0, |b| 1u32 << b);
        let all_cards = (1u32 << self.deck) - 1;
        let unknown = all_cards & !self.hands[player] & !own_pending & !self.played;
        let mut pool: ArrayVec<u8, DECK> =
            (0..self.deck).filter(|c| unknown & (1 << c) != 0).collect();
        rng.shuffle(&mut pool);
        let mut draw = pool.into_iter();
        let round_start = if self.finished { 0 } else { self.round_start() };
        for seat in (0..self.num_players()).filter(|&s| s != player) {
            if self.pending[seat].is_some() {
                // Another seat's secret bid is hidden too; redraw it (and fix the history,
                // which would otherwise carry it).
                let card = draw.next().expect("pool holds every hidden card");
                copy.pending[seat] = Some(card);
                copy.history[round_start + seat] = Action::from(card);
            }
            let mut hand = 0u32;
            for _ in 0..self.hands[seat].count_ones() {
                hand |= 1 << draw.next().expect("pool holds every hidden card");
            }
            copy.hands[seat] = hand;
        }
        if let (Some(robot), Some(copied)) = (&self.robot, &mut copy.robot) {
            copied.hand = 0;
            for _ in 0..robot.hand.count_ones() {
                copied.hand |= 1 << draw.next().expect("pool holds every hidden card");
            }
        }
        // The order of the face-down prizes is hidden: future draws come from a new stream.
        copy.rng = Rng::seed_from(rng.next_u64());
        copy
    }

    fn information_state_string(&self, player: Seat) -> String {
        let n = self.num_players();
        let done_rounds = if self.finished {
            self.prize_log.len()
        } else {
            self.prize_log.len() - 1
        };
        let mut s = format!(
            "p{player}/{n} hand{:?} prizes{:?} bids[",
            self.hand(player),
            self.prize_log
        );
        for round in self.history[..done_rounds * n].chunks(n) {
            s.push_str(&format!("{round:?}"));
        }
        s.push(']');
        if !self.finished {
            let committed: Vec<bool> = self.pending[..n].iter().map(Option::is_some).collect();
            s.push_str(&format!(
                " mine{:?} committed{committed:?}",
                self.pending[player]
            ));
        }
        s.push_str(&format!(" scores{:?}", self.scores()));
        if let Some(robot) = &self.robot {
            s.push_str(&format!(" robot{:?}/{}", robot.bids, robot.score));
        }
        s
    }

    fn observation_tensor_size(&self) -> usize {
        OBSERVATION_SIZE
    }

    fn write_observation_tensor<T: TensorCell>(&self, player: Seat, out: &mut [T]) {
        out.fill(T::default());
        let bit = |mask: u32, c: usize| T::cell(i32::from(mask & (1 << c) != 0), 1.0);
        for c in 0..DECK {
            out[c] = bit(self.hands[player], c);
            out[DECK + c] = bit(self.played, c);
        }
        for p in 0..PRIZES {
            out[2 * DECK + p] = bit(u32::from(self.prizes_left), p);
        }
        if let Some(prize) = self.current_prize().checked_sub(1) {
            out[2 * DECK + PRIZES + prize as usize] = T::cell(1, 1.0);
        }
        let base = 2 * DECK + 2 * PRIZES;
        for s in 0..self.num_players() {
            out[base + s] = T::cell(self.scores[s], SCORE_SCALE);
            out[base + MAX_PLAYERS + s] = T::cell(i32::from(self.pending[s].is_some()), 1.0);
        }
    }

    fn observation_tensor_spec(&self) -> TensorSpec {
        let (low, high) = self.score_bounds();
        let mut b = SpecBuilder::new();
        b.flags(2 * DECK + 2 * PRIZES);
        b.counts(MAX_PLAYERS, low, high, SCORE_SCALE);
        b.flags(MAX_PLAYERS);
        b.finish(OBSERVATION_SIZE)
    }

    fn observation_json(&self, player: Seat) -> serde_json::Value {
        json!({
            "player": player,
            "hand": self.hand(player),
            "prizes": self.prize_log.to_vec(),
            "current_prize": self.current_prize(),
            "my_bid": self.pending[player].map(|b| b + 1),
            "committed": self.pending[..self.num_players()].iter().map(Option::is_some).collect::<Vec<_>>(),
            "scores": self.scores().to_vec(),
            "robot": self.robot.as_ref().map(|r| json!({"bids": r.bids.to_vec(), "score": r.score})),
        })
    }

    fn to_json(&self) -> String {
        json!({
            "game": "high_bid",
            "version": 1,
            "players": self.players,
            "hands": (0..self.num_players()).map(|s| self.hand(s)).collect::<Vec<_>>(),
            "history": self.history,
            "prizes": self.prize_log.to_vec(),
            "scores": self.scores().to_vec(),
            "robot": self.robot.as_ref().map(|r| json!({
                "hand": (0..self.deck).filter(|c| r.hand & (1 << c) != 0).map(|c| c + 1).collect::<Vec<_>>(),
                "bids": r.bids.to_vec(),
                "score": r.score,
            })),
        })
        .to_string()
    }

    fn solo_margin(&self) -> Option<f64> {
        self.robot
            .as_ref()
            .map(|r| f64::from(self.scores[0] - r.score))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::playout::play_random_to_end;

    #[test]
    fn random_games_end_with_all_prizes_given_out_or_lost() {
        for players in 2..=4 {
            for seed in 0..50 {
                let mut g = HighBid::new(players, seed).unwrap();
                let mut rng = Rng::seed_from(seed);
                play_random_to_end(&mut g, &mut rng);
                assert!(g.is_terminal());
                assert_eq!(g.history().len(), HAND * players);
                let total: i32 = g.scores().iter().sum();
                assert!(total <= 15);
                assert_eq!(g.ranking().len(), players);
            }
        }
    }

    #[test]
    fn solo_prizes_go_to_the_higher_of_the_player_and_the_robot() {
        for seed in 0..40 {
            let mut g = HighBid::solo(seed);
            let mut rng = Rng::seed_from(seed);
            let mut expected = [0i32; 2];
            while !g.is_terminal() {
                let prize = i32::from(g.current_prize());
                let legal = g.legal_actions();
                let bid = legal[rng.below(legal.len())];
                g.apply_unchecked(bid);
                let robot_bid = u32::from(*g.robot.as_ref().unwrap().bids.last().unwrap());
                assert_ne!(robot_bid, bid, "the robot bids from its own hand");
                expected[usize::from(robot_bid > bid)] += prize;
            }
            assert_eq!(g.scores()[0], expected[0]);
            assert_eq!(g.robot_score(), expected[1]);
            assert_eq!(expected[0] + expected[1], 15, "a solo prize is never lost");
            assert_eq!(g.solo_margin(), Some(f64::from(expected[0] - expected[1])));
        }
        assert_eq!(HighBid::new(2, 1).unwrap().solo_margin(), None);
    }

    #[test]
    fn solo_resampling_redraws_only_the_robot_hand_and_the_unseen() {
        let mut g = HighBid::solo(3);
        g.apply_unchecked(g.legal_actions()[0]);
        let robot_hands: std::collections::HashSet<u32> = (0..30)
            .map(|seed| {
                let r = g.resample_hidden(0, seed);
                assert_eq!(r.information_state_string(0), g.information_state_string(0));
                assert_eq!(r.hands[0], g.hands[0]);
                let robot = r.robot.as_ref().unwrap();
                assert_eq!(robot.hand.count_ones(), 4);
                assert_eq!(robot.hand & (g.hands[0] | g.played), 0);
                robot.hand
            })
            .collect();
        assert!(
            robot_hands.len() > 5,
            "the robot's hand is hidden, so it is redrawn"
        );
    }

    #[test]
    fn highest_unmatched_bid_wins() {
        let mut g = HighBid::new(3, 1).unwrap();
        // Force known hands for the check.
        g.hands = [0b111, 0b111 << 3, 0b111 << 6, 0];
        let prize = i32::from(g.current_prize());
        g.apply_unchecked(2); // seat 0 bids 3
        g.apply_unchecked(5); // seat 1 bids 6
        g.apply_unchecked(8); // seat 2 bids 9
        assert_eq!(g.scores().to_vec(), vec![0, 0, prize]);
    }

    #[test]
    fn resampling_keeps_what_the_player_knows() {
        for seed in 0..40 {
            let mut g = HighBid::new(3, seed).unwrap();
            let mut rng = Rng::seed_from(seed + 100);
            let steps = rng.below(14);
            let mut legal = ActionList::new();
            for _ in 0..steps {
                g.legal_actions_into(&mut legal);
                g.apply_unchecked(legal[rng.below(legal.len())]);
            }
            for p in 0..3 {
                let r = g.resample_hidden(p, seed * 7 + p as u64);
                assert_eq!(r.information_state_string(p), g.information_state_string(p));
                let hidden: u32 = (0..3).map(|s| r.hands[s]).fold(r.played, |a, h| {
                    assert_eq!(a & h, 0, "a card is in two places");
                    a | h
                });
                assert_eq!(
                    hidden.count_ones(),
                    g.played.count_ones() + (0..3).map(|s| g.hands[s].count_ones()).sum::<u32>()
                );
                if g.current_player() == Some(p) {
                    assert_eq!(r.legal_actions(), g.legal_actions());
                }
            }
        }
    }

    #[test]
    fn resampling_depends_only_on_the_information_state() {
        // Two deals that look the same to seat 0 give the same determinization.
        let a = HighBid::new(2, 3).unwrap();
        let mut b = a.clone();
        let other = b.hands[1];
        let unseen = ((1u32 << b.deck) - 1) & !b.hands[0] & !other;
        // Swap one of seat 1's cards with an unseen card.
        let give = other.trailing_zeros();
        let take = unseen.trailing_zeros();
        b.hands[1] = (other & !(1 << give)) | (1 << take);
        b.rng = Rng::seed_from(99);
        assert_eq!(a.information_state_string(0), b.information_state_string(0));
        assert_ne!(a, b);
        assert_eq!(a.resample_hidden(0, 5), b.resample_hidden(0, 5));
    }
}
