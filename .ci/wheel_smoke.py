"""Smoke test of an installed craftgames wheel (run by .ci/run in a fresh venv, with no Rust
toolchain on PATH): every game and mode played to the end, one search, and the CLI."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys

import craftgames
from craftgames import mcts

assert shutil.which("cargo") is None and shutil.which("rustc") is None, "Rust is on PATH"
assert "site-packages" in craftgames.__file__, craftgames.__file__

games = [
    ("sunrise", 2, {}),
    ("sunrise", 4, {}),
    ("sorcery", 2, {"staffs": True}),
    ("sorcery", 1, {"solo": "robot", "difficulty": "hard"}),
    ("nijar", 3, {}),
    ("nijar", 1, {"difficulty": "expert"}),
]
for game, players, options in games:
    state = craftgames.new_game(game, players, 7, **options)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    print(f"{game} {players}p {options or ''}: scores {state.scores()}")

searched = mcts.search(craftgames.new_game("sunrise", 2, 3), iterations=200, seed=0)
print("search:", searched.action, "after", searched.iterations, "iterations")

cli = [sys.executable, "-m", "craftgames.cli", "play", "nijar", "--players", "2", "--seed", "1"]
out = subprocess.run(
    [*cli, "--seat", "random", "--seat", "greedy", "--quiet"],
    check=True,
    capture_output=True,
    text=True,
).stdout
assert out.strip(), "the CLI printed nothing"
print("cli:", out.strip().splitlines()[-1])
print(f"wheel smoke test passed on Python {sys.version.split()[0]}")
