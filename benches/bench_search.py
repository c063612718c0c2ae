"""IS-MCTS from Python (pytest-benchmark), the twin of rust/core/benches/search.rs.

Run them with::

    pytest benches/bench_search.py --benchmark-enable

Each measures a whole search of `ITERATIONS` simulations from the opening and prints
iterations per second; the gap to the criterion figures is the cost of the binding (copying
the state, converting the statistics). Target (issue 3, section 4): >= 25,000 iterations/s for
2-player Sunrise on one thread with random rollouts. The option sets compare the cost of a
simulation under the variants of the search tournament (benches/search_tournament.py): the
tournament fixes iterations, so a slower simulation is a price it does not show.
"""

from __future__ import annotations

from typing import Any

import pytest

from craftgames import sunrise
from craftgames.mcts import search

ITERATIONS = 2_000

OPTIONS: dict[str, dict[str, Any]] = {
    "defaults": {},
    "old-defaults": {"reward": "rank", "exploration": 0.7, "rollout": "random"},
    "infoset": {"tree": "infoset"},
}


@pytest.mark.parametrize(("players", "threads"), [(2, 1), (2, 2), (4, 1)])
def test_mcts_iterations_per_second(
    benchmark: Any, capsys: pytest.CaptureFixture[str], players: int, threads: int
) -> None:
    state = sunrise.new_game(players=players, seed=1)
    result = benchmark(
        search, state, iterations=ITERATIONS, threads=threads, seed=1, rollout="random"
    )
    assert result.iterations == ITERATIONS
    report(benchmark, capsys)


@pytest.mark.parametrize("variant", sorted(OPTIONS))
def test_mcts_variant_iterations_per_second(
    benchmark: Any, capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    state = sunrise.new_game(players=2, seed=1)
    result = benchmark(search, state, iterations=ITERATIONS, seed=1, **OPTIONS[variant])
    assert result.iterations == ITERATIONS
    report(benchmark, capsys)


def report(benchmark: Any, capsys: pytest.CaptureFixture[str]) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is None:  # --benchmark-disable: it ran once as a smoke test, nothing was timed
        return
    rate = ITERATIONS / stats.stats.mean
    benchmark.extra_info["iterations/s"] = rate
    with capsys.disabled():
        print(f"\n{benchmark.name}: {rate:,.0f} iterations/s")
