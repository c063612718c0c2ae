"""The arena: seeded, seat-rotated games whose results do not depend on --jobs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from craftgames.arena import play_game, run_arena, summarize
from craftgames.cli import main

SPECS = ["random", "greedy"]


def test_results_do_not_depend_on_the_number_of_jobs() -> None:
    one = run_arena("sunrise", SPECS, games=6, seed=3, jobs=1)
    two = run_arena("sunrise", SPECS, games=6, seed=3, jobs=2)
    assert one == two
    assert [r.index for r in one] == list(range(6))
    # A game is a function of the arena seed and its index alone.
    assert play_game("sunrise", SPECS, 3, 4) == one[4]


def test_seats_rotate_between_games() -> None:
    results = run_arena("sunrise", ["random", "random", "greedy"], games=6, seed=1)
    for r in results:
        # Agent k plays seat (k + i) % players in game i.
        assert [r.agents[(k + r.index) % 3] for k in range(3)] == [0, 1, 2]
    assert {r.agents.index(2) for r in results} == {0, 1, 2}


def test_summary_counts_wins_and_scores() -> None:
    results = run_arena("sunrise", SPECS, games=8, seed=5)
    summary = summarize(results, SPECS)
    assert sum(s.wins for s in summary) == 8
    for s in summary:
        assert s.games == 8
        assert s.ci_low <= s.win_rate <= s.ci_high
        scores = [r.scores[r.agents.index(s.agent)] for r in results]
        assert s.mean_score == pytest.approx(sum(scores) / 8)


def test_cli_prints_a_table_and_writes_one_json_line_per_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "arena.jsonl"
    argv = ["arena", "sunrise", "--seat", "random", "--seat", "greedy", "--games", "4"]
    assert main([*argv, "--seed", "2", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Win rate" in printed and "greedy" in printed and "95% CI" in printed
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["game"] for line in lines] == [0, 1, 2, 3]
    assert all(line["winner"] in SPECS for line in lines)


@pytest.mark.parametrize(
    "extra",
    [["--seat", "human"], ["--seat", "nonsense"], ["--games", "0"], ["--players", "3"]],
)
def test_cli_rejects_bad_arenas_with_exit_code_2(
    extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["arena", "sunrise", "--seat", "random", *extra])
    assert exc.value.code == 2
    assert "error" in capsys.readouterr().err


def test_a_solo_game_is_won_by_beating_the_built_in_opponent_not_by_sitting_alone() -> None:
    # Easy and Extra Hard robots: the same deals and bot, different options reach the games.
    easy = run_arena("sorcery", ["random"], games=6, seed=2, options={"difficulty": "easy"})
    hard = run_arena("sorcery", ["random"], games=6, seed=2, options={"difficulty": "extra-hard"})
    assert easy != hard
    for r in easy + hard:
        assert r.solo_margin is not None
        assert r.winner == (0 if r.solo_margin > 0 else None)
    summary = summarize(easy, ["random"])[0]
    assert summary.wins == sum(1 for r in easy if r.solo_margin is not None and r.solo_margin > 0)
    assert summary.mean_solo_margin == pytest.approx(
        sum(r.solo_margin or 0.0 for r in easy) / len(easy)
    )


def test_cli_passes_the_game_flags_and_reports_solo_wins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "solo.jsonl"
    argv = ["arena", "nijar", "--players", "1", "--seat", "random", "--games", "2"]
    assert main([*argv, "--difficulty", "expert", "--out", str(out)]) == 0
    assert "beat the game" in capsys.readouterr().out
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert all(line["solo_margin"] is not None for line in lines)
    assert all(line["winner"] == (None if line["solo_margin"] <= 0 else "random") for line in lines)


def test_cli_rejects_a_bad_game_option_with_exit_code_2(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "sorcery", "--players", "2", "--seat", "random", "--seat", "random"]
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--solo", "robot"])
    assert exc.value.code == 2
    assert "solo" in capsys.readouterr().err
