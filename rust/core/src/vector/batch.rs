//! The batch: N games of one setup, stepped together, auto-reset with fresh deals.

use std::sync::Arc;

use crate::engine::{
    Action, ActionList, EngineError, EngineResult, GameState, Rng, Seat, TensorCell, MAX_PLAYERS,
};
use crate::search::mcts::MAX_THREADS;

use super::buffers::{Dims, Outputs};
use super::reward::{reward_values, LearnReward};
use super::seats::{Opponent, SeatPlayer};

/// Deals the game of a seed (the setup's card set and options are inside).
pub type Dealer<G> = Arc<dyn Fn(u64) -> EngineResult<G> + Send + Sync>;

/// Words of a legal-action bitset: every action id is below `ACTION_LIST_CAPACITY`.
const LEGAL_WORDS: usize = crate::engine::ACTION_LIST_CAPACITY / 64;

/// Deals in a row that may end before a learner acts (only bots move in them) before the batch
/// gives up: a setup whose learner never acts is a mistake, not a game.
const MAX_GAMES_WITHOUT_LEARNER: usize = 64;

/// How a batch is played.
#[derive(Clone, Debug, PartialEq)]
pub struct BatchOptions {
    /// The player of every seat; at least one is [`SeatPlayer::Learner`].
    pub seats: Vec<SeatPlayer>,
    /// What the learner is paid.
    pub reward: LearnReward,
    /// Threads a call spreads its games over (1: the caller's thread only).
    pub threads: usize,
}

/// One game of the batch with everything needed to continue it.
#[derive(Clone)]
struct Slot<G> {
    state: G,
    /// The seeds of this slot's successive deals.
    deals: Rng,
    game_seed: u64,
    bots: [Option<Opponent<G>>; MAX_PLAYERS],
    /// Each seat's reward value when it was last paid.
    paid: [f64; MAX_PLAYERS],
    /// The legal actions of the seat to act, as written into its mask.
    legal: [u64; LEGAL_WORDS],
    /// The last game this slot finished, kept for replays and inspection.
    finished: Option<G>,
}

/// N games of one game, setup and player count, played together: `reset` and `step` write
/// each game's observation, mask, rewards and status into the caller's [`Outputs`]. A game
/// that ends is dealt anew at once from the slot's seed stream; the finished game's last
/// observation, returns, scores and seed go to the `final_*` rows ("same-step" auto-reset).
///
/// Seeds: `reset(seed)` gives game slot `i` a stream of deal seeds of its own, drawn from
/// `(seed, i)`; the games a slot plays are dealt from the stream's successive values, and each
/// bot's choices are seeded from the game's seed and its seat. A game is therefore replayed
/// from its seed and the learner's actions, whatever the number of threads.
///
/// Stepping allocates nothing, apart from what an MCTS opponent's search allocates and the
/// threads of a multi-threaded call.
pub struct VectorGames<G: GameState> {
    deal: Dealer<G>,
    options: BatchOptions,
    dims: Dims,
    /// The lowest and highest count of any observation entry (the game's tensor spec).
    counts: (i32, i32),
    slots: Vec<Slot<G>>,
    ready: bool,
}

impl<G: GameState> VectorGames<G> {
    /// A batch of `games` games dealt by `deal`, played as `options` say. Deals a first game
    /// to learn the sizes; the batch needs a `reset` before its first `step`.
    pub fn new(games: usize, deal: Dealer<G>, options: BatchOptions) -> EngineResult<Self> {
        if games == 0 {
            return Err(EngineError::Config(
                "a batch needs at least one game".into(),
            ));
        }
        if options.threads == 0 || options.threads > MAX_THREADS {
            return Err(EngineError::Config(format!(
                "threads must be 1 to {MAX_THREADS}, not {}",
                options.threads
            )));
        }
        let probe = deal(0)?;
        let counts = probe.observation_tensor_spec().count_range();
        let dims = Dims {
            players: probe.num_players(),
            observation: probe.observation_tensor_size(),
            actions: probe.num_distinct_actions(),
        };
        if options.seats.len() != dims.players {
            return Err(EngineError::Config(format!(
                "the game has {} seats but {} seat players were given",
                dims.players,
                options.seats.len()
            )));
        }
        if !options.seats.contains(&SeatPlayer::Learner) {
            return Err(EngineError::Config(
                "at least one seat must be \"learner\": a batch of bots alone has no one to step"
                    .into(),
            ));
        }
        let slot = Slot {
            state: probe,
            deals: Rng::seed_from(0),
            game_seed: 0,
            bots: Default::default(),
            paid: [0.0; MAX_PLAYERS],
            legal: [0; LEGAL_WORDS],
            finished: None,
        };
        Ok(VectorGames {
            deal,
            options,
            dims,
            counts,
            slots: vec![slot; games],
            ready: false,
        })
    }

