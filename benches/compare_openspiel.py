"""Search speed beside OpenSpiel's: simulated actions per CPU second of craftgames' IS-MCTS
(default greedy and random rollouts, each game at 2 and 4 players) against OpenSpiel's C++
IS-MCTS on hearts (random rollouts), with the ratios.

    cargo build --release -p craftgames-core --example search_speed
    python benches/compare_openspiel.py [--seconds 0.5] [--out FILE]

A simulated action is one move applied on a determinization (a tree step or a rollout step).
OpenSpiel is measured on decision nodes only: its search starts after the deal, where every
simulation plays the rest of the hand (a fixed number of moves, checked below), so the count
is simulations times that number and its Python-side deal never enters the timing. craftgames is
measured by `examples/search_speed` (same count, from each game's opening) run back to back
with it; both are timed by CPU time (best of 3), so the ratio holds on a busy machine.
"""

from __future__ import annotations

import argparse
import datetime
import random
import subprocess
import sys
import time
from pathlib import Path

import pyspiel

ROOT = Path(__file__).resolve().parent.parent
SEARCH_SPEED = ROOT / "target" / "release" / "examples" / "search_speed"
SIMULATIONS = 1000


def hearts_after_deal(seed: int) -> pyspiel.State:
    """A hearts hand at its first decision: every chance outcome (passing direction, deal) drawn."""
    game = pyspiel.load_game("hearts")
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes = [a for a, _ in state.chance_outcomes()]
        state.apply_action(rng.choice(outcomes))
    return state


def moves_to_end(state: pyspiel.State, seed: int) -> int:
    """Decision moves from `state` to the end of the hand under random play."""
    rng = random.Random(seed)
    s = state.clone()
    moves = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
            moves += 1
    return moves


def openspiel_hearts(seconds: float) -> tuple[float, float]:
    """Best-of-3 simulated actions per CPU second and per wall second of OpenSpiel's IS-MCTS."""
    state = hearts_after_deal(0)
    lengths = {moves_to_end(state, s) for s in range(5)}
    assert len(lengths) == 1, f"hearts hand length is not fixed: {lengths}"
    per_simulation = lengths.pop()
    best_cpu = best_wall = 0.0
    for run in range(3):
        evaluator = pyspiel.RandomRolloutEvaluator(1, run)
        searches = 0
        cpu0, wall0 = time.process_time(), time.perf_counter()
        while time.process_time() - cpu0 < seconds:
            bot = pyspiel.ISMCTSBot(run * 1000 + searches, evaluator, 2.0, SIMULATIONS)
            bot.step(state)
            searches += 1
        cpu = time.process_time() - cpu0
        wall = time.perf_counter() - wall0
        actions = searches * SIMULATIONS * per_simulation
        best_cpu = max(best_cpu, actions / cpu)
        best_wall = max(best_wall, actions / wall)
    return best_cpu, best_wall


def craftgames(seconds: float) -> list[tuple[str, str, float, float]]:
    """(game, rollout, per CPU s, per wall s) from `examples/search_speed`."""
    if not SEARCH_SPEED.exists():
        sys.exit(
            f"{SEARCH_SPEED} is missing: cargo build --release -p craftgames-core "
            "--example search_speed"
        )
    out = subprocess.run(
        [str(SEARCH_SPEED), str(seconds)], check=True, capture_output=True, text=True
    ).stdout
    rows = []
    for line in out.splitlines()[2:]:
        parts = line.split()
        # "sunrise 2p default 1030227 700476 857cdea9a23cf3be"
        rows.append((f"{parts[0]} {parts[1]}", parts[2], float(parts[3]), float(parts[4])))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds a run")
    parser.add_argument("--out", type=Path, help="also write the table to this file")
    args = parser.parse_args()
    rows = craftgames(args.seconds)
    os_cpu, os_wall = openspiel_hearts(args.seconds)
    lines = [
        f"# {datetime.date.today().isoformat()}: simulated actions/s, best of 3 runs of "
        f"{args.seconds} s CPU, {SIMULATIONS} iterations a search",
        f"OpenSpiel C++ IS-MCTS, hearts 4p, random rollouts: {os_cpu:,.0f} per CPU s "
        f"({os_wall:,.0f} per wall s)",
        f"{'craftgames':<12} {'rollout':<8} {'per CPU s':>12} {'per wall s':>12} "
        f"{'ratio (CPU)':>12}",
    ]
    for game, rollout, cpu, wall in rows:
        lines.append(f"{game:<12} {rollout:<8} {cpu:>12,.0f} {wall:>12,.0f} {cpu / os_cpu:>12.2f}")
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
