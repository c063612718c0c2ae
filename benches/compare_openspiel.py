"""craftgames beside OpenSpiel, in one process: search speed, the Python-driven loop, and the
cost of each call a search or a learner makes, with the ratios.

- Search: simulated actions per CPU second of craftgames' IS-MCTS (default greedy and random
  rollouts, each game at 2 and 4 players) against OpenSpiel's C++ IS-MCTS on hearts (random
  rollouts).
- The Python loop: random moves driven from Python (`legal_actions`, `apply_action`), steps
  per CPU second, beside hearts driven the same way from its first decision; and craftgames'
  native random playouts (`random_playouts`) in nanoseconds per step.
- Per call, mid-game at 4 players (hearts: 20 cards into the hand): `clone`,
  `legal_actions`, `observation` (craftgames' dict; hearts has no observation, string or
  tensor), the observation tensor (beside OpenSpiel's information-state tensor),
  `information_state_string`, serializing (`to_json` / `serialize`) and a determinization
  (`resample_hidden` / `resample_from_infostate`).

    cargo build --release -p craftgames-core --example search_speed
    python benches/compare_openspiel.py [--seconds 0.5] [--out FILE]

A simulated action is one move applied on a determinization (a tree step or a rollout step).
OpenSpiel is measured on decision nodes only: its search starts after the deal, where every
simulation plays the rest of the hand (a fixed number of moves, checked below), so the count
is simulations times that number and its Python-side deal never enters the timing. craftgames is
measured by `examples/search_speed` (same count, from each game's opening), in turns with it
round after round; both are timed by CPU time and keep their best, so the ratio holds on a
busy machine.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyspiel

import craftgames
from craftgames import atomic

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


def craftgames_search(seconds: float) -> list[tuple[str, str, float, float]]:
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


def best_of_3(call: Callable[[], object], seconds: float) -> float:
    """CPU microseconds per `call`, best of 3 runs of about `seconds` each."""
    best = float("inf")
    for _ in range(3):
        calls = 0
        cpu0 = time.process_time()
        while (cpu := time.process_time() - cpu0) < seconds:
            for _ in range(50):
                call()
            calls += 50
        best = min(best, cpu / calls * 1e6)
    return best


def hearts_mid_hand() -> pyspiel.State:
    """Hearts at a decision 20 cards into the hand (after the deal and passes)."""
    state = hearts_after_deal(0)
    rng = random.Random(1)
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def craftgames_mid_game(game: str) -> craftgames.State:
    """`game` at 4 players after 100 random moves, at a decision."""
    state = craftgames.new_game(game, 4, seed=3)
    rng = random.Random(1)
    for _ in range(100):
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    return state


CALLS = ("clone", "legal_actions", "observation", "tensor", "info state", "serialize", "resample")


def openspiel_calls(seconds: float) -> dict[str, float]:
    """CPU µs per call of OpenSpiel's hearts, mid-hand (no observation: hearts has none)."""
    s = hearts_mid_hand()
    p = s.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    return {
        "clone": best_of_3(s.clone, seconds),
        "legal_actions": best_of_3(s.legal_actions, seconds),
        "tensor": best_of_3(lambda: s.information_state_tensor(p), seconds),
        "info state": best_of_3(lambda: s.information_state_string(p), seconds),
        "serialize": best_of_3(s.serialize, seconds),
        "resample": best_of_3(lambda: s.resample_from_infostate(p, sampler), seconds),
    }


def craftgames_calls(game: str, seconds: float) -> dict[str, float]:
    """CPU µs per call of craftgames' `game`, mid-game at 4 players."""
    s = craftgames_mid_game(game)
    p = s.current_player()
    return {
        "clone": best_of_3(s.clone, seconds),
        "legal_actions": best_of_3(s.legal_actions, seconds),
        "observation": best_of_3(lambda: s.observation(p), seconds),
        "tensor": best_of_3(lambda: s.observation_tensor(p), seconds),
        "info state": best_of_3(lambda: s.information_state_string(p), seconds),
        "serialize": best_of_3(s.to_json, seconds),
        "resample": best_of_3(lambda: s.resample_hidden(p, 7), seconds),
    }


def python_loop(new_state: Callable[[], Any], seconds: float) -> float:
    """Random steps per CPU second driven from Python (best of 3), games started anew."""
    best = 0.0
    for run in range(3):
        rng = random.Random(run)
        steps = 0
        cpu0 = time.process_time()
        while time.process_time() - cpu0 < seconds:
            state = new_state()
            while not state.is_terminal():
                if state.is_chance_node():  # OpenSpiel only: outside the count
                    state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                    continue
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        best = max(best, steps / (time.process_time() - cpu0))
    return best


