//! The games this build knows, as one enum, and the macro that dispatches a call to the game
//! inside. Adding a game is one variant here, one arm in `dispatch!`, and one arm in each of
//! `new_game` and `from_json`.

use std::sync::Arc;

use craftgames_core::engine::{EngineError, EngineResult};
use craftgames_core::sunrise::{CardSet, SunriseState};

/// The state of any game.
#[derive(Clone)]
pub enum Game {
    /// Sunrise at the Studio.
    Sunrise(SunriseState),
}

/// Runs `$body` with `$s` bound to the concrete state inside `$game` (by reference, or by
/// mutable reference when `$game` is a mutable place).
macro_rules! dispatch {
    ($game:expr, $s:ident => $body:expr) => {
        match $game {
            $crate::games::Game::Sunrise($s) => $body,
        }
    };
}
pub(crate) use dispatch;

/// The game names `new_game` accepts, in the order they are listed to users.
pub const GAME_NAMES: &[&str] = &["sunrise"];

impl Game {
    /// The short name of the game, as in `new_game(name, ...)` and the JSON `game` field.
    pub fn name(&self) -> &'static str {
        match self {
            Game::Sunrise(_) => "sunrise",
        }
    }

    /// A new game. `cards` is the TOML text of a card file, or `None` for the default set.
    pub fn new_game(
        name: &str,
        players: usize,
        seed: u64,
        cards: Option<&str>,
    ) -> EngineResult<Self> {
        match name {
            "sunrise" => {
                let cards = match cards {
                    Some(text) => Some(Arc::new(CardSet::from_toml(text)?)),
                    None => None,
                };
                Ok(Game::Sunrise(SunriseState::new_game(players, seed, cards)?))
            }
            other => Err(EngineError::Config(format!(
                "unknown game {other:?}; this build knows: {}",
                GAME_NAMES.join(", ")
            ))),
        }
    }

    /// Reads a state document, choosing the game by its `game` field.
    pub fn from_json(text: &str) -> EngineResult<Self> {
        let head: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| EngineError::InvalidState(format!("not a JSON document: {e}")))?;
        let game = head
            .get("game")
            .ok_or_else(|| {
                EngineError::InvalidState("the document has no \"game\" field".to_string())
            })?
            .as_str()
            .ok_or_else(|| {
                EngineError::InvalidState("the \"game\" field is not a string".to_string())
            })?;
        match game {
            "sunrise" => Ok(Game::Sunrise(SunriseState::from_json(text)?)),
            other => Err(EngineError::InvalidState(format!(
                "unknown game {other:?} in the document; this build knows: {}",
                GAME_NAMES.join(", ")
            ))),
        }
    }
}

impl From<SunriseState> for Game {
    fn from(state: SunriseState) -> Self {
        Game::Sunrise(state)
    }
}
