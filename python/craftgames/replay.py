"""Replays: a game's config, seed, seats and actions as a small JSON file.

``{"game": "sunrise", "players": 3, "seed": 7, "actions": [12, 40, ...], "cards": null,
"options": {}, "seats": ["human", "greedy", "mcts:300"]}``

With the same build, replaying the actions from the seed gives the same game bit for bit.
``cards`` holds the TOML text of a user's card set, or is absent/``null`` for the default set;
``options`` the game's options (as for `craftgames.new_game`); ``seats`` who played each seat
(``human`` or a bot spec), so ``craftgames play --resume`` can go on with the same seats.
Files written before ``options`` and ``seats`` existed are read as having none.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from craftgames import atomic, new_game
from craftgames._core import IllegalActionError, State

__all__ = ["VERSION", "Replay", "ReplayError", "load_replay"]


VERSION = 1
"""The replay format this build writes and reads. Files carry no ``version`` field while it
is 1; a later format will write one, and this build refuses any ``version`` other than 1."""


class ReplayError(ValueError):
    """A replay file that cannot be read or replayed; the message says why."""


_KIND_NAMES = {str: "a string", int: "an integer", list: "a list"}


@dataclass(frozen=True)
class Replay:
    """A game's config, seed and the actions played."""

    game: str
    players: int
    seed: int
    actions: list[int] = field(default_factory=list)
    cards: str | None = None
    options: dict[str, object] = field(default_factory=dict)
    seats: list[str] | None = None

    def to_json(self) -> str:
        """The replay document."""
        doc: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "actions": self.actions,
        }
        if self.cards is not None:
            doc["cards"] = self.cards
        if self.options:
            doc["options"] = self.options
        if self.seats is not None:
            doc["seats"] = self.seats
        return json.dumps(doc)

    @staticmethod
    def from_json(text: str) -> Replay:
        """Reads a replay document; raises `ReplayError` naming what is wrong."""
        try:
            doc = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as e:
            raise ReplayError(f"not a JSON document ({e})") from None
        if not isinstance(doc, dict):
            raise ReplayError("a replay is a JSON object with game, players, seed and actions")
        version = doc.get("version", VERSION)
        if version != VERSION or isinstance(version, bool):
            raise ReplayError(
                f"the replay's version is {version!r}; this craftgames reads version {VERSION} "
                "(files without a version are version 1)"
            )
        for key, kind in (("game", str), ("players", int), ("seed", int), ("actions", list)):
            value = doc.get(key)
            if value is None:
                raise ReplayError(f"the replay has no {key!r} field")
            if not isinstance(value, kind) or isinstance(value, bool):
                raise ReplayError(f"the replay's {key!r} field must be {_KIND_NAMES[kind]}")
        actions = doc["actions"]
        for i, a in enumerate(actions):
            if not isinstance(a, int) or isinstance(a, bool):
                raise ReplayError(f"action #{i + 1} in the replay is not an integer: {a!r}")
        cards = doc.get("cards")
        if cards is not None and not isinstance(cards, str):
            raise ReplayError("the replay's 'cards' field must be the card file's TOML text")
        options = doc.get("options") or {}
        if not isinstance(options, dict):
            raise ReplayError("the replay's 'options' field must be a JSON object")
        seats = doc.get("seats")
        if seats is not None and (
            not isinstance(seats, list)
            or not all(isinstance(x, str) for x in seats)
            or len(seats) != doc["players"]
        ):
            raise ReplayError(
                "the replay's 'seats' field must list one seat spec (such as 'human' or "
                "'greedy') per player"
            )
        return Replay(
            doc["game"], doc["players"], doc["seed"], list(actions), cards, dict(options), seats
        )

    def new_game(self) -> State:
        """The game before any action (raises `ValueError` for a bad config or card set)."""
        return new_game(self.game, self.players, self.seed, self.cards, **self.options)

    def play(self) -> State:
        """Replays every action; an illegal one raises `ReplayError` naming it."""
        state = self.new_game()
        for i, a in enumerate(self.actions):
            try:
                state.apply_action(a)
            except IllegalActionError as e:
                raise ReplayError(f"action #{i + 1} ({a}) is illegal: {e}") from None
        return state

    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes the replay document to `path`, atomically: a kill while saving leaves the
        old file whole (see `craftgames.atomic`)."""
        atomic.write_text(path, self.to_json() + "\n")


def load_replay(path: str | os.PathLike[str]) -> Replay:
    """Reads a replay file; raises `OSError` if it cannot be read, `ReplayError` if invalid."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ReplayError("not a text file") from None
    return Replay.from_json(text)
