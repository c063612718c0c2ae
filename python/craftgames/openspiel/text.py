"""The text form of craftgames states inside OpenSpiel, read without pickle.

OpenSpiel serializes a Python game's state as its C++ history and a base64 *pickle* of the
state's ``__dict__``, and its ``deserialize_state`` unpickles whatever text it is handed: a
crafted string runs code before anything checks it. craftgames states are therefore written
and read here as the engine's own validated JSON document, and nothing on a path that reads
text a user can hand in unpickles or evaluates it.

The text of one state is one line of JSON::

    {"craftgames_openspiel_state": 2, "history": [[-1, 7], ..., [0, 12], ...],
     "deal": [7, ...], "recall": [["...", ...], ...], "document": {...}}

``document`` is the engine's state document (`State.to_json`, validated by `State.from_json`
on the way back; null while the deal is under way); ``history`` is OpenSpiel's record of the
moves, ``[mover, action]`` each (``state.full_history()``), which OpenSpiel keeps in C++ beside
the engine's own; ``deal`` is the deal's chance outcomes and ``recall`` each later move as each
seat, then a spectator, read it (`craftgames.openspiel.state`). A game and its state
(``serialize_game_and_state``) use OpenSpiel's own ``[Meta]`` / ``[Game]`` / ``[State]``
sections around that line.

`install` puts craftgames-aware versions of ``pyspiel.serialize_game_and_state``,
``pyspiel.deserialize_game_and_state`` and ``pyspiel.load_game`` in the ``pyspiel`` module:
for every other game they call OpenSpiel's own functions unchanged; for a craftgames game they
use the text above, refuse OpenSpiel's pickle form, and check the game parameters before
OpenSpiel casts them (its parameters are 32-bit C++ ints). OpenSpiel's own C++ code paths that
serialize and read back their own output (``random_sim_test(serialize=True)``, pickling a
state) are left as they are: they never read a user's text, and a pickle is never safe to load
from an untrusted source, for any Python object.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import pyspiel

from craftgames._core import InvalidStateError, State

__all__ = [
    "FORMAT_KEY",
    "FORMAT_VERSION",
    "GameShape",
    "Parsed",
    "check_parameters",
    "install",
    "read",
    "write",
]

FORMAT_KEY: Final = "craftgames_openspiel_state"
"""The key that marks a craftgames state's text (its value is the format's version)."""
FORMAT_VERSION: Final = 2
"""Version 1 (the first) had neither the deal nor the seats' readings of the moves."""
PREFIX: Final = "craftgames_"
"""OpenSpiel short names of craftgames games start with this."""

_INT_RANGE: Final = range(-(2**31), 2**31)
"""OpenSpiel passes integer game parameters as C++ ``int``."""
_PICKLE_FORM_START: Final = "history="
"""How OpenSpiel's generic Python-state text (history, move number, pickle) begins."""
_SECTION_META, _SECTION_GAME, _SECTION_STATE = "[Meta]", "[Game]", "[State]"


@dataclass(frozen=True)
class Parsed:
    """What a state's text holds besides OpenSpiel's history."""

    state: State | None
    """The engine state (None while the deal's chance nodes are under way)."""
    deal: tuple[int, ...]
    """The deal's chance outcomes drawn so far (none for a game of one deal)."""
    recall: list[tuple[str, ...]]
    """Each move after the deal as each seat read it, then as a spectator did."""


def write(parsed: Parsed, history: list[tuple[int, int]]) -> str:
    """The text of a state (see the module docstring)."""
    document = None if parsed.state is None else json.loads(parsed.state.to_json())
    return json.dumps(
        {
            FORMAT_KEY: FORMAT_VERSION,
            "history": history,
            "deal": list(parsed.deal),
            "recall": parsed.recall,
            "document": document,
        },
        separators=(",", ":"),
    )


