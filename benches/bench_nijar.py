"""Benchmarks of Níjar's Python-visible hot loop (pytest-benchmark), the twins of
``rust/core/benches/nijar_hot_loop.rs``.

Run them with::

    pytest benches/bench_nijar.py --benchmark-enable

Without ``--benchmark-enable`` each runs once as a smoke test. Targets (issue 8, section 6),
one core: random_playouts of 4-player games >= 10,000 games/s; Python-driven random play
>= 330,000 steps/s; IS-MCTS >= 15,000 iterations/s from the 2-player opening.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from craftgames import State, mcts, nijar

PLAYOUT_GAMES = 200
MCTS_ITERATIONS = 2000


def _report(benchmark: Any, capsys: pytest.CaptureFixture[str], name: str, per_call: float) -> None:
    """Records `per_call` units per second of the benchmark's mean and prints it."""
    stats = getattr(benchmark, "stats", None)
    if stats is None:  # --benchmark-disable: the function ran once, nothing was timed
        return
    rate = per_call / stats.stats.mean
    benchmark.extra_info[name] = rate
    with capsys.disabled():
        print(f"\n{benchmark.name}: {rate:,.0f} {name}")


def _random_game(seed: int) -> int:
    """Plays a 4-player game to the end from Python; returns the number of steps."""
    state = nijar.new_game(players=4, seed=seed)
    choice = random.Random(seed).choice
    legal, apply = state.legal_actions, state.apply_action
    steps = 0
    while not state.is_terminal():
        apply(choice(legal()))
        steps += 1
    return steps


def _midgame() -> State:
    state = nijar.new_game(players=4, seed=11)
    rng = random.Random(3)
    for _ in range(120):
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    return state


def test_nijar_python_driven_random_playout(
    benchmark: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    steps = _random_game(1)
    assert steps > 0
    benchmark(_random_game, 1)
    _report(benchmark, capsys, "steps/s", steps)


def test_nijar_random_playouts_batch(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    scores = benchmark(nijar.random_playouts, PLAYOUT_GAMES, 0, 4)
    assert scores.shape == (PLAYOUT_GAMES, 4)
    _report(benchmark, capsys, "games/s", PLAYOUT_GAMES)


def test_nijar_clone_and_resample(benchmark: Any) -> None:
    state = _midgame()
    assert isinstance(benchmark(state.resample_hidden, 0, 1), State)


def test_nijar_observation_tensor(benchmark: Any) -> None:
    state = _midgame()
    tensor = benchmark(state.observation_tensor, 0)
    assert tensor.shape == (state.observation_tensor_size(),)


def test_nijar_ismcts_from_the_opening(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    state = nijar.new_game(players=2, seed=5)
    # Random rollouts: the speed target is the search's own cost per simulation, as for
    # Sunrise (the default greedy rollouts cost several times more, by design).
    result = benchmark(mcts.search, state, MCTS_ITERATIONS, rollout="random")
    assert result.action in state.legal_actions()
    _report(benchmark, capsys, "iterations/s", MCTS_ITERATIONS)
