"""craftgames.vector beside pgx (JAX, on the CPU): learner steps per second with observations
and legal-action masks, at N = 1, 64 and 1024 games stepped together.

    pip install pgx        # not a dependency of craftgames: only this script needs it
    python benches/compare_pgx.py [--seconds S]

pgx has none of our games; its nearest kin are taken: Sparrow Mahjong (3 players, hidden
hands, a shuffled wall) and Backgammon (2 players, dice as chance). Both sides play the first
legal action of each game's mask (`argmax`), so the time is the environment's, and every
finished game is dealt anew inside the step (`VectorEnv` does it itself, pgx through
`pgx.experimental.auto_reset`). pgx is timed two ways: one jitted, vmapped step per Python
call (what a Python learner loop does, as with `VectorEnv.step`), and 64 steps fused into one
`jax.lax.scan` (pgx's best case: no Python between steps). Wall time and this process's CPU
time (every thread: XLA's pool included) are printed; rates are steps per CPU second.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import bench_vector
import numpy as np

FUSED = 64  # steps per call in pgx's fused loop


def timed(run: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Steps per wall second and per CPU second of calling `run` (returns steps) for
    `seconds`, after one warm-up call (JIT compilation is not timed)."""
    run()
    steps, wall, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        steps += run()
    return steps / (time.perf_counter() - wall), steps / (time.process_time() - cpu)


def pgx_runs(name: str, num_games: int) -> tuple[Callable[[], int], Callable[[], int]]:
    """`(one step a call, FUSED steps a call)` over `num_games` games of pgx's `name`."""
    import jax
    import jax.numpy as jnp
    import pgx
    from pgx.experimental import auto_reset

    env = pgx.make(name)
    step = jax.vmap(auto_reset(env.step, env.init))
    keys = jax.random.split(jax.random.PRNGKey(0), num_games)
    state = jax.jit(jax.vmap(env.init))(keys)

    def first_legal(state: pgx.State, key: jax.Array) -> tuple[pgx.State, jax.Array]:
        key, sub = jax.random.split(key)
        action = jnp.argmax(state.legal_action_mask, axis=1)
        return step(state, action, jax.random.split(sub, num_games)), key

    one = jax.jit(first_legal)

    @jax.jit
    def fused(state: pgx.State, key: jax.Array) -> tuple[pgx.State, jax.Array]:
        def body(
            carry: tuple[pgx.State, jax.Array], _: None
        ) -> tuple[tuple[pgx.State, jax.Array], None]:
            return first_legal(*carry), None

        carry, _ = jax.lax.scan(body, (state, key), None, length=FUSED)
        return carry

    carry = [state, jax.random.PRNGKey(1)]

    def run_one() -> int:
        carry[0], carry[1] = one(carry[0], carry[1])
        # Observations and masks on the host, as a learner reading them would have them.
        np.asarray(carry[0].observation), np.asarray(carry[0].legal_action_mask)
        return num_games

    def run_fused() -> int:
        carry[0], carry[1] = fused(carry[0], carry[1])
        np.asarray(carry[0].observation), np.asarray(carry[0].legal_action_mask)
        return num_games * FUSED

    return run_one, run_fused


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    print(f"{'engine':<12}{'game':<22}{'N':>6}{'steps/s wall':>14}{'steps/s CPU':>14}")
    rows: list[tuple[str, str, int, float, float]] = []
    for game, players in bench_vector.GAMES:
        for n in (1, 64, 1024):
            wall, cpu = bench_vector.vector_rate(game, players, n, args.seconds)
            rows.append(("craftgames", f"{game} {players}p", n, wall, cpu))
            print(f"{rows[-1][0]:<12}{rows[-1][1]:<22}{n:>6}{wall:>14,.0f}{cpu:>14,.0f}")
    for name in ("sparrow_mahjong", "backgammon"):
        for n in (1, 64, 1024):
            run_one, run_fused = pgx_runs(name, n)
            for how, run in (("step", run_one), (f"scan {FUSED}", run_fused)):
                wall, cpu = timed(run, args.seconds)
                rows.append((f"pgx {how}", name, n, wall, cpu))
                print(f"{rows[-1][0]:<12}{name:<22}{n:>6}{wall:>14,.0f}{cpu:>14,.0f}")
    ours = max(cpu for engine, _, _, _, cpu in rows if engine == "craftgames")
    theirs = max(cpu for engine, _, _, _, cpu in rows if engine != "craftgames")
    ratio = ours / theirs
    print(f"\nbest per CPU second: craftgames {ours:,.0f}, pgx {theirs:,.0f} ({ratio:.1f}x)")


if __name__ == "__main__":
    main()
