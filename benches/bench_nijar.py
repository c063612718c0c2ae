"""Benchmarks of Níjar's Python-visible hot loop (pytest-benchmark), the twins of
``rust/core/benches/nijar_hot_loop.rs``.

Run them with::

    pytest benches/bench_nijar.py --benchmark-enable

Without ``--benchmark-enable`` each runs once as a smoke test. Targets (issue 8, section 6),
one core: random_playouts of 4-player games >= 10,000 games/s; Python-driven random play
>= 330,000 steps/s; IS-MCTS >= 15,000 iterations/s from the 2-player opening.
"""

from __future__ import annotations

from typing import Any

import pytest
from benchkit import midgame, random_game, report

from craftgames import State, mcts, nijar

PLAYOUT_GAMES = 200
MCTS_ITERATIONS = 2000


def test_nijar_python_driven_random_playout(
    benchmark: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    steps = random_game("nijar", 1)
    assert steps > 0
    benchmark(random_game, "nijar", 1)
    report(benchmark, capsys, "steps/s", steps)


def test_nijar_random_playouts_batch(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    scores = benchmark(nijar.random_playouts, PLAYOUT_GAMES, 0, 4)
    assert scores.shape == (PLAYOUT_GAMES, 4)
    report(benchmark, capsys, "games/s", PLAYOUT_GAMES)


def test_nijar_clone_and_resample(benchmark: Any) -> None:
    state = midgame("nijar", 120)
    assert isinstance(benchmark(state.resample_hidden, 0, 1), State)


def test_nijar_observation_tensor(benchmark: Any) -> None:
    state = midgame("nijar", 120)
    tensor = benchmark(state.observation_tensor, 0)
    assert tensor.shape == (state.observation_tensor_size(),)


def test_nijar_observation(benchmark: Any) -> None:
    # Issue 21 §3: <= 10 µs a call mid-game at 4 players (the card dicts are built once per
    # card set and shared by every observation).
    state = midgame("nijar", 120)
    obs = benchmark(state.observation, 0)
    assert obs["game"] == "nijar" and len(obs["players_view"]) == 4


def test_nijar_ismcts_from_the_opening(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    state = nijar.new_game(players=2, seed=5)
    # Random rollouts: the speed target is the search's own cost per simulation, as for
    # Sunrise (the default greedy rollouts cost several times more, by design).
    result = benchmark(mcts.search, state, MCTS_ITERATIONS, rollout="random")
    assert result.action in state.legal_actions()
    report(benchmark, capsys, "iterations/s", MCTS_ITERATIONS)
