"""The learning example runs end to end (a few updates on a tiny batch; the real run's
figures are in examples/ppo/README.md)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("jax")
pytest.importorskip("flax")
pytest.importorskip("optax")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "ppo" / "train.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ppo_train", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["sunrise", "nijar"])
def test_ppo_example_trains_and_evaluates_on_fixed_deals(game: str, tmp_path: Path) -> None:
    out = tmp_path / "ppo.json"
    argv = ["--game", game, "--iterations", "2", "--envs", "4", "--steps", "8"]
    assert _load().main([*argv, "--eval-games", "4", "--out", str(out)]) == 0
    result = json.loads(out.read_text())
    assert result["updates"] == 2 and result["decisions"] == 2 * 4 * 8
    for when in ("before", "after"):
        figures = result[when]
        assert figures["games"] == 4
        low, high = figures["win_rate_95"]
        assert low <= figures["win_rate"] <= high