    /// Games in the batch (`N`).
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Never: a batch holds at least one game.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The row widths: seats, observation length, distinct actions.
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// Checks that `out` holds a row of each output per game and that its observation type
    /// holds every count of the game's tensor.
    fn check<T: TensorCell>(&self, out: &Outputs<'_, T>) -> EngineResult<()> {
        out.check(self.len(), self.dims)?;
        let ((low, high), (min, max)) = (self.counts, T::COUNTS);
        if low < min || high > max {
            return Err(EngineError::Config(format!(
                "{} observations cannot hold this game's tensor, whose counts reach \
                 {low}..={high}: use a wider type (see the game's compact dtype)",
                T::NAME
            )));
        }
        Ok(())
    }

    /// How the batch is played.
    pub fn options(&self) -> &BatchOptions {
        &self.options
    }

    /// The game in play in slot `i`.
    pub fn state(&self, i: usize) -> Option<&G> {
        self.slots.get(i).map(|s| &s.state)
    }

    /// The last game slot `i` finished (None before the first).
    pub fn finished_state(&self, i: usize) -> Option<&G> {
        self.slots.get(i).and_then(|s| s.finished.as_ref())
    }

    /// Deals a new game in every slot, slot `i`'s deals seeded from `(seed, i)`, plays the
    /// bots' seats up to each game's first learner decision and writes the outputs (rewards
    /// 0, nothing terminated).
    pub fn reset<T: TensorCell>(&mut self, seed: u64, out: Outputs<'_, T>) -> EngineResult<()> {
        self.check(&out)?;
        self.ready = false;
        self.run(None, Some(seed), out)?;
        self.ready = true;
        Ok(())
    }

    /// Applies `actions[i]` in game `i` for its seat to act, plays the bots' seats up to the
    /// next learner decision, deals anew where a game ended, and writes the outputs. An action
    /// that is not legal (not set in the mask last written) is an error naming the game, and
    /// then no game moves.
    pub fn step<T: TensorCell>(
        &mut self,
        actions: &[Action],
        out: Outputs<'_, T>,
    ) -> EngineResult<()> {
        if !self.ready {
            return Err(EngineError::Config(
                "call reset before the first step".into(),
            ));
        }
        self.check(&out)?;
        if actions.len() != self.len() {
            return Err(EngineError::Config(format!(
                "{} actions for {} games: give one action per game",
                actions.len(),
                self.len()
            )));
        }
        for (i, (slot, &action)) in self.slots.iter().zip(actions).enumerate() {
            if !slot.is_legal(action, self.dims.actions) {
                return Err(EngineError::IllegalAction(format!(
                    "action {action} is not legal in game {i} (seat {} to act): its legal \
                     actions are those set in masks[{i}]",
                    slot.state.current_player().map_or(-1, |s| s as i64)
                )));
            }
        }
        self.run(Some(actions), None, out)
    }

    /// Runs every slot, over the threads.
    fn run<T: TensorCell>(
        &mut self,
        actions: Option<&[Action]>,
        reset: Option<u64>,
        mut out: Outputs<'_, T>,
    ) -> EngineResult<()> {
        let ctx = Context {
            deal: &*self.deal,
            seats: &self.options.seats,
            reward: self.options.reward,
            dims: self.dims,
        };
        let n = self.slots.len();
        let threads = self.options.threads.min(n);
        if threads <= 1 {
            return ctx.run_chunk(&mut self.slots, 0, actions, reset, out);
        }
        let per = n.div_ceil(threads);
        std::thread::scope(|scope| {
            let mut handles = arrayvec::ArrayVec::<_, MAX_THREADS>::new();
            let mut rest: &mut [Slot<G>] = &mut self.slots;
            let mut first = 0;
            let ctx = &ctx;
            while rest.len() > per {
                let (chunk, tail) = std::mem::take(&mut rest).split_at_mut(per);
                rest = tail;
                let chunk_out = out.split_front(per, ctx.dims);
                let chunk_actions = actions.map(|a| &a[first..first + per]);
                let start = first;
                handles.push(
                    scope.spawn(move || {
                        ctx.run_chunk(chunk, start, chunk_actions, reset, chunk_out)
                    }),
                );
                first += per;
            }
            let last = ctx.run_chunk(rest, first, actions.map(|a| &a[first..]), reset, out);
            handles
                .into_iter()
                .map(|h| h.join().expect("a batch thread panicked"))
                .chain(std::iter::once(last))
                .collect::<EngineResult<()>>()
        })
    }
}

impl<G> Slot<G> {
    fn is_legal(&self, action: Action, actions: usize) -> bool {
        let a = action as usize;
        a < actions && self.legal[a / 64] & (1 << (a % 64)) != 0
    }
}

/// What every slot's work reads.
struct Context<'a, G> {
    deal: &'a (dyn Fn(u64) -> EngineResult<G> + Send + Sync),
    seats: &'a [SeatPlayer],
    reward: LearnReward,
    dims: Dims,
}

