"""The numba loop over the C ABI against the Rust batch, per game (issue 9, section 3).

    pytest benches/bench_numba.py --benchmark-enable

Target: `numba_playouts.random_playouts` (compiled Python calling `cg_legal_actions` and
`cg_apply_action_unchecked` through cffi each step) within 1.5x of `craftgames.random_playouts`
(the same loop in Rust) on the same games. The checked variant (`cg_apply_action`, which
generates the legal actions a second time to validate) is measured for comparison.

Measured (4-player Sunrise, 500 games a round, a shared 2-core machine): numba unchecked
about 1.1x the Rust batch's time (1.12x at load 4; 1.04-1.23x by the minimum at load 7),
checked about 1.5x.
"""

from __future__ import annotations

from typing import Any

import pytest

import craftgames

pytest.importorskip("numba")
from craftgames import capi, numba_playouts

GAMES = 500
PLAYERS = 4


@pytest.fixture(scope="module", params=craftgames.GAMES)
def game(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


def test_rust_batch(benchmark: Any, game: str) -> None:
    scores = benchmark(craftgames.random_playouts, game, GAMES, 0, PLAYERS)
    assert scores.shape == (GAMES, PLAYERS)


def test_numba_loop_unchecked(benchmark: Any, game: str) -> None:
    setup = capi.Setup(game, PLAYERS)
    numba_playouts.random_playouts(setup, 1)  # compile outside the timing
    scores = benchmark(numba_playouts.random_playouts, setup, GAMES, 0)
    assert scores.shape == (GAMES, PLAYERS)


def test_numba_loop_checked(benchmark: Any, game: str) -> None:
    setup = capi.Setup(game, PLAYERS)
    numba_playouts.random_playouts(setup, 1, checked=True)
    scores = benchmark(numba_playouts.random_playouts, setup, GAMES, 0, checked=True)
    assert scores.shape == (GAMES, PLAYERS)
