"""Information-set Monte Carlo tree search, run in the Rust core with the GIL released.

Works for every game through the engine contract alone::

    import craftgames
    from craftgames import mcts

    state = craftgames.new_game("sunrise", players=2, seed=1)
    result = mcts.search(state, iterations=2000, seed=7)
    state.apply_action(result.action)

Each iteration redraws what the searching seat cannot see (`State.resample_hidden`), so the
decision depends only on that seat's information: two states it cannot tell apart get the
same answer for the same seed. With an iteration budget the result is reproducible for a
given seed and thread count; a time budget (`time_ms`) is not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from craftgames import _core
from craftgames._core import State

__all__ = [
    "DEFAULT_CHOOSE",
    "DEFAULT_EXPLORATION",
    "DEFAULT_REWARD",
    "DEFAULT_ROLLOUT",
    "DEFAULT_TREE",
    "ActionStats",
    "Choose",
    "Reward",
    "SearchResult",
    "Tree",
    "search",
]

_SEED_MODULUS = 1 << 64
"""Seeds are taken modulo 2**64 (the core's seed width), so any int is accepted."""

DEFAULT_EXPLORATION = 0.25
"""The UCB1 exploration constant used by default (rewards lie in [0, 1]). Every default here
won the search tournament (``benches/search_tournament.py``; the README shows the tables)."""

Reward = Literal["rank", "win", "margin"]
"""What a simulated game is worth to a seat: final place (1 first … 0 last, ties shared), a
win (1, split on a shared first place), or the score margin over the best other seat scaled
into [0, 1]. In a one-seat game against a built-in opponent or a grade table, every kind
rewards the game's solo margin (the player's result minus the target): rank and win give 1 for
a positive margin, margin scales it into [0, 1] as between seats, so search plays to beat the
opponent by as much as it can."""

Tree = Literal["history", "infoset"]
"""What a tree node stands for: the action history from the root (fast), or the acting seat's
information state (sound for secret simultaneous choices, but it builds a string a step)."""

Choose = Literal["visits", "mean"]
"""How the move is picked once the search ends: the most-visited root action, or the best mean
reward for the searcher among the root actions with at least half the top visit count."""

DEFAULT_REWARD: Reward = "margin"
"""The reward used by default."""

DEFAULT_ROLLOUT = "greedy:0.2"
"""The rollout policy used by default: one-ply greedy, a random move one time in five. It won
the tournament at equal iterations and, in five of six tables, at equal time too
(``docs/search.md``, "Equal time"), so it is the default for `time_ms` budgets as well."""

DEFAULT_TREE: Tree = "history"
"""What a tree node stands for by default."""

DEFAULT_CHOOSE: Choose = "visits"
"""How the move is picked by default."""


@dataclass(frozen=True)
class ActionStats:
    """What the search learned about one root action."""

    action: int
    """The action id."""
    visits: int
    """Simulations that began with it."""
    mean_reward: tuple[float, ...]
    """Mean reward of every seat over those simulations (one entry per seat)."""


@dataclass(frozen=True)
class SearchResult:
    """The outcome of a search."""

    action: int
    """The chosen action (see `Choose`; the lowest id among equals)."""
    stats: tuple[ActionStats, ...]
    """Every root action tried, by ascending action id."""
    iterations: int
    """Simulations run (over all threads)."""

    def visit_share(self, action: int) -> float:
        """The share of root visits that went to `action` (0.0 if it was never tried)."""
        total = sum(s.visits for s in self.stats)
        for s in self.stats:
            if s.action == action and total:
                return s.visits / total
        return 0.0


def search(
    state: State,
    iterations: int | None = None,
    time_ms: int | None = None,
    threads: int = 1,
    seed: int = 0,
    exploration: float = DEFAULT_EXPLORATION,
    rollout: str = DEFAULT_ROLLOUT,
    reward: Reward = DEFAULT_REWARD,
    tree: Tree = DEFAULT_TREE,
    choose: Choose = DEFAULT_CHOOSE,
) -> SearchResult:
    """Searches `state` for the seat to act.

    Args:
        state: the position; it is not changed.
        iterations: total simulations (shared out over the threads). With neither this nor
            `time_ms`, 1000.
        time_ms: a wall-clock budget in milliseconds; with both, whichever ends first.
        threads: independent trees searched in parallel, their root statistics summed.
        seed: seeds every determinization, expansion and rollout (any int; taken modulo
            2**64).
        exploration: the UCB1 exploration constant.
        rollout: ``"greedy:EPS"`` (one-ply heuristic play, random with probability EPS; the
            default, stronger at equal iterations and, in most games, at equal time) or
            ``"random"`` (several times cheaper a simulation).
        reward: see `Reward`.
        tree: see `Tree`.
        choose: see `Choose`.

    Raises:
        ValueError: a finished game, or an option that cannot run (zero iterations or
            threads, a negative exploration constant, an unknown name).
    """
    action, stats, count = _core.mcts_search(
        state,
        iterations=iterations,
        time_ms=time_ms,
        threads=threads,
        seed=seed % _SEED_MODULUS,
        exploration=exploration,
        rollout=rollout,
        reward=reward,
        tree=tree,
        choose=choose,
    )
    return SearchResult(
        action=action,
        stats=tuple(
            ActionStats(action=s["action"], visits=s["visits"], mean_reward=tuple(s["mean_reward"]))
            for s in stats
        ),
        iterations=count,
    )
