"""Guided search's batched evaluation: leaves evaluated per second with a trivial numpy
evaluator at B = 1, 64 and 256 leaves a batch (2-player Sunrise), and the per-batch overhead.

    pytest benches/bench_guided.py --benchmark-enable     # pytest-benchmark
    python benches/bench_guided.py [--simulations S]      # the table, wall and CPU time, best of 5

A batch of B is B/8 games searched in lockstep with 8 simulations each in flight (B = 1: one
game, one simulation). The evaluator returns zeros and 0.5 (preallocated), so the time is the
search's: determinizations, tree walks, observation rows, the call into Python and back.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

# The floor is for one core: numpy's BLAS threads (unused by the trivial evaluator) would
# otherwise spin on the others and count in this process's CPU time.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np
import numpy.typing as npt
import pytest
from benchkit import report

import craftgames
from craftgames import guided

SHAPES = {1: (1, 1), 64: (8, 8), 256: (32, 8)}  # B -> (games, in flight per game)


class Trivial:
    """Answers every batch with zero logits and value 0.5, counting leaves and calls."""

    def __init__(self, actions: int) -> None:
        self.priors = np.zeros((256, actions), np.float32)
        self.values = np.full((256, 2), 0.5, np.float32)
        self.leaves = 0
        self.calls = 0

    def __call__(
        self, obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        b = len(obs)
        self.leaves += b
        self.calls += 1
        return self.priors[:b], self.values[:b]


def run(batch: int, simulations: int) -> Trivial:
    """One guided search of `batch`'s shape; returns the evaluator with its counts."""
    games, in_flight = SHAPES[batch]
    states = [craftgames.new_game("sunrise", 2, seed) for seed in range(games)]
    evaluator = Trivial(states[0].num_distinct_actions())
    guided.search_many(states, evaluator, simulations=simulations, in_flight=in_flight)
    return evaluator


@pytest.mark.parametrize("batch", [1, 64, 256])
def test_guided_leaves(benchmark: Any, capsys: pytest.CaptureFixture[str], batch: int) -> None:
    simulations = 400
    leaves = run(batch, simulations).leaves
    benchmark(run, batch, simulations)
    report(benchmark, capsys, "leaves/s", leaves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    # 400 a root: self-play budgets (examples/alphazero searches 200); deeper trees are
    # slower a leaf (their walks are longer and leave the cache), see docs/search/guided.md.
    parser.add_argument("--simulations", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=5, help="searches a row; the best is shown")
    args = parser.parse_args()
    print(
        f"{'B':>5}{'leaves':>10}{'batches':>9}{'leaves/s wall':>15}{'leaves/s CPU':>14}"
        f"{'µs/batch':>10}"
    )
    for batch in SHAPES:
        best: tuple[float, float, Trivial] | None = None
        for _ in range(args.repeat):
            wall, cpu = time.perf_counter(), time.process_time()
            ev = run(batch, args.simulations)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            if best is None or cpu < best[1]:
                best = (wall, cpu, ev)
        assert best is not None
        wall, cpu, ev = best
        print(
            f"{batch:>5}{ev.leaves:>10,}{ev.calls:>9,}{ev.leaves / wall:>15,.0f}"
            f"{ev.leaves / cpu:>14,.0f}{1e6 * wall / ev.calls:>10.1f}"
        )


if __name__ == "__main__":
    main()
