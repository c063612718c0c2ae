"""Níjar: 2 to 4 pottery workshops of Níjar shape, fire, paint and sell ceramics.

The rules are in the compiled core; this module is the typed entry point::

    from craftgames import nijar

    state = nijar.new_game(players=3, seed=7)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.explain_score(0))

The board and the cards are authored data (``rust/core/data/nijar.toml``, replaceable by a
file of the same schema through ``cards=``). ``players=1`` is the solo game against the
Competition (rulebook section 12) at ``difficulty`` ``"normal"`` (default), ``"advanced"`` or
``"expert"``: the Competition moves by itself inside `State.apply_action`, so the player is
the only seat. In solo, ``scores()`` and ``returns()`` hold the player's score alone;
``explain_score(0)`` ends with a line (0 points) giving the Competition's score and who wins;
the player wins by scoring more than the Competition.

``state.observation(seat)`` names every card by its catalogue id and carries beside it only
what changes in play (a wheel's space and vase, a cleanup card's cracks, the piece on a
glazing workshop or in a kiln); what each card is — name, type, face, cost, a wheel's spaces,
an esparto card's rewards… — is in the card catalogue, `cards()`, which the observation also
holds under ``"cards"`` (built once per card set and shared: read it, do not modify it).
`spelled_out(observation)` puts the two together, each card's dict beside its state, as the
board reads it. The shape is in ``docs/games/nijar.md``.

``state.observation_tensor(seat)`` has one length for every player count and option (4,118
floats) and encodes everything the seat may see and nothing else: a global block (phase,
pending decisions, action tiles and bonus tiles, craftswomen per space and owner, the
market's demand, heights and dice, the draft area by card id per space, donkeys, the two
turn-order tracks, the starting combinations, the supply, and the Competition's visible
side in solo), then one block per seat starting with the viewer and going clockwise (every
workshop card by id with its vase, cracks or piece, resources, pieces, the hand as counts
by cardback plus the ids this seat knows, face-down endgame cards it knows), then the cards
the viewer knows are in the box or a deck and the viewer's own pending 10.2 endgame-card
choice (hidden from the others until every seat has chosen). Card ids are those of
`State.observation`; the exact layout is documented in ``rust/core/src/nijar/tensor.rs``.
"""

from __future__ import annotations

import argparse
import json
from functools import lru_cache
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from craftgames import _core
from craftgames._core import State
from craftgames.cards import CardsArg, card_text
from craftgames.nijar.spelled import PRINTED_ESPARTO, spelled_out

__all__ = [
    "DIFFICULTIES",
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PRINTED_ESPARTO",
    "add_cli_arguments",
    "cards",
    "new_game",
    "options_from_cli",
    "random_playouts",
    "spelled_out",
]

GAME = "nijar"
"""The game's name for `craftgames.new_game` and in state and replay documents."""
MIN_PLAYERS = 1
"""Fewest seats: 1 is the solo game against the Competition."""
MAX_PLAYERS = 4
"""Most seats."""
DIFFICULTIES = ("normal", "advanced", "expert")
"""The solo difficulty levels of rulebook section 12.10."""

Difficulty = Literal["normal", "advanced", "expert"]


def _options(first_game_layout: bool, difficulty: Difficulty | None) -> dict[str, object]:
    options: dict[str, object] = {}
    if first_game_layout:
        options["first_game_layout"] = True
    if difficulty is not None:
        options["difficulty"] = difficulty
    return options


def new_game(
    players: int = 2,
    seed: int = 0,
    *,
    first_game_layout: bool = False,
    difficulty: Difficulty | None = None,
    cards: CardsArg = None,
) -> State:
    """A new game of Níjar.

    Args:
        players: number of seats, 1 (solo against the Competition) to 4 (anything else
            raises `ValueError`).
        seed: the seed of every shuffle, draw and die; same seed and actions, same game.
        first_game_layout: place the action tiles as the rulebook's first-game illustration
            (4.1.1) instead of at random.
        difficulty: the solo difficulty, ``"normal"`` when omitted (solo only; raises
            `ValueError` with 2-4 players).
        cards: a data file (path or TOML text) replacing the authored board and card data;
            a bad file raises `CardDataError` naming the card, field and line.
    """
    options = _options(first_game_layout, difficulty)
    return _core.new_game(
        GAME, players, seed, card_text(cards), json.dumps(options) if options else None
    )


def random_playouts(
    games: int, seed: int, players: int = 4, *, first_game_layout: bool = False
) -> npt.NDArray[np.int32]:
    """Plays `games` uniformly random games in Rust, with the GIL released.

    Game ``i`` is dealt and played from seed ``seed + i``. Returns the final scores as an
    int32 array of shape ``(games, players)``.
    """
    options = _options(first_game_layout, None)
    return _core.random_playouts(
        GAME, games, seed, players, None, json.dumps(options) if options else None
    )


@lru_cache(maxsize=8)
def _catalogue(text: str | None) -> dict[str, Any]:
    return _core.card_catalogue(GAME, text)


def cards(cards: CardsArg = None) -> dict[str, Any]:
    """The card catalogue: every card of the set with its printed parts, by catalogue id.

    An observation names cards by id (``state.observation(seat)["draft"]`` is a list of card
    ids, a seat's ``workshop`` a list of ``{"card": id, ...}``); this says what each card is.
    Keys: ``cards`` (entry ``i`` is card ``i``: the 80 game cards 0-79, the 12 endgame
    scoring cards 80-91, Starting Wheels A-E 92-96, the printed esparto card 97, the
    Starting Cleanup, Glazing Workshop, Glaze Kiln and Firing Kiln 98-101; each with ``id``,
    ``name``, ``type``, ``face``, ``starting`` and its type's parts: ``cost``, a wheel's
    ``spaces``, ``vp`` and ``finish_vp``, an esparto card's ``rewards`` and ``design``, a
    cleanup card's ``crack_spaces`` and ``reward``, a glazing workshop's ``paint``, a
    building's ``sides``), ``starting_resources`` (``clay``, ``pg``, ``glaze``, ``cracks``:
    what a starting combination's ``resources`` index gives) and ``competition`` (the solo
    game's Competition cards, which its ``revealed`` list names by index: ``name``,
    ``face``, ``space``, ``donkey`` and ``back``). It lists every card of the set, so it
    tells nothing hidden.

    Built once per card set and shared (the default set's is the very dict every observation
    holds under ``"cards"``): read it, do not modify it.

    Args:
        cards: a card file (path or TOML text); the default set when `None`. A bad file
            raises `CardDataError` naming the card, field and line.
    """
    return _catalogue(card_text(cards))


def add_cli_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds Níjar's command-line flags (``--first-game-layout``, ``--difficulty``)."""
    parser.add_argument(
        "--first-game-layout",
        action="store_true",
        help="place the action tiles as in the rulebook's first-game illustration",
    )
    parser.add_argument(
        "--difficulty",
        choices=DIFFICULTIES,
        default=None,
        help="solo difficulty (one player only)",
    )


def options_from_cli(args: argparse.Namespace) -> dict[str, object]:
    """The `new_game` options the flags of `add_cli_arguments` ask for."""
    return _options(
        bool(getattr(args, "first_game_layout", False)), getattr(args, "difficulty", None)
    )