impl<G: GameState> Context<'_, G> {
    /// Steps (or resets) the slots `slots`, the batch's games `first..`, writing their rows.
    fn run_chunk<T: TensorCell>(
        &self,
        slots: &mut [Slot<G>],
        first: usize,
        actions: Option<&[Action]>,
        reset: Option<u64>,
        mut out: Outputs<'_, T>,
    ) -> EngineResult<()> {
        let Dims {
            players: p,
            observation: d,
            actions: a,
        } = self.dims;
        let mut legal = ActionList::new();
        let mut values = [0.0; MAX_PLAYERS];
        for (k, slot) in slots.iter_mut().enumerate() {
            let rewards = &mut out.rewards[k * p..(k + 1) * p];
            out.terminated[k] = false;
            match reset {
                Some(seed) => {
                    slot.deals = Rng::seed_from(slot_stream_seed(seed, first + k));
                    self.deal_into(slot)?;
                    self.play_bots_to_learner(slot)?;
                    rewards.fill(0.0);
                }
                None => {
                    let actions = actions.expect("a step has actions");
                    let seat = slot
                        .state
                        .current_player()
                        .expect("a slot between calls awaits a learner");
                    slot.state.apply_unchecked(actions[k]);
                    play_bots(slot);
                    reward_values(&slot.state, self.reward, &mut values);
                    for (r, (v, paid)) in rewards.iter_mut().zip(values.iter().zip(&slot.paid)) {
                        *r = (v - paid) as f32;
                    }
                    if slot.state.is_terminal() {
                        out.terminated[k] = true;
                        self.finish(slot, seat, &values, &mut out, k);
                        self.deal_into(slot)?;
                        self.play_bots_to_learner(slot)?;
                    } else {
                        slot.paid[..p].copy_from_slice(&values[..p]);
                    }
                }
            }
            let seat = slot
                .state
                .current_player()
                .expect("play stops at a learner's decision");
            out.to_act[k] = seat as i32;
            out.seeds[k] = slot.game_seed;
            slot.state
                .write_observation_tensor(seat, &mut out.observations[k * d..(k + 1) * d]);
            slot.state.legal_actions_into(&mut legal);
            let mask = &mut out.masks[k * a..(k + 1) * a];
            // The row holds the slot's last legal set (see `Outputs::masks`): clear just those.
            for (w, word) in slot.legal.iter_mut().enumerate() {
                let mut bits = std::mem::take(word);
                while bits != 0 {
                    mask[w * 64 + bits.trailing_zeros() as usize] = false;
                    bits &= bits - 1;
                }
            }
            for &action in &legal {
                mask[action as usize] = true;
                slot.legal[action as usize / 64] |= 1 << (action % 64);
            }
        }
        Ok(())
    }

    /// Writes the finished game's final rows and keeps a copy of it.
    fn finish<T: TensorCell>(
        &self,
        slot: &mut Slot<G>,
        seat: Seat,
        values: &[f64],
        out: &mut Outputs<'_, T>,
        k: usize,
    ) {
        let Dims {
            players: p,
            observation: d,
            ..
        } = self.dims;
        slot.state
            .write_observation_tensor(seat, &mut out.final_observations[k * d..(k + 1) * d]);
        for (r, v) in out.final_returns[k * p..(k + 1) * p].iter_mut().zip(values) {
            *r = *v as f32;
        }
        let scores = slot.state.scores();
        out.final_scores[k * p..(k + 1) * p].copy_from_slice(&scores);
        out.final_seeds[k] = slot.game_seed;
        match &mut slot.finished {
            Some(kept) => kept.clone_from(&slot.state),
            None => slot.finished = Some(slot.state.clone()),
        }
    }

    /// Deals the slot's next game and seats its bots.
    fn deal_into(&self, slot: &mut Slot<G>) -> EngineResult<()> {
        slot.game_seed = slot.deals.next_u64();
        slot.state = (self.deal)(slot.game_seed)?;
        for (seat, bot) in slot.bots.iter_mut().enumerate() {
            *bot = self
                .seats
                .get(seat)
                .and_then(|&player| Opponent::for_seat(player, seat, slot.game_seed));
        }
        // Nothing is paid yet: the first payment includes the value at the deal (Sunrise's
        // running score starts below 0), so a game's rewards add up to its final value.
        slot.paid = [0.0; MAX_PLAYERS];
        Ok(())
    }

    /// Plays the bots up to a learner's decision, dealing anew if a game ends before one.
    fn play_bots_to_learner(&self, slot: &mut Slot<G>) -> EngineResult<()> {
        for _ in 0..MAX_GAMES_WITHOUT_LEARNER {
            play_bots(slot);
            if !slot.state.is_terminal() {
                return Ok(());
            }
            self.deal_into(slot)?;
        }
        Err(EngineError::Config(format!(
            "{MAX_GAMES_WITHOUT_LEARNER} games in a row ended before a learner's seat acted"
        )))
    }
}

/// Lets the bots move while one of their seats is to act.
fn play_bots<G: GameState>(slot: &mut Slot<G>) {
    while let Some(seat) = slot.state.current_player() {
        let Some(bot) = &mut slot.bots[seat] else {
            return;
        };
        let action = bot.step(&slot.state);
        slot.state.apply_unchecked(action);
    }
}

/// The seed of slot `slot`'s deal stream after `reset(seed)`: SplitMix64's finalizer over
/// both, so nearby seeds and slots give unrelated streams.
pub fn slot_stream_seed(seed: u64, slot: usize) -> u64 {
    fn mix(mut z: u64) -> u64 {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    mix(seed ^ mix(slot as u64))
}