def read(text: str, game: GameShape) -> tuple[Parsed, list[tuple[int, int]]]:
    """The state and OpenSpiel's history of it read from `text` (see `write`), checked against
    `game`; anything else raises `InvalidStateError` naming the problem, and nothing in the
    text is executed."""
    outer = _outer(text)
    deal = outer["deal"]
    if not (
        isinstance(deal, list)
        and len(deal) <= game.deal_steps
        and all(type(b) is int and 0 <= b < game.deal_outcomes for b in deal)
    ):
        raise InvalidStateError(
            f"'deal' must list at most {game.deal_steps} chance outcomes, "
            f"each 0 to {game.deal_outcomes - 1}"
        )
    dealt = len(deal) == game.deal_steps
    document = outer["document"]
    if dealt != isinstance(document, dict):
        raise InvalidStateError(
            "'document' must be the engine's state document once the deal is done, and null before"
        )
    state = State.from_json(json.dumps(document)) if dealt else None
    history = _history(outer["history"], game)
    chance, moves = history[: len(deal)], history[len(deal) :]
    if chance != [(game.chance, byte) for byte in deal]:
        raise InvalidStateError("'history' must begin with the deal's chance outcomes")
    if any(mover == game.chance for mover, _ in moves):
        raise InvalidStateError("'history' has a chance move after the deal")
    # The engine keeps the moves of a played state; a determinization (resample_hidden)
    # starts its own history afresh, so only a non-empty one is compared.
    if state is not None and state.history() and [a for _, a in moves] != state.history():
        raise InvalidStateError("'history' lists other moves than the document's history")
    recall = _recall(outer["recall"], len(moves), game.num_players)
    return Parsed(state, tuple(deal), recall), history


@dataclass(frozen=True)
class GameShape:
    """What a state's text is checked against."""

    num_players: int
    num_actions: int
    deal_steps: int
    deal_outcomes: int
    chance: int
    """OpenSpiel's chance player id (the mover of a deal's outcomes)."""


def _outer(text: Any) -> dict[str, Any]:
    if not isinstance(text, str):
        raise InvalidStateError(f"a craftgames state's text must be a str, not {type(text)}")
    if text.startswith(_PICKLE_FORM_START):
        raise InvalidStateError(
            "this is OpenSpiel's pickle form of a Python state, which craftgames never loads "
            "(unpickling text can run code); craftgames states serialize as JSON documents"
        )
    try:
        outer = json.loads(text)
    except RecursionError:
        raise InvalidStateError("a craftgames state's text is nested too deeply") from None
    except json.JSONDecodeError as error:
        raise InvalidStateError(f"a craftgames state's text is not JSON: {error}") from None
    if not isinstance(outer, dict) or outer.get(FORMAT_KEY) != FORMAT_VERSION:
        raise InvalidStateError(
            f"a craftgames state's text is a JSON object with {FORMAT_KEY!r}: {FORMAT_VERSION}"
        )
    keys = {FORMAT_KEY, "history", "deal", "recall", "document"}
    if set(outer) != keys:
        raise InvalidStateError(
            f"a craftgames state's text has the keys {sorted(keys)}, not {sorted(outer)}"
        )
    return outer


def _history(value: Any, game: GameShape) -> list[tuple[int, int]]:
    """OpenSpiel's history as [mover, action] pairs, each checked."""
    if not isinstance(value, list):
        raise InvalidStateError("'history' must be a list of [seat, action] pairs")
    history = []
    for step in value:
        if not (
            isinstance(step, list)
            and len(step) == 2
            and all(type(x) is int for x in step)
            and (0 <= step[0] < game.num_players or step[0] == game.chance)
            and 0 <= step[1] < max(game.num_actions, game.deal_outcomes)
        ):
            raise InvalidStateError(
                f"'history' entry {step!r} is not [seat 0 to {game.num_players - 1} (or "
                f"{game.chance} for chance), action 0 to {game.num_actions - 1}]"
            )
        history.append((step[0], step[1]))
    return history


