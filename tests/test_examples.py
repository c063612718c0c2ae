"""The learning example runs end to end (a few updates on a tiny batch; the real run's
figures are in examples/ppo/README.md). It runs in a process of its own, as a user runs it:
JAX's threads must not be in the test process, which forks arena workers later."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

if any(importlib.util.find_spec(m) is None for m in ("jax", "flax", "optax")):
    pytest.skip("the learn extra (jax, flax, optax) is not installed", allow_module_level=True)

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "ppo" / "train.py"


@pytest.mark.parametrize("game", ["sunrise", "nijar"])
def test_ppo_example_trains_and_evaluates_on_fixed_deals(game: str, tmp_path: Path) -> None:
    out = tmp_path / "ppo.json"
    argv = ["--game", game, "--iterations", "2", "--envs", "4", "--steps", "8"]
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), *argv, "--eval-games", "4", "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    result = json.loads(out.read_text())
    assert result["updates"] == 2 and result["decisions"] == 2 * 4 * 8
    for when in ("before", "after"):
        figures = result[when]
        assert figures["games"] == 4
        low, high = figures["win_rate_95"]
        assert low <= figures["win_rate"] <= high
    assert "untrained: win rate" in run.stdout and "trained:   win rate" in run.stdout


ALPHAZERO = EXAMPLE.parents[1] / "alphazero" / "train.py"
TINY = [
    "--iterations",
    "1",
    "--games-per-iteration",
    "2",
    "--simulations",
    "8",
    "--width",
    "16",
    "--train-steps",
    "2",
    "--eval-every",
    "1",
    "--eval-games",
    "2",
    "--eval-simulations",
    "8",
    "--final-games",
    "2",
]


@pytest.mark.parametrize(
    ("game", "players", "backend"),
    # The two backends, a game against opponents and a solo game (whose one "opponent" is
    # the game's own).
    [("sunrise", 2, "local"), ("nijar", 1, "ray")],
)
def test_alphazero_example_self_plays_learns_and_plays_the_default_search(
    game: str, players: int, backend: str, tmp_path: Path
) -> None:
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        pytest.skip("the ray extra is not installed")
    argv = ["--game", game, "--players", str(players), "--workers", "1", "--backend", backend]
    run = subprocess.run(
        [sys.executable, str(ALPHAZERO), *argv, *TINY, "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    result = json.loads((tmp_path / "result.json").read_text())
    assert result["iterations"] == 1 and result["games"] == 2
    curve = [json.loads(line) for line in (tmp_path / "curve.jsonl").read_text().splitlines()]
    # A point before training and one after the iteration, each against every opponent.
    assert [p["iteration"] for p in curve] == [0, 1]
    expected = ["solo"] if players == 1 else ["mcts:8", "greedy"]
    assert [m["opponent"] for m in curve[-1]["matches"]] == expected
    (final,) = result["final"]
    assert final["games"] == 2 and 0.0 <= final["win_rate"] <= 1.0
    assert (tmp_path / "checkpoint.npz").stat().st_size > 0
    if importlib.util.find_spec("matplotlib") is not None:
        assert (tmp_path / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "final: against" in run.stdout
    if players == 1:
        return
    # The checkpoint replays a match on its own, and refuses a game it was not trained on.
    evaluate = [
        sys.executable,
        str(ALPHAZERO.parent / "evaluate.py"),
        str(tmp_path / "checkpoint.npz"),
    ]
    match = tmp_path / "match.json"
    tiny = ["--games", "2", "--simulations", "8", "--workers", "1"]
    run = subprocess.run(
        [*evaluate, "--game", game, "--players", str(players), *tiny, "--out", str(match)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    played = json.loads(match.read_text())
    assert played["opponent"] == "mcts:8" and played["games"] == 2
    assert played["search"]["c_puct"] == 0.75 and "win rate" in run.stdout
    wrong = subprocess.run(
        [*evaluate, "--game", "nijar", "--players", str(players), *tiny],
        capture_output=True,
        text=True,
        check=False,
    )
    assert wrong.returncode == 2
    assert wrong.stderr.strip().splitlines()[-1].endswith("not trained on nijar with 2 players")


def test_alphazero_checkpoints_load_back_and_refuse_other_files(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-c", CHECKPOINT_ROUND_TRIP, str(tmp_path)],
        cwd=ALPHAZERO.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["same", "refused", "refused", "refused"]


CHECKPOINT_ROUND_TRIP = """
import sys
from pathlib import Path
import numpy as np
import jax
import net

folder = Path(sys.argv[1])
shape = net.Shape(observation=12, actions=5, players=3, width=8)
params = net.init(shape, seed=3)
net.save(folder / "a.npz", shape, params)
shape2, params2 = net.load(folder / "a.npz")
same = shape2 == shape and all(
    np.array_equal(x, y)
    for x, y in zip(jax.tree_util.tree_leaves(params), jax.tree_util.tree_leaves(params2))
)
print("same" if same else "different")
np.savez(folder / "b.npz", shape=np.array([12, 5, 3, 8]))
(folder / "c.npz").write_bytes(b"not a checkpoint")
(folder / "d.npz").write_bytes((folder / "a.npz").read_bytes()[:200])
for name in ("b.npz", "c.npz", "d.npz"):
    try:
        net.load(folder / name)
        print("loaded")
    except ValueError as e:
        print("refused" if name in str(e) else f"unnamed:{e}")
"""
