"""Benchmarks of the Python-visible hot loop (pytest-benchmark), the twins of the Rust benches.

Run them with::

    pytest benches --benchmark-enable

Without ``--benchmark-enable`` (the default in pyproject.toml) each runs once as a smoke test.
Targets (issue 2, section 6), one core: Python-driven random play >= 330,000 steps/s; on a
mid-game 4-player state clone() <= 0.6 us, legal_actions() <= 0.3 us, resample_hidden() <= 5 us,
observation_tensor() <= 2 us; random_playouts >= 20,000 games/s. Issue 9, section 5: on the same
state observation() <= 10 us (card ids plus the shared catalogue, no card text).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import benchkit
import pytest
from benchkit import random_game, report

from craftgames import State, sunrise

PLAYOUT_GAMES = 200


@pytest.fixture(scope="module")
def midgame() -> State:
    """A 4-player game 120 random actions in (the state the targets are stated for)."""
    return benchkit.midgame("sunrise", 120)


def test_python_driven_random_playout(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    steps = random_game("sunrise", 1)
    assert steps > 0
    benchmark(random_game, "sunrise", 1)
    report(benchmark, capsys, "steps/s", steps)


def test_clone(benchmark: Any, midgame: State) -> None:
    assert benchmark(midgame.clone).to_json() == midgame.to_json()


def test_legal_actions(benchmark: Any, midgame: State) -> None:
    assert benchmark(midgame.legal_actions) == midgame.legal_actions()


def test_resample_hidden(benchmark: Any, midgame: State) -> None:
    assert isinstance(benchmark(midgame.resample_hidden, 0, 1), State)


def test_observation_tensor(benchmark: Any, midgame: State) -> None:
    tensor = benchmark(midgame.observation_tensor, 0)
    assert tensor.shape == (midgame.observation_tensor_size(),)


def test_observation(benchmark: Any, midgame: State) -> None:
    obs = benchmark(midgame.observation, 0)
    assert obs["cards"] is sunrise.cards()
    assert len(obs["players"]) == 4


def test_apply_action_on_a_clone(benchmark: Any, midgame: State) -> None:
    action = midgame.legal_actions()[0]

    def step() -> State:
        state = midgame.clone()
        state.apply_action(action)
        return state

    assert benchmark(step).history()[-1] == action


def test_random_playouts_batch(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    scores = benchmark(sunrise.random_playouts, PLAYOUT_GAMES, 0, 4)
    assert scores.shape == (PLAYOUT_GAMES, 4)
    report(benchmark, capsys, "games/s", PLAYOUT_GAMES)


def _steps_per_second(play: Callable[[int], int], seconds: float = 1.0) -> float:
    steps, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += play(seed)
        seed += 1
    return steps / (time.perf_counter() - start)


def test_compare_with_openspiel_hearts(capsys: pytest.CaptureFixture[str]) -> None:
    """Runs pyspiel's hearts random loop in this process and prints the ratio (if installed)."""
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("hearts")

    def hearts(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    ours = _steps_per_second(lambda seed: random_game("sunrise", seed))
    theirs = _steps_per_second(hearts)
    assert ours > 0 and theirs > 0
    with capsys.disabled():
        print(
            f"\nPython-driven random play: craftgames sunrise {ours:,.0f} steps/s, "
            f"pyspiel hearts {theirs:,.0f} steps/s, ratio {ours / theirs:.2f}"
        )