def _recall(value: Any, moves: int, num_players: int) -> list[tuple[str, ...]]:
    """Each move's sentences: one per seat and the spectator's."""
    if not (
        isinstance(value, list)
        and len(value) == moves
        and all(
            isinstance(lines, list)
            and len(lines) == num_players + 1
            and all(isinstance(line, str) for line in lines)
            for lines in value
        )
    ):
        raise InvalidStateError(
            f"'recall' must hold, for each of the {moves} moves after the deal, "
            f"{num_players + 1} sentences (one per seat, then the spectator's)"
        )
    return [tuple(lines) for lines in value]


def check_parameters(name: str, params: dict[str, Any]) -> None:
    """Refuses, naming it, an integer parameter of a craftgames game that OpenSpiel cannot
    pass on (it casts them to 32-bit ``int`` and would fail with "Unable to cast")."""
    for key, value in params.items():
        if isinstance(value, int) and not isinstance(value, bool) and value not in _INT_RANGE:
            raise ValueError(
                f"{name}: parameter {key}={value} does not fit OpenSpiel's game parameters, "
                f"which are 32-bit ints ({_INT_RANGE.start} to {_INT_RANGE.stop - 1})"
            )


def _sections(text: str) -> tuple[str, str]:
    """The [Game] and [State] sections of OpenSpiel's game-and-state text, read line by line
    exactly as OpenSpiel's ``DeserializeGameAndState`` reads them."""
    sections = {_SECTION_META: "", _SECTION_GAME: "", _SECTION_STATE: ""}
    order = iter((_SECTION_META, _SECTION_GAME, _SECTION_STATE))
    current: str | None = None
    for line in text.split("\n"):
        if not line or line.startswith("#"):
            continue
        if line in sections:
            if line != next(order, None):
                raise InvalidStateError(f"section {line} is out of order")
            current = line
        elif current is None:
            raise InvalidStateError("text before the [Meta] section")
        else:
            sections[current] += line + "\n"
    return sections[_SECTION_GAME].removesuffix("\n"), sections[_SECTION_STATE].removesuffix("\n")


def install(is_craftgames_game: Callable[[Any], bool]) -> None:
    """Puts the craftgames-aware serialization functions in ``pyspiel`` (once);
    `is_craftgames_game` tells a craftgames game object from another."""
    if getattr(pyspiel.deserialize_game_and_state, "_craftgames", False):
        return
    serialize_original = pyspiel.serialize_game_and_state
    deserialize_original = pyspiel.deserialize_game_and_state
    load_original = pyspiel.load_game

    def serialize_game_and_state(game: Any, state: Any) -> str:
        if not is_craftgames_game(game):
            return str(serialize_original(game, state))
        lines = ["# Written by craftgames (no pickle)", _SECTION_META, "Version: 1", ""]
        lines += [_SECTION_GAME, str(game.serialize()), _SECTION_STATE, str(state.serialize())]
        return "\n".join(lines) + "\n"

    def deserialize_game_and_state(text: str) -> tuple[Any, Any]:
        # Every path by which OpenSpiel could reach a craftgames game's C++ deserializer (and
        # its unpickling) names the game in the text, so any text that names none is
        # OpenSpiel's business and any that does is read here.
        if not isinstance(text, str) or PREFIX not in text:
            game, state = deserialize_original(text)
            return game, state
        game_string, state_text = _sections(text)
        game = load_game(game_string)
        if not is_craftgames_game(game):
            raise InvalidStateError(
                f"{game_string!r} wraps a craftgames game in another; craftgames states are "
                "read only as states of a craftgames game"
            )
        return game, game.deserialize_state(state_text)

    def load_game(name: Any, params: Any = None) -> Any:
        if isinstance(name, str) and name.startswith(PREFIX) and isinstance(params, dict):
            check_parameters(name, params)
        return load_original(name) if params is None else load_original(name, params)

    functions: list[Any] = [serialize_game_and_state, deserialize_game_and_state, load_game]
    for function in functions:
        function._craftgames = True
        function.__doc__ = f"OpenSpiel's {function.__name__}, craftgames-aware (no pickle)."
    pyspiel.serialize_game_and_state = serialize_game_and_state
    pyspiel.deserialize_game_and_state = deserialize_game_and_state
    pyspiel.load_game = load_game
