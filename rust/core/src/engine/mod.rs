//! The engine contract shared by every game.
//!
//! A game is `(config, seed)` → initial state → a sequence of integer actions; nothing else
//! moves it. Chance (shuffles, draws) is drawn inside `apply_action` from the state's own
//! seeded [`Rng`], so the same config, seed and actions give the same state bit for bit.

mod copies;
mod document;
mod error;
mod fixed;
mod ids;
mod key;
mod rng;
pub mod shared;
pub mod tensor;

pub(crate) use copies::search_copies;
pub use document::{read_document, write_document};
pub use error::{EngineError, EngineResult};
pub use fixed::FixedVec;
pub use ids::{sort_four, sort_ids};
pub use key::key_string;
pub use rng::Rng;
pub use shared::Shared;
pub use tensor::{Cells, CompactDtype, SpecBuilder, TensorCell, TensorSpec};

use arrayvec::ArrayVec;

/// An action id: an integer below the game's `num_distinct_actions()`.
pub type Action = u32;

/// A seat at the table, 0-based.
pub type Seat = usize;

/// The most seats any of the three games has.
pub const MAX_PLAYERS: usize = 4;

/// `current_player()` when the game is over, as in OpenSpiel.
pub const TERMINAL_PLAYER: i32 = -4;

/// Capacity of an [`ActionList`]. A legal-action list holds distinct ids below the game's
/// `num_distinct_actions()`, and every game's action space fits in this (a test of each game
/// asserts it), so no position — however contrived a loaded state — can overflow the list.
pub const ACTION_LIST_CAPACITY: usize = 4096;

/// A fixed-capacity list of action ids that lives on the stack: the hot loop never allocates.
pub type ActionList = ArrayVec<Action, ACTION_LIST_CAPACITY>;

/// One value per seat (scores, rewards).
pub type PerSeat<T> = ArrayVec<T, MAX_PLAYERS>;

