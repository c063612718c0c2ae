"""The batched environment's throughput: learner steps per second with observations and masks
written, at N = 1, 64 and 1024 games, against the PettingZoo env's loop.

    pytest benches/bench_vector.py --benchmark-enable     # pytest-benchmark
    python benches/bench_vector.py [--seconds S]          # the side-by-side table

Actions are the first legal one of each mask (`masks.argmax(axis=1)`), so the time is the
environment's: stepping, bots, observations, masks. Wall time and this process's CPU time are
both printed (the machine may be shared); "per core" divides steps by CPU seconds.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pytest
from benchkit import report

from craftgames.vector import VectorEnv

GAMES = (("sunrise", 2), ("sorcery", 2), ("nijar", 2))


def _steps(env: VectorEnv, calls: int) -> int:
    masks, step = env.masks, env.step
    for _ in range(calls):
        step(masks.argmax(axis=1))
    return calls * env.num_games


@pytest.mark.parametrize("num_games", [1, 64, 1024])
@pytest.mark.parametrize(("game", "players"), GAMES)
def test_vector_steps(
    benchmark: Any, capsys: pytest.CaptureFixture[str], game: str, players: int, num_games: int
) -> None:
    env = VectorEnv(game, players, num_games)
    env.reset(0)
    calls = max(1, 4096 // num_games)
    steps = benchmark(_steps, env, calls)
    report(benchmark, capsys, "learner steps/s", steps)


def pettingzoo_rate(game: str, players: int, seconds: float) -> tuple[float, float]:
    """Steps per wall second and per CPU second of the PettingZoo AEC loop."""
    from craftgames import pettingzoo

    env = pettingzoo.env(game, players)
    env.reset(seed=0)
    steps, wall, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            env.step(None if term or trunc else int(np.argmax(obs["action_mask"])))
            steps += 1
        env.reset()
    return steps / (time.perf_counter() - wall), steps / (time.process_time() - cpu)


def vector_rate(game: str, players: int, num_games: int, seconds: float) -> tuple[float, float]:
    """Steps per wall second and per CPU second of `VectorEnv` with `num_games` games."""
    env = VectorEnv(game, players, num_games)
    env.reset(0)
    steps, wall, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        steps += _steps(env, max(1, 1024 // num_games))
    return steps / (time.perf_counter() - wall), steps / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    print(f"{'game':<10}{'loop':<14}{'steps/s wall':>14}{'steps/s CPU':>14}{'x PettingZoo':>14}")
    for game, players in GAMES:
        pz_wall, pz_cpu = pettingzoo_rate(game, players, args.seconds)
        print(f"{game:<10}{'PettingZoo':<14}{pz_wall:>14,.0f}{pz_cpu:>14,.0f}{1:>14.1f}")
        for n in (1, 64, 1024):
            wall, cpu = vector_rate(game, players, n, args.seconds)
            print(
                f"{game:<10}{f'vector N={n}':<14}{wall:>14,.0f}{cpu:>14,.0f}{cpu / pz_cpu:>14.1f}"
            )


if __name__ == "__main__":
    main()
