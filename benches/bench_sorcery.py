"""Benchmarks of Studies in Sorcery's Python-visible hot loop (pytest-benchmark), the twins of
rust/core/benches/sorcery_hot_loop.rs.

Run them with::

    pytest benches/bench_sorcery.py --benchmark-enable

Without ``--benchmark-enable`` each runs once as a smoke test. Targets (issue 7, section 5),
one core: random 4-player games from the Rust batch call >= 20,000 games/s; Python-driven
random play >= 330,000 steps/s; IS-MCTS >= 20,000 iterations/s from the 2-player opening.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from craftgames import State, mcts, sorcery

PLAYOUT_GAMES = 200
MCTS_ITERATIONS = 2000


def _report(benchmark: Any, capsys: pytest.CaptureFixture[str], name: str, per_call: float) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is None:  # --benchmark-disable: ran once, nothing timed
        return
    rate = per_call / stats.stats.mean
    benchmark.extra_info[name] = rate
    with capsys.disabled():
        print(f"\n{benchmark.name}: {rate:,.0f} {name}")


def _midgame() -> State:
    state = sorcery.new_game(players=4, seed=11)
    rng = random.Random(3)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _random_game(seed: int) -> int:
    state = sorcery.new_game(players=4, seed=seed)
    choice = random.Random(seed).choice
    legal, apply = state.legal_actions, state.apply_action
    steps = 0
    while not state.is_terminal():
        apply(choice(legal()))
        steps += 1
    return steps


def test_python_driven_random_play(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    steps = _random_game(1)
    benchmark(_random_game, 1)
    _report(benchmark, capsys, "steps/s", steps)


def test_random_playouts_batch(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    scores = benchmark(sorcery.random_playouts, PLAYOUT_GAMES, 0, 4)
    assert scores.shape == (PLAYOUT_GAMES, 4)
    _report(benchmark, capsys, "games/s", PLAYOUT_GAMES)


def test_clone_and_legal_actions(benchmark: Any) -> None:
    state = _midgame()
    benchmark(lambda: state.clone().legal_actions())


def test_resample_hidden(benchmark: Any) -> None:
    state = _midgame()
    seat = state.current_player()
    benchmark(state.resample_hidden, seat, 3)


def test_mcts_from_the_two_player_opening(
    benchmark: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    state = sorcery.new_game(players=2, seed=3)
    # Random rollouts: the speed target is the search's own cost per simulation, as for
    # Sunrise (the default greedy rollouts cost several times more, by design).
    benchmark(mcts.search, state, iterations=MCTS_ITERATIONS, seed=1, rollout="random")
    _report(benchmark, capsys, "iterations/s", MCTS_ITERATIONS)
