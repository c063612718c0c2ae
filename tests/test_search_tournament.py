"""The search tournament script (benches/search_tournament.py): seats, resuming, statistics."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCHES = Path(__file__).resolve().parents[1] / "benches"
sys.path.insert(0, str(BENCHES))

import search_tournament as st  # noqa: E402
from tournament_stats import bradley_terry, wilson  # noqa: E402


def test_seats_alternate_and_rotate_on_the_same_deal() -> None:
    base = dict(game="sunrise", budget=10, seed=1, a="A", b="B", a_options="", b_options="")
    two = [[n for n, _ in st.seat_specs(st.Task(players=2, k=k, **base))] for k in range(2)]
    assert two == [["A", "B"], ["B", "A"]]
    four = [[n for n, _ in st.seat_specs(st.Task(players=4, k=k, **base))] for k in range(2)]
    assert four == [["A", "B", "A", "B"], ["B", "A", "B", "A"]]
    assert st.spec_of("reward=margin", 300) == "mcts:300:reward=margin"
    assert st.spec_of("mcts:50:c=1", 300) == "mcts:50:c=1"
    assert st.spec_of("greedy", 300) == "greedy"


def test_a_run_writes_every_game_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t.jsonl"
    argv = ["--budget", "8", "--games", "2", "--variant", "a=c=0.3", "--variant", "b=greedy"]
    assert st.main([*argv, "--out", str(out)]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 2
    assert records[0]["deal"] == records[1]["deal"]  # one deal, both seatings
    assert records[0]["seats"] == ["a", "b"] and records[1]["seats"] == ["b", "a"]
    assert all(r["winner"] in ("a", "b") for r in records)
    table = out.with_suffix(".md").read_text()
    assert "| a | b | 2 |" in table and "Bradley-Terry" in table
    capsys.readouterr()
    assert st.main([*argv, "--out", str(out)]) == 0
    assert "2 games, 0 to play" in capsys.readouterr().out
    assert len(out.read_text().splitlines()) == 2


def test_a_bad_variant_fails_before_any_game(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="reward"):
        st.main(["--variant", "a=reward=best", "--variant", "b=", "--out", str(tmp_path / "x")])
    assert not (tmp_path / "x").exists()


def test_wilson_and_bradley_terry() -> None:
    low, high = wilson(143, 200)
    assert 0.64 < low < 0.65 and 0.77 < high < 0.78  # the new-vs-old figure in the README
    assert wilson(0, 0) == (0.0, 1.0)
    # a beats b 3:1 and b beats c 3:1: the ratings are ordered and a-b ≈ b-c.
    elo = bradley_terry(
        ["a", "b", "c"], {("a", "b"): 30, ("b", "a"): 10, ("b", "c"): 30, ("c", "b"): 10}
    )
    assert elo["a"] > elo["b"] > elo["c"]
    assert abs((elo["a"] - elo["b"]) - (elo["b"] - elo["c"])) < 1
    assert abs(sum(elo.values())) < 1e-6