class _Decisions:
    """A craftgames state seen through OpenSpiel's loop (it has no chance nodes)."""

    def __init__(self, state: craftgames.State) -> None:
        self.state = state

    @classmethod
    def new(cls, game: str) -> _Decisions:
        return cls(craftgames.new_game(game, 4, seed=1))

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def is_chance_node(self) -> bool:
        return False

    def legal_actions(self) -> list[int]:
        return self.state.legal_actions()

    def apply_action(self, action: int) -> None:
        self.state.apply_action(action)


def native_ns_per_step(game: str) -> float:
    """CPU ns per step of `random_playouts` at 4 players, best of 3 runs (steps counted by a
    Python replay of the same number of games, whose lengths average alike). A single run
    counted the first call's start-up (the card set read, the pages first touched) into
    whichever game went first."""
    games = 2000

    def run() -> float:
        cpu0 = time.process_time()
        craftgames.random_playouts(game, games, seed=1, players=4)
        return time.process_time() - cpu0

    cpu = min(run() for _ in range(3))
    rng = random.Random(0)
    steps = 0
    for seed in range(50):
        s = craftgames.new_game(game, 4, seed=seed)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            steps += 1
    return cpu / (games * steps / 50) * 1e9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds a run")
    parser.add_argument(
        "--rounds", type=int, default=3, help="turns of both engines' search runs (best kept)"
    )
    parser.add_argument("--out", type=Path, help="also write the table to this file")
    args = parser.parse_args()
    # The engines are measured in turns, round after round, and each keeps its best: a
    # shared machine's load drifts over a minute, and measuring one engine after the other
    # once put the drift into the ratios.
    best: dict[tuple[str, str], tuple[float, float]] = {}
    os_cpu = os_wall = 0.0
    for _ in range(args.rounds):
        cpu, wall = openspiel_hearts(args.seconds)
        os_cpu, os_wall = max(os_cpu, cpu), max(os_wall, wall)
        for game, rollout, cpu, wall in craftgames_search(args.seconds):
            old = best.get((game, rollout), (0.0, 0.0))
            best[(game, rollout)] = (max(old[0], cpu), max(old[1], wall))
    rows = [(game, rollout, cpu, wall) for (game, rollout), (cpu, wall) in best.items()]
    lines = [
        f"# {datetime.date.today().isoformat()}: simulated actions/s, best of 3 runs of "
        f"{args.seconds} s CPU in each of {args.rounds} rounds (the engines in turns), "
        f"{SIMULATIONS} iterations a search",
        f"OpenSpiel C++ IS-MCTS, hearts 4p, random rollouts: {os_cpu:,.0f} per CPU s "
        f"({os_wall:,.0f} per wall s)",
        f"{'craftgames':<12} {'rollout':<8} {'per CPU s':>12} {'per wall s':>12} "
        f"{'ratio (CPU)':>12}",
    ]
    for game, rollout, cpu, wall in rows:
        lines.append(f"{game:<12} {rollout:<8} {cpu:>12,.0f} {wall:>12,.0f} {cpu / os_cpu:>12.2f}")
    lines += [
        "",
        f"# Python-driven random play, steps per CPU s, best of 3 runs of {args.seconds} s",
    ]
    seconds = args.seconds
    hearts_loop = python_loop(lambda: hearts_after_deal(0), seconds)
    lines.append(f"{'OpenSpiel hearts 4p':<22} {hearts_loop:>12,.0f}  (decisions only)")
    for game in ("sunrise", "sorcery", "nijar"):
        loop = python_loop(functools.partial(_Decisions.new, game), seconds)
        lines.append(
            f"{'craftgames ' + game + ' 4p':<22} {loop:>12,.0f}  x{loop / hearts_loop:.2f};"
            f" native random_playouts {native_ns_per_step(game):,.0f} ns a step"
        )
    lines += ["", "# CPU µs per call, mid-game at 4 players, best of 3 (OpenSpiel / craftgames)"]
    theirs = openspiel_calls(args.seconds / 5)
    lines.append(f"{'':<18}" + "".join(f"{c:>16}" for c in CALLS))
    lines.append(
        f"{'OpenSpiel hearts':<18}"
        + "".join(f"{theirs[c]:>16.2f}" if c in theirs else f"{'—':>16}" for c in CALLS)
    )
    for game in ("sunrise", "sorcery", "nijar"):
        ours = craftgames_calls(game, args.seconds / 5)
        cells = "".join(
            f"{f'{ours[c]:.2f} ({theirs[c] / ours[c]:.1f}x)':>16}"
            if c in theirs
            else f"{ours[c]:>16.2f}"
            for c in CALLS
        )
        lines.append(f"{'craftgames ' + game:<18}" + cells)
    text = "\n".join(lines)
    print(text)
    if args.out:
        atomic.write_text(args.out, text + "\n")


if __name__ == "__main__":
    main()
