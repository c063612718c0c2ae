"""What the pytest-benchmark files share: a rate printed beside the timing, a 4-player game
played to the end from Python, and the mid-game state the per-call targets are stated for."""

from __future__ import annotations

import random
from typing import Any

import pytest

import craftgames
from craftgames import State


def report(benchmark: Any, capsys: pytest.CaptureFixture[str], name: str, per_call: float) -> None:
    """Records `per_call` units per second of the benchmark's mean and prints it."""
    stats = getattr(benchmark, "stats", None)
    if stats is None:  # --benchmark-disable: the function ran once, nothing was timed
        return
    rate = per_call / stats.stats.mean
    benchmark.extra_info[name] = rate
    with capsys.disabled():
        print(f"\n{benchmark.name}: {rate:,.0f} {name}")


def random_game(game: str, seed: int) -> int:
    """Plays a 4-player game of `game` to the end from Python; returns the number of steps."""
    state = craftgames.new_game(game, 4, seed)
    choice = random.Random(seed).choice
    legal, apply = state.legal_actions, state.apply_action
    steps = 0
    while not state.is_terminal():
        apply(choice(legal()))
        steps += 1
    return steps


def midgame(game: str, actions: int) -> State:
    """A 4-player game of `game` (seed 11) `actions` random actions in (random seed 3)."""
    state = craftgames.new_game(game, 4, 11)
    rng = random.Random(3)
    for _ in range(actions):
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    return state
