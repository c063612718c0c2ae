"""Bots: anything that picks an action for the seat to act.

A bot is any object with ``step(state) -> int`` (the `Bot` protocol). `make_bot` builds one
from a seat spec as the CLI's ``--seat`` takes it: ``"random"``, ``"greedy"`` and
``"mcts"`` / ``"mcts:N"`` (N iterations a move) / ``"mcts:Tms"`` (T milliseconds of wall
time a move) / ``"mcts:N:OPTIONS"`` here, where OPTIONS
are ``key=value`` pairs separated by commas (``mcts:1000:reward=margin,c=0.5``; see
`parse_mcts_spec`); other modules add kinds with `register_bot`. ``"human"`` is not a bot:
the CLI plays that seat itself.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, Protocol, TypeAlias, runtime_checkable

from craftgames import _core, mcts
from craftgames._core import State

__all__ = [
    "HUMAN",
    "MAX_ITERATIONS",
    "Bot",
    "BotFactory",
    "GreedyBot",
    "MCTSBot",
    "RandomBot",
    "bot_kinds",
    "make_bot",
    "parse_mcts_spec",
    "register_bot",
]

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


MAX_ITERATIONS = (1 << 64) - 1
"""The largest search budget (iterations or milliseconds) the core counts."""

_SEED_SPACE = 1 << 64
"""Per-move seeds handed to the core are drawn from ``range(2**64)``."""


class GreedyBot:
    """One-ply greedy: the action after which its seat leads the best other seat by the most
    on the game's heuristic (for Sunrise, the running score). It looks ahead on a redraw of
    what it cannot see, never on the real hidden cards; ties are broken by its seed."""

    def __init__(self, seed: int | None = None) -> None:
        """`seed` fixes the bot's choices; `None` seeds from the operating system."""
        self._rng = random.Random(seed)

    def step(self, state: State) -> int:
        """The greedy action for the seat to act."""
        return _core.greedy_action(state, self._rng.randrange(_SEED_SPACE))

    def __repr__(self) -> str:
        return "GreedyBot()"


class MCTSBot:
    """Information-set MCTS (`craftgames.mcts.search`) with a fixed budget a move.

    Each move searches with a fresh seed drawn from the bot's own stream, so a game between
    seeded bots with an iteration budget replays exactly. A forced move (one legal action) is
    played without searching.
    """

    def __init__(
        self,
        iterations: int | None = 1000,
        seed: int | None = None,
        *,
        time_ms: int | None = None,
        threads: int = 1,
        exploration: float = mcts.DEFAULT_EXPLORATION,
        rollout: str = mcts.DEFAULT_ROLLOUT,
        reward: mcts.Reward = mcts.DEFAULT_REWARD,
        tree: mcts.Tree = mcts.DEFAULT_TREE,
        choose: mcts.Choose = mcts.DEFAULT_CHOOSE,
    ) -> None:
        """`iterations` and/or `time_ms` bound each search; the rest as in `mcts.search`."""
        if iterations is None and time_ms is None:
            raise ValueError("MCTSBot needs iterations, time_ms, or both")
        if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError(f"MCTSBot iterations must be from 1 to 2**64 - 1, not {iterations}")
        if time_ms is not None and not 0 <= time_ms <= MAX_ITERATIONS:
            raise ValueError(f"MCTSBot time_ms must be from 0 to 2**64 - 1, not {time_ms}")
        self.iterations = iterations
        self.time_ms = time_ms
        self.threads = threads
        self.exploration = exploration
        self.rollout = rollout
        self.reward: mcts.Reward = reward
        self.tree: mcts.Tree = tree
        self.choose: mcts.Choose = choose
        self._rng = random.Random(seed)
        self.last_result: mcts.SearchResult | None = None
        """The search behind the last move; `None` if it was forced or none was made yet."""

    def step(self, state: State) -> int:
        """The action a fresh search from `state` chooses."""
        seed = self._rng.randrange(_SEED_SPACE)
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_result = None
            return legal[0]
        self.last_result = mcts.search(
            state,
            iterations=self.iterations,
            time_ms=self.time_ms,
            threads=self.threads,
            seed=seed,
            exploration=self.exploration,
            rollout=self.rollout,
            reward=self.reward,
            tree=self.tree,
            choose=self.choose,
        )
        return self.last_result.action

    def reason(self) -> str | None:
        """Why the last move was made, in a few words (its share of the search's visits)."""
        r = self.last_result
        if r is None:
            return None
        return f"{r.visit_share(r.action):.0%} of {r.iterations} simulations"

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations else f"time_ms={self.time_ms}"
        return f"MCTSBot({budget})"


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


