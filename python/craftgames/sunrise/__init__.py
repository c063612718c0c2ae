"""Sunrise at the Studio: 2 to 4 potters draft resources to complete pottery projects.

The rules are in the compiled core; this module is the typed entry point::

    from craftgames import sunrise

    state = sunrise.new_game(players=3, seed=7)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.explain_score(0))

The solo Friend mode is not in the rulebook and is not implemented.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from craftgames import _core
from craftgames._core import State
from craftgames.cards import CardsArg, card_text

__all__ = ["GAME", "MAX_PLAYERS", "MIN_PLAYERS", "cards", "new_game", "random_playouts"]

GAME = "sunrise"
"""The game's name for `craftgames.new_game` and in state and replay documents."""
MIN_PLAYERS = 2
"""Fewest seats of the multiplayer game."""
MAX_PLAYERS = 4
"""Most seats."""


def new_game(players: int = 2, seed: int = 0, cards: CardsArg = None) -> State:
    """A new game of Sunrise at the Studio.

    Args:
        players: number of seats, 2 to 4 (anything else raises `ValueError`).
        seed: the seed of every shuffle and draw; same seed and actions, same game.
        cards: a card file (path or TOML text) replacing the default card set; a bad file
            raises `CardDataError` naming the card and field.
    """
    return _core.new_game(GAME, players, seed, card_text(cards))


def random_playouts(games: int, seed: int, players: int = 4) -> npt.NDArray[np.int32]:
    """Plays `games` uniformly random games in Rust, with the GIL released.

    Game ``i`` is dealt and played from seed ``seed + i``. Returns the final scores as an
    int32 array of shape ``(games, players)``.
    """
    return _core.random_playouts(GAME, games, seed, players)


@lru_cache(maxsize=8)
def _catalogue(text: str | None) -> dict[str, Any]:
    return _core.card_catalogue(GAME, text)


def cards(cards: CardsArg = None) -> dict[str, Any]:
    """The card catalogue: every card of the set with its printed details, by id.

    An observation names cards by id (``state.observation(seat)["project_row"]`` is a list of
    project ids); this says what each card is. Keys: ``projects`` (the 30 projects, then the
    4 starting ones: ``name``, ``number``, ``type``, ``points``, ``beans``, ``icons``,
    ``clay``, ``glazes``, ``starting``), ``advantages`` (``name``, ``kind`` and the effect's
    numbers), ``challenges`` (``name``, ``kind``, ``count``, ``high``, ``low``) and
    ``resource_cards`` (``label``, ``kind``, ``resources``, ``min_players``); entry ``i`` of
    each list is card ``i``. It lists every card of the set, so it tells nothing hidden.

    Built once per card set and shared (the default set's is the very dict every observation
    holds under ``"cards"``): read it, do not modify it.

    Args:
        cards: a card file (path or TOML text); the default set when `None`. A bad file
            raises `CardDataError` naming the card and field.
    """
    return _catalogue(card_text(cards))