/// The contract every game's state implements. Method names follow OpenSpiel's.
pub trait GameState: Clone + Send + Sync + 'static {
    /// Number of seats in this game.
    fn num_players(&self) -> usize;

    /// Size of the action space: every action id is below it. Fixed per game and config.
    fn num_distinct_actions(&self) -> usize;

    /// Seat to act, or `None` when the game is over.
    fn current_player(&self) -> Option<Seat>;

    /// True once the game has ended.
    fn is_terminal(&self) -> bool {
        self.current_player().is_none()
    }

    /// Writes the legal action ids, sorted ascending, into `out` (cleared first). Empty only
    /// when the game is over.
    fn legal_actions_into(&self, out: &mut ActionList);

    /// A legal action drawn uniformly at random, the game not over: exactly the action
    /// `legal[rng.below(legal.len())]` picks from the ascending list, drawing from `rng` the
    /// same way, so a random game is the same game however the game draws its moves. `legal`
    /// is scratch space, left unspecified. By default the actions are listed; a game whose
    /// list of some decision is read from a table draws from the table instead (random
    /// rollouts and random playouts spend much of their time on lists).
    fn random_legal_action(&self, rng: &mut Rng, legal: &mut ActionList) -> Action {
        self.legal_actions_into(legal);
        legal[rng.below(legal.len())]
    }

    /// The legal actions as a fresh list (convenience for tests and tools; hot paths fill a
    /// reused list with `legal_actions_into`, since returning one by value copies it).
    fn legal_actions(&self) -> ActionList {
        let mut out = ActionList::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// Whether `action` is legal now.
    fn is_legal(&self, action: Action) -> bool {
        // Filled in place: an ActionList is large, and moving one costs more than filling it.
        let mut legal = ActionList::new();
        self.legal_actions_into(&mut legal);
        legal.binary_search(&action).is_ok()
    }

    /// Applies `action`, which the caller guarantees is legal (search, playouts). Applying an
    /// illegal action here leaves the state unspecified but never unsafe.
    fn apply_unchecked(&mut self, action: Action);

    /// Applies `action` if it is legal; otherwise returns [`EngineError::IllegalAction`] and
    /// leaves the state unchanged.
    fn apply_action(&mut self, action: Action) -> EngineResult<()> {
        if !self.is_legal(action) {
            return Err(EngineError::IllegalAction(format!(
                "action {action} is not legal now{}",
                match self.current_player() {
                    Some(seat) => format!(" (seat {seat} to act)"),
                    None => " (the game is over)".to_string(),
                }
            )));
        }
        self.apply_unchecked(action);
        Ok(())
    }

    /// A person's sentence for `action` in this position.
    fn action_to_string(&self, action: Action) -> String;

    /// The sentence for `action` as `viewer` may read it (`None`: a spectator who sees only
    /// the table): a move that hides something from the others, such as a face-down
    /// discard, is told without the hidden part unless `viewer` is the one making it.
    fn public_action_string(&self, action: Action, viewer: Option<Seat>) -> String {
        let _ = viewer;
        self.action_to_string(action)
    }

    /// What applying the legal `action` to this state makes happen, as `viewer` may read it
    /// (`None`: a spectator): the move's public sentence first, then one sentence for each
    /// public consequence the engine resolves with it (a project completed, a card revealed,
    /// a round beginning, the winner). Called on the state *before* the move; a game
    /// typically applies the move to a clone and tells what changed. For logs and replays,
    /// never the hot loop. By default, the move's sentence alone.
    fn public_events(&self, action: Action, viewer: Option<Seat>) -> Vec<String> {
        vec![self.public_action_string(action, viewer)]
    }

    /// Final points per seat (the running score before the end).
    fn scores(&self) -> PerSeat<i32>;

    /// Seats from first to last place, ties broken by the rulebook's tiebreaker.
    fn ranking(&self) -> PerSeat<Seat>;

    /// The action ids applied so far: with config and seed, a complete replay.
    fn history(&self) -> &[Action];

    /// An upper bound on the number of actions in any complete game played under this
    /// state's config and card data: `history().len()` at the end of every game that can be
    /// played from the initial state never exceeds it. Derived from the rules and the card
    /// data (each game writes its derivation down term by term), never sampled, so a user's
    /// card file that allows longer games raises it. Fixed for a game: every state of one
    /// game returns the same value. OpenSpiel's `max_game_length`.
    fn max_game_length(&self) -> usize;

    /// Copies the position of `source` into `self` for a one-ply look-ahead (greedy play
    /// tries every candidate move on such a copy): everything that decides legal actions,
    /// moves, scores and heuristic values is copied, but the history may be left out — it
    /// records moves and never decides one — so `self.history()` is then unspecified. By
    /// default a full `clone_from`; games whose history is a buffer skip copying it.
    fn clone_position_from(&mut self, source: &Self) {
        self.clone_from(source);
    }

    /// Makes room for the actions of any complete game (at most
    /// [`GameState::max_game_length`]), so that playing on in this state, or in a state copied
    /// into it with `clone_from`, never allocates: search calls it once on each of its
    /// scratch states. By default nothing (a game whose history is not a growing buffer).
    fn reserve_to_end(&mut self) {}

    /// `(lowest, highest)`: bounds on the final score of every seat in any complete game
    /// played under this state's config and card data (for a solo game, the one seat's
    /// score; a built-in opponent is not a seat). Derived from the rules and the card data
    /// like [`GameState::max_game_length`]; may be loose, never wrong. Fixed for a game.
    /// OpenSpiel's `min_utility` / `max_utility`, since returns are the final scores.
    fn score_bounds(&self) -> (i32, i32);

    /// A copy in which everything `player` cannot see is redrawn consistently. Depends only on
    /// what `player` knows and on `seed`.
    fn resample_hidden(&self, player: Seat, seed: u64) -> Self;

    /// [`GameState::resample_hidden`] written into `out` (any state of the same game), whose
    /// buffers are reused: search draws every determinization this way. The result equals
    /// `self.resample_hidden(player, seed)`. By default the copy is made and then copied in;
    /// the games override it to write into `out` directly.
    fn resample_hidden_into(&self, player: Seat, seed: u64, out: &mut Self) {
        out.clone_from(&self.resample_hidden(player, seed));
    }

    /// A stable key for everything `player` knows (including their own past choices).
    fn information_state_string(&self, player: Seat) -> String;

    /// Length of `observation_tensor`; fixed per game and config.
    fn observation_tensor_size(&self) -> usize;

    /// Writes the observation of `player` into `out` (of length `observation_tensor_size`).
    fn observation_tensor(&self, player: Seat, out: &mut [f32]) {
        self.write_observation_tensor(player, out);
    }

    /// The observation of `player` written as cells (see [`tensor`]): as `f32` the
    /// observation tensor itself, as a small integer type its compact form, the count of
    /// units of each entry's scale, so that `compact × scale` is the float tensor bit for
    /// bit. `out` has length `observation_tensor_size`.
    fn write_observation_tensor<T: TensorCell>(&self, player: Seat, out: &mut [T]);

    /// For every tensor entry, the range its count is proved to keep in any position of a
    /// game under this state's player count, options and card data, and its scale. Derived
    /// from the rules and the card data like [`GameState::score_bounds`]; fixed for a game
    /// (callers compute it once, never per step).
    fn observation_tensor_spec(&self) -> TensorSpec;

    /// What `player` may see, as JSON (hidden cards masked).
    fn observation_json(&self, player: Seat) -> serde_json::Value;

    /// The whole state as a versioned JSON document.
    fn to_json(&self) -> String;

    /// In a one-seat game played against a built-in opponent (a robot, the Competition) or a
    /// grade table: how far the player's final result is above the target that decides it
    /// (own score minus the opponent's, or minus the score of the grade aimed for), so that
    /// search plays to beat the opponent by as much as possible. Positive is a win. `None` for
    /// games between seats, whose rewards come from `scores()`. Read once the game is over.
    fn solo_margin(&self) -> Option<f64> {
        None
    }

    /// A solo game's opponent, by name, with its score: the rival a final table ranks the
    /// player against (Sorcery's robot, Níjar's Competition). `None` where there is none (games
    /// between seats, a solo game played for a grade or a target).
    fn solo_opponent(&self) -> Option<(&'static str, i32)> {
        None
    }

    /// A cheap heuristic of how well each seat is doing (for greedy bots and rollouts);
    /// by default the running score.
    fn heuristic_values(&self) -> PerSeat<f64> {
        self.scores().iter().map(|&s| f64::from(s)).collect()
    }

    /// `seat`'s entry of [`GameState::heuristic_values`] (the same number, bit for bit). By
    /// default the whole vector is computed; a game whose seats are scored separately
    /// overrides it, together with [`GameState::heuristic_value_kept`].
    fn heuristic_value(&self, seat: Seat) -> f64 {
        self.heuristic_values()[seat]
    }

    /// Whether `seat`'s heuristic value here is certainly the one it has in `before` (a
    /// state of the same game), because everything that value is computed from is equal in
    /// both. Greedy play asks it of every seat but the mover after each candidate move, and
    /// re-scores only the seats for which it is false; so a game may answer false whenever
    /// it is unsure, never true when the values could differ. By default false.
    fn heuristic_value_kept(&self, before: &Self, seat: Seat) -> bool {
        let _ = (before, seat);
        false
    }

    /// What applying the legal `action` here certainly does to the heuristic values, when the
    /// game can tell without trying it: every seat's value stays as it is but the acting
    /// seat's, which changes by the returned amount (`Some(0.0)`: a move that touches nothing
    /// the values are computed from). Greedy play then scores that candidate from this
    /// position, without a copy and an apply; so the amount must be the one trying it gives,
    /// bit for bit (the acting seat's value here plus it is its value after), and a game
    /// answers `None` whenever it is unsure. By default `None`.
    fn heuristic_gain_of(&self, action: Action) -> Option<f64> {
        let _ = action;
        None
    }

    /// What applying the legal `action` certainly does to the heuristic values measured
    /// against another legal move, `reference`, when the game can tell: every seat's value
    /// after `action` is its value after `reference`, but the acting seat's, which is higher by
    /// the returned gain (bit for bit, as for [`GameState::heuristic_gain_of`]). For moves
    /// whose own effect is small but which set off the same chain of automatic steps as
    /// `reference` (a conversion that ends a turn, beside ending it). Greedy play tries
    /// `reference` once and scores such candidates from it. `None` whenever unsure; by
    /// default `None`.
    fn heuristic_gain_beside(&self, action: Action) -> Option<(Action, f64)> {
        let _ = action;
        None
    }

    /// The acting seat's heuristic value after the legal `action`, when the game can tell it
    /// without trying the move, for a move that certainly leaves every other seat's value as
    /// it is. Greedy play then scores that candidate from this position, without a copy and
    /// an apply; so the value must be the one trying it gives, bit for bit. For moves whose
    /// effect on the mover's value is worked out more cheaply than by trying them but is not
    /// told as an exact gain ([`GameState::heuristic_gain_of`], asked first). `None`
    /// whenever unsure; by default `None`.
    fn heuristic_value_after(&self, action: Action) -> Option<f64> {
        let _ = action;
        None
    }
}
