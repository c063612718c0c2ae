"""craftgames: exact, fast rules engines for tabletop games, with a Rust core.

Each game is a deterministic state machine driven by integer actions, with an
OpenSpiel-style `State` API for play, search and learning::

    import craftgames

    state = craftgames.new_game("sunrise", players=3, seed=7)
    state.apply_action(state.legal_actions()[0])
"""

from __future__ import annotations

import json
from typing import Final

import numpy as np
import numpy.typing as npt

from craftgames import _core, nijar, sorcery, sunrise
from craftgames._core import (
    GAMES,
    CardDataError,
    IllegalActionError,
    InvalidStateError,
    ScoreBreakdown,
    ScoreLine,
    State,
    __version__,
)
from craftgames.cards import CardsArg, card_text

__all__ = [
    "DEFAULT_PLAYERS",
    "DEFAULT_SEED",
    "GAMES",
    "TERMINAL",
    "CardDataError",
    "IllegalActionError",
    "InvalidStateError",
    "ScoreBreakdown",
    "ScoreLine",
    "State",
    "__version__",
    "new_game",
    "nijar",
    "random_playouts",
    "sorcery",
    "sunrise",
]

TERMINAL: Final = -4
"""`State.current_player()` once the game is over (as in OpenSpiel)."""


def _options_text(options: dict[str, object]) -> str | None:
    return json.dumps(options) if options else None


DEFAULT_PLAYERS: Final = 2
"""The seats every ``new_game`` deals when none are given: the smallest table all games seat."""
DEFAULT_SEED: Final = 0
"""The seed every ``new_game`` deals from when none is given."""


def new_game(
    game: str,
    players: int = DEFAULT_PLAYERS,
    seed: int = DEFAULT_SEED,
    cards: CardsArg = None,
    **options: object,
) -> State:
    """A new game of `game` (one of `GAMES`, e.g. ``"sunrise"``). Every ``new_game`` of the
    package (this one and each game module's) defaults to 2 players and seed 0.

    Args:
        game: the game's name; an unknown name raises `ValueError`.
        players: number of seats; out of the game's range raises `ValueError`.
        seed: the seed of every shuffle and draw.
        cards: a card set replacing the default one: a `pathlib.Path` or the name of an
            existing file is read, any other string is the TOML text itself (see
            `craftgames.cards`); a bad one raises `CardDataError`.
        **options: the game's own options (see each game's module, e.g.
            `craftgames.sunrise.new_game`); one the game does not take raises `ValueError`
            naming it.
    """
    return _core.new_game(game, players, seed, card_text(cards), _options_text(options))


def random_playouts(
    game: str,
    games: int,
    seed: int = 0,
    players: int = 4,
    cards: CardsArg = None,
    **options: object,
) -> npt.NDArray[np.int32]:
    """Plays `games` uniformly random games of `game` in Rust, with the GIL released.

    Game ``i`` is dealt from seed ``seed + i`` with the given players, cards and options.
    Returns the final scores as an int32 array of shape ``(games, players)``.
    """
    return _core.random_playouts(
        game, games, seed, players, card_text(cards), _options_text(options)
    )
