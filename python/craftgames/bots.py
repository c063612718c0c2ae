"""Bots: anything that picks an action for the seat to act.

A bot is any object with ``step(state) -> int`` (the `Bot` protocol). `make_bot` builds one
from a seat spec as the CLI's ``--seat`` takes it: ``"random"`` here; other modules add kinds
with `register_bot` (e.g. ``"greedy"``, or ``"mcts:N"`` whose argument after the colon is
handed to the factory). ``"human"`` is not a bot: the CLI plays that seat itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, TypeAlias, runtime_checkable

from craftgames._core import State

__all__ = ["HUMAN", "Bot", "BotFactory", "RandomBot", "bot_kinds", "make_bot", "register_bot"]

HUMAN = "human"
"""The seat spec of a seat played by a person at the terminal (handled by the CLI)."""


@runtime_checkable
class Bot(Protocol):
    """Chooses an action for the seat to act in `state`; must not change `state`."""

    def step(self, state: State) -> int:
        """A legal action id for `state.current_player()`."""
        ...


class RandomBot:
    """Plays uniformly at random among the legal actions, from its own seeded stream."""

    def __init__(self, seed: int | None = None) -> None:
        """`seed` fixes the bot's choices; `None` seeds from the operating system."""
        self._rng = random.Random(seed)

    def step(self, state: State) -> int:
        """A uniformly random legal action."""
        return self._rng.choice(state.legal_actions())

    def __repr__(self) -> str:
        return "RandomBot()"


BotFactory: TypeAlias = Callable[[str | None, int, int], Bot]
"""Builds a bot from ``(argument, seat, seed)``; argument is the text after ``:`` or `None`."""

_FACTORIES: dict[str, BotFactory] = {}


def register_bot(kind: str, factory: BotFactory) -> None:
    """Makes ``--seat KIND`` / ``--seat KIND:ARG`` build bots with `factory`.

    This is the extension point for search bots (``greedy``, ``mcts:N``): their module calls
    ``register_bot("mcts", lambda arg, seat, seed: Mcts(int(arg or 1000), seed=seed))``.
    """
    if not kind or ":" in kind or kind == HUMAN:
        raise ValueError(f"cannot register a bot kind named {kind!r}")
    _FACTORIES[kind] = factory


def bot_kinds() -> list[str]:
    """The bot kinds `make_bot` accepts, sorted."""
    return sorted(_FACTORIES)


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the bot at `seat` in a game seeded `seed` (distinct per seat)."""
    return seed * 1_000_003 + seat


def make_bot(spec: str, seat: int, seed: int) -> Bot:
    """The bot for a seat spec such as ``"random"`` or ``"mcts:800"``.

    Raises `ValueError` naming the spec if its kind is unknown, or for ``"human"``, which the
    CLI plays itself.
    """
    kind, sep, arg = spec.partition(":")
    if kind == HUMAN:
        raise ValueError("'human' seats are played at the terminal, not by a bot")
    factory = _FACTORIES.get(kind)
    if factory is None:
        known = ", ".join([HUMAN, *bot_kinds()])
        raise ValueError(f"unknown seat kind {spec!r}; known kinds: {known}")
    return factory(arg if sep else None, seat, seat_seed(seed, seat))


def _random_bot(arg: str | None, seat: int, seed: int) -> Bot:
    if arg is not None:
        raise ValueError(f"'random' takes no argument, got 'random:{arg}'")
    return RandomBot(seed)


register_bot("random", _random_bot)
