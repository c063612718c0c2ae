"""craftgames: exact, fast rules engines for tabletop games, with a Rust core.

Each game is a deterministic state machine driven by integer actions, with an
OpenSpiel-style `State` API for play, search and learning::

    import craftgames

    state = craftgames.new_game("sunrise", players=3, seed=7)
    state.apply_action(state.legal_actions()[0])
"""

from __future__ import annotations

from typing import Final

from craftgames import _core, sunrise
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
    "sunrise",
]

TERMINAL: Final = -4
"""`State.current_player()` once the game is over (as in OpenSpiel)."""


def new_game(game: str, players: int, seed: int = 0, cards: CardsArg = None) -> State:
    """A new game of `game` (one of `GAMES`, e.g. ``"sunrise"``).

    Args:
        game: the game's name; an unknown name raises `ValueError`.
        players: number of seats; out of the game's range raises `ValueError`.
        seed: the seed of every shuffle and draw.
        cards: a card file (path or TOML text) replacing the default card set; a bad file
            raises `CardDataError`.
    """
    return _core.new_game(game, players, seed, card_text(cards))
