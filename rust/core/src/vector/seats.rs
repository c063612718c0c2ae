//! Who plays each seat of a batched game: the learner, or a built-in bot that moves inside the
//! batch's own call.

use crate::engine::{Action, EngineError, EngineResult, GameState, Rng, Seat};
use crate::search::{Bot, GreedyBot, MctsBot, RandomBot};

/// The player of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatPlayer {
    /// The caller chooses this seat's actions.
    Learner,
    /// [`RandomBot`].
    Random,
    /// [`GreedyBot`].
    Greedy,
    /// [`MctsBot`] with this many simulations a move (default options otherwise).
    Mcts(u64),
}

impl SeatPlayer {
    /// Parses `"learner"`, `"random"`, `"greedy"` or `"mcts:N"` (N ≥ 1 simulations).
    pub fn parse(name: &str) -> EngineResult<SeatPlayer> {
        match name {
            "learner" => Ok(SeatPlayer::Learner),
            "random" => Ok(SeatPlayer::Random),
            "greedy" => Ok(SeatPlayer::Greedy),
            _ => match name.strip_prefix("mcts:").map(str::parse::<u64>) {
                Some(Ok(n)) if n >= 1 => Ok(SeatPlayer::Mcts(n)),
                _ => Err(EngineError::Config(format!(
                    "unknown seat player {name:?}: use \"learner\", \"random\", \"greedy\" or \
                     \"mcts:N\" with N ≥ 1 simulations"
                ))),
            },
        }
    }
}

/// A built-in bot in play at one seat of one game.
#[derive(Clone)]
pub(crate) enum Opponent<G> {
    Random(RandomBot),
    Greedy(GreedyBot<G>),
    Mcts(MctsBot),
}

impl<G: GameState> Opponent<G> {
    /// The bot for `player` at `seat` of the game dealt from `game_seed` (`None` for the
    /// learner). Its seed depends on the game's seed and the seat only, so a game is replayed
    /// from its seed and the learner's actions.
    pub(crate) fn for_seat(player: SeatPlayer, seat: Seat, game_seed: u64) -> Option<Self> {
        let seed = bot_seed(game_seed, seat);
        match player {
            SeatPlayer::Learner => None,
            SeatPlayer::Random => Some(Opponent::Random(RandomBot::new(seed))),
            SeatPlayer::Greedy => Some(Opponent::Greedy(GreedyBot::new(seed))),
            SeatPlayer::Mcts(n) => Some(Opponent::Mcts(MctsBot::with_iterations(n, seed))),
        }
    }

    /// The bot's move in `state`, where its seat is to act.
    pub(crate) fn step(&mut self, state: &G) -> Action {
        match self {
            Opponent::Random(bot) => Bot::<G>::step(bot, state),
            Opponent::Greedy(bot) => bot.step(state),
            Opponent::Mcts(bot) => Bot::<G>::step(bot, state),
        }
    }
}

/// The seed of the bot at `seat` in the game dealt from `game_seed`: a stream of its own,
/// apart from the deal's and the other seats'.
pub fn bot_seed(game_seed: u64, seat: Seat) -> u64 {
    let mut rng = Rng::seed_from(game_seed ^ 0x5EA7_B075_0000_0000 ^ seat as u64);
    rng.next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_players_parse_and_bad_names_are_refused_by_name() {
        assert_eq!(SeatPlayer::parse("learner").unwrap(), SeatPlayer::Learner);
        assert_eq!(SeatPlayer::parse("mcts:25").unwrap(), SeatPlayer::Mcts(25));
        for bad in ["mcts:0", "mcts:", "mcts:x", "Random", "alphazero"] {
            let message = SeatPlayer::parse(bad).unwrap_err().to_string();
            assert!(message.contains(&format!("{bad:?}")), "{message}");
        }
    }
}
