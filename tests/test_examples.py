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
