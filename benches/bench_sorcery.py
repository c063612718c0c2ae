"""Benchmarks of Studies in Sorcery's Python-visible hot loop (pytest-benchmark), the twins of
rust/core/benches/sorcery_hot_loop.rs.

Run them with::

    pytest benches/bench_sorcery.py --benchmark-enable

Without ``--benchmark-enable`` each runs once as a smoke test. Targets (issue 7, section 5),
one core: random 4-player games from the Rust batch call >= 20,000 games/s; Python-driven
random play >= 330,000 steps/s; IS-MCTS >= 20,000 iterations/s from the 2-player opening.
"""

from __future__ import annotations

from typing import Any

import pytest
from benchkit import midgame, random_game, report

from craftgames import mcts, sorcery

PLAYOUT_GAMES = 200
MCTS_ITERATIONS = 2000


def test_python_driven_random_play(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    steps = random_game("sorcery", 1)
    benchmark(random_game, "sorcery", 1)
    report(benchmark, capsys, "steps/s", steps)


def test_random_playouts_batch(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    scores = benchmark(sorcery.random_playouts, PLAYOUT_GAMES, 0, 4)
    assert scores.shape == (PLAYOUT_GAMES, 4)
    report(benchmark, capsys, "games/s", PLAYOUT_GAMES)


def test_clone_and_legal_actions(benchmark: Any) -> None:
    state = midgame("sorcery", 60)
    benchmark(lambda: state.clone().legal_actions())


def test_observation(benchmark: Any) -> None:
    # Issue 21, section 3: <= 10 us mid-game at 4 players.
    state = midgame("sorcery", 100)
    obs = benchmark(state.observation, 0)
    assert obs["game"] == "sorcery"


def test_resample_hidden(benchmark: Any) -> None:
    state = midgame("sorcery", 60)
    seat = state.current_player()
    benchmark(state.resample_hidden, seat, 3)


def test_mcts_from_the_two_player_opening(
    benchmark: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    state = sorcery.new_game(players=2, seed=3)
    # Random rollouts: the speed target is the search's own cost per simulation, as for
    # Sunrise (the default greedy rollouts cost several times more, by design).
    benchmark(mcts.search, state, iterations=MCTS_ITERATIONS, seed=1, rollout="random")
    report(benchmark, capsys, "iterations/s", MCTS_ITERATIONS)