def _greedy_bot(arg: str | None, seat: int, seed: int) -> Bot:
    if arg is not None:
        raise ValueError(f"'greedy' takes no argument, got 'greedy:{arg}'")
    return GreedyBot(seed)


_MCTS_CHOICES: dict[str, tuple[str, ...]] = {
    "reward": ("rank", "win", "margin"),
    "tree": ("history", "infoset"),
    "choose": ("visits", "mean"),
}
"""The MCTS spec options that take one of a few names, with those names."""

_MCTS_OPTION_NAMES = ("c", "reward", "rollout", "tree", "choose", "threads")


def _rollout_ok(value: str) -> bool:
    if value in ("random", "greedy"):
        return True
    head, sep, eps = value.partition(":")
    if head != "greedy" or not sep:
        return False
    try:
        return 0.0 <= float(eps) <= 1.0
    except ValueError:
        return False


def parse_mcts_spec(arg: str | None) -> tuple[int | None, dict[str, Any]]:
    """The iterations and `MCTSBot` keyword options of the text after ``mcts:``.

    ``None`` or ``""`` → the default budget, default options; ``"800"`` → 800 iterations;
    ``"250ms"`` → no iteration bound and ``time_ms=250`` among the options;
    ``"800:reward=margin,c=0.5"`` or
    ``"reward=margin"`` → options too. The options are
    ``c`` (the exploration constant, a number ≥ 0), ``reward`` (rank, win, margin),
    ``rollout`` (random, greedy, greedy:EPS), ``tree`` (history, infoset), ``choose``
    (visits, mean) and ``threads`` (a positive integer). Raises `ValueError` naming the
    option or the budget that is wrong.
    """
    budget, options = "", ""
    if arg:
        head, _, tail = arg.partition(":")
        if "=" in head:
            options = arg
        else:
            budget, options = head, tail
    iterations: int | None = DEFAULT_MCTS_ITERATIONS
    kwargs: dict[str, Any] = {}
    if budget.endswith("ms"):
        digits = budget.removesuffix("ms")
        if not (digits.isascii() and digits.isdigit()) or not 1 <= int(digits) <= MAX_ITERATIONS:
            raise ValueError(
                f"'mcts:Tms' takes a positive number of milliseconds (at most 2**64 - 1), got "
                f"'mcts:{arg}'"
            )
        iterations, kwargs["time_ms"] = None, int(digits)
    elif budget:
        try:
            iterations = int(budget)
        except ValueError:
            iterations = 0
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError(
                f"'mcts:N' takes a positive number of iterations (at most 2**64 - 1), got "
                f"'mcts:{arg}'"
            )
    for item in filter(None, options.split(",")):
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or key not in _MCTS_OPTION_NAMES:
            known = ", ".join(_MCTS_OPTION_NAMES)
            raise ValueError(f"unknown MCTS option {item!r} in 'mcts:{arg}'; options: {known}")
        name = "exploration" if key == "c" else key
        if name in kwargs:
            raise ValueError(f"MCTS option {key!r} is given twice in 'mcts:{arg}'")
        if key == "c":
            try:
                c = float(value)
            except ValueError:
                c = math.nan
            if not (math.isfinite(c) and c >= 0):
                raise ValueError(f"MCTS option c must be a number ≥ 0, not {value!r}")
            kwargs[name] = c
        elif key == "threads":
            if not value.isdigit() or int(value) < 1:
                raise ValueError(f"MCTS option threads must be a positive integer, not {value!r}")
            kwargs[name] = int(value)
        elif key == "rollout":
            if not _rollout_ok(value):
                raise ValueError(
                    f"MCTS option rollout must be random, greedy or greedy:EPS with EPS in "
                    f"[0, 1], not {value!r}"
                )
            kwargs[name] = value
        else:
            allowed = _MCTS_CHOICES[key]
            if value not in allowed:
                raise ValueError(
                    f"MCTS option {key} must be one of {', '.join(allowed)}, not {value!r}"
                )
            kwargs[name] = value
    return iterations, kwargs


DEFAULT_MCTS_ITERATIONS = 1000
"""Iterations a move of a plain ``mcts`` seat."""


def _mcts_bot(arg: str | None, seat: int, seed: int) -> Bot:
    iterations, options = parse_mcts_spec(arg)
    return MCTSBot(iterations, seed=seed, **options)


register_bot("greedy", _greedy_bot)
register_bot("mcts", _mcts_bot)
