//! Bots: one interface (`step(state) -> action`) over random, one-ply greedy and IS-MCTS
//! play, each reproducible from its seed.

use crate::engine::{Action, ActionList, GameState, Rng};

use super::mcts::{search, MctsOptions, SearchResult};
use super::rollout::greedy_choice;

/// A player that picks an action for the seat to act.
pub trait Bot<G: GameState>: Send {
    /// The action this bot plays in `state`.
    ///
    /// # Panics
    /// If the game is over (there is nothing to choose).
    fn step(&mut self, state: &G) -> Action;
}

/// Uniformly random legal actions.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    /// A random bot whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: Rng::seed_from(seed),
        }
    }
}

impl<G: GameState> Bot<G> for RandomBot {
    fn step(&mut self, state: &G) -> Action {
        assert!(
            !state.is_terminal(),
            "the game is over: no action to choose"
        );
        state.random_legal_action(&mut self.rng, &mut ActionList::new())
    }
}

/// One-ply greedy: the action after which the actor's `heuristic_values()` lead over the
/// best other seat is largest (for the games, the best immediate score change); equal leads
/// are broken at random by the bot's seed.
///
/// The look-ahead is applied to a determinization from the actor's point of view, not to the
/// real state: applying to the real state could reveal a card drawn by the action or another
/// seat's secret choice, and a bot must not see those.
#[derive(Clone, Debug)]
pub struct GreedyBot<G> {
    rng: Rng,
    scratch: Option<G>,
}

impl<G: GameState> GreedyBot<G> {
    /// A greedy bot whose tie-breaks and determinizations are fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        GreedyBot {
            rng: Rng::seed_from(seed),
            scratch: None,
        }
    }
}

impl<G: GameState> Bot<G> for GreedyBot<G> {
    fn step(&mut self, state: &G) -> Action {
        let seat = state
            .current_player()
            .expect("the game is over: no action to choose");
        let mut legal = ActionList::new();
        state.legal_actions_into(&mut legal);
        if legal.len() == 1 {
            return legal[0];
        }
        let det = state.resample_hidden(seat, self.rng.next_u64());
        let scratch = self.scratch.get_or_insert_with(|| det.clone());
        greedy_choice(&det, seat, &legal, scratch, &mut self.rng, &mut None)
    }
}

/// The move a [`GreedyBot`] seeded `seed` makes in `state` on its first step, or `None` when
/// the game is over: one greedy decision without a bot to keep (for bindings that hold their
/// own seed stream).
pub fn greedy_action<G: GameState>(state: &G, seed: u64) -> Option<Action> {
    state.current_player()?;
    Some(GreedyBot::new(seed).step(state))
}

/// IS-MCTS with fixed options. The n-th call searches with a seed derived from the bot's
/// seed and n, so a whole game is reproducible (with an iteration budget).
#[derive(Clone, Debug)]
pub struct MctsBot {
    options: MctsOptions,
    seeds: Rng,
    last: Option<SearchResult>,
}

impl MctsBot {
    /// A bot searching with `options`; `options.seed` seeds the sequence of searches.
    ///
    /// # Panics
    /// If the options cannot run (see [`MctsOptions::validate`]).
    pub fn new(options: MctsOptions) -> Self {
        if let Err(e) = options.validate() {
            panic!("invalid MCTS options: {e}");
        }
        MctsBot {
            seeds: Rng::seed_from(options.seed),
            options,
            last: None,
        }
    }

    /// A bot running `iterations` simulations a move, otherwise default options.
    pub fn with_iterations(iterations: u64, seed: u64) -> Self {
        MctsBot::new(MctsOptions {
            seed,
            ..MctsOptions::with_iterations(iterations)
        })
    }

    /// The search behind the last move (None if it was forced or no move was made yet):
    /// its visit shares are the bot's reasons.
    pub fn last_search(&self) -> Option<&SearchResult> {
        self.last.as_ref()
    }
}

impl<G: GameState> Bot<G> for MctsBot {
    fn step(&mut self, state: &G) -> Action {
        let options = MctsOptions {
            seed: self.seeds.next_u64(),
            ..self.options.clone()
        };
        let legal = state.legal_actions();
        assert!(!legal.is_empty(), "the game is over: no action to choose");
        if legal.len() == 1 {
            // A forced move needs no thought; skipping the search keeps bots fast in the
            // many one-option steps some games have.
            self.last = None;
            return legal[0];
        }
        let result = search(state, &options).expect("options were validated and the game is on");
        let action = result.action;
        self.last = Some(result);
        action
    }
}

/// Plays one game from `start` with `bots[seat]` choosing for each seat; returns the final
/// state. A helper for tests, benches and arenas.
pub fn play_game<G: GameState>(start: &G, bots: &mut [Box<dyn Bot<G>>]) -> G {
    let mut state = start.clone();
    while let Some(seat) = state.current_player() {
        let action = bots[seat].step(&state);
        debug_assert!(
            state.is_legal(action),
            "bot for seat {seat} chose illegal {action}"
        );
        state.apply_unchecked(action);
    }
    state
}
