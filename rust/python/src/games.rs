//! The games this build knows, as one enum, and the macro that dispatches a call to the game
//! inside. Adding a game is one variant of `Game`, one of `SetupKind`, one arm in `dispatch!`,
//! and one arm in each of `Setup::new`, `Setup::deal` and `Game::from_json`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use craftgames_core::engine::{EngineError, EngineResult, GameState};
use craftgames_core::nijar::{self, NijarConfig, NijarState};
use craftgames_core::search::playout::{play_random_to_end, playout_rng};
use craftgames_core::sorcery::{self, SorceryConfig, SorceryState};
use craftgames_core::sunrise::{CardSet, SunriseState};

/// A game's keyword options beyond `players` and `seed` (e.g. Sorcery's `staffs`), as the JSON
/// object the Python façade builds. Each game reads its own and rejects the rest by name.
pub type Options = serde_json::Map<String, serde_json::Value>;

/// The state of any game.
// The states are flat `Copy`-style tables cloned by one memcpy (search clones them all the
// time); boxing the larger one would put an allocation in every clone.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub enum Game {
    /// Sunrise at the Studio.
    Sunrise(SunriseState),
    /// Studies in Sorcery.
    Sorcery(SorceryState),
    /// Níjar.
    Nijar(NijarState),
}

/// Runs `$body` with `$s` bound to the concrete state inside `$game` (by reference, or by
/// mutable reference when `$game` is a mutable place).
macro_rules! dispatch {
    ($game:expr, $s:ident => $body:expr) => {
        match $game {
            $crate::games::Game::Sunrise($s) => $body,
            $crate::games::Game::Sorcery($s) => $body,
            $crate::games::Game::Nijar($s) => $body,
        }
    };
}
pub(crate) use dispatch;

/// The game names `new_game` accepts, in the order they are listed to users.
pub const GAME_NAMES: &[&str] = &["sunrise", "sorcery", "nijar"];

/// Everything that fixes a game but the seed: the game, its seats, its card set (read and
/// validated once) and its options. Dealing many games from one `Setup` (random playouts,
/// arenas) parses nothing twice.
pub struct Setup {
    players: usize,
    kind: SetupKind,
}

enum SetupKind {
    Sunrise {
        cards: Option<Arc<CardSet>>,
    },
    Sorcery {
        cards: Option<Arc<sorcery::CardSet>>,
        config: SorceryConfig,
    },
    Nijar {
        cards: Option<Arc<nijar::CardSet>>,
        config: NijarConfig,
    },
}

/// Rejects every option a game does not take, naming the first one.
fn no_options(game: &str, options: &Options) -> EngineResult<()> {
    match options.keys().next() {
        Some(key) => Err(EngineError::Config(format!("{game} has no option {key:?}"))),
        None => Ok(()),
    }
}

impl Setup {
    /// Reads the game's name, card file (`None`: the default set) and options; a bad one is an
    /// error naming it. The player count is checked by dealing a first game.
    pub fn new(
        name: &str,
        players: usize,
        cards: Option<&str>,
        options: &Options,
    ) -> EngineResult<Self> {
        let setup = Self::parse(name, players, cards, options)?;
        setup.deal(0)?;
        Ok(setup)
    }

    /// `new` without the trial deal (the caller deals at once, which checks the same).
    fn parse(
        name: &str,
        players: usize,
        cards: Option<&str>,
        options: &Options,
    ) -> EngineResult<Self> {
        let kind = match name {
            "sunrise" => {
                no_options("Sunrise at the Studio", options)?;
                let cards = match cards {
                    Some(text) => Some(Arc::new(CardSet::from_toml(text)?)),
                    None => None,
                };
                SetupKind::Sunrise { cards }
            }
            "sorcery" => {
                let config = SorceryConfig::from_options(players, options)?;
                let cards = match cards {
                    Some(text) => Some(Arc::new(sorcery::CardSet::from_toml(text)?)),
                    None => None,
                };
                SetupKind::Sorcery { cards, config }
            }
            "nijar" => {
                let config = NijarConfig::from_options(players, options)?;
                let cards = match cards {
                    Some(text) => Some(Arc::new(nijar::CardSet::from_toml(text)?)),
                    None => None,
                };
                SetupKind::Nijar { cards, config }
            }
            other => {
                return Err(EngineError::Config(format!(
                    "unknown game {other:?}; this build knows: {}",
                    GAME_NAMES.join(", ")
                )))
            }
        };
        Ok(Self { players, kind })
    }

    /// A new game from `seed`.
    pub fn deal(&self, seed: u64) -> EngineResult<Game> {
        match &self.kind {
            SetupKind::Sunrise { cards } => Ok(Game::Sunrise(SunriseState::new_game(
                self.players,
                seed,
                cards.clone(),
            )?)),
            SetupKind::Sorcery { cards, config } => Ok(Game::Sorcery(SorceryState::new_game(
                *config,
                seed,
                cards.clone(),
            )?)),
            SetupKind::Nijar { cards, config } => Ok(Game::Nijar(NijarState::new_game(
                self.players,
                seed,
                cards.clone(),
                *config,
            )?)),
        }
    }

    /// Plays `games` uniformly random games (game `i` dealt from `seed + i`) and returns their
    /// final scores, `players` per game, in seat order. Once `stop` is set (by another
    /// thread) it returns early with the games finished so far.
    pub fn random_playout_scores(
        &self,
        games: usize,
        seed: u64,
        stop: &AtomicBool,
    ) -> EngineResult<Vec<i32>> {
        let mut out = Vec::with_capacity(games * self.players);
        for i in 0..games {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let game_seed = seed.wrapping_add(i as u64);
            let mut game = self.deal(game_seed)?;
            let mut rng = playout_rng(game_seed);
            dispatch!(&mut game, s => {
                play_random_to_end(s, &mut rng);
                out.extend(s.scores());
            });
        }
        Ok(out)
    }
}

impl Game {
    /// The short name of the game, as in `new_game(name, ...)` and the JSON `game` field.
    pub fn name(&self) -> &'static str {
        match self {
            Game::Sunrise(_) => "sunrise",
            Game::Sorcery(_) => "sorcery",
            Game::Nijar(_) => "nijar",
        }
    }

    /// A new game. `cards` is the TOML text of a card file, or `None` for the default set.
    pub fn new_game(
        name: &str,
        players: usize,
        seed: u64,
        cards: Option<&str>,
        options: &Options,
    ) -> EngineResult<Self> {
        Setup::parse(name, players, cards, options)?.deal(seed)
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
            "sorcery" => Ok(Game::Sorcery(SorceryState::from_json(text)?)),
            "nijar" => Ok(Game::Nijar(NijarState::from_json(text)?)),
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

impl From<SorceryState> for Game {
    fn from(state: SorceryState) -> Self {
        Game::Sorcery(state)
    }
}

impl From<NijarState> for Game {
    fn from(state: NijarState) -> Self {
        Game::Nijar(state)
    }
}
